"""The computer players declare, defend and play Sächsische Spitze when the option is on
(issue 28, point 7): a hand whose best game is Spitze gets it, without the option it never does,
and every decision is legal."""

import itertools
import random

import pytest

from skat.action import ActionKind
from skat.cards import ALL_CARDS, CardSet, cards_ascending, mask_of, parse_cards
from skat.deal import Deal
from skat.options import KontraRule, Options
from skat.players import evaluation as ev
from skat.players.heuristic import HeuristicPlayer
from skat.players.strong import StrongPlayer
from skat.rules import GameType, trick_winner
from skat.state import State

SPITZE_HAND = "DJ HJ SJ CJ C7 C8 C9 S7 S8 H7"
"""All four jacks with ♦J on top and the 7s and 8s, the highest cards of Spitze: a Spitze won
"with 4"; as a Grand the same cards lose their side suits, as Clubs they are worth less."""


def _deal(forehand: str, seed: int) -> Deal:
    fh = mask_of(parse_cards(forehand))
    rest = cards_ascending(ALL_CARDS & ~fh)
    random.Random(seed).shuffle(rest)
    hands = (CardSet(fh), CardSet(mask_of(rest[:10])), CardSet(mask_of(rest[10:20])))
    return Deal(0, hands, CardSet(mask_of(rest[20:])))


def _small_strong() -> StrongPlayer:
    return StrongPlayer(
        worlds=4,
        node_budget=50_000,
        min_worlds=2,
        contract_worlds=6,
        contract_budget=300_000,
        defence_worlds=3,
        defence_budget=30_000,
    )


def _play_legally(state: State, players: list[object]) -> State:
    """Play to the end, checking that every action is one of the seat's legal actions."""
    rng = random.Random(7)
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        info = state.information_state(seat)
        action = players[int(seat)].choose(info, rng)  # type: ignore[attr-defined]
        assert action in info.legal_actions()
        state = state.apply(action)
    return state


@pytest.mark.slow
@pytest.mark.parametrize("seed", [5, 6])
@pytest.mark.parametrize("make", [HeuristicPlayer, _small_strong], ids=["heuristic", "strong"])
def test_spitze_is_declared_when_it_is_the_best_game_and_only_with_the_option(
    seed: int, make: type
) -> None:
    declared = {}
    for spitze in (True, False):
        players = [make(), HeuristicPlayer(), HeuristicPlayer()]
        state = State.from_deal(_deal(SPITZE_HAND, seed), Options(spitze=spitze))
        state = _play_legally(state, players)
        assert state.contract is not None
        declared[spitze] = state.contract.game
    assert declared[True] == GameType.SPITZE
    assert declared[False] != GameType.SPITZE


def test_spitze_is_a_choice_only_with_the_option() -> None:
    hand = mask_of(parse_cards(SPITZE_HAND))
    for hand_game in (False, True):
        on = ev.choices(hand, seat=0, hand_game=hand_game, options=Options(spitze=True))
        off = ev.choices(hand, seat=0, hand_game=hand_game, options=Options())
        assert [c.game for c in on if c.game == GameType.SPITZE] == [GameType.SPITZE]
        assert GameType.SPITZE not in [c.game for c in off]
        best = max(on, key=lambda c: c.expected)
        assert best.game == GameType.SPITZE
    assert ev.bid_limit(hand, 0, Options(spitze=True)) > ev.bid_limit(hand, 0, Options())


def test_spitze_as_grand_keeps_who_takes_every_trick() -> None:
    # the map of the Spitze card order onto the Grand's (skat.rules): any two cards led and
    # followed take the trick in the same order
    for led, other in itertools.permutations(range(32), 2):
        a, b = ev.spitze_as_grand(1 << led), ev.spitze_as_grand(1 << other)
        grand = trick_winner([a.bit_length() - 1, b.bit_length() - 1], GameType.GRAND)
        assert trick_winner([led, other], GameType.SPITZE) == grand


def test_spitze_discard_keeps_the_jacks_and_the_sevens() -> None:
    cards = mask_of(parse_cards(SPITZE_HAND + " CA HA"))
    pair, _ = ev.best_discard(cards, GameType.SPITZE, seat=0)
    assert pair == mask_of(parse_cards("CA HA"))


@pytest.mark.slow
@pytest.mark.parametrize("make", [HeuristicPlayer, _small_strong], ids=["heuristic", "strong"])
def test_a_spitze_is_defended_legally_with_kontra(make: type) -> None:
    # the declarer is the heuristic; the defenders are the player under test, with Kontra on
    options = Options(spitze=True, kontra=KontraRule.ON)
    state = State.from_deal(_deal(SPITZE_HAND, 5), options)
    state = _play_legally(state, [HeuristicPlayer(), make(), make()])
    assert state.contract is not None
    assert state.contract.game == GameType.SPITZE
    kinds = [a.kind for a in state.actions]
    assert {ActionKind.KONTRA, ActionKind.DECLINE} & set(kinds)  # the defenders were asked
    assert kinds.count(ActionKind.CARD) == 30
