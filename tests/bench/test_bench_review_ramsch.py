"""bench/bench_review_ramsch.py: the deals it measures are Ramsch deals fixed by the seed, the
person passing and then playing the first legal card every time."""

from __future__ import annotations

from bench.bench_review_ramsch import ramsch_deals
from skat.action import PASS, ActionKind
from skat.deal import default_seat
from skat.rules import GameType
from skat.state import Phase


def test_the_deals_are_ramsch_fixed_by_the_seed_and_the_person_plays_the_first_legal_card() -> None:
    found = ramsch_deals(2, 1)
    assert [s.actions for _, s in found] == [s.actions for _, s in ramsch_deals(2, 1)]
    assert [s.number for _, s in found] != [s.number for _, s in ramsch_deals(2, 2)]
    for seat, state in found:
        assert state.is_terminal()
        assert state.contract is not None
        assert state.contract.game == GameType.RAMSCH
        assert seat == int(default_seat(state.number))
        for index, (action, actor) in enumerate(zip(state.actions, state.actors, strict=True)):
            if actor != seat:
                continue
            info = state.prefix(index).information_state(seat)
            if info.phase == Phase.BIDDING:
                assert action == PASS
            else:
                assert action.kind == ActionKind.CARD
                assert action == info.legal_actions()[0]
