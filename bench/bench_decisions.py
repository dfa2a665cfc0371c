"""Card decisions of two strong-player settings, each checked against the open-hand truth.

The deals are the arena's (``arena_deal_number(seed, i)`` for ``i = first .. first+deals-1``,
ISkO rules). The strong player with the base setting bids, takes the skat or plays Hand,
discards and declares in all three seats, as in ``skat arena strong`` (the settings, all of the
card play, change no contract), and plays the first ``--tricks`` tricks in all three seats
(Null, and Schwarz announced, are skipped), so the positions are those of its self-play.

At every card decision with more than one legal card the solver gives each card's open-hand
value (``move_values(..., "threshold", target)``: 1 when the declarer still reaches 61, or 90
with Schneider announced, with best play of all three seats). Where the cards' values differ,
a decision can be wrong: the settings ``base`` and ``variant``
(:class:`~skat.players.strong.StrongPlayer` arguments) each choose a card from the seat's
information state, with the arena's ``decision_rng(number, index)``. A choice is an error when
a card of a better value was there: for the declarer a losing card where a winning one was, for
a defender the other way round; a concession counts as an error too. The deal then goes on with
the base setting's action.

Reported per side (declarer, defenders) and trick, per side over all tricks, and for both
sides: the positions, the errors of each setting, the positions where only one of them erred
with a two-sided sign test over those (it takes the positions as independent, though several
come from one deal), and each setting's decision time (median and largest, seconds, wall
clock while ``--workers`` processes run). The open-hand truth is a yardstick, not the best play
under hidden cards: a card that wins in the deal as it lies may be a guess that a careful
player would not make. Run::

    .venv/bin/python -m bench.bench_decisions --variant early_factor=1 --deals 300 --seed 2027

Its runs are in ``docs/experiments/2026-11-strong-early-factor.md``.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import NamedTuple

from bench.bench_bidding import player_of
from bench.bench_defence import Setting, add_setting_arguments, settings_of
from bench.common import add_deal_arguments, argument_parser
from skat.action import ActionKind
from skat.arena import arena_deal_number
from skat.options import Options
from skat.players import decision_rng
from skat.rules import GameType
from skat.solver import move_values, position_from_state, warm_up
from skat.state import Phase, State


class Checked(NamedTuple):
    """One decision with more than one open-hand value among the legal cards.

    Attributes:
        declarer: the declarer decided (else a defender).
        trick: the tricks complete before it (0: the first trick).
        base_ok, variant_ok: the setting chose a card of the best open-hand value.
        base_seconds, variant_seconds: the setting's decision time (wall clock, seconds).
    """

    declarer: bool
    trick: int
    base_ok: bool
    variant_ok: bool
    base_seconds: float
    variant_seconds: float


Job = tuple[int, int, dict[str, Setting]]
"""A deal number, how many tricks to check, and the two settings by name."""


def _target(state: State) -> int | None:
    """The declarer's card points to reach, None where none is counted (Null, Schwarz)."""
    contract = state.contract
    assert contract is not None
    if contract.game in (GameType.NULL, GameType.RAMSCH) or contract.schwarz:
        return None
    return 90 if contract.schneider else 61


def run_deal(job: Job) -> list[Checked]:
    """The checked decisions of deal ``number`` (empty when it is passed or not counted)."""
    number, tricks, settings = job
    base = player_of("base", settings)
    variant = player_of("variant", settings)
    state = State.new(number, Options())
    out: list[Checked] = []
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        index = len(state.actions)
        info = state.information_state(seat)
        if state.phase == Phase.PLAY:
            target = _target(state)
            if target is None or len(state.tricks) >= tricks:
                break
            cards = [a for a in state.legal_actions() if a.kind == ActionKind.CARD]
            truth = {}
            if len(cards) > 1:
                truth = move_values(position_from_state(state), "threshold", target)
            if len(set(truth.values())) > 1:
                declarer = seat == state.declarer
                best = max(truth.values()) if declarer else min(truth.values())
                chosen = []
                for player in (base, variant):
                    start = time.perf_counter()
                    action = player.choose(info, decision_rng(number, index))
                    chosen.append((action, time.perf_counter() - start))
                (action, base_s), (other, variant_s) = chosen
                base_ok, variant_ok = (
                    a.kind == ActionKind.CARD and truth[a.value] == best for a in (action, other)
                )
                out.append(
                    Checked(
                        declarer, len(state.tricks), base_ok, variant_ok, base_s, variant_s
                    )
                )  # fmt: skip
                state = state.apply(action)
                continue
        state = state.apply(base.choose(info, decision_rng(number, index)))
    return out


def sign_test(a: int, b: int) -> float:
    """Two-sided exact sign test: the chance of a split at least as uneven as ``a``:``b`` when
    each discordant position is a fair coin."""
    n = a + b
    if n == 0:
        return 1.0
    k = min(a, b)
    tail: float = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2.0 * tail)


def report(checked: list[Checked], tricks: int) -> list[str]:
    """The table of errors by side and trick, each side's tricks together, and both sides'."""
    lines = [
        "| side | trick | positions | base errors | variant errors | only base wrong "
        "| only variant wrong | sign test p | base s p50 / max | variant s p50 / max |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    groups = [(side, trick) for side in (True, False) for trick in [*range(tricks), None]]
    for declarer, trick in [*groups, (None, None)]:
        rows = [
            c for c in checked
            if declarer in (None, c.declarer) and trick in (None, c.trick)
        ]  # fmt: skip
        if rows:
            only_base = sum(c.variant_ok and not c.base_ok for c in rows)
            only_variant = sum(c.base_ok and not c.variant_ok for c in rows)
            base_s = [c.base_seconds for c in rows]
            variant_s = [c.variant_seconds for c in rows]
            side = "both" if declarer is None else "declarer" if declarer else "defenders"
            lines.append(
                f"| {side} "
                f"| {'all' if trick is None else trick + 1} | {len(rows)} "
                f"| {sum(not c.base_ok for c in rows)} | {sum(not c.variant_ok for c in rows)} "
                f"| {only_base} | {only_variant} | {sign_test(only_base, only_variant):.3f} "
                f"| {statistics.median(base_s):.2f} / {max(base_s):.2f} "
                f"| {statistics.median(variant_s):.2f} / {max(variant_s):.2f} |"
            )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    ap = argument_parser(__doc__)
    add_setting_arguments(ap)
    add_deal_arguments(ap, deals=100, seed=2027, first=True, workers=True)
    ap.add_argument("--tricks", type=int, default=3, help="tricks checked (default 3)")
    args = ap.parse_args(argv)
    settings = settings_of(ap, args)
    if args.deals < 1 or args.workers < 1 or args.tricks < 1 or args.first < 0:
        ap.error("--deals, --workers and --tricks must be at least 1, --first at least 0")
    jobs: list[Job] = [
        (arena_deal_number(args.seed, i), args.tricks, settings)
        for i in range(args.first, args.first + args.deals)
    ]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers, initializer=warm_up) as pool:
        checked = [c for deal in pool.map(run_deal, jobs, chunksize=1) for c in deal]
    if not checked:
        print("no decision to check in these deals", file=sys.stderr)
        return 1
    for line in report(checked, args.tricks):
        print(line)
    print(f"{args.deals} deals, {len(checked)} positions, {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
