"""mypy --strict sees Hand's attributes: nothing turns its attribute checks off (no __getattr__),
so a misspelt attribute is a type error."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def test_a_misspelt_attribute_on_hand_is_a_type_error() -> None:
    api = pytest.importorskip("mypy.api")
    out, _, status = api.run(["--strict", str(HERE / "type_checks" / "misspelt_attribute.py")])
    assert status == 1
    assert '"Hand" has no attribute "ledgr"' in out
