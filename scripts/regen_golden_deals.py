"""Write ``tests/data/golden_deals.json``: the decks, hands and skat of some deal numbers.

The deal-number algorithm is a public contract that never changes, so this file is written once
and then only compared against (``tests/core/test_deal.py``). Rerun it only when a number is added::

    .venv/bin/python scripts/regen_golden_deals.py

and check with ``git diff`` that no existing entry changed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from skat.cards import format_cards
from skat.deal import deal, shuffled_deck

NUMBERS = (0, 1, 2, 3, 7, 42, 1000, 123_456_789, 2**32, 2**53 + 1, 2**63 - 1, 2**64 - 1)
"""The pinned deal numbers: the small ones, the edges of 32/53/63/64 bits."""

PATH = Path(__file__).resolve().parent.parent / "tests" / "data" / "golden_deals.json"


def golden(number: int) -> dict[str, object]:
    """The golden entry of one deal number: the deck in dealing order, hands by seat, skat."""
    d = deal(number)
    return {
        "number": str(number),
        "deck": format_cards(shuffled_deck(number)),
        "forehand": str(d.hands[0]),
        "middlehand": str(d.hands[1]),
        "rearhand": str(d.hands[2]),
        "skat": str(d.skat),
    }


def main() -> int:
    """Write the file; prints its path."""
    entries = [golden(n) for n in NUMBERS]
    PATH.write_text(json.dumps(entries, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(PATH.name, len(entries), "deals")
    return 0


if __name__ == "__main__":
    sys.exit(main())
