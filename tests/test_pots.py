"""Main and side pots, their award with the odd chip, the show order (SIDE-POTS, ODD-CHIP,
SHOW-ORDER, PLAY-BOARD)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer.core.cards import parse_cards
from dealer.core.hand_value import best_hand
from dealer.core.pots import (
    Pot,
    PotError,
    Share,
    award,
    build_pots,
    clockwise_from_button,
    describe_award,
    pot_name,
    show_order,
)

D = Decimal
TABLE = tuple(range(1, 11))


def pots_of(
    committed: dict[int, int | str], folded: set[int] | tuple[int, ...] = ()
) -> list[tuple[str, tuple[int, ...]]]:
    pots = build_pots({seat: D(amount) for seat, amount in committed.items()}, folded)
    return [(str(pot.amount), pot.eligible) for pot in pots]


def shares_of(shares: tuple[Share, ...]) -> list[tuple[int, int, str]]:
    return [(share.pot_index, share.seat, str(share.amount)) for share in shares]


def test_three_all_ins_two_side_pots_and_a_fold_after_the_last_raise() -> None:
    # Seat 1 all-in for 50, seat 2 all-in for 100, seats 3 and 4 to 300, then seat 4 folds.
    assert pots_of({1: 50, 2: 100, 3: 300, 4: 300}, {4}) == [
        ("200", (1, 2, 3)),
        ("150", (2, 3)),
        ("400", (3,)),
    ]


def test_three_all_ins_all_called() -> None:
    assert pots_of({1: 50, 2: 100, 3: 300, 4: 300}) == [
        ("200", (1, 2, 3, 4)),
        ("150", (2, 3, 4)),
        ("400", (3, 4)),
    ]


def test_folded_chips_fill_the_pots_without_cutting_a_pot() -> None:
    # Seat 4 folded after putting in 80: no pot is cut at 80, and its chips fill both pots.
    assert pots_of({1: 50, 2: 100, 3: 100, 4: 80}, {4}) == [("200", (1, 2, 3)), ("130", (2, 3))]
    assert pots_of({1: 10, 2: 40, 3: 40, 4: 25}, {1, 4}) == [("115", (2, 3))]


def test_uncalled_excess_is_a_pot_with_one_eligible_seat() -> None:
    assert pots_of({1: 50, 2: 100}) == [("100", (1, 2)), ("50", (2,))]


def test_folded_chips_above_every_live_seat_go_to_the_last_pot() -> None:
    assert pots_of({1: 30, 2: 60, 3: 20}, {2}) == [("60", (1, 3)), ("50", (1,))]


def test_limit_amounts_with_half_chips() -> None:
    assert pots_of({1: "2.5", 2: "10", 3: "10"}, {1}) == [("22.5", (2, 3))]


def test_no_chips_no_pot_and_bad_input() -> None:
    assert pots_of({1: 0, 2: 0}) == []
    with pytest.raises(PotError) as negative:
        build_pots({1: D(-5)}, ())
    assert str(negative.value) == "seat 1 committed -5: cannot be negative (SIDE-POTS)"
    with pytest.raises(PotError) as everyone:
        build_pots({1: D(5), 2: D(10)}, {1, 2})
    assert str(everyone.value) == "every seat has folded: no one can win the pot (SIDE-POTS)"


def test_pot_names() -> None:
    assert [pot_name(index) for index in range(3)] == ["main pot", "side pot 1", "side pot 2"]


def test_clockwise_from_button_wraps_and_puts_the_button_last() -> None:
    assert clockwise_from_button({2, 5, 9, 10}, 9) == (10, 2, 5, 9)
    assert clockwise_from_button({1, 4}, 10) == (1, 4)


def test_each_pot_separately_last_side_pot_first() -> None:
    pots = build_pots({1: D(50), 2: D(100), 3: D(300), 4: D(300)}, {4})
    # Seat 1 best, then seat 2, then seat 3.
    shares = award(pots, {1: (8, 9), 2: (5, 14, 9, 7, 4, 2), 3: (1, 9, 14, 13, 4)}, 4, D(1), TABLE)
    assert shares_of(shares) == [(2, 3, "400"), (1, 2, "150"), (0, 1, "200")]


def test_odd_chip_to_first_tied_seat_clockwise_of_the_button() -> None:
    pots = (Pot(D(31), (2, 4, 6)),)
    tie = {2: (4, 9), 4: (4, 9), 6: (1, 3, 14, 13, 12)}
    assert shares_of(award(pots, tie, 3, D(1), TABLE)) == [(0, 4, "16"), (0, 2, "15")]
    assert shares_of(award(pots, tie, 1, D(1), TABLE)) == [(0, 2, "16"), (0, 4, "15")]


def test_odd_chip_wraps_past_the_highest_seat() -> None:
    pots = (Pot(D(31), (2, 9)),)
    tie = {2: (4, 9), 9: (4, 9)}
    assert shares_of(award(pots, tie, 9, D(1), (2, 5, 9))) == [(0, 2, "16"), (0, 9, "15")]
    assert shares_of(award(pots, tie, 10, D(1), TABLE)) == [(0, 2, "16"), (0, 9, "15")]


def test_two_odd_units_among_three_tied_seats() -> None:
    pots = (Pot(D(32), (3, 5, 8)),)
    tie = {3: (4, 9), 5: (4, 9), 8: (4, 9)}
    assert shares_of(award(pots, tie, 5, D(1), TABLE)) == [
        (0, 8, "11"),
        (0, 3, "11"),
        (0, 5, "10"),
    ]


def test_limit_game_splits_in_half_chips() -> None:
    # 5/10 limit: the 2.5 small blind makes 0.5 the smallest chip (ODD-CHIP, LA 148).
    pots = (Pot(D("32.5"), (1, 6)),)
    tie = {1: (2, 13, 7, 14), 6: (2, 13, 7, 14)}
    shares = award(pots, tie, 4, D("0.5"), TABLE)
    assert [(share.seat, share.amount) for share in shares] == [(6, D("16.5")), (1, D("16"))]
    # A pot with less than a chip left over (an odd all-in, CHIP-UNIT): the rest goes with the odd
    # chips, to the first tied hand clockwise from the button (ODD-CHIP), never an error.
    uneven = award((Pot(D("32.25"), (1, 6)),), tie, 4, D("0.5"), TABLE)
    assert [(share.seat, share.amount) for share in uneven] == [(6, D("16.25")), (1, D("16"))]
    # One winner takes the pot as it is, whatever the unit.
    won = award((Pot(D("561"), (1, 6)),), {1: (9,), 6: (2,)}, 4, D(25), TABLE)
    assert [(share.seat, share.amount) for share in won] == [(1, D("561"))]


def test_split_side_pot_and_won_main_pot_in_order() -> None:
    pots = build_pots({1: D(20), 2: D(45), 3: D(45), 5: D(45)}, {5})
    assert [(pot.amount, pot.eligible) for pot in pots] == [(D(80), (1, 2, 3)), (D(75), (2, 3))]
    ranking = {1: (6, 10, 2), 2: (4, 11), 3: (4, 11)}
    assert shares_of(award(pots, ranking, 2, D(1), TABLE)) == [
        (1, 3, "38"),
        (1, 2, "37"),
        (0, 1, "80"),
    ]


def test_board_plays_for_everyone_and_the_pot_is_split() -> None:
    board = parse_cards("Ts Jh Qd Kc Ah")
    holes = {2: "2c 3d", 4: "9s 9h", 7: "Kd Qh"}
    ranking = {seat: best_hand(parse_cards(hole), board).key for seat, hole in holes.items()}
    pots = build_pots({2: D(20), 4: D(20), 7: D(20), 9: D(10)}, {9})
    shares = award(pots, ranking, 7, D(1), TABLE)
    assert shares_of(shares) == [(0, 2, "24"), (0, 4, "23"), (0, 7, "23")]


def test_single_eligible_seat_wins_unshown_and_mucked_seats_lose_their_claim() -> None:
    pots = (Pot(D(60), (1, 2, 3)), Pot(D(40), (3,)))
    # Seat 3 mucked: it keeps its own uncalled 40 but cannot win the main pot.
    shares = award(pots, {1: (1, 5, 14, 13, 12), 2: (0, 14, 13, 9, 8, 7)}, 5, D(1), TABLE)
    assert shares_of(shares) == [(1, 3, "40"), (0, 1, "60")]
    with pytest.raises(PotError) as nobody:
        award(pots, {}, 5, D(1), TABLE)
    assert str(nobody.value) == "main pot: none of seats 1, 2, 3 showed a hand (SHOWDOWN)"
    with pytest.raises(PotError) as stranger:
        award(pots, {1: (1,), 2: (1,)}, 5, D(1), (1, 2))
    assert str(stranger.value) == "side pot 1: seat 3 is not at the table (SIDE-POTS)"


def test_show_order_last_aggressor_first_then_clockwise() -> None:
    assert show_order({2, 5, 8, 9}, button=5, last_aggressor=8) == (8, 9, 2, 5)
    assert show_order({2, 5, 8, 9}, button=5, last_aggressor=2) == (2, 5, 8, 9)


def test_show_order_checked_river_starts_clockwise_of_the_button() -> None:
    assert show_order({2, 5, 8, 9}, button=5, last_aggressor=None) == (8, 9, 2, 5)
    assert show_order({2, 5, 8, 9}, button=9, last_aggressor=None) == (2, 5, 8, 9)
    # A dead button on an empty seat.
    assert show_order({2, 5, 8}, button=6, last_aggressor=None) == (8, 2, 5)


def test_show_order_side_pot_players_show_before_main_pot_all_in() -> None:
    # Seat 9 all-in for the main pot only; 2, 5 and 8 contest the side pot; seat 5 bet the river.
    pots = build_pots({2: D(100), 5: D(100), 8: D(100), 9: D(30)}, ())
    assert show_order({2, 5, 8, 9}, button=8, last_aggressor=5, pots=pots) == (5, 8, 2, 9)
    # Two side pots: the last side pot's seats first, then side pot 1's, then the main pot's.
    pots = build_pots({1: D(10), 3: D(50), 6: D(90), 7: D(90)}, ())
    assert show_order({1, 3, 6, 7}, button=2, last_aggressor=None, pots=pots) == (6, 7, 3, 1)
    # An uncalled excess is not a side pot anyone shows for.
    pots = build_pots({1: D(10), 3: D(50), 6: D(90)}, ())
    assert show_order({1, 3, 6}, button=4, last_aggressor=None, pots=pots) == (6, 3, 1)


def test_show_order_errors() -> None:
    with pytest.raises(PotError) as folded_aggressor:
        show_order({2, 5}, button=1, last_aggressor=7)
    assert str(folded_aggressor.value) == "last aggressor seat 7 is not in the hand (SHOW-ORDER)"
    with pytest.raises(PotError) as folded_seat:
        show_order({2, 5}, button=1, last_aggressor=None, pots=(Pot(D(30), (2, 5, 7)),))
    assert str(folded_seat.value) == "seat 7 is eligible for main pot but has folded (SHOW-ORDER)"


def test_describe_award() -> None:
    pots = build_pots({1: D(50), 2: D(100), 3: D(300), 4: D(300)}, {4})
    pots = (Pot(D(201), pots[0].eligible), *pots[1:])
    ranking = {1: (5, 14, 9, 7, 4, 2), 2: (5, 14, 9, 7, 4, 2), 3: (4, 9)}
    shares = award(pots, ranking, 2, D(1), TABLE)
    names = {1: "flush, ace high", 2: "flush, ace high", 3: "straight, nine high"}
    assert describe_award(pots, shares, names) == (
        "side pot 2 400 to seat 3 (uncontested)",
        "side pot 1 150 to seat 2 (flush, ace high)",
        "main pot 201 split: 101 to seat 1, 100 to seat 2 (flush, ace high)",
    )
