"""Around the table, in a real Chromium: keyboard play, the live region and the axe-core
accessibility check.

axe-core is vendored in ``tests/vendor/`` (see the README there) and injected by the test; users
never get it. Screenshots go to ``tests/screenshots/`` (git-ignored).

Helpers: ``tests/table_helpers.py``; the server and Chromium: the conftest's.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from table_helpers import (
    LANGUAGES,
    SHOTS,
    axe_violations,
    declarer_step,
    fresh_context,
    opened_table,
    pass_on,
    play_out,
    read_store,
    settle,
    type_deal,
    wait_for_answer,
    watched_page,
)

pytestmark = pytest.mark.browser


AXE_DEAL = 3


def test_the_persons_discard_is_not_said_aloud(browser: Any, url: str) -> None:
    """Deal 3: the person becomes declarer and discards; the bubble over its seat says that two
    cards were put away, never which (every bubble text is recorded while it lasts)."""
    context, page = opened_table(browser, url)
    page.evaluate(
        """() => {
          window.saidTexts = [];
          new MutationObserver(() => {
            for (const b of document.querySelectorAll("[data-bubble]"))
              window.saidTexts.push([b.dataset.bubble, b.textContent]);
          }).observe(document.body, { childList: true, subtree: true, characterData: true });
        }"""
    )
    type_deal(page, str(AXE_DEAL))
    human = page.get_attribute("#table", "data-human")
    discarded = False
    for _ in range(20):
        phase, _to_act = settle(page)
        if phase == "play":
            break
        record = read_store(page)["current"]["record"]
        declarer_step(page, phase)
        if phase == "discard":  # the declaration dialog: discard and game go together
            discarded = True
            page.click("[data-action='declare']")
        wait_for_answer(page, record)
    assert discarded
    said = [text for seat, text in page.evaluate("window.saidTexts") if seat == human]
    assert "Discards two cards" in said, said
    assert not any("," in text for text in said), said  # a list of cards
    context.close()


def test_a_complete_deal_can_be_played_with_the_keyboard_only(browser: Any, url: str) -> None:
    context, page = opened_table(browser, url)
    # The table puts the focus where the person acts: no mouse, no programmatic focus from here.
    assert page.evaluate("document.activeElement?.matches('.controls button, [data-card]')")
    record = play_out(page, keyboard=True)
    assert record
    announced = page.text_content("#announce") or ""
    assert announced.strip()
    context.close()


def test_the_live_region_announces_calls_tricks_and_the_result(browser: Any, url: str) -> None:
    context = fresh_context(browser)
    page = watched_page(context)
    said: list[str] = []
    page.expose_function("noteSaid", lambda text: said.append(text))
    page.add_init_script(
        "document.addEventListener('DOMContentLoaded', () => {"
        " new MutationObserver(() => { const r = document.getElementById('announce');"
        " if (r) window.noteSaid(r.textContent); })"
        ".observe(document.body, {subtree: true, childList: true, characterData: true}); });"
    )
    page.goto(url)
    for _ in range(6):
        record = play_out(page)
        if re.search(r" [0-2] [CSHD][AKQJT987] ", record):
            break
        page.click("[data-ui='next']")
    text = " ".join(said)
    card = r"\w+ of \w+"  # "Jack of Clubs"
    # the winner as a label: the person's trick too ("Winner: You", not "You takes it")
    assert re.search(rf"Trick: {card}, {card}, {card}\. Winner: \w+, \d+ card points\.", text), text
    assert any(word in text for word in ("won", "lost", "passed", "Ramsch"))
    context.close()


def _axe_deal(
    page: Any, number: int, tag: str, problems: dict[str, list[str]], passing: bool = False
) -> None:
    """Plays deal ``number`` as :func:`table_helpers.declarer_step` does (``passing``: passes in the
    auction), checking each new phase with axe."""
    type_deal(page, str(number))
    seen: set[str] = set()
    for _ in range(60):
        phase, _ = settle(page)
        if phase not in seen:
            seen.add(phase)
            problems[f"{tag}-{phase}"] = axe_violations(page)
        if phase == "result":
            return
        before = read_store(page)["current"]["record"]
        if phase == "bidding" and passing:
            page.click(".controls [data-action='p']")
        elif phase == "schieben":
            page.click(".controls [data-action='p']")  # push the skat on unseen
        elif phase == "kontra":
            page.click(".controls [data-action='K'], .controls [data-action='-'] >> nth=0")
        else:
            declarer_step(page, phase)
        if phase == "discard":
            page.wait_for_selector("[data-action='declare']")
            problems[f"{tag}-declare-dialog"] = axe_violations(page)
            page.click("[data-action='declare']")
        wait_for_answer(page, before)
    raise AssertionError(f"deal {number} did not end")


def test_axe_finds_no_serious_violation_in_any_phase_or_language(browser: Any, url: str) -> None:
    problems: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        context = fresh_context(browser, lang=lang)
        page = watched_page(context)
        page.goto(url)
        settle(page)
        # Deal 3: a person who bids up to 30 becomes the declarer (bidding, skat, discard,
        # the declaration, play, result).
        _axe_deal(page, AXE_DEAL, lang, problems)
        # With Kontra and Schieberamsch on: deal 4243 (a computer plays Grand, the person may say
        # Kontra) and deal 4242 (all pass: Schieberamsch).
        page.click("[data-ui='open-settings']")
        page.select_option("[data-setting='rule.kontra']", "on")
        page.select_option("[data-setting='rule.all_pass']", "schieberamsch")
        page.click("[data-ui='close-panel']")
        _axe_deal(page, 4243, lang + "-kontra", problems, passing=True)
        _axe_deal(page, 4242, lang + "-ramsch", problems, passing=True)
        for panel in ("sheet", "settings", "help"):
            page.click(f"[data-ui='open-{panel}']")
            problems[f"{lang}-{panel}"] = axe_violations(page)
            page.click("[data-ui='close-panel']")
        context.close()
    bad = {k: v for k, v in problems.items() if v}
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "axe.json").write_text(json.dumps(problems, indent=1), encoding="utf-8")
    assert not bad, bad
    for lang in LANGUAGES:
        for phase in ("bidding", "skat", "declare-dialog", "play", "result", "sheet", "help"):
            assert f"{lang}-{phase}" in problems, (lang, phase)
        assert f"{lang}-kontra-kontra" in problems, lang
        assert f"{lang}-ramsch-schieben" in problems, lang


def _bid_to_30_by_keys(page: Any) -> None:
    """Deal AXE_DEAL's auction from the keyboard: holds with Y, bids with B up to 30, then P;
    the person becomes the declarer."""
    type_deal(page, str(AXE_DEAL))
    for _ in range(20):
        phase, _ = settle(page)
        if phase != "bidding":
            break
        before = read_store(page)["current"]["record"]
        bid = int(page.get_attribute("[data-bid]", "data-bid") or 0)
        holds = page.locator(".controls [data-action='y']").count() > 0
        page.keyboard.press("y" if holds else "b" if bid < 30 else "p")
        wait_for_answer(page, before)


def test_bidding_the_skat_the_discard_and_the_declaration_work_from_the_keyboard(
    browser: Any, url: str
) -> None:
    context, page = opened_table(browser, url)
    _bid_to_30_by_keys(page)
    assert settle(page)[0] == "skat"
    before = read_store(page)["current"]["record"]
    page.keyboard.press("s")
    wait_for_answer(page, before)
    assert settle(page)[0] == "discard"
    page.keyboard.press("ArrowDown")  # from the controls into the hand
    for _ in range(2):
        page.keyboard.press("Enter")  # pick the focused card for the discard
        page.keyboard.press("ArrowRight")
    assert page.locator("[data-card][aria-pressed='true']").count() == 2
    page.keyboard.press("d")
    page.wait_for_selector("[data-action='declare']")
    assert page.evaluate("document.activeElement.dataset.action") == "declare"
    before = read_store(page)["current"]["record"]
    page.keyboard.press("Enter")
    wait_for_answer(page, before)
    record = play_out(page, keyboard=True)
    human = page.get_attribute("#table", "data-human")
    assert re.search(rf" {human} s w ", record), record  # the person picked up the skat
    context.close()


def _unmoved_by(page: Any, keys: str) -> tuple[str, str]:
    """Presses ``keys`` one by one and gives the table time to send what they did; returns the
    phase before and after, the record having to stay the same."""
    phase, _ = settle(page)
    record = read_store(page)["current"]["record"]
    for key in keys:
        page.keyboard.press(key)
    page.wait_for_timeout(800)
    assert read_store(page)["current"]["record"] == record, keys
    return phase, settle(page)[0]


def test_the_call_keys_act_only_in_the_auction(browser: Any, url: str) -> None:
    """B, Y and P are calls. Pressed once too often after the last call they neither pick up the
    skat (the Hand game would be gone, undo refuses once the skat is seen) nor push a
    Schieberamsch's skat on unseen (which doubles it); S still takes the Schieberamsch skat."""
    context, page = opened_table(browser, url)
    _bid_to_30_by_keys(page)
    assert _unmoved_by(page, "bbypBP") == ("skat", "skat")
    assert page.locator(".controls [data-action='s']").count() == 1  # B's old target is there
    context.close()

    context = fresh_context(browser, options={"all_pass": "schieberamsch"})
    page = watched_page(context)
    page.goto(url)
    settle(page)
    phase, to_act = pass_on(page, "1000")
    assert (phase, to_act) == ("schieben", page.get_attribute("#table", "data-human"))
    assert page.locator(".controls [data-action='p']").count() == 1  # P's old target is there
    assert _unmoved_by(page, "pbyP") == ("schieben", "schieben")
    before = read_store(page)["current"]["record"]
    page.keyboard.press("s")
    wait_for_answer(page, before)
    assert not page.errors, page.errors
    context.close()


def _focused(page: Any) -> str:
    """The focused element as ``ui:<data-ui>`` or ``row:<data-row>``, ``body`` when none."""
    return str(
        page.evaluate(
            """() => { const e = document.activeElement;
              if (!e || e === document.body) return 'body';
              if (e.dataset.ui) return 'ui:' + e.dataset.ui;
              if (e.dataset.row) return 'row:' + e.dataset.row;
              return e.tagName; }"""
        )
    )


@pytest.mark.slow
def test_closing_a_panel_a_rows_review_or_a_question_gives_the_focus_back_to_what_opened_it(
    browser: Any, url: str
) -> None:
    """A keyboard user closing the score sheet, a row's review, the settings or a question
    (Escape, the Close or Cancel button) goes on from the control that opened it, not from the
    top of the page."""
    context, page = opened_table(browser, url)
    play_out(page)  # the series' first deal: a row on the sheet
    page.focus("[data-ui='open-sheet']")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-row='0']")
    page.focus("[data-row='0']")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-ui='close-review']")
    assert _focused(page) == "ui:close-review"
    page.keyboard.press("Escape")
    assert _focused(page) == "row:0"
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-ui='close-review']")
    page.click("[data-ui='close-review']")
    assert _focused(page) == "row:0"
    page.focus("[data-ui='clear']")
    page.keyboard.press("Enter")  # clearing the sheets asks first
    page.wait_for_selector("[data-ui='confirm-no']")
    page.keyboard.press("Escape")
    assert _focused(page) == "ui:clear"
    page.keyboard.press("Enter")
    page.click("[data-ui='confirm-no']")
    assert _focused(page) == "ui:clear"
    page.keyboard.press("Escape")
    assert _focused(page) == "ui:open-sheet"
    page.click("[data-ui='open-settings']")
    page.click("[data-ui='close-panel']")
    assert _focused(page) == "ui:open-settings"
    assert not page.errors, page.errors
    context.close()
