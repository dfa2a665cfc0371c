// The auction: the bidding controls and the bidding history.

import { t } from "./i18n.js";
import { actionButton } from "./play.js";
import { h } from "./dom.js";
import { bubbleToken, callListText, playerName, roleName } from "./names.js";
import { closeLayer } from "./panelstate.js";
import { render, send, state } from "./state.js";

export function bidHint(v) {
  if ((v.legal ?? []).includes("y")) return t("bid.hintAnswer", { value: v.bid });
  if (v.bid) return t("bid.hintBid", { value: v.bid });
  return t("bid.hintFirst");
}

/**
 * Every call of the deal in order, as [{seat, token}]: the auction's bids, holds and passes, the
 * declarer's game, then what was said before the first card (Kontra, Re, Supra and their answers;
 * in a Schieberamsch the pick-ups and pushes).
 */
export function allCalls(v) {
  const out = (v.calls ?? []).map((c) => ({ seat: c.seat, token: c.action }));
  if (v.declarer !== null && v.declarer !== undefined && v.contract) out.push({ seat: v.declarer, token: v.contract });
  for (const ev of v.later_calls ?? []) out.push({ seat: ev.seat, token: bubbleToken(ev) });
  return out;
}

/** The calls as a list (`[data-calls]`, each `[data-call]`), or null when nobody has called. */
export function callsList(v) {
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
        h("span", { class: "call-what" }, callListText(token)),
      ),
    ),
  );
}

export function callsPanel(v) {
  const close = () => {
    closeLayer("showCalls");
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

/** The auction's controls (bid, hold, pass, a jump to a higher bid) added to `out`; the legal
 * actions they handle go into `handled` (the others get a button each, table.js controls). */
export function biddingControls(v, legal, handled, out) {
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
}
