"""The board and the sticks drawn in text, for the terminal and for logs.

>>> print(sticks_text(Throw.parse("WDWW")))
| . | |  -> 3
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

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
from engine.core.words import N_, Phrase, joined, nphrase, phrase, piece_name, side_name
from engine.games.api import Geometry, Position, Rules

CELL = 5
COLOURED = (N_("the blue Cones"), N_("the amber Reels"))
"""Each side named with the colour its pieces are seen in (Senet's black and white are not)."""


def sticks_text(throw: Throw) -> str:
    """The four sticks as they fell: ``|`` white side up, ``.`` dark side up, then the count."""
    faces = " ".join("|" if white else "." for white in throw.sticks) or "-"
    return f"{faces}  -> {throw.value}"


def dice_text(throw: Throw) -> str:
    """Dice as they fell (a throw holding their faces, ``Throw.of(144)``): ``[1] [4] [4]``."""
    return " ".join(f"[{face}]" for face in str(throw.value))


def throw_text(state: Position, throw: Throw) -> Phrase:
    """A throw named by its game's chance device and shown as it fell: ``the sticks: | . | |  ->
    3``, ``the die: 4``, ``the dice: [1] [4] [4]``."""
    chance = state.rules.chance
    device = chance.name if chance is not None else "sticks"
    if device == "dice":
        return phrase(N_("the dice: {dice}"), dice=dice_text(throw))
    if device == "die" or not throw.sticks:
        return phrase(N_("the die: {n}"), n=throw.value)
    return phrase(N_("the sticks: {sticks}"), sticks=sticks_text(throw))


def board_text(state: Position, highlight: frozenset[str] = frozenset()) -> Phrase:
    """The board's rows as on the table (any game's, from its geometry): ``C``/``R`` pieces
    (``C3``: a stack of three, where a game stacks men), ``*`` marks the marked squares, ``>``
    marks highlighted squares (pieces that can move)."""
    geometry = state.rules.geometry
    owners = state.owners()
    stacks: dict[str, int] = getattr(state, "heights", dict)()  # men stacked on a square
    at = {place: square for square, place in geometry.position.items()}
    lines: list[str] = []
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
    gone = stacks or state.rules.pieces > 5
    if state.rules.chance is not None:  # Ramses' pieces never wait nor leave the board
        for side in Side:
            lines.append(phrase(
                N_("{side}: {waiting} waiting, {off} out of play") if gone else
                N_("{side}: {waiting} waiting, {off} off"),
                side=side_name(side), waiting=state.waiting(side), off=state.off[side]))
    if stacks or getattr(state, "dice", None):  # dice used one at a time: those still in hand
        throw = state.throw
        lines.append(phrase(N_("Dice to use: {dice}"),
                            dice=dice_text(throw) if throw is not None else "-"))
    return Phrase("\n".join(f"{{line{n}}}" for n in range(len(lines))),
                  {f"line{n}": line for n, line in enumerate(lines)})


def thrown_text(rules: Rules, side: Side, throw: Throw) -> Phrase:
    """A throw in a few words, as its game's device fell: ``Cones threw 2.``, ``Reels threw 1,
    4 and 4.`` (the three dice each said, never ``144``)."""
    return phrase(N_("{side} threw {n}."), side=side_name(side), n=throw_said(rules, throw))


def throw_said(rules: Rules, throw: Throw) -> str:
    """What a throw shows, as a player says it: ``3``; dice one by one, ``1, 4 and 4``."""
    chance = rules.chance
    if chance is None or chance.name != "dice":
        return str(throw.value)
    return faces_said(str(throw.value))


def faces_said(faces: str) -> str:
    """Dice by their faces (``144``) as a player says them: ``1, 4 and 4``."""
    return joined(list(faces), N_("{item}, {more}"), last=N_("{item} and {more}"))


def demon_cast_text(throws: Sequence[tuple[Side, Throw]]) -> Phrase:
    """The demon-cast in words: every throw until a side could enter, each with the side that
    threw it, then who enters (``The demon throws for each side in turn until one can enter:
    Cones 2, Reels 3, Cones 4. The Cones enter with the 4.``)."""
    if not throws:
        return phrase(N_("The demon casts the sticks until someone can enter: -"))
    cast = joined([phrase(N_("{side} {n}"), side=side_name(side), n=throw.value)
                   for side, throw in throws], N_("{item}, {more}"))
    side, throw = throws[-1]
    return phrase(N_("The demon throws for each side in turn until one can enter: {cast}. The "
                     "{side} enter with the {n}."), cast=cast, side=side_name(side),
                  n=throw.value)


MOVES = (N_("Cone on {source} to {target}"), N_("Reel on {source} to {target}"))
ENTERS = (N_("a new Cone onto {target}"), N_("a new Reel onto {target}"))
LEAVES = (N_("Cone on {source} off the board"), N_("Reel on {source} off the board"))
BUMPS = (N_("{move}, bumping a Cone"), N_("{move}, bumping a Reel"))
"""A move that sends off the piece on its target square (home, or out of play), by side."""
CAPTURES = (N_("{move}, capturing the Cone on {square}"),
            N_("{move}, capturing the Reel on {square}"))
"""A move that takes a piece it passed on its way (the stacking game), by side."""
SWAPS = (N_("{move}, changing places with a Cone"), N_("{move}, changing places with a Reel"))
WASHED = N_("{move}, washed back to {square}")
"""A piece that steps into the House of Water (Senet) and is washed back."""
WITH_DIE = N_("with the {die}: {move}")
"""A move of a game of several dice, by the die it uses."""


IN_SPACE = (N_("the space above {square}"), N_("the space below {square}"))
"""A place in a long space (Ramses' oblongs), by the square it lies beside: the board draws the
space whole, so the cells' own names (``U15``) are nowhere to be seen."""


def place_text(geometry: Geometry, cell: str) -> str | Phrase:
    """``cell`` as a player finds it on the board: a square by its name, a place in a long space
    by the square it lines up with (``the space above T15``)."""
    if not any(cell in run for run in geometry.oblongs):
        return cell
    row, column = geometry.position[cell]
    for square, (r, c) in geometry.position.items():
        if c == column and abs(r - row) == 1 and not any(square in o for o in geometry.oblongs):
            return phrase(IN_SPACE[r < row], square=square)
    return cell


def places_named(said: Phrase, geometry: Geometry) -> Phrase:
    """``said`` with every cell of a long space in it named as ``place_text`` names it."""
    if not geometry.oblongs:
        return said
    args = {key: places_named(value, geometry) if isinstance(value, Phrase)
            else place_text(geometry, value) if isinstance(value, str) else value
            for key, value in said.args.items()}
    return Phrase(said.msgid, args, said.plural, said.number)


def move_text(state: Position, move: Any) -> Phrase:
    """``move`` of ``state`` in a player's words, the one description every face says (the
    window's status, the terminal's choices, the review, speech, the web page): which piece goes
    from which square to which, the piece it bumps, captures or changes places with, and the die
    it uses where there are several. ``Cone on C2 to M6``, ``a new Reel onto R4, bumping a
    Cone``, ``with the 3: Cone on M9 to M12``. Two moves of a position are never said alike;
    the notation (``C2-M6``) stays for those who type it."""
    mover, *others = state.journeys(move)
    side = mover.side
    source = mover.start if isinstance(mover.start, str) else None
    end = mover.end if isinstance(mover.end, str) else None
    washed = end if end is not None and mover.via else None  # stood in the water, sent back
    target = mover.via[-1] if washed is not None else end
    if source is None and target is not None:
        said = phrase(ENTERS[side], target=target)
    elif target is None and source is not None:
        said = phrase(LEAVES[side], source=source)
    else:
        said = phrase(MOVES[side], source=source, target=target)
    if washed is not None:
        said = phrase(WASHED, move=said, square=washed)
    for other in others:
        if not isinstance(other.start, str):
            continue
        if isinstance(other.end, str):  # the other piece goes to a square: a swap
            said = phrase(SWAPS[other.side], move=said)
        elif other.start == target:  # the piece where the mover lands goes
            said = phrase(BUMPS[other.side], move=said)
        else:  # a piece passed on the way
            said = phrase(CAPTURES[other.side], move=said, square=other.start)
    die = getattr(move, "die", None)  # the stacking game's moves each use one of the dice
    if isinstance(die, int):
        said = phrase(WITH_DIE, die=die, move=said)
    return places_named(said, state.rules.geometry)


def event_text(event: Event, geometry: Geometry | None = None) -> Phrase:
    """One line for an event, in the game's voice (for the terminal, logs and status lines);
    with the game's ``geometry``, a place in a long space named as a player finds it."""
    said = _event_text(event)
    return said if geometry is None else places_named(said, geometry)


def _event_text(event: Event) -> Phrase:
    match event:
        case Entered(side, square):
            return phrase(N_("{side} enter a piece on {square}."), side=side_name(side),
                          square=square)
        case Moved(side, source, target):
            return phrase(N_("{side} move {source} to {target}."), side=side_name(side),
                          source=source, target=target)
        case Bumped(side, square):
            return phrase(N_("Bump! The {piece} on {square} goes back to the start."),
                          piece=piece_name(side), square=square)
        case BorneOff(side, source):
            return phrase(N_("{side} bear a piece off from {source}."), side=side_name(side),
                          source=source)
        case ExtraTurnEarned(side, "six"):
            return phrase(N_("A six: {side} earn an extra turn."), side=side_name(side))
        case ExtraTurnEarned(side, "one"):
            return phrase(N_("A one: {side} throw again."), side=side_name(side))
        case ExtraTurnEarned(side, "four"):
            return phrase(N_("A four: {side} throw again."), side=side_name(side))
        case ExtraTurnEarned(side, _):
            return phrase(N_("A marked square: {side} earn an extra turn."),
                          side=side_name(side))
        case ExtraTurnTaken(side, remaining):
            if remaining:
                return nphrase("{side} take an extra turn ({n} more to come).",
                               "{side} take an extra turn ({n} more to come).", remaining,
                               side=side_name(side))
            return phrase(N_("{side} take an extra turn."), side=side_name(side))
        case ThrowLost(side, throw):
            return phrase(N_("{side} cannot move {n}: the throw is lost."), side=side_name(side),
                          n=throw.value)
        case TurnPassed(side):
            return phrase(N_("Go ahead and throw, {side}."), side=side_name(side))
        case MovedTheirs(side, source, target):
            return phrase(N_("{side} move the {piece} on {source} to {target}."),
                          side=side_name(side), piece=piece_name(side.other), source=source,
                          target=target)
        case Won(side, "locked up"):
            return phrase(N_("{loser} are locked up: they cannot move. {side} win!"),
                          loser=side_name(side.other), side=side_name(side))
        case Won(side, "special squares"):
            return phrase(N_("{side} hold the special squares they need and win!"),
                          side=side_name(side))
        case Won(side):
            return phrase(N_("{side} have borne off every piece and win!"), side=side_name(side))
        case Swapped(side, square, to):
            return phrase(N_("Captured! The {piece} on {square} changes places and goes to "
                             "{to}."), piece=piece_name(side), square=square, to=to)
        case Washed(side, square):
            return phrase(N_("The House of Water washes the {piece} back to {square}."),
                          piece=piece_name(side), square=square)
        case Opened(side):  # black and white name who moves first: tied to the pieces seen
            return phrase(N_("{side} threw the only 1: {pieces} play black and move first, "
                             "{others} play white."), side=side_name(side),
                          pieces=phrase(COLOURED[side]), others=phrase(COLOURED[side.other]))
        case Scored(side, points):
            return nphrase("{side} score {n} point.", "{side} score {n} points.", points,
                           side=side_name(side))
        case LeftBoard(side, source):
            return phrase(N_("A {piece} leaves the board from {source}: out of play."),
                          piece=piece_name(side), source=source)
        case Captured(side, square, out_of_play):
            if out_of_play:
                return phrase(N_("Captured! A {piece} on {square} goes out of play."),
                              piece=piece_name(side), square=square)
            return phrase(N_("Captured! A {piece} on {square} goes back to those waiting."),
                          piece=piece_name(side), square=square)
        case Stuck(side, die):
            return phrase(N_("{side} cannot use the {die}: they lose."), side=side_name(side),
                          die=die)
        case HeldLast(side, square):
            return phrase(N_("{side} begin their turn with three men on {square} and win!"),
                          side=side_name(side), square=square)
    raise AssertionError(f"unknown event {event!r}")
