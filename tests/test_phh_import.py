"""``dealer import``: hold'em hands made and recorded with PokerKit (PHH), imported as scenarios,
replay to PokerKit's final stacks; other variants are refused by name."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any, ClassVar

import pytest
from typer.testing import CliRunner

from dealer.apps.cli.commands import app
from dealer.apps.phh.importing import PhhError, convert, parse_phh
from dealer.scenarios.format import read_scenario
from dealer.scenarios.replay import replay

pytest.importorskip("pokerkit")
import pokerkit
from pokerkit import games


class _PotLimitTexasHoldem(
    games.PotLimitPokerMixin, games.TexasHoldemMixin, games.UnfixedLimitHoldem
):
    """Pot-limit Texas hold'em from PokerKit's parts (PHH has no code for it; we write PT)."""


class _History(pokerkit.HandHistory):
    variants: ClassVar[dict[Any, str]] = {
        **pokerkit.HandHistory.variants,
        _PotLimitTexasHoldem: "PT",
    }
    required_field_names: ClassVar[dict[str, Any]] = {
        **pokerkit.HandHistory.required_field_names,
        "PT": pokerkit.HandHistory.required_field_names["NT"],
    }


AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.CARD_BURNING,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)


def _nlhe(antes: Any, blinds: tuple[int, ...]) -> Any:
    return pokerkit.NoLimitTexasHoldem(AUTOMATIONS, False, antes, blinds, blinds[1])


def _play(game: Any, stacks: tuple[int, ...], holes: list[str], script: list[str]) -> Any:
    """A PokerKit hand: hole cards in player order, then actions (``f``, ``cc``, ``cbr N``) and
    board cards (``db CARDS``); returns the finished state."""
    state = game(stacks, len(stacks))
    for cards in holes:
        state.deal_hole(cards)
    for item in script:
        verb, *rest = item.split()
        if verb == "db":
            state.deal_board(rest[0])
        elif verb == "f":
            state.fold()
        elif verb == "cc":
            state.check_or_call()
        else:
            state.complete_bet_or_raise_to(int(rest[0]))
    assert not state.status, "the PokerKit hand is not over"
    return state


# name -> (game, stacks, hole cards in player order, script); every expectation is PokerKit's.
# fmt: off
HANDS: dict[str, tuple[Any, tuple[int, ...], list[str], list[str]]] = {
    # a big-blind ante, a short stack all-in: a side pot; aces hold
    "bb-ante-side-pot": (
        _nlhe({1: 200}, (100, 200)),
        (5000, 20000, 1500, 20000),
        ["KsKh", "QsQh", "AsAh", "7c2d"],
        ["cbr 1500", "f", "cc", "cc", "db Td9d3c", "cc", "cbr 3000", "cc", "db 4h", "cc", "cc",
         "db 5s", "cc", "cc"],
    ),
    # the board plays: the pot is split three ways
    "split-pot": (
        _nlhe(0, (5, 10)),
        (1000, 1000, 1000),
        ["2c3d", "2h3s", "4c5d"],
        ["cc", "cc", "cc", "db AsKsQs", "cc", "cc", "cc", "db Js", "cc", "cc", "cc",
         "db Ts", "cc", "cc", "cc"],
    ),
    # every player antes; three all-ins at different levels: two side pots
    "antes-two-side-pots": (
        _nlhe(25, (50, 100)),
        (600, 1500, 3000, 5000),
        ["AsAd", "KsKd", "QsQd", "JsJd"],
        ["cbr 2975", "cc", "cc", "cc", "db 2c7h9d", "db 3h", "db 4s"],
    ),
    # heads-up with a big-blind ante: the blinds and the ante reversed, the button acts first
    "heads-up-bb-ante": (
        _nlhe([0, 400], (200, 400)),
        (10000, 8000),
        ["9c9d", "AhKh"],
        ["cbr 1200", "cc", "db Kd8s2c", "cc", "cbr 1500", "cc", "db 3d", "cc", "cc",
         "db 4c", "cc", "cc"],
    ),
    # a button ante, a fold to the big blind's raise on the flop
    "button-ante": (
        _nlhe([0, 0, 0, 300], (100, 200)),
        (9000, 9000, 9000, 9000),
        ["AcKc", "8h8d", "2s7s", "QdJd"],
        ["f", "cbr 600", "cc", "f", "db 8s5c2d", "cc", "cbr 800", "f"],
    ),
    # fixed limit to the showdown
    "limit-showdown": (
        pokerkit.FixedLimitTexasHoldem(AUTOMATIONS, False, 0, (5, 10), 10, 20),
        (500, 500, 500),
        ["AhAd", "KcQc", "7s6s"],
        ["cbr 20", "cc", "f", "db Qh9c4c", "cbr 10", "cbr 20", "cc", "db 2d", "cbr 20",
         "cc", "db Jc", "cc", "cbr 20", "cc"],
    ),
    # an under-the-gun straddle of 4 at 1/2: it acts last pre-flop (STRADDLE)
    "straddle": (
        _nlhe(0, (1, 2, 4)),
        (200, 200, 200, 200),
        ["AsKd", "7h7d", "QcJc", "9s9h"],
        ["cc", "cbr 16", "f", "cc", "cc", "db 9c8c2h", "cc", "cbr 30", "cc", "cc",
         "db Kh", "cc", "cc", "cc", "db 3s", "cc", "cc", "cc"],
    ),
    # pot-limit: a pot-sized raise and a pot-sized bet (POT-LIMIT)
    "pot-limit": (
        _PotLimitTexasHoldem(AUTOMATIONS, False, 0, (1, 2), 2),
        (300, 300, 300),
        ["AhKh", "QcQd", "9s8s"],
        ["cbr 7", "cbr 22", "f", "cc", "db Ks7c2d", "cbr 44", "cbr 176", "cc", "db 3h", "cc", "cc",
         "db 4d", "cc", "cc"],
    ),
}
# fmt: on


def _phh(name: str) -> tuple[str, Any]:
    game, stacks, holes, script = HANDS[name]
    state = _play(game, stacks, holes, script)
    history = _History.from_game_state(game, state)
    history.finishing_stacks = list(state.stacks)
    return history.dumps(), state


def test_imported_hands_replay_to_pokerkits_final_stacks(tmp_path: Path) -> None:
    folder = tmp_path / "phh"
    folder.mkdir()
    finals = {}
    for name in HANDS:
        text, state = _phh(name)
        (folder / f"{name}.phh").write_text(text, encoding="utf-8")
        finals[name] = [Decimal(stack) for stack in state.stacks]
    out = tmp_path / "scenarios"
    result = CliRunner().invoke(app, ["import", str(folder), "-o", str(out)])
    assert result.exit_code == 0, result.output
    for name, final in finals.items():
        scenario = read_scenario(out / f"{name}.yaml")
        replayed = replay(scenario, keep_hand=True)
        assert replayed.passed, f"{name}: {replayed.failure}"
        assert replayed.hand is not None
        # the players sit in seats 1..N in PHH order
        assert [replayed.hand.stacks[seat] for seat in range(1, len(final) + 1)] == final, name


def test_the_big_blind_ante_hand_keeps_its_form_and_deck_order() -> None:
    text, _ = _phh("bb-ante-side-pot")
    scenario = convert(parse_phh(text, "x.phh"), "x.phh")
    assert "  ante: {big-blind: 200}" in scenario.splitlines()
    # DEAL-ORDER: one card at a time from the small blind (p1), two rounds; then burn and flop
    deck = next(line for line in scenario.splitlines() if line.startswith("  stacked:"))
    assert deck.startswith('  stacked: "Ks Qs As 7c Kh Qh Ah 2d  ')
    assert "# Unknown cards (the file does not know them; deck 'unknown'): burns." in scenario


def test_heads_up_reverses_the_blinds_and_the_ante() -> None:
    text, _ = _phh("heads-up-bb-ante")
    lines = convert(parse_phh(text, "hu.phh"), "hu.phh").splitlines()
    assert "  blinds: [200, 400]" in lines
    assert "  ante: {big-blind: 400}" in lines
    assert "  button: 2" in lines  # the second player is the button (HEADS-UP)


def test_another_variant_is_refused_naming_it(tmp_path: Path) -> None:
    game = pokerkit.PotLimitOmahaHoldem(AUTOMATIONS, False, 0, (1, 2), 2)
    state = game((200, 200), 2)
    state.deal_hole("AsKsQsJs")
    state.deal_hole("2c3c4c5c")
    state.fold()
    omaha = tmp_path / "omaha.phh"
    omaha.write_text(pokerkit.HandHistory.from_game_state(game, state).dumps(), encoding="utf-8")
    result = CliRunner().invoke(app, ["import", str(omaha)])
    assert result.exit_code == 2
    assert "variant 'PO' (pot-limit Omaha hold'em) is not Texas hold'em" in result.output
    assert not (tmp_path / "omaha.yaml").exists()


def test_bad_phh_is_one_line_with_the_line_number() -> None:
    with pytest.raises(PhhError) as caught:
        parse_phh('variant = "NT"\nantes = [0, 0\n', "bad.phh")
    assert str(caught.value).startswith("bad.phh:")
    text = 'variant = "NT"\nantes = [0, 5, 7]\nblinds_or_straddles = [1, 2, 0]\n'
    text += "starting_stacks = [100, 100, 100]\nactions = []\n"
    with pytest.raises(PhhError) as caught:
        convert(parse_phh(text, "odd.phh"), "odd.phh")
    assert str(caught.value).startswith("odd.phh:2: antes must be the same")


def test_the_shipped_real_hands_are_their_imports() -> None:
    """scenarios/real/*.yaml are what ``dealer import scenarios/real/phh -o scenarios/real``
    writes (their expectations are the PHH files' own finishing stacks and boards)."""
    real = Path(__file__).resolve().parents[1] / "scenarios" / "real"
    hands = sorted((real / "phh").glob("*.phh"))
    assert len(hands) >= 4
    for path in hands:
        text = convert(parse_phh(path.read_text(encoding="utf-8"), str(path)), path.name)
        assert (real / f"{path.stem}.yaml").read_text(encoding="utf-8") == text + "\n", path.name
        assert replay(read_scenario(real / f"{path.stem}.yaml")).passed, path.name


def test_seats_out_of_clockwise_order_are_renumbered_and_said() -> None:
    text, _ = _phh("split-pot")
    lines = convert(parse_phh(text + "\nseats = [2, 7, 4]\n", "s.phh"), "s.phh").splitlines()
    assert "  seats: {1: 1000, 2: 1000, 3: 1000}" in lines
    assert any("not in clockwise order" in line for line in lines if line.startswith("#"))
    text_ok = text + "\nseats = [2, 4, 7]\n"
    lines = convert(parse_phh(text_ok, "s.phh"), "s.phh").splitlines()
    assert "  seats: {2: 1000, 4: 1000, 7: 1000}" in lines
    assert "  button: 7" in lines


# -- checked values (issue 24: checked values; issue 28: hostile PHH files) ------------------------

HAND = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = {blinds}
min_bet = 2
starting_stacks = {stacks}
actions = [
  "d dh p1 AhAs", "d dh p2 KdKh", "d dh p3 7c2h",
  "{raise_}", "p1 f", "p2 f",
]
"""


def _refusal(text: str, name: str = "h.phh") -> str:
    with pytest.raises(PhhError) as caught:
        convert(parse_phh(text, name), name)
    return str(caught.value)


def _hand(
    blinds: str = "[1, 2, 0]", stacks: str = "[100, 100, 100]", raise_: str = "p3 cbr 6"
) -> str:
    return HAND.format(blinds=blinds, stacks=stacks, raise_=raise_)


def test_amounts_beyond_the_bounds_are_refused_at_their_line() -> None:
    # the action's line (line 8), not the whole file's; at once, never computed out
    assert _refusal(_hand(raise_="p3 cbr 1e999999")) == (
        "h.phh:8: 'p3 cbr 1e999999': '1e999999' is not an amount (digits, at most 6 after the "
        "point)"
    )
    assert _refusal(_hand(raise_="p3 cbr 1234567890123456")).startswith("h.phh:8: 'p3 cbr 12345")
    assert _refusal(_hand(raise_="p3 cbr ٣")).startswith(
        "h.phh:8: 'p3 cbr ٣': '٣' is not an amount"
    )
    assert _refusal(_hand(stacks="[1e999999, 100, 100]")) == (
        "h.phh:5: 'starting_stacks' holds Decimal('1E+999999'): more than 15 digits before the "
        "point"
    )
    assert _refusal(_hand(stacks="[100.0000001, 100, 100]")).endswith(
        "more than 6 digits after the point"
    )
    assert _refusal(_hand(stacks="[" + "9" * 5000 + ", 100, 100]")).startswith(
        "h.phh:1: not a PHH (TOML) file"
    )
    assert _refusal(_hand() + "x = " + "[" * 5000 + "]" * 5000 + "\n").startswith(
        "h.phh:1: not a PHH (TOML) file"
    )


def test_unknown_stacks_and_blinds_that_are_no_blinds_are_refused_with_the_reason() -> None:
    # PHH writes an unknown stack as inf: dealer cannot play a stack nobody knows
    assert _refusal(_hand(stacks="[inf, 100, 100]")) == (
        "h.phh:5: 'starting_stacks' holds Infinity: an unknown (Infinity) amount cannot be "
        "played; dealer needs every stack and bet"
    )
    # BLINDS: the small blind is the smaller of the two
    assert _refusal(_hand(blinds="[2, 1, 0]")) == (
        "h.phh:3: the small blind (2) is more than the big blind (1)"
    )
    # a third player's post of one big blind is a posted (dead) blind, no straddle (STRADDLE)
    four = HAND.replace("[0, 0, 0]", "[0, 0, 0, 0]").replace(
        '"d dh p3 7c2h",', '"d dh p3 7c2h", "d dh p4 5s5d",'
    )
    text = four.format(blinds="[1, 2, 0, 2]", stacks="[100, 100, 100, 100]", raise_="p3 f")
    assert _refusal(text) == (
        "h.phh:3: player 4 posts 2, no more than the big blind: a dead or posted blind, which "
        "cannot be imported"
    )
    text = four.format(blinds="[2, 0, 0, 0]", stacks="[100, 100, 100, 100]", raise_="p3 f")
    assert "a dead small blind (DEAD-BUTTON)" in _refusal(text)


def test_the_chip_unit_comes_from_the_blinds_and_bets_never_the_final_stacks() -> None:
    # CHIP-UNIT: "the smallest chip used to make the big blind" (1 at 0.5/1), lowered only where
    # the recorded bets show a smaller chip in play (a raise to 3.5); odd stacks do not change it
    text = _hand(blinds="[0.5, 1, 0]", stacks="[100.30, 100, 100.05]", raise_="p3 cbr 3")
    assert "  chip: 1" in convert(parse_phh(text, "h.phh"), "h.phh").splitlines()
    text = _hand(blinds="[0.5, 1, 0]", stacks="[100.30, 100, 100.05]", raise_="p3 cbr 3.5")
    assert "  chip: 0.5" in convert(parse_phh(text, "h.phh"), "h.phh").splitlines()
    text = _hand() + "finishing_stacks = [99, 98, 103]\n"
    assert "  chip: 1" in convert(parse_phh(text, "h.phh"), "h.phh").splitlines()


def test_only_scenarios_that_replay_are_written(tmp_path: Path) -> None:
    # p2 acts before p3, whose turn it is pre-flop: refused at that action's line, nothing written
    text = _hand(raise_="p2 cbr 6")
    (tmp_path / "h.phh").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["import", str(tmp_path / "h.phh")])
    assert result.exit_code == 2
    assert result.output.startswith(f"{tmp_path / 'h.phh'}:8: 'p2 cbr 6': the hand does not play ")
    assert "seat 3 is to act" in result.output
    assert not (tmp_path / "h.yaml").exists()
    # final stacks the rules do not give: refused at finishing_stacks
    text = _hand() + "finishing_stacks = [100, 100, 100]\n"
    message = _refusal(text)
    assert message.startswith("h.phh:10: the hand played by the rules ends otherwise than recorded")


# -- bulk import (issue 24: bulk import is safe) ----------------------------------------------


def test_bulk_import_mirrors_the_tree_and_never_overwrites(tmp_path: Path) -> None:
    source = tmp_path / "in"
    for folder in ("a", "b"):
        (source / folder).mkdir(parents=True)
        (source / folder / "0.phh").write_text(_hand(), encoding="utf-8")
    out = tmp_path / "out"
    runner = CliRunner()
    result = runner.invoke(app, ["import", str(source), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert sorted(str(p.relative_to(out)) for p in out.rglob("*.yaml")) == ["a/0.yaml", "b/0.yaml"]
    again = runner.invoke(app, ["import", str(source), "-o", str(out)])
    assert again.exit_code == 2
    assert f"{out / 'a' / '0.yaml'} exists: dealer import --force overwrites it" in again.output
    forced = runner.invoke(app, ["import", str(source), "-o", str(out), "--force"])
    assert forced.exit_code == 0, forced.output


def test_a_phhs_file_imports_hand_by_hand_and_a_collision_names_both(tmp_path: Path) -> None:
    hands = "".join(f"[{key}]\n{_hand()}\n" for key in ("1", "2"))
    (tmp_path / "s.phhs").write_text(hands, encoding="utf-8")
    (tmp_path / "s-2.phh").write_text(_hand(), encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["import", str(tmp_path), "-o", str(out)])
    assert result.exit_code == 2
    assert f"{tmp_path / 's.phhs'}[1] -> {out / 's-1.yaml'}" in result.output
    # s.phhs [2] and s-2.phh would both become s-2.yaml: the second is refused, naming the first
    assert (
        f"{tmp_path / 's.phhs'}:12: hand [2]: {out / 's-2.yaml'} is also the scenario of "
        f"{tmp_path / 's-2.phh'}: rename one of the two"
    ) in result.output
    assert read_scenario(out / "s-1.yaml").name == "s.phhs[1]"


def test_a_shown_hand_must_agree_with_the_cards_dealt() -> None:
    # PHH: a cash-game show may hide cards (??As); the cards shown are the player's hole cards
    hand = _hand().replace(
        '"p3 cbr 6", "p1 f", "p2 f",', '"p3 f", "p1 cc", "p2 cc", "p1 sm SHOWN",'
    )
    for shown in ("??As", "AsAh", "AhAs", "????"):
        assert convert(parse_phh(hand.replace("SHOWN", shown), "h.phh"), "h.phh")
    assert (
        _refusal(hand.replace("SHOWN", "AsQh")) == "h.phh:8: 'p1 sm AsQh': player 1 was dealt AhAs"
    )
