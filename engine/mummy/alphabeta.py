"""The searching mummy for a game without luck (Ramses): alpha-beta over packed positions, with
iterative deepening, a bounded transposition table and a node budget instead of a clock.

A position is an int; the game is given as a ``Tree``: each legal move with the position it
leads to (or its value when it ends the game), whose turn it is, and a guess of the Cones' chance
where the search stops. Values are the Cones' chance to win, 1.0 or 0.0 at the end of a game,
nudged so that a quicker win (and a later loss) is preferred. Positions already met on the way
from the root, and those the game has seen (``history``), are barred as the rules bar them:
``Tree.moves`` takes the set of positions to avoid.

>>> from engine.ramses.mummy import searcher
>>> from engine.ramses import RAMSES
>>> position = RAMSES.parse("C:T12,T17,T18,T19 R:T1,T2,T16,U12 turn:C")
>>> searcher(2).analyse(position).move
Move(T12-T9)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, Protocol

from engine.core.sides import Side
from engine.mummy.analysis import Analysis, OutOfNodes

WIN_SOONER = 1e-4
"""How much each ply of delay takes from a win's value (so the search does not dawdle)."""


class Tree(Protocol):
    """A game without luck on packed positions, as the search needs it."""

    def moves(self, code: int, barred: Collection[int]
              ) -> Sequence[tuple[Any, int, Side | None]]:
        """Each legal move: (move, the position after it, the winner if it ends the game);
        moves into ``barred`` positions left out (unless they win)."""

    def cones_to_play(self, code: int) -> bool: ...

    def stuck(self, code: int, barred: Collection[int]) -> tuple[int | None, Side | None]:
        """A position with no legal move: the position play goes on from (a turn passed), or
        the winner (the side to play is locked up)."""

    def evaluate(self, code: int) -> float:
        """A guess of the Cones' chance to win."""


class _Cut(Exception):
    pass


EXACT, LOWER, UPPER = 0, 1, 2


class AlphaBeta:
    """Alpha-beta to ``depth`` plies (moves, two to a turn) within ``node_limit`` positions."""

    def __init__(self, tree: Tree, depth: int, node_limit: int, table_size: int = 1 << 15
                 ) -> None:
        if depth < 1 or node_limit < 1 or table_size < 1:
            raise ValueError("depth, node_limit and table_size must be 1 or more")
        self.tree = tree
        self.depth = depth
        self.node_limit = node_limit
        self.table_size = table_size
        self.table: dict[int, tuple[int, float, int, int]] = {}
        """code -> (depth, value, bound, index of the best move): emptied for each decision."""
        self.nodes = 0
        self.clears = 0

    def analyse(self, position: Any) -> Analysis:
        """The best legal move of ``position`` (a ``RamsesPosition``: its ``code`` and ``seen``)."""
        self.table.clear()  # decisions never depend on earlier searches
        self.nodes = 0
        code = position.code
        seen: set[int] = set(position.seen)
        root = list(self.tree.moves(code, seen))
        if not root:
            raise ValueError("no legal move to search")
        cones = self.tree.cones_to_play(code)
        values = [(m, self._end(w, 1) if w is not None else self.tree.evaluate(c))
                  for m, c, w in root]
        done = 0
        for depth in range(1, self.depth + 1):
            if len(root) == 1:
                break
            try:
                values = self._root(root, depth, cones, seen)
            except OutOfNodes:
                break
            done = depth
            order = sorted(range(len(root)), key=lambda i: -values[i][1] if cones
                           else values[i][1])
            root = [root[i] for i in order]
            values = [values[i] for i in order]
            best = values[0][1]
            if best >= 1 - WIN_SOONER * depth or best <= WIN_SOONER * depth:
                break  # a forced result: deeper looks change nothing
        mover = tuple((m, v if cones else 1.0 - v) for m, v in values)
        move, value = mover[0]
        for m, v in mover[1:]:
            if v > value:
                move, value = m, v
        return Analysis(move, value, done, self.nodes, mover)

    def choose(self, position: Any) -> Any:
        """The best move found."""
        return self.analyse(position).move

    def _end(self, winner: Side, ply: int) -> float:
        return 1.0 - WIN_SOONER * ply if winner == Side.CONES else WIN_SOONER * ply

    def _root(self, root: list[tuple[Any, int, Side | None]], depth: int, cones: bool,
              seen: set[int]) -> list[tuple[Any, float]]:
        alpha, beta = -1.0, 2.0
        values = []
        for move, child, winner in root:
            if winner is not None:
                value = self._end(winner, 1)
            else:
                seen.add(child)
                try:
                    value = self._value(child, depth - 1, alpha, beta, seen, 1)
                finally:
                    seen.discard(child)
            values.append((move, value))
            if cones:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
        return values

    def _value(self, code: int, depth: int, alpha: float, beta: float, seen: set[int],
               ply: int) -> float:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise OutOfNodes
        tree = self.tree
        if depth == 0:
            return tree.evaluate(code)
        entry = self.table.get(code)
        first = -1
        if entry is not None:
            stored_depth, stored, bound, first = entry
            if stored_depth >= depth:
                if bound == EXACT:
                    return stored
                if bound == LOWER and stored >= beta:
                    return stored
                if bound == UPPER and stored <= alpha:
                    return stored
        moves = tree.moves(code, seen)
        if not moves:
            after, winner = tree.stuck(code, seen)
            if winner is not None:
                return self._end(winner, ply)
            assert after is not None
            if after in seen:  # a turn passed to a position seen before: it stays seen
                return self._value(after, depth, alpha, beta, seen, ply)
            seen.add(after)
            try:
                return self._value(after, depth, alpha, beta, seen, ply)
            finally:
                seen.discard(after)
        cones = tree.cones_to_play(code)
        order = range(len(moves))
        if 0 <= first < len(moves):
            order = [first, *(i for i in range(len(moves)) if i != first)]  # type: ignore[assignment]
        start_alpha, start_beta = alpha, beta
        best, best_index = (-1.0 if cones else 2.0), 0
        for i in order:
            _, child, winner = moves[i]
            if winner is not None:
                value = self._end(winner, ply + 1)
            else:
                seen.add(child)
                try:
                    value = self._value(child, depth - 1, alpha, beta, seen, ply + 1)
                finally:
                    seen.discard(child)
            if cones:
                if value > best:
                    best, best_index = value, i
                alpha = max(alpha, value)
            else:
                if value < best:
                    best, best_index = value, i
                beta = min(beta, value)
            if alpha >= beta:
                break
        bound = EXACT
        if best <= start_alpha:
            bound = UPPER
        elif best >= start_beta:
            bound = LOWER
        if len(self.table) >= self.table_size:
            self.table.clear()
            self.clears += 1
        self.table[code] = (depth, best, bound, best_index)
        return best
