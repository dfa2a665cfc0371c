"""Our player's choice of game against XSkat's, from a finished XSkat match checkpoint.

For every seat-game of design ``one`` in which our player picked up the skat and declared, and
XSkat's computer alone (``bench_xskat_match``'s games of the deal without us) declared from the
same seat in at least one of its clocks, the strong player is asked again, at the discard of the
recorded game, for its estimate of every game (the best discard of each). Printed:

* the seat-games where ours and XSkat alone (its most frequent game) chose another game type:
  how often each pair of types occurs and what our seat's score differs from XSkat alone's;
* for Grands and for suit games, the logit that would make our estimates of the game XSkat chose
  match how often XSkat won it (the maximum-likelihood offset added to each estimate's logit):
  whether the strong player underrates one kind of game against the other at XSkat's table.

XSkat never runs: only the checkpoint's records are read (each game replayed in our engine).

    .venv/bin/python -m bench.xskat_game_choice xskat-strong-slip2-dev-300.jsonl
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from bench import xskat_records as xr
from bench.runs import IN_RUNS, run_path
from bench.xskat_driver import at_xskat_table
from skat.options import Options
from skat.players import get_player
from skat.players.strong import StrongPlayer
from skat.state import State

LETTERS = {"GRAND": "G", "CLUBS": "C", "SPADES": "S", "HEARTS": "H", "DIAMONDS": "D", "NULL": "N"}
SUITS = ("C", "S", "H", "D")


@dataclass(frozen=True)
class SeatGame:
    """One seat-game both declare from: our game and score, XSkat alone's games in the seat
    (type letter → [won, played] over its clocks), XSkat alone's mean score in the seat, and our
    estimates at the discard (type letter → the best win chance over its discards)."""

    index: int
    seat: int
    ours: str
    score: int
    xskat: dict[str, list[int]]
    xskat_score: float
    estimates: dict[str, float]


def seat_games(path: str, player: str, deals: int | None = None) -> Iterator[SeatGame]:
    """The seat-games of the finished checkpoint at ``path`` (its first ``deals`` deals) as
    above, the estimates by the player named ``player``.

    Raises:
        CheckpointError: as :func:`bench.xskat_records.finished_run`.
        ValueError: ``player`` names no strong player, or ``deals`` is below 1.
    """
    if not isinstance(get_player(player), StrongPlayer):
        raise ValueError(f"{player} is no strong player: only a strong player's estimates are read")
    if deals is not None and deals < 1:
        raise ValueError(f"deals must be at least 1, not {deals}")
    options = Options()
    for seating in xr.seatings(path, deals):
        game, seat, record, games = seating.game, seating.seat, seating.record, seating.alone
        theirs = [a for a in games if a.declarer == seat]
        if not isinstance(game, xr.Game) or game.declarer != seat or not theirs:
            continue
        ply = next((p for p, _, a in record["decisions"] if "." in a and len(a) == 5), None)
        if ply is None:
            continue  # a Hand game: no discard to ask about
        state = State.new(record["number"], options)
        for action in record["applied"][:ply]:
            state = state.apply(action)
        strong = get_player(player)
        assert isinstance(strong, StrongPlayer)  # checked above
        best: dict[str, float] = {}
        for choice in strong.discard_choices(at_xskat_table(state.information_state(seat))):
            e = choice.estimate
            if not e.ouvert:
                letter = LETTERS[e.game.name]
                best[letter] = max(best.get(letter, 0.0), e.chance)
        won: dict[str, list[int]] = {}
        for a in theirs:
            assert a.game is not None
            won.setdefault(a.game, [0, 0])[0] += bool(a.won)
            won[a.game][1] += 1
        mean = sum(a.scores[seat] for a in games) / len(games)
        yield SeatGame(seating.index, seat, str(game.game), game.scores[seat], won, mean, best)


def fitted_offset(points: Sequence[tuple[float, int, int]]) -> float:
    """The logit ``d`` that maximises the likelihood of ``won`` of ``n`` games at chance
    ``sigmoid(x + d)``, over ``points`` of ``(x, won, n)`` (Newton's method from 0).

    Raises:
        ValueError: no games, or all of them won or all lost (no finite offset).
    """
    won = sum(w for _, w, _ in points)
    games = sum(n for _, _, n in points)
    if games == 0 or won in (0, games):
        raise ValueError(f"no finite offset for {won} won of {games} games")
    d = 0.0
    for _ in range(100):
        chances = [(1.0 / (1.0 + math.exp(-(x + d))), w, n) for x, w, n in points]
        slope = sum(w - n * p for p, w, n in chances)
        curve = sum(n * p * (1.0 - p) for p, _, n in chances)
        step = slope / curve
        d += step
        if abs(step) < 1e-9:
            break
    return d


def _logit(p: float) -> float:
    p = min(max(p, 1e-3), 1.0 - 1e-3)
    return math.log(p / (1.0 - p))


@dataclass
class Tally:
    """What :func:`tally` counts over the seat-games.

    Attributes:
        pairs: (XSkat alone's most frequent game type, ours) → [seat-games, our score minus
            XSkat alone's, summed], where the two differ.
        grands: whether XSkat alone won its Grand in every clock → our score minus XSkat alone's,
            one per seat-game where XSkat alone mostly played a Grand and ours a suit game.
        points: ``Grand`` and ``suit`` → ``(logit of our estimate, XSkat's wins, its games)``
            for the game XSkat alone chose, where our player judged that game.
        unjudged: ``Grand`` and ``suit`` → seat-games left out of ``points`` because our player
            did not judge XSkat's game (it found it hopeless before solving it).
    """

    pairs: dict[tuple[str, str], list[float]] = field(default_factory=dict)
    grands: dict[bool, list[float]] = field(default_factory=lambda: {True: [], False: []})
    points: dict[str, list[tuple[float, int, int]]] = field(
        default_factory=lambda: {"Grand": [], "suit": []}
    )
    unjudged: dict[str, int] = field(default_factory=lambda: {"Grand": 0, "suit": 0})


def tally(rows: Iterable[SeatGame]) -> Tally:
    """The counts of :class:`Tally` over ``rows`` (Null games of XSkat's are not fitted)."""
    out = Tally()
    for row in rows:
        theirs = max(row.xskat, key=lambda g: row.xskat[g][1])
        difference = row.score - row.xskat_score
        if theirs == "G" and row.ours in SUITS:
            won, played = row.xskat["G"]
            out.grands[won == played].append(difference)
        if theirs != row.ours:
            pair = out.pairs.setdefault((theirs, row.ours), [0, 0.0])
            pair[0] += 1
            pair[1] += difference
        for letter, (won, played) in row.xskat.items():
            if letter == "N":
                continue
            kind = "Grand" if letter == "G" else "suit"
            if letter in row.estimates:
                out.points[kind].append((_logit(row.estimates[letter]), won, played))
            else:
                out.unjudged[kind] += 1
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "checkpoint",
        type=run_path,
        help="a finished bench_xskat_match checkpoint (design one); " + IN_RUNS,
    )
    parser.add_argument("--player", help="the strong player asked (default: the run's player)")
    parser.add_argument("--deals", type=int, help="only the run's first DEALS deals")
    args = parser.parse_args(argv)
    try:
        header, _ = xr.finished_run(args.checkpoint)
        rows = list(seat_games(args.checkpoint, args.player or header["player"], args.deals))
    except (xr.CheckpointError, ValueError) as err:
        parser.error(str(err))
    counts = tally(rows)
    print(f"{len(rows)} seat-games with a pick-up that both ours and XSkat alone declare from")
    print(f"  another game type than XSkat alone's: {sum(n for n, _ in counts.pairs.values())}")
    print("  XSkat alone → ours: seat-games, our score − XSkat alone's (sum):")
    for (theirs, ours), (n, difference) in sorted(counts.pairs.items(), key=lambda p: -p[1][0]):
        print(f"    {theirs} → {ours}: {int(n):3d}  {difference:+8.1f}")
    for always, diffs in counts.grands.items():
        print(
            f"  XSkat alone's Grand {'won' if always else 'lost'} in "
            f"{'every clock' if always else 'some clock'}, ours a suit game: {len(diffs)} "
            f"seat-games, our score − XSkat alone's {sum(diffs):+.1f}"
        )
    for kind, found in counts.points.items():
        games = sum(n for _, _, n in found)
        won = sum(w for _, w, _ in found)
        if games:
            mean = sum(1.0 / (1.0 + math.exp(-x)) * n for x, _, n in found) / games
            offset = f"{fitted_offset(found):+.2f}" if 0 < won < games else "none"
            print(
                f"  {kind}: XSkat alone's games {games} ({len(found)} seat-games), won "
                f"{100 * won / games:.1f}%; our estimate {100 * mean:.1f}%; logit to add {offset}"
                f"; {counts.unjudged[kind]} seat-games left out (ours did not judge XSkat's game)"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
