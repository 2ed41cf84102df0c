"""A piece with more than one way to go, in the window: the squares it may go to and, in the
stacking game, the dice it may use; and the dice the box shows (the used ones dimmed).

    dice_shown(controller)              # (Die(1, used=True), Die(5), Die(6))
    options(state, moves, die=5)        # [Move(5:C2-M7)]: the ways left to tell apart
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.games.api import Position, Rules
from firmware.play.controller import Controller
from firmware.play.evidence import trips
from firmware.words import _
from sim.board.hand import Held
from sim.drawing.dice import Die


@dataclass(frozen=True)
class Choice:
    """A piece clicked that has several ways to go, and what the player has picked so far: the
    die it uses, the square it goes to (None: not yet)."""

    held: Held
    die: int | None = None
    square: str | None = None


def dice_game(rules: Rules) -> bool:
    """Whether the game throws dice used one at a time (the stacking game)."""
    return rules.chance is not None and rules.chance.name == "dice"


def dice_count(rules: Rules) -> int:
    """How many dice a throw of the game holds (a throw's value is its faces, one a digit)."""
    if rules.chance is None:
        return 0
    return max(len(str(value)) for value, _ in rules.chance.outcomes)


def faces(value: int) -> list[int]:
    """The faces a dice throw holds (``156``: 1, 5 and 6)."""
    return [int(c) for c in str(value)]


def dice_shown(controller: Controller) -> tuple[Die, ...]:
    """The dice in the box: the throw of the side to play with the dice it has used dimmed;
    blank dice while a throw is awaited (none for a game without dice)."""
    rules = controller.rules
    if not dice_game(rules):
        return ()
    game = controller.game
    state = game.state if game is not None else None
    thrown = controller.throws.get(state.turn) if state is not None else None
    if state is None or state.throw is None or state.is_over:
        return (Die(None),) * dice_count(rules)
    left = Counter(faces(state.throw.value))
    if thrown is None or left - Counter(faces(thrown.value)):  # a position set up, not thrown
        return tuple(Die(face) for face in faces(state.throw.value)) \
            + (Die(None, used=True),) * (dice_count(rules) - left.total())
    dice = []
    for face in faces(thrown.value):
        dice.append(Die(face, used=left[face] == 0))
        left[face] -= 1 if left[face] else 0
    return tuple(dice)


def options(state: Position, moves: Sequence[Any], die: int | None = None,
            square: str | None = None) -> list[Any]:
    """Of ``moves`` (one piece's), the ways the player tells apart by a click, one for each
    square it may end on, using ``die`` and reaching ``square`` (None: any). Two dice that take
    the piece to one square leave the board alike, so the board takes the smaller (as
    ``firmware.play.tracker`` does), and so does the window; a capture along the way is a
    click of its own, after the move."""
    found: dict[tuple[object, ...], Any] = {}
    for move in sorted(moves, key=lambda m: getattr(m, "die", 0)):
        trip = trips(state, move)[0]
        found.setdefault((trip.end, trip.via), move)
    return [move for move in found.values()
            if (die is None or getattr(move, "die", None) == die)
            and (square is None or square in (*trips(state, move)[0].via,
                                              trips(state, move)[0].end))]


def dice_of(moves: Sequence[Any]) -> list[int]:
    """The faces of the dice ``moves`` use, in rising order (none: moves without dice)."""
    return sorted({die for move in moves if isinstance(die := getattr(move, "die", None), int)})


def ends(state: Position, moves: Sequence[Any]) -> list[str]:
    """The squares ``moves`` bring their piece to, in order (off the board left out)."""
    return sorted({end for move in moves if isinstance(end := trips(state, move)[0].end, str)},
                  key=str)


def asked(state: Position, found: Sequence[Any]) -> str:
    """What the player is to click, of the ways ``found``: a die, or a square."""
    dice, squares = dice_of(found), ends(state, found)
    if len(dice) > 1:
        said = _(" or ").join(map(str, dice))
        return (_("Which die? Click it in the box: {dice} (or the square it goes to).") if
                len(squares) > 1 else _("Which die? Click it in the box: {dice}.")).format(
            dice=said)
    return _("Click the square it goes to: {squares} (or drag it there).").format(
        squares=_(" or ").join(squares))


def ringed(dice: tuple[Die, ...], usable: Sequence[int]) -> frozenset[int]:
    """The dice (by index) that show one of the ``usable`` faces and are still to use."""
    found = set()
    for face in set(usable):
        found |= {i for i, die in enumerate(dice) if die.face == face and not die.used}
    return frozenset(found)
