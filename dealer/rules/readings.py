"""The word patterns of the reader's structural readings, as data (``readings`` in
``procedures/search.yaml``): which street a Chinese street word is, the street after it, and the
regular expressions that read a sentence's structure in both languages (a street's betting over, a
street said to be early, a count after a burn, a card not dealt (to him), "not the dealer", "the
dealer or the player", one seat's card given to another, the deal started at a wrong seat, a
choice, a card's place in one seat's hand, a seat the deal's first two cards never go to, a card
"not the first two", every other hand holding its two, "face down", what a seat holds, "more than
one", amounts of chips (5/10, bet 7), who shows first, a seat's third card, a card going back into
the stub, a card seen, the button named, a street already out, a seat passed over for the whole
hand, the decks' colours, a replacement card, one card said with its article, a chip left over,
chips or amounts said, the big blind's first card, a later seat's first card, a ruling being
carried out, the amounts of money named, the button written with its letter, the deal's own place
of a card, a round of the deal, two amounts, the order named or gone wrong, how many burns asked, a
street's dealing said, one card named twice, whether something happened doubted, the 又 of "and
then" after a finished deal, where the button goes, players still to act, seats named together, the
flop's cards counted as it came).
Checked on load: a pattern that does not compile, or lacks the group its reading takes, is a
``file:line: message`` error.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from dealer.rules.nodes import Items, Node, SourceError

# `{number}` in a pattern: a number in digits or Chinese number characters (one group)
ZH_DIGITS = "零〇一二两兩三四五六七八九十"
NUMBER = rf"([{ZH_DIGITS}]+|\d+)"

# what a Chinese number pattern reads: a seat, the round of the deal, the last card, or a number
NUMBER_READS = ("seat", "round", "last", "ordinal", "count", "extra", "players")

# pattern lists, and whether each pattern must capture one group (the street, the count)
_PATTERNS = {
    "after-street": True,
    "early-street": True,
    "early-next": True,
    "after-burn": True,
    "not-dealt": False,
    "not-dealt-him": False,
    "not-dealer": False,
    "either-who": False,
    "misdirected": False,
    "wrong-start": False,
    "choice": False,
    "seat-card": False,
    "later-seat": False,
    "others-due": False,
    "face-down": False,
    "seat-holds": False,
    "not-first-two": False,
    "more-than": True,
    "fine": False,
    "amounts": False,
    "show-first": False,
    "seat-extra": False,
    "back-in": False,
    "seen": False,
    "button-named": False,
    "street-out": False,
    "whole-hand": False,
    "colours": False,
    "replacement": False,
    "one-card": False,
    "odd-chip": False,
    "chips": False,
    "big-blind-first": False,
    "later-first": False,
    "fixing": False,
    "money": True,
    "units": True,
    "button-letter": False,
    "deal-place": True,
    "go-round": False,
    "both-amounts": False,
    "order-asked": False,
    "out-of-order": False,
    "burns-counted": False,
    "street-dealt": False,
    "same-card": False,
    "burn-role": False,
    "stub-burn": False,
    "which-card": False,
    "then-again": False,
    "button-goes": False,
    "yet-to-act": False,
    "flop-dealt": False,
    "seats-joined": False,
    "doubted": False,
    "own-flip": False,
}


@dataclass(frozen=True, slots=True)
class Readings:
    street_of: Mapping[str, str]  # a street's word as written -> the street (an object)
    next_street: Mapping[str, str]  # a street's word -> the street dealt after it
    after_street: tuple[re.Pattern[str], ...]  # "once the flop betting is done"; group: street
    early_street: tuple[re.Pattern[str], ...]  # "premature turn", "轉牌過早"; group: street
    early_next: tuple[re.Pattern[str], ...]  # "burned and turned while ... on the flop"; group:
    # the street whose betting was open (the street after it was dealt early)
    after_burn: tuple[re.Pattern[str], ...]  # "銷牌後發三張"; group: the count dealt
    not_dealt: tuple[re.Pattern[str], ...]  # "沒有發給小盲": a card not dealt to someone
    not_dealt_him: tuple[re.Pattern[str], ...]  # 沒發牌給他, "never dealt him": to someone named
    not_dealer: tuple[re.Pattern[str], ...]  # "not the dealer's fault": the player did it
    either_who: tuple[re.Pattern[str], ...]  # "the dealer or the player": either may have done it
    misdirected: tuple[re.Pattern[str], ...]  # 5號的牌發給了6號: one seat's card to another
    wrong_start: tuple[re.Pattern[str], ...]  # 從按鈕開始發: the deal started at a wrong seat
    choice: tuple[re.Pattern[str], ...]  # 先分邊池還是主池: asks which way is right
    more_than: tuple[re.Pattern[str], ...]  # "more than one", 不止一張: one more; group: the number
    seat_card: tuple[re.Pattern[str], ...]  # "seat 4's second card", 3號的第二張: its hand's place
    later_seat: tuple[re.Pattern[str], ...]  # the button, the cutoff, 槍口: not the first card
    not_first_two: tuple[re.Pattern[str], ...]  # "not the first two", 不是前兩張: a later card
    others_due: tuple[re.Pattern[str], ...]  # "everyone else has 2", 其他人都兩張: one hand over
    face_down: tuple[re.Pattern[str], ...]  # "face down", 面朝下: how a burn lies
    seat_holds: tuple[re.Pattern[str], ...]  # 4號三張牌: what one seat's hand holds
    fine: tuple[re.Pattern[str], ...]  # "first card went fine", 第一張沒事: not the one asked
    amounts: tuple[re.Pattern[str], ...]  # "5/10", "bet 7", 下注100: chips, not cards
    show_first: tuple[re.Pattern[str], ...]  # "who turns his hand over first", 誰先亮: show order
    seat_extra: tuple[re.Pattern[str], ...]  # 給小盲發了第三張: a seat's third card, one too many
    back_in: tuple[re.Pattern[str], ...]  # "does it go back into the deck", 洗回去: into the stub
    burn_role: tuple[re.Pattern[str], ...]  # "held as the flop burn": a card's role
    stub_burn: tuple[re.Pattern[str], ...]  # "burned off the stub": a stub burn too
    which_card: tuple[re.Pattern[str], ...]  # "which one is the burn?", 用哪張
    then_again: tuple[re.Pattern[str], ...]  # 發完了又: "and then", not "another"
    seen: tuple[re.Pattern[str], ...]  # "the card everybody saw", 看過: a card the table has seen
    button_named: tuple[re.Pattern[str], ...]  # "button", 按鈕 (莊家 alone may be the dealer)
    street_out: tuple[re.Pattern[str], ...]  # "flop already out", 翻牌都開了: a street dealt since
    whole_hand: tuple[re.Pattern[str], ...]  # "skipped him entirely", 整個: never served
    colours: tuple[re.Pattern[str], ...]  # the colours of decks' backs (red, 藍)
    replacement: tuple[re.Pattern[str], ...]  # "the replacement", 補給他的: the card given for one
    one_card: tuple[re.Pattern[str], ...]  # "a boxed card", 有張反牌: one card, by its article
    odd_chip: tuple[re.Pattern[str], ...]  # "the extra chip", 多出一個籌碼: a chip over, no card
    chips: tuple[re.Pattern[str], ...]  # chips or amounts said ("5/10", 籌碼): a matter of money
    big_blind_first: tuple[re.Pattern[str], ...]  # 大盲的第一張: the deal's second card
    seats_joined: tuple[re.Pattern[str], ...]  # "seat 3 and seat 8", 2號與6號: seats together
    flop_dealt: tuple[re.Pattern[str], ...]  # 翻出來四張: the flop's cards counted
    yet_to_act: tuple[re.Pattern[str], ...]  # "two players still to act": no table of two
    button_goes: tuple[re.Pattern[str], ...]  # 按鈕怎麼走, "where does the button go": its move
    later_first: tuple[re.Pattern[str], ...]  # "the button's first card": after the first two
    fixing: tuple[re.Pattern[str], ...]  # 正在處理, "the remedy said": a ruling being carried out
    money: tuple[re.Pattern[str], ...]  # "bet 7", 下注110: the amounts bet (groups)
    units: tuple[re.Pattern[str], ...]  # "5/10", 最小籌碼是5, 25的籌碼: the smallest chips (groups)
    button_letter: tuple[re.Pattern[str], ...]  # "D位": the button written with its letter
    deal_place: tuple[re.Pattern[str], ...]  # "third card of the deal": the deal's; group: which
    go_round: tuple[re.Pattern[str], ...]  # "the second go-round": a round of the deal
    both_amounts: tuple[re.Pattern[str], ...]  # "can't cover both": two amounts, not two players
    order_asked: tuple[re.Pattern[str], ...]  # 順序, "sequence": the order itself named
    out_of_order: tuple[re.Pattern[str], ...]  # 亂, 補給, "mixed up": an order gone wrong
    burns_counted: tuple[re.Pattern[str], ...]  # "how many are burned", 銷幾張: the burns counted
    street_dealt: tuple[re.Pattern[str], ...]  # "burn, then one card", 再開: a street's dealing
    doubted: tuple[re.Pattern[str], ...]  # "not sure if", 不記得有沒有: what follows is not known
    same_card: tuple[re.Pattern[str], ...]  # "two 7 of clubs", 兩張黑桃A: one card seen twice
    own_flip: tuple[re.Pattern[str], ...]  # 自己翻牌: a player turned his cards over (no flop)
    # Chinese numbers and seats, in the order they are read ("5號", "第二張", "多發兩張", "兩家"):
    # each pattern with what it reads; a pattern with a group reads that number, else one
    numbers: tuple[tuple[re.Pattern[str], str], ...] = ()


def _mapping(doc: Node, key: str, objects: frozenset[str]) -> dict[str, str]:
    node = doc.get(key)
    if not isinstance(node, Node):
        raise doc.error(key, f"readings needs {key!r}, a mapping of words to streets")
    for word, street in node.items():
        if str(street) not in objects:
            raise node.error(word, f"readings.{key}: {street!r} is not an object of the lexicon")
    return {str(word): str(street) for word, street in node.items()}


def _patterns(doc: Node, key: str, grouped: bool) -> tuple[re.Pattern[str], ...]:
    items = doc.get(key)
    if not isinstance(items, Items) or not items:
        raise doc.error(key, f"readings needs {key!r}, a list of patterns")
    compiled: list[re.Pattern[str]] = []
    for index, text in enumerate(items):
        try:
            pattern = re.compile(str(text).replace("{number}", NUMBER), re.IGNORECASE)
        except re.error as error:
            raise items.error(index, f"readings.{key}: bad pattern: {error}") from None
        if grouped and pattern.groups < 1:
            raise items.error(index, f"readings.{key}: the pattern needs a group (what it reads)")
        compiled.append(pattern)
    return tuple(compiled)


def _numbers(doc: Node) -> tuple[tuple[re.Pattern[str], str], ...]:
    items = doc.get("numbers")
    if not isinstance(items, Items) or not items:
        raise doc.error("numbers", "readings needs 'numbers', a list of {reads: pattern}")
    found: list[tuple[re.Pattern[str], str]] = []
    for index, item in enumerate(items):
        if not isinstance(item, Node) or len(item) != 1:
            raise items.error(index, "readings.numbers: each item is one {reads: pattern}")
        ((reads, text),) = item.items()
        if reads not in NUMBER_READS:
            raise items.error(index, f"readings.numbers: {reads!r} is not one of "
                              f"{', '.join(NUMBER_READS)}")  # fmt: skip
        try:
            pattern = re.compile(str(text).replace("{number}", NUMBER))
        except re.error as error:
            raise items.error(index, f"readings.numbers: bad pattern: {error}") from None
        found.append((pattern, str(reads)))
    return tuple(found)


def load_readings(doc: Node, objects: frozenset[str]) -> Readings:
    """The ``readings`` section, checked against the lexicon's objects."""
    section = doc.get("readings")
    if not isinstance(section, Node):
        raise SourceError(doc.file, doc.line, "the search table needs 'readings'")
    street_of = _mapping(section, "street-of", objects)
    next_street = _mapping(section, "next-street", objects)
    found = {key: _patterns(section, key, grouped) for key, grouped in _PATTERNS.items()}
    for key in section:
        if key not in _PATTERNS and key not in ("street-of", "next-street", "numbers"):
            raise section.error(key, f"unknown key {key!r} in readings")
    # each pattern list under its key's name ("after-street" -> after_street)
    lists = {key.replace("-", "_"): patterns for key, patterns in found.items()}
    return Readings(
        street_of=street_of, next_street=next_street, numbers=_numbers(section), **lists
    )
