// What this browser keeps: settings, the deal in progress and the score sheets, under one
// localStorage key with a schema version. Older layouts are migrated forward; data that cannot be
// read (damaged, from another program, from a newer version) is reported and set aside under
// another key, never thrown away and never allowed to stop the page.
//
// Layout of schema 2 (key "skat.store"):
//   { schema: 2,
//     settings: {...},                        // see app.js DEFAULT_SETTINGS
//     current: {record, human_seat, practice, series_id?, discard?} | null,   // discard: the cards chosen to put away, not yet declared
//     series: {id, started, length, list, draw, deals: [Deal], closed,
//              open?: {record, human_seat}} | null,   // open: its deal not played out yet
//     archive: [Series] }                     // finished series, newest last
//   Deal = {record, human_seat, deal_number, result, iss_result, list_scores, dealer, finished}
// Schema 1 (before score sheets): "skat.v1.settings" and "skat.v1.current", migrated on load.

export const STORE_KEY = "skat.store";
export const DAMAGED_PREFIX = "skat.damaged.";
export const SCHEMA = 2;
const V1_SETTINGS = "skat.v1.settings";
const V1_CURRENT = "skat.v1.current";

const isObject = (x) => typeof x === "object" && x !== null && !Array.isArray(x);

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

/** Keeps `raw` under a key of its own ("skat.damaged.<time>.<what>") so nothing is lost. */
export function setAside(what, raw) {
  const key = DAMAGED_PREFIX + new Date().toISOString() + "." + what;
  safeSet(key, typeof raw === "string" ? raw : JSON.stringify(raw));
  return key;
}

/** A deal of a score sheet, or null if it does not have the shape of one. */
export function checkDeal(d) {
  if (!isObject(d)) return null;
  if (typeof d.record !== "string" || !d.record.startsWith("(;")) return null;
  if (![0, 1, 2].includes(d.human_seat)) return null;
  if (!Array.isArray(d.list_scores) || d.list_scores.length !== 3) return null;
  if (!d.list_scores.every((x) => Number.isInteger(x))) return null;
  if (!isObject(d.result)) return null;
  return d;
}

/** A series, or null if it does not have the shape of one (its bad deals are dropped, and
 * reported through `problems`). */
export function checkSeries(s, problems = []) {
  if (!isObject(s)) return null;
  if (!Array.isArray(s.deals)) return null;
  if (!(s.length === 0 || (Number.isInteger(s.length) && s.length > 0 && s.length % 3 === 0))) return null;
  if (!["simple", "seeger_fabian"].includes(s.list)) return null;
  const deals = [];
  for (const d of s.deals) {
    if (checkDeal(d)) deals.push(d);
    else problems.push(setAside("deal", d));
  }
  const { open, ...rest } = s;
  if (open === undefined || open === null) return { ...rest, deals };
  if (!checkCurrent(open)) {
    problems.push(setAside("series.open", open));
    return { ...rest, deals };
  }
  return { ...rest, deals, open };
}

function checkCurrent(c) {
  if (!isObject(c)) return null;
  if (typeof c.record !== "string" || ![0, 1, 2].includes(c.human_seat)) return null;
  return c;
}

/** Schema 1 → 2: the two v1 keys become parts of the one store; there were no score sheets. */
function migrateFromV1() {
  const store = emptyStore();
  let found = false;
  const rawSettings = safeGet(V1_SETTINGS);
  if (rawSettings !== null) {
    found = true;
    try {
      const s = JSON.parse(rawSettings);
      if (isObject(s)) store.settings = s;
    } catch {
      setAside("v1.settings", rawSettings);
    }
  }
  const rawCurrent = safeGet(V1_CURRENT);
  if (rawCurrent !== null) {
    found = true;
    try {
      store.current = checkCurrent(JSON.parse(rawCurrent));
    } catch {
      setAside("v1.current", rawCurrent);
    }
  }
  safeRemove(V1_SETTINGS);
  safeRemove(V1_CURRENT);
  return found ? store : null;
}

/** Steps that bring an older schema up to date: MIGRATIONS[n] turns schema n into n + 1. */
const MIGRATIONS = {
  // (schema 1 lived under other keys: migrateFromV1)
};

/**
 * Reads the store. Returns {store, problems}: `problems` lists the keys under which unreadable
 * data was set aside (empty when all was well). Never throws.
 */
export function load() {
  const problems = [];
  const raw = safeGet(STORE_KEY);
  if (raw === null) {
    const migrated = migrateFromV1();
    const store = migrated ?? emptyStore();
    save(store);
    return { store, problems };
  }
  // The v1 keys may come back (an old tab, a test's start-up script): the store wins; a v1
  // settings object fills only what the store lacks.
  const lateSettings = safeGet(V1_SETTINGS);
  safeRemove(V1_SETTINGS);
  safeRemove(V1_CURRENT);
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    data = undefined;
  }
  if (!isObject(data) || !Number.isInteger(data.schema) || data.schema < 2 || data.schema > SCHEMA) {
    problems.push(setAside("store", raw));
    const store = emptyStore();
    save(store);
    return { store, problems };
  }
  let schema = data.schema;
  while (schema < SCHEMA) {
    data = MIGRATIONS[schema](data);
    schema += 1;
  }
  const store = emptyStore();
  store.settings = isObject(data.settings) ? data.settings : {};
  if (lateSettings !== null) {
    try {
      const s = JSON.parse(lateSettings);
      if (isObject(s)) store.settings = { ...s, ...store.settings };
    } catch {
      // an unreadable stray v1 key: the store's own settings stand
    }
  }
  if (data.current !== null && data.current !== undefined) {
    store.current = checkCurrent(data.current);
    if (!store.current) problems.push(setAside("current", data.current));
  }
  if (data.series !== null && data.series !== undefined) {
    store.series = checkSeries(data.series, problems);
    if (!store.series) problems.push(setAside("series", data.series));
  }
  if (Array.isArray(data.archive)) {
    for (const s of data.archive) {
      const ok = checkSeries(s, problems);
      if (ok) store.archive.push(ok);
      else problems.push(setAside("archive", s));
    }
  }
  if (problems.length) save(store);
  return { store, problems };
}

/** Writes the store; false when the browser refuses (full or disabled storage). */
export function save(store) {
  return safeSet(STORE_KEY, JSON.stringify({ ...store, schema: SCHEMA }));
}

/** The keys of data set aside so far. */
export function setAsideKeys() {
  const keys = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && key.startsWith(DAMAGED_PREFIX)) keys.push(key);
    }
  } catch {
    // no storage: nothing set aside
  }
  return keys.sort();
}
