"""Shared fixtures: for the browser tests the app served by uvicorn on a free loopback port, and
Debian's Chromium driven by Playwright (its own browser download does not work here). The tests
of the benchmark scripts import them from the package ``bench`` (the project's root is on
``sys.path`` through pytest's ``pythonpath`` setting in pyproject.toml)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PLAYER = "heuristic"
"""The computer players of the browser tests: the quick rule-based level."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``uvicorn`` serving the app on a free loopback port, in its own process (restartable)."""

    def __init__(self) -> None:
        self.port = _free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> None:
        code = (
            "import uvicorn; from skat.server import create_app; "
            f"uvicorn.run(create_app(player={PLAYER!r}), host='127.0.0.1', port={self.port}, "
            "log_level='warning')"
        )
        self.proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            self.proc = None


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    srv = Server()
    srv.start()
    yield srv
    srv.stop()


class _Browser:
    """Chromium whose new contexts bypass the page's Content-Security-Policy unless told
    otherwise (``bypass_csp=False``): Playwright's ``wait_for_function`` runs its predicate
    through ``eval`` in the page, which the policy forbids. tests/test_server.py loads the page
    under the policy."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        options.setdefault("bypass_csp", True)
        return self._browser.new_context(**options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: scripts/test.sh installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield _Browser(b)
        b.close()


SeededPage = Callable[[int, int, str, Any], Any]
"""``open(width, height, key, value)``: see :func:`seeded_page`."""


@pytest.fixture
def seeded_page(browser: Any) -> Iterator[SeededPage]:
    """Opens pages in new contexts of a window size whose ``localStorage`` holds ``value`` (as
    JSON) under ``key`` before the client's first line runs, unless the page has written that key
    itself (a reload keeps what the client stored). Each page's uncaught errors are collected in
    ``page.errors``. The contexts are closed after the test; the page is not yet loaded."""
    contexts: list[Any] = []

    def _open(width: int, height: int, key: str, value: Any) -> Any:
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        context.add_init_script(
            f"if (!localStorage.getItem({json.dumps(key)})) "
            f"localStorage.setItem({json.dumps(key)}, {json.dumps(json.dumps(value))})"
        )
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.errors = errors
        return page

    yield _open
    for context in contexts:
        context.close()
