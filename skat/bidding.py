"""Bidding (Reizen): the bid ladder, who bids to whom, and a pure legal/apply pair.

The auction runs in two rounds and an epilogue (ISkO 3.3, the seeds' "Reizen"):

1. middlehand (the *bidder*) bids to forehand (the *listener*), who holds (``y``) or passes
   (``p``); middlehand raises or passes. Jumps are allowed: any higher ladder value may be bid.
2. rearhand bids to the survivor of round 1 in the same way.
3. if nobody bid at all, forehand may play at 18 (bid ``18``) or pass: then all have passed.

A player who passed is out. The survivor of round 2 is the declarer at the highest bid (a listener
who holds wins a tie: forehand before middlehand before rearhand).

Bid values are the reachable game values (ISkO 3.3.2): 2..18 × the suit base values 9 10 11 12,
2..11 × the Grand base value 24, and the Null values 23 35 46 59.

>>> BID_VALUES[:8]
(18, 20, 22, 23, 24, 27, 30, 33)
>>> a = Auction()
>>> a.to_move, legal_bidding(a)[:3]
(1, [('bid', 18), ('bid', 20), ('bid', 22)])
>>> a = apply_bidding(apply_bidding(apply_bidding(a, "bid", 18), "pass"), "pass")
>>> a.done, a.declarer, a.value
(True, 1, 18)
"""

from __future__ import annotations

from dataclasses import dataclass

from skat.errors import IllegalActionError
from skat.rules import NULL_VALUES

__all__ = [
    "BID_VALUES",
    "NULL_VALUES",
    "Auction",
    "apply_bidding",
    "legal_bidding",
    "next_bid",
]


def _ladder() -> tuple[int, ...]:
    values = {base * m for base in (9, 10, 11, 12) for m in range(2, 19)}
    values |= {24 * m for m in range(2, 12)}
    values |= set(NULL_VALUES)
    return tuple(sorted(values))


BID_VALUES: tuple[int, ...] = _ladder()
"""Every reachable bid, ascending: 18 20 22 23 24 27 30 … 264 (game points)."""

_BID_SET = frozenset(BID_VALUES)

# stages of the auction
_ROUND1 = 1  # middlehand bids to forehand
_ROUND2 = 2  # rearhand bids to the survivor
_FOREHAND_LAST = 3  # nobody bid: forehand may play at 18
_DONE = 4


def next_bid(value: int) -> int | None:
    """The lowest ladder value above ``value`` (0 for "no bid yet"), None above 264."""
    for v in BID_VALUES:
        if v > value:
            return v
    return None


@dataclass(frozen=True, slots=True)
class Auction:
    """The state of the auction; seats are 0 forehand, 1 middlehand, 2 rearhand.

    Attributes:
        stage: 1 middlehand bids to forehand, 2 rearhand bids to the survivor, 3 forehand may
            play at 18, 4 done.
        bidder: the seat that names values in this round.
        listener: the seat that holds or passes in this round.
        to_move: whose turn it is (-1 when done).
        value: the highest bid so far in game points (0: none).
        passed: bit mask of the seats that passed.
        active: bit mask of the seats that bid or held (for Kontra "only a bidder" rule).
        declarer: the declarer once done (-1: all passed or not done).
    """

    stage: int = _ROUND1
    bidder: int = 1
    listener: int = 0
    to_move: int = 1
    value: int = 0
    passed: int = 0
    active: int = 0
    declarer: int = -1

    @property
    def done(self) -> bool:
        """True when the auction is over (a declarer, or all passed)."""
        return self.stage == _DONE

    @property
    def all_passed(self) -> bool:
        """True when the auction ended without a declarer."""
        return self.stage == _DONE and self.declarer < 0


def legal_bidding(auction: Auction) -> list[tuple[str, int]]:
    """The legal moves of the seat to move, sorted: ``("bid", v)`` ascending, ``("hold", 0)``,
    ``("pass", 0)``; empty when the auction is over.

    The bidder may name any ladder value above the current one (jumps allowed); the listener holds
    or passes; in stage 3 forehand bids 18 or passes.
    """
    if auction.stage == _DONE:
        return []
    if auction.stage == _FOREHAND_LAST:
        return [("bid", 18), ("pass", 0)]
    if auction.to_move == auction.bidder:
        moves: list[tuple[str, int]] = [("bid", v) for v in BID_VALUES if v > auction.value]
        moves.append(("pass", 0))
        return moves
    return [("hold", 0), ("pass", 0)]


def _end_round(a: Auction, survivor: int) -> Auction:
    """Round ``a.stage`` is over with ``survivor`` (-1: no one bid in it) still in."""
    if a.stage == _ROUND1:
        # round 2: rearhand bids to the survivor; if middlehand passed without a bid,
        # forehand is the one listening.
        listener = survivor if survivor >= 0 else 0
        return Auction(_ROUND2, 2, listener, 2, a.value, a.passed, a.active, -1)
    if survivor >= 0:
        return Auction(_DONE, a.bidder, a.listener, -1, a.value, a.passed, a.active, survivor)
    return Auction(_FOREHAND_LAST, 0, 0, 0, a.value, a.passed, a.active, -1)


def apply_bidding(auction: Auction, kind: str, value: int = 0) -> Auction:
    """The auction after the seat to move bids ``value``, holds or passes.

    Args:
        auction: the auction before the move.
        kind: ``"bid"``, ``"hold"`` or ``"pass"``.
        value: the bid in game points (only for ``"bid"``).

    Raises:
        IllegalActionError: the move is not legal now (a value off the ladder or not above the
            current bid, a hold by the bidder, anything after the end).
    """
    a = auction
    seat = a.to_move
    if a.stage == _DONE:
        raise IllegalActionError(f"the auction is over: {kind} {value or ''}".strip())
    if a.stage == _FOREHAND_LAST:
        if kind == "bid" and value == 18:
            return Auction(_DONE, 0, 0, -1, 18, a.passed, a.active | 1, 0)
        if kind == "pass":
            return Auction(_DONE, 0, 0, -1, 0, a.passed | 1, a.active, -1)
        raise IllegalActionError(f"forehand may only play at 18 or pass, not {kind} {value}")
    bit = 1 << seat
    if seat == a.bidder:
        if kind == "bid":
            if value not in _BID_SET or value <= a.value:
                raise IllegalActionError(
                    f"bid {value!r} is not a ladder value above {a.value} "
                    f"(next: {next_bid(a.value)})"
                )
            return Auction(
                a.stage, a.bidder, a.listener, a.listener, value, a.passed, a.active | bit, -1
            )
        if kind == "pass":
            passed = a.passed | bit
            a2 = Auction(a.stage, a.bidder, a.listener, -1, a.value, passed, a.active, -1)
            # the listener survives if anything was bid in this round or he bid before
            listener_in = bool(a.active >> a.listener & 1)
            return _end_round(a2, a.listener if listener_in else -1)
        raise IllegalActionError(f"the bidding player may bid or pass, not {kind}")
    # the listener
    if kind == "hold":
        return Auction(
            a.stage, a.bidder, a.listener, a.bidder, a.value, a.passed, a.active | bit, -1
        )
    if kind == "pass":
        passed = a.passed | bit
        a2 = Auction(a.stage, a.bidder, a.listener, -1, a.value, passed, a.active, -1)
        return _end_round(a2, a.bidder)
    raise IllegalActionError(f"the listening player may hold or pass, not {kind}")
