"""skat/players/labels.py: the solver's open-hand labels of a dealt hand, per contract."""

from __future__ import annotations

import random

import pytest

from skat.cards import card_pairs, mask_of, parse_cards
from skat.deal import deal
from skat.errors import SkatError
from skat.players import evaluation as ev
from skat.players.labels import KINDS, discard_order, hand_labels
from skat.rules import GameType

SURE_GRAND = mask_of(parse_cards("CJ SJ HJ DJ CA CT SA ST HA HT"))
"""All four jacks, three aces with their tens: every suit game and Grand is won Schneider."""

SURE_NULL = mask_of(parse_cards("D7 D8 D9 H7 H8 H9 S7 S8 S9 C7"))
"""The three lowest cards of three suits and the lowest of the fourth: no trick can be won."""


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_four_jacks_and_three_aces_with_tens_win_every_trump_game_in_every_world(
    seat: int,
) -> None:
    labels = hand_labels(SURE_GRAND, seat, random.Random(seat), worlds=4)
    for game in KINDS[:5]:
        hand = labels.label(game, True)
        assert (hand.wins, hand.schneider, hand.cut) == (4, 4, 0), game
        assert labels.label(game, False).wins == 4, game
    assert labels.label(GameType.NULL, True).wins == 0


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_hand_of_the_lowest_cards_wins_null_in_every_world_and_no_trump_game(seat: int) -> None:
    labels = hand_labels(SURE_NULL, seat, random.Random(seat), worlds=4)
    assert labels.label(GameType.NULL, True).wins == 4
    assert labels.label(GameType.NULL, False).wins == 4
    assert labels.label(GameType.GRAND, True).wins == 0


@pytest.mark.parametrize("number", [1, 5, 9, 11])
def test_a_pick_up_wins_wherever_the_hand_game_does_as_the_skat_may_go_back(number: int) -> None:
    # putting the world's skat away again is the Hand game's position, so the best discard
    # wins every world the Hand game wins (when the budget let the search finish)
    cards = deal(number).hands[number % 3].mask
    labels = hand_labels(cards, number % 3, random.Random(number), worlds=3, label_budget=500_000)
    compared = 0
    for game in KINDS:
        pickup, hand = labels.label(game, False), labels.label(game, True)
        if pickup.cut == 0 and hand.cut == 0:
            assert pickup.wins >= hand.wins, game
            compared += 1
    assert compared >= 3


def test_the_same_random_source_gives_the_same_labels() -> None:
    cards = deal(7).hands[0].mask
    first = hand_labels(cards, 0, random.Random(5), worlds=2, label_budget=200_000)
    assert hand_labels(cards, 0, random.Random(5), worlds=2, label_budget=200_000) == first
    assert first.nodes == sum(label.nodes for label in first.labels) > 0


def test_a_spent_node_budget_cuts_the_worlds_left_and_says_so() -> None:
    labels = hand_labels(deal(8).hands[1].mask, 1, random.Random(1), worlds=3, label_budget=0)
    # a Hand label solves its first world and stops; a pick-up label tries the first discard
    # of its first world and stops after it, the world decided only when that discard wins
    for label in labels.labels:
        if label.hand:
            assert label.cut == 2, label
        else:
            assert label.cut in (2, 3), label
            assert label.wins == 3 - label.cut, label


@pytest.mark.parametrize("game", KINDS)
def test_the_discards_tried_are_all_66_the_heuristics_best_first(game: GameType) -> None:
    twelve = deal(9).hands[0].mask | deal(9).skat.mask
    order = discard_order(twelve, game, seat=0)
    assert sorted(order) == sorted(card_pairs(twelve))
    assert len(order) == 66
    assert order[0] == ev.best_discard(twelve, game, seat=0)[0]


@pytest.mark.parametrize(
    ("cards", "seat", "worlds", "message"),
    [
        (SURE_GRAND & ~(1 << 31), 0, 2, "ten cards"),
        (SURE_GRAND, 3, 2, "seat must be"),
        (SURE_GRAND, 0, 0, "worlds must be"),
    ],
)
def test_a_hand_to_label_is_ten_cards_of_a_seat_in_at_least_one_world(
    cards: int, seat: int, worlds: int, message: str
) -> None:
    with pytest.raises(SkatError, match=message):
        hand_labels(cards, seat, random.Random(0), worlds=worlds)


def test_a_kind_not_labelled_is_named() -> None:
    labels = hand_labels(SURE_NULL, 0, random.Random(0), worlds=1)
    with pytest.raises(SkatError, match="R is not labelled"):
        labels.label(GameType.RAMSCH, True)
