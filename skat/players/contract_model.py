"""The learned contract evaluator: a hand's open-hand win chance per contract (issue 28, point 4).

A logistic regression per contract family — suit game, Grand, Null — and Hand or pick-up (six
models), on features of the ten dealt cards and the seat, fitted by ``bench/fit_contracts.py``
on the solver's labels (:mod:`skat.players.labels`) and shipped as a small JSON of weights
(``contract_model.json`` beside this module). Running it needs nothing but the standard
library: a dot product and a logistic function per contract. The four suits share one model,
their features being read relative to the trump suit (:func:`skat.players.evaluation.
suit_features`): a suit game's open-hand chance does not care which suit is trump, and four times
the rows fit it better. Null Ouvert shares the Null model (the open-hand Null is the ouvert one).

The chance predicted is that of the open-hand label: the declarer wins against defenders who see
every card, the pick-up with the best discard of the skat he finds. It is not the chance in real
play: :func:`model_chance` maps it to the opponents at hand (:mod:`skat.players.calibration`),
and by that :func:`model_limit` gives a hand's bid limit and :func:`model_worth` its best
contract worth a bid, the strong player's settings ``model_limit`` and ``model_contest``
(:mod:`skat.players.strong_settings`; docs/learning.md).

>>> from skat.cards import mask_of, parse_cards
>>> model = load_model()
>>> hand = mask_of(parse_cards("CJ SJ HJ DJ CA CT SA ST HA HT"))
>>> model.win_chance(hand, 0, GameType.GRAND, hand=True) > 0.95
True
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources

from skat.cards import JACKS
from skat.contract import Contract
from skat.errors import SkatError
from skat.options import Options
from skat.players import evaluation as ev
from skat.players.calibration import CALIBRATIONS, Calibration
from skat.rules import GameType

__all__ = [
    "FAMILIES",
    "ContractModel",
    "family",
    "features",
    "load_model",
    "model_chance",
    "model_from_json",
    "model_limit",
    "model_worth",
]

FAMILIES = ("suit", "grand", "null")
"""The contract families with a model each (Hand and pick-up apart)."""

MODEL_FILE = "contract_model.json"
"""The shipped model, beside this module."""


def family(game: GameType) -> str:
    """The family of ``game``: ``suit``, ``grand`` or ``null``.

    Raises:
        SkatError: Ramsch or Sächsische Spitze (no model).
    """
    if game.is_suit:
        return "suit"
    if game == GameType.GRAND:
        return "grand"
    if game == GameType.NULL:
        return "null"
    raise SkatError(f"game {game.letter} has no learned model")


def _seat_features(seat: int) -> dict[str, float]:
    return {"forehand": float(seat == 0), "middlehand": float(seat == 1)}


def _null_features(cards: int) -> dict[str, float]:
    fixes = ev.null_fixes(cards)
    voids = sum(1 for s in range(4) if not cards >> (8 * s) & 0xFF)
    sevens = sum(1 for s in range(4) if cards >> (8 * s) & 1)
    # ace 6, jack 7 in rank index; high in Null order: ace, king (4), queen (3)
    high = sum(1 for s in range(4) for r in (6, 4) if cards >> (8 * s + r) & 1)
    return {
        "bias": 1.0,
        "fixes": float(min(fixes, 6)),
        "safe": float(fixes == 0),
        "one_fix": float(fixes == 1),
        "voids": float(voids),
        "sevens": float(sevens),
        "high": float(high),
    }


def features(cards: int, seat: int, game: GameType) -> dict[str, float]:
    """The features of the ten ``cards`` (mask) of ``seat`` (0..2) for a ``game`` (suit, Grand
    or Null), by name: those of :func:`skat.players.evaluation.suit_features` or
    :func:`~skat.players.evaluation.grand_features` (jacks, aces, tens, voids, losers …) and
    the trump count, or for Null the cards to fix (:func:`~skat.players.evaluation.null_fixes`),
    voids, sevens and high cards; and the seat (forehand, middlehand).

    Raises:
        SkatError: a game without a model (:func:`family`).
    """
    kind = family(game)
    out: dict[str, float]
    if kind == "suit":
        out = {k: float(v) for k, v in ev.suit_features(cards, int(game)).items()}
        trump_cards = cards & ((0xFF << (8 * int(game))) | JACKS)
        out["trumps"] = float(trump_cards.bit_count())
    elif kind == "grand":
        out = {k: float(v) for k, v in ev.grand_features(cards).items()}
        out["jacks"] = float((cards & JACKS).bit_count())
    else:
        out = _null_features(cards)
    out.update(_seat_features(seat))
    return out


@dataclass(frozen=True, slots=True)
class _Logistic:
    names: tuple[str, ...]
    weights: tuple[float, ...]

    def chance(self, values: dict[str, float]) -> float:
        z = sum(w * values.get(n, 0.0) for n, w in zip(self.names, self.weights, strict=True))
        z = max(-30.0, min(30.0, z))
        return 1.0 / (1.0 + math.exp(-z))


@dataclass(frozen=True, slots=True)
class ContractModel:
    """The fitted models, by (family, Hand).

    Attributes:
        models: the logistic regression of each (family, hand) pair.
        source: what it was fitted on (the data's command, rows, settings), for the record.
    """

    models: dict[tuple[str, bool], _Logistic]
    source: dict[str, object]

    def win_chance(self, cards: int, seat: int, game: GameType, *, hand: bool) -> float:
        """The predicted open-hand win chance (0..1) of ``game`` (suit, Grand, Null; Null Ouvert
        as Null) declared Hand or with the pick-up by ``seat`` holding the ten ``cards``.

        Raises:
            SkatError: a game without a model.
        """
        return self.models[(family(game), hand)].chance(features(cards, seat, game))

    def win_chances(self, cards: int, seat: int) -> dict[tuple[GameType, bool], float]:
        """:meth:`win_chance` of every suit, Grand and Null, Hand and pick-up, by
        ``(game, hand)``."""
        out: dict[tuple[GameType, bool], float] = {}
        for game in (*(GameType(s) for s in range(4)), GameType.GRAND, GameType.NULL):
            values = features(cards, seat, game)
            for hand in (True, False):
                out[(game, hand)] = self.models[(family(game), hand)].chance(values)
        return out


def model_from_json(text: str) -> ContractModel:
    """A model from its JSON text (``{"models": {"suit/hand": {"features": [...], "weights":
    [...]}, ...}, "source": {...}}``).

    Raises:
        SkatError: the text is not such a model (which part is named).
    """
    try:
        data = json.loads(text)
        models = {}
        for kind in FAMILIES:
            for hand in (True, False):
                key = f"{kind}/{'hand' if hand else 'pickup'}"
                entry = data["models"][key]
                names = tuple(str(n) for n in entry["features"])
                weights = tuple(float(w) for w in entry["weights"])
                if len(names) != len(weights):
                    raise SkatError(f"model {key}: {len(names)} features, {len(weights)} weights")
                models[(kind, hand)] = _Logistic(names, weights)
        return ContractModel(models, dict(data.get("source", {})))
    except (KeyError, TypeError, ValueError) as exc:
        raise SkatError(f"not a contract model: {exc!r}") from exc


@functools.cache
def load_model() -> ContractModel:
    """The shipped model (:data:`MODEL_FILE`), read once.

    Raises:
        SkatError: the file is missing or not a model.
    """
    try:
        text = resources.files("skat.players").joinpath(MODEL_FILE).read_text(encoding="utf-8")
    except OSError as exc:
        raise SkatError(f"the contract model {MODEL_FILE} is missing: {exc}") from exc
    return model_from_json(text)


def _model_contracts(
    hand: int, seat: int, calibration: Calibration, options: Options
) -> Iterator[tuple[Contract, int, float]]:
    """Every suit game, Grand and Null (plain and ouvert), Hand and with the pick-up, of the ten
    cards ``hand`` of ``seat``: its contract, its value without Schneider and the learned
    evaluator's open-hand chance mapped to the opponents at hand by ``calibration`` (a plain
    Null by its ``null_plain``, a Null Ouvert as it is)."""
    for (game, is_hand), share in load_model().win_chances(hand, seat).items():
        for ouvert in (False, True) if game == GameType.NULL else (False,):
            value = ev.contract_value(game, hand, options, hand=is_hand, ouvert=ouvert)
            chance = _mapped(share, game, calibration, ouvert=ouvert)
            yield Contract.make(game, hand=is_hand, ouvert=ouvert), value, chance


def _mapped(share: float, game: GameType, calibration: Calibration, *, ouvert: bool) -> float:
    """The learned evaluator's open-hand ``share`` of ``game`` as a chance at the table by
    ``calibration`` (:meth:`~skat.players.calibration.Calibration.game_chance`)."""
    share = min(max(share, 1e-6), 1.0 - 1e-6)
    logit = math.log(share / (1.0 - share))
    return calibration.game_chance(logit, null=game == GameType.NULL, ouvert=ouvert)


def model_chance(
    hand: int, seat: int, game: GameType, calibration: Calibration, *, pickup: bool, ouvert: bool
) -> float:
    """The win chance (0..1) that the strong player's learned bid limit and contest check
    (:func:`model_limit`, :func:`model_worth`: its settings ``model_limit``, ``model_contest``)
    give ``game`` (suit, Grand or Null; Null Ouvert with ``ouvert``) declared by ``seat`` holding
    the ten cards ``hand`` (mask), Hand or (with ``pickup``) after the pick-up: the learned
    evaluator's open-hand chance mapped to the opponents at hand by ``calibration``.

    Raises:
        SkatError: a game without a model, or the shipped model is missing or broken.
    """
    share = load_model().win_chance(hand, seat, game, hand=not pickup)
    return _mapped(share, game, calibration, ouvert=ouvert)


def model_limit(
    hand: int,
    seat: int,
    at_least: float = 0.0,
    *,
    lost_extra: float | None,
    options: Options,
    calibration: Calibration = CALIBRATIONS["strong"],
) -> tuple[int, Contract | None]:
    """The bid limit (game points, 0: pass) of the ten cards ``hand`` of ``seat`` by the
    learned contract evaluator (:mod:`skat.players.contract_model`), and its contract.

    Every suit game, Grand and Null (plain and ouvert), Hand and with the pick-up, gets the
    model's open-hand win chance, mapped to the opponents at hand by ``calibration`` (a plain
    Null by its ``null_plain``, a Null Ouvert as it is), and
    its expected score on the table's list at its value without Schneider
    (``ev.expected_score`` with ``lost_extra``, at the table of ``options``); the limit is the
    highest value of a contract whose expected score is at least ``at_least`` game points (of
    equal values, the more likely contract). No bids are weighed: one answer serves the whole
    auction, as the heuristic's limit does. Sächsische Spitze has no model (the caller keeps
    the heuristic's limit at such a table).

    Raises:
        SkatError: the shipped model is missing or broken (:func:`load_model`).
    """
    best: tuple[int, float, Contract] | None = None
    for contract, value, chance in _model_contracts(hand, seat, calibration, options):
        score = ev.expected_score(chance, value, options, lost_extra, hand=contract.hand)
        if score < at_least:
            continue
        if best is None or (value, chance) > best[:2]:
            best = (value, chance, contract)
    return (0, None) if best is None else (best[0], best[2])


def model_worth(
    hand: int,
    seat: int,
    reaching: int,
    *,
    lost_extra: float | None,
    options: Options,
    calibration: Calibration = CALIBRATIONS["strong"],
) -> tuple[float, Contract | None, float]:
    """The best expected score on the table's list (game points; ``ev.expected_score`` with
    ``lost_extra``, at the table of ``options``) by the learned contract evaluator of a
    contract of the ten cards ``hand`` of ``seat`` worth at least ``reaching`` (a bid to
    judge), with that contract and its chance at the table (as in :func:`model_limit`);
    ``(-inf, None, 0.0)`` when none is worth it. No bids are weighed.

    Raises:
        SkatError: the shipped model is missing or broken (:func:`load_model`).
    """
    best: tuple[float, Contract | None, float] = (-math.inf, None, 0.0)
    for contract, value, chance in _model_contracts(hand, seat, calibration, options):
        if value < reaching:
            continue
        score = ev.expected_score(chance, value, options, lost_extra, hand=contract.hand)
        if score > best[0]:
            best = (score, contract, chance)
    return best
