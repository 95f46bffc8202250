"""Scripted trainees for the dealer school's question drills, who answer from PokerKit and
from first principles, never from the trainer's own answers or autopilot.

The trainee reads the hand on the table (:attr:`Trainer.hand`: its public events, the cards dealt
and shown) and the question's kind (:attr:`Trainer.facts`), replays the hand in PokerKit
(``tests/oracle``) and works the answer out there: the pot, the call, the minimum and maximum
raise, whether the betting is reopened, the pots and who wins them (PokerKit's hand evaluation;
the odd chip placed by ODD-CHIP's words), who shows first (SHOW-ORDER's words), the winning hand's
name (PokerKit's best five cards, named here), and the ruling on a player's action.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from pokerkit import StandardHighHand

from dealer.apps.present.table import status_line, text
from dealer.apps.training import Trainer
from dealer.core.chips import Chips, format_chips
from dealer.core.events import Event, Kind
from dealer.core.stakes import Structure
from dealer.engine.hand import Hand
from dealer.rules.rulebook import Lang, book
from tests.oracle.pokerkit_oracle import _Replay, play
from tests.oracle.test_cross_check import oracle_hand

Reader = Callable[[str], str | None]

_VALUE = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10}
_ONE = {14: "ace", 13: "king", 12: "queen", 11: "jack", 10: "ten", 9: "nine", 8: "eight",
        7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two"}  # fmt: skip
_MANY = {value: ("sixes" if value == 6 else word + "s") for value, word in _ONE.items()}
_ZH = {
    "royal": {"zh-Hans": "皇家同花顺", "zh-Hant": "皇家同花順"},
    "Straight flush": {"zh-Hans": "同花顺，{0} 高", "zh-Hant": "同花順，{0} 高"},
    "Four of a kind": {"zh-Hans": "四条 {0}，踢脚 {1}", "zh-Hant": "四條 {0}，踢腳 {1}"},
    "Full house": {"zh-Hans": "葫芦，{0} 带 {1}", "zh-Hant": "葫蘆，{0} 帶 {1}"},
    "Flush": {"zh-Hans": "同花，{0} 高", "zh-Hant": "同花，{0} 高"},
    "Straight": {"zh-Hans": "顺子，{0} 高", "zh-Hant": "順子，{0} 高"},
    "Three of a kind": {"zh-Hans": "三条 {0}", "zh-Hant": "三條 {0}"},
    "Two pair": {"zh-Hans": "两对，{0} 和 {1}，踢脚 {2}", "zh-Hant": "兩對，{0} 和 {1}，踢腳 {2}"},
    "One pair": {"zh-Hans": "一对 {0}，踢脚 {1}", "zh-Hant": "一對 {0}，踢腳 {1}"},
    "High card": {"zh-Hans": "高牌 {0}，{1}", "zh-Hant": "高牌 {0}，{1}"},
}


def _pk_hand(hole: list[str], board: list[str]) -> StandardHighHand:
    hand = StandardHighHand.from_game("".join(hole), "".join(board))
    assert isinstance(hand, StandardHighHand)
    return hand


def hand_name(hole: list[str], board: list[str], lang: str = "en") -> str:
    """The hand's name, from the five cards PokerKit picks: ranks by count, then by rank."""
    best = _pk_hand(hole, board)
    label = str(best.entry.label.value)
    values = [_VALUE.get(str(card.rank.value), 0) or int(card.rank.value) for card in best.cards]
    counts = {value: values.count(value) for value in values}
    ranks = sorted(counts, key=lambda value: (counts[value], value), reverse=True)
    if label in ("Straight", "Straight flush") and set(values) == {14, 2, 3, 4, 5}:
        ranks = [5]  # the wheel is five high
    if lang != "en":
        letters = [{14: "A", 13: "K", 12: "Q", 11: "J"}.get(r, str(r)) for r in ranks]
        if label == "Straight flush" and ranks[0] == 14:
            return _ZH["royal"][lang]
        if label == "Two pair":
            args = [letters[0], letters[1], letters[2]]
        elif label == "Full house":
            args = [letters[0], letters[1]]
        else:
            args = [letters[0], " ".join(letters[1:])]
        return _ZH[label][lang].format(*args)
    one, many = _ONE, _MANY
    if label == "Straight flush":
        return "royal flush" if ranks[0] == 14 else f"straight flush, {one[ranks[0]]} high"
    if label == "Four of a kind":
        return f"four of a kind, {many[ranks[0]]}, {one[ranks[1]]} kicker"
    if label == "Full house":
        return f"full house, {many[ranks[0]]} full of {many[ranks[1]]}"
    if label == "Flush":
        return f"flush, {one[ranks[0]]} high"
    if label == "Straight":
        return f"straight, {one[ranks[0]]} high"
    if label == "Three of a kind":
        return f"three of a kind, {many[ranks[0]]}"
    if label == "Two pair":
        return f"two pair, {many[ranks[0]]} and {many[ranks[1]]}, {one[ranks[2]]} kicker"
    rest = " ".join(one[value] for value in ranks[1:])
    if label == "One pair":
        return f"pair of {many[ranks[0]]}, {rest} kickers"
    return f"high card, {one[ranks[0]]}, {rest}"


# -- PokerKit at the moment of the question -------------------------------------------------------


def replay_to_now(hand: Hand) -> _Replay:
    """The hand replayed in PokerKit up to where it stands: every action taken, nothing more."""
    replay = _Replay(oracle_hand(hand))
    state = replay.state
    while state.status:
        waiting = not replay.board_left and (
            state.can_burn_card() or state.board_dealing_count is not None
        )
        if not replay.actions_left and (
            state.actor_index is not None or waiting or state.can_show_or_muck_hole_cards()
        ):
            break
        replay._step()
    return replay


def _chips(replay: _Replay, units: int | None) -> str:
    assert units is not None
    return format_chips(replay._chips(units))


def pots_now(hand: Hand) -> list[tuple[Decimal, tuple[int, ...]]]:
    """PokerKit's pots once the betting is over, main pot first."""
    return list(play(oracle_hand(hand)).pots)


def _clockwise_from_button(seats: list[int], button: int) -> list[int]:
    after = sorted(seat for seat in seats if seat > button)
    return after + sorted(seat for seat in seats if seat <= button)


def shares(hand: Hand) -> list[tuple[int, Chips, int]]:
    """(pot, amount, seat) for every share, the last side pot first (ODD-CHIP): the best hand
    eligible (PokerKit's evaluation) wins; a tie splits in whole chips, the odd ones going one
    each to the tied seats from the first clockwise of the button."""
    board = [str(card) for card in hand.ledger.board]
    unit = hand.table.stakes.chip_unit
    found: list[tuple[int, Chips, int]] = []
    pots = pots_now(hand)
    for index in range(len(pots) - 1, -1, -1):
        amount, eligible = pots[index]
        if len(eligible) == 1:
            found.append((index, amount, eligible[0]))
            continue
        values = {
            seat: _pk_hand([str(c) for c in hand.ledger.hands[seat]], board) for seat in eligible
        }
        best = max(values.values())
        tied = [seat for seat in eligible if values[seat] == best]
        units = int(amount / unit)
        each, odd = divmod(units, len(tied))
        for place, seat in enumerate(_clockwise_from_button(tied, hand.table.button)):
            found.append((index, (each + (place < odd)) * unit, seat))
    return found


def award_lines(hand: Hand) -> list[str]:
    lines = []
    for index, amount, seat in shares(hand):
        pot = "main" if index == 0 else f"side {index}"
        lines.append(f"award {pot} {format_chips(amount)} to {seat}")
    return lines


_ACTS = (Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE, Kind.FOLD)


def _pushed_all_in(hand: Hand, river: int) -> int | None:
    """SHOW-ORDER, no-limit and pot-limit: betting ended before the river because of an all-in
    (nobody acted after the river card), so "the player who pushed all-in shows first": the last
    seat whose all-in bet or raise another seat then called or raised, in the round where the
    betting ended; "if the all-in was only a call, the last aggressor of that round"; else a push
    of an earlier round."""
    if hand.table.stakes.structure is Structure.LIMIT:
        return None
    if any(event.kind in _ACTS for event in hand.events[river:]):
        return None
    rounds: list[list[Event]] = [[]]
    on_board = False
    for event in hand.events[:river]:
        if event.kind is Kind.BOARD:
            if not on_board:  # a street's cards: the next betting round
                rounds.append([])
            on_board = True
        elif event.kind in _ACTS:
            rounds[-1].append(event)
            on_board = False
    acted = [found for found in rounds if found]
    earlier: int | None = None
    for number, found in enumerate(acted):
        pending = called = aggressor = None
        all_in_call = False
        for event in found:
            if event.kind in (Kind.CALL, Kind.BET, Kind.RAISE) and pending not in (
                None,
                event.seat,
            ):
                called, pending = pending, None
            if event.kind is Kind.CALL:
                all_in_call = all_in_call or event.note == "all-in"
            elif event.kind in (Kind.BET, Kind.RAISE):
                aggressor = event.seat
                if event.note == "all-in":
                    pending = event.seat
        if number == len(acted) - 1:
            if called is not None:
                return called
            if all_in_call and aggressor is not None:
                return aggressor
            return earlier
        earlier = called if called is not None else earlier
    return earlier


def show_first(hand: Hand) -> int:
    """SHOW-ORDER: the last to bet or raise on the river shows first, else the player who pushed
    all-in when that ended the betting before the river, else the first live seat
    clockwise of the button; but players in a side pot show before a player all-in for an
    earlier pot only (the seats in the last contested pot first)."""
    live = [seat for seat in hand.table.seats if seat not in hand.folded]
    river = max(i for i, event in enumerate(hand.events) if event.kind is Kind.BOARD)
    aggressors = [
        event.seat
        for event in hand.events[river:]
        if event.kind in (Kind.BET, Kind.RAISE) and event.seat in live
    ]
    start = hand.table.button
    if aggressors and aggressors[-1] is not None:
        start = aggressors[-1] - 1
    else:
        pusher = _pushed_all_in(hand, river)
        if pusher is not None and pusher in live:
            start = pusher - 1
    order = _clockwise_from_button(live, start)
    contested = [seats for _, seats in pots_now(hand) if len(seats) > 1]
    deepest = {seat: max((i for i, s in enumerate(contested) if seat in s), default=0)
               for seat in live}  # fmt: skip
    return max(order, key=lambda seat: (deepest[seat], -order.index(seat)))


def action_call(hand: Hand, seat: int, move: str, to: Chips | None) -> str:
    """The ruling on ``seat`` saying ``move`` (to ``to``), from PokerKit's state and the order
    the betting rules are applied in."""
    replay = replay_to_now(hand)
    state = replay.state
    assert state.actor_index is not None
    actor = replay.order[state.actor_index]
    if seat != actor:
        return "out-of-turn"
    if hand.table.stakes.structure is Structure.LIMIT and move in ("bet", "raise"):
        return _limit_allin(hand, seat)
    facing = state.checking_or_calling_amount or 0
    if move == "check":
        return "check-facing" if facing else "stands"
    if move in ("call", "fold"):
        return "stands"
    assert to is not None
    if not state.can_complete_bet_or_raise_to():
        return "not-reopened"
    player = state.actor_index
    total = replay._chips(state.stacks[player] + state.bets[player])
    if to > total:
        return "over-stack"
    low = state.min_completion_betting_or_raising_to_amount
    high = state.max_completion_betting_or_raising_to_amount
    assert low is not None and high is not None
    if to < replay._chips(low) and to != total:
        return "below-min"
    if to > replay._chips(high):
        return "above-pot"
    if to % hand.table.stakes.chip_unit:
        return "chip-unit"
    return "stands"


def _limit_allin(hand: Hand, seat: int) -> str:
    """LIMIT-ALLIN's words (LA 129): for a player who already acted, an all-in of less than half
    a bet over what it acted on does not reopen the betting; half a bet or more is a full bet.
    Read from the round's wagers as the table saw them (PokerKit reopens on no short all-in)."""
    betting = hand.betting
    assert betting is not None
    acted = [wager.to for wager in betting.history if wager.seat == seat]
    assert acted, "a limit question asks a player who already acted"
    high = max(wager.to for wager in betting.history)
    half = hand.table.stakes.bet_size(betting.street) / 2
    return "limit-reopened" if high - acted[-1] >= half else "limit-not-reopened"


# -- the trainees ---------------------------------------------------------------------------------


def answer(trainer: Trainer, lang: str = "en") -> str:
    """The right answer to the question now, worked out independently."""
    hand, facts = trainer.hand, trainer.facts
    assert hand is not None
    kind = facts.get("ask")
    if kind in ("pot", "call", "min-raise", "pot-max", "reopen", "change"):
        replay = replay_to_now(hand)
        state = replay.state
        if kind == "pot":
            return _chips(replay, state.total_pot_amount)
        if kind == "call":
            return _chips(replay, state.checking_or_calling_amount)
        if kind == "change":  # the chip handed in, less the call
            chip = facts["chip"]
            assert isinstance(chip, int | Decimal) and state.checking_or_calling_amount is not None
            return format_chips(chip - replay._chips(state.checking_or_calling_amount))
        if kind == "min-raise":
            return _chips(replay, state.min_completion_betting_or_raising_to_amount)
        if kind == "pot-max":
            return _chips(replay, state.max_completion_betting_or_raising_to_amount)
        return "yes" if state.can_complete_bet_or_raise_to() else "no"
    if kind == "colour-up":  # the biggest chips first, as many as fit, then the next (LA 130)
        left = hand.table.stacks[int(str(facts["seat"]))]
        said = []
        for chip in sorted(facts["chips"], reverse=True):  # type: ignore[call-overload]
            count, left = divmod(left, chip)
            if count:
                said.append(f"{int(count)}x{format_chips(chip)}")
        assert left == 0
        return " ".join(said)
    if kind == "build":
        amount, seats = pots_now(hand)[int(str(facts["pot"]))]
        return " ".join([format_chips(amount), *(str(seat) for seat in seats)])
    if kind == "show-first":
        return str(show_first(hand))
    if kind == "winner":
        index = int(str(facts["pot"]))
        return " ".join(str(seat) for pot, _, seat in shares(hand) if pot == index)
    if kind == "hand-name":
        seat = int(str(facts["seat"]))
        board = [str(card) for card in hand.ledger.board]
        name = hand_name([str(card) for card in hand.ledger.hands[seat]], board, lang)
        options = list(facts["options"])  # type: ignore[call-overload]
        return str(options.index(name) + 1)
    if kind == "action":
        to = facts["to"]
        call = action_call(hand, int(str(facts["seat"])), str(facts["move"]),
                           to if isinstance(to, int | Decimal) else None)  # fmt: skip
        return str(list(facts["calls"]).index(call) + 1)  # type: ignore[call-overload]
    raise AssertionError(f"unknown question {kind!r}")


def perfect(box: list[Trainer], typed: list[str] | None = None, lang: str = "en") -> Reader:
    """A trainee who gets every answer and every award right (from PokerKit, never the trainer)."""
    awards: list[str] = []

    def read(prompt: str) -> str | None:
        trainer = box[0]
        if prompt.startswith(("answer", "答案")):
            line = answer(trainer, lang)
        else:  # the pots, awarded
            if not awards:
                assert trainer.hand is not None
                awards.extend(award_lines(trainer.hand))
            line = awards.pop(0)
        if typed is not None:
            typed.append(line)
        return line

    return read


# -- the procedure drills: a dealer who works each step out from RULES.md ----------------------


_PLAYED = frozenset({Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE, Kind.BURN, Kind.BOARD})


def _clockwise_after(button: int, seats: list[int]) -> list[int]:
    """The seats dealt in, clockwise from the first one left of the button (seat numbers grow
    clockwise)."""
    return sorted(seats, key=lambda seat: (seat - button - 1) % 10)


def _since_gather(hand: Hand) -> list[Event]:
    """The events since every card last came back (a misdeal's gather): what this deal did."""
    events = list(hand.events)
    gathered = [i for i, event in enumerate(events) if event.kind is Kind.GATHER]
    return events[gathered[-1] + 1 :] if gathered else events


def owed_shown(hand: Hand, lang: str = "en") -> str | None:
    """The ruling's step the table's status line shows as owed now (``owed: replace 5``): what
    the trainee reads on the screen, not the machine's expectation."""
    label = f"{text('owed', Lang(lang))}{book().label('colon', Lang(lang))}"
    for part in status_line(hand, Lang(lang)).strip().split(" · "):
        if part.startswith(label):
            return part[len(label) :]
    return None


def dealer_step(hand: Hand, lang: str = "en", remedial: frozenset[int] = frozenset()) -> str:
    """The dealer's next step, decided from RULES.md's normal procedure and what the table shows:
    BLINDS (post), SHUFFLE-CUT, DEAL-ORDER (one card at a time clockwise from the first seat left
    of the button, two rounds, the button last), BURN before each street, FLOP, TURN, RIVER,
    SHOWDOWN when two or more hands are left after the river, the awards, BUTTON-MOVE. A ruling's
    remedy step is read off the status line (``owed: ...``), which the trainee is shown; the
    burns it made (``remedial``: their places in the hand's events) are the ruling's, not a
    street's (BURN-MISSED-FLOP: the burn the flop skipped)."""
    owed = owed_shown(hand, lang)
    if owed is not None:
        return owed
    events = _since_gather(hand)
    kinds = [event.kind for event in hand.events]
    if not any(k in kinds for k in (Kind.ANTE, Kind.SMALL_BLIND, Kind.BIG_BLIND, Kind.STRADDLE)):
        return "post"
    done = [event.kind for event in events]
    if Kind.SHUFFLE not in done:
        return "shuffle"
    if Kind.CUT not in done:
        return "cut"
    moved = [event.seat for event in hand.events if event.kind is Kind.BUTTON]
    button = moved[-1] if moved and moved[-1] is not None else hand.table.button
    seats = _clockwise_after(button, list(hand.table.seats))
    held = {seat: len(hand.ledger.hands.get(seat, ())) for seat in seats}  # "N down" on screen
    # No bet nor board card yet this deal, and not the deal's last card gone astray (a skip).
    dealing = not any(kind in _PLAYED or kind is Kind.SKIP for kind in done)
    for round_ in (0, 1):
        waiting = [seat for seat in seats if held[seat] == round_]
        if dealing and waiting and all(held[seat] >= round_ for seat in seats):
            return f"pitch {waiting[0]}"
    if Kind.PUSH in kinds:
        return "move button"
    live = [seat for seat in seats if seat not in {e.seat for e in events if e.kind is Kind.FOLD}]
    board = len(hand.ledger.board)
    if len(live) > 1 and board < 5:  # burn, then the street's card(s)
        start = len(hand.events) - len(events)
        cards = [
            event.kind
            for at, event in enumerate(events, start)
            if event.kind in (Kind.BURN, Kind.BOARD) and at not in remedial
        ]
        street = {0: "flop", 3: "turn", 4: "river"}[board]
        return street if cards and cards[-1] is Kind.BURN else "burn"
    if len(live) > 1 and Kind.SHOW not in done:
        return "showdown"
    raise AssertionError("the pots are awarded by the award lines")


def pots_from_chips(hand: Hand) -> list[tuple[Chips, list[int]]]:
    """SIDE-POTS from the chips in front of the seats (after a ruling too, where PokerKit cannot
    replay the hand): a pot up to each live seat's total, eligible the live seats that reach it."""
    committed = dict(hand.committed)
    live = [seat for seat in hand.table.seats if seat not in hand.folded]
    pots: list[tuple[Chips, list[int]]] = []
    below: Chips = Decimal(0)
    for level in sorted({committed.get(seat, Decimal(0)) for seat in live}):
        amount = sum((min(c, level) - min(c, below) for c in committed.values()), Decimal(0))
        if amount > 0:
            pots.append((amount, [seat for seat in live if committed.get(seat, 0) >= level]))
        below = level
    return pots


def awards_from_chips(hand: Hand) -> list[str]:
    """Each pot to the best hand eligible (PokerKit's evaluation), the last side pot first, split
    in whole chips with the odd ones from the first seat clockwise of the button (ODD-CHIP)."""
    board = [str(card) for card in hand.ledger.board]
    unit = hand.table.stakes.chip_unit
    pots = pots_from_chips(hand)
    lines = []
    for index in range(len(pots) - 1, -1, -1):
        amount, eligible = pots[index]
        tied = eligible
        if len(eligible) > 1:
            values = {s: _pk_hand([str(c) for c in hand.ledger.hands[s]], board) for s in eligible}
            tied = [seat for seat in eligible if values[seat] == max(values.values())]
        each, odd = divmod(int(amount / unit), len(tied))
        name = "main" if index == 0 else f"side {index}"
        for place, seat in enumerate(_clockwise_from_button(tied, hand.table.button)):
            lines.append(f"award {name} {format_chips((each + (place < odd)) * unit)} to {seat}")
    return lines


class Dealer:
    """A trainee in the procedure drills who deals from first principles (:func:`dealer_step`)
    and awards the pots from the chips in front of the seats and PokerKit's hand evaluation
    (:func:`awards_from_chips`); ``typed`` records every line."""

    def __init__(self, box: list[Trainer], lang: str = "en", typed: list[str] | None = None):
        self.box, self.lang, self.typed = box, lang, typed
        self._awards: list[str] = []
        self._awarding: Hand | None = None
        self._seen: tuple[int, str] = (-1, "")
        self._remedial: set[int] = set()  # the burns made as a ruling's steps
        self._owed_from = 1 << 30
        self._remedy_hand: Hand | None = None
        self._asked = 0

    def __call__(self, prompt: str) -> str | None:
        hand = self.box[0].hand
        assert hand is not None
        events = [event.kind for event in _since_gather(hand)]
        live = len(hand.table.seats) - sum(kind is Kind.FOLD for kind in events)
        over = Kind.SHOW in events or live == 1
        if over and self._awarding is not hand:  # the pots of this hand, the last side pot first
            self._awarding, self._awards = hand, awards_from_chips(hand)
        if over and self._awards and Kind.PUSH not in [event.kind for event in hand.events]:
            line = self._awards.pop(0)
        elif over and not self._awards:  # all awarded (or nothing in the pot): the button moves
            line = "move button"
        else:
            if self._remedy_hand is not hand:
                self._remedy_hand, self._remedial, self._owed_from = hand, set(), 1 << 30
            self._remedial.update(
                at for at in range(self._owed_from, len(hand.events))
                if hand.events[at].kind is Kind.BURN
            )  # fmt: skip
            line = dealer_step(hand, self.lang, frozenset(self._remedial))
            owed = owed_shown(hand, self.lang) == line
            self._owed_from = len(hand.events) if owed else 1 << 30
        if self.typed is not None:
            self.typed.append(line)
        now = (len(hand.events), line)
        self._asked = self._asked + 1 if now == self._seen else 0
        self._seen = now
        assert self._asked < 3, f"refused again and again: {line}"  # a refused step changes nothing
        return line
