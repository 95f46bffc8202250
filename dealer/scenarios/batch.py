"""Replaying many scenario files: streamed one by one, or split across worker processes.

Each file is read just before it is replayed and only its outcome (a few strings, or its JSON
report when asked) is kept, so memory does not grow with the scenarios' trees and hands. With
``jobs`` above one the files go to worker processes in chunks, in order, and the outcomes come back
in the files' order, so the output is the same whatever the number of jobs.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dealer.core.ruleset import Ruleset
from dealer.rules.source import SourceError
from dealer.scenarios.format import read_suite_file
from dealer.scenarios.replay import replay

CHUNK = 40  # files a worker replays per task: few round trips, and an even finish
MIN_FILES_PER_JOB = 120  # fewer than this per worker and the processes' start costs more


@dataclass(frozen=True, slots=True)
class Outcome:
    """What replaying one file gave: bad input (``error``), a skip, or a result."""

    file: str
    error: str | None = None  # ``file:line: message``
    name: str = ""
    ruleset: str = ""
    skip: str | None = None  # why it was not replayed (written for another ruleset)
    overlay: bool = False  # a ruleset overlay kept among the scenarios: checked, not run
    passed: bool = False
    internal: bool = False  # the failure is a bug of the tool, not of the scenario
    failure: str | None = None
    report: dict[str, Any] | None = None  # ``Result.as_json()``, when asked for

    @property
    def replayed(self) -> bool:
        return self.error is None and self.skip is None and not self.overlay


def replay_file(
    path: Path,
    override: Ruleset | None = None,
    *,
    as_json: bool = False,
    first_failure: bool = False,
) -> Outcome:
    """Read and replay one scenario file (audited, as ``dealer replay`` does)."""
    try:
        scenario = read_suite_file(path, override)
    except SourceError as error:
        return Outcome(str(path), error=str(error))
    if scenario is None:
        return Outcome(str(path), overlay=True)
    if scenario.skip:
        return Outcome(scenario.file, name=scenario.name, skip=scenario.skip)
    # the verdict alone unless the report is asked
    result = replay(scenario, reports=as_json, first_failure=first_failure)
    return Outcome(
        scenario.file,
        name=scenario.name,
        ruleset=scenario.ruleset.name,
        passed=result.passed,
        failure=result.failure,
        internal=result.internal,
        report=result.as_json() if as_json else None,
    )


def _replay_chunk(
    paths: Sequence[Path], override: Ruleset | None, as_json: bool, first_failure: bool = False
) -> list[Outcome]:
    return [
        replay_file(path, override, as_json=as_json, first_failure=first_failure) for path in paths
    ]


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def replay_files(
    paths: Sequence[Path],
    override: Ruleset | None = None,
    *,
    as_json: bool = False,
    jobs: int = 1,
    first_failure: bool = False,
) -> Iterator[Outcome]:
    """Each file's outcome, in the order of ``paths``; ``jobs`` worker processes at most (a small
    batch is replayed in this process: starting workers would cost more than they save)."""
    workers = min(jobs, len(paths) // MIN_FILES_PER_JOB)
    if workers <= 1:
        for path in paths:
            yield replay_file(path, override, as_json=as_json, first_failure=first_failure)
        return
    _warm_up()  # built once here, inherited by forked workers
    chunks = [paths[low : low + CHUNK] for low in range(0, len(paths), CHUNK)]
    context = multiprocessing.get_context("fork") if sys.platform == "linux" else None
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        count = len(chunks)
        firsts = [first_failure] * count
        for outcomes in pool.map(
            _replay_chunk, chunks, [override] * count, [as_json] * count, firsts
        ):
            yield from outcomes


def _warm_up() -> None:
    """Build what every replay needs (the procedure machine, its routes, the rulebook) before
    the workers fork, so each does not build it again."""
    from dealer.engine.hand import warm_up
    from dealer.rules.rulebook import book

    warm_up()
    book()
