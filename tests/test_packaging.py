"""The package ships its data: every file of procedures/ is package data of the wheel, found
through one place (dealer.rules.data), and the extras keep the base install to what replay needs."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch

from dealer.rules import data
from tests.conftest import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_procedure_file_is_package_data() -> None:
    setuptools = PYPROJECT["tool"]["setuptools"]
    assert setuptools["package-dir"] == {"dealer._procedures": "procedures"}
    patterns = [
        f"{package.removeprefix('dealer._procedures').lstrip('.').replace('.', '/')}/{glob}".lstrip(
            "/"
        )
        for package, globs in setuptools["package-data"].items()
        if package.startswith("dealer._procedures")
        for glob in globs
    ]
    assert all(
        package in setuptools["packages"]
        for package in setuptools["package-data"]
        if package != "dealer"
    )
    files = sorted(
        path.relative_to(ROOT / "procedures").as_posix()
        for path in (ROOT / "procedures").rglob("*")
        if path.is_file()
    )
    assert files, "procedures/ is empty"
    left_out = [name for name in files if not any(fnmatch(name, p) for p in patterns)]
    assert left_out == []


def test_the_checkout_reads_its_own_procedures_folder() -> None:
    assert data.PROCEDURES.resolve() == (ROOT / "procedures").resolve()
    assert data.shipped("procedures/house/first-two-cards.yaml") is not None
    assert data.shipped("procedures/house/none.yaml") is None
    assert data.shipped("house/first-two-cards.yaml") is None


def test_the_base_install_is_what_replay_needs() -> None:
    project = PYPROJECT["project"]
    base = {dep.split(">")[0].split("=")[0] for dep in project["dependencies"]}
    assert base == {"transitions", "pyyaml", "typer"}
    extras = project["optional-dependencies"]
    assert {"pytest>=8", "hypothesis>=6", "pexpect>=4.9"} <= set(extras["test"])
    assert "dealer[test]" in extras["dev"]
    assert not any(tool in " ".join(extras["test"]) for tool in ("mypy", "ruff"))
    assert project["dynamic"] == ["version"]
