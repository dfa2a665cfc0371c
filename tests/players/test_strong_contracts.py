"""The strong player's bidding, skat, discard and declaration by sampling and solving
(skat.players.contracts; what the bids say: skat.players.bids), and its decisions' independence
of the cards it cannot see."""

from __future__ import annotations

import math
import random

import pytest

from skat.action import PASS, Action, ActionKind
from skat.cards import CardSet, mask_of, parse_cards
from skat.options import KontraRule, Options
from skat.players import bids as bd
from skat.players import contracts as ct
from skat.players import decision_rng, get_player
from skat.players.contract_model import load_model, model_limit, model_worth
from skat.players.strong import StrongPlayer
from skat.rules import GameType
from skat.solver import Solver
from skat.state import State


@pytest.mark.parametrize(
    ("bids", "expected"),
    [
        ([], {}),
        (
            [(1, Action.bid(18)), (0, Action(ActionKind.HOLD)), (1, Action(ActionKind.PASS))],
            {1: (18, 18), 0: (18, 10_000)},
        ),
        (
            [(1, Action(ActionKind.PASS)), (2, Action.bid(18)), (0, Action(ActionKind.PASS))],
            {1: (0, 17), 2: (18, 10_000), 0: (0, 18)},
        ),
    ],
)
def test_bids_say_at_least_what_was_bid_and_at_most_where_a_seat_passed(
    bids: list[tuple[int, Action]], expected: dict[int, tuple[int, int]]
) -> None:
    assert bd.bid_limits(tuple(bids)) == expected


@pytest.mark.parametrize(
    ("hand", "seat", "limits", "weight"),
    [
        ("CJ SJ HJ DJ CA CT SA ST HA DA", 1, (0, 17), 0.25),  # a Grand hand does not pass at 18
        ("CJ SJ HJ DJ CA CT SA ST HA DA", 1, (48, 10_000), 1.0),
        ("CQ C8 S9 S8 HK H9 H7 DQ D8 D7", 2, (0, 17), 1.0),
        ("CQ C8 S9 S8 HK H9 H7 DQ D8 D7", 2, (33, 10_000), 0.25),  # nothing to bid 33 with
    ],
)
def test_a_hand_that_does_not_fit_the_bids_is_less_likely(
    hand: str, seat: int, limits: tuple[int, int], weight: float
) -> None:
    assert bd.bid_likelihood(CardSet.from_str(hand).mask, seat, limits, Options()) == weight


@pytest.mark.slow
@pytest.mark.parametrize(
    ("hand", "seat", "at_least", "at_most"),
    [
        ("CJ SJ HJ DJ CA CT SA ST HA DA", 0, 96, 264),  # Grand with four, at least
        ("CQ C8 S9 S8 HK H9 H7 DQ D8 D7", 2, 0, 0),  # nothing to play
        ("CJ HJ CA CT C9 C8 SA HK H8 D7", 0, 24, 72),  # clubs with one, or a Grand (Hand)
    ],
)
def test_strong_bids_up_to_the_value_of_a_game_it_expects_to_win(
    hand: str, seat: int, at_least: int, at_most: int
) -> None:
    player = StrongPlayer(contract_worlds=12, solved_bidding=True)
    limit = player.bid_limit(CardSet.from_str(hand).mask, seat, Options())
    assert at_least <= limit <= at_most


@pytest.mark.slow
def test_contract_estimates_are_the_same_for_the_same_question() -> None:
    hand = CardSet.from_str("CJ HJ CA CT C9 C8 SA HK H8 D7").mask
    first = ct.evaluate_before_skat(
        hand, 0, (), Solver(), worlds=6, node_budget=10**9, options=Options()
    )
    again = ct.evaluate_before_skat(
        hand, 0, (), Solver(), worlds=6, node_budget=10**9, options=Options()
    )
    assert first == again
    assert {(e.game, e.hand) for e in first} >= {(GameType.CLUBS, False), (GameType.CLUBS, True)}
    assert all(e.worlds == 6 and 0 <= e.wins <= 6 for e in first)


def test_discards_are_judged_for_games_that_reach_the_bid() -> None:
    cards = CardSet.from_str("CJ SJ HJ CA CT C9 C8 SA HK H8 D7 D8").mask
    choices = ct.evaluate_discards(cards, 0, 36, (), Solver(), worlds=6, options=Options())
    assert any(c.estimate.value >= 36 for c in choices)
    for c in choices:
        assert c.discard.bit_count() == 2
        assert c.discard & ~cards == 0
    clubs = [c for c in choices if c.estimate.game == GameType.CLUBS]
    assert clubs
    assert all(c.estimate.value == 48 for c in clubs)  # with 3, game 4, x12


def _kontra_choice(
    hands: tuple[str, str], skat: str, contract: str, player: StrongPlayer
) -> ActionKind:
    """The middlehand defender's answer (``player``) to ``contract`` declared by the forehand
    holding ``hands[0]`` (the middlehand ``hands[1]``, the rearhand the rest) with Kontra on."""
    from skat.deal import Deal

    all_cards = CardSet.from_str(" ".join([*hands, skat])).mask
    rest = CardSet(0xFFFFFFFF & ~all_cards)
    deal = Deal(
        1, (CardSet.from_str(hands[0]), CardSet.from_str(hands[1]), rest), CardSet.from_str(skat)
    )
    state = State.from_deal(deal, Options(kontra=KontraRule.ON))
    for token in ("p", "p", "18", contract):
        state = state.apply(Action.parse(token))
    assert state.current_player == 1
    info = state.information_state(1)
    return player.choose(info, decision_rng(1, len(state.actions))).kind


@pytest.mark.parametrize(
    ("hands", "skat", "contract", "expected"),
    [
        (
            ("CJ SJ HJ DJ CA CT SA ST HA DA", "C9 C8 C7 S9 S8 S7 H9 H8 H7 D9"),
            "HT DT",
            "GH",
            ActionKind.DECLINE,  # four jacks and four aces: no Kontra
        ),
        (
            ("C7 C8 S7 S8 H7 H8 D7 D8 D9 HQ", "CJ SJ CA CT SA ST HA C9 S9 H9"),
            "HT DQ",
            "CH",
            ActionKind.KONTRA,  # the middlehand holds the top trumps and the aces
        ),
        (
            ("CJ SJ HJ DJ CA CT CK SA ST HA", "C9 C8 C7 S9 S8 S7 H9 H8 H7 D9"),
            "HT DT",
            "GO",
            ActionKind.DECLINE,  # forehand leads every trick and wins it: solved won
        ),
        (
            ("CJ SJ HJ DJ DA DT D9 CA SA HA", "C9 C8 C7 S9 S8 S7 H9 H8 H7 D8"),
            "HT DK",
            "DH",
            ActionKind.DECLINE,  # all four jacks, three more trumps and three aces
        ),
    ],
)
def test_strong_says_kontra_when_the_declarer_seldom_wins(
    hands: tuple[str, str], skat: str, contract: str, expected: ActionKind
) -> None:
    assert _kontra_choice(hands, skat, contract, StrongPlayer()) == expected


@pytest.mark.slow
def test_an_ouvert_contract_is_judged_on_every_deal_of_the_hidden_cards() -> None:
    """Against an ouvert declarer a defender knows 20 cards before the first trick: the other
    defender's ten and the skat are one of 66 deals, solved within the node budget, so an
    unlosable ouvert game has the chance 1 when all are solved, and is never doubled."""
    from skat.deal import Deal

    fore = CardSet.from_str("CJ SJ HJ DJ CA CT CK SA ST HA")
    mid = CardSet.from_str("C9 C8 C7 S9 S8 S7 H9 H8 H7 D9")
    skat = CardSet.from_str("HT DT")
    rest = CardSet(0xFFFFFFFF & ~(fore.mask | mid.mask | skat.mask))
    state = State.from_deal(Deal(1, (fore, mid, rest), skat), Options(kontra=KontraRule.ON))
    for token in ("p", "p", "18", "GO"):
        state = state.apply(Action.parse(token))
    for seat in (1, 2):
        info = state.information_state(seat)
        chance = StrongPlayer(node_budget=10**9).declarer_chance(info, decision_rng(1, 4))
        assert chance == 1.0
        budgeted = StrongPlayer(node_budget=1).declarer_chance(info, decision_rng(1, 4))
        assert budgeted == (4 + 0.5) / (4 + 1)  # four deals solved, each won


def test_the_resampled_chance_is_a_share_and_sees_no_hidden_card() -> None:
    """The resampled estimate (Kontra's) is a share of solved deals and depends only on what the
    seat knows: the same information with the hidden cards swapped gives the same figure."""
    from skat.deal import Deal

    mid = CardSet.from_str("C7 C8 S7 S8 H7 H8 D7 D8 D9 HQ")
    skat = CardSet.from_str("HT DQ")
    chances = []
    for fore_text in ("CJ SJ CA CT SA ST HA C9 S9 H9", "CJ SJ CA CT SA ST HA C9 S9 HK"):
        fore = CardSet.from_str(fore_text)
        rest = CardSet(0xFFFFFFFF & ~(fore.mask | mid.mask | skat.mask))
        state = State.from_deal(Deal(1, (fore, mid, rest), skat), Options(kontra=KontraRule.ON))
        for token in ("p", "p", "18", "CH"):
            state = state.apply(Action.parse(token))
        info = state.information_state(1)
        chances.append(
            StrongPlayer().declarer_chance(info, decision_rng(1, 4), draws=200, sharpness=6.0)
        )
    assert 0.0 < chances[0] < 1.0
    assert chances[0] == chances[1]


def test_an_auction_is_contested_once_another_seat_bids_or_holds() -> None:
    bids = ((1, Action.bid(18)), (0, Action.parse("y")), (1, Action.parse("p")))
    assert bd.contested(bids, 0)
    assert bd.contested(bids, 1)
    assert bd.contested(bids, 2)  # rearhand has heard both bid
    alone = ((1, Action.parse("p")), (2, Action.bid(18)))
    assert not bd.contested(alone, 2)  # a pass is no bid
    assert bd.contested(alone, 0)
    assert not bd.contested((), 0)
    assert bd.rival(bids, 0) == 1
    assert bd.rival(bids, 1) == 0  # forehand held last
    assert bd.rival(alone, 0) == 2
    assert bd.rival(alone, 2) is None


@pytest.mark.slow
def test_a_contest_penalty_lowers_the_limit_only_once_an_opponent_has_bid() -> None:
    # deal 22: middlehand bids 18 first; forehand's clubs hand is worth 48 with a bidding bonus
    # of 0.35 (the default 0.9 would bid a Grand up to 96)
    state = State.new(22, Options())
    hand = state.hand(0)
    assert CardSet(hand) == CardSet.from_str("CA CT CK C7 ST SK HK DJ DA D9")
    assert StrongPlayer().bid_limit(hand, 0, Options()) == 96
    default = StrongPlayer(bid_bonus=0.35)
    careful = StrongPlayer(bid_bonus=0.35, contest_penalty=1.0)
    assert careful.bid_limit(hand, 0, Options()) == default.bid_limit(hand, 0, Options()) == 48
    assert careful.bid_limit(hand, 0, Options(), contested=True) < 18
    opening = [
        p.choose(state.information_state(1), decision_rng(22, 0)) for p in (default, careful)
    ]
    assert opening == [Action.bid(18), Action.bid(18)]  # nobody has bid yet: no penalty
    asked = state.apply(opening[0])
    answers = [
        p.choose(asked.information_state(0), decision_rng(22, 1)) for p in (default, careful)
    ]
    assert [a.kind for a in answers] == [ActionKind.HOLD, ActionKind.PASS]


@pytest.mark.slow
def test_the_contest_check_judges_only_contested_bids() -> None:
    # deal 22 as above: a check no hand passes makes forehand pass its hold, not middlehand's
    # opening bid; a check every hand passes changes nothing
    state = State.new(22, Options())
    never, always = StrongPlayer(contest_check=math.inf), StrongPlayer(contest_check=-math.inf)
    opening = [p.choose(state.information_state(1), decision_rng(22, 0)) for p in (never, always)]
    assert opening == [Action.bid(18), Action.bid(18)]
    asked = state.apply(opening[0])
    answers = [p.choose(asked.information_state(0), decision_rng(22, 1)) for p in (never, always)]
    assert [a.kind for a in answers] == [ActionKind.PASS, ActionKind.HOLD]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("tokens", "seat", "action", "rival", "value"),
    [
        (("18",), 0, "y", 1, 18),  # forehand holds middlehand's 18
        (("18", "y"), 1, "20", 0, 20),  # middlehand bids on against forehand
        (("18", "y", "p"), 2, "20", 0, 20),  # rearhand against forehand, the survivor
        (("18", "p", "20"), 1, "y", 2, 20),  # the survivor middlehand holds rearhand's 20
    ],
)
def test_the_contest_check_judges_the_deals_in_which_the_rival_passes(
    monkeypatch: pytest.MonkeyPatch,
    tokens: tuple[str, ...],
    seat: int,
    action: str,
    rival: int,
    value: int,
) -> None:
    state = State.new(22, Options())
    for token in tokens:
        state = state.apply(Action.parse(token))
    assert state.current_player == seat
    info = state.information_state(seat)
    asked: list[tuple[tuple[tuple[int, Action], ...], int]] = []
    evaluate = ct.evaluate_before_skat

    def spy(*args: object, **kwargs: object) -> list[ct.Estimate]:
        asked.append((args[2], kwargs["reaching"]))  # type: ignore[arg-type]
        return evaluate(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ct, "evaluate_before_skat", spy)
    worth = StrongPlayer(contest_check=0.0)._contested_worth(info, Action.parse(action))
    assert asked == [((*info.bids, (seat, Action.parse(action)), (rival, PASS)), value)]
    assert worth == -math.inf or math.isfinite(worth)


@pytest.mark.slow
def test_a_strong_hand_is_worth_its_hold_when_the_rival_passes() -> None:
    # forehand's clubs hand (deal 22), worth 48 to the heuristic, holding middlehand's 18
    state = State.new(22, Options()).apply(Action.bid(18))
    worth = StrongPlayer(contest_check=0.0)._contested_worth(
        state.information_state(0), Action.parse("y")
    )
    assert worth > 0.0


def test_the_model_contest_check_is_the_model_s_best_contract_worth_the_bid(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # forehand's clubs hand (deal 22) holding middlehand's 18, judged without a solve
    state = State.new(22, Options()).apply(Action.bid(18))
    info = state.information_state(0)
    monkeypatch.setattr(ct, "evaluate_before_skat", None)  # a solve would fail
    notes: dict[str, object] = {}
    player = StrongPlayer(model_contest=True)
    worth = player._contested_worth(info, Action.parse("y"), notes)
    expected, contract, chance = model_worth(
        info.hand, 0, 18, lost_extra=player.settings.lost_extra, options=Options(),
        calibration=player.settings.calibration,
    )  # fmt: skip
    assert worth == expected  # the model weighs no bids, the sampled deals do
    assert notes["contest_model"] == (contract, chance)
    assert contract is not None
    assert 0.0 < chance < 1.0


@pytest.mark.parametrize("seed", range(3))
def test_the_model_worth_of_a_higher_bid_is_never_more(seed: int) -> None:
    for hand, seat in _random_hands(seed, 30):
        worths = [
            model_worth(hand, seat, bid, lost_extra=0.0, options=Options())[0]
            for bid in (18, 30, 48, 72, 264)
        ]
        assert worths == sorted(worths, reverse=True)
        assert worths[-1] == -math.inf  # no game is worth 264 without Schneider
        worth, contract, _ = model_worth(hand, seat, 18, lost_extra=0.0, options=Options())
        assert contract is not None
        assert model_limit(hand, seat, worth, lost_extra=0.0, options=Options())[0] > 0


@pytest.mark.slow
def test_evaluating_only_the_contracts_that_reach_a_bid() -> None:
    hand = CardSet.from_str("CA CT CK C7 ST SK HK DJ DA D9").mask
    every = ct.evaluate_before_skat(hand, 0, (), Solver(), worlds=4, options=Options())
    assert sorted(e.value for e in every) == [44, 48, 96]  # spades, clubs, Grand; all without 3
    high = ct.evaluate_before_skat(hand, 0, (), Solver(), worlds=4, reaching=46, options=Options())
    assert sorted(e.value for e in high) == [48, 96]
    assert {(e.game, e.hand) for e in high} < {(e.game, e.hand) for e in every}


def test_a_contract_that_reaches_the_bid_is_solved_though_the_heuristic_ranks_it_low() -> None:
    # a hand whose Grand (worth 48) is not among the heuristic's four best contracts
    hand = State.new(8, Options()).hand(1)
    assert all(g != GameType.GRAND for g, *_ in ct._candidates_before_skat(hand, 1, Options()))
    high = ct.evaluate_before_skat(hand, 1, (), Solver(), worlds=4, reaching=33, options=Options())
    assert [e.game for e in high] == [GameType.GRAND]


def test_a_null_ouvert_that_reaches_a_bid_keeps_its_plain_twin() -> None:
    # the ouvert Null is judged by its plain Null's deals: both stay when only the ouvert reaches,
    # Hand and after the pick-up (a safe Null Hand, which the heuristic names by its ouvert
    # form, was once left out)
    hand = CardSet.from_str("C7 C8 C9 S7 S8 ST H7 H8 D7 D8").mask
    high = ct.evaluate_before_skat(hand, 0, (), Solver(), worlds=4, reaching=40, options=Options())
    assert [(e.game, e.hand, e.ouvert, e.value) for e in high] == [
        (GameType.NULL, True, False, 35),
        (GameType.NULL, True, True, 59),
        (GameType.NULL, False, False, 23),
        (GameType.NULL, False, True, 46),
    ]
    for plain, ouvert in (high[:2], high[2:]):
        assert ouvert.wins == plain.wins
        assert ouvert.worlds == plain.worlds > 0


def test_the_own_score_objective_counts_a_lost_game_without_the_defenders_40s() -> None:
    # a lost game costs the declarer -2v - 50 and gives each defender +40: against the table
    # the 40s count against him, for his own score alone they do not
    risky = ct.Estimate(
        GameType.CLUBS, False, False, 24, wins=6, worlds=10, prior=0.6, options=Options()
    )
    table, own = risky.score(), risky.score(0.0)
    assert own - table == pytest.approx((1.0 - risky.chance) * 80.0)
    assert risky.score() == pytest.approx(risky.expected)
    # a safe small game against a riskier big one: the table prefers the safe one, the seat's
    # own score the big one
    safe = ct.Estimate(
        GameType.DIAMONDS, False, False, 18, wins=9, worlds=10, prior=0.8, options=Options()
    )
    big = ct.Estimate(
        GameType.HEARTS, False, False, 40, wins=8, worlds=10, prior=0.8, options=Options()
    )
    assert ct.best_reaching([safe, big], 18, 80.0) == safe
    assert ct.best_reaching([safe, big], 18, 0.0) == big


def test_the_own_score_objective_is_todays_and_strong_v1_keeps_the_table() -> None:
    from skat.players.strong_settings import STRONG_V1

    assert StrongPlayer().settings.lost_extra == 0.0
    assert STRONG_V1.lost_extra is None
    v1 = get_player("strong-v1")
    assert isinstance(v1, StrongPlayer)
    assert v1.settings.lost_extra is None


def _hand(text: str) -> int:
    return mask_of(parse_cards(text))


def _random_hands(seed: int, count: int) -> list[tuple[int, int]]:
    """``count`` random ten-card hands (masks), each with a random seat."""
    rng = random.Random(seed)
    return [
        (sum(1 << c for c in rng.sample(range(32), 10)), rng.randrange(3)) for _ in range(count)
    ]


def test_the_model_limit_is_the_value_of_the_highest_contract_worth_declaring() -> None:
    four_jacks = _hand("CJ SJ HJ DJ CA CT SA ST HA HT")
    value, contract = model_limit(four_jacks, 0, lost_extra=80.0, options=Options())
    assert (value, str(contract)) == (144, "GH")  # Grand Hand with 4, game 5, Hand 6: 24 × 6
    weak = _hand("HJ CA CK CQ C9 SA SK H7 HT D9")
    assert model_limit(weak, 1, lost_extra=80.0, options=Options()) == (0, None)
    # a Clubs pick-up (without 2, game 3: 36), the model's best chance of this hand (about a
    # fifth open-handed), is worth bidding only when an expected −150 is good enough
    value, contract = model_limit(weak, 1, -150.0, lost_extra=80.0, options=Options())
    assert (value, str(contract)) == (36, "C")


@pytest.mark.parametrize("seed", range(3))
def test_a_lower_line_never_lowers_the_model_limit(seed: int) -> None:
    for hand, seat in _random_hands(seed, 40):
        assert (
            model_limit(hand, seat, -30.0, lost_extra=0.0, options=Options())[0]
            >= model_limit(hand, seat, 0.0, lost_extra=0.0, options=Options())[0]
        )


def test_the_strong_player_bids_by_the_model_only_when_told_and_not_at_a_spitze_table() -> None:
    hand = _hand("CJ DJ CA CT CK C9 SA H7 H8 D9")
    heuristic = StrongPlayer().limit_game(hand, 0, Options())
    by_model = StrongPlayer(model_limit=0.0)
    own = by_model.settings.lost_extra
    assert (
        by_model.limit_game(hand, 0, Options())
        == model_limit(hand, 0, lost_extra=own, options=Options())
        != heuristic
    )
    assert by_model.limit_game(hand, 0, Options(spitze=True)) == StrongPlayer().limit_game(
        hand, 0, Options(spitze=True)
    )


def test_the_model_prior_replaces_the_heuristic_prior_and_nothing_else() -> None:
    hand = _hand("CJ HJ CQ C8 C7 HA H7 S9 DQ D9")  # Sächsische Spitze is among the candidates
    plain, learned = (
        ct.evaluate_before_skat(
            hand,
            0,
            (),
            Solver(),
            worlds=4,
            node_budget=200_000,
            model_prior=prior,
            options=Options(spitze=True),
        )
        for prior in (False, True)
    )
    model = load_model()
    assert [(e.game, e.hand, e.ouvert) for e in learned] == [
        (e.game, e.hand, e.ouvert) for e in plain
    ]
    assert any(e.game == GameType.SPITZE for e in plain)
    for before, after in zip(plain, learned, strict=True):
        assert (after.wins, after.worlds, after.value) == (before.wins, before.worlds, before.value)
        if after.game == GameType.SPITZE:  # no model: the heuristic's prior stays
            assert after.prior == before.prior
        else:
            expected = model.win_chance(hand, 0, after.game, hand=after.hand)
            assert after.prior == expected != before.prior


@pytest.mark.parametrize(
    ("contract", "settings", "expected"),
    [
        ("NH", {}, ActionKind.DECLINE),  # the open-hand estimate cannot judge a hidden Null
        ("NH", {"kontra_plain_null": True}, ActionKind.KONTRA),  # as strong-v1 judged it
        ("NOH", {}, ActionKind.KONTRA),  # an ouvert Null is judged on every deal: lost in all
    ],
)
def test_no_kontra_against_a_plain_null_unless_told(
    contract: str, settings: dict[str, bool], expected: ActionKind
) -> None:
    hands = ("CA CK SA SK HA HK DA DK CQ SQ", "C7 C8 S7 S8 H7 H8 D7 D8 C9 S9")
    assert _kontra_choice(hands, "HQ DQ", contract, StrongPlayer(**settings)) == expected


def test_a_contract_named_is_solved_in_the_same_deals_as_the_candidates() -> None:
    # what the review needs to value a contract the strong player did not weigh alike: named,
    # it is solved in the first deals of the same sequence, so a candidate named again gets
    # exactly its wins; a pruned one is solved all the same
    hand = CardSet.from_str("CJ HJ CA CT C9 C8 SA HK H8 D7").mask
    every = ct.evaluate_before_skat(hand, 0, (), Solver(), worlds=2, node_budget=10**9,
                                    options=Options())  # fmt: skip
    clubs = next(e for e in every if (e.game, e.hand) == (GameType.CLUBS, True))
    pruned = {(g, h) for g in (GameType.DIAMONDS, GameType.NULL) for h in (False, True)}
    assert not any((e.game, e.hand) in pruned for e in every)
    for worlds in (2, 1):
        named = ct.evaluate_before_skat(
            hand, 0, (), Solver(), worlds=worlds, min_worlds=worlds, node_budget=10**9,
            options=Options(), only=frozenset({(GameType.CLUBS, True), (GameType.DIAMONDS, True)}),
        )  # fmt: skip
        assert {(e.game, e.hand) for e in named} == {
            (GameType.CLUBS, True), (GameType.DIAMONDS, True),
        }  # fmt: skip
        again = next(e for e in named if e.game == GameType.CLUBS)
        assert again.worlds == worlds
        if worlds == clubs.worlds:
            assert again == clubs
        assert all(e.worlds == worlds for e in named)


def test_a_discard_named_is_solved_in_the_same_deals_as_the_candidates() -> None:
    cards = CardSet.from_str("CJ SJ HJ CA CT C9 C8 SA HK H8 D7 D8").mask
    every = ct.evaluate_discards(cards, 0, 36, (), Solver(), worlds=3, node_budget=10**9,
                                 options=Options())  # fmt: skip
    first = every[0]
    other = mask_of(parse_cards("CA CT"))  # two trumps away: no candidate of the heuristic's
    assert all(c.discard != other for c in every)
    named = ct.evaluate_discards(
        cards, 0, 36, (), Solver(), worlds=3, min_worlds=3, node_budget=10**9, options=Options(),
        pairs=((first.estimate.game, first.discard), (GameType.CLUBS, other)),
    )  # fmt: skip
    assert [c.discard for c in named][:1] == [first.discard]
    assert named[0].estimate == first.estimate
    assert named[-1].discard == other
    assert named[-1].estimate.worlds == 3


def _pickup_679702394() -> State:
    """Deal 679702394 (issue 48): middlehand holds 20 and picks up CQ SK to twelve cards, HJ DJ
    CA CT CQ C9 C7 SA SK DT D9 D8."""
    state = State.new(679702394, Options())
    for token in ["18", "p", "20", "y", "p", "s"]:
        state = state.apply(Action.parse(token))
    return state


@pytest.mark.slow
def test_the_screened_discard_declares_clubs_with_seven_trumps_not_a_grand_without_two() -> None:
    """Solved alike in a fixed order, the first deal's solves took the budget before the Grand
    was reached: the Grand, never solved, won on the heuristic's prior (strong-v2 still does).
    Screened, the contenders are solved first and only those solved in the most deals compete."""
    state = _pickup_679702394()
    info = state.information_state(1)
    today = get_player("strong").choose(info, decision_rng(679702394, len(state.actions)))
    old = get_player("strong-v2").choose(info, decision_rng(679702394, len(state.actions)))
    assert today == Action.parse("SK.D8")  # Clubs keeps its seven trumps
    assert old == Action.parse("CQ.SK")  # for the Grand
    declared = get_player("strong").choose(
        state.apply(today).information_state(1), decision_rng(679702394, len(state.actions) + 1)
    )
    assert declared == Action.parse("C")


@pytest.mark.slow
def test_screened_finalists_are_solved_in_the_same_most_deals() -> None:
    info = _pickup_679702394().information_state(1)
    cards = info.hand | (info.discard or 0)
    for node_budget in (200_000, 2_000_000, 20_000_000):
        choices = ct.evaluate_discards(
            cards, 1, info.bid, info.bids, Solver(), worlds=24, node_budget=node_budget,
            options=Options(), screen=True,
        )  # fmt: skip
        most = max(c.estimate.worlds for c in choices)
        finalists = [c for c in choices if c.finalist]
        assert finalists
        assert all(c.estimate.worlds == most for c in finalists)
        assert all(c.estimate.worlds < most for c in choices if not c.finalist)
        plain = ct.evaluate_discards(
            cards, 1, info.bid, info.bids, Solver(), worlds=24, node_budget=node_budget,
            options=Options(),
        )  # fmt: skip
        assert all(c.finalist for c in plain)  # unscreened: every choice competes


def test_only_finalists_compete_while_one_of_them_reaches_the_bid() -> None:
    from skat.players.strong import _best_choice

    def choice(
        pair: int, game: GameType, value: int, wins: int, worlds: int, final: bool
    ) -> ct.DiscardChoice:
        e = ct.Estimate(game, False, False, value, wins, worlds, 0, 0.9, options=Options())
        return ct.DiscardChoice(pair, e, final)

    grand_unsolved = choice(3, GameType.GRAND, 72, 0, 0, False)  # the prior alone: +72
    clubs = choice(5, GameType.CLUBS, 36, 3, 4, True)
    assert _best_choice([grand_unsolved, clubs], 20, 0.0) is clubs
    # no finalist worth the bid: every choice competes again
    assert _best_choice([grand_unsolved, clubs], 40, 0.0) is grand_unsolved
