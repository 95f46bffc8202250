"""The documentation cannot drift from the tool (issue 29; docs/contributing.md, "Documentation").

- Every ```console (or ```sh) block with ``$ `` lines is an example: each command runs in a shell
  from the checkout's folder, with this environment's ``dealer``, and its output must be the lines
  under it (``...`` stands for any text, as in doctests). A block preceded by
  ``<!-- illustrative: why -->`` is skipped with that reason; a block without ``$ `` lines only
  lists commands (the front page's two commands are checked by their own test below).
- Every ```python block of ``>>>`` examples runs with doctest, a page's blocks in one namespace.
- Every relative link of the READMEs and of docs/ points to a file (and heading) that exists.
- README.md has at most 150 lines, keeps the install and test commands, and every command it
  shows runs; the Chinese front pages use the seeds' terms and no English outside code.

Examples are found wherever they are, so pages and sections added later are tested as they come.
"""

from __future__ import annotations

import doctest
import os
import re
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import ROOT

DOCS = ROOT / "docs"
READMES = [ROOT / "README.md", ROOT / "README.zh-Hans.md", ROOT / "README.zh-Hant.md"]
PAGES = [*READMES, *sorted(DOCS.glob("*.md"))]
SHELLS = ("console", "sh", "shell", "bash")
ILLUSTRATIVE = re.compile(r"<!--\s*illustrative:\s*(.+?)\s*-->")
TIMEOUT = 600  # replaying every scenario on a busy machine


@dataclass(frozen=True)
class Block:
    """One fenced block of a page: its language, its first line's number and its lines."""

    page: Path
    lang: str
    line: int
    lines: tuple[str, ...]
    skip: str | None  # why an illustrative example is not run


def blocks(page: Path) -> list[Block]:
    """The fenced code blocks of a page, each with the illustrative mark just before it."""
    found: list[Block] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    index = 0
    while index < len(lines):
        fence = re.match(r"^(\s*)(`{3,})\s*(\S*)", lines[index])
        if not fence:
            index += 1
            continue
        start, ticks = index, fence.group(2)
        before = next((text for text in reversed(lines[:start]) if text.strip()), "")
        mark = ILLUSTRATIVE.search(before)
        index += 1
        body: list[str] = []
        while index < len(lines) and not lines[index].strip().startswith(ticks):
            body.append(lines[index])
            index += 1
        index += 1
        skip = mark.group(1) if mark else None
        found.append(Block(page, fence.group(3).lower(), start + 1, tuple(body), skip))
    return found


def prose(page: Path) -> list[tuple[int, str]]:
    """The page's lines outside fenced blocks and HTML comments, with their numbers."""
    text = page.read_text(encoding="utf-8")
    text = re.sub(r"<!--.*?-->", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    out, fenced = [], False
    for number, line in enumerate(text.splitlines(), 1):
        if re.match(r"^\s*`{3,}", line):
            fenced = not fenced
            continue
        if not fenced:
            out.append((number, line))
    return out


# -- the shell examples ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Example:
    block: Block
    command: str
    want: str

    @property
    def where(self) -> str:
        return f"{self.block.page.relative_to(ROOT)}:{self.block.line}"


def examples(block: Block) -> list[Example]:
    """The ``$ command`` lines of a shell block, each with the output shown under it."""
    found: list[Example] = []
    command: str | None = None
    want: list[str] = []
    for line in block.lines:
        if line.startswith("$ "):
            if command is not None:
                found.append(Example(block, command, "\n".join(want)))
            command, want = line[2:], []
        elif command is not None:
            want.append(line)
    if command is not None:
        found.append(Example(block, command, "\n".join(want)))
    return found


def _all_examples() -> list[Example]:
    return [
        example
        for page in PAGES
        for block in blocks(page)
        if block.lang in SHELLS
        for example in examples(block)
    ]


def environment(tmp_path: Path) -> dict[str, str]:
    """This environment's ``dealer`` and ``python`` first on PATH, English, a plain terminal."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST_")}
    for key in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        env.pop(key, None)
    env.update(
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
        LANG="C.UTF-8",
        COLUMNS="80",
        TERM="dumb",
        NO_COLOR="1",
        PYTHONIOENCODING="utf-8",
        PYTEST_ADDOPTS="-p no:cacheprovider",  # the checkout stays as it is
        DEALER_WEB_DB=str(tmp_path / "progress.sqlite3"),
    )
    return env


def _port_free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def run_example(command: str, tmp_path: Path) -> str:
    """What the command prints (stdout and stderr as a terminal shows them)."""
    env = environment(tmp_path)
    if command.split()[:2] == ["dealer", "serve"]:
        # A server: its first line says where it listens; then it is stopped.
        named = re.search(r"--port[ =](\d+)", command)
        port = int(named.group(1)) if named else 8000
        if not _port_free(port):
            pytest.skip(f"port {port} is in use on this machine")
        with subprocess.Popen(
            ["bash", "-c", f"exec {command}"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        ) as server:
            try:
                assert server.stdout is not None
                first = server.stdout.readline()
            finally:
                server.terminate()
                server.wait(timeout=30)
        if first.startswith("serve:0: cannot listen"):  # taken meanwhile (another test, -n 2)
            pytest.skip(f"port {port} is in use on this machine")
        return first
    done = subprocess.run(
        ["bash", "-c", command],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    return done.stdout


def matches(want: str, got: str) -> bool:
    checker = doctest.OutputChecker()
    return checker.check_output(want + "\n", got, doctest.ELLIPSIS)


@pytest.mark.parametrize("example", _all_examples(), ids=lambda e: f"{e.where} {e.command}")
def test_every_shell_example_prints_what_it_shows(example: Example, tmp_path: Path) -> None:
    if example.block.skip:
        pytest.skip(example.block.skip)
    got = run_example(example.command, tmp_path)
    assert matches(example.want, got), (
        f"{example.where}: $ {example.command}\n--- shown:\n{example.want}\n--- printed:\n{got}"
    )


def test_examples_are_found() -> None:
    """The parser finds the front page's examples (a parser finding none would test nothing)."""
    front = [e for e in _all_examples() if e.block.page == ROOT / "README.md"]
    commands = {e.command.split(" --")[0] for e in front}
    replay = "dealer replay scenarios/procedure/limit-showdown.yaml"
    assert {"dealer rule burn", "dealer serve", replay} <= commands
    assert all(e.want for e in front), "an example without its output"


def test_the_matcher_fails_on_a_difference() -> None:
    assert matches("1 passed, 0 failed", "1 passed, 0 failed\n")
    assert matches("PASS ...\n1 passed in ...", "PASS a\nPASS b\n1 passed in 0.2s\n")
    assert not matches("1 passed, 0 failed", "1 passed, 1 failed\n")


# -- the Python examples ---------------------------------------------------------------------------


def _pages_with_doctests() -> list[Path]:
    return [
        page
        for page in PAGES
        if any(b.lang == "python" and any(">>>" in line for line in b.lines) for b in blocks(page))
    ]


@pytest.mark.parametrize("page", _pages_with_doctests(), ids=lambda p: str(p.relative_to(ROOT)))
def test_python_examples_run_as_doctests(page: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    lines = page.read_text(encoding="utf-8").splitlines()
    kept = [""] * len(lines)  # the examples at their own line numbers, so failures point there
    for block in blocks(page):
        if block.lang == "python" and not block.skip:
            kept[block.line : block.line + len(block.lines)] = block.lines
    test = doctest.DocTestParser().get_doctest("\n".join(kept), {}, page.name, str(page), 0)
    assert test.examples
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(test, out=report.append)
    assert result.failed == 0, "".join(report)


def test_the_python_api_page_has_doctests() -> None:
    assert DOCS / "python-api.md" in _pages_with_doctests()


# -- links -----------------------------------------------------------------------------------------

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def slug(heading: str) -> str:
    """The anchor a heading gets (GitHub's rule: lower case, punctuation dropped, spaces to -)."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    return {slug(line.lstrip("#")) for _, line in prose(page) if re.match(r"^#{1,6} ", line)}


def links(page: Path) -> list[tuple[int, str]]:
    found = []
    for number, line in prose(page):
        for target in LINK.findall(re.sub(r"`[^`]*`", "``", line)):
            if not re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, mailto: ...
                found.append((number, target))
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_points_to_a_file_that_exists(page: Path) -> None:
    broken = []
    for number, target in links(page):
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(f"{page.name}:{number}: {target} (no such file)")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(f"{page.name}:{number}: {target} (no such heading)")
    assert broken == []


def test_the_link_check_sees_links() -> None:
    targets = [target for _, target in links(ROOT / "README.md")]
    assert "docs/README.md" in targets and "LICENSE" in targets and "README.zh-Hant.md" in targets
    assert slug("Compiled build (optional)") == "compiled-build-optional"


# -- the front page --------------------------------------------------------------------------------

INSTALL = (
    "python3 -m venv .venv && . .venv/bin/activate && pip install . && dealer replay scenarios/"
)
TESTS = "pip install -e '.[test]' && python -m pytest"
# What the front page shows but this test does not run, and why.
NOT_RUN_HERE = {
    "python3 -m venv .venv": "the fresh install is .ci/run's: a new venv for the whole suite",
    ". .venv/bin/activate": "the fresh install is .ci/run's",
    "pip install .": "the fresh install is .ci/run's (and .ci/wheel-smoke's, from a wheel)",
    "pip install -e '.[test]'": ".ci/run installs the dev extra, which holds the test extra",
    "python -m pytest": "this suite itself, which .ci/run runs",
}


def test_the_front_page_is_short() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 150


def test_the_front_page_keeps_the_two_commands() -> None:
    """CI and the users rely on them word for word; .ci/run runs the same test command."""
    shown = [
        "\n".join(block.lines)
        for block in blocks(ROOT / "README.md")
        if block.lang in SHELLS and not examples(block)
    ]
    assert shown == [INSTALL, TESTS]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert "python -m pytest" in ci
    assert "python -m pip install --quiet -e '.[dev]'" in ci


def test_every_command_of_the_front_page_runs(tmp_path: Path) -> None:
    """The two commands' parts that need no new environment run here (``dealer`` on PATH); the
    ``$`` examples run in test_every_shell_example_prints_what_it_shows."""
    commands = [
        part.strip()
        for block in blocks(ROOT / "README.md")
        if block.lang in SHELLS and not examples(block)
        for line in block.lines
        for part in line.split("&&")
    ]
    to_run = [command for command in commands if command not in NOT_RUN_HERE]
    assert to_run == ["dealer replay scenarios/"]
    for command in to_run:
        done = subprocess.run(
            ["bash", "-c", command],
            cwd=ROOT,
            env=environment(tmp_path),
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr
        assert re.fullmatch(r"\d+ passed, 0 failed", done.stdout.splitlines()[-1])


def test_the_front_pages_link_each_other() -> None:
    english, hans, hant = (page.read_text(encoding="utf-8") for page in READMES)
    assert "](README.zh-Hans.md)" in english and "](README.zh-Hant.md)" in english
    assert "](README.md)" in hans and "](README.zh-Hant.md)" in hans
    assert "](README.md)" in hant and "](README.zh-Hans.md)" in hant
    for page in ("scenario-format", "rulesets", "trainer", "web", "floor", "phh", "python-api",
                 "benchmark", "how-it-works", "contributing", "README", "procedure"):  # fmt: skip
        assert f"](docs/{page}.md)" in english, page


def test_each_docs_page_is_one_title_and_sections() -> None:
    """One ``#`` title, then ``##`` sections: other branches add their own sections."""
    for page in sorted(DOCS.glob("*.md")):
        if page.name == "procedure.md":  # generated by dealer diagram
            continue
        titles = [line for _, line in prose(page) if re.match(r"^# ", line)]
        assert len(titles) == 1, page.name


# -- the Chinese front pages -----------------------------------------------------------------------

TERMS = {
    "README.zh-Hans.md": ["销牌", "翻牌", "转牌", "河牌", "全押", "庄家按钮", "主池", "边池"],
    "README.zh-Hant.md": ["銷牌", "翻牌", "轉牌", "河牌", "全押", "莊家按鈕", "主池", "邊池"],
}
# The program's name (the title), and the language switcher naming English in English.
NAMES = {"dealer", "English"}


def english_prose(page: Path) -> list[str]:
    """The ASCII words of a page outside code blocks, inline code and link targets."""
    found = []
    for number, line in prose(page):
        text = re.sub(r"`[^`]*`", " ", line)
        text = re.sub(r"\]\([^)]*\)", "]", text)
        for word in re.findall(r"[A-Za-z][A-Za-z'-]*", text):
            if word not in NAMES:
                found.append(f"{page.name}:{number}: {word!r}")
    return found


@pytest.mark.parametrize("name", sorted(TERMS))
def test_the_chinese_front_pages_use_the_seeds_terms(name: str) -> None:
    text = (ROOT / name).read_text(encoding="utf-8")
    assert [term for term in TERMS[name] if term not in text] == []
    assert english_prose(ROOT / name) == []


def test_the_english_scan_finds_english(tmp_path: Path) -> None:
    page = tmp_path / "x.md"
    page.write_text("規則 the rule `dealer rule` [見](docs/x.md)\n```sh\necho hi\n```\n", "utf-8")
    assert english_prose(page) == ["x.md:1: 'the'", "x.md:1: 'rule'"]
