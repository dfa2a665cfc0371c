"""The ASGI app: an explicit route table, the static client, and a JSON API that keeps no state.

Routes:

* ``GET /`` — the table (``static/index.html``); ``/static/...`` — the client's ES modules and CSS.
* ``POST /api/new`` ``{"deal_number": "123" (optional: random), "human_seat": 0..2 (optional:
  the deal number mod 3), "options": {...}}`` — a new deal; the computers act until the human's
  turn.
* ``POST /api/act`` ``{"record": "...", "human_seat": s, "action": "18" | ["ST.H8", "G"]}`` —
  the human's action(s) on the deal of ``record``.
* ``POST /api/view`` ``{"record": "...", "human_seat": s}`` — the human's view of a stored record
  (after a reload or a server restart).
* ``POST /api/draw`` ``{}`` — the seat draw at the start of a series (seed 000): three cards
  drawn for the human and the two computers, and the table position of each
  (:func:`skat.state.draw_seats`).
* ``GET /api/health`` — ``{"ok": true}``.

``new``, ``act`` and ``view`` also take ``"player"``: the computer players' level for this request
(``heuristic``, ``strong``, ...; absent: the server's own).

Every answer to a POST is ``{"record", "view", "events"}`` (see :mod:`skat.server.game`); the
computers' turns of it are decided in worker processes (:mod:`skat.server.workers`), so that the
server answers pages and other games meanwhile. Bad requests get a 4xx and
``{"error": {"code": ..., "message": ...}}`` with the core's stable codes (``bad_notation``,
``illegal_action``, ``bad_record``) or the server's own (``bad_json``, ``bad_request``,
``too_large``, ``not_found``, ``method_not_allowed``); never a 500 for bad input.
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from skat.cards import format_card
from skat.errors import IllegalActionError, SkatError, shown
from skat.players import get_player, player_names
from skat.server import game
from skat.server import workers as _workers
from skat.state import draw_seats

__all__ = ["MAX_BODY_BYTES", "STATIC_DIR", "create_app", "load_player"]

STATIC_DIR = Path(__file__).parent / "static"
"""The static client: ``index.html``, ``js/*.js`` (ES modules), ``css/*.css``."""

MAX_BODY_BYTES = 16 * 1024
"""The largest request body accepted (a complete deal record is about 400 bytes)."""

_log = logging.getLogger("skat.server")


class _BadRequestError(Exception):
    """A request rejected before it reaches the core: a status, a code and a message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def load_player(name: str | None = None) -> tuple[str, game.ChooseFn]:
    """The computer player's name and decision function: ``name``, else the strongest available.

    Raises:
        UnknownPlayerError: ``name`` is not a computer player.
    """
    if name is None:
        available = player_names()
        name = "strong" if "strong" in available else "heuristic"
    player = get_player(name)
    return player.name, player.choose


async def _json_body(request: Request) -> dict[str, Any]:
    length = request.headers.get("content-length")
    if length is not None:
        if not length.isdigit():
            raise _BadRequestError(400, "bad_request", "Content-Length is not a number")
        if int(length) > MAX_BODY_BYTES:
            raise _BadRequestError(413, "too_large", f"the body is over {MAX_BODY_BYTES} bytes")
    chunks = bytearray()
    async for chunk in request.stream():
        chunks.extend(chunk)
        if len(chunks) > MAX_BODY_BYTES:
            raise _BadRequestError(413, "too_large", f"the body is over {MAX_BODY_BYTES} bytes")
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
    on_ready: Callable[[], None] | None = None,
    *,
    workers: int | None = None,
    decide: _workers.DecideFn = _workers.decide,
) -> Starlette:
    """The Starlette app of the browser game.

    Args:
        player: the computer player's level (``heuristic``, ``strong``, ...); None: the strongest
            available.
        rng: the source of random deal numbers; None: a fresh ``random.Random()``.
        warm_up: start the computer workers at start and let each warm up the solver's kernels
            (``skat serve`` does); otherwise they start with the first decisions.
        on_ready: called once the app has started (``skat serve`` opens the browser then).
        workers: the number of worker processes that decide the computers' turns
            (:class:`skat.server.workers.Computers`); None: one per core; 0: decide in the
            server's own threads (a decision then holds up the other answers).
        decide: the workers' task (record text, human seat, level) -> answer;
            :func:`skat.server.workers.decide` (tests pass a slower one).

    Raises:
        UnknownPlayerError: ``player`` is not a known level.
    """
    player_name, _ = load_player(player)
    levels = player_names()
    computers = _workers.Computers(
        _workers.default_workers() if workers is None else workers, decide, warm_up=warm_up
    )

    def level_of(data: dict[str, Any]) -> str:
        """The level the request names (``player``), else the server's."""
        name = data.get("player")
        if name is None:
            return player_name
        if not isinstance(name, str) or name not in levels:
            raise game.RequestError(f"unknown player {shown(name)} (expected {levels})")
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
        if on_ready is not None:
            on_ready()
        try:
            yield
        finally:
            computers.close()

    async def index(request: Request) -> Response:
        return FileResponse(STATIC_DIR / "index.html", headers={"Cache-Control": "no-cache"})

    async def health(request: Request) -> Response:
        return JSONResponse({"ok": True, "player": player_name})

    async def new(request: Request) -> Response:
        data = await _json_body(request)
        _check_keys(data, {"deal_number", "human_seat", "options", "player"})
        level = level_of(data)
        number = game.check_deal_number(data.get("deal_number"))
        options = game.parse_options(data.get("options"))
        state = game.new_state(number, options, numbers)
        seat = data.get("human_seat")
        human = state.deal.number % 3 if seat is None else game.parse_seat(seat)
        return await answer(game.Turn(state, human), level)

    async def act(request: Request) -> Response:
        data = await _json_body(request)
        _check_keys(data, {"record", "human_seat", "action", "player"})
        level = level_of(data)
        if "action" not in data:
            raise game.RequestError("the field 'action' is missing")
        human = game.parse_seat(data.get("human_seat"))
        state = await run_in_threadpool(game.load, data.get("record"))
        turn = await run_in_threadpool(game.apply, state, human, data["action"])
        return await answer(turn, level)

    async def view(request: Request) -> Response:
        data = await _json_body(request)
        _check_keys(data, {"record", "human_seat", "player"})
        level = level_of(data)
        human = game.parse_seat(data.get("human_seat"))
        state = await run_in_threadpool(game.load, data.get("record"))
        return await answer(game.Turn(state, human), level)

    async def draw(request: Request) -> Response:
        data = await _json_body(request)
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
                return _error(err.status, err.code, err.message)
            except IllegalActionError as err:
                return _error(409, err.code, str(err))
            except SkatError as err:
                return _error(400, err.code, str(err))
            return response

        return run

    routes = [
        Route("/", index, methods=["GET"]),
        Route("/api/health", health, methods=["GET"]),
        Route("/api/new", guarded(new), methods=["POST"]),
        Route("/api/act", guarded(act), methods=["POST"]),
        Route("/api/view", guarded(view), methods=["POST"]),
        Route("/api/draw", guarded(draw), methods=["POST"]),
        Mount("/static", app=StaticFiles(directory=STATIC_DIR), name="static"),
    ]

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return _error(exc.status_code, code, str(exc.detail))

    async def server_error(request: Request, exc: Exception) -> Response:
        _log.exception("internal error", exc_info=exc)
        return _error(500, "internal_error", "the server failed; the deal in the browser is kept")

    return Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={HTTPException: http_error, 500: server_error},
    )
