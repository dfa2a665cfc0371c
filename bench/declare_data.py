"""The "declare everything" data set (issue 48, point 2): each seat's plausible contracts played
out by the strong declarer against real defenders, labelled with the outcome.

Deals ``--deals`` hands of the arena's sequence (``arena_deal_number(--seed, i)`` for ``i`` from
``--first``). For every deal and seat, each of the fourteen contracts — the four suits, Grand,
Null and Null Ouvert, Hand and with the pick-up — whose learned open-hand win chance
(:meth:`skat.players.contract_model.ContractModel.win_chance`, the Null's for the Null Ouvert
too) is at least ``--min-chance`` is played out to the end through :class:`skat.state.State`,
which checks every action:

* **the auction is given, not played:** the seat alone bids 18 and the others pass (forehand
  after two passes bids 18 itself), so the seat is the declarer at 18. Every contract is worth 18
  or more, so none is overbid and the outcome is the game's as it was played; the defenders hear
  a bid of 18, not the value the seat would have bid (``bid`` of the settings).
* **Hand:** the contract is declared before the skat (Null Ouvert Hand as ``NOH``; no Schneider
  or Schwarz announcement: whether it was reached is in the row).
* **pick-up:** the seat takes the skat and puts away the discard the declarer player chooses for
  that contract (:meth:`skat.players.strong.StrongPlayer.discard_choices`, the best expected
  score of that game's choices); when it did not weigh that game, the heuristic's best discard
  for it (:func:`skat.players.evaluation.discard_scores`). Then the contract is declared.
* **the card play:** every seat's ``choose`` from its own information state, the declarer by
  the declarer player (``--declarer``, ``strong``), the defenders by ``--defenders``
  (``heuristic`` or ``strong``, or a ``strong:key=value`` setting). The table is the ISkO's
  (``Options()``: no Kontra, no Ramsch, Seeger-Fabian).

Each decision's random source is ``decision_rng(game, action index)`` where ``game =
decision_seed(deal number, 16 · seat + contract index)``, and each row gets fresh players (so a
fresh solver), so the rows are the same whatever the number of worker processes
(``--workers``, default 2) or Ray tasks (``--ray ADDRESS``, or ``local``).

One JSON line per played contract, appended as soon as it is done, in job order; resumable like
``bench/learn_contracts.py`` (:mod:`bench.rows`): a rerun with the same file and settings plays
only the rows the file lacks (a line cut off by a stop is dropped and played again); a file of
other settings is refused. A row::

    {"settings": {...}, "deal": i, "number": n, "seat": s, "index": k, "contract": "CH",
     "game": "C", "hand": true, "ouvert": false, "cards": mask, "skat": mask,
     "discard": mask, "discard_by": "strong" | "heuristic" | "hand", "chance": 0.71,
     "bid": 18, "won": true, "schneider": false, "schwarz": false, "declarer_points": 78,
     "game_value": 72, "score": 72, "sf": 122, "levels": [...], "matadors": 2,
     "declarer_tricks": 6, "overbid": false, "actions": "p 18 p CH C7 CJ ..."}

``cards`` are the seat's ten dealt cards, ``skat`` the deal's skat, ``discard`` the two cards
put away (the skat for a Hand game); ``won`` … ``matadors`` come from the game's
:class:`skat.scoring.GameResult`, ``sf`` is the seat's Seeger-Fabian score
(:func:`skat.scoring.list_scores`); ``actions`` are the game's actions in ISS notation, which
``State.new(number, Options())`` replays. The contracts left out by the filter have no row.

Usage::

    nice -n 19 .venv/bin/python -m bench.declare_data --deals 100 --seed 48 \\
        --out declare-48-heuristic.jsonl
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass

from bench import rows
from bench.common import add_deal_arguments, argument_parser
from bench.rows import Mapper, Row, read_rows
from bench.runs import IN_RUNS, run_path
from skat.action import PASS, PICKUP, Action
from skat.arena import arena_deal_number
from skat.contract import Contract
from skat.deal import deal
from skat.options import Options, ScoreList
from skat.players import Player, decision_rng, decision_seed, get_player
from skat.players import evaluation as ev
from skat.players.contract_model import load_model
from skat.players.strong import StrongPlayer
from skat.rules import GameType
from skat.scoring import GameResult, list_scores
from skat.state import Phase, State

__all__ = [
    "CONTRACTS",
    "Settings",
    "contract_jobs",
    "generate",
    "main",
    "plausible",
    "play_contract",
]

CONTRACTS: tuple[Contract, ...] = tuple(
    Contract.make(game, hand=hand, ouvert=ouvert)
    for hand in (True, False)
    for game, ouvert in (
        *((GameType(suit), False) for suit in range(4)),
        (GameType.GRAND, False),
        (GameType.NULL, False),
        (GameType.NULL, True),
    )
)
"""The fourteen contracts of a seat, by index: D H S C G N NO Hand (``DH`` … ``NOH``), then
the same with the pick-up."""

BID = 18
"""The bid at which the seat is made declarer (the lowest; no contract is worth less)."""

MIN_CHANCE = 0.1
"""The learned open-hand win chance below which a contract is not played (``--min-chance``)."""


@dataclass(frozen=True)
class Settings:
    """The settings of a run, stamped on every row (a data file must match them).

    Attributes:
        seed: the seed of the deal numbers (``arena_deal_number``).
        declarer: the declarer player's name (:func:`skat.players.get_player`).
        defenders: the defenders' player name.
        min_chance: the learned open-hand win chance a contract needs to be played (0..1).
        bid: the bid the seat declares at (game points).
    """

    seed: int
    declarer: str = "strong"
    defenders: str = "heuristic"
    min_chance: float = MIN_CHANCE
    bid: int = BID

    def to_json(self) -> dict[str, object]:
        """The settings as the rows hold them."""
        return asdict(self)


Job = tuple[Settings, int, int, int]
"""``(settings, deal index, seat, contract index in CONTRACTS)``."""


def plausible(cards: int, seat: int, min_chance: float) -> list[tuple[int, float]]:
    """The contracts of the ten ``cards`` of ``seat`` worth playing out: ``(index in
    CONTRACTS, learned open-hand win chance)`` of those whose chance is at least
    ``min_chance``, in index order (a Null Ouvert takes its Null's chance: open-handed they
    are the same game)."""
    model = load_model()
    out = []
    for k, contract in enumerate(CONTRACTS):
        chance = model.win_chance(cards, seat, contract.game, hand=contract.hand)
        if chance >= min_chance:
            out.append((k, chance))
    return out


def contract_jobs(settings: Settings, first: int, deals: int) -> list[Job]:
    """Every plausible (deal, seat, contract) job of deals ``first .. first + deals - 1``."""
    jobs: list[Job] = []
    for index in range(first, first + deals):
        hands = deal(arena_deal_number(settings.seed, index)).hands
        for seat in range(3):
            for k, _ in plausible(hands[seat].mask, seat, settings.min_chance):
                jobs.append((settings, index, seat, k))
    return jobs


def _auction(state: State, seat: int, bid: int) -> State:
    """``state`` after an auction in which ``seat`` alone bids ``bid``: it bids when it is its
    turn, the others pass (forehand, after two passes, bids itself)."""
    while state.phase == Phase.BIDDING:
        actor = state.current_player
        state = state.apply(Action.bid(bid) if actor == seat else PASS)
    return state


def _discard(player: Player, state: State, seat: int, contract: Contract) -> tuple[int, str]:
    """The two cards the declarer puts away for ``contract`` (mask) and who chose them:
    ``"strong"`` (the player's best choice for that game) or ``"heuristic"`` (its best discard
    when the player did not weigh that game, or is not a strong player)."""
    info = state.information_state(seat)
    if isinstance(player, StrongPlayer):
        lost_extra = player.settings.lost_extra
        choices = [
            c
            for c in player.discard_choices(info)
            if c.estimate.game == contract.game and c.estimate.ouvert == contract.ouvert
        ]
        if choices:
            best = max(choices, key=lambda c: (c.estimate.score(lost_extra), -c.discard))
            return best.discard, "strong"
    ranked = ev.discard_scores(info.hand, contract.game, seat=seat)
    return ranked[0][0], "heuristic"


def play_contract(job: Job) -> Row:
    """The row of one (deal, seat, contract): the game played out (see the module doc).

    Raises:
        IllegalActionError: a player chose an action the state refuses (a bug, never hidden).
    """
    settings, index, seat, k = job
    contract = CONTRACTS[k]
    number = arena_deal_number(settings.seed, index)
    game_seed = decision_seed(number, 16 * seat + k)
    declarer = get_player(settings.declarer)
    players = [declarer if s == seat else get_player(settings.defenders) for s in range(3)]
    state = _auction(State.new(number, Options()), seat, settings.bid)
    cards, skat = state.hand(seat), state.skat
    if contract.hand:
        state = state.apply(Action.declare(contract))
        discard, by = skat, "hand"
    else:
        state = state.apply(PICKUP)
        discard, by = _discard(declarer, state, seat, contract)
        state = state.apply(Action.discard(discard))
        state = state.apply(Action.declare(contract))
    while not state.is_terminal():
        actor = state.current_player
        assert actor is not None  # a state that is not over has a seat to act
        info = state.information_state(actor)
        state = state.apply(
            players[actor].choose(info, decision_rng(game_seed, len(state.actions)))
        )
    result = state.result()
    assert isinstance(result, GameResult)  # a declared game ends in a game result
    return {
        "settings": settings.to_json(),
        "deal": index,
        "number": number,
        "seat": seat,
        "index": k,
        "contract": str(contract),
        "game": contract.game.letter,
        "hand": contract.hand,
        "ouvert": contract.ouvert,
        "cards": cards,
        "skat": skat,
        "discard": discard,
        "discard_by": by,
        "chance": round(load_model().win_chance(cards, seat, contract.game, hand=contract.hand), 4),
        "bid": result.bid,
        "won": result.won,
        "schneider": "schneider" in result.levels,
        "schwarz": "schwarz" in result.levels,
        "declarer_points": result.declarer_points,
        "game_value": result.game_value,
        "score": result.score,
        "sf": list_scores(result, seat, ScoreList.SEEGER_FABIAN)[seat],
        "levels": list(result.levels),
        "matadors": result.matadors,
        "declarer_tricks": result.declarer_tricks,
        "overbid": result.overbid,
        "actions": " ".join(str(action) for action in state.actions),
    }


def generate(
    jobs: Sequence[Job], out_path: str, mapper: Mapper, settings: Settings
) -> Iterator[Row]:
    """Play the ``jobs`` the file ``out_path`` lacks, appending each row as it is done (in job
    order), and yield them (:func:`bench.rows.generate`, a row per deal, seat and contract).

    Raises:
        SystemExit: the file holds rows of other settings.
    """
    return rows.generate(
        jobs, out_path, mapper, settings.to_json(), play_contract,
        keys=("deal", "seat", "index"), job_key=lambda job: job[1:],
    )  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    ap = argument_parser(__doc__)
    add_deal_arguments(ap, deals=None, seed=48, first=True, workers=True)
    ap.add_argument(
        "--out",
        required=True,
        type=run_path,
        help="the JSON-lines data file (appended, resumable); " + IN_RUNS,
    )
    ap.add_argument(
        "--defenders", default="heuristic",
        help="the defenders: heuristic (default), strong, or strong:key=value,...",
    )  # fmt: skip
    ap.add_argument("--declarer", default="strong", help="the declarer player (default strong)")
    ap.add_argument(
        "--min-chance", type=float, default=MIN_CHANCE,
        help=f"learned open-hand win chance a contract needs to be played ({MIN_CHANCE})",
    )  # fmt: skip
    ap.add_argument("--ray", metavar="ADDRESS", help="run the rows as Ray tasks (or 'local')")
    args = ap.parse_args(argv)
    for name in (args.declarer, args.defenders):
        get_player(name)  # an unknown name fails here, before any process starts
    settings = Settings(args.seed, args.declarer, args.defenders, args.min_chance)
    jobs = contract_jobs(settings, args.first, args.deals)
    start = time.perf_counter()
    count = 0
    deals: set[int] = set()
    for row in generate(jobs, args.out, rows.mapper_of(args.ray, args.workers), settings):
        count += 1
        deals.add(row["deal"])
    elapsed = time.perf_counter() - start
    print(
        f"{count} contracts of {len(deals)} deals played in {elapsed:.1f} s of wall time with "
        f"{args.workers} workers ({elapsed / max(count, 1):.2f} s a contract, "
        f"{elapsed / max(len(deals), 1):.1f} s a deal); {len(jobs)} contracts plausible in "
        f"the {args.deals} deals, {len(read_rows(args.out))} rows in {args.out}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
