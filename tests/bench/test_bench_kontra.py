"""bench/bench_kontra.py at the person's table: only the person's games are judged."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bench import bench_kontra as bk
from skat.action import Action
from skat.arena import arena_deal_number
from skat.information import InformationState
from skat.options import KontraRule, Options
from skat.players import decision_rng, get_player
from skat.state import Phase, State


def _auction(number: int, person_seat: int) -> State:
    """The deal's auction with the heuristic in ``person_seat`` and strong players beside it."""
    seats = [get_player("strong") for _ in range(3)]
    seats[person_seat] = get_player("heuristic")
    state = State.new(number, Options(kontra=KontraRule.ON))
    while not state.is_terminal() and state.phase not in (Phase.PLAY, Phase.KONTRA):
        seat = state.current_player
        assert seat is not None
        info = state.information_state(seat)
        state = state.apply(seats[seat].choose(info, decision_rng(number, len(state.actions))))
    return state


@pytest.mark.slow
def test_the_person_holds_seat_index_mod_3_and_only_its_games_are_judged() -> None:
    kinds: dict[str, int] = {}
    for index in range(4):  # deal 1 the person declares, deals 0, 2 and 3 a computer
        number = arena_deal_number(99, index)
        line = bk.deal_line((index, number, False, (), "heuristic"))
        state = _auction(number, index % 3)
        assert line["person"] == "heuristic"
        kinds[line["kind"]] = kinds.get(line["kind"], 0) + 1
        if line["kind"] == "game":
            assert line["declarer"] == index % 3 == state.declarer
            assert [a["seat"] for a in line["asked"]] == [s for s in range(3) if s != index % 3]
        elif line["kind"] == "computer":
            assert state.declarer is not None
            assert state.declarer != index % 3
            assert "asked" not in line
        else:
            assert line["kind"] == "passed"
            assert state.declarer is None
    assert kinds.get("game", 0) >= 1
    assert kinds.get("computer", 0) >= 1


def test_the_report_says_how_many_games_the_person_and_the_computers_declared() -> None:
    lines = [
        {"index": 0, "number": 1, "person": "heuristic", "kind": "computer"},
        {"index": 1, "number": 2, "person": "heuristic", "kind": "passed"},
        {"index": 2, "number": 3, "person": "heuristic", "kind": "game", "contract": "C",
         "declarer": 2, "bid": 18, "ouvert": False, "open_won": False, "kontra": 1,
         "won": False, "asked": [{"seat": 0, "chance": {"resample-s6": 0.05}},
                                 {"seat": 1, "chance": {"resample-s6": 0.3}}]},
    ]  # fmt: skip
    out = bk.report(lines)
    assert "deals 3, declared games 1" in out
    assert "the declared games are the person's 1; a computer declared 1 more" in out
    assert "Kontra said: 100.0% (100.0 .. 100.0), 1/1" in out
    self_play = [{k: v for k, v in lines[2].items() if k != "person"}]
    assert "person's table" not in bk.report(self_play)


def test_a_checkpoint_of_one_table_is_not_continued_at_the_other(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "k.jsonl"
    self_play = {"index": 0, "number": arena_deal_number(15, 0), "kind": "passed"}
    out.write_text(json.dumps(self_play) + "\n")
    for lines, argv, named in (
        ([self_play], ["--person", "heuristic"], "played in self-play: one run, one table"),
        ([dict(self_play, person="heuristic")], [], "played with heuristic as the person"),
        ([self_play], ["--person", "nobody"], "--person: unknown player: 'nobody'"),
    ):
        out.write_text("".join(json.dumps(line) + "\n" for line in lines))
        with pytest.raises(SystemExit) as stop:
            bk.main(["--deals", "1", "--seed", "15", "--out", str(out), *argv])
        assert stop.value.code == 2
        assert named in capsys.readouterr().err


@pytest.mark.slow
def test_the_person_plays_its_own_cards_to_the_end_of_its_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # deal 1 of seed 99: the person (middlehand) declares; played out, it is asked for every
    # one of its cards, and the strong computers for theirs
    heuristic = get_player("heuristic")
    asked: list[tuple[int, Phase]] = []

    class Recording:
        name = "recording"

        def choose(self, info: InformationState, rng: random.Random) -> Action:
            asked.append((int(info.seat), info.phase))
            return heuristic.choose(info, rng)

    monkeypatch.setattr(bk, "_person", lambda name: Recording())
    line = bk.deal_line((1, arena_deal_number(99, 1), True, (), "heuristic"))
    assert line["kind"] == "game"
    assert line["declarer"] == 1
    assert {seat for seat, _ in asked} == {1}  # only the person's seat asks the person
    assert sum(phase == Phase.PLAY for _, phase in asked) == 10  # each of its ten cards
