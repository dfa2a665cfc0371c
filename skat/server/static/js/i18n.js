// Every string the person sees, by key, in each language (English, Deutsch, 中文, Svenska), and
// the lookup that fills them in. The texts are data: one flat JSON object per language,
// ../locales/<code>.json ("key": "text"), all with the same keys in the same order. No string is
// written in markup or code: add a key to every locale file and call t(key, params). A missing key
// shows the English text, and tests/client/test_web_strings.py fails when a key is missing in any
// language or no module asks for it. Skat terms follow what each language's players say: German
// terms where that is the custom (Skat, Hand, Schneider, Schwarz, Null, Grand, Ramsch, Kontra,
// Re), and the German deck's names (Unter, Ober, König, Daus) as in the rules the program grew
// from. Card and suit names follow the chosen deck: a text that names cards or suits has a twin
// `<key>.german` worded for the German deck (Unter, Ober, Daus; Eichel, Grün, Herz, Schellen),
// which t() gives while that deck is chosen (setDeck). A text with a count has a key per plural
// form, `<key>.one` and `<key>.other` (tn).
//
// This module loads the four locale files before it finishes (top-level await), so a module that
// imports it runs only once every text is there: the first render never shows a bare key. A file
// that cannot be loaded stops the page with an error that names it (the browser's console).

export const LANGUAGES = ["en", "de", "zh", "sv"];

/** The texts of `code` from its locale file; throws an Error naming the file when it fails. */
async function load(code) {
  const url = new URL(`../locales/${code}.json`, import.meta.url);
  let response;
  try {
    response = await fetch(url);
  } catch (err) {
    throw new Error(`i18n: ${url.pathname} could not be fetched (${err})`);
  }
  if (!response.ok) throw new Error(`i18n: ${url.pathname} answered ${response.status}`);
  try {
    return await response.json();
  } catch (err) {
    throw new Error(`i18n: ${url.pathname} is not JSON (${err})`);
  }
}

/** Language code → key → text, every language loaded (the locale files, fetched in parallel). */
export const TABLES = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async (code) => [code, await load(code)])),
);
const en = TABLES.en;

let current = en;
let currentCode = "en";
let twin = ""; // ".german" while the German deck names the cards

/** The language to use: the saved choice, else the browser's (navigator.languages), else English. */
export function chooseLanguage(saved) {
  if (LANGUAGES.includes(saved)) return saved;
  for (const lang of navigator.languages ?? [navigator.language ?? "en"]) {
    const code = String(lang).slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(code)) return code;
  }
  return "en";
}

export function setLanguage(code) {
  currentCode = LANGUAGES.includes(code) ? code : "en";
  current = TABLES[currentCode];
}

export function language() {
  return currentCode;
}

/** Sentences of the current language one after the other: with a space between them, but none
 * after Chinese full-width punctuation (。！？), where none is written. Empty ones are left out. */
export function sentences(parts) {
  const gap = currentCode === "zh" ? "" : " ";
  return parts.filter((p) => p).join(gap);
}

/**
 * The deck whose names the texts use (deck.js namingDeck: "german" or "french"): with "german",
 * t(key) gives the twin `key + ".german"` where there is one.
 */
export function setDeck(naming) {
  twin = naming === "german" ? ".german" : "";
}

/** The text of `key` with {name} placeholders filled from `params`; `fallback` if missing. */
export function t(key, params = {}, fallback = undefined) {
  let text = (twin ? current[key + twin] ?? en[key + twin] : undefined) ?? current[key] ?? en[key];
  if (text === undefined) return fallback ?? key;
  for (const [name, value] of Object.entries(params ?? {})) {
    text = text.replaceAll("{" + name + "}", String(value));
  }
  return text;
}

/** `items` (texts) as one list, with the separator the current language writes between them. */
export function list(items) {
  return items.join(t("list.separator"));
}

/**
 * The text of a count: `key.one`, `key.other` (the forms Intl.PluralRules names for the current
 * language) chosen by `count`; {n} is the count as the language writes it unless `params` gives it.
 */
export function tn(key, count, params = {}) {
  let form = "other";
  try {
    form = new Intl.PluralRules(t("lang.tag")).select(count);
  } catch {
    // no Intl: the "other" form
  }
  const full = key + "." + form;
  const chosen = current[full] !== undefined || en[full] !== undefined ? full : key + ".other";
  return t(chosen, { n: formatNumber(count), ...params });
}

/**
 * The rank letters printed on the cards in the current language (A K Q J T 9 8 7 → text);
 * `deck` "german" prints the German deck's letters (U O K D).
 */
export function rankLabels(deck = "french") {
  const prefix = deck === "german" ? "rank.german." : "rank.";
  const out = {};
  for (const r of ["A", "K", "Q", "J", "T", "9", "8", "7"]) out[r] = t(prefix + r);
  return out;
}

/**
 * A number as the current language writes it (Intl): `digits` fraction digits, `signed` adds "+"
 * to positive numbers; the minus sign is the typographic one.
 */
export function formatNumber(n, digits = 0, signed = false) {
  try {
    return new Intl.NumberFormat(t("lang.tag"), {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      signDisplay: signed ? "exceptZero" : "auto",
    }).format(n);
  } catch {
    return String(n);
  }
}

/**
 * A share (0..1) as a whole percentage the way the current language writes it (Intl): "22%" in
 * English and Chinese, "22 %" in German and Swedish.
 */
export function formatPercent(share) {
  try {
    return new Intl.NumberFormat(t("lang.tag"), { style: "percent", maximumFractionDigits: 0 }).format(share);
  } catch {
    return `${Math.round(share * 100)}%`;
  }
}

/** A date and time (ISO text or Date) as the current language writes it (Intl). */
export function formatDate(value) {
  try {
    return new Intl.DateTimeFormat(t("lang.tag"), { dateStyle: "medium", timeStyle: "short" }).format(new Date(value));
  } catch {
    return String(value);
  }
}
