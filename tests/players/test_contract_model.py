"""skat/players/contract_model.py: the shipped learned contract evaluator and its features."""

from __future__ import annotations

import json
import random

import pytest

from skat.cards import ALL_CARDS, cards_ascending, mask_of, parse_cards
from skat.errors import SkatError
from skat.players.contract_model import family, features, load_model, model_from_json
from skat.rules import GameType

GAMES = [GameType(s) for s in range(4)] + [GameType.GRAND, GameType.NULL]


def _random_hand(rng: random.Random) -> int:
    return mask_of(rng.sample(cards_ascending(ALL_CARDS), 10))


def test_the_shipped_model_gives_a_chance_for_every_contract_hand_and_pick_up() -> None:
    model = load_model()
    rng = random.Random(28)
    for _ in range(50):
        chances = model.win_chances(_random_hand(rng), rng.randrange(3))
        assert set(chances) == {(g, h) for g in GAMES for h in (True, False)}
        assert all(0.0 <= p <= 1.0 for p in chances.values())


@pytest.mark.parametrize("hand", [True, False])
def test_each_jack_in_place_of_a_losing_card_raises_the_grand_chance(hand: bool) -> None:
    model = load_model()
    base = parse_cards("CA CT C9 SA S9 H8 H7 D9 D8 D7")
    jacks = parse_cards("CJ SJ HJ DJ")
    chances = []
    for n in range(5):
        cards = mask_of(jacks[:n] + base[: 10 - n])
        chances.append(model.win_chance(cards, 0, GameType.GRAND, hand=hand))
    assert chances == sorted(chances)
    assert chances[4] > chances[0] + 0.3


@pytest.mark.parametrize("hand", [True, False])
def test_a_null_hand_with_more_cards_to_fix_is_given_less(hand: bool) -> None:
    model = load_model()
    safe = mask_of(parse_cards("D7 D8 D9 H7 H8 H9 S7 S8 S9 C7"))
    aces = mask_of(parse_cards("DA D8 D9 HA H8 H9 SA S8 S9 CA"))
    assert model.win_chance(safe, 1, GameType.NULL, hand=hand) > model.win_chance(
        aces, 1, GameType.NULL, hand=hand
    )


def test_the_four_suits_share_a_model_read_from_the_trump_suit() -> None:
    model = load_model()
    clubs = mask_of(parse_cards("CJ SJ CA CT C9 C8 HA H7 D8 D7"))
    spades = mask_of(parse_cards("CJ SJ SA ST S9 S8 HA H7 D8 D7"))
    assert features(clubs, 0, GameType.CLUBS) == features(spades, 0, GameType.SPADES)
    assert model.win_chance(clubs, 0, GameType.CLUBS, hand=True) == model.win_chance(
        spades, 0, GameType.SPADES, hand=True
    )


@pytest.mark.parametrize("game", [GameType.RAMSCH, GameType.SPITZE])
def test_a_game_without_a_model_is_named(game: GameType) -> None:
    with pytest.raises(SkatError, match=f"game {game.letter} has no learned model"):
        family(game)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[]", "not a contract model"),
        ('{"models": {}}', "not a contract model.*suit/hand"),
        (
            json.dumps(
                {
                    "models": {
                        f"{k}/{h}": {"features": ["bias"], "weights": [0.0, 1.0]}
                        for k in ("suit", "grand", "null")
                        for h in ("hand", "pickup")
                    }
                }
            ),
            "1 features, 2 weights",
        ),
    ],
)
def test_a_model_text_that_is_no_model_is_refused(text: str, message: str) -> None:
    with pytest.raises(SkatError, match=message):
        model_from_json(text)
