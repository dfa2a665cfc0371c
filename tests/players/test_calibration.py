"""Win chances calibrated for the opponents at hand (issue 28 point 3): the map, the strong
player's ``opponents`` setting, the ``strong:key=value`` players, and the fit of
``bench/calibrate_contracts.py``."""

from __future__ import annotations

import dataclasses
import json
import math
import random
from pathlib import Path

import pytest

from bench import calibrate_contracts as cc
from skat.action import Action
from skat.arena import arena_deal_number
from skat.contract import Contract
from skat.deal import deal
from skat.options import Options
from skat.players import UnknownPlayerError, decision_rng, get_player
from skat.players import contracts as ct
from skat.players.calibration import CALIBRATIONS, Calibration, calibrated, share_logit
from skat.players.strong import StrongPlayer
from skat.players.strong_settings import StrongSettings
from skat.rules import GameType
from skat.solver import Solver
from skat.state import Phase, State

XSKAT_RUN = Path(__file__).parents[1] / "data" / "xskat_match_run.jsonl"
"""A real XSkat match checkpoint of two deals (tests/bench/test_bench_xskat_match.py)."""


def test_the_strong_calibration_is_the_share_logit_plus_its_offset() -> None:
    # today's map before the table had more than one entry: logit((w + 0.5)/(n + 1)) + 0.3
    share = (12 + 0.5) / (16 + 1.0)
    expected = 1.0 / (1.0 + math.exp(-(math.log(share / (1.0 - share)) + 0.3)))
    assert calibrated(12, 16, CALIBRATIONS["strong"]) == pytest.approx(expected)


def test_the_played_out_map_lifts_doubtful_contracts_and_lowers_near_sure_ones() -> None:
    share = (12 + 0.5) / (16 + 1.0)
    played = 1.0 / (1.0 + math.exp(-(0.438 + 0.756 * math.log(share / (1.0 - share)))))
    new, old = CALIBRATIONS["strong-played"], CALIBRATIONS["strong"]
    assert calibrated(12, 16, new) == pytest.approx(played)
    assert calibrated(6, 16, new) > calibrated(6, 16, old)
    assert calibrated(15, 16, new) < calibrated(15, 16, old)
    player = get_player("strong:opponents=strong-played")
    assert isinstance(player, StrongPlayer)
    assert player.settings.opponents == "strong-played"


@pytest.mark.parametrize(("offset", "slope"), [(0.0, 1.0), (1.2, 1.0), (0.5, 0.6), (-0.4, 1.5)])
def test_a_calibration_is_a_line_on_the_logit_scale(offset: float, slope: float) -> None:
    c = Calibration(offset, slope)
    for wins, worlds in ((0, 8), (3, 8), (8, 8), (20, 24)):
        p = calibrated(wins, worlds, c)
        assert math.log(p / (1 - p)) == pytest.approx(offset + slope * share_logit(wins, worlds))


def test_an_estimate_takes_its_calibration_for_suit_games_and_grands_only() -> None:
    sure = Calibration(2.0)
    for game in (GameType.GRAND, GameType.HEARTS):
        plain = ct.Estimate(game, False, False, 48, 10, 16, prior=0.6, options=Options())
        assert ct.Estimate(
            game, False, False, 48, 10, 16, prior=0.6, calibration=sure, options=Options()
        ).chance > (plain.chance)
    null = ct.Estimate(GameType.NULL, False, False, 23, 10, 16, prior=0.6, options=Options())
    assert ct.Estimate(
        GameType.NULL, False, False, 23, 10, 16, prior=0.6, calibration=sure, options=Options()
    ).chance == (null.chance)


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def test_a_plain_null_takes_its_maps_null_offset_and_a_null_ouvert_none() -> None:
    logit = share_logit(6, 16)
    c = Calibration(2.0, 0.5)
    assert c.game_chance(logit, null=False, ouvert=False) == pytest.approx(_sigmoid(2 + logit / 2))
    assert c.game_chance(logit, null=True, ouvert=False) == pytest.approx(_sigmoid(0.8 + logit))
    assert c.game_chance(logit, null=True, ouvert=True) == pytest.approx(_sigmoid(logit))
    lifted = Calibration(2.0, 0.5, null_plain=1.65)
    assert lifted.game_chance(logit, null=True, ouvert=False) == pytest.approx(
        _sigmoid(1.65 + logit)
    )
    assert lifted.game_chance(logit, null=True, ouvert=True) == pytest.approx(_sigmoid(logit))
    # an estimate of a plain Null: the prior's deals counted, then the map's Null offset
    for ouvert, offset in ((False, 1.65), (True, 0.0)):
        e = ct.Estimate(
            GameType.NULL,
            False,
            ouvert,
            23,
            6,
            16,
            prior=0.4,
            calibration=lifted,
            options=Options(),
        )
        share = share_logit(6 + ct.PRIOR_WORLDS * 0.4, 16 + ct.PRIOR_WORLDS)
        assert e.chance == pytest.approx(_sigmoid(offset + share))


def test_the_null_plain_setting_replaces_only_the_maps_null_offset() -> None:
    assert StrongSettings().calibration == CALIBRATIONS["strong-played"]  # the default's own
    player = get_player("strong:opponents=strong-played,null_plain=1.65")
    assert isinstance(player, StrongPlayer)
    c, played = player.settings.calibration, CALIBRATIONS["strong-played"]
    assert (c.offset, c.slope, c.null_plain) == (played.offset, played.slope, 1.65)
    assert played.null_plain == 0.8
    with pytest.raises(ValueError, match="null_plain must be a finite number or None, not inf"):
        StrongSettings(null_plain=math.inf)


def test_every_calibration_says_where_it_comes_from() -> None:
    assert "strong" in CALIBRATIONS
    for name, c in CALIBRATIONS.items():
        assert c.source, name
        assert 0.25 <= c.slope <= 2.0, name


def test_a_negative_logit_may_be_written_as_a_whole_number() -> None:
    assert StrongSettings(bid_bonus=-1, contest_check=-5).bid_bonus == -1


def test_opponents_must_name_a_calibration() -> None:
    with pytest.raises(ValueError, match=r"opponents must be one of strong, .*not 'nobody'"):
        StrongSettings(opponents="nobody")


def test_the_strong_player_weighs_its_estimates_with_its_opponents_calibration() -> None:
    # deal 4: forehand wins the auction at 18 and looks at the skat
    # (tests/players/test_strong_settings)
    state = State.new(4, Options())
    for token in ["18", "y", "p", "p"]:
        state = state.apply(Action.parse(token))
    assert state.phase == Phase.SKAT
    info = state.information_state(state.current_player or 0)
    found = {}
    for opponents in CALIBRATIONS:
        player = StrongPlayer(opponents=opponents)
        estimates = player._before_skat(
            info.hand, int(info.seat), info.bids, schneider=True, options=Options()
        )
        assert {e.calibration for e in estimates} == {CALIBRATIONS[opponents]}
        found[opponents] = [(e.game, e.hand, e.wins, e.worlds) for e in estimates]
    # the same sampled deals and solves: only the map from share to chance differs
    assert len({tuple(v) for v in found.values()}) == 1


def test_a_strong_player_takes_settings_after_its_name() -> None:
    player = get_player("strong:opponents=xskat,bid_bonus=1,contest_check=None")
    assert isinstance(player, StrongPlayer)
    assert player.name == "strong:opponents=xskat,bid_bonus=1,contest_check=None"
    assert (player.opponents, player.bid_bonus, player.contest_check) == ("xskat", 1, None)
    v1 = get_player("strong-v1:opponents=xskat")
    assert isinstance(v1, StrongPlayer)
    assert (v1.kontra_below, v1.opponents) == (0.4, "xskat")
    # true, false and none as the bench scripts write them, or as Python does
    small = get_player("strong:model_prior=true,model_contest=false,contest_check=none")
    large = get_player("strong:model_prior=True,model_contest=False,contest_check=None")
    for p in (small, large):
        assert isinstance(p, StrongPlayer)
        assert (p.model_prior, p.model_contest, p.contest_check) == (True, False, None)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("heuristic:worlds=2", "only strong, strong-v1, strong-v2 take settings"),
        ("strong:opponents=nobody", "opponents must be one of"),
        ("strong:worlds=1.5", "worlds must be int, not 1.5"),
        ("strong:nothing=1", "'nothing' is no setting of the strong player"),
        ("strong:oponents=xskat", "did you mean 'opponents'"),
        ("strong:opponents=xskat,opponents=strong", "'opponents' is given twice"),
        ("strong:worlds= 4", "'worlds= 4' is not key=value"),
        ("strong:worlds=-3", "worlds must be a whole number ≥ 0, not -3"),
        ("strong:bid_bonus=nan", "bid_bonus must be a number, not nan"),
        ("strong:model_prior=yes", "model_prior must be bool, not 'yes'"),
        ("strong:model_prior=TRUE", "model_prior must be bool, not 'TRUE'"),
        ("strong:worlds=" + "9" * 5000, "worlds must be int, not inf"),
        ("strong:worlds", "'worlds' is not key=value"),
        ("strong:", "'' is not key=value"),
    ],
)
def test_a_bad_player_setting_is_refused_by_name(spec: str, message: str) -> None:
    with pytest.raises(UnknownPlayerError, match=message):
        get_player(spec)


# -- the fit ------------------------------------------------------------------------------------
def _rows(offset: float, slope: float, n: int, seed: int) -> list[cc.Row]:
    """Games whose outcome follows ``offset + slope × logit`` of their open-hand share."""
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        wins = rng.randint(4, 16)
        row = cc.Row(i, i, 0, "GRAND", False, False, 48, wins, 16, 0.5, 0.0, False)
        p = Calibration(offset, slope).chance(row.logit)
        rows.append(
            cc.Row(i, i, 0, "GRAND", False, False, 48, wins, 16, 0.5, 0.0, rng.random() < p)
        )
    return rows


def test_the_fits_find_the_line_the_games_were_drawn_from() -> None:
    rows = _rows(1.0, 0.7, 4000, 1)
    line = cc.fit_line(rows)
    assert line.offset == pytest.approx(1.0, abs=0.2)
    assert line.slope == pytest.approx(0.7, abs=0.1)
    assert cc.fit_offset(_rows(1.0, 1.0, 4000, 2)).offset == pytest.approx(1.0, abs=0.15)
    assert cc.log_loss(rows, line) < cc.log_loss(rows, Calibration(1.0))


def test_the_rule_keeps_the_simpler_map_when_the_line_does_not_generalise() -> None:
    out = cc.report(_rows(1.0, 1.0, 600, 3), Calibration(0.3))
    chosen = out[-1]
    assert chosen.startswith("  chosen by the rule: offset +")
    assert "slope 1.000" in chosen  # drawn with slope 1: the offset alone wins the two-fold loss


def test_the_rule_never_takes_a_slope_outside_its_bounds() -> None:
    # outcomes unrelated to the share: a fitted slope near 0 is outside the bounds
    rows = [
        cc.Row(i, i, 0, "GRAND", False, False, 48, 4 + i % 13, 16, 0.5, 0.0, i % 7 != 0)
        for i in range(700)
    ]
    chosen = cc.report(rows, Calibration(0.3))[-1]
    slope = float(chosen.rsplit("slope ", 1)[1])
    assert cc.SLOPES[0] <= slope <= cc.SLOPES[1]


@pytest.mark.slow
def test_a_calibration_run_continues_its_checkpoint_and_keeps_its_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "rows.jsonl"
    argv = ["--deals", "2", "--seed", "3", "--opponent", "random", "--workers", "1"]
    assert cc.main([*argv, "--out", str(out)]) == 0
    first = capsys.readouterr().out
    written = out.read_text(encoding="utf-8")
    header, *deals = (json.loads(line) for line in written.splitlines())
    assert header == {
        "kind": "run", "seed": 3, "first": 0, "deals": 2, "opponent": "random",
        "player": "strong:opponents=strong",
    }  # fmt: skip
    assert [d["index"] for d in deals] == [0, 1]
    # the strong player's declarations, each with its estimate and outcome
    rows = [cc.Row(**r) for d in deals for r in d["rows"]]
    assert first.startswith(f"{len(rows)} declared games")
    # stopped in the middle of a line: that deal is played again, the report is the same
    out.write_text(written[: written.rindex('{"index":1')] + '{"index":1,"ro', encoding="utf-8")
    assert cc.main([*argv, "--out", str(out)]) == 0
    assert capsys.readouterr().out == first
    assert out.read_text(encoding="utf-8") == written
    with pytest.raises(SystemExit, match="another protocol"):
        cc.main([*argv[:1], "3", *argv[2:], "--out", str(out)])


def test_the_server_takes_only_registered_levels() -> None:
    from skat.server.app import load_player

    assert load_player("heuristic")[0] == "heuristic"
    with pytest.raises(
        UnknownPlayerError, match="unknown player for the server: 'strong:worlds=4'"
    ):
        load_player("strong:worlds=4")


def test_a_row_is_a_declaration_judged_as_the_estimate_judged_it() -> None:
    grand = ct.Estimate(GameType.GRAND, False, False, 48, 10, 16, options=Options())
    assert cc.plain(grand, Contract.parse("G"))
    assert not cc.plain(grand, Contract.parse("GH"))  # Hand: another estimate
    assert not cc.plain(grand, Contract.parse("D"))
    hand = ct.Estimate(GameType.GRAND, True, False, 72, 10, 16, options=Options())
    assert cc.plain(hand, Contract.parse("GH"))
    assert not cc.plain(hand, Contract.parse("GHS"))  # Schneider announced
    null_ouvert = ct.Estimate(GameType.NULL, False, True, 46, 10, 16, options=Options())
    assert cc.plain(null_ouvert, Contract.parse("NO"))
    assert not cc.plain(null_ouvert, Contract.parse("N"))
    assert not cc.plain(None, Contract.parse("G"))


@pytest.mark.slow
def test_the_rows_of_games_played_here_are_the_strong_players_own_declarations() -> None:
    # seed 3, deal 0 against the heuristic: the strong player declares in one of its three
    # seats, the heuristic in the others; only the strong player's game is a row
    number = arena_deal_number(3, 0)
    rows = cc._played((0, number, "heuristic", "strong:opponents=strong"))
    strong, other = get_player("strong"), get_player("heuristic")
    declared = []
    for seat in range(3):
        state = State.new(number, Options())
        while not state.is_terminal():
            s = state.current_player
            assert s is not None
            player = strong if s == seat else other
            rng = decision_rng(number, len(state.actions))
            state = state.apply(player.choose(state.information_state(s), rng))
        assert state.contract is not None
        declared.append((seat, state.declarer, state.contract.game.name))
    assert any(declarer != seat for seat, declarer, _ in declared)  # the heuristic's games
    assert rows
    assert [(r.seat, r.game) for r in rows] == [
        (seat, game) for seat, declarer, game in declared if declarer == seat
    ]


@pytest.mark.parametrize("content", ["hello", '{"kind": "run"}', '{"kind": "run"'])
def test_a_file_that_is_no_calibration_checkpoint_is_refused_and_kept(
    tmp_path: Path, content: str
) -> None:
    out = tmp_path / "rows.jsonl"
    out.write_text(content, encoding="utf-8")
    argv = ["--deals", "1", "--seed", "3", "--opponent", "random", "--workers", "1"]
    with pytest.raises(SystemExit, match="another protocol or is no calibration checkpoint"):
        cc.main([*argv, "--out", str(out)])
    assert out.read_text(encoding="utf-8") == content


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--out", "."], "Is a directory"),
        (["--opponent", "nobody"], "unknown player: 'nobody'"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--deals", "-5"], "--deals and --first at least 0"),
        (["--json", "."], "--json .: .*Is a directory"),
        (["--xskat", "no-such-file.jsonl"], "no-such-file.jsonl: not an XSkat match checkpoint"),
        (["--xskat", str(XSKAT_RUN), "--out", "x"], "--xskat reads"),
        (["--xskat", str(XSKAT_RUN), "--deals", "3"], "plans the deals 0-1, not all of 0-2"),
    ],
)
def test_a_bad_calibration_run_is_refused_in_one_line(
    argv: list[str], message: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SKAT_RUNS", str(tmp_path))  # a bare name is a file of the run directory
    with pytest.raises(SystemExit, match=message):
        cc.main(["--deals", "1", "--workers", "1", *argv])


def test_a_calibration_that_has_no_map_is_refused_by_the_arguments(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        cc.main(["--deals", "0", "--calibration", "strong,worlds=2"])
    assert "invalid choice: 'strong,worlds=2'" in capsys.readouterr().err


def _played_data(path: Path) -> list[dict[str, object]]:
    """Three contracts of the declare-everything data (bench/declare_data.py's fields that the
    fit reads): a pick-up Clubs and a Null Ouvert of middlehand, a Grand Hand of rearhand."""
    number = arena_deal_number(48, 0)
    hands = deal(number).hands
    rows: list[dict[str, object]] = [
        {"deal": 0, "number": number, "seat": 1, "game": "C", "hand": False, "ouvert": False,
         "cards": hands[1].mask, "won": True},
        {"deal": 0, "number": number, "seat": 1, "game": "N", "hand": False, "ouvert": True,
         "cards": hands[1].mask, "won": False},
        {"deal": 0, "number": number, "seat": 2, "game": "G", "hand": True, "ouvert": False,
         "cards": hands[2].mask, "won": False},
    ]  # fmt: skip
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return rows


@pytest.mark.slow
def test_a_played_out_contract_is_judged_from_the_ten_cards_alone(tmp_path: Path) -> None:
    data = _played_data(tmp_path / "data.jsonl")
    settings = StrongSettings(opponents="heuristic")
    for row in data:
        found = cc._from_played((row, "strong:opponents=heuristic"))
        game = GameType.from_letter(str(row["game"]))
        estimates = ct.evaluate_before_skat(
            int(str(row["cards"])), int(str(row["seat"])), (), Solver(), options=Options(),
            only=frozenset({(game, bool(row["hand"]))}),
            node_budget=settings.contract_budget, worlds=settings.contract_worlds,
        )  # fmt: skip
        expected = [e for e in estimates if e.ouvert == row["ouvert"]]
        assert len(found) == 1
        assert len(expected) == 1
        r, e = found[0], expected[0]
        assert (r.index, r.deal, r.seat, r.game, r.hand, r.ouvert, r.won) == (
            0, row["number"], row["seat"], game.name, row["hand"], row["ouvert"], row["won"],
        )  # fmt: skip
        assert (r.wins, r.worlds, r.prior, r.value) == (e.wins, e.worlds, e.prior, e.value)
        assert r.worlds >= 4
        if game != GameType.NULL:  # the chance at the table of the player's opponents
            mapped = calibrated(
                e.wins + ct.PRIOR_WORLDS * e.prior, e.worlds + ct.PRIOR_WORLDS,
                CALIBRATIONS["heuristic"],
            )  # fmt: skip
            assert r.chance == pytest.approx(mapped)
        assert cc.played_key(row) == r.key == (r.index, r.seat, r.game, r.hand, r.ouvert)


@pytest.mark.slow
def test_played_out_rows_are_judged_once_and_read_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data.jsonl"
    _played_data(data)
    judged = tmp_path / "judged.json"
    argv = ["--played", str(data), "--workers", "1"]
    assert cc.main([*argv, "--json", str(judged)]) == 0
    first = capsys.readouterr().out
    assert first.startswith("3 contracts played out")
    assert "Null Ouvert: 1 games, won 0.000" in first
    rows = json.loads(judged.read_text(encoding="utf-8"))
    assert sorted((r["seat"], r["game"]) for r in rows) == [(1, "CLUBS"), (1, "NULL"), (2, "GRAND")]

    def no_judging(task: object) -> list[cc.Row]:
        raise AssertionError("a judged row was judged again")

    monkeypatch.setattr(cc, "_from_played", no_judging)
    assert cc.main([*argv, "--played-rows", str(judged), "--json", str(judged)]) == 0
    assert capsys.readouterr().out == first
    assert json.loads(judged.read_text(encoding="utf-8")) == rows


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--played-rows", "x.json"], "--played-rows goes with --played"),
        (["--played", "d.jsonl", "--xskat", "x.jsonl"], "two sources"),
        (["--played", "d.jsonl", "--out", "x.jsonl"], "--played reads a data set"),
        (["--played", "no-such-data.jsonl"], "no-such-data.jsonl: no rows"),
        (["--played", "d.jsonl", "--played-rows", "d.jsonl"], "not the rows of a --played run"),
    ],
)
def test_a_bad_played_out_fit_is_refused_in_one_line(
    argv: list[str], message: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SKAT_RUNS", str(tmp_path))
    _played_data(tmp_path / "d.jsonl")
    with pytest.raises(SystemExit, match=message):
        cc.main(["--workers", "1", *argv])


def test_the_played_out_fit_reads_the_deals_asked_and_fits_the_plain_null(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # judged plain Nulls of deals 0-19 that today's map gives about 0.3 and that won 7 in 10;
    # the row of deal 20 lies outside --deals 20: neither judged nor counted
    rows = [
        cc.Row(i, 1000 + i, 0, "NULL", False, False, 23, 2, 16, 0.1, 0.3, i % 10 < 7)
        for i in range(21)
    ]
    judged = tmp_path / "judged.json"
    judged.write_text(json.dumps([dataclasses.asdict(r) for r in rows]), encoding="utf-8")
    data = tmp_path / "data.jsonl"
    lines = [
        {"deal": r.index, "number": r.deal, "seat": 0, "game": "N", "hand": False,
         "ouvert": False, "cards": 0, "won": r.won}
        for r in rows
    ]  # fmt: skip
    data.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")

    def no_judging(task: object) -> list[cc.Row]:
        raise AssertionError("a judged row was judged again")

    monkeypatch.setattr(cc, "_from_played", no_judging)
    argv = ["--played", str(data), "--played-rows", str(judged), "--workers", "1"]
    assert cc.main([*argv, "--deals", "20"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("20 contracts played out")
    assert "Null: 20 games, won 0.700" in out
    chosen = float(out.split("chosen by the rule: null_plain ")[1].split()[0])
    # the fitted offset makes the mean chance the share won (slope 1, a small penalty)
    logit = rows[0].logit
    assert sum(_sigmoid(chosen + logit) for _ in range(20)) / 20 == pytest.approx(0.7, abs=0.01)
    with pytest.raises(SystemExit, match="no rows of the deals 21-30"):
        cc.main([*argv, "--first", "21", "--deals", "10"])
