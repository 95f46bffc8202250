"""A ruleset's choices as a value: where the sources differ, what this table does (RULES.md
"Rulesets"). :mod:`dealer.rules.rulesets` reads them from ``procedures/rulesets/*.yaml``; a
ruleset's title and fallback are the rulebook's (``procedures/rulebook.yaml``, ``rulesets:``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Ruleset:
    name: str
    max_players: int
    limit_cap_bets: int | None
    limit_cap_lifted_heads_up: bool
    straddle_seats: tuple[str, ...]
    misdeal_exposed_cards: tuple[int, ...]
    dead_button: bool
    base: str  # the published ruleset an overlay ultimately extends (itself for seed and wsop-2024)
    # An overlay's rulings taken from another published ruleset: (rule ID, ruleset) pairs.
    rulings: tuple[tuple[str, str], ...] = ()

    def ruling_from(self, rule_id: str) -> str:
        """The published ruleset whose ruling of ``rule_id`` this one applies.

        >>> Ruleset("jade", 9, 4, False, (), (1,), False, "seed",
        ...         (("FLOP-PREMATURE", "wsop-2024"),)).ruling_from("FLOP-PREMATURE")
        'wsop-2024'
        """
        return dict(self.rulings).get(rule_id, self.base)

    # FOLD, SHOWDOWN-MUCK: a hand thrown face down so that a card touches the muck is dead at once
    # (seed, 004); else only once the dealer pushes it into the muck (LA 106).
    muck_touch_kills: bool = True
    # PLAY-BOARD: saying that the board plays lets the hand be thrown away and still share (seed,
    # 004); else both hole cards must be tabled (LA 168; TR 75).
    board_by_announcement: bool = True
    # DEAL-EXTRA-ONE: one extra card is the flop burn wherever in the deal it came and until the
    # flop burn (004 ¶6), not only after the deal and before the first pre-flop action (LA 118).
    extra_card_until_flop_burn: bool = False
