"""The server's HTTP connections: how uvicorn serves the app (:func:`uvicorn_options`).

Two things the app cannot do itself, as they happen before a request reaches it:

* **uvicorn's own answer to malformed HTTP** (a bad request line, a header h11 cannot read or
  one over h11's size limit, HTTP/1.1 without ``Host``): a 400 that uvicorn writes from its
  protocol, past the app's middleware. :class:`Protocol` gives it the app's
  :data:`~skat.server.guard.SECURITY_HEADERS` and ``Cache-Control: no-store`` too.
* **A connection that sends no request**: uvicorn waits for a first request (and for a request
  head that arrives a byte at a time) without end, so idle connections could use up the
  server's sockets. :class:`Protocol` closes a connection whose request head is not complete
  :data:`HEAD_TIMEOUT_SECONDS` after it opened or after its last answer. A request body has
  its own limit (:data:`skat.server.app.BODY_TIMEOUT_SECONDS`, a 408 from the app).

Answers that leave through the app (404, 405, 413, a 500 of Starlette's) carry the headers from
its middleware. uvicorn's other answers of its own do not occur here: its 500 is for an app that
ends without starting an answer (Starlette always answers, errors included) and its 503 for
``limit_concurrency``, which is not set.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import STATUS_PHRASES, H11Protocol

from skat.server.guard import SECURITY_HEADERS

__all__ = ["HEAD_TIMEOUT_SECONDS", "KEEP_ALIVE_SECONDS", "Protocol", "uvicorn_options"]

HEAD_TIMEOUT_SECONDS = 5.0
"""The longest a connection may wait with no complete request head: after it opened, or after
the answer to its last request. Then it is closed without an answer (as nginx's
``client_header_timeout`` does). A browser sends its request at once on a connection it opens."""

KEEP_ALIVE_SECONDS = 5
"""uvicorn's ``timeout_keep_alive``: a connection that sends nothing after an answer is closed
then. (uvicorn stops this clock at the first byte of the next request; the head timeout does
not stop before that request's head is complete.)"""


class Protocol(H11Protocol):
    """uvicorn's h11 protocol, with the security headers on its own 400 and the head timeout
    (module doc). Handed to uvicorn as ``http=Protocol`` (:func:`uvicorn_options`)."""

    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_head_timer()
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm_head_timer()  # the next request's head, on a kept-alive connection

    def _arm_head_timer(self) -> None:
        self._cancel_head_timer()
        self._head_timer = self.loop.call_later(HEAD_TIMEOUT_SECONDS, self._head_timeout)

    def _cancel_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timeout(self) -> None:
        self._head_timer = None
        # IDLE: no request head read since the timer was armed (nothing, or a part of one)
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()

    def send_400_response(self, msg: str) -> None:
        """uvicorn's answer to a request h11 cannot read, with the app's headers."""
        headers = [
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"connection", b"close"),
            (b"cache-control", b"no-store"),
            *((name.encode(), value.encode()) for name, value in SECURITY_HEADERS.items()),
        ]
        for event in (
            h11.Response(status_code=400, headers=headers, reason=STATUS_PHRASES[400]),
            h11.Data(data=msg.encode("ascii")),
            h11.EndOfMessage(),
        ):
            output = self.conn.send(event)
            if output:
                self.transport.write(output)
        self.transport.close()


def uvicorn_options() -> dict[str, Any]:
    """The keyword arguments of ``uvicorn.run`` / ``uvicorn.Config`` with which ``skat serve``
    (and the tests that start a real server) serve the app: :class:`Protocol` for HTTP/1.1,
    no WebSocket protocol (the app has no WebSocket route; an upgrade request is answered as
    plain HTTP, through the app), :data:`KEEP_ALIVE_SECONDS`."""
    return {"http": Protocol, "ws": "none", "timeout_keep_alive": KEEP_ALIVE_SECONDS}
