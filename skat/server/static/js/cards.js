// Cards in ISS notation ("CJ", "HT"), contracts ("CH", "NO") and the order a Skat player sorts a
// hand in. Pure functions, no DOM: the rules themselves live on the server (the order of the cards
// in each game comes with the view, skat.rules.card_order); this module only knows enough to sort
// and label what the server sent, and reads the rule options a record names (a replay's).

export const SUITS = ["C", "S", "H", "D"]; // ♣ ♠ ♥ ♦: the order of the jacks
export const RED = new Set(["H", "D"]);

/** The ways the person may sort the suits after the trumps (the settings' "hand sorting"). */
export const SORTINGS = ["alternate", "suits"];

/**
 * A contract from its ISS notation: {game, hand, schneider, schwarz, ouvert, revolution}, or null
 * for a text that is none. `announced` is what the server lists for the token (GET /api/options
 * `contracts`, skat.server.view.contracts_json): the announcements the contract implies are there
 * too (ouvert in a suit game or Grand: Hand, Schneider and Schwarz; Revolution, V: ouvert and
 * Hand), so that no rule is repeated here. Without the server's list, the letters as written.
 */
export function parseContract(text, announced = null) {
  if (typeof text !== "string" || !/^[DHSCGNRX][OHSZV]*$/.test(text)) return null;
  const mods = text.slice(1);
  const has = (name, letter) => (announced ? announced.includes(name) : mods.includes(letter));
  return {
    game: text[0],
    hand: has("hand", "H"),
    schneider: has("schneider", "S"),
    schwarz: has("schwarz", "Z"),
    ouvert: has("ouvert", "O"),
    revolution: has("revolution", "V"),
  };
}

/** True for a legal-action token that is a declaration. */
export function isContract(token) {
  return /^[DHSCGNX][OHSZV]*$/.test(token) && parseContract(token) !== null;
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
 * The cards sorted as a Skat player holds them, by `order`, the view's `card_order` of the game
 * played: its trumps first from the highest (jacks, then a suit game's trump suit; none in Null),
 * then the other suits, each from its highest card (in Null the jacks sit in their suits) — in
 * the order that alternates colours best after the trump suit (`sorting` "alternate"), or ♣ ♠ ♥ ♦
 * ("suits"). Without an order the cards stay as given.
 */
export function sortHand(cards, order, sorting = "alternate") {
  if (!order) return cards.slice();
  const have = new Set(cards);
  const out = order.trumps.filter((card) => have.has(card));
  const present = SUITS.filter((suit) => (order.suits[suit] ?? []).some((card) => have.has(card)));
  const sequence = sorting === "suits" ? present : suitSequence(present, order.trump_suit);
  for (const suit of sequence) {
    for (const card of order.suits[suit]) if (have.has(card)) out.push(card);
  }
  return out;
}

/** The rule options written in a record's RU[...] property, in the form the server takes them
 * ({kontra: "on", supra: true, ...}): a replay is dealt under the record's own rules. */
export function recordOptions(record) {
  const m = record.match(/RU\[([^\]]*)\]/);
  const out = {};
  if (!m) return out;
  for (const part of m[1].split(",")) {
    const [k, v] = part.split("=");
    if (!k) continue;
    out[k] = v === "1" ? true : v === "0" ? false : v;
  }
  return out;
}
