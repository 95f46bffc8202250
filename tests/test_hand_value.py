"""Hand values (SHOWDOWN, PLAY-BOARD)."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from pokerkit import Card as KitCard
from pokerkit import StandardHighHand

from dealer.core.cards import Card, Rank, Suit, format_cards, full_deck, parse_cards
from dealer.core.hand_value import (
    Category,
    HandError,
    HandValue,
    best_hand,
    describe_key,
    evaluate,
    plays_the_board,
)


def value(text: str) -> HandValue:
    return evaluate(parse_cards(text))


def show(hand: HandValue) -> tuple[tuple[int, ...], Category, str, str]:
    return hand.key, hand.category, format_cards(list(hand.best)), hand.name


@pytest.mark.parametrize(
    ("cards", "key", "category", "best", "name"),
    [
        ("Ah Kh Qh Jh Th 2c 2d", (8, 14), Category.STRAIGHT_FLUSH, "Ah Kh Qh Jh Th", "royal flush"),
        (
            "9s 8s 7s 6s 5s 4s Ad",
            (8, 9),
            Category.STRAIGHT_FLUSH,
            "9s 8s 7s 6s 5s",
            "straight flush, nine high",
        ),
        (
            "Ah 2h 3h 4h 5h Kc Kd",
            (8, 5),
            Category.STRAIGHT_FLUSH,
            "5h 4h 3h 2h Ah",
            "straight flush, five high",
        ),
        (
            "Ac Ad Ah As Kc Kd Qs",
            (7, 14, 13),
            Category.FOUR_OF_A_KIND,
            "As Ah Ad Ac Kd",
            "four of a kind, aces, king kicker",
        ),
        (
            "Qc Qd Qh 4s 4c 9d 2h",
            (6, 12, 4),
            Category.FULL_HOUSE,
            "Qh Qd Qc 4s 4c",
            "full house, queens full of fours",
        ),
        (
            "Ah 9h 7h 4h 2h Kd Qs",
            (5, 14, 9, 7, 4, 2),
            Category.FLUSH,
            "Ah 9h 7h 4h 2h",
            "flush, ace high",
        ),
        (
            "9d 8c 7h 6s 5d 2c 2h",
            (4, 9),
            Category.STRAIGHT,
            "9d 8c 7h 6s 5d",
            "straight, nine high",
        ),
        (
            "Ad 2c 3h 4s 5d Kc Kh",
            (4, 5),
            Category.STRAIGHT,
            "5d 4s 3h 2c Ad",
            "straight, five high",
        ),
        (
            "7c 7d 7s Ah Kd 4c 2s",
            (3, 7, 14, 13),
            Category.THREE_OF_A_KIND,
            "7s 7d 7c Ah Kd",
            "three of a kind, sevens",
        ),
        (
            "Kc Kd 7h 7s Ah 4c 2s",
            (2, 13, 7, 14),
            Category.TWO_PAIR,
            "Kd Kc 7s 7h Ah",
            "two pair, kings and sevens, ace kicker",
        ),
        (
            "Jc Jd Ah Kd 9c 4s 2h",
            (1, 11, 14, 13, 9),
            Category.PAIR,
            "Jd Jc Ah Kd 9c",
            "pair of jacks, ace king nine kickers",
        ),
        (
            "Ac Kd Qh 9s 7c 4d 2h",
            (0, 14, 13, 12, 9, 7),
            Category.HIGH_CARD,
            "Ac Kd Qh 9s 7c",
            "high card, ace, king queen nine seven",
        ),
    ],
)
def test_each_category_key_best_five_and_name(
    cards: str, key: tuple[int, ...], category: Category, best: str, name: str
) -> None:
    assert show(value(cards)) == (key, category, best, name)


def test_five_and_six_cards_are_evaluated_too() -> None:
    assert show(value("Th Jh Qh Kh Ah")) == (
        (8, 14),
        Category.STRAIGHT_FLUSH,
        "Ah Kh Qh Jh Th",
        "royal flush",
    )
    assert value("2c 2d 5h 5s 9c 9d").key == (2, 9, 5, 2)


def test_wheel_is_the_lowest_straight() -> None:
    wheel = value("As 2d 3c 4h 5s Kd Kc")
    six_high = value("2d 3c 4h 5s 6c Kd Kc")
    assert wheel.key == (4, 5)
    assert six_high.key == (4, 6)
    assert wheel < six_high
    # A six on the board beats the wheel: the six-high straight is taken, not the wheel.
    assert value("As 2d 3c 4h 5s 6d Kc").key == (4, 6)


def test_steel_wheel_beats_four_of_a_kind_and_loses_to_six_high_straight_flush() -> None:
    steel = value("Ad 2d 3d 4d 5d Ac Ah")
    assert show(steel) == (
        (8, 5),
        Category.STRAIGHT_FLUSH,
        "5d 4d 3d 2d Ad",
        "straight flush, five high",
    )
    assert steel > value("Ac Ad Ah As Kd 2c 3c")
    assert steel < value("2d 3d 4d 5d 6d Ac Ah")


def test_flush_beats_straight_on_the_same_board() -> None:
    board = parse_cards("9h 8h 7c 2h Ks")
    flush = best_hand(parse_cards("Ah 3h"), board)
    straight = best_hand(parse_cards("Ts 6d"), board)
    assert flush.name == "flush, ace high"
    assert straight.name == "straight, ten high"
    assert flush > straight
    # The flush is taken over the straight held by the same seven cards.
    assert value("Th 9h 8h 7c 6h 2h Kd").name == "flush, ten high"


def test_kickers_decide_and_equal_kickers_tie() -> None:
    board = parse_cards("Ad 9c 7s 4h 2c")
    ace_king = best_hand(parse_cards("As Kd"), board)
    ace_queen = best_hand(parse_cards("Ac Qd"), board)
    assert ace_king.name == "pair of aces, king nine seven kickers"
    assert ace_queen.name == "pair of aces, queen nine seven kickers"
    assert ace_king > ace_queen
    # Both kickers below the board's: the board plays them, a true tie.
    low = best_hand(parse_cards("Ah 3d"), parse_cards("Ad Kc Qs Jh 2c"))
    other = best_hand(parse_cards("As 3c"), parse_cards("Ad Kc Qs Jh 2c"))
    assert low.key == other.key == (1, 14, 13, 12, 11)
    assert low == other and not low < other and low <= other and low >= other


def test_two_pair_takes_its_kicker_from_the_board() -> None:
    hand = best_hand(parse_cards("Kh 7c"), parse_cards("Kd 7d As 2c 3h"))
    assert show(hand) == (
        (2, 13, 7, 14),
        Category.TWO_PAIR,
        "Kh Kd 7d 7c As",
        "two pair, kings and sevens, ace kicker",
    )


def test_three_pairs_play_the_best_two_and_the_third_pair_can_be_the_kicker() -> None:
    hand = best_hand(parse_cards("9c 9d"), parse_cards("Ks Kh 8c 8d 4d"))
    assert show(hand)[0::2] == ((2, 13, 9, 8), "Ks Kh 9d 9c 8d")
    assert best_hand(parse_cards("9c 9d"), parse_cards("Ks Kh 8c 8d Ad")).key == (2, 13, 9, 14)


def test_full_house_from_two_trips_takes_the_higher_trips() -> None:
    hand = best_hand(parse_cards("7s 7h"), parse_cards("7d Qs Qh Qd 2c"))
    assert show(hand) == (
        (6, 12, 7),
        Category.FULL_HOUSE,
        "Qs Qh Qd 7s 7h",
        "full house, queens full of sevens",
    )
    # Trips and two pairs: the higher pair fills the house.
    assert value("5c 5d 5h 9s 9c Kd Kh").name == "full house, fives full of kings"


def test_four_of_a_kind_takes_the_best_kicker_even_from_a_pair_or_trips() -> None:
    assert value("8c 8d 8h 8s 3c 3d 3h").key == (7, 8, 3)
    assert value("8c 8d 8h 8s Kc 3d 3h").name == "four of a kind, eights, king kicker"


def test_board_plays_for_everyone() -> None:
    board = parse_cards("Ts Jh Qd Kc Ah")
    hands = [best_hand(parse_cards(hole), board) for hole in ("2c 3d", "Kd Qh", "9s 9h")]
    assert {hand.key for hand in hands} == {(4, 14)}
    assert all(plays_the_board(parse_cards(hole), board) for hole in ("2c 3d", "Kd Qh"))


def test_plays_the_board_false_when_a_hole_card_improves() -> None:
    board = parse_cards("Ah 9h 7h 4h 3h")
    assert not plays_the_board(parse_cards("Kh 3c"), board)  # a better flush card
    assert plays_the_board(parse_cards("2h Kc"), board)  # 2h is below every board heart
    assert not plays_the_board(parse_cards("Ac 2d"), parse_cards("As Kd Qh 9s 7c"))


def test_describe_key_names_from_the_key_alone() -> None:
    assert describe_key((6, 2, 3)) == "full house, twos full of threes"
    assert describe_key((1, 6, 14, 10, 8)) == "pair of sixes, ace ten eight kickers"


def test_cards_built_directly_are_read_like_parsed_cards() -> None:
    built = [Card(Rank.ACE, Suit.SPADES), Card(Rank.KING, Suit.SPADES)]
    hand = best_hand(built, parse_cards("Qs Js Ts 2c 3d"))
    assert hand.name == "royal flush"
    assert hand.best == parse_cards("As Ks Qs Js Ts")


def test_errors_name_the_rule() -> None:
    with pytest.raises(HandError) as four:
        value("As Kd Qh Jc")
    assert str(four.value) == "a hand is the best five of 5 to 7 cards, got 4 (SHOWDOWN)"
    with pytest.raises(HandError) as twice:
        value("As Kd Qh Jc As")
    assert str(twice.value) == "the same card appears twice in As As Kd Qh Jc (SHOWDOWN)"
    with pytest.raises(HandError) as three_hole:
        best_hand(parse_cards("As Kd Qh"), parse_cards("2c 3c 4c"))
    assert str(three_hole.value) == "a hold'em hand has 2 hole cards, got 3 (SHOWDOWN)"
    with pytest.raises(HandError) as short_board:
        plays_the_board(parse_cards("As Kd"), parse_cards("2c 3c 4c 5d"))
    assert str(short_board.value) == "playing the board needs all 5 board cards, got 4 (PLAY-BOARD)"


def test_agrees_with_pokerkit_on_random_seven_card_hands() -> None:
    """Sorted by our key, pokerkit must find equal keys equal and each next key strictly better."""
    deck = full_deck()
    kit = {card: next(KitCard.parse(str(card))) for card in deck}
    rng = random.Random(20240607)
    hands = [rng.sample(deck, 7) for _ in range(4000)]
    # Seed some rare categories so that every category is compared.
    hands += [
        list(parse_cards(text))
        for text in (
            "Ad 2d 3d 4d 5d Ac Ah",
            "9s 8s 7s 6s 5s 4s Ad",
            "Ac Ad Ah As Kc Kd Qs",
            "5c 5d 5h 9s 9c Kd Kh",
            "As 2d 3c 4h 5s Kd Kc",
            "Ah Kh Qh Jh Th 2c 2d",
        )
    ]
    values = [evaluate(hand) for hand in hands]
    for hand, found in zip(hands, values, strict=True):  # the best five are cards of the hand
        assert len(set(found.best)) == 5 and set(found.best) <= set(hand)
        assert evaluate(found.best).key == found.key
    ours = sorted(
        ((found.key, hand) for found, hand in zip(values, hands, strict=True)),
        key=lambda pair: pair[0],
    )
    theirs = [StandardHighHand.from_game([kit[card] for card in hand]) for _, hand in ours]
    assert len({key[0] for key, _ in ours}) == 9
    for (low_key, low_hand), (high_key, high_hand), (kit_low, kit_high) in zip(
        ours, ours[1:], pairwise(theirs), strict=False
    ):
        if low_key == high_key:
            assert kit_low == kit_high, (format_cards(low_hand), format_cards(high_hand))
        else:
            assert kit_low < kit_high, (format_cards(low_hand), format_cards(high_hand))
