"""How the ``dealer`` command line presents itself: ``dealer --help`` grouped by who uses each
command, flags shown without a value type, and every usage error on one line with exit code 2.

The help texts are plain English (``--lang`` chooses the language of the answers, not of the
help); typer reads them as rich markup, so a ``[`` in them is written ``\\[``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import typer
from typer.core import TyperGroup, TyperOption

# The groups of ``dealer --help``, in this order (each command names its own: rich_help_panel).
SCHOOL = "School"
FLOOR = "Floor"
CARD_ROOM = "Card room"
TOOLS = "Tools"
PANELS = (SCHOOL, FLOOR, CARD_ROOM, TOOLS)


def usage_line(error: typer.TyperException) -> str:
    """A usage error (an unknown option, a missing argument, a bad value) as one line:
    ``COMMAND:0: what is wrong; see dealer COMMAND --help``."""
    names: list[str] = []  # the subcommand's (the program's own name may be python -m dealer)
    ctx = getattr(error, "ctx", None)
    while ctx is not None and ctx.parent is not None:
        names.insert(0, ctx.info_name)
        ctx = ctx.parent
    where = " ".join(names) or "dealer"
    path = " ".join(["dealer", *names])
    message = " ".join(str(error.format_message()).split()).rstrip(".")
    message = message[:1].lower() + message[1:]
    return f"{where}:0: {message}; see {path} --help"


def _tidy(command: Any, ctx: Any) -> None:
    """A flag takes no value, so its help shows no value type (typer would show ``<bool>``)."""
    options = [*command.params, command.get_help_option(ctx)]
    for option in options:
        if isinstance(option, TyperOption) and option.is_flag and option.metavar is None:
            option.metavar = ""


class DealerGroup(TyperGroup):
    """``dealer``: the commands listed by group, and usage errors in one line."""

    def list_commands(self, ctx: Any) -> list[str]:
        names = super().list_commands(ctx)

        def rank(name: str) -> int:
            panel = getattr(self.commands[name], "rich_help_panel", None)
            return PANELS.index(panel) if panel in PANELS else len(PANELS)

        return sorted(names, key=rank)  # stable: each group keeps the order of definition

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            _tidy(command, ctx)
        return command

    def format_help(self, ctx: Any, formatter: Any) -> None:
        _tidy(self, ctx)
        super().format_help(ctx, formatter)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(
                args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra
            )
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except typer.Abort:  # the end of the input at a prompt
            typer.echo("dealer:0: aborted", err=True)
            sys.exit(1)
        except typer.TyperException as error:
            _usage_error(error)
        sys.exit(code if isinstance(code, int) else 0)


def _usage_error(error: typer.TyperException) -> NoReturn:
    if type(error).__name__ != "NoArgsIsHelpError":  # no arguments: the help is the answer
        typer.echo(usage_line(error), err=True)
    sys.exit(getattr(error, "exit_code", 2))
