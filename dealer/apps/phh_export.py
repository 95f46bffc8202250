"""``dealer export``: each replayed hand as a Poker Hand History (PHH) file PokerKit loads.

The players are listed as PHH wants them, from the first seat dealt to (the small blind; heads-up
the big blind) clockwise to the button, with their seats in ``seats``; blinds and antes are
reversed heads-up as PHH says. The actions are the event log's: hole cards as each player held
them, every fold, check, call, bet and raise, the board by street and the hands shown. What PHH
has no words for (the rulings, the irregularities, where every card ended) goes into user fields
whose names start with ``_dealer_``, and into comments: PokerKit keeps the fields.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

from dealer.core.cards import Card
from dealer.core.chips import format_chips
from dealer.core.events import Event, Kind
from dealer.core.stakes import AntePayer, Structure
from dealer.core.table import Table
from dealer.engine.procedure import procedure
from dealer.scenarios.replay import HandReport, Result

VARIANTS = {Structure.NO_LIMIT: "NT", Structure.LIMIT: "FT", Structure.POT_LIMIT: "PT"}
# Events that take a card from a player's hand without the player giving it up.
_TAKEN = frozenset({Kind.SET_ASIDE, Kind.TO_STUB, Kind.SCRAP, Kind.BURN})
_ACTED = frozenset({Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE})
_IRREGULAR = frozenset(
    {Kind.RULING, Kind.SET_ASIDE, Kind.GATHER, Kind.SKIP, Kind.FLASH, Kind.SCRAP, Kind.VOID}
)


def export_result(result: Result, out_dir: Path, taken: set[str] | None = None) -> list[Path]:
    """Write every hand of a replayed scenario as ``STEM.phh`` (``STEM-N.phh`` for several);
    a stem already ``taken`` in this run gets its folder's name in front."""
    path = Path(result.scenario.file)
    stem = path.stem
    if taken is not None:
        if stem in taken:
            stem = f"{path.parent.name}-{stem}"
        taken.add(stem)
    written = []
    several = len(result.hands) > 1
    for report in result.hands:
        if report.table is None:
            continue
        name = f"{stem}-{report.number}.phh" if several else f"{stem}.phh"
        target = out_dir / name
        target.write_text(hand_phh(result, report) + "\n", encoding="utf-8")
        written.append(target)
    return written


def hand_phh(result: Result, report: HandReport) -> str:
    """The PHH text of one replayed hand."""
    table = report.table
    assert table is not None
    scenario = result.scenario
    order = table.positions.deal_order
    index = {seat: number for number, seat in enumerate(order, start=1)}
    fields: dict[str, Any] = {"variant": VARIANTS[table.stakes.structure]}
    fields["antes"] = _phh_order(_antes(table), order)
    fields["blinds_or_straddles"] = _phh_order(_blinds(table), order)
    stakes = table.stakes
    if stakes.structure is Structure.LIMIT:
        fields["small_bet"] = stakes.small_bet
        fields["big_bet"] = stakes.big_bet
    else:
        fields["min_bet"] = stakes.big_blind
    fields["starting_stacks"] = [table.stacks[seat] for seat in order]
    board = report.final.get("board", "").split()
    fields["actions"] = _actions(report.events, index, board)
    fields["seats"] = list(order)
    fields["seat_count"] = 10
    fields["hand"] = report.number
    final = report.final.get("stacks", {})
    if report.final.get("state") == procedure().final and all(seat in final for seat in order):
        fields["finishing_stacks"] = [Decimal(final[seat]) for seat in order]
    irregular = any(event.kind in _IRREGULAR for event in report.events)
    fields["_dealer_scenario"] = scenario.name
    fields["_dealer_file"] = scenario.file
    fields["_dealer_ruleset"] = scenario.ruleset.name
    fields["_dealer_irregular"] = irregular
    fields["_dealer_rulings"] = list(report.final.get("rulings", []))
    places = ("board", "burns", "muck", "set_aside", "scrap")
    fields["_dealer_card_fates"] = {place: report.final.get(place, "") for place in places}
    fields["_dealer_events"] = [str(event) for event in report.events]
    lines = [
        f"# Exported by dealer from {scenario.file}, hand {report.number} ({scenario.name}),",
        f"# replayed under {scenario.ruleset.name}.",
    ]
    if stakes.ante_by is not AntePayer.EACH and stakes.ante > 0:
        lines.append(f"# The {stakes.ante_by.value} ante is dead money for the main pot (ANTE).")
    for ruling in fields["_dealer_rulings"]:
        lines.append(f"# Ruling: {ruling}")
    lines += [f"{key} = {_toml(value)}" for key, value in fields.items()]
    return "\n".join(lines)


def _antes(table: Table) -> dict[int, Decimal]:
    """Each seat's ante as PHH states it (before the heads-up reversal)."""
    stakes = table.stakes
    if stakes.ante <= 0:
        return {}
    payer = table.ante_payer
    if payer is None:
        return dict.fromkeys(table.positions.deal_order, stakes.ante)
    return {payer: stakes.ante}


def _blinds(table: Table) -> dict[int, Decimal]:
    positions, stakes = table.positions, table.stakes
    blinds = {positions.big_blind: stakes.big_blind}
    if positions.small_blind is not None:
        blinds[positions.small_blind] = stakes.small_blind
    if positions.straddle is not None:
        blinds[positions.straddle] = stakes.straddle
    return blinds


def _phh_order(by_seat: Mapping[int, Decimal], order: Sequence[int]) -> list[Decimal]:
    """Seat amounts as a PHH list in deal order; heads-up PHH lists them reversed (the first
    player posts the second amount)."""
    amounts = [by_seat.get(seat, Decimal(0)) for seat in order]
    return amounts[::-1] if len(amounts) == 2 else amounts


def _actions(events: Sequence[Event], index: Mapping[int, int], board: Sequence[str]) -> list[str]:
    """PHH actions from the event log: hole cards as held, player actions, the cards of the final
    board (a premature card set aside is no board card), shown hands."""
    held: dict[int, list[Card]] = {seat: [] for seat in index}
    actions: list[str] = []
    dealt = False
    flop: list[Card] = []

    def deal_holes() -> None:
        nonlocal dealt
        if not dealt:
            dealt = True
            for seat, number in index.items():
                cards = "".join(str(card) for card in held[seat]) or "????"
                actions.append(f"d dh p{number} {cards}")

    for event in events:
        kind, seat = event.kind, event.seat
        if kind is Kind.PITCH and seat in held:
            held[seat].append(event.cards[0])
        elif kind is Kind.GATHER:
            for cards in held.values():
                cards.clear()
        elif kind in _TAKEN and not dealt:
            for cards in held.values():
                for card in event.cards:
                    if card in cards:
                        cards.remove(card)
        elif kind in _ACTED and seat is not None and seat in index:
            deal_holes()
            if flop:
                actions.append("d db " + "".join(str(card) for card in flop))
                flop = []
            word = {Kind.FOLD: "f", Kind.CHECK: "cc", Kind.CALL: "cc"}.get(kind)
            if word is None:
                assert event.amount is not None
                word = f"cbr {format_chips(event.amount)}"
            actions.append(f"p{index[seat]} {word}")
        elif kind is Kind.BOARD and str(event.cards[0]) in board:
            deal_holes()
            if event.note == "flop":
                flop.extend(event.cards)
                if len(flop) == 3:
                    actions.append("d db " + "".join(str(card) for card in flop))
                    flop = []
            else:
                actions.append("d db " + "".join(str(card) for card in event.cards))
        elif kind is Kind.SHOW and seat is not None and seat in index:
            actions.append(f"p{index[seat]} sm " + "".join(str(card) for card in event.cards))
        elif kind is Kind.MUCK and seat is not None and seat in index and event.note in _MUCKS:
            actions.append(f"p{index[seat]} sm")  # mucked unshown at the showdown (SHOWDOWN-MUCK)
    deal_holes()
    return actions


# The notes of a hand mucked at the showdown (dealer/engine/normal.py): PHH's ``sm`` with no cards.
_MUCKS = frozenset({"unshown", "plays the board", "released unshown"})


def _toml(value: Any) -> str:
    """A TOML value: strings, whole or decimal amounts, booleans, lists and inline tables."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        return format_chips(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    if isinstance(value, dict):
        pairs = (f"{json.dumps(str(key))} = {_toml(item)}" for key, item in value.items())
        return "{" + ", ".join(pairs) + "}"
    raise TypeError(f"no TOML for {value!r}")
