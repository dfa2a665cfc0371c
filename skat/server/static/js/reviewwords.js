// The review's words (issue 50): each judged decision of a deal — its mark, the decision as taken,
// why it got its mark and what it cost — and the deal's summary, in the person's language. The
// server judges and computes everything (POST /api/review, skat.analysis.review; docs/review.md
// names the marks, the 17 reason codes and their figures); this module only words what it sent.
// No DOM: the review panel puts these texts where it wants them.
//
// A decision is the server's JSON: {index, phase, trick, taken, best, legal, taken_expected,
// best_expected, taken_chance, best_chance, cost, chance_lost, mark, reason, figures, kind?}.
// Cards, games and calls are named by names.js, numbers and shares by i18n.js; the words of the
// strong computer's action and of its bid limit are the hint's (assist.js), the same computer
// deciding the same way.

import { bidWhy, whatText } from "./assist.js";
import { formatNumber, formatPercent, sentences, t, tn } from "./i18n.js";
import { actionLabel, cardIn, cardLabel, cardsIn, contractText } from "./names.js";

/** The marks of a decision (skat.analysis.review.MARKS with forced and unjudged), best first. */
export const MARKS = ["best", "good", "inaccuracy", "mistake", "blunder", "forced", "unjudged"];

/** The reason codes the server sends (skat.analysis.review.REASONS; a test compares the two). */
export const REASONS = [
  "forced",
  "best",
  "equal",
  "bid_high",
  "bid_low",
  "hand_not_pickup",
  "pickup_not_hand",
  "other_hand_game",
  "other_discard",
  "other_game",
  "overbid",
  "kontra_said",
  "kontra_missed",
  "card_chance",
  "card_points",
  "push_points",
  "unjudged",
];

/** The kinds of decision the review sums its costs by (a decision's `kind`; skat.analysis.review.KINDS). */
export const KINDS = ["bidding", "declaring", "declarer_play", "defence", "ramsch"];

/** The open-hand answers (skat.analysis.Analysis.answer) by what they say of the deal. */
const WON = new Set(["won", "beaten"]);
const UNWINNABLE = new Set(["lost_unwinnable", "unbeatable"]);
const WINNABLE = new Set(["lost_winnable", "lost_chance", "beatable", "beatable_later"]);
const AS_DEFENDER = new Set(["beaten", "beatable", "beatable_later", "unbeatable"]);


const CARD = /^[CSHD][AKQJT987]$/;
const CARDS = /^[CSHD][AKQJT987](\.[CSHD][AKQJT987])+$/;

/** The word for a mark ("best", "blunder", … "unjudged"). */
export function markLabel(mark) {
  return MARKS.includes(mark) ? t("judge.mark." + mark) : String(mark ?? "");
}

/** The word for a kind of decision (bidding, declaring, declarer_play, defence, ramsch). */
export function kindLabel(kind) {
  return KINDS.includes(kind) ? t("judge.kind." + kind) : String(kind ?? "");
}

/** The cards of a token ("SA.H8") or of a figure ("SA H8") named and listed inside a sentence
 * in `grammaticalCase` (names.js cardIn: "acc" an object, "dat" after "mit", "gen" of a noun). */
function cardsText(cards, grammaticalCase) {
  return cardsIn(String(cards).split(/[.\s]+/).filter(Boolean), grammaticalCase);
}

/** `text` with its first letter as at the start of a sentence in the current language. */
function capital(text) {
  return text ? text[0].toLocaleUpperCase(t("lang.tag")) + text.slice(1) : text;
}

/**
 * A short label of the decision as taken ("Bid 20", "Passed", "Picked up the skat", "Discarded
 * Ace of Spades, Eight of Hearts", "Grand Hand", "No Kontra", "Ace of Spades"); with `which`
 * "best", of the strong computer's action there as the hint words it ("Bid 20", "Pick up the
 * skat", "Play Ace of Spades", "No Kontra").
 */
export function decisionLabel(decision, which = "taken") {
  if (which === "best") {
    const d = decision ?? {};
    return capital((d.best === "-" ? declined(d, true) : null) ?? bestWords(d));
  }
  return capital(takenLabel(decision ?? {}));
}

function takenLabel(decision) {
  const token = String(decision.taken ?? "");
  const phase = decision.phase;
  if (/^\d+$/.test(token)) return t("judge.did.bid", { value: token });
  if (phase === "schieben") {
    if (token === "s") return t("judge.did.take");
    if (token === "p") return t("judge.did.pushUnseen");
    if (CARDS.test(token)) return t("judge.did.push", { cards: cardsText(token, "acc") });
  }
  if (token === "y") return t("judge.did.hold");
  if (token === "p") return t("judge.did.pass");
  if (token === "s") return t("judge.did.pickUp");
  if (CARDS.test(token)) return t("judge.did.discard", { cards: cardsText(token, "acc") });
  if (CARD.test(token)) return cardLabel(token);
  if (token === "-") return declined(decision) ?? t("judge.did.nothing");
  if (token === "RE") return t("judge.did.concede");
  return actionLabel(token); // a game (contractText), Kontra, Re, Supra, a claim, an exchange
}

/** A number of game points as the language writes it, signed: one decimal below 10 where
 * there is one (+4.5), whole from 10 on (+31). */
function points(value, signed = true) {
  const digits = Math.abs(value) < 10 && !Number.isInteger(value) ? 1 : 0;
  return formatNumber(value, digits, signed);
}

/** A decline of the call in the figures ("No Kontra"), as taken or (`best`) as the computer's
 * choice; null without a call in the figures. */
function declined(d, best = false) {
  const say = d.figures?.say;
  if (!["K", "R", "SU"].includes(say)) return null;
  return t(best ? "judge.do.declined" : "judge.did.declined", { say: actionLabel(say) });
}

/** The hint's words of the strong computer's action there ("bid 20", "pick up the skat",
 * "play Ace of Spades", "say nothing"), for inside a sentence. */
function bestWords(d) {
  if (d.phase === "discard" && !d.figures?.best_game) return t("judge.do.discard", { cards: cardsText(d.best, "acc") });
  const kind = {
    bidding: "bid",
    skat: "skat",
    discard: "discard",
    declare: "declare",
    kontra: "kontra",
    schieben: "schieben",
    play: "card",
  }[d.phase];
  return whatText({ action: d.best, kind, reason: { game: d.figures?.best_game ?? null } });
}

/** A contract's estimate inside a sentence: "Grand Hand wins in 62% of the sampled deals, for
 * +31 points expected"; one the computer did not solve is said to be the rules of thumb's. */
function estimate(game, chance, expected, solved) {
  if (!game || chance == null || expected == null) return t("judge.est.none");
  const key = solved === false ? "judge.est.rough" : "judge.est.solved";
  return t(key, { game: contractText(game), chance: formatPercent(chance), expected: points(expected) });
}

function mineEstimate(d) {
  const f = d.figures ?? {};
  return estimate(f.game, f.chance ?? d.taken_chance, f.expected ?? d.taken_expected, f.solved);
}

function bestEstimate(d) {
  const f = d.figures ?? {};
  return estimate(f.best_game, f.best_chance ?? d.best_chance, f.best_expected ?? d.best_expected, f.best_solved);
}

/** Both estimates side by side, the person's first; a pick-up's is of the best game after it. */
function estimatePair(d) {
  if (d.phase === "discard") return capital(t("judge.est.discardPair", { mine: mineEstimate(d), theirs: bestEstimate(d) }));
  const after = (token, words) => (token === "s" ? t("judge.est.afterPickup", { estimate: words }) : words);
  return capital(t("judge.est.pair", { mine: after(d.taken, mineEstimate(d)), theirs: after(d.best, bestEstimate(d)) }));
}

/** What a call commits to ({value}: null for a pass) is worth ({expected} game points) and the
 * game it is for ({game}: null when none reaches the value), inside a sentence. */
function callWorth(value, game, expected) {
  if (value == null) return t("judge.bid.passWorth");
  const params = { value, expected: points(expected ?? 0) };
  return game ? t("judge.bid.gameWorth", { ...params, game: contractText(game) }) : t("judge.bid.noGameWorth", params);
}

/** The auction: what the person's call and the computer's are worth as if it ended there. */
function bidWorth(d) {
  const f = d.figures ?? {};
  const mine = callWorth(f.value, f.game, d.taken_expected);
  const theirs = callWorth(f.best_value, f.best_game, d.best_expected);
  return t("judge.bid.worth", { mine, theirs });
}

/** The strong computer's bid limit: "with these cards it would play Hearts and bid up to 23". */
function bidLimit(d) {
  const f = d.figures ?? {};
  if (!f.limit) return t("hint.why.noLimit");
  return t("hint.why.limit", { game: contractText(f.limit_game), limit: f.limit });
}

/** What the person said in the auction against the computer's call. */
function bidWhat(d) {
  const f = d.figures ?? {};
  const best = bestWords(d);
  if (f.value == null) return t("judge.bid.passed", { best });
  return t("judge.bid.went", { value: f.value, best });
}

/** Kontra, Re, Supra: the declarer's chance as the seat saw it against the computer's line. */
function kontraChance(d) {
  const f = d.figures ?? {};
  const params = { say: actionLabel(f.say), chance: formatPercent(f.chance), line: formatPercent(f.line), value: f.value };
  return t(f.say === "R" ? "judge.kontra.chanceRe" : "judge.kontra.chance", params);
}

/** A card of a declared game: the share of the sampled deals won with it and with the best. */
function cardShares(d) {
  const f = d.figures ?? {};
  const key = f.declarer ? "judge.card.declarer" : "judge.card.defender";
  return t(key, {
    card: cardIn(f.card ?? d.taken, "dat"),
    best: cardIn(f.best_card ?? d.best, "dat"),
    chance: formatPercent(d.taken_chance ?? 0),
    bestChance: formatPercent(d.best_chance ?? 0),
    worlds: formatNumber(f.worlds ?? 0),
  });
}

function cardShare(d) {
  const f = d.figures ?? {};
  const key = f.declarer ? "judge.card.declarerOne" : "judge.card.defenderOne";
  return t(key, { card: cardIn(f.card ?? d.taken, "dat"), chance: formatPercent(d.taken_chance ?? 0), worlds: formatNumber(f.worlds ?? 0) });
}

/** A Schieberamsch choice inside a sentence: taking the skat, passing it on, pushing two cards. */
function pushWords(token) {
  if (token === "s") return t("judge.push.take");
  if (token === "p") return t("judge.push.unseen");
  return t("judge.push.cards", { cards: cardsText(token, "gen") });
}

/** A Ramsch card or a Schieberamsch choice: the average of the rollouts with it and the best. */
function rollouts(d) {
  const f = d.figures ?? {};
  const taken = f.taken ?? d.taken;
  const best = f.best_action ?? d.best;
  const params = { n: formatNumber(f.rollouts ?? 0), expected: points(d.taken_expected ?? 0), best: points(d.best_expected ?? 0) };
  if (d.phase === "schieben") return t("judge.rollouts.push", { ...params, choice: pushWords(taken), bestChoice: pushWords(best) });
  return t("judge.rollouts.card", { ...params, card: cardIn(taken, "dat"), bestCard: cardIn(best, "dat") });
}

function rolloutsOne(d) {
  const f = d.figures ?? {};
  const taken = f.taken ?? d.taken;
  const params = { n: formatNumber(f.rollouts ?? 0), expected: points(d.taken_expected ?? 0) };
  if (d.phase === "schieben") return t("judge.rollouts.pushOne", { ...params, choice: pushWords(taken) });
  return t("judge.rollouts.cardOne", { ...params, card: cardIn(taken, "dat") });
}

/** The figures of a decision compared with the best (the sentence the phase's code gives them). */
function comparison(d) {
  const f = d.figures ?? {};
  switch (d.phase) {
    case "bidding":
      return bidWorth(d);
    case "skat":
    case "discard":
    case "declare":
      return estimatePair(d);
    case "kontra":
      return kontraChance(d);
    default:
      if (f.worlds != null) return cardShares(d);
      if (f.rollouts != null) return rollouts(d);
      return "";
  }
}

/** Why the strong computer's own choice is good: its figures. */
function bestWhy(d) {
  const f = d.figures ?? {};
  if (d.phase === "bidding" && f.decided) return sentences(bidWhy(f, d.taken === "p"));
  if (d.phase === "skat" || d.phase === "declare") {
    if (!f.game) return "";
    return t(d.taken === "s" ? "judge.best.pickUp" : "judge.best.game", { estimate: mineEstimate(d) });
  }
  if (d.phase === "discard" && f.game) return t("judge.best.discard", { estimate: mineEstimate(d) });
  if (d.phase === "kontra" && f.say) return kontraChance(d);
  if (f.worlds != null) return cardShare(d);
  if (f.rollouts != null) return rolloutsOne(d);
  return "";
}

/**
 * One to three sentences saying why the decision got its mark, from its `reason` and `figures`
 * (docs/review.md, "Reasons"), to the person ("you"): the values, chances, expected points, the
 * computer's better card, game or discard, and whether a game was solved or only estimated.
 */
export function reasonText(d) {
  const f = d?.figures ?? {};
  switch (d?.reason) {
    case "forced":
      return t(d.phase === "play" ? "judge.why.forcedCard" : "judge.why.forced");
    case "unjudged":
      return t("judge.why.unjudged");
    case "best": {
      // the taken action valued above the strong computer's: the figures name its choice as the
      // hint, and their best_ figures are that choice's (docs/review.md, "How a decision is judged")
      if (f.hint != null && f.hint !== d.taken) {
        const hint = { ...d, best: f.hint, best_expected: f.hint_expected, best_chance: f.hint_chance };
        return sentences([t("judge.why.beatsHint", { best: bestWords(hint) }), comparison(hint)]);
      }
      return sentences([t("judge.why.best"), bestWhy(d)]);
    }
    case "equal":
      return sentences([t("judge.why.equal", { best: bestWords(d) }), comparison(d)]);
    case "bid_high": {
      // within the computer's limit it stops short only by its contest check
      const why = f.limit && f.value <= f.limit ? t("judge.bid.contest", { limit: f.limit, value: f.value }) : bidLimit(d);
      return sentences([bidWhat(d), why, bidWorth(d)]);
    }
    case "bid_low":
      return sentences([bidWhat(d), bidLimit(d), bidWorth(d)]);
    case "hand_not_pickup":
      return sentences([t("judge.why.handNotPickup", { game: contractText(f.game) }), estimatePair(d)]);
    case "pickup_not_hand":
      return sentences([t("judge.why.pickupNotHand", { best: contractText(f.best_game) }), estimatePair(d)]);
    case "other_hand_game":
      return sentences([t("judge.why.otherHandGame", { game: contractText(f.game), best: contractText(f.best_game) }), estimatePair(d)]);
    case "other_discard":
      return sentences([t("judge.why.otherDiscard", { cards: cardsText(f.cards ?? d.taken, "acc"), best: cardsText(f.best_cards ?? d.best, "acc") }), estimatePair(d)]);
    case "other_game":
      return sentences([t("judge.why.otherGame", { game: contractText(f.game), best: contractText(f.best_game) }), estimatePair(d)]);
    case "overbid": {
      // the game is counted lost, whatever its chance of 61: its expected score says so
      const lost = t("judge.est.overbid", { expected: points(d.taken_expected ?? f.expected ?? 0), theirs: bestEstimate(d) });
      return sentences([t("judge.why.overbid", { game: contractText(f.game), value: f.value, bid: f.bid, best: contractText(f.best_game) }), capital(lost)]);
    }
    case "kontra_said":
    case "kontra_missed": {
      const keys = { kontra_said: ["judge.why.said", "judge.why.saidRe"], kontra_missed: ["judge.why.missed", "judge.why.missedRe"] };
      const key = keys[d.reason][f.say === "R" ? 1 : 0];
      const params = { say: actionLabel(f.say), chance: formatPercent(f.chance), line: formatPercent(f.line), value: f.value };
      return sentences([t(key, params), t("judge.kontra.value", params)]);
    }
    case "card_chance":
      return cardShares(d);
    case "card_points":
    case "push_points":
      return rollouts(d);
    default:
      return "";
  }
}

/**
 * The strong computer's other action beside decision `d`, in words ("Better: Play Queen of
 * Hearts"), or null when there is none to name (it did the same, or the decision was forced or
 * not judged). Beside a decision marked best it is "just as good": the mark says the choice cost
 * less than the first line (docs/review.md, the marks), so "better" would contradict it.
 * `action`: the action's words where the caller names it otherwise (a call: names.js callText);
 * default decisionLabel(d, "best").
 */
export function alternativeText(d, action = null) {
  if (!d || d.best === d.taken || d.mark === "forced" || d.mark === "unjudged") return null;
  return t(d.mark === "best" ? "gamereview.equal" : "gamereview.better", { action: action ?? decisionLabel(d, "best") });
}

/** The short word under the computer's other card or cards in the position shown (alternativeText). */
export function alternativeShort(d) {
  return t(d?.mark === "best" ? "gamereview.equalShort" : "gamereview.betterShort");
}

/**
 * What the decision cost, as a short phrase: "costs about 12 points", "5% less chance to win
 * (about 2 points)", "costs nothing"; "" for a forced or unjudged decision.
 */
export function costText(d) {
  if (!d || d.cost == null || d.mark === "forced" || d.mark === "unjudged") return "";
  const lost = d.chance_lost;
  // a share that rounds to 0 % is said in points
  if (lost != null && formatPercent(lost) !== formatPercent(0)) {
    const share = formatPercent(lost);
    if (d.cost > 0) return tn("judge.cost.chancePoints", d.cost, { share, n: points(d.cost, false) });
    return t("judge.cost.chance", { share });
  }
  if (d.cost > 0) return tn("judge.cost.points", d.cost, { n: points(d.cost, false) });
  return t("judge.cost.none");
}

/**
 * The deal's verdict in a sentence or two, from the summary {total, marks, played_well,
 * open_hand}: whether the person played well (the core's played_well), what the cards
 * allowed with every card open ("played well, lost to the cards" apart from "lost by a
 * mistake"), and the expected points given away.
 */
export function summaryText(summary) {
  const total = Number(summary?.total ?? 0);
  const well = summary?.played_well === true;
  const answer = summary?.open_hand?.answer ?? null;
  const defending = AS_DEFENDER.has(answer);
  let verdict = "";
  if (WON.has(answer)) verdict = t(well ? "judge.sum.wonWell" : "judge.sum.wonLoosely");
  else if (UNWINNABLE.has(answer)) {
    const keys = defending ? ["judge.sum.luckDefence", "judge.sum.luckAndErrorsDefence"] : ["judge.sum.luck", "judge.sum.luckAndErrors"];
    verdict = t(keys[well ? 0 : 1]);
  } else if (WINNABLE.has(answer)) {
    const keys = defending ? ["judge.sum.hiddenDefence", "judge.sum.mistakeDefence"] : ["judge.sum.hidden", "judge.sum.mistake"];
    verdict = t(keys[well ? 0 : 1]);
  }
  else if (answer === "ramsch") verdict = t(well ? "judge.sum.ramschWell" : "judge.sum.ramschErrors");
  else if (answer === "passed") verdict = t("judge.sum.passed");
  // a Ramsch's total counts each card against the rules of thumb' card, not the costs listed
  // (skat.analysis.review.Judgement.given): it says so
  const sum = answer === "ramsch" ? "judge.sum.totalRamsch" : "judge.sum.total";
  const given = total > 0 ? tn(sum, total, { n: points(total, false) }) : t("judge.sum.nothing");
  return sentences([verdict, given]);
}
