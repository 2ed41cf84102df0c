"""The game state and the one place that answers every rules question; the ruleset that makes
game states.

>>> state = GameState.new()
>>> state, events = state.cast(Throw.of(4))
>>> state.legal_moves()
(Move(in-C4),)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from engine.core.errors import BadNotation, IllegalMove, UnknownSquare, WrongPhase
from engine.core.events import Event
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.core.words import N_, Phrase, phrase, piece_name, side_name
from engine.core.wrong import (
    either,
    game_over,
    moves_not_thrown,
    must_throw,
    no_piece_on,
    not_a_move,
    not_their_turn,
    own_side_holds,
)
from engine.games.api import Journey, Offboard
from engine.tait.board import PATH_LENGTH, PRIVATE, SQUARES, position_of, square_of
from engine.tait.moves import Move
from engine.tait.packed import EXTRA, OVER, board_of, entered_of, off_of, pack, turn_of
from engine.tait.rules import Options
from engine.tait.tables import SHARED_BITS, tables


@dataclass(frozen=True)
class Ruleset(Options):
    """A Twenty Squares rule set as a game of the family: its options (``engine.tait.rules``)
    and the game states played under them. ``TAIT`` is the default."""

    mind: ClassVar[str] = "engine.tait.mummy"
    """What the mummy knows of every rule set of this core, whatever the set's name."""

    def new(self, first: Side = Side.CONES) -> GameState:
        """The start of a game under these rules, every piece waiting, ``first`` to throw."""
        return GameState.new(self, first)

    def parse(self, text: str) -> GameState:
        """A position under these rules from its notation."""
        return GameState.parse(text, self)


TAIT = Ruleset()
"""The default rules (rules/tait.md): four fair sticks, 4-or-6 barrier, demon-cast on."""


class GameState(NamedTuple):
    """An immutable position: where the pieces are, whose turn, extra turns and the pending throw.

    ``code`` packs the position into one int (see ``engine.tait.packed``); the properties read it.
    ``board[side]`` is a bit mask of the path positions 1..16 a side's pieces stand on (bits
    5..16 are the shared middle row; 16 only where pieces rest there); ``off[side]`` counts the
    pieces borne off. While a throw is pending, ``moves`` holds its legal moves (never empty: a
    throw without one is lost).
    """

    code: int = 0
    throw: Throw | None = None
    moves: tuple[Move, ...] = ()
    ruleset: Ruleset = TAIT

    @classmethod
    def new(cls, ruleset: Ruleset = TAIT, first: Side = Side.CONES) -> GameState:
        """The start of a game: every piece waiting, ``first`` to throw."""
        return cls(pack(turn=first), ruleset=ruleset)

    @classmethod
    def of(
        cls,
        board: tuple[int, int] = (0, 0),
        off: tuple[int, int] = (0, 0),
        entered: tuple[bool, bool] = (False, False),
        turn: Side = Side.CONES,
        extra_turns: int = 0,
        throw: Throw | None = None,
        winner: Side | None = None,
        ruleset: Ruleset = TAIT,
    ) -> GameState:
        """A position from its parts; the winner, if any, is the side that moved last.

        Raises ValueError for parts no position has, or a throw that would have been lost.
        """
        for side in Side:
            if board[side].bit_count() + off[side] > ruleset.pieces:
                raise ValueError(f"{side.title} have more than {ruleset.pieces} pieces")
            if board[side] >> ruleset.off_at:
                raise ValueError("no piece rests on M16: landing there bears it off")
        if board[0] & board[1] & SHARED_BITS:
            raise ValueError("two pieces on one middle square")
        if winner is not None:
            turn = winner
        code = pack(board, off, entered, turn, extra_turns, winner is not None)
        state = cls(code, None, (), ruleset)
        if throw is not None:
            moves = state.legal_moves(throw)
            if not moves:
                raise ValueError(f"{throw} has no move, so it was lost")
            state = cls(state.code, throw, moves, ruleset)
        return state

    def replace(self, **changes: Any) -> GameState:
        """This position with some parts changed (``board``, ``turn``, ``throw``...)."""
        parts = {
            "board": self.board,
            "off": self.off,
            "entered": self.entered,
            "turn": self.turn,
            "extra_turns": self.extra_turns,
            "throw": self.throw,
            "winner": self.winner,
            "ruleset": self.ruleset,
        }
        unknown = set(changes) - set(parts)
        if unknown:
            raise TypeError(f"a position has no part {sorted(unknown)[0]!r}")
        return GameState.of(**{**parts, **changes})

    @property
    def board(self) -> tuple[int, int]:
        """Each side's bit mask of the path positions its pieces stand on."""
        return board_of(self.code)

    @property
    def off(self) -> tuple[int, int]:
        """How many pieces each side has borne off."""
        return off_of(self.code)

    @property
    def entered(self) -> tuple[bool, bool]:
        """Whether each side has entered a piece (the 4-or-6 barrier is behind it)."""
        return entered_of(self.code)

    @property
    def turn(self) -> Side:
        """The side to throw or move (the winner, once the game is over)."""
        return turn_of(self.code)

    @property
    def extra_turns(self) -> int:
        """Extra turns the side to play has in hand, beyond the one it is taking."""
        return self.code >> EXTRA

    @property
    def winner(self) -> Side | None:
        """The side that bore off all its pieces, or None while the game goes on."""
        code = self.code
        return turn_of(code) if code & OVER else None

    # --- questions -------------------------------------------------------------------------

    def positions(self, side: Side) -> tuple[int, ...]:
        """The path positions of a side's pieces on the board, rearmost first."""
        mask = self.board[side]
        return tuple(p for p in range(1, PATH_LENGTH + 1) if mask >> p & 1)

    def waiting(self, side: Side) -> int:
        """How many of a side's pieces have not entered (or were bumped back)."""
        return self.ruleset.pieces - self.board[side].bit_count() - self.off[side]

    def squares(self, side: Side) -> frozenset[str]:
        """The squares a side's pieces stand on."""
        return frozenset(square_of(side, p) for p in self.positions(side))

    def occupancy(self) -> frozenset[str]:
        """Every occupied square: what the reed switches should read."""
        return self.squares(Side.CONES) | self.squares(Side.REELS)

    def owner(self, square: str) -> Side | None:
        """The side whose piece stands on ``square``, or None."""
        for side in Side:
            try:
                if self.board[side] >> position_of(side, square) & 1:
                    return side
            except UnknownSquare:
                continue
        return None

    @property
    def is_over(self) -> bool:
        """Whether someone has won."""
        return self.winner is not None

    @property
    def demon_casting(self) -> bool:
        """Whether the opening throws are still cast automatically (no side has entered yet)."""
        return self.ruleset.demon_cast and not any(self.entered) and self.winner is None

    @property
    def opening(self) -> bool:
        """The game interface's name for the demon-cast: the board throws for the sides."""
        return self.demon_casting

    @property
    def rules(self) -> Ruleset:
        """The rules this position is played by (the game interface's name for ``ruleset``)."""
        return self.ruleset

    def owners(self) -> dict[str, Side]:
        """Who stands on each occupied square."""
        return {square: side for side in Side for square in self.squares(side)}

    def journeys(self, move: Move) -> tuple[Journey, ...]:
        """The pieces' journeys ``move`` makes, the mover's first: a bumped piece goes back to
        wait; a piece borne off by landing on 16 stands there on its way off (one borne off past
        16 leaves from its square, with no square in between)."""
        side = move.side
        start: str | Offboard = move.source if move.source is not None else Offboard.WAITING
        if move.bears_off:
            via = (move.target,) if move.end == PATH_LENGTH else ()
            return (Journey(side, start, Offboard.BORNE_OFF, via),)
        mover = Journey(side, start, move.target)
        if self.is_bump(move):
            return mover, Journey(side.other, move.target, Offboard.WAITING)
        return (mover,)

    def legal_moves(self, throw: Throw | None = None) -> tuple[Move, ...]:
        """The moves the side to play may make with ``throw`` (default: the pending throw)."""
        if throw is None:
            return self.moves
        if self.code & OVER:
            return ()
        rs = self.ruleset
        return (rs._tables or tables(rs)).legal(self.code, throw.value)

    def why_lost(self, throw: Throw) -> tuple[Phrase, ...]:
        """Why the side to throw could move no piece by ``throw``, in the rules a newcomer
        cannot guess: the first entry's 4 or 6, bearing off by an exact throw, squares its own
        pieces hold (none when the throw has a move).

        >>> GameState.new().why_lost(Throw.of(2))
        ('The Cones enter their first piece only with a 4 or 6.',)
        """
        side, value, rs = self.turn, throw.value, self.ruleset
        if self.is_over or self.legal_moves(throw):
            return ()
        waiting = self.waiting(side) > 0
        if waiting and not self.entered[side] and value not in rs.entry_throws:
            throws = either([str(v) for v in sorted(rs.entry_throws)])
            return (phrase(N_("The {side} enter their first piece only with a {throws}."),
                           side=side_name(side), throws=throws),)
        starts = (0,) * waiting + self.positions(side)
        why = []
        if any(start + value > rs.off_at for start in starts):
            why.append(phrase(N_("A piece bears off only by landing exactly on 16."))
                       if rs.off_at == PATH_LENGTH else
                       phrase(N_("A piece bears off only by an exact throw past 16.")))
        held = sorted({square_of(side, start + value) for start in starts
                       if start + value < rs.off_at and self.board[side] >> (start + value) & 1},
                      key=SQUARES.index)
        if held:
            why.append(own_side_holds(held))
        return tuple(why)

    def is_bump(self, move: Move) -> bool:
        """Whether ``move`` lands on an opponent's piece."""
        end = move.end
        return PRIVATE < end < move.off_at and bool(self.board[1 - move.side] >> end & 1)

    # --- changes ---------------------------------------------------------------------------

    def cast(self, throw: Throw) -> tuple[GameState, tuple[Event, ...]]:
        """The side to play throws ``throw``; a throw with no legal move is lost at once."""
        code = self.code
        if self.throw is not None or code & OVER:
            raise WrongPhase(self._why_no_throw())
        rs = self.ruleset
        rules = rs._tables or tables(rs)
        moves = rules.legal(code, throw.value)
        if moves:
            return _tuple_new(GameState, (code, throw, moves, rs)), ()
        after = rules.after_loss(code, throw)
        return _tuple_new(GameState, (after, None, (), rs)), rules.loss_events(code, throw, after)

    def play(self, move: Move) -> tuple[GameState, tuple[Event, ...]]:
        """Make a legal move; raises IllegalMove (or WrongPhase) and leaves the state as it was."""
        for legal in self.moves:  # moves are shared instances: identity is the quick test
            if legal is move:
                break
        else:
            if self.throw is None:
                raise WrongPhase(self._why_no_move())
            if move not in self.moves:
                raise IllegalMove(self._why_illegal(move))
        rs = self.ruleset
        rules = rs._tables or tables(rs)
        code = self.code
        after = rules.after_move(code, move)
        return _tuple_new(GameState, (after, None, (), rs)), rules.move_events(code, move, after)

    def _why_no_throw(self) -> str:
        if self.winner is not None:
            return game_over(self.winner)
        assert self.throw is not None
        return phrase(N_("{side} must move the {n} thrown first"), side=side_name(self.turn),
                      n=self.throw.value)

    def _why_no_move(self) -> str:
        if self.winner is not None:
            return game_over(self.winner)
        return must_throw(self.turn)

    def _why_illegal(self, move: Move) -> str:
        throw = self.throw
        assert throw is not None
        if move.side != self.turn:
            return not_their_turn(self.turn, move.side)
        if move.steps != throw.value:
            return moves_not_thrown(move, move.steps, throw.value)
        side = side_name(move.side)
        if move.start == 0:
            if not self.waiting(move.side):
                return phrase(N_("{side} have no piece waiting to enter"), side=side)
            if not self.entered[move.side]:
                need = either([str(v) for v in sorted(self.ruleset.entry_throws)])
                return phrase(N_("{side} need a {throws} to enter their first piece"), side=side,
                              throws=need)
        elif not self.board[move.side] >> move.start & 1:
            return no_piece_on(move.side, move.source)
        if move.end > move.off_at:
            if move.off_at == PATH_LENGTH:
                return phrase(N_("{move} would go past 16: a piece bears off only by landing "
                                 "exactly on 16"), move=move)
            return phrase(N_("{move} would go too far: a piece bears off only by an exact throw "
                             "past 16"), move=move)
        if self.board[move.side] >> move.end & 1:
            return phrase(N_("{move} lands on {square}, where a {piece} already stands"),
                          move=move, square=move.target, piece=piece_name(move.side))
        return phrase(N_("{move} lands on {square}, a marked square where the piece is safe"),
                      move=move, square=move.target)

    # --- notation --------------------------------------------------------------------------

    def describe(self, move: Move) -> str:
        """The move in notation, with ``x`` when it bumps (``M5xM8``)."""
        return move.notation(self.is_bump(move))

    def parse_move(self, text: str) -> Move:
        """The legal move that ``text`` names: ``C2-M6``, ``M5xM8``, ``in-C4``, ``M13-off``, or
        just the square of the piece to move (``C2``, ``in``)."""
        raw = text.strip().upper().replace("X", "-")
        source, _, target = raw.partition("-")
        source = source.strip()
        side = self.turn
        try:
            start = 0 if source in ("IN", "+", "") else position_of(side, source)
        except UnknownSquare as exc:
            raise BadNotation(not_a_move(text, exc)) from None
        throw = self.throw
        if throw is None:
            raise WrongPhase(must_throw(side))
        rs = self.ruleset
        moves = (rs._tables or tables(rs)).moves
        move = moves[side][start][throw.value] if start < rs.off_at else None
        if move is None or (target.strip() and target.strip() not in _targets(move)):
            raise IllegalMove(phrase(N_("{move} is not a move of {n} for {side}"),
                                     move=text.strip(), n=throw.value, side=side_name(side)))
        if move not in self.legal_moves():
            raise IllegalMove(self._why_illegal(move))
        return move

    def notation(self) -> str:
        """The position in one line: ``C:C2,M6 R:- off:0,1 entered:C turn:R extra:0 throw:-``."""
        pieces = [
            f"{s.letter}:{','.join(sorted(self.squares(s), key=SQUARES.index)) or '-'}"
            for s in Side
        ]
        entered = "".join(s.letter for s in Side if self.entered[s]) or "-"
        parts = [
            *pieces,
            f"off:{self.off[0]},{self.off[1]}",
            f"entered:{entered}",
            f"turn:{self.turn.letter}",
            f"extra:{self.extra_turns}",
            f"throw:{self.throw or '-'}",
        ]
        if self.winner is not None:
            parts.append(f"winner:{self.winner.letter}")
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str, ruleset: Ruleset = TAIT) -> GameState:
        """The position written by ``notation()``; missing fields take their start values."""
        try:
            pairs = [part.split(":", 1) for part in text.split()]
            fields = dict(pairs)
        except ValueError:
            raise BadNotation(f"not a position: {text!r} (fields are key:value)") from None
        if len(fields) < len(pairs):
            raise BadNotation(f"not a position: {text!r} names a field twice")
        known = {"C", "R", "off", "entered", "turn", "extra", "throw", "winner"}
        if unknown := set(fields) - known:
            raise BadNotation(f"not a position: unknown field {sorted(unknown)[0]!r}")
        try:
            board = tuple(_mask(side, fields.get(side.letter, "-")) for side in Side)
            off = tuple(int(n) for n in fields.get("off", "0,0").split(","))
            entered_text = fields.get("entered", "")
            entered = tuple(
                s.letter in entered_text or bool(board[s]) or bool(off[s]) for s in Side
            )
            throw_text = fields.get("throw", "-")
            return cls.of(
                board=(board[0], board[1]),
                off=(off[0], off[1]),
                entered=(entered[0], entered[1]),
                turn=Side.parse(fields.get("turn", "C")),
                extra_turns=int(fields.get("extra", "0")),
                throw=None if throw_text == "-" else Throw.parse(throw_text),
                winner=Side.parse(fields["winner"]) if "winner" in fields else None,
                ruleset=ruleset,
            )
        except (ValueError, IndexError) as exc:
            raise BadNotation(f"not a position: {text!r} ({exc})") from None

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"GameState({self.notation()!r})"


_tuple_new = tuple.__new__  # skips NamedTuple's keyword handling on the hot path


def _targets(move: Move) -> tuple[str, ...]:
    """How the end of ``move`` may be written: ``off`` when it bears off, and the square it
    lands on (M16 too under Tait's rules, where landing on 16 bears off)."""
    if not move.bears_off:
        return (move.target,)
    return ("OFF", move.target) if move.end == PATH_LENGTH else ("OFF",)


def _mask(side: Side, text: str) -> int:
    if text == "-":
        return 0
    mask = 0
    for name in text.split(","):
        position = position_of(side, name)
        if mask >> position & 1:
            raise ValueError(f"{name} is listed twice")
        mask |= 1 << position
    return mask
