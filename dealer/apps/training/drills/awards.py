"""The trainee awards the pots: ``award main 120 to 3``, ``award side 1 40 to 5``.

The machine's own pots (:func:`dealer.core.pots.build_pots`) and shares (:func:`award`, odd chip
included) decide; each award line is checked against them, the last side pot first (ODD-CHIP).

>>> parse_award("award side 1 40 to 5"), parse_award("award main 120.5 to 3")
(Award(pot=1, amount=Decimal('40'), seat=5), Award(pot=0, amount=Decimal('120.5'), seat=3))
>>> parse_award("award the lot to 3") is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from dealer.core.chips import ChipError, format_chips, parse_chips
from dealer.core.hand_value import best_hand
from dealer.core.pots import Pot, Share, award, build_pots
from dealer.engine.hand import Hand

__all__ = ["Award", "Verdict", "award_text", "judge", "parse_award", "pot_words", "shares_of"]


@dataclass(frozen=True, slots=True)
class Award:
    pot: int  # 0: the main pot, N: side pot N
    amount: Decimal
    seat: int


def parse_award(text: str) -> Award | None:
    """``award main AMOUNT to SEAT`` or ``award side N AMOUNT to SEAT``; None if not that."""
    words = text.lower().split()
    if len(words) < 5 or words[0] != "award" or words[-2] != "to" or not words[-1].isdigit():
        return None
    if words[1] == "main" and len(words) == 5:
        pot, amount = 0, words[2]
    elif words[1] == "side" and len(words) == 6 and words[2].isdigit() and int(words[2]) > 0:
        pot, amount = int(words[2]), words[3]
    else:
        return None
    try:
        return Award(pot, parse_chips(amount), int(words[-1]))
    except ChipError:
        return None


def pot_words(index: int) -> str:
    """The pot as the award syntax names it: ``main`` or ``side 2``."""
    return "main" if index == 0 else f"side {index}"


def award_text(share: Share) -> str:
    return f"award {pot_words(share.pot_index)} {format_chips(share.amount)} to {share.seat}"


def shares_of(hand: Hand) -> tuple[tuple[Pot, ...], tuple[Share, ...]]:
    """The hand's pots and their shares, as the machine pushes them (``push_pots``)."""
    pots = build_pots(hand.committed, hand.folded)
    live = hand.live
    ranking: dict[int, tuple[int, ...]] = {live[0]: (0,)}
    if len(live) > 1:
        hands, board = hand.ledger.hands, hand.ledger.board
        ranking = {seat: best_hand(hands[seat], board).key for seat in live}
    table = hand.table
    return pots, award(pots, ranking, table.button, table.stakes.chip_unit, table.seats)


@dataclass(frozen=True, slots=True)
class Verdict:
    """A wrong award: the rule, and the message key and fields that say why (``pot`` and
    ``last`` are pot indexes, for the caller to name in the trainee's language)."""

    rule: str
    key: str
    fields: dict[str, object]


def judge(line: Award, pots: tuple[Pot, ...], left: list[Share]) -> Verdict | None:
    """None if ``line`` is the award of one of the shares ``left`` (the last pot first)."""
    match = next(
        (s for s in left if (s.pot_index, s.seat, s.amount) == (line.pot, line.seat, line.amount)),
        None,
    )
    names: dict[str, object] = {"pot": line.pot, "seat": line.seat}  # pots by index
    if line.pot >= len(pots):
        return Verdict("SIDE-POTS", "award-no-pot", {**names, "count": len(pots) - 1})
    eligible = pots[line.pot].eligible
    if line.seat not in eligible:
        seats = ", ".join(str(seat) for seat in eligible)
        return Verdict("SIDE-POTS", "award-not-eligible", {**names, "eligible": seats})
    last = max(share.pot_index for share in left)
    if line.pot != last:
        return Verdict("ODD-CHIP", "award-order", {**names, "last": last})
    parts = [share for share in left if share.pot_index == line.pot]
    if match is not None:
        return None
    mine = next((share for share in parts if share.seat == line.seat), None)
    if mine is None:
        winners = ", ".join(str(share.seat) for share in parts)
        return Verdict("SHOWDOWN", "award-not-winner", {**names, "winners": winners})
    if len(parts) > 1 or mine.amount != pots[line.pot].amount:
        return Verdict("ODD-CHIP", "award-split", {**names, "amount": format_chips(mine.amount)})
    return Verdict("SIDE-POTS", "award-amount", {**names, "amount": format_chips(mine.amount)})
