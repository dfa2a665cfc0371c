"""The strong player's tuning: :class:`StrongSettings`, whose fields cite the notes in
docs/experiments/ where they were measured, and the presets registered to measure against:
:data:`STRONG_V1` (``strong-v1``, issue 28) and :data:`STRONG_V2` (``strong-v2``, issue 48), by
name in :data:`PRESETS`. :class:`skat.players.strong.StrongPlayer` takes them; its module doc
says how the settings are used."""

from __future__ import annotations

import dataclasses
import functools
import math
import typing
from dataclasses import dataclass

from skat.players.beliefs import BELIEFS
from skat.players.calibration import CALIBRATIONS, Calibration

__all__ = ["INFERENCE_LEVELS", "PRESETS", "STRONG_V1", "STRONG_V2", "StrongSettings"]

INFERENCE_LEVELS = 4
"""The highest level of ``inference`` and ``defence_inference``
(:func:`skat.players.worlds.draw_likely`)."""


@dataclass(frozen=True, slots=True)
class StrongSettings:
    """Every tuning value of the strong player; the defaults are today's player.

    Counts of worlds and deals are per decision; budgets are solver nodes (a count of work, not
    of seconds, so that the decisions are the same on every machine and under any load,
    docs/design.md decision 4); logits are added to the heuristic's win chances
    (:func:`skat.players.evaluation.win_chance`); expected scores are Seeger-Fabian game points.

    Raises:
        TypeError: a value of the wrong type (a whole number where one is expected, a number
            for a share or a logit, True or False for a switch).
        ValueError: a count or budget below 0, a number that is NaN, an inference level above
            :data:`INFERENCE_LEVELS`, ``opponents`` naming no calibration, or ``beliefs`` not
            one of :data:`skat.players.beliefs.BELIEFS`.
    """

    # -- card play (skat.players.card_play) ------------------------------------------------------

    worlds: int = 64
    """The most worlds per card decision of the declarer, and half of it for Kontra and Re
    (docs/experiments/2026-11-strong-declarer-settings.md)."""

    node_budget: int = 2_000_000
    """Solver nodes after which the declarer's card decision, and the Kontra and Re judgement,
    start no further world (at least ``min_worlds`` are always solved; most decisions need far
    less, as late positions take few nodes and ``worlds`` caps the count)
    (docs/experiments/2026-11-strong-declarer-settings.md)."""

    min_worlds: int = 2
    """The fewest worlds per card decision, and per world count of a Ramsch or Schieberamsch
    rollout decision (set, not measured)."""

    inference: int = 3
    """How much the declarer's sampled worlds (and those for Kontra, Re and the Ramsch play) use
    what was heard and seen: 0 not at all, 1 a hidden declarer's cards fit his contract, 2 also
    every other seat's cards fit its bids, 3 also the cards the others played are the
    heuristic's choices from their cards in the world, 4 also a defender's skat by the declarer's
    discard (Ramsch play weighs no plays; :func:`skat.players.worlds.draw_likely`)
    (docs/experiments/2026-11-strong-inference.md)."""

    defence_worlds: int = 64
    """``worlds`` for a defender's card decisions
    (docs/experiments/2026-11-strong-defence-settings.md)."""

    defence_budget: int = 2_000_000
    """``node_budget`` for a defender's card decisions
    (docs/experiments/2026-11-strong-defence-settings.md)."""

    defence_inference: int = 4
    """``inference`` for a defender's card decisions: 4, a world also weighed by whether its
    skat is a discard the declarer would make, lets the declarer win fewer games
    (docs/experiments/2026-11-strong-defence-settings.md,
    docs/experiments/2026-12-strong-defence-ties-and-discard.md)."""

    defence_sharpness: float = 1.0
    """The power of the hidden declarer's likelihood (his contract's win chance by the
    heuristic) in a defender's worlds: above 1 the worlds lean harder to declarer hands that
    would be declared (as ``kontra_sharpness`` for Kontra). 4 let the strong declarer win
    −3.92% (−9.33% .. +1.49%) of his games on the development deals of the defence, but +0.91%
    (−1.94% .. +3.75%) on 400 other deal numbers (P25), so it stays 1 (off)
    (docs/experiments/2026-12-strong-world-weights.md)."""

    beliefs: str = "flat"
    """How a card another seat played weighs a world at ``inference`` (and
    ``defence_inference``) 3 and above (:func:`skat.players.worlds.draw_likely`): ``flat``, 1
    when the heuristic would have played it from the seat's cards in that world, else
    :data:`~skat.players.worlds.PLAY_MISMATCH` (0.5); ``learned``, the card's probability by
    the learned card policy shipped with the player (:mod:`skat.players.beliefs`, fitted on
    strong self-play: held-out log loss 0.803 nats per decision against the flat rule's 1.090)
    relative to the policy's likeliest legal card there, so that a world in which every card
    was the policy's favourite weighs 1, as one in which every card was the heuristic's does
    with ``flat``. ``learned`` is not yet measured by play
    (docs/experiments/2026-12-learned-beliefs.md)."""

    early_tricks: int = 2
    """A card decision is early while fewer tricks than this are complete (2: the first and the
    second trick) (docs/experiments/2026-11-strong-early-factor.md)."""

    early_factor: int = 3
    """The whole number an early decision's node budget (``node_budget`` or ``defence_budget``)
    is multiplied by; with ``early_tricks`` above 2 the second look for Schneider (from the third
    trick on) gets the multiplied budget as well
    (docs/experiments/2026-11-strong-early-factor.md)."""

    slip_margin: int = 10
    """From the third trick on, when the seat to move loses in every sampled world and the card
    points taken still leave the game open, the cards still tied after the next level
    (Schneider) are ranked by a second count: the worlds in which the declarer reaches his
    target less this many card points (the declarer's own cards: most), or his target plus
    this many (a defender's: fewest), so that the other side has to play exactly (issue 28
    point 6, playing for a slip). 0: off, the tie goes to the heuristic's card. Not in a Null
    game. 10 gained +0.44 (−0.17 .. +1.04) a game at XSkat's table on development deals (X9)
    and +0.29 (−0.41 .. +1.00) on verification deals (X11)
    (docs/experiments/2026-12-strong-slip.md)."""

    concede_min_worlds: int = 8
    """The fewest sampled worlds a concession is judged on (set, not measured)."""

    concede_schneider: float = 0.5
    """The declarer concedes a game lost in every sampled world, during the first trick, when he
    is Schneider in at least this share of them (set, not measured)."""

    # -- bidding, the skat, the discard and the declaration (skat.players.contracts) ------------

    contracts: bool = True
    """Judge the bidding, Hand or pick-up, the discard, the declaration, Kontra and Re, and the
    Schieberamsch pushes by sampling; off, the heuristic's rules decide them."""

    play_bonus: float = 0.0
    """Logit added to the heuristic's win chances when it bids and chooses the game for this
    player, only with ``contracts`` off (docs/experiments/2026-11-strong-bidding-bonus.md)."""

    contract_worlds: int = 24
    """The most sampled deals per contract evaluation (set, not measured alone)."""

    contract_budget: int = 2_000_000
    """Solver nodes after which a contract evaluation starts no further deal (at least four are
    always solved, and it stops at twice the budget); about 0.2 s at 11 million nodes per second
    (docs/experiments/2026-11-strong-bidding-bonus.md)."""

    discard_screen: bool = True
    """After the pick-up, screen the candidate discards and games after a few deals and solve
    only the best few further, each deal's candidates in the order of their score so far, and
    choose only among those solved in the most deals (:func:`skat.players.contracts.
    evaluate_discards`'s ``screen``); off, every candidate is solved alike in a fixed order and
    the last ones often in no deal at all when the first deal's solves take the budget, so that
    the heuristic's prior alone could choose the game (deal 679702394: Grand without 2 over a
    Clubs game with seven trumps). Off in ``strong-v2`` (docs/experiments/
    2026-12-discard-screening.md)."""

    solved_bidding: bool = False
    """Bid up to the highest value of a contract with a positive expected score in the solved
    deals instead of the heuristic's limit; measured weaker
    (docs/experiments/2026-11-strong-bidding-bonus.md)."""

    model_limit: float | None = None
    """Bid up to the highest value of a contract whose expected score by the learned contract
    evaluator's chance is at least this (game points; :func:`skat.players.contract_model.
    model_limit`), instead of the heuristic's limit with ``bid_bonus`` (kept at a table with
    Sächsische Spitze, which has no model); None: the heuristic's limit. No gain measured at
    −100, the line at which it bids as many random hands as the heuristic's limit (docs/
    experiments/2026-12-model-bid-limit.md)."""

    model_prior: bool = False
    """Count the learned contract evaluator's open-hand chance (:mod:`skat.players.
    contract_model`) as each contract's prior in the sampled contract evaluations before the
    skat (:func:`skat.players.contracts.evaluate_before_skat`: the contest check, Hand or
    pick-up, a Hand game's Schneider and Schwarz announcements) instead of the heuristic's win
    chance. No gain measured: −0.50 (−1.95 .. +0.96) against the heuristic over 300 deals
    (docs/experiments/2026-12-model-bid-limit.md)."""

    model_contest: bool = False
    """Judge a contested bid or hold (``contest_check``) by the learned contract evaluator's
    best expected score of a contract worth it (:func:`skat.players.contract_model.model_worth`, no
    bids weighed, a decision well under a millisecond) instead of sampled deals weighted by the
    bids (kept at a table with Sächsische Spitze, which has no model). Only with
    ``contest_check`` set (None: no check); ``model_prior`` then plays no part in the check.
    No gain measured: −0.17 (−1.54 .. +1.21) against the heuristic over 300 deals (G9;
    docs/experiments/2026-12-model-bid-limit.md)."""

    bid_bonus: float = 0.9
    """Logit added to the heuristic's win chances for the bid limit only (the game itself is
    then chosen by the solved deals) (docs/experiments/2026-11-strong-bidding-bonus.md)."""

    contest_penalty: float = 0.0
    """Logit taken off ``bid_bonus`` once an opponent has bid or held (a contested auction)
    (docs/experiments/2026-11-strong-contest-check.md)."""

    contest_check: float | None = 0.0
    """In a contested auction, say a bid or hold only if the best contract worth it has at least
    this expected score in sampled deals weighted by the bids and by the rival passing next (the
    deals in which this seat ends up declaring;
    :meth:`~skat.players.strong.StrongPlayer._contested_worth`); None: no check
    (docs/experiments/2026-11-strong-contest-check.md)."""

    opponents: str = "strong-played"
    """The kind of opponents at the table, whose calibration
    (:data:`skat.players.calibration.CALIBRATIONS`) turns the open-hand share of a suit game or
    Grand into the win chance that the contracts, the announcements and the contest check weigh:
    ``strong-played`` (the server's default: a strong computer beside it; the map fitted on
    every plausible contract played out against strong defenders, issue 48 point 2, the default
    since 2026-12-07: change-only at XSkat's table +0.04 (−0.90 .. +0.98) SF points a game,
    declarer share 39.8% → 41.9%, docs/experiments/2026-12-played-outcomes.md), ``strong`` (the
    same table's map fitted on declared games, the default before), ``heuristic`` (two heuristic
    players), ``xskat`` (XSkat's computers, at its table)."""

    null_plain: float | None = None
    """Logit added to a plain Null's open-hand share in place of the map's own
    (:attr:`skat.players.calibration.Calibration.null_plain`); None: the map's. A candidate
    (issue 48 point 2): played out, plain Nulls won far more often than the map's fixed offset
    says, and ``bench/calibrate_contracts.py --played`` fits one (docs/experiments/
    2026-12-played-outcomes.md); not measured in play."""

    lost_extra: float | None = 0.0
    """What a lost game costs beyond the declarer's own entry on the table's list (on the
    Seeger-Fabian list −2·value − 50) when the contracts, the announcements, Hand or pick-up, the
    discard and the contest check compare expected scores
    (:func:`skat.players.evaluation.expected_score`): 0, the seat's own score (issue 28's
    own-score objective); None, the defenders' entries counted against the declarer as well
    (the score against the table, ``strong-v1``: on the Seeger-Fabian list their +40 each). At
    XSkat's table the own score gained
    +1.79 (+0.14 .. +3.43) a game on 300 development deals (X7); against the heuristic no
    difference was measured (G6: −0.01, −2.56 .. +2.54) (docs/benchmarks.md, "Against XSkat",
    "Bidding")."""

    # -- Kontra, Re and Supra (skat.players.announcements) -----------------------------------------

    kontra_below: float = 0.12
    """A defender says Kontra when the declarer's chance
    (:meth:`~skat.players.strong.StrongPlayer.declarer_chance`) is below this, Supra after a Re
    below half of it. A Kontra pays when the declarer loses more than a third of the games it
    doubles; the estimate is low against the declarer's real chances
    (open-handed defenders, a sampled hand seldom fitting a declared game as well as the real
    one), so the line is drawn where the doubled games were lost most often as played: of the
    played-out games at 0.12 .. 0.2 of two runs the declarer lost a quarter (a third run, K4,
    39%). Verified on other deals: said in 7.1% of the games, the declarer lost 57.1% of them
    (docs/experiments/2026-12-strong-kontra.md)."""

    kontra_draws: int | None = 400
    """Candidate deals drawn for a defender's Kontra (and Supra) judgement, of which
    ``worlds // 2`` are picked by their likelihood (:func:`skat.players.worlds.resample`);
    None: each world drawn by rejection sampling as in the card play
    (docs/experiments/2026-12-strong-kontra.md)."""

    kontra_sharpness: float = 6.0
    """The power of the declarer's likelihood in the Kontra judgement with ``kontra_draws``: a
    hand the heuristic gives little chance in the declared game counts for little, as it would
    hardly have been declared (docs/experiments/2026-12-strong-kontra.md)."""

    every_ouvert_deal: bool = True
    """Against an ouvert declarer a defender judges his chance on every deal of the hidden cards
    (at most 66, within ``node_budget``), so an unlosable ouvert game is never doubled; off, on
    sampled deals as against a hidden declarer (docs/experiments/2026-12-strong-kontra.md)."""

    kontra_plain_null: bool = False
    """Judge Kontra and Supra against a Null that is not ouvert as against other games; off,
    never say them there: the open-hand estimate lets the defenders see the declarer's cards,
    so it finds almost every plain Null lost (in the Kontra runs K2 and K3 all 14 plain Nulls
    doubled were lost in every sampled deal, and the declarer won 11 of them)
    (docs/experiments/2026-12-strong-kontra.md)."""

    re_above: float = 0.8
    """The declarer answers Kontra with Re when his chance in his own sampled deals is above
    this (doubling pays above 2/3; set, not measured)."""

    # -- Ramsch and Schieberamsch (skat.players.ramsch) --------------------------------------------

    rollouts: int = 640
    """Ramsch rollouts per card decision, shared among the legal cards (at least
    ``min_worlds`` worlds each) (docs/experiments/2026-11-strong-ramsch-rollouts.md)."""

    schieben_rollouts: int = 400
    """Rollouts per Schieberamsch decision (taking the skat or not; which cards to push), shared
    among the choices (docs/experiments/2026-11-strong-ramsch-rollouts.md)."""

    push_candidates: int = 6
    """The pairs of cards a push decision tries: the heuristic's best ones (set, not
    measured)."""

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            accepted = _accepted_types()[field.name]
            is_bool = isinstance(value, bool)
            if is_bool != (bool in accepted) or not isinstance(value, accepted):
                names = " or ".join("None" if t is type(None) else t.__name__ for t in accepted)
                raise TypeError(f"StrongSettings.{field.name} must be {names}, not {value!r}")
            if isinstance(value, float) and math.isnan(value):  # inf is a line never crossed
                raise ValueError(f"StrongSettings.{field.name} must be a number, not {value!r}")
            if isinstance(value, int) and not is_bool and float not in accepted and value < 0:
                raise ValueError(
                    f"StrongSettings.{field.name} must be a whole number ≥ 0, not {value!r}"
                )
        if self.lost_extra is not None and not 0.0 <= self.lost_extra < math.inf:
            # a cost: a line's inf would make scores NaN
            raise ValueError(
                "StrongSettings.lost_extra must be a finite number ≥ 0 or None, not "
                f"{self.lost_extra!r}"
            )
        for name in ("inference", "defence_inference"):
            if getattr(self, name) > INFERENCE_LEVELS:
                raise ValueError(
                    f"StrongSettings.{name} must be 0 to {INFERENCE_LEVELS}, not "
                    f"{getattr(self, name)!r}"
                )
        if self.null_plain is not None and not math.isfinite(self.null_plain):
            raise ValueError(
                "StrongSettings.null_plain must be a finite number or None, not "
                f"{self.null_plain!r}"
            )
        if self.beliefs not in BELIEFS:
            raise ValueError(
                f"StrongSettings.beliefs must be one of {', '.join(BELIEFS)}, not {self.beliefs!r}"
            )
        if self.opponents not in CALIBRATIONS:
            raise ValueError(
                f"StrongSettings.opponents must be one of {', '.join(CALIBRATIONS)}, not "
                f"{self.opponents!r}"
            )

    @property
    def calibration(self) -> Calibration:
        """The map of the opponents at hand: ``opponents``' entry of
        :data:`~skat.players.calibration.CALIBRATIONS`, with ``null_plain`` when set."""
        found = CALIBRATIONS[self.opponents]
        if self.null_plain is None:
            return found
        return dataclasses.replace(found, null_plain=self.null_plain)


@functools.cache
def _accepted_types() -> dict[str, tuple[type, ...]]:
    """Per field of :class:`StrongSettings`, the types its value may have (an int for a
    float)."""
    out = {}
    for name, hint in typing.get_type_hints(StrongSettings).items():
        types = typing.get_args(hint) or (hint,)
        out[name] = (*types, int) if float in types else types
    return out


_SETTING_NAMES: frozenset[str] = frozenset(f.name for f in dataclasses.fields(StrongSettings))
"""The fields of :class:`StrongSettings`: the keywords
:class:`~skat.players.strong.StrongPlayer` takes."""

STRONG_V1 = StrongSettings(
    opponents="strong",
    lost_extra=None,
    kontra_below=0.4,
    kontra_draws=None,
    every_ouvert_deal=False,
    defence_inference=3,
    kontra_plain_null=True,
    slip_margin=0,
)
"""The strong player as it was before its Kontra was judged by resampling, registered as
``strong-v1`` to measure against (issue 28): a defender's chance for Kontra and Supra is judged
on worlds drawn by rejection sampling as in the card play, against an ouvert declarer too, and
Kontra is said below 0.4, Supra below 0.2, against a plain Null too
(docs/experiments/2026-12-strong-kontra.md), a defender's worlds are not weighed by the
declarer's discard (``defence_inference`` 3), a lost game counts the defenders' entries
against it (``lost_extra`` None: their +40 each on the Seeger-Fabian list), and a side lost in
every world does not play for a slip (``slip_margin`` 0).
tests/players/test_strong_settings.py pins its decisions on a few positions."""

STRONG_V2 = StrongSettings(discard_screen=False, opponents="strong")
"""The strong player as it was when issue 48 began (commit d076b3b: the contract evaluator
fitted on open-hand labels, mapped by the calibration of the opponents at hand), registered as
``strong-v2`` to measure the played-out contract choice against. Today the defaults: a default
that changes must be written out here with its old value, so that ``strong-v2`` stays that
player; tests/players/test_strong_settings.py pins its decisions on a few positions."""

PRESETS: dict[str, StrongSettings] = {
    "strong": StrongSettings(),
    "strong-v1": STRONG_V1,
    "strong-v2": STRONG_V2,
}
"""The strong player's registered names (:func:`skat.players.get_player`) and their settings."""
