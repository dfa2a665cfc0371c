// The review of the person's decisions in a finished deal (issue 50): each decision of their seat
// judged by the strong computer from what the seat knew then (POST /api/review/stream, docs/review.md),
// shown as it arrives, with the position before each decision to step through. Opened from the
// result panel and from a score sheet row's review. Everything shown is the server's: the marks,
// costs, reasons, the better action and the position before each decision (`position`); this module
// draws and words them (reviewwords.js) and computes no rule. ("review" elsewhere in the client is
// the deal's trick list on the result; this one is the game review.)
//
// Test contract (README "Test contract"): the button [data-ui=game-review] with
// data-game-review-for ("result" or "row"); the panel [data-panel=game-review] with
// data-game-review-state (loading, ready, error); the progress [data-game-review-progress]
// ("<judged>/<of>"); the summary [data-game-review-summary] with data-total, each mark's count
// [data-marks-count=<mark>], the open-hand verdict [data-open-hand=<answer>]; the decisions
// [data-decision=<action index>] with data-mark and data-step (0-based), the shown one
// aria-current="step"; the position [data-game-review-position=<step>] with data-index and
// data-mark: the hand [data-position-hand] of cards [data-hand-card=<card>] (data-taken="1" on the
// card or cards taken, with data-mark; data-better="1" on the better ones), the trick on the table
// [data-position-trick] of [data-trick-card=<card>] with data-seat, the calls so far
// [data-position-calls] of [data-position-call=<i>] with data-seat and data-action (a call under
// review after them [data-call-taken=<token>] with data-mark, the better [data-call-better]), the decision
// [data-position-decision] with [data-taken] and, where the better action differs, [data-better];
// the buttons [data-ui=game-review-back], [data-ui=game-review-forward],
// [data-ui=game-review-prev-mistake], [data-ui=game-review-next-mistake] (keys ←, →, P, N; Home,
// End); the error [data-game-review-error=<code>]; close [data-ui=close-game-review] (or Esc).

import * as api from "./api.js";
import { formatNumber, t, tn } from "./i18n.js";
import { announce, h, spinner } from "./dom.js";
import { actionLabel, callText, cardFace, cardLabel, contractText, playerName, seatLabel } from "./names.js";
import { sortHand } from "./cards.js";
import { closeGameReview, gameReviewFailed, gameReviewLine, openGameReview, stepGameReview } from "./panelstate.js";
import { render, seenFrom, state } from "./state.js";
import { alternativeShort, alternativeText, costText, decisionLabel, markLabel, reasonText, summaryText } from "./reviewwords.js";

/** The marks a "next mistake" jump stops at (docs/review.md, "Marks"). */
export const MISTAKES = new Set(["mistake", "blunder"]);

const CARD = /^[CSHD][AKQJT987]$/;
const DOUBLINGS = ["K", "R", "SU"]; // a position's `kontra` 1, 2, 3: Kontra, Re, Supra said

// Reviews already had, by seat and record: the same request gives the same review, so a panel
// opened again shows it at once (kept while the page is open); one still being read is shared.
const answers = new Map();

// The reading of the open review's stream, stopped when its panel closes.
let reading = null;

/** The button that opens the review of the finished deal `record` for `humanSeat`; `from` names
 * where it stands ("result" or "row"); `order`: the card order of the deal's game (the view's
 * card_order), to sort the hands as the person sorts them. */
export function gameReviewButton(record, humanSeat, from, order = null) {
  return h(
    "button",
    {
      class: "btn game-review-btn",
      "data-ui": "game-review",
      "data-game-review-for": from,
      "aria-haspopup": "dialog",
      onclick: () => open(record, humanSeat, from, order),
    },
    t("gamereview.button"),
  );
}

async function open(record, humanSeat, from, order) {
  if (!record) return;
  const key = `${humanSeat}|${record}`;
  const back = `[data-ui="game-review"][data-game-review-for="${from}"]`;
  const known = answers.get(key);
  const entry = known
    ? { ...known, from, back, step: 0 }
    : { record, humanSeat, order, from, back, status: "loading", indices: null, decisions: [], summary: null, error: null, step: 0 };
  openGameReview(entry);
  render();
  if (known) return;
  announce(t("gamereview.waiting"));
  reading?.abort();
  const controller = new AbortController();
  reading = controller;
  try {
    await api.reviewStream(
      record,
      humanSeat,
      (line) => {
        const first = line.decision && !entry.decisions.length;
        if (!gameReviewLine(entry, line)) {
          controller.abort(); // closed: the server drops what it has not started
          return;
        }
        render();
        if (first) announce(decisionText(entry.decisions[0]));
      },
      controller.signal,
    );
    answers.set(key, { record, humanSeat, order, status: "ready", indices: entry.indices, decisions: entry.decisions, summary: entry.summary, error: null });
    if (state.gameReview === entry) announce(summaryText(entry.summary));
  } catch (err) {
    if (controller.signal.aborted) return;
    if (!gameReviewFailed(entry, err)) return;
    render();
    announce(errorText(err));
  } finally {
    if (reading === controller) reading = null;
  }
}

function close() {
  reading?.abort();
  closeGameReview();
  render();
}

/** Steps to decision `step` (clamped to those shown); the position there is drawn. */
function go(step) {
  const g = state.gameReview;
  if (!g || !g.decisions.length) return;
  const to = Math.max(0, Math.min(g.decisions.length - 1, step));
  if (to === g.step) {
    reveal(); // the line of the decision shown, tapped down in the list
    return;
  }
  stepGameReview(to);
  render();
  reveal();
  announce(decisionText(g.decisions[to]));
}

/** Scrolls the panel so that the position stepped to is in view: the whole of it where it fits,
 * else from its top (its step buttons, the table, then the decision). On a phone the panel is
 * drawn anew at its top and the focus goes back to the button or list line that stepped, which
 * left the position half below the screen or above it. Nothing moves when it is in view. */
function reveal() {
  const position = document.querySelector("[data-game-review-position]");
  const panel = position?.closest("[data-panel='game-review']");
  if (!position || !panel) return;
  const box = position.getBoundingClientRect();
  const view = panel.getBoundingClientRect();
  const top = Math.max(view.top, 0);
  const bottom = Math.min(view.bottom, window.innerHeight);
  if (box.top >= top && box.bottom <= bottom) return;
  position.scrollIntoView({ block: box.height <= bottom - top ? "nearest" : "start" });
}

/** The step of the next (`dir` 1) or previous (−1) decision marked a mistake or blunder from the
 * shown one, or null. */
export function mistakeStep(decisions, from, dir) {
  for (let i = from + dir; i >= 0 && i < decisions.length; i += dir) {
    if (MISTAKES.has(decisions[i].mark)) return i;
  }
  return null;
}

function jump(dir) {
  const g = state.gameReview;
  const to = g ? mistakeStep(g.decisions, g.step, dir) : null;
  if (to !== null) go(to);
}

/** The keys of the open review (keyboard.js hands them over while it is open, wherever the
 * focus is): ← → one decision back or forward, Home and End the first and last, N and P the
 * next and the previous mistake. Esc closes it as any layer. */
export function gameReviewKey(e) {
  const g = state.gameReview;
  if (!g || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const moves = {
    ArrowLeft: () => go(g.step - 1),
    ArrowRight: () => go(g.step + 1),
    Home: () => go(0),
    End: () => go(g.decisions.length - 1),
    n: () => jump(1),
    p: () => jump(-1),
  };
  if (!moves[key]) return;
  e.preventDefault(); // the table's own keys (keyboard.js) do not act under the panel
  moves[key]();
}

// ---- words -------------------------------------------------------------------------------------

const ERRORS = {
  not_finished: "gamereview.error.not_finished",
  network: "gamereview.error.network",
  bad_line: "gamereview.error.bad_line",
  cut_off: "gamereview.error.cut_off",
};

function errorText(err) {
  const code = err?.code ?? "network";
  const reason = err?.message ? ` (${err.message})` : "";
  return (ERRORS[code] ? t(ERRORS[code]) : t("gamereview.error.generic", { code })) + reason;
}

/** A decision in one line for the live region: what it was and its mark. */
function decisionText(d) {
  return `${decisionLabel(d)}: ${markLabel(d.mark)}`;
}

/** The cards a token names (a card, a discard "HK.H8"), else none. */
function tokenCards(token) {
  const parts = (token ?? "").split(".");
  return parts.every((p) => CARD.test(p)) ? parts : [];
}

// ---- the parts of the panel --------------------------------------------------------------------

/** How far the review is: `judged` of the `of` decisions the start line named ("3 of 12
 * decisions judged"), the plural form chosen by `of` (a deal can hold a single decision). */
export function progressText(judged, of) {
  return tn("gamereview.progress", of, { done: formatNumber(judged) });
}

function progressPart(g) {
  const of = g.indices?.length ?? null;
  if (g.status === "error" && of === null) return null; // refused before it started: the error says it
  const judged = g.decisions.length;
  const text = of === null ? t("gamereview.waiting") : progressText(judged, of);
  return h(
    "div",
    { class: "game-review-progress", "data-game-review-progress": of === null ? "" : `${judged}/${of}` },
    g.status === "loading" ? spinner(text) : h("span", {}, text),
    of ? h("progress", { max: String(of), value: String(judged), "aria-hidden": "true" }) : null,
  );
}

function summaryPart(g) {
  // `g` the open review; its summary {total, marks, open_hand} once the last decision is judged
  const s = g.summary;
  if (!s) return null;
  const marks = Object.entries(s.marks ?? {}).filter(([, n]) => n > 0);
  return h(
    "section",
    { class: "game-review-summary", "data-game-review-summary": true, "data-total": String(s.total) },
    // the verdict beside the open-hand answer, and the expected points given away
    h("p", { class: "game-review-total", "data-open-hand": s.open_hand?.answer ?? "" }, summaryText(s)),
    h(
      "ul",
      { class: "game-review-marks" },
      marks.map(([mark, n]) => h("li", { class: "mark mark-" + mark, "data-marks-count": mark }, `${markLabel(mark)}: ${formatNumber(n)}`)),
    ),
  );
}

function markChip(mark) {
  return h("span", { class: "mark mark-" + mark, "data-mark-word": mark }, markLabel(mark));
}

/** The calls said before the decision, each with who said it; a call of the person's under
 * review follows them with its mark, and the better call where it differs. */
function callsPart(p, d) {
  const calls = p.calls ?? [];
  const said = calls.map((c, i) => h("li", { "data-position-call": String(i), "data-seat": String(c.seat), "data-action": c.action }, h("span", { class: "call-who" }, seatLabel(c.seat)), " ", callText(c.action)));
  if (d.phase === "bidding") {
    said.push(h("li", { class: "call-taken mark-" + d.mark, "data-call-taken": d.taken, "data-mark": d.mark }, h("span", { class: "call-who" }, seatLabel(state.humanSeat)), " ", callText(d.taken), " ", markChip(d.mark)));
    const other = alternativeText(d, callText(d.best));
    if (other) said.push(h("li", { class: "call-better", "data-call-better": d.best }, other));
  }
  return h(
    "div",
    { class: "position-calls" },
    h("h4", {}, t("gamereview.calls")),
    calls.length ? null : h("p", { class: "position-none" }, t("gamereview.callsNone")),
    said.length ? h("ol", { "data-position-calls": String(calls.length) }, said) : null,
  );
}

function trickPart(p) {
  const trick = p.trick ?? [];
  return h(
    "div",
    { class: "position-trick" },
    h("h4", {}, t("gamereview.trick")),
    trick.length
      ? h(
          "span",
          { class: "mini-cards", "data-position-trick": String(trick.length) },
          trick.map(({ seat, card }) => h("span", { class: "mini-card", "data-trick-card": card, "data-seat": String(seat) }, cardFace(card, { title: cardLabel(card) }), h("span", { class: "mini-name" }, seatLabel(seat)))),
        )
      : h("p", { class: "position-none", "data-position-trick": "0" }, t("gamereview.trickEmpty")),
  );
}

function handPart(p, d, order) {
  const taken = new Set(tokenCards(d.taken));
  // a card both discards put away is the person's choice too: only the others are the better
  const better = d.best !== d.taken ? new Set(tokenCards(d.best).filter((c) => !taken.has(c))) : new Set();
  const cards = sortHand(p.hand ?? [], order, state.settings.sort);
  return h(
    "div",
    { class: "position-hand" },
    h("h4", {}, t("gamereview.hand")),
    h(
      "span",
      { class: "mini-cards", "data-position-hand": String(cards.length) },
      cards.map((card) =>
        h(
          "span",
          {
            class: "mini-card" + (taken.has(card) ? " taken mark-" + d.mark : "") + (better.has(card) ? " better" : ""),
            "data-hand-card": card,
            "data-taken": taken.has(card) ? "1" : null,
            "data-mark": taken.has(card) ? d.mark : null,
            "data-better": better.has(card) ? "1" : null,
          },
          cardFace(card, { title: cardLabel(card) }),
          taken.has(card) ? h("span", { class: "mini-name" }, markLabel(d.mark)) : better.has(card) ? h("span", { class: "mini-name" }, alternativeShort(d)) : null,
        ),
      ),
    ),
  );
}

/** What was decided, its mark, the better action where it differs, the cost and the reason. */
function decisionPart(d) {
  const other = alternativeText(d);
  const cost = costText(d);
  return h(
    "div",
    { class: "position-decision mark-" + d.mark, "data-position-decision": d.phase },
    h("p", { class: "decision-head", "data-taken": d.taken }, markChip(d.mark), " ", h("strong", {}, decisionLabel(d))),
    other ? h("p", { class: "decision-better", "data-better": d.best }, other) : null,
    cost ? h("p", { class: "decision-cost" }, cost) : null,
    h("p", { class: "decision-reason" }, reasonText(d)),
  );
}

function stepButtons(g) {
  const n = g.decisions.length;
  const prev = mistakeStep(g.decisions, g.step, -1);
  const next = mistakeStep(g.decisions, g.step, 1);
  const button = (ui, label, to, text) =>
    h("button", { class: "btn small", "data-ui": ui, disabled: to === null || to < 0 || to >= n, "aria-label": label, title: label, onclick: () => go(to) }, text);
  return h(
    "div",
    { class: "game-review-steps", role: "group", "aria-label": t("gamereview.stepping") },
    button("game-review-prev-mistake", t("gamereview.prevMistake"), prev, t("gamereview.prevMistakeShort")),
    button("game-review-back", t("gamereview.back"), g.step - 1, "←"),
    h("span", { class: "game-review-step", "aria-live": "off" }, t("gamereview.step", { n: formatNumber(g.step + 1), of: formatNumber(g.indices?.length ?? n) })),
    button("game-review-forward", t("gamereview.forward"), g.step + 1 < n ? g.step + 1 : null, "→"),
    button("game-review-next-mistake", t("gamereview.nextMistake"), next, t("gamereview.nextMistakeShort")),
  );
}

function positionPart(g) {
  const d = g.decisions[g.step];
  if (!d) return null;
  const p = d.position ?? {};
  return h(
    "section",
    { class: "game-review-position", "data-game-review-position": String(g.step), "data-index": String(d.index), "data-mark": d.mark, "aria-label": t("gamereview.position") },
    stepButtons(g),
    h("p", { class: "game-review-keys" }, t("gamereview.keys")),
    h(
      "div",
      { class: "position-table" },
      p.contract
        ? h(
            "p",
            { class: "position-game" },
            contractText(p.contract),
            p.declarer === null || p.declarer === undefined ? null : [" · ", playerName(p.declarer)],
            p.kontra > 0 ? [" · ", actionLabel(DOUBLINGS[p.kontra - 1])] : null,
          )
        : null,
      callsPart(p, d),
      trickPart(p),
      handPart(p, d, g.order),
    ),
    decisionPart(d),
  );
}

function listPart(g) {
  if (!g.decisions.length) return null;
  return h(
    "section",
    { class: "game-review-list" },
    h("h3", {}, t("gamereview.list")),
    h(
      "ol",
      { "data-game-review-decisions": String(g.decisions.length) },
      g.decisions.map((d, i) =>
        h(
          "li",
          { class: "mark-" + d.mark + (i === g.step ? " current" : ""), "data-decision": String(d.index), "data-mark": d.mark, "data-step": String(i), "aria-current": i === g.step ? "step" : null },
          h(
            "button",
            { class: "decision-item", "data-ui": "game-review-decision", "data-step": String(i), onclick: () => go(i) },
            markChip(d.mark),
            " ",
            h("span", { class: "decision-what" }, decisionLabel(d)),
            alternativeText(d) ? h("span", { class: "decision-instead" }, " · ", alternativeText(d)) : null,
            costText(d) ? h("span", { class: "decision-cost" }, " · ", costText(d)) : null,
          ),
        ),
      ),
    ),
  );
}

function bodyOf(g) {
  const parts = [progressPart(g)];
  if (g.status === "error") parts.push(h("p", { class: "game-review-error", role: "alert", "data-game-review-error": g.error?.code ?? "network" }, errorText(g.error)));
  if (g.status === "ready" && !g.decisions.length) parts.push(h("p", {}, t("gamereview.noDecisions")));
  parts.push(summaryPart(g), positionPart(g), listPart(g));
  return parts;
}

export function gameReviewPanel() {
  const g = state.gameReview;
  // drawn as seen from the reviewed seat ("You" is the person in that deal)
  const body = seenFrom(g.humanSeat, () => bodyOf(g));
  return h(
    "div",
    {
      class: "overlay top game-review-overlay",
      // a click beside the panel closes it, but not the second click of the double-click that
      // opened it (its button lies under this overlay): e.detail counts the clicks in a row
      onclick: (e) => {
        if (e.target === e.currentTarget && e.detail < 2) close();
      },
    },
    h(
      "section",
      {
        class: "dialog panel game-review-panel",
        role: "dialog",
        "aria-modal": "true",
        "aria-labelledby": "game-review-title",
        "aria-busy": g.status === "loading" ? "true" : "false",
        "data-panel": "game-review",
        "data-game-review-state": g.status,
      },
      h("div", { class: "panel-head" }, h("h2", { id: "game-review-title" }, t("gamereview.title")), h("button", { class: "btn small", "data-ui": "close-game-review", onclick: close }, t("button.close"))),
      body,
    ),
  );
}
