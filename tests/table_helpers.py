"""Helpers of the browser tests around the table (``tests/test_table_sheet.py``, ``_play``,
``_ramsch``, ``_settings``, ``_access``, ``_store``, ``_transfer``; ``tests/test_store_guard.py``):
a fresh browser profile with fast computers, waiting for the table, passing and playing a deal
out, reading what the browser stored and the totals the sheet shows, screenshots.

The computer players are the conftest's server's quick ``heuristic`` ones and the person's
choices are simple (pass in the auction, play the first playable card), so every deal is short.
Screenshots go to ``tests/screenshots/`` (git-ignored).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "tests" / "screenshots"
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
FAST = {"player": "heuristic", "trickMs": 40, "cardMs": 5, "callMs": 5}


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


def settle(page: Any) -> tuple[str, str]:
    page.wait_for_selector("#table[data-busy='0']", timeout=30_000)
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
