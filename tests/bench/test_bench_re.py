"""bench/bench_re.py: the Re it measures is the one the server's computer says, and its report."""

from __future__ import annotations

from typing import Any

import pytest

from bench import bench_re as br
from skat.arena import arena_deal_number
from skat.options import KontraRule, Options
from skat.players import decision_rng, get_player
from skat.server import game
from skat.server.app import load_player
from skat.state import Phase, State


@pytest.mark.slow
def test_the_measured_re_is_what_the_server_computer_says_after_the_persons_kontra() -> None:
    # seed 51, deal 3: the person in forehand, asked first, defends a strong computer's Grand
    index, person = 3, 0
    number = arena_deal_number(51, index)
    line = br.deal_line((index, number, "strong"))
    assert line["kind"] == "computer"
    assert line["strong"]["re"]
    # the same deal through the server's game functions, the person played by the heuristic
    _, strong = load_player("strong")
    heuristic = get_player("heuristic")
    state = game.computers(
        State.new(number, Options(kontra=KontraRule.ON, supra=True)), person, strong
    ).state
    while state.phase != Phase.KONTRA:
        rng = decision_rng(number, len(state.actions))
        own = heuristic.choose(state.information_state(person), rng)
        state = game.play(state, person, str(own), strong).state
    assert state.current_player == person
    after = game.play(state, person, "K", strong).state
    assert after.kontra == 2  # Re, and the person is asked for Supra
    assert after.current_player == person


def _game(re: tuple[bool, bool], won: bool, chance: float, chosen: bool) -> dict[str, Any]:
    return {
        "index": 0,
        "number": 1,
        "level": "strong",
        "kind": "computer",
        "contract": "G",
        "declarer": 1,
        "open_won": won,
        "person_kontra": chosen,
        "strong": {"re": re[0], "chance": chance, "solved": 4},
        "heuristic": {"re": re[1]},
    }


def test_the_report_gives_the_re_share_of_each_declarer_in_the_games_won() -> None:
    lines = [
        _game((True, False), True, 0.9, False),
        _game((False, True), True, 0.7, True),
        _game((False, False), False, 0.3, True),
        {"index": 1, "number": 2, "level": "strong", "kind": "person"},
        {"index": 2, "number": 3, "level": "strong", "kind": "passed"},
    ]
    text = br.report(lines)
    assert "the person declared 1, passed 1, a computer declared 3" in text
    assert "Re by the strong declarer: 33.3%" in text
    assert "in the games won open-handed: 50.0%" in text
    assert "says Kontra in 66.7%" in text
    assert "    0.90 .. 1.00: 1 (1, 1)" in text
    assert "{4: 3}" in text
