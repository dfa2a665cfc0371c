// The score free of card luck: the person's Seeger-Fabian points over a series beside the strong
// computer's with the same cards in the same seat (docs/web-api.md, "Statistics"). On request
// ("Compare with the computer") the rows the server names pending are replayed one at a time
// (POST /api/replay, in the server's workers) while the page goes on; each replay is kept on its
// row as soon as it comes (panelstate.js keepRowReplay), so that a reload or a stop resumes where
// it stopped and no row is replayed twice by the same player. Every figure shown is the server's:
// it reads each kept replay again, checks it is the row's own deal and lets the core compare
// (skat.statistics.comparison); this module asks, keeps the last answers and words them.
//
// Where the person loses points runs the same way: "Review every deal" asks the review of each
// row not yet reviewed summed by kind of decision (POST /api/review/kinds, the core's
// costs_by_kind), keeps that summary on the row, and the statistics panel shows the server's sum
// over the series (POST /api/statistics, "losses").

import * as api from "./api.js";
import * as sheet from "./sheet.js";
import { formatNumber, t, tn } from "./i18n.js";
import { announce, h } from "./dom.js";
import { kindLabel } from "./reviewwords.js";
import { playerLevel } from "./settings.js";
import { compareProgress, keepRowReplay, keepRowReview } from "./panelstate.js";
import { render, state } from "./state.js";

const answers = new Map(); // key (seriesKey) → {data} | {error}: the server's figures of one series
let asking = null; // the key asked for, on its way
let running = null; // {job, id}: the series being compared or reviewed
let stopping = false;

/** The rows as POST /api/statistics takes them: each deal's record, the person's seat and, when
 * the row keeps one, the computer's replay to compare (sheet.js rowReplay). */
export function rowsOf(series) {
  return series.deals.map((d) => {
    if (!d || typeof d !== "object") return d;
    const row = { record: d.record, human_seat: d.human_seat };
    const replay = sheet.rowReplay(d);
    if (replay) row.replay = replay;
    const kinds = sheet.rowReviewKinds(d);
    if (kinds) row.review_kinds = kinds;
    return row;
  });
}

/** A short fingerprint of `text` (32-bit FNV-1a, base 36): not a proof, only a key. */
function fingerprint(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** What the server's figures of `series` rest on: its id, its rows and the replays and review
 * summaries kept on them (the replays by their records and players too, so that a row's replay
 * taken again is checked again: the sheet shows the server's score of it). */
export function seriesKey(series) {
  const replays = series.deals.map((d) => sheet.rowReplay(d));
  const replayed = replays.filter(Boolean).length;
  const reviewed = series.deals.filter((d) => sheet.rowReviewKinds(d)).length;
  const which = fingerprint(replays.map((r) => (r ? `${r.player}|${r.record}` : "")).join("\n"));
  return `${series.id}#${series.deals.length}#${replayed}#${reviewed}#${which}`;
}

/** The two jobs run over a series' rows: which part of the server's answer names the rows
 * pending, and what is asked and kept for one row. */
const JOBS = {
  replay: {
    part: "comparison",
    words: { button: "compare.button", continue: "compare.continue", progress: "compare.progress", failed: "compare.failed", notDone: "compare.notDone" },
    run: async (id, index, row) => {
      const out = await api.replay(row.record, row.human_seat, playerLevel());
      keepRowReplay(id, index, row.record, { record: out.computer.record, player: out.player, score: out.computer.score });
    },
  },
  review: {
    part: "losses",
    words: { button: "losses.button", continue: "losses.continue", progress: "losses.progress", failed: "losses.failed", notDone: "losses.notDone" },
    run: async (id, index, row) => {
      keepRowReview(id, index, row.record, await api.reviewKinds(row.record, row.human_seat));
    },
  },
};

function keep(key, answer) {
  answers.set(key, answer);
  if (answers.size > 8) answers.delete(answers.keys().next().value);
}

function redraw() {
  if (state.panel === "sheet" || state.panel === "stats") render();
}

/** The server's answer's `part` for `series` ("comparison": {deals, person, computer,
 * difference, pending, skipped, replayer}; "losses": {deals, kinds, pending, skipped}), asked for
 * once per state of its rows; null while asked, {error} when refused. */
function partOf(series, part = "comparison") {
  const key = seriesKey(series);
  const known = answers.get(key);
  if (known) return known.error ? known : known.data.series[0][part];
  if (asking !== key) {
    asking = key;
    api
      .statistics([{ id: series.id, deals: rowsOf(series) }])
      .then(
        (data) => keep(key, { data }),
        (err) => keep(key, { error: err }),
      )
      .finally(() => {
        if (asking === key) asking = null;
        redraw();
      });
  }
  return null;
}

/**
 * What the server found of each row's replay in `series` (POST /api/statistics, "comparison"):
 * a Map from the row's index to {score, player} (its replay is the deal's: `score` the
 * computer's list score in the person's seat, as the server counts it from the replay's record)
 * or {refused: {code, message}} (the replay kept is not the deal's, or cannot be read). A row
 * without either (none kept, the answer not come yet, the row itself not counted) is not in it.
 * The score a row keeps beside its replay is never read: a store could say anything there.
 */
export function rowReplays(series) {
  const out = new Map();
  const c = series.deals.length ? partOf(series) : null;
  if (!c || c.error) return out;
  for (const s of c.skipped ?? []) out.set(s.index, { refused: { code: s.code, message: s.message } });
  for (const r of c.replays ?? []) if (Number.isInteger(r.score)) out.set(r.index, { score: r.score, player: r.player });
  return out;
}

function findSeries(id) {
  return [state.store?.series, ...(state.store?.archive ?? [])].find((s) => s?.id === id) ?? null;
}

/**
 * Runs `job` ("replay": compares the series with the computer; "review": reviews its deals) over
 * `series` in the background: asks the server which rows are pending, does the first not yet
 * tried in this run, keeps it on its row, and again until none is left, the run is stopped
 * (stop) or the server fails. One run at a time. Progress is state.comparing ({job, seriesId,
 * done, total, failed, running, error}); `failed` counts the rows tried in this run that are
 * still pending (the server refused them, or refused what was kept).
 */
export async function compare(series, job = "replay") {
  if (running) return;
  const id = series.id;
  const { part, run } = JOBS[job];
  running = { job, id };
  stopping = false;
  const tried = new Set();
  let progress = { job, seriesId: id, done: 0, total: 0, failed: 0, running: true, error: null };
  const show = () => {
    compareProgress({ ...progress });
    redraw();
  };
  show();
  try {
    for (;;) {
      const found = findSeries(id);
      if (!found) break;
      const key = seriesKey(found);
      const data = await api.statistics([{ id, deals: rowsOf(found) }]);
      keep(key, { data });
      const c = data.series[0][part];
      const todo = c.pending.filter((i) => !tried.has(i));
      progress = { ...progress, done: c.deals, total: c.deals + c.pending.length, failed: c.pending.length - todo.length };
      show();
      if (!todo.length || stopping) break;
      const index = todo[0];
      tried.add(index);
      try {
        await run(id, index, found.deals[index]);
      } catch (err) {
        if (!api.refused(err)) throw err; // the server refused this row: it stays pending
      }
    }
  } catch (err) {
    progress = { ...progress, error: err.code ?? String(err) };
  } finally {
    running = null;
    progress = { ...progress, running: false };
    show();
    announce(progress.error ? t(JOBS[job].words.failed, { message: progress.error }) : progressText(progress));
  }
}

/** Stops the comparison after the replay on its way (kept when it comes). */
export function stop() {
  stopping = true;
}

function progressText(p) {
  return tn(JOBS[p.job].words.progress, p.total, { done: formatNumber(p.done) });
}

const signed = (n, digits = 0) => formatNumber(n, digits, true);

/** The difference per deal and its interval, in words ({count, mean, low, high}). */
function perDealText(d) {
  if (d.mean === null) return "";
  if (d.low === null) return t("compare.perDealOne", { mean: signed(d.mean, 1) });
  return t("compare.perDeal", { mean: signed(d.mean, 1), low: signed(d.low, 1), high: signed(d.high, 1) });
}

/** The server's comparison `c` in one line: both totals over the deals, the difference per deal. */
export function comparisonText(c) {
  return [tn("compare.line", c.deals, { person: signed(c.person), computer: signed(c.computer) }), perDealText(c.difference)].filter(Boolean).join(" ");
}

/** The button that starts (or continues) `job` over `series` (`c`: the server's part of it), or
 * its progress and a stop button while it runs. */
function controls(series, c, job = "replay") {
  const p = state.comparing;
  const words = JOBS[job].words;
  if (running?.id === series.id && running.job === job && p?.seriesId === series.id) {
    return h(
      "span",
      { class: "compare-controls" },
      h(
        "span",
        { class: "compare-progress", role: "status", "data-compare-progress": `${p.done}/${p.total}`, "data-job": job, "data-stopping": stopping ? "1" : null },
        // a stop waits for the deal on its way (up to a minute): said at once, the button spent
        stopping ? [progressText(p), " ", t("compare.stopping")] : progressText(p),
      ),
      " ",
      h("button", { class: "btn small", "data-ui": "compare-stop", disabled: stopping, onclick: () => { stop(); redraw(); } }, t("compare.stop")),
    );
  }
  const pending = c && !c.error ? c.pending.length : null;
  if (pending === 0) return null;
  const label = c && !c.error && c.deals ? t(words.continue, { done: formatNumber(c.deals), total: formatNumber(c.deals + pending) }) : t(words.button);
  return h("button", { class: "btn small", "data-ui": job === "review" ? "review-all" : "compare", disabled: Boolean(running), onclick: () => compare(series, job) }, label);
}

function notes(series, c, job = "replay") {
  const p = state.comparing;
  const mine = p?.seriesId === series.id && p.job === job && !p.running;
  const words = JOBS[job].words;
  const out = [];
  if (mine && p.error) out.push(h("span", { class: "compare-error", role: "alert", "data-compare-error": p.error }, t(words.failed, { message: p.error })));
  const bad = c && !c.error ? c.skipped.length + (mine ? p.failed : 0) : 0;
  if (bad) out.push(h("span", { class: "hint", "data-compare-not": String(bad) }, tn(words.notDone, bad)));
  return out;
}

/** The score sheet's line under the totals: the series' score free of card luck as the server
 * compares it, and the button that compares (or its progress). */
export function sheetLine(series) {
  if (!series.deals.length) return null;
  const c = partOf(series);
  const figures = c && !c.error && c.deals ? h("span", { "data-compare": "sheet", "data-compare-deals": String(c.deals) }, comparisonText(c)) : null;
  return h("p", { class: "sheet-compare" }, figures, figures ? " " : null, controls(series, c), notes(series, c));
}

/** The statistics panel's part: the comparison `c` of the server's answer (per series, or over
 * all with `series` null) as a small table, and for one series the button that compares it. */
export function statsSection(c, series) {
  const known = series ? partOf(series) : null;
  const d = c.difference;
  const cell = (text, attrs = {}) => h("td", { class: "num", ...attrs }, text);
  const table = c.deals
    ? h(
        "table",
        { class: "stats-table", "data-stats": "compare" },
        h("caption", { class: "sr-only" }, t("compare.title")),
        h(
          "tbody",
          {},
          h("tr", {}, h("th", { scope: "row" }, t("compare.deals")), cell(formatNumber(c.deals), { "data-compare-deals": String(c.deals) })),
          h("tr", {}, h("th", { scope: "row" }, t("compare.you")), cell(signed(c.person), { "data-compare-person": String(c.person) })),
          h("tr", {}, h("th", { scope: "row" }, t("compare.computer")), cell(signed(c.computer), { "data-compare-computer": String(c.computer) })),
          h("tr", {}, h("th", { scope: "row" }, t("compare.difference")), cell(signed(d.mean, 1), { "data-compare-mean": String(d.mean) })),
          h(
            "tr",
            {},
            h("th", { scope: "row" }, t("compare.interval")),
            cell(d.low === null ? "–" : t("compare.range", { low: signed(d.low, 1), high: signed(d.high, 1) }), { "data-compare-low": String(d.low), "data-compare-high": String(d.high) }),
          ),
        ),
      )
    : h("p", { class: "hint", "data-compare-none": "" }, t("compare.none"));
  return [
    h("h3", {}, t("compare.title")),
    table,
    c.deals ? h("p", { class: "hint" }, t("compare.explain")) : null,
    series ? h("p", { class: "stats-compare" }, controls(series, known), notes(series, known)) : null,
  ];
}

/** The statistics panel's part on where the person loses points: the server's `losses` ({deals,
 * kinds: [{kind, cost, per_deal, decisions, mistakes}]}, per series or over all with `series`
 * null) as a small table, and for one series the button that reviews its deals. */
export function lossesSection(l, series) {
  const known = series ? partOf(series, "losses") : null;
  const num = (text, attrs = {}) => h("td", { class: "num", ...attrs }, text);
  const table = l.deals
    ? h(
        "div",
        { class: "sheet-scroll", role: "region", tabindex: "0", "aria-label": t("losses.title") },
        h(
          "table",
          { class: "stats-table", "data-stats": "losses", "data-losses-deals": String(l.deals) },
          h("caption", { class: "sr-only" }, tn("losses.caption", l.deals)),
          h(
            "thead",
            {},
            h("tr", {}, h("th", { scope: "col" }, t("losses.kind")), h("th", { scope: "col", class: "num" }, t("losses.cost")), h("th", { scope: "col", class: "num" }, t("losses.perDeal")), h("th", { scope: "col", class: "num" }, t("losses.mistakes"))),
          ),
          h(
            "tbody",
            {},
            l.kinds.map((k) =>
              h(
                "tr",
                { "data-kind": k.kind },
                h("th", { scope: "row" }, kindLabel(k.kind)),
                num(formatNumber(k.cost, 1), { "data-cost": String(k.cost) }),
                num(k.per_deal === null ? "–" : formatNumber(k.per_deal, 1), { "data-per-deal": String(k.per_deal) }),
                num(formatNumber(k.mistakes), { "data-mistakes": String(k.mistakes) }),
              ),
            ),
          ),
        ),
      )
    : h("p", { class: "hint", "data-losses-none": "" }, t("losses.none"));
  return [
    h("h3", {}, t("losses.title")),
    table,
    l.deals ? h("p", { class: "hint" }, tn("losses.explain", l.deals)) : null,
    series ? h("p", { class: "stats-compare" }, controls(series, known, "review"), notes(series, known, "review")) : null,
  ];
}
