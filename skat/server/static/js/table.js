// The table: the seats with their plates and bubbles, the trick, the skat, the person's hand
// and the controls of the phase.

import { formatNumber, t } from "./i18n.js";
import { allCalls, biddingControls, callsPanel } from "./bidding.js";
import { declareControls, declareDialog, discardControls, skatControls } from "./declaration.js";
import { h } from "./dom.js";
import { callText, cardBack, cardFace, cardLabel, playerName, roleName, seatLabel, seatPosition, sorted, suitName } from "./names.js";
import { actionButton, exchangeControls, kontraControls, playCard, playControls, schiebenControls, pickDiscard, pickExchange } from "./play.js";
import { resultPanel, winnerText } from "./result.js";
import { assistControls, decorate } from "./assist.js";
import { closeLayer, showCalls, showLastTrick } from "./panelstate.js";
import { closeError, render, state } from "./state.js";

/** The words of each reason the server gives for a card that cannot be played or chosen now
 * (view.card_reasons, skat.server.game.CARD_REASONS). */
const REASONS = {
  not_now: "reason.notNow",
  not_your_turn: "reason.notYourTurn",
  follow_trump: "reason.followTrump",
  follow_suit: "reason.followSuit",
  no_jack_push: "reason.noJackPush",
  received: "reason.received",
};

/** Why `card` of the hand cannot be played or chosen now, in the person's language ("" when the
 * server gives no reason): the server's reason, or that the table is busy. */
function disabledReason(card) {
  if (state.busy || state.animating) return t("reason.wait");
  const why = state.view.card_reasons?.[card];
  if (!why || !REASONS[why.code]) return "";
  return t(REASONS[why.code], why.suit ? { suit: suitName(why.suit) } : {});
}

export function table(v) {
  // After the discard is chosen the browser holds it until the game is declared (discard and
  // declaration go to the server together), so the table is then in the declare phase.
  const phase = state.animating ? state.shownPhase : state.declaring?.discard ? "declare" : v.phase;
  const toAct = state.animating ? state.shownToAct : v.to_act;
  const root = h(
    "main",
    {
      class: "table",
      id: "table",
      "data-phase": phase,
      "data-to-act": toAct === null || toAct === undefined ? "" : String(toAct),
      "data-human": String(state.humanSeat),
      "data-busy": state.busy || state.animating ? "1" : "0",
    },
    seatArea(1),
    seatArea(2),
    centre(v),
    humanArea(v),
  );
  if (state.error) root.append(errorBanner());
  if (v.phase === "result" && !state.animating && v.result) root.append(resultPanel(v));
  if (state.showLastTrick && v.last_trick && !state.animating) root.append(lastTrickPanel(v));
  if (state.showCalls && v.phase !== "result") root.append(callsPanel(v));
  decorate(root);
  return root;
}

/** The words an error's text is given: its message; a refused claim's line that beats it. */
function errorParams(error) {
  const line = (error.line ?? []).map(({ seat, card }) => t("claim.lineCard", { name: playerName(seat), card: cardLabel(card) }));
  return { message: error.message, line: line.length ? line.join(", ") : t("claim.reached"), n: Number.isInteger(error.row) ? formatNumber(error.row + 1) : "" };
}

/** The table's words for a failed request (state.error), in the person's language by its code,
 * else the server's message; a Bock mark refused names the sheet's row (without it, the server's
 * message names the deal). */
export function errorText(error) {
  const generic = t("error.generic", { message: error.message || error.code });
  if (error.code === "bock_mismatch" && !Number.isInteger(error.row)) return generic;
  return t("error." + error.code, errorParams(error), generic);
}

export function errorBanner() {
  if (state.error.line) return claimRefused(state.error.line);
  return h(
    "div",
    { class: "error-banner", role: "alert" },
    h("span", { "data-error": state.error.code }, errorText(state.error)),
    h("button", { class: "btn small", onclick: () => { closeError(); render(); } }, t("button.close")),
  );
}

/** A refused claim: what the server said and the line of play that beats it, card by card with
 * the player's name (the screen reader hears the line in words, turns.js fail). */
function claimRefused(line) {
  const cards = line.map(({ seat, card }) =>
    h("span", { class: "mini-card", "data-seat": String(seat) }, cardFace(card, { title: cardLabel(card) }), h("span", { class: "mini-name" }, seatLabel(seat))),
  );
  return h(
    "div",
    { class: "error-banner claim-refused", role: "alert", "data-ui": "claim-refused", "data-line": line.map(({ seat, card }) => `${seat}:${card}`).join(" ") },
    h("p", {}, t("claim.refused")),
    cards.length ? h("div", { class: "mini-cards claim-line" }, cards) : h("p", {}, t("claim.reached")),
    h("button", { class: "btn small", "data-ui": "close-error", onclick: () => { closeError(); render(); } }, t("button.close")),
  );
}

function isFresh(stamp) {
  return stamp !== undefined && performance.now() - stamp < 200;
}

function seatPlate(seat) {
  const v = state.view;
  const toAct = state.animating ? state.shownToAct : v.to_act;
  const badges = [h("span", { class: "role" }, roleName(seat))];
  if (seat === 2) badges.push(h("span", { class: "badge dealer", title: t("seat.dealerHint") }, t("seat.dealer")));
  if (v.declarer === seat && v.contract) badges.push(h("span", { class: "badge declarer" }, t("seat.declarer")));
  // while a trick is still on the table, it is not yet counted to the seat that takes it
  const tricks = ((state.animating ? state.displayTricks : null) ?? v.tricks ?? [0, 0, 0])[seat];
  return h(
    "div",
    { class: "plate" + (toAct === seat ? " to-act" : ""), "data-seat": seat },
    h("span", { class: "name" }, playerName(seat)),
    badges,
    v.phase === "play" || v.phase === "result" ? h("span", { class: "tricks", title: t("seat.tricksHint") }, t("seat.tricks", { n: tricks })) : null,
    state.busy && toAct === seat && seat !== state.humanSeat ? h("span", { class: "spinner small" }) : null,
    state.bubbles[seat]
      ? h("span", { class: "bubble" + (isFresh(state.bubbleTimes[seat]) ? " pop" : ""), "data-bubble": seat }, callText(state.bubbles[seat]))
      : null,
  );
}

function seatArea(offset) {
  const v = state.view;
  const seat = (state.humanSeat + offset) % 3;
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
  const trick = state.animating ? state.displayTrick ?? [] : v.trick ?? [];
  const slots = trick.map(({ seat, card }) =>
    h(
      "div",
      {
        class:
          "trick-card pos-" +
          seatPosition(seat) +
          (card === state.freshCard && state.animating ? " fresh" : "") +
          (state.trickTaken !== undefined && state.trickTaken !== null ? " taken-" + seatPosition(state.trickTaken) : ""),
        "data-trick-card": card,
      },
      cardFace(card, { title: cardLabel(card) }),
    ),
  );
  const children = [h("div", { class: "trick" }, slots)];
  if (state.waitingClick) children.push(h("p", { class: "hint", "data-ui": "continue" }, t("table.clickToContinue")));
  if (v.skat_shown && v.skat_shown.length) {
    children.push(h("div", { class: "skat-shown" }, h("span", { class: "label" }, t("table.skat")), v.skat_shown.map((c) => cardFace(c))));
  } else if (["bidding", "skat"].includes(v.phase) || (v.phase === "declare" && !v.picked_up)) {
    children.push(h("div", { class: "skat-pile", role: "img", "aria-label": t("table.skat") }, cardBack(), cardBack()));
  }
  // while events are shown, the view's last trick may hold cards not yet on the table
  if (v.last_trick && v.phase === "play" && !state.animating) {
    children.push(
      h("button", { class: "btn small last-trick-btn", "data-ui": "last-trick", onclick: () => { showLastTrick(); render(); } }, t("table.lastTrick")),
    );
  }
  // the whole auction, not only each seat's last call in its bubble (the review has it too)
  if (v.phase !== "result" && allCalls(v).length) {
    children.push(
      h(
        "button",
        { class: "btn small calls-btn", "data-ui": "show-calls", "aria-haspopup": "dialog", onclick: () => { showCalls(); render(); } },
        t("calls.title"),
      ),
    );
  }
  return h("section", { class: "centre" }, children);
}

function humanArea(v) {
  const seat = state.humanSeat;
  const legal = new Set(state.busy || state.animating ? [] : v.legal ?? []);
  const cards = sorted(v.hand);
  const discardPhase = v.phase === "discard" && v.to_act === seat && !state.busy && !state.animating;
  // Schieberamsch: after taking the skat, two cards (no jacks) are pushed on.
  const pushable = new Set(
    v.phase === "schieben" && v.to_act === seat && !state.busy && !state.animating
      ? (v.legal ?? []).filter((a) => a.includes(".")).flatMap((a) => a.split("."))
      : [],
  );
  // Revolution: the defender to pass cards chooses among his own dealt ones (the server's list).
  const exchangeable = new Set(v.phase === "exchange" && v.to_act === seat && !state.busy && !state.animating ? v.exchange?.cards ?? [] : []);
  const received = new Set(v.info?.received ?? []);
  const buttons = cards.map((card) => {
    const playable = v.phase === "play" && legal.has(card);
    const selectable = (discardPhase && !state.declaring) || pushable.has(card) || exchangeable.has(card);
    const enabled = playable || selectable;
    const picked = state.discard.includes(card) || state.exchange.includes(card);
    const reason = enabled ? null : disabledReason(card);
    return h(
      "button",
      {
        class:
          "card-btn" +
          (picked ? " picked" : "") +
          ((discardPhase || pushable.size) && (v.picked_up ?? []).includes(card) ? " from-skat" : "") +
          (pushable.size && !pushable.has(card) ? " unpushable" : "") +
          (received.has(card) && v.phase !== "result" ? " received" : ""),
        "data-card": card,
        disabled: !enabled,
        "aria-pressed": selectable ? String(picked) : null,
        title: reason ? cardLabel(card) + " — " + reason : cardLabel(card),
        onclick: () => (exchangeable.has(card) ? pickExchange(card) : selectable ? pickDiscard(card) : playCard(card)),
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

/** The controls of the phase for the person (a hint, the buttons of the legal actions), or what
 * the table waits for. Each phase's controls are drawn by its module; a legal action no phase
 * handles gets a button of its own. */
function controls(v) {
  if (state.busy || state.animating || v.to_act !== state.humanSeat || v.phase === "result") {
    if (v.phase !== "result" && v.to_act !== null && v.to_act !== undefined && v.to_act !== state.humanSeat) {
      return [h("p", { class: "hint" }, t("status.waitingFor", { name: playerName(v.to_act) }))];
    }
    return [];
  }
  if (state.declaring) return [declareDialog(v)];
  const legal = v.legal ?? [];
  const handled = new Set();
  const out = [];
  const phaseControls = {
    bidding: biddingControls,
    skat: skatControls,
    discard: discardControls,
    declare: declareControls,
    schieben: schiebenControls,
    kontra: kontraControls,
    exchange: exchangeControls,
    play: playControls,
  }[v.phase];
  phaseControls?.(v, legal, handled, out);
  for (const token of legal) {
    if (!handled.has(token)) out.push(actionButton(token));
  }
  out.push(...assistControls(v));
  return out;
}

function lastTrickPanel(v) {
  const lt = v.last_trick;
  return h(
    "div",
    { class: "overlay", onclick: () => { closeLayer("showLastTrick"); render(); } },
    h(
      "section",
      { class: "dialog last-trick", role: "dialog", "aria-label": t("table.lastTrick") },
      h("h2", {}, t("table.lastTrick")),
      h("div", { class: "mini-cards" }, lt.cards.map(({ seat, card }) => h("span", { class: "mini-card" + (seat === lt.winner ? " winner" : "") }, cardFace(card), h("span", { class: "mini-name" }, seatLabel(seat))))),
      h("p", {}, winnerText(lt)),
      h("button", { class: "btn", onclick: () => { closeLayer("showLastTrick"); render(); } }, t("button.close")),
    ),
  );
}
