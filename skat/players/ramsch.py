"""The strong player in Ramsch and Schieberamsch: each decision judged by rollouts.

Each card is judged by rollouts: in sampled worlds (:mod:`skat.players.worlds`) every legal card
is tried and the rest of the deal is played out by the heuristic's rules and scored by the
table's Ramsch rules (one step of policy improvement over the heuristic, Bertsekas' rollout
algorithm). Taking the skat or passing it on in Schieberamsch, and the cards pushed, are judged
by rollouts too. Solving was tried and lost, as a paranoid search minimises the seat's own
points, not its Ramsch score (docs/experiments/2026-11-strong-ramsch-rollouts.md).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skat.action import Action, ActionKind
from skat.cards import ALL_CARDS, cards_ascending, points
from skat.information import InformationState
from skat.options import Options
from skat.players import contracts as ct
from skat.players import worlds as wd
from skat.players.card_play import best_cards, heuristic_card
from skat.players.evaluation import push_danger, push_pair, takes_skat
from skat.players.heuristic import HeuristicPlayer
from skat.players.heuristic_play import Table, choose_card
from skat.ramsch import score_ramsch
from skat.rules import GameType, legal_cards, trick_winner

if TYPE_CHECKING:
    from skat.players.strong_settings import StrongSettings

__all__ = ["ramsch_card", "schieben"]


def schieben(
    settings: StrongSettings,
    heuristic_player: HeuristicPlayer,
    info: InformationState,
    legal: list[Action],
    rng: random.Random,
    *,
    notes: dict[str, Any] | None = None,
) -> Action:
    """Schieberamsch by rollouts: take the skat or pass it on, and which two cards to push,
    each judged in sampled deals played out by the heuristic's rules (later pushes too) and
    scored by the table's rules; ties go to the heuristic's choice. Only the
    ``settings.push_candidates`` pairs the heuristic likes best are tried. ``notes``, when
    given, gets ``rollouts`` and ``totals`` (for a push: pair mask → this seat's summed Ramsch
    score, game points; for the skat: ``take`` and ``pass`` → the same)."""
    me = int(info.seat)
    hand = info.hand
    unseen = cards_ascending(ALL_CARDS & ~hand)
    others = ((me + 1) % 3, (me + 2) % 3)
    heuristic = heuristic_player.choose(info, rng)
    pushes = [a for a in legal if a.kind == ActionKind.DISCARD]
    if pushes:
        ranked = [push_pair(hand)]
        rest = sorted(
            (a.value for a in pushes if a.value != ranked[0]),
            key=lambda pair: push_danger(hand, pair),
        )
        candidates = ranked + rest[: settings.push_candidates - 1]
        score = dict.fromkeys(candidates, 0)
        for _ in range(max(settings.min_worlds, settings.schieben_rollouts // len(candidates))):
            rng.shuffle(unseen)
            dealt = ct.piles(unseen, (10, 10))
            for pair in candidates:
                hands = [0, 0, 0]
                hands[me] = hand & ~pair
                hands[others[0]], hands[others[1]] = dealt
                score[pair] += _schieben_out(hands, pair, me + 1, info.pushes, info.options)[me]
        if notes is not None:
            rounds = max(settings.min_worlds, settings.schieben_rollouts // len(candidates))
            notes.update(rollouts=rounds, totals=dict(score))
        best = max(score.values())
        if score[heuristic.value] == best:
            return heuristic
        return Action.discard(max(candidates, key=lambda pair: score[pair]))
    take = next((a for a in legal if a.kind == ActionKind.PICKUP), None)
    keep = next((a for a in legal if a.kind == ActionKind.PASS), None)
    if take is None or keep is None:
        return heuristic
    taking = passing = 0
    for _ in range(max(settings.min_worlds, settings.schieben_rollouts // 2)):
        rng.shuffle(unseen)
        first, second, skat = ct.piles(unseen, (10, 10, 2))
        hands = [0, 0, 0]
        hands[me], hands[others[0]], hands[others[1]] = hand, first, second
        passing += _schieben_out(hands[:], skat, me + 1, info.pushes + 1, info.options)[me]
        hands[me] = hand | skat
        pair = push_pair(hands[me])
        hands[me] &= ~pair
        taking += _schieben_out(hands, pair, me + 1, info.pushes, info.options)[me]
    if notes is not None:
        rounds = max(settings.min_worlds, settings.schieben_rollouts // 2)
        notes.update(rollouts=rounds, totals={"take": taking, "pass": passing})
    if taking == passing:
        return heuristic
    return take if taking > passing else keep


def ramsch_card(
    settings: StrongSettings,
    info: InformationState,
    cards: list[int],
    rng: random.Random,
    *,
    notes: dict[str, Any] | None = None,
) -> int:
    """Ramsch by rollouts: in ``settings.rollouts`` ÷ (legal cards) sampled worlds, every legal
    card is tried and the rest of the deal played out by the heuristic's rules for all three
    seats; the card of the best total Ramsch score (the table's rules: the skat, Jungfrau,
    Durchmarsch, pushes; game points) is played, ties to the heuristic's card. ``notes``, when
    given, gets ``rollouts`` (worlds played out) and ``totals`` (card → this seat's summed
    Ramsch score over them, game points)."""
    fallback = heuristic_card(info, cards)
    k = wd.knowledge(info)
    me = int(info.seat)
    taken, won = wd.taken_by_seat(info)
    score = dict.fromkeys(cards, 0)
    worlds = max(settings.min_worlds, settings.rollouts // len(cards))
    for _ in range(worlds):
        world = wd.draw_likely(info, k, rng, settings.inference)
        if world is None:
            break
        for c in cards:
            score[c] += _ramsch_rollout(info, world, c, taken, won)[me]
    if notes is not None:
        notes.update(rollouts=worlds, totals=dict(score))
    top = best_cards(cards, score, maximise=True)
    return fallback if fallback in top else top[0]


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
