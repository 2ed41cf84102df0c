"""The signs painted on marked squares, drawn with pygame primitives: Twenty Squares' ankh and
nefer, Senet's houses (rebirth, happiness, water, three, two, Horus), Ramses' five special
squares (the king's double crown, the Son of Ra, Amun-Ra's plumes, Ra-Harakhty's falcon,
Ptah's djed pillar), the stacking game's last square (three men); any sign the window does not
know gets a small neutral ring, so a new game's board never fails to draw.

    draw_sign(surface, tile_rect, "water")
"""

from __future__ import annotations

import math
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


def _sun(surface: pygame.Surface, centre: tuple[float, float], radius: float,
         colour: Colour) -> None:
    """Re's sun disc: a ring with a dot in it (the hieroglyph for the sun, and for Re)."""
    width = max(2, int(radius * 0.3))
    pygame.draw.circle(surface, colour, (int(centre[0]), int(centre[1])), max(3, int(radius)),
                       width)
    pygame.draw.circle(surface, colour, (int(centre[0]), int(centre[1])),
                       max(1, int(radius * 0.28)))


def draw_king(surface: pygame.Surface, tile: pygame.Rect, colour: Colour = INK) -> None:
    """Ramses' square of the King of Upper and Lower Egypt: the double crown, the tall white
    crown of the south inside the red crown of the north with its high back and its curl."""
    s = tile.height * 0.62
    cx, cy = tile.centerx, tile.centery
    width = max(2, int(s * 0.08))
    base = cy + s * 0.42
    white = [(cx - s * 0.2, base), (cx - s * 0.16, cy - s * 0.1), (cx - s * 0.06, cy - s * 0.3),
             (cx, cy - s * 0.36), (cx + s * 0.06, cy - s * 0.3), (cx + s * 0.12, cy - s * 0.1),
             (cx + s * 0.14, base)]
    pygame.draw.polygon(surface, colour, white)
    red = [(cx - s * 0.34, cy + s * 0.02), (cx - s * 0.34, base), (cx + s * 0.3, base),
           (cx + s * 0.3, cy - s * 0.46), (cx + s * 0.2, cy - s * 0.46),
           (cx + s * 0.2, cy + s * 0.02)]
    pygame.draw.lines(surface, colour, True, red, width)
    curl = pygame.Rect(0, 0, int(s * 0.24), int(s * 0.3))
    curl.bottomright = (int(cx - s * 0.06), int(cy + s * 0.04))
    pygame.draw.arc(surface, colour, curl, math.pi * 0.5, math.pi * 1.6, width)


def draw_son_of_ra(surface: pygame.Surface, tile: pygame.Rect, colour: Colour = INK) -> None:
    """Ramses' square of the Son of Ra: the sun disc over the pintail duck, ``sa Ra``."""
    s = tile.height * 0.62
    cx, cy = tile.centerx, tile.centery
    _sun(surface, (cx + s * 0.18, cy - s * 0.26), s * 0.17, colour)
    body = pygame.Rect(0, 0, int(s * 0.58), int(s * 0.24))
    body.center = (int(cx - s * 0.02), int(cy + s * 0.2))
    pygame.draw.ellipse(surface, colour, body)
    tail = [(body.right - 2, body.centery - s * 0.04), (cx + s * 0.46, cy + s * 0.04),
            (body.right - 2, body.centery + s * 0.06)]
    pygame.draw.polygon(surface, colour, tail)
    neck = max(2, int(s * 0.08))
    head = (int(cx - s * 0.3), int(cy - s * 0.1))
    pygame.draw.line(surface, colour, (body.left + int(s * 0.08), body.centery), head, neck)
    pygame.draw.circle(surface, colour, head, max(2, int(s * 0.08)))
    pygame.draw.polygon(surface, colour, [(head[0] - s * 0.04, head[1] - s * 0.03),
                                          (head[0] - s * 0.2, head[1] + s * 0.02),
                                          (head[0] - s * 0.04, head[1] + s * 0.05)])
    for foot in (-0.1, 0.08):
        pygame.draw.line(surface, colour, (cx + s * foot, body.bottom - 2),
                         (cx + s * (foot - 0.04), cy + s * 0.44), max(1, neck // 2))


def draw_amun_ra(surface: pygame.Surface, tile: pygame.Rect, colour: Colour = INK) -> None:
    """Ramses' square of Amun-Ra: Amun's crown of two tall plumes over the sun disc."""
    s = tile.height * 0.62
    cx, cy = tile.centerx, tile.centery
    for dx in (-0.11, 0.11):
        plume = pygame.Rect(0, 0, int(s * 0.17), int(s * 0.62))
        plume.midbottom = (int(cx + s * dx), int(cy + s * 0.16))
        pygame.draw.rect(surface, colour, plume, max(2, int(s * 0.06)),
                         border_radius=plume.width // 2)
        pygame.draw.line(surface, colour, (plume.centerx, plume.top + plume.width // 2),
                         (plume.centerx, plume.bottom), 1)
    mortar = pygame.Rect(0, 0, int(s * 0.5), int(s * 0.1))
    mortar.midtop = (cx, int(cy + s * 0.16))
    pygame.draw.rect(surface, colour, mortar)
    _sun(surface, (cx, cy + s * 0.44), s * 0.13, colour)


def draw_ra_harakhty(surface: pygame.Surface, tile: pygame.Rect, colour: Colour = INK) -> None:
    """Ramses' square of Ra-Harakhty: the falcon of Horus with the sun disc on its head."""
    s = tile.height * 0.62
    cx, cy = tile.centerx, tile.centery
    _sun(surface, (cx - s * 0.06, cy - s * 0.36), s * 0.15, colour)
    head = (int(cx - s * 0.1), int(cy - s * 0.1))
    pygame.draw.circle(surface, colour, head, max(3, int(s * 0.11)))
    pygame.draw.polygon(surface, colour, [(head[0] - s * 0.06, head[1] - s * 0.05),
                                          (head[0] - s * 0.22, head[1] + s * 0.02),
                                          (head[0] - s * 0.08, head[1] + s * 0.08)])
    body = [(cx - s * 0.2, cy - s * 0.04), (cx + s * 0.1, cy - s * 0.02),
            (cx + s * 0.24, cy + s * 0.24), (cx + s * 0.36, cy + s * 0.42),
            (cx + s * 0.06, cy + s * 0.34), (cx - s * 0.16, cy + s * 0.26)]
    pygame.draw.polygon(surface, colour, body)
    for foot in (-0.08, 0.04):
        pygame.draw.line(surface, colour, (cx + s * foot, cy + s * 0.28),
                         (cx + s * foot, cy + s * 0.44), max(2, int(s * 0.05)))


def draw_ptah(surface: pygame.Surface, tile: pygame.Rect, colour: Colour = INK) -> None:
    """Ramses' square of Ptah: the djed pillar of his sceptre, a column with four crossbars."""
    s = tile.height * 0.62
    cx, cy = tile.centerx, tile.centery
    column = pygame.Rect(0, 0, int(s * 0.18), int(s * 0.86))
    column.center = (cx, int(cy + s * 0.02))
    pygame.draw.rect(surface, colour, column)
    bar = max(2, int(s * 0.06))
    for i in range(4):
        y = int(cy - s * 0.38 + i * s * 0.12)
        pygame.draw.rect(surface, colour, pygame.Rect(int(cx - s * 0.24), y, int(s * 0.48), bar))
    foot = pygame.Rect(0, 0, int(s * 0.34), bar + 1)
    foot.midbottom = (cx, column.bottom)
    pygame.draw.rect(surface, colour, foot)


def draw_last(surface: pygame.Surface, tile: pygame.Rect, colour: Colour = INK) -> None:
    """The stacking game's last square: three men stacked, the stack that wins there."""
    s = tile.height * 0.62
    cx, cy = tile.centerx, tile.centery
    width = max(2, int(s * 0.07))
    for i in range(3):
        man = pygame.Rect(0, 0, int(s * 0.62), int(s * 0.24))
        man.center = (cx, int(cy + s * 0.28 - i * s * 0.26))
        pygame.draw.ellipse(surface, colour, man, width)


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
    "king": draw_king,
    "son-of-ra": draw_son_of_ra,
    "amun-ra": draw_amun_ra,
    "ra-harakhty": draw_ra_harakhty,
    "ptah": draw_ptah,
    "last": draw_last,
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

