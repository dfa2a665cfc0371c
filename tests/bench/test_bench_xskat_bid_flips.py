"""bench/xskat_bid_flips.py: the calls of the auction another player makes otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import xskat_bid_flips as bf

RUN = Path(__file__).parents[1] / "data" / "xskat_match_run.jsonl"


def test_the_recorded_player_itself_changes_no_call() -> None:
    # the run's player is the heuristic, asked with the same information and random source
    assert list(bf.flips(str(RUN), "heuristic")) == []


def test_a_player_that_never_bids_gives_up_the_games_ours_declared(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # deal 0: our forehand (the heuristic) held rearhand's 18 and won its Grand
    # (+98); deal 1: our middlehand opened at 18 unopposed and lost Spades (-94), which XSkat
    # alone declared from that seat in all eight clocks and won (mean +72). The strong player
    # with its bid limit's logit lowered by 100 passes both calls and makes no other otherwise.
    found = list(bf.flips(str(RUN), "strong:bid_bonus=-100"))
    assert found == [
        bf.Flip(0, 0, 18, "y", "p", True, 0, True, 98, 8, 8, 8, 110.0),
        bf.Flip(1, 1, 0, "18", "p", False, 1, False, -94, 8, 8, 8, 72.0),
    ]
    assert all(f.gives_up_own_game for f in found)
    assert bf.summary(found) == bf.Summary(2, 1, 4, 0, 0, 0.0)
    assert bf.main([str(RUN), "--variant", "strong:bid_bonus=-100"]) == 0
    out = capsys.readouterr().out
    assert "deal 0, seat 0, at 18: y → p (contested); declared: ours, our score +98" in out
    assert "deal 1, seat 1, at 0: 18 → p; declared: ours, our score -94" in out
    assert "a bid of a game our seat declared passed: 2, of them won 1; their score +4" in out


def test_the_other_flips_are_summed_apart_from_the_games_given_up() -> None:
    # a player that bids at random: in deal 0 forehand (XSkat) declared and won, so both our
    # seats' passes turned into bids are other flips, with XSkat alone never declaring from them;
    # deal 1 middlehand's lost opening and rearhand's pass against it, raised instead
    found = list(bf.flips(str(RUN), "random"))
    assert found == [
        bf.Flip(0, 1, 0, "p", "33", False, 0, True, 0, 8, 0, 0, 0.0),
        bf.Flip(0, 2, 0, "p", "264", False, 0, True, 0, 8, 0, 0, 0.0),
        bf.Flip(1, 1, 0, "18", "264", False, 1, False, -94, 8, 8, 8, 72.0),
        bf.Flip(1, 2, 18, "p", "99", True, 1, False, 40, 8, 0, 0, 0.0),
    ]
    assert not any(f.gives_up_own_game for f in found)  # a higher bid gives nothing up
    assert bf.summary(found) == bf.Summary(0, 0, 0, 4, -54, 72.0)


def test_a_run_not_finished_or_a_name_no_player_has_is_refused_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(RUN.read_text().splitlines(keepends=True)[:-1]))  # no last seating
    for argv, named in (
        ([str(cut), "--variant", "heuristic"], r"no record of ('match', 'one', 1, 2)"),
        ([str(RUN), "--variant", "nobody"], "nobody"),
        ([str(RUN), "--variant", "heuristic", "--deals", "0"], "at least 1"),
    ):
        with pytest.raises(SystemExit) as stop:
            bf.main(argv)
        assert stop.value.code == 2
        assert named in capsys.readouterr().err
