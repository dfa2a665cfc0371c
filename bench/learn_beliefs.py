"""A learned card-play policy for the strong player's beliefs: the data, the fit and the held-out
comparison with today's flat penalty (issue 48, point 4).

When the strong player draws worlds it weighs each card another seat played by whether the
heuristic would have played it from that seat's cards in the world (1) or not
(:data:`skat.players.worlds.PLAY_MISMATCH`, 0.5). Read as a policy over the ``n`` legal cards,
that gives the heuristic's card ``1 / (1 + 0.5 (n − 1))`` and each other card
``0.5 / (1 + 0.5 (n − 1))`` (:func:`flat_probabilities`). This script fits a policy
``P(card | the seat's hand, the public state)`` instead and compares the two on held-out deals.

**Data.** The card decisions of the "declare everything" rows (``bench/declare_data.py``;
``--data``, by default ``declare-48-strong.jsonl``, strong declarer and strong defenders):
each row's game is replayed with :class:`skat.state.State` (``State.new(number, Options())``),
and before every card with two or more legal cards (the state's legal actions) the player's
information state gives a :class:`~skat.players.heuristic_play.Table` (its real hand included,
known in self-play) and :func:`~skat.players.heuristic_play.choose_card` the heuristic's card
(:func:`decisions`). ``--deals N`` keeps the rows of deal index below ``N`` (the file grows in
the background; the report names ``N``).

**Model.** The conditional logit of :mod:`skat.players.beliefs` (its home: the features
:data:`~skat.players.beliefs.FEATURES` and :func:`~skat.players.beliefs.card_features`, the
softmax, the shipped weights): each legal card gets the score ``w · x(card)``, and the policy is
the softmax of the scores over the legal cards. Fitted here by Newton's method on the mean log
loss plus an L2 penalty (``--l2``) (:func:`fit`).

**Held out.** Deals whose index is 4 modulo 5 (as ``bench/fit_outcomes.py``). The report gives
the mean log loss per decision (nats) of the fit, of today's flat penalty, of the best flat
penalty fitted on the training deals (the model with the heuristic feature alone) and of the
uniform policy over the legal cards, by declarer/defender and leading/following, and the share
of decisions where each policy's likeliest card is the one played. ``--validate`` fits on the
deals 0–2 modulo 5 and reports on those 3 modulo 5 instead, never touching the held-out deals:
features and penalty are chosen there. ``--model FILE`` writes the fit (on the training deals)
as the JSON that :func:`skat.players.beliefs.policy_from_json` reads; the strong player's
``beliefs=learned`` uses the one shipped as ``skat/players/beliefs_model.json``.

Usage (the second command rebuilds the shipped policy)::

    nice -n 10 .venv/bin/python -m bench.learn_beliefs --data declare-48-strong.jsonl --deals 68
    nice -n 10 .venv/bin/python -m bench.learn_beliefs --data declare-48-strong.jsonl --deals 68 \
        --model skat/players/beliefs_model.json
"""

from __future__ import annotations

import functools
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from bench.common import argument_parser
from bench.fit_contracts import HELD_OUT, held_out
from bench.rows import Row, read_rows
from bench.runs import IN_RUNS, run_path
from skat.action import Action, ActionKind
from skat.information import InformationState
from skat.options import Options
from skat.players.beliefs import FEATURES, Policy, card_features, policy_json
from skat.players.heuristic_play import choose_card, table_of
from skat.players.worlds import PLAY_MISMATCH
from skat.state import Phase, State

__all__ = [
    "Decision",
    "decisions",
    "fit",
    "flat_probabilities",
    "log_loss",
    "probabilities",
]

Array = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Decision:
    """One card decision of a replayed game with two or more legal cards.

    Attributes:
        deal: the row's deal index.
        seat: who played (0 forehand, 1 middlehand, 2 rearhand).
        declarer: whether that seat is the declarer.
        lead: whether it led the trick.
        trick: the trick number, 0..9.
        cards: the legal cards, ascending (the engine's legal actions).
        chosen: the index in ``cards`` of the card played.
        heuristic: the index in ``cards`` of the heuristic's card.
        features: one row of :data:`FEATURES` per legal card, shape ``(len(cards), len(FEATURES))``.
    """

    deal: int
    seat: int
    declarer: bool
    lead: bool
    trick: int
    cards: tuple[int, ...]
    chosen: int
    heuristic: int
    features: Array


def _decision(deal: int, info: InformationState, legal: list[int], card: int) -> Decision:
    table = table_of(info)
    cards, rows = card_features(table, sum(1 << c for c in legal))
    return Decision(
        deal=deal,
        seat=int(info.seat),
        declarer=info.seat == info.declarer,
        lead=not info.trick,
        trick=len(info.tricks),
        cards=tuple(cards),
        chosen=cards.index(card),
        heuristic=[row[0] for row in rows].index(1.0),
        features=np.array(rows, dtype=np.float64),
    )


def decisions(row: Row) -> list[Decision]:
    """The card decisions with two or more legal cards of a row's game, in playing order.

    The row's ``actions`` are replayed from ``State.new(row["number"], Options())``; the legal
    cards are the state's legal actions before each card, the features those of the player's
    own information state (its real hand).

    Raises:
        skat.errors.SkatError: an action that is no action or not legal in the replay.
    """
    state = State.new(row["number"], Options())
    out = []
    for text in row["actions"].split():
        action = Action.parse(text)
        if action.kind == ActionKind.CARD and state.phase == Phase.PLAY:
            legal = [a.value for a in state.legal_actions() if a.kind == ActionKind.CARD]
            if len(legal) >= 2 and action.value in legal:
                seat = state.current_player
                assert seat is not None
                out.append(
                    _decision(row["deal"], state.information_state(seat), legal, action.value)
                )
        state = state.apply(action)
    return out


def flat_probabilities(n: int, heuristic: int, mismatch: float = PLAY_MISMATCH) -> list[float]:
    """Today's flat penalty as a policy over ``n`` legal cards: the heuristic's card (index
    ``heuristic``) weighs 1, every other ``mismatch``; normalised to sum to 1."""
    total = 1 + mismatch * (n - 1)
    return [(1.0 if i == heuristic else mismatch) / total for i in range(n)]


def _softmax(scores: Array) -> Array:
    e = np.exp(scores - scores.max())
    out: Array = e / e.sum()
    return out


def probabilities(policy: Policy, d: Decision) -> Array:
    """The policy's probability of each legal card of ``d`` (sums to 1); with numpy, over the
    decision's feature rows (:meth:`skat.players.beliefs.Policy.card_probabilities` is the same
    at a table, without numpy)."""
    columns = [FEATURES.index(f) for f in policy.features]
    return _softmax(d.features[:, columns] @ np.array(policy.weights))


def fit(train: Sequence[Decision], features: Sequence[str] = FEATURES, l2: float = 1.0) -> Policy:
    """The conditional logit over ``features`` minimising the summed log loss of ``train`` plus
    ``l2 / 2 · |w|²`` (Newton's method with step halving; the loss is convex).

    Raises:
        ValueError: no decisions, or a name not in :data:`FEATURES`.
    """
    if not train:
        raise ValueError("no decisions to fit")
    cols = [FEATURES.index(f) for f in features]
    x = np.concatenate([d.features[:, cols] for d in train])
    sizes = np.array([len(d.cards) for d in train])
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    chosen = starts + np.array([d.chosen for d in train])
    group = np.repeat(np.arange(len(train)), sizes)

    def loss_and_p(w: Array) -> tuple[float, Array]:
        s = x @ w
        s = s - np.maximum.reduceat(s, starts)[group]
        e = np.exp(s)
        z = np.add.reduceat(e, starts)
        p = e / z[group]
        loss = float(-(s[chosen] - np.log(z)).sum() + l2 / 2 * w @ w)
        return loss, p

    w = np.zeros(len(cols))
    loss, p = loss_and_p(w)
    for _ in range(50):
        y = np.zeros(len(x))
        y[chosen] = 1.0
        grad = x.T @ (p - y) + l2 * w
        m = np.add.reduceat(x * p[:, None], starts)
        hess = (x * p[:, None]).T @ x - m.T @ m + l2 * np.eye(len(cols))
        step = np.linalg.solve(hess, grad)
        t = 1.0
        while True:
            new_loss, new_p = loss_and_p(w - t * step)
            if new_loss <= loss or t < 1e-6:
                break
            t /= 2
        w, improved, loss, p = w - t * step, loss - new_loss, new_loss, new_p
        if improved < 1e-9 * len(train):
            break
    return Policy(tuple(features), tuple(float(v) for v in w))


def log_loss(
    probabilities: Callable[[Decision], Sequence[float] | Array], ds: Sequence[Decision]
) -> float:
    """The mean log loss (nats) per decision of a policy: −log of the played card's probability."""
    return sum(-math.log(probabilities(d)[d.chosen]) for d in ds) / len(ds)


def _hit(
    probabilities: Callable[[Decision], Sequence[float] | Array], ds: Sequence[Decision]
) -> float:
    """The share of decisions where the policy's likeliest card is the card played."""
    return sum(int(np.argmax(probabilities(d)) == d.chosen) for d in ds) / len(ds)


def _flat_fitted(policy: Policy) -> float:
    """The mismatch weight of a policy on the heuristic feature alone: exp(−w)."""
    return math.exp(-policy.weights[0])


def report(train: Sequence[Decision], test: Sequence[Decision], l2: float, what: str) -> str:
    """The Markdown report: the policies' log loss on ``test`` by side and lead/follow."""
    model = fit(train, FEATURES, l2)
    flat = fit(train, ("heuristic",), 0.0)
    mismatch = _flat_fitted(flat)
    policies: dict[str, Callable[[Decision], Sequence[float] | Array]] = {
        "fit": functools.partial(probabilities, model),
        f"flat {PLAY_MISMATCH} (today)": lambda d: flat_probabilities(len(d.cards), d.heuristic),
        f"flat {mismatch:.3f} (fitted)": lambda d: flat_probabilities(
            len(d.cards), d.heuristic, mismatch
        ),
        "uniform": lambda d: [1 / len(d.cards)] * len(d.cards),
    }
    parts: list[tuple[str, Callable[[Decision], bool]]] = [
        ("all", lambda d: True),
        ("declarer", lambda d: d.declarer),
        ("defender", lambda d: not d.declarer),
        ("lead", lambda d: d.lead),
        ("follow", lambda d: not d.lead),
        ("declarer, lead", lambda d: d.declarer and d.lead),
        ("declarer, follow", lambda d: d.declarer and not d.lead),
        ("defender, lead", lambda d: not d.declarer and d.lead),
        ("defender, follow", lambda d: not d.declarer and not d.lead),
    ]
    lines = [
        f"{len(train)} decisions fitted, {len(test)} {what} (L2 {l2}); mean log loss per "
        "decision (nats), lower is better; in brackets the share where the policy's likeliest "
        "card was played",
        "",
        "| decisions | n | " + " | ".join(policies) + " |",
        "|---|---|" + "---|" * len(policies),
    ]
    for name, keep in parts:
        ds = [d for d in test if keep(d)]
        if not ds:
            continue
        cells = [f"{log_loss(p, ds):.3f} ({_hit(p, ds):.0%})" for p in policies.values()]
        lines.append(f"| {name} | {len(ds)} | " + " | ".join(cells) + " |")
    lines += ["", _paired(policies, test)]
    lines += [
        "",
        "weights: "
        + ", ".join(f"{f} {w:+.2f}" for f, w in zip(model.features, model.weights, strict=True)),
    ]
    return "\n".join(lines)


def _paired(
    policies: dict[str, Callable[[Decision], Sequence[float] | Array]],
    test: Sequence[Decision],
    resamples: int = 1000,
) -> str:
    """The fit's mean log loss minus each other policy's on the same decisions, with a 95%
    interval from a bootstrap over the deals (decisions of one deal move together)."""
    names = list(policies)
    losses = np.array([[-math.log(policies[n](d)[d.chosen]) for n in names] for d in test])
    deals = sorted({d.deal for d in test})
    index = {deal: i for i, deal in enumerate(deals)}
    of_deal = np.array([index[d.deal] for d in test])
    sums = np.zeros((len(deals), len(names)))
    np.add.at(sums, of_deal, losses)
    counts = np.bincount(of_deal, minlength=len(deals))
    rng = np.random.default_rng(0)
    picks = rng.integers(len(deals), size=(resamples, len(deals)))
    means = sums[picks].sum(axis=1) / counts[picks].sum(axis=1)[:, None]
    parts = []
    for j, name in enumerate(names[1:], start=1):
        diff = means[:, 0] - means[:, j]
        mean = losses[:, 0].mean() - losses[:, j].mean()
        low, high = np.percentile(diff, [2.5, 97.5])
        parts.append(f"{name} {mean:+.3f} ({low:+.3f} .. {high:+.3f})")
    return f"fit − other, paired, 95% bootstrap over the {len(deals)} deals: " + "; ".join(parts)


def _cost(policy: Policy, ds: Sequence[Row]) -> str:
    """The cost of one call of :meth:`Policy.card_probabilities` (and of the heuristic alone)."""
    tables = []
    for row in ds:
        state = State.new(row["number"], Options())
        for text in row["actions"].split():
            action = Action.parse(text)
            if action.kind == ActionKind.CARD and state.phase == Phase.PLAY:
                seat = state.current_player
                assert seat is not None
                legal = sum(
                    1 << a.value for a in state.legal_actions() if a.kind == ActionKind.CARD
                )
                if legal & (legal - 1):
                    tables.append((table_of(state.information_state(seat)), legal))
            state = state.apply(action)
    start = time.process_time()
    for table, legal in tables:
        policy.card_probabilities(table, legal)
    policy_cost = (time.process_time() - start) / len(tables)
    start = time.process_time()
    for table, legal in tables:
        choose_card(table, legal)
    heuristic_cost = (time.process_time() - start) / len(tables)
    return (
        f"cost per call over {len(tables)} decisions (CPU): the policy "
        f"{policy_cost * 1e6:.0f} µs (the heuristic's card included), the heuristic's card "
        f"alone {heuristic_cost * 1e6:.0f} µs"
    )


def main(argv: Sequence[str] | None = None) -> int:
    ap = argument_parser(__doc__)
    ap.add_argument(
        "--data",
        type=run_path,
        default=run_path("declare-48-strong.jsonl"),
        help="the rows of bench/declare_data.py (declare-48-strong.jsonl); " + IN_RUNS,
    )
    ap.add_argument(
        "--deals", type=int, required=True, help="only the rows of the deals below this index"
    )
    ap.add_argument("--l2", type=float, default=1.0, help="L2 penalty of the weights (1.0)")
    ap.add_argument(
        "--validate",
        action="store_true",
        help="fit on the deals 0-2 modulo 5 and report on those 3 modulo 5 (for choosing)",
    )
    ap.add_argument("--model", help="write the fit's weights to this JSON file")
    args = ap.parse_args(argv)
    rows = [r for r in read_rows(args.data) if r["deal"] < args.deals]
    if not rows:
        raise SystemExit(f"{args.data} holds no rows of the deals below {args.deals}")
    start = time.process_time()
    every = [d for r in rows for d in decisions(r)]
    extract = time.process_time() - start
    if args.validate:
        train = [d for d in every if d.deal % HELD_OUT < HELD_OUT - 2]
        test = [d for d in every if d.deal % HELD_OUT == HELD_OUT - 2]
        what = "validated (deals 3 modulo 5; held-out deals unread)"
    else:
        train = [d for d in every if not held_out(d.deal)]
        test = [d for d in every if held_out(d.deal)]
        what = "held out (deals 4 modulo 5)"
    if not train or not test:
        raise SystemExit(f"{args.data}: too few deals to hold one in {HELD_OUT} out")
    print(
        f"{len(rows)} games of the deals below {args.deals}, settings {rows[0]['settings']}; "
        f"{len(every)} card decisions with two or more legal cards "
        f"(extracted in {extract:.0f} s CPU)\n"
    )
    print(report(train, test, args.l2, what))
    model = fit(train, FEATURES, args.l2)
    print("\n" + _cost(model, rows[:20]))
    if args.model:
        source: dict[str, Any] = {
            "fitted_by": "bench/learn_beliefs.py",
            "data_settings": rows[0]["settings"],
            "deals": args.deals,
            "decisions": len(train),
            "l2": args.l2,
        }
        Path(args.model).write_text(policy_json(model, source), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
