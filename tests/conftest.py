"""Shared fixtures: for the browser tests the app served by uvicorn on a free loopback port, and
Debian's Chromium driven by Playwright (its own browser download does not work here). The tests
of the benchmark scripts import them from the package ``bench`` (the project's root is on
``sys.path`` through pytest's ``pythonpath`` setting in pyproject.toml)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from table_helpers import Server

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SLOW: frozenset[str] = frozenset(
    {
        "test_analysis_answer.py::test_a_defender_of_a_lost_game_beat_it",
        "test_analysis_answer.py::test_a_lines_cards_carry_the_trick_they_fall_in",
        "test_analysis_answer.py::test_the_declarer_who_lost_a_game_won_from_the_first_card_is_told_so",
        "test_analysis_answer.py::test_the_tricks_hold_the_cards_played_in_order_with_their_winners",
        "test_analysis_calls.py::test_a_contested_hold_is_listed_with_the_strong_players_decision_at_that_point",
        "test_analysis_calls.py::test_the_decision_differs_from_the_uncontested_limit_where_the_contest_check_decides",
        "test_analysis_calls.py::test_the_text_lists_each_call_beside_the_strong_players",
        "test_bench_auction.py::test_the_replayed_auction_is_the_strong_players_own",
        "test_hint_bid_reason.py::test_a_bid_hints_reason_never_argues_against_its_suggestion",
        "test_hint.py::test_a_hint_does_not_change_with_the_hidden_cards",
        "test_hint.py::test_a_hint_in_a_series_deal_is_given_when_the_setting_allows_it",
        "test_hint.py::test_a_hint_is_one_of_the_legal_actions_with_its_reason",
        "test_hint.py::test_the_same_record_gives_the_same_hint",
        "test_bench_bidding.py::test_an_equal_auction_plays_the_same_game",
        "test_bench_kontra.py::test_the_person_holds_seat_index_mod_3_and_only_its_games_are_judged",
        "test_bench_kontra.py::test_the_person_plays_its_own_cards_to_the_end_of_its_game",
        "test_bench_bidding.py::test_an_equal_contract_plays_the_same_game",
        "test_bench_bidding.py::test_compare_plays_out_only_what_differs",
        "test_bench_bidding.py::test_contract_arguments_are_compared_up_to_the_first_card",
        "test_bench_defence.py::test_every_pairing_plays_the_heuristics_contract",
        "test_bench_defence.py::test_the_strong_players_contract_is_played_by_every_pairing",
        "test_bench_game_choice.py::test_the_heuristics_differ_only_in_the_discard_and_the_declaration",
        "test_bench_par.py::test_par_bounds_the_declarer_against_perfect_defence",
        "test_bench_replay.py::test_it_prints_the_replays_times_and_where_the_lines_parted",
        "test_cli.py::test_a_byte_order_mark_starts_a_file_of_positions",
        "test_cli.py::test_a_deal_number_with_its_seat_shows_the_same_cards_and_marks_that_seat",
        "test_cli.py::test_a_file_that_is_a_directory_or_binary_is_one_line",
        "test_cli.py::test_an_empty_or_closed_standard_input_is_one_line",
        "test_cli.py::test_solve_a_number_of_over_4300_digits_is_one_line",
        "test_cli.py::test_standard_input_that_is_not_utf8_is_one_line",
        "test_conformance.py::test_random_deals_conform",
        "test_conformance.py::test_same_seed_same_record_despite_global_random",
        "test_players.py::test_heuristic_decisions_do_not_change_with_the_hidden_cards",
        "test_players.py::test_players_make_only_legal_actions_to_the_end",
        "test_players.py::test_strong_decisions_are_the_same_whatever_the_player_did_before",
        "test_players.py::test_strong_decisions_do_not_change_with_the_hidden_cards",
        "test_players.py::test_strong_player_makes_only_legal_actions",
        "test_players.py::test_strong_ramsch_decisions_do_not_change_with_the_hidden_cards",
        "test_replay.py::test_fuzz_random_json_never_gives_a_server_error",
        "test_replay.py::test_the_replay_is_computed_in_a_worker_process_not_in_the_server",
        "test_replay.py::test_the_strong_player_replays_a_seat_the_same_way_twice",
        "test_spitze_players.py::test_a_spitze_is_defended_legally_with_kontra",
        "test_spitze_players.py::test_spitze_is_declared_when_it_is_the_best_game_and_only_with_the_option",
        "test_server.py::test_new_deal_waits_for_the_human_seated_by_deal_number",
        "test_server.py::test_start_up_warms_the_solver_then_reports_ready",
        "test_server_refusals.py::test_fuzz_mutated_records_never_give_a_server_error",
        "test_server_refusals.py::test_fuzz_random_bytes_never_give_a_server_error",
        "test_server_refusals.py::test_fuzz_random_json_never_gives_a_server_error",
        "test_server_workers.py::test_a_record_gets_the_same_strong_answer_in_any_worker_as_in_the_server",
        "test_server_workers.py::test_a_worker_that_dies_fails_one_request_and_the_next_gets_new_workers",
        "test_server_workers.py::test_pages_and_health_are_answered_while_a_computer_holds_the_interpreter_lock",
        "test_server_workers.py::test_two_games_decisions_run_at_once_in_two_processes",
        "test_solver.py::test_both_exact_methods_equal_plain_minimax",
        "test_solver.py::test_exact_value_equals_plain_minimax",
        "test_solver.py::test_null_declarer_must_take_no_trick",
        "test_solver.py::test_null_shortcuts_agree_with_plain_minimax",
        "test_solver.py::test_ramsch_paranoid_value_equals_plain_minimax",
        "test_solver.py::test_schwarz_target_asks_for_every_trick",
        "test_solver_cli.py::test_solve_iss_records_at_their_first_card",
        "test_strong_contracts.py::test_a_contest_penalty_lowers_the_limit_only_once_an_opponent_has_bid",
        "test_revolution.py::test_forced_revolutions_in_the_arena_make_only_legal_exchanges",
        "test_strong_contracts.py::test_a_strong_hand_is_worth_its_hold_when_the_rival_passes",
        "test_learn_contracts.py::test_ray_tasks_on_a_local_instance_give_the_rows_the_processes_give",
        "test_calibration.py::test_a_calibration_run_continues_its_checkpoint_and_keeps_its_deals",
        "test_calibration.py::test_the_rows_of_games_played_here_are_the_strong_players_own_declarations",
        "test_strong_contracts.py::test_an_ouvert_contract_is_judged_on_every_deal_of_the_hidden_cards",
        "test_strong_contracts.py::test_contract_estimates_are_the_same_for_the_same_question",
        "test_strong_contracts.py::test_evaluating_only_the_contracts_that_reach_a_bid",
        "test_strong_contracts.py::test_strong_bids_up_to_the_value_of_a_game_it_expects_to_win",
        "test_strong_contracts.py::test_the_contest_check_judges_only_contested_bids",
        "test_strong_contracts.py::test_the_contest_check_judges_the_deals_in_which_the_rival_passes",
        "test_strong_play.py::test_strong_announces_what_the_sampled_deals_warrant",
        "test_strong_play.py::test_the_first_tricks_get_early_factor_times_the_budget",
        "test_strong_play.py::test_the_real_deal_fits_every_card_the_heuristic_played",
        "test_strong_settings.py::test_strong_v1_decides_as_the_strong_player_of_commit_5d103b7",
        "test_strong_settings.py::test_today_s_strong_player_declines_the_kontra_strong_v1_says",
        "test_table_api.py::test_the_level_named_in_a_request_is_the_level_that_plays",
    }
)
"""The tests marked ``slow``, as ``file::function`` (every parametrization): those that took over
about 2 s in ``pytest -m "not browser" --durations=0``. The inner tier,
``pytest -m "not slow and not browser"``, leaves them out (README, "Testing")."""


@pytest.fixture(scope="session")
def slow_tests() -> frozenset[str]:
    """:data:`SLOW`, for tests/test_tiers.py (a conftest is no module to import)."""
    return SLOW


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Marks the tiers in one place: ``browser`` for every test that uses the browser (its
    fixture, directly or through another), ``slow`` for those in :data:`SLOW`; the test files
    need no markers of their own (those they have stay)."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
        name = getattr(item, "originalname", item.name)
        if f"{item.path.name}::{name}" in SLOW:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    """The app with the heuristic computers, served for the module's browser tests."""
    from table_helpers import Server

    srv = Server()
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """The web API in a test client (``starlette.testclient.TestClient``) with the heuristic
    players and a fixed generator, one per test module; tests/server_helpers.py deals and acts
    through it. A module may define its own."""
    import random
    import warnings

    from skat.server import create_app

    from server_helpers import LOOPBACK, PLAYER

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    with TestClient(create_app(player=PLAYER, rng=random.Random(1)), base_url=LOOPBACK) as c:
        yield c


@pytest.fixture(scope="module")
def url(server: Server) -> str:
    """The address of the module's server (with the heuristic players)."""
    return server.url


class _Browser:
    """Chromium whose new contexts bypass the page's Content-Security-Policy unless told
    otherwise (``bypass_csp=False``): Playwright's ``wait_for_function`` runs its predicate
    through ``eval`` in the page, which the policy forbids. tests/test_server_security.py loads
    the page under the policy."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        options.setdefault("bypass_csp", True)
        return self._browser.new_context(**options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: scripts/test.sh installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield _Browser(b)
        b.close()


SeededPage = Callable[[int, int, str, Any], Any]
"""``open(width, height, key, value)``: see :func:`seeded_page`."""


@pytest.fixture
def seeded_page(browser: Any) -> Iterator[SeededPage]:
    """Opens pages in new contexts of a window size whose ``localStorage`` holds ``value`` (as
    JSON) under ``key`` before the client's first line runs, unless the page has written that key
    itself (a reload keeps what the client stored). Each page's uncaught errors are collected in
    ``page.errors``. The contexts are closed after the test; the page is not yet loaded."""
    contexts: list[Any] = []

    def _open(width: int, height: int, key: str, value: Any) -> Any:
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        context.add_init_script(
            f"if (!localStorage.getItem({json.dumps(key)})) "
            f"localStorage.setItem({json.dumps(key)}, {json.dumps(json.dumps(value))})"
        )
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.errors = errors
        return page

    yield _open
    for context in contexts:
        context.close()
