"""The web API's parts for a table of series: the seat draw and the computer level per request."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from skat.cards import parse_card
from skat.series import draw_seats
from skat.server import create_app

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


@pytest.mark.parametrize("level", ["random", "heuristic"])
def test_a_request_may_name_the_computer_level(client: TestClient, level: str) -> None:
    answer = client.post("/api/new", json={"deal_number": "12", "player": level})
    assert answer.status_code == 200
    record = answer.json()["record"]
    again = client.post("/api/view", json={"record": record, "human_seat": 0, "player": level})
    assert again.status_code == 200


@pytest.mark.parametrize("level", ["grandmaster", 3, ""])
def test_an_unknown_computer_level_is_a_bad_request(client: TestClient, level: object) -> None:
    answer = client.post("/api/new", json={"player": level})
    assert answer.status_code == 400
    assert "unknown player" in answer.json()["error"]["message"]
