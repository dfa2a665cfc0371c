"""Schieberamsch: when should the heuristic take the skat? Variants against the heuristic.

Each variant is the heuristic with only its take-or-pass rule changed: ``take>X`` takes the
skat when :func:`skat.players.evaluation.ramsch_danger` of its ten cards is above X (the
heuristic's rule, :data:`skat.players.evaluation.TAKE_SKAT_DANGER`), ``take<=2.5`` is the rule
the heuristic had before (take a safe hand's skat, pass a dangerous one's on). Every variant
plays a duplicate arena against the heuristic on deals given three passes
(``skat arena --passed``) under Schieberamsch; the paired difference in Seeger-Fabian points per
game is printed.

Usage::

    .venv/bin/python -m bench.bench_schieben --deals 2000 --seed 3 --thresholds 3.5 4.5 5.5 \
        --old

Today's figure is in ``docs/benchmarks.md`` ("Players"), the runs in
``docs/experiments/2026-11-heuristic-schieberamsch.md``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import skat.players as players
from bench.common import add_deal_arguments, argument_parser
from skat.action import Action, ActionKind
from skat.arena import run_arena
from skat.information import InformationState
from skat.options import AllPass, Options
from skat.players import Player
from skat.players import evaluation as ev
from skat.players.evaluation import push_pair
from skat.players.heuristic import HeuristicPlayer


class TakeRule(HeuristicPlayer):
    """The heuristic with another take-or-pass rule: take when the danger is above
    ``threshold`` (or, with ``take_safe``, at most ``threshold``)."""

    def __init__(self, threshold: float, *, take_safe: bool = False) -> None:
        super().__init__()
        self.threshold = threshold
        self.take_safe = take_safe

    def _schieben(self, info: InformationState, legal: list[Action]) -> Action:
        if any(a.kind == ActionKind.DISCARD for a in legal):
            return Action.discard(push_pair(info.hand))
        danger = ev.ramsch_danger(info.hand)
        take = danger <= self.threshold if self.take_safe else danger > self.threshold
        wanted = ActionKind.PICKUP if take else ActionKind.PASS
        return next((a for a in legal if a.kind == wanted), legal[0])


def _factory(player: TakeRule) -> Callable[[], Player]:
    return lambda: player


def main() -> int:
    """Run the variants and print one Markdown row each."""
    parser = argument_parser(__doc__)
    add_deal_arguments(parser, deals=2000, seed=3, workers=True)
    parser.add_argument("--thresholds", type=float, nargs="*", default=[3.5, 4.5, 5.5])
    parser.add_argument("--old", action="store_true", help="also the earlier rule, take<=2.5")
    args = parser.parse_args()
    variants: dict[str, TakeRule] = {f"take>{t:g}": TakeRule(t) for t in args.thresholds}
    if args.old:
        variants["take<=2.5"] = TakeRule(2.5, take_safe=True)
    options = [Options(all_pass=AllPass.SCHIEBERAMSCH)]
    print("| variant | − heuristic, SF points per game | 95% interval | deals |")
    print("|---|---|---|---|")
    for name, player in variants.items():
        players._FACTORIES[name] = _factory(player)  # a bench-only variant
        report = run_arena(
            [name, "heuristic"],
            deals=args.deals,
            seed=args.seed,
            options=options,
            workers=args.workers,
            passed=True,
        )
        diff = report.to_json()["difference"]
        assert isinstance(diff, dict)
        low, high = diff["ci95"]
        print(f"| {name} | {diff['sf_per_game']:+.2f} | {low:+.2f} .. {high:+.2f} | {args.deals} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
