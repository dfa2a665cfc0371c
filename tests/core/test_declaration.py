"""The declaration dialog's figures (:mod:`skat.declaration`): what each contract is worth at the
bid, counted as :func:`skat.scoring.score_game` counts it, and what lifts a game that falls short.

The deals of the browser tests are pinned here too: deal 1000 at 60 with ♣Q and ♥8 put away
(Diamonds needs Schwarz), the same deal played Hand (Hearts needs Schwarz announced).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skat.cards import mask_of, parse_cards
from skat.contract import Contract
from skat.declaration import REACH_CODES, prospect
from skat.errors import SkatError
from skat.options import Options
from skat.rules import GameType
from skat.scoring import GameResult, matadors, score_game
from skat.values import table_values

CONTRACTS = [
    Contract.make(game, hand=hand, schneider=s, schwarz=z, ouvert=o)
    for game in (*GameType.__members__.values(),)
    if game not in (GameType.NULL, GameType.RAMSCH)
    for hand, s, z, o in (
        (False, False, False, False),
        (True, False, False, False),
        (True, True, False, False),
        (True, True, True, False),
        (True, True, True, True),
    )
] + [Contract.make(GameType.NULL, hand=h, ouvert=o) for h in (False, True) for o in (False, True)]

ISKO = Options()
"""The ISkO table (the default options), whose values the figures are counted at."""


def _cards(text: str) -> int:
    return mask_of(parse_cards(text))


@given(st.sampled_from(CONTRACTS), st.integers(0, 2**32 - 1), st.integers(18, 264))
def test_each_figure_is_the_value_score_game_gives_that_outcome(
    contract: Contract, known: int, bid: int
) -> None:
    p = prospect(contract, bid=bid, known_cards=known, options=ISKO)
    # (declarer's card points, his tricks, the defenders' tricks) of each outcome
    won, schneider, schwarz = (61, 5, 5), (90, 6, 4), (120, 10, 0)
    if contract.schneider:
        won = schneider
    if contract.schwarz:
        won = schneider = schwarz

    def scored(facts: tuple[int, int, int], at: int = 0) -> GameResult:
        points, tricks, defenders = facts
        return score_game(
            contract,
            bid=at,
            matador_cards=known,
            declarer_points=points,
            declarer_tricks=tricks,
            defender_tricks=defenders,
            options=ISKO,
        )

    for figure, facts in (
        (p.value, won),
        (p.schneider_value, schneider),
        (p.schwarz_value, schwarz),
    ):
        assert figure == scored(facts).game_value, (contract, facts)
    assert p.matadors == scored(won).matadors
    # below the bid it is lost at what score_game raises an overbid game to
    if p.value < bid:
        assert p.overbid_value == scored(won, bid).game_value
        assert p.reach != "bid"
    else:
        assert p.overbid_value is None
        assert p.reach == "bid"
    assert p.reach is None or p.reach in REACH_CODES


def test_a_suit_game_that_falls_short_names_schwarz_made() -> None:
    # deal 1000 at 60: middlehand's hand and the skat (♣J ♥A); Diamonds with 4 (♣J ♠J ♥J ♦J)
    known = _cards("CQ SJ SA SK HJ HQ H9 H8 DJ D7 CJ HA")
    p = prospect(Contract.parse("D"), bid=60, known_cards=known, options=ISKO)
    assert (p.matadors, p.value, p.schneider_value, p.schwarz_value) == (4, 45, 54, 63)
    assert (p.reach, p.overbid_value) == ("schwarz", 63)
    clubs = prospect(Contract.parse("C"), bid=60, known_cards=known, options=ISKO)
    assert (clubs.value, clubs.reach, clubs.overbid_value) == (60, "bid", None)


def test_a_hand_game_that_falls_short_names_the_announcement_that_lifts_it() -> None:
    # deal 1000 at 60 played Hand, the skat (♣J ♥A) unseen: ♠J ♥J ♦J, Hearts without 1
    known = _cards("CQ SJ SA SK HJ HQ H9 H8 DJ D7")
    hearts = prospect(Contract.parse("HH"), bid=60, known_cards=known, options=ISKO)
    assert (hearts.matadors, hearts.value, hearts.schwarz_value) == (-1, 30, 50)
    assert (hearts.reach, hearts.announced_value) == ("announce_schwarz", 70)
    # at 40 Schneider made reaches it, before any announcement
    assert (
        prospect(Contract.parse("HH"), bid=40, known_cards=known, options=ISKO).reach == "schneider"
    )
    assert (
        prospect(Contract.parse("HHS"), bid=60, known_cards=known, options=ISKO).reach == "schwarz"
    )
    assert prospect(Contract.parse("HHZ"), bid=60, known_cards=known, options=ISKO).reach == "bid"
    assert prospect(Contract.parse("HO"), bid=100, known_cards=known, options=ISKO).reach is None


def test_spitze_counts_its_matadors_from_the_diamond_jack() -> None:
    # ♦J ♥J, no ♠J: Spitze "with 2", game 3 → 60; Grand "without 2", game 3 → 72
    known = _cards("DJ HJ C7 C8 C9 S7 S8 H7 D7 D8")
    spitze = prospect(Contract.parse("X"), bid=18, known_cards=known, options=ISKO)
    assert (spitze.matadors, spitze.value) == (2, 60)
    assert prospect(Contract.parse("G"), bid=18, known_cards=known, options=ISKO).matadors == -2


def test_null_has_its_fixed_value() -> None:
    p = prospect(Contract.parse("NOH"), bid=59, known_cards=0, options=ISKO)
    assert (p.value, p.schwarz_value, p.reach, p.overbid_value) == (59, 59, "bid", None)


@pytest.mark.parametrize(
    ("contract", "bid", "known"),
    [("R", 18, 0), ("C", -1, 0), ("C", 18, 2**32)],
)
def test_what_no_declaration_can_be_is_refused(contract: str, bid: int, known: int) -> None:
    game = Contract(GameType.RAMSCH) if contract == "R" else Contract.parse(contract)
    with pytest.raises(SkatError):
        prospect(game, bid=bid, known_cards=known, options=ISKO)


# ---- a Hand game's unseen skat (issue 51, point 8)

DEAL_7348 = _cards("CA CK C9 C7 ST H9 DA DQ D9 D8")
"""Middlehand's ten cards of deal 7348: Diamonds "without 4" (♦A the fifth matador); the skat,
unseen in a Hand game, held ♣J ♠Q."""


def test_a_hand_game_says_the_skat_can_make_it_worth_less_than_the_bid() -> None:
    # deal 7348: Diamonds Hand "without 4" is 9 × 6 = 54 at a bid of 48; the ♣J in the skat made
    # it "with 1", 9 × 3 = 27: overbid, −108
    p = prospect(Contract.parse("DH"), bid=48, known_cards=DEAL_7348, options=ISKO)
    assert (p.matadors, p.value, p.reach) == (-4, 54, "bid")
    assert (p.lowest_matadors, p.lowest_value, p.skat_overbid) == (1, 27, True)
    assert p.to_json()["lowest_value"] == 27
    assert p.to_json()["skat_overbid"] is True
    # what the skat really held scores it so: "with 1", lost as overbid at 54 (ISkO 5.4)
    skat = _cards("CJ SQ")
    result = score_game(
        Contract.parse("DH"),
        bid=48,
        matador_cards=DEAL_7348 | skat,
        declarer_points=70,
        declarer_tricks=6,
        defender_tricks=4,
        options=ISKO,
    )
    assert (result.matadors, result.overbid, result.score) == (1, True, -108)  # 27 < 48
    # nothing made in play lifts "with 1" to 48: Schneider 36, Schwarz 45
    assert (p.lowest_reach, p.lowest_reach_value) == (None, None)
    # Schneider announced: at worst 9 × 5 = 45; only Schwarz made lifts it, to 54
    announced = prospect(Contract.parse("DHS"), bid=48, known_cards=DEAL_7348, options=ISKO)
    assert (announced.lowest_value, announced.lowest_reach) == (45, "schwarz")
    assert announced.lowest_reach_value == 54
    # Clubs Hand (base 12): at worst "with 1" 36, Schneider made 48 reaches the bid
    clubs = prospect(Contract.parse("CH"), bid=48, known_cards=DEAL_7348, options=ISKO)
    assert (clubs.lowest_value, clubs.lowest_reach, clubs.lowest_reach_value) == (
        36,
        "schneider",
        48,
    )
    assert clubs.to_json()["lowest_reach"] == "schneider"
    # at a bid the lowest value reaches, the skat cannot overbid it
    assert not prospect(
        Contract.parse("DH"), bid=27, known_cards=DEAL_7348, options=ISKO
    ).skat_overbid


@pytest.mark.parametrize(
    ("contract", "hand", "lowest"),
    [
        (
            "DH",
            "CA CK C9 C7 ST H9 DA DQ D9 D8",
            1,
        ),  # without 4: a jack in the skat, with or without 1
        ("CH", "CJ SJ C7 C8 C9 S7 S8 H7 D7 D8", 2),  # with 2: the skat only adds
        ("GH", "HJ DJ CA CT SA ST HA HT DA DT", 1),  # without 2: ♣J in the skat, with 1
        ("GH", "DJ CA CT SA ST HA HT DA DT D9", 1),  # without 3
        ("XH", "DJ HJ C7 C8 C9 S7 S8 H7 D7 D8", 2),  # Spitze with 2 (from ♦J)
    ],
)
def test_the_lowest_matadors_are_the_worst_skat_of_the_unseen_cards(
    contract: str, hand: str, lowest: int
) -> None:
    c = Contract.parse(contract)
    known = _cards(hand)
    unseen = [card for card in range(32) if not known >> card & 1]
    every = [
        matadors(c.game, known | 1 << a | 1 << b)
        for i, a in enumerate(unseen)
        for b in unseen[i + 1 :]
    ]
    p = prospect(c, bid=18, known_cards=known, options=ISKO)
    assert abs(p.lowest_matadors or 0) == min(abs(n) for n in every)
    assert p.lowest_matadors == lowest
    # plain Hand games: the matadors, game 1 and Hand 1 times the base value (ISkO 5.1)
    assert p.lowest_value == table_values(ISKO).base_value(c.game) * (abs(lowest) + 2)


def test_after_a_pick_up_and_in_null_the_skat_is_no_risk() -> None:
    known = DEAL_7348 | _cards("CJ SQ")
    picked = prospect(Contract.parse("D"), bid=18, known_cards=known, options=ISKO)
    assert (picked.lowest_matadors, picked.lowest_value, picked.skat_overbid) == (None, None, False)
    null = prospect(Contract.parse("NH"), bid=35, known_cards=DEAL_7348, options=ISKO)
    assert (null.lowest_matadors, null.lowest_value, null.skat_overbid) == (None, None, False)


@settings(max_examples=30)  # each example scores all 231 skats
@given(
    st.sampled_from([c for c in CONTRACTS if c.hand and c.game != GameType.NULL]),
    st.lists(st.integers(0, 31), min_size=10, max_size=10, unique=True),
)
def test_the_lowest_value_is_that_of_the_worst_of_every_possible_skat(
    contract: Contract, cards: list[int]
) -> None:
    known = sum(1 << c for c in cards)
    unseen = [card for card in range(32) if card not in cards]
    # each skat scored as score_game scores the game won with its announced levels
    won = (120, 10, 0) if contract.schwarz else (90, 6, 4) if contract.schneider else (61, 5, 5)
    worst = min(
        score_game(
            contract,
            bid=0,
            matador_cards=known | 1 << a | 1 << b,
            declarer_points=won[0],
            declarer_tricks=won[1],
            defender_tricks=won[2],
            options=ISKO,
        ).game_value
        for i, a in enumerate(unseen)
        for b in unseen[i + 1 :]
    )
    p = prospect(contract, bid=18, known_cards=known, options=ISKO)
    assert p.lowest_value == worst
    assert p.lowest_value <= p.value
