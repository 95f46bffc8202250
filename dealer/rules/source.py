"""Reading YAML safely, keeping the line of every value so errors can point at it.

Mappings become :class:`Node` dicts and sequences :class:`Items` lists that carry ``.line``
(1-based) and the line of each key or item; decimals are read as :class:`~decimal.Decimal`, never
floats.

>>> doc = load_text("a: 2.5\\nb:\\n  - x\\n", "t.yaml")
>>> doc["a"], doc.line_of("b"), doc["b"].line_at(0)
(Decimal('2.5'), 2, 3)
>>> load_text("a: [", "t.yaml")
Traceback (most recent call last):
...
dealer.rules.source.SourceError: t.yaml:...: bad YAML: ...
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import yaml

_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class SourceError(ValueError):
    """Bad input, located: ``str()`` is ``file:line: message``."""

    def __init__(self, file: str, line: int, message: str) -> None:
        super().__init__(f"{file}:{line}: {message}")
        self.file, self.line, self.message = file, line, message


class Node(dict[Any, Any]):
    """A YAML mapping that remembers its line and the line of each key."""

    line: int
    file: str
    key_lines: dict[Any, int]

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line)

    def error(self, key: Any, message: str) -> SourceError:
        return SourceError(self.file, self.line_of(key), message)


class Items(list[Any]):
    """A YAML sequence that remembers its line and the line of each item."""

    line: int
    file: str
    item_lines: list[int]

    def line_at(self, index: int) -> int:
        return self.item_lines[index] if index < len(self.item_lines) else self.line

    def error(self, index: int, message: str) -> SourceError:
        return SourceError(self.file, self.line_at(index), message)


_FLOAT = "tag:yaml.org,2002:float"


def _convert(node: yaml.Node, loader: yaml.SafeLoader, file: str) -> Any:
    line = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        mapping = Node()
        mapping.line, mapping.file, mapping.key_lines = line, file, {}
        for key_node, value_node in node.value:
            key = _convert(key_node, loader, file)
            if isinstance(key, list | dict):
                raise SourceError(file, key_node.start_mark.line + 1, "a key must be a plain value")
            if key in mapping:
                raise SourceError(file, key_node.start_mark.line + 1, f"duplicate key {key!r}")
            mapping[key] = _convert(value_node, loader, file)
            mapping.key_lines[key] = key_node.start_mark.line + 1
        return mapping
    if isinstance(node, yaml.SequenceNode):
        items = Items(_convert(item, loader, file) for item in node.value)
        items.line, items.file = line, file
        items.item_lines = [item.start_mark.line + 1 for item in node.value]
        return items
    if node.tag == _FLOAT:
        try:
            return Decimal(str(node.value).replace("_", ""))
        except InvalidOperation:
            raise SourceError(file, line, f"bad number {node.value!r}") from None
    return loader.construct_object(node)


def load_text(text: str, file: str) -> Any:
    """Parse one YAML document; any problem is a :class:`SourceError` at its line."""
    loader = _Loader(text)
    try:
        root = loader.get_single_node()
        if root is None:
            raise SourceError(file, 1, "empty document")
        return _convert(root, loader, file)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark is not None else 1
        raise SourceError(file, line, f"bad YAML: {error.problem or error.context}") from None
    except yaml.YAMLError as error:
        raise SourceError(file, 1, f"bad YAML: {error}") from None
    except ValueError as error:  # e.g. a timestamp that is no date
        if isinstance(error, SourceError):
            raise
        raise SourceError(file, 1, f"bad YAML value: {error}") from None
    finally:
        loader.dispose()


def load_file(path: Path, shown_as: str | None = None) -> Any:
    name = shown_as or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise SourceError(name, 0, f"cannot read: {error.strerror}") from None
    except UnicodeDecodeError:
        raise SourceError(name, 0, "not UTF-8 text") from None
    return load_text(text, name)
