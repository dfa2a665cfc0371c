"""A series of deals at one table: the seat draw at its start and the deal passing clockwise.

Three players draw a card each for the seats (seed 000); the highest chooses his table position
and the others sit clockwise after him. Position 0 deals the first game, and the deal passes to
the dealer's left; the dealer sits in rearhand and the player on his left is forehand
(ISkO 3.2). A deal's :attr:`skat.state.State.dealer` is the dealer's table position.

>>> from skat.cards import parse_card as c
>>> positions = draw_seats((c("HA"), c("DJ"), c("CA")), 0)
>>> positions, [dealer_of_game(positions, g) for g in range(4)]
((2, 0, 1), [1, 2, 0, 1])
"""

from __future__ import annotations

from skat.deal import Seat
from skat.errors import IllegalActionError

__all__ = ["dealer_of_game", "draw_seats", "draw_strength", "seat_of_player"]


def seat_of_player(position: int, dealer: int) -> Seat:
    """The seat of the player at table position ``position`` (0..2, clockwise) when the player
    at position ``dealer`` deals (3 players: the dealer sits in rearhand, the player on his left
    is forehand; ISkO 3.2)."""
    return Seat((position - dealer - 1) % 3)


def draw_strength(card: int) -> int:
    """How strong a card drawn for the seats is: the jacks ♣ ♠ ♥ ♦ on top, then A T K Q 9 8 7,
    equal ranks by suit ♣ ♠ ♥ ♦ (the Grand order with suits breaking ties)."""
    rank = card & 7
    return rank * 4 + (card >> 3)  # ranks are stored in Grand order, the jack highest


def draw_seats(cards: tuple[int, int, int], choice: int) -> tuple[int, int, int]:
    """The seat draw at the start of a series (seed 000): player ``i`` drew ``cards[i]``; the
    highest card chooses table position ``choice`` (0..2; position 0 deals the first game) and the
    others sit clockwise after him, the higher card first.

    Returns:
        The table position of each player. The dealer of game ``k`` (0-based) sits at position
        ``k % 3``: the deal passes clockwise to the dealer's left (:func:`dealer_of_game`).

    Raises:
        IllegalActionError: the cards are not three distinct cards or ``choice`` is no position.

    >>> from skat.cards import parse_card as c
    >>> draw_seats((c("HA"), c("DJ"), c("CA")), 0)
    (2, 0, 1)
    """
    if len(set(cards)) != 3 or not all(0 <= x < 32 for x in cards) or choice not in (0, 1, 2):
        raise IllegalActionError(
            f"a seat draw needs three distinct cards and a position 0..2: {cards!r}, {choice!r}"
        )
    order = sorted(range(3), key=lambda p: -draw_strength(cards[p]))
    positions = [0, 0, 0]
    for k, player in enumerate(order):
        positions[player] = (choice + k) % 3
    return (positions[0], positions[1], positions[2])


def dealer_of_game(positions: tuple[int, int, int], game: int) -> int:
    """The player who deals game ``game`` (0-based) of a series seated by :func:`draw_seats`; his
    table position, ``game % 3``, is :attr:`skat.state.State.dealer`."""
    return positions.index(game % 3)
