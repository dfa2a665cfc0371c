"""Revolution for the computer players: whether to declare it, and which cards to exchange.

Revolution (house rule, ``docs/options.md``) is a Null Ouvert Hand worth 92 in which the two
defenders, seeing the declarer's ten cards, exchange cards before the first lead: the first
defender passes any of his cards, the second as many of his own back (:mod:`skat.phases`).

* The declarer declares it only when no split of the other twenty cards between the defenders
  can catch him (:func:`revolution_safe`): every suit safe against any distribution, and, when he
  leads the first trick, a safe lead. That is a sure 92, which the players take whenever it is
  offered and no Hand game they rate is worth more; in the auction they hold such a hand up to
  92 (:func:`revolution_limit`), with no contest check.
* A defender knows his own hand and the declarer's; the partner's hand is the rest but for the
  two unseen skat cards. Each defender weighs a few plans (no exchange; for each suit, gather
  that suit's cards in one defender's hand) by the open-hand solver's Null search over the
  possible skats (at most :data:`SKATS` of them), the partner's answer being the plan's own
  rule, and passes the cards of the plan the declarer survives least often
  (:func:`exchange_choice`).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from skat.action import Action, ActionKind
from skat.cards import ALL_CARDS, card_pairs, cards_of_mask, suit_mask
from skat.contract import Contract
from skat.errors import IllegalActionError
from skat.information import InformationState
from skat.phases import exchange_seats
from skat.players import evaluation as ev
from skat.rules import GameType, card_order
from skat.state import Phase
from skat.values import table_values

if TYPE_CHECKING:  # the solver (and numba) is loaded only when a defender exchanges
    from skat.solver import Solver

__all__ = [
    "REVOLUTION",
    "SKATS",
    "exchange_choice",
    "revolution_declaration",
    "revolution_limit",
    "revolution_safe",
]

REVOLUTION = Contract.make(GameType.NULL, revolution=True)
"""The Revolution contract (a Null Ouvert Hand with the defenders' exchange, worth 92)."""

SKATS = 12
"""The most skats (of the up to 66 the defender cannot tell apart) a plan is judged over."""


@cache
def _null_rank() -> tuple[int, ...]:
    """Each card's place in its suit in Null (7 = 0 … A = 7)."""
    _, suits = card_order(GameType.NULL)
    rank = [0] * 32
    for order in suits:
        for place, card in enumerate(reversed(order)):
            rank[card] = place
    return tuple(rank)


def _lead_is_safe(hand: int) -> bool:
    """Whether a declarer leading the first trick has a lead that keeps him safe: the seven of
    a suit of at most five of his cards (three or more of the suit are out, so a defender must
    take it), after which each of his other cards of the suit still has a card of his own below
    it for every card of the defenders below it."""
    rank = _null_rank()
    for suit in range(4):
        held = sorted(rank[c] for c in cards_of_mask(hand & suit_mask(suit)))
        if not held or held[0] != 0 or len(held) > 5:
            continue
        if all(r <= 2 * j - 3 for j, r in enumerate(held, start=1) if j >= 2):
            return True
    return False


def revolution_safe(hand: int, forehand: bool) -> bool:
    """Whether a Revolution with ``hand`` (the declarer's ten cards) is won against any
    exchange: every suit safe in Null against any distribution (:func:`ev.null_fixes`) and, for
    forehand, a safe first lead (a sufficient test, not an exact one).

    >>> from skat.cards import mask_of, parse_cards
    >>> revolution_safe(mask_of(parse_cards("C7 C9 CJ S7 S9 H7 H9 HJ D7 D8")), False)
    True
    >>> revolution_safe(mask_of(parse_cards("C8 C9 CJ S7 S9 H7 H9 HJ D7 D8")), False)
    False
    """
    return ev.null_fixes(hand) == 0 and (not forehand or _lead_is_safe(hand))


def revolution_limit(info: InformationState) -> int:
    """The bid limit of a Revolution in the auction of ``info``: its value, 92 (so every bid up
    to 90 is held; a Revolution may be declared at a bid up to its value), when the option is on
    and the seat's ten cards make it a sure win (:func:`revolution_safe`, forehand with a safe
    first lead too); else 0. A sure +92 is worth holding to, whatever else the hand is worth,
    with no contest check.

    Source: house rule (Revolution); the choice is this project's.
    """
    if not info.options.revolution:
        return 0
    if not revolution_safe(info.hand, int(info.seat) == 0):
        return 0
    return table_values(info.options).revolution


def revolution_declaration(
    info: InformationState, legal: list[Action], rival: int = 0
) -> Action | None:
    """Revolution when it is legal (the option on, the bid at most 92), a sure win
    (:func:`revolution_safe`) and worth at least ``rival`` (the value of the best Hand game the
    player rates a win; game points); else None.

    Source: house rule (Revolution); the choice is this project's.
    """
    declare = Action.declare(REVOLUTION)
    if declare not in legal or rival > table_values(info.options).revolution:
        return None
    return declare if revolution_safe(info.hand, int(info.seat) == 0) else None


def _plans(defenders: int) -> list[tuple[str, int]]:
    """The plans a defender weighs: ``("none", 0)``, and for each suit the defenders hold
    (``defenders``: their cards and the skat, a mask) the first defender gathering it
    (``("keep", suit)``) or the second (``("give", suit)``)."""
    out: list[tuple[str, int]] = [("none", 0)]
    for suit in range(4):
        if defenders & suit_mask(suit):
            out += [("give", suit), ("keep", suit)]
    return out


def _pick(cards: int, count: int, suit: int, keep_suit: bool) -> int:
    """``count`` of ``cards`` to pass: the cards of ``suit`` first (``keep_suit`` False) or last
    (True), the highest first within each group (low cards lead against a Null)."""
    rank = _null_rank()
    inside = cards & suit_mask(suit)
    groups = (cards & ~inside, inside) if keep_suit else (inside, cards & ~inside)
    out = 0
    for group in groups:
        for card in sorted(cards_of_mask(group), key=lambda c: -rank[c]):
            if out.bit_count() == count:
                return out
            out |= 1 << card
    return out


def _first_gift(plan: tuple[str, int], own: int, rest: int) -> int:
    """What the first defender passes under ``plan``: for ``give`` every card of the suit; for
    ``keep`` as many others as his partner may hold of it (he sends them back)."""
    kind, suit = plan
    if kind == "none":
        return 0
    if kind == "give":
        return own & suit_mask(suit)
    wanted = (rest & suit_mask(suit)).bit_count()
    return _pick(own & ~suit_mask(suit), min(wanted, 10), suit, keep_suit=True)


def _answer(plan: tuple[str, int], own: int, count: int) -> int:
    """What the second defender passes back under ``plan``: ``count`` of his own dealt cards,
    keeping the suit when he gathers it (``give``: his partner sent it) and sending it on when
    his partner gathers it (``keep``)."""
    kind, suit = plan
    if count == 0:
        return 0
    return _pick(own, count, suit, keep_suit=kind != "keep")


def _skats(rest: int) -> list[int]:
    """The possible skats among ``rest`` (its two-card subsets), at most :data:`SKATS` of them
    spread evenly over the sorted list."""
    pairs = sorted(card_pairs(rest))
    if len(pairs) <= SKATS:
        return pairs
    step = len(pairs) / SKATS
    return [pairs[int(i * step)] for i in range(SKATS)]


def _declarer_wins(solver: Solver, hands: list[int], declarer: int, skat: int) -> bool:
    from skat.solver import Position

    pos = Position(
        hands=(hands[0], hands[1], hands[2]), game=GameType.NULL, declarer=declarer, to_move=0,
        skat=skat,
    )  # fmt: skip
    return solver.solve_threshold(pos, 0)


def exchange_choice(info: InformationState, solver: Solver) -> Action:
    """The cards this defender passes in a Revolution's exchange (one of the legal actions).

    The first defender weighs each plan (:func:`_plans`) over the possible skats: his gift
    (:func:`_first_gift`), the partner's answer by the plan's rule (:func:`_answer`), the open
    Null solved (:meth:`Solver.solve_threshold`); the second defender weighs the answers of
    every plan to the gift he got over the skats his partner's hand may leave. The plan the
    declarer survives in the fewest skats wins (ties: the earlier plan, no exchange first).

    Raises:
        IllegalActionError: ``info`` is not a defender's turn in the exchange.
    """
    legal = info.legal_actions()
    if (
        info.phase != Phase.EXCHANGE
        or info.declarer is None
        or info.ouvert_hand is None
        or not legal
    ):
        who = info.seat.name.lower()
        raise IllegalActionError(f"{who} is not to pass cards in phase {info.phase.value!r}")
    declarer = int(info.declarer)
    seat = int(info.seat)
    first, second = exchange_seats(declarer)
    received = info.received or 0
    own = info.hand & ~received
    rest = ALL_CARDS & ~info.ouvert_hand & ~info.hand
    count = info.exchange_count or 0
    best: tuple[int, int] | None = None
    weighed: set[int] = set()
    for plan in _plans(ALL_CARDS & ~info.ouvert_hand):
        gift = _first_gift(plan, own, rest) if seat == first else _answer(plan, own, count)
        if gift in weighed or gift & ~own:
            continue
        weighed.add(gift)
        survives = 0
        for skat in _skats(rest):
            partner = rest & ~skat
            hands = [0, 0, 0]
            hands[declarer] = info.ouvert_hand
            if seat == first:
                back = _answer(plan, partner, gift.bit_count())
                hands[seat] = own & ~gift | back
                hands[second] = (partner & ~back) | gift
            else:
                hands[seat] = info.hand & ~gift
                hands[first] = partner | gift
            if _declarer_wins(solver, hands, declarer, skat):
                survives += 1
        if best is None or survives < best[0]:
            best = (survives, gift)
        if survives == 0:
            break  # caught in every skat: no plan does better
    action = Action.exchange(best[1] if best else 0)
    if action in legal:
        return action
    return next((a for a in legal if a.kind == ActionKind.EXCHANGE), legal[0])
