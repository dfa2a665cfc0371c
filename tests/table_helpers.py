"""The drivers of the browser tests (``tests/browser/``), in one place: the served app
(:class:`Server`, the conftest's ``server`` fixture), a fresh browser profile with fast computers,
opening a deal and waiting for the table, the person's steps (passing and playing out, a
:class:`Plan` of calls, a contract chosen in the declaration dialog, one step of a declarer),
reading what the browser stored and the totals the sheet shows, the axe-core check and
screenshots.

The computer players are the quick ``heuristic`` ones (:data:`PLAYER`) and the person's choices
are simple (pass in the auction or bid up to a limit, play the first playable card), so every
deal is short. Screenshots go to ``tests/screenshots/`` (git-ignored); axe-core is vendored in
``tests/vendor/``.
"""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Error as PlaywrightError

if TYPE_CHECKING:
    from skat.state import State

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "tests" / "screenshots"
AXE = ROOT / "tests" / "vendor" / "axe.min.js"
PLAYER = "heuristic"
"""The computer players of the browser tests: the quick rule-based level."""
SIZES = {"desktop": (1280, 800), "phone": (390, 844), "narrow": (360, 740)}
LANGUAGES = ["en", "de", "zh", "sv"]
ROOM = """key => {
  // the longest text the browser keeps under `key`: it fills the room left to the last character
  let lo = 0, hi = 6000000;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    try { localStorage.setItem(key, 'x'.repeat(mid)); lo = mid; } catch { hi = mid - 1; }
  }
  localStorage.removeItem(key);
  return lo;
}"""
"""A function of the page: the longest text the browser keeps under the key it is given."""
FAST = {"player": PLAYER, "trickMs": 40, "cardMs": 5, "callMs": 5}
SHORT = {"lang": "en", "trickWait": "time", "trickMs": 40, "cardMs": 10, "callMs": 10}
"""The settings of :func:`settings_page`: English and short animations (the tests look at every
phase, not at the pace of the computers)."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``uvicorn`` serving ``create_app(**app)`` (default: the :data:`PLAYER` computers) on a free
    loopback port, in its own process (restartable), with ``skat serve``'s connection options."""

    def __init__(self, **app: str) -> None:
        self.port = _free_port()
        self.app = app or {"player": PLAYER}
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> None:
        arguments = ", ".join(f"{key}={value!r}" for key, value in self.app.items())
        code = (
            "import uvicorn; from skat.server import create_app; "
            "from skat.server.connection import uvicorn_options; "
            f"uvicorn.run(create_app({arguments}), host='127.0.0.1', port={self.port}, "
            "log_level='warning', **uvicorn_options())"
        )
        self.proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            self.proc = None


def fresh_context(
    browser: Any,
    size: str = "desktop",
    locale: str = "en-GB",
    store: dict[str, Any] | None = None,
    **settings: Any,
) -> Any:
    """A fresh browser profile whose first visit finds ``store`` in the browser's storage, by
    default an empty one whose settings are ``settings`` (and fast computers)."""
    width, height = SIZES[size]
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale=locale, accept_downloads=True
    )
    if store is None:
        wanted = {**FAST, **settings}
        store = {"schema": 2, "settings": wanted, "current": None, "series": None, "archive": []}
    context.add_init_script(
        "if (!localStorage.getItem('skat.store') && !sessionStorage.getItem('seeded')) {"
        f" localStorage.setItem('skat.store', {json.dumps(json.dumps(store))});"
        " sessionStorage.setItem('seeded', '1'); }"
    )
    return context


def watched_page(context: Any) -> Any:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.errors = errors
    return page


def opened_table(browser: Any, url: str) -> tuple[Any, Any]:
    """A fresh profile's page on the table, its first deal dealt: ``(context, page)``."""
    context = fresh_context(browser)
    page = watched_page(context)
    page.goto(url)
    settle(page)
    return context, page


def shown_bubbles(page: Any) -> dict[str, str]:
    """The bubbles on the table: seat (as text) → what it says."""
    return {
        b.get_attribute("data-bubble") or "": b.text_content() or ""
        for b in page.locator("[data-bubble]").all()
    }


def shown_hand(page: Any) -> list[str]:
    """The person's cards in the order the table shows them."""
    return [
        str(c)
        for c in page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)")
    ]


def settle(page: Any, timeout: float = 30_000) -> tuple[str, str]:
    """Waits up to ``timeout`` ms until the table is idle: its phase and the seat to act."""
    page.wait_for_selector("#table[data-busy='0']", timeout=timeout)
    table = page.locator("#table")
    return table.get_attribute("data-phase") or "", table.get_attribute("data-to-act") or ""


def type_deal(page: Any, number: str) -> None:
    """Types deal ``number`` and Enter, and waits until the table shows it."""
    page.fill("[data-deal-number]", number)
    page.press("[data-deal-number]", "Enter")
    page.wait_for_function(
        "n => document.querySelector('[data-deal-number]').value === n", arg=number
    )


def pass_on(page: Any, number: str) -> tuple[str, str]:
    """Types deal ``number`` and passes in the auction whenever the person is to call.
    Returns the phase and the seat to act after the auction (as :func:`settle`)."""
    type_deal(page, number)
    phase, to_act = settle(page)
    while phase == "bidding":
        page.click(".controls [data-action='p']")
        phase, to_act = settle(page)
    return phase, to_act


def play_out(page: Any, keyboard: bool = False, kontra: bool = False) -> str:
    """Plays the deal on the table to its end: pass in the auction, the first playable card.

    With ``keyboard`` only keys are pressed (P passes, arrows and Enter play a card); with
    ``kontra`` the person says Kontra when asked (else declines).
    Returns the deal's record.
    """
    for _ in range(60):
        phase, to_act = settle(page)
        if phase == "result":
            break
        assert to_act == page.get_attribute("#table", "data-human"), (phase, to_act)
        before = read_store(page)["current"]["record"]
        if phase == "bidding":
            if keyboard:
                page.keyboard.press("p")
            else:
                page.click(".controls [data-action='p']")
        elif phase == "play":
            if keyboard:
                key_play(page)
            else:
                page.locator("[data-card]:not([disabled])").first.click()
        elif phase == "kontra":
            say = "K" if kontra and page.locator(".controls [data-action='K']").count() else "-"
            page.click(f".controls [data-action='{say}']")
        else:
            raise AssertionError(f"unexpected phase {phase!r}")
        wait_for_answer(page, before)
    else:
        raise AssertionError("the deal did not end")
    assert not page.errors, page.errors
    return page.get_attribute("[data-result]", "data-record") or ""


def wait_for_answer(page: Any, before: str) -> None:
    """Waits until the server's answer to the person's action is stored (the record changed)."""
    page.wait_for_function(
        "before => JSON.parse(localStorage.getItem('skat.store')).current?.record !== before",
        arg=before,
        timeout=30_000,
    )


def key_play(page: Any) -> None:
    """Plays a card with the keyboard: the focus is in the hand; ArrowRight, then Enter."""
    enabled = page.eval_on_selector_all(
        "[data-card]:not([disabled])", "els => els.map(e => e.dataset.card)"
    )
    focused = page.evaluate("document.activeElement?.dataset?.card ?? null")
    assert focused in enabled, (focused, enabled)
    if len(enabled) > 1:
        page.keyboard.press("ArrowRight")
        moved = page.evaluate("document.activeElement?.dataset?.card ?? null")
        assert moved == enabled[(enabled.index(focused) + 1) % len(enabled)]
    page.keyboard.press("Enter")


def read_store(page: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(page.evaluate("localStorage.getItem('skat.store')"))
    return data


def open_sheet(page: Any) -> None:
    """Opens the score sheet: from the result panel when it is up, else from the menu."""
    if page.locator("[data-ui='show-sheet']").count():
        page.click("[data-ui='show-sheet']")
    else:
        page.click("[data-ui='open-sheet']")


def shown_totals(page: Any) -> list[int]:
    open_sheet(page)
    page.wait_for_selector("table.sheet")
    shown = [
        int(re.sub(r"[^\d-]", "", (page.text_content(f"[data-sum='{p}']") or "").replace("−", "-")))
        for p in range(3)
    ]
    page.click("[data-ui='close-panel']")
    return shown


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"table-{name}.png"))


def shown_notice(page: Any, kind: str) -> str:
    """The text of the notice ``kind`` once it is shown; read again when the page is reloaded
    while it is read (a tab taking up another tab's writes reloads once per burst of them)."""
    for _ in range(3):
        try:
            return page.wait_for_selector(f"[data-notice='{kind}']").text_content() or ""
        except PlaywrightError as err:
            if "context was destroyed" not in str(err):
                raise
            page.wait_for_load_state()
    return page.wait_for_selector(f"[data-notice='{kind}']").text_content() or ""


def jump_to_60_on_1000(page: Any) -> None:
    """Deal 1000: the person (middlehand) jumps to 60 and wins the auction."""
    type_deal(page, "1000")
    phase, _ = settle(page)
    assert phase == "bidding"
    page.select_option("select[data-ui='jump']", "60")
    page.click("[data-ui='jump-go']")
    assert settle(page)[0] == "skat"


def settings_page(seeded_page: Any, size: str, **settings: Any) -> Any:
    """A page (not yet loaded) of :data:`SIZES` ``size`` from the conftest's ``seeded_page``,
    whose stored settings are :data:`SHORT` updated by ``settings`` (``options``: the rule
    options, as the settings panel keeps them)."""
    return seeded_page(*SIZES[size], "skat.v1.settings", {**SHORT, **settings})


def settle_through(page: Any) -> tuple[str, str]:
    """As :func:`settle`, clicking through tricks that wait for a click (counted in
    ``page.continue_clicks``)."""
    while True:
        page.wait_for_selector("#table[data-busy='0'], [data-ui='continue']", timeout=30_000)
        if page.locator("[data-ui='continue']").count() == 0:
            break
        assert page.get_attribute("#table", "data-busy") == "1"
        page.click("#table")
        page.continue_clicks = getattr(page, "continue_clicks", 0) + 1
    table = page.locator("#table")
    return table.get_attribute("data-phase") or "", table.get_attribute("data-to-act") or ""


def open_deal(page: Any, url: str, number: int) -> None:
    """Opens the game at ``url`` and types deal ``number``; returns once the table shows it."""
    page.goto(url)
    settle_through(page)
    type_deal(page, str(number))


@dataclass(frozen=True)
class Plan:
    """How the person plays a deal.

    Attributes:
        limit: bid and hold up to this value, then pass (0: pass at once).
        pickup: pick up the skat (False: play Hand).
        game: ``"suit"`` (the longest suit), a game letter ``C S H D G N``.
        ouvert: announce ouvert (Null Ouvert).
    """

    limit: int
    pickup: bool = True
    game: str = "suit"
    ouvert: bool = False


def bid_choice(plan: Plan, tokens: list[str], bid: int) -> str:
    """The bidding token: hold while the value is within the limit, say the next value, or pass."""
    if "y" in tokens:
        return "y" if bid <= plan.limit else "p"
    values = sorted(int(t) for t in tokens if t.isdigit())
    if values and values[0] <= plan.limit:
        return str(values[0])
    return "p"


def card_choice(enabled: list[str]) -> str:
    """The card to play: the first playable card in ISS text order."""
    return sorted(enabled)[0]


Person = Callable[["State", list[str], int], list[str]]
"""``person(state, legal, seat)``: the person's actions (record tokens) at their turn, given the
legal ones as tokens."""


def play_on_core(number: int, options: dict[str, Any], person: Person) -> tuple[State, list[str]]:
    """Deal ``number`` played on the core as a browser test plays it through the server: the
    :data:`PLAYER` computers, and the person in seat ``number % 3`` taking ``person``'s actions,
    under the rule ``options`` (the web API's form).

    Returns:
        the final :class:`~skat.state.State` and the person's actions.
    """
    from skat.server import game  # here: the other drivers need no server modules
    from skat.server.app import load_player

    _, choose = load_player(PLAYER)
    state = game.new_state(number, game.parse_options(options), rng=None)  # type: ignore[arg-type]
    human = number % 3
    state = game.computers(state, human, choose).state
    done: list[str] = []
    while not state.is_terminal():
        actions = person(state, [str(a) for a in state.legal_actions()], human)
        done.extend(actions)
        state = game.play(state, human, actions, choose).state
    return state, done


def call(page: Any, plan: Plan) -> None:
    """Clicks the person's call in the auction as ``plan`` says (:func:`bid_choice`)."""
    tokens = page.eval_on_selector_all(
        ".controls [data-action]", "els => els.map(e => e.dataset.action)"
    )
    bid = int(page.get_attribute("[data-bid]", "data-bid") or 0)
    page.click(f".controls [data-action='{bid_choice(plan, tokens, bid)}']")


def choose_contract(page: Any, contract: str) -> None:
    """Sets the open declaration dialog to ``contract`` (ISS notation: the game letter, then
    ``H`` Hand, ``O`` ouvert, ``S`` Schneider, ``Z`` Schwarz) and checks that the declare button
    names it; the button is not clicked."""
    page.wait_for_selector("[data-action='declare']")
    page.click(f"[data-game='{contract[0]}']")
    wanted = {"H": "hand", "O": "ouvert", "S": "schneider", "Z": "schwarz"}
    for letter, option in wanted.items():
        box = page.locator(f"[data-option='{option}']")
        if box.count() and box.is_checked() != (letter in contract[1:]):
            box.click()
    assert page.get_attribute("[data-action='declare']", "data-contract") == contract


def declarer_step(page: Any, phase: str) -> None:
    """One action of a person who bids up to 30 (so every deal has a declarer: the person holds
    or bids 18 at least), picks up the skat, puts the first two cards away, declares what the
    dialog offers first and plays the first playable card."""
    if phase == "bidding":
        bid = int(page.get_attribute("[data-bid]", "data-bid") or 0)
        next_bid = page.locator(".controls .btn.primary[data-action]:not([data-action='y'])")
        if page.locator(".controls [data-action='y']").count() and bid <= 30:
            page.click(".controls [data-action='y']")
        elif next_bid.count() and int(next_bid.get_attribute("data-action") or 99) <= 30:
            next_bid.click()
        else:
            page.click(".controls [data-action='p']")
    elif phase == "skat":
        page.click(".controls [data-action='s']")
    elif phase == "discard":
        cards = page.locator("[data-card]:not([disabled])")
        cards.nth(0).click()
        cards.nth(1).click()
        page.click("[data-action='discard']")
    elif phase == "declare":
        page.click("[data-action='declare']")
    elif phase == "play":
        page.locator("[data-card]:not([disabled])").first.click()
    else:
        page.locator(".controls [data-action]").first.click()


def axe_violations(page: Any, within: str = "") -> list[str]:
    """The serious and critical axe-core violations on the page as it is now, or in the element
    of CSS selector ``within``: each as its rule id and the first three elements it names."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        "async within => (await axe.run(within ? document.querySelector(within) : document,"
        " {resultTypes: ['violations']})).violations"
        ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
        ".map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '))",
        within,
    )
    return [str(x) for x in found]
