"""Reading a floor question into facets (:class:`Reading`) through the lexicon: the objects,
what happened, who, when, the numbers (which card of the deal, how many cards, how many extra,
how many players) and the seats, in English and in both Chinese scripts. Misspelt English words
are matched to the nearest word of the lexicon; a Chinese character typed for another of the same
sound is read as that one; the sentence's structure (a street's betting over, a street said to be
early, a count after a burn) is read by the patterns of ``readings`` in ``procedures/search.yaml``.

>>> reading = read("7號拿到三張牌")
>>> sorted(reading.objects), reading.seats, sorted(reading.numbers)
(['hole', 'seat'], (7,), [(<Number.COUNT: 'count'>, 3)])
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from dealer.rules.lexicon import KINDS, PARTICLES, Lexicon, Number, table
from dealer.rules.words import CJK, COUNTS, ORDINALS, WORD, ZH_STOP, number_words, stem


@dataclass(frozen=True, slots=True)
class Reading:
    """A question read into facets: what it names, the numbers, and what it could not read."""

    objects: frozenset[str] = frozenset()
    events: frozenset[str] = frozenset()
    implied: frozenset[str] = frozenset()  # events only the numbers imply (never rule one out)
    who: frozenset[str] = frozenset()
    when: frozenset[str] = frozenset()
    numbers: frozenset[tuple[Number, int]] = frozenset()
    soft: frozenset[tuple[Number, int]] = frozenset()  # numbers read two ways (never rule out)
    hints: frozenset[str] = frozenset()  # objects only suggested ("dealt": the hole cards)
    said: frozenset[str] = frozenset()  # the objects named in words (not only read from others)
    seats: tuple[int, ...] = ()
    outside: tuple[str, ...] = ()  # topics no rule covers
    irregular: bool = False  # "wrong", "error", 錯: something went wrong
    incident: bool = False  # words that something happened at the table ("never", 沒, "what now")
    field: bool = False  # any word of the field at all
    corrected: tuple[tuple[str, str], ...] = ()  # misspelt word -> the word read
    guessed: bool = False  # a facet read from one character of an unknown word: never decisive
    choice: bool = False  # "do we deal one at a time or two at once", 還是: asks which way is right
    unknown: tuple[str, ...] = ()  # words read as nothing
    remedy: bool = False  # an error made while fixing one (the replacement card exposed too)
    one: bool = False  # one card said with its article, no count ("a boxed card", 有張反牌)
    chips: bool = False  # chips or amounts said ("5/10", 籌碼)
    someone: bool = False  # someone named (有人, "somebody"), not who did it
    in_hand: bool = False  # a card named by its place in one seat's hand ("seat 4's second card")
    burns_counted: bool = False  # how many cards are burned is asked ("how many burns", 銷幾張)
    street_dealt: bool = False  # how a street is dealt is said ("burn, then one card up", 再開)
    doubted: bool = False  # whether something happened is not known ("not sure if", 不記得有沒有)

    @property
    def recognised(self) -> bool:
        """Whether the question names anything a rule can be about."""
        return bool(self.objects or self.events or self.implied or "late" in self.when)


_STOP = frozenset(
    ("a", "an", "the", "of", "to", "in", "on", "by", "is", "are", "was", "were", "for", "with",
     "and", "or", "it", "its", "at", "be", "as", "from", "has", "have", "had", "got", "get",
     "there", "been", "this", "that", "what", "do", "does", "did", "we", "i", "he", "she",
     "they", "his", "her", "their", "when", "if", "so", "then", "now", "just", "s", "up",
     "how", "should", "can", "after", "while", "during", "all", "who", "which", "why", "where",
     "whose", "me", "my", "you", "your", "him", "them", "our", "us", "but", "not", "any", "am")
)  # fmt: skip
_NOT_CARD = frozenset(
    map(stem, ("round", "rounds", "time", "times", "hand", "hands", "player", "pass", "seat",
               "raise", "bet", "level", "day", "orbit"))
)  # fmt: skip
_POSITIONS = frozenset(("seat", "blind", "button"))
# objects that say when or how many, not whose cards ("before the flop", "heads-up")
_TIMES = frozenset(("preflop", "heads-up"))
_CAME = re.compile(
    r"\b(?:came|comes|come|out|off|put|turned|dealt|rolled|bricked|hit|hits|fell|landed|spiked|"
    r"peeled|flipped|opened)\b|[发發翻出开開]",
    re.I,
)
_ACTING = frozenset(map(stem, ("act", "action", "bet", "betting", "thinking", "deciding")))
_MIDDLE = ("middl", "mid", "half", "一半", "中途")
_STREETS_BURN = frozenset(("flop", "turn", "river", "board", "burn"))
_BOARD = frozenset(("flop", "turn", "river", "board", "burn", "deck", "action", "show-order"))
_ROUNDS = frozenset(map(stem, ("round", "pass", "orbit")))
_SHOWING = frozenset(("showdown", "play-board", "show-order", "muck"))
_HEADS_UP_TOPICS = frozenset(("blind", "button", "action", "preflop", "straddle", "check"))
_HAND_EVENTS = frozenset(
    ("extra", "short", "skipped", "exposed", "face-up", "sequence", "miscount")
)
_SEAT_WORDS = frozenset(("seat", "number", "no", "box", "spot", "position"))
_PLAYER_WORDS = frozenset(
    map(stem, ("player", "players", "people", "guys", "hands", "seats", "handed"))
)
_EXTRA_WORDS = frozenset(map(stem, ("extra", "more", "additional", "too")))
# a number of minutes or hours ("shows up 40 min late"), or of seats away from a place ("seat 6
# is 4 off the button"): no count of cards
_TIME_UNITS = frozenset(
    map(stem, ("min", "mins", "minute", "minutes", "hour", "hours", "hr", "hrs"))
)
_AWAY = frozenset(map(stem, ("off", "from", "left", "right", "away")))
_PLACES = frozenset(map(stem, ("button", "dealer", "blind", "blinds", "sb", "bb", "seat", "utg")))
_RANKS = frozenset(map(stem, ("ace", "aces", "king", "kings", "queen", "queens", "jack", "jacks")))
_SUITS = frozenset(map(stem, ("spades", "hearts", "diamonds", "clubs")))
_CARD_CODE = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[shdc♠♥♦♣](?![A-Za-z0-9])")
_CONTRACTED = re.compile(r"\b(had|has|have|did|does|do|was|were|is|are|could|would)nt\b")
_ZH_CARD = re.compile(r"(黑桃|红心|紅心|红桃|紅桃|方块|方塊|梅花|草花)\s*(10|[2-9JQKAjqka])")
_AFTER_BURN_EN = frozenset(("and", "then", "deal", "turn", "put", "out", "off", "flop", "card"))
_NEGATIONS = frozenset(("not", "never", "no"))
_NOBODY = frozenset(map(stem, ("no", "nobody", "noone", "none", "not", "never", "yet")))
_CARD_NUMBER = re.compile(r"\bcards?\s*#\s*(\d+)", re.I)  # "card #2": the deal's second card


def _ordinal(number: int) -> str:
    return next((word for word, value in ORDINALS.items() if value == number), "last")


# "turn" as the verb of turning a card up, by its neighbours ("burn and turn", "turn the river")
_VERB_BEFORE = frozenset(("and", "then", "to", "burn", "dealer", "not", "didnt", "should", "must"))
_VERB_AFTER = frozenset(("one", "a", "over", "up", "it", "them", "the", "three", "two", "four"))
_ASKING = frozenset(("do", "does", "is", "are", "should", "can", "which", "who", "when", "what"))
_HOLDING = frozenset(("only", "just", "has", "have", "holds", "holding", "left", "hold"))
_DEALT_TO = frozenset(
    map(stem, ("deal", "dealt", "got", "get", "gets", "given", "receive", "received"))
)
_ZH_VERBS = {"烧": "burn", "燒": "burn", "销": "burn", "銷": "burn"}
_SOMEONE = frozenset((stem("someone"), stem("somebody"), "有人"))  # a hand, not who did it
_RECEIVING = frozenset(map(stem, ("get", "gets", "got", "receive", "received"))) | {
    "拿到",
    "收到",
    "拿牌",
}
_ZH_EACH = frozenset("都各")
_ZH_NOT = frozenset("没沒未")
_ZH_ALSO = ("也", "然后", "然後", "接着", "接著")  # "the replacement was seen too"
_DECK_SIZED = 40  # a count of cards this large is a deck's
_ZH_HEDGES = ("可能", "也许", "也許", "不确定", "不確定")  # "maybe more than one": a guess
_DEALING = frozenset(
    ("deal", "pitch", "发", "發", "发牌", "發牌", "发了", "發了", "发给", "發給", "发到", "發到")
)


def _zh_number(text: str) -> int:
    if text.isdigit():
        return int(text)
    values = {c: i for i, c in enumerate("〇一二三四五六七八九")} | {"零": 0, "两": 2, "兩": 2}
    if text == "十":
        return 10
    if "十" in text:
        tens, _, ones = text.partition("十")
        return (values.get(tens, 1) if tens else 1) * 10 + (values.get(ones, 0) if ones else 0)
    return values.get(text[0], 0)


def _distance(a: str, b: str) -> int:
    """Edits from ``a`` to ``b``: insert, delete, replace, or swap two neighbours (Damerau)."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[-1]


@functools.lru_cache(maxsize=4096)
def correct(word: str) -> str | None:
    """The lexicon's word a misspelt English word stands for, when exactly one is that close.

    >>> correct("expsoed"), correct("frist"), correct("dealr"), correct("trun"), correct("hold")
    ('exposed', 'first', 'dealer', 'turn', None)
    """
    lexicon = table()
    known = lexicon.vocabulary | set(ORDINALS) | set(COUNTS)
    if len(word) < 4 or not word.isalpha() or word in known or word in lexicon.common:
        return None
    if word in lexicon.outside_words:
        return None
    if word in _STOP or stem(word) in _RANKS | _SUITS | _STOP:
        return None
    if stem(word) in {stem(w) for w in known}:
        return None
    limit = 1 if len(word) < 8 else 2
    best: list[str] = []
    closest = limit + 1
    for candidate in known:
        if abs(len(candidate) - len(word)) > limit or len(candidate) < 3:
            continue
        if candidate[0] != word[0] and candidate[:2] != word[1::-1]:
            continue  # a typo rarely changes the first letter
        distance = _distance(word, candidate)
        if distance < closest:
            best, closest = [candidate], distance
        elif distance == closest:
            best.append(candidate)
    if closest > limit:
        return None
    if len({stem(w) for w in best}) != 1:  # "dealr": dealer or deal; a dropped letter is likelier
        longest = max(len(w) for w in best)
        best = [w for w in best if len(w) == longest]
        # "thre": three or threw; a doubled letter typed once is likelier than one left off
        best = [w for w in best if _undoubled(w, word)] or best
        if len({stem(w) for w in best}) != 1:
            return None
    return min(best)


def _undoubled(candidate: str, word: str) -> bool:
    """``word`` is ``candidate`` with one of its doubled letters typed once ("thre", "thr")."""
    return any(
        candidate[i] == candidate[i + 1] and candidate[:i] + candidate[i + 1 :] == word
        for i in range(len(candidate) - 1)
    )


class _Reader:
    # What the words said, each False until read. Plain: irregular, incident, guessed, field,
    # card_named, each (每, 都, "each"), before / after (anyone acted), the player named (just
    # before the verb, at all, as the one who exposed) and the dealer named. Then: singular
    # ("card", not "cards"); dealt (a word of dealing, "dealt", 發牌); first_round ("on the first
    # pass", 第一圈) and later_round (第二圈: a later round of the deal); big_blind / small_blind
    # named (the first card is the small blind's); not_dealt ("沒有發給小盲", "never got a card");
    # holding ("has", "only", 只, 剩: how many cards a hand holds is said); again (又, 再: a
    # second time); mid_deal ("in the middle of the deal", 發到一半: not its first two cards);
    # choice ("... or ...?", 還是: which way is right); seats_counted ("two seats off": seats,
    # not players); card_word ("card", 牌, 張: a card is what it is about); received ("gets", 拿到:
    # a card came to someone); someone (有人, "someone": a player's hand, not who did it).
    irregular = incident = guessed = field = card_named = each = before = after = False
    player_before_verb = player_named = player_subject = dealer_named = someone = False
    singular = dealt = first_round = later_round = big_blind = small_blind = False
    not_dealt = holding = again = mid_deal = mid_card = choice = seats_counted = False
    card_word = received = counted_extra = also = hedged = passive = remedy = in_hand = False
    too = False  # "seat 6 too", "as well", 6號也有: what one seat met, another met as well
    apiece = False  # 各, "each": so many apiece, never all together
    after_two = False  # "not the first two cards", 不是前兩張: a card after the deal's first two
    chips = False  # chips or amounts said
    money: list[int]  # the amounts bet (readings.money)
    units: list[int]  # the smallest chips in play named (readings.units)
    exposures = 0  # how many times an exposure is said ("flashed ... and the replacement too")

    def __init__(self, lexicon: Lexicon) -> None:
        self.lex = lexicon
        self.found: dict[str, set[str]] = {kind: set() for kind in KINDS}
        self.numbers: set[tuple[Number, int]] = set()
        self.seats: list[int] = []
        self.outside: list[str] = []
        self.after_burn: int | None = None  # "销牌后发三张", "burn and deal three": the cards dealt
        self.text = ""
        self.counted_players: tuple[Number, int] | None = None  # players counted from seats named
        self.corrected: list[tuple[str, str]] = []
        self.unknown: list[str] = []
        self.exposed_forms: list[str] = []  # the words an exposure was read from

    # -- what a form means
    def note(self, facet: str, value: str, form: str) -> None:
        if facet == "when" and value == "during-deal" and any(m in form for m in _MIDDLE):
            self.mid_deal = True
        if facet in KINDS:
            if facet == "event" and value == "exposed" and self.player_before_verb:
                self.found["who"].add("player")  # "player flashed his card", "玩家亮牌"
            if facet == "event" and value == "exposed" and self.player_named:
                self.player_subject = True  # the player named before the exposure
            if facet == "who" and value == "dealer":
                self.dealer_named = True
            if (
                facet == "object"
                and value == "blind"
                and ("big" in form or "大" in form or form == "bb")
            ):
                self.big_blind = True
            if facet == "object" and value == "blind" and ("small" in form or "小" in form):
                self.small_blind = True
            self.found[facet].add(value)
            if facet == "event" and value in ("exposed", "face-up"):
                self.exposures += 1
            if facet == "event" and value == "exposed":
                self.exposed_forms.append(form)
            self.field = True
        elif facet == "outside":
            self.outside.append(form)
        elif facet == "irregular":
            self.irregular = self.field = True
        elif facet == "incident":
            self.incident = True
        elif facet == "field":
            self.field = True
            self.dealt = self.dealt or form in _DEALING
            self.received = self.received or form in _RECEIVING
            self.someone = self.someone or form in _SOMEONE
        if facet == "field" and form in ("player", "玩家", "牌手"):
            self.player_before_verb = self.player_named = True
        elif not (facet == "object" and value == "hole"):  # "player showed his cards"
            self.player_before_verb = False

    def read(self, text: str) -> Reading:
        if self.lex.cantonese and CJK.search(text):
            text = self._mandarin(text)
        for pattern in self.lex.readings.button_letter:
            text = pattern.sub("莊", text)  # "D位": the button written with its letter
        text = number_words(text)  # "fifty-one cards": 51, not a misspelt "fifth"
        original = text
        for pattern in self.lex.readings.more_than:
            # "more than one card": two at least, written as that number for the readings below
            text = pattern.sub(lambda m: f" {self._number_word(m.group(1)) + 1} ", text)
        for pattern in self.lex.readings.odd_chip:
            text = pattern.sub(" odd chip ", text)  # "the extra chip", 多出一個籌碼: no card over
        # "not the first two cards", 不是前兩張: a card after the deal's first two (the words go)
        self.after_two = any(p.search(text) for p in self.lex.readings.not_first_two)
        for pattern in self.lex.readings.fine + self.lex.readings.amounts:
            # "first card went fine": not the card asked; "blinds 5/10", "bet 7": no count of cards
            text = pattern.sub(" ", text)
        self.text = text
        self.chips = any(p.search(original) for p in self.lex.readings.chips)
        self.money, self.units = (
            [
                int(value)
                for p in patterns
                for found in p.finditer(original)
                for value in found.groups()
                if value is not None and int(value) > 0
            ]
            for patterns in (self.lex.readings.money, self.lex.readings.units)
        )
        if _CARD_CODE.search(text):
            self.card_named = True
            text = _CARD_CODE.sub(" card ", text)
        for form in self.lex.outside_chinese:
            if form in text:
                self.outside.append(form)
        for form in self.lex.numbered_chinese:
            longer = self.lex.containing.get(form, ())
            if form in text and not any(other in text for other in longer):
                # the lexicon's own number words ("第四張公共牌") are not counts
                self.note(*self.lex.chinese[form], form)
                text = text.replace(form, " ")
        text = self._chinese_numbers(text)
        for run in CJK.findall(text):
            self._chinese(run)
        self._english(CJK.sub(" ", text))
        return self._finish()

    def _mandarin(self, text: str) -> str:
        """The question with each Cantonese word of the table read as its Mandarin word, the
        longest at each place (派咗兩張畀7號: 發了兩張給7號)."""
        words, longest = self.lex.cantonese, self.lex.longest_cantonese
        out: list[str] = []
        position = 0
        while position < len(text):
            for size in range(min(longest, len(text) - position), 0, -1):
                word = text[position : position + size]
                mandarin = words.get(word)
                if mandarin is not None:
                    if mandarin != word:
                        self.corrected.append((word, mandarin))
                    out.append(mandarin)
                    position += size
                    break
            else:
                out.append(text[position])
                position += 1
        return "".join(out)

    # -- numbers
    @staticmethod
    def _number_word(word: str) -> int:
        """A number in digits, an English number word or Chinese number characters."""
        return COUNTS.get(word.casefold()) or _zh_number(word)

    def _chinese_numbers(self, text: str) -> str:
        after = next((m for p in self.lex.readings.after_burn if (m := p.search(text))), None)
        if after is not None:
            self.after_burn = _zh_number(after.group(1))
        if any(pattern.search(text) for pattern in self.lex.readings.not_dealt):
            self.not_dealt = True
        if _ZH_CARD.search(text):
            self.card_named = True
            text = _ZH_CARD.sub(" 牌 ", text)
        for pattern, reads in self.lex.readings.numbers:
            what: Number | str = Number(reads) if reads in set(Number) else reads
            for match in pattern.finditer(text):
                fixed = 2 if what is Number.COUNT else 1  # "多張": two at least; "首張": the first
                value = _zh_number(match.group(1)) if match.groups() else fixed
                if what == "seat":
                    self.seats.append(value)
                    self.found["object"].add("seat")
                    continue
                if what == "last":
                    self.numbers.add((Number.ORDINAL, 99))
                    continue
                if what == "round":  # "第二圈": the round of the deal, not a card's place
                    follows = text[match.end() : match.end() + 2]
                    # 第二圈, 第二輪發牌: the deal's round (第二輪 alone may be a betting round)
                    dealing = follows[:1] == "圈" or follows in ("轮发", "轮發", "輪发", "輪發")
                    # 發第二輪時: the round being dealt
                    dealing = dealing or text[max(0, match.start() - 1) : match.start()] in (
                        "发",
                        "發",
                    )
                    self.later_round = self.later_round or (value >= 2 and dealing)
                    self.first_round = self.first_round or (
                        value == 1 and match.end() < len(text) and text[match.end()] in "圈轮輪"
                    )
                    continue
                assert isinstance(what, Number)
                self.numbers.add((what, value))
                self.field = True
                if what is Number.EXTRA:
                    self.found["event"].add("extra")
                    verb = next((c for c in match.group(0) if c in _ZH_VERBS), None)
                    if verb is not None:  # "多燒了一張": the verb is part of the match
                        self.found["object"].add(_ZH_VERBS[verb])
                        self.numbers.add((Number.COUNT, 1 + value))  # one burn and the extra
            text = pattern.sub(" ", text)
        if any(c in _ZH_EACH for c in text):
            self.each = True
        self.apiece = self.apiece or "各" in text  # 各: each one apiece (都 may be all together)
        self.again = self.again or any(c in "又再" for c in text)
        self.also = self.also or any(w in text for w in _ZH_ALSO)
        self.too = self.too or "也" in text
        self.hedged = self.hedged or any(w in text for w in _ZH_HEDGES)
        self.passive = self.passive or "被" in text
        self.choice = self.choice or any(p.search(text) for p in self.lex.readings.choice)
        self.holding = self.holding or any(c in "只仅僅剩有" for c in text)
        self.first_round = self.first_round or bool(re.search(r"(?:同)?一[圈轮輪]", text))
        self.card_word = self.card_word or any(c in "牌张張" for c in text)
        return text

    # -- Chinese
    def _chinese(self, run: str) -> None:
        forms, longest = self.lex.chinese, self.lex.longest_chinese
        known = len(self.unknown)
        leftover: list[str] = []
        position = 0
        while position < len(run):
            found = self._form_at(run, position, forms, longest)
            if found is not None:
                size, form, (facet, value) = found
                if leftover:
                    self.unknown.append("".join(leftover))
                    leftover = []
                if form != run[position : position + size]:
                    self.corrected.append((run[position : position + size], form))
                if form.endswith("前") and form[:-1] in self.lex.before_action:
                    self.before = True
                if form in self.lex.before_action and _ZH_NOT & set(
                    run[max(0, position - 2) : position]
                ):
                    self.before = True  # "還沒說話就翻牌": before someone acted
                self.note(facet, value, form)
                position += size
                continue
            char = run[position]
            if char in ZH_STOP:
                if leftover:
                    self.unknown.append("".join(leftover))
                    leftover = []
            else:
                leftover.append(char)
            position += 1
        if leftover:
            self.unknown.append("".join(leftover))
        unread = self.unknown[known:]
        del self.unknown[known:]
        for word in unread:
            read = False
            for char in word:  # one character of a word the lexicon lacks ("掀" of 掀牌)
                meaning = self.lex.characters.get(char)
                if meaning is not None:
                    if char != word:
                        self.corrected.append((word, char))
                    self.guessed = read = True
                    self.note(*meaning, char)
            if not read:
                self.unknown.append(word)

    def _form_at(
        self, run: str, position: int, forms: Mapping[str, tuple[str, str]], longest: int
    ) -> tuple[int, str, tuple[str, str]] | None:
        for size in range(min(longest, len(run) - position), 0, -1):
            piece = run[position : position + size]
            if piece in forms:
                return size, piece, forms[piece]
            if size >= 2:  # a character typed for another of the same sound (轉排 for 轉牌)
                fixed = "".join(self.lex.homophones.get(c, c) for c in piece)
                if fixed != piece and fixed in forms:
                    return size, fixed, forms[fixed]
        return self._bare_at(run, position, forms, longest)

    def _bare_at(
        self, run: str, position: int, forms: Mapping[str, tuple[str, str]], longest: int
    ) -> tuple[int, str, tuple[str, str]] | None:
        """A form said with particles it is listed without, or without those it is listed with
        (發錯了人 for 發錯人, 看過牌 for 看過的牌): the longest such, never from a particle."""
        if run[position] in PARTICLES:
            return None
        kept: list[str] = []
        ends: list[int] = []  # where the run stands after each character kept
        end = position
        while end < len(run) and len(kept) < longest:
            if run[end] not in PARTICLES:
                kept.append(run[end])
                ends.append(end + 1)
            end += 1
        for size in range(len(kept), 1, -1):
            form = self.lex.bare.get("".join(kept[:size]))
            said = run[position : ends[size - 1]]
            if form is not None and form != said and form in forms:
                return len(said), form, forms[form]
        return None

    # -- English
    def _english(self, text: str) -> None:
        text = _CARD_NUMBER.sub(lambda m: f"card {_ordinal(int(m.group(1)))}", text)
        readings = self.lex.readings
        for pattern in readings.go_round:
            text = pattern.sub("round", text)  # "the second go-round": the deal's second round
        for pattern in readings.deal_place:
            # "third card of the deal": the deal's third card, not a seat's third (one too many)
            text = pattern.sub(r"card \1 ", text)
        raw = WORD.findall(_CONTRACTED.sub(r"\1 not", text.casefold().replace("n't", " not")))
        # "high card" (for the button) ranks a card, it does not count one
        counted = [w for i, w in enumerate(raw) if w != "card" or i == 0 or raw[i - 1] != "high"]
        self.singular = "card" in counted and "cards" not in raw
        self.card_word = self.card_word or "card" in raw or "cards" in raw
        self.again = self.again or bool({"again", "another"} & set(raw))
        self.also = self.also or bool({"too", "also", "then"} & set(raw))
        self.too = self.too or bool({"too", "also"} & set(raw)) or "as well" in " ".join(raw)
        self.hedged = self.hedged or bool({"maybe", "perhaps", "possibly"} & set(raw))
        self.choice = self.choice or ("or" in raw and raw[0] in _ASKING)
        self.holding = self.holding or bool(_HOLDING & set(raw))
        words: list[str] = []
        for word in raw:
            fixed = correct(word)
            if fixed is not None:
                self.corrected.append((word, fixed))
                word = fixed
            words.append(word if word in ORDINALS or word in COUNTS else stem(word))
        for position, word in enumerate(words):
            before, after = words[position - 1 : position], words[position + 1 : position + 2]
            if word == "turn" and (set(before) & _VERB_BEFORE or set(after) & _VERB_AFTER):
                words[position] = "turned"  # "burn and turn one card": the verb, not the street
        self._structure(words)
        position = 0
        while position < len(words):
            word = words[position]
            if word in ("still", "yet") and (
                _ACTING & set(words[position + 1 : position + 4])
                or "action" in words[max(0, position - 2) : position]
            ):
                # "the action was still on the button", "two yet to act": before all had acted
                self.before = True
                position += 1
                continue
            if word in ("befor", "after"):
                ahead = words[position + 1 : position + 7]
                acted = next((i for i, w in enumerate(ahead) if w in self.lex.before_action), None)
                if word == "after" and acted is not None and _NOBODY & set(ahead[:acted]):
                    # "after the deal, nobody acted yet", "after everyone had two, no action yet":
                    # the action named is none, so nothing after it
                    position += 1
                    continue
                if acted is not None:
                    # "before the flop action was done": before someone acted, not pre-flop
                    self.before = self.before or word == "befor"
                    self.after = self.after or word == "after"
                    position += 1
                    continue
            size = self._longer_next(words, position)
            if size:
                position += size
                continue
            if (
                word in ORDINALS
                and words[position + 1 : position + 2]
                and (words[position + 1] in _NOT_CARD)
            ):
                # "second round", "third street": not a card's place in the deal
                if ORDINALS[word] == 1 and words[position + 1] in _ROUNDS:
                    self.first_round = True
                after = words[position + 2 : position + 4]
                if ORDINALS[word] >= 2 and words[position + 1] in _ROUNDS:
                    betting = {"of", stem("betting")} <= set(after) or stem("bet") in after
                    self.later_round = self.later_round or not betting
                position += 2
                continue
            if (
                word == "first"
                and words[position - 1 : position] == [stem("burn")]
                and words[position + 1 : position + 2] in ([], ["then"], ["and"])
            ):
                # "turn is dealt how, burn first?", "burn first then the card": the steps' order
                position += 1
                continue
            if word in ORDINALS and not self._is_street(words, position):
                self.numbers.add((Number.ORDINAL, ORDINALS[word]))
                position += 1
                continue
            count = int(word) if word.isdigit() else COUNTS.get(word)
            near = words[position - 1 : position] + words[position + 1 : position + 2]
            if count is not None and set(near) & _ROUNDS and word != "no":
                # "in round two", "in one round": the round, not a count of cards
                self.first_round = self.first_round or count == 1
                ahead = words[position + 1 : position + 4]
                betting = stem("bet") in ahead or stem("betting") in ahead
                if count >= 2 and words[position - 1 : position] == ["round"] and not betting:
                    self.later_round = True  # "flashed seat 5's card in round two": of the deal
                position += 1
                continue
            if count is not None and word != "no":
                position = self._count(words, position, count)
                continue
            if word in ("a", "an") and words[position + 1 : position + 2] == ["card"]:
                self.numbers.add((Number.COUNT, 1))
            if word in ("a", "an") and words[position + 1 : position + 2] in (["extra"], ["addit"]):
                self.numbers.add((Number.EXTRA, 1))
            if word in _RANKS or word in _SUITS:
                self.card_named = self.card_named or self._rank_of_suit(words, position)
                self.field = True
                position += 1
                continue
            if word == "each":
                self.each = self.apiece = True
            if self._phrase(words, position, least=1, most=1):
                position += 1
                continue
            if word not in _STOP and not word.isdigit():
                self.unknown.append(word)
            self.player_before_verb = False
            position += 1

    def _structure(self, words: Sequence[str]) -> None:
        """What the order of the words says: a card not dealt to someone ("seat 7 never got a
        card"), and a count after a burn that is of the cards then dealt ("burn and deal three")."""
        for position, word in enumerate(words):
            if word in ("one", "same", "singl") and words[position + 1 : position + 2] == ["round"]:
                self.first_round = True  # "two in one round": within a round, as the first one
            if word in _NEGATIONS and _DEALT_TO & set(words[position + 1 : position + 3]):
                self.not_dealt = True
            if word == "burn":
                # "burn and deal three": the cards dealt; "burned two": the burns themselves
                for between, other in enumerate(words[position + 1 : position + 5]):
                    count = int(other) if other.isdigit() else COUNTS.get(other)
                    if count is not None and other != "no":
                        self.after_burn = count if between else None
                        break
                    if other not in _AFTER_BURN_EN:
                        break

    def _phrase(self, words: Sequence[str], position: int, least: int, most: int = 0) -> int:
        """Read the longest phrase of the lexicon at ``position`` (of ``least`` words at least,
        ``most`` at most: the lexicon's longest unless given); its size, or 0."""
        phrases = self.lex.english
        for size in range(
            min(most or self.lex.longest_english, len(words) - position), least - 1, -1
        ):
            key = tuple(words[position : position + size])
            meaning = phrases.get(key)
            if meaning is not None:
                self.note(*meaning, " ".join(key))
                return size
        return 0

    def _longer_next(self, words: Sequence[str], position: int) -> int:
        """Read the phrase at ``position``, unless a longer one starts at the next word ("dealt
        out of order" is out of order, not dealt out)."""
        here = self._size(words, position)
        if here >= 2 and self._size(words, position + 1) > here:
            return 0
        return self._phrase(words, position, least=2)

    def _size(self, words: Sequence[str], position: int) -> int:
        """The size of the longest phrase of two words or more at ``position`` (0: none)."""
        longest = min(self.lex.longest_english, len(words) - position)
        return next(
            (
                n
                for n in range(longest, 1, -1)
                if tuple(words[position : position + n]) in self.lex.english
            ),
            0,
        )

    def _is_street(self, words: Sequence[str], position: int) -> bool:
        return position + 1 < len(words) and words[position + 1] == "street"

    def _rank_of_suit(self, words: Sequence[str], position: int) -> bool:
        following = words[position : position + 3]
        return words[position] in _RANKS and any(word in _SUITS for word in following)

    def _count(self, words: Sequence[str], position: int, count: int) -> int:
        before = words[max(0, position - 2) : position]
        if (
            words[position + 1 : position + 2] == ["of"]
            and words[position + 2 : position + 3]
            and (words[position + 2] in _SUITS)
        ):
            self.card_named = True  # "the 7 of hearts" names a card, not a count
            self.field = True
            return position + 3
        if before[-1:] and before[-1] in _SEAT_WORDS:
            self.seats.append(count)  # "seat 8" names a seat, not a count
            self.found["object"].add("seat")
            return position + 1
        if before == ["more", "than"]:
            count += 1
        after = words[position + 1 : position + 3]
        if after[:1] and (
            after[0] in _TIME_UNITS
            or (after[0] in _AWAY and _PLACES & set(words[position + 2 : position + 4]))
        ):
            if after[0] in _TIME_UNITS and after[1:] == [stem("late")]:
                self.outside.append(" ".join(words[position : position + 3]))  # arriving late
                return position + 3
            return position + 2  # minutes, or seats away from a place: not cards
        if before[-1:] and before[-1] in ("extra", "addit"):
            self.numbers.add((Number.EXTRA, count))  # "extra two"
        elif after[:1] and after[0] in _EXTRA_WORDS and after != ["more", "than"]:
            self.numbers.add((Number.EXTRA, count))
            self.found["event"].add("extra")
        elif after[:1] and after[0] in _PLAYER_WORDS:
            self.numbers.add((Number.PLAYERS, count))
            self.seats_counted = self.seats_counted or after[0] == stem("seats")
        elif words[position] == "both" and self._says(self.lex.readings.both_amounts):
            self.each = True  # "can't cover both, which comes first": two things, not players
        elif words[position] == "both" and "and" in words[position + 2 : position + 5]:
            self.each = True  # "both the ante and the blind": two things joined, not two players
        elif words[position] == "both" and set(after) & {"his", "her", "their", "card"}:
            self.numbers.add((Number.COUNT, 2))  # "both his cards": his two cards, not two players
        elif words[position] == "both":
            self.numbers.add((Number.PLAYERS, 2))
            self.each = True
        else:
            self.numbers.add((Number.COUNT, count))
        self.field = True
        return position + 1

    def _says(self, patterns: tuple[re.Pattern[str], ...]) -> bool:
        """Whether the question says what one of the readings' patterns reads."""
        return any(pattern.search(self.text) for pattern in patterns)

    def _each_hand(self, objects: set[str], implied: set[str], counts: Sequence[int]) -> None:
        """ "2號跟8號都拿到三張", "大小盲都拿三張", "seat 2 and seat 5 both have 3 cards": each hand
        named holds one too many, so as many too many in all as hands (a hand's count says so;
        "兩家都多一張" may be one in all, and stays a question)."""
        seats = len(set(self.seats))
        hands = seats if seats >= 2 else 2 if self.big_blind and self.small_blind else 0
        if not (self.each and hands and "extra" in implied and "hole" in objects and counts):
            return
        kept = {(n, v) for n, v in self.numbers if n not in (Number.EXTRA, Number.PLAYERS)}
        self.counted_players = (Number.PLAYERS, hands)
        self.numbers = kept | {self.counted_players, (Number.EXTRA, hands * (max(counts) - 2))}
        self.counted_extra = True

    # -- what follows from what was read
    def _finish(self) -> Reading:
        objects, events = self.found["object"], self.found["event"]
        self.holding = self.holding or self._says(self.lex.readings.seat_holds)  # 4號三張牌
        said = frozenset(objects)  # the objects the words name, before any reading adds one
        when = self.found["when"]
        if (
            "extra" in events
            and events <= {"extra", "exposed", "face-up"}
            and len(set(self.seats)) <= 1  # (not "seat 1 has one card, seat 2 an extra")
            and {(n, v) for n, v in self.numbers if n in (Number.COUNT, Number.EXTRA)}
            == {(Number.COUNT, 1)}
        ):
            # "an extra card to seat 2, just that one", "only one": the cards too many counted,
            # not a hand of one card
            self.numbers = (self.numbers - {(Number.COUNT, 1)}) | {(Number.EXTRA, 1)}
        any_count = any(n is Number.COUNT for n, _ in self.numbers)
        if "doubled" in events and not (self.card_word or self.dealt or any_count):
            events.discard("doubled")  # "the big blind twice in a row": no card dealt twice
        if self._says(self.lex.readings.not_dealer):
            # "not the dealer's fault", "不是發牌員的錯": the player did it
            self.found["who"] = {"player"}
            self.dealer_named = False
            if not self._says(self.lex.readings.button_named):
                objects.discard("button")  # 不是莊家的錯: 莊家 is the dealer there, not the button
        own_flip = next((m for p in self.lex.readings.own_flip if (m := p.search(self.text))), None)
        if own_flip is not None:
            # "玩家自己翻牌亮了一張": 翻牌 said of the player himself is his turning his cards
            # over, not the flop (no player deals a street); the flop named elsewhere stays
            if "翻牌" not in self.text[: own_flip.start()] + self.text[own_flip.end() :]:
                objects.discard("flop")
            events.add("exposed")
        if not events and len(set(self.seats)) != 1 and self._says(self.lex.readings.misdirected):
            # "5號的牌發給了6號": seat 6 got a card out of its turn (the rulesets rule it apart)
            events.add("doubled")
            objects.add("hole")
        if self._says(self.lex.readings.wrong_start):
            # "荷官從按鈕開始發牌": the deal's first card went to a seat it never goes to
            events.add("misplaced")
        if self._says(self.lex.readings.either_who):
            # "not sure if the dealer or the player flipped it": either; the rules say which
            self.found["who"] = {"player", "dealer"}
        if self.passive and self.player_subject and self.found["who"] == {"player"}:
            self.found["who"] = set()  # "牌手的底牌被大家看到了": his card was seen, by whom?
        if self.player_subject and not self.dealer_named and not self.found["who"]:
            # "is a player allowed to show his hand", "the player's card was seen": his own, or
            # the dealer's error; the rules say which
            self.found["who"].update(("player", "dealer"))
        lying = events and events <= {"exposed", "face-up"} and objects - self.lex.loose == {"burn"}
        if lying and not self.seats and self._says(self.lex.readings.face_down):
            events.clear()  # "burn face up or face down?", 銷牌要面朝下嗎: how a burn is dealt
        # the exposure only said by seeing ("看到", "everyone saw") a card said to be face up:
        # that card seen, no other card exposed
        seen_up = {"exposed", "face-up"} <= events and all(
            any(p.search(f) for p in self.lex.readings.seen) for f in self.exposed_forms
        )
        if seen_up and events <= {"exposed", "face-up", "extra"} and "extra" in events:
            events.discard("exposed")  # "多發的那張是正面朝上發出去的，大家都看到了": that card
        in_stub = "deck" in objects and not (self.seats or self.player_named)
        if seen_up and events == {"exposed", "face-up"} and in_stub:
            # "牌堆裡看到一張正面朝上的牌": a face-up card seen in the stub is found so, not
            # exposed by anyone (the 看到 of one who finds it)
            events.discard("exposed")
        if events == {"face-up"} and "deck" in objects and "hole" not in objects:
            events.add("boxed")  # "two face-up cards in the stub", 牌疊裡有一張翻著: boxed
        if "passed" in events and ("skipped" in events or self._says(self.lex.readings.whole_hand)):
            events.discard("passed")  # passed over for the whole hand: never served
            events.add("skipped")
        # the street out is the early one
        early_said = self._says(self.lex.readings.early_street) or self._says(
            self.lex.readings.early_next
        )
        if (
            self._says(self.lex.readings.street_out)
            and not events & {"early", "extra", "missed-burn"}
            and not early_said
        ):
            when.add("late")  # "flop already out", 翻牌都發出來了: a street dealt since the error
        if self.before:
            when.add("before-action")
        if self.after:
            when.add("after-action")
        counted = {v for n, v in self.numbers if n is Number.COUNT}
        first = (Number.ORDINAL, 1) in self.numbers and counted <= {1}
        to_someone = self.big_blind or "button" in objects or self.seats
        # "started the deal on the big blind"; a start with the button is the button draw
        started = first or ("start" in events and (self.big_blind or self.seats))
        if (
            started
            and events <= {"misplaced", "start"}
            and to_someone
            and not objects & _BOARD
            and (self.card_word or self.dealt)
        ):
            # the first card goes to the small blind (DEAL-ORDER): "第一張牌發給了大盲" is misdealt
            events.add("misplaced")
            objects.add("hole")
        places = {v for n, v in self.numbers if n is Number.ORDINAL}
        someone = (
            self.seats
            or objects & _POSITIONS
            or self.player_named
            or self._says(self.lex.readings.not_dealt_him)
        )
        if self.not_dealt and not events and someone and not objects & _BOARD:
            # a card not dealt to someone: the first card not to the small blind went elsewhere;
            # a later card not dealt leaves the hand short; no card at all, the seat was passed over
            if places == {1} and self.small_blind:
                events.add("misplaced")
            elif places and min(places) >= 2:
                events.add("short")
            elif not places:
                events.add("skipped")
            if events:
                objects.add("hole")
        if self.after_burn is not None and self.after_burn >= 3 and not objects & {"turn", "river"}:
            objects.add("flop")  # "销牌后发三张", "burn and deal three": the flop's cards
        if (
            self.first_round
            and counted == {2}
            and not events - {"skipped"}
            and (self.seats or objects & _POSITIONS)
        ):
            # "two cards to the small blind on the first pass" (the others still waiting, 其他人還沒
            # 收到牌: the second card was theirs)
            events -= {"skipped"}
            events.add("doubled")
        if (
            self.irregular
            and (self.again or (Number.ORDINAL, 2) in self.numbers)
            and not (objects - self.lex.loose)
        ):
            events.add("second-error")  # "處理時又出錯", "a second mistake": an error in a remedy
        if not objects & _STREETS_BURN - {"burn"} and self._says(self.lex.readings.flop_dealt):
            objects.add("flop")  # 燒完牌翻出來四張: the flop came with four cards
        if (
            not events
            and "button" in objects
            and "heads-up" not in objects  # going heads-up: where it goes is the heads-up rule's
            and self._says(self.lex.readings.button_goes)
        ):
            events.add("move")  # 按鈕怎麼走, "where does the button go": where it moves to
        if (
            not events
            and self.again
            and not self.irregular
            and (self.seats or objects & _POSITIONS)
            and {v for n, v in self.numbers if n is Number.COUNT} == {1}
            and self._says(self.lex.readings.then_again)
        ):
            # 發完兩圈又給莊位發了一張, "the deal done, then one more to the button": one card
            # given after the deal's rounds, one too many in that hand
            events.add("extra")
            objects.add("hole")
            self.numbers = {(n, v) for n, v in self.numbers if n is not Number.COUNT}
            self.numbers.add((Number.EXTRA, 1))
        extras = {v for n, v in self.numbers if n is Number.EXTRA}
        if (
            "extra" in events
            and self.again
            and extras <= {1}
            and not self.irregular
            and not self._says(self.lex.readings.then_again)
        ):
            # "又有一家多了一張", "another extra card": one more on top of one, two in all (not
            # 發完了又多給一張, "the deal done, then one more": one card after the deal)
            self.numbers = {(n, v) for n, v in self.numbers if n is not Number.EXTRA}
            self.numbers.add((Number.EXTRA, 2))
        second = self.again or (Number.ORDINAL, 2) in self.numbers
        alone = not objects - self.lex.loose and not self.dealt and not self.seats
        if events == {"face-up"} and self.again and alone and not self.player_named:
            objects.add("deck")  # "又發現一張面朝上的牌": another face-up card found, in the stub
        in_deck = "deck" in objects or "boxed" in events
        if events & {"boxed", "face-up"} and second and in_deck and "hole" not in said:
            # "second face-up card found in the stub", "又一張反的": a second one, two in all
            self.numbers = {
                (n, v) for n, v in self.numbers if n not in (Number.ORDINAL, Number.COUNT)
            }
            self.numbers.add((Number.COUNT, 2))
        if self._says(self.lex.readings.show_first):
            objects.add("show-order")  # "who turns his hand over first", 誰先亮: who shows first
        colours = {c.casefold() for p in self.lex.readings.colours for c in p.findall(self.text)}
        if "deck" in objects and self.card_word and len(colours) >= 2:
            events.add("foreign")  # "a blue deck's card in our red deck": another deck's card
        if self._says(self.lex.readings.same_card):
            events.add("duplicate")  # "two 7 of clubs", 兩家都有紅心K: one card twice, a duplicate
        if events & {"duplicate", "foreign"}:
            events -= {"exposed", "face-up"}  # a card seen twice, or of another deck, is found so
        if objects & _SHOWING:
            events -= {"exposed", "face-up"}  # showing a hand at the showdown is no exposure
        joined = (  # "exposed the hole cards of seat 3 and seat 8": one card of each
            events
            and events <= {"exposed", "face-up"}
            and not any(n is Number.COUNT for n, _ in self.numbers)
            and self._says(self.lex.readings.seats_joined)
        )
        if (
            len(set(self.seats)) >= 2
            and (self.each or joined or self.too)
            and events & {"extra", "exposed", "face-up"}
        ):
            # "2號和8號各多一張": each of the seats named, so that many players, a bar like a count
            # ("seat 5 and maybe seat 6 too", "then seat nine a 3rd card as well": the second too)
            self.counted_players = (Number.PLAYERS, len(set(self.seats)))
            self.numbers.add(self.counted_players)
        players = [v for n, v in self.numbers if n is Number.PLAYERS]
        two = players and set(players) == {2} and not self.seats_counted
        counting = any(n is Number.COUNT for n, _ in self.numbers)  # "both blinds got 3 cards"
        if (
            two
            and not events
            and not counting
            and objects & _HEADS_UP_TOPICS
            and not self._says(self.lex.readings.yet_to_act)  # players still to act, not two in all
        ):
            objects.add("heads-up")  # "two players left, who acts first": a table of two
        if self.units and not events and any(v % min(self.units) for v in self.money):
            # "blinds 5/10, can someone bet 7", "137 with the 5 as the smallest chip": an amount
            # the smallest chip does not divide, one the chips cannot make: the betting unit
            objects.add("chip-unit")
        if players and max(players) >= 3 and not events and not counting and not objects:
            objects.add("table")  # "11 people want in", 九人桌開到十個玩家: how many a table seats
        streets = {"flop", "turn", "river"}
        readings = self.lex.readings
        for pattern in readings.after_street:
            found = pattern.search(self.text)
            if found is not None and not events:
                # "what is dealt once the flop betting is done": the next street
                street = found.group(1).casefold()
                # (its betting, action or round is the street's, over: none of them is asked)
                over = {readings.street_of.get(street, street), "round-end", "postflop"}
                objects -= over | {"bet", "action"}
                objects.add(readings.next_street[street])
        if self._says(readings.big_blind_first) and "heads-up" not in objects:
            # the small blind is dealt first, the big blind second (heads-up: the big blind first)
            self.numbers = {(n, v) for n, v in self.numbers if n is not Number.ORDINAL}
            self.numbers.add((Number.ORDINAL, 2))
        self.in_hand = self._says(readings.seat_card) or (
            # "the button's first card": dealt after the blinds' (heads-up, the button's is second)
            self._says(readings.later_first) and "heads-up" not in objects
        )
        if self.in_hand:
            # "seat 4's second card": dealt in the deal's second round, so a card after the
            # deal's first two (even heads-up: the third or the fourth), not its second card
            self.numbers = {(n, v) for n, v in self.numbers if n is not Number.ORDINAL}
            self.numbers.add((Number.ORDINAL, 3))
        later_seat = (
            events & {"exposed", "face-up"}
            and events <= {"exposed", "face-up", "off-table"}
            and not any(n is Number.ORDINAL for n, _ in self.numbers)
            and not (self.big_blind or self.small_blind or "heads-up" in objects)
            and "player" not in self.found["who"]  # the player may have: who did it comes first
            and not objects & {"flop", "turn", "river", "board", "deck", "burn"}
            and self._says(readings.later_seat)
        )
        if self.after_two and not any(n is Number.ORDINAL for n, _ in self.numbers):
            self.numbers.add((Number.ORDINAL, 3))  # "not the first two cards": a later one
        if later_seat:
            # "dealer flashed the cutoff's card": the deal's first two cards go to the blinds, so
            # a card of another seat is one after them (DEAL-ORDER)
            self.numbers.add((Number.ORDINAL, 3))
        mid = self.mid_deal and events & {"exposed", "face-up"}
        if mid and not any(n is Number.ORDINAL for n, _ in self.numbers):
            self.mid_card = True  # likely not the first two cards: a hint, never a bar
        if objects & streets and self.later_round and events & {"exposed", "face-up"}:
            # "exposed card in the second round, we're on the flop now": a hole card of the
            # deal's later round; the street only says when it was noticed
            objects -= streets
            objects.add("hole")
        if self.later_round and not any(n is Number.ORDINAL for n, _ in self.numbers):
            self.numbers.add((Number.ORDINAL, 3))  # a later round: after the deal's first two
        # "the exposed card held as the flop burn": the street names the role a card seen is
        # given, not a street card turned face up; the exposure stays (SEEN-CARD-STAYS-OUT)
        held_burn = self._says(readings.burn_role)
        if objects & streets and not objects & {"hole", "deck"} and not held_burn:
            events -= {"exposed", "face-up"}  # a street card is turned face up: no exposure
        if "board" in objects and not objects & streets and places:
            # "第四張共牌", "the last board card": the board's place names its street
            place = max(places)
            objects.add("flop" if place <= 3 else "turn" if place == 4 else "river")
        early = next((m for p in readings.early_street if (m := p.search(self.text))), None)
        if early is not None and ("early" in events or not events - {"exposed", "face-up"}):
            # "premature turn, what is the river now": the street said to be early is the one;
            # "翻牌圈還在考慮，轉牌就出了" says it by the order of the clause alone
            events.add("early")
            street = readings.street_of.get(early.group(1), early.group(1).casefold())
            objects -= streets - {street}
        ahead = next((m for p in readings.early_next if (m := p.search(self.text))), None)
        if early is None and ahead is not None and not events - {"exposed", "face-up", "early"}:
            # "burned and turned while seat 6 still hadn't acted on the flop": to burn and turn
            # deals the street after the one whose betting is open, and that street is early
            # (its burn is how a street is dealt, said in passing)
            events.add("early")
            objects -= streets | {"burn"}
            objects.add(readings.next_street[ahead.group(1).casefold()])
        three = {v for n, v in self.numbers if n is Number.COUNT} == {3}
        if (
            three
            and events
            and events <= {"exposed", "face-up"}
            and "before-action" in when
            and not objects - self.lex.loose
            and not self.seats
        ):
            # "槍口還沒說話荷官就把三張翻了": three cards turned before anyone acted, no hand named:
            # the flop, turned early
            objects.add("flop")
            events -= {"exposed", "face-up"}
            self.numbers -= {(Number.COUNT, 3)}
        if (
            "missed-burn" in events
            and events & {"exposed", "face-up"}
            and not objects & {"hole", "deck"}
            and not self.seats
        ):
            # "翻牌前沒燒牌就翻了", "沒燒牌直接翻了四張": a street turned without its burn, no card
            # exposed; before the flop, or three cards or more turned, that street is the flop
            events -= {"exposed", "face-up"}
            turned = {v for n, v in self.numbers if n is Number.COUNT}
            if not objects & streets and ("preflop" in objects or (turned and min(turned) >= 3)):
                objects.add("flop")
        # a card that came: not the 翻 of the flop's own name (翻牌圈沒人下注可以讓牌嗎)
        came = self.dealt or bool(_CAME.search(self.text.replace("翻牌", "")))
        if (
            "before-action" in when
            and objects & streets
            and not events
            and (came or "check" not in objects)
            and not (
                "burn" in objects and any(n is Number.COUNT and v > 1 for n, v in self.numbers)
            )
        ):
            # "turn came off before seat 6 acted": dealt early; not with burns counted ("two
            # burns under the flop, nobody acted yet": the burn's error, found before action)
            events.add("early")
            when.discard("before-action")
        if "early" in events and objects & streets and "hole" not in objects and not held_burn:
            events -= {"exposed", "face-up"}  # "河牌提早翻開": a board card is turned to be seen
        if self._says(readings.seat_extra):
            # "給小盲發了第三張": a seat's third card is one too many, not the deal's third card
            self.numbers = {(n, v) for n, v in self.numbers if n is not Number.ORDINAL}
            self.numbers |= {(Number.COUNT, 3), (Number.EXTRA, 1)}
            events.add("extra")
        replaced = self._says(self.lex.readings.replacement)
        if (self.exposures >= 2 or replaced) and self.exposures and (self.again or self.also):
            # "exposed a card, and the replacement got flashed too", "one card flashed and then an
            # extra card dealt face up": two cards exposed in the deal, the extra one among them
            self.numbers = {(n, v) for n, v in self.numbers if n is not Number.COUNT}
            self.numbers.add((Number.COUNT, 2))
            events.discard("extra")
            events.discard("sequence")  # "補給他的那張又翻開了": a replacement, not a seat served
            self.remedy = replaced  # the replacement exposed: an error in the remedy
        if events - {"second-error"} and self._says(self.lex.readings.fixing):
            # "正在處理提早開的轉牌，荷官又把河牌提早翻了", "the remedy said burn ..., dealer
            # skipped the burn": an error made while a ruling is carried out
            events.add("second-error")
        if events & {"exposed", "face-up"} and "doubled" in events and not self.seats:
            events.discard("doubled")  # "flipped up two cards back to back": two exposed in a row
        counts = [value for number, value in self.numbers if number is Number.COUNT]
        if len(counts) > 1:  # "three cards and everyone else two": the largest is the one asked
            self.numbers -= {(Number.COUNT, v) for v in counts if v != max(counts)}
            counts = [max(counts)]
        extra_read = any(n is Number.EXTRA for n, _ in self.numbers)
        if counts and max(counts) >= 3 and not extra_read and self._says(readings.others_due):
            # "seat 3 has 3 cards, everyone else has 2": the only hand over, so as many too
            # many in all as it holds over its two
            self.numbers.add((Number.EXTRA, max(counts) - 2))
        if self.card_named and any(value >= 2 for value in counts):
            events.add("duplicate")  # "two aces of spades", "兩張黑桃A": one card twice
        hand = self.seats or self.someone or self.player_named or objects & _POSITIONS | {"hole"}
        if self.card_named and self.each and objects & {"flop", "turn", "river", "board"} and hand:
            events.add("duplicate")  # "3號手裡和公共牌上都有紅心9": one card in two places
        players = [v for n, v in self.numbers if n is Number.PLAYERS]
        named_cards = counts or any(n is Number.EXTRA for n, _ in self.numbers)
        # "有人多一張", "someone is short a card": someone's hand (not "有人下注", someone bet)
        a_hand = self.someone and events & {"extra", "short", "miscount"}
        someone = self.seats or players or self.player_named or a_hand or objects & _POSITIONS
        held = objects - self.lex.loose - {"hole", "button"} - _TIMES
        hand_told = self.holding or events & {"short", "extra"} or max(counts, default=0) >= 3
        short = "short" in events  # "seat 7 short a card": a hand's count said by the event
        if (
            someone
            and (named_cards or short)
            and self.card_word
            and held <= _STREETS_BURN
            and hand_told
        ):
            # "BB has three cards, flop not out": the hand is the question, the street says when
            objects -= _STREETS_BURN
            held = set()
        if not held and someone and (named_cards or events & _HAND_EVENTS):
            objects.add("hole")  # "seat 3 has 3 cards", "5號的牌": a seat's cards are its hand
        ordinals = [v for n, v in self.numbers if n is Number.ORDINAL]
        if (
            events == {"sequence"}
            and not (self.irregular or self.incident)
            and self._says(readings.order_asked)
            and not self._says(readings.out_of_order)
        ):
            # "發牌順序是順時針一次一張嗎": the order of the deal asked about, nothing gone wrong
            events.discard("sequence")
        passed_over = {"skipped", "passed", "sequence"}
        if 99 in ordinals and events & passed_over and not events & {"extra", "exposed", "face-up"}:
            # "最後一張漏發給莊位", "button's last card was missed": the deal's last card not
            # dealt; no seat after it was served in its place, so that hand is one card short
            events -= passed_over
            events.add("short")
        if "direction" in objects and self.dealt and not objects - self.lex.loose - _POSITIONS:
            objects.add("hole")  # "dealing direction", 發牌是順時針嗎: the way the deal goes
        given = self.dealt or self.received
        # (the deck named as where the cards come from: 整副牌發出的第二張, the deal's second card)
        to_whom = not objects - self.lex.loose - _POSITIONS - {"deck"}
        if to_whom and self.card_word and given and set(ordinals) & {1, 2, 99}:
            objects.add("hole")  # "who gets the first card", "第一張牌發給誰": a card of the deal
        if ordinals and not counts and not objects & {"action", "show-order", "check"}:
            self.numbers.add((Number.COUNT, 1))  # "the first card": one card
            counts = [1]
        implied: set[str] = set()
        objects.update(self.lex.event_objects[e] for e in events if e in self.lex.event_objects)
        deck_sized = max(counts, default=0) >= _DECK_SIZED
        if self.card_word and deck_sized and not objects - self.lex.loose:
            objects.add("deck")  # "counted 51 cards", 點牌只有51張: only a deck holds that many
        burns = self.lex.implied["burn"][0] if "burn" in self.lex.implied else None
        for name, (cards, more, fewer, near) in self.lex.implied.items():
            if name == "flop" and {"burn", "preflop"} <= objects:
                continue  # "翻牌前燒了兩張", "double-burned before the flop": burns counted
            if (
                name == "flop"
                and "burn" in objects
                and burns is not None
                and burns < max(counts, default=0) < cards
            ):
                # "burned two then flopped", 燒了兩張才發翻牌: a count over the burn's and under
                # the flop's, the burn named, is of the burns (one burn, 燒一張再發, stays as read)
                continue
            if name == "burn" and self.after_burn is not None:
                continue  # the count is of the cards dealt after the burn
            # a seat said to hold three cards has one too many, whatever else is said of the deal
            # ("4號三張牌，荷官又亮了5號一張": an extra card, and an exposure)
            held_extra = (
                name == "hole" and self.seats and self.holding and max(counts, default=0) >= 3
            )
            if name in objects and counts and (not events or held_extra):
                value = max(counts)
                if abs(value - cards) > near:
                    break
                if name == "hole" and value == 1 and not self.holding:
                    break  # "one of his cards", "一张底牌": a card named, not a hand of one
                event = more if value > cards else fewer if value < cards else None
                if event is not None and event not in events:
                    implied.add(event)
                break
        if (
            events <= {"exposed", "face-up"}
            and (events or self._says(self.lex.readings.seen))
            and not objects & _STREETS_BURN - {"burn"}
            and self._says(self.lex.readings.back_in)
        ):
            # "the card turned up earlier, does it go back in when we reshuffle?": a seen card
            events = {"seen-card", *events}
        back_in = self._says(self.lex.readings.back_in)
        stub_burn = self._says(self.lex.readings.stub_burn)
        role = bool(events & {"exposed", "extra", "face-up"}) and self._says(
            self.lex.readings.burn_role
        )
        asked = self._says(self.lex.readings.which_card)
        if role and (stub_burn or back_in or self.again or asked or len(events) >= 2):
            events.add("seen-card")  # "held as the flop burn, then burned off the stub"
        several = any(n is Number.EXTRA and v >= 2 for n, v in self.numbers)
        if (
            "seen-card" in events
            and (self.again or (several and "extra" in events))
            and events & {"extra", "exposed"}
            and not back_in
            and not (role and stub_burn)
            and "second-error" not in events  # 又出錯: the "again" is the second error's
        ):
            # one held as the burn and another ("2 extra cards, one already held as the burn"):
            # two in the deal (DEAL-EXTRA-MULTIPLE's own text)
            events.discard("seen-card")
        fixing = "second-error" in events and self._says(self.lex.readings.fixing)
        if fixing and "seen-card" not in events and events - {"second-error"}:
            # "while fixing the premature turn the dealer also forgot the burn": the two rulings
            # stack (REMEDY-STACK); the errors say how it came about
            implied |= events - {"second-error"}
            events = {"second-error"}
        if "seen-card" in events and events - {"seen-card"}:
            # "the exposed card held as the burn": how it came; its exposure is the card seen
            # itself, no second error to stack beside it (an extra card held too is one)
            implied |= events - {"seen-card", "exposed", "face-up"}
            events = {"seen-card"}
        self._each_hand(objects, implied, counts)
        if "table" in objects and events & (_HAND_EVENTS | {"off-table"}):
            # "6-handed", 八人桌, 飛出桌子: the table named beside a hand's irregularity says how
            # many play or where the card went, not how many a table seats
            objects.discard("table")
        for thing, changes in self.lex.object_events.items():
            # a deck with a card too many; or one said to be the deck's by its event
            # ("多了一張怪牌": one card too many, and a weird one, is the deck's card too many)
            said_so = thing in objects or events & set(changes.values())
            if said_so and "hole" not in objects:
                events = {changes.get(event, event) for event in events}
                implied = {changes.get(event, event) for event in implied}
        # How many players is a hint, never a bar ("two players" may count hands or cards); with
        # two or more, "多一張" is one each or one in all, and the players' count says which.
        soft: set[tuple[Number, int]] = {
            (n, v)
            for n, v in self.numbers
            if n is Number.PLAYERS and (n, v) != self.counted_players
        }
        one = self._says(self.lex.readings.one_card) and not counts and not self.hedged
        if (self.singular or one) and not counts:
            soft.add((Number.COUNT, 1))  # "card face up in the deck": one card
        if self.hedged:  # "maybe more than one", 可能不止一張: a guess at how many, never a bar
            soft |= {(n, v) for n, v in self.numbers if n in (Number.COUNT, Number.EXTRA)}
        if self.mid_card:
            soft.add((Number.ORDINAL, 3))
        hints = set()
        if self.dealt and not objects - self.lex.loose - _POSITIONS:
            hints.add("hole")  # "two extra cards dealt": the deal is of the hole cards
        if self.card_word and objects & _POSITIONS and not objects & _STREETS_BURN:
            hints.add("hole")  # "the first card off the deck went to the small blind": his hand
        apiece = [v for n, v in self.numbers if n is Number.EXTRA]
        many = [v for v in players if v >= 2]
        if (
            self.apiece
            and many
            and len(apiece) == 1
            and "extra" in events
            and not self.counted_extra
        ):
            # "兩家各多一張", "two players each got an extra card": one too many apiece, so as
            # many too many in all as players ("兩家都多一張" may be one in all: still asked)
            self.numbers -= {(Number.EXTRA, apiece[0])}
            self.numbers.add((Number.EXTRA, max(many) * apiece[0]))
            self.counted_extra = True
        unnamed = self.someone and not self.seats  # "有人多一張": one each, or one in all?
        if (unnamed or any(value >= 2 for value in players)) and not self.counted_extra:
            soft |= {(n, v) for n, v in self.numbers if n is Number.EXTRA}
        return Reading(
            objects=frozenset(objects),
            events=frozenset(events),
            implied=frozenset(implied),
            who=frozenset(self.found["who"]),
            when=frozenset(when),
            numbers=frozenset(self.numbers - soft),
            soft=frozenset(soft),
            hints=frozenset(hints),
            said=said,
            seats=tuple(self.seats),
            outside=tuple(self.outside),
            irregular=self.irregular,
            incident=self.incident,
            field=self.field,
            corrected=tuple(self.corrected),
            guessed=self.guessed,
            choice=self.choice,
            unknown=tuple(self.unknown),
            remedy=self.remedy,
            one=one,
            chips=self.chips,
            someone=self.someone,
            in_hand=self.in_hand and not self.dealt,
            burns_counted=self._says(self.lex.readings.burns_counted),
            street_dealt=self._says(self.lex.readings.street_dealt),
            doubted=self._says(self.lex.readings.doubted),
        )


def read(text: str, lookup: Lexicon | None = None) -> Reading:
    """A question's facets.

    >>> reading = read("dealer flashed the first card")
    >>> sorted(reading.events), sorted(reading.who), sorted(reading.numbers)
    (['exposed'], ['dealer'], [(<Number.COUNT: 'count'>, 1), (<Number.ORDINAL: 'ordinal'>, 1)])
    >>> sorted(read("7號拿到三張牌").objects), read("7號拿到三張牌").seats
    (['hole', 'seat'], (7,))
    """
    if lookup is not None:
        return _Reader(lookup).read(text)
    return _read(text)


@functools.lru_cache(maxsize=4096)
def _read(text: str) -> Reading:
    return _Reader(table()).read(text)
