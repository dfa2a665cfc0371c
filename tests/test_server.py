"""The web API: a stateless server that replays the browser's record, and rejects bad requests.

Pins docs/design.md decision 5 (the record is the state: a new app continues it exactly), decision 4
(computer decisions seeded by deal number and action index), the answer's shape, and the error
contract: every malformed, forged or illegal request gets a 4xx with
``{"error": {"code", "message"}}`` and a stable code, never a 500 (a hypothesis fuzz test sends
thousands).
"""

from __future__ import annotations

import itertools
import json
import random
import warnings
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skat import record
from skat.cards import format_card, format_cards
from skat.contract import Contract
from skat.deal import MAX_DEAL_NUMBER, deal
from skat.declaration import prospect
from skat.options import OPTION_ENUMS, AllPass, KontraRule, Options
from skat.server import create_app, game
from skat.server.app import MAX_BODY_BYTES
from skat.state import Phase, State

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

PLAYER = "heuristic"
LOOPBACK = "http://127.0.0.1:8765"
"""The test client's address: the server answers only under its own names (Host), as
``skat serve`` at 127.0.0.1."""


@pytest.fixture
def fakes(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """``tests/fake_computers.py``, importable by name (also in the server's worker processes)."""
    monkeypatch.syspath_prepend(str(Path(__file__).parent))
    import fake_computers

    return fake_computers


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(player=PLAYER, rng=random.Random(1)), base_url=LOOPBACK) as c:
        yield c


def _new(client: TestClient, number: int, **extra: Any) -> dict[str, Any]:
    response = client.post("/api/new", json={"deal_number": str(number), **extra})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def _act(client: TestClient, data: dict[str, Any], actions: list[str]) -> dict[str, Any]:
    body = {"record": data["record"], "human_seat": data["view"]["human"], "action": actions}
    response = client.post("/api/act", json=body)
    assert response.status_code == 200, response.text
    out: dict[str, Any] = response.json()
    return out


def _random_human(view: dict[str, Any], rng: random.Random) -> list[str]:
    legal = [a for a in view["legal"] if a != "RE"] or view["legal"]
    first = rng.choice(legal)
    if view["phase"] == "discard":
        return [first, rng.choice(view["declare_after_discard"])]
    return [first]


def _play_out(client: TestClient, number: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    data = _new(client, number)
    for _ in range(60):
        if data["view"]["phase"] == "result":
            return data
        data = _act(client, data, _random_human(data["view"], rng))
    raise AssertionError("the deal did not end")


# ---- answers -------------------------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5, 9, 12345, 2**64 - 1])
def test_new_deal_waits_for_the_human_seated_by_deal_number(
    client: TestClient, number: int
) -> None:
    data = _new(client, number)
    view = data["view"]
    assert view["human"] == number % 3
    assert view["deal_number"] == str(number)
    assert view["to_act"] == view["human"] or view["phase"] == "result"
    assert len(view["hand"]) == 10
    assert f"DN[{number}]" in data["record"]


@pytest.mark.parametrize(
    ("typed", "seat"), [("12255238-2", 2), ("12255238", 1), ("0012255238 - 0", 0)]
)
def test_a_deal_number_with_a_seat_seats_the_human_there_and_is_shown_so(
    client: TestClient, typed: str, seat: int
) -> None:
    response = client.post("/api/new", json={"deal_number": typed})
    assert response.status_code == 200, response.text
    view = response.json()["view"]
    assert view["human"] == seat
    assert view["deal_number"] == "12255238"
    assert sorted(view["hand"]) == sorted(format_cards(deal(12255238).hands[seat]).split())
    # the number to pass on: the plain one gives middlehand, any other seat is written with it
    assert view["seated_number"] == ("12255238" if seat == 1 else f"12255238-{seat}")
    # a replay in the same seat (human_seat with the plain number) is shown the same way
    again = client.post("/api/new", json={"deal_number": "12255238", "human_seat": seat})
    assert again.json()["view"]["seated_number"] == view["seated_number"]


@pytest.mark.parametrize(
    ("typed", "reason"),
    [("x", "form"), ("-5", "form"), ("18446744073709551616", "range"), ("12-3", "seat")],
)
def test_a_bad_deal_number_says_what_is_wrong(client: TestClient, typed: str, reason: str) -> None:
    response = client.post("/api/new", json={"deal_number": typed})
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["code"], error["reason"]) == ("bad_notation", reason)
    # the largest number is the server's to say (skat.deal.MAX_DEAL_NUMBER), as a string
    assert error.get("largest") == (str(MAX_DEAL_NUMBER) if reason == "range" else None)


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
            Contract.parse(entry["contract"]), bid=18, known_cards=state.hand(0)
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
    assert game.view(State.new(136), 1)["declarations"] == []
    assert game.view(state, 1)["declarations"] == []


def test_the_card_order_names_only_cards_the_human_sees_until_the_end() -> None:
    state = State.new(136)
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
    state = State.new(136)
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
    choices = [
        [
            (o["name"], OPTION_ENUMS[o["name"]](v) if o["name"] in OPTION_ENUMS else v)
            for v in o["values"]
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


@pytest.mark.parametrize("number", [7, 9, 31])
def test_same_deal_number_gives_the_same_cards_and_answers(client: TestClient, number: int) -> None:
    assert _new(client, number) == _new(client, number)


@pytest.mark.parametrize(("number", "seed"), [(1, 0), (2, 1), (4, 2), (9, 3), (77, 4), (500, 5)])
def test_complete_deal_ends_with_the_result_records_check_computes(
    client: TestClient, number: int, seed: int
) -> None:
    data = _play_out(client, number, seed)
    report = record.check(data["record"])
    assert report.ok, report
    assert data["view"]["iss_result"] == f"R[{report.computed}]"
    assert data["view"]["review"]["skat"]
    assert len(data["view"]["review"]["hands"]) == 3
    # only a Schieberamsch has a skat pushed on; a declarer's game shows his discard instead
    assert data["view"]["review"]["final_skat"] == []


@pytest.mark.parametrize(("number", "seed"), [(2, 7), (9, 8)])
def test_computer_answers_are_reproducible_for_the_same_human_play(
    client: TestClient, number: int, seed: int
) -> None:
    assert _play_out(client, number, seed)["record"] == _play_out(client, number, seed)["record"]


@pytest.mark.parametrize("steps", [1, 3, 6])
def test_a_new_server_continues_a_stored_record_exactly(client: TestClient, steps: int) -> None:
    rng = random.Random(steps)
    data = _new(client, 9)
    for _ in range(steps):
        if data["view"]["phase"] == "result":
            break
        data = _act(client, data, _random_human(data["view"], rng))
    with TestClient(create_app(player=PLAYER), base_url=LOOPBACK) as other:
        body = {"record": data["record"], "human_seat": data["view"]["human"]}
        again = other.post("/api/view", json=body).json()
    assert again["record"] == data["record"]
    assert again["view"] == data["view"]


def test_events_show_each_computer_action_and_completed_trick(client: TestClient) -> None:
    data = _play_out(client, 4, 11)
    kinds = {e["kind"] for e in data["events"]}
    assert kinds <= {"call", "skat", "discard", "declare", "kontra", "card", "trick", "concede"}
    for event in data["events"]:
        if event["kind"] == "trick":
            assert len(event["cards"]) == 3
            assert event["winner"] in (0, 1, 2)


def test_other_seats_discard_is_hidden_in_events(client: TestClient) -> None:
    # Deal 1: the human (middlehand) passes; a computer may pick up and discard.
    for number in range(1, 40):
        data = _new(client, number)
        while data["view"]["phase"] == "bidding":
            data = _act(client, data, ["p"])
        hidden = [e for e in data["events"] if e["kind"] == "discard"]
        if hidden:
            assert all(e["action"] == "??.??" for e in hidden)
            return
    raise AssertionError("no computer discard in deals 1..39")


def test_the_human_view_never_holds_another_seats_cards_before_the_end(
    client: TestClient,
) -> None:
    data = _new(client, 12)
    view = data["view"]
    assert view["review"] is None
    assert view["result"] is None
    text = json.dumps(view)
    human_hand = set(view["hand"])
    others = [c for c in record.parse(data["record"]).moves[0].token.split(".")]
    for card in others:
        if card not in human_hand:
            assert f'"{card}"' not in text


def test_options_are_part_of_the_record(client: TestClient) -> None:
    data = _new(client, 5, options={"kontra": "on", "all_pass": "ramsch"})
    assert record.parse(data["record"]).get("RU") == "all_pass=ramsch,kontra=on"
    read = record.read_record(data["record"]).options
    assert read == Options(kontra=KontraRule.ON, all_pass=AllPass.RAMSCH)
    assert data["view"]["options"] == game.options_json(read)


def test_the_option_spec_names_every_rule_option_with_the_values_the_server_accepts(
    client: TestClient,
) -> None:
    # the browser offers these choices and checks its stored settings against them, so that it
    # keeps no copy of its own (skat.options.Options, OPTION_ENUMS)
    response = client.get("/api/options")
    assert response.status_code == 200
    spec = response.json()["options"]
    assert [o["name"] for o in spec] == [f.name for f in fields(Options)]
    assert {o["name"]: o["default"] for o in spec} == game.options_json(Options())
    for option in spec:
        enum = OPTION_ENUMS.get(option["name"])
        assert option["values"] == ([m.value for m in enum] if enum else [False, True])
        assert option["default"] in option["values"]
        for value in option["values"]:
            game.parse_options({option["name"]: value})  # each is accepted
        with pytest.raises(game.RequestError, match="option"):
            game.parse_options({option["name"]: "maybe"})


@pytest.mark.parametrize(
    ("path", "body", "status", "code"),
    [
        ("/api/new", b"{", 400, "bad_json"),
        ("/api/new", b"\xff\xfe", 400, "bad_json"),
        ("/api/new", b"[]", 400, "bad_request"),
        ("/api/new", b'{"deal_number": "x"}', 400, "bad_notation"),
        ("/api/new", b'{"deal_number": "18446744073709551616"}', 400, "bad_notation"),
        ("/api/new", b'{"deal_number": -1}', 400, "bad_notation"),
        ("/api/new", b'{"deal_number": ' + b"9" * 4000 + b"}", 400, "bad_notation"),
        ("/api/new", b'{"deal_number": "12-3"}', 400, "bad_notation"),
        ("/api/new", b'{"deal_number": "12-2", "human_seat": 1}', 400, "bad_request"),
        ("/api/new", b'{"human_seat": 3}', 400, "bad_request"),
        ("/api/new", b'{"human_seat": true}', 400, "bad_request"),
        ("/api/new", b'{"options": {"kontra": "sometimes"}}', 400, "bad_request"),
        ("/api/new", b'{"options": {"spitze": 1}}', 400, "bad_request"),
        ("/api/new", b'{"options": {"colour": "red"}}', 400, "bad_request"),
        ("/api/new", b'{"cheat": 1}', 400, "bad_request"),
        ("/api/act", b"{}", 400, "bad_request"),
        ("/api/act", b'{"record": 5, "human_seat": 0, "action": "p"}', 400, "bad_request"),
        (
            "/api/act",
            b'{"record": "(;GM[Skat];)", "human_seat": 0, "action": "p"}',
            400,
            "bad_record",
        ),
        ("/api/view", b'{"record": "nonsense", "human_seat": 0}', 400, "bad_record"),
    ],
)
def test_bad_requests_get_a_4xx_with_a_stable_code(
    client: TestClient, path: str, body: bytes, status: int, code: str
) -> None:
    response = client.post(path, content=body)
    assert response.status_code == status, response.text
    assert response.json()["error"]["code"] == code
    assert 0 < len(response.json()["error"]["message"]) < 300  # a long input is not sent back


@pytest.mark.parametrize(
    ("options", "ru"),
    [
        ({"supra": True}, None),
        ({"ramsch_skat": "loser", "durchmarsch": False}, None),
        ({"kontra": "on", "supra": True}, "kontra=on,supra=1"),
        ({"kontra": "bidders_only", "supra": True}, "kontra=bidders_only,supra=1"),
        (
            {"all_pass": "schieberamsch", "ramsch_skat": "loser"},
            "all_pass=schieberamsch,ramsch_skat=loser",
        ),
        (
            {"all_pass": "ramsch", "ramsch_skat": "loser", "durchmarsch": False},
            "all_pass=ramsch,durchmarsch=0,ramsch_skat=loser",
        ),
    ],
)
def test_options_without_effect_stay_out_of_the_record(
    client: TestClient, options: dict[str, Any], ru: str | None
) -> None:
    # Supra needs Kontra, the Durchmarsch and Ramsch-skat rules need Ramsch
    assert record.parse(_new(client, 5, options=options)["record"]).get("RU") == ru


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
    data = _new(client, 5, options=options)
    named = data["view"]["options"]
    assert {key: named[key] for key in options} == options
    assert game.parse_options(named) == game.parse_options(options)
    again = client.post("/api/view", json={"record": data["record"], "human_seat": 0}).json()
    assert again["view"]["options"] == named


def test_the_view_names_only_the_rule_options_that_apply(client: TestClient) -> None:
    # a record written elsewhere may name Supra without Kontra: no Re can be answered then
    line = _new(client, 5)["record"].replace("MV[", "RU[supra=1]MV[", 1)
    assert record.parse(line).get("RU") == "supra=1"
    view = client.post("/api/view", json={"record": line, "human_seat": 0}).json()["view"]
    assert view["options"]["supra"] is False
    assert view["options"]["kontra"] == "off"


def _record_and_seat(client: TestClient, number: int) -> tuple[str, int, list[str]]:
    data = _new(client, number)
    return data["record"], data["view"]["human"], data["view"]["legal"]


@pytest.mark.parametrize(
    ("action", "code", "match"),
    [
        ("SA.SA", "bad_notation", "same card twice"),
        ("XX", "bad_notation", "not an action"),
        ("264", "illegal_action", "legal:"),
        ("CA", "illegal_action", "legal:"),
        ("TI.0", "illegal_action", "legal:"),
        (["p", "p", "p"], "bad_request", "list of 1..2"),
        ([], "bad_request", "list of 1..2"),
        ([5], "bad_request", "short string"),
        ("y" * 10_000, "bad_request", "short string, not 'yyyy"),
        (["18", "p"], "bad_request", "a discard and the declaration after it, not '18' and 'p'"),
    ],
)
def test_illegal_or_malformed_actions_are_refused(
    client: TestClient, action: object, code: str, match: str
) -> None:
    rec, seat, _ = _record_and_seat(client, 9)
    response = client.post("/api/act", json={"record": rec, "human_seat": seat, "action": action})
    assert response.status_code in (400, 409)
    error = response.json()["error"]
    assert error["code"] == code
    assert match in error["message"]
    assert len(error["message"]) < 300  # a long input is not sent back whole


def test_acting_for_another_seat_is_refused(client: TestClient) -> None:
    rec, seat, legal = _record_and_seat(client, 9)
    other = (seat + 1) % 3
    response = client.post(
        "/api/act", json={"record": rec, "human_seat": other, "action": legal[0]}
    )
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "illegal_action"
    assert "turn" in response.json()["error"]["message"]


def test_a_forged_record_is_refused_by_replay(client: TestClient) -> None:
    rec, seat, _ = _record_and_seat(client, 9)
    parsed = record.parse(rec)
    cards = parsed.moves[0].token.split(".")
    cards[0], cards[15] = cards[15], cards[0]  # swap a card between two hands
    forged = rec.replace(parsed.moves[0].token, ".".join(cards))
    response = client.post("/api/act", json={"record": forged, "human_seat": seat, "action": "p"})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_record"


@pytest.mark.parametrize(("a", "b"), [(10, 20), (29, 30), (15, 31)])
def test_a_record_with_other_hands_or_skat_than_its_deal_numbers_is_refused(
    client: TestClient, a: int, b: int
) -> None:
    # Forehand keeps the cards of DN[...]; middlehand, rearhand and the skat must be its too.
    rec, seat, _ = _record_and_seat(client, 9)
    parsed = record.parse(rec)
    cards = parsed.moves[0].token.split(".")
    cards[a], cards[b] = cards[b], cards[a]
    forged = rec.replace(parsed.moves[0].token, ".".join(cards))
    response = client.post("/api/view", json={"record": forged, "human_seat": seat})
    assert response.status_code == 400, response.text
    assert response.json()["error"]["code"] == "bad_record"
    assert "DN[9] does not give the cards of the deal" in response.json()["error"]["message"]


def test_a_record_without_a_deal_number_is_refused(client: TestClient) -> None:
    rec, seat, _ = _record_and_seat(client, 9)
    parsed = record.parse(rec)
    assert "DN[9]" in rec
    cards = parsed.moves[0].token.split(".")
    cards[0], cards[15] = cards[15], cards[0]  # any hand at all, once the number is gone
    bare = rec.replace("DN[9]", "").replace(parsed.moves[0].token, ".".join(cards))
    response = client.post("/api/view", json={"record": bare, "human_seat": seat})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_record"
    assert "deal number" in response.json()["error"]["message"]


def test_a_record_with_its_rules_given_twice_is_refused(client: TestClient) -> None:
    rec = _DECLARED.format("").replace("DN[730633]", "DN[730633]RU[all_pass=ramsch]RU[kontra=on]")
    response = client.post("/api/view", json={"record": rec, "human_seat": 1})
    assert response.status_code == 400, response.text
    assert response.json()["error"]["code"] == "bad_record"
    assert "RU[...] is given twice" in response.json()["error"]["message"]


# Deal 730633: the human in middlehand (seat 1) bids 18, the others pass; he picks up, puts
# SJ SQ away and declares Clubs; forehand leads DA. The record then gets one move more.
_DECLARED = (
    "(;GM[Skat]PC[skat]DN[730633]MV[w CJ.CQ.C8.SA.ST.HT.HK.DA.DQ.D8.SJ.SQ.S9.S8.S7.HA.HQ.DK.D9.D7."
    "CA.CK.C9.C7.SK.HJ.H9.H8.H7.DJ.CT.DT 1 18 0 p 2 p 1 s w CT.DT 1 C.SJ.SQ 0 DA{} ] ;)"
)


@pytest.mark.parametrize(
    ("more", "named"),
    [
        (" w TI.0", "'TI.0', is a timeout"),
        (" w LE.2", "'LE.2', is a seat leaving the table"),
        (" 0 RE 2 RE", "'RE', is a defender resigning"),
        (" 1 SC", "'SC', is a declarer showing his cards"),
        (" 0 RE", "'RE', is a defender resigning"),  # one defender: the game goes on at ISS
        (" 1 D7 1 RE", "'RE', is a move out of turn"),  # the declarer, with rearhand to play
    ],
)
def test_a_record_with_moves_of_server_play_is_refused(
    client: TestClient, more: str, named: str
) -> None:
    # The engine replays ISS records with timeouts, leavers and resigning defenders, which
    # would hand the human a game won without playing it; no seat of the web game makes them.
    response = client.post("/api/view", json={"record": _DECLARED.format(more), "human_seat": 1})
    assert response.status_code == 400, response.text
    assert response.json()["error"]["code"] == "bad_record"
    assert named in response.json()["error"]["message"]


def test_the_records_own_moves_and_the_declarers_concession_are_accepted(
    client: TestClient,
) -> None:
    response = client.post("/api/view", json={"record": _DECLARED.format(""), "human_seat": 1})
    assert response.status_code == 200, response.text
    assert response.json()["view"]["phase"] == "play"
    conceded = client.post("/api/view", json={"record": _DECLARED.format(" 1 RE"), "human_seat": 1})
    assert conceded.status_code == 200, conceded.text
    assert conceded.json()["view"]["phase"] == "result"
    assert conceded.json()["view"]["result"]["won"] is False


def test_a_second_action_refused_names_the_first_and_nothing_is_applied(
    client: TestClient,
) -> None:
    rec, seat, _ = _record_and_seat(client, 42)
    assert seat == 0  # forehand, the others passed: 18 or pass
    after = _act(client, {"record": rec, "view": {"human": seat}}, ["18"])
    picked = _act(client, after, ["s"])
    assert picked["view"]["phase"] == "discard"
    away = ".".join(picked["view"]["hand"][:2])
    body = {"record": picked["record"], "human_seat": seat, "action": [away, "GH"]}
    response = client.post("/api/act", json=body)
    assert response.status_code == 409
    message = response.json()["error"]["message"]
    expected = f"illegal action 'GH' by forehand in phase 'declare' (after '{away}', the request's"
    assert expected in message
    # no record comes back: the browser keeps the one from before the request
    assert set(response.json()) == {"error"}


def test_a_discard_or_card_not_in_the_hand_is_named(client: TestClient) -> None:
    rec, seat, _ = _record_and_seat(client, 42)
    after = _act(client, {"record": rec, "view": {"human": seat}}, ["18"])
    picked = _act(client, after, ["s"])
    hand = picked["view"]["hand"]
    absent = next(format_card(c) for c in range(32) if format_card(c) not in hand)
    body = {"record": picked["record"], "human_seat": seat, "action": [f"{hand[0]}.{absent}", "G"]}
    response = client.post("/api/act", json=body)
    assert response.status_code == 409
    assert response.json()["error"]["message"].endswith(f": {absent} is not in the hand")
    # in the play, a card of another hand
    played = _act(client, picked, [".".join(hand[:2]), picked["view"]["declare_after_discard"][0]])
    assert (played["view"]["phase"], played["view"]["to_act"]) == ("play", seat)
    elsewhere = next(
        format_card(c) for c in range(32) if format_card(c) not in played["view"]["hand"]
    )
    body = {"record": played["record"], "human_seat": seat, "action": elsewhere}
    response = client.post("/api/act", json=body)
    assert response.status_code == 409
    assert response.json()["error"]["message"].endswith(f": {elsewhere} is not in the hand")


def test_a_long_list_of_legal_actions_is_cut_with_a_count(client: TestClient) -> None:
    rec, seat, _ = _record_and_seat(client, 42)
    after = _act(client, {"record": rec, "view": {"human": seat}}, ["18"])
    skat_legal = after["view"]["legal"]
    assert len(skat_legal) > 12
    response = client.post(
        "/api/act", json={"record": after["record"], "human_seat": seat, "action": "CA"}
    )
    assert response.status_code == 409
    message = response.json()["error"]["message"]
    assert message.endswith(f" … and {len(skat_legal) - 12} more")
    assert " ".join(skat_legal[:12]) in message


@pytest.mark.parametrize("path", ["/api/new", "/api/act", "/api/view"])
def test_a_number_literal_too_long_for_python_is_bad_json_not_a_crash(
    client: TestClient, path: str
) -> None:
    body = b'{"human_seat": ' + b"9" * 5000 + b"}"
    assert len(body) < MAX_BODY_BYTES
    response = client.post(path, content=body)
    assert response.status_code == 400, response.text
    assert response.json()["error"]["code"] == "bad_json"


def test_a_finished_deal_takes_no_more_actions(client: TestClient) -> None:
    data = _play_out(client, 3, 0)
    body = {"record": data["record"], "human_seat": data["view"]["human"], "action": "p"}
    response = client.post("/api/act", json=body)
    assert response.status_code == 409
    assert "over" in response.json()["error"]["message"]


@pytest.mark.parametrize("size", [MAX_BODY_BYTES + 1, 10 * MAX_BODY_BYTES])
def test_huge_bodies_are_refused_before_reading_them_whole(client: TestClient, size: int) -> None:
    response = client.post("/api/new", content=b" " * size)
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"


@pytest.mark.parametrize(
    ("method", "path", "status", "code"),
    [
        ("GET", "/api/act", 405, "method_not_allowed"),
        ("GET", "/api/nothing", 404, "not_found"),
        ("GET", "/static/js/none.js", 404, "not_found"),
    ],
)
def test_unknown_routes_answer_json_errors(
    client: TestClient, method: str, path: str, status: int, code: str
) -> None:
    response = client.request(method, path)
    assert response.status_code == status
    if path.startswith("/api"):
        assert response.json()["error"]["code"] == code


@pytest.mark.parametrize(
    "path", ["/", "/static/js/app.js", "/static/css/table.css", "/static/locales/zh.json"]
)
def test_the_page_and_its_modules_are_served(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.content


# ---- fuzzing -------------------------------------------------------------------------------------

_FUZZ = settings(
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

_json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _assert_clean(response: Any) -> None:
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        error = response.json()["error"]
        assert isinstance(error["code"], str)
        assert error["code"]
        assert isinstance(error["message"], str)


@_FUZZ
@given(
    path=st.sampled_from(["/api/new", "/api/act", "/api/view", "/api/analysis"]),
    body=st.binary(max_size=300),
)
def test_fuzz_random_bytes_never_give_a_server_error(
    client: TestClient, path: str, body: bytes
) -> None:
    _assert_clean(client.post(path, content=body))


@_FUZZ
@given(
    path=st.sampled_from(["/api/new", "/api/act", "/api/view", "/api/analysis"]),
    body=st.dictionaries(
        st.sampled_from(["record", "human_seat", "action", "deal_number", "options", "x"]),
        _json_values,
        max_size=5,
    ),
)
def test_fuzz_random_json_never_gives_a_server_error(
    client: TestClient, path: str, body: dict[str, Any]
) -> None:
    _assert_clean(client.post(path, json=body))


_BASE: dict[str, str] = {}


def _base_record(client: TestClient) -> tuple[str, int]:
    if not _BASE:
        data = _play_out(client, 4, 3)
        _BASE["record"] = data["record"]
        _BASE["seat"] = str(data["view"]["human"])
    return str(_BASE["record"]), int(_BASE["seat"])


@_FUZZ
@given(
    data=st.data(),
    action=st.one_of(
        st.text(max_size=8),
        st.sampled_from(["p", "y", "18", "s", "CA", "G", "NO", "RE", "K", "ST.H8", "??.??"]),
    ),
)
def test_fuzz_mutated_records_never_give_a_server_error(
    client: TestClient, data: st.DataObject, action: str
) -> None:
    rec, seat = _base_record(client)
    cut = data.draw(st.integers(0, len(rec)))
    edit = data.draw(st.sampled_from(["truncate", "delete", "insert", "replace"]))
    junk = data.draw(st.text(max_size=6))
    if edit == "truncate":
        forged = rec[:cut]
    elif edit == "delete":
        forged = rec[:cut] + rec[cut + len(junk) + 1 :]
    elif edit == "insert":
        forged = rec[:cut] + junk + rec[cut:]
    else:
        forged = rec[:cut] + junk + rec[cut + len(junk) :]
    seat_value = data.draw(st.sampled_from([seat, (seat + 1) % 3, -1, "0", None]))
    body = {"record": forged, "human_seat": seat_value, "action": action}
    _assert_clean(client.post("/api/act", json=body))


def test_a_computer_players_illegal_move_is_a_server_fault_not_a_bad_request() -> None:
    from skat.action import Action

    state = game.new_state(9, game.parse_options({}), random.Random(0))
    with pytest.raises(RuntimeError, match="computer player in seat 1 chose SA: illegal action"):
        game.computers(state, 0, lambda info, rng: Action.parse("SA"))


# ---- start-up


def test_serve_binds_loopback_port_8765_and_opens_the_browser_by_default() -> None:
    from skat.cli import build_parser

    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.no_browser) == ("127.0.0.1", 8765, False)
    args = build_parser().parse_args(
        ["serve", "--host", "0.0.0.0", "--port", "9000", "--no-browser"]
    )
    assert (args.host, args.port, args.no_browser) == ("0.0.0.0", 9000, True)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--port", "99999"], "the port must be 1 .. 65535, got 99999"),
        (["--port", "-1"], "the port must be 1 .. 65535, got -1"),
        (["--host", "999.1.1.1"], "cannot listen on 999.1.1.1:"),
        (["--port", "BUSY"], "Address already in use"),
    ],
)
def test_serve_refuses_an_address_it_cannot_listen_on(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket

    from skat.cli import main

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = str(busy.getsockname()[1])
        args = [port if a == "BUSY" else a for a in args]
        assert main(["serve", "--no-browser", *args]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1
    assert message in err


def test_the_strongest_available_player_is_the_default() -> None:
    from skat.players import player_names
    from skat.server.app import load_player

    expected = "strong" if "strong" in player_names() else "heuristic"
    assert load_player()[0] == expected


def test_start_up_warms_the_solver_then_reports_ready() -> None:
    ready: list[bool] = []
    app = create_app(player=PLAYER, warm_up=True, on_ready=lambda: ready.append(True), workers=1)
    with TestClient(app, base_url=LOOPBACK) as c:
        assert ready == [True]
        assert c.get("/api/health").json() == {"ok": True, "player": PLAYER}


@pytest.mark.parametrize("name", ["", "grandmaster"])
def test_an_unknown_player_level_is_refused_at_start(name: str) -> None:
    from skat.players import UnknownPlayerError

    with pytest.raises(UnknownPlayerError, match="unknown player"):
        create_app(player=name)


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
    assert sorted(view["picked_up"]) == sorted(game._cards(state.deal.skat.mask))
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
    from skat.options import AllPass, KontraRule, Options
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


# ---- hosts, origins, headers and slow bodies (docs/web-api.md, "Security")


def _csp(response: Any) -> dict[str, str]:
    policy = response.headers["content-security-policy"]
    return dict(part.strip().partition(" ")[::2] for part in policy.split(";"))


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/", None),
        ("GET", "/static/js/app.js", None),
        ("GET", "/static/css/table.css", None),
        ("GET", "/static/locales/sv.json", None),
        ("GET", "/api/health", None),
        ("GET", "/static/js/none.js", None),
        ("GET", "/api/nothing", None),
        ("POST", "/api/new", b"{not json"),
        ("POST", "/api/draw", b"{}"),
    ],
)
def test_every_answer_carries_the_security_headers(
    client: TestClient, method: str, path: str, body: bytes | None
) -> None:
    response = client.request(method, path, content=body)
    policy = _csp(response)
    assert policy["script-src"] == "'self'"  # the page's own modules: nothing inline, no eval
    assert policy["default-src"] == "'none'"
    assert policy["connect-src"] == "'self'"
    assert policy["frame-ancestors"] == "'none'"
    assert "unsafe-inline" not in policy["style-src"]
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["referrer-policy"] == "no-referrer"


def test_a_server_error_carries_the_security_headers_too(fakes: ModuleType) -> None:
    app = create_app(player=PLAYER, workers=0, decide=fakes.failing_decide)
    with TestClient(app, base_url=LOOPBACK, raise_server_exceptions=False) as c:
        response = c.post("/api/new", json={"deal_number": "5"})
    assert response.status_code == 500
    assert response.json()["error"]["code"] == "internal_error"
    assert _csp(response)["script-src"] == "'self'"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["cache-control"] == "no-store"


@pytest.mark.parametrize(
    "path", ["/", "/static/js/app.js", "/static/css/table.css", "/static/locales/zh.json"]
)
def test_pages_and_modules_are_revalidated_and_answered_304_while_unchanged(
    client: TestClient, path: str
) -> None:
    response = client.get(path)
    assert response.headers["cache-control"] == "no-cache"
    again = client.get(path, headers={"if-none-match": response.headers["etag"]})
    assert again.status_code == 304
    assert again.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("code", ["en", "de", "zh", "sv"])
def test_the_locale_files_are_served_as_json_as_the_modules_are(
    client: TestClient, code: str
) -> None:
    """i18n.js fetches static/locales/<code>.json: JSON, with the modules' Cache-Control."""
    module = client.get("/static/js/i18n.js")
    response = client.get(f"/static/locales/{code}.json")
    assert response.status_code == 200
    assert response.headers["content-type"].split(";")[0] == "application/json"
    assert response.headers["cache-control"] == module.headers["cache-control"] == "no-cache"
    assert response.json()["lang.tag"] == code


def test_api_answers_are_never_stored(client: TestClient) -> None:
    assert client.get("/api/health").headers["cache-control"] == "no-store"
    assert client.post("/api/draw", json={}).headers["cache-control"] == "no-store"


@pytest.mark.parametrize(
    "headers",
    [
        # what a cross-site <form> or fetch(..., {mode: "no-cors"}) with text/plain sends
        {"origin": "http://evil.example", "content-type": "text/plain"},
        {"origin": "https://evil.example", "sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "cross-site", "content-type": "text/plain"},
        # another port of the same machine is another origin, though the same site
        {"origin": "http://127.0.0.1:3000", "sec-fetch-site": "same-site"},
        {"origin": "http://localhost:8765"},  # another name of the same server: another origin
        {"origin": "null"},  # a sandboxed frame or a file:// page
        {"origin": "chrome-extension://abcdef"},
    ],
)
@pytest.mark.parametrize("path", ["/api/new", "/api/act", "/api/view", "/api/draw"])
def test_a_post_from_another_sites_page_is_refused(
    client: TestClient, path: str, headers: dict[str, str]
) -> None:
    response = client.post(path, content=b'{"deal_number": "5"}', headers=headers)
    assert response.status_code == 403, response.text
    error = response.json()["error"]
    assert error["code"] == "cross_origin"
    assert "another site's page" in error["message"]
    assert _csp(response)["frame-ancestors"] == "'none'"


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "http://127.0.0.1:8765", "sec-fetch-site": "same-origin"},  # the page itself
        {"origin": "http://127.0.0.1:8765"},
        {"sec-fetch-site": "none"},  # typed by the person
        {},  # not a browser: curl, a script
    ],
)
def test_a_post_from_the_servers_own_page_or_no_browser_is_answered(
    client: TestClient, headers: dict[str, str]
) -> None:
    response = client.post("/api/new", json={"deal_number": "5"}, headers=headers)
    assert response.status_code == 200, response.text


def test_the_same_origin_counts_the_schemes_default_port_as_none() -> None:
    with TestClient(create_app(player=PLAYER, hosts=["skat.example"])) as c:
        response = c.post(
            "https://skat.example/api/draw", json={}, headers={"origin": "https://skat.example"}
        )
        assert response.status_code == 200, response.text
        response = c.post(
            "http://skat.example:443/api/draw", json={}, headers={"origin": "https://skat.example"}
        )
        assert response.status_code == 200, response.text


def test_a_link_from_another_site_still_opens_the_page(client: TestClient) -> None:
    response = client.get(
        "/", headers={"sec-fetch-site": "cross-site", "origin": "http://x.example"}
    )
    assert response.status_code == 200


@pytest.mark.parametrize(
    "host",
    [
        "127.0.0.1:8765",
        "127.0.0.1",
        "localhost:9000",
        "LOCALHOST",
        "localhost.:8765",
        "skat.localhost:1234",
        "[::1]:8765",
        "192.168.1.5:8765",  # skat serve --host 0.0.0.0, opened from the local network
    ],
)
def test_loopback_names_and_addresses_are_this_servers_hosts(client: TestClient, host: str) -> None:
    response = client.get("/api/health", headers={"host": host})
    assert response.status_code == 200, response.text


@pytest.mark.parametrize(
    "host",
    [
        "evil.example",  # a page whose name was rebound to 127.0.0.1 (DNS rebinding)
        "evil.example:8765",
        "127.0.0.1.nip.io:8765",
        "localhost.evil.example",
        "testserver",
        "user@127.0.0.1",
        "127.0.0.1:port",
        "a b",
    ],
)
def test_a_request_for_another_host_is_refused(client: TestClient, host: str) -> None:
    for method, path in [("GET", "/"), ("GET", "/static/js/app.js"), ("POST", "/api/new")]:
        response = client.request(method, path, headers={"host": host}, content=b"{}")
        assert response.status_code == 400, (method, path, response.text)
        assert response.json()["error"]["code"] == "bad_host"
        assert response.headers["x-content-type-options"] == "nosniff"


def test_more_host_names_can_be_allowed() -> None:
    with TestClient(create_app(player=PLAYER, hosts=["Skat.Example"])) as c:
        assert c.get("http://skat.example:8080/api/health").status_code == 200
        assert c.get("http://other.example/api/health").status_code == 400


@pytest.mark.parametrize("path", ["/api/new/", "/api/health/", "/api/draw/"])
def test_a_trailing_slash_is_not_redirected_to_the_host_the_request_names(
    client: TestClient, path: str
) -> None:
    response = client.request(
        "GET" if "health" in path else "POST",
        path,
        content=b"{}",
        headers={"host": "localhost:8765"},
        follow_redirects=False,
    )
    assert response.status_code == 404
    assert "location" not in response.headers
    assert response.json()["error"]["code"] == "not_found"


def _serve_in_thread(app: Any) -> tuple[Any, int, Any]:
    """uvicorn serving ``app`` in a thread on a free loopback port: (server, port, thread)."""
    import socket
    import threading
    import time

    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port: int = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    return server, port, thread


def test_a_half_sent_body_times_out_and_the_connection_is_closed() -> None:
    import socket

    from skat.server.app import BODY_TIMEOUT_SECONDS

    assert 1 <= BODY_TIMEOUT_SECONDS <= 30
    server, port, thread = _serve_in_thread(create_app(player=PLAYER, workers=0, body_timeout=0.5))
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=20) as conn:
            conn.sendall(
                b"POST /api/new HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b'Content-Length: 40\r\n\r\n{"deal_'
            )
            answer = b""
            while chunk := conn.recv(4096):  # ends when the server closes the connection
                answer += chunk
    finally:
        server.should_exit = True
        thread.join(10)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408"), answer
    assert b"connection: close" in head.lower()
    assert json.loads(body)["error"] == {
        "code": "timeout",
        "message": "the request body did not arrive within 0.5 s",
    }


@pytest.mark.browser
def test_the_page_runs_under_its_content_security_policy(server: Any, browser: Any) -> None:
    """Chromium enforces the policy: the game deals, with no console error and no violation."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=False)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(
        "window.__violations = [];"
        "document.addEventListener('securitypolicyviolation',"
        " (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));"
    )
    try:
        response = page.goto(server.url)
        assert response is not None
        assert "script-src 'self'" in response.headers["content-security-policy"]
        page.wait_for_selector("#table[data-busy='0'] [data-card]", timeout=20_000)
        page.wait_for_timeout(300)
        cards = page.locator("[data-card]").count()
        width = page.locator(".hand [data-card]").first.bounding_box()
        violations = page.evaluate("window.__violations")
    finally:
        context.close()
    assert errors == []
    assert violations == []
    assert cards >= 10
    assert width is not None


def test_the_web_api_doc_gives_the_policy_and_the_body_timeout_the_server_uses() -> None:
    from skat.server.app import BODY_TIMEOUT_SECONDS, CONTENT_SECURITY_POLICY

    text = (Path(__file__).parent.parent / "docs" / "web-api.md").read_text(encoding="utf-8")
    assert f"`{CONTENT_SECURITY_POLICY}`" in text
    assert f"within {BODY_TIMEOUT_SECONDS:g} s" in text
