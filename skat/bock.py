"""Bock rounds and Bockramsch: which deals of a series count double, or are Ramsch, after an event.

A house rule (XSkat ``-bock`` / ``-bockramsch`` with ``-bockevents``; JSkat's Bock options), off
by default. After certain events of a finished deal (:class:`BockEvent`, each on or off by its
option ``bock_<event>``) the table plays a *round*, one deal per player (three), as Bock deals:
their scores count double. Events queue: each one adds a round to the deals still to play, so two
events in one deal, or an event during a Bock round, bring three more Bock deals each; a deal is
never more than doubled. This is XSkat's rule (``bockspiele += 3 * events`` when the next deal is
dealt, the score ``× 2`` while ``bockspiele`` is not 0; ``do_geben``, ``calc_result``); every deal
dealt counts towards the round, a passed-in one too.

With :attr:`~skat.options.BockRule.RAMSCH` (Bockramsch, as issue 32 describes it) each event
brings a round of Ramsch deals instead: dealt straight into Ramsch, no auction, not doubled.
XSkat's ``-bockramsch`` differs (a Ramsch round *after* each Bock round, and a Grand Hand may
replace the Ramsch); it is not played here.

The server keeps no state: the series is the browser's, and :func:`walk` decides from its
finished deals (their records, in order, with the person's seat) what each deal had to be, which
events each raised, and what the next deal is. A deal whose own ``BK[...]`` does not follow is
refused (:class:`BockError`) and the deals before it stay valid.

>>> from skat.options import Options, BockRule
>>> from skat.state import State
>>> table = Options(bock=BockRule.ROUNDS, bock_all_passed=True)
>>> passed = State.new(1, table).apply("p").apply("p").apply("p")
>>> w = walk([(passed, 0)])
>>> w.deals[0].events, w.remaining, w.next_deal(table)
((<BockEvent.ALL_PASSED: 'all_passed'>,), 3, <BockDeal.BOCK: 'bock'>)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from skat.errors import RecordError, SkatError, cut
from skat.options import BockDeal, BockRule, Options
from skat.phases import Ending
from skat.ramsch import RamschResult, ramsch_list_scores
from skat.rules import GameType
from skat.scoring import GameResult, list_scores
from skat.state import State
from skat.values import table_values

__all__ = [
    "ROUND",
    "BockError",
    "BockEvent",
    "BockWalk",
    "DealBock",
    "deal_events",
    "format_bk",
    "parse_bk",
    "result_events",
    "seat_list_scores",
    "total_events",
    "walk",
]

ROUND = 3
"""Deals in a round, one per player (XSkat: ``NUM_PLAYERS``)."""

Triple = tuple[int, int, int]


class BockError(SkatError):
    """A deal of a series whose Bock status (``BK[...]``) does not follow from the deals before
    it, or a series that cannot be walked.

    Attributes:
        index: the 0-based index of that deal in the series walked.
        detail: what is wrong with it, the message without the index (``"is marked 'bock' (BK),
            but the deals before it make it 'none'"``), for a caller that numbers the deals
            otherwise (``POST /api/statistics``, :mod:`skat.server.statistics`).
    """

    code = "bock_mismatch"

    def __init__(self, index: int, detail: str) -> None:
        super().__init__(f"deal {index} of the series {detail}")
        self.index = index
        self.detail = detail

    def __reduce__(self) -> tuple[type[BockError], tuple[int, str]]:
        # raised in a worker process, it comes back pickled
        return (BockError, (self.index, self.detail))


class BockEvent(StrEnum):
    """The events that bring a Bock round; each is on or off by the option ``bock_<value>``.

    Sources: XSkat's ``-bockevents`` (1 lost with 60, 2 Grand Hand won, 4 a Kontra won, 8 Kontra
    and Re, 16 a total of three equal digits, 32 a total that is a multiple of 100, 64 a game
    value of 72 or more, 128 of 96 or more; ``check_bockevents``); JSkat's Bock events (all
    passed, Kontra and Re, a lost Kontra game, lost with 60, a lost Grand, a score of X00).
    """

    LOST_60 = "lost_60"
    GRAND_HAND = "grand_hand"
    KONTRA_WON = "kontra_won"
    KONTRA_RE = "kontra_re"
    NNN = "nnn"
    N00 = "n00"
    VALUE_72 = "value_72"
    VALUE_96 = "value_96"
    ALL_PASSED = "all_passed"
    LOST_GRAND = "lost_grand"

    @property
    def option(self) -> str:
        """The option that turns the event on: ``bock_<value>``."""
        return f"bock_{self.value}"


def seat_list_scores(state: State) -> Triple:
    """What each seat of a finished deal writes on its score sheet (the deal's ``score_list``):
    :func:`skat.scoring.list_scores`, a Ramsch's scores, 0 for a deal without a result."""
    res = state.result()
    if isinstance(res, RamschResult):
        return ramsch_list_scores(res, state.options.score_list)
    if isinstance(res, GameResult) and state.declarer is not None:
        return list_scores(res, int(state.declarer), state.options.score_list)
    return (0, 0, 0)


def _on(options: Options, event: BockEvent) -> bool:
    return bool(getattr(options, event.option))


def _equal_digits(total: int) -> bool:
    s = abs(total)  # XSkat: the last three digits of the total's absolute value
    return s % 10 == s // 10 % 10 == s // 100 % 10


def deal_events(state: State, before: Triple, after: Triple) -> tuple[BockEvent, ...]:
    """The Bock events of a finished deal, each as often as it counts (the totals' events once
    per player), under the deal's own options; ``()`` while the Bock rule is off.

    Args:
        state: the finished deal.
        before: each player's total on the score sheet before the deal (game points; any fixed
            order of the three players).
        after: the totals after it.

    Source: XSkat's ``check_bockevents``: :func:`result_events` and :func:`total_events`.
    """
    o = state.options
    if o.bock == BockRule.OFF or not state.is_terminal():
        return ()
    return (*result_events(state.result(), o, _all_passed(state)), *total_events(before, after, o))


def result_events(
    result: GameResult | RamschResult | None, options: Options, all_passed: bool = False
) -> tuple[BockEvent, ...]:
    """The Bock events of a deal's result that are on in ``options`` (the totals' aside).

    Args:
        result: the deal's scored result (None: passed in, or no game).
        options: the deal's rule options: which events are on.
        all_passed: all three passed in the deal's auction.

    Source: XSkat's ``check_bockevents`` (lost with exactly 60 in a suit or Grand game, a won
    Grand Hand, a Kontra won, Kontra and Re (not counted again when its Kontra won), a won game's
    value before Kontra and Bock of 72 or more, of 96 or more (not counted again with the 72
    event; a won Durchmarsch counts 120)); JSkat for all passed and a lost Grand.

    >>> result_events(None, Options(bock=BockRule.ROUNDS, bock_all_passed=True), True)
    (<BockEvent.ALL_PASSED: 'all_passed'>,)
    """
    out: list[BockEvent] = []
    won_value = 0
    if isinstance(result, GameResult):
        res = result
        game = res.contract.game
        lost = not res.won
        if _on(options, BockEvent.LOST_60) and lost and res.declarer_points == 60:
            out += [BockEvent.LOST_60] if game != GameType.NULL else []
        if _on(options, BockEvent.GRAND_HAND) and res.won and game == GameType.GRAND:
            out += [BockEvent.GRAND_HAND] if res.contract.hand else []
        if _on(options, BockEvent.KONTRA_WON) and res.kontra >= 1 and lost:
            out.append(BockEvent.KONTRA_WON)
        elif _on(options, BockEvent.KONTRA_RE) and res.kontra >= 2:
            out.append(BockEvent.KONTRA_RE)
        if _on(options, BockEvent.LOST_GRAND) and lost and game == GameType.GRAND:
            out.append(BockEvent.LOST_GRAND)
        won_value = res.game_value if res.won else 0
    elif isinstance(result, RamschResult) and result.durchmarsch is not None:
        won_value = 0 if result.losers else 120
    if _on(options, BockEvent.VALUE_72) and won_value >= 72:
        out.append(BockEvent.VALUE_72)
    elif _on(options, BockEvent.VALUE_96) and won_value >= 96:
        out.append(BockEvent.VALUE_96)
    if _on(options, BockEvent.ALL_PASSED) and all_passed:
        out.append(BockEvent.ALL_PASSED)
    return tuple(out)


def total_events(before: Triple, after: Triple, options: Options) -> tuple[BockEvent, ...]:
    """The Bock events of the score sheet's totals: for each player whose total the deal
    changed, three equal last digits (of its absolute value: 0, 111, −222, 1000) or else a
    multiple of 100 (0 too), once per player, where ``options`` has the event on.

    Source: XSkat's ``check_bockevents`` (events 16 and 32).

    >>> total_events((50, 0, 0), (100, 0, 0), Options(bock=BockRule.ROUNDS, bock_n00=True))
    (<BockEvent.N00: 'n00'>,)
    """
    out: list[BockEvent] = []
    for total, old in zip(after, before, strict=True):
        if total == old:
            continue
        if _on(options, BockEvent.NNN) and _equal_digits(total):
            out.append(BockEvent.NNN)
        elif _on(options, BockEvent.N00) and total % 100 == 0:
            out.append(BockEvent.N00)
    return tuple(out)


def _all_passed(state: State) -> bool:
    """All three passed in the auction (a new deal, Ramsch or Schieberamsch after it); a
    Bockramsch deal has no auction."""
    return state.ending == Ending.PASSED or state.auction.all_passed


@dataclass(frozen=True, slots=True)
class DealBock:
    """One finished deal of a series as the Bock rule sees it.

    Attributes:
        deal: what the deal was (none, Bock, Bockramsch); its record's ``BK``.
        events: the events it raised (:func:`deal_events`).
        remaining: the Bock (or Bockramsch) deals queued after it.
    """

    deal: BockDeal
    events: tuple[BockEvent, ...]
    remaining: int

    def to_json(self) -> dict[str, object]:
        """``{"deal": "bock", "events": ["lost_60"], "remaining": 5}``."""
        return {
            "deal": self.deal.value,
            "events": [e.value for e in self.events],
            "remaining": self.remaining,
        }


@dataclass(frozen=True, slots=True)
class BockWalk:
    """A series walked by :func:`walk`: each deal's Bock figures and what is queued after the
    last.

    Attributes:
        deals: one :class:`DealBock` per finished deal, in order.
        remaining: the Bock (or Bockramsch) deals still to play after the last deal.
    """

    deals: tuple[DealBock, ...]
    remaining: int

    def next_deal(self, options: Options) -> BockDeal:
        """What the series' next deal is under ``options`` (the table's rules for it): a Bock
        deal or a Bockramsch deal while deals are queued and the rule is on, else none."""
        return _expected(self.remaining, options)

    def to_json(self, options: Options) -> dict[str, object]:
        """``{"deals": [...], "remaining": 2, "next": "bock", "multiplier": 2}``: the deals'
        figures, the queue, and the next deal under ``options`` with its multiplier."""
        nxt = self.next_deal(options)
        return {
            "deals": [d.to_json() for d in self.deals],
            "remaining": self.remaining if options.bock != BockRule.OFF else 0,
            "next": nxt.value,
            "multiplier": table_values(replace(options, bock_deal=nxt)).bock,
        }


def _expected(queued: int, options: Options) -> BockDeal:
    if queued <= 0 or options.bock == BockRule.OFF:
        return BockDeal.NONE
    return BockDeal.BOCK if options.bock == BockRule.ROUNDS else BockDeal.RAMSCH


def walk(series: Sequence[tuple[State, int]]) -> BockWalk:
    """Walk a series' finished deals in order: check each deal's Bock status against the deals
    before it, count the events, keep the queue.

    Args:
        series: the finished deals, each with the person's seat in it (0..2), which names the
            players so that the totals of the score sheet are each player's; every deal under
            its own rule options (a deal with the Bock rule off empties the queue, as XSkat
            does when Bock is turned off).

    Returns:
        The :class:`BockWalk`.

    Raises:
        BockError: a deal that is not finished, a seat that is not 0..2, or a deal whose
            ``BK[...]`` is not what the deals before it make it (the message names the 0-based
            index and both values).

    >>> walk([]).remaining
    0
    """
    queued = 0
    totals = [0, 0, 0]
    out: list[DealBock] = []
    for index, (state, human) in enumerate(series):
        if human not in (0, 1, 2):
            raise BockError(index, f"names no seat: the person's seat {human!r} is not 0..2")
        if not state.is_terminal():
            raise BockError(index, "is not finished")
        o = state.options
        expected = _expected(queued, o)
        if o.bock_deal != expected:
            raise BockError(
                index,
                f"is marked {o.bock_deal.value!r} (BK), but the deals before it make it "
                f"{expected.value!r}",
            )
        if o.bock == BockRule.OFF:
            queued = 0
        elif queued:
            queued -= 1
        before = (totals[0], totals[1], totals[2])
        scores = seat_list_scores(state)
        for player in range(3):
            totals[player] += scores[(player + human) % 3]
        events = deal_events(state, before, (totals[0], totals[1], totals[2]))
        queued += ROUND * len(events)
        out.append(DealBock(o.bock_deal, events, queued))
    return BockWalk(tuple(out), queued)


# ---- the record's BK[...]

_BK_WORDS = {BockDeal.BOCK: "2", BockDeal.RAMSCH: "ramsch"}
"""The record's ``BK[...]`` of a Bock deal (its multiplier) and of a Bockramsch deal."""
_BK_RULE = {BockDeal.BOCK: BockRule.ROUNDS, BockDeal.RAMSCH: BockRule.RAMSCH}


def format_bk(options: Options) -> str:
    """The record's ``BK[...]`` value of a deal: ``"2"`` (a Bock deal, its multiplier),
    ``"ramsch"`` (a Bockramsch deal), ``""`` for any other (no ``BK`` written).

    >>> format_bk(Options(bock=BockRule.ROUNDS, bock_deal=BockDeal.BOCK))
    '2'
    """
    return _BK_WORDS.get(options.bock_deal, "")


def parse_bk(text: str | None, options: Options) -> Options:
    """``options`` (the record's ``RU``) with the deal's Bock status of ``BK[text]`` (None: no
    ``BK``, not a Bock deal); the inverse of :func:`format_bk`.

    Raises:
        RecordError: a ``BK`` that is neither ``2`` nor ``ramsch``, or one the rules do not
            play (``BK[2]`` needs ``bock=rounds`` in ``RU``, ``BK[ramsch]`` ``bock=ramsch``).
    """
    if text is None:
        return options
    deal = next((d for d, word in _BK_WORDS.items() if word == text), None)
    if deal is None:
        raise RecordError(f"BK[{cut(text)}] is not a Bock deal: expected BK[2] or BK[ramsch]", 0)
    if options.bock != _BK_RULE[deal]:
        raise RecordError(
            f"BK[{text}] but the rules play bock={options.bock.value!r}: "
            f"expected bock={_BK_RULE[deal].value!r} in RU[...]",
            0,
        )
    return replace(options, bock_deal=deal)
