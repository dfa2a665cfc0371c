"""Around the table, in a real Chromium: exporting and importing the score sheets.

Helpers: ``tests/table_helpers.py``; the server and Chromium: the conftest's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from table_helpers import (
    fresh_context,
    open_sheet,
    opened_table,
    play_out,
    read_store,
    settle,
    shoot,
    shown_notice,
    shown_totals,
    type_deal,
    watched_page,
)

pytestmark = pytest.mark.browser


def _imported_in_a_fresh_profile(browser: Any, url: str, path: Path) -> tuple[Any, Any]:
    """A fresh profile's page that imported the file ``path`` on its score sheet (left open):
    ``(context, page)``. The fresh page's first deal waits in its series, so replacing that
    series is asked and answered yes."""
    fresh = fresh_context(browser)
    page = watched_page(fresh)
    page.goto(url)
    settle(page)
    page.click("[data-ui='open-sheet']")
    page.set_input_files("[data-ui='import-file']", str(path))
    page.click("[data-ui='confirm-yes']")
    page.wait_for_selector("[data-notice='imported']")
    return fresh, page


def test_export_then_import_in_a_fresh_profile_gives_the_same_sheet(
    browser: Any, url: str, tmp_path: Path
) -> None:
    context, page = opened_table(browser, url)
    play_out(page)
    page.click("[data-ui='next']")
    play_out(page)
    deals = read_store(page)["series"]["deals"]
    totals = shown_totals(page)
    # a third deal in progress: it waits on the series, and no export carries its unseen cards
    page.click("[data-ui='next']")
    settle(page)
    in_progress = read_store(page)["series"]["open"]
    assert in_progress["record"] not in [d["record"] for d in deals]
    open_sheet(page)
    files = {}
    for kind in ("json", "iss"):
        with page.expect_download() as info:
            page.click(f"[data-ui='export-{kind}']")
        path = tmp_path / f"export.{kind}"
        info.value.save_as(path)
        files[kind] = path
    lines = files["iss"].read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(deals)
    assert all(line.startswith("(;GM[Skat]") and "P0[" in line for line in lines)
    context.close()
    # A file whose scores were changed by hand: the import replays the records and scores anew.
    forged = json.loads(files["json"].read_text(encoding="utf-8"))
    assert "open" not in forged["series"]
    for deal in forged["series"]["deals"]:
        deal["list_scores"] = [999, 0, 0]
    forged["series"]["open"] = in_progress  # nor does an import take one up
    files["forged"] = tmp_path / "forged.json"
    files["forged"].write_text(json.dumps(forged), encoding="utf-8")
    for kind, path in files.items():
        fresh, page = _imported_in_a_fresh_profile(browser, url, path)
        page.click("[data-ui='close-panel']")
        assert shown_totals(page) == totals, kind
        imported = read_store(page)["series"]["deals"]
        assert [d["list_scores"] for d in imported] == [d["list_scores"] for d in deals]
        assert [d["human_seat"] for d in imported] == [d["human_seat"] for d in deals]
        assert "open" not in read_store(page)["series"]
        fresh.close()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "The file is empty."),
        ("just some text\n", "neither a series exported here nor ISS records"),
        ('{"format": "another-program", "series": {}}', "neither a series exported here"),
        (
            "(;GM[Skat]PC[skat]DN[12]MV[w CA.CQ ] ;)\n",
            "Deal 1 in the file cannot be read (damaged: the record cannot be read: the deal needs",
        ),
    ],
)
def test_an_unreadable_import_is_reported_and_changes_nothing(
    browser: Any, url: str, tmp_path: Path, content: str, message: str
) -> None:
    context, page = opened_table(browser, url)
    before = read_store(page)["series"]
    path = tmp_path / "import.txt"
    path.write_text(content, encoding="utf-8")
    open_sheet(page)
    page.set_input_files("[data-ui='import-file']", str(path))
    page.wait_for_selector("[data-notice='import-failed']")
    assert message in (page.text_content("[data-notice='import-failed']") or "")
    assert read_store(page)["series"] == before
    assert not page.errors
    context.close()


def test_a_deal_dealt_before_an_import_is_not_written_on_the_imported_series(
    browser: Any, url: str, tmp_path: Path
) -> None:
    context, page = opened_table(browser, url)
    play_out(page)
    # the file holds a deal that is not on this sheet (one of it would be a copy: not imported)
    type_deal(page, "12")
    other = play_out(page)
    page.click("[data-ui='next']")
    settle(page)  # the second deal of the first series is in progress
    path = tmp_path / "one.txt"
    path.write_text(other + "\n", encoding="utf-8")
    open_sheet(page)
    running = read_store(page)["series"]
    # another series in place of one in progress is asked first; "Cancel" keeps everything
    page.set_input_files("[data-ui='import-file']", str(path))
    page.wait_for_selector("[data-ui='confirm-no']")
    assert "in place of the one in progress" in (page.text_content(".confirm") or "")
    page.click("[data-ui='confirm-no']")
    assert read_store(page)["series"] == running
    assert page.locator("[data-notice='imported']").count() == 0
    page.set_input_files("[data-ui='import-file']", str(path))
    page.click("[data-ui='confirm-yes']")
    # the deal on the table belonged to the series replaced: it goes on as practice, and says so
    said = shown_notice(page, "imported")
    assert "goes on as a practice deal" in said, said
    assert read_store(page)["current"]["practice"] is True
    assert [x["id"] for x in read_store(page)["archive"]] == [running["id"]]
    page.click("[data-ui='close-panel']")
    imported = read_store(page)["series"]
    assert len(imported["deals"]) == 1
    played = play_out(page)
    assert read_store(page)["current"]["record"] == played
    assert read_store(page)["current"].get("series_id") is None  # nor written back later
    assert read_store(page)["series"]["deals"] == imported["deals"]
    assert [len(x["deals"]) for x in read_store(page)["archive"]] == [len(running["deals"])]
    # the next deal is dealt for the imported series and goes on its sheet
    page.click("[data-ui='next']")
    play_out(page)
    after = read_store(page)["series"]
    assert after["id"] == imported["id"]
    assert len(after["deals"]) == 2
    assert not page.errors
    context.close()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("started", "yesterday"),
        ("draw", "nope"),
        ("draw", {"cards": ["CJ", "XX", "HA"], "positions": [0, 1, 2]}),
        ("draw", {"cards": ["CJ", "SJ", "HA"], "positions": [0, 0, 1]}),
    ],
)
def test_an_imported_series_with_a_damaged_draw_or_start_is_refused(
    browser: Any, url: str, tmp_path: Path, field: str, value: Any
) -> None:
    context, page = opened_table(browser, url)
    before = read_store(page)
    series = {
        "id": "2024-05-01T10:00:00.000Z",
        "started": "2024-05-01T10:00:00.000Z",
        "length": 0,
        "list": "simple",
        "draw": {"cards": ["CJ", "SJ", "HA"], "positions": [2, 0, 1]},
        "deals": [],
        "closed": False,
        field: value,
    }
    path = tmp_path / "series.json"
    path.write_text(json.dumps({"format": "skat-series", "schema": 2, "series": series}))
    open_sheet(page)
    page.set_input_files("[data-ui='import-file']", str(path))
    said = shown_notice(page, "import-failed")
    assert f"a field that cannot be read ({field})" in said
    shoot(page, "store-import-bad-field")
    assert read_store(page)["series"] == before["series"]
    assert read_store(page)["archive"] == before["archive"]
    context.close()


def test_importing_a_series_the_sheets_already_hold_adds_no_copy(
    browser: Any, url: str, tmp_path: Path
) -> None:
    context, page = opened_table(browser, url)
    play_out(page)
    open_sheet(page)
    files = {}
    for kind in ("json", "iss"):
        with page.expect_download() as info:
            page.click(f"[data-ui='export-{kind}']")
        files[kind] = tmp_path / f"export.{kind}"
        info.value.save_as(files[kind])
    before = read_store(page)
    for path in files.values():
        page.set_input_files("[data-ui='import-file']", str(path))
        said = shown_notice(page, "import-known")
        assert "already hold this series (1 deal, started" in said
        assert page.locator("[data-ui='confirm-yes']").count() == 0
        assert read_store(page) == before
    shoot(page, "store-import-known")
    # the same series with more deals stored than the file has: asked first
    page.click("[data-ui='close-panel']")
    page.click("[data-ui='next']")
    play_out(page)
    before = read_store(page)
    open_sheet(page)
    page.set_input_files("[data-ui='import-file']", str(files["json"]))
    asked = page.wait_for_selector(".confirm").text_content() or ""
    assert "with other deals (2 stored, 1 in the file)" in asked
    shoot(page, "store-import-same")
    page.click("[data-ui='confirm-no']")
    assert read_store(page) == before
    context.close()


def test_an_import_keeps_a_rows_hint_and_undo_marks_and_the_computers_score(
    browser: Any, url: str, tmp_path: Path
) -> None:
    """A series played with hints comes back marked: the import replays each record for its
    scores but keeps the row's marks (``assisted``: a hint, an undo, a refused claim), the
    computer's score with the person's cards (``replay``, shown only once the server has checked
    a replay record, which this one lacks) and its finishing time, each only in its own shape."""
    context, page = opened_table(browser, url)
    for _ in range(2):
        play_out(page)
        page.click("[data-ui='next']")
    settle(page)
    open_sheet(page)
    with page.expect_download() as info:
        page.click("[data-ui='export-json']")
    path = tmp_path / "export.json"
    info.value.save_as(path)
    context.close()
    exported = json.loads(path.read_text(encoding="utf-8"))
    first, second = exported["series"]["deals"]
    first.update(assisted=["hint", "undo", "claim"], replay={"score": 72, "player": "strong"})
    first["finished"] = "2026-11-30T20:15:00.000Z"
    second.update(assisted=["cheat", 3], replay={"score": "a lot"}, finished="yesterday")
    path.write_text(json.dumps(exported), encoding="utf-8")

    fresh, page = _imported_in_a_fresh_profile(browser, url, path)
    one, two = read_store(page)["series"]["deals"]
    assert one["assisted"] == ["hint", "undo", "claim"]
    assert one["replay"] == {"score": 72, "player": "strong"}
    assert one["finished"] == "2026-11-30T20:15:00.000Z"
    assert "assisted" not in two
    assert "replay" not in two
    assert two["finished"] != "yesterday"
    marks = page.locator("[data-row='0'] .col-markers [data-assisted]").evaluate_all(
        "els => els.map(e => e.dataset.assisted)"
    )
    assert marks == ["hint", "undo", "claim"]
    # a kept score without the replay's record is not shown: the server cannot check it
    assert page.locator("[data-row='0'] [data-replay-score]").count() == 0
    assert (
        page.locator("[data-row='1'] [data-assisted], [data-row='1'] [data-replay-score]").count()
        == 0
    )
    assert not page.errors, page.errors
    fresh.close()
