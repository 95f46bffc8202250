"""What the tool says and decides, with its English as written or reworded (tests/test_typed.py).

``python -m tests.rewording OUT [--texts|--all]`` writes a JSON of everything the rewording test
compares: reworded, every English message of procedures/texts/en.yaml and every refusal's
English (the core's ``english`` templates) is rewritten before anything is read. The English may
change; nothing else may: the Chinese output of the trainer's drills, ``dealer rule`` and
``dealer ask``, every score, ruling and exit code, the replay of scenarios/.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
LANGS = ("en", "zh-Hans", "zh-Hant")
# The English the engine writes into what scenarios quote (``refused:``, ``owed:``): what each state
# expects and each remedy step; the scenario format's words, reworded only with the scenarios.
SCENARIO_WORDS = ("expects-", "do-")


def reword(text: str) -> str:
    """Other English, the same fields: a reader that parses our words breaks on it."""
    return f"<{text}>" if text.strip() else text


def _reword_everything(*, core: bool) -> None:
    import dealer.rules.texts as texts
    from dealer.core.errors import Refusal

    folder = Path(tempfile.mkdtemp(prefix="dealer-reworded-"))
    for path in texts.TEXTS.glob("*.yaml"):
        shutil.copy(path, folder / path.name)
    english = yaml.safe_load((texts.TEXTS / "en.yaml").read_text(encoding="utf-8"))
    reworded = {
        key: str(value) if key.startswith(SCENARIO_WORDS) else reword(str(value))
        for key, value in english.items()
    }
    (folder / "en.yaml").write_text(yaml.safe_dump(reworded, allow_unicode=True), "utf-8")
    texts.TEXTS = folder
    texts.messages.cache_clear()
    if not core:
        return
    import dealer.core.betting
    import dealer.engine.refusals  # noqa: F401  (every kind loaded before the walk below)

    todo = [Refusal]
    while todo:
        for kind in todo.pop().__subclasses__():
            kind.english = reword(kind.english)
            todo.append(kind)


def _trainee(trainer: Any) -> Iterator[str]:
    """Mostly right steps, now and then a wrong one, an unknown word and a player's move."""
    for number in range(1, 400):
        if number % 11 == 3:
            yield "frobnicate"
        elif number % 13 == 5:
            yield "turn"
        elif number % 17 == 0:
            yield "seat 1 call"
        else:
            yield trainer.expected_step() or "quit"


def drills() -> dict[str, Any]:
    from dealer.apps.training import Drill, Trainer
    from dealer.rules.rulebook import Lang

    found: dict[str, Any] = {}
    for drill in Drill:
        for lang in LANGS:
            out: list[str] = []
            answers: list[Iterator[str]] = []

            def read(
                prompt: str, answers: list[Iterator[str]] = answers, out: list[str] = out
            ) -> str | None:
                out.append(prompt)
                return next(answers[0], None)

            trainer = Trainer(
                drill, read=read, write=out.append, hands=2, seed=7, lang=Lang(lang),
                clock=lambda: 0.0,
            )  # fmt: skip
            quiz = iter(["1", "2", "x", "3", "4", "help", "2", "1"] * 6)
            answers.append(quiz if drill.value in ("ruling", "money", "showdown", "action") else
                           _trainee(trainer))  # fmt: skip
            score = trainer.run().as_json()
            found[f"{drill}:{lang}"] = {
                "score": score,
                "said": out if lang != "en" else len(out),
            }
    return found


def commands() -> dict[str, Any]:
    from typer.testing import CliRunner

    from dealer.apps.cli.commands import app
    from dealer.rules.rulebook import ids

    runner = CliRunner()
    found: dict[str, Any] = {}

    def run(args: list[str], lang: str) -> None:
        result = runner.invoke(app, [*args, "--lang", lang])
        said = result.stdout if lang != "en" else ""
        found[f"{' '.join(args)}:{lang}"] = [result.exit_code, said]

    for lang in LANGS:
        for rule_id in ids():
            run(["rule", rule_id], lang)
        run(["rule", "string", "bet"], lang)
        for path in sorted(SCENARIOS.rglob("*.yaml")):
            run(["ask", str(path)], lang)
    return found


def replays() -> dict[str, Any]:
    from dealer.scenarios.format import read_scenario
    from dealer.scenarios.replay import replay

    found: dict[str, Any] = {}
    for path in sorted(SCENARIOS.rglob("*.yaml")):
        result = replay(read_scenario(path))
        events = [str(event) for report in result.hands for event in report.events]
        found[str(path.relative_to(SCENARIOS))] = [result.passed, result.failure, events]
    return found


def main(argv: list[str]) -> None:
    """``OUT`` and what to reword: nothing, ``--texts`` (en.yaml) or ``--all`` (the core's
    refusals too: what the trainer shows; the replay and ``dealer ask`` match scenarios'
    ``refused:`` against the core's English, the scenario format, so they run with ``--texts``)."""
    out, how = Path(argv[0]), argv[1] if len(argv) > 1 else ""
    if how:
        _reword_everything(core=how == "--all")
    report: dict[str, Any] = {}
    if how in ("", "--all"):
        report["drills"] = drills()
    if how in ("", "--texts"):
        report["commands"] = commands()
        report["replay"] = replays()
    out.write_text(json.dumps(report, ensure_ascii=False, indent=1, default=str), "utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
