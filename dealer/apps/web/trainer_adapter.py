"""The one place the web app touches the trainer (:mod:`dealer.apps.training`): its session.

Each web session holds a :class:`~dealer.apps.training.session.Session` and sends it one line per
request; the session answers with typed turns (:mod:`dealer.apps.training.turns`) and waits for
the next line, so the server holds every session in its one thread, with no thread per session
and nothing read back from printed text. The same examiner judges a click as it judges a line at
the terminal, with the same scoring and the same messages.

Every drill shows on the page without page code of its own: a prompt says whether a dealer step,
an award (:attr:`Examiner.awarding`) or an answer (:attr:`Examiner.asking`) is owed; a question
carries its numbered options (:meth:`Examiner.choices`); a verdict its rule and sources; a mishap
its ruling and the steps owed. The page shows what the trainer said in the hand
(:meth:`Examiner.transcript`) beside the drawn table.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from dealer.apps.floor.guided import BY_KEY, MISHAPS
from dealer.apps.present.commands import canonical
from dealer.apps.present.table import describe_game, text
from dealer.apps.training import Drill, Slip, slip_mishap
from dealer.apps.training.drills.awards import parse_award
from dealer.apps.training.session import Session
from dealer.apps.training.turns import (
    Asked,
    HandBegun,
    Question,
    Ruling,
    ScoreChange,
    TableChange,
    Turn,
    Verdict,
    as_json,
)
from dealer.core.deck import DeckPlan
from dealer.core.steps import DealerStep, StepError, parse_step
from dealer.engine.hand import Hand
from dealer.engine.random_play import random_action, random_table
from dealer.rules.rulebook import Lang

__all__ = [
    "DRILLS",
    "SEEDED",
    "SLIPS",
    "BadStep",
    "Examiner",
    "Exchange",
    "check_answer",
    "check_step",
    "drill_name",
    "situation",
]

DRILLS = tuple(drill.value for drill in Drill)
SLIPS = tuple(slip.value for slip in Slip)
_MAX_LINES = 200  # messages kept for one reply (and one question): a session's memory stays bounded
_WORDS = ("help", "hint", "table", "quit", "exit")  # the desk answers these itself: never sent


def drill_name(drill: str, lang: Lang) -> str:
    """The drill's name as the trainer's banner says it (``dealer train``), so a drill added to
    the trainer is named on the page too.

    >>> drill_name("mishap", Lang.ZH_HANT)
    '失誤處理'
    """
    try:
        return text(f"drill-{drill}", lang)
    except KeyError:
        return drill


class BadStep(ValueError):
    """A line that is not a dealer step at all (the page never sends one)."""


def check_step(line: str) -> str:
    """The dealer step ``line`` names, normalised; :class:`BadStep` if it names none.

    >>> check_step(" Pitch  3 ")
    'pitch 3'
    >>> try:
    ...     check_step("seat 3 call")
    ... except BadStep as error:
    ...     print(error)
    not a dealer step: 'seat 3 call'
    """
    line = canonical(line)  # a command typed in Chinese (procedures/commands.yaml)
    if parse_award(line) is not None:  # the trainee's award of a pot, in place of push
        return " ".join(line.lower().split())
    try:
        step = parse_step(line)
    except StepError as error:
        raise BadStep(str(error)) from None
    if not isinstance(step, DealerStep):
        raise BadStep(f"not a dealer step: {line.strip()!r}")
    return str(step)


def check_answer(line: str) -> str:
    """An answer to a question as the trainee typed it (an amount, seats, a number, yes or no),
    one short line; :class:`BadStep` if it is none. The trainer judges what it says.

    >>> check_answer("  5 3 ")
    '5 3'
    >>> try:
    ...     check_answer("quit")
    ... except BadStep as error:
    ...     print(error)
    not an answer: 'quit'
    """
    said = " ".join(canonical(line).split())
    if not said or said.lower() in _WORDS or not said.isprintable():
        raise BadStep(f"not an answer: {line.strip()!r}")
    return said


@dataclass
class Exchange:
    """What one line brought: the session's turns (the drawn table left out) and their text,
    whether the line was a mistake and the rule it was charged to. ``verdict`` is the text about
    the line itself: that before the next hand (question) began, which the transcript shows."""

    lines: list[str] = field(default_factory=list)
    wrong: bool = False
    right: bool = False
    rule: str | None = None
    verdict: list[str] = field(default_factory=list)
    refusal: str | None = None  # a refused step's message, as the page shows it
    told: list[str] = field(default_factory=list)  # the text but a ruling's (shown on its own)
    turns: list[dict[str, Any]] = field(default_factory=list)  # the typed turns, as JSON


class Examiner:
    """One web session: the trainer's headless session, fed one line per request."""

    def __init__(
        self,
        drill: str,
        *,
        hands: int,
        seed: int,
        ruleset: str,
        lang: Lang,
        slips: Sequence[str] = (),
    ) -> None:
        self.session = Session(
            Drill(drill),
            hands=hands,
            seed=seed,
            ruleset=ruleset,
            lang=lang,
            slips=[Slip(slip) for slip in slips] or None,
            tables=False,  # the page draws the table from the hand
        )
        self._transcript: list[str] = []  # what the trainer said in this hand (question) so far
        self._options: tuple[str, ...] = ()  # the open question's numbered options
        self.ruling: dict[str, Any] | None = None  # the hand's last ruling, with its owed steps
        self.finished = False
        self.failure: str | None = None
        self._started = False

    # -- the web's side ---------------------------------------------------------------------------

    def start(self) -> Exchange:
        self._started = True
        return self._take(self.session.start)

    def send(self, line: str) -> Exchange:
        """Give the session one line (a dealer step, an award, an answer): what it brought, to
        the next prompt (or the end). The trainer judges it, as at the terminal."""
        if self.finished:
            raise RuntimeError("the session is over")
        return self._take(lambda: self.session.send(line))

    def stop(self) -> None:
        """End the session as ``quit`` would: the score so far stands."""
        if not self.finished:
            self._take(self.session.stop)
        self.finished = True

    def _take(self, said: Callable[[], tuple[Turn, ...]]) -> Exchange:
        try:
            turns = said()
        except Exception as error:  # a fault of the examiner, reported, never a hang
            self.failure = f"{type(error).__name__}: {error}"
            turns = ()
        self.finished = self.session.finished
        exchange, before_next = Exchange(), True
        for turn in turns:
            if isinstance(turn, HandBegun):  # a new hand (question): a new transcript
                self._transcript, self._options, self.ruling = [], (), None
                before_next = False
                continue
            if isinstance(turn, TableChange):
                continue  # the page draws the table itself
            exchange.turns.append(as_json(turn))
            if isinstance(turn, Question):
                self._options = turn.options
            elif isinstance(turn, Verdict):
                self._options = ()  # answered
                if not turn.right:
                    exchange.wrong, exchange.rule = True, turn.rule
                    exchange.refusal = exchange.refusal or turn.text[0]
            elif isinstance(turn, ScoreChange) and turn.right:
                exchange.right = True
            elif isinstance(turn, Ruling):
                self.ruling = as_json(turn)
            text = turn.text
            if len(exchange.lines) < _MAX_LINES:
                exchange.lines.extend(text)
                if not isinstance(turn, Ruling):
                    exchange.told.extend(text)
                if before_next:
                    exchange.verdict.extend(text)
            for message in text:
                self._transcript.extend(message.split("\n"))
        extra = len(self._transcript) - _MAX_LINES
        if extra > 0:  # bounded: the oldest lines go, the question asked last stays
            del self._transcript[:extra]
        return exchange

    # -- what the page shows ----------------------------------------------------------------------

    @property
    def drill(self) -> str:
        return self.session.drill.value

    @property
    def lang(self) -> Lang:
        return self.session.lang

    @property
    def asking(self) -> bool:
        """The session waits for an answer to a question (a number, an amount, seats, yes or
        no), not for a dealer step."""
        prompt = self.session.prompt
        return prompt is not None and prompt.asked is Asked.ANSWER

    @property
    def awarding(self) -> bool:
        """The session waits for the award of a pot (``award main 120 to 3``)."""
        prompt = self.session.prompt
        return prompt is not None and prompt.asked is Asked.AWARD

    @property
    def questions(self) -> bool:
        """The drill asks questions (money, showdown, action, ruling), rather than deals."""
        return self.session.questions

    def transcript(self) -> list[str]:
        """What the trainer has said in this hand (question): the situation, what was asked and
        answered; the page shows it beside the drawn table."""
        return list(self._transcript)

    def set_lang(self, lang: Lang) -> None:
        """The trainer's messages from now on in ``lang`` (the page's language switch)."""
        self.session.lang = lang

    def choices(self) -> list[str]:
        """The numbered options of the question now open (rulings, hand names), as the trainer
        listed them; none once it has been answered, or when the question has none."""
        return list(self._options) if self.asking else []

    def expected(self) -> str | None:
        """The correct dealer step or award now (Learn mode only)."""
        return self.session.expected_step()

    def game(self) -> str | None:
        hand = self.session.hand
        return None if hand is None else describe_game(hand.table.stakes, self.session.lang)

    def heading(self) -> str:
        """``Hand 1 of 3`` (``Question 1 of 3``): the one being dealt (asked) now."""
        desk = self.session.desk
        number = max(1, min(desk.number, self.session.hands))
        key = "question" if self.questions else "hand"
        return text(key, desk.lang, number=number, total=self.session.hands)

    def skill_name(self, skill: str) -> str:
        """A skill as the trainer's score names it (``pot count``, ``底池計算``)."""
        return text(f"skill-{skill}", self.session.lang)

    def score_lines(self) -> str:
        return self.session.render_score()

    def report(self) -> dict[str, Any]:
        """The same JSON as ``dealer train --report``."""
        return self.session.score.as_json()


# The guided ask's situations a dealt hand can reach: each with the trainer's slip that makes it
# (procedures/situations.yaml, the one catalogue of the terminal's guided ask and the web's).
SEEDED: dict[str, Slip] = {m.key: Slip(m.slip) for m in MISHAPS if m.slip is not None}
# The board cards out when it happens, by street ("deck": on any street).
_BOARD_BEFORE = {"deal": 0, "flop": 0, "turn": 3, "river": 4}


def situation(key: str, *, seed: int, players: int, ruleset: str, moment: int = 1) -> Hand | None:
    """A seeded table played (autopilot dealer, random players) to the ``moment``-th time the
    situation ``key`` (a key of :data:`SEEDED`) comes, on its own street, and the trainer's slip
    for it made: the web's guided ask. ``None`` if the hand never offers that moment.

    >>> hand = situation("turn-early", seed=4, players=4, ruleset="seed")
    >>> hand is not None and [ruled.rule_id for ruled in hand.rulings]
    ['TURN-PREMATURE']
    >>> hand = situation("river-noburn", seed=1, players=6, ruleset="seed")  # the turn is out
    >>> hand is not None and ([ruled.rule_id for ruled in hand.rulings], len(hand.ledger.board))
    (['BURN-ERROR'], 4)
    """
    rng = random.Random(seed)
    table = random_table(rng, players=players, ruleset=ruleset)
    hand = Hand(table, DeckPlan(seed=rng.randrange(1 << 31)), audit=True)
    actors = random.Random(rng.randrange(1 << 31))
    wanted, board = SEEDED[key], _BOARD_BEFORE.get(BY_KEY[key].street)
    while not hand.is_over:
        mishap = slip_mishap(wanted, hand)
        if mishap is not None and board in (None, len(hand.ledger.board)):
            moment -= 1
            if moment == 0:
                hand.apply(mishap)
                return hand
        step = hand.next_dealer_step()
        if step is None and hand.to_act is None:
            return None
        hand.apply(step if step is not None else random_action(hand, actors))
    return None
