"""What the games say to a move typed wrong, shared by every game of the family: phrases
(engine.core.words) that a face says in the player's language.

>>> str(no_piece_on(Side.CONES, "M7")), str(either(["1", "4"]))
('no Cone stands on M7', '1 or 4')
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.errors import RulesError
from engine.core.sides import Side
from engine.core.words import N_, Phrase, joined, listing, phrase, piece_name, side_name


def game_over(winner: Side) -> Phrase:
    """Play asked for after the win."""
    return phrase(N_("the game is over: {side} won"), side=side_name(winner))


def must_throw(side: Side) -> Phrase:
    """A move named before the throw."""
    return phrase(N_("{side} must throw before moving"), side=side_name(side))


def not_their_turn(turn: Side, mover: Side) -> Phrase:
    """A move of the side whose turn it is not."""
    return phrase(N_("it is {side}' turn, not {other}'"), side=side_name(turn),
                  other=side_name(mover))


def moves_not_thrown(move: object, steps: int, thrown: int) -> Phrase:
    """A move of another length than the throw."""
    return phrase(N_("{move} moves {steps}, but the throw is {n}"), move=move, steps=steps,
                  n=thrown)


def no_piece_on(side: Side, square: object) -> Phrase:
    """A move from a square where none of the side's pieces stands."""
    return phrase(N_("no {piece} stands on {square}"), piece=piece_name(side), square=square)


def not_a_move(text: str, why: RulesError) -> Phrase:
    """Text that names no move, with the reason (an unknown square)."""
    return phrase(N_("not a move: {text} ({problem})"), text=repr(text.strip()),
                  problem=why.words)


def own_side_holds(squares: Sequence[str]) -> Phrase:
    """Why a throw no piece can use was lost: the squares it would land on hold the mover's
    own pieces."""
    return phrase(N_("A piece may not land on its own side's piece ({squares})."),
                  squares=listing(list(squares)))


def either(items: Sequence[str]) -> str:
    """Items as choices (``1 or 4``), as a phrase so each language says "or" its own way."""
    return joined(items, N_("{item} or {more}"))
