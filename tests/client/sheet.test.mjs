// The score sheet's sums (skat/server/static/js/sheet.js): pure functions over a stored series.

import "./setup.mjs";
import { JS } from "./setup.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";

const sheet = await import(new URL("sheet.js", JS));

const STARTED = new Date("2026-12-01T10:00:00.000Z");

/** A finished game row: `declarer` (a seat) won or lost, the list scores by seat. */
function gameRow(humanSeat, declarer, won, scores, extra = {}) {
  const view = { deal_number: "7", result: { kind: "game", declarer, won, list_scores: scores, levels: [], ...extra }, iss_result: "" };
  return sheet.sheetDeal(view, "(;GM[Skat]DN[7];)", humanSeat, STARTED);
}

test("the person deals from rearhand: the seat follows from the dealer and back", () => {
  for (const dealer of [0, 1, 2]) assert.equal(sheet.dealerOfHumanSeat(sheet.humanSeatForDealer(dealer)), dealer);
  assert.equal(sheet.humanSeatForDealer(0), 2); // the person deals: rearhand
});

test("the deal passes clockwise from the seat draw's first dealer", () => {
  const series = sheet.newSeries(6, "simple", { cards: ["HA", "DJ", "CA"], positions: [1, 0, 2] }, STARTED);
  assert.equal(sheet.firstDealer(series.draw), 2); // position 0 deals: the player right of the person
  assert.equal(sheet.nextDealer(series), 2);
  series.deals.push(gameRow(sheet.humanSeatForDealer(2), 0, true, [24, 0, 0]));
  assert.equal(sheet.nextDealer(series), 0);
  assert.equal(sheet.dealerOf(series, 4), (2 + 4) % 3);
});

test("the totals add the server's list scores by player and count won and lost games", () => {
  const series = sheet.newSeries(0, "seeger_fabian", null, STARTED);
  // the person in seat 0 wins 74; in the next deal sitting in seat 1, the player on the left
  // (seat 2 then) loses 96
  series.deals.push(gameRow(0, 0, true, [74, 0, 0]));
  series.deals.push(gameRow(1, 2, false, [0, 0, -96]));
  const { rows, totals } = sheet.tally(series);
  assert.deepEqual(rows.map((r) => r.scores), [[74, 0, 0], [0, -96, 0]]);
  assert.deepEqual(totals.points, [74, -96, 0]);
  assert.deepEqual(totals.won, [1, 0, 0]);
  assert.deepEqual(totals.lost, [0, 1, 0]);
  assert.deepEqual(rows[1].totals, [74, -96, 0]);
  assert.deepEqual(sheet.leaders(totals), [0]);
});

test("a damaged row is kept on the sheet and counts only when its record alone is damaged", () => {
  const series = sheet.newSeries(0, "simple", null, STARTED);
  series.deals.push(gameRow(0, 0, true, [30, 0, 0]), { ...gameRow(0, 0, true, [40, 0, 0]), human_seat: 5 });
  const { rows, totals } = sheet.tally(series);
  assert.equal(rows.length, 2);
  assert.equal(rows[1].damage, "seat");
  assert.deepEqual(totals.points, [30, 0, 0]);
  assert.equal(sheet.counts("record"), true);
  assert.equal(sheet.counts("seat"), false);
  assert.deepEqual(sheet.damagedRows(series), [{ index: 1, damage: "seat" }]);
});

test("a series of a chosen length is complete with its last deal", () => {
  const series = sheet.newSeries(3, "simple", null, STARTED);
  for (let i = 0; i < 3; i++) {
    assert.equal(sheet.isComplete(series), false);
    series.deals.push(gameRow(0, 0, true, [18, 0, 0]));
  }
  assert.equal(sheet.isComplete(series), true);
  assert.equal(sheet.isComplete(sheet.newSeries(0, "simple", null, STARTED)), false); // open-ended
});

test("the notes name an announcement as one, and each Kontra call said", () => {
  const row = gameRow(0, 0, false, [-120, 0, 0], { levels: ["hand", "schneider", "schneider_announced"], kontra: 2, overbid: true });
  assert.deepEqual(sheet.markers(row), ["hand", "schneider_announced", "kontra", "re", "overbid"]);
  const ramsch = { ...gameRow(0, 0, false, [-30, 0, 0]), result: { kind: "ramsch", steps: [{ code: "schieben" }, { code: "schieben" }, { code: "jungfrau" }] } };
  assert.deepEqual(sheet.markers(ramsch), ["pushed.2", "jungfrau"]);
});

test("the matadors come from the result's steps", () => {
  assert.deepEqual(sheet.matadorsOf({ steps: [{ code: "matadors_with", value: 2 }] }), { with: 2 });
  assert.deepEqual(sheet.matadorsOf({ steps: [{ code: "matadors_without", value: 3 }] }), { without: 3 });
  assert.equal(sheet.matadorsOf({ steps: [] }), null);
});

test("a row's replay counts only with its record: a row kept before the comparison of a series reads as not replayed", () => {
  const replay = { record: "(;GM[Skat]DN[7];)", player: "strong", score: 30 };
  assert.deepEqual(sheet.rowReplay({ replay }), { record: replay.record, player: "strong" });
  assert.equal(sheet.rowReplay({ replay: { score: 30, player: "strong" } }), null); // a store of before
  assert.equal(sheet.rowReplay({}), null);
  assert.equal(sheet.rowReplay(null), null);
  assert.equal(sheet.rowReplay({ replay: "(;GM[Skat];)" }), null);
  assert.equal(sheet.rowReplay({ replay: { record: 7, player: "strong" } }), null);
  assert.equal(sheet.rowReplay({ replay: { record: "not a record", player: "strong" } }), null);
  assert.equal(sheet.rowReplay({ replay: { record: replay.record } }), null);
});

test("an imported row keeps the computer's replay record beside its score; the server checks it when compared", () => {
  const record = "(;GM[Skat]DN[7];)";
  assert.deepEqual(sheet.keptOnImport({ replay: { record, player: "strong", score: 30 } }).replay, { record, player: "strong", score: 30 });
  assert.deepEqual(sheet.keptOnImport({ replay: { score: 30, player: "strong" } }).replay, { player: "strong", score: 30 });
  assert.deepEqual(sheet.keptOnImport({ replay: { record, player: "strong" } }).replay, { record, player: "strong" });
  // a player that does not read as one keeps the score (shown) but no record to count
  assert.deepEqual(sheet.keptOnImport({ replay: { record, player: "<b>", score: 3 } }).replay, { player: null, score: 3 });
  assert.equal(sheet.keptOnImport({ replay: { record: 5, player: "strong" } }).replay, undefined);
});

test("a row whose Bock mark the server refused, and every row after it, is shown but not counted", () => {
  const series = sheet.newSeries(0, "seeger_fabian", null, STARTED);
  series.deals.push(
    gameRow(0, 0, true, [30, 0, 0]),
    { ...gameRow(0, 0, true, [160, 0, 0]), bock: "bock" }, // a forged Bock mark: the score doubled
    gameRow(0, 1, false, [0, -60, 0]),
  );
  const { rows, totals } = sheet.tally(series, 1);
  assert.deepEqual(rows.map((r) => r.damage), [null, "bock", "after_bock"]);
  assert.deepEqual(totals.points, [30, 0, 0]);
  assert.deepEqual(totals.won, [1, 0, 0]);
  assert.deepEqual(totals.lost, [0, 0, 0]);
  // shown with their results and declarers, their changes not added
  assert.equal(rows[1].result.won, true);
  assert.equal(rows[1].declarer, 0);
  assert.deepEqual(rows[1].scores, [0, 0, 0]);
  assert.equal(sheet.counts("bock"), false);
  assert.equal(sheet.counts("after_bock"), false);
  // without a refusal the same rows count as written
  assert.deepEqual(sheet.tally(series).totals.points, [190, -60, 0]);
});

test("the server's index of a refused Bock deal names the sheet row among the rows sent", () => {
  const series = sheet.newSeries(0, "simple", null, STARTED);
  series.deals.push(gameRow(0, 0, true, [30, 0, 0]), { damaged: "shape", kept: 5 }, { ...gameRow(0, 0, true, [40, 0, 0]), bock: "bock" });
  assert.equal(sheet.bockSeries(series, { bock: "rounds" }).length, 2); // the damaged row is not sent
  assert.equal(sheet.bockRow(series, 1), 2);
  assert.equal(sheet.bockRow(series, 0), 0);
  assert.equal(sheet.bockRow(series, 2), null);
  assert.equal(sheet.bockRow(series, undefined), null);
  assert.equal(sheet.hasBockMarks(series), true);
  series.deals[2] = gameRow(0, 0, true, [40, 0, 0]);
  assert.equal(sheet.hasBockMarks(series), false);
});

test("a finished series is walked for its Bock marks when a row carries one or was dealt under the rule", () => {
  const series = sheet.newSeries(0, "simple", null, STARTED);
  series.deals.push(gameRow(0, 0, true, [30, 0, 0]));
  assert.equal(sheet.bockToCheck(series), false);
  // a mark taken away where the rule was on would change a score as well as a mark put in
  series.deals.push({ ...gameRow(0, 0, true, [40, 0, 0]), record: "(;GM[Skat]DN[8]RU[bock=rounds,bock_n00=0];)" });
  assert.equal(sheet.bockToCheck(series), true);
  series.deals[1].record = "(;GM[Skat]DN[8]RU[kontra=on];)";
  assert.equal(sheet.bockToCheck(series), false);
  series.deals[1].bock = "bock";
  assert.equal(sheet.bockToCheck(series), true);
});

test("a row is marked B as its record's BK says, which the server's walk checks, not as its stored field", () => {
  const row = { ...gameRow(0, 0, true, [40, 0, 0]), bock: "bock" }; // the field alone: a store's word
  assert.equal(sheet.bockOf(row), null);
  assert.deepEqual(sheet.markers(row), []);
  row.record = "(;GM[Skat]DN[7]RU[bock=rounds]BK[2];)";
  assert.equal(sheet.bockOf(row), "bock");
  assert.deepEqual(sheet.markers(row), ["bock"]);
  row.record = "(;GM[Skat]DN[7]RU[bock=ramsch]BK[ramsch];)";
  assert.equal(sheet.bockOf(row), "ramsch");
  assert.equal(sheet.bockOf({ damaged: "shape" }), null);
});
