"""The build: pure Python (everything is in pyproject.toml), or with the hot modules compiled.

``DEALER_COMPILE=1 pip install .`` compiles the modules below with mypyc, the compiler of the mypy
project: the same type-checked source, compiled to C extensions; about 1.5 times faster hands and
replays (docs/benchmark.md). The build backend (``build_support/backend.py``) asks for mypy then,
and only then. Without the variable nothing is compiled and the package is pure Python, as
everywhere a C compiler is missing: the two give the same hands (``.ci/run`` tests both).
"""

from __future__ import annotations

import os

from setuptools import setup

# The engine's hot path (every step of every hand runs through these) and the scenario reader and
# replay (a card room's suite runs through those). The hand model (dealer.engine.model) and the
# irregularities' vocabulary are compiled too: one line of compiled classes (HandState, Dealing,
# Applying, Irregularities, HandModel), so that a hand is a compiled class's own instance and the
# engine's calls on it are native ones, not the path an interpreted subclass needs.
COMPILED = [
    "dealer/core/betting.py",
    "dealer/core/cards.py",
    "dealer/core/chips.py",
    "dealer/core/deck.py",
    "dealer/core/events.py",
    "dealer/core/hand_value.py",
    "dealer/core/ledger.py",
    "dealer/core/mishaps.py",
    "dealer/core/positions.py",
    "dealer/core/pots.py",
    "dealer/core/stakes.py",
    "dealer/core/steps.py",
    "dealer/core/table.py",
    "dealer/engine/applying.py",
    "dealer/engine/hand.py",
    "dealer/engine/irregularities.py",
    "dealer/engine/model.py",
    "dealer/engine/normal.py",
    "dealer/engine/obligations.py",
    "dealer/engine/state.py",
    "dealer/scenarios/format.py",
    "dealer/scenarios/replay.py",
]


def _extensions() -> list[object]:
    if os.environ.get("DEALER_COMPILE") != "1":
        return []
    try:
        from mypyc.build import mypycify  # a build requirement in this mode only
    except ImportError:
        raise SystemExit(
            "DEALER_COMPILE=1 needs mypy (mypyc): pip installs it for `pip install .`; an editable "
            "install is never compiled"
        ) from None

    return list(mypycify(COMPILED, opt_level="3", target_dir=_BUILD))


# The compiled build keeps its own build folder, so that a pure build from the same checkout never
# packs a compiled module left over from it.
_BUILD = "build/compiled" if os.environ.get("DEALER_COMPILE") == "1" else "build"
setup(ext_modules=_extensions(), options={"build": {"build_base": _BUILD}})
