// The server's JSON API and the browser's own store (localStorage) of the deal in progress.
// The server keeps no game state: every call carries the record, and the answer is saved here
// before anything is shown, so a reload or a server restart continues the deal exactly.

const STORE_KEY = "skat.v1.current";
const SETTINGS_KEY = "skat.v1.settings";

export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
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
    throw new ApiError(error.code ?? "http_" + response.status, error.message ?? "", response.status);
  }
  return data;
}

/** Starts a deal: {deal_number (digits, optional: random), options}; the server seats the human. */
export function newDeal(dealNumber, options) {
  const body = { options: options ?? {} };
  if (dealNumber !== null && dealNumber !== undefined && dealNumber !== "") {
    body.deal_number = String(dealNumber);
  }
  return post("/api/new", body);
}

/** Applies the human's action(s) to the record; the computers answer until the human is to act. */
export function act(record, humanSeat, actions) {
  return post("/api/act", { record, human_seat: humanSeat, action: actions });
}

/** The human's view of a stored record, without acting (used after a reload). */
export function view(record, humanSeat) {
  return post("/api/view", { record, human_seat: humanSeat });
}

export function loadCurrent() {
  try {
    const raw = localStorage.getItem(STORE_KEY);
    if (!raw) return null;
    const data = JSON.parse(raw);
    if (typeof data?.record !== "string" || typeof data?.human_seat !== "number") return null;
    return data;
  } catch {
    return null;
  }
}

export function saveCurrent(record, humanSeat) {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify({ record, human_seat: humanSeat }));
  } catch {
    // A full or disabled store: the deal goes on, only a reload would lose it.
  }
}

export function loadSettings() {
  try {
    const data = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? "{}");
    return typeof data === "object" && data !== null ? data : {};
  } catch {
    return {};
  }
}

export function saveSettings(settings) {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Settings are a convenience; nothing is lost without them.
  }
}
