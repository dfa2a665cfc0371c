"""The strong player: contracts and card play by sampling the hidden cards and solving them.

:class:`StrongPlayer` decides every phase; all its tuning is one :class:`StrongSettings`
(:mod:`skat.players.strong_settings`, whose fields cite the notes in docs/experiments/ where they
were measured). Its parts:

* what a seat knows and the worlds drawn from it (the likelihoods of what was heard and seen):
  :mod:`skat.players.worlds`;
* the card play in a suit game, Grand or Null (sampled worlds, each solved open-handed; ties to
  the heuristic's card; conceding): :mod:`skat.players.card_play`;
* Ramsch and Schieberamsch by rollouts of the heuristic's rules: :mod:`skat.players.ramsch`;
* a Hand game's announcements (Schneider, Schwarz, ouvert), and Kontra, Re and Supra by the
  declarer's chance in sampled deals: :mod:`skat.players.announcements`;
* here: the auction, Hand or pick-up, the discard and the declaration.

Hand or pick-up, the discard and the declaration are judged by sampling and solving
(:mod:`skat.players.contracts`): the plausible contracts are solved in the same sampled deals and
the one of the best expected Seeger-Fabian score is chosen. The auction goes up to the
heuristic's limit with its win chances raised by ``bid_bonus``; once an opponent has bid or
held, each further bid or hold is said only if the best contract worth it has an expected score
of at least ``contest_check`` in sampled deals in which that opponent passes next, as the winner
of a contested auction is the most optimistic seat (a sure Revolution, with its option, is held
to 92 without it: :func:`skat.players.revolution.revolution_limit`). A Hand game gets the
announcement of the best expected score, and Kontra and Re follow the declarer's sampled chance
(:meth:`StrongPlayer.declarer_chance`), both judged in :mod:`skat.players.announcements`.

:data:`STRONG_V1` is the player as it was before its Kontra was judged by resampling and its
defenders read the declarer's discard (issue 28), registered as ``strong-v1`` to measure against.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

from skat.action import CONCEDE, PASS, Action, ActionKind
from skat.contract import Contract
from skat.errors import IllegalActionError
from skat.information import InformationState
from skat.options import BockDeal, Options
from skat.players import bids as bd
from skat.players import contracts as ct
from skat.players.announcements import announced, declarer_chance, kontra_choice
from skat.players.beliefs import load_policy
from skat.players.card_play import play_card
from skat.players.contract_model import model_limit, model_worth
from skat.players.evaluation import limit_game
from skat.players.heuristic import HeuristicPlayer, bid_up_to
from skat.players.ramsch import ramsch_card, schieben
from skat.players.revolution import (
    REVOLUTION,
    exchange_choice,
    revolution_declaration,
    revolution_limit,
)
from skat.players.strong_settings import _SETTING_NAMES, StrongSettings
from skat.rules import GameType
from skat.solver import Solver
from skat.state import Phase

__all__ = ["StrongPlayer"]


class StrongPlayer:
    """Sampling plus solver for the contract and the card play; see the module doc.

    Args:
        settings: the tuning (default: ``StrongSettings()``, today's player; :data:`STRONG_V1`
            the player of before the resampled Kontra).
        **changes: fields of :class:`StrongSettings` that replace those of ``settings``
            (``StrongPlayer(worlds=6, node_budget=50_000)``). The settings read as the player's
            attributes (``player.worlds``), not to be set on it.

    Raises:
        TypeError: a keyword that is not a field of :class:`StrongSettings`, or a value of the
            wrong type.
        ValueError: a value out of its range (:class:`StrongSettings`).
        SkatError: ``beliefs`` ``"learned"`` and the shipped card policy
            (:func:`skat.players.beliefs.load_policy`) is missing or broken.
    """

    name = "strong"
    """The registered name; :func:`skat.players.get_player` names the :data:`STRONG_V1` player
    ``strong-v1``."""

    def __init__(self, settings: StrongSettings | None = None, /, **changes: Any) -> None:
        unknown = sorted(set(changes) - _SETTING_NAMES)
        if unknown:
            raise TypeError(
                f"StrongPlayer got unknown settings {', '.join(map(repr, unknown))} (expected "
                f"fields of StrongSettings: {', '.join(sorted(_SETTING_NAMES))})"
            )
        base = StrongSettings() if settings is None else settings
        self.settings: StrongSettings = dataclasses.replace(base, **changes)
        if self.settings.beliefs == "learned":
            load_policy()  # a missing or broken policy file is said now, not at the first card
        self._solver: Solver | None = None
        self._heuristic = HeuristicPlayer(play_bonus=self.settings.play_bonus)
        self._cache: dict[object, object] = {}

    def __getattr__(self, name: str) -> Any:
        """A setting read as the player's attribute: ``player.worlds`` is
        ``player.settings.worlds``."""
        if name in _SETTING_NAMES:
            return getattr(self.settings, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __setattr__(self, name: str, value: object) -> None:
        if name in _SETTING_NAMES:
            raise AttributeError(
                f"{name!r} is a setting: make the player with StrongPlayer({name}=...) instead"
            )
        object.__setattr__(self, name, value)

    def choose(
        self, info: InformationState, rng: random.Random, *, notes: dict[str, Any] | None = None
    ) -> Action:
        """One of ``info.legal_actions()``.

        Args:
            info: the seat's information state.
            rng: the decision's random source.
            notes: a dict to fill with the figures the decision was made on, for a hint's
                reason (:func:`skat.players.advice.advise` words them; it changes no decision):
                the bid limit, the game it is for and whether the auction is contested, the
                contest check's figures, the declarer's chance for
                Kontra and Re, the samples' scores of each card or push.

        Raises:
            IllegalActionError: ``info`` has no legal action (the seat is not to act).
        """
        legal = info.legal_actions()
        if not legal:
            raise IllegalActionError(
                f"{info.seat.name.lower()} has no action in phase {info.phase.value!r}"
            )
        if info.phase == Phase.BIDDING and self.settings.contracts:
            return self._bidding(info, legal, notes)
        if info.phase == Phase.SKAT and self.settings.contracts:
            return self._skat(info, legal)
        if info.phase == Phase.DISCARD and self.settings.contracts:
            return self._discard(info, legal)
        if info.phase == Phase.DECLARE and self.settings.contracts:
            return self._declare(info, legal)
        if info.phase == Phase.KONTRA and self.settings.contracts and info.contract is not None:
            return kontra_choice(self.settings, self._get_solver(), info, legal, rng, notes=notes)
        if info.phase == Phase.EXCHANGE:
            return exchange_choice(info, self._get_solver())
        if info.phase == Phase.SCHIEBEN and self.settings.contracts:
            return schieben(self.settings, self._heuristic, info, legal, rng, notes=notes)
        if info.phase != Phase.PLAY or info.contract is None:
            return self._heuristic.choose(info, rng)
        cards = [a.value for a in legal if a.kind == ActionKind.CARD]
        if len(cards) <= 1:
            return Action.of_card(cards[0]) if cards else legal[0]
        if info.contract.game == GameType.RAMSCH:
            return Action.of_card(ramsch_card(self.settings, info, cards, rng, notes=notes))
        if info.declarer is None:
            return self._heuristic.choose(info, rng)
        solver = self._get_solver()
        card = play_card(
            self.settings, solver, info, cards, rng, concede=CONCEDE in legal, notes=notes
        )
        return CONCEDE if card is None else Action.of_card(card)

    # -- bidding, the skat, the discard and the declaration ------------------------------------

    def _get_solver(self) -> Solver:
        if self._solver is None:
            self._solver = Solver()
        return self._solver

    def _before_skat(
        self,
        hand: int,
        seat: int,
        bids: tuple[tuple[int, Action], ...],
        *,
        schneider: bool,
        options: Options,
        only: frozenset[tuple[GameType, bool]] | None = None,
        worlds: int | None = None,
    ) -> list[ct.Estimate]:
        table = _before_bock(options)
        key = ("before", hand, seat, bids, schneider, table, only, worlds)
        found = self._cache.get(key)
        if found is None:
            found = ct.evaluate_before_skat(
                hand, seat, bids, self._get_solver(), options=table, only=only,
                node_budget=self.settings.contract_budget, schneider=schneider,
                model_prior=self.settings.model_prior, **_worlds(self.settings, worlds),
            )  # fmt: skip
            self._remember(key, found)
        assert isinstance(found, list)
        return self._at_table(found, options)

    def _discards(
        self,
        info: InformationState,
        pairs: tuple[tuple[GameType, int], ...] | None = None,
        worlds: int | None = None,
    ) -> list[ct.DiscardChoice]:
        cards = info.hand | (info.discard or 0) if info.phase == Phase.DECLARE else info.hand
        table = _before_bock(info.options)
        key = ("discard", cards, int(info.seat), info.bid, info.bids, table, pairs, worlds)
        found = self._cache.get(key)
        if found is None:
            found = ct.evaluate_discards(
                cards, int(info.seat), info.bid, info.bids, self._get_solver(), pairs=pairs,
                node_budget=self.settings.contract_budget, options=table,
                screen=self.settings.discard_screen,
                calibration=self.settings.calibration,
                lost_extra=self.settings.lost_extra, **_worlds(self.settings, worlds),
            )  # fmt: skip
            self._remember(key, found)
        assert isinstance(found, list)
        at_table = self._at_table([c.estimate for c in found], info.options)
        if all(a is c.estimate for a, c in zip(at_table, found, strict=True)):
            return found
        return [dataclasses.replace(c, estimate=a) for a, c in zip(at_table, found, strict=True)]

    def discard_choices(
        self,
        info: InformationState,
        pairs: tuple[tuple[GameType, int], ...] | None = None,
        worlds: int | None = None,
    ) -> list[ct.DiscardChoice]:
        """Every discard and game this player weighs for the declarer's twelve cards at
        ``info`` (after a pick-up, or after the discard: the twelve with it), each with its
        estimate at this table (:func:`skat.players.contracts.evaluate_discards`); unordered.

        With ``pairs`` ((game, discard mask) pairs), just those, however the heuristic judges
        them, in the first ``worlds`` of the same sampled deals (None: as many as the player
        draws): a discard or game the player did not weigh, judged alike (the review)."""
        return self._discards(info, pairs, worlds)

    def skat_estimates(
        self,
        info: InformationState,
        only: frozenset[tuple[GameType, bool]] | None = None,
        worlds: int | None = None,
    ) -> list[ct.Estimate]:
        """Every contract this player weighs for the ten cards of ``info`` before the skat is
        seen (Hand and with the pick-up), each with its estimate at this table, the Schneider
        count included (:func:`skat.players.contracts.evaluate_before_skat`, as for its
        decision in the skat phase); unordered, empty when none is worth solving.

        With ``only`` ((game, Hand) pairs), just those contracts, however the heuristic judges
        them, in the first ``worlds`` of the same sampled deals (None: as many as the player
        draws): a contract the player did not weigh, judged alike (the review)."""
        return self._before_skat(
            info.hand, int(info.seat), info.bids, only=only, worlds=worlds, **_table(info)
        )

    def call_worth(
        self, info: InformationState, action: Action
    ) -> tuple[float, ct.Estimate | None]:
        """What a bid or hold ``action`` of the seat of ``info`` (in the auction) is worth:
        the best expected score (game points, ``lost_extra`` as the player counts a loss) of a
        contract worth the value it commits to, and that contract's estimate; ``(-inf, None)``
        when none reaches the value.

        Once an opponent has bid or held, in the deals weighted by the bids heard and by that
        opponent passing next, as the contest check judges it (:meth:`_contested_worth`);
        before, in the deals weighted by the bids heard (the estimates of
        :meth:`skat_estimates` without the Schneider count).

        Raises:
            ValueError: ``action`` is neither a bid nor a hold.
        """
        if action.kind not in (ActionKind.BID, ActionKind.HOLD):
            raise ValueError(f"only a bid or a hold has a worth, not {str(action)!r}")
        seat = int(info.seat)
        value = action.value if action.kind == ActionKind.BID else info.bid
        if bd.contested(info.bids, seat):
            notes: dict[str, Any] = {}
            worth = self._contested_worth(info, action, notes)
            return worth, notes.get("contest_estimate")
        found = self._before_skat(info.hand, seat, info.bids, schneider=False, options=info.options)
        best = ct.best_reaching(found, value, self.settings.lost_extra)
        return (-math.inf, None) if best is None else (best.score(self.settings.lost_extra), best)

    def _at_table(self, estimates: list[ct.Estimate], options: Options) -> list[ct.Estimate]:
        """``estimates`` at this table: scored under ``options`` with the deal's Bock status
        (:class:`ct.Estimate`'s ``options``; the evaluation judged them before the Bock
        factor, :func:`_before_bock`), against the opponents of ``opponents``."""
        calibration = self.settings.calibration
        if all(e.options == options and e.calibration == calibration for e in estimates):
            return estimates  # as the evaluation made them: nothing to copy
        return [dataclasses.replace(e, options=options, calibration=calibration) for e in estimates]

    def _remember(self, key: object, value: object) -> None:
        self._cache[key] = value
        if len(self._cache) > 64:
            del self._cache[next(iter(self._cache))]

    def bid_limit(self, hand: int, seat: int, options: Options, *, contested: bool = False) -> int:
        """The highest bid (game points) for the ten cards ``hand`` of ``seat`` at the table of
        ``options``; 0: pass (the value of :meth:`limit_game`)."""
        return self.limit_game(hand, seat, options, contested=contested)[0]

    def limit_game(
        self, hand: int, seat: int, options: Options, *, contested: bool = False
    ) -> tuple[int, Contract | None]:
        """The bid limit (game points, 0: pass) for the ten cards ``hand`` of ``seat`` and the
        game it is the value of (None with the limit 0).

        With ``model_limit`` the limit of :func:`skat.players.contract_model.model_limit` (the
        learned evaluator's chances at this table, at least ``model_limit`` expected); with
        ``solved_bidding`` the highest value of a contract with a positive expected score
        by :func:`skat.players.contracts.evaluate_before_skat` (judged without the opponents'
        bids, so one evaluation serves the whole auction); otherwise the heuristic's limit
        (:func:`skat.players.evaluation.limit_game`) with ``bid_bonus``, less
        ``contest_penalty`` when ``contested`` (an opponent has bid or held). ``options``: the
        table's rules and the deal's Bock status (in a Bock deal the expected scores count the
        game doubled, the list's bonuses not; the heuristic's limit, by strength, does not
        change).
        """
        if self.settings.model_limit is not None and not options.spitze:
            return model_limit(
                hand, seat, self.settings.model_limit,
                calibration=self.settings.calibration,
                lost_extra=self.settings.lost_extra, options=options,
            )  # fmt: skip
        if not self.settings.solved_bidding:
            bonus = self.settings.bid_bonus - (self.settings.contest_penalty if contested else 0.0)
            choice = limit_game(hand, seat, options, bonus)
            if choice is None:
                return 0, None
            return choice.value, Contract.make(choice.game, hand=choice.hand, ouvert=choice.ouvert)
        worth = [
            e
            for e in self._before_skat(hand, seat, (), schneider=False, options=options)
            if e.score(self.settings.lost_extra) > 0.0
        ]
        best = max(worth, key=lambda e: e.value, default=None)
        if best is None:
            return 0, None
        return best.value, Contract.make(best.game, hand=best.hand, ouvert=best.ouvert)

    def estimate(self, info: InformationState) -> ct.Estimate | None:
        """The estimate behind this seat's declaration: in the skat phase the best contract
        worth the bid (a Hand game if it is one), after the discard the contract for the cards
        put away; None in other phases or when nothing reaches the bid."""
        if info.phase == Phase.SKAT:
            return ct.best_reaching(
                self._before_skat(info.hand, int(info.seat), info.bids, **_table(info)),
                info.bid,
                self.settings.lost_extra,
            )
        if info.phase == Phase.DECLARE:
            choices = [c for c in self._discards(info) if c.discard == info.discard]
            best = _best_choice(choices, info.bid, self.settings.lost_extra)
            return None if best is None else best.estimate
        return None

    def _bidding(
        self, info: InformationState, legal: list[Action], notes: dict[str, Any] | None = None
    ) -> Action:
        seat = int(info.seat)
        contested = bd.contested(info.bids, seat)
        limit, game = self.limit_game(info.hand, seat, info.options, contested=contested)
        revolution = revolution_limit(info)
        if revolution > limit:  # a sure Revolution: held to its value, no contest to weigh
            limit, game = revolution, REVOLUTION
        action = bid_up_to(limit, info, legal)
        if notes is not None:
            notes.update(limit=limit, limit_game=game, contested=contested)
        # a sure Revolution is held without the contest check
        if (
            self.settings.contest_check is None
            or game == REVOLUTION
            or not contested
            or action.kind == ActionKind.PASS
        ):
            return action
        worth = self._contested_worth(info, action, notes)
        if notes is not None:
            notes.update(contest_worth=worth, contest_check=self.settings.contest_check)
        if worth >= self.settings.contest_check:
            return action
        return next((a for a in legal if a.kind == ActionKind.PASS), action)

    def _contested_worth(
        self, info: InformationState, action: Action, notes: dict[str, Any] | None = None
    ) -> float:
        """The best expected score (game points) of a contract worth the value ``action`` (a
        bid or a hold) commits to, in deals weighted by the bids heard and by the opponent
        who bid or held last passing next: the deals in which this seat ends up declaring.
        -inf when no contract reaches the value; ``notes`` gets that contract's estimate
        (``contest_estimate``, None when none reaches it). No cache: the later decisions do not
        depend on this one (each solve's value is independent of the solver's earlier ones; its
        node count can differ by a few nodes, as the table places entries by the search's
        generation too)."""
        seat = int(info.seat)
        value = action.value if action.kind == ActionKind.BID else info.bid
        if self.settings.model_contest and not info.options.spitze:
            worth, contract, chance = model_worth(
                info.hand, seat, value, calibration=self.settings.calibration,
                lost_extra=self.settings.lost_extra, options=info.options,
            )  # fmt: skip
            if notes is not None:
                notes.update(contest_estimate=None, contest_model=(contract, chance))
            return worth
        rival = bd.rival(info.bids, seat)
        assert rival is not None, "only a contested bid is checked"
        heard = (*info.bids, (seat, action), (rival, PASS))
        found = ct.evaluate_before_skat(
            info.hand, seat, heard, self._get_solver(), options=_before_bock(info.options),
            worlds=self.settings.contract_worlds, node_budget=self.settings.contract_budget,
            reaching=value, model_prior=self.settings.model_prior,
        )  # fmt: skip
        found = self._at_table(found, info.options)
        best = ct.best_reaching(found, value, self.settings.lost_extra)
        if notes is not None:
            notes["contest_estimate"] = best
        return -math.inf if best is None else best.score(self.settings.lost_extra)

    def _skat(self, info: InformationState, legal: list[Action]) -> Action:
        best = self.estimate(info)
        revolution = revolution_declaration(
            info, legal, best.value if best is not None and best.hand else 0
        )
        if revolution is not None:
            return revolution
        pickup = [a for a in legal if a.kind == ActionKind.PICKUP]
        if best is None or not best.hand:
            return pickup[0] if pickup else legal[0]
        lost_extra = self.settings.lost_extra
        contract, _ = announced(best, lost_extra)
        if best.game != GameType.NULL and best.schneider:
            # a Schneider seen: judge each such Hand game again for its announcements
            estimates = self._before_skat(info.hand, int(info.seat), info.bids, **_table(info))
            seen = [
                e
                for e in estimates
                if e.hand and e.game != GameType.NULL and e.schneider and e.value >= info.bid
            ]
            seen.sort(key=lambda e: -e.score(lost_extra))
            rich = [announced(self._hand_levels(info, e), lost_extra) for e in seen[:2]]
            contract = max(rich, key=lambda pair: pair[1])[0]
        action = Action.declare(contract)
        if action in legal:
            return action
        return pickup[0] if pickup else legal[0]

    def _hand_levels(self, info: InformationState, best: ct.Estimate) -> ct.Estimate:
        """The Hand game of ``best`` judged again for the announcements
        (:func:`ct.evaluate_hand_levels`): at least eight deals within the contract budget."""
        table = _before_bock(info.options)
        key = ("levels", info.hand, int(info.seat), info.bids, best.game, table)
        found = self._cache.get(key)
        if found is None:
            found = ct.evaluate_hand_levels(
                info.hand, int(info.seat), info.bids, best.game, self._get_solver(),
                prior=best.prior, options=table, worlds=self.settings.contract_worlds,
                min_worlds=8, node_budget=self.settings.contract_budget,
            )  # fmt: skip
            self._remember(key, found)
        assert isinstance(found, ct.Estimate)
        return dataclasses.replace(found, options=best.options, calibration=best.calibration)

    def _discard(self, info: InformationState, legal: list[Action]) -> Action:
        choices = self._discards(info)
        best = _best_choice(choices, info.bid, self.settings.lost_extra)
        if best is not None:
            action = Action.discard(best.discard)
            if action in legal:
                return action
        return self._heuristic.choose(info, random.Random(0))

    def _declare(self, info: InformationState, legal: list[Action]) -> Action:
        best = self.estimate(info)
        if best is not None:
            action = Action.declare(Contract.make(best.game, ouvert=best.ouvert))
            if action in legal:
                return action
        return self._heuristic.choose(info, random.Random(0))

    def declarer_chance(
        self,
        info: InformationState,
        rng: random.Random,
        *,
        draws: int | None = None,
        sharpness: float = 1.0,
    ) -> float:
        """The declarer's chance to make the declared contract, as this seat sees it (0..1):
        :func:`skat.players.announcements.declarer_chance` with this player's settings and
        solver (``draws`` and ``sharpness`` as there).

        Raises:
            IllegalActionError: no contract is declared yet.
        """
        return declarer_chance(
            self.settings, self._get_solver(), info, rng, draws=draws, sharpness=sharpness
        )


def _worlds(settings: StrongSettings, worlds: int | None) -> dict[str, int]:
    """The sampled deals of a contract evaluation: the player's (``contract_worlds``, at least
    the evaluation's default few), or exactly the first ``worlds`` of them."""
    if worlds is None:
        return {"worlds": settings.contract_worlds}
    return {"worlds": worlds, "min_worlds": worlds}


def _table(info: InformationState) -> dict[str, Any]:
    """What the seat's estimates before the skat depend on besides its cards and the bids: the
    Schneider count, the table's rules and the deal's Bock status."""
    return {"schneider": True, "options": info.options}


def _before_bock(options: Options) -> Options:
    """The table's rules without the deal's Bock status: the sampled evaluation judges the
    contracts by them (and keeps its answers across the deals of a table), and
    :meth:`StrongPlayer._at_table` counts the deal's Bock factor in."""
    return (
        options
        if options.bock_deal == BockDeal.NONE
        else dataclasses.replace(options, bock_deal=BockDeal.NONE)
    )


def _best_choice(
    choices: list[ct.DiscardChoice], bid: int, lost_extra: float | None
) -> ct.DiscardChoice | None:
    """The choice of the best expected score (``lost_extra`` as in
    :func:`skat.players.announcements.announced`) among those worth ``bid``; else the most
    valuable (an overbid is then unavoidable). Only the finalists of the evaluation
    (:attr:`skat.players.contracts.DiscardChoice.finalist`, solved in the most deals) compete
    while one of them is worth ``bid``: a candidate screened out early keeps the few deals that
    ruled it out."""
    if not choices:
        return None
    finalists = [c for c in choices if c.finalist]
    if any(c.estimate.value >= bid for c in finalists):
        choices = finalists
    reach = [c for c in choices if c.estimate.value >= bid]
    if reach:
        return max(reach, key=lambda c: (c.estimate.score(lost_extra), c.estimate.value))
    return max(choices, key=lambda c: (c.estimate.value, c.estimate.score(lost_extra)))
