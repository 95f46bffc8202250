"""The package's layers import one way (issue 23 item 5).

From the bottom: ``core`` (cards, chips, betting), ``rules`` (the rulebook and its texts),
``engine`` (the procedure machine), ``scenarios`` (the file format and replay), then the
applications: ``present`` (words for typed values), ``phh`` and ``floor``, ``training``, ``web``
and, on top, ``cli``. A module may import its own layer and the layers below it, never above:
the words are made at the edge, and nothing below an application knows it exists. Imports inside
functions count too (they are how the command line stays quick to start, not a way around this).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "dealer"

# Each layer with the layers it may import (besides itself).
ALLOWED: dict[str, frozenset[str]] = {}
_ORDER = [
    ("dealer.core", ()),
    ("dealer.rules", ("dealer.core",)),
    ("dealer.engine", ("dealer.rules",)),
    ("dealer.scenarios", ("dealer.engine",)),
    ("dealer.apps.present", ("dealer.scenarios",)),
    ("dealer.apps.phh", ("dealer.scenarios",)),
    ("dealer.apps.floor", ("dealer.apps.present",)),
    ("dealer.apps.training", ("dealer.apps.floor",)),
    ("dealer.apps.web", ("dealer.apps.training",)),
    ("dealer.apps.cli", ("dealer.apps.web", "dealer.apps.phh")),
]
for _layer, _below in _ORDER:
    ALLOWED[_layer] = frozenset(_below).union(*(ALLOWED[b] for b in _below))
# The package's front door (dealer.rule(), dealer.Hand) is the Python API over the lower layers.
ALLOWED["dealer"] = ALLOWED["dealer.scenarios"] | {"dealer.scenarios"}
ALLOWED["dealer.__main__"] = frozenset({"dealer.apps.cli"})
ALLOWED["dealer.apps"] = frozenset()  # the applications' namespace: imports nothing
# Shared leaves every layer may read: the version string and the JSON schemas' folder.
LEAVES = frozenset({"dealer", "dealer.__version__", "dealer.schemas"})


def layer_of(module: str) -> str:
    """The layer a dotted module name belongs to.

    >>> layer_of("dealer.apps.floor.which")
    'dealer.apps.floor'
    >>> layer_of("dealer.engine.obligations")
    'dealer.engine'
    >>> layer_of("dealer")
    'dealer'
    """
    parts = module.split(".")
    depth = 3 if parts[:2] == ["dealer", "apps"] else 2
    return ".".join(parts[:depth])


def modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        yield name, path


def imported(path: Path) -> Iterator[tuple[int, str]]:
    """Every ``dealer`` module a file imports, with the line (absolute imports only: the package
    uses no relative ones)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}:{node.lineno}: relative import"
            if node.module and node.module.split(".")[0] == "dealer":
                yield node.lineno, node.module
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "dealer":
                    yield node.lineno, alias.name


@pytest.mark.parametrize(("module", "path"), list(modules()), ids=[m for m, _ in modules()])
def test_imports_go_down(module: str, path: Path) -> None:
    own = layer_of(module)
    assert own in ALLOWED, f"{module} is in no layer: add its package to tests/test_layers.py"
    wrong = [
        f"{path.relative_to(PACKAGE.parent)}:{line}: {own} imports {target}"
        for line, target in imported(path)
        if (layer := layer_of(target)) != own and layer not in ALLOWED[own] and target not in LEAVES
    ]
    assert wrong == []


def test_the_applications_are_subpackages() -> None:
    """``apps/`` shows its parts: no flat modules beside the subpackages, no old-path shims."""
    apps = PACKAGE / "apps"
    flat = sorted(p.name for p in apps.glob("*.py") if p.name != "__init__.py")
    assert flat == []
    parts = sorted(p.name for p in apps.iterdir() if (p / "__init__.py").is_file())
    assert parts == ["cli", "floor", "phh", "present", "training", "web"]
    assert {f"dealer.apps.{p}" for p in parts} <= ALLOWED.keys()


def test_a_wrong_import_is_caught(tmp_path: Path) -> None:
    """The check itself can fail: a rule module importing the floor is reported with its line."""
    source = tmp_path / "bad.py"
    source.write_text("import os\n\nfrom dealer.apps.floor.which import candidates\n")
    found = [
        (line, target)
        for line, target in imported(source)
        if layer_of(target) not in ALLOWED["dealer.rules"]
    ]
    assert found == [(3, "dealer.apps.floor.which")]


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports() -> dict[str, set[str]]:
    """Every module of the package and the package modules it imports, anywhere in its text
    (type-checking and function-level imports count too)."""
    modules = {_module(path): path for path in PACKAGE.rglob("*.py")}
    found: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    targets.add(full if full in modules else node.module)
            elif isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
        found[name] = {target for target in targets if target in modules and target != name}
    return found


def test_no_import_cycle() -> None:
    graph = _imports()
    done: set[str] = set()
    cycles: list[str] = []

    def visit(name: str, path: list[str]) -> None:
        if name in path:
            cycles.append(" -> ".join([*path[path.index(name) :], name]))
            return
        if name in done:
            return
        for target in sorted(graph.get(name, ())):
            visit(target, [*path, name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])
    assert cycles == []
