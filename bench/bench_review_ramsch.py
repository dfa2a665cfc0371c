"""Ramsch review check: does the review's total for a Ramsch card play match what the cards cost?

Each Ramsch card's cost is the rollouts' average Ramsch score of the strong player's card less
that of the card played (:mod:`skat.analysis.valuation`); the deal's total adds each card's
difference to the rules of thumb' card instead (:attr:`skat.analysis.review.Judgement.given`).
Both sums, over the card play, are set here beside two measures of what the cards cost:

* the **outcome difference**: the deal played again from its start with the strong player in
  the person's seat for the card play (it passes in the auction, as the person did),
  :func:`skat.replay.replay_seat` with the heuristic in the other seats (as in the deal): its
  Ramsch score for the seat less the deal's; one deal's is noisy (one lie of the cards), the mean
  over the deals is what the mean total should match; beside it the same with the rules of
  thumb (the heuristic) replaying the seat, whose outcome the total's differences add up to;
* the **fresh total**: each judged card's taken and best card played out again, paired, in
  other sampled deals than those the best was chosen in (``decision_rng`` of the deal number
  and 1000 + the action index), the difference not clipped at 0: the cost without the
  selection's noise (the best is the highest of noisy averages, so in the deals it was chosen
  in it looks better than it is).

Deals, fixed before the run: deal numbers drawn by ``random.Random(seed)`` as the benchmarks
draw them (:mod:`bench.played`), the rules ``all_pass=ramsch`` (otherwise ISkO), the person in
the deal's default seat taking the first legal action every time (a pass in the auction, the
first legal card in the play), the other seats played by the heuristic; the first ``--deals``
of them in which all three pass.

Run::

    .venv/bin/python -m bench.bench_review_ramsch --deals 20 --seed 1

The figures go to docs/review.md ("The total of a Ramsch").
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from bench.common import mean_interval
from skat.action import PASS, Action, ActionKind
from skat.analysis.review import decision_indices, judge_decision
from skat.deal import default_seat
from skat.information import InformationState
from skat.options import parse_words
from skat.players import Player, decision_rng, get_player
from skat.players import worlds as wd
from skat.players.ramsch import _ramsch_rollout
from skat.players.strong import StrongPlayer
from skat.players.strong_settings import StrongSettings
from skat.replay import replay_seat
from skat.state import Phase, State

FRESH_OFFSET = 1000
"""The fresh rollouts of the decision at action index ``i`` draw from
``decision_rng(number, FRESH_OFFSET + i)``: no deal has that many actions."""


class FirstLegal:
    """The person of the measure: a pass in the auction, then the first legal action each time."""

    name = "first"

    def choose(self, info: InformationState, rng: random.Random) -> Action:
        legal = info.legal_actions()
        return PASS if info.phase == Phase.BIDDING and PASS in legal else legal[0]


class PassThen:
    """``player`` in the card play; in the auction the person's pass."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.name = "pass+" + player.name

    def choose(self, info: InformationState, rng: random.Random) -> Action:
        if info.phase == Phase.BIDDING:
            return PASS
        return self.player.choose(info, rng)


def ramsch_deals(count: int, seed: int) -> list[tuple[int, State]]:
    """The first ``count`` deals drawn by ``seed`` that end in Ramsch, each with its person's
    seat (see the module doc)."""
    options = parse_words("ramsch")
    numbers = random.Random(seed)
    heuristic = get_player("heuristic")
    person = FirstLegal()
    out: list[tuple[int, State]] = []
    while len(out) < count:
        number = numbers.randrange(1, 10**9)
        seat = int(default_seat(number))
        state = State.new(number, options)
        while state.phase == Phase.BIDDING:
            turn = int(state.current_player)  # type: ignore[arg-type]
            who = person if turn == seat else heuristic
            state = state.apply(
                who.choose(state.information_state(turn), decision_rng(number, len(state.actions)))
            )
        contract = state.contract
        if contract is None or contract.game.name != "RAMSCH":
            continue
        while not state.is_terminal():
            turn = int(state.current_player)  # type: ignore[arg-type]
            who = person if turn == seat else heuristic
            state = state.apply(
                who.choose(state.information_state(turn), decision_rng(number, len(state.actions)))
            )
        out.append((seat, state))
    return out


def fresh_cost(state: State, seat: int, index: int, taken: str, best: str) -> float:
    """The best card's average Ramsch score less the taken card's (game points, not clipped) in
    fresh sampled deals, as many as the strong player draws for that decision."""
    info = state.prefix(index).information_state(seat)
    settings = StrongSettings()
    cards = [a.value for a in info.legal_actions() if a.kind == ActionKind.CARD]
    pair = [Action.parse(taken).value, Action.parse(best).value]
    rng = decision_rng(max(state.number, 0), FRESH_OFFSET + index)
    k = wd.knowledge(info)
    taken_by, won = wd.taken_by_seat(info)
    totals = [0, 0]
    n = 0
    for _ in range(max(settings.min_worlds, settings.rollouts // len(cards))):
        world = wd.draw_likely(info, k, rng, settings.inference)
        if world is None:
            break
        n += 1
        for i, card in enumerate(pair):
            totals[i] += _ramsch_rollout(info, world, card, taken_by, won)[seat]
    return (totals[1] - totals[0]) / max(n, 1)


def measure(seat: int, state: State) -> dict[str, Any]:
    """One deal's figures: its number and seat, its score and the replay's, the outcome
    difference, the card play's costs summed, its part of the review's total (the differences
    to the rules of thumb' card, not clipped), the fresh sum and how many cards were judged."""
    cards = [
        judge_decision(state, seat, i)
        for i in decision_indices(state, seat)
        if state.prefix(i).phase == Phase.PLAY
    ]
    judged = [j for j in cards if j.mark not in ("forced", "unjudged")]
    costs = sum(j.cost or 0.0 for j in cards)
    total = sum(j.given for j in cards)
    fresh = sum(
        fresh_cost(state, seat, j.index, j.taken, j.best) for j in judged if j.taken != j.best
    )
    heuristic = get_player("heuristic")
    again = replay_seat(state, seat, PassThen(StrongPlayer()), heuristic)
    rules = replay_seat(state, seat, PassThen(heuristic), heuristic)
    deal_score = state.result().scores[seat]  # type: ignore[union-attr]
    replay_score = again.replay.result().scores[seat]  # type: ignore[union-attr]
    rules_score = rules.replay.result().scores[seat]  # type: ignore[union-attr]
    return {
        "number": state.number,
        "seat": seat,
        "score": deal_score,
        "replay": replay_score,
        "outcome": replay_score - deal_score,
        "rules": rules_score - deal_score,
        "costs": round(costs, 1),
        "total": round(total, 1),
        "fresh": round(fresh, 1),
        "judged": len(judged),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.monotonic()
    rows = []
    for seat, state in ramsch_deals(args.deals, args.seed):
        rows.append(measure(seat, state))
        print(rows[-1], flush=True)
    head = ("deal", "seat", "score", "replay", "outcome", "rules'", "costs", "total", "fresh")
    print("| " + " | ".join(head) + " |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(
            f"| {r['number']} | {r['seat']} | {r['score']} | {r['replay']} | {r['outcome']:+} | "
            f"{r['rules']:+} | "
            f"{r['costs']:.1f} | {r['total']:+.1f} | {r['fresh']:+.1f} |"
        )
    for name in ("outcome", "rules", "costs", "total", "fresh"):
        values = [float(r[name]) for r in rows]
        print(f"{name}: mean {mean_interval(values)}, median {statistics.median(values):+.1f}")
    for name in ("costs", "total"):
        excess = [r[name] - r["outcome"] for r in rows]
        print(f"{name} − outcome: {mean_interval(excess)}")
    print(f"{len(rows)} deals, {time.monotonic() - start:.0f} s")


if __name__ == "__main__":
    main()
