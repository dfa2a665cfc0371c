"""The statistics panel in a real Chromium, through the UI only: a short series is played (the
quick ``heuristic`` computers, short animations), then the panel is opened from the menu and its
figures and charts are checked against the score sheet and against the core replaying the stored
records; the panel is reached and closed with the keyboard, checked with axe-core, drawn in German
with German number formats, and photographed at 1280×800 and 390×844 (``tests/screenshots/``).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from skat import record as iss
from skat.cards import JACKS
from skat.options import Options
from skat.ramsch import RamschResult, ramsch_list_scores
from skat.scoring import GameResult, list_scores
from skat.server import game
from skat.server.statistics import MAX_DEALS
from skat.state import State

from table_helpers import (
    FAST,
    SHOTS,
    SIZES,
    axe_violations,
    declarer_step,
    read_store,
    settle,
    wait_for_answer,
    watched_page,
)

SETTINGS = {**FAST, "lang": "en"}
DEALS = 3

pytestmark = pytest.mark.browser


def _context(
    browser: Any, size: str, store: dict[str, Any] | None = None, bypass_csp: bool = True
) -> Any:
    """A fresh browser profile of ``size`` whose first page finds ``store`` (else a store with
    fast settings and a three-deal series length); with ``bypass_csp`` off the page runs under
    its Content-Security-Policy, and its violations are kept in ``window.__violations``."""
    width, height = SIZES[size]
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale="en-GB", bypass_csp=bypass_csp
    )
    context.add_init_script(
        "window.__violations = [];"
        "document.addEventListener('securitypolicyviolation',"
        " (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));"
    )
    if store is None:
        settings = {**SETTINGS, "seriesLength": DEALS}
        store = {"schema": 2, "settings": settings, "current": None, "series": None, "archive": []}
    context.add_init_script(
        "if (!localStorage.getItem('skat.store') && !sessionStorage.getItem('seeded')) {"
        f" localStorage.setItem('skat.store', {json.dumps(json.dumps(store))});"
        " sessionStorage.setItem('seeded', '1'); }"
    )
    return context


def _play_out(page: Any) -> None:
    for _ in range(80):
        phase, to_act = settle(page)
        if phase == "result":
            return
        assert to_act == page.get_attribute("#table", "data-human"), (phase, to_act)
        before = read_store(page)["current"]["record"]
        declarer_step(page, phase)
        if phase != "discard":  # the discard waits for the declaration
            wait_for_answer(page, before)
    raise AssertionError("the deal did not end")


def _number(text: str | None) -> int:
    return int(re.sub(r"[^\d-]", "", (text or "").replace("−", "-")))


def _sheet_figures(page: Any) -> dict[str, list[int]]:
    """The score sheet's totals and games won and lost (Seeger-Fabian) by player, as shown."""
    page.click("[data-ui='open-sheet']")
    page.wait_for_selector("table.sheet")
    out = {
        name: [_number(page.text_content(f"[data-{name}='{p}']")) for p in range(3)]
        for name in ("sum", "won", "lost")
    }
    page.click("[data-ui='close-panel']")
    return out


def _core_running_totals(deals: list[dict[str, Any]]) -> list[list[int]]:
    """The running totals by player after each deal, by the core replaying the stored records."""
    totals = [0, 0, 0]
    out = []
    for deal in deals:
        state = iss.replay(iss.parse(deal["record"]))
        res = state.result()
        scores: tuple[int, int, int] = (0, 0, 0)
        if isinstance(res, GameResult):
            assert state.declarer is not None
            scores = list_scores(res, int(state.declarer), state.options.score_list)
        elif isinstance(res, RamschResult):
            scores = ramsch_list_scores(res, state.options.score_list)
        for seat in range(3):
            totals[(seat - deal["human_seat"]) % 3] += scores[seat]
        out.append(totals.copy())
    return out


def _jacks_dealt(deals: list[dict[str, Any]]) -> list[int]:
    """The jacks dealt to you, left and right over all deals, from the records' cards."""
    jacks = [0, 0, 0]
    for deal in deals:
        state = iss.replay(iss.parse(deal["record"]))
        for seat in range(3):
            held = state.deal.hands[seat].mask & JACKS
            jacks[(seat - deal["human_seat"]) % 3] += held.bit_count()
    return jacks


def _open_stats_by_keyboard(page: Any) -> None:
    page.focus("[data-ui='open-stats']")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-panel='stats'] [data-chart='types']", timeout=30_000)


def _shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"stats-{name}.png"))
    page.locator("[data-panel='stats']").screenshot(path=str(SHOTS / f"stats-{name}-panel.png"))


def test_the_statistics_of_a_short_series_match_its_sheet_with_both_charts(
    browser: Any, server: Any
) -> None:
    context = _context(browser, "desktop")
    page = watched_page(context)
    page.goto(server.url)
    for deal in range(DEALS):
        if deal:
            page.click("[data-ui='next']")
        _play_out(page)
    store = read_store(page)
    deals = store["series"]["deals"]
    assert len(deals) == DEALS
    sheet = _sheet_figures(page)

    _open_stats_by_keyboard(page)
    panel = page.locator("[data-panel='stats']")
    assert panel.locator("[data-stats-deals]").get_attribute("data-stats-deals") == str(DEALS)
    assert panel.locator("[data-stats-skipped]").count() == 0

    # the running totals: a point per player and deal, each the sheet's total after that deal
    running = _core_running_totals(deals)
    assert running[-1] == sheet["sum"]
    points = panel.locator("[data-chart='totals'] [data-point]")
    assert points.count() == 3 * DEALS
    for i, row in enumerate(running, 1):
        for p in range(3):
            point = panel.locator(f"[data-point][data-player='{p}'][data-deal='{i}']")
            assert point.get_attribute("data-total") == str(row[p])
    label = panel.locator("[data-chart='totals']").get_attribute("aria-label") or ""
    assert f"after {DEALS} deals" in label, label

    # the bars: one per game type played, won and lost as the stored results say
    games = [d["result"] for d in deals if d["result"]["kind"] == "game"]
    assert len(games) == DEALS  # the person holds or bids 18: every deal has a declarer
    types = sorted({r["contract"][0] for r in games})
    bars = panel.locator("[data-chart='types'] [data-bar]")
    assert sorted(b.get_attribute("data-bar") or "" for b in bars.all()) == types
    for letter in types:
        bar = panel.locator(f"[data-bar='{letter}']")
        won = sum(1 for r in games if r["contract"][0] == letter and r["won"])
        lost = sum(1 for r in games if r["contract"][0] == letter and not r["won"])
        assert (bar.get_attribute("data-won"), bar.get_attribute("data-lost")) == (
            str(won),
            str(lost),
        )

    # the games table's totals are the sheet's games won and lost by player
    for p in range(3):
        cell = panel.locator(f"[data-game='all'] [data-player='{p}']")
        assert _number(cell.get_attribute("data-won")) == sheet["won"][p]
        assert _number(cell.get_attribute("data-lost")) == sheet["lost"][p]

    # the jacks dealt to each player, over the three deals, from the records' cards
    jacks = _jacks_dealt(deals)
    assert sum(jacks) <= 4 * DEALS
    for p in range(3):
        cell = panel.locator(f"[data-stat='jacks'] [data-player='{p}']")
        assert (cell.get_attribute("data-total"), cell.get_attribute("data-count")) == (
            str(jacks[p]),
            str(DEALS),
        )

    # keyboard: the chart is reached with Tab and names what it shows; Esc closes the panel
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement?.dataset?.chart === 'totals'"):
            break
    else:
        raise AssertionError("Tab did not reach the running totals chart")
    assert axe_violations(page, "[data-panel=stats]") == []
    _shoot(page, "desktop")
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-panel='stats']", state="detached")

    # German: the same figures, numbers as German writes them (a decimal comma)
    page.select_option("select[data-ui='lang']", "de")
    _open_stats_by_keyboard(page)
    mean = jacks[0] / DEALS
    shown = page.text_content("[data-stat='jacks'] [data-player='0']") or ""
    assert shown.startswith(f"{mean:.2f}".replace(".", ",")), shown
    assert page.text_content("[data-panel='stats'] h2") == "Statistik"
    _shoot(page, "desktop-de")
    assert not page.errors, page.errors

    # a phone, the page under its Content-Security-Policy (Playwright's waits for a selector
    # need no eval): the same series, both charts within the screen's width
    phone = _context(browser, "phone", store=read_store(page), bypass_csp=False)
    small = watched_page(phone)
    small.goto(server.url)
    settle(small)
    small.click("[data-ui='open-stats']")
    small.wait_for_selector("[data-chart='types']", timeout=30_000)
    for chart in ("totals", "types"):
        box = small.locator(f"[data-chart='{chart}']").bounding_box()
        assert box is not None
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= SIZES["phone"][0]
    assert small.locator("[data-point]").count() == 3 * DEALS
    _shoot(small, "phone")
    assert not small.errors, small.errors
    assert small.evaluate("window.__violations") == []
    phone.close()

    # the next deal starts a new series: the chooser offers it, the finished one and all of them
    page.keyboard.press("Escape")
    page.click("[data-ui='next']")
    _play_out(page)
    finished_id = store["series"]["id"]
    assert read_store(page)["archive"][-1]["id"] == finished_id
    _open_stats_by_keyboard(page)
    values = page.eval_on_selector_all(
        "select[data-ui='stats-series'] option", "els => els.map(e => e.value)"
    )
    assert values == ["current", f"archive:{finished_id}", "all"]
    assert page.get_attribute("[data-stats-deals]", "data-stats-deals") == "1"
    assert page.locator("[data-point]").count() == 3
    page.select_option("select[data-ui='stats-series']", f"archive:{finished_id}")
    page.wait_for_selector(f"[data-stats-deals='{DEALS}']")
    assert page.locator("[data-point]").count() == 3 * DEALS
    page.select_option("select[data-ui='stats-series']", "all")
    page.wait_for_selector(f"[data-stats-deals='{DEALS + 1}']")
    # the running totals are a series' own: over all series only the figures and the bars
    assert page.locator("[data-chart='totals']").count() == 0
    assert page.locator("[data-chart='types'] [data-bar]").count() >= 1
    assert not page.errors, page.errors
    context.close()


def test_the_panel_says_so_when_no_deal_is_on_a_score_sheet(browser: Any, server: Any) -> None:
    context = _context(browser, "desktop")
    page = watched_page(context)
    page.goto(server.url)
    settle(page)  # the series' first deal is on the table, not yet on the sheet
    page.click("[data-ui='open-stats']")
    page.wait_for_selector("[data-panel='stats'] [data-stats-empty]")
    assert page.locator("[data-chart]").count() == 0
    page.click("[data-ui='close-panel']")
    assert page.locator("[data-panel='stats']").count() == 0
    assert not page.errors, page.errors
    context.close()


def _stored_row(number: int, human: int) -> dict[str, Any]:
    """A finished deal as the score sheet keeps it: deal ``number`` played by the first legal
    action each time, with the server's result for the person in seat ``human``."""
    state = State.new(number, Options())
    while not state.is_terminal():
        state = state.apply(state.legal_actions()[0])
    view = game.answer(game.Turn(state, human))["view"]
    result = view["result"]
    return {
        "record": game.write_record(state),
        "human_seat": human,
        "deal_number": str(number),
        "result": result,
        "iss_result": view["iss_result"],
        "list_scores": result.get("list_scores", [0, 0, 0]),
        "dealer": (2 - human) % 3,
        "finished": "2026-12-01T10:00:00.000Z",
    }


def _seeded(rows: list[dict[str, Any]]) -> dict[str, Any]:
    series = {
        "id": "2026-12-01T09:00:00.000Z",
        "started": "2026-12-01T09:00:00.000Z",
        "length": 0,
        "list": "seeger_fabian",
        "draw": None,
        "deals": rows,
        "closed": False,
    }
    return {"schema": 2, "settings": SETTINGS, "current": None, "series": series, "archive": []}


def test_a_row_the_server_cannot_count_is_named_and_the_rest_are_counted(
    browser: Any, server: Any
) -> None:
    rows = [_stored_row(n, n % 3) for n in (11, 12, 13)]
    # a record whose cards are not its deal number's: the sheet counts it as written, the server
    # refuses to replay it
    rows[1]["record"] = rows[1]["record"].replace("DN[12]", "DN[14]")
    context = _context(browser, "desktop", store=_seeded(rows))
    page = watched_page(context)
    page.goto(server.url)
    settle(page)
    page.click("[data-ui='open-stats']")
    page.wait_for_selector("[data-stats-skipped='1']")
    assert page.get_attribute("[data-stats-deals]", "data-stats-deals") == "2"
    page.click("[data-stats-skipped] summary")
    assert "Row 2: " in (page.text_content("[data-stats-skipped] li") or "")
    # the running totals are the sheet's, which counts the row as it was written
    assert page.locator("[data-point]").count() == 9
    assert not page.errors, page.errors
    context.close()


def test_a_refused_request_is_said_and_can_be_tried_again(browser: Any, server: Any) -> None:
    row = _stored_row(11, 2)
    # more rows than the server counts at once (skat.server.statistics.MAX_DEALS)
    context = _context(browser, "desktop", store=_seeded([row] * (MAX_DEALS + 1)))
    page = watched_page(context)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/api/statistics") else None)
    page.goto(server.url)
    settle(page)
    page.click("[data-ui='open-stats']")
    page.wait_for_selector("[data-stats-error='too_large']", timeout=30_000)
    assert page.locator("[data-chart]").count() == 0
    assert len(asked) == 1
    page.click("[data-ui='stats-retry']")
    for _ in range(600):  # the request is asked again (the refusal may come back at once)
        if len(asked) == 2:
            break
        page.wait_for_timeout(50)
    assert len(asked) == 2
    page.wait_for_selector("[data-stats-error='too_large']", timeout=30_000)
    assert not page.errors, page.errors
    context.close()
