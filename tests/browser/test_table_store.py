"""Around the table, in a real Chromium: what the browser keeps (other tabs, a full storage,
damaged or old-layout data; issue 31).

Helpers: ``tests/table_helpers.py``; the server and Chromium: the conftest's.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from table_helpers import (
    FAST,
    ROOM,
    fresh_context,
    open_sheet,
    opened_table,
    play_out,
    read_store,
    settle,
    shoot,
    shown_notice,
    shown_totals,
    wait_for_answer,
    watched_page,
)

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("damage", "set_aside"),
    [
        ("{not json", ["{not json"]),
        ('{"schema": 99, "settings": {}}', ['{"schema": 99, "settings": {}}']),
        ('["a foreign", "array"]', ['["a foreign", "array"]']),
        (
            '{"schema": 2, "series": {"deals": "nope"}, "current": {"record": 5}}',
            ['{"record":5}', '{"deals":"nope"}'],
        ),
        (
            '{"schema": 2, "series": {"id": "s", "started": "2024-05-01T10:00:00.000Z",'
            ' "length": 0, "list": "simple", "draw": null, "deals": [], "open": {"record": 5}}}',
            ['{"record":5}'],
        ),
    ],
)
def test_a_damaged_store_is_reported_and_set_aside(
    browser: Any, url: str, damage: str, set_aside: list[str]
) -> None:
    context = fresh_context(browser)
    context.add_init_script(
        "if (!sessionStorage.getItem('damaged')) { sessionStorage.setItem('damaged', '1');"
        f" localStorage.setItem('skat.store', {json.dumps(damage)}); }}"
    )
    page = watched_page(context)
    page.goto(url)
    settle(page)
    page.wait_for_selector("[data-notice='damaged']")
    kept = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('skat.damaged.'))"
        ".map(k => localStorage.getItem(k))"
    )
    assert sorted(kept) == sorted(set_aside)
    assert read_store(page)["schema"] == 2
    assert not page.errors
    context.close()


@pytest.mark.parametrize(
    ("part", "damage"),
    [
        ("archive", {"archive": "not a list"}),
        ("settings", {"settings": ["not", "an", "object"]}),
        ("fields", {"notes": "a field this program never writes"}),
        ("fields", {"blob": "x" * (4 * 1024 * 1024)}),
    ],
    ids=["archive", "settings", "unknown-field", "unknown-4mb-field"],
)
def test_an_unreadable_part_of_the_store_is_reported_and_kept_aside_the_rest_kept(
    browser: Any, url: str, part: str, damage: dict[str, Any]
) -> None:
    # issue 51, point 1: these parts were dropped on reload without a word
    context, page = opened_table(browser, url)
    store = read_store(page)
    record = store["current"]["record"]
    page.evaluate("s => localStorage.setItem('skat.store', s)", json.dumps({**store, **damage}))
    page.reload()
    said = shown_notice(page, "damaged")
    settle(page)
    kept = page.evaluate(
        "Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('skat.damaged.'))"
        ".map(k => [k, localStorage.getItem(k)]))"
    )
    assert len(kept) == 1
    key, value = next(iter(kept.items()))
    assert key.endswith("." + part)
    assert key in said
    held = damage if part == "fields" else damage[part]
    assert (value if isinstance(held, str) else json.loads(value)) == held
    after = read_store(page)
    assert sorted(after) == ["archive", "current", "schema", "series", "settings"]
    assert after["current"]["record"] == record  # the deal in progress goes on
    if part != "settings":
        assert FAST.items() <= after["settings"].items()
    assert page.locator("#table").get_attribute("data-phase")
    assert not page.errors
    context.close()


def test_a_damaged_current_deal_is_reported_set_aside_and_a_new_deal_starts(
    browser: Any, url: str
) -> None:
    context, page = opened_table(browser, url)
    store = read_store(page)
    record = store["current"]["record"]
    cards = re.search(r"MV\[w (\S+)", record)
    assert cards is not None
    dealt = cards.group(1).split(".")
    dealt[1] = dealt[0]  # one card twice, another missing: the server refuses the record
    damaged = record.replace(cards.group(1), ".".join(dealt), 1)
    store["current"]["record"] = damaged
    page.evaluate("s => localStorage.setItem('skat.store', s)", json.dumps(store))
    page.reload()
    page.wait_for_selector("[data-notice='damaged']")
    page.wait_for_function("JSON.parse(localStorage.getItem('skat.store')).current?.record")
    settle(page)
    kept = page.evaluate(
        "Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('skat.damaged.'))"
        ".map(k => [k, localStorage.getItem(k)]))"
    )
    assert len(kept) == 1
    key, value = next(iter(kept.items()))
    assert key.endswith(".current")
    assert json.loads(value)["record"] == damaged
    assert read_store(page)["current"]["record"] not in (None, damaged)
    assert page.get_attribute("#table", "data-phase")
    assert not page.errors
    context.close()


def _first_layout(browser: Any, url: str, keys: dict[str, str]) -> tuple[Any, Any]:
    """A profile whose storage holds the first layout's ``keys`` (``skat.v1.*`` → text) on its
    first visit, its page opened on the table: ``(context, page)``."""
    context = browser.new_context(locale="en-GB")
    context.add_init_script(
        "if (!sessionStorage.getItem('v1')) { sessionStorage.setItem('v1', '1');"
        + "".join(
            f" localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in keys.items()
        )
        + " }"
    )
    page = watched_page(context)
    page.goto(url)
    return context, page


def test_the_first_layout_of_the_store_is_migrated(browser: Any, url: str) -> None:
    record = (
        "(;GM[Skat]PC[skat]DN[12]MV[w CA.CQ.C9.SA.SQ.H9.H8.DJ.DK.D8.C8.C7.SK.S8.S7.HA.HK.HQ.DT.D9"
        ".CJ.CK.SJ.ST.S9.HJ.HT.H7.DA.DQ.CT.D7 1 p 2 18 ] ;)"
    )
    v1 = {
        "skat.v1.settings": json.dumps({"lang": "de", "deck": "german", **FAST}),
        "skat.v1.current": json.dumps({"record": record, "human_seat": 0}),
    }
    context, page = _first_layout(browser, url, v1)
    page.wait_for_selector("#table")
    store = read_store(page)
    assert store["schema"] == 2
    assert store["settings"]["lang"] == "de"
    assert store["settings"]["deck"] == "german"
    assert page.evaluate("localStorage.getItem('skat.v1.settings')") is None
    assert page.evaluate("localStorage.getItem('skat.v1.current')") is None
    assert page.get_attribute("html", "lang") == "de"
    # The deal in progress came along: deal 12, forehand (the person) is asked to hold 18.
    settle(page)
    assert store["current"]["record"] == record
    assert page.input_value("[data-deal-number]") == "12"
    assert page.get_attribute("#table", "data-phase") == "bidding"
    context.close()


STORAGE_EVENTS_UNHEARD = (
    # a tab that hears nothing of the other tabs' writes (as one that slept through them): its
    # own next write must find them
    "window.addEventListener('storage', (e) => e.stopImmediatePropagation(), true);"
)


def _one_action(page: Any) -> None:
    """The person's first choice on the table: pass in the auction, else the first card or
    control offered."""
    phase = page.get_attribute("#table", "data-phase")
    if phase == "bidding":
        page.click(".controls [data-action='p']")
    elif phase == "play":
        page.locator("[data-card]:not([disabled])").first.click()
    else:
        page.locator(".controls [data-action]").first.click()


def _sums(page: Any) -> list[int]:
    """The totals on the open score sheet (you, left, right)."""
    return [int((page.text_content(f"[data-sum='{p}']") or "").replace("−", "-")) for p in range(3)]


def _two_tabs(browser: Any, url: str, *, deaf: bool = False) -> tuple[Any, Any, Any]:
    """Two tabs of one fresh profile on the table, B opened after A: ``(context, a, b)``.
    With ``deaf`` B does not hear the storage events of A's writes (an old copy stays shown)."""
    context, a = opened_table(browser, url)
    b = watched_page(context)
    if deaf:
        b.add_init_script(STORAGE_EVENTS_UNHEARD)
    b.goto(url)
    settle(b)
    return context, a, b


def test_a_tab_takes_up_what_another_tab_played_and_says_so(browser: Any, url: str) -> None:
    context, a, b = _two_tabs(browser, url)
    assert read_store(b)["current"] == read_store(a)["current"]
    first = play_out(a)
    a.click("[data-ui='next']")
    settle(a)
    said = shown_notice(b, "other-tab")
    settle(b)
    assert "changed in another tab" in said
    assert "not kept" not in said  # nothing was done in this tab
    # A wrote twice (the finished deal, then the next deal): B's notice can come with the first
    # write, so wait (bounded) for B to take up the second before comparing
    shown = a.input_value("[data-deal-number]")
    b.wait_for_function(
        "n => document.querySelector('[data-deal-number]')?.value === n", arg=shown, timeout=15_000
    )
    settle(b)
    assert b.input_value("[data-deal-number]") == shown
    assert read_store(b)["current"] == read_store(a)["current"]
    assert [d["record"] for d in read_store(b)["series"]["deals"]] == [first]
    shoot(b, "store-other-tab")
    assert not a.errors
    assert not b.errors
    context.close()


def test_a_new_series_seat_draw_is_shown_beside_a_store_notice_left_up(
    browser: Any, url: str
) -> None:
    """A store notice left up is said with a new series' seat draw (before, it hid the draw);
    that another tab changed the game only tells what had happened, so it goes with the draw
    when the first call is made (before, it stayed and was joined to every later notice)."""
    context, a, b = _two_tabs(browser, url)
    before = read_store(a)["current"]["record"]
    a.click(".controls [data-action='p']")
    wait_for_answer(a, before)
    settle(a)
    shown_notice(b, "other-tab")
    settle(b)
    b.click("[data-ui='open-sheet']")
    b.click("[data-ui='new-series']")
    b.click("[data-ui='confirm-yes']")  # the series has a deal waiting: ending it is asked
    b.wait_for_function(
        "() => document.querySelector(\"[data-notice='other-tab']\")?.textContent.includes('drew')"
    )
    phase, to_act = settle(b)
    said = shown_notice(b, "other-tab")
    assert "changed in another tab" in said
    assert said.index("changed in another tab") < said.index("drew")
    shoot(b, "store-other-tab-then-new-series")
    # every seat calls in the auction: the person is asked before anything else happens
    assert (phase, to_act) == ("bidding", b.get_attribute("#table", "data-human"))
    record = read_store(b)["current"]["record"]
    b.click(".controls [data-action='p']")
    wait_for_answer(b, record)
    settle(b)
    assert b.locator("[data-notice]").count() == 0
    b.click("[data-ui='open-sheet']")  # nor does it head the panels
    assert b.locator("[data-notice]").count() == 0
    assert not b.errors
    # tab A takes up B's call (it reloads): closed in the middle of that reload, the browser
    # context could hang, so the test waits for it
    shown_notice(a, "other-tab")
    settle(a)
    assert not a.errors
    context.close()


def test_a_stale_tab_cannot_write_its_old_copy_over_the_newer_game(browser: Any, url: str) -> None:
    # tab A finishes the series deal and starts the next; tab B, never reloaded, plays its old
    # copy of the finished deal: the sheet's row stays A's and A's next deal stays
    context, a, b = _two_tabs(browser, url, deaf=True)
    first = play_out(a)
    a.click("[data-ui='next']")
    settle(a)
    newer = read_store(a)
    assert b.get_attribute("#table", "data-phase") != "result"  # B still shows the old deal
    _one_action(b)
    said = shown_notice(b, "other-tab")
    settle(b)
    assert "what was just done here was not kept" in said
    assert read_store(b) == newer
    assert [d["record"] for d in newer["series"]["deals"]] == [first]
    assert b.input_value("[data-deal-number]") == a.input_value("[data-deal-number]")
    shoot(b, "store-other-tab-refused")
    assert not b.errors
    context.close()


def test_an_old_copy_in_another_tab_takes_no_move_back(browser: Any, url: str) -> None:
    # A passes; B, showing the deal from before the pass, bids instead: B's bid is not kept
    context, a, b = _two_tabs(browser, url, deaf=True)
    assert a.get_attribute("#table", "data-phase") == "bidding"
    before = read_store(a)["current"]["record"]
    a.click(".controls [data-action='p']")
    wait_for_answer(a, before)
    settle(a)
    passed = read_store(a)["current"]["record"]
    sent: list[str] = []
    b.on("request", lambda r: sent.append(r.url) if "/api/act" in r.url else None)
    b.locator(".controls [data-action]:not([data-action='p'])").first.click()
    shown_notice(b, "other-tab")
    settle(b)
    assert sent == []  # not even asked: the other choice's answers are not shown either
    assert read_store(b)["current"]["record"] == passed
    assert b.get_attribute("#table", "data-phase") == a.get_attribute("#table", "data-phase")
    context.close()


def test_a_huge_damaged_store_is_kept_aside_under_the_key_the_notice_names(
    browser: Any, url: str
) -> None:
    # 4.5 million characters: a copy beside the original would not fit in the browser's room
    damaged = "'{' + 'x'.repeat(4499999)"
    context = fresh_context(browser)
    context.add_init_script(
        "if (!sessionStorage.getItem('damaged')) { sessionStorage.setItem('damaged', '1');"
        f" localStorage.setItem('skat.store', {damaged}); }}"
    )
    page = watched_page(context)
    page.goto(url)
    said = shown_notice(page, "damaged")
    settle(page)
    keys = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('skat.damaged.'))")
    assert len(keys) == 1
    assert keys[0] in said
    assert page.evaluate(f"k => localStorage.getItem(k) === {damaged}", keys[0])
    assert read_store(page)["schema"] == 2
    assert not page.errors
    context.close()


def test_unreadable_data_without_room_to_set_it_aside_stays_where_it_was(
    browser: Any, url: str, tmp_path: Path
) -> None:
    context, page = opened_table(browser, url)
    page.evaluate("localStorage.clear()")
    room = page.evaluate(ROOM, "k") + 1  # characters of key and text
    length = room - len("skat.store") - 30  # fits, but not once more under a longer key
    page.evaluate("n => localStorage.setItem('skat.store', '{' + 'x'.repeat(n - 1))", length)
    page.reload()
    said = shown_notice(page, "not-set-aside")
    settle(page)
    assert "no room to keep it aside" in said
    assert "skat.damaged" not in said  # no promise that does not hold
    assert page.evaluate("localStorage.getItem('skat.store').length") == length
    assert page.evaluate("Object.keys(localStorage)") == ["skat.store"]
    shoot(page, "store-not-set-aside")
    with page.expect_download() as info:
        page.click("[data-ui='download-waiting']")
    path = tmp_path / "unreadable.txt"
    info.value.save_as(path)
    text = path.read_text(encoding="utf-8")
    assert len(text) == length
    assert text == "{" + "x" * (length - 1)
    page.click("[data-ui='drop-waiting']")
    page.click("[data-ui='confirm-yes']")
    shown_notice(page, "saved")
    assert read_store(page)["current"]["record"]
    assert not page.errors
    context.close()


def test_stored_settings_that_cannot_be_used_are_set_back_and_named(browser: Any, url: str) -> None:
    # Kontra "maybe" made every new deal fail, a call pace of 10^9 ms animated forever
    bad: dict[str, Any] = {
        "options": {"kontra": "maybe", "spitze": True},
        "callMs": 1e9,
        "trickWait": "never",
        "deck": 7,
        "foo": 1,  # a setting the page does not have
    }
    context = fresh_context(browser, **bad)
    page = watched_page(context)
    page.goto(url)
    shown_notice(page, "settings-reset")
    phase, _ = settle(page)
    assert phase == "bidding"
    # the rule options are checked once the server has named theirs (GET /api/options), so the
    # notice names them a moment after the others: it is read once the table has settled
    said = page.text_content("[data-notice='settings-reset']") or ""
    for named in [
        'Kontra and Re ("maybe")',
        "Pace of the computers' calls (1000000000)",
        'A finished trick stays ("never")',
        "Cards (7)",
        'were left out: "foo" (1)',
    ]:
        assert named in said, said
    settings = read_store(page)["settings"]
    assert "foo" not in settings
    assert settings["options"] == {"spitze": True}  # a good rule stays
    assert (settings["callMs"], settings["trickWait"], settings["deck"]) == (520, "time", "french")
    shoot(page, "store-settings-reset")
    # a notice that asks to be read stays through the person's actions until it is closed; the
    # new series' seat draw said with it goes at the first call
    assert "Seat draw" in said
    before = read_store(page)["current"]["record"]
    page.click(".controls [data-action='p']")
    wait_for_answer(page, before)
    settle(page)
    after = page.text_content("[data-notice='settings-reset']") or ""
    assert 'Kontra and Re ("maybe")' in after, after
    assert "Seat draw" not in after, after
    assert not page.errors
    context.close()


def test_damaged_keys_of_the_first_layout_are_set_aside_and_said(browser: Any, url: str) -> None:
    v1 = {"skat.v1.settings": "{oops", "skat.v1.current": '{"record": 5}'}
    context, page = _first_layout(browser, url, v1)
    said = shown_notice(page, "damaged")
    kept = page.evaluate(
        "Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('skat.damaged.'))"
        ".map(k => [k, localStorage.getItem(k)]))"
    )
    assert sorted(kept.values()) == sorted(v1.values())
    assert all(key in said for key in kept)
    assert sorted(k.rsplit(".", 2)[-2] + "." + k.rsplit(".", 1)[-1] for k in kept) == [
        "v1.current",
        "v1.settings",
    ]
    assert page.evaluate("localStorage.getItem('skat.v1.settings')") is None
    assert page.evaluate("localStorage.getItem('skat.v1.current')") is None
    context.close()


def test_damaged_rows_of_the_sheet_are_kept_marked_and_said(browser: Any, url: str) -> None:
    context, page = opened_table(browser, url)
    play_out(page)
    page.click("[data-ui='next']")
    play_out(page)
    totals = shown_totals(page)
    store = read_store(page)
    deals = store["series"]["deals"]
    lost = [0, 0, 0]  # what the first row adds to each player
    for seat in range(3):
        lost[(seat - deals[0]["human_seat"]) % 3] += deals[0]["list_scores"][seat]
    deals[0]["human_seat"] = 7  # whose scores are whose cannot be known
    deals[1]["record"] = "(;GM[Skat]garbage;)"  # found out when the server is asked
    page.evaluate("s => localStorage.setItem('skat.store', s)", json.dumps(store))
    page.reload()
    said = shown_notice(page, "damaged-rows")
    settle(page)
    assert "no. 1." in said  # the first row, and only it, as the notice names rows
    open_sheet(page)
    first = page.locator("[data-row='0']")
    assert first.get_attribute("data-damaged") == "seat"
    assert "the seats cannot be read — not counted" in (first.text_content() or "")
    assert page.locator("[data-row='1']").get_attribute("data-damaged") is None
    shown = _sums(page)
    assert shown == [t - x for t, x in zip(totals, lost, strict=True)]
    shoot(page, "store-damaged-rows")
    # the garbage record: its review says what is wrong, and the row is marked (and still counts)
    page.click("[data-row='1']")
    said = shown_notice(page, "row-damaged")
    assert "Deal 2 of the score sheet cannot be shown" in said
    assert "the record cannot be read: bad_record" in said
    assert page.locator("[data-row='1']").get_attribute("data-damaged") == "record"
    assert _sums(page) == shown
    shoot(page, "store-row-damaged")
    kept = read_store(page)["series"]["deals"]
    assert len(kept) == 2
    assert kept[0]["human_seat"] == 7
    assert kept[0]["list_scores"] == deals[0]["list_scores"]
    assert kept[1]["damaged"] == "record"
    assert not page.errors
    context.close()
