"""bench/bench_game_choice.py: its premise (the two heuristics differ only in the game choice after
a pick-up) and how a changed game moves the paired difference."""

from __future__ import annotations

import pytest

from bench import bench_game_choice
from skat.options import AllPass, KontraRule, Options
from skat.players import decision_rng
from skat.players.heuristic import HeuristicPlayer
from skat.state import Phase, State


@pytest.mark.slow
@pytest.mark.parametrize(
    "options",
    [Options(), Options(all_pass=AllPass.SCHIEBERAMSCH, kontra=KontraRule.ON)],
    ids=["isko", "schieberamsch-kontra"],
)
def test_the_heuristics_differ_only_in_the_discard_and_the_declaration(options: Options) -> None:
    base, variant = HeuristicPlayer(calibrated=False), HeuristicPlayer()
    differed = 0
    for number in range(300):
        state = State.new(number, options)
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            info = state.information_state(seat)
            index = len(state.actions)
            action = base.choose(info, decision_rng(number, index))
            other = variant.choose(info, decision_rng(number, index))
            if info.phase in (Phase.DISCARD, Phase.DECLARE):
                differed += action != other
            else:
                assert action == other, (number, index, info.phase)
            state = state.apply(action)
    assert differed > 0  # the calibration changes some games, or nothing is compared


def test_a_changed_game_moves_each_players_mean_over_its_nine_seat_games() -> None:
    # the heuristic's Grand at 48, lost
    lost = bench_game_choice.Game((-146, 40, 40), 0, "G", False)
    won = bench_game_choice.Game((74, 0, 0), 0, "C", True)  # its Clubs at 24 instead, won
    seating = ("heuristic", "strong", "strong")
    # the heuristic gains 220 in one seat-game, the strong player loses 40 in two
    assert bench_game_choice._seat_means_delta([(seating, lost, won)]) == pytest.approx(
        (-80 - 220) / 9
    )
    assert bench_game_choice._seat_means_delta([]) == 0.0
