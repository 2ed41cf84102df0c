"""Stacks of the stacking game's men, drawn: a position's picture on its How to play page
(``sim.drawing.positions``). On the board the window draws each man as a piece
(``sim.window.view``).
"""

from __future__ import annotations

import pygame

from engine.core.sides import Side
from hardware.lights.strips import Colour
from sim.drawing.board import (
    CONE_BODY,
    CONE_EDGE,
    CONE_LIGHT,
    REEL_BODY,
    REEL_EDGE,
    REEL_LIGHT,
    SHADOW,
)
from sim.drawing.signs import INK
from sim.drawing.text import Texts

PALE: Colour = (240, 222, 180)
"""Words on the dark table."""
MEN = {Side.CONES: (CONE_BODY, CONE_LIGHT, CONE_EDGE),
       Side.REELS: (REEL_BODY, REEL_LIGHT, REEL_EDGE)}


def draw_man(surface: pygame.Surface, side: Side, centre: tuple[int, int], radius: int) -> None:
    """One man seen from above: a disc in its side's colour over its shadow."""
    body, _, edge = MEN[side]
    pygame.draw.circle(surface, SHADOW, (centre[0] + 2, centre[1] + 3), radius)
    pygame.draw.circle(surface, body, centre, radius)
    pygame.draw.circle(surface, edge, centre, radius, max(2, radius // 7))


def man_radius(cell: int) -> int:
    """A man's radius on a square of ``cell`` pixels."""
    return cell * 3 // 10


def draw_stack(surface: pygame.Surface, rect: pygame.Rect, side: Side, count: int,
               texts: Texts) -> None:
    """``count`` men of ``side`` piled on a square, the height written on the top one."""
    _, light, _ = MEN[side]
    radius = man_radius(rect.width)
    step = rect.height // 9
    base = rect.centery + step * (count - 1) // 2
    for i in range(count):
        draw_man(surface, side, (rect.centerx, base - i * step), radius)
    top = (rect.centerx, base - (count - 1) * step)
    pygame.draw.circle(surface, light, top, radius // 2, max(1, radius // 10))
    if count > 1:
        number = texts.line(str(count), max(12, radius), PALE if side == Side.CONES else INK)
        surface.blit(number, number.get_rect(center=top))
