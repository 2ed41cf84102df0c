"""The ``aseb calibrate`` command: calibrate this Pi's Hall board by following its lights, or
``--simulated`` with a hand that does what the lights ask on the simulated Hall board.

    aseb calibrate --board /etc/aseb/hall.toml             # writes hall-calibration.json beside it
    aseb calibrate --board /etc/aseb/hall.toml --men 5     # five men of each side, not all
    aseb calibrate --board hardware/boards/hall.toml --simulated --reversed C3

Every man of each side is measured first (``--men``: a sample), one after another on the first
square: the squares' levels are set for the middle of the set, and a man whose magnet strays
is asked to be set aside for a spare.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from engine import games
from firmware.service.boards import games_on, read_board
from firmware.words import _
from hardware.boards.board_file import Board
from hardware.core.clock import ManualClock
from hardware.core.errors import ConfigError, HardwareUnavailable
from hardware.core.squares import POSITION_OF, STACKS
from hardware.doors.writer import Unwritable, check_writable, write_whole
from hardware.lights.pixels import Frame
from hardware.sensors.hall_guide import CalibrationGuide, Request
from sim.board.hall_board import SimHall
from sim.command.about import CALIBRATE
from sim.command.arguments import EX_USAGE, Parser, whole, word

EX_UNAVAILABLE = 69
EX_CANTCREAT = 73
EX_CONFIG = 78
EX_REFUSED = 1
FRAME = 1 / 30
HAND = 0.4
"""Seconds the simulated hand takes to do what the lights ask."""
GIVE_UP = 3600.0
"""Seconds a calibration waits in all before it is abandoned (a real one waits for a person)."""


def parser() -> argparse.ArgumentParser:
    """``aseb calibrate``'s arguments."""
    parser = Parser(prog="aseb calibrate", description=_(CALIBRATE))
    parser.add_argument("--board", required=True, metavar="FILE",
                        help=_("the Hall board's board file"))
    parser.add_argument("--out", metavar="FILE",
                        help=_("write the calibration here (default: the board file's "
                               "[sensors] calibration, beside it)"))
    parser.add_argument("--men", type=whole(5, 15), metavar="N",
                        help=_("men of each side to measure (default: all the game's; fewer is "
                               "a sample, and the margins are taken as wide as allowed)"))
    parser.add_argument("--simulated", action="store_true",
                        help=_("the simulated Hall board, its hand following the lights"))
    parser.add_argument("--missing", action="append", default=[], metavar="SQUARE", type=word,
                        help=_("(simulated) this square's sensor is not fitted"))
    parser.add_argument("--reversed", action="append", default=[], metavar="SQUARE", type=word,
                        help=_("(simulated) this square's sensor is mounted upside down"))
    return parser


def calibrate_main(argv: list[str]) -> int:
    """Run ``aseb calibrate``; 0 with the file written, 1 refused, 64 a bad argument, 69 no
    hardware, 73 a file that could not be written (said before a man is placed), 78 a bad
    board file."""
    args = parser().parse_args(argv)
    try:
        board = read_board(args.board)
        if board.hall is None:
            raise ConfigError(f"{args.board}: not a Hall board (its [sensors] kind is not "
                              "'hall'): a reed board needs no calibration (aseb selftest)")
    except ConfigError as e:
        print(f"aseb calibrate: {e}", file=sys.stderr)
        return EX_CONFIG
    for square in (*args.missing, *args.reversed):
        if square not in board.hall.channels:
            print(f"aseb calibrate: {square} is not a square of {args.board}", file=sys.stderr)
            return EX_USAGE
    every = men_of(board.kind)
    men = every if args.men is None else args.men
    if not 5 <= men <= every:
        print(f"aseb calibrate: --men {men}: measure between 5 and the {every} men a side the "
              "game has", file=sys.stderr)
        return EX_USAGE
    out = Path(args.out) if args.out else board.hall.calibration
    try:  # before the person places a single man, not after every one
        check_writable(out, "calibration")
    except Unwritable as e:
        print(f"aseb calibrate: {e}", file=sys.stderr)
        return EX_CANTCREAT
    try:
        guide = (simulated(board, args.missing, args.reversed, men, every) if args.simulated
                 else on_this_pi(board, men, every))
    except HardwareUnavailable as e:
        print(f"aseb calibrate: {e}", file=sys.stderr)
        return EX_UNAVAILABLE
    if guide.refused is not None:
        print(f"aseb calibrate: refused: {guide.refused}", file=sys.stderr)
        return EX_REFUSED
    assert guide.levels is not None
    try:
        write_whole(out, guide.levels.to_json())
    except OSError as e:  # the disk filled meanwhile: the work is kept elsewhere, not lost
        kept = Path(tempfile.gettempdir()) / f"aseb-calibration-{os.getpid()}.json"
        try:
            write_whole(kept, guide.levels.to_json())
            where = f"kept in {kept} (copy it to {out})"
        except OSError:
            where = "and nowhere else could it be kept"
        print(f"aseb calibrate: {e}: the calibration is {where}", file=sys.stderr)
        return EX_CANTCREAT
    print(f"Calibrated {len(guide.levels.squares)} squares (noise {guide.levels.noise:.1f} "
          f"counts): {out}")
    return 0


def follow(guide: CalibrationGuide, now: Callable[[], float], advance: Callable[[float], None],
           show: Callable[[Frame], None],
           hand: Callable[[Request], None] | None = None) -> None:
    """Tick ``guide`` every frame until it ends, saying each new request once; ``hand`` (the
    simulated one) is told each request once the lights have shown it for a moment."""
    said: Request | None = None
    since = now()
    done_for: Request | None = None
    while not guide.done and now() - since < GIVE_UP:
        show(guide.tick(now()))
        request = guide.request
        if request != said:
            print(request.text())
            said, asked_at = request, now()
        if hand is not None and request != done_for and now() - asked_at >= HAND:
            hand(request)
            done_for = request
        advance(FRAME)
    if not guide.done:
        guide.refused = "nobody set the men asked for within the hour: calibration abandoned"


def men_of(kind: str) -> int:
    """The most men a side has in the games played on a ``kind`` of board."""
    return max(games.load(name).pieces for name in games_on(kind))


def simulated(board: Board, missing: list[str], reversed_: list[str], men: int, every: int
              ) -> CalibrationGuide:
    """Calibrate the simulated Hall board of ``board``, a hand doing what the lights ask with
    a set of men of its own (each magnet a little stronger or weaker)."""
    assert board.hall is not None
    hall = SimHall(board.hall, POSITION_OF[board.kind], seed=1)
    for square in missing:
        hall.channels[square].missing = True
    for square in reversed_:
        hall.channels[square].reversed = True
    clock = ManualClock()
    guide = CalibrationGuide(board.hall, lambda: {s: float(c.raw_value) for s, c in
                                                   hall.channels.items()},
                             stacks=board.kind == STACKS, men=men, every_man=men == every)
    sets = {side: [hall.man(side) for _ in range(men)] for side in (1, -1)}

    def hand(request: Request) -> None:
        hall.clear()  # the empty board, or the men asked for taken off
        if request.square is None or request.clearing:
            return
        side = 1 if request.count > 0 else -1
        if request.man:
            if request.spare:  # the man refused, set aside: a spare from the box
                sets[side][request.man - 1] = hall.man(side)
            hall.place(request.square, sets[side][request.man - 1])
            return
        for man in sets[side][:abs(request.count)]:  # the men one calibrates with
            hall.place(request.square, man)

    follow(guide, clock.now, clock.advance, lambda frame: None, hand)
    return guide


def on_this_pi(board: Board, men: int, every: int) -> CalibrationGuide:
    """Calibrate this Pi's Hall board: its ADCs read, its lights shown, a person's hands."""
    assert board.hall is not None
    from hardware.core.pins import open_pin_factory
    from hardware.lights.pixels import Lights
    from hardware.lights.strips import open_strip
    from hardware.sensors.hall import open_channels

    factory = open_pin_factory(board.pin_factory)
    channels = open_channels(board.hall, factory)
    config = board.lights
    try:
        lights = Lights(config, open_strip(config.backend, len(config.order), config.pin,
                                           config.pixel_order))
    except Exception:
        for channel in channels.values():
            channel.close()
        raise
    guide = CalibrationGuide(board.hall, lambda: {s: float(c.raw_value) for s, c in
                                                   channels.items()},
                             stacks=board.kind == STACKS, men=men, every_man=men == every)
    try:
        follow(guide, time.monotonic, time.sleep, lights.show)
    finally:
        lights.close()
        for channel in channels.values():
            channel.close()
    return guide
