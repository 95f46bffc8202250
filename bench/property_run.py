"""The property tests' random hands, as many as wanted, split across processes.

For each seed ``n``: a random table, players and betting mix played with the audit on (every card
and chip checked after every event, and what the pot is made of: no stack or commitment below
zero, no more pushed than was put in, each bet of the round under way among its seat's chips in
the pot; ``dealer.core.ledger.check_chips``) where, at every decision, each move ``options()``
lists is accepted and each move it does not list is refused (``tests/test_properties.py``); and,
under both rulesets, a random hand with random mishaps played to its end
(``tests/test_mishap_properties.py``: nothing lost, never stuck). Every failure is printed, in
seed order, then a digest of every hand's event log; both are the same whatever ``--jobs``
(``bench/chunked.py``). A mishap hand must end, with every card and chip accounted for and no
card the table saw back in play. 100,000 hands per ruleset (with as many legal-move hands):

    python bench/property_run.py --hands 100000 --jobs 2
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path[:0] = [str(Path(__file__).absolute().parent.parent), str(Path(__file__).parent)]

import chunked  # noqa: E402

from dealer.core.deck import DeckPlan  # noqa: E402
from dealer.core.stakes import Structure  # noqa: E402
from dealer.engine.hand import Hand  # noqa: E402
from dealer.engine.procedure import quiet  # noqa: E402
from dealer.engine.random_play import random_table  # noqa: E402
from tests.helpers import BETTING_MIXES, assert_chips_conserved, play_listed_moves  # noqa: E402
from tests.test_mishap_properties import play_with_mishaps, seen_card_back_in_play  # noqa: E402


def _events_digest(hand: Hand) -> str:
    return hashlib.sha256("\n".join(map(str, hand.events)).encode()).hexdigest()[:16]


def legal_moves_hand(seed: int) -> Hand:
    """An audited random hand; raises where a listed move is refused or an unlisted one taken,
    or cards or chips are not accounted for."""
    rng = random.Random(seed)
    structure = rng.choice(list(Structure))
    table = random_table(rng, structure, players=rng.randint(2, 9))
    mix = rng.choice(BETTING_MIXES)
    hand = Hand(table, DeckPlan(seed=seed), audit=True)
    play_listed_moves(hand, rng, mix)
    assert_chips_conserved(hand, table)
    return hand


def mishaps_hand(seed: int, ruleset: str) -> Hand:
    """A random hand with up to three mishaps (late and during remedies included); raises unless
    it ended with every card and chip accounted for and no card the table saw back in play
    (SEEN-CARD-STAYS-OUT)."""
    hand, injected = play_with_mishaps(seed, ruleset)
    if not hand.is_over:
        raise AssertionError(f"not over after {injected}")
    hand.check()
    if sum(hand.stacks.values()) != sum(hand.table.stacks.values()):
        raise AssertionError(f"chips not conserved after {injected}")
    back = seen_card_back_in_play(list(hand.events))
    if back is not None:
        raise AssertionError(f"seen card back in play: {back} after {injected}")
    return hand


def check_range(start: int, stop: int) -> chunked.Chunk:
    found, lines = [], []
    for seed in range(start, stop):
        runs: list[tuple[str, Callable[[], Hand]]] = [
            ("legal moves", partial(legal_moves_hand, seed))
        ]
        for ruleset in ("seed", "wsop-2024"):
            runs.append((f"mishaps under {ruleset}", partial(mishaps_hand, seed, ruleset)))
        for name, play in runs:
            try:
                lines.append(f"{seed} {name} {_events_digest(play())}")
            except Exception as error:  # an invariant broken, a refusal, a stuck hand
                found.append(f"seed {seed} ({name}): {type(error).__name__}: {error}")
                lines.append(f"{seed} {name} failed")
    return found, lines


def main() -> int:
    quiet()  # the machine's debug chatter costs a call per callback (audited hands)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="seeds (three hands each)")
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--jobs", type=int, default=chunked.cores(), help="worker processes")
    parser.add_argument("--chunk", type=int, default=500, help="seeds per task")
    args = parser.parse_args()
    unit = "seeds (3 hands each)"
    return chunked.report(check_range, args.start, args.hands, args.jobs, args.chunk, unit)


if __name__ == "__main__":
    sys.exit(main())
