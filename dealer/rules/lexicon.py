"""The search's lexicon and each rule's facets, read from ``procedures/search.yaml`` and
``procedures/facets.yaml`` and checked on load (a bad entry is a ``file:line: message`` error).

The lexicon maps the forms of a word, in English and in both Chinese scripts, to a facet value
(an object, an event, who did it, when it was noticed); the facets say what each rule is about.

>>> sorted(table().facets["DEAL-EXTRA-ONE"].event)
['doubled', 'extra']
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from dealer.rules.cache import kept
from dealer.rules.data import PROCEDURES, shown
from dealer.rules.nodes import Items, Node, SourceError
from dealer.rules.readings import ZH_DIGITS as _ZH_DIGITS
from dealer.rules.readings import Readings, load_readings
from dealer.rules.rulebook import Lang, Rule, book
from dealer.rules.words import WORD, ZH_STOP, numbered, protected, stem, stems

SEARCH_PATH = PROCEDURES / "search.yaml"
FACETS_PATH = PROCEDURES / "facets.yaml"


class Facet(StrEnum):
    """The named facets of a question and of a rule."""

    OBJECT = "object"
    EVENT = "event"
    WHO = "who"
    WHEN = "when"


class Number(StrEnum):
    """The numbers a question names and a rule is about."""

    ORDINAL = "ordinal"  # "first card", "第二張"
    COUNT = "count"  # "4 cards", "51 cards", "twice", "三張"
    EXTRA = "extra"  # "one extra card", "多發兩張"
    PLAYERS = "players"  # "two players", "兩家"


@dataclass(frozen=True, slots=True)
class _Range:
    low: int
    high: int

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and self.low <= value <= self.high

    def __str__(self) -> str:
        if self.high >= 99:
            return f"{self.low}+"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True, slots=True)
class RuleFacets:
    """What a rule is about (one entry of ``procedures/facets.yaml``)."""

    object: frozenset[str] = frozenset()
    also: frozenset[str] = frozenset()
    event: frozenset[str] = frozenset()
    also_event: frozenset[str] = frozenset()
    who: frozenset[str] = frozenset()
    when: frozenset[str] = frozenset()
    # when a late notice is ruled by the rule's own text (its after-SA or after-the-hand branch),
    # so that saying so does not offer NOTICED-LATE beside it
    also_when: frozenset[str] = frozenset()
    numbers: Mapping[Number, tuple[_Range, ...]] = field(default_factory=dict)
    # how many cards the rule is about only with one of its own events read (BURN-MISSED-FLOP:
    # a flop of four or more cards dealt with no burn, which FLOP-TOO-MANY's text sends to it)
    also_count: tuple[_Range, ...] = ()
    # the rules that are exceptions to this one, each a rule of its own (SHOWDOWN: SHOWDOWN-MUCK)
    exceptions: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Lexicon:
    english: Mapping[tuple[str, ...], tuple[str, str]]  # stemmed phrase -> (facet, value)
    chinese: Mapping[str, tuple[str, str]]  # form as written -> (facet, value)
    names: Mapping[tuple[str, str, Lang], str]  # (facet, value, lang) -> its first form
    loose: frozenset[str]
    implied: Mapping[
        str, tuple[int, str | None, str | None, int]
    ]  # object -> cards, more, fewer, near
    event_objects: Mapping[str, str]
    ruleset_events: Mapping[str, Mapping[str, str]]  # event -> ruleset -> the rule it is there
    object_events: Mapping[str, Mapping[str, str]]
    outside_chinese: tuple[str, ...]  # read before the numbers ("換一副牌" holds a count)
    numbered_chinese: tuple[str, ...]  # objects read before the numbers ("第四張公共牌": the turn)
    containing: Mapping[str, tuple[str, ...]]  # a numbered form -> longer forms holding it
    before_action: frozenset[str]  # English stems and Chinese forms
    homophones: Mapping[str, str]
    characters: Mapping[str, tuple[str, str]]  # a character only one value's forms hold
    vocabulary: frozenset[str]  # English words of the lexicon, as written
    common: frozenset[str]  # English words never corrected
    outside_words: frozenset[str]  # English words of topics no rule covers: never corrected
    facets: Mapping[str, RuleFacets]
    readings: Readings
    longest_english: int = 1
    longest_chinese: int = 1
    # a form of two characters or more without its particles (了, 的) -> the form: "發錯了人" and
    # "發錯人" are one form whichever of them is listed
    bare: Mapping[str, str] = field(default_factory=dict)
    # a Cantonese word -> the Mandarin word read for it, in both scripts ("咗" -> "了")
    cantonese: Mapping[str, str] = field(default_factory=dict)
    longest_cantonese: int = 0


KINDS = ("object", "event", "who", "when")


def _ranges(items: Items, where: str) -> tuple[_Range, ...]:
    ranges = []
    for index, value in enumerate(items):
        text = str(value)
        match = re.fullmatch(r"(\d+)(?:(\+)|-(\d+))?", text)
        if match is None:
            raise items.error(index, f"{where}: {text!r} is not N, N-M or N+")
        low = int(match.group(1))
        high = 99 if match.group(2) else int(match.group(3) or low)
        ranges.append(_Range(low, high))
    return tuple(ranges)


def _forms(node: Node, key: str, where: str) -> dict[str, Items]:
    forms = node[key]
    if not isinstance(forms, Node) or set(forms) - {lang.value for lang in Lang}:
        raise node.error(key, f"{where}: forms are listed under en, zh-Hans, zh-Hant")
    for lang, items in forms.items():
        if not isinstance(items, Items):
            raise forms.error(lang, f"{where}.{lang} must be a list")
    return dict(forms)


def _load_facets(path: Path, values: Mapping[str, frozenset[str]]) -> dict[str, RuleFacets]:
    from dealer.rules.source import load_file  # the YAML reader, only when the data are read

    where = shown(path)
    doc = load_file(path, where)
    if not isinstance(doc, Node):
        raise SourceError(where, 1, "the facets file maps rule IDs to their facets")
    rules = book().rules
    facets: dict[str, RuleFacets] = {}
    for rule_id, spec in doc.items():
        if rule_id not in rules:
            raise doc.error(rule_id, f"facets: unknown rule {rule_id!r}")
        if not isinstance(spec, Node):
            raise doc.error(rule_id, f"facets of {rule_id} must be a mapping")
        named: dict[str, frozenset[str]] = {}
        numbers: dict[Number, tuple[_Range, ...]] = {}
        also_count: tuple[_Range, ...] = ()
        exceptions: frozenset[str] = frozenset()
        for name, items in spec.items():
            if not isinstance(items, Items):
                raise spec.error(name, f"{rule_id}.{name} must be a list")
            if name == "exceptions":
                exceptions = frozenset(map(str, items))
                if exceptions - set(rules) or rule_id in exceptions:
                    raise spec.error(name, f"{rule_id}.exceptions: not other rules of the book")
                continue
            if name == "also-count":
                also_count = _ranges(items, f"{rule_id}.{name}")
                continue
            if name in set(Number):
                numbers[Number(name)] = _ranges(items, f"{rule_id}.{name}")
                continue
            kind = {"also": "object", "also-event": "event", "also-when": "when"}.get(name, name)
            if kind not in KINDS:
                extra = ["also", "also-event", "also-when", *Number, "also-count", "exceptions"]
                known = ", ".join([*KINDS, *extra])
                raise spec.error(name, f"{rule_id}: facet {name!r} is not one of {known}")
            unknown = [str(v) for v in items if str(v) not in values[kind]]
            if unknown:
                raise spec.error(name, f"{rule_id}.{name}: not a {kind} of the lexicon: {unknown}")
            named[name.replace("-", "_")] = frozenset(map(str, items))
        facets[rule_id] = RuleFacets(
            numbers=numbers, also_count=also_count, exceptions=exceptions, **named
        )
    missing = [rule_id for rule_id in rules if rule_id not in facets]
    if missing:
        raise SourceError(where, 1, f"facets: rules without facets: {', '.join(missing)}")
    return facets


def load_table(path: Path = SEARCH_PATH, facets_path: Path = FACETS_PATH) -> Lexicon:
    """Read and check the lexicon and the rules' facets (``file:line: message`` on a mistake)."""
    from dealer.rules.source import load_file  # the YAML reader, only when the data are read

    where = shown(path)
    doc = load_file(path, where)
    if not isinstance(doc, Node) or not isinstance(doc.get("lexicon"), Node):
        raise SourceError(where, 1, "the search table needs 'lexicon'")
    english: dict[tuple[str, ...], tuple[str, str]] = {}
    chinese: dict[str, tuple[str, str]] = {}
    names: dict[tuple[str, str, Lang], str] = {}
    vocabulary: set[str] = set()
    outside_words: set[str] = set()
    values: dict[str, frozenset[str]] = {}
    later: list[tuple[str, tuple[str, str]]] = []  # Chinese forms, for their other script

    def enter(facet: str, value: str, forms: Mapping[str, Items]) -> None:
        for lang, items in forms.items():
            for form in items:
                text = str(form)
                names.setdefault((facet, value, Lang(lang)), text)
                if lang == Lang.EN:
                    english.setdefault(tuple(stems(text)), (facet, value))
                    words = WORD.findall(text.casefold())
                    # a typo is never read as a topic no rule covers ("thinking" is no "tanking")
                    (outside_words if facet == "outside" else vocabulary).update(words)
                else:
                    chinese.setdefault(text, (facet, value))
                    later.append((text, (facet, value)))

    lexicon = doc["lexicon"]
    for facet in KINDS:
        group = lexicon.get(facet)
        if not isinstance(group, Node):
            raise lexicon.error(next(iter(lexicon), facet), f"lexicon needs {facet!r}")
        for value in group:
            enter(facet, str(value), _forms(group, value, f"{facet}.{value}"))
        values[facet] = frozenset(map(str, group))
    for section in ("field", "outside", "irregular", "incident"):
        if section in doc:
            enter(section, section, _forms(doc, section, section))
    scripts = _scripts(doc)
    for text, meaning in later:  # a form listed in one script is read in the other too
        for variant in _variants(text, scripts):
            chinese.setdefault(variant, meaning)
    loose = frozenset(map(str, doc.get("loose") or ()))
    implied: dict[str, tuple[int, str | None, str | None, int]] = {}
    for name, spec in (doc.get("implied") or Node()).items():
        if name not in values["object"] or not isinstance(spec, Node):
            raise doc["implied"].error(name, f"implied: {name!r} is not an object of the lexicon")
        near = int(spec.get("near", 99))
        implied[str(name)] = (int(spec["cards"]), spec.get("more"), spec.get("fewer"), near)
    event_objects = {str(k): str(v) for k, v in (doc.get("event-objects") or Node()).items()}
    object_events = {
        str(k): {str(a): str(b) for a, b in v.items()}
        for k, v in (doc.get("object-events") or Node()).items()
    }
    ruleset_events = {
        str(event): {str(k): str(v) for k, v in spec.items()}
        for event, spec in (doc.get("ruleset-events") or Node()).items()
    }
    for event, owners in ruleset_events.items():
        if event not in values["event"] or not set(owners.values()) <= set(book().rules):
            raise doc["ruleset-events"].error(
                event, f"ruleset-events: {event!r} or its rules unknown"
            )
    before: set[str] = set()
    for lang, items in _forms(doc, "before-action", "before-action").items():
        for f in items:
            if lang == Lang.EN:
                before.add(stem(str(f)))
            else:
                before.update((str(f), *_variants(str(f), scripts)))
    homophones = {str(k): str(v) for k, v in (doc.get("homophones") or Node()).items()}
    cantonese = _cantonese(doc, scripts)
    common = frozenset(str(w) for w in doc.get("words") or ())
    return Lexicon(
        english=english,
        chinese=chinese,
        names=names,
        loose=loose,
        implied=implied,
        event_objects=event_objects,
        ruleset_events=ruleset_events,
        object_events=object_events,
        outside_chinese=tuple(f for f, (facet, _) in chinese.items() if facet == "outside"),
        containing={
            form: tuple(other for other in chinese if form in other and other != form)
            for form in chinese
            if numbered(form)
        },
        numbered_chinese=tuple(
            sorted(
                (f for f, meaning in chinese.items() if protected(meaning) and numbered(f)),
                key=len,
                reverse=True,
            )
        ),
        before_action=frozenset(before),
        homophones=homophones,
        characters=_characters(chinese, str(doc.get("common-characters") or "")),
        vocabulary=frozenset(w for w in vocabulary if w.isalpha()),
        common=common,
        outside_words=frozenset(outside_words),
        facets=_load_facets(facets_path, values),
        readings=load_readings(doc, values["object"]),
        longest_english=max((len(phrase) for phrase in english), default=1),
        longest_chinese=max((len(form) for form in chinese), default=1),
        bare=_bare_forms(chinese),
        cantonese=cantonese,
        longest_cantonese=max(map(len, cantonese), default=0),
    )


PARTICLES = "了的"  # said inside a phrase or not (發錯了人, 發錯人; 看過的牌, 看過牌)


def _bare_forms(chinese: Mapping[str, tuple[str, str]]) -> dict[str, str]:
    """Each Chinese form without the particles inside it, where that leaves two characters or
    more (a particle that ends a form is part of it: 翻了 is no 翻牌)."""
    bare: dict[str, str] = {}
    for form in sorted(chinese, key=len, reverse=True):
        stripped = "".join(c for c in form[:-1] if c not in PARTICLES) + form[-1:]
        if len(stripped) >= 2 and form[0] not in PARTICLES and form[-1] not in PARTICLES:
            bare.setdefault(stripped, form)
    return bare


def _cantonese(doc: Node, scripts: tuple[dict[str, str], dict[str, str]]) -> dict[str, str]:
    """``cantonese``: each word and its Mandarin reading, as written and in Simplified script."""
    words: dict[str, str] = {}
    simplified = scripts[1]
    for word, mandarin in (doc.get("cantonese") or Node()).items():
        if not str(word) or not str(mandarin):
            raise doc["cantonese"].error(word, "cantonese: a word and its Mandarin reading")
        words[str(word)] = str(mandarin)
        convert = "".join(simplified.get(c, c) for c in str(word))
        words.setdefault(convert, "".join(simplified.get(c, c) for c in str(mandarin)))
    return words


def _scripts(doc: Node) -> tuple[dict[str, str], dict[str, str]]:
    """``scripts``: each pair a Simplified character and its Traditional form; the two ways."""
    pairs = str(doc.get("scripts") or "").split()
    if any(len(pair) != 2 for pair in pairs):
        raise doc.error("scripts", "scripts: each pair is a Simplified and a Traditional character")
    return {p[0]: p[1] for p in pairs}, {p[1]: p[0] for p in pairs}


def _variants(text: str, scripts: tuple[dict[str, str], dict[str, str]]) -> tuple[str, ...]:
    """A Chinese form wholly in the other script (发牌: 發牌; 發牌: 发牌), where it differs."""
    found = []
    for table_ in scripts:
        other = "".join(table_.get(char, char) for char in text)
        if other != text:
            found.append(other)
    return tuple(found)


def _characters(chinese: Mapping[str, tuple[str, str]], common: str) -> dict[str, tuple[str, str]]:
    """The characters that only one facet value's forms hold, in two forms at least (掀 of
    掀開, 混 of 混進): a word the lexicon lacks that holds one is read as that value."""
    held: dict[str, set[tuple[str, str]]] = {}
    support: dict[str, int] = {}
    for form, meaning in chinese.items():
        for char in set(form):
            held.setdefault(char, set()).add(meaning if meaning[0] in KINDS else ("", ""))
            support[char] = support.get(char, 0) + 1
    return {
        char: next(iter(meanings))
        for char, meanings in held.items()
        if len(meanings) == 1
        and ("", "") not in meanings
        and support[char] >= 2
        and char not in chinese
        and char not in _ZH_DIGITS
        and char not in ZH_STOP
        and char not in common
    }


@kept("lexicon")
def table() -> Lexicon:
    """The project's lexicon and facets, read once (and kept between runs:
    :mod:`dealer.rules.cache`)."""
    return load_table()


def name(facet: str, value: str, lang: Lang) -> str:
    """A facet value in the reader's language: the lexicon's first form for it."""
    names = table().names
    return names.get((facet, value, lang)) or names.get((facet, value, Lang.EN)) or value


def rule_facets(rule: Rule) -> RuleFacets:
    return table().facets[rule.id]
