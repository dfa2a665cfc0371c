"""bench/declare_data.py: contracts played out, labelled as skat.scoring scores them, resumable
and the same whoever plays them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import declare_data as dd
from bench.rows import ProcessMapper, Row, read_rows
from skat.action import Action
from skat.arena import arena_deal_number
from skat.deal import deal
from skat.options import Options, ScoreList
from skat.players.contract_model import load_model
from skat.scoring import GameResult, list_scores
from skat.state import State

from rows_helpers import check_resumes

SMALL = (
    "strong:worlds=4,node_budget=20000,defence_worlds=4,defence_budget=20000,"
    "contract_worlds=4,contract_budget=20000"
)
"""A strong declarer on a tiny budget: a game in a fraction of a second."""

SETTINGS = dd.Settings(48, declarer=SMALL, defenders="heuristic", min_chance=0.0)
NAMES = [str(c) for c in dd.CONTRACTS]
JOBS: list[dd.Job] = [
    (SETTINGS, 0, 0, NAMES.index("CH")),  # a Hand game of forehand
    (SETTINGS, 0, 1, NAMES.index("G")),  # a pick-up Grand of middlehand
    (SETTINGS, 0, 2, NAMES.index("NO")),  # a pick-up Null Ouvert of rearhand
    (SETTINGS, 1, 2, NAMES.index("NH")),  # a Null Hand
]
"""A few jobs of two deals: every seat, Hand and pick-up, a suit, Grand, Null and Null Ouvert."""


def _run(path: Path, mapper: ProcessMapper) -> list[Row]:
    return list(dd.generate(JOBS, str(path), mapper, SETTINGS))


def test_the_fourteen_contracts_are_every_game_hand_and_pick_up() -> None:
    assert NAMES == [
        "DH", "HH", "SH", "CH", "GH", "NH", "NOH", "D", "H", "S", "C", "G", "N", "NO",
    ]  # fmt: skip


def test_plausible_contracts_are_those_of_a_learned_chance_at_the_threshold() -> None:
    cards = deal(arena_deal_number(48, 0)).hands[1].mask
    assert [k for k, _ in dd.plausible(cards, 1, 0.0)] == list(range(14))
    model = load_model()
    chances = [model.win_chance(cards, 1, c.game, hand=c.hand) for c in dd.CONTRACTS]
    threshold = sorted(chances)[7]
    kept = dd.plausible(cards, 1, threshold)
    assert kept == [(k, p) for k, p in enumerate(chances) if p >= threshold]
    assert 0 < len(kept) < 14
    jobs = dd.contract_jobs(dd.Settings(48, min_chance=threshold), 0, 1)
    assert [(i, s, k) for _, i, s, k in jobs if s == 1] == [(0, 1, k) for k, _ in kept]


@pytest.mark.parametrize("job", JOBS, ids=lambda job: f"{job[1]}-{job[2]}-{NAMES[job[3]]}")
def test_a_row_is_a_game_the_state_replays_labelled_as_skat_scoring_scores_it(job: dd.Job) -> None:
    row = dd.play_contract(job)
    _, index, seat, k = job
    contract = dd.CONTRACTS[k]
    number = arena_deal_number(48, index)
    assert (row["deal"], row["number"], row["seat"], row["index"]) == (index, number, seat, k)
    assert row["settings"] == SETTINGS.to_json()
    assert (row["contract"], row["game"]) == (str(contract), contract.game.letter)
    assert (row["hand"], row["ouvert"]) == (contract.hand, contract.ouvert)
    dealt = deal(number)
    assert (row["cards"], row["skat"]) == (dealt.hands[seat].mask, dealt.skat.mask)
    assert int(row["discard"]).bit_count() == 2
    assert row["discard_by"] in (("hand",) if contract.hand else ("strong", "heuristic"))
    if contract.hand:
        assert row["discard"] == row["skat"]
    else:
        assert row["discard"] & ~(row["cards"] | row["skat"]) == 0
    # the game again, action by action, through the State: the seat declared at 18 and the
    # labels are what skat.scoring says of it
    state = State.new(number, Options())
    for text in row["actions"].split():
        state = state.apply(Action.parse(text))
    assert state.is_terminal()
    assert state.declarer == seat
    assert state.contract == contract
    assert state.discard(seat) == (0 if contract.hand else row["discard"])
    result = state.result()
    assert isinstance(result, GameResult)
    assert result.bid == row["bid"] == 18
    assert row["won"] == result.won
    assert row["schneider"] == ("schneider" in result.levels)
    assert row["schwarz"] == ("schwarz" in result.levels)
    assert row["declarer_points"] == result.declarer_points
    assert row["game_value"] == result.game_value
    assert row["score"] == result.score
    assert row["sf"] == list_scores(result, seat, ScoreList.SEEGER_FABIAN)[seat]
    assert row["levels"] == list(result.levels)
    assert row["matadors"] == result.matadors
    assert not row["overbid"]


def test_a_stopped_run_goes_on_where_it_stopped_dropping_a_cut_off_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    check_resumes(tmp_path / "rows.jsonl", _run, dd, "play_contract", JOBS, monkeypatch)


def test_a_data_file_of_other_settings_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "rows.jsonl"
    other = dd.Settings(48, declarer=SMALL, defenders="strong", min_chance=0.0)
    path.write_text(json.dumps({"settings": other.to_json(), "deal": 0}) + "\n")
    with pytest.raises(SystemExit, match="other settings"):
        _run(path, ProcessMapper(1))


def test_two_worker_processes_give_the_rows_one_gives(tmp_path: Path) -> None:
    one = _run(tmp_path / "one.jsonl", ProcessMapper(1))
    assert _run(tmp_path / "two.jsonl", ProcessMapper(2)) == one
    assert (tmp_path / "two.jsonl").read_text() == (tmp_path / "one.jsonl").read_text()


def test_the_command_writes_the_rows_and_a_rerun_adds_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "rows.jsonl"
    args = ["--deals", "1", "--seed", "48", "--declarer", SMALL, "--min-chance", "0.38"]
    args += ["--workers", "1", "--out", str(path)]
    assert dd.main(args) == 0
    rows = read_rows(str(path))
    settings = dd.Settings(48, declarer=SMALL, min_chance=0.38)
    assert [(r["deal"], r["seat"], r["index"]) for r in rows] == [
        (i, s, k) for _, i, s, k in dd.contract_jobs(settings, 0, 1)
    ]
    assert rows
    assert all(r["chance"] >= 0.38 for r in rows)
    text = path.read_text()
    assert dd.main(args) == 0
    assert path.read_text() == text
    assert f"{len(rows)} rows in" in capsys.readouterr().err
