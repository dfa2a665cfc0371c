"""The strong player's card play in a suit game, Grand or Null: sampled worlds, each solved.

For each card decision it draws worlds consistent with what its seat knows and has heard
(:mod:`skat.players.worlds`) and solves each one open-handed (:mod:`skat.solver`, null-window
threshold searches); the card that reaches the contract's target in the most worlds is played
(Perfect Information Monte Carlo, Ginsberg 2001; for Skat: Kupferschmid & Helmert 2006). Ties,
such as a position won or lost in every world, go to the card the heuristic player would
choose, so the play stays natural; a contract settled in every world is played on for the next
level (Schneider). The declarer and the defenders each have their own number of worlds, node
budget and inference, and the first two tricks a larger budget
(:class:`~skat.players.strong.StrongSettings`). A declarer whose game is lost in every sampled
world concedes during the first trick when it also saves a Schneider; with ``slip_margin`` (10
by default), a side lost in every sampled world plays the card that keeps the game closest, for
the other side's slip.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from skat.cards import ALL_CARDS, mask_of, points
from skat.information import InformationState
from skat.players import worlds as wd
from skat.players.heuristic_play import choose_card, table_of
from skat.rules import GameType
from skat.solver import SCHWARZ, Position, Solver

if TYPE_CHECKING:
    from skat.players.strong_settings import StrongSettings

__all__ = ["best_cards", "heuristic_card", "play_card"]


def heuristic_card(info: InformationState, cards: list[int]) -> int:
    """The card the heuristic plays from ``cards`` (the legal ones)."""
    return choose_card(table_of(info), mask_of(cards))


def play_card(
    settings: StrongSettings,
    solver: Solver,
    info: InformationState,
    cards: list[int],
    rng: random.Random,
    *,
    concede: bool,
    notes: dict[str, Any] | None = None,
) -> int | None:
    """The card to play from ``cards`` (the legal ones) in a suit game, Grand or Null, by the
    worlds ``settings`` allow (the declarer's or the defence's), solved with ``solver``; None:
    concede (only when ``concede``, see :func:`_concedes`).

    ``notes``, when given, gets the figures of the decision for a hint's reason: ``worlds`` (the
    count solved), ``wins`` (card → the worlds in which the declarer reaches ``target`` card
    points after it), ``target``, ``declarer`` (this seat is the declarer), ``next_level``
    (True when the contract was settled in every world and the card was chosen for the next
    level, Schneider) and ``slip`` (the threshold of the second count when the seat lost in
    every world: :func:`_slip_threshold`)."""
    fallback = heuristic_card(info, cards)
    k = wd.knowledge(info)
    target = wd.target(info)
    maximise = int(info.seat) == int(info.declarer or 0)
    if maximise:
        most, budget, inference = settings.worlds, settings.node_budget, settings.inference
    else:
        most, budget = settings.defence_worlds, settings.defence_budget
        inference = settings.defence_inference
    sharpness = 1.0 if maximise else settings.defence_sharpness
    if len(info.tricks) < settings.early_tricks:
        budget *= settings.early_factor
    start = solver.nodes
    worlds: list[Position] = []
    score = dict.fromkeys(cards, 0)
    plays = wd.plays(info) if inference >= 3 else None
    for i in range(most):
        if i >= settings.min_worlds and solver.nodes - start > budget:
            break
        world = wd.draw_likely(
            info, k, rng, inference, plays=plays, sharpness=sharpness, beliefs=settings.beliefs
        )
        if world is None:
            break
        pos = wd.position(info, world)
        worlds.append(pos)
        for c, v in solver.move_values(pos, "threshold", target).items():
            score[c] += v
    if notes is not None:
        notes.update(worlds=len(worlds), wins=dict(score), target=target, declarer=maximise)
    if not worlds:
        return fallback
    if concede and max(score.values()) == 0 and _concedes(settings, solver, info, worlds):
        return None
    top = _break_ties(settings, solver, info, worlds, cards, score, maximise, start, budget, notes)
    return fallback if fallback in top else top[0]


def _break_ties(
    settings: StrongSettings,
    solver: Solver,
    info: InformationState,
    worlds: list[Position],
    cards: list[int],
    score: dict[int, int],
    maximise: bool,
    start: int,
    budget: int,
    notes: dict[str, Any] | None,
) -> list[int]:
    """The cards of the best ``score`` (the worlds in which the declarer reaches his target after
    each), narrowed from the third trick on (the first tricks are too costly to solve twice),
    outside Null, by a second count at another threshold: when the contract is settled in every
    world, by the next level (the declarer's Schneider: 90 card points, or his escape from it:
    31); then, when the seat loses in every world, by the other side's slip
    (:func:`_slip_threshold`; only while the card points taken leave the game open, so that a
    slip could still turn it). A count is made at a threshold the card points taken have not
    settled, while more than one card is left and the solver has spent less than ``budget``
    nodes since ``start``, and stops at twice ``budget``. ``notes`` gets ``next_level`` (True)
    and ``slip`` (the threshold) for the counts made."""
    top = best_cards(cards, score, maximise)
    contract = info.contract
    if len(top) < 2 or len(info.tricks) < 2 or contract is None or contract.game == GameType.NULL:
        return top
    target = wd.target(info)
    open_ = _still_open(info)
    counts: list[tuple[str, int]] = []
    if target < SCHWARZ and all(score[c] in (0, len(worlds)) for c in top):
        level = 90 if score[top[0]] else 31
        if open_(level):
            counts.append(("next_level", level))
    lost = score[top[0]] == (0 if maximise else len(worlds))
    slip = _slip_threshold(settings.slip_margin, target, maximise, lost=lost)
    if slip is not None and open_(target) and open_(slip):
        counts.append(("slip", slip))
    for name, threshold in counts:
        if len(top) < 2 or solver.nodes - start >= budget:
            break
        count = _count_at(solver, worlds, top, threshold, start, 2 * budget)
        top = best_cards(top, count, maximise)
        if notes is not None:
            notes[name] = True if name == "next_level" else threshold
    return top


def _slip_threshold(margin: int, target: int, maximise: bool, *, lost: bool) -> int | None:
    """The threshold at which a seat that loses in every sampled world (``lost``) ranks its
    tied cards, so that the other side has to play exactly and a slip turns the game: the
    declarer's (``maximise``) cards by the worlds in which he reaches ``target − margin`` card
    points (most), a defender's by those in which the declarer reaches ``target + margin``
    (fewest). None with ``margin`` 0 (off), a seat not lost, or a threshold outside 1 .. 119
    (a defender against an announced Schwarz)."""
    if margin <= 0 or not lost:
        return None
    threshold = target - margin if maximise else target + margin
    return threshold if 0 < threshold < SCHWARZ else None


def _still_open(info: InformationState) -> Callable[[int], bool]:
    """Whether the card points taken in the completed tricks leave a threshold (card points)
    open: the declarer has fewer (his skat not counted, which only he may know) and the
    defenders have not taken so many that he can no longer reach it."""
    taken, _ = wd.taken_by_seat(info)
    declarer = taken[int(info.declarer or 0)]
    defenders = sum(taken) - declarer
    return lambda threshold: declarer < threshold <= points(ALL_CARDS) - defenders


def _count_at(
    solver: Solver, worlds: list[Position], cards: list[int], threshold: int, start: int, limit: int
) -> dict[int, int]:
    """For each of ``cards``, the worlds in which the declarer reaches ``threshold`` card
    points after it, counted over ``worlds`` in order while the solver's node count is at most
    ``limit`` past ``start``."""
    count = dict.fromkeys(cards, 0)
    for pos in worlds:
        if solver.nodes - start > limit:
            break
        for c, v in solver.move_values(pos, "threshold", threshold).items():
            if c in count:
                count[c] += v
    return count


def _concedes(
    settings: StrongSettings, solver: Solver, info: InformationState, worlds: list[Position]
) -> bool:
    """Concede a game lost in every sampled world when in at least ``settings.concede_schneider``
    of them the declarer also stays at 30 card points or fewer (Schneider, ISkO 5.2.3): a
    conceded game counts only the announced levels (:func:`skat.scoring.score_game`), so
    conceding saves the Schneider; otherwise the loss is the same and the game is played on
    (the defence may still err)."""
    contract = info.contract
    if (
        contract is None
        or contract.game == GameType.NULL
        or contract.schneider
        or len(worlds) < settings.concede_min_worlds
    ):
        return False
    beaten = sum(not solver.solve_threshold(pos, 31) for pos in worlds)
    return beaten >= settings.concede_schneider * len(worlds)


def best_cards(cards: list[int], score: dict[int, int], maximise: bool) -> list[int]:
    """The cards of the best score: highest for the declarer, lowest for a defender."""
    best = max(score[c] for c in cards) if maximise else min(score[c] for c in cards)
    return [c for c in cards if score[c] == best]
