"""How good a position looks, without searching: the chance that the Cones win, as a guess.

A logistic model fitted to played games: it weighs each side's pieces by their squares (more as
the race shortens), the pieces the opponent can bump with its next throw, pending extra turns,
whose throw it is and the entry barrier.

>>> round(evaluate(GameState.parse("C:M14 R:R1 off:4,0 entered:CR turn:C")), 2)
0.97
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

# The weights were fitted by logistic regression on 300,000 positions from 12,000 games between
# Priests that sometimes blunder at random (the procedure of tests/benchmarks/mummy_fit.py, an
# earlier sample of games: a rerun gives weights within about 0.1 of these): the log-odds that the
# Cones win is a sum of Cones-minus-Reels terms. A piece's worth depends on its square (a piece on
# 15 needs exactly a 1 to bear off, so it is worth less than one on 14) and grows as the race
# shortens: worth = EARLY + LATE * (steps still to go for both sides / all steps).
PIECE_EARLY = (
    0.0, 0.156, 0.280, 0.225, 0.339, 0.394, 0.436, 0.516,
    0.489, 0.663, 0.704, 0.780, 0.744, 0.980, 1.112, 0.896,
)  # fmt: skip
PIECE_LATE = (
    0.0, -0.087, -0.174, -0.119, -0.318, -0.253, -0.269, -0.366,
    -0.337, -0.478, -0.472, -0.549, -0.538, -0.777, -0.895, -0.594,
)  # fmt: skip
"""Log-odds of a piece on path positions 0..15 (0: waiting, the baseline)."""
OFF_EARLY, OFF_LATE = 1.120, -0.866
"""Log-odds of a piece borne off."""
DANGER = 0.048
"""Per step of progress the opponent, throwing next, can expect to bump back."""
DANGER_TO_MOVER = 0.031
"""The same for the side throwing next, which may run or bump first."""
TEMPO = 0.099
"""Being the side to throw next."""
EXTRA_TURN = 0.278
"""Each extra turn earned and not yet taken."""
ENTERED = 0.500
"""Having passed the entry barrier (a side that has not waits for a 4 or a 6)."""


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


def _weights(per_position: tuple[float, ...]) -> tuple[float, ...]:
    table = [0.0] * (1 << PATH_LENGTH)
    for mask in range(1, 1 << PATH_LENGTH):
        lowest = mask & -mask
        table[mask] = table[mask ^ lowest] + per_position[lowest.bit_length() - 1]
    return tuple(table)


_EARLY = _weights(PIECE_EARLY)
_LATE = _weights(PIECE_LATE)
_ALL_STEPS: dict[int, float] = {}


def log_odds(state: GameState) -> float:
    """The fitted log-odds that the Cones win (positive: the Cones are ahead)."""
    (cones, reels), (cones_off, reels_off) = state.board, state.off
    steps = 2 * state.ruleset.pieces * PATH_LENGTH
    left = steps - (
        _POSITION_SUM[cones] + _POSITION_SUM[reels] + PATH_LENGTH * (cones_off + reels_off)
    )
    stage = left / steps
    off = cones_off - reels_off
    x = (
        _EARLY[cones] - _EARLY[reels] + OFF_EARLY * off
        + stage * (_LATE[cones] - _LATE[reels] + OFF_LATE * off)
    )  # fmt: skip
    cones_risk, reels_risk = bump_risk(state, Side.CONES), bump_risk(state, Side.REELS)
    if state.turn == Side.CONES:
        x += TEMPO + EXTRA_TURN * state.extra_turns - DANGER_TO_MOVER * cones_risk
        x += DANGER * reels_risk
    else:
        x -= TEMPO + EXTRA_TURN * state.extra_turns - DANGER_TO_MOVER * reels_risk
        x -= DANGER * cones_risk
    return x + ENTERED * (state.entered[0] - state.entered[1])


def evaluate(state: GameState) -> float:
    """The chance the Cones win from ``state`` (1.0 or 0.0 once someone has won), as a guess."""
    if state.winner is not None:
        return 1.0 if state.winner == Side.CONES else 0.0
    return 1.0 / (1.0 + math.exp(-log_odds(state)))
