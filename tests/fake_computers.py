"""Slow and failing tasks for the server's computer workers, for the server's tests
(tests/server/test_server_security.py, test_server_workers.py, test_server_analysis.py,
test_server_review.py).

The workers are new processes, which import a task by its module's name: a test puts this
directory on ``sys.path`` (they inherit it) and names the task's files in the environment
variable :data:`GATE` (they inherit that too).
"""

from __future__ import annotations

import mmap
import os
import sys
import time
import uuid
from pathlib import Path
from typing import Any

from skat.analysis import Analysis, GameChoice
from skat.analysis.review import Judgement, judge_decision
from skat.players.strong_settings import StrongSettings
from skat.server import game
from skat.server.workers import analysis_part, decide

GATE = "SKAT_TEST_GATE"
"""The environment variable with the path of the gate file: one byte, 0 while the task waits."""

PIDS = "SKAT_TEST_PIDS"
"""The environment variable with the path of the file :func:`noted_analysis` and
:func:`noted_review_decision` note their process ids in."""

WAIT_SECONDS = 30.0
"""The longest a task waits for its gate or its partner before it gives up."""


def _mark_started() -> Path:
    gate = Path(os.environ[GATE])
    (gate.parent / f"started-{os.getpid()}-{uuid.uuid4().hex}").touch()
    return gate


def held_decide(text: str, human: int, level: str) -> dict[str, Any]:
    """:func:`decide`, after holding the interpreter lock until the gate's byte turns non-zero
    (at most :data:`WAIT_SECONDS`), as a search in compiled code does: the loop reads shared
    memory and the clock, neither of which lets another thread of this process run."""
    gate = _mark_started()
    with gate.open("r+b") as file, mmap.mmap(file.fileno(), 1) as flag:
        interval = sys.getswitchinterval()
        sys.setswitchinterval(1000.0)
        try:
            deadline = time.monotonic() + WAIT_SECONDS
            while flag[0] == 0 and time.monotonic() < deadline:
                pass
        finally:
            sys.setswitchinterval(interval)
    return decide(text, human, level)


def paired_decide(text: str, human: int, level: str) -> dict[str, Any]:
    """:func:`decide`, once a second task has started too (its mark beside the gate).

    Raises:
        RuntimeError: no second task started within :data:`WAIT_SECONDS`.
    """
    marks = _mark_started().parent
    deadline = time.monotonic() + WAIT_SECONDS
    while len(list(marks.glob("started-*"))) < 2:
        if time.monotonic() > deadline:
            raise RuntimeError("no other game's decision started meanwhile")
        time.sleep(0.01)
    return decide(text, human, level)


def dying_decide(text: str, human: int, level: str) -> dict[str, Any]:
    """The first task ends its worker process at once (a crash); later ones are :func:`decide`."""
    died = Path(os.environ[GATE]).parent / "died"
    if not died.exists():
        died.touch()
        os._exit(3)
    return decide(text, human, level)


def failing_decide(text: str, human: int, level: str) -> dict[str, Any]:
    """A computer player that fails: the server's fault.

    Raises:
        RuntimeError: always.
    """
    raise RuntimeError("the computer player failed")


def noted_analysis(text: str, seat: int, part: str) -> Analysis | GameChoice | None:
    """:func:`analysis_part`, after noting ``<part> <process id>`` in the file named by
    :data:`PIDS`."""
    with Path(os.environ[PIDS]).open("a") as file:
        file.write(f"{part} {os.getpid()}\n")
    return analysis_part(text, seat, part)


def noted_review_decision(text: str, seat: int, index: int) -> Judgement:
    """:func:`skat.server.review.decision_task` by a small strong player, after noting
    ``decision <process id>`` in the file named by :data:`PIDS`."""
    with Path(os.environ[PIDS]).open("a") as file:
        file.write(f"decision {os.getpid()}\n")
    small = StrongSettings(
        worlds=6, node_budget=40_000, contract_worlds=6, contract_budget=200_000,
        defence_worlds=6, defence_budget=40_000, kontra_draws=24,
    )  # fmt: skip
    return judge_decision(game.load(text), seat, index, small)
