// "The computer with your cards": the server's strong player plays the person's seat of a
// finished deal again, with the same cards and the same computer players beside it
// (POST /api/replay). This panel shows both results side by side and both trick lists with the
// trick where the lines parted; the score sheet's row keeps the computer's score beside the
// person's. Everything shown is the server's: this module words it and computes no rule.

import * as api from "./api.js";
import { t } from "./i18n.js";
import { announce, h, spinner } from "./dom.js";
import { callText, cardFace, cardLabel, cardsIn, contractText, playerName, roleName, signed } from "./names.js";
import { playerLevel } from "./settings.js";
import { closeReplay, keepReplayScore, openReplay, replayAnswered } from "./panelstate.js";
import { render, seenFrom, state } from "./state.js";

// Answers already had, by seat, level and record: the same request gives the same replay, so a
// panel opened again shows it at once (kept while the page is open).
const answers = new Map();

// The words for where the lines parted, by the phase the server names.
const PARTED_KEYS = {
  bidding: "replay.partedBidding",
  skat: "replay.partedSkat",
  discard: "replay.partedDiscard",
  declare: "replay.partedDeclare",
  kontra: "replay.partedKontra",
  schieben: "replay.partedSchieben",
};

const LEVELS = ["heuristic", "strong"];

/** True for a card's record token (SA, HT): the notation, read to name it. */
function isCard(token) {
  return /^[CSHD][AKQJT987]$/.test(token);
}

/** The button that opens the panel for the finished deal `record` seen from `humanSeat`; `row`:
 * the score sheet's row of it when the panel is opened from its review (its record may be written
 * otherwise, as an imported one with the players' names). */
export function replayButton(record, humanSeat, row = null) {
  return h(
    "button",
    { class: "btn", "data-ui": "replay-computer", onclick: () => askReplay(record, humanSeat, row) },
    t("replay.button"),
  );
}

async function askReplay(record, humanSeat, row) {
  const level = playerLevel();
  const key = `${humanSeat}|${level ?? ""}|${record}`;
  const token = {};
  openReplay({ record, humanSeat, data: answers.get(key) ?? null, error: null, token });
  render();
  if (state.replaying.data) return;
  announce(t("replay.waiting"));
  let data = null;
  let error = null;
  try {
    data = await api.replay(record, humanSeat, level);
    answers.set(key, data);
    keepReplayScore(record, humanSeat, row, { score: data.computer.score, player: data.player, record: data.computer.record });
  } catch (err) {
    error = err.code ?? String(err);
  }
  if (!replayAnswered(token, data, error)) {
    if (data && state.panel === "sheet") render(); // the row shows the score now
    return; // closed while it was computed
  }
  render();
  announce(data ? scoresText(data) : t("replay.failed", { message: error }));
}

/** The computer's score on a score sheet row, under the person's: `found` is what the server
 * found of the row's replay (compare.js rowReplays): {score} shown, {refused} marked as refused
 * with the reason, none (null) nothing. The score the row keeps is not shown: it is the
 * browser's own copy, which the server did not check. */
export function rowReplayScore(found) {
  if (found?.refused) {
    const why = found.refused.message || found.refused.code;
    return h(
      "small",
      { class: "replay-score refused", "data-replay-score": "refused", "data-replay-refused": found.refused.code, title: t("replay.sheetRefusedTitle", { why }) },
      t("replay.sheetRefused"),
    );
  }
  if (!Number.isInteger(found?.score)) return null;
  const score = found.score;
  return h(
    "small",
    { class: "replay-score", "data-replay-score": "row", title: t("replay.sheetTitle", { score: signed(score) }) },
    t("replay.sheetScore", { score: signed(score) }),
  );
}

function scoresText(data) {
  return t("replay.scores", { person: signed(data.person.score), computer: signed(data.computer.score) });
}

function close() {
  closeReplay();
  render();
}

/** The name of a seat in one of the two deals: the person's seat is the computer's in the replay. */
function seatName(seat, side, own) {
  return side === "computer" && seat === own ? t("replay.computer") : playerName(seat);
}

function winnerText(trick, side, own) {
  if (trick.winner === own && side === "person") return t("review.winnerYou", { points: trick.points });
  return t("replay.takes", { name: seatName(trick.winner, side, own), points: trick.points });
}

function gameText(r) {
  if (r.kind === "game") return contractText(r.contract);
  if (r.kind === "ramsch") return t("game.R");
  return t("marker.passed");
}

function outcomeText(r, seat) {
  if (r.kind === "game") return t(r.won ? "replay.won" : "replay.lost");
  if (r.kind === "ramsch") return t((r.losers ?? []).includes(seat) ? "replay.ramschLost" : "replay.ramschWon");
  return "–";
}

function pointsText(r, seat) {
  if (r.kind === "game") return t("replay.points", { declarer: r.declarer_points, defenders: r.defender_points });
  if (r.kind === "ramsch") return String(r.points?.[seat] ?? "–");
  return "–";
}

function compareTable(data) {
  const seat = data.seat;
  const sides = ["person", "computer"];
  const row = (label, cell, attrs = {}) =>
    h(
      "tr",
      attrs,
      h("th", { scope: "row" }, label),
      sides.map((side) => h("td", { "data-replay-side": side }, cell(data[side].result, side))),
    );
  return h(
    "table",
    { class: "replay-compare" },
    h("caption", { class: "sr-only" }, t("replay.compareCaption")),
    h("thead", {}, h("tr", {}, h("td", {}), h("th", { scope: "col" }, t("replay.you")), h("th", { scope: "col" }, t("replay.computer")))),
    h(
      "tbody",
      {},
      row(t("replay.game"), (r) => gameText(r)),
      row(t("replay.declarer"), (r, side) => (r.kind === "game" ? seatName(r.declarer, side, seat) : "–")),
      row(t("replay.outcome"), (r) => outcomeText(r, seat)),
      row(t("replay.cardPoints"), (r) => pointsText(r, seat)),
      h(
        "tr",
        { class: "replay-score-row" },
        h("th", { scope: "row" }, t("replay.score", { seat: roleName(seat) })),
        sides.map((side) => h("td", { "data-replay-side": side }, h("strong", { "data-replay-score": side }, signed(data[side].score)))),
      ),
    ),
  );
}

/** The in-sentence words of the decision `token` where the lines parted in `phase` (the buttons'
 * labels are capitalised, a sentence's words not). */
const SAID = { p: "replay.said.pass", y: "replay.said.yes", "-": "replay.said.nothing", s: "replay.said.pickUp", RE: "replay.said.concede" };
function saidText(token, phase) {
  if (isCard(token)) return cardLabel(token);
  if (phase === "schieben" && token === "p") return t("replay.said.pushUnseen");
  // the pushed cards are the object of a noun in German ("das Weiterschieben des Kreuz-Buben")
  if (phase === "schieben" && token.includes(".")) return t("replay.said.push", { cards: cardsIn(token.split("."), "gen") });
  return SAID[token] ? t(SAID[token]) : callText(token);
}

function partedText(data) {
  const p = data.parted;
  if (!p) return t("replay.identical");
  const said = (token) => saidText(token, p.phase);
  if (p.phase === "play" && isCard(p.person) && isCard(p.computer)) {
    return t("replay.partedPlay", { trick: p.trick + 1, person: said(p.person), computer: said(p.computer) });
  }
  if (p.phase === "play") {
    // a declarer's concession (in the first trick) against a card
    return t("replay.partedPlayOther", { trick: p.trick + 1, person: said(p.person), computer: said(p.computer) });
  }
  const key = PARTED_KEYS[p.phase] ?? "replay.partedBidding";
  return t(key, { person: said(p.person), computer: said(p.computer) });
}

function trickList(data, side) {
  const seat = data.seat;
  const parted = data.parted;
  const tricks = data[side].result && data[side].review ? data[side].review.tricks ?? [] : [];
  return h(
    "section",
    { class: "replay-side", "data-replay-tricks": side, "aria-label": t(side === "person" ? "replay.yourTricks" : "replay.computerTricks") },
    h("h3", {}, t(side === "person" ? "replay.yourTricks" : "replay.computerTricks")),
    tricks.length ? null : h("p", {}, t("replay.noTricks")),
    h(
      "ol",
      { class: "review-tricks replay-tricks" },
      tricks.map((tr, i) => {
        const here = parted && parted.trick === i;
        return h(
          "li",
          { class: "review-trick" + (here ? " parted" : ""), "data-replay-trick": String(i), "data-parted": here ? "" : null },
          h("span", { class: "trick-no" }, String(i + 1)),
          h(
            "span",
            { class: "mini-cards" },
            tr.cards.map(({ seat: s, card }) =>
              h(
                "span",
                { class: "mini-card" + (s === tr.winner ? " winner" : ""), "data-seat": String(s), "data-played": card },
                cardFace(card, { title: cardLabel(card) }),
                h("span", { class: "mini-name" }, seatName(s, side, seat)),
              ),
            ),
          ),
          h("span", { class: "trick-winner" }, winnerText(tr, side, seat)),
          here ? h("span", { class: "replay-parted-mark" }, t("replay.partedHere")) : null,
        );
      }),
    ),
  );
}

function body(rp) {
  if (rp.error) return h("p", { class: "replay-error", role: "alert" }, t("replay.failed", { message: rp.error }));
  if (!rp.data) return h("div", { class: "replay-waiting" }, spinner(t("replay.waiting")));
  const data = rp.data;
  const levelName = (name) => (LEVELS.includes(name) ? t("player.level." + name) : name);
  return [
    h("p", { class: "replay-intro" }, t("replay.intro", { player: levelName(data.player), seat: roleName(data.seat), level: levelName(data.level) })),
    compareTable(data),
    h("p", { class: "replay-parted", "data-replay-parted": data.parted ? String(data.parted.index) : "identical" }, partedText(data)),
    h("div", { class: "replay-sides" }, trickList(data, "person"), trickList(data, "computer")),
  ];
}

export function replayPanel() {
  const rp = state.replaying;
  // Both deals are drawn as seen from the person's seat in that deal.
  const inner = seenFrom(rp.humanSeat, () => body(rp));
  return h(
    "div",
    {
      class: "overlay top",
      // not on the second click of the double-click that opened it (gamereview.js overlay)
      onclick: (e) => { if (e.target === e.currentTarget && e.detail < 2) close(); },
      // Esc closes it as any layer (keyboard.js), and gives the focus back to its button
      onkeydown: (e) => { if (e.key === "Escape" && !e.defaultPrevented) { e.preventDefault(); close(); } },
    },
    h(
      "section",
      {
        class: "dialog replay-panel",
        role: "dialog",
        "aria-modal": "true",
        "aria-labelledby": "replay-title",
        "aria-busy": rp.data || rp.error ? "false" : "true",
        "data-panel": "replay",
        "data-state": rp.error ? "failed" : rp.data ? "done" : "waiting",
      },
      h("h2", { id: "replay-title" }, t("replay.title")),
      inner,
      h("div", { class: "dialog-buttons" }, h("button", { class: "btn primary", "data-ui": "close-replay", onclick: close }, t("button.close"))),
    ),
  );
}
