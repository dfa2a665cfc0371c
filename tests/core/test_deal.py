"""Deal numbers and dealing (skat.deal): same number, same cards, on every machine."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skat.cards import ALL_CARDS, CardSet, format_cards, mask_of
from skat.deal import (
    MAX_DEAL_NUMBER,
    Deal,
    Seat,
    deal,
    default_seat,
    format_seated_number,
    parse_deal_number,
    parse_seated_number,
    shuffled_deck,
)
from skat.errors import DealNumberError, NotationError

GOLDEN = json.loads((Path(__file__).parents[1] / "data" / "golden_deals.json").read_text("utf-8"))
SOME_NUMBERS = [0, 1, 2, 99, 2**31, 2**63 - 1, 2**64 - 1]
deal_numbers = st.integers(min_value=0, max_value=MAX_DEAL_NUMBER)
_M64 = 2**64 - 1


def _documented_deck(number: int) -> list[int]:
    """The deck of ``number`` written again from docs/deal-numbers.md, independent of skat.deal."""
    state = number
    deck = list(range(32))
    for i in range(31, 0, -1):
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _M64
            z = state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
            z ^= z >> 31
            if z < 2**64 - 2**64 % (i + 1):
                break
        j = z % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@pytest.mark.parametrize("entry", GOLDEN, ids=[e["number"] for e in GOLDEN])
def test_golden_deals_never_change(entry: dict[str, str]) -> None:
    number = int(entry["number"])
    d = deal(number)
    assert format_cards(shuffled_deck(number)) == entry["deck"]
    assert [str(h) for h in d.hands] == [entry["forehand"], entry["middlehand"], entry["rearhand"]]
    assert str(d.skat) == entry["skat"]


def test_golden_file_pins_the_edge_numbers() -> None:
    pinned = {int(e["number"]) for e in GOLDEN}
    assert {0, 2**63 - 1, 2**64 - 1} <= pinned
    assert len(pinned) >= 8


@pytest.mark.parametrize("number", SOME_NUMBERS)
def test_the_documented_algorithm_reproduces_the_deck(number: int) -> None:
    assert shuffled_deck(number) == _documented_deck(number)


@pytest.mark.parametrize("entry", GOLDEN[:3], ids=[e["number"] for e in GOLDEN[:3]])
def test_the_documented_algorithm_reproduces_the_golden_decks(entry: dict[str, str]) -> None:
    assert format_cards(_documented_deck(int(entry["number"]))) == entry["deck"]


def test_splitmix64_gives_the_published_reference_outputs_for_seed_0() -> None:
    from skat.deal import _splitmix64  # the generator itself is part of the public contract

    state, outputs = 0, []
    for _ in range(3):
        state, z = _splitmix64(state)
        outputs.append(z)
    assert outputs == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@pytest.mark.parametrize("number", SOME_NUMBERS)
def test_cards_are_dealt_3_each_then_2_to_the_skat_then_4_each_then_3_each(number: int) -> None:
    deck = shuffled_deck(number)
    d = deal(number)
    forehand = deck[0:3] + deck[11:15] + deck[23:26]
    middlehand = deck[3:6] + deck[15:19] + deck[26:29]
    rearhand = deck[6:9] + deck[19:23] + deck[29:32]
    assert d.hands[Seat.FOREHAND] == CardSet.of(forehand)
    assert d.hands[Seat.MIDDLEHAND] == CardSet.of(middlehand)
    assert d.hands[Seat.REARHAND] == CardSet.of(rearhand)
    assert d.skat == CardSet.of(deck[9:11])


@given(deal_numbers)
def test_a_deal_is_three_hands_of_ten_and_a_skat_of_two_covering_the_deck(number: int) -> None:
    d = deal(number)
    assert [len(h) for h in d.hands] == [10, 10, 10]
    assert len(d.skat) == 2
    union = d.hands[0].mask | d.hands[1].mask | d.hands[2].mask | d.skat.mask
    assert union == ALL_CARDS
    assert d.number == number


@given(deal_numbers)
def test_the_shuffled_deck_is_a_permutation_of_the_32_cards(number: int) -> None:
    deck = shuffled_deck(number)
    assert sorted(deck) == list(range(32))
    assert mask_of(deck) == ALL_CARDS


def test_different_numbers_give_different_decks() -> None:
    decks = {tuple(shuffled_deck(n)) for n in range(200)}
    assert len(decks) == 200


@pytest.mark.parametrize("number", [0, 1, 2**63 - 1, 2**64 - 1])
def test_same_number_gives_the_same_deal(number: int) -> None:
    assert deal(number) == deal(number)
    assert deal(number) == deal(str(number))  # type: ignore[arg-type]


def test_disturbing_the_global_random_state_changes_no_deal() -> None:
    before = [deal(n) for n in SOME_NUMBERS]
    random.seed(12345)
    random.random()
    random.shuffle(list(range(50)))
    during = [deal(n) for n in SOME_NUMBERS]
    random.seed()
    after = [deal(n) for n in SOME_NUMBERS]
    assert before == during == after


@pytest.mark.parametrize(
    ("value", "number"),
    [
        (0, 0),
        (2**63 - 1, 2**63 - 1),
        (2**64 - 1, 2**64 - 1),
        ("0", 0),
        ("18446744073709551615", 2**64 - 1),
        (" 42 ", 42),
        ("007", 7),
    ],
)
def test_deal_numbers_from_0_to_2_to_the_64_minus_1_are_accepted(
    value: object, number: int
) -> None:
    assert parse_deal_number(value) == number
    assert MAX_DEAL_NUMBER == 2**64 - 1


@pytest.mark.parametrize(
    "value",
    [-1, 2**64, 2**100, "12a", "", "-1", "+1", "1e3", "0x10", "１２", "18446744073709551616", True,
     False, 1.0, None, [1]],
)  # fmt: skip
def test_bad_deal_numbers_are_rejected_echoing_the_input(value: object) -> None:
    with pytest.raises(NotationError, match=re.escape(f"not a deal number: {value!r}")):
        parse_deal_number(value)


def test_a_deal_number_of_5000_digits_is_a_notation_error() -> None:
    with pytest.raises(NotationError, match="not a deal number: '1111"):
        parse_deal_number("1" * 5000)


def test_dealing_by_a_decimal_string_keeps_the_number_as_an_int() -> None:
    assert deal("42").number == 42  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [-1, 2**64, True])
def test_dealing_a_bad_number_raises_notation_error(value: int) -> None:
    with pytest.raises(NotationError, match="not a deal number"):
        deal(value)
    with pytest.raises(NotationError, match="not a deal number"):
        shuffled_deck(value)


@pytest.mark.parametrize(
    ("seat", "german"),
    [(Seat.FOREHAND, "Vorhand"), (Seat.MIDDLEHAND, "Mittelhand"), (Seat.REARHAND, "Hinterhand")],
)
def test_seats_are_numbered_0_1_2_from_forehand(seat: Seat, german: str) -> None:
    assert seat.german == german
    assert list(Seat) == [Seat.FOREHAND, Seat.MIDDLEHAND, Seat.REARHAND]
    assert [int(s) for s in Seat] == [0, 1, 2]


def test_a_deal_is_a_frozen_value() -> None:
    d = deal(0)
    assert isinstance(d, Deal)
    assert hash(d) == hash(deal(0))
    with pytest.raises(AttributeError):
        d.number = 1  # type: ignore[misc]


# ---- the deal number with a seat (docs/deal-numbers.md, section 6) ----------------------------


@given(st.integers(0, MAX_DEAL_NUMBER), st.sampled_from(list(Seat)))
def test_the_shown_number_reads_back_as_the_same_number_and_seat(number: int, seat: Seat) -> None:
    shown = format_seated_number(number, seat)
    parsed, named = parse_seated_number(shown)
    assert parsed == number
    assert (named if named is not None else default_seat(number)) == seat
    # the plain number when that is the seat it gives, else the seat is written
    assert (named is None) == (seat == number % 3)


def test_the_issues_series_deal_is_written_with_its_seat() -> None:
    # seat draw and dealer rotation seated the person in rearhand; typed plain, 12255238 gives
    # middlehand (12255238 mod 3 = 1) and other cards
    assert format_seated_number(12255238, Seat.REARHAND) == "12255238-2"
    assert parse_seated_number("12255238-2") == (12255238, Seat.REARHAND)
    assert parse_seated_number("12255238") == (12255238, None)
    assert default_seat(12255238) == Seat.MIDDLEHAND
    # spaces around the dash and leading zeros are read as a person types them
    assert parse_seated_number(" 0012255238 - 2 ") == (12255238, Seat.REARHAND)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "form"),
        ("abc", "form"),
        ("-5", "form"),
        ("1e3", "form"),
        ("12-", "form"),
        ("12-1-2", "form"),
        ("１２", "form"),  # full-width digits are not the notation's
        ("18446744073709551616", "range"),
        ("9" * 5000, "range"),
        ("12-3", "seat"),
        ("12-10", "seat"),
    ],
)
def test_a_bad_shown_number_names_what_is_wrong(text: str, reason: str) -> None:
    with pytest.raises(DealNumberError) as info:
        parse_seated_number(text)
    assert info.value.reason == reason
    assert isinstance(info.value, NotationError)  # the web API's bad_notation


@pytest.mark.parametrize("seat", [-1, 3, True])
def test_a_seat_outside_0_to_2_has_no_shown_form(seat: int) -> None:
    with pytest.raises(DealNumberError):
        format_seated_number(7, seat)
