"""A scripted player's hand: carries out moves on the simulated board the ways people do."""

from __future__ import annotations

from engine.moves import Move
from engine.state import GameState
from sim.pins import SimBoard

HAND = 0.3
"""Seconds a hand takes between one touch of a piece and the next."""


class _Paced:
    """A SimBoard whose every action waits a hand's time first (events queue meanwhile)."""

    def __init__(self, sim: SimBoard) -> None:
        self.sim = sim
        self.rest = sim.clock.now()

    def _pause(self) -> None:
        self.sim.run_until(max(self.sim.clock.now(), self.rest) + HAND)

    def lift(self, square: str) -> float:
        self._pause()
        self.rest = self.sim.lift(square)
        return self.rest

    def place(self, square: str) -> float:
        self._pause()
        self.rest = self.sim.place(square)
        return self.rest

    def slide(self, start: str, end: str) -> float:
        self._pause()
        self.rest = self.sim.slide(start, end)
        return self.rest


def carry_out(board: SimBoard, state: GameState, move: Move, *, bumped_first: bool = True,
              slide: bool = False) -> float:
    """Make ``move`` with the pieces at a hand's pace; returns when the last contact rests."""
    sim = _Paced(board)
    source, target = move.source, move.target
    if move.bears_off:
        assert source is not None
        if slide:
            sim.slide(source, target)
        else:
            sim.lift(source)
            sim.place(target)
        return sim.lift(target)
    if state.is_bump(move):
        if bumped_first:
            sim.lift(target)
            if source:
                sim.lift(source)
        else:
            if source:
                sim.lift(source)
            sim.lift(target)
        return sim.place(target)
    if source and slide:
        return sim.slide(source, target)
    if source:
        sim.lift(source)
    return sim.place(target)
