"""A learned card-play policy: how likely a seat plays each legal card (issue 48, point 4).

The strong player weighs a drawn world by the cards the other seats played
(:func:`skat.players.worlds.draw_likely`). With its setting ``beliefs`` at ``"flat"`` (the
default) a card weighs 1 when the heuristic would have played it from the seat's cards in that
world, else :data:`~skat.players.worlds.PLAY_MISMATCH`; at ``"learned"`` it weighs this module's
:meth:`Policy.weight`: the policy's probability of the card relative to its likeliest legal card.

The policy is a conditional logit: each legal card gets the score ``w · x(card)`` over the
per-card features :data:`FEATURES` (:func:`card_features`, read from the heuristic's
:class:`~skat.players.heuristic_play.Table` of the seat), and the probability is the softmax of
the scores over the legal cards. A feature that is the same for every card of a decision cancels
in the softmax, so the seat's situation (declarer, leading, trick number, Null) enters crossed
with card features. ``bench/learn_beliefs.py`` fits the weights on the card decisions of
strong self-play games and writes them with ``--model`` (:func:`policy_json`); the fit of
2026-12-07 is shipped beside this module (:data:`MODEL_FILE`; held-out log loss 0.803 nats per
decision against 1.090 for the flat rule read as a policy, docs/learning.md "Learned beliefs").
Running it needs only the standard library: features and a softmax over at most ten cards.

>>> from skat.cards import mask_of, parse_cards
>>> from skat.players.heuristic_play import Table
>>> hand = mask_of(parse_cards("CJ CA CT S7"))
>>> table = Table(game=0, me=1, declarer=0, hand=hand, trick=[], leader=1,
...               possible=[0, hand, 0], unseen=0, my_points=0, their_points=0)
>>> policy = load_policy()
>>> probabilities = policy.card_probabilities(table, hand)
>>> round(sum(probabilities.values()), 9), max(policy.weight(table, hand, c) for c in probabilities)
(1.0, 1.0)
"""

from __future__ import annotations

import functools
import json
import math
import operator
from dataclasses import dataclass
from importlib import resources
from typing import Any

from skat.cards import RANK_POINTS, Rank, cards_ascending
from skat.errors import SkatError
from skat.players.heuristic_play import Table, choose_card
from skat.rules import (
    TRUMP,
    GameType,
    card_order,
    effective_suit,
    effective_suit_mask,
    trick_winner,
)

__all__ = [
    "BELIEFS",
    "FEATURES",
    "MODEL_FILE",
    "Policy",
    "card_features",
    "load_policy",
    "policy_from_json",
    "policy_json",
    "read_policy",
]

BELIEFS = ("flat", "learned")
"""The values of the strong player's setting ``beliefs``: how a card another seat played weighs
a drawn world (``flat``: 1 or :data:`~skat.players.worlds.PLAY_MISMATCH`; ``learned``:
:meth:`Policy.weight` of the shipped policy)."""

MODEL_FILE = "beliefs_model.json"
"""The shipped policy, beside this module (written by ``bench/learn_beliefs.py --model``)."""

FEATURES = (
    "heuristic",  # the heuristic's card
    "heuristic_declarer",  # ... played by the declarer
    "heuristic_lead",  # ... when leading
    "heuristic_late",  # ... times the trick number / 9
    "heuristic_null",  # ... in a Null game
    "trump",  # a trump (never in Null)
    "trump_lead",  # a trump led
    "trump_declarer",  # a trump played by the declarer
    "points",  # its card points / 11
    "points_lead",  # ... when leading
    "points_wins",  # ... when it wins the trick so far (following)
    "points_partner",  # ... when the partner wins the trick so far (following: schmieren)
    "wins",  # following, it wins the trick so far
    "master",  # no unseen card of its effective suit is stronger
    "master_lead",  # ... when leading
    "high",  # the strongest card of its effective suit in hand
    "low",  # the weakest card of its effective suit in hand
    "low_null",  # ... in a Null game
    "singleton",  # the only card of its effective suit in hand
    "jack",  # a jack (a trump outside Null)
    "wins_last",  # it wins the trick, played last
    "wins_trick_points",  # ... times the card points in the trick so far / 22
    "points_lead_beatable",  # leading card points that an unseen card of the suit beats
    "lead_opponent_void",  # leading a suit an opponent has shown void in (or cannot hold)
    "lead_partner_void",  # leading a suit the partner has shown void in (or cannot hold)
)
"""The per-card features of the policy (:func:`card_features`), in the order of its rows."""


@functools.cache
def _ranked(game: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per card (0..31), the masks of the cards of its effective suit in ``game`` that are
    stronger than it and that are weaker (the orders of :func:`skat.rules.card_order`)."""
    trumps, suits = card_order(game)
    stronger = [0] * 32
    weaker = [0] * 32
    for order in (trumps, *suits):  # strongest first
        above = 0
        for card in order:
            stronger[card] = above
            above |= 1 << card
        below = 0
        for card in reversed(order):
            weaker[card] = below
            below |= 1 << card
    return tuple(stronger), tuple(weaker)


def card_features(table: Table, legal_mask: int) -> tuple[list[int], list[list[float]]]:
    """The legal cards (ascending) and each one's features (:data:`FEATURES`, one list per
    card) for the seat of ``table`` (its hand is the hand it plays from; ``table.unseen`` the
    cards it has not seen; ``legal_mask`` the legal cards, a mask of at least one card).

    Pure Python over at most ten cards: the worlds ask it for every card another seat played in
    every world drawn. The heuristic's card is :func:`~skat.players.heuristic_play.choose_card`'s.
    """
    game = table.game
    cards = cards_ascending(legal_mask)
    heuristic = choose_card(table, legal_mask)
    lead = not table.trick
    declarer = table.me == table.declarer
    late = (10 - table.hand.bit_count()) / 9
    null = game == GameType.NULL
    partner_wins = False
    last = len(table.trick) == 2
    in_trick = sum(RANK_POINTS[c & 7] for c in table.trick) / 22
    partner = table.partner(table.me)
    opponents = [
        seat for seat in range(3) if seat != table.me and not table.same_side(seat, table.me)
    ]
    if not lead:
        winner = table.seat_at(trick_winner(table.trick, game))
        partner_wins = winner != table.me and table.same_side(winner, table.me)
    stronger, weaker = _ranked(game)
    hand = table.hand
    unseen = table.unseen
    rows = []
    for card in cards:
        eff = effective_suit(card, game)
        suit_mask = effective_suit_mask(eff, game)
        h = 1.0 if card == heuristic else 0.0
        trump = 1.0 if eff == TRUMP and not null else 0.0
        pts = RANK_POINTS[card & 7] / 11
        wins = 0.0
        if not lead and trick_winner([*table.trick, card], game) == len(table.trick):
            wins = 1.0
        master = 0.0 if unseen & stronger[card] else 1.0
        low = 0.0 if hand & weaker[card] else 1.0
        opponent_void = partner_void = False
        if lead:
            opponent_void = any(not table.possible[o] & suit_mask for o in opponents)
            partner_void = partner is not None and not table.possible[partner] & suit_mask
        rows.append(
            [
                h,
                h * declarer,
                h * lead,
                h * late,
                h * null,
                trump,
                trump * lead,
                trump * declarer,
                pts,
                pts * lead,
                pts * wins,
                pts * partner_wins,
                wins,
                master,
                master * lead,
                0.0 if hand & stronger[card] else 1.0,
                low,
                low * null,
                1.0 if (hand & suit_mask).bit_count() == 1 else 0.0,
                1.0 if card & 7 == Rank.JACK else 0.0,
                wins * last,
                wins * in_trick,
                pts * lead * (1 - master),
                1.0 if opponent_void else 0.0,
                1.0 if partner_void else 0.0,
            ]
        )
    return cards, rows


@dataclass(frozen=True)
class Policy:
    """A conditional logit over the legal cards: ``weights`` per feature named in ``features``
    (names of :data:`FEATURES`, any subset in any order; a feature not named weighs 0).

    Raises:
        SkatError: a name that is not in :data:`FEATURES` or named twice, or not one weight
            per name.
    """

    features: tuple[str, ...]
    weights: tuple[float, ...]

    def __post_init__(self) -> None:
        unknown = [f for f in self.features if f not in FEATURES]
        if unknown:
            raise SkatError(f"unknown policy features {unknown!r} (expected names of FEATURES)")
        if len(set(self.features)) != len(self.features):
            raise SkatError(f"a policy feature is named twice: {self.features!r}")
        if len(self.features) != len(self.weights):
            raise SkatError(
                f"a policy needs one weight per feature: {len(self.features)} features, "
                f"{len(self.weights)} weights"
            )

    @functools.cached_property
    def _full(self) -> tuple[float, ...]:
        """The weights in the order of :data:`FEATURES` (0 for a feature not named)."""
        by_name = dict(zip(self.features, self.weights, strict=True))
        return tuple(by_name.get(f, 0.0) for f in FEATURES)

    def scores(self, table: Table, legal_mask: int) -> dict[int, float]:
        """The policy at a table: each legal card of ``legal_mask`` (ascending) → its score
        ``w · x(card)`` (the log of its probability up to a constant)."""
        cards, rows = card_features(table, legal_mask)
        full = self._full
        return {
            card: sum(map(operator.mul, full, row)) for card, row in zip(cards, rows, strict=True)
        }

    def card_probabilities(self, table: Table, legal_mask: int) -> dict[int, float]:
        """The policy at a table: each legal card of ``legal_mask`` (ascending) → its
        probability (the softmax of the scores; they sum to 1)."""
        scores = self.scores(table, legal_mask)
        top = max(scores.values())
        e = {card: math.exp(s - top) for card, s in scores.items()}
        total = sum(e.values())
        return {card: x / total for card, x in e.items()}

    def weight(self, table: Table, legal_mask: int, card: int) -> float:
        """How well ``card`` fits the seat of ``table`` choosing among ``legal_mask``: its
        probability divided by that of the policy's likeliest legal card (``exp`` of its score
        less the highest score), in (0, 1]; 1 for the likeliest card (and for the only legal
        card), 0 for a card that is not legal.

        The ratio, not the probability, is what the worlds multiply: it is 1 where every card
        played was the policy's favourite, as the flat rule's 1 for the heuristic's card (the
        flat rule *is* this ratio for the policy that gives the heuristic's card ``1 / m`` times
        the others' probability, ``m`` = :data:`~skat.players.worlds.PLAY_MISMATCH`), so the
        rejection sampling keeps today's acceptance for worlds that explain every card. The
        probability itself (also at most 1) would be the exact likelihood, but its product over
        the twenty-odd cards the others play falls so low (0.75²⁰ ≈ 0.003) that the sampler's
        few tries would nearly always end in their fallback, the best world of the tries; the
        ratio leaves out a factor per card (the favourite's probability) that changes little
        between worlds.
        """
        if not legal_mask >> card & 1:
            return 0.0
        if not legal_mask & (legal_mask - 1):
            return 1.0
        scores = self.scores(table, legal_mask)
        return math.exp(scores[card] - max(scores.values()))


def policy_json(policy: Policy, source: dict[str, Any]) -> str:
    """The JSON text of ``policy`` as :func:`policy_from_json` reads it: ``{"source": {...},
    "weights": {feature: weight, ...}}`` (``source``: what it was fitted on, for the record)."""
    data = {"source": source, "weights": dict(zip(policy.features, policy.weights, strict=True))}
    return json.dumps(data, indent=1) + "\n"


def policy_from_json(text: str) -> Policy:
    """A policy from its JSON text (:func:`policy_json`).

    Raises:
        SkatError: the text is not such a policy (not JSON, no ``weights`` object of numbers,
            or a name not in :data:`FEATURES`).
    """
    try:
        data = json.loads(text)
        weights = data["weights"]
        if not isinstance(weights, dict):
            raise TypeError(f"weights is {type(weights).__name__}, not an object")
        values = []
        for name, value in weights.items():
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise TypeError(f"weight of {name!r} is {value!r}, not a number")
            if not math.isfinite(value):
                raise ValueError(f"weight of {name!r} is {value!r}")
            values.append(float(value))
        return Policy(tuple(weights), tuple(values))
    except SkatError as exc:
        raise SkatError(f"not a card policy: {exc}") from exc
    except (KeyError, TypeError, ValueError) as exc:
        raise SkatError(f"not a card policy: {exc!r}") from exc


def read_policy(name: str = MODEL_FILE) -> Policy:
    """The policy in the file ``name`` beside this module (default :data:`MODEL_FILE`).

    Raises:
        SkatError: the file is missing or not a policy (its name in the message).
    """
    try:
        text = resources.files("skat.players").joinpath(name).read_text(encoding="utf-8")
    except OSError as exc:
        raise SkatError(f"the card policy {name} is missing: {exc}") from exc
    try:
        return policy_from_json(text)
    except SkatError as exc:
        raise SkatError(f"{name}: {exc}") from exc


@functools.cache
def load_policy() -> Policy:
    """The shipped policy (:data:`MODEL_FILE`), read once.

    Raises:
        SkatError: the file is missing or not a policy.
    """
    return read_policy(MODEL_FILE)
