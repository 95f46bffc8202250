"""The command line's one error boundary, for the quick floor look-ups and the full command line
alike (kept light: the quick path imports it before anything else)."""

from __future__ import annotations

import sys
from collections.abc import Callable


def quiet_engine() -> None:
    """Silence the procedure machine's debug chatter (:func:`dealer.engine.procedure.quiet`), for
    a command that plays hands; a rule look-up never imports the engine."""
    from dealer.engine.procedure import quiet

    quiet()


def guarded(command: Callable[[], int | None], engine: bool = True) -> int | None:
    """The command line's one error boundary: bad input (or broken project data) is its
    ``file:line: message`` and exit code 2, an interrupt 130, a bug one line naming what was run
    and exit code 3, never a traceback; else what ``command`` returns. ``engine=False``: the
    command quiets the engine itself if it comes to play a hand."""
    from dealer.core.errors import DataError

    if engine:
        quiet_engine()
    try:
        return command()
    except DataError as error:
        sys.stderr.write(f"{error}\n")
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as error:
        argv = " ".join(sys.argv[1:]) or "dealer"
        sys.stderr.write(f"{argv}: internal error: {type(error).__name__}: {error}\n")
        sys.exit(3)
