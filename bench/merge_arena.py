"""Merge the JSON reports of parts of one arena tournament (``skat arena --json --first N``).

Long tournaments (the strong player plays about one game a second) are run in parts of a few
minutes each; this script joins their ``per_deal`` rows (deal index, deal number, mean list score
per seat-game of each player) and prints the combined Seeger-Fabian figures with 95% confidence
intervals, paired by deal for two players, plus the summed counts of illegal actions and crashes.

Usage: ``python -m bench.merge_arena part1.json part2.json ...``; a folder stands for its
``part-*.json`` (the parts of ``bench/arena_parts.sh``), so a long run's figures are
``python -m bench.merge_arena "$(python -m bench.runs dir)/NAME"``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

from bench.common import mean_half


def main(paths: Sequence[str]) -> int:
    """Print the merged figures of the reports at ``paths`` (a folder: its ``part-*.json`` in
    name order); returns the exit status."""
    paths = [
        str(part)
        for path in paths
        for part in (sorted(Path(path).glob("part-*.json")) if Path(path).is_dir() else [path])
    ]
    rows: dict[int, list[float]] = {}
    players: list[str] | None = None
    games = illegal = crashes = 0
    seconds = 0.0
    times: dict[tuple[str, str], list[dict[str, float]]] = {}
    declared: dict[str, list[int]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
        if players is None:
            players = list(data["players"])
        elif players != list(data["players"]):
            print(f"{path}: other players {data['players']}", file=sys.stderr)
            return 2
        games += data["games"]
        illegal += data["illegal_actions"]
        crashes += data["crashes"]
        seconds += data["seconds"]
        for row in data["per_deal"]:
            rows[int(row[0])] = [float(v) for v in row[2:]]
        for name, per in data["per_player"].items():
            for phase, stats in per["decision_ms"].items():
                times.setdefault((name, phase), []).append(stats)
            seen = declared.setdefault(name, [0, 0, 0])
            seen[0] += per["seat_games"]
            seen[1] += per["declarer_games"]
            seen[2] += round(per["declarer_win_rate"] * per["declarer_games"])
    if players is None or not rows:
        print("no deals", file=sys.stderr)
        return 2
    deals = [rows[i] for i in sorted(rows)]
    print(
        f"{len(deals)} deals, {games} games, {illegal} illegal actions, {crashes} crashes, "
        f"{seconds:.0f} s"
    )
    for j, name in enumerate(players):
        m, h = mean_half([d[j] for d in deals])
        print(f"{name}: {m:+.2f} SF points/game (95% CI {m - h:+.2f} .. {m + h:+.2f})")
    for name, (seat_games, decl, won) in declared.items():
        print(
            f"{name}: declarer in {decl} of {seat_games} seat-games, won {won} "
            f"({won / max(decl, 1):.1%})"
        )
    for (name, phase), parts in sorted(times.items()):
        p50 = [t["p50_ms"] for t in parts]
        p95 = [t["p95_ms"] for t in parts]
        print(
            f"  {name} {phase}: {sum(int(t['n']) for t in parts)} decisions, "
            f"p50 {min(p50):.3g}-{max(p50):.3g} ms, p95 {min(p95):.3g}-{max(p95):.3g} ms "
            f"(range over parts), max {max(t['max_ms'] for t in parts):.4g} ms"
        )
    if len(players) == 2:
        m, h = mean_half([d[0] - d[1] for d in deals])
        print(
            f"{players[0]} - {players[1]}: {m:+.2f} SF points/game "
            f"(95% CI {m - h:+.2f} .. {m + h:+.2f}, paired over {len(deals)} deals)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
