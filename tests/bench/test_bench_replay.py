"""bench/bench_replay.py: it replays its deals and prints its table and where the lines parted."""

from __future__ import annotations

import pytest

from bench import bench_replay as bench


@pytest.mark.slow
def test_it_prints_the_replays_times_and_where_the_lines_parted(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert bench.main(["--deals", "2", "--seed", "3", "--player", "heuristic"]) == 0
    out = capsys.readouterr().out
    assert "2 replays by heuristic (seed 3)" in out
    assert "| 2 |" in out
    # the heuristic player replaying the heuristic player's own deals never parts
    assert "lines parted: identical 2" in out
