"""The learned card policy (skat.players.beliefs): the weight the worlds multiply, the shipped
file, and what a bad or missing file says; and its use in the worlds' play weights."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from importlib import resources

import pytest

from skat.action import ActionKind
from skat.errors import SkatError
from skat.options import Options
from skat.players import UnknownPlayerError, beliefs, decision_rng, get_player, worlds
from skat.players.beliefs import (
    FEATURES,
    MODEL_FILE,
    Policy,
    load_policy,
    policy_from_json,
    policy_json,
    read_policy,
)
from skat.players.heuristic_play import Table, choose_card, table_of
from skat.state import Phase, State


def _tables(numbers: range) -> Iterator[tuple[Table, int, int]]:
    """Each card decision with two or more legal cards of heuristic self-play on the deals
    ``numbers``: the seat's table, the legal cards (mask) and the card played."""
    heuristic = get_player("heuristic")
    for number in numbers:
        state = State.new(number, Options())
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            info = state.information_state(seat)
            action = heuristic.choose(info, decision_rng(number, len(state.actions)))
            if state.phase == Phase.PLAY and info.contract is not None:
                legal = sum(
                    1 << a.value for a in state.legal_actions() if a.kind == ActionKind.CARD
                )
                if legal & (legal - 1):
                    yield table_of(info), legal, action.value
            state = state.apply(action)


def test_the_policy_s_favourite_weighs_1_and_every_other_legal_card_less() -> None:
    policy = load_policy()
    checked = below = 0
    for table, legal, _ in _tables(range(20, 32)):
        p = policy.card_probabilities(table, legal)
        assert sum(1 << c for c in p) == legal
        assert sum(p.values()) == pytest.approx(1.0)
        favourite = max(p, key=lambda c: p[c])
        assert policy.weight(table, legal, favourite) == 1.0
        for card in p:
            w = policy.weight(table, legal, card)
            assert 0.0 < w <= 1.0
            assert w == pytest.approx(p[card] / p[favourite])
            below += w < 1.0
        checked += 1
    assert checked > 100
    assert below > checked  # most decisions have cards the policy finds less likely


def test_a_card_that_is_not_legal_weighs_0_and_the_only_legal_card_1() -> None:
    policy = load_policy()
    table, legal, _ = next(_tables(range(20, 21)))
    card = (legal & -legal).bit_length() - 1
    outside = next(c for c in range(32) if not legal >> c & 1)
    assert policy.weight(table, legal, outside) == 0.0
    assert policy.weight(table, 1 << card, card) == 1.0


def test_the_shipped_policy_reads_every_feature_and_was_fitted_by_the_bench_script() -> None:
    policy = load_policy()
    assert policy.features == FEATURES
    assert all(math.isfinite(w) for w in policy.weights)
    assert read_policy(MODEL_FILE) == policy
    shipped = json.loads(resources.files("skat.players").joinpath(MODEL_FILE).read_text())
    assert shipped["source"]["fitted_by"] == "bench/learn_beliefs.py"
    assert shipped["source"]["deals"] == 68  # docs/experiments/2026-12-learned-beliefs.md


def test_a_policy_round_trips_through_its_json() -> None:
    policy = Policy(("points", "heuristic"), (-0.5, 1.25))
    source = {"fitted_by": "a test"}
    assert policy_from_json(policy_json(policy, source)) == policy
    assert json.loads(policy_json(policy, source))["source"] == source


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("not json", "Expecting value"),
        ("{}", "'weights'"),
        ('{"weights": [1.0, 2.0]}', "weights is list"),
        ('{"weights": {"heuristic": "1.5"}}', "weight of 'heuristic' is '1.5'"),
        ('{"weights": {"heuristic": true}}', "weight of 'heuristic' is True"),
        ('{"weights": {"heuristic": NaN}}', "weight of 'heuristic' is nan"),
        ('{"weights": {"heuristic": 1.0, "suit_length": 0.5}}', "unknown policy features"),
    ],
)
def test_a_text_that_is_no_policy_is_refused_with_its_fault(text: str, why: str) -> None:
    with pytest.raises(SkatError, match="not a card policy") as err:
        policy_from_json(text)
    assert why in str(err.value)


@pytest.mark.parametrize(
    ("features", "weights", "why"),
    [
        (("heuristic", "nope"), (1.0, 2.0), "unknown policy features"),
        (("heuristic", "heuristic"), (1.0, 2.0), "named twice"),
        (("heuristic",), (1.0, 2.0), "1 features, 2 weights"),
    ],
)
def test_a_policy_needs_known_features_each_with_one_weight(
    features: tuple[str, ...], weights: tuple[float, ...], why: str
) -> None:
    with pytest.raises(SkatError, match=why):
        Policy(features, weights)


def test_a_missing_policy_file_is_named() -> None:
    with pytest.raises(SkatError, match=r"the card policy missing\.json is missing"):
        read_policy("missing.json")


def test_a_strong_player_with_learned_beliefs_says_at_once_that_the_policy_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(beliefs, "MODEL_FILE", "missing.json")
    load_policy.cache_clear()
    try:
        with pytest.raises(UnknownPlayerError, match=r"card policy missing\.json is missing"):
            get_player("strong:beliefs=learned")
        get_player("strong")  # the flat beliefs read no file
    finally:
        load_policy.cache_clear()


def test_learned_beliefs_with_the_heuristic_feature_alone_are_the_flat_rule(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A policy that gives the heuristic's card twice the probability of each other card
    weighs a world exactly as the flat rule's :data:`~skat.players.worlds.PLAY_MISMATCH` 0.5
    does; the shipped policy weighs worlds differently."""
    rng = random.Random(4)
    heuristic = get_player("heuristic")
    states = []
    for number in (3, 7, 11):
        state = State.new(number, Options())
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            info = state.information_state(seat)
            if state.phase == Phase.PLAY and len(info.tricks) >= 2:
                states.append(info)
            state = state.apply(heuristic.choose(info, decision_rng(number, len(state.actions))))
    assert worlds.PLAY_MISMATCH == 0.5
    halves = Policy(("heuristic",), (math.log(2.0),))
    differ = 0
    for info in states:
        plays = worlds.plays(info)
        for _ in range(3):
            world = worlds.sample_world(info, rng)
            assert world is not None
            flat = worlds._play_likelihood(info, plays, world, 0.0, "flat")
            worlds._learned_weight.cache_clear()
            with monkeypatch.context() as patch:
                patch.setattr(beliefs, "load_policy", lambda: halves)
                assert worlds._play_likelihood(info, plays, world, 0.0, "learned") == (
                    pytest.approx(flat)
                )
            worlds._learned_weight.cache_clear()
            learned = worlds._play_likelihood(info, plays, world, 0.0, "learned")
            assert 0.0 < learned <= 1.0
            differ += learned != pytest.approx(flat)
    assert len(states) >= 30
    assert differ > len(states)  # the shipped policy is not the flat rule


def test_the_play_weight_refuses_unknown_beliefs() -> None:
    info = next(
        s.information_state(s.current_player)
        for s in _states_in_play(5)
        if s.current_player is not None
    )
    with pytest.raises(ValueError, match="beliefs must be one of flat, learned, not 'sharp'"):
        worlds._play_likelihood(info, worlds.plays(info), (0, 0, 0, 0), 0.0, "sharp")


def _states_in_play(number: int) -> Iterator[State]:
    """The states of heuristic self-play on deal ``number`` from the third trick on."""
    heuristic = get_player("heuristic")
    state = State.new(number, Options())
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        if state.phase == Phase.PLAY and len(state.tricks) >= 2:
            yield state
        info = state.information_state(seat)
        state = state.apply(heuristic.choose(info, decision_rng(number, len(state.actions))))


def test_the_policy_s_heuristic_feature_is_the_heuristic_s_card() -> None:
    from skat.players.beliefs import card_features

    for table, legal, played in _tables(range(40, 44)):
        cards, rows = card_features(table, legal)
        assert [row[FEATURES.index("heuristic")] for row in rows].count(1.0) == 1
        assert cards[[row[0] for row in rows].index(1.0)] == choose_card(table, legal) == played
