"""The Vizier for any game of the family: expectiminimax over the game interface.

A position waiting for a throw is a chance node: its value is the average over
``Rules.chance``'s throws, each cast with ``Position.cast`` (a throw with no move is lost and play
goes on from the next throw). A position with a pending throw is a choice: the side to move picks
its best move, the Cones the highest chance that the Cones win and the Reels the lowest; a move
that leaves part of the throw in hand (the stacking game's three dice) is followed by the same
side's next choice within the same depth. Whoever
throws next is the position's ``turn``, so an extra throw is simply the same side throwing again.
A game with no luck (``chance`` None) makes every position a choice.

Time is bounded by counting, as in Tait's Vizier (``engine/tait/vizier.py``, which searches
packed positions): iterative deepening to ``depth`` throws, a depth abandoned once it would try
more than ``node_limit`` casts and moves. Values of positions already searched are kept in a
bounded transposition table keyed by the position and the depth, emptied for each decision.

>>> from engine.senet import SENET
>>> position = SENET.parse("C:H28 R:H2,H3 off:4,3 turn:C throw:2")
>>> Search(evaluate=lambda p: 0.5).analyse(position).move
Move(H28-off)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.errors import WrongPhase
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.games.api import Position
from engine.mummy.analysis import Analysis, OutOfNodes, deepen

Evaluation = Callable[[Any], float]
"""A guess of the chance that the Cones win from a position with no pending throw."""

DEPTH = 2
"""Throws looked at beyond the pending one (Senet at depth 3 would take ten times as long)."""
NODE_LIMIT = 8_000
"""Casts and moves one decision may try before it settles for a shallower depth: a guard, not a
limit in use (a Senet decision at depth 2 tries about 950 nodes, 1,900 at p95, 2,800 at most)."""
TABLE_SIZE = 1 << 14
"""Entries in the transposition table before it is emptied (about 250 bytes each: some 4 MB at
most; a Senet decision at depth 2 leaves about 100)."""


class Table:
    """Values of positions searched to a depth, at most ``capacity`` of them (then emptied)."""

    def __init__(self, capacity: int = TABLE_SIZE) -> None:
        if capacity < 1:
            raise ValueError("a transposition table needs room for at least one entry")
        self.capacity = capacity
        self.values: dict[tuple[Position, int], float] = {}
        self.clears = 0

    def __len__(self) -> int:
        return len(self.values)

    def put(self, key: tuple[Position, int], value: float) -> None:
        """Store a value, emptying the table first when it is full."""
        if len(self.values) >= self.capacity:
            self.values.clear()
            self.clears += 1
        self.values[key] = value


def _after(position: Any, move: Any) -> Any:
    return position.after(move)


def _played(position: Any, move: Any) -> Any:
    return position.play(move)[0]


class _Walk:
    """One decision's expectiminimax: counts nodes and shares the table."""

    def __init__(self, position: Position, table: Table, evaluate: Evaluation,
                 limit: int) -> None:
        chance = position.rules.chance
        # Most likely throws first; the order only fixes the floating-point sums.
        outcomes = sorted(chance.outcomes, key=lambda vp: (-vp[1], vp[0])) if chance else ()
        self.chances = tuple((Throw.of(v), float(p)) for v, p in outcomes)
        self.table = table
        self.evaluate = evaluate
        # A game's ``after(move)`` is ``play(move)[0]`` without making the events: quicker.
        self.step: Callable[[Any, Any], Any] = (
            _after if callable(getattr(position, "after", None)) else _played)
        self.limit = limit
        self.nodes = 0

    def after_move(self, position: Position, depth: int) -> float:
        """The value of a position waiting for a throw: the game over, a guess, or a search."""
        winner = position.winner
        if winner is not None:
            return 1.0 if winner == Side.CONES else 0.0
        in_hand = position.throw is not None  # dice still to use (three dice, one at a time)
        if depth == 0 and not in_hand:
            return self.evaluate(position)
        key = (position, depth)
        value = self.table.values.get(key)
        if value is not None:
            return value
        if in_hand:
            value = self.best(position, depth)
            self.table.put(key, value)
            return value
        self.nodes += len(self.chances) or 1
        if self.nodes > self.limit:
            raise OutOfNodes
        if not self.chances:  # no luck: the side to play moves at once
            value = self.best(position, depth - 1)
        else:
            value = 0.0
            for throw, chance in self.chances:
                thrown, _ = position.cast(throw)
                if thrown.throw is not None:
                    value += chance * self.best(thrown, depth - 1)
                else:  # the throw is lost, or an opening throw: the next throw comes at once
                    value += chance * self.after_move(thrown, depth - 1)
        self.table.put(key, value)
        return value

    def best(self, position: Position, depth: int) -> float:
        """The value of a position with a pending throw: the mover picks its best move."""
        moves = position.moves
        self.nodes += len(moves)
        if self.nodes > self.limit:
            raise OutOfNodes
        step = self.step
        values = (self.after_move(step(position, move), depth) for move in moves)
        return max(values) if position.turn == Side.CONES else min(values)

    def root(self, position: Position, depth: int) -> tuple[tuple[Any, float], ...]:
        """Each legal move with its value for the Cones."""
        self.nodes += len(position.moves)
        return tuple((m, self.after_move(self.step(position, m), depth)) for m in position.moves)


class Search:
    """A searching mummy for any game: ``depth`` throws ahead within ``node_limit`` nodes."""

    def __init__(self, evaluate: Evaluation, depth: int = DEPTH, node_limit: int = NODE_LIMIT,
                 table_size: int = TABLE_SIZE) -> None:
        if depth < 0:
            raise ValueError(f"depth must be 0 or more, not {depth}")
        self.evaluate = evaluate
        self.depth = depth
        self.node_limit = node_limit
        self.table = Table(table_size)

    def analyse(self, position: Position) -> Analysis:
        """Search the pending throw's moves; raises WrongPhase if no throw is pending."""
        if position.throw is None or not position.moves:
            raise WrongPhase(f"{position.turn.title} must throw before the mummy can choose a move")
        if (position, self.depth) not in self.table.values:
            # A new throw: decisions never depend on earlier searches. The stacking game's next
            # die of the same turn keeps the table, whose values are exact for this position's
            # every continuation (the last decision searched them): the same move, found sooner.
            self.table.values.clear()
        walk = _Walk(position, self.table, self.evaluate, self.node_limit)
        try:
            return deepen(lambda d: walk.root(position, d), position.turn, self.depth,
                          lambda: walk.nodes)
        except OutOfNodes:  # even the dice in hand are too many ways: judge each move alone
            return deepen(lambda d: tuple((m, self.evaluate(position.play(m)[0]))
                                          for m in position.moves),
                          position.turn, 0, lambda: walk.nodes)

    def chance(self, position: Position, depth: int) -> float:
        """The Cones' chance from a position waiting for a throw (or over), searched ``depth``
        throws ahead with no node budget: keep ``depth`` small."""
        self.table.values.clear()
        return _Walk(position, self.table, self.evaluate, 1 << 62).after_move(position, depth)

    def choose(self, position: Position) -> Any:
        """The best move found for the pending throw."""
        return self.analyse(position).move
