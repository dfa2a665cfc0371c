"""The ASGI app: an explicit route table, the static client, and a JSON API that keeps no state.

Routes:

* ``GET /`` — the table (``static/index.html``); ``/static/...`` — the client's ES modules and CSS.
* ``POST /api/new`` ``{"deal_number": "123" or "123-2" (optional: random), "human_seat": 0..2
  (optional: the seat the number names, else the deal number mod 3), "options": {...}}`` — a new
  deal; the computers act until the human's turn.
* ``POST /api/act`` ``{"record": "...", "human_seat": s, "action": "18" | ["ST.H8", "G"]}`` —
  the human's action(s) on the deal of ``record``.
* ``POST /api/view`` ``{"record": "...", "human_seat": s}`` — the human's view of a stored record
  (after a reload or a server restart).
* ``POST /api/draw`` ``{}`` — the seat draw at the start of a series (seed 000): three cards
  drawn for the human and the two computers, and the table position of each
  (:func:`skat.state.draw_seats`).
* ``GET /api/health`` — ``{"ok": true}``.
* ``GET /api/options`` — ``{"options": [{"name", "default", "values"}, ...]}``: every rule option
  and the values it takes (:func:`skat.server.game.options_spec`).

``new``, ``act`` and ``view`` also take ``"player"``: the computer players' level for this request
(``heuristic``, ``strong``, ...; absent: the server's own).

Every answer to a POST is ``{"record", "view", "events"}`` (see :mod:`skat.server.game`). Bad
requests get a 4xx and ``{"error": {"code": ..., "message": ...}}`` with the core's stable codes
(``bad_notation``, ``illegal_action``, ``bad_record``; a deal number's ``bad_notation`` adds its
``reason``: ``form``, ``range`` or ``seat``) or the server's own (``bad_json``,
``bad_request``, ``too_large``, ``not_found``, ``method_not_allowed``); never a 500 for bad
input.
"""

from __future__ import annotations

import json
import logging
import random
import threading
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
from skat.state import Action, InformationState, draw_seats

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


def _error(status: int, code: str, message: str, reason: str | None = None) -> JSONResponse:
    error = {"code": code, "message": message}
    if reason is not None:
        error["reason"] = reason  # a deal number's: form, range or seat
    return JSONResponse({"error": error}, status_code=status)


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
) -> Starlette:
    """The Starlette app of the browser game.

    Args:
        player: the computer player's level (``heuristic``, ``strong``, ...); None: the strongest
            available.
        rng: the source of random deal numbers; None: a fresh ``random.Random()``.
        warm_up: compile the solver's kernels at start (``skat serve`` does), if it has
            ``warm_up``.
        on_ready: called once the app has started (``skat serve`` opens the browser then).

    Raises:
        UnknownPlayerError: ``player`` is not a known level.
    """
    player_name, player_choose = load_player(player)
    lock = threading.Lock()
    levels: dict[str, game.ChooseFn] = {player_name: player_choose}

    def chooser(data: dict[str, Any]) -> game.ChooseFn:
        """The decision function of the level the request names (``player``), else the server's."""
        name = data.get("player")
        if name is None:
            name = player_name
        if not isinstance(name, str) or (name not in levels and name not in _player_levels()):
            raise game.RequestError(f"unknown player {shown(name)} (expected {_player_levels()})")
        with lock:
            if name not in levels:
                levels[name] = load_player(name)[1]
            chosen = levels[name]

        def choose(info: InformationState, rng: random.Random) -> Action:
            # Requests run in worker threads; a player (and its solver tables) thinks for one at
            # a time.
            with lock:
                return chosen(info, rng)

        return choose

    numbers = rng if rng is not None else random.Random()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if warm_up:
            _warm_up_solver()
        _log.info("computer player: %s", player_name)
        if on_ready is not None:
            on_ready()
        yield

    async def index(request: Request) -> Response:
        return FileResponse(STATIC_DIR / "index.html", headers={"Cache-Control": "no-cache"})

    async def health(request: Request) -> Response:
        return JSONResponse({"ok": True, "player": player_name})

    async def options(request: Request) -> Response:
        return JSONResponse({"options": game.options_spec()})

    async def new(request: Request) -> Response:
        data = await _json_body(request)
        _check_keys(data, {"deal_number", "human_seat", "options", "player"})
        choose = chooser(data)
        options = game.parse_options(data.get("options"))
        state, human = game.new_deal(
            data.get("deal_number"), data.get("human_seat"), options, numbers
        )
        turn = await run_in_threadpool(game.computers, state, human, choose)
        return JSONResponse(game.answer(turn))

    async def act(request: Request) -> Response:
        data = await _json_body(request)
        _check_keys(data, {"record", "human_seat", "action", "player"})
        choose = chooser(data)
        if "action" not in data:
            raise game.RequestError("the field 'action' is missing")
        human = game.parse_seat(data.get("human_seat"))
        state = await run_in_threadpool(game.load, data.get("record"))
        turn = await run_in_threadpool(game.play, state, human, data["action"], choose)
        return JSONResponse(game.answer(turn))

    async def view(request: Request) -> Response:
        data = await _json_body(request)
        _check_keys(data, {"record", "human_seat", "player"})
        choose = chooser(data)
        human = game.parse_seat(data.get("human_seat"))
        state = await run_in_threadpool(game.load, data.get("record"))
        turn = await run_in_threadpool(game.computers, state, human, choose)
        return JSONResponse(game.answer(turn))

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
                return _error(400, err.code, str(err), err.reason)
            return response

        return run

    routes = [
        Route("/", index, methods=["GET"]),
        Route("/api/health", health, methods=["GET"]),
        Route("/api/options", options, methods=["GET"]),
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


def _player_levels() -> list[str]:
    try:
        from skat.players import player_names
    except ImportError:
        return []
    return list(player_names())


def _warm_up_solver() -> None:
    try:
        from skat import solver
    except ImportError:
        return
    warm = getattr(solver, "warm_up", None)
    if callable(warm):
        seconds = warm()
        _log.info("solver warmed up in %.1f s", seconds)
