"""Scores on the lists (simple and Seeger-Fabian, SkWO), the results' JSON for the web client,
and real ISS results (tests/data/iss_results.md) scored as the server scores them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from skat.contract import Contract
from skat.errors import SkatError
from skat.options import Options, ScoreList
from skat.ramsch import RamschResult, score_ramsch
from skat.rules import GameType
from skat.scoring import GameResult, Step, list_scores, score_game

from scoring_helpers import KONTRA, matador_mask, score

DATA = Path(__file__).parents[1] / "data"


# Score lists (SkWO Seeger-Fabian)


@pytest.mark.parametrize(
    ("won", "declarer", "score_list", "expected"),
    [
        (True, 0, ScoreList.SIMPLE, (24, 0, 0)),
        (False, 1, ScoreList.SIMPLE, (0, -48, 0)),
        (True, 2, ScoreList.SEEGER_FABIAN, (0, 0, 74)),
        (False, 0, ScoreList.SEEGER_FABIAN, (-98, 40, 40)),
        (False, 2, ScoreList.SEEGER_FABIAN, (40, 40, -98)),
    ],
)
def test_list_scores_simple_and_seeger_fabian(
    won: bool, declarer: int, score_list: ScoreList, expected: tuple[int, int, int]
) -> None:
    result = score("C", points=70 if won else 50, tricks=5)
    assert list_scores(result, declarer, score_list) == expected


@pytest.mark.parametrize("declarer", [-1, 3])
def test_list_scores_rejects_a_bad_seat(declarer: int) -> None:
    with pytest.raises(SkatError, match="not a seat"):
        list_scores(score("C", points=70, tricks=5), declarer, ScoreList.SIMPLE)


# JSON for the web client


@pytest.mark.parametrize(
    ("result", "keys"),
    [
        (
            score("CH", points=70, tricks=6, kontra=1, options=KONTRA),
            {"contract", "bid", "won", "game_value", "score", "overbid", "matadors",
             "declarer_points", "declarer_tricks", "defender_tricks", "levels", "kontra",
             "conceded", "claim", "explanation"},
        ),
        (
            score_ramsch((60, 50, 0), (5, 5, 0), 10, 0, pushes=1, options=Options()),
            {"points", "tricks", "losers", "jungfrau", "durchmarsch", "multiplier", "scores",
             "explanation"},
        ),
    ],
)  # fmt: skip
def test_results_serialize_to_plain_json(result: GameResult | RamschResult, keys: set[str]) -> None:
    data = result.to_json()
    assert set(data) == keys
    assert json.loads(json.dumps(data)) == data
    steps = data["explanation"]
    assert isinstance(steps, list)
    assert steps[-1]["code"] == "score"


@pytest.mark.parametrize(
    ("step", "expected"),
    [
        (Step("game", 2), {"code": "game", "value": 2}),
        (Step("jungfrau", 4, 1), {"code": "jungfrau", "value": 4, "seat": 1}),
    ],
)
def test_step_json_has_code_value_and_seat_when_set(
    step: Step, expected: dict[str, object]
) -> None:
    assert step.to_json() == expected


# Real ISS results (tests/data/iss_results.md)


def _iss_records() -> list[dict[str, Any]]:
    with (DATA / "iss_results.jsonl").open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


ISS_RECORDS = _iss_records()


def test_iss_data_covers_suit_grand_null_won_lost_and_overbid_games() -> None:
    contracts = {Contract.parse(r["contract"]).game for r in ISS_RECORDS}
    assert {GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS} <= contracts
    assert {GameType.GRAND, GameType.NULL} <= contracts
    assert {r["win"] for r in ISS_RECORDS} == {True, False}
    assert sum(r["overbid"] for r in ISS_RECORDS) == 4
    assert len(ISS_RECORDS) == 41


@pytest.mark.parametrize("record", ISS_RECORDS, ids=[str(r["id"]) for r in ISS_RECORDS])
def test_iss_records_score_like_the_server(record: dict[str, Any]) -> None:
    contract = Contract.parse(record["contract"])
    result = score_game(
        contract,
        bid=record["bid"],
        matador_cards=0
        if contract.game == GameType.NULL
        else matador_mask(contract.game, record["m"]),
        declarer_points=record["p"],
        declarer_tricks=record["t"],
        defender_tricks=record["defender_tricks"],
        options=Options(),
    )
    assert result.matadors == record["m"]
    assert result.score == record["v"]
    assert result.won is record["win"]
    assert result.overbid is record["overbid"]
