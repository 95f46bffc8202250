"""Helpers shared by several test modules (and the bench scripts that scale the tests up): one
place for each (issue 11 point 6).

- Running the command line: :func:`run_cli` (in this process), :func:`run_dealer` (``python -m
  dealer`` in a child process, with :func:`dealer_env`).
- Random hands: :data:`BETTING_MIXES`, :func:`listed_move_tries`, :func:`play_listed_moves` (every
  move ``options()`` lists accepted, every other refused), :func:`assert_chips_conserved`, and
  :func:`play_random_mishaps` (random steps and mishaps, refusals logged).
- The trainer scripted: :func:`run_trainer`.
- The bench scripts loaded as modules: :func:`load_bench`.
- Chinese output: :func:`english_words`, the English a Chinese text leaks.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

from typer.testing import CliRunner

from dealer.apps.cli.commands import app
from dealer.apps.training import Drill, Trainer
from dealer.core.betting import Move, Options
from dealer.core.chips import ZERO
from dealer.core.mishaps import Mishap
from dealer.core.steps import PlayerAction, Step
from dealer.core.table import Table
from dealer.engine.hand import Hand, Refusal
from dealer.engine.random_play import Mix, random_action
from dealer.rules.rulebook import book

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"

# ---------------------------------------------------------------------------- the command line

_RUNNER = CliRunner()


def run_cli(*args: str, input: str | None = None) -> tuple[int, str, str]:
    """``dealer ARGS...`` in this process: the exit code, stdout and stderr."""
    result = _RUNNER.invoke(app, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def replay_report(stdout: str) -> dict[str, Any]:
    """``dealer replay --json``'s lines (one object per file, the summary last) gathered into one
    report: the summary's counts, ``scenarios`` (the replayed ones' reports) and ``others`` (the
    skipped and refused files), each line checked to be one whole JSON object."""
    lines = [json.loads(line) for line in stdout.splitlines()]
    assert lines and all(isinstance(line, dict) for line in lines), stdout[:200]
    *records, summary = lines
    assert summary["result"] == "summary", summary
    replayed = ("passed", "failed")
    return {
        **summary,
        "scenarios": [record for record in records if record["result"] in replayed],
        "others": [record for record in records if record["result"] not in replayed],
    }


def dealer_env() -> dict[str, str]:
    """The environment for ``python -m dealer`` in a child process: this checkout first."""
    path = os.environ.get("PYTHONPATH", "")
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), path) if p)}


def run_dealer(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m dealer ARGS...`` in a child process, from the repository, ``stdin`` typed in."""
    return subprocess.run(
        [sys.executable, "-m", "dealer", *args],
        input=stdin, capture_output=True, text=True, cwd=ROOT, env=dealer_env(), timeout=60,
    )  # fmt: skip


# ---------------------------------------------------------------------------- random hands

# The players' betting styles the property runs draw from.
BETTING_MIXES = (
    Mix(),
    Mix(fold=1, passive=4, min_raise=2, any_raise=3, all_in=3),
    Mix(fold=0, free_fold=1, passive=10, min_raise=1, any_raise=0, all_in=0),
)


def listed_move_tries(options: Options, hand: Hand) -> list[tuple[PlayerAction, bool]]:
    """Every listed move (bets and raises at the minimum, the maximum and between), as accepted;
    every move not listed, as refused."""
    seat, listed = options.seat, set(options.moves)
    total = hand.stacks[seat] + (hand.betting.bets[seat] if hand.betting else ZERO)
    tries: list[tuple[PlayerAction, bool]] = []
    for move in Move:
        if move in (Move.BET, Move.RAISE):
            if move in listed:
                assert options.min_to is not None and options.max_to is not None
                unit = hand.table.stakes.chip_unit
                middle = options.min_to + ((options.max_to - options.min_to) // 2 // unit) * unit
                for to in {options.min_to, middle, options.max_to}:
                    tries.append((PlayerAction(seat, move, to), True))
            else:
                tries.append((PlayerAction(seat, move, total), False))
        else:
            tries.append((PlayerAction(seat, move), move in listed))
    return tries


def play_listed_moves(hand: Hand, rng: random.Random, mix: Mix) -> None:
    """Play the hand to its end, the dealer by autopilot and the players by ``mix``; at every
    decision, each move ``options()`` lists must be accepted and each other move refused."""
    while not hand.is_over:
        step: Step | None = hand.next_dealer_step()
        if step is None:
            assert hand.betting is not None
            options = hand.betting.options()
            for action, legal in listed_move_tries(options, hand):
                assert hand.can(action) is legal, f"{action}: listed {options}"
            step = random_action(hand, rng, mix)
        hand.apply(step)


def assert_chips_conserved(hand: Hand, table: Table) -> None:
    """After the hand: every chip is back in a stack (the pot is empty), none went negative, and
    the stacks add up to what the table started with."""
    assert sum(hand.stacks.values(), ZERO) == sum(table.stacks.values(), ZERO)
    assert hand.pot == ZERO and all(amount >= ZERO for amount in hand.stacks.values())


def play_random_mishaps(
    hand: Hand,
    rng: random.Random,
    candidates: Callable[[Hand, random.Random], list[Mishap]],
    *,
    events: bool = False,
    states: bool = False,
) -> list[str]:
    """Random steps, a mishap now and then (one of ``candidates``), until the hand ends or 400
    lines are logged: each refusal with its rule, with ``events`` each event applied, and with
    ``states`` the procedure state after each step."""
    log: list[str] = []
    while not hand.is_over and len(log) < 400:
        offers = candidates(hand, rng) if rng.random() < 0.1 else []
        step = rng.choice(offers) if offers else hand.next_dealer_step()
        try:
            applied = hand.apply(step if step is not None else random_action(hand, rng))
            if events:
                log.extend(str(event) for event in applied)
        except Refusal as refusal:
            log.append(f"refused: {refusal} ({refusal.rule})")
        if states:
            log.append(f"state: {hand.state}")
    return log


# ---------------------------------------------------------------------------- the trainer


def run_trainer(
    drill: Drill, read: Callable[[str], str | None], box: list[Trainer], **options: Any
) -> tuple[Trainer, list[str]]:
    """A trainer session with ``read`` as the trainee, on a stopped clock; the trainer goes into
    ``box`` (where ``read`` finds it) and its printed lines come back."""
    out: list[str] = []
    options.setdefault("clock", lambda: 0.0)
    trainer = Trainer(drill, read=read, write=out.append, **options)
    box.append(trainer)
    trainer.run()
    return trainer, "\n".join(out).splitlines()


# ---------------------------------------------------------------------------- the bench scripts


def load_bench(name: str) -> ModuleType:
    """``bench/NAME.py`` as a module (registered, so that worker processes find its functions)."""
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(f"_bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------------------- Chinese output

_WORD = re.compile(r"(?<![A-Za-z0-9])[A-Za-z][A-Za-z0-9'\-]*[A-Za-z0-9]")
_CARD = re.compile(r"^(?:10|[2-9TJQKA])[shdc]$")
_ALLOWED = {"WSOP", "seed", "wsop-2024", "house-first-two", "N", "X", "CARD"}
# What the trainee typed, quoted back: after "got:" (实际：/實際：) or in 「」.
_TYPED = re.compile(r"(?:实际|實際)：.*$|「[^」]*」")


def english_words(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The English words of a text, leaving out what the user may see in any language (and
    ``allowed``)."""
    rules, also = book().rules, set(allowed)
    found = []
    for line in text.splitlines():
        for word in _WORD.findall(_TYPED.sub("", line)):
            if word in _ALLOWED or word in also or word in rules or _CARD.match(word):
                continue
            found.append(f"{word!r} in {line.strip()!r}")
    return found
