"""The declarer's contract: game type, Hand, Schneider/Schwarz announced, ouvert.

ISS notation: the game letter ``G C S H D N`` then modifiers ``O`` (ouvert), ``H`` (Hand),
``S`` (Schneider announced), ``Z`` (Schwarz announced): ``G``, ``CH``, ``DHS``, ``CHZ``, ``GO``,
``NO``, ``NOH``. Schwarz announced implies Schneider announced; ouvert in a suit game or Grand
implies Hand, Schneider and Schwarz announced (ISkO 4.1.4-4.1.7), so the canonical form writes the
implied letters not again. ``R`` (Ramsch) and ``X`` (Sächsische Spitze) are this project's
extension letters, and so is the Null modifier ``V``: Revolution (a house rule), the Null Ouvert
Hand in which the defenders exchange cards before the first lead; it implies ouvert and Hand, so
its canonical form is ``NV``.

>>> Contract.parse("CHZ")
Contract.parse('CHZ')
>>> c = Contract.parse("GO"); c.hand, c.schneider, c.schwarz
(True, True, True)
>>> c = Contract.parse("NV"); c.hand, c.ouvert, c.revolution
(True, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from skat.errors import NotationError, shown
from skat.options import Options
from skat.rules import GameType
from skat.values import table_values

__all__ = ["Contract", "declarable_games", "declarations_below_bid", "legal_declarations"]


@dataclass(frozen=True, slots=True)
class Contract:
    """What the declarer plays; invalid combinations raise on construction.

    Attributes:
        revolution: a Revolution (house rule, ``docs/options.md``): only with Null, ouvert and
            Hand; the defenders exchange cards before the first lead (:mod:`skat.phases`).

    Raises:
        NotationError: an announcement without Hand, Schneider/Schwarz in Null or Ramsch, an
            announcement that does not include what it implies (use :meth:`make`, which adds
            it), or Revolution other than as a Null Ouvert Hand.

    >>> Contract.make(GameType.HEARTS, hand=True, schwarz=True)
    Contract.parse('HHZ')
    >>> Contract(GameType.HEARTS, schneider=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    skat.errors.NotationError: Schneider, Schwarz and ouvert are announced only in a Hand game...
    """

    game: GameType
    hand: bool = False
    schneider: bool = False
    schwarz: bool = False
    ouvert: bool = False
    revolution: bool = False

    def __post_init__(self) -> None:
        game = self.game
        if self.revolution and not (game == GameType.NULL and self.hand and self.ouvert):
            raise NotationError("Revolution is a Null Ouvert Hand: NV")
        if game == GameType.RAMSCH:
            if self.hand or self.schneider or self.schwarz or self.ouvert:
                raise NotationError(f"Ramsch takes no announcements: {self!r}")
            return
        if game == GameType.NULL:
            if self.schneider or self.schwarz:
                raise NotationError("Null takes no Schneider or Schwarz announcement")
            return
        if (self.schneider or self.schwarz or self.ouvert) and not self.hand:
            raise NotationError(
                f"Schneider, Schwarz and ouvert are announced only in a Hand game: {self.game.name}"
            )
        if self.schwarz and not self.schneider:
            raise NotationError("Schwarz announced implies Schneider announced")
        if self.ouvert and not self.schwarz:
            raise NotationError("ouvert implies Schwarz announced")

    @classmethod
    def make(
        cls,
        game: GameType,
        *,
        hand: bool = False,
        schneider: bool = False,
        schwarz: bool = False,
        ouvert: bool = False,
        revolution: bool = False,
    ) -> Contract:
        """A contract with the implied announcements added (ouvert → Hand, Schneider, Schwarz;
        Revolution → ouvert and Hand).

        Raises:
            NotationError: an announcement that needs Hand without it, one Null does not take,
                or Revolution in a game other than Null.
        """
        if game not in (GameType.NULL, GameType.RAMSCH):
            if ouvert:
                hand = schwarz = True
            if schwarz:
                schneider = True
        elif revolution and game == GameType.NULL:
            hand = ouvert = True
        return cls(game, hand, schneider, schwarz, ouvert, revolution)

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Parse ISS notation (``"DHS"``, ``"NO"``; ``"NV"``: Revolution).

        Raises:
            NotationError: unknown letters, repeated modifiers or an invalid combination.
        """
        if not isinstance(text, str) or not text:
            raise NotationError(f"not a contract: {shown(text)}")
        game = GameType.from_letter(text[0])
        mods = text[1:]
        if len(set(mods)) != len(mods) or any(m not in "OHSZV" for m in mods):
            raise NotationError(
                f"not a contract: {shown(text)} (modifiers are O H S Z V, once each)"
            )
        try:
            return cls.make(
                game,
                hand="H" in mods,
                schneider="S" in mods,
                schwarz="Z" in mods,
                ouvert="O" in mods,
                revolution="V" in mods,
            )
        except NotationError as err:
            raise NotationError(f"not a contract: {shown(text)} ({err})") from None

    @property
    def code(self) -> int:
        """A small int for the contract: the game type, then Hand, Schneider, Schwarz and ouvert
        as bits; the order the legal declarations are listed in (:meth:`of_code` reads it back).
        A Null game takes no Schneider, so its Schneider bit marks Revolution (``NV`` right
        after ``NOH``).

        >>> Contract.parse("CH").code, Contract.of_code(Contract.parse("CH").code)
        (56, Contract.parse('CH'))
        >>> Contract.parse("NOH").code, Contract.parse("NV").code
        (89, 93)
        """
        game = int(self.game) << 4
        schneider = self.schneider or self.revolution
        return game | self.hand << 3 | schneider << 2 | self.schwarz << 1 | self.ouvert

    @staticmethod
    def of_code(code: int) -> Contract:
        """The contract of a :attr:`code`.

        Raises:
            NotationError: not the code of a contract.
        """
        return _of_code(code)

    def __str__(self) -> str:
        text = self.game.letter
        if self.revolution:
            return text + "V"
        if self.game == GameType.NULL:
            return text + ("O" if self.ouvert else "") + ("H" if self.hand else "")
        if self.ouvert:
            return text + "O"
        if self.hand:
            text += "H"
        if self.schwarz:
            return text + "Z"
        if self.schneider:
            return text + "S"
        return text

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"


@cache
def _of_code(code: int) -> Contract:
    if not isinstance(code, int) or not 0 <= code < len(GameType) << 4:
        raise NotationError(f"not a contract code: {code!r}")
    game = GameType(code >> 4)
    revolution = game == GameType.NULL and bool(code >> 2 & 1)
    try:
        return Contract(
            game,
            hand=bool(code >> 3 & 1),
            schneider=bool(code >> 2 & 1) and not revolution,
            schwarz=bool(code >> 1 & 1),
            ouvert=bool(code & 1),
            revolution=revolution,
        )
    except NotationError as err:
        raise NotationError(f"not a contract code: {code!r} ({err})") from None


def declarable_games(spitze: bool) -> tuple[GameType, ...]:
    """The game types a declarer chooses among: the four suits (♦ ♥ ♠ ♣), Grand, Null and, with
    the option ``spitze``, Sächsische Spitze (ISkO 4.1; Spitze a house rule, ``docs/options.md``).

    >>> [g.name for g in declarable_games(True)][-3:]
    ['GRAND', 'NULL', 'SPITZE']
    """
    games = (*(GameType(s) for s in range(4)), GameType.GRAND, GameType.NULL)
    return (*games, GameType.SPITZE) if spitze else games


@cache
def legal_declarations(hand: bool, bid: int, options: Options) -> tuple[Contract, ...]:
    """The contracts the declarer may announce at ``bid`` (game points), in the order of their
    :attr:`~Contract.code`.

    A Hand game (declared in place of picking the skat up): every suit game and Grand (with the
    table's ``spitze`` option Sächsische Spitze too) plain, with Schneider announced, with Schwarz
    announced or ouvert; Null Hand and Null Ouvert Hand, and with the ``revolution`` option
    Revolution (``NV``, a Hand game: the skat stays untouched). After a pick-up: the suit games
    and Grand (Spitze) without announcements, Null and Null Ouvert (ISkO 4.1.4-4.1.7). A Null
    game worth less than the bid is left out (ISkO 4.2; the values:
    :func:`skat.values.table_values`, Revolution 92); a suit game or Grand is not, for its value
    is known only at the end (an overbid game is lost, ISkO 5.4).

    >>> [str(c) for c in legal_declarations(False, 30, Options())]
    ['D', 'H', 'S', 'C', 'G', 'NO']
    >>> [str(c) for c in legal_declarations(True, 40, Options())][-2:]
    ['GO', 'NOH']
    >>> [str(c) for c in legal_declarations(True, 90, Options(revolution=True))][-2:]
    ['GO', 'NV']
    """
    values = table_values(options)
    games = [g for g in declarable_games(options.spitze) if g != GameType.NULL]
    out: list[Contract] = []
    for g in games:
        if hand:
            for s, z, o in (
                (False, False, False),
                (True, False, False),
                (True, True, False),
                (True, True, True),
            ):
                out.append(Contract(g, True, s, z, o))
        else:
            out.append(Contract(g))
    for ouvert in (False, True):
        if values.null_value(hand=hand, ouvert=ouvert) >= bid:
            out.append(Contract(GameType.NULL, hand=hand, ouvert=ouvert))
    if options.revolution and hand and bid <= values.revolution:
        out.append(Contract.make(GameType.NULL, revolution=True))
    out.sort(key=lambda c: c.code)
    return tuple(out)


@cache
def declarations_below_bid(hand: bool, bid: int, options: Options) -> tuple[Contract, ...]:
    """The contracts of the phase (``hand``: a Hand game, else after a pick-up) that
    :func:`legal_declarations` leaves out at ``bid`` (game points), in the order of their
    :attr:`~Contract.code`: the Null games (Revolution too) whose fixed value is below the bid
    (ISkO 4.2). The declaration dialog says why they are not offered.

    >>> [str(c) for c in declarations_below_bid(True, 48, Options())]
    ['NH']
    >>> [str(c) for c in declarations_below_bid(False, 48, Options())]
    ['N', 'NO']
    >>> declarations_below_bid(False, 18, Options())
    ()
    """
    offered = legal_declarations(hand, bid, options)
    return tuple(c for c in legal_declarations(hand, 0, options) if c not in offered)
