"""bench/postmortem.py: the open-hand post-mortem of a finished match.

The XSkat-table checkpoint here is made by hand from two games of our own engine, written as
XSkat's logs (what ``bench_xskat_match`` records), whose verdicts are checked against the solver
directly:

* deal 11 (GIFT): middlehand declares Clubs at 18 and cannot win it with every card open; the
  heuristic declares and plays, random defenders: rearhand's HJ, the second card of trick 3,
  gives the game back, and middlehand wins it;
* deal 3 (SLIP): forehand declares Diamonds at 18, won with every card open until its own SQ,
  the last card of trick 5 (a random declarer's card play); it loses.

Each deal is played with our player in each seat (the same game: the seatings' cards are the
same), and XSkat alone passes the deal in both its clocks.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bench import postmortem as pm
from bench import xskat_records as xr
from skat.arena import run_arena
from skat.cards import CardSet
from skat.claim import declarer_target
from skat.options import Options
from skat.phases import Phase
from skat.scoring import GameResult
from skat.solver import position_from_state, solve_threshold
from skat.state import State

GIFT = (11, "18 p p s D9.D8 C DT C7 DK CJ CT SK SJ HJ H9 DJ C9 S7 CA CK HA CQ C8 DQ SA HK S8 HT "
        "H8 ST SQ HQ S9 H7 DA D7")  # fmt: skip
SLIP = (3, "p p 18 s CT.HK D D7 DQ DA SA SK ST CA D9 C7 DJ CJ DK HA H7 SQ C8 C9 S9 H8 DT H9 D8 "
        "S7 S8 SJ CQ HQ HJ CK HT")  # fmt: skip

WORDS = {"C": "Club", "S": "Spade", "H": "Heart", "D": "Diamond", "G": "Grand"}


def _end(number: int, actions: str) -> State:
    state = State.new(number, Options())
    for token in actions.split():
        state = state.apply(token)
    return state


def _word(card: str) -> str:
    return f"{WORDS[card[0]]} {'10' if card[1] == 'T' else card[1]}"


def _row(cells: list[str]) -> str:
    return "".join(f"  {c:<10}" for c in cells)


def _columns(cards_by_seat: list[str], seat_of_column: tuple[int, ...]) -> str:
    return _row([_word(cards_by_seat[seat]) for seat in seat_of_column])


DASHES = "-" * 40


def _gui_log(number: int, actions: str, start: int) -> str:
    """XSkat's log of the game with our player as its person (player 0, no name)."""
    state = State.new(number, Options())
    seat_of_column = tuple((p - start) % 3 for p in range(3))
    tricks: list[list[str]] = []
    hands: list[list[str]] = []
    for token in actions.split():
        if state.phase == Phase.PLAY and not hands:
            hands = [str(CardSet(state.hand(seat))).split() for seat in range(3)]
        if state.phase == Phase.PLAY and len(token) == 2 and token[0] in "CSHD":
            if not state.trick:
                tricks.append(["", "", ""])
            tricks[-1][state.current_player or 0] = token
        state = state.apply(token)
    result = state.result()
    assert isinstance(result, GameResult)
    assert state.declarer is not None
    assert state.contract
    names = ("", "Computer left", "Computer right")
    lines = [" " * 12 + "  Computer    Computer  ", " " * 12 + "    left       right    ", DASHES]
    lines += [_columns(t, seat_of_column) for t in tricks]
    lines += [DASHES]
    lines += [_columns([h[i] for h in hands], seat_of_column) for i in range(10)]
    lines += [
        DASHES,
        "Skat is: " + ",".join(_word(c) for c in str(CardSet(state.skat)).split()),
        "Skat was: " + ",".join(_word(c) for c in str(state.deal.skat).split()),
        f"Last bid: {state.bid}",
        f"{names[seat_of_column.index(int(state.declarer))]} played "
        f"{WORDS[state.contract.game.letter]}",
        f"{'Won' if result.won else 'Lost'} with: {result.declarer_points} points",
        "=" * 40,
    ]
    return "\n".join(lines) + "\n"


def _passed_log(number: int) -> str:
    """XSkat's log of its three computers passing the deal (``-start 1``)."""
    state = State.new(number, Options())
    hands = [str(state.deal.hands[seat]).split() for seat in range(3)]
    seat_of_column = (2, 0, 1)
    lines = [" Computer1   Computer2   Computer3  ", " " * 36, DASHES]
    lines += [_row(["Pass", "_Pass_", "Pass"]), DASHES]
    lines += [_columns([h[i] for h in hands], seat_of_column) for i in range(10)]
    skat = ",".join(_word(c) for c in str(state.deal.skat).split())
    lines += [DASHES, f"Skat is: {skat}", "=" * 40]
    return "\n".join(lines) + "\n"


def _checkpoint(folder: Path) -> str:
    path = folder / "hand-made.jsonl"
    header = {"kind": "run", "format": 1, "seed": 0, "first": 0, "deals": 2, "k": 2,
              "player": "hand-made", "designs": ["one"], "speedup": 20}  # fmt: skip
    records: list[dict[str, Any]] = [header]
    for index, (number, actions) in enumerate((GIFT, SLIP)):
        for k in range(2):
            records.append({"kind": "auto", "index": index, "number": number, "k": k,
                            "clock": k, "log": _passed_log(number), "score_line": "0 0 0",
                            "problem": None})  # fmt: skip
        for s in range(3):
            start = xr.START_OF_SEAT[s]
            records.append(
                {
                    "kind": "match",
                    "design": "one",
                    "index": index,
                    "number": number,
                    "seating": s,
                    "start": start,
                    "persons": 1,
                    "clock": 0,
                    "log": _gui_log(number, actions, start),
                    "applied": actions.split(),
                    "decisions": [],
                    "problem": None,
                }
            )
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return str(path)


def _wins(number: int, actions: list[str]) -> bool:
    state = _end(number, " ".join(actions))
    return solve_threshold(position_from_state(state), declarer_target(state))


def _card_index(actions: str, n: int) -> int:
    """The index in ``actions`` of the card-play's card ``n`` (0: the first card)."""
    tokens = actions.split()
    first = next(i for i, t in enumerate(tokens) if t in ["C", "S", "H", "D", "G"])
    return first + 1 + n


@pytest.mark.parametrize(
    ("game", "card", "before"),
    [(GIFT, 7, False), (SLIP, 14, True)],
)
def test_the_turning_card_is_the_one_after_which_the_open_hand_verdict_differs(
    game: tuple[int, str], card: int, before: bool
) -> None:
    number, actions = game
    tokens = actions.split()
    at = _card_index(actions, card)
    assert _wins(number, tokens[:at]) is before
    assert _wins(number, tokens[: at + 1]) is not before
    v = pm.game_verdicts(number, tokens, Options())
    assert v is not None
    assert v.turns() == [card]
    assert v.decisive() == card
    assert v.wins[0] is before
    assert v.wins[-1] is not before
    assert len(v.cards) == 30
    assert len(v.wins) == 31


def test_the_post_mortem_of_a_hand_made_checkpoint(tmp_path: Path) -> None:
    match = pm.xskat_match(_checkpoint(tmp_path))
    assert (match.deals, match.left_out) == (2, [])
    assert len(match.games) == 10  # per deal: two clocks alone, three seatings
    verdicts, solved = pm.solve(match.games, str(tmp_path / "cache.jsonl"), workers=1)
    assert solved == 4  # the seatings' one game and the clocks' one pass, per deal
    gift, slip = _end(*GIFT).result(), _end(*SLIP).result()
    assert isinstance(gift, GameResult)
    assert isinstance(slip, GameResult)
    # Clubs with 2, game 3, Schneider 4, Schwarz 5 (given back, the game went all the way):
    # 12 x 5 + 50 = 110; Diamonds without 1, game 2, lost: -2 x 9 x 2 - 50 = -86, +40 each
    # defender; XSkat alone scores nothing
    assert [sg.game.scores for sg in match.seat_games[::3]] == [(0, 110, 0), (-86, 40, 40)]
    assert [sg.difference for sg in match.seat_games] == [0, 110, 0, -86, 40, 40]
    assert [sg.who for sg in match.seat_games] == [
        "another seat", "our seat", "another seat", "our seat", "another seat", "another seat"
    ]  # fmt: skip

    # XSkat alone passes: it declares from no seat
    assert [sg.source for sg in match.seat_games] == [
        "neither", "only ours", "neither", "only ours", "neither", "neither"
    ]  # fmt: skip

    figures = pm.player_figures(match.games, verdicts)
    ours, xskat, alone = figures["ours"], figures[pm.XSKAT], figures[pm.XSKAT_ALONE]
    assert (ours.seat_games, ours.declared, ours.won) == (6, 2, 1)
    assert (xskat.seat_games, xskat.declared, xskat.won) == (12, 4, 2)
    assert (alone.seat_games, alone.declared) == (12, 0)
    assert ours.types == {"C": [1, 1], "D": [1, 0]}
    # ours declares deal 11 from middlehand (lost at the first card, given back by XSkat's
    # rearhand, kept) and deal 3 from forehand (won at the first card, lost by its SQ)
    assert (ours.first_won, ours.first_won_lost, ours.first_lost) == (1, 1, 1)
    assert (ours.given_back, ours.kept, ours.lost, ours.lost_at_first) == (1, 1, 1, 0)
    assert (xskat.first_won, xskat.first_won_lost, xskat.first_lost) == (2, 2, 2)
    assert (xskat.given_back, xskat.kept, xskat.lost, xskat.lost_at_first) == (2, 2, 2, 0)
    # errors: ours's HJ in rearhand (trick 3) and its SQ in forehand (trick 5); XSkat's in
    # the other two seatings each
    assert ours.errors == [{5: 1}, {3: 1}]
    assert xskat.errors == [{5: 2}, {3: 2}]
    assert ours.decisive == {"defender follow": 1, "declarer follow": 1}
    assert xskat.decisive == {"defender follow": 2, "declarer follow": 2}
    # cards played: per seating 10 declarer cards and 20 defender cards in each game
    assert ours.cards == [20, 40]
    assert xskat.cards == [40, 80]

    text = pm.report(match, verdicts, solved)
    # the deals' means: 110 / 3 and (-86 + 80) / 3
    per_deal = (110 / 3, -6 / 3)
    mean = sum(per_deal) / 2
    assert f"**{mean:+.2f} (" in text
    assert "| our seat | C | 1 | +110.00 (+110.00 .. +110.00) | +18.33 |" in text
    assert "| our seat | D | 1 | -86.00 (-86.00 .. -86.00) | -14.33 |" in text
    assert "| another seat | all | 4 | +20.00 (-2.63 .. +42.63) | +13.33 |" in text
    assert "| only ours | 2 | +12.00 (-180.08 .. +204.08) | +4.00 |" in text
    assert "| neither | 4 | +20.00 (-2.63 .. +42.63) | +13.33 |" in text
    assert "| both |" not in text
    assert "| ours | 6 | 2 | 33.3% ± 37.7 | 50.0% ± 69.3 | C 1/1, D 0/1 |" in text
    assert "| ours | 1 | 1 (100.0%) | 1 | 1 (100.0%) | 1 (100.0%) | 1 | 0 (0.0%) |" in text
    assert "| 3 | 0 | 1 | 0 | 2 | 0 | 0 |" in text
    assert "| 5 | 1 | 0 | 2 | 0 | 0 | 0 |" in text
    assert (
        "| deal 0, our seat 2 | XSkat (seat 1) | C | won | trick 3: HJ by ours (defender, seat 2) |"
        in text
    )
    assert (
        "| deal 1, our seat 0 | ours (seat 0) | D | lost | trick 5: SQ by ours (declarer, seat 0) |"
        in text
    )


def test_a_rerun_solves_only_what_the_cache_lacks(tmp_path: Path) -> None:
    match = pm.xskat_match(_checkpoint(tmp_path))
    cache = tmp_path / "cache.jsonl"
    first, solved = pm.solve(match.games, str(cache), workers=1)
    assert solved == 4
    assert pm.solve(match.games, str(cache), workers=1) == (first, 0)
    lines = cache.read_text().splitlines(keepends=True)
    cache.write_text("".join(lines[:-1]) + lines[-1][:20])  # the last row cut off
    assert pm.solve(match.games, str(cache), workers=1) == (first, 1)
    assert len(cache.read_text().splitlines()) == 5  # the cut line kept apart, then the row
    # the first deal only: nothing new to solve
    assert (
        pm.solve(pm.xskat_match(str(tmp_path / "hand-made.jsonl"), 1).games, str(cache), 1)[1] == 0
    )


def test_the_command_prints_the_report_and_writes_the_verdicts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _checkpoint(tmp_path)
    out = tmp_path / "verdicts.json"
    assert pm.main([path, "--workers", "2", "--json", str(out), "--deals", "1"]) == 0
    text = capsys.readouterr().out
    assert text.startswith(
        "# Post-mortem: hand-made at XSkat's table (seed 0, deals 0-0, 2 clocks)"
    )
    assert "5 games judged (2 distinct, 2 solved now" in text
    assert Path(path + ".postmortem.jsonl").exists()
    games = json.loads(out.read_text())["games"]
    assert [g["where"] for g in games] == [
        "deal 0, XSkat alone, game 0", "deal 0, XSkat alone, game 1",
        "deal 0, our seat 0", "deal 0, our seat 1", "deal 0, our seat 2",
    ]  # fmt: skip
    assert games[0]["verdicts"] is None
    assert games[2]["decisive"] == 7
    assert games[2]["verdicts"]["wins"] == "0" * 8 + "1" * 23
    assert games[2]["verdicts"]["cards"].split()[7] == "2:HJ"


def test_a_checkpoint_not_finished_or_bad_arguments_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _checkpoint(tmp_path)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(Path(path).read_text().splitlines(keepends=True)[:-1]))
    for argv, named in (
        ([str(cut)], r"no record of ('match', 'one', 1, 2)"),
        ([path, "--deals", "0"], "at least 1"),
        ([path, "--workers", "0"], "at least 1"),
        ([str(tmp_path / "none.jsonl")], "no such file"),
    ):
        with pytest.raises(SystemExit) as stop:
            pm.main(argv)
        assert stop.value.code == 2
        assert named in capsys.readouterr().err


def test_an_arena_run_is_played_again_and_paired_by_mirrored_seatings(tmp_path: Path) -> None:
    report: dict[str, Any] = run_arena(
        ["heuristic", "random"], deals=2, seed=7, workers=1
    ).to_json()
    run = tmp_path / "run"
    run.mkdir()
    (run / "part-0000.json").write_text(json.dumps(report))
    match = pm.arena_match(str(run), str(tmp_path / "replays.jsonl"), workers=1)
    assert (match.ours, match.theirs, match.left_out) == ("heuristic", "random", [])
    assert len(match.games) == 12
    assert len(match.seat_games) == 18
    per_deal: dict[int, list[float]] = {}
    for sg in match.seat_games:
        assert sg.game.players[sg.seat] == "heuristic"
        assert sg.counterparts[0].players[sg.seat] == "random"
        per_deal.setdefault(sg.index, []).append(sg.difference)
    figure = sum(sum(d) / len(d) for d in per_deal.values()) / len(per_deal)
    assert figure == pytest.approx(report["difference"]["sf_per_game"], abs=1e-3)
    verdicts, solved = pm.solve(match.games, str(tmp_path / "cache.jsonl"), workers=1)
    assert solved == len({g.key for g in match.games})
    figures = pm.player_figures(match.games, verdicts)
    declared = report["per_player"]["heuristic"]["declarer_games"]
    assert figures["heuristic"].declared == declared
    # a run whose scores the players no longer make: the deal is left out, named
    report["per_deal"][0][2] += 1
    (run / "part-0000.json").write_text(json.dumps(report))
    again = pm.arena_match(str(run), str(tmp_path / "replays.jsonl"), workers=1)
    assert len(again.left_out) == 1
    assert again.left_out[0].startswith("deal 0: played again")
    assert len(again.seat_games) == 9


def test_the_kind_of_checkpoint_is_told_by_its_first_line(tmp_path: Path) -> None:
    assert not pm._is_arena(_checkpoint(tmp_path))
    report = tmp_path / "arena.json"
    report.write_text(json.dumps({"players": ["heuristic", "random"]}, indent=2))
    assert pm._is_arena(str(report))
    assert pm._is_arena(str(tmp_path))  # a folder of parts
