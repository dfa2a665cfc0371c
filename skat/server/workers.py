"""The computer players' turns of a request, decided in worker processes beside the server's.

A strong decision searches for up to a few seconds in compiled solver code that holds the
interpreter lock; in the server's own process it held up every other answer (a page file, the
health check, another game's request) for as long. So the server hands the computers' part of a
request to a pool of worker processes (:class:`Computers`) and keeps answering meanwhile; with
one worker per core, two games' decisions run on two cores at once.

A task is what a request holds: the record text, the human's seat and the players' level. The
worker replays the record with full checking (:func:`skat.server.game.load`), lets a player made
for this task alone act until the human's turn (:func:`skat.server.game.computers`) and returns
the answer (:func:`skat.server.game.answer`). A new player per task keeps the workers free of
state and the answers reproducible: nothing of an earlier request (a solver's transposition
table, a player's cache of contract estimates) can change a node count and with it where a node
budget cuts the sampling off, so the same record gets the same answer in any worker, on any
server (docs/design.md, decisions 4 and 5). What a worker does keep from task to task are the
heuristic's answers the strong player's world weights ask (:mod:`skat.players.worlds`, bounded
caches): each depends on its arguments alone, so it changes no node count and no answer.

The open-hand analysis of a finished deal (``POST /api/analysis``, :mod:`skat.analysis`) runs
there too, in two tasks at once (:func:`analysis_part`: the card play, the declarer's game
choice), each with a solver of its own, so that it takes both cores and the server none; the
strong player's judgement of the seat's calls in the auction (``POST /api/analysis/calls``,
:func:`analysis_calls`), one sampled contest check per contested call, is a task of its own,
asked apart so that the rest of the analysis does not wait for it.
The computer with your cards (``POST /api/replay``, :func:`skat.server.replay.replay_task`)
runs there too, in one worker: the strong player's decisions for the person's seat of a whole
deal take up to a minute. So does the review of a deal (``POST /api/review``,
:mod:`skat.server.review`): each decision of the seat is a task of its own, so the workers judge
them side by side.

Workers run at a lower CPU priority (:data:`WORKER_NICE`), so that the server's own process,
which answers the pages, wins the core when both are busy; they ignore Ctrl+C (the server stops
them) and end when the server's process is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool

from skat.analysis import Analysis, GameChoice, analyse, analyse_game_choice
from skat.analysis.estimate import calls
from skat.errors import NotFinishedError
from skat.players import get_player
from skat.server import game
from skat.state import State

__all__ = [
    "WORKER_NICE",
    "AnalyseFn",
    "Computers",
    "DecideFn",
    "analysis_calls",
    "analysis_part",
    "decide",
    "default_workers",
    "warm_up_solver",
]

WORKER_NICE = 5
"""How much lower a worker's CPU priority is than the server's (``nice``; 0 .. 19)."""

DecideFn = Callable[[str, int, str], dict[str, Any]]
"""A task of the workers: (record text, human seat 0..2, level) -> the answer JSON."""

AnalyseFn = Callable[[str, int, str], "Analysis | GameChoice | None"]
"""A task of the workers: (record text, seat 0..2, part ``play`` or ``choice``) -> that part of
the deal's analysis (:func:`analysis_part`)."""

_log = logging.getLogger("skat.server")
_T = TypeVar("_T")


def decide(text: str, human: int, level: str) -> dict[str, Any]:
    """The answer (``{"record", "view", "events"}``) after the computers' turns of ``text``.

    The computers act with a new player of ``level`` until ``human`` is to act or the deal is
    over; ``events`` holds their actions only.

    Raises:
        RecordError: the record does not replay (the server sends only records it wrote).
        UnknownPlayerError: ``level`` is no computer player.
        RuntimeError: a computer player chose an illegal action.
    """
    player = get_player(level)
    return game.answer(game.computers(game.load(text), human, player.choose))


def analysis_part(text: str, seat: int, part: str) -> Analysis | GameChoice | None:
    """One part of the open-hand analysis of the finished deal ``text`` for ``seat``
    (:mod:`skat.analysis`): ``play``, the card play (:func:`skat.analysis.analyse` without the
    game choice), or ``choice``, the declarer's game choice
    (:func:`skat.analysis.analyse_game_choice`; None in Ramsch and when all passed). The server
    runs the two in two workers at once and joins them (:meth:`Analysis.with_game_choice`).

    Raises:
        RecordError: the record does not replay.
        NotFinishedError: the deal is not over.
        ValueError: ``part`` is neither.
    """
    state = _finished(text)
    if part == "play":
        return analyse(state, seat, game_choice=False, calls=False)
    if part == "choice":
        return analyse_game_choice(state, seat)
    raise ValueError(f"part must be 'play' or 'choice', got {part!r}")


def analysis_calls(text: str, seat: int) -> list[dict[str, object]]:
    """``seat``'s calls in the auction of the finished deal ``text``, each beside the strong
    player's decision there (:func:`skat.analysis.estimate.calls`), as JSON
    (:meth:`skat.analysis.estimate.Call.to_json`); what :func:`analysis_part`'s ``play`` leaves
    out (its ``estimates.calls`` is None).

    Raises:
        RecordError: the record does not replay.
        NotFinishedError: the deal is not over.
    """
    return [c.to_json() for c in calls(_finished(text), seat)]


def _finished(text: str) -> State:
    state = game.load(text)
    if not state.is_terminal():
        raise NotFinishedError(f"the deal is not finished (phase {state.phase.value!r})")
    return state


def warm_up_solver() -> float | None:
    """Compile or load the solver's kernels (:func:`skat.solver.warm_up`); the seconds it took,
    None without a solver."""
    try:
        from skat import solver
    except ImportError:
        return None
    warm = getattr(solver, "warm_up", None)
    return float(warm()) if callable(warm) else None


def default_workers() -> int:
    """One worker per core this process may run on (at least one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


_warm_seconds: float | None = None


def _watch_parent(parent: int) -> None:
    # A worker blocks on the pool's queue, whose other end it holds itself: without this it would
    # outlive a server that was killed.
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def _start_worker(parent: int, warm: bool) -> None:
    global _warm_seconds
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError, AttributeError):
        os.nice(WORKER_NICE)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    if warm:
        _warm_seconds = warm_up_solver()


def _ready() -> float | None:
    return _warm_seconds


class Computers:
    """Runs the computers' turns of requests: in ``workers`` processes, or (0) in the server's
    own threads, which keeps no answer from waiting only while the decisions release the
    interpreter lock (tests, embedding).

    Args:
        workers: the number of worker processes; 0: none, decide in the server's threads.
        decide: the task (:func:`decide`; a test passes a slower one); it must be importable by
            name, as the workers are new processes (``spawn``).
        warm_up: each worker warms the solver up as it starts.
    """

    def __init__(self, workers: int, decide: DecideFn = decide, warm_up: bool = False) -> None:
        if workers < 0:
            raise ValueError(f"workers must be 0 or more, got {workers!r}")
        self.workers = workers
        self._decide = decide
        self._warm_up = warm_up
        self._pool: ProcessPoolExecutor | None = None

    def _get_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=(os.getpid(), self._warm_up),
            )
        return self._pool

    async def start(self) -> None:
        """Start every worker now (each warms up first, with ``warm_up``) and wait for them."""
        if not self.workers:
            if self._warm_up:
                seconds = await run_in_threadpool(warm_up_solver)
                if seconds is not None:
                    _log.info("solver warmed up in %.1f s", seconds)
            return
        pool = self._get_pool()
        start = time.perf_counter()
        # no worker is idle yet, so each of these tasks starts one of its own
        futures: list[Future[float | None]] = [pool.submit(_ready) for _ in range(self.workers)]
        await asyncio.gather(*(asyncio.wrap_future(f) for f in futures))
        _log.info("%d computer workers ready in %.1f s", self.workers, time.perf_counter() - start)

    async def run(self, text: str, human: int, level: str) -> dict[str, Any]:
        """The task's answer (see :func:`decide`), decided in a worker.

        Raises:
            the task's errors; BrokenProcessPool: a worker died (the next request gets new
            workers).
        """
        return await self.call(self._decide, text, human, level)

    async def analyse(
        self, text: str, seat: int, task: AnalyseFn = analysis_part
    ) -> dict[str, Any]:
        """The analysis of the finished deal ``text`` for ``seat`` as JSON
        (:meth:`skat.analysis.Analysis.to_json`): its card play and the declarer's game choice
        in two workers at once (:func:`analysis_part`), joined.

        Raises:
            the task's errors (a deal that is not finished, a record that does not replay);
            BrokenProcessPool: a worker died.
        """
        play, choice = await asyncio.gather(
            self.call(task, text, seat, "play"), self.call(task, text, seat, "choice")
        )
        if not isinstance(play, Analysis) or not (choice is None or isinstance(choice, GameChoice)):
            raise TypeError("the analysis tasks gave parts of the wrong kind")
        return play.with_game_choice(choice).to_json()

    async def call(self, task: Callable[..., _T], *args: Any) -> _T:
        """``task(*args)`` in a worker (in a thread of the server without workers); ``task``
        must be importable by name.

        Raises:
            the task's errors; BrokenProcessPool: a worker died (the next request gets new
            workers).
        """
        if not self.workers:
            return await run_in_threadpool(task, *args)
        pool = self._get_pool()
        try:
            return await asyncio.wrap_future(pool.submit(task, *args))
        except BrokenProcessPool:
            if self._pool is pool:
                self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            raise

    def close(self) -> None:
        """Stop the workers, once the decisions under way are made (queued ones are dropped)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
