"""A Ramses position: immutable, packed into one int, with the positions that stood before it
(no move may bring one back) and its legal moves.

A turn is two moves by the same player: first one of its own pieces, then one of the
opponent's. Between them the same side is still to play and its legal moves are the opponent's
pieces, so the board, the window and the terminal need nothing special for it.

>>> from engine.ramses import RAMSES
>>> position = RAMSES.new(Side.CONES)
>>> position, events = position.play(position.parse_move("T2-T8"))
>>> position.turn, position.half, [str(m) for m in position.moves][:3]
(<Side.CONES: 0>, 'theirs', ['T19-T2', 'T19-T6', 'T21-T12'])
"""

from __future__ import annotations

import re
from typing import NamedTuple, Protocol

from engine.core.errors import BadNotation, IllegalMove, UnknownSquare, WrongPhase
from engine.core.events import Event, Moved, MovedTheirs, TurnPassed, Won
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.core.words import N_, listing, phrase, piece_name, side_name
from engine.core.wrong import game_over, no_piece_on, not_a_move, not_their_turn
from engine.games.api import Journey, Rules
from engine.ramses.board import CELLS, SPECIAL_MASK, index
from engine.ramses.core import (
    BOARD,
    FIRST,
    HALF,
    OVER,
    REELS,
    TURN,
    Options,
    holder,
    masks,
    moved,
    next_half,
    start,
    steps,
    won,
)
from engine.ramses.core import forget as forget_walks
from engine.ramses.moves import Move

CACHE = 1 << 16
"""Positions whose moves are kept before the cache is emptied (a kiosk's memory stays flat)."""
_cache: dict[tuple[int, Options], tuple[tuple[Move, int, int | None], ...]] = {}


def forget() -> None:
    """Empty the caches of moves and walks."""
    _cache.clear()
    forget_walks()


def options(code: int, rules: Options) -> tuple[tuple[Move, int, int | None], ...]:
    """Each move the side to play could make before the repetition rule, with the position it
    leads to and the side it makes the winner by the special squares (or None)."""
    key = (code, rules)
    found = _cache.get(key)
    if found is None:
        side = 1 if code & TURN else 0
        listed = []
        for cell, owner, end in steps(code, rules):
            after = moved(code, owner, cell, end)
            # Only a piece set on a special square can complete a side's special squares.
            winner = holder(after, rules) if 1 << end & SPECIAL_MASK else None
            listed.append((_move(side, owner, cell, end),
                           won(after, winner) if winner is not None else next_half(after),
                           winner))
        found = tuple(listed)
        if len(_cache) >= CACHE:
            _cache.clear()
        _cache[key] = found
    return found


_moves: list[Move | None] = [None] * (4 * len(CELLS) * len(CELLS))


def _move(side: int, owner: int, cell: int, end: int) -> Move:
    """The one Move object of each (side, owner, start, end): made once, shared."""
    key = ((side * 2 + owner) * len(CELLS) + cell) * len(CELLS) + end
    move = _moves[key]
    if move is None:
        move = _moves[key] = Move(Side(side), Side(owner), cell, end)
    return move


def legal(code: int, seen: frozenset[int], rules: Options) -> tuple[Move, ...]:
    """The legal moves: those that win, and those that bring back no position seen before."""
    if code & OVER:
        return ()
    if rules.repetition_allowed:
        return tuple(move for move, _, _ in options(code, rules))
    return tuple(move for move, after, winner in options(code, rules)
                 if winner is not None or after not in seen)


class RamsesGame(Rules, Options, Protocol):
    """Ramses' rules as its positions see them: the game interface's, and their options
    (``RamsesRules`` is one, and makes the positions)."""


class RamsesPosition(NamedTuple):
    """Where the pieces are, who plays, which half of the turn, and the positions seen so far.

    ``moves`` are the legal moves (never empty while the game goes on: a player without one is
    locked up and has lost)."""

    code: int
    seen: frozenset[int]
    moves: tuple[Move, ...]
    rules: RamsesGame

    @classmethod
    def new(cls, rules: RamsesGame, first: Side = Side.CONES) -> RamsesPosition:
        """The start: the pieces on 2-5 and 19-22, ``first`` to play."""
        return settled(start(first), frozenset(), rules)[0]

    # --- questions -------------------------------------------------------------------------

    @property
    def turn(self) -> Side:
        """The side to play (the winner, once the game is over)."""
        return Side(1 if self.code & TURN else 0)

    @property
    def half(self) -> str:
        """``own`` (the side moves one of its pieces) or ``theirs`` (one of the opponent's)."""
        return "theirs" if self.code & HALF else "own"

    @property
    def first_turn(self) -> bool:
        """Whether the first player's first own move is still to come (it may not end on a
        special square)."""
        return bool(self.code & FIRST)

    @property
    def winner(self) -> Side | None:
        """The side that won, or None while the game goes on."""
        return self.turn if self.code & OVER else None

    @property
    def is_over(self) -> bool:
        """Whether someone has won."""
        return bool(self.code & OVER)

    @property
    def throw(self) -> Throw | None:
        """None: Ramses takes no throw."""
        return None

    @property
    def opening(self) -> bool:
        """False: the board throws nothing for anyone."""
        return False

    @property
    def off(self) -> tuple[int, int]:
        """No piece ever leaves the board."""
        return 0, 0

    def waiting(self, side: Side) -> int:
        """No piece waits to enter."""
        return 0

    def cells(self, side: Side) -> frozenset[str]:
        """The cells a side's pieces stand on."""
        mask = masks(self.code)[side]
        return frozenset(CELLS[i] for i in range(len(CELLS)) if mask >> i & 1)

    def specials(self, side: Side) -> int:
        """How many special squares ``side`` holds."""
        return (masks(self.code)[side] & SPECIAL_MASK).bit_count()

    def occupancy(self) -> frozenset[str]:
        """Every occupied cell: what the reed switches should read."""
        return self.cells(Side.CONES) | self.cells(Side.REELS)

    def owners(self) -> dict[str, Side]:
        """Who stands on each occupied cell."""
        return {cell: side for side in Side for cell in sorted(self.cells(side))}

    def journeys(self, move: Move) -> tuple[Journey, ...]:
        """The one piece that moves, with its owner (the opponent's in a turn's second half)."""
        return (Journey(move.piece, move.source, move.target),)

    # --- changes ---------------------------------------------------------------------------

    def cast(self, throw: Throw) -> tuple[RamsesPosition, tuple[Event, ...]]:
        """Refused: Ramses has no throw."""
        raise WrongPhase("Ramses takes no throw: there is no luck in it")

    def play(self, move: Move) -> tuple[RamsesPosition, tuple[Event, ...]]:
        """Make a legal move; raises IllegalMove (or WrongPhase), leaving the position as it was."""
        if move not in self.moves:
            raise self._why_not(move)
        after, winner = next((a, w) for m, a, w in options(self.code, self.rules) if m == move)
        side = move.side
        events: list[Event] = [(MovedTheirs if move.theirs else Moved)(side, move.source,
                                                                        move.target)]
        if winner is not None:
            events.append(Won(Side(winner), "special squares"))
            return RamsesPosition(after, self.seen, (), self.rules), tuple(events)
        position, more = settled(after, self.seen, self.rules)
        return position, (*events, *more)

    def after(self, move: Move) -> RamsesPosition:
        """The position after a legal move, without its events (search)."""
        return self.play(move)[0]

    def _why_not(self, move: Move) -> Exception:
        if self.is_over:
            return WrongPhase(game_over(self.turn))
        side = self.turn
        if move.side != side:
            return IllegalMove(not_their_turn(side, move.side))
        piece = side if self.half == "own" else side.other
        if move.piece != piece:
            if piece == side:
                return IllegalMove(phrase(N_("{side} move one of their own pieces now"),
                                          side=side_name(side)))
            return IllegalMove(phrase(N_("{side} move one of the {other}' pieces now"),
                                      side=side_name(side), other=side_name(piece)))
        found = [m for m in options(self.code, self.rules) if m[0] == move]
        if found:
            return IllegalMove(phrase(N_("{move} would bring back a position that stood before"),
                                      move=move))
        if move.source not in self.cells(piece):
            return IllegalMove(no_piece_on(piece, move.source))
        if self.half == "theirs" and 1 << move.start & SPECIAL_MASK:
            return IllegalMove(phrase(N_("the {piece} on {square} stands on a special square: it "
                                         "cannot be moved by its opponent"),
                                      piece=piece_name(piece), square=move.source))
        targets = sorted(m.target for m in self.moves if m.start == move.start)
        if targets:
            return IllegalMove(phrase(N_("{move} is not how that piece moves here: it goes to "
                                         "{squares}"), move=move, squares=listing(targets)))
        return IllegalMove(phrase(N_("the piece on {square} cannot move"), square=move.source))

    # --- notation --------------------------------------------------------------------------

    def describe(self, move: Move) -> str:
        """The move in notation (``T3-T8``, ``T4-U15``)."""
        return move.notation()

    def parse_move(self, text: str) -> Move:
        """The legal move ``text`` names: ``T3-T8``, the seed's ``3-8`` or ``4-5(15)``, or just
        the square of the piece when it has one way to go."""
        if self.is_over:
            raise WrongPhase(game_over(self.turn))
        raw = text.strip().upper().replace(" ", "")
        source, dash, target = raw.partition("-")
        try:
            start = index(_cell(source))
            end = index(_cell(target)) if dash else None
        except UnknownSquare as exc:
            raise BadNotation(not_a_move(text, exc)) from None
        mine = [m for m in self.moves if m.start == start]
        if end is None:
            if len(mine) == 1:
                return mine[0]
            if mine:
                raise IllegalMove(phrase(N_("the piece on {square} can go to {squares}: say "
                                            "which"), square=CELLS[start],
                                         squares=listing([m.target for m in mine])))
        for move in mine:
            if move.end == end:
                return move
        piece = self.turn if self.half == "own" else self.turn.other
        raise self._why_not(Move(self.turn, piece, start, start if end is None else end))

    def notation(self) -> str:
        """The position in one line, e.g. ``C:T2,T3,T4,U10 R:T19,T20,T21,L10 turn:C half:own
        first:yes`` (``winner:C`` once it is over)."""
        parts = [f"{side.letter}:{','.join(_ordered(self.cells(side))) or '-'}" for side in Side]
        if self.is_over:
            parts.append(f"winner:{self.turn.letter}")
        else:
            parts += [f"turn:{self.turn.letter}", f"half:{self.half}",
                      f"first:{'yes' if self.first_turn else 'no'}"]
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str, rules: RamsesGame) -> RamsesPosition:
        """The position ``notation()`` wrote (``half`` own and ``first`` no when left out)."""
        try:
            fields = dict(part.split(":", 1) for part in text.split())
        except ValueError:
            raise BadNotation(f"not a position: {text!r} (fields are key:value)") from None
        try:
            return _parse(fields, rules)
        except (ValueError, UnknownSquare) as exc:
            raise BadNotation(f"not a position: {text!r} ({exc})") from None

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"RamsesPosition({self.notation()!r})"


def settled(code: int, seen: frozenset[int], rules: RamsesGame
            ) -> tuple[RamsesPosition, tuple[Event, ...]]:
    """The position ``code`` once it is seen: its legal moves; a second half with none passes
    (if the rules say so); a player left with no move is locked up and loses."""
    seen = seen | {code & ~FIRST}  # the start comes back without the flag: rule 11 bars it
    moves = legal(code, seen, rules)
    events: tuple[Event, ...] = ()
    if not moves and code & HALF and rules.second_move_may_pass:
        code = next_half(code)
        seen = seen | {code}
        moves = legal(code, seen, rules)
        events = (TurnPassed(Side(1 if code & TURN else 0)),)
    if not moves:
        winner = 0 if code & TURN else 1
        return (RamsesPosition(won(code, winner), seen, (), rules),
                (*events, Won(Side(winner), "locked up")))
    return RamsesPosition(code, seen, moves, rules), events


_SEED = re.compile(r"^(\d+)(?:\((\d+)\))?$")


def _cell(text: str) -> str:
    """A cell name from ours (``T3``, ``U15``) or the seed's (``3``, ``5(15)``, ``22(11)``)."""
    found = _SEED.match(text)
    if found is None:
        return text
    n, line = found.groups()
    if n in ("5", "22"):
        if line is None:
            raise UnknownSquare(phrase(N_("{text}: say which square the oblong space is lined "
                                          "up with, like {example}"), text=text,
                                       example=f"{n}(12)"))
        return f"{'U' if n == '5' else 'L'}{line}"
    return f"T{n}"


def _ordered(cells: frozenset[str]) -> list[str]:
    return sorted(cells, key=index)


def _parse(fields: dict[str, str], rules: RamsesGame) -> RamsesPosition:
    known = {"C", "R", "turn", "half", "first", "winner"}
    if unknown := set(fields) - known:
        raise ValueError(f"unknown field {sorted(unknown)[0]!r}")
    code = 0
    taken: set[int] = set()
    for side in Side:
        text = fields.get(side.letter, "-")
        cells = [] if text == "-" else [index(name) for name in text.split(",")]
        if len(cells) != 4:
            raise ValueError(f"the {side.title} have 4 pieces, not {len(cells)}")
        for cell in cells:
            if cell in taken:
                raise ValueError(f"two pieces on {CELLS[cell]}")
            taken.add(cell)
            code |= 1 << (cell + (REELS if side else 0))
    for letter in "UL":
        inside = [CELLS[c] for c in taken if CELLS[c][0] == letter]
        if len(inside) > 1:
            raise ValueError(f"only one piece fits in an oblong space: {', '.join(inside)}")
    if "winner" in fields:
        if set(fields) & {"turn", "half", "first"}:
            raise ValueError("a finished game has a winner, not a turn")
        return RamsesPosition(won(code, Side.parse(fields["winner"])), frozenset({code}), (),
                              rules)
    if holder(code, rules) is not None:
        raise ValueError("a side holds the special squares to win: write winner:")
    code |= TURN if Side.parse(fields.get("turn", "C")) == Side.REELS else 0
    half = fields.get("half", "own")
    if half not in ("own", "theirs"):
        raise ValueError(f"half is own or theirs, not {half!r}")
    code |= HALF if half == "theirs" else 0
    first = fields.get("first", "no")
    if first not in ("yes", "no"):
        raise ValueError(f"first is yes or no, not {first!r}")
    if first == "yes" and half == "theirs":
        raise ValueError("first:yes is the first own move still to come, so half:own")
    code |= FIRST if first == "yes" else 0
    return settled(code, frozenset(), rules)[0]


__all__ = ["BOARD", "RamsesPosition", "forget", "legal", "options", "settled"]
