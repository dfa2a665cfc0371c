"""Fit the learned contract evaluator on solver-labelled rows and measure it on held-out deals.

Reads the rows of ``bench/learn_contracts.py`` (``--data``), fits a logistic regression per
contract family (suit, Grand, Null) and Hand or pick-up (:mod:`skat.players.contract_model`)
by Newton's method with an L2 penalty (``--l2``; numpy only), on the deals whose index is not
``4`` modulo 5, and writes the weights (``--model``, default the shipped
``skat/players/contract_model.json``). On the held-out deals (index ``4`` modulo 5) it prints
a Markdown report: the log loss and the Brier score per world of the model, of the heuristic's
win chance of the same contract (:func:`skat.players.evaluation.win_chance` of its margin from
:func:`skat.players.evaluation.choices`: Hand, or pick-up judged on the ten dealt cards) and of
the constant base rate (the training share of the same contract), and a calibration table of the
model by tenths of its predicted chance.

A label's target is its wins out of its worlds; a world the node budget cut is counted lost
(no winning discard was found in the budget: docs/learning.md).

Usage::

    .venv/bin/python -m bench.fit_contracts --data artifacts/contracts-28.jsonl
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Sequence
from typing import Any

import numpy as np

from bench.common import argument_parser, percentile
from bench.rows import read_rows
from bench.runs import IN_RUNS, run_path
from skat.options import Options
from skat.players import evaluation as ev
from skat.players.contract_model import FAMILIES, ContractModel, family, features, model_from_json
from skat.rules import GameType

HELD_OUT = 5
"""Deals whose index is ``HELD_OUT - 1`` modulo ``HELD_OUT`` are held out (one in five)."""

LETTERS = "DHSCGN"
EPS = 1e-6

Sample = tuple[dict[str, float], int, int, str, bool, float]
"""(features, wins, worlds, game letter, hand, heuristic chance)."""


def held_out(deal_index: int) -> bool:
    """Whether the deal of ``deal_index`` is held out of the fit."""
    return deal_index % HELD_OUT == HELD_OUT - 1


def heuristic_chance(cards: int, seat: int, game: GameType, hand: bool) -> float:
    """The heuristic's win chance of ``game`` Hand or with the pick-up (judged before the skat)."""
    games = ev.choices(cards, seat=seat, hand_game=hand, options=Options(), pre_skat=not hand)
    margin = next(c.margin for c in games if c.game == game)
    return ev.win_chance(margin)


def samples(rows: Sequence[dict[str, Any]]) -> list[Sample]:
    """Every label of ``rows`` as a sample (cut worlds counted lost)."""
    out: list[Sample] = []
    for row in rows:
        worlds = row["settings"]["worlds"]
        for letter in LETTERS:
            game = GameType.from_letter(letter)
            values = features(row["cards"], row["seat"], game)
            for hand in (True, False):
                wins = row["labels"][letter]["hand" if hand else "pickup"][0]
                prior = heuristic_chance(row["cards"], row["seat"], game, hand)
                out.append((values, wins, worlds, letter, hand, prior))
    return out


def fit_logistic(
    x: np.ndarray,
    wins: np.ndarray,
    worlds: np.ndarray,
    l2: float,
    steps: int = 50,
    *,
    offset: np.ndarray | None = None,
) -> np.ndarray:
    """Weights of a binomial logistic regression (``wins`` of ``worlds`` per row of ``x``; the
    first column the bias) by Newton's method with an L2 penalty ``l2``. Without ``offset`` the
    bias is not penalised; with it (a logit per row added to ``x @ w``) every weight is, so that
    the fit stays at the offset where the rows say little."""
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], l2)
    if offset is None:
        penalty[0] = 0.0
        offset = np.zeros(x.shape[0])

    def objective(w: np.ndarray) -> float:
        """The penalised log likelihood, which each step must not lower."""
        z = offset + x @ w
        return float(wins @ z - worlds @ np.logaddexp(0.0, z) - 0.5 * penalty @ (w * w))

    current = objective(w)
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(offset + x @ w, -30, 30)))
        grad = x.T @ (wins - worlds * p) - penalty * w
        hess = (x * (worlds * p * (1 - p))[:, None]).T @ x + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hess, grad)
        # halved while it overshoots: far from the optimum (an offset far off the labels) a
        # full Newton step can leave the region where the quadratic model holds
        while objective(w + step) < current and float(np.max(np.abs(step))) > 1e-10:
            step /= 2.0
        w += step
        current = objective(w)
        if float(np.max(np.abs(step))) < 1e-8:
            break
    return w


def fit(train: list[Sample], l2: float) -> dict[str, dict[str, list[Any]]]:
    """The JSON ``models`` part: one fit per (family, Hand)."""
    models: dict[str, dict[str, list[Any]]] = {}
    for kind in FAMILIES:
        for hand in (True, False):
            part = [s for s in train if family(GameType.from_letter(s[3])) == kind and s[4] == hand]
            names = sorted(part[0][0], key=lambda n: (n != "bias", n))
            x = np.array([[s[0][n] for n in names] for s in part])
            wins = np.array([s[1] for s in part], dtype=float)
            worlds = np.array([s[2] for s in part], dtype=float)
            w = fit_logistic(x, wins, worlds, l2)
            key = f"{kind}/{'hand' if hand else 'pickup'}"
            models[key] = {"features": names, "weights": [round(float(v), 4) for v in w]}
    return models


def _losses(p: float, wins: int, worlds: int) -> tuple[float, float]:
    """Summed log loss and Brier score of ``p`` over the worlds of one label."""
    p = min(1 - EPS, max(EPS, p))
    log = -(wins * math.log(p) + (worlds - wins) * math.log(1 - p))
    brier = wins * (1 - p) ** 2 + (worlds - wins) * p**2
    return log, brier


def report(
    model: ContractModel, train: list[Sample], test: list[Sample], test_rows: list[dict[str, Any]]
) -> str:
    """The Markdown report on the held-out samples."""
    base: dict[tuple[str, bool], float] = {}
    for letter in LETTERS:
        for hand in (True, False):
            part = [s for s in train if s[3] == letter and s[4] == hand]
            base[(letter, hand)] = sum(s[1] for s in part) / max(1, sum(s[2] for s in part))
    predicted = []
    for row in test_rows:
        chances = model.win_chances(row["cards"], row["seat"])
        for letter in LETTERS:
            for hand in (True, False):
                predicted.append(chances[(GameType.from_letter(letter), hand)])
    lines = [
        "| contract | worlds | won | log loss: model | heuristic | base rate "
        "| Brier: model | heuristic | base rate |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    groups = [(f"{letter} {'Hand' if hand else 'pick-up'}", letter, hand)
              for hand in (True, False) for letter in LETTERS]  # fmt: skip
    groups.append(("all", "", False))
    for name, letter, hand in groups:
        sums = [0.0] * 6
        worlds = won = 0
        for s, p in zip(test, predicted, strict=True):
            if letter and (s[3] != letter or s[4] != hand):
                continue
            worlds += s[2]
            won += s[1]
            for i, q in enumerate((p, s[5], base[(s[3], s[4])])):
                log, brier = _losses(q, s[1], s[2])
                sums[i] += log
                sums[3 + i] += brier
        n = max(1, worlds)
        cells = " | ".join(f"{v / n:.3f}" for v in sums)
        lines.append(f"| {name} | {worlds} | {won / n:.3f} | {cells} |")
    lines += ["", "| model's chance | worlds | mean predicted | share won |"]
    lines.append("|---|---:|---:|---:|")
    for tenth in range(10):
        binned = [(s, p) for s, p in zip(test, predicted, strict=True)
                  if min(9, int(p * 10)) == tenth]  # fmt: skip
        worlds = sum(sample[2] for sample, _ in binned)
        if not worlds:
            lines.append(f"| {tenth / 10:.1f}–{(tenth + 1) / 10:.1f} | 0 | – | – |")
            continue
        mean = sum(p * sample[2] for sample, p in binned) / worlds
        share = sum(sample[1] for sample, _ in binned) / worlds
        lines.append(f"| {tenth / 10:.1f}–{(tenth + 1) / 10:.1f} | {worlds} | {mean:.3f} "
                     f"| {share:.3f} |")  # fmt: skip
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argument_parser(__doc__)
    ap.add_argument(
        "--data",
        required=True,
        type=run_path,
        help="the rows of bench/learn_contracts.py; " + IN_RUNS,
    )
    ap.add_argument("--model", default="skat/players/contract_model.json", help="output model")
    ap.add_argument("--l2", type=float, default=1.0, help="L2 penalty of the weights (1.0)")
    ap.add_argument("--deals", type=int, help="only the rows of the deals below this index")
    args = ap.parse_args(argv)
    rows = [r for r in read_rows(args.data) if args.deals is None or r["deal"] < args.deals]
    if not rows:
        raise SystemExit(f"{args.data} holds no rows")
    train_rows = [r for r in rows if not held_out(r["deal"])]
    test_rows = [r for r in rows if held_out(r["deal"])]
    train, test = samples(train_rows), samples(test_rows)
    settings = rows[0]["settings"]
    cut_hand = sum(v["hand"][2] for r in rows for v in r["labels"].values())
    cut_pickup = sum(v["pickup"][2] for r in rows for v in r["labels"].values())
    label_worlds = len(rows) * len(LETTERS) * settings["worlds"]
    source = {
        "fitted_by": "bench/fit_contracts.py",
        "deals": 1 + max(r["deal"] for r in rows),
        "rows": len(train_rows),
        "held_out_rows": len(test_rows),
        "settings": settings,
        "l2": args.l2,
    }
    data = {"source": source, "models": fit(train, args.l2)}
    text = json.dumps(data, indent=1) + "\n"
    model = model_from_json(text)
    with open(args.model, "w", encoding="utf-8") as f:
        f.write(text)
    nodes = [r["nodes"] for r in rows]
    print(
        f"{len(rows)} rows ({len(train_rows)} fitted, {len(test_rows)} held out), "
        f"{settings}; label-worlds cut by the budget: Hand {cut_hand / label_worlds:.1%}, "
        f"pick-up {cut_pickup / label_worlds:.1%} (of {label_worlds} each); "
        f"solver nodes a row: mean {sum(nodes) / len(nodes) / 1e6:.2f} M, "
        f"median {percentile(nodes, 0.5) / 1e6:.2f} M, 90th percentile "
        f"{percentile(nodes, 0.9) / 1e6:.2f} M, most {max(nodes) / 1e6:.2f} M\n"
    )
    print(report(model, train, test, test_rows))
    print(f"\nwrote {args.model}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
