#!/usr/bin/env bash
# Installs what the tests need (a virtual environment, the package with its dev extras, Debian's
# chromium for the browser tests) and runs the whole suite: ruff, ruff format, mypy --strict, pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/install.sh
install_venv dev

if [ ! -x /usr/bin/chromium ]; then
    echo "== installing Debian's chromium for the browser tests"
    SUDO=""
    if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
fi

echo "== ruff check"
.venv/bin/ruff check .
echo "== ruff format --check"
.venv/bin/ruff format --check .
echo "== mypy --strict"
.venv/bin/mypy
echo "== pytest"
set +e
.venv/bin/python -m pytest -n 2 "$@"
status=$?
set -e
if [ "$status" = 5 ]; then
    echo "pytest collected no tests: failing" >&2
    exit 1
fi
exit "$status"
