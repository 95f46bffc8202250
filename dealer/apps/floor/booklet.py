"""The printable rule booklet: every rule of the rulebook under one ruleset, in one language.

The rules come in the chapters of ``procedures/booklet.yaml`` (the order a dealer school teaches
them); each shows what ``dealer rule ID`` shows (:func:`~dealer.apps.floor.answer.rule_as_json`):
its ID and title, the rule or the trigger, the remedy under the ruleset (the cards, the chips,
the dealer's steps, the conditions, the other paths) and the sources traced. The page is one
self-contained HTML file with its own print stylesheet: a chapter starts a page, a rule is not
split across pages, the toolbar (the web's ruleset and language switch) is not printed. Every
word is the rulebook's or a message of ``procedures/texts`` (``booklet-*``).

>>> [chapter.key for chapter in chapters()][:3]
['table', 'forced-bets', 'deal']
>>> html = booklet_html("wsop-2024", Lang.ZH_HANT)
>>> '<article class="rule" id="rule-TURN-PREMATURE">' in html, "規則手冊" in html
(True, True)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from dealer import __version__
from dealer.apps.floor.answer import rule_as_json
from dealer.apps.floor.lookup import house_ruling
from dealer.core.errors import DataError
from dealer.core.ruleset import Ruleset as Choices
from dealer.rules.data import PROCEDURES, shown
from dealer.rules.rulebook import Lang, book, ids, rule
from dealer.rules.rulesets import load_ruleset
from dealer.rules.source import Items, Node, check_keys, load_file
from dealer.rules.texts import message, template

__all__ = ["BOOKLET_PATH", "Chapter", "booklet_html", "chapters", "load_chapters"]

BOOKLET_PATH = PROCEDURES / "booklet.yaml"


@dataclass(frozen=True, slots=True)
class Chapter:
    key: str  # its title is the message booklet-chapter-KEY
    rules: tuple[str, ...]

    def title(self, lang: Lang) -> str:
        return template(f"booklet-chapter-{self.key}", lang)


def load_chapters(path: Path | None = None) -> tuple[Chapter, ...]:
    """The chapters; ``file:line: message`` (DataError) at the line of a rule unknown, named
    twice, or left out (the file's first line)."""
    where = path or BOOKLET_PATH
    name = shown(where)
    data = load_file(where, name)
    if not isinstance(data, Node) or not isinstance(data.get("chapters"), Node):
        raise DataError(name, 1, "expected 'chapters:' with the rule IDs of each chapter")
    check_keys(data, ("chapters",), "the booklet")
    found: list[Chapter] = []
    seen: dict[str, str] = {}
    known = set(ids())
    listed: Node = data["chapters"]
    for key, rules in listed.items():
        if not isinstance(rules, Items) or not all(isinstance(r, str) for r in rules):
            raise listed.error(key, f"chapter {key!r}: expected a list of rule IDs")
        for index, rule_id in enumerate(rules):
            line = rules.line_at(index)
            if rule_id not in known:
                raise DataError(name, line, f"chapter {key!r}: unknown rule {rule_id!r}")
            if rule_id in seen:
                raise DataError(name, line, f"{rule_id} is already in chapter {seen[rule_id]!r}")
            seen[rule_id] = str(key)
        found.append(Chapter(str(key), tuple(rules)))
    missing = [rule_id for rule_id in ids() if rule_id not in seen]
    if missing:
        raise DataError(name, 1, f"rules in no chapter: {', '.join(missing)}")
    return tuple(found)


@functools.cache
def chapters() -> tuple[Chapter, ...]:
    """The shipped booklet's chapters (read once)."""
    return load_chapters()


def _label(key: str, lang: Lang) -> str:
    return escape(template(key, lang))


def _colon(lang: Lang) -> str:
    return _label("colon", lang)


def _ruling_html(ruling: dict[str, Any], lang: Lang) -> str:
    colon = _colon(lang)
    parts = [f'<p class="summary"><b>{_label("summary", lang)}</b>{colon}'
             f"{escape(ruling['summary'])}</p>"]  # fmt: skip
    if ruling["cards"]:
        items = "".join(
            f"<li>{_label('fate-' + card['fate'], lang)}{colon}{escape(card['text'])}</li>"
            for card in ruling["cards"]
        )
        parts.append(f'<p class="head">{_label("cards", lang)}</p><ul>{items}</ul>')
    parts.append(f"<p><b>{_label('chips', lang)}</b>{colon}"
                 f"{_label('chips-' + ruling['chips'], lang)}</p>")  # fmt: skip
    steps = "".join(f"<li>{escape(step['text'])}</li>" for step in ruling["steps"])
    parts.append(
        f'<p class="head">{_label("steps", lang)}</p>'
        + (f'<ol class="steps">{steps}</ol>' if steps else f"<p>{_label('no-steps', lang)}</p>")
    )
    if ruling["conditions"]:
        parts.append(f"<p><b>{_label('conditions', lang)}</b>{colon}"
                     f"{escape(ruling['conditions'])}</p>")  # fmt: skip
    parts.append(_sources_html(ruling["sources"], lang))
    for name, branch in ruling["branches"].items():
        parts.append(f'<div class="branch"><p class="head">{_label(name, lang)}</p>'
                     f"{_ruling_html(branch, lang)}</div>")  # fmt: skip
    return "".join(parts)


def _sources_html(sources: Sequence[dict[str, str]], lang: Lang) -> str:
    traced = escape(template("booklet-list-sep", lang)).join(
        escape(source["trace"]) for source in sources
    )
    return f'<p class="sources"><b>{_label("sources", lang)}</b>{_colon(lang)}{traced}</p>'


def rule_html(rule_id: str, ruleset: str | Choices, lang: Lang) -> str:
    """One rule as the booklet prints it (``ruleset``: a published one's name, or an overlay,
    whose ruling is the one its choices pick)."""
    choices = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    entry, base = rule(rule_id), choices.base
    chosen = house_ruling(entry, choices) if choices.name != base else None
    data = rule_as_json(entry, base, lang, ruling=chosen)
    ruleset = base
    colon = _colon(lang)
    parts = [
        f'<article class="rule" id="rule-{escape(data["id"])}">'
        f'<h3><span class="rule-id">{escape(data["id"])}</span> {escape(data["title"])}</h3>'
    ]
    if data["trigger"]:
        parts.append(f"<p><b>{_label('trigger', lang)}</b>{colon}{escape(data['trigger'])}</p>")
    if data["ruling"] is None:
        parts.append(f"<p><b>{_label('rule', lang)}</b>{colon}{escape(data['summary'])}</p>")
        parts.append(_sources_html(data["sources"], lang))
    else:
        ruling = data["ruling"]
        if ruling["fallback"]:
            fallback = book().rulesets[ruleset].fallback or ruleset
            said = message("fallback-yes", lang, fallback=fallback)
            parts.append(f'<p class="fallback">{_label("fallback", lang)}{colon}'
                         f"{escape(said)}</p>")  # fmt: skip
        parts.append(_ruling_html(ruling, lang))
    parts.append("</article>")
    return "".join(parts)


STYLE = """
body { font-family: "Noto Serif", "Noto Serif CJK TC", "Noto Serif CJK SC", Georgia, serif;
       max-width: 52rem; margin: 0 auto; padding: 1rem 2rem; line-height: 1.45; color: #111; }
h1 { font-size: 1.8rem; margin-bottom: .2rem; }
h2 { font-size: 1.35rem; border-bottom: 2px solid #333; padding-bottom: .2rem; margin-top: 2rem; }
h3 { font-size: 1.05rem; margin: 1rem 0 .3rem; }
.rule-id { font-family: "DejaVu Sans Mono", monospace; font-size: .9em; background: #eee;
           padding: 0 .3em; }
article.rule { border-top: 1px solid #ccc; padding-top: .3rem; }
.head { font-weight: bold; margin: .4rem 0 .1rem; }
.branch { margin-left: 1.2rem; padding-left: .6rem; border-left: 3px solid #bbb; }
.sources { font-size: .9em; color: #333; }
ol.contents li { margin: .1rem 0; }
.toolbar { background: #f3f3f3; padding: .5rem; border: 1px solid #ccc; }
.toolbar a.current { font-weight: bold; text-decoration: none; color: #111; }
footer { margin-top: 2rem; font-size: .85em; color: #555; }
@media print {
  @page { size: A4; margin: 18mm 16mm; }
  body { max-width: none; padding: 0; font-size: 10.5pt; }
  .toolbar, .noprint, button { display: none !important; }
  section.chapter { break-before: page; }
  article.rule { break-inside: avoid; }
  h2, h3 { break-after: avoid; }
  a { color: inherit; text-decoration: none; }
}
"""

LANG_KEYS = {Lang.EN: "booklet-lang-en", Lang.ZH_HANS: "booklet-lang-zh-hans",
             Lang.ZH_HANT: "booklet-lang-zh-hant"}  # fmt: skip


def toolbar_html(path: str, ruleset: str, lang: Lang, **keep: int) -> str:
    """The web's switches (another ruleset, another language; ``keep``: the page's other
    parameters, a seed) and the print button; not printed."""

    def href(**params: str) -> str:
        return escape(f"{path}?{urlencode({**keep, **params})}")

    rulesets = " · ".join(
        f'<a href="{href(ruleset=name, lang=lang.value)}"'
        f"{' class=current' if name == ruleset else ''}>{escape(name)}</a>"
        for name in book().rulesets
    )
    langs = " · ".join(
        f'<a href="{href(ruleset=ruleset, lang=other.value)}" lang="{other.value}"'
        f"{' class=current' if other is lang else ''}>{_label(key, lang)}</a>"
        for other, key in LANG_KEYS.items()
    )
    printing = _label("booklet-print", lang)
    return (
        f'<div class="toolbar noprint"><p>{_label("ruleset", lang)}{_colon(lang)}{rulesets}</p>'
        f"<p>{_label('booklet-language', lang)}{_colon(lang)}{langs}</p>"
        f'<p><button type="button" onclick="window.print()">{printing}</button></p></div>'
    )


def document(title: str, body: str, lang: Lang, style: str = STYLE) -> str:
    """A self-contained HTML page (its stylesheet inside: the file prints as it is)."""
    return (
        f'<!doctype html>\n<html lang="{lang.value}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{style}</style></head>"
        f"<body>{body}</body></html>\n"
    )


def booklet_html(ruleset: str | Choices, lang: Lang, *, toolbar: str = "") -> str:
    """The booklet as one HTML page (``ruleset``: a published one's name or file, or an overlay
    loaded; ``toolbar``: the web's switches, left out in print). An unknown ruleset or a bad
    overlay file: :class:`~dealer.core.errors.DataError`, ``file:line: message``."""
    choices = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    entry = book().rulesets[choices.base]
    title = template("booklet-title", lang)
    named = escape(choices.base) + " · " + escape(entry.title.get(lang))
    if choices.name != choices.base:
        base_title = entry.title.get(lang)
        said = message("rule-house", lang, name=choices.name, base=choices.base, title=base_title)
        named = escape(said)
    lines = (
        message("booklet-contents-line", lang, title=chapter.title(lang), count=len(chapter.rules))
        for chapter in chapters()
    )
    contents = "".join(
        f'<li><a href="#chapter-{chapter.key}">{escape(line)}</a></li>'
        for chapter, line in zip(chapters(), lines, strict=True)
    )
    body = [
        toolbar,
        f"<header><h1>{escape(title)}</h1>"
        f'<p class="ruleset"><b>{_label("ruleset", lang)}</b>{_colon(lang)}{named}</p>'
        f"<p>{escape(entry.text.get(lang))}</p>"
        f"<p>{escape(message('booklet-count', lang, count=len(ids())))}</p></header>",
        f'<nav><h2>{_label("booklet-contents", lang)}</h2><ol class="contents">{contents}</ol>'
        "</nav>",
    ]
    for number, chapter in enumerate(chapters(), 1):
        body.append(
            f'<section class="chapter" id="chapter-{chapter.key}">'
            f"<h2>{number}. {escape(chapter.title(lang))}</h2>"
        )
        body.extend(rule_html(rule_id, choices, lang) for rule_id in chapter.rules)
        body.append("</section>")
    footer = message("booklet-footer", lang, ruleset=choices.name, version=__version__)
    body.append(f"<footer>{escape(footer)}</footer>")
    return document(f"{title} · {choices.name}", "".join(body), lang)
