"""The strong player's suggestion for a seat's decision, with the figures it was made on.

A hint at the table (``POST /api/hint``) is what :class:`~skat.players.strong.StrongPlayer` would
do in the person's seat: :func:`advise` asks it with the seat's information state and the
decision's random source (the same ``decision_rng`` the computer players draw from, so the same
record gives the same hint) and collects the figures behind the choice through its ``notes``,
which change no decision. The reason is data, not words (the browser words it in each
language); its ``kind`` names the decision and its fields:

* ``bid`` (bid, hold or pass): what decided it, ``decided``: ``limit`` (the player goes up to
  its bid limit and no further) or ``contest`` (an opponent has bid or held, and the bid or hold
  the limit allows is said only if the contest check finds it worth it); ``limit``, the highest
  bid the player goes to (game points, 0: none; the heuristic's limit raised by ``bid_bonus``,
  :meth:`~skat.players.strong.StrongPlayer.limit_game`, or 92 for a sure Revolution with its
  option), ``limit_game``, the game the limit is the value of (its contract code, e.g. ``G``,
  ``SH``, ``N``, ``NV``; None with the limit 0),
  ``value``, the bid the action commits to or, for a pass, the lowest one it would have had to
  say, and ``contested`` (an opponent has bid or held). With ``decided`` ``contest`` also the
  check's figures: ``check``, the expected score a bid must reach (``contest_check``), and the
  best contract worth ``value`` in the sampled deals weighted by the bids heard and by the rival
  passing next (:func:`skat.players.contracts.evaluate_before_skat`): ``game`` (None when none
  is worth ``value``), ``chance`` (0..1) and ``expected`` (Seeger-Fabian game points, a loss
  counted against the table as the player counts it; to 0.1, rounded away from ``check`` where
  plain rounding would cross it); with ``limit`` these four are None. So the reason always
  agrees with the suggestion: with ``limit``, a bid or hold has ``value`` ≤
  ``limit`` and a pass ``value`` > ``limit``; with ``contest``, a bid or hold has ``expected`` ≥
  ``check`` and a pass has ``value`` ≤ ``limit`` and no game or ``expected`` < ``check``;
* ``skat`` (pick up or a Hand game), ``discard``, ``declare``: ``game``, ``chance`` and
  ``expected`` of the contract the player would declare (for the discard also its ``cards``);
* ``kontra`` (Kontra, Re, Supra or not): ``say``, the token the seat may say (``K``, ``R``,
  ``SU``), ``chance``, the declarer's chance as the seat sees it, and ``line``, the chance below
  which a defender doubles (above which the declarer says Re);
* ``card``: ``worlds`` (the sampled deals solved), ``share`` (of them, those in which the card
  wins the game for the seat's side open-handed, 0..1), ``best_other`` (the same share of the
  best other card, None with no other), ``next_level`` (the game is settled in every world and
  the card is chosen for Schneider: the winning side's to reach it, the other's to stay out of
  it) and ``slip`` (the seat's side loses in every world and the card keeps the game closest,
  for the other side's slip: ``StrongSettings.slip_margin``);
* ``ramsch`` (a card of Ramsch) and ``schieben`` (taking the skat or pushing two cards): the
  ``rollouts`` played out by the heuristic's rules, ``average`` (the seat's Ramsch score of the
  suggestion per rollout, game points, negative: points lost) and ``other`` (of the best other
  choice, None with none);
* ``only``: the one legal action; ``rule``: decided by the heuristic's rules (no figures).

Source: the strong player's own computation (docs/experiments/ for its settings); it sees only
what the seat may know (docs/design.md decision 3), which ``tests/server/test_hint.py`` checks by
dealing the hidden cards differently.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from skat.action import Action, ActionKind
from skat.cards import cards_of_mask, format_card, format_cards
from skat.contract import Contract
from skat.information import InformationState
from skat.players import contracts as ct
from skat.players.strong import StrongPlayer, _best_choice
from skat.state import Phase

__all__ = ["Advice", "advise", "bid_value"]


@dataclass(frozen=True, slots=True)
class Advice:
    """The strong player's decision and its reason.

    Attributes:
        action: the suggested action (one of ``info.legal_actions()``).
        kind: what the reason holds (the module doc): ``bid``, ``skat``, ``discard``,
            ``declare``, ``kontra``, ``card``, ``ramsch``, ``schieben``, ``only`` or ``rule``.
        reason: the figures, JSON-ready (the module doc names them per kind).
    """

    action: Action
    kind: str
    reason: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """``{"action": token, "tokens": [...], "kind", "reason"}``: ``tokens`` are the actions
        the browser sends for it (a discard is followed by its declaration)."""
        tokens = [str(self.action)]
        if self.kind == "discard" and self.reason.get("game"):
            tokens.append(self.reason["game"])
        return {
            "action": str(self.action),
            "tokens": tokens,
            "kind": self.kind,
            "reason": self.reason,
        }


def _contract(e: ct.Estimate) -> str:
    return str(Contract.make(e.game, hand=e.hand, ouvert=e.ouvert))


def _estimate(e: ct.Estimate | None, lost_extra: float | None) -> dict[str, Any]:
    if e is None:
        return {"game": None, "chance": None, "expected": None}
    return {
        "game": _contract(e),
        "chance": round(e.chance, 3),
        "expected": round(e.score(lost_extra), 1),
    }


def _rounded_beside(score: float, line: float) -> float:
    """``score`` to 0.1, rounded away from ``line`` where plain rounding would cross it (so the
    figure stays on the side of the line that decided)."""
    out = round(score, 1)
    if score < line <= out:
        return math.floor(score * 10) / 10
    if out < line <= score:
        return math.ceil(score * 10) / 10
    return out


def bid_value(info: InformationState, action: Action, legal: list[Action]) -> int:
    """The bid ``action`` (a bid, hold or pass among ``legal``) commits to, in game points; for a
    pass, the lowest one the seat could have said (the bid it was asked to hold, else the
    lowest legal bid)."""
    if action.kind == ActionKind.BID:
        return action.value
    if action.kind == ActionKind.HOLD:
        return info.bid
    if any(a.kind == ActionKind.HOLD for a in legal):
        return info.bid
    return min((a.value for a in legal if a.kind == ActionKind.BID), default=info.bid)


def _best_and_other(totals: dict[Any, float], chosen: Any) -> tuple[float, float | None]:
    others = [v for k, v in totals.items() if k != chosen]
    return totals[chosen], (max(others) if others else None)


def advise(
    player: StrongPlayer,
    info: InformationState,
    rng: random.Random,
    *,
    notes: dict[str, Any] | None = None,
) -> Advice:
    """What ``player`` would do with ``info`` (drawing from ``rng``) and why.

    Args:
        player: a strong player; a new one per hint keeps the hint reproducible (nothing of an
            earlier decision, a solver's table or a cache, changes a node count).
        info: the seat's information state; the seat must be to act.
        rng: the decision's random source (``skat.players.decision_rng(deal number, action
            index)``, as the computer players draw).
        notes: a dict to fill with every figure the player's decision was made on
            (:meth:`~skat.players.strong.StrongPlayer.choose`'s ``notes``: e.g. ``wins`` of
            every legal card, ``totals`` of every Ramsch card or push), beyond those the reason
            keeps; the review of a deal (:mod:`skat.analysis.review`) reads them.

    Raises:
        IllegalActionError: the seat has no legal action.
    """
    if notes is None:
        notes = {}
    action = player.choose(info, rng, notes=notes)
    legal = info.legal_actions()
    lost_extra = player.settings.lost_extra
    if len(legal) == 1:
        return Advice(action, "only")
    phase = info.phase
    if phase == Phase.BIDDING and "limit" in notes:
        game = notes["limit_game"]
        reason: dict[str, Any] = {
            "decided": "contest" if "contest_worth" in notes else "limit",
            "limit": notes["limit"],
            "limit_game": None if game is None else str(game),
            "value": bid_value(info, action, legal),
            "contested": notes["contested"],
            "check": notes.get("contest_check"),
        }
        reason.update(_estimate(notes.get("contest_estimate"), lost_extra))
        if reason["expected"] is not None:
            reason["expected"] = _rounded_beside(notes["contest_worth"], notes["contest_check"])
        return Advice(action, "bid", reason)
    if phase in (Phase.SKAT, Phase.DECLARE) and player.settings.contracts:
        best = player.estimate(info)
        kind = "skat" if phase == Phase.SKAT else "declare"
        return Advice(action, kind, _estimate(best, lost_extra))
    if phase == Phase.DISCARD and player.settings.contracts:
        choice = _best_choice(player._discards(info), info.bid, lost_extra)
        reason = _estimate(None if choice is None else choice.estimate, lost_extra)
        if choice is None or action.value != choice.discard:
            return Advice(action, "rule")
        reason["cards"] = format_cards(cards_of_mask(choice.discard))
        return Advice(action, "discard", reason)
    if phase == Phase.KONTRA and "chance" in notes:
        say = next(str(a) for a in legal if a.kind != ActionKind.DECLINE)
        reason = {"chance": round(notes["chance"], 3), "line": notes["line"], "say": say}
        return Advice(action, "kontra", reason)
    if "totals" in notes:
        rounds = max(1, notes["rollouts"])
        chosen: Any
        if phase == Phase.SCHIEBEN:
            kind = "schieben"
            if action.kind == ActionKind.DISCARD:
                chosen = action.value
            else:
                chosen = "take" if action.kind == ActionKind.PICKUP else "pass"
        else:
            kind, chosen = "ramsch", action.value
        mine, other = _best_and_other(notes["totals"], chosen)
        reason = {
            "rollouts": rounds,
            "average": round(mine / rounds, 1),
            "other": None if other is None else round(other / rounds, 1),
        }
        return Advice(action, kind, reason)
    if "wins" in notes and notes["worlds"] and action.kind == ActionKind.CARD:
        n = notes["worlds"]
        side = {c: (w if notes["declarer"] else n - w) / n for c, w in notes["wins"].items()}
        share, other = _best_and_other(side, action.value)
        reason = {
            "worlds": n,
            "share": round(share, 3),
            "best_other": None if other is None else round(other, 3),
            "next_level": bool(notes.get("next_level")),
            "slip": "slip" in notes,
            "card": format_card(action.value),
        }
        return Advice(action, "card", reason)
    return Advice(action, "rule")
