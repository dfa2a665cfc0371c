// Talking to the server during a deal: the person's move posted, the answer taken in and the
// computers' turns animated. Every change of the table's state is an action of state.js; this
// module says what happens (the screen reader's words, the pace, the focus).

import * as api from "./api.js";
import * as actions from "./state.js";
import { state, render } from "./state.js";
import { t } from "./i18n.js";
import { announce, nextClick, sleep } from "./dom.js";
import { focusFirstControl } from "./keyboard.js";
import { bubbleToken, cardLabel } from "./names.js";
import { playerLevel } from "./settings.js";
import { announceEvent, resultHeadline, trickText, yourTurnText } from "./speech.js";
import { errorText } from "./table.js";

/** The person's move on its way (state.js send has checked it and drawn the table): said when it
 * is a card, posted, and the answer taken in; a failure puts `before` back. */
export async function exchange(tokens, before) {
  if (before.phase === "play" && state.view !== before) announce(t("announce.youPlay", { card: cardLabel(tokens[0]) }));
  try {
    const data = await api.act(state.record, state.humanSeat, tokens, playerLevel());
    await receive(data, before);
  } catch (err) {
    fail(err, before);
  }
}

/** A request failed: the table says so (in the person's language, from the error's code). */
export function fail(err, before = undefined) {
  actions.failed(err, before);
  announce(errorText(state.error));
  render();
}

/** The server's answer `data` ({record, view, events}) saved, animated from `before` (the view
 * shown when the person moved; null: no animation) and drawn. */
export async function receive(data, before) {
  if (!actions.receive(data, before, bubbleToken)) return; // refused (another tab's newer state): the page reloads, busy
  const events = data.events ?? [];
  if (state.animating) await animate(events);
  else for (const ev of events) if (actions.SAID.includes(ev.kind)) announceEvent(ev);
  actions.shown(data.view);
  const v = state.view;
  if (v.phase === "result") announce(resultHeadline(v.result).text);
  else if (v.to_act === state.humanSeat) announce(yourTurnText(v));
  render();
  if (v.phase === "result") {
    document.querySelector(".result-panel")?.focus?.();
  } else if (v.to_act === state.humanSeat && !document.activeElement?.closest?.(".overlay")) {
    focusFirstControl();
  }
}

async function animate(events) {
  for (const ev of events) {
    actions.eventSeat(ev);
    if (ev.kind === "card") {
      actions.cardShown(ev);
      render();
      await sleep(state.settings.cardMs);
    } else if (ev.kind === "trick") {
      announce(trickText(ev));
      if (state.settings.trickWait === "click") {
        actions.waitForClick(true);
        render();
        await nextClick();
        actions.waitForClick(false);
      } else {
        render();
        await sleep(state.settings.trickMs);
      }
      actions.trickTaken(ev.winner);
      render();
      await sleep(Math.min(280, state.settings.trickMs));
      actions.trickCleared();
      render();
    } else {
      if (ev.seat !== null && ev.seat !== undefined) actions.setBubble(ev.seat, bubbleToken(ev));
      announceEvent(ev);
      render();
      await sleep(state.settings.callMs);
    }
  }
}
