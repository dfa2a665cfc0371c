"""The game-choice look at an XSkat match (bench/xskat_game_choice.py): the fitted offset, and
the seat-games read from the recorded run of tests/data/xskat_match_run.jsonl."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from bench import xskat_game_choice as gc
from bench import xskat_records as xr

RUN = Path(__file__).parents[1] / "data" / "xskat_match_run.jsonl"


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
    assert "XSkat alone's Grand won in every clock, ours a suit game: 0 seat-games" in out
    assert "logit to add none" in out


def _row(ours: str, xskat: dict[str, list[int]], score: int, estimates: dict[str, float]) -> Any:
    return gc.SeatGame(0, 0, ours, score, xskat, 100.0, estimates)


def test_the_tally_pairs_other_games_and_splits_xskats_grands_by_outcome() -> None:
    rows = [
        _row("C", {"G": [8, 8]}, 74, {"G": 0.8, "C": 0.9}),  # Grand won everywhere, ours Clubs
        _row("S", {"G": [5, 8]}, 83, {"G": 0.7, "S": 0.9}),  # Grand lost in some clock
        _row("N", {"G": [8, 8]}, 73, {"C": 0.5}),  # ours Null: no suit game; Grand not judged
        _row("H", {"H": [7, 8]}, 90, {"H": 0.6}),  # the same game: no pair
        _row("D", {"S": [6, 8], "H": [1, 1]}, 50, {"S": 0.5, "D": 0.9}),  # Hearts not judged
    ]
    t = gc.tally(rows)
    assert t.pairs == {("G", "C"): [1, -26.0], ("G", "S"): [1, -17.0], ("G", "N"): [1, -27.0],
                       ("S", "D"): [1, -50.0]}  # fmt: skip
    assert t.grands == {True: [-26.0], False: [-17.0]}  # the Null is no suit game
    assert [n for _, _, n in t.points["Grand"]] == [8, 8]
    assert [(w, n) for _, w, n in t.points["suit"]] == [(7, 8), (6, 8)]
    assert t.unjudged == {"Grand": 1, "suit": 1}


def test_a_run_not_finished_or_a_player_not_strong_is_refused_naming_it(tmp_path: Path) -> None:
    lines = RUN.read_text().splitlines()
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:-1]) + "\n")  # the last seating missing
    with pytest.raises(xr.CheckpointError, match=r"no record of \('match', 'one', 1, 2\)"):
        list(gc.seat_games(str(cut), "strong"))
    torn = tmp_path / "torn.jsonl"
    torn.write_text(RUN.read_text() + '{"kind": "mat')
    with pytest.raises(xr.CheckpointError, match="torn"):
        list(gc.seat_games(str(torn), "strong"))
    with pytest.raises(ValueError, match="heuristic is no strong player"):
        list(gc.seat_games(str(RUN), "heuristic"))
    with pytest.raises(ValueError, match="at least 1"):
        list(gc.seat_games(str(RUN), "strong", 0))
