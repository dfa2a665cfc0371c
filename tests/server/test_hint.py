"""Hints and undo: ``POST /api/hint`` and ``POST /api/undo`` (skat.server.assist), and the
strong player's decision with its reason (skat.players.advice)."""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from skat.action import Action
from skat.options import AllPass, KontraRule, Options
from skat.players import decision_rng, get_player
from skat.players.advice import advise
from skat.players.strong import StrongPlayer
from skat.server import assist, game
from skat.server.app import create_app
from skat.state import Phase, State

# the same history with the hidden cards dealt otherwise, as tests/players/test_players.py checks
# the computers' decisions (imported by name: mypy reads the tests as top-level modules)
_other_world = importlib.import_module("tests.players.test_players")._other_world


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app("heuristic", workers=0), base_url="http://127.0.0.1") as c:
        yield c


def _post(client: TestClient, path: str, **body: Any) -> Any:
    return client.post(path, json=body)


def _start(client: TestClient, number: int) -> dict[str, Any]:
    data: dict[str, Any] = _post(client, "/api/new", deal_number=str(number)).json()
    return data


def _played_on(client: TestClient, number: int, steps: int) -> dict[str, Any]:
    """Deal ``number`` after the person's first ``steps`` decisions (passing, then the first
    legal card)."""
    data = _start(client, number)
    for _ in range(steps):
        if data["view"]["phase"] == "result":
            break
        legal = data["view"]["legal"]
        token = "p" if "p" in legal else legal[0]
        data = _post(
            client, "/api/act", record=data["record"], human_seat=data["view"]["human"],
            action=token,
        ).json()  # fmt: skip
    return data


@pytest.mark.slow
def test_a_hint_is_one_of_the_legal_actions_with_its_reason(client: TestClient) -> None:
    data = _start(client, 1)
    answer = _post(client, "/api/hint", record=data["record"], human_seat=1, deal="practice")
    assert answer.status_code == 200
    hint = answer.json()["hint"]
    assert hint["action"] in data["view"]["legal"]
    assert hint["kind"] == "bid"
    reason = hint["reason"]
    assert set(reason) == {
        "decided", "limit", "limit_game", "value", "contested", "check", "game", "chance",
        "expected",
    }  # fmt: skip
    assert reason["decided"] == "limit"  # forehand's first bid: nobody has bid yet
    assert (reason["value"] <= reason["limit"]) == (hint["action"] != "p")


@pytest.mark.slow
def test_the_same_record_gives_the_same_hint(client: TestClient) -> None:
    data = _played_on(client, 4, 3)
    body = {"record": data["record"], "human_seat": 1, "deal": "practice"}
    first = _post(client, "/api/hint", **body).json()
    again = _post(client, "/api/hint", **body).json()
    assert first == again
    assert first["hint"]["kind"] in ("card", "only")


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"human_seat": 0, "deal": "practice"}, "not_your_turn"),
        ({"human_seat": 1, "deal": "series", "series_allows": False}, "hints_off"),
        ({"human_seat": 1, "deal": "series"}, "bad_request"),
        ({"human_seat": 1}, "bad_request"),
        ({"human_seat": 1, "deal": "practice", "series_allows": True}, "bad_request"),
        ({"human_seat": 1, "deal": "game"}, "bad_request"),
    ],
)
def test_a_hint_is_refused_by_a_named_code(
    client: TestClient, body: dict[str, Any], code: str
) -> None:
    data = _start(client, 1)
    answer = _post(client, "/api/hint", record=data["record"], **body)
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == code


@pytest.mark.slow
def test_a_hint_in_a_series_deal_is_given_when_the_setting_allows_it(client: TestClient) -> None:
    data = _start(client, 1)
    body = {"record": data["record"], "human_seat": 1}
    allowed = _post(client, "/api/hint", **body, deal="series", series_allows=True)
    practice = _post(client, "/api/hint", **body, deal="practice")
    assert allowed.status_code == 200
    assert allowed.json() == practice.json()


def test_a_finished_deal_gets_no_hint_and_no_undo(client: TestClient) -> None:
    data = _played_on(client, 1, 40)
    assert data["view"]["phase"] == "result"
    for path in ("/api/hint", "/api/undo"):
        answer = _post(client, path, record=data["record"], human_seat=1, deal="practice")
        assert answer.status_code == 400
        assert answer.json()["error"]["code"] == "deal_over"


def test_undo_gives_the_deal_before_the_persons_last_decision(client: TestClient) -> None:
    before = _played_on(client, 7, 4)
    after = _played_on(client, 7, 5)
    assert after["record"] != before["record"]
    undone = _post(client, "/api/undo", record=after["record"], human_seat=1, deal="practice")
    assert undone.status_code == 200
    assert undone.json() == {**before, "events": []}
    view = _post(client, "/api/view", record=before["record"], human_seat=1).json()
    assert undone.json()["view"] == view["view"]


def test_undo_takes_back_a_discard_with_the_declaration_sent_with_it() -> None:
    state = State.new(1, Options())
    human = 1
    heuristic = get_player("heuristic")
    while state.phase != Phase.DISCARD:
        seat = state.current_player
        assert seat is not None
        action = heuristic.choose(state.information_state(seat), random.Random(0))
        if seat == human and state.phase == Phase.BIDDING:
            action = next(a for a in state.legal_actions() if str(a) in ("18", "y", "20"))
        if seat != human and state.phase == Phase.BIDDING:
            action = Action.parse("p")
        state = state.apply(action)
    assert state.current_player == human
    at_discard = state
    state = state.apply(Action.parse("SQ.S9")).apply(Action.parse("C"))
    assert game.write_record(assist.undo(state, human)) == game.write_record(at_discard)


def test_undo_never_takes_back_the_pick_up_of_the_skat(client: TestClient) -> None:
    """Once seen, the skat stays seen: undoing the pick-up would let the person choose a Hand
    game knowing the skat."""
    state = State.new(1000, Options())
    human = 0
    while state.current_player != human or state.phase != Phase.SKAT:
        legal = state.legal_actions()
        seat = state.current_player
        wanted = ("18", "y") if seat == human else ("p",)
        state = state.apply(next((a for a in legal if str(a) in wanted), legal[0]))
    picked = state.apply(Action.parse("s"))
    record = game.write_record(picked)
    answer = _post(client, "/api/undo", record=record, human_seat=human, deal="practice")
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "skat_seen"
    with pytest.raises(assist.AssistError, match="skat has been seen"):
        assist.undo(picked, human)
    # the discard after the pick-up can still be taken back, to the discard
    discarded = picked.apply(picked.legal_actions()[0])
    assert game.write_record(assist.undo(discarded, human)) == record


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"deal": "practice"}, "nothing_to_undo"),
        ({"deal": "series", "series_allows": False}, "undo_off"),
    ],
)
def test_undo_is_refused_by_a_named_code(
    client: TestClient, body: dict[str, Any], code: str
) -> None:
    data = _start(client, 1)
    answer = _post(client, "/api/undo", record=data["record"], human_seat=1, **body)
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == code


def _small_strong() -> StrongPlayer:
    return StrongPlayer(
        worlds=3, node_budget=20_000, min_worlds=1, contract_worlds=4, contract_budget=200_000,
        defence_worlds=3, defence_budget=20_000, rollouts=24, schieben_rollouts=24, kontra_draws=24,
    )  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize(
    ("options", "passed"),
    [
        (Options(kontra=KontraRule.ON), False),
        (Options(all_pass=AllPass.SCHIEBERAMSCH), True),
    ],
)
def test_a_hint_does_not_change_with_the_hidden_cards(options: Options, passed: bool) -> None:
    rng = random.Random(17)
    kinds: set[str] = set()
    checked = changed = 0
    for number in range(1):
        state = State.new(number * 7919 + 5, options)
        while passed and state.phase == Phase.BIDDING:
            state = state.apply(Action.parse("p"))
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            info = state.information_state(seat)
            advice = advise(_small_strong(), info, decision_rng(number, len(state.actions)))
            other = _other_world(state, seat, rng)
            again = advise(
                _small_strong(),
                other.information_state(seat),
                decision_rng(number, len(state.actions)),
            )
            assert again == advice
            kinds.add(advice.kind)
            checked += 1
            changed += other.deal != state.deal
            state = state.apply(advice.action)
    assert changed > checked // 2
    assert kinds >= ({"card", "bid"} if not passed else {"ramsch", "schieben"})
