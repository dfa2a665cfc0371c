"""The analysis's bidding estimate, call by call: at each of the person's own calls the strong
player's decision from the seat's information state at that point, seeded as the computers are
(``skat.analysis.estimate.calls``), not its uncontested bid limit."""

from __future__ import annotations

import pytest

from skat.analysis.estimate import calls, estimate
from skat.analysis.text import format_analysis
from skat.players import decision_rng
from skat.players.strong import StrongPlayer
from skat.server import game
from skat.server.app import load_player
from skat.state import State


def _deal(number: int) -> State:
    """Deal ``number`` played out by the heuristic in every seat (as the browser tests' deals)."""
    _, choose = load_player("heuristic")
    state = game.new_state(number, game.parse_options({}), rng=None)  # type: ignore[arg-type]
    return game.computers(state, 3, choose).state


@pytest.mark.slow
def test_a_contested_hold_is_listed_with_the_strong_players_decision_at_that_point() -> None:
    # deal 2: middlehand bids 18 to forehand, who holds (an opponent has bid: contested)
    played = _deal(2)
    assert [str(a) for a in played.actions[:2]] == ["18", "y"]
    assert played.actors[:2] == (1, 0)
    # the auction up to forehand's second call: two calls of forehand's, the first contested
    state = State(played.options, played.deal, played.dealer, played.actions[:4], played.actors[:4])
    e = estimate(state, 0)
    assert e.calls is not None
    assert [(c.index, c.at, c.said) for c in e.calls] == [(1, 18, "y"), (3, 20, "y")]
    for call in e.calls:
        before = State(state.options, state.deal, state.dealer, state.actions[: call.index])
        info = before.information_state(0)
        want = StrongPlayer().choose(info, decision_rng(2, call.index), notes={})
        assert call.strong == str(want)
        assert call.kind == "bid"
        assert call.reason["contested"] is True
        assert call.reason["decided"] == "contest"
        assert (
            call.reason["limit"]
            == StrongPlayer().limit_game(info.hand, 0, info.options, contested=True)[0]
        )
    # the JSON carries the calls beside the old figures
    json = e.to_json()
    assert json["calls"] == [c.to_json() for c in e.calls]
    assert (json["bid_limit"], json["bid"]) == (e.bid_limit, 20)


@pytest.mark.slow
def test_the_decision_differs_from_the_uncontested_limit_where_the_contest_check_decides() -> None:
    # deal 5: forehand passes at 18 after rearhand's bid; its uncontested limit (23, Null) is
    # above 18, and the contest check, not that limit, decides what the strong player says
    state = _deal(5)
    e = estimate(state, 0)
    assert e.calls is not None
    assert e.bid_limit == 23
    [call] = e.calls
    assert (call.index, call.at, call.said) == (2, 18, "p")
    info = State(state.options, state.deal, state.dealer, state.actions[:2]).information_state(0)
    assert call.strong == str(StrongPlayer().choose(info, decision_rng(5, 2)))
    assert call.reason["decided"] == "contest"
    assert call.reason["game"] == "N"
    # deterministic: asked again, the same figures
    assert estimate(state, 0) == e


def test_an_uncontested_first_call_is_decided_by_the_limit() -> None:
    # deal 14: middlehand passes, rearhand bids 18 to forehand (no one has bid or held yet)
    state = _deal(14)
    [call] = calls(state, 2)
    assert (call.said, call.strong) == ("18", "18")
    assert call.reason["decided"] == "limit"
    assert call.reason["contested"] is False
    assert call.reason["limit"] == 36


@pytest.mark.slow
def test_the_text_lists_each_call_beside_the_strong_players() -> None:
    from skat.analysis import analyse

    state = _deal(5)
    text = format_analysis(analyse(state, 0, game_choice=False))
    call = calls(state, 0)[0]
    words = {"y": "yes", "p": "pass"}
    line = f"at 18: said pass; strong: {words.get(call.strong, call.strong)} (contest check:"
    assert line in text


def test_an_analysis_without_calls_leaves_them_to_be_asked_apart() -> None:
    from skat.analysis import analyse

    state = _deal(5)
    quick = analyse(state, 0, game_choice=False, calls=False)
    assert quick.estimates is not None
    assert quick.estimates.calls is None
    assert quick.to_json()["estimates"]["calls"] is None  # type: ignore[index]
    full = estimate(state, 0)
    assert (quick.estimates.bid_limit, quick.estimates.bid) == (full.bid_limit, full.bid)
    assert full.calls == calls(state, 0) != ()
