"""Scoring of Ramsch and Schieberamsch (skat.ramsch.score_ramsch): the loser, the skat, pushes,
Jungfrau and Durchmarsch, after the pub rules of the seeds.
"""

from __future__ import annotations

from typing import Any

import pytest

from skat.errors import SkatError
from skat.options import Options, RamschSkat, ScoreList
from skat.ramsch import ramsch_list_scores, score_ramsch
from skat.scoring import Step

# Ramsch (pub rules of the seeds)


@pytest.mark.parametrize(
    ("trick_points", "tricks", "skat", "last", "points", "losers", "scores"),
    [
        ((50, 40, 20), (4, 4, 2), 10, 0, (60, 40, 20), (0,), (-60, 0, 0)),
        ((50, 40, 20), (4, 4, 2), 10, 2, (50, 40, 30), (0,), (-50, 0, 0)),
        ((40, 40, 30), (4, 3, 3), 10, 2, (40, 40, 40), (0, 1, 2), (-40, -40, -40)),
    ],
)
def test_ramsch_most_points_lose_them_and_the_skat_goes_to_the_last_trick(
    trick_points: tuple[int, int, int],
    tricks: tuple[int, int, int],
    skat: int,
    last: int,
    points: tuple[int, int, int],
    losers: tuple[int, ...],
    scores: tuple[int, int, int],
) -> None:
    result = score_ramsch(trick_points, tricks, skat, last, options=Options())
    assert (result.points, result.losers, result.scores) == (points, losers, scores)
    assert (result.jungfrau, result.durchmarsch, result.multiplier) == ((), None, 1)


@pytest.mark.parametrize(
    ("skat_rule", "points", "scores"),
    [
        (RamschSkat.LAST_TRICK, (50, 40, 30), (-50, 0, 0)),
        (RamschSkat.LOSER, (60, 40, 20), (-60, 0, 0)),
    ],
)
def test_ramsch_skat_goes_to_the_loser_under_the_option(
    skat_rule: RamschSkat, points: tuple[int, int, int], scores: tuple[int, int, int]
) -> None:
    result = score_ramsch((50, 40, 20), (4, 4, 2), 10, 2, options=Options(ramsch_skat=skat_rule))
    assert (result.points, result.scores) == (points, scores)
    # the explanation says where the skat's points went (they are in nobody's tricks)
    skat_to = 0 if skat_rule == RamschSkat.LOSER else 2
    assert [s for s in result.explanation if s.code == "ramsch_skat"] == [
        Step("ramsch_skat", 10, skat_to)
    ]


def test_ramsch_skat_to_tied_losers_is_explained_for_each_and_an_empty_skat_not_at_all() -> None:
    loser = Options(ramsch_skat=RamschSkat.LOSER)
    tied = score_ramsch((45, 45, 20), (4, 4, 2), 10, 2, options=loser)
    assert [s for s in tied.explanation if s.code == "ramsch_skat"] == [
        Step("ramsch_skat", 10, 0),
        Step("ramsch_skat", 10, 1),
    ]
    blank = score_ramsch((60, 40, 20), (4, 4, 2), 0, 2, options=Options())
    assert all(s.code != "ramsch_skat" for s in blank.explanation)


@pytest.mark.parametrize(
    ("trick_points", "skat", "last"),
    [((60, 60, 0), 0, 0), ((60, 50, 0), 10, 1)],
)
def test_ramsch_two_players_tied_on_60_with_a_jungfrau_both_lose_120(
    trick_points: tuple[int, int, int], skat: int, last: int
) -> None:
    result = score_ramsch(trick_points, (5, 5, 0), skat, last, options=Options())
    assert result.losers == (0, 1)
    assert result.jungfrau == (2,)
    assert result.multiplier == 2
    assert result.scores == (-120, -120, 0)
    assert Step("jungfrau", 2, 2) in result.explanation


def test_ramsch_pushes_name_their_seats_when_given_and_must_match_the_count() -> None:
    result = score_ramsch(
        (70, 40, 0), (6, 4, 0), 10, 0, pushes=2, pushed_by=(1, 2), options=Options()
    )
    assert [s for s in result.explanation if s.code == "schieben"] == [
        Step("schieben", 4, 1),
        Step("schieben", 8, 2),
    ]
    unnamed = score_ramsch((70, 40, 0), (6, 4, 0), 10, 0, pushes=1, options=Options())
    assert [s.seat for s in unnamed.explanation if s.code == "schieben"] == [None]
    for wrong in ((1,), (1, 2, 0), (1, 5)):
        with pytest.raises(SkatError, match="pushed_by"):
            score_ramsch(
                (70, 40, 0), (6, 4, 0), 10, 0, pushes=2, pushed_by=wrong, options=Options()
            )


def test_a_durchmarsch_after_pushes_explains_each_doubling() -> None:
    result = score_ramsch(
        (0, 110, 0), (0, 10, 0), 10, 1, pushes=2, pushed_by=(0, 2), options=Options()
    )
    assert result.scores == (0, 480, 0)
    assert [(s.code, s.value, s.seat) for s in result.explanation[:4]] == [
        ("ramsch_skat", 10, 1),
        ("durchmarsch", 120, 1),
        ("schieben", 2, 0),
        ("schieben", 4, 2),
    ]


@pytest.mark.parametrize(("pushes", "multiplier"), [(0, 2), (1, 4), (2, 8), (3, 16)])
def test_ramsch_each_push_and_each_jungfrau_doubles(pushes: int, multiplier: int) -> None:
    result = score_ramsch((70, 40, 0), (6, 4, 0), 10, 0, pushes=pushes, options=Options())
    assert result.multiplier == multiplier
    assert result.scores == (-80 * multiplier, 0, 0)
    assert [s.code for s in result.explanation].count("schieben") == pushes


@pytest.mark.parametrize(
    ("durchmarsch", "pushes", "losers", "scores"),
    [
        (True, 0, (), (0, 120, 0)),
        (True, 1, (), (0, 240, 0)),
        (False, 0, (1,), (0, -480, 0)),
        (False, 1, (1,), (0, -960, 0)),
    ],
)
def test_ramsch_durchmarsch_wins_120_or_counts_most_points_with_two_jungfrauen(
    durchmarsch: bool, pushes: int, losers: tuple[int, ...], scores: tuple[int, int, int]
) -> None:
    result = score_ramsch(
        (0, 100, 0), (0, 10, 0), 20, 1, pushes=pushes, options=Options(durchmarsch=durchmarsch)
    )
    assert result.durchmarsch == 1
    assert result.jungfrau == (0, 2)
    assert (result.losers, result.scores) == (losers, scores)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (((60, 50, 0), (5, 5, 0), 0, 0), "add up to 120"),
        (((60, 60, -10), (5, 5, 0), 10, 0), "add up to 120"),
        (((60, 50, 0), (5, 4, 0), 10, 0), "tricks must add up to 10"),
        (((60, 50, 0), (5, 5, 0), 10, 2), "last trick's winner"),
        (((60, 50, 0), (5, 5, 0), 10, 3), "last trick's winner"),
        (((60, 50), (5, 5, 0), 10, 0), "three seats"),
    ],
)
def test_score_ramsch_rejects_impossible_numbers(args: tuple[Any, ...], message: str) -> None:
    with pytest.raises(SkatError, match=message):
        score_ramsch(*args, options=Options())


@pytest.mark.parametrize("pushes", [-1, 4])
def test_score_ramsch_rejects_more_pushes_than_players(pushes: int) -> None:
    with pytest.raises(SkatError, match=r"pushes must be 0\.\.3"):
        score_ramsch((60, 50, 0), (5, 5, 0), 10, 0, pushes=pushes, options=Options())


@pytest.mark.parametrize("score_list", list(ScoreList))
def test_ramsch_list_scores_are_the_ramsch_scores_on_both_lists(score_list: ScoreList) -> None:
    result = score_ramsch((60, 50, 0), (5, 5, 0), 10, 0, options=Options())
    assert ramsch_list_scores(result, score_list) == result.scores == (-140, 0, 0)
