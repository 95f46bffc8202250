"""The YAML reader builds values straight from the parser's events: it must read every shipped file
as PyYAML's safe loader reads it (floats as Decimal), each value at the line its node starts."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import yaml

from dealer.core.errors import DataError
from dealer.rules.source import Items, Node, load_file, load_text
from tests.conftest import ROOT

FOLDERS = (ROOT / "procedures", ROOT / "scenarios")
SHIPPED = [path for folder in FOLDERS for path in sorted(folder.rglob("*.yaml"))]


def _safe(value: Any) -> Any:
    """The safe loader's value with floats as the reader keeps them, and dates as text."""
    if isinstance(value, dict):
        return {_safe(key): _safe(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_safe(item) for item in value]
    if isinstance(value, float):
        return Decimal(repr(value))
    return value


def _lines(value: Any, node: yaml.Node) -> list[tuple[int, int]]:
    """(reader's line, composer's line) of every mapping, key and item, in the document's order."""
    pairs: list[tuple[int, int]] = []
    if isinstance(node, yaml.MappingNode) and isinstance(value, Node):
        pairs.append((value.line, node.start_mark.line + 1))
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = key_node.value if key_node.tag == "tag:yaml.org,2002:str" else None
            if key is None or key not in value:
                continue
            pairs.append((value.line_of(key), key_node.start_mark.line + 1))
            pairs.extend(_lines(value[key], value_node))
    elif isinstance(node, yaml.SequenceNode) and isinstance(value, Items):
        pairs.append((value.line, node.start_mark.line + 1))
        for index, item in enumerate(node.value):
            pairs.append((value.line_at(index), item.start_mark.line + 1))
            pairs.extend(_lines(value[index], item))
    return pairs


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_shipped_file_reads_as_the_safe_loader_reads_it(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    value = load_file(path)
    assert _plain(value) == _safe(yaml.safe_load(text))
    node = yaml.compose(text, Loader=yaml.SafeLoader)
    assert node is not None
    pairs = _lines(value, node)
    assert pairs and all(ours == theirs for ours, theirs in pairs)


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("a: &x 1\nb: &x 2\n", 2, "bad YAML: second occurrence"),
        ("a: 1\nb: *nowhere\n", 2, "bad YAML: found undefined alias"),
        ("a: 1\n---\nb: 2\n", 2, "bad YAML: but found another document"),
        ("a: 1\na: 2\n", 2, "duplicate key 'a'"),
        ("a:\n  - &s [1, *s]\n", 2, "an alias that contains itself"),
        ("a: !!python/name:os.system x\n", 1, "a tag (tag:yaml.org,2002:python/name:os.system)"),
        ("a: !!set {x}\n", 1, "a tag (tag:yaml.org,2002:set) on a mapping is not allowed"),
        ("a:\n  <<: 1\n", 2, "a merge (<<) takes a mapping or a list of mappings"),
        ("a: 0x1F\nb: 017\nc: +3\nd: 1_000\n", 0, ""),
        ("", 1, "empty document"),
    ],
)
def test_what_the_reader_refuses_it_refuses_at_its_line(text: str, line: int, message: str) -> None:
    if not message:  # read as the safe loader reads it (hex, octal, signed, underscores)
        assert load_text(text, "t.yaml") == {"a": 31, "b": 15, "c": 3, "d": 1000}
        return
    with pytest.raises(DataError) as caught:
        load_text(text.encode(), "t.yaml")
    assert (caught.value.line, caught.value.message[: len(message)]) == (line, message)


def test_merge_keys_and_aliases_are_the_anchored_values() -> None:
    doc = load_text("base: &b {x: 1, y: 2}\nc:\n  <<: [*b, {z: 3}]\n  y: 9\nd: *b\n", "t.yaml")
    assert doc["c"] == {"y": 9, "x": 1, "z": 3} and doc["d"] is doc["base"]
    assert doc["c"].line_of("x") == 1 and doc["c"].line_of("y") == 4
