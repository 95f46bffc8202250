"""The words a scenario file may use, with what each means: the reader refuses any other key
(naming the closest one), and the JSON Schema (:mod:`dealer.scenarios.schema`) is written from
these same definitions.

>>> sorted(STEP_KINDS)
['auto', 'expect', 'mishap', 'step']
>>> STEP_KINDS["step"]
('step', 'refused')
"""

from __future__ import annotations

from collections.abc import Mapping

SCENARIO: Mapping[str, str] = {
    "scenario": "the scenario's name (required)",
    "rules": "the rule IDs the scenario exercises, e.g. [TURN-PREMATURE, BURN]",
    "ruleset": "seed (default), wsop-2024, or a house overlay file",
    "table": "the game, the blinds, the button and the seats",
    "deck": "how the deck comes out: seed, stacked and/or cut",
    "steps": "the steps of a one-hand scenario",
    "hands": "several hands in a row, each with its steps",
    "phh": "fields of the PHH file the hand was imported from, written back by dealer export",
}

TABLE: Mapping[str, str] = {
    "game": "limit, no-limit or pot-limit",
    "blinds": "the small and the big blind, e.g. [1, 2]",
    "bets": "limit only: the small and the big bet, e.g. [5, 10]",
    "ante": "an ante posted by every player dealt in, or {big-blind: X} or {button: X}",
    "straddle": "true (twice the big blind), an amount, or button (wsop-2024)",
    "chip": "the chip unit: every amount is a whole number of it",
    "button": "the seat holding the button, or {draw: SEED} to draw for it",
    "seats": "seat number (1 to 10) -> stack",
    "dead_small_blind": "true: nobody posts the small blind this hand (DEAD-BUTTON)",
    "tournament": "true: a tournament table, with no straddle (STRADDLE); false by default",
}

DECK: Mapping[str, str] = {
    "seed": "a seeded shuffle: a number or a word",
    "stacked": "the cards the dealer deals from, top first, e.g. 'As Kd 7c'",
    "cut": "where the cut falls, from 1 to 51",
    "unknown": "stacked cards that stand for cards the record does not know (PHH ????)",
    "missing": "cards the deck lacks, e.g. [Kh]: a deck found short (DECK-MISSING-CARDS)",
}

# The PHH fields an imported hand keeps (``phh:``), written back by ``dealer export`` (docs/phh.md).
PHH: Mapping[str, str] = {
    "author": "the annotator",
    "event": "the event's name",
    "url": "the event's or organiser's address",
    "venue": "the venue",
    "address": "the venue's street address",
    "city": "the venue's city",
    "region": "the venue's region, state or province",
    "postal_code": "the venue's postal code",
    "country": "the venue's country",
    "time": "the time the hand began (hh:mm:ss)",
    "time_zone": "the IANA time zone",
    "time_zone_abbreviation": "the time zone's abbreviation",
    "day": "the day of the month",
    "month": "the month",
    "year": "the year",
    "hand": "the hand's name or number",
    "level": "the tournament level",
    "seats": "the players' seat numbers as the file gave them",
    "seat_count": "the number of seats at the table",
    "table": "the table's name or number",
    "players": "the players' names",
    "currency": "the ISO 4217 currency code",
    "currency_symbol": "the currency symbol",
    "ante_trimming_status": "PHH's ante uniformity flag",
    "time_limit": "the time allowed per action",
    "time_banks": "each player's time bank",
}

HAND: Mapping[str, str] = {
    "steps": "the steps of this hand",
    "deck": "how this hand's deck comes out",
    "leave": "seats whose players left the table since the last hand",
}

# A step mapping is one of these kinds, with the keys it may carry.
STEP_KINDS: Mapping[str, tuple[str, ...]] = {
    "step": ("step", "refused"),
    "mishap": ("mishap", "refused", "noticed", "at"),
    "auto": ("auto", "players"),
    "expect": ("expect",),
}
STEP: Mapping[str, str] = {
    "step": "a dealer step or a player action that must fit the procedure",
    "mishap": "what physically happened out of procedure",
    "auto": "autopilot: deal, flop, turn, river, showdown, end, or a state name",
    "expect": "checks of the hand's state after the previous step",
    "refused": "the exact refusal expected instead (the hand is then unchanged)",
    "noticed": "at once (the default), or later: ruled at the next notice step (NOTICED-LATE)",
    "at": "boxed card: found at this place of the flop (1 to 3) while the flop is dealt",
    "players": "autopilot's players: none (stop where a player acts) or check-call",
}

EXPECT: Mapping[str, str] = {
    "state": "the procedure's state name, e.g. flop_betting or done",
    "expected": "what the procedure expects next, as a refusal would say it",
    "board": "the board cards, in order",
    "burns": "the burn cards, in order",
    "muck": "the mucked cards",
    "set_aside": "the cards set aside (out of play)",
    "scrap": "the scrap cards (a misdeal's or a void hand's)",
    "stub_top": "the top cards of the stub, top first",
    "stub_size": "how many cards the stub holds",
    "burns_count": "how many burn cards there are (after a reshuffle, when which ones is chance)",
    "scrap_count": "how many scrap cards there are",
    "hands": "seat -> the cards it holds ('' for none)",
    "stacks": "seat -> stack",
    "pot": "every chip wagered in the hand so far, this round's bets included",
    "committed": "seat -> every chip it has put in during the hand (antes and blinds too)",
    "to_act": "the seat to act, or null",
    "folded": "the seats that have folded",
    "next_button": "where the button goes for the next hand",
    "button": "where the button is",
    "events": "the whole event log, line by line",
    "events_end": "the last lines of the event log",
    "shown": "seat -> the hand it showed, e.g. 'two pair, kings and fives'",
    "rulings": "the rulings made, e.g. ['TURN-PREMATURE (seed)'], or by bare ID where the file "
    "names no ruleset",
    "owed": "the steps a ruling still owes, in the rulebook's words or as commands (gather, "
    "finish round, redeal)",
    "branches": "the branch each ruling took, e.g. ['BURN-ERROR: acted-on'] (main: none)",
}
