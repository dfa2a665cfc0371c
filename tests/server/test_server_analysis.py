"""``POST /api/analysis``: the open-hand analysis of a finished deal through the web API, its
answer's shape, the errors of bad records, seats and unfinished deals, and the work done in the
worker processes (two parts at once), not in the server's own."""

from __future__ import annotations

import json
import os
import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from skat.analysis import analyse
from skat.analysis.estimate import calls
from skat.options import Options
from skat.players import get_player
from skat.record import read_record
from skat.server import create_app, game
from skat.solver.position import card_play_start
from skat.state import State

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

LOOPBACK = "http://127.0.0.1:8765"
DEALS: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).parents[1] / "data" / "analysis_deals.json").read_text()
)
NULL = DEALS["null_losing_card"]
"""A short deal (a Null lost in its second trick): its analysis takes a moment only."""


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app(player="heuristic", rng=random.Random(1), workers=0)
    with TestClient(app, base_url=LOOPBACK) as c:
        yield c


def _post(
    client: TestClient, body: object, route: str = "/api/analysis"
) -> tuple[int, dict[str, Any]]:
    response = client.post(route, json=body)
    data: dict[str, Any] = response.json()
    return response.status_code, data


def test_a_finished_deal_gets_its_analysis_with_the_declarers_game_choice(
    client: TestClient,
) -> None:
    status, data = _post(client, {"record": NULL["record"], "human_seat": 1})
    assert status == 200, data
    a = data["analysis"]
    assert a == analyse(read_record(NULL["record"]), 1, calls=False).to_json()
    assert a["estimates"]["calls"] is None  # asked apart: POST /api/analysis/calls
    assert (a["seat"], a["kind"], a["declarer"], a["contract"]) == (1, "game", 1, "NH")
    assert a["deal_number"] == "78"
    second = a["cards"][1]
    assert (second["card"], second["verdict"], second["best"]) == ("DA", "outcome", ["D9"])
    assert second["before_outcome"]["won"]
    assert not second["after_outcome"]["won"]
    assert a["opening"]["cards"][0] == {"seat": 0, "card": "DK", "trick": 0}
    assert a["game_choice"]["seat"] == 1
    assert {r["contract"] for r in a["game_choice"]["hand"]} >= {"NOH"}
    assert "open_hand" in [n["code"] for n in a["notes"]]
    assert a["estimates"]["player"] == "strong"


def test_the_seats_calls_are_answered_apart_as_the_core_judges_them(client: TestClient) -> None:
    # deal 5 (tests/analysis/test_analysis_calls.py): forehand's pass at 18 is judged by a
    # contest check
    state = _played(5)
    body = {"record": game.write_record(state), "human_seat": 0}
    status, data = _post(client, body, "/api/analysis/calls")
    assert status == 200, data
    assert data == {"calls": [c.to_json() for c in calls(state, 0)]}
    assert data["calls"][0]["reason"]["decided"] == "contest"


def _played(number: int) -> State:
    choose = get_player("heuristic").choose
    return game.computers(State.new(number, Options()), 3, choose).state


def test_a_defenders_analysis_names_the_declarers_game_choice(client: TestClient) -> None:
    status, data = _post(client, {"record": NULL["record"], "human_seat": 0})
    assert status == 200, data
    assert data["analysis"]["game_choice"]["seat"] == 1
    assert "game_choice_declarer" in [n["code"] for n in data["analysis"]["notes"]]


def _unfinished() -> str:
    return game.write_record(card_play_start(read_record(NULL["record"])))


@pytest.mark.parametrize(
    ("body", "status", "code", "words"),
    [
        ({"human_seat": 1}, 400, "bad_request", "record must be a string"),
        ({"record": NULL["record"]}, 400, "bad_request", "human_seat must be 0, 1 or 2"),
        ({"record": NULL["record"], "human_seat": 3}, 400, "bad_request", "human_seat"),
        ({"record": NULL["record"], "human_seat": "1"}, 400, "bad_request", "human_seat"),
        ({"record": NULL["record"], "human_seat": 1, "x": 1}, 400, "bad_request", "'x'"),
        ({"record": "(;GM[Skat];)", "human_seat": 1}, 400, "bad_record", ""),
        ({"record": NULL["record"].replace("1 DA", "1 HA"), "human_seat": 1}, 400,
         "bad_record", ""),
        ({"record": NULL["record"].replace("DN[78]", ""), "human_seat": 1}, 400,
         "bad_record", "deal number"),
        ({"record": _unfinished(), "human_seat": 1}, 400, "not_finished", "phase 'play'"),
        ([1, 2], 400, "bad_request", "JSON object"),
    ],
)  # fmt: skip
@pytest.mark.parametrize("route", ["/api/analysis", "/api/analysis/calls"])
def test_bad_requests_get_a_400_with_a_stable_code(
    client: TestClient, body: object, status: int, code: str, words: str, route: str
) -> None:
    got, data = _post(client, body, route)
    assert got == status
    assert data["error"]["code"] == code
    assert words in data["error"]["message"]


def test_a_deal_still_in_its_bidding_is_refused_as_not_finished(client: TestClient) -> None:
    data = client.post("/api/new", json={"deal_number": "78"}).json()
    status, error = _post(client, {"record": data["record"], "human_seat": 0})
    assert status == 400
    assert error["error"]["code"] == "not_finished"


@pytest.fixture
def pids(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[ModuleType, Path]:
    """tests/fake_computers.py importable by the workers, and the file its analysis task writes
    its process ids to."""
    monkeypatch.syspath_prepend(str(Path(__file__).parents[1]))
    import fake_computers

    path = tmp_path / "pids"
    monkeypatch.setenv(fake_computers.PIDS, str(path))
    return fake_computers, path


def test_the_analysis_runs_its_two_parts_in_the_worker_processes_not_in_the_server(
    pids: tuple[ModuleType, Path],
) -> None:
    fakes, path = pids
    app = create_app(player="heuristic", workers=2, analyse=fakes.noted_analysis)
    with TestClient(app, base_url=LOOPBACK) as c:
        status, data = _post(c, {"record": NULL["record"], "human_seat": 1})
    assert status == 200, data
    assert data["analysis"] == analyse(read_record(NULL["record"]), 1, calls=False).to_json()
    parts = dict(line.split() for line in path.read_text().splitlines())
    assert set(parts) == {"play", "choice"}
    assert str(os.getpid()) not in parts.values()
