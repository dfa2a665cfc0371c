// Taking the skat or playing Hand, the discard, and the declaration dialog, built from the
// server's list of legal contracts with their figures (view.declarations).

import { list, t } from "./i18n.js";
import { isContract } from "./cards.js";
import { actionButton } from "./play.js";
import { h } from "./dom.js";
import { cardLabel, contractText, gameNode } from "./names.js";
import { closeLayer, focus } from "./panelstate.js";
import { chooseDeclaration, declared, openDeclaration, render, send, state } from "./state.js";

// The announcements' switches of the declaration dialog (which of them a contract has, and which
// contracts there are, the server says: view.declarations); Revolution's only where the server
// offers it.
const ANNOUNCEMENTS = ["hand", "schneider", "schwarz", "ouvert", "revolution"];

/**
 * The contracts the dialog offers, each with the server's figures (view.declarations: in the
 * skat phase the Hand games, after a pick-up those after it; with a discard chosen, those legal
 * after the discard, which the server sends ahead).
 */
function declarable() {
  return state.view?.declarations ?? [];
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

export function openDeclare(hand, discard) {
  const kept = (state.view?.hand ?? []).filter((card) => !(discard ?? []).includes(card));
  openDeclaration(hand, discard, openingEntry(declarable(), kept));
  // Keyboard play: the focus goes to the confirm (Enter plays the game shown); Shift+Tab reaches
  // the switches and the games.
  focus(`[data-action="declare"]`);
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
 * skat counts for the matadors unseen: the figures are the hand's alone, and the warning says so;
 * where the hand alone reaches the bid but the unseen skat can bring it below (the server's
 * `skat_overbid`), the warning says how low: its `lowest_matadors` and `lowest_value`, and
 * what made in play still lifts it to the bid (`lowest_reach`: Schneider, Schwarz, or nothing).
 */
function overbidWarning(d, bid) {
  if (!d) return null;
  if (d.reach === "bid") {
    if (!d.skat_overbid) return null;
    const worst = t("declare.skatOverbid", { matadors: matadorsText(d.lowest_matadors), lowest: d.lowest_value, bid });
    const then = t(`declare.skatOverbid.${d.lowest_reach ?? "none"}`, { value: d.lowest_reach_value });
    return `${worst} ${then}`;
  }
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

/** Why the Null games the server left out are not offered (view.declarations_out: each below
 * the bid, its fixed value; skat.contract.declarations_below_bid, ISkO 4.2), or null when none
 * is: "Not offered at your bid of 48: Null Hand (35). …". */
function leftOutNote(v) {
  const out = v.declarations_out ?? [];
  if (!out.length) return null;
  const games = list(out.map((d) => `${contractText(d.contract)} (${d.value})`));
  return h("p", { class: "hint", "data-declare-out": out.map((d) => d.contract).join(" ") }, t("declare.leftOut", { bid: v.bid, games }));
}

/** The matadors `n` as the result's steps word them: "with 2", "without 1". */
function matadorsText(n) {
  return t(n > 0 ? "step.matadors_with" : "step.matadors_without", { value: Math.abs(n) });
}

/** What the chosen contract is worth, as the server counts it: "with 2 · game value 36". */
function worthText(d) {
  const parts = [];
  if (d.matadors) parts.push(matadorsText(d.matadors));
  parts.push(t("declare.worth", { value: d.value }));
  return parts.join(" · ");
}

/**
 * Why the switch `option` is off for the chosen `entry` (the server offers no contract with it),
 * in the person's words: Hand is fixed by the pick-up or by playing Hand; after a pick-up a game
 * with trumps (the server's `trumps`) takes no announcement, as the ISkO announces Schneider and
 * Schwarz only in a Hand game (5.2.5) and a suit or Grand Ouvert is one (5.2.6); else the chosen
 * game has none of it (Schneider in a Null). "" for a switch that is allowed.
 */
function switchReason(entry, option, allowed) {
  if (allowed) return "";
  if (option === "hand") return t(state.declaring?.hand ? "declare.why.hand" : "declare.why.pickedUp");
  if (pickedUpWithTrumps(entry)) return t("declare.why.onlyHand");
  return entry ? t("declare.why.notWith", { game: contractText(entry.game) }) : "";
}

/** Whether `entry` is a game with trumps (the server's `trumps`, null in Null) after a pick-up. */
function pickedUpWithTrumps(entry) {
  return !state.declaring?.hand && Array.isArray(entry?.trumps);
}

export function declareDialog(v) {
  const entries = declarable();
  const d = entries.includes(state.dialog) ? state.dialog : entries.find((e) => e.contract === state.dialog?.contract) ?? null;
  const gameButtons = gamesOf(entries).map((g) =>
    h(
      "button",
      {
        class: "game-btn" + (d?.game === g ? " selected" : ""),
        "data-game": g,
        "aria-pressed": String(d?.game === g),
        onclick: () => {
          chooseDeclaration(sameAnnouncements(entries, d, g));
          render();
        },
      },
      gameNode(g),
    ),
  );
  const offered = ANNOUNCEMENTS.filter((o) => o !== "revolution" || entries.some((e) => e.announced.includes(o)));
  const switches = offered.map((o) => {
    const next = d ? toggledEntry(entries, d, o) : null;
    // a switch that would not change the contract (Schneider in a Null) is not offered
    const allowed = Boolean(next && next !== d);
    const why = switchReason(d, o, allowed);
    return h(
      "label",
      { class: "switch" + (allowed ? "" : " disabled"), title: why || null },
      h("input", {
        type: "checkbox",
        "data-option": o,
        checked: Boolean(d?.announced.includes(o)),
        disabled: !allowed,
        onchange: () => {
          chooseDeclaration(next ?? d);
          render();
        },
      }),
      h("span", {}, t("option." + o)),
    );
  });
  const chosen = d ? d.contract : null;
  const warning = overbidWarning(d, v.bid);
  // after a pick-up a game with trumps takes no announcement: said once under the switches too
  const onlyHand = pickedUpWithTrumps(d) ? t("declare.why.onlyHand") : null;
  const body = [
    h("h2", {}, t("declare.title")),
    state.declaring.discard
      ? h("p", { class: "hint" }, t("declare.discarded", { cards: list(state.declaring.discard.map(cardLabel)) }))
      : null,
    h("div", { class: "games", role: "group", "aria-label": t("declare.game"), style: `--games:${gameButtons.length}` }, gameButtons),
    h("div", { class: "switches", role: "group", "aria-label": t("declare.options") }, switches),
    onlyHand ? h("p", { class: "hint", "data-switches-why": "" }, onlyHand) : null,
    leftOutNote(v),
    d
      ? h(
          "p",
          { class: "chosen", "data-value": String(d.value) },
          t("declare.chosen", { game: contractText(chosen) }),
          h("span", { class: "worth" }, " · " + worthText(d)),
        )
      : null,
    warning ? h("p", { class: "warning", role: "alert", "data-warning": d.reach === "bid" ? "skat" : "overbid" }, warning) : null,
    h(
      "div",
      { class: "dialog-buttons" },
      h(
        "button",
        {
          class: "btn",
          "data-ui": "declare-back",
          onclick: () => {
            closeLayer("declaring");
            render();
          },
        },
        state.declaring.discard ? t("declare.changeDiscard") : t("button.back"),
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
            if (!state.declaring) return;
            const actions = state.declaring.discard ? [state.declaring.discard.join("."), chosen] : [chosen];
            declared();
            send(actions);
          },
        },
        t("declare.confirm"),
      ),
    ),
  ];
  return h("div", { class: "dialog declare-dialog", role: "dialog", "aria-label": t("declare.title") }, body);
}

/** The skat phase's controls (pick up the skat, or play Hand) added to `out`; the legal actions
 * they handle go into `handled`. */
export function skatControls(v, legal, handled, out) {
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
}

/** The discard's controls (the hint and its confirm) added to `out`; the legal actions they
 * handle go into `handled`. */
export function discardControls(v, legal, handled, out) {
  legal.forEach((a) => handled.add(a));
  const ready = state.discard.length === 2;
  out.push(h("p", { class: "hint" }, t("discard.hint")));
  out.push(
    h(
      "button",
      {
        class: "btn primary",
        "data-action": "discard",
        disabled: !ready,
        onclick: () => {
          if (state.discard.length === 2) openDeclare(false, state.discard.slice());
        },
      },
      t("discard.confirm"),
    ),
  );
}

/** The declare phase's control (opening the declaration dialog) added to `out`; the legal
 * actions it handles go into `handled`. */
export function declareControls(v, legal, handled, out) {
  const contracts = legal.filter(isContract);
  contracts.forEach((a) => handled.add(a));
  if (contracts.length) {
    out.push(h("button", { class: "btn primary", "data-ui": "declare-open", onclick: () => openDeclare(!v.picked_up, null) }, t("declare.open")));
  }
}
