"""Card-play positions for the strong player's tests: a deal given card by card, declared."""

from __future__ import annotations

from skat.action import Action
from skat.cards import CardSet
from skat.deal import Deal
from skat.options import Options
from skat.state import Phase, State


def forehand_declares(forehand: str, middlehand: str, skat: str, contract: str) -> State:
    """Forehand holds ``forehand``, middlehand ``middlehand``, rearhand the rest; both others
    pass, forehand bids 18 and declares ``contract`` (a Hand game)."""
    given = CardSet.from_str(f"{forehand} {middlehand} {skat}").mask
    rest = CardSet(0xFFFFFFFF & ~given)
    deal = Deal(
        1,
        (CardSet.from_str(forehand), CardSet.from_str(middlehand), rest),
        CardSet.from_str(skat),
    )
    state = State.from_deal(deal, Options())
    for token in ("p", "p", "18", contract):
        state = state.apply(Action.parse(token))
    assert state.phase == Phase.PLAY
    assert state.current_player == 0
    return state
