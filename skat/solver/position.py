"""A card-play position for the open-hand solver, and its JSON-lines form.

A :class:`Position` is everything the rest of the card play depends on: the three hands, the skat
(or discard), the game type, the declarer, whose turn it is, the cards of the current trick and
the card points and tricks taken so far. Cards are ints and card sets 32-bit masks as in
:mod:`skat.cards`.

>>> from skat.cards import CardSet
>>> pos = Position(
...     hands=(CardSet.from_str("CJ SA").mask, CardSet.from_str("ST S7").mask,
...            CardSet.from_str("HA H7").mask),
...     game=GameType.GRAND, declarer=0, to_move=0)
>>> pos.leader, pos.tricks_left
(0, 2)
>>> pos.play(parse_card("SA")).trick == (parse_card("SA"),)
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from skat.action import ActionKind
from skat.cards import ALL_CARDS, CardSet, format_card, parse_card, points
from skat.errors import NotationError, SkatError
from skat.record import read_record
from skat.rules import GameType, legal_cards, trick_winner
from skat.state import Phase, State

__all__ = [
    "Position",
    "card_play_start",
    "position_from_json",
    "position_from_state",
    "position_to_json",
]


@dataclass(frozen=True, slots=True)
class Position:
    """A position of the card play, with every hand open.

    Attributes:
        hands: the card masks of seats 0, 1, 2 (forehand, middlehand, rearhand).
        game: the game type (a suit, Grand, Null, Sächsische Spitze or Ramsch).
        declarer: the declarer's seat (ignored in Ramsch).
        to_move: the seat to play the next card.
        trick: the cards of the current trick in playing order, leader first (0..2 cards).
        skat: the skat or discard (a mask); its card points count for the declarer in suit games,
            Grand and Spitze (ISkO 4.1.1), and for the winner of the last trick in Ramsch.
        declarer_points: card points the declarer has taken in tricks so far (without the skat).
        defender_points: card points the defenders have taken in tricks so far.
        declarer_tricks: tricks the declarer has taken so far (Null is lost with the first one).
        defender_tricks: tricks the defenders have taken so far (Schwarz needs none).
        ramsch_points: card points each seat has taken so far (Ramsch only).

    Raises:
        SkatError: the hands overlap, hold a card of the trick, have sizes that do not fit the
            trick and the seat to move, or a seat or count is out of range.
    """

    hands: tuple[int, int, int]
    game: GameType
    declarer: int
    to_move: int
    trick: tuple[int, ...] = ()
    skat: int = 0
    declarer_points: int = 0
    defender_points: int = 0
    declarer_tricks: int = 0
    defender_tricks: int = 0
    ramsch_points: tuple[int, int, int] = (0, 0, 0)

    def __post_init__(self) -> None:
        if len(self.hands) != 3:
            raise SkatError(f"a position needs three hands, got {len(self.hands)}")
        if not 0 <= self.declarer <= 2 or not 0 <= self.to_move <= 2:
            raise SkatError(f"seats are 0..2: declarer {self.declarer!r}, to_move {self.to_move!r}")
        if len(self.trick) > 2:
            raise SkatError(f"a trick in progress has 0..2 cards, got {len(self.trick)}")
        seen = 0
        for mask in (*self.hands, self.skat):
            if not 0 <= mask <= ALL_CARDS:
                raise SkatError(f"not a 32-bit card mask: {mask!r}")
            if seen & mask:
                raise SkatError(f"a card is given twice: {CardSet(seen & mask)}")
            seen |= mask
        for card in self.trick:
            if not 0 <= card < 32:
                raise SkatError(f"trick card {card!r} is not a card number 0..31")
            if seen >> card & 1:
                raise SkatError(f"trick card {format_card(card)} is also in a hand or the skat")
            seen |= 1 << card
        sizes = [h.bit_count() for h in self.hands]
        left = sizes[self.to_move]
        for i in range(1, 3):
            seat = (self.to_move + i) % 3
            played = i > 2 - len(self.trick)  # seats that already played to this trick
            if sizes[seat] != left - (1 if played else 0):
                raise SkatError(
                    f"hand sizes {sizes} do not fit seat {self.to_move} to move with "
                    f"{len(self.trick)} card(s) in the trick"
                )
        if left == 0 and self.trick:
            raise SkatError("a trick is in progress but the seat to move has no card")
        for count in (self.declarer_points, self.defender_points, *self.ramsch_points):
            if not 0 <= count <= 120:
                raise SkatError(f"card points are 0..120, got {count!r}")
        for count in (self.declarer_tricks, self.defender_tricks):
            if not 0 <= count <= 10:
                raise SkatError(f"trick counts are 0..10, got {count!r}")

    @property
    def leader(self) -> int:
        """The seat that led the current trick (the seat to move when no card is out)."""
        return (self.to_move - len(self.trick)) % 3

    @property
    def tricks_left(self) -> int:
        """The number of tricks still to be completed, the current one included."""
        return self.hands[self.leader].bit_count() + (1 if self.trick else 0)

    @property
    def is_terminal(self) -> bool:
        """True when every card has been played."""
        return not any(self.hands) and not self.trick

    def legal_mask(self) -> int:
        """The card mask the seat to move may play (ISkO 2.3: follow the effective suit)."""
        led = self.trick[0] if self.trick else None
        return legal_cards(self.hands[self.to_move], led, self.game)

    def play(self, card: int) -> Position:
        """The position after the seat to move plays ``card``; a third card closes the trick.

        Raises:
            SkatError: ``card`` is not a legal card of the seat to move.
        """
        if not 0 <= card < 32 or not self.legal_mask() >> card & 1:
            raise SkatError(f"card {card!r} is not legal for seat {self.to_move} now")
        hands = list(self.hands)
        hands[self.to_move] &= ~(1 << card)
        trick = (*self.trick, card)
        if len(trick) < 3:
            return replace(
                self,
                hands=(hands[0], hands[1], hands[2]),
                trick=trick,
                to_move=(self.to_move + 1) % 3,
            )
        winner = (self.leader + trick_winner(trick, self.game)) % 3
        won = sum(points(1 << c) for c in trick)
        if not any(hands) and self.game == GameType.RAMSCH:
            won += points(self.skat)
        ramsch = list(self.ramsch_points)
        ramsch[winner] += won
        decl = winner == self.declarer
        return replace(
            self,
            hands=(hands[0], hands[1], hands[2]),
            trick=(),
            to_move=winner,
            declarer_points=self.declarer_points + (won if decl else 0),
            defender_points=self.defender_points + (0 if decl else won),
            declarer_tricks=self.declarer_tricks + (1 if decl else 0),
            defender_tricks=self.defender_tricks + (0 if decl else 1),
            ramsch_points=(ramsch[0], ramsch[1], ramsch[2]),
        )


_FIELDS = {
    "hands",
    "game",
    "declarer",
    "to_move",
    "trick",
    "skat",
    "declarer_points",
    "defender_points",
    "declarer_tricks",
    "defender_tricks",
    "ramsch_points",
    "target",
    "mode",
}


def _cards(value: Any, what: str) -> int:
    if not isinstance(value, str):
        raise NotationError(f"{what} must be a string of cards like 'CJ SA HT', got {value!r}")
    return CardSet.from_str(value).mask


def _int(obj: dict[str, Any], name: str, default: int) -> int:
    value = obj.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise NotationError(f"{name} must be an integer, got {value!r}")
    return value


def position_from_json(text: str) -> tuple[Position, dict[str, Any]]:
    """Parse one JSON line into a position and the remaining request fields.

    The fields are documented in ``docs/solver.md``: ``hands`` (three card strings), ``game``
    (an ISS letter ``D H S C G N`` or ``R``/``X``), ``declarer``, ``to_move``, optional
    ``trick`` (card string, leader first), ``skat``, the point and trick counts, and the request
    fields ``target`` (an integer: asks for a threshold) and ``mode`` (``exact`` or
    ``threshold``), returned in the second element.

    Raises:
        NotationError: not a JSON object (or nested too deeply, or with a number of over 4,300
            digits), an unknown field, or a bad card, letter or number (``target`` must be
            0 .. 1000); a ``target`` with mode ``exact`` (which asks for the value, not
            whether a target is reached).
        SkatError: the cards do not form a valid position.
    """
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as err:
        raise NotationError(f"not JSON ({err.msg} at column {err.colno}): {text[:60]!r}") from None
    except RecursionError:
        raise NotationError(f"JSON nested too deeply: {text[:60]!r}") from None
    except ValueError:  # Python reads no integer of over 4,300 digits
        raise NotationError(f"a number of over 4,300 digits in the JSON: {text[:60]!r}") from None
    if not isinstance(obj, dict):
        raise NotationError(f"a position is a JSON object, got {text[:60]!r}")
    unknown = sorted(set(obj) - _FIELDS)
    if unknown:
        raise NotationError(f"unknown field(s) {unknown} in position")
    hands_value = obj.get("hands")
    if not isinstance(hands_value, list) or len(hands_value) != 3:
        raise NotationError(f"hands must be a list of three card strings, got {hands_value!r}")
    hands = tuple(_cards(h, "a hand") for h in hands_value)
    game_value = obj.get("game")
    if not isinstance(game_value, str):
        raise NotationError(f"game must be one of D H S C G N R X, got {game_value!r}")
    game = GameType.from_letter(game_value)
    trick_value = obj.get("trick", "")
    if not isinstance(trick_value, str):
        raise NotationError(f"trick must be a string of cards, got {trick_value!r}")
    trick = tuple(parse_card(t) for t in trick_value.split())
    rp = obj.get("ramsch_points", [0, 0, 0])
    if not isinstance(rp, list) or len(rp) != 3 or not all(isinstance(x, int) for x in rp):
        raise NotationError(f"ramsch_points must be a list of three integers, got {rp!r}")
    pos = Position(
        hands=(hands[0], hands[1], hands[2]),
        game=game,
        declarer=_int(obj, "declarer", 0),
        to_move=_int(obj, "to_move", 0),
        trick=trick,
        skat=_cards(obj.get("skat", ""), "skat"),
        declarer_points=_int(obj, "declarer_points", 0),
        defender_points=_int(obj, "defender_points", 0),
        declarer_tricks=_int(obj, "declarer_tricks", 0),
        defender_tricks=_int(obj, "defender_tricks", 0),
        ramsch_points=(rp[0], rp[1], rp[2]),
    )
    request = {k: obj[k] for k in ("target", "mode") if k in obj}
    if "target" in request and not 0 <= _int(request, "target", 61) <= 1000:
        raise NotationError(f"target must be 0 .. 1000 card points, got {request['target']!r}")
    if request.get("mode", "exact") not in ("exact", "threshold"):
        raise NotationError(f"mode must be 'exact' or 'threshold', got {request['mode']!r}")
    if request.get("mode") == "exact" and "target" in request:
        raise NotationError(
            f"mode 'exact' asks for the value and takes no target (got {request['target']!r}):"
            " leave the target out, or give mode 'threshold'"
        )
    return pos, request


def position_to_json(pos: Position) -> str:
    """The JSON line of ``pos`` (the inverse of :func:`position_from_json`)."""
    obj: dict[str, Any] = {
        "hands": [str(CardSet(h)) for h in pos.hands],
        "game": pos.game.letter,
        "declarer": pos.declarer,
        "to_move": pos.to_move,
    }
    if pos.trick:
        obj["trick"] = " ".join(format_card(c) for c in pos.trick)
    if pos.skat:
        obj["skat"] = str(CardSet(pos.skat))
    for name in ("declarer_points", "defender_points", "declarer_tricks", "defender_tricks"):
        if getattr(pos, name):
            obj[name] = getattr(pos, name)
    if any(pos.ramsch_points):
        obj["ramsch_points"] = list(pos.ramsch_points)
    return json.dumps(obj)


def position_from_state(state: State) -> Position:
    """The solver position of a deal in its card play (any trick, mid-trick too).

    The skat is what lies in the skat now (the discard, or the dealt skat in a Hand game or
    Ramsch); card points and tricks are those taken so far.

    Raises:
        SkatError: the deal is not in its card play.
    """
    if state.phase != Phase.PLAY or state.contract is None or state.current_player is None:
        raise SkatError(f"the deal is not in its card play (phase {state.phase})")
    game = state.contract.game
    declarer = 0 if state.declarer is None else int(state.declarer)
    taken = state.card_points()
    tricks = [state.tricks_won(seat) for seat in range(3)]
    return Position(
        hands=(state.hand(0), state.hand(1), state.hand(2)),
        game=game,
        declarer=declarer,
        to_move=int(state.current_player),
        trick=state.trick,
        skat=state.skat,
        declarer_points=0 if game == GameType.RAMSCH else taken[declarer],
        defender_points=0 if game == GameType.RAMSCH else sum(taken) - taken[declarer],
        declarer_tricks=0 if game == GameType.RAMSCH else tricks[declarer],
        defender_tricks=0 if game == GameType.RAMSCH else sum(tricks) - tricks[declarer],
        ramsch_points=taken,
    )


def card_play_start(state: State) -> State:
    """The state of the same deal just before its first card (after bidding, skat, Kontra).

    Raises:
        SkatError: no card was played in the deal.
    """
    for index, action in enumerate(state.actions):
        if action.kind == ActionKind.CARD:
            return state.prefix(index)
    raise SkatError("the record has no card play")


def position_from_record(line: str) -> Position | None:
    """The position at the start of the card play of an ISS game record line.

    Returns:
        the position before the first card, or None when the deal has no card play (all passed
        without Ramsch, or the game ended before the first card).

    Raises:
        RecordError: a malformed record or an illegal move in it.
    """
    state = read_record(line)
    if not any(action.kind == ActionKind.CARD for action in state.actions):
        return None
    return position_from_state(card_play_start(state))
