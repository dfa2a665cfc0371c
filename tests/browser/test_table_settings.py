"""Around the table, in a real Chromium: the languages, the card decks, the menu's panels and
the settings (rule options, the deal number typed in).

Helpers: ``tests/table_helpers.py``; the server and Chromium: the conftest's.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from table_helpers import (
    LANGUAGES,
    SIZES,
    fresh_context,
    open_sheet,
    opened_table,
    pass_on,
    play_out,
    read_store,
    settle,
    shoot,
    wait_for_answer,
    watched_page,
)

pytestmark = pytest.mark.browser


DECKS = ["french", "german", "fourcolour"]


def test_a_change_of_language_says_the_table_again_in_the_new_one(browser: Any, url: str) -> None:
    # the live region's last words were in the old language; a screen reader hears the
    # person's turn again in the new one
    context = fresh_context(browser, options={"kontra": "on"})
    page = watched_page(context)
    page.goto(url)
    settle(page)
    assert pass_on(page, "4243")[0] == "kontra"
    for lang in ("sv", "de"):
        page.select_option("[data-ui='lang']", lang)
        page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
        expected = page.evaluate(
            "async l => (await import('/static/js/i18n.js')).TABLES[l]['announce.yourTurn']", lang
        )
        assert (page.text_content("#announce") or "").strip() == expected, lang
    assert not page.errors
    context.close()


def test_back_closes_the_open_panel_and_then_leaves(browser: Any, url: str) -> None:
    """The browser's Back closes a panel (as Escape does) instead of leaving the game; with the
    panel closed on the page, Back leaves it."""
    context = fresh_context(browser)
    page = watched_page(context)
    page.goto("data:text/html,<p>before</p>")
    page.goto(url)
    settle(page)
    record = read_store(page)["current"]["record"]
    open_sheet(page)
    page.wait_for_selector("[data-panel='sheet']")
    page.go_back()
    page.wait_for_selector("[data-panel='sheet']", state="detached")
    assert page.url.startswith(url)
    assert read_store(page)["current"]["record"] == record
    page.click("[data-ui='open-settings']")
    page.click("[data-ui='close-panel']")
    page.go_back()
    page.wait_for_url("data:**")
    assert "before" in (page.text_content("body") or "")
    context.close()


def _click_at(page: Any, selector: str) -> None:
    """A mouse click at the middle of ``selector``'s box, whatever lies over it."""
    box = page.locator(selector).bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_one_click_on_another_menu_button_switches_the_panel(browser: Any, url: str) -> None:
    """With a panel open the menu lies under its overlay: a click on another menu button opens
    that panel at once, a click on the open panel's own button or beside the panel closes it.
    (On a phone the panel covers the menu; there it has its Close button.)"""
    context, page = opened_table(browser, url)
    page.click("[data-ui='open-settings']")
    page.wait_for_selector("[data-panel='settings']")
    _click_at(page, "[data-ui='open-help']")
    page.wait_for_selector("[data-panel='help']")
    _click_at(page, "[data-ui='open-sheet']")
    page.wait_for_selector("[data-panel='sheet']")
    assert page.locator("[data-panel]").count() == 1
    _click_at(page, "[data-ui='open-sheet']")
    page.wait_for_selector("[data-panel]", state="detached")
    page.click("[data-ui='open-help']")
    page.wait_for_selector("[data-panel='help']")
    page.mouse.click(5, page.viewport_size["height"] - 5)  # beside the panel
    page.wait_for_selector("[data-panel]", state="detached")
    context.close()


def test_a_review_answered_after_back_closed_the_sheet_stays_closed(browser: Any, url: str) -> None:
    context, page = opened_table(browser, url)
    play_out(page)
    open_sheet(page)
    held: list[Any] = []
    page.route("**/api/view", lambda route: held.append(route))  # the review's answer waits
    page.click("[data-row='0']")
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1
    page.go_back()
    page.wait_for_selector("[data-panel='sheet']", state="detached")
    page.unroute("**/api/view")  # lets the held request go on
    page.wait_for_timeout(500)
    assert page.locator("[data-review]").count() == 0
    assert page.url.startswith(url)
    context.close()


def test_the_rule_options_go_into_the_next_deals_record(browser: Any, url: str) -> None:
    context, page = opened_table(browser, url)
    page.click("[data-ui='open-settings']")
    page.select_option("[data-setting='rule.kontra']", "on")
    page.select_option("[data-setting='rule.all_pass']", "ramsch")
    page.click("[data-ui='close-panel']")
    page.fill("[data-deal-number]", "77")
    page.press("[data-deal-number]", "Enter")
    settle(page)
    current = read_store(page)["current"]["record"]
    assert re.search(r"RU\[[^\]]*all_pass=ramsch", current), current
    assert re.search(r"RU\[[^\]]*kontra=on", current), current
    context.close()


def test_a_rule_that_cannot_take_effect_is_idle_and_stays_out_of_the_record(
    browser: Any, url: str
) -> None:
    context, page = opened_table(browser, url)
    page.click("[data-ui='open-settings']")
    supra = "[data-setting='rule.supra']"
    assert page.is_disabled(supra)
    assert page.get_attribute(supra, "title") == "only with Kontra"
    for key in ("durchmarsch", "ramsch_skat"):
        assert page.is_disabled(f"[data-setting='rule.{key}']")
    page.select_option("[data-setting='rule.kontra']", "on")
    assert page.is_enabled(supra)
    page.select_option(supra, "true")
    page.select_option("[data-setting='rule.kontra']", "off")
    assert page.is_disabled(supra)
    shoot(page, "settings-idle-rules")
    page.click("[data-ui='close-panel']")
    page.fill("[data-deal-number]", "77")
    page.press("[data-deal-number]", "Enter")
    settle(page)
    assert "supra" not in read_store(page)["current"]["record"]
    # the choice itself is kept: with Kontra again, Supra is on and goes into the record
    page.click("[data-ui='open-settings']")
    page.select_option("[data-setting='rule.kontra']", "on")
    assert page.is_enabled(supra)
    assert page.eval_on_selector(supra, "el => el.value") == "true"
    page.click("[data-ui='close-panel']")
    page.fill("[data-deal-number]", "78")
    page.press("[data-deal-number]", "Enter")
    settle(page)
    assert re.search(r"RU\[[^\]]*supra=1", read_store(page)["current"]["record"])
    context.close()


@pytest.mark.parametrize(("locale", "lang"), [("de-DE", "de"), ("zh-CN", "zh"), ("sv-SE", "sv")])
def test_the_first_visit_takes_the_browsers_language(
    browser: Any, url: str, locale: str, lang: str
) -> None:
    context = browser.new_context(locale=locale)
    page = watched_page(context)
    page.goto(url)
    page.wait_for_selector("#table")
    assert page.get_attribute("html", "lang") == lang
    context.close()


def test_each_language_and_deck_switches_mid_deal_without_losing_it(browser: Any, url: str) -> None:
    for size in SIZES:
        context = fresh_context(browser, size)
        page = watched_page(context)
        page.goto(url)
        settle(page)
        # Deal 4243: the person passes, a computer plays, and the person is to follow a trick.
        page.fill("[data-deal-number]", "4243")
        page.press("[data-deal-number]", "Enter")
        settle(page)
        while page.get_attribute("#table", "data-phase") == "bidding":
            before = read_store(page)["current"]["record"]
            page.click(".controls [data-action='p']")
            wait_for_answer(page, before)
            settle(page)
        phase, _ = settle(page)
        assert phase == "play"
        record = read_store(page)["current"]["record"]
        first = page.text_content("[data-card] .sr-only")
        labels = set()
        for lang in LANGUAGES:
            for deck in DECKS:
                page.click("[data-ui='open-settings']")
                page.select_option("[data-setting='lang']", lang)
                page.select_option("[data-setting='deck']", deck)
                page.click("[data-ui='close-panel']")
                assert page.get_attribute("html", "lang") == lang
                assert read_store(page)["current"]["record"] == record
                assert page.get_attribute("#table", "data-phase") == phase
                label = page.text_content("[data-card] .sr-only") or ""
                labels.add(label)
                shoot(page, f"{lang}-{deck}-{size}")
        assert len(labels) >= 6, labels
        assert first in labels
        assert not page.errors
        context.close()


def test_the_rules_help_has_four_numbered_sections_in_every_language(
    browser: Any, url: str
) -> None:
    for lang in LANGUAGES:
        for size in SIZES:
            context = fresh_context(browser, size, lang=lang)
            page = watched_page(context)
            page.goto(url)
            settle(page)
            page.click("[data-ui='open-help']")
            assert page.locator(".help-section").count() == 4
            assert page.locator(".example").count() == 3
            shoot(page, f"help-{lang}-{size}")
            page.click("[data-ui='close-panel']")
            for panel in ("settings", "sheet"):
                page.click(f"[data-ui='open-{panel}']")
                shoot(page, f"{panel}-{lang}-{size}")
                page.click("[data-ui='close-panel']")
            context.close()


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("abc", "„abc“ ist keine Spielnummer"),
        ("-5", "„-5“ ist keine Spielnummer"),
        ("1e3", "einen Bindestrich und deinen Platz (0 Vorhand, 1 Mittelhand, 2 Hinterhand)"),
        ("18446744073709551616", "ganze Zahl von 0 bis 18446744073709551615"),
        ("77-3", "„77-3“: Nach dem Bindestrich kommt dein Platz, 0 (Vorhand)"),
    ],
)
def test_a_typed_text_that_is_no_deal_number_is_explained_and_kept(
    browser: Any, url: str, typed: str, said: str
) -> None:
    # what is wrong is the server's (skat.deal.parse_seated_number), said in the person's words
    context = fresh_context(browser, lang="de")
    page = watched_page(context)
    page.goto(url)
    settle(page)
    before = read_store(page)["current"]
    page.fill("[data-deal-number]", typed)
    page.press("[data-deal-number]", "Enter")
    banner = page.wait_for_selector("[data-notice='bad-number']")
    text = banner.text_content() or ""
    assert said in text, text
    assert "not a" not in text
    assert page.input_value("[data-deal-number]") == typed
    assert read_store(page)["current"] == before
    page.fill("[data-deal-number]", "  77 ")
    page.press("[data-deal-number]", "Enter")
    page.wait_for_function("document.querySelector('[data-deal-number]').value === '77'")
    assert page.locator("[data-notice='bad-number']").count() == 0
    assert not page.errors
    context.close()


def test_a_notice_follows_the_language_and_the_settings_name_the_servers_level(
    browser: Any, url: str
) -> None:
    context, page = opened_table(browser, url)
    english = page.text_content("[data-notice='draw']") or ""
    assert english
    page.select_option("[data-ui='lang']", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    german = page.text_content("[data-notice='draw']") or ""
    assert german
    assert german != english
    page.click("[data-ui='open-settings']")
    label = page.text_content("[data-setting='player'] option[value='auto']") or ""
    assert label == "wie am Server eingestellt (schnell)", label
    context.close()
