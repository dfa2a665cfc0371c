"""XSkat's computer players on our deals, every action checked by our engine (issue 5).

XSkat 4.0 (Gunter Gerhardt; Debian package ``xskat``) is an established open-source Skat program
whose computer players are careful rule-based players. This script drives the *installed* binary
from the outside, never its code:

1. For each deal number (``arena_deal_number(seed, i)``, as in ``skat arena``) it writes the
   deal's cards into an XSkat game file (``-game``: one line per suit, ``D H S C``, columns
   ``A T K Q J 9 8 7``, ``1 2 3`` a player, ``0`` the skat) and lets XSkat's three computers play
   it once (``-auto 1 -start 1 -tlist``) on a virtual X display. With ``-start 1`` XSkat's
   player 3 of the file is forehand, 1 middlehand, 2 rearhand; its log columns Computer1..3
   are rearhand, forehand, middlehand.
2. It reads XSkat's game log (hands at the first card, the ten tricks, the skat before and after,
   the last bid, the declarer and the contract) and its Seeger-Fabian scores (``-tlist``: won
   ``value + 50``; lost ``-2 value - 50`` and each defender +40).
3. It replays the game in :class:`skat.state.State` with ISkO options (no Ramsch, no Kontra,
   Seeger-Fabian): the log has only the final bid, so the auction is the shortest one that
   makes the logged declarer play at it; the pick-up, the discard (the final skat), the
   contract and every card are applied as XSkat played them. A game is *conformant* when our
   engine accepts every action and computes XSkat's result: won or lost, the declarer's card
   points and the three list scores.
4. It plays the same deal numbers with our players in self-play (``skat.arena.play_deal``) and
   prints, side by side, declarer share, declarer win rate by game type, passed deals and
   Seeger-Fabian points per game.

This is a calibration on the same cards, not a match: ``bench_xskat_match.py`` seats our player
at XSkat's table (through its X11 window; XSkat's IRC mode replicates mouse clicks between XSkat
programs and never sends its computer players' moves), and uses ``-auto`` games of each deal
(:meth:`XSkat.play` under fixed fake clocks, :func:`faketime_env`) as the XSkat side of its
pairs. This script runs XSkat on the real clock: XSkat seeds its computers from it, so two runs
differ a little. Its runs are in ``docs/experiments/2026-11-xskat-match.md``, today's figures in
``docs/benchmarks.md`` ("Against XSkat").

Prerequisites (never run by the test suite)::

    apt-get install xskat xvfb

Run::

    .venv/bin/python -m bench.bench_xskat --deals 500 --seed 1 --players heuristic

(``--xskat`` names the binary, default ``/usr/games/xskat``; ``--display :N`` uses a running X
server instead of starting ``Xvfb``; ``--show N`` prints the first N mismatching games.)
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from bench.common import add_deal_arguments, argument_parser, mean_half
from skat.action import Action
from skat.arena import arena_deal_number, play_deal
from skat.cards import format_card
from skat.contract import Contract
from skat.deal import Deal, deal
from skat.errors import SkatError
from skat.options import Options, ScoreList
from skat.rules import GameType
from skat.scoring import GameResult, list_scores
from skat.state import Phase, State

# XSkat's game file: rows Diamond Heart Spade Club, columns A T K Q J 9 8 7 (our ranks).
_FILE_RANKS = (6, 5, 4, 3, 7, 2, 1, 0)
_SUITS = {"diamond": 0, "heart": 1, "spade": 2, "club": 3}
_RANKS = {"7": 0, "8": 1, "9": 2, "q": 3, "k": 4, "10": 5, "a": 6, "j": 7}
_GAMES = {
    "diamond": GameType.DIAMONDS,
    "heart": GameType.HEARTS,
    "spade": GameType.SPADES,
    "club": GameType.CLUBS,
    "grand": GameType.GRAND,
    "null": GameType.NULL,
}
_FILE_PLAYER = (3, 1, 2)
"""XSkat's file player number of forehand, middlehand, rearhand (with ``-start 1``)."""
_SEAT_OF_COLUMN = (2, 0, 1)
"""Our seat of XSkat's log columns Computer1, Computer2, Computer3 (with ``-start 1``)."""
_CARD = re.compile(r"(diamond|heart|spade|club)[ _]+(10|[789akqj])\b", re.IGNORECASE)


def game_file(d: Deal) -> str:
    """XSkat's ``-game`` text for deal ``d``: four lines of eight owner digits.

    Source: the FILES section of ``man xskat``.
    """
    owner = {}
    for seat in range(3):
        for card in d.hands[seat]:
            owner[card] = _FILE_PLAYER[seat]
    for card in d.skat:
        owner[card] = 0
    lines = [" ".join(str(owner[suit * 8 + rank]) for rank in _FILE_RANKS) for suit in range(4)]
    return "\n".join(lines) + "\n"


def _card(word: str, rank: str) -> int:
    return _SUITS[word.lower()] * 8 + _RANKS[rank.lower()]


def _cards_of_line(line: str) -> list[int]:
    return [_card(m.group(1), m.group(2)) for m in _CARD.finditer(line)]


@dataclass
class XSkatGame:
    """One game as XSkat's log and score line tell it (seats are ours: 0 forehand).

    Attributes:
        passed: all three passed.
        hands: each seat's ten cards at the first trick, after the discard (card masks).
        tricks: the cards of each trick by seat (forehand, middlehand, rearhand).
        skat_before: the dealt skat (card mask).
        skat_after: the skat after the discard (card mask).
        bid: the last bid (game points).
        declarer: the declarer's seat, None if passed.
        contract: the contract XSkat declared, None if passed.
        won: whether XSkat scored the game as won.
        card_points: the declarer's card points XSkat printed (None for Null).
        scores: XSkat's Seeger-Fabian list scores by seat, None if not printed.
    """

    passed: bool = False
    hands: list[int] = field(default_factory=lambda: [0, 0, 0])
    tricks: list[tuple[int, int, int]] = field(default_factory=list)
    skat_before: int = 0
    skat_after: int = 0
    bid: int = 0
    declarer: int | None = None
    contract: Contract | None = None
    won: bool | None = None
    card_points: int | None = None
    scores: tuple[int, int, int] | None = (0, 0, 0)


def parse_log(
    log: str,
    score_line: str | None,
    seat_of_column: tuple[int, int, int] = _SEAT_OF_COLUMN,
    names: tuple[str, str, str] | None = None,
) -> XSkatGame:
    """Read one game from XSkat's log and its printed score line (None: not printed).

    ``seat_of_column`` is our seat of the log's three player columns (``-start`` decides it);
    ``names`` their names in the declarer line (default: the log's one-line header).

    Raises:
        SkatError: a line this reader does not know, or a table of the wrong shape.
    """
    g = XSkatGame()
    header = log.lstrip("\n").splitlines()[0] if log.strip() else ""
    if names is None:
        names = tuple(re.split(r"\s{2,}", header.strip()))  # type: ignore[assignment]
    assert names is not None
    parts = re.split(r"^-{10,}.*$", log, flags=re.MULTILINE)
    if len(parts) < 3:
        raise SkatError(f"not an XSkat game log: {log[:80]!r}")
    trick_rows = [ln for ln in parts[1].splitlines() if ln.strip()]
    if len(trick_rows) == 1 and "pass" in trick_rows[0].lower():
        g.passed = True
    else:
        for row in trick_rows:
            cards = _cards_of_line(row)
            if len(cards) != 3:
                raise SkatError(f"not a trick row: {row!r}")
            by_seat = [0, 0, 0]
            for column, card in enumerate(cards):
                by_seat[seat_of_column[column]] = card
            g.tricks.append((by_seat[0], by_seat[1], by_seat[2]))
    for row in (ln for ln in parts[2].splitlines() if ln.strip()):
        cards = _cards_of_line(row)
        if len(cards) != 3:
            raise SkatError(f"not a hand row: {row!r}")
        for column, card in enumerate(cards):
            g.hands[seat_of_column[column]] |= 1 << card
    game_word: str | None = None
    hand = ouvert = schneider = schwarz = False
    for line in (ln.strip() for ln in parts[-1].splitlines()):
        low = line.lower()
        if not line or line.startswith("="):
            continue
        if low.startswith("skat is:") or low.startswith("skat was:"):
            mask = sum(1 << c for c in _cards_of_line(line))
            if low.startswith("skat is:"):
                g.skat_after = mask
            else:
                g.skat_before = mask
        elif low.startswith("last bid:"):
            g.bid = int(line.split(":")[1])
        elif (m := re.fullmatch(r"(.*?) ?played (\w+)", line)) and m.group(1) in names:
            g.declarer = seat_of_column[names.index(m.group(1))]
            game_word = m.group(2).lower()
        elif line.startswith("Played "):
            words = low.split()[1:]
            for w in words:
                if w == "hand":
                    hand = True
                elif w == "ouvert":
                    ouvert = True
                elif w == "schneider":
                    schneider = True
                elif w == "schwarz":
                    schwarz = True
                elif w not in ("announced",):
                    raise SkatError(f"unknown announcement in {line!r}")
        elif m := re.fullmatch(r"(schneider|schwarz) announced", low):
            schneider = True  # Schwarz announced includes Schneider announced
            schwarz = schwarz or m.group(1) == "schwarz"
        elif m := re.fullmatch(r"(won|lost)(?: with: (\d+) points)?", low):
            g.won = m.group(1) == "won"
            g.card_points = int(m.group(2)) if m.group(2) else None
        else:
            raise SkatError(f"unknown log line {line!r}")
    if game_word is not None:
        if game_word not in _GAMES:
            raise SkatError(f"unknown game {game_word!r}")
        # only a Hand game announces Schneider or Schwarz: XSkat's log may say the announcement
        # on its own line and leave the Hand unsaid
        hand = hand or schneider or schwarz
        g.contract = Contract.make(
            _GAMES[game_word], hand=hand, schneider=schneider, schwarz=schwarz, ouvert=ouvert
        )
    elif not g.passed:
        raise SkatError("a played game without a declarer line")
    if score_line is None:
        g.scores = None
        return g
    values = [int(v) for v in score_line.split()]
    if len(values) != 3:
        raise SkatError(f"not a score line: {score_line!r}")
    by_seat = [0, 0, 0]
    for column, value in enumerate(values):
        by_seat[seat_of_column[column]] = value
    g.scores = (by_seat[0], by_seat[1], by_seat[2])
    return g


def _auction(declarer: int, bid: int) -> list[str]:
    """The shortest auction that makes ``declarer`` play at ``bid`` (our bidding order)."""
    if declarer == 0:
        return [str(bid), "y", "p", "p"]
    if declarer == 1:
        return [str(bid), "p", "p"]
    return ["p", str(bid), "p"]


@dataclass
class Check:
    """Our engine's verdict on one XSkat game.

    Attributes:
        number: the deal number.
        game: XSkat's game.
        problems: everything that differs, empty when conformant.
        actions: the actions applied, in our record notation.
    """

    number: int
    game: XSkatGame
    problems: list[str]
    actions: list[str]


def replay(number: int, g: XSkatGame, options: Options) -> Check:
    """Apply XSkat's game to ``State.new(number, Options())`` and compare the results.

    The engine rejecting an action, different hands, a different winner or different
    points or scores are listed as problems; nothing raises.
    """
    d = deal(number)
    problems: list[str] = []
    actions: list[str] = []
    state = State.new(number, options)

    def apply(token: str) -> bool:
        nonlocal state
        try:
            state = state.apply(token)
        except SkatError as err:
            problems.append(f"action {len(actions)} {token!r} rejected: {err}")
            return False
        actions.append(token)
        return True

    if g.passed:
        if g.skat_after != d.skat.mask:
            problems.append("the dealt skat differs")
        if g.hands != [d.hands[seat].mask for seat in range(3)]:
            problems.append("the dealt hands differ")
        for token in ("p", "p", "p"):
            apply(token)
        if not state.is_terminal() or state.result() is not None:
            problems.append("all passed, but our engine has a game")
        if g.scores not in (None, (0, 0, 0)):
            problems.append(f"a passed deal scored {g.scores}")
        return Check(number, g, problems, actions)
    if g.declarer is None or g.contract is None:
        problems.append("a game without declarer or contract")
        return Check(number, g, problems, actions)
    if g.skat_before != d.skat.mask:
        problems.append("the dealt skat differs")
    declarer, contract = g.declarer, g.contract
    for seat in range(3):
        dealt = d.hands[seat].mask
        if seat == declarer and not contract.hand:
            dealt = (dealt | g.skat_before) & ~g.skat_after
        if g.hands[seat] != dealt:
            problems.append(f"seat {seat} holds other cards than dealt")
    ok = all(apply(t) for t in _auction(declarer, g.bid))
    if ok and not contract.hand:
        ok = apply("s") and apply(".".join(format_card(c) for c in _cards(g.skat_after)))
    ok = ok and apply(str(contract))
    for trick in g.tricks:
        if not ok or state.is_terminal():
            break
        leader = state.leader
        for k in range(3):
            seat = (leader + k) % 3
            if not apply(Action.of_card(trick[seat]).__str__()):
                ok = False
                break
    if not ok:
        return Check(number, g, problems, actions)
    if not state.is_terminal() or state.phase != Phase.RESULT:
        problems.append(f"our game is not over after XSkat's {len(g.tricks)} tricks")
        return Check(number, g, problems, actions)
    result = state.result()
    if not isinstance(result, GameResult):
        problems.append(f"our engine has no game result: {result!r}")
        return Check(number, g, problems, actions)
    if result.won != g.won:
        problems.append(f"won: XSkat {g.won}, ours {result.won}")
    counted = g.card_points is not None and contract.game != GameType.NULL
    if counted and result.declarer_points != g.card_points:
        problems.append(f"card points: XSkat {g.card_points}, ours {result.declarer_points}")
    ours = list_scores(result, declarer, ScoreList.SEEGER_FABIAN)
    if g.scores is not None and ours != g.scores:
        problems.append(f"Seeger-Fabian scores: XSkat {g.scores}, ours {ours}")
    return Check(number, g, problems, actions)


def _cards(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


FAKETIME_LIBRARIES = (
    "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
    "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
    "/usr/lib/faketime/libfaketime.so.1",
    "/usr/local/lib/faketime/libfaketime.so.1",
)
"""Where Debian's ``libfaketime`` (and a local build) put the preload library."""


def faketime_env(clock: int, speedup: int = 20) -> dict[str, str]:
    """The environment that runs a program under libfaketime's stopped clock.

    The program's clock shows ``clock`` (seconds since 1970, UTC) for as long as it runs: an
    absolute ``FAKETIME`` date without ``@``, read in ``TZ=UTC``; ``speedup`` (``x``) makes its
    sleeps and ``select`` timeouts that many times shorter. XSkat reads the clock once, at its
    start (``time()``, whole seconds), and seeds its computers' random numbers from it, so one
    clock gives one game wherever and however fast the process starts; a clock that runs (``@``
    or ``+0``) would add the start-up time multiplied by the rate
    (docs/experiments/2026-12-xskat-reproducible-runs.md).

    Raises:
        SystemExit: libfaketime is not installed.
    """
    library = next((p for p in FAKETIME_LIBRARIES if os.path.exists(p)), None)
    if library is None:
        raise SystemExit("libfaketime not found: apt-get install faketime")
    stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(clock))
    return {"LD_PRELOAD": library, "FAKETIME": f"{stamp} x{speedup}", "TZ": "UTC"}


def die_with_parent() -> None:
    """In a child process before its program starts: end it (SIGTERM) when its parent ends,
    so no XSkat or Xvfb outlives an interrupted benchmark (Linux ``prctl``)."""
    import ctypes
    import signal

    ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def start_display() -> tuple[subprocess.Popen[bytes], str]:
    """A new ``Xvfb`` on a display number it finds free itself (``-displayfd``), and its name.

    Raises:
        SystemExit: Xvfb is not installed or does not start.
    """
    if shutil.which("Xvfb") is None:
        raise SystemExit("Xvfb not found: apt-get install xvfb")
    read, write = os.pipe()
    proc = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "800x600x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        pass_fds=(write,),
        preexec_fn=die_with_parent,
    )
    os.close(write)
    with os.fdopen(read, encoding="ascii") as f:
        number = f.readline().strip()
    if not number.isdigit():
        proc.kill()
        proc.wait()
        raise SystemExit("Xvfb did not start")
    return proc, ":" + number


class XSkat:
    """The installed XSkat binary on a virtual X display (started and stopped here)."""

    def __init__(self, binary: str, display: str | None) -> None:
        if shutil.which(binary) is None:
            raise SystemExit(f"{binary} not found: apt-get install xskat xvfb")
        self.binary = binary
        self.home = tempfile.mkdtemp(prefix="bench-xskat-")
        self.xvfb: subprocess.Popen[bytes] | None = None
        if display is None:
            self.xvfb, display = start_display()
        self.display = display

    def play(self, d: Deal, clock: int | None = None, speedup: int = 20) -> tuple[str, str]:
        """XSkat's log and score line for one game of deal ``d`` by its three computers.

        ``clock``: the second XSkat's stopped clock shows (:func:`faketime_env`, which makes
        the game a function of the deal and the clock); None: the real clock.
        """
        gpath = os.path.join(self.home, "game.txt")
        lpath = os.path.join(self.home, "game.log")
        for name in os.listdir(self.home):
            if name.startswith(".xskat") or name == "game.log":
                os.remove(os.path.join(self.home, name))
        with open(gpath, "w", encoding="ascii") as f:
            f.write(game_file(d))
        cmd = [self.binary, "-display", self.display, "-auto", "1", "-game", gpath]
        cmd += ["-start", "1", "-tlist", "-log", lpath, "-lang", "english"]
        cmd += ["-noramsch", "-nokontra", "-nobock", "-nospitze", "-newrules"]
        env = dict(os.environ, HOME=self.home, LANG="C")
        if clock is not None:
            env.update(faketime_env(clock, speedup))
        out = subprocess.run(
            cmd,
            capture_output=True,
            text=True,
            timeout=60,
            env=env,
            preexec_fn=die_with_parent,
        )
        with open(lpath, encoding="latin-1") as f:
            log = f.read()
        lines = [ln for ln in out.stdout.splitlines() if re.fullmatch(r"-?\d+ -?\d+ -?\d+", ln)]
        if not lines:
            raise SkatError(f"no score line from xskat: {out.stdout[-200:]!r} {out.stderr!r}")
        return log, lines[-1]

    def close(self) -> None:
        """Stop the virtual display and remove the scratch directory."""
        if self.xvfb is not None:
            self.xvfb.terminate()
            self.xvfb.wait()
        shutil.rmtree(self.home, ignore_errors=True)


@dataclass
class Tally:
    """Self-play statistics of one side (XSkat or one of our players) over the same deals."""

    games: int = 0
    passed: int = 0
    declared: dict[str, list[int]] = field(default_factory=dict)
    sf: list[float] = field(default_factory=list)
    table: list[int] = field(default_factory=list)

    def add(self, declarer_game: str | None, won: bool | None, scores: Sequence[int]) -> None:
        """Count one deal: the game letter (None if passed), won, the SF scores by seat."""
        self.games += 1
        if declarer_game is None:
            self.passed += 1
        else:
            won_lost = self.declared.setdefault(declarer_game, [0, 0])
            won_lost[0 if won else 1] += 1
        self.sf.append(sum(scores) / 3)
        self.table.append(sum(scores))

    def lines(self, name: str) -> list[str]:
        """The report lines for this side."""
        declared = sum(w + lost for w, lost in self.declared.values())
        won = sum(w for w, _ in self.declared.values())
        mean, half = mean_half(self.sf)
        out = [
            f"{name}: {self.games} deals, passed {self.passed} "
            f"({100 * self.passed / max(1, self.games):.1f}%), declarer in "
            f"{100 * declared / max(1, self.games):.1f}% of deals, declarer wins "
            f"{100 * won / max(1, declared):.1f}% ({won}/{declared}); SF points per game per "
            f"player {mean:+.1f} (± {half:.1f})",
        ]
        for letter in ("G", "C", "S", "H", "D", "N"):
            if letter in self.declared:
                w, lost = self.declared[letter]
                out.append(f"    {letter}: {w + lost} games, won {100 * w / (w + lost):.0f}%")
        return out


def main(argv: Sequence[str] | None = None) -> int:
    """Run the calibration; exit status 1 if any XSkat game is not conformant."""
    ap = argument_parser(__doc__)
    add_deal_arguments(ap, deals=200, seed=1)
    ap.add_argument("--players", nargs="*", default=["heuristic"])
    ap.add_argument("--xskat", default="/usr/games/xskat")
    ap.add_argument("--display", default=None)
    ap.add_argument("--show", type=int, default=3)
    args = ap.parse_args(argv)
    options = Options()
    xs = XSkat(args.xskat, args.display)
    xskat_tally = Tally()
    ours = {name: Tally() for name in args.players}
    bad: list[Check] = []
    contracts: dict[str, int] = {}
    start = time.perf_counter()
    try:
        for i in range(args.deals):
            number = arena_deal_number(args.seed, i)
            log, score_line = xs.play(deal(number))
            try:
                g = parse_log(log, score_line)
            except SkatError as err:
                print(f"deal {number}: unreadable XSkat log: {err}", file=sys.stderr)
                bad.append(Check(number, XSkatGame(), [str(err)], []))
                continue
            check = replay(number, g, options)
            if check.problems:
                bad.append(check)
            letter = None if g.contract is None else g.contract.game.letter
            if g.contract is not None:
                contracts[str(g.contract)] = contracts.get(str(g.contract), 0) + 1
            xskat_tally.add(letter, g.won, g.scores or (0, 0, 0))
            for name, tally in ours.items():
                outcome = play_deal((i, number, (name,), options, False)).games[0]
                game = None if outcome.contract is None else outcome.contract[0]
                tally.add(game, outcome.won, outcome.scores)
    finally:
        xs.close()
    elapsed = time.perf_counter() - start
    print(f"{args.deals} deals (seed {args.seed}), {elapsed:.0f} s")
    print(
        f"XSkat games our engine replays with XSkat's result: {args.deals - len(bad)}/{args.deals}"
    )
    for check in bad[: args.show]:
        print(f"  deal {check.number}: {'; '.join(check.problems)}")
        print(f"    actions: {' '.join(check.actions)}")
    for line in xskat_tally.lines("XSkat self-play"):
        print(line)
    print("    XSkat's contracts: " + ", ".join(f"{c} {n}" for c, n in sorted(contracts.items())))
    for name, tally in ours.items():
        for line in tally.lines(f"{name} self-play"):
            print(line)
        diffs = [a - b for a, b in zip(tally.table, xskat_tally.table, strict=True)]
        mean, half = mean_half(diffs)
        print(
            f"    table total SF per deal, {name} minus XSkat (same deal): "
            f"{mean:+.1f} (± {half:.1f})"
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
