"""Bidding (Reizen): the bid ladder, who bids to whom, and a pure legal/apply pair.

The auction runs in two rounds and an epilogue (ISkO 3.3, the seeds' "Reizen"):

1. middlehand (the *bidder*) bids to forehand (the *listener*), who holds (``y``) or passes
   (``p``); middlehand raises or passes. Jumps are allowed: any higher ladder value may be bid.
2. rearhand bids to the survivor of round 1 in the same way.
3. if nobody bid at all, forehand may play at 18 (bid ``18``) or pass: then all have passed.

A player who passed is out. The survivor of round 2 is the declarer at the highest bid (a listener
who holds wins a tie: forehand before middlehand before rearhand).

Bid values are the reachable game values (ISkO 3.3.2), the table's bid ladder
(:attr:`skat.values.TableValues.bids`: under the ISkO 2..18 × the suit base values 9 10 11 12,
2..11 × the Grand base value 24, and the Null values 23 35 46 59); the functions take it.

>>> from skat.options import Options
>>> from skat.values import table_values
>>> bids = table_values(Options()).bids
>>> a = Auction()
>>> a.to_move, legal_bidding(a, bids)[:3]
(1, [('bid', 18), ('bid', 20), ('bid', 22)])
>>> a = apply_bidding(a, "bid", 18, bids)
>>> a = apply_bidding(apply_bidding(a, "pass", 0, bids), "pass", 0, bids)
>>> a.done, a.declarer, a.value
(True, 1, 18)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skat.errors import IllegalActionError

__all__ = [
    "Auction",
    "apply_bidding",
    "legal_bidding",
]


# stages of the auction
_ROUND1 = 1  # middlehand bids to forehand
_ROUND2 = 2  # rearhand bids to the survivor
_FOREHAND_LAST = 3  # nobody bid: forehand may play at 18
_DONE = 4


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


def legal_bidding(auction: Auction, bids: Sequence[int]) -> list[tuple[str, int]]:
    """The legal moves of the seat to move, sorted: ``("bid", v)`` ascending, ``("hold", 0)``,
    ``("pass", 0)``; empty when the auction is over.

    The bidder may name any value of the ladder ``bids`` (ascending, game points) above the
    current one (jumps allowed); the listener holds or passes; in stage 3 forehand bids the
    lowest value (18) or passes.
    """
    if auction.stage == _DONE:
        return []
    if auction.stage == _FOREHAND_LAST:
        return [("bid", bids[0]), ("pass", 0)]
    if auction.to_move == auction.bidder:
        moves: list[tuple[str, int]] = [("bid", v) for v in bids if v > auction.value]
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


def apply_bidding(auction: Auction, kind: str, value: int, bids: Sequence[int]) -> Auction:
    """The auction after the seat to move bids ``value``, holds or passes.

    Args:
        auction: the auction before the move.
        kind: ``"bid"``, ``"hold"`` or ``"pass"``.
        value: the bid in game points (only for ``"bid"``; 0 otherwise).
        bids: the table's bid ladder, ascending (:attr:`skat.values.TableValues.bids`).

    Raises:
        IllegalActionError: the move is not legal now (a value off the ladder or not above the
            current bid, a hold by the bidder, anything after the end).
    """
    a = auction
    seat = a.to_move
    if a.stage == _DONE:
        raise IllegalActionError(f"the auction is over: {kind} {value or ''}".strip())
    if a.stage == _FOREHAND_LAST:
        if kind == "bid" and value == bids[0]:
            return Auction(_DONE, 0, 0, -1, value, a.passed, a.active | 1, 0)
        if kind == "pass":
            return Auction(_DONE, 0, 0, -1, 0, a.passed | 1, a.active, -1)
        raise IllegalActionError(f"forehand may only play at {bids[0]} or pass, not {kind} {value}")
    bit = 1 << seat
    if seat == a.bidder:
        if kind == "bid":
            if value <= a.value or value not in bids:
                higher = [v for v in bids if v > a.value]
                raise IllegalActionError(
                    f"bid {value!r} is not a ladder value above {a.value} "
                    f"(next: {higher[0] if higher else None})"
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
