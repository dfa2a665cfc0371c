// The table: one deal of Skat against two computer players.
//
// The server sends the human's view of the deal (phase, seat to act, the human's cards, the legal
// actions, the calls, the trick, the result and review when it is over) and the events to animate.
// This module draws it; every string goes through i18n.t and every card face through deck.js.
//
// Test contract (README "Test contract"): the table root has data-phase and data-to-act; each of
// the human's cards is <button data-card="CJ">, disabled when not playable; controls that perform a
// game action carry data-action with the action's record notation; the declaration dialog has
// [data-game], [data-option], [data-value] and a confirm [data-action=declare]; the discard
// confirm is [data-action=discard]; the result panel has data-result and data-record; the deal
// number field is [data-deal-number]; the bidding history [data-calls] opens from
// [data-ui=show-calls].
//
// The declaration dialog is built from the server's list of legal contracts with their figures
// (view.declarations), and hands are sorted by the server's order of the cards (view.card_order):
// no game value, matador or card order is computed here.

import * as api from "./api.js";
import * as storage from "./store.js";
import * as sheet from "./sheet.js";
import * as notices from "./notices.js";
import { SORTINGS, isContract, isTrump, parseContract, sortHand, suitOf } from "./cards.js";
import { DECK_NAMES, cardBackSvg, cardSvg, namingDeck, suitIcon } from "./deck.js";
import { LANGUAGES, chooseLanguage, formatDate, formatNumber, list, rankLabels, setDeck, setLanguage, t, tn } from "./i18n.js";

// The announcements' switches of the declaration dialog (which of them a contract has, and which
// contracts there are, the server says: view.declarations).
const ANNOUNCEMENTS = ["hand", "schneider", "schwarz", "ouvert"];

const app = {
  record: null,
  humanSeat: 0,
  view: null,
  busy: false, // a request is on its way (spinner)
  animating: false,
  displayTrick: null, // the trick shown while events are animated
  bubbles: {}, // seat → text of the last call
  bubbleTimes: {}, // seat → when its bubble appeared (only a new bubble pops up)
  freshCard: null, // the card that has just come to the trick (only it fades in)
  discard: [], // cards chosen to put away
  declaring: null, // {hand: bool, discard: [..] | null} while the declaration dialog is open
  dialog: null, // the contract chosen in the declaration dialog (an entry of view.declarations)
  showLastTrick: false,
  showCalls: false, // the bidding history is open
  error: null,
  // trickMs: how long a finished trick stays (trickWait "click": until a click or key press);
  // cardMs, callMs: the pace of the computers' cards
  // and calls (settings kept in this browser; the tests make them short).
  settings: { ...DEFAULT_SETTINGS(), options: {} },
  store: null, // what this browser keeps (store.js)
  practice: false, // the deal in progress is a replay or a typed number: not on the score sheet
  panel: null, // "sheet" | "settings" | "help" | null: the open side panel
  reviewing: null, // {view, record, index} of a sheet row being looked at
  confirming: null, // {text, yes, onYes}: a question before something is thrown away
  notice: null, // {say: () => text in the current language, kind}: a message that stays until closed (data set aside, import done, ...)
  typedNumber: null, // a typed deal number that is not one, kept in the field to be corrected
  keptAside: [], // the keys under which unreadable data was set aside since the page opened
  serverPlayer: null, // the level the server plays by default (GET /api/health), once known
  seriesId: null, // the series the deal in progress was dealt for (null: practice or unknown)
  focusKey: null, // the control to focus after the next render (keyboard play)
};

/** The settings before the person changes any: ISkO rules, the strong computer, French cards. */
function DEFAULT_SETTINGS() {
  return {
    lang: "en",
    deck: "french",
    player: "auto", // the server's own level (the strongest it has)
    seriesLength: 0,
    trickWait: "time",
    trickMs: 1100,
    cardMs: 420,
    callMs: 520,
    sort: "alternate", // the hand's suits after the trumps: alternating colours, or ♣ ♠ ♥ ♦
  };
}

/** The rule options the settings panel offers, {key, values} with the ISkO default first: the
 * server's (GET /api/options, skat.rules.Options), filled in once by loadRules. */
const RULES = [];
const SERIES_LENGTHS = [0, 3, 6, 9, 12, 18, 24, 36, 48];
const PLAYER_LEVELS = ["auto", "heuristic", "strong"];

/** The level to name in a request: null lets the server use its own. */
function playerLevel() {
  return app.settings.player && app.settings.player !== "auto" ? app.settings.player : null;
}
const TRICK_TIMES = [600, 1100, 2000, 3500];
const TRICK_WAITS = ["time", "click"];

/** What each stored setting may be (store.js checkSettings): its choices, or a range in
 * milliseconds for the pace of the table (the tests play it faster than the choices offered). */
const SETTING_CHOICES = {
  lang: LANGUAGES,
  deck: DECK_NAMES,
  player: PLAYER_LEVELS,
  seriesLength: SERIES_LENGTHS,
  trickWait: TRICK_WAITS,
  sort: SORTINGS,
  trickMs: { min: 0, max: 10_000 },
  cardMs: { min: 0, max: 5000 },
  callMs: { min: 0, max: 5000 },
};

/** Fills RULES from the server (once), and sets a stored rule option that is not one of them
 * back to its default, saying so. Throws the ApiError when the server cannot be asked. */
async function loadRules() {
  if (RULES.length) return;
  const spec = await api.options();
  RULES.push(...spec.map((o) => ({ key: o.name, values: [o.default, ...o.values.filter((v) => v !== o.default)] })));
  const { settings, reset } = storage.checkSettings({ options: app.settings.options }, {}, {}, RULES);
  if (reset.length) {
    app.settings.options = settings.options;
    persist();
    sayReset(reset);
  }
}

function rule(key) {
  const r = RULES.find((x) => x.key === key);
  const value = app.settings.options?.[key];
  return value === undefined ? r?.values[0] : value;
}

function persist() {
  if (app.store) {
    app.store.settings = app.settings;
    heed(storage.save(app.store));
  }
}

// ---- small DOM helpers ------------------------------------------------------------------------

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "html") el.innerHTML = value; // only for SVG drawn by deck.js
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves at the next click or key press anywhere (a finished trick stays until then). */
function nextClick() {
  return new Promise((resolve) => {
    const done = () => {
      document.removeEventListener("click", done, true);
      document.removeEventListener("keydown", done, true);
      resolve();
    };
    document.addEventListener("click", done, true);
    document.addEventListener("keydown", done, true);
  });
}

// ---- names ------------------------------------------------------------------------------------

function seatPosition(seat) {
  // The human sits at the bottom; play goes clockwise, so the next seat sits on the left.
  const d = (seat - app.humanSeat + 3) % 3;
  return ["bottom", "left", "right"][d];
}

/** The seats in the score sheet's order of its columns: the person, left, right. */
function seatsInSheetOrder() {
  return [0, 1, 2].map((d) => (app.humanSeat + d) % 3);
}

function playerName(seat) {
  return t("player." + seatPosition(seat));
}

function roleName(seat) {
  return t("seat." + ["forehand", "middlehand", "rearhand"][seat]);
}

function naming() {
  return namingDeck(app.settings.deck) === "german" ? "german." : "";
}

function suitName(suit) {
  return suit === "T" ? t("suit.name.T") : t("suit.name." + naming() + suit);
}

function cardLabel(card) {
  return t("card.name", { rank: t("rank.name." + naming() + card[1]), suit: suitName(card[0]) });
}

function gameLabel(game) {
  if (["C", "S", "H", "D"].includes(game)) return t("game." + naming() + game);
  return t("game." + game);
}

function contractText(text) {
  const c = parseContract(text);
  if (!c) return text;
  const parts = [gameLabel(c.game)];
  if (c.ouvert) parts.push(t("option.ouvert"));
  if (c.hand) parts.push(t("option.hand"));
  if (c.schwarz && !c.ouvert) parts.push(t("option.schwarz"));
  else if (c.schneider && !c.ouvert) parts.push(t("option.schneider"));
  return parts.join(" ");
}

function gameNode(game) {
  if (["C", "S", "H", "D"].includes(game)) {
    return h("span", { class: "game-name" }, h("span", { html: suitIcon(game, app.settings.deck) }), gameLabel(game));
  }
  return h("span", { class: "game-name" }, gameLabel(game));
}

function actionLabel(token) {
  if (/^\d+$/.test(token)) return token;
  if (isContract(token)) return contractText(token);
  if (/^[CSHD][AKQJT987](\.[CSHD][AKQJT987])+$/.test(token)) {
    return list(token.split(".").map(cardLabel));
  }
  const key = "action." + token;
  const text = t(key);
  return text === key ? token : text;
}

// ---- the record of a call as a bubble ---------------------------------------------------------

function callText(token) {
  if (token === "push:p") return t("bubble.pushUnseen");
  if (token === "push:cards") return t("bubble.pushed");
  if (token === "??.??") return t("bubble.discarded");
  if (/^\d+$/.test(token)) return token;
  if (token === "y") return t("bubble.yes");
  if (token === "p") return t("bubble.pass");
  if (token === "s") return t("bubble.skat");
  if (isContract(token)) return contractText(token);
  return actionLabel(token);
}

// ---- cards ------------------------------------------------------------------------------------

function cardFace(card, extra = {}) {
  return h("span", {
    class: "card",
    "data-face": card,
    role: "img",
    "aria-label": cardLabel(card),
    html: cardSvg(card, rankLabels(namingDeck(app.settings.deck)), app.settings.deck),
    ...extra,
  });
}

function cardBack() {
  return h("span", { class: "card back", "aria-hidden": "true", html: cardBackSvg() });
}

/** `cards` sorted as the person sorts a hand (the settings) in the game of `view`. */
function sorted(cards, view = app.view) {
  return sortHand(cards ?? [], view?.card_order ?? null, app.settings.sort);
}

function disabledReason(card) {
  const v = app.view;
  if (app.busy || app.animating) return t("reason.wait");
  if (v.phase === "discard") return "";
  if (v.phase === "schieben" && v.to_act === app.humanSeat && card[1] === "J" && (v.legal ?? []).some((a) => a.includes("."))) {
    return t("reason.noJackPush");
  }
  if (v.phase !== "play") return t("reason.notNow");
  if (v.to_act !== app.humanSeat) return t("reason.notYourTurn");
  const led = (v.trick ?? [])[0];
  if (led) {
    if (isTrump(led.card, v.card_order)) return t("reason.followTrump");
    return t("reason.followSuit", { suit: suitName(suitOf(led.card)) });
  }
  return t("reason.notNow");
}

// ---- rendering ---------------------------------------------------------------------------------

/** A key naming a focusable control, so focus survives a render (keyboard play). */
function focusKeyOf(el) {
  if (!el || el === document.body) return null;
  for (const attr of ["data-card", "data-action", "data-ui", "data-game", "data-option", "data-row", "data-setting"]) {
    const value = el.getAttribute?.(attr);
    if (value !== null && value !== undefined) return `[${attr}="${CSS.escape(value)}"]`;
  }
  return null;
}

function render() {
  const root = document.getElementById("app");
  const v = app.view;
  const focused = app.focusKey ?? focusKeyOf(document.activeElement);
  const wasInHand = document.activeElement?.closest?.(".hand") !== null && document.activeElement?.closest?.(".hand") !== undefined;
  app.focusKey = null;
  document.documentElement.lang = t("lang.tag");
  document.title = t("app.title");
  let body;
  if (v) body = table(v);
  else if (app.error) body = h("div", { class: "table loading" }, errorBanner(), h("button", { class: "btn primary", "data-ui": "retry", onclick: () => location.reload() }, t("button.retry")));
  else body = h("main", { class: "table loading" }, spinner(t("status.loading")));
  // A notice shows under the top bar, or inside the open panel (which would cover it).
  root.replaceChildren(topBar(), app.notice && !app.panel ? noticeBanner() : "", body, ...overlays());
  restoreFocus(focused, wasInHand);
  keepBackForLayers();
}

function restoreFocus(key, wasInHand) {
  let el = key ? document.querySelector(key) : null;
  if (el && (el.disabled || el.closest("[inert]"))) el = null;
  if (!el && wasInHand) el = document.querySelector(".hand [data-card]:not([disabled])");
  if (!el && wasInHand) el = document.querySelector(".controls button:not([disabled])");
  if (el) el.focus({ preventScroll: true });
}

function overlays() {
  const out = [];
  if (app.panel === "sheet") out.push(sheetPanel());
  if (app.panel === "settings") out.push(settingsPanel());
  if (app.panel === "help") out.push(helpPanel());
  if (app.reviewing) out.push(reviewPanel());
  if (app.confirming) out.push(confirmPanel());
  return out;
}

function spinner(text) {
  return h("span", { class: "spinner-wrap", role: "status" }, h("span", { class: "spinner" }), h("span", { class: "spinner-text" }, text));
}

function topBar() {
  const v = app.view;
  const number = h("input", {
    class: "deal-number",
    "data-deal-number": true,
    autocomplete: "off",
    spellcheck: "false",
    "aria-label": t("deal.number"),
    title: t("deal.numberHint"),
    // the number as it is passed on: with the seat when it is not the plain number's (12255238-2)
    value: app.typedNumber ?? v?.seated_number ?? v?.deal_number ?? "",
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
    LANGUAGES.map((code) => h("option", { value: code, selected: code === app.settings.lang }, t("language." + code))),
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
    app.busy ? spinner(t("status.thinking")) : null,
    h(
      "nav",
      { class: "menu", "aria-label": t("menu.label") },
      menuButton("sheet", t("menu.sheet")),
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
      class: "btn small" + (app.panel === panel ? " selected" : ""),
      "data-ui": "open-" + panel,
      "aria-expanded": String(app.panel === panel),
      onclick: () => openPanel(app.panel === panel ? null : panel),
    },
    label,
  );
}

function openPanel(panel) {
  app.panel = panel;
  app.focusKey = panel ? `[data-ui="close-panel"]` : null;
  render();
}

function gameInfo() {
  const v = app.view;
  if (!v) return h("span", { class: "game-info" });
  const items = [];
  if (v.declarer !== null && v.declarer !== undefined && v.contract) {
    const c = parseContract(v.contract);
    items.push(
      h(
        "span",
        // the full text stays at hand when a narrow header cuts it short
        { class: "info-game", "data-contract": v.contract, title: `${contractText(v.contract)} · ${t("info.declarer", { name: playerName(v.declarer) })}` },
        h("span", { class: "info-label" }, t("info.game")),
        gameNode(c.game),
        c.ouvert || c.hand || c.schneider ? " " + contractText(v.contract).split(" ").slice(1).join(" ") : "",
        " · ",
        t("info.declarer", { name: playerName(v.declarer) }),
      ),
    );
  } else if (v.declarer !== null && v.declarer !== undefined) {
    items.push(h("span", { class: "info-game" }, t("info.declarer", { name: playerName(v.declarer) })));
  } else if (v.phase === "schieben" || v.contract === "R") {
    // all passed: say which game is played, as for a declarer's game
    const pushing = recordOptions(app.record ?? "").all_pass === "schieberamsch";
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
  return h("span", { class: "game-info" }, items);
}

function table(v) {
  // After the discard is chosen the browser holds it until the game is declared (discard and
  // declaration go to the server together), so the table is then in the declare phase.
  const phase = app.animating ? app.shownPhase : app.declaring?.discard ? "declare" : v.phase;
  const toAct = app.animating ? app.shownToAct : v.to_act;
  const root = h(
    "main",
    {
      class: "table",
      id: "table",
      "data-phase": phase,
      "data-to-act": toAct === null || toAct === undefined ? "" : String(toAct),
      "data-human": String(app.humanSeat),
      "data-busy": app.busy || app.animating ? "1" : "0",
    },
    seatArea(1),
    seatArea(2),
    centre(v),
    humanArea(v),
  );
  if (app.error) root.append(errorBanner());
  if (v.phase === "result" && !app.animating && v.result) root.append(resultPanel(v));
  if (app.showLastTrick && v.last_trick) root.append(lastTrickPanel(v));
  if (app.showCalls && v.phase !== "result") root.append(callsPanel(v));
  return root;
}

function errorBanner() {
  return h(
    "div",
    { class: "error-banner", role: "alert" },
    h("span", {}, t("error." + app.error.code, { message: app.error.message }, t("error.generic", { message: app.error.message || app.error.code }))),
    h("button", { class: "btn small", onclick: () => { app.error = null; render(); } }, t("button.close")),
  );
}

function isFresh(stamp) {
  return stamp !== undefined && performance.now() - stamp < 200;
}

/**
 * The token an event's bubble keeps: a Schieberamsch move (kind "push": the skat passed on
 * unseen, or two cards pushed on) is told apart from an auction's pass and a declarer's discard,
 * which share its record tokens.
 */
function bubbleToken(ev) {
  if (ev.kind === "push") return ev.action === "p" ? "push:p" : "push:cards";
  // a discard is not said aloud: the person's own, too, shows as "puts two cards away"
  if (ev.kind === "discard") return "??.??";
  return ev.action;
}

/**
 * After a reload (or a waiting deal taken up again) no event says what was called: each seat's
 * last call of the auction is shown again, without the pop, while the auction's bubbles still
 * matter (until the first trick is taken).
 */
function bubblesFromCalls(view) {
  const declarer = view?.declarer ?? null;
  // in play the calls stay up through the first trick (as without the reload)
  const firstTrick = view?.phase === "play" && !view.last_trick;
  if (!["bidding", "skat", "discard", "declare", "kontra", "schieben"].includes(view?.phase) && !firstTrick) return;
  for (const call of view.calls ?? []) app.bubbles[call.seat] = call.action;
  // the declarer's last word: the game once declared, else taking the skat (only the person
  // sees a pick-up); then what was said after the auction (Kontra and its answers, a
  // Schieberamsch's pick-ups and pushes), each over the seat's earlier word
  if (declarer !== null && view.contract) app.bubbles[declarer] = view.contract;
  else if (declarer !== null && (view.picked_up ?? []).length) app.bubbles[declarer] = "s";
  for (const ev of view.later_calls ?? []) app.bubbles[ev.seat] = bubbleToken(ev);
}

/** Shows a call at its seat; the token is kept, so the bubble follows a change of language. */
function setBubble(seat, token) {
  app.bubbles[seat] = token;
  app.bubbleTimes[seat] = performance.now();
}

function seatPlate(seat) {
  const v = app.view;
  const toAct = app.animating ? app.shownToAct : v.to_act;
  const badges = [h("span", { class: "role" }, roleName(seat))];
  if (seat === 2) badges.push(h("span", { class: "badge dealer", title: t("seat.dealerHint") }, t("seat.dealer")));
  if (v.declarer === seat && v.contract) badges.push(h("span", { class: "badge declarer" }, t("seat.declarer")));
  const tricks = (v.tricks ?? [0, 0, 0])[seat];
  return h(
    "div",
    { class: "plate" + (toAct === seat ? " to-act" : ""), "data-seat": seat },
    h("span", { class: "name" }, playerName(seat)),
    badges,
    v.phase === "play" || v.phase === "result" ? h("span", { class: "tricks", title: t("seat.tricksHint") }, t("seat.tricks", { n: tricks })) : null,
    app.busy && toAct === seat && seat !== app.humanSeat ? h("span", { class: "spinner small" }) : null,
    app.bubbles[seat]
      ? h("span", { class: "bubble" + (isFresh(app.bubbleTimes[seat]) ? " pop" : ""), "data-bubble": seat }, callText(app.bubbles[seat]))
      : null,
  );
}

function seatArea(offset) {
  const v = app.view;
  const seat = (app.humanSeat + offset) % 3;
  const count = (v.hand_sizes ?? [10, 10, 10])[seat];
  const open = v.open_hand && v.open_hand.seat === seat ? v.open_hand.cards : null;
  let cards;
  if (open) {
    cards = h("div", { class: "opponent-cards open", role: "group", "aria-label": t("seat.openHand") }, sorted(open).map((c) => cardFace(c, { title: cardLabel(c) })));
  } else {
    const backs = [];
    for (let i = 0; i < count; i++) backs.push(cardBack());
    cards = h("div", { class: "opponent-cards" }, backs);
  }
  return h("section", { class: "seat seat-" + seatPosition(seat), "data-seat": seat }, seatPlate(seat), cards);
}

function centre(v) {
  const trick = app.animating ? app.displayTrick ?? [] : v.trick ?? [];
  const slots = trick.map(({ seat, card }) =>
    h(
      "div",
      {
        class:
          "trick-card pos-" +
          seatPosition(seat) +
          (card === app.freshCard && app.animating ? " fresh" : "") +
          (app.trickTaken !== undefined && app.trickTaken !== null ? " taken-" + seatPosition(app.trickTaken) : ""),
        "data-trick-card": card,
      },
      cardFace(card, { title: cardLabel(card) }),
    ),
  );
  const children = [h("div", { class: "trick" }, slots)];
  if (app.waitingClick) children.push(h("p", { class: "hint", "data-ui": "continue" }, t("table.clickToContinue")));
  if (v.skat_shown && v.skat_shown.length) {
    children.push(h("div", { class: "skat-shown" }, h("span", { class: "label" }, t("table.skat")), v.skat_shown.map((c) => cardFace(c))));
  } else if (["bidding", "skat"].includes(v.phase) || (v.phase === "declare" && !v.picked_up)) {
    children.push(h("div", { class: "skat-pile", role: "img", "aria-label": t("table.skat") }, cardBack(), cardBack()));
  }
  if (v.last_trick && v.phase === "play") {
    children.push(
      h("button", { class: "btn small last-trick-btn", "data-ui": "last-trick", onclick: () => { app.showLastTrick = true; render(); } }, t("table.lastTrick")),
    );
  }
  // the whole auction, not only each seat's last call in its bubble (the review has it too)
  if (v.phase !== "result" && allCalls(v).length) {
    children.push(
      h(
        "button",
        { class: "btn small calls-btn", "data-ui": "show-calls", "aria-haspopup": "dialog", onclick: () => { app.showCalls = true; app.focusKey = `[data-ui="close-calls"]`; render(); } },
        t("calls.title"),
      ),
    );
  }
  return h("section", { class: "centre" }, children);
}

function humanArea(v) {
  const seat = app.humanSeat;
  const legal = new Set(app.busy || app.animating ? [] : v.legal ?? []);
  const cards = sorted(v.hand);
  const discardPhase = v.phase === "discard" && v.to_act === seat && !app.busy && !app.animating;
  // Schieberamsch: after taking the skat, two cards (no jacks) are pushed on.
  const pushable = new Set(
    v.phase === "schieben" && v.to_act === seat && !app.busy && !app.animating
      ? (v.legal ?? []).filter((a) => a.includes(".")).flatMap((a) => a.split("."))
      : [],
  );
  const buttons = cards.map((card) => {
    const playable = v.phase === "play" && legal.has(card);
    const selectable = (discardPhase && !app.declaring) || pushable.has(card);
    const enabled = playable || selectable;
    const picked = app.discard.includes(card);
    const reason = enabled ? null : disabledReason(card);
    return h(
      "button",
      {
        class:
          "card-btn" +
          (picked ? " picked" : "") +
          ((discardPhase || pushable.size) && (v.picked_up ?? []).includes(card) ? " from-skat" : "") +
          (pushable.size && !pushable.has(card) ? " unpushable" : ""),
        "data-card": card,
        disabled: !enabled,
        "aria-pressed": selectable ? String(picked) : null,
        title: reason ? cardLabel(card) + " — " + reason : cardLabel(card),
        onclick: () => (selectable ? toggleDiscard(card) : playCard(card)),
      },
      // The name comes from the (visually hidden) text: it then holds what the face shows.
      h("span", { class: "sr-only" }, cardLabel(card)),
      cardFace(card, { role: null, "aria-label": null, "aria-hidden": "true" }),
      reason ? h("span", { class: "reason", "aria-hidden": "true" }, reason) : null,
    );
  });
  return h(
    "section",
    { class: "seat seat-bottom human", "data-seat": seat },
    h("div", { class: "controls", "aria-live": "polite" }, controls(v)),
    seatPlate(seat),
    h("div", { class: "hand", style: `--n:${cards.length}` }, buttons),
  );
}

// ---- the controls of each phase ---------------------------------------------------------------

function actionButton(token, label, extra = {}) {
  // conceding throws the game away: asked once more, a slip of the mouse must not cost it
  const go = token === "RE" ? () => ask(t("concede.ask"), actionLabel(token), () => send([token])) : () => send([token]);
  return h("button", { class: "btn " + (extra.class ?? ""), "data-action": token, onclick: go }, label ?? actionLabel(token));
}

function controls(v) {
  if (app.busy || app.animating || v.to_act !== app.humanSeat || v.phase === "result") {
    if (v.phase !== "result" && v.to_act !== null && v.to_act !== undefined && v.to_act !== app.humanSeat) {
      return [h("p", { class: "hint" }, t("status.waitingFor", { name: playerName(v.to_act) }))];
    }
    return [];
  }
  if (app.declaring) return [declareDialog(v)];
  const legal = v.legal ?? [];
  const handled = new Set();
  const out = [];
  if (v.phase === "bidding") {
    const bids = legal.filter((a) => /^\d+$/.test(a)).map(Number).sort((a, b) => a - b);
    if (bids.length) {
      const next = String(bids[0]);
      handled.add(next);
      out.push(actionButton(next, t("bid.say", { value: next }), { class: "primary" }));
      if (bids.length > 1) {
        const select = h(
          "select",
          { class: "jump", "data-ui": "jump", "aria-label": t("bid.jump") },
          h("option", { value: "" }, t("bid.jump")),
          bids.slice(1).map((b) => h("option", { value: String(b) }, String(b))),
        );
        const go = h("button", { class: "btn", "data-ui": "jump-go", onclick: () => { if (select.value) send([select.value]); } }, t("bid.jumpGo"));
        select.addEventListener("change", () => {
          go.setAttribute("data-action", select.value);
        });
        out.push(h("span", { class: "jump-wrap" }, select, go));
      }
      bids.forEach((b) => handled.add(String(b)));
    }
    if (legal.includes("y")) {
      handled.add("y");
      out.push(actionButton("y", t("bid.hold", { value: v.bid }), { class: "primary" }));
    }
    if (legal.includes("p")) {
      handled.add("p");
      out.push(actionButton("p", t("bid.pass")));
    }
    out.unshift(h("p", { class: "hint" }, bidHint(v)));
  } else if (v.phase === "skat") {
    if (legal.includes("s")) {
      handled.add("s");
      out.push(actionButton("s", t("skat.pickUp"), { class: "primary" }));
    }
    const hands = legal.filter(isContract);
    hands.forEach((a) => handled.add(a));
    if (hands.length) {
      out.push(h("button", { class: "btn", "data-ui": "hand", onclick: () => openDeclare(true, null) }, t("skat.hand")));
    }
    out.unshift(h("p", { class: "hint" }, t("skat.hint", { value: v.bid })));
  } else if (v.phase === "discard") {
    legal.forEach((a) => handled.add(a));
    const ready = app.discard.length === 2;
    out.push(h("p", { class: "hint" }, t("discard.hint")));
    out.push(
      h(
        "button",
        {
          class: "btn primary",
          "data-action": "discard",
          disabled: !ready,
          onclick: () => {
            if (app.discard.length === 2) openDeclare(false, app.discard.slice());
          },
        },
        t("discard.confirm"),
      ),
    );
  } else if (v.phase === "declare") {
    const contracts = legal.filter(isContract);
    contracts.forEach((a) => handled.add(a));
    if (contracts.length) {
      out.push(h("button", { class: "btn primary", "data-ui": "declare-open", onclick: () => openDeclare(!v.picked_up, null) }, t("declare.open")));
    }
  } else if (v.phase === "schieben" && !legal.some((a) => a.includes("."))) {
    out.push(h("p", { class: "hint" }, t("schieben.choose")));
    if (legal.includes("s")) out.push(actionButton("s", t("schieben.take"), { class: "primary" }));
    if (legal.includes("p")) out.push(actionButton("p", t("schieben.pass")));
    legal.forEach((a) => handled.add(a));
  } else if (v.phase === "kontra") {
    // Supra is named only where the deal's rules let a defender answer a Re with it
    out.push(h("p", { class: "hint" }, t(v.options?.supra ? "kontra.hintSupra" : "kontra.hint")));
  } else if (v.phase === "schieben" && legal.some((a) => a.includes("."))) {
    legal.forEach((a) => handled.add(a));
    const pair = app.discard.length === 2 ? pairToken(app.discard, legal) : null;
    out.push(h("p", { class: "hint" }, t("schieben.hint")));
    out.push(
      h(
        "button",
        {
          class: "btn primary",
          "data-action": "push",
          disabled: !pair,
          onclick: () => {
            if (pair) {
              app.discard = [];
              send([pair]);
            }
          },
        },
        t("schieben.push"),
      ),
    );
  } else if (v.phase === "play") {
    legal.filter((a) => /^[CSHD][AKQJT987]$/.test(a)).forEach((a) => handled.add(a));
    out.push(h("p", { class: "hint" }, t("play.hint")));
  }
  for (const token of legal) {
    if (!handled.has(token)) out.push(actionButton(token));
  }
  return out;
}

function pairToken(cards, legal) {
  const a = cards.join(".");
  const b = cards.slice().reverse().join(".");
  return legal.includes(a) ? a : legal.includes(b) ? b : null;
}

function bidHint(v) {
  if ((v.legal ?? []).includes("y")) return t("bid.hintAnswer", { value: v.bid });
  if (v.bid) return t("bid.hintBid", { value: v.bid });
  return t("bid.hintFirst");
}

// ---- discard and declaration -------------------------------------------------------------------

function playCard(card) {
  send([card]);
}

function toggleDiscard(card) {
  const i = app.discard.indexOf(card);
  if (i >= 0) app.discard.splice(i, 1);
  else if (app.discard.length < 2) app.discard.push(card);
  else app.discard = [app.discard[1], card];
  // kept with the deal, so that a reload before the declaration shows the same cards chosen
  if (app.store.current) {
    app.store.current.discard = app.discard.slice();
    persist();
  }
  render();
}

/**
 * The contracts the dialog offers, each with the server's figures (view.declarations: in the
 * skat phase the Hand games, after a pick-up those after it; with a discard chosen, those legal
 * after the discard, which the server sends ahead).
 */
function declarable() {
  return app.view?.declarations ?? [];
}

/** The games of `entries` in the server's order (♣ ♠ ♥ ♦, Grand, Spitze, Null). */
function gamesOf(entries) {
  return [...new Set(entries.map((d) => d.game))];
}

/**
 * The contract the declaration dialog opens with, so that one quick click neither declares a suit
 * the person has just put away nor a game lost as overbid (ISkO 5.4): of the games with trumps
 * whose plain contract reaches the bid (the server's `reach`), the one in which the `kept` cards
 * hold the most trumps (ties: the server's order, suits first); when none reaches, the one of the
 * most trumps (the dialog then warns); without any game with trumps, the first contract offered.
 */
function openingEntry(entries, kept) {
  const plain = gamesOf(entries).map((g) => entries.find((d) => d.game === g));
  const trumped = plain.filter((d) => Array.isArray(d.trumps));
  const reaching = trumped.filter((d) => d.reach === "bid");
  const held = (d) => d.trumps.filter((card) => kept.includes(card)).length;
  let best = null;
  for (const d of reaching.length ? reaching : trumped) if (!best || held(d) > held(best)) best = d;
  return best ?? entries[0] ?? null;
}

function openDeclare(hand, discard) {
  app.declaring = { hand, discard };
  const kept = (app.view?.hand ?? []).filter((card) => !(discard ?? []).includes(card));
  app.dialog = openingEntry(declarable(), kept);
  // Keyboard play: the focus goes to the confirm (Enter plays the game shown); Shift+Tab reaches
  // the switches and the games.
  app.focusKey = `[data-action="declare"]`;
  render();
}

const fewestFirst = (a, b) => a.announced.length - b.announced.length;

/** The contract of `game` with the announcements of `entry`, else its fewest announcements. */
function sameAnnouncements(entries, entry, game) {
  const same = entries.filter((d) => d.game === game).sort(fewestFirst);
  const key = (d) => d.announced.join(" ");
  return same.find((d) => entry && key(d) === key(entry)) ?? same[0] ?? null;
}

/**
 * The contract the switch `option` leads to from `entry`, among the server's: switched on, the
 * one of the same game with the fewest announcements that has the option and all of the entry's
 * (ouvert brings Schneider and Schwarz along); switched off, the one with the most of the others
 * that lacks it (Schneider off also takes Schwarz and ouvert). Null when there is none.
 */
function toggledEntry(entries, entry, option) {
  const same = entries.filter((d) => d.game === entry.game).sort(fewestFirst);
  if (!entry.announced.includes(option)) {
    const want = [...entry.announced, option];
    return same.find((d) => want.every((a) => d.announced.includes(a))) ?? null;
  }
  const keep = entry.announced.filter((a) => a !== option);
  const fits = same.filter((d) => !d.announced.includes(option) && d.announced.every((a) => keep.includes(a)));
  return fits.at(-1) ?? null;
}

/**
 * The declaration dialog's warning when the contract `d` is worth less than the bid without
 * further levels (ISkO 5.4: lost as overbid unless the levels reached lift it), or null: which
 * level reaches the bid — Schneider made, in a Hand game Schneider announced, Schwarz made,
 * Schwarz announced — or that none does, as the server's `reach` says. In a Hand game the
 * skat counts for the matadors unseen: the figures are the hand's alone, and the warning says so.
 */
function overbidWarning(d, bid) {
  if (!d || d.reach === "bid") return null;
  const params = { value: d.value, bid };
  let text;
  if (d.reach === "schneider") text = t("declare.needMore", params);
  else if (d.reach === "schwarz") text = t("declare.needSchwarz", params);
  else if (d.reach === "announce_schneider" || d.reach === "announce_schwarz") {
    const level = t("option." + d.reach.slice("announce_".length));
    text = t("declare.announce", { ...params, level, announced: d.announced_value });
  } else text = t("declare.cannotReach", { value: d.schwarz_value, bid });
  return d.announced.includes("hand") ? `${text} ${t("declare.skatUnseen")}` : text;
}

/** What the chosen contract is worth, as the server counts it: "with 2 · game value 36". */
function worthText(d) {
  const parts = [];
  if (d.matadors) parts.push(t(d.matadors > 0 ? "step.matadors_with" : "step.matadors_without", { value: Math.abs(d.matadors) }));
  parts.push(t("declare.worth", { value: d.value }));
  return parts.join(" · ");
}

function declareDialog(v) {
  const entries = declarable();
  const d = entries.includes(app.dialog) ? app.dialog : entries.find((e) => e.contract === app.dialog?.contract) ?? null;
  const gameButtons = gamesOf(entries).map((g) =>
    h(
      "button",
      {
        class: "game-btn" + (d?.game === g ? " selected" : ""),
        "data-game": g,
        "aria-pressed": String(d?.game === g),
        onclick: () => {
          app.dialog = sameAnnouncements(entries, d, g);
          render();
        },
      },
      gameNode(g),
    ),
  );
  const switches = ANNOUNCEMENTS.map((o) => {
    const next = d ? toggledEntry(entries, d, o) : null;
    // a switch that would not change the contract (Schneider in a Null) is not offered
    const allowed = Boolean(next && next !== d);
    return h(
      "label",
      { class: "switch" + (allowed ? "" : " disabled") },
      h("input", {
        type: "checkbox",
        "data-option": o,
        checked: Boolean(d?.announced.includes(o)),
        disabled: !allowed,
        onchange: () => {
          app.dialog = next ?? d;
          render();
        },
      }),
      h("span", {}, t("option." + o)),
    );
  });
  const chosen = d ? d.contract : null;
  const warning = overbidWarning(d, v.bid);
  const body = [
    h("h2", {}, t("declare.title")),
    app.declaring.discard
      ? h("p", { class: "hint" }, t("declare.discarded", { cards: list(app.declaring.discard.map(cardLabel)) }))
      : null,
    h("div", { class: "games", role: "group", "aria-label": t("declare.game"), style: `--games:${gameButtons.length}` }, gameButtons),
    h("div", { class: "switches", role: "group", "aria-label": t("declare.options") }, switches),
    d
      ? h(
          "p",
          { class: "chosen", "data-value": String(d.value) },
          t("declare.chosen", { game: contractText(chosen) }),
          h("span", { class: "worth" }, " · " + worthText(d)),
        )
      : null,
    warning ? h("p", { class: "warning", role: "alert", "data-warning": true }, warning) : null,
    h(
      "div",
      { class: "dialog-buttons" },
      h(
        "button",
        {
          class: "btn",
          "data-ui": "declare-back",
          onclick: () => {
            app.declaring = null;
            render();
          },
        },
        app.declaring.discard ? t("declare.changeDiscard") : t("button.back"),
      ),
      h(
        "button",
        {
          class: "btn primary",
          "data-action": "declare",
          "data-contract": chosen ?? "",
          disabled: !chosen,
          onclick: () => {
            // A click that lands before the table is drawn again finds the dialog closed.
            if (!app.declaring) return;
            const actions = app.declaring.discard ? [app.declaring.discard.join("."), chosen] : [chosen];
            app.declaring = null;
            app.discard = [];
            send(actions);
          },
        },
        t("declare.confirm"),
      ),
    ),
  ];
  return h("div", { class: "dialog declare-dialog", role: "dialog", "aria-label": t("declare.title") }, body);
}

// ---- result and review --------------------------------------------------------------------------

const LEVEL_CODES = new Set([
  "game",
  "hand",
  "schneider",
  "schneider_announced",
  "schwarz",
  "schwarz_announced",
  "ouvert",
]);

/** A score with its sign (+98, −146), written as the score sheet writes it in this language. */
function signed(value) {
  return formatNumber(value, 0, true);
}

function stepText(step) {
  const params = { value: step.value, signed: signed(step.value) };
  if (step.seat !== undefined && step.seat !== null) params.name = playerName(step.seat);
  // a push names its seat when the result says it (older results do not)
  const key = "step." + step.code + (step.code === "schieben" && params.name ? "_by" : "");
  const plain = t(key, params, `${step.code}: ${step.value}`);
  // "for you", "you have" are not the name "You" in every language (für dich, du hast)
  const own = params.name && seatPosition(step.seat) === "bottom";
  return own ? t(key + "_you", params, plain) : plain;
}

/**
 * The explanation spelled out: the value line ("with 2, game 3, hand 4 × 10 = 40"), then one line
 * for each later step (overbid, won or lost, Kontra, score), from the scoring module's steps.
 */
function explanationLines(r) {
  const steps = r.steps ?? [];
  const lines = [];
  const levels = [];
  let base = null;
  let value = null;
  for (const step of steps) {
    if (step.code === "matadors_with" || step.code === "matadors_without" || LEVEL_CODES.has(step.code)) {
      levels.push(stepText(step));
    } else if (step.code === "base_value") {
      base = step.value;
    } else if (step.code === "multiplier" || step.code === "score") {
      continue;
    } else if (step.code === "game_value" && value === null) {
      value = step.value;
      if (levels.length && base !== null) {
        lines.push({ cls: "calc", text: t("calc.value", { levels: list(levels), base, value }) });
      } else if (r.kind === "game" && parseContract(r.contract)?.game === "N") {
        lines.push({ cls: "calc", text: t("calc.null", { game: contractText(r.contract), value }) });
      }
    } else if (step.code === "null_value") {
      continue;
    } else if (step.code === "overbid") {
      lines.push({ cls: "overbid", text: t("calc.overbid", { value, bid: step.value }) });
    } else if (step.code === "raised_value") {
      lines.push({ cls: "overbid", text: t("calc.raised", { value: step.value, base }) });
    } else {
      lines.push({ cls: step.code, text: stepText(step) });
    }
  }
  return lines;
}

/** The headline of a result as seen by the person: {text, good}. */
function resultHeadline(r) {
  let headline;
  let good = false;
  if (r.passed) headline = t("result.passed");
  else if (r.kind === "ramsch") {
    good = !(r.losers ?? []).includes(app.humanSeat);
    // a Durchmarsch (every trick, where the rules count it) is a win, not just escaping the loss
    const march = (r.steps ?? []).some((s) => s.code === "durchmarsch");
    if (march && r.durchmarsch === app.humanSeat) headline = t("result.durchmarschYou");
    else if (march) headline = t("result.durchmarsch", { name: playerName(r.durchmarsch) });
    else headline = good ? t("result.ramschWon") : t("result.ramschLost");
  } else if (r.declarer === app.humanSeat) {
    headline = r.won ? t("result.youWon") : t("result.youLost");
    good = r.won;
  } else {
    headline = r.won
      ? t("result.declarerWon", { name: playerName(r.declarer) })
      : t("result.declarerLost", { name: playerName(r.declarer) });
    good = !r.won;
  }
  return { text: headline, good };
}

function resultBody(v) {
  const r = v.result;
  const lines = [];
  if (r.kind === "game") {
    lines.push(
      h(
        "p",
        { class: "game-line" },
        t(r.declarer === app.humanSeat ? "result.gameYou" : "result.game", {
          name: playerName(r.declarer),
          game: contractText(r.contract),
          bid: r.bid,
        }),
      ),
      // A game conceded before the declarer took a trick (in the first trick) is shown without
      // card points: the skat's for the declarer and the rest for the defenders would read as a
      // Schneider. A declarer who left later keeps his card points and the remark.
      h(
        "p",
        { class: "points-line" },
        r.conceded && !r.declarer_tricks
          ? t("result.conceded")
          : [
              t(parseContract(r.contract)?.game === "N" ? "result.nullTricks" : "result.points", {
                declarer: r.declarer_points,
                defenders: r.defender_points,
                tricks: r.declarer_tricks,
              }),
              r.conceded ? " " + t("result.conceded") : "",
            ],
      ),
    );
  }
  if (r.kind === "ramsch") {
    lines.push(
      h("p", { class: "points-line" }, seatsInSheetOrder().map((s) => t("result.ramschPoints", { name: playerName(s), points: r.points[s] })).join(" · ")),
    );
  }
  const explanation = explanationLines(r);
  if (explanation.length) {
    lines.push(h("ul", { class: "explanation" }, explanation.map((l) => h("li", { class: l.cls }, l.text))));
  }
  if (!r.passed && r.list_scores) {
    const key = (r.score_list ?? "simple") === "seeger_fabian" ? "result.listSeegerFabian" : "result.listSimple";
    lines.push(
      h(
        "p",
        { class: "score-line" },
        h("span", {}, t(key)),
        " ",
        seatsInSheetOrder().map((s) =>
          h("span", { class: "list-score", "data-list-seat": s }, playerName(s), " ", h("strong", {}, signed(r.list_scores[s]))),
        ),
      ),
    );
  }
  const { text, good } = resultHeadline(r);
  return [h("h2", { class: r.passed ? "" : good ? "won" : "lost" }, text), lines, v.review ? review(v) : null];
}

function seriesLine() {
  const series = app.store?.series;
  if (app.practice) return h("p", { class: "series-line" }, t("series.practice"));
  if (!series) return null;
  const { totals } = sheet.tally(series);
  const parts = [0, 1, 2].map((p) => `${playerLabel(p)} ${formatNumber(totals.points[p], 0)}`).join(" · ");
  const progress = series.length
    ? t("sheet.progress", { n: formatNumber(series.deals.length), of: formatNumber(series.length) })
    : tn("sheet.progressOpen", series.deals.length);
  return h(
    "p",
    { class: "series-line" },
    progress,
    " — ",
    parts,
    sheet.isComplete(series) ? h("strong", { class: "series-done" }, " " + t("sheet.complete")) : null,
  );
}

function resultPanel(v) {
  const r = v.result;
  const options = recordOptions(app.record ?? "");
  return h(
    "div",
    { class: "overlay" },
    h(
      "section",
      {
        class: "dialog result-panel",
        role: "dialog",
        tabindex: "-1",
        "aria-label": t("result.title"),
        "data-result": v.iss_result ?? "",
        "data-record": app.record ?? "",
      },
      resultBody(v),
      seriesLine(),
      h(
        "div",
        { class: "dialog-buttons" },
        h("button", { class: "btn", "data-ui": "show-sheet", onclick: () => openPanel("sheet") }, t("menu.sheet")),
        r.passed ? null : h("button", { class: "btn", "data-ui": "replay", onclick: () => startDeal(v.deal_number, { humanSeat: app.humanSeat, options }) }, t("result.replay")),
        h("button", { class: "btn primary", "data-ui": "next", onclick: () => startDeal(null) }, t("result.next")),
      ),
    ),
  );
}

function winnerText(trick) {
  if (trick.winner === app.humanSeat) return t("review.winnerYou", { points: trick.points });
  return t("review.winner", { name: playerName(trick.winner), points: trick.points });
}

/** A card with the name of the player who played it under it (a trick, in the review too). */
function namedCard(seat, card, winner) {
  return h(
    "span",
    { class: "mini-card" + (seat === winner ? " winner" : ""), "data-seat": String(seat), "data-played": card },
    cardFace(card, { title: cardLabel(card) }),
    h("span", { class: "mini-name" }, playerName(seat)),
  );
}

function review(v) {
  const rv = v.review;
  const seatRow = (seat) =>
    h(
      "div",
      { class: "review-hand" },
      h("span", { class: "review-name" }, playerName(seat), " · ", roleName(seat)),
      h("span", { class: "mini-cards" }, sorted(rv.hands[seat], v).map((c) => cardFace(c, { title: cardLabel(c) }))),
    );
  const tricks = (rv.tricks ?? []).map((tr, i) =>
    h(
      "li",
      { class: "review-trick", "data-review-trick": String(i) },
      h("span", { class: "trick-no" }, String(i + 1)),
      h("span", { class: "mini-cards" }, tr.cards.map(({ seat, card }) => namedCard(seat, card, tr.winner))),
      h("span", { class: "trick-winner" }, winnerText(tr)),
    ),
  );
  return h(
    "details",
    { class: "review", open: true },
    h("summary", {}, t("review.title")),
    [0, 1, 2].map(seatRow),
    h(
      "div",
      { class: "review-hand" },
      h("span", { class: "review-name" }, t("review.skat")),
      h("span", { class: "mini-cards" }, rv.skat.map((c) => cardFace(c, { title: cardLabel(c) }))),
      rv.discard && rv.discard.length ? h("span", { class: "review-name" }, t("review.discard")) : null,
      rv.discard && rv.discard.length ? h("span", { class: "mini-cards" }, rv.discard.map((c) => cardFace(c, { title: cardLabel(c) }))) : null,
      rv.final_skat && rv.final_skat.length ? h("span", { class: "review-name" }, t("review.finalSkat")) : null,
      rv.final_skat && rv.final_skat.length ? h("span", { class: "mini-cards", "data-review-final-skat": true }, rv.final_skat.map((c) => cardFace(c, { title: cardLabel(c) }))) : null,
    ),
    callsList(v) ? h("div", { class: "review-calls" }, h("h3", {}, t("calls.title")), callsList(v)) : null,
    h("ol", { class: "review-tricks" }, tricks),
  );
}

// ---- the bidding history ------------------------------------------------------------------------

/**
 * Every call of the deal in order, as [{seat, token}]: the auction's bids, holds and passes, the
 * declarer's game, then what was said before the first card (Kontra, Re, Supra and their answers;
 * in a Schieberamsch the pick-ups and pushes).
 */
function allCalls(v) {
  const out = (v.calls ?? []).map((c) => ({ seat: c.seat, token: c.action }));
  if (v.declarer !== null && v.declarer !== undefined && v.contract) out.push({ seat: v.declarer, token: v.contract });
  for (const ev of v.later_calls ?? []) out.push({ seat: ev.seat, token: bubbleToken(ev) });
  return out;
}

/** The calls as a list (`[data-calls]`, each `[data-call]`), or null when nobody has called. */
function callsList(v) {
  const calls = allCalls(v);
  if (!calls.length) return null;
  return h(
    "ol",
    { class: "calls", "data-calls": String(calls.length) },
    calls.map(({ seat, token }, i) =>
      h(
        "li",
        { "data-call": String(i), "data-seat": String(seat) },
        h("span", { class: "call-who" }, t("calls.who", { name: playerName(seat), role: roleName(seat) })),
        h("span", { class: "call-what" }, callText(token)),
      ),
    ),
  );
}

function callsPanel(v) {
  const close = () => {
    app.showCalls = false;
    render();
  };
  return h(
    "div",
    { class: "overlay", onclick: (e) => { if (e.target === e.currentTarget) close(); } },
    h(
      "section",
      { class: "dialog calls-panel", role: "dialog", "aria-labelledby": "calls-title" },
      h("h2", { id: "calls-title" }, t("calls.title")),
      callsList(v) ?? h("p", {}, t("calls.none")),
      h("div", { class: "dialog-buttons" }, h("button", { class: "btn", "data-ui": "close-calls", onclick: close }, t("button.close"))),
    ),
  );
}

function lastTrickPanel(v) {
  const lt = v.last_trick;
  return h(
    "div",
    { class: "overlay", onclick: () => { app.showLastTrick = false; render(); } },
    h(
      "section",
      { class: "dialog last-trick", role: "dialog", "aria-label": t("table.lastTrick") },
      h("h2", {}, t("table.lastTrick")),
      h("div", { class: "mini-cards" }, lt.cards.map(({ seat, card }) => h("span", { class: "mini-card" + (seat === lt.winner ? " winner" : "") }, cardFace(card), h("span", { class: "mini-name" }, playerName(seat))))),
      h("p", {}, winnerText(lt)),
      h("button", { class: "btn", onclick: () => { app.showLastTrick = false; render(); } }, t("button.close")),
    ),
  );
}

// ---- talking to the server ------------------------------------------------------------------------

/** The options of the next deal: the settings' rules, with the list kind of the series. */
function dealOptions(series) {
  const options = {};
  for (const r of RULES) {
    const value = rule(r.key);
    if (value !== r.values[0] || r.key === "score_list") options[r.key] = value;
  }
  if (series) options.score_list = series.list;
  return options;
}

/** Puts `series` among the finished ones (a deal of it not played out stays unplayed). */
function archive(series) {
  app.store.archive.push({ ...sheet.settled(series), closed: true });
}

/** The series the next deal belongs to: the current one, or a new one after a seat draw. */
async function seriesForNextDeal() {
  let series = app.store.series;
  if (series && !sheet.isComplete(series)) return series;
  const draw = await api.draw();
  if (series) archive(series);
  series = sheet.newSeries(app.settings.seriesLength ?? 0, rule("score_list"), draw);
  app.store.series = series;
  persist();
  if (!app.notice) app.notice = { say: () => drawText(series), kind: "draw" };
  announce(drawText(series));
  return series;
}

/** The largest deal number (2^64 − 1), said when a larger one is typed. */
const LARGEST_DEAL_NUMBER = 2n ** 64n - 1n;

/** Plays the deal number typed by the person: digits, or digits, "-" and a seat (12255238-2),
 * read by the server (skat.deal.parse_seated_number). A text that is none gets a message in the
 * person's language naming what is wrong and stays in the field to be corrected; the number of the
 * series deal that waits is not played as practice. */
async function playTyped(text) {
  if (app.busy || !mayAct()) return;
  const typed = String(text ?? "").trim();
  app.busy = true;
  app.error = null;
  render();
  let data;
  try {
    data = await api.newDeal(typed, dealOptions(app.store.series), null, playerLevel());
  } catch (err) {
    app.busy = false;
    if (err.code !== "bad_notation") {
      fail(err);
      return;
    }
    app.typedNumber = String(text ?? "");
    // said under the bar, where it covers neither the table nor an open result
    notify("bad-number", () => badNumberText(err.reason, typed));
    return;
  }
  app.busy = false;
  // The waiting series deal's own number as practice would show another seat's cards and the
  // skat of a deal still to be played.
  const waiting = waitingNumber();
  if (waiting !== null && BigInt(data.view.deal_number) === waiting) {
    notify("number-waits", () => t("deal.numberWaits"));
    return;
  }
  await startDeal(typed, { data });
}

/** What is wrong with a typed deal number, by the server's `reason` (form, range, seat). */
function badNumberText(reason, typed) {
  const params = { typed, largest: String(LARGEST_DEAL_NUMBER) };
  if (reason === "range") return t("error.bad_deal_number", params);
  if (reason === "seat") return t("deal.badSeat", params);
  return t("deal.badNumber", params);
}

/** The deal number of the series deal not played out yet (BigInt), or null. */
function waitingNumber() {
  const found = /DN\[(\d+)\]/.exec(app.store.series?.open?.record ?? "");
  return found ? BigInt(found[1]) : null;
}

/** True while the table holds a deal of the current series that is not played out. */
function inOpenSeriesDeal() {
  const v = app.view;
  return Boolean(v && v.phase !== "result" && !app.practice && app.seriesId && app.store.series?.id === app.seriesId);
}

/**
 * "New deal": the series' next deal, or the series deal that waits (left for practice). A deal of
 * the series is played to its end, as at a real table: the button does not deal it away (else a
 * bad hand could be dealt again and again), it says so; a typed number plays practice meanwhile.
 */
function nextDeal() {
  if (app.busy) return;
  if (inOpenSeriesDeal()) {
    notify("finish-first", () => t("deal.finishFirst"));
    return;
  }
  startDeal(null);
}

/**
 * Starts a deal. `number` null: the next deal of the series (the dealer passes on clockwise);
 * a typed number or a replay is practice (`practice`): played, but not written on the sheet.
 * `how.data`: the server's answer for a typed number, already fetched.
 */
async function startDeal(number, how = {}) {
  if (app.busy || !mayAct()) return;
  app.busy = true;
  app.error = null;
  app.typedNumber = null;
  app.bubbles = {};
  app.discard = [];
  app.declaring = null;
  app.showLastTrick = false;
  app.showCalls = false;
  app.reviewing = null;
  // a new deal closes the notices of the last one; what is said about the store stays until closed
  if (app.notice && !app.notice.parts) app.notice = null;
  render();
  try {
    await loadRules(); // the options of a deal are the settings' rules: they must be known
    // What the new deal is (practice or which series) is taken over only with its data: a
    // request that fails leaves the deal on the table what it was.
    let data;
    let seriesId = null;
    if (number === null || number === undefined) {
      const series = await seriesForNextDeal();
      seriesId = series.id;
      data = await resumeOpen(series);
      if (!data) {
        const seat = sheet.humanSeatForDealer(sheet.nextDealer(series));
        data = await api.newDeal(null, dealOptions(series), seat, playerLevel());
      }
    } else if (how.data) {
      data = how.data;
    } else {
      const seat = how.humanSeat ?? null;
      const options = how.options ?? dealOptions(app.store.series);
      data = await api.newDeal(number, options, seat, playerLevel());
    }
    app.practice = seriesId === null;
    app.seriesId = seriesId;
    await receive(data, null);
    sayWhenSeriesWaits();
  } catch (err) {
    fail(err);
  }
}

/** In practice, says that a deal of the series waits (unless the store is being talked about). */
function sayWhenSeriesWaits() {
  if (!app.practice || !app.store.series?.open || app.notice?.parts) return;
  notify("series-waits", () => t("deal.seriesWaits", { next: t("deal.next") }));
}

/** Shows `say` (a function giving the text in the current language) as the notice `kind`, and
 * tells screen readers. */
function notify(kind, say) {
  app.notice = { say, kind };
  announce(say());
  render();
}

/** A server's 4xx: it refused the record (damaged, foreign); a network or server fault is not. */
function refused(err) {
  return err.status >= 400 && err.status < 500;
}

// ---- what is said about the store ----------------------------------------------------------------

/** Says `say` as the store notice `kind`, with the buttons `actions()` gives; `say` null takes it
 * back (notices.js withPart: several are said together, and a new deal does not close them). */
function sayStore(kind, say, actions = null) {
  const said = app.notice?.parts?.some((p) => p.kind === kind);
  if (!say && !app.notice?.parts) return;
  app.notice = notices.withPart(app.notice, kind, say, actions);
  if (say && !said) announce(say());
}

/** Says what a write of the store came to (store.js save): the data set aside, a write the
 * browser refused (with the offer to make room), or another tab's newer state, taken up. */
function heed(outcome) {
  const { status, keptAside } = outcome;
  if (status === "stale") {
    storage.reloadNewer("refused");
    return;
  }
  if (keptAside.length) {
    app.keptAside = app.keptAside.concat(keptAside);
    sayStore("damaged", () => t("store.setAside", { keys: app.keptAside.join(", ") }));
  }
  const failing = app.notice?.parts?.some((p) => p.kind === "save-failed" || p.kind === "not-set-aside");
  if (status === "held") {
    sayStore("save-failed", null);
    const size = notices.sizeText(storage.waitingData().reduce((sum, w) => sum + w.size, 0));
    // (clearing score sheets would not help: nothing is written while the data waits)
    const more = () => (storage.setAsideData().length ? " " + notices.roomText(storage.setAsideData()) : "");
    sayStore("not-set-aside", () => t("store.notSetAside", { size }) + more(), () => [...waitingButtons(size), ...roomButtons()]);
  } else if (status === "full" || status === "no-room") {
    sayStore("not-set-aside", null);
    sayStore("save-failed", () => notices.saveFailedText(status, storage.setAsideData(), app.store), roomButtons);
  } else if (failing) {
    sayStore("not-set-aside", null);
    sayStore("save-failed", null);
    sayStore("saved", () => t("store.savedAgain"));
  }
}

/** True when an action may be sent (store.js readyToGoOn): else nothing is sent, as what it
 * brings could not be kept and a reload would take it back, and the notice says how to make room. */
function mayAct() {
  const said = app.notice?.parts?.some((p) => p.kind === "save-failed" || p.kind === "not-set-aside");
  const ready = storage.readyToGoOn(app.store);
  heed(ready);
  if (ready.goOn || ready.status === "stale") return ready.goOn;
  if (said) announce(app.notice?.say()); // tried again: said again
  render();
  return false;
}

function noticeButton(ui, label, onclick) {
  return h("button", { class: "btn small", "data-ui": ui, onclick }, label);
}

/** The offer to download and delete the data set aside so far (none when there is none). */
function roomButtons() {
  const kept = storage.setAsideData();
  if (!kept.length) return [];
  const keys = kept.map((d) => d.key);
  const list = notices.keptList(kept);
  return [
    noticeButton("download-kept", t("store.downloadKept"), () => download("skat-set-aside.json", storage.setAsideText(keys), "application/json")),
    noticeButton("clear-kept", t("store.clearKept"), () =>
      ask(t("store.askClearKept", { list }), t("store.clearKept"), () => {
        storage.removeSetAside(keys);
        // what is deleted is kept aside no more: the notice says so no more
        app.keptAside = app.keptAside.filter((key) => !keys.includes(key));
        if (!app.keptAside.length) sayStore("damaged", null);
        persist();
        render();
      }),
    ),
  ];
}

/** The offer to download and delete the unreadable data that found no room to be set aside. */
function waitingButtons(size) {
  return [
    noticeButton("download-waiting", t("store.downloadWaiting"), () => download("skat-unreadable.txt", storage.waitingText(), "text/plain")),
    noticeButton("drop-waiting", t("store.dropWaiting"), () =>
      ask(t("store.askDropWaiting", { size }), t("store.dropWaiting"), () => {
        storage.dropWaiting();
        persist();
        render();
      }),
    ),
  ];
}

const settingsReset = []; // [{key, value}]: the stored settings set back since the page opened

/** Says which stored settings were set back to their defaults (store.js checkSettings). */
function sayReset(reset) {
  settingsReset.push(...reset);
  sayStore("settings-reset", () => notices.resetText(settingsReset));
}

/**
 * The server's view of the series deal that waits (`series.open`: dealt, not played out, left
 * for practice), or null when there is none. A record the server refuses is set aside, said,
 * and the series deals afresh; a network or server fault is thrown (the deal keeps waiting).
 */
async function resumeOpen(series) {
  const open = series.open;
  if (!open) return null;
  try {
    return await api.view(open.record, open.human_seat, playerLevel());
  } catch (err) {
    if (!refused(err)) throw err;
    storage.setAside("series.open", open); // said by persist, once written
    delete series.open;
    persist();
    return null;
  }
}

async function send(actions) {
  if (app.busy || app.animating) return;
  // an old copy of the game (another tab has played on): its move is not sent, so that it can
  // neither overwrite the newer game nor show what another choice would have brought
  if (storage.stale()) {
    storage.reloadNewer("refused");
    return;
  }
  if (!mayAct()) return;
  const before = app.view;
  app.busy = true;
  app.error = null;
  if (app.notice?.kind === "draw") app.notice = null;
  if (before.phase === "play") {
    // The chosen card leaves the hand at once; the server's answer confirms it.
    const card = actions[0];
    app.view = { ...before, hand: (before.hand ?? []).filter((c) => c !== card) };
    announce(t("announce.youPlay", { card: cardLabel(card) }));
  }
  render();
  try {
    const data = await api.act(app.record, app.humanSeat, actions, playerLevel());
    await receive(data, before);
  } catch (err) {
    app.view = before;
    fail(err);
  }
}

function fail(err) {
  app.busy = false;
  app.animating = false;
  app.error = { code: err.code ?? "network", message: err.message ?? "" };
  announce(t("error." + app.error.code, { message: app.error.message }, t("error.generic", { message: app.error.message || app.error.code })));
  render();
}

function saveCurrent() {
  app.store.current = { record: app.record, human_seat: app.humanSeat, practice: app.practice, series_id: app.seriesId };
  // A deal of the series waits on its series until it is played out, so that practice in
  // between (a typed number, a replay) does not lose it and "New deal" takes it up again.
  const series = app.store.series;
  if (!app.practice && series && series.id === app.seriesId) series.open = { record: app.record, human_seat: app.humanSeat };
  persist();
}

/** Writes a finished deal on the sheet of the series (once; not for practice deals). */
function writeOnSheet(view) {
  const series = app.store.series;
  if (app.practice || !series || view.phase !== "result" || !view.result) return;
  // a deal dealt for another series (one imported or begun since) is not written on this one
  if (app.seriesId && series.id !== app.seriesId) return;
  // While it is played a deal waits on its series (saveCurrent); one that does not wait there any
  // more is on the sheet already, even when its row's record has been damaged since.
  if (!series.open) return;
  delete series.open; // played out
  if (!series.deals.some((d) => d.record === app.record) && !sheet.isComplete(series)) {
    series.deals.push(sheet.sheetDeal(view, app.record, app.humanSeat));
  }
  persist();
}

async function receive(data, before) {
  app.record = data.record;
  app.humanSeat = data.view.human;
  saveCurrent();
  if (storage.stale()) return; // refused (another tab's newer state): the page reloads, busy
  app.busy = false;
  const events = data.events ?? [];
  if (before && events.length) {
    app.animating = true;
    app.shownPhase = before.phase;
    app.shownToAct = before.to_act;
    app.displayTrick = (before.trick ?? []).slice();
    app.view = { ...data.view, hand: data.view.hand };
    await animate(events);
  } else {
    if (!events.length) bubblesFromCalls(data.view);
    for (const ev of events) {
      if (["call", "declare", "skat", "push", "other"].includes(ev.kind)) {
        setBubble(ev.seat, bubbleToken(ev));
        announceEvent(ev);
      }
    }
    app.view = data.view;
  }
  app.animating = false;
  app.trickTaken = null;
  app.view = data.view;
  if (app.view.phase === "play" && (app.view.trick ?? []).length === 0 && app.view.last_trick) {
    // In play the bubbles of the auction have said what they had to say once the first trick is
    // taken; until then they stay, also while the person is to lead it.
    for (const seat of [0, 1, 2]) if (!app.bubbles[seat]?.startsWith?.("!")) delete app.bubbles[seat];
  }
  if (app.view.phase === "result") {
    writeOnSheet(app.view);
    // what was said about the deal in progress is over with it (it is played to its end now)
    if (["finish-first", "number-waits"].includes(app.notice?.kind)) app.notice = null;
    announce(resultHeadline(app.view.result).text);
  } else if (app.view.to_act === app.humanSeat) {
    announce(yourTurnText(app.view));
  }
  render();
  if (app.view.phase === "result") {
    document.querySelector(".result-panel")?.focus?.();
  } else if (app.view.to_act === app.humanSeat && !document.activeElement?.closest?.(".overlay")) {
    focusFirstControl();
  }
}

/** Puts the keyboard focus where the person acts next: a playable card, else the first control. */
function focusFirstControl() {
  const el =
    (app.view?.phase === "play" ? document.querySelector(".hand [data-card]:not([disabled])") : null) ??
    document.querySelector(".controls button:not([disabled])") ??
    document.querySelector(".hand [data-card]:not([disabled])");
  el?.focus({ preventScroll: true });
}

async function animate(events) {
  for (const ev of events) {
    app.shownToAct = ev.seat;
    if (ev.kind === "card") {
      if (app.displayTrick.length === 3) app.displayTrick = [];
      app.displayTrick.push({ seat: ev.seat, card: ev.action });
      app.freshCard = ev.action;
      app.shownPhase = "play";
      render();
      await sleep(app.settings.cardMs);
    } else if (ev.kind === "trick") {
      app.shownToAct = null;
      announce(trickText(ev));
      if (app.settings.trickWait === "click") {
        app.waitingClick = true;
        render();
        await nextClick();
        app.waitingClick = false;
      } else {
        render();
        await sleep(app.settings.trickMs);
      }
      app.trickTaken = ev.winner;
      render();
      await sleep(Math.min(280, app.settings.trickMs));
      app.trickTaken = null;
      app.displayTrick = [];
      app.bubbles = {};
      render();
    } else {
      if (ev.seat !== null && ev.seat !== undefined) setBubble(ev.seat, bubbleToken(ev));
      announceEvent(ev);
      render();
      await sleep(app.settings.callMs);
    }
  }
}

// ---- the live region: what a screen reader says --------------------------------------------------

function announce(text) {
  const region = document.getElementById("announce");
  if (!region || !text) return;
  // A new node each time, so the same words twice are read twice.
  region.replaceChildren(h("p", {}, text));
}

/** After a change of language: what the live region said stays in the old one, so it says the
 * table's state again in the new one (the result, or whose turn it is), or nothing. */
function sayAgain() {
  const region = document.getElementById("announce");
  if (region) region.replaceChildren();
  const v = app.view;
  if (!v || app.animating) return;
  if (v.phase === "result" && v.result) announce(resultHeadline(v.result).text);
  else if (v.to_act === app.humanSeat) announce(yourTurnText(v));
}

function announceEvent(ev) {
  if (ev.seat === null || ev.seat === undefined || ev.seat === app.humanSeat) return;
  if (ev.kind === "discard") return;
  announce(t("announce.says", { name: playerName(ev.seat), what: callText(bubbleToken(ev)) }));
}

function trickText(ev) {
  const cards = list((ev.cards ?? []).map((x) => (typeof x === "string" ? x : x.card)).map(cardLabel));
  const who = ev.winner === app.humanSeat ? t("player.bottom") : playerName(ev.winner);
  return tn("announce.trick", ev.points ?? 0, { cards, name: who, points: ev.points ?? 0 });
}

function yourTurnText(v) {
  if (v.phase === "bidding") return bidHint(v);
  if (v.phase === "play") {
    const trick = (v.trick ?? []).map((x) => t("announce.played", { name: playerName(x.seat), card: cardLabel(x.card) }));
    return [...trick, t("play.hint")].join(" ");
  }
  if (v.phase === "skat") return t("skat.hint", { value: v.bid });
  if (v.phase === "discard") return t("discard.hint");
  return t("announce.yourTurn");
}

// ---- layers: Escape and the browser's Back button close the topmost -----------------------------

/** The layers, topmost first: the field of `app` that holds each, and its value when closed. */
const LAYERS = [
  ["confirming", null], // a question
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
function closeTopLayer() {
  const top = topLayer();
  if (!top) return false;
  app[top[0]] = top[1];
  return true;
}

/**
 * While a layer is open the page has a history entry of its own, so that Back closes the layer
 * instead of leaving the game; Back with nothing open leaves the page as usual.
 */
function keepBackForLayers() {
  if (topLayer() && !history.state?.skatLayer) history.pushState({ skatLayer: true }, "");
}

window.addEventListener("popstate", (e) => {
  if (e.state?.skatLayer) return; // Forward onto a layer's entry: nothing to reopen
  // render() pushes the entry again while another layer stays open (a panel under a review)
  if (closeTopLayer()) render();
  else history.back(); // the layer was closed on the page: this Back leaves, as the person meant
});

// ---- keyboard ---------------------------------------------------------------------------------

const KEYS = { b: "bid", y: "y", h: "hand", p: "p", s: "s", d: "discard" };

function onKey(e) {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
  const target = e.target;
  const typing = target?.matches?.("input[type=text], input:not([type]), textarea, select");
  if (e.key === "Escape") {
    if (!closeTopLayer()) return;
    e.preventDefault();
    render();
    return;
  }
  if (typing) return;
  if (target?.closest?.(".hand") && ["ArrowLeft", "ArrowRight", "Home", "End"].includes(e.key)) {
    const cards = [...document.querySelectorAll(".hand [data-card]:not([disabled])")];
    if (!cards.length) return;
    let i = cards.indexOf(target);
    if (e.key === "ArrowLeft") i = i <= 0 ? cards.length - 1 : i - 1;
    else if (e.key === "ArrowRight") i = i >= cards.length - 1 ? 0 : i + 1;
    else if (e.key === "Home") i = 0;
    else i = cards.length - 1;
    cards[i].focus();
    e.preventDefault();
    return;
  }
  if (e.key === "ArrowUp" || e.key === "ArrowDown") {
    // From the controls into the hand and back.
    const inHand = target?.closest?.(".hand");
    const next = inHand
      ? document.querySelector(".controls button:not([disabled]), .controls select")
      : document.querySelector(".hand [data-card]:not([disabled])");
    if (next && (inHand ? e.key === "ArrowUp" : e.key === "ArrowDown")) {
      next.focus();
      e.preventDefault();
    }
    return;
  }
  if (app.panel || app.reviewing || app.confirming || app.busy || app.animating) return;
  const what = KEYS[e.key.toLowerCase()];
  if (!what) return;
  let el = null;
  if (what === "bid") el = document.querySelector(".controls .btn.primary[data-action]:not([data-action='y'])");
  else if (what === "hand") el = document.querySelector("[data-ui='hand']");
  else if (what === "discard") el = document.querySelector("[data-action='discard']:not([disabled]), [data-action='push']:not([disabled])");
  else el = document.querySelector(`.controls [data-action='${what}']`);
  if (el && !el.disabled) {
    e.preventDefault();
    el.click();
  }
}

// ---- settings ---------------------------------------------------------------------------------

function changeSetting(key, value, focusKey = null) {
  if (key === "lang") {
    setLanguage(value);
    app.settings.lang = value;
    sayAgain();
  } else if (key.startsWith("rule.")) {
    app.settings.options = { ...(app.settings.options ?? {}), [key.slice(5)]: value };
  } else {
    app.settings[key] = value;
    if (key === "deck") setDeck(namingDeck(value));
  }
  persist();
  app.focusKey = focusKey ?? `[data-setting="${key}"]`;
  render();
}

/** Why the rule `key` cannot take effect under the other rules chosen, or null
 * (skat.rules.Options.effective): Supra without Kontra, the Durchmarsch and Ramsch-skat rules
 * without Ramsch. */
function ruleIdle(key) {
  if (key === "supra" && rule("kontra") === "off") return t("setting.idle.kontra");
  if ((key === "durchmarsch" || key === "ramsch_skat") && rule("all_pass") === "new_deal") return t("setting.idle.ramsch");
  return null;
}

function resetRules() {
  app.settings.options = {};
  persist();
  render();
}

/** A setting's select; `idle`: why the setting cannot take effect under the others (shown, not
 * changeable), or null. */
function choice(key, values, current, labelOf, idle = null) {
  return h(
    "label",
    { class: "setting" + (idle ? " idle" : "") },
    h("span", {}, t("setting." + key.replace(/^rule\./, "rule.")), idle ? h("small", { class: "idle-why" }, " (" + idle + ")") : null),
    h(
      "select",
      {
        "data-setting": key,
        disabled: Boolean(idle),
        title: idle || null,
        onchange: (e) => {
          const raw = e.target.value;
          const v = values.find((x) => String(x) === raw);
          changeSetting(key, v);
        },
      },
      values.map((v) => h("option", { value: String(v), selected: v === current }, labelOf(v))),
    ),
  );
}

function panel(name, title, ...body) {
  return h(
    "div",
    { class: "overlay side", onclick: (e) => { if (e.target === e.currentTarget) panelOverlayClick(e); } },
    h(
      "section",
      { class: "dialog panel panel-" + name, role: "dialog", "aria-modal": "true", "aria-labelledby": "panel-title", "data-panel": name },
      h("div", { class: "panel-head" }, h("h2", { id: "panel-title" }, title), h("button", { class: "btn small", "data-ui": "close-panel", onclick: () => openPanel(null) }, t("button.close"))),
      // the sheet writes the seat draw above its table: not the same line twice
      app.notice && !(name === "sheet" && app.notice.kind === "draw") ? noticeBanner() : null,
      body,
    ),
  );
}

// A click beside the open panel closes it; a click on the menu button it dims (the overlay lies
// over the top bar) opens that button's panel at once, as the button would.
function panelOverlayClick(e) {
  const under = document.elementsFromPoint(e.clientX, e.clientY).find((el) => el.matches?.('.menu [data-ui^="open-"]'));
  const name = under ? under.getAttribute("data-ui").slice("open-".length) : null;
  openPanel(name === app.panel ? null : name);
}

function settingsPanel() {
  const yesNo = (v) => t(v ? "setting.on" : "setting.off");
  return panel(
    "settings",
    t("settings.title"),
    h(
      "div",
      { class: "settings-group", role: "group", "aria-labelledby": "settings-table" },
      h("h3", { id: "settings-table" }, t("settings.table")),
      choice("lang", LANGUAGES, app.settings.lang, (v) => t("language." + v)),
      choice("deck", DECK_NAMES, app.settings.deck, (v) => t("deck." + v)),
      choice("sort", SORTINGS, app.settings.sort, (v) => t("setting.sort." + v)),
      choice("player", PLAYER_LEVELS, app.settings.player, (v) =>
        v === "auto" && app.serverPlayer ? t("player.level.autoIs", { level: t("player.level." + app.serverPlayer) }) : t("player.level." + v),
      ),
      choice("trickWait", TRICK_WAITS, app.settings.trickWait, (v) => t("setting.trickWait." + v)),
      app.settings.trickWait === "time"
        ? choice("trickMs", TRICK_TIMES, app.settings.trickMs, (v) => t("setting.seconds", { n: formatNumber(v / 1000, 1) }))
        : null,
    ),
    h(
      "div",
      { class: "settings-group", role: "group", "aria-labelledby": "settings-rules" },
      h("h3", { id: "settings-rules" }, t("settings.rules")),
      h("p", { class: "hint" }, t("settings.rulesHint")),
      RULES.map((r) =>
        choice("rule." + r.key, r.values, rule(r.key), (v) => (typeof v === "boolean" ? yesNo(v) : t("rule." + r.key + "." + v)), ruleIdle(r.key)),
      ),
      choice("seriesLength", SERIES_LENGTHS, app.settings.seriesLength ?? 0, (v) => (v ? tn("series.length", v) : t("series.open"))),
      h("button", { class: "btn", "data-ui": "rules-default", onclick: resetRules }, t("settings.defaults")),
    ),
  );
}

// ---- the score sheet ----------------------------------------------------------------------------

function playerLabel(p) {
  return t("player." + ["bottom", "left", "right"][p]);
}

function drawText(series) {
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

function sheetPanel() {
  const series = app.store?.series;
  if (!series) {
    return panel("sheet", t("sheet.title"), h("p", {}, t("sheet.empty")), sheetButtons(null));
  }
  const { rows, totals } = sheet.tally(series);
  const best = sheet.leaders(totals);
  const fmt = (n) => formatNumber(n, 0, true);
  const head = h(
    "tr",
    {},
    ["no", "dealer", "declarer", "bid", "game", "value", "markers"].map((k) => h("th", { scope: "col", class: "col-" + k }, t("sheet." + k))),
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
      ...notes.map((m) => h("span", { class: "marker marker-" + m.split(".")[0] }, t("marker." + m))),
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
      h("td", { class: "col-game" }, row.result ? gameCell(d) : "–", notes.length || damage ? h("span", { class: "markers markers-inline" }, chips()) : null),
      h("td", { class: "num col-value" }, value === null ? "–" : fmt(value)),
      h("td", { class: "markers col-markers" }, chips()),
      row.totals.map((total, p) =>
        h(
          "td",
          { class: "num total" + (row.scores[p] ? " changed" : ""), "data-total": String(p) },
          formatNumber(total, 0),
          // this deal's change of the total, so the list score is explained line by line
          row.scores[p] ? h("small", { class: "delta", "data-delta": String(p) }, fmt(row.scores[p])) : null,
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
    h("p", { class: "sheet-legend" }, t(series.list === "seeger_fabian" ? "sheet.legendSeegerFabian" : "sheet.legendSimple")),
    sheetButtons(series),
    archiveList(),
  );
}

/** The finished series kept in this browser, newest first, with their totals. */
function archiveList() {
  const archive = (app.store?.archive ?? []).filter((x) => x.deals.length);
  if (!archive.length) return null;
  const items = archive
    .slice()
    .reverse()
    .map((x) => {
      const { totals } = sheet.tally(x);
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

function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h("a", { href: url, download: name, class: "sr-only" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function ask(text, yes, onYes) {
  app.confirming = { text, yes, onYes };
  app.focusKey = `[data-ui="confirm-no"]`;
  render();
}

function confirmPanel() {
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
        h("button", { class: "btn", "data-ui": "confirm-no", onclick: () => { app.confirming = null; render(); } }, t("button.cancel")),
        h("button", { class: "btn danger", "data-ui": "confirm-yes", onclick: () => { app.confirming = null; c.onYes(); } }, c.yes),
      ),
    ),
  );
}

function noticeBanner() {
  return h(
    "div",
    { class: "notice", role: "status", "data-notice": app.notice.kind ?? "info" },
    h("span", {}, app.notice.say()),
    app.notice.actions ? app.notice.actions() : null,
    h("button", { class: "btn small", "data-ui": "close-notice", onclick: () => { app.notice = null; render(); } }, t("button.close")),
  );
}

function askNewSeries() {
  const series = app.store.series;
  const start = () => {
    if (series) archive(series);
    app.store.series = null;
    persist();
    app.panel = null;
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
    app.store.series = null;
    app.store.archive = [];
    persist();
    app.notice = { say: () => t("sheet.cleared"), kind: "cleared" };
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
      for (const [i, { record, human_seat }] of records.entries()) {
        const data = await api.view(record, human_seat, playerLevel()).catch((err) => {
          // a record the server refuses (forged, damaged): which deal, and the server's why
          if (!refused(err)) throw err;
          throw importError("import.badRow", { n: formatNumber(i + 1), why: `${t("sheet.damaged.record")}: ${err.message || err.code}` });
        });
        if (data.view.phase !== "result") throw new Error("import.unfinished");
        deals.push(sheet.sheetDeal(data.view, record, human_seat));
      }
      return deals;
    };
    if (parsed.kind === "json") {
      // the file's series is checked as a stored one is, and takes no damaged row in
      const field = storage.seriesProblem(parsed.series);
      if (field === "series" || field === "deals") throw importError("import.notSeries");
      if (field) throw importError("import.badField", { field });
      const bad = sheet.damagedRows(parsed.series)[0];
      if (bad) throw importError("import.badRow", { n: formatNumber(bad.index + 1), why: t("sheet.damaged." + bad.damage) });
      series = { ...sheet.settled(parsed.series), deals: await rescore(parsed.series.deals) };
      // the same series imported over itself keeps the deal that waits in it: dealt anew, its
      // place in the series would get other cards
      const waiting = app.store.series?.id === series.id ? app.store.series.open : undefined;
      if (waiting) series.open = waiting;
    } else {
      series = sheet.newSeries(0, sheet.recordScoreList(parsed.records[0].record), null);
      series.deals = await rescore(parsed.records);
    }
    // the sheet closed while the deals were replayed: nothing is asked or taken over the table
    if (app.panel !== "sheet") return;
    // a series the sheets already hold (exported here and imported again) is not added twice
    const copy = sheet.storedCopy(app.store, series);
    if (copy) {
      notify("import-known", () => tn("import.known", copy.deals.length, { date: formatDate(copy.started) }));
      return;
    }
    const current = app.store.series;
    const take = () => {
      if (app.store.series) archive(app.store.series);
      app.store.series = series;
      persist();
      app.notice = { say: () => tn("import.done", series.deals.length), kind: "imported" };
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
    app.notice = { say: () => (key.startsWith("import.") ? t(key, params) : t("import.failed", { message: err?.code ?? key })), kind: "import-failed" };
  }
  render();
}

// ---- review of a sheet row --------------------------------------------------------------------

async function openReview(index) {
  const deal = app.store.series?.deals?.[index];
  if (!deal) return;
  // A row without a record or a seat to show it from cannot be reviewed: it says why.
  const damage = sheet.dealDamage(deal);
  const rowDamaged = (why) => notify("row-damaged", () => t("sheet.damagedRow", { n: formatNumber(index + 1), why: why() }));
  if (damage === "shape" || damage === "seat" || damage === "record") {
    rowDamaged(() => t("sheet.damaged." + damage));
    return;
  }
  try {
    const data = await api.view(deal.record, deal.human_seat, playerLevel());
    if (app.panel !== "sheet") return; // the sheet was closed (Esc, Back) while the review loaded
    app.reviewing = { view: data.view, record: data.record, index, humanSeat: deal.human_seat, options: recordOptions(deal.record) };
    app.focusKey = `[data-ui="close-review"]`;
  } catch (err) {
    if (refused(err)) {
      // the server cannot read the record: the row is marked (its score counts as written)
      deal.damaged = "record";
      persist();
      rowDamaged(() => `${t("sheet.damaged.record")}: ${err.code}`);
      return;
    }
    app.notice = { say: () => t("error.generic", { message: err.code ?? String(err) }), kind: "error" };
  }
  render();
}

function recordOptions(record) {
  const m = record.match(/RU\[([^\]]*)\]/);
  const out = {};
  if (!m) return out;
  for (const part of m[1].split(",")) {
    const [k, v] = part.split("=");
    if (!k) continue;
    out[k] = v === "1" ? true : v === "0" ? false : v;
  }
  return out;
}

function reviewPanel() {
  const rv = app.reviewing;
  const keep = app.humanSeat;
  // The review is drawn as seen from the person's seat in that deal.
  app.humanSeat = rv.humanSeat;
  let inner;
  try {
    inner = resultBody(rv.view, rv.record);
  } finally {
    app.humanSeat = keep;
  }
  return h(
    "div",
    { class: "overlay top" },
    h(
      "section",
      { class: "dialog result-panel review-panel", role: "dialog", "aria-modal": "true", "aria-label": t("sheet.reviewTitle", { n: rv.index + 1 }), "data-review": String(rv.index) },
      h("h2", {}, t("sheet.reviewTitle", { n: rv.index + 1 })),
      inner,
      h(
        "div",
        { class: "dialog-buttons" },
        h("button", { class: "btn", "data-ui": "close-review", onclick: () => { app.reviewing = null; render(); } }, t("button.close")),
        h(
          "button",
          { class: "btn primary", "data-ui": "replay-row", onclick: () => { const r = app.reviewing; app.panel = null; startDeal(r.view.deal_number, { humanSeat: r.humanSeat, options: r.options }); } },
          t("result.replay"),
        ),
      ),
    ),
  );
}

// ---- rules help -------------------------------------------------------------------------------

function paragraphs(text, cls) {
  return String(text)
    .split("\n")
    .map((line) => h("p", { class: cls }, line));
}

function helpPanel() {
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
      RULES.map((r) => [
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

// ---- start --------------------------------------------------------------------------------------

async function boot() {
  const loaded = storage.load();
  const store = loaded.store;
  app.store = store;
  // another tab's write: this one takes the newer state up (once a burst of writes is over)
  let reloading = null;
  storage.watch(() => {
    clearTimeout(reloading);
    reloading = setTimeout(() => storage.reloadNewer("newer"), 150);
  });
  // every stored setting is checked: one that is not what it may be is set back to its default
  // (the rule options once the server has named theirs: loadRules)
  const { settings: saved, reset } = storage.checkSettings(store.settings, DEFAULT_SETTINGS(), SETTING_CHOICES);
  app.settings = { ...DEFAULT_SETTINGS(), options: {}, ...saved };
  app.settings.lang = chooseLanguage(saved.lang);
  setLanguage(app.settings.lang);
  setDeck(namingDeck(app.settings.deck));
  heed(loaded);
  persist();
  const reloaded = storage.takeReloadNote();
  if (reloaded) sayStore("other-tab", () => t(reloaded === "refused" ? "store.otherTabRefused" : "store.otherTab"));
  if (notices.damagedRowsText(store)) sayStore("damaged-rows", () => notices.damagedRowsText(store));
  if (reset.length) sayReset(reset);
  if (!document.getElementById("announce")) {
    document.body.append(h("div", { id: "announce", class: "sr-only", "aria-live": "polite", "aria-atomic": "true" }));
  }
  document.addEventListener("keydown", onKey);
  // the level the server plays when the settings leave it to the server (shown in the settings)
  api.health().then(
    (data) => {
      if (PLAYER_LEVELS.includes(data?.player)) {
        app.serverPlayer = data.player;
        if (app.panel === "settings") render();
      }
    },
    () => {},
  );
  render();
  await loadRules().catch(() => {}); // else tried again with the next deal
  const current = store.current;
  if (current) {
    app.humanSeat = current.human_seat;
    app.record = current.record;
    app.practice = Boolean(current.practice);
    app.seriesId = typeof current.series_id === "string" ? current.series_id : null;
    try {
      app.busy = true;
      const data = await api.view(current.record, current.human_seat, playerLevel());
      app.busy = false;
      app.view = data.view;
      app.record = data.record;
      const chosen = Array.isArray(current.discard) ? current.discard : [];
      if (app.view.phase === "discard" && chosen.length <= 2 && chosen.every((c) => (app.view.hand ?? []).includes(c))) {
        app.discard = chosen.slice();
      }
      bubblesFromCalls(app.view);
      if (app.view.phase === "result") writeOnSheet(app.view);
      render();
      sayWhenSeriesWaits();
      return;
    } catch (err) {
      app.busy = false;
      app.record = null;
      if (!refused(err)) {
        fail(err);
        return;
      }
      // A damaged or foreign record: set it aside, say so (as for a damaged store) and deal afresh.
      storage.setAside("current", current);
      app.store.current = null;
      persist();
    }
  }
  await startDeal(null);
}

boot();
