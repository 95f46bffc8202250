"""Finding the rule a floor supervisor means, and saying so only when the question can mean only it.

A question ("dealer flashed the first card", "7號拿到三張牌", "turn came off before seat 6 acted")
is read into facets through the bilingual lexicon of ``procedures/search.yaml``: the object (hole
card, flop, turn, river, burn, deck, button, seat, ...), what happened (exposed, extra, short,
early, face up, duplicate, foreign, skipped, ...), who did it, when it was noticed, and the
numbers it names (which card of the deal, how many cards, how many too many, how many players).
Misspelt English words are matched to the nearest word of the lexicon, and a Chinese character
typed for another of the same sound is read as that one. Each rule's facets are data beside the
rule (``procedures/facets.yaml``); a rule is ruled out by any facet of the question it cannot
have, and the rules left are ranked by how much of the question they account for.

The answer is one of three kinds: one rule when no other fits about as well; "which one?" with
the candidates and the question that tells them apart (remedies that differ in kind are never
decided by a guess); or none when nothing of the field is recognised, or the question is about a
topic no rule covers.

>>> search("dealer flashed the first card").ids
('HOLE-EXPOSED-FIRST',)
>>> search("轉牌 太早").ids
('TURN-PREMATURE',)
>>> which = search("7號拿到三張牌")
>>> which.kind, which.ids, which.question
(<Verdict.WHICH: 'which'>, ('DEAL-EXTRA-ONE', 'DEAL-EXTRA-MULTIPLE'), 'extra')
>>> search("string bet").kind
<Verdict.NONE: 'none'>
>>> search("dealr expsoed frist card").ids
('HOLE-EXPOSED-FIRST',)
>>> find("premature turn")[0].id
'TURN-PREMATURE'
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from dealer.rules.cache import kept
from dealer.rules.data import PROCEDURES, shown
from dealer.rules.nodes import Items, Node, SourceError
from dealer.rules.readings import NUMBER as _ZH_NUM
from dealer.rules.readings import ZH_DIGITS as _ZH_DIGITS
from dealer.rules.readings import Readings, load_readings
from dealer.rules.rulebook import Lang, Rule, book, id_form

SEARCH_PATH = PROCEDURES / "search.yaml"
FACETS_PATH = PROCEDURES / "facets.yaml"


class Verdict(StrEnum):
    """What the search found: one rule, a few to choose from, or none."""

    ONE = "one"
    WHICH = "which"
    NONE = "none"


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


class Kind(StrEnum):
    """What a remedy does, for telling rules apart that must never be confused."""

    MISDEAL = "misdeal"  # gather, reshuffle, redeal
    VOID = "void"  # all action void, chips returned
    ON = "on"  # the hand goes on (a card replaced, dealt on, stands)
    PROCEDURE = "procedure"  # a rule of the normal procedure: no remedy


# The facet a "which one?" asks about, in the order it is asked (the first that tells them apart);
# "ruleset" where the rulesets give the same happening to different rules (``ruleset-events``).
QUESTIONS = ("ordinal", "object", "extra", "players", "count", "who", "event", "when")

_NUMBER_WEIGHT = {Number.ORDINAL: 1.5, Number.COUNT: 1.5, Number.EXTRA: 1.5, Number.PLAYERS: 2.0}
_EVENT_WEIGHT = 3.0
_ALSO_EVENT_WEIGHT = 1.5  # an event the rule shares with another, whose own event it is
_IMPLIED_WEIGHT = 2.0  # an event the numbers imply ("3 cards" in a hand: one too many)
_OBJECT_WEIGHT = 2.0
_ALSO_WEIGHT = 1.0
_WHO_WEIGHT = 1.0
_UNNAMED_EVENT = 0.75  # a rule about something happening, for a question naming nothing happen
_WHEN_WEIGHT = 2.0  # the rule is about when an error is noticed, and the question says when
_DEALER_DEFAULT = 0.5  # irregularities are the dealer's unless the question says otherwise
_TIER = 1.0  # candidates closer than this to the best are offered together
_KIND_TIER = 2.0  # an irregularity with another kind of remedy is offered from this close
_MOST = 5  # candidates offered at most
_WIDE_TIER = 2.0  # once "which one?" is asked, every rule this close to the best is offered


@dataclass(frozen=True, slots=True)
class Match:
    id: str
    score: float
    exact: bool = False


@dataclass(frozen=True, slots=True)
class Reading:
    """A question read into facets: what it names, the numbers, and what it could not read."""

    objects: frozenset[str] = frozenset()
    events: frozenset[str] = frozenset()
    implied: frozenset[str] = frozenset()  # events only the numbers imply (never rule one out)
    who: frozenset[str] = frozenset()
    when: frozenset[str] = frozenset()
    numbers: frozenset[tuple[Number, int]] = frozenset()
    soft: frozenset[tuple[Number, int]] = frozenset()  # numbers read two ways (never rule out)
    hints: frozenset[str] = frozenset()  # objects only suggested ("dealt": the hole cards)
    said: frozenset[str] = frozenset()  # the objects named in words (not only read from others)
    seats: tuple[int, ...] = ()
    outside: tuple[str, ...] = ()  # topics no rule covers
    irregular: bool = False  # "wrong", "error", 錯: something went wrong
    incident: bool = False  # words that something happened at the table ("never", 沒, "what now")
    field: bool = False  # any word of the field at all
    corrected: tuple[tuple[str, str], ...] = ()  # misspelt word -> the word read
    guessed: bool = False  # a facet read from one character of an unknown word: never decisive
    choice: bool = False  # "do we deal one at a time or two at once", 還是: asks which way is right
    unknown: tuple[str, ...] = ()  # words read as nothing

    @property
    def recognised(self) -> bool:
        """Whether the question names anything a rule can be about."""
        return bool(self.objects or self.events or self.implied or "late" in self.when)


class NoRule(KeyError):
    """No rule of the rulebook covers the words (``dealer.rule``); ``nearest`` the closest IDs."""

    def __init__(self, query: str, nearest: Sequence[str] = ()) -> None:
        close = f"; closest: {', '.join(nearest)}" if nearest else ""
        super().__init__(f"no rule covers {query!r}{close}")
        self.query, self.nearest = query, tuple(nearest)

    def __str__(self) -> str:
        return str(self.args[0])


class WhichOne(LookupError):
    """The words can mean more than one rule (``dealer.rule``): ``candidates`` are their IDs and
    ``question`` the facet that tells them apart (one of ``QUESTIONS``)."""

    def __init__(self, query: str, candidates: Sequence[str], question: str | None) -> None:
        super().__init__(f"which one? {query!r} can mean {', '.join(candidates)} ({question})")
        self.query, self.candidates, self.question = query, tuple(candidates), question


@dataclass(frozen=True, slots=True)
class Answer:
    kind: Verdict
    matches: tuple[Match, ...]  # ONE: the rule; WHICH: the candidates; NONE: the nearest
    question: str | None = None  # WHICH: the facet that tells the candidates apart (QUESTIONS)
    choices: tuple[str, ...] = ()  # WHICH: what each candidate says of it, in candidate order
    reading: Reading | None = None

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(match.id for match in self.matches)


# ---------------------------------------------------------------------------- the data


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
    numbers: Mapping[Number, tuple[_Range, ...]] = field(default_factory=dict)


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


_KINDS = ("object", "event", "who", "when")


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
        for name, items in spec.items():
            if not isinstance(items, Items):
                raise spec.error(name, f"{rule_id}.{name} must be a list")
            if name in set(Number):
                numbers[Number(name)] = _ranges(items, f"{rule_id}.{name}")
                continue
            kind = {"also": "object", "also-event": "event"}.get(name, name)
            if kind not in _KINDS:
                known = ", ".join([*_KINDS, "also", "also-event", *Number])
                raise spec.error(name, f"{rule_id}: facet {name!r} is not one of {known}")
            unknown = [str(v) for v in items if str(v) not in values[kind]]
            if unknown:
                raise spec.error(name, f"{rule_id}.{name}: not a {kind} of the lexicon: {unknown}")
            named[name.replace("-", "_")] = frozenset(map(str, items))
        facets[rule_id] = RuleFacets(numbers=numbers, **named)
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

    def enter(facet: str, value: str, forms: Mapping[str, Items]) -> None:
        for lang, items in forms.items():
            for form in items:
                text = str(form)
                names.setdefault((facet, value, Lang(lang)), text)
                if lang == Lang.EN:
                    english.setdefault(tuple(_stems(text)), (facet, value))
                    words = _WORD.findall(text.casefold())
                    # a typo is never read as a topic no rule covers ("thinking" is no "tanking")
                    (outside_words if facet == "outside" else vocabulary).update(words)
                else:
                    chinese.setdefault(text, (facet, value))

    lexicon = doc["lexicon"]
    for facet in _KINDS:
        group = lexicon.get(facet)
        if not isinstance(group, Node):
            raise lexicon.error(next(iter(lexicon), facet), f"lexicon needs {facet!r}")
        for value in group:
            enter(facet, str(value), _forms(group, value, f"{facet}.{value}"))
        values[facet] = frozenset(map(str, group))
    for section in ("field", "outside", "irregular", "incident"):
        if section in doc:
            enter(section, section, _forms(doc, section, section))
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
        before.update(stem(str(f)) if lang == Lang.EN else str(f) for f in items)
    homophones = {str(k): str(v) for k, v in (doc.get("homophones") or Node()).items()}
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
            if _numbered(form)
        },
        numbered_chinese=tuple(
            sorted(
                (f for f, meaning in chinese.items() if _protected(meaning) and _numbered(f)),
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
    )


def _characters(chinese: Mapping[str, tuple[str, str]], common: str) -> dict[str, tuple[str, str]]:
    """The characters that only one facet value's forms hold, in two forms at least (掀 of
    掀開, 混 of 混進): a word the lexicon lacks that holds one is read as that value."""
    held: dict[str, set[tuple[str, str]]] = {}
    support: dict[str, int] = {}
    for form, meaning in chinese.items():
        for char in set(form):
            held.setdefault(char, set()).add(meaning if meaning[0] in _KINDS else ("", ""))
            support[char] = support.get(char, 0) + 1
    return {
        char: next(iter(meanings))
        for char, meanings in held.items()
        if len(meanings) == 1
        and ("", "") not in meanings
        and support[char] >= 2
        and char not in chinese
        and char not in _ZH_DIGITS
        and char not in _ZH_STOP
        and char not in common
    }


@kept("lexicon")
def table() -> Lexicon:
    """The project's lexicon and facets, read once (and kept between runs:
    :mod:`dealer.rules.cache`)."""
    return load_table()


# ---------------------------------------------------------------------------- reading a text

_IRREGULAR = {"dealt": "deal", "burnt": "burn", "turned": "turned", "turning": "turned",
              "saw": "see", "seen": "seen", "fell": "fell"}  # fmt: skip
_SUFFIXES = ("ingly", "edly", "ing", "ed", "ly", "es", "s")


def stem(word: str) -> str:
    """A crude English stem, enough that ``exposed`` and ``expose`` meet.

    >>> stem("exposed"), stem("expose"), stem("cards"), stem("prematurely"), stem("turned")
    ('expos', 'expos', 'card', 'prematur', 'turned')
    """
    word = _IRREGULAR.get(word, word)
    if word in _IRREGULAR.values():
        return word
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word


_STOP = frozenset(
    ("a", "an", "the", "of", "to", "in", "on", "by", "is", "are", "was", "were", "for", "with",
     "and", "or", "it", "its", "at", "be", "as", "from", "has", "have", "had", "got", "get",
     "there", "been", "this", "that", "what", "do", "does", "did", "we", "i", "he", "she",
     "they", "his", "her", "their", "when", "if", "so", "then", "now", "just", "s", "up",
     "how", "should", "can", "after", "while", "during", "all", "who", "which", "why", "where",
     "whose", "me", "my", "you", "your", "him", "them", "our", "us", "but", "not", "any", "am")
)  # fmt: skip
_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4,
             "4th": 4, "fifth": 5, "5th": 5, "sixth": 6, "6th": 6, "seventh": 7, "7th": 7,
             "eighth": 8, "8th": 8, "ninth": 9, "9th": 9, "tenth": 10, "10th": 10,
             "last": 99}  # fmt: skip
_COUNTS = {"zero": 0, "no": 0, "one": 1, "single": 1, "two": 2, "twice": 2, "double": 2,
           "pair": 2, "both": 2, "three": 3, "thrice": 3, "triple": 3, "four": 4, "five": 5,
           "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "several": 2,
           "multiple": 2}  # fmt: skip
_NOT_CARD = frozenset(
    map(stem, ("round", "rounds", "time", "times", "hand", "hands", "player", "pass", "seat",
               "raise", "bet", "level", "day", "orbit"))
)  # fmt: skip
_POSITIONS = frozenset(("seat", "blind", "button"))
# objects that say when or how many, not whose cards ("before the flop", "heads-up")
_TIMES = frozenset(("preflop", "heads-up"))
_CAME = re.compile(
    r"\b(?:came|comes|come|out|off|put|turned|dealt|rolled|bricked)\b|[发發翻出开開]", re.I
)
_ACTING = frozenset(map(stem, ("act", "action", "bet", "betting", "thinking", "deciding")))
_MIDDLE = ("middl", "mid", "half", "一半", "中途")
_STREETS_BURN = frozenset(("flop", "turn", "river", "board", "burn"))
_BOARD = frozenset(("flop", "turn", "river", "board", "burn", "deck", "action", "show-order"))
_ROUNDS = frozenset(map(stem, ("round", "pass", "orbit")))
_SHOWING = frozenset(("showdown", "play-board", "show-order", "muck"))
_HEADS_UP_TOPICS = frozenset(("blind", "button", "action", "preflop", "straddle", "check"))
_HAND_EVENTS = frozenset(("extra", "short", "skipped", "exposed", "face-up", "sequence"))
_SEAT_WORDS = frozenset(("seat", "number", "no", "box", "spot", "position"))
_PLAYER_WORDS = frozenset(map(stem, ("player", "players", "people", "guys", "hands", "seats")))
_EXTRA_WORDS = frozenset(map(stem, ("extra", "more", "additional", "too")))
_RANKS = frozenset(map(stem, ("ace", "aces", "king", "kings", "queen", "queens", "jack", "jacks")))
_SUITS = frozenset(map(stem, ("spades", "hearts", "diamonds", "clubs")))
_CARD_CODE = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[shdc♠♥♦♣](?![A-Za-z0-9])")
_WORD = re.compile(r"[a-z0-9]+")
_CONTRACTED = re.compile(r"\b(had|has|have|did|does|do|was|were|is|are|could|would)nt\b")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
_ZH_PATTERNS: tuple[tuple[re.Pattern[str], Number | str], ...] = (
    (re.compile(rf"{_ZH_NUM}\s*[号號](?:位|座位|座|桌)?"), "seat"),
    (re.compile(rf"(?:座位|位置)\s*{_ZH_NUM}"), "seat"),
    (re.compile(rf"第\s*{_ZH_NUM}\s*(?=[家位])"), "seat"),
    (re.compile(rf"第\s*{_ZH_NUM}\s*(?=[圈轮輪局手次])"), "round"),
    (re.compile(rf"第\s*{_ZH_NUM}"), Number.ORDINAL),
    (re.compile(r"首(?=[张張])"), Number.ORDINAL),
    (re.compile(r"最[后後]一?(?=[张張])"), "last"),  # "最後一張": the last card
    (re.compile(r"[头頭]一(?=[张張])"), Number.ORDINAL),  # "頭一張": the first
    (re.compile(r"好[几幾](?=[张張])"), Number.COUNT),  # "好幾張": several, two at least
    (re.compile(rf"多(?:[发發给給出拿烧燒销銷]了?|了)?\s*{_ZH_NUM}\s*[张張]"), Number.EXTRA),
    (re.compile(rf"(?<![同第]){_ZH_NUM}\s*(?:家|位玩家|[个個名]玩家|[个個]人|人)"), Number.PLAYERS),
    (re.compile(rf"{_ZH_NUM}\s*[张張次副](?![桌])"), Number.COUNT),  # "一張桌": a table
    (re.compile(r"多[张張]"), Number.COUNT),  # "多張底牌": several, two at least
    (re.compile(r"(\d+)\s*(?=[牌])"), Number.COUNT),
)  # fmt: skip
_ZH_CARD = re.compile(r"(黑桃|红心|紅心|红桃|紅桃|方块|方塊|梅花|草花)\s*(10|[2-9JQKAjqka])")
_AFTER_BURN_EN = frozenset(("and", "then", "deal", "turn", "put", "out", "off", "flop", "card"))
_NEGATIONS = frozenset(("not", "never", "no"))
_ASKING = frozenset(("do", "does", "is", "are", "should", "can", "which", "who", "when", "what"))
_HOLDING = frozenset(("only", "just", "has", "have", "holds", "holding", "left", "hold"))
_DEALT_TO = frozenset(
    map(stem, ("deal", "dealt", "got", "get", "gets", "given", "receive", "received"))
)
_ZH_VERBS = {"烧": "burn", "燒": "burn", "销": "burn", "銷": "burn"}
_ZH_STOP = frozenset("了的在是個个把被和與与或也就都還还有又時时候嗎吗呢啊吧這这那怎麼么樣样要該该")
_ZH_PLAYER = frozenset(("玩家", "牌手", "客人"))
_ZH_EACH = frozenset("都各")
_ZH_NOT = frozenset("没沒未")
_DEALING = frozenset(
    ("deal", "pitch", "发", "發", "发牌", "發牌", "发了", "發了", "发给", "發給", "发到", "發到")
)


def _protected(meaning: tuple[str, str]) -> bool:
    """Whether a form is read before the numbers: not the counted ones ("多一張" is one extra)."""
    facet, value = meaning
    return facet in ("object", "event", "when") and value not in ("extra", "short")


def _numbered(form: str) -> bool:
    """Whether a Chinese form holds a number word that the number patterns would read."""
    return any(c in _ZH_DIGITS or c in "第首头頭" for c in form)


def _zh_number(text: str) -> int:
    if text.isdigit():
        return int(text)
    values = {c: i for i, c in enumerate("〇一二三四五六七八九")} | {"零": 0, "两": 2, "兩": 2}
    if text == "十":
        return 10
    if "十" in text:
        tens, _, ones = text.partition("十")
        return (values.get(tens, 1) if tens else 1) * 10 + (values.get(ones, 0) if ones else 0)
    return values.get(text[0], 0)


def _stems(text: str) -> list[str]:
    words = _WORD.findall(text.casefold().replace("n't", " not"))
    return [word if word in _ORDINALS or word in _COUNTS else stem(word) for word in words]


def _distance(a: str, b: str) -> int:
    """Edits from ``a`` to ``b``: insert, delete, replace, or swap two neighbours (Damerau)."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[-1]


@functools.lru_cache(maxsize=4096)
def correct(word: str) -> str | None:
    """The lexicon's word a misspelt English word stands for, when exactly one is that close.

    >>> correct("expsoed"), correct("frist"), correct("dealr"), correct("trun"), correct("hold")
    ('exposed', 'first', 'dealer', 'turn', None)
    """
    lexicon = table()
    known = lexicon.vocabulary | set(_ORDINALS) | set(_COUNTS)
    if len(word) < 4 or not word.isalpha() or word in known or word in lexicon.common:
        return None
    if word in lexicon.outside_words:
        return None
    if word in _STOP or stem(word) in _RANKS | _SUITS | _STOP:
        return None
    if stem(word) in {stem(w) for w in known}:
        return None
    limit = 1 if len(word) < 8 else 2
    best: list[str] = []
    closest = limit + 1
    for candidate in known:
        if abs(len(candidate) - len(word)) > limit or len(candidate) < 3:
            continue
        if candidate[0] != word[0] and candidate[:2] != word[1::-1]:
            continue  # a typo rarely changes the first letter
        distance = _distance(word, candidate)
        if distance < closest:
            best, closest = [candidate], distance
        elif distance == closest:
            best.append(candidate)
    if closest > limit:
        return None
    if len({stem(w) for w in best}) != 1:  # "dealr": dealer or deal; a dropped letter is likelier
        longest = max(len(w) for w in best)
        best = [w for w in best if len(w) == longest]
        if len({stem(w) for w in best}) != 1:
            return None
    return min(best)


class _Reader:
    def __init__(self, lexicon: Lexicon) -> None:
        self.lex = lexicon
        self.found: dict[str, set[str]] = {kind: set() for kind in _KINDS}
        self.numbers: set[tuple[Number, int]] = set()
        self.seats: list[int] = []
        self.outside: list[str] = []
        self.irregular = False
        self.incident = False
        self.guessed = False
        self.field = False
        self.card_named = False
        self.each = False
        self.before = False
        self.after = False
        self.player_before_verb = False
        self.player_named = False
        self.player_subject = False
        self.dealer_named = False
        self.singular = False  # "card", not "cards"
        self.dealt = False  # a word of dealing ("dealt", "發牌")
        self.first_round = False  # "on the first pass", "第一圈"
        self.big_blind = False  # the big blind named (the first card is the small blind's)
        self.small_blind = False
        self.after_burn: int | None = None  # "销牌后发三张", "burn and deal three": the cards dealt
        self.not_dealt = False  # "沒有發給小盲", "never got a card": a card not dealt to someone
        self.holding = False  # "has", "only", 只, 剩: how many cards a hand holds is said
        self.again = False  # "again", 又, 再: a second time
        self.mid_deal = False  # "in the middle of the deal", "發到一半": not its first two cards
        self.mid_card = False
        self.choice = False  # "... or ...?", 還是: which way is right
        self.seats_counted = False  # "two seats off": seats, not players at the table
        self.text = ""
        self.counted_players: tuple[Number, int] | None = None  # players counted from seats named
        self.card_word = False  # "card", 牌, 張: a card is what it is about
        self.corrected: list[tuple[str, str]] = []
        self.unknown: list[str] = []

    # -- what a form means
    def note(self, facet: str, value: str, form: str) -> None:
        if facet == "when" and value == "during-deal" and any(m in form for m in _MIDDLE):
            self.mid_deal = True
        if facet in _KINDS:
            if facet == "event" and value == "exposed" and self.player_before_verb:
                self.found["who"].add("player")  # "player flashed his card", "玩家亮牌"
            if facet == "event" and value == "exposed" and self.player_named:
                self.player_subject = True  # the player named before the exposure
            if facet == "who" and value == "dealer":
                self.dealer_named = True
            if (
                facet == "object"
                and value == "blind"
                and ("big" in form or "大" in form or form == "bb")
            ):
                self.big_blind = True
            if facet == "object" and value == "blind" and ("small" in form or "小" in form):
                self.small_blind = True
            self.found[facet].add(value)
            self.field = True
        elif facet == "outside":
            self.outside.append(form)
        elif facet == "irregular":
            self.irregular = self.field = True
        elif facet == "incident":
            self.incident = True
        elif facet == "field":
            self.field = True
            self.dealt = self.dealt or form in _DEALING
        if facet == "field" and form in ("player", "玩家", "牌手"):
            self.player_before_verb = self.player_named = True
        elif not (facet == "object" and value == "hole"):  # "player showed his cards"
            self.player_before_verb = False

    def read(self, text: str) -> Reading:
        self.text = text
        if _CARD_CODE.search(text):
            self.card_named = True
            text = _CARD_CODE.sub(" card ", text)
        for form in self.lex.outside_chinese:
            if form in text:
                self.outside.append(form)
        for form in self.lex.numbered_chinese:
            longer = self.lex.containing.get(form, ())
            if form in text and not any(other in text for other in longer):
                # the lexicon's own number words ("第四張公共牌") are not counts
                self.note(*self.lex.chinese[form], form)
                text = text.replace(form, " ")
        text = self._chinese_numbers(text)
        for run in _CJK.findall(text):
            self._chinese(run)
        self._english(_CJK.sub(" ", text))
        return self._finish()

    # -- numbers
    def _chinese_numbers(self, text: str) -> str:
        after = next((m for p in self.lex.readings.after_burn if (m := p.search(text))), None)
        if after is not None:
            self.after_burn = _zh_number(after.group(1))
        if any(pattern.search(text) for pattern in self.lex.readings.not_dealt):
            self.not_dealt = True
        if _ZH_CARD.search(text):
            self.card_named = True
            text = _ZH_CARD.sub(" 牌 ", text)
        for pattern, what in _ZH_PATTERNS:
            for match in pattern.finditer(text):
                fixed = 2 if what is Number.COUNT else 1  # "多張": two at least; "首張": the first
                value = _zh_number(match.group(1)) if match.groups() else fixed
                if what == "seat":
                    self.seats.append(value)
                    self.found["object"].add("seat")
                    continue
                if what == "last":
                    self.numbers.add((Number.ORDINAL, 99))
                    continue
                if what == "round":  # "第二圈": the round of the deal, not a card's place
                    self.first_round = self.first_round or (
                        value == 1 and match.end() < len(text) and text[match.end()] in "圈轮輪"
                    )
                    continue
                assert isinstance(what, Number)
                self.numbers.add((what, value))
                self.field = True
                if what is Number.EXTRA:
                    self.found["event"].add("extra")
                    verb = next((c for c in match.group(0) if c in _ZH_VERBS), None)
                    if verb is not None:  # "多燒了一張": the verb is part of the match
                        self.found["object"].add(_ZH_VERBS[verb])
                        self.numbers.add((Number.COUNT, 1 + value))  # one burn and the extra
            text = pattern.sub(" ", text)
        if any(c in _ZH_EACH for c in text):
            self.each = True
        self.again = self.again or any(c in "又再" for c in text)
        self.choice = self.choice or any(p.search(text) for p in self.lex.readings.choice)
        self.holding = self.holding or any(c in "只仅僅剩有" for c in text)
        self.first_round = self.first_round or bool(re.search(r"(?:同)?一[圈轮輪]", text))
        self.card_word = self.card_word or any(c in "牌张張" for c in text)
        return text

    # -- Chinese
    def _chinese(self, run: str) -> None:
        forms, longest = self.lex.chinese, self.lex.longest_chinese
        known = len(self.unknown)
        leftover: list[str] = []
        position = 0
        while position < len(run):
            found = self._form_at(run, position, forms, longest)
            if found is not None:
                size, form, (facet, value) = found
                if leftover:
                    self.unknown.append("".join(leftover))
                    leftover = []
                if form != run[position : position + size]:
                    self.corrected.append((run[position : position + size], form))
                if form.endswith("前") and form[:-1] in self.lex.before_action:
                    self.before = True
                if form in self.lex.before_action and _ZH_NOT & set(
                    run[max(0, position - 2) : position]
                ):
                    self.before = True  # "還沒說話就翻牌": before someone acted
                self.note(facet, value, form)
                position += size
                continue
            char = run[position]
            if char in _ZH_STOP:
                if leftover:
                    self.unknown.append("".join(leftover))
                    leftover = []
            else:
                leftover.append(char)
            position += 1
        if leftover:
            self.unknown.append("".join(leftover))
        unread = self.unknown[known:]
        del self.unknown[known:]
        for word in unread:
            read = False
            for char in word:  # one character of a word the lexicon lacks ("掀" of 掀牌)
                meaning = self.lex.characters.get(char)
                if meaning is not None:
                    if char != word:
                        self.corrected.append((word, char))
                    self.guessed = read = True
                    self.note(*meaning, char)
            if not read:
                self.unknown.append(word)

    def _form_at(
        self, run: str, position: int, forms: Mapping[str, tuple[str, str]], longest: int
    ) -> tuple[int, str, tuple[str, str]] | None:
        for size in range(min(longest, len(run) - position), 0, -1):
            piece = run[position : position + size]
            if piece in forms:
                return size, piece, forms[piece]
            if size >= 2:  # a character typed for another of the same sound (轉排 for 轉牌)
                fixed = "".join(self.lex.homophones.get(c, c) for c in piece)
                if fixed != piece and fixed in forms:
                    return size, fixed, forms[fixed]
        return None

    # -- English
    def _english(self, text: str) -> None:
        raw = _WORD.findall(_CONTRACTED.sub(r"\1 not", text.casefold().replace("n't", " not")))
        self.singular = "card" in raw and "cards" not in raw
        self.card_word = self.card_word or "card" in raw or "cards" in raw
        self.again = self.again or bool({"again", "another"} & set(raw))
        self.choice = self.choice or ("or" in raw and raw[0] in _ASKING)
        self.holding = self.holding or bool(_HOLDING & set(raw))
        words: list[str] = []
        for word in raw:
            fixed = correct(word)
            if fixed is not None:
                self.corrected.append((word, fixed))
                word = fixed
            words.append(word if word in _ORDINALS or word in _COUNTS else stem(word))
        self._structure(words)
        phrases, longest = self.lex.english, self.lex.longest_english
        position = 0
        while position < len(words):
            word = words[position]
            if word in ("still", "yet") and (
                _ACTING & set(words[position + 1 : position + 4])
                or "action" in words[max(0, position - 2) : position]
            ):
                # "the action was still on the button", "two yet to act": before all had acted
                self.before = True
                position += 1
                continue
            if word in ("befor", "after"):
                ahead = words[position + 1 : position + 7]
                if any(w in self.lex.before_action for w in ahead):
                    # "before the flop action was done": before someone acted, not pre-flop
                    self.before = self.before or word == "befor"
                    self.after = self.after or word == "after"
                    position += 1
                    continue
            size = self._longer_next(words, position, phrases, longest)
            if size:
                position += size
                continue
            if (
                word in _ORDINALS
                and words[position + 1 : position + 2]
                and (words[position + 1] in _NOT_CARD)
            ):
                # "second round", "third street": not a card's place in the deal
                if _ORDINALS[word] == 1 and words[position + 1] in _ROUNDS:
                    self.first_round = True
                position += 2
                continue
            if word in _ORDINALS and not self._is_street(words, position):
                self.numbers.add((Number.ORDINAL, _ORDINALS[word]))
                position += 1
                continue
            count = int(word) if word.isdigit() else _COUNTS.get(word)
            near = words[position - 1 : position] + words[position + 1 : position + 2]
            if count is not None and set(near) & _ROUNDS and word != "no":
                # "in round two", "in one round": the round, not a count of cards
                self.first_round = self.first_round or count == 1
                position += 1
                continue
            if count is not None and word != "no":
                position = self._count(words, position, count)
                continue
            if word in ("a", "an") and words[position + 1 : position + 2] == ["card"]:
                self.numbers.add((Number.COUNT, 1))
            if word in ("a", "an") and words[position + 1 : position + 2] in (["extra"], ["addit"]):
                self.numbers.add((Number.EXTRA, 1))
            if word in _RANKS or word in _SUITS:
                self.card_named = self.card_named or self._rank_of_suit(words, position)
                self.field = True
                position += 1
                continue
            if word == "each":
                self.each = True
            if self._phrase(words, position, phrases, 1, least=1):
                position += 1
                continue
            if word not in _STOP and not word.isdigit():
                self.unknown.append(word)
            self.player_before_verb = False
            position += 1

    def _structure(self, words: Sequence[str]) -> None:
        """What the order of the words says: a card not dealt to someone ("seat 7 never got a
        card"), and a count after a burn that is of the cards then dealt ("burn and deal three")."""
        for position, word in enumerate(words):
            if word in ("one", "same", "singl") and words[position + 1 : position + 2] == ["round"]:
                self.first_round = True  # "two in one round": within a round, as the first one
            if word in _NEGATIONS and _DEALT_TO & set(words[position + 1 : position + 3]):
                self.not_dealt = True
            if word == "burn":
                for other in words[position + 1 : position + 5]:
                    count = int(other) if other.isdigit() else _COUNTS.get(other)
                    if count is not None and other != "no":
                        self.after_burn = count
                        break
                    if other not in _AFTER_BURN_EN:
                        break

    def _phrase(
        self,
        words: Sequence[str],
        position: int,
        phrases: Mapping[tuple[str, ...], tuple[str, str]],
        longest: int,
        least: int,
    ) -> int:
        for size in range(min(longest, len(words) - position), least - 1, -1):
            key = tuple(words[position : position + size])
            meaning = phrases.get(key)
            if meaning is not None:
                self.note(*meaning, " ".join(key))
                return size
        return 0

    def _longer_next(
        self,
        words: Sequence[str],
        position: int,
        phrases: Mapping[tuple[str, ...], tuple[str, str]],
        longest: int,
    ) -> int:
        """Read the phrase at ``position``, unless a longer one starts at the next word ("dealt
        out of order" is out of order, not dealt out)."""
        here = self._size(words, position, phrases, longest)
        if here >= 2 and self._size(words, position + 1, phrases, longest) > here:
            return 0
        return self._phrase(words, position, phrases, longest, least=2)

    def _size(
        self,
        words: Sequence[str],
        position: int,
        phrases: Mapping[tuple[str, ...], tuple[str, str]],
        longest: int,
    ) -> int:
        for size in range(min(longest, len(words) - position), 1, -1):
            if tuple(words[position : position + size]) in phrases:
                return size
        return 0

    def _is_street(self, words: Sequence[str], position: int) -> bool:
        return position + 1 < len(words) and words[position + 1] == "street"

    def _rank_of_suit(self, words: Sequence[str], position: int) -> bool:
        following = words[position : position + 3]
        return words[position] in _RANKS and any(word in _SUITS for word in following)

    def _count(self, words: Sequence[str], position: int, count: int) -> int:
        before = words[max(0, position - 2) : position]
        if (
            words[position + 1 : position + 2] == ["of"]
            and words[position + 2 : position + 3]
            and (words[position + 2] in _SUITS)
        ):
            self.card_named = True  # "the 7 of hearts" names a card, not a count
            self.field = True
            return position + 3
        if before[-1:] and before[-1] in _SEAT_WORDS:
            self.seats.append(count)  # "seat 8" names a seat, not a count
            self.found["object"].add("seat")
            return position + 1
        if before == ["more", "than"]:
            count += 1
        after = words[position + 1 : position + 3]
        if before[-1:] and before[-1] in ("extra", "addit"):
            self.numbers.add((Number.EXTRA, count))  # "extra two"
        elif after[:1] and after[0] in _EXTRA_WORDS and after != ["more", "than"]:
            self.numbers.add((Number.EXTRA, count))
            self.found["event"].add("extra")
        elif after[:1] and after[0] in _PLAYER_WORDS:
            self.numbers.add((Number.PLAYERS, count))
            self.seats_counted = self.seats_counted or after[0] == stem("seats")
        elif words[position] == "both" and "and" in words[position + 2 : position + 5]:
            pass  # "both the ante and the blind": two things joined, not two players
        elif words[position] == "both":
            self.numbers.add((Number.PLAYERS, 2))
        else:
            self.numbers.add((Number.COUNT, count))
        self.field = True
        return position + 1

    # -- what follows from what was read
    def _finish(self) -> Reading:
        objects, events = self.found["object"], self.found["event"]
        said = frozenset(objects)  # the objects the words name, before any reading adds one
        when = self.found["when"]
        if any(pattern.search(self.text) for pattern in self.lex.readings.not_dealer):
            # "not the dealer's fault", "不是發牌員的錯": the player did it
            self.found["who"] = {"player"}
            self.dealer_named = False
        if self.player_subject and not self.dealer_named and not self.found["who"]:
            # "is a player allowed to show his hand", "the player's card was seen": his own, or
            # the dealer's error; the rules say which
            self.found["who"].update(("player", "dealer"))
        if self.before:
            when.add("before-action")
        if self.after:
            when.add("after-action")
        counted = {v for n, v in self.numbers if n is Number.COUNT}
        first = (Number.ORDINAL, 1) in self.numbers and counted <= {1}
        to_someone = self.big_blind or "button" in objects or self.seats
        # "started the deal on the big blind"; a start with the button is the button draw
        started = first or ("start" in events and (self.big_blind or self.seats))
        if (
            started
            and events <= {"misplaced", "start"}
            and to_someone
            and not objects & _BOARD
            and (self.card_word or self.dealt)
        ):
            # the first card goes to the small blind (DEAL-ORDER): "第一張牌發給了大盲" is misdealt
            events.add("misplaced")
            objects.add("hole")
        places = {v for n, v in self.numbers if n is Number.ORDINAL}
        someone = self.seats or objects & _POSITIONS or self.player_named
        if self.not_dealt and not events and someone and not objects & _BOARD:
            # a card not dealt to someone: the first card not to the small blind went elsewhere;
            # a later card not dealt leaves the hand short; no card at all, the seat was passed over
            if places == {1} and self.small_blind:
                events.add("misplaced")
            elif places and min(places) >= 2:
                events.add("short")
            elif not places:
                events.add("skipped")
            if events:
                objects.add("hole")
        if self.after_burn is not None and self.after_burn >= 3 and not objects & {"turn", "river"}:
            objects.add("flop")  # "销牌后发三张", "burn and deal three": the flop's cards
        if (
            self.first_round
            and counted == {2}
            and not events
            and (self.seats or objects & _POSITIONS)
        ):
            events.add("doubled")  # "two cards to the small blind on the first pass"
        if (
            self.irregular
            and (self.again or (Number.ORDINAL, 2) in self.numbers)
            and not (objects - self.lex.loose)
        ):
            events.add("second-error")  # "處理時又出錯", "a second mistake": an error in a remedy
        extras = {v for n, v in self.numbers if n is Number.EXTRA}
        if "extra" in events and self.again and extras <= {1} and not self.irregular:
            # "又有一家多了一張", "another extra card": one more on top of one, two in all
            self.numbers = {(n, v) for n, v in self.numbers if n is not Number.EXTRA}
            self.numbers.add((Number.EXTRA, 2))
        second = self.again or (Number.ORDINAL, 2) in self.numbers
        if events & {"boxed", "face-up"} and second and "deck" in objects and "hole" not in said:
            # "second face-up card found in the stub", "又一張反的": a second one, two in all
            self.numbers = {
                (n, v) for n, v in self.numbers if n not in (Number.ORDINAL, Number.COUNT)
            }
            self.numbers.add((Number.COUNT, 2))
        if objects & _SHOWING:
            events -= {"exposed", "face-up"}  # showing a hand at the showdown is no exposure
        if len(set(self.seats)) >= 2 and self.each and events & {"extra", "exposed", "face-up"}:
            # "2號和8號各多一張": each of the seats named, so that many players, a bar like a count
            self.counted_players = (Number.PLAYERS, len(set(self.seats)))
            self.numbers.add(self.counted_players)
        players = [v for n, v in self.numbers if n is Number.PLAYERS]
        two = players and set(players) == {2} and not self.seats_counted
        counting = any(n is Number.COUNT for n, _ in self.numbers)  # "both blinds got 3 cards"
        if two and not events and not counting and objects & _HEADS_UP_TOPICS:
            objects.add("heads-up")  # "two players left, who acts first": a table of two
        streets = {"flop", "turn", "river"}
        readings = self.lex.readings
        for pattern in readings.after_street:
            found = pattern.search(self.text)
            if found is not None and not events:
                # "what is dealt once the flop betting is done": the next street
                street = found.group(1).casefold()
                objects -= {readings.street_of.get(street, street), "round-end"}
                objects.add(readings.next_street[street])
        mid = self.mid_deal and events & {"exposed", "face-up"}
        if mid and not any(n is Number.ORDINAL for n, _ in self.numbers):
            self.mid_card = True  # likely not the first two cards: a hint, never a bar
        if objects & streets and not objects & {"hole", "deck"}:
            events -= {"exposed", "face-up"}  # a street card is turned face up: no exposure
        if "board" in objects and not objects & streets and places:
            # "第四張共牌", "the last board card": the board's place names its street
            place = max(places)
            objects.add("flop" if place <= 3 else "turn" if place == 4 else "river")
        early = next((m for p in readings.early_street if (m := p.search(self.text))), None)
        if early is not None and ("early" in events or not events - {"exposed", "face-up"}):
            # "premature turn, what is the river now": the street said to be early is the one;
            # "翻牌圈還在考慮，轉牌就出了" says it by the order of the clause alone
            events.add("early")
            street = readings.street_of.get(early.group(1), early.group(1).casefold())
            objects -= streets - {street}
        came = self.dealt or bool(_CAME.search(self.text))
        if (
            "before-action" in when
            and objects & streets
            and not events
            and (came or "check" not in objects)
        ):
            events.add("early")  # "turn came off before seat 6 acted": dealt early
            when.discard("before-action")
        if "early" in events and objects & streets and "hole" not in objects:
            events -= {"exposed", "face-up"}  # "河牌提早翻開": a board card is turned to be seen
        counts = [value for number, value in self.numbers if number is Number.COUNT]
        if len(counts) > 1:  # "three cards and everyone else two": the largest is the one asked
            self.numbers -= {(Number.COUNT, v) for v in counts if v != max(counts)}
            counts = [max(counts)]
        if self.card_named and any(value >= 2 for value in counts):
            events.add("duplicate")  # "two aces of spades", "兩張黑桃A": one card twice
        players = [v for n, v in self.numbers if n is Number.PLAYERS]
        named_cards = counts or any(n is Number.EXTRA for n, _ in self.numbers)
        someone = self.seats or players or self.player_named or objects & _POSITIONS
        held = objects - self.lex.loose - {"hole", "button"} - _TIMES
        hand_told = self.holding or events & {"short", "extra"} or max(counts, default=0) >= 3
        if someone and named_cards and self.card_word and held <= _STREETS_BURN and hand_told:
            # "BB has three cards, flop not out": the hand is the question, the street says when
            objects -= _STREETS_BURN
            held = set()
        if not held and someone and (named_cards or events & _HAND_EVENTS):
            objects.add("hole")  # "seat 3 has 3 cards", "5號的牌": a seat's cards are its hand
        ordinals = [v for n, v in self.numbers if n is Number.ORDINAL]
        if not objects and self.card_word and self.dealt and set(ordinals) & {1, 2}:
            objects.add("hole")  # "who gets the first card", "第一張牌發給誰": a card of the deal
        if ordinals and not counts and not objects & {"action", "show-order", "check"}:
            self.numbers.add((Number.COUNT, 1))  # "the first card": one card
            counts = [1]
        implied: set[str] = set()
        objects.update(self.lex.event_objects[e] for e in events if e in self.lex.event_objects)
        for name, (cards, more, fewer, near) in self.lex.implied.items():
            if name == "burn" and self.after_burn is not None:
                continue  # the count is of the cards dealt after the burn
            if name in objects and counts and not events:
                value = max(counts)
                if abs(value - cards) > near:
                    break
                if name == "hole" and value == 1 and not self.holding:
                    break  # "one of his cards", "一张底牌": a card named, not a hand of one
                event = more if value > cards else fewer if value < cards else None
                if event is not None and event not in events:
                    implied.add(event)
                break
        for thing, changes in self.lex.object_events.items():
            if thing in objects and "hole" not in objects:  # a deck with a card too many
                events = {changes.get(event, event) for event in events}
                implied = {changes.get(event, event) for event in implied}
        # How many players is a hint, never a bar ("two players" may count hands or cards); with
        # two or more, "多一張" is one each or one in all, and the players' count says which.
        soft: set[tuple[Number, int]] = {
            (n, v)
            for n, v in self.numbers
            if n is Number.PLAYERS and (n, v) != self.counted_players
        }
        if self.singular and not counts:
            soft.add((Number.COUNT, 1))  # "card face up in the deck": one card
        if self.mid_card:
            soft.add((Number.ORDINAL, 3))
        hints = set()
        if self.dealt and not objects - self.lex.loose - _POSITIONS:
            hints.add("hole")  # "two extra cards dealt": the deal is of the hole cards
        if self.card_word and objects & _POSITIONS and not objects & _STREETS_BURN:
            hints.add("hole")  # "the first card off the deck went to the small blind": his hand
        if any(value >= 2 for value in players):
            soft |= {(n, v) for n, v in self.numbers if n is Number.EXTRA}
        return Reading(
            objects=frozenset(objects),
            events=frozenset(events),
            implied=frozenset(implied),
            who=frozenset(self.found["who"]),
            when=frozenset(when),
            numbers=frozenset(self.numbers - soft),
            soft=frozenset(soft),
            hints=frozenset(hints),
            said=said,
            seats=tuple(self.seats),
            outside=tuple(self.outside),
            irregular=self.irregular,
            incident=self.incident,
            field=self.field,
            corrected=tuple(self.corrected),
            guessed=self.guessed,
            choice=self.choice,
            unknown=tuple(self.unknown),
        )


def read(text: str, lookup: Lexicon | None = None) -> Reading:
    """A question's facets.

    >>> reading = read("dealer flashed the first card")
    >>> sorted(reading.events), sorted(reading.who), sorted(reading.numbers)
    (['exposed'], ['dealer'], [(<Number.COUNT: 'count'>, 1), (<Number.ORDINAL: 'ordinal'>, 1)])
    >>> sorted(read("7號拿到三張牌").objects), read("7號拿到三張牌").seats
    (['hole', 'seat'], (7,))
    """
    if lookup is not None:
        return _Reader(lookup).read(text)
    return _read(text)


@functools.lru_cache(maxsize=4096)
def _read(text: str) -> Reading:
    return _Reader(table()).read(text)


# ---------------------------------------------------------------------------- matching


@dataclass(frozen=True, slots=True)
class Fit:
    """How a rule fits a question: its score, and the facets of the question it cannot have."""

    id: str
    score: float
    conflicts: tuple[str, ...]
    named: bool  # it matches an event, or one of the rule's own objects


def fit(rule_id: str, query: Reading) -> Fit:
    """Score one rule against a question."""
    lexicon = table()
    facets = lexicon.facets[rule_id]
    score = 0.0
    conflicts: list[str] = []
    named = False
    for event in query.events:
        if event in facets.event:
            score += _EVENT_WEIGHT
            named = True
        elif event in facets.also_event:
            score += _ALSO_EVENT_WEIGHT
            named = True
        else:
            conflicts.append(f"event:{event}")
    for event in query.implied:
        if event in facets.event:
            score += _IMPLIED_WEIGHT
            named = True
    if facets.event and not (query.events | query.implied) & (facets.event | facets.also_event):
        score -= _UNNAMED_EVENT
    hard = query.objects - lexicon.loose
    for thing in query.hints - query.objects:
        if thing in facets.object:
            score += _OBJECT_WEIGHT
    for thing in query.objects:
        if thing in facets.object and thing in lexicon.loose and facets.event:
            score += _ALSO_WEIGHT  # "seat 5" names where an irregularity happened, not what
            named = True
        elif thing in facets.object:
            score += _OBJECT_WEIGHT
            named = True
        elif thing in facets.also:
            score += _ALSO_WEIGHT
        elif thing not in lexicon.loose:
            conflicts.append(f"object:{thing}")
    if facets.object and hard and not (query.objects | query.hints) & facets.object:
        conflicts.append("object:" + "/".join(sorted(facets.object)))
    if facets.who and query.who:
        if query.who & facets.who:
            score += _WHO_WEIGHT
        else:
            conflicts.append("who:" + "/".join(sorted(query.who)))
    elif "dealer" in facets.who:
        score += _DEALER_DEFAULT
    elif facets.who == {"player"}:
        conflicts.append("who:dealer")  # the irregularities are the dealer's unless told
    if facets.when and query.when and not query.when & facets.when:
        conflicts.append("when:" + "/".join(sorted(query.when)))
    elif facets.when and query.when & facets.when and not facets.object:
        score += _WHEN_WEIGHT
        named = True  # a rule about when an error is noticed (NOTICED-LATE)
    for number, value in query.numbers | query.soft:
        ranges = facets.numbers.get(number)
        if ranges is None:
            continue
        if any(value in span for span in ranges):
            score += _NUMBER_WEIGHT[number]
        elif (number, value) in query.numbers:
            conflicts.append(f"{number}:{value}")
    return Fit(rule_id, round(score, 3), tuple(conflicts), named)


@functools.cache
def kinds(rule_id: str) -> frozenset[Kind]:
    """What the rule's remedies do, over the published rulesets."""
    entry = book().rules[rule_id]
    if not entry.rulings:
        return frozenset((Kind.PROCEDURE,))
    found = set()
    for ruling in entry.rulings:
        if ruling.chips.value == "returned":
            found.add(Kind.VOID)
        elif ruling.steps and ruling.steps[0].do.value == "gather":
            found.add(Kind.MISDEAL)
        else:
            found.add(Kind.ON)
    return frozenset(found)


def _check_ruleset(ruleset: str | None) -> None:
    if ruleset is not None and ruleset not in book().rulesets:
        raise KeyError(f"unknown ruleset {ruleset!r}")


def fits(query: Reading) -> list[Fit]:
    """Every rule's fit, best first (rulebook order among equals)."""
    order = list(book().rules)
    ranked = [fit(rule_id, query) for rule_id in order]
    return sorted(ranked, key=lambda f: (len(f.conflicts) > 0, -f.score, order.index(f.id)))


def search(query: str, ruleset: str | None = None) -> Answer:
    """One rule when no other fits about as well, "which one?" with the candidates, or none.

    ``ruleset`` is checked; under one, an event whose rule depends on the ruleset
    (``ruleset-events``) offers only that ruleset's rule."""
    _check_ruleset(ruleset)
    exact = id_form(query)
    if exact in book().rules:
        return Answer(Verdict.ONE, (Match(exact, 100.0, exact=True),))
    reading = read(query)
    ranked = fits(reading)
    candidates = [f for f in ranked if not f.conflicts and f.named and f.score > 0]
    guess = reading.guessed and not (reading.objects or reading.events or reading.irregular)
    if not reading.recognised or guess:
        # nothing of the field, or only a time guessed from one character (晚 of 晚報名): no rule
        return _none(query, reading)
    if reading.outside and not any(_strong(f, reading) for f in candidates):
        return _none(query, reading)
    for event in reading.events:
        owners = table().ruleset_events.get(event, {})
        owner = owners.get(ruleset) if ruleset is not None else None
        if owner is not None:
            candidates = [f for f in candidates if f.id == owner or f.id not in owners.values()]
    if reading.events or reading.implied:  # something happened: a rule where it can happen
        wanted = reading.events | reading.implied
        candidates = [
            f
            for f in candidates
            if (table().facets[f.id].event | table().facets[f.id].also_event) & wanted
        ]
    elif not reading.irregular and not reading.incident and _passing(reading):
        # only things said in passing (a seat, the dealer, a bet): the normal procedure's rule
        # for them, or, when what is asked was not read ("can one guy play two seats", "player
        # wants seat 2"), no rule rather than a guess
        candidates = [f for f in candidates if Kind.PROCEDURE in kinds(f.id)]
        if not candidates:
            return _none(query, reading)
    elif not (reading.irregular or _incident(reading)):
        # No irregularity named: the normal procedure's rule for that object, when there is one;
        # a question naming only things said in passing ("seats", "the board") has only that.
        plain = [f for f in candidates if Kind.PROCEDURE in kinds(f.id)]
        candidates = plain if plain or reading.objects <= table().loose else candidates
    if not candidates:
        # Something of the field is named but no rule has all of it: the nearest, to choose from.
        partial = [f for f in ranked if f.named]
        partial.sort(key=lambda f: (len(f.conflicts), -f.score))
        if not partial:
            return _none(query, reading)
        chosen = partial[:3]
        return _which(chosen, reading, "event" if reading.events else "object")
    best = candidates[0]
    tier = _KIND_TIER if reading.guessed else _TIER  # a guessed facet decides nothing alone
    chosen = [best] + [
        f
        for f in candidates[1:]
        if f.score > best.score - tier
        or (f.score > best.score - _KIND_TIER and _differ_in_kind(f.id, best.id))
    ]
    thin = best.score <= _OBJECT_WEIGHT and bool(reading.unknown)
    if (
        (reading.irregular or _incident(reading) or thin)
        and not wanted_events(reading)
        and Kind.PROCEDURE in kinds(best.id)
    ):
        # "something went wrong" with a rule of the normal procedure best: what went wrong was
        # not read, so the irregularities of the same things are offered with it
        wrong = [
            f
            for f in ranked
            if not f.conflicts
            and f.score > 0
            and Kind.PROCEDURE not in kinds(f.id)
            and f not in chosen
        ]
        chosen += wrong[:3]
    if len(chosen) == 1 and reading.choice and Kind.PROCEDURE not in kinds(best.id):
        # "one at a time or two at once?": a question of which way is right, not a report of
        # what went wrong; the normal procedure of the same things is offered with it
        shared = table().facets[best.id].object
        chosen += [
            f
            for f in ranked
            if Kind.PROCEDURE in kinds(f.id)
            and table().facets[f.id].object & shared
            and not any(c.startswith("object:") for c in f.conflicts)
        ][:1]
    if len(chosen) == 1:
        rivals = _rivals(best, reading, ranked)
        if not rivals:
            return Answer(Verdict.ONE, (Match(best.id, best.score),), reading=reading)
        chosen += rivals
    # asked anyway: every rule near the best is offered, not only the closest
    chosen += [f for f in candidates if f not in chosen and f.score > best.score - _WIDE_TIER]
    return _which(chosen[:_MOST], reading)


def _supported(best: Fit, reading: Reading) -> bool:
    """Whether the reading holds what the rule is about: for an irregularity one of its own
    events (an event it only shares, or none, decides nothing) or what stands for one, else
    one of its own objects or events."""
    lexicon = table()
    facets = lexicon.facets[best.id]
    named = reading.said | reading.objects | reading.hints
    if Kind.PROCEDURE not in kinds(best.id) and facets.event:
        if wanted_events(reading) & facets.event:
            return True
        # no event of its own read: only an object no other rule owns (a joker), or a number
        # in its own range ("two burns"), still points at it alone
        others = set().union(*(f.object for r, f in lexicon.facets.items() if r != best.id))
        counted = any(
            any(value in span for span in facets.numbers.get(number, ()))
            for number, value in reading.numbers
        )
        return bool((named & facets.object) - others) or counted
    return not facets.object or bool(named & facets.object or reading.events & facets.event)


def _rivals(best: Fit, reading: Reading, ranked: Sequence[Fit]) -> list[Fit]:
    """The rules a single answer would hide: none when the reading supports the best alone
    (its own object and, for an irregularity, its own event read); else the nearest rules of
    the same things, to choose from."""
    if _supported(best, reading):
        return []
    facets = table().facets
    own = facets[best.id].object | facets[best.id].also
    near = [f for f in ranked if f.id != best.id and f.named and f.score > 0]
    same = [f for f in near if facets[f.id].object & own or not own]
    same.sort(key=lambda f: (len(f.conflicts), -f.score))
    return same[:2]


def _incident(reading: Reading) -> bool:
    """Signs that something happened at the table: its words, a seat's number, the dealer named."""
    return reading.incident or bool(reading.seats) or "dealer" in reading.who


def _passing(reading: Reading) -> bool:
    """A question naming only things said in passing: no object of its own, nor a card's."""
    return reading.objects <= table().loose and not reading.hints


def _none(query: str, reading: Reading) -> Answer:
    """No rule, with the nearest IDs (looked for only here: they cost more than the search)."""
    nearest = tuple(Match(rule_id, 0.0) for rule_id in suggest(query, 3))
    return Answer(Verdict.NONE, nearest, reading=reading)


def wanted_events(reading: Reading) -> frozenset[str]:
    """What the question says happened, read or implied by its numbers."""
    return reading.events | reading.implied


def _differ_in_kind(one: str, other: str) -> bool:
    """Two irregularities whose remedies differ in kind (misdeal against deal on)."""
    first, second = kinds(one), kinds(other)
    return Kind.PROCEDURE not in first | second and first != second


def _strong(candidate: Fit, query: Reading) -> bool:
    """A fit on both an event and one of the rule's own objects, named in words (outweighs an
    outside topic: "buy in short" names no hand, though a player short of cards would be one)."""
    facets = table().facets[candidate.id]
    return bool(query.events & facets.event) and bool(query.said & facets.object)


def _which(chosen: Sequence[Fit], reading: Reading, fallback: str = "event") -> Answer:
    ids = tuple(f.id for f in chosen)
    question, choices = telling(ids)
    for event in reading.events:  # the rulesets decide it ("同一家連發兩張"): ask which one
        owners = table().ruleset_events.get(event, {})
        if len(set(owners.values()) & set(ids)) >= 2:
            question = "ruleset"
            choices = tuple(
                ",".join(sorted(r for r, owner in owners.items() if owner == rule_id))
                for rule_id in ids
            )
            break
    matches = tuple(Match(f.id, f.score) for f in chosen)
    return Answer(Verdict.WHICH, matches, question or fallback, choices, reading)


def _facet_values(rule_id: str, facet: str) -> str:
    facets = table().facets[rule_id]
    if facet in set(Number):
        return ",".join(str(span) for span in facets.numbers.get(Number(facet), ()))
    if facet == "object":
        return ",".join(sorted(facets.object | facets.also))
    return ",".join(sorted(getattr(facets, facet)))


def telling(ids: Sequence[str]) -> tuple[str | None, tuple[str, ...]]:
    """The facet that tells these rules apart (the first of QUESTIONS that differs), and each
    rule's value of it (``""`` where a rule does not say).

    >>> telling(("DEAL-EXTRA-ONE", "DEAL-EXTRA-MULTIPLE"))
    ('extra', ('1', '2-9'))
    """
    for facet in QUESTIONS:
        values = tuple(_facet_values(rule_id, facet) for rule_id in ids)
        if len(set(values)) > 1:
            if facet == "object":  # only what sets each apart ("flop" against "turn, river")
                sets = [set(value.split(",")) for value in values]
                shared = set.intersection(*sets)
                values = tuple(",".join(sorted(each - shared)) for each in sets)
            return facet, values
    return None, ()


def find(query: str, lang: Lang | str | None = None, ruleset: str | None = None) -> list[Match]:
    """The rules a query may mean: the one rule, the candidates of a "which one?", or none.

    ``lang`` is accepted for the callers that know it (a question is read in every language)."""
    del lang
    answer = search(query, ruleset)
    return [] if answer.kind is Verdict.NONE else list(answer.matches)


def suggest(query: str, limit: int = 5) -> list[str]:
    """Closest rule IDs for a query that matched nothing (misspellings, partial IDs)."""
    rules = book().rules
    votes: dict[str, float] = {}
    vocabulary: dict[str, set[str]] = {}
    for r in rules.values():
        for word in [*r.id.lower().split("-"), *_WORD.findall(r.title.en.casefold())]:
            vocabulary.setdefault(word, set()).add(r.id)
    for word in _WORD.findall(query.casefold()):
        for known, ids_ in vocabulary.items():
            ratio = difflib.SequenceMatcher(None, word, known).ratio()
            # A swapped letter ("trun") scores low on ratio but is plainly the same word.
            if len(word) >= 3 and sorted(word) == sorted(known):
                ratio = max(ratio, 0.9)
            if ratio >= 0.75:
                for rule_id in ids_:
                    votes[rule_id] = votes.get(rule_id, 0.0) + ratio
    for rule_id in difflib.get_close_matches(id_form(query), list(rules), n=limit, cutoff=0.6):
        votes[rule_id] = votes.get(rule_id, 0.0) + 1.0
    chars = set("".join(_CJK.findall(query)))
    if chars:
        for r in rules.values():
            shared = len(chars & set(r.title.get(Lang.ZH_HANS) + r.title.get(Lang.ZH_HANT)))
            if shared:
                votes[r.id] = votes.get(r.id, 0.0) + shared / len(chars)
    order = list(rules)
    ranked = sorted(votes, key=lambda rule_id: (-votes[rule_id], order.index(rule_id)))
    return ranked[:limit]


def name(facet: str, value: str, lang: Lang) -> str:
    """A facet value in the reader's language: the lexicon's first form for it."""
    names = table().names
    return names.get((facet, value, lang)) or names.get((facet, value, Lang.EN)) or value


def rule_facets(rule: Rule) -> RuleFacets:
    return table().facets[rule.id]
