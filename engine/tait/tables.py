"""The rules as table lookups on packed positions: the engine's fast core.

Random play and the mummy's search ask the rules hundreds of thousands of times a second, so
every move's effect is worked out once per ruleset and the legal moves of a position are kept
once found. ``GameState`` calls these for every throw and move; a search can call them on
plain ints (``engine.tait.packed``) without making a state at all.

>>> from engine.tait.packed import board_of, pack, turn_of
>>> from engine.tait.state import TAIT
>>> rules = tables(TAIT)
>>> code = pack(board=(1 << 2, 0), entered=(True, False))
>>> moves = rules.legal(code, 4)
>>> moves
(Move(in-C4), Move(C2-M6))
>>> code = rules.after_move(code, moves[1])
>>> board_of(code), turn_of(code)
((64, 0), <Side.REELS: 1>)
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core.errors import IllegalThrow
from engine.core.events import (
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
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.tait.board import MARKED_POSITIONS, PATH_LENGTH, PRIVATE, square_of
from engine.tait.moves import MOVE_COUNT, Move, Moves, moves_for
from engine.tait.packed import (
    ENTERED,
    EXTRA,
    HALF,
    HALF_MASK,
    MASK,
    OFF,
    ONE_EXTRA,
    OVER,
    SIDES,
    TURN,
    TURN_SHIFT,
)
from engine.tait.rules import Options

SHARED_BITS = sum(1 << p for p in range(PRIVATE + 1, PATH_LENGTH + 1))
"""The middle row positions 5..16, where a piece can be bumped (on 16 only where pieces rest
there: under Tait's rules a piece landing on 16 is borne off)."""
SAFE_BITS = sum(1 << p for p in MARKED_POSITIONS if PRIVATE < p)
"""The marked middle squares, safe from bumping under rulesets with ``marked_safe``."""
LEGAL_LIMIT = 1 << 16
"""Bounds the legal-move cache of each throw (some 5 MB); it simply refills after a clear."""

PASSED = tuple((TurnPassed(s),) for s in Side)
"""The turn passing to a side, as the last event of a turn."""
WON = tuple((Won(s),) for s in Side)
_TAKEN = tuple(tuple((ExtraTurnTaken(s, n),) for n in range(8)) for s in Side)


def taken(side: int, remaining: int) -> tuple[ExtraTurnTaken]:
    """A side using an extra turn with ``remaining`` left, as the last event of a turn."""
    return _TAKEN[side][remaining] if remaining < 8 else (ExtraTurnTaken(SIDES[side], remaining),)


class Effect(NamedTuple):
    """What one move does to a packed position, whatever else stands on the board."""

    lift: int
    """A mask that takes the piece off its start (every bit set when it enters)."""
    place: int
    """The bits it sets: where it lands, and its side's entered bit when it enters."""
    add: int
    """What it adds: one to its side's pieces borne off when it bears off, and the extra turns
    it earns (for a throw that grants one, and for landing on a marked square)."""
    bump: int
    """The opponent's bit of the landing square, when a piece there would be bumped."""
    won: int
    """The whole borne-off count of its side once it has won (0 unless it bears off)."""
    side: int
    events: tuple[Event, ...]
    """Its events when it bumps nothing, up to the end of the turn."""
    bump_events: tuple[Event, ...]
    """Its events when it bumps."""


class Tables:
    """The rules of one ruleset on packed positions: legal moves, moves and lost throws.

    ``after_move`` and ``after_loss`` give only the next position, which is all a search needs;
    ``move_events`` and ``loss_events`` say what happened, from the positions before and after.
    """

    __slots__ = ("effects", "extra_throws", "found", "keys", "lost", "moves", "ruleset")

    def __init__(self, ruleset: Options) -> None:
        self.ruleset = ruleset
        self.extra_throws = ruleset.extra_turn_throws
        safe = SAFE_BITS if ruleset.marked_safe else 0
        self.keys = (HALF_MASK | TURN | safe << HALF, HALF_MASK << HALF | TURN | safe)
        """By side to play: the bits of a position its legal moves depend on."""
        self.moves: Moves = moves_for(ruleset.off_at)
        """Every move of these rules, ``moves[side][start][steps]``."""
        self.effects: list[Effect | None] = [None] * MOVE_COUNT
        """By ``Move.number``; None for moves that can never be made."""
        for by_start in self.moves:
            for by_steps in by_start:
                for move in by_steps[1:]:
                    if move.end <= ruleset.off_at:
                        self.effects[move.number] = _effect(ruleset, move)
        self.found: dict[int, dict[int, tuple[Move, ...]]] = {v: {} for v in ruleset.values}
        """Legal moves by throw, then by position key (the bits ``keys`` picks out)."""
        self.lost: dict[tuple[int, Throw], tuple[Event, ...]] = {}
        """The first events of a throw that has no move, by side and throw."""

    def forget(self) -> None:
        """Drop the legal moves found so far (they are found again when asked)."""
        for by_key in self.found.values():
            by_key.clear()
        self.lost.clear()

    def legal(self, code: int, value: int) -> tuple[Move, ...]:
        """The legal moves of the side to play in ``code`` for a throw of ``value``."""
        key = code & self.keys[code >> TURN_SHIFT & 1]
        try:
            return self.found[value][key]
        except KeyError:
            return self._find(key, value)

    def after_move(self, code: int, move: Move) -> int:
        """The position after the side to play makes ``move`` (not checked: ask ``legal``)."""
        effect = self.effects[move.number]
        assert effect is not None
        lift, place, add, bump, won, _, _, _ = effect
        code = (code & lift | place) + add
        if code & bump:
            code ^= bump
        # A side never bears off more than its pieces, so all of their bits set means all off.
        if won and code & won == won:
            return code | OVER
        return code - ONE_EXTRA if code >> EXTRA else code ^ TURN

    def after_loss(self, code: int, throw: Throw) -> int:
        """The position after the side to play throws ``throw`` and has no move with it."""
        if throw.value in self.extra_throws:
            code += ONE_EXTRA
        return code - ONE_EXTRA if code >> EXTRA else code ^ TURN

    def move_events(self, code: int, move: Move, after: int) -> tuple[Event, ...]:
        """What ``move`` made happen, going from ``code`` to ``after``."""
        effect = self.effects[move.number]
        assert effect is not None
        events = effect.bump_events if code & effect.bump else effect.events
        return events + _turn_end(effect.side, after)

    def loss_events(self, code: int, throw: Throw, after: int) -> tuple[Event, ...]:
        """What losing ``throw`` made happen, going from ``code`` to ``after``."""
        side = code >> TURN_SHIFT & 1
        events = self.lost.get((side, throw))
        if events is None:
            events = (ThrowLost(SIDES[side], throw),)
            if throw.value in self.extra_throws:
                events += (ExtraTurnEarned(SIDES[side], "six"),)
            if len(self.lost) >= 64:  # only callers' own throws get past the 2 x 16 faces
                self.lost.clear()
            self.lost[side, throw] = events
        return events + _turn_end(side, after)

    def _find(self, key: int, value: int) -> tuple[Move, ...]:
        """Work out, and keep, the legal moves of a position key not seen before."""
        rs = self.ruleset
        if value not in rs.values:
            raise IllegalThrow(f"a throw of {value} cannot come up under {rs.name} rules")
        side = key >> TURN_SHIFT & 1
        half = key >> HALF * side
        own = half & MASK
        taken_squares = own | key >> HALF * (1 - side) & MASK  # the safe squares held
        waiting = rs.pieces - own.bit_count() - (half >> OFF & 7)
        can_enter = waiting > 0 and (half & ENTERED or value in rs.entry_throws)
        moves = self.moves[side]
        off_at = rs.off_at
        found: list[Move] = []
        if can_enter and value < off_at and not taken_squares >> value & 1:
            found.append(moves[0][value])
        for start in range(1, off_at):
            if own >> start & 1:
                end = start + value
                if end == off_at or (end < off_at and not taken_squares >> end & 1):
                    found.append(moves[start][value])
        by_key = self.found[value]
        if len(by_key) >= LEGAL_LIMIT:
            by_key.clear()
        result = by_key[key] = tuple(found)
        return result


def _turn_end(side: int, after: int) -> tuple[Event]:
    """The last event of a turn: won, an extra turn taken, or the turn passed."""
    if after & OVER:
        return WON[side]
    if after >> TURN_SHIFT & 1 == side:
        return taken(side, after >> EXTRA)
    return PASSED[1 - side]


def tables(ruleset: Options) -> Tables:
    """The tables of ``ruleset``, made the first time they are asked for."""
    found: Tables | None = ruleset._tables
    if found is None:
        found = Tables(ruleset)
        object.__setattr__(ruleset, "_tables", found)  # a cache derived from the frozen value
    return found


def _effect(ruleset: Options, move: Move) -> Effect:
    side, start, end = move.side, move.start, move.end
    opponent = side.other
    if start == 0:
        first: Event = Entered(side, square_of(side, end))
    elif end == ruleset.off_at:
        first = BorneOff(side, square_of(side, start))
    else:
        first = Moved(side, square_of(side, start), square_of(side, end))
    earned: tuple[Event, ...] = ()
    if move.steps in ruleset.extra_turn_throws:
        earned += (ExtraTurnEarned(side, "six"),)
    if end in MARKED_POSITIONS:  # Tait's 16 bears off; a piece borne off past 16 lands nowhere
        earned += (ExtraTurnEarned(side, "marked"),)
    own, opp = HALF * side, HALF * opponent
    land = 1 << end if end < ruleset.off_at else 0
    bumps = bool(land & SHARED_BITS)
    return Effect(
        lift=~(1 << start << own) if start else -1,
        place=(land | (0 if start else ENTERED)) << own,
        add=(0 if land else 1 << OFF << own) + (len(earned) << EXTRA),
        bump=land << opp if bumps else 0,
        won=0 if land else ruleset.pieces << OFF << own,
        side=side,
        events=(first, *earned),
        bump_events=(first, Bumped(opponent, square_of(opponent, end)), *earned)
        if bumps
        else (first, *earned),
    )
