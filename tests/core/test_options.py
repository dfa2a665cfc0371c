"""The rule options (skat.options): each declared once, everything else derived from it."""

from __future__ import annotations

from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import pytest

from skat import options as opt
from skat.errors import SkatError
from skat.options import (
    RULES,
    AllPass,
    BockRule,
    KontraRule,
    Options,
    RamschSkat,
    ScoreList,
    format_record,
    parse_record,
)

DOCS = Path(__file__).resolve().parents[2] / "docs"

OPTION_SETS = [
    Options(),
    Options(all_pass=AllPass.RAMSCH, kontra=KontraRule.ON, supra=True),
    Options(all_pass=AllPass.SCHIEBERAMSCH, kontra=KontraRule.BIDDERS_ONLY, spitze=True),
    Options(
        all_pass=AllPass.RAMSCH,
        ramsch_skat=RamschSkat.LOSER,
        durchmarsch=False,
        lost_hand_single=True,
        score_list=ScoreList.SIMPLE,
    ),
]


def test_every_field_of_the_options_is_a_declared_rule_in_its_order() -> None:
    # but the deal's own Bock status (BK[...], skat.bock), which no table chooses
    assert [r.name for r in RULES] == [f.name for f in fields(Options) if f.name != "bock_deal"]
    assert [f.name for f in fields(Options) if "rule" not in f.metadata] == ["bock_deal"]
    for r in RULES:
        assert getattr(Options(), r.name) == r.default
        assert r.default in r.values
        assert r.source
        assert r.summary


def test_every_value_but_the_default_has_a_command_line_word_of_its_own() -> None:
    words = [w for r in RULES for w in r.words.values()]
    assert len(words) == len(set(words))
    assert "isko" not in words
    for r in RULES:
        assert set(r.words) == {v for v in r.values if v != r.default}


def test_an_option_waits_only_for_an_earlier_option_and_one_of_its_values() -> None:
    seen: list[str] = []
    for r in RULES:
        if r.requires is not None:
            name, value = r.requires
            assert name in seen
            assert value in next(x for x in RULES if x.name == name).values
        seen.append(r.name)


@pytest.mark.parametrize(
    ("options", "effective"),
    [
        (Options(supra=True), Options()),
        (Options(kontra=KontraRule.ON, supra=True), Options(kontra=KontraRule.ON, supra=True)),
        (Options(durchmarsch=False, ramsch_skat=RamschSkat.LOSER), Options()),
        (
            Options(all_pass=AllPass.SCHIEBERAMSCH, durchmarsch=False),
            Options(all_pass=AllPass.SCHIEBERAMSCH, durchmarsch=False),
        ),
        (Options(spitze=True, supra=True), Options(spitze=True)),
    ],
)
def test_an_option_that_waits_for_another_is_set_back_while_that_one_is_off(
    options: Options, effective: Options
) -> None:
    assert options.effective() == effective


def test_the_option_list_names_what_each_option_waits_for() -> None:
    spec = {o["name"]: o for o in opt.spec_json()}
    assert spec["supra"]["idle_when"] == {"option": "kontra", "value": "off"}
    assert spec["durchmarsch"]["idle_when"] == {"option": "all_pass", "value": "new_deal"}
    assert spec["ramsch_skat"]["idle_when"] == {"option": "all_pass", "value": "new_deal"}
    assert spec["kontra"]["idle_when"] is None
    assert all(o["source"] for o in spec.values())


@pytest.mark.parametrize("options", OPTION_SETS)
def test_each_form_reads_back_what_it_wrote(options: Options) -> None:
    assert opt.from_json(opt.to_json(options)) == options
    assert opt.parse_record(opt.format_record(options)) == options
    assert opt.parse_words(opt.format_words(options)) == options


def test_the_forms_of_one_option_set() -> None:
    options = Options(all_pass=AllPass.RAMSCH, kontra=KontraRule.ON, supra=True, durchmarsch=False)
    assert opt.format_record(options) == "all_pass=ramsch,kontra=on,supra=1,durchmarsch=0"
    assert opt.format_words(options) == "ramsch,kontra,supra,no_durchmarsch"
    assert opt.to_json(options)["durchmarsch"] is False
    assert opt.format_words(Options()) == "isko"
    assert opt.format_record(Options()) == ""


@pytest.mark.parametrize(
    ("data", "match"),
    [
        ([], "options must be an object, not list"),
        ({"colour": "red"}, "unknown option 'colour'"),
        ({"kontra": "sometimes"}, r"option 'kontra': 'sometimes' is not one of \['off'"),
        ({"spitze": 1}, "option 'spitze': 1 is not true or false"),
    ],
)
def test_bad_json_options_name_what_was_wrong(data: Any, match: str) -> None:
    with pytest.raises(SkatError, match=match):
        opt.from_json(data)


def test_the_docs_table_is_the_one_the_declarations_give() -> None:
    # a new or changed option cannot leave the docs behind: scripts/regen_options_table.py
    text = (DOCS / "options.md").read_text(encoding="utf-8")
    assert opt.markdown_table() in text


def test_a_record_with_bock_on_written_before_the_defaults_changed_keeps_its_meaning() -> None:
    """``bock_n00`` was on by default until 2026-12-07: ``RU[bock=rounds]`` of an older record
    still means the multiple of 100, and today's defaults write it off."""
    assert parse_record("bock=rounds").bock_n00 is True
    assert parse_record("bock=rounds,bock_n00=0").bock_n00 is False
    assert parse_record("").bock_n00 is False  # without Bock today's default
    today = Options(bock=BockRule.ROUNDS)
    assert today.bock_n00 is False
    assert format_record(today) == "bock=rounds,bock_n00=0"
    assert format_record(replace(today, bock_n00=True)) == "bock=rounds"
    for options in (today, replace(today, bock_n00=True), Options(), Options(bock_n00=True),
                    Options(bock=BockRule.RAMSCH)):  # fmt: skip
        assert parse_record(format_record(options)) == options
