"""The web page's PINs, made and checked where both the board and the page find them: the board
makes one at its menu (``firmware.service.link``), the page when a visitor asks
(``sim.web.security``); the link carries only PINs of 4 to 8 ASCII digits."""

from __future__ import annotations

import secrets
from typing import TypeGuard

FEWEST, MOST = 4, 8
"""The digits of a PIN the link carries."""


def new_pin(digits: int = 6) -> str:
    """A PIN of random digits (the operating system's secrets, never a game's seeded random)."""
    return "".join(secrets.choice("0123456789") for _ in range(digits))


def is_pin(text: object) -> TypeGuard[str]:
    """Whether ``text`` is a PIN the link carries: 4 to 8 ASCII digits."""
    return isinstance(text, str) and FEWEST <= len(text) <= MOST and text.isascii() \
        and text.isdigit()
