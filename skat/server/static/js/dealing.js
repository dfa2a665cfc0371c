// Starting a deal: the series' next deal, a typed deal number, a replay, the deal that waits.

import * as api from "./api.js";
import * as sheet from "./sheet.js";
import { t } from "./i18n.js";
import { announce } from "./dom.js";
import { mayAct, notify } from "./noticebar.js";
import { dealOptions, loadRules, playerLevel, rule } from "./settings.js";
import { drawText } from "./sheetpanel.js";
import { fail, receive } from "./turns.js";
import { archive, dealAsked, dealTaken, keepTypedNumber, noticePart, openDealSetAside, render, requestDone, requestStarted, seriesStarted, setNotice, state } from "./state.js";

/** The series the next deal belongs to: the current one, or a new one after a seat draw. */
async function seriesForNextDeal() {
  let series = state.store.series;
  if (series && !sheet.isComplete(series)) return series;
  const draw = await api.draw();
  if (series) archive(series);
  series = sheet.newSeries(state.settings.seriesLength ?? 0, rule("score_list"), draw);
  seriesStarted(series);
  // a notice about the store may still be up (until closed, or until the person acts when it
  // only told what had happened): the draw is said with it
  if (state.notice?.parts) noticePart("draw", () => drawText(series));
  else setNotice({ say: () => drawText(series), kind: "draw" });
  announce(drawText(series));
  return series;
}

/** Plays the deal number typed by the person: digits, or digits, "-" and a seat (12255238-2),
 * read by the server (skat.deal.parse_seated_number). A text that is none gets a message in the
 * person's language naming what is wrong and stays in the field to be corrected; the number of the
 * series deal that waits is not played as practice. */
export async function playTyped(text) {
  if (state.busy || !mayAct()) return;
  const typed = String(text ?? "").trim();
  requestStarted();
  render();
  let data;
  try {
    data = await api.newDeal(typed, dealOptions(state.store.series), null, playerLevel());
  } catch (err) {
    requestDone();
    if (err.code !== "bad_notation") {
      fail(err);
      return;
    }
    keepTypedNumber(text);
    // said under the bar, where it covers neither the table nor an open result
    notify("bad-number", () => badNumberText(err, typed));
    return;
  }
  requestDone();
  // The waiting series deal's own number as practice would show another seat's cards and the
  // skat of a deal still to be played.
  const waiting = waitingNumber();
  if (waiting !== null && BigInt(data.view.deal_number) === waiting) {
    notify("number-waits", () => t("deal.numberWaits"));
    return;
  }
  await startDeal(typed, { data });
}

/** What is wrong with a typed deal number, by the server's error: its `reason` (form, range,
 * seat), and for a number out of range the `largest` one. */
function badNumberText(err, typed) {
  const { reason, largest } = err;
  const params = { typed, largest: largest ?? "" };
  if (reason === "range") return t("error.bad_deal_number", params);
  if (reason === "seat") return t("deal.badSeat", params);
  return t("deal.badNumber", params);
}

/** The deal number of the series deal not played out yet (BigInt), or null. */
function waitingNumber() {
  const found = /DN\[(\d+)\]/.exec(state.store.series?.open?.record ?? "");
  return found ? BigInt(found[1]) : null;
}

/** True while the table holds a deal of the current series that is not played out. */
function inOpenSeriesDeal() {
  const v = state.view;
  return Boolean(v && v.phase !== "result" && !state.practice && state.seriesId && state.store.series?.id === state.seriesId);
}

/**
 * "New deal": the series' next deal, or the series deal that waits (left for practice). A deal of
 * the series is played to its end, as at a real table: the button does not deal it away (else a
 * bad hand could be dealt again and again), it says so; a typed number plays practice meanwhile.
 */
export function nextDeal() {
  if (state.busy) return;
  if (inOpenSeriesDeal()) {
    notify("finish-first", () => t("deal.finishFirst"));
    return;
  }
  startDeal(null);
}

/**
 * Starts a deal. `number` null: the next deal of the series (the dealer passes on clockwise);
 * a typed number or a replay is practice (`practice`): played, but not written on the sheet.
 * `how.data`: the server's answer for a typed number, already fetched.
 */
export async function startDeal(number, how = {}) {
  if (state.busy || !mayAct()) return;
  dealAsked(); // closes the notices of the last deal; what is said about the store stays
  render();
  try {
    await loadRules(); // the options of a deal are the settings' rules: they must be known
    // What the new deal is (practice or which series) is taken over only with its data: a
    // request that fails leaves the deal on the table what it was.
    let data;
    let seriesId = null;
    let assisted = [];
    if (number === null || number === undefined) {
      const series = await seriesForNextDeal();
      seriesId = series.id;
      const open = series.open;
      data = await resumeOpen(series);
      if (data && Array.isArray(open?.assisted)) assisted = open.assisted;
      if (!data) {
        const seat = sheet.humanSeatForDealer(sheet.nextDealer(series));
        const options = dealOptions(series);
        data = await api.newDeal(null, options, seat, playerLevel(), sheet.bockSeries(series, options)).catch((err) => {
          // a Bock mark the server's walk refuses: the error names the sheet's row (table.js
          // errorText says which, and that a new series plays on); the series stays as it is
          if (err?.code === "bock_mismatch") err.row = sheet.bockRow(series, err.index);
          throw err;
        });
      }
    } else if (how.data) {
      data = how.data;
    } else {
      const seat = how.humanSeat ?? null;
      const options = how.options ?? dealOptions(state.store.series);
      data = await api.newDeal(number, options, seat, playerLevel());
    }
    dealTaken(seriesId, assisted);
    await receive(data, null);
    sayWhenSeriesWaits();
  } catch (err) {
    fail(err);
  }
}

/** In practice, says that a deal of the series waits (unless the store is being talked about). */
export function sayWhenSeriesWaits() {
  if (!state.practice || !state.store.series?.open || state.notice?.parts) return;
  notify("series-waits", () => t("deal.seriesWaits", { next: t("deal.next") }));
}

/**
 * The server's view of the series deal that waits (`series.open`: dealt, not played out, left
 * for practice), or null when there is none. A record the server refuses is set aside, said,
 * and the series deals afresh; a network or server fault is thrown (the deal keeps waiting).
 */
async function resumeOpen(series) {
  const open = series.open;
  if (!open) return null;
  try {
    return await api.view(open.record, open.human_seat, playerLevel());
  } catch (err) {
    if (!api.refused(err)) throw err;
    openDealSetAside(series); // said once written (noticebar.js heed)
    return null;
  }
}
