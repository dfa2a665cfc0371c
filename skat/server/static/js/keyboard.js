// Keyboard play: the keys of the controls, moving in the hand, and where the focus goes.

import { gameReviewKey } from "./gamereview.js";
import { closeTopLayer } from "./panelstate.js";
import { render, state } from "./state.js";

/** A key naming a focusable control, so focus survives a render (keyboard play). */
export function focusKeyOf(el) {
  if (!el || el === document.body) return null;
  for (const attr of ["data-card", "data-action", "data-ui", "data-game", "data-option", "data-row", "data-setting"]) {
    const value = el.getAttribute?.(attr);
    if (value !== null && value !== undefined) return `[${attr}="${CSS.escape(value)}"]`;
  }
  return null;
}

export function restoreFocus(key, wasInHand) {
  let el = key ? document.querySelector(key) : null;
  if (el && (el.disabled || el.closest("[inert]"))) el = null;
  if (!el && wasInHand) el = document.querySelector(".hand [data-card]:not([disabled])");
  if (!el && wasInHand) el = document.querySelector(".controls button:not([disabled])");
  if (el) el.focus({ preventScroll: true });
}

/** Puts the keyboard focus where the person acts next: a playable card, else the first control. */
export function focusFirstControl() {
  const el =
    (state.view?.phase === "play" ? document.querySelector(".hand [data-card]:not([disabled])") : null) ??
    document.querySelector(".controls button:not([disabled])") ??
    document.querySelector(".hand [data-card]:not([disabled])");
  el?.focus({ preventScroll: true });
}

const KEYS = { b: "bid", y: "y", h: "hand", p: "p", s: "s", d: "discard", "?": "hint", u: "undo" };
/** The keys that are calls of the auction: only there do they act, so that one press too many
 * after the last call neither picks up the skat (B: the next primary button) nor pushes a
 * Schieberamsch's skat on unseen (P), neither of which can be taken back. */
const AUCTION_ONLY = new Set(["bid", "y", "p"]);

export function onKey(e) {
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
  if (state.gameReview) {
    gameReviewKey(e); // stepping through the reviewed deal; the table's keys rest under it
    return;
  }
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
  if (state.panel || state.reviewing || state.analysing || state.confirming || state.busy || state.animating) return;
  const what = KEYS[e.key.toLowerCase()];
  if (!what || (AUCTION_ONLY.has(what) && state.view?.phase !== "bidding")) return;
  let el = null;
  if (what === "bid") el = [...document.querySelectorAll(".controls .btn.primary[data-action]")].find((b) => /^\d+$/.test(b.dataset.action)) ?? null;
  else if (what === "hand") el = document.querySelector("[data-ui='hand']");
  else if (what === "hint" || what === "undo") el = document.querySelector(`.controls [data-ui='${what}']`);
  else if (what === "discard") el = document.querySelector("[data-action='discard']:not([disabled]), [data-action='push']:not([disabled]), [data-action='exchange']:not([disabled])");
  else el = document.querySelector(`.controls [data-action='${what}']`);
  if (el && !el.disabled) {
    e.preventDefault();
    el.click();
  }
}
