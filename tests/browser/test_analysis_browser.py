"""'Could I have won?' in the browser: the analysis panel opened from the result and from a score
sheet row's review, driven through the UI only (README, "Test contract").

Each deal is a deal number and the person's actions in it, played through the UI; the computers
(the conftest's ``heuristic`` level) answer the same on every run (``decision_rng(deal number,
action index)``). The deals were found with :func:`find` (run this file as a script:
``PYTHONPATH=.:tests python tests/browser/test_analysis_browser.py lost``): every seat played by
the heuristic, the analysis (:func:`skat.analysis.analyse`) asked whether the person's seat shows
the situation wanted. Each test checks that the deal still ends as pinned and that the panel shows
what the core's analysis of the shown record says (the verdict and better cards of every card of
the person, the game choice rows), so neither the panel nor the pinned deal can drift unnoticed.

Screenshots of the panel at 1280×800 and 390×844 go to ``tests/screenshots/`` (git-ignored).
"""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from skat.analysis import analyse
from skat.server import game

from table_helpers import PLAYER, SHOTS, choose_contract, open_deal, settings_page

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
ANALYSIS_WAIT_MS = 120_000  # the analysis takes ~1-5 s; a loaded machine's tests run side by side

# Deal number → the person's actions (record tokens), found by find() and pinned.
LOST = (14, ["18", "s", "HK.H8", "C", "DA", "C7", "C8", "C9", "CA", "SJ", "H9", "HJ", "D7", "D9"])
"""A Clubs game the person (rearhand) loses with 59 card points: won with every card open from
the first card; C7 in the second trick turned it (better: SJ HJ H9 D9 D7)."""
WON = (9, ["18", "s", "SQ.D8", "H", "CJ", "H7", "H9", "HJ", "SA", "CA", "ST", "C7", "HK", "HT"])
"""A Hearts game the person (forehand) wins with 101 card points, every card of theirs best."""
DEFEND = (6, ["p", "CA", "H7", "DT", "H9", "S9", "HQ", "HK", "C9", "SK", "CT"])
"""Rearhand's Grand, won with 82 card points; the person (forehand) defends: the opening lead CA
turned a plain win (84) into a win with Schneider (91; better: CK S9 HQ H9 H7...)."""


# ---- finding the deals (run as a script) ------------------------------------------------------


def _playout(number: int) -> Any:
    """Deal ``number`` with every seat played by the heuristic (the computers' answers to the
    person's same actions are these: they draw from the deal number and the action index)."""
    from skat.server.app import load_player

    _, choose = load_player(PLAYER)
    state = game.new_state(number, game.parse_options({}), rng=None)  # type: ignore[arg-type]
    return game.computers(state, 3, choose).state  # seat 3: nobody, every seat a computer


def _wanted(kind: str, state: Any, human: int) -> bool:
    if state.contract is None or state.declarer is None:
        return False
    result = state.result()
    declarer = int(state.declarer) == human
    if (kind in ("lost", "won") and not declarer) or (kind == "defend" and declarer):
        return False
    a = analyse(state, human, game_choice=False)
    if kind == "lost":
        return a.answer == "lost_winnable" and any(
            c.verdict == "outcome" and c.after_outcome is not None and not c.after_outcome.won
            for c in a.cards
        )
    if kind == "won":
        return a.answer == "won" and not a.mistakes and not result.overbid
    return any(c.verdict == "outcome" for c in a.cards)


def find(kind: str, start: int = 1, stop: int = 2000) -> tuple[int, list[str]]:
    """The first deal number in ``start`` .. ``stop`` whose heuristic play shows ``kind``
    (``lost``: the person declares and loses a game won from the first card, a card of theirs
    turned it; ``won``: the person declares and wins with no card that cost anything;
    ``defend``: the person defends and a card of theirs changed the outcome: won or lost,
    Schneider, Schwarz), and the person's actions in it."""
    for number in range(start, stop):
        human = number % 3
        state = _playout(number)
        if _wanted(kind, state, human):
            mine = [
                str(a) for a, who in zip(state.actions, state.actors, strict=True) if who == human
            ]
            return number, mine
    raise LookupError(f"no deal of kind {kind!r} in {start}..{stop}")


# ---- the browser ------------------------------------------------------------------------------


def _settle(page: Any) -> str:
    """Waits until the table takes input; the phase."""
    page.wait_for_selector("#table[data-busy='0']", timeout=60_000)
    return page.get_attribute("#table", "data-phase") or ""


def _declare(page: Any, contract: str) -> None:
    choose_contract(page, contract)
    page.click("[data-action='declare']")


def play(page: Any, server: Any, number: int, actions: list[str]) -> str:
    """Types deal ``number`` and plays the person's ``actions`` through the UI; the record the
    result panel shows."""
    open_deal(page, server.url, number)
    todo = list(actions)
    while todo:
        phase = _settle(page)
        assert phase != "result", f"the deal ended with {todo} still to play"
        token = todo.pop(0)
        if phase == "discard":
            for card in token.split("."):
                page.click(f"[data-card='{card}']")
            page.click("[data-action='discard']")
            _declare(page, todo.pop(0))
        elif phase == "skat" and token != "s":
            page.click("[data-ui='hand']")
            _declare(page, token)
        elif phase == "play":
            page.click(f"[data-card='{token}']")
        elif token.isdigit() and not page.locator(f".controls [data-action='{token}']").count():
            page.select_option("select[data-ui='jump']", token)
            page.click("[data-ui='jump-go']")
        else:
            page.click(f".controls [data-action='{token}']")
    assert _settle(page) == "result"
    return page.get_attribute("[data-result]", "data-record") or ""


def open_analysis(page: Any, where: str = "result") -> Any:
    """Clicks "Could I have won?" (``where``: ``result`` or ``row``) and waits for the panel."""
    page.click(f"[data-ui='analyse'][data-analyse-for='{where}']")
    panel = page.locator("[data-panel='analysis']")
    panel.wait_for()
    page.wait_for_selector(
        "[data-panel='analysis']:not([data-analysis-state='loading'])", timeout=ANALYSIS_WAIT_MS
    )
    assert panel.get_attribute("data-analysis-state") == "ready", panel.inner_text()
    return panel


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))
    # the panel scrolls: its game choice and notes too
    page.eval_on_selector("[data-panel='analysis']", "p => { p.scrollTop = p.scrollHeight; }")
    page.screenshot(path=str(SHOTS / f"{name}-end.png"))
    page.eval_on_selector("[data-panel='analysis']", "p => { p.scrollTop = 0; }")


Marks = dict[str, tuple[str, str, list[str], bool]]


def shown_marks(page: Any) -> Marks:
    """The person's cards as the panel marks them: card → (verdict, cost, better cards, whether
    the other side gave its cost back)."""
    marks: dict[str, list[Any]] = page.eval_on_selector_all(
        "[data-analysis-trick] [data-analysis-card][data-verdict]",
        """cards => Object.fromEntries(cards.map(c => {
            const note = c.closest('[data-analysis-trick]')
                .querySelector(`.trick-note[data-for="${c.dataset.analysisCard}"]`);
            const better = [...note.querySelectorAll('[data-better]')].map(b => b.dataset.better);
            const kept = c.dataset.unpunished === "1";
            return [c.dataset.analysisCard, [c.dataset.verdict, c.dataset.cost, better, kept]];
        }))""",
    )
    return {k: (v[0], v[1], v[2], v[3]) for k, v in marks.items()}


def core_marks(record: str, seat: int) -> Marks:
    """The same, from the core's analysis of ``record``."""
    a = analyse(record, seat, game_choice=False).to_json()
    cards: list[dict[str, Any]] = a["cards"]  # type: ignore[assignment]
    return {
        c["card"]: (
            c["verdict"],
            str(c["cost"]),
            [] if c["verdict"] == "best" else list(c["best"]),
            bool(c["unpunished"]),
        )
        for c in cards
    }


@pytest.mark.parametrize("size", list(SIZES))
def test_a_lost_game_marks_the_losing_card_and_the_winning_alternative(
    seeded_page: Any, server: Any, browser: Any, size: str
) -> None:
    number, actions = LOST
    page = settings_page(seeded_page, size)
    record = play(page, server, number, actions)
    panel = open_analysis(page)
    shoot(page, f"analysis-lost-{size}")
    assert panel.get_attribute("data-answer") == "lost_winnable"
    assert page.locator("[data-analysis-first]").get_attribute("data-analysis-first") == "won"
    marks = shown_marks(page)
    assert marks == core_marks(record, number % 3)
    # the pinned deal: C7 in the second trick lost the game; D7 (among others) kept it won
    c7 = page.locator("[data-analysis-trick='1'] [data-analysis-card='C7']")
    assert c7.get_attribute("data-verdict") == "outcome"
    assert "D7" in marks["C7"][2]
    assert not page.errors, page.errors


def test_a_won_game_without_mistakes_marks_every_card_best_and_esc_gives_the_focus_back(
    seeded_page: Any, server: Any
) -> None:
    number, actions = WON
    page = settings_page(seeded_page, "desktop")
    record = play(page, server, number, actions)
    panel = open_analysis(page)
    assert panel.get_attribute("data-answer") == "won"
    marks = shown_marks(page)
    assert marks == core_marks(record, number % 3)
    assert len(marks) == 10
    assert {v for v, _, _, _ in marks.values()} == {"best"}
    assert page.locator("[data-analysis-trick] .trick-note [data-better]").count() == 0
    # keyboard: the focus is in the panel; Esc closes it and gives the focus back to the button
    assert page.evaluate("document.activeElement.dataset.ui") == "close-analysis"
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-panel='analysis']", state="detached")
    assert page.evaluate("document.activeElement.dataset.analyseFor") == "result"
    assert not page.errors, page.errors


@pytest.mark.parametrize("size", list(SIZES))
def test_a_defence_mistake_is_marked_for_the_defender(
    seeded_page: Any, server: Any, size: str
) -> None:
    number, actions = DEFEND
    page = settings_page(seeded_page, size, lang="de")
    record = play(page, server, number, actions)
    panel = open_analysis(page)
    shoot(page, f"analysis-defend-de-{size}")
    assert panel.get_attribute("data-answer") == "unbeatable"
    marks = shown_marks(page)
    assert marks == core_marks(record, number % 3)
    # the opening lead CA gave the declarer Schneider
    assert marks["CA"][0] == "outcome"
    assert marks["CA"][2]
    lead = page.locator("[data-analysis-trick='0'] [data-analysis-card='CA']")
    assert lead.get_attribute("data-verdict") == "outcome"
    note = page.inner_text("[data-analysis-trick='0'] .trick-note[data-for='CA']")
    assert "Schneider gewonnen" in note  # worded in German
    # ... open-handed; at the table the declarer gave the Schneider back: marked, and said so
    assert marks["CA"][3] is True
    assert lead.get_attribute("data-unpunished") == "1"
    assert "ohne Folgen" in note
    assert "Gegenspieler" in panel.inner_text()
    assert not page.errors, page.errors


def test_a_passed_deal_is_analysed_for_the_bid_the_seat_could_have_made(
    seeded_page: Any, server: Any
) -> None:
    """All passed (ISkO: a new deal): no card play, but the strong player's bid limit with the
    seat's ten cards says whether the seat should have bid."""
    number = 509  # rearhand (509 mod 3); every seat passes
    page = settings_page(seeded_page, "desktop")
    record = play(page, server, number, ["p"])
    panel = open_analysis(page)
    assert panel.get_attribute("data-answer") == "passed"
    limit = analyse(record, number % 3, game_choice=False).to_json()["estimates"]
    assert isinstance(limit, dict)
    assert limit["bid_limit"] > 0
    shown = page.locator("[data-estimate-limit]")
    assert shown.get_attribute("data-estimate-limit") == str(limit["bid_limit"])
    assert shown.get_attribute("data-estimate-bid") == "0"
    assert not page.locator("[data-analysis-trick]").count()
    # the strong computer would have bid where the person passed: the list says it ends there
    calls = limit["calls"]
    assert isinstance(calls, list)
    page.wait_for_selector("ol[data-estimate-calls]")
    last = calls[-1]
    parted = page.locator("[data-estimate-parted]")
    assert parted.count() == int(last["said"] != last["strong"])
    if last["said"] != last["strong"]:
        assert parted.get_attribute("data-estimate-parted") == str(last["index"])
    assert not page.errors, page.errors


def test_the_game_choice_table_shows_every_game_as_the_core_values_it_and_the_bid_limit(
    seeded_page: Any, server: Any
) -> None:
    number, actions = LOST
    page = settings_page(seeded_page, "desktop")
    record = play(page, server, number, actions)
    # the person's calls are judged apart (POST /api/analysis/calls): the rest is shown first
    held: list[Any] = []
    page.route("**/api/analysis/calls", lambda route: held.append(route))
    open_analysis(page)
    page.wait_for_selector("[data-estimate-calls='loading'] [role='status']")
    page.wait_for_function("true")  # let the request reach the route
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_selector("ol[data-estimate-calls]")
    choice = analyse(record, number % 3).game_choice
    assert choice is not None
    rows = page.eval_on_selector_all(
        "[data-choice]",
        "rows => rows.map(r => [r.dataset.choice, r.dataset.played, r.dataset.won])",
    )
    want = [
        [
            str(r.contract),
            "1" if r.played else "0",
            "" if r.outcome is None else str(int(r.outcome.won)),
        ]
        for r in (*choice.hand, *choice.pickup)
    ]
    assert rows == want
    # what the person could have known: the strong computer's bid limit beside the bid
    estimate = page.locator("[data-estimate-limit]")
    assert estimate.get_attribute("data-estimate-limit") == "36"
    assert estimate.get_attribute("data-estimate-bid") == "18"
    assert "36" in estimate.inner_text()
    # and the person's calls in this auction, each beside the strong computer's call there
    estimates = analyse(record, number % 3, game_choice=False).estimates
    assert estimates is not None
    assert estimates.calls
    calls = estimates.calls
    assert estimate.locator("[data-estimate-calls]").get_attribute("data-estimate-calls") == str(
        len(calls)
    )
    shown_calls = page.eval_on_selector_all(
        "[data-estimate-call]",
        "rows => rows.map(r => [r.dataset.estimateCall, r.dataset.said, r.dataset.strong, "
        "r.dataset.decided])",
    )
    assert shown_calls == [[str(c.index), c.said, c.strong, c.reason["decided"]] for c in calls]
    # a list ending where the strong computer would have called otherwise says so
    parted = calls[-1].said != calls[-1].strong
    assert estimate.locator("[data-estimate-parted]").count() == int(parted)
    estimate.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "analysis-estimate-desktop.png"))
    # the game played (Clubs after the pick-up) is marked; a Hand Clubs game would have been won
    assert page.get_attribute("[data-choice='C']", "data-played") == "1"
    assert page.get_attribute("[data-choice='CH']", "data-won") == "1"
    assert page.locator("[data-choice='C'] [data-choice-discard]").count() == 2
    assert not page.errors, page.errors


def _finished_page(seeded_page: Any, size: str, lang: str, number: int, actions: list[str]) -> Any:
    """The result of the pinned deal as a reload shows it (stored as the deal in progress, a
    practice deal), in ``lang``."""
    from skat.server.app import load_player

    _, choose = load_player(PLAYER)
    human = number % 3
    dealt = game.new_state(number, game.parse_options({}), rng=None)  # type: ignore[arg-type]
    state = game.computers(dealt, human, choose).state
    todo = list(actions)
    while todo:
        step = [todo.pop(0)]
        if state.phase.value == "discard":
            step.append(todo.pop(0))
        state = game.play(state, human, step, choose).state
    assert state.is_terminal()
    current = {"record": game.write_record(state), "human_seat": human, "practice": True}
    page = seeded_page(*SIZES[size], "skat.v1.current", current)
    settings = {"lang": lang, "trickWait": "time", "trickMs": 40, "cardMs": 10, "callMs": 10}
    page.context.add_init_script(
        f"localStorage.setItem('skat.v1.settings', {json.dumps(json.dumps(settings))})"
    )
    return page


@pytest.mark.parametrize("lang", ["en", "de", "zh", "sv"])
def test_the_panel_in_every_language_with_the_servers_error_named(
    seeded_page: Any, server: Any, lang: str
) -> None:
    number, actions = LOST
    page = _finished_page(seeded_page, "desktop", lang, number, actions)
    page.goto(server.url)
    page.wait_for_selector("[data-result]")
    calls: list[Any] = []  # the person's calls are judged apart: held, their waiting line shows
    page.route("**/api/analysis/calls", lambda route: calls.append(route))
    open_analysis(page)
    page.wait_for_selector("[data-estimate-calls='loading'] [role='status']")
    page.locator("[data-estimate-calls='loading']").scroll_into_view_if_needed()
    shoot(page, f"analysis-calls-wait-{lang}-desktop")
    waiting = page.locator("[data-panel='analysis']").inner_text()
    assert "analysis." not in waiting  # no key shown for a missing text
    page.wait_for_function("true")  # let the request reach the route
    calls[0].continue_()
    page.wait_for_selector("ol[data-estimate-calls]")
    shoot(page, f"analysis-lost-{lang}-desktop")
    assert page.locator("[data-analysis-trick]").count() == 10
    assert page.locator("[data-note='open_hand']").count() == 1
    text = page.locator("[data-panel='analysis']").inner_text()
    assert "analysis." not in text  # no key shown for a missing text
    page.click("[data-ui='close-analysis']")
    # while the server computes the panel waits; then it names the server's refusal
    held: list[Any] = []
    page.route("**/api/analysis", lambda route: held.append(route))
    page.click("[data-ui='analyse'][data-analyse-for='result']")
    page.wait_for_selector("[data-panel='analysis'][data-analysis-state='loading'] [role='status']")
    assert page.get_attribute("[data-panel='analysis']", "aria-busy") == "true"
    page.wait_for_function("true")  # let the request reach the route
    assert len(held) == 1
    held[0].fulfill(
        status=400,
        content_type="application/json",
        body=json.dumps({"error": {"code": "not_finished", "message": "phase 'play'"}}),
    )
    page.wait_for_selector("[data-panel='analysis'][data-analysis-state='error']")
    assert page.get_attribute("[data-analysis-error]", "data-analysis-error") == "not_finished"
    assert "phase 'play'" in page.inner_text("[data-analysis-error]")
    assert not page.errors, page.errors


def _first_enabled(page: Any) -> str:
    cards = page.eval_on_selector_all(
        "[data-card]:not([disabled])", "els => els.map(e => e.dataset.card)"
    )
    return str(sorted(cards)[0])


def test_a_series_rows_review_opens_the_analysis(seeded_page: Any, server: Any) -> None:
    page = settings_page(seeded_page, "phone", lang="sv")
    page.goto(server.url)
    for _deal in range(10):  # a series deal (random cards): pass, then the first playable card
        while (phase := _settle(page)) != "result":
            if phase == "play":
                page.click(f"[data-card='{_first_enabled(page)}']")
            elif page.locator(".controls [data-action='p']").count():
                page.click(".controls [data-action='p']")
            else:
                page.click(".controls [data-action]")
        if "passed" not in (page.get_attribute("[data-result]", "data-result") or ""):
            break  # a game was played (not all passed: R[passed])
        page.click("[data-ui='next']")
    else:
        pytest.fail("ten deals passed in a row")
    record = page.get_attribute("[data-result]", "data-record") or ""
    seat = int(page.get_attribute("#table", "data-human") or "0")
    page.click("[data-ui='show-sheet']")
    rows = page.locator("[data-row]")
    rows.last.click()
    page.wait_for_selector("[data-review]")
    panel = open_analysis(page, "row")
    shoot(page, "analysis-row-sv-phone")
    assert panel.get_attribute("data-answer") in (
        "beaten",
        "beatable",
        "beatable_later",
        "unbeatable",
    )
    assert shown_marks(page) == core_marks(record, seat)
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-panel='analysis']", state="detached")
    assert page.locator("[data-review]").count() == 1  # Esc closed the analysis, not the review
    assert page.evaluate("document.activeElement.dataset.analyseFor") == "row"
    assert not page.errors, page.errors


if __name__ == "__main__":
    print(find(sys.argv[1], *(int(x) for x in sys.argv[2:])))


def test_an_overbid_row_whose_card_points_were_not_searched_gives_no_range(
    seeded_page: Any, server: Any
) -> None:
    # an overbid game lost whatever is played has the range 0 to 120, which says nothing: the row
    # says lost and overbid with the score (the server's answer changed on its way to the page)
    number, actions = LOST
    page = settings_page(seeded_page, "desktop")
    play(page, server, number, actions)

    def overbid_grand(route: Any) -> None:
        answer = route.fetch().json()
        row = next(r for r in answer["analysis"]["game_choice"]["hand"] if r["contract"] == "GH")
        row["outcome"].update(won=False, overbid=True, points=None, points_min=0, points_max=120)
        route.fulfill(json=answer)

    page.route("**/api/analysis", overbid_grand)
    open_analysis(page)
    text = page.inner_text("[data-choice='GH']")
    assert "overbid" in text, text
    assert "120" not in text, text
    assert not page.errors, page.errors
