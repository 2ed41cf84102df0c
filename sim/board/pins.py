"""The simulated board: gpiozero mock pins moved by a hand that places, lifts, slides and shakes.

Every action schedules pin edges on a ``ManualClock``, with a few milliseconds of seeded contact
bounce on every change; ``advance(dt)`` lets them happen. The real drivers read the pins. A slid
(or low-carried) piece closes each reed while its magnet is within the board's reach of that
square's centre (``sim.board.reeds``): the plain, overlapping and gapped builds each have their own
order of edges.

    sim = SimBoard()
    devices = sim.open(events, draw=lambda rng: rng.choice([1, 2, 3, 4, 6]))
    sim.place("C1"); sim.advance(0.1)
    events.get()  # SquareChanged(square='C1', occupied=True, t=0.0)
"""

from __future__ import annotations

import itertools
import queue
import random
from collections import deque
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from gpiozero.pins.mock import MockFactory, MockPin  # type: ignore[import-untyped]

from firmware.play.evidence import square_of, stack_tokens
from hardware.boards.board_file import DARK_PIXEL, DEFAULT_BOARD, Board, load_board
from hardware.core.clock import ManualClock
from hardware.core.squares import POSITION_OF, STACKS, passed_over
from hardware.devices import Devices, open_devices
from hardware.lights.strips import Colour, MemoryStrip
from hardware.sensors.hall import HallSensors
from hardware.sounds.speaker import SilentSpeaker
from sim.board.expander import FakeMcp23017
from sim.board.hall_board import SimHall, calibrated
from sim.board.reeds import PLAIN, Build

THROW_BUTTON = "throw"
TILT = "tilt"
HELD = 6
"""Men a Hall board's hand keeps: those lifted and not set down again (the rest went aside)."""
PIN_HISTORY = 64
"""State changes each simulated pin remembers (gpiozero's mock pins would keep every one)."""


class ContactPin(MockPin):  # type: ignore[misc]
    """A mock pin with a switch to ground on it: while closed, no pull-up can raise it.

    It remembers only its last ``PIN_HISTORY`` states, so a kiosk display can run for weeks.
    """

    grounded = False

    def clear_states(self) -> None:
        super().clear_states()
        self.states: deque[Any] = deque(self.states, maxlen=PIN_HISTORY)

    def _set_pull(self, value: str) -> None:
        super()._set_pull(value)
        if self.grounded:
            self.drive_low()

    def ground(self, closed: bool) -> None:
        """Close or open the switch."""
        self.grounded = closed
        if closed:
            self.drive_low()
        elif self._pull == "up":
            self.drive_high()


class SimBoard:
    """A board under a simulated hand; actions return the sim time their last edge happens at."""

    def __init__(
        self,
        board: Board | None = None,
        *,
        clock: ManualClock | None = None,
        seed: int = 0,
        build: Build = PLAIN,
    ) -> None:
        self.board = board if board is not None else load_board(DEFAULT_BOARD)
        self.clock = clock if clock is not None else ManualClock()
        self.factory = MockFactory(pin_class=ContactPin)
        self.strip = MemoryStrip(len(self.board.lights.order))
        self.speaker = SilentSpeaker()
        self.build = build
        """The reeds' reach and bounce (``sim.board.reeds``)."""
        self._centres = {square: (float(column), float(row)) for square, (row, column)
                         in POSITION_OF[self.board.kind].items()}
        self._rng = random.Random(seed)
        self._busy: dict[str, float] = {}
        self._closed: dict[str, bool] = dict.fromkeys(self.board.reeds.names, False)
        self._upright = True
        self.chips = {
            e.address: FakeMcp23017(
                e.address, None if e.interrupt_pin is None else self.factory.pin(e.interrupt_pin)
            )
            for e in self.board.reeds.expanders
        }
        self._switches: dict[str, Callable[[bool], None]] = self._wire()
        self._switches[TILT](self.board.sticks.rest_closed)
        self.hall: SimHall | None = None
        """A Hall board's men and sensors (``sim.board.hall_board``); None on a reed board."""
        self._planned: dict[str, list[int]] = {}
        """A Hall board's men on each square, as they will be once the actions are done: their
        poles, lowest first (men of both sides may stand on one, by mistake)."""
        self._planned_hand: list[int] = []
        self._in_hand: list[float] = []
        self._holding: dict[str, int] = {}
        if self.board.hall is not None:
            self.hall = SimHall(self.board.hall, POSITION_OF[self.board.kind], seed=seed)
            self._planned = {square: [] for square in self.hall.stacks}
            self.levels = calibrated(self.hall, stacks=self.board.kind == STACKS)

    def open(
        self,
        events: queue.Queue[Any],
        draw: Callable[[random.Random], Any],
        rng: random.Random | None = None,
    ) -> Devices:
        """Open the real drivers on this board's mock pins, strip and silent speaker.

        ``rng`` seeds the stick box (see ``open_devices``).
        """
        return open_devices(
            self.board,
            events,
            clock=self.clock,
            draw=draw,
            pin_factory=self.factory,
            strip=self.strip,
            speaker=self.speaker,
            chips=self.chips,
            rng=rng,
            hall=None if self.hall is None else (self.hall.channels, self.levels),
        )

    def stacks_read(self, devices: Devices) -> dict[str, int] | None:
        """A Hall board's counts as its sensors read them now (None on a reed board)."""
        reeds = devices.reeds
        return reeds.stacks() if isinstance(reeds, HallSensors) else None

    # The hand.

    def place(self, square: str, *, at: float | None = None, pole: int = 0) -> float:
        """Put a piece on ``square`` (now, or at the sim time ``at``). On a Hall board it is
        the man last lifted and still in the hand, or a new one of ``pole`` (+1 a Cone, -1 a
        Reel) when ``pole`` is given or the hand is empty."""
        if self.hall is not None:
            square = square_of(square)  # a stack's man (M7^2) is set on its square
        when = max(self._start(square), at or 0.0)
        if self.hall is not None and square in self._planned:
            return self._stack_change(square, True, when, pole)
        return self._change(square, True, when)

    def lift(self, square: str, *, at: float | None = None) -> float:
        """Take the piece off ``square`` (now, or at the sim time ``at``); on a Hall board, the
        top man of its stack, kept in the hand."""
        if self.hall is not None:
            square = square_of(square)
        when = max(self._start(square), at or 0.0)
        if self.hall is not None and square in self._planned:
            return self._stack_change(square, False, when)
        return self._change(square, False, when)

    def _stack_change(self, square: str, placed: bool, at: float, pole: int = 0) -> float:
        """Schedule a man set on (or lifted off) a Hall board's square at ``at``."""
        hall = self.hall
        assert hall is not None
        men = self._planned[square]
        if placed:
            # The man set down: one of ``pole``'s in the hand (the last lifted of them), else
            # the last lifted, else a new one.
            held = [i for i, p in enumerate(self._planned_hand) if p == pole or not pole]
            from_hand = bool(held)
            side = self._planned_hand.pop(held[-1]) if from_hand else (pole or 1)
            men.append(side)

            def put() -> None:
                men = [i for i, m in enumerate(self._in_hand) if m * side > 0]
                man = self._in_hand.pop(men[-1]) if from_hand and men else hall.man(side)
                hall.place(square, man)

            self.clock.call_at(at, put)
        else:
            if not men:
                raise KeyError(f"no man on {square} to lift")
            side = men.pop()
            self._planned_hand.append(side)
            del self._planned_hand[:-HELD]  # men set aside (captured, out of play) are let go

            def take() -> None:
                self._in_hand.append(hall.lift(square))
                del self._in_hand[:-HELD]

            self.clock.call_at(at, take)
        self._busy[square] = at
        return at

    def knock(self, square: str, direction: tuple[int, int], *, at: float | None = None
              ) -> float:
        """Knock the stack on ``square`` over toward ``direction`` (rows down, columns right:
        ``(0, 1)`` is one column right): every man above the lowest falls onto the next square
        that way, on top of any men there, or off the board where there is none; all in one
        moment, as men fall. Returns when the last lands."""
        hall = self.hall
        assert hall is not None, "only a Hall board's men stack"
        row, column = POSITION_OF[self.board.kind][square]
        target = next((s for s, place in POSITION_OF[self.board.kind].items()
                       if place == (row + direction[0], column + direction[1])), None)
        men = self._planned[square]
        falling = len(men) - 1
        if falling < 1:
            raise ValueError(f"no stack on {square} to knock over")
        when = max(self._start(square, *([target] if target else [])), at or 0.0)
        fallen = [men.pop() for _ in range(falling)]
        if target is not None:
            self._planned[target] += reversed(fallen)

        def fall() -> None:
            men = [hall.lift(square) for _ in range(falling)]
            for man in reversed(men):
                if target is not None:
                    hall.place(target, man)

        self.clock.call_at(when, fall)
        for place in (square, target):
            if place is not None:
                self._busy[place] = when
        return when

    def hold(self, square: str, pole: int, above: float, *, at: float | None = None) -> float:
        """Hold a man of ``pole`` (+1 a Cone, -1 a Reel: one in the hand, or a new one)
        ``above`` mm over the men on ``square``, not setting him down."""
        hall = self.hall
        assert hall is not None
        when = max(self._start(square), at or 0.0)
        held = [i for i, p in enumerate(self._planned_hand) if p == pole]
        from_hand = bool(held)
        if from_hand:
            self._planned_hand.pop(held[-1])

        def hold() -> None:
            men = [i for i, m in enumerate(self._in_hand) if m * pole > 0]
            man = self._in_hand.pop(men[-1]) if from_hand and men else hall.man(pole)
            hall.hold(square, man, above)

        self.clock.call_at(when, hold)
        self._busy[square] = when
        self._holding[square] = pole
        return when

    def let_go(self, square: str, *, at: float | None = None) -> float:
        """Take the man held over ``square`` back into the hand."""
        hall = self.hall
        assert hall is not None
        when = max(self._start(square), at or 0.0)

        def back() -> None:
            man = hall.let_go(square)
            self._in_hand.append(man)

        self._planned_hand.append(self._holding.pop(square))
        self.clock.call_at(when, back)
        self._busy[square] = when
        return when

    def hop(self, square: str, seconds: float = 0.1, *, at: float | None = None) -> float:
        """Lift the piece on ``square`` and set it straight back ``seconds`` later (a hop, or a
        piece straightened: one shorter than the debounce is never seen)."""
        lifted = self.lift(square, at=at)
        return self.place(square, at=lifted + seconds)

    def slide(self, start: str, end: str, seconds: float = 0.3, *, height: float = 0.0) -> float:
        """Slide the piece on ``start`` along the path to ``end`` (or carry it ``height`` square
        widths above the board, hovering) over ``seconds``: each reed it passes is closed while
        the magnet is within the board's reach of its centre."""
        return self.carry((start, end), seconds, height=height)

    def hover(self, square: str, over: str, seconds: float = 0.6, *,
              height: float = 0.3) -> float:
        """Lift the piece on ``square`` a little, carry it along the path over ``over`` and
        back, and set it down where it was: the reeds it hovers over close while it is near."""
        return self.carry((square, over, square), seconds, height=height)

    def reached(self, stops: tuple[str, ...], height: float = 0.0) -> frozenset[str]:
        """The squares whose reed a piece carried through ``stops`` (as ``carry`` does) comes
        within reach of, on its way or at its ends."""
        route = self._route(stops)
        if any(square not in self._centres for square in route):
            return frozenset(stops)
        path = [self._centres[square] for square in route]
        return frozenset(square for square, centre in self._centres.items()
                         if self.build.stretches(path, centre, height)) | {stops[0], stops[-1]}

    def _route(self, stops: tuple[str, ...]) -> list[str]:
        """The squares a piece carried through ``stops`` passes over, in order: along a path
        where one joins them, else straight across."""
        route = [stops[0]]
        for a, b in itertools.pairwise(stops):
            route += [*passed_over(a, b), b]
        return route

    def carry(self, stops: tuple[str, ...], seconds: float, *, height: float = 0.0) -> float:
        """Move the piece on ``stops[0]`` along the paths through ``stops`` to the last, at
        ``height`` above the board, and set it down there; returns when the last edge rests."""
        start, end = stops[0], stops[-1]
        route = self._route(stops)
        t = self._start(*route)
        if self.hall is not None:  # a man carried over a Hall board is read where it rests
            self.lift(start, at=t)
            return self.place(end, at=t + seconds)
        if start not in self._centres or end not in self._centres:  # a rack: carried there
            self._change(start, False, t)
            return self._change(end, True, t + seconds)
        path = [self._centres[square] for square in route]
        rest = t
        for square, centre in self._centres.items():
            if square not in (start, end) and self._closed.get(square, True):
                continue  # another piece rests there and holds it closed (or no reed)
            spans = self.build.stretches(path, centre, height)
            edges: list[tuple[float, bool]] = []
            if square == start:  # closed by the piece resting there, until it moves out of reach
                first = spans.pop(0) if spans and spans[0][0] <= 0 else (0.0, 0.0)
                edges.append((first[1], False))
            if square == end:  # closed once the piece comes within reach, and it stays
                last = spans.pop() if spans and spans[-1][1] >= 1 else (1.0, 1.0)
                edges.append((last[0], True))
            edges += [edge for a, b in spans if b > a for edge in ((a, True), (b, False))]
            settled = t  # a contact moves again only once its bounce has died down
            for f, closed in sorted(edges):
                settled = self._change(square, closed, max(t + f * seconds, settled))
                rest = max(rest, settled)
        return rest

    def shake(self, seconds: float, rate: float = 6.0) -> float:
        """Shake the stick box ``rate`` times a second for ``seconds``, then stand it upright."""
        t = self._start(TILT)
        tilts = max(2, round(seconds * rate * 2))
        tilts += tilts % 2 if self._upright else 1 - tilts % 2  # end standing upright
        for _ in range(tilts):
            t += self._rng.uniform(0.8, 1.2) / (2 * rate)
            t = self.tilt(self._upright, at=t)  # tip it if upright, right it if tipped
        return t

    def tilt(self, tilted: bool = True, *, at: float | None = None) -> float:
        """Tip the stick box over (or stand it upright) once."""
        self._upright = not tilted
        closed = self._upright == self.board.sticks.rest_closed
        return self._change(TILT, closed, self._start(TILT) if at is None else at)

    def press(self, button: str, hold: float = 0.15) -> float:
        """Press and release a button: ``throw`` or one of the board file's buttons."""
        t = self._start(button)
        self._change(button, True, t)
        return self._change(button, False, t + hold)

    # Time.

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` of sim time pass: edges, debounce and shake timers happen."""
        self.clock.advance(seconds)

    def run_until(self, when: float) -> None:
        """Let sim time pass up to ``when``."""
        self.clock.run_until(when)

    # What a player would see and hear.

    @property
    def bounce(self) -> float:
        """The longest a contact chatters, in seconds (the build's)."""
        return self.build.bounce

    @property
    def pieces(self) -> frozenset[str]:
        """The squares a piece stands on (or will once the scheduled actions are done); on a
        Hall board each man of a stack (``M7``, ``M7^2``...)."""
        if self.hall is not None:
            return frozenset(token for square, men in self._planned.items()
                             for token in stack_tokens(square, len(men)))
        return frozenset(sq for sq, closed in self._closed.items() if closed)

    @property
    def stacks(self) -> dict[str, int]:
        """A Hall board's counts by square, as they will be once the actions are done (men of
        both sides on one: as many as there are, of the lowest one's side)."""
        return {square: len(men) * men[0] for square, men in self._planned.items() if men}

    @property
    def lights(self) -> Mapping[str, Colour]:
        """The colour under each square and stick pixel, as last sent to the strip."""
        shown: dict[str, Colour] = {}
        for name, colour in zip(self.board.lights.order, self.strip.pixels, strict=True):
            if name != DARK_PIXEL:
                shown.setdefault(name, colour)
        return shown

    @property
    def sounds(self) -> list[str]:
        """The sounds played lately, oldest first (``speaker.since`` for the new ones)."""
        return self.speaker.played

    # Wiring.

    def _wire(self) -> dict[str, Callable[[bool], None]]:
        board = self.board
        switches: dict[str, Callable[[bool], None]] = {}
        for square, pin in board.reeds.pins.items():
            switches[square] = self.factory.pin(pin).ground
        for square, channel in board.reeds.channels.items():
            switches[square] = partial(self.chips[channel.address].ground, channel.bit)
        switches[TILT] = self.factory.pin(board.sticks.tilt_pin).ground
        if board.sticks.button_pin is not None:
            switches[THROW_BUTTON] = self.factory.pin(board.sticks.button_pin).ground
        for name, pin in board.buttons.items():
            switches[name] = self.factory.pin(pin).ground
        return switches

    def _start(self, *switches: str) -> float:
        # An action on a switch begins once that switch's last action has finished.
        return max([self.clock.now(), *(self._busy.get(s, 0.0) for s in switches)])

    def _change(self, switch: str, closed: bool, at: float) -> float:
        """Schedule a contact change at ``at``, bouncing; returns when it comes to rest."""
        if switch not in self._switches:
            raise KeyError(f"this board has no {switch!r}")
        if switch in self._closed:
            self._closed[switch] = closed
        drive = self._switches[switch]
        edges = [(at, closed)]
        bounces = 2 * self._rng.randint(0, 3)
        offsets = sorted(self._rng.uniform(0, self.build.bounce) for _ in range(bounces))
        for i, offset in enumerate(offsets):
            edges.append((at + offset, closed if i % 2 else not closed))
        for when, level in edges:
            self.clock.call_at(when, partial(drive, level))
        end = edges[-1][0]
        self._busy[switch] = end
        return end
