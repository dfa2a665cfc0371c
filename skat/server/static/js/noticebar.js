// The notice under the top bar, and what is said about the store (store.js): a write that
// failed, data set aside, stored settings set back; the words come from notices.js.

import * as storage from "./store.js";
import * as notices from "./notices.js";
import { t } from "./i18n.js";
import { announce, download, h } from "./dom.js";
import { ask } from "./layers.js";
import { keysDeleted, keysSetAside, noticePart, render, save, setNotice, settingsSetBack, state } from "./state.js";

/** Shows `say` (a function giving the text in the current language) as the notice `kind`, and
 * tells screen readers. */
export function notify(kind, say) {
  setNotice({ say, kind });
  announce(say());
  render();
}

/** Says `say` as the store notice `kind`, with the buttons `actions()` gives; `say` null takes it
 * back (notices.js withPart: several are said together, and a new deal does not close them). */
export function sayStore(kind, say, actions = null) {
  const said = state.notice?.parts?.some((p) => p.kind === kind);
  if (!say && !state.notice?.parts) return;
  noticePart(kind, say, actions);
  if (say && !said) announce(say());
}

/** Says what a write of the store came to (store.js save): the data set aside, a write the
 * browser refused (with the offer to make room), or another tab's newer state, taken up. */
export function heed(outcome) {
  const { status, keptAside } = outcome;
  if (status === "stale") {
    storage.reloadNewer("refused");
    return;
  }
  if (keptAside.length) {
    keysSetAside(keptAside);
    sayStore("damaged", () => t("store.setAside", { keys: state.keptAside.join(", ") }));
  }
  const failing = state.notice?.parts?.some((p) => p.kind === "save-failed" || p.kind === "not-set-aside");
  if (status === "held") {
    sayStore("save-failed", null);
    const size = notices.sizeText(storage.waitingData().reduce((sum, w) => sum + w.size, 0));
    // (clearing score sheets would not help: nothing is written while the data waits)
    const more = () => (storage.setAsideData().length ? " " + notices.roomText(storage.setAsideData()) : "");
    sayStore("not-set-aside", () => t("store.notSetAside", { size }) + more(), () => [...waitingButtons(size), ...roomButtons()]);
  } else if (status === "full" || status === "no-room") {
    sayStore("not-set-aside", null);
    sayStore("save-failed", () => notices.saveFailedText(status, storage.setAsideData(), state.store), roomButtons);
  } else if (failing) {
    sayStore("not-set-aside", null);
    sayStore("save-failed", null);
    sayStore("saved", () => t("store.savedAgain"));
  }
}

/** True when an action may be sent (store.js readyToGoOn): else nothing is sent, as what it
 * brings could not be kept and a reload would take it back, and the notice says how to make room. */
export function mayAct() {
  const said = state.notice?.parts?.some((p) => p.kind === "save-failed" || p.kind === "not-set-aside");
  const ready = storage.readyToGoOn(state.store);
  heed(ready);
  if (ready.goOn || ready.status === "stale") return ready.goOn;
  if (said) announce(state.notice?.say()); // tried again: said again
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
        keysDeleted(keys);
        if (!state.keptAside.length) sayStore("damaged", null);
        save();
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
        save();
        render();
      }),
    ),
  ];
}

/** Says which stored settings were set back to their defaults (store.js checkSettings). */
export function sayReset(reset) {
  settingsSetBack(reset);
  sayStore("settings-reset", () => notices.resetText(state.settingsReset));
}

export function noticeBanner() {
  return h(
    "div",
    { class: "notice", role: "status", "data-notice": state.notice.kind ?? "info" },
    h("span", {}, state.notice.say()),
    state.notice.actions ? state.notice.actions() : null,
    h("button", { class: "btn small", "data-ui": "close-notice", onclick: () => { setNotice(null); render(); } }, t("button.close")),
  );
}
