"""Helpers of the scoring tests (``tests/core/test_scoring*.py``): a game scored from a contract
and its card points and tricks (at the ISkO table unless the test names its options), a mask of
a given number of matadors, Kontra and Supra allowed.
"""

from __future__ import annotations

from typing import Any

from skat.cards import mask_of
from skat.contract import Contract
from skat.options import KontraRule, Options
from skat.rules import GameType, trump_sequence
from skat.scoring import (
    GameResult,
    score_game,
)

ISKO = Options()
"""The ISkO table: the default options, which :func:`score` scores at unless told."""
KONTRA = Options(kontra=KontraRule.ON, supra=True)


def matador_mask(game: GameType, count: int) -> int:
    """A card mask that gives ``count`` matadors (with > 0, without < 0) in ``game``."""
    sequence = trump_sequence(game)
    if count > 0:
        return mask_of(sequence[:count])
    return mask_of(sequence[-count : -count + 1])  # the first trump he holds


def score(
    contract: str,
    *,
    points: int,
    tricks: int,
    defender_tricks: int | None = None,
    matadors_: int = 1,
    bid: int = 18,
    options: Options = ISKO,
    **kwargs: Any,
) -> GameResult:
    """Score ``contract`` (ISS notation) with ``matadors_`` matadors at the table of ``options``;
    defenders take the rest."""
    parsed = Contract.parse(contract)
    mask = 0 if parsed.game == GameType.NULL else matador_mask(parsed.game, matadors_)
    return score_game(
        parsed,
        bid=bid,
        matador_cards=mask,
        declarer_points=points,
        declarer_tricks=tricks,
        defender_tricks=10 - tricks if defender_tricks is None else defender_tricks,
        options=options,
        **kwargs,
    )
