r"""Scoring a Ramsch (all three passed): each for himself, the most card points lose them.

A Ramsch has no declarer and no game value: the seats with the most card points (the skat's
with the last trick or, with ``ramsch_skat=loser``, with the loser) lose that many game points,
doubled per Jungfrau (a seat without a trick) and per push of Schieberamsch; a Durchmarsch (one
seat took every trick) wins +120. The result explains itself in :class:`~skat.scoring.Step`\ s,
as a declared game's does (:mod:`skat.scoring`).

Sources: the pub rules of the project's seeds (000: Ramsch, Jungfrau, Durchmarsch +120 or −480,
Schieberamsch; 001: the skat to the last trick); not part of the ISkO. Bock: house rule
(XSkat ``ramsch.c``).

>>> result = score_ramsch((40, 50, 25), (3, 4, 3), 5, 1, options=Options())
>>> result.points, result.losers, result.scores
((40, 55, 25), (1,), (0, -55, 0))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from skat.errors import SkatError
from skat.options import Options, RamschSkat, ScoreList
from skat.scoring import Step
from skat.values import table_values

__all__ = ["RamschResult", "ramsch_list_scores", "score_ramsch"]


@dataclass(frozen=True, slots=True)
class RamschResult:
    """The scored result of a Ramsch (everybody for himself, the most card points lose).

    Attributes:
        points: card points per seat including the skat where it went.
        tricks: tricks per seat.
        losers: the seats with the most points (ties share the loss); ``()`` when a Durchmarsch
            wins.
        jungfrau: the seats without a trick.
        durchmarsch: the seat that took every trick, else ``None``.
        multiplier: ``2 ** len(jungfrau) × 2 ** pushes`` (a won Durchmarsch: ``2 ** pushes``),
            × 2 in a Bock deal.
        scores: signed game points per seat.
        explanation: the steps from the points to the scores.
    """

    points: tuple[int, int, int]
    tricks: tuple[int, int, int]
    losers: tuple[int, ...]
    jungfrau: tuple[int, ...]
    durchmarsch: int | None
    multiplier: int
    scores: tuple[int, int, int]
    explanation: tuple[Step, ...] = field(default=())

    def to_json(self) -> dict[str, object]:
        """The result as a JSON object (tuples become lists)."""
        return {
            "points": list(self.points),
            "tricks": list(self.tricks),
            "losers": list(self.losers),
            "jungfrau": list(self.jungfrau),
            "durchmarsch": self.durchmarsch,
            "multiplier": self.multiplier,
            "scores": list(self.scores),
            "explanation": [step.to_json() for step in self.explanation],
        }


def score_ramsch(
    trick_points: tuple[int, int, int],
    tricks: tuple[int, int, int],
    skat_points: int,
    last_trick_seat: int,
    *,
    pushes: int = 0,
    pushed_by: Sequence[int] = (),
    options: Options,
) -> RamschResult:
    """Score a Ramsch: the most card points lose them, doubled per Jungfrau and per push.

    The skat's points go to the winner of the last trick (option ``RamschSkat.LOSER``: to the
    seat(s) with the most trick points). The seats with the most points lose that many game
    points (ties: each of them loses); each Jungfrau (a seat without a trick) doubles; each push
    in Schieberamsch (a player who passed the skat on unseen) doubles. A Durchmarsch (one seat
    took every trick) wins +120 × 2 ** pushes; with the option ``durchmarsch=False`` it counts as
    the most points with two Jungfrauen (−120 × 4 × 2 ** pushes, −480 without pushes).

    Args:
        trick_points: card points per seat in the tricks (without the skat).
        tricks: tricks per seat (together 10).
        skat_points: card points of the skat (with the trick points, 120 together).
        last_trick_seat: the seat that won the last trick.
        pushes: how many players passed the skat on (Schieberamsch), 0..3.
        pushed_by: the seats that passed it on, in order, for the explanation (empty: not
            said; else one per push).
        options: the table's rule options (``ramsch_skat``, ``durchmarsch``) and the deal's
            Bock status: a Ramsch in a Bock deal doubles (XSkat), a Bockramsch deal does not.

    Raises:
        SkatError: points that do not add up to 120, tricks that do not add up to 10, a last
            trick winner without a trick, pushes outside 0..3, or ``pushed_by`` not one seat
            per push.

    Source: pub rules of the seeds (000: Ramsch, Jungfrau, Durchmarsch +120 or −480,
    Schieberamsch; 001: the skat to the last trick); not part of the ISkO.
    """
    if len(trick_points) != 3 or len(tricks) != 3:
        raise SkatError(f"need three seats: trick_points={trick_points!r}, tricks={tricks!r}")
    if min(trick_points) < 0 or skat_points < 0 or sum(trick_points) + skat_points != 120:
        raise SkatError(
            f"card points must add up to 120: trick_points={trick_points!r}, "
            f"skat_points={skat_points!r}"
        )
    if min(tricks) < 0 or sum(tricks) != 10:
        raise SkatError(f"tricks must add up to 10: {tricks!r}")
    if last_trick_seat not in (0, 1, 2) or tricks[last_trick_seat] == 0:
        raise SkatError(f"the last trick's winner must be a seat with a trick: {last_trick_seat!r}")
    if not 0 <= pushes <= 3:
        raise SkatError(f"pushes must be 0..3: {pushes!r}")
    if pushed_by and (len(pushed_by) != pushes or not set(pushed_by) <= {0, 1, 2}):
        raise SkatError(f"pushed_by must name the {pushes} pushing seats: {tuple(pushed_by)!r}")

    points = list(trick_points)
    if options.ramsch_skat == RamschSkat.LOSER:
        most = max(trick_points)
        skat_to = tuple(seat for seat in range(3) if trick_points[seat] == most)
    else:
        skat_to = (last_trick_seat,)
    steps: list[Step] = []
    for seat in skat_to:
        points[seat] += skat_points
        if skat_points:  # where the skat's points went: they are in no trick
            steps.append(Step("ramsch_skat", skat_points, seat))
    jungfrau = tuple(seat for seat in range(3) if tricks[seat] == 0)
    scores = [0, 0, 0]
    durchmarsch = next((seat for seat in range(3) if tricks[seat] == 10), None)
    running = 1

    def pushed() -> None:  # each push doubles, a Durchmarsch's +120 too
        nonlocal running
        for push in range(pushes):
            running *= 2
            steps.append(Step("schieben", running, pushed_by[push] if pushed_by else None))
        bock = table_values(options).bock  # XSkat ramsch.c: bockspiele && !ramschspiele
        if bock > 1:
            running *= bock
            steps.append(Step("bock_double", running))

    if durchmarsch is not None and options.durchmarsch:
        steps.append(Step("durchmarsch", 120, durchmarsch))
        pushed()
        multiplier = running
        scores[durchmarsch] = 120 * multiplier
        losers: tuple[int, ...] = ()
    else:
        most = max(points)
        losers = tuple(seat for seat in range(3) if points[seat] == most)
        steps.append(Step("ramsch_points", most, losers[0] if len(losers) == 1 else None))
        for seat in jungfrau:
            running *= 2
            steps.append(Step("jungfrau", running, seat))
        pushed()
        multiplier = running
        for seat in losers:
            scores[seat] = -most * multiplier
    steps.append(Step("multiplier", multiplier))
    for seat in range(3):
        if scores[seat]:
            steps.append(Step("score", scores[seat], seat))
    return RamschResult(
        points=(points[0], points[1], points[2]),
        tricks=(tricks[0], tricks[1], tricks[2]),
        losers=losers,
        jungfrau=jungfrau,
        durchmarsch=durchmarsch,
        multiplier=multiplier,
        scores=(scores[0], scores[1], scores[2]),
        explanation=tuple(steps),
    )


def ramsch_list_scores(result: RamschResult, score_list: ScoreList) -> tuple[int, int, int]:
    """The game points each seat writes on the score sheet for a Ramsch.

    Both lists write the Ramsch scores as they are: the Seeger-Fabian bonuses are for a
    declarer's won or lost game, and a Ramsch has no declarer (a choice of this project; the
    SkWO has no Ramsch).
    """
    del score_list  # the same on both lists
    return result.scores
