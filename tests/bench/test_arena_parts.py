"""bench/arena_parts.sh: a long arena run in resumable parts, played by its own commit's code."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(out: Path, *arena: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "bench/arena_parts.sh", str(out), "1", "2", *arena],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip


def _worktrees() -> str:
    return subprocess.run(
        ["git", "worktree", "list"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout


def test_parts_are_written_resumed_and_played_by_the_run_s_commit(tmp_path: Path) -> None:
    out = tmp_path / "run"
    trees = _worktrees()
    done = _run(out, "heuristic", "random", "--seed", "5")
    assert done.returncode == 0, done.stderr
    head = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert (out / "commit").read_text() == head
    first = json.loads((out / "part-0000.json").read_text())
    second = json.loads((out / "part-0001.json").read_text())
    assert (first["deals"], first["seed"], second["deals"]) == (1, 5, 1)
    assert first["players"] == ["heuristic", "random"]
    # a lost part is played again, the same; the others are kept as they are
    kept = (out / "part-0000.json").stat().st_mtime_ns
    (out / "part-0001.json").unlink()
    again = _run(out, "heuristic", "random", "--seed", "5")
    assert again.returncode == 0, again.stderr
    replayed = json.loads((out / "part-0001.json").read_text())
    assert (replayed["per_deal"], replayed["difference"]) == (
        second["per_deal"],
        second["difference"],
    )
    assert (out / "part-0000.json").stat().st_mtime_ns == kept
    assert _worktrees() == trees  # the run's worktree is gone again


def test_a_run_whose_commit_is_not_there_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "run"
    out.mkdir()
    (out / "commit").write_text("0" * 40 + "\n")
    refused = _run(out, "heuristic", "random")
    assert refused.returncode == 2
    assert "is no commit of this repository" in refused.stderr
    assert not list(out.glob("part-*"))


@pytest.mark.parametrize(
    ("size", "parts", "message"),
    [("abc", "2", "SIZE must be a whole number"), ("08", "1", "SIZE must be"), ("0", "2", "SIZE"),
     ("1", "0", "PARTS must be a whole number"), ("-1", "2", "SIZE")],
)  # fmt: skip
def test_a_bad_size_or_part_count_is_refused_before_anything_is_written(
    tmp_path: Path, size: str, parts: str, message: str
) -> None:
    out = tmp_path / "run"
    refused = subprocess.run(
        ["bash", "bench/arena_parts.sh", str(out), size, parts, "heuristic", "random"],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert refused.returncode == 2
    assert message in refused.stderr
    assert not out.exists()


def test_a_run_goes_on_only_with_its_own_arguments(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert _run(out, "heuristic", "random", "--seed", "5").returncode == 0
    other = _run(out, "heuristic", "random", "--seed", "7")
    assert other.returncode == 2
    assert "one run, one set of arguments" in other.stderr
    assert sorted(p.name for p in out.glob("part-*")) == ["part-0000.json", "part-0001.json"]


def test_a_part_is_played_by_the_run_s_commit_not_the_tree_s(tmp_path: Path) -> None:
    # a clone whose newest commit breaks `skat`; the run started one commit before it
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", "--local", str(ROOT), str(clone)], check=True)
    (clone / ".venv").symlink_to(ROOT / ".venv")
    git = ["git", "-C", str(clone), "-c", "user.name=test", "-c", "user.email=test@example.org"]
    start = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True)
    run = clone / "runs" / "r"
    run.mkdir(parents=True)
    (run / "commit").write_text(start.stdout)
    init = clone / "skat" / "__init__.py"
    init.write_text('raise SystemExit("the code after the run\'s commit")\n')
    subprocess.run([*git, "commit", "--quiet", "-am", "break skat"], check=True)
    broken = subprocess.run(
        [str(ROOT / ".venv/bin/python"), "-c", "import skat"],
        cwd=clone, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert broken.returncode != 0  # the tree's own code cannot play
    done = subprocess.run(
        ["bash", "bench/arena_parts.sh", "runs/r", "1", "1", "heuristic", "random"],
        cwd=clone, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads((run / "part-0000.json").read_text())["deals"] == 1
