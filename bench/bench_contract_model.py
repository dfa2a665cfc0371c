"""How long the learned contract evaluator takes: every contract of a hand, Hand and pick-up.

Times :meth:`skat.players.contract_model.ContractModel.win_chances` (the four suits, Grand and
Null, each Hand and with the pick-up: twelve chances) on ``--hands`` random hands of the seed's
deals, on one core, and prints the mean, the median and the 99th percentile in milliseconds
(issue 28 asks for each bidding and declaring decision within 50 ms).

Usage: ``python -m bench.bench_contract_model --hands 2000``
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from bench.common import argument_parser, percentile
from skat.arena import arena_deal_number
from skat.deal import deal
from skat.players.contract_model import load_model


def main(argv: Sequence[str] | None = None) -> int:
    ap = argument_parser(__doc__)
    ap.add_argument("--hands", type=int, default=2000, help="hands to evaluate (2000)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the deals (1)")
    args = ap.parse_args(argv)
    model = load_model()
    hands = [
        (deal(arena_deal_number(args.seed, i // 3)).hands[i % 3].mask, i % 3)
        for i in range(args.hands)
    ]
    model.win_chances(*hands[0])  # the first call reads nothing more, but warms the caches
    times = []
    for cards, seat in hands:
        start = time.perf_counter()
        model.win_chances(cards, seat)
        times.append((time.perf_counter() - start) * 1000)
    print(
        f"{len(times)} hands, all twelve contract chances: mean {sum(times) / len(times):.3f} ms, "
        f"median {percentile(times, 0.5):.3f} ms, 99th percentile {percentile(times, 0.99):.3f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
