"""Statistics of finished deals as the person saw them: games by type, won and lost, game values,
Seeger-Fabian points, card points, Kontra and the cards dealt to each player.

Pure: finished deals (:class:`State`) with the person's seat in, a frozen :class:`Statistics`
out. Players are named as the browser names them, from the person's seat: 0 you, 1 left, 2 right
(play goes clockwise: you, left, right; :func:`player_of_seat`). Every figure carries what it
rests on (a :class:`Mean` holds its sum and count), so a reader sees how many deals a mean is of.

Units: *card points* (0..120, the declarer's including the skat); *game points* (game values and
list scores). Seeger-Fabian points are the list scores of the Skatwettspielordnung (SkWO) as
:func:`skat.scoring.list_scores` writes them (a won game: score + 50; a lost one: score − 50 and
+40 to each defender), counted so for every deal whatever list its series kept, so that the
figure compares across series; a Ramsch counts its scores as they are
(:func:`skat.ramsch.ramsch_list_scores`), a passed deal 0.

The hand quality (jacks, aces, tens dealt to each player, before any skat is taken up) is
evidence that the deals are fair: each player's ten cards of 32 hold on average
:data:`EXPECTED_PER_HAND` (= 4 × 10 / 32 = 1.25) of each.

>>> from skat.state import Ending, State
>>> from skat.options import Options
>>> passed = State.new(1, Options()).apply("p").apply("p").apply("p")
>>> stats = statistics([(passed, 0)])
>>> stats.deals, stats.passed, stats.games, stats.jacks[0].count
(1, 1, 0, 1)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from skat.action import ActionKind
from skat.cards import JACKS, Rank, rank_mask
from skat.options import ScoreList
from skat.ramsch import RamschResult, ramsch_list_scores
from skat.rules import GameType
from skat.scoring import list_scores
from skat.state import Ending, State

__all__ = [
    "CALLS",
    "EXPECTED_PER_HAND",
    "GAME_TYPES",
    "PLAYERS",
    "Calls",
    "Comparison",
    "GameCount",
    "Interval",
    "Mean",
    "Statistics",
    "comparison",
    "paired_interval",
    "player_of_seat",
    "seeger_fabian",
    "statistics",
    "t95",
]

PLAYERS = ("you", "left", "right")
"""The players as the person sees them, by index: 0 you, 1 left, 2 right."""

GAME_TYPES = (
    GameType.CLUBS,
    GameType.SPADES,
    GameType.HEARTS,
    GameType.DIAMONDS,
    GameType.GRAND,
    GameType.NULL,
    GameType.SPITZE,
)
"""The declarer's games counted by type, in the order of the tables (Spitze: the option)."""

CALLS = (ActionKind.KONTRA, ActionKind.RE, ActionKind.SUPRA)
"""The doublings counted: Kontra (a defender), Re (the declarer), Supra (the Kontra's caller)."""

EXPECTED_PER_HAND = Fraction(4 * 10, 32)
"""Jacks (aces, tens) one player's ten dealt cards hold on average: 4 of 32 cards, 10 dealt."""

_ACES = rank_mask(Rank.ACE)
_TENS = rank_mask(Rank.TEN)

Triple = tuple[int, int, int]


def player_of_seat(seat: int, human: int) -> int:
    """The player (0 you, 1 left, 2 right) in ``seat`` (0 forehand .. 2 rearhand) when the person
    sits in ``human``.

    >>> [player_of_seat(seat, 1) for seat in (0, 1, 2)]
    [2, 0, 1]
    """
    return (seat - human) % 3


@dataclass(frozen=True, slots=True)
class Mean:
    """A mean with what it rests on: ``total / count`` (None when ``count`` is 0).

    >>> Mean(7, 2).mean, Mean(0, 0).mean
    (3.5, None)
    """

    total: int
    count: int

    @property
    def mean(self) -> float | None:
        """``total / count``; None for no values."""
        return self.total / self.count if self.count else None

    def to_json(self) -> dict[str, object]:
        """``{"total", "count", "mean"}`` (mean: a float or null)."""
        return {"total": self.total, "count": self.count, "mean": self.mean}


@dataclass(frozen=True, slots=True)
class GameCount:
    """The games of one type each player declared, won and lost (by player: you, left, right)."""

    game: GameType
    won: Triple
    lost: Triple

    def to_json(self) -> dict[str, object]:
        """``{"game": ISS letter, "won": [3], "lost": [3]}``."""
        return {"game": self.game.letter, "won": list(self.won), "lost": list(self.lost)}


@dataclass(frozen=True, slots=True)
class Calls:
    """One doubling (Kontra, Re or Supra) by who said it (by player), and how often the caller's
    side won the game it doubled (the defenders for Kontra and Supra, the declarer for Re)."""

    call: ActionKind
    said: Triple
    won: Triple

    def to_json(self) -> dict[str, object]:
        """``{"call": "K" | "R" | "SU", "said": [3], "won": [3]}``."""
        token = {ActionKind.KONTRA: "K", ActionKind.RE: "R", ActionKind.SUPRA: "SU"}[self.call]
        return {"call": token, "said": list(self.said), "won": list(self.won)}


@dataclass(frozen=True, slots=True)
class Statistics:
    """The figures of a set of finished deals; tuples of three are by player (you, left, right).

    Attributes:
        deals: the deals counted.
        games: the declarer's games among them (not passed, not Ramsch).
        passed: the deals all passed that were dealt anew (no Ramsch).
        ramsch: the Ramsch (and Schieberamsch) deals.
        ramsch_lost: by player, the Ramsch deals the player lost (ties share the loss).
        by_type: the games by type (:data:`GAME_TYPES`; Spitze only when one was played).
        game_value: by player, the game value of the games the player declared (game points,
            unsigned, after an overbid's raise: :attr:`skat.scoring.GameResult.game_value`).
        seeger_fabian: by player, the Seeger-Fabian points of every deal counted (per game:
            total / count).
        seeger_fabian_declared: by player, the Seeger-Fabian points of the games the player
            declared.
        declarer_points: by player, the card points as declarer (with the skat) in suit, Grand and
            Spitze games (a Null game counts none).
        defender_points: by player, the card points of both defenders in the same games when the
            player defended.
        calls: Kontra, Re and Supra (:data:`CALLS`).
        jacks, aces, tens: by player, the jacks, aces and tens of the ten cards dealt.
    """

    deals: int
    games: int
    passed: int
    ramsch: int
    ramsch_lost: Triple
    by_type: tuple[GameCount, ...]
    game_value: tuple[Mean, Mean, Mean]
    seeger_fabian: tuple[Mean, Mean, Mean]
    seeger_fabian_declared: tuple[Mean, Mean, Mean]
    declarer_points: tuple[Mean, Mean, Mean]
    defender_points: tuple[Mean, Mean, Mean]
    calls: tuple[Calls, ...]
    jacks: tuple[Mean, Mean, Mean]
    aces: tuple[Mean, Mean, Mean]
    tens: tuple[Mean, Mean, Mean]

    def to_json(self) -> dict[str, object]:
        """The figures as JSON: counts as numbers, each :class:`Mean` as ``{"total", "count",
        "mean"}``, by-player figures as lists of three (you, left, right)."""

        def means(values: tuple[Mean, Mean, Mean]) -> list[dict[str, object]]:
            return [m.to_json() for m in values]

        return {
            "players": list(PLAYERS),
            "deals": self.deals,
            "games": self.games,
            "passed": self.passed,
            "ramsch": self.ramsch,
            "ramsch_lost": list(self.ramsch_lost),
            "by_type": [g.to_json() for g in self.by_type],
            "game_value": means(self.game_value),
            "seeger_fabian": means(self.seeger_fabian),
            "seeger_fabian_declared": means(self.seeger_fabian_declared),
            "declarer_points": means(self.declarer_points),
            "defender_points": means(self.defender_points),
            "calls": [c.to_json() for c in self.calls],
            "hands": {
                "jacks": means(self.jacks),
                "aces": means(self.aces),
                "tens": means(self.tens),
                "expected": float(EXPECTED_PER_HAND),
            },
        }


def seeger_fabian(state: State) -> Triple:
    """The Seeger-Fabian points of a finished deal by seat (game points): a declarer's game by
    :func:`skat.scoring.list_scores`, a Ramsch by :func:`skat.ramsch.ramsch_list_scores` (both
    on :attr:`ScoreList.SEEGER_FABIAN`, whatever list the table keeps), a passed deal 0 each.

    Raises:
        ValueError: the deal is not finished or ended by a penalty before the declaration.
    """
    if not state.is_terminal():
        raise ValueError(f"the deal is not finished (phase {state.phase.value!r})")
    if state.ending == Ending.PENALTY:
        raise ValueError("the deal ended by a penalty before the declaration: no game to count")
    res = state.result()
    if res is None:
        return (0, 0, 0)
    if isinstance(res, RamschResult):
        return ramsch_list_scores(res, ScoreList.SEEGER_FABIAN)
    declarer = int(state.declarer if state.declarer is not None else 0)
    return list_scores(res, declarer, ScoreList.SEEGER_FABIAN)


def _t_two_sided(t: float, df: int) -> float:
    """P(|T| <= t) for Student's t with ``df`` degrees of freedom (Abramowitz and Stegun 26.7.3
    and 26.7.4, exact for whole ``df``)."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    if df % 2 == 1:
        term = total = math.cos(theta) if df > 1 else 0.0
        for k in range(3, df - 1, 2):  # cos θ (1 + 2/3 cos² θ + 2·4/(3·5) cos⁴ θ + ...)
            term *= c2 * (k - 1) / k
            total += term
        return 2 / math.pi * (theta + math.sin(theta) * total)
    term = total = 1.0
    for k in range(2, df - 1, 2):  # 1 + 1/2 cos² θ + 1·3/(2·4) cos⁴ θ + ...
        term *= c2 * (k - 1) / k
        total += term
    return math.sin(theta) * total


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom (the ``t`` of a
    95% interval of a mean of ``df + 1`` values), to 1e-9: 12.706 for 1, 2.228 for 10, 1.960 in
    the limit. Found by bisection on the exact distribution (:func:`_t_two_sided`).

    >>> round(t95(1), 3), round(t95(10), 3), round(t95(30), 3)
    (12.706, 2.228, 2.042)

    Raises:
        ValueError: ``df`` is not a whole number ≥ 1.
    """
    if isinstance(df, bool) or not isinstance(df, int) or df < 1:
        raise ValueError(f"degrees of freedom must be a whole number >= 1, not {df!r}")
    low, high = 1.959, 12.71
    while high - low > 1e-10:
        mid = (low + high) / 2
        if _t_two_sided(mid, df) < 0.95:
            low = mid
        else:
            high = mid
    return (low + high) / 2


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean and its 95% interval (Student's t over ``count`` values): ``low`` and ``high`` are
    None for fewer than two values, ``mean`` None for none.

    >>> i = paired_interval([1, 3])
    >>> i.count, i.mean, round(i.low, 3), round(i.high, 3)
    (2, 2.0, -10.706, 14.706)
    """

    count: int
    mean: float | None
    low: float | None
    high: float | None

    def to_json(self) -> dict[str, object]:
        """``{"count", "mean", "low", "high"}`` (floats or null)."""
        return {"count": self.count, "mean": self.mean, "low": self.low, "high": self.high}


def paired_interval(differences: Sequence[float]) -> Interval:
    """The mean of ``differences`` (one per pair, as a paired t-test takes them) and its 95%
    interval: ``mean ± t95(n − 1) · s / √n``, ``s`` the sample standard deviation."""
    n = len(differences)
    if n == 0:
        return Interval(0, None, None, None)
    mean = sum(differences) / n
    if n < 2:
        return Interval(1, mean, None, None)
    sd = math.sqrt(sum((d - mean) ** 2 for d in differences) / (n - 1))
    half = t95(n - 1) * sd / math.sqrt(n)
    return Interval(n, mean, mean - half, mean + half)


@dataclass(frozen=True, slots=True)
class Comparison:
    """The person's Seeger-Fabian points beside a computer's with the same cards in the same seat
    (:func:`skat.replay.replay_seat`): the score free of card luck.

    Attributes:
        deals: the deals compared (each with its replay).
        person: the person's Seeger-Fabian points over them (game points).
        computer: the computer's in the person's seat over the same deals.
        difference: per deal, the person's points minus the computer's: their mean and its 95%
            interval (:func:`paired_interval`); above 0 the person scored more.
    """

    deals: int
    person: int
    computer: int
    difference: Interval

    def to_json(self) -> dict[str, object]:
        """``{"deals", "person", "computer", "difference": {"count", "mean", "low", "high"}}``."""
        return {
            "deals": self.deals,
            "person": self.person,
            "computer": self.computer,
            "difference": self.difference.to_json(),
        }


def comparison(pairs: Iterable[tuple[State, State, int]]) -> Comparison:
    """The :class:`Comparison` of ``pairs``, each a finished deal, its replay and the seat
    replayed (the person's, 0..2); the replay's match is checked by the caller
    (:func:`skat.replay.check_replay`).

    >>> from skat.options import Options
    >>> passed = State.new(1, Options()).apply("p").apply("p").apply("p")
    >>> comparison([(passed, passed, 0)]).to_json()["person"]
    0

    Raises:
        ValueError: as :func:`seeger_fabian`, or a seat is not 0..2.
    """
    person = computer = 0
    differences: list[int] = []
    for deal, replay, seat in pairs:
        if seat not in (0, 1, 2):
            raise ValueError(f"the person's seat must be 0, 1 or 2, not {seat!r}")
        own, other = seeger_fabian(deal)[seat], seeger_fabian(replay)[seat]
        person += own
        computer += other
        differences.append(own - other)
    return Comparison(len(differences), person, computer, paired_interval(differences))


class _Sums:
    """Running sums and counts by player (a mutable helper of :func:`statistics`)."""

    def __init__(self) -> None:
        self.total = [0, 0, 0]
        self.count = [0, 0, 0]

    def add(self, player: int, value: int) -> None:
        self.total[player] += value
        self.count[player] += 1

    def means(self) -> tuple[Mean, Mean, Mean]:
        t, c = self.total, self.count
        return (Mean(t[0], c[0]), Mean(t[1], c[1]), Mean(t[2], c[2]))


def statistics(deals: Iterable[tuple[State, int]]) -> Statistics:
    """The figures of finished ``deals``, each a state and the person's seat (0..2).

    Raises:
        ValueError: a deal is not finished or ended by a penalty (a timeout, a seat leaving)
            before the declaration, or a seat is not 0..2 (the web API refuses all three before:
            :mod:`skat.server.statistics`).
    """
    n = passed = ramsch = games = 0
    ramsch_lost = [0, 0, 0]
    won = {g: [0, 0, 0] for g in GAME_TYPES}
    lost = {g: [0, 0, 0] for g in GAME_TYPES}
    value, sf, sf_declared = _Sums(), _Sums(), _Sums()
    declarer_points, defender_points = _Sums(), _Sums()
    jacks, aces, tens = _Sums(), _Sums(), _Sums()
    said = {c: [0, 0, 0] for c in CALLS}
    said_won = {c: [0, 0, 0] for c in CALLS}
    for state, human in deals:
        if human not in (0, 1, 2):
            raise ValueError(f"the person's seat must be 0, 1 or 2, not {human!r}")
        if not state.is_terminal():
            raise ValueError(f"the deal is not finished (phase {state.phase.value!r})")
        if state.ending == Ending.PENALTY:
            raise ValueError("the deal ended by a penalty before the declaration: no game to count")
        n += 1
        for seat in range(3):
            player = player_of_seat(seat, human)
            dealt = state.deal.hands[seat].mask
            jacks.add(player, (dealt & JACKS).bit_count())
            aces.add(player, (dealt & _ACES).bit_count())
            tens.add(player, (dealt & _TENS).bit_count())
        res = state.result()
        scores = seeger_fabian(state)
        if res is None:
            passed += 1
        elif isinstance(res, RamschResult):
            ramsch += 1
            for seat in res.losers:
                ramsch_lost[player_of_seat(seat, human)] += 1
        else:
            games += 1
            declarer = int(state.declarer if state.declarer is not None else 0)
            player = player_of_seat(declarer, human)
            (won if res.won else lost)[res.contract.game][player] += 1
            value.add(player, res.game_value)
            sf_declared.add(player, scores[declarer])
            if res.contract.game != GameType.NULL:
                declarer_points.add(player, res.declarer_points)
                for seat in range(3):
                    if seat != declarer:
                        defender_points.add(player_of_seat(seat, human), 120 - res.declarer_points)
            for action, actor in zip(state.actions, state.actors, strict=True):
                if action.kind in said:
                    caller = player_of_seat(actor, human)
                    said[action.kind][caller] += 1
                    # Re is the declarer's; Kontra and Supra are the defenders'
                    if res.won == (action.kind == ActionKind.RE):
                        said_won[action.kind][caller] += 1
        for seat in range(3):
            sf.add(player_of_seat(seat, human), scores[seat])

    def triple(values: list[int]) -> Triple:
        return (values[0], values[1], values[2])

    by_type = tuple(
        GameCount(g, triple(won[g]), triple(lost[g]))
        for g in GAME_TYPES
        if g != GameType.SPITZE or sum(won[g]) + sum(lost[g])
    )
    return Statistics(
        deals=n,
        games=games,
        passed=passed,
        ramsch=ramsch,
        ramsch_lost=triple(ramsch_lost),
        by_type=by_type,
        game_value=value.means(),
        seeger_fabian=sf.means(),
        seeger_fabian_declared=sf_declared.means(),
        declarer_points=declarer_points.means(),
        defender_points=defender_points.means(),
        calls=tuple(Calls(c, triple(said[c]), triple(said_won[c])) for c in CALLS),
        jacks=jacks.means(),
        aces=aces.means(),
        tens=tens.means(),
    )
