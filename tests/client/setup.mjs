// What the client's pure modules need from a browser, for node's test runner (node --test):
// fetch of the locale files (i18n.js loads them before it finishes), localStorage and
// sessionStorage (store.js), navigator (i18n.js chooseLanguage). Imported first by each test
// file, before any module of skat/server/static/js.

import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

/** The folder of the client's modules, as a file: URL ending in "/". */
export const JS = new URL("../../skat/server/static/js/", import.meta.url);

globalThis.fetch = async (url) => {
  const path = fileURLToPath(url);
  try {
    const text = await readFile(path, "utf8");
    return { ok: true, status: 200, json: async () => JSON.parse(text) };
  } catch {
    return { ok: false, status: 404, json: async () => ({}) };
  }
};

/** A Web Storage over a Map (localStorage, sessionStorage). */
export class MemoryStorage {
  #items = new Map();
  getItem(key) {
    return this.#items.has(key) ? this.#items.get(key) : null;
  }
  setItem(key, value) {
    this.#items.set(key, String(value));
  }
  removeItem(key) {
    this.#items.delete(key);
  }
  clear() {
    this.#items.clear();
  }
  key(i) {
    return [...this.#items.keys()][i] ?? null;
  }
  get length() {
    return this.#items.size;
  }
}

globalThis.localStorage = new MemoryStorage();
globalThis.sessionStorage = new MemoryStorage();
if (!globalThis.navigator) globalThis.navigator = { languages: ["en"], language: "en" };
