"""Two auction settings of the strong player, compared on the games whose auction differs (issue 5).

The strong player's auction depends only on its cards and the bids it hears (the heuristic's
limit, raised by ``bid_bonus`` and lowered by ``contest_penalty`` in a contested auction: see
:meth:`skat.players.strong.StrongPlayer.bid_limit`; ``contest_check`` solves sampled deals,
and each solve is independent of the solver's earlier ones); every later decision is the same
code with the same seeded random source. So two settings that differ only in these arguments
play the same game whenever their auctions are the same, and only the games whose auction
differs need to be played out with both. That makes a comparison several times faster than two
full arena runs, and exact: the unchanged games cancel.

Modes:

* ``self``: strong self-play on ``--deals`` deals of the arena's sequence (``--seed``), as
  ``skat arena strong``. The base setting plays every deal; the variant only the deals whose
  auction differs. Prints each setting's declarer share (of the seat-games) and declarer win rate.
  With ``--arena REPORT``, the ``--json`` report of ``skat arena strong`` on the same deals with
  the base setting, the base plays only the deals whose auction differs too, and the report's
  declarer games and wins are corrected by them.
* ``heuristic``: the strong player against the heuristic in every seating, as ``skat arena
  strong heuristic``. Prints the change of strong − heuristic (Seeger-Fabian points per game,
  paired by deal as the arena pairs it: each player's mean over its nine seat-games of a deal)
  with a 95% interval over deals, and how the changed games moved (who declared in each
  setting). With ``--arena REPORT``, the ``--json`` report of ``skat arena strong heuristic``
  on the same deals with the base setting, it also prints the variant's whole result: the
  report's per-deal differences plus the changes, with their interval.

A report is "with the base setting" when it was made by this code whose default strong player
is the ``--base`` setting (``skat arena`` plays only the defaults); nothing but the self mode's
count of changed deals that score otherwise can tell, so a stale report gives wrong figures.

ISkO rules (no Ramsch: three passes are a passed deal). Run::

    .venv/bin/python bench/bench_bidding.py self --variant contest_penalty=1 --deals 300
    .venv/bin/python bench/bench_bidding.py self --variant bid_bonus=0.6 --deals 1000 \
        --arena self1000.json
    .venv/bin/python bench/bench_bidding.py heuristic --variant contest_penalty=1 --deals 540 \
        --seed 2026 --arena strong540.json
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, NamedTuple

from skat.arena import arena_deal_number, mean_ci, options_json, seatings
from skat.players import Player, decision_rng, get_player
from skat.players import contracts as ct
from skat.players.strong import StrongPlayer
from skat.rules import Options, ScoreList
from skat.scoring import GameResult, list_scores
from skat.state import Phase, State

AUCTION_ARGUMENTS = ("bid_bonus", "contest_penalty", "contest_check")
"""The StrongPlayer arguments that change the auction and nothing else."""

Setting = tuple[tuple[str, float | None], ...]
Seating = tuple[str, str, str]
"""Per seat: ``"base"``, ``"variant"`` or ``"heuristic"``."""

_PLAYERS: dict[object, Player] = {}


def parse_setting(text: str) -> Setting:
    """``key=value,key=value`` of :data:`AUCTION_ARGUMENTS` (empty: the defaults);
    ``contest_check=none`` turns the contest check off.

    Raises:
        ValueError: an unknown key or a value that is not a number.
    """
    out: list[tuple[str, float | None]] = []
    for part in filter(None, text.split(",")):
        key, _, value = part.partition("=")
        if key not in AUCTION_ARGUMENTS:
            raise ValueError(f"{key!r} is not one of {', '.join(AUCTION_ARGUMENTS)}")
        if key == "contest_check" and value.lower() == "none":
            out.append((key, None))
            continue
        try:
            out.append((key, float(value)))
        except ValueError:
            raise ValueError(f"{part!r}: the value is not a number") from None
    return tuple(out)


def player_of(name: str, settings: Mapping[str, tuple[tuple[str, object], ...]]) -> Player:
    """The player ``name`` of a comparison, made once per process: the heuristic, or (any
    other name) a strong player with the arguments ``settings[name]`` set on it."""
    key = (name, settings.get(name))
    if key not in _PLAYERS:
        if name == "heuristic":
            _PLAYERS[key] = get_player("heuristic")
        else:
            player = StrongPlayer()
            for argument, value in settings[name]:
                setattr(player, argument, value)
            _PLAYERS[key] = player
    return _PLAYERS[key]


def _run(number: int, seating: Seating, settings: dict[str, Setting], *, whole: bool) -> State:
    """The deal played in ``seating`` to its end (``whole``) or to the end of its auction."""
    state = State.new(number, Options())
    while not state.is_terminal() and (whole or state.phase == Phase.BIDDING):
        seat = state.current_player
        assert seat is not None
        player = player_of(seating[seat], settings)
        rng = decision_rng(number, len(state.actions))
        state = state.apply(player.choose(state.information_state(seat), rng))
    return state


def _auction_differs(job: tuple[int, Seating, Seating, dict[str, Setting]]) -> bool:
    number, first, second, settings = job
    a = _run(number, first, settings, whole=False).actions
    b = _run(number, second, settings, whole=False).actions
    return a != b


class Game(NamedTuple):
    """One whole game: the declarer's seat (None: passed), whether he won, the Seeger-Fabian
    scores per seat, and whether his auction was contested (an opponent bid or held too)."""

    declarer: int | None
    won: bool
    scores: tuple[int, int, int]
    contested: bool


def _game(job: tuple[int, Seating, dict[str, Setting]]) -> Game:
    number, seating, settings = job
    state = _run(number, seating, settings, whole=True)
    result = state.result()
    if not isinstance(result, GameResult) or state.declarer is None:
        return Game(None, False, (0, 0, 0), False)
    declarer = int(state.declarer)
    contested = ct.contested(state.information_state(declarer).bids, declarer)
    scores = list_scores(result, declarer, ScoreList.SEEGER_FABIAN)
    return Game(declarer, result.won, scores, contested)


def _deal_numbers(args: argparse.Namespace) -> list[int]:
    """The deal numbers of ``--deals`` deals of the arena's sequence ``--seed`` from ``--first``."""
    return [arena_deal_number(args.seed, args.first + i) for i in range(args.deals)]


SELF_BASE: Seating = ("base", "base", "base")
SELF_VARIANT: Seating = ("variant", "variant", "variant")


def _self(
    args: argparse.Namespace, settings: dict[str, Setting], pool: ProcessPoolExecutor
) -> None:
    numbers = _deal_numbers(args)
    base, variant = SELF_BASE, SELF_VARIANT
    games = list(pool.map(_game, [(n, base, settings) for n in numbers], chunksize=1))
    flags = pool.map(_auction_differs, [(n, base, variant, settings) for n in numbers])
    changed = [i for i, f in enumerate(flags) if f]
    redone = pool.map(_game, [(numbers[i], variant, settings) for i in changed], chunksize=1)
    variant_games = list(games)
    for i, game in zip(changed, redone, strict=True):
        variant_games[i] = game
    seat_games = 3 * len(numbers)
    print(f"self-play, {args.deals} deals, seed {args.seed}, {len(changed)} auctions differ")
    for name, rows in (("base", games), ("variant", variant_games)):
        declared = [g for g in rows if g.declarer is not None]
        print(
            f"  {name:8} {_text(settings[name]):24} declarer {len(declared) / seat_games:.1%} of "
            f"seat-games, wins {_wins(declared)}"
        )
        for contested, label in ((False, "alone"), (True, "contested")):
            part = [g for g in declared if g.contested == contested]
            print(f"    {label} auctions: wins {_wins(part)}")


def _self_changes(
    args: argparse.Namespace,
    settings: dict[str, Setting],
    pool: ProcessPoolExecutor,
    report: dict[str, Any],
) -> None:
    """Self mode with the base's arena report: only the deals whose auction differs are played,
    with both settings, and the report's declarer games and wins are corrected by them."""
    numbers = _deal_numbers(args)
    base, variant = SELF_BASE, SELF_VARIANT
    flags = pool.map(_auction_differs, [(n, base, variant, settings) for n in numbers])
    changed = [n for n, f in zip(numbers, flags, strict=True) if f]
    before = list(pool.map(_game, [(n, base, settings) for n in changed], chunksize=1))
    after = list(pool.map(_game, [(n, variant, settings) for n in changed], chunksize=1))
    stored = {row[1]: row[2] for row in report["per_deal"]}
    stale = sum(
        1 for n, g in zip(changed, before, strict=True) if abs(sum(g.scores) / 3 - stored[n]) > 1e-3
    )
    strong = report["per_player"]["strong"]
    seat_games, games = strong["seat_games"], strong["declarer_games"]
    wins = sum(t["won"] for t in strong["by_game_type"].values())
    print(f"self-play, {args.deals} deals, seed {args.seed}, {len(changed)} auctions differ")
    print(
        f"  of these, {stale} base games score otherwise than in the report (above 0: the report "
        f"is not of this code with the base setting, and the corrected figures are wrong)"
    )
    declared = {
        name: [g for g in rows if g.declarer is not None]
        for name, rows in (("base", before), ("variant", after))
    }
    for name, games_declared in declared.items():
        print(f"  {name:8} {_text(settings[name]):24} in these deals: wins {_wins(games_declared)}")
    games += len(declared["variant"]) - len(declared["base"])
    wins += sum(g.won for g in declared["variant"]) - sum(g.won for g in declared["base"])
    p = wins / games
    half = 1.96 * math.sqrt(p * (1 - p) / games)
    print(
        f"  all {args.deals} deals with {_text(settings['variant'])} (the report corrected by "
        f"these): declarer {games / seat_games:.1%} of seat-games, wins {p:.1%} (±{half:.1%}) "
        f"of {games}"
    )


def _wins(games: Sequence[Game]) -> str:
    """``p% (±half) of n``: the share of ``games`` won with its 95% normal interval."""
    if not games:
        return "- of 0"
    p = sum(g.won for g in games) / len(games)
    half = 1.96 * math.sqrt(p * (1 - p) / len(games))
    return f"{p:.1%} (±{half:.1%}) of {len(games)}"


def _heuristic(
    args: argparse.Namespace,
    settings: dict[str, Setting],
    pool: ProcessPoolExecutor,
    report: dict[str, Any] | None,
) -> None:
    numbers = _deal_numbers(args)
    pairs = [
        (n, seating, tuple("variant" if x == "base" else x for x in seating))
        for n in numbers
        for seating in seatings(("base", "heuristic"))
    ]
    flags = pool.map(_auction_differs, [(n, a, b, settings) for n, a, b in pairs], chunksize=8)
    changed = [p for p, f in zip(pairs, flags, strict=True) if f]
    before = pool.map(_game, [(n, a, settings) for n, a, _ in changed], chunksize=1)
    after = pool.map(_game, [(n, b, settings) for n, _, b in changed], chunksize=1)
    per_deal = dict.fromkeys(numbers, 0.0)
    moves: Counter[str] = Counter()
    moved_by: dict[str, float] = {}
    for (number, seating, _), old, new in zip(changed, before, after, strict=True):
        change = _margin(new.scores, seating) - _margin(old.scores, seating)
        per_deal[number] += change
        move = f"{_who(old.declarer, seating)} -> {_who(new.declarer, seating)}"
        moves[move] += 1
        moved_by[move] = moved_by.get(move, 0.0) + change * SEAT_GAMES
    mean, low, high = mean_ci(list(per_deal.values()))
    print(
        f"strong against heuristic, {args.deals} deals, seed {args.seed}: "
        f"{len(changed)} of {len(pairs)} games change their auction"
    )
    print(
        f"  strong - heuristic, {_text(settings['variant'])} minus {_text(settings['base'])}: "
        f"{mean:+.2f} SF points per game ({low:+.2f} .. {high:+.2f})"
    )
    print(
        "  declarer before -> after: games, mean change in them of the strong seats' scores "
        "minus the heuristic seats'"
    )
    for move, count in sorted(moves.items()):
        print(f"    {move}: {count}, {moved_by[move] / count:+.1f}")
    if report is not None:
        whole = [row[2] - row[3] + per_deal[row[1]] for row in report["per_deal"]]
        mean, low, high = mean_ci(whole)
        print(
            f"  strong - heuristic with {_text(settings['variant'])} (the report's per-deal "
            f"differences plus the changes): {mean:+.2f} SF points per game "
            f"({low:+.2f} .. {high:+.2f})"
        )


SEAT_GAMES = sum(seating.count("base") for seating in seatings(("base", "heuristic")))
"""A player's seat-games in one deal of the arena between two players (9: six seatings, in
three of them two seats)."""


def _margin(scores: tuple[int, int, int], seating: Seating) -> float:
    """One game's share of its deal's strong − heuristic as the arena pairs a deal (each
    player's mean over its :data:`SEAT_GAMES` seat-games): the strong seats' scores minus the
    heuristic seats', over nine."""
    ours = sum(scores[i] for i in range(3) if seating[i] != "heuristic")
    theirs = sum(scores[i] for i in range(3) if seating[i] == "heuristic")
    return (ours - theirs) / SEAT_GAMES


def read_report(path: str, args: argparse.Namespace) -> dict[str, Any]:
    """The ``--json`` report at ``path`` of ``skat arena strong heuristic`` (heuristic mode) or
    ``skat arena strong`` (self mode) under the default rules, on the deals of ``args``.

    Raises:
        ValueError: the file is not such a report of these deals (players, rules, seed, deals).
    """
    players = ["strong", "heuristic"] if args.mode == "heuristic" else ["strong"]
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError) as err:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise ValueError(f"{path}: not a readable JSON report ({err})") from None
    if not isinstance(data, dict) or data.get("players") != players:
        raise ValueError(f"{path}: not a report of 'skat arena {' '.join(players)}'")
    if data.get("options") != [options_json(Options())]:
        raise ValueError(f"{path}: played under other rules than the default (ISkO)")
    rows = data.get("per_deal")
    width = 2 + len(players)
    if not isinstance(rows, list) or not all(
        isinstance(row, list) and len(row) == width and all(isinstance(x, int | float) for x in row)
        for row in rows
    ):
        raise ValueError(f"{path}: per_deal is not a list of rows of {width} numbers")
    if args.mode == "self":
        strong = data.get("per_player", {}).get("strong", {})
        counts = [strong.get("seat_games"), strong.get("declarer_games")]
        counts += [t.get("won") for t in strong.get("by_game_type", {}).values()]
        if not all(isinstance(x, int) for x in counts):
            raise ValueError(f"{path}: per_player.strong lacks its declarer games and wins")
    numbers = _deal_numbers(args)
    if [row[1] for row in rows] != numbers:
        raise ValueError(
            f"{path}: its deals are not the {args.deals} deals of seed {args.seed} from "
            f"{args.first} (an illegal action or a crash drops a deal from a report)"
        )
    return data


def _who(declarer: int | None, seating: Seating) -> str:
    if declarer is None:
        return "passed"
    return "heuristic" if seating[declarer] == "heuristic" else "strong"


def _text(setting: Setting) -> str:
    return ",".join(f"{k}={v:g}" for k, v in setting) or "(defaults)"


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the arguments, compare the two settings and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("mode", choices=("self", "heuristic"))
    ap.add_argument("--base", default="", help="key=value,... (default: the defaults)")
    ap.add_argument("--variant", required=True, help="key=value,... e.g. contest_penalty=1.0")
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=2027)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--arena", help="the arena's --json report of the base setting on these deals")
    args = ap.parse_args(argv)
    try:
        settings = {"base": parse_setting(args.base), "variant": parse_setting(args.variant)}
    except ValueError as err:
        ap.error(str(err))
    if args.deals < 2:
        ap.error("--deals must be at least 2")
    if args.workers < 1:
        ap.error("--workers must be at least 1")
    try:
        report = None if args.arena is None else read_report(args.arena, args)
    except ValueError as err:
        ap.error(str(err))
    with ProcessPoolExecutor(args.workers) as pool:
        if args.mode == "self" and report is not None:
            _self_changes(args, settings, pool, report)
        elif args.mode == "self":
            _self(args, settings, pool)
        else:
            _heuristic(args, settings, pool, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
