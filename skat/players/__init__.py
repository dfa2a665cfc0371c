"""Computer players: a :class:`Player` chooses an action from its seat's information state.

A player sees only :class:`~skat.information.InformationState` (docs/design.md, decision 3) and
returns one of its legal actions; the engine checks it exactly like a human's. Its random source
is passed in and seeded by :func:`decision_rng` from the deal number and the action index
(docs/design.md, decision 4), so the same play gets the same answers on every machine.

The levels, by name (:func:`get_player`): ``random`` (tests only), ``heuristic`` (rule-based, the
easy level, :mod:`skat.players.heuristic`) and ``strong`` (card play by sampling worlds and
solving them with :mod:`skat.solver`, :mod:`skat.players.strong`); ``strong-v1`` is the strong
player before its Kontra was judged by resampling and its defenders read the declarer's discard,
``strong-v2`` the strong player before its contract choice learned from played-out games (issue
48), both kept to measure against (:data:`skat.players.strong_settings.PRESETS`).

>>> decision_rng(7, 0).random() == decision_rng(7, 0).random()
True
>>> get_player("heuristic").name
'heuristic'
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from skat.errors import SkatError

if TYPE_CHECKING:
    from skat.action import Action
    from skat.information import InformationState

__all__ = [
    "PLAYER_NAMES",
    "Player",
    "UnknownPlayerError",
    "decision_rng",
    "decision_seed",
    "get_player",
    "player_names",
]

_MASK64 = 2**64 - 1


@runtime_checkable
class Player(Protocol):
    """A computer player: chooses one legal action for the seat of an information state."""

    name: str

    def choose(self, info: InformationState, rng: random.Random) -> Action:
        """One of ``info.legal_actions()``, drawing any randomness from ``rng`` only."""
        ...


class UnknownPlayerError(SkatError):
    """A player name that the registry does not know."""

    code = "unknown_player"


def _mix64(z: int) -> int:
    """The SplitMix64 finaliser (the same mix as the deal numbers use, see :mod:`skat.deal`)."""
    z = (z + 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def decision_seed(deal_number: int, action_index: int) -> int:
    """The 64-bit seed of the decision at ``action_index`` (0-based) of deal ``deal_number``.

    ``mix(mix(deal_number) ^ action_index)`` with the SplitMix64 mix: add ``0x9E3779B97F4A7C15``,
    ``z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9``, ``z = (z ^ z >> 27) * 0x94D049BB133111EB``,
    ``z ^ z >> 31`` (all mod 2^64). It never uses Python's ``hash()``, so it is the same on every
    machine and in every process.
    """
    return _mix64(_mix64(deal_number & _MASK64) ^ (action_index & _MASK64))


def decision_rng(deal_number: int, action_index: int) -> random.Random:
    """A fresh random source for one decision, seeded by :func:`decision_seed`."""
    return random.Random(decision_seed(deal_number, action_index))


def _random() -> Player:
    from skat.players.random_player import RandomPlayer

    return RandomPlayer()


def _heuristic() -> Player:
    from skat.players.heuristic import HeuristicPlayer

    return HeuristicPlayer()


def _strong(name: str) -> Callable[[], Player]:
    """The factory of the strong player preset ``name``
    (:data:`skat.players.strong_settings.PRESETS`)."""

    def build() -> Player:
        from skat.players.strong import StrongPlayer
        from skat.players.strong_settings import PRESETS

        player = StrongPlayer(PRESETS[name])
        player.name = name
        return player

    return build


_STRONG_LEVELS = ("strong", "strong-v1", "strong-v2")
"""The strong player's presets, the keys of :data:`skat.players.strong_settings.PRESETS` (a
module not imported before a strong player is asked for)."""

_FACTORIES: dict[str, Callable[[], Player]] = {
    "random": _random,
    "heuristic": _heuristic,
    **{name: _strong(name) for name in _STRONG_LEVELS},
}

PLAYER_NAMES: tuple[str, ...] = tuple(_FACTORIES)
"""The registered player names."""


def player_names() -> list[str]:
    """The player names that can be built now (``strong`` only once its module is there)."""
    names = []
    for name in PLAYER_NAMES:
        try:
            get_player(name)
        except UnknownPlayerError:
            continue
        names.append(name)
    return names


def get_player(name: str) -> Player:
    """A new player of the level ``name`` (one of :data:`PLAYER_NAMES`).

    A strong level may be followed by settings of
    :class:`skat.players.strong.StrongSettings` to change, for benchmarks and the arena:
    ``strong:opponents=xskat`` or ``strong:worlds=32,bid_bonus=0.5`` (values as Python writes
    them, ``None``, ``True`` and ``False`` for those, or ``none``, ``true`` and ``false`` as the
    bench scripts write them). The player's ``name`` is then the whole text. The server offers
    only the registered names.

    Raises:
        UnknownPlayerError: the name is not registered, or its level is not available, or a
            setting is unknown or its value of the wrong type.
    """
    if isinstance(name, str) and ":" in name:
        return _with_settings(name)
    factory = _FACTORIES.get(name) if isinstance(name, str) else None
    if factory is None:
        raise UnknownPlayerError(
            f"unknown player: {name!r} (expected one of {', '.join(PLAYER_NAMES)})"
        )
    try:
        return factory()
    except ImportError as err:
        raise UnknownPlayerError(f"player {name!r} is not available: {err}") from None


def _with_settings(spec: str) -> Player:
    """The player of ``strong:key=value,...`` (see :func:`get_player`)."""
    level, _, text = spec.partition(":")
    shown = spec if len(spec) <= 80 else spec[:77] + "..."
    if level not in _STRONG_LEVELS:
        raise UnknownPlayerError(f"only {', '.join(_STRONG_LEVELS)} take settings, not {shown!r}")
    try:
        from skat.players.strong import StrongPlayer
        from skat.players.strong_settings import PRESETS, StrongSettings
    except ImportError as err:
        raise UnknownPlayerError(f"player {shown!r} is not available: {err}") from None
    fields = StrongSettings.__dataclass_fields__
    changes: dict[str, object] = {}
    for part in text.split(","):
        key, eq, value = part.partition("=")
        if not eq or not key or part != part.strip() or " " in part:
            raise UnknownPlayerError(f"{part[:40]!r} is not key=value (player {shown!r})")
        if key not in fields:
            close = difflib.get_close_matches(key, fields, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise UnknownPlayerError(
                f"{key[:40]!r} is no setting of the strong player{hint} (player {shown!r}; the "
                "settings are the fields of skat.players.strong.StrongSettings)"
            )
        if key in changes:
            raise UnknownPlayerError(f"{key!r} is given twice (player {shown!r})")
        changes[key] = _setting_value(value)
    try:
        player = StrongPlayer(PRESETS[level], **changes)
    except (TypeError, ValueError) as err:
        raise UnknownPlayerError(f"{str(err)[:200]} (player {shown!r})") from None
    player.name = spec
    return player


def _setting_value(text: str) -> object:
    """A setting's value from its text: None, True, False (as Python writes them, or in small
    letters as the bench scripts do), a whole number, a number, or the text itself."""
    words: dict[str, object] = {"none": None, "true": True, "false": False}
    if text in ("None", "True", "False") or text in words:
        return words[text.lower()]
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text
