"""State machine benchmark: random complete deals through every phase and option, deals per second.

Each deal: random rule options (all-pass rule, Kontra rule, Supra, Spitze, Ramsch skat,
Durchmarsch), a random deal number and dealer, then random legal actions from a seeded
``random.Random`` (in the bidding a pass half of the time, so that Ramsch and Schieberamsch come
up) until the deal is over. After every step the 32 cards are checked to be conserved and the
legal actions to be non-empty; at the end the deal is scored (``State.result``), its ISS record
is written, read back and compared (with ``--records``), and for a played-out deal the card points
are checked to be 120. The test suite runs the same with more checks on 10,000 deals
(``tests/core/test_conformance.py``).

Run (one core)::

    .venv/bin/python -m bench.bench_conformance --deals 100000
    .venv/bin/python -m bench.bench_conformance --deals 100000 --records
    .venv/bin/python -m bench.bench_conformance --deals 20000 --card-play

The figures go to ``docs/benchmarks.md``, section "State machine".
"""

from __future__ import annotations

import itertools
import random
import sys
import time

from bench.common import argument_parser
from skat import record
from skat.action import ActionKind
from skat.cards import ALL_CARDS, points
from skat.options import AllPass, KontraRule, Options, RamschSkat
from skat.state import Ending, Phase, State

OPTIONS = [
    Options(all_pass=a, kontra=k, supra=sup, spitze=sp, ramsch_skat=rs, durchmarsch=dm)
    for a, k, sup, sp, rs, dm in itertools.product(
        AllPass, KontraRule, (False, True), (False, True), RamschSkat, (True, False)
    )
]


def one_deal(rng: random.Random, records: bool) -> int:
    """Play one random deal with the checks; returns the number of actions applied."""
    state = State.new(rng.randrange(2**64), rng.choice(OPTIONS), dealer=rng.randrange(3))
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if not legal:
            raise AssertionError(f"no legal action in {state.phase}: {state.actions}")
        if (
            state.phase == Phase.BIDDING
            and legal[-1].kind == ActionKind.PASS
            and rng.random() < 0.5
        ):
            state = state.apply(legal[-1])
        else:
            state = state.apply(rng.choice(legal))
        steps += 1
        union = state.hand(0) | state.hand(1) | state.hand(2) | state.skat | state.played
        count = (
            state.hand(0).bit_count()
            + state.hand(1).bit_count()
            + state.hand(2).bit_count()
            + state.skat.bit_count()
            + state.played.bit_count()
        )
        if union != ALL_CARDS or count != 32:
            raise AssertionError(f"cards not conserved: {state.actions}")
    state.result()
    if state.ending == Ending.PLAYED and sum(state.card_points()) + points(state.skat) != 120:
        raise AssertionError(f"card points do not add up to 120: {state.actions}")
    if records:
        line = record.write_record(state)
        if record.read_record(line) != state:
            raise AssertionError(f"record does not round-trip: {line}")
    return steps


def card_play(rng: random.Random, deals: int) -> tuple[int, float]:
    """Only the hot path: 30 random legal cards (``legal_actions`` + ``apply``) of a Grand Hand
    declared by forehand at 18; returns the cards played and the seconds spent playing them."""
    starts = []
    for _ in range(deals):
        state = State.new(rng.randrange(2**64), Options())
        for token in ("18", "y", "p", "p", "GH"):
            state = state.apply(token)
        starts.append(state)
    cards = 0
    start = time.perf_counter()
    for state in starts:
        while not state.is_terminal():
            legal = state.legal_actions()
            if legal[-1].kind == ActionKind.CONCEDE:
                legal.pop()
            state = state.apply(legal[int(rng.random() * len(legal))])
            cards += 1
    return cards, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print deals and actions per second."""
    parser = argument_parser(__doc__)
    parser.add_argument("--deals", type=int, default=100_000, help="deals to play (100000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random.Random (1)")
    parser.add_argument("--records", action="store_true", help="also round-trip every record")
    parser.add_argument(
        "--card-play", action="store_true", help="measure only card play (legal_actions + apply)"
    )
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    if args.card_play:
        cards, seconds = card_play(rng, args.deals)
        print(f"{cards} cards in {seconds:.1f} s: {cards / seconds:,.0f} cards/s (card play only)")
        return 0
    start = time.perf_counter()
    steps = 0
    for _ in range(args.deals):
        steps += one_deal(rng, args.records)
    seconds = time.perf_counter() - start
    print(
        f"{args.deals} deals, {steps} actions in {seconds:.1f} s: "
        f"{args.deals / seconds:,.0f} deals/s, {steps / seconds:,.0f} actions/s"
        f"{' (with record round trips)' if args.records else ''}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
