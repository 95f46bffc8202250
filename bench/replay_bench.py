"""Replay throughput: a card room's regression suite of 10,000 scenario files.

Makes ``--files`` valid scenario files (copies of the shipped scenarios, in turn, 500 to a folder)
in a temporary folder, replays them with ``dealer replay FOLDER --jobs N`` in a fresh process, and
prints the wall time (the whole command: the interpreter's start, reading and replaying every file,
the output), files per second and peak memory: the command's own process (its high-water mark,
``VmHWM``), the largest process (``ru_maxrss``, a worker or the command) and the most the whole
tree held at once (the sum of every process's resident memory, sampled every 20 ms). The
command's summary line must say every file passed. The goals: 10,000 files in under 10 s with
``--jobs 2`` on a 2-core machine, and memory flat whatever the number of files (``--files
100000`` within 10% of the 10,000-file run).

    python bench/replay_bench.py [--files 10000] [--jobs 2] [--runs 1]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
PER_FOLDER = 500


def make_suite(folder: Path, files: int) -> None:
    """``files`` copies of the shipped scenarios, in turn."""
    shipped = sorted(SCENARIOS.rglob("*.yaml"))
    for number in range(files):
        source = shipped[number % len(shipped)]
        target = folder / f"part-{number // PER_FOLDER:03d}" / f"{number:05d}-{source.name}"
        target.parent.mkdir(exist_ok=True)
        shutil.copyfile(source, target)


@dataclass
class Memory:
    """Peaks in KiB."""

    parent: int = 0  # the command's process: its VmHWM, read until it ends
    tree: int = 0  # the most resident memory its processes held together, sampled
    largest: int = 0  # the largest process (ru_maxrss of the children waited for)


def _status(pid: int, field: str) -> int:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _tree(pid: int) -> list[int]:
    """The process and its descendants (Linux: /proc/PID/task/*/children)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        for task in Path(f"/proc/{current}/task").glob("*/children"):
            with contextlib.suppress(OSError, ValueError):  # it has just ended
                todo.extend(int(child) for child in task.read_text().split())
    return found


def run_measured(command: list[str], folder: Path) -> tuple[int, str, str, Memory]:
    """Run the command, its output to files (a pipe would need reading), sampling memory."""
    memory = Memory()
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        process = subprocess.Popen(command, cwd=folder, stdout=out, stderr=err, text=True)
        while process.poll() is None:
            memory.parent = max(memory.parent, _status(process.pid, "VmHWM"))
            memory.tree = max(memory.tree, sum(_status(p, "VmRSS") for p in _tree(process.pid)))
            time.sleep(0.02)
        out.seek(0)
        last = ""
        for line in out:  # the summary is the last line; the verdicts are not kept
            last = line
        err.seek(0)
        return process.returncode, last.strip(), err.read(), memory


def build() -> str:
    """Which build of dealer the command runs (the one installed for this interpreter)."""
    code = "import dealer.engine.state as m; print(m.__file__.endswith('.py'))"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tempfile.gettempdir(), capture_output=True, text=True
    )
    if done.stdout.strip() == "True":
        return "pure Python"
    return "compiled with mypyc, DEALER_COMPILE=1" if done.returncode == 0 else "not installed"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--runs", type=int, default=1, help="the median run counts")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="dealer-replay-") as temp:
        folder = Path(temp)
        make_suite(folder, args.files)
        command = [sys.executable, "-m", "dealer", "replay", str(folder), "--jobs", str(args.jobs)]
        times, cpu, loads = [], [], []
        peaks: list[Memory] = []
        for _ in range(max(1, args.runs)):
            loads.append(os.getloadavg()[0])
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            # run from the suite's folder: the installed package (compiled or not), never the
            # checkout's sources, is what the command imports
            returncode, summary, stderr, memory = run_measured(command, folder)
            times.append(time.perf_counter() - start)
            used = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(used.ru_utime + used.ru_stime - before.ru_utime - before.ru_stime)
            memory.largest = used.ru_maxrss  # KiB: the largest process waited for so far
            peaks.append(memory)
            if returncode != 0 or summary != f"{args.files} passed, 0 failed":
                print(f"replay failed (exit {returncode}): {summary}\n{stderr[-2000:]}")
                return 1
    seconds = statistics.median(times)
    print(
        f"python:  {sys.version.split()[0]}; {os.cpu_count()} cores; load average before each "
        f"run: {' '.join(f'{load:.2f}' for load in loads)} (other programs share the cores)"
    )
    print(f"command: dealer replay FOLDER --jobs {args.jobs} ({args.files} files, all passed)")
    print(f"build:   {build()}")
    print(
        f"wall:    {seconds:.2f} s (median of {len(times)}: {' '.join(f'{t:.2f}' for t in times)})"
    )
    print(f"cpu:     {statistics.median(cpu):.2f} s, all processes (median)")
    print(f"rate:    {args.files / seconds:,.0f} files/s")
    print(
        "memory:  peak of the command's process "
        f"{statistics.median(m.parent for m in peaks) / 1024:.1f} MiB, of the largest process "
        f"{max(m.largest for m in peaks) / 1024:.1f} MiB, of all its processes at once "
        f"{statistics.median(m.tree for m in peaks) / 1024:.1f} MiB (median)"
    )
    met = seconds * 10_000 / args.files < 10
    print(f"goal:    10,000 files under 10 s wall: {'met' if met else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
