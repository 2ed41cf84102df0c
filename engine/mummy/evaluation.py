"""How good a position looks, without searching: the chance that the Cones win, as a guess.

The guess weighs each side's progress along its path, the pieces the opponent can bump with
its next throw, pending extra turns, whose throw it is and the entry barrier, then squashes the
difference into 0..1 with a spread that narrows as the race shortens.

>>> round(evaluate(GameState.parse("C:M15 R:C1 off:4,0 entered:CR turn:C")), 2)
1.0
"""

from __future__ import annotations

import math

from engine.board import PATH_LENGTH, PRIVATE, Side
from engine.rules import Ruleset
from engine.state import GameState

MIDDLE = sum(1 << p for p in range(PRIVATE + 1, PATH_LENGTH))
"""Bits of the shared middle squares 5..15, where pieces can be bumped."""

def _position_sums() -> tuple[int, ...]:
    sums = [0] * (1 << PATH_LENGTH)
    for mask in range(1, 1 << PATH_LENGTH):
        lowest = mask & -mask
        sums[mask] = sums[mask ^ lowest] + lowest.bit_length() - 1
    return tuple(sums)


_POSITION_SUM = _position_sums()
"""The sum of the path positions set in a 16-bit mask: the progress of the pieces on the board."""

# Weights in path steps (one step of one piece = 1). An average throw moves about 2.4 steps.
TEMPO = 1.2
"""Being the side to throw next: half an average throw, compared with a neutral position."""
EXTRA_TURN = 2.4
"""Each extra turn already earned and not yet taken: one more average throw."""
BARRIER = 14.0
"""A side that has not entered yet waits for a 4 or 6 (about eight throws) before it can move."""
DANGER = 1.0
"""Each step of progress the opponent can expect to bump back with its next throw."""
DANGER_TO_MOVER = 0.35
"""The mover's own pieces are in less danger: it may run or bump first."""


def threat_weights(ruleset: Ruleset) -> tuple[tuple[int, float], ...]:
    """(distance, chance) for each throw: a piece ``distance`` behind a target hits it."""
    return tuple((v, float(ruleset.probability(v))) for v in ruleset.throws)


_THREATS: dict[Ruleset, tuple[tuple[int, float], ...]] = {}


def _threats(ruleset: Ruleset) -> tuple[tuple[int, float], ...]:
    threats = _THREATS.get(ruleset)
    if threats is None:
        threats = _THREATS[ruleset] = threat_weights(ruleset)
    return threats


def bump_risk(state: GameState, side: Side) -> float:
    """The progress of ``side``'s pieces the opponent can expect to bump with one throw."""
    own = state.board[side] & MIDDLE
    if not own:
        return 0.0
    opp = state.board[1 - side]
    threats = _threats(state.ruleset)
    risk = 0.0
    for distance, chance in threats:
        hit = own & (opp << distance) & MIDDLE
        if hit:
            risk += chance * _POSITION_SUM[hit]
    # A waiting opponent piece enters straight onto a middle square with a big enough throw.
    if state.waiting(side.other):
        entry = state.ruleset.entry_throws
        for distance, chance in threats:
            usable = state.entered[1 - side] or distance in entry
            if usable and distance > PRIVATE and own >> distance & 1:
                risk += chance * distance
    return risk


def threatened(state: GameState, side: Side, position: int) -> bool:
    """Whether the opponent could bump a piece of ``side`` at ``position`` with its next throw."""
    if not PRIVATE < position < PATH_LENGTH:
        return False
    opp = state.board[1 - side]
    rs = state.ruleset
    for distance in rs.values:
        behind = position - distance
        if behind > 0 and opp >> behind & 1:
            return True
        usable = state.entered[1 - side] or distance in rs.entry_throws
        if behind == 0 and usable and state.waiting(side.other):
            return True
    return False


def score(state: GameState, side: Side) -> float:
    """How far ``side`` is along, in path steps, counting risk, tempo and extra turns."""
    s: float = _POSITION_SUM[state.board[side]] + PATH_LENGTH * state.off[side]
    if not state.entered[side]:
        s -= BARRIER
    risk = bump_risk(state, side)
    if state.turn == side:
        s += TEMPO + EXTRA_TURN * state.extra_turns - DANGER_TO_MOVER * risk
    else:
        s -= TEMPO + DANGER * risk
    return s


def evaluate(state: GameState) -> float:
    """The chance the Cones win from ``state`` (1.0 or 0.0 once someone has won), as a guess."""
    if state.winner is not None:
        return 1.0 if state.winner == Side.CONES else 0.0
    full = state.ruleset.pieces * PATH_LENGTH
    left = 2 * full - (
        _POSITION_SUM[state.board[0]]
        + _POSITION_SUM[state.board[1]]
        + PATH_LENGTH * (state.off[0] + state.off[1])
    )
    diff = score(state, Side.CONES) - score(state, Side.REELS)
    spread = SPREAD_BASE + SPREAD_PER_ROOT_STEP * math.sqrt(left)
    return 1.0 / (1.0 + math.exp(-diff / spread))


SPREAD_BASE = 1.0
SPREAD_PER_ROOT_STEP = 0.8
"""The logistic spread: a lead of ``spread`` steps is worth about 73%; long races are less sure."""
