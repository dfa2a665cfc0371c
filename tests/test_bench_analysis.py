"""bench/bench_analysis.py: it plays its deals to their end and prints its table of both parts."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

from skat.rules import Options


@pytest.fixture(scope="module")
def bench(bench_script: Callable[[str], ModuleType]) -> ModuleType:
    return bench_script("bench_analysis")


def test_its_deals_are_played_to_their_end(bench: ModuleType) -> None:
    state = bench.finished_deal(78, Options())
    assert state.is_terminal()


def test_it_prints_the_time_of_each_part_and_their_sum(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench.main(["--deals", "1", "--seed", "3", "--clock", "cpu"]) == 0
    out = capsys.readouterr().out
    for part in ("card play", "game choice", "one core (sum)", "two cores (the longer part)"):
        assert f"| {part} | 1 |" in out
