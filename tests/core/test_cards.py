"""Cards, card masks, card points and the ISS card notation (skat.cards)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skat.cards import (
    ALL_CARDS,
    JACKS,
    RANK_POINTS,
    CardSet,
    Rank,
    Suit,
    card_of,
    card_pairs,
    cards_ascending,
    cards_of_mask,
    format_card,
    format_cards,
    mask_of,
    parse_card,
    parse_cards,
    points,
    points_of_card,
    rank_mask,
    rank_of,
    suit_mask,
    suit_of,
)
from skat.errors import NotationError, SkatError

masks = st.integers(min_value=0, max_value=ALL_CARDS)
ALL_NOTATIONS = [s + r for s in "CSHD" for r in "AKQJT987"]


@pytest.mark.parametrize(
    ("rank", "value"),
    [
        (Rank.ACE, 11),
        (Rank.TEN, 10),
        (Rank.KING, 4),
        (Rank.QUEEN, 3),
        (Rank.JACK, 2),
        (Rank.NINE, 0),
        (Rank.EIGHT, 0),
        (Rank.SEVEN, 0),
    ],
)
@pytest.mark.parametrize("suit", list(Suit))
def test_card_points_are_a11_t10_k4_q3_j2_and_nothing_for_987(
    suit: Suit, rank: Rank, value: int
) -> None:
    card = card_of(suit, rank)
    assert points_of_card(card) == value
    assert RANK_POINTS[rank] == value
    assert points(1 << card) == value
    assert CardSet(1 << card).points() == value


def test_the_deck_holds_120_card_points() -> None:
    assert points(ALL_CARDS) == 120
    assert sum(points_of_card(c) for c in range(32)) == 120
    assert CardSet(ALL_CARDS).points() == 120


@pytest.mark.parametrize("suit", list(Suit))
def test_each_suit_holds_30_card_points(suit: Suit) -> None:
    assert points(suit_mask(suit)) == 30


@given(masks)
def test_points_of_a_mask_is_the_sum_over_its_cards(mask: int) -> None:
    assert points(mask) == sum(points_of_card(c) for c in cards_of_mask(mask))


@pytest.mark.parametrize(
    ("text", "card"),
    [("D7", 0), ("DJ", 7), ("H7", 8), ("HT", 13), ("SA", 22), ("C7", 24), ("CA", 30), ("CJ", 31)],
)
def test_card_number_is_suit_times_8_plus_rank(text: str, card: int) -> None:
    assert parse_card(text) == card
    assert card_of(suit_of(card), rank_of(card)) == card


@pytest.mark.parametrize("card", range(32))
def test_card_notation_round_trips_from_int(card: int) -> None:
    assert parse_card(format_card(card)) == card


@pytest.mark.parametrize("text", ALL_NOTATIONS)
def test_card_notation_round_trips_from_text(text: str) -> None:
    assert format_card(parse_card(text)) == text


def test_the_32_notations_name_32_different_cards() -> None:
    assert sorted(parse_card(t) for t in ALL_NOTATIONS) == list(range(32))


@pytest.mark.parametrize("text", ["", "C", "X7", "C1", "cj", "Cj", "CJ ", " CJ", "C10", "10", "JC"])
def test_bad_card_notation_raises_and_echoes_the_input(text: str) -> None:
    with pytest.raises(NotationError, match=re.escape(f"not a card: {text!r}")):
        parse_card(text)


def test_a_non_string_card_raises_notation_error() -> None:
    with pytest.raises(NotationError, match="not a card: 31"):
        parse_card(31)  # type: ignore[arg-type]


@pytest.mark.parametrize("card", [-1, 32, 100])
def test_format_card_rejects_numbers_outside_0_to_31(card: int) -> None:
    with pytest.raises(NotationError, match=f"not a card number: {card}"):
        format_card(card)


def test_notation_error_is_a_skat_error_and_a_value_error() -> None:
    with pytest.raises(ValueError, match="not a card"):
        parse_card("ZZ")
    assert issubclass(NotationError, SkatError)
    assert NotationError.code == "bad_notation"


@pytest.mark.parametrize(
    ("suit", "letter"),
    [(Suit.DIAMONDS, "D"), (Suit.HEARTS, "H"), (Suit.SPADES, "S"), (Suit.CLUBS, "C")],
)
def test_suits_count_up_in_base_value_order_with_iss_letters(suit: Suit, letter: str) -> None:
    assert suit.letter == letter
    assert suit_of(parse_card(letter + "7")) == suit


@pytest.mark.parametrize(("rank", "letter"), list(zip(Rank, "789QKTAJ", strict=True)))
def test_ranks_count_up_in_suit_game_order_with_the_jack_on_top(rank: Rank, letter: str) -> None:
    assert rank.letter == letter
    assert rank_of(parse_card("S" + letter)) == rank


def test_jacks_mask_is_the_top_bit_of_each_suit() -> None:
    assert mask_of(parse_cards("CJ SJ HJ DJ")) == JACKS == rank_mask(Rank.JACK)
    assert [format_card(c) for c in cards_of_mask(JACKS)] == ["CJ", "SJ", "HJ", "DJ"]


@pytest.mark.parametrize("suit", list(Suit))
def test_suit_mask_holds_the_eight_printed_cards_jack_included(suit: Suit) -> None:
    assert suit_mask(suit) == mask_of(card_of(suit, r) for r in Rank)
    assert suit_mask(suit) & JACKS == 1 << card_of(suit, Rank.JACK)


def test_cards_of_mask_go_in_descending_card_order() -> None:
    assert cards_of_mask(ALL_CARDS) == list(range(31, -1, -1))
    assert cards_of_mask(0) == []


@given(masks)
def test_mask_of_inverts_cards_of_mask(mask: int) -> None:
    assert mask_of(cards_of_mask(mask)) == mask


@pytest.mark.parametrize(
    ("text", "sep", "expected"),
    [
        ("CJ SA  HT D7", None, ["CJ", "SA", "HT", "D7"]),
        ("D7.CJ", ".", ["D7", "CJ"]),
        ("", None, []),
    ],
)
def test_parse_cards_keeps_the_given_order(text: str, sep: str | None, expected: list[str]) -> None:
    cards = parse_cards(text, sep)
    assert [format_card(c) for c in cards] == expected
    assert format_cards(cards, sep or " ") == (sep or " ").join(expected)


@pytest.mark.parametrize("thing", [None, b"CJ", 31])
def test_card_lists_that_are_not_text_raise_notation_error(thing: object) -> None:
    with pytest.raises(NotationError, match=re.escape(f"not cards: {thing!r}")):
        parse_cards(thing)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=re.escape(f"not cards: {thing!r}")):
        CardSet.from_str(thing)  # type: ignore[arg-type]


def test_parse_cards_echoes_the_bad_token() -> None:
    with pytest.raises(NotationError, match=re.escape("not a card: 'S1'")):
        parse_cards("CJ S1 HT")


# --- CardSet -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("", ""),
        ("D7", "D7"),
        ("D7 CJ HA", "CJ HA D7"),
        ("D7.CJ.HA", "CJ HA D7"),
        ("SA  ST", "SA ST"),
    ],
)
def test_cardset_str_is_iss_notation_in_descending_order(text: str, canonical: str) -> None:
    cards = CardSet.from_str(text)
    assert str(cards) == canonical
    assert repr(cards) == f"CardSet.from_str({canonical!r})"


@given(masks)
def test_cardset_str_round_trips(mask: int) -> None:
    cards = CardSet(mask)
    assert CardSet.from_str(str(cards)) == cards


@given(masks)
def test_cardset_repr_evaluates_back(mask: int) -> None:
    cards = CardSet(mask)
    assert eval(repr(cards), {"CardSet": CardSet}) == cards


def test_cardset_of_all_cards_round_trips() -> None:
    everything = CardSet(ALL_CARDS)
    assert len(everything) == 32
    assert CardSet.from_str(str(everything)) == everything
    assert str(everything).split() == [format_card(c) for c in range(31, -1, -1)]


@pytest.mark.parametrize("text", ["CJ CJ", "SA HT SA"])
def test_cardset_rejects_a_card_given_twice(text: str) -> None:
    with pytest.raises(NotationError, match=re.escape(f"a card is given twice in {text!r}")):
        CardSet.from_str(text)


@pytest.mark.parametrize(("text", "token"), [("CJ XX", "XX"), ("CJ,SA", "CJ,SA"), ("10H", "10H")])
def test_cardset_rejects_bad_tokens_echoing_them(text: str, token: str) -> None:
    with pytest.raises(NotationError, match=re.escape(f"not a card: {token!r}")):
        CardSet.from_str(text)


@pytest.mark.parametrize("mask", [-1, 2**32, 2**40])
def test_cardset_rejects_masks_outside_32_bits(mask: int) -> None:
    with pytest.raises(NotationError, match=f"not a 32-bit card mask: {mask}"):
        CardSet(mask)


@given(masks, masks)
def test_cardset_operators_are_the_mask_operators(a: int, b: int) -> None:
    x, y = CardSet(a), CardSet(b)
    assert (x | y).mask == a | b
    assert (x & y).mask == a & b
    assert (x - y).mask == a & ~b
    assert (x ^ y).mask == a ^ b


@given(masks)
def test_cardset_size_truth_membership_and_order_follow_the_mask(mask: int) -> None:
    cards = CardSet(mask)
    assert len(cards) == mask.bit_count()
    assert bool(cards) == (mask != 0)
    assert list(cards) == cards_of_mask(mask)
    assert all((c in cards) == bool(mask >> c & 1) for c in range(32))
    assert CardSet.of(cards) == cards


@pytest.mark.parametrize("thing", [-1, 32, "CJ", None, 31.0])
def test_cardset_contains_only_card_ints(thing: object) -> None:
    assert thing not in CardSet(ALL_CARDS)


def test_cardset_is_frozen_and_hashable() -> None:
    cards = CardSet.from_str("CJ SA")
    assert len({cards, CardSet.from_str("SA CJ"), CardSet.from_str("D7")}) == 2
    with pytest.raises(AttributeError):
        cards.mask = 0  # type: ignore[misc]


@given(st.integers(0, ALL_CARDS))
def test_cards_ascending_are_the_cards_of_the_mask_lowest_first(mask: int) -> None:
    assert cards_ascending(mask) == sorted(cards_of_mask(mask))
    assert mask_of(cards_ascending(mask)) == mask


@given(st.integers(0, ALL_CARDS))
def test_card_pairs_are_every_two_cards_of_the_mask_once(mask: int) -> None:
    pairs = card_pairs(mask)
    n = mask.bit_count()
    assert len(pairs) == len(set(pairs)) == n * (n - 1) // 2
    assert all(p.bit_count() == 2 and p & ~mask == 0 for p in pairs)
    assert [cards_ascending(p) for p in pairs] == sorted(cards_ascending(p) for p in pairs)
