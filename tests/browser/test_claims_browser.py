"""Claims at the table, in a real Chromium (rule option ``claims``): the person's claim button
asks first, a false claim is refused with the line that beats it in the person's language, and a
claim that ends the game shows the cards as they were on the result. Driven through the README's
test contract only; screenshots in ``tests/screenshots/``.

Helpers: ``tests/table_helpers.py``; the server and Chromium: the conftest's.
"""

from __future__ import annotations

from typing import Any

import pytest

from skat import record
from skat.cards import parse_card
from skat.claim import settle as settle_claim
from skat.state import Ending

from table_helpers import (
    fresh_context,
    read_store,
    settle,
    shoot,
    type_deal,
    wait_for_answer,
    watched_page,
)

pytestmark = pytest.mark.browser

OWN_CLAIM = "1002"
"""The person (forehand) passes, then defends: his claim at his first card is refused (the
declarer can still win), his second holds and ends the game."""
COMPUTERS_CLAIM = "1001"
"""The person (rearhand) passes, then defends: his four claims are refused, then the declarer, a
computer, claims the rest."""


def _lowest_playable(page: Any) -> str:
    """The playable card of the person that comes first in the core's card numbering (the
    test's choice, so that a deal's course is known beforehand)."""
    cards = page.eval_on_selector_all(
        "[data-card]:not([disabled])", "els => els.map(e => e.dataset.card)"
    )
    return str(min(cards, key=parse_card))


def _claim_through(
    browser: Any, url: str, deal: str, size: str, lang: str
) -> tuple[list[str], str, str]:
    """Plays ``deal`` claiming at every turn of the person in the card play (asked first, then
    yes), and when refused his lowest playable card; returns the refused lines, the record and
    the result's line of card points."""
    context = fresh_context(browser, size=size, lang=lang, options={"claims": True})
    page = watched_page(context)
    page.goto(url)
    settle(page)
    type_deal(page, deal)
    refused: list[str] = []
    shot = False
    for _ in range(60):
        phase, to_act = settle(page)
        if phase == "result":
            break
        before = read_store(page)["current"]["record"]
        if phase == "bidding":
            page.click(".controls [data-action='p']")
        elif phase == "kontra":
            page.click(".controls [data-action='-']")
        else:
            assert phase == "play"
            assert to_act == page.get_attribute("#table", "data-human")
            claim = page.locator(".controls [data-action='CL'], .controls [data-action='CD']")
            if claim.count():
                claim.first.click()
                page.click("[data-ui='confirm-yes']")
                page.wait_for_selector("[data-ui='claim-refused'], [data-claim]", timeout=60_000)
                settle(page)
                banner = page.locator("[data-ui='claim-refused']")
                if not banner.count():
                    continue  # the claim held: the deal is over
                refused.append(banner.get_attribute("data-line") or "")
                if not shot:
                    shoot(page, f"claim-refused-{deal}-{size}-{lang}")
                    shot = True
                assert read_store(page)["current"]["record"] == before  # nothing changed
                assert banner.locator(".mini-card").count() == len(refused[-1].split())
                page.click("[data-ui='close-error']")
            page.click(f"[data-card='{_lowest_playable(page)}']")
        wait_for_answer(page, before)
    else:
        raise AssertionError("the deal did not end")
    page.wait_for_selector("[data-claim]")
    shoot(page, f"claim-result-{deal}-{size}-{lang}")
    assert not page.errors, page.errors
    line = page.get_attribute("[data-result]", "data-record") or ""
    assert page.locator("[data-claim-hand]").count() == 3
    points = page.locator("[data-result] .points-line").text_content() or ""
    context.close()
    return refused, line, points


@pytest.mark.parametrize(
    ("deal", "size", "lang", "refusals", "claim"),
    [
        (OWN_CLAIM, "desktop", "en", 1, "CD"),
        (OWN_CLAIM, "phone", "zh", 1, "CD"),
        (COMPUTERS_CLAIM, "phone", "de", 4, "CL"),
        (COMPUTERS_CLAIM, "desktop", "sv", 4, "CL"),
    ],
)
def test_a_claim_is_refused_with_its_line_then_one_ends_the_deal(
    browser: Any, url: str, deal: str, size: str, lang: str, refusals: int, claim: str
) -> None:
    refused, line, points = _claim_through(browser, url, deal, size, lang)
    assert len(refused) == refusals, refused
    assert all(refused), refused  # each refusal names its line: seat:card tokens
    state = record.read_record(line, claim_check=settle_claim)
    assert state.ending == Ending.CLAIMED
    assert str(state.actions[-1]) == claim  # the person's CD, or the computer declarer's CL
    assert (state.actors[-1] == int(deal) % 3) == (claim == "CD")
    # after the defenders' claim the card points are best play's, with no made-up trick count
    # (the core counts the declarer one trick at least, as Schwarz does not count there)
    best_play = {"en": "with best play from the claim on", "zh": "自摊牌起按双方最佳打法"}
    tricks = {"en": "tricks", "zh": "墩数", "de": "Stiche", "sv": "stick"}
    if claim == "CD":
        assert best_play[lang] in points, points
    assert (tricks[lang] in points) == (claim != "CD"), points


NULL_CLAIMED = (
    "(;GM[Skat]PC[skat]DN[728]RU[claims=1]MV[w CK.C9.SA.SK.SQ.HJ.HQ.H9.H8.H7.CT.C8.C7.S7.HK.DJ."
    "DA.DK.D8.D7.CJ.CA.CQ.S9.S8.HA.HT.DT.DQ.D9.SJ.ST 1 18 0 p 2 p 1 s w SJ.ST 1 N.SJ.HK 0 CD ]"
    "R[d:1 loss v:-46 m:0 bidok p:6 t:1 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0] ;)"
)
"""Deal 728: middlehand's Null, which forehand shows before the first card he cannot lose."""


def test_a_null_ended_by_the_defenders_claim_says_so_without_a_trick_count(
    browser: Any, url: str
) -> None:
    # the core counts the declarer one trick (his Null is lost); the result says why, not "1"
    current = {"record": NULL_CLAIMED, "human_seat": 0, "practice": True}
    store = {"schema": 2, "settings": {}, "current": current, "series": None, "archive": []}
    context = fresh_context(browser, store=store)
    page = watched_page(context)
    page.goto(url)
    assert settle(page)[0] == "result"
    line = page.locator("[data-result] .points-line").text_content() or ""
    assert "could not avoid a trick" in line, line
    assert "Tricks taken" not in line, line
    assert not page.errors, page.errors
    context.close()
