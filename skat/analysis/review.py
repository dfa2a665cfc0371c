"""The review of a deal: each decision of one seat weighed with what that seat knew then.

"Could I have won?" (:mod:`skat.analysis`) judges the card play with every card open. The review
judges every decision of a seat — each call in the auction, Hand or pick-up, the discard, the
game and its announcements, Kontra, Re and Supra, each card — the way a hint at that moment
would (:func:`skat.players.advice.advise`): a new strong player
(:class:`~skat.players.strong.StrongPlayer`) decides from the seat's information state before
the decision (:meth:`skat.state.State.information_state`), drawing from ``decision_rng(deal
number, action index)``; its action is the best one (unless the taken one is valued higher, see
below). The action taken and the best are then
valued with the figures the strong player computed for that decision (the same sampled deals,
so the comparison is paired), each as the seat's expected own score on the table's list
(Seeger-Fabian game points, a lost game counting only the seat's own entry, as the strong
player counts it: ``StrongSettings.lost_extra`` 0) and, where the win chance is what decides,
that chance:

* a call in the auction (bid, hold or pass): a pass is worth 0; a bid or hold the best expected
  score of a contract worth the value it commits to, in the deals the strong player's contest
  check weighs (:meth:`~skat.players.strong.StrongPlayer.call_worth`: weighted by the bids
  heard, and once an opponent has bid or held, by that opponent passing next), as if the
  auction ended there with the seat declaring; a value no contract reaches, as a game lost at
  that value;
* Hand or pick-up and a Hand game's announcements: the strong player's estimate of the best
  game after the pick-up, or of the Hand game declared
  (:func:`skat.players.announcements.announcement_scores` for Schneider, Schwarz, ouvert);
* the discard: the best game after it among the discards the strong player solved; the game
  after the discard: its estimate with the cards put away. A Hand game, pick-up, discard or
  game the strong player did not solve (outside its candidates) is solved in the first deals
  of the same sampled sequence, as many as the best action's estimate was solved in
  (:meth:`~skat.players.strong.StrongPlayer.skat_estimates`,
  :meth:`~skat.players.strong.StrongPlayer.discard_choices` with the contracts named), so that
  one estimator values both; only where the strong player solved nothing are both valued by
  the heuristic's win chance alone (:func:`skat.players.evaluation.choices`). A game worth less
  than the bid counts as lost at the overbid value (ISkO 5.4);
* Kontra, Re and Supra: the declarer's chance as the seat sees it (``p``, sampled) against the
  strong player's line (``kontra_below``, ``re_above``; half ``kontra_below`` for Supra) taken
  as the break-even chance (2/3 on paper; the sampled chance runs low, so the line is drawn
  where doubling paid, docs/experiments/2026-12-strong-kontra.md): saying it changes the
  declarer's expected score by ``3 · v · 2^k · (p − line)`` (a won game counts ``v · 2^k`` more,
  a lost one twice that), for the seat's side against the declarer; declining is worth 0. ``v``
  is the game value the seat can know (the declarer's from his own cards, a defender's the bid,
  a Null's its fixed value), ``k`` the doublings said before;
* a card of a suit game, Grand or Null: the share of the sampled deals (each solved open-handed)
  in which the seat's side wins after it (conceding: 0), the chance that decides; its expected
  own score from it (the declarer's entries won and lost at the value he can know, doubled per
  Kontra; a defender's the defenders' entry, 40 on the Seeger-Fabian list, times the chance);
* a card of Ramsch and a Schieberamsch choice: the average Ramsch score of the rollouts
  (game points, negative: points lost).

The decision's cost is the best action's expected score less the taken one's (never below 0),
in game points; for a card of a declared game also the chance lost. The mark follows the
documented lines (:data:`POINT_LINES`, :data:`CHANCE_LINES`, docs/review.md): the strong
player's own action, one within the first line of it, or one valued above it by that line
(then the best action, the strong player's named as the ``hint``) is ``best``; then ``good``,
``inaccuracy``, ``mistake``, ``blunder``. A decision with one legal action is ``forced`` and not
judged; an action the strong player did not weigh at all (a Schieberamsch push outside its
candidates, a Revolution's exchange, a claim) is ``unjudged``, with no cost. The reason is a
code of :data:`REASONS` with its figures (the browser words it in each language). Each
decision has a kind of :data:`KINDS` (bidding, declaring, declarer play, defence, Ramsch), and
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

import math
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from skat.action import CONCEDE, PASS, Action, ActionKind
from skat.analysis import _finished, analyse
from skat.cards import cards_of_mask, format_cards
from skat.contract import Contract
from skat.errors import SkatError
from skat.information import InformationState
from skat.players import contracts as ct
from skat.players import decision_rng
from skat.players import evaluation as ev
from skat.players.advice import Advice, advise, bid_value
from skat.players.announcements import announcement_scores
from skat.players.strong import StrongPlayer
from skat.players.strong_settings import StrongSettings
from skat.rules import GameType
from skat.scoring import overbid_value
from skat.state import Phase, State
from skat.values import table_values

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

OVERBID_CHANCE = 0.0
"""The win chance of a game worth less than the bid: it is lost (ISkO 5.4)."""


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
        """The expected points given away: the sum of the decisions' costs (game points)."""
        return round(sum(j.cost or 0.0 for j in self.decisions), 1)

    def marks(self) -> dict[str, int]:
        """How many decisions got each mark (:data:`MARKS`, ``forced``, ``unjudged``)."""
        out = dict.fromkeys((*MARKS, "forced", "unjudged"), 0)
        for j in self.decisions:
            out[j.mark] += 1
        return out

    def to_json(self) -> dict[str, Any]:
        """``{"seat", "deal_number" (a string), "decisions": [...], "total", "marks",
        "open_hand"}`` (the body of ``POST /api/review``, docs/web-api.md)."""
        return {
            "seat": self.seat,
            "deal_number": str(self.deal_number),
            "decisions": [j.to_json() for j in self.decisions],
            "total": self.total,
            "marks": self.marks(),
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
        order, a kind with no decision too): ``cost`` the sum of its decisions' costs (game
        points of expected own score given away, rounded to 0.1), ``decisions`` how many
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
            row["cost"] += j.cost or 0.0
            row["decisions"] += 1
            row["marks"][j.mark] += 1
    for row in out.values():
        row["cost"] = round(row["cost"], 1)
    return out


def _check_seat(seat: object) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in (0, 1, 2):
        raise SkatError(f"the seat must be 0, 1 or 2, not {seat!r}")


# -- one decision ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Values:
    """What a phase's valuation found: the expected scores and chances of the taken and the
    best action, whether the chance decides the mark, the reason and its figures."""

    taken: float | None
    best: float | None
    taken_chance: float | None = None
    best_chance: float | None = None
    by_chance: bool = False
    reason: str = "best"
    figures: dict[str, Any] = field(default_factory=dict)


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
    values = _value(player, info, taken, advice, notes)
    return _judgement(index, info, taken, best, len(legal), values)


def _judgement(
    index: int, info: InformationState, taken: Action, best: Action, legal: int, v: _Values
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
        v = _Values(
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


def _better(v: _Values) -> bool:
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


def _value(
    player: StrongPlayer,
    info: InformationState,
    taken: Action,
    advice: Advice,
    notes: dict[str, Any],
) -> _Values:
    phase = info.phase
    best = advice.action
    contracts = player.settings.contracts
    if phase == Phase.BIDDING and contracts:
        return _bidding(player, info, taken, advice, notes)
    if phase == Phase.SKAT and contracts and taken.kind in (ActionKind.PICKUP, ActionKind.DECLARE):
        return _skat(player, info, taken, best)
    if phase == Phase.DISCARD and contracts and taken.kind == ActionKind.DISCARD:
        return _discard(player, info, taken, best)
    if phase == Phase.DECLARE and contracts and taken.kind == ActionKind.DECLARE:
        return _declare(player, info, taken, best)
    if phase == Phase.KONTRA and "chance" in notes:
        return _kontra(player, info, taken, best, notes)
    if phase == Phase.PLAY and "wins" in notes and notes["worlds"]:
        return _card(player, info, taken, best, notes)
    if "totals" in notes:
        return _rollouts(info, taken, best, notes)
    if taken == best:
        return _Values(None, None, figures=dict(advice.reason))
    return _Values(None, None, reason="unjudged")


# -- the auction ---------------------------------------------------------------------------------


def _bidding(
    player: StrongPlayer,
    info: InformationState,
    taken: Action,
    advice: Advice,
    notes: dict[str, Any],
) -> _Values:
    best = advice.action
    if taken == best:
        reason = advice.reason
        return _Values(reason.get("expected"), reason.get("expected"), figures=dict(reason))
    legal = info.legal_actions()
    mine, mine_game = _call_worth(player, info, taken)
    estimate = notes.get("contest_estimate")
    their_game: str | None
    if best.kind in (ActionKind.BID, ActionKind.HOLD) and estimate is not None:
        # the contest check has weighed the strong player's own call already
        theirs, their_game = float(notes["contest_worth"]), _contract_token(estimate)
    else:
        theirs, their_game = _call_worth(player, info, best)
    taken_at = None if taken == PASS else bid_value(info, taken, legal)
    best_at = None if best == PASS else bid_value(info, best, legal)
    higher = best_at is None or (taken_at is not None and taken_at > best_at)
    figures = {
        "value": taken_at,
        "best_value": best_at,
        "limit": advice.reason.get("limit"),
        "limit_game": advice.reason.get("limit_game"),
        "game": mine_game,
        "best_game": their_game,
    }
    return _Values(mine, theirs, reason="bid_high" if higher else "bid_low", figures=figures)


def _call_worth(
    player: StrongPlayer, info: InformationState, action: Action
) -> tuple[float, str | None]:
    """A call's expected own score (0 for a pass) and the game it is for."""
    if action.kind not in (ActionKind.BID, ActionKind.HOLD):
        return 0.0, None
    worth, estimate = player.call_worth(info, action)
    if estimate is None or not math.isfinite(worth):
        value = action.value if action.kind == ActionKind.BID else info.bid
        lost = ev.expected_score(OVERBID_CHANCE, value, info.options, player.settings.lost_extra)
        return lost, None
    return worth, _contract_token(estimate)


# -- Hand or pick-up, the discard, the game ------------------------------------------------------


def _contract_token(e: ct.Estimate) -> str:
    return str(Contract.make(e.game, hand=e.hand, ouvert=e.ouvert))


def _at_bid(e: ct.Estimate, bid: int, lost_extra: float | None) -> float:
    """``e``'s expected score, a game worth less than ``bid`` lost at its overbid value."""
    if e.value >= bid:
        return e.score(lost_extra)
    value = e.value
    if e.game != GameType.NULL:
        value = overbid_value(table_values(e.options).base_value(e.game), bid)
    return ev.expected_score(OVERBID_CHANCE, value, e.options, lost_extra, hand=e.hand)


def _heuristic(
    cards: int, info: InformationState, *, hand_game: bool, matador_hand: int | None = None
) -> list[ct.Estimate]:
    """Estimates from the heuristic's win chance alone (no solved deal), for a contract the
    strong player did not solve."""
    out = []
    for c in ev.choices(
        cards, seat=int(info.seat), hand_game=hand_game, options=info.options,
        matador_hand=matador_hand, pre_skat=not hand_game and matador_hand is None,
    ):  # fmt: skip
        prior = ev.win_chance(c.margin)
        out.append(
            ct.Estimate(c.game, hand_game, c.ouvert, c.value, 0, 0, prior=prior, options=c.options)
        )
        if c.game == GameType.NULL and not c.ouvert:
            value = table_values(info.options).null_value(hand=hand_game, ouvert=True)
            out.append(
                ct.Estimate(c.game, hand_game, True, value, 0, 0, prior=prior, options=c.options)
            )
    return out


def _best_estimate(
    estimates: list[ct.Estimate], bid: int, lost_extra: float | None
) -> ct.Estimate | None:
    return max(estimates, key=lambda e: (_at_bid(e, bid, lost_extra), e.value), default=None)


def _contract_figures(prefix: str, e: ct.Estimate | None, score: float | None) -> dict[str, Any]:
    return {
        f"{prefix}game": None if e is None else _contract_token(e),
        f"{prefix}chance": None if e is None else round(e.chance, 3),
        f"{prefix}expected": _round(score),
        f"{prefix}solved": None if e is None else e.worlds > 0,
    }


def _paired_worlds(best: ct.Estimate | None, estimates: Iterable[ct.Estimate]) -> int | None:
    """How many sampled deals a contract the strong player did not weigh is solved in (the
    first ones of the same sequence): as many as the best action's estimate was solved in, so
    that the two are paired, else as many as the strong player solved any in; None when it
    solved none (then as many as it draws)."""
    if best is not None and best.worlds > 0:
        return best.worlds
    return max((e.worlds for e in estimates), default=0) or None


def _reaching_games(estimates: Iterable[ct.Estimate], bid: int) -> set[GameType]:
    """The games of ``estimates`` worth the bid (the others are lost at their overbid value
    whatever the deals, :func:`_at_bid`: nothing to solve)."""
    return {e.game for e in estimates if e.value >= bid}


def _skat(player: StrongPlayer, info: InformationState, taken: Action, best: Action) -> _Values:
    estimates = player.skat_estimates(info)
    lost_extra = player.settings.lost_extra

    def value(action: Action) -> tuple[float, ct.Estimate | None, str]:
        if action.kind == ActionKind.PICKUP:
            pickups = [e for e in estimates if not e.hand] or _heuristic(
                info.hand, info, hand_game=False
            )
            e = _best_estimate(pickups, info.bid, lost_extra)
            score = -math.inf if e is None else _at_bid(e, info.bid, lost_extra)
            return score, e, "s" if e is None else _contract_token(e)
        contract = action.contract
        e = _hand_estimate(estimates, contract) or _hand_estimate(
            _heuristic(info.hand, info, hand_game=True), contract
        )
        if e is None:
            return -math.inf, None, str(contract)
        score = _at_bid(e, info.bid, lost_extra)
        if contract.game != GameType.NULL and (contract.schneider or contract.ouvert):
            levels = announcement_scores(e, lost_extra, every_level=True)
            score = levels.get(contract, score) if e.value >= info.bid else score
        return score, e, str(contract)

    # a contract the strong player did not solve (the heuristic prunes it) is solved in the same
    # sampled deals, so that the taken and the best action are valued alike
    need: set[tuple[GameType, bool]] = set()
    for action in (taken, best):
        if action.kind == ActionKind.PICKUP and not any(not e.hand for e in estimates):
            pickups = _heuristic(info.hand, info, hand_game=False)
            need |= {(g, False) for g in _reaching_games(pickups, info.bid)}
        elif action.kind == ActionKind.DECLARE:
            contract = action.contract
            if _hand_estimate(estimates, contract) is None and contract.game != GameType.RAMSCH:
                need.add((contract.game, True))
    if need:
        worlds = _paired_worlds(value(best)[1], estimates)
        estimates = [*estimates, *player.skat_estimates(info, frozenset(need), worlds)]
    mine, mine_e, mine_game = value(taken)
    theirs, their_e, their_game = value(best)
    if taken.kind == ActionKind.PICKUP:
        reason = "pickup_not_hand" if best.kind == ActionKind.DECLARE else "best"
    else:
        reason = "hand_not_pickup" if best.kind == ActionKind.PICKUP else "other_hand_game"
    figures = {
        **_contract_figures("", mine_e, _finite(mine)),
        **_contract_figures("best_", their_e, _finite(theirs)),
        "game": mine_game,
        "best_game": their_game,
    }
    return _Values(
        _finite(mine), _finite(theirs), _chance(mine_e), _chance(their_e),
        reason=reason, figures=figures,
    )  # fmt: skip


def _hand_estimate(estimates: list[ct.Estimate], contract: Contract) -> ct.Estimate | None:
    """The estimate of the Hand ``contract``'s game (a Null by its ouvert form too)."""
    for e in estimates:
        if e.hand and _same_game(e, contract):
            return e
    return None


def _discard(player: StrongPlayer, info: InformationState, taken: Action, best: Action) -> _Values:
    choices = player.discard_choices(info)
    lost_extra = player.settings.lost_extra
    cards = info.hand

    def value(pair: int) -> tuple[float, ct.Estimate | None]:
        found = [c.estimate for c in choices if c.discard == pair]
        if not found:
            kept = cards & ~pair
            found = _heuristic(kept, info, hand_game=False, matador_hand=cards)
        e = _best_estimate(found, info.bid, lost_extra)
        return (-math.inf, None) if e is None else (_at_bid(e, info.bid, lost_extra), e)

    # a discard the strong player did not solve is solved in the same sampled deals, with every
    # game worth the bid that it weighed and the heuristic's best game after that discard
    games = _reaching_games((c.estimate for c in choices), info.bid)
    need: list[tuple[GameType, int]] = []
    for pair in dict.fromkeys((taken.value, best.value)):
        if any(c.discard == pair for c in choices):
            continue
        kept = _heuristic(cards & ~pair, info, hand_game=False, matador_hand=cards)
        need += [(g, pair) for g in sorted(games | _reaching_games(kept, info.bid))]
    if need:
        worlds = _paired_worlds(value(best.value)[1], (c.estimate for c in choices))
        choices = [*choices, *player.discard_choices(info, tuple(need), worlds)]
    mine, mine_e = value(taken.value)
    theirs, their_e = value(best.value)
    figures = {
        "cards": format_cards(cards_of_mask(taken.value)),
        "best_cards": format_cards(cards_of_mask(best.value)),
        **_contract_figures("", mine_e, _finite(mine)),
        **_contract_figures("best_", their_e, _finite(theirs)),
    }
    return _Values(
        _finite(mine), _finite(theirs), _chance(mine_e), _chance(their_e),
        reason="other_discard", figures=figures,
    )  # fmt: skip


def _declare(player: StrongPlayer, info: InformationState, taken: Action, best: Action) -> _Values:
    lost_extra = player.settings.lost_extra
    discard = info.discard or 0
    every = player.discard_choices(info)
    choices = [c.estimate for c in every if c.discard == discard]

    def value(action: Action) -> tuple[float, ct.Estimate | None]:
        contract = action.contract
        found = [e for e in choices if _same_game(e, contract)]
        if not found:
            found = [
                e
                for e in _heuristic(
                    info.hand, info, hand_game=False, matador_hand=info.hand | discard
                )
                if _same_game(e, contract)
            ]
        e = _best_estimate(found, info.bid, lost_extra)
        return (-math.inf, None) if e is None else (_at_bid(e, info.bid, lost_extra), e)

    # a game the strong player did not solve after this discard is solved in the same deals
    need = tuple(
        dict.fromkeys(
            (action.contract.game, discard)
            for action in (taken, best)
            if not any(_same_game(e, action.contract) for e in choices)
            and action.contract.game != GameType.RAMSCH
        )
    )
    if need:
        worlds = _paired_worlds(value(best)[1], (c.estimate for c in every))
        more = player.discard_choices(info, need, worlds)
        choices += [c.estimate for c in more if c.discard == discard]
    mine, mine_e = value(taken)
    theirs, their_e = value(best)
    overbid = mine_e is not None and mine_e.value < info.bid
    figures = {
        **_contract_figures("", mine_e, _finite(mine)),
        **_contract_figures("best_", their_e, _finite(theirs)),
        "game": str(taken.contract),
        "best_game": str(best.contract),
        "value": None if mine_e is None else mine_e.value,
        "bid": info.bid,
    }
    return _Values(
        _finite(mine), _finite(theirs), _chance(mine_e), _chance(their_e),
        reason="overbid" if overbid else "other_game", figures=figures,
    )  # fmt: skip


def _same_game(e: ct.Estimate, contract: Contract) -> bool:
    return e.game == contract.game and (e.game != GameType.NULL or e.ouvert == contract.ouvert)


def _finite(score: float) -> float | None:
    return score if math.isfinite(score) else None


def _chance(e: ct.Estimate | None) -> float | None:
    return None if e is None else e.chance


# -- Kontra, Re, Supra ---------------------------------------------------------------------------


def _known_value(info: InformationState) -> int:
    """The game value the seat can know (game points, before Kontra): the declarer's from the
    cards he has seen (his matadors; no levels), a defender's the bid, a Null's its fixed
    value."""
    contract = info.contract
    if contract is None:
        return info.bid
    if contract.game == GameType.NULL:
        return table_values(info.options).null_value(
            hand=contract.hand, ouvert=contract.ouvert, revolution=contract.revolution
        )
    if info.declarer is None or int(info.declarer) != int(info.seat):
        return info.bid
    mine = info.hand | (info.discard or 0) | (info.skat or 0)
    for seat, action in info.actions:
        if seat == int(info.seat) and action.kind == ActionKind.CARD:
            mine |= 1 << action.value
    value = ev.contract_value(
        contract.game, mine, info.options, hand=contract.hand, ouvert=contract.ouvert
    )
    return max(value, info.bid)


def _kontra(
    player: StrongPlayer, info: InformationState, taken: Action, best: Action, notes: dict[str, Any]
) -> _Values:
    chance, line = float(notes["chance"]), float(notes["line"])
    doubled = _known_value(info) << info.kontra

    def value(action: Action) -> float:
        if action.kind == ActionKind.DECLINE:
            return 0.0
        gain = 3.0 * doubled * (chance - line)  # the declarer's expected change
        return gain if action.kind == ActionKind.RE else -gain

    said = taken.kind != ActionKind.DECLINE
    say = next(str(a) for a in info.legal_actions() if a.kind != ActionKind.DECLINE)
    figures = {"say": say, "chance": round(chance, 3), "line": line, "value": doubled}
    return _Values(
        value(taken), value(best), chance, chance,
        reason="kontra_said" if said else "kontra_missed", figures=figures,
    )  # fmt: skip


# -- the card play -------------------------------------------------------------------------------


def _card(
    player: StrongPlayer, info: InformationState, taken: Action, best: Action, notes: dict[str, Any]
) -> _Values:
    n = int(notes["worlds"])
    wins: dict[int, int] = notes["wins"]
    declarer = bool(notes["declarer"])

    def share(action: Action) -> float | None:
        if action == CONCEDE:
            return 0.0
        if action.kind != ActionKind.CARD or action.value not in wins:
            return None
        w = wins[action.value]
        return (w if declarer else n - w) / n

    mine, theirs = share(taken), share(best)
    if mine is None or theirs is None:
        return _Values(None, None, reason="unjudged")
    if declarer:
        won, lost, _ = ev.list_outcomes(_known_value(info) << info.kontra, info.options)
        stake, base = float(won - lost), float(lost)
    else:
        stake, base = float(ev.list_outcomes(info.bid or 18, info.options)[2]), 0.0
    figures = {"card": str(taken), "best_card": str(best), "worlds": n, "declarer": declarer}
    return _Values(
        base + mine * stake, base + theirs * stake, mine, theirs, by_chance=True,
        reason="card_chance", figures=figures,
    )  # fmt: skip


def _rollouts(
    info: InformationState, taken: Action, best: Action, notes: dict[str, Any]
) -> _Values:
    rounds = max(1, int(notes["rollouts"]))
    totals: dict[Any, int] = notes["totals"]
    schieben = info.phase == Phase.SCHIEBEN

    def key(action: Action) -> Any:
        if schieben and action.kind != ActionKind.DISCARD:
            return "take" if action.kind == ActionKind.PICKUP else "pass"
        return action.value

    mine, theirs = totals.get(key(taken)), totals.get(key(best))
    if mine is None or theirs is None:
        return _Values(None, None, reason="unjudged")
    figures = {"rollouts": rounds, "taken": str(taken), "best_action": str(best)}
    return _Values(
        mine / rounds, theirs / rounds, reason="push_points" if schieben else "card_points",
        figures=figures,
    )  # fmt: skip
