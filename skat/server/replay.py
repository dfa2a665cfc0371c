"""``POST /api/replay``: the computer with your cards, the web API's side.

The route (:func:`skat.server.app.create_app`) checks the request and hands the finished deal's
record to a worker process (:mod:`skat.server.workers`), which runs :func:`replay_task`: the
deal played again with a computer player in the person's seat (:func:`skat.replay.replay_seat`)
and both deals' results as the result panel shows them (:func:`skat.server.game.view`).

The answer (JSON)::

    {"seat": 1, "player": "strong", "level": "heuristic",
     "person":   {"record", "result", "iss_result", "review", "score"},
     "computer": {"record", "result", "iss_result", "review", "score"},
     "parted": {"index", "phase", "trick", "person", "computer"} | null,
     "identical": false}

``person`` is the deal as it was played, ``computer`` its replay; ``result``, ``iss_result`` and
``review`` are the view's fields of that deal's end (:mod:`skat.server.game`), ``score`` the
seat's list score (game points, the deal's score list; 0 when all passed). ``parted`` is
:meth:`skat.replay.Parting.to_json` (``trick`` 0-based, in the card play only), null when the
replay made every decision of the seat as the person did (``identical``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from skat.players import get_player, player_names
from skat.replay import Replay, replay_seat
from skat.server import game
from skat.state import State

__all__ = ["REPLAYER", "ReplayFn", "default_replayer", "replay_json", "replay_task"]

ReplayFn = Callable[[str, int, str, str], dict[str, Any]]
"""A task of the workers: (record text, seat 0..2, the seat's player, the others' level) -> the
answer JSON (:func:`replay_task`)."""

REPLAYER = "strong"
"""The computer player that takes the person's seat unless a request or the server names
another: the strongest."""


def default_replayer() -> str:
    """:data:`REPLAYER` when it can be built here, else the heuristic player."""
    return REPLAYER if REPLAYER in player_names() else "heuristic"


def _side(state: State, seat: int) -> dict[str, Any]:
    view = game.view(state, seat)
    result = view["result"]
    scores = result.get("list_scores") or [0, 0, 0]
    return {
        "record": game.write_record(state),
        "result": result,
        "iss_result": view["iss_result"],
        "review": view["review"],
        "score": scores[seat],
    }


def replay_json(replay: Replay, player: str, level: str) -> dict[str, Any]:
    """The answer of ``POST /api/replay`` (see the module doc) for ``replay``, made with
    ``player`` in the seat and ``level`` in the other two."""
    return {
        "seat": replay.seat,
        "player": player,
        "level": level,
        "person": _side(replay.deal, replay.seat),
        "computer": _side(replay.replay, replay.seat),
        "parted": None if replay.parting is None else replay.parting.to_json(),
        "identical": replay.parting is None,
    }


def replay_task(text: str, seat: int, player: str, level: str) -> dict[str, Any]:
    """The worker's task: the finished deal ``text`` replayed with a new ``player`` in ``seat``
    and new players of ``level`` in the other two (new players per task: nothing of an earlier
    request changes a decision), as :func:`replay_json`.

    Raises:
        RecordError: the record does not replay.
        NotFinishedError: the deal is not finished.
        UnknownPlayerError: ``player`` or ``level`` is no computer player.
        RuntimeError: a computer player chose an illegal action.
    """
    deal = game.load_finished(text, "replayed")
    replay = replay_seat(deal, seat, get_player(player), get_player(level))
    return replay_json(replay, player, level)
