"""The trainer's commands in Chinese (``procedures/commands.yaml``, issue 22).

A trainee may type every command in Chinese, in either script: the line is turned into the
command words the trainer reads before anything else reads it, so the drills never see the
difference. The Chinese prompts show the first form of each.

>>> canonical("分配 主池 120 给 3"), canonical("發牌3"), canonical("推送底池"), canonical("是")
('award main 120 to 3', 'pitch 3', 'push', 'yes')
>>> canonical("pitch 3"), shown("award", Lang.ZH_HANT), display("award main 120 to 3", Lang.ZH_HANS)
('pitch 3', '分配', '分配 主池 120 给 3')
"""

from __future__ import annotations

import functools
import re

from dealer.rules.data import PROCEDURES
from dealer.rules.data import shown as shown_path
from dealer.rules.rulebook import Lang
from dealer.rules.source import Items, Node, SourceError, load_file

COMMANDS_PATH = PROCEDURES / "commands.yaml"
_CJK = re.compile(r"[\u3400-\u9fff]")


@functools.cache
def _table() -> tuple[dict[str, str], dict[tuple[str, Lang], str], frozenset[str]]:
    where = shown_path(COMMANDS_PATH)
    doc = load_file(COMMANDS_PATH, where)
    if not isinstance(doc, Node):
        raise SourceError(where, 1, "the commands file maps command words to their Chinese")
    aliases: dict[str, str] = {}
    first: dict[tuple[str, Lang], str] = {}
    whole = frozenset(map(str, doc.get("whole") or ()))
    for word, forms in doc.items():
        if word == "whole":
            continue
        if not isinstance(forms, Node) or set(forms) != {"zh-Hans", "zh-Hant"}:
            raise doc.error(word, f"{word}: list its forms under zh-Hans and zh-Hant")
        for lang, items in forms.items():
            if not isinstance(items, Items) or not items:
                raise forms.error(lang, f"{word}.{lang} must be a list of forms")
            first[(str(word), Lang(lang))] = str(items[0])
            for form in items:
                aliases.setdefault(str(form), str(word))
    unknown = whole - {word for word, _ in first}
    if unknown:
        raise SourceError(where, doc.line_of("whole"), f"whole: not commands: {sorted(unknown)}")
    return aliases, first, whole


def canonical(line: str) -> str:
    """The line in the trainer's command words (unchanged when it has no Chinese)."""
    if not _CJK.search(line):
        return line
    aliases, _, whole = _table()
    said = line.strip()
    if said in aliases:
        return aliases[said]
    text = said
    for form in sorted(aliases, key=len, reverse=True):
        if aliases[form] in whole:
            continue  # "是", "不": only as a whole answer, never inside a step
        text = text.replace(form, f" {aliases[form]} ")
    return " ".join(text.split())


def shown(word: str, lang: Lang) -> str:
    """The command as the prompts show it in ``lang`` (English: the word itself)."""
    if lang is Lang.EN:
        return word
    return _table()[1].get((word, lang), word)


def display(command: str, lang: Lang) -> str:
    """A command line as the prompts of ``lang`` show it ("pitch 3" is "發牌 3" in Chinese)."""
    if lang is Lang.EN:
        return command
    first = _table()[1]
    words = command.split()
    shown_words: list[str] = []
    position = 0
    while position < len(words):
        pair = " ".join(words[position : position + 2])
        if (pair, lang) in first:
            shown_words.append(first[(pair, lang)])
            position += 2
            continue
        shown_words.append(first.get((words[position], lang), words[position]))
        position += 1
    return " ".join(shown_words)
