"""The window without a mouse: the places the keyboard's focus rests on (each square, each side's
sideline, the stick box, each of the stacking game's dice), the nearest
place in an arrow's direction, where a key "clicks" a place, and the focus ring drawn round it.

    places = focus_places(layout)              # {'M7': Rect, 'sideline:cones': Rect, ...}
    nearest(places, "M7", (-1, 0))             # 'M8': the place to the left
    draw_focus(surface, places["M7"])
"""

from __future__ import annotations

import pygame

from engine.core.sides import Side
from hardware.lights.strips import Colour
from sim.drawing.dice import dice_rects
from sim.drawing.layout import Layout

STICKS = "sticks"
"""The stick box (or the game's die or dice) as a place."""
DIE = "die:"
"""A die in the box (``die:1`` the first), where a man may choose which die it uses."""
OFF = "off"
"""The stacking game's place where men leave the board."""
RING: tuple[Colour, Colour] = ((0, 0, 0), (255, 255, 255))
"""The focus ring: black outside, white inside, seen on any square and any light."""


def sideline(side: Side) -> str:
    """The name of ``side``'s sideline as a place."""
    return f"sideline:{side.name.lower()}"


def side_of(place: str) -> Side | None:
    """The side whose sideline ``place`` is, else None."""
    for side in Side:
        if place == sideline(side):
            return side
    return None


def focus_places(layout: Layout) -> dict[str, pygame.Rect]:
    """Every place the focus may rest on, by name: the squares, the sidelines and the chance
    device (the stacking game's too: its men leave the board to the sideline)."""
    found = dict(layout.squares)
    for side, rect in layout.sidelines.items():
        found[sideline(side)] = rect
    if layout.chance is not None:
        found[STICKS] = layout.stick_box
    for i, rect in enumerate(dice_rects(layout.stick_box, layout.dice), 1):
        found[f"{DIE}{i}"] = rect
    return found


def point(layout: Layout, place: str, rect: pygame.Rect) -> tuple[int, int]:
    """Where a key acts on ``place``: a square's middle, a sideline's first waiting piece."""
    side = side_of(place)
    if side is not None:
        return layout.sideline_slot(side, 0)
    return rect.center


def nearest(places: dict[str, pygame.Rect], at: str, direction: tuple[int, int]) -> str:
    """The place nearest ``at`` in ``direction`` (``(1, 0)``: to the right, ``(0, 1)``:
    down), a place straight that way before one aside; ``at`` when there is none."""
    if at not in places:
        return next(iter(places))
    ax, ay = places[at].center
    dx, dy = direction
    best, score = at, float("inf")
    for name, rect in places.items():
        x, y = rect.center
        along = (x - ax) * dx + (y - ay) * dy
        aside = abs((x - ax) * dy) + abs((y - ay) * dx)
        if name != at and along > 0 and along + 3 * aside < score:
            best, score = name, along + 3 * aside
    return best


def draw_focus(surface: pygame.Surface, rect: pygame.Rect, cell: int) -> None:
    """The focus ring round ``rect``: thick enough to see from the sofa."""
    width = max(3, cell // 16)
    outer, inner = RING
    pygame.draw.rect(surface, outer, rect.inflate(2 * width, 2 * width), width,
                     border_radius=width * 2)
    pygame.draw.rect(surface, inner, rect.inflate(width // 2, width // 2), width,
                     border_radius=width * 2)
