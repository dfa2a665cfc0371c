"""Solver-labelled contract data for the learned contract evaluator (issue 28, point 4).

Deals ``--deals`` hands of the arena's sequence (``arena_deal_number(--seed, i)`` for ``i`` from
``--first``) and labels the ten cards of every seat with :func:`skat.players.labels.hand_labels`
(``--worlds`` worlds, ``--label-budget`` solver nodes per label): one JSON line per (deal,
seat), appended to ``--out`` as soon as it is done, in deal order. The run is resumable: a rerun
with the same file and settings labels only the rows the file lacks (a line cut off when the
run was stopped is dropped and labelled again); a file written with other settings is refused.

A row's worlds come from a seed of its deal number and seat, and each row gets a fresh solver,
so the rows are the same whatever the number of worker processes (``--workers``, default 2) or
Ray tasks (``--ray ADDRESS``, or ``--ray local`` for a Ray instance started here; needs the
optional extra ``pip install .[cluster]``).

A row: ``{"settings": {...}, "deal": i, "number": n, "seat": s, "cards": mask, "labels":
{"D": {"hand": [wins, schneider, cut, nodes], "pickup": [...]}, "H": ..., "N": ...},
"nodes": total}``.

Usage::

    nice -n 19 .venv/bin/python -m bench.learn_contracts --deals 400 --seed 28 \\
        --out artifacts/contracts-28.jsonl
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Protocol

from bench.common import add_deal_arguments, argument_parser
from bench.runs import IN_RUNS, run_path
from skat.arena import arena_deal_number
from skat.deal import deal
from skat.players.labels import LABEL_BUDGET, WORLDS, hand_labels

Job = tuple[int, int, int, int, int]
"""``(seed, deal index, seat, worlds, label budget)``."""

Row = dict[str, Any]


class Mapper(Protocol):
    """What runs the rows: ``map(fn, jobs)`` yielding the results in the jobs' order."""

    def map(self, fn: Callable[[Job], Row], jobs: list[Job]) -> Iterable[Row]: ...


def settings_of(seed: int, worlds: int, label_budget: int) -> dict[str, int]:
    """The settings stamped on every row (a checkpoint must match them)."""
    return {"seed": seed, "worlds": worlds, "label_budget": label_budget}


def label_row(job: Job) -> Row:
    """The row of one (deal, seat): its hand's labels (:func:`skat.players.labels.hand_labels`)
    in worlds drawn from a seed of the deal number and the seat."""
    seed, index, seat, worlds, budget = job
    number = arena_deal_number(seed, index)
    cards = deal(number).hands[seat].mask
    labels = hand_labels(cards, seat, random.Random(number * 3 + seat), worlds=worlds,
                         label_budget=budget)  # fmt: skip
    by_game: dict[str, dict[str, list[int]]] = {}
    for label in labels.labels:
        entry = by_game.setdefault(label.game.letter, {})
        entry["hand" if label.hand else "pickup"] = [
            label.wins, label.schneider, label.cut, label.nodes,
        ]  # fmt: skip
    return {
        "settings": settings_of(seed, worlds, budget),
        "deal": index,
        "number": number,
        "seat": seat,
        "cards": cards,
        "labels": by_game,
        "nodes": labels.nodes,
    }


def read_rows(path: str) -> list[Row]:
    """The whole rows of a data file (a line cut off when the run was stopped is skipped)."""
    rows: list[Row] = []
    if not os.path.exists(path):
        return rows
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # a line cut off when the run was stopped
    return rows


def _ends_within_a_line(path: str) -> bool:
    """Whether the file at ``path`` exists and does not end with a line break."""
    if not os.path.exists(path):
        return False
    with open(path, "rb") as f:
        f.seek(0, os.SEEK_END)
        if f.tell() == 0:
            return False
        f.seek(-1, os.SEEK_END)
        return f.read(1) != b"\n"


def generate(
    jobs: Sequence[Job], out_path: str, mapper: Mapper, settings: dict[str, int]
) -> Iterator[Row]:
    """Label the ``jobs`` the file ``out_path`` lacks, appending each row as it is done (in job
    order), and yield them.

    Raises:
        SystemExit: the file holds rows of other settings.
    """
    done: set[tuple[int, int]] = set()
    for row in read_rows(out_path):
        if row["settings"] != settings:
            raise SystemExit(f"{out_path} was written for other settings: {row['settings']}")
        done.add((row["deal"], row["seat"]))
    todo = [job for job in jobs if (job[1], job[2]) not in done]
    if not todo:
        return
    cut_off = _ends_within_a_line(out_path)
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(open(out_path, "a", encoding="utf-8"))
        if cut_off:
            out.write("\n")  # a line cut off when the run was stopped stays a line of its own
        for row in mapper.map(label_row, todo):
            out.write(json.dumps(row, separators=(",", ":")) + "\n")
            out.flush()
            yield row


class ProcessMapper:
    """Rows on ``workers`` local processes (1: in this process)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def map(self, fn: Callable[[Job], Row], jobs: list[Job]) -> Iterator[Row]:
        if self.workers <= 1:
            yield from map(fn, jobs)
            return
        with ProcessPoolExecutor(self.workers) as pool:
            yield from pool.map(fn, jobs, chunksize=1)


class RayMapper:
    """Rows as Ray tasks on the cluster at ``address`` (``local``: a Ray instance started here
    with ``workers`` CPUs), at most ``2 * workers`` in flight, collected in job order.

    Raises:
        SystemExit: Ray is not installed (``pip install .[cluster]``).
    """

    def __init__(self, address: str, workers: int) -> None:
        try:
            import ray
        except ImportError as exc:
            raise SystemExit("--ray needs Ray: pip install .[cluster]") from exc
        self.ray: Any = ray
        self.address = address
        self.workers = workers

    def map(self, fn: Callable[[Job], Row], jobs: list[Job]) -> Iterator[Row]:
        ray = self.ray
        if self.address == "local":
            ray.init(num_cpus=self.workers, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=self.address, log_to_driver=False)
        try:
            task = ray.remote(fn)
            window = max(2, 2 * self.workers)
            pending = [task.remote(job) for job in jobs[:window]]
            at = len(pending)
            while pending:
                row = ray.get(pending.pop(0))
                if at < len(jobs):
                    pending.append(task.remote(jobs[at]))
                    at += 1
                yield row
        finally:
            ray.shutdown()


def jobs_of(seed: int, first: int, deals: int, worlds: int, budget: int) -> list[Job]:
    """Every (deal, seat) job of deals ``first .. first + deals - 1``."""
    return [
        (seed, index, seat, worlds, budget)
        for index in range(first, first + deals)
        for seat in range(3)
    ]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argument_parser(__doc__)
    add_deal_arguments(ap, deals=None, seed=28, first=True, workers=True)
    ap.add_argument(
        "--out",
        required=True,
        type=run_path,
        help="the JSON-lines data file (appended, resumable); " + IN_RUNS,
    )
    ap.add_argument("--worlds", type=int, default=WORLDS, help=f"worlds per hand ({WORLDS})")
    ap.add_argument(
        "--label-budget", type=int, default=LABEL_BUDGET,
        help=f"solver nodes per label ({LABEL_BUDGET})",
    )  # fmt: skip
    ap.add_argument("--ray", metavar="ADDRESS", help="run the rows as Ray tasks (or 'local')")
    args = ap.parse_args(argv)
    settings = settings_of(args.seed, args.worlds, args.label_budget)
    jobs = jobs_of(args.seed, args.first, args.deals, args.worlds, args.label_budget)
    mapper: Mapper = (
        ProcessMapper(args.workers) if args.ray is None else RayMapper(args.ray, args.workers)
    )
    start = time.perf_counter()
    count = nodes = 0
    for row in generate(jobs, args.out, mapper, settings):
        count += 1
        nodes += row["nodes"]
    elapsed = time.perf_counter() - start
    per_row = elapsed / count if count else 0.0
    print(
        f"{count} rows labelled in {elapsed:.1f} s ({per_row:.2f} s a row of wall time, "
        f"{nodes / max(count, 1) / 1e6:.2f} M nodes a row); "
        f"{len(read_rows(args.out))} rows in {args.out}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
