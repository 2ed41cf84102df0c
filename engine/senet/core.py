"""Senet's fast core: a position packed into one int, and the rules as bit operations.

Each side's pieces are a 30-bit mask (bit n for square Hn); the legal moves of a throw are found
for all pieces at once by shifting masks, so a throw costs a handful of integer operations. The
position object (``engine.senet.position``) and the mummy's search are built on these functions.

>>> from engine.senet import SENET
>>> core = SENET.core
>>> code = opened(Side.REELS)
>>> core.legal(code, 1)
(Move(H10-H11),)
"""

from __future__ import annotations

from functools import cache
from typing import Protocol

from engine.core.sides import Side
from engine.senet.board import HAPPINESS, LAST, REBIRTH, REFUGES, ROW, WATER
from engine.senet.moves import MOVE_COUNT, Move, move_number

# The layout of a packed position (bits 0 and 31 of each mask word are free, so the turn and
# the game-over flag live there).
TURN = 1
"""Set when the Reels are to throw or move (the winner, once the game is over)."""
OVER = 1 << 31
REELS = 32
"""The Reels' mask starts at bit 32; the Cones' at bit 0."""
BOARD = ((1 << LAST) - 1) << 1
"""Bits 1..30 of a mask: the squares."""
OFF = 64
"""Pieces borne off: three bits for the Cones at bit 64, three for the Reels at bit 67."""
MOVED = 70
"""Bit 70 (Cones) and 71 (Reels): the side has made its first move."""
BLACK = 1 << 72
"""Set when the Reels play black (on the even squares, moving first)."""
OPENED = 1 << 73
"""Set once the opening throws have decided who plays black."""
SECOND = 1 << 74
"""In the opening: the round's second throw comes next."""
FIRST_ONE = 1 << 75
"""In the opening: the round's first throw was a 1."""

PIECES = 5
BELOW_THIRD = ((1 << (2 * ROW)) - 1) << 1
"""Squares H1-H20: a side with a piece there has not brought every piece to the third row."""
EXTRA_THROWS = frozenset({1, 4, 6})
"""Moving with one of these throws earns another throw."""
VALUES = (1, 2, 3, 4, 6)
PLAIN, CAPTURE, WASH, BEAR = range(4)
"""What a move's table entry does: a plain move (or a capture), the water, bearing off."""


def mask(squares: list[int] | tuple[int, ...] | range) -> int:
    """A mask of square numbers."""
    m = 0
    for n in squares:
        m |= 1 << n
    return m


def start(black: Side) -> int:
    """The board after the opening: black on the even squares 2-10, white on the odd ones."""
    evens, odds = mask(range(2, 2 * PIECES + 1, 2)), mask(range(1, 2 * PIECES, 2))
    cones, reels = (odds, evens) if black == Side.REELS else (evens, odds)
    return cones | reels << REELS


def opened(black: Side) -> int:
    """The packed position once ``black`` has won the opening: pieces set out, black to move."""
    return start(black) | OPENED | (BLACK | TURN if black == Side.REELS else 0)


def masks(code: int) -> tuple[int, int]:
    """The Cones' and the Reels' masks."""
    return code & BOARD, code >> REELS & BOARD


def off_of(code: int, side: int) -> int:
    """Pieces ``side`` has borne off."""
    return code >> (OFF + 3 * side) & 7


def black_of(code: int) -> Side:
    """The side playing black (meaningful once the opening is decided)."""
    return Side.REELS if code & BLACK else Side.CONES


def squares_of(m: int) -> tuple[int, ...]:
    """The square numbers in a mask, lowest first."""
    found = []
    while m:
        low = m & -m
        found.append(low.bit_length() - 1)
        m ^= low
    return tuple(found)


class Options(Protocol):
    """The options a core is worked out for (``SenetRules`` holds them)."""

    @property
    def happiness_exact(self) -> bool: ...

    @property
    def water_to_rebirth(self) -> bool: ...

    @property
    def rebirth_safe(self) -> bool: ...

    @property
    def exact_exits(self) -> bool: ...

    @property
    def backward_when_blocked(self) -> bool: ...


@cache
def core_of(rules: Options) -> Core:
    """The core of ``rules`` (one per distinct set of options)."""
    return Core(rules)


class Core:
    """The rules of one set of options as masks per throw and per move, worked out once."""

    __slots__ = ("back", "by_value", "moves", "rules", "shield", "to_rebirth", "what")

    def __init__(self, rules: Options) -> None:
        self.rules = rules
        self.to_rebirth = rules.water_to_rebirth
        self.shield = mask(sorted(REFUGES | ({REBIRTH} if rules.rebirth_safe else set())))
        # The furthest square a piece may rest on: H30 only when exits are exact, otherwise
        # reaching H30 bears the piece off.
        last = LAST if rules.exact_exits else LAST - 1
        size = max(VALUES) + 1
        land = [mask([s for s in range(1, LAST + 1) if s + v <= last]) for v in range(size)]
        if rules.exact_exits:
            off_exact = [mask([s for s in (28, 29, 30) if s + v == LAST + 1]) for v in range(size)]
            off_over = [0] * size
        else:
            off_exact = [mask([LAST - v]) if v else 0 for v in range(size)]
            off_over = [mask([s for s in range(1, LAST + 1) if s + v > LAST]) for v in range(size)]
        happy = [
            mask([s for s in range(1, HAPPINESS) if s + v > HAPPINESS])
            if rules.happiness_exact else 0
            for v in range(size)
        ]
        self.moves = _moves(rules.exact_exits)
        chunks = _chunks(rules.exact_exits)
        self.by_value = tuple(
            (land[v], off_exact[v], off_over[v], ~happy[v], chunks[0][v], chunks[1][v])
            for v in range(size)
        )
        # Backward moves, when the rules call for them: the starts a throw can go back from, and
        # the moves of each pattern of starts (as for forward moves).
        back = _chunks(rules.exact_exits, backward=True)
        self.back = tuple(
            (mask([s for s in range(1, LAST + 1) if s - v >= 1]), back[0][v], back[1][v])
            for v in range(size)
        ) if rules.backward_when_blocked else None
        # For each move number: what the move does, the bits it flips (the turn too, unless the
        # throw earns another), the opponent's bits a capture flips, and its side's "moved" bit.
        self.what: list[tuple[int, int, int, int]] = [(PLAIN, 0, 0, 0)] * MOVE_COUNT
        for side in Side:
            mine, theirs = (REELS, 0) if side else (0, REELS)
            for v in VALUES:
                for s in range(1, LAST + 1):
                    move = self.moves[side][v][s]
                    assert move is not None
                    t = s + v
                    turn = 0 if v in EXTRA_THROWS else TURN
                    moved = 1 << (MOVED + side)
                    if move.bears_off:
                        entry = (BEAR, turn | 1 << (s + mine), 0, moved)
                    elif t == WATER:
                        entry = (WASH, turn | 1 << (s + mine), 0, moved)
                    else:
                        flip = turn | 1 << (s + mine) | 1 << (t + mine)
                        entry = (PLAIN, flip, 1 << (t + theirs) | 1 << (s + theirs), moved)
                    self.what[move.number] = entry
                for s in range(v + 1, LAST + 1):
                    t = s - v
                    turn = 0 if v in EXTRA_THROWS else TURN
                    moved = 1 << (MOVED + side)
                    if t == WATER:  # back from H28 or beyond into the water
                        entry = (WASH, turn | 1 << (s + mine), 0, moved)
                    else:
                        flip = turn | 1 << (s + mine) | 1 << (t + mine)
                        entry = (PLAIN, flip, 1 << (t + theirs) | 1 << (s + theirs), moved)
                    self.what[move_number(side, s, -v)] = entry

    def legal(self, code: int, value: int) -> tuple[Move, ...]:
        """The legal moves of the side to play for a throw of ``value``, rearmost piece first."""
        side = code & TURN
        land, off_exact, off_over, unhappy, cones, reels = self.by_value[value]
        if side:
            own, opp, table = code >> REELS & BOARD, code & BOARD, reels
        else:
            own, opp, table = code & BOARD, code >> REELS & BOARD, cones
        # A target is barred by an own piece, or by an opponent on a refuge or next to another.
        barred = own | (opp & (self.shield | opp << 1 | opp >> 1))
        ok = own & land & ~(barred >> value) | own & off_exact
        over = own & off_over
        if over and not own & BELOW_THIRD:
            ok |= over
        ok &= unhappy
        if value > 3:
            triples = opp & opp >> 1 & opp >> 2  # bit i: the opponent holds i, i+1 and i+2
            for k in range(1, value - 2) if triples else ():
                ok &= ~(triples >> k)  # starts from which the move would pass all three
        if ok and not code >> (MOVED + side) & 1:
            front = 2 * PIECES if bool(code & BLACK) == side else 2 * PIECES - 1
            if ok >> front & 1:  # a side's first move is made with the piece on its front square
                ok = 1 << front
        if not ok and self.back is not None:
            return self._backward(own, opp, barred, value, side)
        if ok < 1 << (ROW + 1):
            return table[0][ok >> 1]
        return table[0][ok >> 1 & 1023] + table[1][ok >> 11 & 1023] + table[2][ok >> 21]

    def _backward(self, own: int, opp: int, barred: int, value: int, side: int
                  ) -> tuple[Move, ...]:
        """The backward moves of a throw no piece can use forward: the same squares barred, and
        three in a row not to be passed, going the other way."""
        assert self.back is not None
        starts, cones, reels = self.back[value]
        ok = own & starts & ~(barred << value)
        if value > 3:
            triples = opp & opp >> 1 & opp >> 2
            for k in range(3, value) if triples else ():
                ok &= ~(triples << k)  # starts from which the move would pass all three
        table = reels if side else cones
        return table[0][ok >> 1 & 1023] + table[1][ok >> 11 & 1023] + table[2][ok >> 21 & 1023]

    def after_move(self, code: int, move: Move) -> int:
        """The packed position after a legal move (no events: see ``engine.senet.position``)."""
        what, flip, theirs, moved = self.what[move.number]
        code |= moved
        if what == PLAIN:
            return code ^ (flip | theirs if code & theirs else flip)
        code ^= flip
        if what == WASH:
            return code | 1 << (self.washed_to(code) + (REELS if move.side else 0))
        code += 1 << (OFF + 3 * move.side)
        if code >> (OFF + 3 * move.side) & 7 == PIECES:  # the winner stays the side to play
            return code & ~TURN | move.side | OVER
        return code

    def washed_to(self, code: int) -> int:
        """Where a piece stepping into the House of Water goes, the piece already lifted: the
        lowest empty square, or H15 (else the nearest empty square before it)."""
        free = ~(code | code >> REELS) & BOARD
        if self.to_rebirth:
            return (free & ((1 << (REBIRTH + 1)) - 1)).bit_length() - 1
        return (free & -free).bit_length() - 1

    @staticmethod
    def after_loss(code: int) -> int:
        """A throw with no legal move: the turn passes."""
        return code ^ TURN

    @staticmethod
    def after_opening_throw(code: int, value: int) -> tuple[int, bool]:
        """An opening throw: the new packed position, and whether it decided the opening (the
        side with the only 1 of a round then plays black and is to move with that 1)."""
        one = value == 1
        if not code & SECOND:  # the round's first throw: the other side throws next
            return (code ^ TURN) | SECOND | (FIRST_ONE if one else 0), False
        first_one = bool(code & FIRST_ONE)
        code &= ~(SECOND | FIRST_ONE)
        if first_one == one:  # both threw a 1, or neither: another round
            return code ^ TURN, False
        black = Side(code & TURN) if one else Side(code & TURN).other
        return opened(black), True

    @staticmethod
    def score(code: int) -> int:
        """The winner's points: each of the loser's pieces on the board counts 3 on the first
        row, 2 on the second and 1 on the third."""
        loser = (code & TURN) ^ 1
        pieces = code >> (REELS if loser else 0) & BOARD
        return sum(3 - (n - 1) // ROW for n in squares_of(pieces))


@cache
def _moves(exact_exits: bool, backward: bool = False
           ) -> tuple[tuple[tuple[Move | None, ...], ...], ...]:
    """Every move, made once: ``[side][throw][square]`` (None for square 0 and throw 0, and for
    a backward move that would go before H1)."""
    def bears_off(s: int, v: int) -> bool:
        if exact_exits:
            return s + v == LAST + 1 and s >= LAST - 2
        return s + v >= LAST

    def made(side: Side, s: int, v: int) -> Move | None:
        if not s or not v:
            return None
        if backward:
            return Move(side, s, -v) if s - v >= 1 else None
        return Move(side, s, v, bears_off(s, v))

    return tuple(
        tuple(
            tuple(made(side, s, v) for s in range(LAST + 1))
            for v in range(max(VALUES) + 1)
        )
        for side in Side
    )


Chunks = tuple[tuple[tuple[Move, ...], ...], ...]


@cache
def _chunks(exact_exits: bool, backward: bool = False
            ) -> tuple[tuple[Chunks, ...], tuple[Chunks, ...]]:
    """For each side and throw, the moves of every pattern of pieces in each row of ten (so a
    mask of legal starts becomes its tuple of moves by three lookups)."""
    moves = _moves(exact_exits, backward)

    def row_table(table: tuple[Move | None, ...], first: int) -> tuple[tuple[Move, ...], ...]:
        patterns: list[tuple[Move, ...]] = [()]
        for i in range(ROW):  # the patterns with bit i are those without it, plus its move
            move = table[first + i]
            patterns += [(*p, move) for p in patterns] if move is not None else patterns
        return tuple(patterns)

    by_side = tuple(
        tuple(
            tuple(row_table(moves[side][v], 1 + ROW * r) for r in range(3))
            for v in range(max(VALUES) + 1)
        )
        for side in Side
    )
    return by_side[0], by_side[1]


__all__ = ["Core", "Options", "core_of"]
