"""The XSkat match's pure parts (bench/xskat_records.py, bench_xskat_match.py's report).

``tests/data/xskat_match_run.jsonl`` is the checkpoint of a real run (two deals of seed 1,
``--k 8``, the heuristic in design one, XSkat 4.0-8): the header, XSkat's sixteen games alone
and our player's six games at XSkat's table, as the script wrote them. XSkat itself is never run
by the tests.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bench import bench_xskat, bench_xskat_match, xskat_records
from skat.arena import arena_deal_number
from skat.options import Options
from skat.players import decision_rng
from skat.players.heuristic import HeuristicPlayer
from skat.players.random_player import RandomPlayer
from skat.state import State

RUN = Path(__file__).parents[1] / "data" / "xskat_match_run.jsonl"


def _run() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    header, records, torn = xskat_records.read_checkpoint(str(RUN))
    assert not torn
    return header, records


# -- fake clocks ------------------------------------------------------------------------------
def test_a_deals_clocks_are_fixed_distinct_and_a_prefix_of_more_clocks() -> None:
    number = arena_deal_number(1, 0)
    eight = xskat_records.deal_clocks(number, 8)
    assert eight == xskat_records.deal_clocks(number, 8)
    assert len(set(eight)) == 8
    assert xskat_records.deal_clocks(number, 3) == eight[:3]
    assert all(
        xskat_records.CLOCK_BASE <= c < xskat_records.CLOCK_BASE + xskat_records.CLOCK_SPAN
        for c in eight
    )
    assert xskat_records.match_clock(number) == eight[0]
    # the checkpoints written so far hold these clocks: the derivation is part of the protocol
    assert eight[0] == 1521030948
    assert set(xskat_records.deal_clocks(arena_deal_number(1, 1), 8)).isdisjoint(eight)


def test_a_clock_count_below_one_raises() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        xskat_records.deal_clocks(5, 0)


def test_a_clock_equal_to_an_earlier_one_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    # three seconds to draw from: collisions certain
    monkeypatch.setattr(xskat_records, "CLOCK_SPAN", 3)
    assert sorted(xskat_records.deal_clocks(5, 3)) == [
        xskat_records.CLOCK_BASE + j for j in range(3)
    ]
    with pytest.raises(ValueError, match="at most 3"):
        xskat_records.deal_clocks(5, 4)


def test_the_faketime_environment_is_a_stopped_clock_in_utc(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    library = tmp_path / "libfaketime.so.1"
    library.write_bytes(b"")
    monkeypatch.setattr(
        bench_xskat, "FAKETIME_LIBRARIES", (str(tmp_path / "none.so"), str(library))
    )
    env = bench_xskat.faketime_env(978_307_200 + 3661, 20)
    assert env == {"LD_PRELOAD": str(library), "FAKETIME": "2001-01-01 01:01:01 x20", "TZ": "UTC"}
    assert "@" not in env["FAKETIME"]  # a running clock would add the start-up time
    monkeypatch.setattr(bench_xskat, "FAKETIME_LIBRARIES", (str(tmp_path / "none.so"),))
    with pytest.raises(SystemExit, match="apt-get install faketime"):
        bench_xskat.faketime_env(978_307_200)


def test_the_recorded_clocks_are_the_derived_ones() -> None:
    header, records = _run()
    planned = {xskat_records.key(t): t for t in xskat_records.plan(header)}
    assert set(planned) == {xskat_records.key(r) for r in records}
    for record in records:
        assert record["clock"] == planned[xskat_records.key(record)]["clock"]


# -- the plan ---------------------------------------------------------------------------------
def test_the_plan_has_k_games_alone_and_three_seatings_a_deal_in_deal_order() -> None:
    header = {"seed": 1, "first": 10, "deals": 3, "k": 8, "designs": ["one", "two"]}
    tasks = xskat_records.plan(header)
    assert len(tasks) == 3 * (8 + 2 * 3)
    assert len({xskat_records.key(t) for t in tasks}) == len(tasks)
    assert [t["index"] for t in tasks] == sorted(t["index"] for t in tasks)
    assert {t["number"] for t in tasks} == {arena_deal_number(1, i) for i in (10, 11, 12)}
    ones = [t for t in tasks if t["kind"] == "match" and t["design"] == "one" and t["index"] == 10]
    assert [(t["start"], t["persons"]) for t in ones] == [(3, 1), (2, 1), (1, 1)]
    assert all(t["clock"] == xskat_records.match_clock(t["number"]) for t in ones)


@pytest.mark.parametrize(
    ("design", "k", "seats"),
    [("one", 0, (0,)), ("one", 1, (1,)), ("one", 2, (2,)), ("two", 0, (1, 2)), ("two", 2, (0, 1))],
)
def test_a_seating_puts_our_player_in_its_seats(
    design: str, k: int, seats: tuple[int, ...]
) -> None:
    start, persons, ours = xskat_records.seating(design, k)
    assert ours == seats
    # XSkat's players 0 .. persons-1 are the persons; player p sits in our seat (p - start) % 3
    assert tuple(sorted((p - start) % 3 for p in range(persons))) == seats


def test_an_unknown_design_or_seating_raises() -> None:
    with pytest.raises(ValueError, match="unknown design"):
        xskat_records.seating("three", 0)
    with pytest.raises(ValueError, match="a seating is 0, 1 or 2"):
        xskat_records.seating("one", 3)


# -- the checkpoint ---------------------------------------------------------------------------
def _header(**changes: Any) -> dict[str, Any]:
    header = {
        "kind": "run",
        "format": 1,
        "seed": 1,
        "first": 0,
        "deals": 2,
        "k": 8,
        "player": "heuristic",
        "designs": ["one"],
        "speedup": 20,
    }
    header.update(changes)
    return header


def test_records_appended_are_read_back(tmp_path: Path) -> None:
    path = str(tmp_path / "run.jsonl")
    xskat_records.append_record(path, _header())
    xskat_records.append_record(path, {"kind": "auto", "index": 0, "k": 0, "log": "ä"})
    header, records, torn = xskat_records.read_checkpoint(path)
    assert (header, records, torn) == (
        _header(),
        [{"kind": "auto", "index": 0, "k": 0, "log": "ä"}],
        False,
    )


def test_a_torn_last_line_is_left_out_and_cut_off_by_the_next_append(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    xskat_records.append_record(str(path), _header())
    xskat_records.append_record(str(path), {"kind": "auto", "index": 0, "k": 0})
    with open(path, "a", encoding="utf-8") as f:
        f.write('{"kind": "auto", "index": 0, "k"')  # an interrupted write
    _, records, torn = xskat_records.read_checkpoint(str(path))
    assert torn
    assert records == [{"kind": "auto", "index": 0, "k": 0}]
    xskat_records.append_record(str(path), {"kind": "auto", "index": 0, "k": 1})
    assert path.read_text(encoding="utf-8").count("\n") == 3
    _, records, torn = xskat_records.read_checkpoint(str(path))
    assert not torn
    assert [r["k"] for r in records] == [0, 1]


def test_a_whole_last_record_without_its_newline_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text(json.dumps(_header()) + "\n" + '{"kind": "auto", "index": 0, "k": 0}')
    _, records, torn = xskat_records.read_checkpoint(str(path))
    assert (records, torn) == ([{"kind": "auto", "index": 0, "k": 0}], False)


def test_a_broken_line_before_the_last_raises_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text(json.dumps(_header()) + "\nnot json\n" + '{"kind": "auto"}\n')
    with pytest.raises(xskat_records.CheckpointError, match="line 2 is not JSON"):
        xskat_records.read_checkpoint(str(path))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "is empty"),
        ('{"kind": "auto", "index": 0}\n', "does not start with a run header"),
        ('{"kind": "run", "format": 99}\n', "has format 99"),
        ('{"kind": "run", "format": 1}\n[1, 2]\n{"kind": "auto"}\n', "line 2 is not a record"),
    ],
)
def test_a_file_that_is_no_checkpoint_raises(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text(text)
    with pytest.raises(xskat_records.CheckpointError, match=message):
        xskat_records.read_checkpoint(str(path))


def test_a_header_of_another_protocol_is_refused_naming_each_difference() -> None:
    xskat_records.check_header(_header(commit="abc"), _header(commit="def"), xskat_records.PROTOCOL)
    with pytest.raises(xskat_records.CheckpointError) as err:
        xskat_records.check_header(_header(), _header(deals=3, k=16), xskat_records.PROTOCOL)
    assert "deals 2 (asked: 3)" in str(err.value)
    assert "k 8 (asked: 16)" in str(err.value)
    assert "fixed before it starts" in str(err.value)


def test_merging_keeps_one_of_equal_records_and_a_finished_over_a_failed_one() -> None:
    game = {"kind": "auto", "index": 0, "k": 0, "clock": 5, "log": "L", "problem": None}
    failed = {**game, "log": None, "problem": "DriverError: no dialog"}
    merged = xskat_records.merge([failed, game], [dict(game)])
    assert merged == {("auto", 0, 0): game}
    assert xskat_records.merge([game], [failed]) == {("auto", 0, 0): game}


def test_two_finished_records_of_one_game_that_differ_raise() -> None:
    game = {"kind": "match", "design": "one", "index": 3, "seating": 1, "clock": 5, "log": "L"}
    game |= {"applied": ["p"], "problem": None}
    with pytest.raises(xskat_records.CheckpointError, match="not deterministic"):
        xskat_records.merge([game, {**game, "log": "other"}])


# -- verification -----------------------------------------------------------------------------
def test_every_recorded_game_verifies_with_xskats_scores() -> None:
    _, records = _run()
    for record in records:
        verify = (
            xskat_records.verify_auto if record["kind"] == "auto" else xskat_records.verify_match
        )
        game = verify(record, Options())
        assert isinstance(game, xskat_records.Game), (xskat_records.key(record), game)
        if record["kind"] == "auto":  # XSkat's printed scores, columns Computer1..3 = 2, 0, 1
            printed = [int(v) for v in record["score_line"].split()]
            assert game.scores == (printed[1], printed[2], printed[0])


def _record(kind: str, index: int, which: int) -> dict[str, Any]:
    _, records = _run()
    field = "k" if kind == "auto" else "seating"
    (record,) = [
        r for r in records if r["kind"] == kind and r["index"] == index and r[field] == which
    ]
    return dict(record)


def test_our_players_game_is_read_from_xskats_log() -> None:
    # deal 1, our player middlehand: its Spade game lost (log: "Lost with: 40 points"); the
    # actions are XSkat's logged game replayed: the shortest auction, the skat, the cards
    record = _record("match", 1, 1)
    game = xskat_records.verify_match(record, Options())
    assert isinstance(game, xskat_records.Game)
    assert game == xskat_records.Game((40, -94, 40), 1, "S", False, game.actions)
    assert game.actions[:3] == ("18", "p", "p")
    assert len(game.actions) == 3 + 3 + 30  # pick-up, discard, Spades; ten tricks
    assert [a for a in game.actions if len(a) == 2 and a[0] in "CSHD"] == [
        a for a in record["applied"] if len(a) == 2 and a[0] in "CSHD"
    ]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["applied"].__setitem__(8, "DA"), "the driver's cards differ"),
        (
            lambda r: r.__setitem__("log", r["log"].replace("Won with: 73", "Won with: 74")),
            "differs from our engine",
        ),
        (
            lambda r: r.__setitem__("log", r["log"].replace(" played Grand", " played Club")),
            "differs from our engine",
        ),
        (lambda r: r.__setitem__("problem", "DriverError: no dialog at x=139"), "no dialog"),
        (lambda r: r.__setitem__("log", "nothing"), "unreadable"),
    ],
)
def test_a_game_that_is_not_xskats_is_left_out_saying_why(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    record = _record("match", 0, 0)
    record["applied"] = list(record["applied"])
    assert isinstance(xskat_records.verify_match(record, Options()), xskat_records.Game)
    change(record)
    verdict = xskat_records.verify_match(record, Options())
    assert isinstance(verdict, str)
    assert message in verdict, verdict


def test_a_contract_the_driver_told_otherwise_is_left_out() -> None:
    record = _record("match", 0, 0)  # our forehand's Grand, declared by the driver as "G"
    at = record["applied"].index("G")
    record["applied"] = [*record["applied"][:at], "C"]  # told Clubs where XSkat logged Grand
    verdict = xskat_records.verify_match(record, Options())
    assert verdict == "contract read C, XSkat's log: G"


# -- change-only ------------------------------------------------------------------------------
def _self_play(number: int, seat: int) -> dict[str, Any]:
    """A finished game of random players in our engine, recorded as the driver records the
    decisions of our player in ``seat``."""
    player = RandomPlayer()
    state = State.new(number, Options())
    decisions: list[list[Any]] = []
    while not state.is_terminal():
        who = state.current_player
        assert who is not None
        ply = len(state.actions)
        action = player.choose(state.information_state(who), decision_rng(number, ply))
        if who == seat:
            decisions.append([ply, who, str(action)])
        state = state.apply(action)
    applied = [str(a) for a in state.actions]
    return {
        "number": number,
        "applied": applied,
        "decisions": decisions,
        "log": "L",
        "problem": None,
    }


def test_a_player_that_decides_alike_stands_for_the_recorded_game() -> None:
    record = _self_play(arena_deal_number(1, 4), 1)
    assert len(record["decisions"]) > 5
    assert xskat_records.same_decisions(RandomPlayer(), record, Options())


def test_one_other_decision_or_a_failed_game_needs_xskat() -> None:
    record = _self_play(arena_deal_number(1, 4), 1)
    # the last decision of ours that had a choice, answered otherwise
    for i in range(len(record["decisions"]) - 1, -1, -1):
        ply, seat, action = record["decisions"][i]
        state = State.new(record["number"], Options())
        for token in record["applied"][:ply]:
            state = state.apply(token)
        others = [str(a) for a in state.legal_actions() if str(a) != action]
        if others:
            break
    decisions = [list(d) for d in record["decisions"]]
    decisions[i] = [ply, seat, others[0]]
    assert not xskat_records.same_decisions(
        RandomPlayer(), {**record, "decisions": decisions}, Options()
    )
    assert not xskat_records.same_decisions(RandomPlayer(), {**record, "problem": "x"}, Options())
    assert not xskat_records.same_decisions(HeuristicPlayer(), record, Options())


def test_a_record_cut_short_stands_for_no_game_and_its_decisions_stop_where_it_ends() -> None:
    record = _self_play(arena_deal_number(1, 4), 1)
    asked = list(xskat_records.recorded_decisions(record, Options()))
    assert [(p, s, a) for p, s, a, _ in asked] == [tuple(d) for d in record["decisions"]]
    assert all(int(info.seat) == s for _, s, _, info in asked)
    last = record["decisions"][-1][0]
    cut = {**record, "applied": record["applied"][: last - 1]}
    assert len(list(xskat_records.recorded_decisions(cut, Options()))) == len(asked) - 1
    assert not xskat_records.same_decisions(RandomPlayer(), cut, Options())


# -- figures ----------------------------------------------------------------------------------
def test_the_figures_of_the_recorded_run_are_the_hand_computed_ones() -> None:
    header, records = _run()
    (figures,) = xskat_records.summarize(header, xskat_records.merge(records), Options())
    # deal 0: XSkat alone, forehand's Grand, 98 under four clocks and 122 under four: mean 110.
    # Ours forehand: Grand won, 98 (-12 against 110; +98 against its mates' 0); middle- and
    # rearhand: XSkat's forehand wins 122, ours 0 (0 against 0; -61 against mates 122 and 0).
    # deal 1: XSkat alone, middlehand's Spade, 72 under every clock. Ours forehand: 0 (0; -36);
    # middlehand: its Spade lost, -94 (-166; -134 against the defenders' 40 and 40); rearhand:
    # XSkat's middlehand loses, ours +40 (+40; +67 against 40 and -94).
    assert figures.paired == {0: -4.0, 1: pytest.approx(-42.0)}
    assert figures.mates == {0: -8.0, 1: pytest.approx(-103 / 3)}
    assert figures.ours == [98, 0, 0, 0, -94, 40]
    assert figures.xskat == [110.0, 0.0, 0.0, 0.0, 72.0, 0.0]
    assert (figures.declared, figures.xskat_declared) == (2, 2.0)
    assert figures.types == {"G": [1, 0], "S": [0, 1]}
    assert figures.xskat_types == {"G": [1.0, 0.0], "S": [1.0, 0.0]}
    assert (figures.missing, figures.left_out) == (0, [])
    # where the figure comes from: both declare in deal 0's forehand and deal 1's middlehand
    assert figures.sources == {
        "both declare in this seat": [-12.0, -166.0],
        "neither declares": [0.0, 0.0, 0.0, 40.0],
    }
    lines = xskat_records.report_lines(figures, "heuristic", 8)
    assert "    both declare in this seat:      2    -89.00   -29.67" in lines
    assert "    neither declares:               4    +10.00    +6.67" in lines


def test_a_deal_with_a_game_missing_or_left_out_is_not_in_the_figures() -> None:
    header, records = _run()
    merged = xskat_records.merge(records)
    del merged[("match", "one", 1, 2)]
    merged[("auto", 0, 3)] = {**merged[("auto", 0, 3)], "score_line": "0 99 0"}
    (figures,) = xskat_records.summarize(header, merged, Options())
    assert list(figures.paired) == [0]
    assert figures.missing == 1
    assert len(figures.left_out) == 1
    assert "clock" in figures.left_out[0]
    # deal 0 keeps its seven other clocks: 98 three times, 122 four times
    assert figures.xskat[0] == pytest.approx((3 * 98 + 4 * 122) / 7)
    lines = xskat_records.report_lines(figures, "heuristic", 8)
    assert "an unfinished run: not a result" in lines[0]


def test_the_report_of_a_change_is_the_difference_per_deal() -> None:
    header, records = _run()
    (base,) = xskat_records.summarize(header, xskat_records.merge(records), Options())
    new = xskat_records.Figures("one", 2, paired={0: -4.0, 1: -30.0})
    (line,) = xskat_records.compare_lines(base, new, "heuristic")
    assert "+6.00 (-5.76 .. +17.76)" in line  # differences 0 and +12
    assert "(1 deals scored otherwise)" in line


def test_the_report_of_a_checkpoint_is_printed_without_xskat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--checkpoint", str(RUN), "--deals", "2", "--report"]
    assert bench_xskat_match.main(argv) == 0
    out = capsys.readouterr().out
    assert "2 of 2 deals complete, 0 games left out, 0 deals not yet played" in out
    assert "mean of 8 clocks): -23.00 (-60.24 .. +14.24)" in out
    assert "declarer in its seats: heuristic 33.3% (2 of 6 seat-games), XSkat alone 33.3%" in out


@pytest.mark.parametrize(
    ("first", "deals", "fits"), [(0, 600, True), (300, 300, True), (0, 601, False), (599, 2, False)]
)
def test_a_change_only_run_takes_its_deals_from_within_its_base(
    first: int, deals: int, fits: bool
) -> None:
    base = {"first": 0, "deals": 600}
    run = {"first": first, "deals": deals}
    if fits:
        xskat_records.covers(base, run)
    else:
        with pytest.raises(xskat_records.CheckpointError, match="the base run has the deals 0-599"):
            xskat_records.covers(base, run)


def test_a_run_is_never_extended_beyond_its_deal_count() -> None:
    with pytest.raises(SystemExit, match=r"deals 2 \(asked: 3\)"):
        bench_xskat_match.main(["--checkpoint", str(RUN), "--deals", "3", "--report"])


def test_resuming_with_a_player_that_decides_otherwise_is_refused() -> None:
    records = {}
    for seating in range(3):
        game = _self_play(arena_deal_number(1, 7), seating)
        game |= {"kind": "match", "design": "one", "index": 7, "seating": seating}
        records[xskat_records.key(game)] = game
    bench_xskat_match._check_player(records, "random")
    with pytest.raises(xskat_records.CheckpointError, match="change-only"):
        bench_xskat_match._check_player(records, "heuristic")


def test_the_figures_do_not_depend_on_the_order_of_the_records() -> None:
    header, records = _run()
    (ordered,) = xskat_records.summarize(header, xskat_records.merge(records), Options())
    shuffled = list(reversed(records))
    random.Random(3).shuffle(shuffled)
    (other,) = xskat_records.summarize(header, xskat_records.merge(shuffled), Options())
    assert other == ordered


def test_at_xskat_table_our_declarer_is_not_offered_to_concede() -> None:
    """Deal 418 of the development deals (X6): our declarer, lost in every sampled world,
    conceded during the first trick, which XSkat's table cannot do (the driver gave up on the
    game). There he is offered only his cards; the engine's own state still has the concede."""
    from bench.xskat_driver import at_xskat_table
    from skat.action import Action
    from skat.players import get_player

    number = 1022169482915006304
    state = State.new(number, Options())
    for text in ("18", "p", "p", "s", "CK.C7", "D", "SA"):
        state = state.apply(Action.parse(text))
    info = state.information_state(1)
    assert [str(a) for a in info.legal_actions()] == ["S7", "S9", "RE"]
    at_table = at_xskat_table(info)
    assert [str(a) for a in at_table.legal_actions()] == ["S7", "S9"]
    assert at_table.hand == info.hand
    assert at_table.tricks == info.tricks
    player = get_player("strong:opponents=xskat")
    assert str(player.choose(info, decision_rng(number, 7))) == "RE"
    assert str(player.choose(at_table, decision_rng(number, 7))) in ("S7", "S9")
