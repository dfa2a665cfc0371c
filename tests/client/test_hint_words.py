"""The words the hint and replay panels put inside their sentences: a decision in an in-sentence
form, not a button's capitalised label, and in German a player's name ("Spieler links", "Du")
only where it reads as a name (skat/server/static/js/assist.js, replay.js, analysis.js)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from skat import scoring

LOCALES = Path(scoring.__file__).parent / "server" / "static" / "locales"
TABLES = {c: json.loads((LOCALES / f"{c}.json").read_text("utf-8")) for c in ("en", "de", "sv")}

# the in-sentence words of a decision (hint.say's "{what}" is followed by Kontra, Re or Supra)
IN_SENTENCE = [
    "hint.pass", "hint.pickUp", "hint.decline", "hint.concede", "hint.say",
    "replay.said.pass", "replay.said.yes", "replay.said.nothing", "replay.said.pickUp",
    "replay.said.pushUnseen", "replay.said.push",
]  # fmt: skip


@pytest.mark.parametrize("code", ["en", "sv"])
def test_a_decision_inside_a_sentence_is_written_in_lower_case(code: str) -> None:
    capitalised = [k for k in IN_SENTENCE if TABLES[code][k][:1].isupper()]
    assert not capitalised


def test_german_sentences_name_a_seat_where_it_reads_as_a_name() -> None:
    # "Du spielte", "Du sticht" are not German: the name (the person's "Du" too) stands beside a
    # noun ("der Alleinspieler (Spieler rechts)"), with "mit" or as a label
    keys = [
        k for k in TABLES["de"]
        if k.startswith(("analysis.", "replay.", "hint.")) and "{name}" in TABLES["de"][k]
    ]  # fmt: skip
    assert keys
    wrong = {
        k: TABLES["de"][k]
        for k in keys
        if re.search(r"\b(von|das) \{name\}|\{name\} (?!mit\b)[a-zäöü]+te?\b", TABLES["de"][k])
    }
    assert not wrong
