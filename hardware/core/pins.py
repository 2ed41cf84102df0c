"""The gpiozero pin factory a board file names, and Blinka's ``board`` module, imported only when
a real board starts."""

from __future__ import annotations

import os
from typing import Any

from hardware.core.errors import HardwareUnavailable


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
            "Raspberry Pi, the user in group 'gpio', and the pi extra (systemd/install.sh "
            "installs it; --extras pi,legacy for rpigpio)"
            f"{_working_directory_hint(name)}"
        ) from e
    raise ValueError(f"unknown pin factory {name!r}")


def _working_directory_hint(name: str) -> str:
    """lgpio makes its notification pipes in $LG_WD, else the working directory."""
    where = os.environ.get("LG_WD") or os.getcwd()
    if name != "lgpio" or os.access(where, os.W_OK):
        return ""
    return (f"; lgpio also needs to write in its working directory, and {where} is read-only "
            "(set LG_WD, or WorkingDirectory= in a unit)")


def blinka_board() -> Any:
    """Adafruit Blinka's ``board`` module (raises ImportError and the like off a Pi).

    Blinka 10 offers, on a terminal, to pip-install what it thinks is missing for the whole Pi
    (PWM and the other NeoPixel drivers among it): the extras of pyproject.toml install what each
    backend of ours needs, so an ``aseb selftest`` in a terminal must not stop on that question.
    """
    os.environ.setdefault("BLINKA_SKIP_DEPENDENCY_CHECK", "1")
    import board  # type: ignore[import-not-found]

    return board
