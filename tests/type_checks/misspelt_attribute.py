# Checked by tests/test_typing.py with mypy --strict: a misspelt attribute on Hand must be an error.
from dealer.engine.hand import Hand


def board_size(hand: Hand) -> int:
    return len(hand.ledgr.board)
