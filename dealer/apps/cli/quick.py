"""The ``dealer`` command's entry point: floor look-ups start without the command-line library.

``dealer rule ...`` and ``dealer ask FILE ...`` are what a floor person types at the table, so they
must answer at once; importing ``typer`` (and what it imports when it runs a command) costs more
than the look-up itself. :func:`main` reads these two commands' few options itself and runs them
here; anything else, or anything unusual in them (``--help``, an unknown option, a missing value),
goes to the full command line (:mod:`dealer.apps.cli.commands`), which then gives its usual
answer. Both ways run the same functions (:mod:`dealer.apps.floor.lookup`), so the output is the
same (a test holds it).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from dealer.apps.cli.boundary import guarded, quiet_engine

_VALUED = ("--ruleset", "--lang")
_FLAGS = ("--json",)


def _parse(args: Sequence[str]) -> tuple[list[str], dict[str, str], bool] | None:
    """The arguments and options of ``rule`` or ``ask`` as the full command line reads them;
    ``None`` for anything this reader leaves to it."""
    positional: list[str] = []
    options: dict[str, str] = {}
    as_json = False
    index = 0
    while index < len(args):
        word = args[index]
        index += 1
        if word == "--":
            positional.extend(args[index:])
            break
        name, equals, value = word.partition("=")
        if name in _VALUED:
            if not equals:
                if index >= len(args):
                    return None
                value = args[index]
                index += 1
            options[name] = value
        elif word in _FLAGS:
            as_json = True
        elif word.startswith("-") and word != "-":
            return None  # --help, a short option, an unknown option: the full command line
        else:
            positional.append(word)
    return positional, options, as_json


def run(argv: Sequence[str]) -> int | None:
    """Run ``rule`` or ``ask`` from ``argv`` (without the program name) and return the exit code;
    ``None`` when the full command line must read these arguments."""
    if not argv or argv[0] not in ("rule", "ask"):
        return None
    parsed = _parse(argv[1:])
    if parsed is None:
        return None
    positional, options, as_json = parsed
    if argv[0] == "ask" and len(positional) != 1:
        return None  # the guided questions, or what is missing or extra: the full command line
    from dealer.apps.floor.lookup import answer, ask_file
    from dealer.core.errors import DataError
    from dealer.rules.texts import choose_lang

    try:
        lang = choose_lang(options.get("--lang"))
        if argv[0] == "rule":
            reply = answer(positional or None, options.get("--ruleset", "seed"), lang, as_json)
        else:
            quiet_engine()  # the hand on file is replayed
            reply = ask_file(Path(positional[0]), options.get("--ruleset"), lang, as_json)
    except DataError as error:  # bad input: file:line: message
        sys.stderr.write(f"{error}\n")
        return 2
    except ValueError as error:  # the language: as the full command line says it
        sys.stderr.write(f"--lang:0: {error}\n")
        return 2
    sys.stdout.write(reply.out)
    sys.stderr.write(reply.err)
    return reply.code


def main() -> None:
    """The ``dealer`` command."""
    if sys.argv[1:] == ["--version"]:  # answered before anything else is imported
        from dealer import __version__

        sys.stdout.write(f"dealer {__version__}\n")
        return
    code = guarded(lambda: run(sys.argv[1:]), engine=False)
    if code is not None:
        sys.exit(code)
    from dealer.apps.cli.commands import app

    guarded(app)
