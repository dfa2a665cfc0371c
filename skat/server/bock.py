"""The series the browser sends for the Bock rule: ``POST /api/new``'s ``series`` and
``POST /api/bock``.

The server keeps no state (docs/design.md, decision 5): the browser keeps the series, and sends
its finished deals (``[{"record", "human_seat"}, ...]`` in order) where the Bock rule needs them.
Each record is replayed with full checking (:func:`skat.server.game.load_finished`) and the
series walked (:func:`skat.bock.walk`): it decides whether the next deal is a Bock or a
Bockramsch deal and how many such deals are queued, and refuses a deal whose ``BK[...]`` does not
follow from the deals before it (:class:`skat.bock.BockError`, code ``bock_mismatch``).
"""

from __future__ import annotations

from typing import Any

from skat.bock import BockWalk, walk
from skat.errors import SkatError
from skat.options import BockRule, Options
from skat.server import game
from skat.state import State

__all__ = ["MAX_DEALS", "answer", "load_series", "series_walk"]

MAX_DEALS = 2000
"""The most deals a series sent for the Bock rule may hold (as ``POST /api/statistics``)."""


def load_series(rows: object) -> list[tuple[State, int]]:
    """The finished deals of a series as the browser sends them, each with the person's seat.

    Args:
        rows: None (no series: no deal before this one) or a list of ``{"record": text,
            "human_seat": 0..2}``.

    Raises:
        RequestError: ``rows`` is not such a list, or holds over :data:`MAX_DEALS` deals; a row
            that is not such an object, whose record the server refuses or whose deal is not
            over (the message names its 0-based index and why).
    """
    if rows is None:
        return []
    if not isinstance(rows, list):
        raise game.RequestError(f"series must be a list, not {type(rows).__name__}")
    if len(rows) > MAX_DEALS:
        raise game.RequestError(f"series holds {len(rows)} deals, over {MAX_DEALS}")
    out: list[tuple[State, int]] = []
    for index, row in enumerate(rows):
        if not isinstance(row, dict) or set(row) - {"record", "human_seat"}:
            raise game.RequestError(f"series deal {index} is not an object of record, human_seat")
        try:
            state = game.load_finished(row.get("record"), "counted for Bock")
            human = game.parse_seat(row.get("human_seat"))
        except SkatError as err:
            raise game.RequestError(f"series deal {index}: {err}") from None
        out.append((state, human))
    return out


def series_walk(rows: object, options: Options) -> BockWalk | None:
    """The Bock walk of the series ``rows`` (:func:`load_series`) for ``POST /api/new``; None
    while the rule is off for the next deal (``options``): the deal is then no Bock deal,
    whatever the series was.

    Raises:
        RequestError: as :func:`load_series`.
        BockError: a deal whose ``BK`` does not follow from the deals before it.
    """
    if options.bock == BockRule.OFF:
        return None
    return walk(load_series(rows))


def answer(rows: object, options: Options) -> dict[str, Any]:
    """``POST /api/bock``'s answer: :meth:`skat.bock.BockWalk.to_json` under the next deal's
    ``options``.

    Raises:
        RequestError, BockError: as :func:`series_walk`.
    """
    return walk(load_series(rows)).to_json(options)
