"""Browser game speed: page ready, server time per request, and answers while a computer thinks.

1. *Server time per request without computer thinking*: complete deals are played through the API
   (the human plays random legal actions, the computers the heuristic player), then two kinds of
   request are timed in-process through Starlette's TestClient, which includes the JSON parsing,
   the record's replay with full checking, the human's view with the review, and the new record:
   ``POST /api/view`` of the complete record, and ``POST /api/act`` of the human's last action
   where it ends the deal (so that no computer acts after it). Goal: p95 ≤ 30 ms.
2. *Page ready*: uvicorn on a free loopback port, Debian's Chromium (headless, via Playwright) in
   a fresh profile opens ``/`` and waits until the first deal is on the table
   (``#table[data-busy='0']`` with the human's cards), the first deal's ``/api/new`` included.
   Goal: ≤ 1 s.
3. *Answers while a computer thinks*: uvicorn with the strong player on a free loopback port;
   each of ``--decisions`` records (a deal bid and declared by the heuristic player, at its first
   card, the human in the seat that plays third, so that two strong card decisions of the first
   trick come first) is posted to ``/api/view`` and, while the server decides, a page file
   (``/``, ``/static/js/app.js``, ``/static/css/table.css`` in turn) and ``/api/health`` are
   fetched one after the other on new connections; each fetch's latency counts. Then the records
   are posted two at a time, as two games at once: the pair's wall time against the sum of the
   two alone, the server's CPU time (its process and all its children, from ``/proc``) per
   second of wall time, which is near 2 when both cores decide on an otherwise idle machine,
   and the share of 0.1 s steps in which two of the server's threads each computed for at least
   a fifth of the step (two decisions progressing at once; one lock around all decisions keeps
   it near 0 however idle the machine is). Goal: page files and health ≤ 50 ms while a computer
   thinks.
4. *Answers while series are walked*: uvicorn with the heuristic player; ``--walks`` requests
   ``POST /api/bock`` of a series of 2,000 records each (a deal played out by the heuristic
   player, the most a series may hold) are sent at once while page files and ``/api/health``
   are fetched as in 3; their wall time, and the CPU seconds of the server's own process and
   of its worker processes meanwhile (``/proc``). Goal: page files and health ≤ 50 ms (issue
   51: eight such requests slowed the page from 0.03 to 0.8 s when the walks ran in the
   server's process).

Usage::

    .venv/bin/python -m bench.bench_server --deals 200 --repeat 5 --pages 10 --decisions 6
    .venv/bin/python -m bench.bench_server --deals 0 --pages 0 --decisions 0 --walks 8
"""

from __future__ import annotations

import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench.common import argument_parser, percentile
from skat import record
from skat.deal import parse_deal_number
from skat.options import Options
from skat.players import decision_rng
from skat.players.heuristic import HeuristicPlayer
from skat.rules import GameType
from skat.server import create_app
from skat.state import Phase, State

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _play(client: TestClient, number: int, rng: random.Random) -> tuple[dict[str, Any], Any]:
    """Play deal ``number`` out; the final answer and the last (record, seat, action) that ended it
    from the human's side (None if a computer ended it)."""
    data = client.post("/api/new", json={"deal_number": str(number)}).json()
    last = None
    while data["view"]["phase"] != "result":
        view = data["view"]
        legal = [a for a in view["legal"] if a != "RE"] or view["legal"]
        actions = [rng.choice(legal)]
        if view["phase"] == "discard":
            actions.append(rng.choice(view["declare_after_discard"]))
        body = {"record": data["record"], "human_seat": view["human"], "action": actions}
        data = client.post("/api/act", json=body).json()
        computers_acted = any(e["seat"] not in (None, view["human"]) for e in data["events"])
        last = None if computers_acted else body
    return data, last


def server_times(deals: int, repeat: int) -> dict[str, list[float]]:
    """Milliseconds per request, by kind, over ``deals`` complete deals × ``repeat``."""
    rng = random.Random(2026)
    times: dict[str, list[float]] = {"view of a complete record": [], "last action of a deal": []}
    app = create_app(player="heuristic", rng=random.Random(1))
    with TestClient(app, base_url="http://127.0.0.1") as client:
        finals = []
        for number in range(1, deals + 1):
            data, last = _play(client, number, rng)
            if data["view"]["result"] and not data["view"]["result"].get("passed"):
                finals.append((data, last))
        for _ in range(repeat):
            for data, last in finals:
                body = {"record": data["record"], "human_seat": data["view"]["human"]}
                start = time.perf_counter()
                response = client.post("/api/view", json=body)
                times["view of a complete record"].append((time.perf_counter() - start) * 1000)
                assert response.status_code == 200
                if last is not None:
                    start = time.perf_counter()
                    response = client.post("/api/act", json=last)
                    times["last action of a deal"].append((time.perf_counter() - start) * 1000)
                    assert response.status_code == 200
    return times


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def _uvicorn(player: str, warm_up: bool = False) -> Iterator[tuple[int, int]]:
    """uvicorn serving the app with ``player`` on a free loopback port: (port, process id)."""
    port = _free_port()
    code = (
        "import uvicorn; from skat.server import create_app; "
        f"uvicorn.run(create_app(player={player!r}, warm_up={warm_up!r}), host='127.0.0.1', "
        f"port={port}, log_level='warning')"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT)
    try:
        deadline = time.monotonic() + 300  # a cold solver cache compiles for a while
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise
                time.sleep(0.1)
        yield port, proc.pid
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=120)  # its workers stop first; slow on a loaded machine
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def page_ready(pages: int) -> list[float]:
    """Milliseconds from navigation to the first deal on the table, fresh profile each time."""
    from playwright.sync_api import sync_playwright

    with _uvicorn("heuristic") as (port, _):
        out: list[float] = []
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            for _ in range(pages + 1):  # the first load warms the browser up; not counted
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                page = context.new_page()
                start = time.perf_counter()
                page.goto(f"http://127.0.0.1:{port}/")
                page.wait_for_selector("#table[data-busy='0'] [data-card]", timeout=10_000)
                out.append((time.perf_counter() - start) * 1000)
                context.close()
            browser.close()
        return out[1:]


def first_card_records(count: int) -> list[tuple[str, int]]:
    """``count`` records (and human seats) at the first card of a suit game or Grand, bid and
    declared by the heuristic player in all seats, the human playing third in the first trick."""
    heuristic = HeuristicPlayer()
    out: list[tuple[str, int]] = []
    number = 0
    while len(out) < count:
        number += 1
        state = State.new(parse_deal_number(number), Options())
        while not state.is_terminal() and state.phase != Phase.PLAY:
            seat = state.current_player
            assert seat is not None
            rng = decision_rng(number, len(state.actions))
            state = state.apply(heuristic.choose(state.information_state(seat), rng))
        if state.contract is None or state.contract.game in (GameType.NULL, GameType.RAMSCH):
            continue
        out.append((record.write(record.from_state(state)), (state.leader + 2) % 3))
    return out


def _fetch(
    port: int,
    method: str,
    path: str,
    body: dict[str, Any] | None = None,
    timeout: float = 120.0,
) -> bytes:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        data = None if body is None else json.dumps(body).encode()
        headers = {} if body is None else {"Content-Type": "application/json"}
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        content = response.read()
        if response.status != 200:
            raise RuntimeError(f"{method} {path}: {response.status} {content[:200]!r}")
        return content
    finally:
        connection.close()


_PAGE_FILES = ("/", "/static/js/app.js", "/static/css/table.css")


def _stat_ticks(stat: Path) -> int:
    """CPU time (user + system, clock ticks) of the ``/proc`` ``stat`` file of a process or a
    thread.

    Raises:
        OSError: it is gone.
        IndexError, ValueError: it does not read as a ``stat`` file.
    """
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def _descendants(pid: int) -> list[int]:
    """The process ids of the living descendants of process ``pid`` (from each thread's
    ``children`` in ``/proc``)."""
    out: list[int] = []
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            tasks = list(Path(f"/proc/{p}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                children = [int(c) for c in (task / "children").read_text().split()]
            except (OSError, ValueError):
                continue
            out.extend(children)
            todo.extend(children)
    return out


def _thread_ticks(pid: int) -> dict[int, int]:
    """CPU time (user + system, clock ticks) of every thread of process ``pid`` and of its
    living descendants, by thread id."""
    out: dict[int, int] = {}
    for p in (pid, *_descendants(pid)):
        try:
            tasks = list(Path(f"/proc/{p}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                out[int(task.name)] = _stat_ticks(task / "stat")
            except (OSError, IndexError, ValueError):
                continue
    return out


class _Overlap:
    """Samples the server's threads every ``step`` seconds while two decisions run: the CPU
    seconds they took, and the share of steps in which two or more threads each computed for
    at least a fifth of the step (two decisions progressing at once)."""

    def __init__(self, pid: int, step: float = 0.1) -> None:
        self.pid = pid
        self.step = step
        self.steps = 0
        self.both = 0
        self.ticks = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        per_step = os.sysconf("SC_CLK_TCK") * self.step
        before = _thread_ticks(self.pid)
        while not self._stop.wait(self.step):
            now = _thread_ticks(self.pid)
            gains = [t - before.get(tid, t) for tid, t in now.items()]
            self.ticks += sum(gains)
            self.steps += 1
            self.both += sum(g >= per_step / 5 for g in gains) >= 2
            before = now

    @property
    def cpu_seconds(self) -> float:
        return self.ticks / os.sysconf("SC_CLK_TCK")

    def __enter__(self) -> _Overlap:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


class _Sampler:
    """Fetches page files and ``/api/health`` one after the other until stopped; latencies in ms."""

    def __init__(self, port: int, pause: float = 0.02) -> None:
        self.port = port
        self.pause = pause
        self.page: list[float] = []
        self.health: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        i = 0
        while not self._stop.is_set():
            start = time.perf_counter()
            _fetch(self.port, "GET", _PAGE_FILES[i % len(_PAGE_FILES)])
            self.page.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            _fetch(self.port, "GET", "/api/health")
            self.health.append((time.perf_counter() - start) * 1000)
            i += 1
            self._stop.wait(self.pause)

    def __enter__(self) -> _Sampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def _decide(port: int, rec: str, human: int) -> float:
    """Seconds the server takes for the computers' decisions of ``rec`` (``/api/view``)."""
    start = time.perf_counter()
    _fetch(port, "POST", "/api/view", {"record": rec, "human_seat": human, "player": "strong"})
    return time.perf_counter() - start


def thinking(decisions: int, idle_samples: int = 100) -> dict[str, Any]:
    """Latencies (ms) of page files and health idle and while strong decisions run, and the
    seconds of each decision alone and of two at once with the server's CPU seconds."""
    records = first_card_records(decisions)
    out: dict[str, Any] = {}
    with _uvicorn("strong", warm_up=True) as (port, pid):
        _decide(port, *records[0])  # the first request loads what the warm-up did not
        with _Sampler(port, pause=0.01) as idle:
            while len(idle.health) < idle_samples:
                time.sleep(0.05)
        out["idle"] = (idle.page, idle.health)
        alone = []
        with _Sampler(port) as busy:
            for rec, human in records:
                alone.append(_decide(port, rec, human))
        out["one decision"] = (busy.page, busy.health)
        out["alone"] = alone
        pairs = []
        with _Sampler(port) as busy:
            for i in range(0, len(records) - 1, 2):
                times: list[float] = [0.0, 0.0]

                def run(j: int, i: int = i, times: list[float] = times) -> None:
                    times[j] = _decide(port, *records[i + j])

                start = time.perf_counter()
                with _Overlap(pid) as overlap:
                    threads = [threading.Thread(target=run, args=(j,)) for j in range(2)]
                    for t in threads:
                        t.start()
                    for t in threads:
                        t.join()
                wall = time.perf_counter() - start
                both = overlap.both / max(1, overlap.steps)
                pairs.append((wall, alone[i] + alone[i + 1], overlap.cpu_seconds / wall, both))
        out["two decisions"] = (busy.page, busy.health)
        out["pairs"] = pairs
    return out


def _finished_record(number: int) -> str:
    """Deal ``number`` played out by the heuristic player in every seat, as the browser keeps it."""
    heuristic = HeuristicPlayer()
    state = State.new(parse_deal_number(number), Options())
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        rng = decision_rng(number, len(state.actions))
        state = state.apply(heuristic.choose(state.information_state(seat), rng))
    return record.write(record.from_state(state))


def _own_ticks(pid: int) -> int:
    """CPU time (user + system, clock ticks) of process ``pid`` alone (all its threads, those
    that have ended too, none of its children); 0 once it is gone."""
    try:
        return _stat_ticks(Path(f"/proc/{pid}/stat"))
    except OSError:
        return 0


def _children_ticks(pid: int) -> dict[int, int]:
    """:func:`_own_ticks` of every living descendant of process ``pid``, by process id."""
    return {child: _own_ticks(child) for child in _descendants(pid)}


WALK_ROWS = 2000
"""The deals of each walked series: the most ``POST /api/bock`` takes (skat.server.bock)."""


def walking(requests: int) -> dict[str, Any]:
    """Latencies (ms) of page files and health while ``requests`` ``POST /api/bock`` of
    :data:`WALK_ROWS` records each run at once; their wall time (s) and the CPU seconds of the
    server's own process and of its workers meanwhile."""
    series = [{"record": _finished_record(7), "human_seat": 0}] * WALK_ROWS
    tick = os.sysconf("SC_CLK_TCK")
    with _uvicorn("heuristic") as (port, pid):
        _fetch(port, "POST", "/api/bock", {"series": series[:1]})  # starts the workers
        own, workers = _own_ticks(pid), _children_ticks(pid)
        failed: list[BaseException] = []

        def walk() -> None:
            try:  # minutes on a busy machine: the workers run at a lower priority
                _fetch(port, "POST", "/api/bock", {"series": series}, timeout=3600)
            except Exception as err:
                failed.append(err)

        with _Sampler(port) as busy:
            start = time.perf_counter()
            threads = [threading.Thread(target=walk) for _ in range(requests)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            wall = time.perf_counter() - start
        if failed:
            raise RuntimeError(f"{len(failed)} of the walks failed: {failed[0]!r}")
        own = _own_ticks(pid) - own
        after = _children_ticks(pid)
        worked = sum(t - workers.get(c, 0) for c, t in after.items())
    return {
        "walks": (busy.page, busy.health),
        "wall": wall,
        "server cpu": own / tick,
        "worker cpu": worked / tick,
    }


def _line(what: str, values: list[float]) -> str:
    return (
        f"{what}: n={len(values)} p50={statistics.median(values):.1f} ms "
        f"p95={percentile(values, 0.95):.1f} ms max={max(values):.1f} ms"
    )


def main() -> None:
    parser = argument_parser(__doc__)
    parser.add_argument("--deals", type=int, default=200, help="complete deals to time")
    parser.add_argument("--repeat", type=int, default=5, help="timings per deal")
    parser.add_argument("--pages", type=int, default=10, help="page loads to time (0: skip)")
    parser.add_argument(
        "--decisions", type=int, default=6, help="strong decisions to answer beside (0: skip)"
    )
    parser.add_argument(
        "--walks",
        type=int,
        default=0,
        help=f"POST /api/bock of {WALK_ROWS} records to send at once, answering beside (0: skip)",
    )
    args = parser.parse_args()
    if args.deals:
        for kind, values in server_times(args.deals, args.repeat).items():
            print(_line(kind, values))
    if args.pages:
        ready = page_ready(args.pages)
        print(
            f"page ready: n={len(ready)} p50={statistics.median(ready):.0f} ms "
            f"max={max(ready):.0f} ms"
        )
    if args.decisions:
        found = thinking(args.decisions)
        for when in ("idle", "one decision", "two decisions"):
            page, health = found[when]
            print(_line(f"page file, {when}", page))
            print(_line(f"/api/health, {when}", health))
        alone = found["alone"]
        print(f"one decision alone: {', '.join(f'{t:.2f}' for t in alone)} s")
        for wall, alone_sum, cpu, both in found["pairs"]:
            print(
                f"two at once: {wall:.2f} s (alone one after the other {alone_sum:.2f} s), "
                f"server CPU {cpu:.2f} s per s, two threads computing in {both:.0%} of the time"
            )
    if args.walks:
        found = walking(args.walks)
        page, health = found["walks"]
        print(_line(f"page file, {args.walks} series walks running", page))
        print(_line(f"/api/health, {args.walks} series walks running", health))
        print(
            f"{args.walks} walks of {WALK_ROWS} records at once: {found['wall']:.1f} s; CPU "
            f"{found['server cpu']:.1f} s in the server's process, "
            f"{found['worker cpu']:.1f} s in its workers"
        )


if __name__ == "__main__":
    main()
