"""The strong player's announcements: a Hand game's Schneider, Schwarz or ouvert; Kontra, Re, Supra.

Each raises what a declared game is worth, and each is judged by the declarer's chance in
sampled deals solved open-handed:

* A Hand game is announced (ISkO 5.2.5, 5.2.6) with the level of the best expected Seeger-Fabian
  score (:func:`announced`), from the chances to win, to win Schneider and to win Schwarz in the
  deals :mod:`skat.players.contracts` solved, calibrated for the table
  (:mod:`skat.players.calibration`).
* Kontra, Re and Supra follow the declarer's chance as the seat sees it
  (:func:`declarer_chance`), against the lines of
  :class:`~skat.players.strong.StrongSettings` (:func:`kontra_choice`). For Kontra many
  candidate deals are drawn and picked by how well the declarer's cards fit his contract, and an
  ouvert declarer's game is solved on every deal of the hidden cards
  (docs/experiments/2026-12-strong-kontra.md).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from skat.action import Action, ActionKind
from skat.contract import Contract
from skat.information import InformationState
from skat.players import worlds as wd
from skat.players.calibration import LEVELS, calibrated
from skat.players.evaluation import list_outcomes
from skat.rules import GameType
from skat.scoring import game_value, suit_levels
from skat.solver import Solver
from skat.values import table_values

if TYPE_CHECKING:
    from skat.players.contracts import Estimate
    from skat.players.strong_settings import StrongSettings

__all__ = ["announced", "announcement_scores", "declarer_chance", "kontra_choice"]


def announced(best: Estimate, lost_extra: float | None) -> tuple[Contract, float]:
    """The Hand contract for ``best`` with the announcement of the best expected score (none,
    Schneider, Schwarz or, for a suit game or Grand, ouvert; ISkO 5.2.5, 5.2.6) and that
    expected score on the table's list (game points; a lost game costs ``lost_extra`` beyond
    the declarer's own entry, None: the defenders' entries,
    :func:`skat.players.evaluation.expected_score`).

    The chances to win, to win Schneider and to win Schwarz come from the sampled deals (the
    win chance calibrated for the table, the levels by :data:`skat.players.calibration.LEVELS`);
    an announced level counts whether won or lost, a level reached unannounced only when won.
    An ouvert game's chance is the open-hand Schwarz share without the correction for imperfect
    defenders (they see the declarer's cards). A Null game, or an estimate without the Schneider
    count, gets the plain Hand contract and :meth:`~skat.players.contracts.Estimate.score`.
    """
    scores = announcement_scores(best, lost_extra)
    top = max(scores, key=lambda c: scores[c])
    return top, scores[top]


def announcement_scores(
    best: Estimate, lost_extra: float | None, *, every_level: bool = False
) -> dict[Contract, float]:
    """The expected score (game points, as :func:`announced` counts it) of each Hand contract
    of ``best``: the plain Hand game and, for a suit game or Grand whose estimate has the
    Schneider count, also announced Schneider, announced Schwarz and ouvert; a Null game, or an
    estimate without a deal won Schneider, has the plain Hand contract only (its
    :meth:`~skat.players.contracts.Estimate.score`), unless ``every_level`` (for an estimate
    made with the Schneider count: none of its deals won Schneider, and the announcements are
    scored with that)."""
    plain = Contract.make(best.game, hand=True, ouvert=best.ouvert)
    if best.game == GameType.NULL or not (best.schneider or every_level):
        return {plain: best.score(lost_extra)}
    # "with or without n" from the plain Hand game's value, each level's value from the core
    options = best.options
    matadors = best.value // table_values(options).base_value(best.game) - len(_levels(plain))
    win = best.chance
    schneider = min(win, calibrated(best.schneider, best.worlds, LEVELS))
    schwarz = min(schneider, calibrated(best.schwarz, best.worlds, LEVELS))
    open_schwarz = min(schwarz, (best.schwarz + 0.5) / (best.worlds + 1.0))

    def won(contract: Contract, reached: str = "") -> int:
        value = game_value(contract, matadors, options, _levels(contract, reached))
        return list_outcomes(value, options, hand=True)[0]

    def lost(contract: Contract) -> float:
        # as skat.players.evaluation.expected_score: the declarer's entry and lost_extra
        value = game_value(contract, matadors, options, _levels(contract))
        _, entry, defender = list_outcomes(value, options, hand=True)
        return -entry + (2 * defender if lost_extra is None else lost_extra)

    announce_schneider = Contract.make(best.game, hand=True, schneider=True)
    announce_schwarz = Contract.make(best.game, hand=True, schwarz=True)
    ouvert = Contract.make(best.game, ouvert=True)
    return {
        plain: (win - schneider) * won(plain)
        + (schneider - schwarz) * won(plain, "schneider")
        + schwarz * won(plain, "schwarz")
        - (1 - win) * lost(plain),
        announce_schneider: (schneider - schwarz) * won(announce_schneider)
        + schwarz * won(announce_schneider, "schwarz")
        - (1 - schneider) * lost(announce_schneider),
        announce_schwarz: schwarz * won(announce_schwarz) - (1 - schwarz) * lost(announce_schwarz),
        ouvert: open_schwarz * won(ouvert) - (1 - open_schwarz) * lost(ouvert),
    }


def _levels(contract: Contract, reached: str = "") -> list[str]:
    """The levels :func:`skat.scoring.suit_levels` counts for ``contract`` won with 61 card
    points, or with ``reached`` ``"schneider"`` (90) or ``"schwarz"`` (every trick) made."""
    points, tricks = {"": (61, 5), "schneider": (90, 5), "schwarz": (120, 10)}[reached]
    return suit_levels(
        contract,
        declarer_points=points,
        declarer_tricks=tricks,
        defender_tricks=10 - tricks,
        conceded=False,
    )


def declarer_chance(
    settings: StrongSettings,
    solver: Solver,
    info: InformationState,
    rng: random.Random,
    *,
    draws: int | None = None,
    sharpness: float = 1.0,
) -> float:
    """The declarer's chance to make the declared contract, as this seat sees it: the share
    of sampled deals he wins open-handed, with a half deal added to each side (0..1).

    Args:
        settings: the strong player's tuning: ``worlds`` (half of it are drawn),
            ``node_budget`` (solver nodes after which no further deal is started; at least four
            are solved), ``inference`` and ``every_ouvert_deal``.
        solver: the open-hand solver the deals are solved with (its node count measures the
            budget).
        info: a seat's information state after the declaration.
        rng: the decision's random source.
        draws: None: each world drawn by rejection sampling as in the card play. A number:
            that many candidate deals are drawn and weighted by how well the declarer's
            cards fit his contract (:func:`skat.players.worlds._declarer_likelihood`, raised to
            ``sharpness``)
            and the other seat's by its bids; ``worlds // 2`` of them are then picked in
            proportion to their weights (importance resampling,
            :func:`skat.players.worlds.resample`).
        sharpness: the power of the declarer's likelihood for ``draws``; above 1 a hand
            that would hardly have been declared counts for less.

    With the declarer's hand open (ouvert) and ``every_ouvert_deal`` set, the deals of the
    remaining cards (at most 66: the other defender's ten cards and the skat) are solved in a
    random order within the node budget: all of them give the exact share (1.0 for a
    contract won in every deal); a part of them the share with a half deal added to each
    side, which for a contract won in every deal is still above any Kontra line.

    Raises:
        IllegalActionError: no contract is declared yet.
    """
    k = wd.knowledge(info)
    target = wd.target(info)
    start = solver.nodes
    wins = n = 0
    ouvert = settings.every_ouvert_deal and info.ouvert_hand is not None
    if ouvert and int(info.seat) != int(info.declarer or 0):
        every = wd.all_worlds(k)
        rng.shuffle(every)
        for deal in every:
            if n >= 4 and solver.nodes - start > settings.node_budget:
                break
            wins += solver.solve_threshold(wd.position(info, deal), target)
            n += 1
        if every and n == len(every):
            return wins / n
        if every:
            return (wins + 0.5) / (n + 1.0)
    if draws is not None:
        chosen = wd.resample(info, k, rng, settings.worlds // 2, draws, sharpness)
        for picked in chosen:
            if n >= 4 and solver.nodes - start > settings.node_budget:
                break
            wins += solver.solve_threshold(wd.position(info, picked), target)
            n += 1
        return (wins + 0.5) / (n + 1.0)
    plays = wd.plays(info) if settings.inference >= 3 else None
    for i in range(settings.worlds // 2):
        if i >= 4 and solver.nodes - start > settings.node_budget:
            break
        world = wd.draw_likely(
            info, k, rng, settings.inference, plays=plays, beliefs=settings.beliefs
        )
        if world is None:
            break
        wins += solver.solve_threshold(wd.position(info, world), target)
        n += 1
    return (wins + 0.5) / (n + 1.0)


def _plain_null(info: InformationState) -> bool:
    """Whether the declared contract is a Null that is not ouvert."""
    contract = info.contract
    return contract is not None and contract.game == GameType.NULL and not contract.ouvert


def kontra_choice(
    settings: StrongSettings,
    solver: Solver,
    info: InformationState,
    legal: list[Action],
    rng: random.Random,
    *,
    notes: dict[str, Any] | None = None,
) -> Action:
    """Kontra, Re or Supra, or declining it: one of ``legal`` (the seat's actions in the Kontra
    phase).

    Never Kontra or Supra against a Null that is not ouvert unless ``kontra_plain_null``: its
    open-hand estimate lets the defenders see the declarer's cards. Otherwise Kontra when the
    declarer wins less than ``kontra_below`` of the resampled deals
    (:func:`declarer_chance` with ``kontra_draws`` and ``kontra_sharpness``), Re when more than
    ``re_above`` of his own sampled deals (doubling pays when the chance is below/above 2/3),
    Supra after a Re below half of ``kontra_below``; ``legal[0]`` when there is no choice.
    ``notes`` gets the declarer's chance (``chance``, 0..1) and the line it was held against
    (``line``) (docs/experiments/2026-12-strong-kontra.md).

    Raises:
        IllegalActionError: no contract is declared yet.
    """
    s = settings
    decline = [a for a in legal if a.kind == ActionKind.DECLINE]
    say = [a for a in legal if a.kind != ActionKind.DECLINE]
    if not say or not decline:
        return legal[0]
    if say[0].kind != ActionKind.RE and not s.kontra_plain_null and _plain_null(info):
        return decline[0]  # no chance judged: ``notes`` stays as it was
    if say[0].kind == ActionKind.RE:
        chance = declarer_chance(s, solver, info, rng)
    else:
        chance = declarer_chance(
            s, solver, info, rng, draws=s.kontra_draws, sharpness=s.kontra_sharpness
        )
    if notes is not None:
        line = {ActionKind.KONTRA: s.kontra_below, ActionKind.RE: s.re_above}
        notes.update(chance=chance, line=line.get(say[0].kind, s.kontra_below / 2))
    if say[0].kind == ActionKind.KONTRA:
        return say[0] if chance < s.kontra_below else decline[0]
    if say[0].kind == ActionKind.RE:
        return say[0] if chance > s.re_above else decline[0]
    return say[0] if chance < s.kontra_below / 2 else decline[0]  # Supra after a Re
