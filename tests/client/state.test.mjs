// The owner of the client's state (skat/server/static/js/state.js, and panelstate.js for the
// layers and panels over the table): its actions, run without a browser, and the rule that no
// other module writes the state.

import "./setup.mjs";
import { JS } from "./setup.mjs";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";

const actions = await import(new URL("state.js", JS));
const panels = await import(new URL("panelstate.js", JS));
const storage = await import(new URL("store.js", JS));
const { state } = actions;

const RECORD = "(;GM[Skat]DN[42];)";
const SERIES_ID = "2026-12-01T10:00:00.000Z";
/** The owner's modules: the only ones that write the state. */
const OWNER = ["state.js", "panelstate.js"];

/** A page just opened with an empty store; `hooks` stand in for what app.js hands the owner. */
function fresh(hooks = {}) {
  localStorage.clear();
  const { store } = storage.load();
  actions.loaded(store, { options: {}, cardMs: 0, callMs: 0, trickMs: 0 });
  const calls = { render: 0, exchange: [], heed: [] };
  actions.connect({
    render: () => (calls.render += 1),
    exchange: async (tokens, before) => calls.exchange.push({ tokens, before, shown: state.view }),
    mayAct: () => true,
    heed: (outcome) => calls.heed.push(outcome),
    ...hooks,
  });
  return calls;
}

function playView(extra = {}) {
  return { human: 0, phase: "play", to_act: 0, hand: ["CJ", "SA", "H7"], legal: ["CJ", "SA", "H7"], trick: [], tricks: [0, 0, 0], calls: [], ...extra };
}

function stored() {
  return JSON.parse(localStorage.getItem(storage.STORE_KEY));
}

test("send takes the card out of the shown hand at once and hands the move on with the view before it", async () => {
  const calls = fresh();
  const before = playView();
  actions.receive({ record: RECORD, view: before, events: [] }, null, (ev) => ev.action);
  actions.shown(before);
  await actions.send(["SA"]);
  assert.equal(calls.exchange.length, 1);
  const [sent] = calls.exchange;
  assert.deepEqual(sent.tokens, ["SA"]);
  assert.equal(sent.before, before);
  assert.deepEqual(sent.shown.hand, ["CJ", "H7"]);
  assert.equal(state.busy, true);
  assert.ok(calls.render >= 1, "the table is drawn before the request goes");
});

test("send refuses a move while a request is on its way or the computers' turns are shown", async () => {
  for (const field of ["busy", "animating"]) {
    const calls = fresh();
    actions.receive({ record: RECORD, view: playView(), events: [] }, null, (ev) => ev.action);
    actions.shown(playView());
    if (field === "busy") actions.requestStarted();
    else actions.receive({ record: RECORD, view: playView(), events: [{ kind: "card", seat: 1, action: "CA" }] }, playView(), (ev) => ev.action);
    await actions.send(["SA"]);
    assert.equal(calls.exchange.length, 0, field);
  }
});

test("send waits while the browser's storage could not keep what the move brings", async () => {
  const calls = fresh({ mayAct: () => false });
  actions.receive({ record: RECORD, view: playView(), events: [] }, null, (ev) => ev.action);
  actions.shown(playView());
  await actions.send(["SA"]);
  assert.equal(calls.exchange.length, 0);
  assert.equal(state.busy, false);
});

test("receive saves the record before anything is shown", () => {
  fresh();
  const view = playView({ human: 2 });
  assert.equal(actions.receive({ record: RECORD, view, events: [] }, null, (ev) => ev.action), true);
  assert.equal(stored().current.record, RECORD);
  assert.equal(stored().current.human_seat, 2);
  assert.equal(state.humanSeat, 2);
  assert.equal(state.busy, false);
});

test("receive with events animates from the view the move was made in", () => {
  fresh();
  const before = playView({ trick: [{ seat: 2, card: "HA" }], tricks: [1, 0, 3] });
  const events = [{ kind: "card", seat: 0, action: "SA" }, { kind: "card", seat: 1, action: "S7" }];
  actions.receive({ record: RECORD, view: playView({ to_act: 0 }), events }, before, (ev) => ev.action);
  assert.equal(state.animating, true);
  assert.equal(state.shownPhase, "play");
  assert.deepEqual(state.displayTrick, [{ seat: 2, card: "HA" }]);
  actions.cardShown(events[0]);
  actions.cardShown(events[1]);
  assert.equal(state.displayTrick.length, 3);
  actions.trickTaken(1);
  assert.deepEqual(state.displayTricks, [1, 1, 3]);
  actions.trickCleared();
  assert.deepEqual(state.displayTrick, []);
  actions.shown(playView());
  assert.equal(state.animating, false);
});

test("an answer without events shows each seat's last call in its bubble", () => {
  fresh();
  const view = { human: 0, phase: "bidding", to_act: 0, calls: [{ seat: 1, action: "18" }, { seat: 2, action: "p" }, { seat: 1, action: "20" }], later_calls: [] };
  actions.receive({ record: RECORD, view, events: [] }, null, (ev) => ev.action);
  assert.deepEqual(state.bubbles, { 1: "20", 2: "p" });
});

test("a finished series deal is written on the sheet once, a practice deal not at all", () => {
  fresh();
  actions.seriesStarted({ id: SERIES_ID, started: SERIES_ID, length: 0, list: "simple", draw: null, deals: [], closed: false });
  actions.dealTaken(SERIES_ID, []);
  actions.receive({ record: RECORD, view: playView(), events: [] }, null, (ev) => ev.action);
  assert.equal(stored().series.open.record, RECORD, "the deal waits on its series while it is played");
  const over = { human: 0, phase: "result", deal_number: "42", result: { kind: "game", list_scores: [30, 0, 0] } };
  actions.receive({ record: RECORD, view: over, events: [] }, null, (ev) => ev.action);
  actions.shown(over);
  actions.shown(over);
  assert.equal(stored().series.deals.length, 1);
  assert.equal(stored().series.open, undefined);
  assert.deepEqual(stored().series.deals[0].list_scores, [30, 0, 0]);

  actions.dealTaken(null, []);
  actions.receive({ record: "(;GM[Skat]DN[43];)", view: over, events: [] }, null, (ev) => ev.action);
  actions.shown(over);
  assert.equal(stored().series.deals.length, 1, "practice is not written on the sheet");
});

test("a failed move puts the view before it back and says the error's code", () => {
  fresh();
  const before = playView();
  actions.failed({ code: "illegal_action", message: "no" }, before);
  assert.equal(state.view, before);
  assert.equal(state.busy, false);
  assert.deepEqual(state.error, { code: "illegal_action", message: "no", line: null, row: null });
});

test("a refused Bock mark keeps the score sheet's row it names with the error", () => {
  fresh();
  actions.failed({ code: "bock_mismatch", message: "series deal 1 ...", row: 3 });
  assert.deepEqual(state.error, { code: "bock_mismatch", message: "series deal 1 ...", line: null, row: 3 });
});

test("a third card chosen for the discard replaces the first, and the choice is kept with the deal", () => {
  fresh();
  actions.receive({ record: RECORD, view: playView({ phase: "discard" }), events: [] }, null, (ev) => ev.action);
  for (const card of ["CJ", "SA", "H7"]) actions.toggleDiscard(card);
  assert.deepEqual(state.discard, ["SA", "H7"]);
  actions.toggleDiscard("SA");
  assert.deepEqual(state.discard, ["H7"]);
  assert.deepEqual(stored().current.discard, ["H7"]);
});

test("Escape closes the topmost layer first, and the focus goes back to what opened it", () => {
  fresh();
  panels.showPanel("sheet");
  panels.openAnalysis({ record: RECORD, humanSeat: 0, state: "loading", back: '[data-ui="analyse"]' });
  panels.askFirst("Sure?", "Yes", () => {});
  assert.equal(panels.topLayer(), "confirming");
  assert.equal(panels.closeTopLayer(), true);
  assert.equal(panels.topLayer(), "analysing");
  panels.closeTopLayer();
  assert.equal(panels.takeFocus(), '[data-ui="analyse"]');
  assert.equal(panels.topLayer(), "panel");
  panels.closeTopLayer();
  assert.equal(panels.closeTopLayer(), false);
});

test("a side panel, a sheet row's review, the bidding history, the last trick and a question give the focus back to what opened them", () => {
  fresh();
  panels.showPanel("sheet");
  panels.showReview({ view: playView(), record: RECORD, index: 3, humanSeat: 0, options: {} });
  panels.takeFocus();
  panels.closeTopLayer(); // Escape on the row's review
  assert.equal(panels.takeFocus(), '[data-row="3"]');
  panels.closeTopLayer(); // Escape on the sheet
  assert.equal(panels.takeFocus(), '[data-ui="open-sheet"]');
  panels.showPanel("settings");
  panels.showPanel(null); // its Close button
  assert.equal(panels.takeFocus(), '[data-ui="open-settings"]');
  panels.showReview({ view: playView(), record: RECORD, index: 0, humanSeat: 0, options: {} });
  panels.closeLayer("reviewing"); // the review's Close button
  assert.equal(panels.takeFocus(), '[data-row="0"]');
  panels.showCalls();
  panels.closeLayer("showCalls");
  assert.equal(panels.takeFocus(), '[data-ui="show-calls"]');
  panels.showLastTrick();
  panels.closeTopLayer();
  assert.equal(panels.takeFocus(), '[data-ui="last-trick"]');
  panels.askFirst("Clear?", "Clear", () => {}, '[data-ui="clear"]');
  panels.closeTopLayer(); // Escape on the question
  assert.equal(panels.takeFocus(), '[data-ui="clear"]');
  panels.askFirst("Concede?", "Concede", () => {}, '[data-action="RE"]');
  panels.closeLayer("confirming"); // its Cancel button
  assert.equal(panels.takeFocus(), '[data-action="RE"]');
  panels.closeLayer("panel"); // a layer already closed moves no focus
  assert.equal(panels.takeFocus(), null);
});

test("an analysis answered after its panel was closed changes nothing on the page", () => {
  fresh();
  const asked = { record: RECORD, humanSeat: 0, state: "loading", data: null };
  panels.openAnalysis(asked);
  panels.closeAnalysis();
  assert.equal(panels.analysisAnswered(asked, { state: "ready", data: { estimates: {} } }), false);
  assert.equal(state.analysing, null);
});

test("a page starts afresh with what the browser keeps", () => {
  fresh();
  panels.showPanel("stats");
  actions.chooseStatsSeries("all");
  actions.settingsSetBack([{ key: "deck", value: "x" }]);
  const { store } = storage.load();
  actions.loaded(store, { options: {} });
  assert.equal(state.panel, null);
  assert.equal(state.statsSeries, "current");
  assert.deepEqual(state.settingsReset, []);
  assert.equal(state.store, store);
});

test("what the server names is kept apart: its level, the rule options, the contracts", () => {
  fresh();
  actions.serverTold({ contracts: { GO: ["hand", "schneider", "schwarz", "ouvert"] } });
  actions.serverTold({ player: "strong" });
  assert.equal(state.serverPlayer, "strong");
  assert.deepEqual(state.contracts.GO, ["hand", "schneider", "schwarz", "ouvert"]);
  assert.deepEqual(state.rules, []);
});

test("a setting changed is saved with the store", () => {
  fresh();
  actions.setSetting("deck", "german");
  actions.setSetting("rule.kontra", "on");
  assert.equal(stored().settings.deck, "german");
  assert.deepEqual(stored().settings.options, { kontra: "on" });
});

test("a row's replay is kept on its row of the current or a finished series, and saved at once", () => {
  fresh();
  const row = (record) => ({ record, human_seat: 1, list_scores: [0, 0, 0], result: { kind: "passed" } });
  const series = { id: SERIES_ID, started: SERIES_ID, length: 0, list: "seeger_fabian", draw: null, deals: [row(RECORD)], closed: false };
  const old = { ...series, id: "2026-11-01T10:00:00.000Z", deals: [row("(;GM[Skat]DN[5];)")] };
  state.store.series = series;
  state.store.archive = [old];
  const replay = { record: "(;GM[Skat]DN[42];C[x])", player: "strong", score: 20 };
  assert.equal(panels.keepRowReplay(SERIES_ID, 0, RECORD, replay), true);
  assert.deepEqual(stored().series.deals[0].replay, replay);
  assert.equal(panels.keepRowReplay(old.id, 0, "(;GM[Skat]DN[5];)", replay), true);
  assert.deepEqual(stored().archive[0].deals[0].replay, replay);
  // a row that holds another deal now (the sheets changed meanwhile) is left as it is
  assert.equal(panels.keepRowReplay(SERIES_ID, 0, "(;GM[Skat]DN[6];)", { ...replay, score: 1 }), false);
  assert.equal(panels.keepRowReplay("gone", 0, RECORD, replay), false);
  assert.equal(stored().series.deals[0].replay.score, 20);
});

test("no module but the owner's, state.js and panelstate.js, writes the state", () => {
  // a write: an assignment to state.<field> (or deeper), ++/--, delete, or an array method that
  // changes the array in place; comments are left out
  const write = /\bstate(?:\.\w+|\[[^\]]+\])+\s*(?:[-+*/]?=(?!=)|\+\+|--)|\bdelete\s+state\.|\bstate(?:\.\w+)+\.(?:push|splice|pop|shift|unshift|sort|reverse)\(/;
  const found = [];
  for (const name of readdirSync(JS).filter((n) => n.endsWith(".js") && !OWNER.includes(n))) {
    const code = readFileSync(new URL(name, JS), "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/[^\n]*/g, "");
    code.split("\n").forEach((line, i) => {
      if (write.test(line)) found.push(`${name}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, []);
  assert.ok(write.test("state.view = null;") && write.test("state.store.series.deals.push(row);") && write.test("delete state.bubbles[1];"));
});

test("no module but state.js and app.js is handed the state: none has a connect of its own", () => {
  const found = readdirSync(JS).filter((n) => n.endsWith(".js") && /export function connect\(/.test(readFileSync(new URL(n, JS), "utf8")));
  assert.deepEqual(found, ["state.js"]);
});

// last: a tab that has found itself overtaken stays so until it reloads (store.js `leaving`)
test("a move from an old copy of the game is not sent: the page takes up the newer state", async () => {
  const calls = fresh();
  let reloaded = 0;
  globalThis.location = { reload: () => (reloaded += 1) };
  actions.receive({ record: RECORD, view: playView(), events: [] }, null, (ev) => ev.action);
  actions.shown(playView());
  localStorage.setItem(storage.STORE_KEY, JSON.stringify({ ...stored(), current: { record: "(;GM[Skat]DN[7];)", human_seat: 0 } }));
  await actions.send(["SA"]);
  assert.equal(calls.exchange.length, 0);
  assert.equal(reloaded, 1);
  assert.equal(sessionStorage.getItem("skat.reloaded"), "refused");
});
