"""Card play with the contract fixed: the strong player's defence (and declarer play) compared.

Per deal number (``random.Random(seed).randrange(2**64)``, the sequence of ``bench_par.py``;
ISkO rules, dealer 0), one player bids, takes the skat or plays Hand, discards and declares in
all three seats (``decision_rng(number, action index)``), so every pairing meets the same
contract: the heuristic, or with ``--contract strong`` the strong player with its defaults
(whose contract does not depend on the card-play settings below, so ``base/base`` and
``variant/variant`` are then the strong player's self-play with either setting). Passed deals
are skipped. The card play is then played out once by each
pairing ``DECLARER/DEFENDERS`` named on the command line, each name one of:

* ``heuristic``: the heuristic player;
* ``base``: :class:`~skat.players.strong.StrongPlayer` with ``--base`` (default: its defaults);
* ``variant``: the strong player with ``--variant``.

Both defenders are the same player. The settings are the card play's (``worlds``,
``node_budget``, ``min_worlds``, ``inference``, ``defence_worlds``, ``defence_budget``,
``defence_inference``, ``early_tricks``, ``early_factor``); the auction and the contract are
the same whatever they are.

For each pairing: the declarer's wins, his mean card points (``GameResult.declarer_points``),
his mean list score (game points, ``GameResult.score``), and against the open-hand par (the
solver's answer at the first card: can the declarer reach 61 with all cards open, whatever
Schneider or Schwarz he announced and whether the game's value reaches the bid; Null is not
counted) how many games he won that best defence beats and lost that best play wins. For each
later pairing, the games whose result differs from the first pairing's, and the change of the
declarer's win rate with a 95% interval over games (paired by deal). Run::

    OLD=worlds=32,node_budget=1000000,inference=2  # the declarer's settings before e9bf38b
    .venv/bin/python -m bench.bench_defence heuristic/base heuristic/variant base/base \\
        base/variant --base $OLD,defence_worlds=32,defence_budget=1000000,defence_inference=2 \\
        --variant $OLD --deals 500 --seed 13
    .venv/bin/python -m bench.bench_defence base/base variant/variant --contract strong \\
        --base $OLD --deals 300 --seed 2027

(the first about 20 minutes on two cores; the second not timed at length). Its runs are in
``docs/experiments/2026-11-strong-defence-settings.md`` and
``docs/experiments/2026-11-strong-declarer-settings.md``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import NamedTuple

from bench.bench_bidding import player_of
from bench.bench_par import contract_of, deal_numbers
from bench.common import add_deal_arguments, argument_parser, checked_strong_setting, key_values
from skat.arena import mean_ci
from skat.players import decision_rng
from skat.rules import GameType
from skat.scoring import GameResult
from skat.solver import position_from_state, solve_threshold, warm_up

CARD_PLAY_ARGUMENTS = (
    "worlds",
    "node_budget",
    "min_worlds",
    "inference",
    "defence_worlds",
    "defence_budget",
    "defence_inference",
    "defence_sharpness",
    "early_tricks",
    "early_factor",
    "slip_margin",
)
"""The StrongPlayer arguments a setting may name."""

NAMES = ("heuristic", "base", "variant")

BIDDERS = ("heuristic", "strong")
"""The players that may fix the contract (``--contract``)."""

Setting = tuple[tuple[str, int], ...]


class Played(NamedTuple):
    """One pairing's game: won, the declarer's card points and list score (game points)."""

    won: bool
    points: int
    score: int


class Deal(NamedTuple):
    """A deal's contract, the open-hand answer (None for Null), and each pairing's game."""

    number: int
    contract: str
    par_won: bool | None
    games: tuple[Played, ...]


def parse_setting(text: str) -> Setting:
    """``key=value,key=value`` of :data:`CARD_PLAY_ARGUMENTS` with whole numbers (empty: the
    defaults).

    Raises:
        ValueError: an unknown key or one given twice, a value that is not a whole number, or
            one the strong player refuses (below 0).
    """
    out: list[tuple[str, int]] = []
    for part, key, value in key_values(text, CARD_PLAY_ARGUMENTS):
        try:
            out.append((key, int(value)))
        except ValueError:
            raise ValueError(f"{part!r}: the value is not a whole number") from None
    checked_strong_setting(out)
    return tuple(out)


def add_setting_arguments(ap: argparse.ArgumentParser) -> None:
    """``--base`` and ``--variant``: the two card-play settings (:func:`parse_setting`)."""
    ap.add_argument("--base", default="", help="key=value,... (default: the defaults)")
    ap.add_argument("--variant", default="", help="key=value,... (default: the defaults)")


def settings_of(ap: argparse.ArgumentParser, args: argparse.Namespace) -> dict[str, Setting]:
    """The settings ``base`` and ``variant`` of parsed ``args``; a bad one ends the program
    through ``ap.error`` with its message."""
    try:
        return {"base": parse_setting(args.base), "variant": parse_setting(args.variant)}
    except ValueError as err:
        ap.error(str(err))


def parse_pairing(text: str) -> tuple[str, str]:
    """``DECLARER/DEFENDERS``, each of :data:`NAMES`.

    Raises:
        ValueError: not two names separated by ``/``, or an unknown name.
    """
    declarer, slash, defenders = text.partition("/")
    if not slash or declarer not in NAMES or defenders not in NAMES:
        raise ValueError(f"{text!r}: a pairing is DECLARER/DEFENDERS of {', '.join(NAMES)}")
    return declarer, defenders


Job = tuple[int, tuple[tuple[str, str], ...], dict[str, Setting], str]
"""A deal number, the pairings, the settings by name, and the player fixing the contract."""


def run_deal(job: Job) -> Deal | None:
    """Deal ``number`` with the contract of the bidder (:data:`BIDDERS`), played out by each
    pairing; None: passed."""
    number, pairings, settings, bidder = job
    state = contract_of(number, bidder)
    if state.is_terminal() or state.contract is None or state.declarer is None:
        return None
    declarer = int(state.declarer)
    par_won = None
    if state.contract.game != GameType.NULL:
        par_won = solve_threshold(position_from_state(state), 61)
    games = []
    for declaring, defending in pairings:
        played = state
        while not played.is_terminal():
            seat = played.current_player
            assert seat is not None
            name = declaring if int(seat) == declarer else defending
            rng = decision_rng(number, len(played.actions))
            action = player_of(name, settings).choose(played.information_state(seat), rng)
            played = played.apply(action)
        result = played.result()
        assert isinstance(result, GameResult)
        games.append(Played(result.won, result.declarer_points, result.score))
    return Deal(number, str(state.contract), par_won, tuple(games))


def report(deals: Sequence[Deal], labels: Sequence[str], bidder: str = "heuristic") -> list[str]:
    """The lines printed for the played ``deals`` (each pairing labelled as given; the
    contracts are the ``bidder``'s)."""
    n = len(deals)
    lines = [f"{n} games, the contracts bid and declared by the {bidder} player"]
    beatable = [d for d in deals if d.par_won is False]
    winnable = [d for d in deals if d.par_won is True]
    for j, label in enumerate(labels):
        won = sum(d.games[j].won for d in deals)
        points = sum(d.games[j].points for d in deals) / n
        score = sum(d.games[j].score for d in deals) / n
        through = sum(d.games[j].won for d in beatable)
        dropped = sum(not d.games[j].won for d in winnable)
        lines.append(
            f"{label:20s} declarer wins {won}/{n} ({won / n:.1%}), card points {points:.2f}, "
            f"list score {score:+.2f}; won though beaten open-handed {through}/{len(beatable)}, "
            f"lost though won open-handed {dropped}/{len(winnable)}"
        )
    for j in range(1, len(labels)):
        change = [int(d.games[j].won) - int(d.games[0].won) for d in deals]
        mean, low, high = mean_ci(change)
        up, down = change.count(1), change.count(-1)
        lines.append(
            f"{labels[j]} against {labels[0]}: {up} more won, {down} fewer won; declarer "
            f"wins {mean:+.2%} ({low:+.2%} .. {high:+.2%})"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    ap = argument_parser(__doc__)
    ap.add_argument("pairings", nargs="+", help="DECLARER/DEFENDERS, e.g. heuristic/variant")
    add_setting_arguments(ap)
    add_deal_arguments(ap, deals=100, seed=1, workers=True)
    ap.add_argument(
        "--contract", choices=BIDDERS, default="heuristic",
        help="the player who bids and declares in all seats (default heuristic)",
    )  # fmt: skip
    args = ap.parse_args(argv)
    try:
        pairings = tuple(parse_pairing(p) for p in args.pairings)
    except ValueError as err:
        ap.error(str(err))
    settings = settings_of(ap, args)
    if args.deals < 1 or args.workers < 1:
        ap.error("--deals and --workers must be at least 1")
    numbers = deal_numbers(args.deals, args.seed)
    jobs: list[Job] = [(number, pairings, settings, args.contract) for number in numbers]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers, initializer=warm_up) as pool:
        deals = [d for d in pool.map(run_deal, jobs, chunksize=1) if d is not None]
    if not deals:
        print("every deal was passed", file=sys.stderr)
        return 1
    for line in report(deals, args.pairings, args.contract):
        print(line)
    print(f"{args.deals} deal numbers, {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
