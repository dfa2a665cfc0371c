"""bench/bench_par.py: the contract's target, the interval, and that par bounds the card play."""

from __future__ import annotations

import pytest

from bench import bench_par
from skat.solver import SCHWARZ


def test_card_play_target() -> None:
    assert bench_par.card_play_target(False, False) == 61
    assert bench_par.card_play_target(True, False) == 90
    assert bench_par.card_play_target(True, True) == SCHWARZ


@pytest.mark.slow
def test_par_bounds_the_declarer_against_perfect_defence() -> None:
    kept = 0
    for number in bench_par.deal_numbers(6, 1):
        res = bench_par.run_deal((number, ("heuristic",)))
        if res.skipped is None:
            kept += 1
            assert res.par >= res.target
            assert 0 <= res.achieved[0] <= res.par
    assert kept >= 2


def test_an_empty_game_class_has_no_mean() -> None:
    assert bench_par._class_mean([]) == "–"
    assert bench_par._class_mean([3.0, 5.0]) == "4.00"
