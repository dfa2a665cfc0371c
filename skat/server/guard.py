"""The server's guard at its edge: the requests refused before any route, and what every answer
carries.

:class:`Guard`, the app's middleware, refuses a request for a host that is not this server's
(a page of another site reaching the loopback server through DNS rebinding) and a POST sent by
another site's page (its ``Origin`` or ``Sec-Fetch-Site`` says so), and adds
:data:`SECURITY_HEADERS` and a ``Cache-Control`` to every answer. :func:`error_response` is the
shape of an error answer, the guard's refusals (``bad_host``, ``cross_origin``) and the routes'
(:mod:`skat.server.app`) alike.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from skat.deal import MAX_DEAL_NUMBER
from skat.errors import shown

__all__ = ["CONTENT_SECURITY_POLICY", "SECURITY_HEADERS", "Guard", "error_response"]

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",  # the page's own ES modules, nothing inline, no eval
        "style-src 'self'",
        # the client sets one custom property per hand in a style attribute (--n, the number of
        # cards); style attributes cannot run code
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data:",  # the empty icon is a data: URL
        "connect-src 'self'",  # the API, and the locale files i18n.js fetches
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    ]
)
"""The page's Content-Security-Policy: its own scripts, styles and API only; no frames around it."""

SECURITY_HEADERS = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",  # frame-ancestors for browsers without CSP 2
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
}
"""The headers every answer carries (names lower-case)."""

_CACHE_CONTROL = {"/api/": "no-store", "/static/": "no-cache", "/": "no-cache"}
"""``Cache-Control`` by path prefix (the first that matches): the modules are not versioned by
name, so the browser asks again each time and gets a 304 while a file is unchanged (its ETag);
API answers are never stored."""

_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def error_response(
    status: int,
    code: str,
    message: str,
    headers: dict[str, str] | None = None,
    reason: str | None = None,
    line: list[dict[str, Any]] | None = None,
    index: int | None = None,
) -> JSONResponse:
    """The JSON error answer of the API: status ``status`` and ``{"error": {"code": code,
    "message": message, ...}}`` with ``headers``; a Bock mismatch adds its ``index``, a refused
    claim the ``line`` that beats it, a deal number its ``reason`` (and for ``range`` the
    ``largest`` deal number, as a string)."""
    error: dict[str, Any] = {"code": code, "message": message}
    if index is not None:
        error["index"] = index  # a Bock mismatch's: the 0-based index of the deal in the series
    if line is not None:
        error["line"] = line  # a refused claim's: the play that beats it, [{seat, card}]
    if reason is not None:
        error["reason"] = reason  # a deal number's: form, range or seat
    if reason == "range":
        error["largest"] = str(MAX_DEAL_NUMBER)  # a string: beyond a JavaScript number
    return JSONResponse({"error": error}, status_code=status, headers=headers)


def _split_host(value: str) -> tuple[str, int | None] | None:
    """The name and port of a ``Host`` header (``[::1]:8765`` -> ``("::1", 8765)``), lower-case,
    without a trailing dot; None if it cannot be read."""
    try:
        parts = urlsplit("//" + value)
        port = parts.port
    except ValueError:
        return None
    name = (parts.hostname or "").rstrip(".")
    if not name or parts.username is not None or parts.path or parts.query or parts.fragment:
        return None
    return name, port


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class Guard:
    """ASGI middleware: refuses requests for other hosts and POSTs from other sites' pages, and
    adds :data:`SECURITY_HEADERS` and ``Cache-Control`` to every answer.

    * ``Host``: an IP address (a page served from an address is of that origin only),
      ``localhost`` or a name under ``.localhost``, or one of ``hosts``; any port. Any other name
      is what a page of another site sends when its name has been rebound to this server's
      address (DNS rebinding): 400 ``bad_host``; a ``Host`` that cannot be read (a port beyond
      65535, a user part) is a 400 ``bad_host`` that says so. A request without ``Host``
      (HTTP/1.0) passes.
    * POST (any method but GET, HEAD, OPTIONS): refused with 403 ``cross_origin`` when the
      browser says another site's page sent it: ``Sec-Fetch-Site`` ``cross-site`` or
      ``same-site``, or an ``Origin`` (``null`` included) that is not this server's own: the
      request's scheme and the ``Host``'s name and port (a scheme's default port counting as
      none), written as a browser writes it (no user, no path), and only one. A cross-site
      ``text/plain`` POST needs no CORS preflight, so this is what stops it. Clients that are
      not browsers send neither header and pass.
    """

    def __init__(self, app: ASGIApp, hosts: Iterable[str] = ()) -> None:
        self.app = app
        self.hosts = frozenset(h.lower().rstrip(".") for h in hosts)

    def _host_allowed(self, name: str) -> bool:
        return (
            _is_ip(name) or name == "localhost" or name.endswith(".localhost") or name in self.hosts
        )

    def _refusal(self, scope: Scope) -> JSONResponse | None:
        headers = Headers(scope=scope)
        host = headers.get("host")
        own = _split_host(host) if host is not None else None
        if host is not None and own is None:
            return error_response(
                400,
                "bad_host",
                f"the request's Host header {shown(host)} cannot be read: it must be a name or "
                "an address, and a port from 0 to 65535 if any (such as 127.0.0.1:8765)",
            )
        if own is not None and not self._host_allowed(own[0]):
            return error_response(
                400,
                "bad_host",
                f"the request is for the host {shown(host)}, which is not this server's name; "
                "open the game at 127.0.0.1 or localhost (other names are allowed by "
                "create_app(hosts=...))",
            )
        if scope["method"] in _SAFE_METHODS:
            return None
        site = headers.get("sec-fetch-site")
        if site is not None and site.lower() in ("cross-site", "same-site"):
            return _cross_origin(f"the browser sent it from a page of another site ({site})")
        origins = headers.getlist("origin")
        if not origins:
            return None
        if len(origins) > 1:  # no browser sends two: which one would count is a guess
            return _cross_origin(f"it names {len(origins)} origins, a browser's request one")
        if own is None or not _same_origin(origins[0], scope.get("scheme", "http"), own):
            return _cross_origin(
                f"it comes from the page {shown(origins[0])}, not from this server"
            )
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        cache = next(v for k, v in _CACHE_CONTROL.items() if path.startswith(k))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
                headers.setdefault("cache-control", cache)
            await send(message)

        refusal = self._refusal(scope)
        if refusal is not None:
            await refusal(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)


def _cross_origin(why: str) -> JSONResponse:
    return error_response(
        403,
        "cross_origin",
        f"a request from another site's page is refused: {why}; the game's API answers its "
        "own page only",
    )


_DEFAULT_PORTS = {"http": 80, "https": 443}

_ORIGIN = re.compile(r"(https?)://((?:\[[0-9a-f:.]+\]|[^/?#@\\\s:\[\]]+)(?::[1-9][0-9]{0,4})?)")
"""An ``Origin`` as a browser writes it: ``http`` or ``https``, ``://``, the host (an IPv6
address in brackets) and its port if not the default, nothing else (no user, path, query or
fragment)."""


def _same_origin(origin: str, scheme: str, own: tuple[str, int | None]) -> bool:
    """Whether ``origin`` (``scheme://name[:port]``, exactly: see :data:`_ORIGIN`) is the
    server's own: the request's ``scheme`` (``http``; ``https`` behind TLS), the ``Host``'s name
    and port (``own``), a port equal to the scheme's default counting as none. ``null`` (a
    sandboxed or local page), other schemes and any other form are not."""
    match = _ORIGIN.fullmatch(origin)
    if match is None or match.group(1) != scheme:
        return False
    theirs = _split_host(match.group(2))
    if theirs is None:
        return False
    default = _DEFAULT_PORTS[scheme]
    name, port = theirs
    own_name, own_port = own
    if port is None:
        port = default
    if own_port is None:
        own_port = default
    return name == own_name and port == own_port
