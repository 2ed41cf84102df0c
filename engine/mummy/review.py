"""Game review: what each move cost against the best one, the biggest mistakes and the luck.

Every chance comes from the solved table (perfect play by both sides from then on). A move's
loss is the mover's chance after the best move minus its chance after the move played; a
throw's luck is the thrower's chance once the sticks have fallen (its best move's, or after the
lost throw) minus its chance before throwing. Losses and luck are in percentage points.

>>> class Coin:
...     ruleset = TAIT
...     def chance(self, code): return 0.5
>>> record = GameRecord(TAIT, Side.CONES, (Throw.of(4),))
>>> print(review(Coin(), record).text().splitlines()[1])
  1. Cones throw 4    luck  +0.0
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import WrongPhase
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.mummy.chances import SolvedTable, best, chance, chance_after, move_chances
from engine.record import GameRecord
from engine.tait.moves import Move
from engine.tait.state import TAIT, GameState

POINTS = 100.0
NOTICEABLE = 0.05
"""Points below which a move counts as the best: the table keeps chances to 1/65535."""


@dataclass(frozen=True, slots=True)
class Step:
    """One throw or move of the game, as the review judges it."""

    number: int
    side: Side
    throw: Throw
    move: str | None
    """The move in notation (None for the throw itself)."""
    chance: float
    """The side's chance after this step."""
    loss: float = 0.0
    """Points of the side's chance the move gave up against the best (0 for the best)."""
    best: str | None = None
    """The best move when another was played."""
    luck: float = 0.0
    """Points the throw gave or took (throws only)."""


@dataclass(frozen=True, slots=True)
class Review:
    """A whole game reviewed."""

    start: float
    """The chance of the side that plays first, at the start."""
    first: Side
    steps: tuple[Step, ...]

    def moves(self, side: Side) -> tuple[Step, ...]:
        """The side's moves."""
        return tuple(s for s in self.steps if s.side == side and s.move is not None)

    def mistakes(self, side: Side, count: int = 3) -> tuple[Step, ...]:
        """The side's ``count`` costliest moves (only those that lost anything)."""
        costly = sorted((s for s in self.moves(side) if s.loss >= NOTICEABLE),
                        key=lambda s: -s.loss)
        return tuple(costly[:count])

    def luck(self, side: Side) -> float:
        """The points the side's throws gave it, in all."""
        return sum(s.luck for s in self.steps if s.side == side and s.move is None)

    def lost(self, side: Side) -> float:
        """The points the side's moves gave up, in all."""
        return sum(s.loss for s in self.moves(side))

    def text(self) -> str:
        """The review as lines to print: every step, then mistakes and luck by side."""
        lines = [f"{self.first.title} had {self.start:.1%} to win at the start (perfect play)."]
        for s in self.steps:
            if s.move is None:
                lines.append(f"{s.number:3d}. {s.side.title} throw {s.throw.value}    "
                             f"luck {s.luck:+5.1f}")
            elif s.loss >= NOTICEABLE:
                lines.append(f"{s.number:3d}. {s.side.title} {s.move:<9} gave up {s.loss:4.1f} "
                             f"points (best {s.best})  {s.side.title} {s.chance:.0%}")
            else:
                lines.append(f"{s.number:3d}. {s.side.title} {s.move:<9} best move"
                             f"{'':17}{s.side.title} {s.chance:.0%}")
        for side in Side:
            worst = self.mistakes(side)
            listed = "; ".join(f"{s.number}. {s.move} -{s.loss:.1f} (best {s.best})"
                               for s in worst) or "none"
            lines.append(f"{side.title}' biggest mistakes: {listed}")
        lines.append("Luck of the throws: " + ", ".join(
            f"{side.title} {self.luck(side):+.1f} points" for side in Side))
        lines.append("Points given up by moves: " + ", ".join(
            f"{side.title} {self.lost(side):.1f}" for side in Side))
        return "\n".join(lines)


def review(table: SolvedTable, record: GameRecord) -> Review:
    """Judge every throw and move of ``record`` with ``table``; raises WrongPhase if the table
    does not hold the game's positions."""
    state = record.initial()
    if not isinstance(state, GameState):
        title = state.rules.title
        raise WrongPhase(f"the solved table is Tait's: it holds no positions of {title}")
    start = chance(table, state)  # the chance of the side to play first
    if start is None:
        raise WrongPhase("the solved table does not hold this game's positions")
    steps: list[Step] = []
    for number, (action, after) in enumerate(record.replay(), 1):
        assert isinstance(after, GameState)  # a record replays in its own game
        side = state.turn
        if isinstance(action, Throw):
            before = chance(table, state)
            now = chance(table, after) if after.throw is not None else chance_after(
                table, state.code, after.code)
            if before is None or now is None:
                raise WrongPhase(f"action {number}: the solved table does not hold it")
            steps.append(Step(number, side, action, None, now, luck=(now - before) * POINTS))
        else:
            assert isinstance(action, Move)
            steps.append(_judge(table, number, state, action))
        state = after
    return Review(start, record.initial().turn, tuple(steps))


def _judge(table: SolvedTable, number: int, state: GameState, move: Move) -> Step:
    assert state.throw is not None
    found = move_chances(table, state)
    if found is None:
        raise WrongPhase(f"action {number}: the solved table does not hold it")
    top, top_value = best(found)
    value = dict(found)[move]
    loss = (top_value - value) * POINTS
    return Step(number, state.turn, state.throw, state.describe(move), value,
                loss=max(0.0, loss), best=state.describe(top) if loss >= NOTICEABLE else None)


__all__ = ["TAIT", "Review", "Step", "review"]
