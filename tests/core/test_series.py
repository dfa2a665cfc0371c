"""The series' seat draw and dealer rotation (skat.series), after seed 001."""

from __future__ import annotations

import itertools

import pytest

from skat.cards import parse_card
from skat.errors import IllegalActionError
from skat.series import dealer_of_game, draw_seats, seat_of_player

# -- the series seat draw ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "choice", "positions"),
    [
        (("HA", "DJ", "CA"), 0, (2, 0, 1)),  # DJ highest, then CA, then HA
        (("CJ", "SJ", "HJ"), 1, (1, 2, 0)),
        (("D7", "H7", "S7"), 2, (1, 0, 2)),  # equal ranks: clubs > spades > hearts > diamonds
        (("HT", "HK", "HA"), 0, (1, 2, 0)),  # the ten is above the king
    ],
)
def test_seat_draw_highest_card_chooses(
    cards: tuple[str, str, str], choice: int, positions: tuple[int, int, int]
) -> None:
    drawn = (parse_card(cards[0]), parse_card(cards[1]), parse_card(cards[2]))
    assert draw_seats(drawn, choice) == positions


def test_seat_draw_rejects_a_repeated_card() -> None:
    with pytest.raises(IllegalActionError, match="three distinct cards"):
        draw_seats((1, 1, 2), 0)


def test_dealer_rotates_clockwise() -> None:
    positions = (2, 0, 1)
    assert [dealer_of_game(positions, g) for g in range(4)] == [1, 2, 0, 1]
    # the dealer sits in rearhand; the player on his left (next position) is forehand
    assert [seat_of_player(p, 0) for p in (1, 2, 0)] == [0, 1, 2]


def test_every_seat_order_is_a_permutation() -> None:
    for cards in itertools.permutations((0, 9, 31)):
        for choice in (0, 1, 2):
            assert sorted(draw_seats((cards[0], cards[1], cards[2]), choice)) == [0, 1, 2]
