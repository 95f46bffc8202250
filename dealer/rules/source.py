"""The one YAML reader: safe, strict, and keeping the line of every value so errors can point at it.

Mappings become :class:`Node` dicts and sequences :class:`Items` lists that carry ``.line``
(1-based) and the line of each key or item; decimals are read as :class:`~decimal.Decimal`, never
floats. Merge keys (``<<: *base``) are applied, explicit keys winning. Hostile input is refused,
never followed: each YAML node is converted once (an alias is the same value again), a recursive
alias and a document that expands to more than :data:`MAX_NODES` values are errors, and so is a tag
on anything but a plain number, text, true/false or null.

>>> doc = load_text("a: 2.5\\nb:\\n  - x\\n", "t.yaml")
>>> doc["a"], doc.line_of("b"), doc["b"].line_at(0)
(Decimal('2.5'), 2, 3)
>>> load_text("base: &b {x: 1}\\nc: {<<: *b, y: 2}\\n", "t.yaml")["c"]
{'y': 2, 'x': 1}
>>> load_text("a: [", "t.yaml")
Traceback (most recent call last):
...
dealer.core.errors.DataError: t.yaml:...: bad YAML: ...
>>> load_text("a: &a [*a]", "t.yaml")
Traceback (most recent call last):
...
dealer.core.errors.DataError: t.yaml:1: an alias that contains itself
>>> check_keys(load_text("refusd: x", "t.yaml"), ("step", "refused"), "a step")
Traceback (most recent call last):
...
dealer.core.errors.DataError: t.yaml:1: unknown key 'refusd' in a step; did you mean 'refused'?
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Collection
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from dealer.core.errors import DataError, did_you_mean

if TYPE_CHECKING:
    _SafeLoader = yaml.SafeLoader
else:  # libyaml's parser where PyYAML was built with it
    _SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_PLAIN_TAGS: dict[str, str] = {}  # a plain scalar's text -> the tag it resolves to
_REMEMBERED = 20_000  # texts remembered at most (a suite's words, seats and amounts repeat)


class _Loader(_SafeLoader):
    """The safe loader, remembering the tag each plain scalar's text resolves to: the parser asks
    for every scalar (matching the text against the implicit resolvers' patterns), and a
    scenario suite writes the same few hundred words again and again. The tag of a plain scalar
    depends on its text alone (the safe loader has no path resolvers)."""

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        if kind is yaml.ScalarNode and implicit[0]:
            tag = _PLAIN_TAGS.get(value)
            if tag is None:
                tag = _resolve(self, kind, value, implicit)
                if len(_PLAIN_TAGS) < _REMEMBERED:
                    _PLAIN_TAGS[value] = tag
            return tag
        return _resolve(self, kind, value, implicit)

    # No path resolvers: the path the parser is at is never needed.
    def descend_resolver(self, current_node: Any, current_index: Any) -> None:
        pass

    def ascend_resolver(self) -> None:
        pass


_resolve: Callable[[Any, Any, Any, Any], str] = yaml.resolver.BaseResolver.resolve

# The one data-error class, under the name the readers have always used.
SourceError = DataError

MAX_NODES = 100_000  # values a document may expand to, aliases counted each time they are used
MAX_DEPTH = 64  # nesting of lists and mappings
MAX_NUMBER = 64  # characters of a number as written
MAX_BYTES = 8_000_000  # size of a file


class Node(dict[Any, Any]):
    """A YAML mapping that remembers its line and the line of each key."""

    line: int
    file: str
    key_lines: dict[Any, int]

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line)

    def error(self, key: Any, message: str) -> DataError:
        return DataError(self.file, self.line_of(key), message)


class Items(list[Any]):
    """A YAML sequence that remembers its line and the line of each item."""

    line: int
    file: str
    item_lines: list[int]

    def line_at(self, index: int) -> int:
        return self.item_lines[index] if index < len(self.item_lines) else self.line

    def error(self, index: int, message: str) -> DataError:
        return DataError(self.file, self.line_at(index), message)


def new_node(file: str, line: int) -> Node:
    """An empty mapping placed at a line (for defaults that errors may still point at)."""
    node = Node()
    node.line, node.file, node.key_lines = line, file, {}
    return node


def check_keys(node: Node, known: Collection[str], what: str) -> None:
    """Refuse a key that is not one of ``known``, naming the closest known key."""
    for key in node:
        if key not in known:
            raise node.error(key, f"unknown key {key!r} in {what}{did_you_mean(key, known)}")


_TAG = "tag:yaml.org,2002:"
_MAP, _SEQ, _MERGE = _TAG + "map", _TAG + "seq", _TAG + "merge"
_STR, _INT, _FLOAT, _BOOL, _NULL = (_TAG + t for t in ("str", "int", "float", "bool", "null"))
_TIMESTAMP = _TAG + "timestamp"


class _Converter:
    """Composed YAML nodes to values, each node once (so an alias costs nothing and cannot bomb)."""

    def __init__(self, loader: yaml.SafeLoader, file: str) -> None:
        self.loader, self.file = loader, file
        self.done: dict[int, tuple[Any, int]] = {}  # id(node) -> (value, values it expands to)
        self.open: set[int] = set()  # nodes being converted: met again, an alias contains itself

    def error(self, node: yaml.Node, message: str) -> DataError:
        return DataError(self.file, node.start_mark.line + 1, message)

    def convert(self, node: yaml.Node, depth: int = 0) -> tuple[Any, int]:
        if isinstance(node, yaml.ScalarNode):  # the most of a document: no alias can bomb it
            return (node.value if node.tag == _STR else self.scalar(node)), 1
        key = id(node)
        found = self.done.get(key)
        if found is not None:
            return found
        if key in self.open:
            raise self.error(node, "an alias that contains itself")
        if depth > MAX_DEPTH:
            raise self.error(node, f"nested more than {MAX_DEPTH} levels deep")
        self.open.add(key)
        result: tuple[Any, int]
        if isinstance(node, yaml.MappingNode):
            result = self.mapping(node, depth)
        elif isinstance(node, yaml.SequenceNode):
            result = self.sequence(node, depth)
        else:
            result = (self.scalar(node), 1)
        self.open.discard(key)
        if result[1] > MAX_NODES:
            raise self.error(node, f"too large: it expands to more than {MAX_NODES:,} values")
        self.done[key] = result
        return result

    def mapping(self, node: yaml.MappingNode, depth: int) -> tuple[Node, int]:
        if node.tag != _MAP:
            raise self.error(node, f"a tag ({node.tag}) on a mapping is not allowed")
        mapping = new_node(self.file, node.start_mark.line + 1)
        size = 1
        merged: list[tuple[Node, int]] = []
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                merged.extend(self.merge_sources(value_node, depth))
                continue
            key, _ = self.convert(key_node, depth + 1)
            line = key_node.start_mark.line + 1
            try:
                hash(key)
            except TypeError:
                raise DataError(self.file, line, "a key must be a plain value") from None
            if isinstance(key, Node | Items):
                raise DataError(self.file, line, "a key must be a plain value")
            if key in mapping:
                raise DataError(self.file, line, f"duplicate key {key!r}")
            value, count = self.convert(value_node, depth + 1)
            mapping[key] = value
            mapping.key_lines[key] = line
            size += count + 1
        for source, count in merged:  # explicit keys win, then earlier merges
            for key, value in source.items():
                if key not in mapping:
                    mapping[key] = value
                    mapping.key_lines[key] = source.line_of(key)
            size += count
        return mapping, size

    def merge_sources(self, value: yaml.Node, depth: int) -> list[tuple[Node, int]]:
        sources = value.value if isinstance(value, yaml.SequenceNode) else [value]
        found = []
        for source in sources:
            converted, count = self.convert(source, depth + 1)
            if not isinstance(converted, Node):
                raise self.error(source, "a merge (<<) takes a mapping or a list of mappings")
            found.append((converted, count))
        return found

    def sequence(self, node: yaml.SequenceNode, depth: int) -> tuple[Items, int]:
        if node.tag != _SEQ:
            raise self.error(node, f"a tag ({node.tag}) on a list is not allowed")
        items = Items()
        items.line, items.file = node.start_mark.line + 1, self.file
        items.item_lines = []
        size = 1
        for item in node.value:
            value, count = self.convert(item, depth + 1)
            items.append(value)
            items.item_lines.append(item.start_mark.line + 1)
            size += count
        return items, size

    def scalar(self, node: yaml.Node) -> Any:
        tag, text = node.tag, str(node.value)
        if tag == _STR:
            return text
        if tag in (_INT, _FLOAT) and len(text) > MAX_NUMBER:
            raise self.error(node, f"a number of more than {MAX_NUMBER} characters")
        if tag == _FLOAT:
            try:
                number = Decimal(text.replace("_", ""))
            except InvalidOperation:
                number = Decimal("NaN")
            if not number.is_finite():
                raise self.error(node, f"bad number {text!r}")
            return number
        if tag == _TIMESTAMP:  # a date written plainly is text here
            return text
        if tag in (_INT, _BOOL, _NULL):
            try:
                return self.loader.construct_object(node)
            except (yaml.YAMLError, ValueError, TypeError):
                raise self.error(node, f"bad value {text!r}") from None
        raise self.error(node, f"a tag ({tag}) is not allowed here")


def load_text(text: str, file: str) -> Any:
    """Parse one YAML document; any problem is a :class:`DataError` at its line."""
    loader = _Loader(text)
    try:
        root = loader.get_single_node()
        if root is None:
            raise DataError(file, 1, "empty document")
        return _Converter(loader, file).convert(root)[0]
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark is not None else 1
        raise DataError(file, line, f"bad YAML: {error.problem or error.context}") from None
    except yaml.reader.ReaderError as error:  # a character YAML does not allow
        line = text.count("\n", 0, error.position) + 1
        raise DataError(file, line, f"bad YAML: {str(error).splitlines()[0]}") from None
    except yaml.YAMLError as error:
        raise DataError(file, 1, f"bad YAML: {str(error).splitlines()[0]}") from None
    except RecursionError:
        raise DataError(file, 1, "bad YAML: nested too deeply") from None
    except DataError:
        raise
    except (ValueError, TypeError) as error:  # a value PyYAML itself cannot read
        raise DataError(file, 1, f"bad YAML value: {error}") from None
    finally:
        loader.dispose()


def read_limited(path: Path, shown_as: str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file, at most ``limit`` of them; anything else is refused by name.

    A FIFO would block the reader forever and a device (a link to ``/dev/zero``) never ends, and
    ``st_size`` says nothing about either: the file is opened without blocking, checked to be a
    regular file, and read up to one byte past the limit.
    """
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise DataError(shown_as, 0, f"cannot read: {error.strerror}") from None
    try:
        mode = os.fstat(handle).st_mode
        if not stat.S_ISREG(mode):
            raise DataError(shown_as, 0, f"not a regular file ({_file_kind(mode)}): not read")
        os.set_blocking(handle, True)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(handle, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise DataError(shown_as, 0, f"cannot read: {error.strerror}") from None
    finally:
        os.close(handle)
    if size > limit:
        raise DataError(shown_as, 0, f"too large: more than {limit:,} bytes")
    return b"".join(chunks)


def _file_kind(mode: int) -> str:
    kinds = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"),
             (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))  # fmt: skip
    return next((name for test, name in kinds if test(mode)), "a special file")


def load_file(path: Path, shown_as: str | None = None) -> Any:
    name = shown_as or str(path)
    try:
        text = read_limited(path, name).decode("utf-8")
    except UnicodeDecodeError:
        raise DataError(name, 0, "not UTF-8 text") from None
    return load_text(text, name)
