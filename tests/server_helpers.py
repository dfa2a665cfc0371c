"""Helpers of the web API's tests (``tests/server/test_server*.py``): deal and act through the test
client, play a deal out with a random person; and the deals of the Kontra, Re and Supra tests
(issue 51, point 9; ``tests/server/test_kontra_re_supra_api.py`` and
``tests/browser/test_kontra_re_supra.py``): which deal, how the person plays it, and how it goes
on the core with the server's computers (:func:`on_core`, the decisions the server makes:
``decision_rng`` of the deal number and the action index), so that each test first checks that
its deal, found by a search on the core, still goes that way.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from typing import Any

from skat.server import game
from skat.server.app import load_player
from skat.state import Phase, State

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


# ---- the deals of the Kontra, Re and Supra tests

RULES = {"kontra": "on", "supra": True}
"""The table's rules (the web API's form): Kontra and Re, and Supra."""

DEFENDING = 10
"""Deal 10, the person in middlehand with the heuristic computers: forehand plays Clubs; the
person, asked first, says Kontra, the declarer Re, the person Supra; the declarer wins (with 1,
game 2 × 12 = 24, × 8 = 192). The first such deal after 1 (:func:`find_deals`)."""

DECLARING = 1
"""Deal 1, the person in middlehand with the strong computers: the person holds 18, picks up,
puts DT DQ away and declares Grand; forehand says Kontra, the person Re, forehand Supra; the
person loses Schneider (72, −1152). The first such deal (:func:`find_deals`)."""

Person = Callable[[State, list[str]], list[str]]
"""``person(state, legal)``: the person's actions (record tokens) at their turn, given the legal
ones as tokens."""

NOT_CARDS = ("RE", "CL", "CD")
"""Tokens of the card play that are not a card: conceding and the claims."""


def first_card(playable: list[str]) -> str:
    """The card the person plays: the first playable one in ISS text order."""
    return sorted(playable)[0]


def person_defending(state: State, legal: list[str]) -> list[str]:
    """The person of :data:`DEFENDING`: passes, says Kontra and Supra, plays :func:`first_card`."""
    if state.phase == Phase.BIDDING:
        return ["p"]
    if state.phase == Phase.KONTRA:
        return [next(a for a in ("K", "SU") if a in legal)]
    return [first_card([a for a in legal if a not in NOT_CARDS])]


def person_declaring(state: State, legal: list[str]) -> list[str]:
    """The person of :data:`DECLARING`: holds or bids 18, picks up, puts away the first pair the
    core lists (DT DQ in deal 1), declares Grand, says Re, plays :func:`first_card`."""
    if state.phase == Phase.BIDDING:
        return [next(a for a in ("y", "18", "p") if a in legal)]
    if state.phase == Phase.SKAT:
        return ["s"]
    if state.phase == Phase.DISCARD:
        return [legal[0], "G"]
    if state.phase == Phase.KONTRA:
        return ["R"]
    return [first_card([a for a in legal if a not in NOT_CARDS])]


def on_core(
    number: int, level: str, person: Person, *, calls_only: bool = False
) -> tuple[str, State, list[str]]:
    """Deal ``number`` with the person in seat ``number % 3`` as the server plays it with the
    ``level`` computers (:func:`skat.server.game.play`); ``calls_only``: up to the first card.

    Returns:
        the record the server writes at the deal's start, the final state, and the calls said
        after the declaration (the events' tokens in order: ``K``, ``R``, ``SU``, ``-``).
    """
    _, choose = load_player(level)
    options = game.parse_options(RULES)
    start, human = game.new_deal(number, None, options, random.Random(0))
    turn = game.computers(start, human, choose)
    first = game.write_record(turn.state)
    state = turn.state
    calls = [e["action"] for e in turn.events if e["kind"] == "kontra"]
    while not state.is_terminal() and not (calls_only and state.phase == Phase.PLAY):
        turn = game.play(
            state, human, person(state, [str(a) for a in state.legal_actions()]), choose
        )
        calls += [e["action"] for e in turn.events if e["kind"] == "kontra"]
        state = turn.state
    return first, state, calls


def find_deals(level: str, person: Person, numbers: range) -> list[int]:
    """The deals of ``numbers`` in which, played as :func:`on_core` plays them, Kontra, Re and
    Supra are said: how :data:`DEFENDING` and :data:`DECLARING` were found, e.g.
    ``find_deals("heuristic", person_defending, range(1, 100))`` (run from ``tests/``)."""
    return [
        n for n in numbers if on_core(n, level, person, calls_only=True)[2][-3:] == ["K", "R", "SU"]
    ]
