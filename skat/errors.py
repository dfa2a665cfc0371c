"""The errors of the Skat core, split by cause.

Every error is a ``ValueError`` so that callers that only care about "bad input" can catch that;
each class carries a stable ``code`` that the web API returns to the browser.
"""

from __future__ import annotations


class SkatError(ValueError):
    """Base class of every error the Skat core raises for bad input.

    >>> from skat.cards import parse_card
    >>> try:
    ...     parse_card("X1")
    ... except SkatError as err:
    ...     print(err.code, err)
    bad_notation not a card: 'X1' (expected suit C S H D and rank A K Q J T 9 8 7)
    """

    code = "skat_error"


class NotationError(SkatError):
    """A card, card set, contract, action or deal number could not be parsed."""

    code = "bad_notation"


class IllegalActionError(SkatError):
    """An action is not legal in the current state (names the action, the seat and the phase)."""

    code = "illegal_action"


class RecordError(SkatError):
    """A game record is malformed (names the position of the bad token)."""

    code = "bad_record"

    def __init__(self, message: str, position: int | None = None) -> None:
        super().__init__(message)
        self.position = position
