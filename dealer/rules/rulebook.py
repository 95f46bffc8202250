"""The rulebook: every rule and ruling of RULES.md, loaded from ``procedures/rulebook.yaml``.

The YAML file is the single source of truth for the rulings' own texts (titles, summaries, what
becomes of each card, the steps); the words around them (headings, a verb's step, a card's fate)
are messages of ``procedures/texts`` (:mod:`dealer.rules.texts`). This module loads the rulebook
(safely, once), checks it and answers look-ups by ID (search by words is ``dealer.rules.search``).

>>> rule("turn premature").title.get(Lang.ZH_HANT)
'轉牌過早'
>>> [step.do.value for step in rule("TURN-PREMATURE").ruling("wsop-2024").steps][:3]
['finish-round', 'shuffle', 'turn']
"""

from __future__ import annotations

import pickle
import re
from collections.abc import Iterator, Mapping
from enum import StrEnum
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple, TypeVar

from dealer.core.errors import DataError, did_you_mean
from dealer.core.roles import Role
from dealer.core.steps import BOARD_VERBS, Verb
from dealer.rules.cache import dumps, kept
from dealer.rules.data import PROCEDURES, shown
from dealer.rules.nodes import Items, Node
from dealer.rules.record import Record, setfield
from dealer.rules.texts import Lang as Lang  # re-exported: the language of every text
from dealer.rules.texts import template

RULEBOOK_PATH = PROCEDURES / "rulebook.yaml"


_E = TypeVar("_E", bound=StrEnum)


# The rulebook file is malformed: the one data-error class, ``path:LINE: what is wrong``.
RulebookError = DataError


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
    # ruled on by its own rule, as noticed late (HOLE-EXPOSED-MULTIPLE after substantial action)
    RULED_ON_ITS_OWN = "ruled-on-its-own"


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
    """A ruling's other paths, each a ruling of its own; the value is the YAML key and the message
    ID of its heading."""

    # Once substantial action has taken place, where the remedy differs (RULES.md §B, LA 105).
    AFTER_SUBSTANTIAL_ACTION = "after-substantial-action"
    # More than four cards out on the flop (FLOP-TOO-MANY, LA 163).
    MORE_THAN_FOUR_CARDS = "more-than-four-cards"
    # A second burn before the flop, no flop card exposed (BURN-MISSED-FLOP, LA 164).
    SECOND_BURN = "second-burn"
    # The flop laid out face down without its burn, no card exposed (BURN-MISSED-FLOP, LA 164).
    FACE_DOWN = "face-down"
    # Noticed only after a player acted on the card concerned (NOTICED-LATE; LA 115, LA 165).
    ACTED_ON = "acted-on"
    # Two burns before the flop, found once the flop is out, before action on it (LA 164).
    SECOND_BURN_EXPOSED = "second-burn-exposed"
    # The turn or river turned without the burn a ruling held for it (SEEN-CARD-STAYS-OUT).
    HELD_BURN = "held-burn"
    # Dealt or found after the first pre-flop action (DEAL-EXTRA-ONE under wsop-2024, LA 104, 118).
    AFTER_FIRST_ACTION = "after-first-action"
    # The card owed no longer reaches the player in proper sequence (DEAL-SHORT, LA 104).
    OUT_OF_SEQUENCE = "out-of-sequence"
    # The extra card no longer told apart, or the flop burn taken (DEAL-EXTRA-ONE under seed,
    # fallback LA 104), before and after substantial action (LA 105, LA 106).
    WRONG_NUMBER = "wrong-number"
    WRONG_NUMBER_AFTER_SA = "wrong-number-after-sa"


# The messages (procedures/texts) floor.py needs besides one per Fate, ChipFate, Branch and remedy
# verb (tests/test_texts.py holds them all present).
HEADING_LABELS = (
    "ruleset", "fallback", "fallback-yes", "fallback-no", "colon", "section", "summary", "rule",
    "trigger", "cards", "chips", "steps", "no-steps", "conditions", "sources", "other-rulesets",
    "same", "differs", "no-ruling", "section-A", "section-betting", "section-B", "section-C",
    "section-definitions", "trace-004-errors", "trace-la-rule", "trace-tr-rule", "trace-la-part",
    "trace-tr-part", "trace-000", "trace-004",
)  # fmt: skip


def required_labels() -> tuple[str, ...]:
    """Every message ID the rulebook's rendering needs from ``procedures/texts``."""
    return (
        *HEADING_LABELS,
        *(branch.value for branch in Branch),
        *(f"fate-{fate}" for fate in Fate),
        *(f"chips-{chips}" for chips in ChipFate),
        *(f"do-{verb}" for verb in sorted(REMEDY_VERBS)),
        *(f"do-{verb}-noburn" for verb in sorted(BOARD_VERBS)),
    )


# The records below are frozen (dealer.rules.record, not @dataclass: cheaper to import).


class Text(Record):
    """One text in the three languages; a missing translation falls back to English."""

    __match_args__ = ("en", "zh_hans", "zh_hant")
    __slots__ = __match_args__
    en: str
    zh_hans: str | None
    zh_hant: str | None

    def __init__(self, en: str, zh_hans: str | None = None, zh_hant: str | None = None) -> None:
        setfield(self, "en", en)
        setfield(self, "zh_hans", zh_hans)
        setfield(self, "zh_hant", zh_hant)

    def get(self, lang: Lang | str = Lang.EN) -> str:
        value = {Lang.ZH_HANS: self.zh_hans, Lang.ZH_HANT: self.zh_hant}.get(Lang(lang))
        return value if value is not None else self.en

    def missing(self) -> tuple[Lang, ...]:
        """The languages without their own text."""
        pairs = ((Lang.ZH_HANS, self.zh_hans), (Lang.ZH_HANT, self.zh_hant))
        return tuple(lang for lang, value in pairs if value is None)

    def all(self) -> tuple[str, ...]:
        return tuple(value for value in (self.en, self.zh_hans, self.zh_hant) if value is not None)


class Words(Record):
    """Search keywords per language."""

    __match_args__ = ("en", "zh_hans", "zh_hant")
    __slots__ = __match_args__
    en: tuple[str, ...]
    zh_hans: tuple[str, ...]
    zh_hant: tuple[str, ...]

    def __init__(
        self,
        en: tuple[str, ...] = (),
        zh_hans: tuple[str, ...] = (),
        zh_hant: tuple[str, ...] = (),
    ) -> None:
        setfield(self, "en", en)
        setfield(self, "zh_hans", zh_hans)
        setfield(self, "zh_hant", zh_hant)

    def get(self, lang: Lang | str) -> tuple[str, ...]:
        return {Lang.EN: self.en, Lang.ZH_HANS: self.zh_hans, Lang.ZH_HANT: self.zh_hant}[
            Lang(lang)
        ]


class CardFate(Record):
    """What becomes of one affected card (``card`` names it in English, e.g. "turn burn")."""

    __match_args__ = ("card", "fate", "text")
    __slots__ = __match_args__
    card: Role
    fate: Fate
    text: Text

    def __init__(self, card: Role, fate: Fate, text: Text) -> None:
        setfield(self, "card", card)
        setfield(self, "fate", fate)
        setfield(self, "text", text)


class Step(Record):
    """One step the dealer owes. ``burn=False`` on a board card: dealt without a burn."""

    __match_args__ = ("do", "text", "burn", "card")
    __slots__ = __match_args__
    do: Verb
    text: Text | None
    burn: bool | None
    card: Role | None

    def __init__(
        self,
        do: Verb,
        text: Text | None = None,
        burn: bool | None = None,
        card: Role | None = None,
    ) -> None:
        setfield(self, "do", do)
        setfield(self, "text", text)
        setfield(self, "burn", burn)
        setfield(self, "card", card)


_NO_BRANCHES: Mapping[str, Ruling] = MappingProxyType({})


class Ruling(Record):
    """One rule's remedy under one ruleset: what the dealer does with each card and the chips,
    the steps owed, and its branches (the remedy once substantial action has taken place...)."""

    __match_args__ = ("ruleset", "fallback", "summary", "cards", "chips", "steps", "conditions",
                      "sources", "branches")  # fmt: skip
    __slots__ = __match_args__
    # Left out of the hash: a mapping is not hashable, and equal rulings still hash alike.
    unhashed = ("branches",)
    ruleset: str
    fallback: bool
    summary: Text
    cards: tuple[CardFate, ...]
    chips: ChipFate
    steps: tuple[Step, ...]
    conditions: Text | None
    sources: tuple[str, ...]
    # Other paths by ``Branch`` value, in ``Branch`` order; a branch has no branches of its own.
    branches: Mapping[str, Ruling]

    def __init__(
        self,
        ruleset: str,
        fallback: bool,
        summary: Text,
        cards: tuple[CardFate, ...],
        chips: ChipFate,
        steps: tuple[Step, ...],
        conditions: Text | None,
        sources: tuple[str, ...],
        branches: Mapping[str, Ruling] = _NO_BRANCHES,
    ) -> None:
        setfield(self, "ruleset", ruleset)
        setfield(self, "fallback", fallback)
        setfield(self, "summary", summary)
        setfield(self, "cards", cards)
        setfield(self, "chips", chips)
        setfield(self, "steps", steps)
        setfield(self, "conditions", conditions)
        setfield(self, "sources", sources)
        setfield(self, "branches", branches)

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


class Rule(Record):
    """One rule of RULES.md: its ID, section, texts, keywords, sources and its rulings (one per
    published ruleset, section B only)."""

    __match_args__ = ("id", "section", "title", "summary", "keywords", "sources", "trigger",
                      "rulings")  # fmt: skip
    __slots__ = __match_args__
    id: str
    section: Section
    title: Text
    summary: Text
    keywords: Words
    sources: tuple[str, ...]
    trigger: Text | None
    rulings: tuple[Ruling, ...]

    def __init__(
        self,
        id: str,
        section: Section,
        title: Text,
        summary: Text,
        keywords: Words,
        sources: tuple[str, ...],
        trigger: Text | None = None,
        rulings: tuple[Ruling, ...] = (),
    ) -> None:
        setfield(self, "id", id)
        setfield(self, "section", section)
        setfield(self, "title", title)
        setfield(self, "summary", summary)
        setfield(self, "keywords", keywords)
        setfield(self, "sources", sources)
        setfield(self, "trigger", trigger)
        setfield(self, "rulings", rulings)

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


class RulesetEntry(Record):
    """A published ruleset as the rulebook names it (its title, text and fallback ruleset)."""

    __match_args__ = ("name", "title", "fallback", "text")
    __slots__ = __match_args__
    name: str
    title: Text
    fallback: str | None
    text: Text

    def __init__(self, name: str, title: Text, fallback: str | None, text: Text) -> None:
        setfield(self, "name", name)
        setfield(self, "title", title)
        setfield(self, "fallback", fallback)
        setfield(self, "text", text)


class Rulebook(Record):
    """Every rule by ID and every published ruleset by name."""

    __match_args__ = ("rules", "rulesets")
    __slots__ = __match_args__
    __eq__ = object.__eq__  # one book: the same only as itself
    __hash__ = object.__hash__
    rules: Mapping[str, Rule]
    rulesets: Mapping[str, RulesetEntry]

    def __init__(self, rules: Mapping[str, Rule], rulesets: Mapping[str, RulesetEntry]) -> None:
        setfield(self, "rules", rules)
        setfield(self, "rulesets", rulesets)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with each rule on its own (:class:`_KeptRules`): a start that reads the book
        back from its kept copy reads only the rules it asks for."""
        rules = self.rules
        kept_rules = rules if isinstance(rules, _KeptRules) else _KeptRules.of(rules)
        return (Rulebook, (kept_rules, self.rulesets))

    def label(self, key: str, lang: Lang | str = Lang.EN) -> str:
        """The message ``key`` of ``procedures/texts``, unfilled (``dealer.rules.texts.template``):
        the words the rulings are rendered with (a verb's step, the seat a step names)."""
        return template(key, lang)

    def step_text(self, step: Step, lang: Lang | str = Lang.EN) -> str:
        """The step's own words, else the verb's label (``... without a burn`` where so marked)."""
        if step.text is not None:
            return step.text.get(lang)
        noburn = step.do in BOARD_VERBS and step.burn is False
        return self.label(f"do-{step.do}-noburn" if noburn else f"do-{step.do}", lang)


class _KeptRules(Mapping[str, Rule]):
    """The rules by ID, each kept as its own pickled bytes and read back when first asked for
    (in the rulebook's order, like the dict it stands for)."""

    __slots__ = ("_read", "kept")

    def __init__(self, kept_rules: dict[str, bytes]) -> None:
        self.kept = kept_rules
        self._read: dict[str, Rule] = {}

    @classmethod
    def of(cls, rules: Mapping[str, Rule]) -> _KeptRules:
        return cls({rule_id: dumps(entry) for rule_id, entry in rules.items()})

    def __getitem__(self, rule_id: str) -> Rule:
        found = self._read.get(rule_id)
        if found is None:
            found = self._read[rule_id] = pickle.loads(self.kept[rule_id])
        return found

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self.kept

    def __iter__(self) -> Iterator[str]:
        return iter(self.kept)

    def __len__(self) -> int:
        return len(self.kept)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_KeptRules, (self.kept,))


# ---------------------------------------------------------------------------- loading

_ID = re.compile(r"^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*$")
_RULE_KEYS = {"section", "title", "summary", "keywords", "sources", "trigger", "rulings"}
_BRANCH_KEYS = {"fallback", "summary", "cards", "chips", "steps", "conditions", "sources"}
_RULING_KEYS = _BRANCH_KEYS | {"like"} | {branch.value for branch in Branch}


class _At(NamedTuple):  # a named tuple: made for every value, and cheap to make
    """A value of the rulebook as the one YAML reader (:mod:`dealer.rules.source`) gives it, with
    the line it starts on."""

    value: Any
    line: int


class _RulebookReader:
    """Turns the rulebook's YAML values into typed records, naming the line of every error."""

    def __init__(self, where: str) -> None:
        self.where = where

    def error(self, node: _At, message: str) -> DataError:
        return DataError(self.where, node.line, message)

    def mapping(self, node: _At, what: str) -> dict[str, _At]:
        """A mapping's keys and values (``<<`` merges are the reader's: explicit keys win)."""
        if not isinstance(node.value, Node):
            raise self.error(node, f"{what} must be a mapping")
        found: dict[str, _At] = {}
        mapping = node.value
        for key, value in mapping.items():
            if isinstance(key, str) and key == key.strip() and key:
                name = key
            else:
                name = self.string(_At(key, mapping.line_of(key)), f"a key in {what}")
            line = value.line if isinstance(value, Node | Items) else mapping.line_of(key)
            found[name] = _At(value, line)
        return found

    def key_line(self, node: _At, key: str) -> int:
        return node.value.line_of(key) if isinstance(node.value, Node) else node.line

    def keys(self, node: _At, found: Mapping[str, _At], allowed: set[str],
             what: str) -> None:  # fmt: skip
        for name in found:
            if name not in allowed:
                hint = did_you_mean(name, sorted(allowed))
                raise self.error(node, f"unknown key {name!r} in {what}{hint}")

    def sequence(self, node: _At, what: str) -> list[_At]:
        if not isinstance(node.value, Items):
            raise self.error(node, f"{what} must be a list")
        items = node.value
        return [_At(value, items.line_at(index)) for index, value in enumerate(items)]

    def string(self, node: _At, what: str) -> str:
        value = node.value
        if value is None or isinstance(value, bool | Node | Items):
            raise self.error(node, f"{what} must be text")
        text = str(value)
        if not text.strip():
            raise self.error(node, f"{what} is empty")
        return text.strip()

    def boolean(self, node: _At, what: str) -> bool:
        if not isinstance(node.value, bool):
            raise self.error(node, f"{what} must be true or false")
        return node.value

    def enum(self, node: _At, kind: type[_E], what: str) -> _E:
        value = self.string(node, what)
        try:
            return kind(value)
        except ValueError:
            allowed = ", ".join(member.value for member in kind)
            raise self.error(node, f"{what} {value!r} is not one of: {allowed}") from None

    def text(self, node: _At, what: str) -> Text:
        found = self.mapping(node, what)
        self.keys(node, found, {lang.value for lang in Lang}, what)
        if "en" not in found:
            raise self.error(node, f"{what} has no English (en) text")
        values = {name: self.string(item, f"{what}.{name}") for name, item in found.items()}
        return Text(values["en"], values.get(Lang.ZH_HANS), values.get(Lang.ZH_HANT))

    def strings(self, node: _At, what: str) -> tuple[str, ...]:
        return tuple(self.string(item, what) for item in self.sequence(node, what))

    def words(self, node: _At, what: str) -> Words:
        found = self.mapping(node, what)
        self.keys(node, found, {lang.value for lang in Lang}, what)
        got = {name: self.strings(item, f"{what}.{name}") for name, item in found.items()}
        return Words(got.get("en", ()), got.get(Lang.ZH_HANS, ()), got.get(Lang.ZH_HANT, ()))

    def card(self, node: _At, what: str) -> CardFate:
        found = self.mapping(node, what)
        self.keys(node, found, {"card", "fate", "text"}, what)
        for key in ("card", "fate", "text"):
            if key not in found:
                raise self.error(node, f"{what} has no {key!r}")
        card = self.enum(found["card"], Role, f"{what}: card role")
        fate = self.enum(found["fate"], Fate, f"{what}: card fate")
        return CardFate(card, fate, self.text(found["text"], f"{what}.text"))

    def step(self, node: _At, what: str, cards: set[Role]) -> Step:
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

    def ruling(
        self,
        name: str,
        node: _At,
        found: Mapping[str, _At],
        what: str,
        rulesets: Mapping[str, RulesetEntry],
        inherit: bool | None = None,
    ) -> Ruling:
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

    def rulings(self, rule_id: str, node: _At,
                rulesets: Mapping[str, RulesetEntry]) -> tuple[Ruling, ...]:  # fmt: skip
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

    def rule(self, rule_id: str, node: _At, rulesets: Mapping[str, RulesetEntry]) -> Rule:
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

    def book(self, node: _At) -> Rulebook:
        top = self.mapping(node, "the rulebook")
        self.keys(node, top, {"rulesets", "rules", "templates"}, "the rulebook")
        for key in ("rulesets", "rules"):
            if key not in top:
                raise self.error(node, f"the rulebook has no {key!r}")
        rulesets: dict[str, RulesetEntry] = {}
        for name, item in self.mapping(top["rulesets"], "rulesets").items():
            found = self.mapping(item, f"ruleset {name}")
            self.keys(item, found, {"title", "fallback", "text"}, f"ruleset {name}")
            if "title" not in found or "text" not in found:
                raise self.error(item, f"ruleset {name} needs a title and a text")
            fallback_node = found.get("fallback")
            fallback = None
            if fallback_node is not None and fallback_node.value is not None:
                fallback = self.string(fallback_node, f"ruleset {name}.fallback")
            title = self.text(found["title"], f"ruleset {name}.title")
            text = self.text(found["text"], f"ruleset {name}.text")
            rulesets[name] = RulesetEntry(name, title, fallback, text)
        for ruleset in rulesets.values():
            if ruleset.fallback is not None and ruleset.fallback not in rulesets:
                raise self.error(top["rulesets"], f"unknown fallback ruleset {ruleset.fallback!r}")
        rules: dict[str, Rule] = {}
        rules_node = top["rules"]
        for rule_id, item in self.mapping(rules_node, "rules").items():
            if not _ID.match(rule_id):
                line = self.key_line(rules_node, rule_id)
                raise DataError(self.where, line, f"rule ID {rule_id!r} is not like TURN-PREMATURE")
            rules[rule_id] = self.rule(rule_id, item, rulesets)
        return Rulebook(rules, rulesets)


def _display(path: Path) -> str:
    return shown(path)


def load(path: Path | None = None) -> Rulebook:
    """Read and check a rulebook file (the project's own by default; use ``book()`` for it)."""
    from dealer.rules.source import load_file  # the YAML reader, only when the data are read

    path = RULEBOOK_PATH if path is None else path
    where = _display(path)
    doc = load_file(path, where)
    return _RulebookReader(where).book(_At(doc, doc.line if isinstance(doc, Node) else 1))


@kept("rulebook")
def book() -> Rulebook:
    """The project's rulebook, loaded once (and kept between runs: :mod:`dealer.rules.cache`)."""
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
