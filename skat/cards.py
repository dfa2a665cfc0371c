"""Cards, card sets and their ISS notation.

A card is a small int ``suit * 8 + rank`` (0..31); a set of cards is a 32-bit mask with bit
``card`` set. Suits count up in base-value order (♦ 0, ♥ 1, ♠ 2, ♣ 3) and ranks count up in the
order of a suit game (7 8 9 Q K T A) with the jack on top, so that

* the jacks are the top bit of each suit's byte (:data:`JACKS` = ``0x80808080``) and their bit
  order is their trump order (♦J < ♥J < ♠J < ♣J);
* within a suit, the lower seven bits are in suit-game order.

The canonical notation is the ISS one: suit letter ``C S H D`` then rank ``A K Q J T 9 8 7``
(``T`` is the ten), e.g. ``CJ SA HT D7``.

>>> card = parse_card("HT")
>>> card, format_card(card), points_of_card(card)
(13, 'HT', 10)
>>> hand = CardSet.from_str("CJ SA HT D7")
>>> len(hand), hand.points(), str(hand)
(4, 23, 'CJ SA HT D7')
>>> hand - CardSet.from_str("SA")
CardSet.from_str('CJ HT D7')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import IntEnum

from skat.errors import NotationError, shown

__all__ = [
    "ALL_CARDS",
    "JACKS",
    "RANK_POINTS",
    "CardSet",
    "Rank",
    "Suit",
    "card_of",
    "card_pairs",
    "cards_ascending",
    "cards_of_mask",
    "format_card",
    "format_cards",
    "mask_of",
    "parse_card",
    "parse_cards",
    "points",
    "points_of_card",
    "rank_mask",
    "rank_of",
    "suit_mask",
    "suit_of",
]


class Suit(IntEnum):
    """The four suits, in base-value order (♦ 9, ♥ 10, ♠ 11, ♣ 12).

    >>> Suit.HEARTS.letter, int(Suit.CLUBS), suit_of(parse_card("SA"))
    ('H', 3, <Suit.SPADES: 2>)
    """

    DIAMONDS = 0
    HEARTS = 1
    SPADES = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """The ISS letter: ``D H S C``."""
        return "DHSC"[self]


class Rank(IntEnum):
    """The eight ranks, in suit-game order with the jack on top.

    >>> Rank.TEN.letter, RANK_POINTS[Rank.TEN], rank_of(parse_card("CJ"))
    ('T', 10, <Rank.JACK: 7>)
    """

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    QUEEN = 3
    KING = 4
    TEN = 5
    ACE = 6
    JACK = 7

    @property
    def letter(self) -> str:
        """The ISS letter: ``7 8 9 Q K T A J``."""
        return "789QKTAJ"[self]


RANK_POINTS: tuple[int, ...] = (0, 0, 0, 3, 4, 10, 11, 2)
"""Card points by :class:`Rank`: A 11, T 10, K 4, Q 3, J 2, 9/8/7 0 (120 in the deck)."""

ALL_CARDS = 0xFFFFFFFF
"""The mask of all 32 cards."""

JACKS = 0x80808080
"""The mask of the four jacks."""

_SUIT_LETTERS = "DHSC"
_RANK_LETTERS = "789QKTAJ"


def suit_mask(suit: int) -> int:
    """The mask of the eight printed cards of ``suit`` (jack included)."""
    return 0xFF << (8 * suit)


def rank_mask(rank: int) -> int:
    """The mask of the four cards of ``rank``."""
    return 0x01010101 << rank


_RANK_MASKS = tuple(rank_mask(r) for r in range(8))


def card_of(suit: int, rank: int) -> int:
    """The card of ``suit`` and ``rank``."""
    return suit * 8 + rank


def suit_of(card: int) -> Suit:
    """The printed suit of ``card``."""
    return Suit(card >> 3)


def rank_of(card: int) -> Rank:
    """The rank of ``card``."""
    return Rank(card & 7)


def points_of_card(card: int) -> int:
    """The card points of one card."""
    return RANK_POINTS[card & 7]


def points(mask: int) -> int:
    """The card points of a card mask (0..120)."""
    total = 0
    for rank in (3, 4, 5, 6, 7):
        total += RANK_POINTS[rank] * (mask & _RANK_MASKS[rank]).bit_count()
    return total


def parse_card(text: str) -> int:
    """Parse one card in ISS notation (``"CJ"``, ``"HT"``).

    Raises:
        NotationError: the text is not a card.
    """
    if (
        not isinstance(text, str)
        or len(text) != 2
        or text[0] not in _SUIT_LETTERS
        or text[1] not in _RANK_LETTERS
    ):
        raise NotationError(
            f"not a card: {shown(text)} (expected suit C S H D and rank A K Q J T 9 8 7)"
        )
    return _SUIT_LETTERS.index(text[0]) * 8 + _RANK_LETTERS.index(text[1])


def format_card(card: int) -> str:
    """The ISS notation of one card."""
    if not 0 <= card < 32:
        raise NotationError(f"not a card number: {card!r} (expected 0..31)")
    return _SUIT_LETTERS[card >> 3] + _RANK_LETTERS[card & 7]


def cards_of_mask(mask: int) -> list[int]:
    """The cards of ``mask``, in descending card order (♣J first, ♦7 last)."""
    out = []
    while mask:
        high = mask.bit_length() - 1
        out.append(high)
        mask ^= 1 << high
    return out


def cards_ascending(mask: int) -> list[int]:
    """The cards of ``mask``, in ascending card order (♦7 first, ♣J last).

    >>> [format_card(c) for c in cards_ascending(mask_of(parse_cards("CJ D7 HA")))]
    ['D7', 'HA', 'CJ']
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def card_pairs(mask: int) -> list[int]:
    """Every two cards of ``mask`` as a mask, by the lower card, then the higher (both
    ascending): the discards and pushes of a hand, the skats of the unseen cards.

    >>> [format_cards(cards_of_mask(p)) for p in card_pairs(mask_of(parse_cards("D7 D8 D9")))]
    ['D8 D7', 'D9 D7', 'D9 D8']
    """
    cards = cards_ascending(mask)
    return [1 << a | 1 << b for i, a in enumerate(cards) for b in cards[i + 1 :]]


def mask_of(cards: Iterable[int]) -> int:
    """The mask of some cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def parse_cards(text: str, sep: str | None = None) -> list[int]:
    """Parse cards separated by ``sep`` (default: whitespace), keeping their order.

    Raises:
        NotationError: a token is not a card.
    """
    if not isinstance(text, str):
        raise NotationError(f"not cards: {shown(text)} (expected text like 'CJ SA HT')")
    return [parse_card(token) for token in text.split(sep) if token]


def format_cards(cards: Iterable[int], sep: str = " ") -> str:
    """The ISS notation of some cards, in the given order."""
    return sep.join(format_card(c) for c in cards)


@dataclass(frozen=True, slots=True)
class CardSet:
    """An immutable set of cards over a 32-bit mask, with set operators.

    Iteration, ``str`` and ``repr`` go in descending card order; ``repr`` evaluates back.

    >>> CardSet.from_str("D7 CJ") | CardSet.from_str("HA")
    CardSet.from_str('CJ HA D7')
    >>> parse_card("CJ") in CardSet.from_str("CJ HA")
    True
    """

    mask: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.mask, int) or not 0 <= self.mask <= ALL_CARDS:
            raise NotationError(f"not a 32-bit card mask: {self.mask!r}")

    @classmethod
    def from_str(cls, text: str) -> CardSet:
        """Parse cards separated by spaces or dots (``"CJ SA"``, ``"CJ.SA"``).

        Raises:
            NotationError: a token is not a card, or a card is given twice.
        """
        if not isinstance(text, str):
            raise NotationError(f"not cards: {shown(text)} (expected text like 'CJ SA HT')")
        cards = parse_cards(text.replace(".", " "))
        mask = mask_of(cards)
        if mask.bit_count() != len(cards):
            raise NotationError(f"a card is given twice in {shown(text)}")
        return cls(mask)

    @classmethod
    def of(cls, cards: Iterable[int]) -> CardSet:
        """The set of some card ints."""
        return cls(mask_of(cards))

    def __str__(self) -> str:
        return format_cards(cards_of_mask(self.mask))

    def __repr__(self) -> str:
        return f"CardSet.from_str({str(self)!r})"

    def __iter__(self) -> Iterator[int]:
        return iter(cards_of_mask(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 32 and bool(self.mask >> card & 1)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask ^ other.mask)

    def points(self) -> int:
        """The card points of the set."""
        return points(self.mask)
