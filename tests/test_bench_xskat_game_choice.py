"""The game-choice look at an XSkat match (bench/xskat_game_choice.py): the fitted offset, and
the seat-games read from the recorded run of tests/data/xskat_match_run.jsonl."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from bench import xskat_game_choice as gc

RUN = Path(__file__).parent / "data" / "xskat_match_run.jsonl"


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def test_the_fitted_offset_makes_the_chances_add_up_to_the_games_won() -> None:
    points = [(-1.0, 3, 8), (0.5, 6, 8), (2.0, 7, 8)]
    d = gc.fitted_offset(points)
    expected = sum(n * _sigmoid(x + d) for x, _, n in points)
    assert expected == pytest.approx(16.0, abs=1e-6)  # 3 + 6 + 7 won
    assert d > 0  # the estimates (about 20 of 24 won) said fewer than were won


def test_estimates_that_match_the_outcomes_need_no_offset() -> None:
    points = [(math.log(3.0), 3, 4), (0.0, 2, 4)]  # 75% and 50%, won so
    assert gc.fitted_offset(points) == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize("points", [[], [(0.0, 0, 5)], [(1.0, 4, 4), (0.0, 2, 2)]])
def test_no_finite_offset_raises(points: list[tuple[float, int, int]]) -> None:
    with pytest.raises(ValueError, match="no finite offset"):
        gc.fitted_offset(points)


def test_the_recorded_runs_seat_games_are_those_both_declare_after_a_pick_up(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rows = list(gc.seat_games(str(RUN), "strong"))
    # the heuristic declared Grand in deal 0 and Spades in deal 1, XSkat alone the same games in
    # all eight clocks (won each time)
    assert [(r.index, r.seat, r.ours, r.score) for r in rows] == [(0, 0, "G", 98), (1, 1, "S", -94)]
    assert [r.xskat for r in rows] == [{"G": [8, 8]}, {"S": [8, 8]}]
    assert [r.xskat_score for r in rows] == [110.0, 72.0]
    # every game that is not hopeless is judged (deal 1's Hearts is not, by the heuristic)
    assert [sorted(r.estimates) for r in rows] == [["C", "D", "G", "H", "S"], ["C", "D", "G", "S"]]
    assert all(0.0 < c < 1.0 for r in rows for c in r.estimates.values())
    assert gc.main([str(RUN), "--player", "strong"]) == 0
    out = capsys.readouterr().out
    assert "2 seat-games with a pick-up" in out
    assert "another game type than XSkat alone's: 0" in out
    assert "Grand: XSkat alone's games 8 (1 seat-games), won 100.0%" in out
    assert "XSkat alone's Grand won in every clock, ours another game: 0 seat-games" in out
    assert "logit to add none" in out
