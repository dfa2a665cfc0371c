"""Our player in XSkat's own windows: the X11 driver of ``bench_xskat_match.py`` (issue 5).

The installed XSkat 4.0 (Debian package ``xskat``) is driven from the outside, never its code.
Our player's actions are clicks (``xdotool``) on XSkat's buttons and cards; what XSkat's
computers bid, declare and play is read from the XSkat process's memory (``/proc/PID/mem`` of
our child process: the card array ``cards[32]``, found as the only array holding each card once
next to a valid phase, and a few variables at fixed distances from it in the Debian build, see
``_OFFSETS``). Every action of every seat goes through our :class:`skat.state.State`, which
checks it like a human's. XSkat's memory shows only where the auction stands when a person is
asked, so the bids between two computers are the shortest sequence that leads there
(``_bid_sync``); the contract of a computer is its suit or Grand or Null and Hand
(announcements and ouvert are read from the log afterwards, ``xskat_records.verify_match``).

With one display XSkat plays its one-person mode (our player in the person's seat, two XSkat
computers beside it); with two it plays its several-person mode (``two@display``: our player in
both persons' seats against one XSkat computer).

XSkat runs under libfaketime's *stopped* clock (``bench_xskat.faketime_env``): it reads the
clock once, at its start, and seeds its computers' random numbers from that second, so a given
clock and the same clicks give the same game; the clock's rate ``x`` makes its waits (0.7 s
after every card, a ``select`` timeout) that many times shorter. The pixels of XSkat's first
dialog and of its menu are read with ``xwd`` and ``convert`` to know when to click them away.

Prerequisites (never run by the test suite)::

    apt-get install xskat xvfb xdotool faketime x11-apps imagemagick

and permission to read a child process's memory (root, or ``kernel.yama.ptrace_scope`` ≤ 1).
``XSKAT_SHOTS=folder`` keeps XSkat's log of every game and screenshots of every failure.
"""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
import struct
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

from bench.bench_xskat import die_with_parent, faketime_env, game_file
from skat.action import Action, ActionKind
from skat.contract import Contract
from skat.deal import Deal, deal
from skat.errors import SkatError
from skat.information import InformationState
from skat.options import Options
from skat.players import Player, decision_rng
from skat.rules import GameType
from skat.state import Phase, State

_REIZW = (
    18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60, 63, 66, 70,
    72, 77, 80, 81, 84, 88, 90, 96, 99, 100, 108, 110, 117, 120, 121, 126, 130, 132, 135, 140,
    143, 144, 150, 153, 154, 156, 160, 162, 165, 168, 170, 171, 176, 180, 187, 189, 190, 192,
    198, 200, 204, 207, 209, 210, 216, 220, 228, 240, 264,
)  # fmt: skip
"""XSkat's bid ladder (the values its bid button offers, in order): ours, ISkO 3.3."""

_OFFSETS = {
    "ouveang": -94,
    "handsp": -65,
    "trumpf": -64,
    "stcd": -62,
    "ausspl": -46,
    "stich": -45,
    "reizp": -42,
    "saho": -41,
    "spieler": -40,
    "sager": -39,
    "hoerer": -38,
    "phase": -36,
}
"""Distances in 32-bit ints from ``cards[0]`` in the Debian build 4.0-8, found by watching the
values change: ``ouveang`` 1 in an ouvert game (seen in one Null Ouvert Hand only);
``handsp`` 1 in a Hand game; ``trumpf`` 0-3 suit, 4 Grand, -1 none; ``stcd``
the current trick's cards in playing order; ``ausspl`` its leader; ``stich`` the trick number
from 1; ``reizp`` the index of the bid in question; ``saho`` 1 if the bidder is to speak, 0 the
listener; ``spieler`` the declarer; ``sager``/``hoerer`` bidder and listener; ``phase`` 1
bidding, 2 Hand?, 3 discarding, 4 declaring, 6 playing. Players are XSkat's 0 (the person),
1 (left), 2 (right)."""

_BIDDING, _HAND, _DISCARD, _DECLARE, _PLAYING = 1, 2, 3, 4, 6
_YES, _PASS = (288, 260), (352, 260)
_HAND_YES, _HAND_NO = (270, 199), (369, 199)
_DONE = (320, 260)
_SPLASH_CONTINUE, _MENU_CONTINUE = (320, 310), (387, 352)
_CLAIM_EDGE, _CLAIM_CONTINUE = (256, 271), (320, 271)
"""The black left edge and the button of the box after a computer claims the rest."""
_ASK_CLAIM_EDGE, _ASK_CLAIM_NEVER = (211, 200), (360, 250)
"""The left edge of the box that offers a person to claim the rest, and its Never button."""
_EDGE = ["#000000", "#FFFFFF"]
_SPLASH_EDGE, _MENU_EDGE = 139, 148
"""The x of the black left edge of XSkat's first dialog and of its menu in window row 200."""
_GAME_BUTTON = {
    GameType.DIAMONDS: (184, 148),
    GameType.HEARTS: (275, 148),
    GameType.SPADES: (365, 148),
    GameType.CLUBS: (455, 148),
    GameType.NULL: (229, 182),
    GameType.GRAND: (409, 182),
}
_SCHNEIDER, _SCHWARZ, _OUVERT, _PLAY = (198, 216), (320, 216), (441, 216), (320, 250)
_SUIT_OF_TRUMPF = {
    0: GameType.DIAMONDS,
    1: GameType.HEARTS,
    2: GameType.SPADES,
    3: GameType.CLUBS,
    4: GameType.GRAND,
    -1: GameType.NULL,
}
_OURS_OF_XSKAT = tuple(
    (x >> 3) * 8 + (6, 5, 4, 3, 7, 2, 1, 0)[x & 7] for x in range(32)
)  # XSkat's card: suit * 8 + rank index in A T K Q J 9 8 7 (suits D H S C, as ours)
START_OF_SEAT = (3, 2, 1)
"""XSkat's ``-start`` that puts its person (player 1) into our seat 0, 1, 2."""
PREREQUISITES = "xskat xvfb xdotool faketime x11-apps imagemagick"


class DriverError(SkatError):
    """XSkat did something the driver cannot follow (a click without effect, a timeout)."""

    code = "xskat_driver"


class Table:
    """One XSkat process whose persons' seats (XSkat's players 0, or 0 and 1) are ours.

    ``displays[k]`` is the X display of XSkat's player ``k``; with two displays XSkat plays
    its several-person mode (``two@display``) and its player 2 is its computer. ``start`` is
    XSkat's ``-start``: player ``k`` sits in our seat ``(k - start) % 3``.
    """

    def __init__(
        self,
        d: Deal,
        start: int,
        displays: Sequence[str],
        binary: str,
        home: str,
        clock: int,
        speedup: int = 20,
    ) -> None:
        self.deal = d
        self.start = start
        self.displays = list(displays)
        self.display = displays[0]
        self.ours = {self.seat_of(k) for k in range(len(displays))}
        self.home = home
        self.game_path = os.path.join(home, "game.txt")
        self.log_path = os.path.join(home, "game.log")
        for name in os.listdir(home):
            if name.startswith(".xskat") or name == "game.log":
                os.remove(os.path.join(home, name))
        with open(self.game_path, "w", encoding="ascii") as f:
            f.write(game_file(d))
        cmd = [binary, "-display", self.display, "-game", self.game_path, "-start", str(start)]
        cmd += ["-lang", "english", "-fastdeal", "-tdelay", "0.01", "-noshortcut", "-small"]
        cmd += ["-geometry", "+0+0", "-log", self.log_path, "-tlist", "-noramsch", "-nokontra"]
        cmd += ["-nobock", "-nospitze", "-newrules", "-nohint"]
        cmd += [f"two@{display}" for display in displays[1:]]
        env = dict(os.environ, HOME=home, LANG="C", **faketime_env(clock, speedup))
        self.proc = subprocess.Popen(
            cmd,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=die_with_parent,
        )
        self.pid = self.proc.pid  # Popen returns once the child runs XSkat
        if self.proc.poll() is not None:
            raise DriverError(f"XSkat ended at once (exit status {self.proc.returncode})")
        self.mem = os.open(f"/proc/{self.pid}/mem", os.O_RDONLY)
        self.base = 0
        self.quiet = 0.25 if speedup <= 1 else 0.1

    # -- XSkat's seats ---------------------------------------------------------------------
    def seat_of(self, player: int) -> int:
        """Our seat of XSkat's player 0..2."""
        return (player - self.start) % 3

    def player_of(self, seat: int) -> int:
        """XSkat's player in our seat."""
        return (seat + self.start) % 3

    # -- memory ---------------------------------------------------------------------------
    def find_cards(self) -> None:
        """Locate ``cards[32]`` in the XSkat process (before the first card is played)."""
        with open(f"/proc/{self.pid}/maps", encoding="ascii") as f:
            maps = f.read().splitlines()
        for line in maps:
            fields = line.split()
            path = fields[5] if len(fields) > 5 else ""
            if "w" not in fields[1] or (path and "xskat" not in path):
                continue
            lo, hi = (int(v, 16) for v in fields[0].split("-"))
            if hi - lo > 1 << 20:
                continue
            data = os.pread(self.mem, hi - lo, lo)
            ints = struct.unpack(f"<{len(data) // 4}i", data[: len(data) // 4 * 4])
            for i in range(64, len(ints) - 32):
                if ints[i + 30] < 0 or not 0 <= ints[i - 36] <= 11:
                    continue
                if sorted(ints[i : i + 32]) == list(range(32)):
                    self.base = lo + 4 * i
                    return
        raise DriverError("XSkat's card array was not found")

    def ints(self, offset: int, n: int) -> list[int]:
        """``n`` ints at ``offset`` ints from ``cards[0]``."""
        data = os.pread(self.mem, 4 * n, self.base + 4 * offset)
        return list(struct.unpack(f"<{n}i", data))

    def cards(self, offset: int, n: int) -> list[int]:
        """``n`` cards at ``offset`` ints from ``cards[0]``, as our card numbers (-1 none)."""
        return [_OURS_OF_XSKAT[c] if 0 <= c < 32 else -1 for c in self.ints(offset, n)]

    def var(self, name: str) -> int:
        """One of the variables of ``_OFFSETS``."""
        return self.ints(_OFFSETS[name], 1)[0]

    def block(self) -> list[int]:
        """The watched memory (variables and cards), to see when XSkat stops changing it."""
        return self.ints(-100, 132)

    def wait_idle(self, timeout: float = 20.0) -> None:
        """Wait until the watched memory stays the same for ``self.quiet`` seconds."""
        quiet = self.quiet
        last = self.block()
        t0 = t_quiet = time.monotonic()
        while time.monotonic() - t0 < timeout:
            if self.proc.poll() is not None:
                return
            time.sleep(0.02)
            now = self.block()
            if now != last:
                last, t_quiet = now, time.monotonic()
            elif time.monotonic() - t_quiet >= quiet:
                return
        raise DriverError("XSkat did not come to rest")

    # -- input ----------------------------------------------------------------------------
    def click(self, xy: tuple[int, int], seat: int | None = None) -> None:
        """A click at window point ``xy`` in the window of ``seat`` (default: player 0's).

        The pointer moves onto the point first: XSkat needs the motion.
        """
        display = self.display if seat is None else self.displays[self.player_of(seat)]
        env = dict(os.environ, DISPLAY=display)
        x, y = xy
        script = f"mousemove {x - 1} {y} sleep 0.02 mousemove {x} {y} sleep 0.02 "
        script += "mousedown 1 sleep 0.02 mouseup 1"
        subprocess.run(["xdotool", *script.split()], env=env, check=True)

    def pixels(self, x: int, y: int, n: int, seat: int | None = None) -> list[str]:
        """The colours of ``n`` pixels from window point ``(x, y)`` to the right (``#RRGGBB``)
        in the window of ``seat`` (default: player 0's); none while the screen cannot be read
        (a busy X server: the callers wait and try again)."""
        display = self.display if seat is None else self.displays[self.player_of(seat)]
        run = subprocess.run(
            f"xwd -root -silent -display {display} | convert xwd:- -crop {n}x1+{x}+{y} txt:-",
            shell=True,
            capture_output=True,
            text=True,
            check=False,
        )
        if run.returncode != 0:
            return []
        return re.findall(r"#[0-9A-F]{6}", run.stdout)[-n:]

    def menu_open(self) -> bool:
        """Whether XSkat's main menu covers the table (its black and white left edge)."""
        return self.pixels(_MENU_EDGE, 200, 2) == ["#000000", "#FFFFFF"]

    def wait_dialog(self, edge_x: int, timeout: float = 8.0) -> None:
        """Wait until a dialog whose left edge is at ``edge_x`` (row 200) is on the screen."""
        t0 = time.monotonic()
        while time.monotonic() - t0 < timeout:
            if self.pixels(edge_x, 200, 2) == ["#000000", "#FFFFFF"]:
                return
            time.sleep(0.1)
        raise DriverError(f"no dialog at x={edge_x}")

    def close_menu(self) -> None:
        """Close XSkat's main menu with its Continue button, if it is open."""
        for _ in range(6):
            if not self.menu_open():
                return
            self.click(_MENU_CONTINUE)
            time.sleep(0.3)
        raise DriverError("XSkat's menu does not close")

    def click_until(self, xy: tuple[int, int], seat: int | None = None) -> None:
        """Click ``xy`` until the watched memory changes (a click can be lost), at most 4 times."""
        before = self.block()
        for attempt in range(4):
            self.click(xy, seat)
            for _ in range(10):
                time.sleep(0.05)
                if self.block() != before:
                    self.wait_idle()
                    return
            if attempt >= 1:
                self.close_menu()
        raise DriverError(f"a click at {xy} had no effect")

    def close(self) -> None:
        """End the XSkat process."""
        os.close(self.mem)
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def _bid_sync(
    state: State, ours: set[int], values: set[int], done: Callable[[State], bool]
) -> State:
    """The shortest sequence of other seats' bidding actions after which ``done(state)``.

    XSkat's computers may bid, hold and pass several times between two questions to the
    person; its memory shows only where the auction stands (who bids to whom, the value, or the
    declarer and the final bid). The auction given to our player is the shortest one that
    leads there, with bids only of ``values`` (our seats' actions are applied as they happen).

    Raises:
        DriverError: none of at most six actions reaches it.
    """
    frontier = [state]
    for _ in range(7):
        nxt: list[State] = []
        for s in frontier:
            if done(s):
                return s
            if s.phase != Phase.BIDDING or s.current_player in ours:
                continue
            for a in s.legal_actions():
                if a.kind in (ActionKind.HOLD, ActionKind.PASS) or (
                    a.kind == ActionKind.BID and a.value in values
                ):
                    nxt.append(s.apply(a))
        frontier = nxt
    raise DriverError("the bidding could not be matched")


@dataclass
class GameRun:
    """What one game of our player at XSkat's table left: XSkat's log and our actions.

    Attributes:
        number: the deal number.
        start: XSkat's ``-start``.
        log: XSkat's game log, None if the game did not end.
        applied: every action of every seat as the driver applied it (record notation).
        decisions: our player's decisions: ``(ply, seat, action)``, the number of actions
            before it, the seat and the action it chose (the driver clicks what it stands for).
        problem: why the driver gave up, None if it did not.
        seconds: wall time of the game.
    """

    number: int
    start: int
    log: str | None = None
    applied: list[str] = field(default_factory=list)
    decisions: list[tuple[int, int, str]] = field(default_factory=list)
    problem: str | None = None
    seconds: float = 0.0


def _contract_of(t: Table) -> Contract:
    game = _SUIT_OF_TRUMPF.get(t.var("trumpf"))
    if game is None:
        raise DriverError(f"unknown trumpf {t.var('trumpf')}")
    return Contract.make(game, hand=t.var("handsp") == 1, ouvert=t.var("ouveang") == 1)


def _asks_listener(me: int, value: int, bidder: int, s: State) -> bool:
    """``me`` is asked to hold ``value`` that ``bidder`` bid."""
    a = s.auction
    return s.current_player == me and s.bid == value and a.listener == me and a.bidder == bidder


def _asks_bidder(me: int, value: int, nxt: int, listener: int, s: State) -> bool:
    """``me`` may bid ``nxt`` over ``value`` to ``listener`` (any listener in round 3)."""
    a = s.auction
    return (
        s.current_player == me
        and s.bid == value
        and a.bidder == me
        and (a.listener == listener or a.stage == 3)
        and Action.bid(nxt) in s.legal_actions()
    )


def _auction_over(declarer: int, value: int, s: State) -> bool:
    """The auction is over with ``declarer`` at ``value``."""
    return s.phase != Phase.BIDDING and s.declarer == declarer and s.bid == value


_NOT_AT_XSKAT = frozenset((ActionKind.CONCEDE, ActionKind.SHOW))
"""Actions XSkat's table does not offer: its declarer cannot concede (``RE``) or lay his
cards open (``SC``); claiming the rest is its own box (:meth:`_Game.claim`)."""


def at_xskat_table(info: InformationState) -> InformationState:
    """``info`` with only the legal actions XSkat's table offers (none of
    :data:`_NOT_AT_XSKAT`), so our player chooses among what it could do there."""
    legal = tuple(a for a in info.legal_actions() if a.kind not in _NOT_AT_XSKAT)
    return dataclasses.replace(info, _legal=legal)


class _Game:
    """Our player at one XSkat table: follow XSkat phase by phase, act when one of our seats
    is asked (with two of our seats, each acts from its own information state)."""

    def __init__(self, number: int, table: Table, player: Player) -> None:
        self.number = number
        self.table = table
        self.player = player
        self.ours = table.ours
        self.state = State.new(number, Options())
        self.decisions: list[tuple[int, int, str]] = []

    def choose(self, seat: int) -> Action:
        s = self.state
        ply = len(s.actions)
        info = at_xskat_table(s.information_state(seat))
        action = self.player.choose(info, decision_rng(self.number, ply))
        self.decisions.append((ply, seat, str(action)))
        return action

    def step(self) -> None:
        """Handle what XSkat shows now (it is at rest)."""
        t = self.table
        phase = t.var("phase")
        if phase == _BIDDING:
            self.bidding()
            return
        if self.state.phase == Phase.BIDDING and phase in (_HAND, _DISCARD, _DECLARE, _PLAYING):
            declarer, value = t.seat_of(t.var("spieler")), _REIZW[t.var("reizp")]
            self.state = _bid_sync(
                self.state, self.ours, {value}, partial(_auction_over, declarer, value)
            )
        declarer_seat = self.state.declarer
        if phase in (_HAND, _DISCARD, _DECLARE) and declarer_seat not in self.ours:
            time.sleep(0.05)  # a computer declarer between two steps
            return
        if phase == _HAND:
            self.hand(int(declarer_seat))  # type: ignore[arg-type]
        elif phase == _DISCARD:
            self.discard(int(declarer_seat))  # type: ignore[arg-type]
        elif phase == _DECLARE:
            seat = int(declarer_seat)  # type: ignore[arg-type]
            action = self.choose(seat)
            _declare(t, action.contract, seat)
            self.state = self.state.apply(action)
        elif phase == _PLAYING:
            self.play()
        elif not self.claim():
            time.sleep(0.1)

    def claim(self) -> bool:
        """Answer XSkat's boxes about claiming the rest; True if there was one.

        A computer's claim ("Rest is mine!") waits for every person's Continue. A person
        after the first (whose ``-noshortcut`` option the others do not share) is offered to
        claim ("Show cards?"): Never, so our player plays every card.
        """
        t = self.table
        for seat in sorted(self.ours):
            asked = t.player_of(seat) > 0 and (
                t.pixels(_ASK_CLAIM_EDGE[0], _ASK_CLAIM_EDGE[1], 2, seat) == _EDGE
            )
            if asked:
                t.click(_ASK_CLAIM_NEVER, seat)
                time.sleep(0.1)
                return True
        if t.pixels(_CLAIM_EDGE[0], _CLAIM_EDGE[1], 2) != _EDGE:
            return False
        for person in sorted(self.ours):
            t.click(_CLAIM_CONTINUE, person)
            time.sleep(0.1)
        return True

    def bidding(self) -> None:
        t, ours = self.table, self.ours
        saho, sager, hoerer = t.var("saho"), t.var("sager"), t.var("hoerer")
        reizp = t.var("reizp")
        value = _REIZW[reizp]
        if saho == 0 and t.seat_of(hoerer) in ours:
            me = t.seat_of(hoerer)
            done = partial(_asks_listener, me, value, t.seat_of(sager))
            self.state = _bid_sync(self.state, ours, {value}, done)
            yes = self.choose(me).kind == ActionKind.HOLD
            action = Action(ActionKind.HOLD) if yes else Action(ActionKind.PASS)
        elif saho == 1 and t.seat_of(sager) in ours:
            me = t.seat_of(sager)
            prev = _REIZW[reizp - 1] if reizp > 0 else 0
            done = partial(_asks_bidder, me, prev, value, t.seat_of(hoerer))
            self.state = _bid_sync(self.state, ours, {prev}, done)
            yes = self.choose(me).kind == ActionKind.BID
            action = Action.bid(value) if yes else Action(ActionKind.PASS)
        else:
            time.sleep(0.1)
            return
        t.click_until(_YES if yes else _PASS, me)
        self.state = self.state.apply(action)

    def hand(self, seat: int) -> None:
        action = self.choose(seat)
        if action.kind == ActionKind.PICKUP:
            self.table.click_until(_HAND_NO, seat)
        else:
            self.table.click_until(_HAND_YES, seat)
            _declare(self.table, action.contract, seat)
        self.state = self.state.apply(action)

    def discard(self, seat: int) -> None:
        if self.state.phase == Phase.SKAT:
            self.state = self.state.apply(Action(ActionKind.PICKUP))
        if self.state.phase == Phase.DISCARD:
            self.state = self.state.apply(self.choose(seat))
        _discard(self.table, self.state.discard(seat), seat)

    def play(self) -> None:
        t = self.table
        if self.state.phase in (Phase.SKAT, Phase.DISCARD, Phase.DECLARE):
            contract = _contract_of(t)
            if self.state.phase == Phase.SKAT and not contract.hand:
                self.state = self.state.apply(Action(ActionKind.PICKUP))
            if self.state.phase == Phase.DISCARD:
                skat = t.cards(30, 2)
                if min(skat) < 0:
                    raise DriverError("the computer's discard is no longer readable")
                self.state = self.state.apply(Action.discard((1 << skat[0]) | (1 << skat[1])))
            self.state = self.state.apply(Action.declare(contract))
        self.state = _sync_play(t, self.state)
        seat = self.state.current_player
        if self.claim():
            pass
        elif self.state.is_terminal():
            time.sleep(0.2)
        elif seat is not None and seat in self.ours:
            action = self.choose(seat)
            first = 10 * t.player_of(seat)
            position = t.cards(first, 10).index(action.card)
            t.click_until((position * 64 + 32, 350), seat)
            self.state = self.state.apply(action)


def play_game(
    number: int,
    start: int,
    displays: Sequence[str],
    player: Player,
    binary: str,
    home: str,
    clock: int,
    speedup: int = 20,
) -> GameRun:
    """Play deal ``number`` at an XSkat table whose persons' seats are our player's.

    ``displays`` has one X display per person (one: against two XSkat computers; two: both
    against one); ``start`` is XSkat's ``-start`` (see :class:`Table`); ``clock`` the second
    (since 1970, UTC) XSkat's stopped clock shows, ``speedup`` its rate. ``home`` is a scratch
    folder of this caller's alone. Nothing raises: what goes wrong is ``GameRun.problem`` (and,
    with ``XSKAT_SHOTS`` set to a folder, a screenshot and XSkat's log land there).
    """
    run = GameRun(number, start)
    t0 = time.monotonic()
    for attempt in range(3):  # XSkat rarely ends at once on start; a new start works
        try:
            table = Table(deal(number), start, displays, binary, home, clock, speedup)
            break
        except DriverError as err:
            if attempt == 2:
                run.problem = f"{type(err).__name__}: {err}"
                return run
            time.sleep(1.0)
    game = _Game(number, table, player)
    shots = os.environ.get("XSKAT_SHOTS")
    try:
        table.wait_dialog(_SPLASH_EDGE)
        table.click(_SPLASH_CONTINUE)
        table.wait_dialog(_MENU_EDGE)
        table.close_menu()
        table.find_cards()
        for _ in range(300):
            table.wait_idle()
            if _log_done(table.log_path):
                break
            game.step()
        else:
            raise DriverError("no end after 300 steps")
        with open(table.log_path, encoding="latin-1") as f:
            run.log = f.read()
        if shots:
            name = f"{number}-{start}-{len(displays)}.log"
            shutil.copy(table.log_path, os.path.join(shots, name))
    except (SkatError, OSError, ValueError) as err:
        run.problem = f"{type(err).__name__}: {err}"
        if shots:
            for k, display in enumerate(displays):
                png = os.path.join(shots, f"{number}-{start}-{len(displays)}-{k}.png")
                subprocess.run(
                    f"xwd -root -silent -display {display} | convert xwd:- -crop 640x400+0+0 {png}",
                    shell=True,
                    check=False,
                )
    finally:
        table.close()
        run.seconds = time.monotonic() - t0
        run.applied = [str(a) for a in game.state.actions]
        run.decisions = list(game.decisions)
    return run


def _log_done(path: str) -> bool:
    if not os.path.exists(path):
        return False
    with open(path, encoding="latin-1") as f:
        return "=====" in f.read()


def _declare(table: Table, contract: Contract, seat: int) -> None:
    """Choose ``contract`` in XSkat's game dialog in the window of ``seat``."""
    table.click(_GAME_BUTTON[contract.game], seat)
    if contract.game != GameType.NULL:
        if contract.schwarz and not contract.ouvert:
            table.click(_SCHWARZ, seat)
        elif contract.schneider and not contract.ouvert:
            table.click(_SCHNEIDER, seat)
    if contract.ouvert:
        table.click(_OUVERT, seat)
    table.click_until(_PLAY, seat)


def _discard(table: Table, mask: int, seat: int) -> None:
    """Put the cards of ``mask`` into the skat: a hand card clicked changes places with a skat
    card (XSkat alternates between the two), so at most three clicks; then Done."""
    first = 10 * table.player_of(seat)
    for _ in range(6):
        hand = table.cards(first, 10)
        skat = table.cards(30, 2)
        if {c for c in skat if c >= 0} == {c for c in range(32) if mask >> c & 1}:
            table.click_until(_DONE, seat)
            return
        wanted = [i for i, c in enumerate(hand) if c >= 0 and mask >> c & 1]
        if not wanted:
            raise DriverError(f"discard cards not in hand: {hand} {skat}")
        table.click_until((wanted[0] * 64 + 32, 350), seat)
    raise DriverError("the discard could not be made")


def _sync_play(table: Table, state: State) -> State:
    """Apply the cards XSkat's computers played since ``state`` (ours are applied already).

    A computer's cards gone from ``cards[]`` but not yet in ``state`` are applied in turn
    order; the current trick's cards come from ``stcd`` in playing order, so a computer that
    played twice (the end of one trick, the lead of the next) is ordered correctly.

    Raises:
        DriverError: the cards cannot be put in an order our engine accepts.
    """
    cards = table.cards(0, 30)
    remaining = {
        table.seat_of(p): {c for c in cards[10 * p : 10 * p + 10] if c >= 0} for p in range(3)
    }
    stich = table.var("stich")
    played = 30 - sum(len(r) for r in remaining.values())
    in_trick = played - 3 * (stich - 1)
    current = table.cards(_OFFSETS["stcd"], 3)[: max(0, in_trick)]
    while not state.is_terminal():
        seat = state.current_player
        if seat is None:
            break
        pending = [c for c in range(32) if state.hand(seat) >> c & 1 and c not in remaining[seat]]
        if not pending:
            break
        if seat in table.ours:
            raise DriverError(f"our seat lost cards we did not play: {pending}")
        if len(state.tricks) == stich - 1:
            if len(state.trick) >= len(current):
                raise DriverError(f"trick {stich}: more cards than XSkat shows {current}")
            card = current[len(state.trick)]
        else:
            later = [c for c in pending if c not in current]
            if len(later) != 1:
                raise DriverError(f"cannot order the plays of seat {seat}: {pending} {current}")
            card = later[0]
        if card not in pending:
            raise DriverError(f"seat {seat} did not hold {card}")
        state = state.apply(Action.of_card(card))
    return state
