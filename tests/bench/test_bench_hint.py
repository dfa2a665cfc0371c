"""bench/bench_hint.py: the positions it times are the person's decisions, fixed by the seed."""

from __future__ import annotations

from bench.bench_hint import positions
from skat.server import game


def test_every_position_is_the_persons_turn_and_the_seed_fixes_them() -> None:
    found = positions(2, 1)
    assert found == positions(2, 1)
    assert len(found) >= 10
    for text, human in found:
        state = game.load(text)
        assert state.current_player == human
        assert not state.is_terminal()
