"""Replaying many scenario files: streamed one by one, or split across worker processes.

Each file is read just before it is replayed and only its outcome (a few strings, or its JSON
report as one line of text when asked) is kept until it is handed on, so memory stays flat
whatever the number of files: the paths are taken from an iterator as they are needed, at most a
few chunks are in flight, and the outcomes come back in the files' order, so the output is the
same whatever the number of jobs.

A worker process that dies (killed, out of memory) loses only the chunk it was replaying: the
chunk is replayed again in a new worker, then file by file, and a file whose worker dies every
time is reported by name (:attr:`Outcome.lost`) among the other outcomes.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import shutil
import signal
import sys
import tempfile
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import chain, islice
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import IO, Any

from dealer.core.ruleset import Ruleset
from dealer.rules.source import SourceError
from dealer.scenarios.format import read_suite_file
from dealer.scenarios.replay import HandReport, replay

CHUNK = 40  # files a worker replays per task: few round trips, and an even finish
MIN_FILES_PER_JOB = 120  # fewer than this per worker and the processes' start costs more
IN_FLIGHT = 3  # chunks per worker read ahead: the workers never wait, memory stays bounded
DEATHS = 2  # times a task's worker may die before the task is split (a chunk) or lost (a file)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What replaying one file gave: bad input (``error``), a skip, a lost file, or a result."""

    file: str
    error: str | None = None  # ``file:line: message``
    name: str = ""
    ruleset: str = ""
    skip: str | None = None  # why it was not replayed (written for another ruleset)
    overlay: bool = False  # a ruleset overlay kept among the scenarios: checked, not run
    passed: bool = False
    internal: bool = False  # the failure is a bug of the tool, not of the scenario
    failure: str | None = None
    report: str | None = None  # ``Result.as_json()`` as one line of JSON, when asked for
    # A long report (many hands) instead: the line's head, the file its hands were written to
    # as they were played, and its tail; whoever writes it out deletes the file.
    spilled: tuple[str, str, str] | None = None
    lost: str | None = None  # not replayed: the worker replaying it died every time (why)

    @property
    def replayed(self) -> bool:
        return self.error is None and self.skip is None and not self.overlay and not self.lost


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
    report: str | None = None
    spilled: tuple[str, str, str] | None = None
    if as_json:  # each hand written out as it ends: memory stays flat whatever the hands
        hands = _Hands()
        try:
            result = replay(scenario, on_hand=hands.add, first_failure=first_failure)
        except BaseException:
            hands.discard()
            raise
        head = result.as_json()
        head.pop("hands", None)
        opening = json.dumps(head, ensure_ascii=False)[:-1] + ', "hands": ['
        if hands.spill is None:
            report = opening + "".join(hands.kept) + "]}"
        else:
            spilled = (opening, hands.finish(), "]}")
    else:
        result = replay(scenario, reports=False, first_failure=first_failure)  # the verdict alone
    return Outcome(
        scenario.file,
        name=scenario.name,
        ruleset=scenario.ruleset.name,
        passed=result.passed,
        failure=result.failure,
        internal=result.internal,
        report=report,
        spilled=spilled,
    )


SPILL_BYTES = 1 << 20  # a report longer than this goes to a temporary file, hand by hand


class _Hands:
    """A report's hands as JSON, kept while short, then written to a temporary file."""

    def __init__(self) -> None:
        self.kept: list[str] = []
        self.size = 0
        self.spill: IO[str] | None = None

    def add(self, report: HandReport) -> None:
        text = json.dumps(
            {
                "hand": report.number,
                "events": [event.as_json() for event in report.events],
                "log": [str(event) for event in report.events],
                "final": report.final,
            },
            ensure_ascii=False,
        )
        text = text if not (self.kept or (self.spill is not None and self.size)) else ", " + text
        self.size += len(text)
        if self.spill is None and self.size > SPILL_BYTES:
            self.spill = tempfile.NamedTemporaryFile(  # noqa: SIM115 (kept open across calls)
                "w", encoding="utf-8", prefix="dealer-report-", suffix=".json", delete=False
            )
            self.spill.writelines(self.kept)
            self.kept = []
        if self.spill is not None:
            self.spill.write(text)
        else:
            self.kept.append(text)

    def finish(self) -> str:
        assert self.spill is not None
        self.spill.close()
        return self.spill.name

    def discard(self) -> None:
        if self.spill is not None:
            self.spill.close()
            os.unlink(self.spill.name)


def write_spilled(spilled: tuple[str, str, str], out: IO[str]) -> None:
    """Write a spilled report's line (its hands copied from their file, which is deleted)."""
    opening, path, closing = spilled
    out.write(opening)
    try:
        with open(path, encoding="utf-8") as hands:
            shutil.copyfileobj(hands, out)
    finally:
        os.unlink(path)
    out.write(closing + "\n")


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
    paths: Iterable[Path],
    override: Ruleset | None = None,
    *,
    as_json: bool = False,
    jobs: int = 1,
    first_failure: bool = False,
) -> Iterator[Outcome]:
    """Each file's outcome, in the order of ``paths``, as soon as it and those before it are
    known; ``jobs`` worker processes at most (a small batch is replayed in this process:
    starting workers would cost more than they save)."""
    given = iter(paths)
    head = list(islice(given, jobs * MIN_FILES_PER_JOB)) if jobs > 1 else []  # enough to split?
    workers = min(jobs, len(head) // MIN_FILES_PER_JOB)
    if workers <= 1:
        for path in chain(head, given):
            yield replay_file(path, override, as_json=as_json, first_failure=first_failure)
        return
    _warm_up()  # built once here, inherited by forked workers
    chunks = _chunks(chain(head, given))
    yield from _Pool(workers, override, as_json, first_failure).run(chunks)


def _chunks(paths: Iterator[Path]) -> Iterator[tuple[Path, ...]]:
    while chunk := tuple(islice(paths, CHUNK)):
        yield chunk


def _warm_up() -> None:
    """Build what every replay needs (the procedure machine, its routes, the rulebook) before
    the workers fork, so each does not build it again."""
    from dealer.engine.hand import warm_up
    from dealer.rules.rulebook import book

    warm_up()
    book()


# -- the worker processes ----------------------------------------------------------------------


def _serve(
    connection: Connection, override: Ruleset | None, as_json: bool, first_failure: bool
) -> None:
    """A worker: replays each chunk it is sent and sends the outcomes back, until ``None``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop
    while True:
        try:
            paths = connection.recv()
        except EOFError:  # the parent has gone
            return
        if paths is None:
            return
        connection.send(_replay_chunk(paths, override, as_json, first_failure))


@dataclass(slots=True)
class _Task:
    number: int  # the chunk's place in the files' order
    offset: int  # where these paths start in the chunk (a chunk split after deaths)
    paths: tuple[Path, ...]
    deaths: int = 0


@dataclass(slots=True)
class _Slot:
    """A chunk's outcomes, filled as its tasks come back."""

    outcomes: list[Outcome | None]
    missing: int = field(init=False)

    def __post_init__(self) -> None:
        self.missing = len(self.outcomes)

    def fill(self, offset: int, outcomes: Sequence[Outcome]) -> None:
        self.outcomes[offset : offset + len(outcomes)] = outcomes
        self.missing -= len(outcomes)


class _Worker:
    def __init__(
        self, context: Any, override: Ruleset | None, as_json: bool, first_failure: bool
    ) -> None:
        self.connection, child = context.Pipe()
        options = (child, override, as_json, first_failure)
        self.process = context.Process(target=_serve, args=options, daemon=True)
        self.process.start()
        child.close()
        self.task: _Task | None = None

    def stop(self) -> None:
        with contextlib.suppress(OSError):  # already gone
            self.connection.send(None)
        self.process.join(timeout=5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.connection.close()

    def kill(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.connection.close()

    def death(self) -> str:
        self.process.join(timeout=5)
        code = self.process.exitcode
        if code is not None and code < 0:
            try:
                return f"killed by {signal.Signals(-code).name}"
            except ValueError:
                return f"killed by signal {-code}"
        return f"exit code {code}"


class _Pool:
    """Worker processes, each with its own pipe, so the chunk a dead worker held is known."""

    def __init__(
        self, workers: int, override: Ruleset | None, as_json: bool, first_failure: bool = False
    ) -> None:
        self.size, self.override, self.as_json = workers, override, as_json
        self.first_failure = first_failure
        self.context = multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn")

    def run(self, chunks: Iterator[tuple[Path, ...]]) -> Iterator[Outcome]:
        workers = [self._start() for _ in range(self.size)]
        tasks: deque[_Task] = deque()  # waiting for a worker
        slots: dict[int, _Slot] = {}  # chunks read and not yet handed on
        taken = handed = 0  # chunks read; chunks handed on
        exhausted = False
        try:
            while True:
                while not exhausted and taken - handed < self.size * IN_FLIGHT:
                    chunk = next(chunks, None)
                    if chunk is None:
                        exhausted = True
                        break
                    slots[taken] = _Slot([None] * len(chunk))
                    tasks.append(_Task(taken, 0, chunk))
                    taken += 1
                while handed in slots and slots[handed].missing == 0:
                    for outcome in slots.pop(handed).outcomes:
                        assert outcome is not None
                        yield outcome
                    handed += 1
                if exhausted and handed == taken:
                    return
                for index, worker in enumerate(workers):
                    if worker.task is None and tasks:
                        worker.task = tasks.popleft()
                        try:
                            worker.connection.send(worker.task.paths)
                        except OSError:  # died while idle: its task goes to a new worker
                            tasks.appendleft(worker.task)
                            worker.kill()
                            workers[index] = self._start()
                busy = [worker for worker in workers if worker.task is not None]
                if not busy:  # every chunk in flight came back and was handed on: read on
                    continue
                ready = wait([w.connection for w in busy] + [w.process.sentinel for w in busy])
                for index, worker in enumerate(workers):
                    task = worker.task
                    if task is None:
                        continue
                    if worker.connection not in ready and worker.process.sentinel not in ready:
                        continue
                    try:
                        if not worker.connection.poll():
                            raise EOFError
                        outcomes = worker.connection.recv()
                    except (EOFError, OSError):
                        why = worker.death()
                        worker.kill()
                        workers[index] = self._start()
                        self._died(task, why, tasks, slots)
                        continue
                    worker.task = None
                    slots[task.number].fill(task.offset, outcomes)
        finally:
            for worker in workers:
                if worker.task is None:
                    worker.stop()
                else:
                    worker.kill()

    def _start(self) -> _Worker:
        return _Worker(self.context, self.override, self.as_json, self.first_failure)

    def _died(self, task: _Task, why: str, tasks: deque[_Task], slots: dict[int, _Slot]) -> None:
        """Replay a dead worker's task again; split a chunk that keeps killing its worker, and
        report a file that does by name."""
        task.deaths += 1
        if task.deaths < DEATHS:
            tasks.appendleft(task)
        elif len(task.paths) > 1:
            singles = [
                _Task(task.number, task.offset + place, (path,))
                for place, path in enumerate(task.paths)
            ]
            tasks.extendleft(reversed(singles))
        else:
            (path,) = task.paths
            lost = f"the worker process replaying it died {DEATHS} times ({why})"
            slots[task.number].fill(task.offset, [Outcome(str(path), lost=lost)])
