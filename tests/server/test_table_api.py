"""The web API's parts for a table of series: the seat draw and the computer level per request."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from skat import record
from skat.cards import parse_card
from skat.players import decision_rng, get_player
from skat.series import draw_seats
from skat.server import create_app
from skat.state import State

LOOPBACK = "http://127.0.0.1"
"""The test client's address: the server answers only under its own names (Host)."""


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(player="random", rng=random.Random(7)), base_url=LOOPBACK)


def test_the_seat_draw_gives_three_distinct_cards_and_their_positions(client: TestClient) -> None:
    for _ in range(20):
        data: dict[str, Any] = client.post("/api/draw", json={}).json()
        cards = tuple(parse_card(c) for c in data["cards"])
        assert len(set(cards)) == 3
        assert tuple(data["positions"]) == draw_seats((cards[0], cards[1], cards[2]), 0)


def test_the_seat_draw_takes_no_fields(client: TestClient) -> None:
    answer = client.post("/api/draw", json={"cards": ["CJ"]})
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "bad_request"


@pytest.mark.slow
@pytest.mark.parametrize(("level", "other"), [("random", "heuristic"), ("heuristic", "random")])
def test_the_level_named_in_a_request_is_the_level_that_plays(
    client: TestClient, level: str, other: str
) -> None:
    # the server's own level is "random": deal 12 played out with the human in middlehand
    # always taking its first legal action, each computer action must be the named level's
    # decision (from decision_rng(deal number, action index), as docs/web-api.md says)
    body: dict[str, Any] = {"deal_number": "12", "human_seat": 1, "player": level}
    answer = client.post("/api/new", json=body)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    while data["view"]["to_act"] is not None:
        action = data["view"]["legal"][0]
        body = {"record": data["record"], "human_seat": 1, "action": action, "player": level}
        data = client.post("/api/act", json=body).json()
    view = {"record": data["record"], "human_seat": 1, "player": level}
    assert client.post("/api/view", json=view).json()["record"] == data["record"]
    final = record.read_record(data["record"])
    state = State(options=final.options, deal=final.deal, dealer=final.dealer)
    chooser, rival = get_player(level), get_player(other)
    computer = differs = 0
    for index, (action, actor) in enumerate(zip(final.actions, final.actors, strict=True)):
        if actor != 1:
            info = state.information_state(actor)
            assert chooser.choose(info, decision_rng(12, index)) == action, (index, str(action))
            computer += 1
            differs += rival.choose(info, decision_rng(12, index)) != action
        state = state.apply(action)
    assert computer >= 10
    assert differs > 0  # the other level would have played otherwise: the test tells them apart


@pytest.mark.parametrize("level", ["grandmaster", 3, ""])
def test_an_unknown_computer_level_is_a_bad_request(client: TestClient, level: object) -> None:
    answer = client.post("/api/new", json={"player": level})
    assert answer.status_code == 400
    assert "unknown player" in answer.json()["error"]["message"]
