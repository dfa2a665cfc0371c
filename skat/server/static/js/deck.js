// Card faces drawn as SVG by the project: crisp at any size, no image files, no downloads.
// A deck is a table of suit shapes and colours: the French deck (♣ ♠ ♥ ♦), the German deck
// (Eichel, Grün, Herz, Schellen; drawn on the same card layout) and the tournament four-colour
// deck (clubs black, spades green, hearts red, diamonds orange). The labels printed on the cards
// and the cards' names come from i18n.js, by deck and language. A shape is either one path (drawn
// in the suit's colour) or a list of [path, colour] parts.

// Suit symbols in a 100 × 100 box, centred on (50, 50).
const SHAPES = {
  H:
    "M50 90 C22 68 4 50 8 30 C12 12 34 6 50 26 C66 6 88 12 92 30 C96 50 78 68 50 90 Z",
  D: "M50 4 Q66 30 88 50 Q66 70 50 96 Q34 70 12 50 Q34 30 50 4 Z",
  S:
    "M50 6 C66 30 94 44 92 64 C90 80 70 86 56 74 Q58 86 66 94 L34 94 Q42 86 44 74 " +
    "C30 86 10 80 8 64 C6 44 34 30 50 6 Z",
  C:
    "M31 27 a19 19 0 1 0 38 0 a19 19 0 1 0 -38 0 Z M10 57 a19 19 0 1 0 38 0 a19 19 0 1 0 -38 0 Z " +
    "M52 57 a19 19 0 1 0 38 0 a19 19 0 1 0 -38 0 Z M46 50 L54 50 Q56 82 68 95 L32 95 Q44 82 46 50 Z",
};

const FRENCH = {
  name: "french",
  colours: { C: "#1b1b1f", S: "#1b1b1f", H: "#c8102e", D: "#c8102e" },
  shapes: SHAPES,
};

// German suits in the same 100 × 100 box.
const GERMAN_SHAPES = {
  // Eichel: the acorn's nut, its cup and stalk.
  C: [
    ["M50 8 C66 8 74 30 72 50 L28 50 C26 30 34 8 50 8 Z", "#9a6a2f"],
    ["M24 50 Q50 40 76 50 L72 66 Q50 76 28 66 Z M46 70 L54 70 L53 94 L47 94 Z", "#4e3419"],
  ],
  // Grün: a leaf with its stalk and a central vein.
  S: [
    ["M50 4 C82 24 88 58 54 84 L54 96 L46 96 L46 84 C12 58 18 24 50 4 Z", "#2e7d32"],
    ["M49 18 L51 18 L51 80 L49 80 Z M50 40 L66 30 L67 32 L51 43 Z M50 58 L34 46 L33 48 L49 61 Z", "#c8e6c9"],
  ],
  H: [["M50 90 C22 68 4 50 8 30 C12 12 34 6 50 26 C66 6 88 12 92 30 C96 50 78 68 50 90 Z", "#c8102e"]],
  // Schellen: a round bell with a band and a slit.
  D: [
    ["M50 14 a38 38 0 1 0 0.1 0 Z", "#e39b00"],
    ["M14 44 L86 44 L86 54 L14 54 Z", "#b3261e"],
    ["M40 74 a10 6 0 1 0 20 0 a10 6 0 1 0 -20 0 Z M46 6 L54 6 L54 16 L46 16 Z", "#4e3419"],
  ],
};

const GERMAN = {
  name: "german",
  colours: { C: "#6b4a22", S: "#2e7d32", H: "#c8102e", D: "#b86e00" },
  shapes: GERMAN_SHAPES,
};

const FOUR_COLOUR = {
  name: "fourcolour",
  colours: { C: "#1b1b1f", S: "#1d7a33", H: "#c8102e", D: "#e07800" },
  shapes: SHAPES,
};

export const DECKS = { french: FRENCH, german: GERMAN, fourcolour: FOUR_COLOUR };

/** The names of the decks, in the order the settings offer them. */
export const DECK_NAMES = ["french", "german", "fourcolour"];

/** The deck whose card names and labels a deck uses (the four-colour deck is a French one). */
export function namingDeck(deckName) {
  return deckName === "german" ? "german" : "french";
}

// Pip positions (x, y) on a 100 × 140 card for the number cards; pips below the middle are
// turned upside down as on printed cards.
const PIPS = {
  7: [[30, 28], [70, 28], [50, 50], [30, 70], [70, 70], [30, 112], [70, 112]],
  8: [[30, 28], [70, 28], [50, 49], [30, 70], [70, 70], [50, 91], [30, 112], [70, 112]],
  9: [[30, 28], [70, 28], [30, 56], [70, 56], [50, 70], [30, 84], [70, 84], [30, 112], [70, 112]],
  T: [
    [30, 28], [70, 28], [50, 42], [30, 56], [70, 56],
    [30, 84], [70, 84], [50, 98], [30, 112], [70, 112],
  ],
};

function shapeParts(suit, deck) {
  const shape = deck.shapes[suit];
  return typeof shape === "string" ? [[shape, deck.colours[suit]]] : shape;
}

function symbol(suit, deck, x, y, size, flip = false) {
  const s = size / 100;
  const rot = flip ? ` rotate(180 50 50)` : "";
  const paths = shapeParts(suit, deck)
    .map(([d, fill]) => `<path d="${d}" fill="${fill}"/>`)
    .join("");
  return `<g transform="translate(${x - size / 2} ${y - size / 2}) scale(${s})${rot}">${paths}</g>`;
}

function corner(card, deck, labels) {
  const suit = card[0];
  const rank = labels[card[1]] ?? card[1];
  const colour = deck.colours[suit];
  const size = rank.length > 1 ? 17 : 21;
  const one =
    `<text x="11" y="22" text-anchor="middle" font-size="${size}" font-weight="700" ` +
    `font-family="Georgia, 'DejaVu Serif', serif" fill="${colour}"${rank.length > 1 ? ' letter-spacing="-2"' : ""}>${rank}</text>` +
    symbol(suit, deck, 11, 34, 14);
  return `<g>${one}</g><g transform="rotate(180 50 70)">${one}</g>`;
}

function court(card, deck, labels) {
  // Jack, Queen, King: a framed picture with the rank letter and the suit, double-ended.
  const suit = card[0];
  const colour = deck.colours[suit];
  const tint = { C: "#e4e8f3", S: deck.name === "french" ? "#e4e8f3" : "#e3f1e4", H: "#fbe3e3", D: deck.name === "french" ? "#fbe3e3" : "#fdf0d8" }[suit];
  const rank = labels[card[1]] ?? card[1];
  const half =
    `<text x="50" y="62" text-anchor="middle" font-size="34" font-weight="700" ` +
    `font-family="Georgia, 'DejaVu Serif', serif" fill="${colour}">${rank}</text>` +
    symbol(suit, deck, 34, 36, 16) +
    symbol(suit, deck, 66, 36, 16) +
    `<path d="M30 24 L38 16 L44 24 L50 14 L56 24 L62 16 L70 24" fill="none" stroke="#d4a017" ` +
    `stroke-width="3" stroke-linejoin="round"/>`;
  return (
    `<rect x="22" y="12" width="56" height="116" rx="4" fill="${tint}" stroke="${colour}" stroke-width="1.5"/>` +
    `<line x1="22" y1="70" x2="78" y2="70" stroke="${colour}" stroke-width="0.8"/>` +
    `<g>${half}</g><g transform="rotate(180 50 70)">${half}</g>`
  );
}

/**
 * The SVG markup of one card face, on a 100 × 140 viewBox.
 * `labels` maps rank letters (A K Q J T 9 8 7) to what the chosen language prints.
 */
export function cardSvg(card, labels, deckName = "french") {
  const deck = DECKS[deckName] ?? FRENCH;
  const suit = card[0];
  const rank = card[1];
  let body;
  if (rank === "A") body = symbol(suit, deck, 50, 70, 52);
  else if (rank === "J" || rank === "Q" || rank === "K") body = court(card, deck, labels);
  else body = PIPS[rank].map(([x, y]) => symbol(suit, deck, x, y, 18, y > 70)).join("");
  return (
    `<svg class="card-face" viewBox="0 0 100 140" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">` +
    `<rect x="1" y="1" width="98" height="138" rx="8" fill="#fffdf8" stroke="#9a9a9a" stroke-width="1"/>` +
    body +
    corner(card, deck, labels) +
    `</svg>`
  );
}

/** The SVG markup of a card back. */
export function cardBackSvg() {
  return (
    `<svg class="card-face" viewBox="0 0 100 140" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">` +
    `<defs><pattern id="back-pattern" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
    `<rect width="10" height="10" fill="#1d4e89"/><rect width="5" height="10" fill="#2563a8"/></pattern></defs>` +
    `<rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" stroke="#9a9a9a"/>` +
    `<rect x="7" y="7" width="86" height="126" rx="5" fill="url(#back-pattern)"/>` +
    `<rect x="7" y="7" width="86" height="126" rx="5" fill="none" stroke="#f5f5f5" stroke-width="2"/>` +
    `</svg>`
  );
}

/** A small inline suit symbol (for text: contract names, reasons). */
export function suitIcon(suit, deckName = "french") {
  const deck = DECKS[deckName] ?? FRENCH;
  return (
    `<svg class="suit-icon" viewBox="0 0 100 100" aria-hidden="true">` +
    shapeParts(suit, deck).map(([d, fill]) => `<path d="${d}" fill="${fill}"/>`).join("") +
    `</svg>`
  );
}
