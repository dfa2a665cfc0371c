"""bench/fit_contracts.py: the logistic fit and the held-out split of the contract evaluator."""

from __future__ import annotations

import numpy as np
import pytest

from bench import fit_contracts


def test_the_binomial_fit_finds_the_weights_the_wins_were_drawn_with() -> None:
    rng = np.random.default_rng(28)
    x = np.column_stack([np.ones(4000), rng.normal(size=4000), rng.integers(0, 4, size=4000)])
    truth = np.array([-1.0, 2.0, 0.5])
    worlds = np.full(4000, 8.0)
    wins = rng.binomial(8, 1.0 / (1.0 + np.exp(-(x @ truth)))).astype(float)
    fitted = fit_contracts.fit_logistic(x, wins, worlds, l2=0.0)
    assert np.allclose(fitted, truth, atol=0.08)


def test_the_penalty_shrinks_the_weights_but_not_the_bias() -> None:
    x = np.column_stack([np.ones(8), np.array([0, 0, 0, 0, 1, 1, 1, 1.0])])
    wins = np.array([0, 0, 1, 0, 8, 7, 8, 8.0])
    worlds = np.full(8, 8.0)
    free = fit_contracts.fit_logistic(x, wins, worlds, l2=0.0)
    shrunk = fit_contracts.fit_logistic(x, wins, worlds, l2=50.0)
    assert 0 < shrunk[1] < free[1]


@pytest.mark.parametrize(
    ("deal", "out"), [(0, False), (3, False), (4, True), (9, True), (10, False)]
)
def test_one_deal_in_five_is_held_out_with_all_its_seats(deal: int, out: bool) -> None:
    assert fit_contracts.held_out(deal) is out


def test_with_an_offset_the_fit_finds_the_correction_and_a_penalty_keeps_it_at_the_offset() -> None:
    rng = np.random.default_rng(48)
    x = np.column_stack([np.ones(4000), rng.normal(size=4000)])
    offset = rng.normal(size=4000)
    truth = np.array([0.5, -1.0])
    wins = rng.binomial(1, 1.0 / (1.0 + np.exp(-(offset + x @ truth)))).astype(float)
    ones = np.ones(4000)
    assert np.allclose(
        fit_contracts.fit_logistic(x, wins, ones, 0.0, offset=offset), truth, atol=0.1
    )
    held = fit_contracts.fit_logistic(x, wins, ones, 1e7, offset=offset)
    assert np.all(np.abs(held) < 1e-3)  # the bias is penalised too: the offset alone remains
