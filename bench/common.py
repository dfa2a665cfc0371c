"""What the benchmark scripts share: 95% intervals, their printed form, percentiles, bins, the
command-line arguments of a run over numbered deals, and a run checkpointed to a JSONL file (a
line per deal, continued where it stopped: ``bench_kontra``, ``bench_re``).

Intervals are normal approximations, as in :func:`skat.arena.mean_ci` (which this module builds
on): a mean's is ``mean ± 1.96 · s / √n``, a share's ``p ± 1.96 · √(p (1 − p) / n)``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
from collections.abc import Callable, Hashable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from bench.runs import IN_RUNS, run_path
from skat.arena import arena_deal_number, mean_ci
from skat.players.strong_settings import StrongSettings

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)

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


def share_interval(k: int, n: int) -> str:
    """``p% (lo .. hi), k/n``: the share ``k / n`` in percent with its 95% interval
    (:func:`share_half`, clipped to 0 .. 100), one decimal; ``-`` for ``n == 0``.

    >>> share_interval(1, 2)
    '50.0% (0.0 .. 100.0), 1/2'
    """
    if n == 0:
        return "-"
    p, half = share_half(k, n)
    low, high = 100 * max(0.0, p - half), 100 * min(1.0, p + half)
    return f"{100 * p:.1f}% ({low:.1f} .. {high:.1f}), {k}/{n}"


def binned(
    items: Iterable[T], edges: Sequence[float], value: Callable[[T], float]
) -> list[tuple[float, float, list[T]]]:
    """``items`` by ``value`` in the bins ``[lo, hi)`` between consecutive ``edges``: ``(lo, hi,
    items)`` per bin, ``hi`` as shown (a last edge above 1, which lets a chance of 1 in, is 1).

    >>> binned([0.1, 0.5, 1.0], [0.0, 0.4, 1.01], lambda x: x)
    [(0.0, 0.4, [0.1]), (0.4, 1.0, [0.5, 1.0])]
    """
    listed = list(items)
    return [
        (lo, min(hi, 1.0), [x for x in listed if lo <= value(x) < hi])
        for lo, hi in itertools.pairwise(edges)
    ]


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


def add_checkpoint_arguments(ap: argparse.ArgumentParser) -> None:
    """``--out`` (required: the JSONL checkpoint, a bare name in the run directory,
    :func:`bench.runs.run_path`) and ``--report-only`` (print its figures, play nothing)."""
    ap.add_argument(
        "--out",
        required=True,
        type=run_path,
        help="the JSONL checkpoint (continued if it exists); " + IN_RUNS,
    )
    ap.add_argument(
        "--report-only", action="store_true", help="print the checkpoint's figures, play nothing"
    )


def read_checkpoint(
    ap: argparse.ArgumentParser, path: str, seed: int, key: Callable[[dict[str, Any]], K]
) -> dict[K, dict[str, Any]]:
    """The finished lines of the checkpoint ``path`` by ``key(line)``; a last line cut off when
    a run was stopped is dropped from the file (that deal is played again). Each line's
    ``number`` must be ``arena_deal_number(seed, line["index"])``, else ``ap.error`` stops the
    run (a checkpoint of another seed); so does a folder given as ``path``."""
    if os.path.isdir(path):
        ap.error(f"--out {path} is a folder, not a checkpoint file")
    done: dict[K, dict[str, Any]] = {}
    if not os.path.exists(path):
        return done
    with open(path, encoding="utf-8") as f:
        text = f.read()
    whole = text[: text.rfind("\n") + 1]
    if whole != text:
        with open(path, "w", encoding="utf-8") as f:
            f.write(whole)
    for row in whole.splitlines():
        if row.strip():
            line = json.loads(row)
            if line.get("number") != arena_deal_number(seed, line["index"]):
                ap.error(f"{path} holds deal {line['index']} of another seed than {seed}")
            done[key(line)] = line
    return done


def run_checkpointed(
    path: str,
    workers: int,
    task: Callable[[Any], dict[str, Any]],
    todo: Sequence[Any],
    done: dict[K, dict[str, Any]],
    key: Callable[[dict[str, Any]], K],
) -> None:
    """``task`` on each of ``todo`` in ``workers`` processes, each line appended to the checkpoint
    ``path`` as it comes (in order) and kept in ``done`` by ``key``."""
    if not todo:
        return
    with ProcessPoolExecutor(workers) as pool, open(path, "a", encoding="utf-8") as f:
        for line in pool.map(task, todo):
            f.write(json.dumps(line) + "\n")
            f.flush()
            done[key(line)] = line
