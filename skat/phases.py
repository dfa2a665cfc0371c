"""The phases of a deal: what is legal in each and what an action does there.

The engine under :class:`skat.state.State`: everything a deal's actions determine (hands,
tricks, the phase, whose turn it is) is kept in one :class:`Core`, advanced in place on a fresh
copy for each action, so that applying an action copies only a few small tuples. Each phase has
its legal moves (:func:`legal`) and its transition (:func:`advance`), as the ISkO and the seeds
describe them:

* ``bidding``: middlehand bids to forehand, rearhand to the survivor (:mod:`skat.bidding`).
  If all pass: a new deal (ISkO), Ramsch or Schieberamsch, by :class:`~skat.options.AllPass`.
* ``skat``: the declarer picks the skat up (``s``) or declares a Hand game at once.
* ``discard``: after the pick-up the declarer puts any two cards away (jacks included).
* ``declare``: the contract after a pick-up: no Hand, Schneider or Schwarz announcement, only Null
  may be ouvert; a Null game worth less than the bid is not legal (ISkO 4.2;
  :func:`skat.contract.legal_declarations`).
* ``exchange`` (Revolution, option): after Revolution (``NV``) is declared the defenders, who see
  the declarer's open hand, exchange cards between them before the first lead: the first
  defender (nearer forehand) passes any of his cards to his partner (``EX.CA.C7``; ``EX``: none),
  then the partner passes as many of his own dealt cards back, so each keeps ten and any split
  of their twenty cards can be reached (:func:`exchange_refusal`). House rule (skatwelt.net:
  "die Gegenspieler [können] ihre Handkarten beliebig austauschen"); the skat stays untouched.
* ``kontra`` (option): the defenders, forehand first, are asked once each whether they say Kontra
  (``K``) or not (``-``); after a Kontra the declarer is asked once for Re (``R``); after Re, with
  the Supra option, the defender who said Kontra is asked once for Supra (``SU``). With the
  "bidders only" variant only a defender who bid or held is asked.
* ``schieben``: Schieberamsch: forehand, middlehand, rearhand in turn take the skat (``s``) and
  pass two cards on (no jacks), or pass it on unseen (``p``; each doubles the Ramsch).
* ``play``: forehand leads the first trick; the winner leads the next. The declarer may concede
  (``RE``) while the first trick is not complete. The game ends early when its outcome is settled:
  a Null declarer takes a trick, or the defenders take a trick against Schwarz announced (which
  ouvert suit and Grand games include). With the house rule ``claims`` the seat to play may claim
  instead of playing a card (:func:`claim_moves`; ``CL`` the declarer, ``CD`` a defender); a claim
  that holds ends the game (:mod:`skat.claim`).
* ``result``: terminal, also for an all-pass new deal.

A Bockramsch deal (:mod:`skat.bock`) has no auction: it starts in ``play`` as a Ramsch.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from skat.action import (
    CARD_ACTIONS,
    CLAIM,
    CONCEDE,
    DECLINE,
    DEFENDERS_CLAIM,
    HOLD,
    KONTRA,
    PASS,
    PICKUP,
    RE,
    SUPRA,
    Action,
    ActionKind,
)
from skat.bidding import Auction, apply_bidding, legal_bidding
from skat.cards import JACKS, card_pairs, cards_of_mask, format_card, format_cards
from skat.contract import Contract, legal_declarations
from skat.deal import Deal
from skat.options import AllPass, BockDeal, KontraRule, Options
from skat.ramsch import RamschResult
from skat.rules import GameType, legal_cards, trick_winner
from skat.scoring import GameResult
from skat.values import table_values

__all__ = [
    "Core",
    "Ending",
    "Phase",
    "Trick",
    "advance",
    "claim_moves",
    "exchange_refusal",
    "exchange_seats",
    "initial_core",
    "legal",
]


class Phase(StrEnum):
    """The phases of a deal; the values are what the browser shows as ``data-phase``."""

    BIDDING = "bidding"
    SKAT = "skat"
    DISCARD = "discard"
    DECLARE = "declare"
    EXCHANGE = "exchange"
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
    CLAIMED = "claimed"
    """A claim held (house rule ``claims``): the rest counted as :mod:`skat.claim` settles it."""


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


class Core:
    """Everything derived from the actions of a deal (the engine under :class:`~skat.state.State`,
    not a public API): built by :func:`initial_core`, advanced by :func:`advance` on a fresh
    :meth:`copy`, never changed once attached to a state (but for its caches ``legal`` and
    ``result``)."""

    __slots__ = (
        "auction",
        "bids",
        "claimed",
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
        "passed",
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
    claimed: tuple[int, int, int] | None  # a claim's (declarer points, his tricks, theirs)
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
    passed: tuple[int, int, int]  # the cards each defender passed in a Revolution's exchange
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

    def copy(self) -> Core:
        """A fresh copy to build the next state in (written out: this is the hot path)."""
        new = Core.__new__(Core)
        new.auction = self.auction
        new.bids = self.bids
        new.claimed = self.claimed
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
        new.passed = self.passed
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


def initial_core(d: Deal, options: Options) -> Core:
    """The derived data at the start of deal ``d``: the hands dealt, middlehand to bid; a
    Bockramsch deal (``options.bock_deal``, :mod:`skat.bock`) is dealt straight into Ramsch,
    forehand to lead."""
    c = Core.__new__(Core)
    c.auction = Auction()
    c.bids = ()
    c.claimed = None
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
    c.passed = (0, 0, 0)
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
    if options.bock_deal == BockDeal.RAMSCH:
        _start_ramsch(c)
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
def _declarations(hand: bool, bid: int, options: Options) -> tuple[Action, ...]:
    """The legal declarations as actions, sorted (:func:`skat.contract.legal_declarations`)."""
    return tuple(Action.declare(c) for c in legal_declarations(hand, bid, options))


def exchange_seats(declarer: int) -> tuple[int, int]:
    """The defenders of a Revolution in the order they exchange: the one nearer forehand first.

    >>> exchange_seats(0), exchange_seats(1)
    ((1, 2), (0, 2))
    """
    first = 1 if declarer == 0 else 0
    return first, 3 - declarer - first


def _submasks(mask: int, size: int | None) -> list[int]:
    """Every subset of ``mask`` (of ``size`` cards when given), ascending."""
    cards = [1 << c for c in cards_of_mask(mask)]
    out = [0]
    for bit in cards:
        out += [m | bit for m in out]
    if size is not None:
        out = [m for m in out if m.bit_count() == size]
    return sorted(out)


def _exchanges(c: Core) -> list[Action]:
    first, second = exchange_seats(c.declarer)
    if c.player == first:
        return [Action.exchange(m) for m in _submasks(c.hands[first], None)]
    given = c.passed[first]
    return [Action.exchange(m) for m in _submasks(c.hands[second] & ~given, given.bit_count())]


def exchange_refusal(c: Core, action: Action) -> str:
    """Why ``action`` is no legal exchange for the seat to act in ``c`` (phase ``exchange``),
    ``""`` when it is one; a word code, a colon and the reason: ``exchange_kind``,
    ``exchange_card`` (a card he does not hold, or one his partner passed him) or
    ``exchange_count`` (the partner passes back as many cards as he got).

    Source: house rule (Revolution), as :mod:`skat.phases` describes the exchange.
    """
    if action.kind != ActionKind.EXCHANGE:
        return "exchange_kind: in the exchange a defender passes cards (EX.CA.C7, EX: none)"
    first, second = exchange_seats(c.declarer)
    mask = action.value
    seat = c.player
    own = c.hands[seat] if seat == first else c.hands[seat] & ~c.passed[first]
    if mask < 0 or mask & ~own:
        what = "the cards he holds" if seat == first else "his own dealt cards"
        stray = format_cards(cards_of_mask(mask & ~own), " ") if mask >= 0 else "hidden cards"
        return f"exchange_card: {stray} not among {what}"
    if seat == second:
        want = c.passed[first].bit_count()
        if mask.bit_count() != want:
            return (
                f"exchange_count: the partner passed {want} card(s), so {want} go back, "
                f"not {mask.bit_count()}"
            )
    return ""


def legal(c: Core, options: Options) -> list[Action]:
    """The legal actions of the seat to act in ``c`` under ``options``, sorted (the turn's own
    moves; see :meth:`skat.state.State.legal_actions`)."""
    phase = c.phase
    if phase == Phase.PLAY:
        hand = c.hands[c.player]
        led = c.trick[0] if c.trick else None
        mask = legal_cards(hand, led, c.game)
        out = [CARD_ACTIONS[card] for card in reversed(cards_of_mask(mask))]
        if c.player == c.declarer and not c.tricks:
            out.append(CONCEDE)
        return out
    if phase == Phase.BIDDING:
        moves = legal_bidding(c.auction, table_values(options).bids)
        return [Action.bid(v) if k == "bid" else (HOLD if k == "hold" else PASS) for k, v in moves]
    if phase == Phase.SKAT:
        return [PICKUP, *_declarations(True, c.auction.value, options)]
    if phase == Phase.DISCARD:
        return _pairs(c.hands[c.declarer])
    if phase == Phase.DECLARE:
        return list(_declarations(False, c.auction.value, options))
    if phase == Phase.EXCHANGE:
        return _exchanges(c)
    if phase == Phase.KONTRA:
        step = (KONTRA, RE, SUPRA)[c.kontra]
        return [step, DECLINE]
    if phase == Phase.SCHIEBEN:
        if c.took:
            return _pairs(c.hands[c.player] & ~JACKS)
        return [PASS, PICKUP]
    return []


def claim_moves(c: Core, options: Options) -> list[Action]:
    """The claim the seat to act in ``c`` may attempt (house rule ``claims``): ``CL`` for the
    declarer, ``CD`` for a defender, at their turn in the card play of a declared game; none in
    Ramsch or without the option. Whether the claim holds is :mod:`skat.claim`'s to say, so these
    are not among :func:`legal` (a player choosing among the legal moves never makes a false
    claim by chance)."""
    if not options.claims or c.phase != Phase.PLAY or c.declarer < 0 or c.player < 0:
        return []
    return [CLAIM] if c.player == c.declarer else [DEFENDERS_CLAIM]


def advance(n: Core, action: Action, options: Options) -> None:
    """Apply ``action``, legal in the phase of ``n``, to ``n`` (a fresh :meth:`Core.copy`)."""
    phase = n.phase
    if phase == Phase.PLAY:
        _play(n, action.value)
    elif phase == Phase.BIDDING:
        _bid(n, action, options)
    elif phase == Phase.SKAT:
        if action.kind == ActionKind.PICKUP:
            d = n.declarer
            n.hands = _set(n.hands, d, n.hands[d] | n.skat)
            n.seen = _set(n.seen, d, n.skat)
            n.skat = 0
            n.phase = Phase.DISCARD
        else:
            _declared(n, action.contract, options)
    elif phase == Phase.DISCARD:
        d = n.declarer
        n.hands = _set(n.hands, d, n.hands[d] & ~action.value)
        n.skat = action.value
        n.discards = _set(n.discards, d, action.value)
        n.phase = Phase.DECLARE
    elif phase == Phase.DECLARE:
        _declared(n, action.contract, options)
    elif phase == Phase.EXCHANGE:
        _exchange(n, action.value, options)
    elif phase == Phase.KONTRA:
        _kontra(n, action, options)
    elif phase == Phase.SCHIEBEN:
        _schieben(n, action)


def _bid(n: Core, action: Action, options: Options) -> None:
    kind = action.kind
    name = "bid" if kind == ActionKind.BID else ("hold" if kind == ActionKind.HOLD else "pass")
    n.bids = (*n.bids, (n.player, action))
    a = apply_bidding(n.auction, name, action.value, table_values(options).bids)
    n.auction = a
    if not a.done:
        n.player = a.to_move
        return
    if a.declarer >= 0:
        n.declarer = a.declarer
        n.player = a.declarer
        n.phase = Phase.SKAT
        return
    rule = options.all_pass
    if rule == AllPass.NEW_DEAL:
        n.phase = Phase.RESULT
        n.player = -1
        n.ending = Ending.PASSED
    elif rule == AllPass.RAMSCH:
        _start_ramsch(n)
    else:
        n.phase = Phase.SCHIEBEN
        n.player = 0


def _start_ramsch(n: Core) -> None:
    n.contract = _RAMSCH
    n.game = GameType.RAMSCH
    n.phase = Phase.PLAY
    n.player = 0
    n.leader = 0


def _declared(n: Core, contract: Contract, options: Options) -> None:
    n.contract = contract
    n.game = int(contract.game)
    if contract.revolution:
        n.phase = Phase.EXCHANGE
        n.player = exchange_seats(n.declarer)[0]
        return
    _before_play(n, options)


def _exchange(n: Core, mask: int, options: Options) -> None:
    first, second = exchange_seats(n.declarer)
    seat = n.player
    other = second if seat == first else first
    n.hands = _set(n.hands, seat, n.hands[seat] & ~mask)
    n.hands = _set(n.hands, other, n.hands[other] | mask)
    n.passed = _set(n.passed, seat, mask)
    if seat == first and mask:
        n.player = second
        return
    _before_play(n, options)


def _before_play(n: Core, options: Options) -> None:
    """After the declaration (and a Revolution's exchange): Kontra if the table plays it, then
    the first lead."""
    rule = options.kontra
    if rule != KontraRule.OFF:
        first = _next_kontra_asked(n, options)
        if first >= 0:
            n.phase = Phase.KONTRA
            n.player = first
            return
    n.phase = Phase.PLAY
    n.player = 0
    n.leader = 0


def _next_kontra_asked(n: Core, options: Options) -> int:
    """The next defender to be asked for Kontra (forehand first), −1 if none is left."""
    for seat in (0, 1, 2):
        if seat == n.declarer or n.kontra_asked >> seat & 1:
            continue
        if options.kontra == KontraRule.BIDDERS_ONLY and not n.auction.active >> seat & 1:
            continue
        return seat
    return -1


def _kontra(n: Core, action: Action, options: Options) -> None:
    kind = action.kind
    if kind == ActionKind.DECLINE:
        if n.kontra == 0:
            n.kontra_asked |= 1 << n.player
            nxt = _next_kontra_asked(n, options)
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
        if options.supra:
            n.player = n.kontra_by
            return
    else:  # SUPRA
        n.kontra = 3
    n.phase = Phase.PLAY
    n.player = 0
    n.leader = 0


def _schieben(n: Core, action: Action) -> None:
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
        _start_ramsch(n)


def _play(n: Core, card: int) -> None:
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


_RAMSCH = Contract(GameType.RAMSCH)
