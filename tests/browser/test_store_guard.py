"""What the browser keeps, in a real Chromium: the gaps a break attempt found in issue 31, each
closed by a test here (the sections below).

The helpers are the table tests' (``tests/table_helpers.py``); the server and Chromium are the
conftest's.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from skat.options import Options
from skat.server.game import write_record
from skat.state import State

from table_helpers import (
    FAST,
    ROOM,
    fresh_context,
    jump_to_60_on_1000,
    read_store,
    settle,
    shoot,
    shown_hand,
    shown_notice,
    watched_page,
)

FILL = "([room, key]) => localStorage.setItem(key, 'x'.repeat(eval(room)(key)))"
"""Fills the browser's room to the last character with a text under the key given."""

pytestmark = pytest.mark.browser


def _page(context: Any) -> Any:
    """The table's page that also lists the ``/api/act`` requests it sends (``page.acts``)."""
    page = watched_page(context)
    acts: list[str] = []
    page.on("request", lambda r: acts.append(r.url) if "/api/act" in r.url else None)
    page.acts = acts
    return page


def _shoot(page: Any, name: str) -> None:
    shoot(page, f"store-guard-{name}")


# ---- a move whose answer could not be kept is not sent ----------------------------------------


def _table(page: Any) -> tuple[str, list[str], str]:
    """What the table shows and the store keeps: the phase, the hand, the stored record."""
    return settle(page)[0], shown_hand(page), read_store(page)["current"]["record"]


def _refused_then_made_room(page: Any, act: str, filler: str, shot: str) -> None:
    """With the browser's room filled by data set aside under ``filler``, clicking ``act``
    sends nothing and changes nothing a reload could take back; the notice says so and offers
    to delete that data, and once it is deleted the same click goes through."""
    before = _table(page)
    page.acts.clear()
    page.evaluate(FILL, [ROOM, filler])
    page.click(act)
    said = shown_notice(page, "save-failed")
    assert "Nothing was done" in said, said
    assert "a reload would take it back" in said
    assert f"{filler} (10.5 MB)" in said  # what to delete to make room, with its size
    assert page.acts == []  # not even asked: nothing of its answer was seen
    assert _table(page) == before
    _shoot(page, shot)
    page.click(act)  # once more: still nothing sent
    assert _table(page) == before
    assert page.acts == []
    page.reload()
    assert _table(page) == before  # nothing to take back
    page.click(act)  # the room is still taken: refused again after the reload
    shown_notice(page, "save-failed")
    assert page.acts == []
    page.click("[data-ui='clear-kept']")
    assert f"{filler} (10.5 MB)" in (page.text_content(".confirm") or "")  # asked first
    page.click("[data-ui='confirm-yes']")
    shown_notice(page, "saved")
    _shoot(page, f"{shot}-saved")
    assert page.evaluate("k => localStorage.getItem(k)", filler) is None
    page.click(act)
    page.wait_for_function(
        "r => JSON.parse(localStorage.getItem('skat.store')).current.record !== r", arg=before[2]
    )
    assert len(page.acts) == 1
    after = _table(page)
    assert after != before
    page.acts.clear()
    page.reload()
    assert _table(page) == after  # what was shown is what is kept


def test_no_action_is_sent_while_what_it_brings_could_not_be_saved(browser: Any, url: str) -> None:
    context = fresh_context(browser)
    page = _page(context)
    page.goto(url)
    settle(page)
    jump_to_60_on_1000(page)
    # the skat: picking it up would show its two cards, and a reload could then play Hand
    _refused_then_made_room(
        page, ".controls [data-action='s']", "skat.damaged.2020-01-01T00:00:00.000Z.store", "skat"
    )
    assert _table(page)[0] == "discard"
    assert {"CJ", "HA"} <= set(shown_hand(page))  # the skat's cards
    page.acts.clear()
    page.click("[data-card='CQ']")
    page.click("[data-card='D7']")
    page.click("[data-action='discard']")
    page.wait_for_selector(".declare-dialog")
    page.click("[data-action='declare']")
    phase = settle(page)[0]
    while phase != "play" or page.get_attribute("#table", "data-to-act") != page.get_attribute(
        "#table", "data-human"
    ):
        assert phase in ("kontra", "play"), phase
        if phase == "kontra":
            page.click(".controls [data-action]")
        phase = settle(page)[0]
    # a card: played, the computers' answers would show their cards
    card = page.locator("[data-card]:not([disabled])").first.get_attribute("data-card")
    page.acts.clear()
    _refused_then_made_room(
        page, f"[data-card='{card}']", "skat.damaged.2020-01-02T00:00:00.000Z.current", "card"
    )
    assert card not in shown_hand(page)
    assert not page.errors
    context.close()


def test_the_advice_names_only_what_there_is_to_delete(browser: Any, url: str) -> None:
    # no data set aside and no score sheet: the room is taken by something else of this page
    context = fresh_context(browser)
    page = _page(context)
    page.goto(url)
    before = _table(page)
    assert not read_store(page)["series"]["deals"]
    page.evaluate(FILL, [ROOM, "another.program"])
    page.click(".controls [data-action='p']")
    said = shown_notice(page, "save-failed")
    assert "no set-aside data and no score sheet here to delete" in said, said
    assert "score sheets makes room" not in said
    assert page.locator("[data-ui='clear-kept']").count() == 0
    assert page.acts == []
    assert _table(page) == before
    _shoot(page, "nothing-to-delete")
    assert not page.errors
    context.close()


# ---- damaged rows: every field the totals read ------------------------------------------------


def _row(declarer: Any, scores: list[int], won: Any = True, kind: str = "game") -> dict[str, Any]:
    """A row of the sheet as sheet.js sheetDeal writes it (the person forehand)."""
    return {
        "record": "(;GM[Skat]PC[skat]DN[77]MV[w ...]R[...] ;)",
        "human_seat": 0,
        "deal_number": "77",
        "result": {"kind": kind, "passed": False, "declarer": declarer, "won": won, "score": 24},
        "iss_result": "",
        "list_scores": scores,
        "dealer": 2,
        "finished": "2024-05-01T10:05:00.000Z",
    }


BAD_RESULTS = [
    ("declarer 7", _row(7, [0, 0, 74])),
    ("declarer -1", _row(-1, [0, 74, 0])),
    ("declarer x", _row("x", [74, 0, 0])),
    ("won maybe", _row(1, [0, 74, 0], won="maybe")),
    ("kind unknown", _row(None, [0, 0, 74], kind="solo")),
]


def test_a_row_whose_result_the_totals_cannot_read_is_marked_and_not_counted(
    browser: Any, url: str
) -> None:
    good = _row(0, [74, 0, 0])
    series = {
        "id": "2024-05-01T10:00:00.000Z",
        "started": "2024-05-01T10:00:00.000Z",
        "length": 0,
        "list": "seeger_fabian",
        "draw": None,
        "deals": [good, *(row for _, row in BAD_RESULTS)],
        "closed": False,
    }
    store = {"schema": 2, "settings": FAST, "current": None, "series": series, "archive": []}
    context = fresh_context(browser, store=store)
    page = _page(context)
    page.goto(url)
    said = shown_notice(page, "damaged-rows")
    settle(page)
    assert "no. 2, 3, 4, 5, 6." in said, said
    page.click("[data-ui='open-sheet']")
    page.wait_for_selector("table.sheet")
    for index, (what, _) in enumerate(BAD_RESULTS, 1):
        row = page.locator(f"[data-row='{index}']")
        assert row.get_attribute("data-damaged") == "result", what
        assert "the result cannot be read — not counted" in (row.text_content() or ""), what
    assert page.locator("[data-row='0']").get_attribute("data-damaged") is None
    sums = [page.text_content(f"[data-sum='{p}']") for p in range(3)]
    assert sums == ["74", "0", "0"]  # the good row's, and only its
    assert [page.text_content(f"[data-won='{p}']") for p in range(3)] == ["1", "0", "0"]
    assert [page.text_content(f"[data-lost='{p}']") for p in range(3)] == ["0", "0", "0"]
    _shoot(page, "damaged-result")
    assert len(read_store(page)["series"]["deals"]) == 6  # each row kept as it was
    assert not page.errors
    context.close()


# ---- an import the server refuses ----------------------------------------------------------


def _forged_record() -> tuple[str, str]:
    """A finished deal 77 (the first legal action each time), and the same record with a card
    of forehand's and one of middlehand's swapped: the cards are not deal 77's."""
    state = State.new(77, Options())
    while not state.is_terminal():
        state = state.apply(state.legal_actions()[0])
    line = write_record(state)
    found = re.search(r"MV\[w (\S+)", line)
    assert found is not None
    cards = found.group(1).split(".")
    cards[0], cards[10] = cards[10], cards[0]
    return line, line.replace(found.group(1), ".".join(cards), 1)


@pytest.mark.parametrize("kind", ["json", "iss"])
def test_an_import_the_server_refuses_says_which_deal_and_why(
    browser: Any, url: str, tmp_path: Path, kind: str
) -> None:
    genuine, forged = _forged_record()
    path = tmp_path / f"forged.{kind}"
    if kind == "json":
        rows = [_row(0, [0, 0, 0]) | {"record": genuine}, _row(0, [0, 0, 0]) | {"record": forged}]
        series = {
            "id": "2024-05-01T10:00:00.000Z",
            "started": "2024-05-01T10:00:00.000Z",
            "length": 0,
            "list": "simple",
            "draw": None,
            "deals": rows,
            "closed": False,
        }
        path.write_text(json.dumps({"format": "skat-series", "schema": 2, "series": series}))
    else:
        path.write_text(genuine + "\n" + forged + "\n")
    context = fresh_context(browser, locale="de-DE")
    page = _page(context)
    page.goto(url)
    settle(page)
    before = read_store(page)
    page.click("[data-ui='open-sheet']")
    page.set_input_files("[data-ui='import-file']", str(path))
    said = shown_notice(page, "import-failed")
    # the frame in the person's language, the server's own words on what is wrong
    assert said.startswith("Spiel 2 in der Datei ist nicht lesbar"), said
    assert "DN[77] does not give the cards of the deal" in said
    assert "forehand and middlehand are not deal 77's" in said
    assert "Es wurde nichts importiert." in said
    _shoot(page, f"import-forged-{kind}")
    assert read_store(page)["series"] == before["series"]
    assert read_store(page)["archive"] == before["archive"]
    assert not page.errors
    context.close()


# ---- the language of a notice about unreadable data --------------------------------------------


@pytest.mark.parametrize(
    ("locale", "says"),
    [
        ("de-DE", "Einige gespeicherte Daten waren nicht lesbar"),
        ("sv-SE", "Vissa sparade data gick inte att läsa"),
        ("zh-CN", "部分保存的数据无法读取"),
    ],
)
def test_unreadable_data_is_said_in_the_browsers_language(
    browser: Any, url: str, locale: str, says: str
) -> None:
    # the language chosen in the settings is lost with the store: the browser's is taken
    context = browser.new_context(locale=locale)
    context.add_init_script(
        "if (!sessionStorage.getItem('damaged')) { sessionStorage.setItem('damaged', '1');"
        ' localStorage.setItem(\'skat.store\', \'{"schema": 2, "settings": {"lang": "en"\'); }'
    )
    page = _page(context)
    page.goto(url)
    said = shown_notice(page, "damaged")
    assert said.startswith(says), said
    assert page.get_attribute("html", "lang") == locale[:2]
    assert read_store(page)["settings"]["lang"] == locale[:2]
    if locale == "de-DE":
        _shoot(page, "unreadable-de")
    assert not page.errors
    context.close()


def test_an_action_that_finds_room_again_says_the_game_is_saved(browser: Any, url: str) -> None:
    """Refused for want of room, the same call once room is made outside the table (another
    tab, the browser's tools) goes through, and its own save says so; the notice is not taken
    away with the passing ones."""
    context = fresh_context(browser)
    page = _page(context)
    page.goto(url)
    settle(page)
    filler = "skat.damaged.2020-01-01T00:00:00.000Z.store"
    page.evaluate(FILL, [ROOM, filler])
    act = ".controls [data-action='p']"
    page.click(act)
    shown_notice(page, "save-failed")
    assert page.acts == []
    page.evaluate("k => localStorage.removeItem(k)", filler)
    page.click(act)
    said = shown_notice(page, "saved")
    assert "room again" in said, said
    page.wait_for_function("() => !document.querySelector('#table[data-busy=\"1\"]')")
    assert len(page.acts) == 1
    assert not page.errors, page.errors
    context.close()
