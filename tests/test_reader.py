"""The YAML reader builds values straight from the parser's events: it must read every shipped file
as PyYAML's safe loader reads it (floats as Decimal), each value at the line its node starts."""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import yaml

from dealer.core.errors import DataError
from dealer.rules.block import Outside, read_block
from dealer.rules.events import load_events
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


# The plain reader (dealer.rules.block) reads what it is sure of and hands the rest on: whatever it
# reads must be what the full reader (dealer.rules.events) reads, value, type, file and line.


def _same(ours: Any, theirs: Any) -> bool:
    if type(ours) is not type(theirs):
        return False
    if isinstance(ours, Node):
        where = (ours.line, ours.file, list(ours)) == (theirs.line, theirs.file, list(theirs))
        return where and all(
            ours.line_of(key) == theirs.line_of(key) and _same(ours[key], theirs[key])
            for key in ours
        )
    if isinstance(ours, Items):
        where = (ours.line, ours.file, len(ours)) == (theirs.line, theirs.file, len(theirs))
        return where and all(
            ours.line_at(index) == theirs.line_at(index) and _same(item, theirs[index])
            for index, item in enumerate(ours)
        )
    return bool(ours == theirs)


def _agrees(text: str) -> bool:
    """True when the plain reader reads ``text`` as the full reader does; False when it hands it
    on; an assertion when it reads something the full reader reads otherwise or refuses."""
    try:
        ours = read_block(text, "t.yaml")
    except Outside:
        return False
    try:
        theirs = load_events(text, "t.yaml")
    except DataError as error:
        raise AssertionError(f"read here, refused by the full reader: {error}") from None
    assert _same(ours, theirs), text
    return True


# Shipped files the plain reader hands on, each for the reason named (the rest it reads itself).
HANDED_ON = {
    "procedures/holdem.yaml": "anchors and aliases",
    "procedures/rulebook.yaml": "a quoted text over several lines",
    "procedures/search.yaml": "a quoted text with escapes",
    "procedures/texts/en.yaml": "a quoted text with escapes",
    "procedures/texts/zh-Hans.yaml": "a character the plain reader leaves to PyYAML",
    "procedures/texts/zh-Hant.yaml": "a character the plain reader leaves to PyYAML",
}


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: str(path.relative_to(ROOT)))
def test_the_plain_reader_reads_every_shipped_file_as_the_full_reader(path: Path) -> None:
    read = _agrees(path.read_text(encoding="utf-8"))
    assert read is (str(path.relative_to(ROOT)) not in HANDED_ON)


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("yes", True), ("No", False), ("ON", True), ("off", False), ("TRUE", True), ("yES", "yES"),
        ("~", None), ("null", None), ("Null", None), ("nULL", "nULL"), ("", None), ("n", "n"),
        ("0", 0), ("-0", 0), ("+3", 3), ("1500", 1500), ("-12", -12), ("2.5", Decimal("2.5")),
        ("-0.50", Decimal("-0.50")), ("01.5", Decimal("1.5")), ("2c 3d", "2c 3d"), ("Ts", "Ts"),
        ("3 call", "3 call"), ("1x", "1x"), ("0X1F", "0X1F"), ("-", None), ("<<", None),
        ("0x1F", None), ("017", None), ("0b101", None), ("1_000", None), ("1:30", None),
        ("2024-01-01", None), ("1e5", "1e5"), ("1.5e+3", None), (".inf", None), (".5", None),
        ("'it''s'", "it's"), ('"a # b"', None), ("a #c", "a"), ("a#c", "a#c"), ("'x' # y", "x"),
        ("[1, '2', [a, {b: c}], ]", [1, "2", ["a", {"b": "c"}]]), ("{}", {}), ("[]", []),
        ("[a: b]", None), ("{a, b}", None), ("&x 1", None), ("!!str 1", None), ("|", None),
        ("a: b", None), ('"a\\tb"', None), ("[1, 2", None), ("'a", None),
    ],
)  # fmt: skip
def test_plain_scalars_are_typed_as_yaml_1_1_or_handed_on(written: str, value: Any) -> None:
    """``None`` for what the plain reader must hand on (or, for an empty value, reads as null)."""
    text = f"a: {written}\n" if written else "a:\n"
    read = _agrees(text)
    if value is None and written not in ("", "~", "null", "Null"):
        assert not read
    else:
        assert read and _plain(read_block(text, "t.yaml"))["a"] == value


def test_rows_and_indents_are_read_as_the_full_reader_reads_them() -> None:
    texts = [
        "a:\n- 1\n- 2\nb: 3\n",  # a list at its key's indent
        "a:\n  -   x: 1\n      y: 2\n  - z\n",  # a mapping begun on its item's line
        "# head\n\n  a: 1\n  b:\n     c: [x]\n",  # an indented document
        "a:\n  -\n    b: 1\n",  # an item on the next row
        "'q k': 1\n\"r\": 2\n3: [4]\n",  # quoted and typed keys
        "a: x: y\n",  # a mapping where a value is: refused by the full reader
        "a: 1\n  b: 2\n",  # deeper than a plain value: refused
        "a:\n  - 1\n b: 2\n",  # between two indents: refused
        "a: 1\na: 2\n",  # duplicate key: refused
        "a:\n\tb: 1\n",  # a tab: refused
        "- - 1\n",  # a list begun on an item's line
        "a: 'x\n  y'\n",  # a quoted text over two rows
        "--- \na: 1\n",  # a document marker
    ]
    read = [_agrees(text) for text in texts]
    assert read == [True] * 5 + [False] * 8


_EDITS = [" ", "  ", "\n", "-", ":", ": ", "#", " #", "'", '"', "[", "]", "{", "}", ",", "&", "*"]
_EDITS += ["!", "|", "0", "1.", "yes", "~", "<<: ", "\t", ""]


def test_mutated_files_are_read_alike_or_handed_on() -> None:
    """The fuzz round's mutants (hostile YAML spliced in, lines cut, values changed) and random
    one-character edits of the shipped scenarios: the plain reader agrees or hands on, never
    reads a file otherwise (and it reads most of the scenarios' edits itself)."""
    from tests import fuzz

    texts = [text for _, text, _ in fuzz.mutants(400, seed=21)]
    rng = random.Random(4)
    sources = [path.read_text(encoding="utf-8") for path in SHIPPED if "scenarios" in path.parts]
    for _ in range(1500):
        text = rng.choice(sources)
        at = rng.randrange(len(text))
        edit = rng.choice(_EDITS)
        text = text[:at] + edit + text[at + rng.randrange(3) :]
        texts.append(text)
    read = sum(_agrees(text) for text in texts)
    assert read > len(texts) // 2


_FLOWS_OVER_ROWS = [
    "a: [1,\n  2]\nb: 3\n",
    "a: {x: 1,\n  y: [2,\n   3]}\n",
    "a:\n  - [x,\n    y]\n  - z\n",
    "a:\n  - k: [x, 'y',\n     \"z\"]\n    m: 1\n",
    "a: [1,\n\n  # a comment between rows\n  2,  # and after one\n  ]\n",
    "a: [1, 2,\n   3, [4,\n   5]]\n",
    "a: {'q': [x,\n      y], r: {s: t,\n   u: v}}\n",
]


def test_flows_over_several_rows_are_read_as_the_full_reader_reads_them() -> None:
    """A flow list or mapping closed on a later row (two shipped scenarios have them): read here
    with each value at the line it starts on, and any edit of its rows read alike or handed on."""
    assert all(_agrees(text) for text in _FLOWS_OVER_ROWS)
    handed_on = [
        "a: [1,\n2]\n",  # a row not more indented than its key
        "a: ['x\n  y']\n",  # a quoted text over two rows
        "a: [x\n  y]\n",  # a plain text over two rows
        "a: [1,\n  2] z\n",  # more after the flow on its last row
        "a: {'k'\n  : 1}\n",  # a key over two rows
        "a: [1,\n  2\n",  # never closed
    ]
    assert not any(_agrees(text) for text in handed_on)
    texts = [*_FLOWS_OVER_ROWS]
    for name in ("button-moves", "deal-order-gaps"):
        text = (ROOT / "scenarios" / "procedure" / f"{name}.yaml").read_text(encoding="utf-8")
        texts.append("\n".join(row for row in text.splitlines() if "events_end" in row or
                               row.lstrip().startswith('"pitch')) + "\n")  # fmt: skip
    rng = random.Random(27)
    read = 0
    for _ in range(3000):
        text = rng.choice(texts)
        at = rng.randrange(len(text))
        edit = rng.choice([*_EDITS, "\n  ", "\n", "  ", "'", ", ", "]\n"])
        text = text[:at] + edit + text[at + rng.randrange(3) :]
        read += _agrees(text)
    assert read > 500


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("a: [1,\n  2\nb: 3\n", 3, "bad YAML: did not find expected ',' or ']'"),
        ("a: [1,\n  2]]\n", 2, "bad YAML: did not find expected key"),
        ("a: {x: 1,\n  x: 2}\n", 2, "duplicate key 'x'"),
    ],
)
def test_a_broken_flow_over_several_rows_is_refused_at_its_line(
    text: str, line: int, message: str
) -> None:
    """Handed on by the plain reader, refused by the full one with the file and the line."""
    with pytest.raises(Outside):
        read_block(text, "t.yaml")
    with pytest.raises(DataError) as caught:
        load_text(text, "t.yaml")
    assert (caught.value.file, caught.value.line) == ("t.yaml", line)
    assert caught.value.message.startswith(message)
