"""bench/bench_play_times.py: both players timed on the same card decisions, the table of
their times."""

from __future__ import annotations

import pytest

from bench import bench_play_times as bp
from skat.arena import arena_deal_number
from skat.players import get_player


def test_both_players_choose_at_every_card_decision_with_a_choice() -> None:
    heuristic = get_player("heuristic")
    timed = [
        t for i in range(3) for t in bp.run_deal(arena_deal_number(2026, i), heuristic, heuristic)
    ]
    assert timed
    assert all(t.same for t in timed)  # the same player twice
    assert all(w >= 0.0 for t in timed for w in (*t.wall, *t.cpu))
    assert {t.trick for t in timed} >= {0, 1, 5}
    assert max(t.trick for t in timed) <= 9


def test_the_report_gives_each_player_s_times_by_tricks() -> None:
    timed = [
        bp.Timed(0, (1.0, 2.0), (0.5, 1.5), True),
        bp.Timed(4, (0.1, 0.3), (0.1, 0.2), False),
    ]
    lines = bp.report(timed, ("strong", "strong:beliefs=learned"))
    assert lines[2] == (
        "| strong | all | 2 | 0.100 s | 1.000 s | 1.000 s | 0.100 s | 0.500 s | 0.500 s |"
    )
    assert "| strong:beliefs=learned | tricks 1-2 | 1 | 2.000 s |" in lines[6]
    assert "| strong:beliefs=learned | tricks 3-10 | 1 | 0.300 s |" in lines[7]


def test_main_prints_the_table_and_the_load(capsys: pytest.CaptureFixture[str]) -> None:
    assert bp.main(["--deals", "1", "--base", "heuristic", "--variant", "heuristic"]) == 0
    out = capsys.readouterr().out
    assert "| heuristic | all |" in out
    assert "load average (1 min)" in out


def test_an_unknown_player_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bp.main(["--deals", "1", "--variant", "strong:belief=learned"])
    assert "'belief' is no setting of the strong player" in capsys.readouterr().err
