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

import random
import sys
import time
from collections.abc import Iterator, Sequence

from bench import rows
from bench.common import add_deal_arguments, argument_parser
from bench.rows import Mapper, Row, read_rows
from bench.runs import IN_RUNS, run_path
from skat.arena import arena_deal_number
from skat.deal import deal
from skat.players.labels import LABEL_BUDGET, WORLDS, hand_labels

Job = tuple[int, int, int, int, int]
"""``(seed, deal index, seat, worlds, label budget)``."""


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


def generate(
    jobs: Sequence[Job], out_path: str, mapper: Mapper, settings: dict[str, int]
) -> Iterator[Row]:
    """Label the ``jobs`` the file ``out_path`` lacks, appending each row as it is done (in job
    order), and yield them (:func:`bench.rows.generate`, a row per deal and seat).

    Raises:
        SystemExit: the file holds rows of other settings.
    """
    return rows.generate(
        jobs, out_path, mapper, settings, label_row, keys=("deal", "seat"),
        job_key=lambda job: (job[1], job[2]),
    )  # fmt: skip


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
    mapper = rows.mapper_of(args.ray, args.workers)
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
