"""The heuristic player: a rule-based club player, the "easy" level.

It reads only its seat's :class:`~skat.information.InformationState` and decides by rules:

* **Bidding** by hand evaluation (:mod:`skat.players.evaluation`): jacks, aces, tens, long suits,
  voids, position; it bids up to the value of the best game it expects to win (Null and Null
  Ouvert hands included) and holds as long as the bid stays below that value.
* **Skat**: Hand when the hand alone is strong enough, otherwise it picks up, chooses the game on
  the twelve cards and discards the two that help most (voids a suit, keeps tens guarded, puts
  points away), judging each game by its win chance calibrated on the games it declared (a hand
  chosen from twelve cards looks better than it plays). Schneider is announced only with an
  overwhelming hand.
* **Card play** from the cards seen (:mod:`skat.players.heuristic_play`): it counts trumps and
  points, knows the played cards and the voids shown by not following (by effective suit), leads
  trumps as declarer, pulls them and then cashes; defenders smear points into a partner's sure
  trick, never lead a bare ten into the declarer's ace and keep trumps against the declarer's
  long suit. Null: the declarer ducks, defenders lead low to force him. Ramsch: duck, dump high
  cards, avoid points.
* **Revolution** (option): a hand no exchange can catch
  (:func:`skat.players.revolution.revolution_safe`) is bid and held up to 92
  (:func:`skat.players.revolution.revolution_limit`) and declared in the skat phase; as a
  defender the cards to pass are chosen by the open-hand solver's Null search over the possible
  skats (:func:`skat.players.revolution.exchange_choice`; that one decision takes tens of ms).
* **Kontra/Re** only with a clearly strong defending or declaring hand; it never concedes (a
  concession is only ever allowed in the first trick, where a rule player cannot know it is lost).

Every decision takes well under 5 ms (``docs/benchmarks.md``, "Decision times";
``docs/experiments/2026-11-heuristic-arena.md``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from skat.action import Action, ActionKind
from skat.cards import JACKS, mask_of
from skat.contract import Contract, declarable_games
from skat.errors import IllegalActionError
from skat.information import InformationState
from skat.players import evaluation as ev
from skat.players.heuristic_play import choose_card, table_of
from skat.players.revolution import revolution_declaration, revolution_limit
from skat.rules import GameType, trump_mask
from skat.state import Phase

if TYPE_CHECKING:
    from skat.solver import Solver

__all__ = ["HeuristicPlayer", "bid_up_to"]


def _first(legal: list[Action], wanted: Action) -> Action | None:
    """``wanted`` if it is among ``legal``."""
    return wanted if wanted in legal else None


def bid_up_to(limit: int, info: InformationState, legal: list[Action]) -> Action:
    """The auction move of a seat that would play up to ``limit`` game points: the lowest
    legal bid not above it, else hold if the standing bid is not above it, else pass."""
    bids = [a for a in legal if a.kind == ActionKind.BID and a.value <= limit]
    if bids:
        return min(bids, key=lambda a: a.value)
    hold = [a for a in legal if a.kind == ActionKind.HOLD]
    if hold and info.bid <= limit:
        return hold[0]
    passes = [a for a in legal if a.kind == ActionKind.PASS]
    return passes[0] if passes else legal[0]


def _kontra_worthy(info: InformationState) -> bool:
    """A defender's Kontra: many trumps with two jacks and an ace beside, or a Grand stopper."""
    if info.contract is None:
        return False
    game = info.contract.game
    hand = info.hand
    if game == GameType.NULL or game == GameType.RAMSCH:
        return False
    if game == GameType.SPITZE:  # judged as the Grand of the same places in the card order
        game, hand = GameType.GRAND, ev.spitze_as_grand(hand)
    trumps = hand & trump_mask(game)
    jacks = (hand & JACKS).bit_count()
    aces = sum(1 for s in range(4) if hand >> (s * 8 + ev.ACE) & 1)
    if game == GameType.GRAND:
        return jacks >= 2 and aces >= 3
    return trumps.bit_count() >= 5 and jacks >= 2 and aces >= 1


class HeuristicPlayer:
    """The rule-based player (the "easy" level); see the module doc for its rules.

    Args:
        play_bonus: logit added to every game's estimated win chance when bidding and choosing
            the game: 0 for the heuristic's own card play; a stronger card player (the strong
            player reuses these rules for its bidding) bids more.
        calibrated: after a pick-up, the discard and the game are chosen by the calibrated win
            chance of the ten cards kept (:func:`skat.players.evaluation.declared_expected`);
            off, by the uncalibrated one (the heuristic before
            docs/experiments/2026-11-heuristic-game-choice.md), for benchmarks. The strong
            player's own heuristic is calibrated too (its rare fallbacks for the discard and the
            declaration).
    """

    name = "heuristic"

    def __init__(self, play_bonus: float = 0.0, *, calibrated: bool = True) -> None:
        self.play_bonus = play_bonus
        self.calibrated = calibrated
        self._solver: Solver | None = None

    def _expected(self, choice: ev.GameChoice) -> float:
        """The expected score by which a game after a pick-up is chosen."""
        return ev.declared_expected(choice) if self.calibrated else choice.expected

    def choose(self, info: InformationState, rng: random.Random) -> Action:
        """One of ``info.legal_actions()``; ``rng`` is not needed (the rules are deterministic).

        Raises:
            IllegalActionError: ``info`` has no legal action (the seat is not to act).
        """
        del rng
        legal = info.legal_actions()
        if not legal:
            raise IllegalActionError(
                f"{info.seat.name.lower()} has no action in phase {info.phase.value!r}"
            )
        if len(legal) == 1:
            return legal[0]
        phase = info.phase
        if phase == Phase.PLAY:
            mask = mask_of(a.value for a in legal if a.kind == ActionKind.CARD)
            return Action.of_card(choose_card(table_of(info), mask))
        if phase == Phase.BIDDING:
            return self._bidding(info, legal)
        if phase == Phase.SKAT:
            return self._skat(info, legal)
        if phase == Phase.DISCARD:
            return self._discard(info, legal)
        if phase == Phase.DECLARE:
            return self._declare(info, legal)
        if phase == Phase.KONTRA:
            return self._kontra(info, legal)
        if phase == Phase.SCHIEBEN:
            return self._schieben(info, legal)
        if phase == Phase.EXCHANGE:
            return self.exchange(info)
        return legal[0]

    def exchange(self, info: InformationState) -> Action:
        """The cards to pass in a Revolution's exchange (:mod:`skat.players.revolution`; the
        solver is made, and numba loaded, only for it)."""
        from skat.players.revolution import exchange_choice
        from skat.solver import Solver

        if self._solver is None:
            self._solver = Solver()
        return exchange_choice(info, self._solver)

    def _bidding(self, info: InformationState, legal: list[Action]) -> Action:
        limit = ev.bid_limit(info.hand, int(info.seat), info.options, self.play_bonus)
        return bid_up_to(max(limit, revolution_limit(info)), info, legal)

    def _skat(self, info: InformationState, legal: list[Action]) -> Action:
        seat = int(info.seat)
        hand = info.hand
        bid = info.bid
        pickup = [
            c
            for c in ev.choices(
                hand,
                seat=seat,
                hand_game=False,
                pre_skat=True,
                play_bonus=self.play_bonus,
                options=info.options,
            )
            if c.value >= bid
        ]
        hand_games = [
            c
            for c in ev.choices(
                hand,
                seat=seat,
                hand_game=True,
                play_bonus=self.play_bonus,
                options=info.options,
            )
            if c.value >= bid
        ]
        best_pickup = max((c.expected for c in pickup), default=-1e9)
        candidates = sorted(hand_games, key=lambda c: c.expected, reverse=True)
        rival = max((c.value for c in candidates if c.margin >= 0.0), default=0)
        revolution = revolution_declaration(info, legal, rival)
        if revolution is not None:
            return revolution
        for c in candidates:
            if c.margin < 0.0 or c.expected < best_pickup:
                break
            schneider = c.game != GameType.NULL and c.margin >= 4.5
            contract = Contract.make(c.game, hand=True, schneider=schneider, ouvert=c.ouvert)
            action = _first(legal, Action.declare(contract))
            if action is None and schneider:
                action = _first(legal, Action.declare(Contract.make(c.game, hand=True)))
            if action is not None:
                return action
        for a in legal:
            if a.kind == ActionKind.PICKUP:
                return a
        return legal[0]

    def _discard(self, info: InformationState, legal: list[Action]) -> Action:
        seat = int(info.seat)
        cards = info.hand
        bid = info.bid
        best: tuple[float, int] | None = None
        for game in declarable_games(info.options.spitze):
            pair, _ = ev.best_discard(cards, game, seat=seat)
            kept = cards & ~pair
            for c in ev.choices(
                kept, seat=seat, hand_game=False, options=info.options, matador_hand=cards,
                play_bonus=self.play_bonus,
            ):  # fmt: skip
                if c.game != game:
                    continue
                score = self._expected(c) if c.value >= bid else -1000.0 + c.value
                if best is None or score > best[0]:
                    best = (score, pair)
        assert best is not None  # six games were scored
        action = _first(legal, Action.discard(best[1]))
        return action if action is not None else legal[0]

    def _declare(self, info: InformationState, legal: list[Action]) -> Action:
        seat = int(info.seat)
        matador_cards = info.hand | (info.discard or 0)
        scored = []
        for c in ev.choices(
            info.hand,
            seat=seat,
            hand_game=False,
            matador_hand=matador_cards,
            play_bonus=self.play_bonus,
            options=info.options,
        ):
            action = _first(legal, Action.declare(Contract.make(c.game, ouvert=c.ouvert)))
            if action is None:
                continue
            score = self._expected(c) if c.value >= info.bid else -1000.0 + c.value
            scored.append((score, action))
        if not scored:
            return legal[0]
        return max(scored, key=lambda x: x[0])[1]

    def _kontra(self, info: InformationState, legal: list[Action]) -> Action:
        decline = [a for a in legal if a.kind == ActionKind.DECLINE]
        say = [a for a in legal if a.kind != ActionKind.DECLINE]
        if not say or not decline:
            return legal[0]
        kind = say[0].kind
        if kind == ActionKind.KONTRA and _kontra_worthy(info):
            return say[0]
        if kind == ActionKind.RE and info.contract is not None:
            game = info.contract.game
            if game.is_suit:
                margin = ev.suit_strength(info.hand, int(game)) - ev.PICKUP_SUIT
            elif game == GameType.GRAND:
                margin = ev.grand_strength(info.hand) - ev.PICKUP_GRAND
            elif game == GameType.SPITZE:
                margin = ev.spitze_strength(info.hand) - ev.PICKUP_GRAND
            else:
                margin = 1.0 if ev.null_fixes(info.hand) == 0 else -1.0
            if margin >= 3.0:
                return say[0]
        return decline[0]

    def _schieben(self, info: InformationState, legal: list[Action]) -> Action:
        pushes = [a for a in legal if a.kind == ActionKind.DISCARD]
        if pushes:
            return Action.discard(ev.push_pair(info.hand))
        take = [a for a in legal if a.kind == ActionKind.PICKUP]
        if take and ev.takes_skat(info.hand):
            return take[0]
        passes = [a for a in legal if a.kind == ActionKind.PASS]
        return passes[0] if passes else legal[0]
