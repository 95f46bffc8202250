"""The reader's language for words the lower layers write in English: hand names, pot names, the
roles of the cards a ruling names and step errors (a citation's fragments are the floor
answer's: :mod:`dealer.apps.floor.answer`).

The core and the engine hand over typed values (a hand's key, a pot's index, a refusal's code and
fields); this layer words them through the message tables (``procedures/texts/*.yaml``).

>>> hand_name((1, 9, 14, 12, 10), Lang.ZH_HANT)
'一對 9，踢腳 A Q 10'
>>> hand_name((6, 8, 2), Lang.ZH_HANS), hand_name((6, 8, 2), Lang.EN)
('葫芦，8 带 2', 'full house, eights full of twos')
>>> pot_name(2, Lang.ZH_HANT), pot_name(0, Lang.ZH_HANS)
('邊池 2', '主池')
>>> card_role("premature turn card", Lang.ZH_HANS)
'过早发出的转牌'
"""

from __future__ import annotations

from decimal import Decimal

from dealer.core.betting import Move
from dealer.core.cards import Rank
from dealer.core.chips import format_chips
from dealer.core.errors import Refusal
from dealer.core.hand_value import Category, describe_key
from dealer.engine.refusals import Expects
from dealer.rules.rulebook import Lang
from dealer.rules.texts import message, messages


def _rank(rank: int) -> str:
    """A rank as the cards show it: ``2`` to ``10``, ``J``, ``Q``, ``K``, ``A``."""
    return _FACES.get(rank) or str(rank)


_FACES = {11: "J", 12: "Q", 13: "K", 14: "A"}

# A hand's message by its category (the ranks of its key fill {a}, {b}, then {c} the kickers).
_HANDS = {
    Category.STRAIGHT_FLUSH: "hand-straight-flush",
    Category.FOUR_OF_A_KIND: "hand-four-of-a-kind",
    Category.FULL_HOUSE: "hand-full-house",
    Category.FLUSH: "hand-flush",
    Category.STRAIGHT: "hand-straight",
    Category.THREE_OF_A_KIND: "hand-three-of-a-kind",
    Category.TWO_PAIR: "hand-two-pair",
    Category.PAIR: "hand-pair",
    Category.HIGH_CARD: "hand-high-card",
}


def hand_name(key: tuple[int, ...], lang: Lang) -> str:
    """The hand with this key (:attr:`dealer.core.hand_value.HandValue.key`) named in the
    reader's language; English is the core's own name (the log's)."""
    if lang is Lang.EN:
        return describe_key(key)
    category, ranks = Category(key[0]), [_rank(rank) for rank in key[1:]]
    if category is Category.STRAIGHT_FLUSH and key[1] == Rank.ACE:
        return message("hand-royal-flush", lang)
    if category is Category.TWO_PAIR:
        return message(_HANDS[category], lang, a=ranks[0], b=ranks[1], c=ranks[2])
    if category in (Category.PAIR, Category.HIGH_CARD):
        return message(_HANDS[category], lang, a=ranks[0], c=" ".join(ranks[1:]))
    fields = dict(zip(("a", "b"), ranks, strict=False))
    return message(_HANDS[category], lang, **fields)


def pot_name(index: int, lang: Lang) -> str:
    """The main pot (0) or side pot ``index`` (:mod:`dealer.core.pots`) in the reader's language."""
    if index == 0:
        return message("pot-main", lang)
    return message("pot-side", lang, number=index)


def role_key(role: str) -> str:
    return "role-" + role.replace(" ", "-")


def card_role(role: str, lang: Lang) -> str:
    """What a card is to a ruling (``premature turn card``, ``boxed card``), in words."""
    key = role_key(role)
    return message(key, lang) if key in messages(lang) else role


def step_error(error: str, typed: str, lang: Lang) -> str:
    """Why typed text is not a step, in the reader's language (the core says it in English)."""
    if lang is Lang.EN:
        return error
    return message("step-unknown", lang, typed=typed.strip())


def refusal(refused: Refusal, lang: Lang) -> str:
    """A refused step in the reader's language, made from its code and typed fields
    (``procedures/texts``: ``refuse-*``), the rule ID after it where the kind cites one.

    >>> from decimal import Decimal
    >>> from dealer.core.betting import CannotCheck
    >>> refused = CannotCheck("PREFLOP-ACTION", seat=3, bet=Decimal(10), to_call=Decimal(10))
    >>> refusal(refused, Lang.ZH_HANS) == refusal(refused, Lang.EN)
    False
    >>> refusal(refused, Lang.EN) == str(refused)
    True
    """
    words = {name: _field(value, lang) for name, value in refused.fields.items()}
    text = message(refused.code, lang, **words)
    return f"{text} ({refused.rule})" if refused.cites_rule else text


def _field(value: object, lang: Lang) -> str:
    """A refusal's field in words: amounts without a trailing ``.0``, moves and what the procedure
    expected in ``lang``, seats and steps as written."""
    if isinstance(value, Decimal):
        return format_chips(value)
    if isinstance(value, Move):
        return message(f"move-{value.value}", lang)
    if isinstance(value, Expects):
        return value.words(lang)
    return str(value)


def unplayable(file: str, failure: str, lang: Lang) -> str:
    """Why a hand on file cannot be replayed to its last step (the replay's failure as it says
    it: a value of its own is the replay's to give)."""
    return message("ask-unplayable", lang, file=file, failure=failure)
