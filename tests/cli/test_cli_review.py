"""``skat review RECORD_FILE --seat N``: each decision of the seat as a table row (the strong
player's judgement, skat.analysis.review), the total and the open-hand verdict; bad input as one
line on stderr with exit status 2."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from skat import cli
from skat.analysis import review as review_module
from skat.analysis.review import review
from skat.players.strong import StrongPlayer
from skat.players.strong_settings import StrongSettings
from skat.record import read_record

DEALS: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).parents[1] / "data" / "analysis_deals.json").read_text()
)
RECORD = DEALS["null_losing_card"]["record"]

SMALL = StrongSettings(
    worlds=6, node_budget=40_000, min_worlds=2, contract_worlds=6, contract_budget=200_000,
    defence_worlds=6, defence_budget=40_000, rollouts=24, schieben_rollouts=24, kontra_draws=24,
)  # fmt: skip


def _run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        status = cli.main(argv)
    return status, out.getvalue()


@pytest.mark.slow
def test_skat_review_prints_a_row_per_decision_then_the_total_and_the_verdict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the small strong player in place of today's, for time
    monkeypatch.setattr(
        review_module, "StrongPlayer", lambda settings=None: StrongPlayer(settings or SMALL)
    )
    path = tmp_path / "deal.sgf"
    path.write_text(RECORD + "\n")
    want = review(read_record(RECORD), 1, SMALL)
    status, text = _run(["review", str(path), "--seat", "1"])
    assert status == 0
    lines = text.splitlines()
    assert lines[0] == f"{path}:1 seat 1"
    assert lines[1].split() == [
        "#", "phase", "taken", "best", "mark", "cost", "chance", "expected", "reason",
    ]  # fmt: skip
    rows = lines[2 : 2 + len(want.decisions)]
    for row, j in zip(rows, want.decisions, strict=True):
        cells = row.split()
        assert cells[:5] == [str(j.index), j.phase, j.taken, j.best, j.mark]
        assert cells[-1] == j.reason
    assert lines[-2].startswith(f"given away: {want.total:.1f} points expected")
    assert lines[-1] == f"with every card open: {want.open_hand['answer']}"
    status, out = _run(["review", str(path), "--seat", "1", "--json"])
    assert status == 0
    assert json.loads(out) == want.to_json()


def test_skat_review_refuses_an_unfinished_deal_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deal.sgf"
    path.write_text(RECORD.split(" 0 DT")[0].split("R[")[0] + "] ;)\n")
    assert cli.main(["review", str(path), "--seat", "1"]) == 2
    out, err = capsys.readouterr()
    assert out == ""  # no heading of a review that does not come
    assert err.count("\n") == 1
    assert "deal.sgf:1:" in err
    assert "only a finished deal can be reviewed" in err


def test_skat_review_refuses_an_empty_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "empty.sgf"
    path.write_text("")
    assert cli.main(["review", str(path)]) == 2
    assert "no records in" in capsys.readouterr().err
