"""The web client's strings: every language has every key, and every key the client asks for exists.

The client (``skat/server/static/js``) takes all visible text from the locale files
``static/locales/<code>.json`` (one flat JSON object of key → text per language) through
``i18n.js``; this test reads those files and the keys the modules write (``t("...")`` calls and
the prefixes they build keys from), so a missing translation, a typo in a key or a text no module
asks for fails here instead of showing a raw key in the browser. It also holds each language to
its own Skat terms (issue 31), and, in a real Chromium (tests marked ``browser``), the rules help
to the chosen deck's card names and to every rule option of the settings.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from skat import ramsch, scoring
from skat.analysis import review
from skat.options import OPTION_ENUMS, RULES

STATIC = Path(scoring.__file__).parent / "server" / "static"
JS = STATIC / "js"
LOCALES = STATIC / "locales"
I18N = (JS / "i18n.js").read_text(encoding="utf-8")
SOURCES = {p.relative_to(JS).as_posix(): p.read_text(encoding="utf-8") for p in JS.rglob("*.js")}
LANGUAGES = re.findall(r'"(\w\w)"', re.search(r"LANGUAGES = \[([^\]]*)\]", I18N).group(1))  # type: ignore[union-attr]


def _pairs(code: str) -> list[tuple[str, Any]]:
    """The key/text pairs of a locale file as written, each in its place (a key twice: twice)."""
    text = (LOCALES / f"{code}.json").read_text(encoding="utf-8")
    pairs: list[tuple[str, Any]] = json.loads(text, object_pairs_hook=lambda p: p)
    return pairs


TABLES: dict[str, dict[str, str]] = {
    code: json.loads((LOCALES / f"{code}.json").read_text(encoding="utf-8")) for code in LANGUAGES
}

# Keys the client builds from a prefix and a value: prefix → the values it can take.
DYNAMIC = {
    "player.": ["bottom", "left", "right"],
    "player.label.": ["bottom", "left", "right"],  # names.js playerLabel, seatLabel
    "info.pushed.": ["1", "2", "3"],  # Schieberamsch: each seat may push the skat on once
    "seat.": ["forehand", "middlehand", "rearhand"],
    "rank.": list("AKQJT987"),
    "rank.name.": list("AKQJT987"),
    # names.js cardIn: a card's name inside a sentence, in the case the sentence needs
    **{f"card.{case}.": list("AKQJT987") for case in ("acc", "dat", "gen")},
    "suit.name.": list("CSHDT"),
    "game.": list("CSHDGNRX"),
    "option.": ["hand", "schneider", "schwarz", "ouvert", "revolution"],
    "language.": LANGUAGES,
    "rank.german.": list("AKQJT987"),
    "rank.name.german.": list("AKQJT987"),
    "suit.name.german.": list("CSHD"),
    "game.german.": list("CSHD"),
    "deck.": ["french", "german", "fourcolour"],
    "bubble.declined.": ["K", "R", "SU"],  # names.js callText: the call a decline turns down
    # declaration.js: what still saves a Hand game the skat can overbid (Prospect.lowest_reach)
    "declare.skatOverbid.": ["schneider", "schwarz", "none"],
    "player.level.": ["auto", "heuristic", "strong"],
    "setting.": [
        *["lang", "deck", "sort", "player", "trickWait", "trickMs", "seriesLength", "on", "off"],
        *["cardMs", "callMs"],  # named when a stored one is set back (store.js checkSettings)
    ],
    "setting.sort.": ["alternate", "suits"],
    "setting.trickWait.": ["time", "click"],
    # the rule options and their values come from the server (GET /api/options): each has a label
    "setting.rule.": [r.name for r in RULES],
    **{f"rule.{name}.": [m.value for m in enum] for name, enum in OPTION_ENUMS.items()},
    # sheet.js dealDamage, and tally: a Bock mark the server refused and the rows after it
    "sheet.damaged.": ["shape", "seat", "scores", "record", "result", "bock", "after_bock"],
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
        "bock",  # a Bock deal, and a Bockramsch deal (sheet.js markers)
        "bockramsch",
    ],
    "help.": [f"{n}.{part}" for n in range(1, 5) for part in ("title", "body")],
    "help.rule.": [r.name for r in RULES],  # the rules help: one text per rule option
    "error.": ["generic", "network", "bad_record", "illegal_action", "claim_fails"],
    # the calls and actions the client labels by their record tokens (skat.state): hold, pass,
    # pick up the skat, concede, Kontra, Re, Supra, decline (app.js actionLabel)
    "action.": ["y", "p", "s", "RE", "K", "R", "SU", "-", "CL", "CD"],
    "claim.ask.": ["rest", "null", "defenders"],  # play.js: the question before a claim
    "sheet.": ["no", "dealer", "declarer", "bid", "game", "value", "markers"],  # its columns
    # reviewwords.js: a reviewed decision's mark, and the kinds its costs are summed by
    "judge.mark.": [*review.MARKS, "forced", "unjudged"],
    "judge.kind.": list(review.KINDS),
}
# Endings the client adds to a key it asks for (beside DYNAMIC's prefixes and "step." + each code
# of the scoring steps, STEP_CODES): a key that is another key with one of these is asked for too.
BUILT_SUFFIXES = {
    ".german": "i18n.js t(): the text's twin for the German deck",
    ".one": "i18n.js tn(): the plural form Intl.PluralRules names for the count",
    ".other": "i18n.js tn(): likewise",
    "_you": "app.js stepText: a scoring step said to the person (für dich, du hast)",
    "_by": "app.js stepText: a push of the skat naming its seat",
}
# The plural forms every count text has (Intl.PluralRules: "one" and "other" cover en, de, zh, sv).
PLURAL_FORMS = ("one", "other")
PLURAL_SUFFIXES = tuple("." + form for form in PLURAL_FORMS)
# Step codes the result panel folds into the value line instead of showing them one by one.
FOLDED_STEPS = {"base_value", "multiplier", "score", "game_value", "null_value", "overbid"}
FOLDED_STEPS |= {"raised_value"}
LEVELS = ["game", "hand", "schneider", "schneider_announced", "schwarz", "schwarz_announced"]
STEP_CODES = sorted(
    {
        code
        for source in (scoring.__file__, ramsch.__file__)
        for code in re.findall(r'Step\(\s*"([a-z_]+)"', Path(str(source)).read_text("utf-8"))
    }
    | set(scoring.KONTRA_CODES)
    | set(scoring.OUTCOME_CODES)
    | set(scoring.CLAIM_CODES)
    | {*LEVELS, "ouvert", "matadors_with", "matadors_without"}
)


def test_the_client_offers_english_german_chinese_and_swedish() -> None:
    assert LANGUAGES == ["en", "de", "zh", "sv"]


def test_there_is_one_locale_file_for_each_language_the_client_offers() -> None:
    assert sorted(p.name for p in LOCALES.iterdir()) == sorted(f"{c}.json" for c in LANGUAGES)


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_locale_file_is_one_object_of_texts_each_key_once(code: str) -> None:
    pairs = _pairs(code)
    assert [k for k, v in pairs if not isinstance(v, str)] == []
    keys = [k for k, _ in pairs]
    assert sorted({k for k in keys if keys.count(k) > 1}) == []


@pytest.mark.parametrize("code", LANGUAGES[1:])
def test_every_locale_file_lists_the_keys_in_the_english_order(code: str) -> None:
    # one key on one line in every file: the files compare line by line
    assert list(TABLES[code]) == list(TABLES["en"])


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


# The German deck's Unter, Ober, King and Ace by each language's name (issue 51: English says
# Deuce and King, as English texts on German-suited cards do; the others keep the German names).
GERMAN_DECK_RANKS = {
    "en": ["Unter", "Ober", "King", "Deuce"],
    "de": ["Unter", "Ober", "König", "Daus"],
    "zh": ["Unter", "Ober", "König", "Daus"],
    "sv": ["Unter", "Ober", "König", "Daus"],
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_german_deck_is_named_unter_ober_king_and_deuce_or_daus(code: str) -> None:
    names = [TABLES[code][f"rank.name.german.{r}"] for r in "JQKA"]
    assert names == GERMAN_DECK_RANKS[code]
    # the letter in a card's corner is its name's first letter: D for Deuce or Daus, O, U, K
    letters = [TABLES[code][f"rank.german.{r}"] for r in "JQKA"]
    assert letters == [name[0] for name in names]


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


def _written() -> set[str]:
    """Every string the client's modules write: quoted ones and the fixed parts of templates."""
    written: set[str] = set()
    for source in SOURCES.values():
        written |= set(re.findall(r'"((?:[^"\\\n]|\\.)*)"', source))
        written |= set(re.findall(r"'((?:[^'\\\n]|\\.)*)'", source))
        for template in re.findall(r"`((?:[^`\\]|\\.)*)`", source, re.S):
            written |= set(re.split(r"\$\{[^}]*\}", template))
    return written


WRITTEN = _written()


@pytest.mark.parametrize("prefix", sorted(DYNAMIC))
def test_every_prefix_keys_are_built_from_is_written_in_a_module(prefix: str) -> None:
    # a prefix is written as it stands ("rank.name." + ...), or its start is and the rest is
    # built too ("rule." + name + "." + value; "rank.name." + "german." + rank)
    starts = [w for w in WRITTEN if w.endswith(".") and prefix.startswith(w)]
    assert starts, f"no module builds keys from {prefix!r}: drop it from DYNAMIC"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_key_is_asked_for_by_a_module(code: str) -> None:
    """A key is asked for when a module writes it, builds it (DYNAMIC, the scoring steps) or
    adds one of BUILT_SUFFIXES to a key asked for: the rest are texts nobody sees."""
    asked = set(WRITTEN)  # tn("sheet.progressOpen", n) asks for a key without its plural form
    asked |= {prefix + value for prefix, values in DYNAMIC.items() for value in values}
    asked |= {f"step.{step}" for step in STEP_CODES}

    def is_asked(key: str) -> bool:
        return key in asked or any(
            key.endswith(end) and is_asked(key.removesuffix(end)) for end in BUILT_SUFFIXES
        )

    assert sorted(key for key in TABLES[code] if not is_asked(key)) == []


@pytest.mark.parametrize("code", [c for c in STEP_CODES if c not in FOLDED_STEPS])
def test_every_scoring_step_has_a_sentence(code: str) -> None:
    assert f"step.{code}" in TABLES["en"]


@pytest.mark.parametrize("markup", ["index.html"])
def test_the_markup_holds_no_visible_text(markup: str) -> None:
    html = (STATIC / markup).read_text(encoding="utf-8")
    body = re.sub(r"<[^>]+>", "", html)
    assert body.strip() == ""


# ---- terms (issue 31): each language's own words, one word for one thing ----------------------


def _texts(code: str, pattern: str) -> list[str]:
    """The keys of ``code`` whose text matches ``pattern`` (a regular expression)."""
    return sorted(k for k, v in TABLES[code].items() if re.search(pattern, v))


def test_the_german_seat_draw_is_an_auslosung_not_a_platzwahl() -> None:
    assert _texts("de", "Platzwahl") == []
    assert "Auslosung" in TABLES["de"]["draw.text"]


def test_chinese_calls_conceding_touxiang_as_the_seed_does() -> None:
    assert _texts("zh", "认输") == []
    for key in ("action.RE", "concede.ask", "step.conceded", "result.conceded"):
        assert "投降" in TABLES["zh"][key], key


def test_chinese_value_explanations_leave_no_german_spiel_and_read_smoothly() -> None:
    assert _texts("zh", r"\bSpiel\b") == []
    assert _texts("zh", "不加达成分") == []


def test_swedish_declares_a_game_with_vaelj_spel_and_tillaegg_not_meddela() -> None:
    assert _texts("sv", "(?i)meddela") == []
    assert TABLES["sv"]["declare.title"].startswith("Välj")
    assert TABLES["sv"]["declare.options"] == "Tillägg"


def test_swedish_picks_up_the_skaten_and_writes_skat_in_one_form() -> None:
    # issue 51: "Tar upp Skat" reads as a name; the two cards are "skat", definite "skaten" (as
    # the Swedish Skat textbook writes; "skatten" is "the tax") and one verb: ta upp skaten
    assert TABLES["sv"]["bubble.skat"] == "Tar upp skaten"
    assert TABLES["sv"]["skat.pickUp"] == "Ta upp skaten"
    assert _texts("sv", r"(?i)\bskatten\b") == []
    assert _texts("sv", r"(?i)\bta(r)? (upp )?Skat\b") == []
    # capital Skat is the game's name (and the label on the two cards), not the cards in a sentence
    assert _texts("sv", r"\bSkat\b") == ["app.title", "table.skat"]
    assert _texts("sv", r"Skat-kort") == []
    assert "bjudet" not in TABLES["sv"]["bid.hintAnswer"]


def test_chinese_names_the_score_sheet_jifenbiao_in_one_form() -> None:
    # the menu, the panel and the notices say 计分表; 记分表 beside it reads as another thing
    assert _texts("zh", "记分表") == []
    assert TABLES["zh"]["menu.sheet"] == "计分表"


# ---- words (issue 51 point 10): read as a Skat player of each language reads them -------------


def _fill(code: str, key: str, **values: str) -> str:
    """The text of ``key`` with its placeholders filled in, as i18n.js t() fills them."""
    return re.sub(r"\{(\w+)\}", lambda m: values.get(m.group(1), m.group(0)), TABLES[code][key])


def test_german_calls_the_other_players_spieler_links_and_rechts_not_a_direction() -> None:
    # "beim Anspruch von Rechts", "Links spielte Kreuz": a bare Links or Rechts reads as "on the
    # left", not as a player; "Spieler links" is a name in every case a sentence needs
    left, right = TABLES["de"]["player.left"], TABLES["de"]["player.right"]
    assert (left, right) == ("Spieler links", "Spieler rechts")
    # a column or a label keeps the short form, where a sentence's would not fit a phone
    assert [TABLES["de"][f"player.label.{p}"] for p in ("bottom", "left", "right")] == [
        "Du",
        "Links",
        "Rechts",
    ]
    assert _fill("de", "claim.hands", name=right) == "Die Karten beim Anspruch von Spieler rechts:"
    result = _fill("de", "result.game", name=left, game="Kreuz", bid="18")
    assert result == "Spieler links spielte Kreuz, gereizt bis 18."
    # the help's Ramsch example names them as the table does
    for key in ("help.rule.all_pass", "help.rule.all_pass.german"):
        assert not re.search(r"\b(Links|Rechts)\b", TABLES["de"][key]), key
        assert "Spieler rechts keinen Stich" in TABLES["de"][key], key


@pytest.mark.parametrize(("code", "wrong"), [("de", r"\bDu sticht\b"), ("en", r"\bYou takes\b")])
def test_a_trick_the_person_takes_is_said_in_grammar(code: str, wrong: str) -> None:
    # speech.js trickText names the person "Du"/"You" when the trick is theirs
    you = TABLES[code]["player.bottom"]
    for form in ("announce.trick.one", "announce.trick.other"):
        said = _fill(code, form, name=you, cards="♣A, ♠7, ♥10", points="21")
        assert not re.search(wrong, said), said
        assert you in said, said


def test_english_names_the_german_deck_in_english_not_in_german() -> None:
    # issue 51: English texts mixed Daus and König in; English says Deuce, King, Ober, Unter
    german = r"\b(Daus|König|Dame|Bube|Ass|Eichel|Grün|Schellen)\b"
    assert _texts("en", german) == []
    deuce, king = TABLES["en"]["rank.name.german.A"], TABLES["en"]["rank.name.german.K"]
    for key in ("help.3.body.german", "help.4.body.german", "help.rule.spitze.german"):
        text = TABLES["en"][key].casefold()
        assert deuce.casefold() in text, key
        assert king.casefold() in text, key


def test_chinese_names_the_declared_game_wanfa_not_youxi() -> None:
    # issue 51: "游戏：" above the table reads as "video game:"; the game a declarer chooses is
    # his 玩法 (the word the statistics use for a kind of game)
    assert _texts("zh", "游戏：") == []
    for key in ("info.game", "declare.game", "sheet.game", "replay.game", "analysis.choice.game"):
        assert "玩法" in TABLES["zh"][key], key
    assert "玩法" in TABLES["zh"]["stats.typesTitle"]
    choosing = [k for k in TABLES["zh"] if k.startswith(("declare.", "analysis.choice."))]
    assert [k for k in choosing if "游戏" in TABLES["zh"][k]] == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_line_of_play_says_who_plays_which_card(code: str) -> None:
    # "Spieler links Kreuz-Ass, Du Pik-Zehn" is two names in a row: a word joins name and card
    # (table.js: the line that beats a claim; the seat draw), for the person's name too
    for key in ("claim.lineCard", "draw.card"):
        text = TABLES[code][key]
        assert not re.fullmatch(r"\{name\}\s*\{card\}", text), (key, text)


@pytest.mark.parametrize("code", ["en", "sv"])
def test_the_declarer_label_in_the_top_bar_is_capitalised_as_its_neighbours(code: str) -> None:
    # it starts the line while no game is declared yet (topbar.js), beside "Bid"/"Bud"
    assert TABLES[code]["info.declarer"][0].isupper()
    assert TABLES[code]["info.bid"][0].isupper()


def test_english_says_the_skat_for_the_two_cards_and_names_the_rules_as_settings() -> None:
    # "Skat in Ramsch goes to" reads as the game's name; the cards are "the skat" everywhere else
    assert _texts("en", r"^Skat [a-z]") == []
    # a rule's label says when it applies, as its German and Swedish twins do
    assert TABLES["en"]["setting.rule.all_pass"] == "When all pass"


def test_chinese_value_line_writes_a_level_as_the_help_examples_do() -> None:
    # "带2，游戏3，Hand 4": no space between a Chinese word and its number, one before a Latin one
    for code in [*LEVELS, "ouvert", "matadors_with", "matadors_without"]:
        text = TABLES["zh"][f"step.{code}"]
        assert not re.search(r"[\u4e00-\u9fff] \{value\}", text), code
        assert not re.search(r"[A-Za-z]\{value\}", text), code
    assert "游戏3" in TABLES["zh"]["help.example.value"]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_bidding_history_button_is_not_named_as_the_bid_button(code: str) -> None:
    # both stand on the table while the person bids: one opens the calls, the other bids
    assert TABLES[code]["calls.title"].casefold() != TABLES[code]["bid.jumpGo"].casefold()


# The names of each deck's cards and suits in each language. A text for the French deck (and the
# four-colour deck, which names its cards so) must not use the German deck's names, and a text
# for the German deck (a twin `<key>.german`, or a `.german.` key) not the French deck's.
GERMAN_DECK_WORDS = {
    "en": r"\b(Unters?|Obers?|Deuces?|Acorns|Leaves|Bells)\b",
    "de": r"\b(Unter|Ober|Daus|Eichel|Grün|Schellen)\b",
    "zh": r"Unter|Ober|Daus|König|橡子|叶子|铃铛|Eichel|Grün|Schellen",
    "sv": r"\b(Unter|Ober|Daus|König|Ekollon|Blad|Klockor)\b",
}
FRENCH_DECK_WORDS = {
    "en": r"[♣♠♥♦]|(?i:\b(jacks?|queens?|aces?|clubs|spades|diamonds)\b)",  # a King is in both
    "de": r"[♣♠♥♦]|\b(Buben?|Dame|Ass|Kreuz|Pik|Karo)\b",
    "zh": r"[♣♠♥♦]|梅花|黑桃|方块|(?<![A-Za-zÀ-ÿ])[JQA](?![A-Za-zÀ-ÿ])",  # K: König's letter too
    "sv": r"[♣♠♥♦]|(?i:\b(knekt\w*|dam|kung|ess|klöver\w*|spader\w*|ruter\w*)\b)",
}


def _for_german_deck(key: str) -> bool:
    return key.endswith(".german") or ".german." in key or key == "deck.german"


@pytest.mark.parametrize("code", LANGUAGES)
def test_texts_for_the_french_deck_use_no_german_card_names(code: str) -> None:
    french = {k: v for k, v in TABLES[code].items() if not _for_german_deck(k)}
    named = sorted(k for k, v in french.items() if re.search(GERMAN_DECK_WORDS[code], v))
    assert named == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_texts_for_the_german_deck_use_no_french_card_names(code: str) -> None:
    german = {k: v for k, v in TABLES[code].items() if _for_german_deck(k)}
    assert len(german) > 30
    named = sorted(k for k, v in german.items() if re.search(FRENCH_DECK_WORDS[code], v))
    assert named == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_german_deck_twin_has_the_text_it_stands_for(code: str) -> None:
    twins = [k for k in TABLES[code] if k.endswith(".german") and k != "deck.german"]
    assert "help.3.body.german" in twins
    assert [k for k in twins if k.removesuffix(".german") not in TABLES[code]] == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_text_with_suit_signs_has_a_german_deck_twin(code: str) -> None:
    # ♣ ♠ ♥ ♦ are the French deck's: with the German deck the text names Eichel, Grün, Herz,
    # Schellen (e.g. the sorting setting's "in the order ♣ ♠ ♥ ♦")
    signed = [k for k, v in TABLES[code].items() if re.search("[♣♠♥♦]", v)]
    assert "setting.sort.suits" in signed
    bare = [k for k in signed if not _for_german_deck(k) and k != "deck.french"]
    assert [k for k in bare if f"{k}.german" not in TABLES[code]] == []


# The store's notices are said one after another in one line (notices.js withPart): each ends
# its sentence, or "…under: skat.damaged…series Some stored settings…" runs on.
JOINED_NOTICES = ["setAside", "notSetAside", "saveFailed", "savedAgain", "otherTab"]
JOINED_NOTICES += ["otherTabRefused", "settingsReset", "settingsUnknown", "damagedRows"]
JOINED_NOTICES += ["roomTaken", "noRoomToMake"]
JOINED_NOTICES += ["damagedArchive.one", "damagedArchive.other", "notSent", "nothingToDelete"]


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_store_notice_said_with_others_ends_its_sentence(code: str) -> None:
    texts = {k: TABLES[code][f"store.{k}"] for k in JOINED_NOTICES}
    assert [k for k, v in texts.items() if not v.endswith((".", "。"))] == []


# ---- the rules help explains every rule option the settings offer (issue 31, item 14) --------


def _settings_rules() -> list[tuple[str, list[str]]]:
    """The rule options the settings offer, as the server names them (``GET /api/options``),
    with each enum option's choices."""
    from skat.server.game import options_spec

    return [(o["name"], [v for v in o["values"] if isinstance(v, str)]) for o in options_spec()]


SETTINGS_RULES = _settings_rules()

BOCK_EVENTS = [r.name for r in RULES if r.name.startswith("bock_")]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_settings_say_what_each_bock_event_does_and_how_many_bock_deals_wait(code: str) -> None:
    # issue 51, point 7: each event's select has its name and, under it, what it does (the
    # rules help's text, settings.js); the Bock rule's, how many Bock deals are queued
    table, english = TABLES[code], TABLES["en"]
    assert len(BOCK_EVENTS) == 10
    for name in BOCK_EVENTS:
        for key in (f"setting.rule.{name}", f"help.rule.{name}"):
            assert table.get(key, "").strip(), f"{code}: {key}"
            assert code == "en" or table[key] != english[key], f"{code}: {key} not translated"
    for key in ("sheet.bockRemaining", "sheet.bockramschRemaining"):
        assert "{n}" in table.get(key, ""), f"{code}: {key}"
    assert '"help.rule." + r.key' in SOURCES["settings.js"]
    assert re.search(r"\bbockQueue\(", SOURCES["settings.js"])
    # the multiple of 100 says why it is off by default: the Seeger-Fabian list's round totals
    assert "Seeger-Fabian" in table["help.rule.bock_n00"]


def test_the_settings_take_the_rule_options_from_the_server_and_keep_no_list_of_their_own() -> None:
    """The settings panel and the rules help offer the options the server names: the client's
    list (the state's ``rules``) starts empty and is filled from ``/api/options``, so no option
    can be left out."""
    assert re.search(r"\brules: \[\],", SOURCES["state.js"])
    assert "/api/options" in SOURCES["api.js"]
    assert re.search(r"const rules = spec\.map\(", SOURCES["settings.js"])
    assert re.search(r"serverTold\(\{ rules\b", SOURCES["settings.js"])
    assert [key for key, _ in SETTINGS_RULES] == [r.name for r in RULES]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize(("key", "values"), SETTINGS_RULES)
def test_the_rules_help_explains_each_option_with_its_choices(
    code: str, key: str, values: list[str]
) -> None:
    keys = (f"help.rule.{key}", f"help.rule.{key}.german")
    texts = [v for k, v in TABLES[code].items() if k in keys]
    assert texts, f"help.rule.{key}"
    for text in texts:
        for value in values:  # the enum choices by the names the settings give them
            assert TABLES[code][f"rule.{key}.{value}"].casefold() in text.casefold(), value


# ---- in the browser: the rules help as a person opens it (Debian's /usr/bin/chromium) ----------
# In every language and with every deck the help names the cards and suits as the chosen deck does
# (also after the deck is changed in the settings), and it explains every rule option under the
# name the settings give it. Screenshots of the whole help panel in each language, with the French
# and the German deck, at 1280×800 and 390×844 go to tests/screenshots/ (git-ignored).

SHOTS = Path(__file__).resolve().parents[1] / "screenshots"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
DECKS = ["french", "german", "fourcolour"]
# The word for a jack in the help of each language, by the deck's names.
JACK = {
    "french": {"en": "jack", "de": "Bube", "zh": "J", "sv": "knekt"},
    "german": {"en": "Unter", "de": "Unter", "zh": "Unter", "sv": "Unter"},
}


@pytest.fixture
def open_help(seeded_page: Any, server: Any) -> Any:
    """Opens the table with ``settings`` at a window size and the rules help from the menu."""

    def _open(size: str = "desktop", **settings: Any) -> Any:
        store = {
            "schema": 2,
            "settings": {"player": "heuristic", **settings},
            "current": None,
            "series": None,
            "archive": [],
        }
        page = seeded_page(*SIZES[size], "skat.store", store)
        page.goto(server.url)
        page.wait_for_selector("#table[data-busy='0']", timeout=30_000)
        return page

    return _open


def _show_help(page: Any) -> str:
    """Opens the rules help from the menu; its text (the sections, not the notice above them)."""
    page.click("[data-ui=open-help]")
    page.wait_for_selector("[data-panel=help] .help-section")
    text: str = page.evaluate(
        "() => [...document.querySelectorAll('[data-panel=help] :is(.help-section, .help-rules)')]"
        ".map((s) => s.innerText).join('\\n')"
    )
    return text


@pytest.mark.browser
@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_help_names_the_cards_as_the_chosen_deck_does(
    open_help: Any, lang: str, deck: str
) -> None:
    page = open_help(lang=lang, deck=deck)
    text = _show_help(page)
    naming = "german" if deck == "german" else "french"
    other = FRENCH_DECK_WORDS if naming == "german" else GERMAN_DECK_WORDS
    assert JACK[naming][lang] in text
    assert re.findall(other[lang], text) == []
    assert page.errors == []


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_help_explains_every_rule_option_under_its_settings_name(
    open_help: Any, lang: str
) -> None:
    page = open_help(lang=lang, deck="french")
    _show_help(page)
    for key, _ in SETTINGS_RULES:
        term = page.locator(f"[data-panel=help] dt[data-help-rule='{key}']")
        assert term.count() == 1, key
        assert term.inner_text() == TABLES[lang][f"setting.rule.{key}"], key
        # the explanation is the description next to it
        described = term.evaluate("dt => dt.nextElementSibling.innerText")
        assert TABLES[lang][f"help.rule.{key}"].split("\n")[0] in described, key
    # the settings panel names the options the same way
    page.click("[data-ui=close-panel]")
    page.click("[data-ui=open-settings]")
    for key, _ in SETTINGS_RULES:
        label = page.locator(f"label.setting:has(select[data-setting='rule.{key}']) > span")
        assert label.inner_text().startswith(TABLES[lang][f"setting.rule.{key}"]), key


@pytest.mark.browser
def test_changing_the_deck_in_the_settings_changes_the_names_in_the_help(open_help: Any) -> None:
    page = open_help(lang="sv", deck="french")
    assert "knekt" in _show_help(page)
    for deck, jack, absent in (("german", "Unter", "knekt"), ("fourcolour", "knekt", "Unter")):
        page.click("[data-ui=close-panel]")
        page.click("[data-ui=open-settings]")
        page.select_option("select[data-setting=deck]", deck)
        page.click("[data-ui=close-panel]")
        text = _show_help(page)
        assert jack in text, deck
        assert absent not in text, deck
    assert page.errors == []


@pytest.mark.browser
@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_help_fits_and_is_photographed(open_help: Any, lang: str, size: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for deck in ("french", "german"):
        page = open_help(size=size, lang=lang, deck=deck)
        _show_help(page)
        # nothing in the help is wider than its panel
        wide = page.evaluate(
            "() => { const p = document.querySelector('[data-panel=help]').getBoundingClientRect();"
            " return [...document.querySelectorAll('[data-panel=help] *')]"
            ".filter((e) => e.getBoundingClientRect().right > p.right + 1).length; }"
        )
        assert wide == 0
        # the panel scrolls in its overlay: one picture of the window per screenful
        overlay = page.locator(".overlay.side")
        height = overlay.evaluate("o => o.clientHeight")
        for n in range(30):
            scroll = f"o => {{ o.scrollTop = {n * (height - 40)}; return o.scrollTop; }}"
            top = overlay.evaluate(scroll)
            page.screenshot(path=str(SHOTS / f"help-{lang}-{deck}-{size}-{n}.png"))
            if top + height >= overlay.evaluate("o => o.scrollHeight"):
                break
        assert page.errors == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_spitze_help_does_not_call_its_order_grands_reversed(code: str) -> None:
    """In Sächsische Spitze every suit runs 7 8 9 10 Q K A (skat.rules): that is not Grand's
    order A 10 K Q 9 8 7 reversed, so the help may not say so."""
    for key in ("help.rule.spitze", "help.rule.spitze.german"):
        text = TABLES[code][key]
        assert not re.search(r"reversed|umgekehrt|相反|omvänd", text), (code, key)


# ---- in the browser: the texts are there before the first render ------------------------------
# i18n.js fetches the locale files and finishes only when they are in (top-level await), so no
# module that imports it draws anything before then. The page records every text and label it is
# ever given (a MutationObserver from before the first script) while the files are held back.

_WATCH_TEXTS = """
window.__texts = [];
new MutationObserver((records) => {
  for (const r of records) {
    if (r.type === "attributes") window.__texts.push(r.target.getAttribute(r.attributeName) ?? "");
    else if (r.type === "characterData") window.__texts.push(r.target.data);
    else for (const n of r.addedNodes) window.__texts.push(n.textContent ?? "");
  }
}).observe(document, {
  subtree: true, childList: true, characterData: true,
  attributes: true, attributeFilter: ["title", "aria-label", "placeholder"],
});
"""


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["zh", "sv"])
def test_no_bare_key_is_shown_while_the_locale_files_come(
    browser: Any, server: Any, lang: str
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    store = {"schema": 2, "settings": {"lang": lang}, "current": None, "series": None}
    store["archive"] = []
    context.add_init_script(f"localStorage.setItem('skat.store', {json.dumps(json.dumps(store))})")
    context.add_init_script(_WATCH_TEXTS)
    held: list[Any] = []
    context.route("**/static/locales/*.json", lambda route: held.append(route))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        page.goto(server.url, wait_until="commit")
        for _ in range(100):
            if len(held) == len(LANGUAGES):
                break
            page.wait_for_timeout(50)
        assert len(held) == len(LANGUAGES)
        page.wait_for_timeout(300)
        before = page.evaluate("document.querySelector('#app').innerHTML")
        for route in held:
            route.continue_()
        page.wait_for_selector("#table[data-busy='0'] [data-card]", timeout=30_000)
        texts: list[str] = page.evaluate("window.__texts")
    finally:
        context.close()
    assert before == ""  # nothing drawn while the texts are on their way
    keys = set(TABLES[lang])
    assert [w for t in texts for w in re.findall(r"[\w.-]+", t) if w in keys] == []
    assert any(TABLES[lang]["deal.next"] in t for t in texts)
    assert errors == []


@pytest.mark.browser
def test_a_locale_file_that_cannot_be_loaded_is_named_and_nothing_is_drawn(
    browser: Any, server: Any
) -> None:
    context = browser.new_context()
    context.route("**/static/locales/zh.json", lambda route: route.fulfill(status=404))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        page.goto(server.url)
        page.wait_for_timeout(500)
        drawn = page.evaluate("document.querySelector('#app').innerHTML")
    finally:
        context.close()
    assert [e for e in errors if "/static/locales/zh.json answered 404" in e] != []
    assert drawn == ""


# ---- the review's words (issue 50): the client words every reason and mark the server sends ----


def _js_list(source: str, name: str) -> list[str]:
    """The strings of ``export const NAME = [...]`` in a client module."""
    found = re.search(rf"export const {name} = \[([^\]]*)\]", source)
    assert found, name
    return re.findall(r'"([^"]+)"', found.group(1))


def test_the_review_words_every_reason_code_of_the_server() -> None:
    assert _js_list(SOURCES["reviewwords.js"], "REASONS") == list(review.REASONS)


def test_the_review_words_every_mark_of_the_server() -> None:
    assert _js_list(SOURCES["reviewwords.js"], "MARKS") == [*review.MARKS, "forced", "unjudged"]


def test_the_review_words_every_kind_of_decision_of_the_server() -> None:
    assert _js_list(SOURCES["reviewwords.js"], "KINDS") == list(review.KINDS)


# ---- the review's texts (issue 50) in each locale's own words --------------------------------

# The review panel, the series' comparison and losses table, and the notices they came with.
REVIEW_TEXTS = ("judge.", "gamereview.", "compare.", "losses.", "declare.leftOut", "sheet.damaged.")


def _review_texts(code: str, pattern: str) -> list[str]:
    """The review's keys of ``code`` whose text matches ``pattern`` (a regular expression)."""
    return [k for k in _texts(code, pattern) if k.startswith(REVIEW_TEXTS)]


@pytest.mark.parametrize(
    ("other", "own"),
    [("叫牌", "叫分"), ("宣布", "声明"), ("分值", "局分"), ("错误", "失误"), ("决定", "决策")],
)
def test_chinese_review_says_the_terms_the_rest_of_the_file_says(other: str, own: str) -> None:
    # the auction is 叫分, a game is declared 声明, its value is 局分 (seed 000), the marks say
    # 失误 and the panel 决策: a second word for one of them reads as another thing
    assert _review_texts("zh", other) == []
    assert _texts("zh", own)


def test_chinese_review_names_bock_as_the_sheet_does() -> None:
    assert "翻倍局" in TABLES["zh"]["deal.bock"]
    for key in ("sheet.damaged.bock", "sheet.damaged.after_bock"):
        assert "翻倍局" in TABLES["zh"][key], key


def test_swedish_review_loses_by_a_mistake_not_by_accident() -> None:
    # "förlorat på misstag" is "lost by accident"; "genom misstag" is by a mistake
    assert _review_texts("sv", r"(?i)på misstag") == []
    assert "genom misstag" in TABLES["sv"]["judge.sum.mistake"]
    # a game is chosen (välj spel), not "meldat" (German melden)
    assert _texts("sv", r"(?i)\bmeld") == []


def test_german_losses_table_says_bewerten_as_the_review_panel_it_sums() -> None:
    assert "bewertung" in TABLES["de"]["gamereview.title"].casefold()
    assert not [k for k in TABLES["de"] if k.startswith("losses.") and "prüf" in TABLES["de"][k]]


@pytest.mark.parametrize(
    ("code", "mixed"), [("en", r"would .* and bids\b"), ("sv", r"skulle .* och bjuder\b")]
)
def test_the_computers_bid_limit_is_said_in_one_tense(code: str, mixed: str) -> None:
    # the review and the hint both say it: "would play Hearts and bid up to its value, 23"
    assert not re.search(mixed, TABLES[code]["hint.why.limit"])


def test_chinese_comparison_says_its_figure_per_deal_is_the_difference() -> None:
    # compare.js perDealText fills in the difference per deal (yours less the computer's), not
    # your score per deal: "你每局+3分" read as the latter; the table's row says 每局差值
    assert TABLES["zh"]["compare.difference"] == "每局差值"
    for key in ("compare.perDeal", "compare.perDealOne"):
        assert TABLES["zh"][key].startswith("每局差值{mean}"), key
