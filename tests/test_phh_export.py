"""``dealer export``: every shipped scenario's hands as PHH; PokerKit loads them and, for hands
without irregularities, plays them to the same final stacks; the ``_dealer_`` fields survive."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any, ClassVar

import pytest
from typer.testing import CliRunner

from dealer.apps.cli import app

pokerkit = pytest.importorskip("pokerkit")
games = pytest.importorskip("pokerkit.games")


class _PotLimitTexasHoldem(
    games.PotLimitPokerMixin, games.TexasHoldemMixin, games.UnfixedLimitHoldem
):
    """Pot-limit Texas hold'em from PokerKit's own parts: PHH has no code for it, the export
    writes ``PT``."""


class _History(pokerkit.HandHistory):
    """PokerKit's hand history, knowing ``PT`` as well."""

    game_types: ClassVar[dict[str, Any]] = {
        **pokerkit.HandHistory.game_types,
        "PT": _PotLimitTexasHoldem,
    }
    required_field_names: ClassVar[dict[str, Any]] = {
        **pokerkit.HandHistory.required_field_names,
        "PT": pokerkit.HandHistory.required_field_names["NT"],
    }


ROOT = Path(__file__).resolve().parents[1]

# Hands whose rules differ from PokerKit's on purpose (each names the rule that decides here).
RULE_DIFFERENCES = {
    "bb-ante-short-big-blind.phh": "ANTE: a short big blind posts its blind before the ante; "
    "PokerKit posts every ante first",
    "bb-ante-short-big-blind-seed.phh": "ANTE: the same under seed (a table setting)",
    "limit-all-in-half-bet.phh": "LIMIT-ALLIN: an all-in of half a bet or more reopens the "
    "betting; PokerKit does not reopen it",
    "odd-all-in-split.phh": "ODD-CHIP: the pot is split in chips of the table's unit (25), the "
    "remainder with the odd chip; PokerKit splits it to the single chip (187 each)",
    "limit-cap-wsop.phh": "LIMIT-CAP: five bets under wsop-2024 (LA 126); PokerKit caps at four",
    "limit-cap-wsop-heads-up.phh": "LIMIT-CAP: no cap heads-up under wsop-2024 (LA 127)",
    "straddle-button-wsop.phh": "STRADDLE: the button straddler acts last pre-flop (LA 11); "
    "PokerKit starts the action after the button",
    "straddle-lapses-dead-button-wsop-1.phh": "STRADDLE: the button straddler acts last pre-flop "
    "(LA 11), as in straddle-button-wsop.phh",
}


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("phh")
    result = CliRunner().invoke(app, ["export", str(ROOT / "scenarios"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns about cards it would not deal itself
        return {
            path.name: _History.loads(path.read_text(encoding="utf-8"))
            for path in sorted(out.glob("*.phh"))
        }


def test_pokerkit_plays_every_regular_hand_to_the_same_final_stacks(
    exported: dict[str, Any],
) -> None:
    compared = []
    for name, history in exported.items():
        fields = history.user_defined_fields
        if fields["_dealer_irregular"]:
            continue  # PHH has no words for irregularities
        if history.finishing_stacks is None or name in RULE_DIFFERENCES:
            continue  # the scenario stops before the hand ends, or the rules differ
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            states = list(history)
        state = states[-1]
        assert list(state.stacks) == list(history.finishing_stacks), name
        compared.append(name)
    assert len(compared) >= 25
    assert {"bb-ante-side-pot.phh", "bb-ante-fold-to-big-blind.phh"} <= set(compared)
    assert {"bb-ante-shove.phh", "heads-up-bb-ante.phh", "limit-three-way.phh"} <= set(compared)
    assert "pot-limit-uncontested.phh" in compared


def test_the_rule_differences_are_real(exported: dict[str, Any]) -> None:
    """Each listed hand is shipped and regular: the list stays honest."""
    for name in RULE_DIFFERENCES:
        assert name in exported, name
        assert exported[name].user_defined_fields["_dealer_irregular"] is False, name


def test_irregularity_fields_survive_the_round_trip(exported: dict[str, Any]) -> None:
    # TURN-PREMATURE under seed: the premature card is set aside and the hand goes on.
    history = exported["turn-premature-seed.phh"]
    again = _History.loads(history.dumps())
    for loaded in (history, again):
        fields = loaded.user_defined_fields
        assert fields["_dealer_irregular"] is True
        assert fields["_dealer_rulings"] == ["TURN-PREMATURE (seed)"]
        assert fields["_dealer_ruleset"] == "seed"
        assert "set aside Ts (TURN-PREMATURE)" in fields["_dealer_events"]
        assert fields["_dealer_card_fates"]["board"] == "5c 2d 6s 8c 4d"
    # the set-aside premature card is no board card in the PHH actions
    assert "d db Ts" not in history.actions
    assert "d db 8c" in history.actions


def test_the_big_blind_ante_is_exported_in_phh_form(exported: dict[str, Any]) -> None:
    history = exported["bb-ante-fold-to-big-blind.phh"]
    assert list(history.antes) == [0, 200, 0, 0]  # the big blind is the second player
    assert list(history.blinds_or_straddles) == [100, 200, 0, 0]
    assert list(history.seats) == [2, 3, 4, 1]
    heads_up = exported["heads-up-bb-ante.phh"]
    assert list(heads_up.antes) == [0, 1000]  # reversed heads-up: the first player posts it
