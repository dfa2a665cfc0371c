"""Bidding (skat.bidding): the ladder (ISkO 3.3.2) and who bids to whom (ISkO 3.3, seed Reizen)."""

from __future__ import annotations

import pytest

from skat.bidding import Auction, apply_bidding, legal_bidding
from skat.errors import IllegalActionError
from skat.options import Options
from skat.values import table_values

ISKO = table_values(Options())
"""The ISkO table's values: its bid ladder ``ISKO.bids``."""
BIDS = ISKO.bids


def _run(moves: str) -> Auction:
    """Apply moves written as in a record: ``18 y 20 p`` (numbers bid, y holds, p passes)."""
    a = Auction()
    for token in moves.split():
        if token == "y":
            a = apply_bidding(a, "hold", 0, BIDS)
        elif token == "p":
            a = apply_bidding(a, "pass", 0, BIDS)
        else:
            a = apply_bidding(a, "bid", int(token), BIDS)
    return a


def test_ladder_starts_with_the_known_values() -> None:
    assert ISKO.bids[:12] == (18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44)


def test_ladder_ends_at_grand_with_eleven() -> None:
    assert ISKO.bids[-3:] == (216, 240, 264)


@pytest.mark.parametrize("value", [19, 21, 25, 26, 28, 29, 31, 34, 37, 38, 39, 41, 42, 43, 47, 49])
def test_unreachable_values_are_not_on_the_ladder(value: int) -> None:
    assert value not in ISKO.bids


@pytest.mark.parametrize("value", [*ISKO.null, 9 * 18, 10 * 18, 11 * 18, 12 * 18, 24 * 11])
def test_null_values_and_largest_multiples_are_on_the_ladder(value: int) -> None:
    assert value in ISKO.bids


def test_ladder_is_exactly_the_reachable_values() -> None:
    expected = {b * m for b in (9, 10, 11, 12) for m in range(2, 19)}
    expected |= {24 * m for m in range(2, 12)} | {23, 35, 46, 59}
    assert set(ISKO.bids) == expected
    assert list(ISKO.bids) == sorted(ISKO.bids)


@pytest.mark.parametrize(
    ("value", "expected"), [(0, 18), (18, 20), (22, 23), (59, 60), (264, None)]
)
def test_next_bid_is_the_next_ladder_value(value: int, expected: int | None) -> None:
    assert ISKO.next_bid(value) == expected


def test_middlehand_bids_first_to_forehand() -> None:
    a = Auction()
    assert (a.to_move, a.bidder, a.listener) == (1, 1, 0)
    assert legal_bidding(a, BIDS)[0] == ("bid", 18)
    assert legal_bidding(a, BIDS)[-1] == ("pass", 0)


def test_listener_may_only_hold_or_pass() -> None:
    assert legal_bidding(_run("18"), BIDS) == [("hold", 0), ("pass", 0)]


def test_jumps_are_allowed() -> None:
    a = _run("18 y 48")
    assert (a.value, a.to_move) == (48, 0)


def test_a_bid_must_be_above_the_current_value() -> None:
    with pytest.raises(IllegalActionError, match="bid 20 is not a ladder value above 20"):
        _run("20 y 20")


def test_a_bid_must_be_a_ladder_value() -> None:
    with pytest.raises(IllegalActionError, match="bid 19 is not a ladder value"):
        _run("19")


def test_the_bidder_cannot_hold() -> None:
    with pytest.raises(IllegalActionError, match="may bid or pass, not hold"):
        _run("y")


def test_the_listener_cannot_bid() -> None:
    with pytest.raises(IllegalActionError, match="may hold or pass, not bid"):
        _run("18 20")


def test_rearhand_bids_to_the_survivor_of_round_one() -> None:
    a = _run("18 y 20 p")  # forehand out, middlehand survives at 20
    assert (a.stage, a.bidder, a.listener, a.to_move, a.value) == (2, 2, 1, 2, 20)
    a = _run("18 y p")  # middlehand out, forehand survives at 18
    assert (a.bidder, a.listener, a.value) == (2, 0, 18)


def test_rearhand_bids_to_forehand_when_middlehand_passes_at_once() -> None:
    a = _run("p")
    assert (a.stage, a.bidder, a.listener, a.value) == (2, 2, 0, 0)


@pytest.mark.parametrize(
    ("moves", "declarer", "value"),
    [
        ("18 p 20 y 22 p", 2, 22),  # middlehand gives up against rearhand's 22
        ("18 p 20 y 22 y p", 1, 22),  # middlehand holds 22, rearhand gives up
        ("18 y p p", 0, 18),  # forehand held 18, rearhand passes
        ("18 p p", 1, 18),  # middlehand bid 18, rearhand passes
        ("p 18 p", 2, 18),  # rearhand's 18 against forehand
        ("p 18 y 20 y p", 0, 20),  # forehand holds twice, rearhand gives up
        ("p p 18", 0, 18),  # nobody bid: forehand plays at 18
        ("18 y 20 y 22 p 23 p", 2, 23),  # forehand passes to rearhand at 23
    ],
)
def test_the_survivor_is_declarer_at_the_highest_bid(moves: str, declarer: int, value: int) -> None:
    a = _run(moves)
    assert (a.done, a.declarer, a.value) == (True, declarer, value)


def test_forehand_may_play_at_18_or_pass_when_the_others_passed() -> None:
    a = _run("p p")
    assert legal_bidding(a, BIDS) == [("bid", 18), ("pass", 0)]
    with pytest.raises(IllegalActionError, match="only play at 18 or pass"):
        apply_bidding(a, "bid", 20, BIDS)


def test_all_pass_ends_without_declarer() -> None:
    a = _run("p p p")
    assert (a.done, a.all_passed, a.declarer) == (True, True, -1)
    assert legal_bidding(a, BIDS) == []
    with pytest.raises(IllegalActionError, match="the auction is over"):
        apply_bidding(a, "pass", 0, BIDS)


@pytest.mark.parametrize(
    ("moves", "active"),
    [
        ("18 y 20 p p", 0b011),
        ("p 18 p", 0b100),
        ("p p 18", 0b001),
        ("18 p 20 y 22 p", 0b110),
        ("18 y 20 y 22 p 23 p", 0b111),
    ],
)
def test_active_marks_who_bid_or_held(moves: str, active: int) -> None:
    assert _run(moves).active == active


def test_the_highest_bid_leaves_only_pass() -> None:
    assert legal_bidding(_run("264 y"), BIDS) == [("pass", 0)]
