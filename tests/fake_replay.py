"""A replay task that says where it ran, for tests/analysis/test_replay.py.

The workers are new processes, which import a task by its module's name: the test puts this
directory on ``sys.path`` (they inherit it).
"""

from __future__ import annotations

import os
from typing import Any

from skat.server.replay import replay_task


def noted_replay(text: str, seat: int, player: str, level: str) -> dict[str, Any]:
    """:func:`replay_task`'s answer with ``pid``, the id of the process that computed it."""
    out = replay_task(text, seat, player, level)
    out["pid"] = os.getpid()
    return out
