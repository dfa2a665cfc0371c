"""Fit the played-out win chance of each contract on the "declare everything" rows and measure it
on held-out deals against the chance the strong player uses today (issue 48, point 2).

Reads the rows of ``bench/declare_data.py`` (``--data``): every plausible contract of a seat's
ten dealt cards, played out by the strong declarer against real defenders, with whether it was
won. Fits, per contract family (suit, Grand, Null) and Hand or pick-up, a correction of today's
chance (below): a logistic regression of ``won`` whose logit is today's plus a weighted sum of the
features of :func:`skat.players.contract_model.features` (the ten dealt cards and the seat; a
Null Ouvert by an added ``ouvert`` feature), every weight held towards 0 by an L2 penalty
(``--l2``; :func:`bench.fit_contracts.fit_logistic` with an offset), so that a contract with few
rows keeps today's chance. It is fitted on the deals whose index is not ``4`` modulo 5. On the
held-out deals (index ``4`` modulo 5) it prints a Markdown report: the log loss and the Brier
score per played contract of

* the fit (the played-out chance),
* today's chance: the open-hand evaluator's chance mapped by the calibration of the defenders
  (``calibration[<defenders>]``, :func:`skat.players.contract_model.model_chance`, as the strong
  player's learned bid limit and contest check take it, ``model_limit`` and ``model_contest``;
  by default it bids by the heuristic's limit),
* the constant base rate (the training share of the same contract),

by contract, and a calibration table of the fit by tenths of its predicted chance. With
``--model`` it writes the fit's weights as JSON (the shape of
:func:`skat.players.contract_model.model_from_json`, keyed ``family/hand`` and
``null/...`` with the ``ouvert`` feature).

The rows are no random sample of contracts: a contract is played when the open-hand evaluator
gives it at least ``min_chance`` (0.1, the data's settings), a choice made from the cards alone
and not from how the game went, so the fit is unbiased above that line and says nothing below it.

Usage::

    .venv/bin/python -m bench.fit_outcomes --data declare-48-heuristic.jsonl
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from bench.common import argument_parser, mean_half
from bench.fit_contracts import HELD_OUT, fit_logistic, held_out
from bench.rows import read_rows
from bench.runs import IN_RUNS, run_path
from skat.options import Options
from skat.players import evaluation as ev
from skat.players.calibration import CALIBRATIONS
from skat.players.contract_model import FAMILIES, family, features, model_chance
from skat.rules import GameType

EPS = 1e-6


@dataclass(frozen=True, slots=True)
class Sample:
    """One played contract: its features, whether it was won, its group and today's chance."""

    values: dict[str, float]
    won: bool
    letter: str
    hand: bool
    ouvert: bool
    today: float
    sf: float
    deal: int

    @property
    def kind(self) -> str:
        return family(GameType.from_letter(self.letter))

    @property
    def name(self) -> str:
        ouvert = " Ouvert" if self.ouvert else ""
        return f"{self.letter}{ouvert} {'Hand' if self.hand else 'pick-up'}"


def samples(rows: Sequence[dict[str, Any]]) -> list[Sample]:
    """Each row as a sample; today's chance against the rows' defenders.

    Raises:
        KeyError: the defenders have no calibration (:data:`CALIBRATIONS`).
    """
    out = []
    for row in rows:
        game = GameType.from_letter(row["game"])
        calibration = CALIBRATIONS[row["settings"]["defenders"].partition(":")[0]]
        values = features(row["cards"], row["seat"], game)
        if game == GameType.NULL:
            values["ouvert"] = float(row["ouvert"])
        today = model_chance(
            row["cards"],
            row["seat"],
            game,
            calibration,
            pickup=not row["hand"],
            ouvert=row["ouvert"],
        )
        out.append(
            Sample(
                values,
                row["won"],
                row["game"],
                row["hand"],
                row["ouvert"],
                today,
                row["sf"],
                row["deal"],
            )
        )
    return out


def fit(train: Sequence[Sample], l2: float) -> dict[str, dict[str, list[Any]]]:
    """The weights of the correction of today's logit per (family, Hand), keyed
    ``family/hand``."""
    models: dict[str, dict[str, list[Any]]] = {}
    for kind in FAMILIES:
        for hand in (True, False):
            part = [s for s in train if s.kind == kind and s.hand == hand]
            if not part:
                continue
            names = sorted(part[0].values, key=lambda n: (n != "bias", n))
            x = np.array([[s.values[n] for n in names] for s in part])
            wins = np.array([float(s.won) for s in part])
            offset = np.array([_logit(s.today) for s in part])
            w = fit_logistic(x, wins, np.ones(len(part)), l2, offset=offset)
            key = f"{kind}/{'hand' if hand else 'pickup'}"
            models[key] = {"features": names, "weights": [round(float(v), 4) for v in w]}
    return models


def predict(models: dict[str, dict[str, list[Any]]], sample: Sample) -> float | None:
    """The fit's chance of ``sample``, None when its (family, Hand) had no training rows."""
    model = models.get(f"{sample.kind}/{'hand' if sample.hand else 'pickup'}")
    if model is None:
        return None
    z = _logit(sample.today) + sum(
        w * sample.values.get(n, 0.0)
        for n, w in zip(model["features"], model["weights"], strict=True)
    )
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def _logit(p: float) -> float:
    p = min(1 - EPS, max(EPS, p))
    return math.log(p / (1 - p))


def _losses(p: float, won: bool) -> tuple[float, float]:
    p = min(1 - EPS, max(EPS, p))
    return -math.log(p if won else 1 - p), (float(won) - p) ** 2


def gap(samples: Sequence[Sample]) -> tuple[float, float, float]:
    """The share won less today's chance over ``samples`` and its 95% interval, the deals as
    clusters (the contracts of a deal share its cards): the mean of ``won - today`` and
    1.96 cluster-robust standard errors.

    Raises:
        ValueError: fewer than two deals.
    """
    by_deal: dict[int, list[float]] = {}
    for s in samples:
        by_deal.setdefault(s.deal, []).append(float(s.won) - s.today)
    if len(by_deal) < 2:
        raise ValueError("an interval over deals needs two deals or more")
    n = sum(len(v) for v in by_deal.values())
    mean = sum(sum(v) for v in by_deal.values()) / n
    k = len(by_deal)
    var = sum((sum(v) - mean * len(v)) ** 2 for v in by_deal.values()) * k / (k - 1) / n**2
    half = 1.96 * math.sqrt(var)
    return mean, mean - half, mean + half


def report(models: dict[str, dict[str, list[Any]]], train: list[Sample], test: list[Sample]) -> str:
    """The Markdown report on the held-out samples."""
    base: dict[str, float] = {}
    for name in {s.name for s in train}:
        same = [s for s in train if s.name == name]
        base[name] = sum(s.won for s in same) / len(same)
    scored = []
    for s in test:
        fitted = predict(models, s)
        rate = base.get(s.name)
        if fitted is not None and rate is not None:
            scored.append((s, fitted, rate))
    lines = [
        f"{len(train)} contracts fitted, {len(test)} held out ({len(scored)} of them of a "
        "contract with training rows).",
        "",
        "| contract | played | won | log loss: fit | today | base rate "
        "| Brier: fit | today | base rate | mean: fit | today |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    names = sorted({s.name for s, _, _ in scored}, key=lambda n: ("Hand" in n, n))
    for name in [*names, "all"]:
        part = [t for t in scored if name in ("all", t[0].name)]
        sums = [0.0] * 6
        for s, fitted, rate in part:
            for i, q in enumerate((fitted, s.today, rate)):
                log, brier = _losses(q, s.won)
                sums[i] += log
                sums[3 + i] += brier
        n = len(part)
        cells = " | ".join(f"{v / n:.3f}" for v in sums)
        won = sum(s.won for s, _, _ in part) / n
        mean_fit = sum(f for _, f, _ in part) / n
        mean_today = sum(s.today for s, _, _ in part) / n
        lines.append(f"| {name} | {n} | {won:.3f} | {cells} | {mean_fit:.3f} | {mean_today:.3f} |")
    lines += ["", "| fit's chance | played | mean predicted | share won |", "|---|---:|---:|---:|"]
    for tenth in range(10):
        binned = [(s, f) for s, f, _ in scored if min(9, int(f * 10)) == tenth]
        label = f"{tenth / 10:.1f}–{(tenth + 1) / 10:.1f}"
        if not binned:
            lines.append(f"| {label} | 0 | – | – |")
            continue
        mean = sum(f for _, f in binned) / len(binned)
        share = sum(s.won for s, _ in binned) / len(binned)
        lines.append(f"| {label} | {len(binned)} | {mean:.3f} | {share:.3f} |")
    return "\n".join(lines)


def _margin(row: dict[str, Any], bonus: float) -> float | None:
    """The heuristic's margin (:func:`skat.players.evaluation.choices`, ``play_bonus`` ``bonus``)
    of the row's contract, a pick-up judged on the ten dealt cards; None when it has none."""
    game = GameType.from_letter(row["game"])
    for c in ev.choices(
        row["cards"], seat=row["seat"], hand_game=row["hand"], options=Options(),
        pre_skat=not row["hand"], play_bonus=bonus,
    ):  # fmt: skip
        if c.game == game and c.ouvert == row["ouvert"]:
            return c.margin
    return None


def margins(rows: Sequence[dict[str, Any]], bonus: float) -> str:
    """What the contracts bring by the heuristic's bid margin with ``bonus`` (the strong
    player's ``bid_bonus``; its bid limit is the value of the highest game of margin ≥ 0): a
    Markdown table by half-logit bins of the margin (the share won and the mean Seeger-Fabian
    score of the rows), and for the seats whose limit bids (≥ 18) and those it passes, the
    contract of the largest margin: how often it won and what it scored."""
    lines = [
        f"By the heuristic's margin (bid bonus {bonus:+.2f}; the bid limit takes margin ≥ 0):",
        "",
        "| margin | contracts | won | mean SF |",
        "|---|---:|---:|---:|",
    ]
    bins: dict[float, list[dict[str, Any]]] = {}
    seats: dict[tuple[int, int], list[tuple[float, dict[str, Any]]]] = {}
    for row in rows:
        m = _margin(row, bonus)
        if m is None:
            continue
        bins.setdefault(max(-3.0, min(2.0, math.floor(m * 2) / 2)), []).append(row)
        seats.setdefault((row["deal"], row["seat"]), []).append((m, row))
    for low in sorted(bins):
        part = bins[low]
        label = "below −2.5" if low == -3.0 else ("2.0 and above" if low == 2.0 else
                                                 f"{low:+.1f} .. {low + 0.5:+.1f}")  # fmt: skip
        won = sum(r["won"] for r in part) / len(part)
        sf = mean_half([r["sf"] for r in part])[0]
        lines.append(f"| {label} | {len(part)} | {won:.3f} | {sf:+.1f} |")
    lines += ["", "| the seat's limit | seats | its largest margin's contract: won | mean SF |",
              "|---|---:|---:|---:|"]  # fmt: skip
    for bids in (True, False):
        best = [
            max(found, key=lambda t: t[0])[1]
            for (_, seat), found in seats.items()
            if (ev.bid_limit(found[0][1]["cards"], seat, Options(), bonus) >= 18) == bids
        ]
        if best:
            won = sum(r["won"] for r in best) / len(best)
            name = "bids (≥ 18)" if bids else "passes"
            sf = mean_half([r["sf"] for r in best])[0]
            lines.append(f"| {name} | {len(best)} | {won:.3f} | {sf:+.1f} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argument_parser(__doc__)
    ap.add_argument(
        "--data", required=True, type=run_path, help="the rows of bench/declare_data.py; " + IN_RUNS
    )
    ap.add_argument("--model", help="write the fit's weights to this JSON file")
    ap.add_argument("--l2", type=float, default=1.0, help="L2 penalty of the weights (1.0)")
    ap.add_argument("--deals", type=int, help="only the rows of the deals below this index")
    ap.add_argument(
        "--margins",
        type=float,
        metavar="BONUS",
        help="also the rows by the heuristic's bid margin with this bid bonus (the strong "
        "player's bid_bonus is 0.9)",
    )
    args = ap.parse_args(argv)
    rows = [r for r in read_rows(args.data) if args.deals is None or r["deal"] < args.deals]
    if not rows:
        raise SystemExit(f"{args.data} holds no rows")
    train = samples([r for r in rows if not held_out(r["deal"])])
    test = samples([r for r in rows if held_out(r["deal"])])
    if not train or not test:
        raise SystemExit(f"{args.data}: too few deals to hold one in {HELD_OUT} out")
    models = fit(train, args.l2)
    deals = 1 + max(r["deal"] for r in rows)
    print(f"{len(rows)} rows of {deals} deals, settings {rows[0]['settings']}")
    mean, low, high = gap([*train, *test])
    print(f"share won − today's chance, all rows: {mean:+.3f} ({low:+.3f} .. {high:+.3f})\n")
    print(report(models, train, test))
    if args.margins is not None:
        print("\n" + margins(rows, args.margins))
    if args.model:
        source = {
            "fitted_by": "bench/fit_outcomes.py",
            "correcting": "skat.players.contract_model.model_chance",
            "deals": deals,
            "rows": len(train),
            "held_out_rows": len(test),
            "settings": rows[0]["settings"],
            "l2": args.l2,
        }
        with open(args.model, "w", encoding="utf-8") as f:
            json.dump({"source": source, "models": models}, f, indent=1)
            f.write("\n")
        print(f"\nwrote {args.model}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
