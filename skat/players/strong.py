"""The strong player: card play by sampling worlds and solving each one open-handed (PIMC).

For each card decision it draws worlds — deals of the cards its seat has not seen — consistent
with everything the seat knows: its own hand, the played cards, the voids shown by not following
(by effective suit), its own discard, the skat if it saw it, the declarer's open hand in an
ouvert game, and how many cards each seat and the skat still hold. Each world is solved by the
open-hand solver (:mod:`skat.solver`, null-window threshold searches); the card that reaches the
contract's target in the most worlds is played (Perfect Information Monte Carlo, Ginsberg 2001;
for Skat: Kupferschmid & Helmert 2006). Ties, such as a position won or lost in every world, go
to the card the heuristic player would choose, so the play stays natural.

What it does not do yet (and leaves to the heuristic): bidding, the skat, the discard, the game
choice, Kontra/Re, Schieberamsch, and the card play of Ramsch. Inference is one step only: a
defender keeps a drawn world with the chance the heuristic's hand evaluation gives the declarer's
cards in it for the declared game (rejection sampling), so declarers hold what their contract
needs; the bidding of the defenders and the choice of the cards played are not yet used.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from skat.cards import ALL_CARDS, points
from skat.errors import IllegalActionError
from skat.players import evaluation as ev
from skat.players.heuristic import HeuristicPlayer, choose_card, table_of
from skat.rules import GameType, effective_suit, trump_mask
from skat.solver import SCHWARZ, Position, Solver
from skat.state import Action, ActionKind, InformationState, Phase

__all__ = ["StrongPlayer", "sample_world"]


def _eff_mask(eff: int, game: int) -> int:
    trumps = trump_mask(game)
    if eff == 4:
        return trumps
    return (0xFF << (8 * eff)) & ~trumps


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
    if me == declarer and info.discard:
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
        for eff in range(5):
            if voids[seat] >> eff & 1:
                allowed[seat] &= ~_eff_mask(eff, game)
    if counts[3] == 0:
        allowed[3] = 0
    return _Knowledge(
        unseen,
        (counts[0], counts[1], counts[2], counts[3]),
        (allowed[0], allowed[1], allowed[2], allowed[3]),
        (fixed[0], fixed[1], fixed[2], fixed[3]),
    )


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
    cards = world[declarer]
    for trick in info.tricks:
        cards |= 1 << trick.cards[(declarer - trick.leader) % 3]
    pos = (declarer - info.leader) % 3
    if pos < len(info.trick):
        cards |= 1 << info.trick[pos]
    game = contract.game
    fore = declarer == 0
    if game.is_suit:
        return ev.win_chance(ev.suit_strength(cards, int(game), forehand=fore))
    if game == GameType.GRAND:
        return ev.win_chance(ev.grand_strength(cards, forehand=fore))
    if game == GameType.NULL:
        return (1.0, 0.35, 0.1)[min(ev.null_fixes(cards), 2)]
    return 1.0


def _draw_likely(
    info: InformationState, k: _Knowledge, rng: random.Random, tries: int = 16
) -> tuple[int, int, int, int] | None:
    """A world drawn by :func:`_draw`, kept with the declarer's likelihood (rejection sampling).

    Only for a defender facing a hidden declarer's hand; after ``tries`` rejections the most
    likely of the drawn worlds is used.
    """
    assert info.declarer is not None
    if int(info.seat) == int(info.declarer) or info.ouvert_hand is not None:
        return _draw(k, rng)
    best: tuple[float, tuple[int, int, int, int] | None] = (-1.0, None)
    for _ in range(tries):
        world = _draw(k, rng)
        if world is None:
            return None
        weight = _declarer_likelihood(info, world)
        if rng.random() < weight:
            return world
        if weight > best[0]:
            best = (weight, world)
    return best[1]


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
    decl_pts = def_pts = decl_tricks = def_tricks = 0
    for trick in info.tricks:
        pts = points((1 << trick.cards[0]) | (1 << trick.cards[1]) | (1 << trick.cards[2]))
        if trick.winner == declarer:
            decl_pts += pts
            decl_tricks += 1
        else:
            def_pts += pts
            def_tricks += 1
    return Position(
        hands=(world[0], world[1], world[2]),
        game=contract.game,
        declarer=declarer,
        to_move=int(info.seat),
        trick=tuple(info.trick),
        skat=world[3],
        declarer_points=decl_pts,
        defender_points=def_pts,
        declarer_tricks=decl_tricks,
        defender_tricks=def_tricks,
    )


class StrongPlayer:
    """Sampling plus solver for the card play; the heuristic elsewhere (see the module doc).

    Args:
        worlds: the most worlds per card decision.
        node_budget: solver nodes after which no further world is started (at least
            ``min_worlds`` are always solved); a count of work, not of seconds, so that the
            decisions are the same on every machine and under any load (docs/design.md decision 4).
            About 0.7 s at 1.4 million nodes per second; most decisions need far less, as
            late positions take few nodes and ``worlds`` caps the count (measured p95 0.32 s).
        min_worlds: the fewest worlds per decision.
        play_bonus: logit added to the heuristic's win chances when bidding and choosing the
            game. This card play wins more of the same contracts (81% against 70% of the
            declared games against the heuristic), but a bonus of 0.7 made it declare many more
            Grands and lost 11 SF points per game against no bonus over 60 deals, so it is 0.
    """

    name = "strong"

    def __init__(
        self,
        worlds: int = 32,
        node_budget: int = 1_000_000,
        min_worlds: int = 2,
        play_bonus: float = 0.0,
    ) -> None:
        self.worlds = worlds
        self.node_budget = node_budget
        self._solver: Solver | None = None
        self.min_worlds = min_worlds
        self._heuristic = HeuristicPlayer(play_bonus=play_bonus)

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
        if (
            info.phase != Phase.PLAY
            or info.contract is None
            or info.contract.game == GameType.RAMSCH
            or info.declarer is None
        ):
            return self._heuristic.choose(info, rng)
        cards = [a.value for a in legal if a.kind == ActionKind.CARD]
        if len(cards) <= 1:
            return Action.of_card(cards[0]) if cards else legal[0]
        return Action.of_card(self._card(info, cards, rng))

    def _card(self, info: InformationState, cards: list[int], rng: random.Random) -> int:
        legal_mask = 0
        for c in cards:
            legal_mask |= 1 << c
        fallback = choose_card(table_of(info), legal_mask)
        if self._solver is None:
            self._solver = Solver()
        solver = self._solver
        k = _knowledge(info)
        target = _target(info)
        maximise = int(info.seat) == int(info.declarer or 0)
        start = solver.nodes
        worlds: list[Position] = []
        score = dict.fromkeys(cards, 0)
        for i in range(self.worlds):
            if i >= self.min_worlds and solver.nodes - start > self.node_budget:
                break
            world = _draw_likely(info, k, rng)
            if world is None:
                break
            pos = _position(info, world)
            worlds.append(pos)
            for c, v in solver.move_values(pos, "threshold", target).items():
                score[c] += v
        if not worlds:
            return fallback
        top = _best(cards, score, maximise)
        decided = all(score[c] in (0, len(worlds)) for c in top)
        late = len(info.tricks) >= 2  # the first tricks are too costly to solve twice
        if len(top) > 1 and decided and late and info.contract is not None and target < SCHWARZ:
            # the contract is settled in every world: play for the next level (Schneider)
            second = 90 if score[top[0]] else 31
            if info.contract.game != GameType.NULL and solver.nodes - start < self.node_budget:
                score2 = dict.fromkeys(top, 0)
                for pos in worlds:
                    if solver.nodes - start > 2 * self.node_budget:
                        break
                    for c, v in solver.move_values(pos, "threshold", second).items():
                        if c in score2:
                            score2[c] += v
                top = _best(top, score2, maximise)
        return fallback if fallback in top else top[0]


def _best(cards: list[int], score: dict[int, int], maximise: bool) -> list[int]:
    """The cards of the best score: highest for the declarer, lowest for a defender."""
    best = max(score[c] for c in cards) if maximise else min(score[c] for c in cards)
    return [c for c in cards if score[c] == best]
