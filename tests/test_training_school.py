"""The dealer school (issue 14): money, showdown and action drills answered by independent trainees
(PokerKit and first principles, ``tests/school_trainees.py``), mistakes named and graded, every
mishap the machine recognises injected, the procedure drill's mechanics, reports and summaries."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from decimal import Decimal
from functools import partial
from pathlib import Path

import pexpect
import pytest
import yaml

from dealer.apps.training import Drill, Skill, Slip, Trainer
from dealer.apps.training.drills.action_quiz import Call
from dealer.apps.training.drills.awards import parse_award
from dealer.apps.training.report import load_school
from dealer.core.deck import DeckPlan
from dealer.core.steps import parse_step
from dealer.engine.hand import Hand
from dealer.rules.rulebook import Lang, ids
from dealer.rules.source import SourceError
from dealer.rules.texts import messages
from tests import school_trainees
from tests.conftest import ROOT
from tests.helpers import run_dealer
from tests.helpers import run_trainer as run

RULESETS = ("seed", "wsop-2024")
LANGS = (Lang.EN, Lang.ZH_HANS, Lang.ZH_HANT)


def autopilot(box: list[Trainer]) -> Callable[[str], str | None]:
    """For the procedure drills: a dealer who works each step out from RULES.md and what the
    table shows (``school_trainees.Dealer``), never from the machine's expected step."""
    return school_trainees.Dealer(box)


# -- every text in every language -----------------------------------------------------------------


def test_every_message_id_the_trainer_uses_exists() -> None:
    used: set[str] = set()
    for path in (ROOT / "dealer" / "apps").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        used.update(re.findall(r"\.t\(\s*\"([a-z][a-z0-9-]*)\"", source))
        used.update(re.findall(r"\btext\(\s*\"([a-z][a-z0-9-]*)\"", source))
        used.update(re.findall(r"\bsay\(\s*\"([a-z][a-z0-9-]*)\"", source))
    found = messages(Lang.EN)
    missing = [key for key in used if f"train-{key}" not in found]
    assert missing == []
    for skill in Skill:
        assert f"train-skill-{skill}" in found
    for call in Call:
        assert f"train-call-{call}" in found


# -- the question drills: full marks from an independent trainee ----------------------------------


@pytest.mark.parametrize("drill", [Drill.MONEY, Drill.SHOWDOWN, Drill.ACTION])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_independent_trainee_gets_full_marks(drill: Drill, seed: int) -> None:
    box: list[Trainer] = []
    typed: list[str] = []
    trainer, out = run(drill, school_trainees.perfect(box, typed), box, hands=8, seed=seed)
    score = trainer.score
    assert (score.hands, score.steps_wrong, score.mistakes) == (8, 0, [])
    assert score.steps_right == len(typed) >= 8
    assert not any("Wrong" in line for line in out)
    assert out[-1] == "  No mistakes."


@pytest.mark.parametrize("lang", [Lang.ZH_HANS, Lang.ZH_HANT])
@pytest.mark.parametrize("drill", [Drill.MONEY, Drill.SHOWDOWN, Drill.ACTION])
def test_question_drills_in_chinese(drill: Drill, lang: Lang) -> None:
    box: list[Trainer] = []
    trainer, out = run(drill, school_trainees.perfect(box, lang=lang), box, hands=6, seed=4,
                       lang=lang)  # fmt: skip
    assert (trainer.score.hands, trainer.score.steps_wrong) == (6, 0)
    story = "\n".join(out)
    assert not re.search(r"\b(seat|pot|the|is|and|shows|calls|raises|Wrong|Right)\b", story)


def test_money_drill_asks_every_kind_of_question() -> None:
    box: list[Trainer] = []
    asked: list[str] = []
    read = school_trainees.perfect(box)

    def recording(prompt: str) -> str | None:
        if prompt == "answer> ":
            asked.append(str(box[0].facts["ask"]))
        return read(prompt)

    trainer, out = run(Drill.MONEY, recording, box, hands=8, seed=3)
    assert set(asked) >= {"pot", "call", "min-raise", "reopen", "pot-max", "build", "change",
                          "colour-up"}  # fmt: skip
    # The pots are awarded by the trainee.
    assert any(line.startswith("  ✓ the main pot ") for line in out)
    assert trainer.score.accuracy()["side-pots"]["accuracy"] == 1.0


# -- a clumsy trainee: each mistake named with its rule and counted under its skill ------------ --


def test_clumsy_trainee_mistakes_are_named_and_graded() -> None:
    """Miscounts the pot, answers the reopening question wrongly, colours up a stack into chips
    that are not the fewest and awards a side pot to a seat not eligible for it (money drill);
    names the wrong winner (showdown drill)."""
    box: list[Trainer] = []
    right = school_trainees.perfect(box)
    done: set[str] = set()
    awards: list[str] = []

    def money(prompt: str) -> str | None:
        trainer = box[0]
        hand = trainer.hand
        assert hand is not None
        kind = trainer.facts.get("ask")
        if prompt == "answer> " and kind == "pot":
            done.add("pot")
            return str(Decimal(school_trainees.answer(trainer)) + 1)
        if prompt == "answer> " and kind == "colour-up":  # the right amount, not the fewest chips
            done.add("colour-up")
            unit = hand.table.stakes.chip_unit
            return f"{int(hand.table.stacks[int(str(trainer.facts['seat']))] / unit)}x{unit}"
        if prompt == "answer> " and kind == "reopen":
            done.add("reopen")
            return {"yes": "no", "no": "yes"}[school_trainees.answer(trainer)]
        if prompt == "dealer> " and "side" not in done:
            awards.extend(school_trainees.award_lines(hand))
            first = parse_award(awards[0])
            assert first is not None and first.pot > 0  # the last side pot comes first
            pots = school_trainees.pots_now(hand)
            stranger = next(s for s in pots[0][1] if s not in pots[first.pot][1])
            done.add("side")
            return f"award side {first.pot} {first.amount} to {stranger}"
        if prompt == "dealer> ":
            return awards.pop(0)
        return right(prompt)

    trainer, out = run(Drill.MONEY, money, box, hands=8, seed=3)
    assert done == {"pot", "reopen", "side", "colour-up"}
    assert any(line.startswith("✗ Wrong (ROUND-END): the answer is ") for line in out)
    assert any(line.startswith("✗ Wrong (NL-MIN-RAISE): the answer is ") for line in out)
    assert any("is not eligible for side pot" in line for line in out)
    assert "  Rule SIDE-POTS: All-in and side pots" in out
    assert any(line.startswith("✗ Wrong (CHIP-UNIT): the answer is ") for line in out)
    assert trainer.score.by_skill() == {
        "bet-sizing": 1, "pot-count": 1, "side-pots": 1, "change": 1}  # fmt: skip
    assert trainer.score.by_rule() == {
        "NL-MIN-RAISE": 1, "ROUND-END": 1, "SIDE-POTS": 1, "CHIP-UNIT": 1}  # fmt: skip
    assert trainer.score.hands == 8

    box2: list[Trainer] = []
    right2 = school_trainees.perfect(box2)

    def showdown(prompt: str) -> str | None:
        trainer = box2[0]
        if trainer.facts.get("ask") == "winner" and "winner" not in done:
            done.add("winner")
            assert trainer.hand is not None
            winners = school_trainees.answer(trainer).split()
            loser = next(s for s in trainer.hand.live if str(s) not in winners)
            return str(loser)
        return right2(prompt)

    trainer2, out2 = run(Drill.SHOWDOWN, showdown, box2, hands=2, seed=1)
    [mistake] = trainer2.score.mistakes
    assert mistake.rule in ("SHOWDOWN", "PLAY-BOARD") and mistake.graded is Skill.SHOWDOWN
    assert any(line.startswith(f"✗ Wrong ({mistake.rule}): the answer is ") for line in out2)
    assert trainer2.score.by_skill() == {"showdown": 1}


# -- the ruling quiz: four different rulings ------------------------------------------------------


@pytest.mark.parametrize("seed", [3, 7])
def test_ruling_quiz_offers_four_different_remedies(seed: int) -> None:
    """Seeds 3 and 7 once offered two options with the same remedy in other words."""
    from dealer.apps.training.drills.ruling_quiz import remedy_of
    from dealer.rules.rulebook import rule

    box: list[Trainer] = []
    summaries: dict[str, tuple[object, ...]] = {}
    for rule_id in ids("B"):
        ruling = rule(rule_id).ruling("seed")
        summaries.setdefault(ruling.summary.get(Lang.EN), remedy_of(ruling))

    def read(prompt: str) -> str | None:
        return box[0].answer

    trainer, out = run(Drill.RULING, read, box, hands=6, seed=seed)
    assert trainer.score.steps_wrong == 0
    shown = [
        [line[5:] for line in out[start + 1 : start + 5]]
        for start, line in enumerate(out)
        if line.startswith("Which ruling")
    ]
    assert len(shown) == 6
    for options in shown:
        assert len(set(options)) == 4
        remedies = [summaries[text] for text in options if text in summaries]
        assert len(set(remedies)) == len(remedies)


@pytest.mark.parametrize("seed", [3, 7, 11])
def test_ruling_quiz_offers_near_misses_of_the_same_family(seed: int) -> None:
    """The wrong options are of the mishap's own family where one rules differently (issue 26:
    a quiz whose wrong options come from other streets is solved by elimination)."""
    from dealer.apps.training.drills.ruling_quiz import kinship, remedy_of
    from dealer.rules.rulebook import rule

    box: list[Trainer] = []
    by_summary = {
        rule(rule_id).ruling("seed").summary.get(Lang.EN): rule_id for rule_id in ids("B")
    }

    def read(prompt: str) -> str | None:
        return box[0].answer

    trainer, out = run(Drill.RULING, read, box, hands=6, seed=seed)
    assert trainer.score.steps_wrong == 0
    starts = [start for start, line in enumerate(out) if line.startswith("Which ruling")]
    assert len(starts) == 6
    for start in starts:
        named = [by_summary.get(line[5:]) for line in out[start + 1 : start + 5]]
        ruled = next(line for line in out[start + 5 :] if line.startswith("Ruling "))
        truth = ruled.split()[1]  # "Ruling RULE-ID (ruleset): ..."
        wrong = [rule_id for rule_id in named if rule_id is not None and rule_id != truth]
        remedy = remedy_of(rule(truth).ruling("seed"))
        kin = [
            other
            for other in ids("B")
            if other != truth
            and kinship(other, truth)
            and remedy_of(rule(other).ruling("seed")) != remedy
        ]
        if kin:  # a family member that rules otherwise exists: it is among the options
            assert any(kinship(other, truth) for other in wrong), (truth, wrong)


# -- every mishap the machine recognises, in the mishap drill -------------------------------------


def _recognised() -> dict[str, set[str]]:
    """Each ruling the procedure's ``mishaps:`` can make, with the variants that differ."""
    data = yaml.safe_load((ROOT / "procedures" / "holdem.yaml").read_text(encoding="utf-8"))
    found: dict[str, set[str]] = {}
    for transition in data["mishaps"]:
        before = transition["before"]
        for name in before if isinstance(before, list) else [before]:
            if name.startswith("ruling"):
                rule_id = re.split(r"[/=]", name.split(":", 1)[1])[0]
                found.setdefault(rule_id, set())
    return found


@pytest.mark.parametrize("ruleset", RULESETS)
def test_mishap_drill_injects_every_recognised_irregularity(ruleset: str) -> None:
    box: list[Trainer] = []
    trainer, out = run(Drill.MISHAP, autopilot(box), box, hands=50, seed=14, ruleset=ruleset)
    assert (trainer.score.hands, trainer.score.steps_wrong) == (50, 0)
    seen = {line.split()[1] for line in out if line.startswith("Ruling ")}
    assert seen >= set(_recognised())
    # The unnoticed skip is injected too (it makes no ruling until the short hand is found).
    assert any("never reaches seat" in line for line in out)
    # RULES.md §C. Noticed late (NOTICED-LATE): a mishap nobody notices, the hand going on, then
    # the floor called and a ruling made on the hand as it then stands; combined (REMEDY-STACK):
    # a second mishap while the first ruling's steps are under way, ruled on too.
    unnoticed = [i for i, line in enumerate(out) if line == _UNNOTICED]
    noticed = [i for i, line in enumerate(out) if line.startswith(_NOTICED)]
    assert len(unnoticed) >= 2 and len(noticed) >= 1
    for at in noticed:
        assert out[at + 1].startswith("Ruling ") and f"({ruleset}): " in out[at + 1]
        assert any(i < at for i in unnoticed)
    during = [i for i, line in enumerate(out) if line.startswith(_DURING)]
    assert len(during) >= 1
    for at in during:
        assert out[at + 1].startswith("Ruling ")
        earlier = [line for line in out[:at] if line.startswith("Owed, in order: ")]
        assert earlier  # a ruling's steps were under way
    # Each kind the drill lets go unnoticed (the data's `unnoticed:` mishaps: the first card
    # exposed, a flop, turn or river without its burn, a second burn) ...
    assert {out[at + 1].split()[1] for at in noticed} == {
        "HOLE-EXPOSED-FIRST", "BURN-MISSED-FLOP", "BURN-ERROR"}  # fmt: skip
    # ... and each second mishap during a remedy: the replacement card exposed too, a premature
    # flop after an exposed card, four cards for a redealt flop, a second burn in the premature
    # turn's remedy, a player's card shown while a four-card flop is put right.
    assert {out[at + 1].split()[1] for at in during} >= {
        "HOLE-EXPOSED-MULTIPLE", "FLOP-PREMATURE", "FLOP-TOO-MANY", "BURN-ERROR",
        "HOLE-EXPOSED-BY-PLAYER"}  # fmt: skip


_UNNOTICED = "Nobody notices it; the hand goes on (NOTICED-LATE)."
_NOTICED = "The floor is called (NOTICED-LATE) to what nobody noticed then: "
_DURING = "Mishap while the remedy is under way (REMEDY-STACK): "


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("slip", "ruleset"),
    [(Slip.FLOP_NOBURN_LATE, "seed"), (Slip.EXPOSED_LATE, "wsop-2024"),
     (Slip.EXPOSED_REPLACED, "seed"), (Slip.FLOP_THEN_FOUR, "wsop-2024")],
)  # fmt: skip
def test_late_and_combined_mishaps_in_every_language(slip: Slip, ruleset: str, lang: Lang) -> None:
    """The mishap happens on the dealer's own step or between the players' (never taking the
    trainee's step); a late one is announced as unnoticed and then as the floor's call, a
    combined one as a second mishap during the remedy; the trainee then owes the remedy."""
    box: list[Trainer] = []
    trainer, out = run(Drill.MISHAP, school_trainees.Dealer(box, lang), box, hands=2, seed=2,
                       ruleset=ruleset, slips=[slip], lang=lang)  # fmt: skip
    assert (trainer.score.hands, trainer.score.steps_wrong) == (2, 0)
    said = {
        "en": (_UNNOTICED, _NOTICED, _DURING),
        "zh-Hans": ("没有人注意到；牌局继续（NOTICED-LATE）。", "现场主管被叫来（NOTICED-LATE）",
                    "补救尚在进行时又出错（REMEDY-STACK）："),
        "zh-Hant": ("沒有人注意到；牌局繼續（NOTICED-LATE）。", "現場主管被叫來（NOTICED-LATE）",
                    "補救尚在進行時又出錯（REMEDY-STACK）："),
    }[lang]  # fmt: skip
    if slip in (Slip.FLOP_NOBURN_LATE, Slip.EXPOSED_LATE):
        assert out.count(said[0]) >= 1
        assert any(line.startswith(said[1]) for line in out)
    else:
        assert any(line.startswith(said[2]) for line in out)
    if lang != "en":
        story = "\n".join(out)
        assert not re.search(r"\b(seat|the|is|and|Wrong|Right|Mishap|Ruling)\b", story)


# -- the procedure drill's mechanics -------------------------------------------------------------


def test_a_mishap_on_the_dealers_own_step_costs_no_step() -> None:
    box: list[Trainer] = []
    typed: list[str] = []
    read = autopilot(box)

    def recording(prompt: str) -> str | None:
        line = read(prompt)
        typed.append(line or "")
        return line

    trainer, out = run(Drill.MISHAP, recording, box, hands=3, seed=7, slips=[Slip.EXPOSED])
    assert trainer.score.steps_wrong == 0
    mishaps = [line for line in out if line.startswith("Mishap: ")]
    assert len(mishaps) == 3
    for line in mishaps:
        found = re.match(
            r"Mishap: as you go to pitch (\d+), the dealer's pitch to seat (\d+) turns", line
        )
        assert found is not None and found.group(1) == found.group(2), line
    # Every card of every deal was pitched by the trainee: none was taken by the mishap.
    hand = trainer.hand
    assert hand is not None
    assert typed.count("pitch 1") + sum(typed.count(f"pitch {s}") for s in range(2, 11)) >= 3 * 4


def test_status_line_and_refusal_name_the_owed_command() -> None:
    box: list[Trainer] = []
    said: list[str] = []
    dealer = school_trainees.Dealer(box)

    def read(prompt: str) -> str | None:
        hand = box[0].hand
        assert hand is not None
        if (school_trainees.owed_shown(hand) or "").startswith("replace") and "burn" not in said:
            said.append("burn")
            return "burn"
        return dealer(prompt)

    trainer, out = run(Drill.MISHAP, read, box, hands=1, seed=7, slips=[Slip.EXPOSED])
    owed = [line for line in out if "· owed: replace " in line]
    assert owed, "the status line shows the owed step"
    seat = owed[0].rsplit(" ", 1)[1]
    assert f"  expected: replace {seat}" in out
    assert any(
        line.startswith("Owed, in order: ") and f" · replace {seat} · " in line for line in out
    )
    [mistake] = trainer.score.mistakes
    assert (mistake.expected, mistake.got, mistake.graded) == (f"replace {seat}", "burn",
                                                               Skill.REMEDIES)  # fmt: skip


def test_the_held_burn_goes_with_its_street() -> None:
    """HOLE-EXPOSED-OTHER: the exposed card is the burn before the flop, so no card is burned from
    the stub; the trainee who says `flop` there is right (the ruling's words and the machine
    agree)."""
    box: list[Trainer] = []
    said: list[str] = []
    dealer = school_trainees.Dealer(box)

    def read(prompt: str) -> str | None:
        hand = box[0].hand
        assert hand is not None
        if school_trainees.owed_shown(hand) == "burn" and not hand.ledger.board:  # the held card
            said.append("flop")
            return "flop"
        return dealer(prompt)

    trainer, out = run(Drill.MISHAP, read, box, hands=3, seed=7, slips=[Slip.EXPOSED])
    assert said and trainer.score.steps_wrong == 0
    held = r"  \w\w is the burn: no card is burned from the stub"
    assert any(re.match(held, line) for line in out)


def test_an_uncontested_pot_is_taught_as_such() -> None:
    box: list[Trainer] = []
    tried: list[str] = []
    dealer = school_trainees.Dealer(box)

    def read(prompt: str) -> str | None:
        hand = box[0].hand
        assert hand is not None
        left = [seat for seat in hand.table.seats if seat not in hand.folded]
        if len(left) == 1 and not tried and not any(e.kind.value == "push" for e in hand.events):
            tried.append(str(left[0]))
            return "showdown"
        return dealer(prompt)

    trainer, out = run(Drill.NORMAL, read, box, hands=6, seed=2)
    assert tried
    seat = tried[0]
    assert (
        f"✗ Wrong: no showdown: everyone but seat {seat} has folded, so the pot is uncontested; "
        f"award it to seat {seat}" in out
    )
    assert "  Rule ROUND-END: End of a betting round" in out or any(
        line.startswith("  Rule ROUND-END:") for line in out
    )
    [mistake] = trainer.score.mistakes
    assert mistake.rule == "ROUND-END"


def test_shuffle_before_post_is_accepted_and_deals_the_same_cards() -> None:
    box: list[Trainer] = []
    first = iter(["shuffle", "post", "cut"])
    dealer = school_trainees.Dealer(box)

    def read(prompt: str) -> str | None:
        return next(first, None) or dealer(prompt)

    trainer, out = run(Drill.NORMAL, read, box, hands=1, seed=3)
    assert trainer.score.steps_wrong == 0
    assert "  shuffled 52 cards (the blinds are still to be posted)" in out
    hand = trainer.hand
    assert hand is not None
    again = Hand(hand.table, DeckPlan(seed=hand.plan.seed), audit=True)
    for text in ("post", "shuffle", "cut"):
        again.apply(parse_step(text))
    pitched = [e.cards for e in hand.events if e.kind.value == "pitch"]
    assert pitched[0] == again.apply(parse_step(f"pitch {again.next_seat}"))[0].cards


def test_hint_learn_mode_and_what_shuffle_and_cut_did() -> None:
    answers = iter(["hint", "post", "shuffle", "cut"])
    _, out = run(Drill.NORMAL, lambda prompt: next(answers, None), [], hands=1, seed=3)
    assert out[0] == (
        "Dealer trainer: normal drill, 1 hand, ruleset seed, random seed 3. You are the dealer; "
        "type help for the commands."
    )
    assert "Next: post (post the antes and blinds (BLINDS))" in out
    assert "  Rule BLINDS: Blinds" in out
    assert "  shuffled: 52 cards" in out
    assert any(re.fullmatch(r"  cut at card \d+", line) for line in out)
    box: list[Trainer] = []
    trainer, learn = run(Drill.NORMAL, autopilot(box), box, hands=1, seed=3, learn=True)
    nexts = [line for line in learn if line.startswith("Next: ")]
    assert len(nexts) == trainer.score.steps_right  # shown before every step
    assert "Learn mode: the next step is shown before each one." in learn


# -- report and summary --------------------------------------------------------------------------


_train = partial(run_dealer, "train")


def _report(path: Path, date: str, skills: dict[str, tuple[int, int]]) -> Path:
    path.write_text(json.dumps({
        "trainee": "Mei", "date": date, "lang": "en", "ruleset": "seed", "drill": "money",
        "seed": 1, "version": "0.1.0",
        "skills": {name: {"positions": n, "first_right": r, "accuracy": round(r / n, 3)}
                   for name, (r, n) in skills.items()},
    }), encoding="utf-8")  # fmt: skip
    return path


def test_summary_adds_up_sessions_against_the_school(tmp_path: Path) -> None:
    one = _report(tmp_path / "a.json", "2026-11-02", {"pot-count": (6, 10), "showdown": (4, 4)})
    two = _report(tmp_path / "b.json", "2026-11-01", {"pot-count": (10, 10)})
    done = _train("--summary", str(one), str(two))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "Mei: 2 sessions",
        "  pot count: 16/20 (80%), by session 100% → 60% NOT YET (needs 90%)",
        "  showdown: 4/4 (100%), by session 100% too few to grade (needs 10)",
    ]
    school = tmp_path / "school.yaml"
    school.write_text("pass: {pot-count: 0.75}\nminimum: 2\n", encoding="utf-8")
    done = _train("--summary", "--school", str(school), str(one), str(two), "--lang", "zh-Hant")
    assert done.stdout.splitlines()[1] == "  點算底池：16/20（80%），各次 100% → 60% 通過（需 75%）"


def test_summary_bad_input_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    done = _train("--summary", str(bad))
    assert done.returncode == 2
    assert done.stderr.startswith(f"{bad}:1: not JSON")
    done = _train("--summary")
    assert (done.returncode, done.stderr.strip()) == (2, "--summary:0: name the reports to add up")
    school = tmp_path / "school.yaml"
    school.write_text("pass: {dealing: 0.9}\n", encoding="utf-8")
    report = _report(tmp_path / "a.json", "2026-11-02", {"pot-count": (6, 10)})
    done = _train("--summary", "--school", str(school), str(report))
    assert done.returncode == 2
    assert done.stderr.startswith(f"{school}:1: unknown skill 'dealing'")


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("pass:\n  burns: 0.9\n  deal-ordr: 0.9\n",
         ":3: unknown skill 'deal-ordr'; did you mean 'deal-order'?"),
        ("pass:\n  burns: 0.9\nminimun: 3\n",
         ":3: unknown key 'minimun' in a school's pass marks; did you mean 'minimum'?"),
        ("pass:\n  burns: 0.9\n  board: 1.5\n", ":3: board: the pass mark must be from 0 to 1"),
        ("pass:\n  burns: 0.9\nminimum: 0\n", ":3: minimum: expected a whole number of at least 1"),
    ],
)  # fmt: skip
def test_a_school_file_is_read_strictly_with_the_line(
    text: str, error: str, tmp_path: Path
) -> None:
    # issue 23: procedures/school.yaml is read like every data file (file:line, no key dropped)
    school = tmp_path / "school.yaml"
    school.write_text(text, encoding="utf-8")
    with pytest.raises(SourceError) as raised:
        load_school(school)
    assert str(raised.value) == f"{school}{error}"


def test_train_report_carries_who_when_and_how(tmp_path: Path) -> None:
    lines: list[str] = []
    box: list[Trainer] = []
    read = school_trainees.perfect(box, lines)
    run(Drill.ACTION, read, box, hands=2, seed=5)
    report = tmp_path / "r.json"
    done = _train("--drill", "action", "--hands", "2", "--seed", "5", "--trainee", "Lin",
                  "--report", str(report), stdin="\n".join(lines) + "\n")  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = json.loads(report.read_text(encoding="utf-8"))
    assert {k: data[k] for k in ("trainee", "lang", "ruleset", "drill", "seed", "version")} == {
        "trainee": "Lin", "lang": "en", "ruleset": "seed", "drill": "action", "seed": 5,
        "version": "0.1.0",
    }  # fmt: skip
    assert data["skills"] == {"action": {"positions": 2, "first_right": 2, "accuracy": 1.0}}


# -- at the terminal ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("drill", "lang", "banner"),
    [
        (
            Drill.MONEY,
            Lang.EN,
            "Dealer trainer: money drill, 4 hands, ruleset seed, random seed 3.",
        ),
        (Drill.SHOWDOWN, Lang.ZH_HANT, "發牌員訓練：攤牌練習，共 4 手，規則集 seed，隨機種子 3。"),
        (
            Drill.ACTION,
            Lang.ZH_HANS,
            "发牌员训练：行动判定练习，共 4 手，规则集 seed，随机种子 3。",
        ),
    ],
)
def test_a_question_drill_at_the_terminal_with_full_marks(
    drill: Drill, lang: Lang, banner: str
) -> None:
    box: list[Trainer] = []
    typed: list[str] = []
    run(drill, school_trainees.perfect(box, typed, lang=lang), box, hands=4, seed=3, lang=lang)
    args = ["-m", "dealer", "train", "--drill", drill.value, "--hands", "4", "--seed", "3"]
    child = pexpect.spawn(sys.executable, [*args, "--lang", lang.value], cwd=str(ROOT),
                          encoding="utf-8", timeout=30, dimensions=(50, 160))  # fmt: skip
    child.expect_exact(banner)
    for line in typed:
        child.expect(r"(answer|dealer|答案|发牌员|發牌員)> ")
        child.sendline(line)
    child.expect(pexpect.EOF)
    screen = child.before
    assert isinstance(screen, str)
    child.close()
    assert child.exitstatus == 0
    steps = {Lang.EN: "steps right: {}, steps wrong: 0", Lang.ZH_HANS: "正确步骤：{}，错误步骤：0",
             Lang.ZH_HANT: "正確步驟：{}，錯誤步驟：0"}[lang]  # fmt: skip
    assert steps.format(len(typed)) in screen


@pytest.mark.parametrize(
    ("drill", "lang"),
    [(Drill.MONEY, Lang.ZH_HANS), (Drill.SHOWDOWN, Lang.EN), (Drill.ACTION, Lang.ZH_HANT)],
)
def test_a_question_drill_on_standard_input(drill: Drill, lang: Lang) -> None:
    box: list[Trainer] = []
    typed: list[str] = []
    run(drill, school_trainees.perfect(box, typed, lang=lang), box, hands=3, seed=2, lang=lang)
    done = _train("--drill", drill.value, "--hands", "3", "--seed", "2", "--lang", lang.value,
                  stdin="\n".join(typed) + "\n")  # fmt: skip
    assert done.returncode == 0, done.stderr
    right = {Lang.EN: "steps right: {}, steps wrong: 0", Lang.ZH_HANS: "正确步骤：{}，错误步骤：0",
             Lang.ZH_HANT: "正確步驟：{}，錯誤步驟：0"}[lang]  # fmt: skip
    assert right.format(len(typed)) in done.stdout


# -- the award checker, by the rules' words -----------------------------------------------------


def test_award_lines_are_judged_by_side_pots_and_odd_chip() -> None:
    from dealer.apps.training.drills.awards import Award, judge
    from dealer.core.pots import Pot, Share

    # Seat 2 all-in for 30 (main pot 90: seats 2, 5, 7); side pot 1 of 41 between 5 and 7, who tie.
    pots = (Pot(Decimal(90), (2, 5, 7)), Pot(Decimal(41), (5, 7)))
    # The last side pot first (ODD-CHIP); its odd chip to the first tied seat left of the button
    # (button 6: seat 7 first).
    left = [
        Share(1, 7, Decimal(21)),
        Share(1, 5, Decimal(20)),
        Share(0, 2, Decimal(90)),
    ]
    verdicts = {
        "right": judge(Award(1, Decimal(21), 7), pots, left),
        "no pot": judge(Award(2, Decimal(10), 5), pots, left),
        "not eligible": judge(Award(1, Decimal(20), 2), pots, left),
        "order": judge(Award(0, Decimal(90), 2), pots, left),
        "odd chip": judge(Award(1, Decimal(20), 7), pots, left),
    }
    assert verdicts["right"] is None
    assert {name: (v.rule, v.key) for name, v in verdicts.items() if v is not None} == {
        "no pot": ("SIDE-POTS", "award-no-pot"),
        "not eligible": ("SIDE-POTS", "award-not-eligible"),
        "order": ("ODD-CHIP", "award-order"),
        "odd chip": ("ODD-CHIP", "award-split"),
    }
    main_only = [Share(0, 2, Decimal(90))]
    wrong_winner = judge(Award(0, Decimal(90), 5), pots, main_only)
    assert wrong_winner is not None and (wrong_winner.rule, wrong_winner.fields["winners"]) == (
        "SHOWDOWN",
        "2",
    )
    short = judge(Award(0, Decimal(80), 2), pots, main_only)
    assert short is not None and (short.rule, short.key) == ("SIDE-POTS", "award-amount")


# -- limit all-ins in the action quiz (LIMIT-ALLIN, LA 129) ---------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_action_quiz_asks_limit_allin_both_ways(lang: Lang) -> None:
    """A raise after a short all-in in a limit game: reopened at half a bet or more, not below;
    the four candidates are four different rulings, both limit ones among them. A trainee who
    gives the other limit ruling is wrong under LIMIT-ALLIN, counted under the action skill."""
    box: list[Trainer] = []
    right = school_trainees.perfect(box, lang=lang)
    asked: list[str] = []

    def read(prompt: str) -> str | None:
        trainer = box[0]
        facts = trainer.facts
        calls = list(facts.get("calls", []))  # type: ignore[call-overload]
        answer = school_trainees.answer(trainer, lang)
        wanted = calls[int(answer) - 1] if calls else None
        if wanted in ("limit-reopened", "limit-not-reopened"):
            asked.append(wanted)
            assert {"limit-reopened", "limit-not-reopened"} <= set(calls) and len(set(calls)) == 4
            if len(asked) == 1:  # the first one answered with the other limit ruling
                other = ({"limit-reopened", "limit-not-reopened"} - {wanted}).pop()
                return str(calls.index(other) + 1)
        return right(prompt)

    trainer, out = run(Drill.ACTION, read, box, hands=10, seed=5, lang=lang)
    assert set(asked) == {"limit-reopened", "limit-not-reopened"}
    assert trainer.score.by_rule() == {"LIMIT-ALLIN": 1}
    assert trainer.score.by_skill() == {"action": 1}
    wrong = [line for line in out if line.startswith("✗ ")]
    assert len(wrong) == 1 and "LIMIT-ALLIN" in wrong[0]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("drill", [Drill.NORMAL, Drill.MISHAP])
def test_first_principles_dealer_gets_full_marks(drill: Drill, lang: Lang) -> None:
    """The procedure drills' trainee deals from RULES.md and the screen, in each language (the
    remedy steps read off the status line it is shown), never from the machine's expectation."""
    box: list[Trainer] = []
    typed: list[str] = []
    trainer, _ = run(drill, school_trainees.Dealer(box, lang, typed), box, hands=3, seed=6,
                     lang=lang)  # fmt: skip
    score = trainer.score
    assert (score.hands, score.steps_wrong, score.mistakes) == (3, 0, [])
    assert score.steps_right == len(typed) and typed[:3] == ["post", "shuffle", "cut"]


@pytest.mark.parametrize(
    ("drill", "seed", "lang", "said"),
    [(Drill.ACTION, 9, Lang.EN, ("half a bet or more counts as a full bet",
                                 "less than half a bet does not reopen")),
     (Drill.ACTION, 9, Lang.ZH_HANT, ("全押達到半注或以上即算一次完整下注", "不足半注的全押")),
     (Drill.MONEY, 7, Lang.ZH_HANS, ("换成大面额", "应找回多少")),
     (Drill.MONEY, 7, Lang.EN, ("colours up its stack", "How much change"))],
)  # fmt: skip
def test_limit_allins_and_chips_outside_the_process(
    drill: Drill, seed: int, lang: Lang, said: tuple[str, str]
) -> None:
    """Seed 9 asks both LIMIT-ALLIN rulings, seed 7 the change and a colour-up: on standard input
    and at a pseudo-terminal the independent trainee's answers get full marks."""
    box: list[Trainer] = []
    typed: list[str] = []
    run(drill, school_trainees.perfect(box, typed, lang=lang), box, hands=2, seed=seed, lang=lang)
    args = ("--drill", drill.value, "--hands", "2", "--seed", str(seed), "--lang", lang.value)
    done = _train(*args, stdin="\n".join(typed) + "\n")
    assert done.returncode == 0, done.stderr
    assert all(text in done.stdout for text in said) and "✗" not in done.stdout
    child = pexpect.spawn(sys.executable, ["-m", "dealer", "train", *args], cwd=str(ROOT),
                          encoding="utf-8", timeout=30, dimensions=(50, 160))  # fmt: skip
    for line in typed:
        child.expect(r"(answer|答案)> ")
        child.sendline(line)
    child.expect(pexpect.EOF)
    screen = child.before
    assert isinstance(screen, str)
    child.close()
    assert child.exitstatus == 0 and "✗" not in screen


@pytest.mark.parametrize(
    ("slip", "ruleset", "lang"),
    [(Slip.FLOP_NOBURN_LATE, "seed", Lang.EN), (Slip.EXPOSED_LATE, "wsop-2024", Lang.ZH_HANT),
     (Slip.EXPOSED_REPLACED, "wsop-2024", Lang.ZH_HANS), (Slip.FLOP_THEN_FOUR, "seed", Lang.EN)],
)  # fmt: skip
def test_a_wrong_remedy_after_a_late_or_combined_mishap(
    slip: Slip, ruleset: str, lang: Lang
) -> None:
    """The first step a late notice or a second mishap owes, got wrong: named with the ruling
    that owes it and counted under remedies, the hand unchanged."""
    box: list[Trainer] = []
    right = school_trainees.Dealer(box, lang)
    wrong: list[str] = []

    def read(prompt: str) -> str | None:
        hand = box[0].hand
        assert hand is not None
        owed = school_trainees.owed_shown(hand, lang)
        special = any(e.kind.value == "floor called" for e in hand.events) or len(hand.rulings) > 1
        if owed is not None and special and not wrong:
            wrong.append(hand.rulings[-1].rule_id)
            return "turn" if owed != "turn" else "burn"
        return right(prompt)

    trainer, _ = run(Drill.MISHAP, read, box, hands=3, seed=2, ruleset=ruleset, slips=[slip],
                     lang=lang)  # fmt: skip
    assert wrong, "no remedy was owed after the late or second mishap"
    [mistake] = trainer.score.mistakes
    assert (mistake.rule, mistake.graded) == (wrong[0], Skill.REMEDIES)
    assert trainer.score.hands == 3


def test_a_walk_pushes_both_blinds_to_the_big_blind() -> None:
    # Everyone folds to the big blind: the big blind's uncalled part comes back (ROUND-END) and the
    # pot of both blinds is theirs (SHOWDOWN: the last live hand wins unshown); a dealer pushes
    # the three chips together, so "award main 3 to 8" is right (issue 26), as is "award main 2".
    walk = "post\nshuffle\ncut\npitch 10\npitch 8\npitch 9\npitch 10\npitch 8\npitch 9\n"
    for award in ("award main 3 to 8", "award main 2 to 8"):
        done = run_dealer("train", "--seed", "1", "--hands", "1", stdin=f"{walk}{award}\n")
        assert done.returncode == 0, done.stderr
        assert "✗" not in done.stdout and "No mistakes." in done.stdout
        assert "    procedure: 4/4 (100%)" in done.stdout  # the uncontested push, no side pot
    wrong = run_dealer("train", "--seed", "1", "--hands", "1", stdin=f"{walk}award main 4 to 8\n")
    assert "✗ Wrong: the main pot holds 2" in wrong.stdout


# -- the showdown drill: the show order -----------------------------------------------------------


def _at_showdown(path: Path) -> Hand:
    """A scenario's hand played up to its showdown (its steps, autopilot as it asks)."""
    from dealer.scenarios.format import Auto, Do, read_scenario

    scenario = read_scenario(path)
    script = scenario.hands[0]
    hand = Hand(scenario.table, script.plan, audit=True)
    for instruction in script.instructions:
        if isinstance(instruction, Do):
            hand.apply(instruction.step)
        elif isinstance(instruction, Auto):
            while hand.state != instruction.target:
                step = hand.next_dealer_step()
                assert step is not None
                hand.apply(step)
            if instruction.target == "showdown":
                return hand
    raise AssertionError(f"{path} has no showdown")


# SHOW-ORDER: "when betting ended before the river because of an all-in, the player who pushed
# all-in shows first: the player whose all-in bet or raise was called ..., never a player whose call
# put him all-in; if the all-in was only a call, the last aggressor of that round shows first".
SHOWN_FIRST = [
    # seat 1 bets all-in on the flop, seat 2 calls all-in: seat 1 pushed
    ("show-order-all-in-called-all-in.yaml", ["seat 1 shows 7c 8c", "seat 2 shows 2d 3d"]),
    # seat 3 bets the flop, seat 2 calls all-in: only a call, so seat 3 (the aggressor) first
    ("show-order-all-in-call-only.yaml", ["seat 3 shows Kh Kd", "seat 2 shows 2d 3d"]),
]


@pytest.mark.parametrize(("name", "shown"), SHOWN_FIRST)
def test_showdown_drill_asks_and_shows_in_the_show_order(
    monkeypatch: pytest.MonkeyPatch, name: str, shown: list[str]
) -> None:
    """The drill's "who shows first" answer and the order it turns the hands up in follow
    SHOW-ORDER (the hands of scenarios whose expectations quote it)."""
    from dealer.apps.training.drills import showdown

    hands = [_at_showdown(ROOT / "scenarios" / "procedure" / name)]
    monkeypatch.setattr(showdown, "find", lambda desk, ruleset, wanted: hands.pop())
    box: list[Trainer] = []
    perfect = school_trainees.perfect(box)
    first = shown[0].split()[1]

    def read(prompt: str) -> str | None:
        if box[0].facts.get("ask") == "show-first":
            return first  # from the rule text, never the engine
        return perfect(prompt)

    trainer, out = run(Drill.SHOWDOWN, read, box, hands=1, seed=1)
    assert trainer.score.mistakes == []
    lines = [line.strip() for line in out]
    assert [line for line in lines if line.startswith("seat ") and " shows " in line] == shown
