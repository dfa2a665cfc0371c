"""The random player: a uniformly random legal action (for tests and as a floor in the arena)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from skat.action import Action
    from skat.information import InformationState

__all__ = ["RandomPlayer"]


class RandomPlayer:
    """Chooses uniformly among ``info.legal_actions()`` with the passed-in ``rng``."""

    name = "random"

    def choose(self, info: InformationState, rng: random.Random) -> Action:
        """A uniformly random legal action.

        Raises:
            IllegalActionError: ``info`` has no legal action (the seat is not to act).
        """
        actions = info.legal_actions()
        if not actions:
            from skat.errors import IllegalActionError

            raise IllegalActionError(f"seat {info.seat.name} has no action in phase {info.phase}")
        return actions[rng.randrange(len(actions))]
