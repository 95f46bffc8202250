"""Online hand histories (shown cards, mucks, ``????``) imported and replayed, hand by hand, to
PokerKit's final stacks: PokerKit plays each PHH file itself and is the oracle.

``tests/data/phh/online/`` holds hands written by the project from the PHH specification;
``tests/data/phh/dataset/`` four real hands copied from the PHH dataset (MIT licence, its
LICENSE beside them)."""

from __future__ import annotations

import warnings
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from dealer.apps.cli.commands import app
from dealer.core.chips import decimal_of
from dealer.core.events import Kind
from dealer.scenarios.format import read_scenario
from dealer.scenarios.replay import replay

pokerkit = pytest.importorskip("pokerkit")

DATA = Path(__file__).resolve().parent / "data" / "phh"
# Hands whose pot depends on cards nobody showed: the import names the seats (by the file's own
# seats) and the scenario stops at the showdown. SHOWDOWN: the best hand wins; with a hand
# neither shown nor mucked, nobody can say which that is.
UNDECIDED = {
    "online/unknown-showdown.yaml": "seat 1, seat 2",  # both show ????
    "online/partial-show.yaml": "seat 2",  # ??Ad: one card unknown
    "dataset/abs-handhq-1-sample-2.yaml": "seat 1, seat 2",  # p2 and p3 (seats 1, 2) ????
    "dataset/abs-handhq-1-sample-4.yaml": "seat 8",  # p5 (seat 8) ????
    "dataset/abs-handhq-1-sample-15.yaml": "seat 2",  # p2 (seat 2) ????
}


def _histories() -> dict[str, Any]:
    """Scenario path (relative) -> PokerKit's hand history of the same hand."""
    histories = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for path in sorted(DATA.rglob("*.phh")):
            name = f"{path.parent.name}/{path.stem}.yaml"
            histories[name] = pokerkit.HandHistory.loads(path.read_text(encoding="utf-8"))
        for path in sorted(DATA.rglob("*.phhs")):
            with path.open("rb") as stream:
                for key, history in zip(
                    ("2", "4", "11", "15"), pokerkit.HandHistory.load_all(stream), strict=True
                ):
                    histories[f"{path.parent.name}/{path.stem}-{key}.yaml"] = history
    return histories


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("online")
    result = CliRunner().invoke(app, ["import", str(DATA), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out, result.output


def _pokerkit_stacks(history: Any) -> list[Decimal] | None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state = list(history)[-1]
    if state.status:
        return None
    return [Decimal(str(stack)).quantize(Decimal("0.000001")) for stack in state.stacks]


def test_online_hands_replay_to_pokerkits_final_stacks(imported: tuple[Path, str]) -> None:
    out, _ = imported
    histories = _histories()
    assert len(histories) == 13
    compared = []
    for name, history in histories.items():
        scenario = read_scenario(out / name)
        result = replay(scenario, keep_hand=True)
        assert result.passed, f"{name}: {result.failure}"
        hand = result.hand
        assert hand is not None
        if name in UNDECIDED:
            assert hand.state == "showdown", name
            assert not any(event.kind is Kind.PUSH for event in hand.events), name
            continue
        assert hand.is_over, name
        want = _pokerkit_stacks(history)
        assert want is not None, f"{name}: PokerKit's hand is not over"
        seats = list(history.seats) if history.seats else list(range(1, len(want) + 1))
        got = [decimal_of(hand.stacks[seat]).quantize(Decimal("0.000001")) for seat in seats]
        assert got == want, name
        compared.append(name)
    assert len(compared) == 8


def test_the_import_names_the_seats_whose_cards_decide(imported: tuple[Path, str]) -> None:
    _, output = imported
    for name, seats in UNDECIDED.items():
        folder, stem = name.split("/")
        label = (
            f"{folder}/abs-handhq-1-sample.phhs[{stem.rsplit('-', 1)[1][:-5]}]"
            if folder == "dataset"
            else f"{folder}/{stem[:-5]}.phh"
        )
        line = f"{label}: the showdown is not played: it depends on cards nobody showed ({seats})"
        assert any(got.endswith(line) for got in output.splitlines()), line


def test_shown_cards_are_the_hole_cards_and_a_muck_gives_up_the_pot(
    imported: tuple[Path, str],
) -> None:
    out, _ = imported
    # "p1 sm AhKh", "p2 sm QcQd": p1 sits in seat 2, p2 in seat 4 (the file's seats)
    hand = replay(read_scenario(out / "online/showdown-shown.yaml"), keep_hand=True).hand
    assert hand is not None
    shown = {e.seat: " ".join(map(str, e.cards)) for e in hand.events if e.kind is Kind.SHOW}
    assert shown == {2: "Ah Kh", 4: "Qc Qd"}
    # SHOWDOWN-MUCK: "mucking the hole cards unshown ... has no claim to any pot"; p3 mucks, so
    # p2's nines take the pot although p3's unknown cards were dealt as physical cards
    text = (out / "online/showdown-muck.yaml").read_text(encoding="utf-8")
    assert "  - seat 3 mucks" in text.splitlines()
    hand = replay(read_scenario(out / "online/showdown-muck.yaml"), keep_hand=True).hand
    assert hand is not None
    mucked = [e for e in hand.events if e.kind is Kind.MUCK and e.note == "unshown"]
    assert [e.seat for e in mucked] == [3]
    # the one due to show first mucks: the other hand wins unshown (LA 139)
    hand = replay(read_scenario(out / "online/muck-first.yaml"), keep_hand=True).hand
    assert hand is not None
    assert not any(e.kind is Kind.SHOW for e in hand.events)
    assert hand.stacks[2] == Decimal(1000 - 30 - 40 - 100 + 345)  # the pot: 5 + 2 * 170


def test_the_round_trip_keeps_the_fields_and_the_unknown_cards(
    imported: tuple[Path, str], tmp_path: Path
) -> None:
    out, _ = imported
    result = CliRunner().invoke(app, ["export", str(out), "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        again = pokerkit.HandHistory.loads(
            (tmp_path / "showdown-shown.phh").read_text(encoding="utf-8")
        )
        first = pokerkit.HandHistory.loads(
            (DATA / "online" / "showdown-shown.phh").read_text(encoding="utf-8")
        )
    for field in ("players", "venue", "currency", "hand", "seats", "seat_count", "day", "month"):
        assert getattr(again, field) == getattr(first, field), field
    assert again.year == first.year and again.time == first.time
    assert again.ante_trimming_status is False
    # p3 folded unseen: its cards stay unknown; the shown cards are the deal's
    assert again.actions[:3] == ["d dh p1 AhKh", "d dh p2 QcQd", "d dh p3 ????"]
    assert again.actions[-2:] == ["p1 sm AhKh", "p2 sm QcQd"]
    # winnings computed: p1's pair of kings (Kd on the board) beats the queens (SHOWDOWN): the
    # pot of 3 + 3 + 4 + 4 + 10.5 + 10.5 = 35
    assert list(again.winnings) == [35, 0, 0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        muck = pokerkit.HandHistory.loads(
            (tmp_path / "showdown-muck.phh").read_text(encoding="utf-8")
        )
    assert muck.actions[-2:] == ["p2 sm 9c9d", "p3 sm"]
    assert muck.actions[2] == "d dh p3 ????"
