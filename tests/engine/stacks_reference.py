"""The rules of engine/stacks/rules.md written as plainly as possible, man by man: the oracle the
engine (engine/stacks) must agree with, move for move and event for event. Slow on purpose."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.events import (
    Captured,
    Entered,
    Event,
    HeldLast,
    LeftBoard,
    Moved,
    Stuck,
    TurnPassed,
)
from engine.core.sides import Side


def name(side: int, n: int) -> str:
    """The square a side's man stands on at path number n."""
    return f"{'CR'[side]}{n}" if n <= 5 else f"M{n}"


@dataclass
class Man:
    side: int
    at: int
    """0 waiting, 1..15 on the board, 16 out of play."""
    began: int = 0
    """Where it stood when the turn began."""


@dataclass
class Plain:
    """A position as a list of thirty men."""

    men: list[Man] = field(default_factory=lambda: [Man(s, 0) for s in (0, 1) for _ in range(15)])
    turn: int = 0
    dice: list[int] = field(default_factory=list)
    seized: bool = False
    winner: int | None = None

    def on(self, side: int, n: int) -> list[Man]:
        """The men of ``side`` on its path square n (0: waiting)."""
        return [m for m in self.men if m.side == side and m.at == n]

    def square_men(self, side: int, n: int) -> list[Man]:
        """Every man on the physical square that is ``side``'s path square n."""
        if n <= 5:
            return self.on(side, n)
        return self.on(0, n) + self.on(1, n)

    def blocked(self, side: int, n: int) -> bool:
        here = self.square_men(side, n)
        return any(m.side != side for m in here) or len(here) >= 3

    def end(self, man: Man, die: int) -> int:
        t = man.at + die
        while t <= 15:
            if t == 15 and not 9 <= man.began <= 15:
                return 16  # too far from the last at the start of the turn: it goes past
            if not self.blocked(man.side, t):
                return t
            t += 1
        return 16

    def options(self) -> set[tuple[int, int, int, int]]:
        """Every (die, start, end, capture) the dice allow."""
        side = self.turn
        found = set()
        for die in set(self.dice):
            if self.on(side, 0):
                for t in range(1, 6) if die == 6 else [die]:
                    if len(self.on(side, t)) < 3:
                        found.add((die, 0, t, 0))
            for man in self.men:
                if man.side != side or not 1 <= man.at <= 15:
                    continue
                end = self.end(man, die)
                found.add((die, man.at, end, 0))
                for c in range(man.at + 1, min(end, 16)):
                    for victim in self.square_men(side, c):
                        if victim.side == side or c == 15 or not self.seized:
                            found.add((die, man.at, end, c))
        return found

    def cast(self, dice: list[int]) -> list[Event]:
        self.dice = sorted(dice)
        self.seized = False
        for man in self.men:
            man.began = man.at
        return self.stuck_or([])

    def stuck_or(self, events: list[Event]) -> list[Event]:
        if self.options():
            return events
        loser = self.turn
        self.winner = self.turn = 1 - loser  # once the game is over, the turn names the winner
        die = min(self.dice)
        self.dice = []
        return [*events, Stuck(Side(loser), die)]

    def play(self, die: int, start: int, end: int, capture: int, ready: bool) -> list[Event]:
        side = self.turn
        events: list[Event] = []
        if start == 0:
            man = self.on(side, 0)[0]
            man.at = end
            events.append(Entered(Side(side), name(side, end)))
        else:
            movers = [m for m in self.on(side, start) if (9 <= m.began <= 15) == ready]
            man = movers[0]
            assert self.end(man, die) == end
            man.at = end
            events.append(LeftBoard(Side(side), name(side, start)) if end == 16
                          else Moved(Side(side), name(side, start), name(side, end)))
        if capture:
            here = self.square_men(side, capture)
            if here[0].side == side:
                late = [m for m in here if not 9 <= m.began <= 15]
                victim = (late or here)[0]
                victim.at = victim.began = 0
                events.append(Captured(Side(side), name(side, capture), False))
            else:
                alone = len(here) == 1 and capture != 15
                here[0].at = 16 if alone else 0
                if capture != 15:
                    self.seized = True
                events.append(Captured(Side(1 - side), name(side, capture), alone))
        self.dice.remove(die)
        if self.dice:
            return self.stuck_or(events)
        self.turn = 1 - side
        if len(self.on(self.turn, 15)) == 3:
            self.winner = self.turn
            return [*events, HeldLast(Side(self.turn), "M15")]
        return [*events, TurnPassed(Side(self.turn))]

    def counts(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Men by path square per side, as the engine counts them (index 0 waiting)."""
        return tuple(tuple(len(self.on(s, n)) for n in range(16)) for s in (0, 1))  # type: ignore[return-value]
