"""Where the benchmarks' run data lives: outside the work tree, and back from git history.

A run's data (the checkpoint of a resumable run, the parts of a long arena run, a run's report)
is written to the *run directory*: ``$SKAT_RUNS`` when set, otherwise
``$XDG_DATA_HOME/skat/runs`` (``~/.local/share/skat/runs`` without ``XDG_DATA_HOME``), one per
user and machine. It is data to keep, not a cache: a run in progress resumes from it across
sessions. The bench scripts' run-file arguments (``--checkpoint``, ``--out``, ...) take a bare
file name (no ``/``) as a file of that directory (:func:`run_path`); a path with a folder in it,
``./NAME`` included, is taken as given.

Until 2026-12-07 the runs were committed under ``bench/runs/`` (53 MB); they left the tree,
not the history. ``list`` names every run that the repository's history holds, and
``restore NAME`` writes one back into the run directory from the commit that last added or
changed each of its files (``git cat-file blob COMMIT:bench/runs/NAME``): nothing is downloaded,
and a clone needs its history (not ``--depth``). ``bench/runs/`` in the tree is ignored by git;
a finished run committed there with ``git add -f`` while the tracked data stays within 5 MB
(``tests/bench/test_run_data.py``) is restored the same way on another machine: a folder of arena
parts as it is, a large file packed by ``pack NAME`` (``bench/runs/NAME.xz``; restored
unpacked). Run from the repository's root::

    .venv/bin/python -m bench.runs dir                 # the run directory
    .venv/bin/python -m bench.runs list                # the runs history holds; '*': restored here
    .venv/bin/python -m bench.runs restore xskat-strong-dev-seed1.jsonl strong-v1-seed2029
    .venv/bin/python -m bench.runs pack kontra-person-seed15.jsonl   # bench/runs/....jsonl.xz
"""

from __future__ import annotations

import argparse
import lzma
import os
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""The repository's root (the folder that holds ``bench/``)."""

TREE = "bench/runs"
"""Where the runs were committed in the tree, relative to :data:`ROOT`."""


IN_RUNS = "a bare name is a file of the run directory (python -m bench.runs dir)"
"""The run-file arguments' help: what :func:`run_path` does with a bare name."""


def runs_dir() -> Path:
    """The run directory (not created here): ``$SKAT_RUNS``, else ``$XDG_DATA_HOME/skat/runs``,
    else ``~/.local/share/skat/runs``; ``~`` is expanded."""
    given = os.environ.get("SKAT_RUNS")
    if given:
        return Path(given).expanduser()
    data = os.environ.get("XDG_DATA_HOME") or "~/.local/share"
    return Path(data).expanduser() / "skat" / "runs"


def run_path(name: str) -> str:
    """A bench script's run file: a bare file name (no ``/``; not ``.`` or ``..``) is that file
    of the run directory, which is created; anything else is returned as given. For argparse's
    ``type=``."""
    if not name or "/" in name or name in (".", ".."):
        return name
    folder = runs_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return str(folder / name)


@dataclass(frozen=True)
class Stored:
    """One file of a run as the history holds it: ``path`` inside ``bench/runs/``, the
    ``commit`` (40 hex digits) that last added or changed it, its ``size`` in bytes."""

    path: str
    commit: str
    size: int


PACKED = ".xz"
"""The suffix of a run file committed compressed (:func:`pack`); restored without it."""


def _git(root: Path, *args: str, stdin: str | None = None) -> str:
    done = subprocess.run(
        ["git", "-C", str(root), *args],
        input=stdin, capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"git {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout


def stored_runs(root: Path = ROOT) -> dict[str, Stored]:
    """Every file ever committed under ``bench/runs/`` in the history of ``HEAD`` of the
    repository at ``root``, by its path inside that folder, each at the last commit that added or
    changed it; the newest first.

    Raises:
        SystemExit: git fails (no repository, no git).
    """
    log = _git(root, "log", "--format=%x00%H", "--diff-filter=AM", "--name-only", "--no-renames",
               "HEAD", "--", TREE)  # fmt: skip
    last: dict[str, str] = {}
    for entry in log.split("\0")[1:]:
        commit, *paths = entry.split()
        for path in paths:
            last.setdefault(path, commit)
    if not last:
        return {}
    sizes = _git(root, "cat-file", "--batch-check=%(objectsize)",
                 stdin="".join(f"{c}:{p}\n" for p, c in last.items()))  # fmt: skip
    prefix = TREE + "/"
    return {
        p.removeprefix(prefix): Stored(p.removeprefix(prefix), c, int(s))
        for (p, c), s in zip(last.items(), sizes.split(), strict=True)
    }


def run_name(path: str) -> str:
    """The run a stored file belongs to: its first path component (a file or a folder), a packed
    file's without :data:`PACKED`."""
    return path.split("/", 1)[0].removesuffix(PACKED)


def restore(name: str, stored: dict[str, Stored], folder: Path, root: Path = ROOT) -> list[str]:
    """Write the run ``name`` (a file, or a folder with all its files) from the history of the
    repository at ``root`` into ``folder``, a packed file unpacked; a file already there with the
    same bytes is left alone.

    Returns:
        The paths written, inside ``folder``.

    Raises:
        SystemExit: no such run in the history, or a file there differs from the history's (a
            run in progress is never overwritten).
    """
    files = sorted(p for p in stored if run_name(p) == name)
    if not files:
        raise SystemExit(
            f"{name}: no run of that name in this clone's history (python -m bench.runs list; "
            "a shallow clone lacks the history: git fetch --unshallow)"
        )
    contents = {}
    for path in files:
        blob = subprocess.run(
            ["git", "-C", str(root), "cat-file", "blob", f"{stored[path].commit}:{TREE}/{path}"],
            capture_output=True, check=True,
        ).stdout  # fmt: skip
        if path.endswith(PACKED):
            blob, path = lzma.decompress(blob), path.removesuffix(PACKED)
        target = folder / path
        if target.exists() and target.read_bytes() != blob:
            raise SystemExit(f"{target} differs from the history's {name}: not overwritten")
        contents[target] = blob
    written = []
    for target, blob in contents.items():
        if target.exists():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".tmp")
        partial.write_bytes(blob)
        partial.replace(target)
        written.append(str(target.relative_to(folder)))
    return written


def pack(name: str, folder: Path, root: Path = ROOT) -> Path:
    """Write the run file ``name`` of ``folder`` compressed (xz) to ``bench/runs/NAME.xz`` in the
    work tree at ``root``, to be committed with ``git add -f`` (an XSkat match checkpoint of
    9 MB packs to about 0.4 MB); a folder of small parts is committed as it is.

    Returns:
        The packed file.

    Raises:
        SystemExit: ``name`` is no file of ``folder``.
    """
    source = folder / name
    if "/" in name or not source.is_file():
        raise SystemExit(
            f"{source}: no run file to pack (a folder's parts are committed as they are)"
        )
    target = root / TREE / (name + PACKED)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(lzma.compress(source.read_bytes(), preset=9))
    return target


def main(argv: Sequence[str] | None = None) -> int:
    """``dir``, ``list``, ``restore NAME...`` or ``pack NAME``; returns the exit status."""
    ap = argparse.ArgumentParser(
        prog="python -m bench.runs", description=__doc__.split("\n\n", 1)[0]
    )
    sub = ap.add_subparsers(dest="command", required=True)
    sub.add_parser("dir", help="print the run directory")
    sub.add_parser("list", help="the runs the history holds: name, files, bytes, last commit")
    back = sub.add_parser("restore", help="write runs from the history into the run directory")
    back.add_argument("names", nargs="+", metavar="NAME", help="a run's name, as listed")
    packing = sub.add_parser("pack", help="compress a run file into bench/runs/ to commit it")
    packing.add_argument("name", metavar="NAME", help="a file of the run directory")
    args = ap.parse_args(None if argv is None else list(argv))
    folder = runs_dir()
    if args.command == "dir":
        print(folder)
        return 0
    if args.command == "pack":
        packed = pack(args.name, folder)
        print(
            f"{packed.relative_to(ROOT)}: {packed.stat().st_size:,} bytes; commit it with "
            "git add -f while the tracked data stays within 5 MB (tests/bench/test_run_data.py)"
        )
        return 0
    stored = stored_runs()
    if args.command == "list":
        runs: dict[str, list[Stored]] = {}
        for path, file in stored.items():  # newest first: a run's first file is its last commit
            runs.setdefault(run_name(path), []).append(file)
        for name, files in sorted(runs.items()):
            here = "*" if (folder / name).exists() else " "
            print(
                f"{here} {name}  {len(files)} file{'s' * (len(files) != 1)}, "
                f"{sum(f.size for f in files):,} bytes, last commit {files[0].commit[:9]}"
            )
        return 0
    for name in args.names:
        written = restore(name, stored, folder)
        print(f"{name}: {len(written)} file(s) written to {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
