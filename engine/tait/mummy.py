"""What the mummy knows of Tait's game, and of every rule set its core plays (Cyningstan's too):
the fitted evaluation (``evaluation``), the Priest's priorities (``priest``), the reasons a hint
gives, the Vizier that searches the core's packed positions (``vizier``), Neferkaptah's play
from the solved table (``neferkaptah``) and what a solved table is for these games (``solved``).

>>> from engine.tait.state import GameState
>>> state = GameState.parse("C:C2,M6 R:M7 off:0,1 entered:CR turn:C throw:1")
>>> reason(state, priest_move(state))
'bumps the Reel on M7 back to the start'
"""

from __future__ import annotations

from typing import Any

from engine.core.words import N_, phrase, piece_name, side_name
from engine.tait.board import square_of
from engine.tait.evaluation import evaluate
from engine.tait.moves import Move
from engine.tait.neferkaptah import Neferkaptah
from engine.tait.priest import priest_move, traits
from engine.tait.solved import balanced_move, holds, move_chances, table_chance
from engine.tait.state import GameState
from engine.tait.vizier import Vizier

__all__ = ["balanced", "evaluate", "holds", "perfect", "priest_move", "reason", "table_chance",
           "table_moves", "traits", "vizier"]

table_moves = move_chances
"""Each legal move of the pending throw with the mover's chance after it, from the table."""


def reason(state: GameState, move: Move) -> str:
    """What ``move`` does that makes it worth playing, in a few words."""
    t = traits(state, move)
    side = move.side
    if t.wins:
        return phrase(N_("bears off the last piece and wins"))
    if t.bears_off:
        return phrase(N_("bears the piece on {square} off"), square=move.source)
    if t.bumps:
        return phrase(N_("bumps the {piece} on {square} back to the start"),
                      piece=piece_name(side.other), square=move.target)
    if t.lands_marked:
        return phrase(N_("lands on the marked square {square}: an extra turn"),
                      square=move.target)
    if t.escapes:
        return phrase(N_("takes the piece on {square} out of the {other}' reach"),
                      square=move.source, other=side_name(side.other))
    if move.enters:
        return phrase(N_("enters a piece on {square}") if t.lands_safe else
                      N_("enters a piece on {square}, within reach"), square=move.target)
    rearmost = move.start == min(state.positions(side), default=0) and not state.waiting(side)
    if rearmost:
        return phrase(N_("brings the rearmost piece on to {square}, out of reach") if t.lands_safe
                      else N_("brings the rearmost piece on to {square}, though it stays within "
                              "reach"), square=move.target)
    return phrase(N_("moves {source} on to {target}, out of reach") if t.lands_safe
                  else N_("moves {source} on to {target}, though it stays within reach"),
                  source=square_of(side, move.start), target=move.target)


def vizier() -> Vizier:
    """The Vizier of the core's games: expectiminimax on packed positions."""
    return Vizier()


def perfect(table: Any, searcher: Vizier, state: GameState
            ) -> tuple[Move, float | None, str | None]:
    """Neferkaptah: the solved table's best move, else the Vizier's and why."""
    return Neferkaptah(table, searcher).decide(state)


def balanced(table: Any, state: GameState, target: float) -> Move | None:
    """Fair mode: the move after which the opponent's chance is nearest ``target``."""
    return balanced_move(table, state, target)
