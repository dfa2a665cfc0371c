// Formatting in the client: contracts named from their tokens and the server's announcements,
// hands sorted by the server's card order, numbers and counts as each language writes them
// (cards.js, names.js, i18n.js). The words come from the locale files, as in the browser.

import "./setup.mjs";
import { JS } from "./setup.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";

const cards = await import(new URL("cards.js", JS));
const i18n = await import(new URL("i18n.js", JS));
const names = await import(new URL("names.js", JS));
const actions = await import(new URL("state.js", JS));

// a part of what GET /api/options answers as `contracts` (skat.server.view.contracts_json; its
// own test pins the rules of skat.contract behind it, tests/test_server.py)
const CONTRACTS = {
  GO: ["hand", "schneider", "schwarz", "ouvert"],
  CHZ: ["hand", "schneider", "schwarz"],
  DHS: ["hand", "schneider"],
  NO: ["ouvert"],
  NOH: ["hand", "ouvert"],
  NV: ["hand", "ouvert", "revolution"],
  G: [],
};

function speak(lang) {
  i18n.setLanguage(lang);
  i18n.setDeck("french");
  actions.loaded(null, { options: {}, deck: "french" });
  actions.serverTold({ contracts: CONTRACTS });
}

test("a contract's announcements are the server's, not worked out from its letters", () => {
  assert.deepEqual(cards.parseContract("GO", CONTRACTS.GO), { game: "G", hand: true, schneider: true, schwarz: true, ouvert: true, revolution: false });
  assert.deepEqual(cards.parseContract("NV", CONTRACTS.NV), { game: "N", hand: true, schneider: false, schwarz: false, ouvert: true, revolution: true });
  // without the server's list: the letters as written, nothing added
  assert.deepEqual(cards.parseContract("GO"), { game: "G", hand: false, schneider: false, schwarz: false, ouvert: true, revolution: false });
  assert.equal(cards.parseContract("18"), null);
  assert.equal(cards.isContract("CHZ"), true);
  assert.equal(cards.isContract("SA"), false);
});

test("a contract is named with what it announces, in the person's language", () => {
  speak("en");
  assert.equal(names.contractText("GO"), "Grand Ouvert Hand");
  assert.equal(names.contractText("CHZ"), "Clubs Hand Schwarz");
  assert.equal(names.contractText("DHS"), "Diamonds Hand Schneider");
  assert.equal(names.contractText("NO"), "Null Ouvert");
  assert.equal(names.contractText("NOH"), "Null Ouvert Hand");
  assert.equal(names.contractText("NV"), "Revolution");
  assert.equal(names.contractText("no contract"), "no contract");
  speak("de");
  assert.equal(names.contractText("CHZ"), "Kreuz Hand Schwarz");
  speak("en");
});

test("a hand is sorted by the server's order of the cards: trumps first, then the suits alternating colours", () => {
  const order = {
    game: "H",
    trumps: ["CJ", "SJ", "HJ", "DJ", "HA", "HT", "HK", "HQ", "H9", "H8", "H7"],
    suits: { C: ["CA", "CT", "CK", "CQ", "C9", "C8", "C7"], S: ["SA", "ST", "SK", "SQ", "S9", "S8", "S7"], H: [], D: ["DA", "DT", "DK", "DQ", "D9", "D8", "D7"] },
    trump_suit: "H",
  };
  const hand = ["D7", "CA", "HA", "SJ", "S8", "DT", "CJ"];
  assert.deepEqual(cards.sortHand(hand, order), ["CJ", "SJ", "HA", "CA", "DT", "D7", "S8"]);
  assert.deepEqual(cards.sortHand(hand, order, "suits"), ["CJ", "SJ", "HA", "CA", "S8", "DT", "D7"]);
  assert.deepEqual(cards.sortHand(hand, null), hand, "without an order the cards stay as given");
});

test("a record's rule options are read as the server takes them", () => {
  assert.deepEqual(cards.recordOptions("(;GM[Skat]RU[kontra=on,supra=1,durchmarsch=0];)"), { kontra: "on", supra: true, durchmarsch: false });
  assert.deepEqual(cards.recordOptions("(;GM[Skat];)"), {});
});

test("numbers, signed scores and counts are written as each language writes them", () => {
  speak("en");
  assert.equal(i18n.formatNumber(1234), "1,234");
  assert.equal(names.signed(98), "+98");
  assert.equal(names.signed(-146), "-146");
  assert.equal(i18n.tn("series.length", 1), "1 deal");
  assert.equal(i18n.tn("series.length", 12), "12 deals");
  assert.equal(i18n.list(["a", "b"]), "a, b");
  speak("de");
  assert.equal(i18n.formatNumber(1234.5, 1), "1.234,5");
  assert.equal(i18n.formatPercent(0.22), "22\u00a0%");
  speak("sv");
  assert.equal(names.signed(-146), "\u2212146"); // Swedish writes the typographic minus
  speak("en");
});

test("a missing text falls back to English, then to its key", () => {
  speak("sv");
  assert.equal(i18n.t("no.such.key"), "no.such.key");
  assert.equal(i18n.t("no.such.key", {}, "fallback"), "fallback");
  assert.equal(i18n.t("game.G"), "Grand");
  speak("en");
});

const notices = await import(new URL("notices.js", JS));

test("stored settings set back are named by the panel's names, unknown ones by their stored names as left out", () => {
  speak("en");
  const said = notices.resetText([
    { key: "deck", value: 7, unknown: false },
    { key: "foo", value: 1, unknown: true },
    { key: "rule.bogus", value: true, unknown: true },
  ]);
  assert.equal(
    said,
    "Some stored settings could not be used and were set back to their defaults: Cards (7). " +
      'Some stored settings are unknown to this page and were left out: "foo" (1), "bogus" (true).',
  );
  speak("de");
  assert.match(notices.resetText([{ key: "foo", value: 1, unknown: true }]), /^Einige gespeicherte Einstellungen kennt diese Seite nicht; sie wurden weggelassen: "foo" \(1\)\.$/);
  speak("en");
});
