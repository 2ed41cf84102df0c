"""Recognise moves from occupancy-only sensors: judge still boards against the legal moves.

Reed switches say "a magnet is here", not whose piece. The tracker keeps the occupancy and the
time of the last lift and the last placing on each square since the expectation was set (the
throw), waits for the board to be still for the settle time, then judges it
(``firmware.play.evidence`` says what each move leaves):

- the board a move leaves, with its journeys in order, is that move;
- the expected board is no move yet (a piece put back where it was is never an error);
- a board part-way along a legal move is a move in progress: it gets that move's lights, and is
  only called overdue after a long patience (a person may hold their piece as long as they like);
- anything else is guided, after a grace time, toward the nearest legal board: forward to a move
  when that is nearer than undoing what was done.

A change of settings never erases the history: only a new position does.

A Hall board sees more, and is judged by it: whose men stand on each square and how many, on
the way through a move too (a man set down upside down is a mistake at once); a move that may
capture, held for the capture, is taken without it the moment the hands play on (a capture is
declined by going on); men falling from a knocked stack are no move (``evidence.Knocks``:
the board is guided back to how it stood); a square reading between its levels (men of both
sides on it) is shown to be set right; and a square whose sensor has failed is judged as the
game has it, as a stuck reed is, or, where the moves differ only there, the board says why it
cannot tell them apart (``Unseen``).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from engine.games.api import Position, Side
from firmware.play.evidence import (
    HIGHEST,
    Board,
    Candidate,
    Knocks,
    Owners,
    Waypoint,
    begun,
    candidate,
    census,
    left_by,
    owners_of,
    square_of,
    stack_tokens,
)
from hardware.core.squares import RACK_OF

log = logging.getLogger(__name__)

NOBODY: Owners = MappingProxyType({})


@dataclass(frozen=True)
class Expectation:
    """What the board should show now (``before``, with ``owners``) and the moves it may show."""

    before: frozenset[str]
    candidates: tuple[Candidate, ...] = ()
    owners: Owners = field(default_factory=lambda: NOBODY)

    @classmethod
    def of(cls, state: Position, allowed: Iterable[Any] | None = None,
           racks: bool = False) -> Expectation:
        """The expectation of a state: its occupancy, and its pending throw's legal moves (or
        only ``allowed`` among them, e.g. the mummy's chosen move); ``racks`` when the board
        has switches under its racks."""
        moves = state.moves if allowed is None else tuple(m for m in state.moves if m in allowed)
        owners = MappingProxyType(owners_of(state, racks))
        return cls(frozenset(owners), _distinct(candidate(state, m, racks, owners)
                                                for m in moves), owners)

    @classmethod
    def board(cls, owners: Mapping[str, Side] | Iterable[str] = ()) -> Expectation:
        """Just a position to reach (an empty board after a game, a saved game to resume)."""
        if isinstance(owners, Mapping):
            return cls(frozenset(owners), (), MappingProxyType(dict(owners)))
        return cls(frozenset(owners))


def _distinct(candidates: Iterable[Candidate]) -> tuple[Candidate, ...]:
    """The candidates, one of each evidence: where moves of different dice leave the same board
    by the same journeys (the stacking game's 6 entering where a 3 would, a man carried off by
    any die big enough), the hands cannot say which die, so the board takes the smallest."""
    kept: dict[Any, Candidate] = {}
    for c in candidates:
        key = (c.after, tuple(sorted(c.owners.items())),
               tuple((t.side, t.start, t.end, t.via) for t in c.journeys))
        old = kept.get(key)
        if old is None or _die(c.move) < _die(old.move):
            kept[key] = c
    return tuple(kept.values())


def _die(move: Any) -> tuple[int, str]:
    return getattr(move, "die", 0), str(move)


def _extended_by(c: Candidate, other: Candidate) -> bool:
    """Whether ``other`` is ``c``'s mover's journey and more (a man captured on the way)."""
    return other is not c and other.mover == c.mover and len(other.journeys) > len(c.journeys)


@dataclass(frozen=True)
class Verdict:
    """What the tracker concludes about the board now."""


@dataclass(frozen=True)
class Unsettled(Verdict):
    """Pieces are moving (or just moved): too soon to judge."""


@dataclass(frozen=True)
class AsExpected(Verdict):
    """The board shows the expected position: nothing to do (a piece put back is this too)."""


@dataclass(frozen=True)
class InProgress(Verdict):
    """The still board is part-way along legal moves: light where to act next.

    ``in_hand``: only the mover is up, a person deciding (never overdue). ``reseat``: after the
    grace time, occupied targets of a piece in the hand: a piece set down on top of the one it
    bumps leaves that switch closed, so it must be lifted and set down again. ``overdue``: the
    board has stood part-way for longer than the patience time.
    """

    moves: frozenset[Any]
    sources: frozenset[str]
    targets: frozenset[str]
    in_hand: bool = False
    reseat: frozenset[str] = frozenset()
    overdue: bool = False
    capture: bool = False
    """The move is made, and may still capture a man it passed (on ``targets``), by lifting
    him; playing on declines it."""


@dataclass(frozen=True)
class Recognized(Verdict):
    """The board shows this move."""

    move: Any


@dataclass(frozen=True)
class Mismatch(Verdict):
    """The still board matches nothing: ``missing`` pieces to put back (with their owners),
    ``unexpected`` pieces to lift, to reach the position ``toward`` leaves (None: undo).

    ``urgent`` turns true once the grace time has passed, when the board starts to guide.
    """

    missing: Owners
    unexpected: frozenset[str]
    urgent: bool
    toward: Any = None
    knocked: str | None = None
    """The square whose stack was knocked over: the board is guided to how it stood."""
    unclear: frozenset[str] = frozenset()
    """Squares a Hall board reads between its levels: men of both sides, or a man not flat."""
    turned: Owners = field(default_factory=lambda: MappingProxyType({}))
    """Squares a Hall board sees the other side's men on, with the side that belongs there."""


@dataclass(frozen=True)
class Unseen(Verdict):
    """The still board shows ``moves`` alike but on ``squares``, whose sensors have failed: the
    board cannot tell which was made until they are mended."""

    moves: frozenset[Any]
    squares: frozenset[str]


@dataclass(frozen=True)
class Held:
    """A move the board shows, held because the hands may not be done (``_may_go_on``):
    ``related`` the moves that would go on from it, ``since`` when its last change came."""

    candidate: Candidate
    related: tuple[Candidate, ...]
    """The moves that would go on from it (a capture, the man set down after all)."""
    since: float
    changes: int


AS_EXPECTED = AsExpected()


@dataclass
class MoveTracker:
    """Judges the occupancy against an expectation once the board has been still long enough."""

    settle: float = 0.25
    grace: float = 1.5
    patience: float = 8.0
    capture_wait: float = 2.0
    """Seconds a move that may go on waits before it is taken as made: one that may capture a
    man on its way (the man it could capture lit: the stacking game's captures are made by
    lifting the man), or a man lifted off the board that other dice would set down on it."""
    occupancy: set[str] = field(default_factory=set)
    expectation: Expectation = field(default_factory=lambda: Expectation(frozenset()))
    filled: dict[str, float] = field(default_factory=dict)
    """When each square (and rack) last had a piece set on it, since the expectation."""
    emptied: dict[str, float] = field(default_factory=dict)
    """When each square (and rack) last had a piece lifted off it, since the expectation."""
    last_change: float = float("-inf")
    stuck_after: float = float("inf")
    """Seconds one square may disagree with the expectation, all else still, before its reed
    is taken as stuck (a kiosk's setting; never, by default)."""
    stuck: set[str] = field(default_factory=set)
    """Squares whose reed seems stuck: judged as the expectation says until they change."""
    _changes: int = field(default=0, repr=False)
    """Counts every change of the occupancy, the expectation and the stuck reeds."""
    _calm: tuple[int, float] | None = field(default=None, repr=False)
    """``(_changes, settle)`` when the still board was last found as expected: until either
    changes it still is (judged every frame, a still board is not judged afresh)."""
    sides: dict[str, Side] | None = None
    """On a Hall board, whose men stand on each occupied square (None: a reed board, which
    cannot tell)."""
    unclear: set[str] = field(default_factory=set)
    """Squares a Hall board reads between its levels, standing still: men of both sides."""
    blind: set[str] = field(default_factory=set)
    """Squares whose Hall sensor has failed: judged as the expectation says, as stuck reeds."""
    knocks: Knocks = field(default_factory=Knocks)
    _held: Held | None = field(default=None, repr=False)
    _carry: float | None = field(default=None, repr=False)
    """After a held move is taken because the hands went on: the hands' history after this
    time belongs to the next act, and is kept for it."""

    def expect(self, expectation: Expectation, *, keep_history: bool = False) -> None:
        """Judge against a new expectation; the history starts afresh unless ``keep_history``
        (the same position with other moves allowed: a settings change mid-move), or but for
        what the hands did after a held move they went on from."""
        self.expectation = expectation
        self._changes += 1
        self._held = None
        carry, self._carry = self._carry, None
        if keep_history:
            return
        for times in (self.filled, self.emptied):
            for place, t in list(times.items()):
                if carry is None or t <= carry:
                    del times[place]

    def reset(self, occupancy: Iterable[str], now: float) -> None:
        """Take the whole occupancy as read (at start-up, from the debounced switches)."""
        self.occupancy = set(occupancy)
        self.last_change = now
        self._changes += 1

    def reset_stacks(self, counts: Mapping[str, int], now: float) -> None:
        """Take a Hall board's counts as read (at start-up): plus Cones, minus Reels."""
        self.sides = {square: Side.CONES if n > 0 else Side.REELS
                      for square, n in counts.items() if n}
        self.reset((token for square, n in counts.items() for token in stack_tokens(square, n)),
                   now)

    def stack(self, square: str, count: int, t: float) -> None:
        """A Hall board's square settled on ``count`` men at time ``t`` (plus Cones, minus
        Reels): more men is a placing, fewer a lift, another side both. Men falling from a
        knocked stack are watched for (``knocks``)."""
        sides = self.sides if self.sides is not None else {}
        self.sides = sides
        side = None if not count else Side.CONES if count > 0 else Side.REELS
        before = sum(1 for token in self.occupancy if square_of(token) == square)
        if square in self.unclear:  # it reads clear again
            self.unclear.discard(square)
            self._changes += 1
            self.last_change = t
        if side == sides.get(square) and abs(count) == before:
            return
        self.knocks.before(t, Board.of(self.occupancy, sides, self.filled, self.emptied))
        old_side = sides.get(square)
        self._changes += 1
        if square in self.stuck:
            self.stuck.discard(square)
        self.occupancy = {t_ for t_ in self.occupancy if square_of(t_) != square}
        self.occupancy.update(stack_tokens(square, count))
        turned = before and side is not None and side != sides.get(square)
        if abs(count) < before or turned:
            self.emptied[square] = t
        if abs(count) > before or turned:
            self.filled[square] = t
        if side is None:
            sides.pop(square, None)
        else:
            sides[square] = side
        self.last_change = t
        lost = before - abs(count) if not turned else before
        self.knocks.changed(t, square, old_side if lost > 0 else side, lost)

    def unclear_at(self, square: str, t: float) -> None:
        """A Hall board's square has stood reading between its levels since ``t``: men of both
        sides on it, or a man not set down flat."""
        self.knocks.before(t, Board.of(self.occupancy, self.sides or {}, self.filled,
                                       self.emptied))
        self.unclear.add(square)
        self._changes += 1
        self.last_change = max(self.last_change, t)
        self.knocks.changed(t, square, None, 0)

    def sensor_failed(self, square: str) -> None:
        """The Hall sensor under ``square`` has failed: judge the square as the game has it."""
        self.blind.add(square)
        self.unclear.discard(square)
        self._changes += 1

    def sensor_mended(self, square: str, t: float) -> None:
        """The Hall sensor under ``square`` reads again at ``t`` (its count follows: the board
        is judged once it has)."""
        self.blind.discard(square)
        self._changes += 1
        self.last_change = max(self.last_change, t)

    def shows(self, owners: Owners) -> bool:
        """Whether the board shows exactly ``owners`` (who stands where, on a Hall board)."""
        board = census(self.occupancy)
        return board == frozenset(owners) and self._seen(board, owners)

    def _seen(self, board: frozenset[str], owners: Owners) -> bool:
        """Whether the sides a Hall board sees are ``owners``' (a reed board sees none)."""
        if self.sides is None:
            return True
        return all(self.sides.get(square_of(token)) == owners.get(token) for token in board
                   if token not in RACK_OF)

    def _wrong_sides(self, board: frozenset[str], owners: Owners) -> frozenset[str]:
        """The squares a Hall board sees the other side's men on (none on a reed board)."""
        if self.sides is None:
            return frozenset()
        return frozenset(square_of(token) for token in board if token not in RACK_OF
                         and token in owners and self.sides.get(square_of(token)) != owners[token])

    def change(self, square: str, occupied: bool, t: float) -> None:
        """A debounced switch changed at time ``t``."""
        if occupied == (square in self.occupancy):
            return
        self._changes += 1
        if square in self.stuck:
            log.info("the reed of %s works again", square)
            self.stuck.discard(square)
        if occupied:
            self.occupancy.add(square)
        else:
            self.occupancy.discard(square)
        times = self.filled if occupied else self.emptied
        times[square] = t
        rack = RACK_OF.get(square)
        if rack is not None:
            times[rack] = t
        self.last_change = t

    def was_emptied(self, square: str) -> bool:
        """Whether a piece was lifted off ``square`` since the expectation was set."""
        return square in self.emptied

    def judge(self, now: float) -> Verdict:
        """The verdict on the board at time ``now``."""
        stuck = frozenset(self.stuck | self.blind)
        declined = self._declined(stuck)
        if declined is not None:  # the hands went on from a held move: it is made
            return declined
        still = now - self.last_change - self.settle
        if still < 0:
            return Unsettled()
        if self._calm == (self._changes, self.settle):
            return AS_EXPECTED
        board = census(self.occupancy) - stuck
        expected = self.expectation
        knocked = self.knocks.knocked
        if knocked is not None:
            return self._after_knock(knocked, board, still, stuck)
        if self.unclear - stuck:  # men of both sides on a square: the top one comes off
            return Mismatch(MappingProxyType({}), frozenset(self.unclear - stuck),
                            still >= self.grace, unclear=frozenset(self.unclear - stuck))
        shown = [c for c in expected.candidates if c.after - stuck == board
                 and left_by(c, expected.before, self.filled, self.emptied, stuck)
                 and self._seen(board, c.owners)]
        if len(shown) == 1:
            waiting = self._may_go_on(shown[0], still)
            return waiting if waiting is not None else Recognized(shown[0].move)
        if board == expected.before - stuck and not self._wrong_sides(board, expected.owners):
            if shown:  # every piece back on its own square, or swapped: never guess
                log.warning("the board shows %s alike: taken as no move",
                            ", ".join(str(c.move) for c in shown))
            self.filled.clear()  # the act is over: what the hands did is erased
            self.emptied.clear()
            if not shown:  # nothing to say again: the same until something changes
                self._calm = (self._changes, self.settle)
            return AS_EXPECTED
        blind = frozenset().union(*(stack_tokens(b, HIGHEST) for b in self.blind))
        if len(shown) > 1 and all(c.after ^ shown[0].after <= blind for c in shown):
            return Unseen(frozenset(c.move for c in shown), frozenset(self.blind))
        if shown:  # the tests prove no two moves leave the same evidence; never guess
            log.error("the board shows %s alike: guiding back",
                      ", ".join(str(c.move) for c in shown))
            return self._mismatch(board, still, forward=False, stuck=stuck)
        progress = [(c, w) for c in expected.candidates for w in self._along(c, board, stuck)]
        if not progress:
            mismatch = self._mismatch(board, still, stuck=stuck)
            wrong = {*mismatch.missing, *mismatch.unexpected}
            if still >= self.stuck_after and len(wrong) == 1 and self.sides is None:
                (square,) = wrong
                log.warning("the reed of %s seems stuck %s: play goes on around it", square,
                            "closed" if square in mismatch.unexpected else "open")
                self.stuck.add(square)
                self._changes += 1
                return self.judge(now)
            return mismatch
        in_hand = all(w.mover_lifted for _, w in progress)
        targets = frozenset().union(*(w.targets for _, w in progress))
        seen = self.sides is not None  # a Hall board sees the mover is not on its target
        return InProgress(
            moves=frozenset(c.move for c, _ in progress),
            sources=frozenset(w.source for _, w in progress if w.source is not None),
            targets=targets,
            in_hand=in_hand,
            reseat=targets & board if in_hand and still >= self.grace and not seen
            else frozenset(),
            overdue=not in_hand and still >= self.patience,
        )

    def _along(self, c: Candidate, board: frozenset[str], stuck: frozenset[str]
               ) -> list[Waypoint]:
        """The boards part-way along ``c`` that ``board`` is: on a Hall board those whose
        sides it sees; on a reed board, which sees none, the first way to it."""
        found = [w for w in c.waypoints if w.board - stuck == board
                 and self._seen(board, w.owners)]
        return found if self.sides is not None else found[:1]

    def _declined(self, stuck: frozenset[str]) -> Recognized | None:
        """A held move (one that may capture, or a man lifted off that other dice would set
        down) is made the moment the hands go on to something else: the capture declined, the
        man carried off. What they do next is the next act's."""
        held = self._held
        if held is None or held.changes == self._changes:
            return None
        board = census(self.occupancy) - stuck
        c = held.candidate
        for other in self.expectation.candidates:
            if (other.after - stuck == board and self._seen(board, other.owners)) or any(
                    w.board - stuck == board and self._seen(board, w.owners)
                    for w in other.waypoints):
                return None  # the capture being made, the move undone, or on the way to one
        if board == self.expectation.before - stuck:
            self._held = None  # the move undone: nothing to take
            return None
        self._held = None
        self._carry = held.since
        log.info("%s is taken as made: the hands went on", c.move)
        return Recognized(c.move)

    def _after_knock(self, knocked: Board, board: frozenset[str], still: float,
                     stuck: frozenset[str]) -> Verdict:
        """Guidance back to the board as it stood before a stack was knocked over; once it
        stands so again (or as the game expects), the act goes on where it was."""
        before = census(knocked.occupancy) - stuck
        sides = self.sides or {}
        back = board == before and not self.unclear - stuck and all(
            sides.get(square_of(t)) == knocked.sides.get(square_of(t)) for t in board
            if t not in RACK_OF)
        expected = self.expectation
        if back or (board == expected.before - stuck and not self.unclear - stuck
                    and not self._wrong_sides(board, expected.owners)):
            if back:  # what the hands had done before the knock still counts
                self.filled = dict(knocked.filled)
                self.emptied = dict(knocked.emptied)
            log.info("the stack knocked over on %s is set back", self.knocks.square)
            self.knocks.over()
            self._changes += 1
            return Unsettled()
        missing = {square_of(t): knocked.sides.get(square_of(t), Side.CONES)
                   for t in before - board}
        unexpected = {square_of(t) for t in board - before} | (self.unclear - stuck)
        for t in board & before:
            square = square_of(t)
            if square in knocked.sides and sides.get(square) != knocked.sides[square]:
                missing[square] = knocked.sides[square]
                unexpected.add(square)
        return Mismatch(MappingProxyType(missing), frozenset(unexpected), True,
                        knocked=self.knocks.square, unclear=frozenset(self.unclear - stuck))

    def _may_go_on(self, c: Candidate, still: float) -> InProgress | None:
        """A move whose hand may not be done yet, lit as in progress for ``capture_wait``: a man
        it could still capture on its way (captured by lifting it), or a man lifted off the
        board that other dice would set down on it (one held, not carried off). It is held:
        the moment the hands go on to something else, it is made (``_declined``)."""
        if still >= self.capture_wait:
            self._held = None
            return None
        others = self.expectation.candidates
        capture = [d for d in others if _extended_by(c, d)]
        mover = c.mover
        alternatives = [d for d in others if mover.end is None and not mover.via
                        and mover.start is not None and d.mover.start == mover.start
                        and d.mover.end is not None]
        if not capture and not alternatives:
            return None
        self._hold(c, capture + alternatives)
        if capture:
            return InProgress(moves=frozenset({c.move, *(d.move for d in capture)}),
                              sources=frozenset(),
                              targets=frozenset(t.start for d in capture for t in d.journeys[1:]
                                                if t.start is not None), capture=True)
        return InProgress(moves=frozenset({c.move}), sources=frozenset(), targets=frozenset(
            d.mover.end for d in alternatives if d.mover.end is not None))

    def _hold(self, c: Candidate, related: list[Candidate]) -> None:
        """Keep ``c`` as the move the board shows, held for what may follow."""
        if self._held is None or self._held.candidate is not c:
            self._held = Held(c, tuple(related), self.last_change, self._changes)

    def _mismatch(self, board: frozenset[str], still: float, forward: bool = True,
                  stuck: frozenset[str] = frozenset()) -> Mismatch:
        """Guidance back to the expected board, or forward to a move whose mover has left its
        place toward it when that is nearer (never to a move nobody began); undoing wins a tie.
        Either way at least one place differs: the board to reach is never the board shown."""
        expected = self.expectation
        goal, owners, toward = expected.before - stuck, expected.owners, None
        if forward:
            for c in expected.candidates:
                after = c.after - stuck
                if (after != board or not self._seen(board, c.owners)) and len(
                        board ^ after) <= len(board ^ goal) - (after != board) and begun(
                        c, board, expected.before - stuck, self.filled, self.emptied):
                    goal, owners, toward = after, c.owners, c.move
        missing = {square_of(token): owners.get(token, Side.CONES) for token in goal - board}
        unexpected = {square_of(token) for token in board - goal}
        turned = {}
        for square in self._wrong_sides(board & goal, owners):  # the other side's men: swap
            missing[square] = turned[square] = owners.get(square, Side.CONES)
            unexpected.add(square)
        return Mismatch(MappingProxyType(missing), frozenset(unexpected), still >= self.grace,
                        toward, turned=MappingProxyType(turned))
