"""The XSkat match's records: fake clocks, the checkpoint file, verification and figures.

Everything here is pure (no XSkat, no X display): ``bench_xskat_match.py`` plays the games and
this module plans them, stores what each game left, checks it against our engine and adds it
up. A run is a header and one JSON line per finished game (the checkpoint); every figure is
computed from those lines again, so a report can be printed at any time and from a copy.

Source of the scores: Seeger-Fabian (ISkO 2022, 5.3), by our engine
(:func:`skat.scoring.list_scores`), which must agree with XSkat's own on every game kept.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bench.bench_xskat import parse_log, replay
from bench.common import mean_interval
from bench.xskat_driver import at_xskat_table
from skat.arena import arena_deal_number
from skat.errors import SkatError
from skat.information import InformationState
from skat.options import Options, ScoreList
from skat.players import Player, decision_rng
from skat.scoring import GameResult, list_scores
from skat.state import State

FORMAT = 1
"""The checkpoint format; a file of another format is refused."""

CLOCK_BASE = 978_307_200
"""2001-01-01 00:00:00 UTC: the earliest fake clock (seconds since 1970)."""
CLOCK_SPAN = 631_152_000
"""Twenty years of seconds: the fake clocks lie in ``CLOCK_BASE + [0, CLOCK_SPAN)``."""

DESIGNS = ("one", "two")
"""``one``: our player in one seat beside two XSkat computers; ``two``: in two seats, one XSkat."""

PROTOCOL = ("format", "seed", "first", "deals", "k", "player", "designs", "speedup")
"""The header fields a resumed run must repeat exactly (the protocol is fixed before a run)."""

START_OF_SEAT = (3, 2, 1)
"""XSkat's ``-start`` that puts its person (player 1) into our seat 0, 1, 2."""

Key = tuple[Any, ...]
"""A game's place in a run: ``("auto", index, k)`` or ``("match", design, index, seating)``."""


class CheckpointError(SkatError):
    """A checkpoint that cannot be read or does not belong to the run asked for."""

    code = "xskat_checkpoint"


# -- fake clocks --------------------------------------------------------------------------------
def deal_clocks(number: int, k: int) -> list[int]:
    """The ``k`` fake clocks of deal ``number``: distinct seconds since 1970 (UTC).

    Clock ``j`` is ``CLOCK_BASE`` plus the first eight bytes of
    ``sha256("xskat clock <number> <j>")`` modulo ``CLOCK_SPAN``; a clock equal to an earlier
    one of the deal is skipped (the next ``j`` is tried), so the first ``k`` clocks of a deal
    are the same for every larger ``k``. XSkat seeds its computers' random numbers from the
    clock's second (docs/experiments/2026-12-xskat-reproducible-runs.md).

    Raises:
        ValueError: ``k`` < 1 or more than ``CLOCK_SPAN`` clocks.
    """
    if not 1 <= k <= CLOCK_SPAN:
        raise ValueError(f"k must be at least 1 and at most {CLOCK_SPAN}, not {k}")
    clocks: list[int] = []
    j = 0
    while len(clocks) < k:
        digest = hashlib.sha256(f"xskat clock {number} {j}".encode("ascii")).digest()
        clock = CLOCK_BASE + int.from_bytes(digest[:8], "big") % CLOCK_SPAN
        if clock not in clocks:
            clocks.append(clock)
        j += 1
    return clocks


def match_clock(number: int) -> int:
    """The fake clock of every game of deal ``number`` with our player: its first clock."""
    return deal_clocks(number, 1)[0]


# -- the plan -----------------------------------------------------------------------------------
def seating(design: str, k: int) -> tuple[int, int, tuple[int, ...]]:
    """Seating ``k`` (0-2) of ``design``: XSkat's ``-start``, the number of persons (displays)
    and our seats.

    ``one``: our player in seat ``k``; ``two``: XSkat's computer (its player 2) in seat ``k``,
    our player in the other two.

    Raises:
        ValueError: an unknown design or a seating outside 0-2.
    """
    if k not in (0, 1, 2):
        raise ValueError(f"a seating is 0, 1 or 2, not {k}")
    if design == "one":
        start, persons = START_OF_SEAT[k], 1
    elif design == "two":
        start, persons = (2 - k) % 3 or 3, 2
    else:
        raise ValueError(f"unknown design {design!r}: {', '.join(DESIGNS)}")
    return start, persons, tuple(sorted((p - start) % 3 for p in range(persons)))


def plan(header: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every game of a run, deal by deal: its ``k`` games of XSkat alone, then its seatings.

    Each task is a record without results: kind, index, number, clock, and ``k`` (XSkat
    alone) or design, seating, start and persons (our player at the table).
    """
    tasks: list[dict[str, Any]] = []
    for index in range(header["first"], header["first"] + header["deals"]):
        number = arena_deal_number(header["seed"], index)
        for k, clock in enumerate(deal_clocks(number, header["k"])):
            tasks.append({"kind": "auto", "index": index, "number": number, "k": k, "clock": clock})
        for design in header["designs"]:
            for s in range(3):
                start, persons, _ = seating(design, s)
                tasks.append(
                    {
                        "kind": "match",
                        "design": design,
                        "index": index,
                        "number": number,
                        "seating": s,
                        "start": start,
                        "persons": persons,
                        "clock": match_clock(number),
                    }
                )
    return tasks


def key(record: Mapping[str, Any]) -> Key:
    """The place of a task or record in its run."""
    if record["kind"] == "auto":
        return ("auto", record["index"], record["k"])
    return ("match", record["design"], record["index"], record["seating"])


# -- the checkpoint -----------------------------------------------------------------------------
def check_header(
    found: Mapping[str, Any], wanted: Mapping[str, Any], fields: Sequence[str]
) -> None:
    """Refuse a checkpoint whose protocol differs from the run asked for.

    Raises:
        CheckpointError: naming every field of ``fields`` that differs.
    """
    differ = [
        f"{f} {found.get(f)!r} (asked: {wanted.get(f)!r})"
        for f in fields
        if found.get(f) != wanted.get(f)
    ]
    if differ:
        raise CheckpointError(
            "the checkpoint was started with another protocol: "
            + "; ".join(differ)
            + ". A run's deals and settings are fixed before it starts; start a new checkpoint."
        )


def covers(base: Mapping[str, Any], run: Mapping[str, Any]) -> None:
    """Refuse a base run whose deals do not include every deal of ``run`` (a change-only run
    may take a part of its base's deals, e.g. those a fit did not see).

    Raises:
        CheckpointError: naming both ranges of deal indices.
    """
    first, last = base["first"], base["first"] + base["deals"]
    if not (first <= run["first"] and run["first"] + run["deals"] <= last):
        raise CheckpointError(
            f"the base run has the deals {first}-{last - 1}, not all of "
            f"{run['first']}-{run['first'] + run['deals'] - 1}"
        )


def read_checkpoint(path: str) -> tuple[dict[str, Any], list[dict[str, Any]], bool]:
    """The header, the game records and whether a torn last line was left out.

    A line cut off by an interrupted write (the last line, without its newline or not JSON) is
    not a record; :func:`append_record` cuts it off before it writes the next.

    Raises:
        CheckpointError: no header, a format other than :data:`FORMAT`, or a line before the
            last that is not a record (naming its line number).
    """
    with open(path, encoding="utf-8") as f:
        text = f.read()
    lines = text.split("\n")
    torn = lines[-1] != ""
    body = lines[:-1]
    if torn:
        try:
            json.loads(lines[-1])
        except ValueError:
            pass
        else:
            torn = False  # a whole record that only lacks its newline
            body = lines
    records: list[dict[str, Any]] = []
    header: dict[str, Any] | None = None
    for number, line in enumerate(body, 1):
        try:
            value = json.loads(line)
        except ValueError:
            if number == len(body) and not torn:
                torn = True  # a torn line a later write ended with a newline
                continue
            raise CheckpointError(f"{path} line {number} is not JSON") from None
        if not isinstance(value, dict) or "kind" not in value:
            raise CheckpointError(f"{path} line {number} is not a record")
        if number == 1:
            if value["kind"] != "run":
                raise CheckpointError(f"{path} does not start with a run header")
            if value.get("format") != FORMAT:
                raise CheckpointError(f"{path} has format {value.get('format')}, not {FORMAT}")
            header = value
        else:
            records.append(value)
    if header is None:
        raise CheckpointError(f"{path} is empty")
    return header, records, torn


def finished_run(path: str) -> tuple[dict[str, Any], dict[Key, dict[str, Any]]]:
    """The header and the records (by :func:`key`) of a finished run of design ``one`` at
    ``path``: every game of XSkat alone and every seating of every deal recorded.

    Raises:
        CheckpointError: the file is no checkpoint, its last line is torn, the run has no design
            ``one``, or a game is missing (named).
    """
    header, found, torn = read_checkpoint(path)
    if torn:
        raise CheckpointError(f"{path}: the last record is torn: finish the run first")
    if "one" not in header["designs"]:
        raise CheckpointError(f"{path}: the run has no design 'one' (it has {header['designs']})")
    records = merge(found)
    for index in range(header["first"], header["first"] + header["deals"]):
        wanted: list[Key] = [("auto", index, k) for k in range(header["k"])]
        wanted += [("match", "one", index, s) for s in range(3)]
        for k in wanted:
            if k not in records:
                raise CheckpointError(f"{path}: no record of {k}: finish the run first")
    return header, records


def append_record(path: str, record: Mapping[str, Any]) -> None:
    """Add one record as one line and make it durable before returning (``fsync``).

    A torn last line (an interrupted write) is cut off first. One process writes a checkpoint
    (the caller holds its lock), so a line is never interleaved with another.
    """
    line = (json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n").encode()
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":
            tail = size - 1
            while tail > 0 and os.pread(fd, 1, tail - 1) != b"\n":
                tail -= 1
            os.ftruncate(fd, tail)
        os.write(fd, line)
        os.fsync(fd)
    finally:
        os.close(fd)


def merge(*runs: Iterable[Mapping[str, Any]]) -> dict[Key, dict[str, Any]]:
    """The records of several runs or sittings by key; the first of equal records is kept.

    Two records of one key must have the same XSkat log (the same deal, clock and our
    decisions give the same XSkat game), and those of our player the same actions.

    Raises:
        CheckpointError: two records of one key that differ (a determinism failure, or files of
            other runs), naming the key.
    """
    out: dict[Key, dict[str, Any]] = {}
    for records in runs:
        for record in records:
            k = key(record)
            if k not in out:
                out[k] = dict(record)
                continue
            old = out[k]
            same = all(old.get(f) == record.get(f) for f in ("clock", "log", "applied"))
            if not same and old.get("problem") is None and record.get("problem") is None:
                raise CheckpointError(f"two records of {k} differ: XSkat is not deterministic")
            if old.get("problem") is not None and record.get("problem") is None:
                out[k] = dict(record)  # a finished game replaces a failed try
    return out


# -- change-only --------------------------------------------------------------------------------
def recorded_decisions(
    record: Mapping[str, Any], options: Options
) -> Iterator[tuple[int, int, str, InformationState]]:
    """Each of our player's recorded decisions ``(ply, seat, action)`` of ``record``'s game,
    with the information state it was asked in (what XSkat's table offers,
    :func:`bench.xskat_driver.at_xskat_table`), in the order played: the recorded actions are
    replayed in our engine (no XSkat). The decisions stop at the first that lies beyond the
    recorded actions (a record cut short)."""
    applied = record["applied"]
    state = State.new(record["number"], options)
    done = 0
    for ply, seat, action in record["decisions"]:
        if ply > len(applied):
            return
        while done < ply:
            state = state.apply(applied[done])
            done += 1
        yield ply, seat, action, at_xskat_table(state.information_state(seat))


def same_decisions(player: Player, record: Mapping[str, Any], options: Options) -> bool:
    """Whether ``player`` makes every decision our player made in ``record``'s game.

    At each recorded decision (:func:`recorded_decisions`) the player is asked with the same
    information state and the same random source (:func:`skat.players.decision_rng`). If it
    chooses the same everywhere, the driver makes the same clicks at XSkat's table, and XSkat
    (the same deal, clock and clicks) plays the same game: the record stands for the player's
    game. A record whose game did not end (``problem``), or whose decisions lie beyond its
    actions, never stands. ``player`` is a new object, as at the start of a game (a player with
    a cache, such as the strong player's solver table, decides as it did only from the same
    start).
    """
    if record.get("problem") is not None or record.get("log") is None:
        return False
    if any(ply > len(record["applied"]) for ply, _, _ in record["decisions"]):
        return False
    return all(
        str(player.choose(info, decision_rng(record["number"], ply))) == action
        for ply, _, action, info in recorded_decisions(record, options)
    )


# -- verification -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Game:
    """One verified game: Seeger-Fabian scores by seat, the declarer's seat (None: passed),
    its game type letter (``G C S H D N``), whether it won, and its actions in our record
    notation (XSkat's log replayed in our engine: the shortest auction that makes its declarer
    play at its bid, the pick-up and discard, the contract, the cards)."""

    scores: tuple[int, int, int]
    declarer: int | None
    game: str | None
    won: bool | None
    actions: tuple[str, ...] = ()


def _scores(
    number: int, actions: Sequence[str], options: Options
) -> tuple[GameResult | None, State]:
    state = State.new(number, options)
    for token in actions:
        state = state.apply(token)
    result = state.result()
    return (result if isinstance(result, GameResult) else None), state


def _game(number: int, actions: Sequence[str], options: Options) -> Game:
    result, state = _scores(number, actions, options)
    if result is None or state.declarer is None or state.contract is None:
        return Game((0, 0, 0), None, None, None, tuple(actions))
    scores = list_scores(result, state.declarer, ScoreList.SEEGER_FABIAN)
    return Game(scores, state.declarer, state.contract.game.letter, result.won, tuple(actions))


def verify_auto(record: Mapping[str, Any], options: Options) -> Game | str:
    """The game of XSkat's three computers in ``record``, or why it is left out."""
    if record.get("problem") is not None:
        return str(record["problem"])
    try:
        g = parse_log(record["log"], record["score_line"])
    except SkatError as err:
        return f"XSkat's log is unreadable: {err}"
    check = replay(record["number"], g, options)
    if check.problems:
        return "XSkat's log differs from our engine: " + "; ".join(check.problems)
    return _game(record["number"], check.actions, options)


def parse_gui_log(log: str, start: int) -> Any:
    """XSkat's log of a game with persons: columns are XSkat's players 0 1 2, each name in
    two header lines of 12 characters a column (the first person's name is empty here).

    Raises:
        SkatError: as :func:`bench_xskat.parse_log`.
    """
    seats = tuple((p - start) % 3 for p in range(3))
    lines = log.lstrip("\n").splitlines()
    if len(lines) < 2:
        raise SkatError(f"not an XSkat game log: {log[:80]!r}")
    names = [
        " ".join(f"{lines[0][12 * k : 12 * k + 12]} {lines[1][12 * k : 12 * k + 12]}".split())
        for k in range(3)
    ]
    return parse_log(log, None, (seats[0], seats[1], seats[2]), (names[0], names[1], names[2]))


def _cards(tokens: Sequence[str]) -> list[str]:
    return [t for t in tokens if re.fullmatch(r"[CSHD][789TJQKA]", t)]


def verify_match(record: Mapping[str, Any], options: Options) -> Game | str:
    """The game of our player at XSkat's table in ``record``, or why it is left out.

    XSkat's own log is replayed in our engine: won or lost and the card points must be
    XSkat's; every card the driver applied must be XSkat's (the driver may stop before the last
    trick's computer cards: the log is complete first); and the contract our player was told
    must be XSkat's. The scores are our engine's of XSkat's logged game.
    """
    if record.get("problem") is not None:
        return str(record["problem"])
    if record.get("log") is None:
        return "no XSkat log"
    try:
        g = parse_gui_log(record["log"], record["start"])
    except SkatError as err:
        return f"XSkat's log is unreadable: {err}"
    check = replay(record["number"], g, options)
    if check.problems:
        return "XSkat's log differs from our engine: " + "; ".join(check.problems)
    applied = record["applied"]
    mine, theirs = _cards(applied), _cards(check.actions)
    if mine != theirs[: len(mine)]:
        return "the driver's cards differ from XSkat's log"
    try:
        _, state = _scores(record["number"], applied, options)
    except SkatError as err:
        return f"the driver's actions are not legal: {err}"
    if state.contract != g.contract:
        return f"contract read {state.contract}, XSkat's log: {g.contract}"
    return _game(record["number"], check.actions, options)


@dataclass(frozen=True)
class Seating:
    """One seating of design ``one`` in a finished run: the deal's index, our seat, the record
    of our player's game, that game verified (or why it is left out), and XSkat alone's games of
    the deal that verified."""

    index: int
    seat: int
    record: dict[str, Any]
    game: Game | str
    alone: list[Game]


def seatings(path: str, deals: int | None = None) -> Iterator[Seating]:
    """Every seating of design ``one`` of the finished run at ``path`` (its first ``deals``
    deals), in deal and seating order.

    Raises:
        CheckpointError: as :func:`finished_run`.
    """
    header, records = finished_run(path)
    options = Options()
    last = header["first"] + min(header["deals"], deals or header["deals"])
    for index in range(header["first"], last):
        autos = [verify_auto(records[("auto", index, k)], options) for k in range(header["k"])]
        alone = [a for a in autos if isinstance(a, Game)]
        for s in range(3):
            record = records[("match", "one", index, s)]
            seat = seating("one", s)[2][0]
            yield Seating(index, seat, record, verify_match(record, options), alone)


# -- figures ------------------------------------------------------------------------------------
GAME_TYPES = ("G", "C", "S", "H", "D", "N")


@dataclass
class Figures:
    """What one design's complete deals show (a deal is complete when its ``k`` games of XSkat
    alone and its three seatings are recorded and at least one of the former and all of the
    latter are verified).

    Attributes:
        design: ``one`` or ``two``.
        deals: the deals the run plans.
        paired: per complete deal (by index), the mean over its seatings of our seats' score
            minus the mean score of XSkat's computer in the same seat with the same cards in
            its games alone (the mean over the deal's verified clocks).
        mates: per complete deal, the mean over its seatings of our seats' score minus the mean
            score of the XSkat computers at the same table in the same game.
        ours: per seat-game of ours, our score.
        xskat: per seat-game of ours, XSkat alone's mean score in that seat.
        declared: our declarer games; ``xskat_declared`` XSkat alone's in the same seats
            (each of a deal's games alone counts ``1/k``).
        types: by game type letter, our declarer games ``[won, lost]``; ``xskat_types`` XSkat
            alone's in the same seats (weighted as ``xskat_declared``).
        missing: deals with a game not yet recorded.
        left_out: why each incomplete recorded deal is left out.
        sources: per seat-game of ours, its score minus XSkat alone's in that seat, by who
            declares: :data:`SOURCES` (where the paired figure comes from).
    """

    design: str
    deals: int
    paired: dict[int, float] = field(default_factory=dict)
    mates: dict[int, float] = field(default_factory=dict)
    ours: list[float] = field(default_factory=list)
    xskat: list[float] = field(default_factory=list)
    declared: int = 0
    xskat_declared: float = 0.0
    types: dict[str, list[int]] = field(default_factory=dict)
    xskat_types: dict[str, list[float]] = field(default_factory=dict)
    missing: int = 0
    left_out: list[str] = field(default_factory=list)
    sources: dict[str, list[float]] = field(default_factory=dict)


SOURCES = (
    "both declare in this seat",
    "only ours declares",
    "only XSkat alone declares",
    "neither declares",
)
"""The seat-games of ours by who declares from that seat: our player, and XSkat's computer alone
in the same seat in most of its clocks."""


def summarize(
    header: Mapping[str, Any], records: Mapping[Key, Mapping[str, Any]], options: Options
) -> list[Figures]:
    """Each design's figures from a run's records (by :func:`key`; see :func:`merge`)."""
    out = [Figures(design, header["deals"]) for design in header["designs"]]
    for index in range(header["first"], header["first"] + header["deals"]):
        autos_found = [records.get(("auto", index, k)) for k in range(header["k"])]
        alone: list[Game] = []
        problems: list[str] = []
        for record in autos_found:
            if record is not None:
                g = verify_auto(record, options)
                if isinstance(g, Game):
                    alone.append(g)
                else:
                    problems.append(f"deal {index}, XSkat alone, clock {record['clock']}: {g}")
        for figures in out:
            seatings = [records.get(("match", figures.design, index, s)) for s in range(3)]
            if None in autos_found or None in seatings:
                figures.missing += 1
                continue
            figures.left_out.extend(problems)  # the deal stays with its other clocks
            games: list[tuple[Game, tuple[int, ...]]] = []
            left = [] if alone else [f"deal {index}: none of XSkat's games alone verified"]
            for s, record in enumerate(seatings):
                assert record is not None
                g = verify_match(record, options)
                if isinstance(g, Game):
                    games.append((g, seating(figures.design, s)[2]))
                else:
                    left.append(f"deal {index}, {figures.design}, seating {s}: {g}")
            if left:
                figures.left_out.extend(left)
                continue
            _add_deal(figures, index, games, alone)
    return out


def _add_deal(
    figures: Figures, index: int, games: list[tuple[Game, tuple[int, ...]]], alone: list[Game]
) -> None:
    baseline = [sum(a.scores[j] for a in alone) / len(alone) for j in range(3)]
    paired: list[float] = []
    mates: list[float] = []
    for g, seats in games:
        others = [j for j in range(3) if j not in seats]
        mate = sum(g.scores[j] for j in others) / len(others)
        paired.append(sum(g.scores[j] - baseline[j] for j in seats) / len(seats))
        mates.append(sum(g.scores[j] - mate for j in seats) / len(seats))
        for j in seats:
            figures.ours.append(g.scores[j])
            figures.xskat.append(baseline[j])
            xskat_declares = 2 * sum(a.declarer == j for a in alone) >= len(alone)
            source = SOURCES[2 * (g.declarer != j) + (not xskat_declares)]
            figures.sources.setdefault(source, []).append(g.scores[j] - baseline[j])
            if g.declarer == j and g.game is not None:
                figures.declared += 1
                figures.types.setdefault(g.game, [0, 0])[0 if g.won else 1] += 1
            for a in alone:
                if a.declarer == j and a.game is not None:
                    figures.xskat_declared += 1 / len(alone)
                    won_lost = figures.xskat_types.setdefault(a.game, [0.0, 0.0])
                    won_lost[0 if a.won else 1] += 1 / len(alone)
    figures.paired[index] = sum(paired) / len(paired)
    figures.mates[index] = sum(mates) / len(mates)


def report_lines(figures: Figures, player: str, k: int) -> list[str]:
    """The printed figures of one design (95% normal intervals over deals)."""
    what = "one seat, two XSkat computers" if figures.design == "one" else "two seats, one XSkat"
    complete = len(figures.paired)
    lines = [
        f"design {figures.design} ({what}): {complete} of {figures.deals} deals complete, "
        f"{len(figures.left_out)} games left out, {figures.missing} deals not yet played"
        + ("" if figures.missing == 0 else "  ** an unfinished run: not a result **")
    ]
    lines += ["  left out: " + line for line in figures.left_out[:8]]
    if not complete:
        return lines
    seat_games = len(figures.ours)
    lines += [
        f"  {player} − XSkat's computer in the same seat, same cards (XSkat alone, mean of "
        f"{k} clocks): {mean_interval(figures.paired.values())} SF points per game, "
        f"{complete} deals",
        f"  {player} − the mean of the XSkat computers at its table (same game): "
        f"{mean_interval(figures.mates.values())}",
        f"  SF points per game in its seats: {player} {mean_interval(figures.ours)}, "
        f"XSkat alone in the same seats {mean_interval(figures.xskat)}",
        f"  declarer in its seats: {player} {100 * figures.declared / seat_games:.1f}% "
        f"({figures.declared} of {seat_games} seat-games), XSkat alone "
        f"{100 * figures.xskat_declared / seat_games:.1f}%",
        f"  declarer wins by game type, {player} | XSkat alone (games per {seat_games} "
        "seat-games, won):",
    ]
    for letter in GAME_TYPES:
        ours = figures.types.get(letter, [0, 0])
        theirs = figures.xskat_types.get(letter, [0.0, 0.0])
        if sum(ours) == 0 and sum(theirs) == 0:
            continue
        lines.append(
            f"    {letter + ':':4} {sum(ours):4d} {_rate(ours[0], sum(ours))} | "
            f"{sum(theirs):6.1f} {_rate(theirs[0], sum(theirs))}"
        )
    won = sum(w for w, _ in figures.types.values())
    xwon = sum(w for w, _ in figures.xskat_types.values())
    lines.append(
        f"    all: {figures.declared:4d} {_rate(won, figures.declared)} | "
        f"{figures.xskat_declared:6.1f} {_rate(xwon, figures.xskat_declared)}"
    )
    lines.append(
        "  where the paired figure comes from, by who declares from the seat (seat-games; mean "
        f"difference; its part of the figure, per {seat_games} seat-games):"
    )
    for source in SOURCES:
        diffs = figures.sources.get(source, [])
        if diffs:
            lines.append(
                f"    {source + ':':27s} {len(diffs):5d}  {sum(diffs) / len(diffs):+8.2f}  "
                f"{sum(diffs) / seat_games:+7.2f}"
            )
    lines.append("  Kontra: none (ISkO rules; XSkat plays -nokontra)")
    return lines


def _rate(won: float, games: float) -> str:
    return f"{100 * won / games:5.1f}%" if games else "    -"


def compare_lines(base: Figures, new: Figures, player: str) -> list[str]:
    """The change from ``base`` to ``new`` (one design, the same deals): the paired figure's
    difference per deal over the deals complete in both, with its 95% interval."""
    common = sorted(set(base.paired) & set(new.paired))
    diffs = [new.paired[i] - base.paired[i] for i in common]
    changed = sum(1 for d in diffs if d != 0)
    return [
        f"  change against the base run: {mean_interval(diffs)} SF points per game over "
        f"{len(common)} deals complete in both ({changed} deals scored otherwise); base paired "
        f"figure {mean_interval(base.paired[i] for i in common)}, "
        f"{player} {mean_interval(new.paired[i] for i in common)}"
    ]
