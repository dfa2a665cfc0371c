"""The double-dummy (open-hand) solver: exact values of card-play positions with every hand open.

The public API: :class:`Position`, :func:`solve_threshold`, :func:`solve_value`,
:func:`move_values`, :func:`solve_ramsch`, :func:`warm_up` (compile once at start), and
:class:`Solver` for a private transposition table. The hot loop is numba code in
:mod:`skat.solver._kernel`, compiled on first use and cached on disk.
"""

from skat.solver.position import (
    Position,
    position_from_json,
    position_from_record,
    position_from_state,
    position_to_json,
)
from skat.solver.search import (
    SCHWARZ,
    Solver,
    best_moves,
    move_values,
    solve_ramsch,
    solve_threshold,
    solve_value,
    warm_up,
)

__all__ = [
    "SCHWARZ",
    "Position",
    "Solver",
    "best_moves",
    "move_values",
    "position_from_json",
    "position_from_record",
    "position_from_state",
    "position_to_json",
    "solve_ramsch",
    "solve_threshold",
    "solve_value",
    "warm_up",
]
