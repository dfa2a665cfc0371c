"""The valuation of a decision for the review: the taken and the best action's expected own
score and win chance, phase by phase, from the figures the strong player computed for it.

:func:`value_actions` values the action a seat took and the strong player's action
(:mod:`skat.analysis.review` judges and marks the decision from that) — both with one
estimator in the same sampled deals, so the comparison is paired — each as the seat's expected
own score on the table's list (Seeger-Fabian game points, a lost game counting only the seat's
own entry, as the strong player counts it: ``StrongSettings.lost_extra`` 0) and, where the win
chance is what decides, that chance:

* a call in the auction (bid, hold or pass): a pass is worth 0; a bid or hold the best expected
  score of a contract worth the value it commits to, in the deals the strong player's contest
  check weighs (:meth:`~skat.players.strong.StrongPlayer.call_worth`: weighted by the bids
  heard, and once an opponent has bid or held, by that opponent passing next), as if the
  auction ended there with the seat declaring; a value no contract reaches, as a game lost at
  that value;
* Hand or pick-up and a Hand game's announcements: the strong player's estimate of the best
  game after the pick-up, or of the Hand game declared
  (:func:`skat.players.announcements.announcement_scores` for Schneider, Schwarz, ouvert);
* the discard: the best game after it among the discards the strong player solved; the game
  after the discard: its estimate with the cards put away. A Hand game, pick-up, discard or
  game the strong player did not solve (outside its candidates) is solved in the first deals
  of the same sampled sequence, as many as the best action's estimate was solved in
  (:meth:`~skat.players.strong.StrongPlayer.skat_estimates`,
  :meth:`~skat.players.strong.StrongPlayer.discard_choices` with the contracts named), so that
  one estimator values both; only where the strong player solved nothing are both valued by
  the heuristic's win chance alone (:func:`skat.players.evaluation.choices`). A game worth less
  than the bid counts as lost at the overbid value (ISkO 5.4);
* Kontra, Re and Supra: the declarer's chance as the seat sees it (``p``, sampled) against the
  strong player's line (``kontra_below``, ``re_above``; half ``kontra_below`` for Supra) taken
  as the break-even chance (2/3 on paper; the sampled chance runs low, so the line is drawn
  where doubling paid, docs/experiments/2026-12-strong-kontra.md): saying it changes the
  declarer's expected score by ``3 · v · 2^k · (p − line)`` (a won game counts ``v · 2^k`` more,
  a lost one twice that), for the seat's side against the declarer; declining is worth 0. ``v``
  is the game value the seat can know (the declarer's from his own cards, a defender's the bid,
  a Null's its fixed value), ``k`` the doublings said before;
* a card of a suit game, Grand or Null: the share of the sampled deals (each solved open-handed)
  in which the seat's side wins after it (conceding: 0), the chance that decides; its expected
  own score from it (the declarer's entries won and lost at the value he can know, doubled per
  Kontra; a defender's the defenders' entry, 40 on the Seeger-Fabian list, times the chance);
* a card of Ramsch and a Schieberamsch choice: the average Ramsch score of the rollouts
  (game points, negative: points lost); for a Ramsch card also the card the rules of thumb
  play there and its average (``rules_card``, ``rules_expected``), from the same rollouts, for
  the deal's total (:attr:`skat.analysis.review.Judgement.given`).

Only what the seat knew is used: the information state, the strong player's figures for it
(drawn from the decision's random source) and solves seeded by what the seat knows.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from skat.action import CONCEDE, PASS, Action, ActionKind
from skat.cards import cards_of_mask, format_cards
from skat.contract import Contract
from skat.information import InformationState
from skat.players import contracts as ct
from skat.players import evaluation as ev
from skat.players.advice import Advice, bid_value
from skat.players.announcements import announcement_scores
from skat.players.card_play import heuristic_card
from skat.players.strong import StrongPlayer
from skat.rules import GameType
from skat.scoring import overbid_value
from skat.state import Phase
from skat.values import table_values

__all__ = ["OVERBID_CHANCE", "Values", "value_actions"]

OVERBID_CHANCE = 0.0
"""The win chance of a game worth less than the bid: it is lost (ISkO 5.4)."""


@dataclass(frozen=True, slots=True)
class Values:
    """What a phase's valuation found.

    Attributes:
        taken: the taken action's expected own score (game points); None when not valued.
        best: the best action's, likewise.
        taken_chance: where the win chance decides or is shown, the taken action's (0..1).
        best_chance: the best action's, likewise.
        by_chance: the chance decides the mark (a card of a declared game).
        reason: a reason code of :data:`skat.analysis.review.REASONS` for an action other
            than the best (``unjudged``: the action could not be valued).
        figures: the reason's figures (JSON-ready).
    """

    taken: float | None
    best: float | None
    taken_chance: float | None = None
    best_chance: float | None = None
    by_chance: bool = False
    reason: str = "best"
    figures: dict[str, Any] = field(default_factory=dict)


def value_actions(
    player: StrongPlayer,
    info: InformationState,
    taken: Action,
    advice: Advice,
    notes: dict[str, Any],
) -> Values:
    """The ``taken`` action and the strong player's (``advice.action``) valued at ``info`` from
    the figures ``player`` computed for its advice (``notes``, filled by
    :func:`skat.players.advice.advise`), as the module doc says per phase."""
    phase = info.phase
    best = advice.action
    contracts = player.settings.contracts
    if phase == Phase.BIDDING and contracts:
        return _bidding(player, info, taken, advice, notes)
    if phase == Phase.SKAT and contracts and taken.kind in (ActionKind.PICKUP, ActionKind.DECLARE):
        return _skat(player, info, taken, best)
    if phase == Phase.DISCARD and contracts and taken.kind == ActionKind.DISCARD:
        return _discard(player, info, taken, best)
    if phase == Phase.DECLARE and contracts and taken.kind == ActionKind.DECLARE:
        return _declare(player, info, taken, best)
    if phase == Phase.KONTRA and "chance" in notes:
        return _kontra(player, info, taken, best, notes)
    if phase == Phase.PLAY and "wins" in notes and notes["worlds"]:
        return _card(player, info, taken, best, notes)
    if "totals" in notes:
        return _rollouts(info, taken, best, notes)
    if taken == best:
        return Values(None, None, figures=dict(advice.reason))
    return Values(None, None, reason="unjudged")


# -- the auction ---------------------------------------------------------------------------------


def _bidding(
    player: StrongPlayer,
    info: InformationState,
    taken: Action,
    advice: Advice,
    notes: dict[str, Any],
) -> Values:
    best = advice.action
    if taken == best:
        reason = advice.reason
        return Values(reason.get("expected"), reason.get("expected"), figures=dict(reason))
    legal = info.legal_actions()
    mine, mine_game = _call_worth(player, info, taken)
    estimate = notes.get("contest_estimate")
    their_game: str | None
    if best.kind in (ActionKind.BID, ActionKind.HOLD) and estimate is not None:
        # the contest check has weighed the strong player's own call already
        theirs, their_game = float(notes["contest_worth"]), _contract_token(estimate)
    else:
        theirs, their_game = _call_worth(player, info, best)
    taken_at = None if taken == PASS else bid_value(info, taken, legal)
    best_at = None if best == PASS else bid_value(info, best, legal)
    higher = best_at is None or (taken_at is not None and taken_at > best_at)
    figures = {
        "value": taken_at,
        "best_value": best_at,
        "limit": advice.reason.get("limit"),
        "limit_game": advice.reason.get("limit_game"),
        "game": mine_game,
        "best_game": their_game,
    }
    return Values(mine, theirs, reason="bid_high" if higher else "bid_low", figures=figures)


def _call_worth(
    player: StrongPlayer, info: InformationState, action: Action
) -> tuple[float, str | None]:
    """A call's expected own score (0 for a pass) and the game it is for."""
    if action.kind not in (ActionKind.BID, ActionKind.HOLD):
        return 0.0, None
    worth, estimate = player.call_worth(info, action)
    if estimate is None or not math.isfinite(worth):
        value = action.value if action.kind == ActionKind.BID else info.bid
        lost = ev.expected_score(OVERBID_CHANCE, value, info.options, player.settings.lost_extra)
        return lost, None
    return worth, _contract_token(estimate)


# -- Hand or pick-up, the discard, the game ------------------------------------------------------


def _contract_token(e: ct.Estimate) -> str:
    return str(Contract.make(e.game, hand=e.hand, ouvert=e.ouvert))


def _at_bid(e: ct.Estimate, bid: int, lost_extra: float | None) -> float:
    """``e``'s expected score, a game worth less than ``bid`` lost at its overbid value."""
    if e.value >= bid:
        return e.score(lost_extra)
    value = e.value
    if e.game != GameType.NULL:
        value = overbid_value(table_values(e.options).base_value(e.game), bid)
    return ev.expected_score(OVERBID_CHANCE, value, e.options, lost_extra, hand=e.hand)


def _heuristic(
    cards: int, info: InformationState, *, hand_game: bool, matador_hand: int | None = None
) -> list[ct.Estimate]:
    """Estimates from the heuristic's win chance alone (no solved deal), for a contract the
    strong player did not solve."""
    out = []
    for c in ev.choices(
        cards, seat=int(info.seat), hand_game=hand_game, options=info.options,
        matador_hand=matador_hand, pre_skat=not hand_game and matador_hand is None,
    ):  # fmt: skip
        prior = ev.win_chance(c.margin)
        out.append(
            ct.Estimate(c.game, hand_game, c.ouvert, c.value, 0, 0, prior=prior, options=c.options)
        )
        if c.game == GameType.NULL and not c.ouvert:
            value = table_values(info.options).null_value(hand=hand_game, ouvert=True)
            out.append(
                ct.Estimate(c.game, hand_game, True, value, 0, 0, prior=prior, options=c.options)
            )
    return out


def _best_estimate(
    estimates: list[ct.Estimate], bid: int, lost_extra: float | None
) -> ct.Estimate | None:
    return max(estimates, key=lambda e: (_at_bid(e, bid, lost_extra), e.value), default=None)


def _contract_figures(prefix: str, e: ct.Estimate | None, score: float | None) -> dict[str, Any]:
    return {
        f"{prefix}game": None if e is None else _contract_token(e),
        f"{prefix}chance": None if e is None else round(e.chance, 3),
        f"{prefix}expected": None if score is None else round(score, 1),
        f"{prefix}solved": None if e is None else e.worlds > 0,
    }


def _paired_worlds(best: ct.Estimate | None, estimates: Iterable[ct.Estimate]) -> int | None:
    """How many sampled deals a contract the strong player did not weigh is solved in (the
    first ones of the same sequence): as many as the best action's estimate was solved in, so
    that the two are paired, else as many as the strong player solved any in; None when it
    solved none (then as many as it draws)."""
    if best is not None and best.worlds > 0:
        return best.worlds
    return max((e.worlds for e in estimates), default=0) or None


def _reaching_games(estimates: Iterable[ct.Estimate], bid: int) -> set[GameType]:
    """The games of ``estimates`` worth the bid (the others are lost at their overbid value
    whatever the deals, :func:`_at_bid`: nothing to solve)."""
    return {e.game for e in estimates if e.value >= bid}


def _skat(player: StrongPlayer, info: InformationState, taken: Action, best: Action) -> Values:
    estimates = player.skat_estimates(info)
    lost_extra = player.settings.lost_extra

    def value(action: Action) -> tuple[float, ct.Estimate | None, str]:
        if action.kind == ActionKind.PICKUP:
            pickups = [e for e in estimates if not e.hand] or _heuristic(
                info.hand, info, hand_game=False
            )
            e = _best_estimate(pickups, info.bid, lost_extra)
            score = -math.inf if e is None else _at_bid(e, info.bid, lost_extra)
            return score, e, "s" if e is None else _contract_token(e)
        contract = action.contract
        e = _hand_estimate(estimates, contract) or _hand_estimate(
            _heuristic(info.hand, info, hand_game=True), contract
        )
        if e is None:
            return -math.inf, None, str(contract)
        score = _at_bid(e, info.bid, lost_extra)
        if contract.game != GameType.NULL and (contract.schneider or contract.ouvert):
            levels = announcement_scores(e, lost_extra, every_level=True)
            score = levels.get(contract, score) if e.value >= info.bid else score
        return score, e, str(contract)

    # a contract the strong player did not solve (the heuristic prunes it) is solved in the same
    # sampled deals, so that the taken and the best action are valued alike
    need: set[tuple[GameType, bool]] = set()
    for action in (taken, best):
        if action.kind == ActionKind.PICKUP and not any(not e.hand for e in estimates):
            pickups = _heuristic(info.hand, info, hand_game=False)
            need |= {(g, False) for g in _reaching_games(pickups, info.bid)}
        elif action.kind == ActionKind.DECLARE:
            contract = action.contract
            if _hand_estimate(estimates, contract) is None and contract.game != GameType.RAMSCH:
                need.add((contract.game, True))
    if need:
        worlds = _paired_worlds(value(best)[1], estimates)
        estimates = [*estimates, *player.skat_estimates(info, frozenset(need), worlds)]
    mine, mine_e, mine_game = value(taken)
    theirs, their_e, their_game = value(best)
    if taken.kind == ActionKind.PICKUP:
        reason = "pickup_not_hand" if best.kind == ActionKind.DECLARE else "best"
    else:
        reason = "hand_not_pickup" if best.kind == ActionKind.PICKUP else "other_hand_game"
    figures = {
        **_contract_figures("", mine_e, _finite(mine)),
        **_contract_figures("best_", their_e, _finite(theirs)),
        "game": mine_game,
        "best_game": their_game,
    }
    return Values(
        _finite(mine), _finite(theirs), _chance(mine_e), _chance(their_e),
        reason=reason, figures=figures,
    )  # fmt: skip


def _hand_estimate(estimates: list[ct.Estimate], contract: Contract) -> ct.Estimate | None:
    """The estimate of the Hand ``contract``'s game (a Null by its ouvert form too)."""
    for e in estimates:
        if e.hand and _same_game(e, contract):
            return e
    return None


def _discard(player: StrongPlayer, info: InformationState, taken: Action, best: Action) -> Values:
    choices = player.discard_choices(info)
    lost_extra = player.settings.lost_extra
    cards = info.hand

    def value(pair: int) -> tuple[float, ct.Estimate | None]:
        found = [c.estimate for c in choices if c.discard == pair]
        if not found:
            kept = cards & ~pair
            found = _heuristic(kept, info, hand_game=False, matador_hand=cards)
        e = _best_estimate(found, info.bid, lost_extra)
        return (-math.inf, None) if e is None else (_at_bid(e, info.bid, lost_extra), e)

    # a discard the strong player did not solve is solved in the same sampled deals, with every
    # game worth the bid that it weighed and the heuristic's best game after that discard
    games = _reaching_games((c.estimate for c in choices), info.bid)
    need: list[tuple[GameType, int]] = []
    for pair in dict.fromkeys((taken.value, best.value)):
        if any(c.discard == pair for c in choices):
            continue
        kept = _heuristic(cards & ~pair, info, hand_game=False, matador_hand=cards)
        need += [(g, pair) for g in sorted(games | _reaching_games(kept, info.bid))]
    if need:
        worlds = _paired_worlds(value(best.value)[1], (c.estimate for c in choices))
        choices = [*choices, *player.discard_choices(info, tuple(need), worlds)]
    mine, mine_e = value(taken.value)
    theirs, their_e = value(best.value)
    figures = {
        "cards": format_cards(cards_of_mask(taken.value)),
        "best_cards": format_cards(cards_of_mask(best.value)),
        **_contract_figures("", mine_e, _finite(mine)),
        **_contract_figures("best_", their_e, _finite(theirs)),
    }
    return Values(
        _finite(mine), _finite(theirs), _chance(mine_e), _chance(their_e),
        reason="other_discard", figures=figures,
    )  # fmt: skip


def _declare(player: StrongPlayer, info: InformationState, taken: Action, best: Action) -> Values:
    lost_extra = player.settings.lost_extra
    discard = info.discard or 0
    every = player.discard_choices(info)
    choices = [c.estimate for c in every if c.discard == discard]

    def value(action: Action) -> tuple[float, ct.Estimate | None]:
        contract = action.contract
        found = [e for e in choices if _same_game(e, contract)]
        if not found:
            found = [
                e
                for e in _heuristic(
                    info.hand, info, hand_game=False, matador_hand=info.hand | discard
                )
                if _same_game(e, contract)
            ]
        e = _best_estimate(found, info.bid, lost_extra)
        return (-math.inf, None) if e is None else (_at_bid(e, info.bid, lost_extra), e)

    # a game the strong player did not solve after this discard is solved in the same deals
    need = tuple(
        dict.fromkeys(
            (action.contract.game, discard)
            for action in (taken, best)
            if not any(_same_game(e, action.contract) for e in choices)
            and action.contract.game != GameType.RAMSCH
        )
    )
    if need:
        worlds = _paired_worlds(value(best)[1], (c.estimate for c in every))
        more = player.discard_choices(info, need, worlds)
        choices += [c.estimate for c in more if c.discard == discard]
    mine, mine_e = value(taken)
    theirs, their_e = value(best)
    overbid = mine_e is not None and mine_e.value < info.bid
    figures = {
        **_contract_figures("", mine_e, _finite(mine)),
        **_contract_figures("best_", their_e, _finite(theirs)),
        "game": str(taken.contract),
        "best_game": str(best.contract),
        "value": None if mine_e is None else mine_e.value,
        "bid": info.bid,
    }
    return Values(
        _finite(mine), _finite(theirs), _chance(mine_e), _chance(their_e),
        reason="overbid" if overbid else "other_game", figures=figures,
    )  # fmt: skip


def _same_game(e: ct.Estimate, contract: Contract) -> bool:
    return e.game == contract.game and (e.game != GameType.NULL or e.ouvert == contract.ouvert)


def _finite(score: float) -> float | None:
    return score if math.isfinite(score) else None


def _chance(e: ct.Estimate | None) -> float | None:
    return None if e is None else e.chance


# -- Kontra, Re, Supra ---------------------------------------------------------------------------


def _known_value(info: InformationState) -> int:
    """The game value the seat can know (game points, before Kontra): the declarer's from the
    cards he has seen (his matadors; no levels), a defender's the bid, a Null's its fixed
    value."""
    contract = info.contract
    if contract is None:
        return info.bid
    if contract.game == GameType.NULL:
        return table_values(info.options).null_value(
            hand=contract.hand, ouvert=contract.ouvert, revolution=contract.revolution
        )
    if info.declarer is None or int(info.declarer) != int(info.seat):
        return info.bid
    mine = info.hand | (info.discard or 0) | (info.skat or 0)
    for seat, action in info.actions:
        if seat == int(info.seat) and action.kind == ActionKind.CARD:
            mine |= 1 << action.value
    value = ev.contract_value(
        contract.game, mine, info.options, hand=contract.hand, ouvert=contract.ouvert
    )
    return max(value, info.bid)


def _kontra(
    player: StrongPlayer, info: InformationState, taken: Action, best: Action, notes: dict[str, Any]
) -> Values:
    chance, line = float(notes["chance"]), float(notes["line"])
    doubled = _known_value(info) << info.kontra

    def value(action: Action) -> float:
        if action.kind == ActionKind.DECLINE:
            return 0.0
        gain = 3.0 * doubled * (chance - line)  # the declarer's expected change
        return gain if action.kind == ActionKind.RE else -gain

    said = taken.kind != ActionKind.DECLINE
    say = next(str(a) for a in info.legal_actions() if a.kind != ActionKind.DECLINE)
    figures = {"say": say, "chance": round(chance, 3), "line": line, "value": doubled}
    return Values(
        value(taken), value(best), chance, chance,
        reason="kontra_said" if said else "kontra_missed", figures=figures,
    )  # fmt: skip


# -- the card play -------------------------------------------------------------------------------


def _card(
    player: StrongPlayer, info: InformationState, taken: Action, best: Action, notes: dict[str, Any]
) -> Values:
    n = int(notes["worlds"])
    wins: dict[int, int] = notes["wins"]
    declarer = bool(notes["declarer"])

    def share(action: Action) -> float | None:
        if action == CONCEDE:
            return 0.0
        if action.kind != ActionKind.CARD or action.value not in wins:
            return None
        w = wins[action.value]
        return (w if declarer else n - w) / n

    mine, theirs = share(taken), share(best)
    if mine is None or theirs is None:
        return Values(None, None, reason="unjudged")
    if declarer:
        won, lost, _ = ev.list_outcomes(_known_value(info) << info.kontra, info.options)
        stake, base = float(won - lost), float(lost)
    else:
        stake, base = float(ev.list_outcomes(info.bid or 18, info.options)[2]), 0.0
    figures = {"card": str(taken), "best_card": str(best), "worlds": n, "declarer": declarer}
    return Values(
        base + mine * stake, base + theirs * stake, mine, theirs, by_chance=True,
        reason="card_chance", figures=figures,
    )  # fmt: skip


def _rollouts(info: InformationState, taken: Action, best: Action, notes: dict[str, Any]) -> Values:
    rounds = max(1, int(notes["rollouts"]))
    totals: dict[Any, int] = notes["totals"]
    schieben = info.phase == Phase.SCHIEBEN

    def key(action: Action) -> Any:
        if schieben and action.kind != ActionKind.DISCARD:
            return "take" if action.kind == ActionKind.PICKUP else "pass"
        return action.value

    mine, theirs = totals.get(key(taken)), totals.get(key(best))
    if mine is None or theirs is None:
        return Values(None, None, reason="unjudged")
    figures: dict[str, Any] = {"rollouts": rounds, "taken": str(taken), "best_action": str(best)}
    if not schieben:
        # the card the rules of thumb play here, whose rollouts the others' are compared with
        # in the deal's total (skat.analysis.review.Judgement.given)
        rules = heuristic_card(info, [c for c in totals if isinstance(c, int)])
        if rules in totals:
            figures["rules_card"] = str(Action.of_card(rules))
            figures["rules_expected"] = round(totals[rules] / rounds, 1)
    return Values(
        mine / rounds, theirs / rounds, reason="push_points" if schieben else "card_points",
        figures=figures,
    )  # fmt: skip
