"""Where the strong self-play declarer wins and loses, by the auction that made it so (issue 5).

Reads the JSON reports of a strong self-play tournament (``skat arena strong --json``, one file
or the parts of one run), whose ``per_deal`` rows say per deal whether the declarer won (the mean
list score per seat-game is positive), lost (negative) or the deal was passed in (zero: in a
three-player Seeger-Fabian table a lost game of value v adds −2v − 50 + 2·40 < 0). The auction of
every deal is then replayed with the strong player's own auction (it depends only on the cards
and the bids heard; decisions are seeded by deal number and action index), recording:

* whether the declarer's auction was contested (an opponent bid or held) and, if so, the expected
  Seeger-Fabian score its contest check found at its last checked bid or hold
  (:meth:`skat.players.strong.StrongPlayer._contested_worth`, game points);
* at forehand's last word (middlehand and rearhand passed, forehand plays 18 or passes the deal
  in) the best solved estimate of a contract worth 18
  (:func:`skat.players.contracts.evaluate_before_skat` with the player's contract settings, the
  two passes weighed), and what forehand did.

It prints the win rate by these classes: which games a stricter auction could give up, and what
they win. ISkO rules (no Ramsch), the rules ``skat arena`` plays by default. Run::

    .venv/bin/skat arena strong --deals 1000 --seed 2027 --quiet --json > first.json
    .venv/bin/skat arena strong --deals 1000 --first 1000 --seed 2027 --quiet --json > second.json
    .venv/bin/python -m bench.bench_auction first.json second.json
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, NamedTuple

from bench.common import argument_parser
from skat.action import Action, ActionKind
from skat.arena import arena_deal_number, options_json
from skat.information import InformationState
from skat.options import Options
from skat.players import bids as bd
from skat.players import contracts as ct
from skat.players import decision_rng
from skat.players.strong import StrongPlayer
from skat.state import Phase, State


class Auction(NamedTuple):
    """One deal's auction: ``deal`` its index in the arena's sequence; ``declarer`` None when
    passed in; ``worth`` the contest check's expected score (game points) at the declarer's last
    checked call, None when unchecked; ``last_word`` forehand's (action kind, solved expected
    score or None) when it had the last word."""

    deal: int
    declarer: int | None
    bid: int
    contested: bool
    worth: float | None
    last_word: tuple[str, float | None] | None


class _Recorder(StrongPlayer):
    """The default strong player, noting each contest check's answer (seat, expected score)."""

    def __init__(self) -> None:
        super().__init__()
        self.checks: list[tuple[int, float]] = []

    def _contested_worth(
        self, info: InformationState, action: Action, notes: dict[str, Any] | None = None
    ) -> float:
        worth = super()._contested_worth(info, action, notes)
        self.checks.append((int(info.seat), worth))
        return worth


_PLAYER: _Recorder | None = None


def _forehand_alone(info: InformationState) -> bool:
    """Forehand to speak after middlehand and rearhand passed without a bid."""
    return int(info.seat) == 0 and [a.kind for _, a in info.bids] == [ActionKind.PASS] * 2


def replay_auction(job: tuple[int, int]) -> Auction:
    """The auction of deal ``index`` of the arena's sequence for ``seed`` (``job``)."""
    global _PLAYER
    if _PLAYER is None:
        _PLAYER = _Recorder()
    player = _PLAYER
    seed, index = job
    number = arena_deal_number(seed, index)
    state = State.new(number, Options())
    player.checks.clear()
    last_word: tuple[str, float | None] | None = None
    while state.phase == Phase.BIDDING:
        seat = state.current_player
        assert seat is not None
        info = state.information_state(seat)
        action = player.choose(info, decision_rng(number, len(state.actions)))
        if _forehand_alone(info):
            found = ct.evaluate_before_skat(
                info.hand, 0, info.bids, player._get_solver(), options=info.options,
                worlds=player.settings.contract_worlds,
                node_budget=player.settings.contract_budget, reaching=18,
            )  # fmt: skip
            own = player.settings.lost_extra
            best = ct.best_reaching(found, 18, own)
            last_word = (action.kind.name, None if best is None else best.score(own))
        state = state.apply(action)
    declarer = None if state.declarer is None else int(state.declarer)
    bids = state.information_state(0).bids
    mine = [worth for seat, worth in player.checks if seat == declarer]
    return Auction(
        index, declarer, state.bid,
        declarer is not None and bd.contested(bids, declarer),
        mine[-1] if mine else None, last_word,
    )  # fmt: skip


def outcomes(paths: Sequence[str]) -> tuple[int, dict[int, str]]:
    """The seed and, per deal index, ``W`` (declarer won), ``L`` (lost) or ``P`` (passed in).

    Raises:
        ValueError: a report is not strong self-play under the default rules (the sign of a
            deal's mean score says won or lost only there), or the parts have different seeds.
    """
    seed: int | None = None
    out: dict[int, str] = {}
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
        if list(data["players"]) != ["strong"]:
            raise ValueError(f"{path}: players {data['players']}, not strong self-play")
        if data.get("options") != [options_json(Options())]:
            raise ValueError(f"{path}: rules {data.get('options')}, not the default rules")
        if seed is not None and data["seed"] != seed:
            raise ValueError(f"{path}: seed {data['seed']}, the first part has {seed}")
        seed = int(data["seed"])
        for row in data["per_deal"]:
            score = float(row[2])
            out[int(row[0])] = "W" if score > 0 else "L" if score < 0 else "P"
    if seed is None:
        raise ValueError("no report given")
    return seed, out


def _line(name: str, games: list[Auction], result: dict[int, str]) -> str:
    won = sum(result[a.deal] == "W" for a in games)
    rate = f"{won / len(games):6.1%}" if games else "     –"
    return f"{name:44} {len(games):5} games, won {won:5} {rate}"


def _band(low: float, high: float) -> str:
    """``below 10``, ``10 .. 30``, ``50 and more`` for the bounds (``-inf``/``inf`` open)."""
    if low == -math.inf:
        return f"below {high:g}"
    if high == math.inf:
        return f"{low:g} and more"
    return f"{low:g} .. {high:g}"


def report(auctions: list[Auction], result: dict[int, str]) -> list[str]:
    """The table's lines (see the module doc)."""
    games = [a for a in auctions if a.declarer is not None]
    lines = [_line("all games", games, result)]
    lines.append(_line("uncontested", [a for a in games if not a.contested], result))
    lines.append(_line("contested", [a for a in games if a.contested], result))
    for low, high in [(-math.inf, 10), (10, 30), (30, 50), (50, math.inf)]:
        band = [a for a in games if a.worth is not None and low <= a.worth < high]
        lines.append(_line(f"  contest check's expected score {_band(low, high)}", band, result))
    alone = [a for a in auctions if a.last_word is not None]
    lines.append(f"forehand's last word: {len(alone)} deals")
    rated = [(a, a.last_word[1]) for a in alone if a.last_word and a.last_word[1] is not None]
    for low, high in [(-math.inf, -25), (-25, 0), (0, math.inf)]:
        band = [a for a, expected in rated if low <= expected < high]
        played = [a for a in band if a.declarer is not None]
        lines.append(
            _line(f"  solved expected score {_band(low, high)}: played", played, result)
            + f"; passed {len(band) - len(played)}"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Replay the auctions of the reports' deals and print the table; returns the exit status."""
    ap = argument_parser(__doc__)
    ap.add_argument("reports", nargs="+", help="skat arena strong --json reports of one run")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    try:
        seed, result = outcomes(args.reports)
    except (OSError, ValueError, KeyError) as err:
        print(f"bench_auction: {err}", file=sys.stderr)
        return 2
    jobs = [(seed, i) for i in sorted(result)]
    with ProcessPoolExecutor(args.workers) as pool:
        auctions = list(pool.map(replay_auction, jobs, chunksize=4))
    mismatched = sum((a.declarer is None) != (result[a.deal] == "P") for a in auctions)
    if mismatched:
        print(f"bench_auction: {mismatched} deals passed in one and not the other", file=sys.stderr)
        return 1
    print(f"{len(auctions)} deals of seed {seed}")
    print("\n".join(report(auctions, result)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
