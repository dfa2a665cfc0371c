// The table: one deal of Skat against two computer players.
//
// The server sends the human's view of the deal (phase, seat to act, the human's cards, the legal
// actions, the calls, the trick, the result and review when it is over) and the events to animate.
// The modules beside this one draw it, one panel each (topbar, table, bidding, declaration, play,
// result, sheetpanel, settings, help), and keep the deal going (dealing, turns); every string goes
// through i18n.t and every card face through deck.js. This module holds the table's state (`app`)
// and draws the page from it; each module is given that state and the verbs render, send and
// startDeal (connect), and imports none of this module.
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

import * as analysis from "./analysis.js";
import * as api from "./api.js";
import * as assist from "./assist.js";
import * as storage from "./store.js";
import * as notices from "./notices.js";
import { namingDeck } from "./deck.js";
import { chooseLanguage, setDeck, setLanguage, t } from "./i18n.js";
import { h, spinner } from "./dom.js";
import * as bidding from "./bidding.js";
import * as dealing from "./dealing.js";
import * as declaration from "./declaration.js";
import * as help from "./help.js";
import * as keyboard from "./keyboard.js";
import * as layers from "./layers.js";
import * as names from "./names.js";
import * as noticebar from "./noticebar.js";
import * as play from "./play.js";
import * as replay from "./replay.js";
import * as result from "./result.js";
import * as settings from "./settings.js";
import * as sheetpanel from "./sheetpanel.js";
import * as sidepanel from "./sidepanel.js";
import * as speech from "./speech.js";
import * as statspanel from "./statspanel.js";
import * as tablePanel from "./table.js";
import * as topbar from "./topbar.js";
import * as turns from "./turns.js";

const { DEFAULT_SETTINGS, PLAYER_LEVELS, SETTING_CHOICES } = settings;
const { heed, noticeBanner, persist, sayReset, sayStore } = noticebar;

const app = {
  record: null,
  humanSeat: 0,
  view: null,
  busy: false, // a request is on its way (spinner)
  animating: false,
  displayTrick: null, // the trick shown while events are animated
  displayTricks: null, // each seat's tricks shown while events are animated (a trick counts once taken)
  bubbles: {}, // seat → text of the last call
  bubbleTimes: {}, // seat → when its bubble appeared (only a new bubble pops up)
  freshCard: null, // the card that has just come to the trick (only it fades in)
  discard: [], // cards chosen to put away
  exchange: [], // Revolution: the cards chosen to pass to the partner
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
  panel: null, // "sheet" | "stats" | "settings" | "help" | null: the open side panel
  reviewing: null, // {view, record, index} of a sheet row being looked at
  analysing: null, // {record, humanSeat, state, data, error, back}: the open "Could I have won?" panel
  replaying: null, // {record, humanSeat, data, error} while "the computer with your cards" is open
  confirming: null, // {text, yes, onYes}: a question before something is thrown away
  notice: null, // {say: () => text in the current language, kind}: a message that stays until closed (data set aside, import done, ...); one that only tells what happened goes at the next action (notices.js afterAction)
  typedNumber: null, // a typed deal number that is not one, kept in the field to be corrected
  keptAside: [], // the keys under which unreadable data was set aside since the page opened
  serverPlayer: null, // the level the server plays by default (GET /api/health), once known
  seriesId: null, // the series the deal in progress was dealt for (null: practice or unknown)
  focusKey: null, // the control to focus after the next render (keyboard play)
  hint: null, // {record, loading | data | error}: the hint asked for at this record (assist.js)
  assisted: [], // "hint", "undo": used in this deal of the series (marked on its sheet row)
};

/** What every module is given: the state, and the verbs that draw the page and play the deal. */
const ctx = {
  app,
  render,
  send: (actions) => turns.send(actions),
  startDeal: (number, how) => dealing.startDeal(number, how),
  receive: (data, before) => turns.receive(data, before),
};
for (const module of [analysis, assist, bidding, dealing, declaration, help, keyboard, layers, names, noticebar, play, replay, result, settings, sheetpanel, sidepanel, speech, statspanel, tablePanel, topbar, turns]) {
  module.connect?.(ctx);
}

// ---- rendering ---------------------------------------------------------------------------------

function render() {
  const root = document.getElementById("app");
  const v = app.view;
  const focused = app.focusKey ?? keyboard.focusKeyOf(document.activeElement);
  const wasInHand = document.activeElement?.closest?.(".hand") !== null && document.activeElement?.closest?.(".hand") !== undefined;
  app.focusKey = null;
  document.documentElement.lang = t("lang.tag");
  document.title = t("app.title");
  let body;
  if (v) body = tablePanel.table(v);
  else if (app.error) body = h("div", { class: "table loading" }, tablePanel.errorBanner(), h("button", { class: "btn primary", "data-ui": "retry", onclick: () => location.reload() }, t("button.retry")));
  else body = h("main", { class: "table loading" }, spinner(t("status.loading")));
  // A notice shows under the top bar, or inside the open panel (which would cover it).
  root.replaceChildren(topbar.topBar(), app.notice && !app.panel ? noticeBanner() : "", body, ...overlays());
  keyboard.restoreFocus(focused, wasInHand);
  layers.keepBackForLayers();
}

function overlays() {
  const out = [];
  if (app.panel === "sheet") out.push(sheetpanel.sheetPanel());
  if (app.panel === "stats") out.push(statspanel.statsPanel());
  if (app.panel === "settings") out.push(settings.settingsPanel());
  if (app.panel === "help") out.push(help.helpPanel());
  if (app.reviewing) out.push(result.reviewPanel());
  if (app.analysing) out.push(analysis.analysisPanel());
  if (app.replaying) out.push(replay.replayPanel());
  if (app.confirming) out.push(layers.confirmPanel());
  return out;
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
  document.addEventListener("keydown", keyboard.onKey);
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
  await settings.loadRules().catch(() => {}); // else tried again with the next deal
  const current = store.current;
  if (current) {
    app.humanSeat = current.human_seat;
    app.record = current.record;
    app.practice = Boolean(current.practice);
    app.seriesId = typeof current.series_id === "string" ? current.series_id : null;
    app.assisted = Array.isArray(current.assisted) ? current.assisted : [];
    try {
      app.busy = true;
      const data = await api.view(current.record, current.human_seat, settings.playerLevel());
      app.busy = false;
      app.view = data.view;
      app.record = data.record;
      const chosen = Array.isArray(current.discard) ? current.discard : [];
      if (app.view.phase === "discard" && chosen.length <= 2 && chosen.every((c) => (app.view.hand ?? []).includes(c))) {
        app.discard = chosen.slice();
      }
      tablePanel.bubblesFromCalls(app.view);
      if (app.view.phase === "result") turns.writeOnSheet(app.view);
      render();
      dealing.sayWhenSeriesWaits();
      return;
    } catch (err) {
      app.busy = false;
      app.record = null;
      if (!api.refused(err)) {
        turns.fail(err);
        return;
      }
      // A damaged or foreign record: set it aside, say so (as for a damaged store) and deal afresh.
      storage.setAside("current", current);
      app.store.current = null;
      persist();
    }
  }
  await dealing.startDeal(null);
}

boot();
