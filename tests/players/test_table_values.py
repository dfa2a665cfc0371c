"""The table's rules reach every player: for each option that changes a value, the computer
players, the declaration dialog and the auction value a game exactly as the scorer does
(issue 49: one value for the table's rules, :mod:`skat.values`)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from skat.action import ActionKind
from skat.cards import CardSet
from skat.contract import Contract, legal_declarations
from skat.declaration import prospect
from skat.options import BockDeal, BockRule, Options, ScoreList
from skat.players import evaluation as ev
from skat.players.announcements import announced
from skat.players.contracts import Estimate
from skat.rules import GameType
from skat.scoring import GameResult, list_scores, score_game
from skat.state import State
from skat.values import table_values

TABLES = {
    "isko": Options(),
    "simple": Options(score_list=ScoreList.SIMPLE),
    "bock": Options(bock=BockRule.ROUNDS, bock_deal=BockDeal.BOCK),
    "lost_hand_single": Options(lost_hand_single=True),
    "spitze": Options(spitze=True),
    "revolution": Options(revolution=True),
    "all": Options(
        score_list=ScoreList.SIMPLE,
        lost_hand_single=True,
        spitze=True,
        revolution=True,
        bock=BockRule.ROUNDS,
        bock_deal=BockDeal.BOCK,
    ),
}
"""A table for each option that changes a value, and one with all of them."""

# the declarer's ten cards and the skat: with ♣J ♠J (with 2 in a suit game, Grand, Spitze: 1)
CARDS = CardSet.from_str("CJ SJ HA HT HK H9 H8 SA ST CA D7 S7").mask
DECLARER = 1


def played(contract: Contract, options: Options, *, won: bool) -> GameResult:
    """The scorer's result of ``contract`` won with 61 card points (no trick in Null), or lost
    with 59 (a trick in Null), at the bid 18: no Schneider either way."""
    null = contract.game == GameType.NULL
    if null:
        tricks = 0 if won else 1
        return score_game(
            contract, bid=18, matador_cards=CARDS, declarer_points=0 if won else 10,
            declarer_tricks=tricks, defender_tricks=10 - tricks, options=options,
        )  # fmt: skip
    return score_game(
        contract, bid=18, matador_cards=CARDS, declarer_points=61 if won else 59,
        declarer_tricks=5, defender_tricks=5, options=options,
    )  # fmt: skip


def contracts(options: Options) -> list[Contract]:
    """Every plain contract the table offers, Hand and after a pick-up (no announcements)."""
    out = [c for c in legal_declarations(False, 18, options)]
    out += [
        c
        for c in legal_declarations(True, 18, options)
        if not (c.schneider or c.schwarz) and (c.game == GameType.NULL or not c.ouvert)
    ]
    return out


@pytest.mark.parametrize("table", TABLES)
def test_the_players_value_every_contract_as_the_scorer_does(table: str) -> None:
    options = TABLES[table]
    offered = contracts(options)
    assert (Contract.parse("XH") in offered) == options.spitze
    assert (Contract.parse("NV") in offered) == options.revolution
    for contract in offered:
        won = played(contract, options, won=True)
        lost = played(contract, options, won=False)
        assert won.won
        assert not lost.won
        if not contract.revolution:
            value = ev.contract_value(
                contract.game, CARDS, options, hand=contract.hand, ouvert=contract.ouvert
            )
            assert value == won.game_value, contract
        sheet_won = list_scores(won, DECLARER, options.score_list)
        sheet_lost = list_scores(lost, DECLARER, options.score_list)
        outcomes = ev.list_outcomes(won.game_value, options, hand=contract.hand)
        assert outcomes == (sheet_won[DECLARER], sheet_lost[DECLARER], sheet_lost[0]), contract
        # the players' objectives: the seat's own score, and the score against the table
        own = ev.expected_score(0.25, won.game_value, options, 0.0, hand=contract.hand)
        assert own == pytest.approx(0.25 * sheet_won[DECLARER] + 0.75 * sheet_lost[DECLARER])
        table_score = ev.expected_score(0.25, won.game_value, options, hand=contract.hand)
        against = sheet_lost[DECLARER] - sheet_lost[0] - sheet_lost[2]
        assert table_score == pytest.approx(0.25 * sheet_won[DECLARER] + 0.75 * against)


@pytest.mark.parametrize("table", TABLES)
def test_the_strong_players_estimate_and_announcements_score_as_the_scorer(table: str) -> None:
    options = TABLES[table]
    contract = Contract.parse("HH")
    won = played(contract, options, won=True)
    lost = played(contract, options, won=False)
    sure = Estimate(GameType.HEARTS, True, False, won.game_value, 400, 400, options=options)
    hopeless = Estimate(GameType.HEARTS, True, False, won.game_value, 0, 400, options=options)
    sheet_won = list_scores(won, DECLARER, options.score_list)[DECLARER]
    sheet_lost = list_scores(lost, DECLARER, options.score_list)[DECLARER]
    chance = sure.chance
    assert sure.score(0.0) == pytest.approx(chance * sheet_won + (1 - chance) * sheet_lost)
    chance = hopeless.chance
    assert hopeless.score(0.0) == pytest.approx(chance * sheet_won + (1 - chance) * sheet_lost)
    # without a Schneider count the announcement is the plain Hand game, scored as above
    assert announced(sure, 0.0) == (Contract.make(GameType.HEARTS, hand=True), sure.score(0.0))


@pytest.mark.parametrize("table", TABLES)
def test_the_declaration_dialog_values_a_contract_as_the_scorer(table: str) -> None:
    options = TABLES[table]
    for contract in contracts(options):
        figures = prospect(contract, bid=18, known_cards=CARDS, options=options)
        assert figures.value == played(contract, options, won=True).game_value, contract


@pytest.mark.parametrize("table", TABLES)
def test_the_auction_offers_the_tables_ladder(table: str) -> None:
    options = TABLES[table]
    values = table_values(options)
    state = State.new(5, options)
    bids = [a.value for a in state.legal_actions() if a.kind == ActionKind.BID]
    assert tuple(bids) == values.bids
    assert bids[-1] == values.highest_bid == 264
    assert values.next_bid(0) == 18
    assert values.next_bid(values.highest_bid) is None
    assert (
        values.base_value(GameType.GRAND)
        == played(Contract.parse("G"), options, won=True).game_value // 3
    )


def test_only_the_deals_bock_status_and_the_list_change_the_bonuses_and_the_factor() -> None:
    isko = table_values(Options())
    assert (isko.won_bonus, isko.lost_malus, isko.defender_bonus, isko.bock) == (50, 50, 40, 1)
    assert table_values(TABLES["simple"]).won_bonus == 0
    assert table_values(TABLES["bock"]).bock == 2
    bockramsch = replace(Options(bock=BockRule.RAMSCH), bock_deal=BockDeal.RAMSCH)
    assert table_values(bockramsch).bock == 1
    with pytest.raises(ValueError, match="Null has no base value"):
        isko.base_value(GameType.NULL)
