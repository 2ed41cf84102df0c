"""Recognise moves from occupancy-only sensors: judge stable positions against the legal moves.

Reed switches say "a magnet is here", not whose piece. The tracker keeps the occupancy and the
lift/place history since the expectation was set (the throw), waits for the board to be still
for the settle time, then compares with what each acceptable move would leave:

- a plain move or entry leaves its new occupancy;
- a bump leaves the occupancy unchanged at the target, so its target must have been emptied
  and filled again since the throw (the bumped piece lifted, the mover placed, either order);
- bearing off leaves the source empty, so square 16 must have been touched since the throw.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.board import PATH_LENGTH, square_of
from engine.moves import Move
from engine.state import GameState

BEAR_OFF_SQUARE = f"M{PATH_LENGTH}"


@dataclass(frozen=True)
class Candidate:
    """A move the board may show, with the evidence it leaves."""

    move: Move
    after: frozenset[str]
    refilled: str | None = None
    """A bump's target: must have been emptied and filled again."""
    touched: str | None = None
    """Bearing off: square 16 must have held the piece for a moment."""


@dataclass(frozen=True)
class Expectation:
    """What the board should show now (``before``) and the moves it may turn into."""

    before: frozenset[str]
    candidates: tuple[Candidate, ...] = ()

    @classmethod
    def of(cls, state: GameState, allowed: Iterable[Move] | None = None) -> Expectation:
        """The expectation of a state: its occupancy, and its pending throw's legal moves (or
        only ``allowed`` among them, e.g. the mummy's chosen move)."""
        moves = state.moves if allowed is None else tuple(m for m in state.moves if m in allowed)
        return cls(state.occupancy(), tuple(candidate(state, m) for m in moves))

    @classmethod
    def board(cls, occupancy: Iterable[str]) -> Expectation:
        """Just a position to reach (an empty board after a game, a saved game to resume)."""
        return cls(frozenset(occupancy))

    def targets_of(self, square: str) -> frozenset[str]:
        """Where a piece lifted from ``square`` may go (to light them while it is in the air)."""
        return frozenset(c.move.target for c in self.candidates if c.move.source == square)


def candidate(state: GameState, move: Move) -> Candidate:
    """The evidence ``move`` leaves on the board of ``state``."""
    after = set(state.occupancy())
    if move.source:
        after.discard(move.source)
    if move.bears_off:
        return Candidate(move, frozenset(after), touched=BEAR_OFF_SQUARE)
    target = square_of(move.side, move.end)
    refilled = target if state.is_bump(move) else None
    after.add(target)
    return Candidate(move, frozenset(after), refilled=refilled)


@dataclass(frozen=True)
class Verdict:
    """What the tracker concludes about the board now."""


@dataclass(frozen=True)
class Unsettled(Verdict):
    """Pieces are moving (or just moved): too soon to judge."""


@dataclass(frozen=True)
class AsExpected(Verdict):
    """The board shows the expected position: nothing to do (a piece put back is this too)."""


@dataclass(frozen=True)
class InHand(Verdict):
    """A piece that may move is lifted (and nothing else is wrong): light where it can go."""

    source: str
    targets: frozenset[str]


@dataclass(frozen=True)
class Recognized(Verdict):
    """The board shows this move."""

    move: Move


@dataclass(frozen=True)
class Mismatch(Verdict):
    """The still board matches nothing: ``missing`` pieces to put back, ``unexpected`` to lift.

    ``urgent`` turns true once the grace time has passed, when the board starts to guide.
    """

    missing: frozenset[str]
    unexpected: frozenset[str]
    urgent: bool


@dataclass
class MoveTracker:
    """Judges the occupancy against an expectation once the board has been still long enough."""

    settle: float = 0.25
    grace: float = 1.5
    occupancy: set[str] = field(default_factory=set)
    expectation: Expectation = field(default_factory=lambda: Expectation(frozenset()))
    emptied: set[str] = field(default_factory=set)
    filled: set[str] = field(default_factory=set)
    last_change: float = float("-inf")

    def expect(self, expectation: Expectation) -> None:
        """Start judging against a new expectation; the history starts afresh."""
        self.expectation = expectation
        self.emptied.clear()
        self.filled.clear()

    def reset(self, occupancy: Iterable[str], now: float) -> None:
        """Take the whole occupancy as read (at start-up, from the debounced switches)."""
        self.occupancy = set(occupancy)
        self.last_change = now

    def change(self, square: str, occupied: bool, t: float) -> None:
        """A debounced switch changed at time ``t``."""
        if occupied == (square in self.occupancy):
            return
        if occupied:
            self.occupancy.add(square)
            self.filled.add(square)
        else:
            self.occupancy.discard(square)
            self.emptied.add(square)
        self.last_change = t

    def judge(self, now: float) -> Verdict:
        """The verdict on the board at time ``now``."""
        if now - self.last_change < self.settle:
            return Unsettled()
        board = frozenset(self.occupancy)
        expected = self.expectation
        if board == expected.before and not self._bumped_in_place():
            return AsExpected()
        matches = [c for c in expected.candidates if self._shows(c, board)]
        if len(matches) == 1:
            return Recognized(matches[0].move)
        assert not matches, f"ambiguous evidence: {matches}"  # proven impossible by the tests
        lifted = expected.before - board
        if len(lifted) == 1 and board < expected.before:
            (source,) = lifted
            targets = expected.targets_of(source)
            if targets:
                return InHand(source, targets)
        urgent = now - self.last_change >= self.settle + self.grace
        return Mismatch(expected.before - board, board - expected.before, urgent)

    def _shows(self, c: Candidate, board: frozenset[str]) -> bool:
        if board != c.after:
            return False
        if c.refilled is not None and not (c.refilled in self.emptied
                                           and c.refilled in self.filled):
            return False
        return c.touched is None or c.touched in self.filled

    def _bumped_in_place(self) -> bool:
        """An entry that bumps leaves the occupancy as it was: is that what happened?"""
        return any(c.after == self.expectation.before and self._shows(c, c.after)
                   for c in self.expectation.candidates)
