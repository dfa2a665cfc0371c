"""The strong player's ties between cards from the third trick on: the next level (Schneider)
and playing for the other side's slip (``slip_margin``), and the hint that says so."""

from __future__ import annotations

import pytest

from skat.action import Action
from skat.cards import CardSet
from skat.players import decision_rng
from skat.players.strong import StrongPlayer

from strong_positions import forehand_declares


@pytest.mark.parametrize(
    ("forehand", "middlehand", "skat", "contract", "plays", "margin", "ranked"),
    [
        # a Clubs Hand lost whatever the declarer leads: ranked by the worlds reaching 51
        (
            "SA D7 CK H9 HQ ST DA DJ D9 D8",
            "CJ S8 CT H8 H7 HA SK DT S7 CA",
            "DQ C7",
            "CH",
            "DA DT DK SA S7 S9",
            10,
            True,
        ),
        # a Diamonds Hand lost as well; six of its eight cards stay tied at 51
        (
            "HJ H9 HK CQ C9 SQ SA HQ CA HA",
            "CT D8 HT CK CJ ST S8 C8 DK D7",
            "DA S7",
            "DH",
            "HA HT H7 SA S8 S9",
            10,
            True,
        ),
        # a Hearts Hand won whatever rearhand answers: ranked by the worlds reaching 71
        (
            "HJ HA CQ DA CT SJ HQ DK DJ H7",
            "HK C8 HT C7 D9 S9 CJ ST SK CK",
            "H8 C9",
            "HH",
            "H7 HK H9 S9 S7 HQ DJ CJ",
            10,
            True,
        ),
        # a Grand Hand won whatever middlehand answers the declarer's CA
        (
            "CA DA H8 ST HT D7 HJ C9 HA D8",
            "CT SJ SQ HQ DK C7 H9 D9 CQ SA",
            "DJ DT",
            "GH",
            "DA D9 DQ HA H9 H7 CA",
            10,
            True,
        ),
        # margin 0: off
        (
            "SA D7 CK H9 HQ ST DA DJ D9 D8",
            "CJ S8 CT H8 H7 HA SK DT S7 CA",
            "DQ C7",
            "CH",
            "DA DT DK SA S7 S9",
            0,
            False,
        ),
        # a Null Hand the defenders lose in every world: a Null has no card points to keep close
        (
            "C7 S7 H7 D7 C8 S8 H8 D8 C9 S9",
            "CA SA HA DA CT ST HT DT CK SK",
            "HK HQ",
            "NH",
            "D7 DT D9 HT H9 H8",
            10,
            False,
        ),
        # a Grand Hand won whatever the declarer leads: the seat does not lose, nothing to rank
        (
            "CJ SJ HJ DJ CA CT SA ST HA HT",
            "C7 S7 H7 D7 C8 S8 H8 D8 C9 S9",
            "DA DT",
            "GH",
            "HA H7 H9 SA S7 SQ",
            10,
            False,
        ),
    ],
)
def test_a_side_lost_in_every_world_plays_the_card_that_keeps_the_game_closest(
    forehand: str,
    middlehand: str,
    skat: str,
    contract: str,
    plays: str,
    margin: int,
    ranked: bool,
) -> None:
    """``slip_margin``: from the third trick on, of the cards tied in a game the seat loses in
    every world, those after which the declarer comes nearest his target (declarer) or stays
    furthest below target plus the margin (defender), as the solver counts them in the same
    worlds (here the real deal alone), among those the next level leaves; nothing is ranked
    when the seat does not lose, in a Null, or with no budget left."""
    from skat.players import worlds as wd
    from skat.players.card_play import _break_ties, best_cards
    from skat.players.strong_settings import StrongSettings
    from skat.solver import Solver

    state = forehand_declares(forehand, middlehand, skat, contract)
    for card in plays.split():
        state = state.apply(Action.parse(card))
    seat = state.current_player
    assert seat is not None
    info = state.information_state(seat)
    assert len(info.tricks) == 2
    world = (state.hand(0), state.hand(1), state.hand(2), CardSet.from_str(skat).mask)
    solver = Solver()
    pos = wd.position(info, world)
    target = wd.target(info)
    score = solver.move_values(pos, "threshold", target)
    cards = sorted(score)
    maximise = seat == 0
    settings = StrongSettings(slip_margin=margin)
    notes: dict[str, object] = {}
    spent = _break_ties(settings, solver, info, [pos], cards, score, maximise, 0, 0, notes)
    assert (spent, notes) == (best_cards(cards, score, maximise), {})  # no budget: no count
    chosen = _break_ties(settings, solver, info, [pos], cards, score, maximise, 0, 10**9, notes)
    if not ranked:
        assert "slip" not in notes
        off = StrongSettings(slip_margin=0)
        plain = _break_ties(off, solver, info, [pos], cards, score, maximise, 0, 10**9, {})
        assert chosen == plain
        return
    assert set(score.values()) == {0 if maximise else 1}  # lost whatever the seat plays
    declarer_taken, *defenders_taken = state.card_points()
    next_level = 31 if maximise else 90
    # the next level is counted while the card points taken leave it open
    counted = declarer_taken < next_level <= 120 - sum(defenders_taken)
    assert notes.get("next_level", False) is counted
    level = cards
    if counted:
        level = best_cards(cards, solver.move_values(pos, "threshold", next_level), maximise)
    threshold = target - margin if maximise else target + margin
    assert notes["slip"] == threshold
    count = solver.move_values(pos, "threshold", threshold)
    best = max(count[c] for c in level) if maximise else min(count[c] for c in level)
    assert sorted(chosen) == sorted(c for c in level if count[c] == best)
    assert 0 < len(chosen) < len(level)  # the second count tells the cards apart


def test_the_next_level_is_weighed_before_the_slip() -> None:
    """A defender whose declarer wins in every world first keeps him from Schneider (90 card
    points), and only among those cards plays for a slip (71): here the two orders choose
    different cards, in two worlds (the real deal, and one with S9 and CQ swapped)."""
    from skat.players import worlds as wd
    from skat.players.card_play import _break_ties, best_cards
    from skat.players.strong_settings import StrongSettings
    from skat.solver import Solver

    state = forehand_declares(
        "HJ S8 DA SQ CA DT S9 CJ CT S7", "D8 DK DQ H7 SJ CQ H9 D7 HA SK", "CK C8", "CH"
    )
    for card in ("CJ", "SJ", "DJ", "SQ", "SK", "SA"):
        state = state.apply(Action.parse(card))
    assert state.current_player == 2
    info = state.information_state(2)
    swap = CardSet.from_str("S9 CQ").mask
    real = (state.hand(0), state.hand(1), state.hand(2), CardSet.from_str("CK C8").mask)
    other = (real[0] ^ swap, real[1] ^ swap, real[2], real[3])
    solver = Solver()
    worlds = [wd.position(info, real), wd.position(info, other)]

    def count(threshold: int) -> dict[int, int]:
        out: dict[int, int] = {}
        for pos in worlds:
            for c, v in solver.move_values(pos, "threshold", threshold).items():
                out[c] = out.get(c, 0) + v
        return out

    score = count(61)
    cards = sorted(score)
    assert set(score.values()) == {2}  # the declarer wins whatever the defender plays
    notes: dict[str, object] = {}
    settings = StrongSettings(slip_margin=10)
    chosen = _break_ties(settings, solver, info, worlds, cards, score, False, 0, 10**9, notes)
    schneider_first = best_cards(best_cards(cards, count(90), False), count(71), False)
    slip_first = best_cards(best_cards(cards, count(71), False), count(90), False)
    assert chosen == schneider_first
    assert set(chosen) != set(slip_first)
    assert notes == {"next_level": True, "slip": 71}
    # slip_margin 0: the next level alone, as before the setting
    off = StrongSettings(slip_margin=0)
    notes = {}
    plain = _break_ties(off, solver, info, worlds, cards, score, False, 0, 10**9, notes)
    assert plain == best_cards(cards, count(90), False)
    assert notes == {"next_level": True}


def test_a_hint_says_when_its_card_keeps_a_lost_game_closest() -> None:
    """A declarer lost in every sampled world from the third trick on is advised a card that
    keeps the game closest, and the hint's reason says so (``slip``); with ``slip_margin`` 0
    it does not."""
    from skat.players.advice import advise

    state = forehand_declares(
        "C7 C8 C9 S7 S8 S9 H7 H8 H9 D7", "CJ SJ CA CT SA ST HA HT DA DT", "D8 D9", "GH"
    )
    for card in ("D7", "DA", "DK", "HA", "HK", "H7", "SA", "SK"):
        state = state.apply(Action.parse(card))
    assert (len(state.tricks), state.current_player) == (2, 0)
    info = state.information_state(0)
    rng = decision_rng(1, len(state.actions))
    advice = advise(StrongPlayer(), info, rng)
    assert advice.kind == "card"
    assert advice.reason["share"] == 0.0  # lost in every world, whatever is played
    assert advice.reason["best_other"] == 0.0
    assert advice.reason["slip"] is True
    off = advise(StrongPlayer(slip_margin=0), info, decision_rng(1, len(state.actions)))
    assert off.reason["slip"] is False


def test_no_card_is_played_for_a_slip_once_the_card_points_settle_the_game() -> None:
    """A defender whose declarer already holds 62 card points in his tricks cannot turn the
    game by any slip: the cards are weighed for the next level (Schneider) alone, although a
    count at 71 would tell them apart."""
    from skat.players import worlds as wd
    from skat.players.card_play import _break_ties, best_cards
    from skat.players.strong_settings import StrongSettings
    from skat.solver import Solver

    state = forehand_declares(
        "DJ SJ ST H7 S8 SK HJ HA CK DT", "D9 H9 HK C8 DK H8 DQ CA D8 C9", "C7 CJ", "SH"
    )
    plays = "S8 D8 S9 DA DT DK D7 SK D9 DJ H8 S7 HJ H9 SQ SJ C8 SA ST C9 HQ HA HK HT H7"
    for card in plays.split():
        state = state.apply(Action.parse(card))
    assert state.current_player == 1
    assert state.card_points()[0] == 62  # the declarer's tricks: the game is won
    info = state.information_state(1)
    world = (state.hand(0), state.hand(1), state.hand(2), CardSet.from_str("C7 CJ").mask)
    solver = Solver()
    pos = wd.position(info, world)
    score = solver.move_values(pos, "threshold", 61)
    cards = sorted(score)
    assert set(score.values()) == {1}
    notes: dict[str, object] = {}
    settings = StrongSettings(slip_margin=10)
    chosen = _break_ties(settings, solver, info, [pos], cards, score, False, 0, 10**9, notes)
    level = best_cards(cards, solver.move_values(pos, "threshold", 90), False)
    assert notes == {"next_level": True}
    assert chosen == level
    assert len(best_cards(level, solver.move_values(pos, "threshold", 71), False)) < len(level)
