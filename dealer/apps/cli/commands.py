"""The ``dealer`` command line.

Exit codes: 0 all passed, 1 a scenario failed, 2 bad input (``file:line: message`` on stderr),
3 an internal error (a bug of the tool, reported on one line).
Heavy modules are imported inside the commands so that a quick lookup starts fast.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from dealer import __version__
from dealer.apps.cli.help import CARD_ROOM, FLOOR, SCHOOL, TOOLS, DealerGroup

if TYPE_CHECKING:
    from dealer.apps.floor.lookup import Reply
    from dealer.scenarios.batch import Outcome

app = typer.Typer(
    cls=DealerGroup,  # the commands by group; a usage error in one line, exit 2
    rich_markup_mode="rich",
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
    return list(iter_scenario_files(paths))


def iter_scenario_files(paths: list[Path]) -> Iterator[Path]:
    """:func:`scenario_files` one at a time, each folder listed when it is reached (a suite of
    100,000 files is never held as a list). Every path is checked first; the order is the
    sorted order of the paths, folder by folder. A FIFO or a device named ``*.yaml`` is kept:
    reading it refuses it by name."""
    for path in paths:
        if not path.is_dir() and not path.exists():
            raise _bad_input(f"{path}:0: no such file or folder")
    for path in paths:
        if path.is_dir():
            yield from _walk(path)
        else:
            yield path


def _walk(folder: Path) -> Iterator[Path]:
    # Names sorted in each folder, a subfolder at its name's place: the order of sorted(rglob).
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda entry: entry.name)
    except OSError:
        return
    for entry in entries:
        path = folder / entry.name
        try:
            is_dir = entry.is_dir()  # a link to a folder is followed, as rglob does
        except OSError:
            is_dir = False
        if is_dir:
            if not entry.is_symlink():  # a linked folder could lead back up: not followed
                yield from _walk(path)
        elif path.suffix in (".yaml", ".yml"):
            yield path


RulesetOption = Annotated[
    str | None,
    typer.Option(
        "--ruleset",
        metavar="NAME|FILE",
        help="seed, wsop-2024, or a house overlay file: replays the scenarios that name no ruleset,"
        " this one or the one it extends, under it; skips those written for another.",
    ),
]


@app.command(rich_help_panel=CARD_ROOM)
def replay(
    paths: Annotated[list[Path], typer.Argument(metavar="PATH", help="Scenario files or folders.")],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a machine-readable report.")
    ] = False,
    ruleset: RulesetOption = None,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            min=1,
            metavar="N",
            help="Worker processes (default: the number of cores); the output is the same.",
        ),
    ] = None,
    first_failure: Annotated[
        bool,
        typer.Option(
            "--first-failure", help="Stop each scenario at its first failing expectation."
        ),
    ] = False,
) -> None:
    """Replay scenarios: one line per scenario and a summary (every failing expectation)."""
    from dealer.rules.rulesets import load_ruleset
    from dealer.rules.source import SourceError
    from dealer.scenarios.batch import default_jobs, replay_files

    try:
        override = load_ruleset(ruleset) if ruleset is not None else None
    except SourceError as error:
        raise _bad_input(str(error)) from None
    files = iter_scenario_files(paths)
    first = next(files, None)
    if first is None:
        raise _bad_input(f"{' '.join(map(str, paths))}:0: no scenario files found")
    # Streamed: each verdict is written as it comes (files in order); only counts are kept.
    outcomes = replay_files(
        chain([first], files),
        override,
        as_json=as_json,
        jobs=jobs if jobs else default_jobs(),
        first_failure=first_failure,
    )
    counts = _stream_verdicts(outcomes, as_json)
    raise typer.Exit(
        3 if counts.internal or counts.lost else 2 if counts.refused else 1 if counts.failed else 0
    )


@dataclass
class _Counts:
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    refused: int = 0  # bad input: not a scenario, or not read
    internal: int = 0  # failures that are bugs of the tool
    lost: int = 0  # not replayed: the worker replaying them died every time

    def summary(self) -> str:
        words = [f"{self.passed} passed", f"{self.failed} failed"]
        for count, word in ((self.skipped, "skipped"), (self.refused, "refused"),
                            (self.lost, "not replayed")):  # fmt: skip
            if count:
                words.append(f"{count} {word}")
        return ", ".join(words)


def _stream_verdicts(outcomes: Iterable[Outcome], as_json: bool) -> _Counts:
    """Write each outcome as it comes, then the summary: text lines (``PASS``, ``FAIL``,
    ``SKIP``; bad input as ``file:line: message`` on stderr), or with ``as_json`` one JSON object
    per line, the summary last."""
    from dealer.scenarios.batch import write_spilled

    counts = _Counts()
    out, err = sys.stdout, sys.stderr
    for outcome in outcomes:
        record: dict[str, Any] | None = None
        if outcome.error is not None:
            counts.refused += 1
            err.write(outcome.error + "\n")
            record = {"file": outcome.file, "result": "refused", "error": outcome.error}
        elif outcome.lost is not None:
            counts.lost += 1
            err.write(f"{outcome.file}:0: internal error: not replayed: {outcome.lost}\n")
            record = {"file": outcome.file, "result": "not replayed", "error": outcome.lost}
        elif outcome.skip is not None:
            counts.skipped += 1
            record = {"file": outcome.file, "scenario": outcome.name, "result": "skipped",
                      "skipped": outcome.skip}  # fmt: skip
            if not as_json:
                out.write(f"SKIP {outcome.file}: {outcome.name} ({outcome.skip})\n")
        elif outcome.replayed:
            counts.passed += outcome.passed
            counts.failed += not outcome.passed
            counts.internal += outcome.internal
            if as_json and outcome.spilled is not None:
                write_spilled(outcome.spilled, out)
            elif as_json:
                out.write(f"{outcome.report}\n")
            else:
                mark = "PASS" if outcome.passed else "FAIL"
                line = f"{mark} {outcome.file}: {outcome.name} [{outcome.ruleset}]"
                if outcome.failure:
                    line += f"\n     {outcome.failure}"
                out.write(line + "\n")
            if outcome.internal:  # a bug of the tool, not of the scenario: its own exit code
                err.write(f"{outcome.file}: internal error: {outcome.failure}\n")
        if as_json and record is not None:
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
        out.flush()
        err.flush()
    if as_json:
        summary = {"result": "summary", "version": __version__, **asdict(counts)}
        out.write(json.dumps(summary) + "\n")
    else:
        out.write(counts.summary() + "\n")
    out.flush()
    return counts


LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        metavar="LANG",
        help="en, zh-Hans (or zh, zh-CN) or zh-Hant (or zh-TW, zh-HK); default: the system locale.",
    ),
]

# The published rulesets by name, or a card room's overlay by its file (one help text everywhere).
RulesOption = Annotated[
    str,
    typer.Option(
        "--ruleset", metavar="NAME|FILE", help="seed, wsop-2024, or a house overlay file."
    ),
]


@app.command(rich_help_panel=CARD_ROOM)
def compare(
    paths: Annotated[list[Path], typer.Argument(metavar="PATH", help="Scenario files or folders.")],
    ruleset: Annotated[
        str,
        typer.Option(
            "--ruleset",
            metavar="RULES",
            help="The rules before: seed, wsop-2024, an overlay file, or REV:path/to/overlay.yaml.",
        ),
    ] = "seed",
    against: Annotated[
        str,
        typer.Option(
            "--against",
            metavar="RULES",
            help="The rules after: seed, wsop-2024, an overlay file, or REV:path/to/overlay.yaml"
            " (the overlay as it is in that git revision).",
        ),
    ] = "wsop-2024",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    report: Annotated[
        Path | None,
        typer.Option(
            "--report",
            metavar="FILE",
            help="Also write a self-contained report: FILE.md or FILE.html.",
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Replay every scenario under two rulesets and say what differs, scenario by scenario.

    Exit 0 when nothing changed, 1 when something did, 2 for bad input.
    """
    from dealer.apps.present import compare as compare_report
    from dealer.rules.source import SourceError
    from dealer.scenarios.compare import as_json as comparison_json
    from dealer.scenarios.compare import compare as compare_all

    language = _lang(lang)
    if report is not None and report.suffix not in (".md", ".html"):
        raise _bad_input(f"{report}:0: a report is FILE.md (Markdown) or FILE.html")
    try:
        before, after = compare_report.load_side(ruleset), compare_report.load_side(against)
        files = scenario_files(paths)
        if not files:
            raise _bad_input(f"{' '.join(map(str, paths))}:0: no scenario files found")
        # Two sides of one name (an overlay before and after an edit) are named as given.
        names = (ruleset, against) if before.name == after.name else None
        comparison = compare_all(files, before, after, names)
    except SourceError as error:
        raise _bad_input(str(error)) from None
    if as_json:
        typer.echo(json.dumps(comparison_json(comparison), indent=2, ensure_ascii=False))
    else:
        typer.echo(compare_report.text(comparison, language), nl=False)
    if report is not None:
        write = compare_report.markdown if report.suffix == ".md" else compare_report.html_report
        try:
            report.write_text(write(comparison, language), encoding="utf-8")
        except OSError as error:
            raise _bad_input(f"{report}:0: cannot write: {error.strerror}") from None
    raise typer.Exit(1 if comparison.changed else 0)


def _lang(value: str | None) -> Any:
    from dealer.rules.texts import choose_lang

    try:
        return choose_lang(value)
    except ValueError as error:
        raise _bad_input(f"--lang:0: {error}") from None


def _answer(look_up: Callable[[], Reply]) -> NoReturn:
    """Print a floor look-up's reply (the same functions answer without typer: apps.quick)."""
    from dealer.rules.source import SourceError

    try:
        reply = look_up()
    except SourceError as error:
        raise _bad_input(str(error)) from None
    if reply.out:
        typer.echo(reply.out, nl=False)
    if reply.err:
        typer.echo(reply.err, err=True, nl=False)
    raise typer.Exit(reply.code)


_RULE_HELP = (
    "List every ruling, or find one by ID or words and print it under a ruleset.\n\n"
    "When the words can mean more than one rule, the candidates are listed with the question that "
    "tells them apart (which one?); when no rule covers them, the nearest rules are named and the "
    "exit code is 1."
)


@app.command(help=_RULE_HELP, rich_help_panel=FLOOR)
def rule(
    query: Annotated[
        list[str] | None,
        typer.Argument(metavar="QUERY", help="A rule ID or words (English or Chinese)."),
    ] = None,
    ruleset: RulesOption = "seed",
    lang: LangOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    explain: Annotated[
        bool, typer.Option("--explain", help="Show the facets read from the words first.")
    ] = False,
) -> None:
    """A floor look-up (its help is ``_RULE_HELP``)."""
    from dealer.apps.floor.lookup import answer

    language = _lang(lang)
    _answer(lambda: answer(query, ruleset, language, as_json, explain))


_ASK_HELP = (
    "Replay a hand in progress and give the ruling for this table and the steps still owed.\n\n"
    "Without a file, a few numbered questions describe the table (or --answers gives them)."
)


@app.command(help=_ASK_HELP, rich_help_panel=FLOOR)
def ask(
    scenario: Annotated[
        Path | None,
        typer.Argument(
            metavar="SCENARIO",
            help="A scenario whose last step is the situation (none: questions).",
        ),
    ] = None,
    ruleset: Annotated[
        str | None,
        typer.Option(
            "--ruleset",
            metavar="NAME|FILE",
            help="seed, wsop-2024, or a house overlay file (default: the scenario's own, or seed).",
        ),
    ] = None,
    lang: LangOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    answers: Annotated[
        str | None,
        typer.Option(
            "--answers",
            metavar="ANSWERS",
            help="Without a file: the questions' answers, comma-separated.",
        ),
    ] = None,
) -> None:
    """A floor answer for a hand in progress (its help is ``_ASK_HELP``)."""
    from dealer.rules.source import SourceError

    language = _lang(lang)
    if scenario is not None and answers is not None:
        raise _bad_input("--answers:0: --answers answers the questions asked without a file")
    if scenario is None:
        from dealer.apps.floor.guided import run as guided

        try:
            code = guided(
                answers,
                ruleset or "seed",
                language,
                as_json,
                write=typer.echo,
                error=lambda text: typer.echo(text, err=True),
            )
        except SourceError as error:
            raise _bad_input(str(error)) from None
        raise typer.Exit(code)
    from dealer.apps.floor.lookup import ask_file

    _answer(lambda: ask_file(scenario, ruleset, language, as_json))


@app.command(rich_help_panel=TOOLS)
def schema(
    kind: Annotated[
        str, typer.Argument(metavar="KIND", help="scenario, overlay or report.")
    ] = "scenario",
) -> None:
    """Print the JSON Schema of scenario files, ruleset overlays or trainer reports."""
    from importlib.resources import files

    if kind not in ("scenario", "overlay", "report"):
        raise _bad_input(f"{kind}:0: no schema {kind!r}: scenario, overlay or report")
    text = files("dealer").joinpath("schemas", f"{kind}.schema.json").read_text(encoding="utf-8")
    typer.echo(text, nl=False)


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
    "(--school FILE, default procedures/school.yaml); a report is a --report file or a web "
    "export (/progress/NAME/export.json), any number of each (dealer schema report)."
)


@app.command(help=_TRAIN_HELP, rich_help_panel=SCHOOL)
def train(
    drill: Annotated[
        str,
        typer.Option(
            "--drill",
            metavar="DRILL",
            help="normal, mishap, ruling, money, showdown or action (see above).",
        ),
    ] = "normal",
    hands: Annotated[
        int,
        typer.Option("--hands", min=1, metavar="N", help="How many hands (quiz: questions)."),
    ] = 3,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            metavar="N",
            help="Fixes tables, cards, players and mishaps (default: random).",
        ),
    ] = None,
    ruleset: RulesOption = "seed",
    lang: LangOption = None,
    report: Annotated[
        Path | None,
        typer.Option(
            "--report", metavar="FILE", help="Write the score to this file as JSON (- for stdout)."
        ),
    ] = None,
    learn: Annotated[
        bool, typer.Option("--learn", help="Learn mode: show the next step before each one.")
    ] = False,
    trainee: Annotated[
        str, typer.Option("--trainee", metavar="NAME", help="Your name, for the report.")
    ] = "",
    summary: Annotated[
        bool, typer.Option("--summary", help="Add up the REPORTS given instead of training.")
    ] = False,
    school: Annotated[
        Path | None,
        typer.Option("--school", metavar="FILE", help="The school's pass marks (YAML)."),
    ] = None,
    reports: Annotated[
        list[Path] | None, typer.Argument(metavar="REPORT", help="Reports, with --summary.")
    ] = None,
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

    from dealer.apps.present.table import text
    from dealer.apps.training import Drill, Trainer
    from dealer.rules.rulesets import load_ruleset
    from dealer.rules.source import SourceError

    language = _lang(lang)
    drills = [kind.value for kind in Drill]  # the trainer's own list
    if drill not in drills:
        raise _bad_input(f"--drill:0: unknown drill {drill!r}: {', '.join(drills)}")
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
        if str(report) == "-":  # `--report -`: the JSON on standard output
            typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
            return
        try:
            report.write_text(
                json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
            )
        except OSError as error:
            raise _bad_input(f"{report}:0: cannot write the report: {error.strerror}") from None
        typer.echo(text("report", language, path=report))


def _ruleset_name(ruleset: str) -> str:
    """A published ruleset or a house overlay file, checked (``file:line: message`` if not)."""
    from dealer.rules.rulesets import load_ruleset
    from dealer.rules.source import SourceError

    try:
        load_ruleset(ruleset)
    except SourceError as error:
        raise _bad_input(str(error)) from None
    return ruleset


def _write_page(out: Path | None, html: str) -> None:
    """A page to ``out`` (- or none: standard output)."""
    if out is None or str(out) == "-":
        typer.echo(html, nl=False)
        return
    if not out.parent.is_dir():
        raise _bad_input(f"{out}:0: no such folder")
    try:
        out.write_text(html, encoding="utf-8")
    except OSError as error:
        raise _bad_input(f"{out}:0: cannot write: {error.strerror}") from None


_PageOut = Annotated[
    Path | None,
    typer.Option("-o", "--out", metavar="FILE", help="Write the HTML page here (default: stdout)."),
]


@app.command(rich_help_panel=SCHOOL)
def booklet(
    ruleset: RulesOption = "seed",
    lang: LangOption = None,
    out: _PageOut = None,
) -> None:
    """Write the printable rule booklet: every rule with its remedy under the ruleset and its
    sources, in the chapters a dealer school teaches (one HTML file with a print stylesheet)."""
    from dealer.apps.floor.booklet import booklet_html

    _write_page(out, booklet_html(_ruleset_name(ruleset), _lang(lang)))


@app.command(rich_help_panel=SCHOOL)
def exam(
    seed: Annotated[
        int,
        typer.Option(
            "--seed", metavar="N", min=0, help="The sheet's seed: the same seed, the same sheet."
        ),
    ] = 1,
    questions: Annotated[
        int, typer.Option("--questions", metavar="K", min=1, max=60, help="How many (1 to 60).")
    ] = 9,
    ruleset: RulesOption = "seed",
    lang: LangOption = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "-o",
            "--out",
            metavar="FILE",
            help="Write the sheet here: FILE.html a printable page, another name plain text "
            "(default: text on stdout).",
        ),
    ] = None,
) -> None:
    """Write a seeded exam sheet and its answer key: in turn a ruling question (the ruling quiz),
    a remedy to write out (the mishap drill) and a next step (the normal drill); the key on its
    own page gives each answer's rule ID, ruleset and sources."""
    from dealer.apps.training.exam import exam as make_exam
    from dealer.apps.training.exam import exam_html, exam_text

    if seed >= 1 << 31:
        raise _bad_input("--seed:0: the seed must be 0 to 2^31 - 1")
    sheet = make_exam(seed=seed, count=questions, ruleset=_ruleset_name(ruleset), lang=_lang(lang))
    if out is not None and out.suffix == ".html":
        _write_page(out, exam_html(sheet))
    else:
        _write_page(out, exam_text(sheet) + "\n")


@app.command("import", rich_help_panel=CARD_ROOM)
def import_phh(
    paths: Annotated[
        list[Path],
        typer.Argument(metavar="PATH", help="PHH files (.phh, .phhs) or folders of them."),
    ],
    out: Annotated[
        Path | None,
        typer.Option(
            "-o",
            "--out",
            metavar="DIR",
            help="Write the scenarios here, mirroring the folders (default: beside each file).",
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Overwrite scenarios already there.")
    ] = False,
) -> None:
    """Turn Poker Hand History (PHH) hold'em hands into scenarios that replay checks."""
    from dealer.apps.phh.importing import PhhError, import_planned, phh_files, plan_imports

    if not any(phh_files(path) for path in paths):
        raise _bad_input(f"{' '.join(map(str, paths))}:0: no PHH files found")
    planned, errors = plan_imports(paths, out, force=force)
    for error in errors:
        typer.echo(str(error), err=True)
    for item in planned:
        try:
            imported = import_planned(item)
        except PhhError as error:
            typer.echo(str(error), err=True)
            errors.append(error)
            continue
        typer.echo(f"{item.label} -> {item.target}")
        for notice in imported.notices:
            typer.echo(f"{item.label}: {notice}")
    raise typer.Exit(2 if errors else 0)


@app.command("export", rich_help_panel=CARD_ROOM)
def export_phh(
    paths: Annotated[list[Path], typer.Argument(metavar="PATH", help="Scenario files or folders.")],
    out: Annotated[
        Path, typer.Option("-o", "--out", metavar="DIR", help="Write the PHH files here.")
    ],
    ruleset: RulesetOption = None,
) -> None:
    """Replay scenarios and write each hand as a PHH file (PokerKit loads them)."""
    from dealer.apps.phh.exporting import export_result
    from dealer.rules.rulesets import load_ruleset
    from dealer.rules.source import SourceError
    from dealer.scenarios.format import read_scenario
    from dealer.scenarios.replay import replay as run

    try:
        override = load_ruleset(ruleset) if ruleset else None
        scenarios = [read_scenario(file, override) for file in scenario_files(paths)]
    except SourceError as error:
        raise _bad_input(str(error)) from None
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _bad_input(f"{out}:0: cannot make the folder: {error.strerror}") from None
    failed = 0
    taken: set[str] = set()
    for scenario in scenarios:
        if scenario.skip:
            continue
        result = run(scenario)
        if not result.passed:
            failed += 1
            typer.echo(f"FAIL {scenario.file}: {result.failure}")
        try:
            exported = export_result(result, out, taken)
        except OSError as error:
            raise _bad_input(f"{out}:0: cannot write: {error.strerror}") from None
        for written in exported.written:
            typer.echo(f"{scenario.file} -> {written}")
        for skipped in exported.skipped:
            typer.echo(skipped)
    raise typer.Exit(1 if failed else 0)


@app.command(rich_help_panel=TOOLS)
def diagram(
    out: Annotated[
        Path | None,
        typer.Option(
            "-o",
            "--out",
            metavar="FILE",
            help="Where to write it (default: procedure.md in the current folder).",
        ),
    ] = None,
) -> None:
    """Write the procedure as a Mermaid state diagram and the irregularities as a table."""
    from dealer.apps.present import diagram as generated

    target = out or generated.DEFAULT_OUT
    try:
        written = generated.write(target)
    except OSError as error:
        raise _bad_input(f"{target}:0: cannot write: {error.strerror}") from None
    typer.echo(f"wrote {written}")


_SERVE_HELP = (  # \[ : typer reads rich markup, where [web] would be a style and vanish
    "The trainer, the floor desk and the progress pages in a browser"
    " (the web extra: pip install 'dealer\\[web]')."
)


@app.command(help=_SERVE_HELP, rich_help_panel=SCHOOL)
def serve(
    host: Annotated[
        str,
        typer.Option(
            "--host",
            metavar="ADDRESS",
            help="The address to listen on (only this machine by default).",
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=1, max=65535, metavar="PORT", help="The port.")
    ] = 8000,
    open_browser: Annotated[
        bool, typer.Option("--open", help="Open the trainer in the default browser.")
    ] = False,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="FILE|URL",
            help="The progress database: a SQLite file, or postgresql://... for a school's server"
            " (the postgres extra); default: $DEALER_WEB_DB, else progress.sqlite3 in"
            " ~/.local/share/dealer.",
        ),
    ] = None,
    max_sessions: Annotated[
        int,
        typer.Option("--max-sessions", min=1, metavar="N", help="Live training sessions at most."),
    ] = 100,
    accounts: Annotated[
        bool,
        typer.Option(
            "--accounts",
            help="Instructors and trainees sign in (on by itself once the database has an"
            " account); without accounts the server answers this machine only.",
        ),
    ] = False,
    add_instructor: Annotated[
        str | None,
        typer.Option(
            "--add-instructor",
            metavar="NAME",
            help="Add an instructor's account to the database (the password is asked for), then"
            " stop; the instructor signs in and makes the classes.",
        ),
    ] = None,
) -> None:
    """The web app (its help is ``_SERVE_HELP``)."""
    try:
        from dealer.apps.web.app import Settings
        from dealer.apps.web.server import LocalOnly, default_db
        from dealer.apps.web.server import add_instructor as add_account
        from dealer.apps.web.server import serve as run_server
        from dealer.apps.web.store import StoreError, is_postgres, shown_db
    except ImportError as error:
        missing = (getattr(error, "name", None) or "a web dependency").split(".")[0]
        raise _bad_input(
            f"serve:0: the web extra is not installed ({missing} is missing):"
            " pip install 'dealer[web]'"
        ) from None
    target: Path | str = default_db() if db is None else db if is_postgres(db) else Path(db)
    try:
        if add_instructor is not None:
            password = typer.prompt("Password", hide_input=True, confirmation_prompt=True)
            add_account(target, add_instructor, password)
            typer.echo(
                f"dealer: instructor {add_instructor} added; accounts are on for {shown_db(target)}"
            )
            return
        settings = Settings(db=target, max_sessions=max_sessions, accounts=accounts)
        run_server(host, port, open_browser=open_browser, settings=settings)
    except (StoreError, LocalOnly, ValueError) as error:
        raise _bad_input(f"serve:0: {error}") from None
    except ImportError as error:  # psycopg, for a postgresql:// database
        missing = (getattr(error, "name", None) or "psycopg").split(".")[0]
        raise _bad_input(
            f"serve:0: {missing} is missing for a PostgreSQL database: pip install"
            " 'dealer[postgres]'"
        ) from None
    except OSError as error:  # the address is taken, or not this machine's
        reason = os.strerror(error.errno) if error.errno else str(error)
        raise _bad_input(f"serve:0: cannot listen on {host}:{port}: {reason}") from None


def main() -> None:
    """The full command line, inside the one error boundary."""
    from dealer.apps.cli.boundary import guarded

    guarded(app)
