"""The stacking game's window drawn: its board of a 3-by-5 block and a tail, stacks of men with
their heights, each side's men waiting and out of play, the three dice, and the status lines.

Pure drawing from a ``Scene`` (what to show) on a ``Place`` (where things are for a window size):
no game logic, so the window (``sim.stacks_window``) and its tests judge the same pixels.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import pygame

from engine.core.sides import Side
from engine.stacks.board import SQUARES, place
from hardware.strips import Colour
from sim.drawing import (
    CONE_BODY,
    CONE_EDGE,
    CONE_LIGHT,
    REEL_BODY,
    REEL_EDGE,
    REEL_LIGHT,
    SHADOW,
    TABLE,
    TILE,
    WOOD,
    WOOD_DARK,
)
from sim.signs import INK
from sim.text import Texts

PALE: Colour = (240, 222, 180)
"""Words on the dark table."""
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
COLUMNS = 11
"""The ten columns of the board and, left of the tail's end, the place men go off."""


@dataclass(frozen=True)
class Place:
    """Where everything lies in a window of ``size``: squares, piles, the off place, the dice."""

    size: tuple[int, int]

    @property
    def cell(self) -> int:
        """The side of a square in pixels."""
        width, height = self.size
        return max(24, min(width * 86 // (100 * COLUMNS), height * 48 // 300))

    @property
    def origin(self) -> tuple[int, int]:
        """The top left corner of the off place's column, row 0."""
        width, height = self.size
        return (width - COLUMNS * self.cell) // 2, height * 26 // 100

    def cell_rect(self, row: int, column: int) -> pygame.Rect:
        """A cell of the grid: column -1 is the off place, 0..9 the board's columns."""
        x, y = self.origin
        return pygame.Rect(x + (column + 1) * self.cell, y + row * self.cell, self.cell, self.cell)

    def rect(self, square: str) -> pygame.Rect:
        """A square of the board."""
        row, column = place(square)
        return self.cell_rect(row, column)

    @property
    def off(self) -> pygame.Rect:
        """Left of the last square: click here to move a man off the board."""
        return self.cell_rect(1, -1)

    def waiting(self, side: Side) -> pygame.Rect:
        """A side's men waiting to enter: beside the tail, left of its own row."""
        row = 2 if side == Side.CONES else 0
        first = self.cell_rect(row, 0)
        return pygame.Rect(first.x, first.y, 5 * self.cell, self.cell)

    def out_of_play(self, side: Side) -> pygame.Rect:
        """``side``'s men out of play: in front of the opponent, below or above the board."""
        x, y = self.origin
        width = COLUMNS * self.cell
        if side == Side.REELS:  # in front of the Cones, at the bottom
            return pygame.Rect(x, y + 3 * self.cell + self.cell // 8, width, self.cell * 2 // 5)
        return pygame.Rect(x, y - self.cell * 2 // 5 - self.cell // 8, width, self.cell * 2 // 5)

    def die(self, index: int) -> pygame.Rect:
        """The ``index``-th of the three dice, below the board on the right."""
        x, y = self.origin
        side = self.cell * 3 // 4
        top = y + 3 * self.cell + self.cell * 2 // 3
        right = x + COLUMNS * self.cell
        return pygame.Rect(right - (3 - index) * (side + side // 3), top, side, side)

    @property
    def dice(self) -> pygame.Rect:
        """The three dice together (click to throw)."""
        return self.die(0).union(self.die(2))

    def status(self) -> pygame.Rect:
        """The status lines, at the top."""
        width, _ = self.size
        return pygame.Rect(self.cell // 3, self.cell // 6, width - self.cell * 2 // 3,
                           self.origin[1] - self.cell * 2 // 3)


@dataclass
class Scene:
    """What the window shows now."""

    stacks: Mapping[str, tuple[Side, int]]
    waiting: tuple[int, int]
    out: tuple[int, int]
    """Each side's men out of play."""
    dice: tuple[int, ...] = ()
    """The faces of the dice of the turn, in the order thrown (empty before a throw)."""
    used: tuple[bool, ...] = ()
    """Which of ``dice`` are used."""
    status: tuple[str, ...] = ()
    chosen: str | None = None
    """The square (or ``in``) of the man chosen to move."""
    targets: frozenset[str] = frozenset()
    """Where it can go (``off`` for off the board)."""
    captures: frozenset[str] = frozenset()
    movable: frozenset[str] = frozenset()
    flash: tuple[str, ...] = ()
    """The mummy's move being shown: its squares."""
    die_chosen: int | None = None
    """The index of the die the player picked, if any."""
    labels: bool = True
    names: dict[Side, str] = field(default_factory=dict)
    """Who plays a side, where it is not the person at the window (the mummy)."""


def draw(surface: pygame.Surface, scene: Scene, texts: Texts) -> Place:
    """Draw the whole window for ``scene``; returns where things were drawn."""
    at = Place(surface.get_size())
    surface.fill(TABLE)
    _board(surface, at, scene, texts)
    for side in Side:
        _pile(surface, at.waiting(side), side, scene.waiting[side], texts,
              _in(side) in (scene.movable | {scene.chosen or ""}), scene.chosen == _in(side),
              scene.names.get(side))
        _out(surface, at.out_of_play(side), side, scene.out[side], texts)
    _dice(surface, at, scene, texts)
    _status(surface, at, scene, texts)
    return at


def _in(side: Side) -> str:
    return f"in{side.letter}"


def _ring(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, width: int) -> None:
    pygame.draw.rect(surface, colour, rect.inflate(-width, -width), width, border_radius=6)


def _board(surface: pygame.Surface, at: Place, scene: Scene, texts: Texts) -> None:
    cell = at.cell
    wood = at.rect("M15").union(at.rect("M6")).union(at.rect("R1")).union(at.rect("C5"))
    pygame.draw.rect(surface, WOOD_DARK, wood.inflate(cell // 5, cell // 5), border_radius=8)
    for square in SQUARES:
        rect = at.rect(square)
        pygame.draw.rect(surface, WOOD, rect)
        tile = rect.inflate(-cell // 7, -cell // 7)
        pygame.draw.rect(surface, TILE, tile, border_radius=4)
        if square == "M15":  # the last square: a ring the men gather in
            pygame.draw.circle(surface, INK, tile.center, tile.width * 2 // 5, max(2, cell // 30))
        if scene.labels:
            label = texts.line(square, max(9, cell // 7), INK)
            surface.blit(label, (tile.x + 3, tile.bottom - label.get_height() - 1))
    off = at.off.inflate(-cell // 7, -cell // 7)
    pygame.draw.rect(surface, WOOD_DARK, off, 2, border_radius=4)
    word = texts.line("off", max(10, cell // 5), PALE)
    surface.blit(word, word.get_rect(center=off.center))
    for square, (side, count) in scene.stacks.items():
        _stack(surface, at.rect(square), side, count, texts)
    for square in scene.movable:
        if square in SQUARES:
            _ring(surface, at.rect(square), PALE, max(2, cell // 28))
    where = {**{s: at.rect(s) for s in SQUARES}, "off": at.off}
    for square in scene.targets:
        _ring(surface, where[square], GREEN, max(3, cell // 16))
    for square in scene.captures:
        _ring(surface, where[square].inflate(-cell // 6, -cell // 6), RED, max(3, cell // 18))
    if scene.chosen in where:
        _ring(surface, where[scene.chosen], GOLD, max(3, cell // 14))
    for square in scene.flash:
        if square in where:
            _ring(surface, where[square], GOLD, max(4, cell // 10))


def _stack(surface: pygame.Surface, rect: pygame.Rect, side: Side, count: int,
           texts: Texts) -> None:
    """``count`` men of ``side`` piled on a square, the height written on the top one."""
    body, light, edge = MEN[side]
    radius = rect.width * 3 // 10
    step = rect.height // 9
    base = rect.centery + step * (count - 1) // 2
    for i in range(count):
        centre = (rect.centerx, base - i * step)
        pygame.draw.circle(surface, SHADOW, (centre[0] + 2, centre[1] + 3), radius)
        pygame.draw.circle(surface, body, centre, radius)
        pygame.draw.circle(surface, edge, centre, radius, max(2, radius // 7))
    top = (rect.centerx, base - (count - 1) * step)
    pygame.draw.circle(surface, light, top, radius // 2, max(1, radius // 10))
    if count > 1:
        number = texts.line(str(count), max(12, radius), PALE if side == Side.CONES else INK)
        surface.blit(number, number.get_rect(center=top))


def _pile(surface: pygame.Surface, rect: pygame.Rect, side: Side, count: int, texts: Texts,
          movable: bool, chosen: bool, player: str | None) -> None:
    """A side's men waiting: small discs in rows of five, and the count."""
    body, _, edge = MEN[side]
    small = max(5, rect.height // 9)
    for i in range(count):
        row, column = divmod(i, 8)
        centre = (rect.x + small * 2 + column * small * 5 // 2,
                  rect.y + rect.height // 4 + row * small * 2)
        pygame.draw.circle(surface, body, centre, small)
        pygame.draw.circle(surface, edge, centre, small, 1)
    label = f"{count} {side.title} waiting" + (f"  ({player})" if player else "")
    words = texts.line(label, max(11, rect.height // 5), PALE)
    surface.blit(words, (rect.x + small, rect.bottom - words.get_height() - 2))
    if chosen or movable:
        _ring(surface, rect, GOLD if chosen else PALE, 3 if chosen else 2)


def _out(surface: pygame.Surface, rect: pygame.Rect, side: Side, count: int,
         texts: Texts) -> None:
    """A side's men out of play, lying in front of the opponent."""
    body, _, edge = MEN[side]
    small = max(4, rect.height // 4)
    text = f"{side.title} out of play: {count}"
    words = texts.line(text, max(11, rect.height * 3 // 5), PALE)
    surface.blit(words, (rect.x, rect.centery - words.get_height() // 2))
    x = rect.x + words.get_width() + small * 3
    for i in range(count):
        centre = (x + i * small * 5 // 2, rect.centery)
        pygame.draw.circle(surface, body, centre, small)
        pygame.draw.circle(surface, edge, centre, small, 1)


PIPS = {
    1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _dice(surface: pygame.Surface, at: Place, scene: Scene, texts: Texts) -> None:
    """The three dice: white while in hand, grey once used, the chosen one ringed in gold; blank
    before the throw."""
    for i in range(3):
        rect = at.die(i)
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
    if not scene.dice:
        word = texts.line("throw", max(11, at.cell // 5), PALE)
        surface.blit(word, word.get_rect(midright=(at.die(0).x - 10, at.die(0).centery)))


def _status(surface: pygame.Surface, at: Place, scene: Scene, texts: Texts) -> None:
    area = at.status()
    size = max(14, at.cell // 4)
    y = area.y
    for i, line in enumerate(scene.status):
        fitted = texts.fit(line, size if i else size * 5 // 4, area.width)
        rendered = texts.line(line, fitted, PALE if i else GOLD)
        if y + rendered.get_height() > area.bottom:
            break  # the headline always shows; older news gives way
        surface.blit(rendered, (area.x, y))
        y += rendered.get_height() + 2
