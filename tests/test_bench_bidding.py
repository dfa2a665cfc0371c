"""bench/bench_bidding.py: its settings, and its premise that an equal auction is an equal game."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest


@pytest.fixture(scope="module")
def bench(bench_script: Callable[[str], ModuleType]) -> ModuleType:
    return bench_script("bench_bidding")


OFF = (("contest_check", None),)
"""The auction without the contest check (the default before it was on)."""
SETTINGS = {"base": OFF, "variant": (("contest_check", None), ("contest_penalty", 1.0))}
BASE = ("base", "base", "base")
VARIANT = ("variant", "variant", "variant")


def test_settings_are_auction_arguments_with_numbers(bench: ModuleType) -> None:
    assert bench.parse_setting("contest_penalty=1,bid_bonus=0.5") == (
        ("contest_penalty", 1.0),
        ("bid_bonus", 0.5),
    )
    assert bench.parse_setting("contest_check=-20") == (("contest_check", -20.0),)
    assert bench.parse_setting("contest_check=none") == OFF
    assert bench.parse_setting("") == ()
    with pytest.raises(ValueError, match="worlds"):
        bench.parse_setting("worlds=8")  # changes the card play too: the premise would not hold
    with pytest.raises(ValueError, match="not a number"):
        bench.parse_setting("bid_bonus=high")


def test_a_changed_auction_is_found(bench: ModuleType) -> None:
    # deal 22: forehand holds 18 without the check and passes with the contest penalty
    assert bench._auction_differs((22, BASE, VARIANT, SETTINGS))
    assert not bench._auction_differs((22, BASE, BASE, SETTINGS))


@pytest.mark.parametrize(
    ("variant", "min_bid"),
    [(SETTINGS["variant"], 18), ((), 20)],
    ids=["penalty", "check"],
)
def test_an_equal_auction_plays_the_same_game(
    bench: ModuleType, variant: tuple[tuple[str, float | None], ...], min_bid: int
) -> None:
    # the contest check (the defaults, ()) solves deals during a contested auction (one that
    # goes beyond 18) with the player's solver: the game after it must still be the same
    settings = {"base": OFF, "variant": variant}
    number = next(
        n
        for n in range(1, 50)
        if not bench._auction_differs((n, BASE, VARIANT, settings))
        and bench._run(n, BASE, settings, whole=False).declarer is not None
        and bench._run(n, BASE, settings, whole=False).bid >= min_bid
    )
    base = bench._run(number, BASE, settings, whole=True)
    variant_game = bench._run(number, VARIANT, settings, whole=True)
    assert base.is_terminal()
    assert len(base.actions) > 30  # the auction, the skat and all 30 cards
    assert base.actions == variant_game.actions
