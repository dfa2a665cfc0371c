"""Kontra, Re and Supra said through the real page and scored as the core scores them (issue 51,
point 9): the person says Kontra against a computer's game, the computer declarer answers Re, the
person says Supra; and the person declares, a computer says Kontra, the person Re and the
computer Supra. Each deal is a series deal waiting on the score sheet, played to its end; the
result's explanation and list scores and the sheet's row show the core's figures.

The deals and the person's play: ``tests/server_helpers.py`` (found with the core; each test checks
on the core first that its deal still goes that way). Helpers: ``tests/table_helpers.py``; the
server and Chromium: the conftest's.
"""

from __future__ import annotations

from typing import Any

import pytest

from skat import record as iss
from skat.cards import parse_card
from skat.scoring import KONTRA_CODES, GameResult, list_scores
from skat.series import draw_seats
from skat.server import game

from server_helpers import (
    DECLARING,
    DEFENDING,
    RULES,
    first_card,
    on_core,
    person_declaring,
    person_defending,
)
from table_helpers import (
    FAST,
    choose_contract,
    fresh_context,
    open_sheet,
    read_store,
    settle,
    shoot,
    shown_bubbles,
    watched_page,
)

SERIES_ID = "2026-12-07T09:00:00.000Z"
DRAW = ("D7", "CJ", "HA")
"""The seat draw of the series, the cards drawn by you and the two computers: the second drew the
highest and deals the first deal, which puts him on your left (``skat.series.draw_seats``), as
Left deals deals 1 and 10 with the person in middlehand."""
DRAWN = (parse_card(DRAW[0]), parse_card(DRAW[1]), parse_card(DRAW[2]))


def series_store(record: str, human: int, level: str) -> dict[str, Any]:
    """A fresh browser's store: a series (Seeger-Fabian) whose first deal, ``record`` with the
    person in seat ``human``, waits on the table; the computers of ``level``, Kontra and Supra."""
    waiting = {"record": record, "human_seat": human}
    series = {
        "id": SERIES_ID,
        "started": SERIES_ID,
        "length": 0,
        "list": "seeger_fabian",
        "draw": {"cards": list(DRAW), "positions": list(draw_seats(DRAWN, 0))},
        "deals": [],
        "closed": False,
        "open": waiting,
    }
    current = {**waiting, "practice": False, "series_id": SERIES_ID}
    settings = {**FAST, "player": level, "lang": "en", "options": RULES}
    return {"schema": 2, "settings": settings, "current": current, "series": series, "archive": []}


def click(page: Any, selector: str, timeout: float = 30_000) -> None:
    """Clicks ``selector`` and waits until the server's answer is stored."""
    before = read_store(page)["current"]["record"]
    page.click(selector)
    page.wait_for_function(
        "before => JSON.parse(localStorage.getItem('skat.store')).current?.record !== before",
        arg=before,
        timeout=timeout,
    )


def play_cards(page: Any, timeout: float) -> str:
    """Plays the first playable card in ISS text order until the result; returns its record."""
    for _ in range(12):
        phase, to_act = settle(page, timeout)
        if phase == "result":
            return page.get_attribute("[data-result]", "data-record") or ""
        assert phase == "play"
        assert to_act == page.get_attribute("#table", "data-human")
        enabled = page.eval_on_selector_all(
            "[data-card]:not([disabled])", "els => els.map(e => e.dataset.card)"
        )
        click(page, f"[data-card='{first_card(enabled)}']", timeout)
    raise AssertionError("the deal did not end")


def number_text(text: str | None) -> int:
    """A number as the English page writes it ("+1,152", "−96") as an int."""
    return int((text or "").replace("−", "-").replace(",", "").replace("+", "").strip())


def check_result_and_sheet(page: Any, record: str, human: int, name: str) -> None:
    """The result's Kontra, Re and Supra lines and list scores, and the sheet's row, as the
    core scores ``record``; screenshots of both."""
    state = iss.replay(iss.parse(record))
    result = state.result()
    assert isinstance(result, GameResult)
    assert result.kontra == 3
    assert state.declarer is not None
    steps = {step.code: step.value for step in result.explanation}
    labels = {"kontra": "Kontra ×2", "re": "Re ×4", "supra": "Supra ×8"}
    for code in KONTRA_CODES:
        text = page.text_content(f"ul.explanation li.{code}") or ""
        label, _, value = text.partition(": ")
        assert label == labels[code], text
        assert number_text(value) == steps[code], (text, steps)
    assert steps["supra"] == result.score
    scores = list_scores(result, int(state.declarer), state.options.score_list)
    for seat in range(3):
        shown = page.text_content(f"[data-list-seat='{seat}'] strong")
        assert number_text(shown) == scores[seat], (seat, shown, scores)
    shoot(page, f"{name}-result")
    open_sheet(page)
    page.wait_for_selector("table.sheet [data-row='0']")
    row = "table.sheet [data-row='0']"
    markers = page.eval_on_selector_all(
        f"{row} .col-markers [data-marker]", "els => els.map(e => e.dataset.marker)"
    )
    assert [m for m in markers if m in KONTRA_CODES] == list(KONTRA_CODES), markers
    assert number_text(page.text_content(f"{row} .col-value")) == result.score
    for seat in range(3):
        player = (seat - human) % 3  # 0 the person, 1 left, 2 right
        assert number_text(page.text_content(f"[data-sum='{player}']")) == scores[seat]
    assert (page.text_content(".sheet-draw") or "").endswith("First dealer: Left.")
    shoot(page, f"{name}-sheet")
    deals = read_store(page)["series"]["deals"]
    assert [d["record"] for d in deals] == [record]


def test_the_persons_kontra_is_answered_with_re_and_the_supra_counts_eight_times(
    browser: Any, url: str
) -> None:
    first, end, calls = on_core(DEFENDING, "heuristic", person_defending)
    assert calls == ["K", "R", "SU"]
    human = DEFENDING % 3
    context = fresh_context(browser, store=series_store(first, human, "heuristic"))
    page = watched_page(context)
    page.goto(url)
    phase, _ = settle(page)
    while phase == "bidding":
        click(page, ".controls [data-action='p']")
        phase, _ = settle(page)
    assert (phase, page.get_attribute("#table", "data-to-act")) == ("kontra", str(human))
    # the person is asked first (forehand declares): Kontra, or none
    click(page, ".controls [data-action='K']")
    assert settle(page) == ("kontra", str(human))
    # the declarer answered Re: the bar and his bubble say so, the person may say Supra
    tokens = page.eval_on_selector_all(
        ".controls [data-action]", "els => els.map(e => e.dataset.action)"
    )
    assert tokens[:2] == ["SU", "-"], tokens
    assert page.text_content(".info-kontra") == "Kontra · Re"
    assert "Re" in shown_bubbles(page).values(), shown_bubbles(page)
    shoot(page, "supra-asked")
    click(page, ".controls [data-action='SU']")
    assert settle(page)[0] == "play"
    assert page.text_content(".info-kontra") == "Kontra · Re · Supra"
    record = play_cards(page, 30_000)
    assert record == game.write_record(end)
    check_result_and_sheet(page, record, human, "supra-defending")
    assert not page.errors, page.errors
    context.close()


@pytest.mark.slow
def test_the_persons_re_is_answered_with_supra_by_the_strong_defender(
    browser: Any, url: str
) -> None:
    first, end, calls = on_core(DECLARING, "strong", person_declaring)
    assert calls[-3:] == ["K", "R", "SU"]
    human = DECLARING % 3
    context = fresh_context(browser, store=series_store(first, human, "strong"))
    page = watched_page(context)
    page.goto(url)
    phase, _ = settle(page)
    while phase == "bidding":
        token = next(
            a for a in ("y", "18", "p") if page.locator(f".controls [data-action='{a}']").count()
        )
        click(page, f".controls [data-action='{token}']")
        phase, _ = settle(page)
    assert phase == "skat"
    click(page, ".controls [data-action='s']")
    assert settle(page)[0] == "discard"
    page.click("[data-card='DT']")
    page.click("[data-card='DQ']")
    page.click("[data-action='discard']")
    choose_contract(page, "G")
    click(page, "[data-action='declare']", 120_000)
    assert settle(page, 120_000) == ("kontra", str(human))
    assert page.text_content(".info-kontra") == "Kontra"
    click(page, ".controls [data-action='R']", 120_000)
    settle(page, 240_000)
    assert page.text_content(".info-kontra") == "Kontra · Re · Supra"
    shoot(page, "supra-said")
    record = play_cards(page, 240_000)
    assert record == game.write_record(end)
    check_result_and_sheet(page, record, human, "supra-declaring")
    assert not page.errors, page.errors
    context.close()
