"""The computer with your cards in a real Chromium, through the UI only: a series deal played to
its end, the replay opened from the result panel ``[data-ui=replay-computer]``, both scores in
the panel ``[data-panel=replay]`` as the server computes them, the trick where the lines parted
marked, Esc closing it; the score sheet's row then shows the computer's score beside the
person's, after a reload too, and the row's review opens the same replay.

The server here replays the person's seat with the quick heuristic player
(``create_app(replayer="heuristic")``) instead of the product's strong one, whose decisions take
seconds each; the computers beside it are the heuristic ones as in the other browser tests.
Screenshots at 1280×800 and 390×844 go to ``tests/screenshots/`` (git-ignored).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from skat.server.replay import replay_task

from table_helpers import (
    PLAYER,
    SHOTS,
    Server,
    axe_violations,
    fresh_context,
    read_store,
    settle,
)

LEVEL = PLAYER
"""The computers beside the person, and the player that replays the person's seat here."""

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    """The app with the heuristic player replaying the person's seat."""
    server = Server(player=LEVEL, replayer=LEVEL)
    server.start()
    yield server.url
    server.stop()


def _play_out(page: Any) -> str:
    """The deal on the table played to its end by a person who bids up to 20 and holds to 20,
    picks up the skat, puts away the first two cards and declares the first game offered,
    plays the first playable card and declines Kontra. Returns the deal's record."""
    for _ in range(80):
        phase, to_act = settle(page)
        if phase == "result":
            break
        assert to_act == page.get_attribute("#table", "data-human"), (phase, to_act)
        before = read_store(page)["current"]["record"]
        if phase == "bidding":
            tokens = page.eval_on_selector_all(
                ".controls [data-action]", "els => els.map(e => e.dataset.action)"
            )
            bid = int(page.get_attribute("[data-bid]", "data-bid") or 0)
            up = [t for t in tokens if (t == "y" and bid <= 20) or (t.isdigit() and int(t) <= 20)]
            page.click(f".controls [data-action='{up[0] if up else 'p'}']")
        elif phase == "skat":
            page.click("[data-action='s']")
        elif phase == "discard":
            for card in page.eval_on_selector_all(
                "[data-card]", "els => els.slice(0, 2).map(e => e.dataset.card)"
            ):
                page.click(f"[data-card='{card}']")
            page.click("[data-action='discard']")
            page.wait_for_selector("[data-action='declare']")
            page.locator("[data-game]:not([disabled])").first.click()
            page.click("[data-action='declare']")
        elif phase == "play":
            page.locator("[data-card]:not([disabled])").first.click()
        elif phase == "kontra":
            page.click(".controls [data-action='-']")
        else:
            raise AssertionError(f"unexpected phase {phase!r}")
        page.wait_for_function(
            "before => JSON.parse(localStorage.getItem('skat.store')).current?.record !== before",
            arg=before,
            timeout=30_000,
        )
    else:
        raise AssertionError("the deal did not end")
    return page.get_attribute("[data-result]", "data-record") or ""


def _number(text: str | None) -> int:
    """A score as the page writes it (+23, −46, 0) as an int."""
    return int((text or "").strip().replace("−", "-").replace("+", ""))


def _shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"replay-{name}.png"), full_page=True)


def _check_panel(page: Any, expected: dict[str, Any]) -> None:
    """The open replay panel shows the server's scores, parting and trick lists."""
    panel = page.locator("[data-panel='replay'][data-state='done']")
    panel.wait_for(timeout=60_000)
    shown = {
        side: _number(panel.locator(f"[data-replay-score='{side}']").text_content())
        for side in ("person", "computer")
    }
    assert shown == {s: expected[s]["score"] for s in ("person", "computer")}
    parted = expected["parted"]
    where = panel.locator("[data-replay-parted]").get_attribute("data-replay-parted")
    assert where == ("identical" if parted is None else str(parted["index"]))
    for side in ("person", "computer"):
        tricks = panel.locator(f"[data-replay-tricks='{side}'] [data-replay-trick]")
        assert tricks.count() == len(expected[side]["review"]["tricks"])
    marked = panel.locator("[data-replay-tricks] [data-parted]")
    trick = None if parted is None else parted["trick"]
    if trick is None:
        assert marked.count() == 0
    else:
        assert marked.count() == 2  # in both lists
        assert marked.first.get_attribute("data-replay-trick") == str(trick)
    # screen readers: a labelled modal dialog
    assert panel.get_attribute("role") == "dialog"
    assert panel.get_attribute("aria-labelledby") == "replay-title"


def test_the_computer_with_your_cards_shows_both_scores_and_keeps_them_on_the_sheet(
    browser: Any, url: str
) -> None:
    context = fresh_context(browser, lang="en")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(url)
    record = _play_out(page)
    seat = int(page.get_attribute("#table", "data-human") or "0")
    expected = replay_task(record, seat, LEVEL, LEVEL)
    assert expected["person"]["record"] == record
    button = page.locator("[data-result] [data-ui='replay-computer']")
    button.scroll_into_view_if_needed()
    _shoot(page, "result-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    button.scroll_into_view_if_needed()
    _shoot(page, "result-phone")
    page.set_viewport_size({"width": 1280, "height": 800})

    # from the result panel, by keyboard: the button takes the focus and Enter opens the panel
    button.focus()
    page.keyboard.press("Enter")
    _check_panel(page, expected)
    assert page.evaluate("document.activeElement.dataset.ui") == "close-replay"
    assert axe_violations(page) == []
    _shoot(page, "desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    _shoot(page, "phone")
    page.set_viewport_size({"width": 320, "height": 700})
    # nothing runs out sideways on the narrowest phones: the panel and the page fit
    # (a failure names what runs out: the page, the panel and each element wider than the panel)
    overflowing = page.evaluate(
        "() => { const p = document.querySelector('[data-panel=replay]');"
        " const out = [];"
        " if (document.documentElement.scrollWidth > innerWidth)"
        "   out.push(`page ${document.documentElement.scrollWidth} > ${innerWidth}`);"
        " if (p.scrollWidth > p.clientWidth + 1) {"
        "   out.push(`panel ${p.scrollWidth} > ${p.clientWidth}`);"
        "   const right = p.getBoundingClientRect().right + 1;"
        "   for (const e of p.querySelectorAll('*')) {"
        "     if (e.getBoundingClientRect().right > right && e.children.length === 0)"
        '       out.push(`${e.tagName.toLowerCase()}.${e.className} "${e.textContent}"`); } }'
        " return out; }"
    )
    assert overflowing == [], overflowing
    page.set_viewport_size({"width": 1280, "height": 800})
    page.keyboard.press("Escape")
    assert page.locator("[data-panel='replay']").count() == 0
    assert page.locator("[data-result]").count() == 1  # the result stays under it
    assert page.evaluate("document.activeElement.dataset.ui") == "replay-computer"

    # the sheet's row: the person's score counts, the computer's stands beside it
    row = read_store(page)["series"]["deals"][0]
    assert row["replay"]["score"] == expected["computer"]["score"]
    page.reload()
    settle(page)
    page.click("[data-ui='show-sheet']")
    shown = page.locator("[data-row='0'] [data-replay-score='row']")
    shown.wait_for()
    assert str(abs(expected["computer"]["score"])) in (shown.text_content() or "")
    assert _number(page.text_content("[data-sum='0']")) == expected["person"]["score"]
    _shoot(page, "sheet-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    _shoot(page, "sheet-phone")
    page.set_viewport_size({"width": 1280, "height": 800})

    # the row's review offers the same replay
    page.click("[data-row='0']")
    page.click("[data-review='0'] [data-ui='replay-computer']")
    _check_panel(page, expected)
    page.click("[data-ui='close-replay']")
    assert page.locator("[data-panel='replay']").count() == 0
    assert page.locator("[data-review='0']").count() == 1
    assert not errors, errors
    context.close()
