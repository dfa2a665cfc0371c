"""Around the table, in a real Chromium: Ramsch and Schieberamsch (the pushes, where the skat
went, a Durchmarsch).

Helpers: ``tests/table_helpers.py``; the server and Chromium: the conftest's.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from skat import record as iss
from skat.cards import cards_of_mask, format_card
from skat.ramsch import RamschResult

from table_helpers import (
    SIZES,
    fresh_context,
    pass_on,
    play_out,
    read_store,
    settle,
    shoot,
    shown_bubbles,
    wait_for_answer,
    watched_page,
)

pytestmark = pytest.mark.browser


def test_a_reload_in_a_schieberamsch_shows_the_pushes(browser: Any, url: str) -> None:
    """Deal 1000: all pass, everybody pushes the skat on unseen and the others begin the first
    trick; a reload shows the three pushes again."""
    context, page, phase = _all_pass_on(browser, url, "schieberamsch")
    assert phase == "schieben"
    assert _push_on_unseen(page) == "play"
    before = shown_bubbles(page)
    assert set(before.values()) == {"Pushes the skat on unseen"}, before
    assert len(before) == 3, before
    page.reload()
    settle(page)
    assert shown_bubbles(page) == before
    shoot(page, "schieberamsch-reload")
    context.close()


def _all_pass_on(
    browser: Any, url: str, all_pass: str, number: str = "1000", **context_args: Any
) -> tuple[Any, Any, str]:
    """Deal ``number`` (1000 by default) with ``all_pass`` (Ramsch or Schieberamsch), everybody
    passing in the auction; ``context_args`` go to :func:`fresh_context` (size, locale, player).
    Returns the context, the page and the phase after the auction."""
    context = fresh_context(browser, options={"all_pass": all_pass}, **context_args)
    page = watched_page(context)
    page.goto(url)
    settle(page)
    return context, page, pass_on(page, number)[0]


def _push_on_unseen(page: Any) -> str:
    """The person passes the Schieberamsch skat on without looking; returns the phase after the
    computers' answer."""
    record = read_store(page)["current"]["record"]
    page.click(".controls [data-action='p']")
    wait_for_answer(page, record)
    return settle(page)[0]


def test_a_ramsch_says_so_in_the_header_and_explains_where_the_skat_went(
    browser: Any, url: str
) -> None:
    context, page, phase = _all_pass_on(browser, url, "ramsch")
    assert phase == "play", phase
    assert "Ramsch" in (page.text_content(".info-game[data-contract='R']") or "")
    play_out(page)
    skat_line = page.text_content(".explanation li.ramsch_skat") or ""
    assert re.search(r"The skat's \d+ card points count for ", skat_line), skat_line
    assert not page.errors
    context.close()


def test_schieberamsch_is_named_and_a_jack_says_why_it_cannot_be_pushed(
    browser: Any, url: str
) -> None:
    context, page, phase = _all_pass_on(browser, url, "schieberamsch")
    assert phase == "schieben", phase
    assert "Schieberamsch" in (page.text_content(".info-game[data-contract='R']") or "")
    page.click(".controls [data-action='s']")
    settle(page)
    jacks = page.locator("[data-card$='J']")
    assert jacks.count() >= 1, "deal 1000 gives the person a jack after the pick-up"
    for i in range(jacks.count()):
        jack = jacks.nth(i)
        assert jack.is_disabled()
        assert "unpushable" in (jack.get_attribute("class") or "")
        assert "Jacks may not be pushed on" in (jack.get_attribute("title") or "")
    # push the first two pushable cards, play to the end: the review shows the skat that counted
    for card in page.locator("[data-card]:not([disabled])").all()[:2]:
        card.click()
    page.click(".controls [data-action='push']")
    record = play_out(page)
    state = iss.replay(iss.parse(record))
    faces = page.locator("[data-review-final-skat] [data-face]")
    shown = sorted(faces.nth(i).get_attribute("data-face") or "" for i in range(faces.count()))
    assert state.skat != state.deal.skat.mask
    assert shown == sorted(format_card(c) for c in cards_of_mask(state.skat))
    assert not page.errors
    context.close()


def test_a_skat_pushed_on_unseen_is_named_in_the_result(browser: Any, url: str) -> None:
    context, page, phase = _all_pass_on(browser, url, "schieberamsch")
    assert phase == "schieben", phase
    bar = page.locator(".top-bar").bounding_box()
    phase = _push_on_unseen(page)
    assert phase == "play", phase
    # the pushes' text takes no new row on the bar: the table does not jump
    after = page.locator(".top-bar").bounding_box()
    assert bar is not None
    assert after is not None
    assert after["height"] == bar["height"], (bar, after)
    # while the cards are played the header says how often the skat went on unseen, and the
    # factor that doubling gives, as the record has it
    pushes = iss.replay(iss.parse(read_store(page)["current"]["record"])).pushes
    assert pushes >= 1
    shown = page.text_content(".info-pushes") or ""
    times = {1: "once", 2: "twice", 3: "three times"}[pushes]
    assert shown == f"×{2**pushes}: pushed on {times}", shown
    assert page.get_attribute(".info-pushes", "title") == f"pushed on unseen {times} ×{2**pushes}"
    # the words fit the bar of a 1280 px screen in every language, not cut by an ellipsis
    for lang in ("de", "sv", "zh", "en"):
        page.select_option("[data-ui='lang']", lang)
        page.wait_for_function("l => document.documentElement.lang.startsWith(l)", arg=lang)
        cut = page.evaluate(
            "() => { const e = document.querySelector('.info-pushes');"
            " return e.scrollWidth > e.clientWidth; }"
        )
        assert not cut, (lang, page.text_content(".info-pushes"))
    # the calls of the Schieben say what they were, not an auction's "Pass" or a hidden token
    human = page.get_attribute("#table", "data-human")
    assert page.text_content(f"[data-bubble='{human}']") == "Pushes the skat on unseen"
    said = page.locator("[data-bubble]").all_text_contents()
    assert said
    assert all(
        text in ("Pushes the skat on unseen", "Takes the skat", "Pushes two cards on")
        for text in said
    ), said
    play_out(page)
    lines = page.locator(".explanation li.schieben").all_text_contents()
    assert any(line.startswith("You pushed the skat on unseen: doubled, now ×") for line in lines)
    record = read_store(page)["current"]["record"]
    # a score sheet's notes keep the pushes (a practice deal has no row: the server's result of
    # this deal is given to the sheet's code); its game column says Ramsch, the notes not again
    from skat.server.view import _result_json

    result = _result_json(iss.replay(iss.parse(record)))
    notes = page.evaluate(
        "async r => (await import('/static/js/sheet.js')).markers({result: r})", result
    )
    assert notes[0] == f"pushed.{pushes}", notes
    assert "ramsch" not in notes
    written = page.evaluate(
        "async k => (await import('/static/js/i18n.js')).TABLES.en[k]", f"marker.{notes[0]}"
    )
    assert written == f"pushed on unseen {times} ×{2**pushes}"
    assert not page.errors
    context.close()


@pytest.mark.parametrize("locale", ["en-GB", "de-DE", "zh-CN", "sv-SE"])
def test_the_pushes_take_no_row_of_their_own_on_the_bar(
    browser: Any, url: str, locale: str
) -> None:
    # the bar's height at each screen width is the same before the first push and after it:
    # the pushes' text stands where the bid did, and the table does not jump
    context, page, phase = _all_pass_on(browser, url, "schieberamsch", locale=locale)
    assert phase == "schieben", phase
    widths = (SIZES["desktop"], (1024, 768), SIZES["phone"], SIZES["narrow"])

    def heights() -> list[int]:
        out = []
        for width, height in widths:
            page.set_viewport_size({"width": width, "height": height})
            out.append(page.evaluate("document.querySelector('.top-bar').offsetHeight"))
        page.set_viewport_size(dict(zip(("width", "height"), SIZES["desktop"], strict=True)))
        return out

    before = heights()
    assert _push_on_unseen(page) == "play"
    assert page.locator(".info-pushes").count() == 1
    assert heights() == before, locale
    assert not page.errors
    context.close()


@pytest.mark.parametrize(
    ("locale", "player"),
    [("en-GB", "heuristic"), ("de-DE", "strong"), ("sv-SE", "strong")],
)
def test_a_phones_bubbles_stay_on_the_screen_in_a_schieberamsch(
    browser: Any, url: str, locale: str, player: str
) -> None:
    # the longest calls of the Schieben on a 390 px phone ("Pushes the skat on unseen": the
    # heuristic's; "Schiebt zwei Karten weiter": the strong player's, who takes the skat on deal
    # 1000): wrapped over their plates, no sideways scrolling
    context, page, phase = _all_pass_on(
        browser, url, "schieberamsch", size="phone", locale=locale, player=player
    )
    assert phase == "schieben", phase
    assert _push_on_unseen(page) == "play"
    width = SIZES["phone"][0]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    boxes = [b.bounding_box() for b in page.locator("[data-bubble]").all() if b.is_visible()]
    assert boxes, "the computers' calls are still shown in the first trick"
    for box in boxes:
        assert box is not None
        assert box["x"] >= 0, box
        assert box["x"] + box["width"] <= width, box
    shoot(page, f"phone-schieben-bubbles-{locale}-{player}")
    assert not page.errors
    context.close()


def test_a_durchmarsch_is_headed_as_a_win(browser: Any, url: str) -> None:
    # deal 44 in Schieberamsch: the person (rearhand) pushes the skat on unseen, plays the first
    # playable card each time and takes every trick against the strong computers
    context, page, phase = _all_pass_on(browser, url, "schieberamsch", "44", player="strong")
    assert phase == "schieben", phase
    _push_on_unseen(page)
    result = iss.replay(iss.parse(play_out(page))).result()
    assert isinstance(result, RamschResult)
    assert result.durchmarsch == int(page.get_attribute("#table", "data-human") or -1)
    headline = page.text_content(".result-panel h2") or ""
    assert headline == "Durchmarsch: you took every trick and win.", headline
    assert not page.errors
    context.close()
