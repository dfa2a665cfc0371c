"""Resumable data files of JSON rows, and the mappers that compute the rows: local processes or
Ray tasks.

A data run is a list of jobs, each computed into one row (a JSON object) by a pure function of
the job, so a row is the same whoever computes it. :func:`generate` appends the rows a file lacks
in job order, each flushed as soon as it is done; a rerun with the same file computes only the
missing ones (a line cut off when the run was stopped is dropped and computed again), and a file
whose rows carry other settings is refused. The mapper decides where the rows are computed:
:class:`ProcessMapper` (local worker processes, 1: in this process) or :class:`RayMapper` (Ray
tasks on a cluster, or a Ray instance started here; the optional extra ``pip install
.[cluster]``). Used by ``bench/learn_contracts.py`` and ``bench/declare_data.py``.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Protocol, TypeVar

__all__ = ["Mapper", "ProcessMapper", "RayMapper", "Row", "generate", "mapper_of", "read_rows"]

Row = dict[str, Any]
"""One row of a data file: a JSON object, stamped with its run's ``"settings"``."""

J = TypeVar("J")


class Mapper(Protocol):
    """What runs the rows: ``map(fn, jobs)`` yielding the results in the jobs' order."""

    def map(self, fn: Callable[[J], Row], jobs: list[J]) -> Iterable[Row]: ...


def read_rows(path: str) -> list[Row]:
    """The whole rows of a data file (a line cut off when the run was stopped is skipped); no
    rows when there is no file."""
    rows: list[Row] = []
    if not os.path.exists(path):
        return rows
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # a line cut off when the run was stopped
    return rows


def _ends_within_a_line(path: str) -> bool:
    """Whether the file at ``path`` exists and does not end with a line break."""
    if not os.path.exists(path):
        return False
    with open(path, "rb") as f:
        f.seek(0, os.SEEK_END)
        if f.tell() == 0:
            return False
        f.seek(-1, os.SEEK_END)
        return f.read(1) != b"\n"


def generate(
    jobs: Sequence[J],
    out_path: str,
    mapper: Mapper,
    settings: Any,
    fn: Callable[[J], Row],
    *,
    keys: Sequence[str],
    job_key: Callable[[J], Hashable],
) -> Iterator[Row]:
    """Compute by ``fn`` the rows of the ``jobs`` the file ``out_path`` lacks, appending each
    row as it is done (in job order), and yield them.

    Args:
        jobs: the whole run's jobs.
        out_path: the JSON-lines data file (created if missing).
        mapper: where the rows are computed.
        settings: the run's settings, as every row of the file must hold them (``"settings"``).
        fn: the row of a job (picklable: a module-level function).
        keys: the row fields that name its job (``("deal", "seat")``).
        job_key: the values of ``keys`` for a job, as a tuple in that order.

    Raises:
        SystemExit: the file holds rows of other settings.
    """
    done: set[Hashable] = set()
    for row in read_rows(out_path):
        if row["settings"] != settings:
            raise SystemExit(f"{out_path} was written for other settings: {row['settings']}")
        done.add(tuple(row[k] for k in keys))
    todo = [job for job in jobs if job_key(job) not in done]
    if not todo:
        return
    cut_off = _ends_within_a_line(out_path)
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(open(out_path, "a", encoding="utf-8"))
        if cut_off:
            out.write("\n")  # a line cut off when the run was stopped stays a line of its own
        for row in mapper.map(fn, todo):
            out.write(json.dumps(row, separators=(",", ":")) + "\n")
            out.flush()
            yield row


class ProcessMapper:
    """Rows on ``workers`` local processes (1: in this process)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def map(self, fn: Callable[[J], Row], jobs: list[J]) -> Iterator[Row]:
        if self.workers <= 1:
            yield from map(fn, jobs)
            return
        with ProcessPoolExecutor(self.workers) as pool:
            yield from pool.map(fn, jobs, chunksize=1)


class RayMapper:
    """Rows as Ray tasks on the cluster at ``address`` (``local``: a Ray instance started here
    with ``workers`` CPUs), at most ``2 * workers`` in flight, collected in job order.

    Raises:
        SystemExit: Ray is not installed (``pip install .[cluster]``).
    """

    def __init__(self, address: str, workers: int) -> None:
        try:
            import ray
        except ImportError as exc:
            raise SystemExit("--ray needs Ray: pip install .[cluster]") from exc
        self.ray: Any = ray
        self.address = address
        self.workers = workers

    def map(self, fn: Callable[[J], Row], jobs: list[J]) -> Iterator[Row]:
        ray = self.ray
        if self.address == "local":
            ray.init(num_cpus=self.workers, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=self.address, log_to_driver=False)
        try:
            task = ray.remote(fn)
            window = max(2, 2 * self.workers)
            pending = [task.remote(job) for job in jobs[:window]]
            at = len(pending)
            while pending:
                row = ray.get(pending.pop(0))
                if at < len(jobs):
                    pending.append(task.remote(jobs[at]))
                    at += 1
                yield row
        finally:
            ray.shutdown()


def mapper_of(ray: str | None, workers: int) -> Mapper:
    """The mapper of a run's ``--ray`` (None: local processes) and ``--workers``."""
    return ProcessMapper(workers) if ray is None else RayMapper(ray, workers)
