"""The kept copies of the project's data (``dealer.rules.cache``) are never stale: a value is read
back only while every file its build read holds the same bytes and no module of the package
changed; a folder that cannot be written, or a kept file that is cut short, is passed over."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dealer.rules import cache
from dealer.rules.cache import Kept
from dealer.rules.source import load_file
from tests.conftest import ROOT


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("DEALER_CACHE", raising=False)
    return tmp_path / "cache" / "dealer"


def _reader(calls: list[str]) -> Any:
    def build(path: str) -> Any:
        calls.append(path)
        return load_file(Path(path))

    return build


def test_a_kept_value_is_read_back_until_its_file_changes(folder: Path, tmp_path: Path) -> None:
    data = tmp_path / "data.yaml"
    data.write_text("a: 1\n", encoding="utf-8")
    calls: list[str] = []
    build = _reader(calls)
    assert Kept("test", build)(str(data)) == {"a": 1}
    assert calls == [str(data)] and len(list(folder.glob("test-*.pickle"))) == 1
    # a new process (a new memo): served from the kept file, the build not run
    again = Kept("test", build)(str(data))
    assert again == {"a": 1} and again.line_of("a") == 1 and calls == [str(data)]
    data.write_text("a: 2\n", encoding="utf-8")  # the same size, within the same clock tick
    assert Kept("test", build)(str(data)) == {"a": 2}
    assert calls == [str(data)] * 2
    data.unlink()
    with pytest.raises(Exception, match="cannot read"):
        Kept("test", build)(str(data))


def test_a_build_depends_on_what_the_kept_values_it_used_read(folder: Path, tmp_path: Path) -> None:
    inner_file, outer_file = tmp_path / "inner.yaml", tmp_path / "outer.yaml"
    inner_file.write_text("x: 1\n", encoding="utf-8")
    outer_file.write_text("y: 10\n", encoding="utf-8")

    def kinds() -> tuple[Kept[[], int], Kept[[], int]]:
        inner: Kept[[], int] = Kept("inner", lambda: int(load_file(inner_file)["x"]))
        outer: Kept[[], int] = Kept("outer", lambda: inner() + int(load_file(outer_file)["y"]))
        return inner, outer

    inner, outer = kinds()
    assert inner() == 1 and outer() == 11  # inner already in memory when outer is built
    inner_file.write_text("x: 5\n", encoding="utf-8")
    inner, outer = kinds()
    assert outer() == 15


def test_an_unwritable_folder_or_a_broken_file_is_passed_over(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data.yaml"
    data.write_text("a: 1\n", encoding="utf-8")
    calls: list[str] = []
    build = _reader(calls)
    assert Kept("test", build)(str(data)) == {"a": 1}
    (kept_file,) = folder.glob("test-*.pickle")
    kept_file.write_bytes(kept_file.read_bytes()[:-20])  # cut short
    assert Kept("test", build)(str(data)) == {"a": 1} and len(calls) == 2
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    assert Kept("test", build)(str(data)) == {"a": 1} and len(calls) == 3
    monkeypatch.setenv("DEALER_CACHE", "off")
    assert cache._folder() is None
    assert Kept("test", build)(str(data)) == {"a": 1} and len(calls) == 4


def _copy(tmp_path: Path) -> Path:
    """The package and its data in a folder of their own, as a checkout."""
    root = tmp_path / "checkout"
    ignore = shutil.ignore_patterns("__pycache__", "*.so")
    shutil.copytree(ROOT / "dealer", root / "dealer", ignore=ignore)
    shutil.copytree(ROOT / "procedures", root / "procedures", ignore=ignore)
    return root


def _rule(root: Path, cache_home: Path) -> str:
    env = {**os.environ, "PYTHONPATH": str(root), "XDG_CACHE_HOME": str(cache_home)}
    env.pop("DEALER_CACHE", None)
    done = subprocess.run(
        [sys.executable, "-m", "dealer", "rule", "TURN-PREMATURE"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def test_an_edited_procedure_file_is_seen_at_once(tmp_path: Path) -> None:
    """TURN-PREMATURE's title as RULES.md gives it, then as a card room rewrites it."""
    root, cache_home = _copy(tmp_path), tmp_path / "cache"
    first = _rule(root, cache_home)
    assert first.splitlines()[0] == "TURN-PREMATURE: Premature turn"
    assert sorted(p.name.split("-")[0] for p in (cache_home / "dealer").iterdir()) == [
        "messages",
        "rulebook",
        "ruleset",
    ]
    assert _rule(root, cache_home) == first  # read back
    book = root / "procedures" / "rulebook.yaml"
    text = book.read_text(encoding="utf-8")
    old = "title: {en: Premature turn,"
    assert text.count(old) == 1
    book.write_text(text.replace(old, "title: {en: Premature tUrn,"), "utf-8")
    assert _rule(root, cache_home).splitlines()[0] == "TURN-PREMATURE: Premature tUrn"


def test_a_changed_module_reads_the_data_again(tmp_path: Path) -> None:
    root, cache_home = _copy(tmp_path), tmp_path / "cache"
    _rule(root, cache_home)
    (kept_file,) = (cache_home / "dealer").glob("rulebook-*.pickle")
    before = kept_file.stat().st_mtime_ns
    module = root / "dealer" / "rules" / "rulebook.py"
    module.write_text(module.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    _rule(root, cache_home)
    assert kept_file.stat().st_mtime_ns != before  # rebuilt and written again


def test_the_kept_rulebook_reads_back_each_rule_when_it_is_asked_for() -> None:
    """The rulebook is kept rule by rule: read back, it holds the same rules in the same order,
    equal to those read from the file, and a rule is unpickled only when it is looked up."""
    import pickle

    from dealer.rules import rulebook

    read = rulebook.load()
    back = pickle.loads(pickle.dumps(read))
    assert list(back.rules) == list(read.rules) and len(back.rules) == len(read.rules)
    assert "TURN-PREMATURE" in back.rules and "NO-SUCH-RULE" not in back.rules
    assert not back.rules._read
    assert back.rules["TURN-PREMATURE"] == read.rules["TURN-PREMATURE"]
    assert list(back.rules._read) == ["TURN-PREMATURE"]
    assert back.rules == read.rules and back.rulesets == read.rulesets
    again = pickle.loads(pickle.dumps(back))  # kept again as it was, without reading the rules
    assert list(again.rules) == list(read.rules) and again.rules == read.rules
