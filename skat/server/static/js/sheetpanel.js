// The score sheet panel: the rows and totals of the series (sheet.js), the finished series,
// export and import.

import * as api from "./api.js";
import * as compare from "./compare.js";
import * as storage from "./store.js";
import * as sheet from "./sheet.js";
import { parseContract } from "./cards.js";
import { formatDate, formatNumber, list, sentences, t, tn } from "./i18n.js";
import { download, h } from "./dom.js";
import { ask } from "./layers.js";
import { cardLabel, contractText, playerLabel } from "./names.js";
import { notify } from "./noticebar.js";
import { openReview } from "./result.js";
import { sheetMarks } from "./assist.js";
import { rowReplayScore } from "./replay.js";
import { bockErrorText, bockQueue, bockRefused, dealOptions, playerLevel } from "./settings.js";
import { panel } from "./sidepanel.js";
import { render, seriesEnded, seriesImported, setNotice, sheetsCleared, startDeal, state } from "./state.js";

export function drawText(series) {
  const drawn = sheet.drawnBy(series.draw);
  if (!drawn.length) return "";
  const cards = drawn
    .slice()
    .sort((a, b) => a.player - b.player)
    .map(({ player, card }) => t("draw.card", { name: playerLabel(player), card: cardLabel(card) }));
  return t("draw.text", { cards: list(cards), name: playerLabel(sheet.firstDealer(series.draw)) });
}

function gameCell(deal) {
  const r = deal.result;
  if (r.passed || r.kind === "passed") return t("marker.passed");
  if (r.kind === "ramsch") return t("game.R");
  const c = parseContract(r.contract);
  const m = sheet.matadorsOf(r);
  const parts = [contractText(r.contract)];
  if (m && c && c.game !== "N") parts.push(m.with !== undefined ? t("step.matadors_with", { value: m.with }) : t("step.matadors_without", { value: m.without }));
  return parts.join(" ");
}

export function sheetPanel() {
  const series = state.store?.series;
  if (!series) {
    return panel("sheet", t("sheet.title"), h("p", {}, t("sheet.empty")), sheetButtons(null));
  }
  const { rows, totals } = sheet.tally(series, bockRefused(series));
  // the computer's score on each replayed row, as the server checked the replay (never the stored one)
  const replays = compare.rowReplays(series);
  const best = sheet.leaders(totals);
  const fmt = (n) => formatNumber(n, 0, true);
  const head = h(
    "tr",
    {},
    ["no", "dealer", "declarer", "bid", "game", "value", "markers"].map((k) => columnHead(k)),
    [0, 1, 2].map((p) => h("th", { scope: "col", class: "num" }, playerLabel(p))),
  );
  const body = rows.map((row) => {
    const d = row.deal;
    const r = row.result ?? {}; // a damaged row shows what can be read of it, and says what is wrong
    // The game's score (won: the value; lost: −2 × the value, or as the options say), from the core.
    const value = row.declarer !== null && Number.isInteger(r.score) ? r.score : null;
    // a passed deal says so in its game column (shown on phones too), not twice
    const notes = row.result ? sheet.markers(d).filter((m) => m !== "passed") : [];
    const damage = row.damage ? t("sheet.damaged." + row.damage) + (sheet.counts(row.damage) ? "" : " — " + t("sheet.notCounted")) : null;
    const chips = () => [
      ...notes.map((m) => h("span", { class: "marker marker-" + m.split(".")[0], "data-marker": m }, t("marker." + m))),
      ...sheetMarks(d),
      damage ? h("span", { class: "marker marker-damaged" }, damage) : null,
    ];
    return h(
      "tr",
      {
        class: "sheet-row" + (r.won === false && row.declarer === 0 ? " lost" : "") + (row.damage ? " damaged" : ""),
        "data-damaged": row.damage,
        "data-row": String(row.index),
        tabindex: "0",
        "aria-label": t("sheet.rowLabel", { n: row.index + 1 }),
        onclick: () => openReview(row.index),
        onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); openReview(row.index); } },
      },
      h("td", { class: "num col-no" }, formatNumber(row.index + 1)),
      h("td", { class: "col-dealer" }, row.dealer === null ? "–" : playerLabel(row.dealer)),
      h("td", { class: "col-declarer" }, row.declarer === null ? "–" : playerLabel(row.declarer)),
      h("td", { class: "num col-bid" }, r.bid ? formatNumber(r.bid) : "–"),
      // on phones the notes column is hidden and the notes stand under the game instead
      h("td", { class: "col-game" }, row.result ? gameCell(d) : "–", notes.length || damage || d?.assisted?.length ? h("span", { class: "markers markers-inline" }, chips()) : null),
      h("td", { class: "num col-value" }, value === null ? "–" : fmt(value)),
      h("td", { class: "markers col-markers" }, chips()),
      row.totals.map((total, p) =>
        h(
          "td",
          { class: "num total" + (row.scores[p] ? " changed" : ""), "data-total": String(p) },
          formatNumber(total, 0),
          // this deal's change of the total, so the list score is explained line by line
          row.scores[p] ? h("small", { class: "delta", "data-delta": String(p) }, fmt(row.scores[p])) : null,
          // the computer's score in the person's seat of this deal, once its replay was asked for
          // and the server has checked it against the deal
          p === 0 ? rowReplayScore(replays.get(row.index)) : null,
        ),
      ),
    );
  });
  const foot = [
    h(
      "tr",
      { class: "sum" },
      footLabel(t("sheet.total")),
      [0, 1, 2].map((p) => h("td", { class: "num" + (best.includes(p) && rows.length ? " leader" : ""), "data-sum": String(p) }, formatNumber(totals.points[p], 0))),
    ),
  ];
  if (series.list === "seeger_fabian") {
    foot.push(
      h("tr", { class: "counts" }, footLabel(t("sheet.won")), [0, 1, 2].map((p) => h("td", { class: "num", "data-won": String(p) }, formatNumber(totals.won[p])))),
      h("tr", { class: "counts" }, footLabel(t("sheet.lost")), [0, 1, 2].map((p) => h("td", { class: "num", "data-lost": String(p) }, formatNumber(totals.lost[p])))),
    );
  }
  const info = [
    t(series.list === "seeger_fabian" ? "sheet.seegerFabian" : "sheet.simple"),
    series.length ? t("sheet.progress", { n: formatNumber(series.deals.length), of: formatNumber(series.length) }) : tn("sheet.progressOpen", series.deals.length),
    t("sheet.started", { date: formatDate(series.started) }),
  ].join(" · ");
  return panel(
    "sheet",
    t("sheet.title"),
    h("p", { class: "sheet-info" }, info),
    h("p", { class: "sheet-draw" }, drawText(series)),
    sheet.isComplete(series) ? h("p", { class: "sheet-complete", role: "status" }, t("sheet.complete")) : null,
    h(
      "div",
      { class: "sheet-scroll", tabindex: "0", role: "region", "aria-label": t("sheet.title") },
      h("table", { class: "sheet", "data-list": series.list }, h("caption", { class: "sr-only" }, t("sheet.caption")), h("thead", {}, head), h("tbody", {}, body), h("tfoot", {}, foot)),
    ),
    // the score free of card luck, as the server compares it (compare.js)
    compare.sheetLine(series),
    h("p", { class: "sheet-legend" }, t(series.list === "seeger_fabian" ? "sheet.legendSeegerFabian" : "sheet.legendSimple")),
    series.deals.some((d) => sheet.bockOf(d) === "bock") ? h("p", { class: "sheet-legend" }, t("sheet.legendBock")) : null,
    bockLine(series),
    sheetButtons(series),
    archiveList(),
  );
}

/** "Bock deals remaining: N" as the server counts them (settings.js bockQueue), or null (the
 * rule off, not yet known). */
function bockLine(series) {
  const options = dealOptions(series);
  const data = bockQueue(series);
  if (!data || (!data.error && (options.bock ?? "off") === "off")) return null;
  if (data.error) return h("p", { class: "sheet-bock", role: "alert", "data-bock-error": data.error }, bockErrorText(data));
  const text = t(options.bock === "ramsch" ? "sheet.bockramschRemaining" : "sheet.bockRemaining", { n: formatNumber(data.remaining) });
  return h("p", { class: "sheet-bock", "data-bock-remaining": String(data.remaining) }, text);
}

/** The finished series kept in this browser, newest first, with their totals. */
function archiveList() {
  const archive = (state.store?.archive ?? []).filter((x) => x.deals.length);
  if (!archive.length) return null;
  const items = archive
    .slice()
    .reverse()
    .map((x) => {
      // a finished series is walked for its Bock marks as the current one is (settings.js)
      const { totals } = sheet.tally(x, bockRefused(x));
      const scores = [0, 1, 2].map((p) => `${playerLabel(p)} ${formatNumber(totals.points[p])}`).join(" · ");
      return h("li", {}, tn("sheet.archiveRow", x.deals.length, { date: formatDate(x.started), totals: scores }));
    });
  return h("details", { class: "archive" }, h("summary", {}, t("sheet.archive", { n: formatNumber(archive.length) })), h("ul", {}, items));
}

/**
 * The label cells of a footer row: one cell per column (no colspan), so the columns that a phone
 * hides (dealer, bid, notes) stay aligned; the label sits in the game column.
 */
function footLabel(text) {
  return ["no", "dealer", "declarer", "bid", "game", "value", "markers"].map((k) =>
    k === "game" ? h("th", { scope: "row", class: "col-game" }, text) : h("td", { class: "col-" + k }),
  );
}

function sheetButtons(series) {
  const fileInput = h("input", {
    type: "file",
    accept: ".json,.txt,.sgf,application/json,text/plain",
    class: "sr-only",
    id: "import-file",
    "data-ui": "import-file",
    tabindex: "-1",
    "aria-hidden": "true",
    onchange: (e) => importFile(e.target.files?.[0]),
  });
  return h(
    "div",
    { class: "dialog-buttons wrap" },
    h("button", { class: "btn", "data-ui": "new-series", onclick: askNewSeries }, t("sheet.newSeries")),
    series ? h("button", { class: "btn", "data-ui": "export-json", onclick: () => download("skat-series.json", sheet.exportJson(series, storage.SCHEMA), "application/json") }, t("sheet.exportJson")) : null,
    series ? h("button", { class: "btn", "data-ui": "export-iss", onclick: () => download("skat-series.txt", sheet.exportIss(series), "text/plain") }, t("sheet.exportIss")) : null,
    h("button", { class: "btn", "data-ui": "import", onclick: () => fileInput.click() }, t("sheet.import")),
    fileInput,
    h("button", { class: "btn danger", "data-ui": "clear", onclick: askClear }, t("sheet.clear")),
  );
}

/** A column's heading. A soft hyphen in its text (German "Allein\u00adspieler") lets it break on
 * a phone; the name read out is the word without it. */
function columnHead(key) {
  const text = t("sheet." + key);
  const spoken = text.replaceAll("\u00ad", "");
  return h("th", { scope: "col", class: "col-" + key, ...(spoken === text ? {} : { "aria-label": spoken }) }, text);
}

function askNewSeries() {
  const series = state.store.series;
  const start = () => {
    seriesEnded();
    startDeal(null);
  };
  if (series && unfinished(series)) ask(t("sheet.askNewSeries"), t("sheet.newSeries"), start);
  else start();
}

/** A series with rows or a deal waiting in it, not yet complete: ending it is asked first. */
function unfinished(series) {
  return Boolean((series.deals.length || series.open) && !sheet.isComplete(series));
}

function askClear() {
  ask(t("sheet.askClear"), t("sheet.clear"), () => {
    const orphan = sheetsCleared();
    setNotice({ say: () => sentences([t("sheet.cleared"), orphan ? t("sheet.tablePractice") : ""]), kind: "cleared" });
    render();
  });
}

/** An import's failure: the message key and its parameters. */
function importError(key, params = {}) {
  const err = new Error(key);
  err.params = params;
  return err;
}

async function importFile(file) {
  if (!file) return;
  let text = "";
  try {
    text = await file.text();
    const parsed = sheet.parseImport(text);
    let series;
    // Every deal is replayed by the server: the scores on the sheet are the core's, whatever
    // the file says.
    const rescore = async (records) => {
      const deals = [];
      for (const [i, row] of records.entries()) {
        const { record, human_seat } = row;
        const data = await api.view(record, human_seat, playerLevel()).catch((err) => {
          // a record the server refuses (forged, damaged): which deal, and the server's why
          if (!api.refused(err)) throw err;
          throw importError("import.badRow", { n: formatNumber(i + 1), why: `${t("sheet.damaged.record")}: ${err.message || err.code}` });
        });
        if (data.view.phase !== "result") throw new Error("import.unfinished");
        deals.push({ ...sheet.sheetDeal(data.view, record, human_seat), ...sheet.keptOnImport(row) });
      }
      return deals;
    };
    // A deal marked as a Bock or Bockramsch deal must be one the deals before it make so (the
    // server walks the series, skat.bock): else the import is refused, naming that deal.
    const checkBock = async (deals) => {
      if (!deals.some((d) => d.bock)) return;
      const rows = deals.map((d) => ({ record: d.record, human_seat: d.human_seat }));
      await api.bock(rows, {}).catch((err) => {
        if (!api.refused(err)) throw err;
        const index = err.index ?? deals.length - 1; // the server names the deal (its `index`)
        throw importError("import.badRow", { n: formatNumber(index + 1), why: err.message || err.code });
      });
    };
    if (parsed.kind === "json") {
      // the file's series is checked as a stored one is, and takes no damaged row in
      const field = storage.seriesProblem(parsed.series);
      if (field === "series" || field === "deals") throw importError("import.notSeries");
      if (field) throw importError("import.badField", { field });
      const bad = sheet.damagedRows(parsed.series)[0];
      if (bad) throw importError("import.badRow", { n: formatNumber(bad.index + 1), why: t("sheet.damaged." + bad.damage) });
      series = { ...sheet.settled(parsed.series), deals: await rescore(parsed.series.deals) };
      await checkBock(series.deals);
      // the same series imported over itself keeps the deal that waits in it: dealt anew, its
      // place in the series would get other cards
      const waiting = state.store.series?.id === series.id ? state.store.series.open : undefined;
      if (waiting) series.open = waiting;
    } else {
      series = sheet.newSeries(0, sheet.recordScoreList(parsed.records[0].record), null);
      series.deals = await rescore(parsed.records);
      await checkBock(series.deals);
    }
    // the sheet closed while the deals were replayed: nothing is asked or taken over the table
    if (state.panel !== "sheet") return;
    // a series the sheets already hold (exported here and imported again) is not added twice
    const copy = sheet.storedCopy(state.store, series);
    if (copy) {
      notify("import-known", () => tn("import.known", copy.deals.length, { date: formatDate(copy.started) }));
      return;
    }
    const current = state.store.series;
    const take = () => {
      const orphan = seriesImported(series);
      const done = () => tn("import.done", series.deals.length);
      setNotice({ say: orphan ? () => sentences([done(), t("import.tablePractice")]) : done, kind: "imported" });
      render();
    };
    // another series in place of one in progress: asked first, as "New series" asks; so is
    // this series with other deals than the stored one (an older or a changed export of it)
    if (current && current.id === series.id) {
      const counts = { stored: formatNumber(current.deals.length), file: formatNumber(series.deals.length) };
      ask(t("sheet.askImportSame", counts), t("sheet.importYes"), take);
      return;
    }
    if (current && unfinished(current)) {
      ask(t("sheet.askImport"), t("sheet.importYes"), take);
      return;
    }
    take();
    return;
  } catch (err) {
    const key = String(err?.message ?? "");
    const params = err?.params ?? {};
    setNotice({ say: () => (key.startsWith("import.") ? t(key, params) : t("import.failed", { message: err?.code ?? key })), kind: "import-failed" });
  }
  render();
}
