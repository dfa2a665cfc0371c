"""bench/bench_wait.py: the person's actions it sends and the table of waits it prints (the
server run itself is the benchmark, not a test)."""

from __future__ import annotations

from bench import bench_wait
from skat.action import Action
from skat.arena import arena_deal_number
from skat.options import Options
from skat.state import Phase, State


def test_the_persons_tokens_are_legal_in_every_phase_and_the_discard_comes_with_its_game() -> None:
    phases = set()
    for index in range(6):
        number = arena_deal_number(1, index)
        state = State.new(number, Options())
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            tokens = bench_wait._persons_actions(state, int(seat), number)
            phases.add(state.phase)
            legal = [str(a) for a in state.legal_actions()]
            assert tokens[0] in legal
            state = state.apply(Action.parse(tokens[0]))
            if len(tokens) == 2:  # the discard and the declaration after it
                assert [str(a) for a in state.legal_actions()].count(tokens[1]) == 1
                state = state.apply(Action.parse(tokens[1]))
    assert {Phase.BIDDING, Phase.DISCARD, Phase.PLAY} <= phases


def test_the_report_gives_each_trick_and_the_decisions_over_the_limit() -> None:
    waits = bench_wait.Waits(
        by_trick={1: [0.5, 1.5, 0.25], 2: [4.0]},
        before_play=[0.75],
        singles=[(12, 40, 3.5), (12, 41, 0.5)],
        computers={2: 3, 0: 1},
    )
    text = bench_wait.report(waits, 3.0)
    assert "| trick 1 | 3 | 0.50 s | 1.50 s | 1.50 s |" in text
    assert "| every trick | 4 | 1.00 s | 4.00 s | 4.00 s |" in text
    assert "| before the first card | 1 | 0.75 s |" in text
    assert "2 decisions timed alone, 1 over 3 s" in text
    assert "deal 12 action 40: 3.50 s" in text
    assert "deal 12 action 41" not in text
