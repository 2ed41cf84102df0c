"""The player's hand over the simulated board: lifts, places and shakes, as a person makes them.

The window turns mouse presses into calls here; the hand turns them into reed-switch and tilt
contacts on the ``SimBoard`` (bounce and all) and keeps the window's picture of whose piece is
where. Like a person, it makes a legal move by its journeys (``firmware.play.evidence.trips``): a
bumped piece is lifted before the mover is put down, a piece bearing off over square 16 (or Senet's
H30) stands there a moment and is taken off, a piece swapped with goes to the mover's square. On a
board with rack switches a waiting piece is taken from its rack's last filled slot, and a piece
going off the board is set in the first free slot of its rack (waiting rack or borne-off tray).

    hand = Hand(table.sim, Pieces())
    hand.take_from_sideline(Side.CONES); hand.drop("C4", now=table.now)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.core.sides import Side
from engine.games.api import Position
from firmware.play.evidence import KNOCK, WAITING, owners_of, trips
from hardware.core.squares import RACK_OF, RACKS
from sim.board.pieces import Pieces
from sim.board.pins import SimBoard
from sim.board.racks import Racks

TOUCH = 0.15
"""Seconds between two touches of one square (lifting a bumped piece, then landing on it)."""
TILT_EVERY = 0.08
"""Seconds between tilts while the stick box is shaken (a brisk shake)."""
MIN_TILTS = 4
"""Tilts a shake always has, however short the press (the box needs 3 to call it a shake)."""


@dataclass(frozen=True)
class Held:
    """A piece in the hand: its side and the square it came from (None: from the sideline)."""

    side: Side
    origin: str | None


def _pole(side: Side) -> int:
    """The pole a piece of ``side`` shows a Hall board: +1 a Cone, -1 a Reel."""
    return 1 if side is Side.CONES else -1


class Hand:
    """Pieces moved by hand and a stick box shaken by hand, on a ``SimBoard``."""

    def __init__(self, sim: SimBoard, pieces: Pieces) -> None:
        self.sim = sim
        self.pieces = pieces
        self.racks = sim.board.reeds.has_racks
        """The board has a reed under every rack slot (the hand then uses the racks)."""
        pieces.racks = self.racks
        self.held: Held | None = None
        self.shaking = False
        self._tilts = 0
        self._tilted = False
        self._next_tilt = 0.0
        self._later: list[tuple[float, bool, str, int]] = []  # (when, place?, square, pole)
        self._lifted_rest = 0.0  # when the last piece lifted had left its square's contact

    # --- pieces ---------------------------------------------------------------------------

    def lift(self, square: str) -> bool:
        """Pick up the piece on ``square`` (False when there is none)."""
        side = self.pieces.owners.get(square)
        if side is None or self.held is not None or square not in self.sim.pieces:
            return False
        self.pieces.lift(square)
        self._lifted_rest = self.sim.lift(square)
        self.held = Held(side, square)
        return True

    def take_from_sideline(self, side: Side) -> bool:
        """Pick up one of ``side``'s waiting pieces (False when none waits)."""
        if self.held is not None or self.pieces.waiting(side) == 0:
            return False
        if self.racks:
            slot = Racks(self.sim).taken(WAITING[side])
            if slot is None:
                return False
            self._lifted_rest = self.sim.lift(slot)
        self.held = Held(side, None)
        return True

    def drop(self, square: str | None, now: float) -> None:
        """Put the held piece on ``square``, or off the board (None: on its sideline); no move
        is read into it (``carry`` makes a legal move)."""
        held, self.held = self.held, None
        if held is None:
            return
        if square is None:
            self._to_rack(WAITING[held.side], now)  # set down beside the board, to wait
            return
        stacking = self.sim.hall is not None  # a Hall board: set on top of the men there
        if not stacking and (square in self.sim.pieces or square in self.pieces.owners):
            other = self.pieces.lift(square)  # the piece there goes home first, as in a bump
            self.sim.lift(square)
            self._later.append((now + TOUCH, True, square, _pole(held.side)))
            if other is not None:
                self._to_rack(WAITING[other], now)
        else:
            self.sim.place(square, pole=_pole(held.side))
        self.pieces.place(square, held.side, stacked=stacking)

    def carry(self, state: Position, move: object, now: float) -> None:
        """Finish ``move`` of ``state`` with the held piece (its mover, already lifted): the
        pieces it bumps or swaps with lifted first, then the mover's stops, then where the
        others go, a touch apart."""
        self.held = None
        mover, *others = trips(state, move, self.racks)
        # a quick click: the piece leaves, then lands, no faster than a hand carries a man (a
        # Hall board takes men landing within KNOCK of leaving for a stack knocked over)
        t = max(now, self._lifted_rest + 2 * KNOCK)
        for other in others:
            if other.start is not None:
                self.sim.lift(other.start)
                t = max(t, now + TOUCH)
        pole = _pole(mover.side)
        for square in mover.via:  # it stands there a moment on its way off the board
            self._later += [(t, True, square, pole), (t + TOUCH + 0.1, False, square, pole)]
            t += 2 * TOUCH + 0.1
        if mover.end is not None:
            self._later.append((t, True, self._free(mover.end), pole))
        for other in others:
            if other.end is not None:
                self._later.append((t + TOUCH, True, self._free(other.end), _pole(other.side)))
        if t <= now:  # nothing to wait for: the piece lands at once
            self.act(now)
        self.pieces.make(state.journeys(move))

    def set_out(self, owners: Mapping[str, Side]) -> None:
        """Set the pieces out at once as ``owners`` says (a lesson's position), as a helper's
        hands would: pieces that should not be there lifted, missing ones placed."""
        self.held = None
        self._later.clear()
        wanted = dict(owners)
        if self.racks and not set(wanted) & set(RACK_OF):  # a board position alone:
            on_board = set(wanted)
            for side in Side:  # what is not on the board waits in its rack
                waiting = self.pieces.count - sum(wanted[s] is side for s in on_board)
                wanted.update(dict.fromkeys(RACKS[WAITING[side]][:max(0, waiting)], side))
        for square in sorted(self.sim.pieces - set(wanted), reverse=True):  # a stack's top first
            self.sim.lift(square)
        for square in sorted(set(wanted) - self.sim.pieces):
            self.sim.place(square, pole=_pole(wanted[square]))
        self.pieces.owners = {s: side for s, side in owners.items() if s not in RACK_OF}

    def clear_board(self) -> None:
        """Sweep every piece off the board (for a new game)."""
        self.held = None
        self._later.clear()
        for square in sorted(self.sim.pieces, reverse=True):  # a stack's top man first
            self.sim.lift(square)
        self.pieces.clear()
        self._tidy_racks()

    def _tidy_racks(self) -> None:
        """With racks fitted, every piece off the board back in its side's waiting rack, as a
        person tidies them after a game."""
        if not self.racks:
            return
        waiting = {slot for side in Side for slot in RACKS[WAITING[side]][:self.pieces.count]}
        for slot in sorted(self.sim.pieces & set(RACK_OF) - waiting):
            self.sim.lift(slot)
        for slot in sorted(waiting - self.sim.pieces):
            self.sim.place(slot)

    @property
    def busy(self) -> bool:
        """Whether a piece is in hand or a touch is still to come."""
        return self.held is not None or bool(self._later)

    def follow(self, state: Position | None) -> None:
        """Take the game's word for the pieces when the still board agrees with it."""
        if self.busy:
            return
        if state is not None and frozenset(owners_of(state, self.racks)) == self.sim.pieces:
            self.pieces.follow(state)
        elif (state is None or state.is_over) and not self.sim.pieces - set(RACK_OF):
            self.pieces.owners.clear()  # the board cleared after a game, or before one
            self._tidy_racks()
            if self.racks:  # the tray was emptied into the racks too
                self.pieces.off = dict.fromkeys(Side, 0)

    def _free(self, place: str) -> str:
        """Where a piece going to ``place`` is set: a square, or a free slot of a rack."""
        coming = {square for _, put, square, _ in self._later if put}
        return Racks(self.sim).rest(place, coming)

    def _to_rack(self, rack: str, now: float) -> None:
        """Set a piece in the first free slot of ``rack`` a touch from ``now`` (racks fitted)."""
        if self.racks:
            self._later.append((now + TOUCH, True, self._free(rack), 0))

    def capture(self, square: str) -> bool:
        """Lift the man on ``square`` off the board (the stacking game's capture, made by hand
        while the board lights it); False when there is none or a piece is in hand."""
        if self.held is not None or square not in self.sim.pieces:
            return False
        self.pieces.lift(square)
        self.sim.lift(square)
        return True

    # --- sticks ---------------------------------------------------------------------------

    def start_shake(self, now: float) -> None:
        """Begin shaking the stick box (the mouse or space bar held down)."""
        if self.shaking:
            return
        self.shaking = True
        self._tilts = 0
        self._next_tilt = now

    def stop_shake(self) -> None:
        """Let go: the box stands upright (after the few tilts every shake has) and settles."""
        if not self.shaking:
            return
        self.shaking = False
        t = max(self._next_tilt, self.sim.clock.now())
        while self._tilts < MIN_TILTS or self._tilted:
            self._tilt(at=t)
            t += TILT_EVERY

    # --- time -----------------------------------------------------------------------------

    def next_due(self) -> float:
        """When the hand next has something to do (inf: nothing)."""
        due = [when for when, _, _, _ in self._later]
        if self.shaking:
            due.append(self._next_tilt)
        return min(due, default=float("inf"))

    def act(self, now: float) -> None:
        """Do whatever is due by ``now``: delayed touches and the next tilt of a shake."""
        while self.shaking and self._next_tilt <= now:
            self._tilt(at=self._next_tilt)
            self._next_tilt += TILT_EVERY
        due = [item for item in self._later if item[0] <= now]
        self._later = [item for item in self._later if item[0] > now]
        for _, place, square, pole in due:
            if place:
                self.sim.place(square, pole=pole)
            else:
                self.sim.lift(square)

    def _tilt(self, at: float) -> None:
        self._tilted = not self._tilted
        self._tilts += 1
        self.sim.tilt(self._tilted, at=max(at, self.sim.clock.now()))
