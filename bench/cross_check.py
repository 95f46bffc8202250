"""Cross-check many seeded random hands between dealer and PokerKit; print every mismatch.

Hand ``n`` is the same hand as seed ``n`` of ``tests/oracle/test_cross_check.py`` (which checks
seeds 0 to 999): same table, cards and actions, compared the same way (pots, winners, stacks).
The seeds are split into chunks run across ``--jobs`` processes (``bench/chunked.py``); the
mismatches come out in seed order and the run ends with a digest of every hand's outcome, both the
same whatever the number of jobs. A million hands (about 50 minutes on 2 idle cores):

    python bench/cross_check.py --hands 1000000 --jobs 2
    python bench/cross_check.py --hands 20000 --start 1000      # a slice: seeds 1000 to 20999
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).absolute().parent.parent), str(Path(__file__).parent)]

import chunked  # noqa: E402

from dealer.engine.procedure import quiet  # noqa: E402
from tests.oracle.pokerkit_oracle import OracleMismatch  # noqa: E402
from tests.oracle.test_cross_check import (  # noqa: E402
    _describe,
    cross_table,
    dealer_outcome,
    oracle_hand,
    oracle_outcome,
    play,
)


def check_range(start: int, stop: int) -> chunked.Chunk:
    """Mismatches among seeds ``start`` to ``stop - 1`` (an exception counts as one), and each
    hand's outcome as a digest line."""
    found, lines = [], []
    for seed in range(start, stop):
        try:
            hand, ours = dealer_outcome(cross_table(seed), seed)
            lines.append(f"{seed} {ours}")
            try:
                theirs = oracle_outcome(play(oracle_hand(hand)))
            except OracleMismatch as mismatch:
                found.append(f"hand {seed}: PokerKit disagrees: {mismatch}\n{_describe(hand)}")
                continue
            if ours != theirs:
                found.append(f"hand {seed}: dealer {ours} != PokerKit {theirs}\n{_describe(hand)}")
        except Exception as error:  # a crash in either engine is a finding too
            found.append(f"hand {seed}: {type(error).__name__}: {error}")
            lines.append(f"{seed} crash")
    return found, lines


def main() -> int:
    quiet()  # the machine's debug chatter costs a call per callback (audited hands)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--jobs", type=int, default=chunked.cores(), help="worker processes")
    parser.add_argument("--chunk", type=int, default=500, help="seeds per task")
    args = parser.parse_args()
    return chunked.report(check_range, args.start, args.hands, args.jobs, args.chunk)


if __name__ == "__main__":
    sys.exit(main())
