"""The rules of tait.md and engine/cyningstan/rules.md written as plainly as possible: the oracle
the table-driven engine must agree with, move for move and event for event. Slow on purpose;
tests only."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.events import (
    BorneOff,
    Bumped,
    Entered,
    Event,
    ExtraTurnEarned,
    ExtraTurnTaken,
    Moved,
    ThrowLost,
    TurnPassed,
    Won,
)
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.tait.board import MARKED_POSITIONS, PRIVATE, square_of
from engine.tait.rules import EXACT_PAST_16
from engine.tait.state import Ruleset


@dataclass
class Position:
    """A position in plain lists: each side's path positions, pieces off, entered, and so on."""

    ruleset: Ruleset
    pieces: list[list[int]] = field(default_factory=lambda: [[], []])
    off: list[int] = field(default_factory=lambda: [0, 0])
    entered: list[bool] = field(default_factory=lambda: [False, False])
    turn: int = 0
    extra: int = 0
    winner: int | None = None

    @property
    def off_at(self) -> int:
        """Where a piece leaves the board: landing on 16 (Tait's rules), or past 16 when pieces
        rest on it (Cyningstan's rules: from 16 a 1, from 15 a 2...)."""
        return 17 if self.ruleset.bear_off == EXACT_PAST_16 else 16

    def legal(self, value: int) -> list[tuple[int, int]]:
        """(start, steps) of each legal move: entering first, then from the rearmost piece."""
        rs, side = self.ruleset, self.turn
        own, opp = self.pieces[side], self.pieces[1 - side]
        off_at = self.off_at

        def can_land(end: int) -> bool:
            if end == off_at:
                return True
            if end > off_at or end in own:
                return False
            safe = rs.marked_safe and end in MARKED_POSITIONS and end > PRIVATE
            return not (safe and end in opp)

        moves = []
        waiting = rs.pieces - len(own) - self.off[side]
        barrier_passed = self.entered[side] or value in rs.entry_throws
        if waiting > 0 and barrier_passed and value < off_at and can_land(value):
            moves.append((0, value))
        moves += [(start, value) for start in sorted(own) if can_land(start + value)]
        return moves

    def play(self, start: int, steps: int) -> list[Event]:
        """Make a move the way the rules read, returning what happened."""
        side, rs = self.turn, self.ruleset
        me, other = Side(side), Side(1 - side)
        end = start + steps
        own, opp = self.pieces[side], self.pieces[1 - side]
        events: list[Event] = []
        if start == 0:
            self.entered[side] = True
            events.append(Entered(me, square_of(me, end)))
        else:
            own.remove(start)
            if end == self.off_at:
                events.append(BorneOff(me, square_of(me, start)))
            else:
                events.append(Moved(me, square_of(me, start), square_of(me, end)))
        if end == self.off_at:
            self.off[side] += 1
        else:
            own.append(end)
            if end > PRIVATE and end in opp:
                opp.remove(end)
                events.append(Bumped(other, square_of(other, end)))
        if steps in rs.extra_turn_throws:
            self.extra += 1
            events.append(ExtraTurnEarned(me, "six"))
        if end in MARKED_POSITIONS:  # 4, 8, 12, 16: bearing off past 16 lands on none of them
            self.extra += 1
            events.append(ExtraTurnEarned(me, "marked"))
        if self.off[side] == rs.pieces:
            self.winner = side
            return [*events, Won(me)]
        return events + self.end_turn()

    def lose(self, throw: Throw) -> list[Event]:
        """A throw with no legal move."""
        me = Side(self.turn)
        events: list[Event] = [ThrowLost(me, throw)]
        if throw.value in self.ruleset.extra_turn_throws:
            self.extra += 1
            events.append(ExtraTurnEarned(me, "six"))
        return events + self.end_turn()

    def end_turn(self) -> list[Event]:
        if self.extra:
            self.extra -= 1
            return [ExtraTurnTaken(Side(self.turn), self.extra)]
        self.turn = 1 - self.turn
        return [TurnPassed(Side(self.turn))]
