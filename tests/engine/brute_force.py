"""The solved game worked out the slow, plain way: every position reachable from the start,
found with the rules as ``reference.py`` restates them, valued by repeated averaging until
nothing changes. The oracle the solver must agree with; tests only."""

from __future__ import annotations

from collections import deque

from engine.core.sticks import Throw
from engine.tait.state import Ruleset
from tests.engine.reference import Position

Key = tuple[tuple[int, ...], tuple[int, ...], int, int, bool, bool, int]
"""Mover's path positions, opponent's, pieces off (mover's, opponent's), entered (both), and
the mover's extra turns in hand. The mover is always side 0 of a reference ``Position``."""

WON = "won"


def key_of(position: Position) -> Key:
    """The key of a position with side 0 to throw."""
    return (
        tuple(sorted(position.pieces[0])),
        tuple(sorted(position.pieces[1])),
        position.off[0],
        position.off[1],
        position.entered[0],
        position.entered[1],
        position.extra,
    )


def position_of(key: Key, ruleset: Ruleset) -> Position:
    mine, theirs, off0, off1, in0, in1, extra = key
    return Position(ruleset, [list(mine), list(theirs)], [off0, off1], [in0, in1], 0, extra)


def turned(position: Position) -> Key:
    """The key after the turn passed: the other side is now side 0."""
    return (
        tuple(sorted(position.pieces[1])),
        tuple(sorted(position.pieces[0])),
        position.off[1],
        position.off[0],
        position.entered[1],
        position.entered[0],
        0,
    )


Next = list[tuple[float, list[tuple[Key | str, bool]]]]
"""For each throw: its chance and its choices (the key reached, and whether the turn passed)."""


def successors(key: Key, ruleset: Ruleset) -> Next:
    """Where each throw can take the position, by the reference rules."""
    found: Next = []
    for value in sorted(ruleset.values):
        choices: list[tuple[Key | str, bool]] = []
        here = position_of(key, ruleset)
        moves = here.legal(value)
        for move in moves or [None]:
            after = position_of(key, ruleset)
            if move is None:
                after.lose(Throw.of(value))
            else:
                after.play(*move)
            if after.winner is not None:
                choices.append((WON, False))
            elif after.turn == 0:
                choices.append((key_of(after), False))
            else:
                choices.append((turned(after), True))
        found.append((float(ruleset.probability(value)), choices))
    return found


def solve(ruleset: Ruleset, tolerance: float = 1e-13) -> dict[Key, float]:
    """The chance the side to throw wins, for every position reachable from the start."""
    start = key_of(Position(ruleset))
    graph: dict[Key, Next] = {}
    queue = deque([start])
    while queue:
        key = queue.popleft()
        if key in graph:
            continue
        graph[key] = successors(key, ruleset)
        for _, choices in graph[key]:
            queue.extend(k for k, _ in choices if k != WON and k not in graph)  # type: ignore[misc]
    # Positions furthest on first: a sweep then meets most moves' results already updated.
    keys = sorted(graph, key=lambda k: -(sum(k[0]) + sum(k[1]) + 16 * (k[2] + k[3])))
    number = {key: i for i, key in enumerate(keys)}
    number[WON] = len(keys)  # type: ignore[index]
    # For each position, each throw's chance and choices as (place in ``value``, passed).
    plan = [
        [(p, [(number[t], passed) for t, passed in choices]) for p, choices in graph[key]]
        for key in keys
    ]
    value = [0.5] * len(keys) + [1.0]
    change = 1.0
    while change > tolerance:
        change = 0.0
        for i, throws in enumerate(plan):
            new = 0.0
            for p, choices in throws:
                new += p * max(1.0 - value[t] if passed else value[t] for t, passed in choices)
            change = max(change, abs(new - value[i]))
            value[i] = new
    return dict(zip(keys, value, strict=False))
