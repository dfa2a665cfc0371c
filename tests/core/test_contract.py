"""Contracts and their ISS notation (skat.contract); ISkO 4.1.4-4.1.7 for the announcements."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skat.contract import Contract, legal_declarations
from skat.errors import NotationError
from skat.options import Options
from skat.rules import GameType

TRUMP_LETTERS = "DHSCGX"
CANONICAL = (
    [g + mods for g in TRUMP_LETTERS for mods in ("", "H", "HS", "HZ", "O")]
    + ["N", "NH", "NO", "NOH"]
    + ["R"]
)
"""Every valid contract, in canonical notation: 6 × 5 suit/Grand/Spitze + 4 Null + Ramsch."""


def _valid(game: GameType, hand: bool, schneider: bool, schwarz: bool, ouvert: bool) -> bool:
    """The rule written out once more: which flag combinations are a contract."""
    if game == GameType.RAMSCH:
        return not (hand or schneider or schwarz or ouvert)
    if game == GameType.NULL:
        return not (schneider or schwarz)
    if (schneider or schwarz or ouvert) and not hand:
        return False
    return (not schwarz or schneider) and (not ouvert or schwarz)


def _all_flag_combinations() -> list[tuple[GameType, bool, bool, bool, bool]]:
    return [
        (g, hand, schneider, schwarz, ouvert)
        for g in GameType
        for hand, schneider, schwarz, ouvert in itertools.product((False, True), repeat=4)
    ]


def test_there_are_35_valid_contracts() -> None:
    valid = [c for c in _all_flag_combinations() if _valid(*c)]
    assert len(valid) == len(CANONICAL) == 35
    assert {str(Contract(*c)) for c in valid} == set(CANONICAL)


@pytest.mark.parametrize("text", CANONICAL)
def test_every_valid_contract_round_trips_through_its_notation(text: str) -> None:
    contract = Contract.parse(text)
    assert str(contract) == text
    assert Contract.parse(str(contract)) == contract


@pytest.mark.parametrize("text", CANONICAL)
def test_contract_repr_evaluates_back(text: str) -> None:
    contract = Contract.parse(text)
    assert repr(contract) == f"Contract.parse({text!r})"
    assert eval(repr(contract), {"Contract": Contract}) == contract


@pytest.mark.parametrize(
    ("combination"), _all_flag_combinations(), ids=lambda c: "-".join(str(x) for x in c)
)
def test_the_constructor_accepts_exactly_the_valid_combinations(
    combination: tuple[GameType, bool, bool, bool, bool],
) -> None:
    if _valid(*combination):
        contract = Contract(*combination)
        assert Contract.parse(str(contract)) == contract
    else:
        with pytest.raises(NotationError):
            Contract(*combination)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("CHSZ", "CHZ"),
        ("CZH", "CHZ"),
        ("CSH", "CHS"),
        ("COH", "CO"),
        ("CHO", "CO"),
        ("GOHSZ", "GO"),
        ("GZOSH", "GO"),
        ("NHO", "NOH"),
        ("XSH", "XHS"),
    ],
)
def test_modifiers_may_come_in_any_order_and_implied_ones_may_be_written(
    text: str, canonical: str
) -> None:
    assert str(Contract.parse(text)) == canonical


@pytest.mark.parametrize(
    ("text", "hand", "schneider", "schwarz", "ouvert"),
    [
        ("C", False, False, False, False),
        ("CH", True, False, False, False),
        ("CHS", True, True, False, False),
        ("CHZ", True, True, True, False),
        ("CO", True, True, True, True),
        ("GO", True, True, True, True),
        ("NO", False, False, False, True),
        ("NOH", True, False, False, True),
    ],
)
def test_implied_announcements_are_set(
    text: str, hand: bool, schneider: bool, schwarz: bool, ouvert: bool
) -> None:
    c = Contract.parse(text)
    assert (c.hand, c.schneider, c.schwarz, c.ouvert) == (hand, schneider, schwarz, ouvert)


@pytest.mark.parametrize("game", [g for g in GameType if g.letter in TRUMP_LETTERS], ids=str)
def test_ouvert_implies_hand_schneider_and_schwarz_announced(game: GameType) -> None:
    assert Contract.make(game, ouvert=True) == Contract(game, True, True, True, True)


@pytest.mark.parametrize("game", [g for g in GameType if g.letter in TRUMP_LETTERS], ids=str)
def test_schwarz_announced_implies_schneider_announced(game: GameType) -> None:
    assert Contract.make(game, hand=True, schwarz=True) == Contract(game, True, True, True)


def test_null_ouvert_may_be_played_after_taking_up_the_skat() -> None:
    contract = Contract.make(GameType.NULL, ouvert=True)
    assert not contract.hand
    assert str(contract) == "NO"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("CS", "only in a Hand game"),
        ("CZ", "only in a Hand game"),
        ("GS", "only in a Hand game"),
        ("NS", "Null takes no Schneider"),
        ("NZ", "Null takes no Schneider"),
        ("NHS", "Null takes no Schneider"),
        ("RH", "Ramsch takes no announcements"),
        ("RO", "Ramsch takes no announcements"),
        ("CHH", "modifiers are O H S Z V, once each"),
        ("CX", "modifiers are O H S Z V, once each"),
        ("Ch", "modifiers are O H S Z V, once each"),
        ("C H", "modifiers are O H S Z V, once each"),
    ],
)
def test_invalid_contracts_are_rejected_echoing_the_input(text: str, reason: str) -> None:
    with pytest.raises(NotationError, match=re.escape(f"not a contract: {text!r}") + ".*" + reason):
        Contract.parse(text)


@pytest.mark.parametrize("text", ["", "c", "Q", "1"])
def test_unknown_game_letters_are_rejected(text: str) -> None:
    with pytest.raises(NotationError, match=r"not a contract|not a game type"):
        Contract.parse(text)


def test_a_non_string_contract_is_rejected() -> None:
    with pytest.raises(NotationError, match="not a contract: None"):
        Contract.parse(None)  # type: ignore[arg-type]


@given(
    st.sampled_from(list(GameType)),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
def test_make_adds_implied_announcements_or_raises_for_the_impossible(
    game: GameType, hand: bool, schneider: bool, schwarz: bool, ouvert: bool
) -> None:
    flags = {"hand": hand, "schneider": schneider, "schwarz": schwarz, "ouvert": ouvert}
    if game == GameType.RAMSCH:
        impossible = hand or schneider or schwarz or ouvert
    elif game == GameType.NULL:
        impossible = schneider or schwarz
    else:
        impossible = (schneider or schwarz) and not (hand or ouvert)
    if impossible:
        with pytest.raises(NotationError):
            Contract.make(game, **flags)
    else:
        contract = Contract.make(game, **flags)
        assert Contract.parse(str(contract)) == contract
        assert str(contract) in CANONICAL


@pytest.mark.parametrize("text", CANONICAL)
def test_the_code_of_a_contract_reads_back(text: str) -> None:
    contract = Contract.parse(text)
    assert Contract.of_code(contract.code) == contract


@pytest.mark.parametrize("code", [-1, len(GameType) << 4, 1 << 10])
def test_a_number_that_is_no_contract_code_is_refused(code: int) -> None:
    with pytest.raises(NotationError, match="not a contract code"):
        Contract.of_code(code)


@pytest.mark.parametrize(
    ("hand", "bid", "nulls"),
    [
        (False, 18, ["N", "NO"]),
        (False, 23, ["N", "NO"]),
        (False, 24, ["NO"]),
        (False, 46, ["NO"]),
        (False, 48, []),
        (True, 35, ["NH", "NOH"]),
        (True, 36, ["NOH"]),
        (True, 60, []),
    ],
)
def test_a_null_game_worth_less_than_the_bid_is_not_declared(
    hand: bool, bid: int, nulls: list[str]
) -> None:
    # ISkO 4.2: a Null game's value is fixed, so one below the bid cannot win
    declared = [str(c) for c in legal_declarations(hand, bid, Options())]
    assert [c for c in declared if c[0] == "N"] == nulls
    assert len(declared) - len(nulls) == (20 if hand else 5)  # suit games and Grand stay


@pytest.mark.parametrize("hand", [False, True])
def test_spitze_is_declared_only_with_its_option_and_as_grand_is(hand: bool) -> None:
    with_spitze = [str(c) for c in legal_declarations(hand, 18, Options(spitze=True))]
    without = [str(c) for c in legal_declarations(hand, 18, Options())]
    spitze = [c for c in with_spitze if c[0] == "X"]
    assert [c for c in with_spitze if c[0] != "X"] == without
    assert [c[1:] for c in spitze] == [c[1:] for c in without if c[0] == "G"]


def test_after_a_pick_up_nothing_is_announced_but_null_ouvert() -> None:
    # ISkO 4.1.4-4.1.7: Hand, Schneider, Schwarz and ouvert are announced only in a Hand game
    declared = legal_declarations(False, 18, Options(spitze=True))
    assert all(not (c.hand or c.schneider or c.schwarz) for c in declared)
    assert [str(c) for c in declared if c.ouvert] == ["NO"]
    assert [c.code for c in declared] == sorted(c.code for c in declared)
