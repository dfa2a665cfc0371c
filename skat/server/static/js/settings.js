// The settings panel: the table's own settings (kept in this browser) and the rule options,
// which the server names (GET /api/options).

import * as api from "./api.js";
import * as storage from "./store.js";
import { bockRow, bockSeries, bockToCheck, hasBockMarks } from "./sheet.js";
import { SORTINGS } from "./cards.js";
import { DECK_NAMES, namingDeck } from "./deck.js";
import { formatNumber, LANGUAGES, setDeck, setLanguage, t, tn } from "./i18n.js";
import { h } from "./dom.js";
import { sayReset } from "./noticebar.js";
import { panel } from "./sidepanel.js";
import { sayAgain } from "./speech.js";
import { ASSIST_CHOICES, ASSIST_DEFAULTS, seriesSettings } from "./assist.js";
import { focus } from "./panelstate.js";
import { archiveBockAsked, archiveBockTold, bockAsked, bockTold, render, serverTold, setRuleOptions, setSetting, state } from "./state.js";

/** The settings before the person changes any: ISkO rules, the strong computer, French cards. */
export function DEFAULT_SETTINGS() {
  return {
    lang: "en",
    deck: "french",
    player: "auto", // the server's own level (the strongest it has)
    seriesLength: 0,
    trickWait: "time",
    trickMs: 1100,
    cardMs: 420,
    callMs: 520,
    sort: "alternate", // the hand's suits after the trumps: alternating colours, or ♣ ♠ ♥ ♦
    ...ASSIST_DEFAULTS, // hints and undo in a deal of the series (assist.js)
  };
}

const SERIES_LENGTHS = [0, 3, 6, 9, 12, 18, 24, 36, 48];

export const PLAYER_LEVELS = ["auto", "heuristic", "strong"];

/** The level to name in a request: null lets the server use its own. */
export function playerLevel() {
  return state.settings.player && state.settings.player !== "auto" ? state.settings.player : null;
}

const TRICK_TIMES = [600, 1100, 2000, 3500];

const TRICK_WAITS = ["time", "click"];

/** What each stored setting may be (store.js checkSettings): its choices, or a range in
 * milliseconds for the pace of the table (the tests play it faster than the choices offered). */
export const SETTING_CHOICES = {
  lang: LANGUAGES,
  deck: DECK_NAMES,
  player: PLAYER_LEVELS,
  seriesLength: SERIES_LENGTHS,
  trickWait: TRICK_WAITS,
  sort: SORTINGS,
  trickMs: { min: 0, max: 10_000 },
  cardMs: { min: 0, max: 5000 },
  callMs: { min: 0, max: 5000 },
  ...ASSIST_CHOICES,
};

/** Asks the server (once) for the rule options the settings panel offers (state.rules: {key,
 * values, idleWhen}, the ISkO default first; skat.options.Options) and every contract's
 * announcements (state.contracts), and sets a stored rule option that is not one of them back to
 * its default, saying so. Throws the ApiError when the server cannot be asked. */
export async function loadRules() {
  if (state.rules.length) return;
  const { options: spec, contracts } = await api.options();
  const rules = spec.map((o) => ({ key: o.name, values: [o.default, ...o.values.filter((v) => v !== o.default)], idleWhen: o.idle_when ?? null }));
  serverTold({ rules, contracts });
  const { settings, reset } = storage.checkSettings({ options: state.settings.options }, {}, {}, rules);
  if (reset.length) {
    setRuleOptions(settings.options);
    sayReset(reset);
  }
}

/** The options of the next deal: the settings' rules, with the list kind of the series. */
export function dealOptions(series) {
  const options = {};
  for (const r of state.rules) {
    const value = rule(r.key);
    if (value !== r.values[0] || r.key === "score_list") options[r.key] = value;
  }
  if (series) options.score_list = series.list;
  return options;
}

/**
 * The Bock figures of the current `series` as the server walks them (POST /api/bock,
 * skat.bock.walk) under the next deal's rules: {remaining, ...} (the Bock or Bockramsch deals
 * queued), {error, message, row} when the server refuses the series (`row`: the sheet's row it
 * names, sheet.js bockRow, or null), or null while the answer has not come (it is asked for
 * then, and the page drawn again when it comes) or nothing is to be walked: the rule is off and
 * no row carries a Bock mark (with the rule off, the marks are still checked, as a forged one
 * would double a row's score). Asked once per series, number of deals and rule (state.bock).
 */
export function bockQueue(series) {
  if (!series) return null;
  const options = dealOptions(series);
  const rows = bockSeries(series, options) ?? (hasBockMarks(series) ? bockSeries(series, { bock: "rounds" }) : null);
  if (!rows) return null;
  const key = `${series.id}|${series.deals.length}|${options.bock}`;
  if (state.bock.key !== key) {
    bockAsked(key);
    const came = (data) => {
      // the sheet, the settings, the result's series line and the totals chart show it
      if (bockTold(key, data)) render();
    };
    api.bock(rows, options).then(
      (data) => came({ ...data, remaining: Number.isInteger(data?.remaining) ? data.remaining : 0 }),
      (err) => came({ error: err?.code ?? "generic", message: err?.message ?? "", row: bockRow(series, err?.index) }),
    );
    return null;
  }
  return state.bock.data;
}

/**
 * The row of `series` whose Bock mark the server refused, or null: sheet.js tally shows it and
 * the rows after it, not counted. The current series as bockQueue walks it; a finished one (the
 * archive) walked once by the same server check (POST /api/bock, skat.bock.walk) when
 * sheet.js bockToCheck says it may hold a Bock deal, the page drawn again when the answer comes
 * (until then, and when the server cannot be asked, its rows count as written).
 */
export function bockRefused(series) {
  if (!series) return null;
  if (series === state.store?.series) {
    const data = bockQueue(series);
    return data?.error === "bock_mismatch" && Number.isInteger(data.row) ? data.row : null;
  }
  if (!bockToCheck(series)) return null;
  const key = `${series.id}|${series.deals.length}`;
  if (key in state.archiveBock) return state.archiveBock[key]?.row ?? null;
  archiveBockAsked(key);
  const came = (row) => {
    archiveBockTold(key, row);
    render();
  };
  api.bock(bockSeries(series, { bock: "rounds" }), {}).then(
    () => came(null),
    (err) => came(err?.code === "bock_mismatch" ? bockRow(series, err.index) : null),
  );
  return null;
}

/** The words of the server's refusal of a series for the Bock rule (bockQueue's {error, message,
 * row}): a Bock mark that does not follow names its row and what the person can do, in the
 * person's language; another refusal the server's message. */
export function bockErrorText(data) {
  if (data.error === "bock_mismatch" && Number.isInteger(data.row)) return t("error.bock_mismatch", { n: formatNumber(data.row + 1) });
  return t("error.generic", { message: data.message || data.error });
}

export function rule(key) {
  const r = state.rules.find((x) => x.key === key);
  const value = state.settings.options?.[key];
  return value === undefined ? r?.values[0] : value;
}

export function changeSetting(key, value, focusKey = null) {
  setSetting(key, value);
  if (key === "lang") {
    setLanguage(value);
    sayAgain();
  } else if (key === "deck") setDeck(namingDeck(value));
  focus(focusKey ?? `[data-setting="${key}"]`);
  render();
}

/** The words of what an idle rule option waits for, by the option it waits on. */
const IDLE_WORDS = { kontra: "setting.idle.kontra", all_pass: "setting.idle.ramsch" };

/** Why the rule option `r` cannot take effect under the other rules chosen, or null: the
 * server names the other option's value under which it is idle (GET /api/options idle_when,
 * from each option's requires in skat.options): Supra without Kontra, the Durchmarsch and
 * Ramsch-skat rules without Ramsch. */
function ruleIdle(r) {
  const when = r.idleWhen;
  if (!when || rule(when.option) !== when.value) return null;
  // an option without words of its own is named by the option it waits on
  return IDLE_WORDS[when.option] ? t(IDLE_WORDS[when.option]) : t("setting.rule." + when.option);
}

function resetRules() {
  setRuleOptions({});
  render();
}

/** A setting's select; `idle`: why the setting cannot take effect under the others (shown, not
 * changeable), or null; `describedBy`: the id of the text that says what it does, or null. */
function choice(key, values, current, labelOf, idle = null, describedBy = null) {
  return h(
    "label",
    { class: "setting" + (idle ? " idle" : "") },
    h("span", {}, t("setting." + key.replace(/^rule\./, "rule.")), idle ? h("small", { class: "idle-why" }, " (" + idle + ")") : null),
    h(
      "select",
      {
        "data-setting": key,
        disabled: Boolean(idle),
        title: idle || null,
        "aria-describedby": describedBy,
        onchange: (e) => {
          const raw = e.target.value;
          const v = values.find((x) => String(x) === raw);
          changeSetting(key, v);
        },
      },
      values.map((v) => h("option", { value: String(v), selected: v === current }, labelOf(v))),
    ),
  );
}

/** With the Bock rule on, how many Bock (or Bockramsch) deals the series has queued, as the
 * server counts them (bockQueue), or its refusal; null while not known. */
function bockQueued() {
  const data = bockQueue(state.store?.series); // null while nothing is walked
  if (!data || (!data.error && rule("bock") === "off")) return null;
  if (data.error) return h("p", { class: "setting-what", role: "alert", "data-bock-error": data.error }, bockErrorText(data));
  const text = t(rule("bock") === "ramsch" ? "sheet.bockramschRemaining" : "sheet.bockRemaining", { n: formatNumber(data.remaining) });
  return h("p", { class: "setting-what", "data-bock-queued": String(data.remaining) }, text);
}

export function settingsPanel() {
  const yesNo = (v) => t(v ? "setting.on" : "setting.off");
  return panel(
    "settings",
    t("settings.title"),
    h(
      "div",
      { class: "settings-group", role: "group", "aria-labelledby": "settings-table" },
      h("h3", { id: "settings-table" }, t("settings.table")),
      choice("lang", LANGUAGES, state.settings.lang, (v) => t("language." + v)),
      choice("deck", DECK_NAMES, state.settings.deck, (v) => t("deck." + v)),
      choice("sort", SORTINGS, state.settings.sort, (v) => t("setting.sort." + v)),
      choice("player", PLAYER_LEVELS, state.settings.player, (v) =>
        v === "auto" && state.serverPlayer ? t("player.level.autoIs", { level: t("player.level." + state.serverPlayer) }) : t("player.level." + v),
      ),
      choice("trickWait", TRICK_WAITS, state.settings.trickWait, (v) => t("setting.trickWait." + v)),
      state.settings.trickWait === "time"
        ? choice("trickMs", TRICK_TIMES, state.settings.trickMs, (v) => t("setting.seconds", { n: formatNumber(v / 1000, 1) }))
        : null,
      seriesSettings(changeSetting),
    ),
    h(
      "div",
      { class: "settings-group", role: "group", "aria-labelledby": "settings-rules" },
      h("h3", { id: "settings-rules" }, t("settings.rules")),
      h("p", { class: "hint" }, t("settings.rulesHint")),
      state.rules.map((r) => {
        // a Bock event says what it does (the rules help's words); the Bock rule, what is queued
        const what = r.key.startsWith("bock_") ? `what-${r.key}` : null;
        return [
          choice("rule." + r.key, r.values, rule(r.key), (v) => (typeof v === "boolean" ? yesNo(v) : t("rule." + r.key + "." + v)), ruleIdle(r), what),
          what ? h("p", { class: "setting-what", id: what, "data-what": r.key }, t("help.rule." + r.key)) : null,
          r.key === "bock" ? bockQueued() : null,
        ];
      }),
      choice("seriesLength", SERIES_LENGTHS, state.settings.seriesLength ?? 0, (v) => (v ? tn("series.length", v) : t("series.open"))),
      h("button", { class: "btn", "data-ui": "rules-default", onclick: resetRules }, t("settings.defaults")),
    ),
  );
}
