// What the browser keeps (skat/server/static/js/store.js), run without a browser: a stored part
// that cannot be read is set aside under a key of its own and reported (load's keptAside, which
// the page says in its "damaged" notice), never dropped; the readable parts are kept.

import "./setup.mjs";
import { JS } from "./setup.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";

const storage = await import(new URL("store.js", JS));

const CURRENT = { record: "(;GM[Skat]DN[42];)", human_seat: 1, practice: true };
const SERIES = { id: "s1", started: "2026-12-01T10:00:00.000Z", length: 0, list: "seeger_fabian", draw: null, deals: [] };
const FINISHED = { ...SERIES, id: "s0", closed: true };
const SETTINGS = { deck: "german", options: { kontra: "on" } };

/** A readable store of schema 2 with `changes` (a field `undefined`: left out). */
function planted(changes) {
  return { schema: 2, settings: SETTINGS, current: CURRENT, series: SERIES, archive: [FINISHED], ...changes };
}

/** Loads a store whose text is `data` written as JSON: {loaded, aside: {part: text}, stored}. */
function loadPlanted(data) {
  localStorage.clear();
  localStorage.setItem(storage.STORE_KEY, JSON.stringify(data));
  const loaded = storage.load();
  const aside = {};
  for (const key of loaded.keptAside) {
    assert.ok(key.startsWith(storage.DAMAGED_PREFIX), key);
    aside[storage.readAsideKey(key).part] = localStorage.getItem(key);
  }
  return { loaded, aside, stored: JSON.parse(localStorage.getItem(storage.STORE_KEY)) };
}

/** How a part is set aside: a text as it is, anything else written as JSON. */
const asText = (value) => (typeof value === "string" ? value : JSON.stringify(value));

/** The readable parts are all kept, in what load returns and in what it wrote back. */
function assertKept(loaded, stored, except = []) {
  const want = { settings: SETTINGS, current: CURRENT, series: SERIES, archive: [FINISHED] };
  for (const part of except) delete want[part];
  for (const [part, value] of Object.entries(want)) {
    assert.deepEqual(loaded.store[part], value, part);
    assert.deepEqual(stored[part], value, part);
  }
}

for (const [name, archive] of [
  ["a text", "not a list"],
  ["an object", { s0: FINISHED }],
  ["null", null],
  ["a number", 7],
]) {
  test(`an archive that is not a list (${name}) is set aside and reported, the rest kept`, () => {
    const { loaded, aside, stored } = loadPlanted(planted({ archive }));
    assert.equal(loaded.status, "saved");
    assert.deepEqual(Object.keys(aside), ["archive"]);
    assert.equal(aside.archive, asText(archive));
    assert.deepEqual(loaded.store.archive, []);
    assert.deepEqual(stored.archive, []);
    assertKept(loaded, stored, ["archive"]);
  });
}

for (const [name, settings] of [
  ["a text", "german"],
  ["a list", ["deck", "german"]],
  ["null", null],
  ["true", true],
]) {
  test(`settings that are not an object (${name}) are set aside and reported, the rest kept`, () => {
    const { loaded, aside, stored } = loadPlanted(planted({ settings }));
    assert.equal(loaded.status, "saved");
    assert.deepEqual(Object.keys(aside), ["settings"]);
    assert.equal(aside.settings, asText(settings));
    assert.deepEqual(loaded.store.settings, {});
    assertKept(loaded, stored, ["settings"]);
  });
}

test("a field the layout does not have is set aside and reported, the rest kept", () => {
  const { loaded, aside, stored } = loadPlanted(planted({ notes: ["mine"], other: { a: 1 } }));
  assert.equal(loaded.status, "saved");
  assert.deepEqual(Object.keys(aside), ["fields"]);
  assert.deepEqual(JSON.parse(aside.fields), { notes: ["mine"], other: { a: 1 } });
  assert.deepEqual(Object.keys(stored).sort(), ["archive", "current", "schema", "series", "settings"]);
  assertKept(loaded, stored);
});

test("a field of 4 MB the layout does not have is set aside whole, the rest kept", () => {
  const big = "x".repeat(4 * 1024 * 1024);
  const { loaded, aside, stored } = loadPlanted(planted({ blob: big }));
  assert.equal(loaded.status, "saved");
  assert.deepEqual(Object.keys(aside), ["fields"]);
  assert.equal(JSON.parse(aside.fields).blob, big);
  assert.equal(stored.blob, undefined);
  assertKept(loaded, stored);
});

test("every unreadable part at once: each set aside under its own key, the rest kept", () => {
  const { loaded, aside, stored } = loadPlanted(planted({ settings: "x", archive: "y", extra: 1 }));
  assert.deepEqual(Object.keys(aside).sort(), ["archive", "fields", "settings"]);
  assert.deepEqual(JSON.parse(aside.fields), { extra: 1 });
  assertKept(loaded, stored, ["settings", "archive"]);
});

test("parts left out are no damage: nothing is set aside", () => {
  const { loaded, stored } = loadPlanted(planted({ settings: undefined, archive: undefined, current: undefined, series: undefined }));
  assert.deepEqual(loaded.keptAside, []);
  assert.deepEqual(loaded.store, { schema: 2, settings: {}, current: null, series: null, archive: [] });
  assert.deepEqual(stored, { schema: 2 });
});

test("a readable store is read as it is and not written again", () => {
  const { loaded, stored } = loadPlanted(planted({}));
  assert.deepEqual(loaded.keptAside, []);
  assertKept(loaded, stored);
});

// ---- stored settings (checkSettings) ----------------------------------------------------------

const DEFAULTS = { deck: "french", trickMs: 1100, sort: "alternate" };
const CHOICES = { deck: ["french", "german"], trickMs: { min: 0, max: 10_000 } };
const RULES = [{ key: "kontra", values: ["off", "on"] }];

test("a stored setting the page does not know is left out and named as unknown, the good ones kept", () => {
  const saved = { deck: "german", foo: 1, sort: "suits", options: { kontra: "on" } };
  const { settings, reset } = storage.checkSettings(saved, DEFAULTS, CHOICES);
  assert.deepEqual(settings, { deck: "german", sort: "suits", options: { kontra: "on" } });
  assert.deepEqual(reset, [{ key: "foo", value: 1, unknown: true }]);
});

test("a stored setting with a value it may not take is set back and named, not as unknown", () => {
  const saved = { deck: 7, trickMs: 1e9, sort: 3 };
  const { settings, reset } = storage.checkSettings(saved, DEFAULTS, CHOICES);
  assert.deepEqual(settings, {});
  assert.deepEqual(
    reset.map((r) => [r.key, r.unknown]),
    [
      ["deck", false],
      ["trickMs", false],
      ["sort", false],
    ],
  );
});

test("a name an object has of itself (toString, __proto__) is no setting the page knows", () => {
  const saved = JSON.parse('{"toString": "x", "__proto__": {"deck": "german"}, "constructor": 1}');
  const { settings, reset } = storage.checkSettings(saved, DEFAULTS, CHOICES);
  assert.deepEqual(Object.keys(settings), []);
  assert.deepEqual(reset.map((r) => [r.key, r.unknown]).sort(), [
    ["__proto__", true],
    ["constructor", true],
    ["toString", true],
  ]);
});

test("a rule option the server does not name is unknown; one with a value it does not offer is set back", () => {
  const { settings, reset } = storage.checkSettings({ options: { kontra: "maybe", bogus: true } }, {}, {}, RULES);
  assert.deepEqual(settings.options, {});
  assert.deepEqual(reset, [
    { key: "rule.kontra", value: "maybe", unknown: false },
    { key: "rule.bogus", value: true, unknown: true },
  ]);
});

// ---- the keys of data set aside ------------------------------------------------------------------

test("two series of the archive set aside at once take keys that name the part alone, the second numbered by #", () => {
  const { loaded } = loadPlanted(planted({ archive: [FINISHED, "bad one", 7] }));
  assert.equal(loaded.keptAside.length, 2);
  const read = loaded.keptAside.map((key) => storage.readAsideKey(key));
  // unless the clock turned a millisecond between the two, the second is "#2"
  assert.deepEqual(read.map((r) => r.part), ["archive", "archive"]);
  if (read[0].time === read[1].time) assert.deepEqual(read.map((r) => r.n), [1, 2]);
  for (const key of loaded.keptAside) assert.ok(!/\.\d+$/.test(key), key); // no ".2" that reads as a path
  assert.deepEqual(loaded.store.archive, [FINISHED]);
});

test("a key set aside is written and read back, a dotted part included", () => {
  const time = "2026-12-07T13:51:43.123Z";
  for (const [part, n] of [
    ["archive", 1],
    ["archive", 2],
    ["series.open", 1],
    ["v1.settings", 12],
  ]) {
    const key = storage.asideKey(time, part, n);
    assert.deepEqual(storage.readAsideKey(key), { time, part, n });
  }
  assert.equal(storage.asideKey(time, "archive", 2), "skat.damaged.2026-12-07T13:51:43.123Z.archive#2");
  assert.equal(storage.readAsideKey("skat.store"), null);
  assert.equal(storage.readAsideKey("skat.damaged.yesterday.archive"), null);
});
