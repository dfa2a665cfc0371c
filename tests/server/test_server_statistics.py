"""``POST /api/statistics``: the figures of the stored score sheets through the web API, the rows
it skips (each named) and the requests it refuses (a named code, never a 500)."""

from __future__ import annotations

import json
import random
import warnings
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from skat.analysis.review import KINDS
from skat.options import Options
from skat.players import get_player
from skat.record import read_record
from skat.replay import replay_seat
from skat.server import create_app, game
from skat.server import statistics as server_statistics
from skat.server.statistics import losses_json
from skat.state import State
from skat.statistics import comparison, seeger_fabian, statistics

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

LOOPBACK = "http://127.0.0.1:8765"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app(player="heuristic", rng=random.Random(1), workers=0)
    with TestClient(app, base_url=LOOPBACK) as c:
        yield c


@cache
def finished(number: int) -> str:
    """The record of deal ``number`` played to its end, the first legal action each time."""
    state = State.new(number, Options())
    while not state.is_terminal():
        state = state.apply(state.legal_actions()[0])
    return game.write_record(state)


def _post(client: TestClient, body: object) -> tuple[int, dict[str, Any]]:
    response = client.post("/api/statistics", json=body)
    data: dict[str, Any] = response.json()
    return response.status_code, data


def _rows(numbers: range, seat: int) -> list[dict[str, Any]]:
    return [{"record": finished(n), "human_seat": seat} for n in numbers]


def test_each_series_and_all_together_get_the_cores_figures(client: TestClient) -> None:
    first, second = _rows(range(1, 7), 0), _rows(range(7, 10), 2)
    status, data = _post(
        client, {"series": [{"id": "a", "deals": first}, {"id": "b", "deals": second}]}
    )
    assert status == 200, data

    def expected(rows: list[dict[str, Any]]) -> dict[str, object]:
        figures = statistics((read_record(r["record"]), r["human_seat"]) for r in rows).to_json()
        return {**figures, "skipped": 0}

    assert [s["id"] for s in data["series"]] == ["a", "b"]
    assert data["series"][0]["statistics"] == expected(first)
    assert data["series"][1]["statistics"] == expected(second)
    assert data["overall"] == expected(first + second)
    assert data["overall"]["deals"] == 9
    assert all(s["skipped"] == [] for s in data["series"])


def test_a_body_larger_than_a_moves_is_taken_up_to_its_own_bound(client: TestClient) -> None:
    rows = _rows(range(1, 61), 1)
    body = {"series": [{"id": "long", "deals": rows}]}
    assert len(json.dumps(body)) > 16 * 1024  # over the other routes' bound
    status, data = _post(client, body)
    assert status == 200, data
    assert data["overall"]["deals"] == 60


def test_rows_that_cannot_be_counted_are_skipped_and_named(client: TestClient) -> None:
    good = finished(1)
    forged = good.replace("DN[1]", "DN[2]")  # the cards are deal 1's, not deal 2's
    unfinished = game.write_record(State.new(5, Options()).apply("p"))
    rows: list[object] = [
        {"record": good, "human_seat": 0},
        "not a row",
        {"record": good, "human_seat": 5},
        {"record": forged, "human_seat": 0},
        {"record": unfinished, "human_seat": 0},
        {"record": 17, "human_seat": 0},
        {"record": good, "human_seat": 0, "list_scores": [1, 2, 3]},
        {"record": good, "human_seat": 1},
    ]
    status, data = _post(client, {"series": [{"id": "s", "deals": rows}]})
    assert status == 200, data
    skipped = data["series"][0]["skipped"]
    assert [(s["index"], s["code"]) for s in skipped] == [
        (1, "bad_request"),
        (2, "bad_request"),
        (3, "bad_record"),
        (4, "bad_request"),
        (5, "bad_request"),
        (6, "bad_request"),
    ]
    messages = [s["message"] for s in skipped]
    assert "human_seat must be 0, 1 or 2" in messages[1]
    assert "not finished" in messages[3]
    assert "'list_scores'" in messages[5]
    assert data["series"][0]["statistics"]["deals"] == 2
    assert data["overall"]["skipped"] == 6


@pytest.mark.parametrize(
    ("body", "code", "named"),
    [
        ({}, "bad_request", "series must be a list"),
        ({"series": {"id": "a"}}, "bad_request", "series must be a list"),
        ({"series": [], "extra": 1}, "bad_request", "unknown field 'extra'"),
        ({"series": ["a"]}, "bad_request", "series 0 must be an object"),
        ({"series": [{"id": "a"}]}, "bad_request", "deals must be a list"),
        ({"series": [{"id": 3, "deals": []}]}, "bad_request", "id must be a string"),
        ({"series": [{"id": "a", "deals": [], "x": 1}]}, "bad_request", "unknown field 'x'"),
        (
            {"series": [{"id": "a", "deals": [{}] * (server_statistics.MAX_DEALS + 1)}]},
            "too_large",
            "at most 2000",
        ),
        (
            {"series": [{"id": "a", "deals": []}] * (server_statistics.MAX_SERIES + 1)},
            "too_large",
            "at most 200",
        ),
    ],
)
def test_a_request_of_the_wrong_shape_is_refused_with_a_named_code(
    client: TestClient, body: object, code: str, named: str
) -> None:
    status, data = _post(client, body)
    assert (status, data["error"]["code"]) == (400, code), data
    assert named in data["error"]["message"]


def test_a_body_over_its_bound_or_not_json_is_refused(client: TestClient) -> None:
    big = b'{"series": [{"id": "' + b"x" * server_statistics.MAX_BODY_BYTES + b'", "deals": []}]}'
    response = client.post(
        "/api/statistics", content=big, headers={"content-type": "application/json"}
    )
    assert (response.status_code, response.json()["error"]["code"]) == (413, "too_large")
    response = client.post("/api/statistics", content=b"{nope")
    assert (response.status_code, response.json()["error"]["code"]) == (400, "bad_json")


def test_no_series_give_empty_figures(client: TestClient) -> None:
    status, data = _post(client, {"series": []})
    assert status == 200
    assert data["series"] == []
    assert data["overall"]["deals"] == 0


# ---- the score free of card luck: rows with the computer's replay of their deal


@pytest.fixture(scope="module")
def compare_client() -> Iterator[TestClient]:
    app = create_app(player="heuristic", replayer="heuristic", rng=random.Random(1), workers=0)
    with TestClient(app, base_url=LOOPBACK) as c:
        yield c


@cache
def replayed(number: int, seat: int, player: str = "heuristic") -> str:
    """The record of :func:`finished` deal ``number`` replayed with ``player`` in ``seat``."""
    deal = read_record(finished(number))
    return game.write_record(
        replay_seat(deal, seat, get_player(player), get_player("heuristic")).replay
    )


def _replayed_rows(numbers: range, seat: int) -> list[dict[str, Any]]:
    return [
        {**row, "replay": {"record": replayed(n, seat), "player": "heuristic"}}
        for n, row in zip(numbers, _rows(numbers, seat), strict=True)
    ]


def test_the_comparison_is_the_cores_over_the_replayed_rows(compare_client: TestClient) -> None:
    first, second = _replayed_rows(range(1, 6), 0), _replayed_rows(range(6, 9), 2)
    first.append(_rows(range(9, 10), 0)[0])  # not replayed yet: pending
    status, data = _post(
        compare_client, {"series": [{"id": "a", "deals": first}, {"id": "b", "deals": second}]}
    )
    assert status == 200, data

    def expected(rows: list[dict[str, Any]]) -> dict[str, object]:
        pairs = [
            (read_record(r["record"]), read_record(r["replay"]["record"]), r["human_seat"])
            for r in rows
        ]
        return comparison(pairs).to_json()

    a, b = (s["comparison"] for s in data["series"])
    assert {k: a[k] for k in ("deals", "person", "computer", "difference")} == expected(first[:5])
    assert (a["replayer"], a["pending"], a["skipped"]) == ("heuristic", [5], [])
    assert {k: b[k] for k in ("deals", "person", "computer", "difference")} == expected(second)
    overall = data["comparison"]
    assert overall["deals"] == 8
    assert {k: overall[k] for k in ("person", "computer", "difference")} == {
        k: v for k, v in expected(first[:5] + second).items() if k != "deals"
    }
    assert (overall["pending"], overall["skipped"]) == (1, 0)
    # the person's side is the row's own Seeger-Fabian points, the computer's its replay's
    assert a["person"] == sum(seeger_fabian(read_record(r["record"]))[0] for r in first[:5])
    assert a["computer"] == sum(
        seeger_fabian(read_record(r["replay"]["record"]))[0] for r in first[:5]
    )
    # the rows count in the figures as before, the replay beside them changes none
    assert data["series"][0]["statistics"]["deals"] == 6


def test_a_forged_or_mismatched_replay_is_skipped_with_its_reason_and_pending_again(
    compare_client: TestClient,
) -> None:
    good = _replayed_rows(range(1, 2), 0)[0]
    other_deal = {**good, "replay": {"record": replayed(2, 0), "player": "heuristic"}}
    other_seat = {**good, "replay": {"record": replayed(1, 1), "player": "heuristic"}}
    forged_cards = {
        **good,
        "replay": {"record": good["replay"]["record"].replace("DN[1]", "DN[2]"), "player": "x"},
    }
    by_other = {**good, "replay": {"record": replayed(1, 0), "player": "strong"}}
    old_row = {**good, "replay": {"score": 250, "player": "strong"}}  # a store of before
    not_object = {**good, "replay": "(;GM[Skat];)"}
    unfinished = {**good, "replay": {"record": finished(1).split(";C")[0] + ";)", "player": "p"}}
    rows = [good, other_deal, other_seat, forged_cards, by_other, old_row, not_object, unfinished]
    status, data = _post(compare_client, {"series": [{"id": "s", "deals": rows}]})
    assert status == 200, data
    series = data["series"][0]
    assert series["skipped"] == []  # every row counts in the figures
    compared = series["comparison"]
    assert compared["deals"] == 1
    assert compared["pending"] == [1, 2, 3, 4, 5, 6, 7]
    reasons = {s["index"]: (s["code"], s["message"]) for s in compared["skipped"]}
    assert reasons[1] == ("replay_mismatch", "the replay is of deal 2, not of deal 1")
    assert reasons[2][0] == "replay_mismatch"
    assert "not a decision of seat 0" in reasons[2][1]
    assert reasons[3][0] == "bad_record"  # the cards are deal 1's, not deal 2's
    assert 4 not in reasons  # a replay by another player is read, not counted: replayed again
    assert reasons[5][0] == "bad_request"
    assert reasons[6][0] == "bad_request"
    assert reasons[7][0] in ("not_finished", "bad_record")
    assert data["comparison"]["skipped"] == 6


def test_each_checked_replay_gives_the_computers_list_score_never_the_stored_one(
    compare_client: TestClient,
) -> None:
    """The score sheet shows the computer's score on a row from ``replays``: the server's list
    score of the checked replay in the person's seat, whatever ``score`` the row keeps."""
    good = _replayed_rows(range(1, 3), 0)
    forged = {**good[0], "replay": {**good[0]["replay"], "score": 500}}
    by_other = {**good[1], "replay": {"record": replayed(2, 0), "player": "strong", "score": 9}}
    mismatch = {**good[0], "replay": {"record": replayed(2, 0), "player": "heuristic"}}
    old_row = {**good[1], "replay": {"score": 250, "player": "strong"}}
    rows = [forged, by_other, mismatch, old_row, _rows(range(3, 4), 0)[0]]
    status, data = _post(compare_client, {"series": [{"id": "s", "deals": rows}]})
    assert status == 200, data
    compared = data["series"][0]["comparison"]

    def score(record: str) -> int:
        return int(game.view(read_record(record), 0)["result"]["list_scores"][0])

    assert compared["replays"] == [
        {"index": 0, "player": "heuristic", "score": score(good[0]["replay"]["record"])},
        {"index": 1, "player": "strong", "score": score(replayed(2, 0))},
    ]
    assert compared["replays"][0]["score"] != 500
    assert compared["pending"] == [1, 2, 3, 4]  # by another player: shown, not compared
    assert [s["index"] for s in compared["skipped"]] == [2, 3]
    assert "replays" not in data["comparison"]  # per series only


def test_a_row_not_counted_in_the_figures_is_not_compared(compare_client: TestClient) -> None:
    row = _replayed_rows(range(1, 2), 0)[0]
    bad = {"record": "not a record", "human_seat": 0, "replay": row["replay"]}
    status, data = _post(compare_client, {"series": [{"id": "s", "deals": [bad, row]}]})
    assert status == 200, data
    compared = data["series"][0]["comparison"]
    assert (compared["deals"], compared["pending"], compared["skipped"]) == (1, [], [])
    assert [r["index"] for r in compared["replays"]] == [1]


def test_no_replays_give_an_empty_comparison(compare_client: TestClient) -> None:
    status, data = _post(compare_client, {"series": [{"id": "s", "deals": _rows(range(1, 3), 1)}]})
    assert status == 200, data
    compared = data["series"][0]["comparison"]
    assert compared["deals"] == 0
    assert compared["difference"] == {"count": 0, "mean": None, "low": None, "high": None}
    assert compared["pending"] == [0, 1]


# ---- where the person loses points: rows with their review summed by kind


def _kinds(costs: dict[str, float], mistakes: int = 0) -> dict[str, Any]:
    marks = dict.fromkeys(("best", "good", "inaccuracy", "mistake", "blunder", "forced"), 0)
    out = {}
    for kind in KINDS:
        out[kind] = {
            "cost": costs.get(kind, 0.0),
            "decisions": 2,
            "marks": {**marks, "unjudged": 0, "best": 2 - mistakes, "mistake": mistakes},
        }
    return out


def _reviewed(number: int, seat: int, costs: dict[str, float], mistakes: int = 0) -> dict[str, Any]:
    row = _rows(range(number, number + 1), seat)[0]
    kinds = _kinds(costs, mistakes)
    return {**row, "review_kinds": {"deal_number": str(number), "seat": seat, "kinds": kinds}}


def test_the_review_costs_are_summed_by_kind_over_the_reviewed_rows(client: TestClient) -> None:
    rows = [
        _reviewed(1, 0, {"bidding": 4.5, "defence": 10.0}, mistakes=1),
        _reviewed(2, 0, {"bidding": 1.5, "declarer_play": 30.0}),
        _rows(range(3, 4), 0)[0],  # not reviewed yet
    ]
    status, data = _post(client, {"series": [{"id": "s", "deals": rows}]})
    assert status == 200, data
    losses = data["series"][0]["losses"]
    assert (losses["deals"], losses["pending"], losses["skipped"]) == (2, [2], [])
    by_kind = {k["kind"]: k for k in losses["kinds"]}
    assert [k["kind"] for k in losses["kinds"]] == list(KINDS)
    assert by_kind["bidding"] == {
        "kind": "bidding",
        "cost": 6.0,
        "per_deal": 3.0,
        "decisions": 4,
        "mistakes": 1,
    }
    assert (by_kind["defence"]["cost"], by_kind["declarer_play"]["per_deal"]) == (10.0, 15.0)
    assert by_kind["ramsch"]["cost"] == 0.0
    assert (data["losses"]["deals"], data["losses"]["pending"]) == (2, 1)
    assert losses_json([]) == {
        "deals": 0,
        "kinds": [
            {"kind": k, "cost": 0.0, "per_deal": None, "decisions": 0, "mistakes": 0} for k in KINDS
        ],
    }


def test_a_review_summary_of_another_deal_or_of_a_bad_shape_is_skipped_and_named(
    client: TestClient,
) -> None:
    good = _reviewed(1, 0, {"bidding": 2.0})
    other_deal = {**good, "review_kinds": {**good["review_kinds"], "deal_number": "2"}}
    other_seat = {**good, "review_kinds": {**good["review_kinds"], "seat": 1}}
    kinds = good["review_kinds"]["kinds"]
    negative = {
        **good,
        "review_kinds": {
            **good["review_kinds"],
            "kinds": {**kinds, "bidding": {**kinds["bidding"], "cost": -5}},
        },
    }
    unknown_kind = {
        **good,
        "review_kinds": {**good["review_kinds"], "kinds": {**kinds, "chess": kinds["bidding"]}},
    }
    not_object = {**good, "review_kinds": [1, 2]}
    rows = [good, other_deal, other_seat, negative, unknown_kind, not_object]
    status, data = _post(client, {"series": [{"id": "s", "deals": rows}]})
    assert status == 200, data
    losses = data["series"][0]["losses"]
    assert (losses["deals"], losses["pending"]) == (1, [1, 2, 3, 4, 5])
    assert [(s["index"], s["code"]) for s in losses["skipped"]] == [
        (1, "review_mismatch"),
        (2, "review_mismatch"),
        (3, "bad_request"),
        (4, "bad_request"),
        (5, "bad_request"),
    ]
    assert data["series"][0]["skipped"] == []  # the rows count in the figures all the same
