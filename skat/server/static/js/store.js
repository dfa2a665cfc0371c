// What this browser keeps: settings, the deal in progress and the score sheets, under one
// localStorage key with a schema version. Older layouts are migrated forward; data that cannot be
// read (damaged, from another program, from a newer version) is reported and set aside under
// another key, never thrown away and never allowed to stop the page.
//
// Layout of schema 2 (key "skat.store"):
//   { schema: 2,
//     settings: {...},                        // see settings.js DEFAULT_SETTINGS; checked by checkSettings
//     current: {record, human_seat, practice, series_id?, discard?} | null,   // discard: the cards chosen to put away, not yet declared
//     series: {id, started, length, list, draw, deals: [Deal], closed,
//              open?: {record, human_seat}} | null,   // open: its deal not played out yet
//     archive: [Series] }                     // finished series, newest last
//   Deal = {record, human_seat, deal_number, result, iss_result, list_scores, dealer, finished,
//           bock?, assisted?, replay?, review_kinds?, damaged?}   // bock: "bock" | "ramsch"; assisted: sheet.js
//           ASSIST_MARKS; replay: {record, player, score}, the computer with the person's
//           cards (replay.js, compare.js; rows kept before the comparison of a series have no
//           record and count as not replayed: sheet.js rowReplay; `score` is kept, not shown:
//           the sheet shows the server's score of the record, compare.js rowReplays); damaged: why the row cannot
//           be read in full (sheet.js dealDamage); review_kinds: {deal_number, seat, kinds},
//           its review summed by kind of decision (compare.js, sheet.js rowReviewKinds)
// Schema 1 (before score sheets): "skat.v1.settings" and "skat.v1.current", migrated on load.
// What cannot be read is set aside under "skat.damaged.<time>.<part>", the part named as in the
// layout ("store": the whole text; "settings", "current", "series", "series.open", "archive":
// that field or one series of it; "fields": the fields the layout does not have, as one object;
// "v1.settings", "v1.current": a first-layout key); the readable parts are kept. <time> is the
// moment it was set aside (Date toISOString, "2026-12-07T13:51:43.123Z"); a second part of the
// same name set aside in the same millisecond (two unreadable series of the archive) takes
// "#2", "#3", … after its name ("….archive#2"), never a dotted number that would read as a part
// of the layout ("series.open"). asideKey and readAsideKey write and read these keys.
//
// One game per browser, however many tabs show it: each tab remembers the text of the store it
// last read or wrote (its version). A tab that finds another text stored when it writes has been
// overtaken by another tab; its write is refused ("stale") and it takes up the newer state
// instead, so that an old copy neither overwrites a newer game nor takes moves back. The
// `storage` event tells a tab as soon as another one writes (watch).
//
// Setting aside moves data: the stored text that holds it is taken away first, so that keeping
// a part of it needs no room twice. A write either does all it set out to do (the data set aside,
// the store written) or changes nothing; when there is no room even so, the unreadable data
// stays where it was and waits ("held"), and nothing is written until the person makes room or
// gives that data up.

export const STORE_KEY = "skat.store";
export const DAMAGED_PREFIX = "skat.damaged.";
export const SCHEMA = 2;
const V1_SETTINGS = "skat.v1.settings";
const V1_CURRENT = "skat.v1.current";
const RELOADED = "skat.reloaded"; // sessionStorage: why this tab reloaded itself (takeReloadNote)

const isObject = (x) => typeof x === "object" && x !== null && !Array.isArray(x);

let known = null; // the text of STORE_KEY as this tab last read or wrote it
let ours = false; // `known` is a store of this game (read or written here): a reload goes back to it
let waiting = []; // [{what, raw}]: unreadable data to set aside with the next write
let retiring = []; // keys whose data the store has taken over (or sets aside): removed with the next write
let held = false; // the waiting data found no room: nothing is written until room is made
let leaving = false; // this tab reloads to take up another tab's newer state

/** The fields of a stored store (schema 2): any other is not this program's and is set aside
 * (load). A new field of the layout is named here, or its data is set aside on the next load. */
const PARTS = ["schema", "settings", "current", "series", "archive"];

function emptyStore() {
  return { schema: SCHEMA, settings: {}, current: null, series: null, archive: [] };
}

function safeGet(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(key, value) {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

function safeRemove(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing to do: the store is not available
  }
}

function parsed(raw) {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/**
 * Sets `value` (a text, or data written as JSON) aside with the next write, under a key of its
 * own ("skat.damaged.<time>.<what>"); `from`: a key of its own that held it, removed then. Which
 * keys were written (or that there was no room) is said by that write's answer (save).
 */
export function setAside(what, value, from = null) {
  const raw = typeof value === "string" ? value : String(JSON.stringify(value));
  waiting.push({ what, raw });
  if (from) retiring.push(from);
}

/** The key for data set aside at `time` (an ISO time, toISOString) as the `n`th part named
 * `part` ("archive", "series.open", …) at that time: "skat.damaged.<time>.<part>", with "#<n>"
 * after it from the second on. */
export function asideKey(time, part, n = 1) {
  return DAMAGED_PREFIX + time + "." + part + (n > 1 ? `#${n}` : "");
}

const ASIDE_KEY = /^skat\.damaged\.(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\.([a-z0-9.]+?)(?:#([1-9]\d*))?$/;

/** A key asideKey wrote, read back: {time, part, n}, or null for any other key. */
export function readAsideKey(key) {
  const m = ASIDE_KEY.exec(key);
  return m ? { time: m[1], part: m[2], n: m[3] ? Number(m[3]) : 1 } : null;
}

function freeKey(what, taken) {
  const time = new Date().toISOString();
  let n = 1;
  while (safeGet(asideKey(time, what, n)) !== null || taken.includes(asideKey(time, what, n))) n++;
  return asideKey(time, what, n);
}

// ---- shapes ---------------------------------------------------------------------------------

const CARD = /^[CSHD][AKQJT987]$/; // ISS notation

/** True for a seat draw as the server answers it ({cards: three cards, positions: 0, 1, 2 in
 * some order}), or none (null: an imported series of ISS records has no draw). */
function isDraw(draw) {
  if (draw === null || draw === undefined) return true;
  if (!isObject(draw) || !Array.isArray(draw.cards) || !Array.isArray(draw.positions)) return false;
  const cards = draw.cards;
  if (cards.length !== 3 || !cards.every((c) => typeof c === "string" && CARD.test(c)) || new Set(cards).size !== 3) return false;
  return draw.positions.every(Number.isInteger) && [...draw.positions].sort().join() === "0,1,2";
}

/**
 * The first field of a series that does not have its shape ("deals", "length", "list", "id",
 * "started", "draw", "closed"), or null when it has the shape of one (its rows may still be
 * damaged: sheet.js dealDamage). Not an object at all: "series".
 */
export function seriesProblem(s) {
  if (!isObject(s)) return "series";
  if (!Array.isArray(s.deals)) return "deals";
  if (!(s.length === 0 || (Number.isInteger(s.length) && s.length > 0 && s.length % 3 === 0))) return "length";
  if (!["simple", "seeger_fabian"].includes(s.list)) return "list";
  if (typeof s.id !== "string" || !s.id) return "id";
  if (typeof s.started !== "string" || Number.isNaN(Date.parse(s.started))) return "started";
  if (!isDraw(s.draw)) return "draw";
  if (s.closed !== undefined && typeof s.closed !== "boolean") return "closed";
  return null;
}

/** A stored series, or null if it does not have the shape of one. Its rows are kept as they
 * are, damaged or not (a row that is not even an object is kept as {damaged: "shape", kept});
 * a deal in progress (`open`) that cannot be read is set aside. */
function checkSeries(s) {
  if (seriesProblem(s)) return null;
  const deals = s.deals.map((d) => (isObject(d) ? d : { damaged: "shape", kept: d }));
  const { open, ...rest } = s;
  if (open === undefined || open === null) return { ...rest, deals };
  if (!checkCurrent(open)) {
    setAside("series.open", open);
    return { ...rest, deals };
  }
  return { ...rest, deals, open };
}

function checkCurrent(c) {
  if (!isObject(c)) return null;
  if (typeof c.record !== "string" || ![0, 1, 2].includes(c.human_seat)) return null;
  return c;
}

// ---- settings -------------------------------------------------------------------------------

/**
 * The stored settings checked against what they may be. `defaults`: the settings before the
 * person changes any; `choices`: by name, the values a setting may take (an array) or its range
 * ({min, max}, whole numbers); a setting named in neither keeps the type of its default.
 * `rules`: the rule options as the server names them ([{key, values}], from GET /api/options),
 * or null when not known yet (the rule options are then not checked).
 * Returns {settings, reset: [{key, value, unknown}]}: a setting that is not what it may be is left
 * out (its default applies), and named in `reset` (rule options as "rule.<name>"); so is a
 * setting the page does not know (a name in neither `defaults` nor `choices`, a rule option the
 * server does not name), with `unknown` true: the page cannot use it, and a setting is a choice
 * the person makes again in the panel, so it is named with its value, not set aside.
 */
export function checkSettings(saved, defaults, choices, rules = null) {
  const settings = isObject(saved) ? { ...saved } : {};
  const reset = [];
  const drop = (key, value, unknown = false) => {
    reset.push({ key, value, unknown });
  };
  for (const [key, value] of Object.entries(settings)) {
    if (key === "options") continue;
    const allowed = Object.hasOwn(choices, key) ? choices[key] : undefined;
    const known = allowed !== undefined || Object.hasOwn(defaults, key);
    let ok;
    if (Array.isArray(allowed)) ok = allowed.includes(value);
    else if (allowed) ok = Number.isInteger(value) && value >= allowed.min && value <= allowed.max;
    else ok = known && typeof value === typeof defaults[key];
    if (!ok) {
      delete settings[key];
      drop(key, value, !known);
    }
  }
  if (settings.options !== undefined && !isObject(settings.options)) {
    drop("options", settings.options);
    settings.options = {};
  }
  if (rules && settings.options) {
    const options = { ...settings.options };
    for (const [name, value] of Object.entries(options)) {
      const spec = rules.find((r) => r.key === name);
      if (!spec || !spec.values.includes(value)) {
        delete options[name];
        drop("rule." + name, value, !spec);
      }
    }
    settings.options = options;
  }
  return { settings, reset };
}

// ---- reading --------------------------------------------------------------------------------

/** Schema 1 → 2: the two v1 keys become parts of the one store; there were no score sheets.
 * A v1 key that cannot be read is set aside. */
function migrateFromV1() {
  const rawSettings = safeGet(V1_SETTINGS);
  const rawCurrent = safeGet(V1_CURRENT);
  if (rawSettings === null && rawCurrent === null) return null;
  const store = emptyStore();
  if (rawSettings !== null) {
    const s = parsed(rawSettings);
    if (isObject(s)) {
      store.settings = s;
      retiring.push(V1_SETTINGS);
    } else {
      setAside("v1.settings", rawSettings, V1_SETTINGS);
    }
  }
  if (rawCurrent !== null) {
    const c = checkCurrent(parsed(rawCurrent));
    if (c) {
      store.current = c;
      retiring.push(V1_CURRENT);
    } else {
      setAside("v1.current", rawCurrent, V1_CURRENT);
    }
  }
  return store;
}

/** Steps that bring an older schema up to date: MIGRATIONS[n] turns schema n into n + 1. */
const MIGRATIONS = {
  // (schema 1 lived under other keys: migrateFromV1)
};

/**
 * Reads the store. Returns {store, status, keptAside} as save answers (what had to be set aside
 * is written at once). Never throws.
 */
export function load() {
  waiting = [];
  retiring = [];
  held = false;
  const raw = safeGet(STORE_KEY);
  known = raw;
  ours = false;
  if (raw === null) {
    const store = migrateFromV1() ?? emptyStore();
    return { store, ...save(store) };
  }
  // The v1 keys may come back (an old tab, a test's start-up script): the store wins; a v1
  // settings object fills only what the store lacks; a v1 key that cannot be read is set aside.
  const lateSettings = safeGet(V1_SETTINGS);
  const lateCurrent = safeGet(V1_CURRENT);
  let data = parsed(raw);
  if (!isObject(data) || !Number.isInteger(data.schema) || data.schema < 2 || data.schema > SCHEMA) {
    setAside("store", raw);
    return { store: emptyStore(), ...save(emptyStore()) };
  }
  ours = true;
  let schema = data.schema;
  while (schema < SCHEMA) {
    data = MIGRATIONS[schema](data);
    schema += 1;
  }
  const store = emptyStore();
  // a part that cannot be read is set aside, never dropped; the readable parts are kept
  const foreign = Object.fromEntries(Object.entries(data).filter(([key]) => !PARTS.includes(key)));
  if (Object.keys(foreign).length) setAside("fields", foreign);
  if (isObject(data.settings)) store.settings = data.settings;
  else if (data.settings !== undefined) setAside("settings", data.settings);
  if (lateSettings !== null) {
    const s = parsed(lateSettings);
    if (isObject(s)) {
      store.settings = { ...s, ...store.settings };
      safeRemove(V1_SETTINGS);
    } else {
      setAside("v1.settings", lateSettings, V1_SETTINGS);
    }
  }
  if (lateCurrent !== null) {
    if (checkCurrent(parsed(lateCurrent))) safeRemove(V1_CURRENT); // the store's deal wins
    else setAside("v1.current", lateCurrent, V1_CURRENT);
  }
  if (data.current !== null && data.current !== undefined) {
    store.current = checkCurrent(data.current);
    if (!store.current) setAside("current", data.current);
  }
  if (data.series !== null && data.series !== undefined) {
    store.series = checkSeries(data.series);
    if (!store.series) setAside("series", data.series);
  }
  if (Array.isArray(data.archive)) {
    for (const s of data.archive) {
      const ok = checkSeries(s);
      if (ok) store.archive.push(ok);
      else setAside("archive", s);
    }
  } else if (data.archive !== undefined) {
    setAside("archive", data.archive);
  }
  if (waiting.length || retiring.length) return { store, ...save(store) };
  return { store, status: "saved", keptAside: [] };
}

// ---- writing --------------------------------------------------------------------------------

/**
 * Writes the store. Returns {status, keptAside}: `status` "saved" (written, or already so),
 * "stale" (another tab wrote since this one read: nothing written; take up the newer state),
 * "full" (the browser refused: its storage is full or turned off), or "held" (unreadable data
 * waits to be set aside for want of room: nothing written until room is made, see
 * removeSetAside and dropWaiting); `keptAside`: the keys written for data set aside.
 */
export function save(store) {
  const text = JSON.stringify({ ...store, schema: SCHEMA });
  const nothingToDo = !waiting.length && !retiring.length;
  // nothing changed here since this tab read the store: nothing to write (and to refuse)
  if (nothingToDo && text === known) return { status: "saved", keptAside: [] };
  const stored = safeGet(STORE_KEY);
  if (stored !== null && stored !== known) return { status: "stale", keptAside: [] };
  if (held) return { status: "held", keptAside: [] };
  if (nothingToDo) {
    if (text === stored) return { status: "saved", keptAside: [] };
    if (!safeSet(STORE_KEY, text)) return { status: "full", keptAside: [] };
    known = text;
    ours = true;
    return { status: "saved", keptAside: [] };
  }
  // All at once or nothing: the texts that hold the data go first, making room for it.
  const sources = [[STORE_KEY, stored], ...retiring.map((key) => [key, safeGet(key)])].filter(([, v]) => v !== null);
  for (const [key] of sources) safeRemove(key);
  const written = [];
  const undo = () => {
    for (const key of written) safeRemove(key);
    for (const [key, value] of sources) safeSet(key, value); // each fitted before: it fits again
  };
  for (const w of waiting) {
    const key = freeKey(w.what, written);
    if (!safeSet(key, w.raw)) {
      undo();
      held = true;
      return { status: "held", keptAside: [] };
    }
    written.push(key);
  }
  if (!safeSet(STORE_KEY, text)) {
    undo();
    if (waiting.length) held = true;
    return { status: waiting.length ? "held" : "full", keptAside: [] };
  }
  waiting = [];
  retiring = [];
  known = text;
  ours = true;
  return { status: "saved", keptAside: written };
}

// ---- before an action -------------------------------------------------------------------------

/** The room (characters) the store may take more with one answer of the server: a record is at
 * most 4000 characters (skat.server.game.MAX_RECORD_CHARS), kept for the deal in progress and for
 * its series while it is played, and once more on the score sheet with its result when it ends. */
export const ANSWER_ROOM = 16000;
const ROOM_PROBE = "skat.room"; // written and removed at once: is there room for an answer?

/**
 * Whether an action may be sent now, so that what its answer brings is kept and no reload can
 * take it back: the store as this tab shows it is written (save), and there is room for what the
 * answer adds (`room` characters). Returns {status, keptAside, goOn}: status and keptAside as
 * save answers, with "no-room" when the store or what the answer adds finds no room; `goOn`
 * false for "no-room", "held" and "stale" (nothing is to be sent). With nothing of this game
 * kept (the browser's storage is turned off, or has never held it) a reload starts afresh and
 * takes nothing back: `goOn` is true whatever the write came to.
 */
export function readyToGoOn(store, room = ANSWER_ROOM) {
  const outcome = save(store);
  if (outcome.status === "stale") return { ...outcome, goOn: false };
  if (!ours) return { ...outcome, goOn: true };
  if (outcome.status === "held") return { ...outcome, goOn: false };
  let fits = outcome.status === "saved";
  if (fits) {
    fits = safeSet(ROOM_PROBE, "x".repeat(Math.max(0, room - ROOM_PROBE.length)));
    safeRemove(ROOM_PROBE);
  }
  return fits ? { ...outcome, goOn: true } : { ...outcome, status: "no-room", goOn: false };
}

// ---- making room ----------------------------------------------------------------------------

/** The data set aside so far, oldest first: [{key, size}] (size: characters of key and text,
 * as the browser counts them against its room). */
export function setAsideData() {
  const out = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && key.startsWith(DAMAGED_PREFIX)) out.push({ key, size: key.length + (safeGet(key) ?? "").length });
    }
  } catch {
    // no storage: nothing set aside
  }
  return out.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** The keys of data set aside so far. */
export function setAsideKeys() {
  return setAsideData().map((d) => d.key);
}

/** The texts set aside under `keys`, as one JSON object (for a download before they go). */
export function setAsideText(keys) {
  return JSON.stringify(Object.fromEntries(keys.map((key) => [key, safeGet(key)])), null, 1);
}

/** Removes the data set aside under `keys` (only such keys) and lets the next write try again
 * what waited for room. */
export function removeSetAside(keys) {
  for (const key of keys) if (key.startsWith(DAMAGED_PREFIX)) safeRemove(key);
  held = false;
}

/** The unreadable data that waits for room to be set aside: [{what, size}] (empty when none). */
export function waitingData() {
  return waiting.map((w) => ({ what: w.what, size: w.raw.length }));
}

/** The waiting data as one text (for a download): the text itself when there is one, else a
 * JSON object by part. */
export function waitingText() {
  if (waiting.length === 1) return waiting[0].raw;
  return JSON.stringify(Object.fromEntries(waiting.map((w, i) => [`${i + 1}.${w.what}`, w.raw])), null, 1);
}

/** Gives the waiting data up (the person has downloaded it, or does not want it): the next
 * write goes over it. */
export function dropWaiting() {
  waiting = [];
  held = false;
}

// ---- other tabs -----------------------------------------------------------------------------

/**
 * Calls `onNewer()` when another tab has written the store since this one read it: at once by
 * the `storage` event, and when this tab is shown again (it may have slept through the event,
 * in the browser's back-forward cache or in the background).
 */
export function watch(onNewer) {
  const check = () => {
    const stored = safeGet(STORE_KEY);
    if (stored !== null && stored !== known) onNewer();
  };
  window.addEventListener("storage", (e) => {
    if (e.key === STORE_KEY && e.newValue !== null && e.newValue !== known) onNewer();
  });
  window.addEventListener("pageshow", (e) => {
    if (e.persisted) check();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
}

/** True when another tab has written the store since this one read it (or this tab is already
 * reloading to take that up): what this tab would do now acts on an old copy. */
export function stale() {
  if (leaving) return true;
  const stored = safeGet(STORE_KEY);
  return stored !== null && stored !== known;
}

/** Reloads the page to take up the newer state another tab wrote; `why` ("newer": told by the
 * other tab's write, "refused": this tab's own write was refused) is said after the reload
 * (takeReloadNote). */
export function reloadNewer(why) {
  try {
    sessionStorage.setItem(RELOADED, why);
  } catch {
    // the reason cannot be kept: the page reloads all the same
  }
  leaving = true;
  location.reload();
}

/** Why this tab reloaded itself ("newer", "refused"), once; null after an ordinary load. */
export function takeReloadNote() {
  try {
    const why = sessionStorage.getItem(RELOADED);
    sessionStorage.removeItem(RELOADED);
    return why;
  } catch {
    return null;
  }
}
