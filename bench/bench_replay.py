"""Replay benchmark: how long "the computer with your cards" takes (issue 29, point 2).

Deals: ``random.Random(seed)`` draws the deal numbers (1 .. 10^9 − 1, as the browser deals);
each is bid, declared and played to its end by the heuristic player in all three seats
(``decision_rng(number, action index)``), ISkO rules, passed deals kept (the replaying player
may bid where the person passed). The person's seat is the one the number gives
(``number mod 3``); it is replayed by the strong player (or ``--player``) with the heuristic
computers beside it (:func:`skat.replay.replay_seat`), as ``POST /api/replay`` does in a worker
process: one thread, after :func:`skat.solver.warm_up`, a new player per replay.

Per replay: the wall time (what the person waits for, as a worker computes it), the number of
the seat's decisions and where the lines parted (the phase).

Run::

    .venv/bin/python -m bench.bench_replay --deals 12 --seed 1

The figures go to ``docs/benchmarks.md``, section "The computer with your cards".
"""

from __future__ import annotations

import collections
import os
import random
import statistics
import time

from bench.bench_analysis import finished_deal
from bench.common import argument_parser, percentile
from skat.options import Options
from skat.players import get_player
from skat.replay import replay_seat
from skat.solver import warm_up


def main(argv: list[str] | None = None) -> int:
    ap = argument_parser(__doc__)
    ap.add_argument("--deals", type=int, default=12, help="deals to replay (default 12)")
    ap.add_argument("--seed", type=int, default=1, help="draws the deal numbers (default 1)")
    ap.add_argument("--player", default="strong", help="the replaying player (default strong)")
    ap.add_argument("--verbose", action="store_true", help="one line per deal")
    args = ap.parse_args(argv)
    warm_up()
    rng = random.Random(args.seed)
    times: list[float] = []
    decisions: list[int] = []
    parted: collections.Counter[str] = collections.Counter()
    load = os.getloadavg()[0]
    for _ in range(args.deals):
        number = rng.randrange(1, 10**9)
        deal = finished_deal(number, Options())
        seat = number % 3
        start = time.perf_counter()
        r = replay_seat(deal, seat, get_player(args.player), get_player("heuristic"))
        seconds = time.perf_counter() - start
        times.append(seconds)
        decisions.append(sum(1 for actor in r.replay.actors if actor == seat))
        where = "identical" if r.parting is None else r.parting.phase.value
        parted[where] += 1
        if args.verbose:
            print(f"{number:>10} seat {seat}: {seconds:6.1f} s, {decisions[-1]} decisions, {where}")
    load = max(load, os.getloadavg()[0])
    print(f"{args.deals} replays by {args.player} (seed {args.seed}), load average to {load:.1f}")
    print("| replays | median s | mean s | p95 s | max s | seat decisions (mean) |")
    print("|---|---|---|---|---|---|")
    print(
        f"| {len(times)} | {statistics.median(times):.1f} | {statistics.fmean(times):.1f} | "
        f"{percentile(times, 0.95):.1f} | {max(times):.1f} | {statistics.fmean(decisions):.1f} |"
    )
    print("lines parted: " + ", ".join(f"{k} {v}" for k, v in sorted(parted.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
