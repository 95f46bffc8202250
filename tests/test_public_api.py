"""The public API: ``import dealer`` offers exactly ``__all__``, each name typed and documented, and
loads nothing heavy until a name is used."""

from __future__ import annotations

import subprocess
import sys

import pytest

import dealer


def test_every_public_name_resolves_and_is_documented() -> None:
    for name in dealer.__all__:
        value = getattr(dealer, name)
        if name != "__version__":
            assert value.__doc__, name


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError):
        _ = dealer.Nothing


def test_a_query_that_matches_nothing_suggests() -> None:
    with pytest.raises(KeyError, match="no rule covers 'zzzz qqqq'"):
        dealer.rule("zzzz qqqq")
    with pytest.raises(dealer.NoRule):
        dealer.rule("string bet")  # a floor topic this rulebook does not cover


def test_rule_never_returns_the_first_of_several() -> None:
    # Seat 7 holding three cards is DEAL-EXTRA-ONE (deal on) if it is the only card too many,
    # DEAL-EXTRA-MULTIPLE (misdeal) if more are (RULES.md): the remedies differ in kind.
    with pytest.raises(dealer.WhichOne) as raised:
        dealer.rule("7號拿到三張牌")
    assert raised.value.candidates == ("DEAL-EXTRA-ONE", "DEAL-EXTRA-MULTIPLE")
    assert raised.value.question == "extra"
    answer = dealer.lookup("有兩家都多拿一張")
    assert answer.kind is dealer.Verdict.WHICH
    assert set(answer.ids) == {"DEAL-EXTRA-ONE", "DEAL-EXTRA-MULTIPLE"}
    assert dealer.rule("dealer flopped before the BB acted").id == "FLOP-PREMATURE"


def test_import_dealer_loads_no_engine() -> None:
    code = "import sys, dealer; print(sorted(m for m in sys.modules if m.startswith('dealer')))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "['dealer']"


def test_read_scenario_takes_a_ruleset_name() -> None:
    from tests.conftest import SCENARIOS

    path = SCENARIOS / "procedure" / "ante.yaml"  # it names no ruleset: seed unless told
    assert dealer.read_scenario(path).ruleset.name == "seed"
    scenario = dealer.read_scenario(str(path), ruleset="wsop-2024")
    assert (scenario.ruleset.name, scenario.skip) == ("wsop-2024", None)
    assert dealer.replay(scenario).passed
