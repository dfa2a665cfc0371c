// Two small charts of the statistics panel, drawn as SVG: the running totals of a series (a line
// per player) and the games by type (won and lost bars). They draw the numbers they are given and
// compute nothing but where to put them; the words come in `labels`, the numbers' text from
// `fmt` (the language's Intl format), so this module holds no text and no rule.
//
// Each chart is an <svg role="img"> with an aria-label saying what it shows; its points and bars
// carry a <title> (a tooltip) and data attributes (the README's test contract): the totals chart
// [data-chart=totals] with a circle [data-point] per player and deal (data-player, data-deal,
// data-total), the types chart [data-chart=types] with a group [data-bar=<game letter>] per type
// (data-won, data-lost).

const NS = "http://www.w3.org/2000/svg";

/** The players' colours and dash patterns (you, left, right): told apart without colour too. */
const LINES = [
  { stroke: "#1f6b3a", dash: null, mark: "circle" },
  { stroke: "#2f5fb3", dash: "7 4", mark: "square" },
  { stroke: "#b3261e", dash: "2 3", mark: "diamond" },
];

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** About `count` round steps (1, 2 or 5 × 10^k) from `low` to `high`, both included. */
export function ticks(low, high, count = 4) {
  if (low === high) return [low];
  const raw = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((x) => x >= raw) ?? 10 * power;
  const out = [];
  for (let v = Math.ceil(low / step) * step; v <= high + 1e-9; v += step) out.push(Math.round(v * 1e6) / 1e6 || 0); // no −0
  return out;
}

/** The width to draw at: about the panel's, within 300 .. 720 px (a phone gets a chart of its
 * own width, not a wide one shrunk to unreadable letters). */
export function chartWidth() {
  return Math.max(300, Math.min(720, (globalThis.innerWidth ?? 720) - 48));
}

/**
 * The running totals: `totals[i]` the three players' totals after deal i + 1. `labels`: {title
 * (the aria-label), players: [3 names], deal: (n) => text, point: (player, n, total) => text}.
 */
export function totalsChart(totals, labels, fmt, width = chartWidth()) {
  const height = 240;
  const pad = { left: 52, right: 14, top: 12, bottom: 34 };
  const values = totals.flat();
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const span = high - low || 1;
  const n = totals.length;
  const x = (i) => pad.left + (n <= 1 ? (width - pad.left - pad.right) / 2 : (i * (width - pad.left - pad.right)) / (n - 1));
  const y = (v) => pad.top + ((high - v) * (height - pad.top - pad.bottom)) / span;
  const grid = ticks(low, high).map((v) =>
    s(
      "g",
      { class: "tick" },
      s("line", { x1: pad.left, x2: width - pad.right, y1: y(v), y2: y(v), stroke: v === 0 ? "#6c7a70" : "#dde1d8", "stroke-width": v === 0 ? 1.5 : 1 }),
      s("text", { x: pad.left - 6, y: y(v) + 4, "text-anchor": "end", class: "axis" }, fmt(v)),
    ),
  );
  // deal numbers under the axis: every one, or every k-th when they would crowd
  const every = Math.max(1, Math.ceil(n / Math.floor((width - pad.left - pad.right) / 28)));
  const dealMarks = totals.map((_, i) =>
    (i + 1) % every && i !== n - 1 && i !== 0 ? null : s("text", { x: x(i), y: height - pad.bottom + 16, "text-anchor": "middle", class: "axis" }, fmt(i + 1)),
  );
  const lines = [0, 1, 2].map((p) => {
    const style = LINES[p];
    const path = totals.map((row, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(row[p]).toFixed(1)}`).join(" ");
    const points = totals.map((row, i) => {
      const title = s("title", {}, labels.point(p, i + 1, row[p]));
      const attrs = { "data-point": "", "data-player": p, "data-deal": i + 1, "data-total": row[p], fill: style.stroke };
      if (style.mark === "square") return s("rect", { ...attrs, x: x(i) - 3.5, y: y(row[p]) - 3.5, width: 7, height: 7 }, title);
      if (style.mark === "diamond") {
        const cx = x(i);
        const cy = y(row[p]);
        return s("path", { ...attrs, d: `M${cx},${cy - 5} L${cx + 5},${cy} L${cx},${cy + 5} L${cx - 5},${cy} Z` }, title);
      }
      return s("circle", { ...attrs, cx: x(i), cy: y(row[p]), r: 4 }, title);
    });
    return s(
      "g",
      { class: "series", "data-line": p },
      s("path", { d: path, fill: "none", stroke: style.stroke, "stroke-width": 2.5, "stroke-dasharray": style.dash, "stroke-linejoin": "round" }),
      points,
    );
  });
  return s(
    "svg",
    { class: "chart", "data-chart": "totals", viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": labels.title, tabindex: "0" },
    s("title", {}, labels.title),
    grid,
    s("text", { x: pad.left + (width - pad.left - pad.right) / 2, y: height - 4, "text-anchor": "middle", class: "axis-name" }, labels.deal),
    dealMarks,
    lines,
  );
}

/** The legend of the totals chart: each player's line as drawn, and the name (HTML elements). */
export function legendSwatch(player) {
  const style = LINES[player];
  return s(
    "svg",
    { class: "swatch", viewBox: "0 0 28 10", width: 28, height: 10, "aria-hidden": "true" },
    s("line", { x1: 0, x2: 28, y1: 5, y2: 5, stroke: style.stroke, "stroke-width": 2.5, "stroke-dasharray": style.dash }),
  );
}

/**
 * The games by type: `bars` [{game, name, won, lost}], a row each with a won and a lost bar.
 * `labels`: {title, won, lost, bar: (bar) => text (a tooltip)}.
 */
export function typesChart(bars, labels, fmt, width = chartWidth()) {
  const nameWidth = Math.min(110, Math.round(width * 0.3));
  const pad = { left: nameWidth + 8, right: 40, top: 26 };
  const row = 38;
  const height = pad.top + bars.length * row + 6;
  const most = Math.max(1, ...bars.map((b) => Math.max(b.won, b.lost)));
  const length = (v) => (v * (width - pad.left - pad.right)) / most;
  const legend = s(
    "g",
    { class: "legend", "aria-hidden": "true" },
    s("rect", { x: pad.left, y: 4, width: 12, height: 12, class: "bar-won" }),
    s("text", { x: pad.left + 16, y: 14, class: "axis" }, labels.won),
    s("rect", { x: pad.left + 96, y: 4, width: 12, height: 12, class: "bar-lost" }),
    s("text", { x: pad.left + 112, y: 14, class: "axis" }, labels.lost),
  );
  const rows = bars.map((b, i) => {
    const top = pad.top + i * row;
    const bar = (value, dy, cls) => [
      s("rect", { x: pad.left, y: top + dy, width: Math.max(value ? 2 : 0, length(value)), height: 13, class: cls }),
      s("text", { x: pad.left + length(value) + 5, y: top + dy + 11, class: "axis" }, fmt(value)),
    ];
    return s(
      "g",
      { "data-bar": b.game, "data-won": b.won, "data-lost": b.lost },
      s("title", {}, labels.bar(b)),
      s("text", { x: nameWidth, y: top + 19, "text-anchor": "end", class: "bar-name" }, b.name),
      bar(b.won, 2, "bar-won"),
      bar(b.lost, 17, "bar-lost"),
    );
  });
  return s(
    "svg",
    { class: "chart", "data-chart": "types", viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": labels.title, tabindex: "0" },
    s("title", {}, labels.title),
    legend,
    rows,
  );
}
