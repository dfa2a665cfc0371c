"""Tests of the open-hand solver against a plain minimax over skat.rules.

The yardstick (``reference_*`` below) is written only for these tests: every legal card is tried,
no pruning, no tables, no code shared with :mod:`skat.solver`.
"""

from __future__ import annotations

import dataclasses
import json
import random
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from skat.action import ActionKind
from skat.cards import CardSet, parse_card, points
from skat.errors import SkatError
from skat.record import read_file, read_record
from skat.rules import GameType, follow_mask, legal_cards, trick_winner
from skat.solver import (
    SCHWARZ,
    Position,
    Solver,
    best_moves,
    move_values,
    position_from_json,
    position_from_record,
    position_from_state,
    position_to_json,
    solve_ramsch,
    solve_threshold,
    solve_value,
)
from skat.solver._kernel import _null_forced, _null_safe
from skat.solver.position import card_play_start
from skat.solver.search import _LAYOUTS, _internal_mask
from skat.state import Phase, State

GOLDEN = Path(__file__).parents[1] / "data" / "solver_golden.jsonl"
POINT_GAMES = [
    GameType.DIAMONDS,
    GameType.HEARTS,
    GameType.SPADES,
    GameType.CLUBS,
    GameType.GRAND,
    GameType.SPITZE,
]


def _play_out(
    game: GameType,
    hands: list[int],
    trick: list[int],
    to_move: int,
    taken: list[int],
    tricks: list[int],
    skat: int,
    score: object,
    maximiser: object,
) -> int:
    """Minimax over every legal card; ``score(taken, tricks)`` at the end, per-seat totals."""
    if not trick and not any(hands):
        return score(taken, tricks)  # type: ignore[operator, no-any-return]
    led = trick[0] if trick else None
    legal = legal_cards(hands[to_move], led, game)
    values = []
    for card in range(32):
        if not legal >> card & 1:
            continue
        hands[to_move] ^= 1 << card
        trick.append(card)
        if len(trick) == 3:
            leader = (to_move - 2) % 3
            winner = (leader + trick_winner(trick, game)) % 3
            won = points(sum(1 << c for c in trick))
            if not any(hands) and game == GameType.RAMSCH:
                won += points(skat)
            taken[winner] += won
            tricks[winner] += 1
            saved = trick[:]
            trick.clear()
            values.append(
                _play_out(game, hands, trick, winner, taken, tricks, skat, score, maximiser)
            )
            trick.extend(saved)
            taken[winner] -= won
            tricks[winner] -= 1
        else:
            values.append(
                _play_out(game, hands, trick, (to_move + 1) % 3, taken, tricks, skat, score,
                          maximiser)
            )  # fmt: skip
        trick.pop()
        hands[to_move] ^= 1 << card
    return max(values) if maximiser(to_move) else min(values)  # type: ignore[operator]


def _start(pos: Position, seat: int) -> tuple[list[int], list[int]]:
    taken = [0, 0, 0]
    tricks = [0, 0, 0]
    if pos.game == GameType.RAMSCH:
        taken = list(pos.ramsch_points)
    else:
        taken[seat] = pos.declarer_points
        taken[(seat + 1) % 3] = pos.defender_points
        tricks[seat] = pos.declarer_tricks
        tricks[(seat + 1) % 3] = pos.defender_tricks
    return taken, tricks


def reference_points(pos: Position) -> int:
    """The declarer's final card points (skat included) with best play, by plain minimax."""
    d = pos.declarer
    taken, tricks = _start(pos, d)
    skat = points(pos.skat)
    return _play_out(
        pos.game, list(pos.hands), list(pos.trick), pos.to_move, taken, tricks, pos.skat,
        lambda t, _: t[d] + skat, lambda seat: seat == d,
    )  # fmt: skip


def reference_tricks(pos: Position, want_all: bool) -> bool:
    """Whether the declarer can take every trick (``want_all``) or none, by plain minimax."""
    d = pos.declarer
    taken, tricks = _start(pos, d)

    def score(_: list[int], tr: list[int]) -> int:
        others = sum(tr) - tr[d]
        return int(others == 0) if want_all else int(tr[d] == 0)

    return bool(
        _play_out(
            pos.game, list(pos.hands), list(pos.trick), pos.to_move, taken, tricks, pos.skat,
            score, lambda seat: seat == d,
        )
    )  # fmt: skip


def reference_ramsch(pos: Position, seat: int) -> int:
    """``seat``'s final Ramsch card points when it minimises and the others maximise them."""
    taken, tricks = _start(pos, seat)
    return _play_out(
        pos.game, list(pos.hands), list(pos.trick), pos.to_move, taken, tricks, pos.skat,
        lambda t, _: t[seat], lambda s: s != seat,
    )  # fmt: skip


_NULL_RANK = (0, 1, 2, 5, 6, 3, 7, 4)  # by stored rank: 7 8 9 T J Q K A ascending


def random_position(
    rng: random.Random, game: GameType, max_cards: int = 4, low_declarer: bool = False
) -> Position:
    """A random position: 1..``max_cards`` cards a hand, 0..2 cards already in the trick.

    ``low_declarer`` deals the declarer mostly low Null cards, so that Null is often won.
    """
    deck = list(range(32))
    rng.shuffle(deck)
    size = rng.randint(1, max_cards)
    leader = rng.randrange(3)
    declarer = rng.randrange(3)
    if low_declarer:
        dealt = sorted(deck[: 3 * size], key=lambda c: _NULL_RANK[c & 7] + 6 * rng.random())
        others = dealt[size:]
        rng.shuffle(others)
        order = [declarer, (declarer + 1) % 3, (declarer + 2) % 3]
        by_seat = dict(zip(order, [dealt[:size], others[:size], others[size:]], strict=True))
        deck[: 3 * size] = by_seat[0] + by_seat[1] + by_seat[2]
    hands = [0, 0, 0]
    for seat in range(3):
        for card in deck[seat * size : (seat + 1) * size]:
            hands[seat] |= 1 << card
    skat = (1 << deck[3 * size]) | (1 << deck[3 * size + 1])
    trick: list[int] = []
    for i in range(rng.randrange(3) if size > 1 else 0):
        seat = (leader + i) % 3
        legal = legal_cards(hands[seat], trick[0] if trick else None, game)
        options = [c for c in range(32) if legal >> c & 1]
        card = rng.choice(options)
        hands[seat] ^= 1 << card
        trick.append(card)
    played = 30 - 3 * size - 2
    decl = rng.randint(0, max(0, 90 - points(sum(hands) | skat))) if played > 0 else 0
    return Position(
        hands=(hands[0], hands[1], hands[2]),
        game=game,
        declarer=declarer,
        to_move=(leader + len(trick)) % 3,
        trick=tuple(trick),
        skat=skat,
        declarer_points=min(decl, 60),
        defender_points=rng.randint(0, 30),
        declarer_tricks=rng.randint(0, 1),
        defender_tricks=rng.randint(0, 1),
        ramsch_points=(rng.randint(0, 20), rng.randint(0, 20), rng.randint(0, 20)),
    )


def _positions(
    seed: int, game: GameType, count: int, max_cards: int = 4, low_declarer: bool = False
) -> list[Position]:
    rng = random.Random(seed)
    return [random_position(rng, game, max_cards, low_declarer) for _ in range(count)]


# -- the card order the kernel uses is the one of skat.rules ---------------------------------


@pytest.mark.parametrize("game", list(GameType))
def test_internal_card_order_agrees_with_trick_winner(game: GameType) -> None:
    lay = _LAYOUTS[game]
    trump = lay.trump
    for led in range(32):
        for other in range(32):
            if other == led:
                continue
            a, b = int(lay.to_internal[other]), int(lay.to_internal[led])
            beats = a > b and (lay.suit_of[a] == lay.suit_of[b] or lay.suit_of[a] == trump)
            assert beats == (trick_winner([led, other], game) == 1), (led, other)
            follows = bool(lay.suit_mask[lay.suit_of[b]] >> a & 1)
            assert follows == bool(follow_mask(led, game) >> other & 1), (led, other)


# -- exact values, thresholds and move values equal the plain minimax -------------------------


@pytest.mark.slow
@pytest.mark.parametrize("game", POINT_GAMES)
def test_exact_value_equals_plain_minimax(game: GameType) -> None:
    for pos in _positions(100 + game, game, 500):
        assert solve_value(pos) == reference_points(pos), position_to_json(pos)


@pytest.mark.parametrize("game", POINT_GAMES)
def test_threshold_agrees_with_exact_value(game: GameType) -> None:
    for pos in _positions(200 + game, game, 120):
        value = solve_value(pos)
        for target in {value - 1, value, value + 1, 31, 61, 90}:
            if 1 <= target < SCHWARZ:
                assert solve_threshold(pos, target) == (value >= target), (target, value)


@pytest.mark.slow
@pytest.mark.parametrize("game", POINT_GAMES)
def test_schwarz_target_asks_for_every_trick(game: GameType) -> None:
    for pos in _positions(300 + game, game, 150):
        expected = reference_tricks(pos, want_all=True)
        assert solve_threshold(pos, SCHWARZ) == expected, position_to_json(pos)


@pytest.mark.slow
@pytest.mark.parametrize("low_declarer", [False, True])
def test_null_declarer_must_take_no_trick(low_declarer: bool) -> None:
    for pos in _positions(400, GameType.NULL, 600, low_declarer=low_declarer):
        expected = reference_tricks(pos, want_all=False)
        assert solve_threshold(pos, 61) == expected, position_to_json(pos)
        assert solve_value(pos) == int(expected)


@pytest.mark.slow
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_ramsch_paranoid_value_equals_plain_minimax(seat: int) -> None:
    for pos in _positions(500 + seat, GameType.RAMSCH, 200):
        assert solve_ramsch(pos, seat) == reference_ramsch(pos, seat), position_to_json(pos)


@pytest.mark.parametrize("game", [*POINT_GAMES, GameType.NULL])
def test_exact_move_values_equal_solving_each_child(game: GameType) -> None:
    for pos in _positions(600 + game, game, 60):
        values = move_values(pos, "exact")
        assert set(values) == set(CardSet(pos.legal_mask()))
        for card, value in values.items():
            child = pos.play(card)
            if game == GameType.NULL:
                assert value == int(reference_tricks(child, want_all=False))
            else:
                assert value == reference_points(child) == solve_value(child)
        pick = max if pos.to_move == pos.declarer else min
        assert pick(values.values()) == solve_value(pos)


@pytest.mark.parametrize(("game", "target"), [(GameType.CLUBS, 61), (GameType.GRAND, 90)])
def test_threshold_move_values_equal_solving_each_child(game: GameType, target: int) -> None:
    for pos in _positions(700 + game, game, 80):
        values = move_values(pos, "threshold", target)
        for card, value in values.items():
            assert value == int(reference_points(pos.play(card)) >= target)


def test_ramsch_move_values_are_the_movers_paranoid_points() -> None:
    for pos in _positions(800, GameType.RAMSCH, 60):
        values = move_values(pos, "exact")
        for card, value in values.items():
            assert value == reference_ramsch(pos.play(card), pos.to_move)
        assert min(values.values()) == solve_ramsch(pos, pos.to_move)


def test_best_moves_are_the_movers_best_values() -> None:
    for pos in _positions(900, GameType.SPADES, 40):
        value, best = best_moves(pos)
        values = move_values(pos)
        assert value == solve_value(pos)
        assert best == sorted(c for c, v in values.items() if v == value)


def test_solver_instances_do_not_share_their_table() -> None:
    a, b = Solver(), Solver()
    for pos in _positions(1000, GameType.HEARTS, 30):
        assert a.solve_value(pos) == b.solve_value(pos) == reference_points(pos)
    assert a.nodes > 0
    assert a.nodes == b.nodes


def _line_of_play(rng: random.Random, pos: Position) -> list[Position]:
    """``pos`` and the positions after each card of a random line from it to the end."""
    line = [pos]
    while not line[-1].is_terminal:
        legal = list(CardSet(line[-1].legal_mask()))
        line.append(line[-1].play(rng.choice(legal)))
    return line


def _deal_positions(seed: int, game: GameType, size: int) -> list[Position]:
    """One random deal of ``size`` cards a hand: a few lines of play from its start and from
    the declarer's other discards (every card keeps its holder: the declarer or the skat)."""
    rng = random.Random(seed)
    deck = rng.sample(range(32), 3 * size + 2)
    hands = [sum(1 << c for c in deck[i * size : (i + 1) * size]) for i in range(3)]
    start = Position(
        hands=(hands[0], hands[1], hands[2]),
        game=game,
        declarer=rng.randrange(3),
        to_move=rng.randrange(3),
        skat=(1 << deck[-1]) | (1 << deck[-2]),
    )
    positions: list[Position] = []
    d = start.declarer
    twelve = start.hands[d] | start.skat
    cards = list(CardSet(twelve))
    for _ in range(4):
        skat = (1 << cards[rng.randrange(len(cards))]) | (1 << cards[rng.randrange(len(cards))])
        if skat.bit_count() != 2:
            continue
        hands = list(start.hands)
        hands[d] = twelve & ~skat
        root = dataclasses.replace(start, hands=(hands[0], hands[1], hands[2]), skat=skat)
        for _ in range(2):
            positions += _line_of_play(rng, root)
    return positions


@pytest.mark.parametrize("game", [GameType.HEARTS, GameType.GRAND, GameType.NULL])
def test_a_shared_table_gives_the_values_of_fresh_solves(game: GameType) -> None:
    shared, fresh = Solver(), Solver()
    for seed in range(6):
        positions = _deal_positions(1100 + seed, game, 5)
        # the same deal as clubs in the same block: each game keeps its own entries
        positions += [dataclasses.replace(p, game=GameType.CLUBS) for p in positions[:10]]
        with shared.shared_table():
            got = [
                (shared.solve_value(p), shared.solve_threshold(p, 61),
                 shared.solve_threshold(p, SCHWARZ), shared.move_values(p))
                for p in positions
            ]  # fmt: skip
        want = [
            (fresh.solve_value(p), fresh.solve_threshold(p, 61),
             fresh.solve_threshold(p, SCHWARZ), fresh.move_values(p))
            for p in positions
        ]  # fmt: skip
        assert got == want
    assert shared.nodes < fresh.nodes


def test_a_shared_table_gives_the_ramsch_values_of_fresh_solves() -> None:
    shared, fresh = Solver(), Solver()
    positions = _deal_positions(1200, GameType.RAMSCH, 5)[:12]
    for seat in range(3):
        with shared.shared_table():
            got = [(shared.solve_ramsch(p, seat), shared.move_values(p)) for p in positions]
        assert got == [(fresh.solve_ramsch(p, seat), fresh.move_values(p)) for p in positions]


def test_a_shared_table_refuses_a_card_that_changed_hands() -> None:
    hands = _hands("CJ SA", "ST S7", "HA H7")
    moved = _hands("ST SA", "CJ S7", "HA H7")
    solver = Solver()
    with solver.shared_table():
        solver.solve_value(Position(hands=hands, game=GameType.GRAND, declarer=0, to_move=0))
        with pytest.raises(SkatError, match=r"CJ ST changed hands"):
            solver.solve_value(Position(hands=moved, game=GameType.GRAND, declarer=0, to_move=0))
        # another game, another declarer: another scope, where the cards may lie otherwise
        assert solver.solve_value(
            Position(hands=moved, game=GameType.GRAND, declarer=1, to_move=0)
        ) == solve_value(Position(hands=moved, game=GameType.GRAND, declarer=1, to_move=0))
        with pytest.raises(SkatError, match="already sharing"), solver.shared_table():
            pass
    # outside the block each call is on its own again
    assert solver.solve_value(Position(hands=moved, game=GameType.GRAND, declarer=0, to_move=0))


# -- golden positions ----------------------------------------------------------------------


def _golden() -> list[dict[str, Any]]:
    return [json.loads(line) for line in GOLDEN.read_text().splitlines() if line.strip()]


@pytest.mark.parametrize("case", _golden(), ids=lambda c: str(c["name"]))
def test_golden_position_has_its_known_value(case: dict[str, Any]) -> None:
    pos, request = position_from_json(json.dumps(case["position"]))
    if pos.game == GameType.RAMSCH:
        assert solve_ramsch(pos, case["seat"]) == case["value"]
    elif "target" in request:
        assert int(solve_threshold(pos, request["target"])) == case["value"]
    else:
        assert solve_value(pos) == case["value"]


# -- positions are checked ---------------------------------------------------------------


def _hands(*texts: str) -> tuple[int, int, int]:
    masks = [CardSet.from_str(t).mask for t in texts]
    return (masks[0], masks[1], masks[2])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": _hands("CJ SA", "CJ S7", "HA H7")}, "given twice"),
        ({"hands": _hands("CJ SA", "ST S7", "HA")}, "hand sizes"),
        ({"hands": _hands("CJ SA", "ST S7", "HA H7"), "trick": (parse_card("SA"),)}, "also in"),
        ({"hands": _hands("CJ", "ST", "HA H7"), "trick": (parse_card("SA"),)}, "hand sizes"),
        ({"hands": _hands("CJ SA", "ST S7", "HA H7"), "declarer": 3}, "seats are 0..2"),
        ({"hands": _hands("CJ SA", "ST S7", "HA H7"), "declarer_points": 121}, "0..120"),
        ({"hands": _hands("CJ SA", "ST S7", "HA H7"), "skat": 1 << 32}, "32-bit"),
    ],
)
def test_position_rejects_inconsistent_cards(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"game": GameType.GRAND, "declarer": 0, "to_move": 0, **kwargs}
    if "trick" in kwargs:
        args["to_move"] = 1
    with pytest.raises(SkatError, match=message):
        Position(**args)


def test_play_rejects_a_card_that_does_not_follow_suit() -> None:
    pos = Position(
        hands=_hands("SA", "SJ H7", "HA D7"),
        game=GameType.GRAND,
        declarer=0,
        to_move=1,
        trick=(parse_card("CJ"),),
    )
    with pytest.raises(SkatError, match="not legal"):
        pos.play(parse_card("H7"))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda p: solve_value(p), "use solve_ramsch"),
        (lambda p: solve_threshold(p, 61), "use solve_ramsch"),
        (lambda p: solve_ramsch(p, 3), "seats are 0..2"),
        (lambda p: move_values(p, "fast"), "mode must be"),
    ],
)
def test_solver_rejects_bad_requests(call: Any, message: str) -> None:
    pos = Position(hands=_hands("SA", "ST", "HA"), game=GameType.RAMSCH, declarer=0, to_move=0)
    with pytest.raises(SkatError, match=message):
        call(pos)


def test_solve_ramsch_rejects_a_game_with_a_declarer() -> None:
    pos = Position(hands=_hands("SA", "ST", "HA"), game=GameType.GRAND, declarer=0, to_move=0)
    with pytest.raises(SkatError, match="needs a Ramsch position"):
        solve_ramsch(pos, 0)


@pytest.mark.parametrize("game", list(GameType))
def test_position_json_round_trips(game: GameType) -> None:
    for pos in _positions(1100 + game, game, 20):
        assert position_from_json(position_to_json(pos)) == (pos, {})


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("[1, 2]", "JSON object"),
        ("{", "not JSON"),
        ('{"hands": ["SA", "ST"], "game": "G"}', "three card strings"),
        ('{"hands": ["SA", "ST", "HX"], "game": "G"}', "not a card"),
        ('{"hands": ["SA", "ST", "HA"], "game": "Q"}', "not a game type"),
        ('{"hands": ["SA", "ST", "HA"], "game": "G", "colour": 1}', "unknown field"),
        ('{"hands": ["SA", "ST", "HA"], "game": "G", "target": "61"}', "target must be"),
        ('{"hands": ["SA", "ST", "HA"], "game": "G", "mode": "fast"}', "mode must be"),
        ('{"hands": ["SA", "ST", "HA"], "game": "G", "declarer": true}', "declarer must be"),
    ],
)
def test_position_json_errors_name_the_problem(line: str, message: str) -> None:
    with pytest.raises(SkatError, match=message):
        position_from_json(line)


def _make_golden() -> list[dict[str, Any]]:
    """Golden cases: positions of 4 or 5 cards a hand valued by the plain minimax above.

    Regenerate (the hand-reasoned cases at the top of the file are kept by hand)::

        .venv/bin/python tests/solver/test_solver.py > tests/data/solver_golden.jsonl
    """
    cases: list[dict[str, Any]] = []
    rng = random.Random(4242)
    for game in GameType:
        found = 0
        while found < 3:
            pos = random_position(rng, game, 5)
            if pos.hands[pos.to_move].bit_count() < 4:
                continue
            found += 1
            case: dict[str, Any] = {"name": f"{game.name.lower()}_{found}"}
            if game == GameType.RAMSCH:
                case["seat"] = found % 3
                case["value"] = reference_ramsch(pos, found % 3)
            elif game == GameType.NULL:
                case["value"] = int(reference_tricks(pos, want_all=False))
            else:
                case["value"] = reference_points(pos)
            case["position"] = json.loads(position_to_json(pos))
            cases.append(case)
    return cases


if __name__ == "__main__":
    for golden_case in _make_golden():
        print(json.dumps(golden_case))


# -- positions from game records -------------------------------------------------------------

ISS_SAMPLE = Path(__file__).parents[1] / "data" / "iss_records_sample.sgf"


def _iss_lines() -> list[str]:
    return [line for _, line in read_file(ISS_SAMPLE.read_text(errors="replace"))]


def test_position_from_record_is_the_deal_before_its_first_card() -> None:
    solved = 0
    for line in _iss_lines():
        pos = position_from_record(line)
        state = read_record(line)
        if pos is None:
            assert not state.tricks
            continue
        assert [h.bit_count() for h in pos.hands] == [10, 10, 10]
        assert pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.skat == 0xFFFFFFFF
        assert pos.trick == ()
        assert (pos.declarer_points, pos.defender_points, pos.defender_tricks) == (0, 0, 0)
        assert state.contract is not None
        assert pos.game == state.contract.game
        solved += 1
    assert solved >= 30


def test_position_play_follows_the_recorded_card_play() -> None:
    for line in _iss_lines()[:8]:
        state = read_record(line)
        cards = [a for a in state.actions if a.kind == ActionKind.CARD]
        if not cards:
            continue
        step = card_play_start(state)
        for action in cards:
            if step.phase != Phase.PLAY:
                break
            pos = position_from_state(step)
            step = step.apply(action)
            if step.phase == Phase.PLAY:
                assert pos.play(action.card) == position_from_state(step)


def test_position_from_state_refuses_the_bidding() -> None:
    state = read_record(_iss_lines()[0])
    first = State(state.options, state.deal, state.dealer, (), ())
    with pytest.raises(SkatError, match="not in its card play"):
        position_from_state(first)


def _declarer_forced_now(pos: Position) -> bool:
    """Plain minimax over the current trick only: can the defenders make the declarer take it?"""

    def play(hands: list[int], trick: list[int], seat: int) -> bool:
        if len(trick) == 3:
            return (pos.leader + trick_winner(trick, pos.game)) % 3 == pos.declarer
        legal = legal_cards(hands[seat], trick[0] if trick else None, pos.game)
        outcomes = []
        for card in CardSet(legal):
            hands[seat] ^= 1 << card
            outcomes.append(play(hands, [*trick, card], (seat + 1) % 3))
            hands[seat] ^= 1 << card
        return all(outcomes) if seat == pos.declarer else any(outcomes)

    return play(list(pos.hands), [], pos.to_move)


@pytest.mark.slow
@pytest.mark.parametrize("low_declarer", [False, True])
def test_null_shortcuts_agree_with_plain_minimax(low_declarer: bool) -> None:
    lay = _LAYOUTS[GameType.NULL]
    checked = 0
    for pos in _positions(450, GameType.NULL, 1500, low_declarer=low_declarer):
        if pos.trick or pos.to_move == pos.declarer:
            continue
        pos = dataclasses.replace(pos, declarer_tricks=0)
        hands = np.array([_internal_mask(h, lay) for h in pos.hands], dtype=np.int64)
        forced = _null_forced(hands, pos.declarer, pos.to_move, lay.suit_mask)
        assert forced == _declarer_forced_now(pos), position_to_json(pos)
        if _null_safe(hands, pos.declarer, lay.suit_mask):
            assert reference_tricks(pos, want_all=False), position_to_json(pos)
        checked += 1
    assert checked > 400


def test_threads_sharing_the_default_solver_get_the_right_values() -> None:
    positions = _positions(1200, GameType.GRAND, 40)
    expected = [reference_points(pos) for pos in positions]
    results: dict[int, list[int]] = {}

    def work(index: int) -> None:
        order = positions[index:] + positions[:index]
        results[index] = [solve_value(pos) for pos in order]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for index, values in results.items():
        assert values == expected[index:] + expected[:index]


@pytest.mark.slow
@pytest.mark.parametrize("exact", ["bisection", "mtdf"])
def test_both_exact_methods_equal_plain_minimax(exact: str) -> None:
    solver = Solver(exact=exact)
    for pos in _positions(1300, GameType.CLUBS, 150):
        assert solver.solve_value(pos) == reference_points(pos)


def test_solver_rejects_an_unknown_exact_method() -> None:
    with pytest.raises(SkatError, match="exact must be"):
        Solver(exact="guess")
