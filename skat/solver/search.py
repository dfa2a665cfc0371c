"""Typed wrappers around the compiled search: threshold, exact value, root move values, Ramsch.

Each public call translates a :class:`~skat.solver.position.Position` into the kernel's internal
card order (one layout per game type), starts a new table generation and runs
:mod:`skat.solver._kernel`. One :class:`Solver` holds one transposition table (about 26 MB) and a
lock; the module functions share a default instance per process.

Sources: null-window (zero-window) searches with a transposition table as in Plaat et al.,
"Best-first fixed-depth minimax algorithms" (1996), with MTD(f) or bisection; move equivalence and
trick-boundary tables for Skat follow Kupferschmid & Helmert, "A Skat player based on Monte-Carlo
simulation" (2006).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np

from skat.cards import CardSet, card_of, points
from skat.errors import SkatError
from skat.rules import GameType
from skat.solver import _kernel as k
from skat.solver.position import Position

__all__ = [
    "SCHWARZ",
    "Solver",
    "best_moves",
    "move_values",
    "solve_ramsch",
    "solve_threshold",
    "solve_value",
    "warm_up",
]

SCHWARZ = 120
"""A target of 120 (or more) asks for every trick (Schwarz, ouvert), not for 120 card points."""

_NULL_ORDER = (0, 1, 2, 5, 7, 3, 4, 6)  # ranks 7 8 9 T J Q K A, ascending
_SPITZE_ORDER = (6, 4, 3, 5, 2, 1, 0)  # ranks A K Q T 9 8 7, ascending (the Null order reversed)


@dataclass(frozen=True)
class _Layout:
    """The kernel's card order for one game type."""

    to_internal: np.ndarray  # int64[32]: card -> internal bit
    to_card: np.ndarray  # int64[32]: internal bit -> card
    suit_of: np.ndarray  # int64[32]: internal bit -> effective suit index
    suit_mask: np.ndarray  # int64[5]: effective suit -> internal mask
    pts: np.ndarray  # int64[32]: internal bit -> card points
    trump: int  # the effective suit index of the trumps (99 in Null)


def _suits(game: GameType) -> tuple[list[list[int]], bool]:
    """The effective suits of ``game``, each in ascending power, and whether the last is trump."""
    jacks = [card_of(s, 7) for s in range(4)]  # ♦J ♥J ♠J ♣J, ascending
    if game.is_suit:
        plain = [[card_of(s, r) for r in range(7)] for s in range(4) if s != game]
        return [*plain, [card_of(game, r) for r in range(7)] + jacks], True
    if game in (GameType.GRAND, GameType.RAMSCH):
        return [[card_of(s, r) for r in range(7)] for s in range(4)] + [jacks], True
    if game == GameType.SPITZE:  # reversed: 7 8 9 T Q K A from the top, ♦J the top trump
        plain = [[card_of(s, r) for r in _SPITZE_ORDER] for s in range(4)]
        return [*plain, jacks[::-1]], True
    return [[card_of(s, r) for r in _NULL_ORDER] for s in range(4)], False


def _layout(game: GameType) -> _Layout:
    suits, has_trump = _suits(game)
    to_internal = np.zeros(32, dtype=np.int64)
    to_card = np.zeros(32, dtype=np.int64)
    suit_of = np.zeros(32, dtype=np.int64)
    suit_mask = np.zeros(5, dtype=np.int64)
    pts = np.zeros(32, dtype=np.int64)
    bit = 0
    for index, cards in enumerate(suits):
        for card in cards:
            to_internal[card] = bit
            to_card[bit] = card
            suit_of[bit] = index
            suit_mask[index] |= 1 << bit
            pts[bit] = points(1 << card)
            bit += 1
    return _Layout(
        to_internal, to_card, suit_of, suit_mask, pts, len(suits) - 1 if has_trump else 99
    )


_LAYOUTS = {g: _layout(g) for g in GameType}
_POINTS, _EVERY_TRICK, _NO_TRICK = 0, 1, 2  # the kinds of search a shared table keeps apart
_ZERO_PTS = np.zeros(32, dtype=np.int64)
_GEN_LIMIT = 1 << 28


def _internal_mask(mask: int, lay: _Layout) -> int:
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << int(lay.to_internal[low.bit_length() - 1])
        mask ^= low
    return out


class Solver:
    """An open-hand solver with its own transposition table and node counter.

    The methods mirror the module functions (:func:`solve_threshold` and friends). Calls on one
    instance are serialised by a lock (the compiled search holds the GIL anyway); a thread that
    wants its own table makes its own instance.

    Args:
        exact: how exact values are found from null-window probes: ``"mtdf"`` (MTD(f), the
            default: 4 % fewer nodes than bisection and about the same time on the 200 deals of
            ``bench/bench_solver.py``) or ``"bisection"`` (about 7 probes instead of 30).

    Raises:
        SkatError: an unknown ``exact`` method.
    """

    def __init__(self, exact: str = "mtdf") -> None:
        if exact not in ("bisection", "mtdf"):
            raise SkatError(f"exact must be 'bisection' or 'mtdf', got {exact!r}")
        self._mtdf = exact == "mtdf"
        self._keys, self._lo, self._hi, self._mv = k.new_table()
        self._buf = np.zeros((k.MAX_PLY, 2 * k.MAX_MOVES), dtype=np.int64)
        self._stats = np.zeros(4, dtype=np.int64)
        self._ctx = np.zeros(k.CTX_SIZE, dtype=np.int64)
        self._gen = 0
        self._lock = threading.Lock()
        # inside shared_table(): the generation of each kind of search, and the cards each
        # seat held in the positions solved, by (game, solo, solo maximises, last-trick bonus)
        self._shared: dict[tuple[int, ...], int] | None = None
        self._held: dict[tuple[int, ...], list[int]] = {}
        self._scope: tuple[int, ...] = ()

    @property
    def nodes(self) -> int:
        """The number of search nodes visited since this solver was made."""
        return int(self._stats[k.STAT_NODES])

    # -- plumbing -------------------------------------------------------------------------

    def _new_generation(self, solo: int, solo_max: bool, last_bonus: int, pos: Position) -> None:
        lay = _LAYOUTS[pos.game]
        self._ctx[k.CTX_SOLO] = solo
        self._ctx[k.CTX_SOLO_MAX] = 1 if solo_max else 0
        self._ctx[k.CTX_LAST_BONUS] = last_bonus
        self._ctx[k.CTX_TRUMP] = lay.trump
        if self._shared is None:
            self._ctx[k.CTX_GEN] = self._next_generation()
            return
        self._scope = (int(pos.game), solo, int(solo_max), last_bonus)
        self._claim(pos)

    def _next_generation(self) -> int:
        self._gen += 1
        if self._gen >= _GEN_LIMIT:
            self._keys[:] = -1
            self._gen = 1
            if self._shared is not None:  # their entries are gone
                self._shared.clear()
        return self._gen

    def _claim(self, pos: Position) -> None:
        """Note who holds which card of ``pos`` in the shared table's scope; raise, noting
        nothing, when a card changed hands since an earlier position (the table's key, the
        remaining cards, would then stand for two different positions)."""
        mine = list(pos.hands)
        for i, card in enumerate(pos.trick):
            mine[(pos.leader + i) % 3] |= 1 << card
        held = [h | m for h, m in zip(self._held.get(self._scope, [0, 0, 0]), mine, strict=True)]
        clash = (held[0] & held[1]) | (held[1] & held[2]) | (held[0] & held[2])
        if clash:
            raise SkatError(
                f"a shared table holds the positions of one deal: {CardSet(clash)} changed "
                "hands since an earlier position"
            )
        self._held[self._scope] = held

    def _share(self, kind: int) -> None:
        """Inside :meth:`shared_table`, search with the generation of ``kind`` in this scope."""
        if self._shared is not None:
            key = (*self._scope, kind)
            gen = self._shared.get(key)
            if gen is None:
                gen = self._shared[key] = self._next_generation()
            self._ctx[k.CTX_GEN] = gen

    def _arrays(self, pos: Position, lay: _Layout) -> tuple[np.ndarray, np.ndarray, int]:
        hands = np.array([_internal_mask(h, lay) for h in pos.hands], dtype=np.int64)
        trick = np.zeros(3, dtype=np.int64)
        for i, card in enumerate(pos.trick):
            trick[i] = lay.to_internal[card]
        rem_pts = points(pos.hands[0] | pos.hands[1] | pos.hands[2])
        return hands, trick, rem_pts

    def _points(self, pos: Position, alpha: int, beta: int) -> int:
        """The kernel's fail-soft value: solo card points to come, window ``(alpha, beta)``."""
        lay = _LAYOUTS[pos.game]
        hands, trick, rem_pts = self._arrays(pos, lay)
        self._share(_POINTS)
        return int(
            k.search_points(
                hands, trick, len(pos.trick), pos.leader, rem_pts, alpha, beta, self._ctx,
                lay.suit_of, lay.suit_mask, lay.pts, self._keys, self._lo, self._hi, self._mv,
                self._buf, self._stats,
            )
        )  # fmt: skip

    def _exact(self, pos: Position) -> int:
        """Solo card points to come with best play, from null-window probes.

        Bisection: each probe asks "at least ``mid``?" and narrows ``[lo, hi]`` by the fail-soft
        answer. MTD(f): each probe is placed at the last answer. The table keeps its bounds
        between probes either way.
        """
        if pos.is_terminal:
            return 0
        lo = 0
        hi = points(pos.hands[0] | pos.hands[1] | pos.hands[2] | _trick_mask(pos))
        hi += int(self._ctx[k.CTX_LAST_BONUS])
        guess = (lo + hi) // 2
        while lo < hi:
            at_guess = guess + 1 if guess == lo else guess
            beta = at_guess if self._mtdf else (lo + hi + 1) // 2
            value = self._points(pos, beta - 1, beta)
            if value >= beta:
                lo = value
            else:
                hi = value
            guess = value
        return lo

    def _tricks(self, pos: Position, want_all: bool) -> bool:
        """Whether the solo side (the declarer) can win every trick / avoid every trick."""
        if pos.is_terminal:
            return True
        lay = _LAYOUTS[pos.game]
        hands, trick, _ = self._arrays(pos, lay)
        self._share(_EVERY_TRICK if want_all else _NO_TRICK)
        return bool(
            k.search_tricks(
                hands, trick, len(pos.trick), pos.leader, 1 if want_all else 0, self._ctx,
                lay.suit_of, lay.suit_mask, _ZERO_PTS, self._keys, self._lo, self._hi, self._mv,
                self._buf, self._stats,
            )
        )  # fmt: skip

    def _declarer_base(self, pos: Position) -> int:
        return pos.declarer_points + points(pos.skat)

    def _start(self, pos: Position) -> None:
        if pos.game == GameType.RAMSCH:
            raise SkatError("a Ramsch position has no declarer: use solve_ramsch(pos, seat)")
        self._new_generation(pos.declarer, True, 0, pos)

    def _threshold(self, pos: Position, target: int) -> bool:
        if pos.game == GameType.NULL:
            return pos.declarer_tricks == 0 and self._tricks(pos, want_all=False)
        if target >= SCHWARZ:
            return pos.defender_tricks == 0 and self._tricks(pos, want_all=True)
        need = target - self._declarer_base(pos)
        if need <= 0:
            return True
        if pos.is_terminal:
            return False
        return self._points(pos, need - 1, need) >= need

    def _value(self, pos: Position) -> int:
        if pos.game == GameType.NULL:
            return int(self._threshold(pos, 0))
        return self._declarer_base(pos) + self._exact(pos)

    # -- public -----------------------------------------------------------------------------

    def solve_threshold(self, pos: Position, target: int) -> bool:
        """See :func:`solve_threshold`."""
        with self._lock:
            self._start(pos)
            return self._threshold(pos, target)

    def solve_value(self, pos: Position) -> int:
        """See :func:`solve_value`."""
        with self._lock:
            self._start(pos)
            return self._value(pos)

    def move_values(self, pos: Position, mode: str = "exact", target: int = 61) -> dict[int, int]:
        """See :func:`move_values`."""
        with self._lock:
            return self._move_values(pos, mode, target)

    def _move_values(self, pos: Position, mode: str, target: int) -> dict[int, int]:
        if mode not in ("exact", "threshold"):
            raise SkatError(f"mode must be 'exact' or 'threshold', got {mode!r}")
        classes = _equivalent_cards(pos)
        values: dict[int, int] = {}
        if pos.game == GameType.RAMSCH:
            seat = pos.to_move
            self._new_generation(seat, False, points(pos.skat), pos)
            for group in classes:
                values.update(dict.fromkeys(group, self._ramsch(pos.play(group[0]), seat)))
            return dict(sorted(values.items()))
        self._start(pos)
        if mode == "threshold" and len(classes) > 1:
            # when the mover cannot change the outcome, every card has the root's value
            root = int(self._threshold(pos, target))
            if root == (0 if pos.to_move == pos.declarer else 1):
                return {card: root for group in sorted(classes) for card in group}
        for group in classes:
            child = pos.play(group[0])
            exact = mode == "exact"
            value = self._value(child) if exact else int(self._threshold(child, target))
            values.update(dict.fromkeys(group, value))
        return dict(sorted(values.items()))

    def _ramsch(self, pos: Position, seat: int) -> int:
        return pos.ramsch_points[seat] + self._exact(pos)

    def solve_ramsch(self, pos: Position, seat: int) -> int:
        """See :func:`solve_ramsch`."""
        if pos.game != GameType.RAMSCH:
            raise SkatError(f"solve_ramsch needs a Ramsch position, got game {pos.game.letter}")
        if not 0 <= seat <= 2:
            raise SkatError(f"seats are 0..2, got {seat!r}")
        with self._lock:
            self._new_generation(seat, False, points(pos.skat), pos)
            return self._ramsch(pos, seat)

    @contextmanager
    def shared_table(self) -> Iterator[Solver]:
        """Keep the transposition table from call to call inside the block (one deal's positions).

        Outside the block every call starts a new table generation, so that no answer depends on
        an earlier call. Inside it, the calls for the same game, solo seat (declarer, or the
        Ramsch seat) and skat reuse one generation for each kind of search (card points, every
        trick, no trick): solving a deal position by position along its play, every card of a
        position, its lines of play or the declarer's discards then reuses what the earlier calls
        found. The values stay exact: the table's key is the remaining cards and the leader,
        which decide who holds which card as long as no card changes hands between the
        positions of a block; a position that gives a card to another seat than an earlier one
        raises (and is not solved). The answers do not change, only the time and
        :attr:`nodes`.

        Yields:
            this solver.

        Raises:
            SkatError: the block is entered again before it was left, or a position inside it
                gives a card to another seat than an earlier position of the same scope.
        """
        with self._lock:
            if self._shared is not None:
                raise SkatError("the solver is already sharing its table")
            self._shared = {}
            self._held = {}
        try:
            yield self
        finally:
            with self._lock:
                self._shared = None
                self._held = {}


def _equivalent_cards(pos: Position) -> list[list[int]]:
    """The legal cards of the seat to move, grouped into classes of equal value.

    Two cards of a suit are equivalent when every card between them (in the game's order) has
    been played in an earlier trick and they carry the same card points; in Null the points do
    not matter.
    """
    lay = _LAYOUTS[pos.game]
    legal = pos.legal_mask()
    live = pos.hands[0] | pos.hands[1] | pos.hands[2] | _trick_mask(pos)
    live_bits = _internal_mask(live, lay)
    null = pos.game == GameType.NULL
    groups: list[list[int]] = []
    prev = -1
    for bit in range(32):
        card = int(lay.to_card[bit])
        if not live_bits >> bit & 1:
            continue
        if not legal >> card & 1:
            prev = -1
            continue
        if (
            prev >= 0
            and lay.suit_of[prev] == lay.suit_of[bit]
            and (null or lay.pts[prev] == lay.pts[bit])
        ):
            groups[-1].append(card)
        else:
            groups.append([card])
        prev = bit
    return groups


def _trick_mask(pos: Position) -> int:
    mask = 0
    for card in pos.trick:
        mask |= 1 << card
    return mask


_default: Solver | None = None
_default_lock = threading.Lock()


def default_solver() -> Solver:
    """The process's shared solver (made on first use)."""
    global _default
    with _default_lock:
        if _default is None:
            _default = Solver()
        return _default


def solve_threshold(pos: Position, target: int) -> bool:
    """Whether the declarer reaches ``target`` against best defence (open hands).

    Args:
        pos: a suit, Grand, Spitze or Null position.
        target: card points the declarer needs in the end, skat and points taken so far included
            (61 to win, 90 for Schneider); :data:`SCHWARZ` (120) or more asks for every trick.
            Ignored in Null, where the declarer must take no trick (ISkO 5.2.1).

    Raises:
        SkatError: ``pos`` is a Ramsch position.
    """
    return default_solver().solve_threshold(pos, target)


def solve_value(pos: Position) -> int:
    """The declarer's final card points (0..120, skat included) with best play on both sides.

    In Null the value is 1 if the declarer can avoid every trick, else 0.

    Raises:
        SkatError: ``pos`` is a Ramsch position.
    """
    return default_solver().solve_value(pos)


def move_values(pos: Position, mode: str = "exact", target: int = 61) -> dict[int, int]:
    """The value of every legal card of the seat to move, if played now.

    Args:
        pos: the position.
        mode: ``"exact"``: the declarer's final card points after that card (Null: 1/0);
            ``"threshold"``: 1 if the declarer then reaches ``target`` (as in
            :func:`solve_threshold`), else 0. In Ramsch both modes give the final card points of
            the seat to move under paranoid play.
        target: the threshold target.

    Returns:
        card -> value, for each legal card (values are for the declarer, whoever is to move).

    Raises:
        SkatError: ``mode`` is unknown.
    """
    return default_solver().move_values(pos, mode, target)


def best_moves(pos: Position, mode: str = "exact", target: int = 61) -> tuple[int, list[int]]:
    """The value of ``pos`` for the seat to move and its best cards, from :func:`move_values`.

    The declarer picks the cards of the highest value, a defender those of the lowest; in Ramsch
    the seat to move picks those giving it the fewest card points (paranoid).

    Returns:
        (value, best cards ascending): the value is as in :func:`move_values` (declarer's card
        points, 1/0 in threshold mode and Null, the mover's points in Ramsch); in a terminal
        position the final value and no cards.

    Raises:
        SkatError: ``mode`` is unknown.
    """
    values = move_values(pos, mode, target)
    if not values:
        if pos.game == GameType.RAMSCH:
            return solve_ramsch(pos, pos.to_move), []
        if mode == "threshold":
            return int(solve_threshold(pos, target)), []
        return solve_value(pos), []
    maximise = pos.game != GameType.RAMSCH and pos.to_move == pos.declarer
    value = max(values.values()) if maximise else min(values.values())
    return value, sorted(c for c, v in values.items() if v == value)


def solve_ramsch(pos: Position, seat: int) -> int:
    """``seat``'s final card points in Ramsch when the other two play against it (paranoid).

    ``seat`` plays to take as few card points as possible, the other two to give it as many as
    possible; the skat goes to the winner of the last trick (RamschSkat.LAST_TRICK). Durchmarsch
    is not considered.

    Raises:
        SkatError: ``pos`` is not a Ramsch position or ``seat`` is not 0..2.
    """
    return default_solver().solve_ramsch(pos, seat)


def warm_up() -> float:
    """Compile (or load from the disk cache) every kernel by solving two tiny positions.

    Returns:
        the time taken, in seconds.
    """
    start = time.perf_counter()
    solver = Solver()
    hands = (0b11 << 6, 0b11 << 14, 0b11 << 22)  # A and J of ♦, ♥, ♠
    solver.solve_value(Position(hands=hands, game=GameType.GRAND, declarer=0, to_move=0))
    solver.solve_threshold(Position(hands=hands, game=GameType.NULL, declarer=0, to_move=0), 0)
    return time.perf_counter() - start
