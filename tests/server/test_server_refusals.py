"""The web API rejects bad requests: malformed or illegal actions, forged records, huge bodies,
unknown routes, each with a 4xx and a stable code, and fuzzed input never gives a server
error.

Helpers: ``tests/server_helpers.py``; the test client (``client``): the conftest's.
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skat import record
from skat.cards import format_card
from skat.server import game
from skat.server.app import MAX_BODY_BYTES
from skat.server.statistics import MAX_BODY_BYTES as STATISTICS_MAX_BODY_BYTES

from server_helpers import act_on, play_out, start_deal

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


@pytest.mark.parametrize(
    ("path", "body", "status", "code"),
    [
        ("/api/new", b"{", 400, "bad_json"),
        ("/api/new", b"\xff\xfe", 400, "bad_json"),
        ("/api/new", b"[]", 400, "bad_request"),
        ("/api/new", b'{"deal_number": "x"}', 400, "bad_notation"),
        ("/api/new", b'{"deal_number": "18446744073709551616"}', 400, "bad_notation"),
        ("/api/new", b'{"deal_number": -1}', 400, "bad_notation"),
        ("/api/new", b'{"deal_number": ' + b"9" * 4000 + b"}", 400, "bad_notation"),
        ("/api/new", b'{"deal_number": "12-3"}', 400, "bad_notation"),
        ("/api/new", b'{"deal_number": "12-2", "human_seat": 1}', 400, "bad_request"),
        ("/api/new", b'{"human_seat": 3}', 400, "bad_request"),
        ("/api/new", b'{"human_seat": true}', 400, "bad_request"),
        ("/api/new", b'{"options": {"kontra": "sometimes"}}', 400, "bad_request"),
        ("/api/new", b'{"options": {"spitze": 1}}', 400, "bad_request"),
        ("/api/new", b'{"options": {"colour": "red"}}', 400, "bad_request"),
        ("/api/new", b'{"cheat": 1}', 400, "bad_request"),
        ("/api/act", b"{}", 400, "bad_request"),
        ("/api/act", b'{"record": 5, "human_seat": 0, "action": "p"}', 400, "bad_request"),
        (
            "/api/act",
            b'{"record": "(;GM[Skat];)", "human_seat": 0, "action": "p"}',
            400,
            "bad_record",
        ),
        ("/api/view", b'{"record": "nonsense", "human_seat": 0}', 400, "bad_record"),
    ],
)
def test_bad_requests_get_a_4xx_with_a_stable_code(
    client: TestClient, path: str, body: bytes, status: int, code: str
) -> None:
    response = client.post(path, content=body)
    assert response.status_code == status, response.text
    assert response.json()["error"]["code"] == code
    assert 0 < len(response.json()["error"]["message"]) < 300  # a long input is not sent back


def _record_and_seat(client: TestClient, number: int) -> tuple[str, int, list[str]]:
    data = start_deal(client, number)
    return data["record"], data["view"]["human"], data["view"]["legal"]


@pytest.mark.parametrize(
    ("action", "code", "match"),
    [
        ("SA.SA", "bad_notation", "same card twice"),
        ("XX", "bad_notation", "not an action"),
        ("264", "illegal_action", "legal:"),
        ("CA", "illegal_action", "legal:"),
        ("TI.0", "illegal_action", "legal:"),
        (["p", "p", "p"], "bad_request", "list of 1..2"),
        ([], "bad_request", "list of 1..2"),
        ([5], "bad_request", "short string"),
        ("y" * 10_000, "bad_request", "short string, not 'yyyy"),
        (["18", "p"], "bad_request", "a discard and the declaration after it, not '18' and 'p'"),
    ],
)
def test_illegal_or_malformed_actions_are_refused(
    client: TestClient, action: object, code: str, match: str
) -> None:
    rec, seat, _ = _record_and_seat(client, 9)
    response = client.post("/api/act", json={"record": rec, "human_seat": seat, "action": action})
    assert response.status_code in (400, 409)
    error = response.json()["error"]
    assert error["code"] == code
    assert match in error["message"]
    assert len(error["message"]) < 300  # a long input is not sent back whole


@pytest.mark.parametrize("token", ["Z" * 3000, "18" + "x" * 3000, "SA." + "Q" * 3000])
def test_a_bad_token_inside_a_record_is_named_once_and_cut(client: TestClient, token: str) -> None:
    rec, seat, _ = _record_and_seat(client, 9)
    bad = rec.replace(" ]", f" {seat} {token} ]")
    assert len(bad) < 4000  # within a record's length: the token itself is what is refused
    response = client.post("/api/view", json={"record": bad, "human_seat": seat})
    assert response.status_code == 400, response.text[:300]
    error = response.json()["error"]
    assert error["code"] == "bad_record"
    assert len(error["message"]) < 300, error["message"][:300]
    assert error["message"].count(token[:30]) == 1, error["message"]


def test_acting_for_another_seat_is_refused(client: TestClient) -> None:
    rec, seat, legal = _record_and_seat(client, 9)
    other = (seat + 1) % 3
    response = client.post(
        "/api/act", json={"record": rec, "human_seat": other, "action": legal[0]}
    )
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "illegal_action"
    assert "turn" in response.json()["error"]["message"]


def test_a_forged_record_is_refused_by_replay(client: TestClient) -> None:
    rec, seat, _ = _record_and_seat(client, 9)
    parsed = record.parse(rec)
    cards = parsed.moves[0].token.split(".")
    cards[0], cards[15] = cards[15], cards[0]  # swap a card between two hands
    forged = rec.replace(parsed.moves[0].token, ".".join(cards))
    response = client.post("/api/act", json={"record": forged, "human_seat": seat, "action": "p"})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_record"


@pytest.mark.parametrize(("a", "b"), [(10, 20), (29, 30), (15, 31)])
def test_a_record_with_other_hands_or_skat_than_its_deal_numbers_is_refused(
    client: TestClient, a: int, b: int
) -> None:
    # Forehand keeps the cards of DN[...]; middlehand, rearhand and the skat must be its too.
    rec, seat, _ = _record_and_seat(client, 9)
    parsed = record.parse(rec)
    cards = parsed.moves[0].token.split(".")
    cards[a], cards[b] = cards[b], cards[a]
    forged = rec.replace(parsed.moves[0].token, ".".join(cards))
    response = client.post("/api/view", json={"record": forged, "human_seat": seat})
    assert response.status_code == 400, response.text
    assert response.json()["error"]["code"] == "bad_record"
    assert "DN[9] does not give the cards of the deal" in response.json()["error"]["message"]


def test_a_record_without_a_deal_number_is_refused(client: TestClient) -> None:
    rec, seat, _ = _record_and_seat(client, 9)
    parsed = record.parse(rec)
    assert "DN[9]" in rec
    cards = parsed.moves[0].token.split(".")
    cards[0], cards[15] = cards[15], cards[0]  # any hand at all, once the number is gone
    bare = rec.replace("DN[9]", "").replace(parsed.moves[0].token, ".".join(cards))
    response = client.post("/api/view", json={"record": bare, "human_seat": seat})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_record"
    assert "deal number" in response.json()["error"]["message"]


def test_a_record_with_its_rules_given_twice_is_refused(client: TestClient) -> None:
    rec = _DECLARED.format("").replace("DN[730633]", "DN[730633]RU[all_pass=ramsch]RU[kontra=on]")
    response = client.post("/api/view", json={"record": rec, "human_seat": 1})
    assert response.status_code == 400, response.text
    assert response.json()["error"]["code"] == "bad_record"
    assert "RU[...] is given twice" in response.json()["error"]["message"]


# Deal 730633: the human in middlehand (seat 1) bids 18, the others pass; he picks up, puts
# SJ SQ away and declares Clubs; forehand leads DA. The record then gets one move more.
_DECLARED = (
    "(;GM[Skat]PC[skat]DN[730633]MV[w CJ.CQ.C8.SA.ST.HT.HK.DA.DQ.D8.SJ.SQ.S9.S8.S7.HA.HQ.DK.D9.D7."
    "CA.CK.C9.C7.SK.HJ.H9.H8.H7.DJ.CT.DT 1 18 0 p 2 p 1 s w CT.DT 1 C.SJ.SQ 0 DA{} ] ;)"
)


@pytest.mark.parametrize(
    ("more", "named"),
    [
        (" w TI.0", "'TI.0', is a timeout"),
        (" w LE.2", "'LE.2', is a seat leaving the table"),
        (" 0 RE 2 RE", "'RE', is a defender resigning"),
        (" 1 SC", "'SC', is a declarer showing his cards"),
        (" 0 RE", "'RE', is a defender resigning"),  # one defender: the game goes on at ISS
        (" 1 D7 1 RE", "'RE', is a move out of turn"),  # the declarer, with rearhand to play
    ],
)
def test_a_record_with_moves_of_server_play_is_refused(
    client: TestClient, more: str, named: str
) -> None:
    # The engine replays ISS records with timeouts, leavers and resigning defenders, which
    # would hand the human a game won without playing it; no seat of the web game makes them.
    response = client.post("/api/view", json={"record": _DECLARED.format(more), "human_seat": 1})
    assert response.status_code == 400, response.text
    assert response.json()["error"]["code"] == "bad_record"
    assert named in response.json()["error"]["message"]


def test_the_records_own_moves_and_the_declarers_concession_are_accepted(
    client: TestClient,
) -> None:
    response = client.post("/api/view", json={"record": _DECLARED.format(""), "human_seat": 1})
    assert response.status_code == 200, response.text
    assert response.json()["view"]["phase"] == "play"
    conceded = client.post("/api/view", json={"record": _DECLARED.format(" 1 RE"), "human_seat": 1})
    assert conceded.status_code == 200, conceded.text
    assert conceded.json()["view"]["phase"] == "result"
    assert conceded.json()["view"]["result"]["won"] is False


def test_a_second_action_refused_names_the_first_and_nothing_is_applied(
    client: TestClient,
) -> None:
    rec, seat, _ = _record_and_seat(client, 42)
    assert seat == 0  # forehand, the others passed: 18 or pass
    after = act_on(client, {"record": rec, "view": {"human": seat}}, ["18"])
    picked = act_on(client, after, ["s"])
    assert picked["view"]["phase"] == "discard"
    away = ".".join(picked["view"]["hand"][:2])
    body = {"record": picked["record"], "human_seat": seat, "action": [away, "GH"]}
    response = client.post("/api/act", json=body)
    assert response.status_code == 409
    message = response.json()["error"]["message"]
    expected = f"illegal action 'GH' by forehand in phase 'declare' (after '{away}', the request's"
    assert expected in message
    # no record comes back: the browser keeps the one from before the request
    assert set(response.json()) == {"error"}


def test_a_discard_or_card_not_in_the_hand_is_named(client: TestClient) -> None:
    rec, seat, _ = _record_and_seat(client, 42)
    after = act_on(client, {"record": rec, "view": {"human": seat}}, ["18"])
    picked = act_on(client, after, ["s"])
    hand = picked["view"]["hand"]
    absent = next(format_card(c) for c in range(32) if format_card(c) not in hand)
    body = {"record": picked["record"], "human_seat": seat, "action": [f"{hand[0]}.{absent}", "G"]}
    response = client.post("/api/act", json=body)
    assert response.status_code == 409
    assert response.json()["error"]["message"].endswith(f": {absent} is not in the hand")
    # in the play, a card of another hand
    played = act_on(
        client, picked, [".".join(hand[:2]), picked["view"]["declare_after_discard"][0]]
    )
    assert (played["view"]["phase"], played["view"]["to_act"]) == ("play", seat)
    elsewhere = next(
        format_card(c) for c in range(32) if format_card(c) not in played["view"]["hand"]
    )
    body = {"record": played["record"], "human_seat": seat, "action": elsewhere}
    response = client.post("/api/act", json=body)
    assert response.status_code == 409
    assert response.json()["error"]["message"].endswith(f": {elsewhere} is not in the hand")


def test_a_long_list_of_legal_actions_is_cut_with_a_count(client: TestClient) -> None:
    rec, seat, _ = _record_and_seat(client, 42)
    after = act_on(client, {"record": rec, "view": {"human": seat}}, ["18"])
    skat_legal = after["view"]["legal"]
    assert len(skat_legal) > 12
    response = client.post(
        "/api/act", json={"record": after["record"], "human_seat": seat, "action": "CA"}
    )
    assert response.status_code == 409
    message = response.json()["error"]["message"]
    assert message.endswith(f" … and {len(skat_legal) - 12} more")
    assert " ".join(skat_legal[:12]) in message


@pytest.mark.parametrize("path", ["/api/new", "/api/act", "/api/view"])
def test_a_number_literal_too_long_for_python_is_bad_json_not_a_crash(
    client: TestClient, path: str
) -> None:
    body = b'{"human_seat": ' + b"9" * 5000 + b"}"
    assert len(body) < MAX_BODY_BYTES
    response = client.post(path, content=body)
    assert response.status_code == 400, response.text
    assert response.json()["error"]["code"] == "bad_json"


def test_a_finished_deal_takes_no_more_actions(client: TestClient) -> None:
    data = play_out(client, 3, 0)
    body = {"record": data["record"], "human_seat": data["view"]["human"], "action": "p"}
    response = client.post("/api/act", json=body)
    assert response.status_code == 409
    assert "over" in response.json()["error"]["message"]


@pytest.mark.parametrize(
    ("path", "size"),
    [
        ("/api/act", MAX_BODY_BYTES + 1),
        ("/api/act", 10 * MAX_BODY_BYTES),
        # a new deal may carry the series for the Bock rule: up to the statistics' 2 MiB
        ("/api/new", STATISTICS_MAX_BODY_BYTES + 1),
    ],
)
def test_huge_bodies_are_refused_before_reading_them_whole(
    client: TestClient, path: str, size: int
) -> None:
    response = client.post(path, content=b" " * size)
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"


@pytest.mark.parametrize(
    ("method", "path", "status", "code"),
    [
        ("GET", "/api/act", 405, "method_not_allowed"),
        ("GET", "/api/nothing", 404, "not_found"),
        ("GET", "/static/js/none.js", 404, "not_found"),
    ],
)
def test_unknown_routes_answer_json_errors(
    client: TestClient, method: str, path: str, status: int, code: str
) -> None:
    response = client.request(method, path)
    assert response.status_code == status
    if path.startswith("/api"):
        assert response.json()["error"]["code"] == code


@pytest.mark.parametrize(
    "path", ["/", "/static/js/app.js", "/static/css/table.css", "/static/locales/zh.json"]
)
def test_the_page_and_its_modules_are_served(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.content


_FUZZ = settings(
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


_json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _assert_clean(response: Any) -> None:
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        error = response.json()["error"]
        assert isinstance(error["code"], str)
        assert error["code"]
        assert isinstance(error["message"], str)


@pytest.mark.slow
@_FUZZ
@given(
    path=st.sampled_from(
        ["/api/new", "/api/act", "/api/view", "/api/analysis", "/api/analysis/calls"]
    ),
    body=st.binary(max_size=300),
)
def test_fuzz_random_bytes_never_give_a_server_error(
    client: TestClient, path: str, body: bytes
) -> None:
    _assert_clean(client.post(path, content=body))


@pytest.mark.slow
@_FUZZ
@given(
    path=st.sampled_from(
        ["/api/new", "/api/act", "/api/view", "/api/analysis", "/api/analysis/calls"]
    ),
    body=st.dictionaries(
        st.sampled_from(["record", "human_seat", "action", "deal_number", "options", "x"]),
        _json_values,
        max_size=5,
    ),
)
def test_fuzz_random_json_never_gives_a_server_error(
    client: TestClient, path: str, body: dict[str, Any]
) -> None:
    _assert_clean(client.post(path, json=body))


_BASE: dict[str, str] = {}


def _base_record(client: TestClient) -> tuple[str, int]:
    if not _BASE:
        data = play_out(client, 4, 3)
        _BASE["record"] = data["record"]
        _BASE["seat"] = str(data["view"]["human"])
    return str(_BASE["record"]), int(_BASE["seat"])


@pytest.mark.slow
@_FUZZ
@given(
    data=st.data(),
    action=st.one_of(
        st.text(max_size=8),
        st.sampled_from(["p", "y", "18", "s", "CA", "G", "NO", "RE", "K", "ST.H8", "??.??"]),
    ),
)
def test_fuzz_mutated_records_never_give_a_server_error(
    client: TestClient, data: st.DataObject, action: str
) -> None:
    rec, seat = _base_record(client)
    cut = data.draw(st.integers(0, len(rec)))
    edit = data.draw(st.sampled_from(["truncate", "delete", "insert", "replace"]))
    junk = data.draw(st.text(max_size=6))
    if edit == "truncate":
        forged = rec[:cut]
    elif edit == "delete":
        forged = rec[:cut] + rec[cut + len(junk) + 1 :]
    elif edit == "insert":
        forged = rec[:cut] + junk + rec[cut:]
    else:
        forged = rec[:cut] + junk + rec[cut + len(junk) :]
    seat_value = data.draw(st.sampled_from([seat, (seat + 1) % 3, -1, "0", None]))
    body = {"record": forged, "human_seat": seat_value, "action": action}
    _assert_clean(client.post("/api/act", json=body))


def test_a_computer_players_illegal_move_is_a_server_fault_not_a_bad_request() -> None:
    from skat.action import Action

    state = game.new_state(9, game.parse_options({}), random.Random(0))
    with pytest.raises(RuntimeError, match="computer player in seat 1 chose SA: illegal action"):
        game.computers(state, 0, lambda info, rng: Action.parse("SA"))
