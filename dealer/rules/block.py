"""A reader of our own for the block-style YAML the project's files are written in, without PyYAML.

Importing PyYAML costs a one-shot command such as ``dealer ask FILE`` more than reading its file
(its resolvers' regular expressions are compiled at import), so the common case is read here, line
by line: block mappings and lists, plain and quoted scalars on one line, comments, and flow lists
and mappings (closed on their line, or on a later line more indented than the key or item that
holds them). Values and lines are those of the full reader
(:mod:`dealer.rules.events`): :class:`Node` and :class:`Items` with the line of every key and
item, plain scalars typed as YAML 1.1's safe loader types them (ints, decimals as
:class:`~decimal.Decimal`, true/false words, null). Anything else, and anything this reader is not
sure of (anchors, tags, block scalars, a quoted or plain text over several lines, a date, an
octal number, a duplicate key, any error), raises :class:`Outside` and the full reader reads the
file: it is never a second opinion on what YAML means, only a shortcut where the answer is plain.

>>> doc = read_block("a: 2.5\\nb:\\n  - x\\n  - {1: yes}\\n", "t.yaml")
>>> doc, doc.line_of("b"), doc["b"].line_at(1)
({'a': Decimal('2.5'), 'b': ['x', {1: True}]}, 2, 4)
>>> read_block("a: &x 1\\n", "t.yaml")
Traceback (most recent call last):
...
dealer.rules.block.Outside: 1
"""

from __future__ import annotations

import re
from bisect import bisect_right
from decimal import Decimal
from typing import Any

from dealer.rules.nodes import MAX_DEPTH, MAX_NODES, MAX_NUMBER, Items, Node

__all__ = ["Outside", "read_block"]

# Below this many characters a document cannot expand to MAX_NODES values (without aliases each
# value takes two characters at least), so no count is kept here; deeper than MAX_DEPTH or a number
# longer than MAX_NUMBER is handed on, and refused there.
MAX_TEXT = 2 * MAX_NODES - 10_000
MAX_KEY = 1000  # characters of a key: YAML's simple keys stop at 1024

_BOOLS = {word: value for value, words in ((True, "yes true on"), (False, "no false off"))
          for low in words.split() for word in (low, low.title(), low.upper())}  # fmt: skip
_NULLS = frozenset(("~", "null", "Null", "NULL"))
_BOOL_OR_NULL_START = frozenset("yYnNtTfFoO")  # where YAML 1.1's bool and null words begin
_NUMBER_START = frozenset("-+0123456789.")  # where its ints, floats and dates begin
# Every character its int, float and timestamp patterns can match: a plain scalar that starts like
# a number but holds another character is text.
_NUMBER_CHARS = frozenset("0123456789+-._:eExXabcdefABCDEFiInNTtZ ")
_DASH = frozenset(("-", "- "))  # a row's first two characters when it is a list's item
_SPACE_OR_END = frozenset((" ", ""))
_NOT_PLAIN_START = frozenset("[]{},#&*!|>'\"%@`")  # indicators a plain scalar cannot start with
_BLANKS = " \n"  # what separates the values of a flow (a row break in a flow over several rows)


class Outside(Exception):
    """The text is not in the plain subset this reader is sure of: the full reader must read it.
    The argument is the line where the reader stopped."""


def read_block(text: str, file: str) -> Any:
    """The document ``text`` as the full reader gives it, or :class:`Outside`."""
    if len(text) > MAX_TEXT:
        raise Outside(1)
    if not text.replace("\n", "").isprintable():
        raise Outside(1)  # tabs, CR, a BOM, control or other characters YAML refuses
    rows: list[tuple[int, int, str]] = []  # (line, indent, content without comment)
    number = 0
    for raw in text.split("\n"):
        number += 1
        content = raw.lstrip(" ")
        if not content:
            continue
        indent = len(raw) - len(content)
        if content[0] == "#":
            continue
        if "#" in content:
            if "'" in content or '"' in content:
                content = _uncommented(content, number)
            else:
                cut = content.find(" #")
                if cut >= 0:
                    content = content[:cut]
        if content[-1] == " ":
            content = content.rstrip(" ")
        if indent == 0 and (content[0] in "%" or content.startswith(("---", "..."))):
            raise Outside(number)  # directives and document markers
        rows.append((number, indent, content))
    if not rows:
        raise Outside(1)
    reader = _Reader(rows, file)
    try:
        value = reader.block(rows[0][1], 0)
    except (IndexError, ValueError):  # an unclosed flow, a number Python refuses: handed on
        raise Outside(rows[min(reader.at, len(rows) - 1)][0]) from None
    if reader.at != len(rows):
        raise Outside(rows[reader.at][0])
    return value


def _uncommented(content: str, number: int) -> str:
    """A row with quotes and a ``#`` without its comment. A quote after a space, a bracket or a
    comma is taken to open a quoted scalar; where that reading and a plain scalar's could differ
    (a ``#`` inside it, a quote left open, an escape) the row is handed on."""
    if "\\" in content:
        raise Outside(number)
    at, size = 0, len(content)
    while at < size:
        char = content[at]
        if char == "#" and at and content[at - 1] == " ":
            return content[:at].rstrip(" ")
        if (char == "'" or char == '"') and (at == 0 or content[at - 1] in " [{,"):
            end = content.find(char, at + 1)
            while char == "'" and end >= 0 and content.startswith("'", end + 1):
                end = content.find(char, end + 2)  # '' is a quote inside
            if end < 0 or " #" in content[at:end]:
                raise Outside(number)
            at = end
        at += 1
    return content


class _Reader:
    def __init__(self, rows: list[tuple[int, int, str]], file: str) -> None:
        self.rows, self.file, self.at = rows, file, 0

    def block(self, indent: int, depth: int) -> Any:
        """The mapping or list whose first row is the next one, at ``indent``."""
        if depth > MAX_DEPTH:
            raise Outside(self.rows[self.at][0])
        content = self.rows[self.at][2]
        if content[:2] in _DASH:
            return self.sequence(indent, depth)
        return self.mapping(indent, depth)

    def mapping(self, indent: int, depth: int, entry: tuple[Any, str] | None = None) -> Node:
        """The mapping at ``indent``; ``entry``: its first row's, already read."""
        rows, count = self.rows, len(self.rows)
        node = Node()
        node.line, node.file = rows[self.at][0], self.file
        lines: dict[Any, int] = {}
        node.key_lines = lines
        while self.at < count:
            number, row_indent, content = rows[self.at]
            if row_indent != indent or content[:2] in _DASH:  # the mapping ends
                if row_indent > indent:
                    raise Outside(number)
                break  # a shallower row, or the rest of a list at its key's indent (the caller's)
            if entry is None:
                entry = _entry(content, number)
                if entry is None:
                    raise Outside(number)
            key, rest = entry
            entry = None
            if key in lines:
                raise Outside(number)  # a duplicate key: refused by the full reader
            self.at += 1
            if rest:
                value = _SEEN.get(rest, _plain)  # a plain value seen before (see _plain)
                if value is _plain or rest[-1] == ":":
                    try:
                        value = _inline(rest, number, depth + 1, self.file)
                    except IndexError:  # a flow not closed on its row
                        value = self.flow_rows(rest, number, depth + 1, indent)
                node[key] = value
            elif self.at < count and rows[self.at][1] > indent:
                node[key] = self.block(rows[self.at][1], depth + 1)
            elif self.at < count and _is_item(rows[self.at], indent):
                node[key] = self.sequence(indent, depth + 1)  # a list at its key's indent
            else:
                node[key] = None
            lines[key] = number
        return node

    def sequence(self, indent: int, depth: int) -> Items:
        rows, count = self.rows, len(self.rows)
        items = Items()
        items.line, items.file = rows[self.at][0], self.file
        lines: list[int] = []
        items.item_lines = lines
        while self.at < count:
            number, row_indent, content = rows[self.at]
            if row_indent != indent or content[:2] not in _DASH:  # the list ends
                if row_indent > indent:
                    raise Outside(number)
                break  # a shallower row, or a key after a list at its indent (the mapping's)
            rest = content[1:].lstrip(" ")
            if not rest:
                self.at += 1
                if self.at < count and rows[self.at][1] > indent:
                    lines.append(rows[self.at][0])
                    items.append(self.block(rows[self.at][1], depth + 1))
                    continue
                raise Outside(number)  # an empty item
            if rest[:2] in _DASH:
                raise Outside(number)  # a list begun on an item's line
            lines.append(number)
            entry = _entry(rest, number)
            if entry is not None:  # a mapping begun on the item's line
                inner = indent + len(content) - len(rest)
                rows[self.at] = (number, inner, rest)
                items.append(self.mapping(inner, depth + 1, entry))
            else:
                self.at += 1
                value = _SEEN.get(rest, _plain)
                if value is _plain or rest[-1] == ":":
                    try:
                        value = _inline(rest, number, depth + 1, self.file)
                    except IndexError:  # a flow not closed on its row
                        value = self.flow_rows(rest, number, depth + 1, indent)
                items.append(value)
        return items

    def flow_rows(self, first: str, number: int, depth: int, indent: int) -> Any:
        """A flow list or mapping begun on row ``number`` (``first``: the rest of that row) and
        closed on a later row; the rows it runs over, each more indented than ``indent`` (the key's
        or the item's), are read as one text with a line break between rows, and every value keeps
        the line it starts on."""
        if first[0] != "[" and first[0] != "{":
            raise Outside(number)
        rows, count = self.rows, len(self.rows)
        parts, where = [first], _Lines(number)
        at, size = self.at, len(first) + 1
        while at < count and rows[at][1] > indent:
            line, _, content = rows[at]
            parts.append(content)
            where.add(size, line)
            size += len(content) + 1
            at += 1
        text = "\n".join(parts)
        value, end = _flow(text, 0, number, depth, self.file, where)  # IndexError: not closed
        if end < len(text) and text[end] != "\n":
            raise Outside(where.line(text, end))  # more on the row that closes it
        self.at += bisect_right(where.starts, end - 1) - 1  # the rows after the first it took
        return value


class _Lines:
    """The line of each place in a flow's text joined from several rows."""

    __slots__ = ("numbers", "starts")

    def __init__(self, number: int) -> None:
        self.starts, self.numbers = [0], [number]  # where each row begins in the text, its line

    def add(self, start: int, number: int) -> None:
        self.starts.append(start)
        self.numbers.append(number)

    def line(self, text: str, at: int) -> int:
        """The line of the value at ``at`` or after the blanks there."""
        while text[at] in _BLANKS:
            at += 1
        return self.numbers[bisect_right(self.starts, at) - 1]


def _is_item(row: tuple[int, int, str], indent: int) -> bool:
    content = row[2]
    return row[1] == indent and content[:2] in _DASH


def _entry(content: str, number: int) -> tuple[Any, str] | None:
    """``(key, the rest of the line)`` of a ``key: value`` row, ``None`` for a row that is no
    mapping entry; :class:`Outside` for a key this reader does not read."""
    cut = content.find(": ")
    if cut < 0:
        if content[-1] != ":":
            return None
        cut = len(content) - 1
    first = content[0]
    if first == "[" or first == "{":
        return None  # a flow value (a flow key is caught as the flow ends before the row does)
    if first == "'" or first == '"':
        text, end = _quoted(content, 0, number)
        if not content.startswith(":", end):
            return None
        if content[end + 1 : end + 2] not in _SPACE_OR_END or end > MAX_KEY:
            raise Outside(number)
        return text, content[end + 2 :].lstrip(" ")
    if first in _NOT_PLAIN_START or (
        first in "?:-" and (content[1:2] in _SPACE_OR_END or cut == 1)
    ):
        # a complex, anchored or tagged key; or a key "-", "?" or ":" alone, which would be
        # remembered (_plain) as a plain value where it is an indicator
        raise Outside(number)
    if cut > MAX_KEY:
        raise Outside(number)
    key = content[:cut].rstrip(" ")
    found = _SEEN.get(key, _plain)
    return (_plain(key, number) if found is _plain else found), content[cut + 2 :].lstrip(" ")


def _inline(text: str, number: int, depth: int, file: str) -> Any:
    """The value written on the rest of a row."""
    first = text[0]
    if first == "[" or first == "{":
        value, end = _flow(text, 0, number, depth, file)
        if end != len(text):
            raise Outside(number)
        return value
    if first == "'" or first == '"':
        value, end = _quoted(text, 0, number)
        if end != len(text):
            raise Outside(number)
        return value
    if first in _NOT_PLAIN_START or (first in "?:-" and text[1:2] in _SPACE_OR_END):
        raise Outside(number)
    if ": " in text or text[-1] == ":":
        raise Outside(number)  # a mapping where a value is: refused by the full reader
    found = _SEEN.get(text, _plain)
    return _plain(text, number) if found is _plain else found


def _quoted(text: str, start: int, number: int) -> tuple[str, int]:
    """A quoted scalar closed on its line: its text and the index after its closing quote."""
    quote = text[start]
    if quote == '"':
        end = text.find('"', start + 1)
        if end < 0 or "\\" in text[start:end] or "\n" in text[start:end]:
            raise Outside(number)  # escapes, or a text over several lines
        return text[start + 1 : end], end + 1
    parts: list[str] = []
    at = start + 1
    while True:
        end = text.find("'", at)
        if end < 0 or "\n" in text[at:end]:
            raise Outside(number)
        if text.startswith("'", end + 1):  # '' is one quote
            parts.append(text[at : end + 1])
            at = end + 2
            continue
        parts.append(text[at:end])
        return "".join(parts), end + 1


def _flow(
    text: str, start: int, number: int, depth: int, file: str, where: _Lines | None = None
) -> tuple[Any, int]:
    """A flow list or mapping closed on its line (or in ``text`` joined from several rows, each
    value at its line in ``where``): its value and the index after it."""
    if depth > MAX_DEPTH:
        raise Outside(number)
    at = start + 1
    match = _FLOW_PLAIN.match
    if text[start] == "[":
        items = Items()
        items.line, items.file = number if where is None else where.line(text, start), file
        lines: list[int] = []
        items.item_lines = lines
        while True:
            begin = at
            found = match(text, at)
            if found is not None:
                value = _SEEN.get(found[1], _plain)
                items.append(_plain(found[1], number) if value is _plain else value)
                at = found.end()
            else:
                while text[at] in _BLANKS:
                    at += 1
                if text[at] == "]":  # an empty list, or a comma before its end
                    return items, at + 1
                value, at = _flow_value(text, at, number, depth, file, where)
                items.append(value)
            lines.append(number if where is None else where.line(text, begin))
            char = text[at]
            if char == ",":
                at += 1
            elif char == "]":
                return items, at + 1
            else:
                raise Outside(number)  # a pair in a list, or what follows a quote
    node = Node()
    node.line, node.file = number if where is None else where.line(text, start), file
    keys: dict[Any, int] = {}
    node.key_lines = keys
    while True:
        begin = at
        found = match(text, at)
        if found is not None:
            key = _SEEN.get(found[1], _plain)
            if key is _plain:
                key = _plain(found[1], number)
            at = found.end()
        else:
            while text[at] in _BLANKS:
                at += 1
            char = text[at]
            if char == "}":
                return node, at + 1
            if char != "'" and char != '"':
                raise Outside(number)  # a flow key, or none
            key, at = _flow_value(text, at, number, depth, file, where)
        if text[at] != ":" or text[at + 1] != " " or key in keys:
            raise Outside(number)
        found = match(text, at + 2)
        if found is not None:
            value = _SEEN.get(found[1], _plain)
            if value is _plain:
                value = _plain(found[1], number)
            at = found.end()
        else:
            value, at = _flow_value(text, at + 2, number, depth, file, where)
        node[key] = value
        keys[key] = number if where is None else where.line(text, begin)
        char = text[at]
        if char == ",":
            at += 1
        elif char == "}":
            return node, at + 1
        else:
            raise Outside(number)


# A plain scalar inside a flow (blanks before it and spaces after it dropped), up to the comma,
# bracket or colon that ends it on its row; not one that begins like an indicator, holds a '#' or
# runs to the end of the row (a plain scalar over several rows is handed on).
_FLOW_PLAIN = re.compile(
    r"[ \n]*((?:[^-?:,\[\]{}#'\"&*!|>%@` \n]|[-?][^ ,\[\]{}:#\n])[^,\[\]{}:#\n]*?) *(?=[,\]}:])"
)


def _flow_value(
    text: str, at: int, number: int, depth: int, file: str, where: _Lines | None
) -> tuple[Any, int]:
    """A flow or quoted value inside a flow collection (plain ones are :data:`_FLOW_PLAIN`'s),
    and the index of what follows it, spaces skipped (not a row break: a key must end on its row,
    and a value or an item is handed on when its comma is on a later row)."""
    while text[at] in _BLANKS:
        at += 1
    first = text[at]
    if first == "[" or first == "{":
        value, at = _flow(text, at, number, depth + 1, file, where)
    elif first == "'" or first == '"':
        value, at = _quoted(text, at, number)
    else:
        raise Outside(number)
    while text[at] == " ":
        at += 1
    return value, at


def _plain(text: str, number: int) -> Any:
    """A plain scalar's value, remembered: a suite writes the same few hundred words again and
    again, and a plain scalar's value depends on its text alone (each value is immutable). The
    callers look in :data:`_SEEN` first (its default, ``_plain`` itself, meaning unseen). Only
    texts that are plain scalars as written get here: a row's rest found among them is one, unless
    it ends with a colon (a key's text may, a value's may not)."""
    value = _typed(text, number)
    if len(_SEEN) < _REMEMBERED:
        _SEEN[text] = value
    return value


_SEEN: dict[str, Any] = {}
_REMEMBERED = 20_000  # texts remembered at most


def _typed(text: str, number: int) -> Any:
    """A plain scalar typed as YAML 1.1's safe loader types it, or :class:`Outside` where this
    reader would have to guess (octal, hex, sexagesimal, dates, exponents, infinities...)."""
    first = text[0]
    if first in _NUMBER_START:
        if text.isdigit() and text.isascii() and (first != "0" or text == "0"):
            if len(text) > MAX_NUMBER:
                raise Outside(number)
            return int(text)
        if not _NUMBER_CHARS.issuperset(text):
            return text  # no int, float or date has such a character
        digits = text[1:] if first in "+-" else text
        if (
            "." in text
            or ":" in text
            or "_" in text
            or digits.startswith(("0x", "0b"))
            or (text[:4].isdigit() and text[4:5] == "-")
        ):  # a float, a sexagesimal, hex, binary or a date: only the plainest float is read here
            whole, dot, part = digits.partition(".")
            if len(text) <= MAX_NUMBER and dot and whole.isdigit() and part.isdigit():
                return Decimal(text)
            raise Outside(number)
        if not digits.isdigit():
            return text  # none of YAML 1.1's ints (nor its floats, which all have a dot)
        if len(text) <= MAX_NUMBER and (digits[0] != "0" or digits == "0"):
            return int(text)
        raise Outside(number)  # octal, or too long
    if first in _BOOL_OR_NULL_START:
        found = _BOOLS.get(text)
        if found is not None:
            return found
        return None if text in _NULLS else text
    if first == "~":
        return None if text == "~" else text
    if text == "<<" or text == "=":  # a merge key, YAML's value key: the full reader's
        raise Outside(number)
    return text
