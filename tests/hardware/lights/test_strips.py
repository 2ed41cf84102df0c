import subprocess
import sys

import pytest

from hardware.core.errors import HardwareUnavailable
from hardware.lights.strips import MemoryStrip, NeoPixelPinStrip, NeoPixelSpiStrip, open_strip


def test_memory_strip_keeps_the_last_pixels() -> None:
    strip = open_strip("memory", 3, None, "GRB")
    assert isinstance(strip, MemoryStrip)
    strip.write([(1, 2, 3), (0, 0, 0), (9, 9, 9)])
    assert strip.pixels == ((1, 2, 3), (0, 0, 0), (9, 9, 9))
    with pytest.raises(ValueError):
        strip.write([(1, 2, 3)])


def test_loading_the_hardware_layer_imports_no_pi_only_module() -> None:
    code = (
        "import sys, hardware.devices, hardware.lights.pixels, hardware.lights.strips,"
        " hardware.sensors.expander;"
        "print(sorted({'board', 'neopixel', 'neopixel_spi', 'busio', 'adafruit_mcp230xx'}"
        " & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_spi_strip_off_a_pi_says_what_it_needs() -> None:
    with pytest.raises(HardwareUnavailable, match=r"SPI enabled.*group 'spi'"):
        NeoPixelSpiStrip(24)


@pytest.mark.parametrize(("pi5", "needs"), [(False, "root"), (True, "pi5-neopixel")])
def test_pin_strips_off_a_pi_say_what_they_need(pi5: bool, needs: str) -> None:
    with pytest.raises(HardwareUnavailable, match=f"GPIO 18.*{needs}"):
        NeoPixelPinStrip(24, 18, pi5=pi5)
