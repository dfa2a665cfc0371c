#!/usr/bin/env bash
# A long duplicate tournament in resumable parts: `skat arena` over PARTS parts of SIZE deals,
# each written to DIR/part-NNNN.json (NNNN: the index of its first deal) once it is complete,
# so a stopped run goes on with the first missing part. A bare DIR (a name without a "/") is a
# folder of the run directory (`python -m bench.runs dir`: $SKAT_RUNS, by default
# ~/.local/share/skat/runs), outside the work tree; a run resumes from there in any later
# session on the same machine. To go on on another machine, copy the folder there, or commit
# its parts (a few kB each) with `git add -f bench/runs/NAME` within the 5 MB budget of tracked
# run data and `python -m bench.runs restore NAME` there. One run plays one player code:
# DIR/commit holds the commit it started with, and every part is played by that commit's
# `skat/`, checked out into a separate git worktree (imported first through PYTHONPATH), so the
# work on the players can go on in this tree meanwhile. Only a commit whose players make the
# same decisions (a speed-up, checked by playing some of the run's deals again) may replace it
# in DIR/commit, with a word in docs/benchmarks.md. DIR/arguments holds SIZE, PARTS and the
# arena's arguments: a run goes on only with the same ones. Run from the repository root:
#
#   bash bench/arena_parts.sh DIR SIZE PARTS ARENA-ARGUMENTS...
#   bash bench/arena_parts.sh strong-v1-today-seed2035 20 50 strong strong-v1 --options kontra --seed 2035
#   .venv/bin/python -m bench.merge_arena "$(.venv/bin/python -m bench.runs dir)/strong-v1-today-seed2035"
set -euo pipefail
fail() {
    echo "arena_parts.sh: $*" >&2
    exit 2
}
[ $# -ge 4 ] || fail "usage: bash bench/arena_parts.sh DIR SIZE PARTS ARENA-ARGUMENTS..."
root=$(pwd)
[ -x "$root/.venv/bin/skat" ] && [ -e "$root/.git" ] ||
    fail "run it from the repository root, with the environment installed (.venv/bin/skat)"
[[ $2 =~ ^[1-9][0-9]{0,5}$ ]] || fail "SIZE must be a whole number of deals from 1, not '$2'"
[[ $3 =~ ^[1-9][0-9]{0,5}$ ]] || fail "PARTS must be a whole number from 1, not '$3'"
run=$1
if [[ $run != */* ]]; then
    runs=$("$root/.venv/bin/python" -m bench.runs dir) || fail "no run directory (python -m bench.runs dir)"
    run=$runs/$run
fi
[ ! -e "$run" ] || [ -d "$run" ] || fail "DIR $run is a file, not a folder"
size=$2 parts=$3
mkdir -p "$run"
dir=$(cd "$run" && pwd)
shift 3
wanted="$size $parts $(printf '%q ' "$@")"
if [ -s "$dir/arguments" ] && [ "$(cat "$dir/arguments")" != "$wanted" ]; then
    fail "$dir was run with the arguments '$(cat "$dir/arguments")', not '$wanted': one run, one set of arguments"
fi
[ -s "$dir/commit" ] || git rev-parse HEAD > "$dir/commit"
start=$(cat "$dir/commit")
git cat-file -e "$start^{commit}" 2>/dev/null ||
    fail "$dir/commit names '$start', which is no commit of this repository"
echo "$wanted" > "$dir/arguments"
tree=$(mktemp -d)
partial=""
cleanup() {
    cd "$root"
    [ -z "$partial" ] || rm -f "$partial"
    git worktree remove --force "$tree" >/dev/null 2>&1 || rm -rf "$tree"
}
trap cleanup EXIT
git worktree add --quiet --detach "$tree" "$start"
cd "$tree"
found=$(PYTHONPATH="$tree" "$root/.venv/bin/python" -c "import skat; print(skat.__file__)")
[ "$found" = "$tree/skat/__init__.py" ] || fail "the run's commit $start is not the code imported ($found)"
for ((i = 0; i < parts; i++)); do
    first=$((i * size))
    out=$dir/part-$(printf %04d "$first").json
    [ -s "$out" ] && continue
    partial=$out.tmp
    PYTHONPATH="$tree" nice -n 10 "$root/.venv/bin/skat" arena "$@" --deals "$size" --first "$first" \
        --quiet --json > "$partial"
    mv "$partial" "$out"
    partial=""
done
