"""Finding the rule a floor supervisor means, and knowing when it is not sure.

A question ("dealer flashed the first card", "發牌員 亮了第一張牌", "4 card flop") is read into
concepts through the reviewed synonym table of ``procedures/search.yaml`` (English by word stems,
Chinese by the longest form as written, both scripts), plus the ordinals and counts it names. Each
rule is read the same way from its ID, title and keywords (strongly) and its summaries (weakly).
A rule's score is the share of the question it covers; a rule whose own ordinals or counts
(``facets``) contradict the question's loses most of its score, so "first card" never lands on
the rule for any other card.

The answer is one of three kinds: one rule when it is clearly ahead, the top three when several
fit about equally or the best one is named only in passing ("which one?"), or none when no
rule covers most of the question.

>>> search("dealer flashed the first card").ids
('HOLE-EXPOSED-FIRST',)
>>> search("轉牌 太早").ids
('TURN-PREMATURE',)
>>> search("string bet").kind
<Verdict.NONE: 'none'>
>>> find("premature turn")[0].id
'TURN-PREMATURE'
>>> suggest("premture trun")[0]
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

from dealer.rules.data import PROCEDURES, shown
from dealer.rules.rulebook import Lang, Rule, book, id_form
from dealer.rules.source import Items, Node, SourceError, load_file

SEARCH_PATH = PROCEDURES / "search.yaml"


class Verdict(StrEnum):
    """What the search found: one rule, a few to choose from, or none."""

    ONE = "one"
    WHICH = "which"
    NONE = "none"


class Facet(StrEnum):
    ORDINAL = "ordinal"  # "first card", "第二張"
    COUNT = "count"  # "4 cards", "51 cards", "two aces", "twice"
    EXTRA = "extra"  # "one extra card", "多發兩張"


Number = tuple[Facet, int]


@dataclass(frozen=True, slots=True)
class Reading:
    """A text read into concepts (or leftover words) with weights, and the numbers it names."""

    weights: Mapping[str, float]
    numbers: frozenset[Number]

    @property
    def tokens(self) -> frozenset[str]:
        return frozenset(self.weights)


@dataclass(frozen=True, slots=True)
class Answer:
    kind: Verdict
    matches: tuple[Match, ...]  # ONE: the rule; WHICH: up to three; NONE: the nearest

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(match.id for match in self.matches)


@dataclass(frozen=True, slots=True)
class Match:
    id: str
    score: float
    exact: bool = False


_IRREGULAR = {"dealt": "deal", "burnt": "burn"}
_SUFFIXES = ("ingly", "edly", "ing", "ed", "ly", "es", "s")


def stem(word: str) -> str:
    """A crude English stem, enough that ``exposed`` and ``expose`` meet.

    >>> stem("exposed"), stem("expose"), stem("cards"), stem("prematurely")
    ('expos', 'expos', 'card', 'prematur')
    """
    word = _IRREGULAR.get(word, word)
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word


# ---------------------------------------------------------------------------- the table


@dataclass(frozen=True, slots=True)
class _Range:
    low: int
    high: int

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and self.low <= value <= self.high


@dataclass(frozen=True, slots=True)
class Synonyms:
    english: Mapping[tuple[str, ...], str]  # stemmed phrase -> concept
    chinese: Mapping[str, str]  # form as written -> concept
    generic: frozenset[str]
    facets: Mapping[str, Mapping[Facet, tuple[_Range, ...]]]
    concepts: Mapping[str, frozenset[str]] = field(default_factory=dict)  # rule -> more concepts
    longest_english: int = 1  # the most words in a phrase of the table
    longest_chinese: int = 1  # the most characters in a Chinese form


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


def load_table(path: Path = SEARCH_PATH) -> Synonyms:
    """Read and check the synonym table (``file:line: message`` on a mistake)."""
    where = shown(path)
    doc = load_file(path, where)
    if not isinstance(doc, Node) or "synonyms" not in doc:
        raise SourceError(where, 1, "the search table needs 'synonyms'")
    english: dict[tuple[str, ...], str] = {}
    chinese: dict[str, str] = {}
    synonyms = doc["synonyms"]
    if not isinstance(synonyms, Node):
        raise doc.error("synonyms", "'synonyms' must map concepts to forms")
    for concept, forms in synonyms.items():
        if not isinstance(forms, Node) or set(forms) - {lang.value for lang in Lang}:
            raise synonyms.error(concept, f"{concept}: forms are listed under en, zh-Hans, zh-Hant")
        for lang, items in forms.items():
            if not isinstance(items, Items):
                raise forms.error(lang, f"{concept}.{lang} must be a list")
            for form in items:
                if lang == Lang.EN:
                    english.setdefault(tuple(_stems(str(form))), str(concept))
                else:
                    chinese.setdefault(str(form), str(concept))
    rules = book().rules
    facets: dict[str, dict[Facet, tuple[_Range, ...]]] = {}
    given = doc.get("facets") or Node()
    for rule_id, spec in given.items():
        if rule_id not in rules:
            raise given.error(rule_id, f"facets: unknown rule {rule_id!r}")
        if not isinstance(spec, Node):
            raise given.error(rule_id, f"facets of {rule_id} must be a mapping")
        facets[rule_id] = {}
        for name, items in spec.items():
            if name not in set(Facet) or not isinstance(items, Items):
                raise spec.error(name, f"{rule_id}: facet {name!r} is not ordinal, count or extra")
            facets[rule_id][Facet(name)] = _ranges(items, f"{rule_id}.{name}")
    generic = doc.get("generic") or []
    more: dict[str, frozenset[str]] = {}
    given = doc.get("concepts") or Node()
    for rule_id, names in given.items():
        if rule_id not in rules:
            raise given.error(rule_id, f"concepts: unknown rule {rule_id!r}")
        unknown = [name for name in names if name not in synonyms]
        if not isinstance(names, Items) or unknown:
            raise given.error(
                rule_id, f"concepts of {rule_id}: not concepts of the table: {unknown}"
            )
        more[rule_id] = frozenset(map(str, names))
    return Synonyms(
        english,
        chinese,
        frozenset(map(str, generic)),
        facets,
        more,
        max((len(phrase) for phrase in english), default=1),
        max((len(form) for form in chinese), default=1),
    )


@functools.cache
def table() -> Synonyms:
    return load_table()


# ---------------------------------------------------------------------------- reading a text

_STOP = frozenset(
    ("a", "an", "the", "of", "to", "in", "on", "by", "is", "are", "was", "were", "for", "with",
     "and", "or", "it", "its", "at", "be", "as", "from", "has", "have", "had", "got", "get",
     "there", "been", "this", "that", "what", "do", "does", "did", "we", "i", "he", "she",
     "they", "his", "her", "their", "when", "if", "so", "then", "now", "just", "one's", "up",
     "how", "should", "can", "rule", "ruling", "happens", "after", "while", "during", "all",
     "who", "which", "why", "where", "whose")
)  # fmt: skip
_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4,
             "4th": 4, "fifth": 5, "5th": 5, "last": 99}  # fmt: skip
_COUNTS = {"zero": 0, "no": 0, "one": 1, "single": 1, "two": 2, "twice": 2, "double": 2,
           "pair": 2, "three": 3, "thrice": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9}  # fmt: skip
_RANKS = frozenset(map(stem, ("ace", "aces", "king", "kings", "queen", "queens", "jack", "jacks")))
_SUITS = frozenset(map(stem, ("spades", "hearts", "diamonds", "clubs")))
_CARD_CODE = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[shdc♠♥♦♣](?![A-Za-z0-9])")
_WORD = re.compile(r"[a-z0-9]+")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
_ZH_DIGITS = "零〇一二两兩三四五六七八九十"
_ZH_NUM = rf"([{_ZH_DIGITS}]+|\d+)"
_ZH_PATTERNS: tuple[tuple[re.Pattern[str], Facet | None], ...] = (
    (re.compile(rf"第\s*{_ZH_NUM}"), Facet.ORDINAL),
    (re.compile(r"首(?=[张張])"), Facet.ORDINAL),
    (re.compile(rf"多(?:[发發给給出拿烧燒销銷]了?|了)?\s*{_ZH_NUM}\s*[张張]"), Facet.EXTRA),
    (re.compile(rf"{_ZH_NUM}\s*[张張次副]"), Facet.COUNT),
    (re.compile(r"(?:\d+)\s*(?=[牌])"), Facet.COUNT),
)
_ZH_CARD = re.compile(r"(黑桃|红心|紅心|红桃|紅桃|方块|方塊|梅花|草花)\s*(10|[2-9JQKAjqka])")
_ZH_VERBS = {"烧": "burn", "燒": "burn", "销": "burn", "銷": "burn", "发": "deal", "發": "deal"}
_ZH_STOP = frozenset("了的在是個个把被和與与或也就都還还有又時时候嗎吗呢啊吧這这那怎麼么樣样")


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


class _SynonymReader:
    def __init__(self, table: Synonyms) -> None:
        self.table = table
        self.weights: dict[str, float] = {}
        self.numbers: set[Number] = set()
        self.card_named = False

    def add(self, token: str, weight: float = 1.0) -> None:
        if token in self.table.generic:
            weight = min(weight, 0.5)
        self.weights[token] = max(self.weights.get(token, 0.0), weight)

    def read(self, text: str) -> Reading:
        if _CARD_CODE.search(text):
            self.card_named = True
            text = _CARD_CODE.sub(" card ", text)
        text = self._chinese_numbers(text)
        for run in _CJK.findall(text):
            self._chinese(run)
        self._english(_CJK.sub(" ", text))
        counts = [value for facet, value in self.numbers if facet is Facet.COUNT]
        if self.card_named and any(value >= 2 for value in counts):
            self.add("duplicate")  # "two aces of spades", "兩張黑桃A": one card twice
        return Reading(dict(self.weights), frozenset(self.numbers))

    def _chinese_numbers(self, text: str) -> str:
        if _ZH_CARD.search(text):
            self.card_named = True
            self.add("card")
            text = _ZH_CARD.sub(" ", text)
        for pattern, facet in _ZH_PATTERNS:
            for match in pattern.finditer(text):
                value = _zh_number(match.group(1)) if match.groups() else 1
                if facet is not None:
                    self.numbers.add((facet, value))
                if facet is Facet.EXTRA:
                    self.add("extra")
                    verb = next((c for c in match.group(0) if c in _ZH_VERBS), None)
                    if verb is not None:  # "多燒了一張": the verb is part of the match
                        self.add(_ZH_VERBS[verb])
                if facet is not None and match.group(0)[-1] in "张張":
                    self.add("card")
            text = pattern.sub(" ", text)
        return text

    def _chinese(self, run: str) -> None:
        forms, longest = self.table.chinese, self.table.longest_chinese
        leftover: list[str] = []
        position = 0
        while position < len(run):
            for size in range(min(longest, len(run) - position), 0, -1):
                concept = forms.get(run[position : position + size])
                if concept is not None:
                    self._leftover("".join(leftover))
                    leftover = []
                    self.add(concept)
                    position += size
                    break
            else:
                char = run[position]
                if char in _ZH_STOP:
                    self._leftover("".join(leftover))
                    leftover = []
                else:
                    leftover.append(char)
                position += 1
        self._leftover("".join(leftover))

    def _leftover(self, run: str) -> None:
        if not run:
            return
        if len(run) == 1:
            self.add(f"zh:{run}", 0.5)
            return
        grams = [run[i : i + 2] for i in range(len(run) - 1)]
        for gram in grams:
            self.add(f"zh:{gram}", 1.0 / len(grams))

    def _english(self, text: str) -> None:
        words = _stems(text)
        phrases, longest = self.table.english, self.table.longest_english
        position = 0
        while position < len(words):
            word = words[position]
            if word in _ORDINALS and not self._is_street(words, position):
                self.numbers.add((Facet.ORDINAL, _ORDINALS[word]))
                position += 1
                continue
            count = int(word) if word.isdigit() else _COUNTS.get(word)
            if count is not None and word != "no":
                position = self._count(words, position, count)
                continue
            if word in _RANKS or word in _SUITS:
                self.card_named = self.card_named or self._rank_of_suit(words, position)
                self.add("card")
                position += 1
                continue
            for size in range(min(longest, len(words) - position), 0, -1):
                concept = phrases.get(tuple(words[position : position + size]))
                if concept is not None:
                    self.add(concept)
                    position += size
                    break
            else:
                if word not in _STOP and not word.isdigit():
                    self.add(f"w:{word}")
                position += 1

    def _is_street(self, words: Sequence[str], position: int) -> bool:
        return position + 1 < len(words) and words[position + 1] == "street"

    def _rank_of_suit(self, words: Sequence[str], position: int) -> bool:
        following = words[position : position + 3]
        return words[position] in _RANKS and any(word in _SUITS for word in following)

    def _count(self, words: Sequence[str], position: int, count: int) -> int:
        before = words[max(0, position - 2) : position]
        if before[-1:] in (["seat"], ["number"]):
            return position + 1  # "seat 8" names a seat, not a count
        if before == ["more", "than"]:
            count += 1
        after = words[position + 1 : position + 3]
        if after[:1] in (["extra"], ["more"], ["addit"]) or after == ["too", "many"]:
            self.numbers.add((Facet.EXTRA, count))
            self.add("extra")
        else:
            self.numbers.add((Facet.COUNT, count))
        return position + 1


def read(text: str, lookup: Synonyms | None = None) -> Reading:
    """A text's concepts and numbers.

    >>> sorted(read("dealer flashed the first card").weights)
    ['card', 'dealer', 'expose']
    >>> sorted(read("發牌員 亮了第一張牌").numbers)
    [(<Facet.ORDINAL: 'ordinal'>, 1)]
    """
    if lookup is not None:
        return _SynonymReader(lookup).read(text)
    return _read(text)


@functools.lru_cache(maxsize=4096)  # rule texts repeat across rulesets and shared templates
def _read(text: str) -> Reading:
    return _SynonymReader(table()).read(text)


# ---------------------------------------------------------------------------- scoring


@dataclass(frozen=True, slots=True)
class _Entry:
    id: str
    strong: frozenset[str]
    weak: frozenset[str]
    title: frozenset[str]
    keywords: tuple[Reading, ...]


def _texts(rule: Rule, ruleset: str | None) -> tuple[list[str], list[str], list[str]]:
    strong = [rule.id.replace("-", " ")]
    title: list[str] = []
    weak: list[str] = []
    for lang in Lang:
        title.append(rule.title.get(lang))
        strong.extend(rule.keywords.get(lang))
        weak.append(rule.summary.get(lang))
        if rule.trigger is not None:
            weak.append(rule.trigger.get(lang))
        if ruleset is not None and rule.rulings:
            weak.append(rule.ruling(ruleset).summary.get(lang))
    return strong + title, weak, title


@functools.cache
def _index(ruleset: str | None) -> tuple[_Entry, ...]:
    entries = []
    for rule in book().rules.values():
        strong, weak, title = _texts(rule, ruleset)
        title_tokens = frozenset().union(*(read(text).tokens for text in title))
        entries.append(
            _Entry(
                id=rule.id,
                strong=frozenset().union(*(read(text).tokens for text in strong))
                | table().concepts.get(rule.id, frozenset()),
                weak=frozenset().union(*(read(text).tokens for text in weak)),
                title=title_tokens - table().generic,
                keywords=tuple(read(k) for lang in Lang for k in rule.keywords.get(lang)),
            )
        )
    return tuple(entries)


_NUMBER_WEIGHT = 1.5  # an ordinal or count decides between neighbouring rules
_WEAK_SHARE = 0.4  # a concept only in a rule's summaries counts for less
_CONFLICT = 0.3  # a rule whose own numbers contradict the question keeps this share
_KEYWORD_BONUS = 0.15  # the question is one of the rule's keywords (in other words)
_TITLE_SHARE = 0.1  # how much of the rule's title the question names
_COVERED = 0.55  # below this share no rule covers the question
_AHEAD = 0.85  # the runner-up must score under this share of the best for a single answer


def _score(entry: _Entry, query: Reading, facets: Mapping[Facet, tuple[_Range, ...]]) -> float:
    total = sum(query.weights.values()) + _NUMBER_WEIGHT * len(query.numbers)
    if total == 0:
        return 0.0
    got = 0.0
    for token, weight in query.weights.items():
        if token in entry.strong:
            got += weight
        elif token in entry.weak:
            got += weight * _WEAK_SHARE
    conflict = False
    for facet, value in query.numbers:
        ranges = facets.get(facet)
        if ranges is None:
            continue
        if any(value in span for span in ranges):
            got += _NUMBER_WEIGHT
        else:
            conflict = True
    score = got / total * (_CONFLICT if conflict else 1.0)
    words = query.tokens | {f"{facet}:{value}" for facet, value in query.numbers}
    telling = words - table().generic
    for keyword in entry.keywords:
        wanted = keyword.tokens | {f"{facet}:{value}" for facet, value in keyword.numbers}
        # The question is one of the rule's keywords: each names all that the other tells.
        if len(wanted - table().generic) >= 2 and wanted <= words and telling <= wanted:
            score += _KEYWORD_BONUS
            break
    if entry.title:
        score += _TITLE_SHARE * len(entry.title & query.tokens) / len(entry.title)
    return score


def _ranked(query: Reading, ruleset: str | None) -> list[Match]:
    facets = table().facets
    scored = []
    for position, entry in enumerate(_index(ruleset)):
        score = _score(entry, query, facets.get(entry.id, {}))
        if score > 0:
            scored.append((-score, position, entry.id))
    scored.sort()
    return [Match(rule_id, round(-neg, 3)) for neg, _, rule_id in scored]


def _check_ruleset(ruleset: str | None) -> None:
    if ruleset is not None and ruleset not in book().rulesets:
        raise KeyError(f"unknown ruleset {ruleset!r}")


def find(query: str, lang: Lang | str | None = None, ruleset: str | None = None) -> list[Match]:
    """Rules for a query, best first: an exact ID, then those that cover the question.

    ``ruleset`` also reads that ruleset's ruling summaries; ``lang`` is accepted for the callers
    that know it (a question is read in every language at once).
    """
    del lang
    _check_ruleset(ruleset)
    exact = id_form(query)
    if exact in book().rules:
        return [Match(exact, 100.0, exact=True)]
    return [m for m in _ranked(read(query), ruleset) if m.score >= _COVERED]


def search(query: str, ruleset: str | None = None) -> Answer:
    """One rule when it is clearly ahead, else up to three to choose from, else none."""
    _check_ruleset(ruleset)
    exact = id_form(query)
    if exact in book().rules:
        return Answer(Verdict.ONE, (Match(exact, 100.0, exact=True),))
    reading = read(query)
    ranked = _ranked(reading, ruleset)
    if not ranked or ranked[0].score < _COVERED:
        nearest = ranked[:3] or [Match(rule_id, 0.0) for rule_id in suggest(query, 3)]
        return Answer(Verdict.NONE, tuple(nearest))
    best = ranked[0].score
    close = [m for m in ranked[1:3] if m.score >= _COVERED and m.score >= _AHEAD * best]
    if not close and _names_it(ranked[0].id, reading, ruleset):
        return Answer(Verdict.ONE, (ranked[0],))
    if not close:  # ahead, but on words its title and keywords do not use: offer the next too
        close = ranked[1:3]
    if not close:  # no other rule fits at all
        return Answer(Verdict.ONE, (ranked[0],))
    return Answer(Verdict.WHICH, (ranked[0], *close))


def _names_it(rule_id: str, query: Reading, ruleset: str | None) -> bool:
    """Whether the rule's ID, title or keywords name every telling concept of the question, and
    the question says something telling (not only "dealer", "card", "wrong")."""
    entry = next(e for e in _index(ruleset) if e.id == rule_id)
    # Concepts of the table only: a leftover word ("w:red", "zh:來") already costs its share.
    telling = [t for t in query.weights if t not in table().generic and ":" not in t]
    if not telling and not query.numbers:
        return False
    return all(token in entry.strong for token in telling)


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
