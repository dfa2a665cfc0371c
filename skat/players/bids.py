"""What the bids say of the hands: each seat's bid limits, who contests the auction, and how well
a drawn hand fits its seat's bids.

A bid or hold of *v* says the seat would play a game worth at least *v*; a pass with *v* standing
says it would not go beyond *v* (:func:`bid_limits`). The sampling players weigh the hands they
deal to the other seats by these limits (:func:`bid_likelihood`, a soft weight against the
heuristic's bid limit, :func:`skat.players.evaluation.bid_limit`): the strong player's contract
evaluations (:mod:`skat.players.contracts`), its card play's worlds (:mod:`skat.players.worlds`)
and the analysis's estimates (:mod:`skat.analysis.estimate`).
"""

from __future__ import annotations

import functools

from skat.action import Action, ActionKind
from skat.options import Options
from skat.players import evaluation as ev

__all__ = ["bid_likelihood", "bid_limits", "contested", "rival"]


def bid_limits(bids: tuple[tuple[int, Action], ...]) -> dict[int, tuple[int, int]]:
    """What each seat's bids say about its hand: ``seat -> (at least, at most)`` game points.

    A bid or hold of *v* says the seat would play a game worth *v* (at least *v*); a pass with
    *v* standing says it would not go beyond *v* (at most *v*). Seats that did not speak are
    absent.
    """
    value = 0
    out: dict[int, tuple[int, int]] = {}
    for seat, action in bids:
        low, high = out.get(seat, (0, 10_000))
        if action.kind == ActionKind.BID:
            value = action.value
            low = max(low, value)
        elif action.kind == ActionKind.HOLD:
            low = max(low, value)
        elif action.kind == ActionKind.PASS:
            high = min(high, max(value, 17))
        out[seat] = (low, high)
    return out


def rival(bids: tuple[tuple[int, Action], ...], seat: int) -> int | None:
    """The seat other than ``seat`` that bid or held last in ``bids`` (``(seat, action)``
    pairs); None when no other seat has."""
    return next(
        (
            other
            for other, action in reversed(bids)
            if other != seat and action.kind in (ActionKind.BID, ActionKind.HOLD)
        ),
        None,
    )


def contested(bids: tuple[tuple[int, Action], ...], seat: int) -> bool:
    """Whether a seat other than ``seat`` has bid or held in ``bids`` (``(seat, action)``
    pairs): the auction is not ``seat``'s alone."""
    return rival(bids, seat) is not None


def bid_likelihood(hand: int, seat: int, limits: tuple[int, int], options: Options) -> float:
    """How well the ten cards ``hand`` of ``seat`` fit what its bids said (0..1).

    The heuristic's bid limit (:func:`skat.players.evaluation.bid_limit`) of the hand is compared
    with ``limits`` (at least, at most; game points): 1 when it fits, 0.25 when it does not — a
    soft weight, as other players (and people) bid differently from the heuristic.
    """
    low, high = limits
    if low == 0 and high >= 10_000:
        return 1.0
    limit = _heuristic_limit(hand, seat, options)
    if limit < low and low >= 18:
        return 0.25
    if limit > high:
        return 0.25
    return 1.0


@functools.lru_cache(maxsize=1 << 15)
def _heuristic_limit(hand: int, seat: int, options: Options) -> int:
    """:func:`skat.players.evaluation.bid_limit` of ``hand`` in ``seat`` at the table of
    ``options``, kept: the sampled worlds of a deal ask it of the same hands again and again."""
    return ev.bid_limit(hand, seat, options)
