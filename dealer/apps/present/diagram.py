"""``dealer diagram``: the procedure as a picture, generated from the machine itself.

The normal procedure becomes a Mermaid state diagram (one arrow per transition of the built
``transitions`` machine, labelled with its trigger and conditions); the irregularities become a
table of state x mishap -> ruling, read from the same machine's mishap transitions. The result is
``docs/procedure.md`` in the checkout; a test fails when the committed file is not what this writes.
The command writes to the current folder (or ``-o``), never beside the installed package.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from dealer.engine.model import HandModel
from dealer.engine.procedure import machine, procedure
from dealer.rules.rulebook import Lang, book
from dealer.rules.rulesets import PROCEDURES

DOC = PROCEDURES.parent / "docs" / "procedure.md"  # the checkout's copy, held by a test
DEFAULT_OUT = Path("procedure.md")  # the command's default: the current folder
COMMAND = "dealer diagram -o docs/procedure.md"


@dataclass(frozen=True, slots=True)
class Arrow:
    """One transition of the machine from one state."""

    trigger: str
    source: str
    dest: str | None  # None: the hand stays in its state
    conditions: tuple[str, ...]  # "name", or "not name" for an `unless`
    before: tuple[str, ...]


def arrows() -> Iterator[Arrow]:
    """Every transition of the machine, in the order of the data (triggers, then sources)."""
    built = machine(HandModel)
    for trigger, event in built.events.items():
        for source, transitions in event.transitions.items():
            for transition in transitions:
                yield Arrow(
                    trigger,
                    source,
                    transition.dest,
                    tuple(
                        str(c.func) if c.target else f"not {c.func}" for c in transition.conditions
                    ),
                    tuple(str(name) for name in transition.before),
                )


def _is_mishap(arrow: Arrow) -> bool:
    return arrow.trigger.startswith("mishap_")


def _is_remedy(arrow: Arrow) -> bool:
    return "owes_step" in arrow.conditions or "unnoticed_mishaps" in arrow.conditions


def mermaid() -> str:
    """The normal procedure as a Mermaid state diagram."""
    spec = procedure()
    lines = ["stateDiagram-v2", f"    [*] --> {spec.initial}"]
    for arrow in arrows():
        if _is_mishap(arrow) or _is_remedy(arrow):
            continue
        label = arrow.trigger
        if arrow.conditions:
            label += f" [{', '.join(arrow.conditions)}]"
        lines.append(f"    {arrow.source} --> {arrow.dest or arrow.source}: {label}")
    lines.append("    done --> [*]")
    return "\n".join(lines)


def _ruling(arrow: Arrow) -> str:
    """The ruling a mishap transition gives: its rule ID, branch or variant, and title."""
    rulings = []
    for name in arrow.before:
        deferred = name.startswith("defer:")
        kind, _, named = name.removeprefix("defer:").partition(":")
        if kind not in ("ruling", "ruling-sa"):
            continue
        rule_id = named.split("/")[0].split("=")[0]
        found = book().rules.get(rule_id)
        text = f"{named} ({found.title.get(Lang.EN)})" if found is not None else named
        if kind == "ruling-sa":
            text += "; after substantial action, its after-substantial-action branch"
        if deferred:
            text = f"unnoticed: the hand goes on; when the floor is called, {text} (NOTICED-LATE)"
        rulings.append(text)
    return "; ".join(rulings) or "no ruling at this step (the mishap is recorded)"


def irregularities_table() -> str:
    """State x mishap -> ruling, one row per mishap transition and source state."""
    lines = [
        "| mishap | state | when | ruling |",
        "|---|---|---|---|",
    ]
    for arrow in arrows():
        if not _is_mishap(arrow):
            continue
        when = ", ".join(arrow.conditions) or "always"
        mishap = arrow.trigger.removeprefix("mishap_").replace("_", " ")
        lines.append(f"| {mishap} | {arrow.source} | {when} | {_ruling(arrow)} |")
    return "\n".join(lines)


def remedies_table() -> str:
    """The remedy steps a ruling can owe, and the states they are taken in."""
    found: dict[str, list[str]] = {}
    for arrow in arrows():
        if _is_remedy(arrow):
            found.setdefault(arrow.trigger, [])
            if arrow.source not in found[arrow.trigger]:
                found[arrow.trigger].append(arrow.source)
    lines = ["| remedy step | states |", "|---|---|"]
    lines += [f"| {trigger} | {', '.join(states)} |" for trigger, states in found.items()]
    return "\n".join(lines)


def document() -> str:
    """The whole of ``docs/procedure.md``."""
    states = procedure().states
    rules = "\n".join(f"| {name} | {spec.expects} | {spec.rule} |" for name, spec in states.items())
    return f"""# The procedure

Generated from the procedure machine (`procedures/holdem.yaml`, built by
`dealer.engine.procedure`) by `{COMMAND}`; do not edit by hand. A test fails when this file is
not what the command writes.

## The normal procedure

Each arrow is one transition of the machine: the trigger, and in brackets the conditions that
choose it. An arrow back to its own state leaves the hand where it is (a pitch of the deal, a
player's action).

```mermaid
{mermaid()}
```

| state | what is expected | rule |
|---|---|---|
{rules}

## Irregularities: state x mishap -> ruling

A mishap is what physically happened out of procedure; the first transition whose conditions
hold names the irregularity, and the ruling's remedy steps are then owed in order. The ruling's
text, sources and differences between rulesets: `dealer rule ID`.

{irregularities_table()}

## Remedy steps

Allowed only as the next step a ruling owes.

{remedies_table()}
"""


def write(path: Path = DEFAULT_OUT) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(document(), encoding="utf-8")
    return path
