"""The words of a question as the lexicon and the reader take them: a crude English stem, the
English number words, the Chinese characters too common to mean a facet, and the tests a Chinese
form passes before the number patterns read it.

>>> stems("Dealer exposed two cards")
['dealer', 'expos', 'two', 'card']
"""

from __future__ import annotations

import re

from dealer.rules.readings import ZH_DIGITS

_IRREGULAR = {"dealt": "deal", "burnt": "burn", "turned": "turned", "turning": "turned",
              "saw": "see", "seen": "seen", "fell": "fell",
              "handed": "handed"}  # fmt: skip  # "10-handed" is a table's size, not a hand
_SUFFIXES = ("ingly", "edly", "ing", "ed", "ly", "es", "s")


def stem(word: str) -> str:
    """A crude English stem, enough that ``exposed`` and ``expose`` meet.

    >>> stem("exposed"), stem("expose"), stem("cards"), stem("prematurely"), stem("turned")
    ('expos', 'expos', 'card', 'prematur', 'turned')
    """
    word = _IRREGULAR.get(word, word)
    if word in _IRREGULAR.values():
        return word
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word


ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4,
             "4th": 4, "fifth": 5, "5th": 5, "sixth": 6, "6th": 6, "seventh": 7, "7th": 7,
             "eighth": 8, "8th": 8, "ninth": 9, "9th": 9, "tenth": 10, "10th": 10,
             "last": 99}  # fmt: skip
COUNTS = {"zero": 0, "no": 0, "one": 1, "single": 1, "two": 2, "twice": 2, "double": 2,
           "pair": 2, "both": 2, "three": 3, "thrice": 3, "triple": 3, "four": 4, "five": 5,
           "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "several": 2,
           "multiple": 2}  # fmt: skip
# The English numbers past ten, written as words ("fifty-one cards", "eleven guys"): read as their
# digits before anything else, so that a count of the deck or of the players is not a misspelt
# ordinal ("fifty" is no "fifth")
_TEENS = ("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
          "eighteen", "nineteen")  # fmt: skip
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_UNITS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_NUMBER_WORDS = re.compile(
    rf"\b(?:({'|'.join(_TENS)})(?:[-\s]+({'|'.join(_UNITS)}))?|({'|'.join(_TEENS)}))\b",
    re.IGNORECASE,
)


def number_words(text: str) -> str:
    """The English numbers past ten written as words, in digits (``"fifty-one"`` -> ``"51"``).

    >>> number_words("only fifty-one cards, eleven guys, twenty two players, the fifteenth")
    'only 51 cards, 11 guys, 22 players, the fifteenth'
    """

    def digits(match: re.Match[str]) -> str:
        tens, unit, teen = match.groups()
        if teen is not None:
            return str(11 + _TEENS.index(teen.casefold()))
        value = 20 + 10 * _TENS.index(tens.casefold())
        return str(value + (1 + _UNITS.index(unit.casefold()) if unit else 0))

    return _NUMBER_WORDS.sub(digits, text)


WORD = re.compile(r"[a-z0-9]+")
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")


def protected(meaning: tuple[str, str]) -> bool:
    """Whether a form is read before the numbers: not the counted ones ("多一張" is one extra)."""
    facet, value = meaning
    return facet in ("object", "event", "when") and value not in ("extra", "short")


def numbered(form: str) -> bool:
    """Whether a Chinese form holds a number word that the number patterns would read."""
    return any(c in ZH_DIGITS or c in "第首头頭" for c in form)


def stems(text: str) -> list[str]:
    words = WORD.findall(text.casefold().replace("n't", " not"))
    return [word if word in ORDINALS or word in COUNTS else stem(word) for word in words]


ZH_STOP = frozenset("了的在是個个把被和與与或也就都還还有又時时候嗎吗呢啊吧這这那怎麼么樣样要該该")
