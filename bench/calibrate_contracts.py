"""How well the strong player's contract estimates predict its results (calibration).

The strong player sits in each seat of each deal against two opponents (``--opponent``, the
heuristic by default); whenever it declares, the estimate behind the declaration
(:meth:`skat.players.strong.StrongPlayer.estimate`) and the result are written down. The script
prints the declared games by estimated win chance (tenths) with the share actually won, and the
logit shift that fits the results best (maximum likelihood over a grid), for suit games and
Grands together and for Null: the value to put in :data:`skat.players.contracts.CALIBRATION`
is the current one plus that shift.

Usage: ``python -m bench.calibrate_contracts --deals 200 --seed 7 [--workers 2] [--json out]``
"""

from __future__ import annotations

import json
import math
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass

from tqdm import tqdm

from bench.common import add_deal_arguments, argument_parser
from skat.action import ActionKind
from skat.arena import arena_deal_number
from skat.options import Options
from skat.players import decision_rng, get_player
from skat.players.strong import StrongPlayer
from skat.rules import GameType
from skat.scoring import GameResult
from skat.state import Phase, State


@dataclass(frozen=True)
class Row:
    """One declared game: the estimate's parts and whether the declarer won."""

    deal: int
    seat: int
    game: str
    hand: bool
    ouvert: bool
    value: int
    wins: int
    worlds: int
    prior: float
    chance: float
    won: bool


_PLAYERS: dict[str, object] = {}


def _deal(task: tuple[int, str]) -> list[Row]:
    number, opponent = task
    strong = _PLAYERS.get("strong")
    if strong is None:
        strong = _PLAYERS["strong"] = StrongPlayer()
    other = _PLAYERS.get(opponent)
    if other is None:
        other = _PLAYERS[opponent] = get_player(opponent)
    assert isinstance(strong, StrongPlayer)
    rows = []
    for seat in range(3):
        state = State.new(number, Options())
        estimate = None
        while not state.is_terminal():
            s = state.current_player
            assert s is not None
            info = state.information_state(s)
            player = strong if s == seat else other
            action = player.choose(info, decision_rng(number, len(state.actions)))  # type: ignore[attr-defined]
            if (
                s == seat
                and action.kind == ActionKind.DECLARE
                and info.phase
                in (
                    Phase.SKAT,
                    Phase.DECLARE,
                )
            ):
                estimate = strong.estimate(info)
            state = state.apply(action)
        result = state.result()
        if estimate is not None and isinstance(result, GameResult) and state.declarer == seat:
            rows.append(
                Row(
                    number, seat, estimate.game.name, estimate.hand, estimate.ouvert,
                    estimate.value, estimate.wins, estimate.worlds, estimate.prior,
                    estimate.chance, result.won,
                )
            )  # fmt: skip
    return rows


def _raw_logit(row: Row) -> float:
    from skat.players import contracts as ct

    share = (row.wins + ct.PRIOR_WORLDS * row.prior + 0.5) / (row.worlds + ct.PRIOR_WORLDS + 1.0)
    return math.log(share / (1.0 - share))


def _fit(rows: list[Row]) -> float:
    """The logit shift of the best likelihood (grid −3 .. +3 by 0.05)."""
    best = (-1e18, 0.0)
    for step in range(-60, 61):
        shift = step * 0.05
        ll = 0.0
        for r in rows:
            p = 1.0 / (1.0 + math.exp(-(_raw_logit(r) + shift)))
            ll += math.log(p if r.won else 1.0 - p)
        best = max(best, (ll, shift))
    return best[1]


def main() -> int:
    """Run the deals and print the calibration table and fitted shifts."""
    parser = argument_parser(__doc__)
    add_deal_arguments(parser, deals=100, seed=7, first=True, workers=True)
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--json", help="write the rows to this file")
    args = parser.parse_args()
    tasks = [
        (arena_deal_number(args.seed, i), args.opponent)
        for i in range(args.first, args.first + args.deals)
    ]
    rows: list[Row] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for part in tqdm(pool.map(_deal, tasks), total=len(tasks), unit="deal"):
            rows.extend(part)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump([asdict(r) for r in rows], f)
    print(f"{len(rows)} declared games in {args.deals} deals x 3 seats")
    print("estimated   games  won")
    for tenth in range(10):
        part = [
            r
            for r in rows
            if tenth / 10 <= r.chance < (tenth + 1) / 10 or (r.chance == 1.0 and tenth == 9)
        ]
        if part:
            won = sum(r.won for r in part) / len(part)
            print(f"{tenth / 10:.1f}-{(tenth + 1) / 10:.1f}   {len(part):5d}  {won:.2f}")
    trump = [r for r in rows if r.game != GameType.NULL.name]
    null = [r for r in rows if r.game == GameType.NULL.name]
    for name, part in (("suit and Grand", trump), ("Null", null)):
        if part:
            mean = sum(r.chance for r in part) / len(part)
            won = sum(r.won for r in part) / len(part)
            print(
                f"{name}: {len(part)} games, mean estimate {mean:.3f}, won {won:.3f}, "
                f"best shift of the uncorrected logit {_fit(part):+.2f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
