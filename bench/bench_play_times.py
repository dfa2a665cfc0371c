"""Card-decision times of two strong players on the same positions (by default ``beliefs``
flat against learned, issue 48 point 4).

The deals are the arena's (``arena_deal_number(seed, i)`` for ``i = first .. first+deals-1``,
ISkO rules). The ``--base`` player (``strong`` by default) plays every seat and every phase; at
each of its card decisions in a suit game, Grand or Null with two or more legal cards, both
players choose from the same information state with the arena's ``decision_rng(number,
index)``, the one first at even action indices, the other at odd ones (the worlds' kept answers,
:func:`skat.players.worlds._heuristic_plays` and the like, are shared within the process, so
neither always finds the other's answers kept). The deal goes on with the base's card.

Reported per player, for all decisions and for the first two tricks (whose node budget is
tripled): the decisions, wall-clock and CPU seconds (``time.perf_counter``,
``time.process_time``) at p50, p95 (nearest rank) and the largest, and how often the two chose
the same card. One process; the load average before and after is printed, as wall-clock times
on a loaded machine are not those of an idle one (CPU times are less touched). Run::

    nice -n 10 .venv/bin/python -m bench.bench_play_times --deals 10 --seed 2026
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Sequence
from typing import NamedTuple

from bench.common import add_deal_arguments, argument_parser, percentile
from skat.action import ActionKind
from skat.arena import arena_deal_number
from skat.errors import SkatError
from skat.options import Options
from skat.players import Player, decision_rng, get_player
from skat.rules import GameType
from skat.solver import warm_up
from skat.state import Phase, State


class Timed(NamedTuple):
    """One card decision both players made.

    Attributes:
        trick: the tricks complete before it (0: the first trick).
        wall, cpu: per player (base, variant), seconds.
        same: both chose the same card.
    """

    trick: int
    wall: tuple[float, float]
    cpu: tuple[float, float]
    same: bool


def run_deal(number: int, base: Player, variant: Player) -> list[Timed]:
    """The timed card decisions of deal ``number`` (empty when it is passed or Ramsch)."""
    state = State.new(number, Options())
    out: list[Timed] = []
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        index = len(state.actions)
        info = state.information_state(seat)
        cards = [a for a in state.legal_actions() if a.kind == ActionKind.CARD]
        contract = state.contract
        if (
            state.phase != Phase.PLAY
            or len(cards) < 2
            or contract is None
            or contract.game == GameType.RAMSCH
        ):
            state = state.apply(base.choose(info, decision_rng(number, index)))
            continue
        order = (0, 1) if index % 2 == 0 else (1, 0)
        players = (base, variant)
        wall = [0.0, 0.0]
        cpu = [0.0, 0.0]
        chosen = [cards[0], cards[0]]
        for i in order:
            start, start_cpu = time.perf_counter(), time.process_time()
            chosen[i] = players[i].choose(info, decision_rng(number, index))
            wall[i] = time.perf_counter() - start
            cpu[i] = time.process_time() - start_cpu
        out.append(
            Timed(len(state.tricks), (wall[0], wall[1]), (cpu[0], cpu[1]), chosen[0] == chosen[1])
        )
        state = state.apply(chosen[0])
    return out


def report(timed: Sequence[Timed], names: tuple[str, str]) -> list[str]:
    """The Markdown table: per player and decisions (all, the first two tricks, later), the
    count and the wall-clock and CPU seconds at p50, p95 and the largest."""
    lines = [
        "| player | decisions | n | wall p50 | wall p95 | wall max | CPU p50 | CPU p95 | CPU max |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    parts = [
        ("all", list(timed)),
        ("tricks 1-2", [t for t in timed if t.trick < 2]),
        ("tricks 3-10", [t for t in timed if t.trick >= 2]),
    ]
    for i, name in enumerate(names):
        for part, rows in parts:
            if not rows:
                continue
            wall = [t.wall[i] for t in rows]
            cpu = [t.cpu[i] for t in rows]
            figures = [
                f"{x:.3f} s"
                for v in (wall, cpu)
                for x in (percentile(v, 0.5), percentile(v, 0.95), max(v))
            ]
            lines.append(f"| {name} | {part} | {len(rows)} | " + " | ".join(figures) + " |")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    ap = argument_parser(__doc__)
    add_deal_arguments(ap, deals=10, seed=2026, first=True)
    ap.add_argument("--base", default="strong", help="the player of every seat (strong)")
    ap.add_argument(
        "--variant",
        default="strong:beliefs=learned",
        help="the player timed beside it (strong:beliefs=learned)",
    )
    args = ap.parse_args(argv)
    if args.deals < 1 or args.first < 0:
        ap.error("--deals must be at least 1, --first at least 0")
    try:
        base, variant = get_player(args.base), get_player(args.variant)
    except SkatError as err:
        ap.error(str(err))
    warm_up()
    load = os.getloadavg()[0]
    start = time.perf_counter()
    timed = [
        t
        for i in range(args.first, args.first + args.deals)
        for t in run_deal(arena_deal_number(args.seed, i), base, variant)
    ]
    if not timed:
        print("no card decision to time in these deals", file=sys.stderr)
        return 1
    for line in report(timed, (args.base, args.variant)):
        print(line)
    same = sum(t.same for t in timed)
    print(
        f"\n{args.deals} deals of seed {args.seed} from {args.first}, {len(timed)} card "
        f"decisions, the same card in {same}; {time.perf_counter() - start:.0f} s; load average "
        f"(1 min) {load:.2f} before, {os.getloadavg()[0]:.2f} after"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
