"""The review of the person's decisions in a real Chromium (issue 50, point 2), through the UI:
opened from the result panel and from a score sheet row's review, the decisions shown as the
server streams them (``POST /api/review/stream``) with the progress counted, their marks as the
server gives them, the summary, and the table stepped through the deal (buttons and keys: ← →,
N and P for the next and previous mistake) showing each position the server sends; the server's
refusal and a stream broken off are said; in all four languages, desktop and phone.

The server here reviews with a small strong player (``create_app(reviewer=...)``) so that a
review takes seconds; the computers beside the person are the heuristic ones as in the other
browser tests. The finished deal is put in the browser's store (as a reload finds it), not
played through the UI. Screenshots go to ``tests/screenshots/`` (git-ignored).
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from skat.server import game

from table_helpers import FAST, PLAYER, SHOTS, Server, axe_violations, fresh_context

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REVIEWER = (
    "strong:worlds=6,node_budget=40000,min_worlds=2,contract_worlds=6,contract_budget=200000,"
    "defence_worlds=6,defence_budget=40000,rollouts=24,schieben_rollouts=24,kontra_draws=24"
)
"""A strong player small enough for a review in a few seconds (tests/server/test_server_review.py
SMALL)."""

LOST = (14, ["18", "s", "HK.H8", "C", "DA", "C7", "C8", "C9", "CA", "SJ", "H9", "HJ", "D7", "D9"])
"""Deal 14, the person rearhand (tests/browser/test_analysis_browser.py LOST): bids 18, picks up,
puts HK H8 away, plays Clubs and loses it: fourteen decisions of every kind but Kontra."""

SIZE = {"desktop": (1280, 800), "phone": (375, 740)}
"""The window sizes: a desktop's and a small phone's."""

WAIT_MS = 180_000  # the review takes seconds; a loaded machine's tests run side by side
SERIES = "2026-12-01T10:00:00.000Z"


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    """The app reviewing with the small strong player."""
    server = Server(player=PLAYER, reviewer=REVIEWER)
    server.start()
    yield server.url
    server.stop()


def _record() -> tuple[str, int]:
    """The record of the pinned deal played out, and the person's seat."""
    from skat.server.app import load_player

    number, actions = LOST
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
    return game.write_record(state), human


def _page(browser: Any, url: str, size: str, lang: str, on_sheet: bool = False) -> Any:
    """A page showing the result of the pinned deal: a practice deal, or (``on_sheet``) the
    deal of a series, written on its score sheet as the page opens."""
    record, human = _record()
    settings = {**FAST, "lang": lang, "trickWait": "time"}
    current: dict[str, Any] = {"record": record, "human_seat": human, "practice": not on_sheet}
    series = None
    if on_sheet:
        current["series_id"] = SERIES
        series = {
            "id": SERIES, "started": SERIES, "length": 0, "list": "seeger_fabian", "draw": None,
            "deals": [], "open": {"record": record, "human_seat": human},
        }  # fmt: skip
    store = {"schema": 2, "settings": settings, "current": current, "series": series, "archive": []}
    context = fresh_context(browser, size, store=store)
    page = context.new_page()
    page.set_viewport_size(dict(zip(("width", "height"), SIZE[size], strict=True)))
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.errors = errors
    # every state the panel shows, as it changes: the progress, the decisions listed, a summary
    page.add_init_script(
        """window.seenReview = [];
        new MutationObserver(() => {
          const p = document.querySelector('[data-game-review-progress]');
          if (!p) return;
          const seen = [p.dataset.gameReviewProgress,
                        document.querySelectorAll('[data-decision]').length,
                        !!document.querySelector('[data-game-review-summary]')];
          const last = window.seenReview[window.seenReview.length - 1];
          if (!last || last.join() !== seen.join()) window.seenReview.push(seen);
        }).observe(document, {subtree: true, childList: true, attributes: true});"""
    )
    page.goto(url)
    page.wait_for_selector("[data-result]")
    return page


def _review(page: Any, url: str) -> dict[str, Any]:
    """The review the server gives of the deal on the page (``POST /api/review``: the same as
    its stream, which the page has read)."""
    body = {
        "record": page.get_attribute("[data-result]", "data-record"),
        "human_seat": int(page.get_attribute("#table", "data-human") or "0"),
    }
    request = urllib.request.Request(
        url + "api/review", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=WAIT_MS / 1000) as answer:
        review: dict[str, Any] = json.loads(answer.read())["review"]
    return review


def _open(page: Any, where: str = "result") -> Any:
    page.click(f"[data-ui='game-review'][data-game-review-for='{where}']")
    panel = page.locator("[data-panel='game-review']")
    panel.wait_for()
    page.wait_for_selector(
        "[data-panel='game-review']:not([data-game-review-state='loading'])", timeout=WAIT_MS
    )
    assert panel.get_attribute("data-game-review-state") == "ready", panel.inner_text()
    return panel


def _shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"gamereview-{name}.png"))


def _shown(page: Any) -> dict[str, Any]:
    """The position the panel shows: its step, action index, mark, hand, trick, calls and the
    cards marked taken and better."""
    shown: dict[str, Any] = page.eval_on_selector(
        "[data-game-review-position]",
        """p => {
        const cards = (sel) => [...p.querySelectorAll(sel)].map(c => c.dataset.handCard).sort();
        const token = (attr) => p.querySelector(`[data-${attr}]:not([data-hand-card])`);
        return {
          step: Number(p.dataset.gameReviewPosition), index: Number(p.dataset.index),
          mark: p.dataset.mark,
          hand: [...p.querySelectorAll('[data-hand-card]')].map(c => c.dataset.handCard).sort(),
          trick: [...p.querySelectorAll('[data-trick-card]')]
            .map(c => ({seat: Number(c.dataset.seat), card: c.dataset.trickCard})),
          calls: [...p.querySelectorAll('[data-position-call]')]
            .map(c => ({seat: Number(c.dataset.seat), action: c.dataset.action})),
          taken: cards('[data-hand-card][data-taken]'),
          better: cards('[data-hand-card][data-better]'),
          takenToken: token('taken')?.dataset.taken,
          betterToken: token('better')?.dataset.better ?? null,
        }; }""",
    )
    return shown


CARD = re.compile(r"^[CSHD][AKQJT987]$")


def _cards(token: str) -> list[str]:
    """The cards a token names (a card, a discard ``HK.H8``), sorted; none for a call."""
    parts = token.split(".")
    return sorted(parts) if all(CARD.match(p) for p in parts) else []


def _expected(decision: dict[str, Any], step: int) -> dict[str, Any]:
    """What :func:`_shown` gives for the server's ``decision`` at ``step``."""
    p = decision["position"]
    taken, best = decision["taken"], decision["best"]
    # beside a decision marked best the computer's other action is named as just as good
    differs = best != taken and decision["mark"] not in ("forced", "unjudged")
    return {
        "step": step,
        "index": decision["index"],
        "mark": decision["mark"],
        "hand": sorted(p["hand"]),
        "trick": p["trick"],
        "calls": p["calls"],
        "taken": [c for c in _cards(taken) if c in p["hand"]],
        # a card both put away is the person's choice too: only the others are marked better
        "better": [c for c in _cards(best) if c in p["hand"] and c not in _cards(taken)]
        if best != taken
        else [],
        "takenToken": taken,
        "betterToken": best if differs else None,
    }


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_review_streams_its_decisions_and_steps_through_the_deal(
    browser: Any, url: str, size: str
) -> None:
    page = _page(browser, url, size, "en")
    panel = _open(page)
    _shoot(page, f"ready-en-{size}")
    summary = _review(page, url)
    decisions = summary["decisions"]
    n = len(decisions)
    assert n >= 10
    # streamed: a count of fewer than all was shown with as many decisions listed, no summary
    seen = page.evaluate("window.seenReview")
    partial = [s for s in seen if s[0] and 0 < int(s[0].split("/")[0]) < n]
    assert partial, seen
    assert all(s[1] == int(s[0].split("/")[0]) and not s[2] for s in partial), seen
    assert (
        panel.locator("[data-game-review-progress]").get_attribute("data-game-review-progress")
        == f"{n}/{n}"
    )
    # the marks as the server gave them, the summary's counts and total
    listed = page.eval_on_selector_all(
        "[data-decision]", "els => els.map(e => [Number(e.dataset.decision), e.dataset.mark])"
    )
    assert listed == [[d["index"], d["mark"]] for d in decisions]
    box = panel.locator("[data-game-review-summary]")
    # a number as JavaScript writes it: a whole total has no ".0"
    assert float(box.get_attribute("data-total") or "nan") == summary["total"]
    for mark, count in summary["marks"].items():
        assert panel.locator(f"[data-marks-count='{mark}']").count() == int(count > 0)
    assert (
        panel.locator("[data-open-hand]").get_attribute("data-open-hand")
        == summary["open_hand"]["answer"]
    )
    # stepping: the first decision's position, then forward and back with the buttons
    assert _shown(page) == _expected(decisions[0], 0)
    assert decisions[0]["phase"] == "bidding"  # the call taken follows the calls, marked
    taken = page.locator("[data-position-calls] [data-call-taken]")
    assert taken.get_attribute("data-call-taken") == decisions[0]["taken"]
    assert taken.get_attribute("data-mark") == decisions[0]["mark"]
    assert page.locator("[data-call-better]").count() == int(
        decisions[0]["best"] != decisions[0]["taken"]
    )
    assert page.locator("[data-ui='game-review-back']").is_disabled()
    page.click("[data-ui='game-review-forward']")
    assert _shown(page) == _expected(decisions[1], 1)
    page.click("[data-ui='game-review-forward']")
    page.click("[data-ui='game-review-back']")
    assert _shown(page) == _expected(decisions[1], 1)
    # the keys: → ← End Home, wherever the focus is
    page.keyboard.press("ArrowRight")
    assert _shown(page)["step"] == 2
    page.keyboard.press("End")
    last = _shown(page)
    assert last == _expected(decisions[-1], n - 1)
    assert last["trick"] or last["hand"] == [decisions[-1]["taken"]]  # the last card
    assert page.locator("[data-ui='game-review-forward']").is_disabled()
    page.keyboard.press("ArrowLeft")
    assert _shown(page)["step"] == n - 2
    page.keyboard.press("Home")
    assert _shown(page)["step"] == 0
    # a card decision shows the trick and marks the card taken with its mark
    card = next(
        i for i, d in enumerate(decisions) if d["phase"] == "play" and d["position"]["trick"]
    )
    page.click(f"[data-ui='game-review-decision'][data-step='{card}']")
    shown = _shown(page)
    assert shown == _expected(decisions[card], card)
    assert shown["taken"] == [decisions[card]["taken"]]
    assert (
        page.get_attribute("[data-hand-card][data-taken]", "data-mark") == decisions[card]["mark"]
    )
    assert (
        page.get_attribute(f"[data-decision='{decisions[card]['index']}']", "aria-current")
        == "step"
    )
    _shoot(page, f"card-en-{size}")
    text = panel.inner_text()
    assert "gamereview." not in text
    assert "judge." not in text
    # Esc closes it; the focus goes back to its button
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-panel='game-review']", state="detached")
    assert page.evaluate("document.activeElement.dataset.gameReviewFor") == "result"
    # opened again, it is shown at once (kept while the page is open)
    page.click("[data-ui='game-review'][data-game-review-for='result']")
    assert page.get_attribute("[data-panel='game-review']", "data-game-review-state") == "ready"
    assert not page.errors, page.errors


def _with_marks(page: Any, marks: dict[int, str]) -> None:
    """The review stream answered as the server gives it, the decisions at the steps of
    ``marks`` marked so and every other one ``good`` (the deal's own marks depend on the
    sampling: the jumps need mistakes where the test knows them)."""

    def change(route: Any) -> None:
        # the whole review streamed by the server first (seconds; minutes on a loaded machine)
        whole = route.fetch(timeout=WAIT_MS).text()
        lines = [json.loads(line) for line in whole.splitlines() if line]
        step = 0
        for line in lines:
            if "decision" in line:
                line["decision"]["mark"] = marks.get(step, "good")
                step += 1
        body = "".join(json.dumps(line) + "\n" for line in lines)
        route.fulfill(status=200, content_type="application/x-ndjson", body=body)

    page.route("**/api/review/stream", change)


def test_next_and_previous_mistake_jump_with_buttons_and_keys(browser: Any, url: str) -> None:
    page = _page(browser, url, "desktop", "en")
    _with_marks(page, {3: "mistake", 7: "blunder", 9: "inaccuracy"})
    _open(page)
    marks = page.eval_on_selector_all("[data-decision]", "els => els.map(e => e.dataset.mark)")
    assert [i for i, m in enumerate(marks) if m in ("mistake", "blunder")] == [3, 7]
    assert page.locator("[data-ui='game-review-prev-mistake']").is_disabled()
    page.click("[data-ui='game-review-next-mistake']")
    assert _shown(page)["step"] == 3
    page.keyboard.press("n")
    assert _shown(page)["step"] == 7  # the inaccuracy at 9 is no stop
    assert _shown(page)["mark"] == "blunder"
    assert page.locator("[data-ui='game-review-next-mistake']").is_disabled()
    page.keyboard.press("n")  # no mistake after it: it stays
    assert _shown(page)["step"] == 7
    page.keyboard.press("p")
    assert _shown(page)["step"] == 3
    assert page.locator("[data-ui='game-review-prev-mistake']").is_disabled()
    page.click("[data-ui='game-review-prev-mistake']", force=True)  # disabled: nothing happens
    assert _shown(page)["step"] == 3
    _shoot(page, "mistake-en-desktop")
    assert not page.errors, page.errors


@pytest.mark.parametrize(
    ("lang", "size"),
    [(lang, size) for lang in ("de", "sv", "zh") for size in ("desktop", "phone")],
)  # English: the streaming and stepping tests above, desktop and phone
def test_the_panel_in_every_language(browser: Any, url: str, lang: str, size: str) -> None:
    page = _page(browser, url, size, lang)
    panel = _open(page)
    page.keyboard.press("n")  # to a mistake where there is one
    _shoot(page, f"ready-{lang}-{size}")
    text = panel.inner_text()
    assert "gamereview." not in text  # no key shown for a missing text
    assert "judge." not in text
    word = {"de": "Entscheidung", "sv": "beslut", "zh": "决策"}[lang]
    assert word in text
    # nothing wider than the screen on a phone
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZE[size][0], width
    assert axe_violations(page, "[data-panel='game-review']") == []
    assert not page.errors, page.errors


def test_a_double_click_on_the_button_leaves_the_panel_open(browser: Any, url: str) -> None:
    # the panel's overlay covers its button: the second click of a double-click lands on it
    page = _page(browser, url, "desktop", "en")
    # the server is not asked: the panels stay open with the request failed, as they would
    # while it runs (a review or replay left running would hold the server at its stop)
    page.route("**/api/review/stream", lambda route: route.abort())
    page.route("**/api/replay", lambda route: route.abort())
    for button, panel in (
        ("[data-ui='game-review'][data-game-review-for='result']", "[data-panel='game-review']"),
        ("[data-ui='replay-computer']", "[data-panel='replay']"),
    ):
        page.locator(button).first.scroll_into_view_if_needed()
        box = page.locator(button).first.bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.dblclick(x, y)
        page.wait_for_timeout(300)
        assert page.locator(panel).count() == 1, button
        page.mouse.click(x, y)  # a single click beside the panel still closes it
        page.wait_for_selector(panel, state="detached")
    assert not page.errors, page.errors
    page.context.close()


def test_a_sheet_rows_review_opens_the_review_of_that_deal(browser: Any, url: str) -> None:
    page = _page(browser, url, "phone", "sv", on_sheet=True)
    page.click("[data-ui='show-sheet']")
    page.locator("[data-row]").last.click()
    page.wait_for_selector("[data-review]")
    # closed while the server still judges: its reading stops, and opened again it comes whole
    page.click("[data-ui='game-review'][data-game-review-for='row']")
    page.wait_for_selector("[data-panel='game-review'][data-game-review-state='loading']")
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-panel='game-review']", state="detached")
    assert page.locator("[data-review]").count() == 1
    _open(page, "row")
    _shoot(page, "row-sv-phone")
    decisions = _review(page, url)["decisions"]
    assert _shown(page) == _expected(decisions[0], 0)
    page.keyboard.press("ArrowRight")
    assert _shown(page) == _expected(decisions[1], 1)
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-panel='game-review']", state="detached")
    assert page.locator("[data-review]").count() == 1  # Esc closed the game review, not the row's
    assert page.evaluate("document.activeElement.dataset.gameReviewFor") == "row"
    assert not page.errors, page.errors


def test_a_refusal_and_a_broken_stream_are_said_and_the_page_stays_usable(
    browser: Any, url: str
) -> None:
    page = _page(browser, url, "desktop", "de")
    # the server refuses the record
    page.route(
        "**/api/review/stream",
        lambda route: route.fulfill(
            status=400,
            content_type="application/json",
            body=json.dumps({"error": {"code": "not_finished", "message": "phase 'play'"}}),
        ),
    )
    page.click("[data-ui='game-review'][data-game-review-for='result']")
    page.wait_for_selector("[data-panel='game-review'][data-game-review-state='error']")
    error = page.locator("[data-game-review-error]")
    assert error.get_attribute("data-game-review-error") == "not_finished"
    assert page.locator("[data-game-review-progress]").count() == 0  # no waiting said any more
    assert "nicht zu Ende" in error.inner_text()
    _shoot(page, "error-de-desktop")
    page.click("[data-ui='close-game-review']")
    page.wait_for_selector("[data-panel='game-review']", state="detached")
    # the stream starts, gives a decision, then a worker dies: what came stays, the error is said
    page.unroute("**/api/review/stream")

    def broken(route: Any) -> None:
        # the whole review streamed by the server first (seconds; minutes on a loaded machine)
        whole = route.fetch(timeout=WAIT_MS).text()
        lines = [json.loads(line) for line in whole.splitlines() if line]
        cut = [
            lines[0],
            lines[1],
            {"error": {"code": "internal_error", "message": "the review failed"}},
        ]
        route.fulfill(
            status=200,
            content_type="application/x-ndjson",
            body="".join(json.dumps(x) + "\n" for x in cut),
        )

    page.route("**/api/review/stream", broken)
    page.click("[data-ui='game-review'][data-game-review-for='result']")
    page.wait_for_selector(
        "[data-panel='game-review'][data-game-review-state='error']", timeout=WAIT_MS
    )
    assert (
        page.get_attribute("[data-game-review-error]", "data-game-review-error") == "internal_error"
    )
    assert page.locator("[data-decision]").count() == 1
    assert page.locator("[data-game-review-summary]").count() == 0
    # a line that is not JSON
    page.keyboard.press("Escape")
    page.unroute("**/api/review/stream")
    page.route(
        "**/api/review/stream",
        lambda route: route.fulfill(
            status=200, content_type="application/x-ndjson", body="{oops\n"
        ),
    )
    page.click("[data-ui='game-review'][data-game-review-for='result']")
    page.wait_for_selector("[data-game-review-error='bad_line']")
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-panel='game-review']", state="detached")
    # the page is usable: the next deal starts
    page.click("[data-ui='next']")
    page.wait_for_selector("[data-result]", state="detached")
    assert not page.errors, page.errors


def _position_view(page: Any) -> dict[str, float]:
    """Where the position shown lies against what the panel shows of it on the screen (pixels
    from the window's top): ``top``, ``bottom`` of the position, ``from``, ``to`` of the view."""
    view: dict[str, float] = page.eval_on_selector(
        "[data-game-review-position]",
        """p => {
        const box = p.getBoundingClientRect();
        const panel = p.closest("[data-panel='game-review']").getBoundingClientRect();
        return {top: box.top, bottom: box.bottom,
                from: Math.max(panel.top, 0), to: Math.min(panel.bottom, innerHeight)}; }""",
    )
    return view


def _in_view(view: dict[str, float]) -> bool:
    """The position is wholly in view, or (taller than the view) shown from its top."""
    starts = view["from"] - 1 <= view["top"] <= view["from"] + 1
    return view["top"] >= view["from"] - 1 and (view["bottom"] <= view["to"] + 1 or starts)


def test_on_a_phone_each_step_brings_the_position_into_view(browser: Any, url: str) -> None:
    # the panel is taller than a phone's screen, and a position with the bidding's or the
    # discard's reasons taller than what is left below the summary: a step by a line of the
    # list, a button or a key shows the position stepped to, from wherever the panel was scrolled
    page = _page(browser, url, "phone", "en")
    panel = _open(page)
    scroll = "[data-panel='game-review']"
    assert page.eval_on_selector(scroll, "p => p.scrollHeight > p.clientHeight")
    n = panel.locator("[data-decision]").count()
    seen = []
    for step in range(n):  # each from the list, scrolled down to it
        page.eval_on_selector(scroll, "p => p.scrollTop = p.scrollHeight")
        page.click(f"[data-ui='game-review-decision'][data-step='{step}']")
        assert _shown(page)["step"] == step
        seen.append(_position_view(page))
        if step == 1:
            _shoot(page, "phone-list-step")
    assert [(i, v) for i, v in enumerate(seen) if not _in_view(v)] == []
    page.keyboard.press("Home")
    for step in range(1, n):  # each by the button, the panel scrolled to its top first
        page.eval_on_selector(scroll, "p => p.scrollTop = 0")
        page.click("[data-ui='game-review-forward']")
        assert _shown(page)["step"] == step
        assert _in_view(_position_view(page)), (step, _position_view(page))
        if step == 2:
            _shoot(page, "phone-button-step")
    for step in range(n - 2, -1, -1):  # and back by the key, scrolled to the list
        page.eval_on_selector(scroll, "p => p.scrollTop = p.scrollHeight")
        page.keyboard.press("ArrowLeft")
        assert _shown(page)["step"] == step
        assert _in_view(_position_view(page)), (step, _position_view(page))
    assert not page.errors, page.errors
