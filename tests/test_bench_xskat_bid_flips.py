"""bench/xskat_bid_flips.py: the calls of the auction another player makes otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import xskat_bid_flips as bf
from bench import xskat_records as xr

RUN = Path(__file__).parent / "data" / "xskat_match_run.jsonl"


def test_the_recorded_player_itself_changes_no_call() -> None:
    # the run's player is the heuristic, asked with the same information and random source
    assert list(bf.flips(str(RUN), "heuristic")) == []


def test_a_player_that_never_opens_gives_up_the_opening_bid_of_the_game_ours_lost(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # deal 1: our middlehand (the heuristic) opened at 18 unopposed and lost Spades (-94);
    # XSkat alone declared from that seat in all eight clocks and won each time (mean +72).
    # The strong player with an opening check no bid passes changes that call and no other.
    found = list(bf.flips(str(RUN), "strong:open_check=inf"))
    assert found == [bf.Flip(1, 1, 0, "18", "p", False, 1, -94, 8, 8, 8, 72.0)]
    assert found[0].gives_up_own_game
    assert bf.summary(found) == bf.Summary(1, 0, -94, 0, 0, 0.0)
    assert bf.main([str(RUN), "--variant", "strong:open_check=inf"]) == 0
    out = capsys.readouterr().out
    assert "deal 1, seat 1, at 0: 18 → p; declared: ours, our score -94" in out
    assert "a bid of a game our seat declared passed: 1, of them won 0; their score -94" in out


def test_the_other_flips_are_summed_apart_from_the_games_given_up() -> None:
    # a player that bids at random calls otherwise in seat-games another seat declared
    found = list(bf.flips(str(RUN), "random"))
    assert found, "the random player makes some call otherwise"
    assert all(f.variant != f.recorded for f in found)
    s = bf.summary(found)
    assert s.given_up + s.others == len(found)
    assert s.given_up == sum(f.variant == "p" and f.declarer == f.seat for f in found)
    assert s.others_score == sum(f.score for f in found if not f.gives_up_own_game)


def test_a_run_not_finished_or_a_name_no_player_has_is_refused_naming_it(tmp_path: Path) -> None:
    lines = RUN.read_text().splitlines()
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:-1]) + "\n")  # the last seating missing
    with pytest.raises(xr.CheckpointError, match=r"no record of \('match', 'one', 1, 2\)"):
        list(bf.flips(str(cut), "heuristic"))
    with pytest.raises(ValueError, match="nobody"):
        list(bf.flips(str(RUN), "nobody"))
    with pytest.raises(ValueError, match="at least 1"):
        list(bf.flips(str(RUN), "heuristic", 0))
