"""bench/bench_par.py: the contract's target, the interval, and that par bounds the card play."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

from skat.solver import SCHWARZ


@pytest.fixture(scope="module")
def bench(bench_script: Callable[[str], ModuleType]) -> ModuleType:
    return bench_script("bench_par")


def test_card_play_target(bench: ModuleType) -> None:
    assert bench.card_play_target(False, False) == 61
    assert bench.card_play_target(True, False) == 90
    assert bench.card_play_target(True, True) == SCHWARZ


def test_par_bounds_the_declarer_against_perfect_defence(bench: ModuleType) -> None:
    kept = 0
    for number in bench.deal_numbers(6, 1):
        res = bench.run_deal((number, ("heuristic",)))
        if res.skipped is None:
            kept += 1
            assert res.par >= res.target
            assert 0 <= res.achieved[0] <= res.par
    assert kept >= 2


def test_an_empty_game_class_has_no_mean(bench: ModuleType) -> None:
    assert bench._class_mean([]) == "–"
    assert bench._class_mean([3.0, 5.0]) == "4.00"
