"""The web client's strings: every language has every key, and every key the client asks for exists.

The client (``skat/server/static/js``) takes all visible text from the tables in ``i18n.js``; this
test reads those tables and the ``t("...")`` calls as text, so a missing translation or a typo in a
key fails here instead of showing a raw key in the browser.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from skat import scoring

STATIC = Path(scoring.__file__).parent / "server" / "static"
I18N = (STATIC / "js" / "i18n.js").read_text(encoding="utf-8")
SOURCES = {p.name: p.read_text(encoding="utf-8") for p in (STATIC / "js").glob("*.js")}
LANGUAGES = re.findall(r'"(\w\w)"', re.search(r"LANGUAGES = \[([^\]]*)\]", I18N).group(1))  # type: ignore[union-attr]


def _table(code: str) -> dict[str, str]:
    match = re.search(rf"^const {code} = \{{\n(.*?)^\}};", I18N, re.S | re.M)
    assert match, f"no table for {code!r}"
    return dict(re.findall(r'^\s*"([^"]+)":\s*"((?:[^"\\]|\\.)*)",?\s*$', match.group(1), re.M))


TABLES = {code: _table(code) for code in LANGUAGES}

# Keys the client builds from a prefix and a value: prefix → the values it can take.
DYNAMIC = {
    "player.": ["bottom", "left", "right"],
    "info.pushed.": ["1", "2", "3"],  # Schieberamsch: each seat may push the skat on once
    "seat.": ["forehand", "middlehand", "rearhand"],
    "rank.": list("AKQJT987"),
    "rank.name.": list("AKQJT987"),
    "suit.name.": list("CSHDT"),
    "game.": list("CSHDGNRX"),
    "option.": ["hand", "schneider", "schwarz", "ouvert"],
    "language.": LANGUAGES,
    "rank.german.": list("AKQJT987"),
    "rank.name.german.": list("AKQJT987"),
    "suit.name.german.": list("CSHD"),
    "game.german.": list("CSHD"),
    "deck.": ["french", "german", "fourcolour"],
    "player.level.": ["auto", "heuristic", "strong"],
    "setting.": [
        "lang",
        "deck",
        "sort",
        "player",
        "trickWait",
        "trickMs",
        "seriesLength",
        "on",
        "off",
    ],
    "setting.sort.": ["alternate", "suits"],
    "setting.trickWait.": ["time", "click"],
    "setting.rule.": [
        "all_pass",
        "kontra",
        "supra",
        "lost_hand_single",
        "spitze",
        "durchmarsch",
        "ramsch_skat",
        "score_list",
    ],
    "rule.all_pass.": ["new_deal", "ramsch", "schieberamsch"],
    "rule.kontra.": ["off", "on", "bidders_only"],
    "rule.ramsch_skat.": ["last_trick", "loser"],
    "rule.score_list.": ["seeger_fabian", "simple"],
    "marker.": [
        "passed",
        "hand",
        "schneider",
        "schwarz",
        "schneider_announced",
        "schwarz_announced",
        "kontra",
        "re",
        "supra",
        "overbid",
        "pushed.1",
        "pushed.2",
        "pushed.3",
        "jungfrau",
        "jungfrau.2",
        "durchmarsch",
    ],
    "help.": [f"{n}.{part}" for n in range(1, 5) for part in ("title", "body")],
    "error.": ["generic", "network", "bad_record", "illegal_action"],
}
# The plural forms every count text has (Intl.PluralRules: "one" and "other" cover en, de, zh, sv).
PLURAL_FORMS = ("one", "other")
PLURAL_SUFFIXES = tuple("." + form for form in PLURAL_FORMS)
# Step codes the result panel folds into the value line instead of showing them one by one.
FOLDED_STEPS = {"base_value", "multiplier", "score", "game_value", "null_value", "overbid"}
FOLDED_STEPS |= {"raised_value"}
LEVELS = ["game", "hand", "schneider", "schneider_announced", "schwarz", "schwarz_announced"]
STEP_CODES = sorted(
    set(re.findall(r'Step\(\s*"([a-z_]+)"', Path(scoring.__file__).read_text(encoding="utf-8")))
    | set(scoring.KONTRA_CODES)
    | {*LEVELS, "ouvert", "matadors_with", "matadors_without"}
)


def test_the_client_offers_english_german_chinese_and_swedish() -> None:
    assert LANGUAGES == ["en", "de", "zh", "sv"]


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_language_names_its_own_tag_for_intl_formats(code: str) -> None:
    assert TABLES[code]["lang.tag"] == code


# The minus sign each language's number format writes (CLDR, as Chromium's Intl.NumberFormat
# gives it): the sheet and the result panel format their scores so, and the texts match them.
MINUS = {"en": "-", "de": "-", "zh": "-", "sv": "\u2212"}


@pytest.mark.parametrize("code", LANGUAGES)
def test_negative_numbers_in_the_texts_have_the_sign_the_scores_are_written_with(code: str) -> None:
    signs = {
        (key, match.group())
        for key, text in TABLES[code].items()
        for match in re.finditer(r"(?<![\w.])[-\u2212](?=\d)", text)
    }
    assert signs, "no negative number found: the pattern is wrong"
    assert {key for key, sign in signs if sign != MINUS[code]} == set()


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_text_is_filled_in(code: str) -> None:
    empty = sorted(k for k, v in TABLES[code].items() if not v.strip())
    assert not empty


@pytest.mark.parametrize("code", ["de", "zh", "sv"])
def test_the_rules_help_is_written_in_each_language_not_copied(code: str) -> None:
    for key in [k for k in TABLES["en"] if k.startswith("help.") and k.endswith(".body")]:
        assert TABLES[code][key] != TABLES["en"][key], key


# The Skat terms the players of each language use in the German form (seeds 000, 001, 002).
GERMAN_TERMS = {
    "de": ["Hand", "Schneider", "Schwarz", "Kontra", "Re", "Ramsch", "Grand", "Null"],
    "zh": ["Hand", "Schneider", "Schwarz", "Kontra", "Re", "Ramsch", "Grand", "Null"],
    "sv": ["Hand", "Schneider", "Schwarz", "Kontra", "Re", "Ramsch", "Grand", "Null", "Unter"],
}


@pytest.mark.parametrize(("code", "term"), [(c, t) for c, ts in GERMAN_TERMS.items() for t in ts])
def test_each_language_keeps_the_german_skat_terms_its_players_use(code: str, term: str) -> None:
    assert any(re.search(rf"\b{term}\b", text) for text in TABLES[code].values()), term


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_german_deck_is_named_unter_ober_koenig_daus(code: str) -> None:
    names = [TABLES[code][f"rank.name.german.{r}"] for r in "JQKA"]
    assert names == ["Unter", "Ober", "König", "Daus"]


@pytest.mark.parametrize("code", LANGUAGES[1:])
def test_every_language_has_exactly_the_english_keys(code: str) -> None:
    assert set(TABLES[code]) == set(TABLES["en"])


@pytest.mark.parametrize("code", LANGUAGES)
def test_placeholders_match_the_english_text(code: str) -> None:
    for key, text in TABLES[code].items():
        assert set(re.findall(r"\{(\w+)\}", text)) == set(
            re.findall(r"\{(\w+)\}", TABLES["en"][key])
        ), key


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_every_literal_key_the_client_uses_exists(name: str) -> None:
    used = set(re.findall(r'\bt\(\s*"([^"]+)"', SOURCES[name]))
    missing = sorted(k for k in used if k not in TABLES["en"] and not k.endswith("."))
    assert not missing


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_every_count_the_client_writes_has_a_singular_and_a_plural(name: str) -> None:
    used = set(re.findall(r'\btn\(\s*"([^"]+)"', SOURCES[name]))
    forms = sorted(f"{k}.{form}" for k in used for form in PLURAL_FORMS)
    assert not [k for k in forms if k not in TABLES["en"]]
    assert not [k for k in used if k in TABLES["en"]], "a count text without plural forms"


@pytest.mark.parametrize("code", LANGUAGES)
def test_plural_texts_come_in_pairs(code: str) -> None:
    bases = {k.rsplit(".", 1)[0] for k in TABLES[code] if k.endswith(PLURAL_SUFFIXES)}
    assert bases, "no plural texts"
    for base in bases:
        assert all(f"{base}.{form}" in TABLES[code] for form in PLURAL_FORMS), base


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_count_text_is_written_in_the_plural_for_every_number(code: str) -> None:
    # "{n} deals" / "{n} Spiele" alone reads "1 deals": counts go through tn() and plural forms.
    counts = re.compile(r"\{n\} (deals|games|tricks|Spiele|Spielen|Stiche|givar|stick)\b")
    bad = sorted(
        k for k, v in TABLES[code].items() if counts.search(v) and not k.endswith(".other")
    )
    assert not bad


@pytest.mark.parametrize(("prefix", "values"), sorted(DYNAMIC.items()))
def test_every_built_key_exists(prefix: str, values: list[str]) -> None:
    missing = [prefix + v for v in values if prefix + v not in TABLES["en"]]
    assert not missing


@pytest.mark.parametrize("code", [c for c in STEP_CODES if c not in FOLDED_STEPS])
def test_every_scoring_step_has_a_sentence(code: str) -> None:
    assert f"step.{code}" in TABLES["en"]


@pytest.mark.parametrize("markup", ["index.html"])
def test_the_markup_holds_no_visible_text(markup: str) -> None:
    html = (STATIC / markup).read_text(encoding="utf-8")
    body = re.sub(r"<[^>]+>", "", html)
    assert body.strip() == ""
