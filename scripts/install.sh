# shellcheck shell=bash
# Sourced by play.sh and test.sh from the project's root: install_venv [EXTRAS] creates .venv
# once and installs the package into it (with ".[EXTRAS]" when given), every package at the
# version requirements/lock.txt pins (pip's constraints; scripts/lock.sh writes the lock, for
# Python 3.11 on Linux), pip and setuptools too. The install is editable, so a change to the
# code needs none; only a change to pyproject.toml (dependencies, entry points) or to the lock
# does. A stamp per extra in .venv (.venv/.installed-base, .venv/.installed-dev) holds the
# SHA-256 of the pyproject.toml and the lock it was installed from: when it matches, nothing is
# installed and nothing is printed. A fresh clone has no .venv and so no stamp. A lock on
# .venv.lock makes a second script started at the same moment wait for the first install
# instead of racing it on a half-made .venv (where flock exists; util-linux has it on Debian).
LOCK_FILE=requirements/lock.txt

_sources_sha256() {
    if command -v sha256sum >/dev/null; then
        cat pyproject.toml "$LOCK_FILE" | sha256sum | cut -d' ' -f1
    else
        cat pyproject.toml "$LOCK_FILE" | shasum -a 256 | cut -d' ' -f1 # macOS
    fi
}

# Install unless the stamp of extra $1 (base: none) matches pyproject.toml and the lock.
# Returns pip's status; a stamp is written only after an install that succeeded.
_install_unless_stamped() {
    local spec="." extra="${1:-base}" hash
    if [ -n "${1:-}" ]; then spec=".[$1]"; fi
    if [ ! -f "$LOCK_FILE" ]; then
        echo "install: $LOCK_FILE is missing (scripts/lock.sh writes it)" >&2
        return 1
    fi
    hash="$(_sources_sha256)" || return 1
    if [ -x .venv/bin/python ] && [ -x .venv/bin/skat ] &&
        [ "$(cat ".venv/.installed-$extra" 2>/dev/null)" = "$hash" ]; then
        return 0
    fi
    if [ ! -x .venv/bin/python ]; then
        python3 -m venv .venv || return 1
    fi
    echo "install: installing the package into .venv ($spec; pyproject.toml or the lock is" \
        "new or changed)" >&2
    # pip and the build backend at their locked versions first: the editable install is built
    # with this setuptools (no build isolation, which would fetch the newest)
    .venv/bin/python -m pip install --quiet --upgrade -c "$LOCK_FILE" pip setuptools || return 1
    # setuptools warns at length on every editable install about folders named like the package
    PYTHONWARNINGS="ignore:Editable installation" \
        .venv/bin/python -m pip install --quiet --no-build-isolation -c "$LOCK_FILE" -e "$spec" ||
        return 1
    echo "$hash" >".venv/.installed-$extra"
    echo "$hash" >.venv/.installed-base # an extra's install holds the base package too
}

install_venv() {
    local locked="" status=0
    if command -v flock >/dev/null; then
        exec 9>.venv.lock
        if flock 9; then
            locked=1
        else
            echo "install: no lock on .venv.lock; installing without it" >&2
            exec 9>&-
        fi
    fi
    _install_unless_stamped "${1:-}" || status=$?
    if [ -n "$locked" ]; then
        flock -u 9
        exec 9>&-
    fi
    return "$status"
}
