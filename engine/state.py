"""The game state and the one place that answers every rules question.

>>> state = GameState.new()
>>> state, events = state.cast(Throw.of(4))
>>> state.legal_moves()
(Move(in-C4),)
"""

from __future__ import annotations

from typing import NamedTuple

from engine.board import (
    MARKED_POSITIONS,
    PATH_LENGTH,
    PRIVATE,
    SQUARES,
    Side,
    position_of,
    square_of,
)
from engine.errors import BadNotation, IllegalMove, IllegalThrow, UnknownSquare, WrongPhase
from engine.events import (
    BorneOff,
    Bumped,
    Entered,
    Event,
    ExtraTurnEarned,
    ExtraTurnTaken,
    Moved,
    ThrowLost,
    TurnPassed,
    Won,
)
from engine.moves import MOVES, Move
from engine.rules import TAIT, Ruleset
from engine.sticks import Throw

_MARKED_BITS = sum(1 << p for p in MARKED_POSITIONS)
_SAFE_BITS = sum(1 << p for p in MARKED_POSITIONS if PRIVATE < p < PATH_LENGTH)


class GameState(NamedTuple):
    """An immutable position: where the pieces are, whose turn, extra turns and the pending throw.

    ``board[side]`` is a bit mask of the path positions 1..15 a side's pieces stand on (bits
    5..15 are the shared middle row); ``off[side]`` counts the pieces borne off. While a throw
    is pending, ``moves`` holds its legal moves (never empty: a throw without one is lost).
    """

    board: tuple[int, int] = (0, 0)
    off: tuple[int, int] = (0, 0)
    entered: tuple[bool, bool] = (False, False)
    turn: Side = Side.CONES
    extra_turns: int = 0
    throw: Throw | None = None
    moves: tuple[Move, ...] = ()
    winner: Side | None = None
    ruleset: Ruleset = TAIT

    @classmethod
    def new(cls, ruleset: Ruleset = TAIT, first: Side = Side.CONES) -> GameState:
        """The start of a game: every piece waiting, ``first`` to throw."""
        return cls(turn=first, ruleset=ruleset)

    # --- questions -------------------------------------------------------------------------

    def positions(self, side: Side) -> tuple[int, ...]:
        """The path positions of a side's pieces on the board, rearmost first."""
        mask = self.board[side]
        return tuple(p for p in range(1, PATH_LENGTH) if mask >> p & 1)

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

    def legal_moves(self, throw: Throw | None = None) -> tuple[Move, ...]:
        """The moves the side to play may make with ``throw`` (default: the pending throw)."""
        if throw is None:
            return self.moves
        if self.winner is not None:
            return ()
        return self._moves_for(throw.value)

    def _moves_for(self, value: int) -> tuple[Move, ...]:
        side = self.turn
        board = self.board
        rs = self.ruleset
        own = board[side]
        can_enter = rs.pieces - own.bit_count() - self.off[side] > 0 and (
            self.entered[side] or value in rs.entry_throws
        )
        blocked = board[1 - side] & _SAFE_BITS if rs.marked_safe else 0
        key = own | blocked << 16 | value << 32 | can_enter << 40 | side << 41
        moves = _LEGAL.get(key)
        if moves is None:
            if len(_LEGAL) >= _LEGAL_LIMIT:
                _LEGAL.clear()
            moves = _LEGAL[key] = _legal(side, own, blocked, value, can_enter)
        return moves

    def is_bump(self, move: Move) -> bool:
        """Whether ``move`` lands on an opponent's piece."""
        end = move.end
        return PRIVATE < end < PATH_LENGTH and bool(self.board[1 - move.side] >> end & 1)

    # --- changes ---------------------------------------------------------------------------

    def cast(self, throw: Throw) -> tuple[GameState, tuple[Event, ...]]:
        """The side to play throws ``throw``; a throw with no legal move is lost at once."""
        if self.throw is not None or self.winner is not None:
            raise WrongPhase(self._why_no_throw())
        rs = self.ruleset
        value = throw.value
        if value not in rs.values:
            raise IllegalThrow(f"a throw of {value} cannot come up under {rs.name} rules")
        moves = self._moves_for(value)
        if moves:
            return _tuple_new(
                GameState,
                (
                    self.board,
                    self.off,
                    self.entered,
                    self.turn,
                    self.extra_turns,
                    throw,
                    moves,
                    None,
                    rs,
                ),
            ), ()
        side = self.turn
        extra = self.extra_turns
        if value in rs.extra_turn_throws:
            return self._end_turn(
                self.board,
                self.off,
                self.entered,
                extra + 1,
                [ThrowLost(side, throw), _EXTRA_SIX[side]],
            )
        return self._end_turn(self.board, self.off, self.entered, extra, [ThrowLost(side, throw)])

    def play(self, move: Move) -> tuple[GameState, tuple[Event, ...]]:
        """Make a legal move; raises IllegalMove (or WrongPhase) and leaves the state as it was."""
        for legal in self.moves:  # moves are shared instances: identity is the quick test
            if legal is move:
                break
        else:
            if move in self.moves:
                return self.play(MOVES[move.side][move.start][move.steps])
            if self.throw is None:
                raise WrongPhase(self._why_no_move())
            raise IllegalMove(self._why_illegal(move))
        side, start, steps = move.side, move.start, move.steps
        end = start + steps
        own, opp = self.board[side], self.board[1 - side]
        entered = self.entered
        off = self.off
        if start == 0:
            if not entered[side]:
                entered = (True, entered[1]) if side == 0 else (entered[0], True)
            events: list[Event] = [_ENTERED[side][end]]
        elif end == PATH_LENGTH:
            events = [_BORNE_OFF[side][start]]
        else:
            events = [_MOVED[side][start][end]]
        own &= ~(1 << start)
        if end == PATH_LENGTH:
            off = (off[0] + 1, off[1]) if side == 0 else (off[0], off[1] + 1)
        else:
            if opp >> end & 1 and end > PRIVATE:
                opp &= ~(1 << end)
                events.append(_BUMPED[1 - side][end])
            own |= 1 << end
        board = (own, opp) if side == 0 else (opp, own)
        rs = self.ruleset
        extra = self.extra_turns
        if steps in rs.extra_turn_throws:
            extra += 1
            events.append(_EXTRA_SIX[side])
        if _MARKED_BITS >> end & 1:
            extra += 1
            events.append(_EXTRA_MARKED[side])
        if off[side] == rs.pieces:
            events.append(_WON[side])
            return _tuple_new(
                GameState, (board, off, entered, side, extra, None, (), side, rs)
            ), tuple(events)
        return self._end_turn(board, off, entered, extra, events)

    def _end_turn(
        self,
        board: tuple[int, int],
        off: tuple[int, int],
        entered: tuple[bool, bool],
        extra: int,
        events: list[Event],
    ) -> tuple[GameState, tuple[Event, ...]]:
        """Use an accrued extra turn, or pass the turn to the opponent."""
        side = self.turn
        if extra:
            extra -= 1
            events.append(_taken(side, extra))
        else:
            side = _OTHER[side]
            events.append(_TURN_PASSED[side])
        return _tuple_new(
            GameState, (board, off, entered, side, extra, None, (), None, self.ruleset)
        ), tuple(events)

    def _why_no_throw(self) -> str:
        if self.winner is not None:
            return f"the game is over: {self.winner.title} won"
        assert self.throw is not None
        return f"{self.turn.title} must move the {self.throw.value} thrown first"

    def _why_no_move(self) -> str:
        if self.winner is not None:
            return f"the game is over: {self.winner.title} won"
        return f"{self.turn.title} must throw before moving"

    def _why_illegal(self, move: Move) -> str:
        throw = self.throw
        assert throw is not None
        if move.side != self.turn:
            return f"it is {self.turn.title}' turn, not {move.side.title}'"
        if move.steps != throw.value:
            return f"{move} moves {move.steps}, but the throw is {throw.value}"
        if move.start == 0:
            if not self.waiting(move.side):
                return f"{move.side.title} have no piece waiting to enter"
            if not self.entered[move.side]:
                need = " or ".join(str(v) for v in sorted(self.ruleset.entry_throws))
                return f"{move.side.title} need a {need} to enter their first piece"
        elif not self.board[move.side] >> move.start & 1:
            return f"no {move.side.title[:-1]} stands on {move.source}"
        if move.end > PATH_LENGTH:
            return f"{move} would go past 16: a piece bears off only by landing exactly on 16"
        if self.board[move.side] >> move.end & 1:
            return f"{move} lands on {move.target}, where a {move.side.title[:-1]} already stands"
        return f"{move} lands on {move.target}, a marked square where the piece is safe"

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
            raise BadNotation(f"not a move: {text!r} ({exc})") from None
        throw = self.throw
        if throw is None:
            raise WrongPhase(f"{side.title} must throw before moving")
        move = MOVES[side][start][throw.value] if start < PATH_LENGTH else None
        if move is None or (target.strip() and target.strip() not in ("OFF", move.target)):
            raise IllegalMove(f"{text.strip()} is not a move of {throw.value} for {side.title}")
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
            state = cls(
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
        for side in Side:
            if state.waiting(side) < 0:
                raise BadNotation(
                    f"not a position: {side.title} have more than {ruleset.pieces} pieces"
                )
        if board[0] & board[1] & ~((1 << (PRIVATE + 1)) - 1):
            raise BadNotation("not a position: two pieces on one middle square")
        if state.throw is not None:
            moves = state._moves_for(state.throw.value)
            if not moves:
                raise BadNotation(f"not a position: {state.throw} has no move, so it was lost")
            state = state._replace(moves=moves)
        return state

    def __str__(self) -> str:
        return self.notation()


_tuple_new = tuple.__new__  # skips NamedTuple's keyword handling on the hot path
_OTHER = (Side.REELS, Side.CONES)
_SPOTS = range(1, PATH_LENGTH + 1)
# Events are immutable, so each possible one is made once here and shared.
_ENTERED = tuple({p: Entered(s, square_of(s, p)) for p in _SPOTS} for s in Side)
_MOVED = tuple(
    {a: {b: Moved(s, square_of(s, a), square_of(s, b)) for b in _SPOTS if b > a} for a in _SPOTS}
    for s in Side
)
_BORNE_OFF = tuple(
    {p: BorneOff(s, square_of(s, p) if p else None) for p in range(PATH_LENGTH)} for s in Side
)
_BUMPED = tuple({p: Bumped(s, square_of(s, p)) for p in _SPOTS} for s in Side)
_EXTRA_SIX = tuple(ExtraTurnEarned(s, "six") for s in Side)
_EXTRA_MARKED = tuple(ExtraTurnEarned(s, "marked") for s in Side)
_TURN_PASSED = tuple(TurnPassed(s) for s in Side)
_WON = tuple(Won(s) for s in Side)
_TAKEN = tuple(tuple(ExtraTurnTaken(s, n) for n in range(8)) for s in Side)


def _taken(side: Side, remaining: int) -> ExtraTurnTaken:
    return _TAKEN[side][remaining] if remaining < 8 else ExtraTurnTaken(side, remaining)


_LEGAL: dict[int, tuple[Move, ...]] = {}
"""Legal moves by (side, pieces, throw, entry allowed): positions repeat, so this saves work."""
_LEGAL_LIMIT = 1 << 16
"""Bounds the cache's memory (a few MB); it is simply refilled after a clear."""


def _legal(side: Side, own: int, blocked: int, steps: int, can_enter: bool) -> tuple[Move, ...]:
    """The legal moves of one side's pieces for a throw; cached, since positions repeat."""
    moves = MOVES[side]
    result: list[Move] = []
    if can_enter and steps < PATH_LENGTH and not (own | blocked) >> steps & 1:
        result.append(moves[0][steps])
    for start in range(1, PATH_LENGTH):
        if own >> start & 1:
            end = start + steps
            if end == PATH_LENGTH or (end < PATH_LENGTH and not (own | blocked) >> end & 1):
                result.append(moves[start][steps])
    return tuple(result)


def _mask(side: Side, text: str) -> int:
    if text == "-":
        return 0
    mask = 0
    for name in text.split(","):
        position = position_of(side, name)
        if position >= PATH_LENGTH:
            raise ValueError(f"no piece rests on {name}: landing there bears it off")
        if mask >> position & 1:
            raise ValueError(f"{name} is listed twice")
        mask |= 1 << position
    return mask
