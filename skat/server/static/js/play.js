// The controls of play: the action buttons, a card played, the cards chosen to put away or push on
// (the discard, a Schieberamsch), the Schieberamsch's and the Kontra question's controls.

import { list, t, tn } from "./i18n.js";
import { h } from "./dom.js";
import { ask } from "./layers.js";
import { parseContract } from "./cards.js";
import { actionLabel, cardLabel, playerName } from "./names.js";
import { clearDiscard, clearExchange, render, send, state, toggleDiscard, toggleExchange } from "./state.js";

export function actionButton(token, label, extra = {}) {
  // conceding throws the game away, a claim ends it: asked once more, a slip of the mouse must
  // not cost it
  const question = token === "RE" ? t("concede.ask") : extra.ask;
  const go = question ? () => ask(question, label ?? actionLabel(token), () => send([token])) : () => send([token]);
  return h("button", { class: "btn " + (extra.class ?? ""), "data-action": token, onclick: go }, label ?? actionLabel(token));
}

export function pairToken(cards, legal) {
  const a = cards.join(".");
  const b = cards.slice().reverse().join(".");
  return legal.includes(a) ? a : legal.includes(b) ? b : null;
}

export function playCard(card) {
  send([card]);
}

/** A card of the hand chosen for the discard (or a Schieberamsch's push), or unchosen. */
export function pickDiscard(card) {
  toggleDiscard(card);
  render();
}

/** A Schieberamsch's controls (take the skat or pass it on unseen, then push two cards on)
 * added to `out`; the legal actions they handle go into `handled`. */
export function schiebenControls(v, legal, handled, out) {
  if (!legal.some((a) => a.includes("."))) {
    out.push(h("p", { class: "hint" }, t("schieben.choose")));
    if (legal.includes("s")) out.push(actionButton("s", t("schieben.take"), { class: "primary" }));
    if (legal.includes("p")) out.push(actionButton("p", t("schieben.pass")));
    legal.forEach((a) => handled.add(a));
    return;
  }
  legal.forEach((a) => handled.add(a));
  const pair = state.discard.length === 2 ? pairToken(state.discard, legal) : null;
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
            clearDiscard();
            send([pair]);
          }
        },
      },
      t("schieben.push"),
    ),
  );
}

/** A card of the hand chosen for a Revolution's exchange, or unchosen. */
export function pickExchange(card) {
  toggleExchange(card);
  render();
}

/** The legal exchange token (EX.CA.C7, EX for none) that passes exactly `cards`, or null: the
 * server's list decides which exchanges the rules allow. */
export function exchangeToken(cards, legal) {
  const want = [...cards].sort().join(".");
  return legal.find((a) => /^EX(\.|$)/.test(a) && a.split(".").slice(1).sort().join(".") === want) ?? null;
}

/** A Revolution's exchange (the defender passes cards to his partner, who sees them, before the
 * first lead) added to `out`: the hint, and the confirm [data-action=exchange] with the token of
 * the cards chosen in the hand, enabled when the rules allow it. */
export function exchangeControls(v, legal, handled, out) {
  legal.forEach((a) => handled.add(a));
  const ex = v.exchange ?? { count: null, cards: [], received: [] };
  const declarer = v.declarer ?? 0;
  const partner = [0, 1, 2].find((s) => s !== declarer && s !== state.humanSeat);
  const chosen = state.exchange.filter((c) => ex.cards.includes(c));
  const token = exchangeToken(chosen, legal);
  if (ex.count === null) out.push(h("p", { class: "hint" }, t("exchange.hintFirst", { name: playerName(partner) })));
  else {
    const got = list(ex.received.map(cardLabel));
    out.push(h("p", { class: "hint" }, tn("exchange.hintSecond", ex.count, { name: playerName(partner), cards: got })));
  }
  // the second defender's confirm names the count the rules ask for; the first's, the cards chosen
  const n = ex.count ?? chosen.length;
  const label = n ? tn("exchange.pass", n) : t("exchange.passNone");
  out.push(
    h(
      "button",
      {
        class: "btn primary",
        "data-action": "exchange",
        "data-token": token ?? "",
        disabled: !token,
        onclick: () => {
          if (!token) return;
          clearExchange();
          send([token]);
        },
      },
      label,
    ),
  );
}

/** The Kontra question's hint added to `out` (its answers get a button each). */
export function kontraControls(v, legal, handled, out) {
  // Supra is named only where the deal's rules let a defender answer a Re with it
  out.push(h("p", { class: "hint" }, t(v.options?.supra ? "kontra.hintSupra" : "kontra.hint")));
}

/** Play's hint added to `out`; the cards, played from the hand, go into `handled`; a claim the
 * server offers (the rule option claims: `CL` the declarer's, `CD` a defender's) gets its
 * button, named for the game (in Null the declarer claims his Null safe). */
export function playControls(v, legal, handled, out) {
  legal.filter((a) => /^[CSHD][AKQJT987]$/.test(a)).forEach((a) => handled.add(a));
  out.push(h("p", { class: "hint" }, t("play.hint")));
  const isNull = parseContract(v.contract)?.game === "N";
  for (const token of ["CL", "CD"].filter((a) => legal.includes(a))) {
    handled.add(token);
    const kind = token === "CD" ? "defenders" : isNull ? "null" : "rest";
    const label = kind === "null" ? t("claim.null") : actionLabel(token);
    out.push(actionButton(token, label, { class: "claim", ask: t("claim.ask." + kind) }));
  }
}
