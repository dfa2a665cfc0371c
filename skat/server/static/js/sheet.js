// The score sheet (Spielliste) of a series: pure functions over the stored series, no DOM.
//
// Players are named by where they sit as seen by the person: 0 you, 1 left, 2 right (play goes
// clockwise: you → left → right). Seats are the deal's: 0 forehand, 1 middlehand, 2 rearhand, and
// rearhand deals. Every score comes from the server's result (skat.scoring list_scores by seat);
// this module only adds them up and maps seats to players.

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
 * imported series goes on from its last deal), or the seat draw's first dealer.
 */
export function nextDealer(series) {
  const last = series.deals[series.deals.length - 1];
  if (last) return (dealerOfHumanSeat(last.human_seat) + 1) % 3;
  return firstDealer(series.draw);
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
  };
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
  if (r.kind !== "game" || r.declarer === undefined || r.declarer === null) return null;
  return playerOfSeat(r.declarer, deal.human_seat);
}

/**
 * The markers of a deal (keys of i18n "marker.*"): hand, schneider, schwarz, schneider_announced,
 * schwarz_announced, kontra, re, supra, overbid, pushed.1 … pushed.3 (Schieberamsch), jungfrau,
 * jungfrau.2 (two seats without a trick), durchmarsch, passed.
 */
export function markers(deal) {
  const r = deal.result;
  const out = [];
  if (r.passed || r.kind === "passed") return ["passed"];
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
 * The sheet's rows and totals. Each row: {index, deal, dealer, declarer, scores (by player),
 * totals (running, by player)}. Totals: {points, won, lost} by player; `won`/`lost` count the
 * games each player won or lost as declarer (Seeger-Fabian's columns).
 */
export function tally(series) {
  const totals = { points: [0, 0, 0], won: [0, 0, 0], lost: [0, 0, 0] };
  const rows = series.deals.map((deal, index) => {
    const scores = scoresByPlayer(deal);
    for (let p = 0; p < 3; p++) totals.points[p] += scores[p];
    const declarer = declarerPlayer(deal);
    if (declarer !== null) {
      if (deal.result.won) totals.won[declarer] += 1;
      else totals.lost[declarer] += 1;
    }
    return {
      index,
      deal,
      dealer: dealerOfHumanSeat(deal.human_seat),
      declarer,
      scores,
      totals: totals.points.slice(),
    };
  });
  return { rows, totals };
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
 * person's seat again.
 */
export function exportIss(series) {
  return series.deals.map((d) => withPlayers(d.record, d.human_seat)).join("\n") + "\n";
}

function withPlayers(record, humanSeat) {
  if (/P0\[/.test(record)) return record;
  const names = [0, 1, 2].map((seat) => `P${seat}[${PLAYER_TAGS[playerOfSeat(seat, humanSeat)]}]`).join("");
  return record.replace(/(MV\[)/, names + "$1");
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
