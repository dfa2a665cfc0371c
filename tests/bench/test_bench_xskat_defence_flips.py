"""bench/xskat_defence_flips.py: the card that lets a beatable game through."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import xskat_defence_flips as flips
from bench import xskat_records as xr
from skat.claim import declarer_target
from skat.options import Options
from skat.phases import Phase
from skat.players import decision_rng
from skat.players.heuristic import HeuristicPlayer
from skat.players.random_player import RandomPlayer
from skat.scoring import GameResult
from skat.solver import position_from_state, solve_threshold
from skat.state import State

RUN = Path(__file__).parents[1] / "data" / "xskat_match_run.jsonl"


def _game(number: int) -> tuple[State, list[str]]:
    """The heuristic declares and plays; random defenders. The end state and the actions."""
    state = State.new(number, Options())
    while not state.is_terminal():
        who = state.current_player
        assert who is not None
        defends = state.declarer is not None and state.phase == Phase.PLAY and who != state.declarer
        player = RandomPlayer() if defends else HeuristicPlayer()
        rng = decision_rng(number, len(state.actions))
        state = state.apply(player.choose(state.information_state(who), rng))
    return state, [str(a) for a in state.actions]


def _plays(number: int, actions: list[str]) -> list[tuple[State, str]]:
    """Each card of the deal's play with the state before it."""
    state = State.new(number, Options())
    out = []
    for action in actions:
        if state.phase == Phase.PLAY:
            out.append((state, action))
        state = state.apply(action)
    return out


def _wins(state: State) -> bool:
    return solve_threshold(position_from_state(state), declarer_target(state))


def test_the_flip_is_the_defenders_card_after_which_best_defence_no_longer_beats_the_game() -> None:
    seen = {True: 0, False: 0}  # by whether best defence could beat the game at some card
    for number in range(1, 60):
        end, actions = _game(number)
        if end.declarer is None or end.contract is None or end.contract.game.name == "NULL":
            continue
        result = end.result()
        assert isinstance(result, GameResult)
        if not result.won:
            continue
        plays = _plays(number, actions)
        declarer = int(end.declarer)
        ours = (declarer + 1) % 3
        flip = flips.last_flip(number, ours, declarer, number, actions, Options())
        assert flip.contract == str(end.contract)
        beatable = [not _wins(state) for state, _ in plays]
        seen[any(beatable)] += 1
        if not any(beatable):
            assert (flip.who, flip.trick, flip.card) == (None, 0, "")
            continue
        assert flip.who in ("ours", "partner")  # the declarer's cards never help him
        n = next(i for i in range(3 * (flip.trick - 1), 3 * flip.trick) if plays[i][1] == flip.card)
        assert (n % 3 == 0) == flip.lead
        # beatable before this card; after it, never again
        assert beatable[n]
        assert not any(beatable[n + 1 :])
        assert (plays[n][0].current_player == ours) == (flip.who == "ours")
        if min(seen.values()) >= 2:
            break
    assert min(seen.values()) >= 2


def test_a_run_with_no_such_game_reports_none(capsys: pytest.CaptureFixture[str]) -> None:
    # the recorded run's XSkat declarers won every game of theirs beside the heuristic
    assert flips.main([str(RUN), "--least", "1"]) == 0
    assert "0 games XSkat's declarer won at our table" in capsys.readouterr().out


def test_the_tally_counts_whose_card_and_how() -> None:
    found = [
        flips.Flip(1, 0, 1, "C", "ours", 3, True, "SA"),
        flips.Flip(2, 0, 1, "C", "partner", 5, False, "HT"),
        flips.Flip(3, 0, 1, "C", "partner", 2, False, "D7"),
        flips.Flip(4, 0, 1, "S", None, 0, False, ""),
    ]
    assert flips.tally(found) == {
        "ours lead": 1,
        "partner follow": 2,
        "best defence never beat the declarer": 1,
    }


def test_a_run_not_finished_is_refused_naming_the_missing_game(tmp_path: Path) -> None:
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(RUN.read_text().splitlines()[:-1]) + "\n")
    with pytest.raises(SystemExit):
        flips.main([str(cut)])
    with pytest.raises(xr.CheckpointError, match=r"no record of \('match', 'one', 1, 2\)"):
        list(flips.flips(str(cut)))
