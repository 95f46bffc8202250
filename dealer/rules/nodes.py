"""The values the YAML reader (:mod:`dealer.rules.source`) gives: mappings and lists that know
their lines. Kept apart from the reader, which imports PyYAML, so that the modules checking data
can be imported (and their kept values read back, :mod:`dealer.rules.cache`) without it.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from dealer.core.errors import DataError, did_you_mean

# Limits both YAML readers keep (dealer.rules.block hands what passes them to dealer.rules.events,
# which refuses it at its line).
MAX_NODES = 100_000  # values a document may expand to, aliases counted each time they are used
MAX_DEPTH = 64  # nesting of lists and mappings
MAX_NUMBER = 64  # characters of a number as written

# The one data-error class, under the name the readers have always used.
SourceError = DataError


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
