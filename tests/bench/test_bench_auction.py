"""bench/bench_auction.py: the outcome read from an arena report, and the auction replayed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import bench_auction
from skat.arena import arena_deal_number, options_json
from skat.options import Options
from skat.players import decision_rng, get_player
from skat.state import State


def _report(
    path: Path,
    rows: list[list[float]],
    players: list[str] | None = None,
    options: Options | None = None,
) -> str:
    rules = [options_json(options or Options())]
    data = {"players": players or ["strong"], "seed": 5, "options": rules, "per_deal": rows}
    path.write_text(json.dumps(data))
    return str(path)


def test_the_sign_of_a_deals_mean_score_says_won_lost_or_passed(tmp_path: Path) -> None:
    first = _report(tmp_path / "a.json", [[0, 1, 22.67], [1, 2, -2.0]])
    second = _report(tmp_path / "b.json", [[2, 3, 0.0]])
    assert bench_auction.outcomes([first, second]) == (5, {0: "W", 1: "L", 2: "P"})


def test_a_report_of_other_players_is_refused(tmp_path: Path) -> None:
    other = _report(tmp_path / "a.json", [[0, 1, 1.0]], ["strong", "heuristic"])
    with pytest.raises(ValueError, match="not strong self-play"):
        bench_auction.outcomes([other])
    assert bench_auction.main([other]) == 2


def test_a_report_under_other_rules_is_refused(tmp_path: Path) -> None:
    # with a lost Hand game counted once, a lost game's mean score can be positive
    other = _report(tmp_path / "a.json", [[0, 1, 1.0]], options=Options(lost_hand_single=True))
    with pytest.raises(ValueError, match="not the default rules"):
        bench_auction.outcomes([other])


@pytest.mark.slow
def test_the_replayed_auction_is_the_strong_players_own() -> None:
    # the first deals of seed 2027 where forehand has the last word and where someone declares
    seen_alone = seen_declarer = False
    for index in range(12):
        auction = bench_auction.replay_auction((2027, index))
        number = arena_deal_number(2027, index)
        state = State.new(number, Options())
        player = get_player("strong")
        while state.phase.value == "bidding":
            seat = state.current_player
            assert seat is not None
            info = state.information_state(seat)
            state = state.apply(player.choose(info, decision_rng(number, len(state.actions))))
        assert auction.declarer == (None if state.declarer is None else int(state.declarer))
        assert auction.bid == state.bid
        if auction.last_word is not None:
            seen_alone = True
            kind, expected = auction.last_word
            assert kind in ("BID", "PASS")
            assert auction.declarer == (0 if kind == "BID" else None)
            assert expected is None or -400 < expected < 400
        seen_declarer |= auction.declarer is not None
    assert seen_alone
    assert seen_declarer


def test_the_report_counts_each_class_once() -> None:
    a = bench_auction.Auction
    auctions = [
        a(0, 0, 18, False, None, ("BID", 12.5)),  # forehand alone, rated well, won
        a(1, 0, 18, False, None, ("BID", -40.0)),  # forehand alone, rated badly, lost
        a(2, None, 0, False, None, ("PASS", -80.0)),  # passed in
        a(3, 2, 23, True, 35.0, None),  # contested, won
        a(4, 1, 20, True, 5.0, None),  # contested, lost
    ]
    result = {0: "W", 1: "L", 2: "P", 3: "W", 4: "L"}
    lines = bench_auction.report(auctions, result)
    assert lines[0].split() == ["all", "games", "4", "games,", "won", "2", "50.0%"]
    assert "uncontested" in lines[1]
    assert lines[1].split()[-2:] == ["1", "50.0%"]
    assert lines[2].split()[-2:] == ["1", "50.0%"]
    assert "below 10" in lines[3]
    assert lines[3].split()[-5:] == ["1", "games,", "won", "0", "0.0%"]
    assert "30 .. 50" in lines[5]
    assert lines[5].endswith("100.0%")
    assert lines[7] == "forehand's last word: 3 deals"
    assert "below -25: played" in lines[8]
    assert lines[8].endswith("0.0%; passed 1")
    assert "0 and more: played" in lines[10]
    assert lines[10].endswith("100.0%; passed 0")
