// Hints and undo at the table: the strong computer's suggestion for the person's decision with its
// reason (POST /api/hint), and taking the person's last decision back (POST /api/undo).
//
// The server computes both and refuses what does not apply (not the person's turn, the deal over,
// nothing to undo) or is not allowed: a practice deal (typed number, replay) always allows them, a
// deal of the series only with the settings "Hints in series" / "Undo in series" (off, its button
// is not shown; the server refuses a request all the same). The server keeps
// no series, so each request says which kind of deal it is (docs/web-api.md). A deal of the series
// in which a hint or an undo was used is marked on its score-sheet row (`assisted`).
//
// Test contract: [data-ui=hint], [data-ui=undo], the hint's text [data-ui=hint-box] with
// data-hint (the suggested action's tokens, "." between cards, "," between actions) and the
// marked control or cards (.hinted, data-hinted="1"); a refusal [data-ui=assist-refused] with
// data-code; a sheet row's marks [data-assisted=hint|undo].

import * as api from "./api.js";
import { formatNumber, formatPercent as percent, sentences, t } from "./i18n.js";
import { announce, h } from "./dom.js";
import { actionLabel, cardIn, cardsIn, contractText } from "./names.js";
import { ASSIST_MARKS } from "./sheet.js";
import { focus } from "./panelstate.js";
import { noteUsed, render, requestDone, setHint, state, takeAnswer, undoAsked, undone } from "./state.js";

/** The setting that allows `what` ("hint" | "undo") in a deal of the series. */
const SETTING = { hint: "hintsInSeries", undo: "undoInSeries" };

/** The settings' defaults and choices (settings.js DEFAULT_SETTINGS, SETTING_CHOICES): off. */
export const ASSIST_DEFAULTS = { hintsInSeries: "off", undoInSeries: "off" };
export const ASSIST_CHOICES = { hintsInSeries: ["off", "on"], undoInSeries: ["off", "on"] };

/** The settings panel's selects "Hints in series" and "Undo in series"; `change(key, value)`
 * stores a setting (settings.js changeSetting). */
export function seriesSettings(change) {
  const words = { hintsInSeries: "hint.setting", undoInSeries: "undo.setting" };
  return Object.keys(ASSIST_DEFAULTS).map((key) =>
    h(
      "label",
      { class: "setting" },
      h("span", {}, t(words[key])),
      h(
        "select",
        { "data-setting": key, onchange: (e) => change(key, e.target.value) },
        ASSIST_CHOICES[key].map((v) => h("option", { value: v, selected: v === state.settings[key] }, t(v === "on" ? "setting.on" : "setting.off"))),
      ),
    ),
  );
}

/** Whether the settings allow `what` ("hint" | "undo") in a deal of the series. */
function seriesAllows(what) {
  return state.settings[SETTING[what]] === "on";
}

/** The request's fields saying which kind of deal this is (the server refuses by them). */
function dealKind(what) {
  if (state.practice) return { deal: "practice" };
  return { deal: "series", series_allows: seriesAllows(what) };
}

/** The hint of the deal as it stands, or null (a hint belongs to the record it was asked for). */
function currentHint() {
  return state.hint && state.hint.record === state.record ? state.hint : null;
}

async function askHint() {
  if (state.busy || state.animating) return;
  const record = state.record;
  setHint({ record, loading: true });
  render();
  try {
    const data = await api.hint(record, state.humanSeat, dealKind("hint"));
    if (state.record !== record) return;
    setHint({ record, data: data.hint });
    if (!state.practice) noteUsed("hint");
    announce(hintText(data.hint));
  } catch (err) {
    if (state.record !== record) return;
    setHint({ record, error: err.code ?? "network" });
    announce(refusalText(state.hint.error));
  }
  focus(`[data-ui="hint"]`);
  render();
}

async function undo() {
  if (state.busy || state.animating) return;
  const record = state.record;
  undoAsked();
  render();
  try {
    const data = await api.undo(record, state.humanSeat, dealKind("undo"));
    if (!state.practice) noteUsed("undo");
    undone();
    announce(t("undo.done"));
    await takeAnswer(data); // saved with the deal before it is shown (turns.js receive)
  } catch (err) {
    requestDone();
    setHint({ record, error: err.code ?? "network" });
    announce(refusalText(state.hint.error));
    render();
  }
}

/** The hint and undo buttons, and the hint's text, at the person's turn. */
export function assistControls(v) {
  if (v.phase === "result" || v.to_act !== state.humanSeat) return [];
  const shown = currentHint();
  const out = [];
  if (shown?.data) out.push(h("p", { class: "hint-box", "data-ui": "hint-box", "data-hint": shown.data.tokens.join(","), role: "status" }, hintText(shown.data)));
  if (shown?.error) out.push(h("p", { class: "hint-box refused", "data-ui": "assist-refused", "data-code": shown.error, role: "alert" }, refusalText(shown.error)));
  const busy = state.busy || state.animating || Boolean(shown?.loading);
  // a deal of the series shows only what its settings allow (the server refuses the rest too)
  const allowed = (what) => state.practice || seriesAllows(what);
  const buttons = [
    allowed("hint") ? h("button", { class: "btn small", "data-ui": "hint", disabled: busy, "aria-keyshortcuts": "?", title: t("hint.title"), onclick: askHint }, shown?.loading ? t("hint.thinking") : t("hint.button")) : null,
    allowed("undo") ? h("button", { class: "btn small", "data-ui": "undo", disabled: busy, "aria-keyshortcuts": "u", title: t("undo.title"), onclick: undo }, t("undo.button")) : null,
  ].filter(Boolean);
  if (buttons.length) out.push(h("span", { class: "assist-buttons" }, ...buttons));
  return out;
}

/** Marks the suggested cards or control in the table `root` (before it is shown). */
export function decorate(root) {
  const shown = currentHint()?.data;
  if (!shown || state.busy || state.animating) return;
  const token = shown.action;
  const mark = (el) => {
    if (!el) return;
    el.classList.add("hinted");
    el.setAttribute("data-hinted", "1");
  };
  if (/^[CSHD][AKQJT987](\.[CSHD][AKQJT987])*$/.test(token)) {
    for (const card of token.split(".")) mark(root.querySelector(`.hand [data-card="${card}"]`));
    return;
  }
  if (/^EX(\.|$)/.test(token)) {
    // a Revolution's exchange: the cards to pass, or the confirm when none is to go
    const cards = token.split(".").slice(1);
    for (const card of cards) mark(root.querySelector(`.hand [data-card="${card}"]`));
    if (!cards.length) mark(root.querySelector(`.controls [data-action="exchange"]`));
    return;
  }
  const control = root.querySelector(`.controls [data-action="${CSS.escape(token)}"]`);
  if (control) mark(control);
  else if (shown.kind === "skat" && token !== "s") mark(root.querySelector(`[data-ui="hand"]`));
  else if (shown.kind === "declare") mark(root.querySelector(`[data-ui="declare-open"]`));
}

/** The words of a suggested action `hint` ({action, kind, reason}) inside a sentence ("bid 20",
 * "pick up the skat"); the review (reviewwords.js) words the strong computer's action with them. */
export function whatText(hint) {
  const token = hint.action;
  if (hint.kind === "discard") return t("hint.discard", { cards: cardsIn(token.split("."), "acc"), game: contractText(hint.reason.game) });
  if (/^[CSHD][AKQJT987]$/.test(token)) return t("hint.play", { card: cardIn(token, "acc") });
  if (/^\d+$/.test(token)) return t("hint.bidValue", { value: token });
  if (hint.kind === "bid" && token === "y") return t("hint.hold");
  if (hint.kind === "skat" && token !== "s") return t("hint.handGame", { game: contractText(token) });
  if (hint.kind === "declare") return t("hint.declare", { game: contractText(token) });
  if (hint.kind === "schieben" && token.includes(".")) return t("hint.push", { cards: cardsIn(token.split("."), "acc") });
  if (hint.kind === "schieben" && token === "p") return t("hint.pushOn");
  if (token === "s") return t("hint.pickUp"); // the skat phase, or taking it in Schieberamsch
  if (token === "p") return t("hint.pass");
  if (token === "-") return t("hint.decline");
  if (token === "RE") return t("hint.concede");
  return t("hint.say", { what: actionLabel(token) });
}

/** The words of a contract's estimate (game, chance, expected score) in a reason. */
function estimateText(r) {
  if (!r.game) return t("hint.why.noGame");
  return t("hint.why.estimate", { game: contractText(r.game), chance: percent(r.chance), expected: formatNumber(r.expected, 0, true) });
}

/** The sentences of a bid's reason `r` for a suggestion that is a pass or not: the bid limit and
 * the game it is for, and where the contest check decided (an opponent bidding too), its figures
 * (docs/web-api.md, the `bid` reason: a pass the limit decided is the value above the limit); the
 * review words a call the computer makes too with them. An array of sentences. */
export function bidWhy(r, pass) {
  if (!r.limit) return [t("hint.why.noLimit")];
  const out = [
    t("hint.why.limit", { game: contractText(r.limit_game), limit: r.limit }),
    t(pass && r.decided === "limit" ? "hint.why.aboveLimit" : "hint.why.withinLimit", { value: r.value }),
  ];
  if (r.decided !== "contest") return out;
  out.push(t("hint.why.contest", { value: r.value, check: formatNumber(r.check, Number.isInteger(r.check) ? 0 : 1) }));
  if (!r.game) out.push(t("hint.why.noneWorth", { value: r.value }));
  // one decimal: the figure is on the side of the check that decided, as the server rounds it
  else out.push(t("hint.why.contestGame", { game: contractText(r.game), chance: percent(r.chance), expected: formatNumber(r.expected, 1, true) }));
  return out;
}

/** Why the computer suggests it, in words. */
function whyText(hint) {
  const r = hint.reason ?? {};
  switch (hint.kind) {
    case "bid":
      return sentences(bidWhy(r, hint.action === "p"));
    case "skat":
    case "discard":
    case "declare":
      return estimateText(r);
    case "kontra":
      return t(r.say === "R" ? "hint.why.re" : "hint.why.kontra", { chance: percent(r.chance), line: percent(r.line), say: actionLabel(r.say) });
    case "card": {
      const share = t("hint.why.card", { share: percent(r.share), worlds: formatNumber(r.worlds) });
      const other = r.best_other === null ? "" : t("hint.why.otherCard", { share: percent(r.best_other) });
      // settled in every world: the side that wins plays for Schneider, the other to stay out of it
      const level = r.next_level ? t(r.share === 0 ? "hint.why.nextLevelLost" : "hint.why.nextLevel") : "";
      return sentences([share, other, level, r.slip ? t("hint.why.slip") : ""]);
    }
    case "ramsch":
    case "schieben": {
      const mine = t("hint.why.rollouts", { n: formatNumber(r.rollouts), average: formatNumber(r.average, 1, true) });
      return sentences([mine, r.other === null ? "" : t("hint.why.rolloutsOther", { average: formatNumber(r.other, 1, true) })]);
    }
    case "only":
      return t("hint.why.only");
    default:
      return t("hint.why.rule");
  }
}

function hintText(hint) {
  return t("hint.says", { what: whatText(hint), why: whyText(hint) });
}

/** The words of a refused hint or undo, by the server's code. */
const REFUSALS = {
  not_your_turn: "hint.refused.notYourTurn",
  deal_over: "hint.refused.dealOver",
  hints_off: "hint.refused.hintsOff",
  undo_off: "hint.refused.undoOff",
  nothing_to_undo: "hint.refused.nothingToUndo",
  skat_seen: "hint.refused.skatSeen",
  network: "error.network", // the server is not reached: the table's own words for it
};

function refusalText(code) {
  return REFUSALS[code] ? t(REFUSALS[code]) : t("hint.refused.unknown", { code });
}

/** The marks of a score-sheet row of a deal in which a hint or an undo was used, or a claim was
 * refused (its line showed cards the person could not see). */
export function sheetMarks(deal) {
  const words = { hint: "hint.marker", undo: "undo.marker", claim: "claim.marker" };
  const used = Array.isArray(deal?.assisted) ? deal.assisted.filter((x) => ASSIST_MARKS.includes(x)) : [];
  return used.map((x) => h("span", { class: "marker marker-assisted", "data-assisted": x }, t(words[x])));
}
