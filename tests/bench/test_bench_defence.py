"""bench/bench_defence.py: its settings, pairings, and that the pairings meet one contract."""

from __future__ import annotations

import pytest

from bench import bench_defence, bench_par


def test_settings_and_pairings_are_parsed_or_named_wrong() -> None:
    assert bench_defence.parse_setting("") == ()
    assert bench_defence.parse_setting("defence_worlds=8,inference=3") == (
        ("defence_worlds", 8),
        ("inference", 3),
    )
    with pytest.raises(ValueError, match="bid_bonus"):
        bench_defence.parse_setting("bid_bonus=1")
    with pytest.raises(ValueError, match="whole number"):
        bench_defence.parse_setting("worlds=many")
    assert bench_defence.parse_pairing("heuristic/variant") == ("heuristic", "variant")
    for wrong in ("heuristic", "strong/base", "base/"):
        with pytest.raises(ValueError, match="DECLARER/DEFENDERS"):
            bench_defence.parse_pairing(wrong)


@pytest.mark.slow
def test_every_pairing_plays_the_heuristics_contract() -> None:
    base = (("worlds", 2), ("node_budget", 20_000), ("min_worlds", 1), ("defence_worlds", 3))
    settings: dict[str, bench_defence.Setting] = {"base": (*base, ("defence_budget", 20_000))}
    pairings: tuple[tuple[str, str], ...] = (
        ("heuristic", "heuristic"),
        ("heuristic", "base"),
        ("heuristic", "heuristic"),
    )
    deals = []
    for number in bench_par.deal_numbers(4, 3):
        deal = bench_defence.run_deal((number, pairings, settings, "heuristic"))
        if deal is not None:
            deals.append(deal)
            assert len(deal.games) == 3
            assert deal.games[0] == deal.games[2]  # the same players play the same game
            assert all(0 <= game.points <= 120 for game in deal.games)
    assert len(deals) >= 2
    lines = bench_defence.report(deals, ["heuristic/heuristic", "heuristic/base", "again"])
    assert lines[0] == f"{len(deals)} games, the contracts bid and declared by the heuristic player"
    assert "again against heuristic/heuristic: 0 more won, 0 fewer won" in lines[-1]


def test_the_report_counts_each_pairing_against_the_open_hand_answer() -> None:
    won, lost = bench_defence.Played(True, 70, 48), bench_defence.Played(False, 50, -96)
    deals = [
        bench_defence.Deal(1, "C", False, (won, lost)),  # beaten open-handed: won, then lost
        bench_defence.Deal(2, "G", True, (lost, won)),  # won open-handed: lost, then won
        bench_defence.Deal(3, "N", None, (won, won)),  # Null: no open-hand answer
        bench_defence.Deal(4, "S", True, (won, lost)),
    ]
    lines = bench_defence.report(deals, ["first", "second"])
    assert lines[0] == "4 games, the contracts bid and declared by the heuristic player"
    assert lines[1] == (
        "first                declarer wins 3/4 (75.0%), card points 65.00, list score +12.00; "
        "won though beaten open-handed 1/1, lost though won open-handed 1/2"
    )
    assert lines[2] == (
        "second               declarer wins 2/4 (50.0%), card points 60.00, list score -24.00; "
        "won though beaten open-handed 0/1, lost though won open-handed 1/2"
    )
    assert lines[3].startswith(
        "second against first: 1 more won, 2 fewer won; declarer wins -25.00% ("
    )


@pytest.mark.slow
def test_the_strong_players_contract_is_played_by_every_pairing() -> None:
    small = (("worlds", 2), ("node_budget", 20_000), ("min_worlds", 1))
    settings: dict[str, bench_defence.Setting] = {
        "base": (*small, ("defence_worlds", 2), ("defence_budget", 20_000)),
        "variant": (*small, ("defence_worlds", 3), ("defence_budget", 30_000)),
    }
    pairings: tuple[tuple[str, str], ...] = (("base", "base"), ("variant", "variant"))
    played = differ = 0
    for number in bench_par.deal_numbers(3, 5):
        contract = bench_par.contract_of(number, "strong")
        heuristic = bench_par.contract_of(number, "heuristic")
        differ += str(contract.contract) != str(heuristic.contract)
        deal = bench_defence.run_deal((number, pairings, settings, "strong"))
        if contract.is_terminal():
            assert deal is None
            continue
        assert deal is not None
        assert deal.contract == str(contract.contract)
        assert len(deal.games) == 2
        played += 1
    assert played >= 1
    assert differ >= 1  # so the test tells the strong player's contracts from the heuristic's
    lines = bench_defence.report(
        [bench_defence.Deal(1, "C", True, (bench_defence.Played(True, 61, 18),))], ["x"], "strong"
    )
    assert lines[0] == "1 games, the contracts bid and declared by the strong player"


def test_an_unknown_contract_player_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        bench_defence.main(["base/base", "--contract", "random"])
    assert exit_info.value.code == 2
    assert "--contract" in capsys.readouterr().err
