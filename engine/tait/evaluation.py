"""How good a position looks, without searching: the chance that the Cones win, as a guess.

A logistic model fitted to played games of each game: it weighs each side's pieces by their
squares (more as the race shortens), the pieces the opponent can bump with its next throw,
pending extra turns, whose throw it is and the entry barrier.

>>> round(evaluate(GameState.parse("C:M14 R:R1 off:4,0 entered:CR turn:C")), 2)
0.97
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from engine.core.sides import Side
from engine.games import load, mind_module, names
from engine.tait.board import PRIVATE
from engine.tait.state import TAIT, GameState, Ruleset


@dataclass(frozen=True)
class Weights:
    """One game's fitted weights: the log-odds that the Cones win is a sum of Cones-minus-Reels
    terms. A piece's worth depends on its square and grows as the race shortens:
    worth = early + late * (steps still to go for both sides / all steps)."""

    piece_early: tuple[float, ...]
    """Log-odds of a piece on each path position it can rest on (0: waiting, the baseline)."""
    piece_late: tuple[float, ...]
    off_early: float
    """Log-odds of a piece borne off."""
    off_late: float
    danger: float
    """Per step of progress the opponent, throwing next, can expect to bump back."""
    danger_to_mover: float
    """The same for the side throwing next, which may run or bump first."""
    tempo: float
    """Being the side to throw next."""
    extra_turn: float
    """Each extra turn earned and not yet taken."""
    entered: float
    """Having passed the entry barrier (a side that has not waits for a 4 or a 6)."""


# Tait's weights were fitted by logistic regression on 300,000 positions from 12,000 games between
# Priests that sometimes blunder at random (the procedure of tests/benchmarks/mummy_fit.py, an
# earlier sample of games: a rerun gives weights within about 0.1 of these). A piece on 15 needs
# exactly a 1 to bear off, so it is worth less than one on 14.
TAIT_WEIGHTS = Weights(
    piece_early=(
        0.0, 0.156, 0.280, 0.225, 0.339, 0.394, 0.436, 0.516,
        0.489, 0.663, 0.704, 0.780, 0.744, 0.980, 1.112, 0.896,
    ),
    piece_late=(
        0.0, -0.087, -0.174, -0.119, -0.318, -0.253, -0.269, -0.366,
        -0.337, -0.478, -0.472, -0.549, -0.538, -0.777, -0.895, -0.594,
    ),
    off_early=1.120, off_late=-0.866,
    danger=0.048, danger_to_mover=0.031, tempo=0.099, extra_turn=0.278, entered=0.500,
)  # fmt: skip

def weights_for(ruleset: Ruleset) -> Weights:
    """The weights of a game on this core: Tait's here, another game's from its mind (its
    ``WEIGHTS``, found through the registry: Cyningstan's are in ``engine.cyningstan``). A variant
    whose pieces rest on other squares than its game's takes the weights of the family's first
    game on this core whose pieces rest where its own do (Tait's if none)."""
    found = _fitted(ruleset.name)
    if found is not None and len(found.piece_early) == ruleset.off_at:
        return found
    if ruleset.off_at != len(TAIT_WEIGHTS.piece_early):
        for name in names():
            if isinstance(load(name), Ruleset):
                found = _fitted(name)
                if found is not None and len(found.piece_early) == ruleset.off_at:
                    return found
    return TAIT_WEIGHTS


def _fitted(name: str) -> Weights | None:
    """The weights the game ``name`` fitted for its mummy (None: no such game, or none)."""
    if name == TAIT.name:
        return TAIT_WEIGHTS
    try:
        found = getattr(mind_module(name), "WEIGHTS", None)
    except ValueError:
        return None
    return found if isinstance(found, Weights) else None


def _sums(per_position: tuple[float, ...]) -> tuple[float, ...]:
    """For every bit mask of path positions, the sum of its positions' values."""
    table = [0.0] * (1 << len(per_position))
    for mask in range(1, len(table)):
        lowest = mask & -mask
        table[mask] = table[mask ^ lowest] + per_position[lowest.bit_length() - 1]
    return tuple(table)


class Model:
    """The evaluation of one ruleset: its weights, and the tables that make it quick."""

    __slots__ = (
        "early",
        "entry",
        "late",
        "middle",
        "ruleset",
        "steps",
        "sums",
        "threats",
        "weights",
    )

    def __init__(self, ruleset: Ruleset, weights: Weights) -> None:
        self.ruleset = ruleset
        self.weights = weights
        last = ruleset.off_at  # positions 0..off_at - 1: the squares a piece may rest on
        self.sums = tuple(int(v) for v in _sums(tuple(float(p) for p in range(last))))
        """The sum of the path positions set in a mask: the progress of the pieces on it."""
        self.early = _sums(weights.piece_early)
        self.late = _sums(weights.piece_late)
        self.middle = sum(1 << p for p in range(PRIVATE + 1, last))
        """Bits of the shared middle squares, where pieces can be bumped."""
        self.threats = tuple((v, float(ruleset.probability(v))) for v in ruleset.throws)
        """(distance, chance) for each throw: a piece ``distance`` behind a target hits it."""
        self.entry = tuple((d, c) for d, c in self.threats if d > PRIVATE)
        """Throws that enter a waiting piece straight onto a middle square."""
        self.steps = 2 * ruleset.pieces * last
        """The steps both sides' pieces go, from waiting to borne off."""

    def bump_risk(self, state: GameState, side: Side) -> float:
        """The progress of ``side``'s pieces the opponent can expect to bump with one throw."""
        middle = self.middle
        own = state.board[side] & middle
        if not own:
            return 0.0
        opp = state.board[1 - side]
        sums = self.sums
        risk = 0.0
        for distance, chance in self.threats:
            hit = own & (opp << distance) & middle
            if hit:
                risk += chance * sums[hit]
        # A waiting opponent piece enters straight onto a middle square with a big enough throw.
        if self.entry and state.waiting(side.other):
            barrier = self.ruleset.entry_throws
            for distance, chance in self.entry:
                usable = state.entered[1 - side] or distance in barrier
                if usable and own >> distance & 1:
                    risk += chance * distance
        return risk

    def log_odds(self, state: GameState) -> float:
        """The fitted log-odds that the Cones win (positive: the Cones are ahead)."""
        w, sums, early, late = self.weights, self.sums, self.early, self.late
        (cones, reels), (cones_off, reels_off) = state.board, state.off
        steps = self.steps
        left = steps - (sums[cones] + sums[reels] + self.ruleset.off_at * (cones_off + reels_off))
        stage = left / steps
        off = cones_off - reels_off
        x = (
            early[cones] - early[reels] + w.off_early * off
            + stage * (late[cones] - late[reels] + w.off_late * off)
        )  # fmt: skip
        risk = self.bump_risk
        cones_risk, reels_risk = risk(state, Side.CONES), risk(state, Side.REELS)
        if state.turn == Side.CONES:
            x += w.tempo + w.extra_turn * state.extra_turns - w.danger_to_mover * cones_risk
            x += w.danger * reels_risk
        else:
            x -= w.tempo + w.extra_turn * state.extra_turns - w.danger_to_mover * reels_risk
            x -= w.danger * cones_risk
        return x + w.entered * (state.entered[0] - state.entered[1])

    def evaluate(self, state: GameState) -> float:
        """The chance the Cones win from ``state`` (1.0 or 0.0 once someone has won)."""
        if state.winner is not None:
            return 1.0 if state.winner == Side.CONES else 0.0
        return 1.0 / (1.0 + math.exp(-self.log_odds(state)))


_MODELS: dict[Ruleset, Model] = {}


def model(ruleset: Ruleset) -> Model:
    """The evaluation model of ``ruleset``, made the first time it is asked for (some 0.15 s
    for Cyningstan's rules on the dev machine: ask for it when a game is chosen)."""
    found = _MODELS.get(ruleset)
    if found is None:
        found = _MODELS[ruleset] = Model(ruleset, weights_for(ruleset))
    return found


model(TAIT)  # the default game's tables are made at import, so no decision waits for them


def evaluator(ruleset: Ruleset) -> Callable[[GameState], float]:
    """``evaluate`` for positions of one ruleset, with its model looked up once."""
    return model(ruleset).evaluate


def bump_risk(state: GameState, side: Side) -> float:
    """The progress of ``side``'s pieces the opponent can expect to bump with one throw."""
    return model(state.ruleset).bump_risk(state, side)


def log_odds(state: GameState) -> float:
    """The fitted log-odds that the Cones win (positive: the Cones are ahead)."""
    return model(state.ruleset).log_odds(state)


def evaluate(state: GameState) -> float:
    """The chance the Cones win from ``state`` (1.0 or 0.0 once someone has won), as a guess."""
    return model(state.ruleset).evaluate(state)


def threatened(state: GameState, side: Side, position: int) -> bool:
    """Whether the opponent could bump a piece of ``side`` at ``position`` with its next throw."""
    rs = state.ruleset
    if not PRIVATE < position < rs.off_at:
        return False
    opp = state.board[1 - side]
    for distance in rs.values:
        behind = position - distance
        if behind > 0 and opp >> behind & 1:
            return True
        usable = state.entered[1 - side] or distance in rs.entry_throws
        if behind == 0 and usable and state.waiting(side.other):
            return True
    return False
