"""The browser computes no rule of its own: it shows what the core decides (issue 30); and its
modules are cut along its panels, none importing ``app.js`` back (their size is a sign to look
at, not a cap to trim to: a module is cut where it does two things).

The server's view carries the decisions the table needs: the legal actions, why each other card
of the hand cannot be played (``card_reasons``), every legal declaration with its figures
(``declarations``: value, matadors, what reaches the bid), the order of the cards
(``card_order``), trick winners and points, the result with its explanation, and which rule
option waits for which (``GET /api/options``, ``idle_when``). This test reads the client's
modules as text (comments left out) and fails on a computation that belongs to the core, so that
none comes back. Each pattern says what it catches and where the browser finds it instead.

``i18n.js`` is left out: it holds the words, among them the rules help's worked examples.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from skat import scoring

JS = Path(scoring.__file__).parent / "server" / "static" / "js"

FORBIDDEN: list[tuple[str, str]] = [
    # following suit (ISkO 2.3): a card tested for being a trump or for its suit decides what may
    # be played; the view's `legal` and `card_reasons` say it
    (r"\bisTrump\s*\(", "a card tested for a trump"),
    (r"\b(?:suitOf|effectiveSuit|followSuit|legalCards|canFollow)\s*\(", "a suit to follow"),
    # a card's rank or suit compared in code: jacks (trumps, not pushed in a Schieberamsch) and
    # suits are the core's; card_reasons says why a card waits
    (r"\[[01]\]\s*[!=]==?\s*[\"'][AKQJT987CSHD][\"']", "a card's rank or suit compared"),
    # card points (A 11, T 10, K 4, Q 3, J 2): the trick's and the result's points are the server's
    (r"\b11\s*,\s*10\s*,\s*4\s*,\s*3\s*,\s*2\b", "the card points"),
    (r"[\"']?[AT][\"']?\s*:\s*1[01]\b", "a card's points"),
    # base values (♦ 9 ♥ 10 ♠ 11 ♣ 12, Grand 24, Spitze 20) and the Null values (23 35 46 59):
    # the declarations' figures and the result's steps
    (r"[\"']?[CSHDGXN][\"']?\s*:\s*(?:9|10|11|12|20|23|24|35|46|59)\b", "a base value"),
    (r"\b23\b[^\n]*\b35\b|\b46\b[^\n]*\b59\b", "the Null values"),
    # the bidding values (18, 20, 22, ...): the legal bids come with the view
    (r"\b18\s*,\s*20\s*,\s*22\b", "the bidding values"),
    # the game value (base × (matadors + levels)) and the matadors: `declarations`, `result.steps`
    (r"\*\s*\(?\s*(?:matadors?|spitzen|levels?|base\w*)\b", "a game value multiplied out"),
    (r"\b(?:base\w*|BASE\w*)\s*\*", "a game value multiplied out"),
    (r"\bmatadors?\w*\s*(?:\+\+|\+=|-=|=\s*\d)", "matadors counted"),
    # a game against the bid (overbid, ISkO 5.4): the declarations' `reach`, the result's steps
    (r"\bvalue\s*[<>]=?\s*[\w.?]*\bbid\b", "a value compared with the bid"),
    (r"\bbid\s*[<>]=?\s*[\w.?]*\bvalue\b", "a value compared with the bid"),
    # the card-point limits of winning, Schneider and Schwarz (61, 90, 31, 30, 120): the result
    (r"[<>]=?\s*(?:30|31|59|60|61|89|90|120)\b", "a card-point limit"),
    # who takes a trick: the events' and `last_trick`'s `winner`
    (r"\b(?:trickWinner|winnerOf|highestCard|beats)\s*\(", "a trick's winner"),
    # which option needs which (Supra needs Kontra, Durchmarsch and the Ramsch skat need a
    # Ramsch): `idle_when` of GET /api/options (skat.options, each option's requires)
    (
        r"\brule\(\s*[\"'](?:all_pass|kontra|supra|durchmarsch|ramsch_skat|spitze|"
        r"lost_hand_single|score_list)[\"']\s*\)\s*[!=]==?",
        "a rule option's value tested by name",
    ),
    (r"[\"'](?:off|new_deal)[\"']\s*\)?\s*(?:&&|\?)", "an option idle under another"),
    # the largest deal number (2^64 − 1): the server's error names it (`largest`)
    (r"2n\s*\*\*\s*64n|18446744073709551615|\b2\s*\*\*\s*64\b", "the largest deal number"),
]

_TOKENS = re.compile(
    r"(\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)|(//[^\n]*|/\*.*?\*/)", re.S
)


def _code(text: str) -> str:
    """``text`` without its comments (strings kept; a comment's lines stay, empty)."""
    return _TOKENS.sub(
        lambda m: m.group(1) or re.sub(r"[^\n]", " ", m.group(2)),
        text,
    )


SOURCES = sorted(p for p in JS.glob("*.js") if p.name != "i18n.js")


def test_the_client_modules_are_read() -> None:
    names = {p.name for p in SOURCES}
    assert {"app.js", "table.js", "declaration.js", "settings.js", "cards.js"} <= names


@pytest.mark.parametrize(("pattern", "what"), FORBIDDEN, ids=[w for _, w in FORBIDDEN])
def test_the_client_computes_no_rule_of_its_own(pattern: str, what: str) -> None:
    found = []
    for path in SOURCES:
        code = _code(path.read_text(encoding="utf-8"))
        for number, line in enumerate(code.splitlines(), 1):
            if re.search(pattern, line):
                found.append(f"{path.name}:{number}: {line.strip()[:100]}")
    assert not found, f"{what}:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("line", "what"),
    [
        ('if (isTrump(led.card, v.card_order)) return t("reason.followTrump");', "trump"),
        ('return t("reason.followSuit", { suit: suitName(suitOf(led.card)) });', "a suit"),
        ('if (card[1] === "J") return t("reason.noJackPush");', "rank or suit"),
        ('if (key === "supra" && rule("kontra") === "off") return idle;', "tested by name"),
        ('(key === "durchmarsch") && rule("all_pass") === "new_deal"', "tested by name"),
        ("const LARGEST_DEAL_NUMBER = 2n ** 64n - 1n;", "largest deal number"),
        ("const value = base * (matadors + 1);", "multiplied out"),
        ("if (d.value < v.bid) warn();", "compared with the bid"),
        ("const won = points >= 61;", "card-point limit"),
        ("const POINTS = { A: 11, T: 10, K: 4 };", "a card's points"),
    ],
)
def test_each_forbidden_computation_is_caught(line: str, what: str) -> None:
    """The patterns catch the computations the client once had (and would fail on them)."""
    caught = [w for pattern, w in FORBIDDEN if re.search(pattern, _code(line))]
    assert any(what in w for w in caught), caught


def test_a_comment_may_name_a_rule() -> None:
    code = _code("x(); // isTrump(card) is the core's: value < bid\n/* 2n ** 64n */ y();")
    assert code.split() == ["x();", "y();"]
    assert code.count("\n") == 1  # the lines keep their numbers


# ---- the client's modules (issue 30, item 3) -------------------------------------------------


def _imports(path: Path) -> set[str]:
    """The client modules that ``path`` imports (their file names)."""
    return set(re.findall(r'^import [^;]*? from "\./([\w-]+\.js)";', path.read_text(), re.M))


def test_no_client_module_imports_the_app_or_forms_a_cycle() -> None:
    """Each module is given the table's state and its verbs (``connect``) instead of importing
    ``app.js`` back, and the modules import one another without a cycle."""
    graph = {p.name: _imports(p) for p in JS.glob("*.js")}
    assert all(set(deps) <= set(graph) for deps in graph.values()), graph
    assert [name for name, deps in graph.items() if "app.js" in deps] == []
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " → ".join((*path, name))
        if name not in done:
            for dep in sorted(graph[name]):
                visit(dep, (*path, name))
            done.add(name)

    for name in sorted(graph):
        visit(name, ())
