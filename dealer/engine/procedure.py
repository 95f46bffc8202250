"""The hand procedure as data.

``procedures/holdem.yaml`` is read and built into one ``transitions`` machine.

The machine is built once per process, and the routes every hand runs are read out of it once
(:func:`routes`): the one engine path (docs/how-it-works.md, "The engine path"). The machine itself
is the reference the tests hold the routes to; a hand is never added to (or leaks in) it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from dealer.core.roles import roles_touched
from dealer.core.stakes import Street
from dealer.engine.obligations import RulingRef, gathers
from dealer.rules.cache import kept
from dealer.rules.rulesets import PROCEDURES
from dealer.rules.source import Items, Node, SourceError, check_keys, load_file
from dealer.rules.texts import Lang, messages, template

if TYPE_CHECKING:  # imported when a machine is built: a hand runs the routes (``routes``)
    from transitions import EventData, Machine

PROCEDURE_FILE = PROCEDURES / "holdem.yaml"
_SHOWN_AS = "procedures/holdem.yaml"


def _names(value: Any) -> list[str]:
    """A transition's callback or state names, written as one name or a list (or left out)."""
    return [] if not value else [value] if isinstance(value, str) else list(value)


@dataclass(frozen=True, slots=True)
class StateSpec:
    name: str
    rule: str  # the rule that makes it so
    next: str | None  # the dealer step autopilot performs here (a trigger name)
    street: Street | None  # the street this state belongs to, if any
    betting: bool = False  # a betting round (players act)
    final: bool = False  # the hand is over

    @property
    def expects(self) -> str:
        """What a refusal says was expected here; may name ``{next_seat}`` or ``{to_act}``."""
        return template(f"expects-{self.name}")

    def expectation(self, lang: str = "en") -> str:
        """What is expected here, in ``lang`` (the message ``expects-NAME``)."""
        return template(f"expects-{self.name}", lang)


@dataclass(frozen=True, slots=True)
class Procedure:
    initial: str
    states: Mapping[str, StateSpec]
    transitions: tuple[dict[str, Any], ...]
    on_enter: Mapping[str, str]
    lines: tuple[int, ...] = ()  # each transition's line in the file
    mishaps: frozenset[int] = frozenset()  # the indexes of the mishap transitions

    @property
    def final(self) -> str:
        return next(name for name, spec in self.states.items() if spec.final)

    @property
    def autopilot_targets(self) -> dict[str, str]:
        """The words a scenario may give autopilot (``deal``, ``flop``, ..., ``end``), and the
        states the data marks for them: each street's betting round, the showdown, the end."""
        targets = {}
        for name, spec in self.states.items():
            if spec.betting and spec.street is not None:
                targets["deal" if spec.street is Street.PREFLOP else str(spec.street)] = name
            elif spec.next == "showdown":
                targets["showdown"] = name
        targets["end"] = self.final
        return targets

    @property
    def callbacks(self) -> frozenset[str]:
        """Every model method the data names (conditions, before/after callbacks, on_enter)."""
        names: set[str] = set(self.on_enter.values())
        for transition in self.transitions:
            for key in ("conditions", "unless", "before", "after"):
                names.update(_names(transition.get(key)))
        return frozenset(names)


@cache
def final_state() -> str:
    """The name of the state that ends the hand."""
    return procedure().final


def _text(node: Node, key: str) -> str:
    value = node.get(key)
    if not isinstance(value, str) or not value:
        raise node.error(key, f"'{key}' must be a non-empty text")
    return value


def _state(node: Any, items: Items, index: int) -> StateSpec:
    if not isinstance(node, Node):
        raise items.error(index, "a state is a mapping with a name and a rule")
    check_keys(node, _STATE_KEYS, "a state")
    street = node.get("street")
    if street is not None and street not in set(Street):
        raise node.error("street", f"unknown street {street!r}")
    for flag in ("betting", "final"):
        if not isinstance(node.get(flag, False), bool):
            raise node.error(flag, f"'{flag}' is true or false")
    next_step = node.get("next")
    name = _text(node, "name")
    if f"expects-{name}" not in messages(Lang.EN):
        raise node.error("name", f"no message 'expects-{name}' in procedures/texts")
    return StateSpec(
        name=name,
        rule=_text(node, "rule"),
        next=str(next_step) if next_step is not None else None,
        street=Street(street) if street is not None else None,
        betting=bool(node.get("betting", False)),
        final=bool(node.get("final", False)),
    )


# The keys the data may use (a misspelt one is an error naming the closest, not ignored); the
# ``*_states`` lists only hold YAML anchors the transitions use.
_STATE_KEYS = {"name", "rule", "next", "street", "betting", "final"}
# What the routes run (``routes``): conditions, unless, before, after and a destination. Anything
# else ``transitions`` offers (prepare, on_exit, ...) would be run by the machine and skipped by the
# routes, so the loader refuses it. ``unnoticed`` is ours: see _unnoticed.
_TRANSITION_KEYS = {"trigger", "source", "dest", "conditions", "unless", "before", "after"}
_MISHAP_KEYS = _TRANSITION_KEYS | {"unnoticed"}
_TOP_KEYS = {"machine", "initial", "states", "betting_states", "in_hand_states",
             "transitions", "on_enter", "mishaps", "remedies"}  # fmt: skip


@kept("procedure")
def procedure() -> Procedure:
    """Read and check ``procedures/holdem.yaml`` (kept between runs: :mod:`dealer.rules.cache`)."""
    doc = load_file(PROCEDURE_FILE, _SHOWN_AS)
    if isinstance(doc, Node):
        check_keys(doc, _TOP_KEYS, "the procedure")
    if not isinstance(doc, Node) or not isinstance(doc.get("states"), Items):
        raise SourceError(_SHOWN_AS, 1, "the procedure needs 'states' and 'transitions' lists")
    states_node: Items = doc["states"]
    states = {
        spec.name: spec
        for spec in (_state(node, states_node, i) for i, node in enumerate(states_node))
    }
    every: list[Node] = []
    mishaps: set[int] = set()
    for key in ("transitions", "mishaps", "remedies"):
        listed = doc.get(key)
        if not isinstance(listed, Items):
            raise doc.error(key, f"'{key}' must be a list of transitions")
        allowed = _MISHAP_KEYS if key == "mishaps" else _TRANSITION_KEYS
        for index, transition in enumerate(listed):
            if not isinstance(transition, Node) or not isinstance(transition.get("trigger"), str):
                raise listed.error(index, "a transition is a mapping with a trigger")
            check_keys(transition, allowed, f"a transition of '{key}'")
            if key == "mishaps":
                mishaps.add(len(every))
                if "unnoticed" in transition:
                    mishaps.add(len(every) + 1)
                    every.append(transition)
                    every.append(_unnoticed(transition))
                    continue
            every.append(transition)
    for transition in every:
        for source in _names(transition.get("source")):
            if source not in states:
                raise transition.error("source", f"unknown state {source!r}")
        dest = transition.get("dest")
        if dest is not None and dest not in states:
            raise transition.error("dest", f"unknown state {dest!r}")
    on_enter: Any = doc.get("on_enter") or {}
    for state in on_enter:
        if state not in states:
            raise on_enter.error(state, f"unknown state {state!r}")
    initial = _text(doc, "initial")
    if initial not in states:
        raise doc.error("initial", f"unknown state {initial!r}")
    if sum(spec.final for spec in states.values()) != 1:
        raise doc.error("states", "exactly one state is final")
    return Procedure(
        initial=initial,
        states=states,
        transitions=tuple(
            {
                key: (list(value) if isinstance(value, list) else value)
                for key, value in t.items()
                if key != "unnoticed"
            }
            for t in every
        ),
        on_enter=dict(on_enter),
        lines=tuple(t.line for t in every),
        mishaps=frozenset(mishaps),
    )


def _unnoticed(transition: Node) -> Node:
    """The mishap as it happens when nobody notices it (NOTICED-LATE): the same physical error,
    recognised the same way, but the ruling waits for the floor's call (``defer:``) and the hand
    goes on to the state ``unnoticed`` names (null: where it was)."""
    twin = Node(transition)
    twin.line, twin.file, twin.key_lines = transition.line, transition.file, transition.key_lines
    twin["trigger"] = f"{transition['trigger']}_unnoticed"
    twin["before"] = [
        f"defer:{name}" if RulingRef.parse(str(name)) is not None else name
        for name in _names(transition.get("before"))
    ]
    twin["dest"] = transition["unnoticed"]
    return twin


Call = Callable[[Any, Any], Any]  # a callback as the hand runs it: ``call(hand, step)``


@dataclass(frozen=True, slots=True)
class Callback:
    """A callback name of the data and what it stands for, resolved once: a method of the model,
    or a ruling reference parsed into a call that rules on it (``ruling:ID``) or defers it to the
    floor's call (``defer:``). Nothing is added to the model class: the routes hold the call.

    The machine calls it with its event (``send_event``); the routes call ``run(hand, step)``."""

    name: str
    run: Call

    def __call__(self, event: EventData) -> Any:
        return self.run(event.model, *event.args)

    def __str__(self) -> str:
        return self.name


_CALLBACKS: dict[tuple[type, str], Callback] = {}


def _callback(model: type, name: str) -> Callback:
    """What a callback name stands for (``SourceError`` for a name with no meaning), resolved once
    per process: the routes and the machine hold the same calls."""
    found = _CALLBACKS.get((model, name))
    if found is None:
        found = _CALLBACKS[model, name] = _resolve(model, name)
    return found


def _resolve(model: type, name: str) -> Callback:
    deferred = name.startswith("defer:")
    try:
        ref = RulingRef.parse(name.removeprefix("defer:"))
    except ValueError as error:
        raise SourceError(_SHOWN_AS, 1, str(error)) from None
    if ref is None:
        found = getattr(model, name, None)
        if not callable(found):
            raise SourceError(_SHOWN_AS, 1, f"callback with no meaning: {name}")
        return Callback(name, found)
    method_name = "defer_ruling" if deferred else "make_ruling"
    method = getattr(model, method_name)

    def rule_on(hand: Any, step: Any) -> Any:
        return method(hand, ref, step)

    return Callback(name, rule_on)


@kept("roles")
def roles_checked(model: type) -> bool:
    """Check the roles of the procedure's mishaps for the vocabulary of ``model``
    (:func:`_check_roles`), once: the answer is kept between runs with what the check read (the
    procedure file, the rulebook) and the package's modules as they were (the roles a callback
    declares are code), so a later start reads none of the rules back. A broken role raises and is
    kept nowhere: every start sees it until it is fixed."""
    _check_roles(model, procedure())
    return True


def _check_roles(model: type, spec: Procedure) -> None:
    """Every card a mishap moves has a role that every ruling it can lead to decides on (a misdeal
    or a void hand brings every card back, so it decides on all of them)."""
    for index in sorted(spec.mishaps):
        transition = spec.transitions[index]
        names = _names(transition.get("before"))
        roles = {role for name in names for role in roles_touched(_callback(model, name).run)}
        for name in names:
            ref = RulingRef.parse(str(name).removeprefix("defer:"))
            if ref is None:
                continue
            for ruling in ref.rulings():
                decided = {fate.card for fate in ruling.cards}
                missing = sorted(roles - decided)
                if missing and not gathers(ruling):
                    raise SourceError(
                        _SHOWN_AS, spec.lines[index],
                        f"{transition['trigger']}: {ref.rule_id} under {ruling.ruleset} decides "
                        f"nothing for the {', '.join(missing)} the mishap moves",
                    )  # fmt: skip


def quiet() -> None:
    """Silence the machine's debug chatter, which costs a call per callback even when filtered out
    (the command line and the benchmarks ask for it; importing the package changes no logger).
    Done when a machine is built: a one-shot ruling runs the routes and imports no ``logging``."""
    global _QUIET
    _QUIET = True
    if _MACHINES:
        _silence()


def _silence() -> None:
    import logging

    logging.getLogger("transitions").setLevel(logging.WARNING)
    logging.getLogger("transitions.core").disabled = True


_QUIET = False
_MACHINES: dict[type, Machine] = {}
_ROUTES: dict[type, Routes] = {}


def machine(model: type) -> Machine:
    """The procedure machine for the model class whose methods are the vocabulary the data is
    written in (one class, so one machine per process): ``transitions`` itself, built from the data
    with every callback resolved (:class:`Callback`). Hands run the routes read out of it
    (:func:`routes`); the machine is the reference the tests hold them to
    (:mod:`dealer.engine.reference`), and what ``dealer diagram`` draws."""
    built = _MACHINES.get(model)
    if built is None:
        built = _MACHINES[model] = _build(model)
    return built


def _build(model: type) -> Machine:
    from transitions import Machine

    if _QUIET:
        _silence()
    spec = procedure()
    callbacks = {name: _callback(model, name) for name in sorted(spec.callbacks)}
    roles_checked(model)

    def resolved(value: Any) -> Any:
        if isinstance(value, str):
            return callbacks[value]
        return [callbacks[name] for name in value]

    states = [
        {
            "name": name,
            **({"on_enter": callbacks[spec.on_enter[name]]} if name in spec.on_enter else {}),
        }
        for name in spec.states
    ]
    transitions = [
        {key: resolved(value) if key in _CALLBACK_KEYS else value for key, value in t.items()}
        for t in spec.transitions
    ]
    return Machine(
        model=None,
        states=states,
        transitions=transitions,
        initial=spec.initial,
        auto_transitions=False,
        send_event=True,  # each Callback takes the hand and the step from the event
        queued=True,  # a trigger fired by a callback runs once the transition under way is done
    )


_CALLBACK_KEYS = frozenset(("conditions", "unless", "before", "after"))


class Route(NamedTuple):
    """One transition of the machine as a hand runs it: the conditions as (call, wanted), the
    calls before the state changes, the destination (None: the hand stays), and the calls once
    it has changed: the destination's on-enter calls, then the transition's after calls. A named
    tuple: the engine unpacks it in one step on every event."""

    conditions: tuple[tuple[Call, bool], ...]
    before: tuple[Call, ...]
    dest: str | None
    after: tuple[Call, ...]


@dataclass(frozen=True, slots=True, init=False)
class Routes:
    by_trigger: Mapping[tuple[str, str], tuple[Route, ...]]  # (trigger, state) -> routes, in order
    # the same, state first: state -> trigger -> routes (what a hand reads on every event: two
    # look-ups by a name, whose hash is kept, rather than a pair made and hashed each time); dicts,
    # so that the compiled build looks them up as dicts, not through a mapping's methods
    by_state: dict[str, dict[str, tuple[Route, ...]]] = field(compare=False)

    def __init__(self, by_trigger: Mapping[tuple[str, str], tuple[Route, ...]]) -> None:
        by_state: dict[str, dict[str, tuple[Route, ...]]] = {}
        for (trigger, state), found in by_trigger.items():
            by_state.setdefault(state, {})[trigger] = found
        object.__setattr__(self, "by_trigger", by_trigger)
        object.__setattr__(self, "by_state", by_state)


def routes(model: type) -> Routes:
    """The machine's transitions, once per process: what every hand runs
    (:meth:`dealer.engine.state.HandState._fire`): for a trigger from a state, the first route
    whose conditions hold runs its before calls, enters its state (and its on-enter calls), then
    its after calls, as ``machine.events[trigger].trigger(hand, step)`` does for this data,
    without the library's per-event bookkeeping (half of a hand's time when it ran every step).

    Read from the procedure as ``transitions`` would build them (:func:`_spec_routes`), so a
    one-shot ruling neither imports the library nor builds the machine; the tests hold them equal
    to the routes read out of the machine (:func:`_read_routes`)."""
    found = _ROUTES.get(model)
    if found is None:
        found = _ROUTES[model] = _spec_routes(model)
    return found


def _spec_routes(model: type) -> Routes:
    """The routes ``transitions`` builds for this data: one transition per source, in the order
    written, grouped by trigger in the order triggers first appear; ``conditions`` wanted true,
    then ``unless`` wanted false (the loader refuses the library's other keys and wildcards)."""
    spec = procedure()
    roles_checked(model)

    def calls(value: Any) -> tuple[Call, ...]:
        return tuple(_callback(model, name).run for name in _names(value))

    on_enter = {name: calls(spec.on_enter.get(name)) for name in spec.states}
    by_event: dict[str, dict[str, list[Route]]] = {}
    for t in spec.transitions:
        dest = t.get("dest")
        route = Route(
            (*((c, True) for c in calls(t.get("conditions"))),
             *((c, False) for c in calls(t.get("unless")))),
            calls(t.get("before")),
            dest,
            (*(on_enter[dest] if dest is not None else ()), *calls(t.get("after"))),
        )  # fmt: skip
        event = by_event.setdefault(t["trigger"], {})
        for source in _names(t.get("source")):
            event.setdefault(source, []).append(route)
    return Routes(
        {(trigger, source): tuple(found) for trigger, event in by_event.items()
         for source, found in event.items()}
    )  # fmt: skip


def _call(callback: object) -> Call:
    if not isinstance(callback, Callback):  # _build gives the machine nothing else
        raise TypeError(f"not a procedure callback: {callback!r}")
    return callback.run


def _calls(callbacks: Iterable[object]) -> tuple[Call, ...]:
    return tuple(_call(callback) for callback in callbacks)


def _read_routes(built: Machine) -> Routes:
    on_enter = {name: _calls(state.on_enter) for name, state in built.states.items()}
    by_trigger = {
        (trigger, source): tuple(
            Route(
                tuple((_call(c.func), c.target) for c in t.conditions),
                _calls(t.before),
                t.dest,
                (*(on_enter[t.dest] if t.dest is not None else ()), *_calls(t.after)),
            )
            for t in transitions
        )
        for trigger, event in built.events.items()
        for source, transitions in event.transitions.items()
    }
    return Routes(by_trigger)
