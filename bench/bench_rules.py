"""Rules benchmark: random legal card play of complete deals, in card-play phases per second.

Each phase: the deal of one deal number, a contract (suit games, Grand and Null in turn), then
30 cards played by three random players that choose among :func:`skat.rules.legal_cards` with a
seeded ``random.Random``; :func:`skat.rules.trick_winner` decides each trick and leads the next.
The card points of the tricks plus the skat are checked to be 120 and every hand to be empty.
The deals are computed before the clock starts (their cost is reported on its own line).

Run (one core)::

    .venv/bin/python -m bench.bench_rules --deals 20000 --repeat 3

The figure goes to ``docs/benchmarks.md``, section "Rules" (goal: ≥ 10,000 phases per second).
"""

from __future__ import annotations

import random
import sys
import time

from bench.common import argument_parser
from skat.cards import points
from skat.deal import deal
from skat.rules import GameType, legal_cards, trick_winner

GAMES = (
    GameType.DIAMONDS,
    GameType.HEARTS,
    GameType.SPADES,
    GameType.CLUBS,
    GameType.GRAND,
    GameType.NULL,
)
"""The contracts played in turn, one per deal number."""


def pick(mask: int, rng: random.Random) -> int:
    """A uniformly random card of the non-empty card ``mask``."""
    k = int(rng.random() * mask.bit_count())
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def play_phase(hands: list[int], skat: int, game: int, rng: random.Random) -> int:
    """Play the 30 cards of one deal at random; returns the card points taken in tricks.

    Args:
        hands: the three hands by seat (card masks); emptied in place.
        skat: the skat (card mask), only for the checks.
        game: the :class:`GameType` as an int.
        rng: the random source of all three players.

    Raises:
        SystemExit: a check failed (points not 120, a hand not empty).
    """
    leader = 0
    taken = [0, 0, 0]
    for _ in range(10):
        trick = []
        led: int | None = None
        for offset in range(3):
            seat = (leader + offset) % 3
            card = pick(legal_cards(hands[seat], led, game), rng)
            hands[seat] ^= 1 << card
            trick.append(card)
            if led is None:
                led = card
        winner = (leader + trick_winner(trick, game)) % 3
        taken[winner] += points((1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]))
        leader = winner
    total = sum(taken)
    if total + points(skat) != 120 or any(hands):
        sys.exit(f"check failed: tricks {total} + skat {points(skat)} != 120, hands {hands}")
    return total


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argument_parser(__doc__)
    parser.add_argument("--deals", type=int, default=20000, help="card-play phases per run")
    parser.add_argument("--start", type=int, default=0, help="first deal number")
    parser.add_argument("--seed", type=int, default=1, help="seed of the players' random source")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best one is reported")
    args = parser.parse_args(argv)

    t0 = time.perf_counter()
    deals = [deal(n) for n in range(args.start, args.start + args.deals)]
    t_deal = time.perf_counter() - t0
    setups = [
        ([h.mask for h in d.hands], d.skat.mask, int(GAMES[d.number % len(GAMES)])) for d in deals
    ]

    best = float("inf")
    for _ in range(args.repeat):
        rng = random.Random(args.seed)
        work = [(list(hands), skat, game) for hands, skat, game in setups]
        t0 = time.perf_counter()
        for hands, skat, game in work:
            play_phase(hands, skat, game, rng)
        best = min(best, time.perf_counter() - t0)

    print(f"python {sys.version.split()[0]}, {args.deals} deals from number {args.start}")
    print(f"dealing:   {args.deals / t_deal:12,.0f} deals/s")
    print(
        f"card play: {args.deals / best:12,.0f} complete card-play phases/s (best of {args.repeat})"
    )
    print(f"both:      {args.deals / (best + t_deal):12,.0f} dealt and played deals/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
