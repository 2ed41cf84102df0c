"""The signs painted on marked squares, drawn with pygame primitives: Twenty Squares' ankh and
nefer, Senet's houses (rebirth, happiness, water, three, two, Horus); any sign the window does
not know gets a small neutral ring, so a new game's board never fails to draw.

    draw_sign(surface, tile_rect, "water")
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from hardware.lights.strips import Colour

INK: Colour = (58, 28, 12)


def draw_ankh(surface: pygame.Surface, tile: pygame.Rect, colour: Colour = INK) -> None:
    """The ankh, the sign of life: a loop over a T."""
    s = tile.height * 0.62
    cx, cy = tile.centerx, tile.centery
    width = max(2, int(s * 0.09))
    loop = pygame.Rect(0, 0, int(s * 0.36), int(s * 0.42))
    loop.center = (cx, int(cy - s * 0.24))
    pygame.draw.ellipse(surface, colour, loop, width)
    bar = pygame.Rect(0, 0, int(s * 0.62), width + 1)
    bar.center = (cx, int(cy - s * 0.02))
    pygame.draw.rect(surface, colour, bar)
    stem = pygame.Rect(0, 0, int(s * 0.12), int(s * 0.5))
    stem.midtop = (cx, int(cy - s * 0.04))
    pygame.draw.rect(surface, colour, stem)


def draw_nefer(surface: pygame.Surface, tile: pygame.Rect, colour: Colour = INK) -> None:
    """The nefer sign, 'good and beautiful': a heart with its windpipe and two crossbars."""
    s = tile.height * 0.62
    cx, cy = tile.centerx, tile.centery
    heart = pygame.Rect(0, 0, int(s * 0.44), int(s * 0.46))
    heart.center = (cx, int(cy + s * 0.24))
    pygame.draw.ellipse(surface, colour, heart)
    stem = pygame.Rect(0, 0, max(2, int(s * 0.09)), int(s * 0.55))
    stem.midbottom = (cx, int(cy + s * 0.05))
    pygame.draw.rect(surface, colour, stem)
    for y in (-0.36, -0.24):
        bar = pygame.Rect(0, 0, int(s * 0.3), max(2, int(s * 0.06)))
        bar.center = (cx, int(cy + s * y))
        pygame.draw.rect(surface, colour, bar)


def draw_water(surface: pygame.Surface, tile: pygame.Rect, colour: Colour = INK) -> None:
    """The House of Water: three zigzag ripples, the hieroglyph for water."""
    s = tile.height * 0.62
    cx, cy = tile.centerx, tile.centery
    width = max(2, int(s * 0.07))
    teeth = 6
    for dy in (-0.25, 0.0, 0.25):
        y = cy + s * dy
        points = [(cx - s * 0.4 + i * s * 0.8 / teeth, y + (s * 0.07 if i % 2 else -s * 0.07))
                  for i in range(teeth + 1)]
        pygame.draw.lines(surface, colour, False, points, width)


def _strokes(count: int) -> Callable[[pygame.Surface, pygame.Rect, Colour], None]:
    """Upright strokes, as Egyptian numerals write a small number."""

    def draw(surface: pygame.Surface, tile: pygame.Rect, colour: Colour = INK) -> None:
        s = tile.height * 0.62
        gap = s * 0.22
        for i in range(count):
            stroke = pygame.Rect(0, 0, max(3, int(s * 0.1)), int(s * 0.7))
            stroke.center = (int(tile.centerx + (i - (count - 1) / 2) * gap), tile.centery)
            pygame.draw.rect(surface, colour, stroke)

    draw.__doc__ = f"The House of {count} judges: {count} upright strokes."
    return draw


def draw_horus(surface: pygame.Surface, tile: pygame.Rect, colour: Colour = INK) -> None:
    """The House of Re-Horakhty: the eye of Horus, an eye with its brow and falcon's cheek."""
    s = tile.height * 0.62
    cx, cy = tile.centerx, tile.centery
    width = max(2, int(s * 0.07))
    eye = pygame.Rect(0, 0, int(s * 0.7), int(s * 0.32))
    eye.center = (cx, int(cy - s * 0.08))
    pygame.draw.ellipse(surface, colour, eye, width)
    pygame.draw.circle(surface, colour, eye.center, max(2, int(s * 0.11)))
    brow = pygame.Rect(eye.left, eye.top - int(s * 0.16), eye.width, int(s * 0.1))
    pygame.draw.rect(surface, colour, brow)
    cheek = [(cx - s * 0.05, eye.bottom - width), (cx - s * 0.08, cy + s * 0.3),
             (cx - s * 0.18, cy + s * 0.38)]
    pygame.draw.lines(surface, colour, False, cheek, width)
    tail = [(eye.right - width, eye.centery), (eye.right + s * 0.04, cy + s * 0.22),
            (cx + s * 0.34, cy + s * 0.36)]
    pygame.draw.lines(surface, colour, False, tail, width)


def draw_unknown(surface: pygame.Surface, tile: pygame.Rect, colour: Colour = INK) -> None:
    """A sign the window does not know: a small ring, so the square still shows it is marked."""
    s = tile.height * 0.62
    pygame.draw.circle(surface, colour, tile.center, max(3, int(s * 0.18)),
                       max(2, int(s * 0.07)))


SIGNS: dict[str, Callable[[pygame.Surface, pygame.Rect, Colour], None]] = {
    "ankh": draw_ankh,
    "nefer": draw_nefer,
    "rebirth": draw_ankh,  # the House of Rebirth: life again
    "happiness": draw_nefer,  # the House of Happiness: nefer, "good", as on old boards
    "water": draw_water,
    "three": _strokes(3),
    "two": _strokes(2),
    "horus": draw_horus,
}
"""Each sign the window draws, by the name a game's geometry gives it."""


def draw_sign(surface: pygame.Surface, tile: pygame.Rect, sign: str,
              colour: Colour = INK) -> None:
    """Paint ``sign`` on the inlay ``tile`` (a neutral ring for a sign not known here)."""
    SIGNS.get(sign, draw_unknown)(surface, tile, colour)


def ink_share(surface: pygame.Surface, tile: pygame.Rect, colour: Colour = INK) -> float:
    """How much of ``tile`` is painted in ``colour`` (a test's way to see a sign is there)."""
    step = max(1, tile.width // 40)
    points = [(x, y) for x in range(tile.left, tile.right, step)
              for y in range(tile.top, tile.bottom, step)]
    inked = sum(1 for p in points if tuple(surface.get_at(p))[:3] == colour)
    return inked / max(1, len(points))

