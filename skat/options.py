"""The table's rule options, each declared once: its values, default, words, what it waits for
and where it comes from.

Every rule option is one field of :class:`Options`, declared with its :class:`Rule`: its values
(an enum's, or no and yes), its default (the ISkO's), the word the ``skat arena --options``
command takes for each other value, the option it waits for (Supra means nothing without Kontra)
and its source (an ISkO rule number, or "house rule" and where it is played). Everything else is
derived from these declarations, so a new option is declared here, takes effect where its rule
is played, and needs only its strings in the browser:

* the record's ``RU[...]`` property: :func:`format_record` / :func:`parse_record`;
* the web API's JSON: :func:`to_json` / :func:`from_json`, and the list ``GET /api/options``
  serves: :func:`spec_json`;
* the command line's words: :func:`format_words` / :func:`parse_words`;
* :meth:`Options.effective` (the options that cannot take effect set back);
* the table in ``docs/options.md``: :func:`markdown_table`.

>>> o = parse_words("ramsch,kontra,supra")
>>> format_record(o), format_words(o)
('all_pass=ramsch,kontra=on,supra=1', 'ramsch,kontra,supra')
>>> parse_record("supra=1").effective() == Options()  # Supra waits for Kontra
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import Field, dataclass, field, fields, replace
from enum import StrEnum
from typing import Any, TypeAlias

from skat.errors import RecordError, SkatError, cut, shown

__all__ = [
    "OPTION_ENUMS",
    "RULES",
    "WORDS",
    "AllPass",
    "BockDeal",
    "BockRule",
    "KontraRule",
    "Options",
    "RamschSkat",
    "Rule",
    "ScoreList",
    "format_record",
    "format_words",
    "from_json",
    "markdown_table",
    "parse_record",
    "parse_words",
    "spec_json",
    "to_json",
]


class AllPass(StrEnum):
    """What happens when all three players pass."""

    NEW_DEAL = "new_deal"
    RAMSCH = "ramsch"
    SCHIEBERAMSCH = "schieberamsch"


class KontraRule(StrEnum):
    """Whether Kontra/Re may be said, and by which defender."""

    OFF = "off"
    ON = "on"
    BIDDERS_ONLY = "bidders_only"
    """Only a defender who bid or held may say Kontra."""


class RamschSkat(StrEnum):
    """Who gets the skat in Ramsch."""

    LAST_TRICK = "last_trick"
    LOSER = "loser"


class ScoreList(StrEnum):
    """How the score sheet counts."""

    SIMPLE = "simple"
    SEEGER_FABIAN = "seeger_fabian"


class BockRule(StrEnum):
    """Whether events of a deal bring Bock deals (house rule, XSkat and JSkat)."""

    OFF = "off"
    ROUNDS = "rounds"
    """Each event brings a round of Bock deals: one per player, the scores doubled."""
    RAMSCH = "ramsch"
    """Bockramsch: each event brings a round of Ramsch deals instead."""


class BockDeal(StrEnum):
    """What a deal of a series is under the Bock rule (:mod:`skat.bock` decides it from the
    series; the record's ``BK[...]``): not a rule of the table but the deal's own."""

    NONE = "none"
    BOCK = "bock"
    """A Bock deal: its scores count double (``BK[2]``)."""
    RAMSCH = "ramsch"
    """A Bockramsch deal: dealt straight into Ramsch, no auction (``BK[ramsch]``)."""


Value: TypeAlias = StrEnum | bool
"""The value of one rule option: a member of its enum, or False / True."""


@dataclass(frozen=True, slots=True, eq=False)
class _Declared:
    """What a field of :class:`Options` declares besides its type and default."""

    words: Mapping[Any, str] | None
    requires: tuple[str, Any] | None
    source: str
    summary: str


def _rule(
    *,
    source: str,
    summary: str,
    words: Mapping[Any, str] | None = None,
    requires: tuple[str, Value] | None = None,
) -> dict[str, _Declared]:
    """What a field of :class:`Options` declares besides its type and default (the ISkO's
    value; where the ISkO has no such rule: the rule not played), as the field's metadata.

    Args:
        source: where the rule comes from: the ISkO rule number, or "house rule" and where.
        summary: what the option does, one English sentence (the docs table).
        words: the command-line word of every value but the default; a yes/no option's is its
            name (``supra``) when it is off by default, ``no_<name>`` when it is on.
        requires: ``(option, value)``: this option takes effect only while that (earlier)
            option is not that value; None: always.
    """
    return {"rule": _Declared(words, requires, source, summary)}


@dataclass(frozen=True, slots=True)
class Options:
    """The table's rule options; the defaults are the ISkO (no Ramsch, no Kontra, Seeger-Fabian).

    Each field is one option, declared once: its type gives the values, its default the ISkO's,
    its metadata what :class:`Rule` says of it (the words, what it waits for, its source and what
    it does; :data:`RULES`, the table of ``docs/options.md``).

    >>> Options(kontra=KontraRule.ON).kontra, Options().all_pass
    (<KontraRule.ON: 'on'>, <AllPass.NEW_DEAL: 'new_deal'>)
    """

    all_pass: AllPass = field(
        default=AllPass.NEW_DEAL,
        metadata=_rule(
            words={AllPass.RAMSCH: "ramsch", AllPass.SCHIEBERAMSCH: "schieberamsch"},
            source="new deal: ISkO 3.3 (the auction); Ramsch: house rule (seeds 000 and 001); "
            "Schieberamsch: house rule (seed 000)",
            summary="What happens when all three pass: a new deal; Ramsch (each for himself, the "
            "most card points lose); or Schieberamsch (Ramsch, each player in turn may take the "
            "skat and push two cards on, or push it on unseen, which doubles).",
        ),
    )
    kontra: KontraRule = field(
        default=KontraRule.OFF,
        metadata=_rule(
            words={KontraRule.ON: "kontra", KontraRule.BIDDERS_ONLY: "kontra_bidders"},
            source="house rule (seed 000: Kontra and Re); bidders_only: a pub variant",
            summary="Before the first card a defender may say Kontra (×2) and the declarer answer "
            "Re (×4); bidders_only: only a defender who bid or held may say Kontra.",
        ),
    )
    supra: bool = field(
        default=False,
        metadata=_rule(
            requires=("kontra", KontraRule.OFF),
            source="house rule (seed 000: Supra, also Hirsch or Subkontra)",
            summary="After Re the defender who said Kontra may answer Supra (×8).",
        ),
    )
    lost_hand_single: bool = field(
        default=False,
        metadata=_rule(
            source="house rule: the ISkO before 1999 (seed 000); since then a lost game counts "
            "double, Hand or not",
            summary="A lost Hand game counts single (−1 × the value), not double.",
        ),
    )
    spitze: bool = field(
        default=False,
        metadata=_rule(
            source="house rule (seed 000: Sächsische Spitze)",
            summary="The declarer may announce Sächsische Spitze: only the jacks are trumps, ♦J "
            "the highest, and every suit runs 7 8 9 10 Q K A, the 7 the highest; base value 20.",
        ),
    )
    revolution: bool = field(
        default=False,
        metadata=_rule(
            source="house rule (skatwelt.net: Revolution, value 92; JSkat names the option "
            "PLAY_REVOLUTION)",
            summary="The declarer may announce Revolution instead of picking the skat up: a Null "
            "Ouvert Hand worth 92 in which the defenders, seeing his cards, first exchange cards "
            "between them (the first passes any of his, the second as many back).",
        ),
    )
    claims: bool = field(
        default=False,
        metadata=_rule(
            source='house rule (XSkat, GameDuell, ISS "show cards": claiming the rest); the '
            "check with every hand open: this program (skat.claim)",
            summary="In the card play, at his turn, the declarer may claim every remaining trick "
            "(in Null: no further trick) and a defender that the declarer cannot win; the claim "
            "is checked with every hand open and stands only if no play of the other side "
            "beats it, else it is refused with the line that beats it.",
        ),
    )
    durchmarsch: bool = field(
        default=True,
        metadata=_rule(
            requires=("all_pass", AllPass.NEW_DEAL),
            source="house rule (seeds 000 and 001: +120; seed 000: without it, −480)",
            summary="In Ramsch a player who takes every trick wins +120; off: he loses "
            "120 × 2 × 2 (the most card points, two Jungfrauen).",
        ),
    )
    ramsch_skat: RamschSkat = field(
        default=RamschSkat.LAST_TRICK,
        metadata=_rule(
            words={RamschSkat.LOSER: "ramsch_skat_loser"},
            requires=("all_pass", AllPass.NEW_DEAL),
            source="last_trick: house rule (seeds 000 and 001); loser: a pub variant",
            summary="In Ramsch the skat's card points count for the winner of the last trick, or "
            "for the loser (the most card points in his tricks).",
        ),
    )
    score_list: ScoreList = field(
        default=ScoreList.SEEGER_FABIAN,
        metadata=_rule(
            words={ScoreList.SIMPLE: "simple"},
            source="Seeger-Fabian: the tournament list of the SkWO (seed 001); simple: seed 001",
            summary="The score sheet: Seeger-Fabian (won: value + 50; lost: −2 × value − 50 and "
            "+40 to each defender) or the simple list (won: value; lost: −2 × value).",
        ),
    )

    bock: BockRule = field(
        default=BockRule.OFF,
        metadata=_rule(
            words={BockRule.ROUNDS: "bock", BockRule.RAMSCH: "bockramsch"},
            source="house rule (XSkat: -bock, the events -bockevents; JSkat: the Bock options)",
            summary="After an event (the bock_* options) the next round, one deal per player, "
            "counts double (Bock); events queue further rounds. bockramsch: a round of Ramsch "
            "instead of the Bock deals.",
        ),
    )
    bock_lost_60: bool = field(
        default=True,
        metadata=_rule(
            requires=("bock", BockRule.OFF),
            source="house rule: XSkat (event 1), JSkat; the pubs' 60–60 (skatspielen.info, "
            '"Bockrunde")',
            summary="A Bock event: a game (not Null) lost with exactly 60 card points.",
        ),
    )
    bock_grand_hand: bool = field(
        default=True,
        metadata=_rule(
            requires=("bock", BockRule.OFF),
            source='house rule: XSkat (event 2); pubs (skatspielen.info, "Bockrunde")',
            summary="A Bock event: a Grand Hand won.",
        ),
    )
    bock_kontra_won: bool = field(
        default=True,
        metadata=_rule(
            requires=("bock", BockRule.OFF),
            source="house rule: XSkat (event 4), JSkat (a lost Kontra game)",
            summary="A Bock event: a Kontra that won (the declarer lost after Kontra).",
        ),
    )
    bock_kontra_re: bool = field(
        default=True,
        metadata=_rule(
            requires=("bock", BockRule.OFF),
            source="house rule: XSkat (event 8), JSkat",
            summary="A Bock event: a game with Kontra and Re (not counted again when its Kontra "
            "won too).",
        ),
    )
    bock_nnn: bool = field(
        default=False,
        metadata=_rule(
            requires=("bock", BockRule.OFF),
            source="house rule: XSkat (event 16)",
            summary="A Bock event: a player's total on the score sheet ends in three equal digits "
            "(111, −222, 1000).",
        ),
    )
    bock_n00: bool = field(
        default=False,
        metadata=_rule(
            requires=("bock", BockRule.OFF),
            source="house rule: XSkat (event 32), JSkat (a score of X00); off by default: under "
            'Seeger-Fabian it comes too often (docs/options.md, "Bock events")',
            summary="A Bock event: a player's total on the score sheet becomes a multiple of 100 "
            "(0 included).",
        ),
    )
    bock_value_72: bool = field(
        default=False,
        metadata=_rule(
            requires=("bock", BockRule.OFF),
            source="house rule: XSkat (event 64)",
            summary="A Bock event: a game won with a game value of 72 or more (before Kontra and "
            "Bock).",
        ),
    )
    bock_value_96: bool = field(
        default=False,
        metadata=_rule(
            requires=("bock", BockRule.OFF),
            source="house rule: XSkat (event 128)",
            summary="A Bock event: a game won with a game value of 96 or more (not counted again "
            "with the 72 event).",
        ),
    )
    bock_all_passed: bool = field(
        default=False,
        metadata=_rule(
            requires=("bock", BockRule.OFF),
            source="house rule: JSkat",
            summary="A Bock event: all three passed in the auction.",
        ),
    )
    bock_lost_grand: bool = field(
        default=False,
        metadata=_rule(
            requires=("bock", BockRule.OFF),
            source="house rule: JSkat",
            summary="A Bock event: a Grand lost.",
        ),
    )
    bock_deal: BockDeal = field(default=BockDeal.NONE, metadata={"deal": True})
    """Not a rule of the table: what this deal is under the Bock rule, decided from the series
    by :mod:`skat.bock` and written as the record's ``BK[...]`` (never in ``RU``, JSON or the
    command line's words)."""

    def effective(self) -> Options:
        """These options with the ones that cannot take effect under the others set back to
        their defaults (each :attr:`Rule.requires`): Supra without Kontra, the Durchmarsch and
        Ramsch-skat rules without Ramsch (a record then names only rules that apply).

        >>> Options(supra=True).effective() == Options()
        True
        """
        idle: dict[str, Value] = {}
        for r in RULES:  # a rule waits for an earlier one: its own value may have been set back
            if r.requires is not None:
                name, value = r.requires
                if idle.get(name, getattr(self, name)) == value:
                    idle[r.name] = r.default
        if idle.get("bock", self.bock) == BockRule.OFF:
            idle["bock_deal"] = BockDeal.NONE
        return replace(self, **idle)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True, eq=False)
class Rule:
    """One rule option as :class:`Options` declares it.

    Attributes:
        name: the field of :class:`Options`: the key in ``RU[...]``, in JSON and in the
            browser's strings (``setting.rule.<name>``).
        default: the ISkO's value (where the ISkO has no such rule: the rule not played).
        values: every value in order: the enum's members, or ``(False, True)``.
        enum: the enum of the values, None for a yes/no option.
        words: the command-line word of every value but the default.
        requires: ``(option, value)``: the option takes effect only while that option is not
            that value; None: always.
        source: where the rule comes from: the ISkO rule number, or "house rule" and where.
        summary: what it does, one English sentence.
    """

    name: str
    default: Value
    values: tuple[Value, ...]
    enum: type[StrEnum] | None
    words: Mapping[Value, str]
    requires: tuple[str, Value] | None
    source: str
    summary: str

    @classmethod
    def _of(cls, f: Field[Any]) -> Rule:
        declared: _Declared = f.metadata["rule"]
        default: Value = getattr(Options(), f.name)  # every field has one: the ISkO's
        enum = type(default) if isinstance(default, StrEnum) else None
        values: tuple[Value, ...] = tuple(enum) if enum else (False, True)
        words = declared.words
        if words is None and enum is None:
            words = {not default: f"no_{f.name}" if default else f.name}
        return cls(
            f.name,
            default,
            values,
            enum,
            dict(words or {}),
            declared.requires,
            declared.source,
            declared.summary,
        )

    def record_word(self, value: Value) -> str:
        """``value`` as ``RU[...]`` writes it: an enum's value, ``1`` or ``0``."""
        return str(int(value)) if isinstance(value, bool) else str(value)

    def json_value(self, value: Value) -> str | bool:
        """``value`` as JSON has it: an enum's value, ``true`` or ``false``."""
        return value if isinstance(value, bool) else str(value)


RULES: tuple[Rule, ...] = tuple(Rule._of(f) for f in fields(Options) if "rule" in f.metadata)
"""Every rule option, in the order of :class:`Options`' fields (``bock_deal``, the deal's own
Bock status, is none)."""

_BY_NAME: dict[str, Rule] = {r.name: r for r in RULES}

OPTION_ENUMS: dict[str, type[StrEnum]] = {r.name: r.enum for r in RULES if r.enum}
"""The rule options whose values are an enum, by name (the others are true or false)."""

WORDS: dict[str, dict[str, Value]] = {
    "isko": {},
    **{word: {r.name: value} for r in RULES for value, word in r.words.items()},
}
"""The command line's words, each the option values it sets (``isko``: none, the defaults)."""


# ---- JSON (the web API)


def to_json(options: Options) -> dict[str, str | bool]:
    """``options`` as the JSON object :func:`from_json` reads: every option, enums by value.

    >>> to_json(Options())["kontra"], to_json(Options())["supra"]
    ('off', False)
    """
    return {r.name: r.json_value(getattr(options, r.name)) for r in RULES}


def from_json(data: object) -> Options:
    """The rule options of a JSON object (None or missing keys: the ISkO defaults).

    Raises:
        SkatError: not an object, an unknown key, or a value that is not one of the option's.
    """
    if data is None:
        return Options()
    if not isinstance(data, dict):
        raise SkatError(f"options must be an object, not {type(data).__name__}")
    values: dict[str, Value] = {}
    for key, value in data.items():
        r = _BY_NAME.get(key) if isinstance(key, str) else None
        if r is None:
            raise SkatError(f"unknown option {shown(key)}")
        if r.enum is not None:
            allowed = [m.value for m in r.enum]
            if not isinstance(value, str) or value not in allowed:
                raise SkatError(f"option {shown(key)}: {shown(value)} is not one of {allowed}")
            values[key] = r.enum(value)
        elif isinstance(value, bool):
            values[key] = value
        else:
            raise SkatError(f"option {shown(key)}: {shown(value)} is not true or false")
    return Options(**values)  # type: ignore[arg-type]


def spec_json() -> list[dict[str, Any]]:
    """Every rule option, in the order of :class:`Options`' fields, as ``{"name", "default",
    "values", "idle_when", "source"}``: the values :func:`from_json` accepts for it (an enum's
    values in their order, ``false`` and ``true`` for the others), its ISkO default, the option
    it waits for (``{"option": "kontra", "value": "off"}``: it cannot take effect while Kontra is
    off, :attr:`Rule.requires`; None: always) and where the rule comes from. The browser offers
    these choices, greys out an option while it is idle and checks its stored settings against
    them (``GET /api/options``).

    >>> spec_json()[1]["values"], spec_json()[2]["idle_when"]
    (['off', 'on', 'bidders_only'], {'option': 'kontra', 'value': 'off'})
    """
    return [
        {
            "name": r.name,
            "default": r.json_value(r.default),
            "values": [r.json_value(v) for v in r.values],
            "idle_when": None
            if r.requires is None
            else {
                "option": r.requires[0],
                "value": _BY_NAME[r.requires[0]].json_value(r.requires[1]),
            },
            "source": r.source,
        }
        for r in RULES
    ]


# ---- the record's RU[...]


def format_record(options: Options) -> str:
    """The options that differ from the defaults as ``RU[...]`` holds them: ``key=value`` joined
    by commas, yes/no as ``1``/``0`` (``"all_pass=ramsch,kontra=on"``); ``""`` for the defaults
    (``skat.record.format_options``). With the Bock rule on, an event whose default changed
    since records were first written is compared with what a record implies for it
    (:data:`RECORD_BOCK_IMPLIES`), not with today's default."""
    implied = _implied_by_record(options.bock)
    out = []
    for r in RULES:
        value = getattr(options, r.name)
        if value != implied.get(r.name, r.default):
            out.append(f"{r.name}={r.record_word(value)}")
    return ",".join(out)


RECORD_BOCK_IMPLIES: dict[str, Value] = {"bock_n00": True}
"""What a record with the Bock rule on means by an event it does not name, where that event's
default has changed since records were first written: ``bock_n00`` was on by default until
2026-12-07 (issue 51), so ``RU[bock=rounds]`` still means "with the multiple of 100", as it did
when it was written, and a table without it writes ``bock_n00=0``. A record keeps its meaning
whatever the defaults of a new table become."""


def _implied_by_record(bock: BockRule) -> dict[str, Value]:
    """The values an ``RU[...]`` with ``bock`` implies for the options it leaves out, where they
    are not the defaults (:data:`RECORD_BOCK_IMPLIES`)."""
    return RECORD_BOCK_IMPLIES if bock != BockRule.OFF else {}


def parse_record(text: str) -> Options:
    """The inverse of :func:`format_record` (``skat.record.parse_options``).

    Raises:
        RecordError: an unknown option, a bad value, or an option given twice.
    """
    kwargs: dict[str, Value] = {}
    ru = f"RU[{cut(text)}]"  # as an error names it
    for item in filter(None, text.split(",")):
        key, _, word = item.partition("=")
        r = _BY_NAME.get(key)
        if r is None:
            raise RecordError(f"unknown rule option {shown(key)} in {ru}")
        if key in kwargs:  # which of the two would count is anybody's guess
            raise RecordError(f"rule option {key!r} given twice in {ru}")
        value = next((v for v in r.values if r.record_word(v) == word), None)
        if value is None:
            raise RecordError(f"bad value {shown(word)} of rule option {key!r}")
        kwargs[key] = value
    bock = kwargs.get("bock", Options().bock)
    for key, value in _implied_by_record(BockRule(str(bock))).items():
        kwargs.setdefault(key, value)
    return Options(**kwargs)  # type: ignore[arg-type]


# ---- the command line's words


def format_words(options: Options) -> str:
    """The words of :func:`parse_words` for ``options`` (``"ramsch,kontra"``; ``"isko"``: the
    defaults)."""
    words = [r.words[v] for r in RULES if (v := getattr(options, r.name)) != r.default]
    return ",".join(words) or "isko"


def parse_words(text: str) -> Options:
    """Rule options from comma-separated words (``"ramsch,kontra,supra"``; ``"isko"``: none),
    those of :data:`WORDS`.

    Raises:
        SkatError: an unknown word, or two words that set one option differently
            (``ramsch,schieberamsch``, ``kontra,kontra_bidders``).
    """
    values: dict[str, Value] = {}
    said: dict[str, str] = {}
    for word in (w.strip() for w in text.split(",")):
        if not word:
            continue
        if word not in WORDS:
            raise SkatError(f"unknown rule option: {word!r} (expected {', '.join(sorted(WORDS))})")
        for key, value in WORDS[word].items():
            if key in values and values[key] != value:
                raise SkatError(f"rule options {said[key]!r} and {word!r} exclude each other")
            values[key] = value
            said[key] = word
    return Options(**values)  # type: ignore[arg-type]


# ---- the docs


def markdown_table() -> str:
    """The table of every rule option that ``docs/options.md`` shows (Markdown, one row an
    option): its JSON values with the default first, how the record and the command line write
    the others, what the option waits for, its source and what it does."""

    def code(text: str) -> str:
        return f"`{text}`"

    rows = [
        "| option | JSON values (default first) | record `RU[...]` | `--options` word "
        "| takes effect | source | what it does |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in RULES:
        ordered = [r.default, *(v for v in r.values if v != r.default)]
        json_words = [json.dumps(r.json_value(v)) for v in ordered]
        if r.requires is None:
            effect = "always"
        else:
            name, value = r.requires
            effect = f"when `{name}` is not {code(json.dumps(_BY_NAME[name].json_value(value)))}"
        cells = [
            code(r.name),
            " / ".join(code(j) for j in json_words),
            " / ".join(code(f"{r.name}={r.record_word(v)}") for v in ordered[1:]),
            " / ".join(code(r.words[v]) for v in ordered[1:]),
            effect,
            r.source,
            r.summary,
        ]
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows) + "\n"
