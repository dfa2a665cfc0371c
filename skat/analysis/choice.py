"""The game choice of a finished deal: what each contract the declarer could have declared would
have come to with every card open.

Two tables beside what was played: the Hand games with the hand as dealt (the skat as it lay
counts for the declarer, unseen), and the games after picking the skat up, each with its best
discard. Each row is one game type at the deal's bid, with the announcements (Hand: Schneider,
Schwarz, ouvert; Null: ouvert) that give it the best score; the scores are the simple list's,
without Kontra (what the defenders would have said is not known).

The values come from threshold searches (won, Schneider, Schwarz) rather than exact card
points, and only at the thresholds that change a row's score: a row holds a range of card
points. Schneider against the declarer (30 card points or fewer) is not searched, as it can
cost more than the rest of the row: a lost row counts as a loss without it (its outcome's
``schneider`` None where that would change the score). A game that cannot reach the bid even
with Schwarz is lost whatever is played (an overbid, ISkO 5.4) and is not searched.

The discards are tried best first by the heuristic player's judgement
(:func:`skat.players.evaluation.discard_scores`), the one played first in its game; each further
discard is asked only whether it beats the best so far. The search has a budget of solver nodes
(:data:`GAME_CHOICE_NODES`): the Hand games first, then the games after the pick-up round by
round, one more discard of each game a round, until the budget is spent (the first round is
always played whole): a row says how many of the 66 discards it tried. The node count, not the
clock, ends it, so the same deal gets the same table on every run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from skat.analysis.judge import BANDS, Judge, Outcome
from skat.cards import cards_of_mask, format_cards
from skat.contract import Contract
from skat.errors import NotationError
from skat.options import Options
from skat.players.evaluation import discard_scores
from skat.rules import GameType
from skat.solver import Position, Solver
from skat.state import State

__all__ = ["GAME_CHOICE_NODES", "ChoiceRow", "GameChoice", "Overbid", "game_choice"]

GAME_CHOICE_NODES = 10_000_000
"""The solver nodes the game choice may spend (about a second on one idle core): the Hand games
are searched whole, then the games after the pick-up one discard each a round, the first round
whole."""


@dataclass(frozen=True, slots=True)
class ChoiceRow:
    """One game type the declarer could have declared, valued with every card open.

    Attributes:
        game: the game type.
        hand: a Hand game (the skat unseen) rather than one after the pick-up.
        contract: the legal contract of this game type with the best score (its announcements);
            in the row of the game declared, when that was another form, the form declared
            (the best form's row follows it, not marked played).
        outcome: what it comes to with best play; None when it cannot reach the bid whatever
            is played (then it was not searched, and ``contract`` is the plain one).
        discard: the best discard found (mask; 0 in a Hand game).
        played: this is the game type (and Hand or not) that was declared, in the form declared
            where it has a row of its own.
        examined: the discards tried (1 in a Hand game).
        total: the discards there are (66; 1 in a Hand game).
    """

    game: GameType
    hand: bool
    contract: Contract
    outcome: Outcome | None
    discard: int
    played: bool
    examined: int
    total: int

    def to_json(self) -> dict[str, object]:
        """The row as a JSON object (``discard`` as ISS cards, empty in a Hand game)."""
        return {
            "game": self.game.letter,
            "hand": self.hand,
            "contract": str(self.contract),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "reaches_bid": self.outcome is not None,
            "discard": format_cards(cards_of_mask(self.discard)),
            "played": self.played,
            "examined": self.examined,
            "total": self.total,
        }


@dataclass(frozen=True, slots=True)
class Overbid:
    """Why a lost game was an overbid: the game value it reached stayed below the bid (ISkO 5.4).

    Attributes:
        bid: the bid.
        value: the game value reached (matadors and levels, as played).
        lost_at: the value it was lost at (the smallest multiple of its base value reaching
            the bid).
    """

    bid: int
    value: int
    lost_at: int

    def to_json(self) -> dict[str, object]:
        """``{"bid", "value", "lost_at"}``."""
        return {"bid": self.bid, "value": self.value, "lost_at": self.lost_at}


@dataclass(frozen=True, slots=True)
class GameChoice:
    """The declarer's game choice beside what was played.

    Attributes:
        seat: the declarer's seat.
        bid: the bid.
        played: the contract declared.
        discard: the cards put away (0 in a Hand game).
        hand: the Hand games.
        pickup: the games after the pick-up, each with its best discard found.
        complete: every discard of every game was tried (the budget sufficed).
    """

    seat: int
    bid: int
    played: Contract
    discard: int
    hand: tuple[ChoiceRow, ...]
    pickup: tuple[ChoiceRow, ...]
    complete: bool

    def to_json(self) -> dict[str, object]:
        """The game choice as a JSON object."""
        return {
            "seat": self.seat,
            "bid": self.bid,
            "played": str(self.played),
            "discard": format_cards(cards_of_mask(self.discard)),
            "hand": [row.to_json() for row in self.hand],
            "pickup": [row.to_json() for row in self.pickup],
            "complete": self.complete,
        }


def _declarations(state: State) -> list[Contract]:
    """The contracts ``state`` lets its player declare now, in the state's order."""
    out = []
    for action in state.legal_actions():
        try:
            out.append(action.contract)
        except NotationError:  # not a declaration (the pick-up, a discard)
            continue
    return out


def _groups(contracts: Sequence[Contract]) -> list[list[Contract]]:
    groups: dict[GameType, list[Contract]] = {}
    for contract in contracts:
        groups.setdefault(contract.game, []).append(contract)
    return list(groups.values())


class _Group:
    """The legal contracts of one game type, with the thresholds that tell their scores apart."""

    def __init__(
        self, solver: Solver, forms: list[Contract], bid: int, matadors: int, options: Options
    ) -> None:
        self.forms = forms
        self.judges = [
            Judge(solver, c, bid=bid, matador_cards=matadors, options=options) for c in forms
        ]
        if forms[0].game == GameType.NULL:
            self.cuts: tuple[int, ...] = (1,)
            self.top = 1
        else:
            scores = [
                [j.outcome(lo, hi, band == 4).score for band, (lo, hi) in enumerate(BANDS)]
                for j in self.judges
            ]
            # Schneider against the declarer (31) is not searched: a lost game is lost
            self.cuts = tuple(b for b in range(2, 5) if any(s[b] != s[b - 1] for s in scores))
            self.top = 4
        best = [j.band_outcome(self.top, self.cuts) for j in self.judges]
        self.reachable = any(o.won for o in best)

    def rows(
        self,
        band: int | None,
        hand: bool,
        discard: int,
        played: Contract | None,
        seen: int,
        total: int,
    ) -> list[ChoiceRow]:
        """The row of this game type: its form of the best score at ``band``; when ``played``
        (the contract declared, of this type) is another form, its own row first, then the best
        form's, so the table shows the game as it was played beside the better form."""
        game = self.forms[0].game
        if band is None:
            return [ChoiceRow(game, hand, self.forms[0], None, discard, played is not None,
                              seen, total)]  # fmt: skip
        outcomes = [j.band_outcome(band, self.cuts) for j in self.judges]
        index = max(range(len(outcomes)), key=lambda i: (outcomes[i].score, -i))
        best = ChoiceRow(
            game, hand, self.forms[index], outcomes[index], discard, played is not None, seen,
            total,
        )  # fmt: skip
        if played is None or played == self.forms[index] or played not in self.forms:
            return [best]
        own = self.forms.index(played)
        return [
            ChoiceRow(game, hand, played, outcomes[own], discard, True, seen, total),
            replace(best, played=False),
        ]


class _Search:
    """The search for the best discard of one game after the pick-up."""

    def __init__(self, group: _Group, order: list[int]) -> None:
        self.group = group
        self.order = order
        self.best = -1
        self.discard = 0
        self.seen = 0
        self.done = not group.reachable

    def add(self, pair: int, pos: Position) -> None:
        """Try the discard ``pair`` (``pos``: the game after it); done when no better band is
        left or every discard was tried."""
        g = self.group
        band = g.judges[0].band(pos, g.cuts, max(self.best, 0))
        self.seen += 1
        if self.best < 0 or band > self.best:
            self.best, self.discard = band, pair
        self.done = self.best >= max(g.cuts) or self.seen == len(self.order)


def game_choice(
    solver: Solver,
    skat_phase: State,
    *,
    played: Contract,
    discard: int,
    node_budget: int = GAME_CHOICE_NODES,
) -> GameChoice:
    """The declarer's game choice of a deal, valued with every card open.

    Args:
        solver: the solver, inside its shared table for this deal.
        skat_phase: the deal after its auction (phase ``skat``), the declarer to act.
        played: the contract declared.
        discard: the cards the declarer put away (0 in a Hand game).
        node_budget: the solver nodes the discards' search may spend.

    Raises:
        SkatError: ``skat_phase`` is not a deal whose declarer is to pick up or play Hand.
    """
    seat = int(skat_phase.current_player) if skat_phase.current_player is not None else -1
    hands = [h.mask for h in skat_phase.deal.hands]
    skat = skat_phase.deal.skat.mask
    bid = skat_phase.bid
    matadors = hands[seat] | skat
    options = skat_phase.options

    def group(forms: list[Contract]) -> _Group:
        return _Group(solver, forms, bid, matadors, options)

    def position(game: GameType, declarer_hand: int, lying: int) -> Position:
        h = list(hands)
        h[seat] = declarer_hand
        return Position(hands=(h[0], h[1], h[2]), game=game, declarer=seat, to_move=0, skat=lying)

    spent_before = solver.nodes
    hand_rows: list[ChoiceRow] = []
    for forms in _groups(_declarations(skat_phase)):
        g = group(forms)
        is_played = played.hand and played.game == forms[0].game
        band = None
        if g.reachable:
            band = g.judges[0].band(position(forms[0].game, hands[seat], skat), g.cuts)
        hand_rows += g.rows(band, True, 0, played if is_played else None, 1, 1)

    picked = skat_phase.apply("s")
    after = picked.apply(picked.legal_actions()[0])
    twelve = hands[seat] | skat
    pairs = [(1 << a) | (1 << b) for a, b in combinations(cards_of_mask(twelve), 2)]
    groups = [group(forms) for forms in _groups(_declarations(after))]
    searches = [
        _Search(g, _discard_order(twelve, g.forms[0].game, seat, pairs, discard
                                  if not played.hand and played.game == g.forms[0].game else 0))
        for g in groups
    ]  # fmt: skip
    complete = True
    # round by round, one more discard of each game still open, the heuristic's best first
    for rank in range(len(pairs)):
        for search in searches:
            if search.done:
                continue
            if rank and solver.nodes - spent_before >= node_budget:
                complete = False
                break
            pair = search.order[rank]
            game = search.group.forms[0].game
            search.add(pair, position(game, twelve & ~pair, pair))
        else:
            continue
        break
    pickup_rows = [
        row
        for s in searches
        for row in s.group.rows(
            s.best if s.group.reachable else None, False, s.discard,
            played if not played.hand and played.game == s.group.forms[0].game else None,
            s.seen, len(pairs),
        )
    ]  # fmt: skip

    return GameChoice(
        seat=seat,
        bid=bid,
        played=played,
        discard=discard,
        hand=tuple(hand_rows),
        pickup=tuple(pickup_rows),
        complete=complete,
    )


def _discard_order(
    twelve: int, game: GameType, seat: int, pairs: list[int], first: int
) -> list[int]:
    """The discards in the order to try them: ``first`` (the one played), then the heuristic's
    best first, then the rest (those holding trumps, which it leaves out) in card order."""
    judged = GameType.GRAND if game == GameType.SPITZE else game
    ranked = [pair for pair, _ in discard_scores(twelve, judged, seat=seat)]
    order = ([first] if first else []) + ranked + pairs
    seen: set[int] = set()
    out = []
    for pair in order:
        if pair not in seen:
            seen.add(pair)
            out.append(pair)
    return out
