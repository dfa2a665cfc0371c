"""Which card let a beatable game through, at XSkat's table (a finished XSkat match checkpoint).

The seat-games of design ``one`` in which our player defends a game that XSkat's declarer won at
our table, while XSkat's computer alone (``bench_xskat_match``'s games of the deal without us)
played the same game from the same seat in at least ``--least`` of its clocks and lost it in
each. Each such game is replayed in our engine with the open-hand solver asked before every card
whether the declarer reaches what his game needs against best play (61 card points, 90 with
Schneider announced or needed by the bid, every trick with Schwarz announced or ouvert:
:func:`skat.claim.declarer_target`; the verdicts of ``bench/postmortem.py``, whose report has
these games among all others). The last card after which he does where
before he did not is the one that let the game through: by our player or by the XSkat computer
defending beside it (a lead or a card that follows); or best defence could never beat him.
XSkat never runs.

    .venv/bin/python -m bench.xskat_defence_flips xskat-strong-slip2-dev-300.jsonl
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from bench import xskat_records as xr
from bench.postmortem import Verdicts, game_verdicts
from bench.runs import IN_RUNS, run_path
from skat.options import Options


@dataclass(frozen=True)
class Flip:
    """A game XSkat's declarer won at our table and lost alone: the deal's index, our seat,
    the declarer's, the contract, and the card that let the game through (``who``: ``ours`` or
    ``partner``; None with ``trick`` 0: best defence never beat the declarer)."""

    index: int
    seat: int
    declarer: int
    contract: str
    who: str | None
    trick: int
    lead: bool
    card: str


def flips(path: str, least: int = 6) -> Iterator[Flip]:
    """The games described above of the finished checkpoint at ``path``.

    Raises:
        CheckpointError: as :func:`bench.xskat_records.finished_run`.
    """
    options = Options()
    for seating in xr.seatings(path):
        game, seat, record = seating.game, seating.seat, seating.record
        if not isinstance(game, xr.Game) or game.declarer in (None, seat) or not game.won:
            continue
        same = [a for a in seating.alone if (a.declarer, a.game) == (game.declarer, game.game)]
        if len(same) < least or any(a.won for a in same):
            continue
        assert game.declarer is not None
        yield last_flip(seating.index, seat, game.declarer, record["number"], game.actions, options)


def last_flip(
    index: int, seat: int, declarer: int, number: int, actions: Sequence[str], options: Options
) -> Flip:
    """The card after which the declarer, beatable before it, won with every card open for the
    last time in the game (a declarer's slip can make a game beatable again): the decisive card
    of the post-mortem (:meth:`bench.postmortem.Verdicts.decisive`) of a game the declarer won;
    ``who`` None if best defence could never beat him.

    Raises:
        ValueError: ``actions`` hold no declared game (all passed).
    """
    v = game_verdicts(number, actions, options)
    if v is None:
        raise ValueError(f"deal {index}: no declared game to judge")
    last = v.decisive()
    if last is None:
        return Flip(index, seat, declarer, v.contract, None, 0, False, "")
    player, card = v.cards[last]
    who = "ours" if player == seat else "declarer" if player == declarer else "partner"
    return Flip(index, seat, declarer, v.contract, who, Verdicts.trick(last), last % 3 == 0, card)


def tally(found: Iterable[Flip]) -> Counter[str]:
    """How many flips of ``found`` there are by whose card and how (``ours lead``, ``partner
    follow``, ...; ``best defence never beat the declarer``)."""
    out: Counter[str] = Counter()
    for f in found:
        out[_what(f)] += 1
    return out


def _what(f: Flip) -> str:
    if f.who is None:
        return "best defence never beat the declarer"
    return f"{f.who} {'lead' if f.lead else 'follow'}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "checkpoint",
        type=run_path,
        help="a finished bench_xskat_match checkpoint (design one); " + IN_RUNS,
    )
    parser.add_argument(
        "--least", type=int, default=6, help="XSkat alone's games of the contract needed (6)"
    )
    args = parser.parse_args(argv)
    if args.least < 1:
        parser.error(f"--least must be at least 1, not {args.least}")
    try:
        found = list(flips(args.checkpoint, args.least))
    except xr.CheckpointError as err:
        parser.error(str(err))
    for f in found:
        if f.who is not None:
            where = f"deal {f.index}, our seat {f.seat}: {f.contract}, trick {f.trick}"
            print(f"  {where}, {_what(f)} {f.card}")
    print(f"{len(found)} games XSkat's declarer won at our table and lost alone in each clock")
    for what, n in tally(found).most_common():
        print(f"  {what}: {n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
