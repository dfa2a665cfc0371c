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

    .venv/bin/python -m bench.xskat_game_choice bench/runs/xskat-strong-slip2-dev-300.jsonl
"""

from __future__ import annotations

import argparse
import math
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from bench import xskat_records as xr
from bench.xskat_driver import at_xskat_table
from skat.options import Options
from skat.players import get_player
from skat.players.strong import StrongPlayer
from skat.state import State

LETTERS = {"GRAND": "G", "CLUBS": "C", "SPADES": "S", "HEARTS": "H", "DIAMONDS": "D", "NULL": "N"}


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
    """The seat-games of the checkpoint at ``path`` (its first ``deals`` deals) as above, the
    estimates by the player named ``player`` (a strong player)."""
    header, found, _ = xr.read_checkpoint(path)
    records = xr.merge(found)
    options = Options()
    last = header["first"] + min(header["deals"], deals or header["deals"])
    for index in range(header["first"], last):
        alone = [xr.verify_auto(records[("auto", index, k)], options) for k in range(header["k"])]
        games = [a for a in alone if isinstance(a, xr.Game)]
        for s in range(3):
            record = records[("match", "one", index, s)]
            game = xr.verify_match(record, options)
            seat = xr.seating("one", s)[2][0]
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
            assert isinstance(strong, StrongPlayer), f"{player} is no strong player"
            best: dict[str, float] = {}
            for choice in strong._discards(at_xskat_table(state.information_state(seat))):
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
            yield SeatGame(index, seat, str(game.game), game.scores[seat], won, mean, best)


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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkpoint", help="a finished bench_xskat_match checkpoint (design one)")
    parser.add_argument("--player", help="the strong player asked (default: the run's player)")
    parser.add_argument("--deals", type=int, help="only the run's first DEALS deals")
    args = parser.parse_args(argv)
    header, _, _ = xr.read_checkpoint(args.checkpoint)
    rows = list(seat_games(args.checkpoint, args.player or header["player"], args.deals))
    pairs: Counter[tuple[str, str]] = Counter()
    differ: dict[tuple[str, str], float] = {}
    points: dict[str, list[tuple[float, int, int]]] = {"Grand": [], "suit": []}
    grands: dict[bool, list[float]] = {True: [], False: []}  # XSkat won it in every clock?
    for row in rows:
        theirs = max(row.xskat, key=lambda g: row.xskat[g][1])
        if theirs == "G" and row.ours != "G":
            won, played = row.xskat["G"]
            grands[won == played].append(row.score - row.xskat_score)
        if theirs != row.ours:
            pairs[theirs, row.ours] += 1
            differ[theirs, row.ours] = differ.get((theirs, row.ours), 0.0) + (
                row.score - row.xskat_score
            )
        for letter, (won, played) in row.xskat.items():
            if letter != "N" and letter in row.estimates:
                kind = "Grand" if letter == "G" else "suit"
                points[kind].append((_logit(row.estimates[letter]), won, played))
    print(f"{len(rows)} seat-games with a pick-up that both ours and XSkat alone declare from")
    print(f"  another game type than XSkat alone's: {sum(pairs.values())}")
    print("  XSkat alone → ours: seat-games, our score − XSkat alone's (sum):")
    for (theirs, ours), n in pairs.most_common():
        print(f"    {theirs} → {ours}: {n:3d}  {differ[theirs, ours]:+8.1f}")
    for always, diffs in grands.items():
        print(
            f"  XSkat alone's Grand {'won' if always else 'lost'} in "
            f"{'every clock' if always else 'some clock'}, ours another game: {len(diffs)} "
            f"seat-games, our score − XSkat alone's {sum(diffs):+.1f}"
        )
    for kind, found in points.items():
        games = sum(n for _, _, n in found)
        won = sum(w for _, w, _ in found)
        if games:
            mean = sum(1.0 / (1.0 + math.exp(-x)) * n for x, _, n in found) / games
            offset = f"{fitted_offset(found):+.2f}" if 0 < won < games else "none"
            print(
                f"  {kind}: XSkat alone's games {games} ({len(found)} seat-games), won "
                f"{100 * won / games:.1f}%; our estimate {100 * mean:.1f}%; logit to add {offset}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
