"""Solver benchmark: open-hand solves of random 10-card deals, against a naive yardstick.

Deals: ``random.Random(seed)`` shuffles the 32 cards once per deal; seats 0, 1, 2 get cards
0-9, 10-19, 20-29 of the shuffled deck and the skat the last two. The same deals are played as a
clubs game (the suit game: always clubs, not the declarer's best suit), as Grand and as Null, with
the declarer in forehand (seat 0) and to lead. Timed per position, single thread, after
:func:`skat.solver.warm_up`:

* threshold solves (61 card points) for clubs and Grand, the Null solve, and exact values for
  clubs and Grand (MTD(f)), with nodes searched and nodes per second; with ``--bisection N`` the
  first N deals' exact values once more by bisection of the point range, for comparison;
* the first ``--naive`` deals of the clubs and Grand thresholds once more through the naive
  pure-Python alpha-beta of ``bench/naive_alphabeta.py`` (same positions, same run), for the
  speed-up ratio;
* with ``--ramsch N`` the first N deals as Ramsch positions with 10, 9 and 8 cards in each hand
  (the first cards of each seat's ten): the values of all forehand's cards (``move_values``, the
  paranoid search), the cost of solving Ramsch card play;
* compile time with an empty numba cache and start time from the filled cache (each in a fresh
  interpreter), and the peak resident memory of this process.

Run (one core)::

    .venv/bin/python -m bench.bench_solver --deals 200 --seed 1 --naive 3 \
        --bisection 200 --clock cpu

The figures go to ``docs/benchmarks.md``, section "Solver".
"""

from __future__ import annotations

import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

from bench.common import argument_parser
from bench.naive_alphabeta import NaiveAlphaBeta
from skat.rules import GameType
from skat.solver import Position, Solver, warm_up

_START = (
    "import time; t = time.perf_counter(); from skat.solver import warm_up; warm_up(); "
    "print(time.perf_counter() - t)"
)


def random_deals(count: int, seed: int) -> list[tuple[tuple[int, int, int], int]]:
    """``count`` random deals: (three hands, skat) as card masks, from ``random.Random(seed)``."""
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        deck = list(range(32))
        rng.shuffle(deck)
        masks = [sum(1 << c for c in deck[10 * s : 10 * s + 10]) for s in range(3)]
        deals.append(((masks[0], masks[1], masks[2]), sum(1 << c for c in deck[30:])))
    return deals


CLOCK: Callable[[], float] = time.perf_counter
"""The clock of :func:`timed`: wall time, or this process's CPU time with ``--clock cpu``."""


def timed(
    positions: list[Position], solve: Callable[[Position], object], nodes: Callable[[], int]
) -> tuple[list[float], int, float]:
    """Milliseconds per position, total nodes, total seconds (by :data:`CLOCK`)."""
    times = []
    before = nodes()
    for pos in positions:
        start = CLOCK()
        solve(pos)
        times.append((CLOCK() - start) * 1000)
    return times, nodes() - before, sum(times) / 1000


def row(name: str, times: list[float], nodes: int, seconds: float) -> str:
    """One table row: median, mean, p95, max (ms), nodes, nodes per second."""
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    rate = nodes / seconds if seconds else 0.0
    return (
        f"| {name} | {len(times)} | {statistics.median(times):.2f} | {statistics.mean(times):.2f} "
        f"| {p95:.2f} | {ordered[-1]:.1f} | {nodes:,} | {rate / 1e6:.2f} M |"
    )


def start_times() -> tuple[float, float, float]:
    """Seconds for warm_up with an empty cache, from the filled cache, and a whole cold process."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        first = float(subprocess.run([sys.executable, "-c", _START], env=env, check=True,
                                     capture_output=True, text=True).stdout)  # fmt: skip
        begin = time.perf_counter()
        later = float(subprocess.run([sys.executable, "-c", _START], env=env, check=True,
                                     capture_output=True, text=True).stdout)  # fmt: skip
        process = time.perf_counter() - begin
    return first, later, process


def _ramsch_position(hands: tuple[int, int, int], cards: int) -> Position:
    """Ramsch with the lowest ``cards`` card numbers of each hand, forehand to lead; the cards
    left out count as played, the skat as empty."""
    kept = []
    for hand in hands:
        numbers = [c for c in range(32) if hand >> c & 1][:cards]
        kept.append(sum(1 << c for c in numbers))
    return Position(hands=(kept[0], kept[1], kept[2]), game=GameType.RAMSCH, declarer=0, to_move=0)


def main() -> int:
    """Run the benchmark and print a Markdown table."""
    parser = argument_parser(__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--naive", type=int, default=5, help="deals through the naive yardstick")
    parser.add_argument("--no-start", action="store_true", help="skip the compile/start timing")
    parser.add_argument(
        "--bisection", type=int, default=0, help="deals for exact values by bisection"
    )
    parser.add_argument(
        "--ramsch", type=int, default=0, help="deals for Ramsch move values with 10, 9, 8 cards"
    )
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="time per solve: wall clock, or this process's CPU time (steadier when shared)",
    )
    args = parser.parse_args()
    global CLOCK
    if args.clock == "cpu":
        CLOCK = time.process_time

    if not args.no_start:
        first, later, process = start_times()
        print(f"compile with an empty cache: {first:.2f} s; warm_up from the cache: {later:.2f} s;")
        print(f"whole fresh process from the cache (import + warm_up): {process:.2f} s")
    warm_up()
    solver = Solver()
    deals = random_deals(args.deals, args.seed)

    def positions(game: GameType) -> list[Position]:
        return [Position(hands=h, game=game, declarer=0, to_move=0, skat=s) for h, s in deals]

    clubs, grand, null = (positions(g) for g in (GameType.CLUBS, GameType.GRAND, GameType.NULL))
    print("| solve | deals | median ms | mean ms | p95 ms | max ms | nodes | nodes/s |")
    print("|---|---|---|---|---|---|---|---|")
    threshold_runs = {}
    for name, group in (("clubs", clubs), ("Grand", grand)):
        run = timed(group, lambda p: solver.solve_threshold(p, 61), lambda: solver.nodes)
        threshold_runs[name] = run
        print(row(f"{name} threshold 61", *run), flush=True)
    run = timed(null, lambda p: solver.solve_threshold(p, 0), lambda: solver.nodes)
    print(row("Null", *run), flush=True)
    for name, group in (("clubs", clubs), ("Grand", grand)):
        print(row(f"{name} exact value", *timed(group, solver.solve_value, lambda: solver.nodes)))
    if args.bisection:
        other = Solver(exact="bisection")
        for name, group in (("clubs", clubs), ("Grand", grand)):
            run = timed(group[: args.bisection], other.solve_value, lambda: other.nodes)
            print(row(f"{name} exact value, bisection", *run))

    if args.ramsch:
        for cards in (10, 9, 8):
            group = [_ramsch_position(h, cards) for h, _ in deals[: args.ramsch]]
            run = timed(group, lambda p: solver.move_values(p, "exact"), lambda: solver.nodes)
            print(row(f"Ramsch move values, {cards} cards", *run), flush=True)

    if args.naive:
        print()
        print(
            "| same positions, threshold 61 | deals | naive s | solver s | speed-up | naive nodes |"
        )
        print("|---|---|---|---|---|---|")
        for name, group in (("clubs", clubs), ("Grand", grand)):
            naive = NaiveAlphaBeta()
            subset = group[: args.naive]
            begin = CLOCK()
            answers = [naive.threshold(pos, 61) for pos in subset]
            seconds = CLOCK() - begin
            ours = sum(threshold_runs[name][0][: args.naive]) / 1000
            if answers != [solver.solve_threshold(pos, 61) for pos in subset]:
                print(f"MISMATCH between the naive search and the solver ({name})")
                return 1
            print(
                f"| {name} | {len(subset)} | {seconds:.2f} | {ours:.4f} | "
                f"{seconds / ours:,.0f}× | {naive.nodes:,} |"
            )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak resident memory: {peak:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
