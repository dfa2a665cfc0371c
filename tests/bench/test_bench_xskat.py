"""bench/bench_xskat.py's log reader and replay, on real XSkat 4.0 logs.

``tests/data/xskat_logs.json`` holds seven games that XSkat's three computers played on deal
numbers of ``arena_deal_number(1, i)`` (``bench_xskat.XSkat.play``): each entry has the deal
number, XSkat's game log and the Seeger-Fabian score line it printed (``-tlist``). XSkat itself
is never run by the tests.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bench import bench_xskat
from skat.errors import SkatError
from skat.options import Options

LOGS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parents[1] / "data" / "xskat_logs.json").read_text(encoding="utf-8")
)
BY_KIND = {entry["kind"]: entry for entry in LOGS}

# What each log says, read by hand: contract, declarer (our seat), won, card points, scores.
EXPECTED = {
    "GRAND_won": ("G", 0, True, 94, (122, 0, 0)),
    "SPADES_lost": ("S", 1, False, 46, (40, -116, 40)),
    "GRAND_hand_won": ("GH", 0, True, 103, (194, 0, 0)),
    "HEARTS_hand_won": ("HH", 1, True, 99, (0, 120, 0)),
    "NULL_hand_ouvert_won": ("NOH", 2, True, None, (0, 0, 109)),
    "DIAMONDS_won": ("D", 2, True, 94, (0, 0, 95)),
}


@pytest.mark.parametrize("kind", sorted(EXPECTED))
def test_a_played_game_is_read_and_replayed_with_xskats_result(kind: str) -> None:
    entry = BY_KIND[kind]
    game = bench_xskat.parse_log(entry["log"], entry["score_line"])
    contract, declarer, won, points, scores = EXPECTED[kind]
    assert (str(game.contract), game.declarer, game.won) == (contract, declarer, won)
    assert (game.card_points, game.scores) == (points, scores)
    assert len(game.tricks) == 10
    assert all(bin(hand).count("1") == 10 for hand in game.hands)
    check = bench_xskat.replay(entry["number"], game, Options())
    assert check.problems == []
    # the shortest auction, the pick-up and discard unless Hand, the contract, thirty cards
    auction = bench_xskat._auction(declarer, game.bid)
    assert check.actions[: len(auction)] == auction
    assert game.contract is not None
    pick_up = 0 if game.contract.hand else 2
    assert len(check.actions) == len(auction) + pick_up + 1 + 30


def test_a_passed_deal_is_read_as_passed_and_scores_nothing() -> None:
    entry = BY_KIND["passed"]
    game = bench_xskat.parse_log(entry["log"], entry["score_line"])
    assert game.passed
    assert (game.contract, game.tricks) == (None, [])
    check = bench_xskat.replay(entry["number"], game, Options())
    assert (check.problems, check.actions) == ([], ["p", "p", "p"])


def test_a_schneider_announced_line_without_hand_is_read_as_a_hand_game() -> None:
    """XSkat logged a computer's Grand Hand Schneider announced as "Schneider announced" alone."""
    entry = BY_KIND["GRAND_hand_won"]
    log = entry["log"].replace("Played Hand\n", "Schneider announced\n")
    assert log != entry["log"]
    game = bench_xskat.parse_log(log, entry["score_line"])
    assert str(game.contract) == "GHS"
    # the announcement is a level more than XSkat printed for the Hand game: 7 × 24 + 50
    check = bench_xskat.replay(entry["number"], game, Options())
    assert check.problems == ["Seeger-Fabian scores: XSkat (194, 0, 0), ours (218, 0, 0)"]


def test_a_card_xskat_did_not_play_is_a_problem_not_a_pass() -> None:
    entry = BY_KIND["SPADES_lost"]
    game = bench_xskat.parse_log(entry["log"], entry["score_line"])
    first = game.tricks[0]
    game.tricks[0] = (first[1], first[0], first[2])  # forehand and middlehand swap their cards
    check = bench_xskat.replay(entry["number"], game, Options())
    assert check.problems, "a card played out of turn was accepted"
    assert "rejected" in check.problems[0], check.problems


def test_a_changed_score_line_is_reported() -> None:
    entry = BY_KIND["DIAMONDS_won"]
    assert entry["score_line"] == "95 0 0"  # XSkat's columns are not our seats
    game = bench_xskat.parse_log(entry["log"], "96 0 0")
    check = bench_xskat.replay(entry["number"], game, Options())
    assert check.problems == ["Seeger-Fabian scores: XSkat (0, 0, 96), ours (0, 0, 95)"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("Last bid: 18", "Last bid 18"), "unknown log line"),
        (("Played Hand", "Played Hand Sideways"), "unknown announcement"),
        (("Computer2 played Grand", "Computer2 played Ramsch"), "unknown game"),
    ],
)
def test_a_line_the_reader_does_not_know_raises_naming_it(
    change: tuple[str, str], message: str
) -> None:
    entry = BY_KIND["GRAND_hand_won"]
    assert change[0] in entry["log"]
    with pytest.raises(SkatError, match=message):
        bench_xskat.parse_log(entry["log"].replace(*change), entry["score_line"])


def test_a_text_that_is_no_game_log_raises() -> None:
    with pytest.raises(SkatError, match="not an XSkat game log"):
        bench_xskat.parse_log("Computer1 Computer2 Computer3\nnothing else\n", None)
