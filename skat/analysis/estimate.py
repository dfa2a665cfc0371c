"""What the seat could have known: the strong player's imperfect-information view of its choices.

The open-hand analysis judges the card play and the game choice with every card known. For the
choice made first, how far to bid, the fair yardstick is what the seat itself could see: its ten
dealt cards, its seat and the calls it heard. :func:`estimate` gives two things:

* the strong player's bid limit with the seat's hand before any bid is heard
  (:meth:`skat.players.strong.StrongPlayer.bid_limit`, default settings, no contest penalty),
  beside the value the seat bid or held in the deal (:func:`skat.players.bids.bid_limits`).
  It is the context, not the verdict: it applies to a seat's first call only;
* for each of the seat's own calls in this auction (in order, the other seats' calls as they
  were) what the strong player would have done at that point: its decision from the seat's
  information state before the call, drawn from ``decision_rng(deal number, action index)`` as
  the computer players draw (:func:`skat.players.advice.advise`, the hint's figures: once an
  opponent has bid or held, its lowered limit and its sampled contest check).

The strong player's limit is its estimate of a game it expects to win from the cards it holds
(the heuristic evaluation with its tuned bonus; ISkO 5.2 for the values), not an open-hand value.

>>> from skat.state import State
>>> from skat.options import Options
>>> e = estimate(State.new(14, Options()), 2)
>>> (e.player, e.bid_limit, e.bid, e.calls)
('strong', 36, 0, ())
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from skat.action import ActionKind
from skat.players import decision_rng
from skat.players.advice import advise, bid_value
from skat.players.bids import bid_limits
from skat.players.strong import StrongPlayer
from skat.state import Phase, State

__all__ = ["Call", "Estimates", "calls", "estimate"]


@dataclass(frozen=True, slots=True)
class Call:
    """One of the seat's own calls in the auction beside the strong player's decision there.

    Attributes:
        index: the call's 0-based index among the deal's actions (its ``decision_rng`` index).
        at: the value the call was about (game points): the bid the seat was asked to hold, or
            the lowest it could have said.
        said: the seat's call (a bid ``18`` … ``264``, hold ``y``, pass ``p``).
        strong: the strong player's call at that point, from the seat's information state.
        kind: the reason's kind (``bid``; ``only`` with one legal call).
        reason: the figures behind the strong player's call, as a hint's ``bid`` reason
            (:mod:`skat.players.advice`: ``decided``, ``limit``, ``limit_game``, ``value``,
            ``contested``, ``check``, ``game``, ``chance``, ``expected``).
    """

    index: int
    at: int
    said: str
    strong: str
    kind: str
    reason: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        """``{"index", "at", "said", "strong", "kind", "reason"}``."""
        return {
            "index": self.index,
            "at": self.at,
            "said": self.said,
            "strong": self.strong,
            "kind": self.kind,
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class Estimates:
    """The strong player's view of the seat's bidding from the seat's own cards.

    Attributes:
        player: the player asked (``strong``).
        bid_limit: the highest value (game points) it would bid or hold with the seat's ten
            dealt cards in that seat; 0: it would pass at once.
        bid: the highest value the seat bid or held in the deal; 0: it passed without one (or
            the auction has not begun).
        calls: the seat's own calls in the auction, in order, each with the strong player's
            decision at that point (:class:`Call`); empty when the seat made none; None when
            they were not asked for (:func:`estimate` with ``with_calls=False``: the server
            answers them apart, ``POST /api/analysis/calls``, as they cost seconds).
    """

    player: str
    bid_limit: int
    bid: int
    calls: tuple[Call, ...] | None = ()

    def to_json(self) -> dict[str, object]:
        """``{"player", "bid_limit", "bid", "calls": [Call.to_json(), ...] or null}``."""
        return {
            "player": self.player,
            "bid_limit": self.bid_limit,
            "bid": self.bid,
            "calls": None if self.calls is None else [c.to_json() for c in self.calls],
        }


def estimate(state: State, seat: int, *, with_calls: bool = True) -> Estimates:
    """The strong player's bid limit for ``seat``'s dealt hand beside the value the seat bid,
    and its decision at each of the seat's calls (:func:`calls`).

    Args:
        state: the deal, at any point (its dealt hands and its auction so far).
        seat: 0 forehand, 1 middlehand, 2 rearhand.
        with_calls: judge the seat's calls too; False leaves :attr:`Estimates.calls` None
            (the bid limit alone takes milliseconds, the calls up to seconds).

    Returns:
        the :class:`Estimates` (deterministic: the contest checks sample from
        ``decision_rng(deal number, action index)``; no clock). It costs one contest check
        (sampled deals, each solved) per call made after an opponent bid or held.
    """
    hand = state.deal.hands[seat].mask
    limit = StrongPlayer().bid_limit(hand, seat, state.options)
    low, _high = bid_limits(state.information_state(seat).bids).get(seat, (0, 0))
    return Estimates("strong", limit, low, calls(state, seat) if with_calls else None)


def calls(state: State, seat: int) -> tuple[Call, ...]:
    """``seat``'s calls in ``state``'s auction, each beside the strong player's decision there.

    The auction is replayed from the deal's start; before each call of ``seat`` a new
    :class:`~skat.players.strong.StrongPlayer` (as a hint asks one) decides from
    ``state.information_state(seat)`` of that point with ``decision_rng(max(deal number, 0),
    action index)``, the source a computer player in that seat would have drawn from.

    Args:
        state: the deal, at any point.
        seat: 0 forehand, 1 middlehand, 2 rearhand.

    The list ends with the first call at which the strong player would have called otherwise:
    from there on the auction would have gone another way, so the seat's later calls are no
    longer ones the strong player would have faced (the computer's replay of the seat shows
    that other way, :mod:`skat.replay`). This also bounds the cost: each contested call is a
    sampled contest check.

    Returns:
        the :class:`Call` s in order; empty when the seat made no call.
    """
    number = max(state.deal.number, 0)
    s = State.from_deal(state.deal, state.options, state.dealer)
    out: list[Call] = []
    for index, (action, actor) in enumerate(zip(state.actions, state.actors, strict=True)):
        if s.phase != Phase.BIDDING:
            break
        if actor == seat and s.current_player == seat:
            info = s.information_state(seat)
            legal = info.legal_actions()
            advice = advise(StrongPlayer(), info, decision_rng(number, index))
            pass_ = next(a for a in legal if a.kind == ActionKind.PASS)
            out.append(
                Call(
                    index, bid_value(info, pass_, legal), str(action), str(advice.action),
                    advice.kind, advice.reason,
                )
            )  # fmt: skip
            if str(advice.action) != str(action):
                break  # the strong player would have called otherwise: the auction parts here
        turn = s.current_player
        s = s.apply(action, seat=None if actor < 0 or turn == actor else actor)
    return tuple(out)
