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

The score free of card luck: a row may carry ``replay: {"record", "player"}``, the record of the
deal played again by the computer ``player`` in the person's seat (``POST /api/replay``'s
``computer.record`` and ``player``). Each counted row's replay is read with full checking and
checked to be a replay of the row's own deal in its seat (:func:`skat.replay.check_replay`); the
person's Seeger-Fabian points and the computer's are then compared by the core
(:func:`skat.statistics.comparison`), counting only replays by the server's replayer. A replay
that cannot be read or is not the deal's is left out and named (``replay_mismatch``,
``bad_record``, ...), and the row is pending again: the browser replays the pending rows. No
number the browser stores is counted.
"""

from __future__ import annotations

from typing import Any

from skat.bock import BockError, walk
from skat.errors import SkatError, shown
from skat.replay import check_replay
from skat.server import game
from skat.state import State
from skat.statistics import comparison, statistics

__all__ = [
    "MAX_BODY_BYTES",
    "MAX_DEALS",
    "MAX_SERIES",
    "TooManyDealsError",
    "answer",
    "parse_request",
]

MAX_DEALS = 2000
"""The most rows one request may hold, over all its series (about 2 s of replays on one core,
twice that with a replay record in every row)."""

MAX_SERIES = 200
"""The most series one request may hold."""

MAX_BODY_BYTES = 4 * 1024 * 1024
"""The largest request body of ``POST /api/statistics``: :data:`MAX_DEALS` rows of a played deal
with its replay (two records of 400 to 600 characters, a row about 1,000 to 1,400 bytes) fit;
the other routes take 16 KiB."""

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


Loaded = list[tuple[int, State, int, object]]
"""The rows read of one series: (index in the series, the finished deal, the person's seat, the
row's ``replay`` as sent or None)."""


def _row(row: object) -> tuple[State, int, object]:
    """The finished deal, the person's seat and the ``replay`` field (unread) of one row.

    Raises:
        RequestError: not an object of ``record``, ``human_seat`` and maybe ``replay``, or a
            seat not 0..2.
        RecordError: the record does not replay or is not a finished deal of this game.
    """
    if not isinstance(row, dict):
        raise game.RequestError(f"a row is an object of record and human_seat, not {shown(row)}")
    unknown = sorted(set(row) - {"record", "human_seat", "replay"})
    if unknown:
        raise game.RequestError(
            f"unknown field {shown(unknown[0])} (expected record, human_seat, replay)"
        )
    seat = game.parse_seat(row.get("human_seat"))
    state = game.load(row.get("record"))
    if not state.is_terminal():
        raise game.RequestError(f"the deal is not finished (phase {state.phase.value!r})")
    return state, seat, row.get("replay")


def _replay_of(deal: State, seat: int, replay: object) -> tuple[str, State]:
    """The player and the finished deal of a row's ``replay`` (``{"record", "player"}``),
    checked to be a replay of ``deal`` in ``seat`` (:func:`skat.replay.check_replay`).

    Raises:
        RequestError: ``replay`` is not such an object.
        RecordError, NotFinishedError: its record does not replay, or is not finished.
        ReplayMismatchError: it is not a replay of this deal in this seat.
    """
    if not isinstance(replay, dict) or set(replay) - {"record", "player", "score"}:
        raise game.RequestError(f"a replay is an object of record and player, not {shown(replay)}")
    player = replay.get("player")
    if not isinstance(player, str):
        raise game.RequestError(f"a replay's player must be a string, not {shown(player)}")
    state = game.load_finished(replay.get("record"), "compared")
    check_replay(deal, state, seat)
    return player, state


def _bock_checked(loaded: Loaded) -> tuple[Loaded, list[dict[str, Any]]]:
    """The rows of one series whose Bock marks follow from the series, and the rows skipped for
    the mark: the series walked as ``POST /api/bock`` walks it (:func:`skat.bock.walk`).

    A deal whose ``BK[...]`` does not follow from the deals before it is skipped (code
    ``bock_mismatch``), and so is every deal after it: what those are under the Bock rule rests on
    it (``POST /api/bock`` and ``POST /api/new`` refuse such a series whole).

    Args:
        loaded: the rows read, in order.
    """
    try:
        walk([(state, seat) for _, state, seat, _ in loaded])
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
            for index, _, _, _ in loaded[err.index + 1 :]
        ]
        return loaded[: err.index], skipped
    return loaded, []


Pairs = list[tuple[State, State, int]]


def _compared(counted: Loaded, replayer: str) -> tuple[Pairs, list[int], list[dict[str, Any]]]:
    """The rows of ``counted`` whose replay by ``replayer`` is the deal's (as
    :func:`skat.statistics.comparison` takes them), the indices of the others (not replayed, or
    by another player, or their replay refused: to be replayed) and the replays refused, each
    ``{"index", "code", "message"}``."""
    pairs: Pairs = []
    pending: list[int] = []
    refused: list[dict[str, Any]] = []
    for index, state, seat, replay in counted:
        if replay is None:
            pending.append(index)
            continue
        try:
            player, replayed = _replay_of(state, seat, replay)
        except SkatError as err:
            refused.append({"index": index, "code": err.code, "message": str(err)})
            pending.append(index)
            continue
        if player != replayer:
            pending.append(index)
            continue
        pairs.append((state, replayed, seat))
    return pairs, pending, refused


def answer(ids: list[str], rows: Rows, replayer: str) -> dict[str, Any]:
    """The answer of ``POST /api/statistics``: ``{"overall": figures, "comparison": compared,
    "series": [{"id", "statistics": figures, "skipped": [{"index", "code", "message"}],
    "comparison": compared}]}``, the figures those of
    :meth:`skat.statistics.Statistics.to_json` with ``skipped`` (the rows not counted) added; the
    comparison :meth:`skat.statistics.Comparison.to_json` of the counted rows replayed by
    ``replayer`` (the server's player of ``POST /api/replay``) with ``replayer``, ``pending``
    (per series the indices of the counted rows without such a replay, over all their count) and
    ``skipped`` (per series the replays refused, over all their count).
    """
    out = []
    everything: list[tuple[State, int]] = []
    all_pairs: Pairs = []
    skipped_in_all = pending_in_all = refused_in_all = 0
    for sid, deals in zip(ids, rows, strict=True):
        loaded: Loaded = []
        skipped: list[dict[str, Any]] = []
        for index, row in enumerate(deals):
            try:
                loaded.append((index, *_row(row)))
            except SkatError as err:
                skipped.append({"index": index, "code": err.code, "message": str(err)})
        counted, refused = _bock_checked(loaded)
        skipped = sorted([*skipped, *refused], key=lambda s: int(s["index"]))
        figures = statistics([(state, seat) for _, state, seat, _ in counted]).to_json()
        figures["skipped"] = len(skipped)
        pairs, pending, bad = _compared(counted, replayer)
        compared = comparison(pairs).to_json()
        compared.update(replayer=replayer, pending=pending, skipped=bad)
        out.append({"id": sid, "statistics": figures, "skipped": skipped, "comparison": compared})
        everything.extend((state, seat) for _, state, seat, _ in counted)
        all_pairs.extend(pairs)
        skipped_in_all += len(skipped)
        pending_in_all += len(pending)
        refused_in_all += len(bad)
    overall = statistics(everything).to_json()
    overall["skipped"] = skipped_in_all
    compared = comparison(all_pairs).to_json()
    compared.update(replayer=replayer, pending=pending_in_all, skipped=refused_in_all)
    return {"overall": overall, "comparison": compared, "series": out}
