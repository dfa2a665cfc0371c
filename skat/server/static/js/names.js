// What the table calls things in the person's language and deck: seats, players, cards, games,
// contracts, calls, and the card faces. Everything is seen from the person's seat (state.humanSeat).

import { isContract, parseContract, sortHand } from "./cards.js";
import { cardBackSvg, cardSvg, namingDeck, suitIcon } from "./deck.js";
import { formatNumber, list, rankLabels, t, tn } from "./i18n.js";
import { h } from "./dom.js";
import { state } from "./state.js";

export function seatPosition(seat) {
  // The human sits at the bottom; play goes clockwise, so the next seat sits on the left.
  const d = (seat - state.humanSeat + 3) % 3;
  return ["bottom", "left", "right"][d];
}

/** The seats in the score sheet's order of its columns: the person, left, right. */
export function seatsInSheetOrder() {
  return [0, 1, 2].map((d) => (state.humanSeat + d) % 3);
}

export function playerName(seat) {
  return t("player." + seatPosition(seat));
}

export function roleName(seat) {
  return t("seat." + ["forehand", "middlehand", "rearhand"][seat]);
}

function naming() {
  return namingDeck(state.settings.deck) === "german" ? "german." : "";
}

export function suitName(suit) {
  return suit === "T" ? t("suit.name.T") : t("suit.name." + naming() + suit);
}

export function cardLabel(card) {
  return t("card.name", { rank: t("rank.name." + naming() + card[1]), suit: suitName(card[0]) });
}

/** The grammatical cases a card's name is declined in (cardIn): "acc" the object of a verb
 * ("den Kreuz-Buben spielen"), "dat" after a preposition such as "mit" ("mit dem Kreuz-Buben"),
 * "gen" of a noun ("das Weiterschieben des Kreuz-Buben"). */
export const CARD_CASES = ["acc", "dat", "gen"];

/**
 * A card's name as it stands inside a sentence in `grammaticalCase` (one of CARD_CASES), with
 * its article where the language declines it (German: "dem Kreuz-Buben", "der Pik-Zehn", "des
 * Herz-Asses"; the German deck's "dem Eichel-Unter"); a language without cases names it as
 * cardLabel does. The locale keys card.acc.*, card.dat.*, card.gen.* hold the forms, by rank.
 */
export function cardIn(card, grammaticalCase) {
  if (!CARD_CASES.includes(grammaticalCase)) throw new RangeError(`no grammatical case ${grammaticalCase}`);
  const params = { rank: t("rank.name." + naming() + card[1]), suit: suitName(card[0]) };
  return t("card." + grammaticalCase + "." + card[1], params);
}

/** Cards (tokens) named inside a sentence in `grammaticalCase` (cardIn) and listed, the last
 * joined as the language joins it ("den Kreuz-Buben und das Pik-Ass"). */
export function cardsIn(cards, grammaticalCase) {
  const named = cards.map((card) => cardIn(card, grammaticalCase));
  if (named.length < 2) return named.join("");
  return t("list.last", { items: list(named.slice(0, -1)), last: named[named.length - 1] });
}

function gameLabel(game) {
  if (["C", "S", "H", "D"].includes(game)) return t("game." + naming() + game);
  return t("game." + game);
}

/** The contract of `token` with its announcements as the server lists them (state.contracts:
 * the implied ones too), or null (cards.js parseContract). */
export function contractOf(token) {
  return parseContract(token, Object.hasOwn(state.contracts, token ?? "") ? state.contracts[token] : null);
}

/** A contract's name ("Grand Ouvert Hand"); a text that is no contract is shown as it is. */
export function contractText(text) {
  const c = contractOf(text);
  if (!c) return text;
  if (c.revolution) return t("game.revolution");
  const parts = [gameLabel(c.game)];
  if (c.ouvert) parts.push(t("option.ouvert"));
  if (c.hand) parts.push(t("option.hand"));
  if (c.schwarz && !c.ouvert) parts.push(t("option.schwarz"));
  else if (c.schneider && !c.ouvert) parts.push(t("option.schneider"));
  return parts.join(" ");
}

export function gameNode(game) {
  if (["C", "S", "H", "D"].includes(game)) {
    return h("span", { class: "game-name" }, h("span", { html: suitIcon(game, state.settings.deck) }), gameLabel(game));
  }
  return h("span", { class: "game-name" }, gameLabel(game));
}

/** A Revolution's exchange token (EX.CA.C7, EX, EX.??.??) as said at the table. */
function exchangeText(token) {
  const n = token.split(".").length - 1;
  return n ? tn("bubble.exchanged", n) : t("bubble.exchangedNone");
}

export function actionLabel(token) {
  if (/^\d+$/.test(token)) return token;
  if (/^EX(\.|$)/.test(token)) return exchangeText(token);
  if (isContract(token)) return contractText(token);
  if (/^[CSHD][AKQJT987](\.[CSHD][AKQJT987])+$/.test(token)) {
    return list(token.split(".").map(cardLabel));
  }
  const key = "action." + token;
  const text = t(key);
  return text === key ? token : text;
}

/** A call as the list of calls says it: as at the table (callText), and a Revolution's exchange
 * with the cards that went across where they are shown (to the defenders, and to everyone once
 * the deal is over). */
export function callListText(token) {
  if (!/^EX(\.[CSHD][AKQJT987])+$/.test(token)) return callText(token);
  return t("calls.exchanged", { what: callText(token), cards: list(token.split(".").slice(1).map(cardLabel)) });
}

export function callText(token) {
  if (token === "push:p") return t("bubble.pushUnseen");
  if (token === "push:cards") return t("bubble.pushed");
  if (token === "??.??") return t("bubble.discarded");
  if (token === "claim:null") return t("claim.null");
  if (/^no:(K|R|SU)$/.test(token)) return t("bubble.declined." + token.slice(3));
  if (/^\d+$/.test(token)) return token;
  if (token === "y") return t("bubble.yes");
  if (token === "p") return t("bubble.pass");
  if (token === "s") return t("bubble.skat");
  if (isContract(token)) return contractText(token);
  return actionLabel(token);
}

export function cardFace(card, extra = {}) {
  return h("span", {
    class: "card",
    "data-face": card,
    role: "img",
    "aria-label": cardLabel(card),
    html: cardSvg(card, rankLabels(namingDeck(state.settings.deck)), state.settings.deck),
    ...extra,
  });
}

export function cardBack() {
  return h("span", { class: "card back", "aria-hidden": "true", html: cardBackSvg() });
}

/** `cards` sorted as the person sorts a hand (the settings) in the game of `view`. */
export function sorted(cards, view = state.view) {
  return sortHand(cards ?? [], view?.card_order ?? null, state.settings.sort);
}

/**
 * The token an event's bubble keeps: a Schieberamsch move (kind "push": the skat passed on
 * unseen, or two cards pushed on) is told apart from an auction's pass and a declarer's discard,
 * which share its record tokens.
 */
export function bubbleToken(ev) {
  if (ev.kind === "push") return ev.action === "p" ? "push:p" : "push:cards";
  // a decline says what it turns down: "No Kontra", not a bare "No"
  if (ev.action === "-" && ["K", "R", "SU"].includes(ev.declined)) return "no:" + ev.declined;
  // a discard is not said aloud: the person's own, too, shows as "puts two cards away"
  if (ev.kind === "discard") return "??.??";
  // a Null declarer's claim is "Null is safe", not "the rest is mine" (the same token CL)
  if (ev.kind === "claim" && ev.action === "CL" && parseContract(state?.view?.contract)?.game === "N") return "claim:null";
  return ev.action;
}

/** A score with its sign (+98, −146), written as the score sheet writes it in this language. */
export function signed(value) {
  return formatNumber(value, 0, true);
}

/** The short name of the player at sheet position `p` (0 the person, 1 left, 2 right) for a
 * column, a legend or a label ("Links"), where `playerName`'s form for a sentence ("Spieler
 * links") would not fit. */
export function playerLabel(p) {
  return t("player.label." + ["bottom", "left", "right"][p]);
}

/** The short name (as `playerLabel`) of the player in `seat`, seen from the person's seat. */
export function seatLabel(seat) {
  return t("player.label." + seatPosition(seat));
}
