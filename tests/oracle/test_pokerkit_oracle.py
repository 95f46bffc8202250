"""Hand-computed hands replayed through the PokerKit oracle: exact stacks, pots and winners."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal as D

import pytest

from dealer.core.cards import parse_cards
from tests.oracle.pokerkit_oracle import OracleHand, OracleMismatch, play, player_order

Action = tuple[int, str, D | None]


def make_hand(
    seats: tuple[int, ...],
    button: int,
    hole: dict[int, str],
    board: str,
    actions: list[Action],
    *,
    structure: str = "no-limit",
    stacks: dict[int, D] | None = None,
    blinds: tuple[str, str] = ("1", "2"),
    bets: tuple[str, str] = ("0", "0"),
    ante: str = "0",
    straddle: str = "0",
    chip_unit: str = "1",
    cap_bets: int | None = 4,
) -> OracleHand:
    def two(text: str) -> tuple[D, D]:
        return D(text.split()[0]), D(text.split()[1])

    cards = {seat: parse_cards(text) for seat, text in hole.items()}
    return OracleHand(
        structure=structure,
        seats=seats,
        button=button,
        stacks=stacks or dict.fromkeys(seats, D(100)),
        small_blind=D(blinds[0]),
        big_blind=D(blinds[1]),
        small_bet=D(bets[0]),
        big_bet=D(bets[1]),
        ante=D(ante),
        straddle=D(straddle),
        hole={seat: (pair[0], pair[1]) for seat, pair in cards.items()},
        board=parse_cards(board),
        actions=tuple(actions),
        chip_unit=D(chip_unit),
        cap_bets=cap_bets,
    )


def test_player_order_starts_left_of_the_button() -> None:
    assert player_order((1, 3, 5, 7), 7) == (1, 3, 5, 7)
    assert player_order((1, 3, 5, 7), 3) == (5, 7, 1, 3)
    assert player_order((4, 9), 4) == (9, 4)


# 5/10 limit, 2.5 small blind. Seats 1 SB, 3 BB, 5 UTG, 7 button.
LIMIT_ACTIONS: list[Action] = [
    (5, "call", D(5)),
    (7, "raise", D(10)),
    (1, "fold", None),
    (3, "call", D(10)),
    (5, "call", D(10)),
    # flop: 32.5 in the pot
    (3, "check", None),
    (5, "bet", D(5)),
    (7, "raise", D(10)),
    (3, "fold", None),
    (5, "call", D(10)),
    # turn: 52.5
    (5, "check", None),
    (7, "bet", D(10)),
    (5, "call", D(10)),
    # river: 72.5
    (5, "bet", D(10)),
    (7, "call", D(10)),
]


def limit_hand(actions: list[Action] = LIMIT_ACTIONS, **changes: object) -> OracleHand:
    hand = make_hand(
        (1, 3, 5, 7),
        7,
        {1: "4c 4d", 3: "8h 6h", 5: "Ah Kh", 7: "Qs Qd"},
        "2c 7d 9s Jh 3c",
        actions,
        structure="limit",
        stacks=dict.fromkeys((1, 3, 5, 7), D(200)),
        blinds=("2.5", "5"),
        bets=("5", "10"),
        chip_unit="0.5",
    )
    return replace(hand, **changes)  # type: ignore[arg-type]


def test_limit_five_ten_with_a_2_5_small_blind_to_showdown() -> None:
    result = play(limit_hand())
    assert result.final_stacks == {1: D("197.5"), 3: D(190), 5: D(160), 7: D("252.5")}
    assert result.pots == ((D("92.5"), (5, 7)),)
    assert result.winners == {7: D("92.5")}
    assert result.odd_chip_adjustment == {}


def test_limit_cap_is_bet_and_three_raises_preflop_counting_the_big_blind() -> None:
    capped: list[Action] = [
        (5, "raise", D(10)),
        (7, "raise", D(15)),
        (1, "raise", D(20)),  # fourth bet: the cap
        (3, "raise", D(25)),
    ]
    with pytest.raises(OracleMismatch) as caught:
        play(limit_hand(capped))
    assert str(caught.value) == (
        "seat 3 raise to 25: PokerKit refuses: "
        "No more completion, betting, or raising is permitted."
    )
    uncapped = [*capped, (5, "call", D(25)), (7, "call", D(25)), (1, "fold", None)]
    uncapped += [(3, "check", None), (5, "check", None), (7, "check", None)] * 3
    result = play(limit_hand(uncapped, cap_bets=None))
    assert result.final_stacks == {1: D(180), 3: D(175), 5: D(175), 7: D(270)}
    assert result.pots == ((D(95), (3, 5, 7)),)


def test_no_limit_three_way_all_in_builds_a_side_pot_and_returns_the_overbet() -> None:
    hand = make_hand(
        (2, 4, 6),
        6,
        {2: "As Ad", 4: "Ks Kd", 6: "Qs Qd"},
        "2c 7h 9d Jc 3s",
        [(6, "all-in", D(200)), (2, "all-in", D(50)), (4, "all-in", None)],
        stacks={2: D(50), 4: D(100), 6: D(200)},
    )
    result = play(hand)
    assert result.final_stacks == {2: D(150), 4: D(100), 6: D(100)}
    assert result.pots == ((D(150), (2, 4, 6)), (D(100), (4, 6)))
    assert result.winners == {2: D(150), 4: D(100)}


def test_short_all_in_does_not_reopen_the_raise_for_players_who_acted() -> None:
    actions: list[Action] = [
        (3, "raise", D(20)),
        (1, "call", D(20)),
        (2, "all-in", D(25)),  # raises by 5, less than the 18 raise: not a full raise
        (3, "raise", D(50)),
    ]
    hand = make_hand(
        (1, 2, 3),
        3,
        {1: "2c 3c", 2: "4c 5c", 3: "6c 7c"},
        "",
        actions,
        stacks={1: D(100), 2: D(25), 3: D(100)},
    )
    with pytest.raises(OracleMismatch) as caught:
        play(hand)
    assert str(caught.value) == (
        "seat 3 raise to 50: PokerKit refuses: Short all-in cannot be raised."
    )


HEADS_UP: list[Action] = [
    (9, "call", D(2)),  # the button is the small blind and acts first pre-flop
    (4, "check", None),
    (4, "bet", D(4)),  # and the big blind acts first after the flop
    (9, "raise", D(12)),
    (4, "call", D(12)),
    (4, "check", None),
    (9, "bet", D(20)),
    (4, "fold", None),
]


def heads_up(actions: list[Action], board: str = "Ah 8d 3s Tc") -> OracleHand:
    return make_hand((4, 9), 9, {4: "Kc Kh", 9: "7s 2d"}, board, actions)


def test_heads_up_button_posts_small_blind_and_acts_first_preflop_only() -> None:
    result = play(heads_up(HEADS_UP))
    assert result.final_stacks == {4: D(86), 9: D(114)}
    assert result.pots == ((D(28), (9,)),)
    assert result.winners == {9: D(28)}


def test_fold_out_counts_the_winners_called_bet_in_the_pot() -> None:
    # Flop: 4 bets 4, 9 raises to 12, 4 folds: the pot is 4 + 4 + 4, 9's other 8 is returned.
    actions = [*HEADS_UP[:3], (9, "raise", D(12)), (4, "fold", None)]
    result = play(heads_up(actions, board="Ah 8d 3s"))
    assert result.final_stacks == {4: D(94), 9: D(106)}
    assert result.pots == ((D(12), (9,)),)
    assert result.winners == {9: D(12)}


def test_walk_gives_the_big_blind_the_small_blind_and_its_own_matched_chip() -> None:
    result = play(heads_up([(9, "fold", None)], board=""))
    assert result.final_stacks == {4: D(101), 9: D(99)}
    assert result.pots == ((D(2), (4,)),)
    assert result.winners == {4: D(2)}


def test_heads_up_wrong_first_actor_is_a_mismatch() -> None:
    with pytest.raises(OracleMismatch) as caught:
        play(heads_up([(4, "check", None), *HEADS_UP]))
    assert str(caught.value) == "expected seat 4 to check, but PokerKit has seat 9 to act"


def test_board_shorter_than_the_hand_reached_is_a_mismatch() -> None:
    with pytest.raises(OracleMismatch) as caught:
        play(heads_up(HEADS_UP, board="Ah 8d 3s"))
    assert str(caught.value) == (
        "PokerKit deals 1 more board card(s) but the board has 3; "
        "the hand reached further than described"
    )


def test_actions_left_after_the_hand_is_a_mismatch() -> None:
    with pytest.raises(OracleMismatch) as caught:
        play(heads_up([*HEADS_UP, (9, "check", None)]))
    assert str(caught.value) == "hand is over in PokerKit but seat 9 still has 'check'"


# Seats 2 SB, 3 BB, 4 straddle, 1 button; antes of 1.
STRADDLE_ACTIONS: list[Action] = [
    (1, "call", D(4)),
    (2, "call", D(4)),
    (3, "call", D(4)),
    (4, "raise", D(12)),  # the straddler acts last pre-flop and may raise
    (1, "call", D(12)),
    (2, "fold", None),
    (3, "fold", None),
    (4, "bet", D(10)),
    (1, "fold", None),
]


def straddle_hand(actions: list[Action]) -> OracleHand:
    return make_hand(
        (1, 2, 3, 4),
        1,
        {1: "9c 9d", 2: "Jc Td", 3: "5h 5s", 4: "Ac Qd"},
        "Kd 8s 2h",
        actions,
        ante="1",
        straddle="4",
    )


def test_ante_and_straddle() -> None:
    result = play(straddle_hand(STRADDLE_ACTIONS))
    assert result.final_stacks == {1: D(87), 2: D(95), 3: D(95), 4: D(123)}
    assert result.pots == ((D(36), (4,)),)
    assert result.winners == {4: D(36)}


def test_minimum_raise_after_a_straddle_is_straddle_plus_big_blind() -> None:
    with pytest.raises(OracleMismatch) as caught:
        play(straddle_hand([(1, "raise", D(5))]))
    assert str(caught.value) == (
        "seat 1 raise to 5: PokerKit refuses: The amount 5 is below the minimum allowed 6."
    )


def test_split_pot_odd_chip_goes_to_first_tie_clockwise_of_the_button() -> None:
    # Seats 2 SB, 3 BB, 1 button; 3 and 1 play the board for a pot of 5.
    checks: list[Action] = [(3, "check", None), (1, "check", None)] * 3
    hand = make_hand(
        (1, 2, 3),
        1,
        {1: "2c 3d", 2: "4c 5d", 3: "6c 7d"},
        "Ts Js Qs Ks As",
        [(1, "call", D(2)), (2, "fold", None), (3, "check", None), *checks],
    )
    result = play(hand)
    assert result.final_stacks == {1: D(100), 2: D(99), 3: D(101)}
    assert result.pots == ((D(5), (1, 3)),)
    assert result.winners == {1: D(2), 3: D(3)}
    assert result.odd_chip_adjustment == {}


def test_three_way_split_with_two_odd_chips_deals_them_one_each_clockwise() -> None:
    # Seats 1 SB, 2 BB, 3, 4 button; antes of 1; pot 11 split three ways: 4, 4, 3.
    checks: list[Action] = [(2, "check", None), (3, "check", None), (4, "check", None)] * 3
    hand = make_hand(
        (1, 2, 3, 4),
        4,
        {1: "2c 3d", 2: "4c 5d", 3: "6c 7d", 4: "8c 9d"},
        "Ts Js Qs Ks As",
        [(3, "call", D(2)), (4, "call", D(2)), (1, "fold", None), (2, "check", None), *checks],
        ante="1",
    )
    result = play(hand)
    assert result.final_stacks == {1: D(98), 2: D(101), 3: D(101), 4: D(100)}
    assert result.pots == ((D(11), (2, 3, 4)),)
    assert result.winners == {2: D(4), 3: D(4), 4: D(3)}
    assert result.odd_chip_adjustment == {2: D(-1), 3: D(1)}  # PokerKit gave both to seat 2


def test_pot_limit_raise_is_capped_at_the_pot() -> None:
    # Button (seat 3) first: pot 3, call 2, so a pot raise is to 2 + (3 + 2) = 7.
    def pot_limit(to: int) -> OracleHand:
        actions: list[Action] = [(3, "raise", D(to)), (1, "fold", None), (2, "fold", None)]
        hand = make_hand((1, 2, 3), 3, {1: "2c 3d", 2: "4c 5d", 3: "6c 7d"}, "", actions)
        return replace(hand, structure="pot-limit")

    assert play(pot_limit(7)).final_stacks == {1: D(99), 2: D(98), 3: D(103)}
    with pytest.raises(OracleMismatch) as caught:
        play(pot_limit(8))
    assert str(caught.value) == (
        "seat 3 raise to 8: PokerKit refuses: The amount 8 is above the maximum allowed 7."
    )


def test_amount_off_the_chip_unit_is_refused() -> None:
    with pytest.raises(ValueError, match=r"small blind 2\.5 is not a whole number of 1 chips"):
        play(replace(limit_hand(), chip_unit=D(1)))
