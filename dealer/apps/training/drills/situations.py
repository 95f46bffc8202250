"""Seeded situations for the question drills: a random table, a hand played by random players up
to a moment that fits the question, and the hand's story told as the table saw it."""

from __future__ import annotations

import random
from collections.abc import Callable

from dealer.apps.present.table import describe_game, event_lines, post_line
from dealer.apps.training.desk import Desk
from dealer.apps.training.drills.names import hand_name
from dealer.core.betting import Move
from dealer.core.chips import format_chips
from dealer.core.deck import DeckPlan
from dealer.core.events import Event, Kind
from dealer.core.stakes import Structure
from dealer.core.table import Table
from dealer.engine.hand import Hand
from dealer.engine.random_play import random_action, random_table

__all__ = ["clear_spot", "find", "story"]

Fits = Callable[[Hand], bool]


def find(
    desk: Desk,
    ruleset: str,
    fits: Fits,
    *,
    structures: tuple[Structure, ...] = (Structure.NO_LIMIT, Structure.POT_LIMIT),
    tries: int = 150,
) -> Hand | None:
    """A hand stopped at a moment where ``fits`` holds (drawn from the desk's seeded generator),
    or None when ``tries`` hands offered none."""
    rng = desk.rng
    for _ in range(tries):
        table = random_table(
            rng, rng.choice(structures), players=rng.randint(2, 6), ruleset=ruleset
        )
        stakes = table.stakes
        if stakes.straddle or min(table.stacks.values()) < 2 * stakes.big_blind + stakes.ante:
            continue  # straddles and blinds posted short are the procedure drills' business
        seed = rng.randrange(1 << 31)
        moments = _moments(table, seed, fits)
        if moments:
            return _replay(table, seed, rng.choice(moments))
    return None


def clear_spot(hand: Hand) -> bool:
    """A betting spot the rule books agree on. Left out: a player who checked and now faces a
    bet smaller than a full bet (an all-in): the engine holds the betting not reopened for it
    (NL-MIN-RAISE: it has acted), PokerKit lets it raise; and a raise nobody could call (every
    other player has no more than the bet in all): the engine allows it, PokerKit does not."""
    betting = hand.betting
    if betting is None or betting.to_act is None:
        return False
    seat, high = betting.to_act, betting.high
    mine = [wager for wager in betting.history if wager.seat == seat]
    if mine and mine[-1].move is Move.CHECK and 0 < high < hand.table.stakes.big_blind:
        return False
    return any(
        other != seat and betting.bets[other] + hand.stacks[other] > high for other in betting.live
    )


def _play(table: Table, seed: int) -> tuple[Hand, random.Random]:
    return Hand(table, DeckPlan(seed=seed), audit=True), random.Random(seed)


def _moments(table: Table, seed: int, fits: Fits) -> list[int]:
    hand, players = _play(table, seed)
    found, moment = [], 0
    while not hand.is_over:
        if fits(hand):
            found.append(moment)
        step = hand.next_dealer_step()
        hand.apply(step if step is not None else random_action(hand, players))
        moment += 1
    return found


def _replay(table: Table, seed: int, moment: int) -> Hand:
    hand, players = _play(table, seed)
    for _ in range(moment):
        step = hand.next_dealer_step()
        hand.apply(step if step is not None else random_action(hand, players))
    return hand


def story(desk: Desk, hand: Hand) -> list[str]:
    """The game, the seats with their stacks at the start, and what happened, in order."""
    table, lang = hand.table, desk.lang
    lines = [f"{describe_game(table.stakes, lang)} · {table.ruleset.name}"]
    positions = table.positions
    for seat in table.seats:
        tags = [
            desk.t(key)
            for key, where in (
                ("pos-button", positions.button),
                ("pos-sb", positions.small_blind),
                ("pos-bb", positions.big_blind),
            )
            if where == seat
        ]
        stack = desk.t("stack", amount=format_chips(table.stacks[seat]))
        lines.append(f"  {desk.t('seat', seat=seat):<8} {' '.join(tags):<7} {stack}".rstrip())
    told: list[Event] = []  # told together, so that a street's board cards are one line
    for event in hand.events:
        posted = post_line(event, lang)
        if event.kind is Kind.SHOW and event.seat is not None:  # the hand named in lang
            cards = " ".join(str(card) for card in event.cards)
            name = hand_name(event.cards, hand.ledger.board, lang)
            posted = desk.t("ev-show", seat=event.seat, cards=cards, name=name)
        if posted is None:
            told.append(event)
            continue
        lines.extend(f"  {line}" for line in event_lines(told, lang))
        lines.append(f"  {posted}")
        told = []
    lines.extend(f"  {line}" for line in event_lines(told, lang))
    return lines
