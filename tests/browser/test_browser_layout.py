"""The table's layout in a real Chromium (Debian's ``/usr/bin/chromium``) at the sizes testers use:
no sideways overflow on a 320 px phone, every contract's name whole on the top bar in every
language at 1280 px and 390 px (with Kontra, Re and Supra said), the score sheet fitting a 375 px
phone (and hinting at the part it scrolls to where it cannot fit), and a raised hand card leaving
its neighbour's index corner in view.

The pages start from a stored deal: ``localStorage`` holds a record of deal 136 (built here on the
core, so every action in it is the test's choice and not a computer player's) and the server
continues it, as after a reload. The German deck and texts make the longest game names.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from skat import record
from skat.deal import parse_deal_number
from skat.options import KontraRule, Options
from skat.players import get_player
from skat.replay import replay_seat
from skat.server import game
from skat.state import State

SHOTS = Path(__file__).resolve().parents[1] / "screenshots"

pytestmark = pytest.mark.browser

DEAL = 136
SETTINGS = {"lang": "de", "deck": "german", "trickMs": 40, "cardMs": 10, "callMs": 10}
STARTED = "2026-11-30T09:19:00.000Z"


def _record(actions: list[str], options: Options | None = None) -> str:
    """The record of deal 136 after ``actions`` (every seat's, in turn)."""
    state = State.new(parse_deal_number(DEAL), options or Options())
    for action in actions:
        state = state.apply(action)
    return record.write(record.from_state(state))


# Deal 136: middlehand bids 18, the others pass, middlehand plays Spades (German: Grün) Hand.
BIDDING = _record([])
SKAT = _record(["18", "p", "p"])
HAND = ["18", "p", "p", "SH"]
# ... and forehand says Kontra: seen from rearhand (seat 2) the declarer sits on the right, so the
# top bar reads "Spiel: Grün Hand · Alleinspieler: Rechts  Gereizt 18  Kontra".
KONTRA = _record([*HAND, "K"], Options(kontra=KontraRule.ON))
# Seen from forehand, who leads the first trick: all ten cards can be played.
LEAD = _record(HAND)


def _deal(
    contract: str, declarer: int | None, score: int, scores: list[int], **result: Any
) -> dict[str, Any]:
    """A finished deal of the score sheet as the page stores it (the person in seat 0)."""
    res = {
        "kind": "game",
        "contract": contract,
        "declarer": declarer,
        "bid": 18,
        "score": score,
        "won": score > 0,
        "levels": ["game", "hand"] if contract.endswith("H") else ["game"],
        "kontra": 0,
        "passed": False,
        "steps": [{"code": "matadors_with", "value": 1}],
        "list_scores": scores,
        "score_list": "seeger_fabian",
        **result,
    }
    return {
        "record": "(;GM[Skat];)",
        "human_seat": 0,
        "deal_number": "845758382",
        "result": res,
        "iss_result": "",
        "list_scores": scores,
        "dealer": 0,
        "finished": STARTED,
    }


# The series of the tester's phone screenshot: five deals, Seeger-Fabian.
SERIES = {
    "id": STARTED,
    "started": STARTED,
    "length": 0,
    "list": "seeger_fabian",
    "draw": {"cards": ["HJ", "HT", "C8"], "positions": [0, 1, 2]},
    "closed": False,
    "deals": [
        _deal("G", 1, 48, [0, 98, 0], steps=[{"code": "matadors_without", "value": 1}]),
        _deal("G", 2, 120, [0, 0, 170], steps=[{"code": "matadors_with", "value": 4}]),
        _deal("C", 0, -48, [-98, 40, 40]),
        _deal("", None, 0, [0, 0, 0], kind="passed", passed=True, bid=0),
        _deal("HH", 2, 80, [0, 0, 130], steps=[{"code": "matadors_with", "value": 2}]),
    ],
}


@pytest.fixture
def open_page(seeded_page: Any, server: Any) -> Any:
    """Opens the game at a window size with a stored deal (and series); closes it afterwards."""

    def _open(
        width: int, height: int, deal: str, seat: int, phase: str, series: bool = False
    ) -> Any:
        store = {
            "schema": 2,
            "settings": SETTINGS,
            "current": {"record": deal, "human_seat": seat, "practice": True},
            "series": SERIES if series else None,
            "archive": [],
        }
        page = seeded_page(width, height, "skat.store", store)
        page.goto(server.url)
        page.wait_for_selector(f"#table[data-busy='0'][data-phase='{phase}']", timeout=30_000)
        return page

    return _open


SCROLLER = "document.querySelector('.sheet-scroll')"


def _overflow(page: Any) -> int:
    """How far the page reaches past the window's right edge (px); 0 when nothing sticks out."""
    return int(
        page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    )


def _sticking_out(page: Any) -> list[str]:
    """The elements whose right edge lies beyond the window's (but for those inside a box that
    scrolls or clips them, such as the score sheet's)."""
    return list(
        page.evaluate(
            """() => {
                 const clipped = (e) => {
                   for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
                     if (getComputedStyle(a).overflowX !== 'visible') return true;
                   }
                   return false;
                 };
                 const edge = document.documentElement.clientWidth + 0.5;
                 return [...document.querySelectorAll('body *')].filter((e) => {
                   const r = e.getBoundingClientRect();
                   return r.width > 0 && r.right > edge && !clipped(e);
                 }).map((e) => e.tagName.toLowerCase() + '.' + [...e.classList].join('.'))
                   .slice(0, 8);
               }"""
        )
    )


# ---- 320 px: nothing sticks out sideways ---------------------------------------------------------


@pytest.mark.parametrize("stage", ["bidding", "declare", "play", "sheet"])
def test_nothing_overflows_sideways_on_a_320px_phone(open_page: Any, stage: str) -> None:
    if stage == "bidding":
        page = open_page(320, 640, BIDDING, 1, "bidding")
        assert page.locator(".controls [data-action='18']").count() == 1
    elif stage == "declare":
        page = open_page(320, 640, SKAT, 1, "skat")
        page.click("[data-ui='hand']")
        page.wait_for_selector(".declare-dialog [data-action='declare']")
    else:
        page = open_page(320, 640, KONTRA, 2, "play", series=True)
        if stage == "sheet":
            page.click("[data-ui='open-sheet']")
            page.wait_for_selector("table.sheet [data-row='4']")
    assert _overflow(page) <= 0, _sticking_out(page)
    assert _sticking_out(page) == []
    # the language menu in particular is whole and in the window
    box = page.locator("[data-ui='lang']").bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= 320
    assert not page.errors, page.errors


# A series of 16 deals played and exported through the browser (its "Export" file): four-digit
# totals, notes under the games, and a row with the computer's replayed score under the person's.
LONG_SERIES = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "phone_sheet_series.json").read_text()
)["series"]


def _with_replay(series: dict[str, Any], index: int) -> dict[str, Any]:
    """``series`` with row ``index``'s replay record made by the heuristic player: the sheet
    shows a row's computer score only from a replay the server has checked (the file's row
    keeps a score alone, as rows kept before the comparison did)."""
    row = series["deals"][index]
    deal = record.read_record(row["record"])
    player = get_player("heuristic")
    replay = replay_seat(deal, row["human_seat"], player, player).replay
    deals = list(series["deals"])
    deals[index] = {**row, "replay": {"record": game.write_record(replay), "player": "heuristic"}}
    return {**series, "deals": deals}


@pytest.mark.parametrize("width", [390, 360])
@pytest.mark.parametrize("lang", ["en", "de", "zh", "sv"])
def test_a_long_series_sheet_fits_a_phone_without_scrolling_sideways(
    seeded_page: Any, server: Any, width: int, lang: str
) -> None:
    """The German and Swedish headings for the declarer break at their soft hyphens, and the
    computer's score under the person's at its space; before, either widened the sheet."""
    settings = {**SETTINGS, "lang": lang}
    store = {
        "schema": 2,
        "settings": settings,
        "current": None,
        "series": _with_replay(LONG_SERIES, 6),
        "archive": [],
    }
    page = seeded_page(width, 844, "skat.store", store)
    page.goto(server.url)
    page.wait_for_selector("#table[data-busy='0']", timeout=30_000)
    page.click("[data-ui='open-sheet']")
    page.wait_for_selector("table.sheet [data-row='6'] [data-replay-score='row']", state="attached")
    widths = page.evaluate(
        "(() => { const s = document.querySelector('.sheet-scroll');"
        " return [s.scrollWidth, s.clientWidth]; })()"
    )
    page.screenshot(path=str(SHOTS / f"layout-long-sheet-{lang}-{width}.png"))
    assert widths[0] <= widths[1], widths
    # the heading is read out as the word, without its soft hyphen (the accessibility tree's
    # name, as a screen reader gets it)
    tree = page.context.new_cdp_session(page).send("Accessibility.getFullAXTree")
    heads = [
        n.get("name", {}).get("value", "")
        for n in tree["nodes"]
        if n.get("role", {}).get("value") == "columnheader"
    ]
    word = {"en": "Declarer", "de": "Alleinspieler", "zh": "庄家", "sv": "Spelförare"}[lang]
    assert word in heads, heads
    assert not any("\u00ad" in head for head in heads), heads
    assert not page.errors, page.errors


# ---- the top bar: every contract's name whole, the bar's rows steady ----------------------------

# Deal 136 with Spitze, Kontra and Supra allowed: the others pass, forehand (the person) declares
# at 18 and is answered Kontra, says Re and hears Supra: the bar's longest texts. Every contract
# forehand may declare: the Hand games from the skat phase, the others after a pick-up.
LONGEST = Options(kontra=KontraRule.ON, supra=True, spitze=True)
_AT_18 = State.new(parse_deal_number(DEAL), LONGEST).apply("p").apply("p").apply("18")
CONTRACTS = [str(a) for a in _AT_18.legal_actions() if str(a) != "s"] + [
    str(a) for a in _AT_18.apply("s").apply("D8.H7").legal_actions()
]
LANGUAGES = ["en", "de", "zh", "sv"]


def _declared(contract: str) -> str:
    """The record of deal 136 with ``contract`` declared by forehand, Kontra, Re and Supra said."""
    state = (
        _AT_18
        if contract in {str(a) for a in _AT_18.legal_actions()}
        else (_AT_18.apply("s").apply("D8.H7"))
    )
    state = state.apply(contract)
    for said in ("K", "R", "SU"):
        if said not in {str(a) for a in state.legal_actions()}:
            break
        state = state.apply(said)
    while state.phase.value == "kontra":  # the second defender declines
        state = state.apply("-")
    return record.write(record.from_state(state))


CUT = """() => {
  const bar = document.querySelector('header.top-bar').getBoundingClientRect();
  const edge = document.documentElement.clientWidth + 0.5;
  const out = [];
  const info = document.querySelector('.game-info');
  for (const e of [info, ...info.querySelectorAll('*')]) {
    const r = e.getBoundingClientRect();
    if (r.width === 0) continue;
    if (e.scrollWidth > e.clientWidth + 0.5 && e.clientWidth > 0) out.push('cut: ' + e.className);
    if (r.right > edge || r.left < -0.5) out.push('outside the window: ' + e.className);
    if (r.bottom > bar.bottom + 0.5) out.push('below the bar: ' + e.className);
  }
  return out;
}"""


LANGUAGE = """lang => {
  const select = document.querySelector("[data-ui='lang']");
  select.value = lang;
  select.dispatchEvent(new Event('change', {bubbles: true}));
}"""
"""Chooses a language in the bar's menu (as a click on it would, without Playwright's waits)."""


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_every_contracts_name_stands_whole_on_the_bar_in_every_language(
    open_page: Any, server: Any, width: int, height: int
) -> None:
    assert len(CONTRACTS) == 34
    assert {"XO", "NOH", "GO", "DHZ"} <= set(CONTRACTS)
    page = open_page(width, height, BIDDING, 0, "bidding")
    # the bar's height in the auction, in each language (its fonts differ)
    steady = {}
    for lang in LANGUAGES:
        page.evaluate(LANGUAGE, lang)
        steady[lang] = page.evaluate("document.querySelector('header.top-bar').offsetHeight")
    problems: list[str] = []
    # the German deck names the suits (Eichel, Grün, Herz, Schellen), not Grand, Spitze, Null
    passes = [("german", c) for c in CONTRACTS if c[0] in "CSHD"] + [
        ("french", c) for c in CONTRACTS
    ]
    for deck, contract in passes:
        # the store is written where no client runs (a JSON answer of the same origin): a client
        # still saving would find its copy old and reload itself while this one is being read
        answer = page.goto(f"{server.url}api/options")
        assert answer is not None
        assert answer.ok, answer.status
        page.evaluate(
            "([record, deck]) => { const s = JSON.parse(localStorage.getItem('skat.store'));"
            " s.current = {record, human_seat: 0, practice: true}; s.settings.deck = deck;"
            " localStorage.setItem('skat.store', JSON.stringify(s)); }",
            [_declared(contract), deck],
        )
        page.goto(server.url)
        page.wait_for_selector(f".info-game[data-contract='{contract}']")
        page.wait_for_selector("#table[data-busy='0'][data-phase='play']")
        for lang in LANGUAGES:
            page.evaluate(LANGUAGE, lang)
            where = f"{contract} {deck} {lang}"
            problems += [f"{where}: {p}" for p in page.evaluate(CUT)]
            if "Supra" not in (page.text_content(".info-kontra") or ""):
                problems.append(f"{where}: no Supra on the bar")
            if width >= 1280:
                # the game's row stays one line, and the bar the height it had in the auction
                tops = page.evaluate(
                    "[...document.querySelectorAll('.game-info > *')]"
                    ".map((e) => Math.round(e.getBoundingClientRect().top))"
                )
                if max(tops) - min(tops) > 4:
                    problems.append(f"{where}: the game info takes two lines {tops}")
                bar = page.evaluate("document.querySelector('header.top-bar').offsetHeight")
                if bar != steady[lang]:
                    problems.append(f"{where}: the bar is {bar} px high, not {steady[lang]}")
            if contract in ("GO", "NOH", "XO", "DHZ") and lang in ("de", "zh"):
                page.screenshot(path=str(SHOTS / f"bar-{contract}-{deck}-{lang}-{width}.png"))
    assert not problems, problems[:20]
    assert not page.errors, page.errors


# ---- the score sheet on phones ----------------------------------------------------------------


def test_the_score_sheet_fits_a_375px_phone_and_hints_where_it_scrolls(open_page: Any) -> None:
    page = open_page(375, 740, KONTRA, 2, "play", series=True)
    page.click("[data-ui='open-sheet']")
    page.wait_for_selector("table.sheet [data-row='4']")
    fit = f"({SCROLLER}.scrollWidth - {SCROLLER}.clientWidth)"
    assert page.evaluate(fit) <= 0
    # every column of the totals is inside the panel (both measured in one evaluation, so that a
    # re-rendered panel cannot be caught between the two)
    beyond = page.evaluate(
        """() => {
            const panel = document.querySelector('.dialog.panel').getBoundingClientRect();
            const last = document.querySelector('table.sheet thead th:last-child')
                .getBoundingClientRect();
            return last.right - panel.right;
        }"""
    )
    assert beyond <= 0
    assert _overflow(page) <= 0

    # and at 320 px, with the declarer's heading on two lines
    page.set_viewport_size({"width": 320, "height": 640})
    page.wait_for_function(f"{fit} <= 0")
    assert _overflow(page) <= 0
    assert not page.errors, page.errors


def test_a_sheet_too_wide_for_a_320px_phone_scrolls_and_fades_its_scrollable_edge(
    seeded_page: Any, server: Any
) -> None:
    """The long series' sheet in German is too wide for 320 px: it scrolls, and its scrollable
    edge fades out until it is scrolled to the end."""
    store = {
        "schema": 2,
        "settings": SETTINGS,
        "current": None,
        "series": LONG_SERIES,
        "archive": [],
    }
    page = seeded_page(320, 640, "skat.store", store)
    page.goto(server.url)
    page.wait_for_selector("#table[data-busy='0']", timeout=30_000)
    page.click("[data-ui='open-sheet']")
    page.wait_for_selector("table.sheet [data-row='15']")
    page.wait_for_function(f"{SCROLLER}.scrollWidth - {SCROLLER}.clientWidth > 0")
    mask = f"getComputedStyle({SCROLLER}).maskImage"
    # the scroll-driven animation may take a frame to follow the new width
    page.wait_for_function(f"{mask}.includes('gradient')", timeout=5_000)
    page.evaluate(f"{SCROLLER}.scrollLeft = {SCROLLER}.scrollWidth")
    page.wait_for_function(f"{mask} === 'none'")
    assert _overflow(page) <= 0
    assert not page.errors, page.errors


# ---- the hand ----------------------------------------------------------------------------------


def test_a_raised_hand_card_leaves_the_next_cards_index_corner_in_view(open_page: Any) -> None:
    page = open_page(1280, 800, LEAD, 0, "play")
    cards = page.locator("[data-card]")
    assert cards.count() == 10
    assert page.locator("[data-card]:disabled").count() == 0
    for i in (0, 4):
        mine = cards.nth(i)
        before = mine.bounding_box()
        mine.hover()
        page.wait_for_function(
            "([i, top]) => "
            "document.querySelectorAll('[data-card]')[i].getBoundingClientRect().top <= top - 11",
            arg=[i, before["y"]],
        )
        # the hovered card is raised and still covers the next card's top left corner
        raised = mine.bounding_box()
        nxt = cards.nth(i + 1).bounding_box()
        x, y = nxt["x"] + 6, nxt["y"] + 12
        assert raised["x"] < x < raised["x"] + raised["width"]
        assert raised["y"] < y < raised["y"] + raised["height"]
        shown = page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y)?.closest('[data-card]')?.dataset.card",
            [x, y],
        )
        assert shown == cards.nth(i + 1).get_attribute("data-card")
    assert not page.errors, page.errors
