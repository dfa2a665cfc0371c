"""The numbers of the table's rules, derived from its :class:`~skat.options.Options` in this one
place: base values, the Null and Revolution values, the bid ladder and the highest bid, the
score list's bonuses and the Bock factor.

Every function that values a game asks :func:`table_values` for them — the scorer
(:mod:`skat.scoring`), the auction (:mod:`skat.bidding`, :mod:`skat.phases`), the declaration
dialog (:mod:`skat.declaration`), the computer players and the analysis — so a rule option that
changes a value reaches all of them: its declaration in :mod:`skat.options`, its effect in
:func:`table_values`, and its texts in the four languages.

>>> isko = table_values(Options())
>>> isko.base_value(GameType.CLUBS), isko.base_value(GameType.GRAND), isko.null
(12, 24, (23, 35, 46, 59))
>>> isko.bids[:8], isko.highest_bid
((18, 20, 22, 23, 24, 27, 30, 33), 264)
>>> isko.won_bonus, isko.lost_malus, isko.defender_bonus, isko.bock
(50, 50, 40, 1)
>>> simple = table_values(Options(score_list=ScoreList.SIMPLE, bock_deal=BockDeal.BOCK))
>>> simple.won_bonus, simple.defender_bonus, simple.bock
(0, 0, 2)
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from functools import cache

from skat.errors import SkatError
from skat.options import BockDeal, Options, ScoreList
from skat.rules import GameType

__all__ = ["TableValues", "list_bonuses", "table_values"]

_ISKO_BASE = {
    GameType.DIAMONDS: 9,
    GameType.HEARTS: 10,
    GameType.SPADES: 11,
    GameType.CLUBS: 12,
    GameType.GRAND: 24,
}
"""Base values (ISkO 4.1.2)."""

_SPITZE_BASE = 20
"""The base value of Sächsische Spitze (house rule, the Chinese seed: Grand-like, base 20)."""

_ISKO_NULL = (23, 35, 46, 59)
"""The fixed game values of the Null games: Null 23, Null Hand 35, Null Ouvert 46, Null Ouvert
Hand 59, by ``hand + 2 * ouvert`` (ISkO 5.1-5.3)."""

_REVOLUTION = 92
"""The fixed game value of a Revolution: twice Null Ouvert's 46 (house rule, skatwelt.net: "Der
Revolution wird der Reizwert 92 zugeordnet"; JSkat names the option but does not play it)."""

_SUIT_LEVELS = 18
"""The most a suit game's value multiplies its base value by: with 11 matadors (four jacks and
the seven cards of the trump suit), game, Hand, Schneider, announced, Schwarz, announced,
ouvert (ISkO 4.1.3)."""

_GRAND_LEVELS = 11
"""The most a Grand multiplies its base value by: with 4 (the jacks) and the seven levels."""

_SEEGER_FABIAN = (50, 50, 40)
"""The Seeger-Fabian list (SkWO): +50 to the declarer of a won game, −50 to the declarer of a
lost one and +40 to each defender at a three-player table."""

_BOCK_FACTOR = 2
"""A Bock deal's scores count double (house rule, XSkat ``calc_result``: ``spwert *= 2``; never
more, however many rounds are queued, :mod:`skat.bock`)."""


def list_bonuses(score_list: ScoreList) -> tuple[int, int, int]:
    """What the score list ``score_list`` adds to a game's score: ``(added to the declarer's
    score of a won game, taken from it for a lost one, given to each defender when the declarer
    loses)`` — Seeger-Fabian (SkWO) ``(50, 50, 40)``, the simple list none.

    >>> list_bonuses(ScoreList.SEEGER_FABIAN), list_bonuses(ScoreList.SIMPLE)
    ((50, 50, 40), (0, 0, 0))
    """
    return _SEEGER_FABIAN if score_list == ScoreList.SEEGER_FABIAN else (0, 0, 0)


@dataclass(frozen=True, slots=True)
class TableValues:
    """The numbers a table's rules give its games (:func:`table_values` derives them).

    Attributes:
        base: the base value by :class:`~skat.rules.GameType` index (game points); 0 for a game
            that has none (Null, Ramsch).
        null: the Null game values by ``hand + 2 * ouvert`` (game points).
        revolution: the game value of a Revolution (game points).
        bids: the bid ladder, ascending: every value a bid may name (game points).
        won_bonus: what the score list adds to the declarer's score of a won game.
        lost_malus: what it takes from the declarer's score of a lost game.
        defender_bonus: what it gives each defender when the declarer loses.
        bock: the factor of the deal's score (2 in a Bock deal, else 1).
    """

    base: tuple[int, ...]
    null: tuple[int, int, int, int]
    revolution: int
    bids: tuple[int, ...]
    won_bonus: int
    lost_malus: int
    defender_bonus: int
    bock: int

    def base_value(self, game: GameType) -> int:
        """The base value of a suit game, Grand or Sächsische Spitze (game points).

        Raises:
            SkatError: ``game`` has no base value (Null, Ramsch).
        """
        value = self.base[game]
        if not value:
            raise SkatError(f"{game.name.title()} has no base value")
        return value

    def null_value(self, *, hand: bool, ouvert: bool, revolution: bool = False) -> int:
        """The fixed game value of a Null game, Hand or not, ouvert or not, or a Revolution."""
        return self.revolution if revolution else self.null[hand + 2 * ouvert]

    @property
    def highest_bid(self) -> int:
        """The highest value of the bid ladder (game points)."""
        return self.bids[-1]

    def next_bid(self, value: int) -> int | None:
        """The lowest bid above ``value`` (0: no bid yet); None above the highest."""
        index = bisect_right(self.bids, value)
        return self.bids[index] if index < len(self.bids) else None

    def list_score(self, score: int, *, won: bool) -> tuple[int, int]:
        """The declarer's entry on the score list for a game whose signed score is ``score``,
        and what each defender gets: ``(score + won_bonus, 0)`` or ``(score − lost_malus,
        defender_bonus)``."""
        if won:
            return score + self.won_bonus, 0
        return score - self.lost_malus, self.defender_bonus


@cache
def table_values(options: Options) -> TableValues:
    """The numbers of the rules ``options`` give (cached: one object per table).

    Sources: ISkO 3.3.2 (the ladder: the values a game can reach), 4.1.2 (base values), 5.1-5.3
    (Null values); Seeger-Fabian: SkWO; Sächsische Spitze, Revolution, Bock: house rules
    (``docs/options.md``).
    """
    base = [0] * len(GameType)
    for game, value in _ISKO_BASE.items():
        base[game] = value
    base[GameType.SPITZE] = _SPITZE_BASE
    suits = (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS)
    ladder = {base[g] * m for g in suits for m in range(2, 1 + _SUIT_LEVELS)}
    ladder |= {base[GameType.GRAND] * m for m in range(2, 1 + _GRAND_LEVELS)}
    ladder |= set(_ISKO_NULL)
    won, lost, defender = list_bonuses(options.score_list)
    return TableValues(
        base=tuple(base),
        null=_ISKO_NULL,
        revolution=_REVOLUTION,
        bids=tuple(sorted(ladder)),
        won_bonus=won,
        lost_malus=lost,
        defender_bonus=defender,
        bock=_BOCK_FACTOR if options.bock_deal == BockDeal.BOCK else 1,
    )
