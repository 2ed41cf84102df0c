"""Text for the window: the shipped faces (Quattrocento; Noto Naskh Arabic for Arabic; both SIL
OFL) through pygame-ce's freetype.

Fonts by size, rendered lines kept while they do not change, wrapping. Kerning is on, so words
are never broken by a wide gap between two letters. A line with Arabic in it is shaped (each
letter in its joined form, arabic-reshaper) and laid right to left (the Unicode bidi algorithm,
python-bidi: numbers and Latin words inside it still read left to right), in the Arabic face,
any Latin letters in Quattrocento. ``mirrored`` puts a line at the right of its box when the
language reads right to left.

    texts = Texts()
    surface = texts.line("Cones threw 2.", 24, (240, 222, 180))
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame.freetype

from firmware.words import right_to_left
from firmware.words.shaping import ARABIC, ARABIC_FACE, shaped
from hardware.lights.strips import Colour

FACE = Path(__file__).with_name("fonts") / "Quattrocento-Regular.otf"
"""Quattrocento by Pablo Impallari: a classic Roman face, like letters cut in stone or wood."""
SCALE = 1.12
"""Quattrocento's letters are small for their size: this matches the old default's height."""
ARABIC_SCALE = 0.9
"""Naskh's letters stand taller than Quattrocento's: this keeps a line as tall."""
__all__ = ["ARABIC", "ARABIC_FACE", "FACE", "NO_BREAK", "Texts", "mirrored", "mirrored_x",
           "shaped"]
NARROW_SPACE = "\u202f"
"""French puts it before ``:`` and ``?``; Quattrocento lacks it: drawn as a space."""
NO_BREAK = "\u00a0"
"""A space a line is never broken at (the dice still to use), drawn as a space."""


def mirrored(rect: pygame.Rect, area: pygame.Rect) -> pygame.Rect:
    """``rect`` reflected left for right inside ``area`` when the language reads right to left
    (a line at a box's left goes to its right); else ``rect`` itself."""
    if not right_to_left():
        return rect
    return rect.move(area.left + area.right - rect.left - rect.right, 0)


def mirrored_x(x: int, area: pygame.Rect) -> int:
    """The point ``x`` reflected inside ``area`` when the language reads right to left."""
    return area.left + area.right - x if right_to_left() else x


class Texts:
    """Fonts by pixel size and the last renders of each line, so a still line costs a blit."""

    def __init__(self, face: Path = FACE, arabic: Path = ARABIC_FACE) -> None:
        self.face = face
        self.arabic = arabic
        self._fonts: dict[int, pygame.freetype.Font] = {}
        self._arabic_fonts: dict[int, pygame.freetype.Font] = {}
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

    def arabic_font(self, size: int) -> pygame.freetype.Font:
        """The Arabic face at about ``size`` pixels (as tall a line as ``font(size)``)."""
        size = max(8, size)
        if size not in self._arabic_fonts:
            if not pygame.freetype.get_init():
                pygame.freetype.init()
            font = pygame.freetype.Font(str(self.arabic), round(size * SCALE * ARABIC_SCALE))
            font.kerning = True
            font.pad = True
            self._arabic_fonts[size] = font
        return self._arabic_fonts[size]

    def line(self, text: str, size: int, colour: Colour) -> pygame.Surface:
        """``text`` rendered (anti-aliased, transparent behind), from the cache when it can be."""
        text = text.replace(NARROW_SPACE, " ").replace(NO_BREAK, " ")
        key = (text, size, colour)
        if key not in self._lines:
            if len(self._lines) > 256:
                self._lines.clear()
            if ARABIC.search(text):
                self._lines[key] = self._arabic_line(text, size, colour)
            else:
                self._lines[key] = self.font(size).render(text or " ", colour)[0]
        return self._lines[key]

    def _arabic_line(self, text: str, size: int, colour: Colour) -> pygame.Surface:
        """A line with Arabic in it: shaped, in visual order, its Arabic in the Arabic face and
        the rest (Latin, digits, brackets: glyphs Naskh lacks) in Quattrocento, on one baseline."""
        runs: list[tuple[pygame.freetype.Font, str]] = []
        for char in shaped(text, right_to_left()):  # a line of the page's paragraph
            face = self.arabic_font(size) if ARABIC.match(char) else self.font(size)
            if runs and (runs[-1][0] is face or char == " "):
                runs[-1] = (runs[-1][0], runs[-1][1] + char)
            else:
                runs.append((face, char))
        drawn = [(face, face.render(part, colour)[0]) for face, part in runs]
        faces = {face for face, _ in runs}
        ascent = max(face.get_sized_ascender(0) for face in faces)
        height = max(ascent - face.get_sized_descender(0) for face in faces)
        surface = pygame.Surface((sum(part.get_width() for _, part in drawn), height),
                                 pygame.SRCALPHA)
        x = 0
        for face, part in drawn:
            surface.blit(part, (x, ascent - face.get_sized_ascender(0)))
            x += part.get_width()
        return surface

    def width(self, text: str, size: int) -> int:
        """How wide ``text`` is at ``size``, in pixels."""
        text = text.replace(NARROW_SPACE, " ").replace(NO_BREAK, " ")
        if ARABIC.search(text):
            return self.line(text, size, (0, 0, 0)).get_width()
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
            for word in filter(None, paragraph.split(" ")):  # a no-break space holds words
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
