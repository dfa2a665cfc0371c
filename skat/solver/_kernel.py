"""The compiled hot loop of the solver: alpha-beta over 32-bit masks in *internal* card order.

Everything here is numba ``@njit(cache=True)`` code over int64 scalars and numpy arrays; the typed
Python wrappers live in :mod:`skat.solver.search`. Cards are *internal bits*: per game type the
32 cards are renumbered so that each effective suit (up to five: four plain suits, trumps) is a
contiguous run of bits in ascending power, trumps on top. Then

* the cards that follow a suit are ``suit_mask[s]``;
* card ``a`` beats card ``b`` iff ``a > b`` and (``a`` is of ``b``'s suit or ``a`` is a trump);
* two cards of a hand are equivalent when every card between them has been played in an earlier
  trick and they carry the same card points (move equivalence).

Search state: ``hands`` (int64[3], mutated and restored), ``trick`` (int64[3], the cards of the
current trick by playing order), ``n`` cards in the trick, the trick ``leader``. The value of a
node is the number of card points the *solo* side (declarer, or the paranoid seat in Ramsch) takes
from now on, including the cards already in the current trick. ``ctx`` holds
``[solo, solo_maximises, last_trick_bonus, generation, trump_suit_index]``.

The transposition table is probed at trick boundaries only and keyed on the remaining cards plus
the leader plus a generation number (bumped per root, so the table never needs clearing): within
one root the remaining cards decide who holds which card.

The card-point search (:func:`search_points`) and the trick-count search of Null and Schwarz
(:func:`search_tricks`) share the table, the trick rules, the move generation and the frame
layout, and stay in this one file on purpose: numba invalidates a cached function only when its
own file changes (numba's "Notes on Caching", limitations), so a search in another file would
keep running stale compiled code of a helper or constant changed here.
"""

from __future__ import annotations

import numpy as np
from numba import njit

TT_BITS = 20
TT_SIZE = 1 << TT_BITS
TT_MASK = TT_SIZE - 1
MAX_PLY = 40
MAX_MOVES = 12
NO_MOVE = -1

_HASH_MULT = -7046029254386353131  # 0x9E3779B97F4A7C15 as a signed 64-bit int

CTX_SOLO = 0
CTX_SOLO_MAX = 1
CTX_LAST_BONUS = 2
CTX_GEN = 3
CTX_TRUMP = 4
CTX_SIZE = 5

STAT_NODES = 0


def new_table() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Fresh transposition-table arrays: keys, lower bounds, upper bounds, best moves."""
    keys = np.full(TT_SIZE, -1, dtype=np.int64)
    lo = np.zeros(TT_SIZE, dtype=np.int16)
    hi = np.zeros(TT_SIZE, dtype=np.int16)
    mv = np.full(TT_SIZE, NO_MOVE, dtype=np.int8)
    return keys, lo, hi, mv


@njit(cache=True)
def _slot(key: int) -> int:
    return ((key * _HASH_MULT) >> 40) & TT_MASK


@njit(cache=True)
def _beats(a: int, b: int, suit_of: np.ndarray, trump: int) -> bool:
    """True iff card ``a`` played after ``b`` beats it."""
    return a > b and (suit_of[a] == suit_of[b] or suit_of[a] == trump)


@njit(cache=True)
def _winner(trick: np.ndarray, n: int, suit_of: np.ndarray, trump: int) -> int:
    """The index (0..n-1) of the card winning the first ``n`` cards of ``trick``."""
    w = 0
    for i in range(1, n):
        if _beats(trick[i], trick[w], suit_of, trump):
            w = i
    return w


@njit(cache=True)
def _candidates(
    hands: np.ndarray,
    trick: np.ndarray,
    n: int,
    player: int,
    suit_of: np.ndarray,
    suit_mask: np.ndarray,
    pts: np.ndarray,
) -> int:
    """The legal moves of ``player`` with one card per equivalence class (a mask)."""
    h = hands[player]
    if n == 0:
        legal = h
    else:
        f = h & suit_mask[suit_of[trick[0]]]
        legal = f if f != 0 else h
    live = hands[0] | hands[1] | hands[2]
    for i in range(n):
        live |= np.int64(1) << trick[i]
    out = legal
    m = legal
    while m != 0:
        low = m & -m
        m ^= low
        c = _bit_index(low)
        above = live & ~((low << 1) - 1)
        if above == 0:
            continue
        nxt_bit = above & -above
        if legal & nxt_bit == 0:
            continue
        nc = _bit_index(nxt_bit)
        if suit_of[nc] == suit_of[c] and pts[nc] == pts[c]:
            out ^= low  # the next live card up is ours and equal: keep only the higher one
    return int(out)


_DEBRUIJN = 0x03F79D71B4CB0A89
_DEBRUIJN_INDEX = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _DEBRUIJN_INDEX[(((1 << _i) * _DEBRUIJN) & (2**64 - 1)) >> 58] = _i


@njit(cache=True)
def _bit_index(bit: int) -> int:
    """The index of the single set bit of ``bit`` (a de Bruijn multiplication)."""
    return int(_DEBRUIJN_INDEX[((bit * _DEBRUIJN) >> 58) & 63])


@njit(cache=True)
def _can_beat(hand: int, card: int, led_suit: int, suit_of: np.ndarray, suit_mask: np.ndarray,
              trump: int) -> bool:  # fmt: skip
    """Whether ``hand``, following a trick led in ``led_suit``, holds a card beating ``card``."""
    follow = hand & suit_mask[led_suit]
    legal = follow if follow != 0 else hand
    s = suit_of[card]
    above = legal & suit_mask[s] & ~((np.int64(2) << card) - 1)
    if above != 0:
        return True
    return s != trump and trump < 5 and (legal & suit_mask[trump]) != 0 and follow == 0


@njit(cache=True)
def _order_moves(
    cand: int,
    hands: np.ndarray,
    trick: np.ndarray,
    n: int,
    leader: int,
    first: int,
    ctx: np.ndarray,
    suit_of: np.ndarray,
    suit_mask: np.ndarray,
    pts: np.ndarray,
    moves: np.ndarray,
) -> int:
    """Write the candidate moves into ``moves`` best-first; return their count.

    Heuristic: the table's move first; then the cards after which the mover's side is predicted
    to win the trick (the later players' best answers are checked one level deep), smearing card
    points; then the losing cards, lowest card points first.
    """
    solo = ctx[CTX_SOLO]
    trump = ctx[CTX_TRUMP]
    player = (leader + n) % 3
    my_side = player == solo
    scores = moves[MAX_MOVES:]
    count = 0
    w = 0
    if n > 0:
        w = _winner(trick, n, suit_of, trump)
    m = cand
    while m != 0:
        low = m & -m
        m ^= low
        c = _bit_index(low)
        if c == first:
            score = 1 << 20
        else:
            # the card winning so far if c is played, and the seat holding it
            if n == 0:
                wc = c
                wseat = player
                led = suit_of[c]
            elif _beats(c, trick[w], suit_of, trump):
                wc = c
                wseat = player
                led = suit_of[trick[0]]
            else:
                wc = trick[w]
                wseat = (leader + w) % 3
                led = suit_of[trick[0]]
            # the later players of the trick, in order, try to take it for their side
            for k in range(n + 1, 3):
                seat = (leader + k) % 3
                if (seat == solo) != (wseat == solo) and _can_beat(
                    hands[seat], wc, led, suit_of, suit_mask, trump
                ):
                    wseat = seat
                    break
            wins = (wseat == solo) == my_side
            score = (1000 + pts[c] * 8 - c) if wins else (500 - pts[c] * 8 - c)
        j = count
        while j > 0 and scores[j - 1] < score:
            scores[j] = scores[j - 1]
            moves[j] = moves[j - 1]
            j -= 1
        scores[j] = score
        moves[j] = c
        count += 1
    return count


@njit(cache=True)
def _popcount(x: int) -> int:
    """The number of set bits of a 32-bit mask."""
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return int(((x * 0x01010101) & 0xFFFFFFFF) >> 24)


@njit(cache=True)
def _null_safe(hands: np.ndarray, solo: int, suit_mask: np.ndarray) -> bool:
    """A sufficient condition for the declarer to take no further trick in Null.

    Only when a defender leads: the declarer then never leads again unless he takes a trick.
    In every suit his j-th lowest card must be below the defenders' j-th lowest card: each round
    of the suit is led by a defender and uses up at least one defender card, so the declarer
    playing his lowest card of the suit always stays under the lead.
    """
    others = hands[(solo + 1) % 3] | hands[(solo + 2) % 3]
    for s in range(4):
        d = hands[solo] & suit_mask[s]
        e = others & suit_mask[s]
        while d != 0 and e != 0:
            dl = d & -d
            el = e & -e
            if dl > el:
                return False
            d ^= dl
            e ^= el
    return True


@njit(cache=True)
def _null_forced(hands: np.ndarray, solo: int, leader: int, suit_mask: np.ndarray) -> bool:
    """Whether the leading defender can force the declarer to take this very trick in Null.

    True when in some suit both defenders can go below every card the declarer holds in it:
    the leader holds a lower card, and the partner holds no card of the suit or also a lower
    one. (Whether the partner plays second or third, the declarer's lowest card then wins; a
    partner with only higher cards would overtake it.)
    """
    partner = 3 - solo - leader
    for s in range(4):
        d = hands[solo] & suit_mask[s]
        if d == 0:
            continue
        low_d = d & -d
        lead = hands[leader] & suit_mask[s]
        if lead == 0 or (lead & -lead) > low_d:
            continue
        p = hands[partner] & suit_mask[s]
        if p == 0 or (p & -p) < low_d:
            return True
    return False


@njit(cache=True)
def _can_duck(hand: int, card: int, led_suit: int, suit_mask: np.ndarray) -> bool:
    """Whether ``hand``, following a trick led in ``led_suit``, can stay under ``card`` (Null)."""
    follow = hand & suit_mask[led_suit]
    if follow == 0:
        return True  # void: any discard stays under
    return bool((follow & ((np.int64(1) << card) - 1)) != 0)


@njit(cache=True)
def _null_score(
    c: int,
    hands: np.ndarray,
    trick: np.ndarray,
    n: int,
    leader: int,
    w: int,
    solo: int,
    suit_of: np.ndarray,
    suit_mask: np.ndarray,
    trump: int,
) -> int:
    """The ordering score of card ``c`` in Null (no trumps: a card beats lower ones of its suit)."""
    player = (leader + n) % 3
    if n == 0:
        led = suit_of[c]
        wc = c
    else:
        led = suit_of[trick[0]]
        wc = trick[w]
        if _beats(c, wc, suit_of, trump):
            wc = c
    if player == solo:
        if n > 0 and wc != c:
            return 1000 + c  # stays under: the highest such card first
        # c wins so far: safe only if a later defender must overtake it
        for k in range(n + 1, 3):
            seat = (leader + k) % 3
            if not _can_duck(hands[seat], wc, led, suit_mask):
                return 800 + c
        return -c
    solo_pos = (solo - leader) % 3
    if solo_pos > n:  # the declarer plays later in this trick
        if not _can_duck(hands[solo], wc, led, suit_mask):
            return 1000 - c
        follow = hands[solo] & suit_mask[led]
        if follow == 0:
            return 100 - c  # the declarer discards: rarely a good lead
        # fewer declarer cards under the trick: closer to forcing him
        return 500 - 32 * _popcount(follow & ((np.int64(1) << wc) - 1)) - c
    if (leader + w) % 3 == solo:  # the declarer is winning: stay under, highest card first
        return -c if wc == c else 1000 + c
    return c


@njit(cache=True)
def _order_tricks(
    cand: int,
    hands: np.ndarray,
    trick: np.ndarray,
    n: int,
    leader: int,
    first: int,
    want_all: int,
    ctx: np.ndarray,
    suit_of: np.ndarray,
    suit_mask: np.ndarray,
    moves: np.ndarray,
) -> int:
    """Order moves for the trick-count goals (Null: lose every trick; Schwarz: win every one).

    Null: the declarer first tries the highest card that stays under the trick (or a lead that a
    defender must overtake); a defender first tries the cards after which the declarer cannot
    stay under, then low cards while the declarer is winning, high ones otherwise.
    """
    solo = ctx[CTX_SOLO]
    trump = ctx[CTX_TRUMP]
    player = (leader + n) % 3
    is_solo = player == solo
    scores = moves[MAX_MOVES:]
    count = 0
    w = 0
    if n > 0:
        w = _winner(trick, n, suit_of, trump)
    m = cand
    while m != 0:
        low = m & -m
        m ^= low
        c = _bit_index(low)
        if c == first:
            score = 1 << 20
        elif want_all == 0:
            score = _null_score(c, hands, trick, n, leader, w, solo, suit_of, suit_mask, trump)
        elif n == 0:
            score = c if is_solo else -c  # Schwarz: the declarer leads high, defenders low
        else:
            beats = _beats(c, trick[w], suit_of, trump)
            if is_solo:
                score = (
                    ((1000 - c) if beats else -c) if want_all == 1 else (-c if beats else 1000 + c)
                )
            else:
                solo_winning = (leader + w) % 3 == solo
                if want_all == 1:
                    score = (1000 - c) if (beats and solo_winning) else -c
                else:
                    score = -c if solo_winning else c
        j = count
        while j > 0 and scores[j - 1] < score:
            scores[j] = scores[j - 1]
            moves[j] = moves[j - 1]
            j -= 1
        scores[j] = score
        moves[j] = c
        count += 1
    return count


# Frame fields of the explicit search stack (numba cannot cache recursive functions).
F_N = 0
F_LEADER = 1
F_REM = 2
F_ALPHA = 3
F_BETA = 4
F_A0 = 5
F_B0 = 6
F_BEST = 7
F_BESTMV = 8
F_KEY = 9
F_SLOT = 10
F_LO = 11
F_HI = 12
F_MAX = 13
F_T0 = 14
F_T1 = 15
F_PLAYER = 16
F_IDX = 17
F_COUNT = 18
F_GAIN = 19
F_CUR = 20
F_SIZE = 21


@njit(cache=True)
def search_points(
    hands: np.ndarray,
    trick: np.ndarray,
    n0: int,
    leader0: int,
    rem0: int,
    alpha0: int,
    beta0: int,
    ctx: np.ndarray,
    suit_of: np.ndarray,
    suit_mask: np.ndarray,
    pts: np.ndarray,
    tkeys: np.ndarray,
    tlo: np.ndarray,
    thi: np.ndarray,
    tmv: np.ndarray,
    buf: np.ndarray,
    stats: np.ndarray,
) -> int:
    """Fail-soft alpha-beta: the solo side's card points from now on, window ``(alpha0, beta0)``.

    ``rem0`` is the card points still in the hands (not counting the trick on the table);
    ``hands`` and ``trick`` are restored on return. An explicit stack replaces recursion.
    """
    fr = np.empty((MAX_PLY, F_SIZE), dtype=np.int64)
    solo = ctx[CTX_SOLO]
    solo_max = ctx[CTX_SOLO_MAX]
    bonus = ctx[CTX_LAST_BONUS]
    gen = ctx[CTX_GEN]
    trump = ctx[CTX_TRUMP]
    ply = 0
    fr[0, F_N] = n0
    fr[0, F_LEADER] = leader0
    fr[0, F_REM] = rem0
    fr[0, F_ALPHA] = alpha0
    fr[0, F_BETA] = beta0
    phase = 0
    ret = 0
    while True:
        if phase == 0:  # enter the frame at ply
            stats[STAT_NODES] += 1
            n = fr[ply, F_N]
            leader = fr[ply, F_LEADER]
            alpha = fr[ply, F_ALPHA]
            beta = fr[ply, F_BETA]
            first = NO_MOVE
            done = False
            if n == 0:
                rem = hands[0] | hands[1] | hands[2]
                if rem == 0:
                    ret = 0
                    done = True
                else:
                    lo = 0
                    hi = fr[ply, F_REM] + bonus
                    key = rem | (leader << 32) | (gen << 34)
                    slot = _slot(key)
                    if tkeys[slot] == key:
                        if tlo[slot] > lo:
                            lo = int(tlo[slot])
                        if thi[slot] < hi:
                            hi = int(thi[slot])
                        first = int(tmv[slot])
                    if lo >= beta:
                        ret = lo
                        done = True
                    elif hi <= alpha:
                        ret = hi
                        done = True
                    else:
                        if lo > alpha:
                            alpha = lo
                        if hi < beta:
                            beta = hi
                        fr[ply, F_KEY] = key
                        fr[ply, F_SLOT] = slot
                        fr[ply, F_LO] = lo
                        fr[ply, F_HI] = hi
            if done:
                phase = 2
                continue
            player = (leader + n) % 3
            maximise = (player == solo) == (solo_max == 1)
            cand = _candidates(hands, trick, n, player, suit_of, suit_mask, pts)
            count = _order_moves(
                cand, hands, trick, n, leader, first, ctx, suit_of, suit_mask, pts, buf[ply]
            )
            fr[ply, F_ALPHA] = alpha
            fr[ply, F_BETA] = beta
            fr[ply, F_A0] = alpha
            fr[ply, F_B0] = beta
            fr[ply, F_BEST] = -1000 if maximise else 1000
            fr[ply, F_BESTMV] = buf[ply, 0]
            fr[ply, F_MAX] = 1 if maximise else 0
            fr[ply, F_T0] = trick[0]
            fr[ply, F_T1] = trick[1]
            fr[ply, F_PLAYER] = player
            fr[ply, F_IDX] = 0
            fr[ply, F_COUNT] = count
            phase = 1
        elif phase == 1:  # play the next move, or close the frame
            i = fr[ply, F_IDX]
            if i < fr[ply, F_COUNT]:
                c = buf[ply, i]
                fr[ply, F_IDX] = i + 1
                fr[ply, F_CUR] = c
                hands[fr[ply, F_PLAYER]] ^= np.int64(1) << c
                n = fr[ply, F_N]
                leader = fr[ply, F_LEADER]
                trick[n] = c
                gain = 0
                child = ply + 1
                if n == 2:
                    w = _winner(trick, 3, suit_of, trump)
                    wseat = (leader + w) % 3
                    if wseat == solo:
                        gain = pts[trick[0]] + pts[trick[1]] + pts[c]
                        if (hands[0] | hands[1] | hands[2]) == 0:
                            gain += bonus
                    fr[child, F_N] = 0
                    fr[child, F_LEADER] = wseat
                else:
                    fr[child, F_N] = n + 1
                    fr[child, F_LEADER] = leader
                fr[ply, F_GAIN] = gain
                fr[child, F_REM] = fr[ply, F_REM] - pts[c]
                fr[child, F_ALPHA] = fr[ply, F_ALPHA] - gain
                fr[child, F_BETA] = fr[ply, F_BETA] - gain
                ply = child
                phase = 0
            else:
                best = fr[ply, F_BEST]
                if fr[ply, F_N] == 0:
                    lo = fr[ply, F_LO]
                    hi = fr[ply, F_HI]
                    if best <= fr[ply, F_A0]:
                        if best < hi:
                            hi = best
                    elif best >= fr[ply, F_B0]:
                        if best > lo:
                            lo = best
                    else:
                        lo = best
                        hi = best
                    if best < lo:
                        best = lo
                    if best > hi:
                        best = hi
                    slot = fr[ply, F_SLOT]
                    tkeys[slot] = fr[ply, F_KEY]
                    tlo[slot] = lo
                    thi[slot] = hi
                    tmv[slot] = fr[ply, F_BESTMV]
                ret = best
                phase = 2
        else:  # return ret to the parent frame
            if ply == 0:
                return ret
            ply -= 1
            c = fr[ply, F_CUR]
            hands[fr[ply, F_PLAYER]] ^= np.int64(1) << c
            trick[0] = fr[ply, F_T0]
            trick[1] = fr[ply, F_T1]
            v = fr[ply, F_GAIN] + ret
            if fr[ply, F_MAX] == 1:
                if v > fr[ply, F_BEST]:
                    fr[ply, F_BEST] = v
                    fr[ply, F_BESTMV] = c
                    if v > fr[ply, F_ALPHA]:
                        fr[ply, F_ALPHA] = v
                        if v >= fr[ply, F_BETA]:
                            fr[ply, F_IDX] = fr[ply, F_COUNT]
            elif v < fr[ply, F_BEST]:
                fr[ply, F_BEST] = v
                fr[ply, F_BESTMV] = c
                if v < fr[ply, F_BETA]:
                    fr[ply, F_BETA] = v
                    if v <= fr[ply, F_ALPHA]:
                        fr[ply, F_IDX] = fr[ply, F_COUNT]
            phase = 1


@njit(cache=True)
def search_tricks(
    hands: np.ndarray,
    trick: np.ndarray,
    n0: int,
    leader0: int,
    want_all: int,
    ctx: np.ndarray,
    suit_of: np.ndarray,
    suit_mask: np.ndarray,
    zero_pts: np.ndarray,
    tkeys: np.ndarray,
    tlo: np.ndarray,
    thi: np.ndarray,
    tmv: np.ndarray,
    buf: np.ndarray,
    stats: np.ndarray,
) -> int:
    """1 iff the solo side wins every trick from now on (``want_all`` 1) or none (``want_all`` 0).

    The solo side plays for the goal, the other two against it (an AND/OR search with an
    explicit stack). ``zero_pts`` is all zeros so that neighbouring cards count as equivalent
    whatever their card points.
    """
    fr = np.empty((MAX_PLY, F_SIZE), dtype=np.int64)
    solo = ctx[CTX_SOLO]
    gen = ctx[CTX_GEN]
    trump = ctx[CTX_TRUMP]
    ply = 0
    fr[0, F_N] = n0
    fr[0, F_LEADER] = leader0
    phase = 0
    ret = 0
    while True:
        if phase == 0:
            stats[STAT_NODES] += 1
            n = fr[ply, F_N]
            leader = fr[ply, F_LEADER]
            first = NO_MOVE
            if n == 0:
                rem = hands[0] | hands[1] | hands[2]
                if rem == 0:
                    ret = 1
                    phase = 2
                    continue
                if want_all == 0 and leader != solo:
                    if _null_safe(hands, solo, suit_mask):
                        ret = 1
                        phase = 2
                        continue
                    if _null_forced(hands, solo, leader, suit_mask):
                        ret = 0
                        phase = 2
                        continue
                key = rem | (leader << 32) | (gen << 34)
                slot = _slot(key)
                if tkeys[slot] == key:
                    if tlo[slot] == thi[slot]:
                        ret = int(tlo[slot])
                        phase = 2
                        continue
                    first = int(tmv[slot])
                fr[ply, F_KEY] = key
                fr[ply, F_SLOT] = slot
            player = (leader + n) % 3
            cand = _candidates(hands, trick, n, player, suit_of, suit_mask, zero_pts)
            count = _order_tricks(
                cand, hands, trick, n, leader, first, want_all, ctx, suit_of, suit_mask, buf[ply]
            )
            is_solo = player == solo
            fr[ply, F_MAX] = 1 if is_solo else 0
            fr[ply, F_BEST] = 0 if is_solo else 1
            fr[ply, F_BESTMV] = buf[ply, 0]
            fr[ply, F_T0] = trick[0]
            fr[ply, F_T1] = trick[1]
            fr[ply, F_PLAYER] = player
            fr[ply, F_IDX] = 0
            fr[ply, F_COUNT] = count
            phase = 1
        elif phase == 1:
            i = fr[ply, F_IDX]
            if i < fr[ply, F_COUNT]:
                c = buf[ply, i]
                fr[ply, F_IDX] = i + 1
                fr[ply, F_CUR] = c
                hands[fr[ply, F_PLAYER]] ^= np.int64(1) << c
                n = fr[ply, F_N]
                leader = fr[ply, F_LEADER]
                trick[n] = c
                child = ply + 1
                ply = child
                if n == 2:
                    w = _winner(trick, 3, suit_of, trump)
                    wseat = (leader + w) % 3
                    if (wseat == solo) != (want_all == 1):
                        ret = 0  # the goal is missed in this trick: the child is lost
                        phase = 2
                        continue
                    fr[child, F_N] = 0
                    fr[child, F_LEADER] = wseat
                else:
                    fr[child, F_N] = n + 1
                    fr[child, F_LEADER] = leader
                phase = 0
            else:
                ret = fr[ply, F_BEST]
                if fr[ply, F_N] == 0:
                    slot = fr[ply, F_SLOT]
                    tkeys[slot] = fr[ply, F_KEY]
                    tlo[slot] = ret
                    thi[slot] = ret
                    tmv[slot] = fr[ply, F_BESTMV]
                phase = 2
        else:
            if ply == 0:
                return ret
            ply -= 1
            c = fr[ply, F_CUR]
            hands[fr[ply, F_PLAYER]] ^= np.int64(1) << c
            trick[0] = fr[ply, F_T0]
            trick[1] = fr[ply, F_T1]
            if (fr[ply, F_MAX] == 1) == (ret == 1):  # the solo found a win / a defender a loss
                fr[ply, F_BEST] = ret
                fr[ply, F_BESTMV] = c
                fr[ply, F_IDX] = fr[ply, F_COUNT]
            phase = 1
