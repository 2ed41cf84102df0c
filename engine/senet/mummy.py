"""What the mummy knows of Senet beyond its rules: the Priest's priorities, the reasons a hint
gives, and the evaluation the Vizier trusts at the end of its search.

>>> from engine.senet import SENET
>>> position = SENET.parse("C:H3,H12,H23 R:H14,H20 turn:C throw:2")
>>> priest_move(position), reason(position, priest_move(position))
(Move(H12-H14), 'captures the Reel on H14 and sends it back to H12')
>>> round(evaluate(SENET.parse("C:H28 R:H2,H3 off:4,3 turn:C")), 2)
0.84
"""

from __future__ import annotations

import math
from typing import NamedTuple

from engine.core.sides import Side
from engine.core.words import N_, phrase, piece_name, side_name
from engine.mummy.minds import by_traits
from engine.senet.board import LAST, ROW, WATER
from engine.senet.core import BOARD, MOVED, OFF, OVER, REELS, TURN, Core, masks
from engine.senet.moves import Move
from engine.senet.position import SenetPosition

THROWS = ((1, 0.25), (2, 0.375), (3, 0.25), (4, 0.0625), (6, 0.0625))
"""Each throw of the four sticks and its chance."""


def capturable(core: Core, code: int, side: Side) -> int:
    """A mask of ``side``'s pieces the opponent could capture with its next throw."""
    other = side.other
    as_opponent = (code & ~TURN | other) | 3 << MOVED  # the opponent to throw, past its first move
    own = masks(code)[side]
    hit = 0
    for value, _ in THROWS:
        for move in core.legal(as_opponent, value):
            end = move.end
            if not move.bears_off and end != WATER and own >> end & 1:
                hit |= 1 << end
    return hit


# --- The Priest --------------------------------------------------------------------------------


class Traits(NamedTuple):
    """What a move does, in the order the Priest values it (a bigger tuple is a better move)."""

    wins: bool
    bears_off: bool
    dry: bool
    """The piece does not step into the House of Water."""
    captures: int
    """The square of the opponent's piece captured (0 when nothing is)."""
    escapes: bool
    """The piece was within the opponent's reach and its new square is not."""
    lands_safe: bool
    rearmost: int
    """Minus the start square: the further back the piece, the bigger."""


def traits(position: SenetPosition, move: Move) -> Traits:
    """What ``move`` does in ``position`` (a legal move of its pending throw)."""
    core = position.rules.core
    side = move.side
    after = core.after_move(position.code, move)
    landed = 0 if move.bears_off else _landed(position.code, after, side)
    safe_after = move.bears_off or not capturable(core, after, side) >> landed & 1
    return Traits(
        wins=bool(after & OVER),
        bears_off=move.bears_off,
        dry=move.bears_off or move.end != WATER,
        captures=move.end if position.is_swap(move) else 0,
        escapes=bool(capturable(core, position.code, side) >> move.start & 1) and safe_after,
        lands_safe=safe_after,
        rearmost=-move.start,
    )


def priest_move(position: SenetPosition) -> Move:
    """The move with the best traits: win, bear off, keep out of the water, capture the
    furthest piece, escape, land out of reach, bring the rearmost piece on."""
    move: Move = by_traits(position, traits)
    return move


def reason(position: SenetPosition, move: Move) -> str:
    """What ``move`` does that makes it worth playing, in a few words."""
    t = traits(position, move)
    if t.wins:
        return phrase(N_("bears off the last piece and wins"))
    if t.bears_off:
        return phrase(N_("bears the piece on {square} off"), square=move.source)
    if not t.dry:
        return phrase(N_("has to step into the House of Water: the piece goes back to "
                         "{square}"), square=position.destination(move))
    if t.captures:
        return phrase(N_("captures the {piece} on {target} and sends it back to {source}"),
                      piece=piece_name(move.side.other), target=move.target, source=move.source)
    if t.escapes:
        return phrase(N_("takes the piece on {square} out of the {other}' reach"),
                      square=move.source, other=side_name(move.side.other))
    return phrase(N_("moves {source} on to {target}, out of reach") if t.lands_safe
                  else N_("moves {source} on to {target}, though it stays within reach"),
                  source=move.source, target=move.target)


# --- The evaluation ----------------------------------------------------------------------------

# Weights of a logistic model of the chance that the Cones win, fitted to 498,012 positions from
# 12,000 games between Priests that blunder at random (tests/benchmarks/senet_fit.py): the
# log-odds is a sum of Cones-minus-Reels terms, one for the square each piece stands on (counted
# from a piece on H1) and one for each piece borne off. Senet is mostly luck: the fit predicts
# the winner of 62% of these positions. The pieces the opponent could capture and whose throw it
# is weigh almost nothing; they are kept small, as fitted.
PIECE = (
    0.0, 0.000, -0.004, 0.070, 0.078, 0.117, 0.121, 0.167, 0.186, 0.203, 0.240,
    0.239, 0.266, 0.285, 0.304, 0.343, 0.346, 0.397, 0.409, 0.421, 0.449,
    0.435, 0.495, 0.528, 0.530, 0.540, 0.688, 0.000, 0.843, 0.820, 0.820,
)  # fmt: skip
"""Log-odds of a piece on each square 1..30 (index 0 and the House of Water unused; H30, where
a piece rests only when exits are exact, is taken as H29: no game of the fit had one there)."""
BORNE_OFF = 0.846
"""Log-odds of a piece borne off."""
EXPOSED = 0.008
"""Per lone piece of the side not to throw within a throw of an opponent's piece."""
TEMPO = 0.035
"""Being the side to throw next."""


def _row_sums(weights: tuple[float, ...]) -> tuple[tuple[float, ...], ...]:
    """For each row of ten, the summed weights of every pattern of pieces in it."""
    rows = []
    for r in range(3):
        sums = [0.0] * (1 << ROW)
        for pattern in range(1, 1 << ROW):
            low = pattern & -pattern
            sums[pattern] = sums[pattern ^ low] + weights[1 + ROW * r + low.bit_length() - 1]
        rows.append(tuple(sums))
    return tuple(rows)


_ROWS = _row_sums(PIECE)


def material(m: int) -> float:
    """The summed square weights of the pieces in mask ``m``."""
    first, second, third = _ROWS
    return first[m >> 1 & 1023] + second[m >> 11 & 1023] + third[m >> 21 & 1023]


def exposed(code: int, side: int) -> int:
    """How many of ``side``'s pieces lie alone within a throw of an opponent's piece (a quick
    count for the evaluation: refuges and blocks are left out)."""
    own = code >> (REELS if side else 0) & BOARD
    opp = code >> (0 if side else REELS) & BOARD
    alone = own & ~(own << 1 | own >> 1)
    reach = opp << 1 | opp << 2 | opp << 3 | opp << 4 | opp << 6
    return (alone & reach).bit_count()


def log_odds(position: SenetPosition) -> float:
    """The log-odds that the Cones win (positive: the Cones are ahead)."""
    code = position.code
    cones, reels = code & BOARD, code >> REELS & BOARD
    off = (code >> OFF & 7) - (code >> (OFF + 3) & 7)
    x = material(cones) - material(reels) + BORNE_OFF * off
    if code & TURN:  # the Reels throw next: the Cones' lone pieces are the ones in danger
        return x - TEMPO - EXPOSED * exposed(code, Side.CONES)
    return x + TEMPO + EXPOSED * exposed(code, Side.REELS)


def evaluate(position: SenetPosition) -> float:
    """The chance the Cones win (1.0 or 0.0 once someone has won), as a guess."""
    if position.code & OVER:
        return 1.0 if position.winner == Side.CONES else 0.0
    if position.opening:
        return 0.5
    return 1.0 / (1.0 + math.exp(-log_odds(position)))


def _landed(before: int, after: int, side: Side) -> int:
    """The square a side's moving piece came to rest on (the new bit in its mask)."""
    shift = REELS if side else 0
    return ((after >> shift & BOARD) & ~(before >> shift & BOARD)).bit_length() - 1


DESCRIPTIONS = {
    "scribe": N_("plays any legal move at random"),
    "priest": N_("wins, bears off, keeps out of the water and captures whenever it can, never "
              "looking ahead"),
    "vizier": N_("weighs every throw that could come next"),
    "neferkaptah": N_("plays as the Vizier (Senet is not solved)"),
}
"""How each level plays Senet, as the terminal and the window say it."""

__all__ = ["DESCRIPTIONS", "LAST", "capturable", "evaluate", "priest_move", "reason", "traits"]
