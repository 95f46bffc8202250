"""A seeded slice of the PHH fuzz run (``bench/phh_fuzz.py``, docs/phh.md): mutated PHH files
are each refused at ``file:line`` or imported into a scenario that replays and passes and, where
PokerKit plays the same file to its end, ends with PokerKit's stacks. No internal error, no
hang, no wrong result."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import load_bench

pytest.importorskip("pokerkit")


def test_a_seeded_slice_of_the_phh_fuzz_run(tmp_path: Path) -> None:
    fuzz = load_bench("phh_fuzz")
    tally = fuzz.run(250, 24, tmp_path)
    assert tally.bad == []
    counts = tally.counts
    assert counts["internal"] == counts["hang"] == counts["wrong"] == 0
    assert counts["files"] == 250
    # the run exercises both sides: refusals, and imports held to PokerKit's result
    assert counts["refused"] > 50
    assert counts["imported"] > 20
    assert counts["same as pokerkit"] > 10
