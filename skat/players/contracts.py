"""Contract evaluation by sampling and solving: the strong player's Hand, discard and game.

Before the skat the seat knows its ten cards and the bids. It deals the 22 unseen cards many
times at random (two to the skat, ten to each opponent), keeping a deal with the chance the
opponents' bids give it (:func:`skat.players.bids.bid_likelihood`), and for each candidate
contract — the suits, Grand and Null the heuristic does not call hopeless, with the skat picked
up (and the heuristic's best discard of the twelve cards) or as a Hand game — asks the open-hand
solver whether the declarer wins it in that deal. After the pick-up the seat knows twelve
cards: it compares the best discards of every plausible game in the same way. A contract's win
chance is its share of won deals, with the heuristic's chance counted as :data:`PRIOR_WORLDS`
more deals, mapped to a win chance against the opponents at hand
(:mod:`skat.players.calibration`); its expected Seeger-Fabian score decides (won: value + 50;
lost: −2·value − 50, and with the strong player's ``lost_extra`` the defenders' +40 each
counted against it; :func:`skat.players.evaluation.expected_score`).

Open-hand solving is the standard yardstick of Skat programs for the card play after the skat
(Kupferschmid & Helmert 2006; Buro, Long, Furtak & Sturtevant 2009 used it to judge discards and
games). Which contracts are worth solving at all is first judged by the heuristic's hand
evaluation (:mod:`skat.players.evaluation`), so hopeless games cost nothing.

The deals are drawn from a seed made of what the seat knows (its cards, its seat and the bids),
so the same question always gets the same answer, whatever the player did before and whatever
the hidden cards are.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from skat.action import Action
from skat.cards import ALL_CARDS, cards_ascending
from skat.contract import declarable_games
from skat.errors import SkatError
from skat.options import Options
from skat.players import evaluation as ev
from skat.players.bids import bid_likelihood, bid_limits
from skat.players.calibration import CALIBRATIONS, Calibration, share_logit
from skat.players.contract_model import load_model
from skat.rules import GameType
from skat.solver import SCHWARZ, Position, Solver
from skat.values import table_values

__all__ = [
    "DiscardChoice",
    "Estimate",
    "deal_rest",
    "declarer_position",
    "discard_candidates",
    "evaluate_before_skat",
    "evaluate_discards",
    "evaluate_hand_levels",
]


PRIOR_WORLDS = 3.0
"""How many solved deals the heuristic's win chance counts as (a Beta prior): with few deals
solved, the heuristic's judgement steadies the estimate."""

HARD_LIMIT = 2.0
"""A contract evaluation stops, even within a deal and before its fewest deals, once it has
used this many times its node budget: the decision time stays bounded (the deals then solved
for some contracts only are fewer for them, and the heuristic's prior weighs more)."""

MOST_CANDIDATES = 4
"""At most this many contracts are solved before the skat (the heuristic's best): fewer
contracts get more deals each, and the best of many noisy estimates is too often a lucky one."""

PRUNE_PICKUP = -2.0
"""Heuristic margin below which a pick-up game is not solved (about a 33% heuristic win)."""

PRUNE_HAND = -0.8
"""Heuristic margin below which a Hand game is not solved."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """One candidate contract judged over sampled deals.

    Attributes:
        game: the game type.
        hand: a Hand game (no pick-up).
        ouvert: Null Ouvert.
        value: the game value when won, in game points (no Schneider).
        wins: deals the declarer wins open-handed.
        worlds: deals solved.
        schneider: deals the declarer wins with at least 90 card points (Hand suit games and
            Grands only; 0 when not solved).
        schwarz: deals the declarer wins every trick in (counted only by
            :func:`evaluate_hand_levels`).
        prior: the heuristic's win chance of the contract
            (:func:`skat.players.evaluation.win_chance`), counted as :data:`PRIOR_WORLDS` deals
            besides the solved ones.
        options: the table's rule options (and the deal's Bock status), by which the expected
            scores count the game as the scorer does (:func:`skat.players.evaluation.list_outcomes`:
            in a Bock deal the game's score doubled and the list's bonuses as they are, XSkat);
            ``value`` stays the game value that the bid is held against.
        calibration: the map from the open-hand share of a suit game or Grand to its chance
            against the opponents at hand (:mod:`skat.players.calibration`).
    """

    game: GameType
    hand: bool
    ouvert: bool
    value: int
    wins: int
    worlds: int
    schneider: int = 0
    prior: float = 0.5
    schwarz: int = 0
    calibration: Calibration = CALIBRATIONS["strong"]
    options: Options = field(kw_only=True)

    @property
    def chance(self) -> float:
        """The estimated win chance (0..1)."""
        logit = share_logit(self.wins + PRIOR_WORLDS * self.prior, self.worlds + PRIOR_WORLDS)
        null = self.game == GameType.NULL
        return self.calibration.game_chance(logit, null=null, ouvert=self.ouvert)

    @property
    def expected(self) -> float:
        """The expected score on the table's list against the table (game points)."""
        return ev.expected_score(self.chance, self.value, self.options, hand=self.hand)

    def score(self, lost_extra: float | None = None) -> float:
        """The expected score on the table's list (game points) when a lost game costs
        ``lost_extra`` beyond the declarer's own entry (None: the defenders' entries, against
        the table; see :func:`skat.players.evaluation.expected_score`)."""
        return ev.expected_score(self.chance, self.value, self.options, lost_extra, hand=self.hand)


# -- before the skat ------------------------------------------------------------------------------


def _candidates_before_skat(
    hand: int,
    seat: int,
    options: Options,
    reaching: int = 0,
    model_prior: bool = False,
    only: frozenset[tuple[GameType, bool]] | None = None,
) -> list[tuple[GameType, bool, bool, float]]:
    """The (game, hand, ouvert, prior win chance) contracts worth solving: above the
    heuristic's pruning margins and worth at least ``reaching`` (a Null with its ouvert value,
    as the ouvert Null is judged by its plain twin's deals), the :data:`MOST_CANDIDATES` of its
    best expected scores; a Null Ouvert follows its plain Null. With the option ``spitze``
    Sächsische Spitze is among them. The prior is the heuristic's win chance, or with
    ``model_prior`` the learned evaluator's open-hand chance
    (:mod:`skat.players.contract_model`; Sächsische Spitze,
    which has no model, keeps the heuristic's). With ``only``, just the (game, Hand) contracts
    named there, neither pruned nor cut (:func:`evaluate_before_skat`'s ``only``)."""
    pickup = ev.choices(hand, seat=seat, hand_game=False, options=options, pre_skat=True)
    hand_games = ev.choices(hand, seat=seat, hand_game=True, options=options)
    # one choice of each game; a safe Null Hand comes as its ouvert form, which stands for the
    # plain Null and its ouvert twin alike (both are solved below)
    if only is None:
        kept = [(c, False) for c in pickup if c.margin >= PRUNE_PICKUP]
        kept += [(c, True) for c in hand_games if c.margin >= PRUNE_HAND]
    else:
        kept = [(c, False) for c in pickup if (c.game, False) in only]
        kept += [(c, True) for c in hand_games if (c.game, True) in only]
    kept = [
        (c, is_hand)
        for c, is_hand in kept
        if ev.contract_value(c.game, hand, options, hand=is_hand, ouvert=c.game == GameType.NULL)
        >= reaching
    ]
    kept.sort(key=lambda ch: -ch[0].expected)
    out: list[tuple[GameType, bool, bool, float]] = []
    for c, is_hand in kept if only is not None else kept[:MOST_CANDIDATES]:
        if model_prior and c.game != GameType.SPITZE:
            prior = load_model().win_chance(hand, seat, c.game, hand=is_hand)
        else:
            prior = ev.win_chance(c.margin)
        out.append((c.game, is_hand, False, prior))
        if c.game == GameType.NULL:
            out.append((c.game, is_hand, True, prior))
    return out


def _seed(*parts: int) -> int:
    z = 0x9E3779B97F4A7C15
    for p in parts:
        z = (z ^ (p & 0xFFFFFFFFFFFFFFFF)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
        z ^= z >> 31
    return z


def piles(cards: list[int], sizes: tuple[int, ...]) -> list[int]:
    """``cards`` (card numbers, in their order) cut into piles of ``sizes`` (masks)."""
    out = []
    at = 0
    for size in sizes:
        mask = 0
        for c in cards[at : at + size]:
            mask |= 1 << c
        out.append(mask)
        at += size
    return out


def deal_rest(
    rng: random.Random,
    unseen: list[int],
    sizes: tuple[int, ...],
) -> list[int]:
    """The ``unseen`` cards (card numbers) shuffled by ``rng`` and dealt into piles of ``sizes``
    (masks)."""
    cards = unseen[:]
    rng.shuffle(cards)
    return piles(cards, sizes)


def _draw_opponents(
    rng: random.Random,
    unseen: list[int],
    sizes: tuple[int, ...],
    seats: tuple[int, int],
    limits: dict[int, tuple[int, int]],
    options: Options,
    tries: int = 12,
) -> list[int]:
    """Piles as :func:`deal_rest` (the last two are the opponents at ``seats``), kept with the
    chance their bids give them (rejection sampling; after ``tries`` the likeliest deal)."""
    best: tuple[float, list[int]] = (-1.0, [])
    for _ in range(tries):
        dealt = deal_rest(rng, unseen, sizes)
        weight = 1.0
        for pile, seat in zip(dealt[-2:], seats, strict=True):
            if seat in limits:
                weight *= bid_likelihood(pile, seat, limits[seat], options)
        if weight >= 1.0 or rng.random() < weight:
            return dealt
        if weight > best[0]:
            best = (weight, dealt)
    return best[1]


def _bid_codes(bids: tuple[tuple[int, Action], ...]) -> list[int]:
    """The bids as numbers, for a seed."""
    return [s * 1000 + a.value + 100 * a.kind for s, a in bids]


def _sampled_deals(
    rng: random.Random,
    known: int,
    seat: int,
    bids: tuple[tuple[int, Action], ...],
    sizes: tuple[int, ...],
    solver: Solver,
    options: Options,
    *,
    worlds: int,
    min_worlds: int,
    node_budget: int,
) -> Iterator[list[int]]:
    """Deals of the cards ``seat`` has not seen (all but ``known``, a mask) into piles of
    ``sizes``, the last two the opponents' (:func:`_draw_opponents`), as long as the solver's
    work since the first deal leaves room (:func:`_budget_spent`), at most ``worlds``."""
    unseen = cards_ascending(ALL_CARDS & ~known)
    limits = bid_limits(bids)
    opponents = ((seat + 1) % 3, (seat + 2) % 3)
    start = solver.nodes
    for i in range(worlds):
        if _budget_spent(solver.nodes - start, node_budget, worlds_done=i, min_worlds=min_worlds):
            return
        yield _draw_opponents(rng, unseen, sizes, opponents, limits, options)


def declarer_position(
    declarer: int, declarer_cards: int, others: tuple[int, int], game: GameType, skat: int
) -> Position:
    """The open-hand position of the first trick (forehand to lead) of ``game`` declared by the
    seat ``declarer`` (0..2) with ``declarer_cards`` (mask), the seats after it holding
    ``others`` (masks, in seat order) and ``skat`` (mask: the discard, or the skat of a Hand
    game) counting for the declarer."""
    hands = [0, 0, 0]
    hands[declarer] = declarer_cards
    hands[(declarer + 1) % 3] = others[0]
    hands[(declarer + 2) % 3] = others[1]
    return Position(
        hands=(hands[0], hands[1], hands[2]), game=game, declarer=declarer, to_move=0, skat=skat
    )


def _budget_spent(used: int, node_budget: int, *, worlds_done: int, min_worlds: int) -> bool:
    """Whether an evaluation that has used ``used`` solver nodes on ``worlds_done`` deals
    starts no further deal: past the budget once the fewest deals are solved, past
    :data:`HARD_LIMIT` times the budget always."""
    if used > HARD_LIMIT * node_budget:
        return True
    return worlds_done >= min_worlds and used > node_budget


def evaluate_before_skat(
    hand: int,
    seat: int,
    bids: tuple[tuple[int, Action], ...],
    solver: Solver,
    *,
    options: Options,
    worlds: int = 24,
    min_worlds: int = 4,
    node_budget: int = 2_000_000,
    schneider: bool = False,
    reaching: int = 0,
    model_prior: bool = False,
    only: frozenset[tuple[GameType, bool]] | None = None,
) -> list[Estimate]:
    """Every contract worth considering for the ten dealt cards ``hand`` of ``seat``.

    Args:
        hand: the seat's ten cards (mask).
        seat: 0 forehand, 1 middlehand, 2 rearhand.
        bids: the bidding so far, ``(seat, action)`` pairs (what the opponents said).
        solver: the open-hand solver to use.
        options: the table's rule options (and the deal's Bock status): the values, and with
            ``spitze`` Sächsische Spitze among the candidates.
        worlds: the most deals drawn.
        min_worlds: the fewest deals drawn, whatever the node budget.
        node_budget: solver nodes after which no further deal is started (a count of work, so
            the answer does not depend on the machine or its load).
        schneider: also count the deals a Hand suit game or Grand wins Schneider (90 card
            points), to know whether announcements are worth a closer look
            (:func:`evaluate_hand_levels`).
        reaching: only the contracts worth at least this many game points (a bid to judge),
            chosen before the cut to the heuristic's best few: the solver's work goes to them.
        model_prior: each contract's prior (:attr:`Estimate.prior`, counted as
            :data:`PRIOR_WORLDS` deals) is the learned evaluator's open-hand chance, the
            quantity the solved deals measure, instead of the heuristic's win chance (fitted to
            games the heuristic played out).
        only: just these (game, Hand) contracts (a Null with its ouvert twin), however the
            heuristic judges them: a contract another player chose, judged in the same sampled
            deals as the candidates (the deals are drawn from what the seat knows alone, so
            with the same ``worlds``, ``min_worlds`` and ``hand``, ``seat``, ``bids``, the
            first deals are the same ones the candidates were solved in).

    Returns:
        the estimates of the candidate contracts (empty when the heuristic sees nothing worth
        solving, the hand is then passed).
    """
    candidates = _candidates_before_skat(hand, seat, options, reaching, model_prior, only)
    if not candidates:
        return []
    rng = random.Random(_seed(hand, seat, *_bid_codes(bids)))
    wins = [0] * len(candidates)
    solved = [0] * len(candidates)
    schneiders = [0] * len(candidates)
    start = solver.nodes
    discards: dict[tuple[int, GameType], int] = {}
    for skat, first, second in _sampled_deals(
        rng, hand, seat, bids, (2, 10, 10), solver, options,
        worlds=worlds, min_worlds=min_worlds, node_budget=node_budget,
    ):  # fmt: skip
        for j, (game, is_hand, ouvert, _) in enumerate(candidates):
            if ouvert:  # the open-hand Null is the ouvert one: its plain twin's answer
                continue
            if solver.nodes - start > HARD_LIMIT * node_budget:
                break
            solved[j] += 1
            if is_hand:
                pos = declarer_position(seat, hand, (first, second), game, skat)
            else:
                twelve = hand | skat
                key = (twelve, game)
                pair = discards.get(key)
                if pair is None:
                    pair = ev.best_discard(twelve, game, seat=seat)[0]
                    discards[key] = pair
                pos = declarer_position(seat, twelve & ~pair, (first, second), game, pair)
            won = solver.solve_threshold(pos, 61)
            wins[j] += won
            if won and schneider and is_hand and game != GameType.NULL:
                schneiders[j] += solver.solve_threshold(pos, 90)
    out = []
    for j, (game, is_hand, ouvert, prior) in enumerate(candidates):
        twin = j - 1 if ouvert else j  # an ouvert Null follows its plain twin
        value = ev.contract_value(game, hand, options, hand=is_hand, ouvert=ouvert)
        out.append(
            Estimate(
                game, is_hand, ouvert, value, wins[twin], solved[twin], schneiders[j], prior,
                options=options,
            )
        )  # fmt: skip
    return out


def evaluate_hand_levels(
    hand: int,
    seat: int,
    bids: tuple[tuple[int, Action], ...],
    game: GameType,
    solver: Solver,
    *,
    prior: float,
    options: Options,
    worlds: int = 24,
    min_worlds: int = 4,
    node_budget: int = 1_000_000,
) -> Estimate:
    """The Hand suit game or Grand ``game`` with the ten cards ``hand`` of ``seat``, judged in
    fresh sampled deals for the announcements: in how many the declarer wins, wins Schneider
    (90 card points) and wins Schwarz (every trick). Schwarz is asked first; a deal won Schwarz
    is won Schneider too, so a sure hand costs one search a deal.

    Args: as :func:`evaluate_before_skat`; ``prior`` is the heuristic's win chance of the game.

    Raises:
        SkatError: ``game`` is Null or Ramsch (no Schneider or Schwarz).
    """
    if game in (GameType.NULL, GameType.RAMSCH):
        raise SkatError(f"game {game.letter} has no Schneider or Schwarz to announce")
    rng = random.Random(_seed(hand, seat, int(game), 7, *_bid_codes(bids)))
    wins = schneider = schwarz = n = 0
    for skat, first, second in _sampled_deals(
        rng, hand, seat, bids, (2, 10, 10), solver, options,
        worlds=worlds, min_worlds=min_worlds, node_budget=node_budget,
    ):  # fmt: skip
        pos = declarer_position(seat, hand, (first, second), game, skat)
        n += 1
        if solver.solve_threshold(pos, SCHWARZ):
            wins += 1
            schneider += 1
            schwarz += 1
        elif solver.solve_threshold(pos, 90):
            wins += 1
            schneider += 1
        else:
            wins += solver.solve_threshold(pos, 61)
    value = ev.contract_value(game, hand, options, hand=True)
    return Estimate(game, True, False, value, wins, n, schneider, prior, schwarz, options=options)


# -- after the pick-up ---------------------------------------------------------------------------


def discard_candidates(cards: int, game: GameType, *, seat: int, count: int) -> list[int]:
    """The ``count`` best two-card discards of ``cards`` (12) for ``game`` by the heuristic's
    judgement (:func:`skat.players.evaluation.discard_scores`), best first (masks)."""
    ranked = ev.discard_scores(cards, game, seat=seat)
    return [pair for pair, _ in ranked[:count]]


@dataclass(frozen=True, slots=True)
class DiscardChoice:
    """A discard with the contract to declare after it.

    Attributes:
        discard: the two cards put away (mask).
        estimate: the contract's estimate (``hand`` is False).
    """

    discard: int
    estimate: Estimate
    finalist: bool = True


SCREEN_WORLDS = 2
"""After this many deals solved for every candidate discard and game, only the
:data:`SCREEN_KEEP` best go on being solved (successive halving): the node budget then buys
the contenders more deals, where solving all ten or so candidates alike left most decisions
with two to five deals and the heuristic's prior deciding (docs/experiments/
2026-12-discard-screening.md)."""

SCREEN_KEEP = 3
"""How many candidate discards and games stay after the screening (:data:`SCREEN_WORLDS`)."""


def evaluate_discards(
    cards: int,
    seat: int,
    bid: int,
    bids: tuple[tuple[int, Action], ...],
    solver: Solver,
    *,
    worlds: int = 20,
    min_worlds: int = 4,
    node_budget: int = 2_000_000,
    per_game: int = 2,
    options: Options,
    pairs: tuple[tuple[GameType, int], ...] | None = None,
    screen: bool = False,
    calibration: Calibration = CALIBRATIONS["strong"],
    lost_extra: float | None = 0.0,
) -> list[DiscardChoice]:
    """The candidate discards and games for the twelve ``cards`` after a pick-up, judged.

    Games whose heuristic margin after their best discard is hopeless are skipped unless no other
    game reaches ``bid``; each remaining game brings its ``per_game`` best discards by the
    heuristic. Every pair is solved in the same sampled deals of the twenty unseen cards. With
    the option ``spitze`` Sächsische Spitze is one of the games; ``options`` value them.
    ``pairs``: just these (game, discard mask) pairs instead of the candidates: a discard or
    game another player chose, judged in the same sampled deals as the candidates (drawn from
    ``cards``, ``seat`` and ``bid`` alone: with the same ``worlds`` and ``min_worlds`` the first
    deals are the same), each game with its prior as for the candidates.

    With ``screen``, the pairs are solved in each deal in the order of their expected score so
    far (``calibration`` and ``lost_extra`` as the player counts it): a deal cut short by
    :data:`HARD_LIMIT` has solved the contenders. After :data:`SCREEN_WORLDS` deals only the
    :data:`SCREEN_KEEP` best (of those worth ``bid``, if any) go on being solved, and a deal cut
    short after the first is not counted, so the pairs still solved are solved in the same deals;
    they are the finalists (:attr:`DiscardChoice.finalist`). Without it every pair is solved in
    every deal in a fixed order, and a deal cut short counts for the pairs it reached
    (``strong-v2``).

    Returns:
        the choices, unordered (empty only when ``cards`` is not twelve cards).
    """
    if cards.bit_count() != 12:
        return []
    todo: list[tuple[GameType, int]] = []
    reach: list[tuple[GameType, int]] = []
    priors: dict[GameType, float] = {}
    null_ouvert = table_values(options).null_value(hand=False, ouvert=True)
    for game in declarable_games(options.spitze):
        ranked = ev.discard_scores(cards, game, seat=seat)
        kept = cards & ~ranked[0][0]
        choice = next(
            c
            for c in ev.choices(
                kept, seat=seat, hand_game=False, options=options, matador_hand=cards
            )
            if c.game == game and not c.ouvert
        )
        priors[game] = ev.win_chance(choice.margin)
        value = ev.contract_value(game, cards, options, hand=False)
        if value >= bid or (game == GameType.NULL and bid <= null_ouvert):
            reach.append((game, ranked[0][0]))
        if choice.margin >= PRUNE_PICKUP:
            todo.extend((game, pair) for pair, _ in ranked[:per_game])
    if not any(ev.contract_value(g, cards, options, hand=False) >= bid for g, _ in todo) and reach:
        todo.extend(p for p in reach if p not in todo)
    if not todo:
        todo = reach[:1] or [
            (GameType.GRAND, ev.discard_scores(cards, GameType.GRAND, seat=seat)[0][0])
        ]
    if pairs is not None:
        todo = list(pairs)
    rng = random.Random(_seed(cards, seat, bid, 7))
    wins = [0] * len(todo)
    solved = [0] * len(todo)
    values = [ev.contract_value(game, cards, options, hand=False) for game, _ in todo]
    null_ouvert_first = null_ouvert >= bid

    def score(j: int) -> float:
        game = todo[j][0]
        e = Estimate(game, False, False, values[j], wins[j], solved[j], 0, priors[game],
                     calibration=calibration, options=options)  # fmt: skip
        best = e.score(lost_extra)
        if game == GameType.NULL and null_ouvert_first:
            ouvert = dataclasses.replace(e, ouvert=True, value=null_ouvert)
            best = max(best, ouvert.score(lost_extra))
        return best

    def reaches(j: int) -> bool:
        game = todo[j][0]
        return values[j] >= bid or (game == GameType.NULL and null_ouvert_first)

    active = list(range(len(todo)))
    start = solver.nodes
    for world, (first, second) in enumerate(_sampled_deals(
        rng, cards, seat, bids, (10, 10), solver, options,
        worlds=worlds, min_worlds=min_worlds, node_budget=node_budget,
    )):  # fmt: skip
        done: list[tuple[int, bool]] = []
        # screened, the contenders first: a world cut short by the hard limit has solved them
        for j in sorted(active, key=lambda j: (-score(j), j)) if screen else active:
            if solver.nodes - start > HARD_LIMIT * node_budget:
                break
            game, pair = todo[j]
            pos = declarer_position(seat, cards & ~pair, (first, second), game, pair)
            done.append((j, solver.solve_threshold(pos, 61)))
        if screen and len(done) < len(active) and world:
            break  # an unfinished deal would leave the contenders unequally solved: not counted
        for j, made in done:
            wins[j] += made
            solved[j] += 1
        if len(done) < len(active):
            break
        if screen and world + 1 == SCREEN_WORLDS and len(active) > SCREEN_KEEP:
            pool = [j for j in active if reaches(j)] or active
            active = sorted(pool, key=lambda j: (-score(j), j))[:SCREEN_KEEP]
    most = max(solved, default=0) if screen else 0
    out = []
    for j, (game, pair) in enumerate(todo):
        value = ev.contract_value(game, cards, options, hand=False)
        prior = priors[game]
        won, n = wins[j], solved[j]
        final = n >= most
        plain = Estimate(game, False, False, value, won, n, 0, prior, options=options)
        out.append(DiscardChoice(pair, plain, final))
        if game == GameType.NULL:
            ouvert = Estimate(game, False, True, null_ouvert, won, n, 0, prior, options=options)
            out.append(DiscardChoice(pair, ouvert, final))
    return out


def best_reaching(estimates: list[Estimate], bid: int, lost_extra: float | None) -> Estimate | None:
    """The estimate with the best expected score (:meth:`Estimate.score` with ``lost_extra``)
    among those worth at least ``bid``."""
    reach = [e for e in estimates if e.value >= bid]
    if not reach:
        return None
    return max(reach, key=lambda e: (e.score(lost_extra), e.value))
