"""bench/bench_analysis.py: it plays its deals to their end and prints its table of both parts."""

from __future__ import annotations

import pytest

from bench import bench_analysis as bench
from skat.options import Options


def test_its_deals_are_played_to_their_end() -> None:
    state = bench.finished_deal(78, Options())
    assert state.is_terminal()


def test_it_prints_the_time_of_each_part_and_their_sum(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--deals", "1", "--seed", "3", "--clock", "cpu"]) == 0
    out = capsys.readouterr().out
    parts = (
        "card play",
        "game choice",
        "one core (sum)",
        "two cores (the longer part)",
        "calls (asked apart)",
    )
    for part in parts:
        assert f"| {part} | 1 |" in out
