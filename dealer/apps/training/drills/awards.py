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

from dealer.apps.training.scoring import Skill
from dealer.core.chips import ChipError, Chips, format_chips, parse_chips
from dealer.core.events import Kind
from dealer.core.pots import Pot, Share
from dealer.engine.hand import Hand

__all__ = [
    "Award", "Verdict", "award_skill", "award_text", "judge", "matching_share", "parse_award",
    "pot_words", "shares_of", "uncalled_in_front",
]  # fmt: skip


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
    """The hand's pots and their shares, as the machine pushes them (one computation: the
    engine's)."""
    return hand.pot_shares()


Uncalled = tuple[int, Chips]  # (seat, amount): an uncalled bet still in front of that seat


def uncalled_in_front(hand: Hand) -> Uncalled | None:
    """The uncalled bet the last betting round gave back, still in front of its seat when the
    pots are awarded (an earlier round's went back to the stack before the next street).

    A dealer pushes it with the pot when the same player wins that pot (a walk: the big blind's
    uncalled part and the small blind together), so an award of both at once is right."""
    for event in reversed(hand.events):
        if event.kind is Kind.RETURN and event.seat is not None and event.amount is not None:
            return event.seat, event.amount
        if event.kind in (Kind.BOARD, Kind.BURN):
            return None
    return None


def matching_share(
    line: Award, left: list[Share], uncalled: Uncalled | None = None
) -> Share | None:
    """The share of ``left`` that ``line`` awards: the same pot, seat and amount, or the whole
    pot pushed to its winner with the uncalled bet in front of them (``uncalled_in_front``)."""
    for share in left:
        if (share.pot_index, share.seat) != (line.pot, line.seat):
            continue
        if share.amount == line.amount:
            return share
        alone = all(other.pot_index != line.pot or other is share for other in left)
        if alone and uncalled is not None and uncalled == (line.seat, line.amount - share.amount):
            return share
    return None


@dataclass(frozen=True, slots=True)
class Verdict:
    """A wrong award: the rule, and the message key and fields that say why (``pot`` and
    ``last`` are pot indexes, for the caller to name in the trainee's language)."""

    rule: str
    key: str
    fields: dict[str, object]


def judge(
    line: Award, pots: tuple[Pot, ...], left: list[Share], uncalled: Uncalled | None = None
) -> Verdict | None:
    """None if ``line`` is the award of one of the shares ``left`` (the last pot first), the
    uncalled bet in front of its winner included (``matching_share``)."""
    match = matching_share(line, left, uncalled)
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


def award_skill(pots: tuple[Pot, ...], contested: bool, verdict: Verdict | None = None) -> Skill:
    """The skill an award (right, or wrong as ``verdict`` says) is counted under: side pots only
    where there is a side pot (SIDE-POTS); else the showdown's winner and split (SHOWDOWN,
    ODD-CHIP), the count of the one pot for a wrong amount, and the push of an uncontested pot
    for procedure (ROUND-END).

    >>> one = (Pot(Decimal(30), (1, 2, 3)),)
    >>> award_skill(one, True), award_skill(one, False)
    (<Skill.SHOWDOWN: 'showdown'>, <Skill.PROCEDURE: 'procedure'>)
    >>> award_skill(one, True, Verdict("SIDE-POTS", "award-amount", {}))
    <Skill.POT_COUNT: 'pot-count'>
    >>> award_skill((*one, Pot(Decimal(10), (1, 2))), True, Verdict("SHOWDOWN", "", {}))
    <Skill.SIDE_POTS: 'side-pots'>
    """
    if verdict is not None and verdict.rule == "ROUND-END":
        return Skill.PROCEDURE
    if len(pots) > 1:
        return Skill.SIDE_POTS
    if verdict is not None and verdict.key == "award-amount":
        return Skill.POT_COUNT
    return Skill.SHOWDOWN if contested else Skill.PROCEDURE
