"""NeoPixel strips: an in-memory one for tests and the simulator, and Adafruit's drivers on a Pi.

The Adafruit modules (``board``, ``neopixel``, ``neopixel_spi``) are imported only inside the real
strips' constructors, so loading this module works on any PC.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from hardware.core.errors import HardwareUnavailable
from hardware.core.pins import blinka_board

Colour = tuple[int, int, int]
"""Red, green, blue from 0 to 255."""


class PixelStrip(Protocol):
    """A chain of RGB pixels that shows a whole list of colours at once."""

    @property
    def size(self) -> int:
        """How many pixels the strip has."""

    def write(self, pixels: Sequence[Colour]) -> None:
        """Show ``pixels`` (one colour per pixel, in chain order)."""

    def close(self) -> None:
        """Release the bus or pin."""


class MemoryStrip:
    """A strip that only remembers what it was told to show: for tests and the simulator."""

    def __init__(self, size: int) -> None:
        self._size = size
        self.pixels: tuple[Colour, ...] = ((0, 0, 0),) * size
        self.writes = 0

    @property
    def size(self) -> int:
        """How many pixels the strip has."""
        return self._size

    def write(self, pixels: Sequence[Colour]) -> None:
        """Keep ``pixels`` as the strip's current colours."""
        if len(pixels) != self._size:
            raise ValueError(f"expected {self._size} pixels, got {len(pixels)}")
        self.pixels = tuple(pixels)
        self.writes += 1

    def close(self) -> None:
        """Nothing to release."""


class _AdafruitStrip:
    """Shared body of the real strips: an ``adafruit_pixelbuf`` written all at once."""

    _pixels: Any

    def __init__(self, size: int) -> None:
        self._size = size

    @property
    def size(self) -> int:
        """How many pixels the strip has."""
        return self._size

    def write(self, pixels: Sequence[Colour]) -> None:
        """Send ``pixels`` down the wire."""
        for i, colour in enumerate(pixels):
            self._pixels[i] = colour
        self._pixels.show()

    def close(self) -> None:
        """Turn the strip off and release it."""
        self._pixels.fill((0, 0, 0))
        self._pixels.show()
        self._pixels.deinit()


class NeoPixelSpiStrip(_AdafruitStrip):
    """WS2812 pixels on SPI0 MOSI (GPIO 10): needs SPI enabled and the ``spi`` group, not root."""

    def __init__(self, size: int, pixel_order: str = "GRB") -> None:
        super().__init__(size)
        try:
            board = blinka_board()
            import neopixel_spi  # type: ignore[import-not-found]

            self._pixels = neopixel_spi.NeoPixel_SPI(
                board.SPI(), size, pixel_order=pixel_order, auto_write=False, brightness=1.0
            )
        except Exception as e:
            raise HardwareUnavailable(
                f"the spi LED strip cannot start ({type(e).__name__}: {e}); it needs a Raspberry "
                "Pi with SPI enabled (raspi-config > Interface > SPI), the user in group 'spi', "
                "and the pi extra (systemd/install.sh installs it)"
            ) from e


class NeoPixelPinStrip(_AdafruitStrip):
    """WS2812 pixels on one GPIO: PWM through rpi_ws281x (Pi 3/4, root) or the Pi 5's driver."""

    def __init__(self, size: int, pin: int, pixel_order: str = "GRB", *, pi5: bool = False) -> None:
        super().__init__(size)
        try:
            if pi5:
                # Blinka writes through this driver on a Pi 5; without it the write fails later.
                import adafruit_raspberry_pi5_neopixel_write  # type: ignore[import-not-found]  # noqa: F401
            board = blinka_board()
            import neopixel  # type: ignore[import-not-found]

            self._pixels = neopixel.NeoPixel(
                getattr(board, f"D{pin}"),
                size,
                pixel_order=pixel_order,
                auto_write=False,
                brightness=1.0,
            )
        except Exception as e:
            need = (
                "a Raspberry Pi 5 and `pip install adafruit-blinka-raspberry-pi5-neopixel`"
                if pi5
                else "a Raspberry Pi 3/4, root, and the pwm extra (rpi_ws281x: systemd/install.sh "
                "installs it for the pwm lights)"
            )
            kind = "pi5" if pi5 else "pwm"
            raise HardwareUnavailable(
                f"the {kind} LED strip on GPIO {pin} cannot start ({type(e).__name__}: {e}); "
                f"it needs {need}"
            ) from e


def open_strip(backend: str, size: int, pin: int | None, pixel_order: str) -> PixelStrip:
    """The strip a board file's ``[lights]`` asks for (``memory`` for a board with no LEDs)."""
    if backend == "memory":
        return MemoryStrip(size)
    if backend == "spi":
        return NeoPixelSpiStrip(size, pixel_order)
    assert pin is not None, "the board file gives pwm and pi5 strips a pin"
    return NeoPixelPinStrip(size, pin, pixel_order, pi5=backend == "pi5")
