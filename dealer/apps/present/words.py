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


# Refusals of a player's move (dealer/core/betting.py words them in English): pattern -> message.
def _pattern(text: str) -> re.Pattern[str]:
    """``{seat}``, ``{a}`` ... stand for amounts or seats, ``{move}`` for a move's name."""

    def field(match: re.Match[str]) -> str:
        name = match.group(1)
        return r"(?P<move>[a-z-]+)" if name == "move" else rf"(?P<{name}>[\d.]+)"

    return re.compile(re.sub(r"\{(\w+)\}", field, text))


_REFUSALS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (_pattern(pattern), key)
    for pattern, key in (
        (r"seat {seat} may only call or fold: every other player is all-in", "refuse-all-all-in"),
        (r"the betting is capped at {a} bets; seat {seat} may only call or fold", "refuse-capped"),
        (
            r"seat {seat} may only call or fold: the all-in to {a} is less than a full raise over "
            r"the {b} it acted on, so the betting is not reopened",
            "refuse-not-reopened",
        ),
        (
            r"seat {seat} has {a} in all, not more than the bet of {b}: it can only call all-in",
            "refuse-call-all-in",
        ),
        (r"the betting round is complete: nobody is to act", "refuse-round-complete"),
        (r"not seat {seat}'s turn: seat {actor} is to act", "refuse-not-turn"),
        (
            r"{move} takes no amount \(got {a}\): only a bet or a raise names one",
            "refuse-no-amount",
        ),
        (
            r"seat {seat} cannot check: it faces a bet of {a} \({b} to call\); call, raise or fold",
            "refuse-cannot-check",
        ),
        (r"seat {seat} has nothing to call: check or bet", "refuse-nothing-to-call"),
        (
            r"seat {seat} cannot bet: there is already a bet of {a} in this round; raise instead",
            "refuse-cannot-bet",
        ),
        (
            r"seat {seat} cannot raise: there is no bet in this round; bet instead",
            "refuse-cannot-raise",
        ),
        (r"a {move} needs an amount: [a-z-]+ to how much\?", "refuse-needs-amount"),
        (r"a bet of {a} is not a bet: bet at least {b}", "refuse-not-a-bet"),
        (r"{move} to {a} is more than seat {seat} has: {b} behind, {c} in all", "refuse-too-much"),
        (r"in limit the {move} is to {a} exactly, not {b}(?: \(all-in\))?", "refuse-limit"),
        (r"bet of {a} is below the minimum bet of {b}", "refuse-min-bet"),
        (r"raise to {a} is below the minimum raise to {b}", "refuse-min-raise"),
        (r"{move} to {a} is above the pot-limit maximum of {b}", "refuse-pot-limit"),
        (r"{move} to {a} is not a multiple of the {b} chip", "refuse-chip-unit"),
        # the showdown (issue 21: dealer/engine/normal.py, call_refusal)
        (r"seat {seat} holds no hand at the showdown", "refuse-no-hand"),
        (
            r"seat {seat} said the board plays and threw the cards away: the hand is the board",
            "refuse-board-thrown",
        ),
        (r"seat {seat}'s hand already touched the muck", "refuse-touched"),
        (
            r"seat {seat}'s hand is tabled: it is read by its cards and may not be mucked",
            "refuse-tabled-muck",
        ),
        (r"seat {seat}'s hand is already tabled", "refuse-tabled"),
        (r"seat {seat} has already said the board plays", "refuse-board-said"),
    )
)
MOVES = ("fold", "check", "call", "bet", "raise", "all-in")


def refusal(text: str, lang: Lang) -> str:
    """A refused player's move in the reader's language (unknown wording: as it came)."""
    if lang is Lang.EN:
        return text
    cited = re.fullmatch(r"(.*) (\([A-Z][A-Z0-9-]*\))", text)  # "... (PREFLOP-ACTION)"
    if cited is not None:
        return f"{refusal(cited.group(1), lang)} {cited.group(2)}"
    for pattern, key in _REFUSALS:
        match = pattern.fullmatch(text)
        if match is not None:
            found = dict(match.groupdict())
            if "move" in found and found["move"] in MOVES:
                found["move"] = message(f"move-{found['move']}", lang)
            return message(key, lang, **found)
    return text


def unplayable(file: str, failure: str, lang: Lang) -> str:
    """Why a hand on file cannot be replayed to its last step."""
    return message("ask-unplayable", lang, file=file, failure=refusal(failure, lang))
