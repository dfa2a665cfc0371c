"""Bock rounds and Bockramsch (skat.bock, issue 32): the events, the queue of Bock deals, the
doubled score, the Bockramsch deal, the record's ``BK[...]`` and the arena's Bock deals.

Each test pins one rule as XSkat plays it (``check_bockevents``, ``do_geben``, ``calc_result``)
or as this project chose where XSkat has none (docs/scoring.md, "Bock").
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from skat import cli
from skat.arena import arena_bock
from skat.bock import (
    ROUND,
    BockError,
    BockEvent,
    BockWalk,
    deal_events,
    result_events,
    seat_list_scores,
    total_events,
    walk,
)
from skat.errors import RecordError
from skat.options import (
    BockDeal,
    BockRule,
    KontraRule,
    Options,
    ScoreList,
    format_record,
    format_words,
    parse_words,
)
from skat.phases import Phase
from skat.players import contracts as ct
from skat.players import decision_rng, get_player
from skat.players import evaluation as ev
from skat.ramsch import RamschResult, score_ramsch
from skat.record import parse, read_record, replay, write_record
from skat.rules import GameType
from skat.scoring import list_scores
from skat.series import seat_of_player
from skat.state import State
from skat.values import table_values

from scoring_helpers import score

ROUNDS = Options(bock=BockRule.ROUNDS)
NO_EVENTS = Options(
    bock=BockRule.ROUNDS,
    bock_lost_60=False,
    bock_grand_hand=False,
    bock_kontra_won=False,
    bock_kontra_re=False,
    bock_n00=False,
)
"""The Bock rule with no event on: a deal of it changes the queue only by counting down."""


def only(event: BockEvent, base: Options = NO_EVENTS) -> Options:
    """``base`` with ``event`` alone on."""
    on: dict[str, Any] = {event.option: True}
    return replace(base, **on)


def passed(number: int, options: Options) -> State:
    """Deal ``number`` under ``options``, all three passing (a finished deal with no score)."""
    return State.new(number, options).apply("p").apply("p").apply("p")


def played_out(state: State) -> State:
    """``state`` played to its end, each seat taking its first legal action."""
    while not state.is_terminal():
        state = state.apply(state.legal_actions()[0])
    return state


# ---- the events of a result (XSkat check_bockevents; JSkat)


@pytest.mark.parametrize(
    ("event", "result", "expected"),
    [
        # lost with exactly 60 card points, a suit game or Grand (not Null)
        (BockEvent.LOST_60, score("CH", points=60, tricks=5), 1),
        (BockEvent.LOST_60, score("G", points=60, tricks=5), 1),
        (BockEvent.LOST_60, score("C", points=59, tricks=5), 0),
        (BockEvent.LOST_60, score("C", points=61, tricks=5), 0),
        # Grand Hand won, not a Grand after the pick-up, not a Grand Hand lost
        (BockEvent.GRAND_HAND, score("GH", points=61, tricks=5), 1),
        (BockEvent.GRAND_HAND, score("G", points=61, tricks=5), 0),
        (BockEvent.GRAND_HAND, score("GH", points=50, tricks=5), 0),
        # a Kontra won: the declarer lost after Kontra
        (
            BockEvent.KONTRA_WON,
            score("C", points=50, tricks=4, kontra=1, options=Options(kontra=KontraRule.ON)),
            1,
        ),
        (
            BockEvent.KONTRA_WON,
            score("C", points=70, tricks=6, kontra=1, options=Options(kontra=KontraRule.ON)),
            0,
        ),
        # Kontra and Re, won or lost
        (
            BockEvent.KONTRA_RE,
            score("C", points=70, tricks=6, kontra=2, options=Options(kontra=KontraRule.ON)),
            1,
        ),
        (
            BockEvent.KONTRA_RE,
            score("C", points=70, tricks=6, kontra=1, options=Options(kontra=KontraRule.ON)),
            0,
        ),
        # a game value of 72 or more won, before Kontra and Bock: Grand with 2 is 3 × 24 = 72
        (BockEvent.VALUE_72, score("G", points=61, tricks=5, matadors_=2), 1),
        (BockEvent.VALUE_72, score("G", points=61, tricks=5, matadors_=1), 0),
        (BockEvent.VALUE_72, score("G", points=50, tricks=5, matadors_=3), 0),
        (BockEvent.VALUE_96, score("G", points=61, tricks=5, matadors_=3), 1),
        (BockEvent.VALUE_96, score("G", points=61, tricks=5, matadors_=2), 0),
        # JSkat: a lost Grand
        (BockEvent.LOST_GRAND, score("G", points=40, tricks=3), 1),
        (BockEvent.LOST_GRAND, score("C", points=40, tricks=3), 0),
    ],
)
def test_each_bock_event_comes_of_its_result_alone(
    event: BockEvent, result: Any, expected: int
) -> None:
    assert result_events(result, only(event)) == (event,) * expected
    assert result_events(result, NO_EVENTS) == ()  # the event off: nothing


def test_a_kontra_that_won_with_re_counts_once_as_xskat_counts_kontra_and_re() -> None:
    lost_re = score("C", points=50, tricks=4, kontra=2, options=Options(kontra=KontraRule.ON))
    both = replace(NO_EVENTS, bock_kontra_won=True, bock_kontra_re=True)
    assert result_events(lost_re, both) == (BockEvent.KONTRA_WON,)
    assert result_events(lost_re, only(BockEvent.KONTRA_RE)) == (BockEvent.KONTRA_RE,)


def test_a_game_worth_96_counts_once_with_both_value_events_on() -> None:
    big = score("G", points=61, tricks=5, matadors_=3)  # 4 × 24 = 96
    both = replace(NO_EVENTS, bock_value_72=True, bock_value_96=True)
    assert result_events(big, both) == (BockEvent.VALUE_72,)


def test_a_won_durchmarsch_counts_as_a_game_of_120_for_the_value_event() -> None:
    durchmarsch = score_ramsch((120, 0, 0), (10, 0, 0), 0, 0, options=Options())
    assert result_events(durchmarsch, only(BockEvent.VALUE_96)) == (BockEvent.VALUE_96,)
    lost = score_ramsch((70, 30, 20), (5, 3, 2), 0, 0, options=Options())
    assert result_events(lost, only(BockEvent.VALUE_72)) == ()


def test_all_passed_is_an_event_of_the_auction_not_of_a_bockramsch_deal() -> None:
    options = replace(only(BockEvent.ALL_PASSED), bock=BockRule.RAMSCH)
    assert deal_events(passed(5, options), (0, 0, 0), (0, 0, 0)) == (BockEvent.ALL_PASSED,)
    bockramsch = played_out(State.new(5, replace(options, bock_deal=BockDeal.RAMSCH)))
    assert bockramsch.bid == 0
    assert isinstance(bockramsch.result(), RamschResult)
    assert BockEvent.ALL_PASSED not in deal_events(bockramsch, (0, 0, 0), (0, 0, 0))


# ---- the events of the totals (XSkat events 16 and 32)


@pytest.mark.parametrize(
    ("before", "after", "nnn", "n00", "expected"),
    [
        ((50, 0, 0), (100, 0, 0), False, True, [BockEvent.N00]),
        ((50, 0, 0), (100, 0, 0), True, False, []),
        ((10, 0, 0), (111, 0, 0), True, False, [BockEvent.NNN]),
        ((10, 0, 5), (111, 0, -222), True, False, [BockEvent.NNN, BockEvent.NNN]),
        ((111, 0, 0), (111, 0, 20), True, False, []),  # only a total the deal changed counts
        ((10, 0, 0), (1000, 0, 0), True, True, [BockEvent.NNN]),  # 1000: once, not twice
        ((50, 20, 0), (0, -100, 0), False, True, [BockEvent.N00, BockEvent.N00]),  # 0 counts
        ((0, 0, 0), (5, 0, 0), True, True, []),  # 5 is 005: not three equal digits
        ((0, 0, 0), (0, 0, 0), True, True, []),  # nothing changed
    ],
)
def test_a_total_of_three_equal_digits_or_hundreds_counts_once_per_player(
    before: tuple[int, int, int],
    after: tuple[int, int, int],
    nnn: bool,
    n00: bool,
    expected: list[BockEvent],
) -> None:
    options = replace(NO_EVENTS, bock_nnn=nnn, bock_n00=n00)
    assert list(total_events(before, after, options)) == expected


def test_no_event_counts_while_the_bock_rule_is_off() -> None:
    off = Options(bock_all_passed=True)  # the event on, the rule off
    assert deal_events(passed(5, off), (50, 0, 0), (100, 0, 0)) == ()


# ---- the queue: a round of three deals per event, overlapping rounds queued (XSkat do_geben)


def series_of(
    marks: list[BockDeal], events_at: set[int], rule: BockRule = BockRule.ROUNDS
) -> list[tuple[State, int]]:
    """Passed-in deals marked ``marks``; the deals at ``events_at`` raise one event (all
    passed), the others none."""
    out = []
    for index, mark in enumerate(marks):
        options = replace(NO_EVENTS, bock=rule, bock_all_passed=index in events_at)
        if rule == BockRule.RAMSCH and mark == BockDeal.RAMSCH:
            state = played_out(State.new(100 + index, replace(options, bock_deal=mark)))
        else:
            state = passed(100 + index, replace(options, bock_deal=mark))
        out.append((state, index % 3))
    return out


N, B = BockDeal.NONE, BockDeal.BOCK


@pytest.mark.parametrize(
    ("marks", "events_at", "remaining"),
    [
        ([N], {0}, [3]),  # one event: the next round, three deals
        ([N, B, B, B, N], {0}, [3, 2, 1, 0, 0]),  # the round counts down, then ordinary deals
        ([N, B, B], {0, 1}, [3, 5, 4]),  # an event in a Bock deal adds a round behind it
        ([N, B, B, B, B, B, B], {0, 1}, [3, 5, 4, 3, 2, 1, 0]),
        ([N, N], set(), [0, 0]),
    ],
)
def test_each_event_adds_a_round_of_bock_deals_and_overlapping_rounds_queue(
    marks: list[BockDeal], events_at: set[int], remaining: list[int]
) -> None:
    w = walk(series_of(marks, events_at))
    assert [d.remaining for d in w.deals] == remaining
    assert w.remaining == remaining[-1]
    assert w.next_deal(ROUNDS) == (B if remaining[-1] else N)


def test_two_events_in_one_deal_count_twice_and_queue_two_rounds() -> None:
    grand_lost_60 = score("G", points=60, tricks=5)
    both = replace(NO_EVENTS, bock_lost_60=True, bock_lost_grand=True)
    assert result_events(grand_lost_60, both) == (BockEvent.LOST_60, BockEvent.LOST_GRAND)
    two = replace(NO_EVENTS, bock_all_passed=True, bock_n00=True)
    assert deal_events(passed(3, two), (50, 0, 0), (100, 0, 0)) == (
        BockEvent.ALL_PASSED,
        BockEvent.N00,
    )
    # the walk queues a round per event of each deal, whatever the deal raised
    many = replace(ROUNDS, bock_all_passed=True, bock_nnn=True, bock_value_72=True)
    for number in (7, 8, 9):
        deal = played_out(State.new(number, many))
        totals = seat_list_scores(deal)
        assert walk([(deal, 0)]).remaining == 3 * len(deal_events(deal, (0, 0, 0), totals))


def test_a_bock_deal_is_never_more_than_doubled() -> None:
    w = walk(series_of([N, B, B], {0, 1, 2}))
    assert w.remaining == 7
    assert w.next_deal(ROUNDS) == B
    assert table_values(replace(ROUNDS, bock_deal=B)).bock == 2


def test_a_deal_whose_bock_mark_does_not_follow_is_refused_by_its_index() -> None:
    with pytest.raises(BockError, match=r"deal 1 of the series is marked 'none' .*make it 'bock'"):
        walk(series_of([N, N], {0}))
    with pytest.raises(BockError, match=r"deal 1 of the series is marked 'bock' .*make it 'none'"):
        walk(series_of([N, B], set()))
    assert walk(series_of([N], {0})).remaining == 3  # the deal before it stays valid


def test_a_series_deal_not_finished_or_without_a_seat_is_refused() -> None:
    with pytest.raises(BockError, match="deal 0 of the series is not finished"):
        walk([(State.new(3, ROUNDS), 0)])
    with pytest.raises(BockError, match=r"seat 3 is not 0\.\.2"):
        walk([(passed(3, ROUNDS), 3)])


def test_turning_the_bock_rule_off_empties_the_queue_as_xskat_does() -> None:
    series = series_of([N], {0})
    series.append((passed(9, Options()), 1))
    assert walk(series).remaining == 0
    assert walk(series).next_deal(ROUNDS) == N


# ---- the default events: Bock a spice, not every other deal (issue 51, point 7)


def simulated_series(options: Options, first: int, deals: int) -> BockWalk:
    """A series of ``deals`` deals (numbers ``first``, ``first + 1``, ...; the deal passing
    clockwise) played by the heuristic computer player in every seat under ``options``, each
    deal a Bock deal when the deals before it make it one: the series walked."""
    player = get_player("heuristic")
    series: list[tuple[State, int]] = []
    for k in range(deals):
        mark = walk(series).next_deal(options)
        state = State.new(first + k, replace(options, bock_deal=mark), k % 3)
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None  # not over
            rng = decision_rng(first + k, len(state.actions))
            state = state.apply(player.choose(state.information_state(seat), rng))
        series.append((state, int(seat_of_player(0, k % 3))))
    return walk(series)


@pytest.mark.slow  # 60 deals played by the heuristic player: about 2 s
def test_the_default_bock_events_keep_bock_deals_a_spice_over_60_deals() -> None:
    # Deals 10700..10759 with Kontra and Bock on, the events at their defaults: 6 Bock deals of
    # 60, never more than one round queued. With the multiple-of-100 event on, as the defaults
    # had it before, the same deals raise it four times and queue 18 Bock deals (docs/options.md,
    # "Bock events").
    table = Options(bock=BockRule.ROUNDS, kontra=KontraRule.ON)
    w = simulated_series(table, 10_700, 60)
    assert sum(d.deal == B for d in w.deals) <= 60 // 6
    assert max(d.remaining for d in w.deals) <= ROUND
    assert all(BockEvent.N00 not in d.events for d in w.deals)


def test_the_events_on_by_default_are_the_pubs_and_no_total_of_the_sheet() -> None:
    on = {e for e in BockEvent if getattr(Options(), e.option)}
    assert on == {
        BockEvent.LOST_60,
        BockEvent.GRAND_HAND,
        BockEvent.KONTRA_WON,
        BockEvent.KONTRA_RE,
    }


# ---- the Bock deal's score: × 2 after Kontra, the Seeger-Fabian bonuses not doubled (XSkat)


@pytest.mark.parametrize(
    ("contract", "points", "kontra", "plain", "bock"),
    [
        ("G", 61, 0, 48, 96),  # Grand with 1: 2 × 24 = 48
        ("G", 40, 0, -96, -192),
        ("C", 70, 1, 48, 96),  # clubs with 1, Kontra: 2 × 12 × 2
        ("N", 0, 0, 23, 46),
    ],
)
def test_a_bock_deal_doubles_the_score_after_kontra_with_a_bock_step(
    contract: str, points: int, kontra: int, plain: int, bock: int
) -> None:
    base = Options(bock=BockRule.ROUNDS, kontra=KontraRule.ON)
    tricks = 0 if contract == "N" else 5
    kwargs: dict[str, Any] = {"points": points, "tricks": tricks, "kontra": kontra}
    if contract == "N":
        kwargs["defender_tricks"] = 10
    normal = score(contract, options=base, **kwargs)
    doubled = score(contract, options=replace(base, bock_deal=B), **kwargs)
    assert (normal.score, doubled.score, doubled.bock) == (plain, bock, 2)
    assert doubled.explanation[-2].code == "bock"
    assert doubled.explanation[-2].value == bock
    assert "bock" not in [s.code for s in normal.explanation]


def test_seeger_fabian_adds_its_50_and_40_undoubled_in_a_bock_deal() -> None:
    won = score("G", points=61, tricks=5, options=replace(ROUNDS, bock_deal=B))
    lost = score("G", points=40, tricks=3, options=replace(ROUNDS, bock_deal=B))
    assert list_scores(won, 0, ScoreList.SEEGER_FABIAN) == (96 + 50, 0, 0)
    assert list_scores(lost, 0, ScoreList.SEEGER_FABIAN) == (-192 - 50, 40, 40)


def test_a_ramsch_in_a_bock_deal_doubles_but_a_bockramsch_deal_does_not() -> None:
    facts: Any = ((70, 30, 20), (5, 3, 2), 0, 0)
    plain = score_ramsch(*facts, options=ROUNDS)
    doubled = score_ramsch(*facts, options=replace(ROUNDS, bock_deal=B))
    bockramsch = score_ramsch(
        *facts, options=Options(bock=BockRule.RAMSCH, bock_deal=BockDeal.RAMSCH)
    )
    assert (plain.scores[0], doubled.scores[0], bockramsch.scores[0]) == (-70, -140, -70)
    assert [s.code for s in doubled.explanation].count("bock_double") == 1


# ---- the Bockramsch deal: dealt straight into Ramsch


def test_a_bockramsch_deal_is_dealt_into_ramsch_without_an_auction() -> None:
    options = Options(bock=BockRule.RAMSCH, bock_deal=BockDeal.RAMSCH)
    state = State.new(42, options)
    assert state.phase == Phase.PLAY
    assert state.current_player == 0
    assert state.bid == 0
    done = played_out(state)
    assert isinstance(done.result(), RamschResult)
    assert walk(series_of([N, BockDeal.RAMSCH], {0}, BockRule.RAMSCH)).remaining == 2
    assert walk(series_of([N], {0}, BockRule.RAMSCH)).next_deal(Options(bock=BockRule.RAMSCH)) == (
        BockDeal.RAMSCH
    )


# ---- the record's BK[...]


@pytest.mark.parametrize(
    ("options", "token"),
    [
        (replace(ROUNDS, bock_deal=B), "BK[2]"),
        (Options(bock=BockRule.RAMSCH, bock_deal=BockDeal.RAMSCH), "BK[ramsch]"),
    ],
)
def test_the_record_writes_and_reads_the_bock_mark(options: Options, token: str) -> None:
    state = played_out(State.new(42, options))
    line = write_record(state)
    assert token in line
    assert "RU[bock=" in line
    again = read_record(line)
    assert again == state
    assert again.result() == state.result()
    assert write_record(State.new(42, ROUNDS)).count("BK[") == 0


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("BK[2]", "BK[3]"), r"BK\[3\] is not a Bock deal: expected BK\[2\] or BK\[ramsch\]"),
        (("BK[2]", "BK[ramsch]"), r"BK\[ramsch\] but the rules play bock='rounds'"),
        (("RU[bock=rounds,bock_n00=0]", "RU[]"), r"BK\[2\] but the rules play bock='off'"),
    ],
)
def test_a_bock_mark_the_rules_do_not_play_is_refused(
    change: tuple[str, str], message: str
) -> None:
    line = write_record(State.new(42, replace(ROUNDS, bock_deal=B)))
    with pytest.raises(RecordError, match=message):
        replay(parse(line.replace(*change)))


# ---- the options


def test_the_bock_options_are_off_by_default_and_named_by_their_words() -> None:
    assert Options().bock == BockRule.OFF
    assert Options().effective() == Options()
    assert parse_words("bock") == ROUNDS
    assert parse_words("bockramsch").bock == BockRule.RAMSCH
    assert format_words(replace(ROUNDS, bock_nnn=True, bock_n00=True)) == "bock,bock_nnn,bock_n00"
    assert format_record(ROUNDS) == "bock=rounds,bock_n00=0"  # RECORD_BOCK_IMPLIES
    assert format_record(replace(ROUNDS, bock_deal=B)) == format_record(ROUNDS)  # BK, never RU
    assert replace(Options(), bock_deal=B).effective().bock_deal == N  # no Bock deal without Bock


# ---- the arena's Bock deals


@pytest.mark.parametrize(
    ("number", "rule", "expected"),
    [
        (1, BockRule.ROUNDS, BockDeal.BOCK),
        (4, BockRule.RAMSCH, BockDeal.RAMSCH),
        (2, BockRule.ROUNDS, BockDeal.NONE),
        (1, BockRule.OFF, BockDeal.NONE),
    ],
)
def test_the_arena_plays_every_third_deal_as_a_bock_deal(
    number: int, rule: BockRule, expected: BockDeal
) -> None:
    assert arena_bock(number, Options(bock=rule)).bock_deal == expected


def test_skat_records_check_replays_a_bock_deal_with_its_doubled_result(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    line = write_record(played_out(State.new(42, replace(ROUNDS, bock_deal=B))))
    path = tmp_path / "bock.sgf"
    path.write_text(line + "\n", encoding="utf-8")
    assert cli.main(["records", "check", str(path)]) == 0
    assert "ok" in capsys.readouterr().out
    path.write_text(line.replace("BK[2]", "BK[4]") + "\n", encoding="utf-8")
    assert cli.main(["records", "check", str(path)]) == 1
    assert "BK[4] is not a Bock deal" in capsys.readouterr().out


def test_the_strong_players_estimates_count_the_game_doubled_and_the_bonuses_not() -> None:
    plain = ct.Estimate(GameType.CLUBS, False, False, 24, wins=8, worlds=10, options=Options())
    bock = replace(plain, options=Options(bock_deal=BockDeal.BOCK))
    assert bock.value == 24  # the bid is held against the game value, undoubled
    assert bock.score(80.0) == ev.expected_score(plain.chance, 48, Options(), 80.0)
    assert bock.expected == ev.expected_score(plain.chance, 48, Options())
    assert bock.score(80.0) != 2 * plain.score(80.0)  # the ±50 and +40 are not doubled
