"""One deal between the browser and the computer players, without any state kept on the server.

Every request carries the record of the deal; :func:`load` replays it with full checking
(:mod:`skat.record` and :class:`~skat.state.State`), :func:`play` applies the human's actions and
lets the computer players act until the human is to act again or the deal is over, and
:func:`answer` builds what the browser gets back: the new record, the human's view (only what the
human's seat may know, plus the review once the deal is over) and the events to animate.

The view's fields (JSON): ``deal_number`` (a string: deal numbers reach 2^64 − 1, beyond a
JavaScript number), ``seated_number`` (the number as the human passes it on: with the seat when
it is not the one the plain number gives, :func:`skat.deal.format_seated_number`), ``human``,
``phase``, ``to_act``, ``hand`` (ISS cards), ``legal`` (action tokens), ``card_reasons`` (why
each card of the hand that cannot be played or chosen now cannot: :func:`card_reasons`), ``bid``,
``calls``
(``[{seat, action}]``: every call of the auction), ``declarer``, ``contract``, ``kontra`` (tokens
said), ``pushes`` (Schieberamsch: skats passed on unseen, each doubling), ``later_calls`` (what the
seats said after the auction and before the first card, as events: Kontra, Re, Supra and their
refusals, a Schieberamsch's pick-ups and pushes), ``picked_up`` (the skat cards the human took),
``declare_after_discard`` (the contracts that will be legal after the discard, so that the
browser can offer the declaration before sending the discard), ``declarations`` (while the human
is to declare, or to discard before declaring: every legal contract with its figures,
:func:`declarations`), ``card_order`` (the cards the human sees by strength in the game played,
for sorting the hand: :func:`card_order_json`), ``hand_sizes``, ``open_hand`` (``{seat, cards}``
of an ouvert declarer), ``trick`` (``[{seat, card}]``), ``last_trick``, ``tricks`` (taken per seat),
``result``, ``iss_result`` and ``review`` (original hands, skat, discard, every trick; only when
the deal is over), ``claim`` (when a claim ended the game: ``{seat, action, hands, trick}``, the
claimant, ``CL`` or ``CD``, every hand and the trick as they were at the claim, the proof the
person sees: :func:`skat.claim.claim_json`), ``options`` (the deal's rule options, as
:func:`options_json` gives them) and ``info`` (the seat's
:meth:`~skat.state.InformationState.to_json`), ``exchange`` (a Revolution's exchange while the
human defender is to pass cards: ``{"count", "cards", "received"}``, the number he must pass,
None for any, the cards he may pass and those his partner passed him; else None:
:func:`exchange_json`).

Events (JSON): ``{"kind": "call"|"skat"|"discard"|"declare"|"kontra"|"card"|"concede"|"push"|
"exchange"|"claim"|"other", "seat": s, "action": token}`` for each action (another seat's
discard shows as ``??.??``, a Revolution's exchange to its declarer as ``EX.??.??``; ``push``: a
Schieberamsch skat passed on unseen, ``p``, or two cards pushed on) and ``{"kind": "trick",
"seat": null, "winner": s, "cards": [...], "points": n}`` after each completed trick.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from skat import record
from skat.action import Action, ActionKind, listed
from skat.cards import cards_of_mask, format_card, mask_of, points
from skat.claim import claim_json, computer_claim
from skat.contract import Contract
from skat.deal import (
    Seat,
    default_seat,
    format_seated_number,
    parse_deal_number,
    parse_seated_number,
)
from skat.declaration import prospect
from skat.errors import IllegalActionError, NotFinishedError, RecordError, SkatError, shown
from skat.options import Options, from_json
from skat.options import spec_json as options_spec
from skat.options import to_json as options_json
from skat.players import decision_rng
from skat.rules import TRUMP, GameType, card_order, effective_suit, trump_mask
from skat.scoring import GameResult, RamschResult, list_scores, ramsch_list_scores
from skat.state import InformationState, Phase, State

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
    "write_record",
]

MAX_RECORD_CHARS = 4000
"""The longest record accepted (a complete deal is about 400 characters)."""

MAX_ACTIONS_PER_REQUEST = 2
"""The browser sends at most two actions at once: a discard and the declaration after it."""

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
    state = record.replay(record.parse(text))
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
    s = State(options=state.options, deal=state.deal, dealer=state.dealer)
    for i, (action, actor) in enumerate(zip(state.actions, state.actors, strict=True), 1):
        what = _NOT_AT_THIS_TABLE.get(action.kind)
        if what is None and action.kind == ActionKind.CONCEDE and actor != state.declarer:
            what = "a defender resigning"
        if what is None and (actor != s.current_player or action not in _turn_moves(s)):
            what = "a move out of turn"
        if what is not None:
            raise RecordError(
                f"the record's action {i}, {str(action)!r}, is {what}, a move of server play "
                "that this game does not have"
            )
        s = s.apply(action)


def _turn_moves(state: State) -> list[Action]:
    """The moves the seat to act may make or attempt at this table: its legal actions and the
    claims of the house rule (:meth:`State.claim_actions`, checked when made)."""
    return state.legal_actions() + state.claim_actions()


def _iss_result(state: State) -> str:
    return f"R[{record.iss_result(state)}]"


def new_state(number: int | None, options: Options, rng: random.Random) -> State:
    """The start of a deal: ``number``, or a random one drawn from ``rng`` (1 .. 10^9 − 1, short
    enough to type).

    Raises:
        NotationError: ``number`` is not a deal number.
    """
    if number is None:
        number = rng.randrange(1, 10**9)
    return State.new(parse_deal_number(number), options)


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

_KINDS = {
    ActionKind.BID: "call",
    ActionKind.HOLD: "call",
    ActionKind.PASS: "call",
    ActionKind.PICKUP: "skat",
    ActionKind.DISCARD: "discard",
    ActionKind.DECLARE: "declare",
    ActionKind.KONTRA: "kontra",
    ActionKind.RE: "kontra",
    ActionKind.SUPRA: "kontra",
    ActionKind.DECLINE: "kontra",
    ActionKind.CARD: "card",
    ActionKind.CONCEDE: "concede",
    ActionKind.EXCHANGE: "exchange",
    ActionKind.CLAIM: "claim",
    ActionKind.DEFENDERS_CLAIM: "claim",
}


def _event(
    seat: int | None, action: Action, human: int, schieben: bool, declarer: int | None = None
) -> dict[str, Any]:
    """The event of ``seat``'s ``action`` as ``human`` sees it (``schieben``: made in a
    Schieberamsch's passing on of the skat; a Revolution's exchange is hidden from the
    ``declarer``)."""
    token = str(action)
    if action.kind == ActionKind.DISCARD and seat != human:
        token = "??.??"
    if action.kind == ActionKind.EXCHANGE and human == declarer:
        token = str(Action.exchange(-action.value.bit_count()))
    kind = _KINDS.get(action.kind, "other")
    if schieben and action.kind in (ActionKind.PASS, ActionKind.DISCARD):
        kind = "push"  # the skat passed on unseen, or two cards pushed on after taking it
    return {"kind": kind, "seat": None if seat is None else int(seat), "action": token}


def _step(state: State, action: Action, human: int, events: list[dict[str, Any]]) -> State:
    seat = state.current_player
    before = len(state.tricks)
    after = state.apply(action)
    declarer = None if state.declarer is None else int(state.declarer)
    events.append(_event(seat, action, human, state.phase == Phase.SCHIEBEN, declarer))
    if len(after.tricks) > before:
        trick = after.tricks[-1]
        events.append(
            {
                "kind": "trick",
                "seat": None,
                "winner": trick.winner,
                "cards": _trick_cards(trick.leader, trick.cards),
                "points": points(mask_of(trick.cards)),
            }
        )
    return after


def _trick_cards(leader: int, cards: Sequence[int]) -> list[dict[str, Any]]:
    return [{"seat": (leader + i) % 3, "card": format_card(c)} for i, c in enumerate(cards)]


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
        if not isinstance(token, str) or len(token) > 8:
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
        legal_actions = _turn_moves(state)
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


def _cards(mask: int | None) -> list[str]:
    return [] if not mask else [format_card(c) for c in cards_of_mask(mask)]


def _result_json(state: State) -> dict[str, Any]:
    res = state.result()
    if res is None:
        return {"passed": True, "kind": "passed", "won": False, "score": 0, "steps": []}
    if isinstance(res, RamschResult):
        data = res.to_json()
        data.update(
            kind="ramsch",
            passed=False,
            steps=data.pop("explanation"),
            list_scores=list(ramsch_list_scores(res, state.options.score_list)),
        )
        return data
    assert isinstance(res, GameResult)
    declarer = int(state.declarer) if state.declarer is not None else 0
    data = res.to_json()
    data.update(
        kind="game",
        passed=False,
        declarer=declarer,
        defender_points=120 - res.declarer_points,
        steps=data.pop("explanation"),
        list_scores=list(list_scores(res, declarer, state.options.score_list)),
        score_list=state.options.score_list.value,
    )
    return data


def _review(state: State) -> dict[str, Any]:
    declarer = state.declarer
    discard = state.discard(declarer) if declarer is not None else 0
    # Schieberamsch: the skat that counted is the one pushed on last, not the dealt one
    pushed = state.skat if declarer is None and state.skat != state.deal.skat.mask else 0
    return {
        "hands": [_cards(h.mask) for h in state.deal.hands],
        "skat": _cards(state.deal.skat.mask),
        "declarer": None if declarer is None else int(declarer),
        "discard": _cards(discard),
        "final_skat": _cards(pushed),
        "tricks": [
            {
                "cards": _trick_cards(t.leader, t.cards),
                "winner": t.winner,
                "points": points(mask_of(t.cards)),
            }
            for t in state.tricks
        ],
    }


def _later_calls(state: State, human: int, auction: int) -> list[dict[str, Any]]:
    """The events of what was said after the ``auction`` (its number of calls) and before the
    first card: Kontra, Re, Supra and their refusals; a Revolution's exchange (hidden from its
    declarer); in a Schieberamsch who took the skat (``skat``) and who pushed it on (``push``,
    another seat's cards hidden)."""
    out: list[dict[str, Any]] = []
    ramsch = state.declarer is None  # after the auction only the Schieben comes before a card
    declarer = None if state.declarer is None else int(state.declarer)
    for seat, action in zip(state.actors[auction:], state.actions[auction:], strict=True):
        if action.kind == ActionKind.CARD:
            break
        event = _event(seat, action, human, ramsch, declarer)
        kinds = ("kontra", "push", "exchange")
        if event["kind"] in kinds or (ramsch and event["kind"] == "skat"):
            out.append(event)
    return out


_DIALOG_ORDER = (
    GameType.CLUBS,
    GameType.SPADES,
    GameType.HEARTS,
    GameType.DIAMONDS,
    GameType.GRAND,
    GameType.SPITZE,
    GameType.NULL,
)
"""The games in the order the declaration dialog offers them."""


def _announced(contract: Contract) -> list[str]:
    flags = ("hand", "schneider", "schwarz", "ouvert", "revolution")
    return [name for name in flags if getattr(contract, name)]


def declarations(state: State, human: int) -> list[dict[str, Any]]:
    """The contracts ``human`` may declare now, with their figures: in the skat phase the Hand
    games, in the declare phase those after the pick-up, in the discard phase those that will be
    legal after it (the browser sends discard and declaration together); else ``[]``.

    Each is ``{"contract", "game", "announced", "trumps", ...}`` with the fields of
    :meth:`skat.declaration.Prospect.to_json`: ``announced`` lists what the contract announces
    (``hand``, ``schneider``, ``schwarz``, ``ouvert``, ``revolution``, the implied ones too),
    ``trumps`` the human's known cards that are trumps in its game (None in Null). The figures
    count the matadors in the cards the human knows: the hand and the skat after a pick-up, the
    hand alone in a Hand game (:func:`skat.declaration.prospect`). In the dialog's order: ♣ ♠ ♥
    ♦, Grand, Sächsische Spitze, Null; within a game the fewest announcements first.
    """
    if state.current_player != human or state.phase not in (
        Phase.SKAT,
        Phase.DISCARD,
        Phase.DECLARE,
    ):
        return []
    legal = state.legal_actions()
    known = state.hand(human) | state.discard(human)
    if state.phase == Phase.DISCARD:
        legal = state.apply(legal[0]).legal_actions()
    contracts = [a.contract for a in legal if a.kind == ActionKind.DECLARE]
    contracts.sort(key=lambda c: _DIALOG_ORDER.index(c.game))
    out = []
    for contract in contracts:
        trumps = (
            None if contract.game == GameType.NULL else _cards(known & trump_mask(contract.game))
        )
        figures = prospect(contract, bid=state.bid, known_cards=known).to_json()
        del figures["bid"]
        out.append(
            {
                **figures,
                "game": contract.game.letter,
                "announced": _announced(contract),
                "trumps": trumps,
            }
        )
    return out


def card_order_json(state: State, cards: int = 0xFFFFFFFF) -> dict[str, Any]:
    """The ``cards`` (a mask) by strength in the game played (Grand's order until a game is
    declared), for sorting a hand: ``{"game", "trumps": [...], "suits": {"C": [...], ...},
    "trump_suit"}``, each list from the highest card down (:func:`skat.rules.card_order`);
    ``trump_suit`` is the suit letter of a suit game, else None. Null has no trumps, its jacks
    in their suits."""
    game = state.contract.game if state.contract is not None else GameType.GRAND
    trumps, suits = card_order(game)

    def listed(order: tuple[int, ...]) -> list[str]:
        return [format_card(c) for c in order if cards >> c & 1]

    return {
        "game": game.letter,
        "trumps": listed(trumps),
        "suits": {"DHSC"[s]: listed(suits[s]) for s in (3, 2, 1, 0)},
        "trump_suit": game.letter if game.is_suit else None,
    }


CARD_REASONS = (
    "not_now",
    "not_your_turn",
    "follow_trump",
    "follow_suit",
    "no_jack_push",
    "received",
)
"""Why a card of the human's hand cannot be played or chosen now (:func:`card_reasons`)."""


def card_reasons(state: State, human: int) -> dict[str, dict[str, str]]:
    """Why each card of ``human``'s hand that cannot be played or chosen now cannot, by card
    (ISS): ``{"code"}`` of :data:`CARD_REASONS`, ``follow_suit`` with the ``suit`` letter led.

    In play at the human's turn a card that does not follow the led card's effective suit
    (ISkO 2.3: ``follow_trump`` when a trump was led, jacks being trumps but in Null, else
    ``follow_suit``); in play at another seat's turn every card (``not_your_turn``); in a
    Schieberamsch's passing on, the jacks, which are not pushed (``no_jack_push``); in a
    Revolution's exchange at the human's turn the cards his partner passed him, which do not go
    back (``received``); in the discard phase none (any two cards go); in every other phase every
    card (``not_now``).

    >>> s = State.new(parse_deal_number(7), Options())
    >>> sorted({r["code"] for r in card_reasons(s, 1).values()})
    ['not_now']
    """
    hand = _cards(state.hand(human))
    phase = state.phase
    to_act = state.current_player
    if phase == Phase.DISCARD:
        return {}
    if phase == Phase.EXCHANGE and to_act == human:
        received = state.information_state(human).received or 0
        return {format_card(c): {"code": "received"} for c in cards_of_mask(received)}
    legal = {str(a) for a in state.legal_actions()} if to_act == human else set()
    if phase == Phase.SCHIEBEN and any("." in a for a in legal):
        pushable = {card for pair in legal for card in pair.split(".")}
        return {card: {"code": "no_jack_push"} for card in hand if card not in pushable}
    if phase != Phase.PLAY:
        return {card: {"code": "not_now"} for card in hand}
    if to_act != human:
        return {card: {"code": "not_your_turn"} for card in hand}
    if not state.trick:
        return {}
    assert state.contract is not None  # a card is played only under a contract
    led = effective_suit(state.trick[0], state.contract.game)
    why = {"code": "follow_trump"} if led == TRUMP else {"code": "follow_suit", "suit": "DHSC"[led]}
    return {card: dict(why) for card in hand if card not in legal}


def exchange_json(info: InformationState) -> dict[str, Any] | None:
    """A Revolution's exchange as the defender to pass cards sees it: ``{"count", "cards",
    "received"}``: how many cards he must pass (None: any number, the first defender), the cards
    he may pass (his own dealt ones) and those his partner passed him; None when he is not to
    pass cards now (:func:`skat.phases.exchange_refusal` is the rule)."""
    if info.phase != Phase.EXCHANGE or info.current_player != info.seat:
        return None
    received = info.received or 0
    return {
        "count": info.exchange_count,
        "cards": _cards(info.hand & ~received),
        "received": _cards(received),
    }


def view(state: State, human: int) -> dict[str, Any]:
    """The human's view of ``state`` (see the module doc for the fields)."""
    info = state.information_state(human)
    to_act = state.current_player
    legal = [str(a) for a in info.legal_actions()]
    if to_act == human:
        legal += [str(a) for a in state.claim_actions()]
    declare_after: list[str] = []
    if state.phase == Phase.DISCARD and to_act == human:
        after = state.apply(state.legal_actions()[0])
        declare_after = [str(a) for a in after.legal_actions()]
    declarer = state.declarer
    open_hand = None
    if info.ouvert_hand is not None and declarer is not None and declarer != human:
        open_hand = {"seat": int(declarer), "cards": _cards(info.ouvert_hand)}
    last = state.tricks[-1] if state.tricks else None
    kontra_tokens = [
        str(a)
        for a in state.actions
        if a.kind in (ActionKind.KONTRA, ActionKind.RE, ActionKind.SUPRA)
    ]
    out: dict[str, Any] = {
        "deal_number": str(state.deal.number),
        "seated_number": format_seated_number(state.deal.number, human),
        "human": human,
        "phase": state.phase.value,
        "to_act": None if to_act is None else int(to_act),
        "hand": _cards(info.hand),
        "legal": legal,
        "card_reasons": card_reasons(state, human),
        "bid": state.bid,
        "calls": [{"seat": s, "action": str(a)} for s, a in info.bids],
        "declarer": None if declarer is None else int(declarer),
        "contract": None if state.contract is None else str(state.contract),
        "kontra": kontra_tokens,
        "later_calls": _later_calls(state, human, len(info.bids)),
        "pushes": info.pushes,
        "picked_up": _cards(info.skat)
        if declarer == human or (state.phase == Phase.SCHIEBEN and to_act == human)
        else [],
        "declare_after_discard": declare_after,
        "declarations": declarations(state, human),
        # only what the human sees until the deal is over: the hand, an open hand, the trick
        "card_order": card_order_json(
            state,
            0xFFFFFFFF
            if state.is_terminal()
            else info.hand | (info.ouvert_hand or 0) | mask_of(state.trick),
        ),
        "hand_sizes": [state.hand(s).bit_count() for s in range(3)],
        "open_hand": open_hand,
        "trick": _trick_cards(state.leader, state.trick),
        "last_trick": None
        if last is None
        else {
            "cards": _trick_cards(last.leader, last.cards),
            "winner": last.winner,
            "points": points(mask_of(last.cards)),
        },
        "tricks": [state.tricks_won(s) for s in range(3)],
        "result": None,
        "iss_result": None,
        "review": None,
        "claim": None,
        "options": options_json(state.options.effective()),
        "bock": state.options.bock_deal.value,  # none, bock (scores × 2), ramsch (skat.bock)
        "info": info.to_json(),
        "exchange": exchange_json(info),
    }
    if state.is_terminal():
        out["result"] = _result_json(state)
        out["iss_result"] = _iss_result(state)
        out["review"] = _review(state)
        out["claim"] = claim_json(state)
    return out


def answer(turn: Turn) -> dict[str, Any]:
    """The JSON answer of a request: ``{"record", "view", "events"}``."""
    return {
        "record": write_record(turn.state),
        "view": view(turn.state, turn.human),
        "events": list(turn.events),
    }
