"""A replay failure is a value (issue 23 item 1): a line, a code and fields, worded only when shown,
from the ``replay-CODE`` messages of ``procedures/texts/``; nothing reads our English back."""

from __future__ import annotations

import pytest

from dealer.rules.texts import Lang, template
from dealer.scenarios import failures
from dealer.scenarios.failures import Code, Failure, describe
from dealer.scenarios.format import read_scenario, scenario_from_text
from dealer.scenarios.replay import published_log, replay
from tests.conftest import ROOT, SCENARIOS
from tests.test_every_failure import THREE_WRONG

# BLINDS (1 and 2 posted before the deal: the pot is 3, seat 1 has 99 and seat 2 98) and
# SHUFFLE-CUT (after the shuffle the dealer cuts): the four wrong expectations of THREE_WRONG.
WANTED = [
    Failure(10, Code.EXPECTED, {"key": "pot", "want": "4", "got": "3"}),
    Failure(11, Code.EXPECTED_OF_SEAT, {"key": "stacks", "seat": 1, "want": "100", "got": "99"}),
    Failure(11, Code.EXPECTED_OF_SEAT, {"key": "stacks", "seat": 2, "want": "97", "got": "98"}),
    Failure(13, Code.EXPECTED, {"key": "state", "want": "dealing", "got": "cutting"}),
]


def test_each_failure_is_its_line_code_and_fields() -> None:
    result = replay(scenario_from_text(THREE_WRONG, "three.yaml"))
    assert result.failures == WANTED
    assert result.failure == "\n     ".join(str(failure) for failure in WANTED)
    assert result.as_json()["failures"][1] == {
        "line": 11, "code": "expected-of-seat",
        "message": "expected stacks of seat 1 '100', got '99'",
        "fields": {"key": "stacks", "seat": 1, "want": "100", "got": "99"},
    }  # fmt: skip


def test_a_reworded_english_text_changes_the_words_only(monkeypatch: pytest.MonkeyPatch) -> None:
    def reworded(key: str, lang: Lang | str = Lang.EN) -> str:
        text = template(key, lang)
        return f"REWORDED {text.replace('expected', 'wanted')}" if "replay-" in key else text

    before = replay(scenario_from_text(THREE_WRONG, "three.yaml"))
    monkeypatch.setattr(failures, "template", reworded)
    after = replay(scenario_from_text(THREE_WRONG, "three.yaml"))
    assert after.failures == before.failures and not after.passed and not after.internal
    assert after.failure is not None and after.failure.count("REWORDED ") == len(WANTED)


def test_a_failure_in_chinese_has_the_same_fields() -> None:
    stacks = WANTED[1]
    assert describe(stacks, Lang.ZH_HANT) == "預期 1 號座位的 stacks 為 '100'，實際為 '99'"
    assert describe(stacks, Lang.ZH_HANS) == "预期 1 号座位的 stacks 为 '100'，实际为 '99'"
    bug = Failure(4, Code.INTERNAL, {"hand": 1, "kind": "KeyError", "error": "3"})
    assert bug.internal and not stacks.internal
    assert failures.describe_all([stacks, bug]).splitlines()[1].strip() == (
        "hand 1: internal error: KeyError: 3"
    )


def test_an_overlays_rulings_read_as_the_published_rulesets_by_their_fields() -> None:
    """An overlay's rulings are logged under its name; ``published_log`` names each one by the
    published ruleset its ruling comes from, read from the rulings the hand made."""
    from dealer.rules.rulesets import load_ruleset

    overlay = load_ruleset(str(ROOT / "procedures" / "house" / "first-two-cards.yaml"))
    # BOXED-CARD: a card found face up in the deck is scrap; the overlay keeps seed's ruling
    hand = replay(read_scenario(SCENARIOS / "irregularities" / "boxed-card.yaml", overlay)).hands[0]
    logged = [str(event) for event in hand.events]
    published = published_log(hand.events, hand.rulings)
    assert len(hand.rulings) >= 1
    for ruled in hand.rulings:
        assert ruled.label == "house-first-two"
        assert any(f"{ruled.rule_id} under house-first-two" in line for line in logged)
        origin = ruled.ruling.ruleset
        assert any(f"{ruled.rule_id} under {origin}" in line for line in published)
    assert [a == b for a, b in zip(logged, published, strict=True)].count(False) == sum(
        ruled.ruling.ruleset != ruled.label for ruled in hand.rulings
    )
