"""Review benchmark: how long ``POST /api/review/stream`` takes to review a deal, and how long
until its first decision is shown (issue 50: ≤ 10 s p95 on two idle cores over ≥ 60 fixed
deals, the first decisions within 2 s).

Deals, fixed before the run: those of :func:`bench.played.heuristic_deals` (drawn by the seed,
the person in the deal's default seat, every seat played by the heuristic), so the person's
decisions include some the strong player would make otherwise.

Each deal is then reviewed as the server reviews it: every decision of the person's seat and
the open-hand verdict handed at once to two warmed-up worker processes
(:class:`skat.server.workers.Computers`, :func:`skat.server.review.judgements`), one deal at a
time; the wall time from the hand-over to the last answer is what a person waits for the whole
review (less the HTTP round trip), the time to the first decision's judgement what they wait
until the first line shows; the workers' CPU seconds for the deal (:func:`timed_decision`,
:func:`timed_verdict`) what it costs on cores of its own (on two idle cores the wall time is
about half of it, as the decisions are shared by the two workers). Figures: median, p95 and max
of the three (seconds), the decisions per deal, and the load average before and after (the
machine's other work slows a run down).

Run::

    .venv/bin/python -m bench.bench_review --deals 60 --seed 1

The figures go to ``docs/benchmarks.md``, section "Reviews".
"""

from __future__ import annotations

import asyncio
import os
import statistics
import time
from collections.abc import Sequence
from typing import Any

from bench.common import argument_parser, percentile
from bench.played import heuristic_deals
from skat.analysis.review import Judgement, decision_indices
from skat.server import game
from skat.server.review import decision_task, judgements, verdict_task
from skat.server.workers import Computers


def deals(count: int, seed: int) -> list[tuple[str, int]]:
    """The records of ``count`` finished deals drawn by ``seed``, each played by the heuristic
    in every seat, with the person's seat (the deal's default seat;
    :func:`bench.played.heuristic_deals`)."""
    return [
        (game.write_record(states[-1]), human) for human, states in heuristic_deals(count, seed)
    ]


def timed_decision(text: str, seat: int, index: int) -> tuple[Judgement, float]:
    """:func:`skat.server.review.decision_task` and the CPU seconds it took (a worker's task)."""
    start = time.process_time()
    judged = decision_task(text, seat, index)
    return judged, time.process_time() - start


def timed_verdict(text: str, seat: int) -> tuple[dict[str, Any], float]:
    """:func:`skat.server.review.verdict_task` and the CPU seconds it took (a worker's task)."""
    start = time.process_time()
    verdict = verdict_task(text, seat)
    return verdict, time.process_time() - start


def _row(name: str, values: Sequence[float]) -> str:
    return (
        f"| {name} | {len(values)} | {statistics.median(values):.2f} | "
        f"{percentile(values, 0.95):.2f} | {max(values):.2f} |"
    )


async def _run(todo: list[tuple[str, int]], workers: int, verbose: bool) -> None:
    computers = Computers(workers, warm_up=True)
    await computers.start()
    whole: list[float] = []
    first: list[float] = []
    cpus: list[float] = []
    counts: list[int] = []
    marks: dict[str, int] = {}
    try:
        for text, seat in todo:
            indices = decision_indices(game.load(text), seat)
            start = time.perf_counter()
            seen: float | None = None
            busy = 0.0
            timed = (timed_decision, timed_verdict)
            async for item, cpu in judgements(computers, text, seat, indices, timed):
                if seen is None:
                    seen = time.perf_counter() - start
                if isinstance(item, Judgement):
                    marks[item.mark] = marks.get(item.mark, 0) + 1
                busy += cpu
            seconds = time.perf_counter() - start
            whole.append(seconds)
            first.append(seconds if seen is None else seen)
            cpus.append(busy)
            counts.append(len(indices))
            if verbose:
                print(
                    f"{seconds:6.2f} s, first {first[-1]:5.2f} s, {busy:6.2f} CPU s, "
                    f"{len(indices):2} decisions"
                )
    finally:
        computers.close()
    print("| time | deals | median s | p95 s | max s |")
    print("|---|---|---|---|---|")
    print(_row("whole review", whole))
    print(_row("first decision", first))
    print(_row("CPU of the workers", cpus))
    print(f"decisions per deal: median {statistics.median(counts)}, max {max(counts)}")
    print("marks:", ", ".join(f"{k} {v}" for k, v in sorted(marks.items())))


def main() -> None:
    parser = argument_parser(__doc__)
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    todo = deals(args.deals, args.seed)
    print(f"{len(todo)} deals (seed {args.seed}), {args.workers} workers")
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    asyncio.run(_run(todo, args.workers, args.verbose))
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
