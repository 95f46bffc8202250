"""Exact-value tests of one betting round (dealer.core.betting)."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

import pytest

from dealer.core.betting import (
    BettingError,
    BettingRound,
    Move,
    Options,
    Stakes,
    Street,
    Structure,
    Wager,
)

D = Decimal
F, X, C, B, R, A = Move.FOLD, Move.CHECK, Move.CALL, Move.BET, Move.RAISE, Move.ALL_IN

LIMIT_5_10 = Stakes.limit(D(5), D(10))
NL_5_10 = Stakes.blinds(Structure.NO_LIMIT, D(5), D(10))
PL_1_2 = Stakes.blinds(Structure.POT_LIMIT, D(1), D(2))


def make(
    stakes: Stakes,
    street: Street,
    order: list[int],
    stacks: Mapping[int, int | str],
    posted: Mapping[int, int | str] | None = None,
    count: int = 0,
    last: int | None = None,
    committed: Mapping[int, int | str] | None = None,
) -> BettingRound:
    """A round; ``stacks`` are before the posts, which are taken off them here."""
    live = {seat: D(v) for seat, v in stacks.items()}
    put = {seat: D(v) for seat, v in (committed or {}).items()}
    posts = {seat: D(v) for seat, v in (posted or {}).items()}
    for seat, amount in posts.items():
        live[seat] -= amount
        put[seat] = put.get(seat, D(0)) + amount
    return BettingRound(
        stakes, street, order, live, put, posts, count, None if last is None else D(last)
    )


def error(rnd: BettingRound, seat: int, move: Move, to: int | str | None = None) -> str:
    with pytest.raises(BettingError) as caught:
        rnd.act(seat, move, None if to is None else D(to))
    assert not rnd.can(seat, move, None if to is None else D(to))
    return str(caught.value)


def preflop_limit(stacks: int = 100) -> BettingRound:
    # Button 1, small blind 2 (2.5), big blind 3 (5), under the gun 4.
    return make(
        LIMIT_5_10,
        Street.PREFLOP,
        [4, 1, 2, 3],
        dict.fromkeys((1, 2, 3, 4), stacks),
        {2: "2.5", 3: 5},
        1,
    )


def flop_limit(stakes: Stakes = LIMIT_5_10, seats: int = 3) -> BettingRound:
    order = list(range(1, seats + 1))
    return make(stakes, Street.FLOP, order, dict.fromkeys(order, 500))


# -- limit -------------------------------------------------------------------------------------


def test_limit_preflop_calls_and_big_blind_check() -> None:
    rnd = preflop_limit()
    assert rnd.options() == Options(4, (F, C, R), D(5), D(10), D(10))
    assert rnd.act(4, C) == Wager(4, C, D(5), D(5), False)
    assert rnd.act(1, C) == Wager(1, C, D(5), D(5), False)
    assert rnd.options() == Options(2, (F, C, R), D("2.5"), D(10), D(10))
    assert rnd.act(2, C) == Wager(2, C, D(5), D("2.5"), False)
    assert rnd.options() == Options(3, (F, X, R), D(0), D(10), D(10))
    assert rnd.act(3, X) == Wager(3, X, D(5), D(0), False)
    assert rnd.is_complete and rnd.to_act is None
    assert rnd.committed == {1: D(5), 2: D(5), 3: D(5), 4: D(5)}
    assert rnd.stacks == {1: D(95), 2: D(95), 3: D(95), 4: D(95)}
    assert rnd.return_uncalled() is None


def test_limit_big_blind_raise_reopens_the_callers() -> None:
    rnd = preflop_limit()
    rnd.act(4, C)
    rnd.act(1, F)
    rnd.act(2, C)
    assert rnd.act(3, R) == Wager(3, R, D(10), D(5), False)  # amount implied in limit
    assert rnd.to_act == 4
    assert rnd.options() == Options(4, (F, C, R), D(5), D(15), D(15))
    rnd.act(4, C)
    rnd.act(2, C)
    assert rnd.is_complete
    assert rnd.live == (4, 2, 3)


def test_limit_seed_cap_at_the_fourth_bet_preflop() -> None:
    rnd = preflop_limit()
    rnd.act(4, R, D(10))  # 2nd bet (the big blind is the 1st)
    rnd.act(1, R)  # 15, 3rd
    assert rnd.act(2, R) == Wager(2, R, D(20), D("17.5"), False)  # 4th: capped
    assert rnd.options() == Options(3, (F, C), D(15), None, None)
    assert error(rnd, 3, R) == (
        "the betting is capped at 4 bets; seat 3 may only call or fold (LIMIT-CAP)"
    )
    rnd.act(3, C)
    rnd.act(4, C)
    assert rnd.options() == Options(1, (F, C), D(5), None, None)
    rnd.act(1, C)
    assert rnd.is_complete
    assert sum(rnd.committed.values()) == D(80)


def test_limit_cap_of_five_on_the_flop() -> None:
    rnd = flop_limit(Stakes.limit(D(5), D(10), cap_bets=5))
    rnd.act(1, B)
    rnd.act(2, R)
    rnd.act(3, R)
    rnd.act(1, R)
    assert rnd.options() == Options(2, (F, C, R), D(10), D(25), D(25))
    rnd.act(2, R, D(25))
    assert rnd.bet_count == 5
    assert rnd.options() == Options(3, (F, C), D(10), None, None)
    assert error(rnd, 3, A) == (
        "the betting is capped at 5 bets; seat 3 may only call or fold (LIMIT-CAP)"
    )


def test_limit_seed_cap_on_the_flop_heads_up_still_applies() -> None:
    rnd = flop_limit(seats=2)
    for seat in (1, 2, 1, 2):
        rnd.act(seat, R if rnd.high else B)
    assert rnd.options() == Options(1, (F, C), D(5), None, None)


def test_limit_cap_lifted_when_the_round_begins_heads_up() -> None:
    stakes = Stakes.limit(D(5), D(10), cap_bets=5, cap_lifted_heads_up=True)
    rnd = flop_limit(stakes, seats=2)
    rnd.act(1, B)
    for n in range(8):
        rnd.act(2 if n % 2 == 0 else 1, R)
    assert rnd.bet_count == 9
    assert rnd.options() == Options(2, (F, C, R), D(5), D(50), D(50))


def test_limit_cap_kept_when_the_round_becomes_heads_up() -> None:
    stakes = Stakes.limit(D(5), D(10), cap_bets=5, cap_lifted_heads_up=True)
    rnd = flop_limit(stakes, seats=3)
    rnd.act(1, B)
    rnd.act(2, R)
    rnd.act(3, F)
    rnd.act(1, R)
    rnd.act(2, R)
    rnd.act(1, R)
    assert rnd.options() == Options(2, (F, C), D(5), None, None)


def test_limit_turn_uses_the_big_bet_and_exact_sizes() -> None:
    rnd = make(LIMIT_5_10, Street.TURN, [1, 2], {1: 500, 2: 500})
    assert rnd.options() == Options(1, (F, X, B), D(0), D(10), D(10))
    assert error(rnd, 1, B, 5) == "in limit the bet is to 10 exactly, not 5 (LIMIT-STAKES)"
    assert error(rnd, 1, A) == "in limit the bet is to 10 exactly, not 500 (all-in) (LIMIT-STAKES)"
    rnd.act(1, B, D(10))
    assert error(rnd, 2, R, 30) == "in limit the raise is to 20 exactly, not 30 (LIMIT-STAKES)"


def limit_turn_after_all_in(all_in_total: int) -> BettingRound:
    # 10/20 on the turn: seat 1 bets 20, seat 2 goes all-in, seat 3 has not acted yet.
    stakes = Stakes.limit(D(10), D(20))
    rnd = make(stakes, Street.TURN, [1, 2, 3], {1: 500, 2: all_in_total, 3: 500})
    rnd.act(1, B)
    assert rnd.act(2, A) == Wager(2, R, D(all_in_total), D(all_in_total), True)
    return rnd


def test_limit_all_in_of_half_a_bet_reopens() -> None:
    rnd = limit_turn_after_all_in(30)
    assert rnd.bet_count == 2
    assert rnd.options() == Options(3, (F, C, R), D(30), D(50), D(50))
    rnd.act(3, C)
    assert rnd.options() == Options(1, (F, C, R), D(10), D(50), D(50))
    assert rnd.act(1, R) == Wager(1, R, D(50), D(30), False)


def test_limit_all_in_of_less_than_half_a_bet_does_not_reopen() -> None:
    rnd = limit_turn_after_all_in(29)
    assert rnd.bet_count == 1
    # Seat 3 has not acted: it may complete the raise to 40.
    assert rnd.options() == Options(3, (F, C, R), D(29), D(40), D(40))
    rnd.act(3, C)
    assert rnd.options() == Options(1, (F, C), D(9), None, None)
    assert error(rnd, 1, R) == (
        "seat 1 may only call or fold: the all-in to 29 is less than a full raise over the 20 it "
        "acted on, so the betting is not reopened (LIMIT-ALLIN)"
    )
    rnd.act(1, C)
    assert rnd.is_complete


def test_limit_all_in_bet_of_15_on_a_20_round_is_raised_to_35() -> None:
    stakes = Stakes.limit(D(10), D(20))
    rnd = make(stakes, Street.RIVER, [1, 2], {1: 15, 2: 500})
    assert rnd.options() == Options(1, (F, X, B, A), D(0), D(15), D(15))
    assert rnd.act(1, A) == Wager(1, B, D(15), D(15), True)
    assert rnd.options() == Options(2, (F, C), D(15), None, None)  # nobody left to raise


def test_limit_short_all_ins_add_up_to_a_bet() -> None:
    stakes = Stakes.limit(D(10), D(20))
    rnd = make(stakes, Street.TURN, [1, 2, 3, 4], {1: 500, 2: 25, 3: 30, 4: 500})
    rnd.act(1, B)
    rnd.act(2, A)  # 25: 5 over, short
    assert rnd.bet_count == 1
    rnd.act(3, A)  # 30: 10 over the bet of 20, half a bet: a full bet
    assert rnd.bet_count == 2
    assert rnd.options() == Options(4, (F, C, R), D(30), D(50), D(50))
    rnd.act(4, C)
    assert rnd.options() == Options(1, (F, C, R), D(10), D(50), D(50))


# -- no-limit and pot-limit ----------------------------------------------------------------------


def preflop_nl(stakes: Stakes = NL_5_10) -> BettingRound:
    # Button 1, small blind 2, big blind 3, then 4 and 5.
    return make(
        stakes,
        Street.PREFLOP,
        [4, 5, 1, 2, 3],
        dict.fromkeys(range(1, 6), 1000),
        {2: 5, 3: 10},
        1,
        10,
    )


def test_nl_min_raise_and_min_reraise() -> None:
    rnd = preflop_nl()
    assert rnd.options() == Options(4, (F, C, R, A), D(10), D(20), D(1000))
    assert rnd.act(4, R, D(30)) == Wager(4, R, D(30), D(30), False)
    assert rnd.options() == Options(5, (F, C, R, A), D(30), D(50), D(1000))
    assert error(rnd, 5, R, 45) == "raise to 45 is below the minimum raise to 50 (NL-MIN-RAISE)"
    rnd.act(5, R, D(50))
    assert rnd.options().min_to == D(70)


def test_big_blind_option_check_or_raise() -> None:
    rnd = preflop_nl()
    for seat in (4, 5, 1, 2):
        rnd.act(seat, C)
    assert rnd.options() == Options(3, (F, X, R, A), D(0), D(20), D(1000))
    assert rnd.can(3, X) and rnd.can(3, R, D(20))
    rnd.act(3, R, D(40))
    assert rnd.to_act == 4
    assert rnd.options() == Options(4, (F, C, R, A), D(30), D(70), D(1000))


def test_big_blind_check_ends_the_round() -> None:
    rnd = preflop_nl()
    for seat in (4, 5, 1, 2):
        rnd.act(seat, C)
    rnd.act(3, X)
    assert rnd.is_complete
    assert sum(rnd.committed.values()) == D(50)


def test_straddle_min_raise_is_three_big_blinds_and_straddle_option() -> None:
    stakes = Stakes.blinds(Structure.NO_LIMIT, D(5), D(10), straddle=D(20))
    # Button 1, blinds 2 and 3, straddle 4 (acts last), then 5 and 6.
    rnd = make(
        stakes,
        Street.PREFLOP,
        [5, 6, 1, 2, 3, 4],
        dict.fromkeys(range(1, 7), 1000),
        {2: 5, 3: 10, 4: 20},
        2,
        10,
    )
    assert rnd.options() == Options(5, (F, C, R, A), D(20), D(30), D(1000))
    assert error(rnd, 5, R, 25) == "raise to 25 is below the minimum raise to 30 (NL-MIN-RAISE)"
    for seat in (5, 6, 1, 2, 3):
        rnd.act(seat, C)
    assert rnd.options() == Options(4, (F, X, R, A), D(0), D(30), D(1000))
    rnd.act(4, X)
    assert rnd.is_complete


def test_pot_limit_preflop_first_raiser_max_is_7() -> None:
    rnd = make(PL_1_2, Street.PREFLOP, [1, 2, 3], dict.fromkeys((1, 2, 3), 200), {2: 1, 3: 2}, 1, 2)
    assert rnd.options() == Options(1, (F, C, R), D(2), D(4), D(7))
    assert error(rnd, 1, R, 8) == "raise to 8 is above the pot-limit maximum of 7 (POT-LIMIT)"
    assert error(rnd, 1, A) == "all-in to 200 is above the pot-limit maximum of 7 (POT-LIMIT)"
    rnd.act(1, R, D(7))
    # Pot 10, the small blind's call of 6 makes 16: raise to at most 7 + 16.
    assert rnd.options() == Options(2, (F, C, R), D(6), D(12), D(23))


def test_pot_limit_postflop_bet_and_raise() -> None:
    committed = {1: 10, 2: 10, 3: 10}
    rnd = make(PL_1_2, Street.FLOP, [2, 3, 1], {1: 90, 2: 90, 3: 90}, committed=committed)
    assert rnd.options() == Options(2, (F, X, B), D(0), D(2), D(30))
    rnd.act(2, B, D(10))
    # Pot 40, the call of 10 makes 50: raise to at most 10 + 50 = 60.
    assert rnd.options() == Options(3, (F, C, R), D(10), D(20), D(60))
    rnd.act(3, R, D(60))
    assert rnd.options() == Options(1, (F, C, R, A), D(60), D(90), D(90))


def test_pot_limit_all_in_within_the_pot() -> None:
    committed = {1: 10, 2: 10}
    rnd = make(PL_1_2, Street.TURN, [1, 2], {1: 15, 2: 90}, committed=committed)
    assert rnd.options() == Options(1, (F, X, B, A), D(0), D(2), D(15))
    assert rnd.act(1, A) == Wager(1, B, D(15), D(15), True)


def nl_flop(stacks: Mapping[int, int], order: list[int]) -> BettingRound:
    return make(NL_5_10, Street.FLOP, order, stacks)


def test_short_all_in_does_not_reopen_for_a_player_who_acted() -> None:
    rnd = nl_flop({1: 500, 2: 500, 3: 70}, [1, 2, 3])
    rnd.act(1, B, D(50))
    rnd.act(2, C)
    assert rnd.act(3, A) == Wager(3, R, D(70), D(70), True)
    assert rnd.options() == Options(1, (F, C), D(20), None, None)
    assert error(rnd, 1, R, 200) == (
        "seat 1 may only call or fold: the all-in to 70 is less than a full raise over the 50 it "
        "acted on, so the betting is not reopened (NL-MIN-RAISE)"
    )
    assert error(rnd, 1, A) == error(rnd, 1, R, 200)
    rnd.act(1, C)
    rnd.act(2, C)
    assert rnd.is_complete
    assert rnd.return_uncalled() is None


def test_short_all_in_leaves_raising_open_for_a_player_yet_to_act() -> None:
    rnd = nl_flop({1: 500, 2: 70, 3: 500}, [1, 2, 3])
    rnd.act(1, B, D(50))
    rnd.act(2, A)
    assert rnd.options() == Options(3, (F, C, R, A), D(70), D(120), D(500))


def test_two_short_all_ins_adding_up_to_a_full_raise_reopen() -> None:
    rnd = nl_flop({1: 1000, 2: 70, 4: 1000, 3: 100}, [1, 2, 4, 3])
    rnd.act(1, B, D(50))
    rnd.act(2, A)  # 70
    rnd.act(4, C)  # acts on 70
    rnd.act(3, A)  # 100: 50 over seat 1's bet, only 30 over seat 4's call
    assert rnd.options() == Options(1, (F, C, R, A), D(50), D(150), D(1000))
    rnd.act(1, C)
    assert rnd.options() == Options(4, (F, C), D(30), None, None)
    rnd.act(4, C)
    assert rnd.is_complete


# -- round end and the uncalled bet ----------------------------------------------------------------


def test_everyone_folds_to_the_bettor_and_the_bet_comes_back() -> None:
    rnd = nl_flop({1: 500, 2: 500, 3: 500}, [1, 2, 3])
    rnd.act(1, B, D(100))
    assert error(rnd, 1, Move.CHECK) == "not seat 1's turn: seat 2 is to act (POSTFLOP-ACTION)"
    with pytest.raises(BettingError) as caught:
        rnd.return_uncalled()
    assert str(caught.value) == "the betting round is not complete: seat 2 is to act (ROUND-END)"
    assert rnd.act(2, F) == Wager(2, F, D(0), D(0), False)
    rnd.act(3, F)
    assert rnd.is_complete and rnd.live == (1,)
    assert rnd.return_uncalled() == (1, D(100))
    assert rnd.stacks[1] == D(500) and rnd.committed[1] == D(0)
    assert rnd.return_uncalled() is None


def test_preflop_walk_returns_the_big_blind_excess() -> None:
    rnd = preflop_nl()
    for seat in (4, 5, 1, 2):
        rnd.act(seat, F)
    assert rnd.is_complete
    assert rnd.return_uncalled() == (3, D(5))
    assert rnd.committed == {2: D(5), 3: D(5)}
    assert rnd.stacks[3] == D(995)


def test_call_all_in_for_less_returns_the_excess() -> None:
    rnd = nl_flop({1: 300, 2: 120}, [1, 2])
    rnd.act(1, B, D(200))
    assert rnd.options() == Options(2, (F, C, A), D(120), None, None)
    assert rnd.act(2, C) == Wager(2, C, D(120), D(120), True)
    assert rnd.is_complete
    assert rnd.return_uncalled() == (1, D(80))
    assert rnd.stacks == {1: D(180), 2: D(0)}
    assert rnd.committed == {1: D(120), 2: D(120)}


def test_heads_up_all_in_called_ends_the_round() -> None:
    rnd = nl_flop({1: 100, 2: 500}, [1, 2])
    assert rnd.act(1, A) == Wager(1, B, D(100), D(100), True)
    assert rnd.options() == Options(2, (F, C), D(100), None, None)
    rnd.act(2, C)
    assert rnd.is_complete and rnd.return_uncalled() is None


def test_complete_at_once_when_only_one_player_has_chips() -> None:
    stacks = {1: D(0), 2: D(0), 3: D(100)}
    rnd = BettingRound(NL_5_10, Street.TURN, [1, 2, 3], stacks, {1: D(50), 2: D(80), 3: D(80)})
    assert rnd.is_complete and rnd.to_act is None
    with pytest.raises(BettingError) as caught:
        rnd.options()
    assert str(caught.value) == "the betting round is complete: nobody is to act (ROUND-END)"
    assert error(rnd, 3, X) == "the betting round is complete: nobody is to act (ROUND-END)"


def test_small_blind_all_in_on_the_post_heads_up() -> None:
    rnd = make(NL_5_10, Street.PREFLOP, [1, 2], {1: 5, 2: 500}, {1: 5, 2: 10}, 1, 10)
    assert rnd.is_complete
    assert rnd.return_uncalled() == (2, D(5))


def test_last_player_with_chips_facing_an_all_in_may_only_call_or_fold() -> None:
    rnd = nl_flop({1: 500, 2: 200, 3: 500}, [1, 2, 3])
    rnd.act(1, B, D(50))
    rnd.act(2, A)
    rnd.act(3, F)
    assert rnd.options() == Options(1, (F, C), D(150), None, None)
    assert error(rnd, 1, R, 400) == (
        "seat 1 may only call or fold: every other player is all-in (SIDE-POTS)"
    )
    rnd.act(1, C)
    assert rnd.is_complete


def test_all_checks_end_the_round_and_order_wraps() -> None:
    rnd = nl_flop({1: 500, 2: 500, 3: 500}, [2, 3, 1])
    assert [rnd.act(seat, X).move for seat in (2, 3)] == [X, X]
    rnd.act(1, B, D(20))
    assert rnd.to_act == 2
    rnd.act(2, C)
    rnd.act(3, F)
    assert rnd.is_complete and rnd.live == (2, 1)


# -- chip unit and error messages ----------------------------------------------------------------


def test_chip_unit() -> None:
    stakes = Stakes.blinds(Structure.NO_LIMIT, D(5), D(10), chip_unit=D(5))
    rnd = make(stakes, Street.FLOP, [1, 2], {1: 500, 2: 500})
    assert error(rnd, 1, B, 52) == "bet to 52 is not a multiple of the 5 chip (CHIP-UNIT)"
    assert error(rnd, 1, B, "27.5") == "bet to 27.5 is not a multiple of the 5 chip (CHIP-UNIT)"
    rnd.act(1, B, D(55))
    assert error(rnd, 2, R, 112) == "raise to 112 is not a multiple of the 5 chip (CHIP-UNIT)"
    assert rnd.act(2, R, D(110)) == Wager(2, R, D(110), D(110), False)


def test_chip_unit_all_in_for_an_odd_amount_is_allowed() -> None:
    stakes = Stakes.blinds(Structure.NO_LIMIT, D(5), D(10), chip_unit=D(5))
    rnd = make(stakes, Street.FLOP, [1, 2, 3], {1: 53, 2: 500, 3: 67})
    assert rnd.act(1, B, D(53)) == Wager(1, B, D(53), D(53), True)
    assert rnd.act(2, C) == Wager(2, C, D(53), D(53), False)
    assert rnd.act(3, A) == Wager(3, R, D(67), D(67), True)


def test_error_messages() -> None:
    rnd = preflop_nl()
    assert error(rnd, 5, C) == "not seat 5's turn: seat 4 is to act (PREFLOP-ACTION)"
    assert error(rnd, 4, X) == (
        "seat 4 cannot check: it faces a bet of 10 (10 to call); call, raise or fold "
        "(PREFLOP-ACTION)"
    )
    assert error(rnd, 4, B, 30) == (
        "seat 4 cannot bet: there is already a bet of 10 in this round; raise instead "
        "(PREFLOP-ACTION)"
    )
    assert error(rnd, 4, C, 10) == (
        "call takes no amount (got 10): only a bet or a raise names one (PREFLOP-ACTION)"
    )
    assert error(rnd, 4, R) == "a raise needs an amount: raise to how much? (NO-LIMIT)"
    assert error(rnd, 4, R, 2000) == (
        "raise to 2000 is more than seat 4 has: 1000 behind, 1000 in all (NO-LIMIT)"
    )

    flop = nl_flop({1: 500, 2: 8}, [1, 2])
    assert error(flop, 1, C) == "seat 1 has nothing to call: check or bet (POSTFLOP-ACTION)"
    assert error(flop, 1, R, 20) == (
        "seat 1 cannot raise: there is no bet in this round; bet instead (POSTFLOP-ACTION)"
    )
    assert error(flop, 1, B, 0) == "a bet of 0 is not a bet: bet at least 10 (NL-MIN-RAISE)"
    assert error(flop, 1, B, 5) == "bet of 5 is below the minimum bet of 10 (NL-MIN-RAISE)"
    assert error(flop, 1, F, 5) == (
        "fold takes no amount (got 5): only a bet or a raise names one (POSTFLOP-ACTION)"
    )
    flop.act(1, X)
    assert flop.options() == Options(2, (F, X, B, A), D(0), D(8), D(8))
    flop.act(2, A)  # a bet of 8, short of the big blind
    assert flop.options() == Options(1, (F, C), D(8), None, None)
    assert error(flop, 1, X) == (
        "seat 1 cannot check: it faces a bet of 8 (8 to call); call, raise or fold "
        "(POSTFLOP-ACTION)"
    )

    short = nl_flop({1: 500, 2: 8, 3: 500}, [1, 2, 3])
    short.act(1, B, D(20))
    assert error(short, 2, R, 8) == (
        "seat 2 has 8 in all, not more than the bet of 20: it can only call all-in (SIDE-POTS)"
    )
    assert short.act(2, A) == Wager(2, C, D(8), D(8), True)

    limit = flop_limit()
    assert error(limit, 1, B, 0) == "a bet of 0 is not a bet: bet at least 5 (LIMIT-STAKES)"
    assert error(limit, 1, B, 600) == (
        "bet to 600 is more than seat 1 has: 500 behind, 500 in all (LIMIT-STAKES)"
    )
    assert limit.act(1, B, D(5)) == Wager(1, B, D(5), D(5), False)


def test_error_carries_the_rule_id() -> None:
    rnd = preflop_nl()
    with pytest.raises(BettingError) as caught:
        rnd.act(4, R, D(15))
    assert caught.value.rule == "NL-MIN-RAISE"
    assert isinstance(caught.value, ValueError)


def test_stakes_validation_and_bet_sizes() -> None:
    assert LIMIT_5_10.small_blind == D("2.5")
    assert [LIMIT_5_10.bet_size(s) for s in Street] == [D(5), D(5), D(10), D(10)]
    assert NL_5_10.bet_size(Street.RIVER) == D(10)
    with pytest.raises(ValueError, match="big_blind must be a positive Decimal"):
        Stakes(Structure.NO_LIMIT, D(1), D(0), D(2), D(2), D(1))
    with pytest.raises(ValueError, match="cap_bets must be 1 or more"):
        Stakes.limit(D(5), D(10), cap_bets=0)
