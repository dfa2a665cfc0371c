// The statistics panel: the figures of the stored score sheets, per series (the current one, or
// one of the finished ones) and over all of them, in tables and two charts.
//
// Every figure is the server's (POST /api/statistics, skat.statistics): games by type and
// declarer, won and lost, average game value, Seeger-Fabian points, card points, Kontra and Re,
// the jacks, aces and tens dealt to each player, the score free of card luck and where the person
// loses points (compare.js). This module asks for them, keeps the last
// answer of each choice, and draws them; it adds counts up only to show a total. The running
// totals are the score sheet's (sheet.js tally), so the chart and the sheet agree.

import * as api from "./api.js";
import * as compare from "./compare.js";
import * as sheet from "./sheet.js";
import { legendSwatch, totalsChart, typesChart } from "./charts.js";
import { formatDate, formatNumber, t, tn } from "./i18n.js";
import { h, spinner } from "./dom.js";
import { actionLabel, contractText, gameNode, playerLabel } from "./names.js";
import { panel } from "./sidepanel.js";
import { bockRefused } from "./settings.js";
import { focus } from "./panelstate.js";
import { chooseStatsSeries, render, state } from "./state.js";

const answers = new Map(); // the request's key → {data} | {error}
let asking = null; // the key of the request on its way

const PLAYERS = [0, 1, 2];

/** The series the panel can show: [{value, label, series}] (the current one first, then the
 * finished ones newest first), each with deals. */
function choices() {
  const out = [];
  const current = state.store?.series;
  if (current?.deals?.length) out.push({ value: "current", label: t("stats.current", { date: formatDate(current.started) }), series: current });
  const archive = (state.store?.archive ?? []).filter((x) => x?.deals?.length);
  for (const x of archive.slice().reverse()) {
    out.push({ value: "archive:" + x.id, label: t("stats.finished", { date: formatDate(x.started) }), series: x });
  }
  return out;
}

/** What the figures of `list` rest on: each series' id, rows and the replays kept on them. */
function keyOf(list) {
  return list.map(compare.seriesKey).join("|");
}

/** Keeps an answer; the oldest goes once a few are kept (a choice looked at again is asked again). */
function keep(key, answer) {
  answers.set(key, answer);
  if (answers.size > 8) answers.delete(answers.keys().next().value);
}

/** Asks the server for the figures of `list` (series) unless known or on its way. */
function ask(key, list) {
  if (answers.has(key) || asking === key) return;
  asking = key;
  api
    .statistics(list.map((x) => ({ id: x.id, deals: compare.rowsOf(x) })))
    .then(
      (data) => keep(key, { data }),
      (err) => keep(key, { error: err }),
    )
    .finally(() => {
      if (asking === key) asking = null;
      if (state.panel === "stats") render();
    });
}

export function statsPanel() {
  const options = choices();
  if (!options.length) return panel("stats", t("stats.title"), h("p", { "data-stats-empty": "" }, t("stats.empty")));
  // the series chosen (state.statsSeries), or the first when it is no longer there
  const chosen = state.statsSeries === "all" || options.some((o) => o.value === state.statsSeries) ? state.statsSeries : options[0].value;
  const one = options.find((o) => o.value === chosen);
  const list = one ? [one.series] : options.map((o) => o.series);
  const key = keyOf(list);
  ask(key, list);
  const answer = answers.get(key);
  const select = h(
    "select",
    {
      "data-ui": "stats-series",
      "aria-label": t("stats.choose"),
      onchange: (e) => {
        chooseStatsSeries(e.target.value);
        focus(`[data-ui="stats-series"]`);
        render();
      },
    },
    options.map((o) => h("option", { value: o.value, selected: o.value === chosen }, o.label)),
    options.length > 1 ? h("option", { value: "all", selected: chosen === "all" }, t("stats.all", { n: formatNumber(options.length) })) : null,
  );
  let body;
  if (!answer) body = spinner(t("stats.loading"));
  else if (answer.error) {
    const retry = () => {
      answers.delete(key);
      render();
    };
    body = h(
      "p",
      { class: "stats-error", role: "alert", "data-stats-error": answer.error.code },
      t("stats.failed", { message: answer.error.message || answer.error.code }),
      " ",
      h("button", { class: "btn small", "data-ui": "stats-retry", onclick: retry }, t("button.retry")),
    );
  }
  else {
    const figures = one ? answer.data.series[0].statistics : answer.data.overall;
    const skipped = one ? answer.data.series[0].skipped : answer.data.series.flatMap((x) => x.skipped);
    const compared = one ? answer.data.series[0].comparison : answer.data.comparison;
    const losses = one ? answer.data.series[0].losses : answer.data.losses;
    body = figuresView(figures, skipped, one ? one.series : null, compared, losses);
  }
  return panel("stats", t("stats.title"), h("label", { class: "stats-choose" }, h("span", {}, t("stats.choose")), select), body);
}

// ---- the figures --------------------------------------------------------------------------------

const fmt0 = (n) => formatNumber(n, 0);
const signed = (n) => formatNumber(n, 0, true);

/** A mean {total, count, mean} as a cell: the mean (`digits` places) and, small, its count. */
function meanCell(m, player, digits = 1, sign = false) {
  const text = m.mean === null ? "–" : formatNumber(m.mean, digits, sign);
  return h(
    "td",
    { class: "num", "data-player": player, "data-total": m.total, "data-count": m.count, title: tn("stats.meanOf", m.count) },
    text,
    h("small", { class: "count", "aria-hidden": "true" }, `(${fmt0(m.count)})`),
    h("span", { class: "sr-only" }, tn("stats.meanOf", m.count)),
  );
}

function headRow(first) {
  return h("tr", {}, h("th", { scope: "col" }, first), PLAYERS.map((p) => h("th", { scope: "col", class: "num" }, playerLabel(p))));
}

function figuresView(f, skipped, series, compared, losses) {
  const summary = [
    tn("stats.deals", f.deals),
    tn("stats.games", f.games),
    tn("stats.passed", f.passed),
    tn("stats.ramsch", f.ramsch),
  ].join(" · ");
  const played = f.by_type.filter((g) => g.won.some(Boolean) || g.lost.some(Boolean));
  const bars = played.map((g) => ({
    game: g.game,
    name: contractText(g.game),
    won: g.won.reduce((a, b) => a + b, 0),
    lost: g.lost.reduce((a, b) => a + b, 0),
  }));
  return h(
    "div",
    { class: "stats" },
    h("p", { class: "stats-summary", "data-stats-deals": f.deals }, summary),
    skipped.length ? skippedNote(skipped) : null,
    series ? totalsFigure(series) : h("p", { class: "hint" }, t("stats.totalsPerSeries")),
    compared ? compare.statsSection(compared, series) : null,
    losses ? compare.lossesSection(losses, series) : null,
    h("h3", { id: "stats-types" }, t("stats.typesTitle")),
    bars.length
      ? h("figure", { class: "chart-box" }, typesChart(bars, typeLabels(bars), fmt0), h("figcaption", { class: "hint" }, t("stats.typesCaption")))
      : h("p", { class: "hint", "data-stats-no-games": "" }, t("stats.noGames")),
    gamesTable(f),
    h("h3", {}, t("stats.playersTitle")),
    playersTable(f),
    h("h3", {}, t("stats.handsTitle")),
    handsTable(f),
    h("p", { class: "hint" }, t("stats.handsNote", { expected: formatNumber(f.hands.expected, 2) })),
  );
}

function skippedNote(skipped) {
  return h(
    "details",
    { class: "stats-skipped", "data-stats-skipped": skipped.length },
    h("summary", {}, tn("stats.skipped", skipped.length)),
    h("ul", {}, skipped.map((s) => h("li", {}, t("stats.skippedRow", { n: formatNumber(s.index + 1), why: s.message || s.code })))),
  );
}

function typeLabels(bars) {
  const total = bars.map((b) => t("stats.barText", { game: b.name, won: fmt0(b.won), lost: fmt0(b.lost) })).join("; ");
  return {
    title: t("stats.typesChart", { bars: total }),
    won: t("stats.won"),
    lost: t("stats.lost"),
    bar: (b) => t("stats.barText", { game: b.name, won: fmt0(b.won), lost: fmt0(b.lost) }),
  };
}

/** The running totals of `series` as its score sheet adds them up, drawn and as a table. */
function totalsFigure(series) {
  // the server's refusal of a Bock mark, for the current series and a finished one (settings.js)
  const { rows } = sheet.tally(series, bockRefused(series));
  const totals = rows.map((r) => r.totals);
  const last = totals[totals.length - 1] ?? [0, 0, 0];
  const title = tn("stats.totalsChart", totals.length, {
    totals: PLAYERS.map((p) => `${playerLabel(p)} ${signed(last[p])}`).join(", "),
  });
  const labels = {
    title,
    deal: t("stats.deal"),
    point: (p, n, total) => t("stats.pointText", { name: playerLabel(p), n: formatNumber(n), total: signed(total) }),
  };
  const table = h(
    "table",
    { class: "stats-table" },
    h("thead", {}, headRow(t("stats.deal"))),
    h("tbody", {}, rows.map((r) => h("tr", {}, h("th", { scope: "row", class: "num" }, fmt0(r.index + 1)), PLAYERS.map((p) => h("td", { class: "num" }, signed(r.totals[p])))))),
  );
  return [
    h("h3", {}, t("stats.totalsTitle")),
    h(
      "figure",
      { class: "chart-box" },
      totalsChart(totals, labels, fmt0),
      h("figcaption", { class: "legend-line" }, PLAYERS.map((p) => h("span", { class: "legend-item" }, legendSwatch(p), playerLabel(p)))),
    ),
    h("details", { class: "stats-data" }, h("summary", {}, t("stats.asTable")), table),
  ];
}

function gamesTable(f) {
  const total = (g, p) => g.won[p] + g.lost[p];
  const cell = (won, lost, p) =>
    h("td", { class: "num", "data-player": p, "data-won": won, "data-lost": lost }, won + lost ? t("stats.wonLostCell", { won: fmt0(won), lost: fmt0(lost) }) : "–");
  const rows = f.by_type.map((g) =>
    h("tr", { "data-game": g.game }, h("th", { scope: "row" }, gameNode(g.game)), PLAYERS.map((p) => (total(g, p) ? cell(g.won[p], g.lost[p], p) : h("td", { class: "num", "data-player": p, "data-won": 0, "data-lost": 0 }, "–")))),
  );
  const sum = (field, p) => f.by_type.reduce((a, g) => a + g[field][p], 0);
  return h(
    "div",
    { class: "sheet-scroll", role: "region", tabindex: "0", "aria-labelledby": "stats-types" },
    h(
      "table",
      { class: "stats-table", "data-stats": "games" },
      h("caption", { class: "sr-only" }, t("stats.gamesCaption")),
      h("thead", {}, headRow(t("stats.gameWonLost"))),
      h("tbody", {}, rows),
      h("tfoot", {}, h("tr", { "data-game": "all" }, h("th", { scope: "row" }, t("stats.allGames")), PLAYERS.map((p) => cell(sum("won", p), sum("lost", p), p)))),
    ),
  );
}

function playersTable(f) {
  const row = (key, label, cells) => h("tr", { "data-stat": key }, h("th", { scope: "row" }, label), cells);
  const means = (key, label, digits = 1, sign = false) => row(key, label, PLAYERS.map((p) => meanCell(f[key][p], p, digits, sign)));
  const counts = (key, label, values) => row(key, label, PLAYERS.map((p) => h("td", { class: "num", "data-player": p, "data-value": values[p] }, fmt0(values[p]))));
  const calls = f.calls
    .filter((c) => c.call !== "SU" || c.said.some(Boolean))
    .map((c) =>
      row(
        "call-" + c.call,
        actionLabel(c.call),
        PLAYERS.map((p) => h("td", { class: "num", "data-player": p, "data-said": c.said[p], "data-won": c.won[p] }, c.said[p] ? t("stats.saidWon", { said: fmt0(c.said[p]), won: fmt0(c.won[p]) }) : "–")),
      ),
    );
  return h(
    "div",
    { class: "sheet-scroll", role: "region", tabindex: "0", "aria-label": t("stats.playersTitle") },
    h(
      "table",
      { class: "stats-table", "data-stats": "players" },
      h("thead", {}, headRow("")),
      h(
        "tbody",
        {},
        means("game_value", t("stats.gameValue")),
        means("seeger_fabian", t("stats.sfPerGame"), 1, true),
        means("seeger_fabian_declared", t("stats.sfPerDeclared"), 1, true),
        means("declarer_points", t("stats.declarerPoints")),
        means("defender_points", t("stats.defenderPoints")),
        f.ramsch ? counts("ramsch_lost", t("stats.ramschLost"), f.ramsch_lost) : null,
        calls,
      ),
    ),
  );
}

function handsTable(f) {
  const rank = (key, label) => h("tr", { "data-stat": key }, h("th", { scope: "row" }, label), PLAYERS.map((p) => meanCell(f.hands[key][p], p, 2)));
  return h(
    "div",
    { class: "sheet-scroll", role: "region", tabindex: "0", "aria-label": t("stats.handsTitle") },
    h(
      "table",
      { class: "stats-table", "data-stats": "hands" },
      h("thead", {}, headRow(t("stats.perHand"))),
      h("tbody", {}, rank("jacks", t("stats.jacks")), rank("aces", t("stats.aces")), rank("tens", t("stats.tens"))),
    ),
  );
}
