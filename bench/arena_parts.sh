#!/usr/bin/env bash
# A long duplicate tournament in resumable parts: `skat arena` over PARTS parts of SIZE deals,
# each written to DIR/part-NNNN.json (NNNN: the index of its first deal) once it is complete,
# so a stopped run goes on with the first missing part. The player code must stay the code the
# run started with: DIR/commit holds that commit, and a part is refused when skat/ differs from
# it (start over in a new DIR then). Run from the repository root:
#
#   bash bench/arena_parts.sh DIR SIZE PARTS ARENA-ARGUMENTS...
#   bash bench/arena_parts.sh bench/runs/strong-v1-seed2029 20 50 strong strong-v1 --options kontra --seed 2029
#   .venv/bin/python -m bench.merge_arena bench/runs/strong-v1-seed2029/part-*.json
set -euo pipefail
if [ $# -lt 4 ]; then
    echo "usage: bash bench/arena_parts.sh DIR SIZE PARTS ARENA-ARGUMENTS..." >&2
    exit 2
fi
dir=$1 size=$2 parts=$3
shift 3
mkdir -p "$dir"
[ -s "$dir/commit" ] || git rev-parse HEAD > "$dir/commit"
start=$(cat "$dir/commit")
for ((i = 0; i < parts; i++)); do
    first=$((i * size))
    out=$dir/part-$(printf %04d "$first").json
    [ -s "$out" ] && continue
    if ! git diff --quiet "$start" -- skat/; then
        echo "skat/ differs from the run's commit $start: not mixing player code in one run" >&2
        exit 1
    fi
    nice -n 10 .venv/bin/skat arena "$@" --deals "$size" --first "$first" --quiet --json > "$out.tmp"
    mv "$out.tmp" "$out"
done
