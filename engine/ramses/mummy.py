"""What the mummy knows of Ramses beyond its rules: the Priest's priorities, the reasons a hint
gives, the evaluation where the search stops, and the alpha-beta search of each level.

>>> from engine.ramses import RAMSES
>>> position = RAMSES.parse("C:T12,T17,T18,T19 R:T1,T2,T16,U12 turn:C")
>>> priest_move(position), reason(position, priest_move(position))
(Move(T12-T9), 'takes a third special square and wins')
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from functools import cache
from typing import Any, NamedTuple

from engine.core.sides import Side
from engine.core.words import N_, phrase, piece_name
from engine.mummy.alphabeta import AlphaBeta
from engine.mummy.minds import by_traits
from engine.ramses.board import CELLS, NEIGHBOURS, SPECIAL_MASK
from engine.ramses.core import BOARD, HALF, OVER, REELS, TURN, next_half
from engine.ramses.moves import Move
from engine.ramses.position import RamsesPosition, options
from engine.ramses.rules import RAMSES, RamsesRules

# --- the evaluation ----------------------------------------------------------------------------

HELD = 1.2
"""Log-odds of each special square held (a third one wins)."""
NEAR = 0.25
"""Log-odds of a piece off the special squares next to an empty one (a square from taking it)."""
TEMPO = 0.3
"""Being the side that moves its own piece next."""

_BESIDE = tuple(sum(1 << n for n in NEIGHBOURS[cell]) for cell in range(len(CELLS)))


def _near(pieces: int, empty_specials: int) -> int:
    """How many of ``pieces`` (off the special squares) stand next to an empty special square."""
    count = 0
    rest = pieces & ~SPECIAL_MASK
    while rest:
        low = rest & -rest
        rest ^= low
        if _BESIDE[low.bit_length() - 1] & empty_specials:
            count += 1
    return count


def log_odds(code: int) -> float:
    """The log-odds that the Cones win (positive: the Cones are ahead)."""
    cones, reels = code & BOARD, code >> REELS & BOARD
    empty = SPECIAL_MASK & ~(cones | reels)
    x = HELD * ((cones & SPECIAL_MASK).bit_count() - (reels & SPECIAL_MASK).bit_count())
    x += NEAR * (_near(cones, empty) - _near(reels, empty))
    cones_next = not code & TURN if not code & HALF else bool(code & TURN)
    return x + (TEMPO if cones_next else -TEMPO)


def evaluate_code(code: int) -> float:
    """The Cones' chance to win, as a guess (1.0 or 0.0 once the game is over)."""
    if code & OVER:
        return 0.0 if code & TURN else 1.0
    return 1.0 / (1.0 + math.exp(-log_odds(code)))


def evaluate(position: RamsesPosition) -> float:
    """The Cones' chance to win from ``position``, as a guess."""
    return evaluate_code(position.code)


# --- the search --------------------------------------------------------------------------------


class RamsesTree:
    """Ramses' rules as the alpha-beta search walks them: packed positions, cached moves."""

    def __init__(self, rules: RamsesRules) -> None:
        self.rules = rules

    def moves(self, code: int, barred: Collection[int]) -> Sequence[tuple[Any, int, Side | None]]:
        found: list[tuple[Any, int, Side | None]] = []
        repeat = not self.rules.repetition_allowed
        for move, after, winner in options(code, self.rules):
            if winner is not None:
                found.append((move, after, Side(winner)))
            elif not (repeat and after in barred):
                found.append((move, after, None))
        found.sort(key=lambda m: m[2] is None)  # wins first
        return found

    def cones_to_play(self, code: int) -> bool:
        return not code & TURN

    def stuck(self, code: int, barred: Collection[int]) -> tuple[int | None, Side | None]:
        if code & HALF and self.rules.second_move_may_pass:
            after = next_half(code)  # a pass is no move: rule 11 does not bar where it leads
            if self.moves(after, barred):
                return after, None
            return None, Side(0 if after & TURN else 1)
        return None, Side(0 if code & TURN else 1)

    def evaluate(self, code: int) -> float:
        return evaluate_code(code)


LEVELS = {2: (4, 600), 3: (12, 1_500)}
"""Search depth (plies: two to a turn) and node budget of each searching level: the Vizier (2)
looks its turn and the opponent's ahead within 600 positions, Neferkaptah (3) as deep as 1,500
positions allow; each well under 100 ms a move (docs/mummy/strength.md)."""


@cache
def _tree(rules: RamsesRules) -> RamsesTree:
    return RamsesTree(rules)


def searcher(level: int, rules: RamsesRules | None = None) -> AlphaBeta:
    """The alpha-beta search of a level (2: the Vizier, 3: Neferkaptah)."""
    depth, nodes = LEVELS[level]
    return AlphaBeta(_tree(rules if rules is not None else RAMSES), depth, nodes)


# --- the Priest --------------------------------------------------------------------------------


class Traits(NamedTuple):
    """What a move does, in the order the Priest values it (a bigger tuple is a better move)."""

    wins: bool
    safe: bool
    """The move does not hand the opponent the game (its third special square)."""
    held: int
    """Special squares the mover holds after the move, less the opponent's."""
    near: int
    """The mover's pieces next to an empty special square, less the opponent's."""


def traits(position: RamsesPosition, move: Move) -> Traits:
    """What ``move`` does in ``position``."""
    after, winner = next((a, w) for m, a, w in options(position.code, position.rules)
                         if m == move)
    side = move.side
    mine, theirs = (after & BOARD, after >> REELS & BOARD)
    if side:
        mine, theirs = theirs, mine
    empty = SPECIAL_MASK & ~(mine | theirs)
    return Traits(
        wins=winner == side,
        safe=winner is None or winner == side,
        held=(mine & SPECIAL_MASK).bit_count() - (theirs & SPECIAL_MASK).bit_count(),
        near=_near(mine, empty) - _near(theirs, empty),
    )


def priest_move(position: RamsesPosition) -> Move:
    """The move with the best traits: win, never hand over the game, hold special squares,
    stand next to empty ones and keep the opponent's pieces away from them."""
    move: Move = by_traits(position, traits)
    return move


def reason(position: RamsesPosition, move: Move) -> str:
    """What ``move`` does that makes it worth playing, in a few words."""
    t = traits(position, move)
    if t.wins:
        return phrase(N_("takes a third special square and wins"))
    if not t.safe:
        return phrase(N_("is forced: it hands the opponent its third special square"))
    if move.theirs:
        return phrase(N_("moves the {piece} on {source} to {target}, away from the special "
                         "squares it could take"), piece=piece_name(move.piece),
                      source=move.source, target=move.target)
    if 1 << move.end & SPECIAL_MASK:
        return phrase(N_("takes the special square {square}"), square=move.target)
    return phrase(N_("moves {source} to {target}, closer to the special squares"),
                  source=move.source, target=move.target)


DESCRIPTIONS = {
    "scribe": N_("plays any legal move at random"),
    "priest": N_("takes special squares and keeps yours away from them, never looking ahead"),
    "vizier": N_("looks four moves ahead"),
    "neferkaptah": N_("looks up to twelve moves ahead, as far as it can in a moment"),
}
"""How each level plays Ramses, as the terminal and the window say it."""
