"""The strong player: card play by sampling worlds and solving each one open-handed (PIMC).

For each card decision it draws worlds — deals of the cards its seat has not seen — consistent
with everything the seat knows: its own hand, the played cards, the voids shown by not following
(by effective suit), its own discard, the skat if it saw it, the declarer's open hand in an
ouvert game, and how many cards each seat and the skat still hold. Each world is solved by the
open-hand solver (:mod:`skat.solver`, null-window threshold searches); the card that reaches the
contract's target in the most worlds is played (Perfect Information Monte Carlo, Ginsberg 2001;
for Skat: Kupferschmid & Helmert 2006). Ties, such as a position won or lost in every world, go
to the card the heuristic player would choose, so the play stays natural. The declarer and the
defenders each have their own number of worlds, node budget and inference (``worlds``,
``node_budget``, ``inference``; ``defence_worlds``, ``defence_budget``, ``defence_inference``);
by default both solve up to 64 worlds within two million nodes, weighted by the cards the others
played as well: the defence's first leads decide many of the games it can still beat, and the
declarer facing that defence wins more of its games with the same settings. In the first two
tricks, where a world costs the most to solve, both budgets are three times as large
(``early_tricks``, ``early_factor``).

Hand or pick-up, the discard and the declaration are judged by sampling and solving too
(:mod:`skat.players.contracts`): the plausible contracts are solved in the same sampled deals and
the one of the best expected Seeger-Fabian score is chosen. The auction goes up to the
heuristic's limit with its win chances raised by ``bid_bonus`` (this card play wins more of the
same games); once an opponent has bid or held, each further bid or hold is said only if the
best contract worth it has an expected score of at least 0 in sampled deals in which that
opponent passes next (``contest_check``), as the winner of a contested auction is the most
optimistic seat. Judging the limit by the solved deals as well (``solved_bidding``) was measured and
lost (docs/benchmarks.md, "Strong against heuristic"): a perfect open-hand defence is not the
defence a declarer meets, and the best of several noisy estimates is too often a lucky one.
Worlds are weighted by what the seat has heard (rejection sampling): a hidden declarer's cards
by the heuristic's win chance of his contract, the other seats' cards by whether they fit their
bids and passes; at ``inference=3`` also by whether the cards the others played are the ones
the heuristic would have played from their cards in the world. Kontra and Re follow the
declarer's sampled chance; for Kontra many candidate deals are drawn and picked by how well the
declarer's cards fit his contract, and an ouvert declarer's game is solved on every deal of the
hidden cards.
In Ramsch and Schieberamsch each card is judged by rollouts: in sampled worlds the rest of the
deal is played out by the heuristic's rules and scored by the table's Ramsch rules (one step of
policy improvement over the heuristic, Bertsekas' rollout algorithm); solving was tried and lost,
as a paranoid search minimises the seat's own points, not its Ramsch score (docs/benchmarks.md).
Taking the skat or passing it on in Schieberamsch, and the cards pushed, are judged by rollouts
too. A declarer whose game is lost in every sampled world concedes during the first trick when
it also saves a Schneider.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from skat.cards import ALL_CARDS, points
from skat.contract import Contract
from skat.errors import IllegalActionError
from skat.players import contracts as ct
from skat.players import evaluation as ev
from skat.players.heuristic import (
    HeuristicPlayer,
    Table,
    bid_limit,
    bid_up_to,
    choose_card,
    possible_cards,
    push_danger,
    push_pair,
    table_of,
    takes_skat,
)
from skat.rules import (
    BASE_VALUES,
    GameType,
    Options,
    effective_suit,
    effective_suit_mask,
    legal_cards,
    trick_winner,
)
from skat.scoring import score_ramsch
from skat.solver import SCHWARZ, Position, Solver
from skat.state import CONCEDE, PASS, Action, ActionKind, InformationState, Phase

__all__ = ["StrongPlayer", "sample_world"]


@dataclass(frozen=True, slots=True)
class _Knowledge:
    """What a seat knows about where the unseen cards are."""

    unseen: int
    counts: tuple[int, int, int, int]  # cards still held by seats 0, 1, 2 and the skat (unseen)
    allowed: tuple[int, int, int, int]  # cards each holder may have (masks)
    fixed: tuple[int, int, int, int]  # cards known to be with each holder


def _knowledge(info: InformationState) -> _Knowledge:
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
    return _Knowledge(
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
    k = _knowledge(info)
    return _draw(k, rng)


def _draw(k: _Knowledge, rng: random.Random) -> tuple[int, int, int, int] | None:
    cards = [c for c in range(32) if k.unseen >> c & 1]
    for _ in range(64):
        rng.shuffle(cards)
        # most constrained cards first
        cards.sort(key=lambda c: sum(1 for h in range(4) if k.allowed[h] >> c & 1))
        left = list(k.counts)
        hands = list(k.fixed)
        ok = True
        for c in cards:
            holders = [h for h in range(4) if left[h] > 0 and k.allowed[h] >> c & 1]
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
    if game == GameType.NULL:
        return (1.0, 0.35, 0.1)[min(ev.null_fixes(cards), 2)]
    return 1.0


def _likelihood(
    info: InformationState,
    world: tuple[int, int, int, int],
    limits: dict[int, tuple[int, int]],
) -> float:
    """How likely ``world`` is, given the other seats' bids (``limits``, empty: not used) and
    the declarer's contract.

    A hidden declarer is judged by :func:`_declarer_likelihood`; a defender other than this
    seat by whether its dealt cards fit its bids (:func:`skat.players.contracts.bid_likelihood`).
    """
    me = int(info.seat)
    declarer = int(info.declarer) if info.declarer is not None else -1
    weight = 1.0
    for seat in range(3):
        if seat == me:
            continue
        if seat == declarer:
            if info.ouvert_hand is None:
                weight *= _declarer_likelihood(info, world)
        elif seat in limits:
            weight *= ct.bid_likelihood(_dealt_cards(info, world, seat), seat, limits[seat])
    return weight


PLAY_MISMATCH = 0.5
"""The weight a world gets for each card an opponent or the partner played that the heuristic
would not have played from his cards in that world (play inference, ``inference=3``)."""


@dataclass(frozen=True, slots=True)
class _Play:
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


def _plays(info: InformationState) -> list[_Play]:
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
    every: list[_Play] = []
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
                _Play(seat, card, cards[:pos], leader, played, (0, 0, 0), shown, pts, is_open)
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
    plays: list[_Play],
    world: tuple[int, int, int, int],
    stop_below: float,
) -> float:
    """How likely the other seats' cards (``plays``, from :func:`_plays`) are in ``world``:
    :data:`PLAY_MISMATCH` for each card that is not the one the heuristic would have played
    from the seat's cards there (and with what it knew then), 1 for each that is; the product
    stops as soon as it falls below ``stop_below``."""
    contract = info.contract
    assert contract is not None
    assert info.declarer is not None
    game = int(contract.game)
    declarer = int(info.declarer)
    discard = world[3] if not contract.hand else 0
    weight = 1.0
    for p in plays:
        hand = world[p.seat] | p.later[p.seat]
        legal = legal_cards(hand, p.trick[0] if p.trick else None, game)
        if not legal & (legal - 1):
            continue
        unseen = ALL_CARDS & ~hand & ~p.played & ~(discard if p.seat == declarer else 0)
        open_cards = world[declarer] | p.later[declarer] if p.open else None
        possible = possible_cards(game, p.seat, hand, unseen, p.voids, declarer, open_cards)
        total = p.taken[0] + p.taken[1] + p.taken[2]
        theirs = total - p.taken[declarer] if p.seat == declarer else p.taken[declarer]
        table = Table(
            game=game,
            me=p.seat,
            declarer=declarer,
            hand=hand,
            trick=list(p.trick),
            leader=p.leader,
            possible=possible,
            unseen=unseen,
            my_points=total - theirs,
            their_points=theirs,
        )
        if choose_card(table, legal) != p.card:
            weight *= PLAY_MISMATCH
            if weight < stop_below:
                break
    return weight


def _draw_likely(
    info: InformationState,
    k: _Knowledge,
    rng: random.Random,
    inference: int,
    tries: int = 16,
    plays: list[_Play] | None = None,
) -> tuple[int, int, int, int] | None:
    """A world drawn by :func:`_draw`, kept with its likelihood (rejection sampling, see
    :func:`_likelihood`); after ``tries`` rejections the most likely of the drawn worlds.

    ``inference``: 0 uniform worlds; 1 a hidden declarer's cards weighted by his contract; 2
    also the other seats' cards by their bids; 3 also by their cards played
    (:func:`_play_likelihood` over ``plays``, from :func:`_plays`).
    """
    if inference <= 0:
        return _draw(k, rng)
    if inference == 1 and (int(info.seat) == int(info.declarer or 0) or info.ouvert_hand):
        return _draw(k, rng)
    limits = ct.bid_limits(info.bids) if inference >= 2 else {}
    best: tuple[float, tuple[int, int, int, int] | None] = (-1.0, None)
    for _ in range(tries):
        world = _draw(k, rng)
        if world is None:
            return None
        weight = _likelihood(info, world, limits)
        if inference >= 3 and plays:
            threshold = rng.random()
            # exact while above the draw or the best so far: neither is reached once below both
            stop = min(threshold, best[0])
            if weight <= stop:
                continue
            weight *= _play_likelihood(info, plays, world, stop / weight)
            if weight > threshold:
                return world
        elif weight >= 1.0 or rng.random() < weight:
            return world
        if weight > best[0]:
            best = (weight, world)
    return best[1]


def _all_worlds(k: _Knowledge) -> list[tuple[int, int, int, int]]:
    """Every deal of the unseen cards when only one seat and the skat are unknown (an ouvert
    declarer seen by a defender before the first trick); empty when more are unknown or there
    are over 66."""
    open_holders = [h for h in range(4) if k.counts[h] > 0]
    if len(open_holders) != 2 or 3 not in open_holders or k.counts[3] != 2:
        return []
    seat = open_holders[0]
    cards = [c for c in range(32) if k.unseen >> c & 1]
    worlds = []
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            skat = 1 << a | 1 << b
            rest = k.unseen & ~skat
            if skat & ~k.allowed[3] or rest & ~k.allowed[seat]:
                continue
            hands = list(k.fixed)
            hands[seat] |= rest
            hands[3] |= skat
            worlds.append((hands[0], hands[1], hands[2], hands[3]))
    return worlds


def _resample(
    info: InformationState,
    k: _Knowledge,
    rng: random.Random,
    n: int,
    draws: int,
    sharpness: float,
) -> list[tuple[int, int, int, int]]:
    """``n`` worlds picked from ``draws`` drawn ones in proportion to their likelihood: the
    declarer's (:func:`_declarer_likelihood`) to the power ``sharpness``, times the other
    seats' fit to their bids (systematic resampling; Kitagawa 1996). Empty when no world can
    be drawn."""
    limits = ct.bid_limits(info.bids)
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
                weight *= ct.bid_likelihood(_dealt_cards(info, world, seat), seat, limits[seat])
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


def _target(info: InformationState) -> int:
    contract = info.contract
    assert contract is not None
    if contract.schwarz:
        return SCHWARZ
    if contract.schneider:
        return 90
    return 61


def _position(info: InformationState, world: tuple[int, int, int, int]) -> Position:
    contract = info.contract
    assert contract is not None
    assert info.declarer is not None
    declarer = int(info.declarer)
    taken, won = _taken(info)
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


def _taken(info: InformationState) -> tuple[list[int], list[int]]:
    """Card points and tricks each seat has taken in the completed tricks (lists by seat)."""
    taken = [0, 0, 0]
    won = [0, 0, 0]
    for trick in info.tricks:
        taken[trick.winner] += points(
            (1 << trick.cards[0]) | (1 << trick.cards[1]) | (1 << trick.cards[2])
        )
        won[trick.winner] += 1
    return taken, won


def _heuristic_card(info: InformationState, cards: list[int]) -> int:
    """The card the heuristic plays from ``cards`` (the legal ones)."""
    legal_mask = 0
    for c in cards:
        legal_mask |= 1 << c
    return choose_card(table_of(info), legal_mask)


KONTRA_BELOW = 0.2
"""A defender says Kontra when the declarer's chance (judged by :data:`KONTRA_DRAWS` and
:data:`KONTRA_SHARPNESS`) is below this. Break-even is 2/3 for a true chance; the estimate is
low against the declarer's real chances (a sampled hand seldom fits a declared game as well as
the real one), so the line is drawn where the games it doubles are lost (docs/benchmarks.md,
"Kontra")."""

KONTRA_DRAWS = 400
"""Candidate deals drawn for a defender's Kontra (and Supra) judgement, of which ``worlds // 2``
are picked by their likelihood (:func:`_resample`)."""

KONTRA_SHARPNESS = 6.0
"""The power of the declarer's likelihood in the Kontra judgement: a hand the heuristic gives
little chance in the declared game counts for little, as it would hardly have been declared."""

RE_ABOVE = 0.8
"""The declarer answers Kontra with Re when his chance is above this."""


CONCEDE_MIN_WORLDS = 8
"""The fewest sampled worlds a concession is judged on."""

CONCEDE_SCHNEIDER = 0.5
"""The declarer concedes a game lost in every sampled world when he is Schneider in at least
this share of them."""

SCHIEBEN_ROLLOUTS = 400
"""Rollouts per Schieberamsch decision (taking the skat or not; which cards to push)."""

PUSH_CANDIDATES = 6
"""The pairs of cards a push decision tries: the heuristic's best ones."""

ROLLOUTS = 640
"""Ramsch rollouts per card decision, shared among the legal cards (at least ``min_worlds``
worlds each); on 100 deals 160 gave +12.9, 640 +14.4 SF points per game over the heuristic."""


class StrongPlayer:
    """Sampling plus solver for the card play and the contract; see the module doc.

    Args:
        worlds: the most worlds per card decision of the declarer (a defender's:
            ``defence_worlds``), and half of it for Kontra and Re. 64 and ``node_budget`` two
            million, the defenders' settings (doubled from 32 and one million), win the
            self-play declarer 229 instead of 218 of the same 272 games against today's defence
            (the first 300 deals of the arena's seed 2027), and ``inference`` 3 a few more
            (docs/benchmarks.md, "Strong declarer").
        node_budget: solver nodes after which the declarer starts no further world (at least
            ``min_worlds`` are always solved); a count of work, not of seconds, so that the
            decisions are the same on every machine and under any load (docs/design.md decision 4).
            Most decisions need far less, as late positions take few nodes and ``worlds`` caps
            the count (decision times: docs/benchmarks.md).
        min_worlds: the fewest worlds per decision.
        play_bonus: logit added to the heuristic's win chances when it bids and chooses the
            game for this player, only with ``contracts`` off. With the heuristic's game choice
            a bonus of 0.7 made it declare many more Grands and lost 11 SF points per game
            against no bonus over 60 deals, so it is 0 (compare ``bid_bonus``).
        contracts: judge bidding, Hand, discard and declaration by sampling and solving
            (:mod:`skat.players.contracts`); off, the heuristic's rules decide them.
        contract_worlds: the most sampled deals per contract evaluation.
        contract_budget: solver nodes after which a contract evaluation starts no further deal
            (at least four are always solved, and it stops at twice the budget); about 0.2 s at
            11 million nodes per second. Four million instead of two cost 0.80 SF points per
            game against the heuristic (540 deals of seed 2026, ``bench/bench_bidding.py``;
            docs/benchmarks.md, "Strong against heuristic").
        solved_bidding: bid up to the highest value of a contract with a positive expected
            score in the solved deals instead of the heuristic's limit (off: measured weaker).
        inference: how much the declarer's sampled worlds (and those for Kontra, Re and the
            Ramsch play) use what was heard and seen: 0 not at all, 1 a
            hidden declarer's cards fit his contract, 2 also every other seat's cards fit its
            bids, 3 also the cards the others played are the heuristic's choices from their
            cards in the world (:func:`_play_likelihood`; Ramsch play weighs no plays). 3 for
            every seat with 32 worlds was measured no better than 2 against the heuristic
            (-0.67 SF points per game, -2.28 .. +0.95, 540 deals); for the defenders it is better
            (``defence_inference``), and the declarer facing that defence wins a few more games
            with it.
        bid_bonus: logit added to the heuristic's win chances for the bid limit only (the game
            itself is then chosen by the solved deals). The change of strong − heuristic (SF
            points per game over 540 deals of seed 2026, against the heuristic with its
            calibrated game choice; ``bench/bench_bidding.py heuristic``, which plays only the
            games whose auction changes): 0.35 to 0.6 +1.50 (+0.66 .. +2.35), 0.6 to 0.9 +0.68
            (−0.06 .. +1.41), 0.9 to 1.2 +0.17 (−0.69 .. +1.04);
            most of the gain is deals that were passed in and that the strong player now
            declares and wins against the heuristic's defence. So 0.9 (0.35 before). In
            self-play (1,000 deals of seed 2027) it declares in 32.7% of the seat-games instead
            of 30.5% and wins 81.6% of its games instead of 83.3%: net, the 64 games it adds
            bring 37 wins (58%) against its own defence (docs/benchmarks.md, "Strong against
            heuristic").
        contest_penalty: logit taken off ``bid_bonus`` once an opponent has bid or held (a
            contested auction): its winner is the seat whose estimate is the most optimistic,
            against a defender who has shown cards. 1.0 lifts the declarer's wins in self-play
            from 81.2% to 84.9% of the same 272 games, but costs 1.96 SF points per game
            against the heuristic, who is then no longer pushed into its overbids
            (``bench/bench_bidding.py``, docs/benchmarks.md), so it is 0.
        contest_check: in a contested auction, say a bid or hold only if the best contract
            worth it has at least this expected Seeger-Fabian score (game points) in sampled
            deals weighted by the bids and by the rival passing next (the deals in which this
            seat ends up declaring; :meth:`_contested_worth`); None: no check. 0 (the default)
            lifts the declarer's wins in self-play from 80.3% to 85.6% of the same 916 games
            (1,000 deals, the declarer share stays 30.5%; these figures with ``bid_bonus``
            0.35); against the heuristic it costs
            about 1.2 to 1.7 SF points per game (+13.90 over 540 deals instead of +15.12), as
            the penalty does, for the heuristic is no longer pushed into its overbids
            (docs/benchmarks.md). These figures are of the earlier defence (the defenders'
            settings equal to the declarer's then); with the defence and declarer of
            "Strong declarer" the self-play declarer wins 84.6% of the same games and the
            margin is +15.59, +16.29 with ``early_factor`` 3 (against the heuristic before its
            calibrated game choice; +12.58 against today's, +14.75 with ``bid_bonus`` 0.9,
            +15.02 over 1,080 deals).
        defence_worlds: ``worlds`` for a defender's card decisions.
        defence_budget: ``node_budget`` for a defender's card decisions.
        defence_inference: ``inference`` for a defender's card decisions. The defence is where
            the strong player gave most away (``bench/bench_defence.py``): half of the games
            a defence let through turned at a defender's lead in the first three tricks,
            where a world's solve is costly and the declarer's settings of then (32 worlds, a
            million nodes, ``2``) judged the opening lead on a median of 8 worlds. With 64
            worlds, two million nodes and ``3`` (the cards the others played, the declarer's and
            the partner's, as the heuristic's rules would play them) the heuristic declarer wins
            2.1 percentage points fewer of the same contracts (-4.3 .. 0.0, 1,081 games) and
            the strong declarer (with its settings of then) 3.4 fewer (-6.5 .. -0.3, 416
            games); against the heuristic +15.12 SF points per game instead of +13.90 over 540
            deals (docs/benchmarks.md, "Strong defence").
        early_tricks: a card decision is early while fewer tricks than this are complete (2:
            the first and the second trick).
        early_factor: the whole number an early decision's node budget (``node_budget`` or
            ``defence_budget``) is multiplied by. A ten-card world costs the most to solve:
            with two million nodes a declarer judged his first card on a median of 9 worlds.
            With the factor 3, on the first 300 deals of the arena's seed 2027 (the positions
            of the first two tricks where the legal cards' open-hand values differ), the strong
            player chose a card of worse open-hand value 39 times in 314 positions instead of
            47: 12 positions went wrong with the factor 1 only, 4 with the factor 3 only (sign
            test p = 0.08). A decision there took a median of 0.3 to 0.7 s instead of about
            0.3 s (``bench/bench_decisions.py``, docs/benchmarks.md, "Strong card play in the
            first tricks"). With ``early_tricks`` above 2, the second look for Schneider (from
            the third trick on) gets the multiplied budget as well.
    """

    name = "strong"

    def __init__(
        self,
        worlds: int = 64,
        node_budget: int = 2_000_000,
        min_worlds: int = 2,
        play_bonus: float = 0.0,
        contracts: bool = True,
        contract_worlds: int = 24,
        contract_budget: int = 2_000_000,
        solved_bidding: bool = False,
        inference: int = 3,
        bid_bonus: float = 0.9,
        contest_penalty: float = 0.0,
        contest_check: float | None = 0.0,
        defence_worlds: int = 64,
        defence_budget: int = 2_000_000,
        defence_inference: int = 3,
        early_tricks: int = 2,
        early_factor: int = 3,
    ) -> None:
        self.worlds = worlds
        self.node_budget = node_budget
        self.defence_worlds = defence_worlds
        self.defence_budget = defence_budget
        self.defence_inference = defence_inference
        self.early_tricks = early_tricks
        self.early_factor = early_factor
        self._solver: Solver | None = None
        self.min_worlds = min_worlds
        self._heuristic = HeuristicPlayer(play_bonus=play_bonus)
        self.contracts = contracts
        self.contract_worlds = contract_worlds
        self.contract_budget = contract_budget
        self.solved_bidding = solved_bidding
        self.inference = inference
        self.bid_bonus = bid_bonus
        self.contest_penalty = contest_penalty
        self.contest_check = contest_check
        self._cache: dict[object, object] = {}

    def choose(self, info: InformationState, rng: random.Random) -> Action:
        """One of ``info.legal_actions()``.

        Raises:
            IllegalActionError: ``info`` has no legal action (the seat is not to act).
        """
        legal = info.legal_actions()
        if not legal:
            raise IllegalActionError(
                f"{info.seat.name.lower()} has no action in phase {info.phase.value!r}"
            )
        if info.phase == Phase.BIDDING and self.contracts:
            return self._bidding(info, legal)
        if info.phase == Phase.SKAT and self.contracts:
            return self._skat(info, legal)
        if info.phase == Phase.DISCARD and self.contracts:
            return self._discard(info, legal)
        if info.phase == Phase.DECLARE and self.contracts:
            return self._declare(info, legal)
        if info.phase == Phase.KONTRA and self.contracts and info.contract is not None:
            return self._kontra(info, legal, rng)
        if info.phase == Phase.SCHIEBEN and self.contracts:
            return self._schieben(info, legal, rng)
        if info.phase != Phase.PLAY or info.contract is None:
            return self._heuristic.choose(info, rng)
        cards = [a.value for a in legal if a.kind == ActionKind.CARD]
        if len(cards) <= 1:
            return Action.of_card(cards[0]) if cards else legal[0]
        if info.contract.game == GameType.RAMSCH:
            return Action.of_card(self._ramsch_card(info, cards, rng))
        if info.declarer is None:
            return self._heuristic.choose(info, rng)
        card = self._card(info, cards, rng, concede=CONCEDE in legal)
        return CONCEDE if card is None else Action.of_card(card)

    # -- bidding, the skat, the discard and the declaration ------------------------------------

    def _get_solver(self) -> Solver:
        if self._solver is None:
            self._solver = Solver()
        return self._solver

    def _before_skat(
        self, hand: int, seat: int, bids: tuple[tuple[int, Action], ...], *, schneider: bool
    ) -> list[ct.Estimate]:
        key = ("before", hand, seat, bids, schneider)
        found = self._cache.get(key)
        if found is None:
            found = ct.evaluate_before_skat(
                hand, seat, bids, self._get_solver(), worlds=self.contract_worlds,
                node_budget=self.contract_budget, schneider=schneider,
            )  # fmt: skip
            self._remember(key, found)
        assert isinstance(found, list)
        return found

    def _discards(self, info: InformationState) -> list[ct.DiscardChoice]:
        cards = info.hand | (info.discard or 0) if info.phase == Phase.DECLARE else info.hand
        key = ("discard", cards, int(info.seat), info.bid, info.bids)
        found = self._cache.get(key)
        if found is None:
            found = ct.evaluate_discards(
                cards, int(info.seat), info.bid, info.bids, self._get_solver(),
                worlds=self.contract_worlds, node_budget=self.contract_budget,
            )  # fmt: skip
            self._remember(key, found)
        assert isinstance(found, list)
        return found

    def _remember(self, key: object, value: object) -> None:
        self._cache[key] = value
        if len(self._cache) > 64:
            del self._cache[next(iter(self._cache))]

    def bid_limit(self, hand: int, seat: int, *, contested: bool = False) -> int:
        """The highest bid (game points) for the ten cards ``hand`` of ``seat``; 0: pass.

        With ``solved_bidding`` the highest value of a contract with a positive expected score
        by :func:`skat.players.contracts.evaluate_before_skat` (judged without the opponents'
        bids, so one evaluation serves the whole auction); otherwise the heuristic's limit
        (:func:`skat.players.heuristic.bid_limit`) with ``bid_bonus``, less
        ``contest_penalty`` when ``contested`` (an opponent has bid or held).
        """
        if not self.solved_bidding:
            bonus = self.bid_bonus - (self.contest_penalty if contested else 0.0)
            return bid_limit(hand, seat, bonus)
        values = [
            e.value for e in self._before_skat(hand, seat, (), schneider=False) if e.expected > 0.0
        ]
        return max(values, default=0)

    def estimate(self, info: InformationState) -> ct.Estimate | None:
        """The estimate behind this seat's declaration: in the skat phase the best contract
        worth the bid (a Hand game if it is one), after the discard the contract for the cards
        put away; None in other phases or when nothing reaches the bid."""
        if info.phase == Phase.SKAT:
            return ct.best_reaching(
                self._before_skat(info.hand, int(info.seat), info.bids, schneider=True), info.bid
            )
        if info.phase == Phase.DECLARE:
            choices = [c for c in self._discards(info) if c.discard == info.discard]
            best = _best_choice(choices, info.bid)
            return None if best is None else best.estimate
        return None

    def _bidding(self, info: InformationState, legal: list[Action]) -> Action:
        seat = int(info.seat)
        contested = ct.contested(info.bids, seat)
        limit = self.bid_limit(info.hand, seat, contested=contested)
        action = bid_up_to(limit, info, legal)
        if self.contest_check is None or not contested or action.kind == ActionKind.PASS:
            return action
        if self._contested_worth(info, action) >= self.contest_check:
            return action
        return next((a for a in legal if a.kind == ActionKind.PASS), action)

    def _contested_worth(self, info: InformationState, action: Action) -> float:
        """The best expected score (game points) of a contract worth the value ``action`` (a
        bid or a hold) commits to, in deals weighted by the bids heard and by the opponent
        who bid or held last passing next: the deals in which this seat ends up declaring.
        -inf when no contract reaches the value. No cache: the later decisions do not depend
        on this one (each solve's value is independent of the solver's earlier ones; its node
        count can differ by a few nodes, as the table places entries by the search's
        generation too)."""
        seat = int(info.seat)
        value = action.value if action.kind == ActionKind.BID else info.bid
        rival = ct.rival(info.bids, seat)
        assert rival is not None, "only a contested bid is checked"
        heard = (*info.bids, (seat, action), (rival, PASS))
        found = ct.evaluate_before_skat(
            info.hand, seat, heard, self._get_solver(),
            worlds=self.contract_worlds, node_budget=self.contract_budget, reaching=value,
        )  # fmt: skip
        best = ct.best_reaching(found, value)
        return -math.inf if best is None else best.expected

    def _skat(self, info: InformationState, legal: list[Action]) -> Action:
        best = self.estimate(info)
        pickup = [a for a in legal if a.kind == ActionKind.PICKUP]
        if best is None or not best.hand:
            return pickup[0] if pickup else legal[0]
        contract, _ = _announced(best)
        if best.game != GameType.NULL and best.schneider:
            # a Schneider seen: judge each such Hand game again for its announcements
            estimates = self._before_skat(info.hand, int(info.seat), info.bids, schneider=True)
            seen = [
                e
                for e in estimates
                if e.hand and e.game != GameType.NULL and e.schneider and e.value >= info.bid
            ]
            seen.sort(key=lambda e: -e.expected)
            rich = [_announced(self._hand_levels(info, e)) for e in seen[:2]]
            contract = max(rich, key=lambda pair: pair[1])[0]
        action = Action.declare(contract)
        if action in legal:
            return action
        return pickup[0] if pickup else legal[0]

    def _hand_levels(self, info: InformationState, best: ct.Estimate) -> ct.Estimate:
        """The Hand game of ``best`` judged again for the announcements
        (:func:`ct.evaluate_hand_levels`): at least eight deals within the contract budget."""
        key = ("levels", info.hand, int(info.seat), info.bids, best.game)
        found = self._cache.get(key)
        if found is None:
            found = ct.evaluate_hand_levels(
                info.hand, int(info.seat), info.bids, best.game, self._get_solver(),
                prior=best.prior, worlds=self.contract_worlds, min_worlds=8,
                node_budget=self.contract_budget,
            )  # fmt: skip
            self._remember(key, found)
        assert isinstance(found, ct.Estimate)
        return found

    def _discard(self, info: InformationState, legal: list[Action]) -> Action:
        choices = self._discards(info)
        best = _best_choice(choices, info.bid)
        if best is not None:
            action = Action.discard(best.discard)
            if action in legal:
                return action
        return self._heuristic.choose(info, random.Random(0))

    def _declare(self, info: InformationState, legal: list[Action]) -> Action:
        best = self.estimate(info)
        if best is not None:
            action = Action.declare(Contract.make(best.game, ouvert=best.ouvert))
            if action in legal:
                return action
        return self._heuristic.choose(info, random.Random(0))

    def declarer_chance(
        self,
        info: InformationState,
        rng: random.Random,
        *,
        draws: int | None = None,
        sharpness: float = 1.0,
    ) -> float:
        """The declarer's chance to make the declared contract, as this seat sees it: the share
        of sampled deals he wins open-handed, with a half deal added to each side (0..1).

        Args:
            info: a seat's information state after the declaration.
            rng: the decision's random source.
            draws: None: each world drawn by rejection sampling as in the card play. A number:
                that many candidate deals are drawn and weighted by how well the declarer's
                cards fit his contract (:func:`_declarer_likelihood`, raised to ``sharpness``)
                and the other seat's by its bids; ``worlds // 2`` of them are then picked in
                proportion to their weights (importance resampling, :func:`_resample`).
            sharpness: the power of the declarer's likelihood for ``draws``; above 1 a hand
                that would hardly have been declared counts for less.

        With the declarer's hand open (ouvert) the deals of the remaining cards (at most 66: the
        other defender's ten cards and the skat) are solved in a random order within the node
        budget: all of them give the exact share (1.0 for a contract won in every deal); a part
        of them the share with a half deal added to each side, which for a contract won in
        every deal is still above any Kontra line.

        Raises:
            IllegalActionError: no contract is declared yet.
        """
        solver = self._get_solver()
        k = _knowledge(info)
        target = _target(info)
        start = solver.nodes
        wins = n = 0
        if info.ouvert_hand is not None and int(info.seat) != int(info.declarer or 0):
            every = _all_worlds(k)
            rng.shuffle(every)
            for deal in every:
                if n >= 4 and solver.nodes - start > self.node_budget:
                    break
                wins += solver.solve_threshold(_position(info, deal), target)
                n += 1
            if every and n == len(every):
                return wins / n
            if every:
                return (wins + 0.5) / (n + 1.0)
        if draws is not None:
            chosen = _resample(info, k, rng, self.worlds // 2, draws, sharpness)
            for picked in chosen:
                if n >= 4 and solver.nodes - start > self.node_budget:
                    break
                wins += solver.solve_threshold(_position(info, picked), target)
                n += 1
            return (wins + 0.5) / (n + 1.0)
        plays = _plays(info) if self.inference >= 3 else None
        for i in range(self.worlds // 2):
            if i >= 4 and solver.nodes - start > self.node_budget:
                break
            world = _draw_likely(info, k, rng, self.inference, plays=plays)
            if world is None:
                break
            wins += solver.solve_threshold(_position(info, world), target)
            n += 1
        return (wins + 0.5) / (n + 1.0)

    def _kontra(self, info: InformationState, legal: list[Action], rng: random.Random) -> Action:
        """Kontra when the declarer wins less than :data:`KONTRA_BELOW` of the resampled deals,
        Re when more than :data:`RE_ABOVE` of his own sampled deals (doubling pays when the
        chance is below/above 2/3), Supra after a Re below half of :data:`KONTRA_BELOW`."""
        decline = [a for a in legal if a.kind == ActionKind.DECLINE]
        say = [a for a in legal if a.kind != ActionKind.DECLINE]
        if not say or not decline:
            return legal[0]
        if say[0].kind == ActionKind.RE:
            chance = self.declarer_chance(info, rng)
        else:
            chance = self.declarer_chance(info, rng, draws=KONTRA_DRAWS, sharpness=KONTRA_SHARPNESS)
        if say[0].kind == ActionKind.KONTRA:
            return say[0] if chance < KONTRA_BELOW else decline[0]
        if say[0].kind == ActionKind.RE:
            return say[0] if chance > RE_ABOVE else decline[0]
        return say[0] if chance < KONTRA_BELOW / 2 else decline[0]  # Supra after a Re

    def _card(
        self, info: InformationState, cards: list[int], rng: random.Random, *, concede: bool
    ) -> int | None:
        """The card to play; None: concede (only when ``concede``, see :meth:`_concedes`)."""
        fallback = _heuristic_card(info, cards)
        if self._solver is None:
            self._solver = Solver()
        solver = self._solver
        k = _knowledge(info)
        target = _target(info)
        maximise = int(info.seat) == int(info.declarer or 0)
        if maximise:
            most, budget, inference = self.worlds, self.node_budget, self.inference
        else:
            most, budget = self.defence_worlds, self.defence_budget
            inference = self.defence_inference
        if len(info.tricks) < self.early_tricks:
            budget *= self.early_factor
        start = solver.nodes
        worlds: list[Position] = []
        score = dict.fromkeys(cards, 0)
        plays = _plays(info) if inference >= 3 else None
        for i in range(most):
            if i >= self.min_worlds and solver.nodes - start > budget:
                break
            world = _draw_likely(info, k, rng, inference, plays=plays)
            if world is None:
                break
            pos = _position(info, world)
            worlds.append(pos)
            for c, v in solver.move_values(pos, "threshold", target).items():
                score[c] += v
        if not worlds:
            return fallback
        if concede and max(score.values()) == 0 and self._concedes(info, worlds):
            return None
        top = _best(cards, score, maximise)
        decided = all(score[c] in (0, len(worlds)) for c in top)
        late = len(info.tricks) >= 2  # the first tricks are too costly to solve twice
        if len(top) > 1 and decided and late and info.contract is not None and target < SCHWARZ:
            # the contract is settled in every world: play for the next level (Schneider)
            second = 90 if score[top[0]] else 31
            if info.contract.game != GameType.NULL and solver.nodes - start < budget:
                score2 = dict.fromkeys(top, 0)
                for pos in worlds:
                    if solver.nodes - start > 2 * budget:
                        break
                    for c, v in solver.move_values(pos, "threshold", second).items():
                        if c in score2:
                            score2[c] += v
                top = _best(top, score2, maximise)
        return fallback if fallback in top else top[0]

    def _concedes(self, info: InformationState, worlds: list[Position]) -> bool:
        """Concede a game lost in every sampled world when in at least :data:`CONCEDE_SCHNEIDER`
        of them the declarer also stays at 30 card points or fewer (Schneider, ISkO 5.2.3): a
        conceded game counts only the announced levels (:func:`skat.scoring.score_game`), so
        conceding saves the Schneider; otherwise the loss is the same and the game is played on
        (the defence may still err)."""
        contract = info.contract
        if (
            contract is None
            or contract.game == GameType.NULL
            or contract.schneider
            or len(worlds) < CONCEDE_MIN_WORLDS
        ):
            return False
        solver = self._get_solver()
        beaten = sum(not solver.solve_threshold(pos, 31) for pos in worlds)
        return beaten >= CONCEDE_SCHNEIDER * len(worlds)

    def _schieben(self, info: InformationState, legal: list[Action], rng: random.Random) -> Action:
        """Schieberamsch by rollouts: take the skat or pass it on, and which two cards to push,
        each judged in sampled deals played out by the heuristic's rules (later pushes too) and
        scored by the table's rules; ties go to the heuristic's choice. Only the
        :data:`PUSH_CANDIDATES` pairs the heuristic likes best are tried."""
        me = int(info.seat)
        hand = info.hand
        unseen = [c for c in range(32) if not hand >> c & 1]
        others = ((me + 1) % 3, (me + 2) % 3)
        heuristic = self._heuristic.choose(info, rng)
        pushes = [a for a in legal if a.kind == ActionKind.DISCARD]
        if pushes:
            ranked = [push_pair(hand)]
            rest = sorted(
                (a.value for a in pushes if a.value != ranked[0]),
                key=lambda pair: push_danger(hand, pair),
            )
            candidates = ranked + rest[: PUSH_CANDIDATES - 1]
            score = dict.fromkeys(candidates, 0)
            for _ in range(max(self.min_worlds, SCHIEBEN_ROLLOUTS // len(candidates))):
                rng.shuffle(unseen)
                dealt = ct.piles(unseen, (10, 10))
                for pair in candidates:
                    hands = [0, 0, 0]
                    hands[me] = hand & ~pair
                    hands[others[0]], hands[others[1]] = dealt
                    score[pair] += _schieben_out(hands, pair, me + 1, info.pushes, info.options)[me]
            best = max(score.values())
            if score[heuristic.value] == best:
                return heuristic
            return Action.discard(max(candidates, key=lambda pair: score[pair]))
        take = next((a for a in legal if a.kind == ActionKind.PICKUP), None)
        keep = next((a for a in legal if a.kind == ActionKind.PASS), None)
        if take is None or keep is None:
            return heuristic
        taking = passing = 0
        for _ in range(max(self.min_worlds, SCHIEBEN_ROLLOUTS // 2)):
            rng.shuffle(unseen)
            first, second, skat = ct.piles(unseen, (10, 10, 2))
            hands = [0, 0, 0]
            hands[me], hands[others[0]], hands[others[1]] = hand, first, second
            passing += _schieben_out(hands[:], skat, me + 1, info.pushes + 1, info.options)[me]
            hands[me] = hand | skat
            pair = push_pair(hands[me])
            hands[me] &= ~pair
            taking += _schieben_out(hands, pair, me + 1, info.pushes, info.options)[me]
        if taking == passing:
            return heuristic
        return take if taking > passing else keep

    def _ramsch_card(self, info: InformationState, cards: list[int], rng: random.Random) -> int:
        """Ramsch by rollouts: in :data:`ROLLOUTS` ÷ (legal cards) sampled worlds, every legal
        card is tried and the rest of the deal played out by the heuristic's rules for all three
        seats; the card of the best total Ramsch score (the table's rules: the skat, Jungfrau,
        Durchmarsch, pushes; game points) is played, ties to the heuristic's card."""
        fallback = _heuristic_card(info, cards)
        k = _knowledge(info)
        me = int(info.seat)
        taken, won = _taken(info)
        score = dict.fromkeys(cards, 0)
        worlds = max(self.min_worlds, ROLLOUTS // len(cards))
        for _ in range(worlds):
            world = _draw_likely(info, k, rng, self.inference)
            if world is None:
                break
            for c in cards:
                score[c] += _ramsch_rollout(info, world, c, taken, won)[me]
        top = _best(cards, score, maximise=True)
        return fallback if fallback in top else top[0]


def _announced(best: ct.Estimate) -> tuple[Contract, float]:
    """The Hand contract for ``best`` with the announcement of the best expected score (none,
    Schneider, Schwarz or, for a suit game or Grand, ouvert; ISkO 5.2.5, 5.2.6) and that
    expected Seeger-Fabian score (game points, against the table).

    The chances to win, to win Schneider and to win Schwarz come from the sampled deals; an
    announced level counts whether won or lost, a level reached unannounced only when won. An
    ouvert game's chance is the open-hand Schwarz share without the correction for imperfect
    defenders (they see the declarer's cards).
    """
    plain = Contract.make(best.game, hand=True, ouvert=best.ouvert)
    if best.game == GameType.NULL or not best.schneider:
        return plain, best.expected
    base = BASE_VALUES[best.game]
    v = best.value
    win = best.chance
    schneider = min(win, ct.calibrated_share(best.schneider, best.worlds))
    schwarz = min(schneider, ct.calibrated_share(best.schwarz, best.worlds))
    open_schwarz = min(schwarz, (best.schwarz + 0.5) / (best.worlds + 1.0))

    def lost(value: int) -> float:
        return 2 * value + 130  # as skat.players.evaluation.expected_list_score

    scores = {
        plain: (win - schneider) * (v + 50)
        + (schneider - schwarz) * (v + base + 50)
        + schwarz * (v + 2 * base + 50)
        - (1 - win) * lost(v),
        Contract.make(best.game, hand=True, schneider=True): (schneider - schwarz)
        * (v + 2 * base + 50)
        + schwarz * (v + 3 * base + 50)
        - (1 - schneider) * lost(v + 2 * base),
        Contract.make(best.game, hand=True, schwarz=True): schwarz * (v + 4 * base + 50)
        - (1 - schwarz) * lost(v + 4 * base),
        Contract.make(best.game, ouvert=True): open_schwarz * (v + 5 * base + 50)
        - (1 - open_schwarz) * lost(v + 5 * base),
    }
    top = max(scores, key=lambda c: scores[c])
    return top, scores[top]


def _ramsch_rollout(
    info: InformationState,
    world: tuple[int, int, int, int],
    card: int,
    taken: list[int],
    won: list[int],
) -> tuple[int, int, int]:
    """The Ramsch scores (game points per seat) when this seat plays ``card`` in ``world`` and
    the heuristic's rules play every later card; ``taken`` and ``won`` are the card points and
    tricks each seat has so far."""
    return _play_out(
        [world[0], world[1], world[2]],
        int(info.seat),
        card,
        _Progress(list(info.trick), info.leader, info.played, list(taken), list(won)),
        info.pushes,
        info.options,
    )


@dataclass(slots=True)
class _Progress:
    """Where a Ramsch card play stands: the current trick, its leader, the cards played (mask),
    card points and tricks per seat."""

    trick: list[int]
    leader: int
    played: int
    points: list[int]
    tricks: list[int]


def _play_out(
    hands: list[int], seat: int, card: int, at: _Progress, pushes: int, options: Options
) -> tuple[int, int, int]:
    """Play a Ramsch to its end from ``at`` (``seat`` to play ``card``, or the heuristic's card
    if ``card`` is -1; every later card by the heuristic's rules) and score it by ``options``
    with ``pushes`` (game points per seat). ``hands`` (masks) is changed."""
    game = int(GameType.RAMSCH)
    trick = at.trick
    leader = at.leader
    played = at.played
    pts = at.points
    tricks = at.tricks
    last = -1
    while True:
        if card < 0:
            led = trick[0] if trick else None
            legal = legal_cards(hands[seat], led, game)
            if legal & (legal - 1) == 0:
                card = legal.bit_length() - 1
            else:
                unseen = ALL_CARDS & ~hands[seat] & ~played
                t = Table(game, seat, None, hands[seat], trick, leader, [], unseen, 0, 0)
                card = choose_card(t, legal)
        hands[seat] &= ~(1 << card)
        played |= 1 << card
        trick.append(card)
        card = -1
        if len(trick) < 3:
            seat = (seat + 1) % 3
            continue
        winner = (leader + trick_winner(trick, game)) % 3
        pts[winner] += points((1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]))
        tricks[winner] += 1
        last = leader = seat = winner
        trick = []
        if not hands[winner]:
            break
    result = score_ramsch(
        (pts[0], pts[1], pts[2]),
        (tricks[0], tricks[1], tricks[2]),
        120 - pts[0] - pts[1] - pts[2],
        last,
        pushes=pushes,
        options=options,
    )
    return result.scores


def _schieben_out(
    hands: list[int], skat: int, seat: int, pushes: int, options: Options
) -> tuple[int, int, int]:
    """Schieberamsch from ``seat``'s turn to push on (the seats before it have acted, ``skat``
    is what lies there now): the heuristic's rules for every later push and card; the Ramsch
    scores (game points per seat)."""
    for s in range(seat, 3):
        if takes_skat(hands[s]):
            hands[s] |= skat
            skat = push_pair(hands[s])
            hands[s] &= ~skat
        else:
            pushes += 1
    return _play_out(hands, 0, -1, _Progress([], 0, 0, [0, 0, 0], [0, 0, 0]), pushes, options)


def _best_choice(choices: list[ct.DiscardChoice], bid: int) -> ct.DiscardChoice | None:
    """The choice of the best expected score among those worth ``bid``; else the most valuable
    (an overbid is then unavoidable)."""
    if not choices:
        return None
    reach = [c for c in choices if c.estimate.value >= bid]
    if reach:
        return max(reach, key=lambda c: (c.estimate.expected, c.estimate.value))
    return max(choices, key=lambda c: (c.estimate.value, c.estimate.expected))


def _best(cards: list[int], score: dict[int, int], maximise: bool) -> list[int]:
    """The cards of the best score: highest for the declarer, lowest for a defender."""
    best = max(score[c] for c in cards) if maximise else min(score[c] for c in cards)
    return [c for c in cards if score[c] == best]
