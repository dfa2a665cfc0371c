// The layers over the table (a question, a review, a side panel, the last trick, the bidding
// history, the declaration dialog): which is on top, and Escape and the browser's Back closing it.

import { t } from "./i18n.js";
import { h } from "./dom.js";

let app = null; // the table's state (app.js)
let ctx = null; // {app, render, send, startDeal}, given by app.js

/** Takes the table's state and its verbs from app.js, once at the start. */
export function connect(given) {
  ctx = given;
  app = given.app;
}

export function openPanel(panel) {
  app.panel = panel;
  app.focusKey = panel ? `[data-ui="close-panel"]` : null;
  ctx.render();
}

/** The layers, topmost first: the field of `app` that holds each, and its value when closed. */
const LAYERS = [
  ["confirming", null], // a question
  ["analysing", null, (a) => a.back], // "Could I have won?" (the focus goes back to its button)
  ["replaying", null], // the computer with your cards (over a result or a row's review)
  ["reviewing", null], // a sheet row's review
  ["panel", null],
  ["showLastTrick", false],
  ["showCalls", false], // the bidding history
  ["declaring", null], // the declaration dialog
];

function topLayer() {
  return LAYERS.find(([field]) => app[field]);
}

/** Closes the topmost open layer; false when none is open. */
export function closeTopLayer() {
  const top = topLayer();
  if (!top) return false;
  const back = top[2]?.(app[top[0]]) ?? null;
  app[top[0]] = top[1];
  if (back) app.focusKey = back;
  return true;
}

/**
 * While a layer is open the page has a history entry of its own, so that Back closes the layer
 * instead of leaving the game; Back with nothing open leaves the page as usual.
 */
export function keepBackForLayers() {
  if (topLayer() && !history.state?.skatLayer) history.pushState({ skatLayer: true }, "");
}

window.addEventListener("popstate", (e) => {
  if (e.state?.skatLayer) return; // Forward onto a layer's entry: nothing to reopen
  // rendering pushes the entry again while another layer stays open (a panel under a review)
  if (closeTopLayer()) ctx.render();
  else history.back(); // the layer was closed on the page: this Back leaves, as the person meant
});

export function ask(text, yes, onYes) {
  app.confirming = { text, yes, onYes };
  app.focusKey = `[data-ui="confirm-no"]`;
  ctx.render();
}

export function confirmPanel() {
  const c = app.confirming;
  return h(
    "div",
    { class: "overlay top" },
    h(
      "section",
      { class: "dialog confirm", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "confirm-text" },
      h("p", { id: "confirm-text" }, c.text),
      h(
        "div",
        { class: "dialog-buttons" },
        h("button", { class: "btn", "data-ui": "confirm-no", onclick: () => { app.confirming = null; ctx.render(); } }, t("button.cancel")),
        h("button", { class: "btn danger", "data-ui": "confirm-yes", onclick: () => { app.confirming = null; c.onYes(); } }, c.yes),
      ),
    ),
  );
}
