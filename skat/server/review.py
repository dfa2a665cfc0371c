"""The review of a deal for the web API: ``POST /api/review`` and ``POST /api/review/stream``
(docs/web-api.md, :mod:`skat.analysis.review`).

The decisions of a deal are judged independently of each other (each from the seat's
information state before it, by a new strong player), so each is a task of its own for the
server's workers (:class:`skat.server.workers.Computers`): with one worker per core the
decisions are judged on both cores at once, and the server's own process stays free. The
tasks are all handed to the workers at once, in the deal's order, so the first decisions are
judged first; the open-hand verdict of "Could I have won?" is the last task.

:func:`judgements` yields each decision's judgement in the deal's order as soon as it and those
before it are done, for the streaming route; :func:`review_json` gathers them for the plain one.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

from skat.analysis.review import (
    Judgement,
    Review,
    decision_indices,
    judge_decision,
    open_hand_verdict,
)
from skat.cards import cards_of_mask, format_card
from skat.errors import SkatError
from skat.players.strong_settings import StrongSettings
from skat.server import game
from skat.server.workers import Computers
from skat.state import State

__all__ = [
    "Tasks",
    "decision_task",
    "judgements",
    "position_json",
    "review_json",
    "stream_lines",
    "summary_json",
    "tasks_for",
    "verdict_task",
]

Tasks = tuple[Callable[[str, int, int], Any], Callable[[str, int], Any]]
"""A decision's task (record text, seat, action index) -> Judgement and the verdict's (record
text, seat) -> dict, as :func:`judgements` hands them to the workers."""

_log = logging.getLogger("skat.server")


def decision_task(text: str, seat: int, index: int) -> Judgement:
    """The judgement of ``seat``'s decision at action ``index`` of the deal ``text`` (a worker's
    task; :func:`skat.analysis.review.judge_decision`).

    Raises:
        RecordError: the record does not replay.
        SkatError: ``seat`` took no action at ``index``.
    """
    return judge_decision(game.load(text), seat, index)


def _decision_by(text: str, seat: int, index: int, *, settings: StrongSettings) -> Judgement:
    """:func:`decision_task` by a strong player of ``settings``."""
    return judge_decision(game.load(text), seat, index, settings)


def tasks_for(settings: StrongSettings | None) -> Tasks | None:
    """The tasks of a review by a strong player of ``settings`` (None: today's player, the
    default tasks of :func:`judgements`); a partial of a module function, so that a worker
    process can take it."""
    if settings is None:
        return None
    return functools.partial(_decision_by, settings=settings), verdict_task


def position_json(state: State, seat: int, index: int) -> dict[str, Any]:
    """What ``seat`` saw before its decision at action ``index`` of ``state``, for the browser
    to draw the position (:meth:`skat.state.State.information_state` of the deal's first
    ``index`` actions): ``{"hand": [card, ...], "trick": [{"seat", "card"}, ...] (the current
    trick in playing order), "calls": [{"seat", "action"}, ...] (the auction so far), "contract"
    (token or null), "declarer" (seat or null), "bid" (game points), "kontra" (0 none, 1 Kontra,
    2 Re, 3 Supra)}``; cards and actions as record tokens.

    Raises:
        ValueError: ``index`` is not in ``0 .. len(state.actions)``.
    """
    info = state.prefix(index).information_state(seat)
    return {
        "hand": [format_card(c) for c in cards_of_mask(info.hand)],
        "trick": [
            {"seat": (info.leader + i) % 3, "card": format_card(c)}
            for i, c in enumerate(info.trick)
        ],
        "calls": [{"seat": int(s), "action": str(a)} for s, a in info.bids],
        "contract": None if info.contract is None else str(info.contract),
        "declarer": None if info.declarer is None else int(info.declarer),
        "bid": info.bid,
        "kontra": info.kontra,
    }


def verdict_task(text: str, seat: int) -> dict[str, Any]:
    """The open-hand verdict of the finished deal ``text`` for ``seat`` (a worker's task;
    :func:`skat.analysis.review.open_hand_verdict`).

    Raises:
        RecordError: the record does not replay.
        NotFinishedError: the deal is not over.
    """
    return open_hand_verdict(game.load(text), seat)


async def judgements(
    computers: Computers,
    text: str,
    seat: int,
    indices: list[int],
    tasks: Tasks | None = None,
) -> AsyncIterator[Any]:
    """Each of ``seat``'s decisions at ``indices`` of the finished deal ``text`` judged (a
    :class:`~skat.analysis.review.Judgement`), in order, then the open-hand verdict (a dict):
    all handed to ``computers`` at once; what is not yet started when the caller stops reading
    is dropped. ``tasks``: the decision's and the verdict's task and what they give (None:
    :func:`decision_task` and :func:`verdict_task`; bench/bench_review.py times them).

    Raises:
        the tasks' errors; BrokenProcessPool: a worker died.
    """
    decide, verdict_of = tasks or (decision_task, verdict_task)
    futures = [asyncio.ensure_future(computers.call(decide, text, seat, i)) for i in indices]
    verdict = asyncio.ensure_future(computers.call(verdict_of, text, seat))
    try:
        for pending_decision in futures:
            yield await pending_decision
        yield await verdict
    finally:
        pending: list[asyncio.Future[Any]] = [*futures, verdict]
        for future in pending:
            future.cancel()  # a task not yet in a worker is dropped
            future.add_done_callback(_retrieve)


def _retrieve(future: asyncio.Future[Any]) -> None:
    """Take a dropped task's outcome, so that its error is not logged as never retrieved."""
    if not future.cancelled():
        future.exception()


def summary_json(
    seat: int, deal_number: int, decisions: list[Judgement], verdict: dict[str, Any]
) -> dict[str, Any]:
    """The review's JSON (:meth:`skat.analysis.review.Review.to_json`) from its parts."""
    return Review(seat, deal_number, tuple(decisions), verdict).to_json()


async def stream_lines(
    computers: Computers, state: State, seat: int, tasks: Tasks | None = None
) -> AsyncIterator[dict[str, Any]]:
    """The lines of ``POST /api/review/stream`` for the finished deal ``state`` and ``seat``:
    ``{"start": {"seat", "deal_number", "indices"}}``, then ``{"decision": {...}}`` per decision
    in order (:meth:`skat.analysis.review.Judgement.to_json` with its ``position``,
    :func:`position_json`), then ``{"summary": {"total", "marks", "played_well", "open_hand"}}``;
    a failure on the way ends it with ``{"error": {"code", "message"}}`` (the status line has
    gone out already). ``tasks`` as in :func:`judgements`.
    """
    text = game.write_record(state)
    indices = decision_indices(state, seat)
    yield {"start": {"seat": seat, "deal_number": str(state.number), "indices": indices}}
    decisions: list[Judgement] = []
    try:
        async for item in judgements(computers, text, seat, indices, tasks):
            if isinstance(item, Judgement):
                decisions.append(item)
                yield {"decision": _with_position(item, state, seat)}
            else:
                done = summary_json(seat, state.number, decisions, item)
                summary = ("total", "marks", "played_well", "open_hand")
                yield {"summary": {k: done[k] for k in summary}}
    except SkatError as err:
        yield {"error": {"code": err.code, "message": str(err)}}
    except Exception:  # a worker died: the stream says so instead of breaking off
        _log.exception("the review failed")
        yield {"error": {"code": "internal_error", "message": "the review failed"}}


def _with_position(judgement: Judgement, state: State, seat: int) -> dict[str, Any]:
    """The judgement's JSON with the position before it (:func:`position_json`)."""
    return {**judgement.to_json(), "position": position_json(state, seat, judgement.index)}


async def review_json(
    computers: Computers, text: str, seat: int, tasks: Tasks | None = None
) -> dict[str, Any]:
    """The review of the finished deal ``text`` for ``seat`` as JSON
    (:meth:`skat.analysis.review.Review.to_json`, each decision with its ``position``:
    :func:`position_json`), its decisions judged in the workers; ``tasks`` as in
    :func:`judgements`.

    Raises:
        the tasks' errors (a record that does not replay); BrokenProcessPool: a worker died.
    """
    state = game.load(text)
    indices = decision_indices(state, seat)
    decisions: list[Judgement] = []
    verdict: dict[str, Any] = {}
    async for item in judgements(computers, text, seat, indices, tasks):
        if isinstance(item, Judgement):
            decisions.append(item)
        else:
            verdict = item
    out = summary_json(seat, state.number, decisions, verdict)
    out["decisions"] = [_with_position(j, state, seat) for j in decisions]
    return out
