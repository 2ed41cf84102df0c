"""The ``aseb selftest`` command: on this Pi's board, or ``--simulated`` with a robot hand.

The simulated run answers every prompt itself (placing, lifting, shaking on the simulated board),
which shows the whole dialogue and checks the drivers end to end without a Pi.
"""

from __future__ import annotations

import argparse
import queue
import sys
from typing import Any

from firmware.service.boards import read_board
from firmware.words import _
from hardware.boards.board_file import DEFAULT_BOARD, Board
from hardware.core.errors import ConfigError, HardwareUnavailable
from hardware.selftest import Prompt, SelftestReport, count_whites, run_on_this_pi, run_selftest
from sim.board.pins import SimBoard
from sim.board.reeds import BUILDS, PLAIN, Build
from sim.command.about import SELFTEST
from sim.command.arguments import Parser

EX_UNAVAILABLE = 69
EX_CONFIG = 78
SLIDE_SECONDS = 4.0
"""How long the robot hand takes to slide a piece along a path (a slow, steady hand)."""


def robot_hand(sim: SimBoard) -> Any:
    """An ``ask`` that does what each prompt says on the simulated board and answers truly."""
    placed: list[str] = []

    def ask(prompt: Prompt) -> str:
        answer = "y"
        if prompt.action == "place" and prompt.target:
            sim.place(prompt.target)
            placed.append(prompt.target)
        elif prompt.action == "slide" and prompt.target and placed:
            sim.run_until(sim.slide(placed[-1], prompt.target, seconds=SLIDE_SECONDS))
        elif prompt.action == "lift" and prompt.target:
            sim.lift(prompt.target)
        elif prompt.action == "shake":
            sim.shake(1.5)
        elif prompt.action == "look" and prompt.target:
            answer = "y" if any(sim.lights[prompt.target]) else "n"
        elif prompt.action == "listen":
            answer = "y" if sim.sounds[-1:] == ["selftest"] else "n"
        print(f"{prompt.text} [robot: {prompt.action} {prompt.target or ''}] {answer}")
        return answer

    return ask


def run_simulated(board: Board, build: Build = PLAIN, reach: bool = False) -> SelftestReport:
    """The selftest against the simulated board of ``build``, the robot hand answering."""
    sim = SimBoard(board, build=build)
    events: queue.Queue[Any] = queue.Queue()
    devices = sim.open(events, draw=count_whites)
    try:
        return run_selftest(board, devices, events, ask=robot_hand(sim), say=print,
                            wait=sim.advance, reach=reach)
    finally:
        devices.close()


def parser() -> argparse.ArgumentParser:
    """``aseb selftest``'s arguments."""
    parser = Parser(prog="aseb selftest", description=_(SELFTEST))
    parser.add_argument("--board", default=str(DEFAULT_BOARD), metavar="FILE",
                        help=_("the board file (default: the shipped Twenty Squares board)"))
    parser.add_argument("--simulated", action="store_true", help=_("check the simulated board"))
    parser.add_argument("--reach", action="store_true",
                        help=_("also slide a piece across every line: overlap or gap, and the "
                               "reach"))
    parser.add_argument("--build", choices=sorted(BUILDS), default=PLAIN.name,
                        help=_("the simulated board's reeds (with --simulated)"))
    return parser


def selftest_main(argv: list[str] | None = None) -> int:
    """``aseb selftest [--board FILE] [--simulated]``: 0 all good, 1 problems, 64 a bad
    argument, 78 bad board file."""
    args = parser().parse_args(argv)
    try:
        board = read_board(args.board)  # checked as aseb run checks it
    except ConfigError as e:
        print(f"aseb selftest: {e}", file=sys.stderr)
        return EX_CONFIG
    try:
        if args.simulated:
            report = run_simulated(board, BUILDS[args.build], reach=args.reach)
        else:
            report = run_on_this_pi(board, ask=lambda p: input(p.text + " "), say=print,
                                    reach=args.reach)
    except HardwareUnavailable as e:
        print(f"aseb selftest: {e}", file=sys.stderr)
        return EX_UNAVAILABLE
    except (EOFError, KeyboardInterrupt):
        print("\naseb selftest: stopped before the end", file=sys.stderr)
        return 1
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(selftest_main())
