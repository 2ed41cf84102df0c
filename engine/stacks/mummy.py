"""What the mummy knows of the stacking game beyond its rules: the Priest's priorities, the
reasons a hint gives, and the evaluation the Vizier trusts once a turn's dice are used up.

The Vizier is the generic search (``engine.mummy.search``) at depth 0: it tries every way to use
the dice still in hand (the three dice of a turn in every order, some 250 positions on average,
under 3,200 at most) and judges where each leaves the turn.

>>> from engine.stacks import STACKS
>>> position = STACKS.parse("C:w12,M12,M13 R:w12,M15x3 turn:C dice:45")
>>> priest_move(position), reason(position, priest_move(position))
(Move(4:M12-offxM15), 'breaks up the Reels on M15, sending one back to wait')
"""

from __future__ import annotations

import math
from operator import mul
from typing import NamedTuple

from engine.core.sides import Side
from engine.core.words import N_, phrase, piece_name, side_name
from engine.mummy.minds import by_traits
from engine.stacks.board import CAPACITY, FIRST_READY, LAST, ROW
from engine.stacks.moves import Move
from engine.stacks.position import StacksPosition

DEPTH = 0
"""Throws the Vizier looks beyond the dice in hand: the opponent's 56 throws, each with some 250
ways to use them, would take seconds."""
NODE_LIMIT = 40_000
"""Moves one decision may try: more than the dice in hand ever need (the most measured is
some 18,000 in 500 decisions); beyond it each move is judged alone."""


# --- The Priest --------------------------------------------------------------------------------


class Traits(NamedTuple):
    """What a move does, in the order the Priest values it (a bigger tuple is a better move)."""

    breaks_last: bool
    """Captures an opposing man from the last square."""
    completes_last: bool
    """Lands the mover's third man on the last square."""
    stays: bool
    """The man stays on the board (does not go out of play)."""
    removes: bool
    """Captures a lone opposing man, out of play."""
    lands_last: bool
    enters: bool
    recycles: bool
    """Captures one of the mover's own men, back to wait (it will travel again)."""
    rearmost: int
    """Minus the start square: the further back the man, the bigger."""


def traits(position: StacksPosition, move: Move) -> Traits:
    """What ``move`` does in ``position`` (a legal move of its pending dice)."""
    side = move.side
    own, opp = position.men[side], position.men[1 - side]
    c = move.capture
    theirs = bool(c) and not own[c]
    return Traits(
        breaks_last=theirs and c == LAST,
        completes_last=move.end == LAST and own[LAST] == CAPACITY - 1,
        stays=not move.leaves,
        removes=theirs and c != LAST and opp[c] == 1,
        lands_last=move.end == LAST,
        enters=move.enters,
        recycles=bool(c) and not theirs,
        rearmost=-move.start,
    )


def priest_move(position: StacksPosition) -> Move:
    """The move with the best traits: break up the opponent's men on the last square, complete
    three there, keep the man on the board, capture a lone man, land on the last square, enter,
    recycle one's own man, move the rearmost man."""
    move: Move = by_traits(position, traits)
    return move


def reason(position: StacksPosition, move: Move) -> str:
    """What ``move`` does that makes it worth playing, in a few words."""
    t = traits(position, move)
    other = move.side.other
    taken = f"M{move.capture}" if move.capture > ROW else f"{move.side.letter}{move.capture}"
    if t.breaks_last:
        return phrase(N_("breaks up the {side} on {square}, sending one back to wait"),
                      side=side_name(other), square=taken)
    if t.completes_last:
        return phrase(N_("puts a third man on the last square: they win unless broken up"))
    if t.removes:
        return phrase(N_("captures the lone {piece} on {square}: out of play"),
                      piece=piece_name(other), square=taken)
    if t.lands_last:
        return phrase(N_("lands a man on the last square"))
    if move.leaves:
        return phrase(N_("has to take the man on {square} off the board"), square=move.source)
    if t.recycles:
        return phrase(N_("takes its own man on {square} back to wait, to travel again"),
                      square=taken)
    if move.enters:
        return phrase(N_("enters a man on {square}"), square=move.target)
    return phrase(N_("moves {source} on to {target}"), source=move.source, target=move.target)


# --- The evaluation ----------------------------------------------------------------------------

# Weights of a logistic model of the chance that the Cones win, fitted to 112,798 positions at
# the end of a turn from 12,000 games between Priests that blunder at random
# (tests/benchmarks/stacks_fit.py; it predicts the winner of 75.5% of them): the log-odds is a sum
# of Cones-minus-Reels terms, one per man waiting (index 0) and on each path square, counted from
# a man out of play; then three men on the last square, and whose turn it is. A man is worth about
# as much wherever it is: the game is lost by running out of men. Two men on the last square
# weigh nothing beyond their squares (the fit found 0.000).
MAN = (
    0.902, 0.984, 0.985, 0.987, 1.017, 1.055, 0.935, 0.861, 0.873, 1.056, 0.987, 0.855, 0.822,
    0.746, 0.705, 1.477,
)  # fmt: skip
"""Log-odds of a man waiting (index 0) and on each path square 1..15."""
THREE_ON_LAST = 3.042
"""Three men on the last square, at the end of the side's own turn: the opponent must break
them up with its dice or lose."""
TEMPO = 0.242
"""Being the side to throw next."""


_MEN: dict[tuple[int, ...], float] = {}


def _men(men: tuple[int, ...]) -> float:
    """The summed weights of one side's men (kept: a search meets the same side's men often)."""
    value = _MEN.get(men)
    if value is None:
        if len(_MEN) > 1 << 16:
            _MEN.clear()
        value = _MEN[men] = sum(map(mul, MAN, men))
    return value


def log_odds(position: StacksPosition) -> float:
    """The log-odds that the Cones win (positive: the Cones are ahead)."""
    cones, reels = position.men
    x = _men(cones) - _men(reels)
    if cones[LAST] == CAPACITY:
        x += THREE_ON_LAST
    elif reels[LAST] == CAPACITY:
        x -= THREE_ON_LAST
    return x + (TEMPO if position.turn == Side.CONES else -TEMPO)


def evaluate(position: StacksPosition) -> float:
    """The chance the Cones win (1.0 or 0.0 once someone has won), as a guess."""
    if position.winner is not None:
        return 1.0 if position.winner == Side.CONES else 0.0
    return 1.0 / (1.0 + math.exp(-log_odds(position)))


DESCRIPTIONS = {
    "scribe": N_("plays any legal move at random"),
    "priest": N_("breaks up your men on the last square, completes its own three and captures "
              "lone men, never looking ahead"),
    "vizier": N_("tries every way to use the dice in hand and judges where the turn ends"),
    "neferkaptah": N_("plays as the Vizier (the stacking game is not solved)"),
}
"""How each level plays the stacking game, as the terminal and the window say it."""

__all__ = ["DEPTH", "DESCRIPTIONS", "FIRST_READY", "evaluate", "priest_move", "reason", "traits"]
