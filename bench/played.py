"""Deals played out by the heuristic in every seat, fixed by a seed: what the benchmarks of the
person's requests time (``bench_hint``: every decision of the person; ``bench_review``: the
finished deals).

``random.Random(seed)`` draws the deal numbers (1 .. 10^9 − 1, as the browser deals); the person
sits in the deal's default seat (number mod 3, as for a typed number); every seat is played by
the heuristic player, each decision's random source ``decision_rng(number, action index)`` as
the server's computers draw it, under the ISkO rules (``Options()``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from skat.deal import default_seat
from skat.options import Options
from skat.players import decision_rng, get_player
from skat.state import State


def heuristic_deals(count: int, seed: int) -> Iterator[tuple[int, list[State]]]:
    """For each of ``count`` deals drawn by ``seed``: the person's seat (0-2) and every state of
    the deal from the deal to its end (the last one terminal), played by the heuristic in all
    seats."""
    numbers = random.Random(seed)
    player = get_player("heuristic")
    for _ in range(count):
        number = numbers.randrange(1, 10**9)
        state = State.new(number, Options())
        states = [state]
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            info = state.information_state(int(seat))
            state = state.apply(player.choose(info, decision_rng(number, len(state.actions))))
            states.append(state)
        yield int(default_seat(number)), states
