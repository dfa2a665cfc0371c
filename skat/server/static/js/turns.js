// Talking to the server during a deal: sending the person's actions, saving the answer,
// animating the computers' turns.

import * as api from "./api.js";
import * as storage from "./store.js";
import * as sheet from "./sheet.js";
import { t } from "./i18n.js";
import { announce, nextClick, sleep } from "./dom.js";
import { focusFirstControl } from "./keyboard.js";
import { bubbleToken, cardLabel } from "./names.js";
import { mayAct, persist } from "./noticebar.js";
import { afterAction } from "./notices.js";
import { playerLevel } from "./settings.js";
import { announceEvent, resultHeadline, trickText, yourTurnText } from "./speech.js";
import { bubblesFromCalls, errorParams, setBubble } from "./table.js";
import { noteUsed } from "./assist.js";

let app = null; // the table's state (app.js)
let ctx = null; // {app, render, send, startDeal}, given by app.js

/** Takes the table's state and its verbs from app.js, once at the start. */
export function connect(given) {
  ctx = given;
  app = given.app;
}

export async function send(actions) {
  if (app.busy || app.animating) return;
  // an old copy of the game (another tab has played on): its move is not sent, so that it can
  // neither overwrite the newer game nor show what another choice would have brought
  if (storage.stale()) {
    storage.reloadNewer("refused");
    return;
  }
  // what only told what had happened has been read; taken first, so that what this action's
  // own save says ("there is room again") stays
  app.notice = afterAction(app.notice);
  if (!mayAct()) return;
  const before = app.view;
  app.busy = true;
  app.error = null;
  if (before.phase === "play" && /^[CSHD][AKQJT987]$/.test(actions[0])) {
    // The chosen card leaves the hand at once; the server's answer confirms it (a claim, CL or
    // CD, waits for the server's check).
    const card = actions[0];
    app.view = { ...before, hand: (before.hand ?? []).filter((c) => c !== card) };
    announce(t("announce.youPlay", { card: cardLabel(card) }));
  }
  ctx.render();
  try {
    const data = await api.act(app.record, app.humanSeat, actions, playerLevel());
    await receive(data, before);
  } catch (err) {
    app.view = before;
    fail(err);
  }
}

export function fail(err) {
  app.busy = false;
  app.animating = false;
  app.error = { code: err.code ?? "network", message: err.message ?? "", line: err.line ?? null };
  if (err.line && app.record) {
    // a refused claim's line shows cards the person does not see: marked on the sheet's row
    noteUsed("claim");
    saveCurrent();
  }
  announce(t("error." + app.error.code, errorParams(app.error), t("error.generic", { message: app.error.message || app.error.code })));
  ctx.render();
}

function saveCurrent() {
  app.store.current = { record: app.record, human_seat: app.humanSeat, practice: app.practice, series_id: app.seriesId, assisted: app.assisted };
  // A deal of the series waits on its series until it is played out, so that practice in
  // between (a typed number, a replay) does not lose it and "New deal" takes it up again.
  const series = app.store.series;
  if (!app.practice && series && series.id === app.seriesId) series.open = { record: app.record, human_seat: app.humanSeat, assisted: app.assisted };
  persist();
}

/** Writes a finished deal on the sheet of the series (once; not for practice deals). */
export function writeOnSheet(view) {
  const series = app.store.series;
  if (app.practice || !series || view.phase !== "result" || !view.result) return;
  // a deal dealt for another series (one imported or begun since) is not written on this one
  if (app.seriesId && series.id !== app.seriesId) return;
  // While it is played a deal waits on its series (saveCurrent); one that does not wait there any
  // more is on the sheet already, even when its row's record has been damaged since.
  if (!series.open) return;
  delete series.open; // played out
  if (!series.deals.some((d) => d.record === app.record) && !sheet.isComplete(series)) {
    const row = sheet.sheetDeal(view, app.record, app.humanSeat);
    if (app.assisted?.length) row.assisted = app.assisted.slice(); // a hint or undo was used (assist.js)
    series.deals.push(row);
  }
  persist();
}

export async function receive(data, before) {
  app.record = data.record;
  app.humanSeat = data.view.human;
  saveCurrent();
  if (storage.stale()) return; // refused (another tab's newer state): the page reloads, busy
  app.busy = false;
  const events = data.events ?? [];
  if (before && events.length) {
    app.animating = true;
    app.shownPhase = before.phase;
    app.shownToAct = before.to_act;
    app.displayTrick = (before.trick ?? []).slice();
    app.displayTricks = (before.tricks ?? [0, 0, 0]).slice();
    app.view = { ...data.view, hand: data.view.hand };
    await animate(events);
  } else {
    if (!events.length) bubblesFromCalls(data.view);
    for (const ev of events) {
      if (["call", "declare", "skat", "push", "exchange", "other"].includes(ev.kind)) {
        setBubble(ev.seat, bubbleToken(ev));
        announceEvent(ev);
      }
    }
    app.view = data.view;
  }
  app.animating = false;
  app.trickTaken = null;
  app.view = data.view;
  if (app.view.phase === "play" && (app.view.trick ?? []).length === 0 && app.view.last_trick) {
    // In play the bubbles of the auction have said what they had to say once the first trick is
    // taken; until then they stay, also while the person is to lead it.
    for (const seat of [0, 1, 2]) if (!app.bubbles[seat]?.startsWith?.("!")) delete app.bubbles[seat];
  }
  if (app.view.phase === "result") {
    writeOnSheet(app.view);
    // what was said about the deal in progress is over with it (it is played to its end now)
    if (["finish-first", "number-waits"].includes(app.notice?.kind)) app.notice = null;
    announce(resultHeadline(app.view.result).text);
  } else if (app.view.to_act === app.humanSeat) {
    announce(yourTurnText(app.view));
  }
  ctx.render();
  if (app.view.phase === "result") {
    document.querySelector(".result-panel")?.focus?.();
  } else if (app.view.to_act === app.humanSeat && !document.activeElement?.closest?.(".overlay")) {
    focusFirstControl();
  }
}

async function animate(events) {
  for (const ev of events) {
    app.shownToAct = ev.seat;
    if (ev.kind === "card") {
      if (app.displayTrick.length === 3) app.displayTrick = [];
      app.displayTrick.push({ seat: ev.seat, card: ev.action });
      app.freshCard = ev.action;
      app.shownPhase = "play";
      ctx.render();
      await sleep(app.settings.cardMs);
    } else if (ev.kind === "trick") {
      app.shownToAct = null;
      announce(trickText(ev));
      if (app.settings.trickWait === "click") {
        app.waitingClick = true;
        ctx.render();
        await nextClick();
        app.waitingClick = false;
      } else {
        ctx.render();
        await sleep(app.settings.trickMs);
      }
      app.trickTaken = ev.winner;
      app.displayTricks[ev.winner] += 1;
      ctx.render();
      await sleep(Math.min(280, app.settings.trickMs));
      app.trickTaken = null;
      app.displayTrick = [];
      app.bubbles = {};
      ctx.render();
    } else {
      if (ev.seat !== null && ev.seat !== undefined) setBubble(ev.seat, bubbleToken(ev));
      announceEvent(ev);
      ctx.render();
      await sleep(app.settings.callMs);
    }
  }
}
