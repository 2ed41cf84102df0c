"""The board and the sticks drawn in text, for the terminal and for logs.

>>> print(sticks_text(Throw.parse("WDWW")))
| . | |  -> 3
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.events import (
    BorneOff,
    Bumped,
    Captured,
    Entered,
    Event,
    ExtraTurnEarned,
    ExtraTurnTaken,
    HeldLast,
    LeftBoard,
    Moved,
    MovedTheirs,
    Opened,
    Scored,
    Stuck,
    Swapped,
    ThrowLost,
    TurnPassed,
    Washed,
    Won,
)
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.games.api import Position

CELL = 5


def sticks_text(throw: Throw) -> str:
    """The four sticks as they fell: ``|`` white side up, ``.`` dark side up, then the count."""
    faces = " ".join("|" if white else "." for white in throw.sticks) or "die"
    return f"{faces}  -> {throw.value}"


def dice_text(throw: Throw) -> str:
    """Dice as they fell (a throw holding their faces, ``Throw.of(144)``): ``[1] [4] [4]``."""
    return " ".join(f"[{face}]" for face in str(throw.value))


def throw_text(state: Position, throw: Throw) -> str:
    """A throw named by its game's chance device and shown as it fell: ``the sticks: | . | |  ->
    3``, ``the die: 4``, ``the dice: [1] [4] [4]``."""
    chance = state.rules.chance
    device = chance.name if chance is not None else "sticks"
    if device == "dice":
        return f"the dice: {dice_text(throw)}"
    if device == "die" or not throw.sticks:
        return f"the {device}: {throw.value}"
    return f"the sticks: {sticks_text(throw)}"


def board_text(state: Position, highlight: frozenset[str] = frozenset()) -> str:
    """The board's rows as on the table (any game's, from its geometry): ``C``/``R`` pieces
    (``C3``: a stack of three, where a game stacks men), ``*`` marks the marked squares, ``>``
    marks highlighted squares (pieces that can move)."""
    geometry = state.rules.geometry
    owners = state.owners()
    stacks: dict[str, int] = getattr(state, "heights", dict)()  # men stacked on a square
    at = {place: square for square, place in geometry.position.items()}
    lines = []
    for row in range(geometry.rows):
        line = [at.get((row, column)) for column in range(geometry.columns)]
        cells = []
        for square in line:
            if square is None:
                cells.append(" " * CELL)
                continue
            side = owners.get(square)
            piece = side.letter if side is not None else ("*" if square in geometry.marked else "")
            if stacks.get(square, 1) > 1:
                piece += str(stacks[square])
            mark = ">" if square in highlight else " "
            cells.append(f"{mark}[{piece:^2}]"[:CELL])
        lines.append("".join(cells).rstrip())
        lines.append("".join(f" {sq or '':<4}" for sq in line).rstrip())
    gone = "out of play" if stacks or state.rules.pieces > 5 else "off"
    if state.rules.chance is not None:  # Ramses' pieces never wait nor leave the board
        for side in Side:
            lines.append(f"{side.title}: {state.waiting(side)} waiting, {state.off[side]} {gone}")
    if stacks or getattr(state, "dice", None):  # dice used one at a time: those still in hand
        throw = state.throw
        lines.append(f"Dice to use: {dice_text(throw) if throw is not None else '-'}")
    return "\n".join(lines)


def thrown_text(side: Side, throw: Throw) -> str:
    """A throw in a few words: ``Cones threw 2.``"""
    return f"{side.title} threw {throw.value}."


def demon_cast_text(throws: Sequence[tuple[Side, Throw]]) -> str:
    """The demon-cast in one line: every throw until a side could enter, the one that enters
    last (``C2 R3 C4: the Cones enter with the 4.``)."""
    if not throws:
        return "The demon casts the sticks until someone can enter: -"
    cast = " ".join(f"{side.letter}{throw.value}" for side, throw in throws)
    side, throw = throws[-1]
    return (f"The demon casts the sticks until someone can enter: {cast}: the {side.title} "
            f"enter with the {throw.value}.")


def event_text(event: Event) -> str:
    """One line for an event, in the game's voice (for the terminal, logs and status lines)."""
    match event:
        case Entered(side, square):
            return f"{side.title} enter a piece on {square}."
        case Moved(side, source, target):
            return f"{side.title} move {source} to {target}."
        case Bumped(side, square):
            return f"Bump! The {side.title[:-1]} on {square} goes back to the start."
        case BorneOff(side, source):
            return f"{side.title} bear a piece off from {source}."
        case ExtraTurnEarned(side, "six"):
            return f"A six: {side.title} earn an extra turn."
        case ExtraTurnEarned(side, "one" | "four" as throw):
            return f"A {throw}: {side.title} throw again."
        case ExtraTurnEarned(side, _):
            return f"A marked square: {side.title} earn an extra turn."
        case ExtraTurnTaken(side, remaining):
            more = f" ({remaining} more to come)" if remaining else ""
            return f"{side.title} take an extra turn{more}."
        case ThrowLost(side, throw):
            return f"{side.title} cannot move {throw.value}: the throw is lost."
        case TurnPassed(side):
            return f"Go ahead and throw, {side.title}."
        case MovedTheirs(side, source, target):
            return f"{side.title} move the {side.other.title[:-1]} on {source} to {target}."
        case Won(side, "locked up"):
            return f"{side.other.title} are locked up: they cannot move. {side.title} win!"
        case Won(side, "special squares"):
            return f"{side.title} hold the special squares they need and win!"
        case Won(side):
            return f"{side.title} have borne off every piece and win!"
        case Swapped(side, square, to):
            return f"Captured! The {side.title[:-1]} on {square} changes places and goes to {to}."
        case Washed(side, square):
            return f"The House of Water washes the {side.title[:-1]} back to {square}."
        case Opened(side):
            return f"{side.title} threw the only 1: they play black and move first."
        case Scored(side, points):
            return f"{side.title} score {points} point{'s' if points != 1 else ''}."
        case LeftBoard(side, source):
            return f"A {side.title[:-1]} leaves the board from {source}: out of play."
        case Captured(side, square, out_of_play):
            where = "out of play" if out_of_play else "back to those waiting"
            return f"Captured! A {side.title[:-1]} on {square} goes {where}."
        case Stuck(side, die):
            return f"{side.title} cannot use the {die}: they lose."
        case HeldLast(side, square):
            return f"{side.title} begin their turn with three men on {square} and win!"
    raise AssertionError(f"unknown event {event!r}")
