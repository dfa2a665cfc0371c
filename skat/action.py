"""Actions: the moves of a deal and their notation, the tokens of the game record.

One token each (``docs/records.md``): bids ``18`` … ``264``, hold ``y``, pass ``p``, pick up
``s``, discard/push ``ST.H8``, declare ``G`` ``CH`` ``DHS`` ``NO`` ``NOH`` …, card ``SA``,
concede/resign ``RE``, Kontra ``K``, Re ``R``, Supra ``SU``, decline ``-``, show cards ``SC``,
timeout ``TI.1``, leaving the table ``LE.2``, a defender's cards passed in a Revolution's
exchange ``EX.CA.C7`` (``EX``: none; ``EX.??.??``: two cards the seat seeing it does not know);
with the house rule ``claims``: the declarer's claim ``CL`` ("the rest is mine", in Null "Null
is safe") and a defender's claim ``CD`` (the declarer cannot win), :mod:`skat.claim`.
:meth:`Action.parse` reads a token and ``str`` writes it; what is legal when is
:mod:`skat.state`'s.

>>> Action.parse("ST.H8"), str(Action.parse("DHS")), Action.parse("SA").card
(Action.parse('ST.H8'), 'DHS', 22)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from skat.cards import cards_of_mask, format_card, format_cards, parse_card
from skat.contract import Contract
from skat.errors import NotationError, shown
from skat.rules import GameType

__all__ = [
    "CARD_ACTIONS",
    "CLAIM",
    "CONCEDE",
    "DECLINE",
    "DEFENDERS_CLAIM",
    "HIDDEN_DISCARD",
    "HOLD",
    "KONTRA",
    "LISTED_ACTIONS",
    "PASS",
    "PICKUP",
    "RE",
    "SHOW",
    "SUPRA",
    "Action",
    "ActionKind",
    "listed",
]


class ActionKind(IntEnum):
    """The kinds of actions, in the order :meth:`skat.state.State.legal_actions` sorts them."""

    BID = 0
    HOLD = 1
    PASS = 2
    PICKUP = 3
    DISCARD = 4
    DECLARE = 5
    KONTRA = 6
    RE = 7
    SUPRA = 8
    DECLINE = 9
    CARD = 10
    CONCEDE = 11
    SHOW = 12
    TIMEOUT = 13
    LEAVE = 14
    EXCHANGE = 15
    CLAIM = 16
    """The declarer claims: every remaining trick (suit, Grand, Spitze), no further trick (Null)."""
    DEFENDERS_CLAIM = 17
    """A defender claims that the declarer cannot win (reach his target, :mod:`skat.claim`)."""


_FIXED_TOKENS: dict[ActionKind, str] = {
    ActionKind.HOLD: "y",
    ActionKind.PASS: "p",
    ActionKind.PICKUP: "s",
    ActionKind.KONTRA: "K",
    ActionKind.RE: "R",
    ActionKind.SUPRA: "SU",
    ActionKind.DECLINE: "-",
    ActionKind.CONCEDE: "RE",
    ActionKind.SHOW: "SC",
    ActionKind.CLAIM: "CL",
    ActionKind.DEFENDERS_CLAIM: "CD",
}
_TOKEN_KINDS = {token: kind for kind, token in _FIXED_TOKENS.items()}


@dataclass(frozen=True, slots=True, order=True)
class Action:
    """One move of a deal: a kind and an int payload; sortable, hashable.

    The payload is the bid (game points) for ``BID``, the card for ``CARD``, the card mask of the
    two cards for ``DISCARD`` (0: two hidden cards, shown as ``??.??`` in an information state),
    a contract code for ``DECLARE`` (see :attr:`contract`), the seat for ``TIMEOUT``/``LEAVE``,
    for ``EXCHANGE`` the mask of the cards a defender passes to his partner (0: none; −n: n
    cards hidden from the seat seeing it), 0 otherwise. ``str`` gives the notation and
    :meth:`parse` reads it back.

    >>> Action.parse("ST.H8"), str(Action.parse("DHS")), Action.parse("SA").card
    (Action.parse('ST.H8'), 'DHS', 22)
    >>> sorted([Action.parse("p"), Action.parse("20"), Action.parse("18")])
    [Action.parse('18'), Action.parse('20'), Action.parse('p')]
    """

    kind: ActionKind
    value: int = 0

    # -- constructors ---------------------------------------------------------------------
    @classmethod
    def bid(cls, value: int) -> Action:
        """A bid of ``value`` game points."""
        return cls(ActionKind.BID, value)

    @classmethod
    def of_card(cls, card: int) -> Action:
        """Playing ``card`` (0..31)."""
        return CARD_ACTIONS[card]

    @classmethod
    def discard(cls, mask: int) -> Action:
        """Putting away (or pushing on) the two cards of ``mask``."""
        return cls(ActionKind.DISCARD, mask)

    @classmethod
    def exchange(cls, mask: int) -> Action:
        """A defender passing the cards of ``mask`` to his partner in a Revolution (0: none)."""
        return cls(ActionKind.EXCHANGE, mask)

    @classmethod
    def declare(cls, contract: Contract) -> Action:
        """Declaring ``contract``.

        Raises:
            NotationError: a Ramsch contract: nobody declares it (and ``R`` is Re).
        """
        if contract.game == GameType.RAMSCH:
            raise NotationError("Ramsch is played when all pass, it is never declared")
        return cls(ActionKind.DECLARE, contract.code)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse one action token (see the module doc).

        Raises:
            NotationError: the text is no action.
        """
        if not isinstance(text, str):
            raise NotationError(f"not an action: {shown(text)}")
        cached = _PARSE_CACHE.get(text)
        if cached is not None:
            return cached
        action = cls._parse(text)
        if len(_PARSE_CACHE) < 4096:
            _PARSE_CACHE[text] = action
        return action

    @classmethod
    def _parse(cls, text: str) -> Action:
        kind = _TOKEN_KINDS.get(text)
        if kind is not None:
            return cls(kind)
        if text.isdigit() and text.isascii():
            value = int(text)
            if str(value) != text:
                raise NotationError(f"not an action: {shown(text)} (a bid has no leading zero)")
            return cls(ActionKind.BID, value)
        if text[:3] in ("TI.", "LE."):
            kind = ActionKind.TIMEOUT if text[0] == "T" else ActionKind.LEAVE
            if text[3:] in ("0", "1", "2"):
                return cls(kind, int(text[3:]))
            what = "timeout" if text[0] == "T" else "seat leaving"
            raise NotationError(
                f"not an action: {shown(text)} (a {what} names the seat 0, 1 or 2: {text[:3]}0)"
            )
        if text == "??.??":
            return cls(ActionKind.DISCARD, 0)
        if text == "EX" or text.startswith("EX."):
            return cls._parse_exchange(text)
        if "." in text:
            parts = text.split(".")
            if len(parts) != 2:
                raise NotationError(f"not an action: {shown(text)} (a discard is two cards: ST.H8)")
            a, b = (parse_card(p) for p in parts)
            if a == b:
                raise NotationError(f"not an action: {shown(text)} (the same card twice)")
            return cls(ActionKind.DISCARD, 1 << a | 1 << b)
        if len(text) == 2 and text[1] in "AKQJT987":
            return CARD_ACTIONS[parse_card(text)]
        try:
            contract = Contract.parse(text)
        except NotationError:
            raise NotationError(
                f"not an action: {shown(text)} (expected a bid, y, p, s, a discard ST.H8, a "
                "contract like G CH NO, a card like SA, K, R, SU, -, RE, SC, CL, CD, an exchange "
                "EX.CA.C7)"
            ) from None
        return cls(ActionKind.DECLARE, contract.code)

    @classmethod
    def _parse_exchange(cls, text: str) -> Action:
        parts = text.split(".")[1:]
        if parts and all(p == "??" for p in parts):
            return cls(ActionKind.EXCHANGE, -len(parts))
        mask = 0
        for part in parts:
            try:
                card = parse_card(part)
            except NotationError:
                raise NotationError(
                    f"not an action: {shown(text)} (an exchange is EX and the cards passed: "
                    "EX.CA.C7)"
                ) from None
            if mask >> card & 1:
                raise NotationError(f"not an action: {shown(text)} (the same card twice)")
            mask |= 1 << card
        return cls(ActionKind.EXCHANGE, mask)

    # -- views ----------------------------------------------------------------------------
    @property
    def card(self) -> int:
        """The card of a ``CARD`` action.

        Raises:
            NotationError: not a card action.
        """
        if self.kind != ActionKind.CARD:
            raise NotationError(f"not a card action: {self}")
        return self.value

    @property
    def contract(self) -> Contract:
        """The contract of a ``DECLARE`` action.

        Raises:
            NotationError: not a declaration.
        """
        if self.kind != ActionKind.DECLARE:
            raise NotationError(f"not a declaration: {self}")
        return Contract.of_code(self.value)

    def __str__(self) -> str:
        kind = self.kind
        if kind == ActionKind.CARD:
            return format_card(self.value)
        if kind == ActionKind.BID:
            return str(self.value)
        if kind == ActionKind.DECLARE:
            return str(Contract.of_code(self.value))
        if kind == ActionKind.DISCARD:
            return format_cards(cards_of_mask(self.value), ".") if self.value else "??.??"
        if kind == ActionKind.EXCHANGE:
            if self.value < 0:
                return "EX" + ".??" * -self.value
            return ".".join(["EX", *(format_card(c) for c in cards_of_mask(self.value))])
        if kind == ActionKind.TIMEOUT:
            return f"TI.{self.value}"
        if kind == ActionKind.LEAVE:
            return f"LE.{self.value}"
        return _FIXED_TOKENS[kind]

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


_PARSE_CACHE: dict[str, Action] = {}
CARD_ACTIONS: tuple[Action, ...] = tuple(Action(ActionKind.CARD, c) for c in range(32))
"""The action of playing each card, by card (0..31)."""
HOLD = Action(ActionKind.HOLD)
PASS = Action(ActionKind.PASS)
PICKUP = Action(ActionKind.PICKUP)
KONTRA = Action(ActionKind.KONTRA)
RE = Action(ActionKind.RE)
SUPRA = Action(ActionKind.SUPRA)
DECLINE = Action(ActionKind.DECLINE)
CONCEDE = Action(ActionKind.CONCEDE)
SHOW = Action(ActionKind.SHOW)
CLAIM = Action(ActionKind.CLAIM)
"""The declarer's claim ``CL``: "the rest is mine" (suit, Grand, Spitze), "Null is safe"."""
DEFENDERS_CLAIM = Action(ActionKind.DEFENDERS_CLAIM)
"""A defender's claim ``CD``: the declarer cannot reach his target."""
HIDDEN_DISCARD = Action(ActionKind.DISCARD, 0)
"""Two cards put away or pushed on that the seat seeing it does not know (``??.??``)."""

LISTED_ACTIONS = 12
"""The most legal actions an error message names; the rest are counted."""


def listed(actions: Sequence[Action]) -> str:
    """``actions`` as tokens for an error message: at most :data:`LISTED_ACTIONS` of them, then
    a count of the rest (``"18 20 22 … and 40 more"``)."""
    shown = " ".join(str(a) for a in actions[:LISTED_ACTIONS])
    rest = len(actions) - LISTED_ACTIONS
    return f"{shown} … and {rest} more" if rest > 0 else shown
