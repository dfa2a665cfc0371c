"""How well the strong defenders judge Kontra: their estimate against the open-hand outcome.

For each deal number (``arena_deal_number(seed, i)``, as in ``skat arena``) three strong players
bid and declare with Kontra on (``KontraRule.ON``). At the Kontra question each defender's
estimate of the declarer's chance is computed by each estimator of :data:`VARIANTS`
(:meth:`StrongPlayer.declarer_chance` with the decision's own random source), and the deal's
open-hand outcome at the first card (all cards known: does the declarer reach 61, or 90 / every
trick when announced) is solved. With ``--play`` the game is then played on by the players (their
own Kontra rule, Re and the card play), and the real outcome is reported beside. A line per deal
goes to a JSONL checkpoint; a rerun with the same file continues where it stopped.

The report: how often a defender says Kontra (share of declared games), how often the declarer
loses the games doubled open-handed, and the estimate's calibration (open-hand win share by
estimate bin). The open-hand outcome is the perfect-information proxy; the real outcome of the
doubled games is measured by ``skat arena`` with Kontra on.

With ``--person NAME`` the deals are played at the person's table instead. The person sits in
forehand in deals 0, 3, 6, ..., in middlehand in deals 1, 4, 7, ... and in rearhand in the
others (the seat ``index % 3``), played by the registered player ``NAME`` (the heuristic stands
in for a club player, who bids and plays by rules); the other two are strong computers. Only the
person's games are judged and played: how often a computer doubles the person's game and how
often the person then loses it (issue 28's Kontra target "in self-play and at the person's
table"). The deals in which a computer declares stop after the auction.

Run (two workers, checkpointed)::

    .venv/bin/python -m bench.bench_kontra --deals 200 --seed 11 --out kontra-dev.jsonl
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bench.common import (
    add_checkpoint_arguments,
    add_deal_arguments,
    argument_parser,
    binned,
    read_checkpoint,
    run_checkpointed,
    share_interval,
)
from skat.action import ActionKind
from skat.arena import arena_deal_number
from skat.options import KontraRule, Options
from skat.players import Player, decision_rng, get_player
from skat.players.strong import StrongPlayer
from skat.players.strong_settings import STRONG_V1, StrongSettings
from skat.scoring import GameResult
from skat.solver import SCHWARZ, Solver, position_from_state
from skat.state import Phase, State

_PLAYER: StrongPlayer | None = None
_PERSONS: dict[str, Player] = {}


def _player() -> StrongPlayer:
    global _PLAYER  # one player per worker process: its tables are reused across deals
    if _PLAYER is None:
        _PLAYER = StrongPlayer()
    return _PLAYER


def _person(name: str) -> Player:
    """The registered player ``name`` in the person's seat (one per worker process)."""
    if name not in _PERSONS:
        _PERSONS[name] = get_player(name)
    return _PERSONS[name]


VARIANTS: dict[str, dict[str, Any]] = {
    "rejection": {},
    "resample-s1": {"draws": 400, "sharpness": 1.0},
    "resample-s3": {"draws": 400, "sharpness": 3.0},
    "resample-s6": {"draws": 400, "sharpness": 6.0},
}
"""The estimators compared: :meth:`StrongPlayer.declarer_chance`'s keyword arguments. The
player's Kontra uses ``resample-s6``; ``rejection`` is the estimator it used before."""

FORMER_BELOW = STRONG_V1.kontra_below
"""The Kontra line the player drew with the ``rejection`` estimator before."""


def deal_line(task: tuple[int, int, bool, tuple[str, ...], str | None]) -> dict[str, Any]:
    """Play deal ``(index, number, play, variants, person)`` to the Kontra question; judge it
    for both defenders by each estimator of ``variants`` (names in :data:`VARIANTS`); with
    ``play`` play the game on to its end as the players decide (Kontra, Re and the cards). With
    ``person`` (a registered player's name, kept in the line; None: three strong players) that
    player holds the seat ``index % 3`` and only its game is judged (a deal another seat
    declares is a line of kind ``computer``)."""
    index, number, play_on, variants, person = task
    player = _player()
    seats: list[Player] = [player, player, player]
    if person is not None:
        seats[index % 3] = _person(person)
    state = State.new(number, Options(kontra=KontraRule.ON))
    while not state.is_terminal() and state.phase not in (Phase.PLAY, Phase.KONTRA):
        seat = state.current_player
        assert seat is not None
        at = len(state.actions)
        choice = seats[seat].choose(state.information_state(seat), decision_rng(number, at))
        state = state.apply(choice)
    line: dict[str, Any] = {"index": index, "number": number}
    if person is not None:
        line["person"] = person
    if state.contract is None or state.declarer is None:
        line["kind"] = "passed"
        return line
    if person is not None and int(state.declarer) != index % 3:
        line["kind"] = "computer"
        return line
    at = len(state.actions)
    asked = []
    defenders = [s for s in (0, 1, 2) if s != int(state.declarer)]
    for order, defender in enumerate(defenders):
        info = state.information_state(defender)
        chances = {
            name: round(player.declarer_chance(info, decision_rng(number, at + order), **kw), 4)
            for name, kw in VARIANTS.items()
            if name in variants
        }
        asked.append({"seat": defender, "chance": chances})
    contract = state.contract
    target = SCHWARZ if contract.schwarz else 90 if contract.schneider else 61
    play = state
    while play.phase == Phase.KONTRA:  # open-hand outcome of the contract as declared
        play = play.apply(next(a for a in play.legal_actions() if a.kind == ActionKind.DECLINE))
    won = Solver().solve_threshold(position_from_state(play), target)
    if play_on:
        end = state
        while not end.is_terminal():
            actor = end.current_player
            assert actor is not None
            at = len(end.actions)
            choice = seats[actor].choose(end.information_state(actor), decision_rng(number, at))
            end = end.apply(choice)
        result = end.result()
        assert isinstance(result, GameResult)
        line.update(kontra=end.kontra, won=result.won)
    line.update(
        kind="game",
        contract=str(contract),
        declarer=int(state.declarer),
        bid=state.bid,
        ouvert=contract.ouvert,
        asked=asked,
        open_won=bool(won),
    )
    return line


WHAT_IF_LINES = (0.05, 0.08, 0.10, 0.12, 0.15, 0.20, 0.25)
"""The Kontra lines the report's what-if table tries on the games played out."""


def _would_double(game: dict[str, Any], line: float) -> bool:
    """Whether a defender's estimate (``resample-s6``, the player's) of the played ``game`` is
    below ``line``, a plain Null not counted (the player says no Kontra against one)."""
    if game["contract"].startswith("N") and not game["ouvert"]:
        return False
    return any(a["chance"].get("resample-s6", 1.0) < line for a in game["asked"])


def report(lines: Sequence[dict[str, Any]], below: float = StrongSettings().kontra_below) -> str:
    """Per estimator: the Kontra share, the open-hand losses of doubled games, the calibration.

    ``below``: a defender says Kontra when its estimate is below this (the player's rule); a
    game counts as doubled when either defender's estimate is. Lines played at the person's
    table (``--person``) count the person's games only; the report says how many a computer
    declared besides.
    """
    games = [ln for ln in lines if ln.get("kind") == "game"]
    lost_all = sum(1 for g in games if not g["open_won"])
    out = [
        f"deals {len(lines)}, declared games {len(games)}; "
        f"the declarer loses open-handed {share_interval(lost_all, len(games))}"
    ]
    if any("person" in ln for ln in lines):
        others = sum(1 for ln in lines if ln.get("kind") == "computer")
        out.append(
            f"at the person's table: the declared games are the person's {len(games)}; a computer "
            f"declared {others} more, not judged"
        )
    played = [g for g in games if "won" in g]
    if played:
        said = [g for g in played if g["kontra"] > 0]
        lost = sum(1 for g in said if not g["won"])
        out += [
            f"played out with the player's own rule ({len(played)} games):",
            f"  Kontra said: {share_interval(len(said), len(played))}",
            f"  of those lost: {share_interval(lost, len(said))}",
            f"  the declarer loses: "
            f"{share_interval(sum(not g['won'] for g in played), len(played))}",
            "  what other lines would have doubled (a defender's resample-s6 estimate below the"
            " line, no plain Null): Kontra said; of those lost as played",
        ]
        for line in WHAT_IF_LINES:
            doubled = [g for g in played if _would_double(g, line)]
            lost = sum(1 for g in doubled if not g["won"])
            out.append(
                f"    {line:.2f}: {share_interval(len(doubled), len(played))}; "
                f"{share_interval(lost, len(doubled))}"
            )
    names = [n for n in VARIANTS if games and all(n in a["chance"] for a in games[0]["asked"])]
    for name in names:
        out.append(f"{name}:")
        lines_below = (below, FORMER_BELOW) if name == "rejection" else (below,)
        for line in lines_below:
            doubled = [g for g in games if any(a["chance"][name] < line for a in g["asked"])]
            lost = sum(1 for g in doubled if not g["open_won"])
            out += [
                f"  Kontra (an estimate < {line}, a plain Null counted): "
                f"{share_interval(len(doubled), len(games))}",
                f"  of those lost open-handed: {share_interval(lost, len(doubled))}",
            ]
        out.append("  open-hand win share by estimate:")
        edges = [0.0, 0.2, 0.4, 0.6, 0.8, 0.9, 1.01]
        asked = [(g["open_won"], a["chance"][name]) for g in games for a in g["asked"]]
        for lo, hi, cell in binned(asked, edges, lambda x: x[1]):
            won = sum(w for w, _ in cell)
            out.append(f"    {lo:.1f} .. {hi:.1f}: {share_interval(won, len(cell))}")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argument_parser(__doc__)
    add_deal_arguments(ap, deals=None, seed=11, first=True, workers=True)
    add_checkpoint_arguments(ap)
    ap.add_argument(
        "--below",
        type=float,
        default=StrongSettings().kontra_below,
        help="the Kontra line the estimators' figures are given at (default: the player's, "
        "%(default)s; K1 to K3 were run at 0.2)",
    )
    ap.add_argument("--play", action="store_true", help="play each game on to its end")
    ap.add_argument("--variants", default=",".join(VARIANTS), help="estimators, comma-separated")
    ap.add_argument(
        "--person",
        help="a registered player in the person's seat (index %% 3), two strong computers beside "
        "it; only its games are judged (default: three strong players)",
    )
    args = ap.parse_args(argv)
    if args.person is not None:
        try:
            get_player(args.person)
        except ValueError as err:
            ap.error(f"--person: {err}")
    done = read_checkpoint(ap, args.out, args.seed, _index)
    for index, line in done.items():
        if line.get("person") != args.person:
            played = (
                "in self-play" if "person" not in line else f"with {line['person']} as the person"
            )
            ap.error(f"{args.out} holds deal {index} played {played}: one run, one table")
    wanted = range(args.first, args.first + args.deals)
    variants = tuple(args.variants.split(","))
    unknown = set(variants) - set(VARIANTS)
    if unknown:
        ap.error(f"unknown variants {sorted(unknown)} (expected {sorted(VARIANTS)})")
    tasks = [
        (i, arena_deal_number(args.seed, i), args.play, variants, args.person)
        for i in wanted
        if i not in done
    ]
    if not args.report_only:
        run_checkpointed(args.out, args.workers, deal_line, tasks, done, _index)
    print(report([done[i] for i in wanted if i in done], args.below))
    return 0


def _index(line: dict[str, Any]) -> int:
    """A checkpoint line's deal: its index."""
    return int(line["index"])


if __name__ == "__main__":
    raise SystemExit(main())
