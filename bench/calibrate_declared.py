"""Fit the heuristic's calibration of a pick-up game's win chance (``PICKUP_CALIBRATION``).

The heuristic plays ``--deals`` deals of the arena's sequence (``--seed``) in self-play under the
ISkO rules. Whenever a seat declares a suit game or Grand after picking up the skat, the margin
its evaluation gives the declared game on the ten cards it kept
(:func:`skat.players.evaluation.choices` after the discard, as the declaration judges it) is
written down with whether the game was won. A logistic regression of "won" on that logit
(Newton's method) per kind, suit game or Grand, gives the slope and offset for
:data:`skat.players.evaluation.PICKUP_CALIBRATION`; a table compares the estimated chances
(uncalibrated, and calibrated with the module's values) with the games' outcomes by tenths.

By default the player chooses as before the calibration (``calibrated=False``), the games the
module's values were fitted on; ``--calibrated`` checks today's player. Deterministic (the
heuristic draws no randomness). Usage::

    .venv/bin/python -m bench.calibrate_declared --deals 12000 --seed 2027
"""

from __future__ import annotations

import math
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from bench.common import add_deal_arguments, argument_parser
from bench.fit_weights import fit
from skat.arena import arena_deal_number
from skat.options import Options
from skat.players import decision_rng
from skat.players import evaluation as ev
from skat.players.heuristic import HeuristicPlayer
from skat.rules import GameType
from skat.scoring import GameResult
from skat.state import Phase, State

Row = tuple[bool, float, float, bool]
"""One declared pick-up game: Grand, margin, calibrated chance, won."""


def play(task: tuple[int, bool]) -> Row | None:
    """Self-play deal ``number``; the declared pick-up suit game or Grand, None otherwise."""
    number, calibrated = task
    player = HeuristicPlayer(calibrated=calibrated)
    state = State.new(number, Options())
    row: tuple[bool, float, float] | None = None
    while not state.is_terminal():
        if state.phase == Phase.PLAY and row is None and state.declarer is not None:
            info = state.information_state(int(state.declarer))
            contract = info.contract
            if contract is None or contract.hand or contract.game == GameType.NULL:
                return None
            choice = next(
                c
                for c in ev.choices(
                    info.hand,
                    seat=int(state.declarer),
                    hand_game=False,
                    options=info.options,
                    matador_hand=info.hand | (info.discard or 0),
                )
                if c.game == contract.game
            )
            row = (choice.game == GameType.GRAND, choice.margin, ev.declared_chance(choice))
        seat = state.current_player
        assert seat is not None
        rng = decision_rng(number, len(state.actions))
        state = state.apply(player.choose(state.information_state(seat), rng))
    result = state.result()
    if row is None or not isinstance(result, GameResult):
        return None
    return (*row, result.won)


def fit_calibration(rows: list[Row]) -> tuple[float, float]:
    """Slope and offset of the logistic regression of won on the uncalibrated logit (no
    penalty: two parameters on thousands of games)."""
    x = np.array([[r[1] + math.log(3.0), 1.0] for r in rows])
    y = np.array([float(r[3]) for r in rows])
    slope, offset = fit(x, y, penalty=0.0)
    return float(slope), float(offset)


def main() -> None:
    parser = argument_parser(__doc__)
    add_deal_arguments(parser, deals=12000, seed=2027, workers=True)
    parser.add_argument("--calibrated", action="store_true", help="today's player")
    args = parser.parse_args()
    tasks = [(arena_deal_number(args.seed, i), args.calibrated) for i in range(args.deals)]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [r for r in pool.map(play, tasks, chunksize=100) if r is not None]
    for grand, name in ((False, "suit game"), (True, "Grand")):
        kind = [r for r in rows if r[0] == grand]
        slope, offset = fit_calibration(kind)
        won = sum(r[3] for r in kind)
        print(f"{name}: {len(kind)} games, {won} won; fit slope {slope:.2f} offset {offset:.2f}")
        print("  tenth | games | uncalibrated | calibrated | won")
        for tenth in range(10):
            cell = [r for r in kind if min(int(ev.win_chance(r[1]) * 10), 9) == tenth]
            if cell:
                raw = sum(ev.win_chance(r[1]) for r in cell) / len(cell)
                cal = sum(r[2] for r in cell) / len(cell)
                share = sum(r[3] for r in cell) / len(cell)
                print(f"  {tenth / 10:.1f} | {len(cell)} | {raw:.2f} | {cal:.2f} | {share:.2f}")


if __name__ == "__main__":
    main()
