"""The check every resumable data generator of bench/ passes (bench/rows.py): a run stopped
within a row goes on from the cut-off line, and a finished file is left as it is."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from bench.rows import ProcessMapper, Row, read_rows


def check_resumes(
    path: Path,
    run: Callable[[Path, ProcessMapper], list[Row]],
    module: ModuleType,
    row_function: str,
    jobs: Sequence[Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Run ``run`` into ``path``, cut the file within its third row, and run it again with
    ``module.row_function`` counted: only the rows from the third on are made again, and the
    file ends as the whole run; a third run makes nothing and leaves the file alone."""
    whole = run(path, ProcessMapper(1))
    assert len(whole) == len(jobs)
    assert read_rows(str(path)) == whole
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:2]) + "\n" + lines[2][:20])  # stopped within row 3
    made: list[Any] = []
    real = getattr(module, row_function)

    def counting(job: Any) -> Row:
        made.append(job)
        return real(job)  # type: ignore[no-any-return]

    monkeypatch.setattr(module, row_function, counting)
    assert run(path, ProcessMapper(1)) == whole[2:]
    assert made == list(jobs[2:])
    assert read_rows(str(path)) == whole
    made.clear()
    text = path.read_text()
    assert run(path, ProcessMapper(1)) == []
    assert made == []
    assert path.read_text() == text  # a finished file is left as it is
