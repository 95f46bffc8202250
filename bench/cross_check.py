"""Cross-check many seeded random hands between dealer and PokerKit; print every mismatch.

Hand ``n`` is the same hand as seed ``n`` of ``tests/oracle/test_cross_check.py`` (which checks
seeds 0 to 999): same table, cards and actions, compared the same way (pots, winners, stacks).

    python bench/cross_check.py                      # 1,000,000 hands
    python bench/cross_check.py --hands 20000 --start 1000 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).absolute().parent.parent))

from tests.oracle.test_cross_check import cross_check

CHUNK = 1000


def check_range(start: int, stop: int) -> list[str]:
    """Mismatches among seeds ``start`` to ``stop - 1`` (an exception counts as one)."""
    found = []
    for seed in range(start, stop):
        try:
            mismatch = cross_check(seed)
        except Exception as error:  # a crash in either engine is a finding too
            mismatch = f"hand {seed}: {type(error).__name__}: {error}"
        if mismatch is not None:
            found.append(mismatch)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args()
    stop = args.start + args.hands
    chunks = [(low, min(low + CHUNK, stop)) for low in range(args.start, stop, CHUNK)]
    began = time.perf_counter()
    total, done = 0, 0
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        lows, highs = [low for low, _ in chunks], [high for _, high in chunks]
        for (low, high), found in zip(chunks, pool.map(check_range, lows, highs), strict=True):
            for mismatch in found:
                print(mismatch, flush=True)
            total += len(found)
            done += high - low
            rate = done / (time.perf_counter() - began)
            print(f"# {done} hands, {total} mismatches, {rate:.0f} hands/s", file=sys.stderr)
    print(f"{done} hands cross-checked, {total} mismatches")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
