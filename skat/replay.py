"""The computer with your cards: a finished deal played again with a computer player in one seat.

:func:`replay_seat` takes a finished deal and a seat (the person's) and plays the deal again
from its start, the same deal number, dealer, rule options and cards, with a computer player
(in the product the strong one) deciding for that seat. The other two seats play as the
computers of the deal did: as long as the replay has made the seat's decisions exactly as the
deal did, every position is the deal's own, so their actions are the deal's (the decisions the
computer players took then); from the first decision of the seat that differs (the *parting*,
:class:`Parting`) they are decided again by ``others``, the computers' level that played them.
Every decision draws from :func:`skat.players.decision_rng` of the deal number and the action
index (docs/design.md, decision 4), so the same deal, seat and players give the same replay
on every machine; given the deal's own actions up to the parting, the other seats need no
decision of their own there, which also makes a replay with strong players in the other seats
no slower than the seat's own decisions until the lines part.

This sits beside :mod:`skat.arena` above the core: it plays deals with players
(:mod:`skat.players`), the core only checks each action.

>>> from skat.players import get_player
>>> from skat.state import State
>>> from skat.options import Options
>>> s = State.new(42, Options())
>>> player = get_player("heuristic")
>>> while not s.is_terminal():
...     rng = decision_rng(42, len(s.actions))
...     s = s.apply(player.choose(s.information_state(s.current_player), rng))
>>> replay_seat(s, 0, player, player).parting is None  # the heuristic player replaying itself
True
"""

from __future__ import annotations

from dataclasses import dataclass

from skat.action import Action
from skat.claim import computer_claim
from skat.errors import NotFinishedError, RecordError, SkatError
from skat.players import Player, decision_rng
from skat.state import Phase, State

__all__ = [
    "MAX_REPLAY_ACTIONS",
    "Parting",
    "Replay",
    "ReplayMismatchError",
    "check_replay",
    "replay_seat",
]

MAX_REPLAY_ACTIONS = 200
"""More actions than any deal has (the longest, a Schieberamsch with every Kontra call, has
under 60): a player that never ends the deal is stopped there (:func:`replay_seat` raises)."""


@dataclass(frozen=True, slots=True)
class Parting:
    """Where the replay's line left the deal's: the seat's first decision that differs.

    Attributes:
        index: the action's index (0-based) among the deal's actions; the actions before it are
            the same in both.
        phase: the phase of that decision (bidding, skat, discard, declare, kontra, schieben,
            play).
        trick: in the card play, the trick (0-based) in which it happened (the differing card
            went to; a declarer's concession instead of a card, or a card instead of it, in the
            first); else None.
        person: the deal's action there (the person's).
        computer: the replay's action there (the computer player's in the seat).
    """

    index: int
    phase: Phase
    trick: int | None
    person: Action
    computer: Action

    def to_json(self) -> dict[str, object]:
        """``{"index", "phase", "trick", "person", "computer"}``, actions as record tokens."""
        return {
            "index": self.index,
            "phase": self.phase.value,
            "trick": self.trick,
            "person": str(self.person),
            "computer": str(self.computer),
        }


@dataclass(frozen=True, slots=True)
class Replay:
    """A finished deal and its replay with a computer player in ``seat``.

    Attributes:
        seat: the seat replayed (0 forehand, 1 middlehand, 2 rearhand).
        deal: the finished deal as it was played.
        replay: the replay, finished.
        parting: where the replay's line left the deal's; None when it made every decision of
            the seat as the deal did (then ``replay.actions == deal.actions``).
    """

    seat: int
    deal: State
    replay: State
    parting: Parting | None


def _start(state: State) -> State:
    return state.prefix(0)


def replay_seat(deal: State, seat: int, player: Player, others: Player) -> Replay:
    """The finished ``deal`` played again from its start with ``player`` in ``seat``.

    Args:
        deal: a finished deal (its cards, dealer, rule options and actions).
        seat: the seat ``player`` takes (0..2).
        player: decides every action of ``seat``.
        others: decides the other seats' actions once the replay has left the deal's line (before
            that they are the deal's own, see the module doc).

    Returns:
        the :class:`Replay`, finished.

    Raises:
        NotFinishedError: ``deal`` is not finished.
        RecordError: an action of ``deal`` before the lines part is out of turn (a move of
            server play, such as a timeout or showing the cards, which no seat here makes).
        ValueError: ``seat`` is not 0..2.
        RuntimeError: a player chose an illegal action or did not end the deal within
            :data:`MAX_REPLAY_ACTIONS` actions (a player's fault, not the deal's).
    """
    if not deal.is_terminal():
        raise NotFinishedError(f"the deal is not finished (phase {deal.phase.value!r})")
    if seat not in (0, 1, 2):
        raise ValueError(f"seat must be 0, 1 or 2, got {seat!r}")
    number = max(deal.deal.number, 0)
    state = _start(deal)
    parting: Parting | None = None
    while not state.is_terminal():
        index = len(state.actions)
        if index >= MAX_REPLAY_ACTIONS:
            raise RuntimeError(f"the replay did not end within {MAX_REPLAY_ACTIONS} actions")
        actor = state.current_player
        assert actor is not None  # not terminal
        if parting is None and deal.actors[index] != actor:
            raise RecordError(
                f"the deal's action {index + 1}, {str(deal.actions[index])!r}, is out of turn: "
                "only a deal played in turn is replayed"
            )
        if actor != seat and parting is None:
            action = deal.actions[index]  # the deal's own position: the computers' own action
        else:
            chooser = player if actor == seat else others
            claim = computer_claim(state)  # as at the table: a computer's claim that holds
            if claim is not None:
                action = claim
            else:
                action = chooser.choose(state.information_state(actor), decision_rng(number, index))
            if parting is None and action != deal.actions[index]:
                trick = len(state.tricks) if state.phase == Phase.PLAY else None
                parting = Parting(index, state.phase, trick, deal.actions[index], action)
        try:
            state = state.apply(action)
        except ValueError as err:
            raise RuntimeError(f"the player in seat {actor} chose {action}: {err}") from err
    return Replay(seat, deal, state, parting)


class ReplayMismatchError(SkatError):
    """A deal said to be the replay of another that cannot be one: other cards, deal number,
    dealer or rule options, an unfinished replay, or a line that leaves the deal's at another
    seat's decision than the replayed seat's (:func:`check_replay`)."""

    code = "replay_mismatch"


def check_replay(deal: State, replay: State, seat: int) -> None:
    """Checks that the finished ``replay`` can be :func:`replay_seat`'s replay of ``deal`` with a
    computer in ``seat``: the same start (deal number, cards, dealer, rule options with the Bock
    mark: ``deal.prefix(0) == replay.prefix(0)``), finished, and the same actions up to the
    first one of ``seat`` that differs (before it, the other seats' actions are the deal's own).

    This proves the replay is a deal of the same cards in which the others played as at the
    table until the seat chose otherwise; that the seat's own decisions were the computer's it
    cannot prove (only playing it again would).

    Raises:
        ReplayMismatchError: what differs, in words.
        ValueError: ``seat`` is not 0..2.
    """
    if seat not in (0, 1, 2):
        raise ValueError(f"seat must be 0, 1 or 2, got {seat!r}")
    if replay.deal.number != deal.deal.number:
        raise ReplayMismatchError(
            f"the replay is of deal {replay.deal.number}, not of deal {deal.deal.number}"
        )
    if replay.deal != deal.deal:
        raise ReplayMismatchError("the replay's cards are not the deal's")
    if replay.dealer != deal.dealer:
        raise ReplayMismatchError("the replay's dealer is not the deal's")
    if replay.options != deal.options:
        raise ReplayMismatchError("the replay's rule options (or Bock mark) are not the deal's")
    if not replay.is_terminal():
        raise ReplayMismatchError(f"the replay is not finished (phase {replay.phase.value!r})")
    for index, (ours, theirs) in enumerate(zip(deal.actions, replay.actions, strict=False)):
        if ours != theirs or deal.actors[index] != replay.actors[index]:
            if deal.actors[index] != seat or replay.actors[index] != seat:
                raise ReplayMismatchError(
                    f"the replay leaves the deal's line at action {index + 1}, not a decision "
                    f"of seat {seat}"
                )
            return
    if len(deal.actions) != len(replay.actions):
        raise ReplayMismatchError("the replay leaves the deal's line where one of them ends")
