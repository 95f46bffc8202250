"""The one place the web app touches the terminal trainer (:mod:`dealer.apps.training`).

The trainer is driven through its highest-level entry point only: ``Trainer(drill, read=...,
write=...).run()``, reading the trainee's lines and writing its messages, exactly as ``dealer
train`` does. Here it runs in its own thread; ``read`` hands over one line per web request and
waits for the next, so each click is one line the same examiner judges, with the same scoring
and the same messages. What the page draws is read from ``trainer.hand`` and ``trainer.score``
while the trainer waits for a line (its thread is then blocked, so nothing moves underneath).
When the trainer is restructured, only this file follows it.

Every drill is lines both ways, so every drill shows on the page without page code of its own: a
question is any prompt but the dealer's (:attr:`Examiner.asking`), the page shows what the trainer
said in the hand (:meth:`Examiner.transcript`), numbered options as buttons (:meth:`Examiner.
choices`) and takes a typed answer; the pots to award (:attr:`Examiner.awarding`) take award lines.
"""

from __future__ import annotations

import queue
import random
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from dealer.apps.present.table import describe_game, text
from dealer.apps.training import Drill, Slip, Trainer, slip_mishap
from dealer.apps.training.aliases import canonical
from dealer.apps.training.drills.awards import parse_award
from dealer.core.deck import DeckPlan
from dealer.core.steps import DealerStep, StepError, parse_step
from dealer.engine.hand import Hand
from dealer.engine.random_play import random_action, random_table
from dealer.rules.rulebook import Lang

__all__ = [
    "DRILLS",
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
_CHOICE = re.compile(r"^ {2}(\d)\. (.+)$")
_REPLY_SECONDS = 30.0  # the examiner answers in milliseconds; this only guards a stuck thread
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
    """What one line brought: the trainer's messages (the drawn table left out), whether the line
    was a mistake, and the rule it was charged to. ``verdict`` is the messages about the line
    itself: those before the next hand (question) began, which the transcript shows."""

    lines: list[str] = field(default_factory=list)
    wrong: bool = False
    right: bool = False
    rule: str | None = None
    verdict: list[str] = field(default_factory=list)


class Examiner:
    """One trainer session in its own thread, fed one line at a time."""

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
        self._inbox: queue.Queue[str | None] = queue.Queue(maxsize=1)
        self._waiting = threading.Event()  # set while the trainer waits for a line, or at its end
        self._lines: list[str] = []
        self._next_from: int | None = None  # where in ``_lines`` the next hand (question) began
        self._lock = threading.Lock()  # one line at a time per session
        self.prompt = ""
        self._transcript: list[str] = []  # what the trainer said in this hand (question) so far
        self._number = 0  # the hand (question) the transcript is of
        self._judged_at = 0  # the transcript's length when the last position was scored
        self._positions = 0  # positions and retries scored when the trainer last spoke
        self.finished = False
        self.failure: str | None = None
        self.trainer = Trainer(
            Drill(drill),
            read=self._read,
            write=self._write,
            hands=hands,
            seed=seed,
            ruleset=ruleset,
            lang=lang,
            slips=[Slip(slip) for slip in slips] or None,
        )
        self._thread = threading.Thread(target=self._run, name="examiner", daemon=True)

    # -- the trainer's side -----------------------------------------------------------------------

    def _read(self, prompt: str) -> str | None:
        self.prompt = prompt
        self._waiting.set()
        return self._inbox.get()

    def _write(self, message: str) -> None:
        if self._is_table(message):
            return  # the page draws the table itself
        desk, score = self.trainer.desk, self.trainer.score
        if desk.number != self._number:  # a new hand (question): a new transcript
            self._number, self._transcript, self._judged_at = desk.number, [], 0
            self._next_from = len(self._lines)
        if len(self._lines) < _MAX_LINES:
            self._lines.append(message)
        scored = score.positions + score.retries
        if scored != self._positions:  # a verdict follows: what was asked before is answered
            self._positions, self._judged_at = scored, len(self._transcript)
        self._transcript.extend(message.split("\n"))
        extra = len(self._transcript) - _MAX_LINES
        if extra > 0:  # bounded: the oldest lines go, the question asked last stays
            del self._transcript[:extra]
            self._judged_at = max(0, self._judged_at - extra)

    def _is_table(self, message: str) -> bool:
        """The table the trainer draws (its heading, then the game): the page draws its own."""
        hand = self.trainer.hand
        if hand is None:
            return False
        heading = text("hand", self.trainer.desk.lang, number=self.trainer.desk.number,
                       total=self.trainer.hands)  # fmt: skip
        return message.startswith(f"{heading} · ")

    def _run(self) -> None:
        try:
            self.trainer.run()
        except Exception as error:  # a fault of the examiner, reported, never a hang
            self.failure = f"{type(error).__name__}: {error}"
        finally:
            self.finished = True
            self._waiting.set()

    # -- the web's side ---------------------------------------------------------------------------

    def start(self) -> Exchange:
        with self._lock:
            self._thread.start()
            return self._reply(0, 0)

    def send(self, line: str) -> Exchange:
        """Give the trainer one line (a dealer step, an award, an answer) and wait until it asks
        for the next (or ends). The trainer judges it, as at the terminal."""
        with self._lock:
            if self.finished:
                raise RuntimeError("the session is over")
            score = self.trainer.score
            right, wrong = score.steps_right, score.steps_wrong
            self._waiting.clear()
            self._inbox.put(line)
            return self._reply(right, wrong)

    def stop(self) -> None:
        """End the session as ``quit`` would: the score so far stands."""
        with self._lock:
            if self.finished or not self._thread.is_alive():
                self.finished = True
                return
            self._waiting.clear()
            self._inbox.put(None)
            self._waiting.wait(_REPLY_SECONDS)

    def _reply(self, right: int, wrong: int) -> Exchange:
        if not self._waiting.wait(_REPLY_SECONDS):
            raise RuntimeError("the examiner did not answer")
        lines, self._lines = self._lines, []
        verdict = lines[: self._next_from] if self._next_from is not None else list(lines)
        self._next_from = None
        score = self.trainer.score
        exchange = Exchange(
            lines, wrong=score.steps_wrong > wrong, right=score.steps_right > right, verdict=verdict
        )
        if exchange.wrong and score.mistakes:
            exchange.rule = score.mistakes[-1].rule
        return exchange

    # -- what the page shows ----------------------------------------------------------------------

    @property
    def drill(self) -> str:
        return self.trainer.drill.value

    @property
    def asking(self) -> bool:
        """The trainer waits for an answer to a question (any prompt but the dealer's: a number,
        an amount, seats, yes or no), not for a dealer step."""
        return not self.finished and self.prompt not in {text("prompt", lang) for lang in Lang}

    @property
    def awarding(self) -> bool:
        """The trainer waits for the award of a pot (``award main 120 to 3``)."""
        hand = self.trainer.hand
        return (
            hand is not None and hand.state == "pushing" and not self.finished and not self.asking
        )

    @property
    def questions(self) -> bool:
        """The drill asks questions (money, showdown, action, ruling), rather than deals."""
        return self.trainer.desk.help_key != "help"

    def transcript(self) -> list[str]:
        """What the trainer has said in this hand (question): the situation, what was asked and
        answered; the page shows it beside the drawn table."""
        return list(self._transcript)

    def set_lang(self, lang: Lang) -> None:
        """The trainer's messages from now on in ``lang`` (the page's language switch)."""
        self.trainer.lang = lang
        self.trainer.desk.lang = lang  # the desk words every message

    def choices(self) -> list[str]:
        """The numbered options of the question now open (rulings, hand names), as the trainer
        listed them; none once it has been answered, or when the question has none."""
        if not self.asking:
            return []
        runs: list[list[str]] = []  # each run of lines numbered from 1; the last is the open one
        for line in self._transcript[self._judged_at :]:
            match = _CHOICE.match(line)
            if match is None:
                continue
            if match.group(1) == "1":
                runs.append([])
            if runs:
                runs[-1].append(match.group(2))
        return runs[-1] if runs else []

    def expected(self) -> str | None:
        """The correct dealer step or award now (Learn mode only)."""
        return None if self.finished else self.trainer.expected_step()

    def game(self) -> str | None:
        hand = self.trainer.hand
        return None if hand is None else describe_game(hand.table.stakes, self.trainer.lang)

    def heading(self) -> str:
        """``Hand 1 of 3`` (``Question 1 of 3``): the one being dealt (asked) now."""
        desk = self.trainer.desk
        number = max(1, min(desk.number, self.trainer.hands))
        key = "question" if self.questions else "hand"
        return text(key, desk.lang, number=number, total=self.trainer.hands)

    def skill_name(self, skill: str) -> str:
        """A skill as the trainer's score names it (``pot count``, ``底池計算``)."""
        return text(f"skill-{skill}", self.trainer.desk.lang)

    def score_lines(self) -> str:
        return self.trainer.render_score()

    def report(self) -> dict[str, Any]:
        """The same JSON as ``dealer train --report``."""
        return self.trainer.score.as_json()


def situation(slip: str, *, seed: int, players: int, ruleset: str, moment: int = 1) -> Hand | None:
    """A seeded table played (autopilot dealer, random players) to the ``moment``-th time the
    trainer's mishap ``slip`` is recognised, and that mishap happened: the floor desk's guided
    ask. ``None`` if the hand never offers that moment.

    >>> hand = situation("turn", seed=4, players=4, ruleset="seed")
    >>> hand is not None and [ruled.rule_id for ruled in hand.rulings]
    ['TURN-PREMATURE']
    """
    rng = random.Random(seed)
    table = random_table(rng, players=players, ruleset=ruleset)
    hand = Hand(table, DeckPlan(seed=rng.randrange(1 << 31)), audit=True)
    actors = random.Random(rng.randrange(1 << 31))
    wanted = Slip(slip)
    while not hand.is_over:
        mishap = slip_mishap(wanted, hand)
        if mishap is not None:
            moment -= 1
            if moment == 0:
                hand.apply(mishap)
                return hand
        step = hand.next_dealer_step()
        if step is None and hand.to_act is None:
            return None
        hand.apply(step if step is not None else random_action(hand, actors))
    return None
