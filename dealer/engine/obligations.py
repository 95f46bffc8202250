"""What the rulings under way still require of the hand (RULES.md §B, "What every remedy must show",
and §C).

A ruling comes from ``procedures/rulebook.yaml`` under the hand's ruleset (one source of truth for
the machine, ``dealer rule`` and ``dealer ask``). :class:`Obligations` is the one object the machine
consults about it: the rulings under way, their owed steps in order, the cards they hold out of play
and the irregularities that happened but were not noticed yet.

Its three principles are §C's: a second ruling adds its steps to what is owed and never discards the
rest (REMEDY-STACK), unless it is a misdeal or a void hand, which supersedes everything; a card a
ruling holds keeps its role through later errors (SEEN-CARD-STAYS-OUT: a held burn is never
shuffled back, and the next burn, even a premature street's, uses it instead of the stub); a mishap
nobody noticed is ruled on when the floor is called, on the hand as it then stands (NOTICED-LATE).

>>> from dealer.core.steps import Verb
>>> round_ = Owed("A", "Play the round", None, wait=Verb.FINISH_ROUND)
>>> burn, flop = Owed("A", "Burn", Verb.BURN), Owed("A", "Deal the flop", Verb.FLOP)
>>> shuffle, flop_again = Owed("B", "Shuffle", Verb.SHUFFLE), Owed("B", "Flop", Verb.FLOP)
>>> [str(o) for o in merge([round_, burn, flop], [round_, shuffle, flop_again])]
['A: Play the round', 'A: Burn', 'B: Shuffle', 'B: Flop']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from dealer.core.cards import Card
from dealer.core.ledger import Ledger, Place
from dealer.core.roles import Role
from dealer.core.ruleset import Ruleset
from dealer.core.steps import BOARD_VERBS, Verb
from dealer.rules.choice import Choice, chosen_ruling
from dealer.rules.rulebook import Branch, Fate, Lang, Ruling, Step, book, rule


@dataclass(frozen=True, slots=True)
class RulingRef:
    """A recognised irregularity as ``procedures/holdem.yaml`` names it: ``ruling:ID`` with
    ``/BRANCH`` for a named branch and ``=CHOICE`` where a ruleset choice decides;
    ``ruling-sa:ID`` takes the branch for after substantial action once there has been some.

    >>> RulingRef.parse("ruling-sa:DEAL-SHORT")
    RulingRef(rule_id='DEAL-SHORT', after_action=True, branch=None, choice=None)
    >>> str(RulingRef.parse("ruling:HOLE-EXPOSED-SECOND=misdeal"))
    'ruling:HOLE-EXPOSED-SECOND=misdeal'
    >>> RulingRef.parse("expose_pitch") is None
    True
    """

    rule_id: str
    after_action: bool = False
    branch: Branch | None = None
    choice: Choice | None = None

    @staticmethod
    def parse(name: str) -> RulingRef | None:
        """The reference a callback name stands for; None for a plain callback. Raises
        ``ValueError`` for a reference to no rule, branch or choice the rulebook knows."""
        kind, colon, named = name.partition(":")
        if not colon or kind not in ("ruling", "ruling-sa"):
            return None
        named, _, choice = named.partition("=")
        rule_id, _, branch = named.partition("/")
        if rule_id not in book().rules:
            raise ValueError(f"{name}: no rule {rule_id!r} in the rulebook")
        try:
            return RulingRef(
                rule_id,
                kind == "ruling-sa",
                Branch(branch) if branch else None,
                Choice(choice) if choice else None,
            )
        except ValueError:
            raise ValueError(f"{name}: unknown branch or choice") from None

    def __str__(self) -> str:
        kind = "ruling-sa" if self.after_action else "ruling"
        branch = f"/{self.branch}" if self.branch else ""
        choice = f"={self.choice}" if self.choice else ""
        return f"{kind}:{self.rule_id}{branch}{choice}"

    def rulings(self) -> Iterator[Ruling]:
        """Every ruling this reference can lead to, under any ruleset: the branch it names, else
        the main ruling and the branches action or a late notice can lead to."""
        for ruling in rule(self.rule_id).rulings:
            if self.branch is not None:
                yield ruling.branch(self.branch) or ruling
                after = ruling.branch(Branch.AFTER_SUBSTANTIAL_ACTION)
                if self.after_action and after is not None:
                    yield after
                continue
            yield ruling
            for name in (Branch.AFTER_SUBSTANTIAL_ACTION, Branch.ACTED_ON):
                branch = ruling.branch(name)
                if branch is not None:
                    yield branch


@dataclass(frozen=True, slots=True)
class Ruled:
    """A ruling made in a hand: which rule, under which ruleset, and the physical cards it names."""

    rule_id: str
    ruleset: str
    ruling: Ruling
    cards: Mapping[Role, tuple[Card, ...]]
    choice: Choice | None = None  # a ruleset choice that decided between remedies
    branch: Branch | None = None  # the branch taken, if any
    street: Verb | None = None  # the street the mishap concerned (BURN-ERROR replaces its card)
    late: bool = False  # ruled when noticed, after the hand had gone on (NOTICED-LATE)
    seat: int | None = None  # the seat the mishap named, if any

    @property
    def label(self) -> str:
        """The ruleset to name with the ruling: the table's, an overlay's own name included (the
        ruling is the overlay's even where it changes nothing here)."""
        return self.ruleset

    @property
    def after_action(self) -> bool:
        return self.branch is Branch.AFTER_SUBSTANTIAL_ACTION

    @property
    def supersedes(self) -> bool:
        """A misdeal or a void hand: every card comes back, so nothing else stays owed."""
        return gathers(self.ruling)


def gathers(ruling: Ruling) -> bool:
    """A misdeal or a void hand: the ruling brings every card back, whatever role it had."""
    return any(step.do in (Verb.GATHER, Verb.VOID) for step in ruling.steps)


def rule_under(
    ref: RulingRef,
    ruleset: Ruleset,
    cards: Mapping[Role, tuple[Card, ...]],
    *,
    substantial_action: bool,
    acted_on: bool = False,
    late: bool = False,
    street: Verb | None = None,
    seat: int | None = None,
    found_after_action: bool = False,
) -> Ruled:
    """The ruling ``ref`` names under ``ruleset`` (an overlay rules as the ruleset it extends,
    or as the published ruleset its ``rulings`` name for this rule).

    The branch: the one ``ref`` names (once there is substantial action, the branch for it instead
    where ``ref`` asks for it and the ruling has one); else, after substantial action, the ruling's
    branch for it where ``ref`` asks for it or the error is noticed late (LA 105); else, for a late
    notice after action on the card concerned, its ``acted-on`` branch (LA 165); a late notice
    after any player action takes an ``after-first-action`` branch where the ruling has one.
    """
    entry = rule(ref.rule_id)
    source = ruleset.ruling_from(ref.rule_id)
    choice = ref.choice
    ruling = chosen_ruling(entry, ruleset, choice)
    chosen = choice if ruling.ruleset != source else None
    branch: Branch | None = None
    after_sa = Branch.AFTER_SUBSTANTIAL_ACTION
    if ref.branch is not None:
        branch = ref.branch  # absent from the ruling: its main text covers that case too
        if ref.after_action and substantial_action and after_sa in ruling.branches:
            branch = after_sa  # ``ruling-sa:ID/BRANCH``: that branch until SA, then SA's (LA 105)
    elif (ref.after_action or late) and substantial_action:
        branch = Branch.AFTER_SUBSTANTIAL_ACTION
    after_first = Branch.AFTER_FIRST_ACTION
    if branch is None and late and found_after_action and after_first in ruling.branches:
        branch = after_first  # found only after the first action (DEAL-EXTRA-ONE, LA 104, 118)
    if (branch is None or branch not in ruling.branches) and late and acted_on:
        branch = Branch.ACTED_ON
    taken = ruling.branch(branch) if branch is not None else None
    return Ruled(
        ref.rule_id,
        ruleset.name,
        taken or ruling,
        dict(cards),
        chosen,
        branch if taken is not None else None,
        street,
        late,
        seat,
    )


@dataclass(frozen=True, slots=True)
class Owed:
    """One step a ruling owes, or the deal or betting round it awaits (``wait``)."""

    rule: str
    text: str  # in English, as refusals quote it
    verb: Verb | None  # the dealer step owed; None while the deal or a betting round is awaited
    wait: Verb | None = None  # REDEAL: the deal goes on as usual; FINISH_ROUND: the players
    seat: int | None = None
    role: Role | None = None  # the card a remedy step uses, by its role (a burn: the held card)
    step: Step | None = None  # the rulebook's step, for its text in other languages
    detail: str = ""  # what this table adds to the step's text: "seat 2", "the turn"

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}"

    @property
    def by_players(self) -> bool:
        return self.wait is Verb.FINISH_ROUND

    @property
    def expected(self) -> str:
        """As a refusal quotes it: ``burn one card from the top of the stub (TURN-PREMATURE)``."""
        return f"{self.text[:1].lower()}{self.text[1:]} ({self.rule})"

    def text_in(self, lang: str) -> str:
        """The step in ``lang``, with what this table adds (the seat, the street)."""
        if lang == Lang.EN or self.step is None:
            return self.text
        labels, language = book(), Lang(lang)
        text = labels.step_text(self.step, language)
        if self.seat is not None:
            seat = labels.label("place-seat", language).format(seat=self.seat)
            return f"{text} ({seat})"
        if self.detail and self.verb is not None:
            street = labels.label(f"do-{self.verb}", language)
            return f"{text}{labels.label('colon', language)}{street}"
        return text


class Hold(StrEnum):
    """Why a ruling keeps a card out of play (in the ledger it lies set aside)."""

    BURN = "burn"  # it is to be a burn: the next burn uses it, and no shuffle takes it back
    SKIPPED = (
        "skipped"  # a burn its street came without, unnoticed: it goes to the burns when ruled
    )
    RESHUFFLE = "reshuffle"  # out of play until the remedy's shuffle takes it back into the stub


@dataclass(frozen=True, slots=True)
class Held:
    card: Card
    role: Role
    rule: str
    hold: Hold


@dataclass(frozen=True, slots=True)
class Pending:
    """A mishap that happened but was not noticed: ruled on at the floor's call (NOTICED-LATE)."""

    ref: RulingRef
    cards: Mapping[Role, tuple[Card, ...]]
    street: Verb | None
    actions: int  # player actions before it: any since means the card concerned was acted on
    what: str  # the mishap, as a scenario writes it
    seat: int | None = None
    board: int = 0  # board cards when it happened: one turned since means it was acted on
    # A burn error: the stub as it stood when the error began, top first, and the event it began
    # at, so that a late notice can give each board place the card that would have come (LA 165)
    stub: tuple[Card, ...] = ()
    event: int = 0
    held: Card | None = None  # the held card that was to be the street's burn, if any


@dataclass(slots=True)
class Obligations:
    """The rulings under way in one hand and what they still require."""

    owed: list[Owed] = field(default_factory=list)  # next first, every ruling's steps merged
    held: list[Held] = field(default_factory=list)  # in the order they were taken out of play
    pending: list[Pending] = field(default_factory=list)
    doing: Owed | None = None  # the owed step being performed (callbacks read it)

    @property
    def head(self) -> Owed | None:
        """The next thing owed: the step being performed, else the first owed."""
        return self.doing or (self.owed[0] if self.owed else None)

    @property
    def gathering(self) -> bool:
        """A misdeal or void hand under way: the cards are coming back, nothing more is dealt."""
        if not self.owed:  # as in almost every hand: no generator made
            return False
        return any(owed.verb in (Verb.GATHER, Verb.VOID, Verb.RETURN_CHIPS) for owed in self.owed)

    def add(self, ruled: Ruled, steps: list[Owed]) -> None:
        """REMEDY-STACK: the ruling's steps join what is owed; a misdeal or void hand replaces
        it."""
        if ruled.supersedes:
            self.owed = list(steps)
            self.held.clear()  # the gather brings every card back
            # the deal thrown in takes its unnoticed errors with it (NOTICED-LATE, REMEDY-STACK)
            self.pending.clear()
        else:
            self.owed = merge(self.owed, steps)

    def finish(self, wait: Verb) -> None:
        """The deal or the betting round a ruling awaited is over (a round with nobody able to
        bet can end while a step owed before it is still to come)."""
        if not self.owed:  # as in almost every hand: asked at every deal and round's end
            return
        for index, owed in enumerate(self.owed):
            if owed.wait is wait:
                del self.owed[index]
                return

    def clear(self) -> None:
        """The hand is won or over: nothing more is owed (held cards stay where they lie)."""
        self.owed.clear()
        self.pending.clear()

    def begin(self) -> Owed:
        """The next owed step is performed now: it is off the list while it runs (so that a round
        it closes sees what is owed after it) and is what is being done (``doing``)."""
        self.doing = self.owed.pop(0)
        return self.doing

    def put_back(self, owed: Owed) -> None:
        """The owed step was refused: it is owed next again."""
        self.owed.insert(0, owed)

    def end(self) -> None:
        """The owed step under way is over (done or refused)."""
        self.doing = None

    def defer(self, pending: Pending) -> None:
        """A mishap nobody noticed waits for the floor's call (NOTICED-LATE)."""
        self.pending.append(pending)

    def take_pending(self) -> list[Pending]:
        """The floor is called: every mishap that waited for it, in order, none left waiting."""
        pending, self.pending = self.pending, []
        return pending

    def gathered(self) -> None:
        """Every card is back in the stub (a misdeal, a void hand): no card is held any more."""
        self.held.clear()

    # -- held cards ------------------------------------------------------------------------------

    def hold(self, card: Card, role: Role, rule_id: str, hold: Hold) -> None:
        if all(held.card != card for held in self.held):
            self.held.append(Held(card, role, rule_id, hold))

    def next_burn(self, ledger: Ledger) -> Card | None:
        """The card held to be the next burn (SEEN-CARD-STAYS-OUT), once it is out of the hand
        that held it: the one the step being performed names, else the first held."""
        if not self.held:  # every burn asks; almost always nothing is held
            return None
        ready = [
            held
            for held in self.held
            if held.hold is Hold.BURN and ledger.where(held.card).place is Place.SET_ASIDE
        ]
        # an exposed card and an extra card both held: the exposed card is the flop's burn, the
        # extra card the turn's (SEEN-CARD-STAYS-OUT; 004 ¶2, ¶6); any other in the order held
        ready.sort(key=lambda held: held.role is not Role.EXPOSED_CARD)
        named = self.doing.role if self.doing is not None else None
        chosen = next((held for held in ready if held.role is named), ready[0] if ready else None)
        return chosen.card if chosen is not None else None

    def dealt(self, street: Verb, *, unburned: bool = False) -> None:
        """A mishap dealt the street a step still owed was to deal: that step is spent (the
        ruling on the mishap says what happens now). ``unburned``: it came without the burn a step
        owed before it, and the correction's burn will be that one (REMEDY-STACK: one burn per
        street), so that burn is spent too; a held card's burn is not (SEEN-CARD-STAYS-OUT)."""
        for index, owed in enumerate(self.owed):
            if owed.wait is not None:
                return  # a street owed after a betting round is another deal of it
            if owed.verb is street:
                before = self.owed[index - 1] if index else None
                burn = before is not None and before.verb is Verb.BURN and before.role is None
                del self.owed[index - 1 if unburned and burn else index : index + 1]
                return

    def burned(self, card: Card) -> None:
        """A held card was burned: it is no longer held, and no step still owes its burn."""
        role = next((held.role for held in self.held if held.card == card), None)
        self.held = [held for held in self.held if held.card != card]
        for index, owed in enumerate(self.owed):
            if owed.verb is Verb.BURN and owed.role is not None and owed.role is role:
                del self.owed[index]
                return

    def skipped(self, card: Card) -> None:
        """A street came without this held burn and nobody noticed: it serves no later street,
        and it goes to the burns when the error is ruled on (SEEN-CARD-STAYS-OUT)."""
        self.held = [
            Held(held.card, held.role, held.rule, Hold.SKIPPED) if held.card == card else held
            for held in self.held
        ]

    def reshuffled(self) -> tuple[Card, ...]:
        """The cards a shuffle takes back into the stub now: those held for it, never a burn."""
        if not self.held:
            return ()
        back = tuple(held.card for held in self.held if held.hold is Hold.RESHUFFLE)
        self.held = [held for held in self.held if held.hold is not Hold.RESHUFFLE]
        return back


# -- merging what two rulings owe (REMEDY-STACK) ---------------------------------------------


def merge(owed: list[Owed], new: Iterable[Owed]) -> list[Owed]:
    """What is owed once a new ruling's steps join the old ones.

    Both lists start now, so their waits (the deal, then each betting round) are the same moments
    of the hand: they are lined up, and between two waits the old steps come first, then the new.
    A step both owe is done once: one shuffle, one cut and one burn serve both, and a street is
    dealt once, as the later ruling says (it knows what happened since). A second burn card held
    for the same street stays held and serves as the next street's burn.
    """
    (old_first, old_parts), (new_first, new_parts) = _parts(owed), _parts(list(new))
    merged: list[Owed] = _between(old_first, new_first)
    i = j = 0
    while i < len(old_parts) or j < len(new_parts):
        old_wait = old_parts[i][0] if i < len(old_parts) else None
        new_wait = new_parts[j][0] if j < len(new_parts) else None
        if old_wait is not None and new_wait is not None and old_wait.wait is new_wait.wait:
            merged += [old_wait, *_between(old_parts[i][1], new_parts[j][1])]
            i, j = i + 1, j + 1
        elif old_wait is not None and (new_wait is None or old_wait.wait is Verb.REDEAL):
            merged += [old_wait, *old_parts[i][1]]  # the deal comes before any betting round
            i += 1
        else:  # only the new list has a part left here, or its part comes first
            merged += [new_parts[j][0], *new_parts[j][1]]
            j += 1
    return merged


def _parts(owed: list[Owed]) -> tuple[list[Owed], list[tuple[Owed, list[Owed]]]]:
    """The steps before the first wait, then each wait with the steps after it."""
    first: list[Owed] = []
    parts: list[tuple[Owed, list[Owed]]] = []
    for item in owed:
        if item.wait is not None:
            parts.append((item, []))
        else:
            (parts[-1][1] if parts else first).append(item)
    return first, parts


def _between(old: list[Owed], new: list[Owed]) -> list[Owed]:
    """Two rulings' steps between the same two waits. A street is dealt once, as the later
    ruling says; where it says without a burn, the earlier ruling's burn for that street goes too.
    A shuffle, a cut or a burn done once serves both; a burn both owe is the exposed card where
    one of them holds it (SEEN-CARD-STAYS-OUT: the exposed card is the flop's burn, an extra card
    the next street's). A card owed to a seat's hand comes before any burn or street card: the
    replacement is made at once (HOLE-EXPOSED-OTHER).

    >>> from dealer.core.roles import Role
    >>> extra = [Owed("E", "Burn the extra card", Verb.BURN, role=Role.EXTRA_CARD)]
    >>> replace = Owed("X", "Replace", Verb.REPLACE, seat=3)
    >>> exposed = Owed("X", "Burn the exposed card", Verb.BURN, role=Role.EXPOSED_CARD)
    >>> [str(o) for o in _between(extra, [replace, exposed])]
    ['X: Replace', 'X: Burn the exposed card']
    """
    streets = {step.verb for step in new if step.verb in BOARD_VERBS}
    unburned = {step.verb for step in new if step.verb in streets and _without_burn(step)}
    result = [
        item
        for index, item in enumerate(old)
        if item.verb not in streets
        and not (item.verb is Verb.BURN and _next_verb(old, index) in unburned)
    ]
    for step in new:
        same = [item for item in result if item.verb is step.verb]
        if same and step.verb is Verb.BURN and step.role is Role.EXPOSED_CARD:
            result[result.index(same[0])] = step  # the exposed card is the flop's burn
            continue
        if same and step.verb in (Verb.SHUFFLE, Verb.CUT, Verb.BURN):
            continue
        if step.seat is not None and any(item.seat == step.seat for item in same):
            continue  # the same seat's hand is killed, or given its card, once
        result.append(step)
    to_hands = [item for item in result if _to_hand(item)]
    return to_hands + [item for item in result if not _to_hand(item)]


def _to_hand(owed: Owed) -> bool:
    """A step that gives a seat's hand a card from the stub (a replacement, a missing card)."""
    return owed.seat is not None and owed.verb in (Verb.REPLACE, Verb.PITCH)


def _without_burn(owed: Owed) -> bool:
    return owed.step is not None and owed.step.burn is False


def _next_verb(steps: list[Owed], index: int) -> Verb | None:
    return steps[index + 1].verb if index + 1 < len(steps) else None


# -- from a ruling's steps to what this hand owes -------------------------------------------


def owed_steps(ruled: Ruled, ledger: Ledger, deal_done: bool) -> list[Owed]:
    """The ruling's steps as the hand must now see them performed (``deal_done``: no card of the
    deal is still to come)."""
    owed: list[Owed] = []
    fates = {fate.card: fate.fate for fate in ruled.ruling.cards}
    for step in ruled.ruling.steps:
        owed.extend(_owed(ruled, ledger, deal_done, step, fates))
    return owed


def _text(step: Step) -> str:
    return book().step_text(step, Lang.EN)


def _owed(
    ruled: Ruled, ledger: Ledger, deal_done: bool, step: Step, fates: Mapping[Role, Fate]
) -> list[Owed]:
    """What one step of the ruling asks of this hand (nothing when it needs no dealer step)."""
    rid, text, do = ruled.rule_id, _text(step), step.do
    if do is Verb.FINISH_ROUND:
        return [Owed(rid, text, None, wait=Verb.FINISH_ROUND, step=step)]
    if do is Verb.REDEAL or (do is Verb.PITCH and not step.card):
        # the (re)deal, finished as usual; nothing is owed when the mishap was its last card
        done = do is Verb.PITCH and deal_done
        return [] if done else [Owed(rid, text, None, wait=Verb.REDEAL, step=step)]
    if do is Verb.REPLACE and step.card and fates.get(step.card) is Fate.SCRAP:
        return []  # a boxed card or a joker: the next card simply takes its place
    if do is Verb.CORRECT_BUTTON and ruled.after_action:
        return []  # the hand goes on; the next hand's button is corrected
    if do is Verb.REPLACE and not step.card:
        if ruled.street is None:
            raise ValueError(f"{rid}: a replacement needs the street it concerns")
        detail = f"the {ruled.street}"
        return [Owed(rid, f"{text}: {detail}", ruled.street, step=step, detail=detail)]
    if do in (Verb.PITCH, Verb.KILL_HAND, Verb.REPLACE):
        seat = next(iter(_seats(ruled, ledger)), None)
        detail = f"seat {seat}"
        return [Owed(rid, f"{text} ({detail})", do, seat=seat, step=step, detail=detail)]
    return [Owed(rid, text, do, role=step.card, step=step)]


def _seats(ruled: Ruled, ledger: Ledger) -> list[int]:
    """The seats holding the cards the ruling names (the exposed card's or the short hand's)."""
    seats = []
    for cards in ruled.cards.values():
        for card in cards:
            seat = ledger.where(card).seat
            if seat is not None:
                seats.append(seat)
    return seats or ([ruled.seat] if ruled.seat is not None else [])
