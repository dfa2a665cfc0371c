// The top bar: the deal number, new deal, the game info, the menu and the language.

import { LANGUAGES, t } from "./i18n.js";
import { nextDeal, playTyped } from "./dealing.js";
import { h, spinner } from "./dom.js";
import { openPanel } from "./layers.js";
import { actionLabel, contractOf, contractText, gameNode, seatLabel } from "./names.js";
import { changeSetting } from "./settings.js";
import { state } from "./state.js";

export function topBar() {
  const v = state.view;
  const number = h("input", {
    class: "deal-number",
    "data-deal-number": true,
    autocomplete: "off",
    spellcheck: "false",
    "aria-label": t("deal.number"),
    title: t("deal.numberHint"),
    // the number as it is passed on: with the seat when it is not the plain number's (12255238-2)
    value: state.typedNumber ?? v?.seated_number ?? v?.deal_number ?? "",
    onkeydown: (e) => {
      if (e.key !== "Enter") return;
      // the Enter must not go on to press the button that a question may focus next
      e.preventDefault();
      playTyped(e.target.value);
    },
  });
  const lang = h(
    "select",
    {
      class: "lang",
      "aria-label": t("settings.language"),
      "data-ui": "lang",
      onchange: (e) => changeSetting("lang", e.target.value, `[data-ui="lang"]`),
    },
    LANGUAGES.map((code) => h("option", { value: code, selected: code === state.settings.lang }, t("language." + code))),
  );
  return h(
    "header",
    { class: "top-bar" },
    h("h1", { class: "brand" }, t("app.title")),
    h(
      "label",
      { class: "deal-field" },
      h("span", {}, t("deal.number")),
      number,
      h("button", { class: "btn small", "data-ui": "play-number", onclick: () => playTyped(number.value) }, t("deal.play")),
    ),
    h("button", { class: "btn small", "data-ui": "next-deal", onclick: nextDeal }, t("deal.next")),
    gameInfo(),
    state.busy ? spinner(t("status.thinking")) : null,
    h(
      "nav",
      { class: "menu", "aria-label": t("menu.label") },
      menuButton("sheet", t("menu.sheet")),
      menuButton("stats", t("stats.menu")),
      menuButton("settings", t("menu.settings")),
      menuButton("help", t("menu.help")),
      lang,
    ),
  );
}

function menuButton(panel, label) {
  return h(
    "button",
    {
      class: "btn small" + (state.panel === panel ? " selected" : ""),
      "data-ui": "open-" + panel,
      "aria-expanded": String(state.panel === panel),
      onclick: () => openPanel(state.panel === panel ? null : panel),
    },
    label,
  );
}

function gameInfo() {
  const v = state.view;
  if (!v) return h("span", { class: "game-info" });
  const items = [];
  if (v.declarer !== null && v.declarer !== undefined && v.contract) {
    const c = contractOf(v.contract);
    items.push(
      h(
        "span",
        // the full text stays at hand when a narrow header cuts it short
        { class: "info-game", "data-contract": v.contract, title: `${contractText(v.contract)} · ${t("info.declarer", { name: seatLabel(v.declarer) })}` },
        h("span", { class: "info-label" }, t("info.game")),
        // Revolution is a game of its own name (a Null Ouvert Hand with the defenders' exchange)
        c.revolution ? h("span", { class: "game-name" }, contractText(v.contract)) : gameNode(c.game),
        !c.revolution && (c.ouvert || c.hand || c.schneider) ? " " + contractText(v.contract).split(" ").slice(1).join(" ") : "",
        " · ",
        t("info.declarer", { name: seatLabel(v.declarer) }),
      ),
    );
  } else if (v.declarer !== null && v.declarer !== undefined) {
    items.push(h("span", { class: "info-game" }, t("info.declarer", { name: seatLabel(v.declarer) })));
  } else if (v.phase === "schieben" || v.contract === "R") {
    // all passed: say which game is played, as for a declarer's game
    const pushing = v.options?.all_pass === "schieberamsch";
    items.push(
      h(
        "span",
        { class: "info-game", "data-contract": "R" },
        h("span", { class: "info-label" }, t("info.game")),
        t(pushing ? "rule.all_pass.schieberamsch" : "game.R"),
      ),
    );
  }
  if (v.pushes > 0) {
    // Each skat passed on unseen doubles what the Schieberamsch counts: that is said where the
    // bid stands in other games (nobody bid), so the bar keeps its rows; in short words there,
    // with the sheet's longer note (the skat passed on unseen) as the title.
    const pushed = t(`info.pushed.${v.pushes}`);
    items.push(h("span", { class: "info-pushes", "data-pushes": v.pushes, title: t(`marker.pushed.${v.pushes}`) }, pushed));
  } else {
    items.push(h("span", { class: "info-bid", "data-bid": v.bid ?? 0 }, t("info.bid"), " ", h("strong", {}, String(v.bid || "–"))));
  }
  if (v.kontra && v.kontra.length) {
    items.push(h("span", { class: "info-kontra" }, v.kontra.map(actionLabel).join(" · ")));
  }
  // a Bock deal (scores × 2) or a Bockramsch deal, as the server dealt it (skat.bock)
  if (v.bock === "bock" || v.bock === "ramsch") {
    items.push(h("span", { class: "info-bock", "data-bock": v.bock }, t(v.bock === "bock" ? "deal.bock" : "deal.bockramsch")));
  }
  return h("span", { class: "game-info" }, items);
}
