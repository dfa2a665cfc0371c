"""The heuristic player: a rule-based club player, the "easy" level.

It reads only its seat's :class:`~skat.state.InformationState` and decides by rules:

* **Bidding** by hand evaluation (:mod:`skat.players.evaluation`): jacks, aces, tens, long suits,
  voids, position; it bids up to the value of the best game it expects to win (Null and Null
  Ouvert hands included) and holds as long as the bid stays below that value.
* **Skat**: Hand when the hand alone is strong enough, otherwise it picks up, chooses the game on
  the twelve cards and discards the two that help most (voids a suit, keeps tens guarded, puts
  points away), judging each game by its win chance calibrated on the games it declared (a hand
  chosen from twelve cards looks better than it plays). Schneider is announced only with an
  overwhelming hand.
* **Card play** from the cards seen: it counts trumps and points, knows the played cards and the
  voids shown by not following (by effective suit), leads trumps as declarer, pulls them and then
  cashes; defenders smear points into a partner's sure trick, never lead a bare ten into the
  declarer's ace and keep trumps against the declarer's long suit. Null: the declarer ducks,
  defenders lead low to force him. Ramsch: duck, dump high cards, avoid points.
* **Kontra/Re** only with a clearly strong defending or declaring hand; it never concedes (a
  concession is only ever allowed in the first trick, where a rule player cannot know it is lost).

Every decision takes well under 5 ms (``docs/benchmarks.md``, "Decision times";
``docs/experiments/2026-11-heuristic-arena.md``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from skat.action import Action, ActionKind
from skat.cards import ALL_CARDS, JACKS, RANK_POINTS, cards_ascending, mask_of, points
from skat.contract import Contract
from skat.errors import IllegalActionError
from skat.players import evaluation as ev
from skat.rules import (
    TRUMP,
    GameType,
    effective_suit,
    effective_suit_mask,
    follow_mask,
    trick_winner,
    trump_mask,
)
from skat.state import InformationState, Phase

__all__ = [
    "HeuristicPlayer",
    "Table",
    "bid_up_to",
    "choose_card",
    "possible_cards",
    "table_of",
]


@dataclass(slots=True)
class Table:
    """What one seat knows during the card play, derived from its information state.

    Attributes:
        game: the game type being played.
        me: the seat to play.
        declarer: the declarer's seat, None in Ramsch.
        hand: my cards (mask).
        trick: the cards of the current trick, in playing order.
        leader: the seat that led the current trick.
        possible: per seat, the cards (mask) it may still hold: unseen cards minus the effective
            suits it showed void in; the declarer's exact cards in an ouvert game. Mine: my hand.
        unseen: cards (mask) neither in my hand, played, nor known to me otherwise.
        my_points: card points taken so far by my side (Ramsch: by me).
        their_points: card points taken so far by the other side (Ramsch: by the others).
    """

    game: int
    me: int
    declarer: int | None
    hand: int
    trick: list[int]
    leader: int
    possible: list[int]
    unseen: int
    my_points: int
    their_points: int

    def seat_at(self, position: int) -> int:
        """The seat playing at ``position`` (0 leads) in the current trick."""
        return (self.leader + position) % 3

    def partner(self, seat: int) -> int | None:
        """The other defender of ``seat`` if both are defenders, else None."""
        if self.declarer is None or seat == self.declarer:
            return None
        return 3 - self.declarer - seat

    def same_side(self, a: int, b: int) -> bool:
        """True if ``a`` and ``b`` play together (a seat is on its own side)."""
        if a == b:
            return True
        if self.declarer is None:
            return False
        return a != self.declarer and b != self.declarer


def _beats(trick: list[int], card: int, game: int) -> bool:
    """True if ``card`` added to ``trick`` would win it."""
    return not trick or trick_winner([*trick, card], game) == len(trick)


def _sure(t: Table, trick: list[int]) -> bool:
    """True if the current winner of ``trick`` cannot be beaten by the opponents still to play.

    Opponents of the winner who play after it are assumed to hold any of their possible cards;
    a player who may still follow the led suit may also be void (unknown), so any possible card
    counts.
    """
    if not trick:
        return False
    win_pos = trick_winner(trick, t.game)
    winner = t.seat_at(win_pos)
    for pos in range(len(trick), 3):
        seat = t.seat_at(pos)
        if t.same_side(seat, winner):
            continue
        for c in cards_ascending(t.possible[seat]):
            if trick_winner([*trick, c], t.game) == len(trick):
                return False
    return True


def _likely(t: Table, trick: list[int]) -> bool:
    """True if the current winner of ``trick`` will probably hold against the opponents to play.

    Like :func:`_sure`, but an opponent who has not shown a void in the led suit is expected to
    follow it while at least three cards of it are unseen (so only a higher card of that suit
    beats); a known void may trump.
    """
    if not trick:
        return False
    game = t.game
    suit = follow_mask(trick[0], game)
    plenty = (t.unseen & suit).bit_count() >= 3
    win_pos = trick_winner(trick, game)
    winner = t.seat_at(win_pos)
    for pos in range(len(trick), 3):
        seat = t.seat_at(pos)
        if t.same_side(seat, winner):
            continue
        cards = t.possible[seat]
        if plenty and cards & suit:
            cards &= suit
        for c in cards_ascending(cards):
            if trick_winner([*trick, c], game) == len(trick):
                return False
    return True


def _make_strength() -> tuple[tuple[int, ...], ...]:
    table = []
    for game in GameType:
        row = []
        for card in range(32):
            # count how many cards of the same effective suit it beats when led
            eff = effective_suit(card, game)
            same = effective_suit_mask(eff, game)
            beaten = sum(
                1
                for other in cards_ascending(same)
                if other != card and trick_winner([other, card], game) == 1
            )
            row.append(beaten + (100 if eff == TRUMP else 0))
        table.append(tuple(row))
    return tuple(table)


_STRENGTH = _make_strength()


def _lowest(cards: list[int], game: int) -> int:
    """The cheapest card to give away: fewest points, then weakest, plain before trump."""
    return min(
        cards,
        key=lambda c: (
            effective_suit(c, game) == TRUMP,
            RANK_POINTS[c & 7],
            _STRENGTH[game][c],
        ),
    )


def _top_of_suit(t: Table, card: int) -> bool:
    """True if no unseen card of ``card``'s effective suit is stronger than ``card``."""
    same = follow_mask(card, t.game) & t.unseen
    s = _STRENGTH[t.game][card]
    return all(_STRENGTH[t.game][c] < s for c in cards_ascending(same))


def _trick_points(trick: list[int]) -> int:
    return sum(RANK_POINTS[c & 7] for c in trick)


def _discard_choice(t: Table, legal: list[int]) -> int:
    """A card to throw when not following and not trying to win: low, keeping guards and trumps."""
    game = t.game

    def cost(c: int) -> tuple[int, float]:
        eff = effective_suit(c, game)
        if eff == TRUMP:
            return (1, float(_STRENGTH[game][c]))
        suit_cards = t.hand & effective_suit_mask(eff, game)
        n = suit_cards.bit_count()
        pts = RANK_POINTS[c & 7]
        penalty = float(pts)
        rank = c & 7
        if rank == ev.TEN and not (t.hand >> (c + 1) & 1) and n == 2:
            penalty += 5.0  # the guard of a ten stays
        if n == 1 and rank not in (ev.TEN, ev.ACE):
            penalty -= 1.5  # making a void is worth something
        if rank == ev.ACE and _top_of_suit(t, c):
            penalty += 8.0
        return (0, penalty)

    return min(legal, key=cost)


def _win_cheaply(t: Table, winners: list[int]) -> int:
    """The cheapest card of ``winners``: plain before trump, weakest."""
    return min(
        winners,
        key=lambda c: (
            effective_suit(c, t.game) == TRUMP,
            _STRENGTH[t.game][c],
            RANK_POINTS[c & 7],
        ),
    )


def _play_trump_game(t: Table, legal: list[int]) -> int:
    """Card play in suit games, Grand and Spitze."""
    pos = len(t.trick)
    game = t.game
    trumps = trump_mask(game)
    if pos == 0:
        if t.me == t.declarer:
            return _declarer_lead(t, legal)
        return _defender_lead(t, legal)
    winning = [c for c in legal if _beats(t.trick, c, game)]
    sure = [c for c in winning if _likely(t, [*t.trick, c])]
    current = t.seat_at(trick_winner(t.trick, game))
    pts = _trick_points(t.trick)
    if t.same_side(current, t.me) and current != t.me and _likely(t, t.trick):
        # partner's sure trick: smear points (not a trump unless it must)
        plain = [c for c in legal if effective_suit(c, game) != TRUMP]
        pool = plain or legal
        return max(
            pool,
            key=lambda c: (
                RANK_POINTS[c & 7] if (c & 7) != ev.JACK else -1,
                -(_top_of_suit(t, c) and (c & 7) == ev.ACE),
            ),
        )
    if sure:
        plain_sure = [c for c in sure if effective_suit(c, game) != TRUMP]
        if plain_sure:
            return max(plain_sure, key=lambda c: (RANK_POINTS[c & 7], _STRENGTH[game][c]))
        cheapest = _win_cheaply(t, sure)
        trump_cost = RANK_POINTS[cheapest & 7]
        if pts + trump_cost >= 4 or (cheapest & 7) != ev.JACK or pos == 2:
            return cheapest
    if winning and pos == 1 and t.me == t.declarer and pts >= 10:
        # middle: a high trump that only an unseen higher trump could beat is worth trying
        # when the trick is rich
        strong = [c for c in winning if trumps >> c & 1]
        if strong:
            return max(strong, key=lambda c: _STRENGTH[game][c])
    return _discard_choice(t, legal)


def _declarer_lead(t: Table, legal: list[int]) -> int:
    """The declarer leads: pull trumps while the opponents hold any, then cash, then go low."""
    game = t.game
    trumps = trump_mask(game)
    opp = [s for s in range(3) if s != t.me]
    opp_trumps = (t.possible[opp[0]] | t.possible[opp[1]]) & trumps & t.unseen
    mine = t.hand & trumps
    if opp_trumps and mine:
        my_list = sorted(cards_ascending(mine), key=lambda c: _STRENGTH[game][c], reverse=True)
        top = my_list[0]
        if _top_of_suit(t, top):
            return top
        if mine.bit_count() >= opp_trumps.bit_count() or mine.bit_count() >= 5:
            # drive the higher trumps out with the cheapest trump, keep the points
            return min(my_list, key=lambda c: (RANK_POINTS[c & 7], _STRENGTH[game][c]))
    # cash side winners that will probably stand (the opponents follow or have no trump)
    cash = [c for c in legal if not (trumps >> c & 1) and _likely(t, [c])]
    if cash:
        return max(cash, key=lambda c: RANK_POINTS[c & 7])
    plain = [c for c in legal if effective_suit(c, game) != TRUMP]
    if not plain:
        return min(legal, key=lambda c: (RANK_POINTS[c & 7], _STRENGTH[game][c]))

    def lead_cost(c: int) -> tuple[int, int, int]:
        eff = effective_suit(c, game)
        n = (t.hand & effective_suit_mask(eff, game)).bit_count()
        rank = c & 7
        bare_ten = rank == ev.TEN and not (t.hand >> (c + 1) & 1)
        return (int(bare_ten) * 20 + RANK_POINTS[rank], n, _STRENGTH[game][c])

    return min(plain, key=lead_cost)


def _defender_lead(t: Table, legal: list[int]) -> int:
    """A defender leads: cash sure aces, make the declarer ruff, never a bare ten into his ace."""
    game = t.game
    trumps = trump_mask(game)
    decl = t.declarer if t.declarer is not None else (t.me + 1) % 3
    cash = [c for c in legal if not (trumps >> c & 1) and _likely(t, [c])]
    if cash:
        return max(cash, key=lambda c: RANK_POINTS[c & 7])
    decl_trumps = t.possible[decl] & trumps
    plain = [c for c in legal if not (trumps >> c & 1)]
    if not plain:
        return min(legal, key=lambda c: (RANK_POINTS[c & 7], _STRENGTH[game][c]))
    partner = t.partner(t.me)

    def lead_cost(c: int) -> float:
        eff = effective_suit(c, game)
        rank = c & 7
        suit_cards = effective_suit_mask(eff, game)
        cost = float(RANK_POINTS[rank])
        ace = (c & ~7) + ev.ACE
        if rank == ev.TEN and (t.unseen >> ace & 1):
            cost += 25.0  # a ten led into the ace
        decl_has = t.possible[decl] & suit_cards
        if not decl_has and decl_trumps:
            cost -= 3.0  # make the declarer ruff: it shortens his trumps
        if partner is not None and not (t.possible[partner] & suit_cards):
            cost -= 2.0 if t.possible[partner] & trumps else 0.0
        if decl == (t.me + 1) % 3:
            cost += 0.5 * (t.hand & suit_cards).bit_count()  # short through the declarer
        else:
            cost -= 0.5 * (t.hand & suit_cards).bit_count()  # long up to the declarer
        return cost

    return min(plain, key=lead_cost)


def _play_null(t: Table, legal: list[int]) -> int:
    """Null: the declarer ducks under the highest card, defenders lead low to force him."""
    game = t.game
    st = _STRENGTH[game]
    if t.me == t.declarer:
        if not t.trick:
            # lead the card with the most unseen cards above it and none below
            def lead_key(c: int) -> tuple[int, int]:
                same = follow_mask(c, game) & t.unseen
                below = sum(1 for o in cards_ascending(same) if st[o] < st[c])
                above = sum(1 for o in cards_ascending(same) if st[o] > st[c])
                return (below, -above)

            return min(legal, key=lead_key)
        ducks = [c for c in legal if not _beats(t.trick, c, game)]
        if ducks:
            return max(
                ducks,
                key=lambda c: (effective_suit(c, game) != effective_suit(t.trick[0], game), st[c]),
            )
        return min(legal, key=lambda c: st[c])
    decl = t.declarer if t.declarer is not None else 0
    if not t.trick:
        # lead low in a suit the declarer may still hold
        pool = [c for c in legal if t.possible[decl] & follow_mask(c, game)]
        return min(pool or legal, key=lambda c: st[c])
    decl_pos = (decl - t.leader) % 3
    if decl_pos < len(t.trick):
        # the declarer has played: keep his card on top if possible
        if trick_winner(t.trick, game) == decl_pos:
            under = [c for c in legal if not _beats(t.trick, c, game)]
            if under:
                return max(under, key=lambda c: st[c])
        return min(legal, key=lambda c: st[c])
    # declarer still to play: stay low so he must go over, or throw a high card when void
    led_eff = effective_suit(t.trick[0], game)
    follow = [c for c in legal if effective_suit(c, game) == led_eff]
    if follow:
        return min(follow, key=lambda c: st[c])
    return max(legal, key=lambda c: st[c])


def _play_ramsch(t: Table, legal: list[int]) -> int:
    """Ramsch: duck under the winner, dump high cards and points when void, lead low."""
    game = t.game
    st = _STRENGTH[game]
    if not t.trick:

        def lead_key(c: int) -> tuple[int, int, int]:
            same = follow_mask(c, game) & t.unseen
            above = sum(1 for o in cards_ascending(same) if st[o] > st[c])
            return (int(above == 0), RANK_POINTS[c & 7], st[c])

        return min(legal, key=lead_key)
    led_eff = effective_suit(t.trick[0], game)
    ducks = [c for c in legal if not _beats(t.trick, c, game)]
    if ducks:
        void = all(effective_suit(c, game) != led_eff for c in legal)
        if void:
            return max(
                ducks, key=lambda c: (RANK_POINTS[c & 7] + (12 if JACKS >> c & 1 else 0), st[c])
            )
        return max(ducks, key=lambda c: st[c])
    if len(t.trick) == 2:
        return max(legal, key=lambda c: (st[c], RANK_POINTS[c & 7]))
    return min(legal, key=lambda c: (RANK_POINTS[c & 7], st[c]))


def choose_card(t: Table, legal_mask: int) -> int:
    """The card the heuristic plays from ``legal_mask`` (a mask of legal cards) at table ``t``."""
    legal = cards_ascending(legal_mask)
    if len(legal) == 1:
        return legal[0]
    game = t.game
    if game == GameType.NULL:
        return _play_null(t, legal)
    if game == GameType.RAMSCH:
        return _play_ramsch(t, legal)
    return _play_trump_game(t, legal)


def possible_cards(
    game: int,
    me: int,
    hand: int,
    unseen: int,
    voids: Sequence[int],
    declarer: int | None,
    ouvert: int | None,
) -> list[int]:
    """Per seat, the cards (mask) it may hold as seat ``me`` sees them (:attr:`Table.possible`):
    ``hand`` for ``me``; the declarer's open cards ``ouvert`` (None: hidden) for him; for the
    others the ``unseen`` cards not open, minus the effective suits (bits of ``voids``, by seat)
    they showed void in."""
    possible = [0, 0, 0]
    for seat in range(3):
        if seat == me:
            possible[seat] = hand
            continue
        if ouvert is not None:
            if seat == declarer:
                possible[seat] = ouvert
                continue
            mask = unseen & ~ouvert
        else:
            mask = unseen
        for eff in range(5):
            if voids[seat] >> eff & 1:
                mask &= ~effective_suit_mask(eff, game)
        possible[seat] = mask
    return possible


def table_of(info: InformationState) -> Table:
    """The :class:`Table` of the seat of ``info`` during the card play.

    Raises:
        IllegalActionError: no contract yet (not in the card play).
    """
    if info.contract is None:
        raise IllegalActionError(f"no card play yet in phase {info.phase.value!r}")
    game = int(info.contract.game)
    me = int(info.seat)
    declarer = int(info.declarer) if info.declarer is not None and game != GameType.RAMSCH else None
    known_out = info.discard or 0 if game != GameType.RAMSCH else 0
    unseen = ALL_CARDS & ~info.hand & ~info.played & ~known_out
    voids = [0, 0, 0]
    my_points = their_points = 0
    for trick in info.tricks:
        led = effective_suit(trick.cards[0], game)
        for pos in (1, 2):
            if effective_suit(trick.cards[pos], game) != led:
                voids[(trick.leader + pos) % 3] |= 1 << led
        pts = points((1 << trick.cards[0]) | (1 << trick.cards[1]) | (1 << trick.cards[2]))
        if trick.winner == me or (
            declarer is not None and trick.winner != declarer and me != declarer
        ):
            my_points += pts
        else:
            their_points += pts
    trick_cards = list(info.trick)
    if trick_cards:
        led = effective_suit(trick_cards[0], game)
        for pos in range(1, len(trick_cards)):
            if effective_suit(trick_cards[pos], game) != led:
                voids[(info.leader + pos) % 3] |= 1 << led
    ouvert = info.ouvert_hand if declarer is not None and declarer != me else None
    possible = possible_cards(game, me, info.hand, unseen, voids, declarer, ouvert)
    return Table(
        game=game,
        me=me,
        declarer=declarer,
        hand=info.hand,
        trick=trick_cards,
        leader=info.leader,
        possible=possible,
        unseen=unseen,
        my_points=my_points,
        their_points=their_points,
    )


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
        return legal[0]

    def _bidding(self, info: InformationState, legal: list[Action]) -> Action:
        limit = ev.bid_limit(info.hand, int(info.seat), self.play_bonus, spitze=info.options.spitze)
        return bid_up_to(limit, info, legal)

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
                spitze=info.options.spitze,
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
                spitze=info.options.spitze,
            )
            if c.value >= bid
        ]
        best_pickup = max((c.expected for c in pickup), default=-1e9)
        candidates = sorted(hand_games, key=lambda c: c.expected, reverse=True)
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
        spitze = info.options.spitze
        for game in ev.declarable_games(spitze):
            pair, _ = ev.best_discard(cards, game, seat=seat)
            kept = cards & ~pair
            for c in ev.choices(
                kept, seat=seat, hand_game=False, matador_hand=cards, play_bonus=self.play_bonus,
                spitze=spitze,
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
            spitze=info.options.spitze,
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
