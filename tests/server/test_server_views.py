"""The web API's view of a deal: the legal declarations with the core's figures, the card order,
why a card cannot be played, the idle rule options, and Schieberamsch's pushes and later calls.

Helpers: ``tests/server_helpers.py``; the test client (``client``): the conftest's.
"""

from __future__ import annotations

import itertools
import warnings
from dataclasses import fields
from typing import Any

import pytest

from skat import record
from skat.contract import Contract
from skat.declaration import prospect
from skat.options import OPTION_ENUMS, AllPass, KontraRule, Options
from skat.server import game
from skat.server import view as view_module
from skat.state import Phase, State

from server_helpers import start_deal

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def test_the_null_games_below_the_bid_are_named_as_left_out_with_their_values() -> None:
    # deal 7348, middlehand bids 48 (the others pass): Null Hand (35) is out, Null Ouvert Hand
    # (59) offered; after the pick-up Null (23) and Null Ouvert (46) are out, none offered
    state = State.new(7348, Options())
    for token in ("48", "p", "p"):
        state = state.apply(token)
    hand_phase = game.view(state, 1)
    assert [d["contract"] for d in hand_phase["declarations"] if d["game"] == "N"] == ["NOH"]
    assert hand_phase["declarations_out"] == [
        {"contract": "NH", "game": "N", "announced": ["hand"], "value": 35}
    ]
    picked = game.view(state.apply("s"), 1)
    assert [d for d in picked["declarations"] if d["game"] == "N"] == []
    assert [(d["contract"], d["value"]) for d in picked["declarations_out"]] == [
        ("N", 23),
        ("NO", 46),
    ]
    # nothing to declare, nothing left out: another seat, or a bid every Null reaches
    assert game.view(state, 0)["declarations_out"] == []
    low = State.new(7348, Options())
    for token in ("18", "p", "p"):
        low = low.apply(token)
    assert game.view(low, 1)["declarations_out"] == []


def test_the_declaration_offers_every_legal_contract_with_the_cores_figures() -> None:
    # deal 136, forehand wins the auction at 18 (the others pass), Sächsische Spitze allowed
    state = State.new(136, Options(spitze=True))
    for token in ("p", "p", "18"):
        state = state.apply(token)
    hand_phase = game.view(state, 0)["declarations"]
    assert [d["contract"] for d in hand_phase] == [
        *(f"{g}{m}" for g in "CSHDGX" for m in ("H", "HS", "HZ", "O")),
        "NH",
        "NOH",
    ]
    legal = {str(a) for a in state.legal_actions()}
    assert {d["contract"] for d in hand_phase} == legal - {"s"}
    for entry in hand_phase:
        figures = prospect(
            Contract.parse(entry["contract"]),
            bid=18,
            known_cards=state.hand(0),
            options=state.options,
        ).to_json()
        assert {k: entry[k] for k in figures if k != "bid"} == {
            k: v for k, v in figures.items() if k != "bid"
        }
    spitze = next(d for d in hand_phase if d["contract"] == "XO")
    assert spitze["game"] == "X"
    assert spitze["announced"] == ["hand", "schneider", "schwarz", "ouvert"]
    assert set(spitze["trumps"]) == {c for c in game.view(state, 0)["hand"] if c[1] == "J"}
    assert next(d for d in hand_phase if d["game"] == "N")["trumps"] is None
    # after the pick-up: while discarding, the contracts legal after it, counted with the skat
    picked = state.apply("s")
    discarding = game.view(picked, 0)
    assert [d["contract"] for d in discarding["declarations"]] == [
        "C",
        "S",
        "H",
        "D",
        "G",
        "X",
        "N",
        "NO",
    ]
    assert [d["contract"] for d in discarding["declarations"]] == sorted(
        discarding["declare_after_discard"], key=lambda c: "CSHDGXN".index(c[0])
    )
    declaring = game.view(picked.apply(picked.legal_actions()[0]), 0)["declarations"]
    assert [d["value"] for d in declaring] == [d["value"] for d in discarding["declarations"]]
    # nothing to declare: in the auction, and for the other seats
    assert game.view(State.new(136, Options()), 1)["declarations"] == []
    assert game.view(state, 1)["declarations"] == []


def test_a_hand_game_the_unseen_skat_can_overbid_is_named_with_its_lowest_value(
    client: TestClient,
) -> None:
    # issue 51, point 8: deal 7348, middlehand at 48 before the skat; Diamonds Hand "without 4"
    # is worth 54, but a jack in the unseen skat (♣J lay there) makes it "with 1", 27: overbid
    state = State.new(7348, Options())
    for token in ("48", "p", "p"):
        state = state.apply(token)
    answer = client.post("/api/view", json={"record": record.write_record(state), "human_seat": 1})
    assert answer.status_code == 200
    entries = {d["contract"]: d for d in answer.json()["view"]["declarations"]}
    hand = entries["DH"]
    assert (hand["matadors"], hand["value"], hand["reach"]) == (-4, 54, "bid")
    assert (hand["lowest_matadors"], hand["lowest_value"], hand["skat_overbid"]) == (1, 27, True)
    # Schneider announced (game, Hand, Schneider, announced): 9 × 8 = 72, at worst 9 × 5 = 45
    assert (entries["DHS"]["value"], entries["DHS"]["lowest_value"]) == (72, 45)
    assert entries["DHS"]["skat_overbid"] is True
    # Null has no matadors: the skat cannot change its value
    assert entries["NOH"]["lowest_value"] is None
    assert entries["NOH"]["skat_overbid"] is False
    # after the pick-up the skat is seen: its figures count it, no risk is left
    picked = game.view(state.apply("s"), 1)["declarations"]
    assert {d["lowest_value"] for d in picked} == {None}
    assert not any(d["skat_overbid"] for d in picked)


def test_the_card_order_names_only_cards_the_human_sees_until_the_end() -> None:
    state = State.new(136, Options())
    view = game.view(state, 1)
    order = view["card_order"]
    listed = order["trumps"] + [c for suit in order["suits"].values() for c in suit]
    assert sorted(listed) == sorted(view["hand"])
    assert order["game"] == "G"
    assert order["trumps"] == [c for c in ("CJ", "SJ", "HJ", "DJ") if c in view["hand"]]


def _played_states(number: int, options: Options, opening: tuple[str, ...]) -> list[State]:
    """Every state of deal ``number`` after the ``opening`` tokens, each seat then playing its
    first legal action to the end."""
    state = State.new(number, options)
    for token in opening:
        state = state.apply(token)
    states = [state]
    while not state.is_terminal():
        state = state.apply(state.legal_actions()[0])
        states.append(state)
    return states


@pytest.mark.parametrize(
    ("number", "options", "opening"),
    [
        (136, Options(), ("p", "p", "18", "CH")),  # a suit game: trumps and suits led
        (136, Options(spitze=True), ("p", "p", "18", "XH")),  # Spitze: its own trumps
        (136, Options(), ("p", "p", "18", "NH")),  # Null: the jacks in their suits
        (12, Options(all_pass=AllPass.RAMSCH), ("p", "p", "p")),
    ],
)
def test_the_view_says_why_each_card_cannot_be_played_in_play(
    number: int, options: Options, opening: tuple[str, ...]
) -> None:
    follows = set()
    for state in _played_states(number, options, opening):
        if state.phase != Phase.PLAY:
            continue
        for seat in range(3):
            view = game.view(state, seat)
            reasons = view["card_reasons"]
            if seat != state.current_player:
                assert reasons == {card: {"code": "not_your_turn"} for card in view["hand"]}
                continue
            # exactly the cards of the hand that are not legal, each with the led card's suit
            assert set(reasons) == set(view["hand"]) - set(view["legal"])
            if not view["trick"]:
                assert reasons == {}
                continue
            led = view["trick"][0]["card"]
            trump_led = led in view["card_order"]["trumps"]
            want = (
                {"code": "follow_trump"} if trump_led else {"code": "follow_suit", "suit": led[0]}
            )
            assert all(r == want for r in reasons.values()), (led, reasons)
            follows |= {r["code"] for r in reasons.values()}
    assert follows  # the deal came to a card that could not be played


def test_the_view_says_why_no_card_can_be_chosen_outside_play() -> None:
    state = State.new(136, Options())
    view = game.view(state, 0)
    assert view["phase"] == "bidding"
    assert view["card_reasons"] == {card: {"code": "not_now"} for card in view["hand"]}
    for token in ("p", "p", "18", "s"):
        state = state.apply(token)
    assert state.phase == Phase.DISCARD
    # any two cards may be put away; the others wait a moment without a word on their cards
    assert [game.view(state, seat)["card_reasons"] for seat in range(3)] == [{}, {}, {}]
    state = state.apply(state.legal_actions()[0])
    assert state.phase == Phase.DECLARE
    assert set(game.view(state, 0)["card_reasons"]) == set(game.view(state, 0)["hand"])


def test_the_view_says_the_jacks_are_not_pushed_in_a_schieberamsch() -> None:
    state = State.new(7, Options(all_pass=AllPass.SCHIEBERAMSCH))
    while state.phase == Phase.BIDDING:
        state = state.apply("p")
    view = game.view(state, 0)
    assert set(r["code"] for r in view["card_reasons"].values()) == {"not_now"}  # take or pass
    state = state.apply("s")
    view = game.view(state, 0)
    jacks = [card for card in view["hand"] if card[1] == "J"]
    assert jacks  # deal 7: forehand holds a jack after taking the skat
    assert view["card_reasons"] == {card: {"code": "no_jack_push"} for card in jacks}


def test_the_option_list_names_what_each_idle_option_waits_for() -> None:
    waits = {o["name"]: o.get("idle_when", "missing") for o in game.options_spec()}
    assert {name: w for name, w in waits.items() if w} == {
        "supra": {"option": "kontra", "value": "off"},
        "durchmarsch": {"option": "all_pass", "value": "new_deal"},
        "ramsch_skat": {"option": "all_pass", "value": "new_deal"},
        **{  # the Bock events wait for the Bock rule (skat.bock)
            f"bock_{event}": {"option": "bock", "value": "off"}
            for event in (
                *("lost_60", "grand_hand", "kontra_won", "kontra_re", "nnn", "n00"),
                *("value_72", "value_96", "all_passed", "lost_grand"),
            )
        },
    }


@pytest.mark.parametrize("spec", [o for o in game.options_spec() if o.get("idle_when")])
def test_an_idle_option_is_named_with_what_it_waits_for_as_effective_counts_it(
    spec: dict[str, Any],
) -> None:
    name, other, value = spec["name"], spec["idle_when"]["option"], spec["idle_when"]["value"]
    changed = next(v for v in spec["values"] if v != spec["default"])
    raw: dict[str, Any] = {name: OPTION_ENUMS[name](changed) if name in OPTION_ENUMS else changed}
    idle: dict[str, Any] = {**raw, other: OPTION_ENUMS[other](value)}
    assert getattr(Options(**idle).effective(), name) == getattr(Options(), name)
    for awake in (v for v in OPTION_ENUMS[other] if v.value != value):
        woken: dict[str, Any] = {**raw, other: awake}
        assert getattr(Options(**woken).effective(), name) == raw[name]


def test_the_options_that_effective_sets_back_are_the_ones_named_idle() -> None:
    spec = {o["name"]: o for o in game.options_spec()}
    # each Bock event only off its default: all of them at once keep the product small
    choices = [
        [
            (o["name"], OPTION_ENUMS[o["name"]](v) if o["name"] in OPTION_ENUMS else v)
            for v in o["values"]
            if not o["name"].startswith("bock_") or v != o["default"]
        ]
        for o in spec.values()
    ]
    for combination in itertools.product(*choices):
        chosen: dict[str, Any] = dict(combination)
        options = Options(**chosen)
        effective = options.effective()
        changed = {
            f.name
            for f in fields(Options)
            if getattr(options, f.name) != getattr(effective, f.name)
        }
        named = {
            name
            for name, o in spec.items()
            if o["idle_when"]
            and str(getattr(options, o["idle_when"]["option"])) == o["idle_when"]["value"]
        }
        assert changed <= named, options


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"kontra": "on", "supra": True},
        {"all_pass": "schieberamsch", "ramsch_skat": "loser", "durchmarsch": False},
        {"score_list": "simple", "spitze": True, "lost_hand_single": True},
    ],
)
def test_the_view_names_the_deals_rule_options(client: TestClient, options: dict[str, Any]) -> None:
    # the browser words its hints by the deal's rules (Supra only where it may be said), and
    # the view read back as options gives the same deal
    data = start_deal(client, 5, options=options)
    named = data["view"]["options"]
    assert {key: named[key] for key in options} == options
    assert game.parse_options(named) == game.parse_options(options)
    again = client.post("/api/view", json={"record": data["record"], "human_seat": 0}).json()
    assert again["view"]["options"] == named


def test_the_view_names_only_the_rule_options_that_apply(client: TestClient) -> None:
    # a record written elsewhere may name Supra without Kontra: no Re can be answered then
    line = start_deal(client, 5)["record"].replace("MV[", "RU[supra=1]MV[", 1)
    assert record.parse(line).get("RU") == "supra=1"
    view = client.post("/api/view", json={"record": line, "human_seat": 0}).json()["view"]
    assert view["options"]["supra"] is False
    assert view["options"]["kontra"] == "off"


def test_schieberamsch_view_marks_the_cards_taken_from_the_skat() -> None:
    from skat.action import Action, ActionKind
    from skat.options import AllPass, Options
    from skat.state import State

    state = State.new(7, Options(all_pass=AllPass.SCHIEBERAMSCH))
    while state.phase.value == "bidding":
        state = state.apply(Action(ActionKind.PASS))
    assert game.view(state, 0)["picked_up"] == []
    state = state.apply(Action(ActionKind.PICKUP))
    view = game.view(state, 0)
    assert view["phase"] == "schieben"
    assert sorted(view["picked_up"]) == sorted(view_module._cards(state.deal.skat.mask))
    assert game.view(state, 1)["picked_up"] == []  # another seat sees nothing of it


def test_schieberamsch_view_counts_the_skats_passed_on_unseen() -> None:
    from skat.action import Action, ActionKind
    from skat.options import AllPass, Options
    from skat.state import State

    state = State.new(7, Options(all_pass=AllPass.SCHIEBERAMSCH))
    while state.phase.value == "bidding":
        state = state.apply(Action(ActionKind.PASS))
    assert game.view(state, 0)["pushes"] == 0
    state = state.apply(Action(ActionKind.PASS))  # forehand passes the skat on unseen
    assert [game.view(state, seat)["pushes"] for seat in range(3)] == [1, 1, 1]  # public
    state = state.apply(Action(ActionKind.PASS))  # middlehand too
    assert game.view(state, 2)["pushes"] == 2


def test_schieberamsch_moves_are_push_events_not_auction_passes_or_discards() -> None:
    from skat.action import Action, ActionKind
    from skat.options import AllPass, Options
    from skat.state import State

    state = State.new(7, Options(all_pass=AllPass.SCHIEBERAMSCH))
    events: list[dict[str, object]] = []
    while state.phase.value == "bidding":
        state = game._step(state, Action(ActionKind.PASS), 0, events)
    assert {e["kind"] for e in events} == {"call"}  # the auction's passes
    state = game._step(state, Action(ActionKind.PASS), 0, events)  # forehand: on unseen
    assert events[-1] == {"kind": "push", "seat": 0, "action": "p"}
    state = game._step(state, Action(ActionKind.PICKUP), 0, events)  # middlehand takes it
    assert events[-1]["kind"] == "skat"
    push = next(a for a in state.legal_actions() if a.kind == ActionKind.DISCARD)
    state = game._step(state, push, 0, events)  # and pushes two cards on, unseen by seat 0
    assert events[-1] == {"kind": "push", "seat": 1, "action": "??.??"}


def test_the_view_lists_what_was_said_after_the_auction_as_its_events_were() -> None:
    """``later_calls`` holds the same events the moves gave (pushes, a pick-up, Kontra answers),
    so a reload can show them again; another seat's pushed cards stay hidden."""
    from skat.action import Action, ActionKind
    from skat.options import AllPass, Options
    from skat.state import Phase, State

    state = State.new(7, Options(all_pass=AllPass.SCHIEBERAMSCH))
    events: list[dict[str, object]] = []
    while state.phase == Phase.BIDDING:
        state = game._step(state, Action(ActionKind.PASS), 0, events)
    auction = len(events)
    state = game._step(state, Action(ActionKind.PASS), 0, events)
    state = game._step(state, Action(ActionKind.PICKUP), 0, events)
    push = next(a for a in state.legal_actions() if a.kind == ActionKind.DISCARD)
    state = game._step(state, push, 0, events)
    assert game.view(state, 0)["later_calls"] == events[auction:]
    assert game.view(state, 1)["later_calls"][-1]["action"] == str(push)  # its own cards

    from skat.players import decision_rng
    from skat.players.heuristic import HeuristicPlayer

    state = State.new(4243, Options(kontra=KontraRule.ON))
    events = []
    while state.phase != Phase.PLAY:
        legal = state.legal_actions()
        if state.phase == Phase.KONTRA:  # the defenders say Kontra, the declarer Re
            action = next(a for a in legal if a.kind != ActionKind.DECLINE)
        else:
            seat = state.current_player
            assert seat is not None
            info = state.information_state(seat)
            action = HeuristicPlayer().choose(info, decision_rng(4243, len(state.actions)))
        state = game._step(state, action, 0, events)
    said = [e for e in events if e["kind"] == "kontra"]
    assert [e["action"] for e in said] == ["K", "R"], events
    assert game.view(state, 0)["later_calls"] == said
    state = game._step(state, state.legal_actions()[0], 0, events)  # the first card
    assert game.view(state, 0)["later_calls"] == said


@pytest.mark.parametrize(("said", "declined"), [((), "K"), (("K",), "R"), (("K", "R"), "SU")])
def test_a_decline_names_the_call_it_turns_down(said: tuple[str, ...], declined: str) -> None:
    # both as the event of the answer and in the later calls a reload shows
    state = State.new(4243, Options(kontra=KontraRule.ON, supra=True))
    while state.phase != Phase.KONTRA:
        state = state.apply(state.legal_actions()[0])
    for call in said:
        state = state.apply(call)
    events: list[dict[str, Any]] = []
    after = game._step(state, state.legal_actions()[-1], 0, events)
    assert events[0]["action"] == "-"
    assert events[0]["declined"] == declined
    calls = view_module.view(after, 0)["later_calls"]
    assert [c["action"] for c in calls] == [*said, "-"]
    assert calls[-1]["declined"] == declined
    assert all("declined" not in c for c in calls[:-1])
