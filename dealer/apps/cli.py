"""The ``dealer`` command line.

Exit codes: 0 all passed, 1 a scenario failed, 2 bad input (``file:line: message`` on stderr).
Heavy modules are imported inside the commands so that a quick lookup starts fast.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from dealer import __version__

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Texas Hold'em dealer procedure and misdeal adjudication.",
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"dealer {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version.")
    ] = False,
) -> None:
    """Texas Hold'em dealer procedure and misdeal adjudication."""


def _bad_input(message: str) -> typer.Exit:
    typer.echo(message, err=True)
    return typer.Exit(2)


def scenario_files(paths: list[Path]) -> list[Path]:
    """The YAML files named, folders searched recursively, in a stable order."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml")))
        elif path.is_file():
            files.append(path)
        else:
            raise _bad_input(f"{path}:0: no such file or folder")
    return files


RulesetOption = Annotated[
    str | None,
    typer.Option(
        "--ruleset",
        help="seed, wsop-2024, or a house overlay file: replays the scenarios that name no ruleset,"
        " this one or the one it extends, under it; skips those written for another.",
    ),
]


@app.command()
def replay(
    paths: Annotated[list[Path], typer.Argument(help="Scenario files or folders.")],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a machine-readable report.")
    ] = False,
    ruleset: RulesetOption = None,
) -> None:
    """Replay scenarios: one line per scenario and a summary."""
    from dealer.rules.rulesets import load_ruleset
    from dealer.rules.source import SourceError
    from dealer.scenarios.format import read_scenario
    from dealer.scenarios.replay import replay as run

    try:
        override = load_ruleset(ruleset) if ruleset else None
    except SourceError as error:
        raise _bad_input(str(error)) from None
    files = scenario_files(paths)
    if not files:
        raise _bad_input(f"{' '.join(map(str, paths))}:0: no scenario files found")
    scenarios = []
    errors = []
    for file in files:
        try:
            scenarios.append(read_scenario(file, override))
        except SourceError as error:
            errors.append(str(error))
    if errors:
        for message in errors:
            typer.echo(message, err=True)
        raise typer.Exit(2)
    skipped = [scenario for scenario in scenarios if scenario.skip]
    results = [run(scenario) for scenario in scenarios if not scenario.skip]
    passed = sum(result.passed for result in results)
    failed = len(results) - passed
    if as_json:
        report: dict[str, Any] = {
            "version": __version__,
            "passed": passed,
            "failed": failed,
            "skipped": len(skipped),
            "scenarios": [result.as_json() for result in results],
            "skipped_scenarios": [
                {"file": scenario.file, "scenario": scenario.name, "skipped": scenario.skip}
                for scenario in skipped
            ],
        }
        typer.echo(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        for result in results:
            mark = "PASS" if result.passed else "FAIL"
            scenario = result.scenario
            line = f"{mark} {scenario.file}: {scenario.name} [{scenario.ruleset.name}]"
            if result.failure:
                line += f"\n     {result.failure}"
            typer.echo(line)
        for scenario in skipped:
            typer.echo(f"SKIP {scenario.file}: {scenario.name} ({scenario.skip})")
        summary = f"{passed} passed, {failed} failed"
        typer.echo(f"{summary}, {len(skipped)} skipped" if skipped else summary)
    raise typer.Exit(1 if failed else 0)


LangOption = Annotated[str, typer.Option("--lang", help="en, zh-Hans or zh-Hant.")]


def _lang(value: str) -> Any:
    from dealer.rules.rulebook import Lang

    try:
        return Lang(value)
    except ValueError:
        raise _bad_input(f"--lang:0: unknown language {value!r}: en, zh-Hans or zh-Hant") from None


@app.command()
def rule(
    query: Annotated[
        list[str] | None, typer.Argument(help="A rule ID or words (English or Chinese).")
    ] = None,
    ruleset: Annotated[str, typer.Option("--ruleset", help="seed or wsop-2024.")] = "seed",
    lang: LangOption = "en",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List every ruling, or find one by ID or words and print it under a ruleset."""
    from dealer.apps import floor
    from dealer.rules import rulebook

    language = _lang(lang)
    if ruleset not in rulebook.book().rulesets:
        raise _bad_input(f"--ruleset:0: unknown ruleset {ruleset!r}: seed or wsop-2024")
    if not query:
        if as_json:
            index = {rid: rulebook.rule(rid).summary.get(language) for rid in rulebook.ids()}
            typer.echo(json.dumps(index, indent=2, ensure_ascii=False))
        else:
            typer.echo(floor.render_index(language))
        return
    text = " ".join(query)
    matches = rulebook.find(text, language, ruleset)
    if not matches:
        close = rulebook.suggest(text)
        hint = f"; closest: {', '.join(close)}" if close else ""
        typer.echo(f"no rule matches {text!r}{hint}", err=True)
        raise typer.Exit(1)
    found = rulebook.rule(matches[0].id)
    if as_json:
        typer.echo(
            json.dumps(floor.rule_as_json(found, ruleset, language), indent=2, ensure_ascii=False)
        )
    else:
        typer.echo(floor.render_rule(found, ruleset, language))
        others = [m.id for m in matches[1:4]]
        if others and not matches[0].exact:
            typer.echo(f"\nSee also: {', '.join(others)}")


@app.command()
def ask(
    scenario: Annotated[Path, typer.Argument(help="A scenario whose last step is the situation.")],
    ruleset: RulesetOption = None,
    lang: LangOption = "en",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Replay a hand in progress and give the ruling for this table and the steps still owed."""
    from dealer.apps import ask as floor_ask
    from dealer.rules.rulesets import load_ruleset
    from dealer.rules.source import SourceError
    from dealer.scenarios.format import read_scenario
    from dealer.scenarios.replay import replay as run

    language = _lang(lang)
    try:
        override = load_ruleset(ruleset) if ruleset else None
        read = read_scenario(scenario, override)
    except SourceError as error:
        raise _bad_input(str(error)) from None
    result = run(read, keep_hand=True)
    if result.failure is not None or result.hand is None:
        typer.echo(f"{scenario}: the hand cannot be replayed: {result.failure}", err=True)
        raise typer.Exit(1)
    if as_json:
        typer.echo(
            json.dumps(floor_ask.answer(result.hand, language), indent=2, ensure_ascii=False)
        )
    else:
        typer.echo(floor_ask.render(result.hand, language))


_DRILLS = ("normal", "mishap", "ruling", "money", "showdown", "action")
_TRAIN_HELP = (
    "Train as the dealer against a strict examiner, then get a score.\n\n"
    "You type each dealer step (post, shuffle, cut, pitch N, burn, flop, turn, river, showdown, "
    "award main A to S / award side N A to S, move button, and remedy steps such as gather or "
    "replace N; help lists them, hint says what is owed and why, --learn shows it always); the "
    "players act for themselves. A wrong step is caught at once with the rule and its source, and "
    "you go on from the correct state. Lines come from standard input, so no terminal is needed; "
    "the end of the input quits.\n\n"
    "Drills:\n\n"
    "normal: clean hands, every step in order.\n\n"
    "mishap: a mishap in every hand, each irregularity the machine recognises in turn (exposed "
    "and misdealt cards, extra and short hands, premature or unburned streets, boxed cards, the "
    "button, deck problems); the ruling is announced and you carry out the remedy step by step.\n\n"
    "ruling: a quiz; a mishap is described on the table and you pick the ruling from four.\n\n"
    "money: pot counts, calls, minimum raises, reopening, pot-limit maximums, side pots built and "
    "awarded.\n\n"
    "showdown: who shows first, who wins each pot and with what hand.\n\n"
    "action: is this player's action allowed? four rulings to choose from.\n\n"
    "--summary REPORTS... adds up a trainee's reports per skill against the school's pass marks "
    "(--school FILE, default procedures/school.yaml)."
)


@app.command(help=_TRAIN_HELP)
def train(
    drill: Annotated[
        str,
        typer.Option(
            "--drill", help="normal, mishap, ruling, money, showdown or action (see above)."
        ),
    ] = "normal",
    hands: Annotated[
        int, typer.Option("--hands", min=1, help="How many hands (quiz: questions).")
    ] = 3,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Fixes tables, cards, players and mishaps (default: random)."),
    ] = None,
    ruleset: Annotated[
        str, typer.Option("--ruleset", help="seed, wsop-2024, or a house overlay file.")
    ] = "seed",
    lang: LangOption = "en",
    report: Annotated[
        Path | None, typer.Option("--report", help="Write the score to this file as JSON.")
    ] = None,
    learn: Annotated[
        bool, typer.Option("--learn", help="Learn mode: show the next step before each one.")
    ] = False,
    trainee: Annotated[str, typer.Option("--trainee", help="Your name, for the report.")] = "",
    summary: Annotated[
        bool, typer.Option("--summary", help="Add up the REPORTS given instead of training.")
    ] = False,
    school: Annotated[
        Path | None, typer.Option("--school", help="The school's pass marks (YAML).")
    ] = None,
    reports: Annotated[list[Path] | None, typer.Argument(help="Reports, with --summary.")] = None,
) -> None:
    """The dealer trainer (its help is ``_TRAIN_HELP``)."""
    import random as stdlib_random

    from dealer.apps.training import command

    if summary or reports:
        try:
            typer.echo(command.summary(reports or [], school, _lang(lang)))
        except command.TrainError as error:
            raise _bad_input(str(error)) from None
        return

    from dealer.apps.table_view import text
    from dealer.apps.trainer import Drill, Trainer
    from dealer.rules.rulesets import load_ruleset
    from dealer.rules.source import SourceError

    language = _lang(lang)
    if drill not in _DRILLS:
        raise _bad_input(f"--drill:0: unknown drill {drill!r}: {', '.join(_DRILLS)}")
    try:
        load_ruleset(ruleset)
    except SourceError as error:
        raise _bad_input(str(error)) from None
    if report is not None and not report.parent.is_dir():  # say so before the session, not after
        raise _bad_input(f"{report}:0: no such folder for the report")

    def read(prompt: str) -> str | None:
        try:
            return input(prompt)
        except (EOFError, KeyboardInterrupt):
            typer.echo()
            return None

    trainer = Trainer(
        Drill(drill),
        read=read,
        write=typer.echo,
        hands=hands,
        seed=seed if seed is not None else stdlib_random.SystemRandom().randrange(1 << 31),
        ruleset=ruleset,
        lang=language,
        learn=learn,
    )
    score = trainer.run()
    if report is not None:
        data = command.report(score, trainee=trainee, lang=language)
        try:
            report.write_text(
                json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
            )
        except OSError as error:
            raise _bad_input(f"{report}:0: cannot write the report: {error.strerror}") from None
        typer.echo(text("report", language, path=report))


def main() -> None:
    from dealer.rules.rulebook import RulebookError
    from dealer.rules.source import SourceError

    try:
        app()
    except (SourceError, RulebookError) as error:  # the project's own data is broken
        typer.echo(str(error), err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
