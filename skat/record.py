"""Game records in the International Skat Server's one-line format ("the PGN of Skat").

A record is one line::

    (;GM[Skat]PC[...]ID[...]P0[..]P1[..]P2[..]MV[w <32 cards> 1 18 0 y ... ]R[d:1 win v:54 ...] ;)

:func:`parse` reads a line exactly (strict: raises :class:`~skat.errors.RecordError` with the
character position of the bad token; :func:`parse_lenient` collects the errors instead) into a
:class:`Record`, which :func:`write` gives back byte for byte. :func:`replay` turns a record into a
:class:`~skat.state.State` with full legality checking, :func:`from_state` turns a state into a
record, and :func:`iss_result` computes the ``R[...]`` text of a finished state. The format and this
project's extension properties and tokens (deal number, dealer, rule options, Kontra/Re/Supra,
Ramsch, Schieberamsch) are described in ``docs/records.md``.

>>> from skat.state import State
>>> from skat.options import Options
>>> s = State.new(7, Options())
>>> for a in ("18", "p", "p", "s"):
...     s = s.apply(a)
>>> line = write(from_state(s))
>>> line[:40]
'(;GM[Skat]PC[skat]DN[7]MV[w CK.C8.SA.ST.'
>>> write(parse(line)) == line and replay(parse(line)) == s
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from skat.action import Action, ActionKind
from skat.bock import format_bk, parse_bk
from skat.cards import (
    CardSet,
    cards_of_mask,
    format_cards,
    mask_of,
    parse_card,
    points,
)
from skat.contract import Contract
from skat.deal import Deal, not_the_numbers_cards, parse_deal_number
from skat.errors import IllegalActionError, NotationError, RecordError, SkatError, cut, shown
from skat.options import format_record as format_options
from skat.options import parse_record as parse_options
from skat.ramsch import RamschResult
from skat.rules import GameType
from skat.scoring import GameResult
from skat.state import ClaimCheck, Ending, Phase, State

__all__ = [
    "CheckReport",
    "Move",
    "Record",
    "check",
    "format_options",
    "format_result",
    "from_state",
    "iss_result",
    "parse",
    "parse_lenient",
    "parse_options",
    "parse_result",
    "read_file",
    "read_record",
    "replay",
    "replay_lenient",
    "write",
    "write_record",
]


@dataclass(frozen=True, slots=True)
class Move:
    """One ``<who> <token>`` pair of ``MV[...]``: who is ``w`` (the table) or ``0 1 2``.

    ``position`` is the character offset of the token in the line it was read from (−1 if built).
    """

    who: str
    token: str
    position: int = field(default=-1, compare=False)

    def __str__(self) -> str:
        return f"{self.who} {self.token}"


@dataclass(frozen=True, slots=True)
class Record:
    """One game record: its properties in order (``MV`` and ``R`` included as placeholders).

    Attributes:
        properties: ``(key, value)`` pairs in the order of the line; the value of ``MV`` is
            empty here (the moves are in :attr:`moves`).
        moves: the moves of ``MV[...]``.
        trailing_space: whether ``MV[...]`` ended with a space (ISS writes one).
    """

    properties: tuple[tuple[str, str], ...]
    moves: tuple[Move, ...]
    trailing_space: bool = True

    def get(self, key: str, default: str | None = None) -> str | None:
        """The value of property ``key`` (the first one), or ``default``."""
        for k, v in self.properties:
            if k == key:
                return v
        return default

    @property
    def id(self) -> str | None:
        """The ``ID[...]`` (ISS game id), if any."""
        return self.get("ID")

    @property
    def result(self) -> str | None:
        """The raw ``R[...]`` text, if any."""
        return self.get("R")

    def with_property(self, key: str, value: str | None) -> Record:
        """A copy with ``key`` set to ``value`` (None removes it); a new key goes before MV."""
        props = list(self.properties)
        for i, (k, _) in enumerate(props):
            if k == key:
                if value is None:
                    del props[i]
                else:
                    props[i] = (key, value)
                return replace(self, properties=tuple(props))
        if value is None:
            return self
        keys = [k for k, _ in props]
        at = keys.index("MV") if "MV" in keys else len(props)
        props.insert(at, (key, value))
        return replace(self, properties=tuple(props))

    def to_json(self) -> dict[str, object]:
        """``{"properties": {...}, "moves": [["w", "..."], ["1", "18"], ...]}`` (MV omitted from
        the properties, order kept)."""
        return {
            "properties": {k: v for k, v in self.properties if k != "MV"},
            "order": [k for k, _ in self.properties],
            "moves": [[m.who, m.token] for m in self.moves],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Record:
        """The inverse of :meth:`to_json`.

        Raises:
            RecordError: the object has not that shape.
        """
        try:
            props_map = dict(data["properties"])
            order = list(data.get("order") or [*props_map, "MV"])
            props = tuple((k, "" if k == "MV" else str(props_map[k])) for k in order)
            moves = tuple(Move(str(w), str(t)) for w, t in data["moves"])
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError(f"not a record object: {err}") from None
        return cls(props, moves)


# --------------------------------------------------------------------------------------------
# reading and writing lines

_PROP = re.compile(r"([A-Z][A-Z0-9]*)\[((?:[^\]\\]|\\.)*)\]")


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _read(line: str, errors: list[RecordError] | None) -> Record:
    """Parse one line; collect errors into ``errors`` (lenient) or raise the first (strict)."""

    def fail(message: str, position: int) -> None:
        err = RecordError(f"{message} at position {position}", position)
        if errors is None:
            raise err
        errors.append(err)

    text = line.rstrip("\r\n")
    start = text.find("(;")
    if start < 0:
        fail("a record starts with '(;'", 0)
        return Record((), ())
    if text[:start].replace("\ufeff", "").strip():  # a file's byte order mark is no text
        fail("nothing may come before the '(;' that starts a record", 0)
    pos = start + 2
    props: list[tuple[str, str]] = []
    seen: set[str] = set()
    moves: list[Move] = []
    trailing = True
    end = text.rfind(";)")
    if end < pos:
        fail("a record ends with ';)'", len(text))
        end = len(text)
    elif text[end + 2 :].strip():
        fail("nothing may follow the ';)' that ends a record", end + 2)
    while pos < end:
        if text[pos] == " ":
            pos += 1
            continue
        m = _PROP.match(text, pos)
        if m is None:
            fail(f"expected a property like ID[...], found {text[pos : pos + 12]!r}", pos)
            break
        key, raw = m.group(1), m.group(2)
        if key in seen:  # which of two values would count is anybody's guess
            fail(f"the property {key}[...] is given twice (a record gives each property once)", pos)
            pos = m.end()
            continue
        seen.add(key)
        if key == "MV":
            props.append(("MV", ""))
            trailing = raw.endswith(" ")
            offset = m.start(2)
            tokens = [(t.group(0), offset + t.start()) for t in re.finditer(r"\S+", raw)]
            if len(tokens) % 2:
                fail("MV has an odd number of tokens (who without a move)", tokens[-1][1])
                tokens = tokens[:-1]
            for i in range(0, len(tokens), 2):
                who, wpos = tokens[i]
                tok, tpos = tokens[i + 1]
                if who not in ("w", "0", "1", "2"):
                    fail(f"bad mover {shown(who)} (expected w, 0, 1 or 2)", wpos)
                    continue
                moves.append(Move(who, tok, tpos))
        else:
            if key == "GM" and raw != "Skat":
                fail(f"not a Skat record: GM[{raw[:20]}]", m.start(2))
            props.append((key, _unescape(raw)))
        pos = m.end()
    return Record(tuple(props), tuple(moves), trailing)


def parse(line: str) -> Record:
    """Read one record line exactly.

    Raises:
        RecordError: the line is malformed; ``position`` is the character offset.
    """
    return _read(line, None)


def parse_lenient(line: str) -> tuple[Record, list[RecordError]]:
    """Read one record line, collecting errors instead of raising (what could be read is kept)."""
    errors: list[RecordError] = []
    return _read(line, errors), errors


def write(record: Record) -> str:
    """The record as one line (no newline); ``write(parse(line)) == line`` for ISS lines."""
    parts = ["(;"]
    for key, value in record.properties:
        if key == "MV":
            body = " ".join(str(m) for m in record.moves)
            if record.trailing_space:
                body += " "
            parts.append(f"MV[{body}]")
        else:
            parts.append(f"{key}[{_escape(value)}]")
    parts.append(" ;)")
    return "".join(parts)


def read_file(text: str) -> list[tuple[int, str]]:
    """The record lines of a file's text as ``(line number, line)``, blank lines skipped."""
    return [(i + 1, ln) for i, ln in enumerate(text.splitlines()) if ln.strip()]


# --------------------------------------------------------------------------------------------
# state <-> record


def from_state(state: State, properties: dict[str, str] | None = None) -> Record:
    """The record of ``state``: ``GM[Skat]PC[skat]``, the deal number ``DN``, dealer ``DL`` and
    options ``RU`` when not default, then ``properties`` (e.g. ``ID``, ``P0``), ``MV`` and, once the
    deal is over, ``R``.

    Moves: ``w`` and the 32 cards (forehand, middlehand, rearhand, skat; each in descending card
    order), the actions in ISS notation with the discard joined to the declaration
    (``1 D.ST.H8``), the revealed skat after a pick-up (``w H8.CK``), out-of-turn moves with
    their seat, timeouts as ``w TI.n``.
    """
    props: list[tuple[str, str]] = [("GM", "Skat"), ("PC", "skat")]
    if state.deal.number >= 0:
        props.append(("DN", str(state.deal.number)))
    if state.dealer:
        props.append(("DL", str(state.dealer)))
    opts = format_options(state.options)
    if opts:
        props.append(("RU", opts))
    if bk := format_bk(state.options):
        props.append(("BK", bk))
    for k, v in (properties or {}).items():
        props.append((k, v))
    props.append(("MV", ""))
    d = state.deal
    cards = []
    for mask in (d.hands[0].mask, d.hands[1].mask, d.hands[2].mask, d.skat.mask):
        cards.extend(cards_of_mask(mask))
    moves = [Move("w", format_cards(cards, "."))]
    # With a declarer there is exactly one pick-up (the skat phase's) and one discard, which is
    # joined to the declaration that follows it; without one, pick-ups and pushes belong to
    # Schieberamsch and are written as they are.
    game = state.declarer is not None
    pending_discard: Action | None = None
    for action, actor in zip(state.actions, state.actors, strict=True):
        kind = action.kind
        if kind in (ActionKind.TIMEOUT, ActionKind.LEAVE):
            moves.append(Move("w", str(action)))
        elif game and kind == ActionKind.DISCARD:
            pending_discard = action
        elif kind == ActionKind.DECLARE and pending_discard is not None:
            moves.append(Move(str(actor), f"{action}.{pending_discard}"))
            pending_discard = None
        else:
            moves.append(Move(str(actor), str(action)))
            if game and kind == ActionKind.PICKUP:
                moves.append(Move("w", format_cards(cards_of_mask(d.skat.mask), ".")))
    if pending_discard is not None:  # picked up and discarded, not yet declared
        moves.append(Move(str(state.declarer), str(pending_discard)))
    if state.is_terminal():
        props.append(("R", iss_result(state)))
    return Record(tuple(props), tuple(moves))


def _deal_of(record: Record, first: Move) -> Deal:
    parts = first.token.split(".")
    if len(parts) != 32:
        raise RecordError(
            f"the deal needs 32 cards, found {len(parts)} at position {first.position}",
            first.position,
        )
    try:
        cards = [parse_card(p) for p in parts]
    except NotationError as err:
        raise RecordError(f"{err} at position {first.position}", first.position) from None
    if mask_of(cards) != 0xFFFFFFFF:
        raise RecordError(f"the deal repeats a card at position {first.position}", first.position)
    number = -1
    dn = record.get("DN")
    if dn is not None:
        try:
            number = parse_deal_number(dn)
        except NotationError:
            raise RecordError(f"DN[{cut(dn)}] is not a deal number (0 .. 2^64 - 1)", 0) from None
    hands = (CardSet.of(cards[0:10]), CardSet.of(cards[10:20]), CardSet.of(cards[20:30]))
    dealt = Deal(number, hands, CardSet.of(cards[30:32]))
    wrong = not_the_numbers_cards(dealt) if number >= 0 else []
    if wrong:  # all 32 cards are the number's, or the record is forged
        which = f"{', '.join(wrong[:-1])} and {wrong[-1]} are" if wrong[1:] else f"{wrong[0]} is"
        raise RecordError(
            f"DN[{number}] does not give the cards of the deal at position {first.position}:"
            f" the record's {which} not deal {number}'s",
            first.position,
        )
    return dealt


def _start(record: Record, claim_check: ClaimCheck | None) -> tuple[State, int]:
    """The state before the first move after the deal, and the index of that move."""
    moves = record.moves
    if not moves or moves[0].who != "w":
        raise RecordError("MV must start with 'w' and the 32 cards of the deal", 0)
    options = parse_bk(record.get("BK"), parse_options(record.get("RU") or ""))
    dl = record.get("DL") or "0"
    if dl not in ("0", "1", "2"):
        raise RecordError(f"DL[{cut(dl)}] is not a table position 0, 1 or 2", 0)
    dealt = _deal_of(record, moves[0])
    return State.from_deal(dealt, options, int(dl), claim_check=claim_check), 1


def _bad(move: Move, message: str) -> RecordError:
    """The error of ``move``: its mover, its token (cut as every echoed input: :func:`shown`),
    its position, then ``message``."""
    return RecordError(
        f"move {move.who} {shown(move.token)} at position {move.position}: {message}",
        move.position,
    )


def _refused(move: Move, err: SkatError) -> RecordError:
    """The error of ``move`` that the core refused with ``err``: as :func:`_bad`, but the token
    is not named twice when ``err`` names it already (``not an action: 'X1'``)."""
    message = str(err)
    if shown(move.token) in message:
        return RecordError(f"move {move.who} at position {move.position}: {message}", move.position)
    return _bad(move, message)


def _step(state: State, move: Move, pending: list[Contract]) -> State:
    """Apply one move of a record to ``state`` (raises RecordError)."""
    tok = move.token
    try:
        if move.who == "w":
            if tok[:3] in ("TI.", "LE."):
                return state.apply(tok)
            # the revealed skat after a pick-up
            if state.phase == Phase.DISCARD and state.actions[-1].kind == ActionKind.PICKUP:
                revealed = mask_of(parse_card(c) for c in tok.split("."))
                if revealed != state.deal.skat.mask:
                    raise _bad(move, "the revealed skat is not the skat of the deal")
                return state
            raise _bad(move, "unexpected table move")
        seat = int(move.who)
        if tok == "??":
            raise _bad(move, "a hidden card '??' cannot be replayed")
        if tok == "SC" or tok.startswith("SC."):
            if tok != "SC":
                hand = mask_of(parse_card(c) for c in tok[3:].split("."))
                if hand != state.hand(seat):
                    raise _bad(move, "the shown cards are not the declarer's hand")
            return state.apply("SC", seat=seat)
        if tok == "RE":
            return state.apply("RE", seat=seat)
        head, _, rest = tok.partition(".")
        if head == "EX":  # a defender's cards passed in a Revolution's exchange
            return state.apply(Action.parse(tok), seat=seat)
        if rest and not (len(head) == 2 and head[1] in "AKQJT987"):
            # declaration with discard and/or ouvert cards: D.ST.H8, NO.HA.HQ.<10 cards>
            contract = Contract.parse(head)
            cards = [parse_card(c) for c in rest.split(".")]
            picked = state.phase == Phase.DISCARD
            if picked:
                if len(cards) < 2:
                    raise _bad(move, f"the discard is two cards, not {len(cards)}")
                state = state.apply(Action.discard(mask_of(cards[:2])), seat=seat)
            state = state.apply(Action.declare(contract), seat=seat)
            if cards[2 * picked :] and not contract.ouvert:  # only ouvert shows its hand here
                raise _bad(
                    move,
                    f"the discard is two cards, not {len(cards)}"
                    if picked
                    else f"a Hand game discards nothing, yet {len(cards)} cards follow {head}",
                )
            if cards[2 * picked :] and mask_of(cards[2 * picked :]) != state.hand(seat):
                raise _bad(move, "the ouvert cards are not the declarer's hand")
            return state
        action = Action.parse(tok)
        if action.kind == ActionKind.DECLARE and state.phase == Phase.DISCARD:
            pending.append(action.contract)  # split form: "0 G" then "0 SK.S7"
            return state
        state = state.apply(action, seat=seat if seat != state.current_player else None)
        if pending and state.phase == Phase.DECLARE:
            state = state.apply(Action.declare(pending.pop()), seat=seat)
        return state
    except RecordError:
        raise
    except SkatError as err:
        raise _refused(move, err) from None


def replay(record: Record, *, claim_check: ClaimCheck | None = None) -> State:
    """The state at the end of ``record``, every move checked for legality; a claim by the
    ``claim_check`` handed in (:data:`skat.state.ClaimCheck`; None refuses every claim).

    Raises:
        RecordError: a malformed deal or move, or an illegal action (the message names the move,
            its position and why; an :class:`IllegalActionError` becomes its cause).
    """
    state, first = _start(record, claim_check)
    pending: list[Contract] = []
    for move in record.moves[first:]:
        state = _step(state, move, pending)
    if pending:
        raise RecordError("a declaration without its discard at the end of MV", -1)
    return state


def replay_lenient(
    record: Record, *, claim_check: ClaimCheck | None = None
) -> tuple[State | None, list[RecordError]]:
    """Replay as far as the moves are legal; the state reached and the errors (at most one: the
    first illegal move stops the replay). ``claim_check`` as in :func:`replay`."""
    try:
        state, first = _start(record, claim_check)
    except SkatError as err:
        return None, [err if isinstance(err, RecordError) else RecordError(str(err), 0)]
    pending: list[Contract] = []
    for move in record.moves[first:]:
        try:
            state = _step(state, move, pending)
        except RecordError as err:
            return state, [err]
    return state, []


# --------------------------------------------------------------------------------------------
# results


def iss_result(state: State) -> str:
    """The ``R[...]`` text ISS would write for a finished state.

    ``passed`` for an all-pass new deal; ``d:-1 penalty ...`` for a timeout or leave before the
    declaration; otherwise ``d:<declarer> win|loss v:<signed value> m:<matadors>
    bidok|overbid p:<declarer card points incl. skat> t:<declarer tricks> s:<schneider reached>
    z:<schwarz reached> p0: p1: p2:<penalties> l:<seat that left> to:<seat timed out>
    r:<resigned>``. Ramsch (an extension) is ``ramsch sc:<scores> pts:<points incl. skat>
    tr:<tricks> x:<multiplier> j:<Jungfrau seats or -> dm:<Durchmarsch seat or -1>`` (each
    list by seat, comma-separated).

    Raises:
        IllegalActionError: the deal is not over.
    """
    if not state.is_terminal():
        raise IllegalActionError(f"the deal is not over (phase {state.phase.value!r})")
    ending = state.ending
    penalty = state.penalty
    left = penalty[0] if penalty and penalty[1] == "left" else -1
    timeout = penalty[0] if penalty and penalty[1] == "timeout" else -1
    if ending == Ending.PASSED:
        return "passed"
    if ending == Ending.PENALTY:
        seat = penalty[0] if penalty else -1
        flags = " ".join(f"p{i}:{int(i == seat)}" for i in range(3))
        return f"d:-1 penalty v:0 m:0 bidok p:0 t:0 s:0 z:0 {flags} l:{left} to:{timeout} r:0"
    result = state.result()
    if isinstance(result, RamschResult):
        return (
            f"ramsch sc:{','.join(map(str, result.scores))}"
            f" pts:{','.join(map(str, result.points))} tr:{','.join(map(str, result.tricks))}"
            f" x:{result.multiplier} j:{','.join(map(str, result.jungfrau)) or '-'}"
            f" dm:{-1 if result.durchmarsch is None else result.durchmarsch}"
        )
    if not isinstance(result, GameResult):
        raise IllegalActionError(f"no game result for ending {ending.value!r}")
    d = int(state.declarer) if state.declarer is not None else -1
    dp, dt, ft = result.declarer_points, result.declarer_tricks, result.defender_tricks
    if result.contract.game == GameType.NULL:
        s = z = 0
    else:
        defender_points = points(state.won_cards((d + 1) % 3) | state.won_cards((d + 2) % 3))
        if ending in (Ending.RESIGNED, Ending.CLAIMED):
            defender_points = 120 - dp  # the rest counted as the resignation or claim says
        s = int(dp >= 90 or defender_points >= 90)
        z = int(dt == 10 or ft == 10)
    resigned = int(
        any(a.kind == ActionKind.CONCEDE for a in state.actions) and ending != Ending.PLAYED
    )
    return (
        f"d:{d} {'win' if result.won else 'loss'} v:{result.score} m:{result.matadors}"
        f" {'overbid' if result.overbid else 'bidok'} p:{dp} t:{dt} s:{s} z:{z}"
        f" p0:0 p1:0 p2:0 l:{left} to:{timeout} r:{resigned}"
    )


_RESULT_INT_KEYS = ("d", "v", "m", "p", "t", "s", "z", "p0", "p1", "p2", "l", "to", "r")


def parse_result(text: str) -> dict[str, object]:
    """The fields of an ``R[...]`` text: ``{"passed": True}`` or ``{"d": 1, "outcome": "win",
    "v": 54, "m": 1, "bid": "bidok", "p": 120, ...}`` (ints where ISS writes numbers).

    Raises:
        RecordError: a field that cannot be read.
    """
    text = text.strip()
    if text == "passed":
        return {"passed": True}
    out: dict[str, object] = {}
    for item in text.split():
        key, sep, value = item.partition(":")
        if not sep:
            if item in ("win", "loss", "penalty"):
                out["outcome"] = item
            elif item in ("bidok", "overbid"):
                out["bid"] = item
            elif item == "ramsch":
                out["outcome"] = item
            else:
                raise RecordError(f"unknown result field {shown(item)} in R[...]")
            continue
        if key in _RESULT_INT_KEYS:
            try:
                out[key] = int(value)
            except ValueError:
                raise RecordError(f"result field {shown(item)} is not a number in R[...]") from None
        else:
            out[key] = value
    return out


# --------------------------------------------------------------------------------------------
# checking records


@dataclass(frozen=True, slots=True)
class CheckReport:
    """The outcome of :func:`check` for one record line.

    Attributes:
        line: the line number in its file (1-based; 0 if unknown).
        id: the record's ``ID[...]``, if any.
        ok: legal, finished as far as the record claims, and every recorded result field agrees.
        computed: the ``R[...]`` text computed by replaying (None if the replay failed or the deal
            is not over).
        recorded: the record's own ``R[...]`` text (None if absent).
        mismatches: the fields that differ, as ``"v: recorded -54, computed -27"``.
        error: the first malformed or illegal move (message and character position), if any.
    """

    line: int
    id: str | None
    ok: bool
    computed: str | None
    recorded: str | None
    mismatches: tuple[str, ...] = ()
    error: RecordError | None = None

    def to_json(self) -> dict[str, object]:
        """One JSON object: id, ok, computed and recorded fields, the first illegal move."""
        return {
            "line": self.line,
            "id": self.id,
            "ok": self.ok,
            "computed": self.computed,
            "recorded": self.recorded,
            "computed_fields": None if self.computed is None else parse_result(self.computed),
            "recorded_fields": _safe_fields(self.recorded),
            "mismatches": list(self.mismatches),
            "error": None
            if self.error is None
            else {"message": str(self.error), "position": self.error.position},
        }


def _safe_fields(text: str | None) -> dict[str, object] | None:
    if text is None:
        return None
    try:
        return parse_result(text)
    except RecordError:
        return {"unreadable": text}


def check(line: str, line_number: int = 0, *, claim_check: ClaimCheck | None = None) -> CheckReport:
    """Replay one record line with full legality checking and compare its result (a claim
    decided by ``claim_check``, as in :func:`replay`).

    Never raises for bad input: a malformed line, an illegal or hidden (``??``) move, or an
    unreadable result are reported in the :class:`CheckReport`; so is an unexpected internal
    error (as ``internal error: ...``), so that a checker run always reaches the next record.
    """
    try:
        return _check(line, line_number, claim_check)
    except Exception as err:  # report, never crash on one bad record
        error = RecordError(f"internal error: {type(err).__name__}: {err}", -1)
        return CheckReport(line_number, None, False, None, None, (), error)


def _check(line: str, line_number: int, claim_check: ClaimCheck | None) -> CheckReport:
    record, errors = parse_lenient(line)
    rid = record.id
    recorded = record.result
    if errors:
        return CheckReport(line_number, rid, False, None, recorded, (), errors[0])
    state, errors = replay_lenient(record, claim_check=claim_check)
    if errors or state is None:
        return CheckReport(line_number, rid, False, None, recorded, (), errors[0])
    if not state.is_terminal():
        computed = None
        mismatches: tuple[str, ...] = ()
        if recorded is not None:
            mismatches = (f"the moves end in phase {state.phase.value!r} before the deal is over",)
        return CheckReport(line_number, rid, not mismatches, computed, recorded, mismatches)
    try:
        computed = iss_result(state)
    except SkatError as err:
        error = RecordError(f"cannot score the deal: {err}", -1)
        return CheckReport(line_number, rid, False, None, recorded, (), error)
    if recorded is None:
        return CheckReport(line_number, rid, True, computed, None)
    mine = parse_result(computed)
    try:
        theirs = parse_result(recorded)
    except RecordError as err:
        return CheckReport(line_number, rid, False, computed, recorded, (str(err),))
    diffs = tuple(
        f"{key}: recorded {value}, computed {mine.get(key, '(none)')}"
        for key, value in theirs.items()
        if mine.get(key) != value
    )
    return CheckReport(line_number, rid, not diffs, computed, recorded, diffs)


# --------------------------------------------------------------------------------------------
# one-call conveniences for the server


def write_record(state: State, properties: dict[str, str] | None = None) -> str:
    """The record line of ``state`` (``write(from_state(state, properties))``)."""
    return write(from_state(state, properties))


def read_record(line: str, *, claim_check: ClaimCheck | None = None) -> State:
    """The state of a record line (``replay(parse(line), claim_check=claim_check)``).

    Raises:
        RecordError: a malformed line or an illegal move.
    """
    return replay(parse(line), claim_check=claim_check)


def format_result(state: State) -> str:
    """The ``R[...]`` text of a finished state (same as :func:`iss_result`).

    Raises:
        IllegalActionError: the deal is not over.
    """
    return iss_result(state)
