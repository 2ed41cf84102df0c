"""What a move leaves on occupancy sensors: each piece's journey, and the board it ends on.

Reed switches say "a magnet is here", not whose piece. A move is told apart by the board it leaves
and by the order of the last lift and the last placing seen on each square: a bumped square must
be refilled *after* the mover left its square, a piece borne off by landing on 16 must have stood
on 16 after it left its square (one borne off past 16, under Cyningstan's rules, only leaves its
square). Only the last event on each square counts, so a piece put back where it was erases what
it did before.

With racks fitted (a reed under each resting place of each side's waiting rack and borne-off
tray), pieces coming from and going to the racks are seen too; the racks are then counted (which
slot a piece rests in does not matter) and every move leaves its own evidence.

A square holds a stack of men in the stacking game: it is counted as a rack is, its first man
``M7``, the second ``M7^2``, the third ``M7^3`` (``slots``; a fourth, one too many, ``M7^4``).
A Hall board sees whose men stand on each square as well as how many, so a board part-way along
a move carries its sides too (``Waypoint.owners``); a reed board sees the first man only, and no
game a reed board plays puts two on a square.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from engine.games.api import Offboard, Position, Side
from hardware.core.squares import RACK_OF, RACKS

WAITING = {Side.CONES: "CW", Side.REELS: "RW"}
BORNE_OFF = {Side.CONES: "CO", Side.REELS: "RO"}
RACK_SIDE = {rack: side for side in Side for rack in (WAITING[side], BORNE_OFF[side])}

Owners = Mapping[str, Side]
"""Who stands on each occupied square (rack slots and the men of a stack included)."""
STACKED = "^"
"""Between a square and the place of a man in its stack: ``M7^2`` is M7's second man."""
HIGHEST = 4
"""Men a square is read to hold at most: a stack's three (the stacking game's), and one too
many, set down by mistake."""


@functools.cache
def slots(place: str) -> tuple[str, ...]:
    """The places of the pieces a square or rack holds, lowest first: a rack's slots, or the
    men of a square's stack (``M7``, ``M7^2``, ``M7^3``)."""
    rack = RACKS.get(place)
    if rack is not None:
        return rack
    return (place, *(f"{place}{STACKED}{n}" for n in range(2, HIGHEST + 1)))


def square_of(token: str) -> str:
    """The square (or rack slot) a place of ``slots`` stands on: ``M7^2`` is on M7."""
    return token.partition(STACKED)[0]


def stack_tokens(square: str, count: int) -> tuple[str, ...]:
    """The places ``count`` men (either side) fill on ``square``."""
    return slots(square)[:abs(count)]


@dataclass(frozen=True)
class Trip:
    """A piece's journey (``engine.games.api.Journey``) as the switches see it: from ``start``
    over ``via`` to ``end``, each a square, a rack (``CW``...) when racks are fitted, or None:
    off the board, unseen.
    """

    side: Side
    start: str | None
    end: str | None
    via: tuple[str, ...] = ()

    def steps(self) -> tuple[tuple[str, bool], ...]:
        """The switch changes a hand makes along the way: (place, occupied) in order."""
        steps: list[tuple[str, bool]] = []
        if self.start is not None:
            steps.append((self.start, False))
        for square in self.via:
            steps += [(square, True), (square, False)]
        if self.end is not None:
            steps.append((self.end, True))
        return tuple(steps)


@dataclass(frozen=True)
class Waypoint:
    """A board part-way through a move: where the mover still stands, and where to act next."""

    board: frozenset[str]
    source: str | None
    """The mover's square while it has not been lifted yet (lit steady)."""
    targets: frozenset[str]
    """Where the next act happens: the square to set the piece on, or to lift it from."""
    mover_lifted: bool
    """Only the mover is up and nothing else has changed (a person deciding where to go)."""
    owners: Owners = field(default_factory=lambda: MappingProxyType({}))
    """Who stands where on ``board`` (what a Hall board sees)."""


@dataclass(frozen=True)
class Candidate:
    """A move the board may show: the board it leaves, who stands where, and the journeys."""

    move: Any
    after: frozenset[str]
    owners: Owners
    journeys: tuple[Trip, ...]
    waypoints: tuple[Waypoint, ...] = ()

    @property
    def mover(self) -> Trip:
        """The journey of the piece that moves (the first)."""
        return self.journeys[0]


def census(occupancy: Iterable[str]) -> frozenset[str]:
    """The occupancy with each rack counted: ``n`` pieces in a rack read as its first ``n``
    slots, since which slot a piece rests in means nothing."""
    squares = set()
    counts: dict[str, int] = {}
    for name in occupancy:
        rack = RACK_OF.get(name)
        if rack is None:
            squares.add(name)
        else:
            counts[rack] = counts.get(rack, 0) + 1
    for rack, n in counts.items():
        squares.update(RACKS[rack][:n])
    return frozenset(squares)


def rack_owners(state: Position) -> dict[str, Side]:
    """The rack slots a state fills, with their owners: waiting pieces and pieces borne off."""
    owners: dict[str, Side] = {}
    for side in Side:
        for rack, n in ((WAITING[side], state.waiting(side)), (BORNE_OFF[side], state.off[side])):
            owners.update(dict.fromkeys(RACKS[rack][:n], side))
    return owners


def owners_of(state: Position, racks: bool = False) -> dict[str, Side]:
    """Who stands on each occupied square of ``state`` (and rack slot, with ``racks``), each man
    of a stack on a place of its own (``slots``)."""
    stacks = getattr(state, "stacks", None)
    if stacks is None:
        owners = state.owners()
    else:
        owners = {token: side for square, (side, count) in stacks().items()
                  for token in stack_tokens(square, count)}
    if racks:
        owners.update(rack_owners(state))
    return owners


def trips(position: Position, move: Any, racks: bool = False) -> tuple[Trip, ...]:
    """The journeys ``move`` makes, as the switches see them: off the board is a rack when
    racks are fitted. A stop on the way (``via``) is asked for only of a piece going off the
    board unseen, where it is the only sign of the piece's way (16 or H30 touched when bearing
    off): a piece that comes to rest on a square shows its way there (Senet's House of Water),
    and the tray sees a piece borne off."""

    def place(where: str | Offboard, side: Side) -> str | None:
        if isinstance(where, str):
            return where
        if not racks:
            return None
        return (WAITING if where is Offboard.WAITING else BORNE_OFF)[side]

    found = []
    for journey in position.journeys(move):
        side = journey.side
        unseen = isinstance(journey.end, Offboard) and not racks
        via = journey.via if unseen else ()
        found.append(Trip(side, place(journey.start, side), place(journey.end, side), via))
    return tuple(found)


def candidate(state: Position, move: Any, racks: bool = False,
              before: Owners | None = None) -> Candidate:
    """The evidence ``move`` leaves on the board of ``state`` (whose ``owners_of`` may be given,
    to work it out once for every move of a throw)."""
    if before is None:
        before = owners_of(state, racks)
    found = trips(state, move, racks)
    owners = dict(before)
    for journey in found:  # every piece leaves before any arrives (a bumped square empties)
        if journey.start is not None:
            _take(owners, journey.start)
    for journey in found:
        if journey.end is not None:
            _put(owners, journey.end, journey.side)
    after = frozenset(owners)
    return Candidate(move, after, MappingProxyType(owners), found,
                     tuple(_waypoints(before, found)))


def _take(owners: dict[str, Side], place: str) -> None:
    filled = [slot for slot in slots(place) if slot in owners]
    if filled:
        owners.pop(filled[-1])


def _put(owners: dict[str, Side], place: str, side: Side) -> None:
    free = [slot for slot in slots(place) if slot not in owners]
    if free:
        owners[free[0]] = side


def _step(owners: dict[str, Side], place: str, occupied: bool, side: Side) -> None:
    """One change a hand makes: a piece of ``side`` set on ``place``, or its top one lifted."""
    if occupied:
        _put(owners, place, side)
    else:
        _take(owners, place)


def _orders(trips: tuple[Trip, ...]) -> Iterator[tuple[tuple[int, str, bool], ...]]:
    """Every order a hand may make the journeys' steps in (each journey's own steps in order,
    and no piece set on a square before the piece on it has left)."""
    steps = [journey.steps() for journey in trips]

    def extend(done: tuple[int, ...], order: tuple[tuple[int, str, bool], ...],
               board_busy: frozenset[str]) -> Iterator[tuple[tuple[int, str, bool], ...]]:
        if all(d == len(s) for d, s in zip(done, steps, strict=True)):
            yield order
            return
        for i, (d, s) in enumerate(zip(done, steps, strict=True)):
            if d == len(s):
                continue
            place, occupied = s[d]
            if occupied and place in board_busy:
                continue
            busy = board_busy | {place} if occupied else board_busy - {place}
            yield from extend((*done[:i], d + 1, *done[i + 1:]), (*order, (i, place, occupied)),
                              busy)

    busy = frozenset(j.start for j in trips if j.start is not None and j.start not in RACKS)
    yield from extend((0,) * len(trips), (), busy)


def _waypoints(before: Owners, trips: tuple[Trip, ...]) -> Iterator[Waypoint]:
    """The boards a careful hand passes through on the way from ``before`` to the move's end,
    with who stands where on each."""
    mover = trips[0]
    start = frozenset(before)
    seen: set[tuple[frozenset[str], tuple[tuple[str, Side], ...]]] = set()
    for order in _orders(trips):
        owners = dict(before)
        for n, (j, place, occupied) in enumerate(order[:-1], 1):
            _step(owners, place, occupied, trips[j].side)
            board = frozenset(owners)
            key = (board, tuple(sorted(owners.items())))
            if (board == start and owners == dict(before)) or key in seen:
                continue
            seen.add(key)
            left = [(p, o) for j, p, o in order[n:] if j == 0]  # the mover's steps still to make
            lifted = len(left) < len(mover.steps()) or mover.start is None
            if not left:  # the mover has arrived: what remains is another piece's
                targets = {order[n][1]}
            elif left[0][1] or lifted:  # in the air, or standing on a square on its way
                targets = {left[0][0]}
            else:  # still on its square: where it is going (its square, if off the board)
                targets = {next((p for p, o in left if o), left[0][0])}
            yield Waypoint(board, None if lifted else mover.start, frozenset(targets),
                           mover_lifted=n == 1 and order[0][0] == 0 and mover.start is not None,
                           owners=MappingProxyType(dict(owners)))


def left_by(c: Candidate, before: frozenset[str], filled: Mapping[str, float],
            emptied: Mapping[str, float], stuck: frozenset[str] = frozenset()) -> bool:
    """Whether this act's events show ``c``'s journeys where the still board cannot: a square
    full before and after (a bumped or swapped square) was emptied, a way square (16, H30)
    was stood on, then left after the piece left its own, and a man carried off the board
    unseen (the stacking game's) was lifted last on his square, not set down there since. Only
    the last lift and placing of each square count; a ``stuck`` reed's part is taken as done.

    Nothing else is ordered: the board ``c`` leaves tells the rest, and a piece slid across the
    line between two squares may close the next reed before it opens its own."""
    for journey in c.journeys:
        left = emptied.get(journey.start, float("-inf")) if journey.start else float("-inf")
        for square in journey.via:
            if square in stuck:  # a stuck reed tells nothing: take its part as done
                continue
            stood, gone = filled.get(square), emptied.get(square)
            if stood is None or gone is None or not stood < gone or not left < gone:
                return False
            left = gone
        end = journey.end
        if end in before and end not in stuck and end not in RACKS and end not in emptied \
                and _count(c.after, end) <= _count(before, end):  # not a man added to a stack
            return False
    start = c.mover.start
    if c.mover.end is not None or c.mover.via or start is None or start in stuck:
        return True
    # a man carried off leaves nothing but his lift: it must come last on his square
    return filled.get(start, float("-inf")) <= emptied.get(start, float("-inf"))


def begun(c: Candidate, board: frozenset[str], before: frozenset[str],
          filled: Mapping[str, float], emptied: Mapping[str, float]) -> bool:
    """Whether the mover of ``c`` has left its place toward ``c``'s target in this act: lifted
    and not put back, and its target (or way square) touched since; a piece entering from off
    the board unseen has no place to leave, so its move is never begun."""
    mover = c.mover
    start = mover.start
    if start is None or start not in emptied:
        return False
    if _count(board, start) >= _count(before, start) > _count(c.after, start):
        return False  # back where it was
    if _count(board, start) < _count(c.after, start):
        return False  # more men gone from its stack than the move takes: not this move
    goal = mover.via[0] if mover.via else mover.end
    return goal is None or goal in filled


def _count(board: frozenset[str], place: str) -> int:
    """The pieces on ``place``: a square (a stack), or a rack of slots."""
    return sum(slot in board for slot in slots(place))


def move_squares(position: Position, move: Any) -> tuple[str | None, str | None]:
    """Where ``move``'s piece is lifted from and where it is set down, as the lights show it:
    a piece that leaves the board shows the square it stands on on its way (16 in Tait's
    rules), or none."""
    mover = position.journeys(move)[0]
    source = mover.start if isinstance(mover.start, str) else None
    if isinstance(mover.end, str):
        return source, mover.end
    return source, mover.via[-1] if mover.via else None


def captured(position: Position, move: Any) -> str | None:
    """The square of the piece ``move`` bumps or swaps with, if any."""
    for journey in position.journeys(move)[1:]:
        if isinstance(journey.start, str):
            return journey.start
    return None


# A stack knocked over, told from a move by how men fall: on a Hall board, men that leave one
# square and land on another within ``KNOCK`` seconds (no hand carries a man so fast) are a
# knock, not a move. (Men knocked off the board's edge leave no such sign: they are men lifted
# away, as a hand lifts them.) The board as it stood before the knock (who stood where, and what
# the hands had done in the act so far) is kept, to be guided back to; nothing is read into
# what the knock did (``firmware.play.tracker``).

KNOCK = 0.1
"""Seconds within which men leaving one square and landing on another fell: a hand carrying a
man from one square to the next takes longer."""


@dataclass(frozen=True)
class Board:
    """A board as it stood: its occupancy, whose men stood where (a Hall board's sides), and
    the hands' history of the act (``MoveTracker.filled``, ``emptied``)."""

    occupancy: frozenset[str]
    sides: Owners
    filled: Mapping[str, float]
    emptied: Mapping[str, float]

    @classmethod
    def of(cls, occupancy: set[str], sides: dict[str, Side], filled: dict[str, float],
           emptied: dict[str, float]) -> Board:
        """A copy of the board as it stands."""
        return cls(frozenset(occupancy), MappingProxyType(dict(sides)),
                   MappingProxyType(dict(filled)), MappingProxyType(dict(emptied)))


@dataclass
class Knocks:
    """Watches a Hall board's changes for men falling."""

    knocked: Board | None = None
    """The board before the last knock, until it is shown again."""
    square: str | None = None
    """The square whose stack was knocked."""
    _still: Board | None = field(default=None, repr=False)
    """The board before the last burst of changes began."""
    _last: float = float("-inf")
    _recent: deque[tuple[float, str, Side | None, int]] = field(
        default_factory=lambda: deque(maxlen=8), repr=False)
    """The last changes: when, where, whose men, how many lost (gained: fewer than none)."""

    def before(self, t: float, board: Board) -> None:
        """A square is about to change at ``t``; ``board`` is how the board stands now: kept
        as the board before a knock when it has stood still a moment."""
        if t - self._last > KNOCK:
            self._still = board
        self._last = t

    def changed(self, t: float, square: str, side: Side | None, lost: int) -> bool:
        """``square`` lost ``lost`` men of ``side`` (gained ``-lost``; or turned unclear, men
        of both sides on it, with ``lost`` 0 and no side) at ``t``; True when that and another
        square's change show men falling (the board before is kept in ``knocked``)."""
        if self.knocked is not None:
            return False
        fell = next((where for when, where, whose, was in self._recent
                     if abs(t - when) <= KNOCK and where != square and (
                         (lost > 0 and was <= 0 and whose in (None, side))
                         or (lost <= 0 and was > 0 and side in (None, whose)))), None)
        self._recent.append((t, square, side, lost))
        if fell is None or self._still is None:
            return False
        self.knocked = self._still
        self.square = square if lost > 0 else fell
        return True

    def over(self) -> None:
        """The board stands as before the knock again (or as the game expects)."""
        self.knocked = None
        self.square = None
        self._recent.clear()
