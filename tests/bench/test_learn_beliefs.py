"""bench/learn_beliefs.py: the card decisions of replayed games, today's flat penalty as a policy,
and the conditional logit fitted on them."""

from __future__ import annotations

import functools
import json
import math
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from bench import learn_beliefs as lb
from skat.action import Action, ActionKind
from skat.arena import arena_deal_number
from skat.options import Options
from skat.players import decision_rng, get_player
from skat.players.beliefs import FEATURES, Policy, policy_from_json
from skat.players.heuristic_play import table_of
from skat.rules import legal_cards
from skat.state import Phase, State


def _games(count: int) -> list[dict[str, Any]]:
    """Rows in the shape of bench/declare_data.py: heuristic self-play games with a card play,
    indexed 0, 1, ... as deals."""
    rows: list[dict[str, Any]] = []
    i = 0
    while len(rows) < count:
        number = arena_deal_number(3, i)
        i += 1
        state = State.new(number, Options())
        players = [get_player("heuristic") for _ in range(3)]
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            action = players[seat].choose(
                state.information_state(seat), decision_rng(number, len(state.actions))
            )
            state = state.apply(action)
        if state.contract is None:
            continue  # passed out: no card play
        rows.append(
            {
                "settings": {"seed": 3, "declarer": "heuristic", "defenders": "heuristic"},
                "deal": len(rows),
                "number": number,
                "actions": " ".join(str(a) for a in state.actions),
            }
        )
    return rows


@pytest.fixture(scope="module")
def games() -> list[dict[str, Any]]:
    return _games(10)


def test_decisions_are_the_card_decisions_with_two_or_more_legal_cards(
    games: list[dict[str, Any]],
) -> None:
    for row in games:
        state = State.new(row["number"], Options())
        expected = []
        for text in row["actions"].split():
            action = Action.parse(text)
            if action.kind == ActionKind.CARD and state.phase == Phase.PLAY:
                seat = state.current_player
                assert seat is not None
                trick = state.information_state(seat).trick
                led = trick[0] if trick else None
                assert state.contract is not None
                legal = legal_cards(state.hand(seat), led, int(state.contract.game))
                engine = sum(
                    1 << a.value for a in state.legal_actions() if a.kind == ActionKind.CARD
                )
                assert engine == legal
                if legal.bit_count() >= 2:
                    expected.append((int(seat), legal, action.value, led is None))
            state = state.apply(action)
        got = lb.decisions(row)
        assert len(got) == len(expected) > 0
        for d, (player, legal, card, lead) in zip(got, expected, strict=True):
            assert (d.seat, sum(1 << c for c in d.cards), d.cards[d.chosen], d.lead) == (
                player,
                legal,
                card,
                lead,
            )
            assert d.declarer == (player == state.declarer)
            assert d.features.shape == (len(d.cards), len(FEATURES))
            assert d.features[:, 0].sum() == 1
            assert d.features[d.heuristic, 0] == 1
            assert d.deal == row["deal"]
        assert [d.trick for d in got] == sorted(d.trick for d in got)


def test_the_heuristic_players_own_cards_are_the_heuristic_feature(
    games: list[dict[str, Any]],
) -> None:
    # the games were played by the heuristic: every card played is the heuristic's card
    for row in games:
        assert all(d.chosen == d.heuristic for d in lb.decisions(row))


@pytest.mark.parametrize("n", [2, 3, 5, 10])
@pytest.mark.parametrize("mismatch", [0.5, 0.124, 1.0])
def test_flat_penalty_probabilities_sum_to_one(n: int, mismatch: float) -> None:
    p = lb.flat_probabilities(n, n - 1, mismatch)
    assert sum(p) == pytest.approx(1.0)
    assert p[n - 1] == pytest.approx(1 / (1 + mismatch * (n - 1)))
    assert all(x == pytest.approx(mismatch * p[n - 1]) for x in p[: n - 1])


def _synthetic(weights: np.ndarray, count: int, seed: int) -> list[lb.Decision]:
    """Decisions with random features whose played card is drawn from the conditional logit of
    ``weights``."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(count):
        n = int(rng.integers(2, 9))
        x = (rng.random((n, len(FEATURES))) < 0.3).astype(np.float64)
        p = np.exp(x @ weights)
        p /= p.sum()
        chosen = int(rng.choice(n, p=p))
        out.append(lb.Decision(i, 0, False, False, 0, tuple(range(n)), chosen, 0, x))
    return out


def test_a_fit_on_a_known_policy_recovers_it() -> None:
    rng = random.Random(5)
    true = np.array([rng.uniform(-1.5, 1.5) for _ in FEATURES])
    train = _synthetic(true, 4000, 1)
    test = _synthetic(true, 1000, 2)
    policy = lb.fit(train, FEATURES, l2=0.1)
    assert np.abs(np.array(policy.weights) - true).max() < 0.35
    fitted = lb.log_loss(functools.partial(lb.probabilities, policy), test)
    uniform = lb.log_loss(lambda d: [1 / len(d.cards)] * len(d.cards), test)
    best = lb.log_loss(lambda d: lb._softmax(d.features @ true), test)
    assert fitted < uniform - 0.1
    assert fitted < best + 0.01


def test_the_flat_fit_finds_the_penalty_of_flat_data() -> None:
    # a policy on the heuristic feature alone is today's flat penalty with a fitted weight
    rng = np.random.default_rng(3)
    out = []
    for i in range(6000):
        n = int(rng.integers(2, 9))
        h = int(rng.integers(n))
        x = np.zeros((n, len(FEATURES)))
        x[h, 0] = 1.0
        chosen = int(rng.choice(n, p=lb.flat_probabilities(n, h, 0.25)))
        out.append(lb.Decision(i, 0, False, False, 0, tuple(range(n)), chosen, h, x))
    policy = lb.fit(out, ("heuristic",), l2=0.0)
    assert math.exp(-policy.weights[0]) == pytest.approx(0.25, rel=0.1)


def test_the_hot_path_gives_the_fitted_probabilities(games: list[dict[str, Any]]) -> None:
    rng = random.Random(2)
    policy = Policy(FEATURES, tuple(rng.uniform(-1, 1) for _ in FEATURES))
    row = games[0]
    ds = iter(lb.decisions(row))
    state = State.new(row["number"], Options())
    checked = 0
    for text in row["actions"].split():
        action = Action.parse(text)
        if action.kind == ActionKind.CARD and state.phase == Phase.PLAY:
            legal = sum(1 << a.value for a in state.legal_actions() if a.kind == ActionKind.CARD)
            if legal.bit_count() >= 2:
                d = next(ds)
                seat = state.current_player
                assert seat is not None
                fast = policy.card_probabilities(table_of(state.information_state(seat)), legal)
                assert list(fast) == list(d.cards)
                assert list(fast.values()) == pytest.approx(list(lb.probabilities(policy, d)))
                assert sum(fast.values()) == pytest.approx(1.0)
                checked += 1
        state = state.apply(action)
    assert checked > 0


def test_main_reports_the_policies_and_writes_the_weights(
    games: list[dict[str, Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "rows.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in games))
    model = tmp_path / "model.json"
    assert lb.main(["--data", str(data), "--deals", "10", "--model", str(model)]) == 0
    out = capsys.readouterr().out
    assert "held out (deals 4 modulo 5)" in out
    for column in ("| all |", "| fit |", "flat 0.5 (today)", "(fitted)", "| uniform |", "paired"):
        assert column in out
    written = json.loads(model.read_text())
    assert written["source"]["deals"] == 10
    assert written["source"]["fitted_by"] == "bench/learn_beliefs.py"
    assert list(written["weights"]) == list(FEATURES)
    # the file is what the strong player's beliefs=learned reads, weight for weight
    policy = policy_from_json(model.read_text())
    assert policy.features == FEATURES
    assert policy.weights == tuple(written["weights"].values())


def test_main_refuses_a_file_without_rows(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="holds no rows"):
        lb.main(["--data", str(tmp_path / "none.jsonl"), "--deals", "5"])
