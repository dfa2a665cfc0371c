"""The strong player's conceding, announcements, Ramsch rollouts and what it knows in
Schieberamsch."""

from __future__ import annotations

import random

import pytest

from skat.action import Action, ActionKind
from skat.cards import CardSet, points
from skat.deal import Deal
from skat.options import AllPass, Options, RamschSkat
from skat.players import decision_rng, get_player
from skat.players.ramsch import _ramsch_rollout, _schieben_out
from skat.players.strong import StrongPlayer
from skat.players.worlds import PLAY_MISMATCH, _play_likelihood, sample_world
from skat.players.worlds import plays as _plays
from skat.ramsch import RamschResult
from skat.rules import GameType
from skat.scoring import GameResult
from skat.state import Phase, State

from strong_positions import forehand_declares


@pytest.mark.parametrize(
    ("forehand", "middlehand", "skat", "contract", "concedes"),
    [
        # nothing but low cards in a Grand Hand: lost and Schneider in every deal
        ("C7 C8 C9 S7 S8 S9 H7 H8 H9 D7", "CJ SJ CA CT SA ST HA HT DA DT", "D8 D9", "GH", True),
        # lost as well, but Null has no Schneider to save: played on
        ("CA SA HA DA CT ST HT DT CK SK", "C7 S7 H7 D7 C8 S8 H8 D8 C9 S9", "HK HQ", "NH", False),
        # a sure game is played
        ("CJ SJ HJ DJ CA CT SA ST HA HT", "C7 S7 H7 D7 C8 S8 H8 D8 C9 S9", "DA DT", "GH", False),
    ],
)
def test_strong_declarer_concedes_only_a_lost_game_it_would_lose_schneider(
    forehand: str, middlehand: str, skat: str, contract: str, concedes: bool
) -> None:
    state = forehand_declares(forehand, middlehand, skat, contract)
    info = state.information_state(0)
    assert Action(ActionKind.CONCEDE) in info.legal_actions()
    action = StrongPlayer().choose(info, decision_rng(1, len(state.actions)))
    assert (action.kind == ActionKind.CONCEDE) == concedes
    after = state.apply(action)
    if concedes:
        result = after.result()
        assert isinstance(result, GameResult)
        assert not result.won
        assert "schneider" not in result.levels  # conceding saved the Schneider


def _schieberamsch(tokens: list[str], number: int = 7) -> State:
    """Deal ``number`` under Schieberamsch: all pass, then ``tokens`` ("take", "push",
    "pass"; a push puts away the two lowest non-jack cards)."""
    state = State.new(number, Options(all_pass=AllPass.SCHIEBERAMSCH))
    while state.phase == Phase.BIDDING:
        state = state.apply(next(a for a in state.legal_actions() if a.kind == ActionKind.PASS))
    for token in tokens:
        legal = state.legal_actions()
        if token == "take":
            action = next(a for a in legal if a.kind == ActionKind.PICKUP)
        elif token == "pass":
            action = next(a for a in legal if a.kind == ActionKind.PASS)
        else:
            action = min(
                (a for a in legal if a.kind == ActionKind.DISCARD),
                key=lambda a: a.value,
            )
        state = state.apply(action)
    return state


def test_after_the_last_push_the_pusher_knows_the_skat() -> None:
    state = _schieberamsch(["pass", "pass", "take", "push"])
    assert state.phase == Phase.PLAY
    info = state.information_state(2)
    assert info.discard is not None
    rng = random.Random(1)
    for _ in range(20):
        world = sample_world(info, rng)
        assert world is not None
        assert world[3] == info.discard


def test_pushed_cards_stay_with_the_seats_that_took_the_skat_after_them() -> None:
    state = _schieberamsch(["take", "push", "take", "push", "pass"])
    info = state.information_state(0)
    assert info.discard is not None
    rng = random.Random(2)
    where = set()
    for _ in range(40):
        world = sample_world(info, rng)
        assert world is not None
        assert not world[2] & info.discard  # rearhand passed the skat on unseen
        where |= {holder for holder in (1, 3) if world[holder] & info.discard}
    assert where == {1, 3}  # middlehand kept them or pushed them on


@pytest.mark.parametrize(
    "options",
    [
        Options(all_pass=AllPass.RAMSCH),
        Options(all_pass=AllPass.RAMSCH, ramsch_skat=RamschSkat.LOSER, durchmarsch=False),
        Options(all_pass=AllPass.SCHIEBERAMSCH),
    ],
)
def test_a_ramsch_rollout_in_the_real_deal_ends_as_the_game_does(options: Options) -> None:
    """The strong player's Ramsch rollout, given the real cards, plays the deal to the same end
    as the engine with the heuristic in every seat: the same tricks, skat and Ramsch scores."""
    heuristic = get_player("heuristic")
    compared = 0
    for number in range(12):
        state = State.new(number, options)
        while state.phase == Phase.BIDDING:
            state = state.apply(Action(ActionKind.PASS))
        states = []
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            info = state.information_state(seat)
            action = heuristic.choose(info, decision_rng(number, len(state.actions)))
            if state.phase == Phase.PLAY:
                states.append((state, action))
            state = state.apply(action)
        result = state.result()
        assert isinstance(result, RamschResult)
        for before, action in states[::7]:
            seat = before.current_player
            assert seat is not None
            info = before.information_state(seat)
            world = (before.hand(0), before.hand(1), before.hand(2), before.deal.skat.mask)
            taken = [0, 0, 0]
            won = [0, 0, 0]
            for trick in before.tricks:
                taken[trick.winner] += points(sum(1 << c for c in trick.cards))
                won[trick.winner] += 1
            assert _ramsch_rollout(info, world, action.value, taken, won) == result.scores
            compared += 1
    assert compared >= 40


@pytest.mark.parametrize("number", range(15))
def test_a_schieberamsch_rollout_from_the_first_push_ends_as_the_game_does(number: int) -> None:
    """The rollout of a whole Schieberamsch (pushes and card play by the heuristic's rules),
    given the real cards, ends with the engine's scores for the heuristic in every seat."""
    options = Options(all_pass=AllPass.SCHIEBERAMSCH)
    heuristic = get_player("heuristic")
    state = State.new(number, options)
    while state.phase == Phase.BIDDING:
        state = state.apply(Action(ActionKind.PASS))
    deal = state.deal
    hands = [deal.hands[0].mask, deal.hands[1].mask, deal.hands[2].mask]
    expected = _schieben_out(hands, deal.skat.mask, 0, 0, options)
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        info = state.information_state(seat)
        state = state.apply(heuristic.choose(info, decision_rng(number, len(state.actions))))
    result = state.result()
    assert isinstance(result, RamschResult)
    assert expected == result.scores


def _forehand_to_choose(forehand: str) -> State:
    """Forehand holds ``forehand``; the others pass and forehand bids 18: it is to pick up or
    declare a Hand game."""
    rest = [c for c in range(32) if not CardSet.from_str(forehand).mask >> c & 1]
    deal = Deal(
        1,
        (CardSet.from_str(forehand), CardSet(sum(1 << c for c in rest[:10])),
         CardSet(sum(1 << c for c in rest[10:20]))),
        CardSet(sum(1 << c for c in rest[20:])),
    )  # fmt: skip
    state = State.from_deal(deal, Options())
    for token in ("p", "p", "18"):
        state = state.apply(Action.parse(token))
    assert state.phase == Phase.SKAT
    return state


@pytest.mark.slow
@pytest.mark.parametrize(
    ("forehand", "ouvert", "schwarz"),
    [
        ("CJ SJ HJ DJ CA CT CK CQ C9 C8", True, True),  # every trick in every deal: ouvert
        ("CJ SJ HJ DJ CA CT SA ST HA D7", False, False),  # a sure Grand, but D7 loses a trick
    ],
)
def test_strong_announces_what_the_sampled_deals_warrant(
    forehand: str, ouvert: bool, schwarz: bool
) -> None:
    state = _forehand_to_choose(forehand)
    info = state.information_state(0)
    action = StrongPlayer().choose(info, decision_rng(1, len(state.actions)))
    assert action.kind == ActionKind.DECLARE
    assert action.contract is not None
    assert action.contract.hand
    assert action.contract.game != GameType.NULL
    assert action.contract.ouvert == ouvert
    assert action.contract.schwarz == schwarz


@pytest.mark.slow
def test_the_real_deal_fits_every_card_the_heuristic_played() -> None:
    """Play inference: when the other seats play by the heuristic's rules, the real deal has
    weight 1 at every card decision (the model of what each seat knew is exact), while sampled
    deals often lose weight by :data:`PLAY_MISMATCH` per unexplained card."""
    heuristic = get_player("heuristic")
    checked = 0
    sampled: list[float] = []
    for number in (3, 7, 11, 19, 23):
        state = State.new(number, Options())
        rng = random.Random(number)
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            info = state.information_state(seat)
            if state.phase == Phase.PLAY and len(info.tricks) >= 2:
                plays = _plays(info)
                assert all(p.seat != seat for p in plays)
                real = (state.hand(0), state.hand(1), state.hand(2), state.skat)
                assert _play_likelihood(info, plays, real, 0.0) == 1.0
                for _ in range(5):
                    world = sample_world(info, rng)
                    assert world is not None
                    sampled.append(_play_likelihood(info, plays, world, 0.0))
                checked += 1
            action = heuristic.choose(info, decision_rng(number, len(state.actions)))
            state = state.apply(action)
    assert checked >= 100
    powers = {PLAY_MISMATCH**k for k in range(31)}
    assert all(w in powers for w in sampled)
    assert sum(w < 1.0 for w in sampled) > len(sampled) // 4


def test_cards_shown_during_the_play_count_as_open_only_from_then_on() -> None:
    """A declarer who shows his cards (``SC``) after the fourth card: the defenders' earlier
    cards were played without seeing his, his own earlier cards still say something, and the
    real deal keeps weight 1 when every seat plays by the heuristic's rules."""
    heuristic = get_player("heuristic")
    state = forehand_declares(
        "CJ SJ HJ CA CT C9 SA ST HA D7", "DJ C8 C7 S9 S8 H9 H8 D8 D9 DT", "HK HQ", "GH"
    )

    def play_until(cards: int, state: State) -> State:
        while state.information_state(0).played.bit_count() < cards:
            seat = state.current_player
            assert seat is not None
            info = state.information_state(seat)
            state = state.apply(heuristic.choose(info, decision_rng(1, len(state.actions))))
        return state

    state = play_until(4, state)
    state = state.apply(Action.parse("SC"), 0)
    state = play_until(10, state)
    if state.current_player == 0:
        state = play_until(11, state)
    seat = state.current_player
    assert seat in (1, 2)
    info = state.information_state(seat)
    assert info.ouvert_hand is not None
    plays = _plays(info)
    assert all(p.seat != seat for p in plays)
    assert all(p.open == (p.played.bit_count() >= 4) for p in plays)
    declarers = [p for p in plays if p.seat == 0]
    assert declarers  # he led the first trick: his cards before the SC are explained
    assert all(not p.open for p in declarers)
    partner = 3 - seat
    assert len([p for p in plays if p.seat == partner]) >= 3
    real = (state.hand(0), state.hand(1), state.hand(2), state.skat)
    assert _play_likelihood(info, plays, real, 0.0) == 1.0


def test_when_every_draw_is_rejected_the_most_likely_world_is_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``draw_likely``'s fallback after its tries compares the worlds' whole likelihoods (bids
    and plays), not a bid weight alone or a play product cut short."""
    import skat.players.worlds as worlds

    bids = {1: 1.0, 2: 0.3, 3: 1.0}  # the bid weight of each world
    mismatches = {1: 2, 2: 0, 3: 1}  # cards each world does not explain (0.5 each)
    drawn = iter([(1, 0, 0, 0), (2, 0, 0, 0), (3, 0, 0, 0)])

    def play_likelihood(
        info: object, plays: object, world: tuple[int, ...], stop: float, beliefs: str
    ) -> float:
        weight = 1.0
        for _ in range(mismatches[world[0]]):
            weight *= 0.5
            if weight < stop:
                break
        return weight

    class Strict(random.Random):
        def random(self) -> float:
            return 0.9999  # nothing below weight 1 is accepted

    monkeypatch.setattr(worlds, "_draw", lambda k, rng: next(drawn))
    monkeypatch.setattr(
        worlds,
        "_likelihood",
        lambda info, world, limits, discard=False, sharpness=1.0: bids[world[0]],
    )
    monkeypatch.setattr(worlds, "_play_likelihood", play_likelihood)
    info = forehand_declares(
        "CJ SJ HJ CA CT C9 SA ST HA D7", "DJ C8 C7 S9 S8 H9 H8 D8 D9 DT", "HK HQ", "GH"
    ).information_state(1)
    plays = [object()]  # not read by the stand-in
    world = worlds.draw_likely(info, None, Strict(1), 3, tries=3, plays=plays)  # type: ignore[arg-type]
    assert world == (3, 0, 0, 0)  # whole likelihoods 0.25, 0.3 and 0.5


def _recorded_draws(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """A list that records (seat, inference) for every world the strong player draws."""
    import skat.players.worlds as worlds

    drawn: list[tuple[int, int]] = []
    draw = worlds.draw_likely

    def counted(info, k, rng, inference, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append((int(info.seat), inference))
        return draw(info, k, rng, inference, **kwargs)

    monkeypatch.setattr(worlds, "draw_likely", counted)
    return drawn


def test_a_defender_plays_with_the_defence_settings_and_the_declarer_with_his(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The declarer's card is judged on ``worlds`` worlds drawn with ``inference``, a
    defender's on ``defence_worlds`` drawn with ``defence_inference`` (both budgets too large
    to stop earlier); middlehand declares, so neither role is seat 0's alone."""
    drawn = _recorded_draws(monkeypatch)
    middlehand = CardSet.from_str("CJ SJ CA CT C9 SA ST S9 HA H8")
    forehand = CardSet.from_str("HJ DJ CK CQ S7 S8 H7 H9 D7 D8")
    skat = CardSet.from_str("DA DT")
    rest = CardSet(0xFFFFFFFF & ~(middlehand.mask | forehand.mask | skat.mask))
    state = State.from_deal(Deal(1, (forehand, middlehand, rest), skat), Options())
    for token in ("18", "p", "p", "CH"):  # middlehand bids, both others pass
        state = state.apply(Action.parse(token))
    assert state.declarer == 1
    player = StrongPlayer(
        worlds=5,
        node_budget=10**9,
        inference=2,
        defence_worlds=7,
        defence_budget=10**9,
        defence_inference=3,
        min_worlds=1,
    )
    for seat, expected in ((0, [(0, 3)] * 7), (1, [(1, 2)] * 5), (2, [(2, 3)] * 7)):
        assert state.current_player == seat
        drawn.clear()
        card = player.choose(state.information_state(seat), decision_rng(1, len(state.actions)))
        assert drawn == expected
        state = state.apply(card)


def test_a_defender_stops_at_the_defence_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a budget of one node only ``min_worlds`` worlds are solved."""
    drawn = _recorded_draws(monkeypatch)
    state = forehand_declares(
        "CJ SJ CA CT C9 SA ST S9 HA H8", "HJ DJ CK CQ S7 S8 H7 H9 D7 D8", "DA DT", "CH"
    )
    player = StrongPlayer(worlds=5, node_budget=10**9, defence_worlds=7, defence_budget=1)
    state = state.apply(player.choose(state.information_state(0), decision_rng(1, 4)))
    assert [seat for seat, _ in drawn] == [0] * 5
    drawn.clear()
    player.choose(state.information_state(1), decision_rng(1, 5))
    assert [seat for seat, _ in drawn] == [1] * player.min_worlds


@pytest.mark.slow
def test_the_first_tricks_get_early_factor_times_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While fewer than ``early_tricks`` tricks are complete, the declarer and a defender may
    solve ``early_factor`` times their node budget: with budgets of one node each solves
    ``min_worlds`` worlds, with a factor of a billion all its worlds in the first and the
    second trick, and ``min_worlds`` again from the third trick on."""
    drawn = _recorded_draws(monkeypatch)
    state = forehand_declares(
        "CJ SJ CA CT C9 SA ST S9 HA H8", "HJ DJ CK CQ S7 S8 H7 H9 D7 D8", "DA DT", "CH"
    )
    plain = StrongPlayer(
        worlds=5, node_budget=1, defence_worlds=7, defence_budget=1, early_factor=1
    )
    early = StrongPlayer(
        worlds=5, node_budget=1, defence_worlds=7, defence_budget=1, early_factor=10**9
    )
    all_worlds = {0: 5, 1: 7, 2: 7}  # forehand declares
    checked: set[tuple[int, bool]] = set()
    while len(state.tricks) < 3:
        seat = state.current_player
        assert seat is not None
        info = state.information_state(seat)
        index = len(state.actions)
        if len([a for a in info.legal_actions() if a.kind == ActionKind.CARD]) > 1:
            drawn.clear()
            plain.choose(info, decision_rng(1, index))
            assert [s for s, _ in drawn] == [int(seat)] * plain.min_worlds
            drawn.clear()
            early.choose(info, decision_rng(1, index))
            expected = all_worlds[int(seat)] if len(state.tricks) < 2 else early.min_worlds
            assert [s for s, _ in drawn] == [int(seat)] * expected
            checked.add((len(state.tricks), seat == state.declarer))
        state = state.apply(plain.choose(info, decision_rng(1, index)))
    assert checked >= {(t, d) for t in range(3) for d in (True, False)}


def _picked_up(discard: str) -> State:
    """Forehand picks up the skat (D8 D9) in a Clubs game and puts away ``discard``; the
    state at the first card."""
    forehand = CardSet.from_str("CJ SJ CA CT C9 C8 SA ST H7 D7")
    middlehand = CardSet.from_str("HJ DJ CK CQ S7 S8 H8 H9 HK DA")
    skat = CardSet.from_str("D8 D9")
    rest = CardSet(0xFFFFFFFF & ~(forehand.mask | middlehand.mask | skat.mask))
    state = State.from_deal(Deal(1, (forehand, middlehand, rest), skat), Options())
    for token in ("p", "p", "18", "s", discard, "C"):
        state = state.apply(Action.parse(token))
    assert state.phase == Phase.PLAY
    return state


def test_discard_inference_weighs_the_skat_by_the_declarers_discard() -> None:
    """At ``inference=4`` a defender's world whose skat is among the heuristic's best
    discards of the declarer's twelve cards keeps its weight; one in which the declarer put
    away a jack and kept his lone seven is :data:`DISCARD_MISMATCH` as likely; the declarer's
    own view, and a world read at ``inference=3``, are not weighed by the discard."""
    from skat.players.worlds import DISCARD_MISMATCH, _discard_likelihood, _likelihood

    def world(state: State) -> tuple[int, int, int, int]:
        return (state.hand(0), state.hand(1), state.hand(2), state.discard(0))

    usual = _picked_up("H7.D7")  # among the heuristic's four best: voids hearts
    odd = _picked_up("D9.D8")  # keeps the lone H7 and D7
    for state, weight in ((usual, 1.0), (odd, DISCARD_MISMATCH)):
        real = world(state)
        defender = state.information_state(1)
        assert _discard_likelihood(defender, real) == weight
        with_discard = _likelihood(defender, real, {}, discard=True)
        assert with_discard == pytest.approx(weight * _likelihood(defender, real, {}))
        assert _discard_likelihood(state.information_state(0), real) == 1.0
    hand_game = forehand_declares(
        "CJ SJ CA CT C9 SA ST S9 HA H8", "HJ DJ CK CQ S7 S8 H7 H9 D7 D8", "DA DT", "CH"
    )
    skat = CardSet.from_str("DA DT").mask
    hand_world = (hand_game.hand(0), hand_game.hand(1), hand_game.hand(2), skat)
    assert _discard_likelihood(hand_game.information_state(1), hand_world) == 1.0


def test_defence_sharpness_raises_the_declarers_likelihood_to_its_power() -> None:
    """``sharpness`` is the power of the hidden declarer's likelihood in a defender's world
    weight (the other seats' bid fit untouched); 1 leaves it as it was."""
    from skat.players.worlds import _declarer_likelihood, _likelihood

    state = forehand_declares(
        "CJ SJ DA DT DK DQ D9 CA SA HA", "HJ DJ CK CQ S7 S8 H7 H9 D7 D8", "C7 C8", "DH"
    )
    defender = state.information_state(1)
    world = (state.hand(0), state.hand(1), state.hand(2), CardSet.from_str("C7 C8").mask)
    own = _declarer_likelihood(defender, world)
    assert 0.0 < own < 1.0
    assert _likelihood(defender, world, {}) == own
    assert _likelihood(defender, world, {}, sharpness=4.0) == pytest.approx(own**4)


@pytest.mark.parametrize("beliefs", ["flat", pytest.param("learned", marks=pytest.mark.slow)])
def test_the_kept_answers_of_the_world_weights_change_no_decision(
    monkeypatch: pytest.MonkeyPatch, beliefs: str
) -> None:
    """The heuristic's answers the world weights keep (its bid limit of a hand, its best
    discards, its card for a seat's cards then; with learned beliefs the policy's weight of a
    card instead) depend on their arguments alone: a deal played by the uncached functions goes
    exactly as with the answers kept from decision to decision (and from the first deal into
    the second)."""
    from skat.players import bids, worlds

    plays = "_learned_weight" if beliefs == "learned" else "_heuristic_plays"
    kept = {
        (worlds, plays): getattr(worlds, plays),
        (worlds, "_likely_discards"): worlds._likely_discards,
        (bids, "_heuristic_limit"): bids._heuristic_limit,
    }
    player = StrongPlayer(worlds=8, defence_worlds=8, beliefs=beliefs)

    def play(number: int) -> list[Action]:
        state = State.new(number, Options())
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            info = state.information_state(seat)
            state = state.apply(player.choose(info, decision_rng(number, len(state.actions))))
        return list(state.actions)

    numbers = (7, 8)  # a Grand with the skat picked up, a Diamonds Hand
    with monkeypatch.context() as patch:
        for (module, name), cached in kept.items():
            patch.setattr(module, name, cached.__wrapped__)
        uncached = [play(number) for number in numbers]
    for cache in kept.values():
        cache.cache_clear()
    assert [play(number) for number in numbers] == uncached
    assert all(cache.cache_info().hits > 0 for cache in kept.values())
