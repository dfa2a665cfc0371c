#!/usr/bin/env bash
# A long duplicate tournament in resumable parts: `skat arena` over PARTS parts of SIZE deals,
# each written to DIR/part-NNNN.json (NNNN: the index of its first deal) once it is complete,
# so a stopped run goes on with the first missing part. One run plays one player code: DIR/commit
# holds the commit it started with, and every part is played by that commit's `skat/`, checked
# out into a separate git worktree (imported first through PYTHONPATH), so the work on the
# players can go on in this tree meanwhile. Run from the repository root:
#
#   bash bench/arena_parts.sh DIR SIZE PARTS ARENA-ARGUMENTS...
#   bash bench/arena_parts.sh bench/runs/strong-v1-seed2029 20 50 strong strong-v1 --options kontra --seed 2029
#   .venv/bin/python -m bench.merge_arena bench/runs/strong-v1-seed2029/part-*.json
set -euo pipefail
if [ $# -lt 4 ]; then
    echo "usage: bash bench/arena_parts.sh DIR SIZE PARTS ARENA-ARGUMENTS..." >&2
    exit 2
fi
root=$(pwd) size=$2 parts=$3
mkdir -p "$1"
dir=$(cd "$1" && pwd)
shift 3
[ -s "$dir/commit" ] || git rev-parse HEAD > "$dir/commit"
start=$(cat "$dir/commit")
tree=$(mktemp -d)
trap 'cd "$root"; git worktree remove --force "$tree" >/dev/null 2>&1 || rm -rf "$tree"' EXIT
git worktree add --quiet --detach "$tree" "$start"
cd "$tree"
found=$(PYTHONPATH="$tree" "$root/.venv/bin/python" -c "import skat; print(skat.__file__)")
if [ "$found" != "$tree/skat/__init__.py" ]; then
    echo "the run's commit $start is not the code imported ($found)" >&2
    exit 1
fi
for ((i = 0; i < parts; i++)); do
    first=$((i * size))
    out=$dir/part-$(printf %04d "$first").json
    [ -s "$out" ] && continue
    PYTHONPATH="$tree" nice -n 10 "$root/.venv/bin/skat" arena "$@" --deals "$size" --first "$first" \
        --quiet --json > "$out.tmp"
    mv "$out.tmp" "$out"
done
