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
    with pytest.raises(KeyError, match="no rule matches 'zzzz qqqq'"):
        dealer.rule("zzzz qqqq")


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
