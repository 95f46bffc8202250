"""The reader's language for words the lower layers write in English: hand names, pot names, the
roles of the cards a ruling names, citation fragments and step errors.

The core and the engine name things in English for logs and scenario files (``pair of nines, ace
queen ten kickers``, ``side pot 1``, ``premature turn card``); this layer renders them through the
message tables (``procedures/texts/*.yaml``). English stays as it is.

>>> hand_name("pair of nines, ace queen ten kickers", Lang.ZH_HANT)
'一對 9，踢腳 A Q 10'
>>> hand_name("full house, eights full of twos", Lang.ZH_HANS)
'葫芦，8 带 2'
>>> pot_name("side pot 2", Lang.ZH_HANT), pot_name("main pot", Lang.ZH_HANS)
('邊池 2', '主池')
>>> card_role("premature turn card", Lang.ZH_HANS)
'过早发出的转牌'
"""

from __future__ import annotations

import re
from decimal import Decimal

from dealer.core.betting import Move
from dealer.core.chips import format_chips
from dealer.core.errors import Refusal
from dealer.engine.refusals import Expects
from dealer.rules.rulebook import Lang
from dealer.rules.texts import message, messages

_RANKS = {
    "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
    "nine": "9", "ten": "10", "jack": "J", "queen": "Q", "king": "K", "ace": "A",
}  # fmt: skip
_PLURALS = {("sixes" if word == "six" else f"{word}s"): rank for word, rank in _RANKS.items()}


def _rank(word: str) -> str:
    return _RANKS.get(word) or _PLURALS[word]


def _ranks(words: str) -> str:
    return " ".join(_rank(word) for word in words.split())


_HANDS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), key)
    for pattern, key in (
        (r"royal flush", "hand-royal-flush"),
        (r"straight flush, (?P<a>\w+) high", "hand-straight-flush"),
        (r"four of a kind, (?P<a>\w+), (?P<b>\w+) kicker", "hand-four-of-a-kind"),
        (r"full house, (?P<a>\w+) full of (?P<b>\w+)", "hand-full-house"),
        (r"flush, (?P<a>\w+) high", "hand-flush"),
        (r"straight, (?P<a>\w+) high", "hand-straight"),
        (r"three of a kind, (?P<a>\w+)", "hand-three-of-a-kind"),
        (r"two pair, (?P<a>\w+) and (?P<b>\w+), (?P<c>\w+) kicker", "hand-two-pair"),
        (r"pair of (?P<a>\w+), (?P<c>[\w ]+) kickers", "hand-pair"),
        (r"high card, (?P<a>\w+), (?P<c>[\w ]+)", "hand-high-card"),
    )
)


def hand_name(name: str, lang: Lang) -> str:
    """A hand's name (``dealer.core.hand_value``) in the reader's language."""
    if lang is Lang.EN:
        return name
    for pattern, key in _HANDS:
        match = pattern.fullmatch(name)
        if match is not None:
            found = {k: _ranks(v) for k, v in match.groupdict().items()}
            return message(key, lang, **found)
    return name  # a name this table does not know: tests/test_words.py keeps them known


def pot_name(name: str, lang: Lang) -> str:
    """``main pot`` and ``side pot N`` (``dealer.core.pots``) in the reader's language."""
    if name == "main pot":
        return message("pot-main", lang)
    match = re.fullmatch(r"side pot (\d+)", name)
    return message("pot-side", lang, number=match.group(1)) if match else name


def role_key(role: str) -> str:
    return "role-" + role.replace(" ", "-")


def card_role(role: str, lang: Lang) -> str:
    """What a card is to a ruling (``premature turn card``, ``boxed card``), in words."""
    key = role_key(role)
    return message(key, lang) if key in messages(lang) else role


# English fragments of citations (RULES.md cites some source parts by their English names).
_CITES = {
    "(last ¶)": "cite-last-paragraph",
    "(last sentence)": "cite-last-sentence",
    "(title)": "cite-title",
    "§The Blinds": "cite-004-blinds",
    '"Button and blind use"': "cite-la-button-blind",
    "§VII intro": "cite-la-vii-intro",
    'glossary "Burn"': "cite-tr-glossary-burn",
    " (LA 129 is the limit rule, see LIMIT-ALLIN)": "cite-tr96-not-la129",
    '"No Limit and Pot-Limit" introduction (the pot after the call)': "cite-la-nl-pl-intro",
    " and ¶5 (last sentences)": "cite-and-p5-last-sentences",
    " (not above the pot)": "cite-not-above-pot",
    "(opening: a standard 52-card deck, shuffled)": "cite-004-opening",
    " (second half)": "cite-second-half",
    " (the cut, named in the remedies)": "cite-cut-in-remedies",
    " (the challenged player shows)": "cite-challenged-shows",
    " (000's title only asks whether antes are played)": "cite-000-ante-title",
    " (TR 88a3 agrees)": "cite-tr88a3-agrees",
    " (TR 88a5 agrees)": "cite-tr88a5-agrees",
    " (LA 104 names no such case)": "cite-la104-silent",
    " (the name only; project reading)": "cite-tr86-name-only",
    " (the cut)": "cite-the-cut",
    " (蓋牌, Muck)": "cite-004-fold-muck",
}


def citation(text: str, lang: Lang) -> str:
    """A traced source with its English fragments in the reader's language."""
    if lang is Lang.EN:
        return text
    for fragment, key in _CITES.items():
        if fragment in text:
            text = text.replace(fragment, message(key, lang))
    return text


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
