"""Kontra, Re and Supra through the web API (issue 51, point 9): a person's Kontra answered with
Re by the computer declarer, the person's Supra; and the person's game doubled by a computer,
the person's Re answered with Supra. Each deal is played to its end with ``POST /api/new`` and
``POST /api/act``; the answers' calls, record and result are the core's.

The deals and the person's play: ``tests/server_helpers.py`` (found with the core).
"""

from __future__ import annotations

from typing import Any

import pytest

from skat import record as iss
from skat.scoring import KONTRA_CODES, GameResult, list_scores
from skat.server import game
from skat.state import Phase

from server_helpers import (
    DECLARING,
    DEFENDING,
    RULES,
    on_core,
    person_declaring,
    person_defending,
    start_deal,
)


def _act(client: Any, data: dict[str, Any], actions: list[str], level: str) -> dict[str, Any]:
    body = {
        "record": data["record"],
        "human_seat": data["view"]["human"],
        "action": actions,
        "player": level,
    }
    response = client.post("/api/act", json=body)
    assert response.status_code == 200, response.text
    out: dict[str, Any] = response.json()
    return out


def _play(client: Any, number: int, level: str, person: Any) -> tuple[dict[str, Any], list[str]]:
    """Deal ``number`` through the API with ``level`` computers, the person acting as ``person``
    does on the core: the last answer and the calls after the declaration as the events said
    them."""
    data = start_deal(client, number, options=RULES, player=level)
    calls = [e["action"] for e in data["events"] if e["kind"] == "kontra"]
    for _ in range(40):
        if data["view"]["phase"] == "result":
            return data, calls
        state = iss.replay(iss.parse(data["record"]))
        actions = person(state, data["view"]["legal"])
        data = _act(client, data, actions, level)
        calls += [e["action"] for e in data["events"] if e["kind"] == "kontra"]
        if state.phase == Phase.KONTRA and "K" in actions:
            # after the person's Kontra the declarer is asked at once: his Re comes back
            assert data["view"]["kontra"][-1] == "R"
            assert data["view"]["legal"] == ["SU", "-"]
    raise AssertionError("the deal did not end")


def _check(data: dict[str, Any], record: str) -> None:
    """The answer's result: Kontra, Re and Supra, its steps and list scores as the core's."""
    assert data["record"] == record
    state = iss.replay(iss.parse(record))
    result = state.result()
    assert isinstance(result, GameResult)
    assert state.declarer is not None
    shown = data["view"]["result"]
    assert shown["kontra"] == 3
    assert shown["score"] == result.score
    steps = {s["code"]: s["value"] for s in shown["steps"]}
    core = {s.code: s.value for s in result.explanation}
    assert [steps[c] for c in KONTRA_CODES] == [core[c] for c in KONTRA_CODES]
    # each call doubles: Kontra ×2, Re ×4, Supra ×8 of the won or lost score
    assert [steps[c] for c in KONTRA_CODES] == [result.score // 4, result.score // 2, result.score]
    scores = list_scores(result, int(state.declarer), state.options.score_list)
    assert shown["list_scores"] == list(scores)


def test_the_persons_kontra_gets_re_and_supra_through_the_api(client: Any) -> None:
    _, end, calls = on_core(DEFENDING, "heuristic", person_defending)
    data, said = _play(client, DEFENDING, "heuristic", person_defending)
    assert said == calls == ["K", "R", "SU"]
    _check(data, game.write_record(end))


@pytest.mark.slow
def test_the_persons_re_gets_supra_through_the_api(client: Any) -> None:
    _, end, calls = on_core(DECLARING, "strong", person_declaring)
    data, said = _play(client, DECLARING, "strong", person_declaring)
    assert said == calls
    assert said[-3:] == ["K", "R", "SU"]
    _check(data, game.write_record(end))
