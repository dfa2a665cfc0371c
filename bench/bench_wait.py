"""The person's wait per trick through the server: both computers' thinking as the browser sees it.

uvicorn serves the app with the strong player on a free loopback port (as ``bench_server``, with
its warm-up), and ``--deals`` fixed deals (the arena's deal numbers of ``--seed``, the person in
the seat the number names) are played through ``/api/new`` and ``/api/act``: the person plays the
heuristic player's choice in every phase (bidding, Hand or pick-up, the discard with the
declaration after it, Kontra and the cards), drawn from the same ``decision_rng`` as a computer.
For each of the person's cards the wall time from posting it until the answer is timed: the
replay, the computers' cards that follow (none, one or both of them) and the answer, as the
person waits for them. The requests before the first card after which computers lead the first
trick are timed apart ("before the first card").

A request over ``--single`` seconds is split: each computer card decided in it is asked for once
more on its own (``/api/view`` of the record up to that card with the seat after it as the
person's, so exactly one computer acts; the decisions draw from ``decision_rng(deal number,
action index)``, so it is the same decision) and timed; the decisions over the limit are listed
(issue 28: any decision ≤ 3 s).

Goal (issue 28 point 8): ≤ 1.0 s p95 and ≤ 0.5 s median per trick, any decision ≤ 3 s, with
nothing else running on the 2-core machine. Fix the deal count before a run.

Usage::

    .venv/bin/python -m bench.bench_wait --deals 10 --seed 1
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from bench.bench_server import _fetch, _uvicorn
from bench.common import argument_parser, percentile
from skat.action import ActionKind
from skat.arena import arena_deal_number
from skat.players import decision_rng
from skat.players.heuristic import HeuristicPlayer
from skat.record import read_record, write_record
from skat.state import Phase, State


@dataclass
class Waits:
    """What one run measured (seconds).

    Attributes:
        by_trick: the wait after the person's card, by trick (1..10).
        before_play: the waits of the requests before the first card after which computers
            played cards of the first trick.
        singles: ``(deal number, action index, seconds)`` of the computer cards timed alone
            (those of the requests over the limit).
        computers: the computers' cards in the timed requests, by how many followed a card
            (0, 1 or 2).
    """

    by_trick: dict[int, list[float]] = field(default_factory=dict)
    before_play: list[float] = field(default_factory=list)
    singles: list[tuple[int, int, float]] = field(default_factory=list)
    computers: dict[int, int] = field(default_factory=dict)

    @property
    def all_tricks(self) -> list[float]:
        """Every wait after a card of the person's, trick by trick in deal order."""
        return [t for trick in sorted(self.by_trick) for t in self.by_trick[trick]]


def _post(port: int, path: str, body: dict[str, Any]) -> tuple[dict[str, Any], float]:
    start = time.perf_counter()
    answer = json.loads(_fetch(port, "POST", path, body))
    return answer, time.perf_counter() - start


def _persons_actions(state: State, seat: int, number: int) -> list[str]:
    """The person's action tokens: the heuristic's choice (in the discard phase the discard and
    the declaration after it, as the browser sends them together)."""
    heuristic = HeuristicPlayer()
    action = heuristic.choose(
        state.information_state(seat), decision_rng(number, len(state.actions))
    )
    tokens = [str(action)]
    if state.phase == Phase.DISCARD:
        after = state.apply(action)
        rng = decision_rng(number, len(after.actions))
        tokens.append(str(heuristic.choose(after.information_state(seat), rng)))
    return tokens


def _singles(port: int, before: int, answer: dict[str, Any], human: int) -> list[tuple[int, float]]:
    """Each computer card of ``answer`` (after the first ``before`` actions of its record) asked
    for alone: ``(action index, seconds)``."""
    final = read_record(answer["record"])
    out = []
    state = State.from_deal(final.deal, final.options, final.dealer)
    for index, action in enumerate(final.actions):
        seat = state.current_player
        after = state.apply(action)
        if index >= before and action.kind == ActionKind.CARD and seat not in (None, human):
            nxt = after.current_player
            person = human if nxt is None else int(nxt)  # the seat after it: one computer acts
            body = {"record": write_record(state), "human_seat": person, "player": "strong"}
            out.append((index, _post(port, "/api/view", body)[1]))
        state = after
    return out


def _play(port: int, number: int, waits: Waits, single: float) -> list[float]:
    """Play deal ``number`` through the server, adding its waits to ``waits``; its waits after
    the person's cards, in order."""
    data, _ = _post(port, "/api/new", {"deal_number": str(number), "player": "strong"})
    human = data["view"]["human"]
    trick = 0
    mine: list[float] = []
    while data["view"]["phase"] != "result":
        state = read_record(data["record"])
        before = len(state.actions)
        tokens = _persons_actions(state, human, number)
        body = {"record": data["record"], "human_seat": human, "action": tokens, "player": "strong"}
        playing = state.phase == Phase.PLAY
        data, seconds = _post(port, "/api/act", body)
        cards = sum(
            1 for e in data["events"] if e["kind"] == "card" and e["seat"] not in (None, human)
        )
        if playing:
            trick += 1
            waits.by_trick.setdefault(trick, []).append(seconds)
            mine.append(seconds)
            waits.computers[cards] = waits.computers.get(cards, 0) + 1
        elif cards:
            waits.before_play.append(seconds)
        if seconds > single and cards:
            offset = before + len(tokens)
            for index, alone in _singles(port, offset, data, human):
                waits.singles.append((number, index, alone))
    return mine


def run(deals: int, seed: int, single: float) -> Waits:
    """The waits of ``deals`` deals (the arena's numbers of ``seed``) with the strong player."""
    waits = Waits()
    with _uvicorn("strong", warm_up=True) as (port, _):
        _fetch(port, "GET", "/api/health")
        for index in range(deals):
            number = arena_deal_number(seed, index)
            line = " ".join(f"{t:.2f}" for t in _play(port, number, waits, single))
            print(f"deal {index} ({number}): {line}", file=sys.stderr, flush=True)
    return waits


def _row(what: str, values: list[float]) -> str:
    if not values:
        return f"| {what} | 0 | — | — | — |"
    return (
        f"| {what} | {len(values)} | {statistics.median(values):.2f} s | "
        f"{percentile(values, 0.95):.2f} s | {max(values):.2f} s |"
    )


def report(waits: Waits, single: float) -> str:
    """The waits as a Markdown table, per trick and overall, and the single decisions."""
    lines = [
        "| wait after the person's card | requests | p50 | p95 | max |",
        "|---|---|---|---|---|",
    ]
    for trick in sorted(waits.by_trick):
        lines.append(_row(f"trick {trick}", waits.by_trick[trick]))
    lines.append(_row("every trick", waits.all_tricks))
    lines.append(_row("before the first card", waits.before_play))
    followed = ", ".join(f"{n} after {k}" for k, n in sorted(waits.computers.items()))
    lines.append(f"\ncomputer cards following the person's card: {followed} requests")
    over = [s for s in waits.singles if s[2] > single]
    lines.append(
        f"requests over {single:g} s split into single decisions: {len(waits.singles)} decisions "
        f"timed alone, {len(over)} over {single:g} s"
        + "".join(f"\n  deal {n} action {i}: {s:.2f} s" for n, i, s in over)
    )
    return "\n".join(lines)


def main() -> None:
    parser = argument_parser(__doc__)
    parser.add_argument("--deals", type=int, default=10, help="deals to play (fix before a run)")
    parser.add_argument("--seed", type=int, default=1, help="the arena seed of the deal numbers")
    parser.add_argument(
        "--single", type=float, default=3.0, help="seconds above which a request is split"
    )
    args = parser.parse_args()
    waits = run(args.deals, args.seed, args.single)
    print(report(waits, args.single))


if __name__ == "__main__":
    main()
