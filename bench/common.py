"""What the benchmark scripts share: 95% intervals, their printed form, percentiles, and the
command-line arguments of a run over numbered deals.

Intervals are normal approximations, as in :func:`skat.arena.mean_ci` (which this module builds
on): a mean's is ``mean ± 1.96 · s / √n``, a share's ``p ± 1.96 · √(p (1 − p) / n)``.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Iterable, Sequence
from typing import Any

from skat.arena import mean_ci
from skat.players.strong_settings import StrongSettings

Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""


def mean_half(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (:func:`skat.arena.mean_ci`); ``(0, 0)`` for
    no values, a half-width of 0 for one."""
    mean, low, high = mean_ci(values)
    return mean, (high - low) / 2


def mean_interval(values: Iterable[float]) -> str:
    """``+m (+lo .. +hi)``: the mean of ``values`` and its 95% interval, signed, two decimals."""
    mean, low, high = mean_ci(list(values))
    return f"{mean:+.2f} ({low:+.2f} .. {high:+.2f})"


def share_half(k: int, n: int) -> tuple[float, float]:
    """The share ``k / n`` and the half-width of its 95% normal interval; ``(0, 0)`` for
    ``n == 0``."""
    if n == 0:
        return 0.0, 0.0
    p = k / n
    return p, Z95 * math.sqrt(p * (1 - p) / n)


def percentile(values: Sequence[float], q: float) -> float:
    """The value at the quantile ``q`` (0 .. 1) of ``values`` by the nearest rank (no
    interpolation).

    Raises:
        IndexError: ``values`` is empty.
    """
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def key_values(text: str, known: Sequence[str]) -> list[tuple[str, str, str]]:
    """``key=value,key=value`` split into ``(part, key, value)`` triples, the values still text
    (empty text: no triples).

    Raises:
        ValueError: a key that is not one of ``known``, naming the known ones, or a key given
            twice.
    """
    out: list[tuple[str, str, str]] = []
    for part in filter(None, text.split(",")):
        key, _, value = part.partition("=")
        if key not in known:
            raise ValueError(f"{key!r} is not one of {', '.join(known)}")
        if any(key == k for _, k, _ in out):
            raise ValueError(f"{key!r} is given twice")
        out.append((part, key, value))
    return out


def checked_strong_setting(setting: Sequence[tuple[str, Any]]) -> None:
    """Refuse a strong setting that :class:`~skat.players.strong.StrongSettings` refuses (NaN,
    a count below 0 …), before any worker starts.

    Raises:
        ValueError: its message, naming the setting.
    """
    try:
        StrongSettings(**dict(setting))
    except (TypeError, ValueError) as exc:
        raise ValueError(str(exc)) from None


def argument_parser(doc: str | None) -> argparse.ArgumentParser:
    """An argument parser whose description is the first line of a script's docstring."""
    return argparse.ArgumentParser(description=doc.split("\n", 1)[0] if doc else None)


def add_deal_arguments(
    ap: argparse.ArgumentParser,
    *,
    deals: int | None,
    seed: int,
    first: bool = False,
    workers: bool = False,
) -> None:
    """``--deals`` (required when ``deals`` is None), ``--seed`` of the deal numbers, and when
    asked ``--first`` (the index of the first deal, default 0) and ``--workers`` (processes,
    default 2): the arguments of a run over the deal numbers ``arena_deal_number(seed, i)`` or
    a script's own sequence drawn from the seed."""
    if deals is None:
        ap.add_argument("--deals", type=int, required=True, help="deals to play")
    else:
        ap.add_argument("--deals", type=int, default=deals, help=f"deals (default {deals})")
    ap.add_argument("--seed", type=int, default=seed, help=f"seed of the deals (default {seed})")
    if first:
        ap.add_argument("--first", type=int, default=0, help="index of the first deal (default 0)")
    if workers:
        ap.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
