"""Tests for skat.players: the registry, reproducible decision seeds, legal play under every rule
option, and that the heuristic player decides only from what its seat can know."""

from __future__ import annotations

import math
import random

import pytest

from skat.action import Action, ActionKind
from skat.cards import JACKS, CardSet
from skat.deal import Deal, Seat
from skat.options import AllPass, BockDeal, BockRule, KontraRule, Options, RamschSkat
from skat.players import (
    PLAYER_NAMES,
    Player,
    UnknownPlayerError,
    decision_rng,
    decision_seed,
    get_player,
)
from skat.players import evaluation as ev
from skat.players.strong import StrongPlayer
from skat.players.worlds import _learned_weight
from skat.rules import GameType
from skat.state import Phase, State

OPTION_SETS = [
    pytest.param(Options(), id="isko"),
    pytest.param(
        Options(all_pass=AllPass.RAMSCH, kontra=KontraRule.ON, supra=True), id="ramsch-kontra-supra"
    ),
    pytest.param(
        Options(all_pass=AllPass.SCHIEBERAMSCH, kontra=KontraRule.BIDDERS_ONLY, spitze=True),
        id="schieberamsch-bidders-spitze",
    ),
    pytest.param(
        Options(
            all_pass=AllPass.RAMSCH,
            ramsch_skat=RamschSkat.LOSER,
            durchmarsch=False,
            lost_hand_single=True,
        ),
        id="ramsch-loser-variants",
    ),
    pytest.param(  # a Bock deal (scores × 2) and a Bockramsch deal (skat.bock)
        Options(bock=BockRule.ROUNDS, bock_deal=BockDeal.BOCK, kontra=KontraRule.ON), id="bock"
    ),
    pytest.param(Options(bock=BockRule.RAMSCH, bock_deal=BockDeal.RAMSCH), id="bockramsch"),
]


def _play(number: int, options: Options, players: tuple[Player, Player, Player]) -> State:
    """A whole deal with each seat's player choosing from its information state."""
    state = State.new(number, options)
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        info = state.information_state(seat)
        action = players[seat].choose(info, decision_rng(number, len(state.actions)))
        assert action in state.legal_actions(), f"deal {number}: {action} not legal"
        state = state.apply(action)
    return state


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize(
    "names",
    [
        ("random", "random", "random"),
        ("heuristic", "heuristic", "heuristic"),
        ("heuristic", "random", "heuristic"),
    ],
)
def test_players_make_only_legal_actions_to_the_end(
    names: tuple[str, str, str], options: Options
) -> None:
    players = (get_player(names[0]), get_player(names[1]), get_player(names[2]))
    ended = 0
    for number in range(150):
        state = _play(number * 7919 + 11, options, players)
        ended += state.is_terminal()
    assert ended == 150


@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_decisions_are_reproducible_even_with_the_global_generator_disturbed(name: str) -> None:
    player = get_player(name)
    options = Options(all_pass=AllPass.SCHIEBERAMSCH, kontra=KontraRule.ON)
    records = []
    for disturb in (1, 2):
        random.seed(disturb)
        actions = []
        for number in (3, 17, 123456789):
            state = State.new(number, options)
            while not state.is_terminal():
                random.random()
                seat = state.current_player
                assert seat is not None
                rng = decision_rng(number, len(state.actions))
                action = player.choose(state.information_state(seat), rng)
                state = state.apply(action)
            actions.append([str(a) for a in state.actions])
        records.append(actions)
    assert records[0] == records[1]


@pytest.mark.parametrize(("deal_number", "action_index"), [(0, 0), (0, 1), (1, 0), (2**64 - 1, 40)])
def test_decision_seed_is_a_64_bit_mix_of_deal_and_action(
    deal_number: int, action_index: int
) -> None:
    seed = decision_seed(deal_number, action_index)
    assert 0 <= seed < 2**64
    assert seed != decision_seed(deal_number, action_index + 1)
    assert seed != decision_seed(deal_number ^ 1, action_index)
    assert decision_rng(deal_number, action_index).random() == random.Random(seed).random()


def test_decision_seed_is_pinned() -> None:
    # SplitMix64 of 0 is 0xE220A8397B1DCDAF; the seed mixes that with the action index again.
    assert decision_seed(0, 0) == _splitmix(_splitmix(0))


def _splitmix(z: int) -> int:
    m = 2**64 - 1
    z = (z + 0x9E3779B97F4A7C15) & m
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & m
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & m
    return z ^ (z >> 31)


def test_splitmix_reference_value() -> None:
    assert _splitmix(0) == 0xE220A8397B1DCDAF


@pytest.mark.parametrize("name", ["nobody", "Heuristic", ""])
def test_get_player_rejects_unknown_names(name: str) -> None:
    with pytest.raises(UnknownPlayerError, match=f"unknown player: {name!r}"):
        get_player(name)


@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_registered_players_follow_the_protocol(name: str) -> None:
    player = get_player(name)
    assert isinstance(player, Player)
    assert player.name == name
    assert name in PLAYER_NAMES


def _hidden_permutation(state: State, seat: int, rng: random.Random) -> dict[int, int]:
    """A card permutation that moves only cards ``seat`` cannot know, within their class.

    Known to the seat: its hand, its own skat and discard, the played cards and an open
    declarer's hand. The other cards are permuted within their printed suit (jacks among jacks,
    except in Null where a jack belongs to its suit), so every past action stays legal.
    """
    info = state.information_state(seat)
    known = info.hand | info.played | (info.skat or 0) | (info.discard or 0)
    known |= info.ouvert_hand or 0
    null = state.contract is not None and state.contract.game == GameType.NULL
    classes: list[int] = []
    for suit in range(4):
        classes.append((0xFF if null else 0x7F) << (8 * suit))
    if not null:
        classes.append(JACKS)
    mapping = {c: c for c in range(32)}
    for cls in classes:
        hidden = [c for c in range(32) if cls >> c & 1 and not known >> c & 1]
        shuffled = hidden[:]
        rng.shuffle(shuffled)
        mapping.update(zip(hidden, shuffled, strict=True))
    return mapping


def _map_mask(mask: int, mapping: dict[int, int]) -> int:
    out = 0
    for c in range(32):
        if mask >> c & 1:
            out |= 1 << mapping[c]
    return out


def _map_action(action: Action, mapping: dict[int, int]) -> Action:
    if action.kind == ActionKind.CARD:
        return Action.of_card(mapping[action.value])
    if action.kind == ActionKind.DISCARD:
        return Action.discard(_map_mask(action.value, mapping))
    return action


def _other_world(state: State, seat: int, rng: random.Random) -> State:
    """The same history with the cards hidden from ``seat`` dealt differently."""
    mapping = _hidden_permutation(state, seat, rng)
    d = state.deal
    hands = tuple(CardSet(_map_mask(h.mask, mapping)) for h in d.hands)
    other = State.from_deal(
        Deal(d.number, (hands[0], hands[1], hands[2]), CardSet(_map_mask(d.skat.mask, mapping))),
        state.options,
    )
    for action in state.actions:
        other = other.apply(_map_action(action, mapping))
    return other


def check_hidden_cards_change_nothing(
    player: Player,
    other_player: Player,
    options: Options,
    numbers: range,
    seed: int,
    *,
    passed: bool = False,
) -> tuple[int, int, list[Action]]:
    """Play deals ``numbers`` with ``player`` in every seat (after three passes if ``passed``);
    before each action ask ``other_player`` the same question in a world with the hidden cards
    dealt differently and assert the same answer.

    Returns:
        (decisions checked, checks whose world really differed, the actions taken).
    """
    rng = random.Random(seed)
    checked = changed = 0
    actions: list[Action] = []
    for number in numbers:
        state = State.new(number * 104729 + 3, options)
        while passed and state.phase == Phase.BIDDING:
            state = state.apply(Action(ActionKind.PASS))
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            info = state.information_state(seat)
            action = player.choose(info, decision_rng(number, len(state.actions)))
            other = _other_world(state, seat, rng)
            other_info = other.information_state(seat)
            assert other_info == info
            assert other_player.choose(other_info, decision_rng(number, len(state.actions))) == (
                action
            )
            changed += other.deal != state.deal
            checked += 1
            actions.append(action)
            state = state.apply(action)
    return checked, changed, actions


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTION_SETS)
def test_heuristic_decisions_do_not_change_with_the_hidden_cards(options: Options) -> None:
    player = get_player("heuristic")
    checked, changed, _ = check_hidden_cards_change_nothing(player, player, options, range(40), 5)
    assert checked > 1000
    assert changed > checked // 2  # most checks really saw other hidden cards


@pytest.mark.parametrize(
    ("hand", "trump", "better", "why"),
    [
        (
            "CJ SJ HJ CA CT C9 C8 SA HA D7",
            3,
            "CJ SJ HJ CA CT C9 C8 SA HK D7",
            "an ace beats a king",
        ),
        ("CJ SJ CA CT C9 C8 C7 SA HA D7", 3, "HJ DJ CA CT C9 C8 C7 SA HA D7", "high jacks"),
    ],
)
def test_suit_strength_prefers_the_stronger_hand(
    hand: str, trump: int, better: str, why: str
) -> None:
    strong = ev.suit_strength(CardSet.from_str(hand).mask, trump)
    weak = ev.suit_strength(CardSet.from_str(better).mask, trump)
    assert strong > weak, why


def _rated(game: GameType, chance: float, value: int, *, hand: bool = False) -> ev.GameChoice:
    """A game choice whose uncalibrated estimate is ``chance``."""
    margin = math.log(chance / (1 - chance)) - math.log(3.0)
    return ev.GameChoice(game, hand, False, value, margin, Options())


def test_a_pick_up_grand_rated_90_percent_no_longer_beats_a_safe_suit_game() -> None:
    grand = _rated(GameType.GRAND, 0.90, 48)
    clubs = _rated(GameType.CLUBS, 0.96, 24)
    assert grand.expected > clubs.expected  # the uncalibrated choice: the Grand
    assert ev.declared_expected(clubs) > ev.declared_expected(grand)
    # both are worth less than their estimates said: the kept cards were chosen by them
    assert ev.declared_expected(clubs) < clubs.expected
    assert ev.declared_expected(grand) < grand.expected


def test_hand_games_and_null_keep_their_estimates() -> None:
    for choice in (
        _rated(GameType.GRAND, 0.8, 72, hand=True),
        _rated(GameType.SPADES, 0.9, 33, hand=True),
        _rated(GameType.NULL, 0.85, 23),
    ):
        assert ev.declared_expected(choice) == choice.expected


@pytest.mark.parametrize(
    ("hand", "fixes"),
    [
        ("C7 C9 CJ S7 S8 S9 H7 H9 D7 D8", 0),
        ("C7 C9 CJ S8 H7 H8 H9 D7 DT DA", 3),
        ("CA SA HA DA C7 S7 H7 D7 C8 S8", 4),
    ],
)
def test_null_fixes_count_the_cards_that_leave_a_suit_unsafe(hand: str, fixes: int) -> None:
    assert ev.null_fixes(CardSet.from_str(hand).mask) == fixes


@pytest.mark.parametrize(
    ("hand", "seat", "at_least", "at_most"),
    [
        ("CJ SJ HJ DJ CA CT SA ST HA DA", Seat.FOREHAND, 96, 264),  # Grand with 4
        ("S7 S8 S9 H7 H8 D7 D9 C7 C8 C9", Seat.MIDDLEHAND, 23, 59),  # a Null hand
        ("CQ C8 S9 S8 HK H9 H7 DQ D8 D7", Seat.REARHAND, 0, 0),  # nothing to play
    ],
)
def test_heuristic_bids_up_to_the_value_of_its_best_game(
    hand: str, seat: Seat, at_least: int, at_most: int
) -> None:
    from skat.players.evaluation import bid_limit

    limit = bid_limit(CardSet.from_str(hand).mask, int(seat), Options())
    assert at_least <= limit <= at_most


def _play_until_cards(number: int, options: Options) -> list[State]:
    """The states of a heuristic deal at which a seat chooses a card."""
    player = get_player("heuristic")
    state = State.new(number, options)
    out = []
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        if state.phase.value == "play":
            out.append(state)
        state = state.apply(
            player.choose(state.information_state(seat), decision_rng(number, len(state.actions)))
        )
    return out


@pytest.mark.parametrize("number", [1, 2, 3, 5, 8, 13, 21, 34])
def test_sampled_worlds_agree_with_everything_the_seat_knows(number: int) -> None:
    from skat.players.worlds import sample_world
    from skat.rules import effective_suit

    rng = random.Random(number)
    for state in _play_until_cards(number, Options()):
        seat = state.current_player
        assert seat is not None
        info = state.information_state(seat)
        world = sample_world(info, rng)
        assert world is not None
        hands = world[:3]
        assert hands[seat] == info.hand
        for other in range(3):
            assert hands[other].bit_count() == state.hand(other).bit_count()
            assert not hands[other] & info.played
        assert world[3].bit_count() == 2
        union = hands[0] | hands[1] | hands[2] | world[3] | info.played
        assert union == 0xFFFFFFFF
        if info.ouvert_hand is not None and info.declarer is not None:
            assert hands[info.declarer] == info.ouvert_hand
        if info.discard and seat == info.declarer:
            assert world[3] == info.discard
        assert info.contract is not None
        game = info.contract.game
        for trick in [*info.tricks]:
            led = effective_suit(trick.cards[0], game)
            for pos in (1, 2):
                if effective_suit(trick.cards[pos], game) != led:
                    who = (trick.leader + pos) % 3
                    assert not any(effective_suit(c, game) == led for c in CardSet(hands[who]))


@pytest.mark.slow
@pytest.mark.parametrize("options", [Options(), Options(all_pass=AllPass.RAMSCH)])
def test_strong_player_makes_only_legal_actions(options: Options) -> None:
    from skat.players.strong import StrongPlayer

    strong = StrongPlayer(
        worlds=3, node_budget=10_000, min_worlds=1, defence_worlds=3, defence_budget=10_000
    )
    heuristic = get_player("heuristic")
    for number in (4, 9):
        state = _play(number, options, (strong, heuristic, strong))
        assert state.is_terminal()


@pytest.mark.slow
def test_strong_decisions_are_the_same_whatever_the_player_did_before() -> None:
    from skat.players.strong import StrongPlayer

    fresh, used = (
        StrongPlayer(worlds=6, node_budget=50_000, defence_worlds=6, defence_budget=50_000)
        for _ in range(2)
    )
    heuristic = get_player("heuristic")
    _play(12, Options(), (used, used, used))  # fills its solver's table
    compared = 0
    for state in _play_until_cards(31, Options()):
        seat = state.current_player
        assert seat is not None
        info = state.information_state(seat)
        index = len(state.actions)
        expected = fresh.choose(info, decision_rng(31, index))
        assert used.choose(info, decision_rng(31, index)) == expected
        assert heuristic.choose(info, decision_rng(31, index)) in info.legal_actions()
        compared += 1
    assert compared >= 20


def _small_strong(
    *, solved_bidding: bool = False, inference: int = 2, beliefs: str = "flat"
) -> StrongPlayer:
    return StrongPlayer(
        worlds=3,
        node_budget=20_000,
        min_worlds=1,
        contract_worlds=4,
        contract_budget=200_000,
        solved_bidding=solved_bidding,
        inference=inference,
        defence_worlds=3,
        defence_budget=20_000,
        defence_inference=inference,
        beliefs=beliefs,
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("options", "solved_bidding", "inference", "beliefs"),
    [
        (Options(), False, 2, "flat"),
        (Options(kontra=KontraRule.ON), False, 2, "flat"),
        (Options(), True, 2, "flat"),
        (Options(), False, 3, "flat"),  # worlds weighted by the cards played too
        (Options(), False, 4, "flat"),  # and a defender's by the declarer's discard
        (Options(), False, 3, "learned"),  # the cards played weighed by the learned policy
        (Options(kontra=KontraRule.ON), False, 4, "learned"),
    ],
)
def test_strong_decisions_do_not_change_with_the_hidden_cards(
    options: Options, solved_bidding: bool, inference: int, beliefs: str
) -> None:
    player = _small_strong(solved_bidding=solved_bidding, inference=inference, beliefs=beliefs)
    # its own cache and solver
    other_player = _small_strong(
        solved_bidding=solved_bidding, inference=inference, beliefs=beliefs
    )
    _learned_weight.cache_clear()
    checked, changed, actions = check_hidden_cards_change_nothing(
        player, other_player, options, range(3), 11
    )
    assert (_learned_weight.cache_info().misses > 0) == (beliefs == "learned")
    assert checked > 60
    assert changed > checked // 2
    assert sum(a.kind == ActionKind.DISCARD for a in actions) >= 1  # a solved discard was checked


@pytest.mark.slow
@pytest.mark.parametrize("all_pass", [AllPass.RAMSCH, AllPass.SCHIEBERAMSCH])
def test_strong_ramsch_decisions_do_not_change_with_the_hidden_cards(all_pass: AllPass) -> None:
    player = _small_strong()
    other_player = _small_strong()
    checked, changed, actions = check_hidden_cards_change_nothing(
        player, other_player, Options(all_pass=all_pass), range(3), 13, passed=True
    )
    assert checked > 60
    assert changed > checked // 2
    assert sum(a.kind == ActionKind.CARD for a in actions) == 90  # three Ramsch games
