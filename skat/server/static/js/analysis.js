// "Could I have won?": the open-hand analysis of a finished deal for the person's seat, opened from
// the result panel and from a score sheet row's review. Everything shown is the server's
// (POST /api/analysis, skat.analysis.Analysis.to_json): the answer, each card's verdict and its
// better cards, the cards that turned the game, the line of best play, the declarer's game choice
// and the notes. This module only words them; it values nothing itself.
//
// Test contract (README "Test contract"): the button [data-ui=analyse] (data-analyse-for="result"
// or "row"); the panel [data-panel=analysis] with data-analysis-state (loading, ready, error) and,
// when ready, data-answer (the server's answer code); each trick [data-analysis-trick=<0-based>],
// each card in it [data-analysis-card=<card>] with data-seat, the person's with data-verdict
// (best, points, outcome), data-cost and data-unpunished="1" (its cost given back by the other
// side), a better card [data-better=<card>]; a card that turned
// the game [data-swing]; the game choice rows [data-choice=<contract>] with data-played and
// data-won; Ramsch cards [data-ramsch-card]; the notes [data-note=<code>]; the error
// [data-analysis-error] naming the server's code; the strong computer's bid limit
// [data-estimate-limit] with the person's bid in data-estimate-bid, and the person's calls in the
// auction [data-estimate-calls] (their number; "loading" while the server still judges them, as
// POST /api/analysis/calls answers after the rest; "error" when it failed), each
// [data-estimate-call=<action index>] with data-said (the person's call), data-strong (the strong
// computer's there) and data-decided (limit, contest); close [data-ui=close-analysis] (or Esc).

import * as api from "./api.js";
import { parseContract } from "./cards.js";
import { formatNumber, formatPercent, t, tn } from "./i18n.js";
import { announce, h, spinner } from "./dom.js";
import { actionLabel, cardFace, cardLabel, contractText, playerName, roleName, seatLabel, signed } from "./names.js";
import { analysisAnswered, closeAnalysis, openAnalysis } from "./panelstate.js";
import { render, seenFrom, state } from "./state.js";

/**
 * The button that opens the analysis of the finished deal `record` for `humanSeat`; `from` names
 * where it stands ("result" or "row"), so the focus comes back to it when the panel closes.
 */
export function analyseButton(record, humanSeat, from) {
  return h(
    "button",
    {
      class: "btn analyse-btn",
      "data-ui": "analyse",
      "data-analyse-for": from,
      "aria-haspopup": "dialog",
      onclick: () => open(record, humanSeat, from),
    },
    t("analysis.button"),
  );
}

async function open(record, humanSeat, from) {
  if (!record) return;
  const asked = { record, humanSeat, state: "loading", data: null, error: null, back: `[data-ui="analyse"][data-analyse-for="${from}"]` };
  openAnalysis(asked);
  render();
  let change;
  try {
    const answer = await api.analysis(record, humanSeat);
    change = { data: answer.analysis, state: "ready" };
    if (answer.analysis.estimates?.calls === null) change.estimates = { callsState: "loading" };
  } catch (err) {
    change = { error: err, state: "error" };
  }
  if (!analysisAnswered(asked, change)) return; // closed while the server computed
  render();
  announce(asked.state === "ready" ? answerText(asked.data) : errorText(asked.error));
  if (asked.data?.estimates?.callsState === "loading") await askCalls(asked);
}

/** The strong computer's judgement of the person's calls, which the server answers apart (it
 * costs a sampled check per contested call): the rest of the analysis is shown meanwhile. */
async function askCalls(asked) {
  let estimates;
  try {
    const answer = await api.analysisCalls(asked.record, asked.humanSeat);
    estimates = { calls: answer.calls, callsState: "ready" };
  } catch (err) {
    estimates = { callsState: "error", callsError: err };
  }
  if (!analysisAnswered(asked, { estimates })) return;
  render();
}

/** Closes the panel; the focus goes back to the button that opened it. */
function close() {
  closeAnalysis();
  render();
}

// ---- words -------------------------------------------------------------------------------------

// The texts of the server's codes (skat.analysis.Analysis.answer, Note codes, error codes); a code
// not named here shows the server's own English text.
const ANSWERS = {
  won: "analysis.answer.won",
  lost_winnable: "analysis.answer.lost_winnable",
  lost_chance: "analysis.answer.lost_chance",
  lost_unwinnable: "analysis.answer.lost_unwinnable",
  beaten: "analysis.answer.beaten",
  beatable: "analysis.answer.beatable",
  beatable_later: "analysis.answer.beatable_later",
  unbeatable: "analysis.answer.unbeatable",
  ramsch: "analysis.answer.ramsch",
  passed: "analysis.answer.passed",
};
const NOTES = {
  open_hand: "analysis.note.open_hand",
  estimate_bidding: "analysis.note.estimate_bidding",
  ramsch_paranoid: "analysis.note.ramsch_paranoid",
  ramsch_skat_loser: "analysis.note.ramsch_skat_loser",
  passed: "analysis.note.passed",
  game_choice_declarer: "analysis.note.game_choice_declarer",
  game_choice_no_kontra: "analysis.note.game_choice_no_kontra",
  game_choice_lost: "analysis.note.game_choice_lost",
  game_choice_bounded: "analysis.note.game_choice_bounded",
  no_game_choice: "analysis.note.no_game_choice",
};
const ERRORS = {
  not_finished: "analysis.error.not_finished",
  network: "analysis.error.network",
};
const CHOICE_COLUMNS = ["analysis.choice.game", "analysis.choice.discard", "analysis.choice.outcome", "analysis.choice.tried"];

function isNull(a) {
  return parseContract(a.contract ?? "")?.game === "N";
}

/** True when an outcome's card points were not searched at all (0–120: an overbid game lost
 * whatever is played): a range that says nothing is left out. */
function unknownPoints(o) {
  return (o.points === null || o.points === undefined) && o.points_min === 0 && o.points_max === 120;
}

/** An outcome in words: "won with Schneider, 92 card points, score +72". */
function outcomeText(o, a) {
  if (!o) return t("analysis.outcome.notReached");
  const parts = [];
  let head = t(o.won ? "analysis.outcome.won" : "analysis.outcome.lost");
  if (o.level === "schwarz") head = t(o.won ? "analysis.outcome.wonSchwarz" : "analysis.outcome.lostSchwarz");
  else if (o.level === "schneider") head = t(o.won ? "analysis.outcome.wonSchneider" : "analysis.outcome.lostSchneider");
  parts.push(head);
  if (o.overbid) parts.push(t("analysis.outcome.overbid"));
  if (!isNull(a) && !unknownPoints(o)) {
    if (o.points !== null && o.points !== undefined) parts.push(t("analysis.points", { points: o.points }));
    else parts.push(t("analysis.pointsRange", { min: o.points_min, max: o.points_max }));
  }
  parts.push(t("analysis.score", { score: signed(o.score) }));
  return parts.join(t("analysis.comma"));
}

/** The same, short, for a card's note: "won, 64 card points (+24)". */
function outcomeShort(o, a) {
  if (!o) return t("analysis.outcome.notReached");
  let head = t(o.won ? "analysis.outcome.won" : "analysis.outcome.lost");
  if (o.level === "schwarz") head = t(o.won ? "analysis.outcome.wonSchwarz" : "analysis.outcome.lostSchwarz");
  else if (o.level === "schneider") head = t(o.won ? "analysis.outcome.wonSchneider" : "analysis.outcome.lostSchneider");
  if (o.overbid) head += ", " + t("analysis.outcome.overbid");
  if (isNull(a) || unknownPoints(o)) return t("analysis.outcomeShortNull", { head, score: signed(o.score) });
  if (o.points === null || o.points === undefined) return t("analysis.outcomeShortRange", { head, min: o.points_min, max: o.points_max, score: signed(o.score) });
  return t("analysis.outcomeShort", { head, points: o.points, score: signed(o.score) });
}

function answerText(a) {
  const params = { game: a.contract ? contractText(a.contract) : "", name: a.declarer === null ? "" : playerName(a.declarer) };
  return ANSWERS[a.answer] ? t(ANSWERS[a.answer], params) : a.answer;
}

function errorText(err) {
  const code = err?.code ?? "network";
  const reason = err?.message ? ` (${err.message})` : "";
  return (ERRORS[code] ? t(ERRORS[code]) : t("analysis.error.generic", { code })) + reason;
}

function miniCard(card, attrs = {}) {
  return cardFace(card, { title: cardLabel(card), ...attrs });
}

function cardsInline(cards, attr) {
  return h("span", { class: "mini-cards" }, cards.map((c) => h("span", { class: "mini-card", [attr]: c }, miniCard(c))));
}

// ---- the parts of the panel --------------------------------------------------------------------

function verdictPart(a) {
  const lines = [];
  const first = a.outcomes?.[0];
  if (first) lines.push(h("p", { "data-analysis-first": first.won ? "won" : "lost" }, t("analysis.fromFirst", { outcome: outcomeText(first, a) })));
  if (a.declarer_could_win !== null && a.declarer_could_win !== undefined) {
    lines.push(
      h(
        "p",
        {},
        t(a.declarer_could_win ? "analysis.declarerCould" : "analysis.declarerCouldNot"),
        " · ",
        t(a.defenders_could_beat ? "analysis.defendersCould" : "analysis.defendersCouldNot"),
      ),
    );
  }
  if (a.overbid) lines.push(h("p", { class: "analysis-overbid", "data-analysis-overbid": true }, t("analysis.overbid", a.overbid)));
  if (a.conceded) lines.push(h("p", {}, t("analysis.conceded", { outcome: outcomeText(a.conceded, a) })));
  return h("div", { class: "analysis-verdict", "data-analysis-verdict": a.answer }, h("p", { class: "analysis-answer" }, answerText(a)), lines);
}

/** A line of best play, trick by trick (the server gives each card's trick). */
function linePart(line, a, titleKey) {
  if (!line || !line.cards?.length) return null;
  const tricks = new Map();
  for (const c of line.cards) {
    if (!tricks.has(c.trick)) tricks.set(c.trick, []);
    tricks.get(c.trick).push(c);
  }
  return h(
    "details",
    { class: "analysis-line" },
    h("summary", {}, t(titleKey, { outcome: line.outcome ? outcomeText(line.outcome, a) : formatNumber(line.value) })),
    h(
      "ol",
      { class: "analysis-line-tricks" },
      [...tricks.entries()].map(([trick, cards]) =>
        h(
          "li",
          { "data-line-trick": String(trick) },
          h("span", { class: "trick-no" }, String(trick + 1)),
          h("span", { class: "mini-cards" }, cards.map((c) => h("span", { class: "mini-card" }, miniCard(c.card), h("span", { class: "mini-name" }, seatLabel(c.seat))))),
        ),
      ),
    ),
  );
}

function verdictOfCard(play, a) {
  if (play.verdict === "best") return h("span", { class: "verdict best" }, t("analysis.card.best"));
  const what =
    play.verdict === "outcome" && play.before_outcome && play.after_outcome
      ? t("analysis.card.outcome", { before: outcomeShort(play.before_outcome, a), after: outcomeShort(play.after_outcome, a) })
      : tn("analysis.card.cost", play.cost);
  return h(
    "span",
    { class: "verdict " + play.verdict + (play.unpunished ? " unpunished" : "") },
    what,
    play.unpunished ? [" ", t("analysis.card.unpunished")] : null,
    " ",
    h("span", { class: "better-label" }, t("analysis.card.better")),
    " ",
    cardsInline(play.best, "data-better"),
  );
}

function ramschOfCard(play) {
  const what = play.verdict === "best" ? t("analysis.card.best") : tn("analysis.card.cost", play.cost);
  return h(
    "span",
    { class: "verdict " + play.verdict },
    t("analysis.ramsch.points", { before: play.before, after: play.after }),
    " — ",
    what,
    play.unpunished ? [" ", t("analysis.card.unpunished")] : null,
    play.verdict === "best" ? null : [" ", h("span", { class: "better-label" }, t("analysis.card.better")), " ", cardsInline(play.best, "data-better")],
  );
}

function tricksPart(a) {
  const mine = new Map((a.cards ?? []).map((c) => [c.index, c]));
  const swings = new Map((a.swings ?? []).map((s) => [s.index, s]));
  const ramsch = a.kind === "ramsch";
  const items = (a.tricks ?? []).map((trick, i) => {
    const notes = [];
    const cards = trick.cards.map((c) => {
      const play = mine.get(c.index);
      const swing = swings.get(c.index);
      if (play) notes.push(h("div", { class: "trick-note", "data-for": play.card, "data-ramsch-card": ramsch ? play.card : null }, h("strong", {}, t("analysis.card.label", { card: cardLabel(play.card) })), ramsch ? ramschOfCard(play) : verdictOfCard(play, a)));
      if (swing && swing.seat !== a.seat) {
        notes.push(
          h(
            "div",
            { class: "trick-note swing-note" },
            t("analysis.swing.played", { name: playerName(swing.seat), card: cardLabel(swing.card), before: outcomeShort(swing.before, a), after: outcomeShort(swing.after, a) }),
            " ",
            h("span", { class: "better-label" }, t("analysis.card.better")),
            " ",
            cardsInline(swing.better, "data-better"),
          ),
        );
      }
      return h(
        "span",
        {
          class: "mini-card" + (c.seat === trick.winner ? " winner" : "") + (play ? " mine verdict-" + play.verdict : "") + (swing ? " swing" : ""),
          "data-analysis-card": c.card,
          "data-seat": String(c.seat),
          "data-verdict": play ? play.verdict : null,
          "data-cost": play ? String(play.cost) : null,
          "data-unpunished": play?.unpunished ? "1" : null,
          "data-swing": swing ? (swing.before.won ? "won-lost" : "lost-won") : null,
        },
        miniCard(c.card),
        h("span", { class: "mini-name" }, seatLabel(c.seat)),
      );
    });
    return h(
      "li",
      { class: "analysis-trick", "data-analysis-trick": String(i) },
      h("span", { class: "trick-no" }, String(i + 1)),
      h("span", { class: "mini-cards" }, cards),
      notes.length ? h("div", { class: "trick-notes" }, notes) : null,
    );
  });
  return h("section", { class: "analysis-tricks", "aria-label": t("analysis.tricks") }, h("h3", {}, t(ramsch ? "analysis.ramsch.title" : "analysis.tricks")), ramsch ? null : h("p", { class: "analysis-hint" }, t("analysis.tricksHint")), h("ol", {}, items));
}

function swingsPart(a) {
  if (!a.swings?.length) return null;
  return h(
    "section",
    { class: "analysis-swings" },
    h("h3", {}, t("analysis.swings")),
    h(
      "ul",
      {},
      a.swings.map((s) =>
        h(
          "li",
          { "data-swing-index": String(s.index) },
          t("analysis.swing.item", { trick: s.trick + 1, name: playerName(s.seat), card: cardLabel(s.card), before: outcomeShort(s.before, a), after: outcomeShort(s.after, a) }),
          " ",
          h("span", { class: "better-label" }, t("analysis.card.better")),
          " ",
          cardsInline(s.better, "data-better"),
          linePart(s.line, a, "analysis.swing.line"),
        ),
      ),
    ),
  );
}

function choiceRow(row, a) {
  const discard = row.discard ? row.discard.split(" ").filter(Boolean) : [];
  return h(
    "tr",
    {
      class: row.played ? "played" : "",
      "data-choice": row.contract,
      "data-played": row.played ? "1" : "0",
      "data-won": row.outcome ? (row.outcome.won ? "1" : "0") : "",
    },
    h("th", { scope: "row" }, contractText(row.contract), row.played ? h("span", { class: "played-mark" }, " ", t("analysis.choice.played")) : null),
    h("td", { class: "choice-discard" }, discard.length ? cardsInline(discard, "data-choice-discard") : "–"),
    h("td", { class: row.outcome ? (row.outcome.won ? "won" : "lost") : "lost" }, row.reaches_bid ? outcomeShort(row.outcome, { contract: row.contract }) : t("analysis.choice.cannotReach")),
    h("td", { class: "num choice-tried" }, row.hand ? "" : t("analysis.choice.triedOf", { n: row.examined, of: row.total })),
  );
}

function choicePart(a) {
  const c = a.game_choice;
  if (!c) return null;
  const table = (rows, key) =>
    h(
      "div",
      { class: "analysis-choice-block" },
      h("h4", {}, t(key)),
      h(
        "table",
        { class: "analysis-choice" },
        h("thead", {}, h("tr", {}, CHOICE_COLUMNS.map((k) => h("th", { scope: "col", class: k === "analysis.choice.tried" ? "choice-tried" : null }, t(k))))),
        h("tbody", {}, rows.map((r) => choiceRow(r, a))),
      ),
    );
  return h(
    "section",
    { class: "analysis-choice-part", "data-analysis-choice": true },
    h("h3", {}, t("analysis.choice.title")),
    h("p", {}, t(c.seat === a.seat ? "analysis.choice.introYou" : "analysis.choice.intro", { name: playerName(c.seat), bid: c.bid, game: contractText(c.played) })),
    table(c.hand, "analysis.choice.hand"),
    table(c.pickup, "analysis.choice.pickup"),
  );
}

/** Why the strong computer made its call `c` (the server's figures, the hint's `bid` reason). */
function callWhy(c) {
  const r = c.reason ?? {};
  if (c.kind !== "bid") return "";
  if (r.decided === "contest") {
    if (!r.game) return t("analysis.estimate.callNoneWorth", { value: r.value });
    const chance = formatPercent(r.chance);
    return t("analysis.estimate.callContest", { game: contractText(r.game), chance, expected: formatNumber(r.expected, 1, true) });
  }
  if (!r.limit) return t("analysis.estimate.callNoLimit");
  return t("analysis.estimate.callLimit", { limit: r.limit, game: contractText(r.limit_game) });
}

/** The person's calls in this auction, each beside the strong computer's call at that point. */
function callsList(e) {
  if (e.callsState === "loading") return h("div", { class: "analysis-wait", "data-estimate-calls": "loading" }, spinner(t("analysis.estimate.callsLoading")));
  if (e.callsState === "error") return h("p", { class: "analysis-error", "data-estimate-calls": "error" }, errorText(e.callsError));
  if (!e.calls?.length) return null;
  const last = e.calls[e.calls.length - 1];
  return h(
    "div",
    {},
    h("p", {}, t("analysis.estimate.calls")),
    h(
      "ol",
      { class: "analysis-calls", "data-estimate-calls": String(e.calls.length) },
      ...e.calls.map((c) =>
        h(
          "li",
          { "data-estimate-call": String(c.index), "data-said": c.said, "data-strong": c.strong, "data-decided": c.reason?.decided ?? "" },
          t("analysis.estimate.call", { at: c.at, said: actionLabel(c.said), strong: actionLabel(c.strong), why: callWhy(c) }),
        ),
      ),
    ),
    last.said !== last.strong ? h("p", { class: "analysis-hint", "data-estimate-parted": String(last.index) }, t("analysis.estimate.parted")) : null,
  );
}

/** The strong computer's bid limit from the person's ten dealt cards (before any bid) beside
 * what they bid, and its call at each of the person's calls in this auction. */
function estimatePart(a) {
  const e = a.estimates;
  if (!e) return null;
  return h(
    "section",
    { class: "analysis-estimate", "data-estimate-limit": String(e.bid_limit), "data-estimate-bid": String(e.bid) },
    h("h3", {}, t("analysis.estimate.title")),
    h(
      "p",
      {},
      e.bid_limit ? t("analysis.estimate.limit", { limit: e.bid_limit }) : t("analysis.estimate.pass"),
      " ",
      e.bid ? t("analysis.estimate.bid", { bid: e.bid }) : t("analysis.estimate.passed"),
    ),
    callsList(e),
  );
}

function notesPart(a) {
  const seat = a.game_choice?.seat;
  return h(
    "section",
    { class: "analysis-notes" },
    h("h3", {}, t("analysis.notes")),
    h(
      "ul",
      {},
      (a.notes ?? []).map((n) => h("li", { "data-note": n.code }, NOTES[n.code] ? t(NOTES[n.code], { name: seat === undefined ? "" : playerName(seat) }) : n.text)),
    ),
  );
}

function bodyOf(entry) {
  if (entry.state === "loading") return h("div", { class: "analysis-wait" }, spinner(t("analysis.loading")));
  if (entry.state === "error") return h("p", { class: "analysis-error", role: "alert", "data-analysis-error": entry.error?.code ?? "network" }, errorText(entry.error));
  const a = entry.data;
  const role = a.declarer === null ? "" : a.declarer === a.seat ? t("seat.declarer") : t("analysis.defender");
  return [
    h(
      "p",
      { class: "analysis-deal" },
      [t("analysis.deal", { number: a.deal_number }), a.contract ? contractText(a.contract) : t("marker.passed"), a.kind === "game" ? t("analysis.bid", { bid: a.bid }) : null, roleName(a.seat), role]
        .filter(Boolean)
        .join(" · "),
    ),
    verdictPart(a),
    a.kind === "passed" ? null : linePart(a.opening, a, "analysis.opening"),
    a.kind === "passed" ? null : tricksPart(a),
    swingsPart(a),
    estimatePart(a),
    choicePart(a),
    notesPart(a),
  ];
}

export function analysisPanel() {
  const entry = state.analysing;
  // the analysis is drawn as seen from the analysed seat ("You" is the person in that deal)
  const body = seenFrom(entry.humanSeat, () => bodyOf(entry));
  return h(
    "div",
    { class: "overlay top analysis-overlay" },
    h(
      "section",
      {
        class: "dialog panel analysis-panel",
        role: "dialog",
        "aria-modal": "true",
        "aria-labelledby": "analysis-title",
        "aria-busy": entry.state === "loading" ? "true" : "false",
        "data-panel": "analysis",
        "data-analysis-state": entry.state,
        "data-answer": entry.state === "ready" ? entry.data.answer : null,
      },
      h("div", { class: "panel-head" }, h("h2", { id: "analysis-title" }, t("analysis.title")), h("button", { class: "btn small", "data-ui": "close-analysis", onclick: close }, t("button.close"))),
      body,
    ),
  );
}
