"""requirements/lock.txt, which scripts/install.sh installs from (and so play.sh, test.sh and CI):
it pins every package the project and its dev extras need, at a version pyproject.toml allows, and
those versions give the tests no warning (the Starlette test client's about httpx);
scripts/lock.sh, which writes it (run against a fake venv whose pip only logs and freezes).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).parents[2]
LOCK = ROOT / "requirements" / "lock.txt"
PIN = re.compile(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([0-9][A-Za-z0-9.+!_-]*)")
"""A line of the lock: a name and its exact version, nothing else (no path, URL, marker or
range)."""


def _lock() -> dict[str, str]:
    """The lock's pins: canonical name -> version."""
    pins: dict[str, str] = {}
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        match = PIN.fullmatch(line)
        assert match is not None, f"not name==version: {line!r}"
        pins[canonicalize_name(match[1])] = match[2]
    return pins


def _wanted() -> list[Requirement]:
    """pyproject.toml's dependencies and its dev extra."""
    with (ROOT / "pyproject.toml").open("rb") as handle:
        project = tomllib.load(handle)["project"]
    return [
        Requirement(r) for r in [*project["dependencies"], *project["optional-dependencies"]["dev"]]
    ]


def test_the_lock_is_exact_versions_only_and_not_the_project_or_a_path() -> None:
    lines = [x for x in LOCK.read_text(encoding="utf-8").splitlines() if not x.startswith("#")]
    assert lines
    assert [x for x in lines if PIN.fullmatch(x) is None] == []
    assert "skat" not in _lock()
    assert len(_lock()) == len(lines)  # each package once


def test_every_dependency_of_pyproject_is_pinned_at_a_version_it_allows() -> None:
    pins = _lock()
    for requirement in _wanted():
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement} is not in the lock: run scripts/lock.sh"
        assert requirement.specifier.contains(pins[name], prereleases=True), (
            requirement,
            pins[name],
        )
    # the editable install is built with the lock's setuptools, by the lock's pip
    assert {"pip", "setuptools"} <= pins.keys()


def test_the_lock_holds_what_the_dependencies_need_in_turn() -> None:
    """Every distribution reached from pyproject's requirements through the installed ones'
    own requirements (for this Python and platform) is pinned. One not installed here (an
    environment older than the lock) is checked by name only."""
    pins = _lock()
    environment = {k: str(v) for k, v in default_environment().items()}
    todo = [(r, "") for r in _wanted()]
    seen: set[str] = set()
    while todo:
        requirement, extra = todo.pop()
        if requirement.marker is not None and not requirement.marker.evaluate(
            {**environment, "extra": extra}
        ):
            continue
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} (needed as {requirement}) is not in the lock"
        key = f"{name}[{','.join(sorted(requirement.extras))}]"
        if key in seen:
            continue
        seen.add(key)
        try:
            requires = metadata.distribution(name).requires or []
        except metadata.PackageNotFoundError:
            continue
        for text in requires:
            inner = Requirement(text)
            for wanted_extra in sorted(requirement.extras) or [""]:
                todo.append((inner, wanted_extra))
    assert len(seen) >= 20  # numba, starlette, pytest, ray, ... and theirs


def test_the_starlette_test_client_imports_without_a_warning() -> None:
    """With httpx instead of httpx2, Starlette's test client warns at import that httpx is
    deprecated (a StarletteDeprecationWarning, a UserWarning): every warning is an error here."""
    done = subprocess.run(
        [sys.executable, "-W", "error", "-c", "import starlette.testclient"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stderr == ""


FAKE_VENV_PYTHON = """#!/bin/sh
echo "$*" >>"$PIP_LOG"
if [ "$*" = "-m pip freeze --all" ]; then cat "$FREEZE"; fi
"""

FAKE_PYTHON = """#!/bin/sh
if [ "$1" = -m ] && [ "$2" = venv ]; then
    mkdir -p "$3/bin" && cp "$FAKE_VENV_PYTHON" "$3/bin/python" && chmod +x "$3/bin/python"
    exit
fi
exec "$REAL_PYTHON" "$@"
"""


def _lock_sh(tmp_path: Path, freeze: str) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    """scripts/lock.sh in a copy of the project's root (its pyproject.toml, no lock) with a
    Python whose venvs only log their pip calls and freeze ``freeze``."""
    root = tmp_path / "clone"
    (root / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "lock.sh", root / "scripts")
    shutil.copy(ROOT / "pyproject.toml", root)
    for name, text in [("python", FAKE_PYTHON), ("venv-python", FAKE_VENV_PYTHON)]:
        (tmp_path / name).write_text(text)
        (tmp_path / name).chmod(0o755)
    (tmp_path / "freeze.txt").write_text(freeze)
    log = tmp_path / "pip.log"
    env = {
        **os.environ,
        "PYTHON": str(tmp_path / "python"),
        "REAL_PYTHON": sys.executable,
        "FAKE_VENV_PYTHON": str(tmp_path / "venv-python"),
        "FREEZE": str(tmp_path / "freeze.txt"),
        "PIP_LOG": str(log),
    }
    done = subprocess.run(
        ["bash", "scripts/lock.sh"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return done, log.read_text().splitlines() if log.exists() else []


needs_bash = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


@needs_bash
def test_lock_sh_installs_pyprojects_ranges_and_writes_what_the_venv_holds(
    tmp_path: Path,
) -> None:
    done, calls = _lock_sh(tmp_path, "starlette==1.10.0\nPyYAML==6.0.4\npip==26.3\nanyio==4.16.0\n")
    assert done.returncode == 0, done.stderr
    assert calls[0] == "-m pip install --quiet --upgrade pip setuptools"
    assert calls[1].startswith("-m pip install --quiet -r ")  # the ranges, not the project
    assert calls[2] == "-m pip freeze --all"
    lock = (tmp_path / "clone" / "requirements" / "lock.txt").read_text().splitlines()
    assert [x for x in lock if not x.startswith("#")] == [
        "anyio==4.16.0",
        "pip==26.3",
        "PyYAML==6.0.4",
        "starlette==1.10.0",
    ]
    assert "lock: wrote requirements/lock.txt (4 packages)" in done.stderr


@needs_bash
@pytest.mark.parametrize(
    "line",
    [
        "-e /home/someone/skat",
        "skat @ file:///home/someone/skat",
        "numpy @ https://x.example/n.whl",
    ],
)
def test_lock_sh_refuses_a_path_or_url_and_writes_nothing(tmp_path: Path, line: str) -> None:
    done, _ = _lock_sh(tmp_path, f"numpy==2.4.6\n{line}\n")
    assert done.returncode != 0
    assert line in done.stderr
    assert not (tmp_path / "clone" / "requirements" / "lock.txt").exists()


@needs_bash
def test_lock_sh_wants_python_3_11(tmp_path: Path) -> None:
    fake = tmp_path / "python3.12"
    fake.write_text("#!/bin/sh\nif [ \"$1\" = -V ]; then echo 'Python 3.12.1'; fi\nexit 1\n")
    fake.chmod(0o755)
    done = subprocess.run(
        ["bash", str(ROOT / "scripts" / "lock.sh")],
        env={**os.environ, "PYTHON": str(fake)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert "the lock is for Python 3.11; " in done.stderr
