"""The heuristic's game choice after a pick-up, calibrated or not, against the strong player.

``HeuristicPlayer(calibrated=...)`` changes only how the heuristic chooses its discard and game
after picking up the skat (:func:`skat.players.evaluation.declared_expected`); its auction and
card play are the same code, and the strong player's decisions depend only on what its seat
sees and on random sources seeded from the deal number and the action index. So a game of
``skat arena strong heuristic`` is the same with both settings up to the first decision in which
the two heuristics differ, and only the games with such a decision need to be played out twice:
that makes the comparison exact (the unchanged games cancel) and several times faster than two
arena runs.

For each deal of the arena's sequence (``--seed``) and each seating of the strong player and the
heuristic, the game is played with the uncalibrated heuristic (``base``) until the card play;
at every heuristic decision before it the calibrated heuristic (``variant``) is asked too, and
at the first difference the game is played out from there once with each. Prints the change of
strong − heuristic (Seeger-Fabian points per game, paired by deal as the arena pairs it: each
player's mean over its nine seat-games of a deal) with a 95% interval over all deals, and how
the changed games moved. ISkO rules.

``--duel`` instead plays the two heuristics against each other in the arena (every deal in every
seating of ``calibrated`` and ``uncalibrated``, whole games: the heuristic is fast) and prints the
arena's report. Usage::

    .venv/bin/python -m bench.bench_game_choice --deals 540 --seed 2026
    .venv/bin/python -m bench.bench_game_choice --duel --deals 5000 --seed 12
"""

from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor
from typing import NamedTuple

from tqdm import tqdm

from bench.common import add_deal_arguments, argument_parser
from skat import players
from skat.arena import arena_deal_number, mean_ci, run_arena, seatings
from skat.options import Options, ScoreList
from skat.players import Player, decision_rng
from skat.players.heuristic import HeuristicPlayer
from skat.players.strong import StrongPlayer
from skat.scoring import GameResult, list_scores
from skat.state import Phase, State

_PLAYERS: dict[str, Player] = {}


def _player(name: str) -> Player:
    """``strong``, ``base`` (the uncalibrated heuristic) or ``variant`` (the calibrated one),
    made once per process."""
    if name not in _PLAYERS:
        if name == "strong":
            _PLAYERS[name] = StrongPlayer()
        else:
            _PLAYERS[name] = HeuristicPlayer(calibrated=name == "variant")
    return _PLAYERS[name]


class Game(NamedTuple):
    """One game played out: Seeger-Fabian scores per seat, the declarer (None: passed), his
    contract in ISS notation and whether he won."""

    scores: tuple[int, int, int]
    declarer: int | None
    contract: str
    won: bool


def _play_out(state: State, number: int, seating: tuple[str, str, str], heuristic: str) -> Game:
    """``state`` played to its end, the heuristic's seats by ``heuristic``."""
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        name = seating[seat] if seating[seat] == "strong" else heuristic
        rng = decision_rng(number, len(state.actions))
        state = state.apply(_player(name).choose(state.information_state(seat), rng))
    result = state.result()
    if not isinstance(result, GameResult) or state.declarer is None:
        return Game((0, 0, 0), None, "", False)
    declarer = int(state.declarer)
    scores = list_scores(result, declarer, ScoreList.SEEGER_FABIAN)
    return Game(scores, declarer, str(result.contract), result.won)


Changed = tuple[tuple[str, str, str], Game, Game]
"""A changed game: the seating, the game with the base heuristic, with the variant."""


def deal(index_number: tuple[int, int]) -> tuple[int, list[Changed]]:
    """Every seating of one deal: the games the two heuristics play differently."""
    index, number = index_number
    changed: list[Changed] = []
    for seating in seatings(("strong", "heuristic")):
        state = State.new(number, Options())
        while not state.is_terminal() and state.phase != Phase.PLAY:
            seat = state.current_player
            assert seat is not None
            info = state.information_state(seat)
            rng = decision_rng(number, len(state.actions))
            if seating[seat] == "strong":
                action = _player("strong").choose(info, rng)
            else:
                action = _player("base").choose(info, rng)
                other = _player("variant").choose(info, decision_rng(number, len(state.actions)))
                if other != action:
                    base = _play_out(state, number, seating, "base")
                    variant = _play_out(state, number, seating, "variant")
                    changed.append((seating, base, variant))
                    break
            state = state.apply(action)
    return index, changed


def _seat_means_delta(changed: list[Changed]) -> float:
    """The change of (strong's mean − heuristic's mean) over a deal's seat-games."""
    strong = heuristic = 0.0
    for seating, base, variant in changed:
        for seat in range(3):
            delta = variant.scores[seat] - base.scores[seat]
            if seating[seat] == "strong":
                strong += delta
            else:
                heuristic += delta
    per_player = 9  # six seatings, three seats: each player sits nine times per deal
    return (strong - heuristic) / per_player


class _Uncalibrated(HeuristicPlayer):
    name = "uncalibrated"

    def __init__(self) -> None:
        super().__init__(calibrated=False)


class _Calibrated(HeuristicPlayer):
    name = "calibrated"


# The duel's names, registered whenever this script is imported: by a worker process too,
# however it is started (a spawned worker imports the main script again).
players._FACTORIES.setdefault("calibrated", _Calibrated)
players._FACTORIES.setdefault("uncalibrated", _Uncalibrated)


def duel(deals: int, seed: int, workers: int) -> None:
    """The arena between the calibrated and the uncalibrated heuristic."""
    report = run_arena(["calibrated", "uncalibrated"], deals=deals, seed=seed, workers=workers)
    print(report.format())


def main() -> None:
    parser = argument_parser(__doc__)
    add_deal_arguments(parser, deals=540, seed=2026, workers=True)
    parser.add_argument("--duel", action="store_true", help="the two heuristics against each other")
    args = parser.parse_args()
    if args.duel:
        duel(args.deals, args.seed, args.workers)
        return
    start = time.perf_counter()
    tasks = [(i, arena_deal_number(args.seed, i)) for i in range(args.deals)]
    deltas = [0.0] * args.deals
    all_changed: list[Changed] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for index, changed in tqdm(pool.map(deal, tasks), total=args.deals, unit="deal"):
            deltas[index] = _seat_means_delta(changed)
            all_changed.extend(changed)
    m, lo, hi = mean_ci(deltas)
    print(f"{args.deals} deals of seed {args.seed}, {time.perf_counter() - start:.0f} s")
    print(f"games changed: {len(all_changed)} of {6 * args.deals}")
    print(f"change of strong - heuristic: {m:+.2f} SF points per game ({lo:+.2f} .. {hi:+.2f})")
    for label, variant in (("base", False), ("variant", True)):
        by: dict[str, list[int]] = {}
        for seating, base_game, variant_game in all_changed:
            g = variant_game if variant else base_game
            if g.declarer is None:
                continue
            who = seating[g.declarer]
            key = f"{who} {g.contract[0]}"
            entry = by.setdefault(key, [0, 0])
            entry[0] += 1
            entry[1] += g.won
        text = ", ".join(f"{k} {v[1]}/{v[0]}" for k, v in sorted(by.items()))
        print(f"{label}: declarer's games won/played by player and game type: {text}")


if __name__ == "__main__":
    main()
