"""Claims (house rule ``claims``): "the rest is mine", "Null is safe" and the defenders' claim.

A claim shortens an ending that is decided, as XSkat, GameDuell and ISS ("show cards") let a
player do. It is made by the seat to play, at its turn in the card play of a declared game
(:meth:`skat.state.State.claim_actions`), as one action of the record:

* ``CL`` by the declarer of a suit game, Grand or Spitze: **the rest is mine**, he takes every
  remaining trick, the one in progress included;
* ``CL`` by a Null declarer: **Null is safe**, he takes no further trick;
* ``CD`` by a defender: **the declarer cannot win**, he cannot reach his target
  (:func:`declarer_target`: 61 card points, 90 with Schneider announced, every trick with
  Schwarz announced or in an ouvert suit game or Grand, and more where his bid needs a higher
  level to be reached; in Null: he cannot avoid a trick).

The claim is decided exactly, with every hand open (the solver, :mod:`skat.solver`): it stands
only if it holds against every play of the other side, the claimant playing best. A claim that
holds ends the game (:data:`skat.state.Ending.CLAIMED`), the rest counted as :func:`settle`
says; one that does not is refused with a :class:`~skat.errors.ClaimError` naming a line of
play that beats it, and the deal stays as it was before it. The ISkO counts a wrong claim as a
lost game (ISkO 4.1.4: a breach of the rules before the game is decided loses it at the level
"einfach"); this table, a practice table, refuses it instead, which the person may then play
on from.

How the rest counts (:func:`settle`), after ISkO 5.2.8 (in doubt the defenders must prove the
declarer's loss and the declarer every level he claims to reach):

* the rest is mine: every remaining card goes to the declarer's tricks, so Schneider and
  Schwarz count as far as they are reached with them;
* Null is safe: the game is won; the remaining tricks go to the defenders;
* the defenders' claim: the game is lost; the declarer ends with the card points that best play
  on both sides with every card open gives him (:func:`skat.solver.solve_value`), so Schneider
  against him counts when that is 30 or less; Schwarz against him is never counted from a claim
  (the card-point search does not prove that he cannot take a trick). In Null he counts one
  trick.

The computer players claim at their turn, from the fifth trick on, when their claim holds
(:func:`computer_claim`); the table decides it for them with every hand open, which a player
at a real table could not, but only a claim that holds is made, whose outcome no play of the
other side could change.

>>> from skat.action import CLAIM
>>> str(CLAIM), COMPUTER_CLAIM_TRICKS
('CL', 4)
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from skat.action import Action, ActionKind
from skat.cards import cards_of_mask, format_card, points
from skat.deal import Seat
from skat.errors import ClaimError, SkatError
from skat.rules import GameType
from skat.scoring import score_game
from skat.solver import (
    SCHWARZ,
    Position,
    position_from_state,
    solve_threshold,
    solve_value,
)
from skat.state import Ending, State

__all__ = [
    "COMPUTER_CLAIM_TRICKS",
    "UNWINNABLE",
    "claim_json",
    "computer_claim",
    "declarer_target",
    "holds",
    "refutation",
    "settle",
]

COMPUTER_CLAIM_TRICKS = 4
"""A computer claims only once this many tricks are complete (from the fifth trick on: at most
six cards in each hand, where the open-hand check takes milliseconds)."""

UNWINNABLE = SCHWARZ + 1
"""The target of a declarer who cannot win at all: even every trick stays below his bid."""

Line = tuple[tuple[int, int], ...]
"""A line of play: ``(seat, card)`` pairs in playing order."""


def declarer_target(state: State) -> int:
    """What the declarer of ``state`` needs to win his game: the fewest card points, skat
    included (61, or 90 when Schneider is announced or his bid needs the Schneider level),
    :data:`~skat.solver.SCHWARZ` for every trick (Schwarz announced, ouvert suit games and
    Grand, or a bid that only Schwarz reaches), :data:`UNWINNABLE` when not even that wins
    (a bid above every value his cards can reach); 0 in Null, which he wins by taking no trick.

    Raises:
        SkatError: no game has been declared.

    Source: ISkO 5.2.2-5.2.7 (winning and the levels), 5.4 (overbid).
    """
    contract = state.contract
    declarer = state.declarer
    if contract is None or declarer is None or contract.game == GameType.RAMSCH:
        raise SkatError(f"no declared game to claim in (phase {state.phase.value!r})")
    if contract.game == GameType.NULL:
        return 0
    cards = state.deal.hands[declarer].mask | state.deal.skat.mask
    for target, declarer_points, tricks in ((61, 61, 5), (90, 90, 5), (SCHWARZ, 120, 10)):
        result = score_game(
            contract,
            bid=state.bid,
            matador_cards=cards,
            declarer_points=declarer_points,
            declarer_tricks=tricks,
            defender_tricks=10 - tricks,
            options=state.options,
        )
        if result.won:
            return target
    return UNWINNABLE


def _question(state: State, action: Action) -> tuple[Position, int]:
    """The open-hand question a claim asks: a position and a target such that the declarer
    reaching the target (:func:`skat.solver.solve_threshold`) is what ``CL`` asserts and what
    ``CD`` denies."""
    if action.kind not in (ActionKind.CLAIM, ActionKind.DEFENDERS_CLAIM):
        raise SkatError(f"not a claim: {action}")
    pos = position_from_state(state)
    if pos.game == GameType.NULL:
        return pos, 0
    if action.kind == ActionKind.CLAIM:
        # every *remaining* trick: the tricks the defenders took before the claim do not count
        return replace(pos, defender_tricks=0), SCHWARZ
    return pos, declarer_target(state)


@lru_cache(maxsize=4096)
def _reaches(pos: Position, target: int) -> bool:
    """Whether the declarer reaches ``target`` from ``pos`` (kept: a finished deal's record is
    replayed, and its claim checked again, whenever it is loaded)."""
    return target < UNWINNABLE and solve_threshold(pos, target)


def holds(state: State, action: Action) -> bool:
    """Whether the claim ``action`` (``CL`` or ``CD``) of the seat to play in ``state`` holds
    against every play of the other side, the claimant playing best, every hand open.

    Raises:
        SkatError: ``state`` is not in the card play of a declared game, or ``action`` is no
            claim.
    """
    pos, target = _question(state, action)
    reached = _reaches(pos, target)
    return reached if action.kind == ActionKind.CLAIM else not reached


def _beaten(pos: Position, action: Action, target: int) -> bool:
    """Whether the line has beaten the claim by ``pos`` (before the end of the play)."""
    if action.kind == ActionKind.CLAIM:
        return pos.declarer_tricks > 0 if pos.game == GameType.NULL else pos.defender_tricks > 0
    if pos.game == GameType.NULL or target >= SCHWARZ:
        return False  # the declarer must keep it up to the last trick
    return pos.declarer_points + points(pos.skat) >= target


def refutation(state: State, action: Action) -> Line:
    """A line of play that beats the claim ``action``, which does not hold, from ``state`` to
    the trick where the claim fails (the declarer's claim: a trick the defenders take, or in
    Null one he takes; the defenders' claim: the card with which the declarer reaches his
    target, or the last card). Each seat plays its highest card (in the descending order of
    :func:`skat.cards.cards_of_mask`, ♣J first) after which the claim stays beaten: the
    claimant, whose every card then loses, his highest legal card.

    Raises:
        SkatError: the claim holds (there is no such line), or as :func:`holds`.
    """
    pos, target = _question(state, action)
    beaten = action.kind != ActionKind.CLAIM  # the declarer reaching the target beats a CD
    if _reaches(pos, target) != beaten:
        raise SkatError(f"the claim {str(action)!r} holds: no line beats it")
    line: list[tuple[int, int]] = []
    while not pos.is_terminal and not _beaten(pos, action, target):
        # the highest card after which the claim stays beaten: the claimant's first card does
        # (his every card loses), the other side's is searched for card by card
        card = next(
            c for c in cards_of_mask(pos.legal_mask()) if _reaches(pos.play(c), target) == beaten
        )
        line.append((pos.to_move, card))
        pos = pos.play(card)
    return tuple(line)


def format_line(line: Line) -> str:
    """A line as an error message names it: ``"forehand SA, middlehand S7, rearhand ST"``."""
    return ", ".join(f"{Seat(seat).name.lower()} {format_card(card)}" for seat, card in line)


def settle(state: State, action: Action) -> tuple[int, int, int]:
    """The figures with which the claim ``action`` of the seat to play in ``state`` ends the
    game: ``(declarer points, declarer tricks, defender tricks)`` as
    :meth:`skat.state.State.declarer_facts` gives them (points: skat included; see the module
    for how the rest counts).

    Raises:
        ClaimError: the claim does not hold; it carries the line that beats it
            (:func:`refutation`).
        SkatError: as :func:`holds`.

    Source: house rule (XSkat, GameDuell, ISS); the counting after ISkO 5.2.8.
    """
    if not holds(state, action):
        line = refutation(state, action)
        seat = state.current_player
        who = "nobody" if seat is None else seat.name.lower()
        null = state.contract is not None and state.contract.game == GameType.NULL
        claim = "the declarer loses"
        if action.kind == ActionKind.CLAIM:
            claim = "Null is safe" if null else "the rest is mine"
        raise ClaimError(
            f"claim {str(action)!r} ({claim}) by {who} does not hold: it is beaten by "
            f"{format_line(line) or 'any play: the declarer has reached his target already'}",
            line,
        )
    pos = position_from_state(state)
    base = pos.declarer_points + points(pos.skat)
    left = pos.tricks_left
    if action.kind == ActionKind.CLAIM:
        if pos.game == GameType.NULL:
            return base, pos.declarer_tricks, pos.defender_tricks + left
        rest = pos.hands[0] | pos.hands[1] | pos.hands[2]
        for card in pos.trick:
            rest |= 1 << card
        return base + points(rest), pos.declarer_tricks + left, pos.defender_tricks
    tricks = max(pos.declarer_tricks, 1)
    final = base if pos.game == GameType.NULL else _value(pos)
    return final, tricks, 10 - tricks


@lru_cache(maxsize=4096)
def _value(pos: Position) -> int:
    return solve_value(pos)


def computer_claim(state: State) -> Action | None:
    """The claim the computer to play in ``state`` makes, or None: with the house rule on, from
    the fifth trick on (:data:`COMPUTER_CLAIM_TRICKS`), the seat's claim (``CL`` or ``CD``)
    when it holds (:func:`holds`).

    Source: house rule; XSkat and ISS end a game so once it is decided.
    """
    moves = state.claim_actions()
    if not moves or len(state.tricks) < COMPUTER_CLAIM_TRICKS:
        return None
    return moves[0] if holds(state, moves[0]) else None


def claim_json(state: State) -> dict[str, Any] | None:
    """The claim that ended ``state``'s game, as the person sees it once the deal is over (the
    web API's ``view.claim``): ``{"seat", "action", "hands", "trick"}``: the claimant, its token
    (``CL``, ``CD``), every hand by seat (ISS cards) and the trick in progress (``[{seat,
    card}]``) as they were at the claim; None when no claim ended the game."""
    if state.ending != Ending.CLAIMED:
        return None
    before = state.prefix(len(state.actions) - 1)
    return {
        "seat": state.actors[-1],
        "action": str(state.actions[-1]),
        "hands": [[format_card(c) for c in cards_of_mask(before.hand(s))] for s in range(3)],
        "trick": [
            {"seat": (before.leader + i) % 3, "card": format_card(card)}
            for i, card in enumerate(before.trick)
        ],
    }
