"""Tests of ``skat solve``: JSON lines in, value, best cards and milliseconds out."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from skat.cli import main

GRAND = '{"hands": ["CJ SA HT", "SJ ST S7", "HA H7 D7"], "game": "G", "declarer": 0, "to_move": 0}'


def test_solve_prints_value_best_cards_and_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "positions.jsonl"
    path.write_text(GRAND + "\n\n" + GRAND[:-1] + ', "target": 61}\n')
    assert main(["solve", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert re.fullmatch(rf"{re.escape(str(path))}:1 value 15 best CJ SA \d+\.\d ms", lines[0])
    assert re.fullmatch(rf"{re.escape(str(path))}:3 value 0 best CJ SA HT \d+\.\d ms", lines[1])


def test_mode_exact_with_a_target_is_refused_and_the_modes_answer_their_own_question(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # exact: the declarer's card points (15); threshold: whether he reaches the target (0)
    exact = GRAND[:-1] + ', "mode": "exact"}'
    threshold = GRAND[:-1] + ', "mode": "threshold", "target": 61}'
    monkeypatch.setattr("sys.stdin", io.StringIO(exact + "\n" + threshold + "\n"))
    assert main(["solve"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" best ")[0] for line in lines] == ["-:1 value 15", "-:2 value 0"]
    # both asked at once: which answer is meant cannot be known, so neither is given
    monkeypatch.setattr("sys.stdin", io.StringIO(GRAND[:-1] + ', "mode": "exact", "target": 61}'))
    assert main(["solve"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "skat: -:1: mode 'exact' asks for the value and takes no target (got 61): leave the"
        " target out, or give mode 'threshold'\n"
    )


def test_solve_reads_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(GRAND.replace('"G"', '"N"') + "\n"))
    assert main(["solve"]) == 0
    assert capsys.readouterr().out.startswith("-:1 value 0 best CJ SA HT ")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{", r"^skat: -:1: not JSON"),
        (GRAND.replace("HT", "HX"), r"^skat: -:1: not a card: 'HX'"),
        (GRAND.replace('"to_move": 0', '"to_move": 0, "trick": "D7"'), r"-:1: trick card D7"),
        (GRAND.replace('"G"', '"R"').replace("0}", '0, "mode": "fast"}'), r"mode must be"),
        ('{"a":' + "[" * 5000 + "]" * 5000 + "}", r"^skat: -:1: JSON nested too deeply"),
        (GRAND.replace("0}", '0, "target": -5}'), r"target must be 0 \.\. 1000"),
        ("", r"^skat: no position to solve"),
        # the hand is echoed cut to 40 characters (skat.errors.cut), not 300 KB of it
        (
            GRAND.replace("HT", "HT " + "CA " * 100_000),
            r"^skat: -:1: a card is given twice in .{40}$",
        ),
    ],
)
def test_solve_bad_input_is_one_line_without_traceback(
    line: str, message: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(line + "\n"))
    assert main(["solve", "-"]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1
    assert re.search(message, err)
    assert "Traceback" not in err


def test_solve_names_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.slow
def test_solve_iss_records_at_their_first_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sample = Path(__file__).parents[1] / "data" / "iss_records_sample.sgf"
    lines = sample.read_text(errors="replace").splitlines()[:3]
    path = tmp_path / "three.sgf"
    path.write_text("\n".join(lines) + "\n")
    assert main(["solve", "--iss", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3
    for number, row in enumerate(out, 1):
        assert re.fullmatch(
            rf".*:{number} (value \d+ best [CSHD2-9TJQKA ]+ \S+ ms|no card play)", row
        )
