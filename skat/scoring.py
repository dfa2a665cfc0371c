"""Scoring: matadors, game value, won or lost, overbid, Kontra, the score lists and Ramsch.

One pure module: numbers in, frozen dataclasses out. Every result carries its own explanation as a
tuple of :class:`Step` (a code and a number) that the web client renders in any language, e.g.
"with 1, game 2 × 10 = 20; overbid: 20 < 24 → 30; lost → −60".

Units: *card points* (Augen, 0..120) decide who wins; *game points* (the game value and the score)
go on the score sheet. Card masks are 32-bit ints as in :mod:`skat.cards`.

Sources. The rule numbers are those of the Internationale Skatordnung (ISkO) as published by the
DSkV and ISPA (edition of 1998 with its later revisions): 2.4 Spitzen (matadors), 5.1-5.3 the
value scheme, 5.2.2-5.2.7 the winning levels (Gewinnstufen), 5.4 overbidding (Überreizen). The
Seeger-Fabian list is that of the Skatwettspielordnung (SkWO). Conceding during the first trick,
Kontra/Re/Supra, Ramsch, Schieberamsch and Durchmarsch are the pub rules of the project's seeds,
not part of the ISkO; the pre-1999 rule "a lost Hand game counts single" is an option.

>>> from skat.cards import mask_of, parse_cards
>>> from skat.contract import Contract
>>> cards = mask_of(parse_cards("HJ DJ HA HT HK H9 H8 SA ST CA CJ S7"))  # ♣J lay in the skat
>>> result = score_game(Contract.parse("H"), bid=24, matador_cards=cards,
...                     declarer_points=75, declarer_tricks=7, defender_tricks=3,
...                     options=Options())
>>> result.matadors, result.game_value, result.won, result.overbid, result.score
(1, 30, False, True, -60)
>>> [(step.code, step.value) for step in result.explanation[:4]]
[('matadors_with', 1), ('game', 2), ('multiplier', 2), ('base_value', 10)]
>>> [(step.code, step.value) for step in result.explanation[4:]]
[('game_value', 20), ('overbid', 24), ('raised_value', 30), ('lost_double', -60), ('score', -60)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from skat.contract import Contract
from skat.errors import SkatError
from skat.options import KontraRule, Options, ScoreList
from skat.rules import GameType, trump_sequence
from skat.values import list_bonuses, table_values

__all__ = [
    "KONTRA_CODES",
    "OUTCOME_CODES",
    "GameResult",
    "Step",
    "game_value",
    "game_won",
    "list_scores",
    "matadors",
    "null_value",
    "overbid_value",
    "score_game",
    "signed_score",
    "suit_levels",
]

KONTRA_CODES = ("kontra", "re", "supra")
"""The step codes of Kontra levels 1, 2, 3 (factor ×2, ×4, ×8)."""

OUTCOME_CODES = ("won", "lost_double", "lost_hand_single")
"""The step codes of a game's outcome before Kontra and Bock: won (``+value``), lost (counted
double) and, with ``lost_hand_single``, a lost Hand game counted single."""

CLAIM_CODES = ("claim_rest", "claim_null", "claim_defenders")
"""The codes of the step that names a claim ending the game (house rule ``claims``): the
declarer's "the rest is mine", his "Null is safe", a defender's "the declarer cannot win"."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a result's explanation; the web client renders it in any language.

    Attributes:
        code: what the step is: ``matadors_with``, ``matadors_without``, ``game``, ``hand``,
            ``schneider``, ``schneider_announced``, ``schwarz``, ``schwarz_announced``, ``ouvert``
            (each with the running level as value), ``multiplier``, ``base_value``,
            ``game_value``, ``null_value``, ``conceded`` (value: the bid), ``overbid`` (value:
            the bid the value fell short of), ``raised_value``, ``won`` (value: the score),
            ``lost_double`` / ``lost_hand_single`` (value: the signed score), ``kontra``, ``re``,
            ``supra`` (value: the signed score after the factor), ``bock`` (a Bock deal: the
            signed score doubled), ``score``; in Ramsch also ``bock_double`` (a Bock deal: the
            running multiplier doubled),
            ``ramsch_skat`` (value: the skat's card points, seat: who counts them),
            ``ramsch_points``, ``jungfrau``, ``schieben`` (value: the running multiplier),
            ``durchmarsch``; first of all, when a claim ended the game (house rule ``claims``):
            ``claim_rest``, ``claim_null`` or ``claim_defenders`` (value: the tricks it settled,
            seat: the claimant; :meth:`skat.state.State.claim_step`).
        value: the number of this step (game points, a level or a multiplier).
        seat: the seat the step is about (Ramsch: a Jungfrau, a push, who counts the skat; a
            claim: the claimant), else ``None``.
    """

    code: str
    value: int
    seat: int | None = None

    def to_json(self) -> dict[str, object]:
        """The step as a JSON object: ``{"code": ..., "value": ...}`` (and ``"seat"`` if set)."""
        data: dict[str, object] = {"code": self.code, "value": self.value}
        if self.seat is not None:
            data["seat"] = self.seat
        return data


@dataclass(frozen=True, slots=True)
class GameResult:
    """The scored result of a suit, Grand, Null or Spitze game.

    Attributes:
        contract: what was played.
        bid: the final bid (game points).
        won: whether the declarer won (after the overbid check).
        game_value: the game value in game points after the overbid or concede raise, unsigned,
            before the doubling for a loss and before Kontra.
        score: signed game points for the declarer on the simple list: ``+game_value × k`` when
            won, ``−2 × game_value × k`` when lost (``−1 ×`` for a lost Hand game under the option
            ``lost_hand_single``), where ``k = 2 ** kontra``.
        overbid: the value (with the levels reached) was below the bid.
        matadors: ``+n`` "with n", ``−n`` "without n"; 0 for Null.
        declarer_points: the declarer's card points including the skat or his discard (0..120).
        declarer_tricks: tricks the declarer took (1 at least after the defenders' claim).
        defender_tricks: tricks the defenders took.
        levels: the levels counted, in order, from ``game``, ``hand``, ``schneider``,
            ``schneider_announced``, ``schwarz``, ``schwarz_announced``, ``ouvert``.
        kontra: 0 none, 1 Kontra (×2), 2 Re (×4), 3 Supra (×8).
        conceded: the declarer gave the game up during the first trick.
        claim: the code of the claim that ended the game (``claim_rest``, ``claim_null``,
            ``claim_defenders``; house rule ``claims``), ``""`` if none did.
        explanation: the steps from the matadors to the score.
        bock: 2 in a Bock deal (``score`` is doubled), else 1 (:mod:`skat.bock`).
    """

    contract: Contract
    bid: int
    won: bool
    game_value: int
    score: int
    overbid: bool
    matadors: int
    declarer_points: int
    declarer_tricks: int
    defender_tricks: int
    levels: tuple[str, ...]
    kontra: int
    conceded: bool
    claim: str = ""
    explanation: tuple[Step, ...] = field(default=())
    bock: int = 1

    def to_json(self) -> dict[str, object]:
        """The result as a JSON object; the contract in ISS notation (``"CH"``); ``"bock": 2``
        in a Bock deal only."""
        return {
            "contract": str(self.contract),
            "bid": self.bid,
            "won": self.won,
            "game_value": self.game_value,
            "score": self.score,
            "overbid": self.overbid,
            "matadors": self.matadors,
            "declarer_points": self.declarer_points,
            "declarer_tricks": self.declarer_tricks,
            "defender_tricks": self.defender_tricks,
            "levels": list(self.levels),
            "kontra": self.kontra,
            "conceded": self.conceded,
            **({"bock": self.bock} if self.bock != 1 else {}),  # a Bock deal only (skat.bock)
            "claim": self.claim,
            "explanation": [step.to_json() for step in self.explanation],
        }


def matadors(game: GameType, cards: int) -> int:
    """The matadors (Spitzen) of ``cards`` in ``game``: ``+n`` "with n", ``−n`` "without n".

    ``cards`` is the mask of the declarer's 10 dealt cards plus both skat cards, in Hand games too
    (a jack lying in the skat counts). The run goes on from the jacks into the trump suit: at most
    11 in suit games, 4 in Grand; in Sächsische Spitze the run starts at ♦J (the order is
    reversed). Null and Ramsch have none (0).

    Source: ISkO 2.4.1-2.4.3 (Spitzen).

    >>> from skat.cards import mask_of, parse_cards
    >>> matadors(GameType.CLUBS, mask_of(parse_cards("CJ SJ DJ CA")))
    2
    >>> matadors(GameType.GRAND, mask_of(parse_cards("HJ")))
    -2
    """
    sequence = trump_sequence(GameType(game))
    if not sequence:
        return 0
    with_top = bool(cards >> sequence[0] & 1)
    count = 0
    for card in sequence:
        if bool(cards >> card & 1) != with_top:
            break
        count += 1
    return count if with_top else -count


def null_value(contract: Contract, options: Options) -> int:
    """The fixed game value of a Null game at the table of ``options``: under the ISkO 23, Hand
    35, Ouvert 46, Ouvert Hand 59, Revolution 92 (:func:`skat.values.table_values`).

    Source: ISkO 5.1-5.3 (value scheme of the Null games); Revolution: house rule.

    Raises:
        SkatError: ``contract`` is not a Null game.
    """
    if contract.game != GameType.NULL:
        raise SkatError(f"not a Null contract: {str(contract)!r}")
    return table_values(options).null_value(
        hand=contract.hand, ouvert=contract.ouvert, revolution=contract.revolution
    )


def overbid_value(base_value: int, bid: int) -> int:
    """The smallest multiple of ``base_value`` that is at least ``bid`` (game points).

    An overbid game is lost at this value; so is a game conceded during the first trick whose
    value is below the bid. Bid 50: ♦ 54, ♥ 50, ♠ 55, ♣ 60, Grand 72.

    Source: ISkO 5.4 (Überreizen).

    >>> [overbid_value(b, 50) for b in (9, 10, 11, 12, 24)]
    [54, 50, 55, 60, 72]

    Raises:
        SkatError: ``base_value`` is not positive or ``bid`` is negative.
    """
    if base_value <= 0 or bid < 0:
        raise SkatError(f"bad base value or bid: base_value={base_value!r}, bid={bid!r}")
    return -(-bid // base_value) * base_value


def game_won(
    contract: Contract, *, declarer_points: int, declarer_tricks: int, defender_tricks: int
) -> bool:
    """Whether the declarer made his contract by the cards (before the overbid check).

    Suit, Grand and Spitze: 61 card points (5.2.2), 90 if Schneider was announced, every trick if
    Schwarz was announced or the game is ouvert (5.2.5, 5.2.6). Null: no trick at all (5.2.7).

    Source: ISkO 5.2.2-5.2.7.
    """
    if contract.game == GameType.NULL:
        return declarer_tricks == 0
    if contract.schwarz:
        return defender_tricks == 0
    if contract.schneider:
        return declarer_points >= 90
    return declarer_points >= 61


def _check_inputs(
    contract: Contract,
    bid: int,
    matador_cards: int,
    declarer_points: int,
    declarer_tricks: int,
    defender_tricks: int,
    kontra: int,
    options: Options,
) -> None:
    """Raise :class:`SkatError` for inputs no game can produce."""
    if contract.game == GameType.RAMSCH:
        raise SkatError("a Ramsch has no declarer: use score_ramsch")
    if not isinstance(bid, int) or bid < 0:
        raise SkatError(f"bad bid: {bid!r}")
    if not 0 <= matador_cards <= 0xFFFFFFFF:
        raise SkatError(f"bad card mask: {matador_cards!r}")
    if not 0 <= declarer_points <= 120:
        raise SkatError(f"card points must be 0..120: declarer_points={declarer_points!r}")
    if declarer_tricks < 0 or defender_tricks < 0 or declarer_tricks + defender_tricks > 10:
        raise SkatError(
            f"bad trick counts: declarer_tricks={declarer_tricks!r}, "
            f"defender_tricks={defender_tricks!r} (each ≥ 0, together ≤ 10)"
        )
    if not 0 <= kontra <= 3:
        raise SkatError(f"kontra must be 0 (none), 1 (Kontra), 2 (Re) or 3 (Supra): {kontra!r}")
    if kontra and options.kontra == KontraRule.OFF:
        raise SkatError(f"kontra={kontra!r} but the table plays without Kontra")
    if kontra == 3 and not options.supra:
        raise SkatError("kontra=3 (Supra) but the table plays without Supra")


def suit_levels(
    contract: Contract,
    *,
    declarer_points: int,
    declarer_tricks: int,
    defender_tricks: int,
    conceded: bool,
) -> list[str]:
    """The levels counted in a suit, Grand or Spitze game, in order (ISkO 5.2.3-5.2.6).

    Schneider and Schwarz count when reached by either side (a declarer with ≤ 30 card points or
    without a trick is Schneider or Schwarz himself) or when announced; an announced level is
    counted once, not again when also reached (5.2.5: no "Eigenschneider"). A conceded game
    counts only what was announced.
    """
    reached_schneider = reached_schwarz = False
    if not conceded:
        reached_schneider = declarer_points >= 90 or declarer_points <= 30
        reached_schwarz = (defender_tricks == 0 and declarer_tricks > 0) or (
            declarer_tricks == 0 and defender_tricks > 0
        )
    levels = ["game"]
    if contract.hand:
        levels.append("hand")
    if reached_schneider or contract.schneider or reached_schwarz or contract.schwarz:
        levels.append("schneider")
    if contract.schneider:
        levels.append("schneider_announced")
    if reached_schwarz or contract.schwarz:
        levels.append("schwarz")
    if contract.schwarz:
        levels.append("schwarz_announced")
    if contract.ouvert:
        levels.append("ouvert")
    return levels


@cache
def _won_levels(contract: Contract) -> int:
    """How many levels a suit, Grand or Spitze ``contract`` counts when won without Schneider
    made: game, Hand and what it announces (:func:`suit_levels`)."""
    return len(
        suit_levels(
            contract, declarer_points=61, declarer_tricks=5, defender_tricks=5, conceded=False
        )
    )


def game_value(
    contract: Contract, matadors: int, options: Options, levels: Sequence[str] | None = None
) -> int:
    """The game value of ``contract`` (game points) at the table of ``options``: a suit game,
    Grand or Sächsische Spitze is worth its base value × (``|matadors|`` + the levels counted),
    a Null game its fixed value (the values: :func:`skat.values.table_values`).

    The one place of this rule: :func:`score_game` scores with it, the declaration dialog
    (:mod:`skat.declaration`) and the computer players judge contracts by it.

    Args:
        contract: any contract but Ramsch.
        matadors: ``+n`` "with n", ``−n`` "without n" (:func:`matadors`); ignored in Null.
        options: the table's rule options.
        levels: the levels counted (:func:`suit_levels`); None: those of the game won without
            Schneider made (game, Hand and the announcements), looked up in a cache, for the
            players' hot paths.

    Raises:
        SkatError: a Ramsch contract (it has no game value).

    Sources: ISkO 5.1-5.3 (value = base value × levels; Null values), 2.4 (matadors).

    >>> isko = Options()
    >>> game_value(Contract.parse("CH"), -2, isko)
    48
    >>> game_value(Contract.parse("G"), 1, isko, ["game", "hand"])
    72
    >>> game_value(Contract.parse("NO"), 0, isko)
    46
    """
    game = contract.game
    if game == GameType.NULL:
        return null_value(contract, options)
    if game == GameType.RAMSCH:
        raise SkatError("a Ramsch has no game value: use score_ramsch")
    counted = _won_levels(contract) if levels is None else len(levels)
    return table_values(options).base_value(game) * (abs(matadors) + counted)


def signed_score(value: int, *, won: bool, hand: bool, kontra: int, options: Options) -> int:
    """The declarer's signed score (game points, the simple list) of a game of ``value``: won
    ``+value``, lost ``−2 × value`` (a lost Hand game ``−value`` with ``lost_hand_single``), × 2
    per Kontra level, × the Bock factor of the deal (:func:`skat.values.table_values`).

    The one place of this rule: :func:`score_game` scores with it and the computer players weigh
    their contracts by it (:func:`skat.players.evaluation.expected_score`).

    Sources: the lost game counts double (ISkO 5.3 since 1999; ``lost_hand_single``: the older
    rule); Kontra/Re/Supra: the seeds' pub rules; Bock: house rule (XSkat ``calc_result``).

    >>> signed_score(24, won=False, hand=True, kontra=1, options=Options())
    -96
    """
    return (
        _won_or_lost(value, won=won, hand=hand, options=options)[1]
        * (1 << kontra)
        * (table_values(options).bock)
    )


def _won_or_lost(value: int, *, won: bool, hand: bool, options: Options) -> tuple[str, int]:
    """The code of the explanation's step and the signed score before Kontra and Bock."""
    if won:
        return OUTCOME_CODES[0], value
    if hand and options.lost_hand_single:
        return OUTCOME_CODES[2], -value
    return OUTCOME_CODES[1], -2 * value


def score_game(
    contract: Contract,
    *,
    bid: int,
    matador_cards: int,
    declarer_points: int,
    declarer_tricks: int,
    defender_tricks: int,
    kontra: int = 0,
    conceded: bool = False,
    claim: Step | None = None,
    options: Options,
) -> GameResult:
    """Score a suit, Grand, Null or Sächsische Spitze game from its facts.

    Args:
        contract: what was played (not Ramsch).
        bid: the final bid (game points, ≥ 0).
        matador_cards: mask of the declarer's 10 dealt cards plus both skat cards (ignored in
            Null).
        declarer_points: the declarer's card points including the skat or his discard, 0..120.
        declarer_tricks: tricks the declarer took.
        defender_tricks: tricks the defenders took (together at most 10).
        kontra: 0 none, 1 Kontra (×2), 2 Re (×4), 3 Supra (×8).
        conceded: the declarer gave up during the first trick: lost, valued at least the bid
            (the smallest multiple of the base value reaching it, unless the value of his
            matadors and announced levels is higher).
        claim: the step naming the claim that ended the game (house rule ``claims``; the facts
            are then as the claim settled them, :func:`skat.claim.settle`), the explanation's
            first step; None: no claim.
        options: the table's rule options (Kontra, Supra, ``lost_hand_single``) and the deal's
            Bock status (``bock_deal``: a Bock deal doubles the score, after Kontra).

    Returns:
        The :class:`GameResult`; ``score`` is the declarer's signed score on the simple list.

    Raises:
        SkatError: a Ramsch contract, or numbers no game can produce (card points outside
            0..120, more than 10 tricks, a Kontra level the options do not allow).

    Sources: ISkO 2.4 (matadors), 5.1-5.3 (value = base value × levels; Null values), 5.2.2-5.2.7
    (winning and the levels), 5.4 (overbid); the lost game counts double (ISkO since 1999; option
    ``lost_hand_single``: the older rule); Kontra/Re/Supra and conceding: the seeds' pub rules;
    Bock: house rule, XSkat (``calc_result``: ``spwert *= 2`` after Kontra).
    """
    _check_inputs(
        contract,
        bid,
        matador_cards,
        declarer_points,
        declarer_tricks,
        defender_tricks,
        kontra,
        options,
    )
    steps: list[Step] = [] if claim is None else [claim]
    won = not conceded and game_won(
        contract,
        declarer_points=declarer_points,
        declarer_tricks=declarer_tricks,
        defender_tricks=defender_tricks,
    )
    overbid = False
    if contract.game == GameType.NULL:
        spitzen = 0
        levels = (
            ["game"] + (["hand"] if contract.hand else []) + (["ouvert"] if contract.ouvert else [])
        )
        value = game_value(contract, 0, options)
        steps.append(Step("null_value", value))
        steps.append(Step("game_value", value))
        if conceded:
            steps.append(Step("conceded", bid))
    else:
        spitzen = matadors(contract.game, matador_cards)
        levels = suit_levels(
            contract,
            declarer_points=declarer_points,
            declarer_tricks=declarer_tricks,
            defender_tricks=defender_tricks,
            conceded=conceded,
        )
        level = abs(spitzen)
        steps.append(Step("matadors_with" if spitzen > 0 else "matadors_without", level))
        for name in levels:
            level += 1
            steps.append(Step(name, level))
        base = table_values(options).base_value(contract.game)
        value = game_value(contract, spitzen, options, levels)
        steps += [Step("multiplier", level), Step("base_value", base), Step("game_value", value)]
        if conceded:
            # Seed 000: conceded during the first trick, lost at least at the bid, raised like an
            # overbid game (bid 50 → ♦ 54, ♥ 50, ♠ 55, ♣ 60, Grand 72).
            steps.append(Step("conceded", bid))
            if value < bid:
                value = overbid_value(base, bid)
                steps.append(Step("raised_value", value))
        elif value < bid:
            # ISkO 5.4: overbid, lost at the smallest multiple of the base value reaching the bid.
            overbid = True
            won = False
            value = overbid_value(base, bid)
            steps += [Step("overbid", bid), Step("raised_value", value)]
    code, score = _won_or_lost(value, won=won, hand=contract.hand, options=options)
    steps.append(Step(code, score))
    for level_index in range(kontra):
        steps.append(Step(KONTRA_CODES[level_index], score << (level_index + 1)))
    score = signed_score(value, won=won, hand=contract.hand, kontra=kontra, options=options)
    bock = table_values(options).bock
    if bock > 1:
        steps.append(Step("bock", score))
    steps.append(Step("score", score))
    return GameResult(
        contract=contract,
        bid=bid,
        won=won,
        game_value=value,
        score=score,
        overbid=overbid,
        matadors=spitzen,
        declarer_points=declarer_points,
        declarer_tricks=declarer_tricks,
        defender_tricks=defender_tricks,
        levels=tuple(levels),
        kontra=kontra,
        conceded=conceded,
        claim="" if claim is None else claim.code,
        explanation=tuple(steps),
        bock=bock,
    )


def list_scores(result: GameResult, declarer: int, score_list: ScoreList) -> tuple[int, int, int]:
    """The game points each seat writes on the score sheet for one game.

    Simple list: the declarer gets ``result.score``, the defenders 0. Seeger-Fabian: a won game
    gives the declarer ``score + 50``; a lost one ``score − 50`` and each defender +40 (a
    three-player table).

    Source: Skatwettspielordnung (SkWO), Seeger-Fabian system.

    Raises:
        SkatError: ``declarer`` is not a seat 0..2.
    """
    if declarer not in (0, 1, 2):
        raise SkatError(f"not a seat: declarer={declarer!r}")
    scores = [0, 0, 0]
    scores[declarer] = result.score
    won_bonus, lost_malus, defender_bonus = list_bonuses(score_list)
    if result.won:
        scores[declarer] += won_bonus
    else:
        scores[declarer] -= lost_malus
        for seat in range(3):
            if seat != declarer:
                scores[seat] += defender_bonus
    return scores[0], scores[1], scores[2]
