"""The score free of card luck in a real Chromium, on a series of known deals: the browser finds
three finished deals on its score sheet (one of them already replayed), "Compare with the
computer" replays the other two in the background (its progress shown), keeps each replay on its
row, and the sheet's line and the statistics panel show the comparison the core computes for
those records: both Seeger-Fabian totals, the mean difference per deal and its 95% interval. A
run cut off resumes after a reload where it stopped. "Review every deal" in the statistics panel
keeps each deal's review summed by kind on its row and shows the server's sum by kind.

The server replays the person's seat with the quick heuristic player
(``create_app(replayer="heuristic")``) instead of the product's strong one. Screenshots at
1280×800 and 390×844 go to ``tests/screenshots/`` (git-ignored).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from skat.analysis.review import KINDS
from skat.options import Options
from skat.players import decision_rng, get_player
from skat.record import read_record
from skat.replay import check_replay, replay_seat
from skat.server import game
from skat.server.statistics import losses_json
from skat.state import State
from skat.statistics import Comparison, comparison

from table_helpers import FAST, PLAYER, SHOTS, Server, axe_violations, fresh_context, read_store

pytestmark = pytest.mark.browser

NUMBERS = (11, 12, 13)
"""The deal numbers of the series' three deals (the person deals the first: rearhand)."""
STARTED = "2026-12-01T10:00:00.000Z"


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    """The app with the heuristic player replaying the person's seat."""
    server = Server(player=PLAYER, replayer=PLAYER)
    server.start()
    yield server.url
    server.stop()


def _seat(index: int) -> int:
    """The person's seat in deal ``index`` of a series the person deals first (sheet.js)."""
    return (2 - index) % 3


@cache
def _deal(index: int) -> State:
    """Deal ``index`` of the series played to its end: a random player in the person's seat,
    the heuristic computers beside it, every decision seeded as the server seeds it."""
    number, seat = NUMBERS[index], _seat(index)
    person, computer = get_player("random"), get_player(PLAYER)
    state = State.new(number, Options())
    while not state.is_terminal():
        actor = state.current_player
        assert actor is not None
        player = person if actor == seat else computer
        rng = decision_rng(number, len(state.actions))
        state = state.apply(player.choose(state.information_state(actor), rng))
    return state


@cache
def _replay(index: int) -> State:
    """The replay of deal ``index`` the server makes: heuristic in the person's seat and beside."""
    player = get_player(PLAYER)
    return replay_seat(_deal(index), _seat(index), player, player).replay


def _row(index: int) -> dict[str, Any]:
    """The score sheet's row of deal ``index`` as the browser writes it (sheet.js sheetDeal)."""
    state, seat = _deal(index), _seat(index)
    view = game.view(state, seat)
    return {
        "record": game.write_record(state),
        "human_seat": seat,
        "deal_number": str(NUMBERS[index]),
        "result": view["result"],
        "iss_result": view["iss_result"],
        "list_scores": view["result"].get("list_scores") or [0, 0, 0],
        "dealer": (2 - seat) % 3,
        "finished": STARTED,
    }


def _store() -> dict[str, Any]:
    rows = [_row(i) for i in range(len(NUMBERS))]
    # the first deal was replayed before ("the computer with your cards" on its result)
    score = game.view(_replay(0), _seat(0))["result"].get("list_scores", [0, 0, 0])[_seat(0)]
    rows[0]["replay"] = {"record": game.write_record(_replay(0)), "player": PLAYER, "score": score}
    series = {
        "id": STARTED,
        "started": STARTED,
        "length": 6,
        "list": "seeger_fabian",
        "draw": None,
        "deals": rows,
        "closed": False,
    }
    settings = {**FAST, "lang": "en"}
    return {"schema": 2, "settings": settings, "current": None, "series": series, "archive": []}


def _expected() -> Comparison:
    pairs = [(_deal(i), _replay(i), _seat(i)) for i in range(len(NUMBERS))]
    return comparison(pairs)


def _signed(value: float, digits: int = 0) -> str:
    """A number as the page writes it in English: +1.5, -2, 0."""
    text = f"{abs(value):,.{digits}f}"
    if round(value, digits) == 0:
        return text
    return ("+" if value > 0 else "-") + text


def _shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"compare-{name}.png"), full_page=True)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_luck_free_score_of_a_series_of_known_deals_is_the_cores(
    browser: Any, url: str, size: str
) -> None:
    context = fresh_context(browser, size, store=_store())
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(url)
    page.click("[data-ui='open-sheet']")
    page.wait_for_selector("table.sheet")
    # one of three deals replayed before: the server says the other two are pending
    button = page.locator("[data-ui='compare']", has_text="1 of 3")
    button.wait_for(timeout=30_000)
    first = read_store(page)["series"]["deals"][0]["replay"]["record"]
    button.click()
    page.wait_for_selector("[data-compare-progress]", timeout=10_000)
    page.wait_for_selector("[data-compare-progress]", state="detached", timeout=120_000)
    line = page.locator("[data-compare='sheet']")
    line.wait_for(timeout=30_000)

    expected = _expected()
    assert expected.deals == 3
    stored = read_store(page)["series"]["deals"]
    assert stored[0]["replay"]["record"] == first  # not replayed again
    for i, row in enumerate(stored):
        assert row["replay"]["player"] == PLAYER
        replay = read_record(row["replay"]["record"])
        check_replay(_deal(i), replay, _seat(i))
        assert replay.actions == _replay(i).actions
    assert line.get_attribute("data-compare-deals") == "3"
    text = line.text_content() or ""
    d = expected.difference
    assert d.mean is not None
    assert d.low is not None
    assert d.high is not None
    for figure in (
        f"you {_signed(expected.person)}",
        f"your seat {_signed(expected.computer)}",
        f"Per deal {_signed(d.mean, 1)}",
        f"95% interval {_signed(d.low, 1)} to {_signed(d.high, 1)}",
    ):
        assert figure in text, (figure, text)
    assert page.locator("[data-ui='compare']").count() == 0  # nothing left to compare
    _shoot(page, f"sheet-{size}")

    page.click("[data-ui='close-panel']")
    page.click("[data-ui='open-stats']")
    table = page.locator("[data-panel='stats'] [data-stats='compare']")
    table.wait_for(timeout=30_000)
    shown = {
        name: table.locator(f"[data-compare-{name}]").get_attribute(f"data-compare-{name}")
        for name in ("deals", "person", "computer", "mean", "low", "high")
    }
    assert shown["deals"] == "3"
    assert (int(shown["person"] or ""), int(shown["computer"] or "")) == (
        expected.person,
        expected.computer,
    )
    for name, value in (("mean", d.mean), ("low", d.low), ("high", d.high)):
        assert float(shown[name] or "") == pytest.approx(value), name
    assert axe_violations(page, "[data-panel=stats]") == []
    table.scroll_into_view_if_needed()
    _shoot(page, f"stats-{size}")
    assert errors == []
    context.close()


def test_a_comparison_cut_off_resumes_after_a_reload_where_it_stopped(
    browser: Any, url: str
) -> None:
    store = _store()
    del store["series"]["deals"][0]["replay"]
    # a row kept before the comparison of a series kept the record: it counts as not replayed
    store["series"]["deals"][1]["replay"] = {"score": 40, "player": "strong"}
    context = fresh_context(browser, "desktop", store=store)
    page = context.new_page()
    replays: list[str] = []

    def cut_second(route: Any) -> None:
        replays.append(route.request.post_data or "")
        if len(replays) == 2:
            route.abort()  # the connection drops while the second deal is replayed
        else:
            route.continue_()

    page.route("**/api/replay", cut_second)
    page.goto(url)
    page.click("[data-ui='open-sheet']")
    button = page.locator("[data-ui='compare']")
    button.wait_for(timeout=30_000)
    assert "Compare with the computer" in (button.text_content() or "")
    button.click()
    page.wait_for_selector("[data-compare-error='network']", timeout=120_000)
    rows = read_store(page)["series"]["deals"]
    assert [bool(row.get("replay", {}).get("record")) for row in rows] == [True, False, False]
    assert rows[1]["replay"] == {"score": 40, "player": "strong"}  # left as it was
    page.unroute("**/api/replay")
    page.reload()
    page.click("[data-ui='open-sheet']")
    button = page.locator("[data-ui='compare']", has_text="1 of 3")
    button.wait_for(timeout=30_000)
    first = read_store(page)["series"]["deals"][0]["replay"]
    button.click()
    page.wait_for_selector("[data-compare='sheet'][data-compare-deals='3']", timeout=120_000)
    rows = read_store(page)["series"]["deals"]
    assert rows[0]["replay"] == first  # the deal replayed before the cut is not replayed again
    assert [read_record(r["replay"]["record"]).actions for r in rows] == [
        _replay(i).actions for i in range(3)
    ]
    assert len(replays) == 2  # the two after the reload went past the cut-off route
    context.close()


def test_a_rows_computer_score_is_the_servers_check_of_its_replay_never_the_stored_one(
    browser: Any, url: str
) -> None:
    """A forged store says the computer scored +500 on two rows: the first keeps its deal's
    true replay, so the row shows the replay's score as the server counts it; the second keeps
    another deal's replay, so the row shows no score but that the server refused it, and why."""
    store = _store()
    rows = store["series"]["deals"]
    rows[0]["replay"]["score"] = 500
    rows[1]["replay"] = {**rows[0]["replay"], "score": 500}  # deal 11's replay on deal 12's row
    context = fresh_context(browser, "desktop", store=store)
    page = context.new_page()
    page.goto(url)
    page.click("[data-ui='open-sheet']")
    shown = page.locator("[data-row='0'] [data-replay-score='row']")
    shown.wait_for(timeout=30_000)
    true_score = game.view(_replay(0), _seat(0))["result"]["list_scores"][_seat(0)]
    assert true_score != 500
    assert (shown.text_content() or "") == f"computer {_signed(true_score)}"
    refused = page.locator("[data-row='1'] [data-replay-score='refused']")
    assert refused.get_attribute("data-replay-refused") == "replay_mismatch"
    assert "not of deal 12" in (refused.get_attribute("title") or "")
    assert page.locator("[data-row='1'] [data-replay-score='row']").count() == 0
    assert page.locator("[data-row='2'] [data-replay-score]").count() == 0  # none kept
    assert "500" not in (page.text_content("table.sheet") or "")
    assert read_store(page)["series"]["deals"][0]["replay"]["score"] == 500  # kept, not shown
    assert axe_violations(page, "[data-panel=sheet]") == []
    context.close()


@pytest.mark.slow
def test_a_stop_is_said_at_once_while_the_deal_on_its_way_is_replayed(
    browser: Any, url: str
) -> None:
    store = _store()
    del store["series"]["deals"][0]["replay"]
    context = fresh_context(browser, "desktop", store=store)
    page = context.new_page()
    held: list[Any] = []
    # the first replay is held until the stop is seen
    page.route("**/api/replay", lambda route: held.append(route))
    page.goto(url)
    page.click("[data-ui='open-sheet']")
    page.click("[data-ui='compare']", timeout=30_000)
    for _ in range(300):
        if held:
            break
        page.wait_for_timeout(100)
    assert len(held) == 1
    page.click("[data-ui='compare-stop']")
    # the replay on its way still runs, but the stop is said and cannot be pressed again
    page.wait_for_selector("[data-compare-progress='0/3'][data-stopping='1']", timeout=10_000)
    assert "Stopping once the deal on its way is done" in (
        page.text_content("[data-compare-progress]") or ""
    )
    assert page.locator("[data-ui='compare-stop']").is_disabled()
    held[0].continue_()
    page.unroute("**/api/replay")
    button = page.locator("[data-ui='compare']", has_text="1 of 3")
    button.wait_for(timeout=120_000)  # stopped after the deal on its way: it is kept
    assert page.locator("[data-compare-progress]").count() == 0
    assert [bool(row.get("replay")) for row in read_store(page)["series"]["deals"]] == [
        True,
        False,
        False,
    ]
    context.close()


def _summary(index: int) -> dict[str, Any]:
    """A review summary by kind of deal ``index`` (as POST /api/review/kinds answers it), made
    up: the strong review takes seconds a decision, which this test does not wait for."""
    marks = dict.fromkeys(("best", "good", "inaccuracy", "mistake", "blunder", "forced"), 0)
    kinds = {}
    for n, kind in enumerate(KINDS):
        cost = round(1.5 * (index + 1) * n, 1)
        kinds[kind] = {
            "cost": cost,
            "decisions": n + 1,
            "marks": {**marks, "unjudged": 0, "best": n + 1 - (index % 2), "mistake": index % 2},
        }
    return {"deal_number": str(NUMBERS[index]), "seat": _seat(index), "kinds": kinds}


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_where_the_person_loses_points_is_the_servers_sum_of_each_deals_review(
    browser: Any, url: str, size: str
) -> None:
    store = _store()
    store["series"]["deals"][2]["review_kinds"] = _summary(2)  # reviewed before
    context = fresh_context(browser, size, store=store)
    page = context.new_page()
    asked: list[int] = []

    def review_kinds(route: Any) -> None:
        body = json.loads(route.request.post_data or "{}")
        index = next(i for i in range(3) if _seat(i) == body["human_seat"])
        asked.append(index)
        route.fulfill(json=_summary(index))

    page.route("**/api/review/kinds", review_kinds)
    page.goto(url)
    page.click("[data-ui='open-stats']")
    button = page.locator("[data-ui='review-all']", has_text="1 of 3")
    button.wait_for(timeout=30_000)
    button.click()
    table = page.locator("[data-stats='losses'][data-losses-deals='3']")
    table.wait_for(timeout=60_000)
    assert sorted(asked) == [0, 1]  # the deal reviewed before is not asked again
    rows = read_store(page)["series"]["deals"]
    assert [row["review_kinds"] for row in rows] == [_summary(i) for i in range(3)]
    expected = losses_json([_summary(i)["kinds"] for i in range(3)])
    for k in expected["kinds"]:
        row = table.locator(f"[data-kind='{k['kind']}']")
        assert float(row.locator("[data-cost]").get_attribute("data-cost") or "") == k["cost"]
        per_deal = row.locator("[data-per-deal]").get_attribute("data-per-deal")
        assert float(per_deal or "") == pytest.approx(k["per_deal"])
        assert (
            int(row.locator("[data-mistakes]").get_attribute("data-mistakes") or "")
            == (k["mistakes"])
        )
    assert "Declarer play" in (table.text_content() or "")
    assert page.locator("[data-ui='review-all']").count() == 0
    assert axe_violations(page, "[data-panel=stats]") == []
    table.scroll_into_view_if_needed()
    _shoot(page, f"losses-{size}")
    context.close()
