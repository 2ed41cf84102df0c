"""The stacking game's three dice in the stick box, drawn with their pips: the dice still to use
bright, the ones used this turn dimmed, the ones a chosen man may use ringed.

    draw_dice(surface, layout.stick_box, (Die(1), Die(5, used=True), Die(6)), shaking=False, t=0)
    die_at(layout.stick_box, 3, pos)   # which die a click on ``pos`` falls on, or None
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from hardware.lights.strips import Colour
from sim.drawing.signs import INK

FACE: Colour = (240, 228, 200)
"""A die's face, bone white."""
USED_FACE: Colour = (128, 104, 72)
"""A die used this turn: sunk into the box's wood, its pips faint."""
USED_PIP: Colour = (92, 68, 44)
RING: Colour = (255, 255, 255)
"""Round a die the chosen man may use: white with a dark edge, seen on the wood."""
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}
"""Where a six-sided die's pips lie on each face, as a die shows them."""


@dataclass(frozen=True)
class Die:
    """One die in the box: the face it shows (None: not thrown yet), whether it is used."""

    face: int | None
    used: bool = False


def dice_rects(box: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Where each of ``count`` dice lies in the stick box, side by side."""
    if count < 1:
        return []
    inner = box.inflate(-box.width // 8, -box.height // 8)
    side = min(int(inner.height * 0.68), int(inner.width / (count * 1.45)))
    gap = (inner.width - count * side) / (count + 1)
    rects = []
    for i in range(count):
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (int(inner.left + gap * (i + 1) + side * (i + 0.5)), inner.centery)
        rects.append(rect)
    return rects


def die_at(box: pygame.Rect, count: int, pos: tuple[int, int]) -> int | None:
    """The index of the die under ``pos``, or None."""
    for i, rect in enumerate(dice_rects(box, count)):
        if rect.inflate(rect.width // 5, rect.height // 5).collidepoint(pos):
            return i
    return None


def draw_dice(surface: pygame.Surface, box: pygame.Rect, dice: tuple[Die, ...], shaking: bool,
              t: float, ringed: frozenset[int] = frozenset()) -> None:
    """The dice in their box: pips on the faces thrown, blank ones before a throw and while
    shaken; a used die dimmed; ``ringed`` dice (by index) marked as the ones to choose from."""
    for i, (rect, die) in enumerate(zip(dice_rects(box, len(dice)), dice, strict=True)):
        if shaking:  # tumbling: each die its own way
            rect = rect.move(int(math.sin(t * 31 + i * 2.3) * rect.width * 0.12),
                             int(math.cos(t * 27 + i * 1.7) * rect.height * 0.12))
        if i in ringed:
            width = max(3, rect.width // 14)
            pygame.draw.rect(surface, INK, rect.inflate(4 * width + 4, 4 * width + 4),
                             border_radius=rect.width // 4)
            pygame.draw.rect(surface, RING, rect.inflate(4 * width, 4 * width), width,
                             border_radius=rect.width // 4)
        draw_die(surface, rect, None if shaking else die.face, die.used)


def draw_die(surface: pygame.Surface, rect: pygame.Rect, face: int | None,
             used: bool = False) -> None:
    """One die showing ``face`` (None: blank), dimmed when ``used``."""
    radius = rect.width // 5
    pygame.draw.rect(surface, INK, rect.inflate(4, 4), border_radius=radius)
    pygame.draw.rect(surface, USED_FACE if used else FACE, rect, border_radius=radius)
    if face is None:
        return
    pip = max(2, rect.width // 11)
    for dx, dy in PIPS[face]:
        pygame.draw.circle(surface, USED_PIP if used else INK,
                           (rect.centerx + int(dx * rect.width * 0.27),
                            rect.centery + int(dy * rect.height * 0.27)), pip)
