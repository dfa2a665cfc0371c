// The table: one deal of Skat against two computer players.
//
// The server sends the human's view of the deal (phase, seat to act, the human's cards, the legal
// actions, the calls, the trick, the result and review when it is over) and the events to animate.
// The table's state and every action that changes it belong to state.js (the layers and panels
// over the table: panelstate.js); the modules beside this one draw it, one panel each (topbar,
// table, bidding, declaration, play, result, sheetpanel, settings, help), as functions of that
// state, and keep the deal going (dealing, turns); every string goes through i18n.t and every
// card face through deck.js. This module draws the page from the state (render), hands the
// owner what it drives (state.connect) and starts the page.
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
import * as storage from "./store.js";
import * as notices from "./notices.js";
import * as actions from "./state.js";
import { state } from "./state.js";
import { takeFocus } from "./panelstate.js";
import { namingDeck } from "./deck.js";
import { chooseLanguage, setDeck, setLanguage, t } from "./i18n.js";
import { h, spinner } from "./dom.js";
import * as dealing from "./dealing.js";
import * as gamereview from "./gamereview.js";
import * as help from "./help.js";
import * as keyboard from "./keyboard.js";
import * as layers from "./layers.js";
import * as names from "./names.js";
import * as noticebar from "./noticebar.js";
import * as replay from "./replay.js";
import * as result from "./result.js";
import * as settings from "./settings.js";
import * as sheetpanel from "./sheetpanel.js";
import * as statspanel from "./statspanel.js";
import * as tablePanel from "./table.js";
import * as topbar from "./topbar.js";
import * as turns from "./turns.js";

const { DEFAULT_SETTINGS, PLAYER_LEVELS, SETTING_CHOICES } = settings;
const { heed, noticeBanner, sayReset, sayStore } = noticebar;

actions.connect({
  render,
  exchange: turns.exchange,
  mayAct: noticebar.mayAct,
  heed,
  startDeal: dealing.startDeal,
  takeAnswer: (data) => turns.receive(data, null),
});

// ---- rendering ---------------------------------------------------------------------------------

function render() {
  const root = document.getElementById("app");
  const v = state.view;
  const focused = takeFocus() ?? keyboard.focusKeyOf(document.activeElement);
  const wasInHand = document.activeElement?.closest?.(".hand") !== null && document.activeElement?.closest?.(".hand") !== undefined;
  document.documentElement.lang = t("lang.tag");
  document.title = t("app.title");
  let body;
  if (v) body = tablePanel.table(v);
  else if (state.error) body = h("div", { class: "table loading" }, tablePanel.errorBanner(), h("button", { class: "btn primary", "data-ui": "retry", onclick: () => location.reload() }, t("button.retry")));
  else body = h("main", { class: "table loading" }, spinner(t("status.loading")));
  // A notice shows under the top bar, or inside the open panel (which would cover it).
  root.replaceChildren(topbar.topBar(), state.notice && !state.panel ? noticeBanner() : "", body, ...overlays());
  keyboard.restoreFocus(focused, wasInHand);
  layers.keepBackForLayers();
}

function overlays() {
  const out = [];
  if (state.panel === "sheet") out.push(sheetpanel.sheetPanel());
  if (state.panel === "stats") out.push(statspanel.statsPanel());
  if (state.panel === "settings") out.push(settings.settingsPanel());
  if (state.panel === "help") out.push(help.helpPanel());
  if (state.reviewing) out.push(result.reviewPanel());
  if (state.analysing) out.push(analysis.analysisPanel());
  if (state.gameReview) out.push(gamereview.gameReviewPanel());
  if (state.replaying) out.push(replay.replayPanel());
  if (state.confirming) out.push(layers.confirmPanel());
  return out;
}

// ---- start --------------------------------------------------------------------------------------

async function boot() {
  const loaded = storage.load();
  const store = loaded.store;
  // another tab's write: this one takes the newer state up (once a burst of writes is over)
  let reloading = null;
  storage.watch(() => {
    clearTimeout(reloading);
    reloading = setTimeout(() => storage.reloadNewer("newer"), 150);
  });
  // every stored setting is checked: one that is not what it may be is set back to its default,
  // one the page does not have is left out, both named (the rule options once the server has
  // named theirs: loadRules)
  const { settings: saved, reset } = storage.checkSettings(store.settings, DEFAULT_SETTINGS(), SETTING_CHOICES);
  actions.loaded(store, { ...DEFAULT_SETTINGS(), options: {}, ...saved, lang: chooseLanguage(saved.lang) });
  setLanguage(state.settings.lang);
  setDeck(namingDeck(state.settings.deck));
  heed(loaded);
  actions.save();
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
        actions.serverTold({ player: data.player });
        if (state.panel === "settings") render();
      }
    },
    () => {},
  );
  render();
  await settings.loadRules().catch(() => {}); // else tried again with the next deal
  const current = store.current;
  if (current) {
    actions.resumed(current);
    try {
      actions.requestStarted();
      const data = await api.view(current.record, current.human_seat, settings.playerLevel());
      actions.resumedView(data, current.discard, names.bubbleToken);
      if (state.view.phase === "result") actions.writeOnSheet(state.view);
      render();
      dealing.sayWhenSeriesWaits();
      return;
    } catch (err) {
      if (!api.refused(err)) {
        turns.fail(err);
        return;
      }
      // A damaged or foreign record: set it aside, say so (as for a damaged store) and deal afresh.
      actions.currentSetAside(current);
    }
  }
  await dealing.startDeal(null);
}

boot();
