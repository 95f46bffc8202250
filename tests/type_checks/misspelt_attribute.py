# Checked by tests/test_typing.py with mypy --strict: a misspelt attribute on Hand must be an error,
# and so must reaching for the machine's callbacks, which live on the internal model.
from dealer.core.steps import parse_step
from dealer.engine.hand import Hand


def board_size(hand: Hand) -> int:
    return len(hand.ledgr.board)


def burn_behind_the_machines_back(hand: Hand) -> None:
    hand.burn_card(parse_step("burn"))


def stack_behind_the_machines_back(hand: Hand) -> None:
    hand.stacks[1] = hand.stacks[1] + 1
