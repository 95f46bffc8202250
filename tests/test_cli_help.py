"""The command line's help and usage errors (issue 29, item 5): every command's ``--help`` says
what its source says (no bracket swallowed by typer's rich markup, no ``<bool>`` for a flag),
``dealer --help`` groups the commands by who uses them, and a usage error is one line, exit 2.

Help is in English only (docs/contributing.md, "Command-line help"): ``--lang`` chooses the
language of the answers, not of the help.
"""

from __future__ import annotations

import re
import socket
from pathlib import Path
from typing import Any

import pytest
from typer.core import TyperArgument, TyperOption
from typer.main import get_command
from typer.testing import CliRunner

from dealer.apps.cli.commands import app
from dealer.apps.cli.help import PANELS

runner = CliRunner()
GROUP: Any = get_command(app)
COMMANDS = sorted(GROUP.commands)
BOX = re.compile(r"[│╭╮╰╯─]+")


def flat(text: str) -> str:
    """Help as words: the panels' borders gone and the wrapping undone."""
    return " ".join(BOX.sub(" ", text).split())


def help_of(*args: str) -> str:
    result = runner.invoke(app, [*args, "--help"])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    return result.stdout


def texts(command: Any) -> list[str]:
    """The help texts a command's source gives: its own and its parameters'."""
    return [command.help or "", *(getattr(param, "help", None) or "" for param in command.params)]


@pytest.mark.parametrize("name", COMMANDS)
def test_a_bracket_in_a_help_text_is_escaped(name: str) -> None:
    """typer reads help as rich markup: an unescaped ``[web]`` would vanish (it did in serve's)."""
    for text in texts(GROUP.commands[name]):
        assert re.findall(r"(?<!\\)\[", text) == [], text


@pytest.mark.parametrize("name", COMMANDS)
def test_the_help_shows_every_help_text_whole(name: str) -> None:
    shown = flat(help_of(name))
    command = GROUP.commands[name]
    for text in texts(command):
        for paragraph in text.replace("\\[", "[").split("\n\n"):
            assert flat(paragraph) in shown, paragraph


def test_serve_says_which_extra_it_needs() -> None:
    assert "pip install 'dealer[web]'" in flat(help_of("serve"))
    assert "pip install 'dealer[web]'" in flat(help_of())


@pytest.mark.parametrize("name", [None, *COMMANDS])
def test_a_flag_shows_no_value_type(name: str | None) -> None:
    shown = help_of(*([name] if name else []))
    assert "<bool>" not in shown
    command = GROUP.commands[name] if name else GROUP
    for param in command.params:
        if isinstance(param, TyperOption) and not param.is_flag:
            assert param.metavar, f"{name} {param.opts}: its value needs a name"
            assert f" {param.metavar}" in shown
        if isinstance(param, TyperArgument):
            assert param.metavar and param.metavar.isupper(), f"{name} {param.name}"


def test_the_commands_are_grouped_by_who_uses_them() -> None:
    shown = help_of()
    titles = re.findall(r"╭─ (.+?) ─", shown)
    assert titles == ["Options", *PANELS]
    panels = {name: GROUP.commands[name].rich_help_panel for name in COMMANDS}
    assert [name for name, panel in panels.items() if panel not in PANELS] == []
    assert panels["train"] == panels["serve"] == "School"
    assert panels["rule"] == panels["ask"] == "Floor"
    assert panels["replay"] == "Card room"
    # Each command is listed once, under its own group.
    sections = re.split(r"╭─ .+? ─+╮", shown)[2:]
    for name, panel in panels.items():
        listed = [i for i, body in enumerate(sections) if re.search(rf"│ {name} ", body)]
        assert listed == [PANELS.index(panel)], name


@pytest.mark.parametrize("name", COMMANDS)
def test_a_usage_error_is_one_line_and_exit_2(name: str) -> None:
    result = runner.invoke(app, [name, "--no-such-option"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"{name}:0: no such option: --no-such-option; see dealer {name} --help\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["replay"], "replay:0: missing argument 'PATH'"),
        (["nonesuch"], "dealer:0: no such command 'nonesuch'"),
        (["export", "scenarios"], "export:0: missing option '-o' / '--out'"),
        (["train", "--hands", "0"], "train:0: invalid value for '--hands': Input should be"),
    ],
    ids=["replay", "nonesuch", "export", "train"],
)
def test_usage_errors_say_what_is_wrong(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    command = "dealer" if args[0] == "nonesuch" else f"dealer {args[0]}"
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(message)
    assert result.stderr.endswith(f"; see {command} --help\n")
    assert result.stderr.count("\n") == 1


def test_no_arguments_give_the_help() -> None:
    result = runner.invoke(app, [])
    assert result.exit_code == 2
    assert "╭─ Floor ─" in result.stdout + result.stderr


def test_serve_on_a_port_in_use_is_one_line_and_exit_2(tmp_path: Path) -> None:
    pytest.importorskip("uvicorn")
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = runner.invoke(
            app,
            ["serve", "--port", str(port)],
            env={"DEALER_WEB_DB": str(tmp_path / "progress.sqlite3")},
        )
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"serve:0: cannot listen on 127.0.0.1:{port}: Address already in use\n"
