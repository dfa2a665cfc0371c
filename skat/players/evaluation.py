"""Hand evaluation for bidding, the skat and the game choice, over card masks.

The heuristic player's judgement of a hand, kept apart from the card play so the strong player can
reuse it for its first bidding. Everything takes raw 32-bit card masks (see :mod:`skat.cards`) and
is pure and fast (a few microseconds per call).

A game's strength is its margin: the logit of its estimated win chance (with the skat picked up)
minus the logit of 75%, from features of the ten dealt cards (jacks, trump ace and ten, side
aces, tens beside their ace or guarded, voids, losing side cards, position) with weights fitted
on self-played games (:data:`SUIT_WEIGHTS`, :data:`GRAND_WEIGHTS`). Null hands are judged by how
many cards would have to go for every suit to be "safe" (the i-th lowest card of a suit at most
at place 2i in Null order, so both opponents leading under it still cannot force it). The bid
limit of a hand (:func:`bid_limit`) and the Schieberamsch judgements of a hand (whether it takes
the skat, :func:`takes_skat`, and what it pushes on, :func:`push_pair`) are read off the same
figures.

>>> from skat.cards import mask_of, parse_cards
>>> hand = mask_of(parse_cards("CJ HJ CA CT C9 C8 SA HK H8 D7"))
>>> round(win_chance(suit_strength(hand, 3)), 2)
0.94
>>> best = best_game(hand, seat=0, hand_game=False, options=Options())
>>> best.game.name, best.value
('CLUBS', 24)
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, replace

from skat.cards import JACKS, card_pairs, cards_ascending, points, suit_mask
from skat.contract import Contract
from skat.errors import IllegalActionError
from skat.options import Options
from skat.rules import GameType
from skat.scoring import game_value, matadors, signed_score
from skat.values import table_values

__all__ = [
    "PICKUP_SUIT",
    "TAKE_SKAT_DANGER",
    "GameChoice",
    "best_discard",
    "best_game",
    "bid_limit",
    "choices",
    "contract_value",
    "declared_chance",
    "declared_expected",
    "discard_scores",
    "expected_score",
    "grand_strength",
    "limit_game",
    "list_outcomes",
    "null_fixes",
    "push_danger",
    "push_pair",
    "ramsch_danger",
    "spitze_as_grand",
    "spitze_strength",
    "suit_strength",
    "takes_skat",
    "win_chance",
]

ACE, TEN, KING, QUEEN, JACK = 6, 5, 4, 3, 7

PICKUP_SUIT = 0.0
"""Suit margin at which a game with the skat picked up is played (0: a 75% win)."""
HAND_BONUS = 0.9
"""What a Hand game loses in logit against a pick-up game (the skat's two cards)."""
PICKUP_GRAND = 0.0
"""Grand margin at which a Grand with the skat picked up is played (0: a 75% win)."""

_NULL_PLACE = (0, 1, 2, 5, 6, 3, 7, 4)
"""Null order place by rank (7 8 9 T J Q K A = 0..7; ranks are 7 8 9 Q K T A J)."""


def _has(mask: int, suit: int, rank: int) -> bool:
    return bool(mask >> (suit * 8 + rank) & 1)


SUIT_WEIGHTS: dict[str, float] = {
    "bias": 1.99,
    "clubs_jack": 1.08,
    "spades_jack": 0.90,
    "hearts_jack": 0.62,
    "diamonds_jack": 0.44,
    "trump_ace": 0.51,
    "trump_ten": 0.35,
    "side_ace": 0.15,
    "ten_beside_ace": -0.77,
    "guarded_ten": -0.53,
    "bare_ten": 0.34,
    "void": 0.44,
    "loser": -1.04,
    "short": 0.16,
    "forehand": 0.24,
}
"""Logit weights of a suit game won with the skat picked up, per feature of the ten dealt cards.

Fitted by logistic regression (``bench/fit_weights.py``, on an earlier state of the heuristic's
card play: see there) on 15,909 deals where one seat was made
declarer of a random suit game it held at least four trumps for, picked up, discarded by
:func:`best_discard` and played it out with the heuristic on all seats (36% won); the fitted
chances are calibrated within ±0.05 per tenth. A trump counts through ``loser``: a trump in place
of a losing side card is +1.04. ``loser`` is a side card that is no ace, no ten beside its ace and
no guarded ten; ``short`` a side singleton without its ace.
"""

GRAND_WEIGHTS: dict[str, float] = {
    "bias": -0.29,
    "clubs_jack": 1.22,
    "spades_jack": 0.84,
    "hearts_jack": 0.81,
    "diamonds_jack": 0.62,
    "side_ace": 0.83,
    "ten_beside_ace": -0.03,
    "guarded_ten": 0.18,
    "bare_ten": 0.43,
    "long": -0.70,
    "loser": -0.70,
    "void": 0.32,
    "forehand": 0.24,
}
"""Logit weights of a Grand won with the skat picked up (fitted like :data:`SUIT_WEIGHTS` on
6,479 Grands of hands with a jack, 19% won).

``long`` counts the cards beyond three of a suit headed by ace and ten (no losers); the fit gave
it -1.27, clipped here to the loser's weight, as a running suit is never worse than losers.
"""

_LOGIT_75 = math.log(3.0)
"""The logit of a 75% win: strength 0 margin."""

AUCTION_BONUS = 1.0
"""Logit added for a declarer who won the auction: his defenders passed, so their cards are
weaker than the random defenders of the fit (measured in self-play: a fitted 75% wins 90%)."""


def _side_features(pattern: int, grand: bool) -> dict[str, int]:
    """The feature counts of one plain side suit, by its 7-bit pattern (ranks 7 .. A).

    ``void``, ``side_ace``, ``ten_beside_ace`` (in Grand with ``long``: the cards beyond three of
    a suit headed by ace and ten, none of them a loser), ``guarded_ten``, ``bare_ten``, ``short``
    (suit games: a single card that is not the ace) and ``loser`` (the cards not counted good).
    """
    f: dict[str, int] = {}
    n = pattern.bit_count()
    if n == 0:
        return {"void": 1}
    a = bool(pattern >> ACE & 1)
    t = bool(pattern >> TEN & 1)
    good = 0
    if a:
        f["side_ace"] = 1
        good += 1
    if a and t:
        f["ten_beside_ace"] = 1
        good += 1
        if grand and n >= 4:
            f["long"] = n - 3
            good = n
    elif t and n >= 2:
        f["guarded_ten"] = 1
        good += 1
    elif t:
        f["bare_ten"] = 1
    if not grand and n == 1 and not a:
        f["short"] = 1
    f["loser"] = n - good
    return f


def _jack_and_side_features(
    weights: dict[str, float], hand: int, trump: int | None
) -> dict[str, int]:
    """The features of ``hand`` over ``weights``' keys: bias, the four jacks, the side suits."""
    f = dict.fromkeys(weights, 0)
    f["bias"] = 1
    for suit, key in enumerate(_JACK_KEYS):
        f[key] = _has(hand, suit, JACK)
    for suit in range(4):
        if suit != trump:
            for key, count in _side_features(hand >> (8 * suit) & 0x7F, trump is None).items():
                f[key] += count
    return f


def suit_features(hand: int, trump: int) -> dict[str, int]:
    """The features of ``hand`` (10 cards) for a suit game in ``trump`` (:data:`SUIT_WEIGHTS`)."""
    f = _jack_and_side_features(SUIT_WEIGHTS, hand, trump)
    f["trump_ace"] = _has(hand, trump, ACE)
    f["trump_ten"] = _has(hand, trump, TEN)
    return f


def grand_features(hand: int) -> dict[str, int]:
    """The features of ``hand`` (10 cards) for a Grand (see :data:`GRAND_WEIGHTS`)."""
    return _jack_and_side_features(GRAND_WEIGHTS, hand, None)


def _side_table(weights: dict[str, float], grand: bool) -> tuple[float, ...]:
    """The weight sum of one plain suit's holding, by its 7-bit pattern (ranks 7 .. A)."""
    return tuple(
        sum(weights[key] * count for key, count in _side_features(pattern, grand).items())
        for pattern in range(128)
    )


_SUIT_SIDE = _side_table(SUIT_WEIGHTS, grand=False)
_GRAND_SIDE = _side_table(GRAND_WEIGHTS, grand=True)
_JACK_KEYS = ("diamonds_jack", "hearts_jack", "spades_jack", "clubs_jack")


def suit_strength(hand: int, trump: int, *, forehand: bool = False) -> float:
    """The margin of ``hand`` (a 10-card mask) for a suit game in ``trump`` (0..3).

    The logit of the win chance with the skat picked up (:data:`SUIT_WEIGHTS`, the same sum as
    over :func:`suit_features`) plus :data:`AUCTION_BONUS` minus the logit of 75%, so 0 is a 75%
    game for a declarer who won the auction.
    """
    w = SUIT_WEIGHTS
    s = w["bias"] + AUCTION_BONUS - _LOGIT_75
    for suit in range(4):
        if hand >> (8 * suit + JACK) & 1:
            s += w[_JACK_KEYS[suit]]
        if suit == trump:
            s += w["trump_ace"] * (hand >> (8 * suit + ACE) & 1)
            s += w["trump_ten"] * (hand >> (8 * suit + TEN) & 1)
        else:
            s += _SUIT_SIDE[hand >> (8 * suit) & 0x7F]
    if forehand:
        s += w["forehand"]
    return s


def grand_strength(hand: int, *, forehand: bool = False) -> float:
    """The margin of ``hand`` (a 10-card mask) for a Grand (:data:`GRAND_WEIGHTS`, 0 = 75%)."""
    w = GRAND_WEIGHTS
    s = w["bias"] + AUCTION_BONUS - _LOGIT_75
    for suit in range(4):
        if hand >> (8 * suit + JACK) & 1:
            s += w[_JACK_KEYS[suit]]
        s += _GRAND_SIDE[hand >> (8 * suit) & 0x7F]
    if forehand:
        s += w["forehand"]
    return s


_SPITZE_AS_GRAND = (6, 5, 4, 2, 1, 3, 0)
"""Sächsische Spitze's plain ranks as the Grand ranks at the same place in the order: 7 8 9 T Q
K A (the Spitze order, strongest first) become A T K Q 9 8 7 (by rank index 7 8 9 Q K T A)."""


def _spitze_suit(pattern: int) -> int:
    return sum(1 << _SPITZE_AS_GRAND[r] for r in range(7) if pattern >> r & 1)


_SPITZE_SUIT = tuple(_spitze_suit(p) for p in range(128))


def spitze_as_grand(hand: int) -> int:
    """The cards of ``hand`` (mask) in Sächsische Spitze mapped to the Grand cards of the same
    place in the card order: ♦J ♥J ♠J ♣J to ♣J ♠J ♥J ♦J, each suit's 7 8 9 T Q K A to its A T K
    Q 9 8 7 (:func:`skat.rules.card_order`). Who takes which trick is then the same; the card
    points are not.

    >>> from skat.cards import cards_ascending, format_cards, mask_of, parse_cards
    >>> format_cards(cards_ascending(spitze_as_grand(mask_of(parse_cards("DJ C7 C8 HA")))))
    'H7 CT CA CJ'
    """
    out = 0
    for suit in range(4):
        out |= _SPITZE_SUIT[hand >> (8 * suit) & 0x7F] << (8 * suit)
        if hand >> (8 * suit + JACK) & 1:
            out |= 1 << (8 * (3 - suit) + JACK)
    return out


SPITZE_PENALTY = 0.5
"""Logit taken from the Grand margin of a Sächsische Spitze hand mapped to the Grand
(:func:`spitze_as_grand`): the declarer's own aces and tens are his weakest cards there, so the
tricks he loses carry more card points than in the Grand the margin was fitted on."""


def spitze_strength(hand: int, *, forehand: bool = False) -> float:
    """The margin of ``hand`` (a 10-card mask) for a Sächsische Spitze (0 = 75%): the Grand
    margin of the same places in the card order (:func:`spitze_as_grand`) less
    :data:`SPITZE_PENALTY` (an estimate by analogy: no Spitze games were fitted)."""
    return grand_strength(spitze_as_grand(hand), forehand=forehand) - SPITZE_PENALTY


def _null_suit_fixes(pattern: int) -> int:
    """How many cards of one suit's 8-bit holding must go for it to be safe in Null."""
    places = sorted(_NULL_PLACE[r] for r in range(8) if pattern >> r & 1)
    fixes = 0
    while places and any(p > 2 * i for i, p in enumerate(places)):
        places.pop()
        fixes += 1
    return fixes


_NULL_FIXES = tuple(_null_suit_fixes(p) for p in range(256))


def null_fixes(hand: int) -> int:
    """How many cards must leave ``hand`` so that every suit is safe in Null (0 = safe hand).

    A suit is safe when its i-th lowest card (0-based, Null order 7 8 9 T J Q K A) stands at most
    at place 2i: the opponents can lead under it at most twice per card. The highest cards go
    first.
    """
    f = _NULL_FIXES
    return f[hand & 0xFF] + f[hand >> 8 & 0xFF] + f[hand >> 16 & 0xFF] + f[hand >> 24 & 0xFF]


def _null_has_sevens(hand: int) -> bool:
    """True if every suit of ``hand`` is void or holds its seven (the safest Null shape)."""
    return all(not (hand >> (8 * s) & 0xFF) or hand >> (8 * s) & 1 for s in range(4))


def win_chance(margin: float) -> float:
    """The estimated chance to win a game of ``margin`` (logit above a 75% win)."""
    return 1.0 / (1.0 + math.exp(-(margin + _LOGIT_75)))


def list_outcomes(value: int, options: Options, *, hand: bool = False) -> tuple[int, int, int]:
    """What a game of ``value`` (game points, before Kontra) writes on the table's score list:
    ``(the declarer's entry if it is won, his entry if it is lost, each defender's entry if it
    is lost)``, by the scorer's own rules (:func:`skat.scoring.signed_score`, the list's bonuses
    and the Bock factor of :func:`skat.values.table_values`).

    >>> list_outcomes(24, Options())
    (74, -98, 40)
    """
    values = table_values(options)
    won, _ = values.list_score(
        signed_score(value, won=True, hand=hand, kontra=0, options=options), won=True
    )
    lost, defender = values.list_score(
        signed_score(value, won=False, hand=hand, kontra=0, options=options), won=False
    )
    return won, lost, defender


def expected_score(
    chance: float,
    value: int,
    options: Options,
    lost_extra: float | None = None,
    *,
    hand: bool = False,
) -> float:
    """The expected score (game points) on the table's list of declaring a game of ``value``
    won with ``chance`` (0..1): its entries of :func:`list_outcomes`, a lost game costing
    ``lost_extra`` more.

    ``lost_extra`` None judges the score against the table: the defenders' entries of a lost game
    count against the declarer (on the Seeger-Fabian list 2 × 40); 0 judges the seat's own score
    alone.

    >>> expected_score(0.5, 24, Options()), expected_score(0.5, 24, Options(), 0.0)
    (-52.0, -12.0)
    """
    won, lost, defender = list_outcomes(value, options, hand=hand)
    extra = 2 * defender if lost_extra is None else lost_extra
    return chance * won + (1.0 - chance) * (lost - extra)


@functools.cache
def _contract(game: GameType, hand: bool, ouvert: bool) -> Contract:
    return Contract.make(game, hand=hand, ouvert=ouvert)


def contract_value(
    game: GameType, matador_cards: int, options: Options, *, hand: bool, ouvert: bool = False
) -> int:
    """The game value (game points) of ``game`` won without Schneider made, Hand or not (Null:
    ouvert or not), its matadors counted in ``matador_cards`` (a card mask), at the table of
    ``options``: the core's :func:`skat.scoring.game_value` of that contract.
    """
    return game_value(_contract(game, hand, ouvert), matadors(game, matador_cards), options)


@dataclass(frozen=True, slots=True)
class GameChoice:
    """A game the evaluation would play, with its value and margin.

    Attributes:
        game: the game type.
        hand: played without picking up the skat.
        ouvert: Null ouvert.
        value: the game value (game points) without Schneider.
        margin: strength above the 75%-win threshold (negative: below).
        options: the table's rule options, which value and score the game.
    """

    game: GameType
    hand: bool
    ouvert: bool
    value: int
    margin: float
    options: Options

    @property
    def expected(self) -> float:
        """The expected score of this choice on the table's list, against the table."""
        return expected_score(win_chance(self.margin), self.value, self.options, hand=self.hand)


def choices(
    hand: int,
    *,
    seat: int,
    hand_game: bool,
    options: Options,
    matador_hand: int | None = None,
    pre_skat: bool = False,
    play_bonus: float = 0.0,
) -> list[GameChoice]:
    """Every suit game, Grand and Null (and with the option ``spitze`` Sächsische Spitze) for
    ``hand`` (10 cards) with value and margin at the table of ``options``.

    Args:
        hand: the 10 cards that will be played.
        seat: 0 forehand, 1 middlehand, 2 rearhand (forehand leads first).
        hand_game: judged as a Hand game (no skat to come), or as the cards after the discard.
        options: the table's rule options: its values, and with ``spitze`` Sächsische Spitze
            judged by :func:`spitze_strength`.
        matador_hand: the cards the matadors are counted over (hand plus skat after a pick-up);
            default ``hand``.
        pre_skat: a pick-up game judged on the ten dealt cards before the skat is seen (a Null
            may then still lose one unsafe card to the discard).
        play_bonus: logit added to every margin, for a player whose card play wins more often
            than the heuristic's (the weights were fitted on the heuristic's play).
    """
    fore = seat == 0
    mat = hand if matador_hand is None else matador_hand
    out = []
    for trump in range(4):
        game = GameType(trump)
        margin = suit_strength(hand, trump, forehand=fore) - PICKUP_SUIT
        if hand_game:
            margin -= HAND_BONUS
        value = contract_value(game, mat, options, hand=hand_game)
        out.append(GameChoice(game, hand_game, False, value, margin, options))
    margin = grand_strength(hand, forehand=fore) - PICKUP_GRAND
    if hand_game:
        margin -= HAND_BONUS
    value = contract_value(GameType.GRAND, mat, options, hand=hand_game)
    out.append(GameChoice(GameType.GRAND, hand_game, False, value, margin, options))
    if options.spitze:
        margin = spitze_strength(hand, forehand=fore) - PICKUP_GRAND
        if hand_game:
            margin -= HAND_BONUS
        value = contract_value(GameType.SPITZE, mat, options, hand=hand_game)
        out.append(GameChoice(GameType.SPITZE, hand_game, False, value, margin, options))
    null = table_values(options).null_value
    fixes = null_fixes(hand)
    if hand_game:
        if fixes == 0:
            safe = _null_has_sevens(hand)
            value = null(hand=True, ouvert=safe)
            out.append(GameChoice(GameType.NULL, True, safe, value, 1.0, options))
        else:
            value = null(hand=True, ouvert=False)
            out.append(GameChoice(GameType.NULL, True, False, value, -1.5 * fixes, options))
    else:
        if pre_skat:
            fixes = max(0, fixes - 1)
        value = null(hand=False, ouvert=False)
        out.append(GameChoice(GameType.NULL, False, False, value, 1.0 - 1.25 * fixes, options))
        if fixes == 0 and _null_has_sevens(hand) and not pre_skat:
            value = null(hand=False, ouvert=True)
            out.append(GameChoice(GameType.NULL, False, True, value, 0.75, options))
    if play_bonus:
        out = [replace(c, margin=c.margin + play_bonus) for c in out]
    return out


PICKUP_CALIBRATION: dict[bool, tuple[float, float]] = {False: (1.53, -2.80), True: (1.33, -2.21)}
"""Slope and offset (for a suit game: ``False``; Grand, and Sächsische Spitze judged as one:
``True``) that turn the logit of a pick-up game's estimated win chance, judged on the ten cards
kept after the discard, into the share of such games the heuristic wins when it declares them.

The weights were fitted on ten *dealt* cards; after a pick-up the best ten of twelve are judged,
so the features are chosen and the chance is overrated (suit games rated 86% were won 51% of
the time, Grands rated 87% 59%). Fitted by ``bench/calibrate_declared.py`` on the heuristic's
self-play with the uncalibrated choice (12,000 deals of seed 2027;
docs/experiments/2026-11-heuristic-game-choice.md). The two curves cross at an estimate of 95%:
below it a Grand keeps more of its estimate than a suit game, above it less. A ``play_bonus`` is
part of the margin, so it is calibrated with it.
"""


def declared_chance(choice: GameChoice) -> float:
    """The win chance of a pick-up suit game or Grand judged on the cards kept after the
    discard, calibrated by :data:`PICKUP_CALIBRATION`; of a Hand game or Null its estimate
    (:func:`win_chance` of its margin)."""
    if choice.hand or choice.game == GameType.NULL:
        return win_chance(choice.margin)
    slope, offset = PICKUP_CALIBRATION[choice.game in (GameType.GRAND, GameType.SPITZE)]
    logit = slope * (choice.margin + _LOGIT_75) + offset
    return 1.0 / (1.0 + math.exp(-logit))


def declared_expected(choice: GameChoice) -> float:
    """The expected Seeger-Fabian score of ``choice`` with the chance of :func:`declared_chance`
    (for Hand games and Null :attr:`GameChoice.expected`)."""
    return expected_score(declared_chance(choice), choice.value, choice.options, hand=choice.hand)


def best_game(
    hand: int, *, seat: int, hand_game: bool, options: Options, minimum: int = 0
) -> GameChoice:
    """The choice with the best expected score whose value is at least ``minimum``.

    When no game reaches ``minimum`` (an overbid), the one with the highest value.
    """
    games = choices(hand, seat=seat, hand_game=hand_game, options=options)
    reach = [c for c in games if c.value >= minimum]
    if not reach:
        return max(games, key=lambda c: (c.value, c.margin))
    return max(reach, key=lambda c: c.expected)


def discard_scores(cards: int, game: GameType, *, seat: int) -> list[tuple[int, float]]:
    """Every two-card discard of ``cards`` (12) for ``game`` with its score, best first.

    Suit games and Grand: the strength of the ten kept plus 0.03 per card point put away, trumps
    kept (unless fewer than two other cards are left); Null: the fewest unsafe cards kept, high
    cards first.

    Returns:
        (discard mask of two cards, score) pairs, highest score first (ties: the order of the
        cards).
    """
    fore = seat == 0
    bits = cards_ascending(cards)
    if game != GameType.NULL:
        # trumps (jacks, the trump suit) stay in the hand unless there is nothing else to put away
        trumps = JACKS | (suit_mask(game) if game.is_suit else 0)
        plain = [c for c in bits if not trumps >> c & 1]
        if len(plain) >= 2:
            bits = plain
    scored: list[tuple[int, float]] = []
    for i in range(len(bits)):
        for j in range(i + 1, len(bits)):
            pair = (1 << bits[i]) | (1 << bits[j])
            kept = cards & ~pair
            if game == GameType.NULL:
                score = -float(null_fixes(kept)) + 0.01 * (
                    _NULL_PLACE[bits[i] & 7] + _NULL_PLACE[bits[j] & 7]
                )
            elif game == GameType.GRAND:
                score = grand_strength(kept, forehand=fore) + 0.03 * points(pair)
            elif game == GameType.SPITZE:
                score = spitze_strength(kept, forehand=fore) + 0.03 * points(pair)
            else:
                score = suit_strength(kept, int(game), forehand=fore) + 0.03 * points(pair)
            scored.append((pair, score))
    scored.sort(key=lambda ps: -ps[1])  # stable: the first of equal scores stays first
    return scored


def best_discard(cards: int, game: GameType, *, seat: int) -> tuple[int, float]:
    """The two cards of ``cards`` (12) to put away for ``game``, and the strength after it
    (the first of :func:`discard_scores`).

    Returns:
        (discard mask of two cards, strength of the kept hand).
    """
    return discard_scores(cards, game, seat=seat)[0]


def ramsch_danger(hand: int) -> float:
    """How likely ``hand`` is to take many points in Ramsch (higher = worse); 0 for a safe hand.

    Jacks 1.5 each, aces 1, tens 0.6, and each suit without a card below the queen +0.5 per high
    card in it (a suit that cannot duck).
    """
    s = 1.5 * (hand & JACKS).bit_count()
    for suit in range(4):
        cards = hand & suit_mask(suit) & ~JACKS
        if not cards:
            continue
        high = sum(1 for r in (ACE, TEN) if _has(cards, suit, r))
        s += high * 0.8
        low = cards & (0b111 << (8 * suit))
        if not low:
            s += 0.5 * cards.bit_count()
    return s


TAKE_SKAT_DANGER = 4.5
"""Schieberamsch: a hand more dangerous than this (:func:`ramsch_danger`) takes the skat to push
its worst cards away; a safer one passes the skat on unseen, doubling what the loser pays. Against
the earlier rule (take the skat when at most 2.5, pass otherwise) over 2,000 deals: +87.2 SF
points per game at 4.25, +86.7 at 5.0, +79.1 at 3.5, +61.1 at 6.5, +13.0 never taking it."""


def takes_skat(hand: int) -> bool:
    """Schieberamsch: whether the ten cards ``hand`` take the skat rather than pass it on
    unseen (:data:`TAKE_SKAT_DANGER`)."""
    return ramsch_danger(hand) > TAKE_SKAT_DANGER


def push_danger(hand: int, pair: int) -> float:
    """Schieberamsch: how bad pushing the two cards ``pair`` on from the twelve cards ``hand``
    is (lower is better): the danger of the cards kept, less a little for the points pushed."""
    return ramsch_danger(hand & ~pair) - 0.05 * points(pair)


def push_pair(hand: int) -> int:
    """Schieberamsch: the two cards (mask, no jacks) the twelve cards ``hand`` push on: those
    leaving the safest hand, the more card points the better.

    Raises:
        IllegalActionError: fewer than two cards that are not jacks.
    """
    pairs = sorted(card_pairs(hand & ~JACKS))
    if not pairs:
        raise IllegalActionError("a push needs two cards that are not jacks")
    return min(pairs, key=lambda pair: push_danger(hand, pair))


def limit_game(
    hand: int, seat: int, options: Options, play_bonus: float = 0.0
) -> GameChoice | None:
    """The game :func:`bid_limit` is for: of the games ``hand`` would play at the table of
    ``options`` (a pick-up game judged on the ten dealt cards, or a Hand game, whose margin with
    ``play_bonus`` is at least 0; with ``spitze`` Sächsische Spitze among them), the one of the
    highest value, of those the one of the largest margin; None for none."""
    pickup = choices(
        hand, seat=seat, hand_game=False, options=options, pre_skat=True, play_bonus=play_bonus
    )
    hand_games = choices(hand, seat=seat, hand_game=True, options=options, play_bonus=play_bonus)
    playable = [c for c in pickup + hand_games if c.margin >= 0.0]
    return max(playable, key=lambda c: (c.value, c.margin), default=None)


def bid_limit(hand: int, seat: int, options: Options, play_bonus: float = 0.0) -> int:
    """The highest bid (game points) of the games ``hand`` would play at the table of
    ``options`` (with ``spitze`` Sächsische Spitze among them); 0 for none (the value of
    :func:`limit_game`)."""
    game = limit_game(hand, seat, options, play_bonus)
    return 0 if game is None else game.value
