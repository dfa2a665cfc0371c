"""A Revolution defended by the person through the UI only: a computer declares it, the table
shows its cards open, the person chooses the cards to pass in the exchange (as the first
defender, and as the second, who passes as many back) and plays the deal out; the record the
browser ends with is the one the core plays (docs/options.md, "Revolution").

Screenshots: ``tests/screenshots/revolution-<role>-<phase>-<size>.png``.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import pytest

from skat import record as records
from skat.action import ActionKind
from skat.phases import exchange_seats
from skat.players.revolution import revolution_safe
from skat.server import game
from skat.state import Phase, State

from table_helpers import (
    PLAYER,
    SHOTS,
    Plan,
    bid_choice,
    call,
    card_choice,
    fresh_context,
    open_deal,
    play_on_core,
    settings_page,
    settle,
    settle_through,
    watched_page,
)

SIZES = ("desktop", "phone")
"""The window sizes each test runs at."""
OPTIONS = {"revolution": True}
"""The rule options of these tests (the web API's form)."""


def _exchange_choice(view: dict[str, Any]) -> list[str]:
    """The person's cards to pass: the two lowest-named of those he may pass as the first
    defender, as many as he got as the second."""
    ex = view["exchange"]
    count = 2 if ex["count"] is None else ex["count"]
    return sorted(ex["cards"])[:count]


def _token(cards: list[str], legal: list[str]) -> str:
    want = sorted(cards)
    return next(a for a in legal if a.startswith("EX") and sorted(a.split(".")[1:]) == want)


def simulate(number: int, declare: bool = False) -> tuple[State, list[str]]:
    """Deal ``number`` on the core as the browser test plays it: the person passes in the
    auction (``declare``: bids and holds up to 90 and declares Revolution), exchanges by
    :func:`_exchange_choice`, plays the first playable card."""

    def person(state: State, legal: list[str], human: int) -> list[str]:
        if state.phase == Phase.BIDDING:
            return [bid_choice(Plan(limit=90 if declare else 0), legal, state.bid)]
        if state.phase == Phase.SKAT:
            return ["NV" if "NV" in legal else "s"]
        if state.phase == Phase.EXCHANGE:
            return [_token(_exchange_choice(game.view(state, human)), legal)]
        if state.phase == Phase.PLAY:
            return [card_choice([t for t in legal if len(t) == 2 and t != "RE"])]
        return [legal[0]]

    return play_on_core(number, OPTIONS, person)


@functools.cache
def revolution_deal(role: str, limit: int = 40000) -> int:
    """The first deal in which a computer declares Revolution against the person, the person
    being the ``first`` defender to exchange or the ``second``, passed at least one card."""
    for number in range(1, limit):
        human = number % 3
        state = game.new_state(number, game.parse_options(OPTIONS), rng=None)  # type: ignore[arg-type]
        safe = [
            s for s in range(3) if s != human and revolution_safe(state.deal.hands[s].mask, s == 0)
        ]
        if not safe:
            continue
        final, _ = simulate(number)
        contract, declarer = final.contract, final.declarer
        if contract is None or not contract.revolution or declarer is None:
            continue
        first, _second = exchange_seats(int(declarer))
        gave = any(
            a.kind == ActionKind.EXCHANGE and a.value > 0 and seat == first
            for seat, a in zip(final.actors, final.actions, strict=True)
        )
        if role == "first" and human == first:
            return number
        if role == "second" and human != first and gave:  # the person has cards to pass back
            return number
    raise AssertionError(f"no Revolution deal below {limit} with the person {role} defender")


def _shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"revolution-{name}.png"))


@pytest.mark.browser
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("role", ["first"])
def test_a_revolution_is_defended_through_the_ui(
    seeded_page: Any, server: Any, role: str, size: str
) -> None:
    number = revolution_deal(role)
    page = settings_page(seeded_page, size, options=OPTIONS)
    open_deal(page, server.url, number)
    human = number % 3
    exchanged = False
    for _ in range(40):
        phase, to_act = settle_through(page)
        if phase == "result":
            break
        assert to_act == str(human), (phase, to_act)
        if phase == "bidding":
            page.click(".controls [data-action='p']")
        elif phase == "exchange":
            # the declarer's cards lie open, the confirm waits for a choice the rules allow
            assert page.locator(".opponent-cards.open [data-face]").count() == 10
            tops = page.eval_on_selector_all(
                ".opponent-cards.open [data-face]",
                "els => els.map(e => Math.round(e.getBoundingClientRect().top))",
            )
            assert len(set(tops)) == 1, tops  # one row within the seat, at every size
            button = page.locator("[data-action='exchange']")
            if role == "second":
                assert button.is_disabled()
                assert page.locator("[data-card].received").count() >= 1
                assert page.locator("[data-card].received").first.is_disabled()
            cards = _cards_to_pass(page, role)
            for card in cards:
                page.click(f"[data-card='{card}']")
            _shoot(page, f"{role}-exchange-{size}")
            assert button.is_enabled()
            token = button.get_attribute("data-token") or ""
            assert sorted(token.split(".")[1:]) == sorted(cards)
            button.click()
            exchanged = True
        elif phase == "play":
            enabled = page.eval_on_selector_all(
                "[data-card]:not([disabled])", "els => els.map(e => e.dataset.card)"
            )
            if not exchanged:
                raise AssertionError("play began before the person's exchange")
            page.click(f"[data-card='{card_choice(enabled)}']")
        else:
            raise AssertionError(f"unexpected phase {phase!r}")
        assert not page.errors, page.errors
    else:
        raise AssertionError("the deal did not end")
    panel = page.locator("[data-result]")
    panel.wait_for()
    _shoot(page, f"{role}-result-{size}")
    shown = panel.get_attribute("data-record") or ""
    final, _ = simulate(number)
    assert shown == records.write(records.from_state(final))
    assert " EX" in shown
    assert "NV" in shown
    # the review's list of calls names the cards that went across, not only how many
    said = panel.locator("[data-calls] .call-what").all_text_contents()
    assert any(re.fullmatch(r"Passes 2 cards: [^,]+, [^,]+", s) for s in said), said
    assert not page.errors
    page.context.close()


def _cards_to_pass(page: Any, role: str) -> list[str]:
    """The cards :func:`_exchange_choice` passes, read off the table: the enabled cards of the
    hand (those he may pass), the two lowest-named for the first defender, as many as the
    partner passed (the cards marked received) for the second."""
    enabled = sorted(
        page.eval_on_selector_all(
            "[data-card]:not([disabled])", "els => els.map(e => e.dataset.card)"
        )
    )
    count = 2 if role == "first" else page.locator("[data-card].received").count()
    return [str(c) for c in enabled[:count]]


@functools.cache
def declared_deal(limit: int = 3000) -> int:
    """The first deal in which the person, bidding up to 90, declares Revolution (NV)."""
    for number in range(1, limit):
        final, done = simulate(number, declare=True)
        if "NV" in done and final.declarer == number % 3:
            return number
    raise AssertionError(f"no deal below {limit} in which the person declares Revolution")


@pytest.mark.browser
@pytest.mark.parametrize("size", list(SIZES))
def test_the_person_declares_revolution_in_the_dialog(
    seeded_page: Any, server: Any, size: str
) -> None:
    """The declaration dialog offers Revolution as a switch of Null (only with the option), its
    value the core's 92; the defenders' exchange shows at their seats as a count of cards."""
    number = declared_deal()
    page = settings_page(seeded_page, size, options=OPTIONS)
    open_deal(page, server.url, number)
    human = number % 3
    for _ in range(40):
        phase, to_act = settle_through(page)
        if phase == "result":
            break
        assert to_act == str(human), (phase, to_act)
        if phase == "bidding":
            call(page, Plan(limit=90))
        elif phase == "skat":
            page.click("[data-ui='hand']")
            page.click("[data-game='N']")
            box = page.locator("[data-option='revolution']")
            assert box.is_enabled()
            box.click()
            assert page.get_attribute("[data-action='declare']", "data-contract") == "NV"
            assert page.get_attribute(".declare-dialog [data-value]", "data-value") == "92"
            _shoot(page, f"declare-dialog-{size}")
            page.click("[data-action='declare']")
        elif phase == "play":
            if not page.locator("[data-ui='last-trick']").count():
                _shoot(page, f"declarer-first-trick-{size}")
            enabled = page.eval_on_selector_all(
                "[data-card]:not([disabled])", "els => els.map(e => e.dataset.card)"
            )
            page.click(f"[data-card='{card_choice(enabled)}']")
        else:
            raise AssertionError(f"unexpected phase {phase!r}")
        assert not page.errors, page.errors
    else:
        raise AssertionError("the deal did not end")
    panel = page.locator("[data-result]")
    panel.wait_for()
    _shoot(page, f"declarer-result-{size}")
    shown = panel.get_attribute("data-record") or ""
    final, _ = simulate(number, declare=True)
    assert shown == records.write(records.from_state(final))
    assert not page.errors
    page.context.close()


@pytest.mark.browser
@pytest.mark.parametrize("size", list(SIZES))
def test_the_second_defender_passes_as_many_cards_back(browser: Any, url: str, size: str) -> None:
    """A stored deal waiting for the second defender (the person): the cards his partner passed
    are marked and cannot go back, the confirm waits for as many of his own, and the deal then
    plays out to the core's result. (The computers pass no card against a Revolution they
    cannot catch, which is the only one they declare, so the stored deal sets this up.)"""
    from table_helpers import play_out

    context, page, first_two = _stored_second_exchange(browser, url, size, "en")
    received = page.eval_on_selector_all(
        "[data-card].received", "els => els.map(e => e.dataset.card)"
    )
    assert sorted(received) == sorted(first_two)
    assert all(page.locator(f"[data-card='{c}']").is_disabled() for c in received)
    button = page.locator("[data-action='exchange']")
    assert button.is_disabled()
    hint = page.text_content(".controls .hint") or ""
    assert "Choose 2 of your own cards" in hint, hint
    own = sorted(
        page.eval_on_selector_all(
            "[data-card]:not([disabled])", "els => els.map(e => e.dataset.card)"
        )
    )
    assert len(own) == 10
    page.click(f"[data-card='{own[0]}']")
    assert button.is_disabled()  # one card of two
    page.click(f"[data-card='{own[1]}']")
    _shoot(page, f"second-exchange-{size}")
    assert button.is_enabled()
    assert sorted((button.get_attribute("data-token") or "").split(".")[1:]) == own[:2]
    button.click()
    record = play_out(page)
    final = records.read_record(record)
    assert final.is_terminal()
    assert any(
        str(a).startswith("EX.") and actor == 2
        for actor, a in zip(final.actors, final.actions, strict=True)
    )
    assert page.get_attribute("[data-result]", "data-result") == f"R[{records.iss_result(final)}]"
    _shoot(page, f"second-result-{size}")
    context.close()


def _stored_second_exchange(
    browser: Any, url: str, size: str, lang: str
) -> tuple[Any, Any, list[str]]:
    """A fresh profile whose stored deal (deal 7, Revolution by middlehand) waits for the
    person, rearhand, to pass cards back: forehand passed his two lowest-named cards.
    Returns the context, the page on the table and those two cards."""
    from skat.action import Action
    from skat.cards import cards_of_mask, format_card
    from skat.contract import Contract

    state = State.new(7, game.parse_options(OPTIONS)).apply("90").apply("p").apply("p")
    state = state.apply(Action.declare(Contract.parse("NV")))
    first_two = sorted(format_card(c) for c in cards_of_mask(state.hand(0)))[:2]
    state = state.apply(Action.parse("EX." + ".".join(first_two)))
    store = {
        "schema": 2,
        "settings": {"player": PLAYER, "lang": lang, "trickMs": 40, "cardMs": 5, "callMs": 5,
                     "options": OPTIONS},
        "current": {"record": records.write_record(state), "human_seat": 2, "practice": True},
        "series": None,
        "archive": [],
    }  # fmt: skip
    context = fresh_context(browser, size=size, store=store)
    page = watched_page(context)
    page.goto(url)
    assert settle(page) == ("exchange", "2")
    return context, page, first_two


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["de", "sv", "zh"])
def test_the_exchange_is_worded_in_every_language(browser: Any, url: str, lang: str) -> None:
    import json
    from pathlib import Path

    strings = json.loads(
        (Path(game.__file__).parent / "static" / "locales" / f"{lang}.json").read_text("utf-8")
    )
    context, page, _ = _stored_second_exchange(browser, url, "desktop", lang)
    hint = page.text_content(".controls .hint") or ""
    assert hint.startswith(strings["exchange.hintSecond.other"].split("{")[0]), hint
    # nothing chosen yet: the confirm, disabled, names the two cards the rules ask for
    want = strings["exchange.pass.other"].replace("{n}", "2")
    assert page.text_content("[data-action='exchange']") == want
    assert page.locator("[data-action='exchange']").is_disabled()
    _shoot(page, f"second-exchange-{lang}")
    assert not page.errors
    context.close()
