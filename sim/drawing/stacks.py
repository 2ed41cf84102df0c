"""The stacking game's board drawer: stacks of men with their heights on the window's board,
each side's men waiting on its sideline (and how many are out of play), the off place left of
the last square, the three dice in the chance box, and the rings of a choice.

It draws on the window's ``Layout`` (the same squares, sidelines and box as every game); the
window draws the rest (menu bar, status line, pages, log). Pure drawing from a ``Scene`` and
hit tests of the same rectangles, so the play (``sim.window.stacks_play``) and its tests judge the
same pixels.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import pygame

from engine.core.sides import Side
from firmware.words import _, side_said
from hardware.strips import Colour
from sim.drawing.board import (
    CONE_BODY,
    CONE_EDGE,
    CONE_LIGHT,
    REEL_BODY,
    REEL_EDGE,
    REEL_LIGHT,
    SHADOW,
    WOOD,
    WOOD_DARK,
)
from sim.drawing.layout import Layout
from sim.drawing.signs import INK
from sim.drawing.text import Texts, mirrored, mirrored_x

PALE: Colour = (240, 222, 180)
"""Words on the dark table."""
DIM: Colour = (176, 152, 112)
GOLD: Colour = (236, 190, 60)
"""The mummy's move, and the man or die chosen."""
GREEN: Colour = (96, 200, 120)
"""Where the chosen man can go."""
RED: Colour = (220, 70, 60)
"""A man that may be captured on the way."""
DIE: Colour = (246, 238, 220)
USED: Colour = (120, 110, 100)
MEN = {Side.CONES: (CONE_BODY, CONE_LIGHT, CONE_EDGE),
       Side.REELS: (REEL_BODY, REEL_LIGHT, REEL_EDGE)}
LAST = "M15"
"""The last square: the off place lies beyond it."""
OFF = "off"


@dataclass(frozen=True)
class Scene:
    """What the board shows now."""

    stacks: Mapping[str, tuple[Side, int]]
    waiting: tuple[int, int]
    out: tuple[int, int]
    """Each side's men out of play."""
    dice: tuple[int, ...] = ()
    """The faces of the dice of the turn, in the order thrown (empty before a throw)."""
    used: tuple[bool, ...] = ()
    """Which of ``dice`` are used."""
    chosen: str | None = None
    """The square (or ``inC``/``inR``) of the man chosen to move."""
    targets: frozenset[str] = frozenset()
    """Where it can go (``off`` for off the board)."""
    captures: frozenset[str] = frozenset()
    movable: frozenset[str] = frozenset()
    flash: tuple[str, ...] = ()
    """The mummy's move being shown: its squares."""
    die_chosen: int | None = None
    """The index of the die the player picked, if any."""
    names: dict[Side, str] = field(default_factory=dict)
    """Who plays each side (the mummy, you, a player)."""
    to_play: Side | None = None


# --- where things lie ---------------------------------------------------------------------

def off_rect(layout: Layout) -> pygame.Rect:
    """Beyond the last square: click here to move a man off the board."""
    return layout.squares[LAST].move(-layout.cell, 0)


def waiting_rect(layout: Layout, side: Side) -> pygame.Rect:
    """A side's men waiting to enter: its sideline's strip, right of the side's label."""
    line, cell = layout.sidelines[side], layout.cell
    left = line.left + int(cell * layout.label_cells)
    return pygame.Rect(left, line.top, line.right - left, line.height).inflate(-cell // 8,
                                                                            -cell // 3)


def die_rect(layout: Layout, index: int) -> pygame.Rect:
    """The ``index``-th of the three dice, side by side in the chance box."""
    box = layout.stick_box
    side = min(box.height * 3 // 5, box.width * 2 // 9)
    gap = (box.width - 3 * side) // 4
    return pygame.Rect(box.left + gap + index * (side + gap), box.centery - side // 2, side, side)


def at(layout: Layout, pos: tuple[int, int]) -> str | None:
    """What lies under ``pos``: a square, ``off``, ``inC``/``inR``, ``die0``..``die2``."""
    square = layout.square_at(pos)
    if square is not None:
        return square
    if off_rect(layout).collidepoint(pos):
        return OFF
    side = layout.sideline_at(pos)
    if side is not None:
        return waiting(side)
    for i in range(3):
        if die_rect(layout, i).inflate(8, 8).collidepoint(pos):
            return f"die{i}"
    return None


def spot(layout: Layout, place: str) -> tuple[int, int]:
    """The middle of a square, the off place or a side's men waiting."""
    if place == OFF:
        return off_rect(layout).center
    if place.startswith("in"):
        return waiting_rect(layout, Side.parse(place[2])).center
    return layout.squares[place].center


def waiting(side: Side) -> str:
    """The name of ``side``'s men waiting, as a place a man moves from."""
    return f"in{side.letter}"


# --- drawing ------------------------------------------------------------------------------

def draw(surface: pygame.Surface, layout: Layout, scene: Scene, texts: Texts) -> None:
    """The stacks, rings, waiting men, the off place and the dice, over the drawn board."""
    cell = layout.cell
    off = off_rect(layout).inflate(-cell // 7, -cell // 7)
    pygame.draw.rect(surface, WOOD_DARK, off, 2, border_radius=4)
    word = texts.line(_("off"), max(10, cell // 5), PALE)
    surface.blit(word, word.get_rect(center=off.center))
    for square, (side, count) in scene.stacks.items():
        draw_stack(surface, layout.squares[square], side, count, texts)
    _rings(surface, layout, scene)
    for side in Side:
        _sideline(surface, layout, scene, side, texts)
    _dice(surface, layout, scene)


def _ring(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, width: int) -> None:
    pygame.draw.rect(surface, colour, rect.inflate(-width, -width), width, border_radius=6)


def _rings(surface: pygame.Surface, layout: Layout, scene: Scene) -> None:
    """Movable men (pale), where the chosen man goes (green), men it may capture (red), the
    chosen man (gold) and the mummy's move (gold, thicker)."""
    cell = layout.cell
    where = {**layout.squares, OFF: off_rect(layout),
             **{waiting(side): waiting_rect(layout, side) for side in Side}}
    for place in scene.movable:
        _ring(surface, where[place], PALE, max(2, cell // 28))
    for place in scene.targets:
        _ring(surface, where[place], GREEN, max(3, cell // 16))
    for place in scene.captures:
        _ring(surface, where[place].inflate(-cell // 6, -cell // 6), RED, max(3, cell // 18))
    if scene.chosen in where:
        _ring(surface, where[scene.chosen], GOLD, max(3, cell // 14))
    for place in scene.flash:
        if place in where:
            _ring(surface, where[place], GOLD, max(4, cell // 10))


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


def _sideline(surface: pygame.Surface, layout: Layout, scene: Scene, side: Side,
              texts: Texts) -> None:
    """A side's label (who plays it, whose turn, its men out of play) and its men waiting."""
    cell = layout.cell
    label = layout.side_label(side)
    size = max(12, int(cell * 0.27 * layout.text))
    colour = PALE if scene.to_play == side else DIM
    x = label.left + int(size * 1.1)
    if scene.to_play == side:  # a marker in the side's colour: whose turn it is
        pygame.draw.circle(surface, MEN[side][0], (mirrored_x(label.left + size // 2, label),
                                                   label.top + int(cell * 0.3)), size // 3)
    who = scene.names.get(side) or _("a player")
    name = texts.line(_("{side}: {who}").format(side=side_said(side), who=who), size, colour)
    surface.blit(name, mirrored(name.get_rect(midleft=(x, label.top + int(cell * 0.3))), label))
    facts = _("{waiting} waiting, {out} out of play").format(waiting=scene.waiting[side],
                                                              out=scene.out[side])
    line = texts.line(facts, int(size * 0.85), DIM)
    surface.blit(line, mirrored(line.get_rect(midleft=(x, label.top + int(cell * 0.68))), label))
    pile = waiting_rect(layout, side)
    small = max(5, cell // 8)
    step = min(small * 5 // 2, (pile.width - 4 * small) // max(1, scene.waiting[side]))
    for i in range(scene.waiting[side]):  # they queue from the right, clear of the label
        draw_man(surface, side, (pile.right - small * 2 - i * step, pile.centery), small)


PIPS = {
    1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _dice(surface: pygame.Surface, layout: Layout, scene: Scene) -> None:
    """The box with the three dice: white while in hand, grey once used, the chosen one ringed
    in gold; blank before the throw."""
    box = layout.stick_box
    pygame.draw.rect(surface, WOOD_DARK, box, border_radius=box.width // 12)
    pygame.draw.rect(surface, WOOD, box.inflate(-box.width // 16, -box.height // 8),
                     border_radius=box.width // 16)
    for i in range(3):
        rect = die_rect(layout, i)
        face = scene.dice[i] if i < len(scene.dice) else 0
        used = i < len(scene.used) and scene.used[i]
        pygame.draw.rect(surface, SHADOW, rect.move(3, 4), border_radius=rect.width // 6)
        pygame.draw.rect(surface, USED if used else DIE, rect, border_radius=rect.width // 6)
        pip = max(3, rect.width // 11)
        for dx, dy in PIPS.get(face, ()):
            centre = (rect.centerx + dx * rect.width * 3 // 10,
                      rect.centery + dy * rect.height * 3 // 10)
            pygame.draw.circle(surface, INK, centre, pip)
        if scene.die_chosen == i:
            pygame.draw.rect(surface, GOLD, rect.inflate(8, 8), 4, border_radius=rect.width // 5)
