"""Hints and undo in the browser, through the UI only (README "Test contract": ``[data-ui=hint]``,
``[data-ui=hint-box]`` with ``data-hint``, the marked ``[data-hinted]`` control or card,
``[data-ui=undo]``, ``[data-ui=assist-refused]`` with ``data-code``, a sheet row's
``[data-assisted]``, the settings ``select[data-setting=hintsInSeries|undoInSeries]``).

Screenshots at 1280×800 and 390×844 go to ``tests/screenshots/`` (git-ignored).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from table_helpers import SHOTS, open_deal, settings_page

SIZES = ("desktop", "phone")
WAIT = 60_000  # a hint waits for a worker that may be compiling the solver


def _settle(page: Any) -> tuple[str, str, str]:
    page.wait_for_selector("#table[data-busy='0']", timeout=WAIT)
    table = page.locator("#table")
    return (
        table.get_attribute("data-phase") or "",
        table.get_attribute("data-to-act") or "",
        table.get_attribute("data-human") or "",
    )


def _hand(page: Any) -> list[str]:
    cards = page.eval_on_selector_all(".hand [data-card]", "els => els.map(e => e.dataset.card)")
    return [str(c) for c in cards]


def _trick(page: Any) -> list[str]:
    cards = page.eval_on_selector_all(
        "[data-trick-card]", "els => els.map(e => e.dataset.trickCard)"
    )
    return [str(c) for c in cards]


def _pass_or_play(page: Any) -> str:
    """One step of a deal in which the person passes and plays the first playable card; the
    phase after it."""
    phase, to_act, human = _settle(page)
    if phase == "result" or to_act != human:
        return phase
    if phase == "play":
        page.click(".hand [data-card]:not([disabled])")
    elif phase == "discard":
        for card in _hand(page)[-2:]:
            page.click(f".hand [data-card='{card}']")
        page.click("[data-action='discard']")
        page.click("[data-action='declare']")
    elif page.locator(".controls [data-action='p']").count():
        page.click(".controls [data-action='p']")
    else:
        page.click(".controls [data-action]:not([disabled])")
    return _settle(page)[0]


def _to_my_card(page: Any) -> None:
    """Pass in the auction and play on until the person is to play a card (not the first)."""
    for _ in range(60):
        phase, to_act, human = _settle(page)
        if phase == "play" and to_act == human and len(_hand(page)) < 10:
            return
        assert phase != "result", "the deal ended before the person's second card"
        _pass_or_play(page)
    raise AssertionError("the person never came to play a card")


def _shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"hint-{name}.png"))


def _ask_hint(page: Any) -> str:
    page.click("[data-ui='hint']")
    page.wait_for_selector("[data-ui='hint-box'], [data-ui='assist-refused']", timeout=WAIT)
    return str(page.get_attribute("[data-ui='hint-box']", "data-hint"))


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_hint_followed_is_the_call_and_the_card_then_played(
    seeded_page: Any, server: Any, size: str
) -> None:
    page = settings_page(seeded_page, size)
    open_deal(page, server.url, 1)  # seat 1: middlehand, the first to call
    phase, to_act, human = _settle(page)
    assert (phase, to_act) == ("bidding", human)
    token = _ask_hint(page)
    marked = page.locator("[data-hinted='1']")
    assert marked.count() == 1
    assert marked.get_attribute("data-action") == token  # the suggested call is the one marked
    _shoot(page, f"bid-{size}")
    marked.click()
    _settle(page)
    assert page.locator("[data-ui='hint-box']").count() == 0
    _to_my_card(page)
    token = _ask_hint(page)
    card = page.locator(f".hand [data-card='{token}']")
    assert card.get_attribute("data-hinted") == "1"
    assert card.is_enabled()  # a legal card
    _shoot(page, f"card-{size}")
    card.click()
    _settle(page)
    assert token not in _hand(page)
    assert page.errors == []


def test_undo_takes_back_the_last_card_and_the_answers_after_it(
    seeded_page: Any, server: Any
) -> None:
    page = settings_page(seeded_page, "desktop")
    open_deal(page, server.url, 7)
    _to_my_card(page)
    hand, trick = _hand(page), _trick(page)
    page.click(".hand [data-card]:not([disabled])")
    _settle(page)
    assert _hand(page) != hand
    page.click("[data-ui='undo']")
    phase, to_act, human = _settle(page)
    assert (phase, to_act) == ("play", human)
    assert _hand(page) == hand
    assert _trick(page) == trick
    _shoot(page, "undone-desktop")
    assert page.errors == []


def test_undo_with_nothing_to_take_back_is_refused_and_changes_nothing(
    seeded_page: Any, server: Any
) -> None:
    page = settings_page(seeded_page, "desktop")
    open_deal(page, server.url, 1)
    hand = _hand(page)
    page.click("[data-ui='undo']")
    page.wait_for_selector("[data-ui='assist-refused'][data-code='nothing_to_undo']")
    assert _settle(page)[0] == "bidding"
    assert _hand(page) == hand


def test_a_series_deal_shows_hint_and_undo_only_with_their_settings_on(
    seeded_page: Any, server: Any
) -> None:
    """Off (the default) a deal of the series shows neither button, nor do their keys ask (the
    server would refuse: ``hints_off``, ``undo_off``); each setting turned on shows its own."""
    page = settings_page(seeded_page, "phone")
    page.goto(server.url)  # the first deal of a new series
    for _ in range(5):
        phase, to_act, human = _settle(page)
        if to_act == human and phase != "result":
            break
    assert page.locator(".controls [data-action]").count() > 0  # the person's turn
    assert page.locator("[data-ui='hint'], [data-ui='undo']").count() == 0
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/hint" in r.url else None)
    page.locator("body").press("?")
    page.wait_for_timeout(300)
    assert asked == []
    _shoot(page, "series-off-phone")
    page.click("[data-ui='open-settings']")
    page.select_option("select[data-setting='hintsInSeries']", "on")
    page.click("[data-ui='close-panel']")
    assert page.locator("[data-ui='hint']").count() == 1
    assert page.locator("[data-ui='undo']").count() == 0
    page.click("[data-ui='open-settings']")
    page.select_option("select[data-setting='undoInSeries']", "on")
    page.click("[data-ui='close-panel']")
    assert page.locator("[data-ui='undo']").count() == 1
    assert page.errors == []


def test_a_series_deal_with_a_hint_is_marked_on_its_sheet_row(
    seeded_page: Any, server: Any
) -> None:
    page = settings_page(seeded_page, "desktop")
    page.goto(server.url)
    page.click("[data-ui='open-settings']")
    page.select_option("select[data-setting='hintsInSeries']", "on")
    page.click("[data-ui='close-panel']")
    phase, to_act, human = _settle(page)
    while to_act != human or phase == "result":
        phase, to_act, human = _settle(page)
    token = _ask_hint(page)
    assert token
    for _ in range(80):
        if _pass_or_play(page) == "result":
            break
    page.click("[data-ui='open-sheet']")
    mark = page.wait_for_selector("[data-row='0'] .col-markers [data-assisted='hint']")
    assert mark.inner_text() == "hint"
    _shoot(page, "sheet-desktop")
    assert page.errors == []


def test_a_card_hint_played_for_a_slip_says_so_in_words(seeded_page: Any, server: Any) -> None:
    """The hint's sentence for a card chosen for the other side's slip (``reason.slip``): the
    server's real answer with that field set, so only the words are the client's."""
    page = settings_page(seeded_page, "desktop")
    open_deal(page, server.url, 4)  # passing, the person defends
    _to_my_card(page)

    kinds: list[str] = []

    def slip(route: Any) -> None:  # fulfils every request; the checks come after the answer
        answer = route.fetch()
        body = answer.json()
        kinds.append(body["hint"]["kind"])
        body["hint"]["reason"].update(share=0.0, best_other=0.0, next_level=True, slip=True)
        route.fulfill(response=answer, json=body)

    page.route("**/api/hint", slip)
    _ask_hint(page)
    assert kinds == ["card"]
    text = page.locator("[data-ui='hint-box']").inner_text()
    assert "this card plays to stay out of Schneider" in text  # share 0: the losing side
    assert "one slip by the other side could still turn it" in text
    _shoot(page, "card-slip-desktop")
    assert page.errors == []


def test_a_hint_the_server_does_not_answer_says_so_in_the_tables_words(
    seeded_page: Any, server: Any
) -> None:
    """No answer to a hint (the server stopped): the refusal says the server cannot be reached,
    as the table says it elsewhere, not a bare code."""
    page = settings_page(seeded_page, "desktop")
    open_deal(page, server.url, 4)
    _to_my_card(page)
    page.route("**/api/hint", lambda route: route.abort())
    page.click("[data-ui='hint']")
    refused = page.locator("[data-ui='assist-refused']")
    refused.wait_for(timeout=WAIT)
    assert refused.get_attribute("data-code") == "network"
    assert (
        refused.inner_text()
        == "The server cannot be reached. Your deal is kept; try again when it runs."
    )
    _shoot(page, "refused-network-desktop")
    assert page.errors == []


def test_a_chinese_hint_writes_its_sentences_without_a_space_between(
    seeded_page: Any, server: Any
) -> None:
    """Chinese sentences end in a full-width stop and follow one another with no space."""
    page = settings_page(seeded_page, "desktop", lang="zh")
    open_deal(page, server.url, 4)
    _to_my_card(page)
    _ask_hint(page)
    text = page.locator("[data-ui='hint-box']").inner_text()
    assert text.startswith("提示：")
    assert text.count("。") >= 3  # the card, its share, the best other card's
    assert "。 " not in text
    _shoot(page, "card-zh-desktop")
    assert page.errors == []


@pytest.mark.parametrize(
    ("lang", "written"),
    [("en", r"\d%"), ("de", r"\d\u00a0%"), ("sv", r"\d\u00a0%"), ("zh", r"\d%")],
)
def test_a_hints_percentages_are_written_as_its_language_writes_them(
    seeded_page: Any, server: Any, lang: str, written: str
) -> None:
    """German and Swedish put a no-break space before the percent sign; English and Chinese none."""
    page = settings_page(seeded_page, "desktop", lang=lang)
    open_deal(page, server.url, 4)
    _to_my_card(page)
    _ask_hint(page)
    text = page.locator("[data-ui='hint-box']").inner_text()
    assert "%" in text
    for found in re.finditer(r"\S*\s?%", text):
        assert re.fullmatch(r".*" + written, found.group()), (lang, found.group(), text)
    _shoot(page, f"percent-{lang}-desktop")
    assert page.errors == []
