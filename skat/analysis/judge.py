"""Open-hand values of one deal's game, turned into what they mean for the declarer's result.

The solver (:mod:`skat.solver`) values a position in card points: the declarer's final card
points with best play on both sides and every card open (double dummy). What a person asks is
what that would have made of the game: won or lost, Schneider, Schwarz, the score. An
:class:`Outcome` is that, counted by :func:`skat.scoring.score_game` at the deal's bid; a
:class:`Judge` values the positions of one deal's game through one solver whose table is kept
from position to position (:meth:`skat.solver.Solver.shared_table`), and finds its lines of best
play (:class:`Line`). :class:`RamschJudge` does the same for a Ramsch seat: its own final card
points when the other two play against it (the solver's paranoid Ramsch).

The score depends on the card points only through 31, 61 and 90 (Schneider against the declarer,
won, Schneider) and on Schwarz, so an :class:`Outcome` found from threshold searches alone
(:meth:`Judge.band`, for the game choice) holds a range of card points where an exact one holds
one value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from skat.cards import CardSet, format_card
from skat.contract import Contract
from skat.options import Options
from skat.rules import GameType
from skat.scoring import score_game
from skat.solver import SCHWARZ, Position, Solver

__all__ = ["BANDS", "THRESHOLDS", "Judge", "Line", "Outcome", "RamschJudge"]

THRESHOLDS = (31, 61, 90, SCHWARZ)
"""The declarer's card points at which the score can change: out of Schneider (31), won (61),
Schneider (90); :data:`~skat.solver.SCHWARZ` stands for every trick."""

BANDS = ((0, 30), (31, 60), (61, 89), (90, 120), (120, 120))
"""The declarer's final card points between the thresholds; band 4 is every trick (Schwarz)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the declarer's game comes to from a position with best play and every card open.

    Attributes:
        points_min: the declarer's final card points (skat or discard included), at least.
        points_max: ... at most; equal to ``points_min`` when the value is exact. Null: 0, 120.
        schwarz: the declarer takes every trick.
        won: the declarer wins (by the cards and the bid: an overbid game is lost).
        schneider: the Schneider level counts (reached by either side, or announced); None
            for a lost game not searched for Schneider against the declarer (the game
            choice's, :meth:`Judge.band`): then ``score`` is that of a loss without it.
        overbid: the game value stays below the bid (ISkO 5.4).
        score: the declarer's score on the simple list, game points (with the Kontra it is
            counted with).
    """

    points_min: int
    points_max: int
    schwarz: bool
    won: bool
    schneider: bool | None
    overbid: bool
    score: int

    @property
    def points(self) -> int | None:
        """The declarer's final card points when known exactly, else None (always in Null)."""
        return self.points_min if self.points_min == self.points_max else None

    @property
    def level(self) -> str:
        """``"schwarz"``, ``"schneider"`` or ``""``: the highest level the game counts."""
        return "schwarz" if self.schwarz else "schneider" if self.schneider else ""

    def to_json(self) -> dict[str, object]:
        """``{"won", "level", "overbid", "score", "points", "points_min", "points_max",
        "schwarz", "schneider"}`` (``points`` null unless exact)."""
        return {
            "won": self.won,
            "level": self.level,
            "overbid": self.overbid,
            "score": self.score,
            "points": self.points,
            "points_min": self.points_min,
            "points_max": self.points_max,
            "schwarz": self.schwarz,
            "schneider": self.schneider,
        }


@dataclass(frozen=True, slots=True)
class Line:
    """A line of best play with every card open (the principal variation).

    Attributes:
        start: the index of its first card in the deal's card play (0 = the first card).
        cards: ``(seat, card)`` in playing order, to the end of the play or until the game is
            settled (a Null declarer's first trick, the defenders' first trick against Schwarz
            announced).
        value: its end: the declarer's final card points (Null: 1 won, 0 lost; Ramsch: the
            seat's final card points).
        outcome: what that makes of the game; None in Ramsch.
    """

    start: int
    cards: tuple[tuple[int, int], ...]
    value: int
    outcome: Outcome | None

    def to_json(self) -> dict[str, object]:
        """``{"start", "cards": [{"seat", "card", "trick"}], "value", "outcome"}`` (``trick``
        the 0-based trick the card falls in)."""
        return {
            "start": self.start,
            "cards": [
                {"seat": s, "card": format_card(c), "trick": (self.start + i) // 3}
                for i, (s, c) in enumerate(self.cards)
            ],
            "value": self.value,
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }


Key = tuple[int, int]
"""A position's value as compared: (card points, every trick 1/0); Null (1 won / 0 lost, 0);
Ramsch (the seat's card points, 0)."""


class Judge:
    """The open-hand values of the positions of one deal's suit, Grand, Spitze or Null game.

    Every position given must be of this deal with this declarer (the solver's shared table
    relies on it); the solver should be used inside its :meth:`~skat.solver.Solver.shared_table`
    block.

    Args:
        solver: the solver (a new one per analysis keeps the node counts, and with them the
            game choice's budget, the same on every run).
        contract: the contract the scores are counted for.
        bid: the final bid.
        matador_cards: the declarer's dealt cards and the skat (mask), for the matadors.
        kontra: 0 none, 1 Kontra, 2 Re, 3 Supra.
        options: the table's rule options (``lost_hand_single``).
    """

    def __init__(
        self,
        solver: Solver,
        contract: Contract,
        *,
        bid: int,
        matador_cards: int,
        kontra: int = 0,
        options: Options,
    ) -> None:
        self.solver = solver
        self.contract = contract
        self.null = contract.game == GameType.NULL
        self._bid = bid
        self._matadors = matador_cards
        self._kontra = kontra
        self._options = options
        self._cache: dict[tuple[int, int, bool], Outcome] = {}

    # -- outcomes -------------------------------------------------------------------------

    def outcome(self, lo: int, hi: int, schwarz: bool) -> Outcome:
        """The outcome of a declarer who ends with ``lo`` .. ``hi`` card points (Null: ``lo``
        1 won, 0 lost), taking every trick if ``schwarz``."""
        cached = self._cache.get((lo, hi, schwarz))
        if cached is not None:
            return cached
        if self.null:
            won_null = lo == 1
            res = score_game(
                self.contract, bid=self._bid, matador_cards=self._matadors, declarer_points=0,
                declarer_tricks=0 if won_null else 1, defender_tricks=10 if won_null else 0,
                kontra=self._kontra, options=self._options,
            )  # fmt: skip
            out = Outcome(0, 120, False, res.won, False, res.overbid, res.score)
        else:
            # the trick counts only tell Schwarz; a declarer left without any trick is not told
            # apart (the solver counts card points), and counts as Schneider against him
            res = score_game(
                self.contract, bid=self._bid, matador_cards=self._matadors, declarer_points=lo,
                declarer_tricks=10 if schwarz else 5, defender_tricks=0 if schwarz else 5,
                kontra=self._kontra, options=self._options,
            )  # fmt: skip
            schneider = "schneider" in res.levels
            out = Outcome(lo, hi, schwarz, res.won, schneider, res.overbid, res.score)
        self._cache[(lo, hi, schwarz)] = out
        return out

    def of_key(self, key: Key) -> Outcome:
        """The outcome of an exact value."""
        if self.null:
            return self.outcome(key[0], key[0], False)
        return self.outcome(key[0], key[0], bool(key[1]))

    # -- exact values ---------------------------------------------------------------------

    def key(self, pos: Position) -> Key:
        """The exact value of ``pos``: (declarer's final card points, 1 if every trick);
        Null: (1 won / 0 lost, 0)."""
        if self.null:
            return (int(self.solver.solve_threshold(pos, 0)), 0)
        value = self.solver.solve_value(pos)
        return (value, int(value == 120 and self.solver.solve_threshold(pos, SCHWARZ)))

    def alternatives(self, pos: Position, key: Key) -> tuple[tuple[int, ...], dict[int, Key]]:
        """The best cards of the seat to move in ``pos`` (whose exact value is ``key``),
        ascending, and the values known after its cards: those of the best cards (``key``).

        The best cards come from one threshold search per legal card (:meth:`keeps`), far
        cheaper than an exact value for each (the first trick's cards cost seconds so); the
        other cards are only known to be worse.
        """
        best = tuple(c for c in sorted(CardSet(pos.legal_mask())) if self.keeps(pos, c, key))
        return best, dict.fromkeys(best, key)

    def maximises(self, pos: Position) -> bool:
        """Whether the seat to move wants the value high (the declarer)."""
        return pos.to_move == pos.declarer

    def keeps(self, pos: Position, card: int, key: Key) -> bool:
        """Whether ``card`` keeps ``pos`` at its exact value ``key`` (is one of the best), from
        threshold searches: the declarer's card must reach ``key``, a defender's must hold the
        declarer to it."""
        child = pos.play(card)
        value, every = key
        solver = self.solver
        if self.maximises(pos):
            if self.null:
                return value == 0 or solver.solve_threshold(child, 0)
            if every:
                return solver.solve_threshold(child, SCHWARZ)
            if value == 120:  # 120 card points without every trick: no threshold asks that
                return solver.solve_value(child) == 120
            return solver.solve_threshold(child, value)
        if self.null:
            return value == 1 or not solver.solve_threshold(child, 0)
        if every:
            return True
        if value == 120:
            return not solver.solve_threshold(child, SCHWARZ)
        return not solver.solve_threshold(child, value + 1)

    def settled(self, pos: Position) -> bool:
        """Whether the game is over before its last card (a Null declarer took a trick, the
        defenders took one against Schwarz announced)."""
        if self.null:
            return pos.declarer_tricks > 0
        return self.contract.schwarz and pos.defender_tricks > 0

    def line(self, pos: Position, start: int, prefer: Sequence[int] = ()) -> Line:
        """The line of best play from ``pos`` (whose next card is card ``start`` of the deal).

        At each card the mover plays one of its best cards: the card of ``prefer`` (the cards
        that were played from ``pos`` on) while it is one of them, else the lowest-numbered of
        them, so the line is the same on every run.
        """
        return _line(self, pos, start, prefer)

    # -- threshold values (the game choice) -----------------------------------------------

    def band(self, pos: Position, cuts: Sequence[int], floor: int = 0) -> int:
        """The band (index into :data:`BANDS`) the declarer reaches from ``pos``, told apart
        only at the thresholds ``cuts`` (indices 1..4 into :data:`BANDS`: the band a threshold
        opens; Null: ``(1,)``, won).

        Returns the lowest band of the range found: the highest cut reached (0 if none), as
        long as it is above ``floor``; at or below ``floor``, ``floor`` (the caller knows a
        better one already and only asks whether this position beats it).
        """
        open_cuts = sorted(c for c in cuts if c > floor)
        reached = floor
        while open_cuts:
            # won or lost first (band 2, 61 card points): it tells the most, often at once
            cut = 2 if 2 in open_cuts else open_cuts[len(open_cuts) // 2]
            if self._reaches(pos, cut):
                reached = cut
                open_cuts = [c for c in open_cuts if c > cut]
            else:
                open_cuts = [c for c in open_cuts if c < cut]
        return reached

    def _reaches(self, pos: Position, band: int) -> bool:
        if self.null:
            return self.solver.solve_threshold(pos, 0)
        return self.solver.solve_threshold(pos, THRESHOLDS[band - 1])

    def band_outcome(self, band: int, cuts: Sequence[int]) -> Outcome:
        """The outcome of a position found in ``band`` (by :meth:`band` with ``cuts``): the
        card points from that band up to the next cut.

        Without the cut at 31 card points (band 1) a lost game found in band 0 is counted as
        a loss without Schneider against the declarer, its ``schneider`` None where that would
        change the score."""
        if self.null:
            return self.outcome(band, band, False)
        higher = [c for c in cuts if c > band]
        top = min(higher) - 1 if higher else 4
        if band == 0 and 1 not in cuts:
            plain = self.outcome(BANDS[1][0], BANDS[top][1], False)
            below = self.outcome(BANDS[0][0], BANDS[0][1], False)
            if plain.score != below.score:
                return replace(plain, points_min=0, schneider=None)
            return replace(plain, points_min=0)
        return self.outcome(BANDS[band][0], BANDS[top][1], band == 4)


class RamschJudge:
    """The open-hand values of a Ramsch for one seat: its own final card points when it plays to
    take as few as it can and the other two to give it as many as they can (paranoid; the
    solver's :func:`~skat.solver.solve_ramsch`). Durchmarsch and Jungfrau are not considered.

    Args:
        solver: the solver (inside its shared table).
        seat: the seat whose card points are valued.
    """

    null = False

    def __init__(self, solver: Solver, seat: int) -> None:
        self.solver = solver
        self.seat = seat

    def key(self, pos: Position) -> Key:
        """The seat's final card points from ``pos``."""
        return (self.solver.solve_ramsch(pos, self.seat), 0)

    def alternatives(self, pos: Position, key: Key) -> tuple[tuple[int, ...], dict[int, Key]]:
        """The best cards of the seat to move in ``pos`` (value ``key``), ascending, and the
        seat's final card points after each of its legal cards (all of them: Ramsch has no
        threshold search to tell the best apart more cheaply)."""
        if pos.to_move == self.seat:
            values = {c: (v, 0) for c, v in self.solver.move_values(pos, "exact").items()}
        else:
            values = {c: self.key(pos.play(c)) for c in CardSet(pos.legal_mask())}
        return tuple(sorted(c for c, v in values.items() if v == key)), values

    def maximises(self, pos: Position) -> bool:
        """The other two give the seat as many card points as they can."""
        return pos.to_move != self.seat

    def keeps(self, pos: Position, card: int, key: Key) -> bool:
        """Whether ``card`` keeps ``pos`` at its value ``key`` (is one of the best)."""
        return self.key(pos.play(card)) == key

    def settled(self, pos: Position) -> bool:
        """A Ramsch is always played to its last card."""
        return False

    def line(self, pos: Position, start: int, prefer: Sequence[int] = ()) -> Line:
        """The line of paranoid best play from ``pos`` (as :meth:`Judge.line`)."""
        return _line(self, pos, start, prefer)


def _line(judge: Judge | RamschJudge, pos: Position, start: int, prefer: Sequence[int]) -> Line:
    key = judge.key(pos)
    cards: list[tuple[int, int]] = []
    following = True
    end = pos
    while not end.is_terminal and not judge.settled(end):
        index = len(cards)
        legal = sorted(CardSet(end.legal_mask()))
        wanted = prefer[index] if following and index < len(prefer) else None
        if wanted is not None and wanted in legal and judge.keeps(end, wanted, key):
            card = wanted
        else:
            following = False
            card = next((c for c in legal if judge.keeps(end, c, key)), legal[-1])
        cards.append((end.to_move, card))
        end = end.play(card)
    outcome = None if isinstance(judge, RamschJudge) else judge.of_key(key)
    return Line(start, tuple(cards), key[0], outcome)
