"""The rulebook: every rule and ruling of RULES.md, loaded from ``procedures/rulebook.yaml``.

The YAML file is the single source of truth for rule texts; this module loads it (safely, once),
checks it and answers look-ups by ID or by words in English or Chinese.

>>> rule("turn premature").title.get(Lang.ZH_HANT)
'轉牌過早'
>>> [step.do.value for step in rule("TURN-PREMATURE").ruling("wsop-2024").steps][:3]
['finish-round', 'shuffle', 'turn']
>>> find("premature turn")[0].id
'TURN-PREMATURE'
>>> suggest("premture trun")[0]
'TURN-PREMATURE'
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from types import MappingProxyType
from typing import TypeVar

import yaml

from dealer.core.roles import Role
from dealer.core.steps import BOARD_VERBS, Verb

ROOT = Path(__file__).resolve().parents[2]
RULEBOOK_PATH = ROOT / "procedures" / "rulebook.yaml"


_E = TypeVar("_E", bound=StrEnum)


class RulebookError(ValueError):
    """The rulebook file is malformed; the message is ``path:LINE: what is wrong``."""


class Lang(StrEnum):
    EN = "en"
    ZH_HANS = "zh-Hans"
    ZH_HANT = "zh-Hant"


class Section(StrEnum):
    """Where a rule sits in RULES.md (definitions are not in its tables)."""

    A = "A"
    BETTING = "betting"
    B = "B"
    C = "C"
    DEFINITIONS = "definitions"


class Fate(StrEnum):
    """What a remedy does with an affected card."""

    KEPT = "kept"
    RETURNED_TO_STUB = "returned-to-stub"
    SET_ASIDE = "set-aside"
    BURNED = "burned"
    SCRAP = "scrap"
    TO_PLAYER = "to-player"
    MUCKED = "mucked"
    DEAD = "dead"


class ChipFate(StrEnum):
    STAND = "stand"
    RETURNED = "returned"


# The verbs a ruling's steps may use (``do:``): the remedy steps, the board cards and what a ruling
# awaits (the deal, the betting round).
REMEDY_VERBS = frozenset(
    {
        Verb.FINISH_ROUND, Verb.BURN, Verb.FLOP, Verb.TURN, Verb.RIVER, Verb.SHUFFLE, Verb.CUT,
        Verb.PITCH, Verb.GATHER, Verb.REDEAL, Verb.SCRAMBLE, Verb.CHOOSE_BURN, Verb.REPLACE,
        Verb.RETURN_CHIPS, Verb.VOID, Verb.KILL_HAND, Verb.CORRECT_BUTTON,
    }
)  # fmt: skip


class Branch(StrEnum):
    """A ruling's other paths, each a ruling of its own; the value is the YAML key and the label."""

    # Once substantial action has taken place, where the remedy differs (RULES.md §B, LA 105).
    AFTER_SUBSTANTIAL_ACTION = "after-substantial-action"
    # More than four cards out on the flop (FLOP-TOO-MANY, LA 163).
    MORE_THAN_FOUR_CARDS = "more-than-four-cards"
    # A second burn before the flop, no flop card exposed (BURN-MISSED-FLOP, LA 164).
    SECOND_BURN = "second-burn"
    # Noticed only after a player acted on the card concerned (NOTICED-LATE; LA 115, LA 165).
    ACTED_ON = "acted-on"


# Labels floor.py needs besides one per Fate, ChipFate and remedy verb.
HEADING_LABELS = (
    "ruleset", "fallback", "fallback-yes", "fallback-no", "colon", "section", "summary", "rule",
    "trigger", "cards", "chips", "steps", "no-steps", "conditions", "sources", "other-rulesets",
    "same", "differs", "no-ruling", "section-A", "section-betting", "section-B", "section-C",
    "section-definitions", "trace-004-errors", "trace-la-rule", "trace-tr-rule", "trace-la-part",
    "trace-tr-part", "trace-000", "trace-004",
)  # fmt: skip


def required_labels() -> tuple[str, ...]:
    """Every label key the rulebook must define."""
    return (
        *HEADING_LABELS,
        *(branch.value for branch in Branch),
        *(f"fate-{fate}" for fate in Fate),
        *(f"chips-{chips}" for chips in ChipFate),
        *(f"do-{verb}" for verb in sorted(REMEDY_VERBS)),
        *(f"do-{verb}-noburn" for verb in sorted(BOARD_VERBS)),
    )


@dataclass(frozen=True, slots=True)
class Text:
    """One text in the three languages; a missing translation falls back to English."""

    en: str
    zh_hans: str | None = None
    zh_hant: str | None = None

    def get(self, lang: Lang | str = Lang.EN) -> str:
        value = {Lang.ZH_HANS: self.zh_hans, Lang.ZH_HANT: self.zh_hant}.get(Lang(lang))
        return value if value is not None else self.en

    def missing(self) -> tuple[Lang, ...]:
        """The languages without their own text."""
        pairs = ((Lang.ZH_HANS, self.zh_hans), (Lang.ZH_HANT, self.zh_hant))
        return tuple(lang for lang, value in pairs if value is None)

    def all(self) -> tuple[str, ...]:
        return tuple(value for value in (self.en, self.zh_hans, self.zh_hant) if value is not None)

    def as_dict(self) -> dict[str, str]:
        return {lang.value: self.get(lang) for lang in Lang}


@dataclass(frozen=True, slots=True)
class Words:
    """Search keywords per language."""

    en: tuple[str, ...] = ()
    zh_hans: tuple[str, ...] = ()
    zh_hant: tuple[str, ...] = ()

    def get(self, lang: Lang | str) -> tuple[str, ...]:
        return {Lang.EN: self.en, Lang.ZH_HANS: self.zh_hans, Lang.ZH_HANT: self.zh_hant}[
            Lang(lang)
        ]


@dataclass(frozen=True, slots=True)
class CardFate:
    """What becomes of one affected card (``card`` names it in English, e.g. "turn burn")."""

    card: Role
    fate: Fate
    text: Text


@dataclass(frozen=True, slots=True)
class Step:
    """One step the dealer owes. ``burn=False`` on a board card: dealt without a burn."""

    do: Verb
    text: Text | None = None
    burn: bool | None = None
    card: Role | None = None


def _no_branches() -> Mapping[str, Ruling]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Ruling:
    ruleset: str
    fallback: bool
    summary: Text
    cards: tuple[CardFate, ...]
    chips: ChipFate
    steps: tuple[Step, ...]
    conditions: Text | None
    sources: tuple[str, ...]
    # Other paths by ``Branch`` value, in ``Branch`` order; a branch has no branches of its own.
    # Left out of the hash: a mapping is not hashable, and equal rulings still hash alike.
    branches: Mapping[str, Ruling] = field(default_factory=_no_branches, hash=False)

    @property
    def after_substantial_action(self) -> Ruling | None:
        """The remedy once substantial action has taken place, where it differs."""
        return self.branches.get(Branch.AFTER_SUBSTANTIAL_ACTION)

    def branch(self, name: str) -> Ruling | None:
        """The branch of that name (a ``Branch`` value), if the ruling has one."""
        return self.branches.get(name)

    def same_remedy(self, other: Ruling) -> bool:
        """Whether two rulings tell the dealer the same thing (sources may differ)."""
        if set(self.branches) != set(other.branches):
            return False
        if not all(mine.same_remedy(other.branches[name]) for name, mine in self.branches.items()):
            return False
        return (self.summary, self.cards, self.chips, self.steps, self.conditions) == (
            other.summary, other.cards, other.chips, other.steps, other.conditions,
        )  # fmt: skip

    def texts(self, where: str) -> Iterator[tuple[str, Text]]:
        """Every text of the ruling and of its branches."""
        yield f"{where}.summary", self.summary
        if self.conditions is not None:
            yield f"{where}.conditions", self.conditions
        for card in self.cards:
            yield f"{where}.cards[{card.card}]", card.text
        for index, step in enumerate(self.steps, 1):
            if step.text is not None:
                yield f"{where}.steps[{index}]", step.text
        for name, branch in self.branches.items():
            yield from branch.texts(f"{where}.{name}")


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    section: Section
    title: Text
    summary: Text
    keywords: Words
    sources: tuple[str, ...]
    trigger: Text | None = None
    rulings: tuple[Ruling, ...] = ()

    def ruling(self, ruleset: str) -> Ruling:
        for ruling in self.rulings:
            if ruling.ruleset == ruleset:
                return ruling
        raise KeyError(f"{self.id} has no ruling under ruleset {ruleset!r}")

    def texts(self) -> Iterator[tuple[str, Text]]:
        """Every text of the rule with a name for it, for the translation report."""
        yield "title", self.title
        yield "summary", self.summary
        if self.trigger is not None:
            yield "trigger", self.trigger
        for ruling in self.rulings:
            yield from ruling.texts(f"rulings.{ruling.ruleset}")


@dataclass(frozen=True, slots=True)
class Ruleset:
    name: str
    title: Text
    fallback: str | None
    text: Text


@dataclass(frozen=True, slots=True, eq=False)
class Rulebook:
    rules: Mapping[str, Rule]
    rulesets: Mapping[str, Ruleset]
    labels: Mapping[str, Text]

    def label(self, key: str, lang: Lang | str = Lang.EN) -> str:
        return self.labels[key].get(lang)

    def step_text(self, step: Step, lang: Lang | str = Lang.EN) -> str:
        """The step's own words, else the verb's label (``... without a burn`` where so marked)."""
        if step.text is not None:
            return step.text.get(lang)
        noburn = step.do in BOARD_VERBS and step.burn is False
        return self.label(f"do-{step.do}-noburn" if noburn else f"do-{step.do}", lang)


@dataclass(frozen=True, slots=True)
class Match:
    id: str
    score: float
    exact: bool = False


# ---------------------------------------------------------------------------- loading

_TAG_MERGE = "tag:yaml.org,2002:merge"
_TAG_BOOL = "tag:yaml.org,2002:bool"
_TAG_NULL = "tag:yaml.org,2002:null"
_ID = re.compile(r"^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*$")
_RULE_KEYS = {"section", "title", "summary", "keywords", "sources", "trigger", "rulings"}
_BRANCH_KEYS = {"fallback", "summary", "cards", "chips", "steps", "conditions", "sources"}
_RULING_KEYS = _BRANCH_KEYS | {"like"} | {branch.value for branch in Branch}


class _Reader:
    """Turns composed YAML nodes into typed records, naming the line of every error."""

    def __init__(self, where: str) -> None:
        self.where = where

    def error(self, node: yaml.Node, message: str) -> RulebookError:
        return RulebookError(f"{self.where}:{node.start_mark.line + 1}: {message}")

    def mapping(self, node: yaml.Node, what: str) -> dict[str, yaml.Node]:
        """A mapping's keys and value nodes, with ``<<`` merges applied (explicit keys win)."""
        if not isinstance(node, yaml.MappingNode):
            raise self.error(node, f"{what} must be a mapping")
        merged: dict[str, yaml.Node] = {}
        own: dict[str, yaml.Node] = {}
        for key, value in node.value:
            if key.tag == _TAG_MERGE:
                sources = value.value if isinstance(value, yaml.SequenceNode) else [value]
                for source in sources:
                    for name, item in self.mapping(source, f"{what} (merged)").items():
                        merged.setdefault(name, item)
                continue
            name = self.string(key, f"a key in {what}")
            if name in own:
                raise self.error(key, f"duplicate key {name!r} in {what}")
            own[name] = value
        return {**merged, **own}

    def keys(self, node: yaml.Node, found: Mapping[str, yaml.Node], allowed: set[str],
             what: str) -> None:  # fmt: skip
        for name in found:
            if name not in allowed:
                raise self.error(node, f"unknown key {name!r} in {what}")

    def sequence(self, node: yaml.Node, what: str) -> list[yaml.Node]:
        if not isinstance(node, yaml.SequenceNode):
            raise self.error(node, f"{what} must be a list")
        return list(node.value)

    def string(self, node: yaml.Node, what: str, strip: bool = True) -> str:
        if not isinstance(node, yaml.ScalarNode) or node.tag in (_TAG_NULL, _TAG_BOOL):
            raise self.error(node, f"{what} must be text")
        value = str(node.value)
        if not value.strip():
            raise self.error(node, f"{what} is empty")
        return value.strip() if strip else value

    def boolean(self, node: yaml.Node, what: str) -> bool:
        if not isinstance(node, yaml.ScalarNode) or node.tag != _TAG_BOOL:
            raise self.error(node, f"{what} must be true or false")
        return str(node.value).lower() in {"true", "yes", "on"}

    def enum(self, node: yaml.Node, kind: type[_E], what: str) -> _E:
        value = self.string(node, what)
        try:
            return kind(value)
        except ValueError:
            allowed = ", ".join(member.value for member in kind)
            raise self.error(node, f"{what} {value!r} is not one of: {allowed}") from None

    def text(self, node: yaml.Node, what: str, strip: bool = True) -> Text:
        found = self.mapping(node, what)
        self.keys(node, found, {lang.value for lang in Lang}, what)
        if "en" not in found:
            raise self.error(node, f"{what} has no English (en) text")
        values = {name: self.string(item, f"{what}.{name}", strip) for name, item in found.items()}
        return Text(values["en"], values.get(Lang.ZH_HANS), values.get(Lang.ZH_HANT))

    def strings(self, node: yaml.Node, what: str) -> tuple[str, ...]:
        return tuple(self.string(item, what) for item in self.sequence(node, what))

    def words(self, node: yaml.Node, what: str) -> Words:
        found = self.mapping(node, what)
        self.keys(node, found, {lang.value for lang in Lang}, what)
        got = {name: self.strings(item, f"{what}.{name}") for name, item in found.items()}
        return Words(got.get("en", ()), got.get(Lang.ZH_HANS, ()), got.get(Lang.ZH_HANT, ()))

    def card(self, node: yaml.Node, what: str) -> CardFate:
        found = self.mapping(node, what)
        self.keys(node, found, {"card", "fate", "text"}, what)
        for key in ("card", "fate", "text"):
            if key not in found:
                raise self.error(node, f"{what} has no {key!r}")
        card = self.enum(found["card"], Role, f"{what}: card role")
        fate = self.enum(found["fate"], Fate, f"{what}: card fate")
        return CardFate(card, fate, self.text(found["text"], f"{what}.text"))

    def step(self, node: yaml.Node, what: str, cards: set[Role]) -> Step:
        found = self.mapping(node, what)
        self.keys(node, found, {"do", "text", "burn", "card"}, what)
        if "do" not in found:
            raise self.error(node, f"{what} has no 'do'")
        spelt = self.string(found["do"], f"{what}: step")
        do = next((verb for verb in REMEDY_VERBS if verb.value == spelt), None)
        if do is None:
            allowed = ", ".join(verb.value for verb in Verb if verb in REMEDY_VERBS)
            raise self.error(found["do"], f"{what}: step {spelt!r} is not one of: {allowed}")
        text = self.text(found["text"], f"{what}.text") if "text" in found else None
        burn = None
        if "burn" in found:
            if do not in BOARD_VERBS:
                raise self.error(found["burn"], f"{what}: 'burn' only applies to flop, turn, river")
            burn = self.boolean(found["burn"], f"{what}.burn")
        card = None
        if "card" in found:
            card = self.enum(found["card"], Role, f"{what}: card role")
            if card not in cards:
                raise self.error(
                    found["card"], f"{what}: card {card!r} is not in the ruling's cards"
                )
        return Step(do, text, burn, card)

    def ruling(self, name: str, node: yaml.Node, found: Mapping[str, yaml.Node], what: str,
               rulesets: Mapping[str, Ruleset], inherit: bool | None = None) -> Ruling:  # fmt: skip
        """A ruling; ``inherit`` is the enclosing ruling's fallback, for one of its branches."""
        for key in ("fallback", "summary", "chips", "steps", "sources"):
            if key not in found and not (key == "fallback" and inherit is not None):
                raise self.error(node, f"{what} has no {key!r}")
        if "fallback" in found:
            fallback = self.boolean(found["fallback"], f"{what}.fallback")
        else:
            fallback = bool(inherit)
        if fallback and rulesets[name].fallback is None:
            raise self.error(found["fallback"], f"{what}: ruleset {name} has no fallback")
        cards = tuple(
            self.card(item, f"{what}.cards")
            for item in (self.sequence(found["cards"], f"{what}.cards") if "cards" in found else ())
        )
        names = {card.card for card in cards}
        steps = tuple(
            self.step(item, f"{what}.steps", names)
            for item in self.sequence(found["steps"], f"{what}.steps")
        )
        sources = self.strings(found["sources"], f"{what}.sources")
        if not sources:
            raise self.error(found["sources"], f"{what} cites no sources")
        conditions = found.get("conditions")
        branches: dict[str, Ruling] = {}
        for key in Branch:
            if key in found:
                where = f"{what}.{key}"
                inner = self.mapping(found[key], where)
                self.keys(found[key], inner, _BRANCH_KEYS, where)
                branches[key.value] = self.ruling(
                    name, found[key], inner, where, rulesets, inherit=fallback
                )
        return Ruling(
            ruleset=name,
            fallback=fallback,
            summary=self.text(found["summary"], f"{what}.summary"),
            cards=cards,
            chips=self.enum(found["chips"], ChipFate, f"{what}: chips"),
            steps=steps,
            conditions=None if conditions is None else self.text(conditions, f"{what}.conditions"),
            sources=sources,
            branches=MappingProxyType(branches),
        )

    def rulings(self, rule_id: str, node: yaml.Node,
                rulesets: Mapping[str, Ruleset]) -> tuple[Ruling, ...]:  # fmt: skip
        raw = self.mapping(node, f"{rule_id}.rulings")
        for name, item in raw.items():
            if name not in rulesets:
                raise self.error(item, f"{rule_id}: unknown ruleset {name!r}")
        for name in rulesets:
            if name not in raw:
                raise self.error(node, f"{rule_id} has no ruling for ruleset {name!r}")
        result = []
        for name in rulesets:
            what = f"{rule_id}.rulings.{name}"
            found = self.mapping(raw[name], what)
            self.keys(raw[name], found, _RULING_KEYS, what)
            if "like" in found:
                base_name = self.string(found["like"], f"{what}.like")
                if base_name not in raw or base_name == name:
                    raise self.error(found["like"], f"{what}: 'like' names no other ruling")
                base = self.mapping(raw[base_name], f"{rule_id}.rulings.{base_name}")
                if "like" in base:
                    raise self.error(found["like"], f"{what}: 'like' may not chain")
                found = {**base, **{k: v for k, v in found.items() if k != "like"}}
            result.append(self.ruling(name, raw[name], found, what, rulesets))
        return tuple(result)

    def rule(self, rule_id: str, node: yaml.Node, rulesets: Mapping[str, Ruleset]) -> Rule:
        found = self.mapping(node, rule_id)
        self.keys(node, found, _RULE_KEYS, rule_id)
        for key in ("section", "title", "summary", "sources"):
            if key not in found:
                raise self.error(node, f"{rule_id} has no {key!r}")
        section = self.enum(found["section"], Section, f"{rule_id}: section")
        is_b = section is Section.B
        for key in ("trigger", "rulings"):
            if is_b and key not in found:
                raise self.error(node, f"{rule_id} is in section B but has no {key!r}")
            if not is_b and key in found:
                raise self.error(found[key], f"{rule_id}: only section B rules have a {key!r}")
        sources = self.strings(found["sources"], f"{rule_id}.sources")
        if not sources:
            raise self.error(found["sources"], f"{rule_id} cites no sources")
        return Rule(
            id=rule_id,
            section=section,
            title=self.text(found["title"], f"{rule_id}.title"),
            summary=self.text(found["summary"], f"{rule_id}.summary"),
            keywords=self.words(found["keywords"], f"{rule_id}.keywords")
            if "keywords" in found
            else Words(),
            sources=sources,
            trigger=self.text(found["trigger"], f"{rule_id}.trigger") if is_b else None,
            rulings=self.rulings(rule_id, found["rulings"], rulesets) if is_b else (),
        )

    def book(self, node: yaml.Node) -> Rulebook:
        top = self.mapping(node, "the rulebook")
        self.keys(node, top, {"labels", "rulesets", "rules", "templates"}, "the rulebook")
        for key in ("labels", "rulesets", "rules"):
            if key not in top:
                raise self.error(node, f"the rulebook has no {key!r}")
        labels = {
            name: self.text(item, f"label {name}", strip=False)
            for name, item in self.mapping(top["labels"], "labels").items()
        }
        for name in required_labels():
            if name not in labels:
                raise self.error(top["labels"], f"label {name!r} is missing")
        rulesets: dict[str, Ruleset] = {}
        for name, item in self.mapping(top["rulesets"], "rulesets").items():
            found = self.mapping(item, f"ruleset {name}")
            self.keys(item, found, {"title", "fallback", "text"}, f"ruleset {name}")
            if "title" not in found or "text" not in found:
                raise self.error(item, f"ruleset {name} needs a title and a text")
            fallback_node = found.get("fallback")
            fallback = None
            if fallback_node is not None and fallback_node.tag != _TAG_NULL:
                fallback = self.string(fallback_node, f"ruleset {name}.fallback")
            title = self.text(found["title"], f"ruleset {name}.title")
            text = self.text(found["text"], f"ruleset {name}.text")
            rulesets[name] = Ruleset(name, title, fallback, text)
        for ruleset in rulesets.values():
            if ruleset.fallback is not None and ruleset.fallback not in rulesets:
                raise self.error(top["rulesets"], f"unknown fallback ruleset {ruleset.fallback!r}")
        rules: dict[str, Rule] = {}
        rules_node = top["rules"]
        if not isinstance(rules_node, yaml.MappingNode):
            raise self.error(rules_node, "rules must be a mapping")
        for key, item in rules_node.value:
            rule_id = self.string(key, "a rule ID")
            if not _ID.match(rule_id):
                raise self.error(key, f"rule ID {rule_id!r} is not like TURN-PREMATURE")
            if rule_id in rules:
                raise self.error(key, f"duplicate rule ID {rule_id}")
            rules[rule_id] = self.rule(rule_id, item, rulesets)
        return Rulebook(rules, rulesets, labels)


def _display(path: Path) -> str:
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def load(path: Path | None = None) -> Rulebook:
    """Read and check a rulebook file (the project's own by default; use ``book()`` for it)."""
    path = RULEBOOK_PATH if path is None else path
    where = _display(path)
    loader_class = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RulebookError(f"{where}:0: cannot read the rulebook: {error.strerror}") from None
    loader = loader_class(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark is not None else 0
        raise RulebookError(f"{where}:{line}: {error.problem or error}") from None
    finally:
        loader.dispose()
    if node is None:
        raise RulebookError(f"{where}:1: the rulebook is empty")
    return _Reader(where).book(node)


@functools.cache
def book() -> Rulebook:
    """The project's rulebook, loaded once."""
    return load()


# ---------------------------------------------------------------------------- look-ups


def id_form(query: str) -> str:
    """``"turn premature"`` or ``"turn_premature"`` -> ``"TURN-PREMATURE"``."""
    return re.sub(r"[\s_\-]+", "-", query.strip()).strip("-").upper()


def ids(section: Section | str | None = None) -> tuple[str, ...]:
    """Rule IDs in rulebook order, optionally of one section."""
    rules = book().rules.values()
    return tuple(r.id for r in rules if section is None or r.section == Section(section))


def rule(rule_id: str) -> Rule:
    """The rule with this ID (spaces or underscores allowed for hyphens, any case)."""
    try:
        return book().rules[id_form(rule_id)]
    except KeyError:
        raise KeyError(f"no rule {rule_id!r}") from None


_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    ("a", "an", "the", "of", "to", "in", "on", "by", "is", "are", "was", "for", "with", "and",
     "or", "it", "its", "at", "be", "as", "from")
)  # fmt: skip
_IRREGULAR = {"dealt": "deal", "burnt": "burn", "fourth": "four", "3rd": "third"}
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


def _stems(text: str) -> list[str]:
    return [stem(word) for word in _WORD.findall(text.casefold()) if word not in _STOP]


def _grams(run: str) -> list[str]:
    return [run] if len(run) < 2 else [run[i : i + 2] for i in range(len(run) - 1)]


@dataclass(frozen=True, slots=True)
class _Field:
    weight: float
    lang: Lang
    text: str
    stems: frozenset[str]


_STRONG, _WEAK = 3.0, 1.0


def _fields(rule: Rule, ruleset: str | None) -> tuple[_Field, ...]:
    # The ID's own words weigh a little more, so "misdeal" finds MISDEAL-REDEAL first.
    texts: list[tuple[float, Lang, str]] = [(_STRONG + 0.5, Lang.EN, rule.id.replace("-", " "))]
    for lang in Lang:
        texts.append((_STRONG, lang, rule.title.get(lang)))
        texts.extend((_STRONG, lang, keyword) for keyword in rule.keywords.get(lang))
        texts.append((_WEAK, lang, rule.summary.get(lang)))
        if rule.trigger is not None:
            texts.append((_WEAK, lang, rule.trigger.get(lang)))
        if ruleset is not None and rule.rulings:
            texts.append((_WEAK, lang, rule.ruling(ruleset).summary.get(lang)))
    return tuple(
        _Field(weight, lang, text, frozenset(_stems(text)) if lang is Lang.EN else frozenset())
        for weight, lang, text in texts
    )


@functools.cache
def _index(ruleset: str | None) -> tuple[tuple[str, tuple[_Field, ...]], ...]:
    return tuple((r.id, _fields(r, ruleset)) for r in book().rules.values())


def _score(fields: Sequence[_Field], words: Sequence[str], phrase: str, runs: Sequence[str],
           lang: Lang | None) -> float:  # fmt: skip
    def weight(field: _Field) -> float:
        return field.weight * (1.1 if field.lang == lang else 1.0)

    total = len(words) + len(runs)
    score = covered = 0.0
    for word in words:
        best = max((weight(f) for f in fields if word in f.stems), default=0.0)
        score += best
        covered += best > 0
    zh = [f for f in fields if f.lang is not Lang.EN]
    for run in runs:
        grams = _grams(run)
        hits = [max((weight(f) for f in zh if g in f.text), default=0.0) for g in grams]
        score += sum(hits) / len(grams)
        covered += sum(hit > 0 for hit in hits) / len(grams)
        # A whole run found as written beats scattered bigrams.
        score += max((weight(f) / 2 for f in zh if run in f.text), default=0.0)
    if phrase and len(words) > 1:
        score += max((weight(f) for f in fields if phrase in f.text.casefold()), default=0.0)
    return score * covered / total if total else 0.0


def find(query: str, lang: Lang | str | None = None, ruleset: str | None = None) -> list[Match]:
    """Rules for a query, best first: an exact ID, then by words in any language.

    ``ruleset`` also searches that ruleset's ruling summaries; ``lang`` favours that language.
    """
    rules = book().rules
    if ruleset is not None and ruleset not in book().rulesets:
        raise KeyError(f"unknown ruleset {ruleset!r}")
    hint = None if lang is None else Lang(lang)
    exact = id_form(query)
    matches = [Match(exact, 100.0, exact=True)] if exact in rules else []
    words = _stems(query)
    runs = _CJK.findall(query)
    phrase = " ".join(_WORD.findall(query.casefold()))
    scored = []
    for position, (rule_id, fields) in enumerate(_index(ruleset)):
        if rule_id == exact:
            continue
        score = _score(fields, words, phrase, runs, hint)
        if score > 0:
            scored.append((-score, position, rule_id))
    scored.sort()
    matches.extend(Match(rule_id, round(-neg, 3)) for neg, _, rule_id in scored)
    return matches


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
