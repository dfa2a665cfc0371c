"""Actions and their notation (skat.action): every action one notation that parses back, the
sort order, the errors.
"""

from __future__ import annotations

import itertools

import pytest

from skat.action import Action, ActionKind
from skat.contract import Contract
from skat.errors import NotationError
from skat.rules import GameType

# -- actions ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "token",
    [
        "18",
        "264",
        "y",
        "p",
        "s",
        "ST.H8",
        "G",
        "CH",
        "DHS",
        "CHZ",
        "GO",
        "NO",
        "NOH",
        "N",
        "SA",
        "D7",
        "RE",
        "K",
        "R",
        "SU",
        "-",
        "SC",
        "TI.2",
        "LE.0",
        "??.??",
    ],
)
def test_action_notation_round_trips(token: str) -> None:
    action = Action.parse(token)
    assert str(action) == token
    assert eval(repr(action)) == action


def _every_action() -> list[Action]:
    from skat.options import Options
    from skat.values import table_values

    out = [Action.bid(v) for v in table_values(Options()).bids] + [
        Action.of_card(c) for c in range(32)
    ]
    out += [Action.discard(1 << a | 1 << b) for a, b in itertools.combinations(range(32), 2)]
    for g in GameType:
        for flags in itertools.product((False, True), repeat=4):
            if g != GameType.RAMSCH and _valid_contract(g, *flags):
                out.append(Action.declare(Contract(g, *flags)))
    out += [Action(kind) for kind in ActionKind if kind not in _PAYLOAD_KINDS]
    out += [Action(k, seat) for k in (ActionKind.TIMEOUT, ActionKind.LEAVE) for seat in (0, 1, 2)]
    return out


def _valid_contract(g: GameType, hand: bool, schneider: bool, schwarz: bool, ouvert: bool) -> bool:
    try:
        Contract(g, hand, schneider, schwarz, ouvert)
    except NotationError:
        return False
    return True


def test_ramsch_is_never_declared() -> None:
    with pytest.raises(NotationError, match="never declared"):
        Action.declare(Contract(GameType.RAMSCH))
    assert Action.parse("R").kind == ActionKind.RE


_PAYLOAD_KINDS = {
    ActionKind.BID,
    ActionKind.CARD,
    ActionKind.DISCARD,
    ActionKind.DECLARE,
    ActionKind.TIMEOUT,
    ActionKind.LEAVE,
}


def test_every_action_has_one_notation_that_parses_back() -> None:
    actions = _every_action()
    texts = [str(a) for a in actions]
    assert len(set(texts)) == len(actions)  # one notation each, no two alike
    assert [Action.parse(t) for t in texts] == actions


@pytest.mark.parametrize("token", ["", "19x", "018", "ST.ST", "SA.SK.SQ", "ZZ", "CS", "TI.3", "Q"])
def test_bad_action_notation_raises(token: str) -> None:
    with pytest.raises(NotationError, match=r"not an action|not a card"):
        Action.parse(token)


@pytest.mark.parametrize(
    ("token", "named"),
    [
        ("TI.5", r"'TI.5' \(a timeout names the seat 0, 1 or 2: TI.0\)"),
        ("TI.", r"'TI.' \(a timeout names the seat"),
        ("LE.x", r"'LE.x' \(a seat leaving names the seat 0, 1 or 2: LE.0\)"),
    ],
)
def test_a_timeout_or_leave_of_no_seat_is_named_so(token: str, named: str) -> None:
    with pytest.raises(NotationError, match=named) as info:
        Action.parse(token)
    assert "not a card" not in str(info.value)


def test_actions_sort_by_kind_then_value() -> None:
    given = [Action.parse(t) for t in ("p", "SA", "20", "y", "18", "D7")]
    assert [str(a) for a in sorted(given)] == ["18", "20", "y", "p", "D7", "SA"]
