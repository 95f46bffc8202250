"""How fast a floor answer starts: ``dealer rule`` and ``dealer ask`` from a cold process.

Times, from a new process each time, ``dealer rule TURN-PREMATURE`` and ``dealer ask
tests/fixtures/ask/turn-premature.yaml`` (a premature turn on the table), next to a bare
``python -c pass`` (the interpreter's own start) and ``dealer --version``, and prints for each the
median and the worst wall time and the median CPU time of the process (CPU time is less disturbed
by other programs sharing the cores). Goals: ``--version`` under 50 ms, ``rule`` and ``ask`` under
150 ms (median, installed).

Two settings, each printed: "installed" is the usual one, Python's bytecode cache in place (as
after any install, or the second run of a source checkout; kept here in a temporary folder so the
repository stays clean); "as is" is this shell's environment, which may forbid the cache
(``PYTHONDONTWRITEBYTECODE``), so that every module of dealer is compiled at every start.

    python bench/cli_startup.py [--runs 15]
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
ASK_FILE = "tests/fixtures/ask/turn-premature.yaml"
GOALS = {"dealer --version": 0.050}  # every other dealer command: DEFAULT_GOAL
DEFAULT_GOAL = 0.150


def _dealer() -> list[str]:
    """The installed ``dealer`` command beside this interpreter, else ``python -m dealer``."""
    script = Path(sys.executable).parent / "dealer"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "dealer"]


def _times(command: list[str], runs: int, env: dict[str, str]) -> tuple[float, float, float]:
    """(median wall, worst wall, median CPU) seconds over ``runs`` runs, after one to warm up."""
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True, env=env)
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, check=True, capture_output=True, env=env)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return statistics.median(walls), max(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "dealer --version": [*_dealer(), "--version"],
        "dealer rule TURN-PREMATURE": [*_dealer(), "rule", "TURN-PREMATURE"],
        "dealer rule dealer flashed the first card": [
            *_dealer(),
            "rule",
            "dealer",
            "flashed",
            "the",
            "first",
            "card",
        ],
        f"dealer ask {ASK_FILE}": [*_dealer(), "ask", ASK_FILE],
    }
    cache = tempfile.mkdtemp(prefix="dealer-pycache-")
    installed = {
        key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"
    }
    installed["PYTHONPYCACHEPREFIX"] = cache
    settings = {"installed": installed, "as is": dict(os.environ)}
    print(f"python {sys.version.split()[0]}; load average {os.getloadavg()[0]:.2f} on "
          f"{os.cpu_count()} cores (other programs share them); {runs} runs each")  # fmt: skip
    met = True
    try:
        for setting, env in settings.items():
            print(f"{setting}:")
            for name, command in commands.items():
                median, worst, cpu = _times(command, runs, env)
                print(f"  {name:58} median {median * 1000:4.0f} ms, worst {worst * 1000:4.0f} "
                      f"ms, CPU {cpu * 1000:4.0f} ms")  # fmt: skip
                if setting == "installed" and name.startswith("dealer"):
                    met = met and median < GOALS.get(name, DEFAULT_GOAL)
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    verdict = "met" if met else "NOT met"
    print(f"goals (--version under {GOALS['dealer --version'] * 1000:.0f} ms, rule and ask under "
          f"{DEFAULT_GOAL * 1000:.0f} ms median, installed): {verdict}")  # fmt: skip


if __name__ == "__main__":
    main()
