// The rules help panel.

import { formatNumber, t } from "./i18n.js";
import { h } from "./dom.js";
import { panel } from "./sidepanel.js";
import { state } from "./state.js";
function paragraphs(text, cls) {
  return String(text)
    .split("\n")
    .map((line) => h("p", { class: cls }, line));
}

export function helpPanel() {
  const sections = [1, 2, 3, 4].map((n) =>
    h(
      "section",
      { class: "help-section", "aria-labelledby": "help-" + n },
      h("h3", { id: "help-" + n }, h("span", { class: "help-no" }, formatNumber(n)), " ", t(`help.${n}.title`)),
      paragraphs(t(`help.${n}.body`, { concede: t("action.RE") })),
      n === 4 ? h("div", { class: "example" }, h("h4", {}, t("help.example.valueTitle")), paragraphs(t("help.example.value"))) : null,
      n === 4 ? h("div", { class: "example" }, h("h4", {}, t("help.example.overbidTitle")), paragraphs(t("help.example.overbid"))) : null,
      n === 4 ? h("div", { class: "example" }, h("h4", {}, t("help.example.listTitle")), paragraphs(t("help.example.list"))) : null,
    ),
  );
  return panel(
    "help",
    t("help.title"),
    h("p", { class: "help-tagline" }, t("help.tagline")),
    sections,
    helpRules(),
    h("h3", {}, t("help.keys.title")),
    paragraphs(t("help.keys.body")),
  );
}

/** The rule options of the settings, each under the name and with the choices the settings give
 * it (the default first), and what it does. */
function helpRules() {
  const valueName = (key, v) => (typeof v === "boolean" ? t(v ? "setting.on" : "setting.off") : t("rule." + key + "." + v));
  return h(
    "section",
    { class: "help-rules", "aria-labelledby": "help-rules" },
    h("h3", { id: "help-rules" }, t("help.rules.title")),
    paragraphs(t("help.rules.intro")),
    h(
      "dl",
      {},
      state.rules.map((r) => [
        h("dt", { "data-help-rule": r.key }, t("setting.rule." + r.key)),
        h(
          "dd",
          {},
          h("p", { class: "help-choices" }, r.values.map((v) => valueName(r.key, v)).join(" · ")),
          paragraphs(t("help.rule." + r.key)),
        ),
      ]),
    ),
  );
}
