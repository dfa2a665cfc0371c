// The owner's part for the layers over the table and the panels' answers: state.js owns the
// table's state, and this module holds the actions that change what is open on it — which
// layer is on top and where the focus goes when it closes, the side panels, a question before
// something is thrown away, and "Could I have won?", "the computer with your cards", the review
// of the person's decisions and the comparison of a series (compare.js), each opened, answered
// and closed, with what they keep on the score sheet's rows. Like state.js it imports no module
// that draws, and runs without a browser.

import { save, state } from "./state.js";

/** The layers, topmost first: the field of `state` that holds each, its value when closed, and
 * where the focus goes back to (the control that opened it: without one the focus would fall on
 * the page's body, and a keyboard user would start again from the top). */
const LAYERS = [
  ["confirming", null, (c) => c.back], // a question (the focus goes back to what asked it)
  ["analysing", null, (a) => a.back], // "Could I have won?" (the focus goes back to its button)
  ["gameReview", null, (g) => g.back], // the review of the person's decisions (likewise)
  ["replaying", null], // the computer with your cards (over a result or a row's review)
  ["reviewing", null, (r) => `[data-row="${r.index}"]`], // a sheet row's review: back to its row
  ["panel", null, (panel) => `[data-ui="open-${panel}"]`], // a side panel: its menu button
  ["showLastTrick", false, () => `[data-ui="last-trick"]`],
  ["showCalls", false, () => `[data-ui="show-calls"]`], // the bidding history
  ["declaring", null], // the declaration dialog
];

/** Closes the layer `field` (one of LAYERS: "confirming", "declaring", ...), open or not; the
 * focus goes back to what opened it where LAYERS names that. */
export function closeLayer(field) {
  const [, closed, back] = LAYERS.find(([name]) => name === field);
  const key = state[field] ? back?.(state[field]) : null;
  if (key) state.focusKey = key;
  state[field] = closed;
}

/** The field of the topmost open layer, or null. */
export function topLayer() {
  return LAYERS.find(([field]) => state[field])?.[0] ?? null;
}

/** Closes the topmost open layer; false when none is open. */
export function closeTopLayer() {
  const top = LAYERS.find(([field]) => state[field]);
  if (!top) return false;
  closeLayer(top[0]);
  return true;
}

/** Opens the side panel `panel` ("sheet", "stats", "settings", "help"), the focus on its close
 * button, or closes it (null), the focus back on its menu button. */
export function showPanel(panel) {
  if (panel) {
    state.panel = panel;
    state.focusKey = `[data-ui="close-panel"]`;
  } else closeLayer("panel");
}

/** The control to focus after the next render (a selector, keyboard.js). */
export function focus(key) {
  state.focusKey = key;
}

/** The control to focus now, taken (render). */
export function takeFocus() {
  const key = state.focusKey;
  state.focusKey = null;
  return key;
}

/** A question before something is thrown away: `onYes` runs on yes; `back`, the control that
 * asked it (a focus key, keyboard.js), gets the focus when it closes. */
export function askFirst(text, yes, onYes, back = null) {
  state.confirming = { text, yes, onYes, back };
  state.focusKey = `[data-ui="confirm-no"]`;
}

export function showLastTrick() {
  state.showLastTrick = true;
}

/** The bidding history opens, the focus on its close button. */
export function showCalls() {
  state.showCalls = true;
  state.focusKey = `[data-ui="close-calls"]`;
}

/** A sheet row's review opens: `reviewing` {view, record, index, humanSeat, options}. */
export function showReview(reviewing) {
  state.reviewing = reviewing;
  state.focusKey = `[data-ui="close-review"]`;
}

/** "Could I have won?" opens for `asked` {record, humanSeat, state: "loading", ..., back}. */
export function openAnalysis(asked) {
  state.analysing = asked;
  state.focusKey = `[data-ui="close-analysis"]`;
}

/** The server's answer for `asked` (`change`: its fields state, data, error; or the estimates'
 * calls, callsState, callsError under `estimates`). False when the panel was closed meanwhile. */
export function analysisAnswered(asked, change) {
  const { estimates, ...rest } = change;
  Object.assign(asked, rest);
  if (estimates) Object.assign(asked.data.estimates, estimates);
  if (state.analysing !== asked) return false;
  if (rest.state) state.focusKey = `[data-ui="close-analysis"]`; // the answer, not the calls after it
  return true;
}

/** Closes "Could I have won?"; the focus goes back to the button that opened it. */
export function closeAnalysis() {
  const back = state.analysing?.back ?? null;
  state.analysing = null;
  state.focusKey = back;
}

/** "The computer with your cards" opens: `replaying` {record, humanSeat, data, error, token}. */
export function openReplay(replaying) {
  state.replaying = replaying;
  state.focusKey = `[data-ui="close-replay"]`;
}

/** The replay asked with `token` is answered; false when its panel was closed meanwhile. */
export function replayAnswered(token, data, error) {
  if (state.replaying?.token !== token) return false;
  state.replaying.data = data;
  state.replaying.error = error;
  state.focusKey = `[data-ui="close-replay"]`;
  return true;
}

export function closeReplay() {
  state.replaying = null;
  state.focusKey = `[data-ui="replay-computer"]`;
}

/** The computer's replay ({record, player, score}) goes on the rows of the score sheet that hold
 * this deal in this seat (`row`, or any with its record); the totals stay the person's (sheet.js
 * reads list_scores), the comparison of the series is the server's (compare.js). */
export function keepReplayScore(record, humanSeat, row, replay) {
  let changed = false;
  for (const deal of state.store?.series?.deals ?? []) {
    if (deal && deal.human_seat === humanSeat && (deal === row || deal.record === record)) {
      deal.replay = replay;
      changed = true;
    }
  }
  if (changed) save();
}

/** The computer's replay ({record, player, score}) of row `index` of the series `seriesId` (the
 * current one or a finished one) is kept on it, saved at once; false when that row does not hold
 * `record` any more (the sheets were changed meanwhile). */
export function keepRowReplay(seriesId, index, record, replay) {
  return keepOnRow(seriesId, index, record, "replay", replay);
}

/** The review of row `index` of the series `seriesId` summed by kind ({deal_number, seat, kinds},
 * compare.js) is kept on it as `review_kinds`, saved at once; false as keepRowReplay. */
export function keepRowReview(seriesId, index, record, kinds) {
  return keepOnRow(seriesId, index, record, "review_kinds", kinds);
}

function keepOnRow(seriesId, index, record, field, value) {
  const all = [state.store?.series, ...(state.store?.archive ?? [])];
  const row = all.find((s) => s?.id === seriesId)?.deals?.[index];
  if (!row || row.record !== record) return false;
  row[field] = value;
  save();
  return true;
}

/** How far the comparison of a series with the computer, or the review of its deals, has come
 * (compare.js): {job, seriesId, done, total, failed, running, error}, or null. */
export function compareProgress(progress) {
  state.comparing = progress;
}

/** The review of the person's decisions opens for `entry` {record, humanSeat, order, from, back,
 * status, indices, decisions, summary, error, step} (gamereview.js), loading or already known. */
export function openGameReview(entry) {
  state.gameReview = entry;
  state.focusKey = `[data-ui="close-game-review"]`;
}

/** A line of the review's stream for `entry` ({start}, {decision}, {summary}) is taken in; false
 * when the panel was closed meanwhile (the reading then stops). */
export function gameReviewLine(entry, line) {
  if (line.start) entry.indices = line.start.indices ?? [];
  if (line.decision) entry.decisions = [...entry.decisions, line.decision];
  if (line.summary) {
    entry.summary = line.summary;
    entry.status = "ready";
  }
  return state.gameReview === entry;
}

/** The review of `entry` failed with `error` (an ApiError); false when its panel is closed. */
export function gameReviewFailed(entry, error) {
  entry.status = "error";
  entry.error = error;
  return state.gameReview === entry;
}

/** The open review shows the position before its decision `step` (0-based among those shown). */
export function stepGameReview(step) {
  state.gameReview.step = step;
}

/** Closes the review of the person's decisions; the focus goes back to the button that opened
 * it. */
export function closeGameReview() {
  const back = state.gameReview?.back ?? null;
  state.gameReview = null;
  state.focusKey = back;
}
