"""Around the table, in a real Chromium: the score sheet of a series and the series' deals.

Totals on the sheet are checked against the core: each stored record is replayed and scored
with :func:`skat.scoring.list_scores` / :func:`skat.ramsch.ramsch_list_scores`.

Helpers: ``tests/table_helpers.py``; the server and Chromium: the conftest's.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from skat import record as iss
from skat.options import Options
from skat.ramsch import RamschResult, ramsch_list_scores, score_ramsch
from skat.scoring import GameResult, list_scores

from table_helpers import (
    SHOTS,
    SIZES,
    fresh_context,
    open_sheet,
    opened_table,
    play_out,
    read_store,
    settle,
    shoot,
    shown_hand,
    shown_notice,
    shown_totals,
    type_deal,
    watched_page,
)

pytestmark = pytest.mark.browser


def _core_scores(line: str) -> tuple[int, int, int]:
    """The list scores by seat that the core computes for one record."""
    state = iss.replay(iss.parse(line))
    res = state.result()
    if isinstance(res, GameResult):
        assert state.declarer is not None
        return list_scores(res, int(state.declarer), state.options.score_list)
    if isinstance(res, RamschResult):
        return ramsch_list_scores(res, state.options.score_list)
    return (0, 0, 0)


def _core_totals(deals: list[dict[str, Any]]) -> list[int]:
    """Running totals by player (0 you, 1 left, 2 right) from the records, by the core."""
    totals = [0, 0, 0]
    for deal in deals:
        scores = _core_scores(deal["record"])
        for seat in range(3):
            totals[(seat - deal["human_seat"]) % 3] += scores[seat]
    return totals


def test_a_three_deal_seeger_fabian_series_totals_the_cores_list_scores_across_a_reload(
    browser: Any, url: str
) -> None:
    context = fresh_context(browser, seriesLength=3)
    page = watched_page(context)
    page.goto(url)
    records = []
    for deal in range(3):
        if deal:
            page.click("[data-ui='next']")
        records.append(play_out(page))
        if deal == 0:
            # A reload between deals and one in the middle of the next deal lose nothing.
            page.reload()
            settle(page)
    store = read_store(page)
    series = store["series"]
    assert series["list"] == "seeger_fabian"
    assert [d["record"] for d in series["deals"]] == records
    assert shown_totals(page) == _core_totals(series["deals"])
    # The dealer passes on clockwise: you, left, right are 0, 1, 2 in play order.
    first = series["deals"][0]
    dealers = [(2 - d["human_seat"]) % 3 for d in series["deals"]]
    assert dealers == [(dealers[0] + k) % 3 for k in range(3)], first
    assert page.locator(".sheet-complete").count() == 0
    open_sheet(page)
    assert page.locator(".sheet-complete").count() == 1
    assert page.locator("[data-won]").count() == 3
    shoot(page, "sheet-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    shoot(page, "sheet-phone")
    page.set_viewport_size({"width": 1280, "height": 800})
    # A row opens that deal's review, which offers a replay (not written on the sheet).
    page.click("[data-row='1']")
    page.wait_for_selector("[data-review='1'] [data-ui='replay-row']")
    shoot(page, "sheet-review-desktop")
    page.click("[data-ui='replay-row']")
    play_out(page)
    assert len(read_store(page)["series"]["deals"]) == 3
    assert page.locator(".series-line").text_content() is not None
    # The next deal starts a new series with a new seat draw; the finished one is kept.
    page.click("[data-ui='next']")
    settle(page)
    store = read_store(page)
    assert store["series"]["deals"] == []
    assert store["series"]["id"] != series["id"]
    assert [x["id"] for x in store["archive"]] == [series["id"]]
    open_sheet(page)
    assert "(1)" in (page.text_content(".archive summary") or "")
    context.close()


def test_a_reload_in_the_middle_of_a_deal_keeps_the_deal_and_the_sheet(
    browser: Any, url: str
) -> None:
    context, page = opened_table(browser, url)
    play_out(page)
    page.click("[data-ui='next']")
    phase, _ = settle(page)
    before = read_store(page)
    page.reload()
    settle(page)
    after = read_store(page)
    assert after["current"] == before["current"]
    assert after["series"]["deals"] == before["series"]["deals"]
    assert page.get_attribute("#table", "data-phase") == phase
    context.close()


def test_the_result_names_the_players_in_the_sheets_order(browser: Any, url: str) -> None:
    # deal 4243: the person sits in middlehand and a computer plays Clubs; the result's list
    # line reads You, Left, Right as the sheet's columns do, not from forehand on
    context, page = opened_table(browser, url)
    type_deal(page, "4243")
    play_out(page)
    human = int(page.get_attribute("#table", "data-human") or 0)
    assert human == 1
    seats = page.eval_on_selector_all(
        ".score-line .list-score", "els => els.map(e => Number(e.dataset.listSeat))"
    )
    assert seats == [human, (human + 1) % 3, (human + 2) % 3]
    names = [t.split()[0] for t in page.locator(".score-line .list-score").all_text_contents()]
    assert names == ["You", "Left", "Right"], names
    context.close()


def test_the_sheet_on_a_phone_shows_the_notes_under_the_game(
    browser: Any, url: str, tmp_path: Path
) -> None:
    # on a phone the notes column is hidden; the notes (here the person's Kontra) stand under
    # the game instead, once, and the desktop shows them in their column only. Deal 4243: the
    # person (middlehand) defends a computer's Clubs and says Kontra; the deal goes on a sheet
    # by an import of its record (a typed deal is practice and has no row)
    context = fresh_context(browser, size="phone", options={"kontra": "on"})
    page = watched_page(context)
    page.goto(url)
    settle(page)
    type_deal(page, "4243")
    play_out(page, kontra=True)
    line = read_store(page)["current"]["record"]
    assert " 1 K " in line, line
    names = "P0[right]P1[you]P2[left]"  # the person in middlehand, as the export names seats
    path = tmp_path / "kontra.sgf"
    path.write_text(line.replace("MV[", names + "MV[", 1) + "\n", encoding="utf-8")
    page.click("[data-ui='open-sheet']")
    page.set_input_files("[data-ui='import-file']", str(path))
    page.click("[data-ui='confirm-yes']")
    page.wait_for_selector("[data-notice='imported']")
    inline = page.locator("table.sheet .col-game .markers-inline .marker-kontra")
    assert inline.count() == 1
    assert inline.is_visible()
    assert not page.locator("table.sheet td.col-markers").first.is_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "table-sheet-notes-phone.png"))
    page.set_viewport_size(dict(zip(("width", "height"), SIZES["desktop"], strict=True)))
    assert not inline.is_visible()
    assert page.locator("table.sheet td.col-markers .marker-kontra").is_visible()
    assert not page.errors
    context.close()


def test_counts_are_written_in_the_singular_for_one(browser: Any, url: str) -> None:
    context, page = opened_table(browser, url)
    play_out(page)
    line = page.text_content(".series-line") or ""
    assert line.startswith("1 deal — "), line
    counts = page.evaluate(
        """async () => {
          const i18n = await import("/static/js/i18n.js");
          const out = {};
          for (const code of ["en", "de", "zh", "sv"]) {
            i18n.setLanguage(code);
            out[code] = [1, 2].map((n) => i18n.tn("sheet.progressOpen", n));
            out[code].push(i18n.tn("import.done", 1));
          }
          i18n.setLanguage("en");
          return out;
        }"""
    )
    assert counts == {
        "en": ["1 deal", "2 deals", "Imported a series of 1 deal."],
        "de": ["1 Spiel", "2 Spiele", "Eine Serie mit 1 Spiel wurde importiert."],
        "zh": ["1局", "2局", "已导入一个1局的系列。"],
        "sv": ["1 giv", "2 givar", "En serie med 1 giv har importerats."],
    }
    assert not page.errors
    context.close()


def test_clearing_the_sheets_asks_first(browser: Any, url: str) -> None:
    context, page = opened_table(browser, url)
    play_out(page)
    open_sheet(page)
    page.click("[data-ui='clear']")
    page.click("[data-ui='confirm-no']")
    assert len(read_store(page)["series"]["deals"]) == 1
    page.click("[data-ui='clear']")
    page.click("[data-ui='confirm-yes']")
    assert read_store(page)["series"] is None
    assert "goes on as a practice deal" not in shown_notice(page, "cleared")  # none on the table
    context.close()


def test_a_series_deal_on_the_table_goes_on_as_practice_when_the_sheets_are_cleared(
    browser: Any, url: str
) -> None:
    # its series is gone: played out, it would be written nowhere; the notice says so
    context, page = opened_table(browser, url)
    assert read_store(page)["series"]["open"]  # the first deal of the series is on the table
    open_sheet(page)
    page.click("[data-ui='clear']")
    page.click("[data-ui='confirm-yes']")
    said = shown_notice(page, "cleared")
    assert "belonged to the cleared series: it goes on as a practice deal" in said, said
    current = read_store(page)["current"]
    assert current["practice"] is True
    assert current.get("series_id") is None
    page.click("[data-ui='close-panel']")
    play_out(page)
    assert read_store(page)["series"] is None
    assert not page.errors, page.errors
    context.close()


def _every_trick(*, durchmarsch: bool) -> dict[str, Any]:
    """The result JSON (as ``/api`` sends it) of a Ramsch in which seat 1 takes every trick."""
    core = score_ramsch((0, 100, 0), (0, 10, 0), 20, 1, options=Options(durchmarsch=durchmarsch))
    result = core.to_json()
    result.update(kind="ramsch", passed=False, steps=result.pop("explanation"))
    return result


@pytest.mark.parametrize(
    ("result", "expected"),
    [
        ({"kind": "passed", "passed": True}, ["passed"]),
        ({"kind": "game", "levels": ["game", "hand"], "kontra": 0}, ["hand"]),
        # announced: named as such, so that a missed announcement does not read as schneidered
        (
            {"kind": "game", "levels": ["game", "hand", "schneider", "schneider_announced"]},
            ["hand", "schneider_announced"],
        ),
        (
            {
                "kind": "game",
                "levels": ["game", "hand", "schneider", "schneider_announced", "schwarz"],
            },
            ["hand", "schwarz", "schneider_announced"],
        ),
        (
            {
                "kind": "game",
                "levels": [
                    "game",
                    "hand",
                    "schneider",
                    "schneider_announced",
                    "schwarz",
                    "schwarz_announced",
                ],
            },
            ["hand", "schwarz_announced"],
        ),
        ({"kind": "game", "levels": ["game", "schneider"], "kontra": 1}, ["schneider", "kontra"]),
        (
            {"kind": "game", "levels": ["game", "schneider", "schwarz"], "kontra": 2},
            ["schwarz", "kontra", "re"],
        ),
        (
            {"kind": "game", "levels": ["game"], "kontra": 3, "overbid": True},
            ["kontra", "re", "supra", "overbid"],
        ),
        (
            {
                "kind": "ramsch",
                "jungfrau": [1],
                "durchmarsch": None,
                "steps": [{"code": "ramsch_points", "value": 61}, {"code": "jungfrau", "value": 2}],
            },
            ["jungfrau"],
        ),
        # a seat taking every trick, the core's result as the server sends it: with the rule on
        # a won Durchmarsch (the others have no trick, but no Jungfrau doubles it), with it off
        # the most points and two Jungfrauen (-480), each doubling
        (_every_trick(durchmarsch=True), ["durchmarsch"]),
        (_every_trick(durchmarsch=False), ["jungfrau.2"]),
        # a Schieberamsch: one "schieben" step per push, each doubling
        (
            {
                "kind": "ramsch",
                "jungfrau": [2],
                "durchmarsch": None,
                "steps": [
                    {"code": "ramsch_points", "value": 45},
                    {"code": "schieben", "value": 2},
                    {"code": "schieben", "value": 4},
                    {"code": "jungfrau", "value": 8},
                ],
            },
            ["pushed.2", "jungfrau"],
        ),
    ],
)
def test_the_sheets_notes_follow_the_cores_result(
    browser: Any, url: str, result: dict[str, Any], expected: list[str]
) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "api/health")  # the server's origin, without starting a deal
    found = page.evaluate(
        "async r => (await import('/static/js/sheet.js')).markers({result: r})", result
    )
    assert found == expected
    context.close()


def _first_scored_deal(page: Any, tries: int = 10) -> dict[str, Any]:
    """Plays series deals until one changes the score (not passed in); returns its sheet entry.
    The person passes every deal, so a deal is passed in whenever both computers pass too."""
    seen = []
    for attempt in range(tries):
        if attempt:
            page.click("[data-ui='next']")
        play_out(page)
        deal: dict[str, Any] = read_store(page)["series"]["deals"][-1]
        if any(deal["list_scores"]):
            return deal
        seen.append((deal.get("number"), deal.get("result", {}).get("kind")))
    raise AssertionError(f"no scored deal in {tries} deals: {seen}")


def test_each_sheet_row_shows_its_change_and_the_legend_explains_the_list(
    browser: Any, url: str
) -> None:
    context = fresh_context(browser)
    page = watched_page(context)
    page.goto(url)
    deal = _first_scored_deal(page)
    row = len(read_store(page)["series"]["deals"]) - 1
    scores = _core_scores(deal["record"])
    by_player = [0, 0, 0]
    for seat in range(3):
        by_player[(seat - deal["human_seat"]) % 3] = scores[seat]
    open_sheet(page)
    page.wait_for_selector("table.sheet")
    for player in range(3):
        cell = page.locator(f"[data-row='{row}'] [data-delta='{player}']")
        if by_player[player]:
            shown = (cell.text_content() or "").replace("−", "-").replace("+", "")
            assert int(re.sub(r"[^\d-]", "", shown)) == by_player[player], (player, shown)
        else:
            assert cell.count() == 0
    legend = page.text_content(".sheet-legend") or ""
    # the legend's signs are the ones the page's number format writes on the sheet
    minus_fifty = page.evaluate("new Intl.NumberFormat(document.documentElement.lang).format(-50)")
    for part in ("+50", minus_fifty, "+40"):
        assert part in legend, (part, legend)
    context.close()


def test_the_sheet_says_the_seat_draw_once(browser: Any, url: str) -> None:
    context, page = opened_table(browser, url)
    said = page.text_content("[data-notice='draw']") or ""
    assert said.startswith("Seat draw: ")
    page.click("[data-ui='open-sheet']")
    page.wait_for_selector("[data-panel='sheet']")
    text = page.text_content("[data-panel='sheet']") or ""
    assert text.count("Seat draw: ") == 1, text
    assert page.locator("[data-panel='sheet'] .sheet-draw").text_content() in said
    assert not page.errors
    context.close()


def _moves(record: str) -> str:
    """A record's moves (``MV[...]``): the dealt cards, then every action in order."""
    found = re.search(r"MV\[([^\]]*)\]", record)
    assert found, record
    return found.group(1)


def test_a_series_deal_is_played_to_its_end_and_waits_while_practice_is_played(
    browser: Any, url: str
) -> None:
    context, page = opened_table(browser, url)
    # the series' first deal, its number drawn at random, the person's cards on the table
    before = read_store(page)["current"]
    assert not before["practice"]
    assert read_store(page)["series"]["open"]["record"] == before["record"]
    # "New deal" does not deal it away (a bad hand could be dealt again and again): it says why
    page.click("[data-ui='next-deal']")
    page.wait_for_selector("[data-notice='finish-first']")
    assert "played to its end" in (page.text_content("[data-notice]") or "")
    assert page.locator("[data-ui='confirm-yes']").count() == 0
    assert read_store(page)["current"] == before
    # its own number is no practice: that would show another seat's cards and the skat
    number = page.input_value("[data-deal-number]")
    page.fill("[data-deal-number]", "00" + number)
    page.press("[data-deal-number]", "Enter")
    page.wait_for_selector("[data-notice='number-waits']")
    assert read_store(page)["current"] == before
    # the series exported and imported over itself keeps it (dealt anew, it would differ)
    page.click("[data-ui='open-sheet']")
    with page.expect_download() as info:
        page.click("[data-ui='export-json']")
    exported = Path(info.value.path()).read_bytes()
    page.set_input_files(
        "[data-ui='import-file']",
        files=[{"name": "s.json", "mimeType": "application/json", "buffer": exported}],
    )
    page.wait_for_selector("[data-notice='import-known']")  # the same series: nothing to add
    page.click("[data-ui='close-panel']")
    assert read_store(page)["series"]["open"]["record"] == before["record"]
    # a typed number plays practice at once; the series deal waits on its series
    page.fill("[data-deal-number]", "77")
    page.press("[data-deal-number]", "Enter")
    page.wait_for_selector("[data-notice='series-waits']")
    settle(page)
    practice = read_store(page)["current"]
    assert practice["practice"]
    assert page.input_value("[data-deal-number]") == "77"
    assert "“New deal” takes it up again" in (page.text_content("[data-notice]") or "")
    assert read_store(page)["series"]["open"]["record"] == before["record"]
    # ... through a reload too; "New deal" from practice takes the same series deal up again
    page.reload()
    settle(page)
    page.click("[data-ui='next-deal']")
    page.wait_for_function(
        "before => JSON.parse(localStorage.getItem('skat.store')).current?.record === before",
        arg=before["record"],
    )
    settle(page)
    again = read_store(page)["current"]
    assert not again["practice"]
    assert again["series_id"] == before["series_id"]
    # played to its end, it is written on the sheet and the series has no deal waiting
    play_out(page)
    store = read_store(page)
    assert "open" not in store["series"]
    written = [d["record"] for d in store["series"]["deals"]]
    assert written == [store["current"]["record"]]
    assert _moves(written[0]).startswith(_moves(before["record"]))  # the same deal, played on
    assert not page.errors
    context.close()


def test_a_deal_request_that_fails_leaves_the_series_deal_what_it_was(
    browser: Any, url: str
) -> None:
    context, page = opened_table(browser, url)
    before = read_store(page)
    assert not before["current"]["practice"]
    # the typed number's deal does not come: the series deal stays on the table as one
    page.route("**/api/new", lambda route: route.abort())
    page.fill("[data-deal-number]", "77")
    page.press("[data-deal-number]", "Enter")
    page.wait_for_selector(".error-banner", timeout=10_000)
    settle(page)
    after = read_store(page)
    assert after["current"] == before["current"]
    assert after["series"]["open"] == before["series"]["open"]
    page.click("[data-ui='next-deal']")
    page.wait_for_selector("[data-notice='finish-first']")
    assert not page.errors
    context.close()


def test_the_shown_number_of_a_series_deal_gives_the_same_seat_and_cards_in_another_browser(
    browser: Any, url: str
) -> None:
    context, page = opened_table(browser, url)
    # a series seats the person by the seat draw and the dealer's rotation; a new series draws
    # again until the seat is not the one the plain number gives (two times in three)
    for _ in range(15):
        shown = page.input_value("[data-deal-number]")
        if "-" in shown:
            break
        page.click("[data-ui='open-sheet']")
        page.click("[data-ui='new-series']")
        if page.locator("[data-ui='confirm-yes']").count():
            page.click("[data-ui='confirm-yes']")
        page.wait_for_function(
            "before => document.querySelector('[data-deal-number]')?.value !== before", arg=shown
        )
        settle(page)
    assert "-" in shown, shown
    assert not read_store(page)["current"]["practice"]  # a deal of the series
    number, seat = shown.split("-")
    assert int(page.get_attribute("#table", "data-human") or -1) == int(seat) != int(number) % 3
    cards = sorted(shown_hand(page))
    shoot(page, "seated-number-series")
    # typed in a fresh profile (another browser, another language): the same seat and cards
    other = fresh_context(browser, size="phone", locale="zh-CN")
    typed = watched_page(other)
    typed.goto(url)
    settle(typed)
    type_deal(typed, shown)
    settle(typed)
    assert typed.get_attribute("#table", "data-human") == seat
    assert sorted(shown_hand(typed)) == cards
    assert typed.input_value("[data-deal-number]") == shown
    shoot(typed, "seated-number-typed-zh-phone")
    # the plain number seats the person in number mod 3, with other cards, and is shown plain
    type_deal(typed, number)
    settle(typed)
    assert typed.get_attribute("#table", "data-human") == str(int(number) % 3)
    assert sorted(shown_hand(typed)) != cards
    assert not page.errors
    assert not typed.errors
    other.close()
    context.close()


def test_the_finish_first_notice_goes_when_the_series_deal_is_played_out(
    browser: Any, url: str
) -> None:
    context, page = opened_table(browser, url)
    page.click("[data-ui='next-deal']")
    page.wait_for_selector("[data-notice='finish-first']")
    play_out(page)
    assert page.locator("[data-notice='finish-first']").count() == 0
    open_sheet(page)
    page.wait_for_selector("table.sheet [data-row='0']")
    assert page.locator("[data-notice]").count() == 0, page.text_content("[data-notice]")
    assert not page.errors
    context.close()
