"""From open-hand win shares to win chances against the opponents at hand (issue 28 point 3).

The strong player judges a contract by the share of sampled deals that the declarer wins with
every card open (:mod:`skat.players.contracts`). Open-hand defenders never err; real ones do, and
how much depends on who they are. A :class:`Calibration` maps the open-hand share of a suit game
or Grand to the declarer's chance at a table of one kind of opponents: on the logit scale,
``offset + slope × logit(share)``, fitted by logistic regression on the games the strong player
declared at such a table, with their real outcomes (``bench/calibrate_contracts.py``; the
figures and commands are in docs/benchmarks.md, "Calibration").

A plain Null's open-hand share errs for another reason (the defenders see the declarer's cards,
which only a Null Ouvert shows them): each map carries its own logit for it
(:attr:`Calibration.null_plain`), by default the fixed :data:`NULL_PLAIN_BONUS`, since too few
Nulls are declared at any table to fit one on declared games; the played-out data (issue 48
point 2) fits one (``bench/calibrate_contracts.py --played``), which the strong player takes
only when told (:attr:`skat.players.strong_settings.StrongSettings.null_plain`).

The player is told its opponents by :attr:`skat.players.strong.StrongSettings.opponents`; the
server's computers play beside another strong computer and a person, so their default is the
strong table's: ``strong-played``, fitted on every plausible contract played out against strong
defenders (issue 48 point 2: no selection by the estimate), the default since 2026-12-07.
``strong`` is that table's map before it (the value set before there were maps, which the
self-play fit on declared games kept); the maps of the heuristic's and XSkat's tables are fitted
on declared games.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = [
    "CALIBRATIONS",
    "LEVELS",
    "NULL_PLAIN_BONUS",
    "Calibration",
    "calibrated",
    "share_logit",
]


NULL_PLAIN_BONUS = 0.8
"""Logit added to the open-hand win share of a Null that is not played ouvert, at every table
whose map has no fitted one: the open-hand solver lets the defenders see the declarer's cards,
which only a Null Ouvert allows (set, not fitted)."""


@dataclass(frozen=True, slots=True)
class Calibration:
    """The map from an open-hand win share to a win chance: ``logit(chance) = offset + slope ×
    logit(share)`` for a suit game or Grand, ``null_plain + logit(share)`` for a plain Null and
    the share itself for a Null Ouvert (:meth:`game_chance`).

    Attributes:
        offset: logit added (0: none).
        slope: factor of the share's logit (1: none).
        source: where the values come from (a fit's command and data, or why they were set).
        null_plain: logit added to a plain Null's share.
    """

    offset: float
    slope: float = 1.0
    source: str = ""
    null_plain: float = NULL_PLAIN_BONUS

    def chance(self, logit: float) -> float:
        """The win chance (0..1) of an open-hand share given as its logit."""
        return 1.0 / (1.0 + math.exp(-(self.offset + self.slope * logit)))

    def game_chance(self, logit: float, *, null: bool, ouvert: bool) -> float:
        """The win chance (0..1) of an open-hand share given as its logit, of a suit game or
        Grand (``null`` false) by :meth:`chance`, of a plain Null by ``null_plain``, of a Null
        Ouvert as it is (its defenders see what the solver sees)."""
        if not null:
            return self.chance(logit)
        return 1.0 / (1.0 + math.exp(-(logit if ouvert else self.null_plain + logit)))


CALIBRATIONS: dict[str, Calibration] = {
    "strong": Calibration(
        0.3,
        source="set before the maps were fitted, and kept by the self-play fit: in strong "
        "self-play (300 deals of seed 42, the run calibration-strong-seed42.jsonl; bench/"
        "calibrate_contracts.py --deals 300 --seed 42 --opponent strong) the 287 suit games and "
        "Grands declared as judged were won 81.9% where this map said 81.4%; two-fold log loss "
        "0.3677, against 0.3703 for a fitted offset (+0.348) and 0.3829 for offset and slope",
    ),
    "strong-played": Calibration(
        0.438,
        0.756,
        source="fitted on every plausible contract played out against two strong defenders, "
        "whether or not a player would have declared it (the declare-everything data of seed "
        "48, its first 62 deals: 543 suit games and Grands, won 57.5% where the strong map "
        "said 53.4%; bench/calibrate_contracts.py --played declare-48-strong.jsonl): two-fold "
        "log loss 0.5841, against 0.5882 for the strong map and 0.5883 for an offset alone "
        "(+0.527); the strong table's map since 2026-12-07 (issue 48 point 2): change-only "
        "at XSkat's table on the development deals 300-599, +0.04 (-0.90 .. +0.98) SF points "
        "a game, the declarer share 39.8% -> 41.9% (X15)",
    ),
    "heuristic": Calibration(
        1.762,
        source="fitted on the 283 suit games and Grands the strong player (with the strong map) "
        "declared, nothing announced, against two heuristic players in 300 deals of seed 41 "
        "(the run calibration-heuristic-seed41.jsonl; bench/calibrate_contracts.py --deals "
        "300 --seed 41 --opponent heuristic): 91.5% won where the strong map said 79.0%; log "
        "loss 0.2955 with that map, 0.2150 with this one (two-fold)",
    ),
    "xskat": Calibration(
        1.707,
        0.784,
        source="fitted on the 276 suit games and Grands the strong player declared, nothing "
        "announced, at XSkat's table in the development deals 0-299 of seed 1 (the run "
        "xskat-strong-dev-seed1.jsonl; bench/calibrate_contracts.py --xskat ... --deals 300): "
        "92.0% won where the strong map said 81.1%; log loss 0.2974 with that map, 0.2302 with "
        "this one (two-fold)",
    ),
}
"""The calibration for each kind of opponents, by the name
:attr:`skat.players.strong.StrongSettings.opponents` takes."""

LEVELS = CALIBRATIONS["strong"]
"""The map of the Schneider and Schwarz shares of a Hand game's announcements, at every table:
the maps above are fitted on whether a game was won, and too few Hand games reach the levels at
any table to fit theirs."""


def share_logit(wins: float, worlds: float) -> float:
    """The logit of ``wins`` of ``worlds`` open-hand deals, with a half deal added to each side
    (so that 0 and all of them stay finite)."""
    share = (wins + 0.5) / (worlds + 1.0)
    return math.log(share / (1.0 - share))


def calibrated(wins: float, worlds: float, calibration: Calibration) -> float:
    """The win chance (0..1) of a suit game or Grand won in ``wins`` of ``worlds`` open-hand
    deals, against the opponents of ``calibration``.

    >>> round(calibrated(12, 16, Calibration(0.0)), 3)
    0.735
    """
    return calibration.chance(share_logit(wins, worlds))
