"""requirements/lock.txt, which scripts/install.sh installs from (and so play.sh, test.sh and CI):
it pins every package the project and its dev extras need, at a version pyproject.toml allows, and
those versions give the tests no warning (the Starlette test client's about httpx).
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

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
