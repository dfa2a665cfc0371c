"""What the seat could have known: the strong player's imperfect-information view of its choices.

The open-hand analysis judges the card play and the game choice with every card known. For the
choice made first, how far to bid, the fair yardstick is what the seat itself could see: its ten
dealt cards and its seat. :func:`estimate` asks the strong player
(:meth:`skat.players.strong.StrongPlayer.bid_limit`, default settings) for the highest value it
would bid or hold with that hand on its own (the other seats' bids not heard: no contest
penalty), beside the value the seat bid or held in the deal (:func:`skat.players.contracts.
bid_limits`). The strong player's limit is its estimate of a game it expects to win from the
cards it holds (the heuristic evaluation with its tuned bonus; ISkO 5.2 for the values), not an
open-hand value.

>>> from skat.state import State
>>> e = estimate(State.new(14), 2)
>>> (e.player, e.bid_limit, e.bid)
('strong', 36, 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from skat.players.contracts import bid_limits
from skat.players.strong import StrongPlayer
from skat.state import State

__all__ = ["Estimates", "estimate"]


@dataclass(frozen=True, slots=True)
class Estimates:
    """The strong player's view of the seat's bidding from the seat's own cards.

    Attributes:
        player: the player asked (``strong``).
        bid_limit: the highest value (game points) it would bid or hold with the seat's ten
            dealt cards in that seat; 0: it would pass at once.
        bid: the highest value the seat bid or held in the deal; 0: it passed without one (or
            the auction has not begun).
    """

    player: str
    bid_limit: int
    bid: int

    def to_json(self) -> dict[str, object]:
        """``{"player", "bid_limit", "bid"}``."""
        return {"player": self.player, "bid_limit": self.bid_limit, "bid": self.bid}


def estimate(state: State, seat: int) -> Estimates:
    """The strong player's bid limit for ``seat``'s dealt hand beside the value the seat bid.

    Args:
        state: the deal, at any point (its dealt hands and its auction so far).
        seat: 0 forehand, 1 middlehand, 2 rearhand.

    Returns:
        the :class:`Estimates` (deterministic: no sampling, no clock).
    """
    hand = state.deal.hands[seat].mask
    limit = StrongPlayer().bid_limit(hand, seat, spitze=state.options.spitze)
    low, _high = bid_limits(state.information_state(seat).bids).get(seat, (0, 0))
    return Estimates("strong", limit, low)
