"""The game value has one home, skat.scoring.game_value: scoring, the declaration dialog and the
computer players all take it from there (ISkO 5.1-5.3)."""

import pytest

from skat.cards import mask_of, parse_cards
from skat.contract import Contract, legal_declarations
from skat.declaration import prospect
from skat.errors import SkatError
from skat.options import Options
from skat.players.evaluation import choices, contract_value
from skat.rules import GameType
from skat.scoring import game_value, matadors, score_game
from skat.values import table_values

HANDS = [
    "CJ SJ HJ DJ CA CT C9 SA HK D7 S8 H7",
    "DJ HJ CA CT CK SA ST S9 HA H7 D8 D9",
    "SJ CA C7 SA ST S9 HA HT H9 DA DT D9",
    "DJ C7 C8 C9 S7 S8 H7 H8 D7 D8 HJ CJ",
]


@pytest.mark.parametrize("cards", HANDS)
@pytest.mark.parametrize("contract", legal_declarations(True, 18, Options(spitze=True)))
def test_game_value_is_the_value_score_game_gives_a_won_game(
    cards: str, contract: Contract
) -> None:
    mask = mask_of(parse_cards(cards))
    if contract.game == GameType.NULL:  # won: not a trick
        points, tricks = 0, 0
    elif contract.schwarz:
        points, tricks = 120, 10
    else:
        points, tricks = (90 if contract.schneider else 61), 5
    result = score_game(
        contract,
        bid=18,
        matador_cards=mask,
        declarer_points=points,
        declarer_tricks=tricks,
        defender_tricks=10 - tricks,
        options=Options(),
    )
    assert result.won
    assert game_value(contract, matadors(contract.game, mask), Options()) == result.game_value


@pytest.mark.parametrize("cards", HANDS)
@pytest.mark.parametrize("game", [GameType(g) for g in (0, 1, 2, 3, 4, 7)])
@pytest.mark.parametrize("hand", [False, True])
def test_the_players_value_is_the_cores(cards: str, game: GameType, hand: bool) -> None:
    mask = mask_of(parse_cards(cards))
    contract = Contract.make(game, hand=hand)
    assert (
        contract_value(game, mask, Options(), hand=hand)
        == game_value(contract, matadors(game, mask), Options())
        == prospect(contract, bid=0, known_cards=mask, options=Options()).value
    )


def test_game_value_counts_the_levels_it_is_given() -> None:
    levels = ["game", "hand", "schneider", "schneider_announced"]
    hearts = table_values(Options()).base_value(GameType.HEARTS)
    assert game_value(Contract.parse("HHS"), 2, Options(), levels) == hearts * 6
    assert game_value(Contract.parse("HHS"), -2, Options()) == 10 * (2 + 4)


@pytest.mark.parametrize(("text", "value"), [("N", 23), ("NH", 35), ("NO", 46), ("NOH", 59)])
def test_game_value_of_null_is_its_fixed_value(text: str, value: int) -> None:
    assert game_value(Contract.parse(text), 3, Options()) == value


def test_game_value_of_ramsch_is_an_error() -> None:
    with pytest.raises(SkatError, match="Ramsch has no game value"):
        game_value(Contract(GameType.RAMSCH), 0, Options())


def test_choices_take_the_core_value() -> None:
    mask = mask_of(parse_cards("CJ SJ CA CT C9 C8 SA HK H8 D7"))
    for c in choices(mask, seat=0, hand_game=True, options=Options()):
        contract = Contract.make(c.game, hand=True, ouvert=c.ouvert)
        assert c.value == game_value(contract, matadors(c.game, mask), Options())
