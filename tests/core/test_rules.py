"""Game types and trick rules (skat.rules): trumps, following the effective suit, trick winners.

Sources: ISkO 2.1-2.3; the Sächsische Spitze order is the one of the Chinese seed
(♦J > ♥J > ♠J > ♣J, then 7 > 8 > 9 > 10 > Q > K > A of every suit).
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skat.cards import ALL_CARDS, JACKS, CardSet, parse_card, points, suit_mask, suit_of
from skat.deal import deal
from skat.errors import NotationError, SkatError
from skat.options import AllPass, KontraRule, Options, RamschSkat, ScoreList
from skat.rules import (
    TRUMP,
    GameType,
    card_order,
    effective_suit,
    effective_suit_mask,
    follow_mask,
    legal_cards,
    trick_winner,
    trump_mask,
    trump_sequence,
)
from skat.values import table_values

SUIT_GAMES = [GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS]
TRUMP_GAMES = [*SUIT_GAMES, GameType.GRAND, GameType.RAMSCH, GameType.SPITZE]
games = st.sampled_from(list(GameType))
three_cards = st.lists(st.integers(min_value=0, max_value=31), min_size=3, max_size=3, unique=True)


def m(text: str) -> int:
    """The card mask of ISS notation."""
    return CardSet.from_str(text).mask


def cards(text: str) -> list[int]:
    """The cards of ISS notation, in the given order."""
    return [parse_card(t) for t in text.split()]


# --- game types ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "letter"), list(zip(GameType, "DHSCGNRX", strict=True)), ids=lambda x: str(x)
)
def test_game_type_letters_round_trip(game: GameType, letter: str) -> None:
    assert game.letter == letter
    assert GameType.from_letter(letter) == game


@pytest.mark.parametrize("letter", ["", "Z", "g", "GH", "DH", " G", None, 4])
def test_unknown_game_letter_raises_echoing_it(letter: str) -> None:
    with pytest.raises(NotationError, match=re.escape(f"not a game type: {letter!r}")):
        GameType.from_letter(letter)


@pytest.mark.parametrize(
    ("game", "base"),
    [
        (GameType.DIAMONDS, 9),
        (GameType.HEARTS, 10),
        (GameType.SPADES, 11),
        (GameType.CLUBS, 12),
        (GameType.GRAND, 24),
        (GameType.SPITZE, 20),
    ],
)
def test_base_values_are_9_10_11_12_grand_24_spitze_20(game: GameType, base: int) -> None:
    assert table_values(Options()).base_value(game) == base


@pytest.mark.parametrize("game", [GameType.NULL, GameType.RAMSCH])
def test_null_and_ramsch_have_no_base_value(game: GameType) -> None:
    values = table_values(Options())
    assert values.base[game] == 0
    with pytest.raises(SkatError, match="has no base value"):
        values.base_value(game)


@pytest.mark.parametrize("game", list(GameType), ids=lambda g: g.name)
def test_suit_games_and_matador_games_are_classified(game: GameType) -> None:
    assert game.is_suit == (game in SUIT_GAMES)
    assert game.has_matadors == (game in (*SUIT_GAMES, GameType.GRAND, GameType.SPITZE))


# --- trumps and effective suits ------------------------------------------------------------------


@pytest.mark.parametrize("game", SUIT_GAMES, ids=lambda g: g.name)
def test_suit_game_trumps_are_the_four_jacks_and_the_seven_cards_of_the_suit(
    game: GameType,
) -> None:
    assert trump_mask(game) == JACKS | suit_mask(game)
    assert trump_mask(game).bit_count() == 11


@pytest.mark.parametrize("game", [GameType.GRAND, GameType.RAMSCH, GameType.SPITZE])
def test_only_the_jacks_are_trumps_in_grand_ramsch_and_spitze(game: GameType) -> None:
    assert trump_mask(game) == JACKS


def test_null_has_no_trumps() -> None:
    assert trump_mask(GameType.NULL) == 0


@pytest.mark.parametrize("game", TRUMP_GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("jack", ["CJ", "SJ", "HJ", "DJ"])
def test_jacks_are_trumps_in_every_game_but_null(game: GameType, jack: str) -> None:
    assert effective_suit(parse_card(jack), game) == TRUMP


@pytest.mark.parametrize("jack", ["CJ", "SJ", "HJ", "DJ"])
def test_jacks_belong_to_their_printed_suit_in_null(jack: str) -> None:
    card = parse_card(jack)
    assert effective_suit(card, GameType.NULL) == suit_of(card)


@pytest.mark.parametrize("game", list(GameType), ids=lambda g: g.name)
def test_effective_suit_is_trump_exactly_for_the_trump_mask(game: GameType) -> None:
    for card in range(32):
        is_trump = bool(trump_mask(game) >> card & 1)
        assert (effective_suit(card, game) == TRUMP) == is_trump
        if not is_trump:
            assert effective_suit(card, game) == suit_of(card)


@pytest.mark.parametrize(
    ("led", "game", "follow"),
    [
        ("HJ", GameType.NULL, "HA HK HQ HJ HT H9 H8 H7"),
        ("H7", GameType.NULL, "HA HK HQ HJ HT H9 H8 H7"),
        ("HJ", GameType.SPADES, "CJ SJ HJ DJ SA ST SK SQ S9 S8 S7"),
        ("S7", GameType.SPADES, "CJ SJ HJ DJ SA ST SK SQ S9 S8 S7"),
        ("H7", GameType.SPADES, "HA HT HK HQ H9 H8 H7"),
        ("DJ", GameType.GRAND, "CJ SJ HJ DJ"),
        ("DA", GameType.GRAND, "DA DT DK DQ D9 D8 D7"),
        ("CJ", GameType.RAMSCH, "CJ SJ HJ DJ"),
        ("C7", GameType.SPITZE, "CA CT CK CQ C9 C8 C7"),
    ],
)
def test_follow_mask_is_the_effective_suit_of_the_led_card(
    led: str, game: GameType, follow: str
) -> None:
    assert follow_mask(parse_card(led), game) == m(follow)


@pytest.mark.parametrize("game", list(GameType))
def test_the_effective_suits_split_the_deck_in_every_game(game: GameType) -> None:
    masks = [effective_suit_mask(eff, game) for eff in range(5)]
    for card in range(32):  # each card lies in its effective suit's mask and in no other
        assert [mask >> card & 1 for mask in masks].count(1) == 1
        assert masks[effective_suit(card, game)] >> card & 1
    assert masks[TRUMP] == trump_mask(game)


# --- legal cards ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "led", "game", "legal"),
    [
        # Null: jacks belong to their printed suit.
        ("CJ H9 S7", "HJ", GameType.NULL, "H9"),
        ("HJ SA D7", "H7", GameType.NULL, "HJ"),
        ("CJ SA", "HJ", GameType.NULL, "CJ SA"),
        # Suit games: a jack led is a trump lead.
        ("HA H7 D7", "HJ", GameType.SPADES, "HA H7 D7"),
        ("SA HA H7", "HJ", GameType.SPADES, "SA"),
        ("CJ HA", "DJ", GameType.CLUBS, "CJ"),
        ("HJ D7", "H7", GameType.SPADES, "HJ D7"),
        ("HJ HA D7", "H7", GameType.SPADES, "HA"),
        ("CJ HA SA", "H7", GameType.HEARTS, "CJ HA"),
        ("HA S7", "H8", GameType.SPADES, "HA"),
        ("S7 D7", "H8", GameType.SPADES, "S7 D7"),
        # Grand, Ramsch, Spitze: only the jacks are trumps.
        ("HJ H7 SA", "HA", GameType.GRAND, "H7"),
        ("CA C7 HT", "CJ", GameType.GRAND, "CA C7 HT"),
        ("DJ CA", "CJ", GameType.GRAND, "DJ"),
        ("HJ H7 SA", "HA", GameType.RAMSCH, "H7"),
        ("DJ H7", "SJ", GameType.RAMSCH, "DJ"),
        ("HJ H7 SA", "HA", GameType.SPITZE, "H7"),
        ("CJ SA", "SJ", GameType.SPITZE, "CJ"),
    ],
)
def test_legal_cards_follow_the_effective_suit(
    hand: str, led: str, game: GameType, legal: str
) -> None:
    assert legal_cards(m(hand), parse_card(led), game) == m(legal)


def test_in_null_when_hj_is_led_a_player_holding_cj_and_h9_must_play_h9() -> None:
    assert legal_cards(m("CJ H9"), parse_card("HJ"), GameType.NULL) == m("H9")


@pytest.mark.parametrize("game", SUIT_GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("jack", ["CJ", "SJ", "HJ", "DJ"])
def test_a_jack_led_in_a_suit_game_is_a_trump_lead(game: GameType, jack: str) -> None:
    led = parse_card(jack)
    printed = suit_mask(suit_of(led)) & ~JACKS
    hand = (ALL_CARDS & ~trump_mask(game)) & (printed | suit_mask((game + 1) % 4))
    # Without trumps any card may be thrown, the led jack's printed suit included.
    assert legal_cards(hand, led, game) == hand
    assert legal_cards(hand & printed, led, game) == hand & printed
    # With a trump, only trumps.
    trump = 1 << parse_card(game.letter + "7")
    assert legal_cards(hand | trump, led, game) == trump


@pytest.mark.parametrize("game", list(GameType), ids=lambda g: g.name)
def test_the_leader_may_play_any_card(game: GameType) -> None:
    hand = m("CJ SA HT D7")
    assert legal_cards(hand, None, game) == hand


@given(st.integers(min_value=1, max_value=ALL_CARDS), st.integers(0, 31), games)
def test_legal_cards_are_a_non_empty_subset_of_the_hand(hand: int, led: int, game: int) -> None:
    hand &= ~(1 << led)
    legal = legal_cards(hand, led, game)
    assert legal & ~hand == 0
    assert (legal != 0) == (hand != 0)


@given(st.integers(min_value=0, max_value=ALL_CARDS), st.integers(0, 31), games)
def test_legal_cards_are_the_led_effective_suit_or_else_anything(
    hand: int, led: int, game: int
) -> None:
    hand &= ~(1 << led)
    suit = effective_suit(led, game)
    held = [c for c in range(32) if hand >> c & 1]
    can_follow = any(effective_suit(c, game) == suit for c in held)
    expected = [c for c in held if not can_follow or effective_suit(c, game) == suit]
    assert legal_cards(hand, led, game) == sum(1 << c for c in expected)


# --- trick winners -------------------------------------------------------------------------------


def _orders() -> list[tuple[GameType, str]]:
    out: list[tuple[GameType, str]] = []
    for game in SUIT_GAMES:
        s = game.letter
        out.append((game, f"CJ SJ HJ DJ {s}A {s}T {s}K {s}Q {s}9 {s}8 {s}7"))
        plain = "CSHD".replace(s, "")[0]
        out.append((game, " ".join(plain + r for r in "ATKQ987")))
    out += [
        (GameType.GRAND, "CJ SJ HJ DJ"),
        (GameType.GRAND, "DA DT DK DQ D9 D8 D7"),
        (GameType.RAMSCH, "CJ SJ HJ DJ"),
        (GameType.RAMSCH, "SA ST SK SQ S9 S8 S7"),
        (GameType.NULL, "HA HK HQ HJ HT H9 H8 H7"),
        (GameType.NULL, "CA CK CQ CJ CT C9 C8 C7"),
        (GameType.SPITZE, "DJ HJ SJ CJ"),
        (GameType.SPITZE, "C7 C8 C9 CT CQ CK CA"),
        (GameType.SPITZE, "H7 H8 H9 HT HQ HK HA"),
    ]
    return out


def _discard(game: GameType, *taken: int) -> int:
    """A card that can win no trick between ``taken``: a plain 8 of another suit."""
    busy = {suit_of(c) for c in taken} | ({int(game)} if game.is_suit else set())
    suit = next(s for s in range(4) if s not in busy)
    return suit * 8 + 1


@pytest.mark.parametrize(
    ("game", "order"), _orders(), ids=[f"{g.name}:{o[:5]}" for g, o in _orders()]
)
def test_the_higher_card_wins_in_the_order_of_each_game(game: GameType, order: str) -> None:
    ranked = cards(order)
    for i, high in enumerate(ranked):
        for low in ranked[i + 1 :]:
            third = _discard(game, high, low)
            assert trick_winner([low, high, third], game) == 1, (high, low)
            assert trick_winner([high, low, third], game) == 0, (high, low)
            assert trick_winner([low, third, high], game) == 2, (high, low)


@pytest.mark.parametrize(
    ("trick", "game", "winner"),
    [
        ("SA H7 ST", GameType.HEARTS, 1),
        ("SA ST S9", GameType.HEARTS, 0),
        ("S7 SA CA", GameType.HEARTS, 1),
        ("DT HK CJ", GameType.SPADES, 2),
        ("HJ S7 HA", GameType.SPADES, 0),
        ("HJ HA CJ", GameType.SPADES, 2),
        ("DJ HA HT", GameType.HEARTS, 0),
        ("HJ HA HT", GameType.GRAND, 0),
        ("CA DJ CT", GameType.GRAND, 1),
        ("S7 HA CA", GameType.GRAND, 0),
        ("HA DJ HT", GameType.RAMSCH, 1),
        ("C7 CJ CA", GameType.SPITZE, 1),
        ("CA C7 CT", GameType.SPITZE, 1),
        ("HT H9 HQ", GameType.SPITZE, 1),
        ("H7 CJ SA", GameType.NULL, 0),
        ("HJ H9 CJ", GameType.NULL, 0),
        ("HJ HQ H7", GameType.NULL, 1),
        ("HT HJ HA", GameType.NULL, 2),
    ],
)
def test_trick_winner_per_game_family(trick: str, game: GameType, winner: int) -> None:
    assert trick_winner(cards(trick), game) == winner


@pytest.mark.parametrize("game", TRUMP_GAMES, ids=lambda g: g.name)
def test_the_lowest_trump_beats_the_highest_plain_card(game: GameType) -> None:
    lowest_trump = trump_sequence(game)[-1] if game != GameType.RAMSCH else parse_card("DJ")
    plain = [c for c in range(32) if not trump_mask(game) >> c & 1]
    for card in plain:
        third = _discard(game, card, lowest_trump)
        assert trick_winner([card, lowest_trump, third], game) == 1


@given(three_cards, games)
def test_the_trick_winner_is_of_the_led_effective_suit_or_a_trump(
    trick: list[int], game: int
) -> None:
    winner = trick_winner(trick, game)
    suits = [effective_suit(c, game) for c in trick]
    assert suits[winner] in (suits[0], TRUMP)
    if TRUMP in suits:
        assert suits[winner] == TRUMP


@given(three_cards, games)
def test_the_trick_winner_does_not_depend_on_who_played_the_other_two(
    trick: list[int], game: int
) -> None:
    led, a, b = trick
    first = [led, a, b][trick_winner([led, a, b], game)]
    second = [led, b, a][trick_winner([led, b, a], game)]
    assert first == second


@pytest.mark.parametrize(
    ("trick", "card_points"), [("CA CT CK", 25), ("DJ HQ S9", 5), ("C7 C8 C9", 0)]
)
def test_card_points_of_a_trick(trick: str, card_points: int) -> None:
    assert points(m(trick)) == card_points


# --- trump sequence (for matadors) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "sequence"),
    [
        (GameType.CLUBS, "CJ SJ HJ DJ CA CT CK CQ C9 C8 C7"),
        (GameType.SPADES, "CJ SJ HJ DJ SA ST SK SQ S9 S8 S7"),
        (GameType.HEARTS, "CJ SJ HJ DJ HA HT HK HQ H9 H8 H7"),
        (GameType.DIAMONDS, "CJ SJ HJ DJ DA DT DK DQ D9 D8 D7"),
        (GameType.GRAND, "CJ SJ HJ DJ"),
        (GameType.SPITZE, "DJ HJ SJ CJ"),
        (GameType.NULL, ""),
        (GameType.RAMSCH, ""),
    ],
)
def test_trump_sequence_runs_from_the_highest_trump_down(game: GameType, sequence: str) -> None:
    assert trump_sequence(game) == cards(sequence)


@pytest.mark.parametrize("game", [*SUIT_GAMES, GameType.GRAND, GameType.SPITZE], ids=str)
def test_trump_sequence_agrees_with_the_trick_winner(game: GameType) -> None:
    sequence = trump_sequence(game)
    assert sum(1 << c for c in sequence) == trump_mask(game)
    for high, low in itertools.pairwise(sequence):
        assert trick_winner([low, high, _discard(game, high, low)], game) == 1


# --- a complete card play ------------------------------------------------------------------------


@given(st.integers(min_value=0, max_value=2**64 - 1), games, st.integers(0, 2**32))
def test_random_legal_play_of_a_deal_takes_120_points_with_the_skat(
    number: int, game: int, seed: int
) -> None:
    rng = random.Random(seed)
    d = deal(number)
    hands = [h.mask for h in d.hands]
    leader, taken = 0, 0
    for _ in range(10):
        trick: list[int] = []
        for offset in range(3):
            seat = (leader + offset) % 3
            legal = legal_cards(hands[seat], trick[0] if trick else None, game)
            card = rng.choice([c for c in range(32) if legal >> c & 1])
            hands[seat] &= ~(1 << card)
            trick.append(card)
        leader = (leader + trick_winner(trick, game)) % 3
        taken += points(sum(1 << c for c in trick))
    assert hands == [0, 0, 0]
    assert taken + d.skat.points() == 120


# --- options -------------------------------------------------------------------------------------


def test_options_default_to_the_isko() -> None:
    options = Options()
    assert options.all_pass == AllPass.NEW_DEAL
    assert options.kontra == KontraRule.OFF
    assert options.score_list == ScoreList.SEEGER_FABIAN
    assert options.ramsch_skat == RamschSkat.LAST_TRICK
    assert not options.supra
    assert not options.lost_hand_single
    assert not options.spitze
    assert options.durchmarsch


def test_options_are_frozen() -> None:
    options = Options(spitze=True)
    assert dataclasses.replace(options, spitze=False) == Options()
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.spitze = False  # type: ignore[misc]


# ---- the order a hand is sorted in (the browser's card_order) -----------------------------------


@pytest.mark.parametrize("game", list(GameType))
def test_the_card_order_ranks_each_suit_as_the_trick_rules_do(game: GameType) -> None:
    trumps, suits = card_order(game)
    groups = [trumps, *suits]
    assert sorted(c for group in groups for c in group) == list(range(32))
    assert all(effective_suit(c, game) == TRUMP for c in trumps)
    for suit, group in enumerate(suits):
        assert all(effective_suit(c, game) == suit for c in group)
    # the highest first: led or played to it, a card beats the ones after it in its group
    for group in groups:
        for high, low in itertools.combinations(group, 2):
            assert trick_winner([low, high], game) == 1, (game, high, low)
            assert trick_winner([high, low], game) == 0, (game, high, low)


def test_the_card_orders_of_spitze_and_null_are_their_own() -> None:
    spitze, spitze_suits = card_order(GameType.SPITZE)
    assert spitze == tuple(parse_card(c) for c in ("DJ", "HJ", "SJ", "CJ"))
    assert spitze_suits[0] == tuple(parse_card("D" + r) for r in "789TQKA")
    null, null_suits = card_order(GameType.NULL)
    assert null == ()
    assert null_suits[1] == tuple(parse_card("H" + r) for r in "AKQJT987")
    hearts, hearts_suits = card_order(GameType.HEARTS)
    assert [c for c in hearts][4:] == [parse_card("H" + r) for r in "ATKQ987"]
    assert hearts_suits[1] == ()
