"""Everything a board file describes, opened together: reeds, stick box, buttons, lights, speaker.

    devices = open_devices(load_board(path), events, clock=MonotonicClock(), draw=ruleset.draw)
    devices.lights.show(frame)
    devices.close()
"""

from __future__ import annotations

import logging
import queue
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from gpiozero.pins import Factory  # type: ignore[import-untyped]

from hardware.boards.board_file import Board
from hardware.core.clock import Clock
from hardware.core.errors import shown
from hardware.core.pins import open_pin_factory
from hardware.lights.pixels import Lights
from hardware.lights.strips import PixelStrip, open_strip
from hardware.sensors.expander import Mcp23017, Mcp23017Reeds
from hardware.sensors.hall import AnalogIn, HallSensors
from hardware.sensors.hall_levels import Levels
from hardware.sensors.reeds import GpioReeds, ReedArray
from hardware.sounds.shipped import FOLDER
from hardware.sounds.speaker import MixerSpeaker, Speaker
from hardware.sticks.buttons import Buttons
from hardware.sticks.stick_box import StickBox

log = logging.getLogger(__name__)

SOUNDS = FOLDER
"""Where the sounds shipped with aseb live (``hardware.sounds.shipped.FOLDER``, also named here)."""


@dataclass
class Devices:
    """The opened devices of one board; ``close()`` releases them all."""

    reeds: ReedArray
    sticks: StickBox[Any]
    buttons: Buttons
    lights: Lights
    speaker: Speaker

    def failure(self) -> str | None:
        """Why a device has stopped working for good (the service should restart), or None."""
        return self.reeds.failure or self.sticks.failure or self.buttons.failure

    def close(self) -> None:
        """Turn the lights off, silence the speaker and release every pin and bus: each one,
        even when another cannot be closed (that one is logged)."""
        for device in (self.lights, self.speaker, self.buttons, self.sticks, self.reeds):
            try:
                device.close()
            except Exception as exc:
                log.error("could not close the %s: %s: %s", type(device).__name__,
                          type(exc).__name__, shown(str(exc)))


def open_devices(
    board: Board,
    events: queue.Queue[Any],
    *,
    clock: Clock,
    draw: Callable[[random.Random], Any],
    pin_factory: Factory | None = None,
    strip: PixelStrip | None = None,
    speaker: Speaker | None = None,
    chips: Mapping[int, Mcp23017] | None = None,
    rng: random.Random | None = None,
    hall: tuple[Mapping[str, AnalogIn], Levels] | None = None,
) -> Devices:
    """Open every device of ``board``; ``strip``, ``speaker``, ``chips`` and ``hall`` (a Hall
    board's channels and levels) replace real ones.

    Without ``pin_factory`` the one the board file names is opened (on a Pi). ``rng`` seeds the
    stick box for reproducible tests; without it the sticks are seeded from ``secrets``.
    """
    if pin_factory is None:
        pin_factory = open_pin_factory(board.pin_factory)
    opened: list[Any] = []
    try:
        reeds: ReedArray
        if board.hall is not None:
            channels, levels = hall if hall is not None else (
                None, Levels.load(board.hall.calibration, board.squares))
            reeds = HallSensors(board.hall, levels, events, clock=clock, pin_factory=pin_factory,
                                channels=channels)
        elif board.reeds.backend == "gpio":
            reeds = GpioReeds(
                board.reeds.pins,
                events,
                clock=clock,
                debounce=board.reeds.debounce,
                pin_factory=pin_factory,
            )
        else:
            reeds = Mcp23017Reeds(
                board.reeds.channels,
                board.reeds.expanders,
                events,
                clock=clock,
                debounce=board.reeds.debounce,
                poll_interval=board.reeds.poll_interval,
                chips=chips,
                pin_factory=pin_factory,
            )
        opened.append(reeds)
        sticks = StickBox(
            board.sticks, events, clock=clock, draw=draw, rng=rng, pin_factory=pin_factory
        )
        opened.append(sticks)
        buttons = Buttons(board.buttons, events, clock=clock, pin_factory=pin_factory)
        opened.append(buttons)
        config = board.lights
        if strip is None:
            strip = open_strip(config.backend, len(config.order), config.pin, config.pixel_order)
        lights = Lights(config, strip)
        opened.append(lights)
        if speaker is None:
            speaker = MixerSpeaker.for_board(board.sounds)
    except BaseException:
        for device in reversed(opened):
            device.close()
        raise
    return Devices(reeds, sticks, buttons, lights, speaker)
