"""Big-blind and button antes and a dead small blind in the scenario notation (ANTE,
DEAD-BUTTON): what is read, and bad input as one line naming the file and the line."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from dealer.core.chips import decimal_of as dec
from dealer.core.pots import Contributions, build_pots
from dealer.core.stakes import AntePayer, Stakes, Structure
from dealer.rules.source import SourceError
from dealer.scenarios.format import read_scenario
from tests.conftest import ROOT

HEAD = "scenario: t\nruleset: {ruleset}\ntable:\n  game: no-limit\n  blinds: [1, 2]\n"
STEPS = "steps:\n  - post\n"


def _read(tmp_path: Path, table: str, ruleset: str = "wsop-2024") -> object:
    path = tmp_path / "s.yaml"
    path.write_text(HEAD.format(ruleset=ruleset) + table + STEPS, encoding="utf-8")
    return read_scenario(path)


def test_big_blind_ante_notation(tmp_path: Path) -> None:
    scenario = _read(
        tmp_path, "  ante: {big-blind: 2}\n  button: 1\n  seats: {1: 50, 2: 50, 3: 50}\n"
    )
    stakes = scenario.table.stakes  # type: ignore[attr-defined]
    assert (stakes.ante, stakes.ante_by) == (Decimal(2), AntePayer.BIG_BLIND)
    assert scenario.table.ante_payer == 3  # type: ignore[attr-defined]


def test_an_unknown_ante_payer_is_one_line_with_its_place(tmp_path: Path) -> None:
    with pytest.raises(SourceError) as caught:
        _read(tmp_path, "  ante: {small-blind: 2}\n  button: 1\n  seats: {1: 50, 2: 50, 3: 50}\n")
    assert str(caught.value) == (
        f"{tmp_path / 's.yaml'}:6: 'ante' is an amount every player posts, "
        "{big-blind: X} or {button: X}"
    )


def test_a_dead_small_blind_needs_a_dead_button(tmp_path: Path) -> None:
    table = "  dead_small_blind: true\n  button: 1\n  seats: {1: 50, 3: 50, 4: 50}\n"
    positions = _read(tmp_path, table).table.positions  # type: ignore[attr-defined]
    assert (positions.small_blind, positions.big_blind, positions.deal_order) == (
        None,
        3,
        (3, 4, 1),
    )
    with pytest.raises(SourceError, match=r"no dead small blind under seed.*\(DEAD-BUTTON\)"):
        _read(tmp_path, table, ruleset="seed")
    with pytest.raises(SourceError, match=r"seat 2, left of the button, has a player"):
        _read(tmp_path, "  dead_small_blind: true\n  button: 1\n  seats: {1: 5, 2: 5, 4: 5}\n")


def test_dead_money_stays_in_the_main_pot_even_when_chips_go_back() -> None:
    paid = Contributions({1: Decimal(100), 2: Decimal(300)})
    paid.dead[2] = Decimal(200)
    pots = build_pots(paid, folded={1})
    assert [(pot.amount, pot.eligible) for pot in pots] == [(Decimal(400), (2,))]
    paid[2] = Decimal(0)  # a void hand returned the chips: nothing dead is left
    paid[1] = Decimal(0)
    assert build_pots(paid, folded=()) == ()


def test_stakes_and_the_scenario_reader_agree_on_the_chip_unit() -> None:
    # CHIP-UNIT: one default (dealer.core.chips.default_unit) for Stakes and the scenario reader:
    # the smallest chip used to make the big blind (LA 130), so a 25/50 game with a 10 ante plays
    # in 25 chips however it is set up, the ante a forced bet only (issue 23)
    assert Stakes.blinds(
        Structure.NO_LIMIT, Decimal(25), Decimal(50), ante=Decimal(10)
    ).chip_unit == Decimal(25)
    # 5/10 limit: the big blind is the small bet, one 5 chip; the 2.5 small blind sets no unit
    assert Stakes.limit(Decimal(5), Decimal(10)).chip_unit == Decimal(5)
    checked = 0
    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        if path.parent.name == "house":
            continue
        stakes = read_scenario(path).table.stakes
        if "chip:" in path.read_text(encoding="utf-8"):
            continue  # the table names its chip: nothing is defaulted
        made = (
            Stakes.limit(dec(stakes.small_bet), dec(stakes.big_bet),
                         small_blind=dec(stakes.small_blind), ante=dec(stakes.ante),
                         straddle=dec(stakes.straddle))
            if stakes.structure is Structure.LIMIT
            else Stakes.blinds(stakes.structure, dec(stakes.small_blind), dec(stakes.big_blind),
                               ante=dec(stakes.ante), straddle=dec(stakes.straddle))
        )  # fmt: skip
        assert made.chip_unit == stakes.chip_unit, path
        checked += 1
    assert checked > 100
