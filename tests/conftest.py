"""Shared fixtures: for the browser tests the app served by uvicorn on a free loopback port, and
Debian's Chromium driven by Playwright (its own browser download does not work here). The tests
of the benchmark scripts import them from the package ``bench`` (the project's root is on
``sys.path`` through pytest's ``pythonpath`` setting in pyproject.toml)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
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
