#!/usr/bin/env bash
# Installs what the tests need (a virtual environment, the package with its dev extras, Debian's
# chromium for the browser tests and nodejs for the client's unit tests) and runs the whole suite:
# ruff, ruff format, mypy --strict, the client's unit tests (node --test), then pytest in two runs:
# the inner tier (not slow, not browser) stopping at its first failure, then the rest (slow or
# browser). Arguments go to both pytest runs.
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

if ! command -v node >/dev/null; then
    echo "== installing Debian's nodejs for the client's unit tests"
    SUDO=""
    if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nodejs >/dev/null
fi

echo "== ruff check"
.venv/bin/ruff check .
echo "== ruff format --check"
.venv/bin/ruff format --check .
echo "== mypy --strict"
.venv/bin/mypy
echo "== client unit tests (node --test, no browser)"
log=$(mktemp)
set +e
node --test --test-reporter=spec tests/client/ >"$log" 2>&1
node_status=$?
set -e
cat "$log"
count=$(sed -n 's/^ℹ tests //p' "$log")
passed=$(sed -n 's/^ℹ pass //p' "$log")
rm -f "$log"
echo "client unit tests: ${passed:-0} of ${count:-0} passed"
if [ "$node_status" != 0 ] || [ "${count:-0}" = 0 ]; then
    echo "client unit tests failed (or none ran)" >&2
    exit 1
fi
# pytest's exit 5: no test collected. Without arguments each tier must have tests; with arguments
# (a file, -k ...) one tier may be empty, but not both.
run_tier() {
    set +e
    .venv/bin/python -m pytest -n 2 "$@"
    status=$?
    set -e
    if [ "$status" != 0 ] && [ "$status" != 5 ]; then
        exit "$status"
    fi
    return "$status"
}
empty=0
echo "== pytest: the inner tier (not slow, not browser), stopping at the first failure"
run_tier -m "not slow and not browser" -x "$@" || empty=$((empty + 1))
echo "== pytest: the slow and browser tests"
run_tier -m "slow or browser" "$@" || empty=$((empty + 1))
if [ "$empty" = 2 ] || { [ "$empty" = 1 ] && [ $# = 0 ]; }; then
    echo "pytest collected no tests in a tier: failing" >&2
    exit 1
fi
