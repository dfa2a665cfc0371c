"""The open-hand post-mortem of a finished match: where one player's points come from.

For a finished XSkat-table checkpoint (``bench_xskat_match.py``, design ``one``) or a finished
two-player arena run (``skat arena --json``; a folder of ``part-*.json`` from
``bench/arena_parts.sh``), every card of every declared game is judged before it is played: does
the declarer reach what his game needs (:func:`skat.claim.declarer_target`: 61 card points, 90
with Schneider announced or needed by the bid, every trick with Schwarz or ouvert; Null: no
trick) against best play with every card open (:func:`skat.solver.solve_threshold`)? The
verdict after the last card is the game's result. From these verdicts:

* a card *turns* the game when the verdict after it differs from the one before. With every card
  open a card can only turn the game against the side that plays it, so every turn is an
  error: a declarer's card that loses a won game, a defender's card that gives a lost game
  back; the *decisive card* of a turned game is its last turn;
* by player: the declarer share and win rate (by game type), the errors by trick as declarer
  and as defender, and for each declarer how often a game lost open-handed at the first card
  was given back by the defence and how often he then kept it, how many games won open-handed
  at the first card he lost;
* the paired figure: per seat-game of the measured player ("ours": the checkpoint's player at
  XSkat's table, the arena's first player), its Seeger-Fabian score minus its counterpart's in
  the same seat with the same cards (XSkat's computer alone, the mean of its clocks; the arena's
  other player in the mirrored seating), by who declares at the table of ours (its seat,
  another, nobody) and the game type, and by who declares from the seat (both, only one,
  neither), with 95% intervals; over deals, the figure of
  ``bench_xskat_match`` and ``bench.merge_arena``.

The verdicts of each game are appended to a JSON-lines cache as they are found (one row per
distinct game, keyed by its deal number, rules and actions: XSkat alone's equal clocks are
solved once), so a stopped run goes on where it stopped and a rerun solves nothing; ``--workers``
processes solve (:class:`bench.rows.ProcessMapper`). A game costs about 0.15 s of one core
(about 340,000 solver nodes on ``xskat-strong-slip2-dev-300.jsonl``); the cache rows hold the
nodes. An arena run holds no actions: its
deals are played again (:func:`skat.arena.play_deal`, the same players, rules and random
sources; the replays cached beside the verdicts), which costs what the run cost, and a deal
whose replayed scores differ from the run's (players changed since the run's commit) is left
out and named. The report is Markdown on stdout; ``--json``
writes every game's verdicts too. Run from the repository's root::

    .venv/bin/python -m bench.postmortem xskat-strong-slip2-dev-300.jsonl --deals 40
    .venv/bin/python -m bench.postmortem strong-v1-today-seed2035 --workers 2 --json pm.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench import xskat_records as xr
from bench.common import mean_interval, share_half
from bench.rows import ProcessMapper, Row, generate, read_rows
from bench.runs import IN_RUNS, run_path
from skat.action import Action, ActionKind
from skat.arena import arena_bock, arena_deal_number, play_deal
from skat.claim import UNWINNABLE, declarer_target, settle
from skat.options import Options, format_words
from skat.options import from_json as options_from_json
from skat.phases import Phase
from skat.scoring import GameResult
from skat.solver import Solver, position_from_state
from skat.state import State

SETTINGS = {"postmortem": 1}
"""What every cache row holds as its ``settings``: the verdicts' format (they depend on nothing
else)."""

GAME_TYPES = ("G", "C", "S", "H", "D", "N")
"""The game type letters in the report's order (``R``: Ramsch, arena only)."""

WHO = ("our seat", "another seat", "nobody")
"""Who declares at the table of ours, seen from its seat."""

SOURCES = ("both", "only ours", "only the counterpart", "neither")
"""Who declares from the seat of a seat-game: ours at its table, the counterpart in at least half
of its games (as :data:`bench.xskat_records.SOURCES`)."""


# -- the verdicts of one game ---------------------------------------------------------------------
@dataclass(frozen=True)
class Verdicts:
    """The open-hand verdicts of one declared game.

    Attributes:
        declarer: the declarer's seat.
        contract: the contract (ISS notation).
        cards: each card played ``(seat, card)`` in playing order (card: ISS notation).
        wins: before each card, whether the declarer reaches his target with every card open,
            then the game's result (``len(cards) + 1`` values; a game cut short by a claim ends
            with the claim's result).
        nodes: the solver nodes the verdicts took.
    """

    declarer: int
    contract: str
    cards: tuple[tuple[int, str], ...]
    wins: tuple[bool, ...]
    nodes: int

    def turns(self) -> list[int]:
        """The indices of the cards after which the verdict differs from the one before."""
        return [i for i in range(len(self.cards)) if self.wins[i] != self.wins[i + 1]]

    def decisive(self) -> int | None:
        """The index of the last card that turned the game, None if none did."""
        turns = self.turns()
        return turns[-1] if turns else None

    @staticmethod
    def trick(i: int) -> int:
        """The trick (1-10) of card ``i``."""
        return i // 3 + 1

    def to_json(self) -> dict[str, Any]:
        """``{"declarer", "contract", "cards": "0:CJ 1:CA ...", "wins": "1101...", "nodes"}``."""
        return {
            "declarer": self.declarer,
            "contract": self.contract,
            "cards": " ".join(f"{s}:{c}" for s, c in self.cards),
            "wins": "".join("1" if w else "0" for w in self.wins),
            "nodes": self.nodes,
        }

    @classmethod
    def from_json(cls, row: Mapping[str, Any]) -> Verdicts:
        """The verdicts of a :meth:`to_json` object."""
        cards = tuple((int(s), c) for s, c in (t.split(":") for t in row["cards"].split()))
        wins = tuple(w == "1" for w in row["wins"])
        return cls(int(row["declarer"]), str(row["contract"]), cards, wins, int(row["nodes"]))


def game_verdicts(number: int, actions: Sequence[str], options: Options) -> Verdicts | None:
    """The open-hand verdict before every card of the game ``actions`` of deal ``number``
    (module doc), on a solver of its own whose table is kept from card to card; None for a deal
    without a declared game (all passed, Ramsch).

    Raises:
        SkatError: an action the deal does not allow.
    """
    state = State.new(number, options, claim_check=settle if options.claims else None)
    solver = Solver()
    cards: list[tuple[int, str]] = []
    wins: list[bool] = []
    with solver.shared_table():
        for token in actions:
            if state.phase == Phase.PLAY and Action.parse(token).kind == ActionKind.CARD:
                if state.declarer is None or state.contract is None:
                    return None  # Ramsch
                target = declarer_target(state)
                position = position_from_state(state)
                wins.append(target < UNWINNABLE and solver.solve_threshold(position, target))
                cards.append((int(state.current_player or 0), token))
            state = state.apply(token)
    result = state.result()
    if not isinstance(result, GameResult) or state.declarer is None or state.contract is None:
        return None
    wins.append(result.won)
    return Verdicts(
        int(state.declarer), str(state.contract), tuple(cards), tuple(wins), solver.nodes
    )


def game_key(number: int, options: Options, actions: Sequence[str]) -> str:
    """A game's key in the cache: 16 hex digits of the SHA-256 of its deal number, rules and
    actions."""
    text = f"{number}|{format_words(options)}|{' '.join(actions)}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


Job = tuple[str, int, Options, tuple[str, ...]]
"""One game to judge: its key, deal number, rules and actions."""


def judge(job: Job) -> Row:
    """The cache row of one game: its key, :data:`SETTINGS` and its verdicts (``"verdicts"``,
    :meth:`Verdicts.to_json`; null without a declared game)."""
    key, number, options, actions = job
    v = game_verdicts(number, actions, options)
    return {"game": key, "settings": SETTINGS, "verdicts": None if v is None else v.to_json()}


# -- the games of a checkpoint --------------------------------------------------------------------
@dataclass(frozen=True)
class Played:
    """One game of a checkpoint.

    Attributes:
        where: where it was played, for people (``deal 301, seating 2``).
        number: the deal number.
        options: its rules.
        actions: its actions (record notation).
        players: the player of each seat (forehand, middlehand, rearhand), as the report names
            them.
        scores: the Seeger-Fabian scores by seat (game points).
        declarer: the declarer's seat, None without one (passed, Ramsch).
        game: the game type letter (``G C S H D N``, ``R`` Ramsch), None when all passed.
        won: whether the declarer won, None without a declarer.
    """

    where: str
    number: int
    options: Options
    actions: tuple[str, ...]
    players: tuple[str, str, str]
    scores: tuple[int, int, int]
    declarer: int | None
    game: str | None
    won: bool | None

    @property
    def key(self) -> str:
        """Its key in the cache (:func:`game_key`)."""
        return game_key(self.number, self.options, self.actions)


@dataclass(frozen=True)
class SeatGame:
    """One seat-game of ours: the deal's index, its seat, the game, and its counterparts
    (the games of the other player in the same seat with the same cards)."""

    index: int
    seat: int
    game: Played
    counterparts: tuple[Played, ...]

    @property
    def difference(self) -> float:
        """Ours's score minus the counterparts' mean score in the seat (game points)."""
        theirs = sum(c.scores[self.seat] for c in self.counterparts) / len(self.counterparts)
        return self.game.scores[self.seat] - theirs

    @property
    def source(self) -> str:
        """Who declares from the seat: one of :data:`SOURCES`."""
        theirs = 2 * sum(c.declarer == self.seat for c in self.counterparts)
        return SOURCES[2 * (self.game.declarer != self.seat) + (theirs < len(self.counterparts))]

    @property
    def who(self) -> str:
        """Who declares at the table of ours: one of :data:`WHO`."""
        if self.game.declarer is None:
            return WHO[2]
        return WHO[0] if self.game.declarer == self.seat else WHO[1]


@dataclass
class Match:
    """What a post-mortem reads from a checkpoint.

    Attributes:
        title: what was played, for the report's head.
        ours: the measured player's name in the report; ``theirs``: its counterpart's.
        deals: the deals of the checkpoint taken (complete or not).
        games: every game of those deals to judge (at the tables of ours and the
            counterparts').
        seat_games: the seat-games of ours in the complete deals.
        left_out: why each deal left out of the paired figures is left out.
    """

    title: str
    ours: str
    theirs: str
    deals: int
    games: list[Played] = field(default_factory=list)
    seat_games: list[SeatGame] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)


XSKAT = "XSkat"
"""The XSkat computers at the table of ours."""
XSKAT_ALONE = "XSkat alone"
"""XSkat's three computers without us (the counterparts)."""


def xskat_match(path: str, deals: int | None = None) -> Match:
    """The games of the finished XSkat-table checkpoint at ``path`` (its first ``deals`` deals):
    ours (the run's player) in one seat beside two XSkat computers, XSkat alone's clocks as the
    counterparts. A deal counts when its three seatings and at least one clock verify
    (:func:`bench.xskat_records.summarize`'s rule).

    Raises:
        CheckpointError: as :func:`bench.xskat_records.finished_run`.
    """
    header, _ = xr.finished_run(path)
    taken = min(header["deals"], deals or header["deals"])
    match = Match(
        f"{header['player']} at XSkat's table (seed {header['seed']}, deals "
        f"{header['first']}-{header['first'] + taken - 1}, {header['k']} clocks)",
        "ours",
        XSKAT_ALONE,
        taken,
    )
    options = Options()
    by_deal: dict[int, list[xr.Seating]] = {}
    for seating in xr.seatings(path, deals):
        by_deal.setdefault(seating.index, []).append(seating)
    for index, three in by_deal.items():
        alone = [
            _played(
                f"deal {index}, XSkat alone, game {k}",
                three[0].record["number"],
                options,
                a,
                (XSKAT_ALONE,) * 3,
            )
            for k, a in enumerate(three[0].alone)
        ]
        match.games += alone
        games: list[tuple[int, Played]] = []
        for s in three:
            if not isinstance(s.game, xr.Game):
                match.left_out.append(f"deal {index}, our seat {s.seat}: {s.game}")
                continue
            players = tuple("ours" if j == s.seat else XSKAT for j in range(3))
            where = f"deal {index}, our seat {s.seat}"
            played = _played(where, s.record["number"], options, s.game, players)
            match.games.append(played)
            games.append((s.seat, played))
        if not alone:
            match.left_out.append(f"deal {index}: none of XSkat's games alone verified")
        elif len(games) == 3:
            match.seat_games += [SeatGame(index, seat, g, tuple(alone)) for seat, g in games]
    return match


def _played(
    where: str, number: int, options: Options, g: xr.Game, players: tuple[str, ...]
) -> Played:
    return Played(
        where,
        number,
        options,
        g.actions,
        (players[0], players[1], players[2]),
        g.scores,
        g.declarer,
        g.game,
        g.won,
    )


def arena_parts(path: str) -> list[dict[str, Any]]:
    """The JSON reports of an arena run: the file at ``path``, or a folder's ``part-*.json``
    in name order.

    Raises:
        ValueError: no report there, or parts of other players or seeds.
    """
    where = Path(path)
    files = sorted(where.glob("part-*.json")) if where.is_dir() else [where]
    parts = [json.loads(f.read_text(encoding="utf-8")) for f in files]
    if not parts:
        raise ValueError(f"{path}: no arena report (part-*.json)")
    for part, f in zip(parts, files, strict=True):
        if not isinstance(part, dict) or "per_deal" not in part:
            raise ValueError(f"{f}: not a report of skat arena --json")
        if (part["players"], part["seed"]) != (parts[0]["players"], parts[0]["seed"]):
            raise ValueError(f"{f}: other players or another seed than {files[0]}")
    if len(parts[0]["players"]) != 2:
        raise ValueError(
            f"{path}: a paired post-mortem needs two players, not {parts[0]['players']}"
        )
    return parts


ArenaTask = tuple[int, int, tuple[str, ...], Options, bool]
"""One arena deal to play again: index, deal number, players, rules, every auction passed."""


def replay_deal(task: ArenaTask) -> Row:
    """The row of one arena deal played again (:func:`skat.arena.play_deal`): its ``settings``
    (the players), ``deal`` (its index), ``number`` and per seating its ``kind``, ``scores``,
    ``declarer``, ``contract``, ``won`` and ``actions``."""
    outcome = play_deal(task)
    return {
        "settings": {"players": list(task[2])},
        "deal": outcome.index,
        "number": outcome.number,
        "games": [
            {
                "seating": list(g.seating),
                "kind": g.kind,
                "scores": list(g.scores),
                "declarer": g.declarer,
                "contract": g.contract,
                "won": g.won,
                "actions": list(g.actions),
            }
            for g in outcome.games
        ],
    }


def arena_match(path: str, replays: str, workers: int, deals: int | None = None) -> Match:
    """The games of the two-player arena run at ``path`` (its first ``deals`` clean deals),
    played again into the cache ``replays`` (resumed): ours is its first player, the
    counterpart of a seat-game the other player in the same seat of the mirrored seating. A deal
    whose replayed mean scores differ from the run's is left out.

    Raises:
        ValueError: as :func:`arena_parts`.
        SystemExit: the replay cache was written for another run.
    """
    parts = arena_parts(path)
    names = tuple(parts[0]["players"])
    a, b = names
    recorded: dict[int, tuple[int, list[float], Options, bool]] = {}
    for part in parts:
        sets = [options_from_json(o) for o in part["options"]]
        for row in part["per_deal"]:
            index = int(row[0])
            recorded[index] = (
                int(row[1]),
                [float(v) for v in row[2:]],
                sets[index % len(sets)],
                bool(part.get("passed_auction")),
            )
    chosen = sorted(recorded)[: deals or len(recorded)]
    seed = parts[0]["seed"]
    tasks: list[ArenaTask] = []
    for index in chosen:
        number, _, options, passed = recorded[index]
        if number != arena_deal_number(seed, index):
            raise ValueError(f"{path}: deal {index} has number {number}, not the seed's")
        tasks.append((index, number, names, options, passed))
    for _ in generate(
        tasks,
        replays,
        ProcessMapper(workers),
        {"players": list(names)},
        replay_deal,
        keys=("deal", "number"),
        job_key=lambda t: (t[0], t[1]),
    ):
        pass
    rows = {(int(r["deal"]), int(r["number"])): r for r in read_rows(replays)}
    match = Match(
        f"{a} against {b} in the arena (seed {seed}, {len(chosen)} deals)", a, b, len(chosen)
    )
    for index in chosen:
        number, means, options, _ = recorded[index]
        games: dict[tuple[str, ...], Played] = {}
        for g in rows[(index, number)]["games"]:
            seating = tuple(g["seating"])
            contract = g["contract"]
            games[seating] = Played(
                f"deal {index}, {'/'.join(seating)}",
                number,
                arena_bock(number, options),
                tuple(g["actions"]),
                (seating[0], seating[1], seating[2]),
                (g["scores"][0], g["scores"][1], g["scores"][2]),
                g["declarer"],
                None if g["kind"] == "passed" else "R" if g["kind"] == "ramsch" else contract[0],
                g["won"],
            )
        match.games += games.values()
        replayed = []
        for name in names:
            mine = [p.scores[j] for p in games.values() for j in range(3) if p.players[j] == name]
            replayed.append(sum(mine) / len(mine))
        if any(abs(r - m) > 1e-3 for r, m in zip(replayed, means, strict=True)):
            match.left_out.append(
                f"deal {index}: played again, mean scores {replayed}, the run's {means}"
            )
            continue
        for seating, p in games.items():
            mirror = tuple(b if x == a else a for x in seating)
            for seat in range(3):
                if seating[seat] == a:
                    match.seat_games.append(SeatGame(index, seat, p, (games[mirror],)))
    return match


# -- solving --------------------------------------------------------------------------------------
def solve(
    games: Iterable[Played], cache: str, workers: int, progress: bool = False
) -> tuple[dict[str, Verdicts | None], int]:
    """The verdicts of ``games`` by key, those missing from the JSON-lines ``cache`` solved on
    ``workers`` processes and appended to it; and how many were solved now.

    Raises:
        SystemExit: the cache holds rows of another format.
    """
    jobs: dict[str, Job] = {}
    for g in games:
        jobs.setdefault(g.key, (g.key, g.number, g.options, g.actions))
    solved = 0
    for _ in generate(
        list(jobs.values()),
        cache,
        ProcessMapper(workers),
        SETTINGS,
        judge,
        keys=("game",),
        job_key=lambda j: (j[0],),
    ):
        solved += 1
        if progress and solved % 50 == 0:
            print(f"  {solved} games solved", file=sys.stderr)
    out: dict[str, Verdicts | None] = {}
    for row in read_rows(cache):
        if row["game"] in jobs:
            v = row["verdicts"]
            out[row["game"]] = None if v is None else Verdicts.from_json(v)
    return out, solved


# -- the figures ----------------------------------------------------------------------------------
@dataclass
class PlayerFigures:
    """What one player's games show (its seats in the games judged).

    Attributes:
        seat_games: its seat-games; ``declared``, ``won``: those it declared, won.
        types: by game type letter, its declarer games ``[played, won]``.
        first_won: its declarer games won open-handed at the first card; ``first_won_lost``:
            of those, the games it lost.
        first_lost: its declarer games lost open-handed at the first card; ``given_back``: of
            those, the games the defence turned to won at some card; ``kept``: of those, the
            games it won in the end.
        lost: its declarer games lost; ``lost_at_first``: of those, lost at the first card.
        errors: ``[declarer, defender]`` errors by trick (1-10).
        cards: ``[declarer, defender]`` cards it played in declared games.
        decisive: the decisive cards that were its: ``declarer lead``, ``defender follow``, ...
    """

    seat_games: int = 0
    declared: int = 0
    won: int = 0
    types: dict[str, list[int]] = field(default_factory=dict)
    first_won: int = 0
    first_won_lost: int = 0
    first_lost: int = 0
    given_back: int = 0
    kept: int = 0
    lost: int = 0
    lost_at_first: int = 0
    errors: list[Counter[int]] = field(default_factory=lambda: [Counter(), Counter()])
    cards: list[int] = field(default_factory=lambda: [0, 0])
    decisive: Counter[str] = field(default_factory=Counter)


def player_figures(
    games: Iterable[Played], verdicts: Mapping[str, Verdicts | None]
) -> dict[str, PlayerFigures]:
    """The figures of every player of ``games`` by name (each distinct game counted as often
    as it was played)."""
    out: dict[str, PlayerFigures] = {}
    for g in games:
        for name in g.players:
            out.setdefault(name, PlayerFigures())
        for seat in range(3):
            out[g.players[seat]].seat_games += 1
        v = verdicts.get(g.key)
        if g.declarer is None or v is None:
            continue
        f = out[g.players[g.declarer]]
        f.declared += 1
        f.won += bool(g.won)
        letter = g.game or "?"
        f.types.setdefault(letter, [0, 0])
        f.types[letter][0] += 1
        f.types[letter][1] += bool(g.won)
        if v.wins[0]:
            f.first_won += 1
            f.first_won_lost += not g.won
        else:
            f.first_lost += 1
            if any(v.wins):
                f.given_back += 1
                f.kept += bool(g.won)
        if not g.won:
            f.lost += 1
            f.lost_at_first += not v.wins[0]
        for i, (seat, _) in enumerate(v.cards):
            role = 0 if seat == v.declarer else 1
            out[g.players[seat]].cards[role] += 1
            if v.wins[i] != v.wins[i + 1]:
                out[g.players[seat]].errors[role][Verdicts.trick(i)] += 1
        last = v.decisive()
        if last is not None:
            seat = v.cards[last][0]
            side = "declarer" if seat == v.declarer else "defender"
            out[g.players[seat]].decisive[f"{side} {'lead' if last % 3 == 0 else 'follow'}"] += 1
    return out


def _pct(k: float, n: float) -> str:
    return f"{100 * k / n:.1f}%" if n else "-"


def _share(k: int, n: int) -> str:
    p, h = share_half(k, n)
    return f"{100 * p:.1f}% ± {100 * h:.1f}" if n else "-"


def report(
    match: Match, verdicts: Mapping[str, Verdicts | None], solved: int, listed: int = 50
) -> str:
    """The Markdown report of ``match`` (module doc); ``listed``: how many turned games at the
    tables of ours are listed with their decisive card (the first ones by deal)."""
    lines = [f"# Post-mortem: {match.title}", ""]
    distinct = {g.key for g in match.games}
    nodes = sum(v.nodes for k in distinct if (v := verdicts.get(k)) is not None)
    paired: dict[int, list[float]] = {}
    for sg in match.seat_games:
        paired.setdefault(sg.index, []).append(sg.difference)
    lines += [
        f"{len(match.games)} games judged ({len(distinct)} distinct, {solved} solved now, "
        f"{nodes:,} solver nodes); {len(paired)} of {match.deals} deals complete, "
        f"{len(match.left_out)} left out.",
        "",
    ]
    lines += [f"- left out: {why}" for why in match.left_out[:10]]
    ours, theirs = match.ours, match.theirs
    lines += ["", "## The paired figure", ""]
    if paired:
        per_deal = [sum(d) / len(d) for d in paired.values()]
        n = len(match.seat_games)
        lines += [
            f"{ours} − {theirs} (same seat, same cards): **{mean_interval(per_deal)}** SF points "
            f"per game over {len(per_deal)} deals ({n} seat-games of {ours}).",
            "",
            f"By who declares at the table of {ours}, seen from its seat, and the game type: the "
            f"seat-games, {ours} − "
            f"{theirs} per seat-game (95% interval), and its part of the figure (per {n} "
            "seat-games).",
            "",
            "| who declares | game | seat-games | per seat-game | part |",
            "|---|---|---:|---:|---:|",
        ]
        for who in WHO:
            mine = [sg for sg in match.seat_games if sg.who == who]
            if not mine:
                continue
            letters = sorted(
                {sg.game.game or "passed" for sg in mine},
                key=lambda t: (*GAME_TYPES, "R", "passed").index(t),
            )
            for letter in [*letters, "all"]:
                diffs = [
                    sg.difference
                    for sg in mine
                    if letter == "all" or (sg.game.game or "passed") == letter
                ]
                lines.append(
                    f"| {who} | {letter} | {len(diffs)} | {mean_interval(diffs)} | "
                    f"{sum(diffs) / n:+.2f} |"
                )
        lines += [
            "",
            f"By who declares from the seat, {ours} at its table and {theirs} (in at least half "
            "of its games):",
            "",
            "| declares from the seat | seat-games | per seat-game | part |",
            "|---|---:|---:|---:|",
        ]
        for source in SOURCES:
            diffs = [sg.difference for sg in match.seat_games if sg.source == source]
            if diffs:
                lines.append(
                    f"| {source} | {len(diffs)} | {mean_interval(diffs)} | {sum(diffs) / n:+.2f} |"
                )
    figures = player_figures(match.games, verdicts)
    names = [name for name in (ours, XSKAT, theirs) if name in figures]
    lines += [
        "",
        "## Declarers",
        "",
        "Declarer share (95% interval) and win rate; by game type: won/played.",
        "",
        "| player | seat-games | declares | share | wins | by game type |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for name in names:
        f = figures[name]
        types = ", ".join(
            f"{t} {f.types[t][1]}/{f.types[t][0]}" for t in (*GAME_TYPES, "R", "?") if t in f.types
        )
        lines.append(
            f"| {name} | {f.seat_games} | {f.declared} | {_share(f.declared, f.seat_games)} | "
            f"{_share(f.won, f.declared)} | {types} |"
        )
    lines += [
        "",
        "## Open-hand verdicts at the first card, by declarer",
        "",
        "| declarer | won at the 1st card | of them lost | lost at the 1st card | defence gave "
        "back | declarer kept | lost games | of them lost at the 1st card |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name in names:
        f = figures[name]
        lines.append(
            f"| {name} | {f.first_won} | {f.first_won_lost} ({_pct(f.first_won_lost, f.first_won)})"
            f" | {f.first_lost} | {f.given_back} ({_pct(f.given_back, f.first_lost)}) | "
            f"{f.kept} ({_pct(f.kept, f.given_back)}) | {f.lost} | {f.lost_at_first} "
            f"({_pct(f.lost_at_first, f.lost)}) |"
        )
    lines += [
        "",
        "## Errors by trick",
        "",
        "A card after which the open-hand verdict turns against the side that played it: "
        "declarer (decl.) and defender (def.) errors by trick; the last row: cards played.",
        "",
        "| trick | " + " | ".join(f"{n} decl. | {n} def." for n in names) + " |",
        "|---:|" + "---:|" * (2 * len(names)),
    ]
    for trick in range(1, 11):
        cells = [str(figures[n].errors[r][trick]) for n in names for r in (0, 1)]
        lines.append(f"| {trick} | " + " | ".join(cells) + " |")
    total = [str(sum(figures[n].errors[r].values())) for n in names for r in (0, 1)]
    lines.append("| all | " + " | ".join(total) + " |")
    lines.append(
        "| cards | " + " | ".join(str(figures[n].cards[r]) for n in names for r in (0, 1)) + " |"
    )
    lines += ["", "## Decisive cards", "", "The last card that turned a game, by whose card:", ""]
    for name in names:
        tally = ", ".join(f"{what} {k}" for what, k in sorted(figures[name].decisive.items()))
        lines.append(f"- {name}: {tally or 'none'}")
    turned = [
        (g, v, last)
        for g in match.games
        if ours in g.players
        and (v := verdicts.get(g.key)) is not None
        and (last := v.decisive()) is not None
    ]
    lines += [
        "",
        f"Turned games at the tables of {ours} ({len(turned)}; the first "
        f"{min(listed, len(turned))}):",
        "",
        "| game | declarer | contract | result | decisive card |",
        "|---|---|---|---|---|",
    ]
    for g, v, last in turned[:listed]:
        seat, card = v.cards[last]
        role = "declarer" if seat == v.declarer else "defender"
        lines.append(
            f"| {g.where} | {g.players[v.declarer]} (seat {v.declarer}) | {v.contract} | "
            f"{'won' if v.wins[-1] else 'lost'} | trick {Verdicts.trick(last)}: {card} by "
            f"{g.players[seat]} ({role}, seat {seat}) |"
        )
    return "\n".join(lines) + "\n"


def verdicts_json(match: Match, verdicts: Mapping[str, Verdicts | None]) -> dict[str, Any]:
    """Every game of ``match`` with its verdicts: ``{"title", "games": [{"where", "number",
    "players", "scores", "key", "verdicts", "decisive"}]}`` (``verdicts``:
    :meth:`Verdicts.to_json`, null without a declared game; ``decisive``: the index of the
    decisive card, null if none)."""
    games = []
    for g in match.games:
        v = verdicts.get(g.key)
        games.append(
            {
                "where": g.where,
                "number": str(g.number),
                "players": list(g.players),
                "scores": list(g.scores),
                "key": g.key,
                "verdicts": None if v is None else v.to_json(),
                "decisive": None if v is None else v.decisive(),
            }
        )
    return {"title": match.title, "games": games}


def _is_arena(path: str) -> bool:
    if Path(path).is_dir():
        return True
    with open(path, encoding="utf-8") as f:
        first = f.readline()
    try:
        head = json.loads(first)
    except ValueError:
        return True  # an indented arena report
    return not (isinstance(head, dict) and head.get("kind") == "run")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "checkpoint",
        type=run_path,
        help="a finished bench_xskat_match checkpoint (design one), an arena report (skat arena "
        "--json) or a folder of arena parts; " + IN_RUNS,
    )
    parser.add_argument("--deals", type=int, help="only the first DEALS deals")
    parser.add_argument("--workers", type=int, default=2, help="solving processes (2)")
    parser.add_argument(
        "--cache",
        type=run_path,
        help="the verdicts' JSON-lines cache (default: CHECKPOINT.postmortem.jsonl, in the "
        "folder for arena parts; an arena run's replays beside it, NAME-replays.jsonl); " + IN_RUNS,
    )
    parser.add_argument("--json", type=run_path, help="write every game's verdicts to this file")
    parser.add_argument("--list", type=int, default=50, help="turned games listed (50)")
    args = parser.parse_args(argv)
    if args.deals is not None and args.deals < 1:
        parser.error(f"--deals must be at least 1, not {args.deals}")
    if args.workers < 1:
        parser.error(f"--workers must be at least 1, not {args.workers}")
    here = Path(args.checkpoint)
    if not here.exists():
        parser.error(f"{args.checkpoint}: no such file or folder")
    base = str(here / "postmortem") if here.is_dir() else args.checkpoint + ".postmortem"
    cache = args.cache or base + ".jsonl"
    try:
        if _is_arena(args.checkpoint):
            replays = cache.removesuffix(".jsonl") + "-replays.jsonl"
            match = arena_match(args.checkpoint, replays, args.workers, args.deals)
        else:
            match = xskat_match(args.checkpoint, args.deals)
    except (xr.CheckpointError, ValueError) as err:
        parser.error(str(err))
    verdicts, solved = solve(match.games, cache, args.workers, progress=True)
    print(report(match, verdicts, solved, args.list), end="")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(verdicts_json(match, verdicts), f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
