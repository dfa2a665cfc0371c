"""The figures of finished deals (skat.statistics) on hand-made deals whose outcome is plain from
the cards: every figure is checked against a count worked out by hand in the comments.

Deal "A": forehand holds the four jacks and six clubs (C7 lies in the skat), so in a Clubs Hand
game the defenders hold no trump and forehand takes every trick: with 11 (the skat's C7 counts),
game 12, Hand 13, Schneider 14, Schwarz 15 × 12 = 180, 120 card points; Seeger-Fabian 180 + 50.
Deal "N": middlehand holds the four highest cards of clubs and spades and the two of hearts, so
in Null Hand it must take the first trick, whatever forehand leads: lost, 35 → −70; Seeger-Fabian
−70 − 50 for it and +40 for each defender.
"""

from __future__ import annotations

import pytest

from skat.cards import CardSet
from skat.deal import Deal
from skat.options import AllPass, KontraRule, Options
from skat.ramsch import RamschResult
from skat.rules import GameType
from skat.state import State
from skat.statistics import (
    EXPECTED_PER_HAND,
    Interval,
    Mean,
    comparison,
    paired_interval,
    player_of_seat,
    seeger_fabian,
    statistics,
    t95,
)

A = (
    "CJ SJ HJ DJ CA CT CK CQ C9 C8",
    "SA ST SK SQ S9 S8 S7 HA HT HK",
    "HQ H9 H8 H7 DA DT DK DQ D9 D8",
)
A_SKAT = "C7 D7"
N = (
    "CT C9 C8 C7 ST S9 S8 S7 HQ HJ",
    "CA CK CQ CJ SA SK SQ SJ HA HK",
    "HT H9 H8 H7 DA DK DQ DJ DT D9",
)
N_SKAT = "D7 D8"


def _table(hands: tuple[str, str, str], skat: str, options: Options = Options()) -> State:  # noqa: B008
    cards = (CardSet.from_str(hands[0]), CardSet.from_str(hands[1]), CardSet.from_str(hands[2]))
    return State.from_deal(Deal(-1, cards, CardSet.from_str(skat)), options)


def _finish(state: State, *tokens: str) -> State:
    """``tokens`` in turn, then the first legal action until the deal is over."""
    for token in tokens:
        state = state.apply(token)
    while not state.is_terminal():
        state = state.apply(state.legal_actions()[0])
    return state


def deal_a(options: Options = Options(), *calls: str) -> State:  # noqa: B008
    """Forehand's Clubs Hand, won Schwarz (middlehand 18, forehand holds, both others pass)."""
    return _finish(_table(A, A_SKAT, options), "18", "y", "p", "p", "CH", *calls)


def deal_n() -> State:
    """Middlehand's Null Hand, lost in the first trick (middlehand 18, both others pass)."""
    return _finish(_table(N, N_SKAT), "18", "p", "p", "NH")


def passed() -> State:
    return _finish(_table(A, A_SKAT), "p", "p", "p")


def test_the_hand_made_deals_end_as_the_comments_say() -> None:
    a, n = deal_a().result(), deal_n().result()
    assert a is not None
    assert n is not None
    assert not isinstance(a, RamschResult)
    assert not isinstance(n, RamschResult)
    assert (a.won, a.game_value, a.score, a.declarer_points) == (True, 180, 180, 120)
    assert (n.won, n.game_value, n.score) == (False, 35, -70)
    assert deal_n().declarer == 1
    assert passed().result() is None


@pytest.mark.parametrize(
    ("human", "you_left_right"), [(0, (0, 1, 2)), (1, (1, 2, 0)), (2, (2, 0, 1))]
)
def test_players_are_named_from_the_persons_seat(
    human: int, you_left_right: tuple[int, int, int]
) -> None:
    # play goes clockwise forehand → middlehand → rearhand: left is the seat after the person's
    assert tuple(player_of_seat(seat, human) for seat in you_left_right) == (0, 1, 2)


def test_games_are_counted_by_type_declarer_won_and_lost() -> None:
    # the person in forehand: A is "you", N (middlehand's) is "left"
    stats = statistics([(deal_a(), 0), (deal_n(), 0), (passed(), 0)])
    by_type = {g.game: (g.won, g.lost) for g in stats.by_type}
    assert list(by_type) == [
        GameType.CLUBS,
        GameType.SPADES,
        GameType.HEARTS,
        GameType.DIAMONDS,
        GameType.GRAND,
        GameType.NULL,
    ]
    assert by_type[GameType.CLUBS] == ((1, 0, 0), (0, 0, 0))
    assert by_type[GameType.NULL] == ((0, 0, 0), (0, 1, 0))
    assert all(
        won == lost == (0, 0, 0)
        for g, (won, lost) in by_type.items()
        if g not in (GameType.CLUBS, GameType.NULL)
    )
    assert (stats.deals, stats.games, stats.passed, stats.ramsch) == (3, 2, 1, 0)


def test_the_person_in_rearhand_sees_forehands_game_as_lefts() -> None:
    # rearhand's left is forehand (play goes on clockwise from rearhand to forehand)
    stats = statistics([(deal_a(), 2)])
    clubs = stats.by_type[0]
    assert (clubs.game, clubs.won) == (GameType.CLUBS, (0, 1, 0))
    assert stats.game_value == (Mean(0, 0), Mean(180, 1), Mean(0, 0))


def test_game_values_and_seeger_fabian_points_per_game_and_per_declared_game() -> None:
    stats = statistics([(deal_a(), 0), (deal_n(), 0), (passed(), 0)])
    assert stats.game_value == (Mean(180, 1), Mean(35, 1), Mean(0, 0))
    # A: you 230; N: left −120, you and right +40 each; passed: 0. Three deals each.
    assert stats.seeger_fabian == (Mean(270, 3), Mean(-120, 3), Mean(40, 3))
    assert stats.seeger_fabian[0].mean == 90
    assert stats.seeger_fabian_declared == (Mean(230, 1), Mean(-120, 1), Mean(0, 0))
    assert stats.seeger_fabian_declared[2].mean is None


def test_seeger_fabian_points_are_counted_on_a_simple_list_too() -> None:
    from skat.options import ScoreList

    simple = deal_a(Options(score_list=ScoreList.SIMPLE))
    assert statistics([(simple, 0)]).seeger_fabian[0] == Mean(230, 1)


def test_card_points_as_declarer_and_defender_leave_null_out() -> None:
    stats = statistics([(deal_a(), 0), (deal_n(), 0)])
    # A only: you took all 120; left and right defended with 0 (N is Null: no card points)
    assert stats.declarer_points == (Mean(120, 1), Mean(0, 0), Mean(0, 0))
    assert stats.defender_points == (Mean(0, 0), Mean(0, 1), Mean(0, 1))


def test_kontra_and_re_are_counted_by_who_said_them_and_whether_their_side_won() -> None:
    # middlehand (left of forehand) says Kontra, forehand Re; forehand wins
    kontra = deal_a(Options(kontra=KontraRule.ON), "K", "R")
    assert kontra.kontra == 2
    stats = statistics([(kontra, 0), (deal_a(), 0)])
    calls = {c.call.name: (c.said, c.won) for c in stats.calls}
    assert calls == {
        "KONTRA": ((0, 1, 0), (0, 0, 0)),
        "RE": ((1, 0, 0), (1, 0, 0)),
        "SUPRA": ((0, 0, 0), (0, 0, 0)),
    }
    # Re quadruples: 180 × 4 + 50
    assert stats.seeger_fabian_declared[0] == Mean(720 + 50 + 230, 2)


def test_hand_quality_counts_the_jacks_aces_and_tens_dealt_to_each_player() -> None:
    stats = statistics([(deal_a(), 0), (deal_n(), 0)])
    # A: you 4 jacks, CA, CT; left SA HA, ST HT; right DA, DT
    # N: you HJ, no ace, CT ST; left CJ SJ, CA SA HA, no ten; right DJ, DA, HT DT
    assert stats.jacks == (Mean(5, 2), Mean(2, 2), Mean(1, 2))
    assert stats.aces == (Mean(1, 2), Mean(5, 2), Mean(2, 2))
    assert stats.tens == (Mean(3, 2), Mean(2, 2), Mean(3, 2))
    assert EXPECTED_PER_HAND == 1.25


def test_a_durchmarsch_is_a_ramsch_nobody_lost() -> None:
    # A in Ramsch: forehand's jacks are the only trumps and nobody else holds a club, so forehand
    # takes every trick whatever it leads: a Durchmarsch, +120 for it and no loser
    state = _finish(_table(A, A_SKAT, Options(all_pass=AllPass.RAMSCH)), "p", "p", "p")
    stats = statistics([(state, 1)])  # the person in middlehand: forehand is "right"
    assert (stats.deals, stats.ramsch, stats.passed, stats.games) == (1, 1, 0, 0)
    assert stats.ramsch_lost == (0, 0, 0)
    assert stats.seeger_fabian == (Mean(0, 1), Mean(0, 1), Mean(120, 1))
    assert stats.game_value == (Mean(0, 0),) * 3


def test_a_ramsch_counts_its_losers_and_scores_as_the_core_scored_them() -> None:
    state = _finish(_table(N, N_SKAT, Options(all_pass=AllPass.RAMSCH)), "p", "p", "p")
    res = state.result()
    assert isinstance(res, RamschResult)
    assert res.losers
    stats = statistics([(state, 1)])
    lost = [0, 0, 0]
    scores = [0, 0, 0]
    for seat in range(3):
        lost[player_of_seat(seat, 1)] += seat in res.losers
        scores[player_of_seat(seat, 1)] += res.scores[seat]
    assert stats.ramsch_lost == tuple(lost)
    assert tuple(m.total for m in stats.seeger_fabian) == tuple(scores)


def test_no_deals_give_empty_means() -> None:
    stats = statistics([])
    assert stats.deals == 0
    assert stats.jacks == (Mean(0, 0),) * 3
    data = stats.to_json()
    assert data["seeger_fabian"] == [{"total": 0, "count": 0, "mean": None}] * 3
    assert data["hands"]["expected"] == 1.25  # type: ignore[index]
    assert [g["game"] for g in data["by_type"]] == ["C", "S", "H", "D", "G", "N"]  # type: ignore[attr-defined]


def test_json_names_games_calls_and_players_in_record_notation() -> None:
    data = statistics([(deal_a(Options(kontra=KontraRule.ON), "K", "R"), 0)]).to_json()
    assert data["players"] == ["you", "left", "right"]
    assert data["by_type"][0] == {"game": "C", "won": [1, 0, 0], "lost": [0, 0, 0]}  # type: ignore[index]
    assert [c["call"] for c in data["calls"]] == ["K", "R", "SU"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("deal", "seat", "message"),
    [
        (lambda: _table(A, A_SKAT).apply("18"), 0, "not finished"),
        (deal_a, 3, "seat must be 0, 1 or 2"),
    ],
)
def test_an_unfinished_deal_or_a_bad_seat_is_refused(deal: object, seat: int, message: str) -> None:
    assert callable(deal)
    with pytest.raises(ValueError, match=message):
        statistics([(deal(), seat)])


def test_a_saechsische_spitze_is_counted_as_its_own_type() -> None:
    # A as Spitze Hand: forehand holds the only trumps (the jacks) and every club but the skat's,
    # so it takes every trick: with 4 (counted from the ♦ jack), game 5, Hand 6, Schneider 7,
    # Schwarz 8 × 20 = 160
    spitze = _finish(_table(A, A_SKAT, Options(spitze=True)), "18", "y", "p", "p", "XH")
    stats = statistics([(spitze, 0), (deal_a(), 0)])
    assert [g.game.letter for g in stats.by_type] == list("CSHDGNX")
    assert (stats.by_type[-1].won, stats.by_type[-1].lost) == ((1, 0, 0), (0, 0, 0))
    assert stats.game_value[0] == Mean(160 + 180, 2)


# ---- the score free of card luck: the paired interval and the comparison


@pytest.mark.parametrize(
    ("df", "quantile"),
    # Student's t, two-sided 95% (the 0.975 quantile), from the printed tables
    [
        (1, 12.706),
        (2, 4.303),
        (3, 3.182),
        (4, 2.776),
        (9, 2.262),
        (10, 2.228),
        (30, 2.042),
        (120, 1.980),
    ],
)
def test_t95_is_the_tables_quantile(df: int, quantile: float) -> None:
    assert t95(df) == pytest.approx(quantile, abs=5e-4)


def test_t95_tends_to_the_normal_quantile() -> None:
    assert t95(100000) == pytest.approx(1.95996, abs=1e-4)


@pytest.mark.parametrize("df", [0, -1, 2.5, True])
def test_t95_refuses_degrees_of_freedom_that_are_not_whole_and_positive(df: object) -> None:
    with pytest.raises(ValueError, match="degrees of freedom"):
        t95(df)  # type: ignore[arg-type]


def test_the_paired_interval_on_known_numbers() -> None:
    # differences 10, 20, 30, 40: mean 25, s = √(500/3) = 12.910, t(3) = 3.1824,
    # half = 3.1824 · 12.910 / 2 = 20.543
    i = paired_interval([10, 20, 30, 40])
    assert (i.count, i.mean) == (4, 25)
    assert i.low == pytest.approx(25 - 20.5426, abs=1e-3)
    assert i.high == pytest.approx(25 + 20.5426, abs=1e-3)


def test_the_paired_interval_has_no_bounds_below_two_values() -> None:
    assert paired_interval([]) == Interval(0, None, None, None)
    assert paired_interval([7]) == Interval(1, 7, None, None)


def test_the_comparison_sums_each_sides_seeger_fabian_points_in_the_seat() -> None:
    # the comparison counts what it is given (the match of a replay is checked before it,
    # skat.replay.check_replay): in forehand, A scores +230 and N +40 (a defender of a lost game)
    a, n = deal_a(), deal_n()
    c = comparison([(a, n, 0), (n, a, 0)])
    assert (c.deals, c.person, c.computer) == (2, 230 + 40, 40 + 230)
    assert c.difference == paired_interval([190, -190])
    assert comparison([(a, n, 0)]).to_json() == {
        "deals": 1,
        "person": 230,
        "computer": 40,
        "difference": {"count": 1, "mean": 190.0, "low": None, "high": None},
    }
    # in middlehand: −120 for the lost Null against 0 for A's defender
    assert comparison([(n, a, 1)]).difference.mean == -120


def test_the_seeger_fabian_points_of_a_deal_are_the_statistics_own() -> None:
    assert seeger_fabian(deal_a()) == (230, 0, 0)
    assert seeger_fabian(deal_n()) == (40, -120, 40)
    assert seeger_fabian(passed()) == (0, 0, 0)
