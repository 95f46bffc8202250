"""Hands named in the trainee's language: the machine's English name, or the same hand in Chinese
(the messages ``hand-CATEGORY``, as every other output names hands), ranks written as on the cards.

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

from dealer.apps.present import words
from dealer.core.cards import Card
from dealer.core.hand_value import best_hand
from dealer.rules.rulebook import Lang

__all__ = ["hand_name", "key_name"]


def key_name(key: tuple[int, ...], lang: Lang) -> str:
    """The name of the hand with this key (:attr:`HandValue.key`) in ``lang``: the words the
    table's showdown lines use (:func:`dealer.apps.present.words.hand_name`)."""
    return words.hand_name(key, lang)


def hand_name(hole: Sequence[Card], board: Sequence[Card], lang: Lang) -> str:
    return key_name(best_hand(hole, board).key, lang)
