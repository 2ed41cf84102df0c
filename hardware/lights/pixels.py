"""The lights under the board: a frame of colours by square name, sent to the strip in wiring order.

Brightness is applied to every frame, then the frame's current is estimated and the whole frame is
dimmed if it would draw more than the LED supply's limit.

    lights = Lights(board.lights, MemoryStrip(len(board.lights.order)))
    lights.show({"M8": (255, 180, 60), "S1": WHITE})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from hardware.boards.board_file import DARK_PIXEL, LightsConfig
from hardware.lights.strips import Colour, PixelStrip

Frame = Mapping[str, Colour]
"""Colours by square name (R1..M16, or H1..H30 on a Senet board) and stick pixel (S1..S4); names
left out are dark."""

DARK: Colour = (0, 0, 0)
WHITE: Colour = (255, 255, 255)


def estimate_milliamps(pixels: Sequence[Colour], per_channel: float, idle: float) -> float:
    """The current a strip showing ``pixels`` draws: each channel scales linearly to full."""
    return sum(idle + (r + g + b) * per_channel / 255 for r, g, b in pixels)


REWRITE_EVERY = 30
"""An unchanged frame is sent again only every this many frames (a second at 30 frames a
second), so that a pixel upset by a spark on the data line is mended soon: a WS2812 keeps its
colour until it is sent another, so nothing else is lost by not sending the same pixels."""

COLOURS_KEPT = 1024
"""Colours whose scaled value is remembered (the scenes' fades make about a thousand)."""


class Lights:
    """Shows frames on a ``PixelStrip`` in the board file's pixel order, within the power limit.

    A board shows the same frame for many frames in a row, and the same colours frame after
    frame: an unchanged frame (at the same brightness) is not worked out again, and each colour
    is scaled once for a brightness, so ticking every frame costs little on a Pi.
    """

    def __init__(self, config: LightsConfig, strip: PixelStrip) -> None:
        if strip.size != len(config.order):
            count = len(config.order)
            raise ValueError(f"the strip has {strip.size} pixels, the board file {count}")
        self._config = config
        self._names = frozenset(config.order) - {DARK_PIXEL}  # every square and stick pixel
        self._strip = strip
        self.brightness = config.brightness
        self.last_milliamps = 0.0
        self._shown: tuple[dict[str, Colour], float] | None = None  # the frame last sent
        self._unsent = 0  # unchanged frames not sent again since
        self._scaled: dict[Colour, Colour] = {}  # each valid colour at ``_scaled_at``
        self._scaled_at = self.brightness
        self._draws: dict[Colour, float] = {}  # each pixel colour's estimated current
        self._pixels: list[Colour] = []  # as last sent

    def show(self, frame: Frame) -> None:
        """Light every square and stick pixel as ``frame`` says; unknown names are an error."""
        shown = self._shown
        if shown is not None and shown[1] == self.brightness and shown[0] == frame:
            self._unsent += 1
            if self._unsent < REWRITE_EVERY:
                return  # the same frame at the same brightness: the same pixels, still lit
            self._strip.write(self._pixels)
            self._unsent = 0
            return
        if not self._names.issuperset(frame):
            unknown = set(frame) - self._names
            raise KeyError(f"no such square or stick pixel: {', '.join(sorted(unknown))}")
        if self._scaled_at != self.brightness or len(self._scaled) > COLOURS_KEPT:
            self._scaled.clear()
            self._scaled_at = self.brightness
        scaled = self._scaled
        for name, colour in frame.items():  # a colour met before is valid and scaled already
            if colour not in scaled:
                if len(colour) != 3 or min(colour) < 0 or max(colour) > 255:
                    raise ValueError(
                        f"{name}: a colour is three values from 0 to 255, not {colour}")
                scaled[colour] = _scale(colour, self.brightness)
        config = self._config
        pixels = [
            DARK if name == DARK_PIXEL else scaled[frame[name]] if name in frame else DARK
            for name in config.order
        ]
        milliamps = self._estimate(pixels)
        if milliamps > config.max_milliamps:
            idle = config.idle_milliamps * len(pixels)
            lit = milliamps - idle
            # A limit at or below the idle draw (the board file refuses it) leaves every pixel
            # dark; a dark frame over it has nothing to dim (no division by zero).
            factor = max(0.0, (config.max_milliamps - idle) / lit) if lit > 0 else 0.0
            pixels = [_scale(p, factor, round_down=True) for p in pixels]
            milliamps = self._estimate(pixels)
        self._strip.write(pixels)
        self._pixels = pixels
        self._shown = (dict(frame), self.brightness)
        self._unsent = 0
        self.last_milliamps = milliamps

    @property
    def last_frame(self) -> Frame:
        """The colours last sent, by name (after brightness and the power limit)."""
        if not self._pixels:  # nothing sent yet
            return MappingProxyType({})
        return MappingProxyType({name: p for name, p in zip(self._config.order, self._pixels,
                                                            strict=True) if name != DARK_PIXEL})

    def _estimate(self, pixels: Sequence[Colour]) -> float:
        """``estimate_milliamps`` of ``pixels``, each colour's share worked out once."""
        draws = self._draws
        if len(draws) > COLOURS_KEPT:
            draws.clear()
        for colour in pixels:
            if colour not in draws:
                draws[colour] = estimate_milliamps(
                    (colour,), self._config.milliamps_per_channel, self._config.idle_milliamps)
        return sum(map(draws.__getitem__, pixels))  # in order, as estimate_milliamps adds

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
