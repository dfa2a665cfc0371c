"""The human's view of a deal: only what the human's seat may know, and the review once it is over.

The view's fields (JSON): ``deal_number`` (a string: deal numbers reach 2^64 − 1, beyond a
JavaScript number), ``seated_number`` (the number as the human passes it on: with the seat when
it is not the one the plain number gives, :func:`skat.deal.format_seated_number`), ``human``,
``phase``, ``to_act``, ``hand`` (ISS cards), ``legal`` (action tokens), ``card_reasons`` (why
each card of the hand that cannot be played or chosen now cannot: :func:`card_reasons`), ``bid``,
``calls``
(``[{seat, action}]``: every call of the auction), ``declarer``, ``contract``, ``kontra`` (tokens
said), ``pushes`` (Schieberamsch: skats passed on unseen, each doubling), ``later_calls`` (what the
seats said after the auction and before the first card, as events: Kontra, Re, Supra and their
refusals, a Revolution's exchange, a Schieberamsch's pick-ups and pushes), ``picked_up`` (the
skat cards the human took), ``declare_after_discard`` (the contracts that will be legal after
the discard, so that the browser can offer the declaration before sending the discard),
``declarations`` (while the human
is to declare, or to discard before declaring: every legal contract with its figures,
:func:`declarations`), ``declarations_out`` (with them: the Null games left out as worth less
than the bid, :func:`declarations_out`), ``card_order`` (the cards the human sees by strength in
the game played, for sorting the hand: :func:`card_order_json`), ``hand_sizes``, ``open_hand``
(``{seat, cards}`` of an ouvert declarer), ``trick`` (``[{seat, card}]``), ``last_trick``,
``tricks`` (taken per seat),
``result``, ``iss_result`` and ``review`` (original hands, skat, discard, every trick; only when
the deal is over), ``claim`` (when a claim ended the game: ``{seat, action, hands, trick}``, the
claimant, ``CL`` or ``CD``, every hand and the trick as they were at the claim, the proof the
person sees: :func:`skat.claim.claim_json`), ``options`` (the deal's rule options, as
:func:`options_json` gives them) and ``info`` (the seat's
:meth:`~skat.information.InformationState.to_json`), ``exchange`` (a Revolution's exchange while the
human defender is to pass cards: ``{"count", "cards", "received"}``, the number he must pass,
None for any, the cards he may pass and those his partner passed him; else None:
:func:`exchange_json`).

Events (JSON): ``{"kind": "call"|"skat"|"discard"|"declare"|"kontra"|"card"|"concede"|"push"|
"exchange"|"claim"|"other", "seat": s, "action": token}`` for each action (another seat's
discard shows as ``??.??``, a Revolution's exchange to its declarer as ``EX.??.??`` until the
deal is over; a decline ``-`` of the Kontra question also has ``"declined"``, the call it turns
down, ``K``, ``R`` or ``SU``; ``push``: a Schieberamsch skat passed on unseen, ``p``, or two
cards pushed on) and ``{"kind": "trick",
"seat": null, "winner": s, "cards": [...], "points": n}`` after each completed trick.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skat import record
from skat.action import Action, ActionKind
from skat.cards import cards_of_mask, format_card, mask_of, points
from skat.claim import claim_json
from skat.contract import Contract, declarations_below_bid
from skat.deal import format_seated_number
from skat.declaration import prospect
from skat.errors import NotationError
from skat.information import InformationState
from skat.options import to_json as options_json
from skat.ramsch import RamschResult, ramsch_list_scores
from skat.rules import TRUMP, GameType, card_order, effective_suit, trump_mask
from skat.scoring import GameResult, list_scores
from skat.state import Phase, State

__all__ = [
    "CARD_REASONS",
    "card_order_json",
    "card_reasons",
    "contracts_json",
    "declarations",
    "declarations_out",
    "event_json",
    "exchange_json",
    "trick_json",
    "turn_moves",
    "view",
]


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


def event_json(
    seat: int | None,
    action: Action,
    human: int,
    schieben: bool,
    declarer: int | None = None,
    before: State | None = None,
) -> dict[str, Any]:
    """The event of ``seat``'s ``action`` as ``human`` sees it (``schieben``: made in a
    Schieberamsch's passing on of the skat; a Revolution's exchange is hidden from the
    ``declarer``). A decline (``-``) made in ``before`` (the state it was made in) names the call
    it turns down, ``declined``: ``K``, ``R`` or ``SU``, the other legal action there."""
    token = str(action)
    if action.kind == ActionKind.DISCARD and seat != human:
        token = "??.??"
    if action.kind == ActionKind.EXCHANGE and human == declarer:
        token = str(Action.exchange(-action.value.bit_count()))
    kind = _KINDS.get(action.kind, "other")
    if schieben and action.kind in (ActionKind.PASS, ActionKind.DISCARD):
        kind = "push"  # the skat passed on unseen, or two cards pushed on after taking it
    event: dict[str, Any] = {
        "kind": kind,
        "seat": None if seat is None else int(seat),
        "action": token,
    }
    if action.kind == ActionKind.DECLINE and before is not None:
        declined = next((str(a) for a in before.legal_actions() if a != action), None)
        if declined is not None:
            event["declined"] = declined
    return event


def trick_json(leader: int, cards: Sequence[int]) -> list[dict[str, Any]]:
    """The cards of a trick led by ``leader``, ``[{seat, card}]`` in playing order."""
    return [{"seat": (leader + i) % 3, "card": format_card(c)} for i, c in enumerate(cards)]


def turn_moves(state: State) -> list[Action]:
    """The moves the seat to act may make or attempt at this table: its legal actions and the
    claims of the house rule (:meth:`State.claim_actions`, checked when made)."""
    return state.legal_actions() + state.claim_actions()


def _iss_result(state: State) -> str:
    return f"R[{record.iss_result(state)}]"


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
                "cards": trick_json(t.leader, t.cards),
                "winner": t.winner,
                "points": points(mask_of(t.cards)),
            }
            for t in state.tricks
        ],
    }


def _later_calls(state: State, human: int, auction: int) -> list[dict[str, Any]]:
    """The events of what was said after the ``auction`` (its number of calls) and before the
    first card: Kontra, Re, Supra and their refusals; a Revolution's exchange (its cards hidden
    from the declarer until the deal is over, when the review shows every card); in a
    Schieberamsch who took the skat (``skat``) and who pushed it on (``push``, another seat's
    cards hidden)."""
    out: list[dict[str, Any]] = []
    ramsch = state.declarer is None  # after the auction only the Schieben comes before a card
    over = state.phase == Phase.RESULT
    declarer = None if state.declarer is None or over else int(state.declarer)
    # the state each decline was made in says what it declined: replayed once, at the first
    # decline, and walked on from there (each replay costs as much as reading the record)
    walk: State | None = None
    for i in range(auction, len(state.actions)):
        seat, action = state.actors[i], state.actions[i]
        if action.kind == ActionKind.CARD:
            break
        if walk is None and action.kind == ActionKind.DECLINE:
            walk = state.prefix(i)
        before = walk if action.kind == ActionKind.DECLINE else None
        event = event_json(seat, action, human, ramsch, declarer, before)
        kinds = ("kontra", "push", "exchange")
        if event["kind"] in kinds or (ramsch and event["kind"] == "skat"):
            out.append(event)
        if walk is not None:  # as State replays a record: a seat in turn acts as itself
            in_turn = seat < 0 or seat == walk.current_player
            walk = walk.apply(action, seat=None if in_turn else seat)
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


def contracts_json() -> dict[str, list[str]]:
    """Every contract the core knows, by its ISS token, with what it announces, the implied
    announcements too (``{"GO": ["hand", "schneider", "schwarz", "ouvert"], "CHZ": ["hand",
    "schneider", "schwarz"], "NV": ["hand", "ouvert", "revolution"], "R": [], ...}``): ouvert in
    a suit game or Grand implies Hand, Schneider and Schwarz, Schwarz implies Schneider,
    Revolution implies ouvert and Hand (:meth:`skat.contract.Contract.make`, ISkO 4.1.4-4.1.7).
    The browser names a contract from it (``GET /api/options``), so that it repeats none of
    these rules.

    >>> contracts_json()["GO"], contracts_json()["NO"]
    (['hand', 'schneider', 'schwarz', 'ouvert'], ['ouvert'])
    """
    return dict(_CONTRACTS)


def _all_contracts() -> dict[str, list[str]]:
    out = {}
    for code in range(len(GameType) << 4):
        try:
            contract = Contract.of_code(code)
        except NotationError:
            continue  # a code no contract has (an announcement without Hand, ...)
        out[str(contract)] = _announced(contract)
    return out


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
        figures = prospect(
            contract, bid=state.bid, known_cards=known, options=state.options
        ).to_json()
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


def declarations_out(state: State, human: int) -> list[dict[str, Any]]:
    """The contracts of the phase that ``human`` may not declare at the bid, while
    :func:`declarations` lists those he may: the Null games (Revolution too) whose fixed value is
    below the bid (:func:`skat.contract.declarations_below_bid`, ISkO 4.2), so that the dialog
    says why they are not offered; else ``[]``.

    Each is ``{"contract", "game", "announced", "value"}``: ``value`` its fixed game value
    (:func:`skat.declaration.prospect`), below the bid.
    """
    if not declarations(state, human):
        return []
    hand = state.phase == Phase.SKAT  # the Hand games; after a pick-up (discard, declare) not
    known = state.hand(human) | state.discard(human)
    return [
        {
            "contract": str(contract),
            "game": contract.game.letter,
            "announced": _announced(contract),
            "value": prospect(
                contract, bid=state.bid, known_cards=known, options=state.options
            ).value,
        }
        for contract in declarations_below_bid(hand, state.bid, state.options)
    ]


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

    >>> from skat.deal import parse_deal_number
    >>> from skat.options import Options
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
        "declarations_out": declarations_out(state, human),
        # only what the human sees until the deal is over: the hand, an open hand, the trick
        "card_order": card_order_json(
            state,
            0xFFFFFFFF
            if state.is_terminal()
            else info.hand | (info.ouvert_hand or 0) | mask_of(state.trick),
        ),
        "hand_sizes": [state.hand(s).bit_count() for s in range(3)],
        "open_hand": open_hand,
        "trick": trick_json(state.leader, state.trick),
        "last_trick": None
        if last is None
        else {
            "cards": trick_json(last.leader, last.cards),
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


_CONTRACTS = _all_contracts()
"""The announcements of every contract by its token (:func:`contracts_json`), built once."""
