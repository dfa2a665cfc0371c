"""Write the browser's locale files from an ``i18n.js`` that still holds its string tables.

Until issue 30 the client's strings were JavaScript objects in ``static/js/i18n.js``
(``const en = { "key": "text", ... };`` for each language); now they are
``static/locales/<code>.json``. A branch that still adds strings to the old tables is carried over
by running this on its ``i18n.js`` (e.g. ``git show BRANCH:skat/server/static/js/i18n.js``),
from the repository root::

    .venv/bin/python scripts/locales_from_i18n_js.py OLD_I18N_JS

It rewrites the four JSON files with the old file's keys and texts in its order and prints, per
language, the keys added, changed and removed against the JSON files as they were. Every line
inside a table must be ``"key": "text",``, a ``//`` comment or empty; any other line stops the
script with its number, so no text is left behind silently. The texts are JSON strings as they
stand (the tables use only the escapes ``\\n``, ``\\"`` and ``\\\\``, which JSON reads alike).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

LOCALES = Path(__file__).resolve().parent.parent / "skat" / "server" / "static" / "locales"
_START = re.compile(r"^const (\w\w) = \{$")
_PAIR = re.compile(r'^\s*("(?:[^"\\]|\\.)*"):\s*("(?:[^"\\]|\\.)*"),?$')


def tables(source: str) -> dict[str, dict[str, str]]:
    """The string tables of an old ``i18n.js``: language code → key → text, in the file's order.

    Raises ``ValueError`` naming the line of a table that is not a key and its text, or a key
    written twice in one table."""
    out: dict[str, dict[str, str]] = {}
    code = None
    for number, line in enumerate(source.splitlines(), 1):
        if code is None:
            if start := _START.match(line):
                code = start.group(1)
                out[code] = {}
            continue
        if line == "};":
            code = None
        elif pair := _PAIR.match(line):
            key, text = json.loads(pair.group(1)), json.loads(pair.group(2))
            if key in out[code]:
                raise ValueError(f"line {number}: {key!r} is written twice in {code}")
            out[code][key] = text
        elif line.strip() and not line.strip().startswith("//"):
            raise ValueError(f"line {number}: not a key and its text: {line!r}")
    return out


def main(path: str) -> None:
    for code, table in tables(Path(path).read_text(encoding="utf-8")).items():
        target = LOCALES / f"{code}.json"
        before = json.loads(target.read_text(encoding="utf-8")) if target.exists() else {}
        added = [k for k in table if k not in before]
        changed = [k for k in table if k in before and before[k] != table[k]]
        removed = [k for k in before if k not in table]
        target.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(table, ensure_ascii=False, indent=2) + "\n"
        target.write_text(text, encoding="utf-8")
        if not before:
            print(f"{code}: {len(table)} keys, a new file")
        else:
            print(f"{code}: {len(table)} keys; added {added}, changed {changed}, removed {removed}")


if __name__ == "__main__":
    main(*sys.argv[1:])
