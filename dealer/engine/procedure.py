"""The hand procedure as data.

``procedures/holdem.yaml`` is read and built into one ``transitions`` machine.

The machine is built once per process and serves every hand: a hand is a model whose ``state``
attribute the machine reads and sets; events are fired with ``machine.events[trigger].trigger(hand,
step)``, so no hand is ever added to (or leaks in) the machine.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from transitions import Machine

from dealer.core.stakes import Street
from dealer.rules.rulesets import PROCEDURES
from dealer.rules.source import Items, Node, SourceError, check_keys, load_file

PROCEDURE_FILE = PROCEDURES / "holdem.yaml"
_SHOWN_AS = "procedures/holdem.yaml"

# Quiet: the machine's debug chatter would cost a call per callback even when filtered out.
logging.getLogger("transitions").setLevel(logging.WARNING)
logging.getLogger("transitions.core").disabled = True


@dataclass(frozen=True, slots=True)
class StateSpec:
    name: str
    expects: str  # what a refusal says was expected here; may name {next_seat} or {to_act}
    rule: str  # the rule that makes it so
    next: str | None  # the dealer step autopilot performs here (a trigger name)
    street: Street | None  # the betting round this state is, if any
    expects_in: Mapping[str, str] = field(default_factory=dict)  # by language, besides English

    def expectation(self, lang: str = "en") -> str:
        """What is expected here, in ``lang`` (English where there is no translation)."""
        return self.expects_in.get(lang, self.expects)


@dataclass(frozen=True, slots=True)
class Procedure:
    initial: str
    states: Mapping[str, StateSpec]
    transitions: tuple[dict[str, Any], ...]
    on_enter: Mapping[str, str]

    @property
    def callbacks(self) -> frozenset[str]:
        """Every model method the data names (conditions, before/after callbacks, on_enter)."""
        names: set[str] = set(self.on_enter.values())
        for transition in self.transitions:
            for key in ("conditions", "unless", "before", "after", "prepare"):
                value = transition.get(key)
                if value is not None:
                    names.update([value] if isinstance(value, str) else value)
        return frozenset(names)


# The keys the data may use (a misspelt one is an error naming the closest, not ignored). The
# ``*_states`` lists only hold YAML anchors the transitions use.
_KEYS = ("machine", "initial", "states", "expects_in", "betting_states", "in_hand_states",
         "transitions", "on_enter", "mishaps", "remedies")  # fmt: skip
_STATE_KEYS = ("name", "expects", "rule", "next", "street")
_TRANSITION_KEYS = (
    "trigger",
    "source",
    "dest",
    "conditions",
    "unless",
    "before",
    "after",
    "prepare",
)


def _text(node: Node, key: str) -> str:
    value = node.get(key)
    if not isinstance(value, str) or not value:
        raise node.error(key, f"'{key}' must be a non-empty text")
    return value


def _state(node: Any, items: Items, index: int) -> StateSpec:
    if not isinstance(node, Node):
        raise items.error(index, "a state is a mapping with name, expects and rule")
    check_keys(node, _STATE_KEYS, "a state")
    street = node.get("street")
    if street is not None and street not in set(Street):
        raise node.error("street", f"unknown street {street!r}")
    next_step = node.get("next")
    return StateSpec(
        name=_text(node, "name"),
        expects=_text(node, "expects"),
        rule=_text(node, "rule"),
        next=str(next_step) if next_step is not None else None,
        street=Street(street) if street is not None else None,
    )


def _with_translations(doc: Node, states: dict[str, StateSpec]) -> dict[str, StateSpec]:
    """Add ``expects_in`` (language -> state -> text) to the states; every text must keep the
    English text's placeholders."""
    by_lang = doc.get("expects_in") or Node()
    if not isinstance(by_lang, Node):
        raise doc.error("expects_in", "'expects_in' maps languages to states' texts")
    texts: dict[str, dict[str, str]] = {name: {} for name in states}
    for lang, table in by_lang.items():
        if not isinstance(table, Node):
            raise by_lang.error(lang, f"'{lang}' maps states to texts")
        for name, text in table.items():
            spec = states.get(name)
            if spec is None:
                raise table.error(name, f"unknown state {name!r}")
            wanted = sorted(re.findall(r"\{\w+\}", spec.expects))
            if not isinstance(text, str) or sorted(re.findall(r"\{\w+\}", text)) != wanted:
                raise table.error(
                    name, f"the {lang} text must name {', '.join(wanted) or 'nothing'}"
                )
            texts[name][str(lang)] = text
    return {name: replace(spec, expects_in=texts[name]) for name, spec in states.items()}


@cache
def procedure() -> Procedure:
    """Read and check ``procedures/holdem.yaml``."""
    doc = load_file(PROCEDURE_FILE, _SHOWN_AS)
    if isinstance(doc, Node):
        check_keys(doc, _KEYS, "the procedure")
    if not isinstance(doc, Node) or not isinstance(doc.get("states"), Items):
        raise SourceError(_SHOWN_AS, 1, "the procedure needs 'states' and 'transitions' lists")
    states_node: Items = doc["states"]
    states = {
        spec.name: spec
        for spec in (_state(node, states_node, i) for i, node in enumerate(states_node))
    }
    every: list[Node] = []
    for key in ("transitions", "mishaps", "remedies"):
        listed = doc.get(key)
        if not isinstance(listed, Items):
            raise doc.error(key, f"'{key}' must be a list of transitions")
        for index, transition in enumerate(listed):
            if not isinstance(transition, Node) or not isinstance(transition.get("trigger"), str):
                raise listed.error(index, "a transition is a mapping with a trigger")
            check_keys(transition, _TRANSITION_KEYS, f"a transition of '{key}'")
            every.append(transition)
    for transition in every:
        sources = transition.get("source")
        for source in [sources] if isinstance(sources, str) else list(sources or []):
            if source not in states:
                raise transition.error("source", f"unknown state {source!r}")
        dest = transition.get("dest")
        if dest is not None and dest not in states:
            raise transition.error("dest", f"unknown state {dest!r}")
    states = _with_translations(doc, states)
    on_enter: Any = doc.get("on_enter") or {}
    for state in on_enter:
        if state not in states:
            raise on_enter.error(state, f"unknown state {state!r}")
    initial = _text(doc, "initial")
    if initial not in states:
        raise doc.error("initial", f"unknown state {initial!r}")
    return Procedure(
        initial=initial,
        states=states,
        transitions=tuple(
            {key: (list(value) if isinstance(value, list) else value) for key, value in t.items()}
            for t in every
        ),
        on_enter=dict(on_enter),
    )


def _known_callback(model: type, name: str) -> bool:
    """A method of the model, or ``ruling:ID`` / ``ruling-sa:ID`` naming a rule of the rulebook."""
    kind, _, named = name.partition(":")
    if kind in ("ruling", "ruling-sa"):
        from dealer.rules.rulebook import Branch, book

        named, _, variant = named.partition("=")
        rule_id, _, branch = named.partition("/")
        known = rule_id in book().rules and branch in ("", *Branch)
        return known and variant in ("", "misdeal", "deal-on")
    return callable(getattr(model, name, None))


BUILDS = 0  # how many machines this process has built (a test holds it to one)


_MACHINES: dict[type, Machine] = {}
_ROUTES: dict[type, Routes] = {}


def machine(model: type) -> Machine:
    """The one procedure machine of this process, for the model class whose methods are the
    vocabulary the data is written in (one class, so one machine)."""
    built = _MACHINES.get(model)
    if built is None:
        built = _MACHINES[model] = _build(model)
    return built


def _build(model: type) -> Machine:
    global BUILDS
    spec = procedure()
    unknown = sorted(name for name in spec.callbacks if not _known_callback(model, name))
    if unknown:
        raise SourceError(_SHOWN_AS, 1, f"callbacks with no meaning: {', '.join(unknown)}")
    states = [
        {"name": name, **({"on_enter": spec.on_enter[name]} if name in spec.on_enter else {})}
        for name in spec.states
    ]
    built = Machine(
        model=None,
        states=states,
        transitions=[dict(t) for t in spec.transitions],
        initial=spec.initial,
        auto_transitions=False,
        send_event=False,
    )
    BUILDS += 1
    return built


@dataclass(frozen=True, slots=True)
class Route:
    """One transition of the machine, as the fast path runs it: conditions as (method, wanted)."""

    conditions: tuple[tuple[str, bool], ...]
    before: tuple[str, ...]
    dest: str | None
    after: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Routes:
    by_trigger: Mapping[tuple[str, str], tuple[Route, ...]]  # (trigger, state) -> routes, in order
    on_enter: Mapping[str, tuple[str, ...]]


def _names(callbacks: Iterable[object]) -> tuple[str, ...]:
    names = tuple(str(name) for name in callbacks if isinstance(name, str))
    assert len(names) == len(tuple(callbacks)), "procedure callbacks are method names"
    return names


def routes(model: type) -> Routes:
    """The machine's transitions read out of it once, for hands run without the audit.

    Running a transition from these is what ``machine.events[trigger].trigger(hand, step)`` does
    for this data (conditions in order, then before, the state change with its on-enter
    callbacks, then after), without the library's per-event bookkeeping, which profiles as half of
    a hand's time. Audited hands (replay, tests) fire through the machine itself, and a test holds
    the two to the same event log on every scenario.
    """
    found = _ROUTES.get(model)
    if found is None:
        found = _ROUTES[model] = _read_routes(machine(model))
    return found


def _read_routes(built: Machine) -> Routes:
    by_trigger = {
        (trigger, source): tuple(
            Route(
                tuple((_names([c.func])[0], c.target) for c in t.conditions),
                _names(t.before),
                t.dest,
                _names(t.after),
            )
            for t in transitions
        )
        for trigger, event in built.events.items()
        for source, transitions in event.transitions.items()
    }
    on_enter = {name: _names(state.on_enter) for name, state in built.states.items()}
    return Routes(by_trigger, on_enter)
