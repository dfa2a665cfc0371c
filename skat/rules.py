"""Game types and the rules of a trick: trumps, following suit, the winner, card points.

Hot paths take raw ints (cards 0..31, card masks); the per-game tables are precomputed tuples.
Sources: ISkO 2.1-2.3 (card order, trumps, following suit); the Sächsische Spitze option is the
pub rule of the Chinese seed (Grand-like with everything reversed: ♦J > ♥J > ♠J > ♣J, then
7 > 8 > 9 > 10 > Q > K > A in every suit; base value 20).

Card order by game family, highest first:

* suit games: ♣J ♠J ♥J ♦J, then A T K Q 9 8 7 of the trump suit; other suits A T K Q 9 8 7;
* Grand and Ramsch: ♣J ♠J ♥J ♦J; every suit A T K Q 9 8 7;
* Null: no trumps; every suit A K Q J T 9 8 7 (the jack belongs to its printed suit);
* Sächsische Spitze: ♦J ♥J ♠J ♣J; every suit 7 8 9 T Q K A.

>>> from skat.cards import mask_of, parse_card as c, parse_cards
>>> legal_cards(mask_of(parse_cards("CJ H9 S7")), c("HJ"), GameType.NULL) == 1 << c("H9")
True
>>> trick_winner([c("HA"), c("DJ"), c("HT")], GameType.SPADES)
1
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from skat.cards import JACKS, card_of, suit_mask
from skat.errors import NotationError

__all__ = [
    "TRUMP",
    "GameType",
    "card_order",
    "effective_suit",
    "effective_suit_mask",
    "follow_mask",
    "legal_cards",
    "trick_winner",
    "trump_mask",
    "trump_sequence",
]


class GameType(IntEnum):
    """What is played: a suit, Grand, Null, Ramsch (all passed) or Sächsische Spitze (option).

    >>> GameType.from_letter("G"), GameType.NULL.letter, GameType.CLUBS.is_suit
    (<GameType.GRAND: 4>, 'N', True)
    """

    DIAMONDS = 0
    HEARTS = 1
    SPADES = 2
    CLUBS = 3
    GRAND = 4
    NULL = 5
    RAMSCH = 6
    SPITZE = 7

    @property
    def letter(self) -> str:
        """The ISS letter (``D H S C G N``); ``R`` and ``X`` are this project's extensions."""
        return "DHSCGNRX"[self]

    @classmethod
    def from_letter(cls, letter: str) -> GameType:
        """The game type of an ISS letter.

        Raises:
            NotationError: not one of ``D H S C G N R X``.
        """
        index = "DHSCGNRX".find(letter) if isinstance(letter, str) and len(letter) == 1 else -1
        if index < 0:
            raise NotationError(f"not a game type: {letter!r} (expected D H S C G N R X)")
        return cls(index)

    @property
    def is_suit(self) -> bool:
        """True for ♦ ♥ ♠ ♣ games."""
        return self <= GameType.CLUBS

    @property
    def has_matadors(self) -> bool:
        """True where the value counts matadors: suit games, Grand and Sächsische Spitze."""
        return self <= GameType.GRAND or self == GameType.SPITZE


TRUMP = 4
"""The effective suit of a trump card (the printed suits are 0..3)."""

_SUIT_ORDER = (0, 1, 2, 3, 4, 5, 6, 7)  # 7 8 9 Q K T A J as stored
_NULL_ORDER = (0, 1, 2, 5, 6, 3, 7, 4)  # 7 8 9 T J Q K A
# Sächsische Spitze, plain suits: 7 > 8 > 9 > T > Q > K > A (the Chinese seed; the Null order
# without the jack, reversed). The jack entry is unused: jacks are trumps there.
_SPITZE_ORDER = (6, 5, 4, 2, 1, 3, 0, 0)


def _tables(game: GameType) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Effective suit and order of every card, and the trump mask, for ``game``."""
    if game.is_suit:
        trumps = JACKS | suit_mask(game)
    elif game == GameType.NULL:
        trumps = 0
    else:
        trumps = JACKS
    eff = []
    order = []
    for card in range(32):
        suit, rank = card >> 3, card & 7
        if trumps >> card & 1:
            eff.append(TRUMP)
            if rank == 7:  # jacks: ♣ ♠ ♥ ♦ on top, reversed in Spitze
                jack = 3 - suit if game == GameType.SPITZE else suit
                order.append(24 + jack)
            else:
                order.append(16 + rank)
        else:
            eff.append(suit)
            if game == GameType.NULL:
                order.append(_NULL_ORDER[rank])
            elif game == GameType.SPITZE:
                order.append(_SPITZE_ORDER[rank])
            else:
                order.append(_SUIT_ORDER[rank])
    return tuple(eff), tuple(order), trumps


_TABLES = tuple(_tables(g) for g in GameType)
_EFF = tuple(t[0] for t in _TABLES)
_ORDER = tuple(t[1] for t in _TABLES)
_TRUMPS = tuple(t[2] for t in _TABLES)
_FOLLOW = tuple(
    tuple(
        (suit_mask(s) & ~_TRUMPS[g]) if s < 4 else _TRUMPS[g]  # index TRUMP = 4
        for s in range(5)
    )
    for g in range(len(GameType))
)


def trump_mask(game: int) -> int:
    """The card mask of the trumps of ``game`` (a :class:`GameType`); 0 in Null (ISkO 2.2).

    >>> trump_mask(GameType.GRAND) == JACKS
    True
    """
    return _TRUMPS[game]


def effective_suit(card: int, game: int) -> int:
    """The suit ``card`` (0..31) counts as in ``game``: its printed suit 0..3, or :data:`TRUMP`.

    Jacks are trumps in every game but Null, where they belong to their printed suit (ISkO 2.2).
    """
    return _EFF[game][card]


def effective_suit_mask(eff: int, game: int) -> int:
    """The card mask of all cards of effective suit ``eff`` (0..3 or :data:`TRUMP`) in ``game``:
    the trumps, or a suit without its jack (with it in Null; ISkO 2.2).

    >>> effective_suit_mask(TRUMP, GameType.GRAND) == JACKS
    True
    """
    return _FOLLOW[game][eff]


def follow_mask(led: int, game: int) -> int:
    """The card mask of all cards of the led card's effective suit in ``game`` (ISkO 2.3).

    A trump led asks for trumps; a plain card asks for its suit without the jack (except in Null).
    """
    return _FOLLOW[game][_EFF[game][led]]


def legal_cards(hand: int, led: int | None, game: int) -> int:
    """The cards of ``hand`` that may be played to a trick led by ``led`` (ISkO 2.3).

    The effective suit must be followed: jacks are trumps in suit games, Grand, Ramsch and Spitze,
    and belong to their printed suit in Null; a player who cannot follow plays any card.

    Args:
        hand: the player's cards (card mask).
        led: the first card of the trick (0..31), or None when the player leads.
        game: the :class:`GameType`.

    Returns:
        A card mask, a subset of ``hand``, not empty when ``hand`` is not.
    """
    if led is None:
        return hand
    follow = hand & _FOLLOW[game][_EFF[game][led]]
    return follow if follow else hand


def trick_winner(cards: Sequence[int], game: int) -> int:
    """The index (0, 1 or 2, in playing order) of the card that wins the trick (ISkO 2.2).

    The highest trump wins, otherwise the highest card of the led effective suit; a card of
    another suit never wins. The orders are in the module docstring.

    Args:
        cards: the cards of the trick (0..31) in playing order, the led card first.
        game: the :class:`GameType`.
    """
    eff = _EFF[game]
    order = _ORDER[game]
    led_suit = eff[cards[0]]
    best = 0
    best_key = order[cards[0]]
    for i in range(1, len(cards)):
        card = cards[i]
        suit = eff[card]
        if suit in (led_suit, TRUMP):
            key = order[card]
            if key > best_key:  # trumps order 16 and up, above every plain card
                best, best_key = i, key
    return best


def card_order(game: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The cards of ``game`` (a :class:`GameType`) by strength, as a player sorts a hand: the
    trumps from the highest down, and each printed suit (♦ ♥ ♠ ♣, indexed 0..3) without its
    trumps from its highest card down (the orders of the module docstring; a suit game's trump
    suit is left empty, its cards being trumps).

    >>> from skat.cards import format_card
    >>> trumps, suits = card_order(GameType.SPITZE)
    >>> [format_card(c) for c in trumps], [format_card(c) for c in suits[3]]
    (['DJ', 'HJ', 'SJ', 'CJ'], ['C7', 'C8', 'C9', 'CT', 'CQ', 'CK', 'CA'])
    """
    eff, order = _EFF[game], _ORDER[game]

    def strongest_first(suit: int) -> tuple[int, ...]:
        return tuple(sorted((c for c in range(32) if eff[c] == suit), key=lambda c: -order[c]))

    return strongest_first(TRUMP), tuple(strongest_first(s) for s in range(4))


def trump_sequence(game: GameType) -> list[int]:
    """The trumps of ``game`` from the highest down, for counting matadors (ISkO 4.1.3).

    Suit games: ♣J ♠J ♥J ♦J then A T K Q 9 8 7 of the trump suit (11 cards); Grand: the four jacks;
    Spitze: the four jacks in reverse (♦J on top); Null and Ramsch: none.
    """
    if game.is_suit:
        jacks = [card_of(s, 7) for s in (3, 2, 1, 0)]
        return jacks + [card_of(game, r) for r in (6, 5, 4, 3, 2, 1, 0)]
    if game == GameType.GRAND:
        return [card_of(s, 7) for s in (3, 2, 1, 0)]
    if game == GameType.SPITZE:
        return [card_of(s, 7) for s in (0, 1, 2, 3)]
    return []
