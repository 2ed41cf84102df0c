"""The lights under the board: a frame of colours by square name, sent to the strip in wiring order.

Brightness is applied to every frame, then the frame's current is estimated and the whole frame is
dimmed if it would draw more than the LED supply's limit.

    lights = Lights(board.lights, MemoryStrip(len(board.lights.order)))
    lights.show({"M8": (255, 180, 60), "S1": WHITE})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from hardware.board_file import DARK_PIXEL, LightsConfig
from hardware.strips import Colour, PixelStrip

Frame = Mapping[str, Colour]
"""Colours by square name (R1..M16, or H1..H30 on a Senet board) and stick pixel (S1..S4); names
left out are dark."""

DARK: Colour = (0, 0, 0)
WHITE: Colour = (255, 255, 255)


def estimate_milliamps(pixels: Sequence[Colour], per_channel: float, idle: float) -> float:
    """The current a strip showing ``pixels`` draws: each channel scales linearly to full."""
    return sum(idle + (r + g + b) * per_channel / 255 for r, g, b in pixels)


class Lights:
    """Shows frames on a ``PixelStrip`` in the board file's pixel order, within the power limit."""

    def __init__(self, config: LightsConfig, strip: PixelStrip) -> None:
        if strip.size != len(config.order):
            count = len(config.order)
            raise ValueError(f"the strip has {strip.size} pixels, the board file {count}")
        self._config = config
        self._names = frozenset(config.order) - {DARK_PIXEL}  # every square and stick pixel
        self._strip = strip
        self.brightness = config.brightness
        self.last_frame: Frame = MappingProxyType({})
        self.last_milliamps = 0.0

    def show(self, frame: Frame) -> None:
        """Light every square and stick pixel as ``frame`` says; unknown names are an error."""
        unknown = set(frame) - self._names
        if unknown:
            raise KeyError(f"no such square or stick pixel: {', '.join(sorted(unknown))}")
        for name, colour in frame.items():  # every frame: kept cheap (no generator per colour)
            if len(colour) != 3 or min(colour) < 0 or max(colour) > 255:
                raise ValueError(f"{name}: a colour is three values from 0 to 255, not {colour}")
        config = self._config
        pixels = [
            DARK if name == DARK_PIXEL else _scale(frame.get(name, DARK), self.brightness)
            for name in config.order
        ]
        milliamps = estimate_milliamps(pixels, config.milliamps_per_channel, config.idle_milliamps)
        if milliamps > config.max_milliamps:
            idle = config.idle_milliamps * len(pixels)
            lit = milliamps - idle
            # A limit at or below the idle draw (the board file refuses it) leaves every pixel
            # dark; a dark frame over it has nothing to dim (no division by zero).
            factor = max(0.0, (config.max_milliamps - idle) / lit) if lit > 0 else 0.0
            pixels = [_scale(p, factor, round_down=True) for p in pixels]
            milliamps = estimate_milliamps(
                pixels, config.milliamps_per_channel, config.idle_milliamps
            )
        self._strip.write(pixels)
        self.last_milliamps = milliamps
        self.last_frame = MappingProxyType(
            {name: p for name, p in zip(config.order, pixels, strict=True) if name != DARK_PIXEL}
        )

    def off(self) -> None:
        """Turn every pixel off."""
        self.show({})

    def close(self) -> None:
        """Turn off and release the strip (released even when the last frame cannot be sent)."""
        try:
            self.off()
        finally:
            self._strip.close()


def _scale(colour: Colour, factor: float, *, round_down: bool = False) -> Colour:
    # Rounding down when limiting keeps the estimate at or under the limit.
    r, g, b = colour
    if round_down:
        return int(r * factor), int(g * factor), int(b * factor)
    return round(r * factor), round(g * factor), round(b * factor)
