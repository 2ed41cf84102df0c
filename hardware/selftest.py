"""``aseb selftest``: walk a newly built board through every switch, pixel, the speaker and a shake.

The person at the board is reached only through ``ask`` (a prompt, their answer), ``say`` and
``wait`` (let time pass), so a test scripts the whole check against the simulated board.
"""

from __future__ import annotations

import queue
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hardware.boards.board_file import DARK_PIXEL, Board
from hardware.boards.wiring import pin_label, square_wire
from hardware.core.clock import MonotonicClock
from hardware.core.events import ShakeStarted, SquareChanged, SticksThrown
from hardware.core.squares import SENET_SQUARES, SQUARES
from hardware.devices import Devices, open_devices
from hardware.lights.pixels import WHITE
from hardware.sensors.reach import SLIDE_PATHS, Line, crossings, verdict


@dataclass(frozen=True)
class Prompt:
    """One request to the person: ``action`` is clear, place, lift, slide (to ``target``), look,
    listen or shake."""

    text: str
    action: str
    target: str | None = None


Ask = Callable[[Prompt], str]
Say = Callable[[str], None]
Wait = Callable[[float], None]


@dataclass
class SelftestReport:
    """What the check found; ``ok`` when nothing is wrong."""

    dead: list[str] = field(default_factory=list)
    stuck: list[str] = field(default_factory=list)
    crossed: dict[str, frozenset[str]] = field(default_factory=dict)
    dark: list[str] = field(default_factory=list)
    sound_heard: bool = True
    thrown: bool = True
    lines: list[Line] = field(default_factory=list)
    """With ``reach``: each line between neighbouring squares as a slid piece crossed it."""

    @property
    def ok(self) -> bool:
        """Whether every switch, pixel, the speaker and the stick box worked."""
        problems = self.dead or self.stuck or self.crossed or self.dark
        return not problems and self.sound_heard and self.thrown


def count_whites(rng: random.Random) -> int:
    """Four fair two-sided sticks: how many fell white side up (the selftest's own draw)."""
    return sum(rng.random() < 0.5 for _ in range(4))


def run_selftest(
    board: Board,
    devices: Devices,
    events: queue.Queue[Any],
    *,
    ask: Ask,
    say: Say,
    wait: Wait,
    squares: tuple[str, ...] | None = None,
    reach: bool = False,
) -> SelftestReport:
    """Check ``squares`` (default: every square of the board), every pixel, a sound and a
    shake, telling the person what is wrong; with ``reach``, also measure the reeds' reach by
    a piece slid across every line (``hardware.sensors.reach``)."""
    report = SelftestReport()
    squares = board.squares if squares is None else squares
    say(f"Checking {board.name}.")
    _check_switches(board, devices, ask, say, wait, squares, report)
    if reach:
        _measure_reach(board, events, ask, say, wait, report)
    _check_pixels(board, devices, ask, report)
    devices.speaker.play("selftest")
    report.sound_heard = _yes(ask(Prompt("Did you hear a sound? [Y/n]", "listen")))
    _check_shake(board, devices, events, ask, say, wait, report)
    for line in _summary(report):
        say(line)
    return report


def _check_switches(
    board: Board, devices: Devices, ask: Ask, say: Say, wait: Wait,
    squares: tuple[str, ...], report: SelftestReport,
) -> None:  # fmt: skip
    settle = 3 * board.reeds.debounce + 0.05
    wait(settle)
    closed = devices.reeds.occupancy()
    if closed:
        ask(Prompt(f"Clear the board ({_names(closed)} closed), then press Enter.", "clear"))
        wait(settle)
        report.stuck.extend(sorted(devices.reeds.occupancy()))
        for square in report.stuck:
            say(f"{square}: closed with nothing on it (a stuck switch or a magnet nearby).")
    for square in squares:
        devices.lights.show({square: WHITE})
        before = devices.reeds.occupancy()
        ask(Prompt(f"Place a piece on {square}, then press Enter.", "place", square))
        wait(settle)
        after = devices.reeds.occupancy()
        others = after - before - {square}
        if square not in after and others:
            report.crossed[square] = others
            say(f"{square}: {_names(others)} closed instead: check those wires and the board file.")
        elif square not in after and square not in report.stuck:
            report.dead.append(square)
            say(f"{square}: its switch did not close (dead switch, loose wire or weak magnet): "
                f"check the reed wired to {square_wire(board, square)}.")
        ask(Prompt(f"Lift the piece off {square}, then press Enter.", "lift", square))
        wait(settle)
        if square in devices.reeds.occupancy() and square not in report.stuck:
            report.stuck.append(square)
            say(f"{square}: its switch stayed closed after the piece was lifted (stuck).")
    devices.lights.off()


def _measure_reach(
    board: Board, events: queue.Queue[Any], ask: Ask, say: Say, wait: Wait,
    report: SelftestReport,
) -> None:  # fmt: skip
    settle = 3 * board.reeds.debounce + 0.05
    paths = SLIDE_PATHS.get(board.kind, ())
    if not paths:
        say("No path of squares to slide along on this board: its reach is not measured.")
        return
    for path in paths:
        ask(Prompt(f"Place a piece on {path[0]}, then press Enter.", "place", path[0]))
        wait(settle)
        _drain(events)
        ask(Prompt(f"Slide it slowly and steadily along the path to {path[-1]} without lifting "
                   "it, then press Enter.", "slide", path[-1]))
        wait(settle)
        changes = [(e.square, e.occupied, e.t) for e in _drain(events)
                   if isinstance(e, SquareChanged)]
        report.lines += crossings(path, changes)
        ask(Prompt(f"Lift the piece off {path[-1]}, then press Enter.", "lift", path[-1]))
        wait(settle)
    for line in report.lines:
        say(str(line))
    say(verdict(report.lines))


def _drain(events: queue.Queue[Any]) -> list[Any]:
    found = []
    while not events.empty():
        found.append(events.get_nowait())
    return found


def _check_pixels(board: Board, devices: Devices, ask: Ask, report: SelftestReport) -> None:
    for name in dict.fromkeys(board.lights.order):
        if name == DARK_PIXEL:
            continue
        devices.lights.show({name: WHITE})
        if not _yes(ask(Prompt(f"Is the light under {name} on? [Y/n]", "look", name))):
            report.dark.append(name)
    devices.lights.off()


def _check_shake(
    board: Board, devices: Devices, events: queue.Queue[Any], ask: Ask, say: Say, wait: Wait,
    report: SelftestReport,
) -> None:  # fmt: skip
    _drain(events)
    ask(Prompt("Shake the stick box, stand it upright, then press Enter.", "shake"))
    started = False
    deadline = board.sticks.settle + 3.0
    waited = 0.0
    while waited <= deadline:
        while not events.empty():
            event = events.get_nowait()
            started = started or isinstance(event, ShakeStarted)
            if isinstance(event, SticksThrown):
                say(f"Thrown: {event.result} white side(s) up.")
                report.thrown = True
                return
        wait(0.1)
        waited += 0.1
    report.thrown = False
    if started:
        say("The shake never settled: is the box standing upright (check sticks.rest)?")
    else:
        say("No shake was seen: check the tilt switch wired to "
            f"{pin_label(board.sticks.tilt_pin)} (sticks.tilt_pin).")


def _summary(report: SelftestReport) -> list[str]:
    if report.ok:
        return ["Everything works."]
    lines = ["Problems found:"]
    if report.dead:
        lines.append(f"  switches that never closed: {_names(report.dead)}")
    if report.stuck:
        lines.append(f"  switches stuck closed: {_names(report.stuck)}")
    for square, others in report.crossed.items():
        lines.append(f"  {square} closed {_names(others)} instead")
    if report.dark:
        lines.append(f"  pixels that did not light: {_names(report.dark)}")
    if not report.sound_heard:
        lines.append("  no sound: check the speaker, the volume and the sounds folder")
    if not report.thrown:
        lines.append("  the stick box did not throw")
    return lines


def _names(names: Any) -> str:
    order = {name: i for i, name in enumerate((*SQUARES, *SENET_SQUARES))}
    return ", ".join(sorted(names, key=lambda n: order.get(n, len(order))))


def _yes(answer: str) -> bool:
    return not answer.strip().lower().startswith("n")


def run_on_this_pi(board: Board, *, ask: Ask, say: Say, reach: bool = False) -> SelftestReport:
    """Open the real devices of ``board`` on this Pi and run the check with the wall clock."""
    events: queue.Queue[Any] = queue.Queue()
    clock = MonotonicClock()
    devices = open_devices(board, events, clock=clock, draw=count_whites)
    try:
        return run_selftest(board, devices, events, ask=ask, say=say, wait=time.sleep,
                            reach=reach)
    finally:
        devices.close()
        clock.close()
