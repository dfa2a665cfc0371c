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
    "seat.": ["forehand", "middlehand", "rearhand"],
    "rank.": list("AKQJT987"),
    "rank.name.": list("AKQJT987"),
    "suit.name.": list("CSHDT"),
    "game.": list("CSHDGN"),
    "option.": ["hand", "schneider", "schwarz", "ouvert"],
    "language.": LANGUAGES,
}
# Step codes the result panel folds into the value line instead of showing them one by one.
FOLDED_STEPS = {"base_value", "multiplier", "score", "game_value", "null_value", "overbid"}
FOLDED_STEPS |= {"raised_value"}
LEVELS = ["game", "hand", "schneider", "schneider_announced", "schwarz", "schwarz_announced"]
STEP_CODES = sorted(
    set(re.findall(r'Step\(\s*"([a-z_]+)"', Path(scoring.__file__).read_text(encoding="utf-8")))
    | set(scoring.KONTRA_CODES)
    | {*LEVELS, "ouvert", "matadors_with", "matadors_without"}
)


def test_the_client_offers_english_and_german() -> None:
    assert LANGUAGES[:2] == ["en", "de"]


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
