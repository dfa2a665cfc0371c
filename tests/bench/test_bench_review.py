"""bench/bench_review.py: the deals it times are finished deals fixed by the seed, each with the
person's seat."""

from __future__ import annotations

from bench.bench_review import deals
from skat.server import game


def test_every_deal_is_finished_and_the_seed_fixes_them() -> None:
    found = deals(2, 1)
    assert found == deals(2, 1)
    assert found != deals(2, 2)
    for text, seat in found:
        state = game.load(text)
        assert state.is_terminal()
        assert seat == state.number % 3
