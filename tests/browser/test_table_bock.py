"""Around the table, in a real Chromium: a Bock deal of a series played through the UI (issue 32).

The series waits with one finished deal in which all three passed, an event of the Bock rule
(the settings' rules: Bock rounds, all passed an event); the page deals the next one, which the
server makes a Bock deal (``BK[2]``). It is played out through the table's controls only; the
score sheet marks it B, says how many Bock deals remain as :func:`skat.bock.walk` counts them,
and totals the core's list scores. Screenshots: tests/screenshots/table-bock-*.png.

Helpers: ``tests/table_helpers.py``; the server and Chromium: the conftest's.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from skat import record as iss
from skat.bock import seat_list_scores, walk
from skat.options import RULES as OPTION_RULES
from skat.options import BockDeal, BockRule, Options
from skat.ramsch import RamschResult
from skat.state import State

from table_helpers import (
    FAST,
    axe_violations,
    fresh_context,
    open_sheet,
    play_out,
    read_store,
    settle,
    shoot,
    watched_page,
)

pytestmark = pytest.mark.browser

LOCALES = Path(iss.__file__).parent / "server" / "static" / "locales"

RULES = {"bock": "rounds", "bock_all_passed": True}
"""The settings' rule options: Bock rounds, and all passed is an event."""


def _passed_row(number: int, human_seat: int, rule: BockRule = BockRule.ROUNDS) -> dict[str, Any]:
    """A finished series deal as the sheet keeps it: deal ``number`` passed in by all three."""
    options = Options(bock=rule, bock_all_passed=True)
    state = State.new(number, options).apply("p").apply("p").apply("p")
    return {
        "record": iss.write_record(state),
        "human_seat": human_seat,
        "deal_number": str(number),
        "result": {"passed": True, "kind": "passed", "won": False, "score": 0, "steps": []},
        "iss_result": "R[passed]",
        "list_scores": [0, 0, 0],
        "dealer": (2 - human_seat) % 3,
        "finished": "2026-12-03T10:00:00.000Z",
    }


def _store(rule: BockRule = BockRule.ROUNDS) -> dict[str, Any]:
    series = {
        "id": "2026-12-03T09:59:00.000Z",
        "started": "2026-12-03T09:59:00.000Z",
        "length": 0,
        "list": "seeger_fabian",
        "draw": {"cards": ["CJ", "HA", "D7"], "positions": [0, 1, 2]},
        "deals": [_passed_row(5, 2, rule)],
        "closed": False,
    }
    settings = {**FAST, "options": {**RULES, "bock": rule.value}}
    return {"schema": 2, "settings": settings, "current": None, "series": series, "archive": []}


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_bock_deal_is_played_through_the_table_and_marked_on_the_sheet(
    browser: Any, url: str, size: str
) -> None:
    context = fresh_context(browser, size=size, store=_store())
    page = watched_page(context)
    page.goto(url)  # the page deals the series' next deal at once
    settle(page)
    # the server dealt the series' next deal as a Bock deal, and the table says so
    page.wait_for_selector("[data-bock='bock']")
    current = read_store(page)["current"]["record"]
    assert "BK[2]" in current
    shoot(page, f"bock-deal-{size}")
    # Bock deals follow until one is played (each passed-in one is an event: more Bock deals)
    played = None
    for index in range(1, 6):
        if index > 1:
            page.click("[data-ui='next']")
            settle(page)
            page.wait_for_selector("[data-bock='bock']")
        record = play_out(page)
        assert "BK[2]" in record
        deals = read_store(page)["series"]["deals"]
        assert len(deals) == index + 1
        assert deals[index]["record"] == record
        assert deals[index]["bock"] == "bock"
        result = iss.replay(iss.parse(record)).result()
        if result is not None:
            played = (index, result)
            break
    assert played is not None, "five Bock deals passed in"
    index, result = played
    # the result's explanation names the doubling, as the core's step says it
    assert result.explanation[-2].code == "bock"
    assert "Bock ×2" in (page.text_content("ul.explanation li.bock") or "")
    shoot(page, f"bock-result-{size}")
    open_sheet(page)
    for row in range(1, index + 1):
        page.wait_for_selector(f"[data-row='{row}'] [data-marker='bock'] >> visible=true")
    assert page.locator("[data-row='0'] [data-marker='bock']").count() == 0
    # the Bock deals still to come, as the core walks the series
    series = [(iss.replay(iss.parse(d["record"])), d["human_seat"]) for d in deals]
    remaining = walk(series).remaining
    page.wait_for_selector(f"[data-bock-remaining='{remaining}']")
    # the totals are the core's list scores, the Bock deal's doubled
    totals = [0, 0, 0]
    for st, human in series:
        scores = seat_list_scores(st)
        for seat in range(3):
            totals[(seat - human) % 3] += scores[seat]
    shown = [
        int((page.text_content(f"[data-sum='{p}']") or "0").replace("−", "-").replace(",", ""))
        for p in range(3)
    ]
    assert shown == totals
    shoot(page, f"bock-sheet-{size}")
    page.click("[data-ui='close-panel']")
    # the settings offer the Bock rule and its events (awake: the rule is on); the help lists them
    page.click("[data-ui='open-settings']")
    page.locator("select[data-setting='rule.bock']").scroll_into_view_if_needed()
    assert page.locator("select[data-setting='rule.bock']").input_value() == "rounds"
    assert page.locator("select[data-setting='rule.bock_lost_60']").is_enabled()
    shoot(page, f"bock-settings-{size}")
    page.click("[data-ui='close-panel']")
    page.click("[data-ui='open-help']")
    page.locator("dt[data-help-rule='bock']").scroll_into_view_if_needed()
    assert page.locator("dt[data-help-rule='bock_all_passed']").count() == 1
    shoot(page, f"bock-help-{size}")
    assert not page.errors, page.errors
    context.close()


def test_the_settings_say_what_each_bock_event_does_and_how_many_bock_deals_are_queued(
    browser: Any, url: str
) -> None:
    # issue 51, point 7: the queue is the server's (skat.bock.walk), the words the rules help's
    store = _store()
    context = fresh_context(browser, store=store)
    page = watched_page(context)
    page.goto(url)  # the page deals the series' next deal, a Bock deal
    settle(page)
    finished = [
        (iss.replay(iss.parse(d["record"])), d["human_seat"]) for d in store["series"]["deals"]
    ]
    queued = walk(finished).remaining
    assert queued == 3  # one event (all passed): a round of three Bock deals
    page.click("[data-ui='open-settings']")
    line = page.wait_for_selector(f"[data-panel=settings] [data-bock-queued='{queued}']")
    assert (line.text_content() or "") == f"Bock deals remaining: {queued}"
    english = json.loads(LOCALES.joinpath("en.json").read_text(encoding="utf-8"))
    events = [r.name for r in OPTION_RULES if r.name.startswith("bock_")]
    for name in events:
        what = page.locator(f"[data-panel=settings] [data-what='{name}']")
        assert (what.text_content() or "") == english[f"help.rule.{name}"]
        select = page.locator(f"select[data-setting='rule.{name}']")
        assert select.get_attribute("aria-describedby") == what.get_attribute("id")
    line.scroll_into_view_if_needed()
    shoot(page, "bock-settings-queued")
    assert axe_violations(page, "[data-panel=settings]") == []
    # with the Bock rule off, nothing is queued and nothing said of it
    page.select_option("select[data-setting='rule.bock']", "off")
    assert page.locator("[data-bock-queued]").count() == 0
    assert not page.errors, page.errors
    context.close()


def test_a_bockramsch_deal_is_a_ramsch_without_bidding_played_through_the_table(
    browser: Any, url: str
) -> None:
    context = fresh_context(browser, store=_store(BockRule.RAMSCH))
    page = watched_page(context)
    page.goto(url)  # the series' next deal: a Bockramsch deal
    settle(page)
    page.wait_for_selector("[data-bock='ramsch']")
    assert page.get_attribute("#table", "data-phase") in ("play", "result")
    assert page.locator(".controls [data-action='p']").count() == 0  # no auction to pass in
    shoot(page, "bockramsch-deal-desktop")
    record = play_out(page)
    assert "BK[ramsch]" in record
    assert isinstance(iss.replay(iss.parse(record)).result(), RamschResult)
    deals = read_store(page)["series"]["deals"]
    assert deals[1]["bock"] == "ramsch"
    open_sheet(page)
    page.wait_for_selector("[data-row='1'] [data-marker='bockramsch'] >> visible=true")
    series = [(iss.replay(iss.parse(d["record"])), d["human_seat"]) for d in deals]
    page.wait_for_selector(f"[data-bock-remaining='{walk(series).remaining}']")
    shoot(page, "bockramsch-sheet-desktop")
    assert not page.errors, page.errors
    context.close()


def test_an_import_whose_bock_mark_does_not_follow_is_refused_naming_the_deal(
    browser: Any, url: str, tmp_path: Any
) -> None:
    # deal 1 passed in with no event on; deal 2 marked a Bock deal (BK[2]) all the same
    quiet = Options(bock=BockRule.ROUNDS, bock_n00=False)
    first = State.new(5, quiet).apply("p").apply("p").apply("p")
    forged = State.new(6, replace(quiet, bock_deal=BockDeal.BOCK)).apply("p").apply("p")
    lines = [iss.write_record(first), iss.write_record(forged.apply("p"))]
    path = tmp_path / "bock.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    context = fresh_context(browser, store=_store())
    page = watched_page(context)
    page.goto(url)
    settle(page)
    before = read_store(page)["series"]
    open_sheet(page)
    page.set_input_files("[data-ui='import-file']", str(path))
    page.wait_for_selector("[data-notice='import-failed']")
    said = page.text_content("[data-notice='import-failed']") or ""
    assert "Deal 2 in the file cannot be read" in said
    assert "deal 1 of the series is marked 'bock'" in said
    assert read_store(page)["series"] == before  # the sheet before it stays as it was
    assert not page.errors, page.errors
    context.close()


def _played(state: State) -> State:
    """``state`` played out by its first legal action at each turn (forehand bids, the others
    pass): a game with a score."""
    calls = 0
    while state.result() is None:
        actions = state.legal_actions()
        state = state.apply(actions[-1] if calls < 2 else actions[0])
        calls += 1
    return state


def _forged_series() -> tuple[dict[str, Any], tuple[int, int, int]]:
    """A series whose deal 1 passed in with no event on and whose deal 2, a game, is marked a Bock
    deal (BK[2]) all the same, its score doubled on the sheet as written (the browser's storage
    edited, or an old copy); and that game's list scores by seat."""
    quiet = Options(bock=BockRule.ROUNDS, bock_n00=False)
    first = State.new(5, quiet).apply("p").apply("p").apply("p")
    forged = _played(State.new(6, replace(quiet, bock_deal=BockDeal.BOCK)))
    scores = seat_list_scores(forged)
    assert scores != (0, 0, 0)
    result = forged.result()
    assert result is not None
    assert not isinstance(result, RamschResult)
    row = {
        **_passed_row(6, 0),
        "record": iss.write_record(forged),
        "deal_number": "6",
        "result": {
            "kind": "game",
            "declarer": int(forged.declarer or 0),
            "won": result.won,
            "score": result.score,
            "bid": result.bid,
            "levels": list(result.levels),
            "contract": str(result.contract),
            "steps": [],
        },
        "iss_result": "",
        "list_scores": list(scores),
        "dealer": 2,
        "bock": "bock",
    }
    series = _store()["series"]
    series["deals"] = [{**_passed_row(5, 2), "record": iss.write_record(first)}, row]
    return series, scores


@pytest.mark.parametrize("rule", [BockRule.ROUNDS, BockRule.OFF])
def test_a_forged_bock_row_is_shown_refused_and_kept_out_of_the_totals(
    browser: Any, url: str, rule: BockRule
) -> None:
    store = _store()
    store["settings"]["options"] = {"bock": rule.value, "bock_n00": False}
    store["series"] = _forged_series()[0]
    # a practice deal on the table (the series' next deal is refused while the mark stands)
    practice = iss.write_record(State.new(42, Options()))
    store["current"] = {"record": practice, "human_seat": 0, "practice": True}
    context = fresh_context(browser, store=store)
    page = watched_page(context)
    page.goto(url)
    settle(page)
    open_sheet(page)
    # the row stays, shown with its game and marked as the server refused its Bock mark
    page.wait_for_selector("[data-row='1'][data-damaged='bock']")
    said = page.text_content("[data-row='1'] .col-markers") or ""
    assert "Bock mark refused" in said, said
    assert "not counted" in said, said
    assert page.locator("[data-bock-error='bock_mismatch']").count() == 1
    # its doubled score is not in the totals (nor its won or lost game)
    shown = [
        int((page.text_content(f"[data-sum='{p}']") or "0").replace("−", "-").replace(",", ""))
        for p in range(3)
    ]
    assert shown == [0, 0, 0]
    assert page.locator("[data-row='1'] [data-delta]").count() == 0
    shoot(page, f"bock-forged-{rule.value}")
    assert not page.errors, page.errors
    context.close()


@pytest.mark.parametrize("lang", ["en", "de", "sv", "zh"])
def test_the_next_deal_refused_for_a_bock_mark_names_its_row_and_what_to_do(
    browser: Any, url: str, lang: str
) -> None:
    """The series' next deal is refused while a forged Bock mark stands (``POST /api/new``,
    ``bock_mismatch``): the table says which row of the sheet and that a new series plays on, in
    the person's language, as the sheet's line does; nothing stored is lost."""
    store = _store()
    store["settings"] = {**store["settings"], "lang": lang}
    store["series"] = _forged_series()[0]
    context = fresh_context(browser, store=store)
    page = watched_page(context)
    news: list[int] = []
    page.on(
        "response",
        lambda r: news.append(r.status) if r.url.endswith("/api/new") else None,
    )
    page.goto(url)  # no deal in progress: the page deals the series' next one at once
    banner = page.locator(".error-banner span").first
    banner.wait_for(timeout=30_000)
    words = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
    expected = words.get("error.bock_mismatch", "(no words)").replace("{n}", "2")
    assert banner.text_content() == expected
    assert banner.get_attribute("data-error") == "bock_mismatch"
    assert news == [400]
    # nothing stored is lost: the series and its rows stay as they were, no deal is dealt
    kept = read_store(page)
    assert kept["series"] == store["series"]
    assert kept["archive"] == []
    assert kept["current"] is None
    with page.expect_response(lambda r: r.url.endswith("/api/new")):
        page.click("[data-ui='next-deal']")  # tried again: refused again, said the same way
    banner.wait_for()
    assert banner.text_content() == expected
    assert news == [400, 400]
    assert read_store(page)["series"] == store["series"]
    # the sheet's Bock line says the same (it said the server's English message before)
    open_sheet(page)
    line = page.locator("[data-bock-error='bock_mismatch']")
    line.wait_for()
    assert line.text_content() == expected
    assert not page.errors, page.errors
    context.close()


def test_a_finished_series_is_bock_checked_where_its_totals_are_shown(
    browser: Any, url: str
) -> None:
    """A finished series (the archive) with a forged Bock mark is walked by the same server check
    as the current one: the sheet's list of finished series and the statistics' totals chart
    leave the refused row and those after it out, as the statistics' figures do."""
    forged, scores = _forged_series()
    store = _store()
    store["series"] = None
    store["archive"] = [{**forged, "closed": True}]
    # what the refused row would add: its doubled list scores, the person in seat 0
    assert any(scores)
    context = fresh_context(browser, store=store)
    page = watched_page(context)
    page.goto(url)
    settle(page)
    open_sheet(page)
    page.click("details.archive summary")
    item = page.locator("details.archive li")
    expected = "You 0 · Left 0 · Right 0"
    page.wait_for_function(
        "t => document.querySelector('details.archive li')?.textContent.includes(t)",
        arg=expected,
        timeout=30_000,
    )
    assert expected in (item.text_content() or "")
    page.click("[data-ui='close-panel']")
    page.click("[data-ui='open-stats']")  # the finished series is the only one: shown
    page.click("details.stats-data summary", timeout=30_000)
    last = page.locator("details.stats-data tbody tr").last
    assert [c.strip() for c in last.locator("td").all_text_contents()] == ["0", "0", "0"]
    assert not page.errors, page.errors
    context.close()
