"""A ruleset's choices as a value: where the sources differ, what this table does (RULES.md
"Rulesets"). :mod:`dealer.rules.rulesets` reads them from ``procedures/rulesets/*.yaml``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Ruleset:
    name: str
    title: str
    fallback: str | None
    max_players: int
    limit_cap_bets: int | None
    limit_cap_lifted_heads_up: bool
    straddle_seats: tuple[str, ...]
    misdeal_exposed_cards: tuple[int, ...]
    dead_button: bool
    base: str  # the published ruleset an overlay ultimately extends (itself for seed and wsop-2024)
    # DEAL-EXTRA-ONE: one extra card is the flop burn wherever in the deal it came and until the
    # flop burn (004 ¶6), not only after the deal and before the first pre-flop action (LA 118).
    extra_card_until_flop_burn: bool = False
