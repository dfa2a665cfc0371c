"""Hints and undo at the table: the strong player's suggestion for the person's decision, and
taking the person's last decision back (``POST /api/hint``, ``POST /api/undo``,
docs/web-api.md).

Both are stateless as every route: the record comes in. A hint is computed in a worker process
(:func:`hint_task`, run by :class:`skat.server.workers.Computers`) from the seat's information
state only, by a new strong player drawing from the decision's random source, so the same record
gives the same hint (:func:`skat.players.advice.advise`). An undo is cheap and needs no worker
(:func:`undo`).

Where they are allowed: in a practice deal (a typed deal number or a replay) always; in a deal of
the series only when the person's setting allows it. The server keeps no series, so the request
says which kind of deal it is (:func:`check_allowed`); what the request says is not allowed is
refused, so that the browser's settings have one place where they are enforced.
"""

from __future__ import annotations

from typing import Any

from skat.action import ActionKind
from skat.deal import Seat
from skat.errors import SkatError, shown
from skat.players import decision_rng
from skat.players.advice import advise
from skat.players.strong import StrongPlayer
from skat.server import game
from skat.state import State

__all__ = [
    "DEAL_KINDS",
    "AssistError",
    "check_allowed",
    "check_turn",
    "hint_and_nodes",
    "hint_task",
    "undo",
]

DEAL_KINDS = ("practice", "series")
"""The kinds of deal a hint or undo request names (its ``deal`` field): ``practice`` (a typed
number or a replay, not written on the score sheet) or ``series`` (a deal of the series)."""


class AssistError(SkatError):
    """A hint or undo that does not apply now; ``code`` says why: ``not_your_turn`` (another
    seat is to act), ``deal_over``, ``nothing_to_undo`` (the person has made no decision yet),
    ``hints_off`` / ``undo_off`` (a series deal without the setting that allows it)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code

    def __reduce__(self) -> tuple[type[AssistError], tuple[str, str]]:
        # raised in a worker process, it comes back pickled
        return (AssistError, (self.code, str(self)))


def check_allowed(data: dict[str, Any], what: str) -> None:
    """Refuse a ``what`` (``hint`` or ``undo``) in a series deal whose setting is off.

    Args:
        data: the request: ``deal`` (one of :data:`DEAL_KINDS`) and, for ``series``,
            ``series_allows`` (true: the person's setting "Hints in series" / "Undo in series"
            is on).

    Raises:
        RequestError: ``deal`` or ``series_allows`` missing or of the wrong kind.
        AssistError: ``hints_off`` / ``undo_off``.
    """
    kind = data.get("deal")
    if kind not in DEAL_KINDS:
        raise game.RequestError(f"deal must be one of {list(DEAL_KINDS)}, not {shown(kind)}")
    if kind == "practice":
        if "series_allows" in data:
            raise game.RequestError("series_allows is for a series deal only")
        return
    allows = data.get("series_allows")
    if not isinstance(allows, bool):
        raise game.RequestError(f"series_allows must be true or false, not {shown(allows)}")
    if not allows:
        raise AssistError(
            "hints_off" if what == "hint" else "undo_off",
            f"{what} is not allowed in a series deal unless the setting allows it",
        )


def check_turn(state: State, human: int) -> None:
    """Refuse a hint unless ``human`` is to act.

    Raises:
        AssistError: ``deal_over``, ``not_your_turn``.
    """
    if state.is_terminal():
        raise AssistError("deal_over", "the deal is over: there is no decision to hint at")
    seat = state.current_player
    if seat != human:
        who = "nobody" if seat is None else Seat(seat).name.lower()
        raise AssistError(
            "not_your_turn",
            f"it is {who}'s turn in phase {state.phase.value!r}, not {Seat(human).name.lower()}'s",
        )


def hint_task(text: str, human: int) -> dict[str, Any]:
    """The hint for ``human`` in the deal ``text`` (a worker's task): ``{"action", "tokens",
    "kind", "reason"}`` (:meth:`skat.players.advice.Advice.to_json`).

    Raises:
        RecordError: the record does not replay.
        AssistError: not ``human``'s turn, or the deal is over.
    """
    return hint_and_nodes(text, human)[0]


def hint_and_nodes(text: str, human: int) -> tuple[dict[str, Any], int]:
    """:func:`hint_task`'s answer and the solver nodes it searched (for bench/bench_hint.py).

    Raises:
        as :func:`hint_task`.
    """
    state = game.load(text)
    check_turn(state, human)
    info = state.information_state(human)
    rng = decision_rng(max(state.deal.number, 0), len(state.actions))
    player = StrongPlayer()
    out = advise(player, info, rng).to_json()
    solver = player._solver
    return out, 0 if solver is None else solver.nodes


def undo(state: State, human: int) -> State:
    """The deal before ``human``'s last decision, the other seats' answers after it taken back
    too: the state before the person's last action, and before the discard as well when that
    action is the declaration right after it (the browser sends the two together).

    Raises:
        AssistError: ``deal_over``; ``nothing_to_undo`` (``human`` has not acted yet);
            ``skat_seen`` (the last decision picked up the skat: the skat, once seen, stays seen).
    """
    if state.is_terminal():
        raise AssistError("deal_over", "the deal is over: its decisions stand")
    mine = [i for i, seat in enumerate(state.actors) if seat == human]
    if not mine:
        raise AssistError("nothing_to_undo", "the person has made no decision in this deal yet")
    last = mine[-1]
    actions = state.actions
    if actions[last].kind == ActionKind.PICKUP:
        raise AssistError("skat_seen", "the skat has been seen: picking it up cannot be taken back")
    if (
        last > 0
        and actions[last].kind == ActionKind.DECLARE
        and actions[last - 1].kind == ActionKind.DISCARD
        and state.actors[last - 1] == human
    ):
        last -= 1
    return state.prefix(last)
