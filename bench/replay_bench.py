"""Replay throughput: a card room's regression suite of 10,000 scenario files.

Makes ``--files`` valid scenario files (copies of the shipped scenarios, in turn, 500 to a folder)
in a temporary folder, replays them with ``dealer replay FOLDER --jobs N`` in a fresh process, and
prints the wall time (the whole command: the interpreter's start, reading and replaying every file,
the output) and files per second. The command's summary line must say every file passed. The goal
is 10,000 files in under 10 s with ``--jobs 2`` on a 2-core machine.

    python bench/replay_bench.py [--files 10000] [--jobs 2] [--runs 1]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
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
        for _ in range(max(1, args.runs)):
            loads.append(os.getloadavg()[0])
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            # run from the suite's folder: the installed package (compiled or not), never the
            # checkout's sources, is what the command imports
            done = subprocess.run(command, cwd=folder, capture_output=True, text=True, check=False)
            times.append(time.perf_counter() - start)
            used = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(used.ru_utime + used.ru_stime - before.ru_utime - before.ru_stime)
            summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
            if done.returncode != 0 or summary != f"{args.files} passed, 0 failed":
                print(f"replay failed (exit {done.returncode}): {summary}\n{done.stderr[-2000:]}")
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
    met = seconds * 10_000 / args.files < 10
    print(f"goal:    10,000 files under 10 s wall: {'met' if met else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
