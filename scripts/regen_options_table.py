"""Rewrite the table of rule options in docs/options.md from their declarations in skat/options.py.

The table stands between the two marker lines of the page; ``tests/core/test_options.py`` fails when
it differs from :func:`skat.options.markdown_table`, so a new or changed option cannot leave the
docs behind. Run from the repository root::

    .venv/bin/python scripts/regen_options_table.py
"""

from __future__ import annotations

from pathlib import Path

from skat.options import markdown_table

DOC = Path(__file__).resolve().parent.parent / "docs" / "options.md"
BEGIN = "<!-- begin: the table of skat.options.markdown_table() -->\n"
END = "<!-- end of the table -->\n"


def main() -> None:
    """Put the current table between the markers of ``docs/options.md``."""
    text = DOC.read_text(encoding="utf-8")
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    DOC.write_text(head + BEGIN + markdown_table() + END + tail, encoding="utf-8")


if __name__ == "__main__":
    main()
