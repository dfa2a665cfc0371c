"""What the tests of every folder below share: the tiers (the ``browser`` marker set here, the
``slow`` one written on the tests, a note of unmarked tests over :data:`SLOW_SECONDS`), and the
fixtures: for the browser tests the app served by uvicorn on a free loopback port
(``table_helpers.Server``) and Debian's Chromium driven by Playwright (its own browser download
does not work here), for the web API's tests a test ``client``. The helper modules in ``tests/``
and the package ``bench`` are imported by name: ``tests`` and the project's root are on
``sys.path`` through pytest's ``pythonpath`` setting in pyproject.toml."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from table_helpers import Server

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
SLOW_SECONDS = 2.0
"""A test that takes longer than this (its call, on the idle 2-core machine) is marked
``@pytest.mark.slow`` where it is written: the inner tier, ``pytest -m "not slow and not
browser"``, leaves it out (README, "Testing"). A run lists the unmarked tests that took longer
(:func:`pytest_terminal_summary`)."""

_UNMARKED: list[tuple[float, str]] = []


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Marks every test that uses the browser (its fixture, directly or through another)
    ``browser``; the slow tests carry their own marker."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Notes a test of the inner tier whose call took over :data:`SLOW_SECONDS`."""
    tiered = "slow" in report.keywords or "browser" in report.keywords
    if report.when == "call" and report.duration > SLOW_SECONDS and not tiered:
        _UNMARKED.append((report.duration, report.nodeid))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Lists the tests of the inner tier that took over :data:`SLOW_SECONDS`, slowest first: each
    is marked slow, or made faster (a loaded machine may list a test once by chance)."""
    if _UNMARKED:
        terminalreporter.section(f"not marked slow, over {SLOW_SECONDS:g} s")
        for duration, nodeid in sorted(_UNMARKED, reverse=True):
            terminalreporter.write_line(f"{duration:6.1f} s  {nodeid}")


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    """The app with the heuristic computers, served for the module's browser tests."""
    from table_helpers import Server

    srv = Server()
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """The web API in a test client (``starlette.testclient.TestClient``) with the heuristic
    players and a fixed generator, one per test module; tests/server_helpers.py deals and acts
    through it. A module may define its own."""
    import random
    import warnings

    from skat.server import create_app

    from server_helpers import LOOPBACK, PLAYER

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    with TestClient(create_app(player=PLAYER, rng=random.Random(1)), base_url=LOOPBACK) as c:
        yield c


@pytest.fixture(scope="module")
def url(server: Server) -> str:
    """The address of the module's server (with the heuristic players)."""
    return server.url


class _Browser:
    """Chromium whose new contexts bypass the page's Content-Security-Policy unless told
    otherwise (``bypass_csp=False``): Playwright's ``wait_for_function`` runs its predicate
    through ``eval`` in the page, which the policy forbids. tests/server/test_server_security.py
    loads the page under the policy."""

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
