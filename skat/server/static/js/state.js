// The one owner of the table's state: the state, and every action that changes it (send,
// receive, save, toggleDiscard, ...; those of the layers and panels over the table, showPanel,
// closeTopLayer, ..., are its part in panelstate.js). Every module reads `state` (the page is
// drawn from it); only the named actions here and in panelstate.js write it
// (tests/client/state.test.mjs checks). It holds the deal on the table (the server's view and
// record), what the animation of the computers' turns shows, the person's choices not yet sent,
// the open layers, the notice, the settings, and `store`, what this browser keeps (store.js
// writes it to localStorage: `save`). Like 2048's GameManager, the owner is handed what it
// drives (connect: render, turns.js's exchange with the server, ...), so the modules form no
// import cycle and this one runs without a browser.

import * as storage from "./store.js";
import * as sheet from "./sheet.js";
import { afterAction, withPart } from "./notices.js";

/** The state of a page just opened; the settings come at its start (`loaded`: the stored ones
 * over settings.js DEFAULT_SETTINGS). */
function initial() {
  return {
    record: null,
    humanSeat: 0,
    view: null,
    busy: false, // a request is on its way (spinner)
    animating: false,
    shownPhase: null, // while animating: the phase and seat to act shown (the view is the answer's)
    shownToAct: null,
    displayTrick: null, // the trick shown while events are animated
    displayTricks: null, // each seat's tricks shown while events are animated (a trick counts once taken)
    freshCard: null, // the card that has just come to the trick (only it fades in)
    trickTaken: null, // the seat a finished trick goes to, while it slides there
    waitingClick: false, // a finished trick stays until a click (settings.trickWait "click")
    bubbles: {}, // seat → text of the last call
    bubbleTimes: {}, // seat → when its bubble appeared (only a new bubble pops up)
    discard: [], // cards chosen to put away (or to push on in a Schieberamsch)
    exchange: [], // Revolution: the cards chosen to pass to the partner
    declaring: null, // {hand: bool, discard: [..] | null} while the declaration dialog is open
    dialog: null, // the contract chosen in the declaration dialog (an entry of view.declarations)
    showLastTrick: false,
    showCalls: false, // the bidding history is open
    error: null, // {code, message, line}: the last request's failure, shown on the table
    // trickMs: how long a finished trick stays (trickWait "click": until a click or key press);
    // cardMs, callMs: the pace of the computers' cards and calls (kept in this browser)
    settings: { options: {} },
    rules: [], // the rule options as the server names them: [{key, values, idleWhen}] (GET /api/options)
    contracts: {}, // contract token → its announcements, implied ones too (GET /api/options)
    store: null, // what this browser keeps (store.js)
    practice: false, // the deal in progress is a replay or a typed number: not on the score sheet
    panel: null, // "sheet" | "stats" | "settings" | "help" | null: the open side panel
    reviewing: null, // {view, record, index, humanSeat, options} of a sheet row being looked at
    analysing: null, // {record, humanSeat, state, data, error, back}: the open "Could I have won?" panel
    replaying: null, // {record, humanSeat, data, error, token} while "the computer with your cards" is open
    comparing: null, // {job, seriesId, done, total, failed, running, error}: a series compared with the computer or reviewed (compare.js)
    // the open review of the person's decisions (gamereview.js): {record, humanSeat, order, from,
    // back, status: "loading" | "ready" | "error", indices, decisions, summary, error, step}
    gameReview: null,
    confirming: null, // {text, yes, onYes}: a question before something is thrown away
    notice: null, // {say: () => text, kind} or {parts}: a message that stays until closed (notices.js)
    typedNumber: null, // a typed deal number that is not one, kept in the field to be corrected
    keptAside: [], // the keys under which unreadable data was set aside since the page opened
    settingsReset: [], // [{key, value}]: the stored settings set back since the page opened
    statsSeries: "current", // the statistics panel's series: "current", "archive:<id>" or "all"
    // the Bock figures of the series as the server walks them (POST /api/bock, settings.js
    // bockQueue), asked for by `key` (the series, its deals, the next deal's rule): `data` the
    // answer ({remaining, ...}) or its refusal ({error, message}), null while asked
    bock: { key: null, data: null },
    // the same walk of each finished series that carries a Bock mark or was played under the
    // rule (settings.js bockRefused): by `${id}|${deals}`, {row} (the row refused, or null for
    // none), null while asked
    archiveBock: {},
    serverPlayer: null, // the level the server plays by default (GET /api/health), once known
    seriesId: null, // the series the deal in progress was dealt for (null: practice or unknown)
    focusKey: null, // the control to focus after the next render (keyboard play)
    hint: null, // {record, loading | data | error}: the hint asked for at this record (assist.js)
    assisted: [], // "hint", "undo", "claim": used in this deal of the series (marked on its sheet row)
  };
}

/** The table's state: read it anywhere, change it only through the actions of this module. */
export const state = initial();

const hooks = {
  render: () => {},
  exchange: async () => {},
  startDeal: async () => {},
  takeAnswer: async () => {},
  mayAct: () => true,
  heed: () => {},
};

/** Hands the owner what it drives, once, from app.js: render (app.js), exchange(actions, before)
 * and takeAnswer(data) (turns.js), mayAct() and heed(outcome) (noticebar.js), startDeal. */
export function connect(given) {
  Object.assign(hooks, given);
}

/** Draws the page from the state (app.js render). */
export function render() {
  hooks.render();
}

/** Starts a deal (dealing.js startDeal: null, the series' next; a number or a replay: practice). */
export function startDeal(number, how) {
  return hooks.startDeal(number, how);
}

/** Takes in and shows a server's answer that is no move of the person's (an undo). */
export function takeAnswer(data) {
  return hooks.takeAnswer(data);
}

// ---- the deal: send, receive, save ---------------------------------------------------------------

const CARD = /^[CSHD][AKQJT987]$/;

/** The person's move (`actions`: tokens, ["SA"], or a discard and the declaration after it):
 * refused while busy or animating, and from an old copy of the game (another tab has played on:
 * the newer state is taken up instead). A card leaves the shown hand at once; `exchange`
 * (turns.js) posts the move and takes the answer in. */
export async function send(actions) {
  if (state.busy || state.animating) return;
  if (storage.stale()) {
    storage.reloadNewer("refused");
    return;
  }
  // what only told what had happened has been read; taken first, so that what this action's
  // own save says ("there is room again") stays
  state.notice = afterAction(state.notice);
  if (!hooks.mayAct()) return;
  const before = state.view;
  state.busy = true;
  state.error = null;
  if (before.phase === "play" && CARD.test(actions[0])) {
    // the server's answer confirms the card (a claim, CL or CD, waits for the server's check)
    state.view = { ...before, hand: (before.hand ?? []).filter((c) => c !== actions[0]) };
  }
  render();
  await hooks.exchange(actions, before);
}

/** A request is on its way: the spinner shows, the last error goes. */
export function requestStarted() {
  state.busy = true;
  state.error = null;
}

/** The request came back (or was answered without a deal, e.g. a bad typed number). */
export function requestDone() {
  state.busy = false;
}

/** A request failed (`err`: an ApiError or anything thrown); `before`, the view before a move, comes back. */
export function failed(err, before = undefined) {
  if (before !== undefined) state.view = before;
  state.busy = false;
  state.animating = false;
  // row: the score sheet's row a refusal names (a Bock mark the server's walk refused, dealing.js)
  state.error = { code: err.code ?? "network", message: err.message ?? "", line: err.line ?? null, row: Number.isInteger(err.row) ? err.row : null };
  if (err.line && state.record) {
    // a refused claim's line shows cards the person does not see: marked on the sheet's row
    noteUsed("claim");
    saveCurrent();
  }
}

/** The error shown on the table is closed. */
export function closeError() {
  state.error = null;
}

/** Writes the store (what this browser keeps) with the settings; `heed` says what that came to. */
export function save() {
  if (!state.store) return;
  state.store.settings = state.settings;
  hooks.heed(storage.save(state.store));
}

/** Keeps the deal in progress in the store, so that a reload or a server restart continues it. */
export function saveCurrent() {
  state.store.current = { record: state.record, human_seat: state.humanSeat, practice: state.practice, series_id: state.seriesId, assisted: state.assisted };
  // A deal of the series waits on its series until it is played out, so that practice in
  // between (a typed number, a replay) does not lose it and "New deal" takes it up again.
  const series = state.store.series;
  if (!state.practice && series && series.id === state.seriesId) series.open = { record: state.record, human_seat: state.humanSeat, assisted: state.assisted };
  save();
}

/** Writes a finished deal on the sheet of the series (once; not for practice deals). */
export function writeOnSheet(view) {
  const series = state.store.series;
  if (state.practice || !series || view.phase !== "result" || !view.result) return;
  // a deal dealt for another series (one imported or begun since) is not written on this one
  if (state.seriesId && series.id !== state.seriesId) return;
  // While it is played a deal waits on its series (saveCurrent); one that does not wait there any
  // more is on the sheet already, even when its row's record has been damaged since.
  if (!series.open) return;
  delete series.open; // played out
  if (!series.deals.some((d) => d.record === state.record) && !sheet.isComplete(series)) {
    const row = sheet.sheetDeal(view, state.record, state.humanSeat);
    if (state.assisted?.length) row.assisted = state.assisted.slice(); // a hint or undo was used (assist.js)
    series.deals.push(row);
  }
  save();
}

/** The server's answer `data` ({record, view, events}) taken in, the record saved before anything
 * is shown; false when the save was refused (another tab is newer: the page reloads). With
 * `before` (the view the move was made in) and events, the animation starts from `before`; else
 * the events' calls go to the bubbles at once (`bubbleOf(ev)`: names.js bubbleToken). */
export function receive(data, before, bubbleOf) {
  state.record = data.record;
  state.humanSeat = data.view.human;
  saveCurrent();
  if (storage.stale()) return false;
  state.busy = false;
  const events = data.events ?? [];
  if (before && events.length) {
    state.animating = true;
    state.shownPhase = before.phase;
    state.shownToAct = before.to_act;
    state.displayTrick = (before.trick ?? []).slice();
    state.displayTricks = (before.tricks ?? [0, 0, 0]).slice();
    state.view = data.view;
  } else {
    if (!events.length) bubblesFromCalls(data.view, bubbleOf);
    for (const ev of events) if (SAID.includes(ev.kind)) setBubble(ev.seat, bubbleOf(ev));
    state.view = data.view;
  }
  return true;
}

/** The event kinds whose token goes to a seat's bubble. */
export const SAID = ["call", "declare", "skat", "push", "exchange", "other"];

/** The animation is over (or there was none): the answer's view is shown, and what it ends. */
export function shown(view) {
  state.animating = false;
  state.trickTaken = null;
  state.view = view;
  if (view.phase === "play" && (view.trick ?? []).length === 0 && view.last_trick) {
    // In play the bubbles of the auction have said what they had to say once the first trick is
    // taken; until then they stay, also while the person is to lead it.
    for (const seat of [0, 1, 2]) if (!state.bubbles[seat]?.startsWith?.("!")) delete state.bubbles[seat];
  }
  if (view.phase === "result") {
    writeOnSheet(view);
    // what was said about the deal in progress is over with it (it is played to its end now)
    if (["finish-first", "number-waits"].includes(state.notice?.kind)) state.notice = null;
  }
}

// ---- the animation of the computers' turns (turns.js) -------------------------------------------

/** The event `ev`'s seat is shown to act (none while a complete trick lies there). */
export function eventSeat(ev) {
  state.shownToAct = ev.seat;
}

/** A card event: the card comes to the shown trick (a full trick is cleared first). */
export function cardShown(ev) {
  if (state.displayTrick.length === 3) state.displayTrick = [];
  state.displayTrick.push({ seat: ev.seat, card: ev.action });
  state.freshCard = ev.action;
  state.shownPhase = "play";
}

/** The finished trick waits for a click (true) or no longer (false). */
export function waitForClick(waiting) {
  state.waitingClick = waiting;
}

/** The trick goes to `winner`, who counts one trick more. */
export function trickTaken(winner) {
  state.trickTaken = winner;
  state.displayTricks[winner] += 1;
}

/** The taken trick has slid away: the table is clear for the next lead. */
export function trickCleared() {
  state.trickTaken = null;
  state.displayTrick = [];
  state.bubbles = {};
}

// ---- bubbles: each seat's last call --------------------------------------------------------------

/** `seat`'s bubble shows `token` (a call, a declaration, ...); it pops up as new. */
export function setBubble(seat, token) {
  state.bubbles[seat] = token;
  state.bubbleTimes[seat] = globalThis.performance?.now?.() ?? Date.now();
}

/** After a reload (or a waiting deal taken up again) no event says what was called: each seat's
 * last call is shown again, without the pop, while the auction's bubbles still matter (until the
 * first trick is taken). */
export function bubblesFromCalls(view, bubbleOf) {
  const declarer = view?.declarer ?? null;
  // in play the calls stay up through the first trick (as without the reload)
  const firstTrick = view?.phase === "play" && !view.last_trick;
  if (!["bidding", "skat", "discard", "declare", "exchange", "kontra", "schieben"].includes(view?.phase) && !firstTrick) return;
  for (const call of view.calls ?? []) state.bubbles[call.seat] = call.action;
  // the declarer's last word: the game once declared, else taking the skat (only the person
  // sees a pick-up); then what was said after the auction (Kontra and its answers, a
  // Schieberamsch's pick-ups and pushes), each over the seat's earlier word
  if (declarer !== null && view.contract) state.bubbles[declarer] = view.contract;
  else if (declarer !== null && (view.picked_up ?? []).length) state.bubbles[declarer] = "s";
  for (const ev of view.later_calls ?? []) state.bubbles[ev.seat] = bubbleOf(ev);
}

// ---- starting a deal (dealing.js) ----------------------------------------------------------------

/** A new deal is asked for: what belonged to the last one goes (bubbles, chosen cards, dialogs,
 * a review), and so do the notices of the last deal; what is said about the store stays. */
export function dealAsked() {
  requestStarted();
  state.typedNumber = null;
  state.bubbles = {};
  state.discard = [];
  state.exchange = [];
  state.declaring = null;
  state.showLastTrick = false;
  state.showCalls = false;
  state.reviewing = null;
  if (state.notice && !state.notice.parts) state.notice = null;
}

/** The new deal is practice (`seriesId` null) or of that series, with the help used in it. */
export function dealTaken(seriesId, assisted) {
  state.practice = seriesId === null;
  state.seriesId = seriesId;
  state.assisted = assisted;
  state.hint = null;
}

/** A typed deal number that is not one stays in the field to be corrected. */
export function keepTypedNumber(text) {
  state.typedNumber = String(text ?? "");
}

/** The series the next deal belongs to: a new one (after its seat draw), saved. */
export function seriesStarted(series) {
  state.store.series = series;
  save();
}

/** The series deal that waited cannot be read by the server: set aside; the series deals afresh. */
export function openDealSetAside(series) {
  storage.setAside("series.open", series.open); // said by save's heed, once written
  delete series.open;
  save();
}

/** Puts `series` among the finished ones (a deal of it not played out stays unplayed). */
export function archive(series) {
  state.store.archive.push({ ...sheet.settled(series), closed: true });
}

/** The score sheet's series ends (archived); the next deal starts a new one. */
export function seriesEnded() {
  if (state.store.series) archive(state.store.series);
  state.store.series = null;
  state.panel = null;
  save();
}

/** The deal on the table, an unfinished deal of the series `gone` (replaced or cleared), goes on
 * as practice: no sheet holds its series any more. True when it did (the notice says so). */
function tableToPractice(gone) {
  const orphan = Boolean(gone) && !state.practice && state.seriesId === gone.id && state.view?.phase !== "result";
  if (!orphan) return false;
  state.practice = true;
  state.seriesId = null;
  state.assisted = [];
  if (state.store.current) state.store.current = { ...state.store.current, practice: true, series_id: undefined, assisted: [] };
  return true;
}

/** Every score sheet is cleared; true when the deal on the table became practice with it. */
export function sheetsCleared() {
  const orphan = tableToPractice(state.store.series);
  state.store.series = null;
  state.store.archive = [];
  save();
  return orphan;
}

/** An imported series takes the current one's place (archived); true as sheetsCleared. */
export function seriesImported(series) {
  const replaced = state.store.series;
  if (replaced) archive(replaced);
  state.store.series = series;
  // the same series imported again keeps its deal waiting
  const orphan = replaced?.id !== series.id && tableToPractice(replaced);
  save();
  return orphan;
}

/** A sheet row whose record the server cannot read is marked (its score counts as written). */
export function markRowDamaged(deal) {
  deal.damaged = "record";
  save();
}

// ---- the page at its start (app.js boot) ---------------------------------------------------------

/** The page starts afresh with what this browser keeps (`store`, store.js load) and the checked
 * `settings`. */
export function loaded(store, settings) {
  for (const key of Object.keys(state)) delete state[key];
  Object.assign(state, initial(), { store, settings });
}

/** The deal stored in progress (`current`) is put back on the table, until the server answers. */
export function resumed(current) {
  state.humanSeat = current.human_seat;
  state.record = current.record;
  state.practice = Boolean(current.practice);
  state.seriesId = typeof current.series_id === "string" ? current.series_id : null;
  state.assisted = Array.isArray(current.assisted) ? current.assisted : [];
}

/** The stored deal's view from the server (its record as the server wrote it back); the discard
 * chosen before the reload comes back when it is still one (two cards at most, all in the hand). */
export function resumedView(data, chosen, bubbleOf) {
  state.busy = false;
  state.view = data.view;
  state.record = data.record;
  const cards = Array.isArray(chosen) ? chosen : [];
  if (state.view.phase === "discard" && cards.length <= 2 && cards.every((c) => (state.view.hand ?? []).includes(c))) {
    state.discard = cards.slice();
  }
  bubblesFromCalls(state.view, bubbleOf);
}

/** The stored deal could not be read by the server: set aside (said), the table deals afresh. */
export function currentSetAside(current) {
  state.busy = false;
  state.record = null;
  storage.setAside("current", current);
  state.store.current = null;
  save();
}

/** What the server names: `player`, the level it plays by default (GET /api/health); `rules`
 * and `contracts` (GET /api/options). */
export function serverTold({ player = state.serverPlayer, rules = state.rules, contracts = state.contracts }) {
  Object.assign(state, { serverPlayer: player, rules, contracts });
}

// ---- choices before a move -----------------------------------------------------------------------

/** A card chosen for the discard (or the Schieberamsch's push) or unchosen; a third replaces the
 * first. Kept with the deal, so that a reload before the declaration shows the same cards. */
export function toggleDiscard(card) {
  const i = state.discard.indexOf(card);
  if (i >= 0) state.discard.splice(i, 1);
  else if (state.discard.length < 2) state.discard.push(card);
  else state.discard = [state.discard[1], card];
  if (state.store?.current) {
    state.store.current.discard = state.discard.slice();
    save();
  }
}

export function clearDiscard() {
  state.discard = [];
}

/** A card chosen for a Revolution's exchange, or unchosen. */
export function toggleExchange(card) {
  const i = state.exchange.indexOf(card);
  if (i >= 0) state.exchange.splice(i, 1);
  else state.exchange.push(card);
}

export function clearExchange() {
  state.exchange = [];
}

/** The declaration dialog opens (after `discard`, or for a Hand game) with `entry` chosen. */
export function openDeclaration(hand, discard, entry) {
  state.declaring = { hand, discard };
  state.dialog = entry;
}

/** The dialog's contract is `entry` (an entry of view.declarations). */
export function chooseDeclaration(entry) {
  state.dialog = entry;
}

/** The declaration is sent: the dialog closes, the chosen discard goes with it. */
export function declared() {
  state.declaring = null;
  state.discard = [];
}

// ---- help: hint and undo (assist.js) -------------------------------------------------------------

/** Notes that `what` ("hint", "undo", "claim") was used in this deal: kept with the deal
 * (saveCurrent) and written on its score-sheet row. */
export function noteUsed(what) {
  state.assisted = [...new Set([...(state.assisted ?? []), what])];
}

/** The hint at this record: {record, loading} | {record, data} | {record, error}, or null. */
export function setHint(hint) {
  state.hint = hint;
}

/** An undo was asked for: the request is on its way, the hint goes. */
export function undoAsked() {
  state.busy = true;
  state.hint = null;
}

/** The deal went back before the person's last decision: what was chosen since goes. */
export function undone() {
  state.bubbles = {};
  state.discard = [];
  state.declaring = null;
  state.busy = false;
}

// ---- notices (noticebar.js) ----------------------------------------------------------------------

/** The notice under the bar: {say, kind}, {parts} (notices.js withPart), or null. */
export function setNotice(notice) {
  state.notice = notice;
}

/** The store notice `kind` said with `say` (null: taken back) and its buttons. */
export function noticePart(kind, say, actions) {
  state.notice = withPart(state.notice, kind, say, actions);
}

/** Stored settings were set back to their defaults (`reset`: [{key, value}], store.js). */
export function settingsSetBack(reset) {
  state.settingsReset = state.settingsReset.concat(reset);
}

/** Unreadable data was set aside under `keys` (store.js save). */
export function keysSetAside(keys) {
  state.keptAside = state.keptAside.concat(keys);
}

/** The data set aside under `keys` was deleted: it is kept aside no more. */
export function keysDeleted(keys) {
  state.keptAside = state.keptAside.filter((key) => !keys.includes(key));
}

// ---- settings (settings.js) ----------------------------------------------------------------------

/** The setting `key` is `value` (`rule.<name>`: a rule option), saved. */
export function setSetting(key, value) {
  if (key.startsWith("rule.")) state.settings.options = { ...(state.settings.options ?? {}), [key.slice(5)]: value };
  else state.settings[key] = value;
  save();
}

/** The statistics panel shows the series `value` ("current", "archive:<id>" or "all"). */
export function chooseStatsSeries(value) {
  state.statsSeries = value;
}

/** The rule options are `options` ({} : every rule at its default), saved. */
export function setRuleOptions(options) {
  state.settings.options = options;
  save();
}

/** The Bock figures are asked for `key` (settings.js bockQueue): those known before go. */
export function bockAsked(key) {
  state.bock = { key, data: null };
}

/** The server's Bock figures for `key` came (`data`: its answer, or {error, message}); false
 * when other figures were asked for since. */
export function bockTold(key, data) {
  if (state.bock.key !== key) return false;
  state.bock = { key, data };
  return true;
}

/** The Bock walk of a finished series is asked for `key` (settings.js bockRefused). */
export function archiveBockAsked(key) {
  state.archiveBock[key] = null;
}

/** The server's walk of a finished series came for `key`: `row`, the row it refused, or null. */
export function archiveBockTold(key, row) {
  state.archiveBock[key] = { row };
}

// ---- names seen from another seat (names.js) -----------------------------------------------------

/** What `draw()` returns, drawn with every name seen from `seat` (a reviewed or analysed deal's
 * person may have sat in another seat than the deal on the table). */
export function seenFrom(seat, draw) {
  const keep = state.humanSeat;
  state.humanSeat = seat;
  try {
    return draw();
  } finally {
    state.humanSeat = keep;
  }
}
