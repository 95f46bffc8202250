"""The package's layers hold their direction: nothing imports upward, and no module imports itself
back through others (an import cycle)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "dealer"
# Lowest first: a module may import from its own layer (without a cycle) and the layers below.
LAYERS = ("core", "rules", "engine", "scenarios", "apps")


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


def _layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 2 and parts[1] in LAYERS else None


def test_every_module_sits_in_a_layer() -> None:
    loose = sorted(
        name
        for name in _imports()
        if _layer(name) is None
        and name not in ("dealer", "dealer.__main__")
        and name.rsplit(".", 1)[-1] != "__init__"
        and name.count(".") != 1
    )
    assert loose == []


def test_nothing_imports_upward() -> None:
    upward = sorted(
        f"{name} -> {target}"
        for name, targets in _imports().items()
        for target in targets
        if (low := _layer(name)) is not None and (high := _layer(target)) is not None and high > low
    )
    assert upward == []


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
