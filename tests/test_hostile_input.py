"""Input read another way, and files that are not files (issue 28 items 4 and 6): each example is
refused at ``file:line`` with exit 2, or gives what the rules say. Hangs are bounded by a
subprocess timeout."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.helpers import dealer_env, run_cli

TABLE = """scenario: {name}
table:
  game: no-limit
  blinds: [1, 2]
  button: 1
  seats: {{1: 100, 2: 100, 3: 100}}
deck: {{seed: 7}}
steps:
  - auto: deal
"""  # the steps below start at line 10


def _file(tmp_path: Path, *steps: str, name: str = "case") -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(TABLE.format(name=name) + "".join(f"  - {s}\n" for s in steps), "utf-8")
    return path


@pytest.mark.parametrize(
    ("step", "message"),
    [
        (
            "seat 1 raise 2٠",
            "bad step 'seat 1 raise 2٠': bad amount '2٠': write it with the digits 0 to 9",
        ),
        ("seat 1 raise ٢٠", "unknown move 'raise ٢٠' in 'seat 1 raise ٢٠': "),
        ("expect: {pot: ٢٣}", "bad amount '٢٣': write it with the digits 0 to 9"),
        ("expect: {stacks: {1: ١٠٠}}", "bad amount '١٠٠': write it with the digits 0 to 9"),
        ("mishap: flop 52", "bad mishap 'flop 52': a flop turns 3 to 10 cards, not 52"),
        ("mishap: flop 11", "bad mishap 'flop 11': a flop turns 3 to 10 cards, not 11"),
        ("mishap: flop 0", "bad mishap 'flop 0': a flop turns 3 to 10 cards, not 0"),
        ("mishap: flop 2", "bad mishap 'flop 2': a flop turns 3 to 10 cards, not 2"),
        ("mishap: flop ٤", "bad mishap 'flop ٤': '٤' is not a number"),
    ],
)
def test_digits_other_than_ascii_and_flop_counts_out_of_bounds_are_refused(
    tmp_path: Path, step: str, message: str
) -> None:
    path = _file(tmp_path, step)
    code, out, err = run_cli("replay", str(path))
    assert code == 2
    assert err.startswith(f"{path}:10: {message}") and len(err.splitlines()) == 1
    assert out == "0 passed, 0 failed, 1 refused\n"


@pytest.mark.parametrize("count", [4, 5, 6, 10])
def test_a_premature_flop_turns_the_cards_it_says(tmp_path: Path, count: int) -> None:
    # FLOP-PREMATURE (seed): "The premature cards will not play ... the flop cards are mixed back
    # into the stub, the burn stays" — every card turned is set aside, one burn on the table.
    # Deal: 6 hole cards; 52 - 6 - 1 burn - count turned remain in the stub.
    path = _file(
        tmp_path,
        f"mishap: flop {count}",
        f"expect: {{rulings: [FLOP-PREMATURE (seed)], board: '', stub_size: {45 - count}}}",
    )
    code, out, err = run_cli("replay", "--json", str(path))
    assert (code, err) == (0, ""), out
    from tests.helpers import replay_report

    (scenario,) = replay_report(out)["scenarios"]
    (hand,) = scenario["hands"]
    premature = [line for line in hand["log"] if line.endswith("(premature flop)")]
    assert len(premature) == 1 + count  # the burn and each card turned
    assert len(hand["final"]["set_aside"].split()) == count


def test_ten_cards_turned_at_the_flop_is_flop_too_many(tmp_path: Path) -> None:
    # FLOP-TOO-MANY: "The flop comes with four (or more) cards" (seed: redealt).
    path = _file(
        tmp_path,
        "seat 1 call",
        "seat 2 call",
        "seat 3 check",
        "burn",
        "mishap: flop 10",
        "expect: {rulings: [FLOP-TOO-MANY (seed)], stub_size: 35}",  # 52 - 6 - 1 burn - 10
    )
    code, out, err = run_cli("replay", str(path))
    assert (code, err) == (0, ""), out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_fifo_and_a_link_to_dev_zero_are_refused_by_name_among_the_verdicts(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "suite"
    folder.mkdir()
    good = ROOT / "tests" / "fixtures" / "good" / "fractional-chips.yaml"
    (folder / "a-good.yaml").write_bytes(good.read_bytes())
    os.mkfifo(folder / "b-fifo.yaml")
    (folder / "c-zero.yaml").symlink_to("/dev/zero")
    done = subprocess.run(
        [sys.executable, "-m", "dealer", "replay", str(folder)],
        capture_output=True,
        text=True,
        timeout=120,  # a hang is a failure, never a stuck suite
        env=dealer_env(),
    )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"{folder}/b-fifo.yaml:0: not a regular file (a FIFO): not read",
        f"{folder}/c-zero.yaml:0: not a regular file (a device): not read",
    ]
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"PASS {folder}/a-good.yaml: ")
    assert lines[1:] == ["1 passed, 0 failed, 2 refused"]


def test_a_file_is_read_at_most_to_its_size_limit(tmp_path: Path) -> None:
    from dealer.rules.source import MAX_BYTES

    path = tmp_path / "sparse.yaml"
    with path.open("wb") as handle:
        handle.truncate(MAX_BYTES + 1)
    code, _, err = run_cli("replay", str(path))
    assert code == 2 and err == f"{path}:0: too large: more than {MAX_BYTES:,} bytes\n"
