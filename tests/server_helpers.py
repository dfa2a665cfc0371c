"""Helpers of the web API's tests (``tests/server/test_server*.py``): deal and act through the test
client, play a deal out with a random person.
"""

from __future__ import annotations

import random
import warnings
from typing import Any

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


PLAYER = "heuristic"
LOOPBACK = "http://127.0.0.1:8765"
"""The test client's address: the server answers only under its own names (Host), as
``skat serve`` at 127.0.0.1."""


def start_deal(client: TestClient, number: int, **extra: Any) -> dict[str, Any]:
    response = client.post("/api/new", json={"deal_number": str(number), **extra})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def act_on(client: TestClient, data: dict[str, Any], actions: list[str]) -> dict[str, Any]:
    body = {"record": data["record"], "human_seat": data["view"]["human"], "action": actions}
    response = client.post("/api/act", json=body)
    assert response.status_code == 200, response.text
    out: dict[str, Any] = response.json()
    return out


def random_human(view: dict[str, Any], rng: random.Random) -> list[str]:
    # conceding throws the deal away; a claim (CL, CD) is only an attempt the server may refuse
    legal = [a for a in view["legal"] if a not in ("RE", "CL", "CD")] or view["legal"]
    first = rng.choice(legal)
    if view["phase"] == "discard":
        return [first, rng.choice(view["declare_after_discard"])]
    return [first]


def play_out(client: TestClient, number: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    data = start_deal(client, number)
    for _ in range(60):
        if data["view"]["phase"] == "result":
            return data
        data = act_on(client, data, random_human(data["view"], rng))
    raise AssertionError("the deal did not end")
