"""The browser game played through its UI only, in a real Chromium (Debian's ``/usr/bin/chromium``).

Each test types a deal number into ``[data-deal-number]`` and plays the whole deal by clicking
what the test contract (README, "Test contract") names: ``data-action`` controls, the
declaration dialog's ``data-game``/``data-option``, the human's ``<button data-card>``. The human's
choices follow a :class:`table_helpers.Plan`; the same plan is simulated on the core in
:func:`simulate`, which is how :func:`find_deals` picks the deal numbers (run this file as a
script to print them: ``PYTHONPATH=.:tests python tests/browser/test_browser.py``). At
the end the shown ``data-result`` must equal what ``skat records check`` computes from
``data-record``.

Screenshots of every phase at 1280×800 and 390×844 go to ``tests/screenshots/`` (git-ignored).
"""

from __future__ import annotations

import functools
import json
import random
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from skat.cards import parse_card, points_of_card
from skat.scoring import GameResult
from skat.server import game
from skat.state import Phase, State

from table_helpers import (
    PLAYER,
    ROOT,
    SHOTS,
    Plan,
    bid_choice,
    call,
    card_choice,
    choose_contract,
    open_deal,
    play_on_core,
    settings_page,
    settle_through,
    shown_hand,
)

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


# ---- the human's plan, shared by the simulation and the browser ------------------------------


_SUIT_RANKS = "AT KQ987".replace(" ", "")


def trump_of(plan: Plan, hand: list[str]) -> str:
    """The game letter the plan declares with ``hand``: the longest suit (jacks not counted)."""
    if plan.game != "suit":
        return plan.game
    counts = {s: sum(1 for c in hand if c[0] == s and c[1] != "J") for s in "CSHD"}
    return max("CSHD", key=lambda s: (counts[s], -"CSHD".index(s)))


def discard_choice(plan: Plan, hand: list[str]) -> list[str]:
    """The two cards to put away: the cheapest non-trumps (Null: the highest cards)."""
    game_letter = trump_of(plan, hand)
    if game_letter == "N":
        order = "AKQJT987"
        return sorted(hand, key=lambda c: (order.index(c[1]), c))[:2]

    def key(card: str) -> tuple[int, int, int, str]:
        trump = card[1] == "J" or card[0] == game_letter
        return (int(trump), points_of_card(parse_card(card)), -_SUIT_RANKS.find(card[1]), card)

    return sorted(hand, key=key)[:2]


def contract_of(plan: Plan, hand: list[str]) -> str:
    """The contract the plan announces (canonical ISS notation)."""
    letter = trump_of(plan, hand)
    if letter == "N":
        return "N" + ("O" if plan.ouvert else "") + ("" if plan.pickup else "H")
    return letter + ("" if plan.pickup else "H")


def simulate(
    number: int, plan: Plan, options: dict[str, Any] | None = None
) -> tuple[State, list[str]]:
    """Play deal ``number`` on the core as the browser test will (under the rule ``options``, the
    web API's form): :func:`table_helpers.play_on_core` with the person following ``plan``.

    Returns:
        the final :class:`~skat.state.State` and the human's actions.
    """

    def person(state: State, legal: list[str], human: int) -> list[str]:
        hand = [str(c) for c in game.view(state, human)["hand"]]
        if state.phase == Phase.BIDDING:
            return [bid_choice(plan, legal, state.bid)]
        if state.phase == Phase.SKAT:
            return ["s"] if plan.pickup else [contract_of(plan, hand)]
        if state.phase == Phase.DISCARD:
            away = discard_choice(plan, hand)
            rest = [c for c in hand if c not in away]
            actions = [".".join(away), contract_of(plan, rest)]
            if actions[0] not in legal:
                actions[0] = ".".join(reversed(away))
            return actions
        if state.phase == Phase.PLAY:
            return [card_choice([t for t in legal if len(t) == 2 and t != "RE"])]
        return [legal[0]]

    return play_on_core(number, options or {}, person)


SCENARIOS: dict[str, tuple[Plan, str]] = {
    "suit_pickup": (Plan(limit=24), "won suit game after picking up the skat"),
    "hand": (Plan(limit=24, pickup=False), "a Hand suit game"),
    "null_ouvert": (Plan(limit=23, game="N", ouvert=True), "Null Ouvert"),
    "overbid": (Plan(limit=40, game="D"), "a lost overbid Diamonds game"),
    "all_pass": (Plan(limit=0), "everybody passes"),
    "defend_ouvert": (Plan(limit=0), "a computer declarer's ouvert hand lies open"),
}


def fits(name: str, state: State, human: int) -> bool:
    """Whether a finished deal shows the situation of scenario ``name``."""
    res = state.result()
    declarer = state.declarer
    contract = state.contract
    if name == "all_pass":
        return state.ending.value == "passed"
    if name == "defend_ouvert":
        return contract is not None and contract.ouvert and declarer not in (None, human)
    if not isinstance(res, GameResult) or declarer != human or contract is None:
        return False
    if name == "suit_pickup":
        return (
            isinstance(res, GameResult)
            and contract.game.is_suit
            and not contract.hand
            and res.won
            and not res.overbid
        )
    if name == "hand":
        return (
            isinstance(res, GameResult)
            and contract.game.is_suit
            and contract.hand
            and not res.overbid
        )
    if name == "null_ouvert":
        return str(contract) == "NO"
    if name == "overbid":
        return res.overbid and not res.won
    return False


def find_deals(limit: int = 3000) -> dict[str, int]:
    """The first deal number of each scenario, each scenario a deal of its own (so the tests see
    different cards and seats). Searched afresh on every run: the computer player may improve,
    and the numbers must follow it. Run this file as a script to print them.
    """
    found: dict[str, int] = {}
    for n in range(1, limit):
        for scenario, (scenario_plan, _what) in SCENARIOS.items():
            if scenario in found:
                continue
            end, _done = simulate(n, scenario_plan)
            if fits(scenario, end, n % 3):
                found[scenario] = n
                break
        if len(found) == len(SCENARIOS):
            return found
    raise AssertionError(f"no deal below {limit} for {sorted(set(SCENARIOS) - set(found))}")


# ---- the server and the browser ---------------------------------------------------------------


@pytest.fixture(scope="module")
def deals() -> dict[str, int]:
    return find_deals()


def _shoot(page: Any, name: str, size: str, seen: set[str]) -> None:
    key = f"{name}-{size}"
    if key in seen:
        return
    seen.add(key)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{key}.png"))


def play_deal(
    page: Any,
    server: Any,
    number: int,
    plan: Plan,
    size: str,
    tag: str,
    interrupt: Callable[[Any], None] | None = None,
    declaring: Callable[[Any, list[str]], None] | None = None,
) -> str:
    """Play deal ``number`` through the UI by ``plan``; returns the record shown at the end.

    ``interrupt`` is called once, after the human's third card, to reload or restart;
    ``declaring`` with the page and the human's cards while the declaration dialog shows the
    plan's game, before it is declared.
    """
    seen: set[str] = set()
    open_deal(page, server.url, number)  # the loop's first settle waits for the table
    human = number % 3
    cards_played = 0
    for _ in range(80):
        phase, to_act = settle_through(page)
        if interrupt is not None and cards_played == 3:
            interrupt(page)
            interrupt = None
            phase, to_act = settle_through(page)
        _shoot(page, f"{tag}-{phase}", size, seen)
        if phase == "result":
            break
        assert to_act == str(human), (phase, to_act)
        if phase == "bidding":
            call(page, plan)
        elif phase == "skat":
            if plan.pickup:
                page.click("[data-action='s']")
            else:
                page.click("[data-ui='hand']")
                _shoot(page, f"{tag}-declare-hand", size, seen)
                choose_contract(page, contract_of(plan, shown_hand(page)))
                if declaring is not None:
                    declaring(page, shown_hand(page))
                page.click("[data-action='declare']")
        elif phase == "discard":
            hand = shown_hand(page)
            away = discard_choice(plan, hand)
            for card in away:
                page.click(f"[data-card='{card}']")
            _shoot(page, f"{tag}-discard-chosen", size, seen)
            page.click("[data-action='discard']")
            assert page.get_attribute("#table", "data-phase") == "declare"
            choose_contract(page, contract_of(plan, [c for c in hand if c not in away]))
            _shoot(page, f"{tag}-declare", size, seen)
            if declaring is not None:
                declaring(page, hand)
            page.click("[data-action='declare']")
        elif phase == "play":
            if (
                f"{tag}-last-trick-{size}" not in seen
                and page.locator("[data-ui='last-trick']").count()
            ):
                page.click("[data-ui='last-trick']")
                page.wait_for_selector(".last-trick [data-face]")
                assert page.locator(".last-trick [data-face]").count() == 3
                _shoot(page, f"{tag}-last-trick", size, seen)
                page.click(".last-trick button")
            if page.locator(".opponent-cards.open [data-face]").count():
                page.saw_open_hand = True
            enabled = page.eval_on_selector_all(
                "[data-card]:not([disabled])", "els => els.map(e => e.dataset.card)"
            )
            page.click(f"[data-card='{card_choice(enabled)}']")
            cards_played += 1
        else:
            raise AssertionError(f"unexpected phase {phase!r}")
        assert not page.errors, page.errors
    else:
        raise AssertionError("the deal did not end")
    panel = page.locator("[data-result]")
    panel.wait_for()
    _shoot(page, f"{tag}-result", size, seen)
    record = panel.get_attribute("data-record") or ""
    shown = panel.get_attribute("data-result") or ""
    assert shown == check_record(record), record
    assert not page.errors
    return record


def check_record(record: str) -> str:
    """The ``R[...]`` that ``skat records check`` computes for one record line."""
    # Through standard input ("-"), not a shared file: the test workers run side by side.
    out = subprocess.run(
        [sys.executable, "-m", "skat.cli", "records", "check", "--json", "-"],
        input=record + "\n",
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    report = json.loads(out.stdout.splitlines()[0])
    assert report["ok"], report
    return f"R[{report['computed']}]"


@pytest.mark.browser
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("name", list(SCENARIOS))
def test_complete_deal_through_the_ui_shows_the_checked_result(
    seeded_page: Any, server: Any, deals: dict[str, int], name: str, size: str
) -> None:
    number = deals[name]
    plan = SCENARIOS[name][0]
    page = settings_page(seeded_page, size)
    record = play_deal(page, server, number, plan, size, name)
    final, _ = simulate(number, plan)
    assert fits(name, final, number % 3)
    assert getattr(page, "saw_open_hand", False) == (name == "defend_ouvert")
    assert f"DN[{number}]" in record
    page.context.close()


@pytest.mark.browser
def test_reload_and_server_restart_mid_deal_continue_exactly(
    seeded_page: Any, server: Any, deals: dict[str, int]
) -> None:
    number = deals["suit_pickup"]
    plan = SCENARIOS["suit_pickup"][0]
    page = settings_page(seeded_page, "desktop")

    def interrupt(page: Any) -> None:
        settle_through(page)
        before = (shown_hand(page), page.get_attribute("#table", "data-phase"))
        stored = page.evaluate(
            "JSON.stringify(JSON.parse(localStorage.getItem('skat.store')).current)"
        )
        page.reload()
        settle_through(page)
        assert (shown_hand(page), page.get_attribute("#table", "data-phase")) == before
        server.stop()
        server.start()
        page.reload()
        settle_through(page)
        assert (shown_hand(page), page.get_attribute("#table", "data-phase")) == before
        assert (
            page.evaluate("JSON.stringify(JSON.parse(localStorage.getItem('skat.store')).current)")
            == stored
        )
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "restart-play-desktop.png"))

    record = play_deal(page, server, number, plan, "desktop", "restart", interrupt)
    final, _ = simulate(number, plan)
    from skat import record as records

    assert record == records.write(records.from_state(final))
    page.context.close()


@pytest.mark.browser
def test_a_finished_trick_stays_until_a_click_when_so_set(
    seeded_page: Any, server: Any, deals: dict[str, int]
) -> None:
    number = deals["hand"]
    plan = SCENARIOS["hand"][0]
    page = settings_page(seeded_page, "desktop", trickWait="click")
    record = play_deal(page, server, number, plan, "desktop", "click")
    final, _ = simulate(number, plan)
    assert len(final.tricks) - 1 <= page.continue_clicks <= len(final.tricks)
    assert f"DN[{number}]" in record
    page.context.close()


@pytest.mark.browser
@pytest.mark.parametrize(("number", "value"), [(4, 30), (7, 23)])
def test_the_bidder_can_jump_to_a_higher_value(
    seeded_page: Any, server: Any, number: int, value: int
) -> None:
    assert number % 3 == 1  # middlehand: the first to bid
    page = settings_page(seeded_page, "desktop")
    open_deal(page, server.url, number)
    assert settle_through(page) == ("bidding", "1")
    assert page.get_attribute(".controls .primary[data-action]", "data-action") == "18"
    page.select_option("select[data-ui='jump']", str(value))
    assert page.get_attribute("[data-ui='jump-go']", "data-action") == str(value)
    page.click("[data-ui='jump-go']")
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('skat.store')).current.record.includes(' 1 {value} ')"
    )
    settle_through(page)
    assert int(page.get_attribute("[data-bid]", "data-bid") or 0) >= value
    assert f" 1 {value} " in page.evaluate(
        "JSON.parse(localStorage.getItem('skat.store')).current.record"
    )
    page.context.close()


SPITZE = {"spitze": True}
"""The rule options of the Sächsische Spitze tests."""


@functools.cache
def _spitze_deal(plan: Plan, limit: int = 3000) -> int:
    """The first deal in which the human, bidding by ``plan``, declares Sächsische Spitze."""
    for number in range(1, limit):
        end, done = simulate(number, plan, SPITZE)
        if end.declarer == number % 3 and any(a.startswith("X") for a in done):
            return number
    raise AssertionError(f"no Spitze deal below {limit}")


@pytest.mark.browser
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("pickup", [True, False])
def test_saechsische_spitze_is_declared_and_played_through_the_ui(
    seeded_page: Any, server: Any, size: str, pickup: bool
) -> None:
    """With the option on, the dialog offers Spitze (X) among the server's contracts, shows the
    core's value for it, and the deal is played and scored as the core scores it."""
    from skat import record as records
    from skat.cards import mask_of
    from skat.contract import Contract
    from skat.declaration import prospect

    plan = Plan(limit=18, pickup=pickup, game="X")
    number = _spitze_deal(plan)
    page = settings_page(seeded_page, size, options=SPITZE)
    shown: list[int] = []

    def declaring(page: Any, hand: list[str]) -> None:
        # the dialog's figure is the core's, from the cards the person knows (the twelve after
        # the pick-up, the ten of a Hand game)
        bid = int(page.get_attribute("[data-bid]", "data-bid") or 0)
        contract = Contract.parse("X" if pickup else "XH")
        known = mask_of([parse_card(c) for c in hand])
        value = prospect(
            contract, bid=bid, known_cards=known, options=game.parse_options(SPITZE)
        ).value
        assert page.get_attribute(".declare-dialog [data-value]", "data-value") == str(value)
        assert f"{20 * (value // 20)}" in (page.text_content(".declare-dialog .chosen") or "")
        # seven games side by side: each game's name stays whole, on one line ("Diamonds" broke
        # into "Diamond" and "s" at 1280 px)
        broken = page.evaluate(_BROKEN_GAME_NAMES)
        assert broken == [], broken
        shown.append(value)

    record = play_deal(page, server, number, plan, size, "spitze", declaring=declaring)
    assert shown, "the declaration dialog was not seen"
    final, _ = simulate(number, plan, SPITZE)
    assert record == records.write(records.from_state(final))
    result = final.result()
    assert isinstance(result, GameResult)
    assert str(result.contract) == ("X" if pickup else "XH")
    # the value line of the result is the core's: base value 20 times the levels
    value = next(step.value for step in result.explanation if step.code == "game_value")
    text = page.text_content("[data-result] .explanation") or ""
    assert f"× 20 = {value}" in text, text
    page.context.close()


_BROKEN_GAME_NAMES = """() => [...document.querySelectorAll('.declare-dialog .game-btn')]
  .map((b) => {
    const walk = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
    const lines = new Set();
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (!n.textContent.trim()) continue;
      const r = document.createRange();
      r.selectNodeContents(n);
      for (const rect of r.getClientRects()) lines.add(Math.round(rect.top));
    }
    return lines.size > 1 ? b.textContent.trim() : null;
  })
  .filter((name) => name)"""
"""The game buttons of the declaration dialog whose name takes more than one line."""


def _plain_value(letter: str, hand: list[str]) -> int:
    """The value of game ``letter`` (a suit or Grand) without further levels, matadors from
    all twelve cards of ``hand``."""
    from skat.cards import mask_of
    from skat.options import Options
    from skat.rules import GameType
    from skat.scoring import matadors
    from skat.values import table_values

    game_type = GameType.from_letter(letter)
    twelve = mask_of([parse_card(c) for c in hand])
    base = table_values(Options()).base_value(game_type)
    return base * (abs(matadors(game_type, twelve)) + 1)


def _suit_values(hand: list[str], away: list[str], bid: int) -> dict[str, tuple[int, bool]]:
    """Each suit game's trumps among the kept cards and whether its value without further
    levels reaches ``bid``: ``letter -> (trumps, reaches)``."""
    kept = [c for c in hand if c not in away]
    return {
        letter: (
            sum(1 for c in kept if c[1] == "J" or c[0] == letter),
            _plain_value(letter, hand) >= bid,
        )
        for letter in "CSHD"
    }


def _overbid_opening(kind: str, limit: int = 2000) -> tuple[int, Plan]:
    """A deal in which the human, bidding up to the plan's limit and picking up the skat, puts
    away the plan's discard and then, with ``kind`` ``"suit"``, the suit of the most trumps falls
    short of the bid while another suit game reaches it; with ``"grand"``, no suit game reaches
    the bid and Grand does."""
    from skat.server.app import load_player

    _, choose = load_player(PLAYER)
    plan = Plan(limit=30 if kind == "suit" else 36)
    for number in range(1, limit):
        human = number % 3
        start = game.new_state(number, game.parse_options({}), random.Random(0))
        state = game.computers(start, human, choose).state
        while state.phase == Phase.BIDDING:
            legal = [str(a) for a in state.legal_actions()]
            state = game.play(state, human, [bid_choice(plan, legal, state.bid)], choose).state
        if state.phase != Phase.SKAT or state.declarer != human:
            continue
        state = game.play(state, human, ["s"], choose).state
        hand = [str(c) for c in game.view(state, human)["hand"]]
        suits = _suit_values(hand, discard_choice(plan, hand), state.bid)
        reaching = any(reaches for _, reaches in suits.values())
        if kind == "grand":
            if not reaching and _plain_value("G", hand) >= state.bid:
                return number, plan
            continue
        most = max("CSHD", key=lambda s: (suits[s][0], -"CSHD".index(s)))
        if not suits[most][1] and reaching:
            return number, plan
    raise AssertionError(f"no deal below {limit} for {kind}")


@pytest.mark.browser
@pytest.mark.parametrize("kind", ["suit", "grand"])
def test_the_declaration_opens_with_a_game_that_reaches_the_bid(
    seeded_page: Any, server: Any, kind: str
) -> None:
    """After the pick-up the dialog opens with the suit of the most trumps among those worth the
    bid, not with a longer suit that would be lost as overbid (ISkO 5.4); with Grand when no suit
    game is worth the bid and Grand is."""
    number, plan = _overbid_opening(kind)
    page = settings_page(seeded_page, "desktop")
    open_deal(page, server.url, number)
    phase, _ = settle_through(page)
    while phase == "bidding":
        call(page, plan)
        phase, _ = settle_through(page)
    assert phase == "skat", phase
    page.click("[data-action='s']")
    assert settle_through(page)[0] == "discard"
    hand = shown_hand(page)
    away = discard_choice(plan, hand)
    for card in away:
        page.click(f"[data-card='{card}']")
    page.click("[data-action='discard']")
    page.wait_for_selector("[data-action='declare']")
    bid = int(page.get_attribute("[data-bid]", "data-bid") or 0)
    opened = (page.get_attribute("[data-action='declare']", "data-contract") or "")[:1]
    suits = _suit_values(hand, away, bid)
    if kind == "grand":
        assert opened == "G", (number, opened, suits, bid)
    else:
        assert suits[opened][1], (number, opened, suits)
        best = max(trumps for trumps, reaches in suits.values() if reaches)
        assert suits[opened][0] == best, (number, opened, suits)
    assert page.locator("[data-warning]").count() == 0
    page.context.close()


if __name__ == "__main__":
    print(find_deals())
