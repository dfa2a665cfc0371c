"""Claims through the web API (house rule ``claims``): the claim is an action token of
``POST /api/act``, offered in the view's ``legal`` at the person's turn in the card play; a false
claim gets a 409 ``claim_fails`` with the line that beats it and no record, a true one ends the
deal with the claim in the result and in ``view.claim``; the computers claim when theirs holds.

Helpers: ``tests/server_helpers.py``; the test client (``client``): the conftest's.
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

from skat import record
from skat.action import CLAIM, Action
from skat.claim import holds, settle
from skat.options import Options
from skat.server import game
from skat.state import Phase, State

from server_helpers import act_on, random_human, start_deal

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

CLAIMS = Options(claims=True)


def declarer_positions(number: int) -> list[State]:
    """Deal ``number`` with forehand declaring Grand Hand at 18, the cards played lowest first
    (no computer in the way): the positions where forehand, the declarer, is to play."""
    state = State.new(number, CLAIMS)
    for token in ("p", "p", "18", "GH"):
        state = state.apply(token)
    out = []
    while state.phase == Phase.PLAY:
        if state.current_player == 0:
            out.append(state)
        state = state.apply(state.legal_actions()[0])
    return out


def claim(client: TestClient, state: State, seat: int, token: str) -> Any:
    body = {"record": game.write_record(state), "human_seat": seat, "action": [token]}
    return client.post("/api/act", json=body)


@pytest.mark.parametrize("number", [2, 3])
def test_the_view_offers_the_claim_at_the_persons_turn_in_play(
    client: TestClient, number: int
) -> None:
    state = declarer_positions(number)[0]
    view = game.view(state, 0)
    assert "CL" in view["legal"]
    assert "CD" not in view["legal"]
    assert "CL" not in game.view(state, 1)["legal"]  # not the defender's turn
    plain = State(Options(), state.deal, state.dealer, state.actions, state.actors)
    assert "CL" not in game.view(plain, 0)["legal"]


@pytest.mark.parametrize("number", [0, 3, 9])
def test_a_false_claim_is_refused_with_the_line_and_a_true_one_ends_the_deal(
    client: TestClient, number: int
) -> None:
    positions = declarer_positions(number)
    false = next(s for s in positions if not holds(s, CLAIM))
    true = next(s for s in positions if holds(s, CLAIM))
    refused = claim(client, false, 0, "CL")
    assert refused.status_code == 409
    error = refused.json()["error"]
    assert error["code"] == "claim_fails"
    assert "record" not in refused.json()
    after = false
    for step in error["line"]:  # the line is legal play from the position of the claim
        assert after.current_player == step["seat"]
        after = after.apply(step["card"])
    assert after.tricks_won(1) + after.tricks_won(2) > false.tricks_won(1) + false.tricks_won(2)
    accepted = claim(client, true, 0, "CL")
    assert accepted.status_code == 200, accepted.text
    view = accepted.json()["view"]
    assert view["phase"] == "result"
    assert view["result"]["claim"] == "claim_rest"
    assert view["claim"]["seat"] == 0
    assert view["claim"]["action"] == "CL"
    assert view["result"]["steps"][0]["code"] == "claim_rest"
    assert record.read_record(accepted.json()["record"], claim_check=settle).actions[-1] == CLAIM


def test_a_claim_out_of_turn_is_an_illegal_action(client: TestClient) -> None:
    state = declarer_positions(3)[0]
    response = claim(client, state, 1, "CD")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "illegal_action"


def test_the_computers_claim_when_their_claim_holds(client: TestClient) -> None:
    # a random person (who never claims) against the heuristic computers, claims on: some deal
    # of the first twenty ends with a computer's claim, which the view shows with its cards
    for number in range(20):
        rng = random.Random(number)
        data = start_deal(client, number, options={"claims": True})
        for _ in range(60):
            if data["view"]["phase"] == "result":
                break
            data = act_on(client, data, random_human(data["view"], rng))
        shown = data["view"]["claim"]
        if shown is not None and shown["seat"] != data["view"]["human"]:
            assert shown["action"] in ("CL", "CD")
            assert len(shown["hands"]) == 3
            assert data["view"]["result"]["claim"].startswith("claim_")
            state = record.read_record(data["record"], claim_check=settle)
            assert state.actions[-1] == Action.parse(shown["action"])
            assert len(state.tricks) >= 4  # from the fifth trick on
            return
    raise AssertionError("no computer claimed in twenty deals")
