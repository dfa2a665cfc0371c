"""Browser game speed: page ready in the browser, and server time per request for complete deals.

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

Usage::

    .venv/bin/python bench/bench_server.py --deals 200 --repeat 5 --pages 10
"""

from __future__ import annotations

import argparse
import random
import socket
import statistics
import subprocess
import sys
import time
import warnings
from pathlib import Path
from typing import Any

from skat.server import create_app

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


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


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
    with TestClient(create_app(player="heuristic", rng=random.Random(1))) as client:
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


def page_ready(pages: int) -> list[float]:
    """Milliseconds from navigation to the first deal on the table, fresh profile each time."""
    from playwright.sync_api import sync_playwright

    port = _free_port()
    code = (
        "import uvicorn; from skat.server import create_app; "
        f"uvicorn.run(create_app(player='heuristic'), host='127.0.0.1', port={port}, "
        "log_level='warning')"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        out = []
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
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="complete deals to time")
    parser.add_argument("--repeat", type=int, default=5, help="timings per deal")
    parser.add_argument("--pages", type=int, default=10, help="page loads to time (0: skip)")
    args = parser.parse_args()
    for kind, values in server_times(args.deals, args.repeat).items():
        print(
            f"{kind}: n={len(values)} p50={statistics.median(values):.1f} ms "
            f"p95={_percentile(values, 0.95):.1f} ms max={max(values):.1f} ms"
        )
    if args.pages:
        ready = page_ready(args.pages)
        print(
            f"page ready: n={len(ready)} p50={statistics.median(ready):.0f} ms "
            f"max={max(ready):.0f} ms"
        )


if __name__ == "__main__":
    main()
