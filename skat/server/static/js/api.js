// The server's JSON API. The server keeps no game state: every call carries the record, and the
// answer is saved in this browser (store.js) before anything is shown, so a reload or a server
// restart continues the deal exactly. `player` names the computers' level (settings).

export class ApiError extends Error {
  /** `reason`: a finer code the server adds to some errors (a deal number's: form, range, seat);
   * `largest`: the largest deal number, which a deal number's range error names; `line`: a
   * refused claim's line of play that beats it (`[{seat, card}]`); `index`: a refused Bock
   * mark's deal, its 0-based index in the series sent (bock_mismatch). */
  constructor(code, message, status, reason = null, largest = null, line = null, index = null) {
    super(message);
    this.code = code;
    this.status = status;
    this.reason = reason;
    this.largest = largest;
    this.line = line;
    this.index = index;
  }
}

async function post(path, body) {
  let response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError("network", String(err), 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = data?.error ?? {};
    throw new ApiError(error.code ?? "http_" + response.status, error.message ?? "", response.status, error.reason ?? null, error.largest ?? null, error.line ?? null, Number.isInteger(error.index) ? error.index : null);
  }
  return data;
}

/**
 * The Bock figures of a series (POST /api/bock): its finished deals `[{record, human_seat}]` and
 * the next deal's rule options; the answer `{deals, remaining, next, multiplier}`.
 */
export function bock(series, options) {
  return post("/api/bock", { series, options: options ?? {} });
}

/**
 * Starts a deal: deal number (digits, or digits, "-" and the seat, as the person typed it; null:
 * random), rule options, the human's seat (optional: the seat the number names, else the server
 * seats the human by the deal number) and the computers' level.
 */
export function newDeal(dealNumber, options, humanSeat = null, player = null, series = null) {
  const body = { options: options ?? {} };
  // the series' finished deals, for the Bock rule: the server decides from them what the deal is
  if (series) body.series = series;
  if (humanSeat !== null && humanSeat !== undefined) body.human_seat = humanSeat;
  if (player) body.player = player;
  if (dealNumber !== null && dealNumber !== undefined) body.deal_number = String(dealNumber);
  return post("/api/new", body);
}

/** Applies the human's action(s) to the record; the computers answer until the human is to act. */
export function act(record, humanSeat, actions, player = null) {
  const body = { record, human_seat: humanSeat, action: actions };
  if (player) body.player = player;
  return post("/api/act", body);
}

/** The human's view of a stored record, without acting (used after a reload). */
export function view(record, humanSeat, player = null) {
  const body = { record, human_seat: humanSeat };
  if (player) body.player = player;
  return post("/api/view", body);
}

/**
 * The figures of stored score sheets: `series` [{id, deals: [{record, human_seat}]}]. Answers
 * {overall, series: [{id, statistics, skipped}]} (docs/web-api.md, "Statistics").
 */
export function statistics(series) {
  return post("/api/statistics", { series });
}

/** The open-hand analysis of the finished deal `record` for `humanSeat`: {analysis: {...}}
 * (docs/web-api.md, "Analysis"). */
export function analysis(record, humanSeat) {
  return post("/api/analysis", { record, human_seat: humanSeat });
}

/** The strong computer's call at each of `humanSeat`'s calls in the auction of the finished deal
 * `record`, which the analysis leaves out (its estimates.calls is null): {calls: [...]}. */
export function analysisCalls(record, humanSeat) {
  return post("/api/analysis/calls", { record, human_seat: humanSeat });
}

/** The strong computer's suggestion for the human's decision: {hint: {action, tokens, kind,
 * reason}}. `kind`: {deal: "practice"} or {deal: "series", series_allows} (docs/web-api.md). */
export function hint(record, humanSeat, kind) {
  return post("/api/hint", { record, human_seat: humanSeat, ...kind });
}

/** The deal before the human's last decision: {record, view, events} as view() answers. */
export function undo(record, humanSeat, kind) {
  return post("/api/undo", { record, human_seat: humanSeat, ...kind });
}

/** The seat draw at the start of a series: {cards: [you, left, right], positions}. */
export function draw() {
  return post("/api/draw", {});
}

async function get(path) {
  let response;
  try {
    response = await fetch(path);
  } catch (err) {
    throw new ApiError("network", String(err), 0);
  }
  if (!response.ok) throw new ApiError("http_" + response.status, "", response.status);
  try {
    return await response.json();
  } catch (err) {
    throw new ApiError("network", String(err), response.status);
  }
}

/** The server's state: {ok, player} (player: the level it plays when a request names none). */
export function health() {
  return get("/api/health");
}

/** The rule options and the contracts: {options: [{name, default, values, idle_when}] in the
 * order of skat.options.Options (the settings panel's choices, and what the stored settings are
 * checked against), contracts: {token: [announcement, ...]} (each contract's announcements, the
 * implied ones too, skat.server.view.contracts_json)}. */
export async function options() {
  const data = await get("/api/options");
  if (!Array.isArray(data?.options)) throw new ApiError("network", "no option list", 200);
  return { options: data.options, contracts: data.contracts ?? {} };
}

/** True for a server's 4xx: it refused the record (damaged, foreign); a network or server fault is
 * not. */
export function refused(err) {
  return err.status >= 400 && err.status < 500;
}

/** The computer with your cards: the finished deal of `record` played again with the server's
 * strong player in `humanSeat` and the computers of `player` in the other two (POST /api/replay):
 * {seat, player, level, person, computer, parted, identical}. */
export function replay(record, humanSeat, player = null) {
  const body = { record, human_seat: humanSeat };
  if (player) body.player = player;
  return post("/api/replay", body);
}

/** The review of the finished deal `record` for `humanSeat` summed by kind of decision (POST
 * /api/review/kinds): {deal_number, seat, kinds}, what a score sheet row keeps (compare.js). */
export function reviewKinds(record, humanSeat) {
  return post("/api/review/kinds", { record, human_seat: humanSeat });
}

/** The complete lines of a stream read so far: `rest` (the unfinished line before) and `chunk`
 * (the text just read) give `{lines, rest}`, the finished lines without their "\n" (a "\r"
 * before it dropped, empty lines left out) and the unfinished tail to carry on. */
export function splitLines(rest, chunk) {
  const parts = (rest + chunk).split("\n");
  const tail = parts.pop();
  const lines = parts.map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line)).filter((line) => line.trim() !== "");
  return { lines, rest: tail };
}

/** One line of a JSON-lines answer as an object; a line that is not a JSON object, or one
 * that says `{"error": {code, message}}`, throws an ApiError (`bad_line`, or the server's code
 * with `status`). */
export function parseLine(line, status = 200) {
  let data;
  try {
    data = JSON.parse(line);
  } catch {
    throw new ApiError("bad_line", line.slice(0, 80), status);
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) throw new ApiError("bad_line", line.slice(0, 80), status);
  if (data.error) throw new ApiError(data.error.code ?? "internal_error", data.error.message ?? "", status);
  return data;
}

/**
 * The review of the finished deal `record` for `humanSeat` as the server judges it
 * (POST /api/review/stream, docs/web-api.md "Review"): `onLine` gets each line's object as it
 * arrives ({start}, {decision}, {summary}). Resolves once the summary came; throws an ApiError
 * for a refusal (the server's 4xx code), a network fault (`network`), a line that is not JSON
 * (`bad_line`), an error line (its code) or a stream that ended without the summary
 * (`cut_off`). `signal`: an AbortSignal that stops reading (throws `aborted`).
 */
export async function reviewStream(record, humanSeat, onLine, signal = undefined) {
  let response;
  try {
    response = await fetch("/api/review/stream", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ record, human_seat: humanSeat }),
      signal,
    });
  } catch (err) {
    throw new ApiError(signal?.aborted ? "aborted" : "network", String(err), 0);
  }
  if (!response.ok) {
    let data = null;
    try {
      data = await response.json();
    } catch {
      data = null;
    }
    const error = data?.error ?? {};
    throw new ApiError(error.code ?? "http_" + response.status, error.message ?? "", response.status);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let rest = "";
  let done = false;
  const take = (lines) => {
    for (const line of lines) {
      const data = parseLine(line, response.status);
      onLine(data);
      if (data.summary) done = true;
    }
  };
  try {
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      const split = splitLines(rest, decoder.decode(value, { stream: true }));
      rest = split.rest;
      take(split.lines);
    }
    take(splitLines(rest, decoder.decode() + "\n").lines);
  } catch (err) {
    reader.cancel().catch(() => {});
    if (err instanceof ApiError) throw err;
    throw new ApiError(signal?.aborted ? "aborted" : "network", String(err), response.status);
  }
  if (!done) throw new ApiError("cut_off", "", response.status);
}
