"""The errors of the Skat core, split by cause.

Every error is a ``ValueError`` so that callers that only care about "bad input" can catch that;
each class carries a stable ``code`` that the web API returns to the browser.
"""

from __future__ import annotations

SHOWN_CHARS = 40
"""The most characters of a bad input that an error message repeats."""


def cut(text: str, limit: int = SHOWN_CHARS) -> str:
    """``text``, cut to ``limit`` characters with an ellipsis: an error names what was wrong
    without repeating a long input whole.

    >>> cut("x" * 50)[-3:], len(cut("x" * 50))
    ('xx…', 40)
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shown(value: object, limit: int = SHOWN_CHARS) -> str:
    """``repr(value)`` as an error message repeats it, at most ``limit`` characters: a text is
    cut inside its quotes, so that the quotes still close (``'http://aaaa…'``) and the sentence
    after it reads as a sentence; anything else is cut as :func:`cut` cuts; an integer too long
    for ``repr`` (over 4,300 digits) is named as such.

    >>> shown("x" * 50)[-4:], len(shown("x" * 50))
    ("xx…'", 40)
    >>> shown("short")
    "'short'"
    """
    if isinstance(value, str):
        text = repr(value)
        if len(text) <= limit:
            return text
        # the value cut until its repr (escapes included) with the ellipsis fits
        keep = limit - 3
        while keep > 0 and len(repr(value[:keep] + "…")) > limit:
            keep -= 1
        return repr(value[:keep] + "…")
    try:
        text = repr(value)
    except ValueError:
        text = "<an integer of over 4,300 digits>"
    return cut(text, limit)


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
    reason: str | None = None
    """A finer code of what was wrong, where the web API names it (a deal number's
    :class:`DealNumberError`); None for the others."""


class NotationError(SkatError):
    """A card, card set, contract, action or deal number could not be parsed."""

    code = "bad_notation"


class DealNumberError(NotationError):
    """A deal number, or a deal number with a seat, that cannot be read (:mod:`skat.deal`).

    Attributes:
        reason: what is wrong: ``form`` (not digits, or digits, ``-`` and a seat), ``range``
            (above 2^64 − 1) or ``seat`` (a seat other than 0, 1, 2).
    """

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


class IllegalActionError(SkatError):
    """An action is not legal in the current state (names the action, the seat and the phase)."""

    code = "illegal_action"


class IllegalExchangeError(IllegalActionError):
    """An exchange a Revolution's rules do not allow (:func:`skat.phases.exchange_refusal`).

    Attributes:
        reason: ``exchange_kind`` (not an exchange), ``exchange_card`` (a card the defender may
            not pass) or ``exchange_count`` (not as many cards back as the partner passed).
    """

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


class ClaimError(IllegalActionError):
    """A claim that does not hold: the other side has a line of play that beats it
    (:mod:`skat.claim`). The deal stays as it was before the claim.

    Attributes:
        line: the line that beats the claim, ``(seat, card)`` pairs in playing order from the
            position of the claim to the trick (or the end) where the claim fails; cards are
            ints as in :mod:`skat.cards`.
    """

    code = "claim_fails"

    def __init__(self, message: str, line: tuple[tuple[int, int], ...]) -> None:
        super().__init__(message)
        self.line = line


class RecordError(SkatError):
    """A game record is malformed (names the position of the bad token)."""

    code = "bad_record"

    def __init__(self, message: str, position: int | None = None) -> None:
        super().__init__(message)
        self.position = position


class NotFinishedError(SkatError):
    """A deal that is not over yet was given where a finished one is needed (its analysis)."""

    code = "not_finished"
