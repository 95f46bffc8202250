"""``dealer compare`` in words: the terminal's text, and a self-contained Markdown or HTML report a
manager attaches to a change request. The values come typed from :mod:`dealer.scenarios.compare`;
every word is a message of ``procedures/texts`` in the reader's language.
"""

from __future__ import annotations

import html
import re
import subprocess
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from dealer.apps.present.table import event_lines, post_line
from dealer.apps.present.words import refusal
from dealer.core.cards import Card, format_cards
from dealer.core.chips import Chips, format_chips
from dealer.core.errors import Refusal
from dealer.core.events import Event, Kind
from dealer.core.ledger import Place
from dealer.core.ruleset import Ruleset
from dealer.engine.obligations import Owed
from dealer.rules.rulebook import Lang
from dealer.rules.rulesets import load_ruleset, names, ruleset_from_text
from dealer.rules.source import SourceError
from dealer.rules.texts import message, template
from dealer.scenarios.compare import (
    Comparison,
    HandChange,
    PathPair,
    RefusalPair,
    ScenarioChange,
    Seen,
    Where,
)


@dataclass(frozen=True, slots=True)
class Item:
    """One line of a change, with the lines under it."""

    text: str
    sub: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Section:
    """A scenario's changes, by hand (``hand`` is ``None`` for a scenario of one hand)."""

    title: str
    hands: tuple[tuple[str | None, tuple[Item, ...]], ...]


def _cards(cards: Sequence[Card], lang: Lang) -> str:
    return format_cards(tuple(cards)) if cards else template("compare-no-cards", lang)


def _where(where: Where, lang: Lang) -> str:
    if where.place is Place.SEAT:
        return message("compare-at-seat", lang, seat=where.seat)
    if where.place is Place.BURN:
        return template(
            f"compare-at-burn-{where.street}" if where.street else "compare-at-burn", lang
        )
    return template(f"compare-at-{where.place.value.replace(' ', '-')}", lang)


def _path(places: Sequence[Where], lang: Lang) -> str:
    if not places:
        return template("compare-stays", lang)
    return template("compare-then", lang).join(_where(where, lang) for where in places)


def _card(pair: PathPair, lang: Lang) -> str:
    a, b = pair.a, pair.b
    start = a[0] if a else b[0]
    a = a[1:] if a and a[0] == start else a
    b = b[1:] if b and b[0] == start else b
    return message(
        "compare-card",
        lang,
        card=str(pair.card),
        start=_where(start, lang),
        a=_path(a, lang),
        b=_path(b, lang),
    )


def _remedy(seen: Seen | None, other: Seen | None, lang: Lang) -> str:
    if seen is None:
        return template("compare-no-ruling", lang)
    words = template(f"compare-remedy-{seen.remedy.value}", lang)
    if other is not None and other.remedy is seen.remedy:  # the same kind: say whose it is
        words = message("compare-remedy-as", lang, remedy=words, ruleset=seen.origin)
    if seen.branch is not None:
        words = message(
            "compare-with-branch", lang, remedy=words, branch=template(seen.branch, lang)
        )
    return words


def _owed(owed: Owed, lang: Lang) -> str:
    return message("compare-owed-item", lang, step=owed.text_in(lang), rule=owed.rule)


def _why(refused: Refusal | str, lang: Lang) -> str:
    """A refusal in the reader's language (a bug's words, ``internal error: ...``, in English
    only)."""
    if isinstance(refused, Refusal):
        return refusal(refused, lang)
    return refused if lang is Lang.EN else "?"


def _side(why: Refusal | str | None, lang: Lang) -> str:
    if why is None:
        return template("compare-taken", lang)
    return message("compare-refused", lang, why=_why(why, lang))


def _refusal(pair: RefusalPair, lang: Lang) -> str:
    return message(
        "compare-step", lang, line=pair.line, step=pair.step,
        a=_side(pair.a, lang), b=_side(pair.b, lang),
    )  # fmt: skip


_EVENT_WORDS = {
    Kind.BURN: "compare-ev-burn",
    Kind.BOARD: "compare-ev-board",
    Kind.MUCK: "compare-ev-muck",
    Kind.SKIP: "compare-ev-skip",
    Kind.FLASH: "compare-ev-flash",
    Kind.SCRAP: "compare-ev-scrap",
    Kind.DECK: "compare-ev-deck",
    Kind.VOID: "compare-ev-void",
    Kind.SCRAMBLE: "compare-ev-scramble",
    Kind.UNNOTICED: "compare-ev-unnoticed",
    Kind.NOTICE: "compare-ev-notice",
}


def event_words(event: Event | None, lang: Lang) -> str:
    """One event of the log: as the log writes it in English, in words in Chinese."""
    if event is None:
        return template("compare-no-event", lang)
    if lang is Lang.EN:
        return str(event)
    cards = format_cards(event.cards)
    amount = format_chips(event.amount) if event.amount is not None else ""
    if event.kind is Kind.PITCH:
        if event.seat is None:
            return message("compare-ev-pitch-to", lang, cards=cards)
        return message("compare-ev-pitch", lang, cards=cards, seat=event.seat)
    if event.kind is Kind.RULING:
        return message("compare-ev-ruling", lang, rule=event.note)
    if event.kind is Kind.BUTTON and event.seat is not None:
        return message("compare-ev-button", lang, seat=event.seat)
    if event.kind is Kind.RETURN and event.seat is None:
        return message("compare-ev-return", lang, amount=amount)
    posted = post_line(event, lang)
    if posted is not None:
        return posted
    if event.kind in _EVENT_WORDS:
        return message(_EVENT_WORDS[event.kind], lang, cards=cards)
    lines = event_lines([event], lang)
    return lines[0] if lines else event.kind.value


def _amount(value: Chips | None, lang: Lang) -> str:
    return template("compare-not-seated", lang) if value is None else format_chips(value)


def hand_items(hand: HandChange, a: str, b: str, lang: Lang) -> Iterator[Item]:
    """What changed in one hand, in order: rulings, owed steps, cards, board, burns, pot and
    stacks, refused steps, the first difference of the event log."""
    for name, played in zip((a, b), hand.played, strict=True):
        if not played:
            yield Item(message("compare-not-played", lang, number=hand.number, ruleset=name))
    for pair in hand.rulings:
        one, other = _remedy(pair.a, pair.b, lang), _remedy(pair.b, pair.a, lang)
        yield Item(message("compare-ruling", lang, rule=pair.rule_id, a=one, b=other))
    if hand.owed_added:
        added = tuple(f"+ {_owed(owed, lang)}" for owed in hand.owed_added)
        yield Item(template("compare-owed-added", lang), added)
    if hand.owed_removed:
        removed = tuple(f"- {_owed(owed, lang)}" for owed in hand.owed_removed)
        yield Item(template("compare-owed-removed", lang), removed)
    for path in hand.paths:
        yield Item(_card(path, lang))
    for key, cards in (("compare-board", hand.board), ("compare-burns", hand.burns)):
        if cards is not None:
            yield Item(message(key, lang, a=_cards(cards[0], lang), b=_cards(cards[1], lang)))
    if hand.pot is not None:
        before, after = (format_chips(side) for side in hand.pot)
        yield Item(message("compare-pot", lang, a=before, b=after))
    if hand.stacks:
        stacks = template("compare-then", lang).join(
            message("compare-stack", lang, seat=seat, a=_amount(was, lang), b=_amount(now, lang))
            for seat, was, now in hand.stacks
        )
        yield Item(message("compare-stacks", lang, stacks=stacks))
    for refused in hand.refusals:
        yield Item(_refusal(refused, lang))
    if hand.first_event is not None:
        index, first, second = hand.first_event
        yield Item(
            message("compare-event", lang, index=index),
            (
                message("compare-event-side", lang, ruleset=a, event=event_words(first, lang)),
                message("compare-event-side", lang, ruleset=b, event=event_words(second, lang)),
            ),
        )


def _table_why(text: str | None, lang: Lang) -> str | None:
    if text is None or lang is Lang.EN:
        return text
    return text.split(": ")[0]  # file:line; the reason is the reader's English error


def section(change: ScenarioChange, a: str, b: str, lang: Lang) -> Section:
    title = message("compare-scenario", lang, file=change.file, name=change.name)
    if change.table is not None:
        items = tuple(
            Item(
                message("compare-table", lang, ruleset=name, why=_table_why(why, lang))
                if why is not None
                else message("compare-table-taken", lang, ruleset=name)
            )
            for name, why in zip((a, b), change.table, strict=True)
        )
        return Section(title, ((None, items),))
    several = len(change.hands) > 1 or any(hand.number > 1 for hand in change.hands)
    return Section(
        title,
        tuple(
            (
                message("compare-hand", lang, number=hand.number) if several else None,
                tuple(hand_items(hand, a, b, lang)),
            )
            for hand in change.hands
        ),
    )


def _heading(comparison: Comparison, lang: Lang) -> list[str]:
    lines = [
        message(
            "compare-heading",
            lang,
            a=comparison.a,
            b=comparison.b,
            scenarios=comparison.scenarios,
            changed=len(comparison.changed),
            same=comparison.same,
        )
    ]
    if comparison.overlays:
        lines.append(message("compare-overlays", lang, count=comparison.overlays))
    if not comparison.changed:
        lines.append(template("compare-nothing", lang))
    return lines


def text(comparison: Comparison, lang: Lang = Lang.EN) -> str:
    """For the terminal."""
    lines = _heading(comparison, lang)
    for change in comparison.changed:
        part = section(change, comparison.a, comparison.b, lang)
        lines.extend(["", part.title])
        for hand, items in part.hands:
            indent = "  "
            if hand is not None:
                lines.append(f"  {hand}")
                indent = "    "
            for item in items:
                lines.append(f"{indent}{item.text}")
                lines.extend(f"{indent}  {sub}" for sub in item.sub)
    return "\n".join(lines) + "\n"


def _md(words: str) -> str:
    """Text a Markdown reader shows as written."""
    escaped = re.sub(r"([\\`*_\[\]<>|#])", r"\\\1", words)
    return re.sub(r"^([+-]) ", r"\\\1 ", escaped)  # not a list of its own


def markdown(comparison: Comparison, lang: Lang = Lang.EN) -> str:
    """A Markdown report: headings per scenario and hand, one bullet per change."""
    title = message("compare-title", lang, a=comparison.a, b=comparison.b)
    lines = [f"# {_md(title)}", ""]
    lines.extend(f"{_md(line)}  " for line in _heading(comparison, lang))
    for change in comparison.changed:
        part = section(change, comparison.a, comparison.b, lang)
        lines.extend(["", f"## {_md(part.title)}"])
        for hand, items in part.hands:
            if hand is not None:
                lines.extend(["", f"### {_md(hand)}"])
            lines.append("")
            for item in items:
                lines.append(f"- {_md(item.text)}")
                lines.extend(f"  - {_md(sub)}" for sub in item.sub)
    return "\n".join(lines) + "\n"


_STYLE = (
    "body{font-family:system-ui,sans-serif;max-width:60em;margin:2em auto;padding:0 1em;"
    "line-height:1.45}h2{font-size:1.1em;margin-top:1.6em;border-bottom:1px solid #ccc}"
    "h3{font-size:1em}li{margin:.15em 0}"
)


def html_report(comparison: Comparison, lang: Lang = Lang.EN) -> str:
    """A self-contained HTML page (no script, no outside file)."""
    esc = html.escape
    title = message("compare-title", lang, a=comparison.a, b=comparison.b)
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{lang.value}">',
        '<head><meta charset="utf-8">',
        f"<title>{esc(title)}</title>",
        f"<style>{_STYLE}</style></head>",
        "<body>",
        f"<h1>{esc(title)}</h1>",
    ]
    out.extend(f"<p>{esc(line)}</p>" for line in _heading(comparison, lang))
    for change in comparison.changed:
        part = section(change, comparison.a, comparison.b, lang)
        out.append(f"<section><h2>{esc(part.title)}</h2>")
        for hand, items in part.hands:
            if hand is not None:
                out.append(f"<h3>{esc(hand)}</h3>")
            out.append("<ul>")
            for item in items:
                subs = "".join(f"<li>{esc(sub)}</li>" for sub in item.sub)
                out.append(f"<li>{esc(item.text)}{f'<ul>{subs}</ul>' if subs else ''}</li>")
            out.append("</ul>")
        out.append("</section>")
    out.extend(["</body>", "</html>"])
    return "\n".join(out) + "\n"


# -- the two sides ---------------------------------------------------------------------------------

_REVISION = re.compile(r"(?P<rev>[^:\s][^:]*):(?P<path>[^:]+\.ya?ml)")


def load_side(spec: str) -> Ruleset:
    """A published ruleset, an overlay file, or ``REV:path/to/overlay.yaml``: the overlay as it is
    in that git revision (read with ``git show``; an ``extends:`` naming another overlay file is
    read from the working tree, beside the path). Raises :class:`SourceError` (bad input)."""
    found = _REVISION.fullmatch(spec)
    if found is None or Path(spec).is_file() or spec in names():
        return load_ruleset(spec)
    text = _git_show(spec, spec, Path.cwd())
    assert text is not None
    return ruleset_from_text(text, spec, Path(found["path"]).parent)


def at_revision(rev: str, path: Path) -> str | None:
    """The text of ``path`` as it is in git revision ``rev``; ``None`` where the revision has no
    such file (it is new since). Raises :class:`SourceError` when git or the revision is missing."""
    where = path.resolve().parent
    return _git_show(f"{rev}:./{path.name}", f"{rev}:{path}", where, absent_is_none=True)


def _git_show(spec: str, shown: str, cwd: Path, *, absent_is_none: bool = False) -> str | None:
    try:
        done = subprocess.run(
            ["git", "show", spec],
            capture_output=True,
            text=True,
            encoding="utf-8",
            check=False,
            cwd=cwd,
        )
    except FileNotFoundError:
        raise SourceError(
            shown, 0, "git is not installed: cannot read an overlay from a revision"
        ) from None
    except OSError as error:
        raise SourceError(shown, 0, f"cannot run git: {error.strerror}") from None
    if done.returncode != 0:
        said = (done.stderr.strip().splitlines() or ["git show failed"])[0]
        if absent_is_none and ("does not exist in" in said or "but not in" in said):
            return None
        raise SourceError(shown, 0, f"git cannot read it: {said}")
    return done.stdout
