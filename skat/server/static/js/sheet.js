// The score sheet (Spielliste) of a series: pure functions over the stored series, no DOM.
//
// Players are named by where they sit as seen by the person: 0 you, 1 left, 2 right (play goes
// clockwise: you → left → right). Seats are the deal's: 0 forehand, 1 middlehand, 2 rearhand, and
// rearhand deals. Every score comes from the server's result (skat.scoring list_scores by seat);
// this module only adds them up and maps seats to players.

import { recordOptions } from "./cards.js";

const isObject = (x) => typeof x === "object" && x !== null && !Array.isArray(x);
const isSeat = (x) => x === 0 || x === 1 || x === 2;

/** The player (0 you, 1 left, 2 right) who sits in `seat` when the person sits in `humanSeat`. */
export function playerOfSeat(seat, humanSeat) {
  return (seat - humanSeat + 3) % 3;
}

/** The person's seat in a deal dealt by `dealer` (a player): the dealer is rearhand (seat 2). */
export function humanSeatForDealer(dealer) {
  return (2 - dealer + 3) % 3;
}

/** The dealer (a player) of a deal where the person sits in `humanSeat`. */
export function dealerOfHumanSeat(humanSeat) {
  return (2 - humanSeat + 3) % 3;
}

/**
 * The seat draw (seed 000) as the server answers it: {cards, positions}, drawn by three people
 * (the person first); `positions` are their table positions, and position 0 deals the first game.
 * The one at the person's position + 1 sits on the left (play goes clockwise).
 * Returns [{player, card}] (player: 0 you, 1 left, 2 right) in the order they drew.
 */
export function drawnBy(draw) {
  const positions = draw?.positions;
  const cards = draw?.cards;
  if (!Array.isArray(positions) || !Array.isArray(cards) || positions.length !== 3) return [];
  return positions.map((pos, i) => ({ player: (pos - positions[0] + 3) % 3, card: cards[i] }));
}

/** The player (0 you, 1 left, 2 right) who deals the first game of a series after `draw`. */
export function firstDealer(draw) {
  const positions = draw?.positions;
  if (!Array.isArray(positions) || positions.length !== 3) return 0;
  return (0 - positions[0] + 3) % 3;
}

/** A new, empty series: `length` deals (a multiple of 3; 0 = open-ended), `list` simple or
 * seeger_fabian, `draw` the seat draw. */
export function newSeries(length, list, draw, now = new Date()) {
  return {
    id: now.toISOString(),
    started: now.toISOString(),
    length,
    list,
    draw,
    deals: [],
    closed: false,
  };
}

/** The dealer (a player) of deal `index` (0-based) of the series: the deal passes clockwise. */
export function dealerOf(series, index) {
  return (firstDealer(series.draw) + index) % 3;
}

/**
 * The dealer (a player) of the series' next deal: the player left of the last deal's dealer (an
 * imported series goes on from its last deal), or the seat draw's first dealer. Rows whose seat
 * cannot be read count on from the last one that can (the deal passes clockwise).
 */
export function nextDealer(series) {
  const deals = series.deals;
  for (let i = deals.length - 1; i >= 0; i--) {
    if (isSeat(deals[i]?.human_seat)) return (dealerOfHumanSeat(deals[i].human_seat) + deals.length - i) % 3;
  }
  return (firstDealer(series.draw) + deals.length) % 3;
}

/** True when the series has all its deals. */
export function isComplete(series) {
  return series.length > 0 && series.deals.length >= series.length;
}

/**
 * A finished deal as the sheet keeps it, from the server's answer.
 * `view` is the final view (phase "result"), `record` the deal's record.
 */
export function sheetDeal(view, record, humanSeat, now = new Date()) {
  const result = view.result ?? {};
  const scores = Array.isArray(result.list_scores) ? result.list_scores.slice(0, 3) : [0, 0, 0];
  return {
    record,
    human_seat: humanSeat,
    deal_number: String(view.deal_number ?? ""),
    result,
    iss_result: view.iss_result ?? "",
    list_scores: scores.map((x) => (Number.isInteger(x) ? x : 0)),
    dealer: dealerOfHumanSeat(humanSeat),
    finished: now.toISOString(),
    // a Bock deal ("bock": scores × 2) or a Bockramsch deal ("ramsch"), as the server dealt it
    ...(view.bock === "bock" || view.bock === "ramsch" ? { bock: view.bock } : {}),
  };
}

/** The marks a row may carry of how its deal was helped (`assisted`): a hint or an undo used, a
 * refused claim whose line showed unseen cards (assist.js sheetMarks words them). */
export const ASSIST_MARKS = ["hint", "undo", "claim"];

/**
 * What a row keeps of the computer's replay of its deal (replay.js, compare.js), as the server
 * takes it to compare the scores (POST /api/statistics): {record, player}, or null when the row
 * holds none to count: none asked for, or only the computer's score (rows kept before the
 * comparison of a series kept the replay's record), or fields not of their shape. The server
 * checks the record against the row's own deal; nothing here is counted.
 */
export function rowReplay(deal) {
  const r = deal?.replay;
  if (!isObject(r) || typeof r.record !== "string" || !r.record.startsWith("(;") || typeof r.player !== "string") return null;
  return { record: r.record, player: r.player };
}

/** What a row keeps of its deal's review summed by kind (compare.js, POST /api/review/kinds), as
 * the server takes it back to sum a series: {deal_number, seat, kinds}, or null when the row holds
 * none of that shape (the server checks its figures' shape and its deal). */
export function rowReviewKinds(deal) {
  const r = deal?.review_kinds;
  if (!isObject(r) || typeof r.deal_number !== "string" || !isSeat(r.seat) || !isObject(r.kinds)) return null;
  return { deal_number: r.deal_number, seat: r.seat, kinds: r.kinds };
}

/** What an imported row keeps of the file beside the server's replay of its record (sheetDeal):
 * its marks (ASSIST_MARKS), the computer's replay with the person's cards (replay.js: the file's
 * record of it, checked by the server when the series is compared, and its score, kept but
 * neither shown nor counted: the row shows the server's score of the checked record; neither
 * played again, which would take seconds a deal)
 * and when it was finished, each only in its own shape; the rest is the server's. Without this
 * a series played with hints would come back unmarked. */
export function keptOnImport(row) {
  const out = {};
  if (Array.isArray(row?.assisted)) {
    const marks = [...new Set(row.assisted.filter((x) => ASSIST_MARKS.includes(x)))];
    if (marks.length) out.assisted = marks;
  }
  const replay = row?.replay;
  const kept = rowReplay(row);
  if (Number.isInteger(replay?.score) || kept) {
    // the level that played it, when it reads as one (a name of a few letters), else unknown
    const player = typeof replay.player === "string" && /^[a-z][a-z0-9-]{0,19}$/.test(replay.player) ? replay.player : null;
    out.replay = { player };
    if (Number.isInteger(replay.score)) out.replay.score = replay.score;
    if (kept && player) out.replay.record = kept.record;
  }
  const kinds = rowReviewKinds(row);
  if (kinds) out.review_kinds = kinds;
  if (typeof row?.finished === "string" && !Number.isNaN(Date.parse(row.finished))) out.finished = row.finished;
  return out;
}

/**
 * The series' finished deals as the server's Bock rule reads them (`[{record, human_seat}]`, in
 * order), or null while the rule is off for the next deal (`options`, its rule options): then
 * nothing is sent and nothing is walked. Rows that cannot be read are left out.
 */
export function bockSeries(series, options) {
  if (options?.bock === undefined || options.bock === "off") return null;
  return (series?.deals ?? []).filter((d) => !dealDamage(d)).map((d) => ({ record: d.record, human_seat: d.human_seat }));
}

/** True when a readable row of the series carries a Bock mark (its `bock`, or `BK[` in its
 * record): the server is then asked whether the marks follow (POST /api/bock), whatever the
 * next deal's rule, as a forged mark would double a row's score on the sheet. */
export function hasBockMarks(series) {
  return (series?.deals ?? []).some((d) => !dealDamage(d) && (d.bock !== undefined || d.record.includes("BK[")));
}

/** True when the server is asked to walk a finished series for its Bock marks before its totals
 * are shown (settings.js bockRefused): a readable row carries a mark (hasBockMarks) or was dealt
 * under the Bock rule (its record's RU[...]), where a mark taken away would change a score too. */
export function bockToCheck(series) {
  return hasBockMarks(series) || (series?.deals ?? []).some((d) => !dealDamage(d) && (recordOptions(d.record).bock ?? "off") !== "off");
}

/** What a row's deal was under the Bock rule as its record says (`BK[2]` "bock", `BK[ramsch]`
 * "ramsch", else null): the mark the server's walk checks (POST /api/bock), read to name it
 * with B on the sheet; the row's own `bock` field is the browser's copy, which a store may
 * change without the record. */
export function bockOf(deal) {
  const found = typeof deal?.record === "string" ? /BK\[(2|ramsch)\]/.exec(deal.record) : null;
  return found ? (found[1] === "2" ? "bock" : "ramsch") : null;
}

/** The row (0-based index of the sheet) of the `index`th deal that bockSeries sends, or null:
 * the server names a deal by its place among those sent (bock_mismatch's `index`). */
export function bockRow(series, index) {
  const rows = (series?.deals ?? []).map((d, i) => (dealDamage(d) ? null : i)).filter((i) => i !== null);
  return Number.isInteger(index) && index >= 0 && index < rows.length ? rows[index] : null;
}

// ---- damaged rows ------------------------------------------------------------------------------

/** True for a result of the server (skat.server.game) as far as the totals read it: its kind,
 * and for a declarer's game the declarer's seat and whether it was won. */
function readableResult(r) {
  if (!isObject(r) || !["game", "ramsch", "passed"].includes(r.kind)) return false;
  return r.kind !== "game" || (isSeat(r.declarer) && typeof r.won === "boolean");
}

/**
 * What is wrong with a row of the sheet, or null: "shape" (not a row at all), "seat" (the
 * person's seat cannot be read, so whose scores are whose is unknown), "scores" (its list
 * scores), "record" (its record, by its shape or as the server refused it: `damaged` says so),
 * "result" (the server's result it was written with: not one, or its kind, declarer or won
 * cannot be read). The first found is named. Every field the totals read (tally) is checked.
 */
export function dealDamage(deal) {
  if (!isObject(deal) || deal.damaged === "shape") return "shape";
  if (!isSeat(deal.human_seat)) return "seat";
  if (!Array.isArray(deal.list_scores) || deal.list_scores.length !== 3 || !deal.list_scores.every(Number.isInteger)) return "scores";
  if (typeof deal.record !== "string" || !deal.record.startsWith("(;") || deal.damaged === "record") return "record";
  if (!readableResult(deal.result)) return "result";
  return null;
}

/** True when a damaged row still counts: every field the totals read can be read, as only its
 * record is damaged (it counts as it was written). A row counts in full or not at all, so that
 * its points and its won or lost game are on the sheet together. A row the server's Bock walk
 * refused ("bock", and "after_bock" after it: tally) does not count. */
export function counts(damage) {
  return damage === null || damage === "record";
}

/** True when a row's result can be shown, counted or not: it counts, or only its Bock mark does
 * not follow from the deals before it (its result is read, its score kept out of the totals). */
function shown(damage) {
  return counts(damage) || damage === "bock" || damage === "after_bock";
}

/** The list scores of a deal by player (0 you, 1 left, 2 right). */
export function scoresByPlayer(deal) {
  const out = [0, 0, 0];
  for (let seat = 0; seat < 3; seat++) out[playerOfSeat(seat, deal.human_seat)] += deal.list_scores[seat] ?? 0;
  return out;
}

/** The declarer of a deal as a player, or null (passed, Ramsch). */
export function declarerPlayer(deal) {
  const r = deal.result;
  if (r.kind !== "game" || !isSeat(r.declarer)) return null;
  return playerOfSeat(r.declarer, deal.human_seat);
}

/**
 * The markers of a deal (keys of i18n "marker.*"): hand, schneider, schwarz, schneider_announced,
 * schwarz_announced, kontra, re, supra, overbid, pushed.1 … pushed.3 (Schieberamsch), jungfrau,
 * jungfrau.2 (two seats without a trick), durchmarsch, passed; bock (a Bock deal, "B") and
 * bockramsch first, as the record says the server dealt the deal (bockOf).
 */
export function markers(deal) {
  const r = deal.result;
  const bock = bockOf(deal);
  const out = bock === "bock" ? ["bock"] : bock === "ramsch" ? ["bockramsch"] : [];
  if (r.passed || r.kind === "passed") return [...out, "passed"];
  if (r.kind === "ramsch") {
    // The game column says Ramsch; the notes say what doubled it: the skat pushed on unseen in a
    // Schieberamsch (one "schieben" step per push), a Jungfrau, or the Durchmarsch.
    const counted = (code) => (r.steps ?? []).filter((step) => step.code === code).length;
    const pushes = counted("schieben");
    if (pushes) out.push(`pushed.${Math.min(pushes, 3)}`);
    // What the steps count: a seat without a trick doubles only a Ramsch that is not a won
    // Durchmarsch, and with the Durchmarsch rule off taking every trick is scored as the most
    // points with two Jungfrauen, not as a Durchmarsch.
    const jungfrauen = counted("jungfrau"); // two when both others took no trick (each doubles)
    if (jungfrauen) out.push(jungfrauen > 1 ? "jungfrau.2" : "jungfrau");
    if (counted("durchmarsch")) out.push("durchmarsch");
    return out;
  }
  const levels = r.levels ?? [];
  if (levels.includes("hand")) out.push("hand");
  // An announcement is named as one: a lost game's "Schneider" alone would read as the declarer
  // schneidered, where a Schneider announced and missed is meant.
  const announced = ["schwarz_announced", "schneider_announced"].find((a) => levels.includes(a));
  if (levels.includes("schwarz") && announced !== "schwarz_announced") out.push("schwarz");
  else if (levels.includes("schneider") && !announced) out.push("schneider");
  if (announced) out.push(announced);
  // kontra: 0 none, 1 Kontra, 2 Re, 3 Supra (skat.scoring.GameResult): each call said is noted,
  // as the bar shows them ("Kontra · Re"), so a Re does not read as the only doubling.
  const calls = ["kontra", "re", "supra"].slice(0, Math.max(0, Math.min(r.kontra ?? 0, 3)));
  out.push(...calls);
  if (r.overbid) out.push("overbid");
  return out;
}

/** The matadors of a game: {with: n} or {without: n}, from the result's steps; null if none. */
export function matadorsOf(result) {
  for (const step of result.steps ?? []) {
    if (step.code === "matadors_with") return { with: step.value };
    if (step.code === "matadors_without") return { without: step.value };
  }
  return null;
}

/**
 * The sheet's rows and totals. Each row: {index, deal, damage (dealDamage, or "bock" /
 * "after_bock"), result (the deal's, null when it cannot be read), dealer (null when the seat
 * cannot be read), declarer, scores (by player, as counted), totals (running, by player)}.
 * Totals: {points, won, lost} by player; `won`/`lost` count the games each player won or lost as
 * declarer (Seeger-Fabian's columns). A damaged row adds what can be read of it (counts) and
 * nothing else; it is never left out of `rows`.
 * `bockRefused`: the row whose Bock mark the server's walk refused (POST /api/bock
 * bock_mismatch, bockRow), or null: that row ("bock") and every row after it ("after_bock",
 * whose Bock status rests on it) are shown but not counted, as POST /api/statistics skips them.
 */
export function tally(series, bockRefused = null) {
  const totals = { points: [0, 0, 0], won: [0, 0, 0], lost: [0, 0, 0] };
  const rows = series.deals.map((deal, index) => {
    let damage = dealDamage(deal);
    if (counts(damage) && bockRefused !== null && index >= bockRefused) damage = index === bockRefused ? "bock" : "after_bock";
    const counted = counts(damage);
    const scores = counted ? scoresByPlayer(deal) : [0, 0, 0];
    for (let p = 0; p < 3; p++) totals.points[p] += scores[p];
    const declarer = shown(damage) ? declarerPlayer(deal) : null;
    if (declarer !== null && counted) {
      if (deal.result.won) totals.won[declarer] += 1;
      else totals.lost[declarer] += 1;
    }
    return {
      index,
      deal,
      damage,
      result: shown(damage) ? deal.result : null,
      dealer: damage === "shape" || damage === "seat" ? null : dealerOfHumanSeat(deal.human_seat),
      declarer,
      scores,
      totals: totals.points.slice(),
    };
  });
  return { rows, totals };
}

/** The damaged rows of a series: [{index, damage}]. */
export function damagedRows(series) {
  return series.deals.map((deal, index) => ({ index, damage: dealDamage(deal) })).filter((row) => row.damage);
}

/** The best total's players (the leaders), for marking them on the sheet. */
export function leaders(totals) {
  const best = Math.max(...totals.points);
  return [0, 1, 2].filter((p) => totals.points[p] === best);
}

// ---- export and import ------------------------------------------------------------------------

export const EXPORT_FORMAT = "skat-series";

/** The series without the deal it holds in progress (`open`): what an archive, an export and an
 * import keep, as that deal's unseen cards are in its record and it can be played only here. */
export function settled(series) {
  const { open: _inProgress, ...kept } = series;
  return kept;
}

/** The series as a JSON document for download (its deal in progress left out). */
export function exportJson(series, schema) {
  return JSON.stringify({ format: EXPORT_FORMAT, schema, series: settled(series) }, null, 1);
}

const PLAYER_TAGS = ["you", "left", "right"];

/**
 * The series as ISS records, one line per deal. The players' names say who is who: P0..P2
 * (forehand, middlehand, rearhand) hold "you", "left" or "right", so an import knows the
 * person's seat again. A damaged row is written as its record reads (without names when its seat
 * cannot be read); a row without a record to write is left out (the JSON export keeps it).
 */
export function exportIss(series) {
  const lines = series.deals.filter((d) => typeof d?.record === "string" && d.record.startsWith("(;"));
  return lines.map((d) => withPlayers(d.record, d.human_seat)).join("\n") + "\n";
}

function withPlayers(record, humanSeat) {
  if (/P0\[/.test(record) || !isSeat(humanSeat)) return record;
  const names = [0, 1, 2].map((seat) => `P${seat}[${PLAYER_TAGS[playerOfSeat(seat, humanSeat)]}]`).join("");
  return record.replace(/(MV\[)/, names + "$1");
}

/** The rows' records of a series as compared for sameness: without the players' names that an
 * ISS export adds (P0..P2), a row without a record as its JSON. */
function rowKeys(series) {
  return series.deals.map((d) => (typeof d?.record === "string" ? d.record.replace(/P[0-2]\[[^\]]*\]/g, "") : JSON.stringify(d)));
}

/**
 * The stored series that an import is a copy of, or null: the current one or one of the archive
 * (`store`: the store's {series, archive}) with the same rows (an empty series only under the
 * same id). An import of such a copy adds nothing.
 */
export function storedCopy(store, series) {
  const keys = rowKeys(series);
  const same = (s) => {
    const other = rowKeys(s);
    if (other.length !== keys.length || (!keys.length && s.id !== series.id)) return false;
    return other.every((k, i) => k === keys[i]);
  };
  return [store.series, ...(store.archive ?? [])].find((s) => s && same(s)) ?? null;
}

/** The person's seat in an imported ISS line (the seat named "you"; else 0). */
export function humanSeatOfRecord(record) {
  for (let seat = 0; seat < 3; seat++) {
    const m = record.match(new RegExp(`P${seat}\\[([^\\]]*)\\]`));
    if (m && m[1].toLowerCase() === "you") return seat;
  }
  return 0;
}

/**
 * Reads an import: a JSON export ({format: "skat-series", series}) or ISS lines. Returns
 * {kind: "json", series} or {kind: "iss", records: [{record, human_seat}]}; throws an Error
 * with a message key ("import.notSeries", "import.empty") otherwise.
 */
export function parseImport(text) {
  const trimmed = String(text ?? "").trim();
  if (!trimmed) throw new Error("import.empty");
  if (trimmed.startsWith("{")) {
    let data;
    try {
      data = JSON.parse(trimmed);
    } catch {
      throw new Error("import.notSeries");
    }
    if (data?.format !== EXPORT_FORMAT || typeof data.series !== "object" || data.series === null) {
      throw new Error("import.notSeries");
    }
    return { kind: "json", series: data.series };
  }
  const records = trimmed
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.startsWith("(;"))
    .map((record) => ({ record, human_seat: humanSeatOfRecord(record) }));
  if (!records.length) throw new Error("import.notSeries");
  return { kind: "iss", records };
}

/** The rule options written in a record's RU[...] property (for the sheet's list kind). */
export function recordScoreList(record) {
  const m = record.match(/RU\[([^\]]*)\]/);
  if (m) {
    for (const part of m[1].split(",")) {
      const [k, v] = part.split("=");
      if (k === "score_list") return v;
    }
  }
  return "seeger_fabian";
}
