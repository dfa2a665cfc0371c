"""The open-hand analysis of a finished deal (skat/analysis): the cards that lost a game are
named with the better cards, a cold contract has none, a Null's losing card and a defender's
are found, the values are the solver's on the same positions, the game choice's rows hold what
the solver finds for their discards, Ramsch is valued for the seat, and bad input is refused.

The deals are in tests/data/analysis_deals.json, each with why it was chosen (found by playing
deals with the heuristic player and the solver's best cards).
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from skat import cli
from skat.analysis import BEST, OUTCOME, POINTS, Analysis, analyse, analyse_game_choice
from skat.analysis.choice import Overbid
from skat.analysis.judge import BANDS
from skat.analysis.text import format_analysis
from skat.cards import CardSet, parse_card
from skat.errors import NotFinishedError, RecordError, SkatError
from skat.options import Options, RamschSkat
from skat.players import decision_rng, get_player
from skat.record import read_record
from skat.rules import GameType
from skat.scoring import GameResult
from skat.solver import (
    SCHWARZ,
    Position,
    Solver,
    position_from_state,
    position_to_json,
    solve_ramsch,
)
from skat.solver.position import card_play_start
from skat.state import Phase, State

DEALS: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).parents[1] / "data" / "analysis_deals.json").read_text()
)


def _deal(name: str) -> tuple[State, int]:
    case = DEALS[name]
    return read_record(case["record"]), int(case["seat"])


def _positions(state: State) -> list[Position]:
    """The position before each card of the deal's card play and after the last one."""
    pos = position_from_state(card_play_start(state))
    out = [pos]
    for trick in state.tricks:
        for card in trick.cards:
            out.append(out[-1].play(card))
    for card in state.trick:
        out.append(out[-1].play(card))
    return out


def _cards(text: str) -> tuple[int, ...]:
    return tuple(sorted(CardSet.from_str(text)))


# -- the card play ---------------------------------------------------------------------------


def test_the_declarers_third_card_that_threw_the_game_away_is_named_with_the_better_cards() -> None:
    state, seat = _deal("declarer_third_card")
    a = analyse(state, seat, game_choice=False)
    third = a.cards[2]
    assert (third.card, third.trick, third.verdict) == (parse_card("DA"), 2, OUTCOME)
    assert (third.before, third.after, third.cost) == (92, 60, 32)
    assert third.before_outcome is not None
    assert third.after_outcome is not None
    assert third.before_outcome.won
    assert third.before_outcome.schneider
    assert not third.after_outcome.won
    assert third.best == _cards("CJ SA HJ")
    assert all(c.verdict == BEST for i, c in enumerate(a.cards) if i != 2)
    assert a.mistakes == (third,)
    # the same card is the deal's one swing, with a line that starts with a better card
    (swing,) = a.swings
    assert (swing.index, swing.seat, swing.card) == (third.index, seat, third.card)
    assert swing.better == third.best
    assert swing.line.cards[0] == (seat, min(third.best))
    # from the first card the game was won, and the best line follows the play until the DA
    assert a.opening is not None
    assert a.opening.outcome is not None
    assert a.opening.outcome.won
    assert a.opening.value == 92
    played = [card for _, card in a.played]
    line = [card for _, card in a.opening.cards]
    assert line[: third.index] == played[: third.index]
    assert line[third.index] in third.best
    assert a.declarer_could_win
    assert a.defenders_could_beat
    assert isinstance(a.result, GameResult)
    assert not a.result.won


def test_a_cold_contract_has_no_card_that_changes_its_outcome() -> None:
    state, seat = _deal("cold")
    a = analyse(state, seat, game_choice=False)
    assert a.declarer_could_win
    assert not a.defenders_could_beat
    assert a.swings == ()
    assert all(o.won for o in a.outcomes)
    # no card of the declarer lost the game (one may still lose its Schneider)
    assert all(c.after_outcome is not None and c.after_outcome.won for c in a.cards)
    # cold: every card the declarer could have played at each of his turns still wins
    positions = _positions(state)
    fresh = Solver()
    for card in a.cards:
        assert all(fresh.move_values(positions[card.index], "threshold", 61).values())


def test_a_null_card_that_lets_the_declarer_be_caught_is_named() -> None:
    state, seat = _deal("null_losing_card")
    a = analyse(state, seat, game_choice=False)
    assert [c.card for c in a.cards] == [parse_card("D8"), parse_card("DA")]
    first, second = a.cards
    assert first.verdict == BEST
    assert (second.verdict, second.before, second.after, second.best) == (
        OUTCOME, 1, 0, _cards("D9")
    )  # fmt: skip
    assert second.cost == 0  # Null has no card points to lose, only the game
    assert a.opening is not None
    assert a.opening.value == 1
    # the deal ended with the declarer's first trick: the values stop there
    assert len(a.values) == len(a.played) + 1 == 7
    assert a.values[-1] == 0


def test_a_defenders_card_that_gave_the_game_away_is_named() -> None:
    state, seat = _deal("defence_mistake")
    assert state.declarer != seat
    a = analyse(state, seat, game_choice=False)
    (mistake,) = [c for c in a.cards if c.verdict == OUTCOME]
    assert mistake.card == parse_card("DA")
    assert mistake.before_outcome is not None
    assert mistake.after_outcome is not None
    assert not mistake.before_outcome.won
    assert mistake.after_outcome.won
    assert mistake.best == _cards("SA S8")
    assert mistake.cost == mistake.after - mistake.before > 0  # the declarer's points went up
    assert any(s.index == mistake.index and s.seat == seat for s in a.swings)
    assert any(c.verdict == POINTS for c in a.cards)


def test_the_values_are_the_solvers_on_the_same_positions() -> None:
    state, seat = _deal("declarer_third_card")
    a = analyse(state, seat, game_choice=False)
    fresh = Solver()  # its own table: no value comes from the analysis's shared one
    positions = _positions(state)
    late = range(9, len(positions))  # the earlier positions cost most of the time
    assert [a.values[i] for i in (0, *late)] == [
        fresh.solve_value(positions[i]) for i in (0, *late)
    ]
    for card in a.cards:
        if card.index >= 9:
            values = fresh.move_values(positions[card.index])
            assert card.best == tuple(c for c, v in values.items() if v == max(values.values()))
            assert card.values == {c: values[c] for c in (*card.best, card.card)}


def test_a_lost_overbid_is_explained_by_the_value_reached_against_the_bid() -> None:
    state, seat = _deal("overbid")
    a = analyse(state, seat, game_choice=False)
    assert a.overbid == Overbid(bid=30, value=27, lost_at=36)
    assert "game value reached was 27, below the bid of 30" in format_analysis(a)


def test_a_conceded_game_tells_what_best_play_would_have_given() -> None:
    state, seat = _deal("declarer_third_card")
    start = card_play_start(state)
    conceded = start.apply("RE")
    a = analyse(conceded, seat, game_choice=False)
    assert a.cards == ()
    assert a.played == ()
    assert a.conceded is not None
    assert a.conceded.won
    assert a.conceded.points == 92


# -- the game choice -------------------------------------------------------------------------


def test_the_game_choice_rows_hold_what_the_solver_finds_for_their_discards() -> None:
    state, seat = _deal("declarer_third_card")
    choice = analyse_game_choice(state, seat)
    assert choice is not None
    assert [str(r.contract) for r in choice.hand][-1].startswith("N")
    assert [r.game.letter for r in choice.pickup] == ["D", "H", "S", "C", "G", "N"]
    (played,) = [r for r in (*choice.hand, *choice.pickup) if r.played]
    assert (played.game, played.hand, played.discard) == (
        GameType.CLUBS, False, CardSet.from_str("HT D9").mask
    )  # fmt: skip
    fresh = Solver()
    hands = [h.mask for h in state.deal.hands]
    skat = state.deal.skat.mask
    for row in (*choice.hand, *choice.pickup):
        if row.outcome is None:
            continue
        mine = hands[seat] if row.hand else (hands[seat] | skat) & ~row.discard
        h = list(hands)
        h[seat] = mine
        pos = Position(
            hands=(h[0], h[1], h[2]), game=row.game, declarer=seat, to_move=0,
            skat=skat if row.hand else row.discard,
        )  # fmt: skip
        if row.game == GameType.NULL:
            assert row.outcome.won == fresh.solve_threshold(pos, 0)
            continue
        # the row's card points, from threshold searches of a solver of its own
        low, high = row.outcome.points_min, row.outcome.points_max
        assert low == 0 or fresh.solve_threshold(pos, low)
        assert row.outcome.schwarz == fresh.solve_threshold(pos, SCHWARZ)
        if high < 120:
            assert not fresh.solve_threshold(pos, high + 1)
    # the played game after the pick-up was worth at least what was played
    assert played.outcome is not None
    assert played.outcome.won


def test_the_game_choice_stops_at_its_node_budget_and_says_so_the_same_way_each_time() -> None:
    state, seat = _deal("null_losing_card")
    small = analyse_game_choice(state, seat, node_budget=20_000)
    assert small is not None
    assert not small.complete
    assert any(1 <= r.examined < r.total for r in small.pickup)
    assert analyse_game_choice(state, seat, node_budget=20_000) == small
    a = analyse(state, seat, game_choice=False).with_game_choice(small)
    assert "game_choice_bounded" in [n.code for n in a.notes]
    whole = analyse_game_choice(state, seat)
    assert whole is not None
    assert whole.complete


def test_a_defenders_analysis_values_the_declarers_game_choice_and_says_so() -> None:
    state, _ = _deal("null_losing_card")
    a = analyse(state, 0)
    assert a.game_choice is not None
    assert a.game_choice.seat == 1
    assert "game_choice_declarer" in [n.code for n in a.notes]


def test_a_lost_row_of_the_game_choice_is_a_range_without_schneider_against_the_declarer() -> None:
    state, seat = _deal("null_losing_card")
    choice = analyse_game_choice(state, seat)
    assert choice is not None
    lost = [r for r in choice.hand if r.outcome is not None and not r.outcome.won]
    assert lost
    for row in lost:
        assert row.outcome is not None
        assert (row.outcome.points_min, row.outcome.points_max) == (0, BANDS[1][1])


# -- Ramsch, passed deals, the text, bad input -----------------------------------------------


def test_ramsch_is_valued_as_the_seats_own_card_points_against_the_other_two() -> None:
    state, seat = _deal("ramsch")
    a = analyse(state, seat)
    assert a.kind == "ramsch"
    assert a.game_choice is None
    assert a.opening is None
    assert "ramsch_paranoid" in [n.code for n in a.notes]
    positions = _positions(state)
    assert list(a.values) == [solve_ramsch(p, seat) for p in positions]
    for card in a.cards:
        assert card.best == tuple(
            sorted(c for c, v in card.values.items() if v == min(card.values.values()))
        )
        assert card.cost == card.after - card.before >= 0
    assert "Ramsch" in format_analysis(a)


def test_ramsch_with_the_skat_to_the_loser_counts_the_tricks_only() -> None:
    state, seat = _deal("ramsch")
    options = replace(state.options, ramsch_skat=RamschSkat.LOSER)
    moved = State(options, state.deal, state.dealer, state.actions, state.actors)
    a = analyse(moved, seat)
    assert "ramsch_skat_loser" in [n.code for n in a.notes]
    start = replace(position_from_state(card_play_start(moved)), skat=0)
    assert a.values[0] == solve_ramsch(start, seat)


def test_a_passed_deal_has_no_card_play_to_analyse() -> None:
    state = State.new(1, Options())
    for action in ("p", "p", "p"):
        state = state.apply(action)
    a = analyse(state, 0)
    assert (a.kind, a.cards, a.opening, a.game_choice) == ("passed", (), None, None)
    assert "passed" in [n.code for n in a.notes]


def test_every_analysis_says_its_values_are_open_hand_and_where_the_estimate_goes() -> None:
    state, seat = _deal("null_losing_card")
    a = analyse(state, seat, game_choice=False)
    codes = [n.code for n in a.notes]
    assert "open_hand" in codes
    assert "estimate_bidding" in codes
    assert "double dummy" in format_analysis(a)


def test_the_analysis_is_the_same_on_every_run_and_its_json_is_plain_data() -> None:
    state, seat = _deal("null_losing_card")
    first = analyse(state, seat)
    assert analyse(state, seat) == first
    data = json.loads(json.dumps(first.to_json()))
    assert data["seat"] == seat
    assert data["contract"] == "NH"
    assert data["cards"][1]["card"] == "DA"
    assert data["cards"][1]["best"] == ["D9"]
    assert data["cards"][1]["verdict"] == "outcome"


def test_an_unfinished_deal_is_refused() -> None:
    state, seat = _deal("null_losing_card")
    with pytest.raises(NotFinishedError, match=r"not finished \(phase 'play'\)"):
        analyse(card_play_start(state), seat)
    with pytest.raises(NotFinishedError, match="not finished"):
        analyse_game_choice(card_play_start(state), seat)


@pytest.mark.parametrize("seat", [-1, 3, True, "1", None])
def test_a_seat_that_is_not_0_1_or_2_is_refused(seat: object) -> None:
    state, _ = _deal("null_losing_card")
    with pytest.raises(SkatError, match="the seat must be 0, 1 or 2"):
        analyse(state, seat)  # type: ignore[arg-type]


def test_a_record_line_is_read_with_full_checking() -> None:
    record = DEALS["null_losing_card"]["record"]
    assert isinstance(analyse(record, 1, game_choice=False), Analysis)
    with pytest.raises(RecordError):
        analyse(record.replace("1 DA", "1 HA"), 1)


# -- the command line ------------------------------------------------------------------------


def _run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        status = cli.main(argv)
    return status, out.getvalue()


def test_skat_analyse_prints_the_analysis_as_text_or_json(tmp_path: Path) -> None:
    path = tmp_path / "deal.sgf"
    path.write_text(DEALS["null_losing_card"]["record"] + "\n")
    status, text = _run(["analyse", str(path), "--seat", "1"])
    assert status == 0
    assert "trick  2  DA    1 ->   0  changed the outcome" in text
    assert "better: D9" in text
    assert "Game choice of the declarer" in text
    assert "played Null Hand (NH) at bid 18" in text  # the game in words, its record code beside
    status, out = _run(["analyse", str(path), "--seat", "1", "--json"])
    assert status == 0
    assert json.loads(out)["cards"][1]["best"] == ["D9"]
    # without --seat: the declarer's
    status, text = _run(["analyse", str(path)])
    assert "for seat 1 (middlehand)" in text


def test_skat_analyse_refuses_an_unfinished_deal_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deal.sgf"
    path.write_text(DEALS["null_losing_card"]["record"].split(" 0 DT")[0].split("R[")[0] + "] ;)\n")
    assert cli.main(["analyse", str(path), "--seat", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "deal.sgf:1:" in err
    assert "not finished" in err


# -- agreement with `skat solve` over many deals ---------------------------------------------


def _heuristic_deal(number: int) -> State:
    player = get_player("heuristic")
    state = State.new(number, Options())
    while not state.is_terminal():
        info = state.information_state(int(state.current_player))  # type: ignore[arg-type]
        state = state.apply(player.choose(info, decision_rng(number, len(state.actions))))
    return state


@pytest.mark.slow
def test_the_values_agree_with_skat_solve_over_fifty_deals(tmp_path: Path) -> None:
    """The analysis's values from the sixth trick on, and the seat's card values there, are what
    ``skat solve`` prints for the same positions (the earlier ones cost most of the time and
    come from the same calls)."""
    lines: list[str] = []
    expected: list[int] = []
    deals = 0
    for number in range(1, 200):
        state = _heuristic_deal(number)
        if state.contract is None or state.contract.game == GameType.RAMSCH:
            continue
        seat = number % 3
        a = analyse(state, seat, game_choice=False)
        positions = _positions(state)
        for index in range(15, len(positions)):
            lines.append(position_to_json(positions[index]))
            expected.append(a.values[index])
        deals += 1
        if deals == 50:
            break
    assert deals == 50
    path = tmp_path / "positions.jsonl"
    path.write_text("\n".join(lines) + "\n")
    status, out = _run(["solve", str(path)])
    assert status == 0
    got = [int(line.split(" value ")[1].split()[0]) for line in out.splitlines()]
    assert got == expected


def test_a_costly_card_the_other_side_gave_back_is_marked_unpunished() -> None:
    # deal 4, heuristic players: forehand's Spades ends with 92 card points. His first card
    # let the open-hand value fall from 92 (Schneider) to 86, but the defenders gave the
    # Schneider back: unpunished. His card of trick 4 (94 -> 92) cost what the deal kept; so
    # did the rearhand defender's (86 -> 94), as the deal ended at 92 for the declarer
    heuristic = get_player("heuristic")
    state = State.new(4, Options())
    while state.phase != Phase.RESULT:
        seat = state.current_player
        assert seat is not None
        move = heuristic.choose(state.information_state(seat), decision_rng(4, len(state.actions)))
        state = state.apply(move)
    assert state.declarer_facts()[0] == 92
    costly = {
        seat: [(c.index, c.before, c.after, c.unpunished) for c in analyse(
            state, seat, game_choice=False, calls=False
        ).cards if c.verdict != BEST]
        for seat in (0, 2)
    }  # fmt: skip
    assert costly == {0: [(0, 92, 86, True), (11, 94, 92, False)], 2: [(10, 86, 94, False)]}
    first = analyse(state, 0, game_choice=False, calls=False).cards[0]
    assert first.to_json()["unpunished"] is True
    assert first.verdict == OUTCOME
