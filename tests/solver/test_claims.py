"""Claims (house rule ``claims``, skat.claim): "the rest is mine", "Null is safe" and the
defenders' claim, each decided exactly with every hand open; a true claim ends the game, a false
one is refused with the line that beats it and leaves the deal as it was.

Source: house rule (XSkat, GameDuell, ISS "show cards"); the counting after ISkO 5.2.8.
"""

from __future__ import annotations

import random

import pytest

from skat import record
from skat.action import CLAIM, DEFENDERS_CLAIM, Action
from skat.cards import CardSet, cards_of_mask, format_card, parse_card, points
from skat.claim import (
    COMPUTER_CLAIM_TRICKS,
    UNWINNABLE,
    claim_json,
    computer_claim,
    declarer_target,
    holds,
    settle,
)
from skat.deal import Deal
from skat.errors import ClaimError, IllegalActionError, RecordError
from skat.options import KontraRule, Options
from skat.rules import GameType
from skat.scoring import GameResult
from skat.solver import SCHWARZ, position_from_state, solve_value
from skat.state import Ending, Phase, State

CLAIMS = Options(claims=True)

# forehand (the declarer) holds every jack and the aces and tens of three suits: no trick is lost
GRAND_ALL = ("CJ SJ HJ DJ CA CT SA ST HA HT", "CK CQ C9 C8 C7 SK SQ S9 S8 S7",
             "HK HQ H9 H8 H7 DA DT DK DQ D9", "D8 D7")  # fmt: skip
# the same but ♦9 for ♥10: the ♦9 loses a trick to rearhand's ♦A
GRAND_LOSER = ("CJ SJ HJ DJ CA CT SA ST HA D9", "CK CQ C9 C8 C7 SK SQ S9 S8 S7",
               "HK HQ H9 H8 H7 HT DA DT DK DQ", "D8 D7")  # fmt: skip
# forehand holds one jack and no ace or ten: he cannot reach 61
GRAND_WEAK = ("CJ D7 D8 D9 DQ DK H7 H8 H9 HQ", "SJ HJ DJ CA CT CK SA ST SK SQ",
              "DA DT HA HT HK CQ C9 C8 C7 S9", "S8 S7")  # fmt: skip
# Null: forehand's cards are below every defender card of their suit, each suit he leads is held
NULL_SAFE = ("D7 D8 D9 H7 H8 H9 S7 S8 S9 C7", "DT DJ DQ DK DA HT HJ HQ HK HA",
             "ST SJ SQ SK SA C8 C9 CT CJ CQ", "CK CA")  # fmt: skip
# Null: forehand holds the top cards: whatever he leads wins
NULL_HIGH = ("CA SA HA DA CK SK HK DK CQ SQ", "CJ CT C9 C8 C7 SJ ST S9 S8 S7",
             "HQ HJ HT H9 H8 H7 DQ DJ DT D9", "D8 D7")  # fmt: skip


def declared(
    cards: tuple[str, str, str, str],
    contract: str,
    options: Options = CLAIMS,
    bidding: tuple[str, ...] = ("p", "p", "18"),
) -> State:
    """Forehand declares ``contract`` (a Hand game) over ``bidding``; the first card is his."""
    hands = (CardSet.from_str(cards[0]), CardSet.from_str(cards[1]), CardSet.from_str(cards[2]))
    dealt = Deal(-1, hands, CardSet.from_str(cards[3]))
    state = State.from_deal(dealt, options, claim_check=settle)
    for token in (*bidding, contract):
        state = state.apply(token)
    assert state.phase == Phase.PLAY
    return state


def play(state: State, *cards: str) -> State:
    for card in cards:
        state = state.apply(card)
    return state


def replayed(state: State, line: tuple[tuple[int, int], ...]) -> State:
    """``state`` after the line, each card played by the seat the line names."""
    for seat, card in line:
        assert state.current_player == seat
        state = state.apply(format_card(card))
    return state


def test_the_rest_is_mine_gives_the_declarer_every_remaining_trick() -> None:
    state = declared(GRAND_ALL, "GH")
    assert state.claim_actions() == [CLAIM]
    after = state.apply("CL")
    result = after.result()
    assert isinstance(result, GameResult)
    assert (after.ending, after.is_terminal()) == (Ending.CLAIMED, True)
    assert (result.won, result.declarer_points, result.declarer_tricks) == (True, 120, 10)
    assert "schwarz" in result.levels  # with 4, game 5, hand 6, Schneider 7, Schwarz 8
    assert (result.claim, result.game_value) == ("claim_rest", 8 * 24)
    first = result.explanation[0]
    assert (first.code, first.value, first.seat) == ("claim_rest", 10, 0)


def test_the_rest_is_mine_counts_only_the_tricks_still_to_come() -> None:
    # the defenders took the ♦9 trick; with the lead back the declarer holds every other trick
    state = play(declared(GRAND_LOSER, "GH"), "D9", "S7", "DA", "HK", "HA", "S8")
    assert state.current_player == 0
    assert state.tricks_won(2) == 1
    result = state.apply("CL").result()
    assert isinstance(result, GameResult)
    assert (result.won, result.declarer_tricks, result.defender_tricks) == (True, 9, 1)
    assert result.declarer_points == 120 - points(CardSet.from_str("D9 S7 DA").mask)
    assert "schneider" in result.levels
    assert "schwarz" not in result.levels


def test_a_false_rest_is_mine_is_refused_with_the_line_that_beats_it() -> None:
    state = declared(GRAND_LOSER, "GH")
    with pytest.raises(
        ClaimError, match=r"claim 'CL' \(the rest is mine\) by forehand does not"
    ) as refused:
        state.apply("CL")
    err = refused.value
    assert err.code == "claim_fails"
    end = replayed(state, err.line)  # the line is legal play, and a defender takes a trick
    assert end.tricks_won(1) + end.tricks_won(2) == 1
    assert err.line[0] == (0, parse_card("CJ"))  # the claimant's highest card first
    # the deal stays as it was: the same actions, the declarer still to lead
    assert (state.phase, state.current_player, len(state.actions)) == (Phase.PLAY, 0, 4)


def test_null_is_safe_wins_the_null_when_no_defence_gives_a_trick() -> None:
    state = declared(NULL_SAFE, "NH")
    result = state.apply("CL").result()
    assert isinstance(result, GameResult)
    assert (result.won, result.declarer_tricks, result.claim) == (True, 0, "claim_null")
    assert result.score == 35  # Null Hand


def test_a_false_null_is_safe_is_refused_with_the_trick_he_must_take() -> None:
    state = declared(NULL_HIGH, "NH")
    with pytest.raises(ClaimError, match=r"\(Null is safe\) by forehand does not hold") as refused:
        state.apply("CL")
    err = refused.value
    end = replayed(state, err.line)
    assert end.tricks_won(0) == 1
    assert len(err.line) == 3


def test_the_defenders_claim_ends_the_game_lost_at_the_open_hand_value() -> None:
    state = play(declared(GRAND_WEAK, "GH"), "CJ")
    assert state.claim_actions() == [DEFENDERS_CLAIM]
    value = solve_value(position_from_state(state))
    assert value < 61
    result = state.apply("CD").result()
    assert isinstance(result, GameResult)
    assert (result.won, result.declarer_points, result.claim) == (False, value, "claim_defenders")
    assert result.declarer_tricks >= 1  # a claim never makes the declarer Schwarz
    assert ("schneider" in result.levels) == (value <= 30)


def test_a_false_defenders_claim_is_refused_with_a_line_reaching_the_target() -> None:
    state = play(declared(GRAND_ALL, "GH"), "CJ")
    with pytest.raises(
        ClaimError, match=r"\(the declarer loses\) by middlehand does not hold"
    ) as refused:
        state.apply("CD")
    err = refused.value
    end = replayed(state, err.line)
    assert points(end.won_cards(0) | end.skat) >= 61


@pytest.mark.parametrize(
    ("cards", "first", "holds_"),
    [(NULL_HIGH, "DK", True), (NULL_SAFE, "D7", False)],
)
def test_the_defenders_claim_against_null_is_that_he_must_take_a_trick(
    cards: tuple[str, str, str, str], first: str, holds_: bool
) -> None:
    state = play(declared(cards, "NH"), first)
    assert holds(state, DEFENDERS_CLAIM) is holds_
    if holds_:
        result = state.apply("CD").result()
        assert isinstance(result, GameResult)
        assert (result.won, result.declarer_tricks) == (False, 1)
    else:
        with pytest.raises(ClaimError, match="does not hold"):
            state.apply("CD")


@pytest.mark.parametrize(
    ("bidding", "contract", "target"),
    [
        (("p", "p", "18"), "CH", 61),
        (("p", "p", "18"), "CHS", 90),
        (("p", "p", "18"), "CHZ", SCHWARZ),
        (("40", "y", "p", "p"), "CH", 90),  # with 1, Hand: 36; with Schneider 48 reaches 40
        (("60", "y", "p", "p"), "CH", SCHWARZ),  # only Schwarz (60) reaches 60
        (("72", "y", "p", "p"), "CH", UNWINNABLE),  # clubs Hand with 1 is at most 60
        (("p", "p", "18"), "NH", 0),
    ],
)
def test_the_declarers_target_follows_his_announcements_and_his_bid(
    bidding: tuple[str, ...], contract: str, target: int
) -> None:
    assert declarer_target(declared(GRAND_WEAK, contract, bidding=bidding)) == target


def test_an_unwinnable_game_lets_the_defenders_claim_at_once() -> None:
    state = play(declared(GRAND_WEAK, "CH", bidding=("72", "y", "p", "p")), "CJ")
    assert holds(state, DEFENDERS_CLAIM)


def test_claims_are_not_played_without_the_option() -> None:
    state = declared(GRAND_ALL, "GH", options=Options())
    assert state.claim_actions() == []
    with pytest.raises(IllegalActionError, match="the rule option 'claims' is off"):
        state.apply("CL")


@pytest.mark.parametrize(("cards", "token"), [((), "CD"), (("CJ",), "CL")])
def test_the_declarer_claims_with_cl_and_a_defender_with_cd(
    cards: tuple[str, ...], token: str
) -> None:
    state = play(declared(GRAND_ALL, "GH"), *cards)
    with pytest.raises(IllegalActionError, match="claims with"):
        state.apply(token)


def test_a_claim_is_made_only_at_the_claimants_turn() -> None:
    state = declared(GRAND_ALL, "GH")
    with pytest.raises(IllegalActionError, match="it is forehand's turn"):
        state.apply("CD", seat=1)


def test_claims_are_not_among_the_legal_actions_a_player_chooses_from() -> None:
    state = declared(GRAND_ALL, "GH")
    assert CLAIM not in state.legal_actions()
    assert [str(a) for a in state.claim_actions()] == ["CL"]


@pytest.mark.parametrize("token", ["CL", "CD"])
def test_claim_tokens_read_and_write_as_themselves(token: str) -> None:
    assert str(Action.parse(token)) == token


def test_a_claim_round_trips_through_the_record() -> None:
    state = play(declared(GRAND_LOSER, "GH"), "D9", "S7", "DA", "HK", "HA", "S8").apply("CL")
    line = record.write_record(state)
    assert " 0 CL" in line
    again = record.read_record(line, claim_check=settle)
    assert again == state
    assert again.result() == state.result()
    assert record.iss_result(state).startswith("d:0 win")


def test_a_deal_without_the_open_hand_check_refuses_every_claim() -> None:
    # the core decides no claim itself: the solver's layer hands its check in (skat.claim)
    state = play(declared(GRAND_ALL, "GH"), "CJ", "C7", "D9")
    bare = State(state.options, state.deal, state.dealer, state.actions, state.actors)
    assert bare == state
    assert bare.claim_check is None
    with pytest.raises(IllegalActionError, match="claims need the open-hand check"):
        bare.apply("CL")
    assert state.apply("CL").ending == Ending.CLAIMED
    line = record.write_record(state.apply("CL"))
    with pytest.raises(RecordError, match="claims need the open-hand check"):
        record.read_record(line)


def test_a_prefix_keeps_the_claim_check_and_replays_the_same_deal() -> None:
    state = play(declared(GRAND_ALL, "GH"), "CJ", "C7", "D9")
    assert state.prefix(len(state.actions)) == state
    assert state.prefix(4).actions == state.actions[:4]
    assert state.prefix(0).claim_check is settle
    with pytest.raises(ValueError, match="no prefix of 99 actions"):
        state.prefix(99)


def test_a_record_holding_a_false_claim_is_refused() -> None:
    line = record.write_record(declared(GRAND_LOSER, "GH"))
    start = line.index("MV[")
    end = line.index("]", start)
    forged = line[:end] + " 0 CL" + line[end:]
    with pytest.raises(RecordError, match="does not hold"):
        record.read_record(forged, claim_check=settle)


def test_the_claim_json_shows_the_hands_at_the_claim() -> None:
    state = play(declared(GRAND_WEAK, "GH"), "CJ")
    data = claim_json(state.apply("CD"))
    assert data is not None
    assert (data["seat"], data["action"]) == (1, "CD")
    rest = CardSet.from_str(GRAND_WEAK[0]) - CardSet.from_str("CJ")
    assert data["hands"][0] == [format_card(c) for c in cards_of_mask(rest.mask)]
    assert data["trick"] == [{"seat": 0, "card": "CJ"}]
    assert claim_json(state) is None


def test_the_computer_claims_from_the_fifth_trick_when_its_claim_holds() -> None:
    state = declared(GRAND_ALL, "GH")
    assert holds(state, CLAIM)
    assert computer_claim(state) is None
    state = play(state, "CJ", "C7", "D9", "SJ", "C8", "DQ", "HJ", "C9", "DK", "DJ", "CQ", "DT")
    assert len(state.tricks) == COMPUTER_CLAIM_TRICKS
    assert computer_claim(state) == CLAIM
    assert computer_claim(declared(GRAND_ALL, "GH", options=Options())) is None


@pytest.mark.parametrize("seed", range(6))
def test_every_claim_of_a_random_deal_either_ends_it_as_claimed_or_is_beaten_by_its_line(
    seed: int,
) -> None:
    # random play, every seat claiming at each turn from the fifth trick on: a claim that holds
    # settles the game as it claims, one that does not comes with a line of legal play that
    # beats it, and leaves the deal as it was
    rng = random.Random(seed)
    state = State.new(seed * 7919, Options(claims=True, kontra=KontraRule.ON), claim_check=settle)
    for token in ("p", "p", "18"):  # forehand plays, at random what and how
        state = state.apply(token)
    tried = 0
    while not state.is_terminal():
        claims = state.claim_actions()
        if claims and len(state.tricks) >= COMPUTER_CLAIM_TRICKS:
            claim, tried = claims[0], tried + 1
            try:
                after = state.apply(claim)
            except ClaimError as err:
                assert not holds(state, claim)
                end = replayed(state, err.line)
                assert end.actions[: len(state.actions)] == state.actions
            else:
                result = after.result()
                assert isinstance(result, GameResult)
                assert holds(state, claim)
                if claim == DEFENDERS_CLAIM or result.contract.game == GameType.NULL:
                    assert result.won == (claim == CLAIM)
                else:
                    left = 10 - len(state.tricks)
                    assert result.declarer_tricks == state.tricks_won(0) + left
                return
        state = state.apply(rng.choice([a for a in state.legal_actions() if str(a) != "RE"]))
    assert tried or state.ending == Ending.SETTLED, state.ending
