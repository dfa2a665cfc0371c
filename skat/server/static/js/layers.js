// The layers over the table (a question, a review, a side panel, the last trick, the bidding
// history, the declaration dialog): which is on top, and Escape and the browser's Back closing it.

import { t } from "./i18n.js";
import { h } from "./dom.js";
import { focusKeyOf } from "./keyboard.js";
import { askFirst, closeLayer, closeTopLayer, showPanel, topLayer } from "./panelstate.js";
import { render, state } from "./state.js";

export function openPanel(panel) {
  showPanel(panel);
  render();
}

/**
 * While a layer is open (panelstate.js topLayer) the page has a history entry of its own, so that
 * Back closes the layer instead of leaving the game; Back with nothing open leaves the page as
 * usual.
 */
export function keepBackForLayers() {
  if (topLayer() && !history.state?.skatLayer) history.pushState({ skatLayer: true }, "");
}

window.addEventListener("popstate", (e) => {
  if (e.state?.skatLayer) return; // Forward onto a layer's entry: nothing to reopen
  // rendering pushes the entry again while another layer stays open (a panel under a review)
  if (closeTopLayer()) render();
  else history.back(); // the layer was closed on the page: this Back leaves, as the person meant
});

/** Asks `text` first (the button `yes` runs `onYes`); the control that asked, focused now, gets
 * the focus back when the question closes. */
export function ask(text, yes, onYes) {
  askFirst(text, yes, onYes, focusKeyOf(document.activeElement));
  render();
}

export function confirmPanel() {
  const c = state.confirming;
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
        h("button", { class: "btn", "data-ui": "confirm-no", onclick: () => { closeLayer("confirming"); render(); } }, t("button.cancel")),
        h("button", { class: "btn danger", "data-ui": "confirm-yes", onclick: () => { closeLayer("confirming"); c.onYes(); } }, c.yes),
      ),
    ),
  );
}
