"""The computers' turns decided in worker processes (skat/server/workers.py): the server answers
pages and the health check while a computer holds its interpreter lock, two games' decisions
run at once, and a record gets the same answer in any worker as in the server's own process.

The slow tasks are in tests/fake_computers.py; no test here asserts a time (the bench does:
bench/bench_server.py, docs/benchmarks.md "Browser game"), only the order of events, with
generous bounds for starting the workers on a busy machine.
"""

from __future__ import annotations

import functools
import random
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from skat.options import Options
from skat.players import decision_rng
from skat.players.heuristic import HeuristicPlayer
from skat.server import create_app, game, workers
from skat.state import Phase, State

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

LOOPBACK = "http://127.0.0.1:8765"
START_SECONDS = 120.0
"""The longest a test waits for a worker process to start (imports) on a busy machine."""


@pytest.fixture
def gate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[ModuleType, Path]]:
    """tests/fake_computers.py, importable by the workers, and its gate file (closed)."""
    monkeypatch.syspath_prepend(str(Path(__file__).parents[1]))
    import fake_computers

    path = tmp_path / "gate"
    path.write_bytes(b"\0")
    monkeypatch.setenv(fake_computers.GATE, str(path))
    yield fake_computers, path
    _open(path)  # a task still waiting gives up


def _open(gate: Path) -> None:
    """Lets the tasks waiting at ``gate`` go on (in place: a task reads the file mapped into its
    memory, and a read past a truncated end would kill it)."""
    with gate.open("r+b") as file:
        file.write(b"\1")


def _wait_for(what: Callable[[], bool], seconds: float, why: str) -> None:
    deadline = time.monotonic() + seconds
    while not what():
        assert time.monotonic() < deadline, why
        time.sleep(0.01)


def _in_thread(call: Callable[[], Any]) -> tuple[threading.Thread, list[Any]]:
    out: list[Any] = []
    thread = threading.Thread(target=lambda: out.append(call()), daemon=True)
    thread.start()
    return thread, out


@pytest.mark.slow
def test_pages_and_health_are_answered_while_a_computer_holds_the_interpreter_lock(
    gate: tuple[ModuleType, Path],
) -> None:
    fakes, path = gate
    app = create_app(player="heuristic", workers=1, decide=fakes.held_decide)
    with TestClient(app, base_url=LOOPBACK) as client:
        thinking, answer = _in_thread(lambda: client.post("/api/new", json={"deal_number": "5"}))
        _wait_for(
            lambda: any(path.parent.glob("started-*")), START_SECONDS, "the decision did not start"
        )
        try:
            pages = [client.get(p) for p in ("/", "/static/js/app.js", "/api/health")]
            still_thinking = thinking.is_alive()
        finally:
            _open(path)  # the computer lets go
        thinking.join(START_SECONDS)
    assert [p.status_code for p in pages] == [200, 200, 200]
    assert still_thinking, "the page was answered only after the decision"
    assert answer[0].status_code == 200
    assert answer[0].json()["view"]["to_act"] == 5 % 3  # the computers did act


@pytest.mark.slow
def test_two_games_decisions_run_at_once_in_two_processes(gate: tuple[ModuleType, Path]) -> None:
    fakes, path = gate
    app = create_app(player="heuristic", workers=2, decide=fakes.paired_decide)
    with TestClient(app, base_url=LOOPBACK, raise_server_exceptions=False) as client:

        def new(number: int) -> Any:
            return client.post("/api/new", json={"deal_number": str(number)})

        games = [_in_thread(functools.partial(new, n)) for n in (5, 8)]
        for thread, _ in games:
            thread.join(START_SECONDS + fakes.WAIT_SECONDS)
    answers = [out[0] for _, out in games]
    assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
    pids = {mark.name.split("-")[1] for mark in path.parent.glob("started-*")}
    assert len(pids) == 2  # each decision had a process of its own


def _late_record(number: int, tricks: int) -> tuple[str, int]:
    """Deal ``number`` played by the heuristic player in every seat until ``tricks`` tricks are
    complete, and the seat after the one to act as the human (a computer acts first)."""
    heuristic = HeuristicPlayer()
    state = State.new(number, Options())
    while not state.is_terminal() and (state.phase != Phase.PLAY or len(state.tricks) < tricks):
        seat = state.current_player
        assert seat is not None
        rng = decision_rng(number, len(state.actions))
        state = state.apply(heuristic.choose(state.information_state(seat), rng))
    assert not state.is_terminal()
    assert state.current_player is not None
    return game.write_record(state), (state.current_player + 1) % 3


@pytest.mark.slow
def test_a_record_gets_the_same_strong_answer_in_any_worker_as_in_the_server() -> None:
    text, human = _late_record(3, 8)
    expected = workers.decide(text, human, "strong")
    assert expected["events"]  # the computers played
    app = create_app(player="strong", workers=2, rng=random.Random(0))
    with TestClient(app, base_url=LOOPBACK) as client:

        def view() -> Any:
            return client.post("/api/view", json={"record": text, "human_seat": human}).json()

        # at once (a worker each), then once more (in a worker that has decided it before)
        both = [_in_thread(view) for _ in range(2)]
        for thread, _ in both:
            thread.join(START_SECONDS)
        again = view()
    assert [out[0] for _, out in both] == [expected, expected]
    assert again == expected


@pytest.mark.slow
def test_a_worker_that_dies_fails_one_request_and_the_next_gets_new_workers(
    gate: tuple[ModuleType, Path],
) -> None:
    fakes, _ = gate
    app = create_app(player="heuristic", workers=1, decide=fakes.dying_decide)
    with TestClient(app, base_url=LOOPBACK, raise_server_exceptions=False) as client:
        first = client.post("/api/new", json={"deal_number": "5"})
        second = client.post("/api/new", json={"deal_number": "5"})
    assert first.status_code == 500
    assert first.json()["error"]["code"] == "internal_error"
    assert second.status_code == 200, second.text


def test_the_workers_decide_the_level_the_request_names() -> None:
    with TestClient(create_app(player="random", workers=1), base_url=LOOPBACK) as client:
        body = {"deal_number": "9", "player": "heuristic"}
        answer = client.post("/api/new", json=body).json()
    text = game.write_record(State.new(9, Options()))
    assert answer == workers.decide(text, 0, "heuristic")


def _played_record(number: int) -> str:
    """Deal ``number`` played out by the heuristic player in every seat."""
    text, _ = _late_record(number, 9)
    state = game.load(text)
    heuristic = HeuristicPlayer()
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        rng = decision_rng(number, len(state.actions))
        state = state.apply(heuristic.choose(state.information_state(seat), rng))
    return game.write_record(state)


@pytest.mark.slow
def test_the_series_walks_of_bock_requests_take_no_cpu_of_the_servers_process() -> None:
    # Eight /api/bock requests of 2,000 records each replayed them in the server's own process
    # (its threads): the page answered in 0.8 s instead of 0.03 s meanwhile (issue 51). The
    # server's process now only reads the requests and hands them on; its CPU time, unlike a
    # latency, does not depend on what else the machine runs.
    from skat.server import bock

    rows = [{"record": _played_record(5), "human_seat": 0}] * 300
    start = time.process_time()
    bock.answer(rows, Options())
    walk_seconds = time.process_time() - start  # one walk in this process
    heavy = 3
    app = create_app(player="heuristic", workers=1)
    with TestClient(app, base_url=LOOPBACK) as client:
        assert client.post("/api/bock", json={"series": rows[:1]}).status_code == 200  # started
        start = time.process_time()
        walks = [
            _in_thread(lambda: client.post("/api/bock", json={"series": rows}))
            for _ in range(heavy)
        ]
        page = client.get("/")
        still_walking = any(thread.is_alive() for thread, _ in walks)
        for thread, _ in walks:
            thread.join(START_SECONDS)
        server_seconds = time.process_time() - start
    assert [out[0].status_code for _, out in walks] == [200] * heavy
    assert page.status_code == 200
    assert still_walking, "the page was answered only after the walks"
    # the requests' JSON and their hand-over cost a small part of a walk; the walks, done here,
    # cost all three
    assert server_seconds < heavy * walk_seconds / 3, (server_seconds, walk_seconds)
