"""Around the table, in a real Chromium: the auction, the declaration and the card play as the
person sees them (the calls, the Kontra question, why a card cannot be played, the hand's
order), also across a reload.

Helpers: ``tests/table_helpers.py``; the server and Chromium: the conftest's.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from skat import record as iss
from skat.cards import format_card
from skat.options import Options
from skat.state import State

from table_helpers import (
    FAST,
    fresh_context,
    jump_to_60_on_1000,
    opened_table,
    pass_on,
    play_out,
    read_store,
    settle,
    shoot,
    shown_bubbles,
    shown_hand,
    type_deal,
    wait_for_answer,
    watched_page,
)

pytestmark = pytest.mark.browser


def test_a_reload_before_the_first_card_shows_the_calls_again(browser: Any, url: str) -> None:
    """The auction's bubbles come from its events; after a reload the view's calls give them."""
    context, page = opened_table(browser, url)
    jump_to_60_on_1000(page)

    before = shown_bubbles(page)
    assert before.get("1") == "60", before  # the person's jump; the others passed
    page.reload()
    assert settle(page)[0] == "skat"
    assert shown_bubbles(page) == before
    # at the discard the person's last word was taking the skat
    page.click(".controls [data-action='s']")
    assert settle(page)[0] == "discard"
    before = shown_bubbles(page)
    assert before.get("1") == "Takes the skat", before
    page.reload()
    assert settle(page)[0] == "discard"
    assert shown_bubbles(page) == before
    context.close()


def test_a_reload_with_the_declaration_dialog_open_keeps_the_chosen_discard(
    browser: Any, url: str
) -> None:
    context, page = opened_table(browser, url)
    jump_to_60_on_1000(page)
    page.click(".controls [data-action='s']")
    assert settle(page)[0] == "discard"
    cards = page.eval_on_selector_all(
        ".human .hand [data-card]", "els => els.map(e => e.dataset.card)"
    )
    away = [cards[-1], cards[0], cards[-2]]  # a third card replaces the first chosen
    for card in away:
        page.click(f".human .hand [data-card='{card}']")
    page.click("[data-action='discard']")
    assert page.is_visible(".declare-dialog")
    page.reload()
    assert settle(page)[0] == "discard"
    picked = page.eval_on_selector_all(
        ".human .hand [data-card][aria-pressed='true']", "els => els.map(e => e.dataset.card)"
    )
    assert sorted(picked) == sorted(away[1:])
    page.click("[data-action='discard']")
    page.click(".declare-dialog [data-action='declare']")
    phase, _ = settle(page)
    assert phase in ("play", "kontra", "result")
    final = iss.parse(read_store(page)["current"]["record"])
    declared = next(m.token for m in final.moves if m.who == "1" and m.token.count(".") == 2)
    assert sorted(declared.split(".")[1:]) == sorted(away[1:])
    assert "discard" not in read_store(page)["current"]
    context.close()


def test_a_reload_at_the_kontra_question_shows_the_calls_and_the_game(
    browser: Any, url: str
) -> None:
    context, page = opened_table(browser, url)
    page.click("[data-ui='open-settings']")
    page.select_option("[data-setting='rule.kontra']", "on")
    page.click("[data-ui='close-panel']")
    # a computer plays Clubs, the person may say Kontra
    assert pass_on(page, "4243")[0] == "kontra"
    before = shown_bubbles(page)
    assert before["2"] == "Clubs", before
    assert before["0"] == "No Kontra", before  # the other defender did not say Kontra
    page.reload()
    assert settle(page)[0] == "kontra"
    # the game, the person's call and the other defender's answer to Kontra come back
    assert shown_bubbles(page) == before
    context.close()


@pytest.mark.parametrize("supra", [False, True])
def test_the_kontra_question_names_supra_only_where_the_rules_allow_it(
    browser: Any, url: str, supra: bool
) -> None:
    context = fresh_context(browser, options={"kontra": "on", "supra": supra})
    page = watched_page(context)
    page.goto(url)
    settle(page)
    assert pass_on(page, "4243")[0] == "kontra"
    hint = page.text_content(".controls .hint") or ""
    assert hint.startswith("Kontra"), hint
    assert ("Supra" in hint) == supra, hint
    # the deal's rules word it, not the settings, which may change while the deal is played
    page.click("[data-ui='open-settings']")
    page.select_option("[data-setting='rule.supra']", "false" if supra else "true")
    page.click("[data-ui='close-panel']")
    assert page.text_content(".controls .hint") == hint
    assert not page.errors
    context.close()


def test_the_calls_stay_up_while_the_person_leads_the_first_trick(browser: Any, url: str) -> None:
    """Deal 1017: the person (forehand) passes, rearhand plays Clubs, the person leads. The calls
    stay up until the first trick is taken, as when another seat leads, and after a reload."""
    context, page = opened_table(browser, url)
    assert pass_on(page, "1017") == ("play", "0")
    before = shown_bubbles(page)
    assert before == {"0": "Pass", "1": "Pass", "2": "Clubs"}, before
    page.reload()
    settle(page)
    assert shown_bubbles(page) == before
    record = read_store(page)["current"]["record"]
    page.locator("[data-card]:not([disabled])").first.click()
    wait_for_answer(page, record)
    settle(page)
    page.wait_for_selector("[data-bubble]", state="detached")  # the first trick was taken
    context.close()


def _shown_tricks(page: Any) -> list[int]:
    """Each seat's trick counter on its plate, seat by seat."""
    texts = page.eval_on_selector_all(
        ".plate[data-seat]",
        "els => els.sort((a, b) => a.dataset.seat - b.dataset.seat)"
        ".map(e => e.querySelector('.tricks')?.textContent ?? '')",
    )
    return [int(re.sub(r"\D", "", str(text))) for text in texts]


def test_a_trick_counts_to_its_taker_only_once_it_leaves_the_table(browser: Any, url: str) -> None:
    """Deal 1017: the person leads the first trick; while its three cards are still shown, every
    counter says 0 and there is no last trick to look at; once it is taken, its taker's says 1."""
    context = fresh_context(browser, trickWait="click")  # the taken trick waits for a click
    page = watched_page(context)
    page.goto(url)
    settle(page)
    assert pass_on(page, "1017") == ("play", "0")
    assert _shown_tricks(page) == [0, 0, 0]
    page.locator("[data-card]:not([disabled])").first.click()
    page.wait_for_function("document.querySelectorAll('[data-trick-card]').length === 3")
    assert _shown_tricks(page) == [0, 0, 0]
    assert page.locator("[data-ui='last-trick']").count() == 0  # no trick is taken yet
    shoot(page, "trick-on-the-table-desktop")
    page.mouse.click(640, 300)
    settle(page)
    assert sorted(_shown_tricks(page)) == [0, 0, 1]
    assert page.locator("[data-ui='last-trick']").count() == 1
    assert page.errors == []
    context.close()


def _reasons_shown(page: Any) -> dict[str, str]:
    """The disabled cards of the hand, each with the reason written under it."""
    return {
        str(card): str(reason)
        for card, reason in page.eval_on_selector_all(
            "[data-card][disabled]",
            "els => els.map(e => [e.dataset.card, e.querySelector('.reason')?.textContent ?? ''])",
        )
    }


def test_a_card_that_cannot_be_played_says_why_as_the_core_decides(browser: Any, url: str) -> None:
    """Deal 1017: the person passes and rearhand plays Clubs. Each card the person cannot play
    says why under it, in the person's words for the server's reason (view.card_reasons): not
    now in the auction, the suit or the trumps to follow in play; and a change of language
    says it again in the new one."""
    from skat.server import game

    suit = {"C": "Clubs", "S": "Spades", "H": "Hearts", "D": "Diamonds"}

    def words(reason: dict[str, str]) -> str:
        if reason["code"] == "follow_suit":
            return f"You must follow suit: {suit[reason['suit']]}."
        return {
            "not_now": "You cannot play a card now.",
            "not_your_turn": "It is not your turn.",
            "follow_trump": "You must follow trumps.",
        }[reason["code"]]

    context, page = opened_table(browser, url)
    type_deal(page, "1017")
    assert settle(page) == ("bidding", "0")
    assert set(_reasons_shown(page).values()) == {"You cannot play a card now."}
    assert pass_on(page, "1017") == ("play", "0")
    seen: set[str] = set()
    for _ in range(12):
        phase, _to_act = settle(page)
        if phase != "play":
            break
        record = read_store(page)["current"]["record"]
        reasons = game.card_reasons(game.load(record), 0)
        assert _reasons_shown(page) == {c: words(r) for c, r in reasons.items()}
        seen |= {r["code"] for r in reasons.values()}
        if "follow_suit" in seen:
            page.select_option("[data-ui='lang']", "de")
            shown = set(_reasons_shown(page).values())
            assert shown
            assert all(r.startswith("Du musst") for r in shown), shown
            break
        page.locator("[data-card]:not([disabled])").first.click()
        wait_for_answer(page, record)
    assert "follow_suit" in seen, seen
    assert not page.errors, page.errors
    context.close()


def test_a_reload_in_the_first_trick_shows_the_same_calls(browser: Any, url: str) -> None:
    """When the others begin the first trick before the person's turn the calls stay up until
    that trick is taken; a reload shows the same (the declarer's last word is his game)."""
    context, page = opened_table(browser, url)
    # the person (middlehand) passes, forehand plays Spades and leads
    assert pass_on(page, "1009") == ("play", "1")
    assert page.locator(".trick [data-face]").count() == 1  # forehand has led

    before = shown_bubbles(page)
    assert before["0"] == "Spades", before
    assert before["1"] == "Pass", before
    page.reload()
    settle(page)
    assert shown_bubbles(page) == before
    context.close()


def _declare_hand_on_136(page: Any) -> None:
    """Deal 136: the person bids 18, wins the auction and opens the Hand declaration."""
    page.fill("[data-deal-number]", "136")
    page.press("[data-deal-number]", "Enter")
    phase, _ = settle(page)
    while phase == "bidding":
        bid = page.locator(".controls [data-action='18']")
        page.click(".controls [data-action='18']" if bid.count() else ".controls [data-action='y']")
        phase, _ = settle(page)
    assert phase == "skat", phase
    page.click(".controls [data-ui='hand']")
    page.wait_for_selector(".declare-dialog")


def _discard_on_1000(page: Any, discard: tuple[str, str]) -> list[str]:
    """Deal 1000 at 60: the person picks up ♣J and ♥A, puts ``discard`` away and sees the
    declaration. Returns the ten cards kept."""
    jump_to_60_on_1000(page)
    page.click(".controls [data-action='s']")
    assert settle(page)[0] == "discard"
    for card in discard:
        page.click(f"[data-card='{card}']")
    page.click("[data-action='discard']")
    page.wait_for_selector(".declare-dialog")
    cards = page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)")
    assert len(cards) == 12, cards
    return [card for card in cards if card not in discard]


def test_the_declaration_opens_with_the_suit_of_the_most_trumps(browser: Any, url: str) -> None:
    context, page = opened_table(browser, url)
    # the one club but the jack goes away: Clubs, the highest suit, is not the game offered first
    kept = _discard_on_1000(page, ("CQ", "D7"))
    trumps = {
        suit: sum(1 for c in kept if c[1] == "J" or c[0] == suit) for suit in ("C", "S", "H", "D")
    }
    most = max(trumps.values())
    expected = next(suit for suit in ("C", "S", "H", "D") if trumps[suit] == most)
    assert expected != "C", trumps
    assert page.get_attribute(".declare-dialog [aria-pressed='true']", "data-game") == expected
    assert not page.errors
    context.close()


def test_the_overbid_warning_names_the_level_that_reaches_the_bid(browser: Any, url: str) -> None:
    """Deal 1000 with ♣Q and ♥8 put away: Diamonds with 4 is worth 5 × 9 = 45, with Schneider
    6 × 9 = 54, with Schwarz 7 × 9 = 63: only Schwarz reaches the bid of 60. Clubs with 4 is
    worth 5 × 12 = 60 and needs no more."""
    context, page = opened_table(browser, url)
    _discard_on_1000(page, ("CQ", "H8"))
    page.click(".declare-dialog [data-game='D']")
    warning = page.text_content("[data-warning]") or ""
    assert "worth 45 without further levels" in warning, warning
    assert "Schneider does not reach it either: only Schwarz does" in warning, warning
    page.click(".declare-dialog [data-game='C']")
    assert page.locator("[data-warning]").count() == 0
    assert not page.errors
    context.close()


def test_the_overbid_warning_of_a_hand_game_names_the_announcement_that_reaches_the_bid(
    browser: Any, url: str
) -> None:
    """Deal 1000 at 60, Hand: ♠J ♥J ♦J without ♣J, Hearts without 1 is worth 3 × 10 = 30, made
    Schneider and Schwarz 5 × 10 = 50; Schneider announced 50 too, Schwarz announced 7 × 10 = 70.
    Grand Hand without 1 is worth 3 × 24 = 72 and needs no more."""
    context, page = opened_table(browser, url)
    jump_to_60_on_1000(page)
    page.click(".controls [data-ui='hand']")
    page.click(".declare-dialog [data-game='H']")
    warning = page.text_content("[data-warning]") or ""
    assert "worth 30 without further levels" in warning, warning
    assert "announced, Schwarz makes it worth 70" in warning, warning
    # the skat (♣J ♥A here) counts for the matadors unseen: the figures are the hand's alone
    assert "The skat, still unseen, counts for the matadors" in warning, warning
    page.check("[data-option='schwarz']")
    assert page.get_attribute("[data-action='declare']", "data-contract") == "HHZ"
    assert page.locator("[data-warning]").count() == 0
    page.click(".declare-dialog [data-game='G']")
    assert page.locator("[data-warning]").count() == 0
    assert not page.errors
    context.close()


def test_a_hand_game_warns_when_the_unseen_skat_can_bring_it_below_the_bid(
    browser: Any, url: str
) -> None:
    """Deal 7348 (issue 51, point 8), the person middlehand at 48: Diamonds Hand "without 4" is
    worth 6 × 9 = 54 from the hand alone, but a jack in the unseen skat (♣J lay there) makes it
    "with 1", 3 × 9 = 27, lost as overbid. The dialog says so, with the server's lowest value;
    after the pick-up the skat is seen and nothing is said of it."""
    context, page = opened_table(browser, url)
    type_deal(page, "7348")
    assert settle(page)[0] == "bidding"
    page.select_option("select[data-ui='jump']", "48")
    page.click("[data-ui='jump-go']")
    assert settle(page)[0] == "skat"
    page.click(".controls [data-ui='hand']")
    page.click(".declare-dialog [data-game='D']")
    assert page.get_attribute("[data-action='declare']", "data-contract") == "DH"
    assert page.get_attribute(".declare-dialog [data-value]", "data-value") == "54"
    warning = page.wait_for_selector("[data-warning='skat']").text_content() or ""
    assert "at worst with 1, game value 27, below your bid of 48" in warning, warning
    # Schneider (36) and Schwarz (45) made do not lift "with 1" to 48: nothing saves it
    assert "lose it as overbid, whatever you make" in warning, warning
    shoot(page, "declare-skat-overbid")
    # Clubs Hand: at worst "with 1", 3 × 12 = 36, and Schneider made lifts it to 48
    page.click(".declare-dialog [data-game='C']")
    warning = page.wait_for_selector("[data-warning='skat']").text_content() or ""
    assert "game value 36, below your bid of 48" in warning, warning
    assert "unless you make Schneider (game value 48)" in warning, warning
    # Grand Hand "without 4" is 6 × 24 = 144; at worst "with 1", 3 × 24 = 72, still above 48
    page.click(".declare-dialog [data-game='G']")
    assert page.locator("[data-warning]").count() == 0
    page.click("[data-ui='declare-back']")
    page.click("[data-action='s']")
    assert settle(page)[0] == "discard"
    for card in ("SQ", "H9"):
        page.click(f"[data-card='{card}']")
    page.click("[data-action='discard']")
    page.click(".declare-dialog [data-game='D']")
    # the skat seen (♣J ♠Q): Diamonds "with 1", 2 × 9 = 18, the plain overbid warning
    assert page.get_attribute(".declare-dialog [data-value]", "data-value") == "18"
    page.wait_for_selector("[data-warning='overbid']")
    assert page.locator("[data-warning='skat']").count() == 0
    assert not page.errors
    context.close()


def test_the_dialog_says_why_the_null_games_below_the_bid_are_not_offered(
    browser: Any, url: str
) -> None:
    """Deal 7348, the person middlehand at 48: of the Null games only Null Ouvert Hand (59) is
    worth the bid; Null Hand (35) is left out (ISkO 4.2), and after the pick-up Null (23) and
    Null Ouvert (46), which the dialog names with their values, as the server lists them."""
    context, page = opened_table(browser, url)
    type_deal(page, "7348")
    assert settle(page)[0] == "bidding"
    page.select_option("select[data-ui='jump']", "48")
    page.click("[data-ui='jump-go']")
    assert settle(page)[0] == "skat"
    page.click(".controls [data-ui='hand']")
    page.click(".declare-dialog [data-game='N']")
    assert page.get_attribute("[data-action='declare']", "data-contract") == "NOH"
    note = page.wait_for_selector("[data-declare-out='NH']").text_content() or ""
    assert "Not offered at your bid of 48: Null Hand (35)." in note, note
    assert "A Null game's value is fixed" in note, note
    shoot(page, "declare-null-left-out")
    page.click("[data-ui='declare-back']")
    page.click("[data-action='s']")
    assert settle(page)[0] == "discard"
    for card in ("SQ", "H9"):
        page.click(f"[data-card='{card}']")
    page.click("[data-action='discard']")
    assert page.locator(".declare-dialog [data-game='N']").count() == 0
    note = page.wait_for_selector("[data-declare-out='N NO']").text_content() or ""
    assert "Null (23), Null Ouvert (46)." in note, note
    assert not page.errors
    context.close()


def test_null_offers_no_schneider_or_schwarz_switch(browser: Any, url: str) -> None:
    context, page = opened_table(browser, url)
    _declare_hand_on_136(page)
    page.click(".declare-dialog [data-game='N']")
    for option in ("schneider", "schwarz"):
        assert page.locator(f"[data-option='{option}']").is_disabled(), option
    assert not page.locator("[data-option='ouvert']").is_disabled()
    page.click(".declare-dialog [data-game='S']")
    assert not page.locator("[data-option='schneider']").is_disabled()
    context.close()


ONLY_HAND = (
    "Schneider, Schwarz and Ouvert can be announced only in a Hand game; you picked up the skat."
)


def _switch_reason(page: Any, option: str) -> str:
    """The reason the declaration dialog gives on the switch ``option`` (its label's title)."""
    return page.get_attribute(f".switch:has([data-option='{option}'])", "title") or ""


def test_an_announcement_the_rules_forbid_after_the_pick_up_says_why(
    browser: Any, url: str
) -> None:
    """Deal 1000 at 60, the skat picked up: Schneider and Schwarz are announced only in a Hand
    game (ISkO 5.2.5), a suit or Grand Ouvert is a Hand game too (5.2.6), so the server offers
    none of them; the dialog says why on each switch and under them, not only greys them out."""
    context, page = opened_table(browser, url)
    _discard_on_1000(page, ("CQ", "D7"))
    page.click(".declare-dialog [data-game='C']")
    for option in ("schneider", "schwarz", "ouvert"):
        assert page.locator(f"[data-option='{option}']").is_disabled(), option
        assert _switch_reason(page, option) == ONLY_HAND, option
    assert page.locator("[data-option='hand']").is_disabled()
    assert _switch_reason(page, "hand") == "You picked up the skat: the game is no Hand game."
    assert page.text_content("[data-switches-why]") == ONLY_HAND
    page.click(".declare-dialog [data-game='G']")
    assert _switch_reason(page, "schneider") == ONLY_HAND
    assert not page.errors
    context.close()


def test_a_hand_games_switches_say_why_one_is_off(browser: Any, url: str) -> None:
    """Deal 136, Hand: Hand itself is fixed (the skat stays unseen), and a Null game has no
    Schneider or Schwarz; an allowed switch gives no reason, and no note is written under them."""
    context, page = opened_table(browser, url)
    _declare_hand_on_136(page)
    assert _switch_reason(page, "hand") == "You did not pick up the skat: you play Hand."
    page.click(".declare-dialog [data-game='N']")
    for option in ("schneider", "schwarz"):
        assert _switch_reason(page, option) == "Not with Null.", option
    assert _switch_reason(page, "ouvert") == ""
    assert page.locator("[data-switches-why]").count() == 0
    assert not page.errors
    context.close()


def test_clicks_on_declare_in_the_same_instant_declare_once(browser: Any, url: str) -> None:
    """Three clicks land on the button before the table is drawn again: one declaration goes to
    the server, and the later clicks find no dialog and do nothing."""
    context, page = opened_table(browser, url)
    _declare_hand_on_136(page)
    page.click(".declare-dialog [data-game='S']")
    before = read_store(page)["current"]["record"]
    page.eval_on_selector("[data-action='declare']", "b => { b.click(); b.click(); b.click(); }")
    wait_for_answer(page, before)
    settle(page)
    assert not page.errors, page.errors
    record = read_store(page)["current"]["record"]
    assert len(re.findall(r"\bSH\b", record)) == 1, record
    context.close()


def test_conceding_asks_first_and_cancelling_keeps_the_game(browser: Any, url: str) -> None:
    context, page = opened_table(browser, url)
    _declare_hand_on_136(page)
    page.click(".declare-dialog [data-game='S']")
    page.click("[data-action='declare']")
    phase, to_act = settle(page)
    while to_act != page.get_attribute("#table", "data-human"):
        phase, to_act = settle(page)
    assert phase == "play"
    before = read_store(page)["current"]["record"]
    page.click(".controls [data-action='RE']")
    page.wait_for_selector("[data-ui='confirm-no']")
    page.click("[data-ui='confirm-no']")
    assert settle(page)[0] == "play"
    assert read_store(page)["current"]["record"] == before
    page.click(".controls [data-action='RE']")
    page.click("[data-ui='confirm-yes']")
    wait_for_answer(page, before)
    assert settle(page)[0] == "result"
    assert "conceded" in (page.text_content("[data-result]") or "")
    # no card points for a game given up in the first trick: the skat's points for the
    # declarer and the other 100-odd for the defenders would read as a Schneider
    assert page.text_content("[data-result] .points-line") == "The game was conceded."
    assert not page.errors
    context.close()


# Deal 81: the person (forehand) passes, middlehand and rearhand bid up to 40 between them (22
# calls), rearhand plays Grand.
CALLS_DEAL = "81"


def test_every_call_of_the_auction_can_be_seen_during_the_deal_and_in_the_review(
    browser: Any, url: str
) -> None:
    context, page = opened_table(browser, url)
    phase, _ = pass_on(page, CALLS_DEAL)
    assert phase == "play", phase
    state = iss.replay(iss.parse(read_store(page)["current"]["record"]))
    auction = [(int(seat), str(action)) for seat, action in state.information_state(0).bids]
    assert len(auction) > 6
    # the bubbles hold each seat's last call only
    assert len(shown_bubbles(page)) <= 3
    names = {0: "You · Forehand", 1: "Left · Middlehand", 2: "Right · Rearhand"}
    words = {"y": "Yes", "p": "Pass"}

    def expected() -> list[tuple[str, str, str]]:
        out = [(str(s), names[s], words.get(a, a)) for s, a in auction]
        assert state.declarer is not None
        out.append((str(int(state.declarer)), names[int(state.declarer)], "Grand"))
        return out

    def shown(root: str) -> list[tuple[str, str, str]]:
        return [
            (
                item.get_attribute("data-seat") or "",
                item.locator(".call-who").text_content() or "",
                item.locator(".call-what").text_content() or "",
            )
            for item in page.locator(f"{root} [data-call]").all()
        ]

    page.click("[data-ui='show-calls']")
    page.wait_for_selector(".calls-panel [data-calls]")
    assert shown(".calls-panel") == expected()
    shoot(page, "calls-during-the-deal")
    page.keyboard.press("Escape")
    assert page.locator(".calls-panel").count() == 0
    record = play_out(page)
    # the review has them too, and names who played each card of every trick
    assert shown(".result-panel .review-calls") == expected()
    final = iss.replay(iss.parse(record))
    tricks = page.locator(".result-panel [data-review-trick]")
    assert tricks.count() == len(final.tricks)
    for i, trick in enumerate(final.tricks):
        played = tricks.nth(i).locator("[data-played]")
        want = [
            (format_card(card), names[(trick.leader + k) % 3].split(" · ")[0])
            for k, card in enumerate(trick.cards)
        ]
        got = [
            (p.get_attribute("data-played") or "", p.locator(".mini-name").text_content() or "")
            for p in played.all()
        ]
        assert got == want, i
    shoot(page, "calls-in-the-review")
    # the dealt hands' cards start in one column, in German too ("Spieler rechts · Hinterhand"
    # is wider than the English names)
    for lang in ("en", "de", "sv", "zh"):
        page.select_option("[data-ui='lang']", lang)
        rows = page.locator(".result-panel .review > .review-hand .mini-cards")
        starts = {round(rows.nth(k).bounding_box()["x"]) for k in range(3)}
        assert len(starts) == 1, (lang, starts)
        shoot(page, f"hands-in-the-review-{lang}")
    assert not page.errors
    context.close()


def _context_at(browser: Any, record: str, seat: int, **settings: Any) -> Any:
    """A fresh profile whose first visit continues ``record`` (as after a reload), the person
    in ``seat``."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    store = {
        "schema": 2,
        "settings": {**FAST, **settings},
        "current": {"record": record, "human_seat": seat, "practice": True},
        "series": None,
        "archive": [],
    }
    context.add_init_script(
        "if (!localStorage.getItem('skat.store')) "
        f"localStorage.setItem('skat.store', {json.dumps(json.dumps(store))})"
    )
    return context


def _declared_on_136(contract: str) -> str:
    """Deal 136: the others pass, forehand plays ``contract`` at 18 and leads the first trick.
    Forehand holds ♣A ♣Q ♣8 ♠9 ♥J ♥10 ♥9 ♥8 ♥7 ♦K."""
    state = State.new(136, Options())
    for action in ("p", "p", "18", contract):
        state = state.apply(action)
    return iss.write(iss.from_state(state))


@pytest.mark.parametrize(
    ("contract", "alternate", "suits"),
    [
        # Null: no trumps, the jack in its suit (A K Q J 10 9 8 7)
        (
            "NH",
            "CA CQ C8 HJ HT H9 H8 H7 S9 DK",  # black, red, black, red
            "CA CQ C8 S9 HJ HT H9 H8 H7 DK",  # ♣ ♠ ♥ ♦
        ),
        # Hearts: the jack and the hearts first, then the other suits
        (
            "HH",
            "HJ HT H9 H8 H7 CA CQ C8 DK S9",  # after red hearts: black, red, black
            "HJ HT H9 H8 H7 CA CQ C8 S9 DK",
        ),
    ],
)
def test_the_person_chooses_how_the_hand_is_sorted_and_the_choice_is_kept(
    browser: Any, url: str, contract: str, alternate: str, suits: str
) -> None:
    context = _context_at(browser, _declared_on_136(contract), 0)
    page = watched_page(context)
    page.goto(url)
    assert settle(page)[0] == "play"
    assert " ".join(shown_hand(page)) == alternate
    page.click("[data-ui='open-settings']")
    page.select_option("select[data-setting='sort']", "suits")
    page.click("[data-ui='close-panel']")
    assert " ".join(shown_hand(page)) == suits
    shoot(page, f"sorted-by-suits-{contract}")
    page.reload()
    settle(page)
    assert " ".join(shown_hand(page)) == suits
    assert read_store(page)["settings"]["sort"] == "suits"
    assert not page.errors
    context.close()
