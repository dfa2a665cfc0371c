"""Fit the map from the strong player's open-hand win shares to its real results (issue 28 point 3).

Whenever the strong player declares a suit game or Grand, the estimate behind the declaration
(:meth:`skat.players.strong.StrongPlayer.estimate`: the share of sampled deals won open-handed,
with the heuristic's chance as a prior) is written down with whether the game was won; only
games declared as the estimate judged them count (the same game, Hand or not, nothing
announced: an announced game is won only with its level). Two sources of games:

* **played here** (default): the strong player sits in each seat of each deal against two
  opponents (``--opponent``, the heuristic by default), its own declarations written down;
  ``--opponent strong`` plays each deal once, three strong players (self-play);
* **XSkat's table** (``--xskat CHECKPOINT``): the games of a run of ``bench_xskat_match``, our
  player beside two XSkat computers; each declaration is judged again by a new player (as each
  game of the run began with one) from the information state of that moment, and the outcome is
  XSkat's logged game replayed in our engine. ``--first`` and ``--deals`` are the run's deal
  indices (every game of them must be recorded); ``--seed`` and ``--out`` do not apply.
* **every plausible contract, played out** (``--played DATA``): the rows of
  ``bench/declare_data.py`` (issue 48 point 2), each contract of a seat's ten dealt cards played
  out by the strong declarer against the data's defenders, whether or not any player would have
  declared it: no selection by the estimate, so the fit is not bent by it (the declared games
  of the other sources are those whose estimate was high, or an auction's leftovers). Each row's
  contract is judged by the strong player's sampled evaluation before the skat
  (:func:`skat.players.contracts.evaluate_before_skat` with just that contract, the player's
  worlds and node budget), from the ten cards alone: no bids heard, as at a first call. The
  data's rows of the deals ``--first`` to ``--first + --deals − 1`` are read (the data set
  grows in the background: the deal count fixes what a figure was fitted on; ``--seed`` and
  ``--out`` do not apply); ``--json`` keeps the judged rows and ``--played-rows`` reads them
  back instead of judging again (only rows not judged there are judged).

The report: the declared games by estimated chance (tenths) with the share won, and three fits
of ``logit(chance) = offset + slope × logit(share)`` by maximum likelihood: the map the player
has today (``--calibration``, an entry of :data:`skat.players.calibration.CALIBRATIONS`; give
the one in force before the fit, ``strong``, or "today" is the fit itself), the offset alone
(slope 1), and offset and slope. Each is also fitted on the games of even deal indices and
measured on the odd ones and the other way round (two-fold log loss). The rule, fixed before
any fit was read: of the three, the one of the lowest two-fold log loss is taken, a
two-parameter fit only with a slope between 0.25 and 2 in the whole data and in both halves (a
slope outside would turn the solver's judgement around or make it a coin); Null games are
fitted apart. A plain Null's map is an offset alone (:attr:`skat.players.calibration.
Calibration.null_plain`): today's and a fitted one, the one of the lower two-fold log loss taken
(a Null Ouvert's defenders see what the solver sees: counted, not fitted).

A run of games played here can be checkpointed (``--out``, JSON lines: the run's protocol, then
the rows of each finished deal): the same command continues it; another protocol is refused.

Usage::

    python -m bench.calibrate_contracts --deals 200 --seed 7 [--opponent heuristic] \\
        [--workers 2] [--out rows.jsonl]
    python -m bench.calibrate_contracts --xskat xskat-strong-dev-seed1.jsonl \\
        --deals 300 [--json rows.json]
    python -m bench.calibrate_contracts --played declare-48-strong.jsonl \\
        --json played-48-strong.json [--played-rows played-48-strong.json]
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
from tqdm import tqdm

from bench.common import add_deal_arguments, argument_parser
from bench.fit_weights import fit
from bench.rows import read_rows
from bench.runs import IN_RUNS, run_path
from skat.action import Action, ActionKind
from skat.arena import arena_deal_number
from skat.contract import Contract
from skat.options import Options
from skat.players import UnknownPlayerError, decision_rng, get_player
from skat.players import contracts as ct
from skat.players.calibration import CALIBRATIONS, Calibration, share_logit
from skat.players.strong import StrongPlayer
from skat.rules import GameType
from skat.scoring import GameResult
from skat.solver import Solver
from skat.state import Phase, State


@dataclass(frozen=True)
class Row:
    """One declared game: the estimate's parts and whether the declarer won."""

    index: int
    deal: int
    seat: int
    game: str
    hand: bool
    ouvert: bool
    value: int
    wins: int
    worlds: int
    prior: float
    chance: float
    won: bool

    @property
    def key(self) -> tuple[int, int, str, bool, bool]:
        """What names the contract of a row of the declare-everything data (``--played``): its
        deal index, seat, game (the :class:`~skat.rules.GameType` name), Hand and ouvert."""
        return (self.index, self.seat, self.game, self.hand, self.ouvert)

    @property
    def logit(self) -> float:
        """The logit of the open-hand share with the heuristic's prior, before calibration."""
        return share_logit(self.wins + ct.PRIOR_WORLDS * self.prior, self.worlds + ct.PRIOR_WORLDS)


def _row(index: int, number: int, seat: int, estimate: ct.Estimate, won: bool) -> Row:
    return Row(
        index, number, seat, estimate.game.name, estimate.hand, estimate.ouvert, estimate.value,
        estimate.wins, estimate.worlds, estimate.prior, estimate.chance, won,
    )  # fmt: skip


def _declares(state: State, action: str | Action, seat: int) -> bool:
    kind = action.kind if isinstance(action, Action) else Action.parse(action).kind
    return (
        state.current_player == seat
        and kind == ActionKind.DECLARE
        and state.phase in (Phase.SKAT, Phase.DECLARE)
    )


def plain(estimate: ct.Estimate | None, contract: Contract | None) -> bool:
    """Whether ``estimate`` is for the ``contract`` declared, with no announcement: the same
    game, Hand or not, ouvert or not, no Schneider or Schwarz announced (an announced game is
    won only with its level, which the estimate's win chance does not judge)."""
    return (
        estimate is not None
        and contract is not None
        and (estimate.game, estimate.hand, estimate.ouvert)
        == (contract.game, contract.hand, contract.ouvert)
        and not (contract.schneider or contract.schwarz)
    )


def _played(task: tuple[int, int, str, str]) -> list[Row]:
    """The games the strong player declared in one deal: in each seat against two
    ``opponent`` players, or, when ``opponent`` is ``strong``, the one self-play game."""
    index, number, opponent, strong_name = task
    self_play = opponent == "strong"
    rows = []
    for seat in (None,) if self_play else range(3):
        # new players for each game, so that no solver table or cache carries over from the
        # deals a worker played before: the rows do not depend on the order or the workers
        strong, other = get_player(strong_name), get_player(opponent)
        assert isinstance(strong, StrongPlayer)
        state = State.new(number, Options())
        estimate: ct.Estimate | None = None
        while not state.is_terminal():
            s = state.current_player
            assert s is not None
            info = state.information_state(s)
            player = strong if self_play or s == seat else other
            action = player.choose(info, decision_rng(number, len(state.actions)))
            if player is strong and _declares(state, action, s):
                estimate = strong.estimate(info)
            state = state.apply(action)
        result = state.result()
        declarer = state.declarer
        ours = declarer is not None and (self_play or declarer == seat)
        if ours and isinstance(result, GameResult) and plain(estimate, state.contract):
            assert estimate is not None
            assert declarer is not None
            rows.append(_row(index, number, int(declarer), estimate, result.won))
    return rows


def _from_xskat(task: tuple[dict[str, Any], str]) -> list[Row]:
    """The declaration of our player in one game of an XSkat match run, judged again by a new
    player from the information state of that moment; none when the estimate is not for the
    contract declared (:func:`plain`)."""
    from bench import xskat_records as xr

    record, strong_name = task
    options = Options()
    game = xr.verify_match(record, options)
    seat = xr.seating(record["design"], record["seating"])[2]
    if not isinstance(game, xr.Game) or game.declarer not in seat or game.won is None:
        return []
    state = State.new(record["number"], options)
    for token in record["applied"]:
        if _declares(state, token, game.declarer):
            player = get_player(strong_name)
            assert isinstance(player, StrongPlayer)
            estimate = player.estimate(state.information_state(game.declarer))
            if not plain(estimate, state.apply(token).contract):
                return []
            assert estimate is not None
            return [_row(record["index"], record["number"], game.declarer, estimate, game.won)]
        state = state.apply(token)
    return []


def _from_played(task: tuple[dict[str, Any], str]) -> list[Row]:
    """One row of the declare-everything data (``bench/declare_data.py``) with the strong
    player's estimate of its contract from the seat's ten cards, no bids heard; none when the
    evaluation has no such contract (it has one for every suit game, Grand and Null)."""
    data, strong_name = task
    player = get_player(strong_name)
    assert isinstance(player, StrongPlayer)
    game = GameType.from_letter(data["game"])
    settings = player.settings
    estimates = ct.evaluate_before_skat(
        data["cards"], data["seat"], (), Solver(), options=Options(),
        only=frozenset({(game, data["hand"])}), node_budget=settings.contract_budget,
        worlds=settings.contract_worlds,
    )  # fmt: skip
    for e in estimates:
        if (e.game, e.hand, e.ouvert) == (game, data["hand"], data["ouvert"]):
            e = dataclasses.replace(e, calibration=CALIBRATIONS[settings.opponents])
            return [_row(data["deal"], data["number"], data["seat"], e, data["won"])]
    return []


def played_key(data: dict[str, Any]) -> tuple[int, int, str, bool, bool]:
    """The :attr:`Row.key` of the row judged from the declare-everything row ``data``."""
    game = GameType.from_letter(data["game"]).name
    return (data["deal"], data["seat"], game, data["hand"], data["ouvert"])


def read_played_rows(path: str) -> list[Row]:
    """The judged rows a ``--played`` run wrote with ``--json``.

    Raises:
        SystemExit: the file cannot be read or holds no such rows.
    """
    try:
        with open(path, encoding="utf-8") as f:
            return [Row(**r) for r in json.load(f)]
    except (OSError, UnicodeDecodeError, ValueError, TypeError) as err:
        raise SystemExit(f"--played-rows {path}: not the rows of a --played run ({err})") from None


def xskat_tasks(path: str, first: int, deals: int) -> list[dict[str, Any]]:
    """The match records of the deals ``first`` .. ``first + deals - 1`` (indices) of an XSkat
    match checkpoint, every one of them complete.

    Raises:
        SystemExit: the checkpoint cannot be read, or a deal asked for lacks one of its games.
    """
    from bench import xskat_records as xr

    try:
        header, found, _ = xr.read_checkpoint(path)
    except (OSError, UnicodeDecodeError, ValueError) as err:
        raise SystemExit(f"{path}: not an XSkat match checkpoint: {err}") from None
    records = xr.merge(found)
    low, high = header["first"], header["first"] + header["deals"]
    if not (low <= first and first + deals <= high):
        raise SystemExit(
            f"{path} plans the deals {low}-{high - 1}, not all of {first}-{first + deals - 1}"
        )
    out = []
    for index in range(first, first + deals):
        for design in header["designs"]:
            for s in range(3):
                record = records.get(("match", design, index, s))
                if record is None:
                    raise SystemExit(
                        f"{path}: deal {index} has no game of seating {s} yet (ask for the deals "
                        "the run has finished)"
                    )
                out.append(record)
    return out


# -- the checkpoint ------------------------------------------------------------------------------
def read_checkpoint(path: str, header: dict[str, Any]) -> dict[int, list[Row]]:
    """The rows of each finished deal of the checkpoint ``path`` by index (a new file gets
    ``header``); a last line cut off when a run was stopped is dropped (that deal is played
    again), once the file's first line is known to be ``header``.

    Raises:
        SystemExit: the file cannot be read or written, is not such a checkpoint, or was
            started with another protocol than ``header`` (the file is then left as it is).
    """
    try:
        if not os.path.exists(path) or os.path.getsize(path) == 0:
            _append(path, header)
            return {}
        with open(path, encoding="utf-8") as f:
            text = f.read()
        first, newline, _ = text.partition("\n")
        try:
            found = json.loads(first) if newline else None
        except ValueError:
            found = None
        if found != header:
            raise SystemExit(
                f"{path} was started with another protocol or is no calibration checkpoint "
                f"(its first line: {first[:200]!r}; asked: {json.dumps(header)}): a run's deals "
                "are fixed before it starts; start a new file"
            )
        whole = text[: text.rfind("\n") + 1]
        out: dict[int, list[Row]] = {}
        for number, line in enumerate(whole.splitlines()[1:], start=2):
            try:
                deal = json.loads(line)
                out[deal["index"]] = [Row(**r) for r in deal["rows"]]
            except (ValueError, KeyError, TypeError) as err:
                raise SystemExit(f"{path}, line {number}: not a deal's rows ({err})") from None
        if whole != text:  # only once the rest is known to be whole
            with open(path, "w", encoding="utf-8") as f:
                f.write(whole)
        return out
    except (OSError, UnicodeDecodeError) as err:
        raise SystemExit(f"{path}: {err}") from None


def _append(path: str, line: dict[str, Any]) -> None:
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(line, separators=(",", ":")) + "\n")
        f.flush()
        os.fsync(f.fileno())


# -- the fits -----------------------------------------------------------------------------------
def log_loss(rows: Sequence[Row], calibration: Calibration) -> float:
    """The mean log loss (nats per game) of ``calibration``'s chances against the outcomes."""
    total = 0.0
    for r in rows:
        p = min(max(calibration.chance(r.logit), 1e-9), 1 - 1e-9)
        total -= math.log(p if r.won else 1.0 - p)
    return total / len(rows)


def fit_offset(rows: Sequence[Row], penalty: float = 0.01) -> Calibration:
    """The offset of the best likelihood with slope 1 (Newton's method, each step at most one
    logit: a full step overshoots and swings apart when the rows' shares are alike; a small L2
    penalty)."""
    logits = np.array([r.logit for r in rows])
    y = np.array([float(r.won) for r in rows])
    w = 0.0
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(w + logits)))
        step = float((np.sum(y - p) - penalty * w) / (np.sum(p * (1 - p)) + penalty))
        w += max(-1.0, min(1.0, step))
    return Calibration(round(w, 3))


def fit_line(rows: Sequence[Row], penalty: float = 0.01) -> Calibration:
    """Offset and slope by logistic regression (Newton's method, a small L2 penalty)."""
    x = np.array([[1.0, r.logit] for r in rows])
    y = np.array([float(r.won) for r in rows])
    w = fit(x, y, penalty)
    return Calibration(round(float(w[0]), 3), round(float(w[1]), 3))


SLOPES = (0.25, 2.0)
"""The slopes a two-parameter fit may have to be taken (see the module's doc)."""


def two_fold(rows: Sequence[Row], fitter: Any) -> tuple[float, list[Calibration]]:
    """The log loss of ``fitter``'s calibration fitted on even deal indices and measured on the
    odd ones, and the other way round (the mean over all games), and the two fits."""
    total = 0.0
    fits = []
    for parity in (0, 1):
        train = [r for r in rows if r.index % 2 == parity]
        test = [r for r in rows if r.index % 2 != parity]
        if train and test:
            fits.append(fitter(train))
            total += log_loss(test, fits[-1]) * len(test)
    return total / len(rows), fits


def _null_fits(null: Sequence[Row], today: Calibration) -> list[str]:
    """Today's plain-Null offset and a fitted one (see the module's doc), as report lines."""
    if len(null) < 4:
        return []
    kept = Calibration(today.null_plain)
    fits = [
        ("today", kept, two_fold(null, lambda _: kept)),
        ("offset", fit_offset(null), two_fold(null, fit_offset)),
    ]
    out = [
        f"  {name:17s} null_plain {c.offset:+.3f}: log loss {log_loss(null, c):.4f} "
        f"(two-fold {folded:.4f}; halves " + ", ".join(f"{h.offset:+.2f}" for h in halves) + ")"
        for name, c, (folded, halves) in fits
    ]
    chosen = min(fits, key=lambda f: f[2][0])[1]
    out.append(f"  chosen by the rule: null_plain {chosen.offset:+.3f}")
    return out


def report(rows: Sequence[Row], today: Calibration, what: str = "declared games") -> list[str]:
    """The table by tenths and the three fits (see the module's doc); ``what`` names the rows."""
    out = [f"{len(rows)} {what}"]
    out.append("estimated   games  won")
    for tenth in range(10):
        part = [r for r in rows if tenth / 10 <= r.chance < (tenth + 1) / 10 or
                (r.chance == 1.0 and tenth == 9)]  # fmt: skip
        if part:
            won = sum(r.won for r in part) / len(part)
            out.append(f"{tenth / 10:.1f}-{(tenth + 1) / 10:.1f}   {len(part):5d}  {won:.2f}")
    for ouvert in (False, True):
        null = [r for r in rows if r.game == GameType.NULL.name and r.ouvert == ouvert]
        if null:
            out.append(
                f"Null{' Ouvert' if ouvert else ''}: {len(null)} games, won "
                f"{sum(r.won for r in null) / len(null):.3f}, mean chance today "
                f"{sum(r.chance for r in null) / len(null):.3f}"
                + (" (not fitted)" if ouvert else "")
            )
            if not ouvert:
                out.extend(_null_fits(null, today))
    trump = [r for r in rows if r.game != GameType.NULL.name]
    if len(trump) < 4:
        return out
    won = sum(r.won for r in trump) / len(trump)
    mean = sum(today.chance(r.logit) for r in trump) / len(trump)
    out.append(f"suit and Grand: {len(trump)} games, won {won:.3f}, mean chance today {mean:.3f}")
    fits = [
        ("today", today, two_fold(trump, lambda _: today)),
        ("offset", fit_offset(trump), two_fold(trump, fit_offset)),
        ("offset and slope", fit_line(trump), two_fold(trump, fit_line)),
    ]
    for name, c, (folded, halves) in fits:
        out.append(
            f"  {name:17s} offset {c.offset:+.3f} slope {c.slope:.3f}: log loss "
            f"{log_loss(trump, c):.4f} (two-fold {folded:.4f}; halves "
            + ", ".join(f"{h.offset:+.2f}/{h.slope:.2f}" for h in halves)
            + ")"
        )
    candidates = [
        (folded, c)
        for _, c, (folded, halves) in fits
        if all(SLOPES[0] <= h.slope <= SLOPES[1] for h in (c, *halves))
    ]
    chosen = min(candidates, key=lambda fc: fc[0])[1]
    out.append(f"  chosen by the rule: offset {chosen.offset:+.3f}, slope {chosen.slope:.3f}")
    return out


def main(argv: Iterable[str] | None = None) -> int:
    """Collect the declared games, print the calibration table and the fits."""
    parser = argument_parser(__doc__)
    add_deal_arguments(parser, deals=100, seed=7, first=True, workers=True)
    parser.add_argument(
        "--opponent", default="heuristic", help="the two opponents of the games played here"
    )
    parser.add_argument(
        "--xskat", type=run_path, help="an XSkat match checkpoint: its games instead; " + IN_RUNS
    )
    parser.add_argument(
        "--calibration",
        default="strong",
        choices=list(CALIBRATIONS),
        help="the strong player's opponents setting: the map it plays with here and the "
        "report's 'today' (default strong)",
    )
    parser.add_argument(
        "--played",
        type=run_path,
        help="the rows of bench/declare_data.py: every plausible contract played out; " + IN_RUNS,
    )
    parser.add_argument(
        "--played-rows",
        type=run_path,
        help="with --played: the judged rows of an earlier run (its --json), not judged again; "
        + IN_RUNS,
    )
    parser.add_argument("--json", type=run_path, help="write the rows to this file; " + IN_RUNS)
    parser.add_argument(
        "--out", type=run_path, help="checkpoint of the games played here (JSON lines); " + IN_RUNS
    )
    args = parser.parse_args(None if argv is None else list(argv))
    if args.workers < 1 or args.deals < 0 or args.first < 0:
        raise SystemExit("--workers must be at least 1, --deals and --first at least 0")
    strong_name = f"strong:opponents={args.calibration}"
    try:
        get_player(strong_name)
        if not args.xskat:
            get_player(args.opponent)
    except UnknownPlayerError as err:
        raise SystemExit(f"calibrate_contracts: {err}") from None
    tasks: list[Any]
    rows: list[Row] = []
    if args.played_rows and not args.played:
        raise SystemExit("--played-rows goes with --played")
    if args.xskat and args.played:
        raise SystemExit("--xskat and --played are two sources: give one")
    if args.played:
        if args.out:
            raise SystemExit("--out checkpoints games played here; --played reads a data set")
        deals = range(args.first, args.first + args.deals)
        if args.played_rows:
            rows = [r for r in read_played_rows(args.played_rows) if r.index in deals]
        judged = {r.key for r in rows}
        data = [d for d in read_rows(args.played) if d["deal"] in deals]
        if not data:
            raise SystemExit(
                f"--played {args.played}: no rows of the deals {deals.start}-{deals.stop - 1}"
            )
        tasks = [(d, strong_name) for d in data if played_key(d) not in judged]
        work: Any = _from_played
    elif args.xskat:
        if args.out:
            raise SystemExit("--out checkpoints games played here; --xskat reads a run's games")
        tasks = [(r, strong_name) for r in xskat_tasks(args.xskat, args.first, args.deals)]
        work = _from_xskat
    else:
        done: dict[int, list[Row]] = {}
        if args.out:
            protocol = {k: getattr(args, k) for k in ("seed", "first", "deals", "opponent")}
            done = read_checkpoint(args.out, {"kind": "run", **protocol, "player": strong_name})
        for part in done.values():
            rows.extend(part)
        tasks = [
            (i, arena_deal_number(args.seed, i), args.opponent, strong_name)
            for i in range(args.first, args.first + args.deals)
            if i not in done
        ]
        work = _played
    json_file = None
    if args.json:
        try:  # opened before the work, so that a bad path loses nothing
            json_file = open(args.json, "w", encoding="utf-8")  # noqa: SIM115
        except OSError as err:
            raise SystemExit(f"--json {args.json}: {err}") from None
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        found = pool.map(work, tasks, chunksize=1 if args.out else 4)
        for task, part in tqdm(zip(tasks, found, strict=True), total=len(tasks), unit="task"):
            rows.extend(part)
            if args.out:
                _append(args.out, {"index": task[0], "rows": [asdict(r) for r in part]})
    if json_file is not None:
        with json_file:
            json.dump([asdict(r) for r in rows], json_file)
    rows.sort(key=lambda r: (r.index, r.seat))
    what = "contracts played out" if args.played else "declared games"
    for line in report(rows, CALIBRATIONS[args.calibration], what):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
