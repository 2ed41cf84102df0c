"""The pictures of Setna's tournament, drawn by code with pygame: Setna sinking into the sand of
the tomb by stage, the golden mask of Neferkaptah's mummy, the Book of Thoth, and the amulets of
Ptah that Anhurerau brings. Each is drawn into any rectangle, the same every time.

    draw(surface, surface.get_rect(), "setna:2")   # sand to his waist
"""

from __future__ import annotations

import math
import random

import pygame

from hardware.lights.strips import Colour

NIGHT: Colour = (16, 14, 30)
WALL_TOP: Colour = (40, 28, 24)
WALL_LOW: Colour = (74, 50, 34)
FRIEZE: tuple[Colour, ...] = ((176, 130, 60), (40, 90, 150), (150, 56, 40))
SAND_BACK: Colour = (176, 128, 66)
SAND_MID: Colour = (196, 148, 80)
SAND_FRONT: Colour = (214, 168, 98)
GRAIN: Colour = (150, 104, 52)
SKIN: Colour = (164, 92, 52)
"""Setna's skin, the red-brown painters gave men in Egyptian art (the pages' tests count it)."""
WIG: Colour = (26, 22, 34)
LINEN: Colour = (238, 232, 214)
GOLD: Colour = (226, 176, 50)
GOLD_LIGHT: Colour = (250, 214, 110)
LAPIS: Colour = (30, 60, 150)
CARNELIAN: Colour = (170, 50, 30)
FAIENCE: Colour = (60, 200, 170)
INK: Colour = (40, 28, 20)
PAPYRUS: Colour = (232, 212, 160)
WHITE: Colour = (250, 250, 245)

DEPTH = (0.03, 0.28, 0.5, 0.68, 0.84)
"""How far Setna's feet are below the sand, by stage, in figure heights: a little, then to his
knees, his waist, his chest and his neck."""


def draw(surface: pygame.Surface, rect: pygame.Rect, picture: str) -> None:
    """Draw ``picture`` into ``rect``: ``setna:N`` (stage N), ``mask``, ``book`` or ``rescue``."""
    name, _, stage = picture.partition(":")
    if name == "setna":
        draw_setna(surface, rect, int(stage or 0))
    elif name == "mask":
        draw_mask(surface, rect)
    elif name == "book":
        draw_book(surface, rect)
    elif name == "rescue":
        draw_rescue(surface, rect)
    else:
        raise ValueError(f"no picture {picture!r}")


# --- the tomb and Setna ---------------------------------------------------------------------


def draw_setna(surface: pygame.Surface, rect: pygame.Rect, stage: int) -> None:
    """Setna in the sand of the tomb, sunk to ``stage`` (0 standing, 4 to his neck)."""
    _tomb(surface, rect)
    ground = rect.top + int(rect.height * 0.74)
    height = int(rect.height * 0.62)
    feet = ground + int(DEPTH[max(0, min(stage, len(DEPTH) - 1))] * height)
    _figure(surface, rect.centerx - rect.width // 10, feet, height)
    _dune(surface, rect, ground, SAND_FRONT, amplitude=0.012, phase=0.0, grains=True)


def _tomb(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The back wall of the tomb, a painted frieze, and the sand behind Setna."""
    for y in range(rect.top, rect.bottom):
        x = (y - rect.top) / max(1, rect.height - 1)
        pygame.draw.line(surface, _mix(WALL_TOP, WALL_LOW, x), (rect.left, y), (rect.right - 1, y))
    band = max(4, rect.height // 24)
    top = rect.top + band
    for i, left in enumerate(range(rect.left, rect.right, band * 2)):
        colour = FRIEZE[i % len(FRIEZE)]
        pygame.draw.rect(surface, colour, (left, top, band * 2 - 2, band))
    rule = top + band + 2
    pygame.draw.line(surface, FRIEZE[0], (rect.left, rule), (rect.right - 1, rule))
    _dune(surface, rect, rect.top + int(rect.height * 0.6), SAND_BACK, amplitude=0.05, phase=1.3)
    _dune(surface, rect, rect.top + int(rect.height * 0.68), SAND_MID, amplitude=0.03, phase=2.9)


def _dune(surface: pygame.Surface, rect: pygame.Rect, level: int, colour: Colour, *,
          amplitude: float, phase: float, grains: bool = False) -> None:
    """Sand from ``level`` (a gentle wave) down to the bottom of ``rect``."""
    width = rect.width
    xs = [*range(0, width, max(1, width // 48)), width]
    top = [(rect.left + x, level + int(rect.height * amplitude *
                                        math.sin(phase + 2.4 * math.pi * x / width)))
           for x in xs]
    pygame.draw.polygon(surface, colour, [*top, rect.bottomright, rect.bottomleft])
    if grains:  # the same speckles every time: a seeded generator, not the global one
        rng = random.Random(7)
        for _ in range(width * rect.height // 400):
            x = rng.randrange(rect.left, rect.right)
            y = rng.randrange(level + int(rect.height * amplitude) + 2, rect.bottom)
            surface.set_at((x, y), GRAIN)


def _figure(surface: pygame.Surface, cx: int, feet: int, height: int) -> None:
    """Setna, facing us, arms raised against the spell: wig, collar, kilt, bare legs."""
    h = height
    head_r = int(h * 0.085)
    head = (cx, feet - h + head_r + int(h * 0.02))
    shoulders = feet - int(h * 0.78)
    waist = feet - int(h * 0.5)
    knee = feet - int(h * 0.18)
    half = int(h * 0.14)
    # Arms, raised from the shoulders.
    for side in (-1, 1):
        elbow = (cx + side * int(h * 0.24), shoulders - int(h * 0.05))
        hand = (cx + side * int(h * 0.3), shoulders - int(h * 0.24))
        pygame.draw.line(surface, SKIN, (cx + side * half, shoulders + 4), elbow, max(3, h // 22))
        pygame.draw.line(surface, SKIN, elbow, hand, max(3, h // 26))
        pygame.draw.circle(surface, SKIN, hand, max(2, h // 40))
    # Torso, a little narrower at the waist.
    pygame.draw.polygon(surface, SKIN, [(cx - half, shoulders), (cx + half, shoulders),
                                        (cx + int(half * 0.7), waist),
                                        (cx - int(half * 0.7), waist)])
    # Legs, then the kilt over them.
    leg = max(3, h // 18)
    for side in (-1, 1):
        pygame.draw.rect(surface, SKIN, (cx + side * int(half * 0.35) - leg // 2, knee - h // 12,
                                         leg, feet - knee + h // 12))
    pygame.draw.polygon(surface, LINEN, [(cx - int(half * 0.75), waist),
                                         (cx + int(half * 0.75), waist),
                                         (cx + int(half * 0.95), knee),
                                         (cx - int(half * 0.95), knee)])
    pygame.draw.line(surface, GOLD, (cx - int(half * 0.75), waist), (cx + int(half * 0.75), waist),
                     max(2, h // 60))
    # A broad collar of lapis and gold.
    for i, colour in enumerate((GOLD, LAPIS, GOLD)):
        radius = int(h * 0.11) - i * max(2, h // 70)
        pygame.draw.arc(surface, colour,
                        (cx - radius, shoulders - radius, 2 * radius, 2 * radius),
                        math.pi * 1.05, math.pi * 1.95, max(2, h // 70))
    # Neck and head, the wig behind and over it, an eye outlined in kohl.
    pygame.draw.rect(surface, SKIN, (cx - h // 30, head[1] + head_r - 2, h // 15, h // 14))
    pygame.draw.ellipse(surface, WIG, (head[0] - int(head_r * 1.5), head[1] - int(head_r * 1.2),
                                       int(head_r * 3.0), int(head_r * 2.4)))
    pygame.draw.circle(surface, SKIN, head, head_r)
    pygame.draw.rect(surface, WIG, (head[0] - int(head_r * 1.1), head[1] - head_r,
                                    int(head_r * 2.2), int(head_r * 0.7)))
    for side in (-1, 1):
        eye = (head[0] + side * int(head_r * 0.42), head[1] + int(head_r * 0.05))
        pygame.draw.ellipse(surface, WHITE, (eye[0] - head_r // 4, eye[1] - head_r // 9,
                                             head_r // 2, max(2, head_r // 4)))
        pygame.draw.circle(surface, INK, eye, max(1, head_r // 9))


# --- Neferkaptah's mask -----------------------------------------------------------------------


def draw_mask(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The golden mask of Neferkaptah's mummy, glowing in the dark of the tomb."""
    surface.fill(NIGHT, rect)
    cx = rect.centerx
    size = min(rect.width, rect.height)
    glow = pygame.Surface(rect.size, pygame.SRCALPHA)
    for i in range(12, 0, -1):  # a soft halo: the mask glows eerily
        pygame.draw.circle(glow, (*GOLD, 10), (rect.width // 2, int(rect.height * 0.45)),
                           int(size * 0.04 * i))
    surface.blit(glow, rect.topleft)
    top = rect.top + int(rect.height * 0.06)
    bottom = rect.top + int(rect.height * 0.9)
    _nemes(surface, cx, top, bottom, size)
    face_w, face_h = int(size * 0.3), int(size * 0.4)
    face = pygame.Rect(0, 0, face_w, face_h)
    face.midtop = (cx, top + int(size * 0.13))
    pygame.draw.ellipse(surface, GOLD_LIGHT, face)
    pygame.draw.rect(surface, GOLD, (face.left, face.top, face_w, face_h // 7))  # brow band
    _uraeus(surface, cx, face.top, size)
    for side in (-1, 1):
        _eye(surface, cx + side * int(face_w * 0.22), face.top + int(face_h * 0.36), size, side)
    nose = face.top + int(face_h * 0.62)
    pygame.draw.lines(surface, GOLD, False, [(cx, face.top + int(face_h * 0.42)),
                                             (cx - size // 60, nose), (cx + size // 60, nose)],
                      max(1, size // 150))
    pygame.draw.ellipse(surface, CARNELIAN, (cx - face_w // 8, face.top + int(face_h * 0.74),
                                             face_w // 4, max(3, face_h // 14)))
    _beard(surface, cx, face.bottom - face_h // 20, size)
    _collar(surface, cx, face.bottom + int(size * 0.02), size)


def _nemes(surface: pygame.Surface, cx: int, top: int, bottom: int, size: int) -> None:
    """The striped headcloth: narrow at the crown, wide over the shoulders."""
    crown, shoulders = size * 0.2, size * 0.44
    stripe = max(3, size // 36)
    for y in range(top, bottom):
        x = (y - top) / max(1, bottom - top)
        dome = min(1.0, (y - top) / crown)  # the crown is rounded
        half = int(crown * math.sqrt(1 - (1 - dome) ** 2)
                   + (shoulders - crown) * max(0.0, min(1.0, x * 1.6)))
        colour = LAPIS if ((y - top) // stripe) % 2 else GOLD
        pygame.draw.line(surface, colour, (cx - half, y), (cx + half, y))


def _uraeus(surface: pygame.Surface, cx: int, brow: int, size: int) -> None:
    """The cobra rearing on the brow."""
    s = max(4, size // 28)
    pygame.draw.polygon(surface, GOLD, [(cx, brow - 2 * s), (cx + s, brow), (cx - s, brow)])
    pygame.draw.circle(surface, LAPIS, (cx, brow - s), max(2, s // 2))


def _eye(surface: pygame.Surface, x: int, y: int, size: int, side: int) -> None:
    """An eye of white stone, a black pupil, lined in lapis with the kohl line drawn out."""
    w, h = size // 11, size // 26
    pygame.draw.ellipse(surface, WHITE, (x - w // 2, y - h // 2, w, h))
    pygame.draw.circle(surface, INK, (x, y), max(2, h // 2))
    pygame.draw.ellipse(surface, LAPIS, (x - w // 2, y - h // 2, w, h), max(1, size // 160))
    pygame.draw.line(surface, LAPIS, (x + side * w // 2, y), (x + side * int(w * 0.9), y - h // 3),
                     max(2, size // 120))
    pygame.draw.arc(surface, LAPIS, (x - w // 2, y - h * 2, w, h * 2), 0.3, math.pi - 0.3,
                    max(2, size // 120))


def _beard(surface: pygame.Surface, cx: int, chin: int, size: int) -> None:
    """The plaited false beard, curling at its tip."""
    w, h = size // 22, size // 7
    for i in range(h // 4 + 1):
        y = chin + i * 4
        colour = LAPIS if i % 2 else GOLD
        pygame.draw.line(surface, colour, (cx - w // 2, y), (cx + w // 2, y), 4)
    pygame.draw.circle(surface, GOLD, (cx, chin + h + 2), w // 2)


def _collar(surface: pygame.Surface, cx: int, top: int, size: int) -> None:
    """The broad collar: rows of lapis, gold, carnelian and faience."""
    band = max(3, size // 40)
    for i, colour in enumerate((LAPIS, GOLD, CARNELIAN, GOLD, FAIENCE, GOLD)):
        radius = int(size * 0.16) + i * band
        pygame.draw.arc(surface, colour, (cx - radius, top - radius, 2 * radius, 2 * radius),
                        math.pi * 1.08, math.pi * 1.92, band)


# --- the endings ------------------------------------------------------------------------------


def draw_book(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The Book of Thoth in Setna's hands: a scroll of spells shining in the dark."""
    surface.fill(NIGHT, rect)
    cx, cy = rect.centerx, rect.top + int(rect.height * 0.45)
    size = min(rect.width, rect.height)
    for i in range(24):  # rays of light from the scroll
        angle = i * math.pi / 12
        end = (cx + int(math.cos(angle) * size * 0.48), cy + int(math.sin(angle) * size * 0.4))
        pygame.draw.line(surface, GOLD if i % 2 else GOLD_LIGHT, (cx, cy), end, 2)
    sheet = pygame.Rect(0, 0, int(size * 0.62), int(size * 0.36))
    sheet.center = (cx, cy)
    pygame.draw.rect(surface, PAPYRUS, sheet)
    for edge in (sheet.left, sheet.right):  # the rolled ends
        pygame.draw.rect(surface, (196, 170, 110), (edge - size // 30, sheet.top - size // 40,
                                                    size // 15, sheet.height + size // 20),
                         border_radius=size // 40)
    rng = random.Random(3)  # columns of signs, written the same every time
    step = max(6, size // 24)
    for x in range(sheet.left + step, sheet.right - step // 2, step):
        for y in range(sheet.top + step // 2, sheet.bottom - step, step):
            _sign(surface, rng.randrange(4), x, y, step)
    _ground(surface, rect)


def _sign(surface: pygame.Surface, kind: int, x: int, y: int, step: int) -> None:
    """One sign of the spells: a sun, a water line, a reed or an eye."""
    s = step // 3
    if kind == 0:
        pygame.draw.circle(surface, INK, (x, y + s), s, 1)
        pygame.draw.circle(surface, INK, (x, y + s), 1)
    elif kind == 1:
        pygame.draw.lines(surface, INK, False, [(x - s, y + s), (x - s // 2, y + s // 2),
                                                (x, y + s), (x + s // 2, y + s // 2),
                                                (x + s, y + s)], 1)
    elif kind == 2:
        pygame.draw.line(surface, INK, (x, y), (x, y + 2 * s), 1)
        pygame.draw.line(surface, INK, (x, y), (x + s // 2, y + s // 2), 1)
    else:
        pygame.draw.ellipse(surface, CARNELIAN, (x - s, y + s // 2, 2 * s, s), 1)


def draw_rescue(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Setna buried to the neck, and the four amulets of Ptah his brother brings, shining."""
    draw_setna(surface, rect, len(DEPTH) - 1)
    size = min(rect.width, rect.height)
    y = rect.top + int(rect.height * 0.2)
    for i in range(4):
        x = rect.left + int(rect.width * (0.2 + 0.2 * i))
        halo = pygame.Surface((size // 4, size // 4), pygame.SRCALPHA)
        for r in range(size // 8, 0, -max(1, size // 80)):
            pygame.draw.circle(halo, (*FAIENCE, 14), (size // 8, size // 8), r)
        surface.blit(halo, (x - size // 8, y - size // 8))
        _djed(surface, x, y, size // 7)


def _djed(surface: pygame.Surface, x: int, y: int, height: int) -> None:
    """A djed pillar, Ptah's sign of what stands firm, in blue-green faience."""
    w = max(4, height // 4)
    pygame.draw.rect(surface, FAIENCE, (x - w // 2, y - height // 2, w, height))
    for i in range(4):
        bar = y - height // 2 + i * max(3, height // 9)
        pygame.draw.rect(surface, FAIENCE, (x - w, bar, 2 * w, max(2, height // 14)))
    pygame.draw.rect(surface, FAIENCE, (x - w, y + height // 2 - 2, 2 * w, max(2, height // 12)))


def _ground(surface: pygame.Surface, rect: pygame.Rect) -> None:
    _dune(surface, rect, rect.top + int(rect.height * 0.82), SAND_MID, amplitude=0.02, phase=0.7)


def _mix(a: Colour, b: Colour, x: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * x), round(a[1] + (b[1] - a[1]) * x),
            round(a[2] + (b[2] - a[2]) * x))
