"""Run data lives outside the tree (bench/runs.py): the budget of tracked data, the run
directory, restoring a run from the history, and bench/arena_parts.sh with a run's bare name."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
from pathlib import Path

import pytest

from bench import merge_arena, runs

ROOT = Path(__file__).resolve().parents[2]

BUDGET = 5_000_000
"""Bytes of tracked data files outside the package (issue 49: at most 5 MB of run data)."""

DATA = (".json", ".jsonl", ".csv", ".tsv", ".gz", ".xz", ".bz2", ".zst", ".zip", ".tar",
        ".npy", ".npz", ".pkl", ".parquet", ".sqlite", ".db")  # fmt: skip
"""What counts as data by its name; ``skat/`` (the package: its fitted contract model, the
client's string tables) ships its data and is not counted."""

# a small run the tree held until 2026-12-07: the commit that last changed it, its bytes' hash
STORED = "decision-times-d2-seed2026.json"
STORED_COMMIT = "0efcae0aff46cb62503313ce8f12af5acace3de0"
STORED_SHA256 = "1a5bbe955a72b4e0ee203540f527a5d0a731c20f4cfafba0b45ad946e903abca"


def _git(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", "-C", str(ROOT), *args], capture_output=True, text=True, check=False
    )


def test_the_tracked_data_outside_the_package_weighs_at_most_5_mb() -> None:
    listed = _git("ls-files", "-z")
    if listed.returncode != 0:
        pytest.skip(f"not a git checkout: {listed.stderr.strip()}")
    data = [
        p
        for p in listed.stdout.split("\0")
        if p.lower().endswith(DATA) and not p.startswith("skat/") and (ROOT / p).is_file()
    ]
    sizes = sorted(((ROOT / p).stat().st_size, p) for p in data)
    total = sum(size for size, _ in sizes)
    assert total <= BUDGET, f"{total:,} bytes of tracked data; the largest: {sizes[-5:]}"


def test_the_run_directory_is_the_environment_s_or_the_user_s(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SKAT_RUNS", str(tmp_path / "mine"))
    assert runs.runs_dir() == tmp_path / "mine"
    monkeypatch.delenv("SKAT_RUNS")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert runs.runs_dir() == tmp_path / "data" / "skat" / "runs"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert runs.runs_dir() == tmp_path / "home" / ".local" / "share" / "skat" / "runs"
    assert not runs.runs_dir().is_relative_to(ROOT)


def test_a_bare_run_file_name_is_a_file_of_the_run_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SKAT_RUNS", str(tmp_path / "runs"))
    assert runs.run_path("k.jsonl") == str(tmp_path / "runs" / "k.jsonl")
    assert (tmp_path / "runs").is_dir()  # created, so that a run can write there at once
    for given in ("./k.jsonl", "here/k.jsonl", "/tmp/k.jsonl", ".", "..", ""):
        assert runs.run_path(given) == given


def test_a_run_comes_back_from_the_history_and_a_changed_copy_is_kept(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if _git("cat-file", "-e", f"{STORED_COMMIT}^{{commit}}").returncode != 0:
        pytest.skip(f"this clone's history lacks commit {STORED_COMMIT[:9]} (a shallow clone)")
    monkeypatch.setenv("SKAT_RUNS", str(tmp_path))
    assert runs.main(["list"]) == 0
    listed = capsys.readouterr().out
    assert f"  {STORED}  1 file, 9,546 bytes, last commit {STORED_COMMIT[:9]}" in listed
    assert "  strong-v1-seed2029  52 files," in listed  # a folder of parts is one run
    assert runs.main(["restore", STORED]) == 0
    assert hashlib.sha256((tmp_path / STORED).read_bytes()).hexdigest() == STORED_SHA256
    assert runs.main(["list"]) == 0
    assert f"* {STORED}" in capsys.readouterr().out  # restored here
    assert runs.main(["restore", STORED]) == 0  # the same bytes: nothing to do
    assert "0 file(s) written" in capsys.readouterr().out
    (tmp_path / STORED).write_text("{}\n")  # a copy that went on: never overwritten
    with pytest.raises(SystemExit, match="differs from the history's"):
        runs.main(["restore", STORED])
    assert (tmp_path / STORED).read_text() == "{}\n"
    with pytest.raises(SystemExit, match="no run of that name"):
        runs.main(["restore", "no-such-run.jsonl"])


def test_an_arena_run_named_bare_lives_in_the_run_directory_and_merges_as_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if not (ROOT / ".venv" / "bin" / "skat").exists():
        pytest.skip("bench/arena_parts.sh needs the environment installed at .venv")
    done = subprocess.run(
        ["bash", "bench/arena_parts.sh", "tiny", "1", "2", "heuristic", "random", "--seed", "5"],
        cwd=ROOT, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "SKAT_RUNS": str(tmp_path)},
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    run = tmp_path / "tiny"
    assert sorted(p.name for p in run.iterdir()) == [
        "arguments", "commit", "part-0000.json", "part-0001.json"
    ]  # fmt: skip
    parts = [json.loads((run / f"part-000{i}.json").read_text()) for i in (0, 1)]
    assert merge_arena.main([str(run)]) == 0
    merged = capsys.readouterr().out
    difference = (parts[0]["difference"]["sf_per_game"] + parts[1]["difference"]["sf_per_game"]) / 2
    assert f"heuristic - random: {difference:+.2f} SF points/game" in merged
    assert "paired over 2 deals" in merged


BENCHMARKS = ROOT / "docs" / "benchmarks.md"
HISTORY = ROOT / "docs" / "experiments" / "2026-12-benchmark-history.md"


def test_the_benchmarks_page_holds_today_s_rows_within_400_lines() -> None:
    # issue 49: one current row per goal; the history lives in docs/experiments/
    assert len(BENCHMARKS.read_text(encoding="utf-8").splitlines()) <= 400


def test_a_section_of_the_benchmarks_page_that_is_cited_exists() -> None:
    # a citation names a section in quotes after the page ("Calibration" for "Calibration (win
    # chances ...)"); "Moved here from docs/benchmarks.md" names where a note came from
    headings = [
        line.lstrip("#").strip()
        for line in BENCHMARKS.read_text(encoding="utf-8").splitlines()
        if line.startswith("#")
    ]
    cited: set[tuple[str, str]] = set()
    for path in [ROOT / "README.md", *ROOT.glob("docs/**/*.md"), *ROOT.glob("skat/**/*.py"),
                 *ROOT.glob("bench/*.py"), *ROOT.glob("tests/**/*.py")]:  # fmt: skip
        text = " ".join(path.read_text(encoding="utf-8").split())
        for found in re.finditer(
            r'benchmarks\.md`?,? (?:section )?\(?((?:"[^"]+"(?:,| and)? ?)+)', text
        ):
            if not text[: found.start()].endswith("Moved here from docs/"):
                cited.update((path.name, name) for name in re.findall(r'"([^"]+)"', found[1]))
    assert len(cited) > 10  # the pattern still finds the citations
    unknown = {
        (f, n) for f, n in cited if not any(h == n or h.startswith(f"{n} (") for h in headings)
    }
    assert unknown == set()


def test_a_packed_run_committed_in_the_tree_comes_back_unpacked(tmp_path: Path) -> None:
    # a repository of its own: the run file packed, committed, removed, and restored
    repo, runs_here = tmp_path / "repo", tmp_path / "runs"
    runs_here.mkdir()
    checkpoint = b"".join(b'{"kind": "run", "index": %d}\n' % i for i in range(2000))
    (runs_here / "k.jsonl").write_bytes(checkpoint)
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    packed = runs.pack("k.jsonl", runs_here, repo)
    assert packed == repo / "bench" / "runs" / "k.jsonl.xz"
    assert packed.stat().st_size < len(checkpoint) / 10
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "a packed run"], check=True)
    subprocess.run([*git, "rm", "-q", str(packed)], check=True)
    subprocess.run([*git, "commit", "-qm", "the run leaves the tree"], check=True)
    stored = runs.stored_runs(repo)
    assert list(stored) == ["k.jsonl.xz"]
    elsewhere = tmp_path / "elsewhere"
    assert runs.restore("k.jsonl", stored, elsewhere, repo) == ["k.jsonl"]
    assert (elsewhere / "k.jsonl").read_bytes() == checkpoint
    with pytest.raises(SystemExit, match="no run file to pack"):
        runs.pack("missing.jsonl", runs_here, repo)
