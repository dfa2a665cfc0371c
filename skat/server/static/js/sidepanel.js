// The frame of a side panel (score sheet, statistics, settings, help).

import { t } from "./i18n.js";
import { h } from "./dom.js";
import { openPanel } from "./layers.js";
import { noticeBanner } from "./noticebar.js";
import { state } from "./state.js";

export function panel(name, title, ...body) {
  return h(
    "div",
    { class: "overlay side", onclick: (e) => { if (e.target === e.currentTarget) panelOverlayClick(e); } },
    h(
      "section",
      { class: "dialog panel panel-" + name, role: "dialog", "aria-modal": "true", "aria-labelledby": "panel-title", "data-panel": name },
      h("div", { class: "panel-head" }, h("h2", { id: "panel-title" }, title), h("button", { class: "btn small", "data-ui": "close-panel", onclick: () => openPanel(null) }, t("button.close"))),
      // the sheet writes the seat draw above its table: not the same line twice
      state.notice && !(name === "sheet" && state.notice.kind === "draw") ? noticeBanner() : null,
      body,
    ),
  );
}

// A click beside the open panel closes it; a click on the menu button it dims (the overlay lies
// over the top bar) opens that button's panel at once, as the button would.
function panelOverlayClick(e) {
  const under = document.elementsFromPoint(e.clientX, e.clientY).find((el) => el.matches?.('.menu [data-ui^="open-"]'));
  const name = under ? under.getAttribute("data-ui").slice("open-".length) : null;
  openPanel(name === state.panel ? null : name);
}
