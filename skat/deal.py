"""Seats and deal numbers: the same number gives the same cards, on every machine.

The algorithm (a public contract, also in ``docs/deal-numbers.md``; it never changes):

1. The deck starts in card order 0..31 (♦7 ♦8 ♦9 ♦Q ♦K ♦T ♦A ♦J ♥7 … ♣J, see :mod:`skat.cards`).
2. A SplitMix64 generator is seeded with the deal number (0 ≤ n < 2^64). Each draw adds
   ``0x9E3779B97F4A7C15`` to the state (mod 2^64) and mixes it:
   ``z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9``, ``z = (z ^ z >> 27) * 0x94D049BB133111EB``,
   ``z ^ z >> 31`` (all mod 2^64).
3. Fisher-Yates from the back: for ``i`` = 31 down to 1, draw until the draw ``r`` is below
   ``2^64 - 2^64 mod (i + 1)`` (no modulo bias), then swap positions ``i`` and ``r mod (i + 1)``.
4. The shuffled deck is dealt as at the table, the dealer giving to forehand first: cards 0-2 to
   forehand, 3-5 middlehand, 6-8 rearhand, 9-10 the skat, 11-14 forehand, 15-18 middlehand,
   19-22 rearhand, 23-25 forehand, 26-28 middlehand, 29-31 rearhand.

The hands are given by seat (forehand, middlehand, rearhand); the dealer decides which player sits
in which seat: the player to the dealer's left is forehand (ISkO 3.2).

A person who types a plain deal number sits in seat ``number mod 3`` (:func:`default_seat`); a deal
played in another seat is written with its seat, ``12255238-2`` (:func:`format_seated_number`,
:func:`parse_seated_number`), so that the number passed on gives the same cards in the same seat.

>>> d = deal(0)
>>> len(d.hands[0]), len(d.skat), sum(len(h) for h in d.hands)
(10, 2, 30)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum

from skat.cards import CardSet, mask_of
from skat.errors import DealNumberError, shown

__all__ = [
    "MAX_DEAL_NUMBER",
    "SEAT_MARK",
    "Deal",
    "Seat",
    "deal",
    "default_seat",
    "format_seated_number",
    "not_the_numbers_cards",
    "parse_deal_number",
    "parse_seated_number",
    "shuffled_deck",
]

MAX_DEAL_NUMBER = 2**64 - 1
"""The largest deal number."""

SEAT_MARK = "-"
"""What joins a deal number and a seat: ``12255238-2`` (docs/deal-numbers.md, section 6)."""

_MASK64 = 2**64 - 1
_SEATED = re.compile(r"([0-9]+)(?:\s*-\s*([0-9]+))?", re.ASCII)


class Seat(IntEnum):
    """The three seats of a deal, as ISS numbers them (``0 1 2``).

    >>> Seat(1), Seat.REARHAND.german
    (<Seat.MIDDLEHAND: 1>, 'Hinterhand')
    """

    FOREHAND = 0
    MIDDLEHAND = 1
    REARHAND = 2

    @property
    def german(self) -> str:
        """Vorhand, Mittelhand, Hinterhand."""
        return ("Vorhand", "Mittelhand", "Hinterhand")[self]


def _splitmix64(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


def parse_deal_number(value: object) -> int:
    """A deal number from an int or a decimal string.

    Raises:
        DealNumberError: not an integer in 0 .. 2^64 - 1 (a :class:`NotationError`).
    """
    if isinstance(value, bool):
        raise DealNumberError(f"not a deal number: {shown(value)}", "form")
    number = value
    if isinstance(value, str):
        text = value.strip()
        if not text.isdigit() or not text.isascii():
            raise DealNumberError(
                f"not a deal number: {shown(value)} (expected digits 0-9)", "form"
            )
        number = _digits(text)
    if not isinstance(number, int):
        raise DealNumberError(f"not a deal number: {shown(value)}", "form")
    if not 0 <= number <= MAX_DEAL_NUMBER:
        raise DealNumberError(
            f"not a deal number: {shown(value)} (expected 0 .. 2^64 - 1)", "range"
        )
    return number


def _digits(text: str) -> int:
    # int() of more than 4300 digits raises its own ValueError; 2^64 - 1 has 20 digits.
    return int(text) if len(text.lstrip("0")) <= 20 else MAX_DEAL_NUMBER + 1


def default_seat(number: int) -> Seat:
    """The seat a plain deal number gives the person who types it: ``number mod 3``.

    >>> default_seat(12255238)
    <Seat.MIDDLEHAND: 1>
    """
    return Seat(number % 3)


def parse_seated_number(value: object) -> tuple[int, Seat | None]:
    """A deal number as a person writes it: digits, or digits, ``-`` and the seat (0 forehand,
    1 middlehand, 2 rearhand; spaces around the ``-`` and leading zeros are allowed).

    Returns:
        The deal number and the seat written, None for a plain number (whose seat is
        :func:`default_seat`).

    Raises:
        DealNumberError: with ``reason`` ``form`` (neither form), ``range`` (a number above
            2^64 − 1) or ``seat`` (a seat other than 0, 1, 2).

    >>> parse_seated_number("12255238-2"), parse_seated_number(" 0042 ")
    ((12255238, <Seat.REARHAND: 2>), (42, None))
    """
    if not isinstance(value, str):
        return parse_deal_number(value), None
    found = _SEATED.fullmatch(value.strip())
    if found is None:
        raise DealNumberError(
            f"not a deal number: {shown(value)} (expected digits 0-9, or digits, "
            f"{SEAT_MARK!r} and the seat 0, 1 or 2)",
            "form",
        )
    number = parse_deal_number(found.group(1))
    if found.group(2) is None:
        return number, None
    seat = _digits(found.group(2))
    if seat not in (0, 1, 2):
        raise DealNumberError(
            f"not a seat: {shown(found.group(2))} in {shown(value)} (expected 0 forehand, "
            "1 middlehand or 2 rearhand)",
            "seat",
        )
    return number, Seat(seat)


def format_seated_number(number: int, seat: int) -> str:
    """Deal ``number`` as shown to the person in ``seat``: the plain number when that is the seat
    it gives (:func:`default_seat`), else the number and the seat, ``12255238-2``; typed in,
    either gives the same cards in the same seat (:func:`parse_seated_number`).

    Raises:
        DealNumberError: ``number`` is not a deal number or ``seat`` is not 0, 1, 2.

    >>> format_seated_number(12255238, 1), format_seated_number(12255238, 2)
    ('12255238', '12255238-2')
    """
    number = parse_deal_number(number)
    if isinstance(seat, bool) or seat not in (0, 1, 2):
        raise DealNumberError(f"not a seat: {shown(seat)} (expected 0, 1 or 2)", "seat")
    return str(number) if seat == default_seat(number) else f"{number}{SEAT_MARK}{int(seat)}"


def shuffled_deck(number: int) -> list[int]:
    """The 32 cards shuffled by deal number ``number`` (steps 1-3 of the module doc).

    Raises:
        NotationError: ``number`` is not a deal number.
    """
    state = parse_deal_number(number)
    deck = list(range(32))
    for i in range(31, 0, -1):
        n = i + 1
        limit = (1 << 64) - (1 << 64) % n
        while True:
            state, r = _splitmix64(state)
            if r < limit:
                break
        j = r % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


_DEAL_PATTERN = (
    (Seat.FOREHAND, 3),
    (Seat.MIDDLEHAND, 3),
    (Seat.REARHAND, 3),
    (None, 2),
    (Seat.FOREHAND, 4),
    (Seat.MIDDLEHAND, 4),
    (Seat.REARHAND, 4),
    (Seat.FOREHAND, 3),
    (Seat.MIDDLEHAND, 3),
    (Seat.REARHAND, 3),
)


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of one deal: three hands by :class:`Seat` and the skat.

    Attributes:
        number: the deal number (0 .. 2^64 - 1).
        hands: the ten cards of forehand, middlehand and rearhand, indexed by :class:`Seat`.
        skat: the two cards of the skat.

    >>> d = deal(0)
    >>> d.hands[Seat.FOREHAND]
    CardSet.from_str('CJ CT CK S8 HT HQ H9 DJ DA D9')
    >>> d.skat
    CardSet.from_str('S7 H7')
    """

    number: int
    hands: tuple[CardSet, CardSet, CardSet]
    skat: CardSet


def deal(number: int) -> Deal:
    """The deal of ``number``: hands by seat (forehand, middlehand, rearhand) and the skat.

    Raises:
        NotationError: ``number`` is not a deal number.
    """
    number = parse_deal_number(number)
    deck = shuffled_deck(number)
    parts: list[list[int]] = [[], [], [], []]
    pos = 0
    for seat, count in _DEAL_PATTERN:
        parts[3 if seat is None else seat].extend(deck[pos : pos + count])
        pos += count
    hands = (CardSet(mask_of(parts[0])), CardSet(mask_of(parts[1])), CardSet(mask_of(parts[2])))
    return Deal(number, hands, CardSet(mask_of(parts[3])))


def not_the_numbers_cards(d: Deal) -> list[str]:
    """The parts of ``d`` whose cards are not those :func:`deal` gives ``d.number``, by name
    (``"forehand"``, ``"middlehand"``, ``"rearhand"``, ``"the skat"``); empty when all 32 are.

    >>> d = deal(43)
    >>> not_the_numbers_cards(Deal(43, (d.hands[0], d.hands[2], d.hands[1]), d.skat))
    ['middlehand', 'rearhand']

    Raises:
        NotationError: ``d.number`` is not a deal number.
    """
    true = deal(d.number)
    parts = zip((*true.hands, true.skat), (*d.hands, d.skat), strict=True)
    names = [*(seat.name.lower() for seat in Seat), "the skat"]
    return [name for name, (a, b) in zip(names, parts, strict=True) if a.mask != b.mask]
