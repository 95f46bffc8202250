"""Big seeded runs split into chunks, across processes, with results independent of the split.

Hand ``n`` of a run is played from seed ``n`` alone, so a chunk (a range of seeds) gives the same
findings wherever and whenever it runs. Chunks go to worker processes and come back in order; each
chunk returns its findings and a digest of what its hands did, and the run's digest chains the
chunks' digests in seed order, so two runs of the same seeds print the same findings and the same
digest whatever ``--jobs`` (or ``--chunk``: the digest chains hands, not chunks).
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor

# What a chunk returns: (findings, one digest line per hand)
Chunk = tuple[list[str], list[str]]


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def run(
    work: Callable[[int, int], Chunk], start: int, hands: int, jobs: int, chunk: int
) -> Iterator[tuple[int, Chunk]]:
    """``work(low, high)`` over ``[start, start + hands)`` in chunks of ``chunk`` seeds, in order;
    yields (hands done so far, the chunk's result)."""
    stop = start + hands
    lows = list(range(start, stop, chunk))
    highs = [min(low + chunk, stop) for low in lows]
    if jobs <= 1:
        for low, high in zip(lows, highs, strict=True):
            yield high - start, work(low, high)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for high, found in zip(highs, pool.map(work, lows, highs), strict=True):
            yield high - start, found


def report(
    work: Callable[[int, int], Chunk],
    start: int,
    hands: int,
    jobs: int,
    chunk: int,
    unit: str = "hands",
) -> int:
    """Run, print every finding in seed order, progress on stderr, then the totals and the
    digest; exit status 1 if anything was found."""
    digest = hashlib.sha256()
    total = 0
    began = time.perf_counter()
    for done, (found, lines) in run(work, start, hands, jobs, chunk):
        for finding in found:
            print(finding, flush=True)
        total += len(found)
        for line in lines:
            digest.update(line.encode() + b"\n")
        rate = done / (time.perf_counter() - began)
        print(
            f"# {done} {unit}, {total} findings, {rate:.0f} {unit}/s", file=sys.stderr, flush=True
        )
    print(f"seeds {start} to {start + hands - 1}: {hands} {unit}, {total} findings")
    print(f"digest {digest.hexdigest()[:32]} (the same for the same seeds, whatever --jobs)")
    return 1 if total else 0
