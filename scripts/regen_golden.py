"""Regenerate the golden playthroughs in tests/data/golden/ (one file per deal number).

Each file plays one deal under given rule options with a seeded ``random.Random(number)`` choosing
among the legal actions (in the bidding a pass half of the time, or always for the Ramsch files;
never a concession), one line per action::

    <phase> <seat> <action> | <all legal actions of that moment>

then the record line and the result. ``tests/core/test_state.py::test_golden_playthrough`` replays
each file and compares every line, so any change in the phases, the turn order, the legal actions,
the record or the scoring shows up as a diff. Run from the repository root::

    .venv/bin/python scripts/regen_golden.py
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from skat import record
from skat.action import ActionKind
from skat.options import AllPass, KontraRule, Options
from skat.state import Phase, State

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "data" / "golden"

CASES: list[tuple[int, Options, bool]] = [
    (0, Options(), False),
    (1, Options(kontra=KontraRule.ON, supra=True), False),
    (7, Options(spitze=True), False),
    (42, Options(all_pass=AllPass.RAMSCH), True),
    (2026, Options(all_pass=AllPass.SCHIEBERAMSCH), True),
    (123456789, Options(kontra=KontraRule.BIDDERS_ONLY), False),
]
"""(deal number, rule options, everybody passes)."""


def playthrough(number: int, options: Options, all_pass: bool) -> str:
    """The golden text of one deal (see the module doc)."""
    rng = random.Random(number)
    state = State.new(number, options)
    lines = [f"deal {number} options {record.format_options(options) or '-'}"]
    while not state.is_terminal():
        legal = state.legal_actions()
        choices = [a for a in legal if a.kind != ActionKind.CONCEDE]
        if state.phase == Phase.BIDDING and (all_pass or rng.random() < 0.5):
            action = legal[-1]  # pass
        else:
            action = rng.choice(choices)
        lines.append(
            f"{state.phase.value} {int(state.current_player or 0)} {action} | "
            + " ".join(str(a) for a in legal)
        )
        state = state.apply(action)
    lines.append("record " + record.write_record(state))
    result = state.result()
    lines.append("result " + json.dumps(None if result is None else result.to_json()))
    return "\n".join(lines) + "\n"


def path_of(number: int) -> Path:
    """The golden file of deal ``number``."""
    return GOLDEN / f"deal_{number}.txt"


def main() -> int:
    """Write every golden file."""
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for number, options, all_pass in CASES:
        path_of(number).write_text(playthrough(number, options, all_pass), encoding="utf-8")
        print(f"wrote {path_of(number).relative_to(GOLDEN.parent.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
