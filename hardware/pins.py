"""The gpiozero pin factory a board file names, imported only when a real board starts."""

from __future__ import annotations

from typing import Any

from hardware.errors import HardwareUnavailable


def open_pin_factory(name: str) -> Any:
    """``lgpio`` (Pi 3/4/5) or ``rpigpio`` (legacy, not on a Pi 5) as a gpiozero pin factory."""
    try:
        if name == "lgpio":
            from gpiozero.pins.lgpio import LGPIOFactory  # type: ignore[import-untyped]

            return LGPIOFactory()
        if name == "rpigpio":
            from gpiozero.pins.rpigpio import RPiGPIOFactory  # type: ignore[import-untyped]

            return RPiGPIOFactory()
    except Exception as e:
        raise HardwareUnavailable(
            f"the {name} pin factory cannot start ({type(e).__name__}: {e}); it needs a "
            "Raspberry Pi, the user in group 'gpio', and `pip install 'aseb[pi]'` "
            "(or 'aseb[legacy]' for rpigpio)"
        ) from e
    raise ValueError(f"unknown pin factory {name!r}")
