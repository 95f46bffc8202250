"""The full YAML reader, on PyYAML's parser (libyaml's where PyYAML was built with it): what the
plain reader (:mod:`dealer.rules.block`) hands on, it reads. Safe, strict, and keeping the line of
every value; :func:`dealer.rules.source.load_text` is the way in.

Mappings become :class:`Node` dicts and sequences :class:`Items` lists that carry ``.line``
(1-based) and the line of each key or item; decimals are read as :class:`~decimal.Decimal`, never
floats. Merge keys (``<<: *base``) are applied, explicit keys winning. Hostile input is refused,
never followed: each YAML node is converted once (an alias is the same value again), a recursive
alias and a document that expands to more than :data:`MAX_NODES` values are errors, and so is a tag
on anything but a plain number, text, true/false or null.

>>> load_events("base: &b {x: 1}\\nc: {<<: *b, y: 2}\\n", "t.yaml")["c"]
{'y': 2, 'x': 1}
>>> load_events("a: &a [*a]", "t.yaml")
Traceback (most recent call last):
...
dealer.core.errors.DataError: t.yaml:1: an alias that contains itself
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any

import yaml

from dealer.core.errors import DataError
from dealer.rules.nodes import MAX_DEPTH, MAX_NODES, MAX_NUMBER, Items, Node

__all__ = ["MAX_NODES", "load_events"]

if TYPE_CHECKING:
    _SafeLoader = yaml.SafeLoader
else:  # libyaml's parser where PyYAML was built with it
    _SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# A plain scalar's text -> the tag it resolves to: a suite writes the same few hundred words
# again and again, and the tag of a plain scalar depends on its text alone (the safe loader has
# no path resolvers).
_PLAIN_TAGS: dict[str, str] = {}
_REMEMBERED = 20_000  # texts remembered at most (a suite's words, seats and amounts repeat)


_resolve: Callable[[Any, Any, Any, Any], str] = yaml.resolver.BaseResolver.resolve


_TAG = "tag:yaml.org,2002:"
_MAP, _SEQ, _MERGE = _TAG + "map", _TAG + "seq", _TAG + "merge"
_STR, _INT, _FLOAT, _BOOL, _NULL = (_TAG + t for t in ("str", "int", "float", "bool", "null"))
_TIMESTAMP = _TAG + "timestamp"


_SCALAR_EVENT, _ALIAS_EVENT = yaml.ScalarEvent, yaml.AliasEvent
_MAPPING_START, _SEQUENCE_START = yaml.MappingStartEvent, yaml.SequenceStartEvent
_MAPPING_END, _SEQUENCE_END = yaml.MappingEndEvent, yaml.SequenceEndEvent
_OPEN = (None, -1)  # an anchor whose collection is being read: an alias to it contains itself


class _Composer:
    """The parser's events straight to values, each with its line: no node tree in between.

    The events come from libyaml (the safe loader's parser); what PyYAML's composer and safe
    constructor would then do is done here in one pass: plain scalars resolved to their YAML 1.1
    types (text, int, Decimal for floats, bool, null), anchors and aliases (an alias is the
    anchored value again, counted each time it is used), merge keys, duplicate keys refused.
    """

    def __init__(self, loader: yaml.SafeLoader, file: str) -> None:
        self.loader, self.file = loader, file
        self.next: Callable[[], Any] = loader.get_event
        self.anchors: dict[str, tuple[Any, int]] = {}  # anchor -> (value, values it expands to)
        self.anchor_lines: dict[str, int] = {}

    def error(self, line: int, message: str) -> DataError:
        return DataError(self.file, line, message)

    def document(self) -> Any:
        """The one document of the stream (``empty document`` when there is none)."""
        next_event = self.next
        next_event()  # the stream's start
        event = next_event()
        if isinstance(event, yaml.StreamEndEvent):
            raise self.error(1, "empty document")
        value, _ = self.value(next_event(), 0)
        next_event()  # the document's end
        event = next_event()
        if not isinstance(event, yaml.StreamEndEvent):
            raise self.error(event.start_mark.line + 1, "bad YAML: but found another document")
        return value

    def value(self, event: Any, depth: int) -> tuple[Any, int]:
        """The value that starts with ``event``, and how many values it expands to."""
        kind = event.__class__
        if kind is _SCALAR_EVENT:
            anchor = event.anchor
            value = self.scalar(event)
            if anchor is not None:
                self.anchor(anchor, event)
                self.anchors[anchor] = (value, 1)
            return value, 1
        if kind is _ALIAS_EVENT:
            found = self.anchors.get(event.anchor)
            line = event.start_mark.line + 1
            if found is None:
                raise self.error(line, "bad YAML: found undefined alias")
            if found is _OPEN:
                raise self.error(self.anchor_lines[event.anchor], "an alias that contains itself")
            return found
        line = event.start_mark.line + 1
        if depth > MAX_DEPTH:
            raise self.error(line, f"nested more than {MAX_DEPTH} levels deep")
        anchor = event.anchor
        if anchor is not None:
            self.anchor(anchor, event)
            self.anchors[anchor] = _OPEN
        tag = event.tag
        result: tuple[Any, int]
        if kind is _MAPPING_START:
            if tag is not None and tag != "!" and tag != _MAP:
                raise self.error(line, f"a tag ({tag}) on a mapping is not allowed")
            result = self.mapping(line, depth)
        else:
            if tag is not None and tag != "!" and tag != _SEQ:
                raise self.error(line, f"a tag ({tag}) on a list is not allowed")
            result = self.sequence(line, depth)
        if result[1] > MAX_NODES:
            raise self.error(line, f"too large: it expands to more than {MAX_NODES:,} values")
        if anchor is not None:
            self.anchors[anchor] = result
        return result

    def anchor(self, anchor: str, event: Any) -> None:
        line = event.start_mark.line + 1
        if anchor in self.anchor_lines:
            raise self.error(line, "bad YAML: second occurrence")  # of an anchor, as PyYAML says
        self.anchor_lines[anchor] = line

    def members(self, end: type) -> Iterator[Any]:
        """The first event of each member of the collection being read, up to its ``end`` event
        (the caller reads the rest of a member before it asks for the next)."""
        next_event = self.next
        event = next_event()
        while event.__class__ is not end:
            yield event
            event = next_event()

    def mapping(self, line: int, depth: int) -> tuple[Node, int]:
        mapping = Node()
        mapping.line, mapping.file = line, self.file
        lines: dict[Any, int] = {}
        mapping.key_lines = lines
        size = 1
        merged: list[tuple[Node, int]] = []
        inner = depth + 1
        next_event = self.next
        for event in self.members(_MAPPING_END):
            kind = event.__class__
            key_line = event.start_mark.line + 1
            if kind is _SCALAR_EVENT and event.anchor is None:
                key = event.value
                if event.tag is not None or (
                    event.implicit[0] and _PLAIN_TAGS.get(key) is not _STR
                ):  # not text as written: typed, tagged or unseen
                    key = self.scalar(event)
                if key is _MERGE_KEY:
                    merged.extend(self.merge_sources(next_event(), inner))
                    continue
            else:
                key, _ = self.value(event, inner)
                if key is _MERGE_KEY:
                    merged.extend(self.merge_sources(next_event(), inner))
                    continue
                try:
                    hash(key)
                except TypeError:
                    raise self.error(key_line, "a key must be a plain value") from None
                if isinstance(key, Node | Items):
                    raise self.error(key_line, "a key must be a plain value")
            if key in lines:
                raise self.error(key_line, f"duplicate key {key!r}")
            event = next_event()
            if event.__class__ is _SCALAR_EVENT and event.anchor is None:
                text = event.value
                if event.tag is not None or (
                    event.implicit[0] and _PLAIN_TAGS.get(text) is not _STR
                ):
                    text = self.scalar(event)
                mapping[key] = text
                size += 2
            else:
                value, count = self.value(event, inner)
                mapping[key] = value
                size += count + 1
            lines[key] = key_line
        for source, count in merged:  # explicit keys win, then earlier merges
            for key, value in source.items():
                if key not in mapping:
                    mapping[key] = value
                    lines[key] = source.line_of(key)
            size += count
        return mapping, size

    def merge_sources(self, event: Any, depth: int) -> list[tuple[Node, int]]:
        """What a merge key (``<<``) brings: a mapping, or each mapping of a list."""
        line = event.start_mark.line + 1
        if event.__class__ is _SEQUENCE_START and event.anchor is None:
            found: list[tuple[Node, int]] = []
            for item in self.members(_SEQUENCE_END):
                source, count = self.value(item, depth + 1)
                if not isinstance(source, Node):
                    raise self.error(item.start_mark.line + 1, _MERGE_TAKES)
                found.append((source, count))
            return found
        source, count = self.value(event, depth)
        if not isinstance(source, Node):
            raise self.error(line, _MERGE_TAKES)
        return [(source, count)]

    def sequence(self, line: int, depth: int) -> tuple[Items, int]:
        items = Items()
        items.line, items.file = line, self.file
        lines: list[int] = []
        items.item_lines = lines
        size = 1
        inner = depth + 1
        for event in self.members(_SEQUENCE_END):
            kind = event.__class__
            lines.append(event.start_mark.line + 1)
            if kind is _SCALAR_EVENT and event.anchor is None:
                text = event.value
                if event.tag is not None or (
                    event.implicit[0] and _PLAIN_TAGS.get(text) is not _STR
                ):
                    text = self.scalar(event)
                items.append(text)
                size += 1
            else:
                value, count = self.value(event, inner)
                items.append(value)
                size += count
        return items, size

    def scalar(self, event: Any) -> Any:
        """A scalar's value: its tag as written, or resolved from a plain scalar's text."""
        text: str = event.value
        tag = event.tag
        if tag is None or tag == "!":
            if not event.implicit[0]:  # quoted, or a block of text
                return text
            tag = _PLAIN_TAGS.get(text)
            if tag is None:
                tag = _resolve(self.loader, yaml.ScalarNode, text, (True, False))
                if tag == _STR:
                    tag = _STR  # the one object, so that the readers above can test it by identity
                if len(_PLAIN_TAGS) < _REMEMBERED:
                    _PLAIN_TAGS[text] = tag
            if tag == _STR:
                return text
        elif tag == _STR:
            return text
        if tag == _MERGE:
            return _MERGE_KEY
        if tag == _INT and text.isdigit() and text.isascii() and (text[0] != "0" or text == "0"):
            if len(text) > MAX_NUMBER:
                raise self.error(event.start_mark.line + 1, _TOO_LONG)
            return int(text)  # plain decimal digits, as the safe loader reads them
        line = event.start_mark.line + 1
        if tag in (_INT, _FLOAT) and len(text) > MAX_NUMBER:
            raise self.error(line, _TOO_LONG)
        if tag == _FLOAT:
            try:
                number = Decimal(text.replace("_", ""))
            except InvalidOperation:
                number = Decimal("NaN")
            if not number.is_finite():
                raise self.error(line, f"bad number {text!r}")
            return number
        if tag == _TIMESTAMP:  # a date written plainly is text here
            return text
        if tag in (_INT, _BOOL, _NULL):
            node = yaml.ScalarNode(tag, text, event.start_mark, event.end_mark)
            try:
                return self.loader.construct_object(node)
            except (yaml.YAMLError, ValueError, TypeError):
                raise self.error(line, f"bad value {text!r}") from None
        raise self.error(line, f"a tag ({tag}) is not allowed here")


_MERGE_KEY = object()  # a merge key (``<<``) as read, never a value of the document
_TOO_LONG = f"a number of more than {MAX_NUMBER} characters"
_MERGE_TAKES = "a merge (<<) takes a mapping or a list of mappings"


def load_events(text: str | bytes, file: str) -> Any:
    """Parse one YAML document (text, or UTF-8 bytes already checked to decode); any problem is
    a :class:`DataError` at its line."""
    loader = _SafeLoader(text)
    try:
        return _Composer(loader, file).document()
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark is not None else 1
        raise DataError(file, line, f"bad YAML: {error.problem or error.context}") from None
    except yaml.reader.ReaderError as error:  # a character YAML does not allow
        newline = "\n" if isinstance(text, str) else b"\n"
        line = text.count(newline, 0, error.position) + 1  # type: ignore[arg-type]
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
