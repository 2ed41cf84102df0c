"""Text for the window: the shipped face (Quattrocento, SIL OFL) through pygame-ce's freetype.

Fonts by size, rendered lines kept while they do not change, wrapping. Kerning is on, so words
are never broken by a wide gap between two letters.

    texts = Texts()
    surface = texts.line("Cones threw 2.", 24, (240, 222, 180))
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame.freetype

from hardware.strips import Colour

FACE = Path(__file__).with_name("fonts") / "Quattrocento-Regular.otf"
"""Quattrocento by Pablo Impallari: a classic Roman face, like letters cut in stone or wood."""
SCALE = 1.12
"""Quattrocento's letters are small for their size: this matches the old default's height."""


class Texts:
    """Fonts by pixel size and the last renders of each line, so a still line costs a blit."""

    def __init__(self, face: Path = FACE) -> None:
        self.face = face
        self._fonts: dict[int, pygame.freetype.Font] = {}
        self._lines: dict[tuple[str, int, Colour], pygame.Surface] = {}
        self._wrapped: dict[tuple[str, int, int], list[str]] = {}

    def font(self, size: int) -> pygame.freetype.Font:
        """The face at about ``size`` pixels, kerned."""
        size = max(8, size)
        if size not in self._fonts:
            if not pygame.freetype.get_init():
                pygame.freetype.init()
            font = pygame.freetype.Font(str(self.face), round(size * SCALE))
            font.kerning = True
            font.pad = True  # every line of one size is as tall, so lines sit on one baseline
            self._fonts[size] = font
        return self._fonts[size]

    def line(self, text: str, size: int, colour: Colour) -> pygame.Surface:
        """``text`` rendered (anti-aliased, transparent behind), from the cache when it can be."""
        key = (text, size, colour)
        if key not in self._lines:
            if len(self._lines) > 256:
                self._lines.clear()
            self._lines[key] = self.font(size).render(text or " ", colour)[0]
        return self._lines[key]

    def width(self, text: str, size: int) -> int:
        """How wide ``text`` is at ``size``, in pixels."""
        return int(self.font(size).get_rect(text or " ").width)

    def wrap(self, text: str, size: int, width: int) -> list[str]:
        """``text`` broken into lines no wider than ``width`` pixels (newlines kept)."""
        key = (text, size, width)
        if key not in self._wrapped:
            if len(self._wrapped) > 64:
                self._wrapped.clear()
            self._wrapped[key] = self._wrap(text, size, width)
        return list(self._wrapped[key])

    def _wrap(self, text: str, size: int, width: int) -> list[str]:
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split():
                trial = f"{line} {word}".strip()
                if line and self.width(trial, size) > width:
                    lines.append(line)
                    line = word
                else:
                    line = trial
            lines.append(line)
        return lines

    def fit(self, text: str, size: int, width: int) -> int:
        """The largest size up to ``size`` at which ``text`` fits in ``width`` pixels."""
        wide = self.width(text, size)
        return size if wide <= width else max(8, int(size * width / wide))
