"""The review of a deal: each decision of one seat weighed with what that seat knew then.

"Could I have won?" (:mod:`skat.analysis`) judges the card play with every card open. The review
judges every decision of a seat — each call in the auction, Hand or pick-up, the discard, the
game and its announcements, Kontra, Re and Supra, each card — the way a hint at that moment
would (:func:`skat.players.advice.advise`): a new strong player
(:class:`~skat.players.strong.StrongPlayer`) decides from the seat's information state before
the decision (:meth:`skat.state.State.information_state`), drawing from ``decision_rng(deal
number, action index)``; its action is the best one (unless the taken one is valued higher, see
below). The action taken and the best are then valued with the figures the strong player
computed for that decision (the same sampled deals, so the comparison is paired), each as the
seat's expected own score on the table's list and, where the win chance is what decides, that
chance: how each phase is valued is :mod:`skat.analysis.valuation`'s (docs/review.md, "How a
decision is judged").

The decision's cost is the best action's expected score less the taken one's (never below 0), in
game points; for a card of a declared game also the chance lost. The deal's total sums what each
decision gave away (:attr:`Judgement.given`: its cost, but a Ramsch card's difference to the
rules of thumb' card, so that a Ramsch's total is not counted twice). The mark follows the
documented lines (:data:`POINT_LINES`, :data:`CHANCE_LINES`, docs/review.md): the strong
player's own action, one within the first line of it, or one valued above it by that line (then
the best action, the strong player's named as the ``hint``) is ``best``; then ``good``,
``inaccuracy``, ``mistake``, ``blunder``. A decision with one legal action is ``forced`` and not
judged; an action the strong player did not weigh at all (a Schieberamsch push outside its
candidates, a Revolution's exchange, a claim) is ``unjudged``, with no cost. The reason is a
code of :data:`REASONS` with its figures (the browser words it in each language). Each decision
has a kind of :data:`KINDS` (bidding, declaring, declarer play, defence, Ramsch), and
:func:`costs_by_kind` sums many reviews' costs by it.

Nothing of a judgement depends on a card the seat had not seen at that moment:
``tests/analysis/test_review.py`` deals the hidden cards otherwise and finds every judgement the
same. The review is deterministic (a new strong player and solver per decision, node budgets,
no clock). Beside the decisions, the deal's total (the expected points given away) and the
open-hand verdict of "Could I have won?" (:attr:`skat.analysis.Analysis.answer`), so that "lost
to the cards" stands apart from "lost by a mistake".

>>> from skat.options import Options
>>> from skat.state import State
>>> review(State.new(7, Options()), 0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
skat.errors.NotFinishedError: the deal is not finished (phase 'bidding'): ...
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from skat.action import Action, ActionKind
from skat.analysis import _finished, analyse
from skat.analysis.valuation import Values, value_actions
from skat.errors import SkatError
from skat.information import InformationState
from skat.players import decision_rng
from skat.players.advice import advise
from skat.players.strong import StrongPlayer
from skat.players.strong_settings import StrongSettings
from skat.rules import GameType
from skat.state import Phase, State

__all__ = [
    "CHANCE_LINES",
    "KINDS",
    "MARKS",
    "POINT_LINES",
    "REASONS",
    "Judgement",
    "Review",
    "costs_by_kind",
    "decision_indices",
    "decision_kind",
    "judge",
    "judge_decision",
    "mark",
    "open_hand_verdict",
    "review",
    "review_steps",
]

MARKS = ("best", "good", "inaccuracy", "mistake", "blunder")
"""The marks of a judged decision, from the best; besides them ``forced`` (one legal action)
and ``unjudged`` (an action the strong player did not weigh)."""

POINT_LINES = (0.5, 5.0, 15.0, 40.0)
"""The costs (game points of the seat's expected own score) from which a decision is marked
``good``, ``inaccuracy``, ``mistake``, ``blunder``: below 0.5 it is ``best`` (as good as the
strong player's action). Reasons in docs/review.md: a won game of value 24 writes +74 on the
Seeger-Fabian list, a lost one −98, each defender +40 for a lost game; 5 points is about 3 % of
that swing (below the sampling's noise), 15 about a tenth, 40 a defender's whole bonus or a
quarter of a declarer's swing."""

CHANCE_LINES = (0.005, 0.05, 0.15, 0.30)
"""The same for a card of a declared game, by the chance lost (the share of sampled deals the
seat's side no longer wins): 0.05 is about three deals in 64 (the noise of the sampling), 0.15 a
game in seven, 0.30 nearly a game in three."""

REASONS = (
    "forced",
    "best",
    "equal",
    "bid_high",
    "bid_low",
    "hand_not_pickup",
    "pickup_not_hand",
    "other_hand_game",
    "other_discard",
    "other_game",
    "overbid",
    "kontra_said",
    "kontra_missed",
    "card_chance",
    "card_points",
    "push_points",
    "unjudged",
)
"""The reason codes, a closed set (docs/review.md lists the figures of each):

* ``forced``: one legal action; ``best``: the strong player's action; ``equal``: another
  action valued within :data:`POINT_LINES` / :data:`CHANCE_LINES`' first line of it;
* ``bid_high`` / ``bid_low``: a call committing to a higher / lower value than the strong
  player's (a pass commits to none);
* ``hand_not_pickup``, ``pickup_not_hand``, ``other_hand_game``: Hand played where the strong
  player picks up, the other way round, another Hand game or announcement;
* ``other_discard``, ``other_game``, ``overbid`` (a game worth less than the bid declared);
* ``kontra_said`` / ``kontra_missed``: Kontra, Re or Supra said where the strong player declines,
  or the other way round;
* ``card_chance`` (a card of a declared game with a lower share of won deals), ``card_points``
  (a Ramsch card of a lower average), ``push_points`` (a Schieberamsch choice of a lower
  average);
* ``unjudged``: the strong player did not weigh the action taken.
"""

KINDS = ("bidding", "declaring", "declarer_play", "defence", "ramsch")
"""The kinds of decision, a closed set, so that a series can say where a person loses points
(issue 50, point 3; :func:`decision_kind` sorts each decision into one):

* ``bidding``: a call in the auction (bid, hold, pass);
* ``declaring``: Hand or pick-up, the discard, the game and its announcements, the declarer's
  Re, and a Schieberamsch choice of the skat (take it or push it, the cards pushed on);
* ``declarer_play``: a card (or the concession, a claim) of the declarer;
* ``defence``: a card (or a claim) of a defender, a defender's Kontra and Supra, a defender's
  exchange in a Revolution;
* ``ramsch``: a card of Ramsch.

The doublings go with the side that says them, as a Skat player weighs them: Kontra and Supra
are the defenders' judgement of the declarer's game, Re is the declarer's own of his game."""


@dataclass(frozen=True, slots=True)
class Judgement:
    """One decision of the reviewed seat, judged from the seat's information before it.

    Attributes:
        index: the decision's 0-based index among the deal's actions (its ``decision_rng``
            index).
        phase: the phase it was made in (``bidding``, ``skat``, ``discard``, ``declare``,
            ``kontra``, ``play``, ``schieben``, ...).
        kind: the kind of decision, one of :data:`KINDS` (:func:`decision_kind`).
        trick: the number of completed tricks before it (0 before the card play).
        taken: the action taken (its token).
        best: the strong player's action there (its token; a discard's is followed by no
            game), or the taken action where it is valued above the strong player's by the
            first line of :data:`POINT_LINES` / :data:`CHANCE_LINES` or more (then ``figures``
            name the strong player's action ``hint`` with its ``hint_expected`` and
            ``hint_chance``).
        legal: how many legal actions the seat had.
        taken_expected: the taken action's expected own score (game points); None when not
            valued (forced, unjudged, or the same as the best with no figure computed).
        best_expected: the best action's, likewise.
        taken_chance: where the win chance decides (a card of a declared game) or is shown
            (a contract; Kontra: the declarer's chance), the taken action's (0..1); else None.
        best_chance: the best action's, likewise.
        cost: ``best_expected − taken_expected``, at least 0 (game points); 0 for the best
            action, None when forced or unjudged.
        chance_lost: for a card of a declared game, ``best_chance − taken_chance`` (at least
            0); else None.
        mark: one of :data:`MARKS`, ``forced`` or ``unjudged``.
        reason: a code of :data:`REASONS`.
        figures: the reason's figures (JSON-ready; docs/review.md names them per code).
    """

    index: int
    phase: str
    kind: str
    trick: int
    taken: str
    best: str
    legal: int
    taken_expected: float | None
    best_expected: float | None
    taken_chance: float | None
    best_chance: float | None
    cost: float | None
    chance_lost: float | None
    mark: str
    reason: str
    figures: dict[str, Any] = field(default_factory=dict)

    @property
    def given(self) -> float:
        """The decision's part of the deal's total (game points of expected own score given
        away): its cost (0 when forced or unjudged), except for a Ramsch card valued with the
        rules of thumb' card there (``figures["rules_expected"]``): that card's average less the
        taken card's, from the same rollouts, below 0 where the taken card did better.

        A Ramsch card's cost is measured against the best card with the rules of thumb playing
        the rest; summed over the cards of a deal those costs count the best card's promised
        gain at every card again, and came out at twice the outcome difference (20 Ramsch
        deals: 54.8 points against 29.2, docs/review.md "The total of a Ramsch"). The
        difference to the rules of thumb' own card adds up to the rules of thumb' outcome less
        the person's (the rollouts' own policy: Kakade and Langford's performance difference),
        25.3 points on the same deals."""
        rules = self.figures.get("rules_expected")
        if self.phase == "play" and rules is not None and self.taken_expected is not None:
            return float(rules) - self.taken_expected
        return self.cost or 0.0

    def to_json(self) -> dict[str, Any]:
        """``{"index", "phase", "kind", "trick", "taken", "best", "legal", "taken_expected",
        "best_expected", "taken_chance", "best_chance", "cost", "chance_lost", "mark",
        "reason", "figures"}``."""
        return {
            "index": self.index,
            "phase": self.phase,
            "kind": self.kind,
            "trick": self.trick,
            "taken": self.taken,
            "best": self.best,
            "legal": self.legal,
            "taken_expected": self.taken_expected,
            "best_expected": self.best_expected,
            "taken_chance": self.taken_chance,
            "best_chance": self.best_chance,
            "cost": self.cost,
            "chance_lost": self.chance_lost,
            "mark": self.mark,
            "reason": self.reason,
            "figures": self.figures,
        }


@dataclass(frozen=True, slots=True)
class Review:
    """The review of a finished deal for one seat.

    Attributes:
        seat: the reviewed seat (0 forehand, 1 middlehand, 2 rearhand).
        deal_number: the deal number (−1 for explicit cards).
        decisions: every decision of the seat, in order (:class:`Judgement`).
        open_hand: the open-hand verdict of "Could I have won?" (:func:`open_hand_verdict`).
    """

    seat: int
    deal_number: int
    decisions: tuple[Judgement, ...]
    open_hand: dict[str, Any]

    @property
    def total(self) -> float:
        """The expected points given away (game points, at least 0): the sum of what each
        decision gave away (:attr:`Judgement.given`: its cost; a Ramsch card's difference to
        the rules of thumb' card)."""
        return round(max(0.0, sum(j.given for j in self.decisions)), 1)

    @property
    def played_well(self) -> bool:
        """Whether the seat played the deal well by what it knew: expected points given away
        below the third line of :data:`POINT_LINES` (where a ``mistake`` begins) and no decision
        marked ``mistake`` or ``blunder``. Beside the open-hand verdict it tells "played well,
        lost to the cards" from "lost by a mistake" (docs/review.md, "Words")."""
        errors = sum(1 for j in self.decisions if j.mark in ("mistake", "blunder"))
        return self.total < POINT_LINES[2] and errors == 0

    def marks(self) -> dict[str, int]:
        """How many decisions got each mark (:data:`MARKS`, ``forced``, ``unjudged``)."""
        out = dict.fromkeys((*MARKS, "forced", "unjudged"), 0)
        for j in self.decisions:
            out[j.mark] += 1
        return out

    def to_json(self) -> dict[str, Any]:
        """``{"seat", "deal_number" (a string), "decisions": [...], "total", "marks",
        "played_well", "open_hand"}`` (the body of ``POST /api/review``, docs/web-api.md)."""
        return {
            "seat": self.seat,
            "deal_number": str(self.deal_number),
            "decisions": [j.to_json() for j in self.decisions],
            "total": self.total,
            "marks": self.marks(),
            "played_well": self.played_well,
            "open_hand": self.open_hand,
        }


# -- the deal ------------------------------------------------------------------------------------


def decision_indices(state: State, seat: int) -> list[int]:
    """The indices of ``state``'s actions that ``seat`` took at its turn (its decisions), in
    order; actions of the table or out of turn are none.

    Raises:
        SkatError: ``seat`` is not 0, 1 or 2.
    """
    _check_seat(seat)
    out = []
    s = state.prefix(0)
    for index, (action, actor) in enumerate(zip(state.actions, state.actors, strict=True)):
        turn = s.current_player
        if actor == seat and turn is not None and int(turn) == seat:
            out.append(index)
        s = s.apply(action, seat=None if actor < 0 or actor == turn else actor)
    return out


def judge_decision(
    state: State, seat: int, index: int, settings: StrongSettings | None = None
) -> Judgement:
    """The judgement of ``seat``'s decision at action ``index`` of ``state`` (one of
    :func:`decision_indices`), from the seat's information state before it; ``settings`` the
    strong player's (None: today's, as a hint; tests pass smaller ones).

    Raises:
        SkatError: ``seat`` is not 0, 1 or 2, or did not decide at ``index``.
    """
    _check_seat(seat)
    if not 0 <= index < len(state.actions) or state.actors[index] != seat:
        raise SkatError(f"seat {seat} took no action at index {index!r}")
    before = state.prefix(index)
    info = before.information_state(seat)
    rng = decision_rng(max(state.number, 0), index)
    return judge(info, state.actions[index], rng, index=index, settings=settings)


def review_steps(
    deal: State | str, seat: int, settings: StrongSettings | None = None
) -> Iterator[Judgement]:
    """Each decision of ``seat`` in the finished ``deal`` judged, in order, as it is computed
    (an iterator: the first comes after one decision's work, typically well under a second; a
    deal that is not finished is refused at the call, before any decision is judged);
    ``settings`` as in :func:`judge_decision`.

    Raises:
        NotFinishedError: the deal is not over.
        RecordError: the record line is malformed or replays an illegal move.
        SkatError: ``seat`` is not 0, 1 or 2.
    """
    state = _finished(deal, seat, "reviewed")  # refused at the call, before any is judged
    return (judge_decision(state, seat, i, settings) for i in decision_indices(state, seat))


def review(deal: State | str, seat: int, settings: StrongSettings | None = None) -> Review:
    """The review of the finished ``deal`` for ``seat``: every decision judged
    (:func:`review_steps`, ``settings`` as there) and the open-hand verdict
    (:func:`open_hand_verdict`).

    Raises:
        as :func:`review_steps`.
    """
    state = _finished(deal, seat, "reviewed")
    decisions = tuple(review_steps(state, seat, settings))
    return Review(seat, state.number, decisions, open_hand_verdict(state, seat))


def open_hand_verdict(deal: State | str, seat: int) -> dict[str, Any]:
    """The answer of "Could I have won?" for ``seat`` (:func:`skat.analysis.analyse` without the
    game choice and the calls): ``{"answer", "declarer_could_win", "defenders_could_beat"}``
    (:attr:`skat.analysis.Analysis.answer`'s codes; the last two None in Ramsch and when all
    passed). It is the one part of the review that sees every card.

    Raises:
        as :func:`review_steps`.
    """
    analysis = analyse(_finished(deal, seat), seat, game_choice=False, calls=False)
    return {
        "answer": analysis.answer,
        "declarer_could_win": analysis.declarer_could_win,
        "defenders_could_beat": analysis.defenders_could_beat,
    }


def decision_kind(info: InformationState) -> str:
    """The kind (one of :data:`KINDS`) of the decision the seat of ``info`` makes now: by the
    phase, and in the card play and the doublings by the seat's side (the declarer's or a
    defender's) or Ramsch.

    >>> from skat.options import Options
    >>> from skat.state import State
    >>> decision_kind(State.new(7, Options()).information_state(1))
    'bidding'
    """
    phase = info.phase
    if phase == Phase.BIDDING:
        return "bidding"
    if phase in (Phase.SKAT, Phase.DISCARD, Phase.DECLARE, Phase.SCHIEBEN):
        return "declaring"
    if info.contract is not None and info.contract.game == GameType.RAMSCH:
        return "ramsch"
    declarer = info.declarer is not None and int(info.declarer) == int(info.seat)
    if phase == Phase.KONTRA:
        return "declaring" if declarer else "defence"
    return "declarer_play" if declarer else "defence"


def costs_by_kind(reviews: Iterable[Review]) -> dict[str, dict[str, Any]]:
    """The reviews' costs summed by kind of decision (:data:`KINDS`): where the seat gave points
    away, over a series of deals.

    Returns:
        ``{kind: {"cost", "decisions", "marks"}}`` for every kind of :data:`KINDS` (in that
        order, a kind with no decision too): ``cost`` the sum of what its decisions gave away
        (:attr:`Judgement.given`; game points of expected own score, at least 0, rounded to
        0.1), ``decisions`` how many
        decisions of that kind (the forced and unjudged too), ``marks`` how many got each mark
        (:data:`MARKS`, ``forced``, ``unjudged``).

    >>> costs_by_kind([])["defence"]["cost"]
    0.0
    """
    out: dict[str, dict[str, Any]] = {
        kind: {
            "cost": 0.0,
            "decisions": 0,
            "marks": dict.fromkeys((*MARKS, "forced", "unjudged"), 0),
        }
        for kind in KINDS
    }
    for done in reviews:
        for j in done.decisions:
            row = out[j.kind]
            row["cost"] += j.given
            row["decisions"] += 1
            row["marks"][j.mark] += 1
    for row in out.values():
        row["cost"] = round(max(0.0, row["cost"]), 1)
    return out


def _check_seat(seat: object) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in (0, 1, 2):
        raise SkatError(f"the seat must be 0, 1 or 2, not {seat!r}")


# -- one decision ------------------------------------------------------------------------------


def judge(
    info: InformationState,
    taken: Action,
    rng: random.Random,
    *,
    index: int = -1,
    settings: StrongSettings | None = None,
) -> Judgement:
    """The judgement of ``taken`` by the seat of ``info`` (the seat to act), from ``info``
    alone: the strong player's action there (:func:`skat.players.advice.advise` with ``rng``)
    and both valued as the module doc says.

    Args:
        info: the seat's information state before the decision.
        taken: the action the seat took (one of ``info.legal_actions()``).
        rng: the decision's random source (``decision_rng(deal number, index)``).
        index: the decision's index among the deal's actions (for the judgement only).
        settings: the strong player's settings (None: today's player, as a hint).

    Raises:
        SkatError: ``taken`` is not one of the seat's legal actions.
    """
    legal = info.legal_actions()
    if taken not in legal:
        raise SkatError(f"{str(taken)!r} is not a legal action of the seat in {info.phase.value}")
    trick = len(info.tricks)
    cards = [a for a in legal if a.kind == ActionKind.CARD]
    if len(legal) == 1 or (info.phase == Phase.PLAY and len(cards) == 1 and taken == cards[0]):
        return Judgement(
            index, info.phase.value, decision_kind(info), trick, str(taken), str(taken), len(legal),
            None, None, None, None, None, None, "forced", "forced",
        )  # fmt: skip
    player = StrongPlayer(settings)
    notes: dict[str, Any] = {}
    advice = advise(player, info, rng, notes=notes)
    best = advice.action
    values = value_actions(player, info, taken, advice, notes)
    return _judgement(index, info, taken, best, len(legal), values)


def _judgement(
    index: int, info: InformationState, taken: Action, best: Action, legal: int, v: Values
) -> Judgement:
    phase, kind, trick = info.phase.value, decision_kind(info), len(info.tricks)
    if v.reason == "unjudged":
        return Judgement(
            index, phase, kind, trick, str(taken), str(best), legal, None, None, None, None, None,
            None, "unjudged", "unjudged", v.figures,
        )  # fmt: skip
    if taken != best and _better(v):
        # valued alike, the taken action beats the strong player's by more than the noise: it
        # is the best action the review knows, and the strong player's is named as the hint
        hint = {
            "hint": str(best),
            "hint_expected": _round(v.best),
            "hint_chance": _round(v.best_chance, 3),
        }
        v = Values(
            v.taken, v.taken, v.taken_chance, v.taken_chance, v.by_chance, v.reason,
            {**v.figures, **hint},
        )  # fmt: skip
        best = taken
    cost: float | None = None
    if v.taken is not None and v.best is not None:
        cost = round(max(0.0, v.best - v.taken), 1)
    lost: float | None = None
    if v.by_chance and v.taken_chance is not None and v.best_chance is not None:
        lost = round(max(0.0, v.best_chance - v.taken_chance), 3)
    reason = v.reason
    if taken == best:
        name, reason, cost = "best", "best", 0.0 if cost is None else cost
        lost = None if lost is None else 0.0
    else:
        measure = lost if v.by_chance else cost
        if measure is None:  # neither action could be valued
            name, reason = "unjudged", "unjudged"
        else:
            name = mark(measure, by_chance=v.by_chance)
            reason = "equal" if name == "best" else reason
    return Judgement(
        index, phase, kind, trick, str(taken), str(best), legal, _round(v.taken), _round(v.best),
        _round(v.taken_chance, 3), _round(v.best_chance, 3), cost, lost, name, reason,
        v.figures,
    )  # fmt: skip


def _better(v: Values) -> bool:
    """Whether ``v`` values the taken action above the best by at least the first line of
    :data:`CHANCE_LINES` (the chance decides) or :data:`POINT_LINES`."""
    if v.by_chance:
        if v.taken_chance is None or v.best_chance is None:
            return False
        return v.taken_chance - v.best_chance >= CHANCE_LINES[0]
    if v.taken is None or v.best is None:
        return False
    return v.taken - v.best >= POINT_LINES[0]


def mark(cost: float, *, by_chance: bool = False) -> str:
    """The mark (one of :data:`MARKS`) of a decision other than the strong player's that cost
    ``cost`` game points, or with ``by_chance`` a card that lost that share of won deals
    (0..1): below the first line of :data:`POINT_LINES` / :data:`CHANCE_LINES` ``best``, below
    the second ``good``, and so on; from the last line on ``blunder``.

    >>> mark(3.0), mark(3.0, by_chance=True), mark(0.2, by_chance=True)
    ('good', 'blunder', 'mistake')
    """
    lines = CHANCE_LINES if by_chance else POINT_LINES
    for line, name in zip(lines, MARKS, strict=False):
        if cost < line:
            return name
    return MARKS[-1]


def _round(value: float | None, digits: int = 1) -> float | None:
    return None if value is None else round(value, digits)
