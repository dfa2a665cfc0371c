"""A Revolution defended by the person through the UI only: a computer declares it, the table
shows its cards open, the person chooses the cards to pass in the exchange (as the first
defender, and as the second, who passes as many back) and plays the deal out; the record the
browser ends with is the one the core plays (docs/options.md, "Revolution").

Screenshots: ``tests/screenshots/revolution-<role>-<phase>-<size>.png``.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from test_browser import (
    PLAYER,
    SHOTS,
    SIZES,
    Plan,
    _call,
    _open_deal,
    _page,
    _settle,
    bid_choice,
    card_choice,
)

from skat import record as records
from skat.action import ActionKind
from skat.phases import exchange_seats
from skat.players.revolution import revolution_safe
from skat.server import game
from skat.state import Phase, State

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
    from skat.server.app import load_player

    _, choose = load_player(PLAYER)
    state = game.new_state(number, game.parse_options(OPTIONS), rng=None)  # type: ignore[arg-type]
    human = number % 3
    state = game.computers(state, human, choose).state
    done: list[str] = []
    while not state.is_terminal():
        legal = [str(a) for a in state.legal_actions()]
        if state.phase == Phase.BIDDING:
            actions = [bid_choice(Plan(limit=90 if declare else 0), legal, state.bid)]
        elif state.phase == Phase.SKAT:
            actions = ["NV" if "NV" in legal else "s"]
        elif state.phase == Phase.EXCHANGE:
            actions = [_token(_exchange_choice(game.view(state, human)), legal)]
        elif state.phase == Phase.PLAY:
            actions = [card_choice([t for t in legal if len(t) == 2 and t != "RE"])]
        else:
            actions = [legal[0]]
        done.extend(actions)
        state = game.play(state, human, actions, choose).state
    return state, done


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
    page = _page(seeded_page, size, options=OPTIONS)
    _open_deal(page, server, number)
    human = number % 3
    exchanged = False
    for _ in range(40):
        phase, to_act = _settle(page)
        if phase == "result":
            break
        assert to_act == str(human), (phase, to_act)
        if phase == "bidding":
            page.click(".controls [data-action='p']")
        elif phase == "exchange":
            # the declarer's cards lie open, the confirm waits for a choice the rules allow
            assert page.locator(".opponent-cards.open [data-face]").count() == 10
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
    page = _page(seeded_page, size, options=OPTIONS)
    _open_deal(page, server, number)
    human = number % 3
    for _ in range(40):
        phase, to_act = _settle(page)
        if phase == "result":
            break
        assert to_act == str(human), (phase, to_act)
        if phase == "bidding":
            _call(page, Plan(limit=90))
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
