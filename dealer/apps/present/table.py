"""What the trainee sees: the table drawn compactly, and the table's public events in words.

Hole cards are shown face down as counts; only cards the table can see (an exposed card, a shown
hand, the board, a set-aside card) are named. Every word is a message of ``procedures/texts``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from dealer.apps.present.commands import display
from dealer.apps.present.seat import SeatView, seat_views
from dealer.apps.present.texts import say
from dealer.apps.present.words import hand_name, pot_name
from dealer.core.cards import Card, format_cards
from dealer.core.chips import format_chips
from dealer.core.events import Event, Kind
from dealer.core.stakes import Stakes, Structure
from dealer.core.steps import DealerStep
from dealer.engine.hand import Hand
from dealer.rules.rulebook import Lang
from dealer.rules.texts import pad, template

__all__ = ["describe_game", "event_lines", "post_line", "render_table", "status_line", "text"]


def text(key: str, lang: Lang, **fields: object) -> str:
    """The trainer's text ``key`` in ``lang``, filled in (``dealer.apps.present.texts``)."""
    return say(key, lang, **fields)


def describe_game(stakes: Stakes, lang: Lang) -> str:
    """``no-limit 1/2 · ante 1``: the structure, the blinds (limit: the bets), antes, straddle."""
    if stakes.structure is Structure.LIMIT:
        small, big = stakes.small_bet, stakes.big_bet
    else:
        small, big = stakes.small_blind, stakes.big_blind
    parts = [text(stakes.structure.value, lang, small=format_chips(small), big=format_chips(big))]
    if stakes.ante > 0:
        parts.append(text("ante", lang, amount=format_chips(stakes.ante)))
    if stakes.straddle > 0:
        parts.append(text("straddle", lang, amount=format_chips(stakes.straddle)))
    return " · ".join(parts)


_TAGS = {"button": "pos-button", "small-blind": "pos-sb", "big-blind": "pos-bb",
         "straddle": "pos-straddle"}  # fmt: skip


def _seat_line(view: SeatView, lang: Lang) -> str:
    # Columns by terminal cells, so that Chinese (two cells a character) lines up too.
    wide = lang is not Lang.EN
    parts = [
        pad(text("seat", lang, seat=view.seat), 10 if wide else 8),
        pad(" ".join(text(_TAGS[tag], lang) for tag in view.tags), 7),
        pad(text("stack", lang, amount=format_chips(view.stack)), 12),
    ]
    in_pot = text("in-pot", lang, amount=format_chips(view.committed)) if view.committed else ""
    parts.append(pad(in_pot, 10 if wide else 9))
    down = text("face-down", lang, count=view.hidden) if view.hidden else ""
    parts.append(pad(down, 7))
    if view.shown:
        parts.append(text("face-up", lang, cards=format_cards(view.shown)))
    if view.folded:
        parts.append(text("folded", lang))
    return "  " + " ".join(parts).rstrip()


def _owed_now(hand: Hand, lang: Lang) -> str | None:
    """The step a ruling owes next, as the trainee types it in ``lang`` (``replace 5``, 補牌 5)."""
    head = hand.owed[0] if hand.owed else None
    if head is None or head.verb is None:
        return None
    return display(str(DealerStep(head.verb, seat=head.seat)), lang)


def _whose_turn(hand: Hand, lang: Lang) -> str:
    if hand.to_act is not None:
        return text("seat", lang, seat=hand.to_act)
    if hand.next_dealer_step() is not None:
        return text("dealer", lang)
    return text("nobody", lang)


def status_line(hand: Hand, lang: Lang) -> str:
    """Board, burns, set-aside cards, pot and whose turn it is, on one line."""
    colon = template("colon", lang)
    ledger = hand.ledger
    board = format_cards(ledger.board) if ledger.board else text("none", lang)
    parts = [
        f"{text('board', lang)}{colon}{board}",
        f"{text('burns', lang)}{colon}{len(ledger.burns)}",
    ]
    if ledger.set_aside:
        parts.append(f"{text('set-aside', lang)}{colon}{format_cards(ledger.set_aside)}")
    parts.append(f"{text('pot', lang)}{colon}{format_chips(hand.pot)}")
    owed = _owed_now(hand, lang)
    if owed is not None:  # a ruling's step comes before any player's turn
        parts.append(f"{text('owed', lang)}{colon}{owed}")
    else:
        parts.append(f"{text('to-act', lang)}{colon}{_whose_turn(hand, lang)}")
    return "  " + " · ".join(parts)


def render_table(hand: Hand, lang: Lang, heading: str) -> str:
    """The whole table: a heading, one line per seat dealt in, and the status line."""
    lines = [f"{heading} · {describe_game(hand.table.stakes, lang)} · {hand.table.ruleset.name}"]
    lines.extend(_seat_line(view, lang) for view in seat_views(hand))
    lines.append(status_line(hand, lang))
    return "\n".join(lines)


_ACTIONS: Mapping[Kind, str] = {
    Kind.FOLD: "ev-fold",
    Kind.CHECK: "ev-check",
    Kind.CALL: "ev-call",
    Kind.BET: "ev-bet",
    Kind.RAISE: "ev-raise",
}
_CARDS: Mapping[Kind, str] = {Kind.SET_ASIDE: "ev-set-aside", Kind.TO_STUB: "ev-to-stub"}
_POSTS: Mapping[Kind, str] = {
    Kind.ANTE: "ev-ante",
    Kind.SMALL_BLIND: "ev-small-blind",
    Kind.BIG_BLIND: "ev-big-blind",
    Kind.STRADDLE: "ev-straddle",
}


def post_line(event: Event, lang: Lang) -> str | None:
    """A forced bet in words (``seat 3 posts the big blind 2``); the table shows them as chips."""
    if event.kind not in _POSTS:
        return None
    amount = format_chips(event.amount) if event.amount is not None else "0"
    line = text(_POSTS[event.kind], lang, seat=event.seat, amount=amount)
    return line + (text("ev-all-in", lang) if event.all_in else "")


def _shuffle_or_cut(event: Event, lang: Lang) -> str:
    """What a shuffle or a cut did: how many cards, where the cut was."""
    if event.kind is Kind.SHUFFLE:
        return text("ev-shuffle", lang, cards=event.at if event.at is not None else "?")
    if event.at is not None:
        return text("ev-cut", lang, where=text("ev-cut-at", lang, at=event.at))
    return text("ev-cut", lang, where=text("ev-cut-kept", lang))


def _event_line(event: Event, lang: Lang) -> str | None:
    amount = format_chips(event.amount) if event.amount is not None else ""
    if event.kind in _ACTIONS:
        line = text(_ACTIONS[event.kind], lang, seat=event.seat, amount=amount)
        return line + (text("ev-all-in", lang) if event.all_in else "")
    if event.kind is Kind.RETURN and event.seat is not None:
        return text("ev-return", lang, seat=event.seat, amount=amount)
    if event.kind is Kind.SHOW and event.hand is not None:
        return text("ev-show", lang, seat=event.seat, cards=format_cards(event.cards),
                    name=hand_name(event.hand.key, lang))  # fmt: skip
    if event.kind is Kind.PUSH and event.pot is not None:
        return text("ev-push", lang, seat=event.seat, amount=amount, pot=pot_name(event.pot, lang))
    if event.kind is Kind.BUTTON and event.seat is not None and event.why is None:
        return text("ev-button", lang, seat=event.seat)
    if event.kind in _CARDS:
        return text(_CARDS[event.kind], lang, cards=format_cards(event.cards))
    if event.kind is Kind.GATHER:
        return text("ev-gather", lang)
    if event.kind in (Kind.SHUFFLE, Kind.CUT):
        return _shuffle_or_cut(event, lang)
    return None  # pitches, burns, posts: seen on the table, not announced


def event_lines(events: Iterable[Event], lang: Lang) -> list[str]:
    """The public events in words; the board cards a step turned are one line."""
    lines: list[str] = []
    board: list[Card] = []
    for event in events:
        if event.kind is Kind.BOARD:
            board.extend(event.cards)
            continue
        if board:
            lines.append(text("ev-board", lang, cards=format_cards(board)))
            board = []
        line = _event_line(event, lang)
        if line is not None:
            lines.append(line)
    if board:
        lines.append(text("ev-board", lang, cards=format_cards(board)))
    return lines
