"""Hint benchmark: how long ``POST /api/hint`` takes to compute a hint (issue 29, target ≤ 1 s
p95 on an idle 2-core machine).

Positions, fixed before the run: the deals of :func:`bench.played.heuristic_deals` (drawn by
the seed, the person in the deal's default seat, every seat played by the heuristic), and in
each every position in which the person's seat is to act: every bid, hold or pass, the skat,
the discard, the declaration, Kontra, and every card.

Each position's hint is then computed as the server computes it: the record is sent to one
warmed-up worker process (:class:`skat.server.workers.Computers`) running
:func:`skat.server.assist.hint_and_nodes` (the route's task with the solver nodes it searched),
one at a time; the wall time around the call is what a person waits for, less the HTTP
round trip, and the worker's CPU time for the hint (:func:`timed_hint`) what it costs on a core
of its own. Figures: per kind of decision and overall (median, mean, p95, max in seconds), and
the solver's node rate (all nodes over all CPU seconds).

Run::

    .venv/bin/python -m bench.bench_hint --deals 40 --seed 1

The figures go to ``docs/benchmarks.md``, section "Hints".
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from bench.common import argument_parser, percentile
from bench.played import heuristic_deals
from skat.server import assist, game
from skat.server.workers import Computers


def positions(deals: int, seed: int) -> list[tuple[str, int]]:
    """The records (with the person's seat) of every decision of the person in ``deals`` deals
    drawn by ``seed``, each deal played by the heuristic in all seats
    (:func:`bench.played.heuristic_deals`)."""
    return [
        (game.write_record(state), human)
        for human, states in heuristic_deals(deals, seed)
        for state in states
        if state.current_player == human and not state.is_terminal()
    ]


def timed_hint(text: str, human: int) -> tuple[dict[str, Any], int, float]:
    """:func:`skat.server.assist.hint_and_nodes` and the CPU seconds it took (a worker's task)."""
    start = time.process_time()
    hint, nodes = assist.hint_and_nodes(text, human)
    return hint, nodes, time.process_time() - start


def _row(name: str, values: Sequence[float]) -> str:
    return (
        f"| {name} | {len(values)} | {statistics.median(values):.2f} | "
        f"{statistics.fmean(values):.2f} | {percentile(values, 0.95):.2f} | {max(values):.2f} |"
    )


async def _run(todo: list[tuple[str, int]], verbose: bool) -> None:
    computers = Computers(1, warm_up=True)
    await computers.start()
    by_kind: dict[str, list[float]] = defaultdict(list)
    cpu_by_kind: dict[str, list[float]] = defaultdict(list)
    every: list[float] = []
    cpu_every: list[float] = []
    nodes = 0
    try:
        for text, human in todo:
            start = time.perf_counter()
            hint, searched, cpu = await computers.call(timed_hint, text, human)
            seconds = time.perf_counter() - start
            by_kind[hint["kind"]].append(seconds)
            cpu_by_kind[hint["kind"]].append(cpu)
            every.append(seconds)
            cpu_every.append(cpu)
            nodes += searched
            if verbose:
                print(
                    f"{seconds:6.2f} s {cpu:6.2f} cpu {searched:>10} nodes {hint['kind']:8} "
                    f"{hint['action']}"
                )
    finally:
        computers.close()
    for clock, kinds, total in (("wall", by_kind, every), ("cpu", cpu_by_kind, cpu_every)):
        print(f"| decision ({clock}) | hints | median s | mean s | p95 s | max s |")
        print("|---|---|---|---|---|---|")
        for kind in sorted(kinds):
            print(_row(kind, kinds[kind]))
        print(_row("all", total))
    rate = nodes / sum(cpu_every) / 1e6
    print(f"solver: {nodes:,} nodes in {sum(cpu_every):.1f} CPU s, {rate:.1f} M nodes/s")


def main() -> None:
    parser = argument_parser(__doc__)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    todo = positions(args.deals, args.seed)
    print(f"{len(todo)} positions of {args.deals} deals (seed {args.seed})")
    asyncio.run(_run(todo, args.verbose))


if __name__ == "__main__":
    main()
