"""A Senet position: immutable, packed into one int, answering every rules question.

>>> from engine.senet import SENET
>>> position, events = SENET.new(Side.CONES).cast(Throw.of(1))
>>> position, events = position.cast(Throw.of(3))
>>> events, position.moves
((Opened(side=<Side.CONES: 0>),), (Move(H10-H11),))
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple, Protocol

from engine.core.errors import BadNotation, IllegalMove, IllegalThrow, UnknownSquare, WrongPhase
from engine.core.events import (
    BorneOff,
    Event,
    ExtraTurnEarned,
    ExtraTurnTaken,
    Moved,
    Opened,
    Scored,
    Swapped,
    ThrowLost,
    TurnPassed,
    Washed,
    Won,
)
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.core.words import N_, Phrase, listing, phrase, piece_name, side_name
from engine.core.wrong import (
    game_over,
    moves_not_thrown,
    must_throw,
    no_piece_on,
    not_a_move,
    not_their_turn,
    own_side_holds,
)
from engine.games.api import Journey, Offboard, Rules
from engine.senet.board import LAST, REFUGES, ROW, WATER, number, square
from engine.senet.core import (
    BOARD,
    EXTRA_THROWS,
    FIRST_ONE,
    MOVED,
    OPENED,
    OVER,
    PIECES,
    REELS,
    SECOND,
    TURN,
    VALUES,
    Core,
    Options,
    black_of,
    masks,
    off_of,
    squares_of,
)
from engine.senet.moves import MOVE_COUNT, Move, move_number


class SenetGame(Rules, Options, Protocol):
    """Senet's rules as its positions see them: the game interface's, their options and the core
    worked out for them (``SenetRules`` is one, and makes the positions)."""

    @property
    def core(self) -> Core:
        """The rules as bit operations on packed positions."""

    @property
    def _core(self) -> Core | None:
        """The core once made (None before), read on the hot path."""


class SenetPosition(NamedTuple):
    """Where the pieces are, whose turn, the opening, and the pending throw with its moves.

    ``code`` packs the position (see ``engine.senet.core``). While a throw is pending, ``moves``
    holds its legal moves (never empty: a throw without one is lost at once).
    """

    code: int
    throw: Throw | None
    moves: tuple[Move, ...]
    rules: SenetGame

    @classmethod
    def new(cls, rules: SenetGame, first: Side = Side.CONES) -> SenetPosition:
        """The start: no piece set out yet, ``first`` to throw the first opening throw."""
        return cls(TURN if first == Side.REELS else 0, None, (), rules)

    # --- questions -------------------------------------------------------------------------

    @property
    def turn(self) -> Side:
        """The side to throw or move (the winner, once the game is over)."""
        return Side(self.code & TURN)

    @property
    def winner(self) -> Side | None:
        """The side that bore off all its pieces, or None while the game goes on."""
        return Side(self.code & TURN) if self.code & OVER else None

    @property
    def is_over(self) -> bool:
        """Whether someone has won."""
        return bool(self.code & OVER)

    @property
    def opening(self) -> bool:
        """Whether the opening throws (for the only 1 of a round) are still being thrown."""
        return not self.code & OPENED

    @property
    def black(self) -> Side | None:
        """The side playing black (on the even squares, moving first), once the opening is over."""
        return black_of(self.code) if self.code & OPENED else None

    @property
    def off(self) -> tuple[int, int]:
        """Pieces each side has borne off."""
        return off_of(self.code, 0), off_of(self.code, 1)

    @property
    def score(self) -> int:
        """The winner's points (0 while the game goes on)."""
        return self.rules.core.score(self.code) if self.code & OVER else 0

    def waiting(self, side: Side) -> int:
        """Pieces of ``side`` not yet set out on the board (all of them during the opening)."""
        return 0 if self.code & OPENED else PIECES

    def has_moved(self, side: Side) -> bool:
        """Whether ``side`` has made its first move (which must start from its front square)."""
        return bool(self.code >> (MOVED + side) & 1)

    def numbers(self, side: Side) -> tuple[int, ...]:
        """The square numbers of a side's pieces, rearmost first."""
        return squares_of(masks(self.code)[side])

    def squares(self, side: Side) -> frozenset[str]:
        """The squares a side's pieces stand on."""
        return frozenset(square(n) for n in self.numbers(side))

    def occupancy(self) -> frozenset[str]:
        """Every occupied square: what the reed switches should read."""
        return self.squares(Side.CONES) | self.squares(Side.REELS)

    def owners(self) -> dict[str, Side]:
        """Who stands on each occupied square."""
        return {square(n): side for side in Side for n in self.numbers(side)}

    def owner(self, name: str) -> Side | None:
        """The side whose piece stands on square ``name``, or None."""
        n = number(name)
        for side, m in zip(Side, masks(self.code), strict=True):
            if m >> n & 1:
                return side
        return None

    def legal_moves(self, throw: Throw | None = None) -> tuple[Move, ...]:
        """The moves the side to play may make with ``throw`` (default: the pending throw)."""
        if throw is None:
            return self.moves
        if self.code & OVER or not self.code & OPENED:
            return ()
        value = throw.value
        if value not in _VALUES:
            raise IllegalThrow(f"the four sticks cannot show {value}: they show 1, 2, 3, 4 or 6")
        return self.rules.core.legal(self.code, value)

    def why_lost(self, throw: Throw) -> tuple[Phrase, ...]:
        """Why the side to throw could move no piece forward by ``throw``, in the rules a
        newcomer cannot guess: its own pieces, two of the opponent's side by side, a house where
        a piece is safe, three in a row, or leaving the board before every piece is on the
        bottom row (none when the throw has a move, or in the opening)."""
        if self.is_over or not self.code & OPENED or self.rules.core.legal(self.code,
                                                                            throw.value):
            return ()
        side, value = self.turn, throw.value
        own, opp = set(self.numbers(side)), set(self.numbers(side.other))
        safe = set(REFUGES) | ({15} if self.rules.rebirth_safe else set())
        held, protected, refuge, three, early = [], [], [], False, False
        for start in sorted(own):
            end = start + value
            if any({n, n + 1, n + 2} <= opp for n in range(start + 1, end - 2)):
                three = True
            elif end > LAST or (end == LAST and not self.rules.exact_exits):
                early = early or (end > LAST and min(own) <= 2 * ROW)
            elif end in own:
                held.append(square(end))
            elif end in opp and end in safe:
                refuge.append(square(end))
            elif end in opp and {end - 1, end + 1} & opp:
                protected.append(square(end))
        why = [own_side_holds(held)] if held else []
        if protected:
            why.append(phrase(N_("Two of the opponent's pieces side by side protect each other "
                                 "({squares})."), squares=listing(protected)))
        if refuge:
            why.append(phrase(N_("A piece on H26, H28 or H29 cannot be captured ({squares})."),
                              squares=listing(refuge)))
        if three:
            why.append(phrase(N_("No piece may pass three of the opponent's pieces in a row.")))
        if early:
            why.append(phrase(N_("A piece leaves past H30 only once all its side's pieces stand "
                                 "on the bottom row.")))
        return tuple(why)

    def is_swap(self, move: Move) -> bool:
        """Whether ``move`` lands on an opponent's piece and changes places with it."""
        if move.bears_off:
            return False
        return bool(masks(self.code)[1 - move.side] >> move.end & 1)

    def destination(self, move: Move) -> str | None:
        """Where the moving piece comes to rest (after the House of Water), None if borne off."""
        if move.bears_off:
            return None
        if move.end != WATER:
            return square(move.end)
        return square(_arrival(self.rules.core, self.code, move))

    def journeys(self, move: Move) -> tuple[Journey, ...]:
        """The pieces' journeys ``move`` makes, the mover's first: a captured piece goes to the
        mover's square; a piece stepping into the House of Water stands on H27 on its way back; a
        piece bearing off stands on H30 on its way off, unless H30 is taken or its own square."""
        side, source = move.side, move.source
        if move.bears_off:
            last = square(LAST)
            free = move.start != LAST and not (self.code | self.code >> REELS) >> LAST & 1
            return (Journey(side, source, Offboard.BORNE_OFF, via=(last,) if free else ()),)
        target = square(move.end)
        if move.end == WATER:
            return (Journey(side, source, square(_arrival(self.rules.core, self.code, move)),
                            via=(target,)),)
        if self.is_swap(move):
            return Journey(side, source, target), Journey(side.other, target, source)
        return (Journey(side, source, target),)

    # --- changes ---------------------------------------------------------------------------

    def cast(self, throw: Throw) -> tuple[SenetPosition, tuple[Event, ...]]:
        """The side to play throws; a throw with no legal move is lost and the turn passes."""
        code = self.code
        if self.throw is not None or code & OVER:
            raise WrongPhase(self._why_no_throw())
        rules = self.rules
        core = rules._core or rules.core
        value = throw.value
        if value not in _VALUES:
            raise IllegalThrow(f"the four sticks cannot show {value}: they show 1, 2, 3, 4 or 6")
        if not code & OPENED:
            after, decided = core.after_opening_throw(code, value)
            if not decided:
                return _new(after, None, (), self.rules), (_turn_passed(after & TURN),)
            pending = throw if throw.value == 1 else Throw.of(1)
            black = black_of(after)
            return (_new(after, pending, core.legal(after, 1), self.rules),
                    (_opened(black),))
        moves = core.legal(code, value)
        if moves:
            return _tuple_new(SenetPosition, (code, throw, moves, rules)), ()
        after = core.after_loss(code)
        return (_new(after, None, (), self.rules),
                (ThrowLost(Side(code & TURN), throw), _turn_passed(after & TURN)))

    def play(self, move: Move) -> tuple[SenetPosition, tuple[Event, ...]]:
        """Make a legal move; raises IllegalMove (or WrongPhase), leaving the position as it was."""
        for legal in self.moves:  # moves are shared instances: identity is the quick test
            if legal is move:
                break
        else:
            if self.throw is None:
                raise WrongPhase(self._why_no_move())
            if move not in self.moves:
                raise IllegalMove(self._why_illegal(move))
        rules = self.rules
        core = rules._core or rules.core
        code = self.code
        after = core.after_move(code, move)
        if not move.bears_off and move.end != WATER:  # a plain move or a capture: shared events
            theirs = code >> (move.end + (0 if move.side else REELS)) & 1
            return _tuple_new(SenetPosition, (after, None, (), rules)), _EVENTS[move.number][theirs]
        return (_tuple_new(SenetPosition, (after, None, (), rules)),
                _move_events(core, code, move, after))

    def after(self, move: Move) -> SenetPosition:
        """The position after a legal move of the pending throw, without its events (search)."""
        return _tuple_new(SenetPosition,
                          (self.rules.core.after_move(self.code, move), None, (), self.rules))

    def _why_no_throw(self) -> str:
        if self.winner is not None:
            return game_over(self.winner)
        assert self.throw is not None
        return phrase(N_("{side} must move the {n} thrown first"), side=side_name(self.turn),
                      n=self.throw.value)

    def _why_no_move(self) -> str:
        if self.winner is not None:
            return game_over(self.winner)
        if self.opening:
            return phrase(N_("the opening throws come first: the only 1 of a round decides who "
                             "plays black"))
        return must_throw(self.turn)

    def _why_illegal(self, move: Move) -> str:
        throw = self.throw
        assert throw is not None
        side = self.turn
        if move.side != side:
            return not_their_turn(side, move.side)
        if move.throw != throw.value:
            return moves_not_thrown(move, move.throw, throw.value)
        if not 1 <= move.start <= LAST or move.start not in self.numbers(side):
            return no_piece_on(side, f"H{move.start}")
        legal = self.rules.core.legal(self.code, throw.value)
        same_piece = [m for m in legal if m.start == move.start]
        if legal and legal[0].backward and not move.backward:
            return phrase(N_("{move} is not a legal move: no piece can go forward with the {n}, "
                             "so a piece goes back ({moves})"), move=move, n=throw.value,
                          moves=listing([str(m) for m in legal]))
        if same_piece:
            return phrase(N_("{move} is not how that piece moves here: it plays {other}"),
                          move=move, other=same_piece[0])
        if not self.has_moved(side) and legal:
            return phrase(N_("{side}' first move is made with the piece on {square}"),
                          side=side_name(side), square=legal[0].source)
        return phrase(N_("{move} is not a legal move: {why}"), move=move,
                      why=_why_barred(self, move))

    # --- notation --------------------------------------------------------------------------

    def describe(self, move: Move) -> str:
        """The move in notation, with ``x`` when it captures (``H12xH14``)."""
        return move.notation(self.is_swap(move))

    def parse_move(self, text: str) -> Move:
        """The legal move that ``text`` names: ``H12-H14``, ``H12xH14``, ``H28-off``, or just
        the square of the piece to move (``H12``)."""
        raw = text.strip().upper().replace("X", "-").replace("OFF", "off")
        source, _, target = raw.partition("-")
        try:
            start = number(source)
        except UnknownSquare as exc:
            raise BadNotation(not_a_move(text, exc)) from None
        throw = self.throw
        if throw is None:
            raise WrongPhase(self._why_no_move())
        for move in self.moves:
            if move.start == start:
                if target.strip() in ("", move.target):
                    return move
                break
        named = self.rules.core.moves[self.turn][throw.value][start]
        assert named is not None
        if named in self.moves:  # the right piece, the wrong target
            raise IllegalMove(phrase(N_("{move}: the piece on {square} goes to {target}"),
                                     move=text.strip(), square=named.source, target=named.target))
        raise IllegalMove(self._why_illegal(named))

    def notation(self) -> str:
        """The position in one line, e.g. ``C:H1,H12 R:H2,H9 off:3,3 black:R moved:CR turn:C
        throw:-`` (``opening:`` instead of the pieces while the opening is thrown)."""
        code = self.code
        if not code & OPENED:
            state = "1" if code & FIRST_ONE else "x" if code & SECOND else "-"
            return f"black:- opening:{state} turn:{self.turn.letter}"
        pieces = [
            f"{side.letter}:{','.join(square(n) for n in self.numbers(side)) or '-'}"
            for side in Side
        ]
        moved = "".join(side.letter for side in Side if self.has_moved(side)) or "-"
        parts = [
            *pieces,
            f"off:{self.off[0]},{self.off[1]}",
            f"black:{black_of(code).letter}",
            f"moved:{moved}",
            f"turn:{self.turn.letter}",
            f"throw:{self.throw or '-'}",
        ]
        if self.winner is not None:
            parts.append(f"winner:{self.winner.letter}")
        return " ".join(parts)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"SenetPosition({self.notation()!r})"


_tuple_new = tuple.__new__  # skips NamedTuple's keyword handling on the hot path


def _new(code: int, throw: Throw | None, moves: tuple[Move, ...],
         rules: SenetGame) -> SenetPosition:
    return _tuple_new(SenetPosition, (code, throw, moves, rules))


_VALUES = frozenset(VALUES)


def _arrival(core: Core, code: int, move: Move) -> int:
    """The square the piece of ``move`` comes to rest on (where the water washes it)."""
    shift = REELS if move.side else 0
    before = code >> shift & BOARD
    after = core.after_move(code, move) >> shift & BOARD
    return (after & ~before).bit_length() - 1


def _why_barred(position: SenetPosition, move: Move) -> str:
    own, opp = masks(position.code)[move.side], masks(position.code)[1 - move.side]
    end = move.end
    if end <= LAST and own >> end & 1:
        return phrase(N_("a {piece} already stands on {square}"), piece=piece_name(move.side),
                      square=f"H{end}")
    if end <= LAST and opp >> end & 1:
        return phrase(N_("the {piece} on {square} is safe there"),
                      piece=piece_name(move.side.other), square=f"H{end}")
    return phrase(N_("it would pass three pieces in a row, or leave the board too soon"))


@cache
def _turn_passed(side: int) -> TurnPassed:
    return TurnPassed(Side(side))


@cache
def _opened(side: Side) -> Opened:
    return Opened(side)


_EXTRA = {1: "one", 4: "four", 6: "six"}


def _after_events(side: Side, throw: int) -> tuple[Event, ...]:
    """What follows a move that does not win: another throw, or the turn passing."""
    if throw in EXTRA_THROWS:
        return ExtraTurnEarned(side, _EXTRA[throw]), ExtraTurnTaken(side, 0)  # type: ignore[arg-type]
    return (_turn_passed(side.other),)


def _plain_events() -> list[tuple[tuple[Event, ...], tuple[Event, ...]]]:
    """For each move number, the events of the move landing on an empty square and of the move
    capturing (shared instances: events are immutable)."""
    table: list[tuple[tuple[Event, ...], tuple[Event, ...]]] = [((), ())] * MOVE_COUNT
    for side in Side:
        for value in VALUES:
            for steps in (value, -value):  # forward, and back (when the rules call for it)
                for start in range(1, LAST + 1):
                    end = start + steps
                    if not 1 <= end <= LAST:
                        continue
                    moved = Moved(side, square(start), square(end))
                    swapped = Swapped(side.other, square(end), square(start))
                    after = _after_events(side, value)
                    table[move_number(side, start, steps)] = ((moved, *after),
                                                              (moved, swapped, *after))
    return table


_EVENTS = _plain_events()


def _move_events(core: Core, code: int, move: Move, after: int) -> tuple[Event, ...]:
    """What a move caused, in the order it happened."""
    side, start, end = move.side, move.start, move.start + move.steps
    if not move.bears_off and end != WATER:
        return _EVENTS[move.number][code >> (end + (0 if side else REELS)) & 1]
    events: tuple[Event, ...]
    if move.bears_off:
        events = (BorneOff(side, square(start)),)
    else:
        landed = _arrival(core, code, move)
        events = (Moved(side, square(start), square(end)), Washed(side, square(landed)))
    if after & OVER:
        return (*events, Won(side), Scored(side, core.score(after)))
    return events + _after_events(side, move.throw)
