"""The whole deal as an immutable state machine: bidding, skat, declaration, Kontra, play, result.

A deal is a value (``docs/design.md``): rule options + the cards (a deal number or explicit cards) +
the dealer + the actions. :class:`State` holds exactly that; everything else (hands, tricks,
points, the phase, whose turn it is) is derived incrementally when an action is applied, so
``apply`` is cheap and never copies more than a few small tuples.

Phases (:class:`Phase`), as the ISkO and the seeds describe them:

* ``bidding``: middlehand bids to forehand, rearhand to the survivor (:mod:`skat.bidding`).
  If all pass: a new deal (ISkO), Ramsch or Schieberamsch, by :class:`~skat.rules.AllPass`.
* ``skat``: the declarer picks the skat up (``s``) or declares a Hand game at once.
* ``discard``: after the pick-up the declarer puts any two cards away (jacks included).
* ``declare``: the contract after a pick-up: no Hand, Schneider or Schwarz announcement, only Null
  may be ouvert; a Null game worth less than the bid is not legal (ISkO 4.2).
* ``kontra`` (option): the defenders, forehand first, are asked once each whether they say Kontra
  (``K``) or not (``-``); after a Kontra the declarer is asked once for Re (``R``); after Re, with
  the Supra option, the defender who said Kontra is asked once for Supra (``SU``). With the
  "bidders only" variant only a defender who bid or held is asked.
* ``schieben``: Schieberamsch: forehand, middlehand, rearhand in turn take the skat (``s``) and
  pass two cards on (no jacks), or pass it on unseen (``p``; each doubles the Ramsch).
* ``play``: forehand leads the first trick; the winner leads the next. The declarer may concede
  (``RE``) while the first trick is not complete. The game ends early when its outcome is settled:
  a Null declarer takes a trick, or the defenders take a trick against Schwarz announced (which
  ouvert suit and Grand games include).
* ``result``: terminal, also for an all-pass new deal.

Action notation (one token each, the tokens of the game record, see ``docs/records.md``): bids
``18`` … ``264``, hold ``y``, pass ``p``, pick up ``s``, discard/push ``ST.H8``, declare ``G``
``CH`` ``DHS`` ``NO`` ``NOH`` …, card ``SA``, concede/resign ``RE``, Kontra ``K``, Re ``R``, Supra
``SU``, decline ``-``, show cards ``SC``, timeout ``TI.1``, leaving the table ``LE.2``.

Players only ever see :class:`InformationState` views.

>>> s = State.new(7)
>>> s.phase, s.current_player, [str(a) for a in s.legal_actions()[:3]]
(<Phase.BIDDING: 'bidding'>, <Seat.MIDDLEHAND: 1>, ['18', '20', '22'])
>>> s = s.apply("p").apply("p").apply("p")
>>> s.phase, s.is_terminal(), s.result() is None
(<Phase.RESULT: 'result'>, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from functools import cache

from skat.bidding import Auction, apply_bidding, legal_bidding
from skat.cards import (
    JACKS,
    CardSet,
    card_pairs,
    cards_of_mask,
    format_card,
    format_cards,
    parse_card,
    points,
)
from skat.contract import Contract
from skat.deal import Deal, Seat, deal
from skat.errors import IllegalActionError, NotationError, shown
from skat.options import AllPass, KontraRule, Options
from skat.rules import GameType, legal_cards, null_game_value, trick_winner
from skat.scoring import GameResult, RamschResult, score_game, score_ramsch

__all__ = [
    "Action",
    "ActionKind",
    "Ending",
    "InformationState",
    "Phase",
    "State",
    "Trick",
    "dealer_of_game",
    "draw_seats",
    "draw_strength",
    "listed",
    "seat_of_player",
]


class Phase(StrEnum):
    """The phases of a deal; the values are what the browser shows as ``data-phase``."""

    BIDDING = "bidding"
    SKAT = "skat"
    DISCARD = "discard"
    DECLARE = "declare"
    KONTRA = "kontra"
    SCHIEBEN = "schieben"
    PLAY = "play"
    RESULT = "result"


class Ending(StrEnum):
    """How a finished deal ended (``State.ending``); ``""`` while it is not over."""

    NONE = ""
    PLAYED = "played"
    """All ten tricks were played."""
    SETTLED = "settled"
    """Ended early because the outcome was settled (Null trick, Schwarz announced broken)."""
    PASSED = "passed"
    """All passed and the table plays a new deal."""
    CONCEDED = "conceded"
    """The declarer conceded (or left, or timed out after the declaration)."""
    RESIGNED = "resigned"
    """Both defenders resigned (or one left): the remaining tricks go to the declarer."""
    PENALTY = "penalty"
    """A player timed out or left before the game was declared: no game."""


class ActionKind(IntEnum):
    """The kinds of actions, in the order :meth:`State.legal_actions` sorts them."""

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
}
_TOKEN_KINDS = {token: kind for kind, token in _FIXED_TOKENS.items()}


def _contract_code(contract: Contract) -> int:
    return (
        int(contract.game) << 4
        | contract.hand << 3
        | contract.schneider << 2
        | contract.schwarz << 1
        | contract.ouvert
    )


@cache
def _contract_of_code(code: int) -> Contract:
    return Contract(
        GameType(code >> 4),
        hand=bool(code >> 3 & 1),
        schneider=bool(code >> 2 & 1),
        schwarz=bool(code >> 1 & 1),
        ouvert=bool(code & 1),
    )


@dataclass(frozen=True, slots=True, order=True)
class Action:
    """One move of a deal: a kind and an int payload; sortable, hashable.

    The payload is the bid (game points) for ``BID``, the card for ``CARD``, the card mask of the
    two cards for ``DISCARD`` (0: two hidden cards, shown as ``??.??`` in an information state),
    a contract code for ``DECLARE`` (see :attr:`contract`), the seat for ``TIMEOUT``/``LEAVE``,
    0 otherwise. ``str`` gives the notation and :meth:`parse` reads it back.

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
        return _CARD_ACTIONS[card]

    @classmethod
    def discard(cls, mask: int) -> Action:
        """Putting away (or pushing on) the two cards of ``mask``."""
        return cls(ActionKind.DISCARD, mask)

    @classmethod
    def declare(cls, contract: Contract) -> Action:
        """Declaring ``contract``.

        Raises:
            NotationError: a Ramsch contract: nobody declares it (and ``R`` is Re).
        """
        if contract.game == GameType.RAMSCH:
            raise NotationError("Ramsch is played when all pass, it is never declared")
        return cls(ActionKind.DECLARE, _contract_code(contract))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse one action token (see the module doc).

        Raises:
            NotationError: the text is no action.
        """
        if not isinstance(text, str):
            raise NotationError(f"not an action: {text!r}")
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
                raise NotationError(f"not an action: {text!r} (a bid has no leading zero)")
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
        if "." in text:
            parts = text.split(".")
            if len(parts) != 2:
                raise NotationError(f"not an action: {text!r} (a discard is two cards: ST.H8)")
            a, b = (parse_card(p) for p in parts)
            if a == b:
                raise NotationError(f"not an action: {text!r} (the same card twice)")
            return cls(ActionKind.DISCARD, 1 << a | 1 << b)
        if len(text) == 2 and text[1] in "AKQJT987":
            return _CARD_ACTIONS[parse_card(text)]
        try:
            contract = Contract.parse(text)
        except NotationError:
            raise NotationError(
                f"not an action: {text!r} (expected a bid, y, p, s, a discard ST.H8, a contract "
                "like G CH NO, a card like SA, K, R, SU, -, RE, SC)"
            ) from None
        return cls(ActionKind.DECLARE, _contract_code(contract))

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
        return _contract_of_code(self.value)

    def __str__(self) -> str:
        kind = self.kind
        if kind == ActionKind.CARD:
            return format_card(self.value)
        if kind == ActionKind.BID:
            return str(self.value)
        if kind == ActionKind.DECLARE:
            return str(_contract_of_code(self.value))
        if kind == ActionKind.DISCARD:
            return format_cards(cards_of_mask(self.value), ".") if self.value else "??.??"
        if kind == ActionKind.TIMEOUT:
            return f"TI.{self.value}"
        if kind == ActionKind.LEAVE:
            return f"LE.{self.value}"
        return _FIXED_TOKENS[kind]

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


_PARSE_CACHE: dict[str, Action] = {}
_CARD_ACTIONS = tuple(Action(ActionKind.CARD, c) for c in range(32))
HOLD = Action(ActionKind.HOLD)
PASS = Action(ActionKind.PASS)
PICKUP = Action(ActionKind.PICKUP)
KONTRA = Action(ActionKind.KONTRA)
RE = Action(ActionKind.RE)
SUPRA = Action(ActionKind.SUPRA)
DECLINE = Action(ActionKind.DECLINE)
CONCEDE = Action(ActionKind.CONCEDE)
SHOW = Action(ActionKind.SHOW)
_BID_ACTIONS = {v: Action(ActionKind.BID, v) for v in range(0, 265)}

LISTED_ACTIONS = 12
"""The most legal actions an error message names; the rest are counted."""


def listed(actions: Sequence[Action]) -> str:
    """``actions`` as tokens for an error message: at most :data:`LISTED_ACTIONS` of them, then
    a count of the rest (``"18 20 22 … and 40 more"``)."""
    shown = " ".join(str(a) for a in actions[:LISTED_ACTIONS])
    rest = len(actions) - LISTED_ACTIONS
    return f"{shown} … and {rest} more" if rest > 0 else shown


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: who led, the three cards in playing order, who won (seats 0..2)."""

    leader: int
    cards: tuple[int, int, int]
    winner: int

    def to_json(self) -> dict[str, object]:
        """``{"leader": 0, "cards": ["SA", "S7", "SK"], "winner": 0}``."""
        return {
            "leader": self.leader,
            "cards": [format_card(c) for c in self.cards],
            "winner": self.winner,
        }


# --------------------------------------------------------------------------------------------
# derived data, built incrementally


class _Core:
    """Everything derived from the actions; never changed once attached to a :class:`State`."""

    __slots__ = (
        "auction",
        "bids",
        "contract",
        "declarer",
        "discards",
        "ending",
        "game",
        "hands",
        "kontra",
        "kontra_asked",
        "kontra_by",
        "leader",
        "legal",
        "penalty_kind",
        "penalty_seat",
        "phase",
        "player",
        "pushers",
        "resigned",
        "result",
        "seen",
        "shown",
        "skat",
        "took",
        "trick",
        "tricks",
        "won",
        "won_count",
    )

    auction: Auction
    bids: tuple[tuple[int, Action], ...]
    contract: Contract | None
    declarer: int
    discards: tuple[int, int, int]
    ending: Ending
    game: int
    hands: tuple[int, int, int]
    kontra: int
    kontra_by: int
    kontra_asked: int
    leader: int
    legal: tuple[Action, ...] | None
    phase: Phase
    player: int
    pushers: tuple[int, ...]  # the seats that pushed the skat on unseen, in order
    resigned: int
    result: GameResult | RamschResult | bool | None
    seen: tuple[int, int, int]
    shown: bool
    skat: int
    took: bool
    trick: tuple[int, ...]
    tricks: tuple[Trick, ...]
    won: tuple[int, int, int]
    won_count: tuple[int, int, int]
    penalty_seat: int
    penalty_kind: str

    def copy(self) -> _Core:
        """A fresh copy to build the next state in (written out: this is the hot path)."""
        new = _Core.__new__(_Core)
        new.auction = self.auction
        new.bids = self.bids
        new.contract = self.contract
        new.declarer = self.declarer
        new.discards = self.discards
        new.ending = self.ending
        new.game = self.game
        new.hands = self.hands
        new.kontra = self.kontra
        new.kontra_asked = self.kontra_asked
        new.kontra_by = self.kontra_by
        new.leader = self.leader
        new.penalty_kind = self.penalty_kind
        new.penalty_seat = self.penalty_seat
        new.phase = self.phase
        new.player = self.player
        new.pushers = self.pushers
        new.resigned = self.resigned
        new.seen = self.seen
        new.shown = self.shown
        new.skat = self.skat
        new.took = self.took
        new.trick = self.trick
        new.tricks = self.tricks
        new.won = self.won
        new.won_count = self.won_count
        new.legal = None
        new.result = False
        return new


def _initial_core(d: Deal) -> _Core:
    c = _Core.__new__(_Core)
    c.auction = Auction()
    c.bids = ()
    c.contract = None
    c.declarer = -1
    c.discards = (0, 0, 0)
    c.ending = Ending.NONE
    c.game = -1
    c.hands = (d.hands[0].mask, d.hands[1].mask, d.hands[2].mask)
    c.kontra = 0
    c.kontra_by = -1
    c.kontra_asked = 0
    c.leader = 0
    c.legal = None
    c.phase = Phase.BIDDING
    c.player = 1
    c.pushers = ()
    c.resigned = 0
    c.result = False
    c.seen = (0, 0, 0)
    c.shown = False
    c.skat = d.skat.mask
    c.took = False
    c.trick = ()
    c.tricks = ()
    c.won = (0, 0, 0)
    c.won_count = (0, 0, 0)
    c.penalty_seat = -1
    c.penalty_kind = ""
    return c


def _set(t: tuple[int, int, int], i: int, v: int) -> tuple[int, int, int]:
    if i == 0:
        return (v, t[1], t[2])
    if i == 1:
        return (t[0], v, t[2])
    return (t[0], t[1], v)


def _pairs(mask: int) -> list[Action]:
    return [Action(ActionKind.DISCARD, pair) for pair in sorted(card_pairs(mask))]


@cache
def _contracts(hand: bool, bid: int, spitze: bool) -> tuple[Action, ...]:
    """The legal declarations, sorted: Hand ones (from the skat phase) or after a pick-up."""
    games = [GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS, GameType.GRAND]
    if spitze:
        games.append(GameType.SPITZE)
    out: list[Action] = []
    for g in games:
        if hand:
            for s, z, o in (
                (False, False, False),
                (True, False, False),
                (True, True, False),
                (True, True, True),
            ):
                out.append(Action.declare(Contract(g, True, s, z, o)))
        else:
            out.append(Action.declare(Contract(g)))
    for ouvert in (False, True):
        if null_game_value(hand, ouvert) >= bid:
            out.append(Action.declare(Contract(GameType.NULL, hand=hand, ouvert=ouvert)))
    out.sort()
    return tuple(out)


# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class State:
    """A deal in progress: options, cards, dealer and the actions so far (immutable).

    Attributes:
        options: the table's rule options.
        deal: the cards; ``deal.number`` is −1 when the cards were given explicitly (ISS).
        dealer: the table position (0..2, clockwise) of the dealer; with three players the
            dealer sits in rearhand and position ``(dealer + 1) % 3`` is forehand (see
            :func:`seat_of_player`, :func:`draw_seats`).
        actions: the actions so far, in order.
        actors: the seat that made each action (−1: the table itself, e.g. a timeout).
    """

    options: Options
    deal: Deal
    dealer: int = 0
    actions: tuple[Action, ...] = ()
    actors: tuple[int, ...] = ()
    _c: _Core = field(default=None, compare=False, repr=False, hash=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self._c is None:
            # built directly: derive everything by replaying the actions (``actors`` may be
            # left empty when every action was made in turn)
            s = State._make(self.options, self.deal, self.dealer, (), (), _initial_core(self.deal))
            actors: tuple[int | None, ...] = self.actors or (None,) * len(self.actions)
            if len(actors) != len(self.actions):
                raise IllegalActionError(
                    f"{len(self.actions)} actions but {len(self.actors)} actors"
                )
            for action, actor in zip(self.actions, actors, strict=True):
                seat = None if actor is None or actor < 0 or actor == s._c.player else actor
                s = s.apply(action, seat=seat)
            object.__setattr__(self, "actors", s.actors)
            object.__setattr__(self, "_c", s._c)

    @staticmethod
    def _make(
        options: Options,
        d: Deal,
        dealer: int,
        actions: tuple[Action, ...],
        actors: tuple[int, ...],
        core: _Core,
    ) -> State:
        s = object.__new__(State)
        object.__setattr__(s, "options", options)
        object.__setattr__(s, "deal", d)
        object.__setattr__(s, "dealer", dealer)
        object.__setattr__(s, "actions", actions)
        object.__setattr__(s, "actors", actors)
        object.__setattr__(s, "_c", core)
        return s

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def new(cls, number: int, options: Options = Options(), dealer: int = 0) -> State:  # noqa: B008
        """The start of the deal of ``number`` (see :mod:`skat.deal`).

        Raises:
            NotationError: ``number`` is not a deal number.
        """
        d = deal(number)
        return cls._make(options, d, dealer, (), (), _initial_core(d))

    @classmethod
    def from_deal(cls, d: Deal, options: Options = Options(), dealer: int = 0) -> State:  # noqa: B008
        """The start of a deal with explicit cards (e.g. from an ISS record).

        Raises:
            NotationError: the hands are not 10, 10, 10 and 2 distinct cards.
        """
        masks = [h.mask for h in d.hands] + [d.skat.mask]
        if [m.bit_count() for m in masks] != [10, 10, 10, 2] or (
            masks[0] | masks[1] | masks[2] | masks[3]
        ) != 0xFFFFFFFF:
            raise NotationError("a deal needs 10 + 10 + 10 cards and a skat of 2, all distinct")
        return cls._make(options, d, dealer, (), (), _initial_core(d))

    # -- the state machine ----------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """The current phase."""
        return self._c.phase

    @property
    def current_player(self) -> Seat | None:
        """The seat to act, None when the deal is over."""
        p = self._c.player
        return None if p < 0 else Seat(p)

    def is_terminal(self) -> bool:
        """True when the deal is over (phase ``result``)."""
        return self._c.phase == Phase.RESULT

    def legal_actions(self) -> list[Action]:
        """The legal actions of :attr:`current_player`, sorted; empty when terminal.

        ISS-only moves that are not part of the game's turn order (a defender's resignation,
        showing the cards, timeouts) are accepted by :meth:`apply` but not listed here.
        """
        c = self._c
        if c.legal is None:
            c.legal = tuple(self._legal())
        return list(c.legal)

    def _legal(self) -> list[Action]:
        c = self._c
        phase = c.phase
        if phase == Phase.PLAY:
            hand = c.hands[c.player]
            led = c.trick[0] if c.trick else None
            mask = legal_cards(hand, led, c.game)
            out = [_CARD_ACTIONS[card] for card in reversed(cards_of_mask(mask))]
            if c.player == c.declarer and not c.tricks:
                out.append(CONCEDE)
            return out
        if phase == Phase.BIDDING:
            moves = legal_bidding(c.auction)
            return [
                _BID_ACTIONS[v] if k == "bid" else (HOLD if k == "hold" else PASS) for k, v in moves
            ]
        if phase == Phase.SKAT:
            return [PICKUP, *_contracts(True, c.auction.value, self.options.spitze)]
        if phase == Phase.DISCARD:
            return _pairs(c.hands[c.declarer])
        if phase == Phase.DECLARE:
            return list(_contracts(False, c.auction.value, self.options.spitze))
        if phase == Phase.KONTRA:
            step = (KONTRA, RE, SUPRA)[c.kontra]
            return [step, DECLINE]
        if phase == Phase.SCHIEBEN:
            if c.took:
                return _pairs(c.hands[c.player] & ~JACKS)
            return [PASS, PICKUP]
        return []

    def apply(self, action: Action | str, seat: int | None = None) -> State:
        """The state after ``action``; this state is unchanged.

        Args:
            action: an :class:`Action` or its notation.
            seat: who acts, for the moves made out of turn (a defender's ``RE``, the declarer's
                ``SC``); None (or the current player) for an ordinary turn. ``TI.n``/``LE.n``
                are the table's own moves and need no seat.

        Raises:
            NotationError: ``action`` is a string that is no action.
            IllegalActionError: the action is not legal now; the message names the action, the
                seat and the phase.
        """
        if isinstance(action, str):
            action = Action.parse(action)
        c = self._c
        kind = action.kind
        if kind in (ActionKind.TIMEOUT, ActionKind.LEAVE):
            return self._apply_penalty(action)
        actor = c.player if seat is None else int(seat)
        if actor != c.player or (kind in (ActionKind.SHOW, ActionKind.CONCEDE)):
            return self._apply_out_of_turn(action, actor)
        if kind == ActionKind.CARD and c.phase == Phase.PLAY:
            led = c.trick[0] if c.trick else None
            card = action.value
            if not (0 <= card < 32 and legal_cards(c.hands[actor], led, c.game) >> card & 1):
                raise self._illegal(action, actor)
        else:
            if c.legal is None:
                c.legal = tuple(self._legal())
            if action not in c.legal:
                raise self._illegal(action, actor)
        n = c.copy()
        phase = c.phase
        if phase == Phase.PLAY:
            self._play(n, action.value)
        elif phase == Phase.BIDDING:
            self._bid(n, action)
        elif phase == Phase.SKAT:
            if kind == ActionKind.PICKUP:
                d = n.declarer
                n.hands = _set(n.hands, d, n.hands[d] | n.skat)
                n.seen = _set(n.seen, d, n.skat)
                n.skat = 0
                n.phase = Phase.DISCARD
            else:
                self._declared(n, action.contract)
        elif phase == Phase.DISCARD:
            d = n.declarer
            n.hands = _set(n.hands, d, n.hands[d] & ~action.value)
            n.skat = action.value
            n.discards = _set(n.discards, d, action.value)
            n.phase = Phase.DECLARE
        elif phase == Phase.DECLARE:
            self._declared(n, action.contract)
        elif phase == Phase.KONTRA:
            self._kontra(n, action)
        elif phase == Phase.SCHIEBEN:
            self._schieben(n, action)
        return State._make(
            self.options, self.deal, self.dealer, (*self.actions, action), (*self.actors, actor), n
        )

    def _illegal(self, action: Action, actor: int, why: str = "") -> IllegalActionError:
        who = Seat(actor).name.lower() if 0 <= actor <= 2 else f"seat {actor}"
        c = self._c
        if not why:
            if c.phase == Phase.RESULT:
                why = "the deal is over"
            elif actor != c.player:
                why = f"it is {Seat(c.player).name.lower()}'s turn"
            else:
                why = f"legal: {listed(self.legal_actions())}"
        return IllegalActionError(
            f"illegal action {str(action)!r} by {who} in phase {c.phase.value!r}: {why}"
        )

    # -- phase functions (mutate the fresh copy ``n``) --------------------------------------
    def _bid(self, n: _Core, action: Action) -> None:
        kind = action.kind
        name = "bid" if kind == ActionKind.BID else ("hold" if kind == ActionKind.HOLD else "pass")
        n.bids = (*n.bids, (n.player, action))
        a = apply_bidding(n.auction, name, action.value)
        n.auction = a
        if not a.done:
            n.player = a.to_move
            return
        if a.declarer >= 0:
            n.declarer = a.declarer
            n.player = a.declarer
            n.phase = Phase.SKAT
            return
        rule = self.options.all_pass
        if rule == AllPass.NEW_DEAL:
            n.phase = Phase.RESULT
            n.player = -1
            n.ending = Ending.PASSED
        elif rule == AllPass.RAMSCH:
            self._start_ramsch(n)
        else:
            n.phase = Phase.SCHIEBEN
            n.player = 0

    def _start_ramsch(self, n: _Core) -> None:
        n.contract = _RAMSCH
        n.game = GameType.RAMSCH
        n.phase = Phase.PLAY
        n.player = 0
        n.leader = 0

    def _declared(self, n: _Core, contract: Contract) -> None:
        n.contract = contract
        n.game = int(contract.game)
        rule = self.options.kontra
        if rule != KontraRule.OFF:
            first = self._next_kontra_asked(n)
            if first >= 0:
                n.phase = Phase.KONTRA
                n.player = first
                return
        n.phase = Phase.PLAY
        n.player = 0
        n.leader = 0

    def _next_kontra_asked(self, n: _Core) -> int:
        """The next defender to be asked for Kontra (forehand first), −1 if none is left."""
        for seat in (0, 1, 2):
            if seat == n.declarer or n.kontra_asked >> seat & 1:
                continue
            if self.options.kontra == KontraRule.BIDDERS_ONLY and not n.auction.active >> seat & 1:
                continue
            return seat
        return -1

    def _kontra(self, n: _Core, action: Action) -> None:
        kind = action.kind
        if kind == ActionKind.DECLINE:
            if n.kontra == 0:
                n.kontra_asked |= 1 << n.player
                nxt = self._next_kontra_asked(n)
                if nxt >= 0:
                    n.player = nxt
                    return
            n.phase = Phase.PLAY
            n.player = 0
            n.leader = 0
            return
        if kind == ActionKind.KONTRA:
            n.kontra = 1
            n.kontra_by = n.player
            n.player = n.declarer
            return
        if kind == ActionKind.RE:
            n.kontra = 2
            if self.options.supra:
                n.player = n.kontra_by
                return
        else:  # SUPRA
            n.kontra = 3
        n.phase = Phase.PLAY
        n.player = 0
        n.leader = 0

    def _schieben(self, n: _Core, action: Action) -> None:
        seat = n.player
        if action.kind == ActionKind.PICKUP:
            n.hands = _set(n.hands, seat, n.hands[seat] | n.skat)
            n.seen = _set(n.seen, seat, n.skat)
            n.skat = 0
            n.took = True
            return
        if action.kind == ActionKind.PASS:
            n.pushers = (*n.pushers, seat)
        else:
            n.hands = _set(n.hands, seat, n.hands[seat] & ~action.value)
            n.skat = action.value
            n.discards = _set(n.discards, seat, action.value)
            n.took = False
        if seat < 2:
            n.player = seat + 1
        else:
            self._start_ramsch(n)

    def _play(self, n: _Core, card: int) -> None:
        seat = n.player
        n.hands = _set(n.hands, seat, n.hands[seat] & ~(1 << card))
        trick = (*n.trick, card)
        if len(trick) < 3:
            n.trick = trick
            n.player = (seat + 1) % 3
            return
        leader = n.leader
        winner = (leader + trick_winner(trick, n.game)) % 3
        n.trick = ()
        n.tricks = (*n.tricks, Trick(leader, (trick[0], trick[1], trick[2]), winner))
        n.won = _set(n.won, winner, n.won[winner] | 1 << trick[0] | 1 << trick[1] | 1 << trick[2])
        n.won_count = _set(n.won_count, winner, n.won_count[winner] + 1)
        n.leader = winner
        n.player = winner
        if len(n.tricks) == 10:
            n.ending = Ending.PLAYED
        elif n.declarer >= 0 and n.contract is not None:
            if n.game == GameType.NULL:
                if winner == n.declarer:
                    n.ending = Ending.SETTLED
            elif n.contract.schwarz and winner != n.declarer:
                n.ending = Ending.SETTLED
        if n.ending:
            n.phase = Phase.RESULT
            n.player = -1

    def _apply_out_of_turn(self, action: Action, actor: int) -> State:
        """``RE`` (concede/resign) and ``SC`` (show cards), possibly out of turn."""
        c = self._c
        kind = action.kind
        if actor not in (0, 1, 2):
            raise self._illegal(action, actor, "no such seat")
        if c.phase != Phase.PLAY or c.declarer < 0:
            raise self._illegal(action, actor)
        n = c.copy()
        if kind == ActionKind.SHOW and actor == c.declarer:
            n.shown = True
        elif kind == ActionKind.CONCEDE and actor == c.declarer:
            if c.tricks:
                raise self._illegal(
                    action, actor, "the declarer may concede only until the first trick is complete"
                )
            n.ending = Ending.CONCEDED
            n.phase = Phase.RESULT
            n.player = -1
        elif kind == ActionKind.CONCEDE:
            n.resigned |= 1 << actor
            if n.resigned.bit_count() == 2:
                n.ending = Ending.RESIGNED
                n.phase = Phase.RESULT
                n.player = -1
        else:
            raise self._illegal(action, actor)
        return State._make(
            self.options, self.deal, self.dealer, (*self.actions, action), (*self.actors, actor), n
        )

    def _apply_penalty(self, action: Action) -> State:
        """``TI.n``/``LE.n``: before the declaration no game; after it the game is decided."""
        c = self._c
        seat = action.value
        if c.phase == Phase.RESULT:
            raise self._illegal(action, -1)
        n = c.copy()
        n.penalty_seat = seat
        n.penalty_kind = "timeout" if action.kind == ActionKind.TIMEOUT else "left"
        if c.phase in (Phase.PLAY, Phase.KONTRA) and c.declarer >= 0:
            n.ending = Ending.CONCEDED if seat == c.declarer else Ending.RESIGNED
        else:
            n.ending = Ending.PENALTY
        n.phase = Phase.RESULT
        n.player = -1
        return State._make(
            self.options, self.deal, self.dealer, (*self.actions, action), (*self.actors, -1), n
        )

    # -- derived views --------------------------------------------------------------------
    @property
    def number(self) -> int:
        """The deal number (−1 when the cards were given explicitly)."""
        return self.deal.number

    @property
    def ending(self) -> Ending:
        """How the deal ended (``Ending.NONE`` while it runs)."""
        return self._c.ending

    @property
    def auction(self) -> Auction:
        """The auction (bids, who bid or held, the final bid)."""
        return self._c.auction

    @property
    def bid(self) -> int:
        """The final (or current) bid in game points, 0 if none."""
        return self._c.auction.value

    @property
    def declarer(self) -> Seat | None:
        """The declarer once the auction found one."""
        d = self._c.declarer
        return None if d < 0 else Seat(d)

    @property
    def contract(self) -> Contract | None:
        """The contract once declared (Ramsch: ``Contract(GameType.RAMSCH)``)."""
        return self._c.contract

    @property
    def kontra(self) -> int:
        """0 none, 1 Kontra, 2 Re, 3 Supra."""
        return self._c.kontra

    @property
    def pushes(self) -> int:
        """Schieberamsch: how many players passed the skat on unseen."""
        return len(self._c.pushers)

    @property
    def resigned(self) -> int:
        """Bit mask of the defenders who resigned (``RE``)."""
        return self._c.resigned

    @property
    def shown(self) -> bool:
        """The declarer's hand is public: an ouvert game, or the declarer showed it (``SC``)."""
        c = self._c
        return c.shown or (c.contract is not None and c.contract.ouvert)

    @property
    def penalty(self) -> tuple[int, str] | None:
        """``(seat, "timeout" | "left")`` when a seat timed out or left, else None."""
        c = self._c
        return None if c.penalty_seat < 0 else (c.penalty_seat, c.penalty_kind)

    def hand(self, seat: int) -> int:
        """The current cards of ``seat`` as a mask."""
        return self._c.hands[seat]

    def hands(self) -> tuple[CardSet, CardSet, CardSet]:
        """The current hands by seat."""
        h = self._c.hands
        return (CardSet(h[0]), CardSet(h[1]), CardSet(h[2]))

    @property
    def skat(self) -> int:
        """The cards lying in the skat now (mask): dealt, discarded or last pushed; 0 while a
        player holds them after picking them up."""
        return self._c.skat

    def discard(self, seat: int) -> int:
        """The cards ``seat`` put away or pushed on (mask; 0 if none)."""
        return self._c.discards[seat]

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks."""
        return self._c.tricks

    @property
    def trick(self) -> tuple[int, ...]:
        """The cards of the current trick, in playing order."""
        return self._c.trick

    @property
    def leader(self) -> int:
        """The seat that led (or leads) the current trick."""
        return self._c.leader

    def won_cards(self, seat: int) -> int:
        """The cards of the tricks ``seat`` took (mask)."""
        return self._c.won[seat]

    def tricks_won(self, seat: int) -> int:
        """The number of tricks ``seat`` took."""
        return self._c.won_count[seat]

    def card_points(self) -> tuple[int, int, int]:
        """Card points per seat in the tricks taken so far (without the skat)."""
        w = self._c.won
        return (points(w[0]), points(w[1]), points(w[2]))

    @property
    def played(self) -> int:
        """The mask of the cards played so far."""
        c = self._c
        mask = c.won[0] | c.won[1] | c.won[2]
        for card in c.trick:
            mask |= 1 << card
        return mask

    def declarer_facts(self) -> tuple[int, int, int]:
        """``(declarer_points, declarer_tricks, defender_tricks)`` as counted for the result.

        The declarer's points include the skat (or his discard). When the defenders resigned,
        every card not in their tricks and all tricks not yet complete go to the declarer (ISS),
        except in Null, where nothing moves.

        Raises:
            IllegalActionError: there is no declarer.
        """
        c = self._c
        d = c.declarer
        if d < 0:
            raise IllegalActionError(f"no declarer in phase {c.phase.value!r}")
        defenders = [s for s in (0, 1, 2) if s != d]
        def_tricks = c.won_count[defenders[0]] + c.won_count[defenders[1]]
        if c.ending == Ending.RESIGNED and c.game != GameType.NULL:
            def_mask = c.won[defenders[0]] | c.won[defenders[1]]
            return 120 - points(def_mask), 10 - def_tricks, def_tricks
        return points(c.won[d] | c.skat), c.won_count[d], def_tricks

    def result(self) -> GameResult | RamschResult | None:
        """The scored result once the deal is over; None while it runs, for an all-pass new deal
        and for a timeout or leave before the declaration.

        Source: :mod:`skat.scoring`.
        """
        c = self._c
        if c.result is not False:
            return c.result  # type: ignore[return-value]
        res: GameResult | RamschResult | None = None
        if c.phase == Phase.RESULT and c.contract is not None and c.ending != Ending.PENALTY:
            if c.game == GameType.RAMSCH:
                w = c.won
                last = c.tricks[-1].winner
                res = score_ramsch(
                    (points(w[0]), points(w[1]), points(w[2])),
                    c.won_count,
                    points(c.skat),
                    last,
                    pushes=len(c.pushers),
                    pushed_by=c.pushers,
                    options=self.options,
                )
            else:
                d = c.declarer
                dp, dt, ft = self.declarer_facts()
                res = score_game(
                    c.contract,
                    bid=c.auction.value,
                    matador_cards=self.deal.hands[d].mask | self.deal.skat.mask,
                    declarer_points=dp,
                    declarer_tricks=dt,
                    defender_tricks=ft,
                    kontra=c.kontra,
                    conceded=c.ending == Ending.CONCEDED,
                    options=self.options,
                )
        c.result = res
        return res

    def information_state(self, seat: int) -> InformationState:
        """Exactly what ``seat`` may know now (see :class:`InformationState`)."""
        c = self._c
        seat = Seat(seat)
        public: list[tuple[int, Action]] = []
        for actor, action in zip(self.actors, self.actions, strict=True):
            if action.kind == ActionKind.DISCARD and actor != seat:
                action = _HIDDEN_DISCARD
            public.append((actor, action))
        ouvert = c.hands[c.declarer] if c.declarer >= 0 and self.shown else None
        legal = tuple(self.legal_actions()) if c.player == seat else ()
        return InformationState(
            seat=seat,
            phase=c.phase,
            current_player=self.current_player,
            options=self.options,
            hand=c.hands[seat],
            skat=c.seen[seat] if c.seen[seat] else None,
            discard=c.discards[seat] if c.discards[seat] else None,
            bids=c.bids,
            declarer=self.declarer,
            contract=c.contract,
            bid=c.auction.value,
            ouvert_hand=ouvert,
            tricks=c.tricks,
            trick=c.trick,
            leader=c.leader,
            kontra=c.kontra,
            pushes=len(c.pushers),
            actions=tuple(public),
            played=self.played,
            _legal=legal,
        )


_RAMSCH = Contract(GameType.RAMSCH)
_HIDDEN_DISCARD = Action(ActionKind.DISCARD, 0)


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
            "legal_actions": [str(a) for a in self._legal],
        }


def seat_of_player(position: int, dealer: int) -> Seat:
    """The seat of the player at table position ``position`` (0..2, clockwise) when the player
    at position ``dealer`` deals (3 players: the dealer sits in rearhand, the player on his left
    is forehand; ISkO 3.2)."""
    return Seat((position - dealer - 1) % 3)


def draw_strength(card: int) -> int:
    """How strong a card drawn for the seats is: the jacks ♣ ♠ ♥ ♦ on top, then A T K Q 9 8 7,
    equal ranks by suit ♣ ♠ ♥ ♦ (the Grand order with suits breaking ties)."""
    rank = card & 7
    return rank * 4 + (card >> 3)  # ranks are stored in Grand order, the jack highest


def draw_seats(cards: tuple[int, int, int], choice: int) -> tuple[int, int, int]:
    """The seat draw at the start of a series (seed 000): player ``i`` drew ``cards[i]``; the
    highest card chooses table position ``choice`` (0..2; position 0 deals the first game) and the
    others sit clockwise after him, the higher card first.

    Returns:
        The table position of each player. The dealer of game ``k`` (0-based) sits at position
        ``k % 3``: the deal passes clockwise to the dealer's left (:func:`dealer_of_game`).

    Raises:
        IllegalActionError: the cards are not three distinct cards or ``choice`` is no position.

    >>> from skat.cards import parse_card as c
    >>> draw_seats((c("HA"), c("DJ"), c("CA")), 0)
    (2, 0, 1)
    """
    if len(set(cards)) != 3 or not all(0 <= x < 32 for x in cards) or choice not in (0, 1, 2):
        raise IllegalActionError(
            f"a seat draw needs three distinct cards and a position 0..2: {cards!r}, {choice!r}"
        )
    order = sorted(range(3), key=lambda p: -draw_strength(cards[p]))
    positions = [0, 0, 0]
    for k, player in enumerate(order):
        positions[player] = (choice + k) % 3
    return (positions[0], positions[1], positions[2])


def dealer_of_game(positions: tuple[int, int, int], game: int) -> int:
    """The player who deals game ``game`` (0-based) of a series seated by :func:`draw_seats`; his
    table position, ``game % 3``, is :attr:`State.dealer`."""
    return positions.index(game % 3)
