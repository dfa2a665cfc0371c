"""Strong auction and contract settings, compared on the games they change (issue 5).

The strong player's auction depends only on its cards and the bids it hears (the heuristic's
limit, raised by ``bid_bonus`` and lowered by ``contest_penalty`` in a contested auction: see
:meth:`skat.players.strong.StrongPlayer.bid_limit`; ``contest_check`` solves sampled deals,
and each solve's value is independent of the solver's earlier ones); every later decision is
the same code with the same seeded random source. So two settings that differ only in these
arguments play the same game whenever their auctions are the same, and only the games whose auction
differs need to be played out with both. That makes a comparison several times faster than two
full arena runs, and exact but for one thing: the solver's table places an entry by the
search's generation too, so a search's node count can differ by a few nodes after other
searches, and a card decision that stops at its node budget could then, rarely, solve one world
more or less (the self mode counts the replayed base games that score otherwise than the arena
report: 0 of 223 in the run of docs/experiments/2026-11-strong-bidding-bonus.md). The same
holds for ``contract_worlds`` and ``contract_budget``, which change the contest check, Hand or
pick-up, the discard and the declaration but not the card play: with them the games are compared
up to the first card.

Modes:

* ``self``: strong self-play on ``--deals`` deals of the arena's sequence (``--seed``), as
  ``skat arena strong``. The base setting plays every deal; the variant only the deals it
  decides otherwise. Prints each setting's declarer share (of the seat-games) and declarer win
  rate. With ``--arena REPORT``, the ``--json`` report of ``skat arena strong`` on the same
  deals with the base setting, the base plays only the deals decided otherwise too, and the
  report's declarer games and wins are corrected by them.
* ``heuristic`` (with ``--checkpoint``, resumable): the strong player against the heuristic in every
  seating, as ``skat arena strong heuristic``. Prints the change of strong − heuristic
  (Seeger-Fabian points per game, paired by deal as the arena pairs it: each player's mean over its
  nine seat-games of a deal) with a 95% interval over deals, and how the changed games moved (who
  declared in each setting). With ``--arena REPORT``, the ``--json`` report of ``skat arena strong
  heuristic`` on the same deals with the base setting, it also prints the variant's whole result:
  the report's per-deal differences plus the changes, with their interval. Several ``--variant`` are
  each compared with the base in one run, which plays the base's decisions once. Each line of a
  checkpoint records the settings as given and every field of the players they make (the
  defaults filled in): a run goes on only with the same players, so a default changed between
  two sittings is refused, and rows written before the players were recorded are read when the
  run is complete but never added to (go on from the commit the run started with).

A report is "with the base setting" when it was made by this code whose default strong player
is the ``--base`` setting (``skat arena`` plays only the defaults); nothing but the self mode's
count of changed deals that score otherwise can tell, so a stale report gives wrong figures.

ISkO rules (no Ramsch: three passes are a passed deal). Run::

    .venv/bin/python -m bench.bench_bidding self --variant contest_penalty=1 --deals 300
    .venv/bin/python -m bench.bench_bidding self --variant bid_bonus=0.6 --deals 1000 \
        --arena self1000.json
    .venv/bin/python -m bench.bench_bidding heuristic --variant contest_penalty=1 --deals 540 \
        --seed 2026 --arena strong540.json
    .venv/bin/python -m bench.bench_bidding heuristic --base bid_bonus=0.35 \
        --variant bid_bonus=0.9 --variant bid_bonus=0.9,contract_budget=4000000 --deals 540 \
        --seed 2026 --arena strong540.json
    .venv/bin/python -m bench.bench_bidding heuristic --variant lost_extra=80 --deals 150 \
        --seed 2026 --checkpoint objective-dev.jsonl
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, NamedTuple

from bench.common import (
    add_deal_arguments,
    argument_parser,
    checked_strong_setting,
    key_values,
    share_half,
)
from bench.runs import IN_RUNS, run_path
from skat.arena import arena_deal_number, mean_ci, options_json, seatings
from skat.options import Options, ScoreList
from skat.players import Player, decision_rng, get_player
from skat.players import bids as bd
from skat.players.strong import StrongPlayer
from skat.scoring import GameResult, list_scores
from skat.state import Phase, State

AUCTION_ARGUMENTS = (
    "bid_bonus",
    "contest_penalty",
    "contest_check",
    "model_limit",
    "model_contest",
)
"""The StrongPlayer arguments that change the auction and nothing else."""

CONTRACT_ARGUMENTS = ("contract_worlds", "contract_budget")
"""The StrongPlayer arguments that change the decisions before the first card (the contest
check's bids, Hand or pick-up, the discard and the declaration) and not the card play; whole
numbers."""

SWITCH_ARGUMENTS = ("model_prior", "model_contest")
"""The StrongPlayer arguments that are on or off (``true`` or ``false``): ``model_contest``
changes the auction alone, ``model_prior`` the estimates before the skat (the contest check,
Hand or pick-up, a Hand game's announcements; not the discard), so the decisions before the
first card."""

OBJECTIVE_ARGUMENTS = ("lost_extra",)
"""The StrongPlayer arguments that change how the decisions before the first card weigh a lost
game, and not the card play; numbers."""

BEFORE_PLAY = (Phase.BIDDING, Phase.SKAT, Phase.DISCARD, Phase.DECLARE)
"""The phases of those decisions (ISkO rules: no Kontra)."""

Setting = tuple[tuple[str, float | None], ...]
Seating = tuple[str, str, str]
"""Per seat: ``"base"``, a variant's name (``"variant"``, ``"variant2"`` …) or ``"heuristic"``."""

_PLAYERS: dict[object, Player] = {}


def parse_setting(text: str) -> Setting:
    """``key=value,key=value`` of :data:`AUCTION_ARGUMENTS`, :data:`CONTRACT_ARGUMENTS`,
    :data:`SWITCH_ARGUMENTS` and :data:`OBJECTIVE_ARGUMENTS` (empty: the defaults);
    ``contest_check=none`` turns the contest check off, ``model_limit=none`` the learned
    evaluator's bid limit.

    Raises:
        ValueError: an unknown key or one given twice, a value that is not a number or that the
            strong player refuses (NaN), a contract argument that is not a whole number of at
            least 1, or a switch that is neither ``true`` nor ``false``.
    """
    out: list[tuple[str, float | None]] = []
    known = tuple(dict.fromkeys(AUCTION_ARGUMENTS + CONTRACT_ARGUMENTS + SWITCH_ARGUMENTS))
    known += OBJECTIVE_ARGUMENTS
    for part, key, value in key_values(text, known):
        if key in ("contest_check", "model_limit") and value.lower() == "none":
            out.append((key, None))
            continue
        if key in SWITCH_ARGUMENTS:
            if value.lower() not in ("true", "false"):
                raise ValueError(f"{part!r}: the value is neither true nor false")
            out.append((key, value.lower() == "true"))
            continue
        if key in CONTRACT_ARGUMENTS:
            if not (value.isascii() and value.isdigit()) or int(value) < 1:
                raise ValueError(f"{part!r}: the value is not a whole number of at least 1")
            out.append((key, int(value)))
            continue
        try:
            out.append((key, float(value)))
        except ValueError:
            raise ValueError(f"{part!r}: the value is not a number") from None
    checked_strong_setting(out)
    return tuple(out)


def decided_phases(settings: Mapping[str, Setting]) -> tuple[Phase, ...]:
    """The phases whose decisions ``settings`` can change: the auction alone when they set only
    :data:`AUCTION_ARGUMENTS`, else all of :data:`BEFORE_PLAY`."""
    keys = {key for setting in settings.values() for key, _ in setting}
    return (Phase.BIDDING,) if keys <= set(AUCTION_ARGUMENTS) else BEFORE_PLAY


def player_of(name: str, settings: Mapping[str, tuple[tuple[str, object], ...]]) -> Player:
    """The player ``name`` of a comparison, made once per process: the heuristic, or (any
    other name) a strong player with the settings ``settings[name]``."""
    key = (name, settings.get(name))
    if key not in _PLAYERS:
        if name == "heuristic":
            _PLAYERS[key] = get_player("heuristic")
        else:
            _PLAYERS[key] = StrongPlayer(**dict(settings[name]))
    return _PLAYERS[key]


def _run(number: int, seating: Seating, settings: dict[str, Setting], *, whole: bool) -> State:
    """The deal played in ``seating`` to its end (``whole``) or to the end of the phases that
    the settings can change (:func:`decided_phases`)."""
    phases = None if whole else decided_phases(settings)
    return _play_on(State.new(number, Options()), seating, settings, phases)


def _play_on(
    state: State,
    seating: Seating,
    settings: dict[str, Setting],
    phases: tuple[Phase, ...] | None = None,
) -> State:
    """``state`` played on in ``seating`` while its phase is one of ``phases`` (None: to the
    end); the random source of each decision is seeded from the deal number and the action
    index, as in the arena."""
    number = state.deal.number
    while not state.is_terminal() and (phases is None or state.phase in phases):
        seat = state.current_player
        assert seat is not None
        player = player_of(seating[seat], settings)
        rng = decision_rng(number, len(state.actions))
        state = state.apply(player.choose(state.information_state(seat), rng))
    return state


def _decisions_differ(job: tuple[int, Seating, Seating, dict[str, Setting]]) -> bool:
    """Whether the two seatings decide otherwise before the first card, as far as their
    settings can (:func:`decided_phases`)."""
    number, first, second, settings = job
    a = _run(number, first, settings, whole=False).actions
    b = _run(number, second, settings, whole=False).actions
    return a != b


class Game(NamedTuple):
    """One whole game: the declarer's seat (None: passed), whether he won, the Seeger-Fabian
    scores per seat, and whether his auction was contested (an opponent bid or held too)."""

    declarer: int | None
    won: bool
    scores: tuple[int, int, int]
    contested: bool


def _game(job: tuple[int, Seating, dict[str, Setting]]) -> Game:
    number, seating, settings = job
    return _outcome(_run(number, seating, settings, whole=True))


def _outcome(state: State) -> Game:
    """The :class:`Game` of the finished ``state``."""
    result = state.result()
    if not isinstance(result, GameResult) or state.declarer is None:
        return Game(None, False, (0, 0, 0), False)
    declarer = int(state.declarer)
    contested = bd.contested(state.information_state(declarer).bids, declarer)
    scores = list_scores(result, declarer, ScoreList.SEEGER_FABIAN)
    return Game(declarer, result.won, scores, contested)


def _compare(
    job: tuple[int, Seating, tuple[Seating, ...], dict[str, Setting]],
) -> tuple[Game | None, tuple[Game | None, ...]]:
    """The deal in the base seating and in each variant's, each played to the end of the
    decided phases; the games whose decisions there differ from the base's are played out (each
    distinct one once), and the base's with them. Returns (the base's game, or None when no
    variant differs; per variant its game, or None when it decides as the base)."""
    number, base, variants, settings = job
    start = _run(number, base, settings, whole=False)
    finished: dict[tuple[object, ...], Game] = {}
    games: list[Game | None] = []
    for seating in variants:
        state = _run(number, seating, settings, whole=False)
        if state.actions == start.actions:
            games.append(None)
            continue
        if state.actions not in finished:
            finished[state.actions] = _outcome(_play_on(state, seating, settings))
        games.append(finished[state.actions])
    if all(g is None for g in games):
        return None, tuple(games)
    return _outcome(_play_on(start, base, settings)), tuple(games)


def _deal_numbers(args: argparse.Namespace) -> list[int]:
    """The deal numbers of ``--deals`` deals of the arena's sequence ``--seed`` from ``--first``."""
    return [arena_deal_number(args.seed, args.first + i) for i in range(args.deals)]


SELF_BASE: Seating = ("base", "base", "base")
SELF_VARIANT: Seating = ("variant", "variant", "variant")


def _self(
    args: argparse.Namespace, settings: dict[str, Setting], pool: ProcessPoolExecutor
) -> None:
    numbers = _deal_numbers(args)
    base, variant = SELF_BASE, SELF_VARIANT
    games = list(pool.map(_game, [(n, base, settings) for n in numbers], chunksize=1))
    flags = pool.map(_decisions_differ, [(n, base, variant, settings) for n in numbers])
    changed = [i for i, f in enumerate(flags) if f]
    redone = pool.map(_game, [(numbers[i], variant, settings) for i in changed], chunksize=1)
    variant_games = list(games)
    for i, game in zip(changed, redone, strict=True):
        variant_games[i] = game
    seat_games = 3 * len(numbers)
    print(f"self-play, {args.deals} deals, seed {args.seed}, {len(changed)} decided otherwise")
    for name, rows in (("base", games), ("variant", variant_games)):
        declared = [g for g in rows if g.declarer is not None]
        print(
            f"  {name:8} {_text(settings[name]):24} declarer {len(declared) / seat_games:.1%} of "
            f"seat-games, wins {_wins(declared)}"
        )
        for contested, label in ((False, "alone"), (True, "contested")):
            part = [g for g in declared if g.contested == contested]
            print(f"    {label} auctions: wins {_wins(part)}")


def _self_changes(
    args: argparse.Namespace,
    settings: dict[str, Setting],
    pool: ProcessPoolExecutor,
    report: dict[str, Any],
) -> None:
    """Self mode with the base's arena report: only the deals decided otherwise are played,
    with both settings, and the report's declarer games and wins are corrected by them."""
    numbers = _deal_numbers(args)
    jobs = [(n, SELF_BASE, (SELF_VARIANT,), settings) for n in numbers]
    changed: list[int] = []
    before: list[Game] = []
    after: list[Game] = []
    for number, (old, (new,)) in zip(numbers, pool.map(_compare, jobs, chunksize=1), strict=True):
        if old is not None and new is not None:
            changed.append(number)
            before.append(old)
            after.append(new)
    stored = {row[1]: row[2] for row in report["per_deal"]}
    stale = sum(
        1 for n, g in zip(changed, before, strict=True) if abs(sum(g.scores) / 3 - stored[n]) > 1e-3
    )
    strong = report["per_player"]["strong"]
    seat_games, games = strong["seat_games"], strong["declarer_games"]
    wins = sum(t["won"] for t in strong["by_game_type"].values())
    print(f"self-play, {args.deals} deals, seed {args.seed}, {len(changed)} decided otherwise")
    print(
        f"  of these, {stale} base games score otherwise than in the report (above 0: the report "
        f"is not of this code with the base setting, and the corrected figures are wrong)"
    )
    declared = {
        name: [g for g in rows if g.declarer is not None]
        for name, rows in (("base", before), ("variant", after))
    }
    for name, games_declared in declared.items():
        print(f"  {name:8} {_text(settings[name]):24} in these deals: wins {_wins(games_declared)}")
    games += len(declared["variant"]) - len(declared["base"])
    wins += sum(g.won for g in declared["variant"]) - sum(g.won for g in declared["base"])
    p, half = share_half(wins, games)
    print(
        f"  all {args.deals} deals with {_text(settings['variant'])} (the report corrected by "
        f"these): declarer {games / seat_games:.1%} of seat-games, wins {p:.1%} (±{half:.1%}) "
        f"of {games}"
    )


def _wins(games: Sequence[Game]) -> str:
    """``p% (±half) of n``: the share of ``games`` won with its 95% normal interval."""
    if not games:
        return "- of 0"
    p, half = share_half(sum(g.won for g in games), len(games))
    return f"{p:.1%} (±{half:.1%}) of {len(games)}"


def _heuristic(
    args: argparse.Namespace,
    settings: dict[str, Setting],
    pool: ProcessPoolExecutor,
    report: dict[str, Any] | None,
) -> None:
    numbers = _deal_numbers(args)
    names = [name for name in settings if name != "base"]
    jobs = [
        (n, seating, tuple(_renamed(seating, name) for name in names), settings)
        for n in numbers
        for seating in seatings(("base", "heuristic"))
    ]
    compared = _compared(jobs, pool, args.checkpoint, settings)
    where = "before the first card" if decided_phases(settings) == BEFORE_PLAY else "in the auction"
    print(f"strong against heuristic, {args.deals} deals, seed {args.seed}")
    changes: list[list[float]] = []
    for k, name in enumerate(names):
        per_deal = dict.fromkeys(numbers, 0.0)
        moves: Counter[str] = Counter()
        moved_by: dict[str, float] = {}
        for (number, seating, _, _), (old, new) in zip(jobs, compared, strict=True):
            after = new[k]
            if after is None:
                continue
            assert old is not None
            change = _margin(after.scores, seating) - _margin(old.scores, seating)
            per_deal[number] += change
            move = f"{_who(old.declarer, seating)} -> {_who(after.declarer, seating)}"
            moves[move] += 1
            moved_by[move] = moved_by.get(move, 0.0) + change * SEAT_GAMES
        changes.append(list(per_deal.values()))
        mean, low, high = mean_ci(changes[-1])
        print(
            f"  {_text(settings[name])}: {sum(moves.values())} of {len(jobs)} games decide "
            f"otherwise {where}"
        )
        print(
            f"    strong - heuristic, minus {_text(settings['base'])}: "
            f"{mean:+.2f} SF points per game ({low:+.2f} .. {high:+.2f})"
        )
        print(
            "    declarer before -> after: games, mean change in them of the strong seats' "
            "scores minus the heuristic seats'"
        )
        for move, count in sorted(moves.items()):
            print(f"      {move}: {count}, {moved_by[move] / count:+.1f}")
        if report is not None:
            whole = [row[2] - row[3] + per_deal[row[1]] for row in report["per_deal"]]
            mean, low, high = mean_ci(whole)
            print(
                f"    strong - heuristic with it (the report's per-deal differences plus the "
                f"changes): {mean:+.2f} SF points per game ({low:+.2f} .. {high:+.2f})"
            )
        if k > 0:
            # the step from the variant before, paired by deal as well
            step = [b - a for a, b in zip(changes[-2], changes[-1], strict=True)]
            mean, low, high = mean_ci(step)
            print(
                f"    strong - heuristic, minus {_text(settings[names[k - 1]])}: {mean:+.2f} SF "
                f"points per game ({low:+.2f} .. {high:+.2f})"
            )


Compared = tuple[Game | None, tuple[Game | None, ...]]


def _compared(
    jobs: list[tuple[int, Seating, tuple[Seating, ...], dict[str, Setting]]],
    pool: ProcessPoolExecutor,
    checkpoint: str | None,
    settings: dict[str, Setting],
) -> list[Compared]:
    """:func:`_compare` of every job, each written as one JSON line to ``checkpoint`` (when
    given) as it finishes; the jobs a checkpoint of the same settings holds are not played
    again, so a run stopped at any point goes on where it stopped.

    Raises:
        SystemExit: the checkpoint was written for other settings.
    """

    def game(g: Game | None) -> list[object] | None:
        return None if g is None else [g.declarer, g.won, list(g.scores), g.contested]

    def unpack(row: list[Any] | None) -> Game | None:
        return None if row is None else Game(row[0], row[1], tuple(row[2]), row[3])

    stamp = {name: _text(setting) for name, setting in settings.items()}
    resolved = _resolved(settings)
    unchecked = 0  # rows of the same stamp that do not say which defaults they played
    done: dict[tuple[int, Seating], Compared] = {}
    if checkpoint is not None and os.path.exists(checkpoint):
        with open(checkpoint, encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                except json.JSONDecodeError:
                    continue  # a line cut off when the run was stopped
                if row["settings"] != stamp:
                    raise SystemExit(
                        f"{checkpoint} was written for other settings: {row['settings']}"
                    )
                if "resolved" not in row:
                    unchecked += 1
                elif row["resolved"] != resolved:
                    raise SystemExit(
                        f"{checkpoint} was written by players of other defaults: "
                        f"{_differences(row['resolved'], resolved)}; go on from the commit it "
                        "started with"
                    )
                done[(row["number"], tuple(row["seating"]))] = (
                    unpack(row["base"]),
                    tuple(unpack(v) for v in row["variants"]),
                )
    todo = [job for job in jobs if (job[0], job[1]) not in done]
    if todo and unchecked:
        raise SystemExit(
            f"{checkpoint} has {unchecked} rows that do not say which defaults their players had "
            "(written before bench_bidding recorded them): go on from the commit it started "
            "with, so that its new games are played by the same players"
        )
    with contextlib.ExitStack() as stack:
        out = (
            None
            if checkpoint is None
            else stack.enter_context(open(checkpoint, "a", encoding="utf-8"))
        )
        if out is not None and not _ends_a_line(checkpoint):
            out.write("\n")  # a line cut off when the run was stopped stays a line of its own
        for job, (old, new) in zip(todo, pool.map(_compare, todo, chunksize=1), strict=True):
            done[(job[0], job[1])] = (old, new)
            if out is not None:
                row = {
                    "settings": stamp,
                    "resolved": resolved,
                    "number": job[0],
                    "seating": list(job[1]),
                    "base": game(old),
                    "variants": [game(g) for g in new],
                }
                out.write(json.dumps(row) + "\n")
                out.flush()
    return [done[(job[0], job[1])] for job in jobs]


def _resolved(settings: dict[str, Setting]) -> dict[str, dict[str, object]]:
    """Every field of each strong setting of ``settings`` (the defaults filled in), as a
    checkpoint records it: a default changed between two sittings of a run is seen."""
    return {
        name: json.loads(json.dumps(dataclasses.asdict(StrongPlayer(**dict(setting)).settings)))
        for name, setting in settings.items()
    }


def _differences(old: dict[str, Any], new: dict[str, Any]) -> str:
    """``name.field old → new`` for each field that differs between two :func:`_resolved`."""
    out = [
        f"{name}.{key} {old.get(name, {}).get(key)!r} → {fields.get(key)!r}"
        for name, fields in new.items()
        for key in sorted(set(fields) | set(old.get(name, {})))
        if old.get(name, {}).get(key) != fields.get(key)
    ]
    return ", ".join(out) or "other players"


def _ends_a_line(path: str | None) -> bool:
    """Whether the file at ``path`` is empty or ends with a newline (None, or no file: True)."""
    if path is None or not os.path.exists(path) or os.path.getsize(path) == 0:
        return True
    with open(path, "rb") as f:
        f.seek(-1, os.SEEK_END)
        return f.read(1) == b"\n"


def _renamed(seating: Seating, name: str) -> Seating:
    """``seating`` with its ``"base"`` seats given to ``name``."""
    a, b, c = (name if x == "base" else x for x in seating)
    return (a, b, c)


SEAT_GAMES = sum(seating.count("base") for seating in seatings(("base", "heuristic")))
"""A player's seat-games in one deal of the arena between two players (9: six seatings, in
three of them two seats)."""


def _margin(scores: tuple[int, int, int], seating: Seating) -> float:
    """One game's share of its deal's strong − heuristic as the arena pairs a deal (each
    player's mean over its :data:`SEAT_GAMES` seat-games): the strong seats' scores minus the
    heuristic seats', over nine."""
    ours = sum(scores[i] for i in range(3) if seating[i] != "heuristic")
    theirs = sum(scores[i] for i in range(3) if seating[i] == "heuristic")
    return (ours - theirs) / SEAT_GAMES


def read_report(path: str, args: argparse.Namespace) -> dict[str, Any]:
    """The ``--json`` report at ``path`` of ``skat arena strong heuristic`` (heuristic mode) or
    ``skat arena strong`` (self mode) under the default rules, on the deals of ``args``.

    Raises:
        ValueError: the file is not such a report of these deals (players, rules, seed, deals).
    """
    players = ["strong", "heuristic"] if args.mode == "heuristic" else ["strong"]
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError) as err:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise ValueError(f"{path}: not a readable JSON report ({err})") from None
    if not isinstance(data, dict) or data.get("players") != players:
        raise ValueError(f"{path}: not a report of 'skat arena {' '.join(players)}'")
    if data.get("options") != [options_json(Options())]:
        raise ValueError(f"{path}: played under other rules than the default (ISkO)")
    rows = data.get("per_deal")
    width = 2 + len(players)
    if not isinstance(rows, list) or not all(
        isinstance(row, list) and len(row) == width and all(isinstance(x, int | float) for x in row)
        for row in rows
    ):
        raise ValueError(f"{path}: per_deal is not a list of rows of {width} numbers")
    if args.mode == "self":
        strong = data.get("per_player", {}).get("strong", {})
        counts = [strong.get("seat_games"), strong.get("declarer_games")]
        counts += [t.get("won") for t in strong.get("by_game_type", {}).values()]
        if not all(isinstance(x, int) for x in counts):
            raise ValueError(f"{path}: per_player.strong lacks its declarer games and wins")
    numbers = _deal_numbers(args)
    if [row[1] for row in rows] != numbers:
        raise ValueError(
            f"{path}: its deals are not the {args.deals} deals of seed {args.seed} from "
            f"{args.first} (an illegal action or a crash drops a deal from a report)"
        )
    return data


def _who(declarer: int | None, seating: Seating) -> str:
    if declarer is None:
        return "passed"
    return "heuristic" if seating[declarer] == "heuristic" else "strong"


def _text(setting: Setting) -> str:
    """``key=value,…`` as given (``contest_check=none`` for the check turned off)."""

    def value(v: float | None) -> str:
        if isinstance(v, bool):
            return str(v).lower()
        return "none" if v is None else str(v) if isinstance(v, int) else f"{v:g}"

    return ",".join(f"{k}={value(v)}" for k, v in setting) or "(defaults)"


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the arguments, compare the two settings and print the figures."""
    ap = argument_parser(__doc__)
    ap.add_argument("mode", choices=("self", "heuristic"))
    ap.add_argument("--base", default="", help="key=value,... (default: the defaults)")
    ap.add_argument(
        "--variant",
        required=True,
        action="append",
        help="key=value,... e.g. contest_penalty=1.0; heuristic mode takes several, each "
        "compared with the base in the same run",
    )
    add_deal_arguments(ap, deals=300, seed=2027, first=True, workers=True)
    ap.add_argument("--arena", help="the arena's --json report of the base setting on these deals")
    ap.add_argument(
        "--checkpoint",
        type=run_path,
        help="heuristic mode: a JSONL file each compared game is written to as it finishes; a "
        "run given the same file goes on where it stopped; " + IN_RUNS,
    )
    args = ap.parse_args(argv)
    try:
        settings = {"base": parse_setting(args.base)}
        for k, text in enumerate(args.variant):
            settings["variant" if k == 0 else f"variant{k + 1}"] = parse_setting(text)
    except ValueError as err:
        ap.error(str(err))
    seen: dict[str, str] = {}
    for name, setting in settings.items():
        key = repr(sorted(setting))
        if key in seen:
            ap.error(
                f"the {name} setting is the {seen[key]}'s ({_text(setting)}): nothing to compare"
            )
        seen[key] = name
    if args.mode == "self" and len(args.variant) > 1:
        ap.error("the self mode compares one --variant")
    if args.deals < 2:
        ap.error("--deals must be at least 2")
    if args.workers < 1:
        ap.error("--workers must be at least 1")
    try:
        report = None if args.arena is None else read_report(args.arena, args)
    except ValueError as err:
        ap.error(str(err))
    with ProcessPoolExecutor(args.workers) as pool:
        if args.mode == "self" and report is not None:
            _self_changes(args, settings, pool, report)
        elif args.mode == "self":
            _self(args, settings, pool)
        else:
            _heuristic(args, settings, pool, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
