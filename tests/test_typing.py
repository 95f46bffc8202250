"""mypy --strict sees Hand's attributes: nothing turns its attribute checks off (no __getattr__),
so a misspelt attribute is a type error; the machine's callbacks and the chips are not Hand's to
change from outside."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def test_a_misspelt_attribute_on_hand_is_a_type_error() -> None:
    api = pytest.importorskip("mypy.api")
    out, _, status = api.run(["--strict", str(HERE / "type_checks" / "misspelt_attribute.py")])
    assert status == 1
    assert '"Hand" has no attribute "ledgr"' in out
    assert '"Hand" has no attribute "burn_card"' in out
    assert 'Unsupported target for indexed assignment ("Mapping[int, int | Decimal]")' in out
    assert "Found 3 errors" in out
