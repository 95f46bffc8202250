"""The guided ``dealer ask``: a ruling for the table in front of the floor, without a file.

A few numbered questions (the game and the seats, the street, what the dealer did, which card,
the action so far) are turned into a scenario held in memory, which is replayed through the same
engine as ``dealer ask FILE``; the answer is that command's (``dealer.apps.floor.ask``). No
ruling is decided here.

The real cards can be named: the hand is played once from a fixed deck order to find where the
cards the mishap concerns lie in it, the named cards are swapped into those places, and the hand
is played again, so the answer talks about the cards on the real table.

>>> ruled = build(Answers("no-limit", 3, 3, "turn-early", cards=("Kh",))).hand.rulings[-1]
>>> ruled.rule_id, [str(card) for card in ruled.cards["premature turn card"]]
('TURN-PREMATURE', ['Kh'])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dealer.core.cards import Card, CardError, full_deck, parse_cards
from dealer.core.errors import did_you_mean
from dealer.core.roles import Role
from dealer.core.ruleset import Ruleset
from dealer.core.steps import parse_step
from dealer.engine.hand import Hand
from dealer.engine.procedure import procedure
from dealer.rules.data import PROCEDURES, shown
from dealer.rules.rulebook import Lang
from dealer.rules.rulesets import load_ruleset
from dealer.rules.source import Node, SourceError, check_keys, load_file
from dealer.rules.texts import message
from dealer.scenarios.format import scenario_from_text
from dealer.scenarios.replay import passive_action, replay

GAMES = ("no-limit", "limit", "pot-limit")
STREETS = ("deal", "flop", "turn", "river", "deck")
MAX_PLAYERS = 9


@dataclass(frozen=True, slots=True)
class Situation:
    """One thing the dealer can have done: where the hand stops, the mishap, the card's role."""

    key: str
    street: str
    label: str  # message ID of the choice
    state: str  # the state the hand is brought to before it happens
    mishap: str  # the scenario's mishap ({seat} filled in)
    role: Role | None  # the role the engine gives the cards it concerns
    cards: int  # how many cards it concerns
    actions: bool = False  # whether players may have acted in the round before it happened
    burn_first: bool = False  # a burn is made before the mishap (a second burn)
    at: str | None = None  # during the deal: at which card it happens (see situations.yaml)
    ask: str | None = None  # the message ID of the question naming the seat or the card
    slip: str | None = None  # the trainer's slip that makes it happen in a dealt hand


SITUATIONS_FILE = PROCEDURES / "situations.yaml"
_KEYS = (
    "street",
    "label",
    "state",
    "mishap",
    "role",
    "cards",
    "actions",
    "burn_first",
    "at",
    "ask",
    "slip",
)
_AT = ("place", "first", "second", "last", "seat")
_REQUIRED = ("street", "label", "state", "mishap", "cards")


def _situation(key: str, node: Any, states: Collection[str]) -> Situation:
    """One entry of ``procedures/situations.yaml``, checked against the procedure it plays."""
    if not isinstance(node, Node):
        raise SourceError(shown(SITUATIONS_FILE), 1, f"{key}: expected a mapping")
    check_keys(node, _KEYS, f"situation {key}")
    for name in _REQUIRED:
        if name not in node:
            raise node.error(next(iter(node), name), f"situation {key}: missing {name!r}")
    if node["street"] not in STREETS:
        raise node.error("street", f"situation {key}: street is one of {', '.join(STREETS)}")
    if node["state"] not in states:
        known = did_you_mean(node["state"], states)
        raise node.error("state", f"situation {key}: no state {node['state']!r}{known}")
    try:
        role = Role(node["role"]) if "role" in node else None
    except ValueError:
        known = did_you_mean(node["role"], [role.value for role in Role])
        raise node.error("role", f"situation {key}: no card role {node['role']!r}{known}") from None
    cards, flags = node["cards"], (node.get("actions", False), node.get("burn_first", False))
    if not isinstance(cards, int) or isinstance(cards, bool) or not 0 <= cards <= 5:
        raise node.error("cards", f"situation {key}: cards is a whole number from 0 to 5")
    if not all(isinstance(flag, bool) for flag in flags):
        raise node.error(key, f"situation {key}: actions and burn_first are true or false")
    if node.get("at") is not None and node["at"] not in _AT:
        raise node.error("at", f"situation {key}: at is one of {', '.join(_AT)}")
    text = (str(node["label"]), str(node["state"]), str(node["mishap"]))
    at, asked, slip = node.get("at"), node.get("ask"), node.get("slip")
    return Situation(key, str(node["street"]), *text, role, cards, *flags, at, asked, slip)


def _load() -> tuple[Situation, ...]:
    doc = load_file(SITUATIONS_FILE, shown(SITUATIONS_FILE))
    if not isinstance(doc, Node):
        raise SourceError(shown(SITUATIONS_FILE), 1, "expected a mapping of situations")
    states = procedure().states
    return tuple(_situation(str(key), node, states) for key, node in doc.items())


MISHAPS = _load()
BY_KEY = {mishap.key: mishap for mishap in MISHAPS}


@dataclass(frozen=True, slots=True)
class Answers:
    game: str
    players: int
    button: int
    mishap: str  # a key of MISHAPS
    place: int = 1  # exposed: which card of the deal; extra: the seat that got it
    cards: tuple[str, ...] = ()  # the real cards, as named
    actions: int = 0  # players who had acted in the round before it happened


@dataclass(frozen=True, slots=True)
class Built:
    scenario: str  # the scenario's YAML text
    hand: Hand


class GuidedError(ValueError):
    """An answer that does not fit its question (the message is in the user's language)."""


# ---------------------------------------------------------------------------- the scenario


_ORDER = tuple(random.Random(13).sample(full_deck(), 52))  # any fixed order: cards get swapped in


def _text(answers: Answers, steps: Sequence[str], deck: Sequence[Card]) -> str:
    blinds = "bets: [2, 4]\n  blinds: [1, 2]" if answers.game == "limit" else "blinds: [1, 2]"
    seats = ", ".join(f"{seat}: 100" for seat in range(1, answers.players + 1))
    lines = [
        "scenario: guided ask",
        "table:",
        f"  game: {answers.game}",
        f"  {blinds}",
        f"  button: {answers.button}",
        f"  seats: {{{seats}}}",
        "deck:",
        f'  stacked: "{" ".join(map(str, deck))}"',
        "steps:",
        *(
            f'  - "{step}"' if not step.startswith("mishap:") else f"  - {{{step}}}"
            for step in steps
        ),
    ]
    return "\n".join(lines) + "\n"


def _play(answers: Answers, steps: Sequence[str], deck: Sequence[Card], rules: Ruleset) -> Built:
    text = _text(answers, steps, deck)
    result = replay(scenario_from_text(text, "guided-ask.yaml", rules), keep_hand=True)
    if result.failure is not None or result.hand is None:
        raise GuidedError(f"guided-ask.yaml: the hand cannot be played: {result.failure}")
    return Built(text, result.hand)


def _steps(answers: Answers, rules: Ruleset, lang: Lang = Lang.EN) -> list[str]:
    """The steps up to and including the mishap, found by playing the hand forward."""
    mishap = BY_KEY[answers.mishap]
    steps = ["post", "shuffle", "cut"]
    hand = _play(answers, steps, _ORDER, rules).hand

    def do(step: Any) -> None:
        steps.append(str(step))
        hand.apply(step)

    if mishap.at is not None:  # during the deal, at the card it names
        happened = _during_deal(answers, mishap, hand, do, lang)  # deals first: steps grows
        return [*steps, *happened]
    while hand.state != mishap.state:
        step = hand.next_dealer_step()
        do(step if step is not None else passive_action(hand))
    for _ in range(answers.actions if mishap.actions else 0):
        do(passive_action(hand))
    if mishap.burn_first:
        do(parse_step("burn"))
    card = answers.cards[0] if answers.cards else str(_ORDER[0])  # duplicate: the card seen twice
    following = answers.place % answers.players + 1
    fields = {"seat": answers.place, "card": card, "next": following}
    return [*steps, *(f"mishap: {part.strip()}" for part in _fill(mishap.mishap, fields))]


def _fill(template: str, fields: Mapping[str, object]) -> list[str]:
    """A situation's mishap, its fields filled in: one step, or several separated by ";"."""
    return [part.format(**fields) for part in template.split(";")]


def _pitch_seat(hand: Hand) -> int:
    """The seat the next card of the deal goes to."""
    step = hand.next_dealer_step()
    if step is None or step.seat is None:
        raise RuntimeError(f"the deal is over: {hand.expected()}")  # a bug: situations stop sooner
    return step.seat


def _during_deal(
    answers: Answers, mishap: Situation, hand: Hand, do: Callable[[Any], None], lang: Lang
) -> list[str]:
    """The deal played to the card the situation names, then the mishap in its place: the seat
    due then is {seat}, the one after it {after}, the one just dealt to {previous}, and the first
    empty seat {empty}."""
    dealt = {"first": 0, "second": 1, "last": 2 * answers.players - 1}.get(str(mishap.at))
    previous: int | None
    if mishap.at == "place":
        dealt = answers.place - 1
    previous = None
    if mishap.at == "seat":  # the named seat's card of the first round
        while _pitch_seat(hand) != answers.place:
            previous = _pitch_seat(hand)
            do(hand.next_dealer_step())
    else:
        for _ in range(dealt or 0):
            previous = _pitch_seat(hand)
            do(hand.next_dealer_step())
    due = _pitch_seat(hand)
    if answers.players >= MAX_PLAYERS and "{empty}" in mishap.mishap:
        raise GuidedError(message("guided-no-empty-seat", lang, players=answers.players))
    fields = {"seat": due, "after": due % answers.players + 1, "previous": previous or due,
              "empty": answers.players + 1, "card": ""}  # fmt: skip
    return [f"mishap: {part.strip()}" for part in _fill(mishap.mishap, fields)]


def build(answers: Answers, ruleset: str = "seed", lang: Lang = Lang.EN) -> Built:
    """The hand the answers describe, replayed to the mishap, with the named cards in place."""
    rules = load_ruleset(ruleset)
    steps = _steps(answers, rules, lang)
    first = _play(answers, steps, _ORDER, rules)
    named = parse_cards(" ".join(answers.cards)) if answers.cards else ()
    if not named or not first.hand.rulings:
        return first
    role = BY_KEY[answers.mishap].role
    dealt = first.hand.rulings[-1].cards.get(role, ()) if role is not None else ()
    deck = list(_ORDER)
    for real, stand_in in zip(named, dealt, strict=False):
        here, there = deck.index(stand_in), deck.index(real)
        deck[here], deck[there] = deck[there], deck[here]
    if steps[-1] in ("mishap: turn", "mishap: river"):
        steps = [*steps[:-1], f"{steps[-1]} {named[0]}"]  # the replay checks the card turned
    return _play(answers, steps, deck, rules)


# ---------------------------------------------------------------------------- the questions


@dataclass(frozen=True, slots=True)
class Prompt:
    key: str  # message ID of the question
    choices: tuple[str, ...] = ()  # message IDs of numbered choices; none: a number or cards
    low: int = 0
    high: int = 0
    cards: int = 0  # how many cards may be named (a card question)
    fields: dict[str, object] = field(default_factory=dict)

    def text(self, lang: Lang) -> str:
        return message(self.key, lang, low=self.low, high=self.high, count=self.cards,
                       **self.fields)  # fmt: skip

    def read(self, answer: str, lang: Lang) -> int | tuple[str, ...]:
        """The answer as a number (choices count from 1) or as card codes."""
        answer = answer.strip()
        if self.cards:
            if answer in ("", "-"):
                return ()
            try:
                cards = parse_cards(answer.replace(",", " "))
            except CardError:
                raise GuidedError(message("hint-cards", lang, count=self.cards)) from None
            if len(cards) > self.cards or len(set(cards)) != len(cards):
                raise GuidedError(message("hint-cards", lang, count=self.cards))
            return tuple(str(card) for card in cards)
        low, high = (1, len(self.choices)) if self.choices else (self.low, self.high)
        if not answer.isdigit() or not low <= int(answer) <= high:
            raise GuidedError(message("hint-number", lang, low=low, high=high))
        return int(answer)


Asker = Callable[[Prompt], "int | tuple[str, ...]"]


def interview(ask: Asker, lang: Lang = Lang.EN) -> Answers:
    """The questions in order, each asked once; later ones depend on earlier answers."""

    def number(question: Prompt) -> int:
        value = ask(question)
        assert isinstance(value, int)
        return value

    game = GAMES[number(Prompt("q-game", tuple(f"game-{g}" for g in GAMES))) - 1]
    players = number(Prompt("q-players", low=2, high=MAX_PLAYERS))
    button = number(Prompt("q-button", low=1, high=players))
    street = STREETS[number(Prompt("q-street", tuple(f"street-{s}" for s in STREETS))) - 1]
    options = [m for m in MISHAPS if m.street == street]
    mishap = options[number(Prompt("q-did", tuple(m.label for m in options))) - 1]
    place = 1
    if mishap.key == "exposed":
        place = number(Prompt("q-place", low=1, high=2 * players))
    elif mishap.ask is not None:  # the seat it concerns, named by the floor
        place = number(Prompt(mishap.ask, low=1, high=players))
    elif mishap.key == "button":
        place = number(Prompt("q-right-button", low=1, high=players))
        if place == button:
            raise GuidedError(message("button-same", lang, seat=button))
    cards: int | tuple[str, ...] = ()
    if mishap.cards:
        cards = ask(Prompt("q-cards", cards=mishap.cards))
    assert isinstance(cards, tuple)
    actions = 0
    if mishap.actions:
        actions = number(Prompt("q-actions", low=0, high=players - 1))
    return Answers(game, players, button, mishap.key, place, cards, actions)


def scripted(line: str, lang: Lang) -> Asker:
    """An asker that takes the answers from one line (``--answers``), separated by commas."""
    given = [part.strip() for part in line.replace(";", ",").split(",")]
    position = 0

    def ask(question: Prompt) -> int | tuple[str, ...]:
        nonlocal position
        position += 1
        if position > len(given):
            raise GuidedError(
                message("answers-missing", lang, number=position, question=question.text(lang))
            )
        try:
            return question.read(given[position - 1], lang)
        except GuidedError as error:
            asked = question.text(lang)
            raise GuidedError(
                message("answers-bad", lang, number=position, question=asked, problem=error)
            ) from None

    return ask


def prompted(read: Callable[[str], str | None], write: Callable[[str], None], lang: Lang) -> Asker:
    """An asker that prints each question with its numbered choices and reads the reply."""
    count = 0

    def ask(question: Prompt) -> int | tuple[str, ...]:
        nonlocal count
        count += 1
        write(f"{count}. {question.text(lang)}")
        for number, choice in enumerate(question.choices, 1):
            write(f"   {number}) {message(choice, lang)}")
        while True:
            reply = read("> ")
            if reply is None:
                raise GuidedError(message("answers-ended", lang))
            try:
                return question.read(reply, lang)
            except GuidedError as error:
                write(f"   {error}")

    return ask


# ---------------------------------------------------------------------------- the command


def _input(prompt: str) -> str | None:
    try:
        return input(prompt)
    except (EOFError, KeyboardInterrupt):
        print()
        return None


def run(
    answers: str | None,
    ruleset: str,
    lang: Lang,
    as_json: bool,
    *,
    read: Callable[[str], str | None] = _input,
    write: Callable[[str], None] = print,
    error: Callable[[str], None] | None = None,
) -> int:
    """``dealer ask`` without a file: the exit code (0 answered, 2 a bad answer)."""
    import json

    from dealer.apps.floor.ask import answer, render

    def complain(text: str) -> None:
        (error or write)(text)

    try:
        if answers is None:
            write(message("guided-intro", lang))
            asker = prompted(read, write, lang)
        else:
            asker = scripted(answers, lang)
        built = build(interview(asker, lang), ruleset, lang)
    except GuidedError as problem:
        complain(str(problem))
        return 2
    if answers is None:
        write("")
    if as_json:
        facts = answer(built.hand, lang) | {"scenario": built.scenario}
        write(json.dumps(facts, indent=2, ensure_ascii=False))
    else:
        write(render(built.hand, lang))
    return 0
