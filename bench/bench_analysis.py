"""Analysis benchmark: how long the open-hand analysis of a finished deal takes (issue 29).

Deals: ``random.Random(seed)`` draws the deal numbers (1 .. 10^9 − 1, as the browser deals);
each is bid, declared and played to its end by the heuristic player in all three seats
(``decision_rng(number, action index)``), ISkO rules; passed deals are skipped. With
``--ramsch`` every deal is a Ramsch instead (all pass), valued for forehand.

Each deal is analysed for the declarer's seat, timed per part as the server runs them
(:func:`skat.server.workers.analysis_part`, each with a solver of its own): the card play
(``analyse(..., game_choice=False, calls=False)``) and the declarer's game choice
(``analyse_game_choice``). ``one core`` is their sum, ``two cores`` the longer of the two
(``POST /api/analysis`` runs them in two workers at once). The strong player's judgement of the
seat's calls in the auction (``skat.analysis.estimate.calls``, ``POST /api/analysis/calls``,
which the browser asks for once the analysis is shown) is timed as a part of its own, ``calls``;
``skat analyse`` spends all three in one process. The game choice
stops at its node budget (``skat.analysis.choice.GAME_CHOICE_NODES``); ``--verbose`` says per
deal whether it tried every discard. One thread, after :func:`skat.solver.warm_up`.

With ``--server`` the same deals are then posted to ``POST /api/analysis`` of an app with two
worker processes (warmed up first), one at a time, and the answer's wall time is measured:
what a person waits for on a two-core machine; then ``POST /api/analysis/calls`` likewise.

Run (one core; then through the server, two cores)::

    .venv/bin/python -m bench.bench_analysis --deals 60 --seed 1 --clock cpu
    .venv/bin/python -m bench.bench_analysis --deals 60 --seed 1 --server

The figures go to ``docs/benchmarks.md``, section "Analysis of a finished deal".
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence

from bench.common import argument_parser, percentile
from skat.analysis import analyse, analyse_game_choice
from skat.analysis.estimate import calls
from skat.options import AllPass, Options
from skat.players import decision_rng, get_player
from skat.solver import warm_up
from skat.state import State


def finished_deal(number: int, options: Options) -> State:
    """Deal ``number`` played to its end by the heuristic player in every seat."""
    player = get_player("heuristic")
    state = State.new(number, options)
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        info = state.information_state(int(seat))
        state = state.apply(player.choose(info, decision_rng(number, len(state.actions))))
    return state


def _summary(name: str, values: Sequence[float]) -> str:
    return (
        f"| {name} | {len(values)} | {statistics.median(values):.2f} | "
        f"{statistics.fmean(values):.2f} | {percentile(values, 0.95):.2f} | {max(values):.2f} |"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print a Markdown table (seconds per deal)."""
    parser = argument_parser(__doc__)
    parser.add_argument("--deals", type=int, default=60, help="deals analysed (played ones)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ramsch", action="store_true", help="Ramsch deals (all pass)")
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="time per part: wall clock, or this process's CPU time (steadier when shared)",
    )
    parser.add_argument("--verbose", action="store_true", help="one line per deal")
    parser.add_argument(
        "--server", action="store_true", help="also time POST /api/analysis, two workers"
    )
    args = parser.parse_args(argv)
    clock: Callable[[], float] = time.process_time if args.clock == "cpu" else time.perf_counter
    options = Options(all_pass=AllPass.RAMSCH) if args.ramsch else Options()
    warm_up()
    rng = random.Random(args.seed)
    play: list[float] = []
    choice: list[float] = []
    judged: list[float] = []
    played: list[State] = []
    while len(play) < args.deals:
        state = finished_deal(rng.randrange(1, 10**9), options)
        if state.contract is None:
            continue
        ramsch = state.declarer is None
        if ramsch != args.ramsch:
            continue
        seat = 0 if state.declarer is None else int(state.declarer)
        start = clock()
        analysis = analyse(state, seat, game_choice=False, calls=False)
        middle = clock()
        game = analyse_game_choice(state, seat)
        end = clock()
        seat_calls = calls(state, seat)
        judged.append(clock() - end)
        play.append(middle - start)
        choice.append(end - middle)
        played.append(state)
        if args.verbose:
            tried = "" if game is None else f" complete {game.complete}"
            print(
                f"{state.number} {state.contract} play {play[-1]:.2f} s choice "
                f"{choice[-1]:.2f} s{tried} ({len(analysis.cards)} cards) calls "
                f"{judged[-1]:.2f} s ({len(seat_calls)})",
                flush=True,
            )
    print(f"{args.deals} deals, seed {args.seed}, clock {args.clock}, seconds per deal\n")
    print("| part | deals | median | mean | p95 | max |")
    print("|---|---|---|---|---|---|")
    print(_summary("card play", play))
    if not args.ramsch:
        print(_summary("game choice", choice))
        print(_summary("one core (sum)", [a + b for a, b in zip(play, choice, strict=True)]))
        longer = [max(a, b) for a, b in zip(play, choice, strict=True)]
        print(_summary("two cores (the longer part)", longer))
    print(_summary("calls (asked apart)", judged))
    if args.server:
        analysis_wall, calls_wall = _through_server(played)
        print(_summary("POST /api/analysis, two workers, wall", analysis_wall))
        print(_summary("POST /api/analysis/calls, wall", calls_wall))
    return 0


def _through_server(states: Sequence[State]) -> tuple[list[float], list[float]]:
    """The wall time of ``POST /api/analysis`` and then of ``POST /api/analysis/calls`` for each
    deal (its declarer's seat or forehand), from an app with two warmed-up worker processes."""
    import warnings

    from skat.server import create_app, game

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    seconds: list[float] = []
    judged: list[float] = []
    app = create_app(player="heuristic", workers=2, warm_up=True)
    with TestClient(app, base_url="http://127.0.0.1:8765") as client:
        for state in states:
            seat = 0 if state.declarer is None else int(state.declarer)
            body = {"record": game.write_record(state), "human_seat": seat}
            start = time.perf_counter()
            response = client.post("/api/analysis", json=body)
            seconds.append(time.perf_counter() - start)
            response.raise_for_status()
            start = time.perf_counter()
            response = client.post("/api/analysis/calls", json=body)
            judged.append(time.perf_counter() - start)
            response.raise_for_status()
    return seconds, judged


if __name__ == "__main__":
    raise SystemExit(main())
