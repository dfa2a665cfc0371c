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
number the browser stores is counted in the comparison, nor shown: the computer's score that the
score sheet shows on a row is the one this answer gives for the row's checked replay
(``replays``), never the ``score`` the row keeps beside it.

Where the person loses points: a row may carry ``review_kinds``, its review summed by kind as
``POST /api/review/kinds`` (:func:`kinds_json`) answered it; the summaries of the counted rows
are checked in shape and against the row's deal and seat and summed (:func:`losses_json`). Their
figures cannot be checked short of reviewing the deal again (seconds a decision).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from skat.analysis.review import KINDS, MARKS, Judgement, Review, costs_by_kind, decision_indices
from skat.bock import BockError, seat_list_scores, walk
from skat.errors import SkatError, shown
from skat.replay import check_replay
from skat.server import game
from skat.server import review as _review
from skat.server.workers import Computers
from skat.state import State
from skat.statistics import comparison, statistics

__all__ = [
    "MAX_BODY_BYTES",
    "MAX_DEALS",
    "MAX_SERIES",
    "ReviewMismatchError",
    "TooManyDealsError",
    "answer",
    "kinds_json",
    "losses_json",
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


Loaded = list[tuple[int, State, int, dict[str, Any]]]
"""The rows read of one series: (index in the series, the finished deal, the person's seat, the
row's ``replay`` and ``review_kinds`` as sent, each None when absent)."""


def _row(row: object) -> tuple[State, int, dict[str, Any]]:
    """The finished deal, the person's seat and the ``replay`` and ``review_kinds`` fields
    (unread) of one row.

    Raises:
        RequestError: not an object of ``record``, ``human_seat`` and maybe ``replay``, or a
            seat not 0..2.
        RecordError: the record does not replay or is not a finished deal of this game.
    """
    if not isinstance(row, dict):
        raise game.RequestError(f"a row is an object of record and human_seat, not {shown(row)}")
    unknown = sorted(set(row) - {"record", "human_seat", "replay", "review_kinds"})
    if unknown:
        raise game.RequestError(
            f"unknown field {shown(unknown[0])} (expected record, human_seat, replay, review_kinds)"
        )
    seat = game.parse_seat(row.get("human_seat"))
    state = game.load(row.get("record"))
    if not state.is_terminal():
        raise game.RequestError(f"the deal is not finished (phase {state.phase.value!r})")
    return state, seat, {"replay": row.get("replay"), "review_kinds": row.get("review_kinds")}


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


Kept = TypeVar("Kept")


def _checked_rows(
    counted: Loaded, field: str, check: Callable[[State, int, Any], Kept | None]
) -> tuple[list[tuple[int, Kept]], list[int], list[dict[str, Any]]]:
    """The rows of ``counted`` by what they keep under ``field`` (a replay, a review summary):
    what ``check(state, seat, value)`` makes of each that has one, with the row's index, the
    indices of the others (none kept, ``check`` found it not to count, or refused it: to be done
    again) and the values refused, each ``{"index", "code", "message"}``."""
    kept: list[tuple[int, Kept]] = []
    pending: list[int] = []
    refused: list[dict[str, Any]] = []
    for index, state, seat, extra in counted:
        value = extra[field]
        item = None
        if value is not None:
            try:
                item = check(state, seat, value)
            except SkatError as err:
                refused.append({"index": index, "code": err.code, "message": str(err)})
        if item is None:
            pending.append(index)
        else:
            kept.append((index, item))
    return kept, pending, refused


def _compared(
    counted: Loaded, replayer: str
) -> tuple[Pairs, list[int], list[dict[str, Any]], list[dict[str, Any]]]:
    """The rows of ``counted`` whose replay by ``replayer`` is the deal's (as
    :func:`skat.statistics.comparison` takes them), the indices of the others (not replayed, or
    by another player, or their replay refused: to be replayed), the replays refused, each
    ``{"index", "code", "message"}``, and every replay read and found to be its row's deal's, by
    any player: ``{"index", "player", "score"}``, ``score`` the computer's list score in the
    person's seat (game points on the deal's own score list, as ``POST /api/replay``'s
    ``computer.score``; :func:`skat.bock.seat_list_scores`), what the score sheet shows on the
    row instead of a number it stored."""
    checked, pending, refused = _checked_rows(
        counted,
        "replay",
        lambda state, seat, replay: (state, seat, *_replay_of(state, seat, replay)),
    )
    pairs: Pairs = []
    scores: list[dict[str, Any]] = []
    for index, (state, seat, player, replayed) in checked:
        scores.append({"index": index, "player": player, "score": seat_list_scores(replayed)[seat]})
        if player == replayer:
            pairs.append((state, replayed, seat))
        else:
            pending.append(index)
    return pairs, sorted(pending), refused, scores


class ReviewMismatchError(SkatError):
    """A row's summary of its review (``review_kinds``) names another deal or seat than the row."""

    code = "review_mismatch"


def _kinds_of(state: State, seat: int, value: object) -> dict[str, dict[str, Any]]:
    """The costs by kind of a row's ``review_kinds`` (``{"deal_number", "seat", "kinds"}``, as
    ``POST /api/review/kinds`` answered it), checked in shape and against the row's deal.

    Raises:
        RequestError: not of that shape (a kind or mark not known, a cost that is not a number
            ≥ 0, a count that is not a whole number ≥ 0).
        ReviewMismatchError: its deal number or seat is not the row's.
    """
    if not isinstance(value, dict) or set(value) != {"deal_number", "seat", "kinds"}:
        raise game.RequestError(
            f"review_kinds is an object of deal_number, seat and kinds, not {shown(value)}"
        )
    if value["deal_number"] != str(state.deal.number) or value["seat"] != seat:
        raise ReviewMismatchError(
            f"the review is of deal {shown(value['deal_number'])} in seat "
            f"{shown(value['seat'])}, not of this row's deal {state.deal.number} in seat {seat}"
        )
    kinds = value["kinds"]
    if not isinstance(kinds, dict) or set(kinds) != set(KINDS):
        raise game.RequestError(f"review_kinds' kinds must name each of {list(KINDS)}")
    marks_known = {*MARKS, "forced", "unjudged"}

    def whole(x: object) -> bool:
        return isinstance(x, int) and not isinstance(x, bool) and x >= 0

    for kind, row in kinds.items():
        ok = isinstance(row, dict) and set(row) == {"cost", "decisions", "marks"}
        cost = row.get("cost") if ok else None
        ok = ok and isinstance(cost, int | float) and not isinstance(cost, bool)
        ok = ok and 0 <= float(cost) < 1e6 and whole(row["decisions"])  # type: ignore[arg-type]
        marks = row.get("marks") if ok else None
        ok = ok and isinstance(marks, dict) and set(marks) == marks_known
        ok = ok and all(whole(n) for n in marks.values())  # type: ignore[union-attr]
        if not ok:
            raise game.RequestError(f"review_kinds' {kind!r} is not {{cost, decisions, marks}}")
    return kinds


def _losses(counted: Loaded) -> tuple[list[dict[str, Any]], list[int], list[dict[str, Any]]]:
    """The costs by kind of the counted rows whose review summary reads (each ``kinds`` of
    :func:`_kinds_of`), the indices of the others (to be reviewed) and the summaries refused."""
    kept, pending, refused = _checked_rows(counted, "review_kinds", _kinds_of)
    return [kinds for _, kinds in kept], pending, refused


def losses_json(deals: list[dict[str, dict[str, Any]]]) -> dict[str, Any]:
    """Where the person loses points over ``deals`` (each a deal's costs by kind, as
    :func:`skat.analysis.review.costs_by_kind` gives them for one review): ``{"deals": n,
    "kinds": [{"kind", "cost", "per_deal", "decisions", "mistakes"}]}`` in the order of
    :data:`skat.analysis.review.KINDS`: ``cost`` the expected game points given away in all (to
    0.1), ``per_deal`` that over the ``n`` deals reviewed (null for none), ``mistakes`` the
    decisions marked mistake or blunder."""
    out = []
    n = len(deals)
    for kind in KINDS:
        cost = sum(float(d[kind]["cost"]) for d in deals)
        out.append(
            {
                "kind": kind,
                "cost": round(cost, 1),
                "per_deal": round(cost / n, 2) if n else None,
                "decisions": sum(int(d[kind]["decisions"]) for d in deals),
                "mistakes": sum(
                    int(d[kind]["marks"]["mistake"]) + int(d[kind]["marks"]["blunder"])
                    for d in deals
                ),
            }
        )
    return {"deals": n, "kinds": out}


def _no_verdict(text: str, seat: int) -> dict[str, Any]:
    """The open-hand verdict's task of :func:`kinds_json`, which sums no verdict: none."""
    return {}


async def kinds_json(computers: Computers, state: State, seat: int) -> dict[str, Any]:
    """The answer of ``POST /api/review/kinds``: the review of the finished deal ``state`` for
    ``seat`` (its decisions judged in the workers, as ``POST /api/review``) summed by kind of
    decision, ``{"deal_number": text, "seat", "kinds": costs_by_kind([review])}``: what a row of
    the score sheet keeps (``review_kinds``) for :func:`losses_json`.

    Raises:
        the tasks' errors (a record that does not replay); BrokenProcessPool: a worker died.
    """
    text = game.write_record(state)
    decisions: list[Judgement] = []
    tasks = (_review.decision_task, _no_verdict)  # no verdict is summed: none is computed
    indices = decision_indices(state, seat)
    async for item in _review.judgements(computers, text, seat, indices, tasks):
        if isinstance(item, Judgement):
            decisions.append(item)
    review = Review(seat, state.deal.number, tuple(decisions), {})
    return {
        "deal_number": str(state.deal.number),
        "seat": seat,
        "kinds": costs_by_kind([review]),
    }


def answer(ids: list[str], rows: Rows, replayer: str) -> dict[str, Any]:
    """The answer of ``POST /api/statistics``: ``{"overall": figures, "comparison": compared,
    "series": [{"id", "statistics": figures, "skipped": [{"index", "code", "message"}],
    "comparison": compared}]}``, the figures those of
    :meth:`skat.statistics.Statistics.to_json` with ``skipped`` (the rows not counted) added; the
    comparison :meth:`skat.statistics.Comparison.to_json` of the counted rows replayed by
    ``replayer`` (the server's player of ``POST /api/replay``) with ``replayer``, ``pending``
    (per series the indices of the counted rows without such a replay, over all their count),
    ``skipped`` (per series the replays refused, over all their count) and, per series only,
    ``replays`` (each counted row's replay that is its deal's, by any player, with the computer's
    score in the person's seat: :func:`_compared`); the losses
    :func:`losses_json` of the counted rows' review summaries (``review_kinds``), with
    ``pending`` and ``skipped`` as the comparison's.
    """
    out = []
    everything: list[tuple[State, int]] = []
    all_pairs: Pairs = []
    skipped_in_all = pending_in_all = refused_in_all = 0
    all_reviewed: list[dict[str, Any]] = []
    unreviewed_in_all = refused_reviews_in_all = 0
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
        pairs, pending, bad, replays = _compared(counted, replayer)
        compared = comparison(pairs).to_json()
        compared.update(replayer=replayer, pending=pending, skipped=bad, replays=replays)
        reviewed, unreviewed, refused_reviews = _losses(counted)
        lost = losses_json(reviewed)
        lost.update(pending=unreviewed, skipped=refused_reviews)
        out.append(
            {
                "id": sid,
                "statistics": figures,
                "skipped": skipped,
                "comparison": compared,
                "losses": lost,
            }
        )
        all_reviewed.extend(reviewed)
        unreviewed_in_all += len(unreviewed)
        refused_reviews_in_all += len(refused_reviews)
        everything.extend((state, seat) for _, state, seat, _ in counted)
        all_pairs.extend(pairs)
        skipped_in_all += len(skipped)
        pending_in_all += len(pending)
        refused_in_all += len(bad)
    overall = statistics(everything).to_json()
    overall["skipped"] = skipped_in_all
    compared = comparison(all_pairs).to_json()
    compared.update(replayer=replayer, pending=pending_in_all, skipped=refused_in_all)
    lost = losses_json(all_reviewed)
    lost.update(pending=unreviewed_in_all, skipped=refused_reviews_in_all)
    return {"overall": overall, "comparison": compared, "losses": lost, "series": out}
