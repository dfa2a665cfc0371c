// Cards in ISS notation ("CJ", "HT"), contracts ("CH", "NO") and the order a Skat player sorts a
// hand in. Pure functions, no DOM: the rules themselves live on the server; this module only
// knows enough to sort, label and explain what the server sent.

export const SUITS = ["C", "S", "H", "D"]; // ♣ ♠ ♥ ♦: the order of the jacks
export const RED = new Set(["H", "D"]);
const SUIT_ORDER_RANKS = ["A", "T", "K", "Q", "9", "8", "7"];
const NULL_ORDER_RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7"];
const BASE_VALUE = { D: 9, H: 10, S: 11, C: 12, G: 24, X: 20 };
const NULL_VALUE = { N: 23, NH: 35, NO: 46, NOH: 59 };

export function suitOf(card) {
  return card[0];
}

export function rankOf(card) {
  return card[1];
}

/** A contract from its ISS notation: {game, hand, schneider, schwarz, ouvert}. */
export function parseContract(text) {
  if (typeof text !== "string" || !/^[DHSCGNRX][OHSZ]*$/.test(text)) return null;
  const game = text[0];
  const mods = text.slice(1);
  const c = {
    game,
    hand: mods.includes("H"),
    schneider: mods.includes("S"),
    schwarz: mods.includes("Z"),
    ouvert: mods.includes("O"),
  };
  return normalizeContract(c);
}

/** Adds what an announcement implies: ouvert (not Null) → Hand, Schneider, Schwarz. */
export function normalizeContract(c) {
  const out = { ...c };
  if (out.game === "N" || out.game === "R") {
    out.schneider = false;
    out.schwarz = false;
    return out;
  }
  if (out.ouvert) out.hand = out.schwarz = true;
  if (out.schwarz) out.schneider = true;
  return out;
}

/** The canonical ISS notation of a contract (as skat.contract.Contract.__str__). */
export function formatContract(c) {
  let text = c.game;
  if (c.game === "N") return text + (c.ouvert ? "O" : "") + (c.hand ? "H" : "");
  if (c.ouvert) return text + "O";
  if (c.hand) text += "H";
  if (c.schwarz) return text + "Z";
  if (c.schneider) return text + "S";
  return text;
}

/** True for a legal-action token that is a declaration. */
export function isContract(token) {
  return /^[DHSCGNX][OHSZ]*$/.test(token) && parseContract(token) !== null;
}

/** The trump suit letter of a game letter, or null (Grand, Null, Ramsch). */
export function trumpSuit(game) {
  return SUITS.includes(game) ? game : null;
}

/** The effective suit of a card in a game: "T" for trumps, else its printed suit. */
export function effectiveSuit(card, game) {
  if (game === "N") return suitOf(card);
  if (rankOf(card) === "J") return "T";
  if (trumpSuit(game) && suitOf(card) === game) return "T";
  return suitOf(card);
}

function suitSequence(present, trump) {
  // The non-trump suits in the order that alternates colours best, starting after the trump suit.
  let best = null;
  let bestScore = -1;
  const perms = permutations(present);
  for (const p of perms) {
    const seq = trump ? [trump, ...p] : p;
    let score = 0;
    for (let i = 1; i < seq.length; i++) {
      if (RED.has(seq[i]) !== RED.has(seq[i - 1])) score += 1;
    }
    if (score > bestScore) {
      best = p;
      bestScore = score;
    }
  }
  return best ?? [];
}

function permutations(items) {
  if (items.length <= 1) return [items.slice()];
  const out = [];
  items.forEach((item, i) => {
    const rest = items.slice(0, i).concat(items.slice(i + 1));
    for (const p of permutations(rest)) out.push([item, ...p]);
  });
  return out;
}

/**
 * The cards sorted as Skat players hold them: jacks left (♣ ♠ ♥ ♦), then the trump suit, then the
 * other suits alternating colours; in Null the jacks sit inside their suits (A K Q J T 9 8 7).
 * `game` is a game letter or null (not yet known: sorted as for Grand).
 */
export function sortHand(cards, game) {
  const isNull = game === "N";
  const trump = isNull ? null : trumpSuit(game);
  const jacks = isNull ? [] : SUITS.map((s) => s + "J").filter((c) => cards.includes(c));
  const present = SUITS.filter(
    (s) => s !== trump && cards.some((c) => suitOf(c) === s && (isNull || rankOf(c) !== "J")),
  );
  const order = (trump ? [trump] : []).concat(suitSequence(present, trump));
  const ranks = isNull ? NULL_ORDER_RANKS : SUIT_ORDER_RANKS;
  const out = jacks.slice();
  for (const suit of order) {
    for (const rank of ranks) {
      const card = suit + rank;
      if (cards.includes(card)) out.push(card);
    }
  }
  return out;
}

/** Matadors "with" (positive) or "without" (negative) in the known cards (ISkO 4.1.3). */
export function matadors(cards, game) {
  let sequence;
  if (game === "G") sequence = SUITS.map((s) => s + "J");
  else if (trumpSuit(game))
    sequence = SUITS.map((s) => s + "J").concat(SUIT_ORDER_RANKS.map((r) => game + r));
  else return 0;
  const have = new Set(cards);
  const first = have.has(sequence[0]);
  let n = 0;
  for (const card of sequence) {
    if (have.has(card) !== first) break;
    n += 1;
  }
  return first ? n : -n;
}

/**
 * What a contract is worth from the declarer's known cards (game points): `plain` won without
 * further levels, `schneider` with Schneider made, `max` with Schneider and Schwarz made (ISkO
 * 5.2). Null has fixed values.
 */
export function contractValues(contract, cards) {
  const c = contract;
  if (c.game === "N") {
    const v = NULL_VALUE[formatContract({ ...c, schneider: false, schwarz: false })] ?? 23;
    return { plain: v, schneider: v, max: v };
  }
  const base = BASE_VALUE[c.game];
  if (!base) return { plain: 0, schneider: 0, max: 0 };
  const m = Math.abs(matadors(cards, c.game));
  let levels = 1 + m + (c.hand ? 1 : 0);
  levels += c.schneider ? 1 : 0; // announced
  levels += c.schwarz ? 1 : 0; // announced
  levels += c.ouvert ? 1 : 0;
  const plainLevels = levels + (c.schneider ? 1 : 0) + (c.schwarz ? 1 : 0);
  const schneiderLevels = Math.max(plainLevels, levels + 1); // Schneider reached in play
  const max = levels + 2; // Schneider and Schwarz reached in play
  return { plain: base * plainLevels, schneider: base * schneiderLevels, max: base * max };
}

/** Card points of a card (A 11, T 10, K 4, Q 3, J 2). */
export function cardPoints(card) {
  return { A: 11, T: 10, K: 4, Q: 3, J: 2 }[rankOf(card)] ?? 0;
}
