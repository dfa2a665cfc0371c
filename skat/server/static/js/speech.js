// What the live region says to a screen reader: the result's headline, whose turn it is, a
// trick taken, another seat's call.

import { list, t, tn } from "./i18n.js";
import { bidHint } from "./bidding.js";
import { announce } from "./dom.js";
import { bubbleToken, callText, cardLabel, playerName } from "./names.js";
import { state } from "./state.js";

/** The headline of a result as seen by the person: {text, good}. */
export function resultHeadline(r) {
  let headline;
  let good = false;
  if (r.passed) headline = t("result.passed");
  else if (r.kind === "ramsch") {
    good = !(r.losers ?? []).includes(state.humanSeat);
    // a Durchmarsch (every trick, where the rules count it) is a win, not just escaping the loss
    const march = (r.steps ?? []).some((s) => s.code === "durchmarsch");
    if (march && r.durchmarsch === state.humanSeat) headline = t("result.durchmarschYou");
    else if (march) headline = t("result.durchmarsch", { name: playerName(r.durchmarsch) });
    else headline = good ? t("result.ramschWon") : t("result.ramschLost");
  } else if (r.declarer === state.humanSeat) {
    headline = r.won ? t("result.youWon") : t("result.youLost");
    good = r.won;
  } else {
    headline = r.won
      ? t("result.declarerWon", { name: playerName(r.declarer) })
      : t("result.declarerLost", { name: playerName(r.declarer) });
    good = !r.won;
  }
  return { text: headline, good };
}

/** After a change of language: what the live region said stays in the old one, so it says the
 * table's state again in the new one (the result, or whose turn it is), or nothing. */
export function sayAgain() {
  const region = document.getElementById("announce");
  if (region) region.replaceChildren();
  const v = state.view;
  if (!v || state.animating) return;
  if (v.phase === "result" && v.result) announce(resultHeadline(v.result).text);
  else if (v.to_act === state.humanSeat) announce(yourTurnText(v));
}

export function announceEvent(ev) {
  if (ev.seat === null || ev.seat === undefined || ev.seat === state.humanSeat) return;
  if (ev.kind === "discard") return;
  announce(t("announce.says", { name: playerName(ev.seat), what: callText(bubbleToken(ev)) }));
}

export function trickText(ev) {
  const cards = list((ev.cards ?? []).map((x) => (typeof x === "string" ? x : x.card)).map(cardLabel));
  const who = ev.winner === state.humanSeat ? t("player.bottom") : playerName(ev.winner);
  return tn("announce.trick", ev.points ?? 0, { cards, name: who, points: ev.points ?? 0 });
}

export function yourTurnText(v) {
  if (v.phase === "bidding") return bidHint(v);
  if (v.phase === "play") {
    const trick = (v.trick ?? []).map((x) => t("announce.played", { name: playerName(x.seat), card: cardLabel(x.card) }));
    return [...trick, t("play.hint")].join(" ");
  }
  if (v.phase === "skat") return t("skat.hint", { value: v.bid });
  if (v.phase === "discard") return t("discard.hint");
  return t("announce.yourTurn");
}
