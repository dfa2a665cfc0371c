"""Conformance of the state machine: random complete deals through every phase and option.

Plays 10,000 deals with random legal actions (a seeded ``random.Random``; in the bidding a pass
half of the time so that all-pass deals are common; occasionally an ISS-only move: show cards, a
defender's resignation, a timeout) and checks after every step that the 32
cards are conserved and legal actions exist until the end; at the end 120 card points and a
result. Every 10th deal also applies every legal action at every step, checks the information
states of all three seats for leaks and round-trips the record of every prefix; every deal's final
record round-trips. The same seed gives the same record while the global random generators are
disturbed. The 100,000-deal version with a deals-per-second figure is bench/bench_conformance.py.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import numpy
import pytest

from skat import record
from skat.action import Action, ActionKind
from skat.cards import ALL_CARDS, points
from skat.claim import declarer_target, holds, settle
from skat.errors import ClaimError
from skat.information import InformationState
from skat.options import AllPass, KontraRule, Options, RamschSkat
from skat.ramsch import RamschResult
from skat.scoring import GameResult
from skat.state import Ending, Phase, State

DEALS = 10_000
FULL_CHECK_EVERY = 10
DETERMINISM_DEALS = 300

OPTIONS = [
    Options(all_pass=a, kontra=k, supra=sup, spitze=sp, ramsch_skat=rs, durchmarsch=dm)
    for a, k, sup, sp, rs, dm in itertools.product(
        AllPass, KontraRule, (False, True), (False, True), RamschSkat, (True, False)
    )
]


def _conserved(state: State) -> None:
    """The hands, the skat, the tricks and the current trick hold the 32 cards once each."""
    parts = [state.hand(0), state.hand(1), state.hand(2), state.skat, state.played]
    assert sum(p.bit_count() for p in parts) == 32, state.actions
    union = 0
    for p in parts:
        union |= p
    assert union == ALL_CARDS, state.actions


def _no_leak(state: State, seat: int) -> None:
    """An information state shows nothing of another seat's hidden cards."""
    info: InformationState = state.information_state(seat)
    assert info.hand == state.hand(seat)
    picked = any(
        a.kind == ActionKind.PICKUP and actor == seat
        for a, actor in zip(state.actions, state.actors, strict=True)
    )
    allowed = state.hand(seat) | state.played | state.discard(seat)
    if picked:
        allowed |= info.skat or 0
    else:
        assert info.skat is None
    if state.shown and state.declarer is not None:
        allowed |= state.hand(state.declarer)
    else:
        assert info.ouvert_hand is None
    visible = info.hand | (info.skat or 0) | (info.discard or 0) | (info.ouvert_hand or 0)
    for _, action in info.actions:
        if action.kind in (ActionKind.CARD,):
            visible |= 1 << action.value
        elif action.kind == ActionKind.DISCARD:
            visible |= action.value
    assert visible & ~allowed == 0, (seat, state.actions)
    if state.current_player == seat:
        assert info.legal_actions() == state.legal_actions()


def _extra_move(state: State, rng: random.Random) -> tuple[Action, int | None] | None:
    """Sometimes an ISS-only move: SC, a defender's RE, a timeout or leave; with the option
    claims, from the fifth trick, a claim of the seat to play (which may not hold)."""
    roll = rng.random()
    claims = state.claim_actions()
    if claims and len(state.tricks) >= 4 and 0.03 <= roll < 0.13:
        return claims[0], None
    if state.phase == Phase.PLAY and state.declarer is not None and roll < 0.03:
        declarer = int(state.declarer)
        if roll < 0.01:
            return Action.parse("SC"), declarer
        return Action.parse("RE"), rng.choice([s for s in (0, 1, 2) if s != declarer])
    if roll > 0.998:
        return Action.parse(f"{rng.choice(('TI', 'LE'))}.{rng.randrange(3)}"), None
    return None


def play_deal(seed: int, full: bool, disturb: bool = False) -> State:
    """One random deal from ``seed``; ``full`` adds the expensive checks at every step."""
    rng = random.Random(seed)
    options = replace(rng.choice(OPTIONS), claims=seed % 4 == 0, revolution=seed % 3 == 1)
    state = State.new(rng.randrange(2**64), options, dealer=rng.randrange(3), claim_check=settle)
    while not state.is_terminal():
        if disturb:  # the global generators must not matter
            step = len(state.actions)
            random.seed(step * 7919 + seed)
            random.random()
            numpy.random.seed(step)
            numpy.random.random()
        legal = state.legal_actions()
        assert legal, state.actions
        assert legal == sorted(legal)
        if full:
            for action in legal:
                after = state.apply(action)
                assert after.actions[-1] == action
            for seat in (0, 1, 2):
                _no_leak(state, seat)
            line = record.write_record(state)
            assert record.read_record(line, claim_check=settle) == state
        extra = _extra_move(state, rng)
        if extra is not None and extra[0].kind in (ActionKind.CLAIM, ActionKind.DEFENDERS_CLAIM):
            if holds(state, extra[0]):
                state = state.apply(extra[0])
                assert state.ending == Ending.CLAIMED
            else:  # refused: the deal goes on as it was; the line beats it, from a legal card
                with pytest.raises(ClaimError, match="does not hold") as refused:
                    state.apply(extra[0])
                beaten_by = refused.value.line
                if beaten_by:
                    assert Action.of_card(beaten_by[0][1]) in legal
                else:  # the declarer has his target already: nothing more need be played
                    declarer = int(state.declarer or 0)
                    reached = points(state.won_cards(declarer) | state.skat)
                    assert extra[0].kind == ActionKind.DEFENDERS_CLAIM
                    assert reached >= declarer_target(state)
            _conserved(state)
            continue
        if extra is not None:
            state = state.apply(extra[0], seat=extra[1])
        elif (
            state.phase == Phase.BIDDING
            and legal[-1].kind == ActionKind.PASS
            and rng.random() < 0.5
        ):
            state = state.apply(legal[-1])  # pass often, so that all-pass deals are common
        else:
            state = state.apply(rng.choice(legal))
        _conserved(state)
    assert state.legal_actions() == []
    assert state.current_player is None
    return state


def _check_end(state: State) -> None:
    result = state.result()
    if state.ending in (Ending.PASSED, Ending.PENALTY):
        assert result is None
        return
    if state.ending == Ending.PLAYED:
        assert sum(state.card_points()) + points(state.skat) == 120
    if isinstance(result, RamschResult):
        assert sum(result.tricks) == 10
    else:
        assert isinstance(result, GameResult)
        assert 0 <= result.declarer_points <= 120
        assert result.declarer_tricks + result.defender_tricks <= 10
    line = record.write_record(state)
    assert record.write(record.parse(line)) == line
    assert record.read_record(line, claim_check=settle) == state
    assert record.check(line, claim_check=settle).ok


@pytest.mark.slow
def test_random_deals_conform() -> None:
    endings: dict[Ending, int] = {}
    phases: set[Phase] = set()
    for seed in range(DEALS):
        state = play_deal(seed, full=seed % FULL_CHECK_EVERY == 0)
        _check_end(state)
        endings[state.ending] = endings.get(state.ending, 0) + 1
        if seed % FULL_CHECK_EVERY == 0:
            replayed = State.new(state.deal.number, state.options, state.dealer, claim_check=settle)
            for action, actor in zip(state.actions, state.actors, strict=True):
                replayed = replayed.apply(action, seat=None if actor < 0 else actor)
                phases.add(replayed.phase)
    # every phase and every way to end was reached
    assert phases == set(Phase)
    assert set(endings) == set(Ending) - {Ending.NONE}


@pytest.mark.slow
def test_same_seed_same_record_despite_global_random() -> None:
    for seed in range(DETERMINISM_DEALS):
        quiet = record.write_record(play_deal(seed, full=False))
        noisy = record.write_record(play_deal(seed, full=False, disturb=True))
        assert quiet == noisy
