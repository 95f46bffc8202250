"""Typed values across the layers (issue 23 item 1): every refusal is a type of its own with its
message ID, rule and typed fields, worded at the edge from procedures/texts in every language;
the English of the log (``str()``, what scenarios' ``refused:`` quote) is the same words."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

import dealer.core.betting as betting
import dealer.engine.refusals as engine_refusals
from dealer.apps.present.words import refusal
from dealer.core.betting import Move
from dealer.core.errors import Refusal
from dealer.core.steps import parse_step
from dealer.engine.refusals import Expects
from dealer.rules.rulebook import Lang
from dealer.rules.texts import messages
from tests.helpers import english_words

D = Decimal
_TURN = Expects("BURN", None, "turn_burn", 1, None)

# One of each kind, with fields as the core and the engine fill them in.
SAMPLES: dict[type[Refusal], tuple[str, dict[str, Any]]] = {
    betting.OthersAllIn: ("SIDE-POTS", {"seat": 3}),
    betting.BettingCapped: ("LIMIT-CAP", {"cap": 4, "seat": 3}),
    betting.NotReopened: ("NL-MIN-RAISE", {"seat": 3, "bet": D(35), "acted_on": D(20)}),
    betting.CallAllInOnly: ("SIDE-POTS", {"seat": 3, "total": D(15), "bet": D(20)}),
    betting.RoundComplete: ("ROUND-END", {}),
    betting.RoundNotComplete: ("ROUND-END", {"seat": 4}),
    betting.NoLiveHand: ("DEAL-SHORT", {"seat": 4}),
    betting.NotYourTurn: ("PREFLOP-ACTION", {"seat": 1, "actor": 3}),
    betting.TakesNoAmount: ("POSTFLOP-ACTION", {"move": Move.CALL, "amount": D(5)}),
    betting.CannotCheck: ("PREFLOP-ACTION", {"seat": 3, "bet": D(10), "to_call": D(5)}),
    betting.NothingToCall: ("POSTFLOP-ACTION", {"seat": 3}),
    betting.CannotBet: ("PREFLOP-ACTION", {"seat": 3, "bet": D(10)}),
    betting.CannotRaise: ("POSTFLOP-ACTION", {"seat": 3}),
    betting.NeedsAmount: ("NO-LIMIT", {"move": Move.RAISE}),
    betting.NotABet: ("NL-MIN-RAISE", {"amount": D(0), "minimum": D(10)}),
    betting.MoreThanStack: (
        "NO-LIMIT",
        {"move": Move.RAISE, "to": D(900), "seat": 3, "behind": D(490), "total": D(500)},
    ),
    betting.LimitSize: ("LIMIT-STAKES", {"move": Move.RAISE, "size": D(20), "to": D(30)}),
    betting.LimitSizeAllIn: ("LIMIT-STAKES", {"move": Move.BET, "size": D(10), "to": D(15)}),
    betting.BelowMinimumBet: ("NL-MIN-RAISE", {"to": D(5), "minimum": D(10)}),
    betting.BelowMinimumRaise: ("NL-MIN-RAISE", {"to": D(15), "minimum": D(20)}),
    betting.AbovePotLimit: ("POT-LIMIT", {"move": Move.ALL_IN, "to": D(90), "maximum": D(35)}),
    betting.NotChipMultiple: ("CHIP-UNIT", {"move": Move.RAISE, "to": D("20.5"), "unit": D(1)}),
    engine_refusals.OutOfOrder: ("BURN", {"expects": _TURN, "step": parse_step("turn")}),
    engine_refusals.SeenAtOnce: ("BURN", {"expects": _TURN, "step": parse_step("turn")}),
    engine_refusals.UnknownIrregularity: ("BURN", {"expects": _TURN, "step": parse_step("turn")}),
    engine_refusals.NoHandAtShowdown: ("SHOWDOWN", {"seat": 2}),
    engine_refusals.BoardThrown: ("PLAY-BOARD", {"seat": 2}),
    engine_refusals.TouchedMuck: ("FOLD", {"seat": 2}),
    engine_refusals.TabledNotMucked: ("SHOWDOWN-MUCK", {"seat": 2}),
    engine_refusals.AlreadyTabled: ("SHOWDOWN", {"seat": 2}),
    engine_refusals.BoardAlreadySaid: ("PLAY-BOARD", {"seat": 2}),
}


def _kinds() -> set[type[Refusal]]:
    found: set[type[Refusal]] = set()
    todo = [Refusal]
    while todo:
        for kind in todo.pop().__subclasses__():
            if kind.__module__.startswith("dealer."):
                found.add(kind)
                todo.append(kind)
    return found - {betting.BettingError}


def test_every_refusal_kind_has_a_sample_and_a_code_of_its_own() -> None:
    assert _kinds() == set(SAMPLES)
    codes = [kind.code for kind in SAMPLES]
    assert len(set(codes)) == len(codes)


@pytest.mark.parametrize("kind", list(SAMPLES), ids=lambda kind: kind.__name__)
def test_each_refusal_is_worded_at_the_edge(kind: type[Refusal]) -> None:
    rule, fields = SAMPLES[kind]
    refused = kind(rule, **fields)
    assert refused.rule == rule and refused.fields == fields
    # the log's English (scenarios' refused:) is the English message, filled in
    assert refusal(refused, Lang.EN) == str(refused)
    for lang in (Lang.ZH_HANS, Lang.ZH_HANT):
        assert kind.code in messages(lang)
        words = refusal(refused, lang)
        assert words != str(refused)
        leaks = english_words(words.replace(rule, "").replace(str(fields.get("step")), ""))
        assert leaks == [], words


def test_a_refusal_in_chinese_reads_its_fields() -> None:
    refused = betting.NothingToCall("POSTFLOP-ACTION", seat=3)
    assert (
        refusal(refused, Lang.ZH_HANS) == "3 号座位没有需要跟的注：请过牌或下注 (POSTFLOP-ACTION)"
    )
    above = betting.AbovePotLimit("POT-LIMIT", move=Move.ALL_IN, to=D(90), maximum=D(35))
    assert str(above) == "all-in to 90 is above the pot-limit maximum of 35 (POT-LIMIT)"
    assert refusal(above, Lang.ZH_HANT).startswith("全押")


def test_the_engine_raises_the_typed_refusal() -> None:
    from dealer.core.stakes import Stakes, Street, Structure

    stakes = Stakes.blinds(Structure.NO_LIMIT, D(5), D(10))
    stacks = {3: D(495), 4: D(490), 5: D(500)}
    rnd = betting.BettingRound(
        stakes, Street.PREFLOP, [5, 3, 4], stacks, {3: D(5), 4: D(10)},
        posted={3: D(5), 4: D(10)}, posted_bet_count=1,
    )  # fmt: skip
    with pytest.raises(betting.CannotCheck) as caught:
        rnd.verify(5, Move.CHECK)
    assert caught.value.fields == {"seat": 5, "bet": D(10), "to_call": D(10)}
    with pytest.raises(betting.NotYourTurn) as turn:
        rnd.verify(3, Move.CALL)
    assert turn.value.fields == {"seat": 3, "actor": 5}
    assert turn.value.rule == "PREFLOP-ACTION"
