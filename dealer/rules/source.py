"""The one way the project reads YAML: safe, strict, and keeping the line of every value so errors
can point at it.

Mappings become :class:`Node` dicts and sequences :class:`Items` lists that carry ``.line``
(1-based) and the line of each key or item; decimals are read as :class:`~decimal.Decimal`, never
floats. Two readers give the same values and lines: the plain reader (:mod:`dealer.rules.block`,
no PyYAML: a one-shot command does not pay for PyYAML's import) reads the block-style files the
project writes, and hands anything else (anchors and merge keys, tags, block scalars, a quoted
text over several lines, any error) to the full reader on PyYAML's parser
(:mod:`dealer.rules.events`), which refuses hostile input at its line. ``tests/test_reader.py``
holds the two equal.

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
from pathlib import Path
from typing import Any

from dealer.core.errors import DataError
from dealer.rules import cache
from dealer.rules.block import Outside, read_block
from dealer.rules.nodes import Items, Node, SourceError, check_keys, new_node

__all__ = ["Items", "Node", "SourceError", "check_keys", "load_file", "load_text", "new_node"]

MAX_BYTES = 8_000_000  # size of a file


def load_text(text: str | bytes, file: str) -> Any:
    """Parse one YAML document (text, or UTF-8 bytes); any problem is a :class:`DataError` at its
    line."""
    try:
        return read_block(text if isinstance(text, str) else text.decode("utf-8"), file)
    except (Outside, UnicodeDecodeError):
        pass
    from dealer.rules.events import load_events  # PyYAML, only for what the plain reader hands on

    return load_events(text, file)


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
    data = read_limited(path, name)
    cache.note(path, data)  # a build of kept data depends on these bytes
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise DataError(name, 0, "not UTF-8 text") from None
    try:
        return read_block(text, name)
    except Outside:
        pass
    from dealer.rules.events import load_events  # PyYAML, only for what the plain reader hands on

    return load_events(data, name)  # the bytes: libyaml reads them without a copy
