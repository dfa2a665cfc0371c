#!/usr/bin/env bash
# Writes requirements/lock.txt anew: the exact version of every package that the project and its
# dev extras install, their dependencies' dependencies too, with pip and setuptools (the editable
# install's build backend), for Python 3.11 on Linux. pip resolves pyproject.toml's ranges to the
# newest releases that fit, in a fresh virtual environment outside the project, and the lock is
# what that environment then holds (pip freeze --all; the project itself is not installed there).
#
# Run it on purpose, when pyproject.toml's dependencies change or to move to newer releases; then
# scripts/test.sh (which installs from the new lock, as play.sh and CI do) and commit both files.
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-python3}
if ! "$python" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))'; then
    echo "lock: the lock is for Python 3.11; $python is $("$python" -V 2>&1)" >&2
    exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$python" -m venv "$work/venv"
# the ranges of pyproject.toml: the dependencies and the dev extra
"$python" - >"$work/wanted.txt" <<'EOF'
import tomllib

with open("pyproject.toml", "rb") as handle:
    project = tomllib.load(handle)["project"]
print("\n".join([*project["dependencies"], *project["optional-dependencies"]["dev"]]))
EOF
"$work/venv/bin/python" -m pip install --quiet --upgrade pip setuptools
"$work/venv/bin/python" -m pip install --quiet -r "$work/wanted.txt"
{
    echo "# The exact versions scripts/install.sh installs (pip install -c requirements/lock.txt),"
    echo "# for Python 3.11 on Linux. Written by scripts/lock.sh; do not edit by hand."
    "$work/venv/bin/python" -m pip freeze --all | LC_ALL=C sort -f -t= -k1,1
} >"$work/lock.txt"
if grep -v '^#' "$work/lock.txt" | grep -qv '^[A-Za-z0-9._-]*==[A-Za-z0-9.+!_-]*$'; then
    echo "lock: pip freeze gave a line that is not name==version:" >&2
    grep -v '^#' "$work/lock.txt" | grep -v '^[A-Za-z0-9._-]*==[A-Za-z0-9.+!_-]*$' >&2
    exit 1
fi
mkdir -p requirements
mv "$work/lock.txt" requirements/lock.txt
echo "lock: wrote requirements/lock.txt ($(grep -vc '^#' requirements/lock.txt) packages)" >&2
