"""The layers of docs/design.md hold: imports point down only and form no cycle, and the core
imports without the solver's compiled kernels (numba, numpy).

Imports are read from the source (``ast``), those inside functions included: a module's edges
go to every ``skat`` module it names (``from skat.x import y`` names ``skat.x.y`` when that is a
module, else ``skat.x``). The layers are read from the table under "## Layers" in docs/design.md,
so the table and the code cannot part.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "skat"


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported(source: str, names: set[str]) -> set[str]:
    """The modules of ``names`` that ``source`` imports anywhere (inside functions too): ``from
    skat.x import y`` names ``skat.x.y`` when that is a module, else ``skat.x``, and a name that
    is no module counts as the nearest package that is."""

    def resolve(name: str) -> str:
        while name and name not in names:
            name = name.rpartition(".")[0]
        return name

    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            targets = [
                f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in names else node.module
                for a in node.names
            ]
        found.update(resolve(t) for t in targets if t == "skat" or t.startswith("skat."))
    found.discard("")
    return found


def import_edges() -> dict[str, set[str]]:
    """Each module's imports of other ``skat`` modules, those inside functions included."""
    mods = modules()
    names = set(mods)
    return {
        name: imported(path.read_text(encoding="utf-8"), names) - {name}
        for name, path in mods.items()
    }


def layers() -> list[tuple[str, list[str]]]:
    """docs/design.md's layer table, in order: (layer, the module names its row gives)."""
    text = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    section = text.split("## Layers", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[1].startswith("`"):
            rows.append((cells[0], re.findall(r"`(skat[\w.]*)`", cells[1])))
    return rows


def layer_of(module: str, table: list[tuple[str, list[str]]]) -> int:
    """The row of ``module`` (the longest name that holds it; plain ``skat`` is the core)."""
    best, rank = "", -1
    for index, (_, names) in enumerate(table):
        for name in names:
            held = module == name or module.startswith(name + ".")
            if held and len(name) > len(best):
                best, rank = name, index
    return rank


def test_the_layer_table_names_the_core_first_and_every_module_finds_its_row() -> None:
    table = layers()
    assert [layer for layer, _ in table][:3] == ["core", "solver", "players"]
    assert table[0][1] == ["skat"]
    assert all(layer_of(name, table) >= 0 for name in modules())


def upward(edges: dict[str, set[str]], table: list[tuple[str, list[str]]]) -> list[str]:
    """The imports that go to a layer listed after the importer's."""
    return sorted(
        f"{name} ({table[layer_of(name, table)][0]}) imports {target} "
        f"({table[layer_of(target, table)][0]})"
        for name, targets in edges.items()
        for target in targets
        if layer_of(target, table) > layer_of(name, table)
    )


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other round a cycle (Tarjan's strongly
    connected components of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_imports_point_down_only() -> None:
    assert upward(import_edges(), layers()) == []


def test_no_modules_import_each_other_in_a_cycle() -> None:
    assert cycles(import_edges()) == []


def test_the_checks_find_the_claim_cycle_the_core_once_had() -> None:
    # skat.state imported skat.claim inside a function, and claim -> solver -> position -> record
    # -> state closed the cycle: both checks must see such an edge again
    edges = import_edges()
    assert "skat.claim" not in edges["skat.state"]
    edges["skat.state"] = {*edges["skat.state"], "skat.claim"}
    assert any({"skat.claim", "skat.state", "skat.record"} <= set(group) for group in cycles(edges))
    assert "skat.state (core) imports skat.claim (solver)" in upward(edges, layers())


def test_imports_inside_functions_and_of_submodules_are_read() -> None:
    names = {"skat", "skat.claim", "skat.server", "skat.server.game", "skat.cards"}
    source = (
        "from skat.server import game, create_app\n"
        "import skat.cards\n"
        "def f() -> None:\n"
        "    from skat.claim import settle\n"
    )
    assert imported(source, names) == {
        "skat.server.game",
        "skat.server",
        "skat.cards",
        "skat.claim",
    }


BLOCKER = """
import importlib, importlib.abc, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in ("numba", "numpy"):
            raise ImportError("the core must not need " + name)
sys.meta_path.insert(0, Block())
for name in sys.argv[1:]:
    importlib.import_module(name)
print("imported", len(sys.argv) - 1)
"""


def test_the_core_imports_without_numba_or_numpy() -> None:
    table = layers()
    core = sorted(name for name in modules() if layer_of(name, table) == 0)
    assert {"skat.state", "skat.record", "skat.scoring"} <= set(core)
    done = subprocess.run(
        [sys.executable, "-c", BLOCKER, *core],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"imported {len(core)}"


@pytest.mark.parametrize("blocked", ["skat.solver", "skat.players.strong"])
def test_the_blocker_does_refuse_what_needs_numba(blocked: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", BLOCKER, blocked],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode != 0
    assert "must not need" in done.stderr
