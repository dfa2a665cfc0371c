"""The ASGI app: an explicit route table, the static client, and a JSON API that keeps no state.

Routes:

* ``GET /`` — the table (``static/index.html``); ``/static/...`` — the client's ES modules, CSS
  and locale files (``locales/<code>.json``, fetched by ``js/i18n.js``).
* ``POST /api/new`` ``{"deal_number": "123" or "123-2" (optional: random), "human_seat": 0..2
  (optional: the seat the number names, else the deal number mod 3), "options": {...},
  "series": [{"record", "human_seat"}, ...] (optional: the series' finished deals, for the Bock
  rule)}`` — a new deal; the computers act until the human's turn. With ``series`` the deal is
  a Bock or Bockramsch deal when the series makes it one (:mod:`skat.server.bock`); its body may
  be up to 4 MiB.
* ``POST /api/bock`` ``{"series": [...], "options": {...}}`` — the Bock figures of the series:
  each deal's Bock status and events, the deals queued, the next deal
  (:meth:`skat.bock.BockWalk.to_json`); a deal whose ``BK`` does not follow is refused (400
  ``bock_mismatch``, the error's ``index`` the deal's 0-based index in ``series``).
* ``POST /api/act`` ``{"record": "...", "human_seat": s, "action": "18" | ["ST.H8", "G"]}`` —
  the human's action(s) on the deal of ``record``.
* ``POST /api/view`` ``{"record": "...", "human_seat": s}`` — the human's view of a stored record
  (after a reload or a server restart).
* ``POST /api/analysis`` ``{"record": "...", "human_seat": s}`` — the open-hand analysis of a
  finished deal for that seat (:mod:`skat.analysis`): ``{"analysis": {...}}``; a deal that is not
  over is refused (400 ``not_finished``). Its ``estimates.calls`` is null: the strong player's
  judgement of the seat's calls in the auction is asked apart, as it takes seconds.
* ``POST /api/analysis/calls`` ``{"record": "...", "human_seat": s}`` — that judgement
  (:func:`skat.analysis.estimate.calls`): ``{"calls": [{"index", "at", "said", "strong", "kind",
  "reason"}, ...]}``; refused as ``analysis`` is.
* ``POST /api/review`` ``{"record": "...", "human_seat": s}`` — the review of a finished deal
  for that seat (:mod:`skat.analysis.review`, :mod:`skat.server.review`): each of its decisions
  judged by the strong player from the seat's information at that moment, the deal's total and
  the open-hand verdict: ``{"review": {...}}``; refused as ``analysis`` is.
* ``POST /api/review/stream`` (the same fields) — the same review as JSON lines
  (``application/x-ndjson``), each decision as soon as it is judged.
* ``POST /api/review/kinds`` (the same fields) — the same review summed by kind of decision,
  what a score sheet row keeps to say where the person loses points:
  ``{"deal_number", "seat", "kinds"}`` (:func:`skat.server.statistics.kinds_json`).
* ``POST /api/statistics`` ``{"series": [{"id", "deals": [{"record", "human_seat"}, ...]}]}`` —
  the figures of the score sheets (:mod:`skat.server.statistics`, :mod:`skat.statistics`): per
  series and over all; a row that cannot be counted is skipped and named. A row may carry its
  computer's replay (``replay``) and its review summed by kind (``review_kinds``): the answer
  then compares the person with the computer free of card luck and sums where the person loses
  points. Its body may be up to 4 MiB (the others: :data:`MAX_BODY_BYTES`).
* ``POST /api/hint`` ``{"record": "...", "human_seat": s, "deal": "practice" | "series",
  "series_allows": bool (series only)}`` — the strong player's suggestion for the human's
  decision with its reason (:mod:`skat.server.assist`): ``{"hint": {"action", "tokens", "kind",
  "reason"}}``; refused (400) with ``not_your_turn``, ``deal_over``, ``hints_off``.
* ``POST /api/undo`` (the same fields) — the deal before the human's last decision:
  ``{"record", "view", "events": []}`` as ``view`` answers; refused (400) with ``deal_over``,
  ``nothing_to_undo``, ``skat_seen``, ``undo_off``.
* ``POST /api/replay`` ``{"record": "...", "human_seat": s, "player"?, "replayer"?}`` — the
  computer with your cards: the finished deal played again with a computer player (``replayer``,
  absent: the server's, the strong one) in that seat and the computers of ``player`` in the other
  two, both results side by side and where the lines parted (:mod:`skat.server.replay`); a deal
  that is not over is refused (400 ``not_finished``).
* ``POST /api/draw`` ``{}`` — the seat draw at the start of a series (seed 000): three cards
  drawn for the human and the two computers, and the table position of each
  (:func:`skat.series.draw_seats`).
* ``GET /api/health`` — ``{"ok": true}``.
* ``GET /api/options`` — ``{"options": [{"name", "default", "values"}, ...], "contracts": {...}}``:
  every rule option and the values it takes (:func:`skat.server.game.options_spec`), and every
  contract's announcements, the implied ones too (:func:`skat.server.view.contracts_json`).

``new``, ``act``, ``view`` and ``replay`` also take ``"player"``: the computer players' level for
this request (``heuristic``, ``strong``, ...; absent: the server's own).

Every answer to ``new``, ``act`` and ``view`` is ``{"record", "view", "events"}`` (see
:mod:`skat.server.game`); the computers' turns of it, an analysis, a replay, the statistics and
the walk of a series for the Bock rule (``bock``, ``new`` with ``series``) run in worker
processes (:mod:`skat.server.workers`), so that the server answers pages and other games
meanwhile. Bad requests get a 4xx and ``{"error": {"code": ..., "message": ...}}`` with the
core's stable codes (``bad_notation``, ``illegal_action``, ``bad_record``, ``not_finished``; a
deal number's ``bad_notation`` adds its ``reason``: ``form``, ``range``, with the ``largest``
deal number, or ``seat``; a refused claim's ``claim_fails`` (409) adds the ``line`` of play that
beats it, ``[{seat, card}]``) or the
server's own (``bad_json``, ``bad_request``, ``too_large``, ``timeout``, ``bad_host``,
``cross_origin``, ``not_found``, ``method_not_allowed``); never a 500 for bad input.

Every answer carries :data:`~skat.server.guard.SECURITY_HEADERS` (a Content-Security-Policy
that lets the page run its own modules only and no other site frame it, ``nosniff``, ...) and a
``Cache-Control`` (pages, modules and locale files: ask again each time, answered by a 304 while
unchanged; the API: never store); uvicorn's own answer to HTTP it cannot read gets them from
:mod:`skat.server.connection`, which also closes connections that send no request. A request
whose ``Host`` is not one of this server's names is refused (a page of
another site reaching the loopback server through DNS rebinding), and so is a POST sent by
another site's page (its ``Origin`` or ``Sec-Fetch-Site`` says so): see
:class:`skat.server.guard.Guard`.
"""

from __future__ import annotations

import json
import logging
import os
import random
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from skat.bock import BockError
from skat.cards import format_card
from skat.errors import ClaimError, IllegalActionError, SkatError, shown
from skat.options import BockRule
from skat.players import UnknownPlayerError, get_player, player_names
from skat.players.strong_settings import StrongSettings
from skat.series import draw_seats
from skat.server import assist, game
from skat.server import bock as _bock
from skat.server import replay as _replay
from skat.server import review as _review
from skat.server import statistics as _statistics
from skat.server import workers as _workers
from skat.server.guard import SECURITY_HEADERS, Guard, error_response
from skat.server.view import contracts_json
from skat.state import State

__all__ = [
    "BODY_TIMEOUT_SECONDS",
    "MAX_BODY_BYTES",
    "STATIC_DIR",
    "create_app",
    "load_player",
]

STATIC_DIR = Path(__file__).parent / "static"
"""The static client: ``index.html``, ``js/*.js`` (ES modules), ``css/*.css``, ``locales/*.json``
(the texts of each language)."""

MAX_BODY_BYTES = 16 * 1024
"""The largest request body accepted (a complete deal record is about 400 bytes)."""

BODY_TIMEOUT_SECONDS = 10.0
"""The longest a request body may take to arrive, once its headers are in (16 KiB at 1.6 KB/s;
the browser sends a record of a few hundred bytes in one packet). A body still incomplete then
gets a 408 ``timeout`` and the connection is closed, so that a client cannot hold the server's
connections open with half-sent bodies."""

_log = logging.getLogger("skat.server")


class _BadRequestError(Exception):
    """A request rejected before it reaches the core: a status, a code and a message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        # a body not read to its end leaves the connection unusable
        self.headers = {"connection": "close"} if status in (408, 413) else None


def load_player(name: str | None = None) -> tuple[str, game.ChooseFn]:
    """The computer player's name and decision function: ``name``, else the strongest available.

    Raises:
        UnknownPlayerError: ``name`` is not a computer player.
    """
    available = player_names()
    if name is None:
        name = "strong" if "strong" in available else "heuristic"
    elif name not in available:
        # a strong player with settings (get_player's "strong:key=value") is for benchmarks:
        # the browser sends the server's level back with its requests, which take only these
        raise UnknownPlayerError(
            f"unknown player for the server: {name[:80]!r} (expected one of {', '.join(available)})"
        )
    player = get_player(name)
    return player.name, player.choose


def _review_settings(reviewer: str | None) -> StrongSettings | None:
    """The settings of the strong player named ``reviewer`` (``strong:key=value,...``), or None.

    Raises:
        UnknownPlayerError: ``reviewer`` is not a strong player.
    """
    if reviewer is None:
        return None
    player = get_player(reviewer)
    settings = getattr(player, "settings", None)
    if not isinstance(settings, StrongSettings):
        raise UnknownPlayerError(f"the reviewer must be a strong player, not {reviewer[:80]!r}")
    return settings


async def _json_body(
    request: Request, timeout: float, limit: int = MAX_BODY_BYTES
) -> dict[str, Any]:
    length = request.headers.get("content-length")
    if length is not None:
        if not length.isdigit():
            raise _BadRequestError(400, "bad_request", "Content-Length is not a number")
        if int(length) > limit:
            raise _BadRequestError(413, "too_large", f"the body is over {limit} bytes")
    chunks = bytearray()
    try:
        with anyio.fail_after(timeout):
            async for chunk in request.stream():
                chunks.extend(chunk)
                if len(chunks) > limit:
                    raise _BadRequestError(413, "too_large", f"the body is over {limit} bytes")
    except TimeoutError:
        raise _BadRequestError(
            408, "timeout", f"the request body did not arrive within {timeout:g} s"
        ) from None
    try:
        data = json.loads(chunks.decode("utf-8"))
    except (ValueError, RecursionError) as err:  # also UnicodeDecodeError, JSONDecodeError and
        # the int-digits limit of a huge number literal
        raise _BadRequestError(400, "bad_json", f"the body is not JSON: {err}") from None
    if not isinstance(data, dict):
        raise _BadRequestError(400, "bad_request", "the body must be a JSON object")
    return data


def _check_keys(data: dict[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise game.RequestError(f"unknown field {shown(unknown[0])} (expected {sorted(allowed)})")


Handler = Callable[[Request], Any]


def create_app(
    player: str | None = None,
    rng: random.Random | None = None,
    warm_up: bool = False,
    *,
    workers: int | None = None,
    decide: _workers.DecideFn = _workers.decide,
    analyse: _workers.AnalyseFn = _workers.analysis_part,
    hosts: Iterable[str] = (),
    body_timeout: float = BODY_TIMEOUT_SECONDS,
    replayer: str | None = None,
    replay: _replay.ReplayFn = _replay.replay_task,
    reviewer: str | None = None,
) -> Starlette:
    """The Starlette app of the browser game.

    Args:
        player: the computer player's level (``heuristic``, ``strong``, ...); None: the strongest
            available.
        rng: the source of random deal numbers; None: a fresh ``random.Random()``.
        warm_up: start the computer workers at start and let each warm up the solver's kernels
            (``skat serve`` does), before the server listens (uvicorn runs the app's start-up
            first: ``skat serve`` names the address once its page answers); otherwise they
            start with the first decisions.
        workers: the number of worker processes that decide the computers' turns
            (:class:`skat.server.workers.Computers`); None: one per core; 0: decide in the
            server's own threads (a decision then holds up the other answers).
        decide: the workers' task (record text, human seat, level) -> answer;
            :func:`skat.server.workers.decide` (tests pass a slower one).
        analyse: the workers' task of an analysis (record text, seat, part) -> that part;
            :func:`skat.server.workers.analysis_part` (tests pass another).
        hosts: names besides IP addresses and ``localhost`` under which the server is reached
            (its ``Host`` header, any port); a request for another name is refused.
        body_timeout: seconds a request body may take to arrive (:data:`BODY_TIMEOUT_SECONDS`).
        replayer: the computer player that takes the person's seat in ``POST /api/replay`` when
            the request names none; None: :func:`skat.server.replay.default_replayer` (strong).
        replay: the workers' task of a replay (record text, seat, replayer, level) -> answer;
            :func:`skat.server.replay.replay_task` (tests pass another).
        reviewer: the strong player that judges ``POST /api/review``'s decisions, with
            settings as :func:`skat.players.get_player` reads them
            (``strong:worlds=6,node_budget=40000``: browser tests review quickly); None:
            today's strong player, as a hint.

    Raises:
        UnknownPlayerError: ``player`` or ``replayer`` is not a known level, or ``reviewer``
            not a strong player.
    """
    player_name, _ = load_player(player)
    replayer_name, _ = load_player(replayer or _replay.default_replayer())
    review_tasks = _review.tasks_for(_review_settings(reviewer))
    levels = player_names()
    computers = _workers.Computers(
        _workers.default_workers() if workers is None else workers, decide, warm_up=warm_up
    )

    def level_of(data: dict[str, Any], field: str = "player", default: str = player_name) -> str:
        """The level the request names in ``field``, else ``default`` (the server's)."""
        name = data.get(field)
        if name is None:
            return default
        if not isinstance(name, str) or name not in levels:
            raise game.RequestError(f"unknown {field} {shown(name)} (expected {levels})")
        return name

    async def answer(turn: game.Turn, level: str) -> Response:
        """The answer of ``turn``, after the computers' turns that follow it (in a worker)."""
        state = turn.state
        if state.is_terminal() or state.current_player == turn.human:
            return JSONResponse(game.answer(turn))
        text = game.write_record(state)
        out = await computers.run(text, turn.human, level)
        out["events"] = [*turn.events, *out["events"]]
        return JSONResponse(out)

    numbers = rng if rng is not None else random.Random()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if warm_up:
            await computers.start()
        _log.info("computer player: %s", player_name)
        try:
            yield
        finally:
            computers.close()

    async def index(request: Request) -> Response:
        path = STATIC_DIR / "index.html"
        page = FileResponse(path, stat_result=await anyio.to_thread.run_sync(os.stat, path))
        etag = page.headers["etag"]
        if etag in request.headers.get("if-none-match", "").replace(" ", "").split(","):
            return Response(status_code=304, headers={"etag": etag})
        return page

    async def health(request: Request) -> Response:
        return JSONResponse({"ok": True, "player": player_name})

    async def options(request: Request) -> Response:
        return JSONResponse({"options": game.options_spec(), "contracts": contracts_json()})

    async def new(request: Request) -> Response:
        data = await _json_body(request, body_timeout, _statistics.MAX_BODY_BYTES)
        _check_keys(data, {"deal_number", "human_seat", "options", "player", "series"})
        level = level_of(data)
        options = game.parse_options(data.get("options"))
        series = data.get("series")
        if options.bock != BockRule.OFF and series not in (None, []):
            # the series' next deal, a Bock or Bockramsch deal or neither: a walk of up to
            # 2,000 records, in a worker (no series, or the rule off: neither)
            deal = await computers.call(_bock.next_deal, series, options)
            options = replace(options, bock_deal=deal)
        elif series not in (None, []):
            # the rule is off, so the series decides nothing; it is read all the same, so that a
            # broken one is named rather than taken in silence (the browser sends none then)
            await computers.call(_bock.load_series, series)
        state, human = game.new_deal(
            data.get("deal_number"), data.get("human_seat"), options, numbers
        )
        return await answer(game.Turn(state, human), level)

    async def act(request: Request) -> Response:
        data = await _json_body(request, body_timeout)
        _check_keys(data, {"record", "human_seat", "action", "player"})
        level = level_of(data)
        if "action" not in data:
            raise game.RequestError("the field 'action' is missing")
        human = game.parse_seat(data.get("human_seat"))
        state = await run_in_threadpool(game.load, data.get("record"))
        turn = await run_in_threadpool(game.apply, state, human, data["action"])
        return await answer(turn, level)

    async def view(request: Request) -> Response:
        data = await _json_body(request, body_timeout)
        _check_keys(data, {"record", "human_seat", "player"})
        level = level_of(data)
        human = game.parse_seat(data.get("human_seat"))
        state = await run_in_threadpool(game.load, data.get("record"))
        return await answer(game.Turn(state, human), level)

    async def analysis(request: Request) -> Response:
        data = await _json_body(request, body_timeout)
        _check_keys(data, {"record", "human_seat"})
        seat = game.parse_seat(data.get("human_seat"))
        state = await run_in_threadpool(game.load_finished, data.get("record"), "analysed")
        out = await computers.analyse(game.write_record(state), seat, analyse)
        return JSONResponse({"analysis": out})

    async def analysis_calls(request: Request) -> Response:
        data = await _json_body(request, body_timeout)
        _check_keys(data, {"record", "human_seat"})
        seat = game.parse_seat(data.get("human_seat"))
        state = await run_in_threadpool(game.load_finished, data.get("record"), "analysed")
        out = await computers.call(_workers.analysis_calls, game.write_record(state), seat)
        return JSONResponse({"calls": out})

    async def review_body(request: Request) -> tuple[State, int]:
        data = await _json_body(request, body_timeout)
        _check_keys(data, {"record", "human_seat"})
        seat = game.parse_seat(data.get("human_seat"))
        state = await run_in_threadpool(game.load_finished, data.get("record"), "reviewed")
        return state, seat

    async def review(request: Request) -> Response:
        state, seat = await review_body(request)
        out = await _review.review_json(computers, game.write_record(state), seat, review_tasks)
        return JSONResponse({"review": out})

    async def review_stream(request: Request) -> Response:
        state, seat = await review_body(request)

        async def lines() -> AsyncIterator[bytes]:
            async for line in _review.stream_lines(computers, state, seat, review_tasks):
                yield json.dumps(line, ensure_ascii=False).encode("utf-8") + b"\n"

        return StreamingResponse(lines(), media_type="application/x-ndjson")

    async def review_kinds(request: Request) -> Response:
        state, seat = await review_body(request)
        return JSONResponse(await _statistics.kinds_json(computers, state, seat))

    async def statistics(request: Request) -> Response:
        data = await _json_body(request, body_timeout, _statistics.MAX_BODY_BYTES)
        _check_keys(data, {"series"})
        ids, rows = _statistics.parse_request(data.get("series"))
        return JSONResponse(await computers.call(_statistics.answer, ids, rows, replayer_name))

    async def bock(request: Request) -> Response:
        data = await _json_body(request, body_timeout, _statistics.MAX_BODY_BYTES)
        _check_keys(data, {"series", "options"})
        options = game.parse_options(data.get("options"))
        # a walk of up to 2,000 records: in a worker, so that the pages and other games go on
        return JSONResponse(await computers.call(_bock.answer, data.get("series"), options))

    async def hint(request: Request) -> Response:
        data = await _json_body(request, body_timeout)
        _check_keys(data, {"record", "human_seat", "deal", "series_allows"})
        assist.check_allowed(data, "hint")
        human = game.parse_seat(data.get("human_seat"))
        state = await run_in_threadpool(game.load, data.get("record"))
        assist.check_turn(state, human)
        out = await computers.call(assist.hint_task, game.write_record(state), human)
        return JSONResponse({"hint": out})

    async def undo(request: Request) -> Response:
        data = await _json_body(request, body_timeout)
        _check_keys(data, {"record", "human_seat", "deal", "series_allows"})
        assist.check_allowed(data, "undo")
        human = game.parse_seat(data.get("human_seat"))
        state = await run_in_threadpool(game.load, data.get("record"))
        before = await run_in_threadpool(assist.undo, state, human)
        return JSONResponse(await run_in_threadpool(game.answer, game.Turn(before, human)))

    async def replay_route(request: Request) -> Response:
        data = await _json_body(request, body_timeout)
        _check_keys(data, {"record", "human_seat", "player", "replayer"})
        level = level_of(data)
        replaying = level_of(data, "replayer", replayer_name)
        seat = game.parse_seat(data.get("human_seat"))
        state = await run_in_threadpool(game.load_finished, data.get("record"), "replayed")
        text = game.write_record(state)
        out = await computers.call(replay, text, seat, replaying, level)
        return JSONResponse(out)

    async def draw(request: Request) -> Response:
        data = await _json_body(request, body_timeout)
        _check_keys(data, set())
        cards = numbers.sample(range(32), 3)
        positions = draw_seats((cards[0], cards[1], cards[2]), 0)
        return JSONResponse(
            {"cards": [format_card(c) for c in cards], "positions": list(positions)}
        )

    def guarded(handler: Callable[[Request], Any]) -> Callable[[Request], Any]:
        async def run(request: Request) -> Response:
            try:
                response: Response = await handler(request)
            except _BadRequestError as err:
                return error_response(err.status, err.code, err.message, err.headers)
            except ClaimError as err:
                line = [{"seat": seat, "card": format_card(card)} for seat, card in err.line]
                return error_response(409, err.code, str(err), line=line)
            except IllegalActionError as err:
                return error_response(409, err.code, str(err))
            except BockError as err:
                return error_response(400, err.code, str(err), index=err.index)
            except SkatError as err:
                return error_response(400, err.code, str(err), reason=err.reason)
            return response

        return run

    routes = [
        Route("/", index, methods=["GET"]),
        Route("/api/health", health, methods=["GET"]),
        Route("/api/options", options, methods=["GET"]),
        Route("/api/new", guarded(new), methods=["POST"]),
        Route("/api/act", guarded(act), methods=["POST"]),
        Route("/api/view", guarded(view), methods=["POST"]),
        Route("/api/analysis", guarded(analysis), methods=["POST"]),
        Route("/api/analysis/calls", guarded(analysis_calls), methods=["POST"]),
        Route("/api/review", guarded(review), methods=["POST"]),
        Route("/api/review/stream", guarded(review_stream), methods=["POST"]),
        Route("/api/review/kinds", guarded(review_kinds), methods=["POST"]),
        Route("/api/statistics", guarded(statistics), methods=["POST"]),
        Route("/api/bock", guarded(bock), methods=["POST"]),
        Route("/api/hint", guarded(hint), methods=["POST"]),
        Route("/api/undo", guarded(undo), methods=["POST"]),
        Route("/api/replay", guarded(replay_route), methods=["POST"]),
        Route("/api/draw", guarded(draw), methods=["POST"]),
        Mount("/static", app=StaticFiles(directory=STATIC_DIR), name="static"),
    ]

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return error_response(exc.status_code, code, str(exc.detail))

    async def server_error(request: Request, exc: Exception) -> Response:
        # this answer leaves outside the middleware (Starlette's error handler wraps it all)
        _log.exception("internal error", exc_info=exc)
        return error_response(
            500,
            "internal_error",
            "the server failed; the deal in the browser is kept",
            {**SECURITY_HEADERS, "cache-control": "no-store"},
        )

    app = Starlette(
        routes=routes,
        middleware=[Middleware(Guard, hosts=hosts)],
        lifespan=lifespan,
        exception_handlers={HTTPException: http_error, 500: server_error},
    )
    # "/api/new/" would be redirected to "/api/new" on the host the request names
    app.router.redirect_slashes = False
    return app
