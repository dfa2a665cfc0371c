"""bench/learn_contracts.py: the labelled rows, resumable and the same whoever computes them."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from bench import learn_contracts as lc
from bench.rows import Mapper, ProcessMapper, RayMapper, Row

from rows_helpers import check_resumes

SETTINGS = lc.settings_of(28, 1, 100_000)
JOBS = lc.jobs_of(28, 0, 2, 1, 100_000)
"""Two deals, three seats each, one world, a small budget: six quick rows."""


def _run(path: Path, mapper: Mapper) -> list[Row]:
    return list(lc.generate(JOBS, str(path), mapper, SETTINGS))


def test_a_row_holds_every_contracts_hand_and_pick_up_label_of_one_seat() -> None:
    row = lc.label_row(JOBS[1])
    assert (row["deal"], row["seat"], row["settings"]) == (0, 1, SETTINGS)
    assert sorted(row["labels"]) == sorted("DHSCGN")
    for entry in row["labels"].values():
        for wins, schneider, cut, nodes in (entry["hand"], entry["pickup"]):
            assert 0 <= schneider <= wins <= 1 - cut
            assert nodes >= 0
    assert row["nodes"] == sum(e[k][3] for e in row["labels"].values() for k in ("hand", "pickup"))
    assert int(row["cards"]).bit_count() == 10


def test_a_stopped_run_goes_on_where_it_stopped_dropping_a_cut_off_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    check_resumes(tmp_path / "rows.jsonl", _run, lc, "label_row", JOBS, monkeypatch)


def test_a_data_file_of_other_settings_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "rows.jsonl"
    path.write_text(json.dumps({**lc.label_row(JOBS[0]), "settings": {"worlds": 8}}) + "\n")
    with pytest.raises(SystemExit, match="other settings"):
        _run(path, ProcessMapper(1))


def test_two_worker_processes_give_the_rows_one_gives(tmp_path: Path) -> None:
    one = _run(tmp_path / "one.jsonl", ProcessMapper(1))
    assert _run(tmp_path / "two.jsonl", ProcessMapper(2)) == one
    assert (tmp_path / "two.jsonl").read_text() == (tmp_path / "one.jsonl").read_text()


@pytest.mark.slow
@pytest.mark.skipif(
    importlib.util.find_spec("ray") is None,
    reason="Ray is not installed (the optional extra: pip install .[cluster])",
)
def test_ray_tasks_on_a_local_instance_give_the_rows_the_processes_give(tmp_path: Path) -> None:
    pool = _run(tmp_path / "pool.jsonl", ProcessMapper(2))
    assert _run(tmp_path / "ray.jsonl", RayMapper("local", 2)) == pool
