"""'Could I have won?': the open-hand analysis of a finished deal for one seat.

:func:`analyse` takes a finished deal (a :class:`~skat.state.State` or its record line) and a
seat, declarer or defender, and values the card play with every card open (the solver,
:mod:`skat.solver`, double dummy):

* for each of the seat's cards the value before and after it, its best cards and a verdict
  (best, cost card points, changed the outcome: won or lost, Schneider, Schwarz, the score),
  :class:`~skat.analysis.play.CardPlay`;
* whether the declarer could have won with every card open from the first card, and with which
  line (:attr:`Analysis.opening`); every card of any seat that turned the game from won to lost
  or back (:class:`~skat.analysis.play.Swing`), so whether the defenders could have beaten it;
* the declarer's game choice (:mod:`skat.analysis.choice`): each contract he could have declared
  Hand and after the pick-up (its best discard), beside what was played; for a lost overbid the
  game value reached against the bid (:class:`~skat.analysis.choice.Overbid`);
* in Ramsch the seat's own card points, card by card, when it plays to take as few as it can
  and the other two play to give it as many as they can (the solver's paranoid Ramsch).

Open-hand values assume that every player knows every card: the best line is not always one a
player could find at the table. Every analysis says so in its :attr:`Analysis.notes`. What the
seat could have known is judged for its bidding (:mod:`skat.analysis.estimate`): the strong
player's bid limit from the seat's own ten cards beside the value it bid
(:attr:`Analysis.estimates`); its card play and the game choice are judged open-handed only.

The analysis is deterministic: the same deal and seat give the same answer (a new solver per
analysis; the game choice's search is bounded by solver nodes, not by the clock).

>>> from skat.state import State
>>> from skat.options import Options
>>> s = State.new(7, Options())
>>> analyse(s, 0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
skat.errors.NotFinishedError: the deal is not finished (phase 'bidding'): ...
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from skat.analysis.choice import GAME_CHOICE_NODES, GameChoice, Overbid, game_choice
from skat.analysis.estimate import Estimates, estimate
from skat.analysis.judge import Judge, Line, Outcome, RamschJudge
from skat.analysis.play import BEST, OUTCOME, POINTS, CardPlay, Swing, trace
from skat.cards import format_card, points
from skat.claim import settle
from skat.contract import Contract
from skat.errors import NotFinishedError, SkatError, shown
from skat.options import RamschSkat
from skat.ramsch import RamschResult
from skat.record import read_record
from skat.rules import GameType
from skat.scoring import GameResult
from skat.solver import Solver, position_from_state
from skat.state import Phase, State

__all__ = [
    "BEST",
    "GAME_CHOICE_NODES",
    "OUTCOME",
    "POINTS",
    "Analysis",
    "CardPlay",
    "Estimates",
    "GameChoice",
    "Line",
    "Note",
    "Outcome",
    "Overbid",
    "Swing",
    "analyse",
    "analyse_game_choice",
]


@dataclass(frozen=True, slots=True)
class Note:
    """A remark the analysis makes about itself: a stable ``code`` and its English text (the
    browser words it in its own language by the code).

    Codes: ``open_hand`` (always), ``estimate_bidding`` (always), ``ramsch_paranoid``,
    ``ramsch_skat_loser``, ``passed``, ``game_choice_declarer``, ``game_choice_no_kontra``,
    ``game_choice_lost``, ``game_choice_bounded``, ``no_game_choice``.
    """

    code: str
    text: str

    def to_json(self) -> dict[str, str]:
        """``{"code", "text"}``."""
        return {"code": self.code, "text": self.text}


OPEN_HAND = Note(
    "open_hand",
    "Open-hand values: every card is known to every player (double dummy). Such a line is "
    "not always one a player could find at the table.",
)
RAMSCH_PARANOID = Note(
    "ramsch_paranoid",
    "Ramsch: the values are your own card points when you take as few as you can and the "
    "other two play to give you as many as they can (no line of best play is given); "
    "Durchmarsch and Jungfrau are not considered.",
)
NO_GAME_CHOICE = Note("no_game_choice", "The game choice was not analysed (not asked for).")
GAME_CHOICE_NO_KONTRA = Note(
    "game_choice_no_kontra", "The game choice counts the scores without Kontra."
)
GAME_CHOICE_LOST = Note(
    "game_choice_lost",
    "A lost game of the game choice was not searched for Schneider against the declarer (30 "
    "card points or fewer): its score is that of a loss without it.",
)
GAME_CHOICE_BOUNDED = Note(
    "game_choice_bounded",
    "After the pick-up not every discard was tried: the discards were tried best first "
    "within a search budget (each row says how many).",
)
ESTIMATE_BIDDING = Note(
    "estimate_bidding",
    "What the seat could have known at the table is judged for the bidding only: the strong "
    "player's calls from the seat's own ten cards and the bids it heard. The card play and the "
    "game choice are judged with every card open.",
)


@dataclass(frozen=True, slots=True)
class Analysis:
    """The open-hand analysis of a finished deal for one seat.

    Values are in the game's unit: the declarer's final card points, skat or discard included,
    in suit games, Grand and Sächsische Spitze; 1 won / 0 lost in Null; in Ramsch the analysed
    seat's own final card points (paranoid).

    Attributes:
        seat: the analysed seat (0 forehand, 1 middlehand, 2 rearhand).
        kind: ``game`` (a declared game), ``ramsch`` or ``passed`` (no card play).
        deal_number: the deal number (−1 for explicit cards).
        declarer: the declarer's seat (None in Ramsch and when passed).
        contract: the contract (None when passed).
        bid: the final bid (0 in Ramsch and when passed).
        kontra: 0 none, 1 Kontra, 2 Re, 3 Supra.
        result: the deal's scored result (None when passed).
        played: the cards of the card play, ``(seat, card)`` in order.
        values: the value before each card of ``played`` and, last, after the last one.
        outcomes: what each of ``values`` makes of the game (empty in Ramsch and when passed).
        opening: the line of best play from the first card (None when passed and in Ramsch,
            where a line would cost seconds of paranoid exact solves).
        cards: the analysed seat's cards.
        swings: every card that turned the game from won to lost or back.
        declarer_could_win: at some point of the play (the first card included) the declarer
            had the game won with every card open; None in Ramsch and when passed.
        defenders_could_beat: at some point the defenders had it beaten; None likewise.
        conceded: what the game came to with best play when the declarer conceded it; None
            if he did not.
        overbid: why a lost overbid game was lost; None otherwise.
        game_choice: the declarer's game choice (None in Ramsch and when passed).
        notes: what the analysis says about itself (:class:`Note`).
        estimates: the strong player's imperfect-information view of the seat's bidding
            (:class:`~skat.analysis.estimate.Estimates`); None only in an analysis made
            without it (:func:`_analyse_play` alone).
        winners: the seat that won each completed trick, in order (empty when passed); a
            trick cut short by a concession has none.
    """

    seat: int
    kind: str
    deal_number: int
    declarer: int | None
    contract: Contract | None
    bid: int
    kontra: int
    result: GameResult | RamschResult | None
    played: tuple[tuple[int, int], ...]
    values: tuple[int, ...]
    outcomes: tuple[Outcome, ...]
    opening: Line | None
    cards: tuple[CardPlay, ...]
    swings: tuple[Swing, ...]
    declarer_could_win: bool | None
    defenders_could_beat: bool | None
    conceded: Outcome | None
    overbid: Overbid | None
    game_choice: GameChoice | None
    notes: tuple[Note, ...]
    estimates: Estimates | None = None
    winners: tuple[int, ...] = ()

    def with_game_choice(self, choice: GameChoice | None) -> Analysis:
        """This analysis with the declarer's game choice (:func:`analyse_game_choice`) and its
        notes in place of the note that it was not asked for."""
        if choice is None:
            return self
        notes = [n for n in self.notes if n.code != NO_GAME_CHOICE.code]
        if choice.seat != self.seat:
            notes.append(
                Note(
                    "game_choice_declarer",
                    f"The game choice is the declarer's (seat {choice.seat}).",
                )
            )
        notes.append(GAME_CHOICE_NO_KONTRA)
        rows = (*choice.hand, *choice.pickup)
        if any(r.outcome is not None and r.outcome.schneider is None for r in rows):
            notes.append(GAME_CHOICE_LOST)
        if not choice.complete:
            notes.append(GAME_CHOICE_BOUNDED)
        return replace(self, game_choice=choice, notes=tuple(notes))

    @property
    def answer(self) -> str:
        """The answer to "could I have won?" for the seat, a code (the browser words it):

        * the declarer's seat: ``won``; ``lost_winnable`` (won with best play from the first
          card), ``lost_chance`` (not from the first card, but later, after a defender's
          card), ``lost_unwinnable`` (at no point, an overbid that could not reach the bid
          included);
        * a defender's seat: ``beaten`` (the declarer lost); ``beatable`` (the defenders had
          it beaten from the first card), ``beatable_later`` (only after a declarer's card),
          ``unbeatable``;
        * ``ramsch``, ``passed`` (no contract to win).
        """
        if self.kind != "game" or not isinstance(self.result, GameResult):
            return self.kind
        won = self.result.won
        first = self.outcomes[0].won if self.outcomes else won
        if self.seat == self.declarer:
            if won:
                return "won"
            if first:
                return "lost_winnable"
            return "lost_chance" if self.declarer_could_win else "lost_unwinnable"
        if not won:
            return "beaten"
        if not first:
            return "beatable"
        return "beatable_later" if self.defenders_could_beat else "unbeatable"

    def tricks_json(self) -> list[dict[str, object]]:
        """The card play trick by trick: ``[{"cards": [{"index", "seat", "card"}], "winner"}]``
        (``index`` into :attr:`played`; ``winner`` null for a trick cut short)."""
        tricks: list[list[dict[str, object]]] = []
        for i, (seat, card) in enumerate(self.played):
            if i % 3 == 0:
                tricks.append([])
            tricks[-1].append({"index": i, "seat": seat, "card": format_card(card)})
        return [
            {"cards": cards, "winner": self.winners[t] if t < len(self.winners) else None}
            for t, cards in enumerate(tricks)
        ]

    @property
    def mistakes(self) -> tuple[CardPlay, ...]:
        """The seat's cards that were not among the best (cost card points or the outcome)."""
        return tuple(c for c in self.cards if c.verdict != BEST)

    def to_json(self) -> dict[str, object]:
        """The analysis as a JSON object (the body of ``POST /api/analysis``, docs/web-api.md);
        cards in ISS notation, the deal number as a string."""
        return {
            "seat": self.seat,
            "kind": self.kind,
            "deal_number": str(self.deal_number),
            "declarer": self.declarer,
            "contract": None if self.contract is None else str(self.contract),
            "bid": self.bid,
            "kontra": self.kontra,
            "result": None if self.result is None else self.result.to_json(),
            "played": [{"seat": s, "card": format_card(c)} for s, c in self.played],
            "values": list(self.values),
            "outcomes": [o.to_json() for o in self.outcomes],
            "opening": None if self.opening is None else self.opening.to_json(),
            "cards": [c.to_json() for c in self.cards],
            "swings": [s.to_json() for s in self.swings],
            "declarer_could_win": self.declarer_could_win,
            "defenders_could_beat": self.defenders_could_beat,
            "conceded": None if self.conceded is None else self.conceded.to_json(),
            "overbid": None if self.overbid is None else self.overbid.to_json(),
            "game_choice": None if self.game_choice is None else self.game_choice.to_json(),
            "notes": [n.to_json() for n in self.notes],
            "estimates": None if self.estimates is None else self.estimates.to_json(),
            "answer": self.answer,
            "tricks": self.tricks_json(),
        }


def _replay_to(state: State, phase: Phase) -> State | None:
    """The deal of ``state`` at the first moment it was in ``phase`` (None if never)."""
    s = state.prefix(0)
    for action, actor in zip(state.actions, state.actors, strict=True):
        if s.phase == phase:
            return s
        current = s.current_player
        s = s.apply(action, seat=None if actor < 0 or actor == current else actor)
    return s if s.phase == phase else None


def _played(state: State) -> list[tuple[int, int]]:
    cards = [((t.leader + i) % 3, c) for t in state.tricks for i, c in enumerate(t.cards)]
    leader = state.leader
    cards += [((leader + i) % 3, c) for i, c in enumerate(state.trick)]
    return cards


def _overbid(result: GameResult) -> Overbid | None:
    if not result.overbid:
        return None
    reached = next(s.value for s in result.explanation if s.code == "game_value")
    return Overbid(result.bid, reached, result.game_value)


def _finished(deal: State | str, seat: int, purpose: str = "analysed") -> State:
    """The finished deal of ``deal`` (a state or a record line), refused with ``purpose`` (what
    only a finished deal can be) when it is not, or when ``seat`` is no seat."""
    state = read_record(deal, claim_check=settle) if isinstance(deal, str) else deal
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in (0, 1, 2):
        raise SkatError(f"the seat must be 0, 1 or 2, not {shown(seat)}")
    if not state.is_terminal():
        raise NotFinishedError(
            f"the deal is not finished (phase {state.phase.value!r}): only a finished deal "
            f"can be {purpose}"
        )
    return state


def analyse(
    deal: State | str,
    seat: int,
    *,
    game_choice: bool = True,
    node_budget: int = GAME_CHOICE_NODES,
    calls: bool = True,
) -> Analysis:
    """The open-hand analysis of the finished ``deal`` for ``seat``.

    Args:
        deal: a finished deal, or its ISS record line (:func:`skat.record.read_record`).
        seat: the seat to analyse: 0 forehand, 1 middlehand, 2 rearhand.
        game_choice: value the declarer's game choice too (:func:`analyse_game_choice`; for a
            defender seat it is still the declarer's). It costs about as much as the rest;
            the server computes it beside the rest, on the other core.
        node_budget: the solver nodes the game choice may spend
            (:data:`~skat.analysis.choice.GAME_CHOICE_NODES`).
        calls: judge the seat's calls in the auction too (:func:`skat.analysis.estimate.calls`,
            one sampled contest check per contested call); False leaves
            ``estimates.calls`` None: the server answers them apart
            (``POST /api/analysis/calls``), so the rest is not kept waiting.

    Returns:
        the :class:`Analysis`.

    Raises:
        NotFinishedError: the deal is not over.
        RecordError: the record line is malformed or replays an illegal move.
        SkatError: ``seat`` is not 0, 1 or 2.
    """
    state = _finished(deal, seat)
    analysis = replace(
        _analyse_play(state, seat), estimates=estimate(state, seat, with_calls=calls)
    )
    if game_choice and analysis.kind == "game":
        analysis = analysis.with_game_choice(analyse_game_choice(state, seat, node_budget))
    return analysis


def analyse_game_choice(
    deal: State | str, seat: int, node_budget: int = GAME_CHOICE_NODES
) -> GameChoice | None:
    """The declarer's game choice of the finished ``deal`` (:func:`skat.analysis.choice.
    game_choice`), whichever ``seat`` is analysed; None in Ramsch and when all passed.

    Raises:
        NotFinishedError, RecordError, SkatError: as :func:`analyse`.
    """
    state = _finished(deal, seat)
    contract = state.contract
    skat_phase = _replay_to(state, Phase.SKAT)
    if contract is None or contract.game == GameType.RAMSCH or skat_phase is None:
        return None
    declarer = int(state.declarer) if state.declarer is not None else 0
    solver = Solver()
    with solver.shared_table():
        return game_choice(
            solver, skat_phase, played=contract, discard=state.discard(declarer),
            node_budget=node_budget,
        )  # fmt: skip


def _analyse_play(state: State, seat: int) -> Analysis:
    contract = state.contract
    start_state = _replay_to(state, Phase.PLAY)
    if contract is None or start_state is None:
        return _passed(state, seat)
    played = _played(state)
    start = position_from_state(start_state)
    notes = [OPEN_HAND, ESTIMATE_BIDDING]
    solver = Solver()
    with solver.shared_table():
        if contract.game == GameType.RAMSCH:
            if state.options.ramsch_skat == RamschSkat.LOSER:
                notes.append(
                    Note(
                        "ramsch_skat_loser",
                        f"The skat ({points(start.skat)} card points) goes to the loser; the "
                        "values count the card points of the tricks only.",
                    )
                )
                start = replace(start, skat=0)
            notes.append(RAMSCH_PARANOID)
            t = trace(RamschJudge(solver, seat), start, [c for _, c in played], seat)
            return Analysis(
                seat=seat, kind="ramsch", deal_number=state.number, declarer=None,
                contract=contract, bid=0, kontra=0, result=state.result(),
                played=tuple(played), values=t.values, outcomes=(), opening=t.opening,
                cards=t.cards, swings=(), declarer_could_win=None, defenders_could_beat=None,
                conceded=None, overbid=None, game_choice=None, notes=tuple(notes),
                winners=tuple(tr.winner for tr in state.tricks),
            )  # fmt: skip
        declarer = int(state.declarer) if state.declarer is not None else 0
        matadors = state.deal.hands[declarer].mask | state.deal.skat.mask
        judge = Judge(
            solver, contract, bid=state.bid, matador_cards=matadors, kontra=state.kontra,
            options=state.options,
        )  # fmt: skip
        t = trace(judge, start, [c for _, c in played], seat)
    result = state.result()
    conceded = isinstance(result, GameResult) and result.conceded
    return Analysis(
        seat=seat,
        kind="game",
        deal_number=state.number,
        declarer=declarer,
        contract=contract,
        bid=state.bid,
        kontra=state.kontra,
        result=result,
        played=tuple(played),
        values=t.values,
        outcomes=t.outcomes,
        opening=t.opening,
        cards=t.cards,
        swings=t.swings,
        declarer_could_win=any(o.won for o in t.outcomes),
        defenders_could_beat=any(not o.won for o in t.outcomes),
        conceded=t.outcomes[-1] if conceded else None,
        overbid=_overbid(result) if isinstance(result, GameResult) else None,
        game_choice=None,
        notes=(*notes, NO_GAME_CHOICE),
        winners=tuple(tr.winner for tr in state.tricks),
    )


def _passed(state: State, seat: int) -> Analysis:
    note = Note("passed", "All passed: there was no card play to analyse.")
    return Analysis(
        seat=seat, kind="passed", deal_number=state.number, declarer=None,
        contract=state.contract, bid=0, kontra=0, result=state.result(), played=(), values=(),
        outcomes=(), opening=None, cards=(), swings=(), declarer_could_win=None,
        defenders_could_beat=None, conceded=None, overbid=None, game_choice=None,
        notes=(OPEN_HAND, ESTIMATE_BIDDING, note),
    )  # fmt: skip
