"""One deal between the browser and the computer players, without any state kept on the server.

Every request carries the record of the deal; :func:`load` replays it with full checking
(:mod:`skat.record` and :class:`~skat.state.State`), :func:`play` applies the human's actions and
lets the computer players act until the human is to act again or the deal is over, and
:func:`answer` builds what the browser gets back: the new record, the human's view (only what the
human's seat may know, plus the review once the deal is over) and the events to animate.

The human's view and the events are described in :mod:`skat.server.view`, which builds the view.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from skat import record
from skat.action import Action, ActionKind, listed
from skat.cards import cards_of_mask, format_card, mask_of, points
from skat.claim import computer_claim, settle
from skat.deal import (
    Seat,
    default_seat,
    parse_deal_number,
    parse_seated_number,
)
from skat.errors import IllegalActionError, NotFinishedError, RecordError, SkatError, shown
from skat.information import InformationState
from skat.options import Options, from_json
from skat.options import spec_json as options_spec
from skat.options import to_json as options_json
from skat.players import decision_rng
from skat.server.view import (
    CARD_REASONS,
    card_order_json,
    card_reasons,
    declarations,
    event_json,
    exchange_json,
    trick_json,
    turn_moves,
    view,
)
from skat.state import Phase, State

__all__ = [
    "CARD_REASONS",
    "MAX_ACTIONS_PER_REQUEST",
    "MAX_RECORD_CHARS",
    "ChooseFn",
    "RequestError",
    "Turn",
    "answer",
    "apply",
    "card_order_json",
    "card_reasons",
    "declarations",
    "exchange_json",
    "load",
    "new_deal",
    "new_state",
    "options_json",
    "options_spec",
    "parse_options",
    "play",
    "view",
    "write_record",
]

MAX_RECORD_CHARS = 4000
"""The longest record accepted (a complete deal is about 400 characters)."""

MAX_ACTIONS_PER_REQUEST = 2
"""The browser sends at most two actions at once: a discard and the declaration after it."""

MAX_TOKEN_CHARS = len("EX") + 10 * len(".CA")
"""The longest action token: a Revolution's exchange of all ten cards (``EX.CA.CT…``, 32)."""

ChooseFn = Callable[[InformationState, random.Random], Action]
"""A computer player's decision: ``Player.choose`` (see :mod:`skat.players`)."""


class RequestError(SkatError):
    """A request to the web API that is not of the expected shape (a field missing or mistyped)."""

    code = "bad_request"


@dataclass(frozen=True, slots=True)
class Turn:
    """The outcome of one request: the state reached and the events that led there."""

    state: State
    human: int
    events: tuple[dict[str, Any], ...] = ()


# ---- options


def parse_options(data: object) -> Options:
    """The rule options of a JSON object (:func:`skat.options.from_json`; missing keys keep the
    ISkO defaults), those that cannot take effect under the others set back
    (:meth:`skat.options.Options.effective`).

    Raises:
        RequestError: not an object, an unknown key or a value of the wrong type.
    """
    try:
        return from_json(data).effective()
    except SkatError as err:
        raise RequestError(str(err)) from None


# ---- records


def write_record(state: State) -> str:
    """The ISS record of ``state`` as the browser keeps it (and as :func:`load` reads it)."""
    return record.write(record.from_state(state))


_NOT_AT_THIS_TABLE = {
    ActionKind.TIMEOUT: "a timeout",
    ActionKind.LEAVE: "a seat leaving the table",
    ActionKind.SHOW: "a declarer showing his cards",
}
"""Moves of server play (ISS) that no seat of this game makes: its record holds none of them."""


def _read_record(text: str) -> State:
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"the record is over {MAX_RECORD_CHARS} characters")
    state = record.replay(record.parse(text), claim_check=settle)
    if state.deal.number < 0:
        # The game deals by number only; a record with bare cards could hold any hand.
        raise RecordError("the record has no deal number DN[...]: the game plays numbered deals")
    _check_own_moves(state)
    return state


def _check_own_moves(state: State) -> None:
    """Every action of ``state`` is one this game makes: by the seat to act, among its legal
    actions (which leaves out timeouts, leaving, showing the cards, a defender's resignation and
    a concession out of turn, all of which the engine replays from ISS records).

    Raises:
        RecordError: the first action that is not, named with its number among the actions.
    """
    s = state.prefix(0)
    for i, (action, actor) in enumerate(zip(state.actions, state.actors, strict=True), 1):
        what = _NOT_AT_THIS_TABLE.get(action.kind)
        if what is None and action.kind == ActionKind.CONCEDE and actor != state.declarer:
            what = "a defender resigning"
        if what is None and (actor != s.current_player or action not in turn_moves(s)):
            what = "a move out of turn"
        if what is not None:
            raise RecordError(
                f"the record's action {i}, {str(action)!r}, is {what}, a move of server play "
                "that this game does not have"
            )
        s = s.apply(action)


def new_state(number: int | None, options: Options, rng: random.Random) -> State:
    """The start of a deal: ``number``, or a random one drawn from ``rng`` (1 .. 10^9 − 1, short
    enough to type).

    Raises:
        NotationError: ``number`` is not a deal number.
    """
    if number is None:
        number = rng.randrange(1, 10**9)
    return State.new(parse_deal_number(number), options, claim_check=settle)


def new_deal(
    number: object, seat: object, options: Options, rng: random.Random
) -> tuple[State, int]:
    """The start of a deal of ``POST /api/new`` and the human's seat, from the request's fields.

    Args:
        number: the ``deal_number`` field: absent (None: a random number, :func:`new_state`), an
            int, or digits with an optional seat (``"12255238-2"``,
            :func:`skat.deal.parse_seated_number`).
        seat: the ``human_seat`` field: absent (None: the seat the number names, else
            :func:`skat.deal.default_seat`) or 0..2.
        options: the deal's rule options.
        rng: the source of a random deal number.

    Raises:
        DealNumberError: ``number`` cannot be read (its ``reason`` says why).
        RequestError: ``seat`` is not 0..2, or not the seat the number names.
    """
    parsed, named = (None, None) if number is None else parse_seated_number(number)
    wanted = None if seat is None else parse_seat(seat)
    if named is not None and wanted is not None and named != wanted:
        raise RequestError(
            f"the deal number {shown(number)} names seat {int(named)}, human_seat {wanted}"
        )
    state = new_state(parsed, options, rng)
    if wanted is None:
        wanted = int(named if named is not None else default_seat(state.deal.number))
    return state, wanted


def load(record: object) -> State:
    """The state of a record sent by the browser, replayed with full checking.

    Raises:
        RequestError: the record is not a string.
        RecordError: the record is malformed or its actions are illegal.
    """
    if not isinstance(record, str):
        raise RequestError(f"record must be a string, not {type(record).__name__}")
    return _read_record(record)


def load_finished(record: object, purpose: str) -> State:
    """The finished deal of a record, as :func:`load`, for a route that takes only those.

    Raises:
        RequestError, RecordError: as :func:`load`.
        NotFinishedError: the deal is not over; the message names its phase and ``purpose``
            (``"analysed"``, ``"replayed"``).
    """
    state = load(record)
    if not state.is_terminal():
        raise NotFinishedError(
            f"the deal is not finished (phase {state.phase.value!r}): only a finished deal "
            f"can be {purpose}"
        )
    return state


# ---- playing


def _step(state: State, action: Action, human: int, events: list[dict[str, Any]]) -> State:
    seat = state.current_player
    before = len(state.tricks)
    after = state.apply(action)
    declarer = None if state.declarer is None else int(state.declarer)
    events.append(event_json(seat, action, human, state.phase == Phase.SCHIEBEN, declarer, state))
    if len(after.tricks) > before:
        trick = after.tricks[-1]
        events.append(
            {
                "kind": "trick",
                "seat": None,
                "winner": trick.winner,
                "cards": trick_json(trick.leader, trick.cards),
                "points": points(mask_of(trick.cards)),
            }
        )
    return after


def _parse_actions(actions: object) -> list[Action]:
    if isinstance(actions, str):
        actions = [actions]
    if not isinstance(actions, list) or not 1 <= len(actions) <= MAX_ACTIONS_PER_REQUEST:
        raise RequestError(
            f"action must be a token or a list of 1..{MAX_ACTIONS_PER_REQUEST} tokens: "
            f"{shown(actions)}"
        )
    out = []
    for token in actions:
        if not isinstance(token, str) or len(token) > MAX_TOKEN_CHARS:
            raise RequestError(f"an action is a short string, not {shown(token)}")
        out.append(Action.parse(token))
    if len(out) == 2 and (out[0].kind, out[1].kind) != (ActionKind.DISCARD, ActionKind.DECLARE):
        raise RequestError(
            f"two actions in one request are a discard and the declaration after it, not "
            f"{str(out[0])!r} and {str(out[1])!r}"
        )
    return out


def parse_seat(value: object) -> int:
    """A seat number 0, 1 or 2 from JSON.

    Raises:
        RequestError: anything else.
    """
    if isinstance(value, bool) or not isinstance(value, int) or value not in (0, 1, 2):
        raise RequestError(f"human_seat must be 0, 1 or 2, not {shown(value)}")
    return value


def play(
    state: State,
    human: int,
    actions: object,
    choose: ChooseFn,
) -> Turn:
    """Apply the human's ``actions`` (tokens) and let the computers act until the human's turn.

    Raises:
        RequestError: ``actions`` is not one token or a list of at most two.
        NotationError: a token is no action.
        IllegalActionError: not the human's turn, or the action is not legal now.
    """
    turn = apply(state, human, actions)
    return computers(turn.state, human, choose, list(turn.events))


def apply(state: State, human: int, actions: object) -> Turn:
    """Apply the human's ``actions`` (tokens) only: the state after them and their events (the
    computers' turns that may follow are :func:`computers`).

    Raises:
        RequestError: ``actions`` is not one token or a list of at most two.
        NotationError: a token is no action.
        IllegalActionError: not the human's turn, or the action is not legal now.
        ClaimError: a claim that does not hold (the state stays as it was).
    """
    parsed = _parse_actions(actions)
    events: list[dict[str, Any]] = []
    for i, action in enumerate(parsed):
        # a second action is judged after the first: the error says so, and applies neither
        after = f" (after {str(parsed[i - 1])!r}, the request's first action)" if i else ""
        if state.is_terminal():
            raise IllegalActionError(f"illegal action {str(action)!r}: the deal is over{after}")
        seat = state.current_player
        if seat != human:
            who = "nobody" if seat is None else Seat(seat).name.lower()
            raise IllegalActionError(
                f"illegal action {str(action)!r} by {Seat(human).name.lower()} in phase "
                f"{state.phase.value!r}{after}: it is {who}'s turn"
            )
        legal_actions = turn_moves(state)
        # a Revolution's exchange is refused by the core with its reason (IllegalExchangeError)
        if state.phase != Phase.EXCHANGE and action not in legal_actions:
            raise IllegalActionError(
                f"illegal action {str(action)!r} by {Seat(human).name.lower()} in phase "
                f"{state.phase.value!r}{after}: {_why_illegal(state, human, action, legal_actions)}"
            )
        state = _step(state, action, human, events)
    return Turn(state, human, tuple(events))


def _why_illegal(state: State, human: int, action: Action, legal: list[Action]) -> str:
    """What is wrong with ``action``, not among the ``legal`` actions of ``human`` now: when a
    card or a discard is due, the cards of it that are not in the hand; else the legal actions."""
    if action.kind in (ActionKind.CARD, ActionKind.DISCARD) and any(
        a.kind == action.kind for a in legal
    ):
        mask = 1 << action.value if action.kind == ActionKind.CARD else action.value
        missing = cards_of_mask(mask & ~state.hand(human))
        if missing:
            names = " and ".join(format_card(c) for c in missing)
            return f"{names} {'is' if len(missing) == 1 else 'are'} not in the hand"
    return f"legal: {listed(legal)}"


def computers(
    state: State, human: int, choose: ChooseFn, events: list[dict[str, Any]] | None = None
) -> Turn:
    """Let the computer players act until the human is to act or the deal is over.

    Each decision draws from ``decision_rng(deal number, action index)`` (docs/design.md,
    decision 4); the engine checks every computer action like a human one. With the house rule
    ``claims`` a computer claims instead when its claim holds (:func:`skat.claim.computer_claim`).
    """
    out: list[dict[str, Any]] = [] if events is None else events
    number = max(state.deal.number, 0)
    while not state.is_terminal() and state.current_player != human:
        seat = state.current_player
        assert seat is not None  # not terminal
        claim = computer_claim(state)
        if claim is not None:
            state = _step(state, claim, human, out)
            continue
        info = state.information_state(seat)
        rng = decision_rng(number, len(state.actions))
        action = choose(info, rng)
        try:
            state = _step(state, action, human, out)
        except SkatError as err:
            # A computer's illegal move is the server's fault, not the request's: no 4xx.
            raise RuntimeError(
                f"computer player in seat {int(seat)} chose {action}: {err}"
            ) from err
    return Turn(state, human, tuple(out))


# ---- the answer


def answer(turn: Turn) -> dict[str, Any]:
    """The JSON answer of a request: ``{"record", "view", "events"}``."""
    return {
        "record": write_record(turn.state),
        "view": view(turn.state, turn.human),
        "events": list(turn.events),
    }
