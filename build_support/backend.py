"""setuptools' build backend, asking for mypy when the compiled build is wanted.

``DEALER_COMPILE=1`` makes ``setup.py`` compile the hot modules with mypyc, which comes with mypy:
mypy is a build requirement in that mode only, with what it needs to check the compiled modules'
imports (setuptools documents this kind of wrapper: "Dynamic build dependencies and other
build_meta tweaks"). Everything else is setuptools' own; asking for the requirements or the
metadata runs setup.py without compiling.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the backend's other hooks, unchanged)

# mypyc and the types of what the compiled modules import (the same pins as pyproject.toml's)
_COMPILER = ["mypy>=1.10", "types-PyYAML", "transitions>=0.9,<0.10"]


@contextmanager
def _not_compiling() -> Iterator[str | None]:
    wanted = os.environ.pop("DEALER_COMPILE", None)
    try:
        yield wanted
    finally:
        if wanted is not None:
            os.environ["DEALER_COMPILE"] = wanted


def get_requires_for_build_wheel(config_settings: Any = None) -> list[str]:
    with _not_compiling() as wanted:
        required: list[str] = _setuptools.get_requires_for_build_wheel(config_settings)
    return required + (_COMPILER if wanted == "1" else [])


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: Any = None) -> str:
    prepare: Callable[..., str] = _setuptools.prepare_metadata_for_build_wheel
    with _not_compiling():
        return prepare(metadata_directory, config_settings)
