"""The trainer as a headless session of typed turns (issue 23 item 2).

The expectations are the rules' (RULES.md IDs quoted); the correct steps are the machine's own
(``expected_step``), as Learn mode shows them.
"""

from __future__ import annotations

import threading

from dealer.apps.training import Drill, Trainer
from dealer.apps.training.session import Session
from dealer.apps.training.turns import (
    Asked,
    Ended,
    HandBegun,
    Question,
    ScoreChange,
    Turn,
    TurnKind,
    Verdict,
    as_json,
)
from dealer.apps.web.trainer_adapter import Examiner
from dealer.rules.rulebook import Lang


def _kinds(turns: tuple[Turn, ...]) -> list[str]:
    return [turn.kind.value for turn in turns]


def test_two_trainees_sessions_run_interleaved_in_one_thread() -> None:
    threads = set(threading.enumerate())
    ann = Session(Drill.NORMAL, hands=1, seed=3, learn=True)
    bo = Session(Drill.NORMAL, hands=1, seed=4, learn=True)
    ann_first, bo_first = ann.start(), bo.start()
    assert ann_first[-1].kind is TurnKind.PROMPT and bo_first[-1].kind is TurnKind.PROMPT
    begun = [turn for turn in ann_first if isinstance(turn, HandBegun)]
    assert [(turn.number, turn.total) for turn in begun] == [(1, 1)]
    # BLINDS: "Before cards are dealt, the player immediately clockwise of the button posts the
    # small blind ... and the next player clockwise posts the big blind": a burn first is wrong.
    refused = ann.send("burn")
    verdict = next(turn for turn in refused if isinstance(turn, Verdict))
    assert (verdict.right, verdict.rule, verdict.got) == (False, "BLINDS", "burn")
    assert verdict.expected == "post" and verdict.sources
    assert verdict.text[0].startswith("✗")
    # Bo's session knows nothing of Ann's mistake: its first step, right.
    taken = bo.send("post")
    scored = [turn for turn in taken if isinstance(turn, ScoreChange)]
    assert [(s.right, s.steps_right, s.steps_wrong) for s in scored] == [(True, 1, 0)]
    steps = {"ann": 0, "bo": 0}
    while not (ann.finished and bo.finished):  # each a step in turn, to the end of both hands
        for name, session in (("ann", ann), ("bo", bo)):
            if session.finished:
                continue
            prompt = session.prompt
            assert prompt is not None and prompt.asked in (Asked.STEP, Asked.AWARD)
            expected = session.expected_step()
            assert expected is not None
            said = session.send(expected)
            assert not any(isinstance(turn, Verdict) and not turn.right for turn in said)
            steps[name] += 1
            if session.finished:
                assert isinstance(said[-1], Ended) and session.prompt is None
    assert ann.score.steps_wrong == 1 and bo.score.steps_wrong == 0
    # Ann's post after the refused burn is the same position, already counted as its mistake
    assert ann.score.steps_right == steps["ann"] - 1 and bo.score.steps_right == steps["bo"] + 1
    assert [m.rule for m in ann.score.mistakes] == ["BLINDS"]
    assert set(threading.enumerate()) - threads == set()  # no thread was started for either


def test_the_terminal_prints_the_turns_text_and_nothing_else() -> None:
    out: list[str] = []
    lines = iter(["burn", "quit"])
    trainer = Trainer(Drill.NORMAL, read=lambda prompt: next(lines), write=out.append, hands=1)
    trainer.run()
    again = Session(Drill.NORMAL, hands=1)
    turns = [*again.start(), *again.send("burn"), *again.send("quit")]
    assert out == [message for turn in turns for message in turn.text]
    assert _kinds(tuple(turns)).count("prompt") == 2 and isinstance(turns[-1], Ended)


def test_a_question_carries_its_options_and_its_verdict_its_rule() -> None:
    session = Session(Drill.RULING, hands=1, seed=2)
    turns = session.start()
    question = next(turn for turn in turns if isinstance(turn, Question))
    assert len(question.options) == 4 and question.skill == "rulings"
    assert session.prompt is not None and session.prompt.asked is Asked.ANSWER
    right = session.answer
    assert right is not None and right.isdigit()
    wrong = next(str(n) for n in range(1, 5) if str(n) != right)
    verdict = next(turn for turn in session.send(wrong) if isinstance(turn, Verdict))
    assert verdict.right is False and verdict.rule is not None and verdict.sources
    assert as_json(verdict)["kind"] == "verdict" and as_json(verdict)["rule"] == verdict.rule


def test_the_webs_examiner_reads_options_and_refusals_from_the_turns() -> None:
    examiner = Examiner("normal", hands=1, seed=3, ruleset="seed", lang=Lang.ZH_HANT)
    examiner.start()
    refused = examiner.send("burn")
    # BLINDS (above): refused, charged to BLINDS; the page says the steps as its buttons do
    assert refused.wrong and refused.rule == "BLINDS" and refused.refusal is not None
    assert "銷牌" in refused.refusal and "burn" not in refused.refusal
    assert not any("post" in line or "burn" in line for line in refused.lines)
    assert [turn["kind"] for turn in refused.turns].count("verdict") == 1
    ruling = Examiner("ruling", hands=1, seed=2, ruleset="seed", lang=Lang.EN)
    ruling.start()
    assert ruling.asking and len(ruling.choices()) == 4
