// The review's words (skat/server/static/js/reviewwords.js): every reason code of the server's
// review (docs/review.md, "Reasons") worded in every language with its figures filled in, the
// decision as taken named, the cost and the deal's verdict. The decisions below have the shape
// POST /api/review answers (skat.analysis.review.Judgement.to_json), one per reason code.

import "./setup.mjs";
import { JS } from "./setup.mjs";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const i18n = await import(new URL("i18n.js", JS));
const names = await import(new URL("names.js", JS));
const actions = await import(new URL("state.js", JS));
const words = await import(new URL("reviewwords.js", JS));
const { CASES, decision } = await import("./reviewcases.mjs");

function speak(lang, deck = "french") {
  i18n.setLanguage(lang);
  i18n.setDeck(deck);
  actions.loaded(null, { options: {}, deck });
}

/** No placeholder left, no bare key, no "undefined" or "null" or NaN in a text. */
function assertClean(text, what) {
  assert.ok(text.trim(), `${what}: empty`);
  assert.doesNotMatch(text, /\{\w+\}/, `${what}: a placeholder is left: ${text}`);
  assert.doesNotMatch(text, /\bjudge\.|\bhint\.|undefined|null|NaN/, `${what}: ${text}`);
}

test("the cases here have every reason code the client words (the server's: test_web_strings.py)", () => {
  assert.deepEqual([...new Set(Object.values(CASES).map((c) => c.d.reason))].sort(), [...words.REASONS].sort());
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
      for (const [total, marks, well] of [[2.4, clean, true], [57.3, bad, false]]) {
        const text = words.summaryText({ total, marks, played_well: well, open_hand: { answer } });
        assertClean(text, `${lang} ${answer}`);
        assert.ok(text.includes(i18n.formatNumber(total, total < 10 ? 1 : 0)), text);
        said.add(text);
      }
    }
    // seven verdicts, each played well or not: won (the declarer's or the defenders' win),
    // winnable and unwinnable for the declarer and for a defender, Ramsch, all passed (one
    // verdict, but the total differs)
    assert.equal(said.size, 14);
    assertClean(words.summaryText({ total: 0, marks: clean, played_well: true, open_hand: null }), `${lang} streaming`);
  });
}

test("a Ramsch's total says it counts each card against the rules of thumb' card, not the costs listed", () => {
  for (const lang of i18n.LANGUAGES) {
    speak(lang);
    const ramsch = words.summaryText({ total: 25.4, marks: {}, played_well: false, open_hand: { answer: "ramsch" } });
    const game = words.summaryText({ total: 25.4, marks: {}, played_well: false, open_hand: { answer: "lost_winnable" } });
    assert.ok(ramsch.includes(i18n.tn("judge.sum.totalRamsch", 25.4, { n: i18n.formatNumber(25, 0) })), `${lang}: ${ramsch}`);
    assert.ok(!game.includes(i18n.tn("judge.sum.totalRamsch", 25.4, { n: i18n.formatNumber(25, 0) })), `${lang}: ${game}`);
  }
  speak("en");
  assert.match(words.summaryText({ total: 25.4, marks: {}, played_well: false, open_hand: { answer: "ramsch" } }), /against the card the rules of thumb would play/);
});

test("the verdicts say it plainly: lost to the cards, or lost by a mistake, as the core judged the play", () => {
  speak("en");
  const clean = { mistake: 0, blunder: 0 };
  assert.match(words.summaryText({ total: 1.2, marks: clean, played_well: true, open_hand: { answer: "lost_unwinnable" } }), /played well and lost to the cards/);
  assert.match(words.summaryText({ total: 42, marks: { mistake: 1, blunder: 0 }, played_well: false, open_hand: { answer: "lost_winnable" } }), /^Lost by a mistake/);
  // the words follow the core's played_well (skat.analysis.review.Review.played_well), not a
  // line of their own: a total of many small slips the core does not call played well
  assert.doesNotMatch(words.summaryText({ total: 22, marks: clean, played_well: false, open_hand: { answer: "lost_unwinnable" } }), /played well/);
  assert.match(words.summaryText({ total: 22, marks: clean, played_well: true, open_hand: { answer: "lost_unwinnable" } }), /played well/);
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
  assert.equal(words.decisionLabel(decision({ phase: "kontra", taken: "K", best: "-", figures: { say: "K" } }), "best"), "No Kontra");
  assert.equal(words.decisionLabel(decision({ phase: "bidding", taken: "p", best: "y" }), "best"), "Hold (yes)");
  assert.equal(label("HT", "play"), "Ten of Hearts");
  assert.equal(label("p", "schieben"), "Pushed the skat on unseen");
  speak("de");
  assert.equal(label("SA.H8", "discard"), "Das Pik-Ass und die Herz-Acht gedrückt");
  speak("de", "german");
  assert.equal(label("HT", "play"), names.cardLabel("HT"));
  assert.match(names.cardLabel("SA"), /Grün/);
  speak("en");
});

// Every German card name as it stands after a preposition ("mit dem Kreuz-Buben"), as an object
// ("den Kreuz-Buben spielen") and of a noun ("das Weiterschieben des Kreuz-Buben"): written out
// here, not built as names.js builds them, so a wrong form in the locale shows.
const GERMAN_FORMS = {
  french: {
    suits: { C: "Kreuz", S: "Pik", H: "Herz", D: "Karo" },
    ranks: {
      A: ["das ·-Ass", "dem ·-Ass", "des ·-Asses"],
      K: ["den ·-König", "dem ·-König", "des ·-Königs"],
      Q: ["die ·-Dame", "der ·-Dame", "der ·-Dame"],
      J: ["den ·-Buben", "dem ·-Buben", "des ·-Buben"],
      T: ["die ·-Zehn", "der ·-Zehn", "der ·-Zehn"],
      9: ["die ·-Neun", "der ·-Neun", "der ·-Neun"],
      8: ["die ·-Acht", "der ·-Acht", "der ·-Acht"],
      7: ["die ·-Sieben", "der ·-Sieben", "der ·-Sieben"],
    },
  },
  german: {
    suits: { C: "Eichel", S: "Grün", H: "Herz", D: "Schellen" },
    ranks: {
      A: ["den ·-Daus", "dem ·-Daus", "des ·-Dauses"],
      K: ["den ·-König", "dem ·-König", "des ·-Königs"],
      Q: ["den ·-Ober", "dem ·-Ober", "des ·-Obers"],
      J: ["den ·-Unter", "dem ·-Unter", "des ·-Unters"],
      T: ["die ·-Zehn", "der ·-Zehn", "der ·-Zehn"],
      9: ["die ·-Neun", "der ·-Neun", "der ·-Neun"],
      8: ["die ·-Acht", "der ·-Acht", "der ·-Acht"],
      7: ["die ·-Sieben", "der ·-Sieben", "der ·-Sieben"],
    },
  },
};

for (const [deck, { suits, ranks }] of Object.entries(GERMAN_FORMS)) {
  test(`de, ${deck} deck: every card is declined with its article in the accusative, dative and genitive`, () => {
    speak("de", deck);
    for (const [suit, suitName] of Object.entries(suits)) {
      for (const [rank, forms] of Object.entries(ranks)) {
        names.CARD_CASES.forEach((grammaticalCase, i) => {
          assert.equal(names.cardIn(suit + rank, grammaticalCase), forms[i].replace("·", suitName), `${suit}${rank} ${grammaticalCase}`);
        });
      }
    }
    speak("en");
  });
}

test("a language without cases names a card in a sentence as the table does", () => {
  for (const lang of ["en", "sv", "zh"]) {
    for (const deck of ["french", "german"]) {
      speak(lang, deck);
      for (const suit of "CSHD") {
        for (const rank of "AKQJT987") {
          for (const grammaticalCase of names.CARD_CASES) assert.equal(names.cardIn(suit + rank, grammaticalCase), names.cardLabel(suit + rank), `${lang} ${deck}`);
        }
      }
    }
  }
  speak("en");
  assert.throws(() => names.cardIn("CJ", "nom"), RangeError);
});

test("de: the review's sentences decline every card name after a preposition and as an object", () => {
  for (const deck of ["french", "german"]) {
    speak("de", deck);
    const suits = Object.values(GERMAN_FORMS[deck].suits).join("|");
    // a card name right after a preposition or a verb that takes it as its object, or a bare
    // nominative Bube inside a sentence: each lacks its article or its ending
    const bare = new RegExp(`(^|[\\s:;(])(mit|von|würde|hast|für) (${suits})-|-Bube\\b`, "i");
    for (const [name, { d }] of Object.entries(CASES)) {
      const said = [words.reasonText(d), words.decisionLabel(d, "best"), words.alternativeText(d) ?? ""];
      for (const text of said) assert.doesNotMatch(text, bare, `${deck} ${name}: ${text}`);
    }
  }
  speak("de");
  assert.match(words.reasonText(CASES.card_points.d), /mit dem Kreuz-Buben, .* mit der Karo-Sieben\./);
  assert.match(words.reasonText(CASES.card_chance.d), /^Mit dem Karo-Ass .*; mit der Karo-Neun in/);
  assert.match(words.reasonText(CASES.other_discard.d), /^Du hast das Pik-Ass und die Herz-Acht gedrückt; der Computer würde die Karo-Sieben und die Karo-Acht drücken\./);
  assert.match(words.reasonText(CASES["best: a Schieberamsch push"].d), /für das Weiterschieben des Kreuz-Buben und des Pik-Buben\./);
  assert.equal(words.decisionLabel(CASES.card_points.d, "best"), "Die Karo-Sieben spielen");
  speak("de", "german");
  assert.match(words.reasonText(CASES.card_points.d), /mit dem Eichel-Unter, .* mit der Schellen-Sieben\./);
  speak("en");
  // English keeps its names and its list
  assert.match(words.reasonText(CASES.card_points.d), /with Jack of Clubs, .* with Seven of Diamonds\./);
  assert.equal(words.decisionLabel(decision({ taken: "SA.H8", phase: "discard" })), "Discarded Ace of Spades, Eight of Hearts");
});

test("the computer's other action beside a decision marked best is as good, never 'better'", () => {
  // marked best within the sampling's noise (docs/review.md, the marks): the computer would have
  // done otherwise at no cost, so "Better: …" beside "Best" would contradict the mark
  const equal = decision({ phase: "play", taken: "SA", best: "H8", mark: "best", reason: "equal", cost: 0, chance_lost: 0 });
  const worse = decision({ phase: "play", taken: "HT", best: "HQ", mark: "good", reason: "other_card", cost: 1.9, chance_lost: 0.05 });
  for (const lang of i18n.LANGUAGES) {
    speak(lang);
    const better = i18n.t("gamereview.better", { action: words.decisionLabel(worse, "best") });
    assert.equal(words.alternativeText(worse), better, lang);
    assert.equal(words.alternativeText(worse, "HQ"), i18n.t("gamereview.better", { action: "HQ" }), lang);
    const same = words.alternativeText(equal);
    assertClean(same, `${lang} equal`);
    assert.ok(same.includes(words.decisionLabel(equal, "best")), `${lang}: ${same}`);
    assert.notEqual(same, i18n.t("gamereview.better", { action: words.decisionLabel(equal, "best") }), lang);
    assert.notEqual(words.alternativeShort(equal), words.alternativeShort(worse), lang);
    assert.equal(words.alternativeText(decision({ taken: "SA", best: "SA" })), null);
    assert.equal(words.alternativeText(decision({ taken: "SA", best: "H8", mark: "forced", reason: "forced" })), null);
    assert.equal(words.alternativeText(decision({ taken: "SA", best: "H8", mark: "unjudged", reason: "unjudged" })), null);
  }
  speak("en");
  assert.equal(words.alternativeText(equal), "Just as good: Play Eight of Hearts");
});

test("scripts/review_words.mjs prints every case and verdict for a reader, each language's own", () => {
  const script = fileURLToPath(new URL("../../scripts/review_words.mjs", import.meta.url));
  const run = spawnSync(process.execPath, [script, "de", "zh"], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  for (const name of Object.keys(CASES)) assert.ok(run.stdout.includes(`### ${name}\n`), name);
  assert.doesNotMatch(run.stdout, /\{\w+\}|\*\*en\*\*|\*\*sv\*\*/);
  assert.match(run.stdout, /\*\*de\*\* .*Alleinspieler/);
  assert.match(run.stdout, /\*\*zh\*\* .*庄家/);
});

test("the replay's words for a Schieberamsch push decline the cards in German as the review does", async () => {
  // replay.js needs a window; its push words are this template with the cards in the genitive
  const { readFile } = await import("node:fs/promises");
  const source = await readFile(new URL("replay.js", JS), "utf8");
  assert.match(source, /t\("replay\.said\.push", \{ cards: cardsIn\(token\.split\("\."\), "gen"\) \}\)/);
  const push = (cards) => i18n.t("replay.said.push", { cards: names.cardsIn(cards, "gen") });
  speak("de");
  assert.equal(push(["CJ", "SJ"]), "das Weiterschieben des Kreuz-Buben und des Pik-Buben");
  speak("de", "german");
  assert.equal(push(["CJ", "S7"]), "das Weiterschieben des Eichel-Unters und der Grün-Sieben");
  for (const lang of i18n.LANGUAGES) {
    speak(lang);
    assertClean(push(["CJ", "SJ"]), `${lang} push`);
  }
});
