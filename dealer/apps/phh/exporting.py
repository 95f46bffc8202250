"""``dealer export``: each replayed hand as a Poker Hand History (PHH) file any PHH reader plays.

The players are listed as PHH wants them, from the first seat dealt to (the small blind; heads-up
the big blind) clockwise to the button, with their seats in ``seats``; blinds and antes are
reversed heads-up as PHH says. The ``actions`` describe one regular hand: the cards that finally
played (a misdeal's redeal only, a redealt flop, the card that stood), every fold, check, call,
bet and raise, and the hands shown or mucked at the showdown. They are the actions of the hand
dealt again without its irregularities: the same players' actions on the same hole cards and
board, which must end with the same stacks; a hand that cannot be told so (a void hand, a hand
killed out of turn) is not written, and the export says why. Cards a recorded hand did not know
(deck ``unknown``) are written ``??``.

What PHH has no words for (the rulings, the irregularities, where every card ended, the whole
physical log) goes into user fields whose names start with ``_dealer_``, which PHH readers keep
and ignore; the fields of an imported file (``phh:``) are written back under their own names.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from dealer.core.betting import Move
from dealer.core.cards import Card, full_deck
from dealer.core.chips import Chips, format_chips
from dealer.core.deck import DeckPlan
from dealer.core.events import Event, Kind, Why
from dealer.core.stakes import AntePayer, Street, Structure
from dealer.core.steps import Call, PlayerAction, ShowdownCall
from dealer.core.table import Table
from dealer.engine.hand import Hand, Refusal
from dealer.engine.procedure import procedure
from dealer.scenarios.replay import HandReport, Result, autopilot

VARIANTS = {Structure.NO_LIMIT: "NT", Structure.LIMIT: "FT", Structure.POT_LIMIT: "PT"}
# Events that take a card from a player's hand without the player giving it up.
_TAKEN = frozenset({Kind.SET_ASIDE, Kind.TO_STUB, Kind.SCRAP, Kind.BURN})
_MOVES = {
    Kind.FOLD: Move.FOLD,
    Kind.CHECK: Move.CHECK,
    Kind.CALL: Move.CALL,
    Kind.BET: Move.BET,
    Kind.RAISE: Move.RAISE,
}
_IRREGULAR = frozenset(
    {Kind.RULING, Kind.SET_ASIDE, Kind.GATHER, Kind.SKIP, Kind.FLASH, Kind.SCRAP, Kind.VOID}
)
_TIME = re.compile(r"[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?")


class NotExported(ValueError):
    """A hand PHH cannot describe (a void hand, a hand killed out of turn): the reason."""


@dataclass(frozen=True, slots=True)
class Exported:
    """What one scenario gave: the files written, and the hands left out with the reason."""

    written: tuple[Path, ...]
    skipped: tuple[str, ...]


def export_result(result: Result, out_dir: Path, taken: set[str] | None = None) -> Exported:
    """Write every hand of a replayed scenario as ``STEM.phh`` (``STEM-N.phh`` for several);
    a stem already ``taken`` in this run gets its folder's name in front (and a number after,
    if that is taken too)."""
    path = Path(result.scenario.file)
    stem = path.stem
    if taken is not None:
        if stem in taken:
            stem = f"{path.parent.name}-{path.stem}"
        number = 2
        while stem in taken:
            stem = f"{path.parent.name}-{path.stem}-{number}"
            number += 1
        taken.add(stem)
    written, skipped = [], []
    several = len(result.hands) > 1
    for report in result.hands:
        if report.table is None:
            continue
        name = f"{stem}-{report.number}.phh" if several else f"{stem}.phh"
        try:
            text = hand_phh(result, report)
        except NotExported as why:
            skipped.append(f"{result.scenario.file} hand {report.number}: not exported: {why}")
            continue
        target = out_dir / name
        target.write_text(text + "\n", encoding="utf-8")
        written.append(target)
    return Exported(tuple(written), tuple(skipped))


@dataclass(frozen=True, slots=True)
class _Deal:
    """The deal that finally played, read from the event log."""

    table: Table
    holes: Mapping[int, tuple[Card, ...]]
    actions: tuple[PlayerAction, ...]
    mucked: tuple[int, ...]  # hands mucked at the showdown


def hand_phh(result: Result, report: HandReport) -> str:
    """The PHH text of one replayed hand; :class:`NotExported` for a hand PHH cannot describe."""
    table = report.table
    assert table is not None
    scenario = result.scenario
    plan = scenario.hands[report.number - 1].plan
    events = report.events
    deal = _final_deal(table, events)
    board = _cards(report.final.get("board", ""))
    clean = _regular_hand(deal, board, report)
    table = deal.table
    order = table.positions.deal_order
    index = {seat: number for number, seat in enumerate(order, start=1)}
    kept = dict(scenario.phh)
    fields: dict[str, Any] = {"variant": VARIANTS[table.stakes.structure]}
    if "ante_trimming_status" in kept:
        fields["ante_trimming_status"] = kept.pop("ante_trimming_status")
    fields["antes"] = _phh_order(_antes(table), order)
    fields["blinds_or_straddles"] = _phh_order(_blinds(table), order)
    stakes = table.stakes
    if stakes.structure is Structure.LIMIT:
        fields["small_bet"] = stakes.small_bet
        fields["big_bet"] = stakes.big_bet
    else:
        fields["min_bet"] = stakes.big_blind
    fields["starting_stacks"] = [table.stacks[seat] for seat in order]
    fields["actions"] = _actions(clean.events, index, plan.unknown)
    fields["hand"] = kept.pop("hand", report.number)
    fields["seats"] = kept.pop("seats", list(order))
    fields["seat_count"] = kept.pop("seat_count", 10)
    players = kept.pop("players", None)
    if players is not None and len(players) == len(order):
        fields["players"] = players
    final = report.final.get("stacks", {})
    if report.final.get("state") == procedure().final and all(seat in final for seat in order):
        fields["finishing_stacks"] = [Decimal(final[seat]) for seat in order]
        won = dict.fromkeys(order, Decimal(0))
        for event in clean.events:
            if event.kind is Kind.PUSH and event.seat in won and event.amount is not None:
                won[event.seat] += event.amount
        fields["winnings"] = [won[seat] for seat in order]
    for key, value in kept.items():
        fields[key] = _Time(value) if key == "time" and _TIME.fullmatch(str(value)) else value
    irregular = any(event.kind in _IRREGULAR for event in events)
    fields["_dealer_scenario"] = scenario.name
    fields["_dealer_file"] = scenario.file
    fields["_dealer_ruleset"] = scenario.ruleset.name
    fields["_dealer_irregular"] = irregular
    fields["_dealer_rulings"] = list(report.final.get("rulings", []))
    places = ("board", "burns", "muck", "set_aside", "scrap")
    fields["_dealer_card_fates"] = {place: report.final.get(place, "") for place in places}
    fields["_dealer_events"] = [str(event) for event in events]
    lines = [
        f"# Exported by dealer from {scenario.file}, hand {report.number} ({scenario.name}),",
        f"# replayed under {scenario.ruleset.name}.",
    ]
    if irregular:
        lines.append("# The actions are the hand as it finally played; the irregularities and the")
        lines.append("# physical log are in the _dealer_ fields.")
    if stakes.ante_by is not AntePayer.EACH and stakes.ante > 0:
        lines.append(f"# The {stakes.ante_by.value} ante is dead money for the main pot (ANTE).")
    for ruling in fields["_dealer_rulings"]:
        lines.append(f"# Ruling: {ruling}")
    lines += [f"{key} = {_toml(value)}" for key, value in fields.items()]
    return "\n".join(lines)


def _cards(text: str) -> list[str]:
    return text.split() if isinstance(text, str) else []


def _final_deal(table: Table, events: Sequence[Event]) -> _Deal:
    """The deal that played: after the last misdeal (``gather``), with the button where the
    ruling put it; the hole cards as held when the players first acted (an exposed card
    replaced, an extra card taken back); the players' actions."""
    if any(event.kind is Kind.VOID for event in events):
        raise NotExported("the hand is void (VOID): the chips went back, PHH has no void hand")
    start = 0
    for number, event in enumerate(events):
        if event.kind is Kind.GATHER:
            start = number + 1
    button = table.button
    for event in events:
        if event.kind is Kind.BUTTON and event.seat is not None and event.why is Why.CORRECTED:
            button = event.seat
    if button != table.button:
        table = replace(table, button=button)
    held: dict[int, list[Card]] = {seat: [] for seat in table.stacks}
    actions: list[PlayerAction] = []
    mucked: list[int] = []
    for event in events[start:]:
        kind, seat = event.kind, event.seat
        if kind is Kind.PITCH and seat in held:
            held[seat].append(event.cards[0])
        elif kind in _TAKEN and not actions:
            for cards in held.values():
                for card in event.cards:
                    if card in cards:
                        cards.remove(card)
        elif kind in _MOVES and seat is not None:
            move = _MOVES[kind]
            to = event.amount if kind in (Kind.BET, Kind.RAISE) else None
            if event.all_in and kind is not Kind.CALL:
                move, to = Move.ALL_IN, None
            actions.append(PlayerAction(seat, move, to))
        elif kind is Kind.MUCK and seat is not None and event.why is Why.DEAD_HAND:
            raise NotExported(
                f"seat {seat}'s hand was killed ({event.note}): PHH has no action for a hand "
                "the dealer kills"
            )
        elif kind is Kind.MUCK and seat is not None and event.why is Why.UNSHOWN:
            mucked.append(seat)
    for seat, cards in held.items():
        if len(cards) != 2:
            raise NotExported(f"seat {seat} holds {len(cards)} cards: a hold'em hand is two")
    holes = {seat: tuple(cards) for seat, cards in held.items()}
    return _Deal(table, holes, tuple(actions), tuple(mucked))


def _regular_hand(deal: _Deal, board: Sequence[str], report: HandReport) -> Hand:
    """The hand dealt again with no irregularity: the same hole cards and board, the same
    actions. It must end as the hand did (the same state, stacks and board)."""
    table = deal.table
    order = table.positions.deal_order
    cards = [deal.holes[seat][round_] for round_ in range(2) for seat in order]
    board_cards = [card for card in full_deck() if str(card) in board]
    by_text = {str(card): card for card in board_cards}
    final_board = [by_text[text] for text in board if text in by_text]
    used = set(cards) | set(final_board)
    spare = iter(card for card in full_deck() if card not in used)
    for street in (final_board[:3], final_board[3:4], final_board[4:5]):
        if street:
            cards += [next(spare), *street]
    hand = Hand(table, DeckPlan(seed="export", stacked=tuple(cards)))
    final = report.final
    over = final.get("state") == procedure().final
    try:
        autopilot(hand, "done")
        for number, action in enumerate(deal.actions, start=1):
            hand.apply(action)
            # after the last action, a hand the scenario left unfinished stays so: no card
            # the replay did not deal is dealt here
            if over or number < len(deal.actions):
                autopilot(hand, "showdown" if deal.mucked else "done")
        while not over and len(hand.ledger.board) < len(final_board):
            step = hand.next_dealer_step()
            if step is None:
                break
            hand.apply(step)
        if over:
            if deal.mucked:
                _muck(hand, deal.mucked)
            autopilot(hand, "done")
    except Refusal as refusal:
        raise NotExported(f"its actions do not make a regular hand ({refusal})") from None
    got = {seat: format_chips(stack) for seat, stack in sorted(hand.stacks.items())}
    want = {seat: format_chips(Decimal(stack)) for seat, stack in final.get("stacks", {}).items()}
    if over and (not hand.is_over or got != want):
        raise NotExported(
            "dealt again without its irregularities, the hand ends otherwise "
            f"(stacks {got}, not {want})"
        )
    return hand


def _muck(hand: Hand, seats: Sequence[int]) -> None:
    """The showdown with the hands mucked unshown (SHOWDOWN-MUCK), every hand shown or mucked
    in SHOW-ORDER (LA 145), as a PHH reader asks for them, until one hand is left."""
    for seat in hand.show_order:
        if hand.state != "showdown":
            break
        call = Call.MUCK if seat in seats else Call.SHOW
        hand.apply(ShowdownCall(seat, call))


def _antes(table: Table) -> dict[int, Chips]:
    """Each seat's ante as PHH states it (before the heads-up reversal)."""
    stakes = table.stakes
    if stakes.ante <= 0:
        return {}
    payer = table.ante_payer
    if payer is None:
        return dict.fromkeys(table.positions.deal_order, stakes.ante)
    return {payer: stakes.ante}


def _blinds(table: Table) -> dict[int, Chips]:
    positions, stakes = table.positions, table.stakes
    blinds = {positions.big_blind: stakes.big_blind}
    if positions.small_blind is not None:
        blinds[positions.small_blind] = stakes.small_blind
    if positions.straddle is not None:
        blinds[positions.straddle] = stakes.straddle
    return blinds


def _phh_order(by_seat: Mapping[int, Chips], order: Sequence[int]) -> list[Chips]:
    """Seat amounts as a PHH list in deal order; heads-up PHH lists them reversed (the first
    player posts the second amount)."""
    amounts = [by_seat.get(seat, Decimal(0)) for seat in order]
    return amounts[::-1] if len(amounts) == 2 else amounts


def _actions(
    events: Sequence[Event], index: Mapping[int, int], unknown: frozenset[Card]
) -> list[str]:
    """PHH actions from a regular hand's event log: hole cards, player actions, the board by
    street, the hands shown and mucked. Unknown cards are written ``??``."""

    def cards(shown: Sequence[Card]) -> str:
        return "".join("??" if card in unknown else str(card) for card in shown)

    held: dict[int, list[Card]] = {seat: [] for seat in index}
    actions: list[str] = []
    flop: list[Card] = []
    dealt = False
    for event in events:
        kind, seat = event.kind, event.seat
        if kind is Kind.PITCH and seat in held:
            held[seat].append(event.cards[0])
            continue
        if not dealt and kind is not Kind.PITCH and all(len(c) == 2 for c in held.values()):
            dealt = True
            actions += [f"d dh p{index[seat]} {cards(held[seat])}" for seat in index]
        if seat is None or seat not in index:
            seat = None
        if kind in _MOVES and seat is not None:
            word = {Kind.FOLD: "f", Kind.CHECK: "cc", Kind.CALL: "cc"}.get(kind)
            if word is None:
                assert event.amount is not None
                word = f"cbr {format_chips(event.amount)}"
            actions.append(f"p{index[seat]} {word}")
        elif kind is Kind.BOARD and event.street is Street.FLOP:
            flop.extend(event.cards)
            if len(flop) == 3:
                actions.append(f"d db {cards(flop)}")
        elif kind is Kind.BOARD:
            actions.append(f"d db {cards(event.cards)}")
        elif kind is Kind.SHOW and seat is not None:
            actions.append(f"p{index[seat]} sm {cards(event.cards)}")
        elif kind is Kind.MUCK and seat is not None and event.why in _MUCKS:
            actions.append(f"p{index[seat]} sm")  # mucked unshown at the showdown (SHOWDOWN-MUCK)
    return actions


# A hand mucked at the showdown (dealer/engine/normal.py): PHH's ``sm`` with no cards.
_MUCKS = frozenset({Why.UNSHOWN, Why.PLAYS_BOARD, Why.RELEASED_UNSHOWN})


class _Time(str):
    """A TOML local time (``hh:mm:ss``), written bare."""


def _toml(value: Any) -> str:
    """A TOML value: strings, whole or decimal amounts, booleans, lists and inline tables."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        return format_chips(value)
    if isinstance(value, _Time):
        return str(value)
    if isinstance(value, str):
        # JSON's escapes are TOML's, but for DEL and the C1 controls, raw in JSON, not in TOML
        return re.sub(
            "[\x7f-\x9f]",
            lambda m: f"\\u{ord(m.group()):04x}",
            json.dumps(value, ensure_ascii=False),
        )
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    if isinstance(value, dict):
        pairs = (f"{json.dumps(str(key))} = {_toml(item)}" for key, item in value.items())
        return "{" + ", ".join(pairs) + "}"
    raise TypeError(f"no TOML for {value!r}")
