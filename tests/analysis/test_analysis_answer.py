"""The analysis's answer to "could I have won?" and the shapes the browser words without counting
(:attr:`skat.analysis.Analysis.answer`, ``tricks``, the lines' trick numbers): the browser's
analysis panel (``static/js/analysis.js``) shows these and computes no rule of its own."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from skat.analysis import Analysis, Outcome, analyse
from skat.analysis.estimate import estimate
from skat.options import Options
from skat.players.strong import StrongPlayer
from skat.scoring import GameResult
from skat.server import game
from skat.server.app import load_player
from skat.state import State


def _deal(number: int) -> State:
    """Deal ``number`` played out by the heuristic in every seat (as the browser tests' deals)."""
    _, choose = load_player("heuristic")
    state = game.new_state(number, game.parse_options({}), rng=None)  # type: ignore[arg-type]
    return game.computers(state, 3, choose).state


@pytest.fixture(scope="module")
def lost() -> State:
    """Deal 14: rearhand's Clubs game, lost with 59; won from the first card, every card open."""
    return _deal(14)


@pytest.fixture(scope="module")
def lost_analysis(lost: State) -> Analysis:
    return analyse(lost, 2, game_choice=False)


@pytest.mark.slow
def test_the_declarer_who_lost_a_game_won_from_the_first_card_is_told_so(
    lost_analysis: Analysis,
) -> None:
    assert lost_analysis.outcomes[0].won
    assert lost_analysis.answer == "lost_winnable"


@pytest.mark.slow
def test_a_defender_of_a_lost_game_beat_it(lost: State) -> None:
    assert analyse(lost, 0, game_choice=False).answer == "beaten"


WON = Outcome(70, 70, schwarz=False, won=True, schneider=False, overbid=False, score=24)
LOST = Outcome(50, 50, schwarz=False, won=False, schneider=False, overbid=False, score=-48)


@pytest.mark.parametrize(
    ("declarer", "won", "first", "could_win", "could_beat", "answer"),
    [
        (True, True, WON, True, False, "won"),
        (True, False, WON, True, True, "lost_winnable"),
        (True, False, LOST, True, True, "lost_chance"),
        (True, False, LOST, False, True, "lost_unwinnable"),
        (False, False, WON, True, True, "beaten"),
        (False, True, LOST, True, True, "beatable"),
        (False, True, WON, True, True, "beatable_later"),
        (False, True, WON, True, False, "unbeatable"),
    ],
)
def test_the_answer_follows_the_result_the_first_cards_outcome_and_the_chances(
    lost: State,
    declarer: bool,
    won: bool,
    first: Outcome,
    could_win: bool,
    could_beat: bool,
    answer: str,
) -> None:
    result = lost.result()
    assert isinstance(result, GameResult)
    a = Analysis(
        seat=2 if declarer else 0, kind="game", deal_number=14, declarer=2,
        contract=lost.contract, bid=18, kontra=0, result=replace(result, won=won), played=(),
        values=(), outcomes=(first,), opening=None, cards=(), swings=(),
        declarer_could_win=could_win, defenders_could_beat=could_beat, conceded=None,
        overbid=None, game_choice=None, notes=(),
    )  # fmt: skip
    assert a.answer == answer


@pytest.mark.slow
def test_the_tricks_hold_the_cards_played_in_order_with_their_winners(
    lost: State, lost_analysis: Analysis
) -> None:
    data: Any = lost_analysis.to_json()
    tricks = data["tricks"]
    assert [t["winner"] for t in tricks] == [tr.winner for tr in lost.tricks]
    cards = [c for t in tricks for c in t["cards"]]
    assert [c["index"] for c in cards] == list(range(30))
    assert [(c["seat"], c["card"]) for c in cards] == [
        (p["seat"], p["card"]) for p in data["played"]
    ]
    assert all(len(t["cards"]) == 3 for t in tricks)


@pytest.mark.slow
def test_a_lines_cards_carry_the_trick_they_fall_in(lost_analysis: Analysis) -> None:
    # the swing after the person's C7 (the second trick's first card): its line starts there
    swing = next(s for s in lost_analysis.swings if s.index == 3)
    line: Any = swing.line.to_json()
    tricks = [c["trick"] for c in line["cards"]]
    assert tricks[:4] == [1, 1, 1, 2]
    assert lost_analysis.opening is not None
    opening: Any = lost_analysis.opening.to_json()
    assert [c["trick"] for c in opening["cards"]][:4] == [0, 0, 0, 1]


def test_a_passed_deal_answers_passed_with_no_tricks() -> None:
    for number in range(1, 200):
        state = _deal(number)
        if state.contract is None:
            a = analyse(state, 0)
            assert a.answer == "passed"
            assert a.to_json()["tricks"] == []
            return
    pytest.fail("no passed deal below 200")


def test_the_estimate_is_the_strong_players_bid_limit_from_the_seats_cards_beside_its_bid(
    lost: State,
) -> None:
    # deal 14: rearhand held to 18 with a hand the strong player bids to 36; forehand passed
    declarer, defender = estimate(lost, 2), estimate(lost, 0)
    assert (declarer.bid_limit, declarer.bid) == (36, 18)
    assert (defender.bid_limit, defender.bid) == (0, 0)
    assert declarer.bid_limit == StrongPlayer().bid_limit(lost.deal.hands[2].mask, 2, Options())
    # what the seat knew before the auction gives the same limit: no other card, no bid heard
    fresh = State.new(14, Options())
    assert estimate(fresh, 2).bid_limit == 36
    assert estimate(fresh, 2).bid == 0
    assert {k: v for k, v in declarer.to_json().items() if k != "calls"} == {
        "player": "strong",
        "bid_limit": 36,
        "bid": 18,
    }


def test_every_analysis_carries_the_estimate_even_when_all_passed() -> None:
    state = State.new(7, Options())
    for action in ("p", "p", "p"):
        state = state.apply(action)
    a = analyse(state, 1)
    assert a.estimates == estimate(state, 1)
    assert a.estimates is not None
    assert a.to_json()["estimates"] == a.estimates.to_json()


def test_the_text_of_a_passed_deal_names_the_strong_players_bid_limit() -> None:
    """All passed: no card play to analyse, but the bid limit is what the seat can learn."""
    from skat.analysis.text import format_analysis
    from skat.options import Options
    from skat.state import State

    state = State.new(509, Options())
    while not state.is_terminal():
        state = state.apply(next(a for a in state.legal_actions() if str(a) == "p"))
    analysis = analyse(state, 2)
    assert analysis.estimates is not None
    assert analysis.estimates.bid_limit > 0
    text = format_analysis(analysis)
    assert f"would bid up to {analysis.estimates.bid_limit}" in text
    assert "the seat passed without a bid" in text


def test_the_game_declared_keeps_its_own_row_beside_a_better_form_of_it() -> None:
    """Deal 16203, forehand bids 18 and plays Grand Hand, the heuristic in every seat: with every
    card open Grand Ouvert scores more, so the Hand table shows the Grand Hand played (its own
    outcome) and the Grand Ouvert after it, not marked played (a newcomer saw 'Grand Ouvert Hand
    (played)' for a Grand Hand)."""
    import random

    from skat.analysis import analyse_game_choice
    from skat.players import get_player
    from skat.rules import GameType
    from skat.server import game

    choose = get_player("heuristic").choose
    state = game.computers(game.new_state(16203, game.parse_options({}), rng=None),  # type: ignore[arg-type]
                           0, choose).state  # fmt: skip
    state = game.play(state, 0, ["18"], choose).state
    state = game.play(state, 0, ["GH"], choose).state
    while not state.is_terminal():
        card = choose(state.information_state(0), random.Random(0))
        state = game.play(state, 0, [str(card)], choose).state
    choice = analyse_game_choice(state, 0)
    assert choice is not None
    grand = [(str(r.contract), r.played) for r in choice.hand if r.game == GameType.GRAND]
    assert grand == [("GH", True), ("GO", False)]
    played, ouvert = (r for r in choice.hand if r.game == GameType.GRAND)
    assert played.outcome is not None
    assert ouvert.outcome is not None
    assert played.outcome.score == state.result().score == 192  # type: ignore[union-attr]
    assert ouvert.outcome.score > played.outcome.score
    assert sum(r.played for r in (*choice.hand, *choice.pickup)) == 1
