"""A bid hint's reason is the figure that decided the suggestion and never argues against it
(skat.players.advice, the ``bid`` reason; docs/web-api.md "Hints and undo")."""

from __future__ import annotations

from typing import Any

import pytest

from skat.action import ActionKind
from skat.options import Options
from skat.players import decision_rng
from skat.players.advice import Advice, advise
from skat.players.strong import StrongPlayer
from skat.state import Phase, State

SAYS = (ActionKind.BID, ActionKind.HOLD)


def _small_strong() -> StrongPlayer:
    # the defaults' decision rules (bid_bonus, contest_check) with fewer sampled deals
    return StrongPlayer(contract_worlds=4, contract_budget=200_000)


def _bid_hints(deals: int, seed: int) -> list[Advice]:
    """The hint at every bid decision of ``deals`` deals (each seat following its hint)."""
    out = []
    for number in range(deals):
        state = State.new(seed + number, Options())
        while state.phase == Phase.BIDDING:
            seat = state.current_player
            assert seat is not None
            info = state.information_state(seat)
            advice = advise(_small_strong(), info, decision_rng(number, len(state.actions)))
            if advice.kind != "only":
                out.append(advice)
            state = state.apply(advice.action)
    return out


def _disagreement(advice: Advice) -> str | None:
    """How the reason argues against the suggestion, or None.

    ``limit`` decided: a bid or hold has ``value`` ≤ ``limit``, a pass ``value`` > ``limit``,
    and no sampled figure is given. ``contest`` decided (a bid or hold the limit allows, checked
    in the deals where the rival passes next): ``value`` ≤ ``limit``, and a bid or hold has a
    game worth ``value`` with ``expected`` ≥ ``check``, a pass none or ``expected`` < ``check``.
    """
    r: dict[str, Any] = advice.reason
    says = advice.action.kind in SAYS
    within = r["value"] <= r["limit"]
    if (r["limit"] == 0) != (r["limit_game"] is None):
        return "a limit without its game"
    if r["decided"] == "limit":
        if (r["game"], r["chance"], r["expected"], r["check"]) != (None, None, None, None):
            return "a sampled figure beside a suggestion the limit decided"
        return None if says == within else "the limit argues against the suggestion"
    assert r["decided"] == "contest"
    if not within or not r["contested"]:
        return "a contest check the limit did not call for"
    worth = r["game"] is not None and r["expected"] >= r["check"]
    return None if says == worth else "the contest check argues against the suggestion"


@pytest.mark.slow
def test_a_bid_hints_reason_never_argues_against_its_suggestion() -> None:
    hints = _bid_hints(20, 2027)
    wrong = [(str(a.action), a.reason, why) for a in hints if (why := _disagreement(a))]
    assert not wrong, wrong
    # the positions hold each kind of decision, so the check is not vacuous
    seen = {(a.reason["decided"], a.action.kind in SAYS) for a in hints}
    assert seen == {("limit", True), ("limit", False), ("contest", True), ("contest", False)}
