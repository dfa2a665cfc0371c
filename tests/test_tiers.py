"""The test tiers of tests/conftest.py: every test it marks slow exists, so a renamed test does not
fall silently into the inner tier."""

from __future__ import annotations

import ast
from pathlib import Path

HERE = Path(__file__).parent


def test_every_slow_entry_names_a_test_function_of_its_file(slow_tests: frozenset[str]) -> None:
    assert slow_tests
    for entry in sorted(slow_tests):
        file, _, name = entry.partition("::")
        path = next(HERE.rglob(file))
        assert path.is_file(), entry
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
        assert name in names, entry
