"""A card room's scenario suite under pytest (the ``pytest11`` entry point ``dealer``).

Opt-in: nothing is collected unless paths are configured, so a project's folders of bad examples
are never run by accident. In ``pyproject.toml``::

    [tool.pytest.ini_options]
    dealer_scenarios = ["house-scenarios"]   # folders or files, relative to the rootdir
    dealer_ruleset = "procedures/house/first-two-cards.yaml"   # optional, like --ruleset

or on the command line: ``pytest --dealer-scenarios house-scenarios --dealer-ruleset wsop-2024``.
Each scenario file under those paths is one test item; a failure is reported as
``file:line: what was expected, what happened``, a line for every failing expectation; a file
that is no scenario fails the same way at its line. Overlays kept beside the scenarios are
checked, not run. With pytest-xdist installed, ``pytest -n 2`` spreads the scenarios over two
workers. ``--dealer-compare=REV`` (a git revision, e.g. the pull request's base) also fails each
scenario whose hand the ``dealer_ruleset`` overlay as edited since REV plays otherwise than the
overlay as it was, unless the scenario itself was changed since REV: a rule change must come with
its scenarios updated. The failure is ``dealer compare``'s report for that scenario.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("dealer", "dealer scenario files")
    group.addoption(
        "--dealer-scenarios",
        action="append",
        default=[],
        metavar="PATH",
        help="collect the dealer scenario files in PATH (a folder or a file); may be repeated.",
    )
    group.addoption(
        "--dealer-ruleset",
        default=None,
        metavar="NAME|FILE",
        help="replay the scenarios under this ruleset or house overlay (like dealer replay).",
    )
    group.addoption(
        "--dealer-compare",
        default=None,
        metavar="REV",
        help="fail each scenario whose hand the rules changed since git revision REV alter"
        " (the --dealer-ruleset overlay then against now) unless the scenario was updated since.",
    )
    parser.addini("dealer_scenarios", "folders or files of dealer scenarios", type="paths")
    parser.addini("dealer_ruleset", "the ruleset or overlay the scenarios replay under")


def pytest_configure(config: pytest.Config) -> None:
    """A configured path that is missing, or holds no scenario file, stops the run at once: a
    misspelt path must not pass by collecting nothing (issue 28)."""
    given = [(str(path), "--dealer-scenarios") for path in config.getoption("dealer_scenarios")]
    ini = [(str(path), "dealer_scenarios") for path in config.getini("dealer_scenarios")]
    for shown, where in given + ini:
        path = Path(shown)
        if not path.exists():
            problem = "no such file or folder"
        elif path.is_dir() and not any(_yaml_files(path)):
            problem = "no scenario files found"
        else:
            continue
        pytest.exit(f"{shown}:0: {problem} (the {where} path of dealer's plugin)", returncode=2)


def _yaml_files(folder: Path) -> Iterator[Path]:
    return (path for path in folder.rglob("*") if path.suffix in (".yaml", ".yml"))


def _roots(config: pytest.Config) -> list[Path]:
    given = [Path(path).resolve() for path in config.getoption("dealer_scenarios")]
    return given + [Path(path).resolve() for path in config.getini("dealer_scenarios")]


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> ScenarioFile | None:
    if file_path.suffix not in (".yaml", ".yml"):
        return None
    resolved = file_path.resolve()
    for root in _roots(parent.config):
        if resolved == root or root in resolved.parents:
            return ScenarioFile.from_parent(parent, path=file_path)
    return None


def _unchanged_but_altered(path: Path, shown: Any, rev: str, named: Any, now: Any) -> list[str]:
    """``--dealer-compare=REV``: what the rules changed since ``rev`` alter in this scenario, when
    the scenario file is the same as in ``rev`` (a changed scenario was updated for the change)."""
    from dealer.apps.present import compare as compare_report
    from dealer.core.errors import DataError
    from dealer.rules.rulesets import ruleset_from_text
    from dealer.scenarios.compare import Comparison, compare_file

    if now is None or now.name == now.base:  # a published ruleset: the rules are the package's
        return []
    overlay = Path(str(named))
    try:
        if compare_report.at_revision(rev, path) != path.read_text(encoding="utf-8"):
            return []  # new or updated since
        text = compare_report.at_revision(rev, overlay)
        if text is None:
            return []  # the overlay is new: nothing to compare with
        before = ruleset_from_text(text, f"{rev}:{overlay}", overlay.parent)
        change = compare_file(path, before, now)
    except DataError as error:
        return [f"{error.file}:{error.line}: {error.message}"]
    if change is None or not change.changed:
        return []
    names = (f"{rev}:{overlay}", str(overlay)) if before.name == now.name else None
    first, second = names or (before.name, now.name)
    change = replace(change, file=str(shown))  # named as the item is
    report = compare_report.text(Comparison(first, second, (change,), 0))
    return [
        f"{shown}:1: the rules changed since {rev} alter this scenario, which was not updated:",
        *report.splitlines()[2:],
    ]


class ScenarioError(Exception):
    """A scenario that failed, was refused, or broke: its message is ``file:line: ...``."""


class ScenarioFile(pytest.File):
    def collect(self) -> Iterator[ScenarioItem]:
        yield ScenarioItem.from_parent(self, name=self.path.name)


class ScenarioItem(pytest.Item):
    def runtest(self) -> None:
        from dealer.core.errors import DataError
        from dealer.rules.rulesets import load_ruleset
        from dealer.scenarios.failures import describe
        from dealer.scenarios.format import read_suite_file
        from dealer.scenarios.replay import replay

        shown = self.path.relative_to(self.config.rootpath) if self._inside_root() else self.path
        override, name = None, None
        try:
            name = self.config.getoption("dealer_ruleset") or self.config.getini("dealer_ruleset")
            override = load_ruleset(str(name)) if name else None
            scenario = read_suite_file(self.path, override)
        except DataError as error:
            where = shown if error.file == str(self.path) else error.file
            raise ScenarioError(f"{where}:{error.line}: {error.message}") from None
        if scenario is None:  # an overlay kept beside the scenarios: read and checked
            return
        if scenario.skip:
            pytest.skip(f"{shown}: {scenario.skip}")
        result = replay(scenario)
        lines = [  # every failing expectation, one ``file:line:`` each, read from its fields
            f"{shown}:{failure.line}: {'internal error: ' if failure.internal else ''}"
            f"{describe(failure)}"
            for failure in result.failures
        ]
        rev = self.config.getoption("dealer_compare")
        if rev:
            lines.extend(_unchanged_but_altered(self.path, shown, str(rev), name, override))
        if lines:
            raise ScenarioError("\n".join(lines))

    def _inside_root(self) -> bool:
        return self.config.rootpath in self.path.resolve().parents

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioError):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo, style=style))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, 0, f"dealer scenario {self.name}"
