"""The web API: a stateless server that replays the browser's record; its answers (new deals,
computer answers, records, rule options in the record) and its start-up.

Helpers: ``tests/server_helpers.py``; the test client (``client``): the conftest's.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import logging
import os
import queue
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import warnings
from dataclasses import fields
from pathlib import Path
from typing import IO, Any

import pytest

from skat import record
from skat.cards import format_cards
from skat.contract import Contract
from skat.deal import MAX_DEAL_NUMBER, deal
from skat.options import OPTION_ENUMS, AllPass, KontraRule, Options
from skat.server import create_app, game

from server_helpers import LOOPBACK, PLAYER, act_on, play_out, random_human, start_deal

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

START_SECONDS = 180.0
"""The longest a test waits for ``skat serve`` to start its workers on a busy machine."""


@pytest.mark.slow
@pytest.mark.parametrize("number", [1, 2, 3, 4, 5, 9, 12345, 2**64 - 1])
def test_new_deal_waits_for_the_human_seated_by_deal_number(
    client: TestClient, number: int
) -> None:
    data = start_deal(client, number)
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


@pytest.mark.parametrize("number", [7, 9, 31])
def test_same_deal_number_gives_the_same_cards_and_answers(client: TestClient, number: int) -> None:
    assert start_deal(client, number) == start_deal(client, number)


@pytest.mark.parametrize(("number", "seed"), [(1, 0), (2, 1), (4, 2), (9, 3), (77, 4), (500, 5)])
def test_complete_deal_ends_with_the_result_records_check_computes(
    client: TestClient, number: int, seed: int
) -> None:
    data = play_out(client, number, seed)
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
    assert play_out(client, number, seed)["record"] == play_out(client, number, seed)["record"]


@pytest.mark.parametrize("steps", [1, 3, 6])
def test_a_new_server_continues_a_stored_record_exactly(client: TestClient, steps: int) -> None:
    rng = random.Random(steps)
    data = start_deal(client, 9)
    for _ in range(steps):
        if data["view"]["phase"] == "result":
            break
        data = act_on(client, data, random_human(data["view"], rng))
    with TestClient(create_app(player=PLAYER), base_url=LOOPBACK) as other:
        body = {"record": data["record"], "human_seat": data["view"]["human"]}
        again = other.post("/api/view", json=body).json()
    assert again["record"] == data["record"]
    assert again["view"] == data["view"]


def test_events_show_each_computer_action_and_completed_trick(client: TestClient) -> None:
    data = play_out(client, 4, 11)
    kinds = {e["kind"] for e in data["events"]}
    assert kinds <= {"call", "skat", "discard", "declare", "kontra", "card", "trick", "concede"}
    for event in data["events"]:
        if event["kind"] == "trick":
            assert len(event["cards"]) == 3
            assert event["winner"] in (0, 1, 2)


def test_other_seats_discard_is_hidden_in_events(client: TestClient) -> None:
    # Deal 1: the human (middlehand) passes; a computer may pick up and discard.
    for number in range(1, 40):
        data = start_deal(client, number)
        while data["view"]["phase"] == "bidding":
            data = act_on(client, data, ["p"])
        hidden = [e for e in data["events"] if e["kind"] == "discard"]
        if hidden:
            assert all(e["action"] == "??.??" for e in hidden)
            return
    raise AssertionError("no computer discard in deals 1..39")


def test_the_human_view_never_holds_another_seats_cards_before_the_end(
    client: TestClient,
) -> None:
    data = start_deal(client, 12)
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
    data = start_deal(client, 5, options={"kontra": "on", "all_pass": "ramsch"})
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
    assert [o["name"] for o in spec] == [f.name for f in fields(Options) if "rule" in f.metadata]
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
    ("token", "announced"),
    [
        ("GO", ["hand", "schneider", "schwarz", "ouvert"]),  # ouvert: Hand, Schneider, Schwarz
        ("CHZ", ["hand", "schneider", "schwarz"]),  # Schwarz announced: Schneider too
        ("DHS", ["hand", "schneider"]),
        ("NO", ["ouvert"]),  # a Null Ouvert is played from the skat unless Hand is said
        ("NOH", ["hand", "ouvert"]),
        ("NV", ["hand", "ouvert", "revolution"]),  # Revolution: a Null Ouvert Hand
        ("G", []),
        ("R", []),
    ],
)
def test_the_options_answer_lists_each_contracts_announcements_with_the_implied_ones(
    client: TestClient, token: str, announced: list[str]
) -> None:
    # the browser names a contract from this list, so that it repeats none of the rules of
    # skat.contract (its normalizeContract is gone)
    contracts = client.get("/api/options").json()["contracts"]
    assert contracts[token] == announced


def test_the_options_answer_lists_every_contract_the_core_parses(client: TestClient) -> None:
    contracts = client.get("/api/options").json()["contracts"]
    for token, announced in contracts.items():
        contract = Contract.parse(token)
        assert str(contract) == token
        assert announced == [
            name
            for name in ("hand", "schneider", "schwarz", "ouvert", "revolution")
            if getattr(contract, name)
        ]
    assert len(contracts) == 36  # 5 games × 5 + Spitze 5 + Null 5 + Ramsch 1


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
    assert record.parse(start_deal(client, 5, options=options)["record"]).get("RU") == ru


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


@pytest.mark.slow
def test_serve_names_the_address_only_once_the_page_answers() -> None:
    # The address came first and the server ten seconds later (the workers' warm-up): a person
    # who opened it at once got "connection refused". The page is asked the moment it is named.
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    command = [sys.executable, "-m", "skat.cli", "serve", "--no-browser", "--port", str(port)]
    root = Path(__file__).parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    server = subprocess.Popen(command, cwd=root, env=env, stderr=subprocess.PIPE, text=True)
    lines: queue.Queue[str] = queue.Queue()

    def read(stream: IO[str]) -> None:
        for line in stream:
            lines.put(line)

    assert server.stderr is not None
    threading.Thread(target=read, args=(server.stderr,), daemon=True).start()
    try:
        said: list[str] = []
        deadline = time.monotonic() + START_SECONDS
        while not any("the game is at" in line for line in said):
            assert server.poll() is None, f"skat serve stopped: {said}"
            assert time.monotonic() < deadline, f"skat serve named no address: {said}"
            with contextlib.suppress(queue.Empty):
                said.append(lines.get(timeout=1.0))
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            connection.request("GET", "/")
            page = connection.getresponse()
        except OSError as err:
            pytest.fail(f"the address was named before the page answered: {err}")
        assert page.status == 200
        assert b"<html" in page.read().lower()
        assert said[-1] == f"skat: the game is at http://127.0.0.1:{port}/ (Ctrl-C to stop)\n"
    finally:
        server.send_signal(signal.SIGINT)  # stops the workers as Ctrl-C does
        try:
            server.wait(START_SECONDS)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def test_the_strongest_available_player_is_the_default() -> None:
    from skat.players import player_names
    from skat.server.app import load_player

    expected = "strong" if "strong" in player_names() else "heuristic"
    assert load_player()[0] == expected


@pytest.mark.slow
def test_start_up_warms_the_workers_before_the_app_answers(
    caplog: pytest.LogCaptureFixture,
) -> None:
    app = create_app(player=PLAYER, warm_up=True, workers=1)
    with (
        caplog.at_level(logging.INFO, logger="skat.server"),
        TestClient(app, base_url=LOOPBACK) as c,
    ):
        assert any("computer workers ready" in r.getMessage() for r in caplog.records)
        assert c.get("/api/health").json() == {"ok": True, "player": PLAYER}


@pytest.mark.parametrize("name", ["", "grandmaster"])
def test_an_unknown_player_level_is_refused_at_start(name: str) -> None:
    from skat.players import UnknownPlayerError

    with pytest.raises(UnknownPlayerError, match="unknown player"):
        create_app(player=name)
