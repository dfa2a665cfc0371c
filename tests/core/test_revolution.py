"""Revolution (house rule, option ``revolution``): the contract ``NV`` worth 92, the defenders'
exchange before the first lead (its rules, its refusals, who sees what), its record round trip,
and the computer players' choices (docs/options.md, "Revolution")."""

from __future__ import annotations

import random
from math import comb
from typing import Any

import pytest

from skat import arena, record
from skat.action import Action, ActionKind
from skat.cards import cards_of_mask, mask_of, parse_cards
from skat.contract import Contract, legal_declarations
from skat.errors import IllegalExchangeError, NotationError, RecordError
from skat.information import InformationState
from skat.options import KontraRule, Options, parse_words
from skat.players import Player, decision_rng, get_player
from skat.players.revolution import revolution_safe
from skat.rules import GameType
from skat.scoring import GameResult, game_value, score_game
from skat.state import Ending, Phase, State
from skat.values import table_values

REVOLUTION = Options(revolution=True)
NV = Action.declare(Contract.parse("NV"))


def _at_skat(number: int = 7, options: Options = REVOLUTION, bid: str = "90") -> State:
    """Middlehand the declarer at ``bid``, in the skat phase (forehand and rearhand pass)."""
    return State.new(number, options).apply(bid).apply("p").apply("p")


def _exchanging(number: int = 7, options: Options = REVOLUTION) -> State:
    """Revolution declared by middlehand: forehand (the first defender) to pass cards."""
    return _at_skat(number, options).apply(NV)


def _cards(mask: int, count: int) -> int:
    """The ``count`` lowest-numbered cards of ``mask``."""
    return mask_of(sorted(cards_of_mask(mask))[:count])


# ---- the contract


@pytest.mark.parametrize(("text", "canonical"), [("NV", "NV"), ("NOHV", "NV"), ("NVHO", "NV")])
def test_revolution_is_written_nv_and_implies_ouvert_and_hand(text: str, canonical: str) -> None:
    contract = Contract.parse(text)
    assert str(contract) == canonical
    assert (contract.game, contract.hand, contract.ouvert, contract.revolution) == (
        GameType.NULL,
        True,
        True,
        True,
    )
    assert Contract.of_code(contract.code) == contract
    assert Action.parse(canonical) == Action.declare(contract)


@pytest.mark.parametrize("text", ["GV", "XV", "DHV", "NVS", "NVZ", "NVV"])
def test_revolution_only_as_a_null_game(text: str) -> None:
    with pytest.raises(NotationError, match="not a contract"):
        Contract.parse(text)


@pytest.mark.parametrize(
    ("hand", "bid", "option", "offered"),
    [
        (True, 90, True, True),
        (True, 18, True, True),
        (True, 96, True, False),  # worth 92: below the bid
        (True, 90, False, False),  # the option off: the ISkO table is unchanged
        (False, 18, True, False),  # a Hand game: never after a pick-up
    ],
)
def test_revolution_is_declared_hand_at_a_bid_up_to_92(
    hand: bool, bid: int, option: bool, offered: bool
) -> None:
    assert (
        Contract.parse("NV") in legal_declarations(hand, bid, Options(revolution=option))
    ) == offered


@pytest.mark.parametrize(("option", "bid"), [(True, "90"), (False, "90"), (True, "96")])
def test_the_skat_phase_offers_revolution_only_with_its_option(option: bool, bid: str) -> None:
    state = _at_skat(options=Options(revolution=option), bid=bid)
    assert state.phase == Phase.SKAT
    assert (NV in state.legal_actions()) == (option and bid == "90")


@pytest.mark.parametrize(
    ("won", "lost_hand_single", "kontra", "score"),
    [(True, False, 0, 92), (False, False, 0, -184), (False, True, 0, -92), (True, False, 1, 184)],
)
def test_revolution_is_worth_92(won: bool, lost_hand_single: bool, kontra: int, score: int) -> None:
    contract = Contract.parse("NV")
    assert game_value(contract, 0, Options()) == 92
    result = score_game(
        contract,
        bid=90,
        matador_cards=0,
        declarer_points=0,
        declarer_tricks=0 if won else 1,
        defender_tricks=10 if won else 0,
        kontra=kontra,
        options=Options(
            revolution=True,
            lost_hand_single=lost_hand_single,
            kontra=KontraRule.ON if kontra else KontraRule.OFF,
        ),
    )
    assert (result.won, result.game_value, result.score) == (won, 92, score)


# ---- the exchange


def test_after_revolution_the_first_defender_may_pass_any_of_his_cards() -> None:
    state = _exchanging()
    assert state.phase == Phase.EXCHANGE
    assert state.current_player == 0  # forehand: the defender nearer forehand
    assert state.shown  # the declarer's cards lie open
    legal = state.legal_actions()
    assert len(legal) == 2**10
    assert {a.kind for a in legal} == {ActionKind.EXCHANGE}
    assert all(a.value & ~state.hand(0) == 0 for a in legal)


@pytest.mark.parametrize("count", [1, 3, 10])
def test_the_partner_passes_back_as_many_of_his_own_cards(count: int) -> None:
    state = _exchanging()
    first, second = state.hand(0), state.hand(2)
    gift = _cards(first, count)
    after = state.apply(Action.exchange(gift))
    assert after.phase == Phase.EXCHANGE
    assert after.current_player == 2
    legal = after.legal_actions()
    assert len(legal) == comb(10, count)
    assert all(a.value.bit_count() == count and a.value & ~second == 0 for a in legal)
    back = legal[-1].value
    done = after.apply(legal[-1])
    assert done.phase == Phase.PLAY
    assert done.current_player == 0
    assert done.hand(0) == first & ~gift | back
    assert done.hand(2) == second & ~back | gift
    assert done.hand(1) == state.hand(1)  # the declarer's cards and the skat stay as they are
    assert done.skat == state.skat


def test_no_cards_passed_ends_the_exchange_at_once() -> None:
    done = _exchanging().apply("EX")
    assert done.phase == Phase.PLAY
    assert done.hands() == _exchanging().hands()


def test_kontra_is_asked_after_the_exchange() -> None:
    options = Options(revolution=True, kontra=KontraRule.ON)
    state = _exchanging(options=options).apply("EX")
    assert state.phase == Phase.KONTRA
    assert state.current_player == 0


@pytest.mark.parametrize(
    ("what", "reason"),
    [("declarer_card", "exchange_card"), ("pass", "exchange_kind"), ("pickup", "exchange_kind")],
)
def test_a_first_defender_exchange_against_the_rules_is_refused(what: str, reason: str) -> None:
    state = _exchanging()
    action = {
        "declarer_card": Action.exchange(state.hand(1) & -state.hand(1)),
        "pass": Action.parse("p"),
        "pickup": Action.parse("s"),
    }[what]
    with pytest.raises(IllegalExchangeError, match="in phase 'exchange'") as err:
        state.apply(action)
    assert err.value.code == "illegal_action"
    assert err.value.reason == reason
    assert state.phase == Phase.EXCHANGE
    assert len(state.legal_actions()) == 1024


@pytest.mark.parametrize(
    ("back", "reason"),
    [("received", "exchange_card"), ("too_few", "exchange_count"), ("too_many", "exchange_count")],
)
def test_a_partner_exchange_against_the_rules_is_refused(back: str, reason: str) -> None:
    state = _exchanging()
    gift = _cards(state.hand(0), 2)
    after = state.apply(Action.exchange(gift))
    own = after.hand(2) & ~gift
    mask = {
        "received": gift,
        "too_few": _cards(own, 1),
        "too_many": _cards(own, 3),
    }[back]
    with pytest.raises(IllegalExchangeError, match=r"illegal action 'EX\.") as err:
        after.apply(Action.exchange(mask))
    assert err.value.reason == reason
    assert after.apply(Action.exchange(_cards(own, 2))).phase == Phase.PLAY


def test_the_declarer_sees_how_many_cards_were_passed_the_partner_which() -> None:
    state = _exchanging()
    gift = _cards(state.hand(0), 2)
    after = state.apply(Action.exchange(gift))
    declarer = after.information_state(1)
    partner = after.information_state(2)
    assert str(declarer.actions[-1][1]) == "EX.??.??"
    assert declarer.received is None
    assert partner.actions[-1][1] == Action.exchange(gift)
    assert partner.received == gift
    assert partner.exchange_count == 2
    assert partner.ouvert_hand == after.hand(1)
    assert after.information_state(0).exchange_count is None  # not his turn
    assert partner.to_json()["received"] == [c for c in str(Action.exchange(gift)).split(".")[1:]]


def test_a_timeout_in_the_exchange_decides_the_game() -> None:
    state = _exchanging().apply("TI.0")
    assert state.ending == Ending.RESIGNED
    result = state.result()
    assert isinstance(result, GameResult)
    assert result.won
    assert result.game_value == 92


@pytest.mark.parametrize(
    ("text", "value"), [("EX", 0), ("EX.CA.C7", None), ("EX.??.??", -2), ("EX.HJ", None)]
)
def test_exchange_tokens_read_and_write(text: str, value: int | None) -> None:
    action = Action.parse(text)
    assert action.kind == ActionKind.EXCHANGE
    assert str(action) == text
    expected = mask_of(parse_cards(" ".join(text.split(".")[1:]))) if value is None else value
    assert action.value == expected


@pytest.mark.parametrize("text", ["EX.CA.CA", "EX.ZZ", "EX.", "EX.CA.??"])
def test_bad_exchange_tokens_are_refused(text: str) -> None:
    with pytest.raises(NotationError, match="not an action"):
        Action.parse(text)


# ---- the record


@pytest.mark.parametrize("seed", range(12))
def test_a_revolution_deal_round_trips_through_its_record(seed: int) -> None:
    rng = random.Random(seed)
    options = Options(revolution=True, kontra=KontraRule.ON if seed % 2 else KontraRule.OFF)
    state = _exchanging(number=1000 + seed, options=options)
    while not state.is_terminal():
        state = state.apply(rng.choice(state.legal_actions()))
    line = record.write_record(state)
    assert "RU[" in line
    assert " 1 NV " in line
    assert " 0 EX" in line
    again = record.read_record(line)
    assert again == state
    assert record.format_result(again) == record.format_result(state)


def test_a_record_with_an_illegal_exchange_is_refused() -> None:
    state = _exchanging().apply("EX")
    line = record.write_record(state)
    stray = str(Action.exchange(state.hand(1) & -state.hand(1)))
    bad = line.replace(" 0 EX ", f" 0 {stray} ")
    with pytest.raises(RecordError, match="not among"):
        record.read_record(bad)


# ---- the computers


@pytest.mark.parametrize(
    ("cards", "forehand", "safe"),
    [
        ("C7 C9 CJ S7 S9 H7 H9 HJ D7 D8", False, True),
        ("C7 C9 CJ S7 S9 H7 H9 HJ D7 D8", True, True),  # leads ♦7 from ♦7 ♦8
        ("C8 C9 CJ S7 S9 H7 H9 HJ D7 D8", False, False),  # ♣8 without the ♣7
        ("C7 C9 CK S7 S9 H7 H9 HJ D7 D8", False, False),  # ♣K: three ♣ cards below it are out
        ("C7 C9 CJ CK S7 S9 SJ SK H7 H9", True, False),  # no seven to lead that keeps him safe
    ],
)
def test_the_computers_declare_revolution_only_when_no_exchange_can_catch_it(
    cards: str, forehand: bool, safe: bool
) -> None:
    assert revolution_safe(mask_of(parse_cards(cards)), forehand) == safe


class RevolutionFirst:
    """A test player: declares Revolution whenever it is legal, else plays as the heuristic (so
    the exchange phase is reached in most deals)."""

    name = "revolution-first"

    def __init__(self) -> None:
        self._heuristic = get_player("heuristic")

    def choose(self, info: InformationState, rng: random.Random) -> Action:
        legal = info.legal_actions()
        if NV in legal:
            return NV
        if info.phase == Phase.BIDDING:  # stays in the auction up to 90
            hold = [a for a in legal if a.kind == ActionKind.HOLD]
            bids = [a for a in legal if a.kind == ActionKind.BID and a.value <= 90]
            if hold and info.bid <= 90:
                return hold[0]
            if bids:
                return min(bids)
        return self._heuristic.choose(info, rng)


@pytest.mark.slow
@pytest.mark.parametrize(("defender", "deals", "least"), [("heuristic", 6, 30), ("random", 12, 12)])
def test_forced_revolutions_in_the_arena_make_only_legal_exchanges(
    defender: str, deals: int, least: int
) -> None:
    players: dict[str, Player] = {
        "revolution-first": RevolutionFirst(),
        defender: get_player(defender),
    }
    options = parse_words("revolution")
    games = exchanged = 0
    for index in range(deals):
        number = arena.arena_deal_number(32, index)
        for seating in arena.seatings(["revolution-first", defender]):
            outcome = arena._play_game(number, options, seating, players, {})
            assert outcome.kind in ("game", "passed"), outcome.error
            games += 1
            exchanged += outcome.contract == "NV"
    assert games == 6 * deals
    assert exchanged >= least  # the random player's wild bids outbid it in many deals


@pytest.mark.parametrize("name", ["heuristic", "strong"])
def test_a_computer_defender_passes_legal_cards_from_its_own_view(name: str) -> None:
    player = get_player(name)
    for number in (7, 8, 9):
        state = _exchanging(number)
        first = player.choose(state.information_state(0), decision_rng(number, 4))
        assert first in state.legal_actions()
        state = state.apply(first)
        if state.phase == Phase.EXCHANGE:
            second = player.choose(state.information_state(2), decision_rng(number, 5))
            assert second in state.legal_actions()
            assert state.apply(second).phase == Phase.PLAY


# ---- the web API


def test_the_web_api_shows_the_exchange_and_refuses_one_against_the_rules(client: Any) -> None:
    state = _exchanging()  # forehand, the person, is the first defender
    line = record.write_record(state)
    view = client.post("/api/view", json={"record": line, "human_seat": 0}).json()["view"]
    assert view["phase"] == "exchange"
    assert view["exchange"] == {"count": None, "cards": view["hand"], "received": []}
    assert view["open_hand"]["seat"] == 1
    assert "EX" in view["legal"]
    stray = str(Action.exchange(state.hand(1) & -state.hand(1)))
    body = {"record": line, "human_seat": 0, "action": [stray]}
    response = client.post("/api/act", json=body)
    assert response.status_code == 409, response.text
    error = response.json()["error"]
    assert error["code"] == "illegal_action"
    assert "not among the cards he holds" in error["message"]


@pytest.mark.parametrize("count", [3, 10])
def test_the_web_api_takes_an_exchange_of_many_cards_and_the_partners_answer(
    client: Any, count: int
) -> None:
    # every legal exchange token goes through the web API, the longest (all ten cards) too
    state = _exchanging()
    mine = cards_of_mask(state.hand(0))[:count]
    token = str(Action.exchange(mask_of(mine)))
    assert len(token) == 2 + 3 * count
    body = {"record": record.write_record(state), "human_seat": 0, "action": token}
    response = client.post("/api/act", json=body)
    assert response.status_code == 200, response.text
    after = record.read_record(response.json()["record"])
    assert after.phase != Phase.EXCHANGE or after.current_player != 0
    assert str(after.actions[len(state.actions)]) == token


def test_the_exchanged_cards_are_shown_to_the_declarer_once_the_deal_is_over(client: Any) -> None:
    # while it is played he sees only how many cards went across; the review shows every card
    state = _exchanging()
    gift = _cards(state.hand(0), 2)
    state = state.apply(Action.exchange(gift))
    back = _cards(state.hand(2) & ~gift, 2)
    state = state.apply(Action.exchange(back))
    token = {0: str(Action.exchange(gift)), 2: str(Action.exchange(back))}

    def exchanges(s: State) -> dict[int, str]:
        body = {"record": record.write_record(s), "human_seat": 1}
        view = client.post("/api/view", json=body).json()["view"]
        calls = view["later_calls"]
        return {c["seat"]: c["action"] for c in calls if c["kind"] == "exchange"}

    assert exchanges(state) == {0: "EX.??.??", 2: "EX.??.??"}
    while state.phase != Phase.RESULT:
        state = state.apply(state.legal_actions()[0])
    assert exchanges(state) == token


# ---- the auction with a sure Null

_SURE_NULL = 2446  # forehand: C7 C9 CT H7 H8 D7 D8 D9 DT DA, a Null no exchange can catch


def _forehand_asked_to_hold(value: int, options: Options, number: int = _SURE_NULL) -> State:
    """Deal ``number``: middlehand passes, rearhand bids up to ``value``, forehand holding each."""
    state = State.new(number, options).apply("p")
    for bid in table_values(options).bids:
        state = state.apply(str(bid))
        if bid == value:
            return state
        state = state.apply("y")
    raise AssertionError(value)


@pytest.mark.parametrize("name", ["heuristic", "strong"])
@pytest.mark.parametrize(
    ("value", "options", "call"),
    [(48, Options(), "y"), (60, Options(), "p"), (90, REVOLUTION, "y"), (96, REVOLUTION, "p")],
)
def test_a_sure_null_holds_to_its_value_and_a_sure_revolution_to_92(
    name: str, value: int, options: Options, call: str
) -> None:
    # Null Ouvert Hand (59) is held against a contest (the strong contest check once left a
    # Null Hand named by its ouvert form out, and passed at 48); with the option a sure
    # Revolution is held to its 92
    state = _forehand_asked_to_hold(value, options)
    assert revolution_safe(state.hand(0), True)
    seat = state.information_state(0)
    assert str(get_player(name).choose(seat, decision_rng(1, len(state.actions)))) == call


@pytest.mark.parametrize("name", ["heuristic", "strong"])
def test_a_hand_a_revolution_could_lose_is_not_held_to_92(name: str) -> None:
    # deal 7's forehand: with the option on, no sure Revolution, so no hold at 90 for it
    state = _forehand_asked_to_hold(90, REVOLUTION, number=7)
    assert not revolution_safe(state.hand(0), True)
    seat = state.information_state(0)
    assert str(get_player(name).choose(seat, decision_rng(1, len(state.actions)))) == "p"
