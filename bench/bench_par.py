"""Declarer card play against the open-hand solver's par (issue 5's card-play target).

Method, per deal number (``random.Random(seed).randrange(2**64)``, ISkO rules, dealer 0):

1. The deal is bid, the skat taken or not, discarded and declared by the heuristic player in all
   three seats (``decision_rng(number, action index)``), also when the strong player is measured
   (it would choose its own Hand, discard and game), so both declarers face the same contract.
   Passed deals, Null and Null Ouvert are skipped.
2. At the first card, the *par* is the solver's exact value of the full position
   (``solve_value(position_from_state(state))``): the declarer's final card points, skat or
   discard included, with best play on both sides and every hand open.
3. Only contracts the declarer can win open-handed are kept: the solver reaches the contract's
   card-play target (61; 90 if Schneider is announced; every trick if Schwarz is announced).
   The overbid check (game value below the bid) is not part of this.
4. Each measured player then plays the declarer's cards from its own information state (it never
   sees the defenders' cards), with ``decision_rng(number, action index)`` as in the arena, while
   both defenders play perfectly open-handed: the lowest of the cards that
   ``best_moves(position, "exact")`` returns (the smallest final declarer card points).
   Against this defence the declarer can reach the par only by playing a card of best value at
   every turn, so ``par - achieved`` is never negative: it is the card points the declarer's play
   gave away against perfect defence. ``achieved`` is ``GameResult.declarer_points``.

Both players play the same kept deals, so the difference is paired by deal. Intervals are 95%
normal intervals over deals. Deals run in worker processes (``--workers``, default 2).

Run::

    .venv/bin/python -m bench.bench_par --deals 1200 --seed 1 --verbose

(about 8 minutes on two cores; ``--players`` names the declarers, default ``strong heuristic``).
Today's figure is in ``docs/benchmarks.md`` ("Players"), the runs in
``docs/experiments/2026-11-strong-par.md``.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from bench.common import add_deal_arguments, argument_parser
from skat.action import Action
from skat.arena import mean_ci
from skat.options import Options
from skat.players import Player, decision_rng, get_player
from skat.rules import GameType
from skat.scoring import GameResult
from skat.solver import (
    SCHWARZ,
    best_moves,
    position_from_state,
    solve_threshold,
    solve_value,
    warm_up,
)
from skat.state import Phase, State


@dataclass(frozen=True)
class DealResult:
    """One deal number: why it was skipped, or the par and each player's achieved points."""

    number: int
    skipped: str | None
    contract: str = ""
    declarer: int = -1
    par: int = 0
    target: int = 0
    achieved: tuple[int, ...] = ()
    seconds: tuple[float, ...] = ()


def card_play_target(schneider: bool, schwarz: bool) -> int:
    """The card points the declarer must reach: 61, 90 (Schneider announced), or every trick.

    >>> card_play_target(False, False), card_play_target(True, False)
    (61, 90)
    """
    if schwarz:
        return SCHWARZ
    return 90 if schneider else 61


def deal_numbers(count: int, seed: int) -> list[int]:
    """The first ``count`` deal numbers of ``random.Random(seed)`` (0 .. 2^64 - 1)."""
    rng = random.Random(seed)
    return [rng.randrange(2**64) for _ in range(count)]


_PLAYERS: dict[str, Player] = {}


def _player(name: str) -> Player:
    if name not in _PLAYERS:
        _PLAYERS[name] = get_player(name)
    return _PLAYERS[name]


def _play_declarer(start: State, declarer: int, player: Player) -> int:
    """The declarer's final card points: ``player`` declares, perfect open-hand defenders."""
    state = start
    number = state.number
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        if int(seat) == declarer:
            index = len(state.actions)
            action = player.choose(state.information_state(declarer), decision_rng(number, index))
            state = state.apply(action)
        else:
            _, cards = best_moves(position_from_state(state), "exact")
            state = state.apply(Action.of_card(cards[0]))
    result = state.result()
    assert isinstance(result, GameResult)
    return result.declarer_points


def contract_of(number: int, bidder: str = "heuristic") -> State:
    """Deal ``number`` (ISkO rules, dealer 0) bid, its skat taken or not, discarded and declared
    by the player ``bidder`` (a :func:`skat.players.get_player` name, its defaults) in all three
    seats (``decision_rng(number, action index)``): the state at the first card, or the passed
    deal's end.

    Raises:
        UnknownPlayerError: ``bidder`` is not a player name.
    """
    player = _player(bidder)
    state = State.new(number, Options())
    while not state.is_terminal() and state.phase != Phase.PLAY:
        seat = state.current_player
        assert seat is not None
        index = len(state.actions)
        info = state.information_state(int(seat))
        state = state.apply(player.choose(info, decision_rng(number, index)))
    return state


def run_deal(task: tuple[int, tuple[str, ...]]) -> DealResult:
    """Bid ``number`` with the heuristic, find the par, play it with each named player."""
    number, names = task
    state = contract_of(number)
    contract = state.contract
    if state.is_terminal() or contract is None or state.declarer is None:
        return DealResult(number, "passed")
    if contract.game in (GameType.NULL, GameType.RAMSCH):
        return DealResult(number, "null")
    declarer = int(state.declarer)
    pos = position_from_state(state)
    target = card_play_target(contract.schneider, contract.schwarz)
    par = solve_value(pos)
    if not solve_threshold(pos, target):
        return DealResult(number, "unwinnable", str(contract), declarer, par, target)
    achieved = []
    seconds = []
    for name in names:
        t0 = time.perf_counter()
        achieved.append(_play_declarer(state, declarer, _player(name)))
        seconds.append(time.perf_counter() - t0)
    return DealResult(
        number, None, str(contract), declarer, par, target, tuple(achieved), tuple(seconds)
    )


def _init_worker() -> None:
    warm_up()


def _class_mean(losses: list[float]) -> str:
    """The mean loss of one game class, or "–" when the class had no game (not a made-up 0)."""
    return f"{mean_ci(losses)[0]:.2f}" if losses else "–"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print the table (and one line per kept deal with ``--verbose``)."""
    ap = argument_parser(__doc__)
    add_deal_arguments(ap, deals=100, seed=1, workers=True)
    ap.add_argument(
        "--players", nargs="+", default=["strong", "heuristic"], help="declarer players"
    )
    ap.add_argument("--verbose", action="store_true", help="one line per kept deal")
    args = ap.parse_args(argv)
    if args.deals < 1 or args.workers < 1:
        ap.error("--deals and --workers must be at least 1")
    names = tuple(args.players)
    for name in names:
        get_player(name)
    tasks = [(n, names) for n in deal_numbers(args.deals, args.seed)]
    start = time.perf_counter()
    results: list[DealResult] = []
    with ProcessPoolExecutor(args.workers, initializer=_init_worker) as pool:
        for i, res in enumerate(pool.map(run_deal, tasks), 1):
            results.append(res)
            if args.verbose and res.skipped is None:
                gaps = " ".join(f"{res.par - a:3d}" for a in res.achieved)
                print(f"{i:5d} {res.number:20d} {res.contract:5s} par {res.par:3d} loss {gaps}")
            elif i % 20 == 0:
                print(
                    f"  {i}/{len(tasks)} deals, {time.perf_counter() - start:.0f} s",
                    file=sys.stderr,
                )
    elapsed = time.perf_counter() - start
    kept = [r for r in results if r.skipped is None]
    skipped: dict[str, int] = {}
    for r in results:
        if r.skipped is not None:
            skipped[r.skipped] = skipped.get(r.skipped, 0) + 1
    print(
        f"deal numbers {len(results)} (seed {args.seed}); kept {len(kept)} contracts the declarer "
        f"wins open-handed; skipped {', '.join(f'{k} {v}' for k, v in sorted(skipped.items()))}; "
        f"{elapsed:.0f} s with {args.workers} workers"
    )
    if not kept:
        return 0
    print(f"mean par {sum(r.par for r in kept) / len(kept):.1f} card points")
    print(
        "| declarer | games | loss to par (card points) | 95% interval | median / p90 / max "
        "| no loss | below target | suit / Grand loss | card play s |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for i, name in enumerate(names):
        losses = [float(r.par - r.achieved[i]) for r in kept]
        m, lo, hi = mean_ci(losses)
        exact = sum(1 for x in losses if x == 0)
        lost = sum(1 for r in kept if r.achieved[i] < min(r.target, 120))
        secs = sum(r.seconds[i] for r in kept)
        ranked = sorted(losses)
        spread = f"{ranked[len(ranked) // 2]:.0f} / {ranked[int(0.9 * len(ranked))]:.0f}"
        grand = [x for x, r in zip(losses, kept, strict=True) if r.contract.startswith("G")]
        suit = [x for x, r in zip(losses, kept, strict=True) if not r.contract.startswith("G")]
        by_type = f"{_class_mean(suit)} ({len(suit)}) / {_class_mean(grand)} ({len(grand)})"
        print(
            f"| {name} | {len(kept)} | {m:.2f} | {lo:.2f} .. {hi:.2f} "
            f"| {spread} / {ranked[-1]:.0f} | {exact / len(kept):.1%} "
            f"| {lost} ({lost / len(kept):.1%}) | {by_type} "
            f"| {secs:.0f} |"
        )
    if len(names) == 2:
        diffs = [float(r.achieved[0] - r.achieved[1]) for r in kept]
        m, lo, hi = mean_ci(diffs)
        better = sum(1 for d in diffs if d > 0)
        worse = sum(1 for d in diffs if d < 0)
        print(
            f"{names[0]} - {names[1]} achieved (paired by deal): {m:+.2f} "
            f"({lo:+.2f} .. {hi:+.2f}); {names[0]} more in {better} deals, fewer in {worse}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
