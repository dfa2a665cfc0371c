"""What a seat knows about the hidden cards, and the worlds the strong player draws from it.

A world is one deal of the cards a seat has not seen (the current hands of seats 0, 1, 2 and the
skat, as masks) consistent with everything the seat knows (:func:`knowledge`): its own hand, the
played cards, the voids shown by not following (by effective suit), its own discard, the skat if
it saw it, the declarer's open hand in an ouvert game, and how many cards each seat and the skat
still hold. Worlds are weighted by what the seat has heard and seen (:func:`draw_likely`,
rejection sampling): a hidden declarer's cards by the heuristic's win chance of his contract, the
other seats' cards by whether they fit their bids and passes, and at inference 3 by whether the
cards the others played are the ones the heuristic would have played from their cards in the
world (docs/experiments/2026-11-strong-inference.md). :func:`resample` picks worlds from many
drawn ones by their likelihood instead (importance resampling, for Kontra), :func:`all_worlds`
lists every deal when only one seat and the skat are hidden, and :func:`position` is a world as
the open-hand solver's :class:`~skat.solver.Position`.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, replace
from typing import NamedTuple

from skat.action import ActionKind
from skat.cards import ALL_CARDS, card_pairs, cards_ascending, points
from skat.errors import IllegalActionError
from skat.information import InformationState
from skat.players import beliefs as bf
from skat.players import evaluation as ev
from skat.players.bids import bid_likelihood, bid_limits
from skat.players.heuristic_play import Table, choose_card, possible_cards
from skat.rules import GameType, effective_suit, effective_suit_mask, legal_cards
from skat.solver import SCHWARZ, Position
from skat.state import Phase

__all__ = [
    "PLAY_MISMATCH",
    "Knowledge",
    "Play",
    "all_worlds",
    "draw_likely",
    "knowledge",
    "plays",
    "position",
    "resample",
    "sample_world",
    "taken_by_seat",
    "target",
]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What a seat knows about where the unseen cards are."""

    unseen: int
    counts: tuple[int, int, int, int]  # cards still held by seats 0, 1, 2 and the skat (unseen)
    allowed: tuple[int, int, int, int]  # cards each holder may have (masks)
    fixed: tuple[int, int, int, int]  # cards known to be with each holder


def knowledge(info: InformationState) -> Knowledge:
    """Unseen cards, how many each holder has, and which each may hold (voids, ouvert)."""
    if info.contract is None:
        raise IllegalActionError(f"no card play yet in phase {info.phase.value!r}")
    game = int(info.contract.game)
    me = int(info.seat)
    declarer = int(info.declarer) if info.declarer is not None else -1
    played_by = [0, 0, 0]
    voids = [0, 0, 0]
    for trick in info.tricks:
        led = effective_suit(trick.cards[0], game)
        for pos in range(3):
            seat = (trick.leader + pos) % 3
            played_by[seat] += 1
            if pos and effective_suit(trick.cards[pos], game) != led:
                voids[seat] |= 1 << led
    if info.trick:
        led = effective_suit(info.trick[0], game)
        for pos, card in enumerate(info.trick):
            seat = (info.leader + pos) % 3
            played_by[seat] += 1
            if pos and effective_suit(card, game) != led:
                voids[seat] |= 1 << led
    fixed = [0, 0, 0, 0]
    fixed[me] = info.hand
    known_skat = 0
    pushed_to = 0  # Schieberamsch: the seats (bits) that may hold the cards this seat pushed on
    if me == declarer and info.discard:
        known_skat = info.discard
    elif declarer < 0 and info.discard:
        pushed_to = _later_pickups(info)
        if not pushed_to:
            known_skat = info.discard
    fixed[3] = known_skat
    ouvert = 0
    if info.ouvert_hand is not None and declarer >= 0 and declarer != me:
        ouvert = info.ouvert_hand
        fixed[declarer] = ouvert
    if info.contract.revolution and declarer >= 0 and declarer != me:
        # the cards this defender passed in the exchange are with his partner till played
        for actor, action in info.actions:
            if actor == me and action.kind == ActionKind.EXCHANGE and action.value > 0:
                ouvert |= action.value & ~info.played
                fixed[3 - me - declarer] |= action.value & ~info.played
    unseen = ALL_CARDS & ~info.hand & ~info.played & ~known_skat & ~ouvert
    counts = [10 - played_by[s] for s in range(3)] + [2]
    for holder in range(4):
        counts[holder] -= fixed[holder].bit_count()
    allowed = [unseen, unseen, unseen, unseen]
    for seat in range(3):
        if counts[seat] == 0:
            allowed[seat] = 0
        if pushed_to and not pushed_to >> seat & 1:
            allowed[seat] &= ~(info.discard or 0)
        for eff in range(5):
            if voids[seat] >> eff & 1:
                allowed[seat] &= ~effective_suit_mask(eff, game)
    if counts[3] == 0:
        allowed[3] = 0
    return Knowledge(
        unseen,
        (counts[0], counts[1], counts[2], counts[3]),
        (allowed[0], allowed[1], allowed[2], allowed[3]),
        (fixed[0], fixed[1], fixed[2], fixed[3]),
    )


def _later_pickups(info: InformationState) -> int:
    """Schieberamsch: the seats (bits) that picked the skat up after this seat pushed its
    cards on; they, or the final skat, hold the pushed cards."""
    seats = 0
    pushed = False
    for actor, action in info.actions[len(info.bids) :]:
        if action.kind == ActionKind.DISCARD and actor == int(info.seat):
            pushed = True
        elif action.kind == ActionKind.PICKUP and pushed:
            seats |= 1 << actor
    return seats


def sample_world(info: InformationState, rng: random.Random) -> tuple[int, int, int, int] | None:
    """One deal of the unseen cards consistent with what the seat of ``info`` knows.

    Returns:
        the current hands of seats 0, 1, 2 and the skat (masks), or None if no consistent deal
        was found in 64 tries (the constraints are then nearly contradictory).

    Raises:
        IllegalActionError: ``info`` is not in the card play.
    """
    k = knowledge(info)
    return _draw(k, rng)


def _draw(k: Knowledge, rng: random.Random) -> tuple[int, int, int, int] | None:
    cards = cards_ascending(k.unseen)
    allowed = k.allowed
    # per card, the holders that may have it; the most constrained cards are dealt first
    may = {c: [h for h in range(4) if allowed[h] >> c & 1] for c in cards}
    for _ in range(64):
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(may[c]))
        left = list(k.counts)
        hands = list(k.fixed)
        ok = True
        for c in cards:
            holders = [h for h in may[c] if left[h] > 0]
            if not holders:
                ok = False
                break
            total = sum(left[h] for h in holders)
            pick = rng.randrange(total)
            for h in holders:
                pick -= left[h]
                if pick < 0:
                    break
            hands[h] |= 1 << c
            left[h] -= 1
        if ok and not any(left):
            return (hands[0], hands[1], hands[2], hands[3])
    return None


def _dealt_cards(info: InformationState, world: tuple[int, int, int, int], seat: int) -> int:
    """The cards ``seat`` holds in ``world`` plus those it has played (after any discard)."""
    cards = world[seat]
    for trick in info.tricks:
        cards |= 1 << trick.cards[(seat - trick.leader) % 3]
    pos = (seat - info.leader) % 3
    if pos < len(info.trick):
        cards |= 1 << info.trick[pos]
    return cards


def _declarer_likelihood(info: InformationState, world: tuple[int, int, int, int]) -> float:
    """How likely the declarer's cards in ``world`` are, given that he chose his contract.

    His ten cards after the discard (current hand plus the cards he played) are judged by the
    heuristic's hand evaluation for the game he declared: the estimated win chance of a suit
    game or Grand, for Null 1 / 0.35 / 0.1 by the number of unsafe cards (0 / 1 / more).
    """
    contract = info.contract
    assert contract is not None
    assert info.declarer is not None
    declarer = int(info.declarer)
    cards = _dealt_cards(info, world, declarer)
    game = contract.game
    fore = declarer == 0
    if game.is_suit:
        return ev.win_chance(ev.suit_strength(cards, int(game), forehand=fore))
    if game == GameType.GRAND:
        return ev.win_chance(ev.grand_strength(cards, forehand=fore))
    if game == GameType.SPITZE:
        return ev.win_chance(ev.spitze_strength(cards, forehand=fore))
    if game == GameType.NULL:
        return (1.0, 0.35, 0.1)[min(ev.null_fixes(cards), 2)]
    return 1.0


def _likelihood(
    info: InformationState,
    world: tuple[int, int, int, int],
    limits: dict[int, tuple[int, int]],
    discard: bool = False,
    sharpness: float = 1.0,
) -> float:
    """How likely ``world`` is, given the other seats' bids (``limits``, empty: not used) and
    the declarer's contract (and with ``discard`` his discard).

    A hidden declarer is judged by :func:`_declarer_likelihood` to the power ``sharpness`` (and
    :func:`_discard_likelihood`); a defender other than this seat by whether its dealt cards
    fit its bids (:func:`skat.players.bids.bid_likelihood`).
    """
    me = int(info.seat)
    declarer = int(info.declarer) if info.declarer is not None else -1
    weight = 1.0
    for seat in range(3):
        if seat == me:
            continue
        if seat == declarer:
            if info.ouvert_hand is None:
                weight *= _declarer_likelihood(info, world) ** sharpness
                if discard:
                    weight *= _discard_likelihood(info, world)
        elif seat in limits:
            weight *= bid_likelihood(
                _dealt_cards(info, world, seat), seat, limits[seat], info.options
            )
    return weight


DISCARD_TOP = 4
"""Discard inference (``inference=4``): a world's skat is a likely discard when it is among
this many best of the heuristic's discards of the declarer's twelve cards in that world
(:func:`skat.players.evaluation.discard_scores`; set, not measured)."""

DISCARD_MISMATCH = 0.5
"""The weight of a world whose skat is not among the :data:`DISCARD_TOP` discards (set, as
:data:`PLAY_MISMATCH`, not measured alone)."""


def _discard_likelihood(info: InformationState, world: tuple[int, int, int, int]) -> float:
    """How likely the declarer put away ``world``'s skat, for a defender of a pick-up game:
    1 when it is among the heuristic's :data:`DISCARD_TOP` best discards of his twelve cards
    in the world (his ten after the discard and the two put away), else
    :data:`DISCARD_MISMATCH`; 1 for a Hand game, an open declarer's hand or the declarer's own
    view. A declarer who voids a short suit or saves a loose ten leaves worlds in which he still
    holds it less likely."""
    contract = info.contract
    assert contract is not None
    declarer = int(info.declarer) if info.declarer is not None else -1
    if contract.hand or declarer < 0 or declarer == int(info.seat) or info.ouvert_hand is not None:
        return 1.0
    twelve = _dealt_cards(info, world, declarer) | world[3]
    return (
        1.0 if world[3] in _likely_discards(twelve, contract.game, declarer) else DISCARD_MISMATCH
    )


@functools.lru_cache(maxsize=1 << 14)
def _likely_discards(twelve: int, game: GameType, seat: int) -> frozenset[int]:
    """The heuristic's :data:`DISCARD_TOP` best discards (masks) of the twelve cards
    ``twelve`` for ``game`` in ``seat`` (kept, as only its arguments decide it; a test that
    changes :data:`DISCARD_TOP` or the heuristic's discard scores must clear it first)."""
    ranked = ev.discard_scores(twelve, game, seat=seat)
    return frozenset(pair for pair, _ in ranked[:DISCARD_TOP])


PLAY_MISMATCH = 0.5
"""The weight a world gets for each card an opponent or the partner played that the heuristic
would not have played from his cards in that world (play inference, ``inference=3``); 0.25 and
0.75 were measured worse (docs/experiments/2026-11-strong-inference.md)."""


@dataclass(frozen=True, slots=True)
class Play:
    """One card another seat played, with what that seat knew when it played it."""

    seat: int
    card: int
    trick: tuple[int, ...]  # the cards before it in its trick
    leader: int
    played: int  # every card played before it (mask)
    later: tuple[int, int, int]  # per seat, the cards it played from this card on (masks)
    voids: tuple[int, int, int]  # per seat, the effective suits shown void before it (bits)
    taken: tuple[int, int, int]  # per seat, the card points taken before it
    open: bool  # the declarer's cards lay open (ouvert, or shown before this card)


class Then(NamedTuple):
    """What ``seat`` knew when it played ``card`` from ``hand`` (its cards then), in a world:
    the key of the kept answers of :func:`_heuristic_plays` and :func:`_learned_weight`.
    ``open_cards`` is the declarer's cards then when they lay open, else −1; ``discard`` the
    skat the seat put away as declarer, else 0."""

    game: int
    declarer: int
    seat: int
    card: int
    trick: tuple[int, ...]
    leader: int
    played: int
    voids: tuple[int, int, int]
    taken: tuple[int, int, int]
    open_cards: int
    hand: int
    discard: int


def _open_from(info: InformationState) -> int | None:
    """How many cards had been played when the declarer's cards came open: 0 in an ouvert
    game, the count before his ``SC`` (show cards) otherwise; None while they are hidden."""
    assert info.contract is not None
    if info.contract.ouvert:
        return 0
    cards = 0
    for actor, action in info.actions:
        if action.kind == ActionKind.CARD:
            cards += 1
        elif action.kind == ActionKind.SHOW and actor == info.declarer:
            return cards
    return None


def plays(info: InformationState) -> list[Play]:
    """The cards the other seats played in this deal's card play (the declarer's cards played
    open excepted), each with the seat's knowledge at that moment; empty in Ramsch."""
    contract = info.contract
    if contract is None or info.declarer is None or contract.game == GameType.RAMSCH:
        return []
    game = int(contract.game)
    open_from = _open_from(info)
    tricks: list[tuple[int, tuple[int, ...], int | None]] = [
        (t.leader, tuple(t.cards), t.winner) for t in info.tricks
    ]
    if info.trick:
        tricks.append((info.leader, tuple(info.trick), None))
    every: list[Play] = []
    played = 0
    voids = [0, 0, 0]
    taken = [0, 0, 0]
    for leader, cards, winner in tricks:
        led = effective_suit(cards[0], game)
        for pos, card in enumerate(cards):
            seat = (leader + pos) % 3
            shown = (voids[0], voids[1], voids[2])
            pts = (taken[0], taken[1], taken[2])
            is_open = open_from is not None and len(every) >= open_from
            every.append(
                Play(seat, card, cards[:pos], leader, played, (0, 0, 0), shown, pts, is_open)
            )
            played |= 1 << card
            if pos and effective_suit(card, game) != led:
                voids[seat] |= 1 << led
        if winner is not None:
            taken[winner] += points(sum(1 << c for c in cards))
    me = int(info.seat)
    declarer = int(info.declarer)
    out = []
    later = [0, 0, 0]
    for p in reversed(every):
        later[p.seat] |= 1 << p.card
        if p.seat == me or (p.seat == declarer and p.open):
            continue
        out.append(replace(p, later=(later[0], later[1], later[2])))
    return out


def _play_likelihood(
    info: InformationState,
    plays: list[Play],
    world: tuple[int, int, int, int],
    stop_below: float,
    beliefs: str = "flat",
) -> float:
    """How likely the other seats' cards (``plays``, from :func:`plays`) are in ``world``, a
    product over the cards, each judged from the seat's cards there and with what it knew then:
    with ``beliefs`` ``"flat"`` :data:`PLAY_MISMATCH` for each card that is not the one the
    heuristic would have played, 1 for each that is; with ``"learned"`` each card's
    :meth:`skat.players.beliefs.Policy.weight` by the shipped policy (its probability relative
    to the policy's likeliest legal card, in (0, 1]). The product stops as soon as it falls
    below ``stop_below``.

    Raises:
        ValueError: ``beliefs`` is neither (:data:`skat.players.beliefs.BELIEFS`).
        SkatError: ``"learned"`` and the shipped policy is missing or broken.
    """
    if beliefs not in bf.BELIEFS:
        raise ValueError(f"beliefs must be one of {', '.join(bf.BELIEFS)}, not {beliefs!r}")
    learned = beliefs == "learned"
    contract = info.contract
    assert contract is not None
    assert info.declarer is not None
    game = int(contract.game)
    declarer = int(info.declarer)
    discard = world[3] if not contract.hand else 0
    weight = 1.0
    for p in plays:
        hand = world[p.seat] | p.later[p.seat]
        open_cards = world[declarer] | p.later[declarer] if p.open else -1
        own_discard = discard if p.seat == declarer else 0
        then = Then(
            game,
            declarer,
            p.seat,
            p.card,
            p.trick,
            p.leader,
            p.played,
            p.voids,
            p.taken,
            open_cards,
            hand,
            own_discard,
        )
        if learned:
            weight *= _learned_weight(then)
        elif not _heuristic_plays(then):
            weight *= PLAY_MISMATCH
        else:
            continue
        if weight < stop_below:
            break
    return weight


def _table_then(then: Then) -> Table:
    """The heuristic's :class:`Table` of the seat when it played its card."""
    game, declarer, seat, _, trick, leader, played, voids, taken, open_cards, hand, discard = then
    unseen = ALL_CARDS & ~hand & ~played & ~discard
    shown = None if open_cards < 0 else open_cards
    possible = possible_cards(game, seat, hand, unseen, voids, declarer, shown)
    total = taken[0] + taken[1] + taken[2]
    theirs = total - taken[declarer] if seat == declarer else taken[declarer]
    return Table(
        game=game,
        me=seat,
        declarer=declarer,
        hand=hand,
        trick=list(trick),
        leader=leader,
        possible=possible,
        unseen=unseen,
        my_points=total - theirs,
        their_points=theirs,
    )


@functools.lru_cache(maxsize=1 << 15)
def _heuristic_plays(then: Then) -> bool:
    """Whether the heuristic plays the card of ``then`` with what its seat knew then. Only
    ``then`` decides it, so it is kept: the worlds of a deal's card decisions ask it again and
    again."""
    game, card, trick, hand = then.game, then.card, then.trick, then.hand
    legal = legal_cards(hand, trick[0] if trick else None, game)
    if not legal & (legal - 1):
        return True
    return choose_card(_table_then(then), legal) == card


@functools.lru_cache(maxsize=1 << 15)
def _learned_weight(then: Then) -> float:
    """The shipped policy's weight (:meth:`skat.players.beliefs.Policy.weight`, in (0, 1]) of
    the card of ``then`` with what its seat knew then. Kept like :func:`_heuristic_plays`, as
    only ``then`` and the shipped policy decide it (a test that swaps
    :func:`skat.players.beliefs.load_policy` must clear it).

    Raises:
        SkatError: the shipped policy is missing or broken.
    """
    legal = legal_cards(then.hand, then.trick[0] if then.trick else None, then.game)
    if not legal & (legal - 1):
        return 1.0 if legal >> then.card & 1 else 0.0
    return bf.load_policy().weight(_table_then(then), legal, then.card)


def draw_likely(
    info: InformationState,
    k: Knowledge,
    rng: random.Random,
    inference: int,
    tries: int = 16,
    plays: list[Play] | None = None,
    sharpness: float = 1.0,
    beliefs: str = "flat",
) -> tuple[int, int, int, int] | None:
    """A world drawn by :func:`_draw`, kept with its likelihood (rejection sampling, see
    :func:`_likelihood`); after ``tries`` rejections the most likely of the drawn worlds.

    ``inference``: 0 uniform worlds; 1 a hidden declarer's cards weighted by his contract; 2
    also the other seats' cards by their bids; 3 also by their cards played
    (:func:`_play_likelihood` over ``plays``, from :func:`plays`, each card weighed by
    ``beliefs``: ``"flat"`` or ``"learned"``); 4 also the skat by the declarer's discard
    (:func:`_discard_likelihood`).
    """
    if inference <= 0:
        return _draw(k, rng)
    if inference == 1 and (int(info.seat) == int(info.declarer or 0) or info.ouvert_hand):
        return _draw(k, rng)
    limits = bid_limits(info.bids) if inference >= 2 else {}
    best: tuple[float, tuple[int, int, int, int] | None] = (-1.0, None)
    for _ in range(tries):
        world = _draw(k, rng)
        if world is None:
            return None
        weight = _likelihood(info, world, limits, discard=inference >= 4, sharpness=sharpness)
        if inference >= 3 and plays:
            threshold = rng.random()
            # exact while above the draw or the best so far: neither is reached once below both
            stop = min(threshold, best[0])
            if weight <= stop:
                continue
            weight *= _play_likelihood(info, plays, world, stop / weight, beliefs)
            if weight > threshold:
                return world
        elif weight >= 1.0 or rng.random() < weight:
            return world
        if weight > best[0]:
            best = (weight, world)
    return best[1]


def all_worlds(k: Knowledge) -> list[tuple[int, int, int, int]]:
    """Every deal of the unseen cards when only one seat and the skat are unknown (an ouvert
    declarer seen by a defender before the first trick); empty when more are unknown or there
    are over 66."""
    open_holders = [h for h in range(4) if k.counts[h] > 0]
    if len(open_holders) != 2 or 3 not in open_holders or k.counts[3] != 2:
        return []
    seat = open_holders[0]
    worlds = []
    for skat in card_pairs(k.unseen):
        rest = k.unseen & ~skat
        if skat & ~k.allowed[3] or rest & ~k.allowed[seat]:
            continue
        hands = list(k.fixed)
        hands[seat] |= rest
        hands[3] |= skat
        worlds.append((hands[0], hands[1], hands[2], hands[3]))
    return worlds


def resample(
    info: InformationState,
    k: Knowledge,
    rng: random.Random,
    n: int,
    draws: int,
    sharpness: float,
) -> list[tuple[int, int, int, int]]:
    """``n`` worlds picked from ``draws`` drawn ones in proportion to their likelihood: the
    declarer's (:func:`_declarer_likelihood`) to the power ``sharpness``, times the other
    seats' fit to their bids (systematic resampling; Kitagawa 1996). Empty when no world can
    be drawn."""
    limits = bid_limits(info.bids)
    me = int(info.seat)
    declarer = int(info.declarer) if info.declarer is not None else -1
    drawn: list[tuple[float, tuple[int, int, int, int]]] = []
    for _ in range(draws):
        world = _draw(k, rng)
        if world is None:
            break
        weight = 1.0
        if declarer >= 0 and declarer != me and info.ouvert_hand is None:
            weight = _declarer_likelihood(info, world) ** sharpness
        for seat in range(3):
            if seat not in (me, declarer) and seat in limits:
                weight *= bid_likelihood(
                    _dealt_cards(info, world, seat), seat, limits[seat], info.options
                )
        drawn.append((weight, world))
    total = sum(w for w, _ in drawn)
    if not drawn or total <= 0.0:
        return [w for _, w in drawn[:n]]
    step = total / n
    at = rng.random() * step
    out: list[tuple[int, int, int, int]] = []
    acc = 0.0
    for weight, world in drawn:
        acc += weight
        while at < acc and len(out) < n:
            out.append(world)
            at += step
    return out


def target(info: InformationState) -> int:
    """The declarer's card points to reach for the declared contract: 61, 90 with Schneider
    announced, :data:`~skat.solver.SCHWARZ` (every trick) with Schwarz announced."""
    contract = info.contract
    assert contract is not None
    if contract.schwarz:
        return SCHWARZ
    if contract.schneider:
        return 90
    return 61


def position(info: InformationState, world: tuple[int, int, int, int]) -> Position:
    """``world`` (hands of seats 0, 1, 2 and the skat, masks) as the solver's position at this
    point of the card play: the trick so far, the card points and tricks taken."""
    contract = info.contract
    assert contract is not None
    assert info.declarer is not None
    declarer = int(info.declarer)
    taken, won = taken_by_seat(info)
    return Position(
        hands=(world[0], world[1], world[2]),
        game=contract.game,
        declarer=declarer,
        to_move=int(info.seat) if info.phase == Phase.PLAY else info.leader,
        trick=tuple(info.trick),
        skat=world[3],
        declarer_points=taken[declarer],
        defender_points=sum(taken) - taken[declarer],
        declarer_tricks=won[declarer],
        defender_tricks=sum(won) - won[declarer],
    )


def taken_by_seat(info: InformationState) -> tuple[list[int], list[int]]:
    """Card points and tricks each seat has taken in the completed tricks (lists by seat)."""
    taken = [0, 0, 0]
    won = [0, 0, 0]
    for trick in info.tricks:
        taken[trick.winner] += points(
            (1 << trick.cards[0]) | (1 << trick.cards[1]) | (1 << trick.cards[2])
        )
        won[trick.winner] += 1
    return taken, won
