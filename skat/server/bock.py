"""The series the browser sends for the Bock rule: ``POST /api/new``'s ``series`` and
``POST /api/bock``.

The server keeps no state (docs/design.md, decision 5): the browser keeps the series, and sends
its finished deals (``[{"record", "human_seat"}, ...]`` in order) where the Bock rule needs them.
Each record is replayed with full checking (:func:`skat.server.game.load_finished`) and the
series walked (:func:`skat.bock.walk`): it decides whether the next deal is a Bock or a
Bockramsch deal and how many such deals are queued, and refuses a deal whose ``BK[...]`` does not
follow from the deals before it (:class:`skat.bock.BockError`, code ``bock_mismatch``).

Both walk up to :data:`MAX_DEALS` records, seconds on one core: the server runs them in its
worker processes (:mod:`skat.server.workers`), not in its own, so that one such request does
not hold up the pages and the other games. ``POST /api/statistics`` checks the series it counts
with the same walk (:mod:`skat.server.statistics`).
"""

from __future__ import annotations

from typing import Any

from skat.bock import walk
from skat.errors import SkatError
from skat.options import BockDeal, BockRule, Options
from skat.server import game
from skat.state import State

__all__ = ["MAX_DEALS", "answer", "load_series", "next_deal"]

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


def next_deal(rows: object, options: Options) -> BockDeal:
    """What the series' next deal is for ``POST /api/new``: the Bock walk of ``rows``
    (:func:`load_series`, :func:`skat.bock.walk`) under the next deal's ``options``; none while
    the rule is off for it, whatever the series was. A task of the server's workers
    (:meth:`skat.server.workers.Computers.call`): it replays up to :data:`MAX_DEALS` records.

    Raises:
        RequestError: as :func:`load_series`.
        BockError: a deal whose ``BK`` does not follow from the deals before it.
    """
    if options.bock == BockRule.OFF:
        return BockDeal.NONE
    return walk(load_series(rows)).next_deal(options)


def answer(rows: object, options: Options) -> dict[str, Any]:
    """``POST /api/bock``'s answer: :meth:`skat.bock.BockWalk.to_json` under the next deal's
    ``options``. A task of the server's workers, as :func:`next_deal`.

    Raises:
        RequestError, BockError: as :func:`next_deal`.
    """
    return walk(load_series(rows)).to_json(options)
