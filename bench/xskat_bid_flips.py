"""Which calls of the auction another player would change, from a finished XSkat match checkpoint.

A look before a change-only run at XSkat's table (``bench_xskat_match --base``): for every
seat-game of design ``one``, the recorded game is replayed in our engine and the player named by
``--variant`` is asked each of our player's recorded calls of the auction (bid, hold, pass), with
the same information state (what XSkat's table offers) and the same random source; the first
call it makes otherwise is the flip. For each flip it prints the call, whether an opponent had
bid or held (contested), who declared the recorded game and what our seat scored in it, and
XSkat's computer alone in that seat (``bench_xskat_match``'s games of the deal without us): in
how many of its clocks it declared from the seat, how many of those it won, its mean score.

Only the recorded game is known, not the one the flip would lead to. Two sums bound the change:

* where the variant passes a bid or hold in a game our seat declared: those games' score, which
  the pass gives up (the deal then thrown in, or declared by another seat, whose game is not
  known);
* the other flips (the variant bids or holds on where ours passed, says another bid, or passes
  in a game another seat declared): our seat's score and XSkat alone's mean in those seats, as a
  sign of whether the seat's cards were worth declaring.

XSkat never runs.

    .venv/bin/python -m bench.xskat_bid_flips xskat-strong-slip2-dev-300.jsonl \\
        --variant strong:lost_extra=0,defence_inference=3,slip_margin=10,contest_check=none
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from bench import xskat_records as xr
from bench.runs import IN_RUNS, run_path
from skat.options import Options
from skat.phases import Phase
from skat.players import decision_rng, get_player
from skat.players.bids import contested


@dataclass(frozen=True)
class Flip:
    """The first recorded call of our seat that the variant makes otherwise.

    Attributes:
        index: the deal's index in the run.
        seat: our seat (0 forehand, 1 middlehand, 2 rearhand).
        bid: the bid standing at the call (game points; 0 before the first bid).
        recorded: our player's call (an action token: ``18``, ``y``, ``p``).
        variant: the variant's call there.
        contested: an opponent had bid or held before the call.
        declarer: the recorded game's declarer (None: passed in).
        won: whether the declarer won the recorded game (None: passed in).
        score: our seat's Seeger-Fabian score in the recorded game.
        clocks: XSkat alone's games of the deal.
        alone_declared: those in which it declared from our seat.
        alone_won: of those, the games it won.
        alone_score: its mean score in our seat over all its games of the deal.
    """

    index: int
    seat: int
    bid: int
    recorded: str
    variant: str
    contested: bool
    declarer: int | None
    won: bool | None
    score: int
    clocks: int
    alone_declared: int
    alone_won: int
    alone_score: float

    @property
    def gives_up_own_game(self) -> bool:
        """The variant passes where ours bid or held, in a game our seat declared."""
        return self.variant == "p" and self.declarer == self.seat


def flips(path: str, variant: str, deals: int | None = None) -> Iterator[Flip]:
    """The flips of the player named ``variant`` over the finished checkpoint at ``path`` (its
    first ``deals`` deals), in deal and seating order.

    Raises:
        ValueError: ``variant`` names no player, or ``deals`` is below 1 (at the call).
        CheckpointError: as :func:`bench.xskat_records.finished_run` (at the first flip asked
            for: the flips are read lazily).
    """
    get_player(variant)  # an unknown name is refused at the call, before any work
    if deals is not None and deals < 1:
        raise ValueError(f"deals must be at least 1, not {deals}")
    return _flips(path, variant, deals)


def _flips(path: str, variant: str, deals: int | None) -> Iterator[Flip]:
    options = Options()
    for seating in xr.seatings(path, deals):
        game = seating.game
        if not isinstance(game, xr.Game):
            continue  # a game that did not verify: nothing to compare with
        flip = _first_flip(seating, game, variant, options)
        if flip is not None:
            yield flip


def _first_flip(seating: xr.Seating, game: xr.Game, variant: str, options: Options) -> Flip | None:
    record, seat = seating.record, seating.seat
    player = get_player(variant)  # a new player for each game, as at the table
    for ply, who, action, info in xr.recorded_decisions(record, options):
        if info.phase != Phase.BIDDING:
            return None
        chosen = str(player.choose(info, decision_rng(record["number"], ply)))
        if chosen == action:
            continue
        alone = seating.alone
        theirs = [a for a in alone if a.declarer == seat]
        return Flip(
            seating.index, seat, info.bid, action, chosen, contested(info.bids, who),
            game.declarer, game.won, game.scores[seat], len(alone), len(theirs),
            sum(bool(a.won) for a in theirs),
            sum(a.scores[seat] for a in alone) / len(alone) if alone else 0.0,
        )  # fmt: skip
    return None


@dataclass(frozen=True)
class Summary:
    """The sums of :func:`summary`.

    Attributes:
        given_up: the flips that pass a bid or hold in a game our seat declared.
        given_up_won: of those, the games our seat won.
        given_up_score: our seat's score in those games, summed.
        others: the other flips.
        others_score: our seat's score in their games, summed.
        others_alone: XSkat alone's mean score in those seats, summed.
    """

    given_up: int
    given_up_won: int
    given_up_score: int
    others: int
    others_score: int
    others_alone: float


def summary(found: Iterable[Flip]) -> Summary:
    """The two sums of the module doc over ``found``."""
    given: list[Flip] = []
    other: list[Flip] = []
    for f in found:
        (given if f.gives_up_own_game else other).append(f)
    return Summary(
        len(given), sum(bool(f.won) for f in given), sum(f.score for f in given),
        len(other), sum(f.score for f in other), sum(f.alone_score for f in other),
    )  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "checkpoint",
        type=run_path,
        help="a finished bench_xskat_match checkpoint (design one); " + IN_RUNS,
    )
    parser.add_argument(
        "--variant", required=True, help="the player asked, e.g. strong:contest_check=none"
    )
    parser.add_argument("--deals", type=int, help="only the run's first DEALS deals")
    args = parser.parse_args(argv)
    try:
        found = list(flips(args.checkpoint, args.variant, args.deals))
    except (xr.CheckpointError, ValueError) as err:
        parser.error(str(err))
    for f in found:
        who = "passed in" if f.declarer is None else "ours" if f.declarer == f.seat else "other"
        print(
            f"  deal {f.index}, seat {f.seat}, at {f.bid}: {f.recorded} → {f.variant}"
            f"{' (contested)' if f.contested else ''}; declared: {who}, our score {f.score:+d};"
            f" XSkat alone declared {f.alone_declared} of {f.clocks}, won {f.alone_won},"
            f" mean {f.alone_score:+.1f}"
        )
    s = summary(found)
    print(f"{len(found)} seat-games with a call made otherwise")
    print(
        f"  a bid of a game our seat declared passed: {s.given_up}, of them won {s.given_up_won};"
        f" their score {s.given_up_score:+d}"
    )
    print(
        f"  the others: {s.others}; our score {s.others_score:+d}, XSkat alone's mean"
        f" {s.others_alone:+.1f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
