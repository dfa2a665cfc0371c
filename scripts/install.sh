# shellcheck shell=bash
# Sourced by play.sh and test.sh from the project's root: install_venv [EXTRAS] creates .venv
# once and installs the package into it (with ".[EXTRAS]" when given). A lock on .venv.lock
# makes a second script started at the same moment wait for the first install instead of
# racing it on a half-made .venv (where flock exists; util-linux has it on Debian).
install_venv() {
    local spec="." locked=""
    if [ -n "${1:-}" ]; then spec=".[$1]"; fi
    if command -v flock >/dev/null; then
        exec 9>.venv.lock
        if flock 9; then
            locked=1
        else
            echo "install: no lock on .venv.lock; installing without it" >&2
            exec 9>&-
        fi
    fi
    if [ ! -x .venv/bin/python ]; then
        python3 -m venv .venv
    fi
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -e "$spec"
    if [ -n "$locked" ]; then
        flock -u 9
        exec 9>&-
    fi
}
