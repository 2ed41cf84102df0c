"""The Vizier: expectiminimax over the throws of the sticks, with a transposition table.

After the mummy's move the sticks are thrown: a chance node averages over the five throw values
by their probabilities. Whoever throws next (the opponent, or the same side using an extra turn:
``state.turn`` says which) then picks the move best for it: the Cones maximise the chance that
the Cones win, the Reels minimise it. Extra turns are therefore handled exactly, as the same side
throwing again. A throw with no legal move is lost and the search goes on from the next throw.

The search looks ``depth`` throws ahead of the pending one and then trusts the heuristic
``evaluate``. The engine reads no clock, so its time is bounded by counting: iterative deepening
runs depth 0, 1, 2, ... and abandons a depth once it would expand more than ``node_limit`` nodes,
keeping the last depth that finished. The limits were chosen from measurements
(``python -m tests.benchmarks.mummy_speed``).

>>> state = GameState.parse("C:M13 R:M9 off:4,0 entered:CR turn:C throw:3")
>>> Vizier().choose(state)
Move(M13-off)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.core.errors import WrongPhase
from engine.core.sticks import Throw
from engine.mummy.analysis import Analysis, OutOfNodes, deepen
from engine.tait.evaluation import evaluator
from engine.tait.moves import Move
from engine.tait.packed import OVER, TURN
from engine.tait.state import GameState, Ruleset
from engine.tait.tables import tables

Evaluation = Callable[[GameState], float]
"""A guess of the chance that the Cones win from a position with no pending throw (by default
the fitted model of the position's game, ``engine.tait.evaluation``)."""

DEPTH = 2
"""Throws looked at beyond the pending one: two is within the time budget on a laptop and a Pi."""
NODE_LIMIT = 6_000
"""Casts and moves one decision may try before it settles for a shallower depth."""
TABLE_SIZE = 1 << 16
"""Entries in the transposition table (about 100 bytes each: some 7 MB at most)."""
MAX_DEPTH = 7
"""The table packs the depth in three bits."""


class TranspositionTable:
    """Values of positions already searched to a depth, capped at ``capacity`` entries.

    The key is the whole position (pieces, pieces off, entered, turn, extra turns) and the depth,
    so a value found is exactly the one a new search would compute: decisions do not depend on
    what was searched before. When full, the table is emptied and refilled.
    """

    def __init__(self, capacity: int = TABLE_SIZE) -> None:
        if capacity < 1:
            raise ValueError("a transposition table needs room for at least one entry")
        self.capacity = capacity
        self._values: dict[int, float] = {}
        self._ruleset: Ruleset | None = None
        self.clears = 0

    def __len__(self) -> int:
        return len(self._values)

    def get(self, key: int) -> float | None:
        """The value stored under ``key``, if any."""
        return self._values.get(key)

    def put(self, key: int, value: float) -> None:
        """Store a value, emptying the table first when it is full."""
        values = self._values
        if len(values) >= self.capacity:
            values.clear()
            self.clears += 1
        values[key] = value

    def clear(self) -> None:
        """Forget every value."""
        self._values.clear()

    def use_for(self, ruleset: Ruleset) -> None:
        """Keys do not name the rules: switching rules forgets the old values."""
        if ruleset is not self._ruleset:
            self._values.clear()
            self._ruleset = ruleset


def position_key(state: GameState, depth: int) -> int:
    """A position and a search depth packed in one int (the pending throw is not part of it)."""
    return state.code << 3 | depth


class _Search:
    """One decision's expectiminimax on packed positions: counts nodes, uses the shared table.

    It calls the engine's tables directly rather than making a ``GameState`` per node: the
    same rules, without the objects and events a search throws away.
    """

    __slots__ = ("chances", "evaluate", "limit", "nodes", "rules", "ruleset", "table")

    def __init__(
        self, ruleset: Ruleset, table: TranspositionTable, evaluate: Evaluation | None,
        limit: int
    ) -> None:
        weights = ruleset.throw_weights
        # Most likely throws first; the order only fixes the floating-point sums.
        self.chances = tuple(
            (Throw.of(v), float(ruleset.probability(v)))
            for v, _ in sorted(weights, key=lambda vw: (-vw[1], vw[0]))
        )
        self.ruleset = ruleset
        self.rules = tables(ruleset)
        self.table = table
        self.evaluate = evaluate if evaluate is not None else evaluator(ruleset)
        self.limit = limit
        self.nodes = 0

    def after_move(self, code: int, depth: int) -> float:
        """The value of a position with no pending throw: the game over, a guess, or a search."""
        if code & OVER:
            return 0.0 if code & TURN else 1.0  # the side to play is the winner
        if depth == 0:
            return self.evaluate(GameState(code, None, (), self.ruleset))
        key = code << 3 | depth
        value = self.table.get(key)
        if value is not None:
            return value
        self.nodes += len(self.chances)
        if self.nodes > self.limit:
            raise OutOfNodes
        rules = self.rules
        value = 0.0
        for throw, chance in self.chances:
            moves = rules.legal(code, throw.value)
            if moves:
                value += chance * self.best(code, moves, depth - 1)
            else:  # the throw is lost: the next throw (either side's) comes at once
                value += chance * self.after_move(rules.after_loss(code, throw), depth - 1)
        self.table.put(key, value)
        return value

    def best(self, code: int, moves: tuple[Move, ...], depth: int) -> float:
        """The value of a position with a pending throw: the mover picks its best move."""
        self.nodes += len(moves)
        if self.nodes > self.limit:
            raise OutOfNodes
        after_move, play = self.after_move, self.rules.after_move
        if not code & TURN:  # the Cones to move
            best = -1.0
            for move in moves:
                value = after_move(play(code, move), depth)
                if value > best:
                    best = value
        else:
            best = 2.0
            for move in moves:
                value = after_move(play(code, move), depth)
                if value < best:
                    best = value
        return best

    def root(self, state: GameState, depth: int) -> tuple[tuple[Move, float], ...]:
        """Each legal move with its value for the Cones."""
        self.nodes += len(state.moves)
        play = self.rules.after_move
        return tuple((m, self.after_move(play(state.code, m), depth)) for m in state.moves)


def expectiminimax(
    state: GameState,
    depth: int,
    evaluate: Evaluation | None = None,
    table: TranspositionTable | None = None,
) -> float:
    """The chance that the Cones win, searching ``depth`` throws beyond any pending one."""
    if not 0 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth must be 0..{MAX_DEPTH}, not {depth}")
    table = table if table is not None else TranspositionTable()
    table.use_for(state.ruleset)
    search = _Search(state.ruleset, table, evaluate, limit=1 << 62)
    if state.throw is not None:
        return search.best(state.code, state.moves, depth)
    return search.after_move(state.code, depth)


class Vizier:
    """A searching mummy: looks ``depth`` throws ahead within ``node_limit`` nodes a decision."""

    def __init__(
        self,
        depth: int = DEPTH,
        node_limit: int = NODE_LIMIT,
        table_size: int = TABLE_SIZE,
        evaluate: Evaluation | None = None,
    ) -> None:
        if not 0 <= depth <= MAX_DEPTH:
            raise ValueError(f"depth must be 0..{MAX_DEPTH}, not {depth}")
        self.depth = depth
        self.node_limit = node_limit
        self.table = TranspositionTable(table_size)
        self.evaluate = evaluate

    def analyse(self, state: GameState) -> Analysis:
        """Search the pending throw's moves; raises WrongPhase if no throw is pending."""
        if state.throw is None or not state.moves:
            raise WrongPhase(f"{state.turn.title} must throw before the mummy can choose a move")
        table = self.table
        table.use_for(state.ruleset)
        table.clear()  # a fresh table per decision keeps the memory bound per decision simple
        search = _Search(state.ruleset, table, self.evaluate, self.node_limit)
        return deepen(lambda d: search.root(state, d), state.turn, self.depth,
                      lambda: search.nodes)

    def chance(self, state: GameState, depth: int) -> float:
        """The Cones' chance from a position waiting for a throw, searched ``depth`` throws
        ahead with no node budget (a table of its own: the decisions' stays as it is)."""
        return expectiminimax(state, depth, self.evaluate)

    def choose(self, state: GameState, rng: random.Random | None = None) -> Move:
        """The best move found for the pending throw (the Vizier needs no randomness)."""
        move: Move = self.analyse(state).move
        return move
