"""Duplicate tournaments between computer players, scored on the Seeger-Fabian list.

Every deal number is played once per *seating*: each way to put the compared players into the
three seats so that every player takes part (two players: ``ABB BAB BBA BAA ABA AAB``; three:
the six permutations; one player: self-play). So each player sits in each seat with the same
cards and luck cancels out between them (docs/design.md decision 8).

The deal numbers of a tournament are ``decision_seed(seed, i)`` for ``i = 0 .. deals-1`` (see
:func:`skat.players.decision_seed`); every decision's random source is
``decision_rng(deal_number, action_index)``, so a tournament is reproducible from ``--seed`` and
``--deals`` alone, whatever the number of worker processes.

The engine checks every computer action like a human one: an action that :meth:`State.apply`
rejects is counted as illegal, any other exception as a crash; either ends that game, is
reported with the deal number, and the deal leaves the score statistics (never hidden).

Statistics (:class:`ArenaReport`): Seeger-Fabian points per game per player with a 95%
confidence interval over deals (for two players also the paired difference per deal), declarer
share and win rate by game type, passed deals and Ramsch games, decision-time percentiles by
phase, games per second.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
import time
import traceback
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace

from skat.action import ActionKind
from skat.claim import computer_claim, settle
from skat.errors import IllegalActionError, SkatError
from skat.options import WORDS, AllPass, BockDeal, BockRule, Options, ScoreList, format_words
from skat.options import parse_words as parse_options
from skat.options import to_json as options_json
from skat.players import PLAYER_NAMES, Player, decision_rng, decision_seed, get_player
from skat.ramsch import RamschResult, ramsch_list_scores
from skat.scoring import GameResult, list_scores
from skat.state import Phase, State

__all__ = [
    "ArenaReport",
    "DealOutcome",
    "GameOutcome",
    "add_arena_parser",
    "arena_deal_number",
    "mean_ci",
    "options_json",
    "parse_options",
    "play_deal",
    "run_arena",
    "seatings",
]

MAX_ACTIONS = 200
"""A game with more actions than this is a crash (a player looping), never a hang."""

_BUCKETS_PER_DECADE = 20
_MIN_SECONDS = 1e-6
_N_BUCKETS = 8 * _BUCKETS_PER_DECADE  # 1 µs .. 100 s


def arena_deal_number(seed: int, index: int) -> int:
    """The deal number of the ``index``-th deal of a tournament with ``seed``."""
    return decision_seed(seed, index)


def seatings(players: Sequence[str]) -> list[tuple[str, str, str]]:
    """Every seating (forehand, middlehand, rearhand) in which each of ``players`` takes part.

    Raises:
        SkatError: no players, more than three, or a name given twice.
    """
    names = list(players)
    if not 1 <= len(names) <= 3 or len(set(names)) != len(names):
        raise SkatError(f"an arena needs 1 to 3 different players, not {names!r}")
    out = [(a, b, c) for a, b, c in itertools.product(names, repeat=3) if set(names) <= {a, b, c}]
    return out


def _bucket(seconds: float) -> int:
    if seconds <= _MIN_SECONDS:
        return 0
    b = int(math.log10(seconds / _MIN_SECONDS) * _BUCKETS_PER_DECADE)
    return min(b, _N_BUCKETS - 1)


def _bucket_upper(b: int) -> float:
    return float(_MIN_SECONDS * 10 ** ((b + 1) / _BUCKETS_PER_DECADE))


@dataclass
class TimeStats:
    """Decision times of one player in one phase, as a log histogram (20 buckets a decade).

    Percentiles are read as the upper edge of their bucket (at most 12% above the true value).
    """

    counts: list[int] = field(default_factory=lambda: [0] * _N_BUCKETS)
    n: int = 0
    total: float = 0.0
    max: float = 0.0

    def add(self, seconds: float) -> None:
        """Count one decision of ``seconds``."""
        self.counts[_bucket(seconds)] += 1
        self.n += 1
        self.total += seconds
        self.max = max(self.max, seconds)

    def merge(self, other: TimeStats) -> None:
        """Add the decisions of ``other``."""
        for i, c in enumerate(other.counts):
            self.counts[i] += c
        self.n += other.n
        self.total += other.total
        self.max = max(self.max, other.max)

    def percentile(self, q: float) -> float:
        """The ``q``-quantile (0..1) in seconds."""
        if self.n == 0:
            return 0.0
        rank = q * self.n
        seen = 0
        for i, c in enumerate(self.counts):
            seen += c
            if seen >= rank and c:
                return min(_bucket_upper(i), self.max)
        return self.max

    def to_json(self) -> dict[str, float | int]:
        """Milliseconds: ``n``, ``mean``, ``p50``, ``p95``, ``p99``, ``max``."""
        ms = 1000.0
        return {
            "n": self.n,
            "mean_ms": round(self.total / self.n * ms, 4) if self.n else 0.0,
            "p50_ms": round(self.percentile(0.5) * ms, 4),
            "p95_ms": round(self.percentile(0.95) * ms, 4),
            "p99_ms": round(self.percentile(0.99) * ms, 4),
            "max_ms": round(self.max * ms, 4),
        }


@dataclass
class GameOutcome:
    """One game of one seating.

    Attributes:
        seating: the player name in each seat (forehand, middlehand, rearhand).
        kind: ``"game"``, ``"ramsch"``, ``"passed"``, ``"illegal"`` or ``"crash"``.
        scores: the Seeger-Fabian list scores per seat (game points); zeros unless a game or
            Ramsch was completed.
        declarer: the declarer's seat, None without one.
        contract: the contract in ISS notation, None without one.
        won: whether the declarer won, None without a declarer.
        error: the illegal action or the crash, with seat and action index.
        claim: the claim that ended the game (``GameResult.claim``: ``claim_rest``,
            ``claim_null``, ``claim_defenders``; house rule ``claims``), ``""`` if none.
        actions: the game's actions in record notation, when it was completed (a game, Ramsch
            or passed), for a post-mortem (``bench/postmortem.py``); not in the JSON report.
    """

    seating: tuple[str, str, str]
    kind: str
    scores: tuple[int, int, int] = (0, 0, 0)
    declarer: int | None = None
    contract: str | None = None
    won: bool | None = None
    error: str | None = None
    claim: str = ""
    actions: tuple[str, ...] = ()


@dataclass
class DealOutcome:
    """All seatings of one deal number, with the decision times of each player by phase."""

    index: int
    number: int
    games: list[GameOutcome]
    times: dict[str, dict[str, TimeStats]]


def arena_bock(number: int, options: Options) -> Options:
    """``options`` for deal ``number`` in the arena, which plays single deals, not a series in
    order: with the Bock rule on, every third deal number (``number % 3 == 1``) is played as a
    Bock deal (``bock=rounds``) or a Bockramsch deal (``bock=ramsch``), so that both are
    exercised under the same options; the others as ordinary deals (:mod:`skat.bock`)."""
    if options.bock == BockRule.OFF or number % 3 != 1:
        return options
    deal = BockDeal.BOCK if options.bock == BockRule.ROUNDS else BockDeal.RAMSCH
    return replace(options, bock_deal=deal)


def _play_game(
    number: int,
    options: Options,
    seating: tuple[str, str, str],
    players: dict[str, Player],
    times: dict[str, dict[str, TimeStats]],
    passed: bool = False,
) -> GameOutcome:
    state = State.new(number, arena_bock(number, options), claim_check=settle)
    while passed and state.phase == Phase.BIDDING:  # the auction is given: all three pass
        state = state.apply(next(a for a in state.legal_actions() if a.kind == ActionKind.PASS))
    while not state.is_terminal():
        index = len(state.actions)
        seat = state.current_player
        if seat is None or index >= MAX_ACTIONS:
            return GameOutcome(seating, "crash", error=f"no end after {index} actions")
        name = seating[seat]
        phase = state.phase.value
        try:
            start = time.perf_counter()
            claim = computer_claim(state)  # the house rule ``claims``: a claim that holds
            if claim is not None:
                action = claim
            else:
                info = state.information_state(seat)
                action = players[name].choose(info, decision_rng(number, index))
            elapsed = time.perf_counter() - start
        except Exception as err:  # a crash is counted and reported, never hidden
            where = traceback.extract_tb(err.__traceback__)[-1]
            return GameOutcome(
                seating,
                "crash",
                error=f"{name} in seat {seat} at action {index} ({phase}): "
                f"{type(err).__name__}: {err} [{where.filename}:{where.lineno}]",
            )
        times.setdefault(name, {}).setdefault(phase, TimeStats()).add(elapsed)
        try:
            state = state.apply(action)
        except IllegalActionError as err:
            return GameOutcome(
                seating, "illegal", error=f"{name} in seat {seat} at action {index}: {err}"
            )
        except Exception as err:
            return GameOutcome(
                seating,
                "illegal",
                error=f"{name} in seat {seat} at action {index}: {action!r}: "
                f"{type(err).__name__}: {err}",
            )
    result = state.result()
    actions = tuple(str(a) for a in state.actions)
    if result is None:
        return GameOutcome(seating, "passed", actions=actions)
    if isinstance(result, RamschResult):
        scores = ramsch_list_scores(result, ScoreList.SEEGER_FABIAN)
        return GameOutcome(seating, "ramsch", scores=scores, actions=actions)
    assert isinstance(result, GameResult)
    declarer = state.declarer
    assert declarer is not None  # a game result always has a declarer
    scores = list_scores(result, int(declarer), ScoreList.SEEGER_FABIAN)
    return GameOutcome(
        seating,
        "game",
        scores=scores,
        declarer=int(declarer),
        contract=str(result.contract),
        won=result.won,
        claim=result.claim,
        actions=actions,
    )


_WORKER_PLAYERS: dict[str, Player] = {}


def _players(names: Iterable[str]) -> dict[str, Player]:
    for name in names:
        if name not in _WORKER_PLAYERS:
            _WORKER_PLAYERS[name] = get_player(name)
    return _WORKER_PLAYERS


Task = tuple[int, int, tuple[str, ...], Options, bool]
"""One unit of arena work: deal index, deal number, player names, rule options, whether the
auction is given as three passes."""


def play_deal(task: Task) -> DealOutcome:
    """Play deal ``(index, number, players, options, passed)`` in every seating (the unit of
    work); ``passed``: every seat passes in the auction, so Ramsch or Schieberamsch is played."""
    index, number, names, options, passed = task
    players = _players(names)
    times: dict[str, dict[str, TimeStats]] = {}
    games = [_play_game(number, options, s, players, times, passed) for s in seatings(names)]
    return DealOutcome(index, number, games, times)


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and 95% confidence interval (normal approximation) of ``values``: ``(mean, low,
    high)``; ``(0, 0, 0)`` for no values, the mean three times for one."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n < 2:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


@dataclass
class ArenaReport:
    """The result of a tournament; :meth:`to_json` for machines, :meth:`format` for people."""

    players: tuple[str, ...]
    deals: int
    seed: int
    options: list[Options]
    outcomes: list[DealOutcome]
    seconds: float
    passed: bool = False

    @property
    def games(self) -> list[GameOutcome]:
        """All games of all deals."""
        return [g for d in self.outcomes for g in d.games]

    def errors(self) -> list[tuple[int, int, GameOutcome]]:
        """``(deal index, deal number, game)`` of every illegal action and crash."""
        return [
            (d.index, d.number, g)
            for d in self.outcomes
            for g in d.games
            if g.kind in ("illegal", "crash")
        ]

    def _clean(self) -> list[DealOutcome]:
        return [
            d for d in self.outcomes if all(g.kind not in ("illegal", "crash") for g in d.games)
        ]

    def per_deal_means(self) -> dict[str, list[float]]:
        """Per player, its mean list score per seat-game in each clean deal (deal order)."""
        out: dict[str, list[float]] = {p: [] for p in self.players}
        for d in self._clean():
            for p in self.players:
                total = 0
                count = 0
                for g in d.games:
                    for seat in range(3):
                        if g.seating[seat] == p:
                            total += g.scores[seat]
                            count += 1
                out[p].append(total / count)
        return out

    def to_json(self) -> dict[str, object]:
        """A JSON-ready summary (see the module doc); ``per_deal`` lists, for every clean deal,
        ``[index, number, mean score per seat-game of each player...]`` so that parts of one
        tournament can be merged."""
        means = self.per_deal_means()
        players: dict[str, object] = {}
        for p in self.players:
            m, lo, hi = mean_ci(means[p])
            seat_games = declared = won = 0
            by_type: dict[str, list[int]] = {}
            for g in self.games:
                for seat in range(3):
                    if g.seating[seat] != p or g.kind in ("illegal", "crash"):
                        continue
                    seat_games += 1
                    if g.declarer == seat and g.contract is not None:
                        declared += 1
                        won += bool(g.won)
                        # Revolution (NV) counted apart from the other Null games
                        kind = g.contract if g.contract == "NV" else g.contract[0]
                        entry = by_type.setdefault(kind, [0, 0])
                        entry[0] += 1
                        entry[1] += bool(g.won)
            times: dict[str, TimeStats] = {}
            for d in self.outcomes:
                for phase, stats in d.times.get(p, {}).items():
                    times.setdefault(phase, TimeStats()).merge(stats)
            players[p] = {
                "sf_per_game": round(m, 3),
                "sf_ci95": [round(lo, 3), round(hi, 3)],
                "seat_games": seat_games,
                "declarer_share": round(declared / seat_games, 4) if seat_games else 0.0,
                "declarer_games": declared,
                "declarer_win_rate": round(won / declared, 4) if declared else 0.0,
                "by_game_type": {
                    k: {"games": v[0], "won": v[1], "win_rate": round(v[1] / v[0], 4)}
                    for k, v in sorted(by_type.items())
                },
                "decision_ms": {ph: t.to_json() for ph, t in sorted(times.items())},
            }
        games = self.games
        kinds = {k: sum(1 for g in games if g.kind == k) for k in _KINDS}
        out: dict[str, object] = {
            "players": list(self.players),
            "deals": self.deals,
            "seed": self.seed,
            "options": [options_json(o) for o in self.options],
            "passed_auction": self.passed,
            "games": len(games),
            "clean_deals": len(self._clean()),
            "kinds": kinds,
            "illegal_actions": kinds["illegal"],
            "crashes": kinds["crash"],
            "claims": {
                code: sum(1 for g in games if g.claim == code)
                for code in ("claim_rest", "claim_null", "claim_defenders")
            },
            "errors": [
                {"deal_index": i, "deal_number": n, "seating": list(g.seating), "error": g.error}
                for i, n, g in self.errors()[:50]
            ],
            "seconds": round(self.seconds, 3),
            "games_per_second": round(len(games) / self.seconds, 2) if self.seconds else 0.0,
            "per_player": players,
            "per_deal": [
                [d.index, d.number, *(round(means[p][i], 4) for p in self.players)]
                for i, d in enumerate(self._clean())
            ],
        }
        if len(self.players) == 2:
            a, b = self.players
            diffs = [x - y for x, y in zip(means[a], means[b], strict=True)]
            m, lo, hi = mean_ci(diffs)
            out["difference"] = {
                "first": a,
                "second": b,
                "sf_per_game": round(m, 3),
                "ci95": [round(lo, 3), round(hi, 3)],
                "paired_deals": len(diffs),
            }
        return out

    def format(self) -> str:
        """A plain-text summary for the terminal."""
        data = self.to_json()
        lines = [
            f"arena: {' vs '.join(self.players)}, {self.deals} deals, seed {self.seed}, "
            f"{data['games']} games in {data['seconds']} s ({data['games_per_second']} games/s)",
            f"options: {'; '.join(format_words(o) for o in self.options)}"
            + (" (every auction passed)" if self.passed else ""),
            f"kinds: {data['kinds']}",
            f"illegal actions: {data['illegal_actions']}, crashes: {data['crashes']}",
        ]
        if any(o.claims for o in self.options):
            lines.append(f"games ended by a claim: {data['claims']}")
        per = data["per_player"]
        assert isinstance(per, dict)
        for p, v in per.items():
            lines.append(
                f"{p}: {v['sf_per_game']:+.2f} SF points/game "
                f"(95% CI {v['sf_ci95'][0]:+.2f} .. {v['sf_ci95'][1]:+.2f}), "
                f"declarer {100 * v['declarer_share']:.1f}% of seat-games, "
                f"wins {100 * v['declarer_win_rate']:.1f}% of {v['declarer_games']}"
            )
            types = ", ".join(f"{k} {t['won']}/{t['games']}" for k, t in v["by_game_type"].items())
            lines.append(f"  by game type (won/played): {types or '-'}")
            for phase, t in v["decision_ms"].items():
                lines.append(
                    f"  {phase:<9} decisions {t['n']:>8}: p50 {t['p50_ms']:.3f} ms, "
                    f"p95 {t['p95_ms']:.3f} ms, p99 {t['p99_ms']:.3f} ms, max {t['max_ms']:.3f} ms"
                )
        diff = data.get("difference")
        if isinstance(diff, dict):
            lines.append(
                f"{diff['first']} - {diff['second']}: {diff['sf_per_game']:+.2f} SF points/game "
                f"(95% CI {diff['ci95'][0]:+.2f} .. {diff['ci95'][1]:+.2f}, paired over "
                f"{diff['paired_deals']} deals)"
            )
        errors = data["errors"]
        assert isinstance(errors, list)
        for e in errors[:10]:
            lines.append(f"  ERROR deal {e['deal_number']} {'/'.join(e['seating'])}: {e['error']}")
        return "\n".join(lines)


_KINDS = ("game", "ramsch", "passed", "illegal", "crash")


def _tasks(
    players: tuple[str, ...],
    deals: int,
    seed: int,
    options: Sequence[Options],
    first: int,
    passed: bool,
) -> Iterator[Task]:
    for i in range(first, first + deals):
        yield (i, arena_deal_number(seed, i), players, options[i % len(options)], passed)


def run_arena(
    players: Sequence[str],
    *,
    deals: int,
    seed: int = 0,
    options: Sequence[Options] = (Options(),),
    workers: int = 2,
    progress: bool = False,
    first: int = 0,
    passed: bool = False,
) -> ArenaReport:
    """Play a duplicate tournament and return its report.

    Args:
        players: 1 to 3 different registered player names.
        deals: the number of deal numbers (each is played in every seating).
        seed: the tournament seed (the deal numbers derive from it).
        options: rule options, used in turn by deal index.
        workers: processes (the unit of work is one deal number); 1 plays in this process.
        progress: show a progress bar on stderr.
        first: the index of the first deal (to split one tournament into parts: deals
            ``first .. first + deals - 1`` of ``seed``).
        passed: every seat passes in the auction (three passes are given before the players
            act), to measure Ramsch and Schieberamsch play; every option set must then play
            Ramsch or Schieberamsch when all pass.

    Raises:
        SkatError: bad players, no options, deals, first or workers out of range, or
            ``passed`` with an option set that deals anew when all pass.
    """
    names = tuple(players)
    seatings(names)
    for name in names:
        get_player(name)  # unknown names fail here, before any process starts
    if not options:
        raise SkatError("an arena needs at least one set of rule options")
    if not 0 <= deals <= MAX_DEALS:
        raise SkatError(f"the number of deals must be 0 .. {MAX_DEALS}: {deals!r}")
    if not 0 <= first <= MAX_DEALS:
        raise SkatError(f"the first deal's index must be 0 .. {MAX_DEALS}: {first!r}")
    if not 1 <= workers <= MAX_WORKERS:
        raise SkatError(f"workers must be 1 .. {MAX_WORKERS}: {workers!r}")
    if passed and any(o.all_pass == AllPass.NEW_DEAL for o in options):
        raise SkatError(
            "passed deals need Ramsch or Schieberamsch when all pass in every option set "
            "(e.g. --options ramsch)"
        )
    from tqdm import tqdm

    start = time.perf_counter()
    outcomes: list[DealOutcome] = []
    tasks = _tasks(names, deals, seed, list(options), first, passed)
    with tqdm(total=deals, disable=not progress, file=sys.stderr, unit="deal") as bar:
        if workers <= 1:
            for task in tasks:
                outcomes.append(play_deal(task))
                bar.update(1)
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                for outcome in pool.map(play_deal, tasks, chunksize=4):
                    outcomes.append(outcome)
                    bar.update(1)
    seconds = time.perf_counter() - start
    return ArenaReport(names, deals, seed, list(options), outcomes, seconds, passed)


MAX_DEALS = 10**9
"""The most deals (and the largest first index) one arena run takes."""
MAX_WORKERS = 64
"""The most worker processes one arena run starts."""


def _cmd_arena(args: argparse.Namespace) -> int:
    """Run ``skat arena``: print the report (text or ``--json``); exit 1 on illegal actions."""
    options = [parse_options(text) for text in (args.options or ["isko"])]
    report = run_arena(
        args.players,
        deals=args.deals,
        seed=args.seed,
        options=options,
        workers=args.workers,
        progress=not args.quiet,
        first=args.first,
        passed=args.passed,
    )
    if args.json:
        print(json.dumps(report.to_json(), indent=2))
    else:
        print(report.format())
    return 1 if report.errors() else 0


def add_arena_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``skat arena`` on the subcommand parsers of the ``skat`` command."""
    p = sub.add_parser(
        "arena",
        help="duplicate tournament between computer players (Seeger-Fabian points)",
        description="Play every deal number with every seating of the players; report "
        "Seeger-Fabian points per game with 95% confidence intervals.",
    )
    p.add_argument(
        "players",
        nargs="+",
        help=f"1-3 player names: {', '.join(PLAYER_NAMES)}; a strong one may carry settings "
        "(strong:opponents=xskat,worlds=32)",
    )
    p.add_argument("--deals", type=int, default=100, help="number of deal numbers (default 100)")
    p.add_argument("--seed", type=int, default=0, help="tournament seed (default 0)")
    p.add_argument(
        "--first",
        type=int,
        default=0,
        help="index of the first deal (to run a tournament in parts)",
    )
    p.add_argument(
        "--options",
        action="append",
        help="rule options as comma-separated words, e.g. ramsch,kontra (repeat to rotate "
        "option sets by deal; the scores are Seeger-Fabian points whatever the list); words: "
        + " ".join(sorted(WORDS)),
    )
    p.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    p.add_argument(
        "--passed",
        action="store_true",
        help="every seat passes in the auction, so every deal is Ramsch or Schieberamsch "
        "(needs --options ramsch or schieberamsch)",
    )
    p.add_argument("--json", action="store_true", help="machine-readable JSON output")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=_cmd_arena)
