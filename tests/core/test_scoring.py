"""Scoring of a game (skat.scoring): matadors, levels, winning, overbid, Null, conceding and
Kontra.

Each test pins one rule (ISkO 2.4, 5.1-5.4) or one of the known traps of issue 2.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skat.cards import ALL_CARDS, mask_of, parse_cards
from skat.contract import Contract
from skat.errors import SkatError
from skat.options import KontraRule, Options
from skat.rules import GameType
from skat.scoring import (
    Step,
    game_won,
    matadors,
    null_value,
    overbid_value,
    score_game,
)
from skat.values import table_values

from scoring_helpers import KONTRA, score


def cards(text: str) -> int:
    """The mask of the ISS cards in ``text``."""
    return mask_of(parse_cards(text))


# ISkO 2.4: matadors


@pytest.mark.parametrize(
    ("game", "hand", "expected"),
    [
        (GameType.CLUBS, "CJ SJ HJ DJ CA CT CK CQ C9 C8 C7 SA", 11),
        (GameType.CLUBS, "SA ST SK HA HT HK DA DT DK S7 S8 S9", -11),
        (GameType.CLUBS, "CJ SJ DJ CA", 2),
        (GameType.CLUBS, "HJ CA", -2),
        (GameType.CLUBS, "DJ CA", -3),
        (GameType.HEARTS, "CJ SJ HJ DJ HA HT HQ", 6),
        (GameType.DIAMONDS, "D7", -10),
        (GameType.GRAND, "CJ SJ DJ", 2),
        (GameType.GRAND, "CJ SJ HJ DJ", 4),
        (GameType.GRAND, "SA ST", -4),
        (GameType.GRAND, "DJ", -3),
        (GameType.SPITZE, "DJ HJ CJ", 2),
        (GameType.SPITZE, "CJ", -3),
        (GameType.SPITZE, "", -4),
        (GameType.NULL, "CJ SJ", 0),
        (GameType.RAMSCH, "CJ SJ", 0),
    ],
)
def test_matadors_count_the_unbroken_run_from_the_top_trump(
    game: GameType, hand: str, expected: int
) -> None:
    assert matadors(game, cards(hand)) == expected


@pytest.mark.parametrize(
    ("game", "with_all", "without_all"),
    [
        (GameType.DIAMONDS, 11, -11),
        (GameType.CLUBS, 11, -11),
        (GameType.GRAND, 4, -4),
        (GameType.SPITZE, 4, -4),
    ],
)
def test_matadors_are_at_most_11_in_suit_games_and_4_in_grand(
    game: GameType, with_all: int, without_all: int
) -> None:
    assert matadors(game, ALL_CARDS) == with_all
    assert matadors(game, 0) == without_all


@pytest.mark.parametrize(
    ("skat", "expected_matadors", "expected_value"),
    [
        ("CJ S7", 3, 60),  # with 3 (♣J in the skat), game 4, hand 5 × 12
        ("H7 S7", -1, 36),  # without 1, game 2, hand 3 × 12
    ],
)
def test_jack_in_the_skat_counts_for_matadors_in_a_hand_game(
    skat: str, expected_matadors: int, expected_value: int
) -> None:
    dealt = cards("SJ HJ CA CT CK SA ST HA HT D7")
    result = score_game(
        Contract.parse("CH"),
        bid=18,
        matador_cards=dealt | cards(skat),
        declarer_points=70,
        declarer_tricks=6,
        defender_tricks=4,
        options=Options(),
    )
    assert result.matadors == expected_matadors
    assert result.game_value == expected_value
    assert result.levels == ("game", "hand")


# ISkO 5.2: winning and the levels


@pytest.mark.parametrize(
    ("contract", "points", "tricks", "defender_tricks", "won"),
    [
        ("C", 60, 5, 5, False),
        ("C", 61, 5, 5, True),
        ("CHS", 89, 8, 2, False),
        ("CHS", 90, 8, 2, True),
        ("CHZ", 120, 9, 1, False),  # a 0-point trick lost
        ("CHZ", 120, 10, 0, True),
        ("CO", 119, 9, 1, False),
        ("GO", 120, 10, 0, True),
        ("N", 0, 0, 10, True),
        ("NOH", 0, 1, 9, False),
    ],
)
def test_declarer_needs_61_points_90_when_schneider_announced_every_trick_when_schwarz(
    contract: str, points: int, tricks: int, defender_tricks: int, won: bool
) -> None:
    parsed = Contract.parse(contract)
    assert (
        game_won(
            parsed,
            declarer_points=points,
            declarer_tricks=tricks,
            defender_tricks=defender_tricks,
        )
        is won
    )
    assert score(contract, points=points, tricks=tricks, defender_tricks=defender_tricks).won is won


@pytest.mark.parametrize(
    ("points", "won", "schneider", "value", "signed"),
    [
        (90, True, True, 36, 36),  # defenders 30: Schneider
        (89, True, False, 24, 24),  # defenders 31: not Schneider
        (31, False, False, 24, -48),  # declarer 31: not Schneider
        (30, False, True, 36, -72),  # declarer 30: Schneider against himself
    ],
)
def test_schneider_boundary_is_30_card_points_for_either_side(
    points: int, won: bool, schneider: bool, value: int, signed: int
) -> None:
    result = score("C", points=points, tricks=5)
    assert result.won is won
    assert ("schneider" in result.levels) is schneider
    assert (result.game_value, result.score) == (value, signed)


@pytest.mark.parametrize(
    ("defender_tricks", "levels", "value"),
    [
        (1, ("game", "schneider"), 36),  # one trick worth 0 points: Schneider only
        (0, ("game", "schneider", "schwarz"), 48),
    ],
)
def test_schwarz_counts_tricks_not_points(
    defender_tricks: int, levels: tuple[str, ...], value: int
) -> None:
    result = score("C", points=120, tricks=10 - defender_tricks)
    assert result.levels == levels
    assert result.game_value == value
    assert result.won


@pytest.mark.parametrize(("points", "skat"), [(0, "none"), (21, "two aces in the skat")])
def test_declarer_without_a_trick_is_schwarz_himself(points: int, skat: str) -> None:
    result = score("C", points=points, tricks=0)
    assert result.levels == ("game", "schneider", "schwarz"), skat
    assert (result.won, result.game_value, result.score) == (False, 48, -96)


@pytest.mark.parametrize(
    ("contract", "m", "points", "tricks", "levels", "value"),
    [
        ("CH", 1, 70, 6, ("game", "hand"), 36),
        ("CH", 1, 95, 9, ("game", "hand", "schneider"), 48),
        ("CHS", 1, 95, 9, ("game", "hand", "schneider", "schneider_announced"), 60),
        (
            "DHS",
            3,
            120,
            10,
            ("game", "hand", "schneider", "schneider_announced", "schwarz"),
            72,
        ),
        (
            "CHZ",
            3,
            120,
            10,
            ("game", "hand", "schneider", "schneider_announced", "schwarz", "schwarz_announced"),
            108,
        ),
        # ISkO 5.2.6's own examples: Kreuz ouvert with 2 = 9 × 12, Grand ouvert with 4 = 11 × 24
        ("CO", 2, 120, 10, ("game", "hand", "schneider", "schneider_announced", "schwarz",
                            "schwarz_announced", "ouvert"), 108),
        ("GO", 4, 120, 10, ("game", "hand", "schneider", "schneider_announced", "schwarz",
                            "schwarz_announced", "ouvert"), 264),
        ("G", -4, 61, 5, ("game",), 120),
    ],
)  # fmt: skip
def test_multiplier_is_matadors_plus_levels_and_value_is_base_times_multiplier(
    contract: str, m: int, points: int, tricks: int, levels: tuple[str, ...], value: int
) -> None:
    result = score(contract, matadors_=m, points=points, tricks=tricks)
    assert result.levels == levels
    assert result.game_value == value
    assert result.explanation[-1] == Step("score", value)
    multiplier = next(step.value for step in result.explanation if step.code == "multiplier")
    assert multiplier == abs(m) + len(levels)


@pytest.mark.parametrize(
    ("contract", "points", "tricks", "value"),
    [
        ("CHS", 85, 8, 5 * 12),  # with 1, game, hand, schneider, announced: lost below 90
        ("CHZ", 110, 9, 7 * 12),  # lost one trick: Schwarz announced still counts
        ("CHS", 25, 2, 5 * 12),  # Schneider against himself is not counted twice (5.2.5)
    ],
)
def test_announced_levels_count_in_a_lost_game(
    contract: str, points: int, tricks: int, value: int
) -> None:
    result = score(contract, points=points, tricks=tricks)
    assert not result.won
    assert (result.game_value, result.score) == (value, -2 * value)


@pytest.mark.parametrize(("contract", "value"), [("CO", 8 * 12), ("GO", 8 * 24), ("DO", 8 * 9)])
def test_ouvert_lost_by_a_single_trick_despite_100_card_points(contract: str, value: int) -> None:
    result = score(contract, points=110, tricks=9)
    assert not result.won
    assert not result.overbid
    assert (result.game_value, result.score) == (value, -2 * value)


# ISkO 5.4: overbid


@pytest.mark.parametrize(
    ("contract", "m", "points", "tricks", "bid", "value", "signed"),
    [
        ("H", 1, 75, 7, 24, 30, -60),  # the trap: ♣J in the skat, "with 1, game 2" = 20 < 24
        ("D", 1, 41, 4, 36, 36, -72),  # ISS 596891: lost by points and overbid
        ("D", -1, 75, 7, 36, 36, -72),  # ISS 8650652
        ("DHS", -1, 106, 8, 46, 54, -108),  # ISS 6358905: 45 < 46
        ("G", 2, 70, 6, 73, 96, -192),
        ("C", 1, 95, 8, 36, 36, 36),  # Schneider reached: 36 ≥ 36, not overbid
    ],
)
def test_overbid_game_is_lost_at_the_next_multiple_of_the_base_value(
    contract: str, m: int, points: int, tricks: int, bid: int, value: int, signed: int
) -> None:
    result = score(contract, matadors_=m, points=points, tricks=tricks, bid=bid)
    assert result.overbid is (signed < 0)
    assert (result.game_value, result.score) == (value, signed)


def test_bid_24_hearts_with_club_jack_in_the_skat_is_with_1_game_2_overbid_minus_60() -> None:
    hand_and_skat = cards("HJ DJ HA HT HK H9 H8 SA ST CA") | cards("CJ S7")
    result = score_game(
        Contract.parse("H"),
        bid=24,
        matador_cards=hand_and_skat,
        declarer_points=75,
        declarer_tricks=7,
        defender_tricks=3,
        options=Options(),
    )
    assert [(s.code, s.value) for s in result.explanation] == [
        ("matadors_with", 1),
        ("game", 2),
        ("multiplier", 2),
        ("base_value", 10),
        ("game_value", 20),
        ("overbid", 24),
        ("raised_value", 30),
        ("lost_double", -60),
        ("score", -60),
    ]


@pytest.mark.parametrize(
    ("base", "bid", "expected"),
    [(9, 50, 54), (10, 50, 50), (11, 50, 55), (12, 50, 60), (24, 50, 72), (10, 24, 30), (9, 0, 0)],
)
def test_overbid_value_is_the_smallest_multiple_reaching_the_bid(
    base: int, bid: int, expected: int
) -> None:
    assert overbid_value(base, bid) == expected


@pytest.mark.parametrize(("base", "bid"), [(0, 18), (-9, 18), (9, -1)])
def test_overbid_value_rejects_bad_numbers(base: int, bid: int) -> None:
    with pytest.raises(SkatError, match="bad base value or bid"):
        overbid_value(base, bid)


# Null (ISkO 5.2.7 and the Null values)


@pytest.mark.parametrize(("contract", "value"), [("N", 23), ("NH", 35), ("NO", 46), ("NOH", 59)])
def test_null_values_are_23_35_46_59(contract: str, value: int) -> None:
    assert null_value(Contract.parse(contract), Options()) == value
    won = score(contract, points=0, tricks=0)
    lost = score(contract, points=0, tricks=1)
    assert (won.won, won.score, won.matadors) == (True, value, 0)
    assert (lost.won, lost.score) == (False, -2 * value)


@pytest.mark.parametrize("contract", ["C", "G", "CH"])
def test_null_value_rejects_other_games(contract: str) -> None:
    with pytest.raises(SkatError, match="not a Null contract"):
        null_value(Contract.parse(contract), Options())


@pytest.mark.parametrize(("bid", "contract"), [(24, "N"), (36, "NH")])
def test_null_below_the_bid_is_scored_normally(bid: int, contract: str) -> None:
    result = score(contract, points=0, tricks=0, bid=bid)
    value = null_value(Contract.parse(contract), Options())
    assert (result.won, result.overbid, result.game_value, result.score) == (
        True,
        False,
        value,
        value,
    )


# Lost games, conceding, Kontra


@pytest.mark.parametrize(
    ("contract", "single", "signed"),
    [
        ("C", False, -48),
        ("C", True, -48),  # the option concerns Hand games only
        ("CH", False, -72),
        ("CH", True, -36),
        ("NH", True, -35),
        ("NH", False, -70),
    ],
)
def test_lost_game_counts_double_or_single_for_hand_under_the_old_rule(
    contract: str, single: bool, signed: int
) -> None:
    tricks = 1 if contract.startswith("N") else 4
    result = score(contract, points=40, tricks=tricks, options=Options(lost_hand_single=single))
    assert result.score == signed
    single_applies = single and Contract.parse(contract).hand
    assert result.explanation[-2].code == ("lost_hand_single" if single_applies else "lost_double")


@pytest.mark.parametrize(
    ("contract", "m", "value"),
    [
        ("D", 1, 54),  # seed 000: bid 50 → ♦ 54, ♥ 50, ♠ 55, ♣ 60, Grand 72
        ("H", 1, 50),
        ("S", 1, 55),
        ("C", 1, 60),
        ("G", 1, 72),
        ("G", 4, 120),  # the real value (with 4, game 5 × 24) is higher: it counts
        ("CHS", 2, 72),  # with 2, game 3, hand 4, schneider 5, announced 6 × 12: announced counts
        ("C", 3, 60),  # with 3, game 4 × 12 = 48 < 50: raised; reached levels do not count
    ],
)
def test_conceded_game_is_lost_at_least_at_the_bid(contract: str, m: int, value: int) -> None:
    result = score(
        contract, matadors_=m, points=0, tricks=0, defender_tricks=0, bid=50, conceded=True
    )
    assert (result.won, result.conceded, result.overbid) == (False, True, False)
    assert (result.game_value, result.score) == (value, -2 * value)
    assert Step("conceded", 50) in result.explanation


@pytest.mark.parametrize(
    ("kontra", "won", "signed", "last_codes"),
    [
        (0, True, 24, ["won", "score"]),
        (1, True, 48, ["won", "kontra", "score"]),
        (2, True, 96, ["won", "kontra", "re", "score"]),
        (3, True, 192, ["won", "kontra", "re", "supra", "score"]),
        (1, False, -96, ["lost_double", "kontra", "score"]),
        (3, False, -384, ["lost_double", "kontra", "re", "supra", "score"]),
    ],
)
def test_kontra_re_supra_multiply_the_signed_score_by_2_4_8(
    kontra: int, won: bool, signed: int, last_codes: list[str]
) -> None:
    result = score("C", points=70 if won else 50, tricks=5, kontra=kontra, options=KONTRA)
    assert (result.won, result.game_value, result.score, result.kontra) == (won, 24, signed, kontra)
    assert [s.code for s in result.explanation[-len(last_codes) :]] == last_codes
    assert result.explanation[-2].value == signed


@pytest.mark.parametrize(
    ("kontra", "options", "message"),
    [
        (1, Options(), "without Kontra"),
        (3, Options(kontra=KontraRule.ON), "without Supra"),
        (4, KONTRA, "kontra must be"),
        (-1, KONTRA, "kontra must be"),
    ],
)
def test_kontra_levels_the_options_do_not_allow_are_rejected(
    kontra: int, options: Options, message: str
) -> None:
    with pytest.raises(SkatError, match=message):
        score("C", points=70, tricks=5, kontra=kontra, options=options)


@pytest.mark.parametrize(
    ("contract", "kwargs", "message"),
    [
        ("C", {"points": 121, "tricks": 5}, "card points must be 0..120"),
        ("C", {"points": -1, "tricks": 5}, "card points must be 0..120"),
        ("C", {"points": 70, "tricks": 11, "defender_tricks": 0}, "bad trick counts"),
        ("C", {"points": 70, "tricks": 6, "defender_tricks": 5}, "bad trick counts"),
        ("C", {"points": 70, "tricks": -1, "defender_tricks": 5}, "bad trick counts"),
        ("C", {"points": 70, "tricks": 5, "bid": -18}, "bad bid"),
    ],
)
def test_score_game_rejects_numbers_no_game_can_produce(
    contract: str, kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(SkatError, match=message):
        score(contract, **kwargs)


@pytest.mark.parametrize("mask", [-1, 1 << 32])
def test_score_game_rejects_a_bad_card_mask(mask: int) -> None:
    with pytest.raises(SkatError, match="bad card mask"):
        score_game(
            Contract.parse("C"),
            bid=18,
            matador_cards=mask,
            declarer_points=70,
            declarer_tricks=5,
            defender_tricks=5,
            options=Options(),
        )


def test_score_game_sends_ramsch_to_score_ramsch() -> None:
    with pytest.raises(SkatError, match="use score_ramsch"):
        score_game(
            Contract(GameType.RAMSCH),
            bid=0,
            matador_cards=0,
            declarer_points=0,
            declarer_tricks=0,
            defender_tricks=0,
            options=Options(),
        )


@given(
    game=st.sampled_from([GameType.DIAMONDS, GameType.HEARTS, GameType.CLUBS, GameType.GRAND]),
    hand=st.booleans(),
    mask=st.integers(min_value=0, max_value=ALL_CARDS),
    points=st.integers(min_value=0, max_value=120),
    tricks=st.integers(min_value=0, max_value=10),
    bid=st.integers(min_value=18, max_value=264),
)
def test_value_is_a_multiple_of_the_base_value_and_a_loss_costs_double(
    game: GameType, hand: bool, mask: int, points: int, tricks: int, bid: int
) -> None:
    result = score_game(
        Contract.make(game, hand=hand),
        bid=bid,
        matador_cards=mask,
        declarer_points=points,
        declarer_tricks=tricks,
        defender_tricks=10 - tricks,
        options=Options(),
    )
    base = table_values(Options()).base_value(game)
    assert result.game_value % base == 0
    if result.won:
        assert result.score == result.game_value >= bid
        assert not result.overbid
    else:
        assert result.score == -2 * result.game_value
    if result.overbid:
        assert result.game_value == overbid_value(base, bid) >= bid
    else:
        multiplier = next(s.value for s in result.explanation if s.code == "multiplier")
        assert result.game_value == base * multiplier >= bid
