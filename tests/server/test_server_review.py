"""``POST /api/review`` and ``POST /api/review/stream``: the review of a finished deal through
the web API (skat.server.review), its answer's shape, the stream's lines, and the errors of bad
records, seats and unfinished deals (a 4xx, never a 500)."""

from __future__ import annotations

import json
import os
import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skat.analysis.review import Judgement, costs_by_kind, decision_indices, judge_decision, review
from skat.players import UnknownPlayerError
from skat.players.strong_settings import StrongSettings
from skat.record import read_record
from skat.server import create_app, game
from skat.server import review as server_review
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
"""A short deal (a Null lost in its second trick)."""

SMALL = StrongSettings(
    worlds=6, node_budget=40_000, min_worlds=2, contract_worlds=6, contract_budget=200_000,
    defence_worlds=6, defence_budget=40_000, rollouts=24, schieben_rollouts=24, kontra_draws=24,
)  # fmt: skip
"""A strong player small enough for tests."""


def _small_task(text: str, seat: int, index: int) -> Judgement:
    return judge_decision(game.load(text), seat, index, SMALL)


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    # no worker processes: the decisions are judged in the server's threads, by the small
    # strong player (the workers would import the real task by name)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(server_review, "decision_task", _small_task)
        app = create_app(player="heuristic", rng=random.Random(1), workers=0)
        with TestClient(app, base_url=LOOPBACK) as c:
            yield c


def _post(client: TestClient, body: object, route: str) -> tuple[int, dict[str, Any]]:
    response = client.post(route, json=body)
    data: dict[str, Any] = response.json()
    return response.status_code, data


@pytest.mark.slow
def test_a_finished_deal_gets_its_review_as_the_engine_gives_it(client: TestClient) -> None:
    status, data = _post(client, {"record": NULL["record"], "human_seat": 1}, "/api/review")
    assert status == 200, data
    r = data["review"]
    positions = [d.pop("position") for d in r["decisions"]]
    assert r == review(read_record(NULL["record"]), 1, SMALL).to_json()
    assert len(positions) == len(r["decisions"])
    assert (r["seat"], r["deal_number"]) == (1, "78")
    assert r["decisions"]
    assert r["open_hand"]["answer"] == "lost_winnable"
    assert sum(r["marks"].values()) == len(r["decisions"])
    # every decision of the seat, in the deal's order
    state: State = read_record(NULL["record"])
    indices = [i for i, actor in enumerate(state.actors) if actor == 1]
    assert [d["index"] for d in r["decisions"]] == indices
    # each decision says its kind, for the series' sums by kind (docs/review.md)
    kinds = {d["phase"]: d["kind"] for d in r["decisions"]}
    assert kinds["bidding"] == "bidding"
    assert set(kinds.values()) <= {"bidding", "declaring", "declarer_play", "defence", "ramsch"}


@pytest.mark.slow
def test_the_stream_gives_each_decision_as_a_line_then_the_summary(client: TestClient) -> None:
    body = {"record": NULL["record"], "human_seat": 1}
    response = client.post("/api/review/stream", json=body)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/x-ndjson")
    lines = [json.loads(line) for line in response.text.splitlines()]
    whole = review(read_record(NULL["record"]), 1, SMALL).to_json()
    start = lines[0]["start"]
    assert start == {
        "seat": 1,
        "deal_number": "78",
        "indices": [d["index"] for d in whole["decisions"]],
    }
    decisions = [line["decision"] for line in lines[1:-1]]
    assert all("position" in d for d in decisions)
    assert [{k: v for k, v in d.items() if k != "position"} for d in decisions] == whole[
        "decisions"
    ]
    summary = ("total", "marks", "played_well", "open_hand")
    assert lines[-1] == {"summary": {k: whole[k] for k in summary}}


def test_each_decision_comes_with_the_position_the_seat_saw_before_it() -> None:
    """The browser draws the position before each decision from the server's ``position``: the
    seat's cards then, the trick on the table with who played each card, the auction so far."""
    state: State = read_record(NULL["record"])
    seat = 1
    for index in decision_indices(state, seat):
        position = server_review.position_json(state, seat, index)
        before = state.prefix(index)
        taken = str(state.actions[index])
        assert position["calls"] == [
            {"seat": s, "action": str(a)} for s, a in before.information_state(seat).bids
        ]
        assert position["kontra"] == 0
        if before.phase.value == "play":
            assert taken in position["hand"]
            tricks_done = len(before.information_state(seat).tricks)
            assert len(position["hand"]) == 10 - tricks_done
            assert [c["seat"] for c in position["trick"]] == [
                (position["trick"][0]["seat"] + i) % 3 for i in range(len(position["trick"]))
            ]
            assert seat not in [c["seat"] for c in position["trick"]]
            assert position["contract"] == str(state.contract)
        elif before.phase.value == "bidding":
            assert len(position["hand"]) == 10
            assert position["contract"] is None
    first = server_review.position_json(state, seat, 0)
    assert first["calls"] == []
    assert first["trick"] == []
    with pytest.raises(ValueError, match="no prefix"):
        server_review.position_json(state, seat, len(state.actions) + 1)


SMALL_SPEC = (
    "strong:worlds=6,node_budget=40000,min_worlds=2,contract_worlds=6,contract_budget=200000,"
    "defence_worlds=6,defence_budget=40000,rollouts=24,schieben_rollouts=24,kontra_draws=24"
)
""":data:`SMALL` as ``create_app(reviewer=...)`` takes it."""


@pytest.mark.slow
def test_the_server_reviews_with_the_strong_player_it_is_given() -> None:
    app = create_app(player="heuristic", rng=random.Random(1), workers=0, reviewer=SMALL_SPEC)
    with TestClient(app, base_url=LOOPBACK) as c:
        status, data = _post(c, {"record": NULL["record"], "human_seat": 1}, "/api/review")
    assert status == 200, data
    for d in data["review"]["decisions"]:
        d.pop("position")
    assert data["review"] == review(read_record(NULL["record"]), 1, SMALL).to_json()


def test_a_reviewer_that_is_not_a_strong_player_is_refused() -> None:
    with pytest.raises(UnknownPlayerError, match="reviewer must be a strong player"):
        create_app(player="heuristic", workers=0, reviewer="heuristic")


def _unfinished() -> str:
    return game.write_record(card_play_start(read_record(NULL["record"])))


@pytest.mark.parametrize(
    ("body", "status", "code", "words"),
    [
        ({"human_seat": 1}, 400, "bad_request", "record must be a string"),
        ({"record": NULL["record"]}, 400, "bad_request", "human_seat must be 0, 1 or 2"),
        ({"record": NULL["record"], "human_seat": 3}, 400, "bad_request", "human_seat"),
        ({"record": NULL["record"], "human_seat": True}, 400, "bad_request", "human_seat"),
        ({"record": NULL["record"], "human_seat": 1, "x": 1}, 400, "bad_request", "'x'"),
        ({"record": "(;GM[Skat];)", "human_seat": 1}, 400, "bad_record", ""),
        ({"record": NULL["record"].replace("1 DA", "1 HA"), "human_seat": 1}, 400,
         "bad_record", ""),
        ({"record": _unfinished(), "human_seat": 1}, 400, "not_finished", "can be reviewed"),
        ([1, 2], 400, "bad_request", "JSON object"),
    ],
)  # fmt: skip
@pytest.mark.parametrize("route", ["/api/review", "/api/review/stream"])
def test_bad_requests_get_a_400_with_a_stable_code(
    client: TestClient, body: object, status: int, code: str, words: str, route: str
) -> None:
    got, data = _post(client, body, route)
    assert got == status
    assert data["error"]["code"] == code
    assert words in data["error"]["message"]


def test_a_review_is_a_post_only(client: TestClient) -> None:
    assert client.get("/api/review").status_code == 405


def test_a_failed_decision_ends_the_stream_with_an_error_line(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(text: str, seat: int, index: int) -> Judgement:
        raise RuntimeError("a worker died")

    monkeypatch.setattr(server_review, "decision_task", broken)
    body = {"record": NULL["record"], "human_seat": 1}
    response = client.post("/api/review/stream", json=body)
    assert response.status_code == 200
    lines = [json.loads(line) for line in response.text.splitlines()]
    assert "start" in lines[0]
    assert lines[-1] == {"error": {"code": "internal_error", "message": "the review failed"}}


@pytest.mark.slow
def test_the_decisions_are_judged_in_the_worker_processes_not_in_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the workers import the task by name: tests/fake_computers.py notes its process id
    monkeypatch.syspath_prepend(str(Path(__file__).parents[1]))
    import fake_computers

    path = tmp_path / "pids"
    monkeypatch.setenv(fake_computers.PIDS, str(path))
    monkeypatch.setattr(server_review, "decision_task", fake_computers.noted_review_decision)
    app = create_app(player="heuristic", workers=2)
    with TestClient(app, base_url=LOOPBACK) as c:
        status, data = _post(c, {"record": NULL["record"], "human_seat": 1}, "/api/review")
    assert status == 200, data
    noted = [line.split() for line in path.read_text().splitlines()]
    assert len(noted) == len(data["review"]["decisions"])
    assert {what for what, _ in noted} == {"decision"}
    assert str(os.getpid()) not in {pid for _, pid in noted}


@pytest.mark.slow
def test_the_review_summed_by_kind_is_the_cores_costs_by_kind(client: TestClient) -> None:
    status, data = _post(client, {"record": NULL["record"], "human_seat": 1}, "/api/review/kinds")
    assert status == 200, data
    expected = costs_by_kind([review(read_record(NULL["record"]), 1, SMALL)])
    assert data == {"deal_number": "78", "seat": 1, "kinds": expected}


def test_the_review_by_kind_refuses_bad_requests_with_a_named_4xx(client: TestClient) -> None:
    status, data = _post(client, {"record": _unfinished(), "human_seat": 1}, "/api/review/kinds")
    assert (status, data["error"]["code"]) == (400, "not_finished")
    status, data = _post(client, {"record": NULL["record"], "human_seat": 4}, "/api/review/kinds")
    assert (status, data["error"]["code"]) == (400, "bad_request")
