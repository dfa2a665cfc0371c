"""Solver labels of a dealt hand: how often each contract wins open-handed (issue 28, point 4).

The training data of the learned contract evaluator (:mod:`skat.players.contract_model`). For
the ten cards of one seat (no bids heard), the 22 other cards are dealt ``worlds`` times at
random (two to the skat, ten to each opponent: :func:`skat.players.contracts.deal_rest`) and in
each world the open-hand solver says, for every contract kind (the four suits, Grand, Null),
whether the declarer wins it:

* **Hand**: the ten cards against the world's opponents, the skat counting for the declarer
  (61 card points, Null: no trick); for suits and Grand also whether it is won Schneider (90).
* **pick-up**: the declarer takes the world's skat and puts away the best of the 66 discards.
  "Is there a winning discard?" is a threshold search per discard that stops at the first
  winning one; the discards are tried in the heuristic's order
  (:func:`skat.players.evaluation.discard_scores`, then the pairs it leaves out: those with a
  trump), so a world the declarer wins usually costs one or two searches. Schneider is asked of
  that first winning discard only (a lower bound). A label's searches stop once they have used
  ``label_budget`` solver nodes: the world being searched and the worlds after it then count as
  *cut* (not decided), so one hand costs at most about twelve budgets.

The open-hand solver shows every card to everybody, so the open-hand Null is the Null Ouvert:
one label serves both (as in :func:`skat.players.contracts.evaluate_before_skat`); the two
differ in value and in how far real defenders are from open-hand ones, not in the label.

Pure: the worlds come from the ``rng`` passed in, the nodes are counted in work, not time, and
a fresh :class:`~skat.solver.Solver` per hand (the default) makes a hand's labels independent of
what was solved before (the solver's table places an entry by the search's generation).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from skat.cards import ALL_CARDS, card_pairs, cards_ascending
from skat.errors import SkatError
from skat.players import evaluation as ev
from skat.players.contracts import deal_rest, declarer_position
from skat.rules import GameType
from skat.solver import Solver

__all__ = [
    "KINDS",
    "LABEL_BUDGET",
    "WORLDS",
    "HandLabels",
    "Label",
    "discard_order",
    "hand_labels",
]

KINDS: tuple[GameType, ...] = (
    GameType.DIAMONDS,
    GameType.HEARTS,
    GameType.SPADES,
    GameType.CLUBS,
    GameType.GRAND,
    GameType.NULL,
)
"""The contract kinds labelled (Null stands for Null Ouvert too)."""

WORLDS = 8
"""Worlds (deals of the 22 unseen cards) per hand by default."""

LABEL_BUDGET = 3_000_000
"""Solver nodes one label (a kind, Hand or pick-up) may use by default (about 0.4 s)."""


@dataclass(frozen=True, slots=True)
class Label:
    """The open-hand outcome of one contract over the worlds of a hand.

    Attributes:
        game: the contract kind (suit, Grand or Null).
        hand: a Hand game (else pick-up with the best discard).
        wins: worlds the declarer wins (61 card points; Null: no trick).
        schneider: worlds won with 90 card points (suit and Grand; pick-up: with the first
            winning discard); 0 for Null.
        cut: worlds not decided, the label's node budget being spent (counted neither won nor
            lost in ``wins``).
        nodes: solver nodes the label used.
    """

    game: GameType
    hand: bool
    wins: int
    schneider: int
    cut: int
    nodes: int


@dataclass(frozen=True, slots=True)
class HandLabels:
    """Every label of one seat's ten cards.

    Attributes:
        cards: the ten cards (mask).
        seat: 0 forehand, 1 middlehand, 2 rearhand.
        worlds: worlds dealt.
        labels: one per kind of :data:`KINDS`, Hand first, then pick-up.
    """

    cards: int
    seat: int
    worlds: int
    labels: tuple[Label, ...]

    @property
    def nodes(self) -> int:
        """Solver nodes spent on the hand."""
        return sum(label.nodes for label in self.labels)

    def label(self, game: GameType, hand: bool) -> Label:
        """The label of ``game`` (a kind of :data:`KINDS`), Hand or pick-up.

        Raises:
            SkatError: ``game`` is not labelled.
        """
        for label in self.labels:
            if label.game == game and label.hand == hand:
                return label
        raise SkatError(f"game {game.letter} is not labelled")


def discard_order(cards: int, game: GameType, *, seat: int) -> list[int]:
    """All 66 discards of the twelve ``cards`` (masks), the heuristic's best first
    (:func:`skat.players.evaluation.discard_scores`), then the pairs it does not rank (for suits
    and Grand those putting a trump away), in :func:`skat.cards.card_pairs` order."""
    ranked = [pair for pair, _ in ev.discard_scores(cards, game, seat=seat)]
    seen = set(ranked)
    return ranked + [pair for pair in card_pairs(cards) if pair not in seen]


def hand_labels(
    cards: int,
    seat: int,
    rng: random.Random,
    *,
    worlds: int = WORLDS,
    label_budget: int = LABEL_BUDGET,
    solver: Solver | None = None,
) -> HandLabels:
    """The open-hand labels of every contract kind, Hand and pick-up, for ``cards`` of ``seat``.

    Args:
        cards: the seat's ten cards (mask).
        seat: 0 forehand, 1 middlehand, 2 rearhand (forehand leads the first trick).
        rng: the source of the worlds (the same state gives the same labels).
        worlds: deals of the 22 other cards (each label is judged in the same worlds).
        label_budget: solver nodes after which a label's search stops (its remaining worlds are
            cut).
        solver: the solver to use; default a fresh one.

    Returns:
        the labels, one per kind of :data:`KINDS`, Hand first, then pick-up.

    Raises:
        SkatError: ``cards`` is not ten cards, ``seat`` not 0..2 or ``worlds`` below 1.
    """
    if cards.bit_count() != 10 or cards & ~ALL_CARDS:
        raise SkatError(f"a hand to label has ten cards, got {cards.bit_count()}")
    if seat not in (0, 1, 2):
        raise SkatError(f"seat must be 0, 1 or 2, got {seat}")
    if worlds < 1:
        raise SkatError(f"worlds must be at least 1, got {worlds}")
    solver = Solver() if solver is None else solver
    unseen = cards_ascending(ALL_CARDS & ~cards)
    dealt = [deal_rest(rng, unseen, (2, 10, 10)) for _ in range(worlds)]
    out = [_hand_label(cards, seat, game, dealt, solver, label_budget) for game in KINDS]
    out += [_pickup_label(cards, seat, game, dealt, solver, label_budget) for game in KINDS]
    return HandLabels(cards, seat, worlds, tuple(out))


def _hand_label(
    cards: int, seat: int, game: GameType, dealt: list[list[int]], solver: Solver, budget: int
) -> Label:
    start = solver.nodes
    wins = schneider = decided = 0
    for skat, first, second in dealt:
        if solver.nodes - start > budget:
            break
        pos = declarer_position(seat, cards, (first, second), game, skat)
        won = solver.solve_threshold(pos, 61)
        if won and game != GameType.NULL:
            schneider += solver.solve_threshold(pos, 90)
        wins += won
        decided += 1
    return Label(game, True, wins, schneider, len(dealt) - decided, solver.nodes - start)


def _pickup_label(
    cards: int, seat: int, game: GameType, dealt: list[list[int]], solver: Solver, budget: int
) -> Label:
    start = solver.nodes
    wins = schneider = decided = 0
    orders: dict[int, list[int]] = {}
    for skat, first, second in dealt:
        twelve = cards | skat
        order = orders.get(twelve)
        if order is None:
            order = orders[twelve] = discard_order(twelve, game, seat=seat)
        outcome: bool | None = False
        for pair in order:
            if solver.nodes - start > budget:
                outcome = None
                break
            pos = declarer_position(seat, twelve & ~pair, (first, second), game, pair)
            if solver.solve_threshold(pos, 61):
                outcome = True
                if game != GameType.NULL:
                    schneider += solver.solve_threshold(pos, 90)
                break
        if outcome is None:
            break
        wins += outcome
        decided += 1
    return Label(game, False, wins, schneider, len(dealt) - decided, solver.nodes - start)
