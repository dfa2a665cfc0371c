// The result of a deal with its explanation and review, and the review of a score sheet row.

import * as api from "./api.js";
import * as sheet from "./sheet.js";
import { analyseButton } from "./analysis.js";
import { parseContract, recordOptions } from "./cards.js";
import { formatNumber, list, t, tn } from "./i18n.js";
import { callsList } from "./bidding.js";
import { h } from "./dom.js";
import { openPanel } from "./layers.js";
import { cardFace, cardLabel, contractText, playerLabel, playerName, roleName, seatLabel, seatPosition, seatsInSheetOrder, signed, sorted } from "./names.js";
import { notify } from "./noticebar.js";
import { gameReviewButton } from "./gamereview.js";
import { replayButton } from "./replay.js";
import { bockRefused, playerLevel } from "./settings.js";
import { resultHeadline } from "./speech.js";
import { closeLayer, showPanel, showReview } from "./panelstate.js";
import { markRowDamaged, render, seenFrom, setNotice, startDeal, state } from "./state.js";

const LEVEL_CODES = new Set([
  "game",
  "hand",
  "schneider",
  "schneider_announced",
  "schwarz",
  "schwarz_announced",
  "ouvert",
]);

function stepText(step) {
  const params = { value: step.value, signed: signed(step.value) };
  if (step.seat !== undefined && step.seat !== null) params.name = playerName(step.seat);
  // a push names its seat when the result says it (older results do not)
  const key = "step." + step.code + (step.code === "schieben" && params.name ? "_by" : "");
  const plain = t(key, params, `${step.code}: ${step.value}`);
  // "for you", "you have" are not the name "You" in every language (für dich, du hast)
  const own = params.name && seatPosition(step.seat) === "bottom";
  return own ? t(key + "_you", params, plain) : plain;
}

/**
 * The explanation spelled out: the value line ("with 2, game 3, hand 4 × 10 = 40"), then one line
 * for each later step (overbid, won or lost, Kontra, score), from the scoring module's steps.
 */
function explanationLines(r) {
  const steps = r.steps ?? [];
  const lines = [];
  const levels = [];
  let base = null;
  let value = null;
  for (const step of steps) {
    if (step.code === "matadors_with" || step.code === "matadors_without" || LEVEL_CODES.has(step.code)) {
      levels.push(stepText(step));
    } else if (step.code === "base_value") {
      base = step.value;
    } else if (step.code === "multiplier" || step.code === "score") {
      continue;
    } else if (step.code === "game_value" && value === null) {
      value = step.value;
      if (levels.length && base !== null) {
        lines.push({ cls: "calc", text: t("calc.value", { levels: list(levels), base, value }) });
      } else if (r.kind === "game" && parseContract(r.contract)?.game === "N") {
        lines.push({ cls: "calc", text: t("calc.null", { game: contractText(r.contract), value }) });
      }
    } else if (step.code === "null_value") {
      continue;
    } else if (step.code === "overbid") {
      lines.push({ cls: "overbid", text: t("calc.overbid", { value, bid: step.value }) });
    } else if (step.code === "raised_value") {
      lines.push({ cls: "overbid", text: t("calc.raised", { value: step.value, base }) });
    } else {
      lines.push({ cls: step.code, text: stepText(step) });
    }
  }
  return lines;
}

function resultBody(v) {
  const r = v.result;
  const lines = [];
  if (r.kind === "game") {
    lines.push(
      h(
        "p",
        { class: "game-line" },
        t(r.declarer === state.humanSeat ? "result.gameYou" : "result.game", {
          name: playerName(r.declarer),
          game: contractText(r.contract),
          bid: r.bid,
        }),
      ),
      // A game conceded before the declarer took a trick (in the first trick) is shown without
      // card points: the skat's for the declarer and the rest for the defenders would read as a
      // Schneider. A declarer who left later keeps his card points and the remark.
      h(
        "p",
        { class: "points-line" },
        r.conceded && !r.declarer_tricks
          ? t("result.conceded")
          : r.claim === "claim_defenders"
          ? // the defenders' claim: the card points best play would give (in Null, that he takes
            // a trick), not a trick count: the server counts the declarer one trick at least
            parseContract(r.contract)?.game === "N"
            ? t("result.nullClaimed")
            : t("result.pointsBestPlay", { declarer: r.declarer_points, defenders: r.defender_points })
          : [
              t(parseContract(r.contract)?.game === "N" ? "result.nullTricks" : "result.points", {
                declarer: r.declarer_points,
                defenders: r.defender_points,
                tricks: r.declarer_tricks,
              }),
              r.conceded ? " " + t("result.conceded") : "",
            ],
      ),
    );
  }
  if (r.kind === "ramsch") {
    lines.push(
      h("p", { class: "points-line" }, seatsInSheetOrder().map((s) => t("result.ramschPoints", { name: playerName(s), points: r.points[s] })).join(" · ")),
    );
  }
  const explanation = explanationLines(r);
  if (explanation.length) {
    lines.push(h("ul", { class: "explanation" }, explanation.map((l) => h("li", { class: l.cls }, l.text))));
  }
  if (v.claim) lines.push(claimProof(v));
  if (!r.passed && r.list_scores) {
    const key = (r.score_list ?? "simple") === "seeger_fabian" ? "result.listSeegerFabian" : "result.listSimple";
    lines.push(
      h(
        "p",
        { class: "score-line" },
        h("span", {}, t(key)),
        " ",
        seatsInSheetOrder().map((s) =>
          h("span", { class: "list-score", "data-list-seat": s }, playerName(s), " ", h("strong", {}, signed(r.list_scores[s]))),
        ),
      ),
    );
  }
  const { text, good } = resultHeadline(r);
  return [h("h2", { class: r.passed ? "" : good ? "won" : "lost" }, text), lines, v.review ? review(v) : null];
}

function seriesLine() {
  const series = state.store?.series;
  if (state.practice) return h("p", { class: "series-line" }, t("series.practice"));
  if (!series) return null;
  const { totals } = sheet.tally(series, bockRefused(series));
  const parts = [0, 1, 2].map((p) => `${playerLabel(p)} ${formatNumber(totals.points[p], 0)}`).join(" · ");
  const progress = series.length
    ? t("sheet.progress", { n: formatNumber(series.deals.length), of: formatNumber(series.length) })
    : tn("sheet.progressOpen", series.deals.length);
  return h(
    "p",
    { class: "series-line" },
    progress,
    " — ",
    parts,
    sheet.isComplete(series) ? h("strong", { class: "series-done" }, " " + t("sheet.complete")) : null,
  );
}

export function resultPanel(v) {
  const r = v.result;
  const options = recordOptions(state.record ?? "");
  return h(
    "div",
    { class: "overlay" },
    h(
      "section",
      {
        class: "dialog result-panel",
        role: "dialog",
        tabindex: "-1",
        "aria-label": t("result.title"),
        "data-result": v.iss_result ?? "",
        "data-record": state.record ?? "",
      },
      resultBody(v),
      seriesLine(),
      h(
        "div",
        { class: "dialog-buttons" },
        h("button", { class: "btn", "data-ui": "show-sheet", onclick: () => openPanel("sheet") }, t("menu.sheet")),
        !state.record ? null : analyseButton(state.record, state.humanSeat, "result"),
        !state.record ? null : gameReviewButton(state.record, state.humanSeat, "result", v.card_order ?? null),
        r.passed ? null : h("button", { class: "btn", "data-ui": "replay", onclick: () => startDeal(v.deal_number, { humanSeat: state.humanSeat, options }) }, t("result.replay")),
        state.record ? replayButton(state.record, state.humanSeat) : null,
        h("button", { class: "btn primary", "data-ui": "next", onclick: () => startDeal(null) }, t("result.next")),
      ),
    ),
  );
}

export function winnerText(trick) {
  if (trick.winner === state.humanSeat) return t("review.winnerYou", { points: trick.points });
  return t("review.winner", { name: playerName(trick.winner), points: trick.points });
}

/** A card with the name of the player who played it under it (a trick, in the review too). */
function namedCard(seat, card, winner) {
  return h(
    "span",
    { class: "mini-card" + (seat === winner ? " winner" : ""), "data-seat": String(seat), "data-played": card },
    cardFace(card, { title: cardLabel(card) }),
    h("span", { class: "mini-name" }, seatLabel(seat)),
  );
}

/** The cards as they were when the claim that ended the game was made: its proof, which the
 * server checked with every card open (view.claim). */
function claimProof(v) {
  const c = v.claim;
  const title = c.seat === state.humanSeat ? t("claim.hands_you") : t("claim.hands", { name: playerName(c.seat) });
  return h(
    "div",
    { class: "claim-proof", "data-claim": c.action, "data-claim-seat": String(c.seat) },
    h("p", { class: "claim-title" }, title),
    seatsInSheetOrder().map((seat) =>
      h(
        "div",
        { class: "review-hand", "data-claim-hand": String(seat) },
        h("span", { class: "review-name" }, playerName(seat), " · ", roleName(seat)),
        h("span", { class: "mini-cards" }, sorted(c.hands[seat], v).map((card) => cardFace(card, { title: cardLabel(card) }))),
      ),
    ),
    c.trick.length ? h("p", { class: "claim-trick" }, t("claim.trick"), " ", h("span", { class: "mini-cards" }, c.trick.map(({ seat, card }) => namedCard(seat, card, null)))) : null,
  );
}

function review(v) {
  const rv = v.review;
  const seatRow = (seat) =>
    h(
      "div",
      { class: "review-hand" },
      h("span", { class: "review-name" }, playerName(seat), " · ", roleName(seat)),
      h("span", { class: "mini-cards" }, sorted(rv.hands[seat], v).map((c) => cardFace(c, { title: cardLabel(c) }))),
    );
  const tricks = (rv.tricks ?? []).map((tr, i) =>
    h(
      "li",
      { class: "review-trick", "data-review-trick": String(i) },
      h("span", { class: "trick-no" }, String(i + 1)),
      h("span", { class: "mini-cards" }, tr.cards.map(({ seat, card }) => namedCard(seat, card, tr.winner))),
      h("span", { class: "trick-winner" }, winnerText(tr)),
    ),
  );
  return h(
    "details",
    { class: "review", open: true },
    h("summary", {}, t("review.title")),
    [0, 1, 2].map(seatRow),
    h(
      "div",
      { class: "review-hand" },
      h("span", { class: "review-name" }, t("review.skat")),
      h("span", { class: "mini-cards" }, rv.skat.map((c) => cardFace(c, { title: cardLabel(c) }))),
      rv.discard && rv.discard.length ? h("span", { class: "review-name" }, t("review.discard")) : null,
      rv.discard && rv.discard.length ? h("span", { class: "mini-cards" }, rv.discard.map((c) => cardFace(c, { title: cardLabel(c) }))) : null,
      rv.final_skat && rv.final_skat.length ? h("span", { class: "review-name" }, t("review.finalSkat")) : null,
      rv.final_skat && rv.final_skat.length ? h("span", { class: "mini-cards", "data-review-final-skat": true }, rv.final_skat.map((c) => cardFace(c, { title: cardLabel(c) }))) : null,
    ),
    callsList(v) ? h("div", { class: "review-calls" }, h("h3", {}, t("calls.title")), callsList(v)) : null,
    h("ol", { class: "review-tricks" }, tricks),
  );
}

export async function openReview(index) {
  const deal = state.store.series?.deals?.[index];
  if (!deal) return;
  // A row without a record or a seat to show it from cannot be reviewed: it says why.
  const damage = sheet.dealDamage(deal);
  const rowDamaged = (why) => notify("row-damaged", () => t("sheet.damagedRow", { n: formatNumber(index + 1), why: why() }));
  if (damage === "shape" || damage === "seat" || damage === "record") {
    rowDamaged(() => t("sheet.damaged." + damage));
    return;
  }
  try {
    const data = await api.view(deal.record, deal.human_seat, playerLevel());
    if (state.panel !== "sheet") return; // the sheet was closed (Esc, Back) while the review loaded
    showReview({ view: data.view, record: data.record, index, humanSeat: deal.human_seat, options: recordOptions(deal.record) });
  } catch (err) {
    if (api.refused(err)) {
      // the server cannot read the record: the row is marked (its score counts as written)
      markRowDamaged(deal);
      rowDamaged(() => `${t("sheet.damaged.record")}: ${err.code}`);
      return;
    }
    setNotice({ say: () => t("error.generic", { message: err.code ?? String(err) }), kind: "error" });
  }
  render();
}

export function reviewPanel() {
  const rv = state.reviewing;
  // The review is drawn as seen from the person's seat in that deal.
  const inner = seenFrom(rv.humanSeat, () => resultBody(rv.view, rv.record));
  return h(
    "div",
    { class: "overlay top" },
    h(
      "section",
      { class: "dialog result-panel review-panel", role: "dialog", "aria-modal": "true", "aria-label": t("sheet.reviewTitle", { n: rv.index + 1 }), "data-review": String(rv.index) },
      h("h2", {}, t("sheet.reviewTitle", { n: rv.index + 1 })),
      inner,
      h(
        "div",
        { class: "dialog-buttons" },
        h("button", { class: "btn", "data-ui": "close-review", onclick: () => { closeLayer("reviewing"); render(); } }, t("button.close")),
        analyseButton(rv.record, rv.humanSeat, "row"),
        gameReviewButton(rv.record, rv.humanSeat, "row", rv.view.card_order ?? null),
        replayButton(rv.record, rv.humanSeat, state.store.series?.deals?.[rv.index] ?? null),
        h(
          "button",
          { class: "btn primary", "data-ui": "replay-row", onclick: () => { const r = state.reviewing; showPanel(null); startDeal(r.view.deal_number, { humanSeat: r.humanSeat, options: r.options }); } },
          t("result.replay"),
        ),
      ),
    ),
  );
}
