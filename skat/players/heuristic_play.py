"""The heuristic player's card play: what one seat knows of the table and the card its rules
choose.

:class:`Table` is what a seat knows during the card play, derived from its information state
(:func:`table_of`): the cards each other seat may still hold (:func:`possible_cards`: by the cards
seen and the voids shown by not following, by effective suit), the points each side has taken.
:func:`choose_card` is the rule-based card on it: it counts trumps and points, knows the played
cards and the voids, leads trumps as declarer, pulls them and then cashes; defenders smear points
into a partner's sure trick, never lead a bare ten into the declarer's ace and keep trumps against
the declarer's long suit. Null: the declarer ducks, defenders lead low to force him. Ramsch: duck,
dump high cards, avoid points.

The heuristic player (:mod:`skat.players.heuristic`) plays these cards; the strong player's world
sampling (:mod:`skat.players.worlds`) starts from :func:`possible_cards`, its card play breaks ties
with :func:`choose_card`, and its Ramsch rollouts play them (:mod:`skat.players.ramsch`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skat.cards import ALL_CARDS, JACKS, RANK_POINTS, cards_ascending, points
from skat.errors import IllegalActionError
from skat.information import InformationState
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

__all__ = ["Table", "choose_card", "possible_cards", "table_of"]


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
