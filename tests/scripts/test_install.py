"""scripts/install.sh (shared by play.sh and test.sh): it installs on a fresh clone and after
pyproject.toml or the lock (requirements/lock.txt) changes, always with the lock's versions, and a
start with nothing changed installs nothing and prints nothing.

Runs the real script in bash against a fake ``python3`` on PATH whose ``-m venv`` makes a fake
``.venv/bin/python`` that only logs its pip calls (and makes ``.venv/bin/skat``, as pip would).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

INSTALL = Path(__file__).parents[2] / "scripts" / "install.sh"

PIP_FIRST = "-m pip install --quiet --upgrade -c requirements/lock.txt pip setuptools"
"""install.sh's first pip call: pip and setuptools at the lock's versions."""
PIP_PACKAGE = "-m pip install --quiet --no-build-isolation -c requirements/lock.txt"
"""The start of its second: the package, its dependencies at the lock's versions."""

FAKE_PYTHON = """#!/bin/sh
echo "$*" >>"$PIP_LOG"
if [ "$*" = "$INSTALL -e $FAIL_SPEC" ]; then exit 1; fi
case "$*" in *" -e "*) : >.venv/bin/skat; chmod +x .venv/bin/skat ;; esac
"""

FAKE_PYTHON3 = """#!/bin/sh
[ "$*" = "-m venv .venv" ] || exit 3
echo "venv" >>"$PIP_LOG"
mkdir -p .venv/bin
cp "$FAKE_VENV_PYTHON" .venv/bin/python
chmod +x .venv/bin/python
"""

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    """A fresh clone: pyproject.toml, no .venv; the fakes beside it."""
    root = tmp_path / "clone"
    root.mkdir()
    (root / "pyproject.toml").write_text('[project]\nname = "skat"\n')
    (root / "requirements").mkdir()
    (root / "requirements" / "lock.txt").write_text("numpy==2.4.6\n")
    fakes = tmp_path / "bin"
    fakes.mkdir()
    (fakes / "python3").write_text(FAKE_PYTHON3)
    (fakes / "python3").chmod(0o755)
    (tmp_path / "venv-python").write_text(FAKE_PYTHON)
    return root


def _install(root: Path, extra: str = "", fail: str = "-") -> tuple[int, list[str], str]:
    """``install_venv EXTRA`` in ``root``: its status, the fake pythons' calls, its output."""
    log = root.parent / "calls.log"
    log.unlink(missing_ok=True)
    env = {
        **os.environ,
        "PATH": f"{root.parent / 'bin'}{os.pathsep}{os.environ['PATH']}",
        "PIP_LOG": str(log),
        "FAKE_VENV_PYTHON": str(root.parent / "venv-python"),
        "FAIL_SPEC": fail,
        "INSTALL": PIP_PACKAGE,
    }
    done = subprocess.run(
        ["bash", "-c", f'source "{INSTALL}" && install_venv "$0"', extra],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    calls = log.read_text().splitlines() if log.exists() else []
    return done.returncode, calls, done.stdout + done.stderr


def test_a_fresh_clone_installs_then_a_start_with_nothing_changed_installs_nothing(
    clone: Path,
) -> None:
    status, calls, out = _install(clone, "dev")
    assert status == 0, out
    assert calls == ["venv", PIP_FIRST, f"{PIP_PACKAGE} -e .[dev]"]
    assert "install: installing the package" in out
    for extra in ("dev", ""):  # test.sh again, then play.sh: dev holds the base package
        assert _install(clone, extra) == (0, [], "")


def test_a_change_to_pyproject_installs_again(clone: Path) -> None:
    assert _install(clone)[0] == 0
    assert _install(clone) == (0, [], "")
    with (clone / "pyproject.toml").open("a") as handle:
        handle.write('dependencies = ["numpy"]\n')
    status, calls, _ = _install(clone)
    assert status == 0
    assert calls == [PIP_FIRST, f"{PIP_PACKAGE} -e ."]
    assert _install(clone) == (0, [], "")


def test_the_base_install_does_not_stand_for_the_dev_extra(clone: Path) -> None:
    assert _install(clone)[0] == 0  # play.sh first
    status, calls, _ = _install(clone, "dev")  # then test.sh needs pytest, ruff, mypy
    assert status == 0
    assert calls[-1] == f"{PIP_PACKAGE} -e .[dev]"


def test_a_failed_install_leaves_no_stamp_and_is_tried_again(clone: Path) -> None:
    status, calls, _ = _install(clone, "dev", fail=".[dev]")
    assert status != 0
    assert calls[-1] == f"{PIP_PACKAGE} -e .[dev]"
    assert not (clone / ".venv" / ".installed-dev").exists()
    status, calls, _ = _install(clone, "dev")
    assert status == 0
    assert calls[-1] == f"{PIP_PACKAGE} -e .[dev]"


def test_a_venv_without_the_skat_command_installs_again(clone: Path) -> None:
    assert _install(clone, "dev")[0] == 0
    (clone / ".venv" / "bin" / "skat").unlink()  # e.g. pip uninstall skat
    assert _install(clone, "dev")[1][-1] == f"{PIP_PACKAGE} -e .[dev]"


def test_a_change_to_the_lock_installs_again(clone: Path) -> None:
    """scripts/lock.sh wrote new versions: the next start installs them."""
    assert _install(clone, "dev")[0] == 0
    (clone / "requirements" / "lock.txt").write_text("numpy==2.4.7\n")
    status, calls, out = _install(clone, "dev")
    assert status == 0
    assert calls == [PIP_FIRST, f"{PIP_PACKAGE} -e .[dev]"]
    assert "the lock" in out
    assert _install(clone, "dev") == (0, [], "")


def test_a_clone_without_the_lock_installs_nothing_and_says_so(clone: Path) -> None:
    (clone / "requirements" / "lock.txt").unlink()
    status, calls, out = _install(clone, "dev")
    assert status != 0
    assert calls == []
    assert "requirements/lock.txt is missing" in out
