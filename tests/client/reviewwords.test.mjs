// The review's words (skat/server/static/js/reviewwords.js): every reason code of the server's
// review (docs/review.md, "Reasons") worded in every language with its figures filled in, the
// decision as taken named, the cost and the deal's verdict. The decisions below have the shape
// POST /api/review answers (skat.analysis.review.Judgement.to_json), one per reason code.

import "./setup.mjs";
import { JS } from "./setup.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";

const i18n = await import(new URL("i18n.js", JS));
const names = await import(new URL("names.js", JS));
const actions = await import(new URL("state.js", JS));
const words = await import(new URL("reviewwords.js", JS));

function speak(lang, deck = "french") {
  i18n.setLanguage(lang);
  i18n.setDeck(deck);
  actions.loaded(null, { options: {}, deck });
}

/** A judged decision: the fields the server always sends, with `extra` over them. */
function decision(extra) {
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

/** One decision per reason code; `shows` are the figures its sentence must name, by language
 * (numbers and shares as that language writes them: i18n formatNumber, formatPercent). */
const CASES = {
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
};

/** No placeholder left, no bare key, no "undefined" or "null" or NaN in a text. */
function assertClean(text, what) {
  assert.ok(text.trim(), `${what}: empty`);
  assert.doesNotMatch(text, /\{\w+\}/, `${what}: a placeholder is left: ${text}`);
  assert.doesNotMatch(text, /\bjudge\.|\bhint\.|undefined|null|NaN/, `${what}: ${text}`);
}

test("every reason code the client words is one of the server's, and each has a case here", () => {
  assert.deepEqual(Object.keys(CASES).sort(), [...words.REASONS].sort());
});

for (const lang of i18n.LANGUAGES) {
  for (const [code, { d, shows }] of Object.entries(CASES)) {
    test(`${lang}: the reason ${code} is said with its figures`, () => {
      speak(lang);
      const text = words.reasonText(d);
      assertClean(text, `${lang} ${code}`);
      for (const figure of shows()) assert.ok(text.includes(figure), `${lang} ${code}: ${figure} missing in ${text}`);
    });
  }
}

for (const lang of i18n.LANGUAGES) {
  test(`${lang}: every mark and kind has its word`, () => {
    speak(lang);
    for (const mark of words.MARKS) assertClean(words.markLabel(mark), mark);
    for (const kind of words.KINDS) assertClean(words.kindLabel(kind), kind);
    assert.equal(new Set(words.MARKS.map(words.markLabel)).size, words.MARKS.length);
  });

  test(`${lang}: every decision is labelled as taken and as the computer's`, () => {
    speak(lang);
    for (const { d } of Object.values(CASES)) {
      assertClean(words.decisionLabel(d), `${lang} ${d.taken}`);
      assertClean(words.decisionLabel(d, "best"), `${lang} ${d.best}`);
    }
  });

  test(`${lang}: the cost says the points and the chance lost`, () => {
    speak(lang);
    const card = words.costText(CASES.card_chance.d);
    assert.ok(card.includes(i18n.formatPercent(0.219)), card);
    assert.ok(card.includes(i18n.formatNumber(8.8, 1)), card);
    const bid = words.costText(CASES.bid_high.d);
    assert.ok(bid.includes(i18n.formatNumber(61.2, 0)), bid);
    assertClean(words.costText(CASES.best.d), "no cost");
    assert.equal(words.costText(CASES.forced.d), "");
    assert.equal(words.costText(CASES.unjudged.d), "");
  });

  test(`${lang}: the summary tells luck from a mistake by the open-hand answer and the total`, () => {
    speak(lang);
    const clean = { best: 20, good: 3, inaccuracy: 0, mistake: 0, blunder: 0, forced: 4, unjudged: 0 };
    const bad = { ...clean, mistake: 1, blunder: 1 };
    const said = new Set();
    for (const answer of ["won", "lost_winnable", "lost_chance", "lost_unwinnable", "beaten", "beatable", "beatable_later", "unbeatable", "ramsch", "passed"]) {
      for (const [total, marks] of [[2.4, clean], [57.3, bad]]) {
        const text = words.summaryText({ total, marks, open_hand: { answer } });
        assertClean(text, `${lang} ${answer}`);
        assert.ok(text.includes(i18n.formatNumber(total, total < 10 ? 1 : 0)), text);
        said.add(text);
      }
    }
    // seven verdicts, each played well or not: won (the declarer's or the defenders' win),
    // winnable and unwinnable for the declarer and for a defender, Ramsch, all passed (one
    // verdict, but the total differs)
    assert.equal(said.size, 14);
    assertClean(words.summaryText({ total: 0, marks: clean, open_hand: null }), `${lang} streaming`);
  });
}

test("the verdicts say it plainly: lost to the cards, or lost by a mistake", () => {
  speak("en");
  const clean = { mistake: 0, blunder: 0 };
  assert.match(words.summaryText({ total: 1.2, marks: clean, open_hand: { answer: "lost_unwinnable" } }), /played well and lost to the cards/);
  assert.match(words.summaryText({ total: 42, marks: { mistake: 1, blunder: 0 }, open_hand: { answer: "lost_winnable" } }), /^Lost by a mistake/);
  // a total of many small slips is not "played well" either
  assert.doesNotMatch(words.summaryText({ total: 22, marks: clean, open_hand: { answer: "lost_unwinnable" } }), /played well/);
});

test("a decision is named with the table's names of cards, games and calls", () => {
  speak("en");
  const label = (taken, phase, figures = {}) => words.decisionLabel(decision({ taken, phase, figures }));
  assert.equal(label("20", "bidding"), "Bid 20");
  assert.equal(label("p", "bidding"), "Passed");
  assert.equal(label("s", "skat"), "Picked up the skat");
  assert.equal(label("GH", "skat"), "Grand Hand");
  assert.equal(label("SA.H8", "discard"), "Discarded Ace of Spades, Eight of Hearts");
  assert.equal(label("K", "kontra"), "Kontra");
  assert.equal(label("-", "kontra", { say: "R" }), "No Re");
  assert.equal(label("HT", "play"), "Ten of Hearts");
  assert.equal(label("p", "schieben"), "Pushed the skat on unseen");
  speak("de");
  assert.equal(label("SA.H8", "discard"), "Pik-Ass, Herz-Acht gedrückt");
  speak("de", "german");
  assert.equal(label("HT", "play"), names.cardLabel("HT"));
  assert.match(names.cardLabel("SA"), /Grün/);
  speak("en");
});
