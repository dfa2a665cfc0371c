"""Tests for skat.arena: seatings, statistics of a tiny tournament, reproducibility, and that
illegal actions and crashes are counted and reported, never hidden."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from skat import arena
from skat.action import Action
from skat.arena import mean_ci, parse_options, run_arena, seatings
from skat.cli import main
from skat.errors import SkatError
from skat.information import InformationState
from skat.options import AllPass, KontraRule, Options
from skat.players import Player, get_player


def test_mean_ci_is_the_mean_with_a_normal_95_percent_interval() -> None:
    assert mean_ci([]) == (0.0, 0.0, 0.0)
    assert mean_ci([5.0]) == (5.0, 5.0, 5.0)
    mean, low, high = mean_ci([1.0, 3.0])  # standard error 1
    assert mean == 2.0
    assert low == pytest.approx(0.04)
    assert high == pytest.approx(3.96)


@pytest.mark.parametrize(
    ("players", "count", "per_seat"),
    [(("a",), 1, 1), (("a", "b"), 6, 3), (("a", "b", "c"), 6, 2)],
)
def test_seatings_put_every_player_in_every_seat(
    players: tuple[str, ...], count: int, per_seat: int
) -> None:
    result = seatings(players)
    assert len(result) == count == len(set(result))
    for seat in range(3):
        assert Counter(s[seat] for s in result) == dict.fromkeys(players, per_seat)


@pytest.mark.parametrize("players", [(), ("a", "a"), ("a", "b", "c", "d")])
def test_seatings_reject_bad_player_lists(players: tuple[str, ...]) -> None:
    with pytest.raises(SkatError, match="1 to 3 different players"):
        seatings(players)


def test_tiny_tournament_statistics_add_up() -> None:
    report = run_arena(["heuristic", "random"], deals=6, seed=3, workers=1)
    data = report.to_json()
    assert data["games"] == 36
    kinds = data["kinds"]
    assert isinstance(kinds, dict)
    assert sum(kinds.values()) == 36
    assert data["illegal_actions"] == 0
    assert data["crashes"] == 0
    per = data["per_player"]
    assert isinstance(per, dict)
    for name in ("heuristic", "random"):
        assert per[name]["seat_games"] == 6 * 9
    # the per-game mean is the mean over deals of each deal's mean per seat-game
    means: dict[str, list[float]] = {name: [] for name in ("heuristic", "random")}
    for outcome in report.outcomes:
        for name in means:
            scores = [
                g.scores[seat]
                for g in outcome.games
                for seat in range(3)
                if g.seating[seat] == name
            ]
            assert len(scores) == 9
            means[name].append(sum(scores) / 9)
    for name, values in means.items():
        assert per[name]["sf_per_game"] == pytest.approx(sum(values) / 6, abs=1e-3)
        lo, hi = per[name]["sf_ci95"]
        assert lo <= per[name]["sf_per_game"] <= hi
    diff = data["difference"]
    assert isinstance(diff, dict)
    expected = sum(a - b for a, b in zip(means["heuristic"], means["random"], strict=True)) / 6
    assert diff["sf_per_game"] == pytest.approx(expected, abs=1e-3)
    assert diff["paired_deals"] == 6


def test_declarer_counts_match_the_games() -> None:
    report = run_arena(["heuristic"], deals=10, seed=8, workers=1)
    data = report.to_json()
    per = data["per_player"]
    assert isinstance(per, dict)
    played = [g for g in report.games if g.kind == "game"]
    assert per["heuristic"]["declarer_games"] == len(played)
    by_type = per["heuristic"]["by_game_type"]
    assert sum(v["games"] for v in by_type.values()) == len(played)
    assert sum(v["won"] for v in by_type.values()) == sum(bool(g.won) for g in played)


def test_the_same_seed_gives_the_same_tournament_with_any_number_of_workers() -> None:
    random.seed(99)
    one = run_arena(["heuristic", "random"], deals=4, seed=11, workers=1)
    random.seed(1)
    two = run_arena(["heuristic", "random"], deals=4, seed=11, workers=2)
    assert [d.number for d in one.outcomes] == [d.number for d in two.outcomes]
    assert [[g.scores for g in d.games] for d in one.outcomes] == [
        [g.scores for g in d.games] for d in two.outcomes
    ]


class _Cheat:
    """Plays the first legal action, except that it plays a card it does not hold."""

    name = "cheat"

    def choose(self, info: InformationState, rng: random.Random) -> Action:
        legal = info.legal_actions()
        if info.phase.value == "play":
            for card in range(32):
                if not info.hand >> card & 1 and not info.played >> card & 1:
                    return Action.of_card(card)
        return legal[0]


class _Crash:
    """Raises in the card play."""

    name = "crash"

    def choose(self, info: InformationState, rng: random.Random) -> Action:
        if info.phase.value == "play":
            raise RuntimeError("boom")
        return info.legal_actions()[-1]


@pytest.mark.parametrize(("bad", "kind"), [("cheat", "illegal"), ("crash", "crash")])
def test_illegal_actions_and_crashes_are_counted_and_reported(
    monkeypatch: pytest.MonkeyPatch, bad: str, kind: str
) -> None:
    def fake_get_player(name: str) -> Player:
        if name == "cheat":
            return _Cheat()
        if name == "crash":
            return _Crash()
        return get_player(name)

    monkeypatch.setattr(arena, "get_player", fake_get_player)
    monkeypatch.setattr(arena, "_WORKER_PLAYERS", {})
    report = run_arena([bad, "heuristic"], deals=3, seed=1, workers=1, options=[Options()])
    data = report.to_json()
    key = "illegal_actions" if kind == "illegal" else "crashes"
    count = data[key]
    assert isinstance(count, int)
    assert count > 0
    errors = data["errors"]
    assert isinstance(errors, list)
    assert errors
    assert bad in errors[0]["error"]
    clean = data["clean_deals"]
    assert isinstance(clean, int)
    assert clean < 3
    assert "ERROR deal" in report.format()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("isko", Options()),
        ("ramsch,kontra", Options(all_pass=AllPass.RAMSCH, kontra=KontraRule.ON)),
        ("schieberamsch, supra", Options(all_pass=AllPass.SCHIEBERAMSCH, supra=True)),
    ],
)
def test_parse_options_reads_words(text: str, expected: Options) -> None:
    assert parse_options(text) == expected


def test_parse_options_rejects_unknown_words() -> None:
    with pytest.raises(SkatError, match="unknown rule option: 'hirsch'"):
        parse_options("ramsch,hirsch")


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("ramsch,schieberamsch", "'ramsch' and 'schieberamsch' exclude each other"),
        ("kontra_bidders,spitze,kontra", "'kontra_bidders' and 'kontra' exclude each other"),
    ],
)
def test_parse_options_rejects_words_that_contradict_each_other(text: str, match: str) -> None:
    with pytest.raises(SkatError, match=match):
        parse_options(text)
    assert parse_options("ramsch,ramsch") == Options(all_pass=AllPass.RAMSCH)


def test_the_report_names_each_option_set_in_the_words_options_takes() -> None:
    # so that an option set of a report can be given to --options again
    sets = [parse_options("ramsch,kontra,no_durchmarsch"), Options()]
    report = run_arena(["random"], deals=2, seed=1, options=sets, workers=1, progress=False)
    assert "options: ramsch,kontra,no_durchmarsch; isko" in report.format()


def test_cli_arena_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        ["arena", "heuristic", "random", "--deals", "2", "--json", "--quiet", "--workers", "1"]
    )
    data = json.loads(capsys.readouterr().out)
    assert status == 0
    assert data["games"] == 12
    assert data["players"] == ["heuristic", "random"]


def test_cli_arena_rejects_unknown_players(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["arena", "heuristic", "nobody", "--deals", "1", "--quiet"])
    assert status == 2
    assert "unknown player: 'nobody'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("deals", "first", "workers", "match"),
    [
        (-5, 0, 1, "number of deals"),
        (10**20, 0, 1, "number of deals"),
        (2, -3, 1, "first deal's index"),
        (2, 10**20, 1, "first deal's index"),
        (2, 0, 0, "workers"),
        (2, 0, 100_000, "workers"),
    ],
)
def test_arena_refuses_sizes_it_cannot_run(
    deals: int, first: int, workers: int, match: str
) -> None:
    with pytest.raises(SkatError, match=match):
        run_arena(["random"], deals=deals, first=first, workers=workers, seed=0, progress=False)


@pytest.mark.parametrize("all_pass", [AllPass.RAMSCH, AllPass.SCHIEBERAMSCH])
def test_passed_deals_are_all_ramsch(capsys: pytest.CaptureFixture[str], all_pass: AllPass) -> None:
    word = "ramsch" if all_pass == AllPass.RAMSCH else "schieberamsch"
    args = ["arena", "heuristic", "random", "--deals", "3", "--options", word, "--passed"]
    status = main([*args, "--json", "--quiet", "--workers", "1"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0
    assert data["passed_auction"] is True
    kinds = data["kinds"]
    assert kinds["ramsch"] + kinds["game"] == 18
    if all_pass == AllPass.RAMSCH:
        assert kinds["ramsch"] == 18  # nobody declares after three passes
    per_player = data["per_player"]
    assert per_player["heuristic"]["decision_ms"].keys() <= {
        "play",
        "schieben",
        "skat",
        "discard",
        "declare",
    }
    assert "bidding" not in per_player["heuristic"]["decision_ms"]  # the auction was given


def test_passed_deals_need_an_all_pass_rule() -> None:
    with pytest.raises(SkatError, match="passed deals need Ramsch or Schieberamsch"):
        run_arena(
            ["random"],
            deals=1,
            options=[Options(all_pass=AllPass.RAMSCH), Options()],
            passed=True,
            workers=1,
        )
