"""The card play of a finished deal, valued card by card with every card open.

For every card of the deal the open-hand value before it and after it (the value before the
next card); for the analysed seat's cards also the value after each card it could have played,
its best cards, and a verdict: best, cost card points, or changed the outcome (the score). Every
card of any seat that turned the game from won to lost or back is a :class:`Swing`, with the
cards that would have kept it and the line of best play from there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skat.analysis.judge import Judge, Key, Line, Outcome, RamschJudge
from skat.cards import format_card
from skat.solver import Position

__all__ = ["BEST", "OUTCOME", "POINTS", "CardPlay", "Swing", "Trace", "trace"]

BEST = "best"
"""A verdict: the card was one of the best (open hand)."""
POINTS = "points"
"""A verdict: the card cost card points, the outcome stayed."""
OUTCOME = "outcome"
"""A verdict: the card changed the outcome (the score: won or lost, Schneider, Schwarz)."""


@dataclass(frozen=True, slots=True)
class CardPlay:
    """One card of the analysed seat, valued with every card open.

    Values are in the game's unit: the declarer's final card points (skat included) in suit
    games, Grand and Spitze; 1 won / 0 lost in Null; in Ramsch the seat's own final card points.

    Attributes:
        index: the card's number in the card play (0 .. 29).
        trick: its trick (0 .. 9).
        seat: who played it (the analysed seat).
        card: the card.
        before: the value before it, with best play from there (what the best cards keep).
        after: the value after it, with best play from there.
        values: the value after the card played and after each of ``best`` (card -> value);
            in Ramsch after every card the seat could have played. (The other cards are
            worse; their exact values are not searched, which would cost seconds.)
        best: the cards that keep ``before``, ascending.
        verdict: :data:`BEST`, :data:`POINTS` or :data:`OUTCOME`.
        cost: the card points the card gave away, from the seat's side (0 in Null).
        before_outcome: what ``before`` makes of the game (None in Ramsch).
        after_outcome: what ``after`` makes of it (None in Ramsch).
        unpunished: a card that was not best (``verdict`` POINTS or OUTCOME) whose cost the
            deal did not come to: it ended at least as well for the seat as ``before``, the
            other side having given back what the card gave away.
    """

    index: int
    trick: int
    seat: int
    card: int
    before: int
    after: int
    values: dict[int, int]
    best: tuple[int, ...]
    verdict: str
    cost: int
    before_outcome: Outcome | None
    after_outcome: Outcome | None
    unpunished: bool

    def to_json(self) -> dict[str, object]:
        """The card as a JSON object, cards in ISS notation."""
        return {
            "index": self.index,
            "trick": self.trick,
            "seat": self.seat,
            "card": format_card(self.card),
            "before": self.before,
            "after": self.after,
            "values": {format_card(c): v for c, v in sorted(self.values.items(), reverse=True)},
            "best": [format_card(c) for c in sorted(self.best, reverse=True)],
            "verdict": self.verdict,
            "cost": self.cost,
            "before_outcome": _json(self.before_outcome),
            "after_outcome": _json(self.after_outcome),
            "unpunished": self.unpunished,
        }


@dataclass(frozen=True, slots=True)
class Swing:
    """A card (of any seat) that turned the game from won to lost or from lost to won.

    Attributes:
        index, trick, seat, card: as in :class:`CardPlay`.
        before: what the game came to before it (best play from there).
        after: what it came to after it.
        better: the cards that would have kept ``before``, ascending.
        line: the line of best play from there, starting with one of ``better``.
    """

    index: int
    trick: int
    seat: int
    card: int
    before: Outcome
    after: Outcome
    better: tuple[int, ...]
    line: Line

    def to_json(self) -> dict[str, object]:
        """The swing as a JSON object."""
        return {
            "index": self.index,
            "trick": self.trick,
            "seat": self.seat,
            "card": format_card(self.card),
            "before": self.before.to_json(),
            "after": self.after.to_json(),
            "better": [format_card(c) for c in sorted(self.better, reverse=True)],
            "line": self.line.to_json(),
        }


@dataclass(frozen=True, slots=True)
class Trace:
    """The valued card play.

    Attributes:
        values: the value before each card and, last, after the last card played (one more
            than the cards), in the game's unit (see :class:`CardPlay`).
        outcomes: what each of ``values`` makes of the game (empty in Ramsch).
        opening: the line of best play from the first card (None in Ramsch, where each card
            tried costs a paranoid exact solve).
        cards: the analysed seat's cards.
        swings: the cards that turned won into lost or back (empty in Ramsch).
    """

    values: tuple[int, ...]
    outcomes: tuple[Outcome, ...]
    opening: Line | None
    cards: tuple[CardPlay, ...]
    swings: tuple[Swing, ...]


def _json(outcome: Outcome | None) -> dict[str, object] | None:
    return None if outcome is None else outcome.to_json()


def trace(judge: Judge | RamschJudge, start: Position, played: Sequence[int], seat: int) -> Trace:
    """Value the card play ``played`` from ``start`` (the position before the first card).

    Args:
        judge: the values of this deal's game.
        start: the position before the first card.
        played: the cards in playing order.
        seat: the analysed seat.

    Raises:
        SkatError: a card of ``played`` is not legal where it was played.
    """
    positions = [start]
    for card in played:
        positions.append(positions[-1].play(card))
    keys = [judge.key(pos) for pos in positions]
    ramsch = isinstance(judge, RamschJudge)
    outcomes = () if ramsch else tuple(judge.of_key(k) for k in keys)  # type: ignore[union-attr]
    cards: list[CardPlay] = []
    swings: list[Swing] = []
    for index, card in enumerate(played):
        pos = positions[index]
        mover = pos.to_move
        before, after = keys[index], keys[index + 1]
        flipped = not ramsch and outcomes[index].won != outcomes[index + 1].won
        if mover != seat and not flipped:
            continue
        best, values = judge.alternatives(pos, before)
        values[card] = after
        if flipped:
            line = judge.line(pos, index)
            swings.append(
                Swing(
                    index, index // 3, mover, card, outcomes[index], outcomes[index + 1], best,
                    line,
                )
            )  # fmt: skip
        if mover != seat:
            continue
        cards.append(
            _card_play(judge, pos, index, card, before, after, values, best, outcomes, keys[-1])
        )
    # a Ramsch line costs a paranoid exact solve per card tried, seconds: values only there
    opening = None if ramsch else judge.line(start, 0, played)
    return Trace(tuple(k[0] for k in keys), outcomes, opening, tuple(cards), tuple(swings))


def _card_play(
    judge: Judge | RamschJudge,
    pos: Position,
    index: int,
    card: int,
    before: Key,
    after: Key,
    values: dict[int, Key],
    best: tuple[int, ...],
    outcomes: tuple[Outcome, ...],
    end: Key,
) -> CardPlay:
    """The card ``card`` of the seat to move at ``pos``; ``end``: the value the deal came to."""
    ramsch = isinstance(judge, RamschJudge)
    gap = before[0] - after[0]
    high = judge.maximises(pos)  # the seat wants the value high
    cost = 0 if judge.null else (gap if high else -gap)
    if before == after:
        verdict = BEST
    elif not ramsch and outcomes[index].score != outcomes[index + 1].score:
        verdict = OUTCOME
    else:
        verdict = POINTS
    return CardPlay(
        index=index,
        trick=index // 3,
        seat=pos.to_move,
        card=card,
        before=before[0],
        after=after[0],
        values={c: v[0] for c, v in values.items()},
        best=best,
        verdict=verdict,
        cost=cost,
        before_outcome=None if ramsch else outcomes[index],
        after_outcome=None if ramsch else outcomes[index + 1],
        # its cost not come to: the deal ended at least as well for the seat as before it
        unpunished=verdict != BEST and (end[0] >= before[0] if high else end[0] <= before[0]),
    )
