"""What one seat may know of a deal: the information state a player, or the browser, is given.

A computer player decides from this view alone (docs/design.md, decision 3): its own cards, the
skat if it took it, its discard, the public actions with the other seats' discards hidden, an
ouvert hand once shown, and its legal actions. :meth:`skat.state.State.information_state` makes
it; nothing in it can reach a hidden card.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from skat.action import Action
from skat.cards import cards_of_mask, format_card
from skat.contract import Contract
from skat.deal import Seat
from skat.options import Options
from skat.phases import Phase, Trick

__all__ = ["InformationState"]


@dataclass(frozen=True, slots=True)
class InformationState:
    """What one seat may know, nothing else: the view a player (or the browser) gets.

    Attributes:
        seat: whose view this is.
        phase: the current phase.
        current_player: the seat to act (None when over).
        options: the table's rule options.
        hand: the seat's current cards (mask).
        skat: the skat cards this seat picked up (mask), None if it never saw the skat.
        discard: the cards this seat put away or pushed on (mask), None if none.
        bids: the public bidding history, ``(seat, action)`` pairs.
        declarer: the declarer once known.
        contract: the contract once declared.
        bid: the (final) bid in game points.
        ouvert_hand: the declarer's current cards (mask) once an ouvert game is revealed (or
            the declarer showed them), else None.
        tricks: the completed tricks.
        trick: the cards of the current trick in playing order.
        leader: the seat leading the current trick.
        kontra: 0 none, 1 Kontra, 2 Re, 3 Supra.
        pushes: Schieberamsch: skats passed on unseen.
        actions: the public action history, ``(seat, action)``, with other seats' discards and
            pushes hidden (``??.??``); seat −1 is the table.
        played: the mask of all cards played so far.
        received: a defender's view of a Revolution: the cards his partner passed him in the
            exchange (mask, 0 before or without any); None for the declarer and other games.
        exchange_count: the number of cards this seat must pass now in a Revolution's exchange
            (the second defender: as many as he got); None when any number may go (the first
            defender) or it is not his exchange.
    """

    seat: Seat
    phase: Phase
    current_player: Seat | None
    options: Options
    hand: int
    skat: int | None
    discard: int | None
    bids: tuple[tuple[int, Action], ...]
    declarer: Seat | None
    contract: Contract | None
    bid: int
    ouvert_hand: int | None
    tricks: tuple[Trick, ...]
    trick: tuple[int, ...]
    leader: int
    kontra: int
    pushes: int
    actions: tuple[tuple[int, Action], ...]
    played: int
    received: int | None = None
    exchange_count: int | None = None
    _legal: tuple[Action, ...] = field(default=(), repr=False)

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions, the same as the state's when this seat is to act, sorted."""
        return list(self._legal)

    @property
    def unseen(self) -> int:
        """The cards this seat has not seen (mask): the other hands and the skat as far as they
        are hidden from it; what a sampling player deals out at random."""
        known = self.hand | self.played | (self.discard or 0) | (self.ouvert_hand or 0)
        return ~known & 0xFFFFFFFF

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict for the browser; card masks become ISS card lists."""

        def cards(mask: int | None) -> list[str] | None:
            return None if mask is None else [format_card(c) for c in cards_of_mask(mask)]

        return {
            "seat": int(self.seat),
            "phase": self.phase.value,
            "current_player": None if self.current_player is None else int(self.current_player),
            "hand": cards(self.hand),
            "skat": cards(self.skat),
            "discard": cards(self.discard),
            "bids": [[s, str(a)] for s, a in self.bids],
            "declarer": None if self.declarer is None else int(self.declarer),
            "contract": None if self.contract is None else str(self.contract),
            "bid": self.bid,
            "ouvert_hand": cards(self.ouvert_hand),
            "tricks": [t.to_json() for t in self.tricks],
            "trick": [format_card(c) for c in self.trick],
            "leader": self.leader,
            "kontra": self.kontra,
            "pushes": self.pushes,
            "actions": [[s, str(a)] for s, a in self.actions],
            "played": cards(self.played),
            "received": cards(self.received),
            "exchange_count": self.exchange_count,
            "legal_actions": [str(a) for a in self._legal],
        }
