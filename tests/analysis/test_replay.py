"""The computer with your cards: a finished deal played again with a computer player in the
person's seat (:mod:`skat.replay`) and ``POST /api/replay`` (:mod:`skat.server.replay`): the
same request gives the same replay, the lines part at the seat's first differing decision and
nowhere when it plays as the person did, the other seats keep the deal's actions until then,
bad requests get named 400 codes, and the work is done in a worker process."""

from __future__ import annotations

import os
import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skat.action import Action, ActionKind
from skat.errors import NotFinishedError, RecordError
from skat.options import Options, ScoreList
from skat.players import Player, decision_rng, get_player
from skat.record import read_record
from skat.replay import ReplayMismatchError, check_replay, replay_seat
from skat.server import create_app, game
from skat.state import State

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

LOOPBACK = "http://127.0.0.1:8765"
HEURISTIC = get_player("heuristic")
RANDOM = get_player("random")


def _deal(
    number: int,
    seat: int,
    *,
    deviate_at: int | None = None,
    deviate_to: str | None = None,
    others: Player = HEURISTIC,
    options: Options = Options(),  # noqa: B008
) -> State:
    """Deal ``number`` played to its end: the heuristic player in ``seat`` except at action
    ``deviate_at``, where it takes ``deviate_to`` or else the first legal action the heuristic
    player does not;
    ``others`` in the other two seats; every decision seeded as the server seeds it."""
    s = State.new(number, options)
    while not s.is_terminal():
        index, actor = len(s.actions), s.current_player
        assert actor is not None
        player = HEURISTIC if actor == seat else others
        action = player.choose(s.information_state(actor), decision_rng(number, index))
        if index == deviate_at:
            assert actor == seat, "the deviation is at one of the seat's decisions"
            others_ = [a for a in s.legal_actions() if a != action]
            action = Action.parse(deviate_to) if deviate_to else others_[0]
        s = s.apply(action)
    return s


def _choices(deal: State, seat: int, kind: ActionKind) -> list[int]:
    """The indices of ``seat``'s actions of ``kind`` in ``deal`` where it had another choice."""
    out = []
    s = State(options=deal.options, deal=deal.deal, dealer=deal.dealer)
    for index, (action, actor) in enumerate(zip(deal.actions, deal.actors, strict=True)):
        if actor == seat and action.kind == kind and len(s.legal_actions()) > 1:
            out.append(index)
        s = s.apply(action)
    return out


# ---- the core: skat.replay


# ---- a stored replay checked against its deal: skat.replay.check_replay


def test_a_replay_made_by_replay_seat_passes_the_check() -> None:
    k = _choices(_deal(7, 1), 1, ActionKind.CARD)[2]
    deal = _deal(7, 1, deviate_at=k)
    r = replay_seat(deal, 1, HEURISTIC, HEURISTIC)
    assert r.parting is not None
    check_replay(deal, r.replay, 1)
    check_replay(deal, deal, 1)  # the computer played the seat as the person did


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ("number", "is of deal 8, not of deal 7"),
        ("dealer", "dealer is not the deal's"),
        ("options", "rule options"),
        ("unfinished", "not finished"),
        ("seat", "not a decision of seat 0"),
    ],
)
def test_a_replay_of_another_deal_or_parting_at_another_seat_is_refused(
    change: str, named: str
) -> None:
    deal = _deal(7, 1)
    replay = {
        "number": _deal(8, 1),
        "dealer": State(deal.options, deal.deal, 1, deal.actions, deal.actors),
        "options": _deal(7, 1, options=Options(score_list=ScoreList.SIMPLE)),
        "unfinished": deal.prefix(len(deal.actions) - 1),
        # the seat-1 deal's line leaves at a decision of seat 1, not of seat 0 (the seat named)
        "seat": _deal(7, 1, deviate_at=_choices(deal, 1, ActionKind.CARD)[0]),
    }[change]
    with pytest.raises(ReplayMismatchError, match=named):
        check_replay(deal, replay, 0 if change == "seat" else 1)


@pytest.mark.parametrize(("number", "seat"), [(7, 1), (1000, 1), (42, 0), (12255238, 2)])
def test_a_seat_replayed_by_the_player_that_played_it_parts_nowhere(number: int, seat: int) -> None:
    deal = _deal(number, seat)
    r = replay_seat(deal, seat, HEURISTIC, HEURISTIC)
    assert r.parting is None
    assert r.replay.actions == deal.actions
    assert r.replay.is_terminal()


@pytest.mark.parametrize(("number", "seat", "nth"), [(7, 1, 2), (1000, 1, 0), (1000, 2, 5)])
def test_the_lines_part_at_the_seats_first_card_that_differs(
    number: int, seat: int, nth: int
) -> None:
    k = _choices(_deal(number, seat), seat, ActionKind.CARD)[nth]
    deal = _deal(number, seat, deviate_at=k)
    r = replay_seat(deal, seat, HEURISTIC, HEURISTIC)
    assert r.parting is not None
    assert r.parting.index == k
    assert r.parting.phase.value == "play"
    cards_before = sum(a.kind == ActionKind.CARD for a in deal.actions[:k])
    assert r.parting.trick == cards_before // 3
    assert r.parting.person == deal.actions[k]
    assert r.parting.computer == _deal(number, seat).actions[k]
    assert r.parting.computer != r.parting.person
    assert r.replay.actions[:k] == deal.actions[:k]


def test_a_declarers_concession_in_the_first_trick_parts_the_lines_in_that_trick() -> None:
    number, seat = next(
        (n, s)
        for n in range(1, 200)
        for s in (0, 1, 2)
        if _deal(n, s).declarer == s and _deal(n, s).contract is not None
    )
    k = _choices(_deal(number, seat), seat, ActionKind.CARD)[0]
    deal = _deal(number, seat, deviate_at=k, deviate_to="RE")
    assert deal.is_terminal()
    r = replay_seat(deal, seat, HEURISTIC, HEURISTIC)
    assert r.parting is not None
    assert (r.parting.index, r.parting.phase.value, r.parting.trick) == (k, "play", 0)
    assert str(r.parting.person) == "RE"


def test_lines_parting_in_the_auction_name_the_call_and_no_trick() -> None:
    number, seat = 1000, 1
    k = _choices(_deal(number, seat), seat, ActionKind.BID)[0]
    deal = _deal(number, seat, deviate_at=k)
    r = replay_seat(deal, seat, HEURISTIC, HEURISTIC)
    assert r.parting is not None
    assert (r.parting.index, r.parting.phase.value, r.parting.trick) == (k, "bidding", None)


def test_before_the_lines_part_the_other_seats_play_the_deals_own_actions() -> None:
    # The deal's other seats played at random; the replay's "others" is the heuristic player,
    # which would choose otherwise: until the parting the deal's own actions stand.
    number, seat = 1000, 1
    deal = _deal(number, seat, others=RANDOM)
    k = _choices(deal, seat, ActionKind.CARD)[3]
    deviated = _deal(number, seat, others=RANDOM, deviate_at=k)
    heuristic_all = _deal(number, seat)
    assert deviated.actions[:k] != heuristic_all.actions[:k]  # the others' choices differ
    r = replay_seat(deviated, seat, HEURISTIC, HEURISTIC)
    assert r.parting is not None
    assert r.parting.index == k
    assert r.replay.actions[: r.parting.index] == deviated.actions[: r.parting.index]


def test_after_the_lines_part_the_other_seats_are_decided_by_their_level() -> None:
    number, seat = 7, 1
    k = _choices(_deal(number, seat, others=RANDOM), seat, ActionKind.CARD)[0]
    deal = _deal(number, seat, deviate_at=k, others=RANDOM)
    r = replay_seat(deal, seat, HEURISTIC, RANDOM)
    assert r.parting is not None
    assert r.parting.index == k
    s = State(options=deal.options, deal=deal.deal, dealer=deal.dealer)
    decided = 0
    for index, (action, actor) in enumerate(zip(r.replay.actions, r.replay.actors, strict=True)):
        if index > k and actor != seat:
            expected = RANDOM.choose(s.information_state(actor), decision_rng(number, index))
            assert action == expected, index
            decided += 1
        s = s.apply(action)
    assert decided > 0


def test_the_same_deal_and_players_give_the_same_replay_whatever_the_global_random_state() -> None:
    deal = _deal(7, 1, others=RANDOM)
    random.seed(1)
    first = replay_seat(deal, 1, RANDOM, RANDOM)
    random.seed(2)
    second = replay_seat(deal, 1, get_player("random"), get_player("random"))
    assert first.replay.actions == second.replay.actions
    assert first.parting == second.parting


def test_a_deal_not_finished_is_not_replayed() -> None:
    with pytest.raises(NotFinishedError, match="not finished"):
        replay_seat(State.new(7, Options()), 0, HEURISTIC, HEURISTIC)


def test_a_deal_with_a_move_out_of_turn_is_refused_as_a_bad_record() -> None:
    deal = _deal(1000, 1)
    declarer = deal.declarer
    assert declarer is not None
    # ISS records may hold the declarer showing his cards (SC), out of turn
    first_card = next(i for i, a in enumerate(deal.actions) if a.kind == ActionKind.CARD)
    start = State(options=deal.options, deal=deal.deal, dealer=deal.dealer)
    s = start
    for action in deal.actions[:first_card]:
        s = s.apply(action)
    s = s.apply(Action.parse("SC"), seat=declarer)
    for action in deal.actions[first_card:]:
        s = s.apply(action)
    assert s.is_terminal()
    with pytest.raises(RecordError, match="out of turn"):
        replay_seat(s, (declarer + 1) % 3, HEURISTIC, HEURISTIC)


def test_a_seat_that_is_none_of_the_three_is_refused() -> None:
    with pytest.raises(ValueError, match="seat must be 0, 1 or 2"):
        replay_seat(_deal(7, 1), 3, HEURISTIC, HEURISTIC)


# ---- the route: POST /api/replay


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app(player="heuristic", rng=random.Random(1), workers=0)
    with TestClient(app, base_url=LOOPBACK) as c:
        yield c


def _post(client: TestClient, body: object) -> tuple[int, dict[str, Any]]:
    response = client.post("/api/replay", json=body)
    data: dict[str, Any] = response.json()
    return response.status_code, data


def _record(state: State) -> str:
    return game.write_record(state)


def test_the_route_says_identical_when_the_computer_plays_the_seat_as_the_person_did(
    client: TestClient,
) -> None:
    deal = _deal(1000, 1)
    body = {"record": _record(deal), "human_seat": 1, "replayer": "heuristic"}
    status, data = _post(client, body)
    assert status == 200, data
    assert data["identical"] is True
    assert data["parted"] is None
    assert (data["seat"], data["player"], data["level"]) == (1, "heuristic", "heuristic")
    assert data["computer"]["record"] == data["person"]["record"] == _record(deal)
    assert data["computer"]["score"] == data["person"]["score"]


def test_the_route_names_the_action_and_trick_where_the_lines_parted(client: TestClient) -> None:
    number, seat = 7, 1
    k = _choices(_deal(number, seat), seat, ActionKind.CARD)[2]
    deal = _deal(number, seat, deviate_at=k)
    status, data = _post(
        client, {"record": _record(deal), "human_seat": seat, "replayer": "heuristic"}
    )
    assert status == 200, data
    assert data["identical"] is False
    cards_before = sum(a.kind == ActionKind.CARD for a in deal.actions[:k])
    assert data["parted"] == {
        "index": k,
        "phase": "play",
        "trick": cards_before // 3,
        "person": str(deal.actions[k]),
        "computer": str(_deal(number, seat).actions[k]),
    }
    # each side's result is the core's for its record, the seat's list score beside it
    for side in ("person", "computer"):
        s = read_record(data[side]["record"])
        assert s.is_terminal()
        assert data[side]["result"] == game.view(s, seat)["result"]
        assert data[side]["score"] == data[side]["result"]["list_scores"][seat]
        assert len(data[side]["review"]["tricks"]) == len(s.tricks)
    assert data["person"]["record"] == _record(deal)
    assert (
        Action.parse(data["parted"]["computer"]) in read_record(data["computer"]["record"]).actions
    )


def test_a_deal_all_passed_scores_zero_for_the_person(client: TestClient) -> None:
    deal = _deal(42, 0)
    assert deal.result() is None  # all passed
    status, data = _post(client, {"record": _record(deal), "human_seat": 0, "replayer": "random"})
    assert status == 200, data
    assert data["person"]["score"] == 0
    assert data["person"]["result"]["kind"] == "passed"


def test_the_score_is_the_seats_on_the_deals_score_list(client: TestClient) -> None:
    options = Options(score_list=ScoreList.SIMPLE)
    deal = _deal(1000, 1, options=options)
    status, data = _post(
        client, {"record": _record(deal), "human_seat": 1, "replayer": "heuristic"}
    )
    assert status == 200, data
    assert data["person"]["result"]["score_list"] == "simple"
    assert data["person"]["score"] == data["person"]["result"]["list_scores"][1]


def test_the_same_request_gives_the_same_replay(client: TestClient) -> None:
    deal = _deal(7, 1, others=RANDOM)
    body = {"record": _record(deal), "human_seat": 1, "replayer": "random", "player": "random"}
    first = _post(client, body)
    second = _post(client, body)
    assert first[0] == 200, first[1]
    assert first == second
    assert first[1]["identical"] is False  # the random player does part from the heuristic


@pytest.mark.slow
def test_the_strong_player_replays_a_seat_the_same_way_twice(client: TestClient) -> None:
    deal = _deal(7, 1)
    body = {"record": _record(deal), "human_seat": 1}
    first = _post(client, body)
    second = _post(client, body)
    assert first[0] == 200, first[1]
    assert first[1]["player"] == "strong"  # the server's replayer unless the request names one
    assert first == second


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"human_seat": 1}, "bad_request", "record must be a string"),
        ({"record": "(;GM[Skat]", "human_seat": 1}, "bad_record", ""),
        ({"record": "FINISHED", "human_seat": 3}, "bad_request", "human_seat must be 0, 1 or 2"),
        ({"record": "FINISHED", "human_seat": "1"}, "bad_request", "human_seat"),
        ({"record": "FINISHED", "human_seat": 1, "replayer": "nobody"}, "bad_request", "replayer"),
        ({"record": "FINISHED", "human_seat": 1, "player": 5}, "bad_request", "unknown player"),
        ({"record": "FINISHED", "human_seat": 1, "cards": "all"}, "bad_request", "unknown field"),
    ],
)
def test_bad_requests_get_a_named_400(
    client: TestClient, body: dict[str, Any], code: str, words: str
) -> None:
    body = {k: (_record(_deal(7, 1)) if v == "FINISHED" else v) for k, v in body.items()}
    status, data = _post(client, body)
    assert status == 400, data
    assert data["error"]["code"] == code
    assert words in data["error"]["message"]


def test_a_deal_not_over_is_refused_as_not_finished(client: TestClient) -> None:
    data = client.post("/api/new", json={"deal_number": "78"}).json()
    status, error = _post(client, {"record": data["record"], "human_seat": 0})
    assert status == 400
    assert error["error"]["code"] == "not_finished"


@pytest.mark.slow
def test_the_replay_is_computed_in_a_worker_process_not_in_the_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).parents[1]))
    import fake_replay

    app = create_app(player="heuristic", workers=1, replay=fake_replay.noted_replay)
    deal = _deal(7, 1)
    with TestClient(app, base_url=LOOPBACK) as c:
        status, data = _post(c, {"record": _record(deal), "human_seat": 1, "replayer": "heuristic"})
    assert status == 200, data
    assert data["pid"] != os.getpid()
    assert data["identical"] is True


_FINISHED = _record(_deal(7, 1))
_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20) | st.just(_FINISHED),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)


@pytest.fixture(scope="module")
def quick_client() -> Iterator[TestClient]:
    app = create_app(player="heuristic", replayer="heuristic", workers=0)
    with TestClient(app, base_url=LOOPBACK) as c:
        yield c


@pytest.mark.slow
@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    body=st.dictionaries(
        st.sampled_from(["record", "human_seat", "player", "replayer", "x"]),
        _json_values | st.sampled_from([0, 1, 2, "heuristic", "random"]),
        max_size=5,
    )
)
def test_fuzz_random_json_never_gives_a_server_error(
    quick_client: TestClient, body: dict[str, Any]
) -> None:
    response = quick_client.post("/api/replay", json=body)
    assert response.status_code in (200, 400), response.text
    if response.status_code == 400:
        error = response.json()["error"]
        assert error["code"] in ("bad_request", "bad_record", "not_finished")
        assert error["message"]
