"""The procedure machine: built once per process, refusals leave the hand unchanged, autopilot."""

from __future__ import annotations

import random
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from dealer.core.deck import DeckPlan
from dealer.core.mishaps import Mishap
from dealer.core.roles import Role, touches
from dealer.core.stakes import Stakes, Structure
from dealer.core.steps import parse_step
from dealer.core.table import Table
from dealer.engine import procedure
from dealer.engine.hand import Hand, Refusal
from dealer.engine.model import HandModel
from dealer.engine.random_play import random_action, random_table
from dealer.rules.rulesets import load_ruleset
from dealer.rules.source import SourceError
from dealer.scenarios.format import AUTO_TARGETS, read_scenario
from dealer.scenarios.replay import autopilot, replay, snapshot
from tests.conftest import ROOT, SCENARIOS
from tests.helpers import play_random_mishaps
from tests.test_mishap_properties import candidates


def _table(players: int = 3) -> Table:
    stakes = Stakes.blinds(Structure.NO_LIMIT, Decimal(1), Decimal(2))
    stacks = {seat: Decimal(100) for seat in range(1, players + 1)}
    return Table(stakes, stacks, 1, load_ruleset("seed"))


def test_hands_build_no_machine_and_a_process_at_most_one() -> None:
    """Hands run the routes read from the data; the machine, when something asks for it (the
    replay's warm-up, the reference, the diagram), is built once for the process."""
    code = (
        "import sys\n"
        "from dealer.engine import procedure\n"
        "from tests.test_procedure import _table\n"
        "from dealer.engine.hand import Hand\n"
        "from dealer.core.deck import DeckPlan\n"
        "from dealer.scenarios.replay import autopilot\n"
        "for seed in range(25):\n"
        "    hand = Hand(_table(), DeckPlan(seed=seed))\n"
        "    autopilot(hand, 'done', 'check-call')\n"
        "    assert hand.is_over\n"
        "print(len(procedure._MACHINES), 'transitions' in sys.modules)\n"
        "from dealer.engine.hand import warm_up\n"
        "warm_up(); warm_up()\n"
        "hand = Hand(_table(), DeckPlan(seed=1))\n"
        "autopilot(hand, 'done', 'check-call')\n"
        "print(len(procedure._MACHINES))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.split("\n")[:2] == ["0 False", "1"]


def test_the_machine_does_not_collect_hands() -> None:
    for seed in range(3):
        autopilot(Hand(_table(), DeckPlan(seed=seed)), "done", "check-call")
    assert procedure.machine(HandModel).models == []


def test_a_refused_step_leaves_the_hand_unchanged() -> None:
    hand = Hand(_table(), DeckPlan(seed=3), audit=True)
    autopilot(hand, "preflop_betting")
    before = snapshot(hand), list(hand.events), hand.ledger.stub
    with pytest.raises(Refusal, match=r"^expected seat 1 to act \(PREFLOP-ACTION\); got: burn$"):
        hand.apply(parse_step("burn"))
    with pytest.raises(Refusal, match=r"^not seat 2's turn: seat 1 is to act \(PREFLOP-ACTION\)$"):
        hand.apply(parse_step("seat 2 call"))
    assert (snapshot(hand), list(hand.events), hand.ledger.stub) == before


def test_turn_without_burn_names_the_burn() -> None:
    hand = Hand(_table(), DeckPlan(seed=5))
    autopilot(hand, "turn_burn", "check-call")
    with pytest.raises(Refusal) as refused:
        hand.apply(parse_step("turn"))
    assert str(refused.value) == "expected burn before the turn (BURN); got: turn"
    assert refused.value.rule == "BURN"


def test_autopilot_deals_in_physical_order() -> None:
    hand = Hand(_table(), DeckPlan(seed=9), audit=True)
    autopilot(hand, "done", "check-call")
    kinds = [
        event.kind.value
        for event in hand.events
        if event.kind.value in ("shuffle", "cut", "pitch", "burn", "board")
    ]
    assert (
        kinds
        == ["shuffle", "cut"] + ["pitch"] * 6 + ["burn"] + ["board"] * 3 + ["burn", "board"] * 2
    )
    seats = [event.seat for event in hand.events if event.kind.value == "pitch"]
    assert seats == [2, 3, 1, 2, 3, 1]  # small blind first, the button last (DEAL-ORDER)
    assert len(hand.ledger.board) == 5 and len(hand.ledger.burns) == 3


@pytest.mark.parametrize("path", sorted(SCENARIOS.rglob("*.yaml")), ids=lambda p: p.stem)
def test_the_engine_path_runs_the_machine_s_own_transitions(path: Path) -> None:
    """Hands run the routes read out of the machine (audited or not); a hand made with
    ``machine=True`` has ``transitions`` itself decide and fire every transition (the reference,
    ``dealer.engine.reference``). Every scenario gives the same events and final state all three
    ways."""
    scenario = read_scenario(path)
    reference = replay(scenario, machine=True)
    for fast in (replay(scenario), replay(scenario, audit=False)):
        assert fast.failure == reference.failure
        assert [(r.events, r.final) for r in fast.hands] == [
            (r.events, r.final) for r in reference.hands
        ]


@pytest.mark.parametrize("ruleset", ["seed", "wsop-2024"])
def test_the_engine_path_matches_the_machine_on_random_hands_with_mishaps(ruleset: str) -> None:
    """The routes (the engine path) against ``transitions`` itself, on random tables, players and
    mishaps: the same steps give the same events and states, refusals included, audited (each step
    verified in full first) or not (the run itself finishes the checks)."""
    for seed in range(150):
        logs = []
        for audit, machine in ((True, True), (True, False), (False, False)):
            rng = random.Random(seed)
            table = random_table(rng, ruleset=ruleset)
            hand = Hand(table, DeckPlan(seed=seed), audit=audit, machine=machine)
            logs.append(play_random_mishaps(hand, rng, candidates, events=True, states=True))
        assert logs[0] == logs[1] == logs[2], f"seed {seed}"
        assert hand.is_over, f"seed {seed}: stuck at {hand.expected()}"


def test_loading_the_procedure_adds_nothing_to_the_model_class() -> None:
    """The ruling references of the data (``ruling:ID``) are calls in the routes table, not
    attributes set on the class; the machine queues a trigger a callback fires."""
    routes = procedure.routes(HandModel)
    names = {name for cls in HandModel.__mro__ for name in vars(cls)}
    assert not [name for name in names if ":" in name]
    assert "make_ruling" in names and "burn_card" in names
    mishap = routes.by_trigger["mishap_exposed", "dealing"][0]
    assert [call.__name__ for call in mishap.before] == ["expose_pitch", "rule_on"]
    assert procedure.machine(HandModel).has_queue


def test_autopilot_words_stand_for_the_states_the_data_marks() -> None:
    targets = procedure.procedure().autopilot_targets
    assert targets == {
        "deal": "preflop_betting",
        "flop": "flop_betting",
        "turn": "turn_betting",
        "river": "river_betting",
        "showdown": "showdown",
        "end": "done",
    }


def test_the_scenario_reader_knows_exactly_the_autopilot_words_of_the_data() -> None:
    # the reader keeps its own list so that reading a scenario needs no machine; it must agree
    assert tuple(procedure.procedure().autopilot_targets) == AUTO_TARGETS


@pytest.mark.parametrize("audit", [False, True])
def test_advance_is_the_dealer_steps_applied_one_by_one(audit: bool) -> None:
    """``Hand.advance`` performs what applying each ``next_dealer_step`` in turn performs, up to
    the next decision: the same events, in the same calls' order, and the same end."""
    for seed in range(60):
        logs = []
        for advancing in (False, True):
            rng = random.Random(seed)
            table = random_table(rng, ruleset="seed" if seed % 2 else "wsop-2024")
            hand = Hand(table, DeckPlan(seed=seed), audit=audit)
            log: list[str] = []
            while not hand.is_over:
                step = hand.next_dealer_step()
                if step is not None and advancing:
                    applied = hand.advance()
                    assert hand.next_dealer_step() is None and applied
                elif step is not None:
                    applied = hand.apply(step)
                else:
                    log.append(f"decision at {hand.state}")
                    applied = hand.apply(random_action(hand, rng))
                log.extend(str(event) for event in applied)
            logs.append(log)
        stepped, advanced = logs
        assert advanced == stepped, f"seed {seed}"
        assert any(line.startswith("decision") for line in advanced)


def test_the_routes_read_from_the_data_are_the_machines() -> None:
    """A one-shot ruling runs routes read from the procedure, never building the machine; they
    are the routes ``transitions`` builds for the same data, route for route and in order."""
    from_data = procedure._spec_routes(HandModel)
    from_machine = procedure._read_routes(procedure.machine(HandModel))
    assert list(from_data.by_trigger) == list(from_machine.by_trigger)
    assert from_data.by_trigger == from_machine.by_trigger
    mishap = from_data.by_trigger["mishap_exposed", "dealing"][0]
    assert [call.__name__ for call in mishap.before] == ["expose_pitch", "rule_on"]


class _ExposedJoker(HandModel):
    """The model with one mishap's callback declaring a role that none of the rulings it leads to
    decides on (an exposed pitch said to move a joker too)."""

    @touches(Role.EXPOSED_CARD, Role.JOKER)
    def expose_pitch(self, step: Mishap) -> None:
        super().expose_pitch(step)


def test_the_role_check_runs_once_and_is_kept_while_nothing_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check that every card a mishap moves is decided by its rulings is kept with what it
    read (``dealer.rules.cache``): a later start takes the answer without reading the rules."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("DEALER_CACHE", raising=False)
    runs: list[type] = []
    check = procedure._check_roles

    def counted(model: type, spec: procedure.Procedure) -> None:
        runs.append(model)
        check(model, spec)

    monkeypatch.setattr(procedure, "_check_roles", counted)
    procedure.roles_checked.cache_clear()
    assert procedure.roles_checked(HandModel) and runs == [HandModel]
    procedure.roles_checked.cache_clear()  # a new process: served from the kept file
    assert procedure.roles_checked(HandModel) and runs == [HandModel]
    assert list((tmp_path / "cache" / "dealer").glob("roles-*.pickle"))


def test_a_broken_role_is_caught_on_every_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A mishap's card that a ruling leaves undecided is refused at its transition's line, and
    the refusal is kept nowhere: the next start refuses it again."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("DEALER_CACHE", raising=False)
    for _ in range(2):
        procedure.roles_checked.cache_clear()
        with pytest.raises(SourceError, match=r"mishap_exposed: .* decides nothing for the joker"):
            procedure.roles_checked(_ExposedJoker)
    assert not list((tmp_path / "cache" / "dealer").glob("roles-*.pickle"))
    with pytest.raises(SourceError, match=r"holdem\.yaml"):
        procedure.routes(_ExposedJoker)
