"""Big seeded runs (``bench/cross_check.py``, ``bench/property_run.py``) give the same findings and
digest whatever the number of jobs and the chunk size (``bench/chunked.py``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"


def _load(name: str) -> ModuleType:
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(f"_bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # workers find check_range by its module's name
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("script", ["cross_check", "property_run"])
def test_the_results_do_not_depend_on_the_split(script: str) -> None:
    module = _load(script)
    chunked = module.chunked

    def results(jobs: int, chunk: int) -> tuple[list[str], list[str]]:
        found: list[str] = []
        lines: list[str] = []
        done = []
        for count, (chunk_found, chunk_lines) in chunked.run(
            module.check_range, 100, 24, jobs, chunk
        ):
            found += chunk_found
            lines += chunk_lines
            done.append(count)
        assert done[-1] == 24
        return found, lines

    alone = results(1, 24)
    assert alone == results(2, 5) == results(3, 7)
    found, lines = alone
    assert found == []
    assert len(lines) == 24 * (1 if script == "cross_check" else 3)
    assert lines[0].startswith("100 ") and lines[-1].startswith("123 ")
