// Judged decisions as POST /api/review answers them (skat.analysis.review.Judgement.to_json): at
// least one per reason code of docs/review.md, and one per phase where a code words its figures
// by the phase (best, equal) or by what they hold, with the figures each sentence must name. The
// cases of reviewwords.test.mjs, and of anyone who wants to read the review's sentences.

import "./setup.mjs";
import { JS } from "./setup.mjs";

const i18n = await import(new URL("i18n.js", JS));
const names = await import(new URL("names.js", JS));

/** A judged decision: the fields the server always sends, with `extra` over them. */
export function decision(extra) {
  return {
    index: 0, phase: "play", trick: 0, taken: "SA", best: "SA", legal: 3,
    taken_expected: null, best_expected: null, taken_chance: null, best_chance: null,
    cost: null, chance_lost: null, mark: "best", reason: "best", figures: {},
    ...extra,
  };
}

/** What says that a game was only estimated by rules of thumb, not solved. */
const NOT_SOLVED = { en: "not solved", de: "nicht durchgerechnet", sv: "inte löst", zh: "未求解" };

const BID_FIGURES = { decided: "limit", limit: 23, limit_game: "H", value: 18, contested: false, check: null, game: null, chance: null, expected: null };

/** The cases by name (a name before ":" is the reason code); `shows` are the figures the
 * sentence must name, by language (numbers and shares as that language writes them: i18n
 * formatNumber, formatPercent). */
export const CASES = {
  forced: { d: decision({ phase: "play", trick: 9, taken: "HA", best: "HA", legal: 1, mark: "forced", reason: "forced" }), shows: () => [] },
  best: {
    d: decision({ phase: "bidding", taken: "18", best: "18", legal: 2, cost: 0, reason: "best", figures: BID_FIGURES }),
    shows: () => ["23", "18", names.contractText("H")],
  },
  equal: {
    d: decision({
      phase: "play", trick: 3, taken: "SA", best: "ST", taken_expected: 50.3, best_expected: 50.5,
      taken_chance: 0.812, best_chance: 0.815, cost: 0.2, chance_lost: 0.003, reason: "equal",
      figures: { card: "SA", best_card: "ST", worlds: 64, declarer: true },
    }),
    shows: () => [names.cardLabel("SA"), names.cardLabel("ST"), i18n.formatPercent(0.812), i18n.formatPercent(0.815), "64"],
  },
  bid_high: {
    d: decision({
      phase: "bidding", taken: "24", best: "p", legal: 2, taken_expected: -61.2, best_expected: 0,
      cost: 61.2, mark: "blunder", reason: "bid_high",
      figures: { value: 24, best_value: null, limit: 20, limit_game: "H", game: "C", best_game: null },
    }),
    shows: () => ["24", "20", names.contractText("H"), names.contractText("C"), i18n.formatNumber(-61.2, 0, true)],
  },
  bid_low: {
    d: decision({
      phase: "bidding", taken: "p", best: "20", legal: 2, taken_expected: 0, best_expected: 18.4,
      cost: 18.4, mark: "mistake", reason: "bid_low",
      figures: { value: null, best_value: 20, limit: 23, limit_game: "H", game: null, best_game: "H" },
    }),
    shows: () => ["20", "23", names.contractText("H"), i18n.formatNumber(18.4, 0, true)],
  },
  hand_not_pickup: {
    d: decision({
      phase: "skat", taken: "GH", best: "s", legal: 9, taken_expected: 12.5, best_expected: 31.2,
      taken_chance: 0.55, best_chance: 0.72, cost: 18.7, mark: "mistake", reason: "hand_not_pickup",
      figures: { game: "GH", chance: 0.55, expected: 12.5, solved: true, best_game: "C", best_chance: 0.72, best_expected: 31.2, best_solved: true },
    }),
    shows: () => [names.contractText("GH"), names.contractText("C"), i18n.formatPercent(0.55), i18n.formatPercent(0.72), i18n.formatNumber(12.5, 0, true), i18n.formatNumber(31.2, 0, true)],
  },
  pickup_not_hand: {
    d: decision({
      phase: "skat", taken: "s", best: "CH", legal: 9, taken_expected: 20.1, best_expected: 27.9,
      taken_chance: 0.68, best_chance: 0.7, cost: 7.8, mark: "inaccuracy", reason: "pickup_not_hand",
      figures: { game: "G", chance: 0.68, expected: 20.1, solved: false, best_game: "CH", best_chance: 0.7, best_expected: 27.9, best_solved: true },
    }),
    shows: () => [names.contractText("G"), names.contractText("CH"), i18n.formatPercent(0.68), i18n.formatPercent(0.7), i18n.formatNumber(20.1, 0, true), i18n.formatNumber(27.9, 0, true), NOT_SOLVED[i18n.language()]],
  },
  other_hand_game: {
    d: decision({
      phase: "skat", taken: "HH", best: "GH", legal: 9, taken_expected: -30.5, best_expected: 4.2,
      taken_chance: 0.31, best_chance: 0.49, cost: 34.7, mark: "mistake", reason: "other_hand_game",
      figures: { game: "HH", chance: 0.31, expected: -30.5, solved: true, best_game: "GH", best_chance: 0.49, best_expected: 4.2, best_solved: true },
    }),
    shows: () => [names.contractText("HH"), names.contractText("GH"), i18n.formatPercent(0.31), i18n.formatPercent(0.49), i18n.formatNumber(-30.5, 0, true), i18n.formatNumber(4.2, 1, true)],
  },
  other_discard: {
    d: decision({
      phase: "discard", taken: "SA.H8", best: "D7.D8", legal: 66, taken_expected: 22.0, best_expected: 41.3,
      taken_chance: 0.62, best_chance: 0.81, cost: 19.3, mark: "mistake", reason: "other_discard",
      figures: { cards: "SA H8", best_cards: "D7 D8", game: "C", chance: 0.62, expected: 22.0, solved: true, best_game: "C", best_chance: 0.81, best_expected: 41.3, best_solved: true },
    }),
    shows: () => ["SA", "H8", "D7", "D8"].map(names.cardLabel).concat([names.contractText("C"), i18n.formatPercent(0.62), i18n.formatPercent(0.81), i18n.formatNumber(22, 0, true), i18n.formatNumber(41.3, 0, true)]),
  },
  other_game: {
    d: decision({
      phase: "declare", taken: "S", best: "G", legal: 7, taken_expected: 10.4, best_expected: 16.0,
      taken_chance: 0.6, best_chance: 0.66, cost: 5.6, mark: "inaccuracy", reason: "other_game",
      figures: { game: "S", chance: 0.6, expected: 10.4, solved: true, best_game: "G", best_chance: 0.66, best_expected: 16.0, best_solved: true, value: 33, bid: 20 },
    }),
    shows: () => [names.contractText("S"), names.contractText("G"), i18n.formatPercent(0.6), i18n.formatPercent(0.66), i18n.formatNumber(10.4, 0, true), i18n.formatNumber(16, 0, true)],
  },
  overbid: {
    d: decision({
      phase: "declare", taken: "D", best: "H", legal: 7, taken_expected: -86, best_expected: 12.0,
      taken_chance: 0, best_chance: 0.58, cost: 98, mark: "blunder", reason: "overbid",
      figures: { game: "D", chance: 0, expected: -86, solved: true, best_game: "H", best_chance: 0.58, best_expected: 12.0, best_solved: true, value: 18, bid: 20 },
    }),
    shows: () => [names.contractText("D"), names.contractText("H"), "18", "20", i18n.formatNumber(-86, 0, true), i18n.formatNumber(12, 0, true), i18n.formatPercent(0.58)],
  },
  kontra_said: {
    d: decision({
      phase: "kontra", taken: "K", best: "-", legal: 2, taken_expected: -6.6, best_expected: 0,
      taken_chance: 0.46, best_chance: 0.46, cost: 6.6, mark: "inaccuracy", reason: "kontra_said",
      figures: { say: "K", chance: 0.46, line: 0.35, value: 20 },
    }),
    shows: () => [names.actionLabel("K"), i18n.formatPercent(0.46), i18n.formatPercent(0.35), "20"],
  },
  kontra_missed: {
    d: decision({
      phase: "kontra", taken: "-", best: "R", legal: 2, taken_expected: 0, best_expected: 16.2,
      taken_chance: 0.88, best_chance: 0.88, cost: 16.2, mark: "mistake", reason: "kontra_missed",
      figures: { say: "R", chance: 0.88, line: 0.7, value: 60 },
    }),
    shows: () => [names.actionLabel("R"), i18n.formatPercent(0.88), i18n.formatPercent(0.7), "60"],
  },
  card_chance: {
    d: decision({
      phase: "play", trick: 2, taken: "DA", best: "D9", taken_expected: 31.2, best_expected: 40.0,
      taken_chance: 0.781, best_chance: 1.0, cost: 8.8, chance_lost: 0.219, mark: "mistake", reason: "card_chance",
      figures: { card: "DA", best_card: "D9", worlds: 64, declarer: false },
    }),
    shows: () => [names.cardLabel("DA"), names.cardLabel("D9"), i18n.formatPercent(0.781), i18n.formatPercent(1), "64"],
  },
  card_points: {
    d: decision({
      phase: "play", trick: 4, taken: "CJ", best: "D7", taken_expected: -8.3, best_expected: -3.1,
      cost: 5.2, mark: "inaccuracy", reason: "card_points",
      figures: { rollouts: 200, taken: "CJ", best_action: "D7" },
    }),
    shows: () => [names.cardLabel("CJ"), names.cardLabel("D7"), i18n.formatNumber(200), i18n.formatNumber(-8.3, 1, true), i18n.formatNumber(-3.1, 1, true)],
  },
  push_points: {
    d: decision({
      phase: "schieben", taken: "p", best: "s", legal: 2, taken_expected: -14.0, best_expected: -9.5,
      cost: 4.5, mark: "good", reason: "push_points",
      figures: { rollouts: 120, taken: "p", best_action: "s" },
    }),
    shows: () => [i18n.t("judge.push.unseen"), i18n.t("judge.push.take"), i18n.formatNumber(120), i18n.formatNumber(-14, 0, true), i18n.formatNumber(-9.5, 1, true)],
  },
  unjudged: { d: decision({ phase: "play", taken: "CL", best: "SA", mark: "unjudged", reason: "unjudged" }), shows: () => [] },
  "best: a call the contest check decided": {
    d: decision({
      phase: "bidding", taken: "22", best: "22", legal: 2, taken_expected: 14.2, best_expected: 14.2, cost: 0,
      figures: { decided: "contest", limit: 30, limit_game: "S", value: 22, contested: true, check: 12.3, game: "S", chance: 0.61, expected: 14.2 },
    }),
    shows: () => ["22", "30", names.contractText("S"), i18n.formatNumber(12.3, 1), i18n.formatPercent(0.61), i18n.formatNumber(14.2, 1, true)],
  },
  "best: a pass above the limit": {
    d: decision({ phase: "bidding", taken: "p", best: "p", legal: 2, taken_expected: 0, best_expected: 0, cost: 0, figures: { ...BID_FIGURES, limit: 20, value: 22 } }),
    shows: () => ["20", "22"],
  },
  "best: a pick-up": {
    d: decision({
      phase: "skat", taken: "s", best: "s", legal: 9, taken_expected: 30.1, best_expected: 30.1, taken_chance: 0.7, best_chance: 0.7, cost: 0,
      figures: { game: "C", chance: 0.7, expected: 30.1, solved: true, best_game: "C", best_chance: 0.7, best_expected: 30.1, best_solved: true },
    }),
    shows: () => [names.contractText("C"), i18n.formatPercent(0.7), i18n.formatNumber(30.1, 0, true)],
  },
  "best: a Hand game": {
    d: decision({
      phase: "skat", taken: "GH", best: "GH", legal: 9, taken_expected: 52.4, best_expected: 52.4, taken_chance: 0.9, best_chance: 0.9, cost: 0,
      figures: { game: "GH", chance: 0.9, expected: 52.4, solved: true, best_game: "GH", best_chance: 0.9, best_expected: 52.4, best_solved: true },
    }),
    shows: () => [names.contractText("GH"), i18n.formatPercent(0.9), i18n.formatNumber(52.4, 0, true)],
  },
  "best: a discard": {
    d: decision({
      phase: "discard", taken: "HT.H9", best: "HT.H9", legal: 66, taken_expected: 38.0, best_expected: 38.0, taken_chance: 0.77, best_chance: 0.77, cost: 0,
      figures: { cards: "HT H9", best_cards: "HT H9", game: "G", chance: 0.77, expected: 38.0, solved: true, best_game: "G", best_chance: 0.77, best_expected: 38.0, best_solved: true },
    }),
    shows: () => [names.contractText("G"), i18n.formatPercent(0.77), i18n.formatNumber(38, 0, true)],
  },
  "best: the game declared": {
    d: decision({
      phase: "declare", taken: "H", best: "H", legal: 7, taken_expected: 25.5, best_expected: 25.5, taken_chance: 0.74, best_chance: 0.74, cost: 0,
      figures: { game: "H", chance: 0.74, expected: 25.5, solved: true, best_game: "H", best_chance: 0.74, best_expected: 25.5, best_solved: true, value: 30, bid: 23 },
    }),
    shows: () => [names.contractText("H"), i18n.formatPercent(0.74), i18n.formatNumber(25.5, 0, true)],
  },
  "best: no Kontra": {
    d: decision({
      phase: "kontra", taken: "-", best: "-", legal: 2, taken_expected: 0, best_expected: 0, taken_chance: 0.7, best_chance: 0.7, cost: 0,
      figures: { say: "K", chance: 0.7, line: 0.35, value: 36 },
    }),
    shows: () => [names.actionLabel("K"), i18n.formatPercent(0.7), i18n.formatPercent(0.35)],
  },
  "best: a card": {
    d: decision({
      phase: "play", trick: 5, taken: "CT", best: "CT", taken_expected: 40, best_expected: 40, taken_chance: 1, best_chance: 1, cost: 0, chance_lost: 0,
      figures: { card: "CT", best_card: "CT", worlds: 24, declarer: false },
    }),
    shows: () => [names.cardLabel("CT"), i18n.formatPercent(1), "24"],
  },
  "best: a Ramsch card": {
    d: decision({ phase: "play", trick: 1, taken: "S7", best: "S7", taken_expected: -4.5, best_expected: -4.5, cost: 0, figures: { rollouts: 200, taken: "S7", best_action: "S7" } }),
    shows: () => [names.cardLabel("S7"), i18n.formatNumber(200), i18n.formatNumber(-4.5, 1, true)],
  },
  "best: a Schieberamsch push": {
    d: decision({ phase: "schieben", taken: "CJ.SJ", best: "CJ.SJ", legal: 66, taken_expected: -11, best_expected: -11, cost: 0, figures: { rollouts: 120, taken: "CJ.SJ", best_action: "CJ.SJ" } }),
    shows: () => [names.cardLabel("CJ"), names.cardLabel("SJ"), i18n.formatNumber(-11, 0, true)],
  },
  "best: by the computer's rules": {
    d: decision({ phase: "schieben", taken: "s", best: "s", legal: 2, cost: 0, figures: {} }),
    shows: () => [],
  },
  "equal: a call": {
    d: decision({
      phase: "bidding", taken: "20", best: "18", legal: 2, taken_expected: 10.2, best_expected: 10.5, cost: 0.3, reason: "equal",
      figures: { value: 20, best_value: 18, limit: 24, limit_game: "C", game: "H", best_game: "H" },
    }),
    shows: () => ["18", names.contractText("H"), i18n.formatNumber(10.2, 0, true), i18n.formatNumber(10.5, 0, true)],
  },
  "equal: a discard": {
    d: decision({
      phase: "discard", taken: "SK.S9", best: "SQ.S9", legal: 66, taken_expected: 30.1, best_expected: 30.4, taken_chance: 0.7, best_chance: 0.71, cost: 0.3, reason: "equal",
      figures: { cards: "SK S9", best_cards: "SQ S9", game: "D", chance: 0.7, expected: 30.1, solved: true, best_game: "D", best_chance: 0.71, best_expected: 30.4, best_solved: true },
    }),
    shows: () => [names.cardLabel("SQ"), names.contractText("D"), i18n.formatPercent(0.7), i18n.formatPercent(0.71)],
  },
  "bid_high: past the computer's bid, within its limit": {
    d: decision({
      phase: "bidding", taken: "y", best: "p", legal: 2, taken_expected: -3.4, best_expected: 0, cost: 3.4, mark: "good", reason: "bid_high",
      figures: { value: 24, best_value: null, limit: 27, limit_game: "D", game: "D", best_game: null },
    }),
    shows: () => ["24", names.contractText("D"), i18n.formatNumber(-3.4, 1, true)],
  },
  "bid_high: no game worth the value": {
    d: decision({
      phase: "bidding", taken: "36", best: "30", legal: 2, taken_expected: -122, best_expected: 8.3, cost: 130.3, mark: "blunder", reason: "bid_high",
      figures: { value: 36, best_value: 30, limit: 30, limit_game: "C", game: null, best_game: "C" },
    }),
    shows: () => ["36", "30", names.contractText("C"), i18n.formatNumber(-122, 0, true), i18n.formatNumber(8.3, 1, true)],
  },
  "bid_low: stopped below": {
    d: decision({
      phase: "bidding", taken: "20", best: "24", legal: 2, taken_expected: 6.1, best_expected: 13.0, cost: 6.9, mark: "inaccuracy", reason: "bid_low",
      figures: { value: 20, best_value: 24, limit: 24, limit_game: "C", game: "H", best_game: "C" },
    }),
    shows: () => ["20", "24", names.contractText("H"), names.contractText("C")],
  },
  "card_chance: the declarer's card": {
    d: decision({
      phase: "play", trick: 6, taken: "HK", best: "DT", taken_expected: -20.5, best_expected: 16.1,
      taken_chance: 0.453, best_chance: 0.625, cost: 36.6, chance_lost: 0.172, mark: "mistake", reason: "card_chance",
      figures: { card: "HK", best_card: "DT", worlds: 64, declarer: true },
    }),
    shows: () => [names.cardLabel("HK"), names.cardLabel("DT"), i18n.formatPercent(0.453), i18n.formatPercent(0.625), "64"],
  },
  "kontra_said: Supra": {
    d: decision({
      phase: "kontra", taken: "SU", best: "-", legal: 2, taken_expected: -25.2, best_expected: 0,
      taken_chance: 0.4, best_chance: 0.4, cost: 25.2, mark: "mistake", reason: "kontra_said",
      figures: { say: "SU", chance: 0.4, line: 0.175, value: 96 },
    }),
    shows: () => [names.actionLabel("SU"), i18n.formatPercent(0.4), i18n.formatPercent(0.175), "96"],
  },
  "kontra_missed: Kontra": {
    d: decision({
      phase: "kontra", taken: "-", best: "K", legal: 2, taken_expected: 0, best_expected: 12.6,
      taken_chance: 0.14, best_chance: 0.14, cost: 12.6, mark: "inaccuracy", reason: "kontra_missed",
      figures: { say: "K", chance: 0.14, line: 0.35, value: 20 },
    }),
    shows: () => [names.actionLabel("K"), i18n.formatPercent(0.14), i18n.formatPercent(0.35), "20"],
  },
  "unjudged: Kontra against a plain Null": {
    d: decision({ phase: "kontra", taken: "-", best: "-", legal: 2, mark: "unjudged", reason: "unjudged" }),
    shows: () => [],
  },
  "equal: Kontra where the computer says nothing": {
    d: decision({
      phase: "kontra", taken: "K", best: "-", legal: 2, taken_expected: -0.3, best_expected: 0,
      taken_chance: 0.349, best_chance: 0.349, cost: 0.3, reason: "equal",
      figures: { say: "K", chance: 0.349, line: 0.35, value: 24 },
    }),
    shows: () => [names.actionLabel("K"), i18n.formatPercent(0.349), i18n.formatPercent(0.35), i18n.t("hint.decline")],
  },
};
