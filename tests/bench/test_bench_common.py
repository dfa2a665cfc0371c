"""bench/common.py: the intervals, percentiles and arguments the benchmark scripts share."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from bench import common
from skat.arena import arena_deal_number


def test_a_means_half_width_is_half_the_arenas_interval() -> None:
    assert common.mean_half([]) == (0.0, 0.0)
    assert common.mean_half([4.0]) == (4.0, 0.0)
    mean, half = common.mean_half([1.0, 3.0])  # standard error 1
    assert mean == 2.0
    assert half == pytest.approx(1.96)
    assert common.mean_interval([1.0, 3.0]) == "+2.00 (+0.04 .. +3.96)"
    assert common.mean_interval(v for v in (-1.0, -3.0)) == "-2.00 (-3.96 .. -0.04)"


def test_a_shares_interval_is_the_normal_one() -> None:
    assert common.share_half(0, 0) == (0.0, 0.0)
    p, half = common.share_half(30, 100)
    assert p == 0.3
    assert half == pytest.approx(1.96 * math.sqrt(0.3 * 0.7 / 100))
    assert common.share_half(5, 5) == (1.0, 0.0)


def test_a_percentile_is_a_value_of_the_sample_by_nearest_rank() -> None:
    values = [float(v) for v in range(100, 0, -1)]  # unsorted on purpose
    assert common.percentile(values, 0.0) == 1.0
    assert common.percentile(values, 0.5) == 51.0  # rank round(0.5 * 99) = 50
    assert common.percentile(values, 0.95) == 95.0
    assert common.percentile(values, 1.0) == 100.0
    assert common.percentile([7.0], 0.95) == 7.0
    with pytest.raises(IndexError):
        common.percentile([], 0.5)


def test_key_values_keep_each_part_and_refuse_an_unknown_key() -> None:
    assert common.key_values("", ("a",)) == []
    assert common.key_values("a=1,,b=x", ("a", "b")) == [("a=1", "a", "1"), ("b=x", "b", "x")]
    with pytest.raises(ValueError, match="'c' is not one of a, b"):
        common.key_values("a=1,c=2", ("a", "b"))
    with pytest.raises(ValueError, match="'a' is given twice"):
        common.key_values("a=1,b=2,a=3", ("a", "b"))


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ((("model_limit", float("nan")),), "model_limit must be a number"),
        ((("defence_inference", -1),), "defence_inference must be a whole number ≥ 0"),
    ],
)
def test_a_strong_setting_the_player_refuses_is_refused_before_any_worker(
    setting: tuple[tuple[str, object], ...], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        common.checked_strong_setting(setting)
    common.checked_strong_setting((("model_limit", -100.0), ("defence_inference", 3)))


def test_the_deal_arguments_keep_their_defaults() -> None:
    ap = common.argument_parser("First line.\n\nMore.")
    assert ap.description == "First line."
    common.add_deal_arguments(ap, deals=540, seed=2026, first=True, workers=True)
    args = ap.parse_args([])
    assert (args.deals, args.seed, args.first, args.workers) == (540, 2026, 0, 2)
    assert ap.parse_args(["--deals", "3", "--first", "9"]).first == 9
    required = common.argument_parser(None)
    common.add_deal_arguments(required, deals=None, seed=11)
    with pytest.raises(SystemExit):
        required.parse_args([])
    assert not hasattr(required.parse_args(["--deals", "2"]), "workers")


def test_a_share_is_printed_in_percent_with_its_interval_clipped() -> None:
    assert common.share_interval(0, 0) == "-"
    assert common.share_interval(30, 100) == "30.0% (21.0 .. 39.0), 30/100"
    assert common.share_interval(1, 1) == "100.0% (100.0 .. 100.0), 1/1"


def test_bins_take_their_lower_edge_and_a_chance_of_one_in_the_last() -> None:
    bins = common.binned([0.0, 0.2, 0.39, 0.4, 1.0], [0.0, 0.4, 1.01], float)
    assert bins == [(0.0, 0.4, [0.0, 0.2, 0.39]), (0.4, 1.0, [0.4, 1.0])]


def _parser() -> Any:
    ap = common.argument_parser("test")
    common.add_checkpoint_arguments(ap)
    return ap


def test_a_checkpoint_drops_a_line_cut_off_and_refuses_another_seed(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    whole = [{"index": i, "number": arena_deal_number(5, i)} for i in range(2)]
    path.write_text("".join(json.dumps(x) + "\n" for x in whole) + '{"index": 2, "nu')
    done = common.read_checkpoint(_parser(), str(path), 5, lambda line: line["index"])
    assert done == {0: whole[0], 1: whole[1]}
    assert path.read_text().endswith("}\n")  # the cut line is gone: that deal is played again
    with pytest.raises(SystemExit):
        common.read_checkpoint(_parser(), str(path), 6, lambda line: line["index"])
    with pytest.raises(SystemExit):
        common.read_checkpoint(_parser(), str(tmp_path), 5, lambda line: line["index"])
    assert common.read_checkpoint(_parser(), str(tmp_path / "new.jsonl"), 5, len) == {}
