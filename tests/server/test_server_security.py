"""The web API's hosts, origins, headers and slow bodies (docs/web-api.md, "Security"), and
the page under its Content-Security-Policy in a real Chromium.

Helpers: ``tests/server_helpers.py``; the test client (``client``): the conftest's.
"""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from skat.server import connection, create_app
from skat.server.connection import uvicorn_options
from skat.server.guard import SECURITY_HEADERS

from server_helpers import LOOPBACK, PLAYER

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


@pytest.fixture
def fakes(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """``tests/fake_computers.py``, importable by name (also in the server's worker processes)."""
    monkeypatch.syspath_prepend(str(Path(__file__).parents[1]))
    import fake_computers

    return fake_computers


def _csp(response: Any) -> dict[str, str]:
    policy = response.headers["content-security-policy"]
    return dict(part.strip().partition(" ")[::2] for part in policy.split(";"))


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/", None),
        ("GET", "/static/js/app.js", None),
        ("GET", "/static/css/table.css", None),
        ("GET", "/static/locales/sv.json", None),
        ("GET", "/api/health", None),
        ("GET", "/static/js/none.js", None),
        ("GET", "/api/nothing", None),
        ("POST", "/api/new", b"{not json"),
        ("POST", "/api/draw", b"{}"),
    ],
)
def test_every_answer_carries_the_security_headers(
    client: TestClient, method: str, path: str, body: bytes | None
) -> None:
    response = client.request(method, path, content=body)
    policy = _csp(response)
    assert policy["script-src"] == "'self'"  # the page's own modules: nothing inline, no eval
    assert policy["default-src"] == "'none'"
    assert policy["connect-src"] == "'self'"
    assert policy["frame-ancestors"] == "'none'"
    assert "unsafe-inline" not in policy["style-src"]
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["referrer-policy"] == "no-referrer"


def test_a_server_error_carries_the_security_headers_too(fakes: ModuleType) -> None:
    app = create_app(player=PLAYER, workers=0, decide=fakes.failing_decide)
    with TestClient(app, base_url=LOOPBACK, raise_server_exceptions=False) as c:
        response = c.post("/api/new", json={"deal_number": "5"})
    assert response.status_code == 500
    assert response.json()["error"]["code"] == "internal_error"
    assert _csp(response)["script-src"] == "'self'"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["cache-control"] == "no-store"


@pytest.mark.parametrize(
    "path", ["/", "/static/js/app.js", "/static/css/table.css", "/static/locales/zh.json"]
)
def test_pages_and_modules_are_revalidated_and_answered_304_while_unchanged(
    client: TestClient, path: str
) -> None:
    response = client.get(path)
    assert response.headers["cache-control"] == "no-cache"
    again = client.get(path, headers={"if-none-match": response.headers["etag"]})
    assert again.status_code == 304
    assert again.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("code", ["en", "de", "zh", "sv"])
def test_the_locale_files_are_served_as_json_as_the_modules_are(
    client: TestClient, code: str
) -> None:
    """i18n.js fetches static/locales/<code>.json: JSON, with the modules' Cache-Control."""
    module = client.get("/static/js/i18n.js")
    response = client.get(f"/static/locales/{code}.json")
    assert response.status_code == 200
    assert response.headers["content-type"].split(";")[0] == "application/json"
    assert response.headers["cache-control"] == module.headers["cache-control"] == "no-cache"
    assert response.json()["lang.tag"] == code


def test_api_answers_are_never_stored(client: TestClient) -> None:
    assert client.get("/api/health").headers["cache-control"] == "no-store"
    assert client.post("/api/draw", json={}).headers["cache-control"] == "no-store"


@pytest.mark.parametrize(
    "headers",
    [
        # what a cross-site <form> or fetch(..., {mode: "no-cors"}) with text/plain sends
        {"origin": "http://evil.example", "content-type": "text/plain"},
        {"origin": "https://evil.example", "sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "cross-site", "content-type": "text/plain"},
        # another port of the same machine is another origin, though the same site
        {"origin": "http://127.0.0.1:3000", "sec-fetch-site": "same-site"},
        {"origin": "http://localhost:8765"},  # another name of the same server: another origin
        {"origin": "null"},  # a sandboxed frame or a file:// page
        {"origin": "chrome-extension://abcdef"},
        # forged forms of the server's own origin, which no browser writes
        {"origin": "https://127.0.0.1:8765"},  # the server is served over http
        {"origin": "ftp://127.0.0.1:8765"},
        {"origin": "HTTP://127.0.0.1:8765"},
        {"origin": "http://user@127.0.0.1:8765"},
        {"origin": "http://user:pw@127.0.0.1:8765"},
        {"origin": "http://evil.example@127.0.0.1:8765"},
        {"origin": "http://127.0.0.1:8765@evil.example"},
        {"origin": "http://127.0.0.1:8765/"},
        {"origin": "http://127.0.0.1:8765/api"},
        {"origin": "http://127.0.0.1:8765?x"},
        {"origin": "http://127.0.0.1:08765"},
        {"origin": "http://127.0.0.1"},  # port 80
        {"origin": "http://127.0.0.1:8765, http://evil.example"},
        {"origin": "http://127.0.0.1:8765 http://evil.example"},
    ],
)
@pytest.mark.parametrize("path", ["/api/new", "/api/act", "/api/view", "/api/draw"])
def test_a_post_from_another_sites_page_is_refused(
    client: TestClient, path: str, headers: dict[str, str]
) -> None:
    response = client.post(path, content=b'{"deal_number": "5"}', headers=headers)
    assert response.status_code == 403, response.text
    error = response.json()["error"]
    assert error["code"] == "cross_origin"
    assert "another site's page" in error["message"]
    assert _csp(response)["frame-ancestors"] == "'none'"


@pytest.mark.parametrize(
    ("origin", "header"),
    [
        ("http://" + "a" * 292, "origin"),
        ("http://evil.example/" + "\\" * 280, "origin"),  # repr doubles each backslash
        ("evil." + "b" * 295, "host"),
    ],
)
def test_a_long_origin_or_host_is_cut_inside_its_quotes_and_the_sentence_kept_whole(
    client: TestClient, origin: str, header: str
) -> None:
    response = client.post("/api/draw", content=b"{}", headers={header: origin})
    assert response.status_code in (400, 403), response.text
    message = response.json()["error"]["message"]
    quoted = re.search(r"(?<=the page |the host )'[^']*'", message)
    assert quoted is not None, message  # the quotes close
    assert quoted.group().endswith("…'"), message
    assert len(quoted.group()) <= 40, message
    assert origin not in message
    assert message.endswith(
        "the game's API answers its own page only"
        if header == "origin"
        else "(other names are allowed by create_app(hosts=...))"
    ), message


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "http://127.0.0.1:8765", "sec-fetch-site": "same-origin"},  # the page itself
        {"origin": "http://127.0.0.1:8765"},
        {"sec-fetch-site": "none"},  # typed by the person
        {},  # not a browser: curl, a script
    ],
)
def test_a_post_from_the_servers_own_page_or_no_browser_is_answered(
    client: TestClient, headers: dict[str, str]
) -> None:
    response = client.post("/api/new", json={"deal_number": "5"}, headers=headers)
    assert response.status_code == 200, response.text


@pytest.mark.parametrize(
    ("url", "origin", "status"),
    [
        ("https://skat.example/api/draw", "https://skat.example", 200),
        ("https://skat.example:443/api/draw", "https://skat.example", 200),
        ("https://skat.example/api/draw", "https://skat.example:443", 200),
        ("http://skat.example/api/draw", "http://skat.example:80", 200),
        ("https://skat.example:8443/api/draw", "https://skat.example:8443", 200),
        # the scheme counts: a page served over http is another origin than over https (a TLS
        # proxy in front says X-Forwarded-Proto: https, which uvicorn makes the scheme)
        ("http://skat.example:443/api/draw", "https://skat.example", 403),
        ("https://skat.example/api/draw", "http://skat.example", 403),
        ("https://skat.example/api/draw", "http://skat.example:443", 403),
    ],
)
def test_the_same_origin_is_the_scheme_host_and_port_a_default_port_counting_as_none(
    url: str, origin: str, status: int
) -> None:
    with TestClient(create_app(player=PLAYER, hosts=["skat.example"])) as c:
        response = c.post(url, json={}, headers={"origin": origin})
    assert response.status_code == status, response.text


@pytest.mark.parametrize("second", ["http://127.0.0.1:8765", "http://evil.example", "null"])
def test_a_post_with_two_origins_is_refused(client: TestClient, second: str) -> None:
    headers = [("origin", "http://127.0.0.1:8765"), ("origin", second)]
    response = client.post("/api/draw", json={}, headers=headers)
    assert response.status_code == 403, response.text
    error = response.json()["error"]
    assert error["code"] == "cross_origin"
    assert "2 origins" in error["message"]


def test_a_link_from_another_site_still_opens_the_page(client: TestClient) -> None:
    response = client.get(
        "/", headers={"sec-fetch-site": "cross-site", "origin": "http://x.example"}
    )
    assert response.status_code == 200


@pytest.mark.parametrize(
    "host",
    [
        "127.0.0.1:8765",
        "127.0.0.1",
        "localhost:9000",
        "LOCALHOST",
        "localhost.:8765",
        "skat.localhost:1234",
        "[::1]:8765",
        "192.168.1.5:8765",  # skat serve --host 0.0.0.0, opened from the local network
    ],
)
def test_loopback_names_and_addresses_are_this_servers_hosts(client: TestClient, host: str) -> None:
    response = client.get("/api/health", headers={"host": host})
    assert response.status_code == 200, response.text


@pytest.mark.parametrize(
    "host",
    [
        "evil.example",  # a page whose name was rebound to 127.0.0.1 (DNS rebinding)
        "evil.example:8765",
        "127.0.0.1.nip.io:8765",
        "localhost.evil.example",
        "testserver",
        "user@127.0.0.1",
        "127.0.0.1:port",
        "a b",
    ],
)
def test_a_request_for_another_host_is_refused(client: TestClient, host: str) -> None:
    for method, path in [("GET", "/"), ("GET", "/static/js/app.js"), ("POST", "/api/new")]:
        response = client.request(method, path, headers={"host": host}, content=b"{}")
        assert response.status_code == 400, (method, path, response.text)
        assert response.json()["error"]["code"] == "bad_host"
        assert response.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("host", ["127.0.0.1:99999", "127.0.0.1:port", "user@127.0.0.1"])
def test_an_unreadable_host_is_named_so_and_not_called_another_server(
    client: TestClient, host: str
) -> None:
    response = client.get("/api/health", headers={"host": host})
    assert response.status_code == 400
    message = response.json()["error"]["message"]
    assert "cannot be read" in message
    assert "not this server's name" not in message


def test_more_host_names_can_be_allowed() -> None:
    with TestClient(create_app(player=PLAYER, hosts=["Skat.Example"])) as c:
        assert c.get("http://skat.example:8080/api/health").status_code == 200
        assert c.get("http://other.example/api/health").status_code == 400


@pytest.mark.parametrize("path", ["/api/new/", "/api/health/", "/api/draw/"])
def test_a_trailing_slash_is_not_redirected_to_the_host_the_request_names(
    client: TestClient, path: str
) -> None:
    response = client.request(
        "GET" if "health" in path else "POST",
        path,
        content=b"{}",
        headers={"host": "localhost:8765"},
        follow_redirects=False,
    )
    assert response.status_code == 404
    assert "location" not in response.headers
    assert response.json()["error"]["code"] == "not_found"


def _serve_in_thread(app: Any) -> tuple[Any, int, Any]:
    """uvicorn serving ``app`` in a thread on a free loopback port: (server, port, thread)."""
    import socket
    import threading
    import time

    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port: int = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="error", lifespan="off", **uvicorn_options())
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    return server, port, thread


def test_a_half_sent_body_times_out_and_the_connection_is_closed() -> None:
    import socket

    from skat.server.app import BODY_TIMEOUT_SECONDS

    assert 1 <= BODY_TIMEOUT_SECONDS <= 30
    server, port, thread = _serve_in_thread(create_app(player=PLAYER, workers=0, body_timeout=0.5))
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=20) as conn:
            conn.sendall(
                b"POST /api/new HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b'Content-Length: 40\r\n\r\n{"deal_'
            )
            answer = b""
            while chunk := conn.recv(4096):  # ends when the server closes the connection
                answer += chunk
    finally:
        server.should_exit = True
        thread.join(10)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408"), answer
    assert b"connection: close" in head.lower()
    assert json.loads(body)["error"] == {
        "code": "timeout",
        "message": "the request body did not arrive within 0.5 s",
    }


@pytest.fixture
def served() -> Any:
    """The app under uvicorn with ``skat serve``'s options, in a thread: its port."""
    server, port, thread = _serve_in_thread(create_app(player=PLAYER, workers=0))
    yield port
    server.should_exit = True
    thread.join(10)


def _exchange(port: int, data: bytes, delay: float = 0.0) -> tuple[bytes, float]:
    """Send ``data`` on a new connection (``delay`` seconds after it opened) and read until the
    server closes it: what came back and the seconds from the start (a connection still open
    after 20 s fails the test)."""
    import socket
    import time

    with socket.create_connection(("127.0.0.1", port), timeout=20) as conn:
        start = time.monotonic()
        time.sleep(delay)
        if data:
            conn.sendall(data)
        answer = b""
        while chunk := conn.recv(4096):
            answer += chunk
        return answer, time.monotonic() - start


def _head(answer: bytes) -> dict[str, str]:
    lines = answer.partition(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
    return {
        "": lines[0],
        **{k.lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:])},
    }


@pytest.mark.parametrize(
    ("data", "status"),
    [
        (b"GARBAGE\r\n\r\n", 400),  # no request line: uvicorn's (h11's) own answer
        (b"GET / HTTP/1.1\r\n\r\n", 400),  # HTTP/1.1 without Host
        (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost: evil.example\r\nHost: 127.0.0.1\r\n\r\n", 400),
        (b"GET /\x00 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 400),
        (b"GET /api/nothing HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", 404),
        (b"GET /api/new HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", 405),
        (
            b"POST /api/act HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 999999\r\n\r\n",
            413,
        ),
    ],
)
def test_the_servers_own_answers_to_malformed_http_carry_the_security_headers(
    served: int, data: bytes, status: int
) -> None:
    answer, _ = _exchange(served, data)
    head = _head(answer)
    assert head[""].startswith(f"HTTP/1.1 {status} "), answer[:300]
    for name, value in SECURITY_HEADERS.items():
        assert head.get(name) == value, (name, answer[:600])
    assert head["cache-control"] == "no-store"


def test_a_connection_that_sends_no_request_is_closed(
    monkeypatch: pytest.MonkeyPatch, served: int
) -> None:
    assert 1 <= connection.HEAD_TIMEOUT_SECONDS <= 10  # "a few seconds"
    monkeypatch.setattr(connection, "HEAD_TIMEOUT_SECONDS", 0.5)
    answer, seconds = _exchange(served, b"")
    assert answer == b""  # closed without a word, as nginx does
    assert 0.4 <= seconds <= 3


def test_a_request_head_sent_a_byte_at_a_time_is_cut_off(
    monkeypatch: pytest.MonkeyPatch, served: int
) -> None:
    """Every byte would restart uvicorn's own keep-alive clock; the head's deadline stays."""
    import socket
    import time

    monkeypatch.setattr(connection, "HEAD_TIMEOUT_SECONDS", 0.5)
    head = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Slow: " + b"a" * 100
    start = time.monotonic()
    with socket.create_connection(("127.0.0.1", served), timeout=20) as conn:
        sent = 0
        try:
            for byte in head:
                conn.sendall(bytes([byte]))
                sent += 1
                time.sleep(0.05)
        except OSError:  # the server closed the connection
            pass
        conn.settimeout(20)
        try:
            rest = conn.recv(4096)
        except OSError:  # reset: closed while bytes were still coming
            rest = b""
    assert rest == b""
    assert sent < len(head)
    assert time.monotonic() - start <= 3


def test_a_kept_alive_connection_is_answered_then_closed_when_idle(
    monkeypatch: pytest.MonkeyPatch, served: int
) -> None:
    monkeypatch.setattr(connection, "HEAD_TIMEOUT_SECONDS", 0.5)
    request = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    answer, seconds = _exchange(served, request, delay=0.3)  # in time: answered
    assert _head(answer)[""] == "HTTP/1.1 200 OK"
    assert answer.endswith(b"}")
    assert 0.3 + 0.4 <= seconds <= 3  # then idle for the head time again, and closed


@pytest.mark.browser
def test_the_page_runs_under_its_content_security_policy(server: Any, browser: Any) -> None:
    """Chromium enforces the policy: the game deals, with no console error and no violation."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=False)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(
        "window.__violations = [];"
        "document.addEventListener('securitypolicyviolation',"
        " (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));"
    )
    try:
        response = page.goto(server.url)
        assert response is not None
        assert "script-src 'self'" in response.headers["content-security-policy"]
        page.wait_for_selector("#table[data-busy='0'] [data-card]", timeout=20_000)
        page.wait_for_timeout(300)
        cards = page.locator("[data-card]").count()
        width = page.locator(".hand [data-card]").first.bounding_box()
        violations = page.evaluate("window.__violations")
    finally:
        context.close()
    assert errors == []
    assert violations == []
    assert cards >= 10
    assert width is not None


def test_the_web_api_doc_gives_the_policy_and_the_timeouts_the_server_uses() -> None:
    from skat.server.app import BODY_TIMEOUT_SECONDS
    from skat.server.guard import CONTENT_SECURITY_POLICY

    text = (Path(__file__).parents[2] / "docs" / "web-api.md").read_text(encoding="utf-8")
    assert f"`{CONTENT_SECURITY_POLICY}`" in text
    assert f"within {BODY_TIMEOUT_SECONDS:g} s" in text
    words = " ".join(text.split())
    assert f"within {connection.HEAD_TIMEOUT_SECONDS:g} s of its opening" in words
    assert f"idle {connection.KEEP_ALIVE_SECONDS:g} s after an answer" in words
