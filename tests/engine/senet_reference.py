"""The rules of engine/senet/rules.md written as plainly as possible: the oracle the bit-mask
engine (engine/senet) must agree with, move for move and event for event. Slow on purpose."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.events import (
    BorneOff,
    Event,
    ExtraTurnEarned,
    ExtraTurnTaken,
    Moved,
    Opened,
    Scored,
    Swapped,
    ThrowLost,
    TurnPassed,
    Washed,
    Won,
)
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.senet.rules import SenetRules

NAMES = {1: "one", 4: "four", 6: "six"}


def h(n: int) -> str:
    return f"H{n}"


@dataclass
class Plain:
    """A Senet position in plain lists."""

    rules: SenetRules
    pieces: list[list[int]] = field(default_factory=lambda: [[], []])
    off: list[int] = field(default_factory=lambda: [0, 0])
    turn: int = 0
    black: int | None = None
    moved: list[bool] = field(default_factory=lambda: [False, False])
    winner: int | None = None
    first_throw: int | None = None
    """During the opening: the value of the round's first throw, once thrown."""

    # --- the opening ---

    def opening_throw(self, value: int) -> list[Event]:
        """One of the opening throws: rounds of one throw each until exactly one is a 1."""
        if self.first_throw is None:
            self.first_throw = value
            self.turn = 1 - self.turn
            return [TurnPassed(Side(self.turn))]
        first_was_one, this_is_one = self.first_throw == 1, value == 1
        self.first_throw = None
        if first_was_one == this_is_one:
            self.turn = 1 - self.turn
            return [TurnPassed(Side(self.turn))]
        black = self.turn if this_is_one else 1 - self.turn
        self.black = black
        self.pieces[black] = [2, 4, 6, 8, 10]
        self.pieces[1 - black] = [1, 3, 5, 7, 9]
        self.turn = black
        return [Opened(Side(black))]

    # --- moves ---

    def refuges(self) -> set[int]:
        return {26, 28, 29, 30} | ({15} if self.rules.rebirth_safe else set())

    def leaves(self, start: int, end: int) -> bool | None:
        """Whether the move bears the piece off (True), stays on the board (False), or is not
        allowed at all because it would go too far (None)."""
        own = self.pieces[self.turn]
        if self.rules.exact_exits:
            if end <= 30:
                return False
            return True if start in (28, 29, 30) and end == 31 else None
        if end < 30:
            return False
        if end == 30:
            return True
        return True if all(p >= 21 for p in own) else None

    def allowed(self, start: int, steps: int) -> bool:
        own, opp = self.pieces[self.turn], self.pieces[1 - self.turn]
        end = start + steps
        leaving = self.leaves(start, end)
        if leaving is None:
            return False
        if not leaving:
            if end in own:
                return False
            if end in opp and (end in self.refuges() or end - 1 in opp or end + 1 in opp):
                return False
        if self.rules.happiness_exact and start < 26 < end:
            return False
        passed = range(start + 1, min(end, 31))  # the squares the piece passes over
        blocks = [i for i in passed if i + 2 in passed and {i, i + 1, i + 2} <= set(opp)]
        return not blocks

    def allowed_back(self, start: int, steps: int) -> bool:
        """A backward move: the same squares barred, three in a row not passed, going back."""
        own, opp = self.pieces[self.turn], self.pieces[1 - self.turn]
        end = start - steps
        if end < 1 or end in own:
            return False
        if end in opp and (end in self.refuges() or end - 1 in opp or end + 1 in opp):
            return False
        passed = range(end + 1, start)
        return not [i for i in passed if i + 2 in passed and {i, i + 1, i + 2} <= set(opp)]

    def legal(self, value: int) -> list[tuple[int, int]]:
        """(start, steps) of each legal move, rearmost piece first; backward moves (negative
        steps) only with the option, and only when no piece can go forward."""
        me = self.turn
        moves = [(s, value) for s in sorted(self.pieces[me]) if self.allowed(s, value)]
        if not moves and self.rules.backward_when_blocked:
            return [(s, -value) for s in sorted(self.pieces[me]) if self.allowed_back(s, value)]
        if not self.moved[me]:
            front = 10 if self.black == me else 9
            if (front, value) in moves:
                return [(front, value)]
        return moves

    def play(self, start: int, steps: int) -> list[Event]:
        me, other = self.turn, 1 - self.turn
        own, opp = self.pieces[me], self.pieces[other]
        end = start + steps
        events: list[Event] = []
        own.remove(start)
        if self.leaves(start, end):
            self.off[me] += 1
            events.append(BorneOff(Side(me), h(start)))
        elif end == 27:
            taken = set(own) | set(opp)
            if self.rules.water_to_rebirth:
                to = max(n for n in range(1, 16) if n not in taken)
            else:
                to = min(n for n in range(1, 31) if n not in taken)
            own.append(to)
            events += [Moved(Side(me), h(start), h(end)), Washed(Side(me), h(to))]
        elif end in opp:
            opp.remove(end)
            opp.append(start)
            own.append(end)
            events += [Moved(Side(me), h(start), h(end)), Swapped(Side(other), h(end), h(start))]
        else:
            own.append(end)
            events.append(Moved(Side(me), h(start), h(end)))
        self.moved[me] = True
        if self.off[me] == 5:
            self.winner = me
            points = sum(3 if p <= 10 else 2 if p <= 20 else 1 for p in opp)
            return [*events, Won(Side(me)), Scored(Side(me), points)]
        if abs(steps) in (1, 4, 6):
            return [*events, ExtraTurnEarned(Side(me), NAMES[abs(steps)]),  # type: ignore[arg-type]
                    ExtraTurnTaken(Side(me), 0)]
        self.turn = other
        return [*events, TurnPassed(Side(other))]

    def lose(self, throw: Throw) -> list[Event]:
        """A throw with no legal move: lost, and the turn passes."""
        me = self.turn
        self.turn = 1 - me
        return [ThrowLost(Side(me), throw), TurnPassed(Side(self.turn))]
