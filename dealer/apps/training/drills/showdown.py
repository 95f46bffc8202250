"""The ``showdown`` drill: read the board and the hands, as a dealer must.

On a hand played to the showdown by seeded random players: who shows first (SHOW-ORDER: the last
aggressor on the river, else the player who pushed all-in when that ended the betting before the
river, else the first clockwise of the button; side-pot players before those all-in for an earlier
pot only), then the hands shown in that order, who wins each pot (SHOWDOWN, split pots, PLAY-BOARD
when the board plays, SIDE-POTS), and the winning hand's name from four. The answers come from the
engine (:attr:`dealer.engine.hand.Hand.show_order`, :mod:`dealer.core.pots`,
:mod:`dealer.core.hand_value`).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from dealer.apps.training.desk import Asking, Desk
from dealer.apps.training.drills.awards import shares_of
from dealer.apps.training.drills.names import key_name
from dealer.apps.training.drills.questions import Question, ask, numbered
from dealer.apps.training.drills.situations import find, story
from dealer.apps.training.drills.stages import showing_down
from dealer.apps.training.scoring import Skill
from dealer.core.cards import format_cards
from dealer.core.hand_value import best_hand, evaluate, plays_the_board
from dealer.core.steps import DealerStep, Verb
from dealer.engine.hand import Hand

__all__ = ["ShowdownDrill"]


def _at_showdown(hand: Hand) -> bool:
    return showing_down(hand) and len(hand.live) >= 2


def _seats_check(right: tuple[int, ...]) -> Callable[[str], bool | None]:
    def accept(text: str) -> bool | None:
        words = text.replace(",", " ").split()
        if not words or not all(word.isdigit() for word in words):
            return None
        return tuple(sorted({int(word) for word in words})) == right

    return accept


class ShowdownDrill:
    def __init__(self, desk: Desk, *, ruleset: str) -> None:
        self.desk, self.ruleset = desk, ruleset

    def play(self) -> Asking[None]:
        desk = self.desk
        found = None
        while found is None:  # a showdown comes in most hands: a few tries always find one
            found = find(desk, self.ruleset, _at_showdown)
        hand = desk.hand = found
        heading = desk.t("question", number=desk.number, total=desk.total)
        desk.say_all((heading, *story(desk, hand)))
        desk.redraw = lambda: desk.say_all(story(desk, hand))
        first = hand.show_order[0]  # the engine's SHOW-ORDER, the all-in exception included
        yield from ask(
            desk,
            Question(
                Skill.SHOWDOWN,
                "SHOW-ORDER",
                (desk.t("ask-show-first"),),
                str(first),
                desk.t("seat", seat=first),
                _seats_check((first,)),
                desk.t("form-seats"),
                facts=self._facts(hand, "show-first"),
            ),
        )
        hand.apply(DealerStep(Verb.SHOWDOWN))
        board = hand.ledger.board
        desk.say("  " + desk.t("ev-board", cards=format_cards(board)))
        for seat in hand.tabled:  # as the dealer turned them up: in the show order
            cards = format_cards(hand.ledger.hands[seat])
            desk.say("  " + desk.t("shows", seat=seat, cards=cards))
        pots, shares = shares_of(hand)
        for index in range(len(pots) - 1, -1, -1):
            pot = pots[index]
            winners = tuple(sorted(share.seat for share in shares if share.pot_index == index))
            if len(pot.eligible) == 1:
                continue  # an uncalled excess goes back: nothing to read
            board_plays = all(plays_the_board(hand.ledger.hands[s], board) for s in winners)
            rule_id = "PLAY-BOARD" if board_plays and len(winners) > 1 else "SHOWDOWN"
            shown = ", ".join(str(seat) for seat in winners)
            yield from ask(
                desk,
                Question(
                    Skill.SHOWDOWN,
                    rule_id,
                    (desk.t("ask-winner", pot=desk.pot(index)),),
                    " ".join(str(s) for s in winners),
                    shown,
                    _seats_check(winners),
                    desk.t("form-seats"),
                    facts=self._facts(hand, "winner", pot=index),
                ),
            )
            if index == 0:
                yield from self._name(hand, winners[0])

    def _name(self, hand: Hand, seat: int) -> Asking[None]:
        """The winning hand's name, from four (other hands on the table, or of these cards)."""
        desk = self.desk
        board, hands = hand.ledger.board, hand.ledger.hands
        right = best_hand(hands[seat], board).key
        keys = {best_hand(hands[other], board).key for other in hand.live if other in hands}
        keys.add(evaluate(board).key)
        for four in combinations(board, 4):
            keys.add(evaluate([*hands[seat], *four]).key)
        names = {key_name(key, desk.lang) for key in keys if key != right}
        right_name = key_name(right, desk.lang)
        names.discard(right_name)
        others = desk.rng.sample(sorted(names), min(3, len(names)))
        options = [right_name, *others]
        desk.rng.shuffle(options)
        number = options.index(right_name) + 1
        lines, accept = numbered(options, number)
        yield from ask(
            desk,
            Question(
                Skill.SHOWDOWN,
                "SHOWDOWN",
                (desk.t("ask-hand-name", seat=seat), *lines),
                str(number),
                right_name,
                accept,
                desk.t("quiz-number", count=len(options)),
                facts={**self._facts(hand, "hand-name"), "seat": seat, "options": options},
                options=tuple(options),
            ),
        )

    def _facts(self, hand: Hand, what: str, **more: object) -> dict[str, object]:
        return {
            "ask": what,
            "button": hand.table.button,
            "board": [str(card) for card in hand.ledger.board],
            "hands": {
                seat: [str(c) for c in hand.ledger.hands.get(seat, ())] for seat in hand.live
            },
            **more,
        }
