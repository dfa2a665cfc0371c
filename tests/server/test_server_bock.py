"""The web API's Bock rule (skat.server.bock): ``POST /api/new`` deals the series' next deal as
a Bock or Bockramsch deal from the finished deals the browser sends, ``POST /api/bock`` counts
what is queued, and a series whose ``BK[...]`` does not follow is refused by name.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from skat.options import BockDeal, BockRule, Options
from skat.players import decision_rng
from skat.players.heuristic import HeuristicPlayer
from skat.record import write_record
from skat.server import bock, create_app, workers
from skat.state import State

from server_helpers import LOOPBACK, PLAYER, start_deal

BOCK = {"bock": "rounds", "bock_all_passed": True}
"""The rule options of the browser: Bock rounds, all passed an event."""


def passed_row(
    number: int, seat: int, deal: BockDeal = BockDeal.NONE, **options: Any
) -> dict[str, Any]:
    """A series row: deal ``number`` passed in (an all-passed event) with the person in ``seat``."""
    o = Options(**{"bock": BockRule.ROUNDS, "bock_all_passed": True, "bock_deal": deal, **options})
    state = State.new(number, o).apply("p").apply("p").apply("p")
    return {"record": write_record(state), "human_seat": seat}


def test_the_series_next_deal_after_an_event_is_a_bock_deal(client: TestClient) -> None:
    data = start_deal(client, 11, options=BOCK, series=[passed_row(3, 0)])
    assert data["view"]["bock"] == "bock"
    assert "BK[2]" in data["record"]
    plain = start_deal(client, 11, options=BOCK, series=[])
    assert plain["view"]["bock"] == "none"
    assert "BK[" not in plain["record"]
    practice = start_deal(client, 11, options=BOCK)  # a typed number sends no series
    assert practice["view"]["bock"] == "none"


def test_a_bockramsch_deal_starts_in_ramsch_without_bidding(client: TestClient) -> None:
    options = {"bock": "ramsch", "bock_all_passed": True}
    o = Options(bock=BockRule.RAMSCH, bock_all_passed=True)
    record = write_record(State.new(3, o).apply("p").apply("p").apply("p"))
    data = start_deal(client, 11, options=options, series=[{"record": record, "human_seat": 1}])
    assert data["view"]["bock"] == "ramsch"
    assert "BK[ramsch]" in data["record"]
    assert data["view"]["phase"] == "play"
    assert data["view"]["calls"] == []


def test_the_bock_figures_count_the_queue_and_name_each_deals_events(client: TestClient) -> None:
    series = [passed_row(3, 0), passed_row(4, 2, BockDeal.BOCK, bock_all_passed=False)]
    response = client.post("/api/bock", json={"series": series, "options": BOCK})
    assert response.status_code == 200, response.text
    assert response.json() == {
        "deals": [
            {"deal": "none", "events": ["all_passed"], "remaining": 3},
            {"deal": "bock", "events": [], "remaining": 2},
        ],
        "remaining": 2,
        "next": "bock",
        "multiplier": 2,
    }


@pytest.mark.parametrize("route", ["/api/new", "/api/bock"])
def test_a_series_whose_bock_mark_does_not_follow_is_refused_by_name(
    client: TestClient, route: str
) -> None:
    series = [passed_row(3, 0), passed_row(4, 2)]  # deal 1 should have been a Bock deal
    response = client.post(route, json={"series": series, "options": BOCK})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bock_mismatch"
    assert "deal 1 of the series is marked 'none'" in error["message"]
    assert error["index"] == 1  # the page marks that row of its sheet by it


@pytest.mark.parametrize(
    ("series", "message"),
    [
        ("x", "series must be a list"),
        ([{"record": "(;GM[Skat];)", "human_seat": 0}], "series deal 0: "),
        ([{"record": 5}], "series deal 0: record must be a string"),
        ([{"human_seat": 0, "other": 1}], "series deal 0 is not an object"),
    ],
)
def test_a_series_row_the_server_cannot_read_is_refused_with_its_index(
    client: TestClient, series: Any, message: str
) -> None:
    response = client.post("/api/bock", json={"series": series, "options": BOCK})
    assert response.status_code == 400
    assert message in response.json()["error"]["message"]


@pytest.mark.parametrize("options", [BOCK, {}])
def test_a_new_deal_with_a_series_that_cannot_be_read_is_refused_whether_bock_is_on_or_not(
    client: TestClient, options: dict[str, Any]
) -> None:
    for series, message in [("x", "series must be a list"), ([{"record": 5}], "series deal 0: ")]:
        response = client.post("/api/new", json={"series": series, "options": options})
        assert response.status_code == 400
        assert message in response.json()["error"]["message"]
    # a readable series with the rule off decides nothing: a plain deal
    data = start_deal(client, 11, options={}, series=[passed_row(3, 0)])
    assert "BK[" not in data["record"]


def test_an_unfinished_series_deal_is_refused(client: TestClient) -> None:
    record = write_record(State.new(3, Options(bock=BockRule.ROUNDS)))
    series = [{"record": record, "human_seat": 0}]
    response = client.post("/api/new", json={"series": series, "options": BOCK})
    assert response.status_code == 400
    assert "not finished" in response.json()["error"]["message"]


@pytest.mark.parametrize(
    ("route", "task"), [("/api/new", bock.next_deal), ("/api/bock", bock.answer)]
)
def test_a_series_is_walked_in_the_workers_not_in_the_servers_process(
    route: str, task: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A walk replays up to 2,000 records; in the server's own threads it held up every other
    # answer: eight such requests slowed the page from 0.03 to 0.8 s (issue 51).
    tasks: list[Callable[..., Any]] = []
    call = workers.Computers.call

    async def noted(self: workers.Computers, task: Callable[..., Any], *args: Any) -> Any:
        tasks.append(task)
        return await call(self, task, *args)

    monkeypatch.setattr(workers.Computers, "call", noted)
    app = create_app(player=PLAYER, workers=0, rng=random.Random(1))
    body = {"series": [passed_row(3, 0)], "options": BOCK, "deal_number": "11"}
    if route == "/api/bock":
        del body["deal_number"]
    with TestClient(app, base_url=LOOPBACK) as client:
        response = client.post(route, json=body)
    assert response.status_code == 200, response.text
    assert tasks[0] is task


def test_without_the_rule_or_a_series_no_worker_is_asked_for_the_walk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tasks: list[Callable[..., Any]] = []
    call = workers.Computers.call

    async def noted(self: workers.Computers, task: Callable[..., Any], *args: Any) -> Any:
        tasks.append(task)
        return await call(self, task, *args)

    monkeypatch.setattr(workers.Computers, "call", noted)
    app = create_app(player=PLAYER, workers=0)
    series = [passed_row(3, 0)]
    with TestClient(app, base_url=LOOPBACK) as client:
        for options, rows in [({}, series), (BOCK, []), (BOCK, None)]:
            body = {"deal_number": "12", "options": options, "series": rows}
            assert client.post("/api/new", json=body).status_code == 200
    assert bock.next_deal not in tasks


def played_row(number: int, seat: int, deal: BockDeal = BockDeal.NONE) -> dict[str, Any]:
    """A series row: deal ``number`` played out by the heuristic player under Bock rounds (deal 2:
    forehand's game won at 50, 100 as a Bock deal), the person in ``seat``."""
    o = Options(bock=BockRule.ROUNDS, bock_all_passed=True, bock_deal=deal)
    state = State.new(number, o)
    heuristic = HeuristicPlayer()
    while not state.is_terminal():
        seat_to_act = state.current_player
        assert seat_to_act is not None
        rng = decision_rng(number, len(state.actions))
        state = state.apply(heuristic.choose(state.information_state(seat_to_act), rng))
    return {"record": write_record(state), "human_seat": seat}


FORGED = played_row(2, 0, BockDeal.BOCK)
"""A finished deal marked ``BK[2]`` by hand: no deal before it in its series made it a Bock
deal (it is the first), yet its record alone is valid and its score doubled."""


def _series_request(route: str, rows: list[Any]) -> dict[str, Any]:
    if route == "/api/statistics":
        return {"series": [{"id": "s", "deals": rows}]}
    extra = {"deal_number": "11"} if route == "/api/new" else {}
    return {"series": rows, "options": BOCK, **extra}


@pytest.mark.parametrize("route", ["/api/new", "/api/bock", "/api/statistics"])
def test_a_forged_bock_mark_is_refused_wherever_the_series_is_at_hand(
    client: TestClient, route: str
) -> None:
    # /api/statistics counted the forged deal's doubled score where the others refused it
    response = client.post(route, json=_series_request(route, [FORGED]))
    if route == "/api/statistics":
        assert response.status_code == 200, response.text
        series = response.json()["series"][0]
        assert [(s["index"], s["code"]) for s in series["skipped"]] == [(0, "bock_mismatch")]
        assert (
            "is marked 'bock' (BK), but the deals before it make it 'none'"
            in (series["skipped"][0]["message"])
        )
        assert series["statistics"]["deals"] == 0
    else:
        assert response.status_code == 400
        assert response.json()["error"]["code"] == "bock_mismatch"


def test_the_statistics_skip_a_forged_bock_deal_and_the_deals_after_it(
    client: TestClient,
) -> None:
    rows = [played_row(3, 0), FORGED, passed_row(4, 0), "not a row"]  # deal 0 raises no event
    response = client.post("/api/statistics", json=_series_request("/api/statistics", rows))
    assert response.status_code == 200, response.text
    series = response.json()["series"][0]
    assert [(s["index"], s["code"]) for s in series["skipped"]] == [
        (1, "bock_mismatch"),
        (2, "bock_mismatch"),  # what it is under the rule rests on deal 1
        (3, "bad_request"),
    ]
    assert "comes after deal 1" in series["skipped"][1]["message"]
    assert series["statistics"]["deals"] == 1


def test_the_statistics_count_a_bock_deal_the_series_made_double(client: TestClient) -> None:
    rows = [passed_row(3, 0), played_row(2, 1, BockDeal.BOCK)]  # all passed: a Bock round
    response = client.post("/api/statistics", json=_series_request("/api/statistics", rows))
    assert response.status_code == 200, response.text
    series = response.json()["series"][0]
    assert series["skipped"] == []
    # forehand's game won at 50 counts 2 x 50 + 50 (Seeger-Fabian); the person in middlehand
    # sees forehand as the right player
    assert [m["total"] for m in series["statistics"]["seeger_fabian"]] == [0, 0, 150]


@pytest.mark.parametrize("route", ["/api/view", "/api/act"])
def test_a_lone_record_proves_its_bock_mark_playable_not_earned(
    client: TestClient, route: str
) -> None:
    # A lone record cannot show that its series made it a Bock deal (docs/records.md, "What a
    # lone record proves"): it is played as marked, once its rules play the mark.
    record = write_record(State.new(2, Options(bock=BockRule.ROUNDS, bock_deal=BockDeal.BOCK)))
    body: dict[str, Any] = {"record": record, "human_seat": 1}
    if route == "/api/act":
        body["action"] = "p"  # middlehand passes
    response = client.post(route, json=body)
    assert response.status_code == 200, response.text
    assert response.json()["view"]["bock"] == "bock"
    unplayed = {**body, "record": record.replace("RU[bock=rounds,bock_n00=0]", "")}
    response = client.post(route, json=unplayed)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_record"
    assert "BK[2] but the rules play bock='off'" in response.json()["error"]["message"]
