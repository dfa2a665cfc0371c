"""``POST /api/statistics``: the figures of the score sheets the browser keeps.

The figures are those of :mod:`skat.statistics`. The browser sends the rows of its stored
series, each row the deal's record and the person's seat
(``{"series": [{"id", "deals": [{"record", "human_seat"}, ...]}, ...]}``); the server replays every
record with full checking (:func:`skat.server.game.load`, as for a move) and answers the figures of
each series and of all of them together. A row that cannot be counted (not an object, a seat that
is not 0..2, a record the server refuses, a deal not over) is skipped and named with its index,
the core's error code and message; it never fails the request. The Bock marks (``BK[...]``) of
each series' deals are checked as ``POST /api/bock`` checks them (:func:`skat.bock.walk`, over
the rows read): a deal whose mark does not follow from the deals before it, and every deal after
it, is skipped (``bock_mismatch``), so that a score counts double only where the series made the
deal a Bock deal. A request whose shape is wrong (``series`` not a list, a series without
``deals``) or that is too large (:data:`MAX_DEALS`, :data:`MAX_SERIES`) is refused as a whole
with a named code. The replays run in a worker process (:meth:`skat.server.workers.Computers.call`,
:func:`answer`), not in the server's event loop.
"""

from __future__ import annotations

from typing import Any

from skat.bock import BockError, walk
from skat.errors import SkatError, shown
from skat.server import game
from skat.state import State
from skat.statistics import statistics

__all__ = [
    "MAX_BODY_BYTES",
    "MAX_DEALS",
    "MAX_SERIES",
    "TooManyDealsError",
    "answer",
    "parse_request",
]

MAX_DEALS = 2000
"""The most rows one request may hold, over all its series (about 2 s of replays on one core)."""

MAX_SERIES = 200
"""The most series one request may hold."""

MAX_BODY_BYTES = 2 * 1024 * 1024
"""The largest request body of ``POST /api/statistics``: :data:`MAX_DEALS` rows of a played deal
(a record of 400 to 600 characters, a row about 500 to 700 bytes) fit; the other routes take
16 KiB."""

Rows = list[list[dict[str, Any]]]
"""The rows of each series as sent, checked to be objects only (:func:`parse_request`)."""


class TooManyDealsError(SkatError):
    """A statistics request with more rows or series than the server replays at once."""

    code = "too_large"


def parse_request(series: object) -> tuple[list[str], Rows]:
    """The ids and rows of the request's ``series`` field; rows are checked in :func:`answer`.

    Raises:
        RequestError: ``series`` is not a list of ``{"id": text, "deals": list}`` objects.
        TooManyDealsError: over :data:`MAX_SERIES` series or :data:`MAX_DEALS` rows in all.
    """
    if not isinstance(series, list):
        raise game.RequestError(f"series must be a list of series, not {shown(series)}")
    if len(series) > MAX_SERIES:
        raise TooManyDealsError(f"{len(series)} series: at most {MAX_SERIES} in one request")
    ids: list[str] = []
    rows: Rows = []
    for i, one in enumerate(series):
        if not isinstance(one, dict):
            raise game.RequestError(f"series {i} must be an object, not {shown(one)}")
        unknown = sorted(set(one) - {"id", "deals"})
        if unknown:
            raise game.RequestError(f"series {i} has the unknown field {shown(unknown[0])}")
        sid, deals = one.get("id"), one.get("deals")
        if not isinstance(sid, str):
            raise game.RequestError(f"series {i}'s id must be a string, not {shown(sid)}")
        if not isinstance(deals, list):
            raise game.RequestError(f"series {i}'s deals must be a list, not {shown(deals)}")
        ids.append(sid)
        rows.append(deals)
    total = sum(len(deals) for deals in rows)
    if total > MAX_DEALS:
        raise TooManyDealsError(f"{total} deals: at most {MAX_DEALS} in one request")
    return ids, rows


def _row(row: object) -> tuple[State, int]:
    """The finished deal and the person's seat of one row.

    Raises:
        RequestError: not an object of ``record`` and ``human_seat``, or a seat not 0..2.
        RecordError: the record does not replay or is not a finished deal of this game.
    """
    if not isinstance(row, dict):
        raise game.RequestError(f"a row is an object of record and human_seat, not {shown(row)}")
    unknown = sorted(set(row) - {"record", "human_seat"})
    if unknown:
        raise game.RequestError(f"unknown field {shown(unknown[0])} (expected record, human_seat)")
    seat = game.parse_seat(row.get("human_seat"))
    state = game.load(row.get("record"))
    if not state.is_terminal():
        raise game.RequestError(f"the deal is not finished (phase {state.phase.value!r})")
    return state, seat


def _bock_checked(
    loaded: list[tuple[int, State, int]],
) -> tuple[list[tuple[State, int]], list[dict[str, Any]]]:
    """The deals of one series whose Bock marks follow from the series, and the rows skipped for
    the mark: the series walked as ``POST /api/bock`` walks it (:func:`skat.bock.walk`).

    A deal whose ``BK[...]`` does not follow from the deals before it is skipped (code
    ``bock_mismatch``), and so is every deal after it: what those are under the Bock rule rests on
    it (``POST /api/bock`` and ``POST /api/new`` refuse such a series whole).

    Args:
        loaded: the rows read, each as (its index in the series, the finished deal, the person's
            seat), in order.
    """
    try:
        walk([(state, seat) for _, state, seat in loaded])
    except BockError as err:
        first = loaded[err.index][0]
        skipped = [{"index": first, "code": err.code, "message": f"the deal {err.detail}"}]
        skipped += [
            {
                "index": index,
                "code": err.code,
                "message": f"the deal comes after deal {first}, whose Bock mark (BK) does not "
                "follow from the deals before it: its own cannot be checked",
            }
            for index, _, _ in loaded[err.index + 1 :]
        ]
        return [(state, seat) for _, state, seat in loaded[: err.index]], skipped
    return [(state, seat) for _, state, seat in loaded], []


def answer(ids: list[str], rows: Rows) -> dict[str, Any]:
    """The answer of ``POST /api/statistics``: ``{"overall": figures, "series": [{"id",
    "statistics": figures, "skipped": [{"index", "code", "message"}]}]}``, the figures those of
    :meth:`skat.statistics.Statistics.to_json` with ``skipped`` (the rows not counted) added.
    """
    out = []
    everything: list[tuple[State, int]] = []
    skipped_in_all = 0
    for sid, deals in zip(ids, rows, strict=True):
        loaded: list[tuple[int, State, int]] = []
        skipped: list[dict[str, Any]] = []
        for index, row in enumerate(deals):
            try:
                loaded.append((index, *_row(row)))
            except SkatError as err:
                skipped.append({"index": index, "code": err.code, "message": str(err)})
        counted, refused = _bock_checked(loaded)
        skipped = sorted([*skipped, *refused], key=lambda s: int(s["index"]))
        figures = statistics(counted).to_json()
        figures["skipped"] = len(skipped)
        out.append({"id": sid, "statistics": figures, "skipped": skipped})
        everything.extend(counted)
        skipped_in_all += len(skipped)
    overall = statistics(everything).to_json()
    overall["skipped"] = skipped_in_all
    return {"overall": overall, "series": out}
