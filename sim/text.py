"""Text for the window: fonts by size, rendered lines kept while they do not change, wrapping."""

from __future__ import annotations

import pygame

from hardware.strips import Colour


class Texts:
    """Fonts by pixel size and the last renders of each line, so a still line costs a blit."""

    def __init__(self) -> None:
        self._fonts: dict[int, pygame.font.Font] = {}
        self._lines: dict[tuple[str, int, Colour], pygame.Surface] = {}

    def font(self, size: int) -> pygame.font.Font:
        """pygame's default font at ``size`` pixels."""
        size = max(8, size)
        if size not in self._fonts:
            if not pygame.font.get_init():
                pygame.font.init()
            self._fonts[size] = pygame.font.Font(None, size)
        return self._fonts[size]

    def line(self, text: str, size: int, colour: Colour) -> pygame.Surface:
        """``text`` rendered (anti-aliased), from the cache when it was rendered before."""
        key = (text, size, colour)
        if key not in self._lines:
            if len(self._lines) > 256:
                self._lines.clear()
            self._lines[key] = self.font(size).render(text, True, colour)
        return self._lines[key]

    def wrap(self, text: str, size: int, width: int) -> list[str]:
        """``text`` broken into lines no wider than ``width`` pixels (newlines kept)."""
        font = self.font(size)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split():
                trial = f"{line} {word}".strip()
                if line and font.size(trial)[0] > width:
                    lines.append(line)
                    line = word
                else:
                    line = trial
            lines.append(line)
        return lines
