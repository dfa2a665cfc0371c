// The words about what this browser keeps (store.js): what a notice says of data set aside, of a
// save the browser refused, of stored settings set back and of damaged rows of the score sheets,
// and how several such notices are said together. Pure functions over the store's answers and
// the i18n tables, no DOM.

import * as sheet from "./sheet.js";
import { formatNumber, sentences, t, tn } from "./i18n.js";

/** The notices about the store, most urgent first: the notice that says several is named after
 * the first of them (its data-notice). */
export const STORE_NOTICES = ["not-set-aside", "save-failed", "other-tab", "damaged", "damaged-rows", "settings-reset", "saved"];
/** The parts of a notice in the order they are said: the store's first, a new series' seat draw
 * ("draw") after them, so that a notice left up about the store does not hide the draw. */
const PART_ORDER = [...STORE_NOTICES, "draw"];

/**
 * `notice` with the part `kind` said by `say` (a function giving the text in the current
 * language) and the buttons `actions()` gives, or taken back when `say` is null. A notice is
 * {kind, parts, say, actions}; one that is not about the store is replaced. Returns null when no
 * part is left.
 */
export function withPart(notice, kind, say, actions = null) {
  const parts = (notice?.parts ?? []).filter((p) => p.kind !== kind);
  if (say) parts.push({ kind, say, actions });
  if (!parts.length) return null;
  parts.sort((a, b) => PART_ORDER.indexOf(a.kind) - PART_ORDER.indexOf(b.kind));
  return {
    kind: parts[0].kind,
    parts,
    say: () => sentences(parts.map((p) => p.say())),
    actions: () => parts.flatMap((p) => (p.actions ? p.actions() : [])),
  };
}

/** The parts that only tell what has just happened (another tab's newer state taken up, the
 * game saved again, a new series' seat draw): they go at the person's next action, while the
 * parts that ask for something (room to make, damaged data) stay until closed. */
const PASSING = ["other-tab", "saved", "draw"];

/** `notice` after the person's action (turns.js send): without its passing parts, null when
 * nothing is left; a notice not about the store is left to whoever said it, but for the draw. */
export function afterAction(notice) {
  if (!notice?.parts) return notice?.kind === "draw" ? null : notice ?? null;
  return PASSING.reduce((left, kind) => (left?.parts.some((p) => p.kind === kind) ? withPart(left, kind, null) : left), notice);
}

/** A size in the browser's storage (`chars`: characters, two bytes each), as kB or MB. */
export function sizeText(chars) {
  const bytes = 2 * chars;
  if (bytes >= 1e6) return t("store.mb", { n: formatNumber(bytes / 1e6, 1) });
  return t("store.kb", { n: formatNumber(Math.max(1, Math.ceil(bytes / 1000))) });
}

/** The data set aside ([{key, size}], store.js setAsideData) as a list with sizes. */
export function keptList(kept) {
  return kept.map((d) => `${d.key} (${sizeText(d.size)})`).join(", ");
}

/** What can be deleted to make room, as far as there is any: the data set aside (`kept`, with
 * sizes), else the score sheets of `store` ({series, archive}) when they hold a deal, else that
 * nothing is stored here to delete. */
export function roomText(kept, store) {
  if (kept.length) return t("store.roomTaken", { list: keptList(kept) });
  const sheets = (store?.series?.deals?.length ?? 0) + (store?.archive?.length ?? 0);
  return t(sheets ? "store.noRoomToMake" : "store.nothingToDelete");
}

/** What the save-failed notice says for a write's `status` (store.js save, readyToGoOn): the
 * game not saved ("full"), or the action not sent for want of room ("no-room"); then what can
 * be deleted to make room (roomText). */
export function saveFailedText(status, kept, store) {
  return t(status === "no-room" ? "store.notSent" : "store.saveFailed") + " " + roomText(kept, store);
}

/** The stored settings set back ([{key, value, unknown}], store.js checkSettings): each by the
 * name the settings panel gives it, with the value it had (cut short); those the page does not
 * know (`unknown`) in a sentence of their own, by their stored name, as left out. */
export function resetText(reset) {
  const one = ({ key, value, unknown }) => {
    const stored = key.replace(/^rule\./, "");
    const name = unknown ? JSON.stringify(stored.slice(0, 40)) : key === "options" ? t("settings.rules") : t("setting." + key, {}, stored);
    return `${name} (${String(JSON.stringify(value) ?? value).slice(0, 40)})`;
  };
  const said = [];
  const known = reset.filter((r) => !r.unknown);
  const unknown = reset.filter((r) => r.unknown);
  if (known.length) said.push(t("store.settingsReset", { list: known.map(one).join(", ") }));
  if (unknown.length) said.push(t("store.settingsUnknown", { list: unknown.map(one).join(", ") }));
  return sentences(said);
}

/** What is said of the damaged rows of the score sheets (`store`: {series, archive}): the
 * series' by number, the archive's by count; "" when there are none. */
export function damagedRowsText(store) {
  const rows = store.series ? sheet.damagedRows(store.series).map((r) => formatNumber(r.index + 1)) : [];
  const archived = store.archive.reduce((n, s) => n + sheet.damagedRows(s).length, 0);
  const said = [];
  if (rows.length) said.push(t("store.damagedRows", { rows: rows.join(", ") }));
  if (archived) said.push(tn("store.damagedArchive", archived));
  return sentences(said);
}
