"""Our player against XSkat's computer players at one table, same cards, reproducibly (issue 28).

A duplicate comparison with the installed XSkat 4.0 (Debian package ``xskat``), driven from the
outside through its X11 windows (``xskat_driver.py``). For each deal of the arena's sequence
(``arena_deal_number(seed, i)``, indices ``--first`` .. ``--first + --deals - 1``):

* **XSkat alone**: its three computers play the deal ``--k`` times (``-auto``), each under
  another fixed fake clock (``xskat_records.deal_clocks``). XSkat seeds its computers' random
  numbers once, from the clock's second at its start (``time()``; no pid, no microseconds), so
  a deal and a clock give one game, always; the ``k`` clocks give XSkat's choices their spread.
  XSkat's score in a seat is the mean over the ``k`` games.
* **Our player at the table**, each seating (``--designs``): ``one``, our player in one seat,
  XSkat's two computers beside it; ``two``, our player in two seats, one XSkat computer. Each
  game runs under the deal's first clock, so the same player on the same deal gives the same
  game: a rerun replays it exactly.

XSkat runs under libfaketime's stopped clock (``bench_xskat.faketime_env``: the clock shows the
fixed second for the whole game, its rate ``--speedup`` shortens XSkat's waits). Every game is
replayed in our engine from XSkat's own log (``xskat_records.verify_match``); a game that does
not verify is left out with its deal.

Figures (per design, 95% normal intervals over deals, a deal's value the mean of its seatings):
our seats' score minus XSkat's computer alone in the same seat with the same cards (the paired
figure); our seats' score minus the mean of the XSkat computers at the same table in the same
game; the scores; declarer share; declarer wins by game type, for our player and for XSkat
alone in the same seats. ISkO rules: no Ramsch, no Kontra (XSkat ``-nokontra``).

**Checkpoint.** A run is a JSON-lines file (``--checkpoint``): a header with the protocol (seed,
first, deals, k, player, designs, speedup) and one line per finished game, appended and synced
after every game by this process alone (the workers send their games to it; a lock keeps a
second run off the file). Running the same command again continues where the file ends;
another protocol is refused, so a run's deal count is fixed when it starts and is never
extended after a near miss. ``--report`` prints the figures of a checkpoint without playing.

**Two workers.** ``--workers`` processes (default 2, one a core), each with its own virtual
displays, XSkat processes and scratch folder, take the games in plan order.

**Change-only.** ``--base OLD`` names the checkpoint of an earlier run with the same protocol
but a changed player (or code), over the same deals or more (``--first`` and ``--deals`` may
take a part of them: the deals a calibration was not fitted on). XSkat's games alone are taken
from it. For each game of our player, the new player is asked every decision the old one made,
in our engine from the recorded actions without XSkat (``xskat_records.same_decisions``); if
every answer is the same, the driver would make the same clicks, and XSkat, with the same deal,
clock and clicks, the same moves: the old record is the new player's game and is copied
(``"reused": true``). Only the games where a decision differs are played at XSkat's table. The
report adds the change of the paired figure per deal against the base run, with its interval.
Every game and every such check gets a new player object, so no player's cache (the strong
player's solver table) carries from one game into another.

**Determinism check.** ``--recheck N`` plays the first ``N`` recorded games of each kind again
and compares XSkat's logs and our actions with the checkpoint's (nothing is written).

**Protocol.** The development deals are seed 1, indices 0-599; verification deals are others,
chosen by whoever runs the verification and not named here. Prerequisites (never run by the
test suite)::

    apt-get install xskat xvfb xdotool faketime x11-apps imagemagick

and permission to read a child process's memory (root, or ``kernel.yama.ptrace_scope`` ≤ 1).
Run::

    .venv/bin/python -m bench.bench_xskat_match --checkpoint xskat-heuristic-dev.jsonl \\
        --deals 600 --seed 1 --player heuristic --k 8
    .venv/bin/python -m bench.bench_xskat_match --checkpoint xskat-new.jsonl --deals 600 \\
        --seed 1 --player heuristic --k 8 --base xskat-heuristic-dev.jsonl

About 8 s a game of ours with one person (two persons: 12 s), 0.05 s a game of XSkat alone,
per worker.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import multiprocessing as mp
import os
import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from typing import Any

from bench.bench_xskat import XSkat, die_with_parent, start_display
from bench.common import add_deal_arguments, argument_parser
from bench.runs import IN_RUNS, run_path
from bench.xskat_driver import PREREQUISITES, play_game
from bench.xskat_records import (
    FORMAT,
    PROTOCOL,
    CheckpointError,
    Key,
    append_record,
    check_header,
    compare_lines,
    covers,
    key,
    merge,
    plan,
    read_checkpoint,
    report_lines,
    same_decisions,
    summarize,
)
from skat.deal import deal
from skat.errors import SkatError
from skat.options import Options
from skat.players import get_player


def _play(
    task: dict[str, Any],
    auto: XSkat,
    displays: Sequence[str],
    player_name: str,
    binary: str,
    home: str,
    speedup: int,
) -> dict[str, Any]:
    """One task's record: its game, or the base record it names if the player decides alike.

    Each game gets a new player object, so a player's caches (the strong player's solver
    table) start empty in every game, in a replay and in the check of its decisions alike.
    """
    base = task.pop("base", None)
    if base is not None and same_decisions(get_player(player_name), base, Options()):
        return {**base, "reused": True}
    t0 = time.monotonic()
    if task["kind"] == "auto":
        try:
            log, score_line = auto.play(deal(task["number"]), task["clock"], speedup)
            problem = None
        except (SkatError, OSError, subprocess.SubprocessError) as err:
            log, score_line, problem = None, None, f"{type(err).__name__}: {err}"
        seconds = round(time.monotonic() - t0, 2)
        return {
            **task,
            "log": log,
            "score_line": score_line,
            "problem": problem,
            "seconds": seconds,
        }
    run = play_game(
        task["number"],
        task["start"],
        displays[: task["persons"]],
        get_player(player_name),
        binary,
        home,
        task["clock"],
        speedup,
    )
    return {
        **task,
        "log": run.log,
        "applied": run.applied,
        "decisions": [list(d) for d in run.decisions],
        "problem": run.problem,
        "seconds": round(run.seconds, 2),
        "reused": False,
    }


TASK_FIELDS = ("kind", "index", "number", "k", "clock", "design", "seating", "start", "persons")
"""The fields of a task (:func:`xskat_records.plan`)."""


def _worker(
    tasks: Any, results: Any, persons: int, player_name: str, binary: str, speedup: int
) -> None:
    """A worker process: its own displays, XSkat and scratch folder; tasks until ``None``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the main process ends the workers
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    die_with_parent()  # and a killed main process too
    servers = []
    home = tempfile.mkdtemp(prefix="bench-xskat-match-")
    auto: XSkat | None = None
    try:
        servers = [start_display() for _ in range(persons)]
        displays = [name for _, name in servers]
        auto = XSkat(binary, displays[0])
        while (task := tasks.get()) is not None:
            results.put(_play(task, auto, displays, player_name, binary, home, speedup))
    finally:
        if auto is not None:
            auto.close()
        for proc, _ in servers:
            proc.terminate()
            proc.wait()
        shutil.rmtree(home, ignore_errors=True)


def _run(todo: list[dict[str, Any]], args: argparse.Namespace, persons: int) -> Any:
    """Play ``todo`` on ``args.workers`` workers; yields each finished record."""
    ctx = mp.get_context("fork")
    tasks, results = ctx.Queue(), ctx.Queue()
    for task in todo:
        tasks.put(task)
    workers = [
        ctx.Process(
            target=_worker,
            args=(tasks, results, persons, args.player, args.xskat, args.speedup),
            daemon=True,
        )
        for _ in range(min(args.workers, len(todo)))
    ]
    for _ in workers:
        tasks.put(None)
    for w in workers:
        w.start()
    try:
        for _ in range(len(todo)):
            while True:
                try:
                    yield results.get(timeout=5)
                    break
                except queue.Empty:
                    if not any(w.is_alive() for w in workers):
                        raise SystemExit("every worker ended early") from None
    finally:
        for w in workers:
            if w.is_alive():
                w.terminate()
        for w in workers:
            w.join(timeout=15)


def _commit() -> str | None:
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True
        )
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "skat"], capture_output=True, text=True
        )
        if out.returncode == 0:
            return out.stdout.strip() + ("+changes" if dirty.stdout.strip() else "")
    return None


def _header(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "kind": "run",
        "format": FORMAT,
        "seed": args.seed,
        "first": args.first,
        "deals": args.deals,
        "k": args.k,
        "player": args.player,
        "designs": [d for d in args.designs.split(",") if d],
        "speedup": args.speedup,
        "commit": _commit(),
        "started": time.strftime("%Y-%m-%d %H:%M:%S"),
    }


def _check_player(records: dict[Key, dict[str, Any]], player_name: str) -> None:
    """Refuse to resume with a player that decides otherwise than in the last recorded games."""
    finished = [r for r in records.values() if r["kind"] == "match" and r.get("problem") is None]
    for record in finished[-3:]:
        if not same_decisions(get_player(player_name), record, Options()):
            raise CheckpointError(
                f"{player_name} decides otherwise than in the checkpoint's game {key(record)}: a "
                "changed player is compared change-only (--base) on a new checkpoint"
            )


def _recheck(records: dict[Key, dict[str, Any]], args: argparse.Namespace, persons: int) -> int:
    """Play the first ``args.recheck`` recorded games of each kind again; 1 if any differs."""
    picked: list[dict[str, Any]] = []
    for kind in ("auto", "match"):
        done = [r for r in records.values() if r["kind"] == kind and r.get("problem") is None]
        picked += done[: args.recheck]
    todo = [{f: r[f] for f in TASK_FIELDS if f in r} for r in picked]
    differ = 0
    for again in _run(todo, args, persons):
        old = records[key(again)]
        same = again["log"] == old["log"] and again.get("applied") == old.get("applied")
        differ += not same
        print(f"{key(again)} clock {again['clock']}: {'identical' if same else 'DIFFERS'}")
    print(f"recheck: {len(todo) - differ} of {len(todo)} games identical")
    return 1 if differ else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Play (or continue) a run, then print its figures; see the module's docstring."""
    ap = argument_parser(__doc__)
    ap.add_argument(
        "--checkpoint", required=True, type=run_path, help="the run's JSON-lines file; " + IN_RUNS
    )
    add_deal_arguments(ap, deals=600, seed=1, first=True, workers=True)
    ap.add_argument("--k", type=int, default=8, help="games of XSkat alone a deal (clocks)")
    ap.add_argument("--player", default="heuristic")
    ap.add_argument("--designs", default="one", help="one: ours in one seat; two: in two")
    ap.add_argument("--speedup", type=int, default=20, help="libfaketime rate of XSkat's clock")
    ap.add_argument(
        "--base",
        type=run_path,
        help="an earlier run's checkpoint: play only changed games; " + IN_RUNS,
    )
    ap.add_argument("--report", action="store_true", help="print the figures, play nothing")
    ap.add_argument("--recheck", type=int, default=0, help="replay N games of each kind")
    ap.add_argument("--xskat", default="/usr/games/xskat")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args(argv)
    wanted = _header(args)
    for design in wanted["designs"]:
        if design not in ("one", "two"):
            raise SystemExit(f"unknown design {design!r}: one, two")
    if args.k < 8 and not args.report:
        print(f"note: --k {args.k}; the protocol asks for at least 8", file=sys.stderr)
    options = Options()
    try:
        if os.path.exists(args.checkpoint) and os.path.getsize(args.checkpoint) > 0:
            header, found, torn = read_checkpoint(args.checkpoint)
            check_header(header, wanted, PROTOCOL)
            if torn:
                print("the checkpoint's torn last line is left out", file=sys.stderr)
        elif args.report:
            raise SystemExit(f"{args.checkpoint} does not exist")
        else:
            header, found = wanted, []
        records = merge(found)
        base: dict[Key, dict[str, Any]] = {}
        base_header: dict[str, Any] | None = None
        if args.base:
            base_header, base_found, _ = read_checkpoint(args.base)
            check_header(
                base_header, wanted, [f for f in PROTOCOL if f not in ("player", "first", "deals")]
            )
            covers(base_header, wanted)
            base = merge(base_found)
        if not args.report and not args.recheck:
            _check_player(records, args.player)
    except CheckpointError as err:
        raise SystemExit(f"{args.checkpoint}: {err}") from None
    persons = 2 if "two" in header["designs"] else 1
    if not args.report:
        for tool in ("xdotool", "xwd", "convert", "Xvfb", args.xskat):
            if shutil.which(tool) is None:
                raise SystemExit(f"{tool} not found: apt-get install {PREREQUISITES}")
    if args.recheck:
        return _recheck(records, args, persons)
    if not args.report:
        with open(args.checkpoint, "a", encoding="utf-8") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise SystemExit(f"another run writes {args.checkpoint}") from None
            if os.path.getsize(args.checkpoint) == 0:
                append_record(args.checkpoint, header)
            _play_run(args, header, records, base, persons)
    print(
        f"{header['deals']} deals from index {header['first']} (seed {header['seed']}), player "
        f"{header['player']}, k {header['k']}, checkpoint {args.checkpoint} "
        f"(commit {header.get('commit')})"
    )
    if base:
        ours = [r for r in records.values() if r["kind"] == "match"]
        reused = sum(1 for r in ours if r.get("reused"))
        print(
            f"change-only against {args.base}: {reused} of {len(ours)} games of "
            f"{header['player']} taken from it (every decision the same), {len(ours) - reused} "
            "played at XSkat's table; XSkat's games alone taken from it"
        )
    base_figures = {}
    if base_header is not None:
        base_figures = {f.design: f for f in summarize(base_header, base, options)}
    for figures in summarize(header, records, options):
        for line in report_lines(figures, header["player"], header["k"]):
            print(line)
        if figures.design in base_figures:
            for line in compare_lines(base_figures[figures.design], figures, header["player"]):
                print(line)
    return 0


def _play_run(
    args: argparse.Namespace,
    header: dict[str, Any],
    records: dict[Key, dict[str, Any]],
    base: dict[Key, dict[str, Any]],
    persons: int,
) -> None:
    """Play every planned game not yet recorded, appending each to the checkpoint (a game
    recorded as failed, ``problem``, is played again: the driver's failures are not XSkat's)."""
    todo: list[dict[str, Any]] = []
    for task in plan(header):
        k = key(task)
        if k in records and records[k].get("problem") is None:
            continue
        old = base.get(k)
        if old is not None and old.get("problem") is None:
            if task["kind"] == "auto":
                records[k] = {**old, "reused": True}
                append_record(args.checkpoint, records[k])
                continue
            task["base"] = old
        todo.append(task)
    print(
        f"{len(todo)} games to play (or to check against the base run), {len(records)} "
        f"recorded, {args.workers} workers",
        file=sys.stderr,
    )
    recorded = 0

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupt)  # kill PID stops a run as Ctrl-C does
    signal.signal(signal.SIGINT, interrupt)  # also where a shell started it ignoring SIGINT
    try:
        for attempt in range(2):  # the games the driver lost are played once more at the end
            failed: list[dict[str, Any]] = []
            t0 = time.monotonic()
            for done, record in enumerate(_run(todo, args, persons), 1):
                append_record(args.checkpoint, record)
                records[key(record)] = record
                recorded += 1
                if record.get("problem") is not None:
                    failed.append({f: v for f, v in record.items() if f in TASK_FIELDS})
                if args.verbose or done % 25 == 0 or done == len(todo):
                    left = (time.monotonic() - t0) / done * (len(todo) - done)
                    print(
                        f"{done}/{len(todo)} {key(record)} {record.get('seconds', 0):.1f} s"
                        f"{' reused' if record.get('reused') else ''}"
                        f"{' ' + record['problem'] if record.get('problem') else ''}; "
                        f"{left / 60:.0f} min to go",
                        file=sys.stderr,
                    )
            todo = failed
            if not todo or attempt == 1:
                break
            print(f"{len(todo)} games the driver lost are played again", file=sys.stderr)
    except KeyboardInterrupt:
        print(f"interrupted: {recorded} games recorded this sitting; the same command continues")
        raise SystemExit(130) from None


if __name__ == "__main__":
    sys.exit(main())
