"""Hands named in the trainee's language: the machine's English name, or the same hand in Chinese
from the training texts (``hand-CATEGORY``), ranks written as on the cards.

>>> from dealer.core.cards import parse_cards
>>> from dealer.rules.rulebook import Lang
>>> hole, board = parse_cards("Kh Jd"), parse_cards("Ks Jc Qd 4h 2s")
>>> hand_name(hole, board, Lang.EN)
'two pair, kings and jacks, queen kicker'
>>> hand_name(hole, board, Lang.ZH_HANT)
'兩對，K 和 J，踢腳 Q'
"""

from __future__ import annotations

from collections.abc import Sequence

from dealer.apps.training.texts import say
from dealer.core.cards import Card
from dealer.core.hand_value import Category, best_hand, describe_key
from dealer.rules.rulebook import Lang

__all__ = ["hand_name", "key_name"]

_RANK = {14: "A", 13: "K", 12: "Q", 11: "J"}


def _rank(value: int) -> str:
    return _RANK.get(value, str(value))


def key_name(key: tuple[int, ...], lang: Lang) -> str:
    """The name of the hand with this key (:attr:`HandValue.key`) in ``lang``."""
    if lang is Lang.EN:
        return describe_key(key)
    category, ranks = Category(key[0]), [_rank(value) for value in key[1:]]
    if category is Category.STRAIGHT_FLUSH and ranks[0] == "A":
        return say("hand-royal-flush", lang)
    fields = {
        "a": ranks[0] if ranks else "",
        "b": ranks[1] if len(ranks) > 1 else "",
        "rest": " ".join(ranks[1:]),
        "kickers": " ".join(ranks[{Category.TWO_PAIR: 2}.get(category, 1) :]),
    }
    return say(f"hand-{category.name.lower().replace('_', '-')}", lang, **fields)


def hand_name(hole: Sequence[Card], board: Sequence[Card], lang: Lang) -> str:
    return key_name(best_hand(hole, board).key, lang)
