"""Game records (skat.record): ISS lines read and written exactly, replayed, their results
recomputed; this project's extensions (docs/records.md); ``skat records check``."""

from __future__ import annotations

import io
import json
import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from skat import record
from skat.cards import cards_of_mask, format_cards
from skat.cli import main
from skat.errors import RecordError
from skat.options import AllPass, BockDeal, BockRule, KontraRule, Options, RamschSkat, ScoreList
from skat.record import Move, Record
from skat.state import Ending, Phase, State

DATA = Path(__file__).parents[1] / "data"
SAMPLE = DATA / "iss_records_sample.sgf"
CORRUPT = DATA / "iss_records_corrupt.sgf"
LINES = SAMPLE.read_text(encoding="utf-8").splitlines()
IDS = [record.parse(line).id for line in LINES]


@pytest.mark.parametrize("line", LINES, ids=IDS)
def test_iss_line_round_trips_exactly(line: str) -> None:
    assert record.write(record.parse(line)) == line


@pytest.mark.parametrize("line", LINES, ids=IDS)
def test_iss_record_replays_to_its_own_result(line: str) -> None:
    report = record.check(line)
    assert report.error is None
    assert report.mismatches == ()
    assert report.ok
    recorded = record.parse_result(report.recorded or "")
    computed = record.parse_result(report.computed or "")
    for key in ("d", "outcome", "v", "m", "bid", "p", "t", "s", "z"):
        assert computed.get(key) == recorded.get(key), key


@pytest.mark.parametrize("line", LINES, ids=IDS)
def test_iss_record_state_rewritten_in_our_form_is_the_same_deal(line: str) -> None:
    state = record.read_record(line)
    ours = record.write_record(state)
    again = record.read_record(ours)
    assert again == state
    assert record.format_result(again) == record.format_result(state)


@pytest.mark.parametrize(
    ("game_id", "ending"),
    [
        ("4913050", Ending.PASSED),  # R[passed]
        ("8", Ending.PENALTY),  # TI.2 during the bidding
        ("30", Ending.PENALTY),  # LE.2 during the bidding
        ("727", Ending.RESIGNED),  # grand ouvert, both defenders resign after one card
        ("1390253", Ending.RESIGNED),  # null ouvert, resigned before the first card
        ("6934288", Ending.RESIGNED),
        ("4912814", Ending.PLAYED),  # one defender resigned: play went on
        ("25", Ending.SETTLED),  # null ouvert hand: the declarer took the first trick
        ("13577", Ending.SETTLED),  # clubs ouvert: the defenders took the first trick
    ],
)
def test_iss_special_endings_are_recognised(game_id: str, ending: Ending) -> None:
    line = LINES[IDS.index(game_id)]
    assert record.read_record(line).ending == ending


def test_resigned_defenders_give_the_declarer_the_remaining_tricks() -> None:
    state = record.read_record(LINES[IDS.index("1039093")])  # declarer had taken no trick
    assert state.declarer_facts() == (84, 5, 5)


def test_resigned_null_moves_no_trick() -> None:
    state = record.read_record(LINES[IDS.index("1390253")])
    assert state.declarer_facts() == (14, 0, 0)  # only the discard HA HQ


def test_split_declaration_form_is_read() -> None:
    state = record.read_record(LINES[IDS.index("10327743")])  # "0 G" then "0 SK.S7"
    assert str(state.contract) == "G"
    assert record.format_result(state).startswith("d:0 loss v:-144")


def test_corrupt_record_is_reported_with_the_position() -> None:
    line = CORRUPT.read_text(encoding="utf-8").strip()
    report = record.check(line)
    assert not report.ok
    assert report.error is not None
    assert report.error.position == line.index(" ?? ") + 1
    assert "hidden card" in str(report.error)
    with pytest.raises(RecordError, match=r"'\?\?' at position \d+: a hidden card"):
        record.read_record(line)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("GM[Skat]", "starts with '\\(;'"),
        ("(;GM[Skat]MV[w CJ 5 SA ] ;)", "bad mover '5'"),
        ("(;GM[Skat]MV[w CJ 1 ] ;)", "odd number of tokens"),
        ("(;GM[Skat]??? ;)", "expected a property"),
        ("(;GM[Skat]", "ends with ';\\)'"),
    ],
)
def test_strict_reader_raises_with_the_position(line: str, message: str) -> None:
    with pytest.raises(RecordError, match=message) as info:
        record.parse(line)
    assert info.value.position is not None
    assert info.value.position >= 0


def test_lenient_reader_collects_every_error() -> None:
    rec, errors = record.parse_lenient("(;GM[Skat]MV[w CJ 5 SA 7 SK ]R[x] ;)")
    assert [e.position for e in errors] == [18, 23]  # the bad movers 5 and 7
    assert rec.get("R") == "x"


def _with_move(line: str, old: str, new: str) -> str:
    assert old in line
    return line.replace(old, new, 1)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (" 1 p 2 18 0 p 2 DHS", " 1 p 2 18 0 p 2 DHS 0 DHS", "'DHS'"),  # declared twice
        (" 0 CA 1 CQ", " 1 CA 1 CQ", "'CA' by middlehand"),  # out of turn
        (" 1 p 2 18", " 1 p 2 19", "'19' by rearhand in phase 'bidding'"),
    ],
)
def test_illegal_move_in_a_record_is_named_with_its_position(
    old: str, new: str, message: str
) -> None:
    line = _with_move(LINES[0], old, new)
    with pytest.raises(RecordError, match=message) as info:
        record.read_record(line)
    assert info.value.position is not None
    assert info.value.position > 0
    report = record.check(line)
    assert not report.ok
    assert report.error is not None


LONG = "Q" * 3000


@pytest.mark.parametrize(
    ("old", "new", "echoed"),
    [
        (" 1 p 2 18", f" 1 p 2 {LONG}", LONG),  # not an action
        (" 1 p 2 18", f" 1 p 2 18{LONG}", "18" + LONG),
        (" 1 p 2 18", f" 1 p 2 C{LONG}", "C" + LONG),  # not a contract
        (" 0 CA 1 CQ", f" 0 CA.{LONG} 1 CQ", "CA." + LONG),  # a discard's card
        (" 2 DHS", f" 2 DHS.{LONG}", "DHS." + LONG),  # a declaration's discard
        (" 0 CA 1 CQ", f" 0 EX.{LONG} 1 CQ", "EX." + LONG),  # an exchange
        (" 0 CA 1 CQ", f" 0 SC.{LONG} 1 CQ", "SC." + LONG),  # shown cards
        (" 0 CA 1 CQ", f" {LONG} CA 1 CQ", LONG),  # the mover
        ("MV[w DK.", f"MV[w {LONG}.", LONG),  # a card of the deal
        ("MV[w", f"DL[{LONG}]MV[w", LONG),
    ],
)
def test_a_bad_token_in_a_record_is_echoed_once_and_cut(old: str, new: str, echoed: str) -> None:
    """A record's error names its bad token once, cut as every echoed input (skat.errors.cut)."""
    line = _with_move(LINES[0], old, new)
    with pytest.raises(RecordError) as info:
        record.read_record(line)
    message = str(info.value)
    assert len(message) < 300, message[:300]
    assert message.count(echoed[:30]) == 1, message


@pytest.mark.parametrize("text", [f"d:2 {LONG} win", f"d:2 v:{LONG}"])
def test_a_bad_result_field_is_echoed_once_and_cut(text: str) -> None:
    with pytest.raises(RecordError) as info:
        record.parse_result(text)
    message = str(info.value)
    assert len(message) < 100, message[:300]
    assert message.count(LONG[:30]) == 1, message


def test_wrong_recorded_result_is_a_mismatch() -> None:
    line = LINES[0].replace("v:72", "v:71")
    report = record.check(line)
    assert not report.ok
    assert report.mismatches == ("v: recorded 71, computed 72",)


def test_json_form_round_trips() -> None:
    for line in LINES[:5]:
        rec = record.parse(line)
        again = Record.from_json(json.loads(json.dumps(rec.to_json())))
        assert record.write(again) == line


def test_json_form_rejects_a_bad_object() -> None:
    with pytest.raises(RecordError, match="not a record object"):
        Record.from_json({"moves": 3})


# -- our own records ------------------------------------------------------------------------------


def _random_state(seed: int, options: Options) -> State:
    rng = random.Random(seed)
    state = State.new(rng.randrange(2**64), options, dealer=seed % 3)
    while not state.is_terminal():
        state = state.apply(rng.choice(state.legal_actions()))
    return state


OPTION_SETS = [
    Options(),
    Options(all_pass=AllPass.RAMSCH, ramsch_skat=RamschSkat.LOSER),
    Options(all_pass=AllPass.SCHIEBERAMSCH, kontra=KontraRule.ON, supra=True),
    Options(kontra=KontraRule.BIDDERS_ONLY, spitze=True, lost_hand_single=True),
    Options(bock=BockRule.ROUNDS, bock_deal=BockDeal.BOCK, kontra=KontraRule.ON, bock_nnn=True),
    Options(bock=BockRule.RAMSCH, bock_deal=BockDeal.RAMSCH, durchmarsch=False),
]
OPTION_IDS = ["isko", "ramsch", "schiebe-kontra", "misc", "bock", "bockramsch"]


@pytest.mark.parametrize("options", OPTION_SETS, ids=OPTION_IDS)
@pytest.mark.parametrize("seed", range(12))
def test_own_records_round_trip_both_ways(options: Options, seed: int) -> None:
    state = _random_state(seed, options)
    line = record.write_record(state, {"ID": str(seed)})
    assert record.write(record.parse(line)) == line
    again = record.read_record(line)
    assert again == state
    assert record.write_record(again, {"ID": str(seed)}) == line
    assert record.check(line).ok


def test_unfinished_state_writes_no_result_and_replays() -> None:
    state = State.new(99, Options()).apply("18").apply("y").apply("p").apply("p").apply("s")
    rec = record.from_state(state)
    assert rec.result is None
    assert rec.moves[-1] == Move("w", format_cards(cards_of_mask(state.deal.skat.mask), "."))
    assert record.read_record(record.write(rec)) == state
    state = state.apply(state.legal_actions()[0])  # discarded, not yet declared
    assert record.read_record(record.write_record(state)) == state


def test_kontra_and_schieberamsch_tokens_are_written() -> None:
    options = Options(all_pass=AllPass.SCHIEBERAMSCH, kontra=KontraRule.ON, supra=True)
    state = State.new(5, options).apply("p").apply("p").apply("p").apply("p").apply("s")
    state = state.apply(state.legal_actions()[0])
    line = record.write_record(state)
    assert "RU[all_pass=schieberamsch,kontra=on,supra=1]" in line
    assert " 0 p 1 s 1 " in line
    state = State.new(5, Options(kontra=KontraRule.ON, supra=True))
    for token in ("18", "y", "p", "p", "GH", "K", "R", "SU"):
        state = state.apply(token)
    line = record.write_record(state)
    assert "0 GH 1 K 0 R 1 SU" in line
    assert record.read_record(line).kontra == 3


@pytest.mark.parametrize(
    "options",
    [Options(), *OPTION_SETS, Options(durchmarsch=False, score_list=ScoreList.SIMPLE)],
)
def test_rule_options_round_trip(options: Options) -> None:
    # the deal's Bock mark is the record's BK[...], not a rule of RU[...]
    table = replace(options, bock_deal=BockDeal.NONE)
    assert record.parse_options(record.format_options(options)) == table


@pytest.mark.parametrize("text", ["nope=1", "kontra=maybe", "supra=yes"])
def test_bad_rule_options_raise(text: str) -> None:
    with pytest.raises(RecordError, match="rule option"):
        record.parse_options(text)


@pytest.mark.parametrize("key", ["RU", "DN", "MV"])
def test_a_property_given_twice_is_refused(key: str) -> None:
    line = record.write_record(State.new(3, Options(all_pass=AllPass.RAMSCH)))
    first = line.index(f"{key}[")
    end = line.index("]", first) + 1
    twice = line[:end] + line[first:end] + line[end:]
    with pytest.raises(RecordError, match=rf"{key}\[\.\.\.\] is given twice"):
        record.parse(twice)
    read, errors = record.parse_lenient(twice)
    assert [e.position for e in errors] == [end]
    # the first one counts in a lenient reading
    assert read.get(key) == record.parse(line).get(key)
    assert read.moves == record.parse(line).moves


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda line: line + "xyz", r"nothing may follow the ';\)'"),
        # two records on one line (refused before the trailing-text check too)
        (lambda line: line + " " + line, r"found ';\) \(;GM\[Skat'"),
        (lambda line: "xyz" + line, r"nothing may come before the '\(;'"),
        (lambda line: line.replace("DN[3]", "DN[abc]"), r"DN\[abc\] is not a deal number"),
        (lambda line: line.replace("DN[3]", "DN[-3]"), r"DN\[-3\] is not a deal number"),
        (
            lambda line: line.replace("DN[3]", "DN[3]RU[kontra=on,kontra=off]"),
            r"rule option 'kontra' given twice in RU\[kontra=on,kontra=off\]",
        ),
    ],
)
def test_a_malformed_record_line_is_refused_by_name(change: Any, message: str) -> None:
    line = record.write_record(State.new(3, Options()))
    assert "DN[3]" in line
    with pytest.raises(RecordError, match=message):
        record.read_record(change(line))


def test_space_and_a_byte_order_mark_around_a_record_are_no_text() -> None:
    line = record.write_record(State.new(3, Options()))
    assert record.read_record("\ufeff " + line + " \r\n") == record.read_record(line)


def test_deal_number_must_match_the_cards() -> None:
    line = record.write_record(State.new(3, Options()))
    with pytest.raises(RecordError, match=r"DN\[4\] does not give the cards"):
        record.read_record(line.replace("DN[3]", "DN[4]"))


def _rearranged(line: str, swaps: list[tuple[int, int]]) -> str:
    """``line`` with cards of its deal (0-9 forehand, 10-19 middlehand, 20-29 rearhand, 30-31
    the skat) swapped: the same 32 cards, other hands."""
    token = record.parse(line).moves[0].token
    cards = token.split(".")
    for a, b in swaps:
        cards[a], cards[b] = cards[b], cards[a]
    return line.replace(token, ".".join(cards))


@pytest.mark.parametrize(
    ("swaps", "named"),
    [
        ([(10, 20)], "the record's middlehand and rearhand are not deal 43's"),
        ([(20 + i, 10 + i) for i in range(10)], "middlehand and rearhand are not"),
        ([(29, 30)], "the record's rearhand and the skat are not deal 43's"),
        ([(15, 31)], "the record's middlehand and the skat are not deal 43's"),
        ([(0, 31)], "the record's forehand and the skat are not deal 43's"),
        ([(0, 10), (20, 30)], "forehand, middlehand, rearhand and the skat are not deal 43's"),
    ],
)
def test_every_card_of_the_deal_must_be_the_deal_numbers(
    swaps: list[tuple[int, int]], named: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    state = State.new(43, Options())
    for token in ("18", "y", "p", "p", "s"):
        state = state.apply(token)
    line = record.write_record(state)
    forged = _rearranged(line, swaps)
    with pytest.raises(RecordError, match=named) as info:
        record.read_record(forged)
    assert info.value.position == record.parse(line).moves[0].position
    report = record.check(forged)
    assert not report.ok
    assert named in str(report.error)
    path = tmp_path / "forged.sgf"
    path.write_text(forged + "\n", encoding="utf-8")
    assert main(["records", "check", str(path)]) == 1
    assert "ILLEGAL DN[43] does not give the cards" in capsys.readouterr().out


def test_the_order_of_the_cards_within_a_hand_is_free() -> None:
    line = record.write_record(State.new(43, Options()))
    # forehand's first and last card, and the two of the skat, trade places: the same hands
    same = _rearranged(line, [(0, 9), (30, 31)])
    assert same != line
    assert record.read_record(same) == record.read_record(line)


def test_without_a_deal_number_any_deal_of_32_cards_is_read() -> None:
    line = record.write_record(State.new(43, Options())).replace("DN[43]", "")
    read = record.read_record(_rearranged(line, [(10, 20), (29, 30)]))
    assert read.deal.number == -1
    assert read.deal.skat != State.new(43, Options()).deal.skat


def test_ouvert_cards_appended_to_the_declaration_are_checked() -> None:
    state = State.new(11, Options())
    for token in ("18", "y", "p", "p"):
        state = state.apply(token)
    assert state.phase == Phase.SKAT
    own = cards_of_mask(state.hand(0))
    cards = format_cards(own, ".")
    line = record.write_record(state).replace(" ] ;)", f" 0 GO.{cards} ] ;)")
    assert str(record.read_record(line).contract) == "GO"
    foreign = format_cards([*own[:-1], cards_of_mask(state.hand(1))[0]], ".")
    with pytest.raises(RecordError, match="ouvert cards are not the declarer's hand"):
        record.read_record(line.replace(f"GO.{cards}", f"GO.{foreign}"))


@pytest.mark.parametrize(
    ("picked", "declaration", "named"),
    [
        (True, "G.SK.CT.CJ", "the discard is two cards, not 3"),
        (True, "G.SK", "the discard is two cards, not 1"),
        (False, "GH.SK.CT", "a Hand game discards nothing, yet 2 cards follow GH"),
        (False, "w TI.5", "(a timeout names the seat 0, 1 or 2: TI.0)"),
        (False, "w LE.3", "(a seat leaving names the seat 0, 1 or 2: LE.0)"),
    ],
)
def test_a_bad_declaration_or_table_move_is_named_for_what_is_wrong(
    picked: bool, declaration: str, named: str
) -> None:
    state = State.new(
        3, Options()
    )  # forehand holds 18, both others pass: forehand is to pick up or not
    for token in ("18", "y", "p", "p", "s")[: 4 + picked]:
        state = state.apply(token)
    move = declaration if declaration.startswith("w ") else f"0 {declaration}"
    line = record.write_record(state).replace(" ] ;)", f" {move} ] ;)")
    with pytest.raises(RecordError, match=re.escape(named)) as info:
        record.read_record(line)
    assert "ouvert" not in str(info.value)
    assert "not a card" not in str(info.value)
    assert info.value.position == line.index(move) + move.index(" ") + 1


# -- the command ---------------------------------------------------------------------------------


def test_records_check_reproduces_the_sample_and_exits_0(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["records", "check", str(SAMPLE)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == len(LINES)
    assert all(": ok  computed R[" in line and "  recorded R[" in line for line in out)


def test_records_check_reports_the_corrupt_record_and_exits_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["records", "check", "--json", str(CORRUPT), str(SAMPLE)]) == 1
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == len(LINES) + 1
    bad = [row for row in rows if not row["ok"]]
    assert [row["id"] for row in bad] == ["18358"]
    assert bad[0]["error"]["position"] > 0
    assert rows[1]["computed_fields"] == rows[1]["recorded_fields"]


def test_records_check_reads_standard_input_for_a_dash(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(LINES[0] + "\n"))
    assert main(["records", "check", "-"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1
    assert out[0].startswith("-:1 ID ")
    assert ": ok  computed R[" in out[0]


def test_records_check_survives_garbage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.sgf"
    path.write_text("hello\n(;GM[Skat]MV[w SA ] ;)\n(;MV[\n", encoding="utf-8")
    assert main(["records", "check", str(path), str(tmp_path / "missing.sgf")]) == 2  # missing
    out = capsys.readouterr().out
    assert out.count("ILLEGAL") == 3


@pytest.mark.parametrize(
    "line",
    [
        "(;GM[Skat]DL[x]MV[w CJ ] ;)",
        "(;GM[Skat]RU[kontra=x]MV[w CJ ] ;)",
        "(;GM[Skat]MV[1 18 ] ;)",
        "(;GM[Skat]MV[w CJ.CJ ] ;)",
        "(;GM[Skat]MV[w " + ".".join(["CJ"] * 32) + " ] ;)",
        "(;GM[Skat]MV[] ;)",
        "(;GM[Skat]ID[1]MV[w SA ]R[d:x] ;)",
    ],
)
def test_check_reports_malformed_records_without_raising(line: str) -> None:
    report = record.check(line)
    assert not report.ok
    assert report.error is not None
    assert "internal error" not in str(report.error)


@pytest.mark.parametrize("content", [None, "", "\n\n"])
def test_records_check_exits_2_when_a_file_is_missing_or_holds_no_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None
) -> None:
    path = tmp_path / "records.sgf"
    if content is not None:
        path.write_text(content)
    assert main(["records", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1
    assert ("cannot read" if content is None else "no records in") in err


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    import subprocess
    import sys

    sample = tmp_path / "many.sgf"  # far more output than a pipe holds: the writer must block
    sample.write_text((DATA / "iss_records_sample.sgf").read_text() * 40)
    with subprocess.Popen(
        [sys.executable, "-m", "skat.cli", "records", "check", str(sample)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as proc:
        assert proc.stdout is not None
        assert proc.stderr is not None
        assert proc.stdout.readline().startswith(str(sample).encode())
        proc.stdout.close()  # like `| head -1`
        err = proc.stderr.read().decode()
        proc.wait(timeout=60)
    assert "Traceback" not in err
    assert "BrokenPipe" not in err


@pytest.mark.parametrize("game", ["GM[Go]", "GM[Skat PC[skat]"])
def test_a_record_of_another_game_is_refused(game: str) -> None:
    sample = (DATA / "iss_records_sample.sgf").read_text().splitlines()[0]
    assert record.check(sample).ok
    report = record.check(sample.replace("GM[Skat]", game, 1))
    assert not report.ok
    assert "not a Skat record" in str(report.error)
