"""How often a computer declarer answers a person's Kontra with Re (issue 51, point 9).

For each deal number (``arena_deal_number(seed, i)``, as in ``skat arena``) the person sits in
seat ``i % 3`` and is played by the heuristic (a stand-in for a club player, who bids by rules,
as in ``bench/bench_kontra.py --person``); the other two seats are computers of one level. The
auction and the declaration are played with Kontra and Supra on (``KontraRule.ON``). When a
computer declares, the person says Kontra when asked (the other defender declines when asked
first, so the person's Kontra is always the one said) and each level is asked for Re in the
declarer's seat of the same state: the strong player with its chance and line
(:func:`skat.players.announcements.kontra_choice`'s notes) and the number of deals it solved,
the heuristic by its rule. The deal's open-hand outcome at the first card (all cards known: does
the declarer reach 61, or 90 / every trick when announced) tells whether the Kontra was said
against a won game.

Neither level's Re reads the Kontra itself (the declarer's sampled deals do not weigh the
defender's call), so a Kontra forced on every computer's game gets the answer a person's chosen
one would get. Which games a person doubles is another matter: the line also notes whether the
person's own rule (the heuristic's Kontra, a club player's "many trumps with two jacks and an ace
beside, or a Grand stopper") would have said it, and the report gives the Re share in those
games too.

Run (two tables per deal: strong and heuristic computers)::

    .venv/bin/python -m bench.bench_re --deals 240 --seed 51 --out re-51.jsonl
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
from skat.action import Action, ActionKind
from skat.arena import arena_deal_number
from skat.options import KontraRule, Options
from skat.players import decision_rng, get_player
from skat.players.announcements import kontra_choice
from skat.players.strong import StrongPlayer
from skat.solver import SCHWARZ, Position, Solver, position_from_state
from skat.state import Phase, State

LEVELS = ("strong", "heuristic")
"""The computers' levels: each sits beside the person in one table of every deal and is asked
for Re in every computer-declared game of either table."""


class _CountingSolver(Solver):
    """The open-hand solver, counting the deals solved with :meth:`solve_threshold`."""

    def __init__(self) -> None:
        super().__init__()
        self.solved = 0

    def solve_threshold(self, pos: Position, target: int) -> bool:
        self.solved += 1
        return super().solve_threshold(pos, target)


def _choose(name: str, state: State, number: int) -> Action:
    """The decision of a new player ``name`` for the seat to act at ``state``, as the server
    makes it (:func:`skat.server.workers.decide`: a new player for each request, the
    decision's random source from the deal number and the action index)."""
    seat = state.current_player
    assert seat is not None
    player = get_player(name)
    return player.choose(state.information_state(seat), decision_rng(number, len(state.actions)))


def _strong_re(state: State, number: int) -> dict[str, Any]:
    """The strong declarer's Re at ``state`` (the declarer to answer a Kontra), judged as a new
    strong player judges it (a new solver): its answer, its chance and how many deals it
    solved for the chance."""
    seat = state.current_player
    assert seat is not None
    player = get_player("strong")
    assert isinstance(player, StrongPlayer)
    solver = _CountingSolver()
    notes: dict[str, Any] = {}
    action = kontra_choice(
        player.settings,
        solver,
        state.information_state(seat),
        state.legal_actions(),
        decision_rng(number, len(state.actions)),
        notes=notes,
    )
    return {
        "re": action.kind == ActionKind.RE,
        "chance": round(notes["chance"], 4),
        "solved": solver.solved,
    }


def deal_line(task: tuple[int, int, str]) -> dict[str, Any]:
    """Deal ``(index, number, level)``: the auction with the person (heuristic) in seat
    ``index % 3`` and two ``level`` computers; in a computer's game the person's Kontra and
    each level's Re, and the open-hand outcome."""
    index, number, level = task
    person = index % 3
    names = [level] * 3
    names[person] = "heuristic"
    state = State.new(number, Options(kontra=KontraRule.ON, supra=True))
    while not state.is_terminal() and state.phase not in (Phase.PLAY, Phase.KONTRA):
        seat = state.current_player
        assert seat is not None
        state = state.apply(_choose(names[seat], state, number))
    line: dict[str, Any] = {"index": index, "number": number, "level": level}
    if state.contract is None or state.declarer is None:
        return {**line, "kind": "passed"}
    if int(state.declarer) == person:
        return {**line, "kind": "person"}
    chosen = False  # whether the person would say Kontra by the heuristic's rule
    while state.current_player != state.declarer:  # the person says Kontra, the other declines
        kind = ActionKind.DECLINE
        if state.current_player == person:
            kind = ActionKind.KONTRA
            chosen = _choose("heuristic", state, number).kind == ActionKind.KONTRA
        state = state.apply(next(a for a in state.legal_actions() if a.kind == kind))
    contract = state.contract
    assert contract is not None
    target = SCHWARZ if contract.schwarz else 90 if contract.schneider else 61
    play = state.apply(next(a for a in state.legal_actions() if a.kind == ActionKind.DECLINE))
    won = Solver().solve_threshold(position_from_state(play), target)
    heuristic = _choose("heuristic", state, number)
    return {
        **line,
        "kind": "computer",
        "contract": str(contract),
        "declarer": int(state.declarer),
        "open_won": bool(won),
        "person_kontra": chosen,
        "strong": _strong_re(state, number),
        "heuristic": {"re": heuristic.kind == ActionKind.RE},
    }


def report(lines: Sequence[dict[str, Any]]) -> str:
    """Per table (the computers' level) and per level asked: the Re share in the computers'
    games, in those won open-handed, and the open-hand win share of the games answered with
    Re; the strong declarer's chance by bin and the deals it solved."""
    out: list[str] = []
    for level in LEVELS:
        table = [ln for ln in lines if ln["level"] == level]
        if not table:
            continue
        games = [ln for ln in table if ln["kind"] == "computer"]
        won = [g for g in games if g["open_won"]]
        out.append(
            f"{level} computers: {len(table)} deals, the person declared "
            f"{sum(ln['kind'] == 'person' for ln in table)}, passed "
            f"{sum(ln['kind'] == 'passed' for ln in table)}, a computer declared {len(games)} "
            f"(won open-handed {share_interval(len(won), len(games))})"
        )
        for asked in LEVELS:
            re_all = [g for g in games if g[asked]["re"]]
            out += [
                f"  Re by the {asked} declarer: {share_interval(len(re_all), len(games))}",
                f"    in the games won open-handed: "
                f"{share_interval(sum(g[asked]['re'] for g in won), len(won))}",
                f"    the games answered with Re won open-handed: "
                f"{share_interval(sum(g['open_won'] for g in re_all), len(re_all))}",
            ]
        chosen = [g for g in games if g["person_kontra"]]
        out.append(
            f"  the person's own rule (the heuristic's) says Kontra in "
            f"{share_interval(len(chosen), len(games))}; won open-handed "
            f"{share_interval(sum(g['open_won'] for g in chosen), len(chosen))}"
        )
        for asked in LEVELS:
            won_chosen = [g for g in chosen if g["open_won"]]
            out.append(
                f"    Re by the {asked} declarer there: "
                f"{share_interval(sum(g[asked]['re'] for g in chosen), len(chosen))}; in those "
                f"won open-handed "
                f"{share_interval(sum(g[asked]['re'] for g in won_chosen), len(won_chosen))}"
            )
        out.append("  the strong declarer's chance: games (won open-handed, Re said)")
        edges = [0.0, 0.4, 0.6, 0.7, 0.8, 0.85, 0.9, 1.01]
        for lo, hi, cell in binned(games, edges, lambda g: g["strong"]["chance"]):
            out.append(
                f"    {lo:.2f} .. {hi:.2f}: {len(cell)} "
                f"({sum(g['open_won'] for g in cell)}, {sum(g['strong']['re'] for g in cell)})"
            )
        solved = sorted(g["strong"]["solved"] for g in games)
        if solved:
            counts = {n: solved.count(n) for n in sorted(set(solved))}
            out.append(f"  deals solved per Re judgement (count: games): {counts}")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argument_parser(__doc__)
    add_deal_arguments(ap, deals=None, seed=51, first=True, workers=True)
    add_checkpoint_arguments(ap)
    args = ap.parse_args(argv)
    key = _key
    done = read_checkpoint(ap, args.out, args.seed, key)
    wanted = [(i, level) for i in range(args.first, args.first + args.deals) for level in LEVELS]
    tasks = [
        (i, arena_deal_number(args.seed, i), level) for i, level in wanted if (i, level) not in done
    ]
    if not args.report_only:
        run_checkpointed(args.out, args.workers, deal_line, tasks, done, key)
    print(report([done[k] for k in wanted if k in done]))
    return 0


def _key(line: dict[str, Any]) -> tuple[int, str]:
    """A checkpoint line's deal: its index and the computers' level (two tables per deal)."""
    return line["index"], line["level"]


if __name__ == "__main__":
    raise SystemExit(main())
