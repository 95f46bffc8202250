"""Finding the rule a floor supervisor means, and saying so only when the question can mean only it.

A question ("dealer flashed the first card", "7號拿到三張牌", "turn came off before seat 6 acted")
is read into facets through the bilingual lexicon of ``procedures/search.yaml``: the object (hole
card, flop, turn, river, burn, deck, button, seat, ...), what happened (exposed, extra, short,
early, face up, duplicate, foreign, skipped, ...), who did it, when it was noticed, and the
numbers it names (which card of the deal, how many cards, how many too many, how many players).
Misspelt English words are matched to the nearest word of the lexicon, and a Chinese character
typed for another of the same sound is read as that one. Each rule's facets are data beside the
rule (``procedures/facets.yaml``); a rule is ruled out by any facet of the question it cannot
have, and the rules left are ranked by how much of the question they account for.

The answer is one of three kinds: one rule when no other fits about as well; "which one?" with
the candidates and the question that tells them apart (remedies that differ in kind are never
decided by a guess); or none when nothing of the field is recognised, or the question is about a
topic no rule covers.

>>> search("dealer flashed the first card").ids
('HOLE-EXPOSED-FIRST',)
>>> search("轉牌 太早").ids
('TURN-PREMATURE',)
>>> which = search("7號拿到三張牌")
>>> which.kind, which.ids, which.question
(<Verdict.WHICH: 'which'>, ('DEAL-EXTRA-ONE', 'DEAL-EXTRA-MULTIPLE'), 'extra')
>>> search("string bet").kind
<Verdict.NONE: 'none'>
>>> search("dealr expsoed frist card").ids
('HOLE-EXPOSED-FIRST',)
>>> find("premature turn")[0].id
'TURN-PREMATURE'
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from dealer.rules.fit import (
    DEALER_DEFAULT,
    NUMBER_WEIGHT,
    OBJECT_WEIGHT,
    Fit,
    Kind,
    fit,
    fits,
    kinds,
    unique_events,
)
from dealer.rules.lexicon import (
    FACETS_PATH,
    SEARCH_PATH,
    Facet,
    Lexicon,
    Number,
    RuleFacets,
    load_table,
    name,
    rule_facets,
    table,
)
from dealer.rules.reader import Reading, correct, read
from dealer.rules.rulebook import Lang, book, id_form
from dealer.rules.words import CJK, WORD, stem

# The search is four modules by job: the lexicon and the rules' facets (dealer.rules.lexicon), the
# reader of a question into facets (dealer.rules.reader, with dealer.rules.words), the fit of a
# reading against each rule (dealer.rules.fit), and here the answer; all of it is named from here.
__all__ = [
    "FACETS_PATH",
    "QUESTIONS",
    "SEARCH_PATH",
    "Answer",
    "Facet",
    "Fit",
    "Kind",
    "Lexicon",
    "Match",
    "NoRule",
    "Number",
    "Reading",
    "RuleFacets",
    "Verdict",
    "WhichOne",
    "correct",
    "find",
    "fit",
    "fits",
    "kinds",
    "load_table",
    "name",
    "read",
    "rule_facets",
    "search",
    "stem",
    "suggest",
    "table",
    "telling",
    "wanted_events",
]


class Verdict(StrEnum):
    """What the search found: one rule, a few to choose from, or none."""

    ONE = "one"
    WHICH = "which"
    NONE = "none"


# The facet a "which one?" asks about, in the order it is asked (the first that tells them apart);
# "ruleset" where the rulesets give the same happening to different rules (``ruleset-events``).
QUESTIONS = ("ordinal", "object", "extra", "players", "count", "who", "event", "when")
_TIER = 1.0  # candidates closer than this to the best are offered together
_KIND_TIER = 2.0  # an irregularity with another kind of remedy is offered from this close
_MOST = 5  # candidates offered at most
_WIDE_TIER = 2.0  # once "which one?" is asked, every rule this close to the best is offered


@dataclass(frozen=True, slots=True)
class Match:
    id: str
    score: float
    exact: bool = False


class NoRule(KeyError):
    """No rule of the rulebook covers the words (``dealer.rule``); ``nearest`` the closest IDs."""

    def __init__(self, query: str, nearest: Sequence[str] = ()) -> None:
        close = f"; closest: {', '.join(nearest)}" if nearest else ""
        super().__init__(f"no rule covers {query!r}{close}")
        self.query, self.nearest = query, tuple(nearest)

    def __str__(self) -> str:
        return str(self.args[0])


class WhichOne(LookupError):
    """The words can mean more than one rule (``dealer.rule``): ``candidates`` are their IDs and
    ``question`` the facet that tells them apart (one of ``QUESTIONS``)."""

    def __init__(self, query: str, candidates: Sequence[str], question: str | None) -> None:
        super().__init__(f"which one? {query!r} can mean {', '.join(candidates)} ({question})")
        self.query, self.candidates, self.question = query, tuple(candidates), question


@dataclass(frozen=True, slots=True)
class Answer:
    kind: Verdict
    matches: tuple[Match, ...]  # ONE: the rule; WHICH: the candidates; NONE: the nearest
    question: str | None = None  # WHICH: the facet that tells the candidates apart (QUESTIONS)
    choices: tuple[str, ...] = ()  # WHICH: what each candidate says of it, in candidate order
    reading: Reading | None = None

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(match.id for match in self.matches)


def _check_ruleset(ruleset: str | None) -> None:
    if ruleset is not None and ruleset not in book().rulesets:
        raise KeyError(f"unknown ruleset {ruleset!r}")


def search(query: str, ruleset: str | None = None) -> Answer:
    """One rule when no other fits about as well, "which one?" with the candidates, or none.

    ``ruleset`` is checked; under one, an event whose rule depends on the ruleset
    (``ruleset-events``) offers only that ruleset's rule."""
    _check_ruleset(ruleset)
    exact = id_form(query)
    if exact in book().rules:
        return Answer(Verdict.ONE, (Match(exact, 100.0, exact=True),))
    reading = read(query)
    ranked = fits(reading)
    candidates = [f for f in ranked if not f.conflicts and f.named and f.score > 0]
    guess = reading.guessed and not (reading.objects or reading.events or reading.irregular)
    if not reading.recognised or guess:
        # nothing of the field, or only a time guessed from one character (晚 of 晚報名): no rule
        return _none(query, reading)
    if reading.outside and not any(_strong(f, reading) for f in candidates):
        return _none(query, reading)
    for event in reading.events:
        owners = table().ruleset_events.get(event, {})
        owner = owners.get(ruleset) if ruleset is not None else None
        if owner is not None:
            candidates = [f for f in candidates if f.id == owner or f.id not in owners.values()]
    if reading.events or reading.implied:  # something happened: a rule where it can happen
        wanted = reading.events | reading.implied
        candidates = [
            f
            for f in candidates
            if (table().facets[f.id].event | table().facets[f.id].also_event) & wanted
        ]
    elif not reading.irregular and not reading.incident and _passing(reading):
        # only things said in passing (a seat, the dealer, a bet): the normal procedure's rule
        # for them, or, when what is asked was not read ("can one guy play two seats", "player
        # wants seat 2"), no rule rather than a guess
        candidates = [f for f in candidates if Kind.PROCEDURE in kinds(f.id)]
        if not candidates:
            return _none(query, reading)
    elif not (reading.irregular or _incident(reading)):
        # No irregularity named: the normal procedure's rule for that object, when there is one;
        # a question naming only things said in passing ("seats", "the board") has only that.
        plain = [f for f in candidates if Kind.PROCEDURE in kinds(f.id)]
        candidates = plain if plain or reading.objects <= table().loose else candidates
    if not candidates:
        # Something of the field is named but no rule has all of it: the nearest, to choose from.
        partial = [f for f in ranked if f.named]
        partial.sort(key=lambda f: (len(f.conflicts), -f.score))
        if not partial:
            return _none(query, reading)
        chosen = partial[:3]
        chosen += [f for f in _two_errors(chosen[0], reading, ranked) if f not in chosen]
        chosen += _owner_left_out(chosen, reading, ranked)
        return _which(chosen, reading, "event" if reading.events else "object")
    best = candidates[0]
    tier = _KIND_TIER if reading.guessed else _TIER  # a guessed facet decides nothing alone
    chosen = [best] + [
        f
        for f in candidates[1:]
        if f.score > best.score - tier
        or (f.score > best.score - _KIND_TIER and _differ_in_kind(f.id, best.id))
        or f.score + _unspoken(best, f, reading) > best.score - tier
    ]
    chosen = _most_particular(_counted(chosen, reading), reading)
    chosen = _exception_unsaid(_street_or_burn(chosen, reading), reading)
    chosen = _owned_elsewhere(_nothing_happened(chosen, reading), reading)
    chosen = _whole_reading(_own_event(chosen, reading), reading)
    best = chosen[0]
    # a procedure rule of one object, with words not read: what went wrong may be in them, when
    # an irregularity accounts for more of what was read ("客人自己把底牌给旁边的人看了"), or
    # the rule's object read is only one said in passing while the question speaks of money or of
    # someone ("盲注5/10，可以下注7吗", "有人離桌了，大盲該誰下"), not only of that ("誰下小盲")
    named = (reading.objects | reading.hints) - table().loose
    passing = not named & table().facets[best.id].object and (reading.chips or reading.someone)
    thin = (
        best.score <= OBJECT_WEIGHT
        and bool(reading.unknown)
        and (
            passing
            or any(
                not f.conflicts and Kind.PROCEDURE not in kinds(f.id) and f.score > best.score
                for f in ranked
            )
        )
    )
    if (
        (reading.irregular or _incident(reading) or thin)
        and not wanted_events(reading) - _procedure_events()
        and Kind.PROCEDURE in kinds(best.id)
        and not table().facets[best.id].when  # NOTICED-LATE: a rule about an error noticed late
    ):
        # "something went wrong" with a rule of the normal procedure best: what went wrong was
        # not read, so the irregularities of the same things are offered with it
        wrong = [
            f
            for f in ranked
            if (not f.conflicts or (reading.irregular and _only_beside(f, reading)))
            and f.score > 0
            and Kind.PROCEDURE not in kinds(f.id)
            and f not in chosen
        ]
        # those only beside it last, the most particular first (the burn before the flop)
        wrong.sort(key=lambda f: (1, len(table().facets[f.id].also)) if f.conflicts else (0, 0))
        chosen += wrong[:3]
    if len(chosen) == 1 and reading.choice and Kind.PROCEDURE not in kinds(best.id):
        # "one at a time or two at once?": a question of which way is right, not a report of
        # what went wrong; the normal procedure of the same things is offered with it
        shared = table().facets[best.id].object
        chosen += [
            f
            for f in ranked
            if Kind.PROCEDURE in kinds(f.id)
            and table().facets[f.id].object & shared
            and not any(c.startswith("object:") for c in f.conflicts)
        ][:1]
    late = (
        _noticed_late(best, reading, ranked)
        or _two_errors(best, reading, ranked)
        or _in_remedy(best, reading, ranked)
    )
    if len(chosen) == 1 and ruleset is None:
        # an event the rulesets rule apart ("seat 2 got both cards back to back"), with no
        # ruleset given: every ruleset's rule, though another word leans to one of them
        for event in sorted(reading.events):
            rivals_by_ruleset = set(table().ruleset_events.get(event, {}).values())
            if best.id in rivals_by_ruleset:
                chosen += [f for f in ranked if f.id in rivals_by_ruleset and f not in chosen]
    if len(chosen) == 1:
        rivals = (
            _rivals(best, reading, ranked)
            or _contradicted(best, reading, ranked)
            or late
            or _unsaid_who(best, reading, ranked)
            or _passing_unused(best, reading, ranked)
        )
        if not rivals:
            return Answer(Verdict.ONE, (Match(best.id, best.score),), reading=reading)
        chosen += rivals
    # asked anyway: every rule near the best is offered, not only the closest
    # (from further when what it is about was only guessed: "牌發多了" may be the flop's too)
    wide = _WIDE_TIER + (OBJECT_WEIGHT if reading.hints and not reading.objects else 0.0)
    chosen += [f for f in candidates if f not in chosen and f.score > best.score - wide]
    offered = chosen[:_MOST]
    if not reading.who and "during-deal" not in reading.when:
        # who did it was not said (nor that it happened while dealing): a rule ruled out only
        # because irregularities are the dealer's unless told (the player exposing his own card)
        # is offered too
        unsaid = [
            f
            for f in ranked
            if f.conflicts == ("who:dealer",)
            and f.named
            and f.score >= best.score - _WIDE_TIER
            and f not in offered
        ]
        offered = offered[: _MOST - 1] + unsaid[:1] if unsaid else offered
    # a particular word said in passing that no rule offered explains: the rule that does; a
    # thing named that only one rule is about: that rule
    explaining = _unexplained(offered, reading, ranked) or _owner_left_out(offered, reading, ranked)
    offered = offered[: _MOST - 1] + explaining if explaining else offered
    if late and late[0] not in offered:  # when it was noticed, or a second error, is asked too
        offered = offered[: _MOST - 1] + late
    return _which(offered, reading)


def _unspoken(best: Fit, other: Fit, reading: Reading) -> float:
    """What of the best's lead over another irregularity comes from numbers the other does not
    speak of ("多銷了一張": one too many fits the turn's burn error, while the flop's has no count
    of too many; which street is the facet that tells them apart, and it was not said). Its
    silence is no "no": without it the two would be as close as a tie."""
    facets = table().facets
    if Kind.PROCEDURE in kinds(best.id) | kinds(other.id) or _told(best, other, reading):
        return 0.0
    if facets[best.id].object != facets[other.id].object:
        return 0.0  # rules of different things: the thing named is evidence enough
    return _unspoken_lead(best.id, other.id, reading)


def _unspoken_lead(mine: str, theirs: str, reading: Reading) -> float:
    """The weight of the numbers read that rule ``mine`` fits and rule ``theirs`` does not speak
    of at all: a lead of ``mine`` that is no "no" for ``theirs``."""
    facets = table().facets
    ours, silent = facets[mine].numbers, facets[theirs].numbers
    return sum(
        NUMBER_WEIGHT[number]
        for number, value in reading.numbers | reading.soft
        if number not in silent and any(value in span for span in ours.get(number, ()))
    )


def _told(best: Fit, other: Fit, reading: Reading) -> bool:
    """Whether the question says what tells the two rules apart (the first facet of QUESTIONS
    they differ on: which card of the deal, which street, how many too many, ...)."""
    facet, values = telling((best.id, other.id))
    if facet is None:
        return False
    if facet in set(Number):
        return any(number == facet for number, _ in reading.numbers | reading.soft)
    said = {value for each in values for value in each.split(",") if value}
    if facet == "object":
        return bool(said & (reading.objects | reading.hints))
    if facet == "event":
        return bool(said & wanted_events(reading))
    return bool(said & set(getattr(reading, facet)))


def _unsaid_who(best: Fit, reading: Reading, ranked: Sequence[Fit]) -> list[Fit]:
    """The player's own rule beside the dealer's, for a card named by its place in a seat's hand
    when who did it is not said, nor that it was being dealt ("4號第二張底牌被看到了": the
    dealer's exposure, or the player's own)."""
    facets = table().facets
    mine = facets[best.id]
    if reading.who or "during-deal" in reading.when or "off-table" in reading.events:
        return []  # said, or a card of the deal (one that flew off the table was pitched so)
    if "dealer" not in mine.who:
        return []
    one = [str(span) for span in mine.numbers.get(Number.COUNT, ())] == ["1"]
    if one and not reading.in_hand:
        return []  # a card of the deal by its place (the first card off the deck) is the dealer's
    if not one and "preflop" not in reading.objects:
        return []  # more than one card exposed is the dealer's deal gone wrong, as the sets say,
        # unless they are found lying face up before the flop, after the deal: who turned them?
    found = []
    for f in ranked:
        if f.conflicts != ("who:dealer",) or not f.named:
            continue
        # the numbers it does not speak of, and the dealer's default, are no lead over it
        lead = _unspoken_lead(best.id, f.id, reading)
        if f.score + lead + DEALER_DEFAULT > best.score - _TIER:
            found.append(f)
    return found[:1]


_FEW = 3  # a word said in passing that at most this many rules list is particular to them


@functools.cache
def _listing() -> dict[str, frozenset[str]]:
    """The rules that list each object, as their own or beside it."""
    listed: dict[str, set[str]] = {}
    for rule_id, facets in table().facets.items():
        for thing in facets.object | facets.also:
            listed.setdefault(thing, set()).add(rule_id)
    return {thing: frozenset(rules) for thing, rules in listed.items()}


def _passing_unused(best: Fit, reading: Reading, ranked: Sequence[Fit]) -> list[Fit]:
    """A word said in passing that the best rule's facets do not list, while it is particular to
    a few rules (at most ``_FEW`` list it) and one of them is about the same things read: a fact
    of the question the single answer leaves unexplained, so that rule is offered with it
    ("mucked at showdown, does he get a share?": a share is the board playing; a mucked hand's
    rule has no share)."""
    return _unexplained([best], reading, ranked)


def _unexplained(offered: Sequence[Fit], reading: Reading, ranked: Sequence[Fit]) -> list[Fit]:
    """The rule that explains a particular word said in passing (at most ``_FEW`` rules list it)
    which none of the rules offered lists, when it is about the same things read as one of them
    ("比牌時他把牌扔了，還能分錢嗎": the showdown's rules offered have no share, the board
    playing has): a fact of the question the offer would leave out."""
    facets = table().facets
    listing = _listing()
    mine = frozenset().union(*(facets[f.id].object | facets[f.id].also for f in offered))
    unused = {
        thing
        for thing in (reading.objects & table().loose) - mine
        if len(listing.get(thing, ())) <= _FEW
    }
    if not unused:
        return []
    read = reading.objects - table().loose
    for f in ranked:
        theirs = facets[f.id].object | facets[f.id].also
        if f not in offered and unused & theirs and theirs & mine & read:
            return [f]
    return []


def _owner_left_out(offered: Sequence[Fit], reading: Reading, ranked: Sequence[Fit]) -> list[Fit]:
    """The one rule about a thing named in words that no other rule speaks of, left out of a
    "which one?" though its own object was said ("牌裡面有鬼牌，7號剛看到": a joker in the deck,
    whatever else was seen); not a thing guessed from one character of an unknown word (脚 of
    手忙脚乱 is no kicker)."""
    if reading.guessed:
        return []
    listing = _listing()
    ids = {f.id for f in offered}
    for thing in sorted(reading.said - table().loose):
        rules = listing.get(thing, frozenset())
        if len(rules) != 1:
            continue  # no rule, or more than one, speaks of it
        (owner,) = rules
        if owner not in ids and thing in table().facets[owner].object:
            return [f for f in ranked if f.id == owner]
    return []


@functools.cache
def _mentions() -> dict[str, int]:
    """How many rules name each object, as their own or beside it: the fewer, the more particular
    a topic it is (heads-up play against the blinds every hand has)."""
    counts: dict[str, int] = {}
    for rule_id, facets in table().facets.items():
        if Kind.PROCEDURE not in kinds(rule_id):
            continue  # only rules of the normal procedure are told apart by it
        for thing in facets.object | facets.also:
            counts[thing] = counts.get(thing, 0) + 1
    return counts


def _particular(candidate: Fit, reading: Reading) -> float:
    """How particular a topic of the question the rule accounts for: the rarity of each object
    read (not one said in passing: a seat, the blind) that is its own, and half that of each it
    lists beside its own."""
    counts = _mentions()
    facets = table().facets[candidate.id]
    read = (reading.objects | reading.hints) - table().loose  # not what is said in passing
    own = sum(1.0 / counts[thing] for thing in read & facets.object)
    return own + sum(0.5 / counts[thing] for thing in read & facets.also)


_PARTICULAR = 1.5  # how much more particular the one rule's topic must be (1.4 to 2 measure alike)


def _most_particular(chosen: list[Fit], reading: Reading) -> list[Fit]:
    """Rules of the normal procedure close together (no remedy to tell apart, so no "which one?"
    owed): the one about the most particular topic read, when one is clearly so (the question
    names the general topic in passing: "heads up, who posts the small blind": heads-up play)."""
    if len(chosen) < 2 or reading.irregular or wanted_events(reading):
        return chosen
    if not all(kinds(f.id) == {Kind.PROCEDURE} for f in chosen):
        return chosen
    top = max(chosen, key=lambda f: f.score)
    ranked = sorted(chosen, key=lambda f: -_particular(f, reading))
    first, second = (_particular(f, reading) for f in ranked[:2])
    if first <= 0 or first < second * _PARTICULAR or ranked[0].score < top.score:
        return chosen
    return [ranked[0]]


def _street_or_burn(chosen: list[Fit], reading: Reading) -> list[Fit]:
    """A street's procedure and the burn's, close together, each listing the other's object beside
    its own ("turn: burn, then one card?", 河牌前也要燒牌嗎): the street's rule, the burn being a
    step of it; the burn's own rule (one card before each street) when how many are burned is
    asked ("how many cards get burned before the turn", 轉牌前銷幾張), and still both when the
    street is named only as the burn's time. Both are the normal procedure: no remedy to tell
    apart."""
    if len(chosen) != 2 or reading.irregular or wanted_events(reading):
        return chosen  # something went wrong: no procedure asked
    if _incident(reading) or not all(kinds(f.id) == {Kind.PROCEDURE} for f in chosen):
        return chosen
    facets = table().facets
    burns = [f for f in chosen if "burn" in facets[f.id].object]
    streets = [f for f in chosen if facets[f.id].object & reading.objects - {"burn"}]
    if len(burns) != 1 or len(streets) != 1 or burns == streets:
        return chosen
    burn, street = facets[burns[0].id], facets[streets[0].id]
    if not (burn.object & street.also and street.object & burn.also):
        return chosen
    if reading.burns_counted:
        return burns
    # the street only named as the burn's time ("轉牌前要先燒一張嗎"): which one stays asked
    return streets if reading.street_dealt else chosen


def _exception_unsaid(chosen: list[Fit], reading: Reading) -> list[Fit]:
    """Two rules of the normal procedure close together, one an exception of another (its facets'
    `exceptions`: SHOWDOWN's is SHOWDOWN-MUCK, a player may muck instead of showing): not the
    exception when nothing of its own topic beyond the general rule's is read ("who wins at
    showdown, best five cards?", "can the all-in player win the side pot": no muck, no fold), but
    the other. Both
    are the normal procedure: no remedy to tell apart."""
    if len(chosen) != 2 or reading.irregular or wanted_events(reading) or _incident(reading):
        return chosen
    if not all(kinds(f.id) == {Kind.PROCEDURE} for f in chosen):
        return chosen
    if any(number is Number.PLAYERS for number, _ in reading.numbers | reading.soft):
        return chosen  # "two players both hold the Q": what they hold was not read
    facets = table().facets
    read = reading.objects | reading.hints
    for other, exception in (chosen, chosen[::-1]):
        for general in book().rules:
            if exception.id not in facets[general].exceptions:
                continue
            if Kind.PROCEDURE not in kinds(general):
                continue
            # what the exception has of its own or beside it, beyond the general rule's topic and
            # what only the other candidate owns ("thrown away at the showdown": a fold, the
            # muck's; "the muck" itself, the fold's and the muck's own)
            mine, theirs = facets[general], facets[exception.id]
            beyond = (theirs.object | theirs.also) - mine.object - mine.also
            if not (beyond - (facets[other.id].object - theirs.object)) & read:
                return [other]
    return chosen


def _nothing_happened(chosen: list[Fit], reading: Reading) -> list[Fit]:
    """Rules of the normal procedure of one thing close together, the best of them the only one
    not about something happening to it (BUTTON against the button's move, its start, a dead
    button), for a question that names nothing happening ("the buck, what's it there for",
    莊家按鈕代表什麼): that thing's own rule. No remedy to tell apart."""
    if len(chosen) < 2 or reading.irregular or wanted_events(reading) or _incident(reading):
        return chosen
    if not all(kinds(f.id) == {Kind.PROCEDURE} for f in chosen):
        return chosen
    facets = table().facets
    best = chosen[0]
    if facets[best.id].event or any(not facets[f.id].event for f in chosen[1:]):
        return chosen
    if any(f.score >= best.score for f in chosen[1:]):
        return chosen
    own = facets[best.id].object
    if not all(facets[f.id].object & own for f in chosen[1:]):
        return chosen  # rules of other things: the thing asked about is not told
    if (reading.objects | reading.hints) - own - facets[best.id].also:
        return chosen  # something named that the rule does not speak of (all-in, a card dealt)
    return [best]


def _owned_elsewhere(chosen: list[Fit], reading: Reading) -> list[Fit]:
    """An irregularity and a rule of the normal procedure close together, the irregularity
    fitting only by an event no other rule owns while nothing of its own is named, and the
    procedure's own object named with that event beside it ("button in front of an empty seat":
    a seat dealt to while not entitled has no card said, the dead button's placement has its
    button): the procedure's rule. A card dealt, named or suggested, leaves both."""
    if len(chosen) != 2 or reading.irregular:
        return chosen
    facets = table().facets
    read = reading.objects | reading.hints
    for wrong, plain in (chosen, chosen[::-1]):
        if Kind.PROCEDURE in kinds(wrong.id) or kinds(plain.id) != {Kind.PROCEDURE}:
            continue
        mine, theirs = facets[wrong.id], facets[plain.id]
        events = wanted_events(reading)
        if read & mine.object or not events & mine.event & unique_events():
            continue
        if (
            events <= theirs.also_event
            and read & theirs.object
            and read <= theirs.object | theirs.also
        ):
            return [plain]
    return chosen


def _own_event(chosen: list[Fit], reading: Reading) -> list[Fit]:
    """A rule of the normal procedure best, whose own event is what the question says happens to
    its own object, the rules close to it being of other things and only sharing that event
    ("new table, who gets the button, high card?": the button's start; the deal's order and its
    wrong first seat only start somewhere): that rule, when nothing is said to have gone wrong
    (no error word, no sign of an incident, not the dealer named as doing it)."""
    if len(chosen) < 2 or reading.irregular or _incident(reading):
        return chosen
    events = wanted_events(reading)
    best = chosen[0]
    facets = table().facets
    if not events or kinds(best.id) != {Kind.PROCEDURE} or not events <= facets[best.id].event:
        return chosen
    if any(f.score > best.score for f in chosen[1:]):
        return chosen
    if not all(events <= facets[f.id].also_event - facets[f.id].event for f in chosen[1:]):
        return chosen
    own, read = facets[best.id].object, reading.objects | reading.hints
    if not read & own or read - own - facets[best.id].also:
        return chosen  # something named it does not speak of ("after a misdeal")
    if any(facets[f.id].object & own for f in chosen[1:]):
        return chosen  # the rules close to it are of the same thing: what is asked is not told
    return [best]


def _whole_reading(chosen: list[Fit], reading: Reading) -> list[Fit]:
    """Rules of the normal procedure close together, only one of them speaking of everything the
    question names, its own object among it, while each of the others leaves that object of its
    unexplained ("after a misdeal does the button move": the redeal's rule speaks of the
    button and its move, the button's move not of the misdeal): that one. Both are the normal
    procedure: no remedy to tell apart."""
    if len(chosen) < 2 or reading.irregular or _incident(reading):
        return chosen
    if not all(kinds(f.id) == {Kind.PROCEDURE} for f in chosen):
        return chosen
    facets = table().facets
    named, events = reading.objects, wanted_events(reading)

    def whole(candidate: Fit) -> bool:
        mine = facets[candidate.id]
        return (
            bool(named & mine.object)
            and named <= mine.object | mine.also
            and events <= mine.event | mine.also_event
        )

    def silent_on(candidate: Fit, own: frozenset[str]) -> bool:
        mine = facets[candidate.id]
        return bool(named & own - mine.object - mine.also)

    speaking = [f for f in chosen if whole(f)]
    if len(speaking) != 1:
        return chosen
    own = facets[speaking[0].id].object
    return speaking if all(silent_on(f, own) for f in chosen if f is not speaking[0]) else chosen


def _counted(chosen: list[Fit], reading: Reading) -> list[Fit]:
    """Rules told apart only by how many cards, with one card said by its article ("a boxed
    card", 有張反牌; read softly elsewhere, as it rules nothing out alone): the rule of one."""
    if len(chosen) < 2 or not reading.one or telling([f.id for f in chosen])[0] != "count":
        return chosen
    value = 1
    spans = table().facets
    kept = [
        f
        for f in chosen
        if any(value in span for span in spans[f.id].numbers.get(Number.COUNT, ()))
    ]
    return kept or chosen


def _supported(best: Fit, reading: Reading) -> bool:
    """Whether the reading holds what the rule is about: for an irregularity one of its own
    events (an event it only shares, or none, decides nothing) or what stands for one, else
    one of its own objects or events."""
    lexicon = table()
    facets = lexicon.facets[best.id]
    named = reading.said | reading.objects | reading.hints
    if Kind.PROCEDURE not in kinds(best.id) and facets.event:
        if wanted_events(reading) & facets.event:
            return True
        # no event of its own read: only an object no other rule owns (a joker), or a number
        # in its own range ("two burns"), still points at it alone
        others = set().union(*(f.object for r, f in lexicon.facets.items() if r != best.id))
        counted = any(
            any(value in span for span in facets.numbers.get(number, ()))
            for number, value in reading.numbers
        )
        # a number alone decides only when something is said to have happened ("two burns": one
        # too many); "seat 5 got his second card before seat 4" names no exposure
        return bool((named & facets.object) - others) or (counted and bool(wanted_events(reading)))
    if named & facets.object or not facets.object:
        return True
    # an event of its own, with its object unsaid: not when another rule shares the event ("short
    # all-in raise": the limit game's rule, or no limit's minimum raise)
    own = reading.events & facets.event
    shared = any(
        own & f.also_event and named & (f.object | f.also)
        for r, f in lexicon.facets.items()
        if r != best.id
    )
    return bool(own) and not shared


def _rivals(best: Fit, reading: Reading, ranked: Sequence[Fit]) -> list[Fit]:
    """The rules a single answer would hide: none when the reading supports the best alone
    (its own object and, for an irregularity, its own event read); else the nearest rules of
    the same things, to choose from."""
    if _supported(best, reading):
        return []
    facets = table().facets
    own = facets[best.id].object | facets[best.id].also
    near = [f for f in ranked if f.id != best.id and f.named and f.score > 0]
    same = [f for f in near if facets[f.id].object & own or not own]
    same.sort(key=lambda f: (len(f.conflicts), -f.score))
    return same[:2]


def _noticed_late(best: Fit, reading: Reading, ranked: Sequence[Fit]) -> list[Fit]:
    """NOTICED-LATE for an irregularity said to be noticed late: which rule decides, the
    irregularity's own or when it was noticed, is the floor's to say (RULES.md gives "an exposed
    first card noticed after a raise and a call" to both; the blind sets split on it)."""
    if Kind.PROCEDURE in kinds(best.id):
        return []
    if "late" not in reading.when and not ("after-action" in reading.when and _turns(best.id)):
        return []
    if reading.when & table().facets[best.id].also_when:
        return []  # the rule's own text says what a late notice does (facets' also-when)
    return [f for f in ranked if f.id != best.id and table().facets[f.id].when >= {"late"}][:1]


@functools.cache
def _procedure_events() -> frozenset[str]:
    """Events only rules of the normal procedure have (the button's move): said with words that
    something went wrong ("the button did not move"), they name no irregularity."""
    facets = table().facets
    found: set[str] = set()
    for rule_id, f in facets.items():
        found |= f.event if Kind.PROCEDURE in kinds(rule_id) else set()
    return frozenset(
        e
        for e in found
        if not any(e in f.event for r, f in facets.items() if Kind.PROCEDURE not in kinds(r))
    )


def _only_beside(candidate: Fit, reading: Reading) -> bool:
    """An irregularity of what the question names, though about something beside it ("the flop
    had a problem": the burn missed before the flop too): ruled out only because its own object
    is not named, while every object named is one it lists beside its own."""
    facets = table().facets[candidate.id]
    own = "object:" + "/".join(sorted(facets.object))
    hard = reading.objects - table().loose
    return candidate.conflicts == (own,) and bool(hard) and hard <= facets.also


def _two_errors(best: Fit, reading: Reading, ranked: Sequence[Fit]) -> list[Fit]:
    """REMEDY-STACK for two irregularities no one rule has together ("seat 3 has three cards
    and the dealer exposed one more to seat 4"): each adds its ruling to what is owed."""
    facets = table().facets
    errors = {
        event
        for event in wanted_events(reading)
        if any(event in f.event for r, f in facets.items() if Kind.PROCEDURE not in kinds(r))
    }
    together = any(errors <= f.event | f.also_event for f in facets.values())
    if (len(errors) < 2 or together) and "second-error" not in reading.events:
        return []
    return _stacking(best, ranked)


def _stacking(best: Fit, ranked: Sequence[Fit]) -> list[Fit]:
    """The rule that stacks a second error's ruling on the first (REMEDY-STACK's facets say so)."""
    facets = table().facets
    return [f for f in ranked if f.id != best.id and "second-error" in facets[f.id].event][:1]


def _in_remedy(best: Fit, reading: Reading, ranked: Sequence[Fit]) -> list[Fit]:
    """REMEDY-STACK for an error made while fixing another (the replacement card exposed too):
    RULES.md counts that card with the first, and stacks the rulings."""
    if not reading.remedy:
        return []
    return _stacking(best, ranked)


@functools.cache
def _turns(rule_id: str) -> bool:
    """Whether the rule's remedy differs once substantial action has taken place."""
    return any(r.after_substantial_action is not None for r in book().rules[rule_id].rulings)


def _contradicted(best: Fit, reading: Reading, ranked: Sequence[Fit]) -> list[Fit]:
    """The rules of the same happening the question also points at: a single answer needs the
    facets that decide between them read one way, so a rule of the same event and object ruled
    out only by a number or a street the question names, while the question also names one of
    its own that the best has nothing to say about ("first card exposed ... two calls": the
    first card's rule and the two cards'; "the turn came early, and the river?"), is offered
    with it."""
    facets = table().facets
    own = facets[best.id]
    if not own.event:
        return []
    said = reading.said | reading.objects
    found = []
    for other in ranked:
        theirs = facets[other.id]
        if (
            other.id == best.id
            or not other.conflicts
            or not theirs.event & own.event
            or not (theirs.object & own.object or not theirs.object or not own.object)
            or not (theirs.who & own.who or not theirs.who or not own.who)
        ):
            continue
        numbers = all(c.split(":")[0] in set(Number) for c in other.conflicts)
        streets = all(c.startswith("object:") and c[7:] in own.object for c in other.conflicts)
        if numbers:
            backed = any(
                number not in own.numbers
                and any(value in span for span in theirs.numbers.get(number, ()))
                for number, value in reading.numbers
            )
        elif streets:
            backed = bool(theirs.object & said - own.object)
        else:
            continue
        if backed:
            found.append(other)
    return found[:2]


def _incident(reading: Reading) -> bool:
    """Signs that something happened at the table: its words, a seat's number, the dealer named."""
    return reading.incident or bool(reading.seats) or "dealer" in reading.who


def _passing(reading: Reading) -> bool:
    """A question naming only things said in passing: no object of its own, nor a card's."""
    return reading.objects <= table().loose and not reading.hints


def _none(query: str, reading: Reading) -> Answer:
    """No rule, with the nearest IDs (looked for only here: they cost more than the search)."""
    nearest = tuple(Match(rule_id, 0.0) for rule_id in suggest(query, 3))
    return Answer(Verdict.NONE, nearest, reading=reading)


def wanted_events(reading: Reading) -> frozenset[str]:
    """What the question says happened, read or implied by its numbers."""
    return reading.events | reading.implied


def _differ_in_kind(one: str, other: str) -> bool:
    """Two irregularities whose remedies differ in kind (misdeal against deal on)."""
    first, second = kinds(one), kinds(other)
    return Kind.PROCEDURE not in first | second and first != second


def _strong(candidate: Fit, query: Reading) -> bool:
    """A fit on both an event and one of the rule's own objects, named in words (outweighs an
    outside topic: "buy in short" names no hand, though a player short of cards would be one)."""
    if query.guessed:
        return False  # a facet guessed from one character never outweighs a topic named
    facets = table().facets[candidate.id]
    # or an event only that rule has ("dealt to the guy sitting out on a break": a seat not
    # entitled, though a break is no rule's)
    own = (query.events | query.implied) & facets.event
    alone = own & unique_events() and Kind.PROCEDURE not in kinds(candidate.id)
    # (not when the chips are what is asked: "away from the table, how long may his chips stay")
    alone = alone and not query.chips
    return bool(own) and bool(query.said & facets.object or alone)


def _which(chosen: Sequence[Fit], reading: Reading, fallback: str = "event") -> Answer:
    ids = tuple(f.id for f in chosen)
    question, choices = telling(ids)
    for event in reading.events:  # the rulesets decide it ("同一家連發兩張"): ask which one
        owners = table().ruleset_events.get(event, {})
        if len(set(owners.values()) & set(ids)) >= 2:
            question = "ruleset"
            choices = tuple(
                ",".join(sorted(r for r, owner in owners.items() if owner == rule_id))
                for rule_id in ids
            )
            break
    matches = tuple(Match(f.id, f.score) for f in chosen)
    return Answer(Verdict.WHICH, matches, question or fallback, choices, reading)


def _facet_values(rule_id: str, facet: str) -> str:
    facets = table().facets[rule_id]
    if facet in set(Number):
        return ",".join(str(span) for span in facets.numbers.get(Number(facet), ()))
    if facet == "object":
        return ",".join(sorted(facets.object | facets.also))
    return ",".join(sorted(getattr(facets, facet)))


def telling(ids: Sequence[str]) -> tuple[str | None, tuple[str, ...]]:
    """The facet that tells these rules apart (the first of QUESTIONS that differs), and each
    rule's value of it (``""`` where a rule does not say).

    >>> telling(("DEAL-EXTRA-ONE", "DEAL-EXTRA-MULTIPLE"))
    ('extra', ('1', '2-9'))
    """
    for facet in QUESTIONS:
        values = tuple(_facet_values(rule_id, facet) for rule_id in ids)
        if len(set(values)) > 1:
            if facet == "object":  # only what sets each apart ("flop" against "turn, river")
                sets = [set(value.split(",")) for value in values]
                shared = set.intersection(*sets)
                values = tuple(",".join(sorted(each - shared)) for each in sets)
            return facet, values
    return None, ()


def find(query: str, lang: Lang | str | None = None, ruleset: str | None = None) -> list[Match]:
    """The rules a query may mean: the one rule, the candidates of a "which one?", or none.

    ``lang`` is accepted for the callers that know it (a question is read in every language)."""
    del lang
    answer = search(query, ruleset)
    return [] if answer.kind is Verdict.NONE else list(answer.matches)


def suggest(query: str, limit: int = 5) -> list[str]:
    """Closest rule IDs for a query that matched nothing (misspellings, partial IDs)."""
    rules = book().rules
    votes: dict[str, float] = {}
    vocabulary: dict[str, set[str]] = {}
    for r in rules.values():
        for word in [*r.id.lower().split("-"), *WORD.findall(r.title.en.casefold())]:
            vocabulary.setdefault(word, set()).add(r.id)
    for word in WORD.findall(query.casefold()):
        for known, ids_ in vocabulary.items():
            ratio = difflib.SequenceMatcher(None, word, known).ratio()
            # A swapped letter ("trun") scores low on ratio but is plainly the same word.
            if len(word) >= 3 and sorted(word) == sorted(known):
                ratio = max(ratio, 0.9)
            if ratio >= 0.75:
                for rule_id in ids_:
                    votes[rule_id] = votes.get(rule_id, 0.0) + ratio
    for rule_id in difflib.get_close_matches(id_form(query), list(rules), n=limit, cutoff=0.6):
        votes[rule_id] = votes.get(rule_id, 0.0) + 1.0
    chars = set("".join(CJK.findall(query)))
    if chars:
        for r in rules.values():
            shared = len(chars & set(r.title.get(Lang.ZH_HANS) + r.title.get(Lang.ZH_HANT)))
            if shared:
                votes[r.id] = votes.get(r.id, 0.0) + shared / len(chars)
    order = list(rules)
    ranked = sorted(votes, key=lambda rule_id: (-votes[rule_id], order.index(rule_id)))
    return ranked[:limit]
