"""The table's words in context, in a real Chromium (issue 51 point 10): a deal played to its end
in each language with the German deck, read as a Skat player of that language reads it.

German names the other players "Spieler links"/"Spieler rechts" in a sentence and keeps "Links"
and "Rechts" where a label stands (the top bar, the names under the small cards); English names
the German deck's Deuce and King in English; Chinese labels the declared game 玩法, not 游戏.
The word lists themselves are checked in ``tests/client/test_web_strings.py``.

Helpers: ``tests/table_helpers.py``; the server and Chromium: the conftest's.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from table_helpers import fresh_context, play_out, settle, shoot, type_deal, watched_page

pytestmark = pytest.mark.browser

DEAL = "7"  # the person (middlehand) passes; a computer declares and plays it out


def _played(browser: Any, url: str, lang: str) -> Any:
    """A page in ``lang`` with the German deck, deal :data:`DEAL` played to its end."""
    context = fresh_context(browser, lang=lang, deck="german")
    page = watched_page(context)
    page.goto(url)
    settle(page)  # the series' first deal on the table before another is typed
    type_deal(page, DEAL)
    # the typed deal on the table, not the series' first deal whose answer can come after it
    # (seen once under load in CI: that deal was passed in)
    page.wait_for_function(
        "n => (JSON.parse(localStorage.getItem('skat.store') || '{}').current || {})"
        ".record?.includes(`DN[${n}]`)",
        arg=DEAL,
    )
    play_out(page)
    shoot(page, f"words-{lang}")
    return page


def _all_words(page: Any) -> str:
    """The page's text and the names its cards are read out by."""
    labels: list[str] = page.eval_on_selector_all(
        "[aria-label]", "els => els.map(e => e.ariaLabel)"
    )
    body: str = page.inner_text("body")
    return body + "\n" + "\n".join(labels)


def test_german_sentences_name_the_players_and_labels_stay_short(browser: Any, url: str) -> None:
    page = _played(browser, url, "de")
    headline = page.inner_text(".result-panel h2")
    assert re.fullmatch(r"Spieler (links|rechts) hat das Spiel (gewonnen|verloren)\.", headline)
    lines = page.inner_text(".result-panel")
    assert re.search(r"^Spieler (links|rechts) spielte \w+, gereizt bis \d+\.$", lines, re.M)
    # no bare direction where a sentence needs a player
    assert not re.search(r"\b(von|für) (Links|Rechts)\b|^(Links|Rechts) \w+te\b", lines, re.M)
    # labels: the top bar and the names under the trick's small cards
    assert re.search(r"Alleinspieler: (Links|Rechts)$", page.inner_text(".info-game"))
    names = set(page.eval_on_selector_all(".mini-name", "els => els.map(e => e.textContent)"))
    assert names == {"Du", "Links", "Rechts"}
    assert page.errors == []


def test_english_names_the_german_decks_cards_in_english(browser: Any, url: str) -> None:
    page = _played(browser, url, "en")
    words = _all_words(page)
    assert not re.search(r"\b(Daus|König)\b", words)
    # the review shows all 32 cards, each read out by its English name
    assert re.search(r"\bDeuce of (Acorns|Leaves|Hearts|Bells)\b", words)
    assert re.search(r"\bKing of (Acorns|Leaves|Hearts|Bells)\b", words)
    assert page.errors == []


def test_chinese_labels_the_declared_game_wanfa(browser: Any, url: str) -> None:
    page = _played(browser, url, "zh")
    assert page.inner_text(".info-game .info-label") == "玩法："
    assert "游戏：" not in _all_words(page)
    assert page.errors == []
