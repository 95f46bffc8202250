"""Big seeded runs (``bench/cross_check.py``, ``bench/property_run.py``) give the same findings and
digest whatever the number of jobs and the chunk size (``bench/chunked.py``)."""

from __future__ import annotations

import pytest

from tests.helpers import load_bench


@pytest.mark.parametrize("script", ["cross_check", "property_run"])
def test_the_results_do_not_depend_on_the_split(script: str) -> None:
    module = load_bench(script)
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
