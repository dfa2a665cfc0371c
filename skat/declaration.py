"""What a declaration would be worth: the figures of the declaration dialog, before the first card.

The browser shows, for every contract the declarer may announce, its game value from the cards he
knows, whether that reaches the bid and what lifts it if not, and in a Hand game the least the
unseen skat can make it worth; the figures are the core's, counted by the levels of
:func:`skat.scoring.score_game` (ISkO 2.4, 5.1-5.4), not the browser's.

>>> from skat.cards import mask_of, parse_cards
>>> known = mask_of(parse_cards("SJ HJ DJ HA"))
>>> p = prospect(Contract.parse("HH"), bid=60, known_cards=known, options=Options())
>>> p.matadors, p.value, p.reach, p.announced_value
(-1, 30, 'announce_schwarz', 70)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from skat.contract import Contract
from skat.errors import SkatError
from skat.options import Options
from skat.rules import GameType, trump_sequence
from skat.scoring import game_value, matadors, null_value, overbid_value, suit_levels
from skat.values import table_values

__all__ = ["REACH_CODES", "Prospect", "lowest_matadors", "prospect"]


REACH_CODES = ("bid", "schneider", "announce_schneider", "schwarz", "announce_schwarz")
"""What lets a declared game reach the bid, in the order :func:`prospect` tries them."""


@dataclass(frozen=True, slots=True)
class Prospect:
    """What a contract is worth before the first card, from the cards the declarer knows: the
    declaration dialog's figures (game points).

    Attributes:
        contract: the contract.
        bid: the bid it is declared at.
        matadors: ``+n`` "with n", ``−n`` "without n" in the known cards; 0 for Null.
        value: the game value when won with the announced levels only (Null: its fixed value).
        schneider_value: the value with Schneider made as well (the same when announced).
        schwarz_value: the value with Schneider and Schwarz made: the most it can be worth.
        overbid_value: what the game is lost at when its value stays below the bid (ISkO 5.4),
            None when ``value`` reaches the bid.
        reach: what lets it reach the bid, one of :data:`REACH_CODES`: ``bid`` (``value``
            reaches it), ``schneider`` or ``schwarz`` (made in play), ``announce_schneider`` or
            ``announce_schwarz`` (a Hand game that announces it); None when nothing does.
        announced_value: for ``announce_*``: the value of the game with that announcement.
        lowest_matadors: in a Hand game, whose skat is unseen: the matadors of the hand and the
            skat that make the game worth least, over every skat the unseen cards allow (a jack
            in it can turn "without 4" into "with 1"); None after a pick-up and in Null.
        lowest_value: the value (the announced levels only, as ``value``) with those matadors:
            the least the skat can make the game worth; None where ``lowest_matadors`` is.
        skat_overbid: the unseen skat can make the game worth less than the bid although the
            hand alone reaches it (``lowest_value < bid <= value``): lost as overbid then,
            unless a level made in play (Schneider, Schwarz) lifts it (ISkO 5.4).
        lowest_reach: with ``skat_overbid``, the level made in play that lifts the lowest value
            to the bid: ``schneider`` (not announced, made) or ``schwarz``; None when neither
            does (the game is then lost as overbid whatever is made) and without
            ``skat_overbid``.
        lowest_reach_value: the value with ``lowest_reach`` made and the lowest matadors; None
            where ``lowest_reach`` is.
    """

    contract: Contract
    bid: int
    matadors: int
    value: int
    schneider_value: int
    schwarz_value: int
    overbid_value: int | None
    reach: str | None
    announced_value: int | None
    lowest_matadors: int | None = None
    lowest_value: int | None = None
    lowest_reach: str | None = None
    lowest_reach_value: int | None = None

    @property
    def skat_overbid(self) -> bool:
        """The unseen skat can bring the value below the bid that the hand alone reaches."""
        return self.lowest_value is not None and self.lowest_value < self.bid <= self.value

    def to_json(self) -> dict[str, object]:
        """The prospect as a JSON object; the contract in ISS notation (``"CH"``)."""
        return {
            "contract": str(self.contract),
            "bid": self.bid,
            "matadors": self.matadors,
            "value": self.value,
            "schneider_value": self.schneider_value,
            "schwarz_value": self.schwarz_value,
            "overbid_value": self.overbid_value,
            "reach": self.reach,
            "announced_value": self.announced_value,
            "lowest_matadors": self.lowest_matadors,
            "lowest_value": self.lowest_value,
            "skat_overbid": self.skat_overbid,
            "lowest_reach": self.lowest_reach,
            "lowest_reach_value": self.lowest_reach_value,
        }


def _value_if(
    contract: Contract, spitzen: int, options: Options, *, schneider: bool, schwarz: bool
) -> int:
    """The game value of a suit, Grand or Spitze ``contract`` won with Schneider and/or Schwarz
    made (besides what it announces), by the levels :func:`score_game` counts."""
    levels = suit_levels(
        contract,
        declarer_points=120 if schwarz else 90 if schneider else 61,
        declarer_tricks=10 if schwarz else 5,
        defender_tricks=0 if schwarz else 5,
        conceded=False,
    )
    return game_value(contract, spitzen, options, levels)


@lru_cache(maxsize=1024)  # the dialog asks it for each announcement of a game
def lowest_matadors(game: GameType, known_cards: int) -> int:
    """The matadors that make a game of ``game`` worth least when the skat is two of the cards
    not in ``known_cards`` (the declarer's hand, the skat unseen): over every such skat, the
    matadors of the hand with it whose multiplier (``|n| + 1``) is smallest; of two as small,
    "with" before "without". Only the cards of the trump sequence change the matadors, so the
    skats tried are the pairs of the unseen ones and of two other unseen cards.

    Source: ISkO 2.4 (the skat's cards count for the matadors, in Hand games too).

    >>> from skat.cards import mask_of, parse_cards
    >>> hand = mask_of(parse_cards("CA CK C9 C7 ST H9 DA DQ D9 D8"))  # deal 7348, middlehand
    >>> matadors(GameType.DIAMONDS, hand), lowest_matadors(GameType.DIAMONDS, hand)
    (-4, 1)
    """
    sequence = trump_sequence(game)
    unseen = [c for c in range(32) if not known_cards >> c & 1]
    runs = [c for c in unseen if c in sequence]
    others = [c for c in unseen if c not in sequence][:2]
    best: int | None = None
    for a, b in combinations(runs + others, 2):
        n = matadors(game, known_cards | 1 << a | 1 << b)
        if best is None or (abs(n), -n) < (abs(best), -best):
            best = n
    return matadors(game, known_cards) if best is None else best


def prospect(contract: Contract, *, bid: int, known_cards: int, options: Options) -> Prospect:
    """What ``contract`` would be worth at ``bid`` at the table of ``options``, its matadors
    counted in ``known_cards``.

    ``known_cards`` is the mask of the cards the declarer knows: after a pick-up his ten cards and
    the skat (exactly what :func:`score_game` counts), in a Hand game his ten cards alone, for the
    skat is unseen and may still change the matadors. The levels are those of
    :func:`score_game`; when the value stays below the bid, :attr:`Prospect.reach` says what
    lifts it (Schneider made, in a Hand game Schneider announced, Schwarz made, Schwarz
    announced), and :attr:`Prospect.overbid_value` what the game is lost at otherwise. In a Hand
    game :attr:`Prospect.lowest_value` is the least the unseen skat, two of the cards not in
    ``known_cards``, can make it worth (:func:`lowest_matadors`).

    Sources: ISkO 2.4 (matadors), 5.1-5.3 (value, levels), 5.4 (overbid).

    >>> from skat.cards import mask_of, parse_cards
    >>> known = mask_of(parse_cards("CJ SJ HJ DJ"))
    >>> p = prospect(Contract.parse("D"), bid=60, known_cards=known, options=Options())
    >>> p.value, p.schneider_value, p.schwarz_value, p.overbid_value, p.reach
    (45, 54, 63, 63, 'schwarz')

    Raises:
        SkatError: a Ramsch contract, a negative bid or a bad card mask.
    """
    if contract.game == GameType.RAMSCH:
        raise SkatError("a Ramsch is not declared")
    if not isinstance(bid, int) or bid < 0:
        raise SkatError(f"bad bid: {bid!r}")
    if not 0 <= known_cards <= 0xFFFFFFFF:
        raise SkatError(f"bad card mask: {known_cards!r}")
    if contract.game == GameType.NULL:
        value = null_value(contract, options)
        reach = "bid" if value >= bid else None
        return Prospect(
            contract, bid, 0, value, value, value, None if reach else value, reach, None
        )
    spitzen = matadors(contract.game, known_cards)
    value = _value_if(contract, spitzen, options, schneider=False, schwarz=False)
    schneider = _value_if(contract, spitzen, options, schneider=True, schwarz=False)
    schwarz = _value_if(contract, spitzen, options, schneider=True, schwarz=True)
    announced: dict[str, int] = {}
    if contract.hand and not contract.schwarz:
        # a Hand game may still announce what it lacks (ISkO 5.2.5, 5.2.6)
        if not contract.schneider:
            with_schneider = Contract.make(contract.game, hand=True, schneider=True)
            announced["announce_schneider"] = _value_if(
                with_schneider, spitzen, options, schneider=False, schwarz=False
            )
        with_schwarz = Contract.make(contract.game, hand=True, schwarz=True)
        announced["announce_schwarz"] = _value_if(
            with_schwarz, spitzen, options, schneider=False, schwarz=False
        )
    values = {"bid": value, "schneider": schneider, "schwarz": schwarz, **announced}
    reach = next((code for code in REACH_CODES if values.get(code, -1) >= bid), None)
    lowest = lowest_matadors(contract.game, known_cards) if contract.hand else None
    lowest_value = lowest_reach = lowest_reach_value = None
    if lowest is not None:
        lowest_value = _value_if(contract, lowest, options, schneider=False, schwarz=False)
        if lowest_value < bid <= value:  # skat_overbid: what made in play lifts it back
            for code, made in (("schneider", (True, False)), ("schwarz", (True, True))):
                lifted = _value_if(contract, lowest, options, schneider=made[0], schwarz=made[1])
                if lifted >= bid:
                    lowest_reach, lowest_reach_value = code, lifted
                    break
    return Prospect(
        contract=contract,
        bid=bid,
        matadors=spitzen,
        value=value,
        schneider_value=schneider,
        schwarz_value=schwarz,
        overbid_value=None
        if value >= bid
        else overbid_value(table_values(options).base_value(contract.game), bid),
        reach=reach,
        announced_value=announced.get(reach) if reach in announced else None,
        lowest_matadors=lowest,
        lowest_value=lowest_value,
        lowest_reach=lowest_reach,
        lowest_reach_value=lowest_reach_value,
    )
