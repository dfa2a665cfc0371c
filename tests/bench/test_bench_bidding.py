"""bench/bench_bidding.py: its settings, and its premise that an equal auction is an equal game."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bench import bench_bidding

OFF = (("contest_check", None),)
"""The auction without the contest check (the default before it was on)."""
SETTINGS: dict[str, bench_bidding.Setting] = {
    "base": OFF,
    "variant": (("contest_check", None), ("contest_penalty", 1.0)),
}
BASE = ("base", "base", "base")
VARIANT = ("variant", "variant", "variant")


def test_settings_are_auction_arguments_with_numbers() -> None:
    assert bench_bidding.parse_setting("contest_penalty=1,bid_bonus=0.5") == (
        ("contest_penalty", 1.0),
        ("bid_bonus", 0.5),
    )
    assert bench_bidding.parse_setting("contest_check=-20") == (("contest_check", -20.0),)
    assert bench_bidding.parse_setting("contest_check=none") == OFF
    assert bench_bidding.parse_setting("model_limit=-40") == (("model_limit", -40.0),)
    assert bench_bidding.parse_setting("model_limit=none") == (("model_limit", None),)
    with pytest.raises(ValueError, match="must be a number, not nan"):
        bench_bidding.parse_setting("model_limit=nan")
    assert bench_bidding.parse_setting("model_prior=true") == (("model_prior", True),)
    assert bench_bidding._text(bench_bidding.parse_setting("model_prior=False")) == (
        "model_prior=false"
    )
    with pytest.raises(ValueError, match="neither true nor false"):
        bench_bidding.parse_setting("model_prior=1")
    assert bench_bidding.parse_setting("") == ()
    with pytest.raises(ValueError, match="worlds"):
        # worlds changes the card play too: the premise would not hold
        bench_bidding.parse_setting("worlds=8")
    with pytest.raises(ValueError, match="not a number"):
        bench_bidding.parse_setting("bid_bonus=high")
    assert bench_bidding.parse_setting("bid_bonus=0.9,contract_budget=4000000") == (
        ("bid_bonus", 0.9),
        ("contract_budget", 4_000_000),
    )
    written = "contest_check=none,bid_bonus=0.9,contract_budget=4000000"
    # as the report prints it
    assert bench_bidding._text(bench_bidding.parse_setting(written)) == written
    for bad in (
        "contract_worlds=0",
        "contract_budget=1.5e6",
        "contract_worlds=-3",
        "contract_worlds=²",
    ):
        with pytest.raises(ValueError, match="whole number"):
            bench_bidding.parse_setting(bad)


@pytest.mark.slow
def test_contract_arguments_are_compared_up_to_the_first_card() -> None:
    from skat.action import ActionKind
    from skat.state import Phase

    assert bench_bidding.decided_phases(SETTINGS) == (Phase.BIDDING,)
    budget: dict[str, bench_bidding.Setting] = {
        "base": (),
        "variant": (("contract_budget", 4_000_000),),
    }
    assert bench_bidding.decided_phases(budget) == bench_bidding.BEFORE_PLAY
    own_score = {"base": (), "variant": bench_bidding.parse_setting("lost_extra=0")}
    assert own_score["variant"] == (("lost_extra", 0.0),)
    assert bench_bidding.decided_phases(own_score) == bench_bidding.BEFORE_PLAY
    state = bench_bidding._run(1, BASE, budget, whole=False)
    assert state.phase == Phase.PLAY
    assert not any(a.kind == ActionKind.CARD for a in state.actions)


@pytest.mark.slow
def test_an_equal_contract_plays_the_same_game() -> None:
    # deal 1: forehand picks up the skat and discards, judged with two million solver nodes or
    # four; the decisions are the same, and so must be the card play after them, though the
    # player's solver did other work before it
    from skat.action import ActionKind

    budget: dict[str, bench_bidding.Setting] = {
        "base": (),
        "variant": (("contract_budget", 4_000_000),),
    }
    before = bench_bidding._run(1, BASE, budget, whole=False)
    assert any(a.kind == ActionKind.PICKUP for a in before.actions)
    assert not bench_bidding._decisions_differ((1, BASE, VARIANT, budget))
    base = bench_bidding._run(1, BASE, budget, whole=True)
    assert base.is_terminal()
    assert len(base.actions) > 30
    assert bench_bidding._run(1, VARIANT, budget, whole=True).actions == base.actions


@pytest.mark.slow
def test_compare_plays_out_only_what_differs() -> None:
    # deal 22, as in test_a_changed_auction_is_found: the contest penalty changes the auction,
    # the base's seating does not
    old, new = bench_bidding._compare((22, BASE, (VARIANT, BASE), SETTINGS))
    assert old == bench_bidding._game((22, BASE, SETTINGS))
    assert new == (bench_bidding._game((22, VARIANT, SETTINGS)), None)
    assert new[0] != old
    assert bench_bidding._compare((22, BASE, (BASE,), SETTINGS)) == (None, (None,))


def test_a_changed_auction_is_found() -> None:
    # deal 22: forehand holds 18 without the check and passes with the contest penalty
    assert bench_bidding._decisions_differ((22, BASE, VARIANT, SETTINGS))
    assert not bench_bidding._decisions_differ((22, BASE, BASE, SETTINGS))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "min_bid"),
    [(SETTINGS["variant"], 18), ((), 20)],
    ids=["penalty", "check"],
)
def test_an_equal_auction_plays_the_same_game(
    variant: tuple[tuple[str, float | None], ...], min_bid: int
) -> None:
    # the contest check (the defaults, ()) solves deals during a contested auction (one that
    # goes beyond 18) with the player's solver: the game after it must still be the same. With
    # the bidding bonus of 0.35: with the default 0.9, none of deals 1 to 49 reaches a bid of
    # 20 with the same auction with and without the check
    bonus = (("bid_bonus", 0.35),)
    settings: dict[str, bench_bidding.Setting] = {"base": OFF + bonus, "variant": variant + bonus}
    number = next(
        n
        for n in range(1, 50)
        if not bench_bidding._decisions_differ((n, BASE, VARIANT, settings))
        and bench_bidding._run(n, BASE, settings, whole=False).declarer is not None
        and bench_bidding._run(n, BASE, settings, whole=False).bid >= min_bid
    )
    base = bench_bidding._run(number, BASE, settings, whole=True)
    variant_game = bench_bidding._run(number, VARIANT, settings, whole=True)
    assert base.is_terminal()
    assert len(base.actions) > 30  # the auction, the skat and all 30 cards
    assert base.actions == variant_game.actions


def test_a_game_counts_as_the_arena_pairs_a_deal() -> None:
    # the arena pairs a deal by each player's mean over its nine seat-games; the bench adds up
    # each changed game's share of that, so the games of a deal must add up to the arena's figure
    from skat.arena import ArenaReport, DealOutcome, GameOutcome, seatings
    from skat.options import Options

    rows = seatings(("strong", "heuristic"))
    scores = [(90, -40, 40), (-158, 40, 40), (0, 0, 0), (40, 40, -122), (71, 0, 0), (40, -96, 40)]
    games = [GameOutcome(seating, "game", s) for seating, s in zip(rows, scores, strict=True)]
    report = ArenaReport(
        ("strong", "heuristic"), 1, 1, [Options()], [DealOutcome(0, 7, games, {})], 1.0
    )
    means = report.per_deal_means()
    arena = means["strong"][0] - means["heuristic"][0]
    named: list[bench_bidding.Seating] = [
        (
            "base" if a == "strong" else a,
            "base" if b == "strong" else b,
            "base" if c == "strong" else c,
        )
        for a, b, c in rows
    ]
    total = sum(bench_bidding._margin(s, seating) for s, seating in zip(scores, named, strict=True))
    assert bench_bidding.SEAT_GAMES == 9
    assert total == pytest.approx(arena)
    # the bench's earlier pairing, each seating's mean difference, is another figure
    assert total != pytest.approx(
        sum(_per_seating(s, seating) for s, seating in zip(scores, named, strict=True)) / 6
    )


def _per_seating(scores: tuple[int, int, int], seating: tuple[str, ...]) -> float:
    ours = [scores[i] for i in range(3) if seating[i] != "heuristic"]
    theirs = [scores[i] for i in range(3) if seating[i] == "heuristic"]
    return sum(ours) / len(ours) - sum(theirs) / len(theirs)


@pytest.mark.parametrize(
    "arguments",
    [
        ["--variant", "model_prior=true", "--variant", "model_prior=true"],
        ["--base", "bid_bonus=1", "--variant", "bid_bonus=1"],
        [
            "--variant",
            "bid_bonus=1,contest_penalty=1",
            "--variant",
            "contest_penalty=1,bid_bonus=1",
        ],
    ],
)
def test_a_setting_given_twice_is_refused(
    arguments: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        bench_bidding.main(["heuristic", *arguments, "--deals", "2"])
    assert "nothing to compare" in capsys.readouterr().err


def test_an_arena_report_of_other_deals_is_refused(tmp_path: Path) -> None:
    import argparse
    import json

    from skat.arena import arena_deal_number, options_json
    from skat.options import Options

    args = argparse.Namespace(seed=5, first=0, deals=2, mode="heuristic")
    rows = [[i, arena_deal_number(5, i), 10.0, 4.0] for i in range(2)]
    report = {"players": ["strong", "heuristic"], "options": [options_json(Options())]}
    path = tmp_path / "report.json"
    path.write_text(json.dumps({**report, "per_deal": rows}))
    assert bench_bidding.read_report(str(path), args)["per_deal"] == rows
    path.write_text(json.dumps({**report, "per_deal": rows[:1]}))
    with pytest.raises(ValueError, match="not the 2 deals of seed 5"):
        bench_bidding.read_report(str(path), args)
    path.write_text(json.dumps({**report, "players": ["heuristic", "strong"], "per_deal": rows}))
    with pytest.raises(ValueError, match="strong heuristic"):
        bench_bidding.read_report(str(path), args)
    self_play = argparse.Namespace(seed=5, first=0, deals=2, mode="self")
    with pytest.raises(ValueError, match="'skat arena strong'"):
        bench_bidding.read_report(str(path), self_play)
    path.write_text("{")
    with pytest.raises(ValueError, match="not a readable JSON"):
        bench_bidding.read_report(str(path), args)
    for bad in (5, [1, 2], [[0]], [row[:3] for row in rows], [[*rows[0][:3], "x"]]):
        path.write_text(json.dumps({**report, "per_deal": bad}))
        with pytest.raises(ValueError, match="rows of 4 numbers"):
            bench_bidding.read_report(str(path), args)
    self_rows = [row[:3] for row in rows]
    path.write_text(json.dumps({**report, "players": ["strong"], "per_deal": self_rows}))
    with pytest.raises(ValueError, match="lacks its declarer games"):
        bench_bidding.read_report(str(path), self_play)
    strong = {"seat_games": 6, "declarer_games": 2, "by_game_type": {"G": {"won": 1}}}
    whole = {**report, "players": ["strong"], "per_deal": self_rows}
    path.write_text(json.dumps({**whole, "per_player": {"strong": strong}}))
    assert bench_bidding.read_report(str(path), self_play)["per_deal"] == self_rows


def test_a_checkpointed_comparison_goes_on_where_it_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    played: list[tuple[int, tuple[str, str, str]]] = []

    def compare(job: tuple) -> tuple:  # type: ignore[type-arg]
        number, seating, _, _ = job
        played.append((number, seating))
        base = bench_bidding.Game(number % 3, True, (number, -number, 0), False)
        return base, (None, bench_bidding.Game(None, False, (0, 0, 0), False))

    class Pool:
        def map(self, fn: Callable[..., object], jobs: list[object], chunksize: int) -> object:
            return map(fn, jobs)

    monkeypatch.setattr(bench_bidding, "_compare", compare)
    settings: dict[str, bench_bidding.Setting] = {
        "base": (),
        "variant": (("lost_extra", 0.0),),
        "variant2": (("lost_extra", 40.0),),
    }
    pool: Any = Pool()
    seatings = [("base", "heuristic", "heuristic"), ("heuristic", "base", "base")]
    jobs: list[Any] = [(n, s, (), settings) for n in (4, 5, 6) for s in seatings]
    path = tmp_path / "run.jsonl"
    whole = bench_bidding._compared(jobs, pool, str(path), settings)
    assert len(played) == 6
    assert len(path.read_text().splitlines()) == 6
    # stopped after two games, the third line cut off: only the other four are played again
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:2]) + "\n" + lines[2][:15])
    played.clear()
    assert bench_bidding._compared(jobs, pool, str(path), settings) == whole
    assert played == [(j[0], j[1]) for j in jobs[2:]]
    played.clear()
    finished = path.read_bytes()
    assert (
        bench_bidding._compared(jobs, pool, str(path), settings) == whole
    )  # all done: none played, and the file as it was
    assert played == []
    assert path.read_bytes() == finished
    other = {**settings, "variant2": (("lost_extra", 20.0),)}
    with pytest.raises(SystemExit, match="other settings"):
        bench_bidding._compared(jobs, pool, str(path), other)

    # a default changed between two sittings (the same words, other players): refused
    lines = [line for line in finished.decode().splitlines() if line.endswith("}")]
    rows = [json.loads(line) for line in lines]  # the line cut off above left out
    assert len(rows) == 6
    assert all(row["resolved"]["base"]["lost_extra"] == 0.0 for row in rows)
    for row in rows:
        row["resolved"]["base"]["lost_extra"] = 80.0
    path.write_text("".join(json.dumps(row) + "\n" for row in rows[:4]))
    with pytest.raises(SystemExit, match=r"other defaults: base.lost_extra 80.0 → 0.0"):
        bench_bidding._compared(jobs, pool, str(path), settings)
    # rows from before the players' defaults were recorded: read when complete, never added to
    for row in rows:
        del row["resolved"]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    assert bench_bidding._compared(jobs, pool, str(path), settings) == whole
    path.write_text("".join(json.dumps(row) + "\n" for row in rows[:4]))
    with pytest.raises(SystemExit, match="4 rows that do not say which defaults"):
        bench_bidding._compared(jobs, pool, str(path), settings)
    assert played == []
