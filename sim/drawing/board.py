"""The wooden board, its marked squares' signs, the lights glowing through, the pieces, the
sticks (or the die).

Everything is drawn with pygame primitives: no image files. The static board is drawn once per
window size (``board_surface``); the lights, pieces and sticks are drawn over it every frame.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping

import pygame

from engine.core.sides import Side
from engine.games.api import Geometry
from hardware.core.squares import STICK_PIXELS
from hardware.lights.strips import Colour
from sim.drawing.dice import Die, draw_dice
from sim.drawing.layout import Layout
from sim.drawing.signs import INK, draw_sign

TABLE: Colour = (38, 30, 26)
TABLE_LINE: Colour = (52, 42, 36)
WOOD: Colour = (122, 74, 38)
WOOD_DARK: Colour = (86, 50, 24)
WOOD_GRAIN: Colour = (106, 63, 31)
TILE: Colour = (222, 200, 152)  # the pale inlay of a square, unlit
TICK: Colour = (150, 116, 70)  # an oblong space's alignment marks
SIDELINE: Colour = (60, 48, 40)
CONE_BODY: Colour = (38, 96, 190)  # blue faience
CONE_LIGHT: Colour = (132, 182, 240)
CONE_EDGE: Colour = (12, 30, 72)
REEL_BODY: Colour = (206, 146, 58)  # gilded wood
REEL_LIGHT: Colour = (246, 210, 130)
REEL_EDGE: Colour = (82, 46, 10)
STICK_ASH: Colour = (150, 112, 72)  # a stick under an unlit pixel
SHADOW: Colour = (20, 14, 10)

GLOW = 0.82
"""How much of a full-brightness pixel's colour shows through a tile (the rest is the inlay)."""


def tint(base: Colour, light: Colour) -> Colour:
    """The colour of a tile with ``light`` glowing through it: dark pixels leave the inlay as is."""
    strength = max(light) / 255 * GLOW
    if strength <= 0:
        return base
    top = max(light)
    hue = [c * 255 / top for c in light]
    return (int(base[0] * (1 - strength) + hue[0] * strength),
            int(base[1] * (1 - strength) + hue[1] * strength),
            int(base[2] * (1 - strength) + hue[2] * strength))


def tile_rect(square: pygame.Rect) -> pygame.Rect:
    """The inlay of a square, inside the wooden border between squares."""
    border = max(2, square.width // 14)
    return square.inflate(-2 * border, -2 * border)


def sign_probe(square: pygame.Rect) -> tuple[int, int]:
    """A point that lies on the sign of a marked square (the stem of the ankh, nefer's heart)."""
    tile = tile_rect(square)
    return tile.centerx, tile.centery + int(tile.height * 0.62 * 0.25)


def board_surface(layout: Layout, sidelines: bool = True) -> pygame.Surface:
    """The table, the sidelines (``sidelines``) and the wooden board with its unlit squares
    and signs."""
    surface = pygame.Surface(layout.size)
    surface.fill(TABLE)
    for y in range(0, layout.size[1], max(6, layout.cell // 10)):
        pygame.draw.line(surface, TABLE_LINE, (0, y), (layout.size[0], y))
    cell = layout.cell
    for rect in layout.sidelines.values() if sidelines else ():
        pygame.draw.rect(surface, SIDELINE, rect.inflate(-cell // 8, -cell // 3),
                         border_radius=cell // 6)
    frame = max(3, cell // 9)
    blocks = layout.wood()
    for rect in blocks:
        pygame.draw.rect(surface, WOOD_DARK, rect.inflate(2 * frame + 4, 2 * frame + 4),
                         border_radius=frame)
    for rect in blocks:
        pygame.draw.rect(surface, WOOD, rect.inflate(2 * frame, 2 * frame))
        for i in range(1, rect.height // max(4, cell // 12)):
            y = rect.top + i * max(4, cell // 12)
            wobble = int(math.sin(i * 1.7) * cell * 0.05)
            pygame.draw.line(surface, WOOD_GRAIN, (rect.left - frame + 2, y + wobble),
                             (rect.right + frame - 2, y - wobble))
    marked = layout.geometry.marked
    for square, rect in layout.squares.items():
        draw_tile(surface, rect, marked.get(square), TILE, joins(layout.geometry, square))
    return surface


def joins(geometry: Geometry, square: str) -> tuple[bool, bool]:
    """Whether a cell's inlay runs on into its left and right neighbours: the cells of one
    oblong space (a cell per alignment) are one long inlay."""
    for run in geometry.oblongs:
        if square in run:
            i = run.index(square)
            return i > 0, i < len(run) - 1
    return False, False


def draw_tile(surface: pygame.Surface, square_rect: pygame.Rect, sign: str | None,
              colour: Colour, joined: tuple[bool, bool] = (False, False)) -> None:
    """One square's inlay in ``colour``, with its ``sign`` if it is marked; ``joined`` runs it
    on to the left or right (an oblong space), with a small tick where a piece may stand."""
    tile = tile_rect(square_rect)
    if not any(joined):
        pygame.draw.rect(surface, colour, tile, border_radius=max(1, tile.width // 16))
    else:
        left = square_rect.left if joined[0] else tile.left
        right = square_rect.right if joined[1] else tile.right
        pygame.draw.rect(surface, colour, (left, tile.top, right - left, tile.height))
        tick = max(2, tile.height // 8)  # the alignment marks: top and bottom of each place
        for y0, y1 in ((tile.top, tile.top + tick), (tile.bottom - tick - 1, tile.bottom - 1)):
            pygame.draw.line(surface, TICK, (tile.centerx, y0), (tile.centerx, y1), 2)
    if sign is not None:
        draw_sign(surface, tile, sign)


def draw_choice(surface: pygame.Surface, square_rect: pygame.Rect, colour: Colour) -> None:
    """A square a chosen piece may go to: a thick frame in its side's colour between dark
    edges, seen on any light and without telling colours apart."""
    tile = tile_rect(square_rect)
    width = max(4, square_rect.width // 10)
    pygame.draw.rect(surface, INK, tile, width + 4, border_radius=width)
    pygame.draw.rect(surface, colour, tile.inflate(-4, -4), width, border_radius=width)


def draw_piece(surface: pygame.Surface, side: Side, center: tuple[int, int], cell: int,
               lifted: bool = False) -> None:
    """A Cone or a Reel standing at ``center``; a lifted one floats over its shadow."""
    x, y = center
    if lifted:
        shadow = pygame.Rect(0, 0, int(cell * 0.6), int(cell * 0.2))
        shadow.center = (x + cell // 10, y + int(cell * 0.36))
        pygame.draw.ellipse(surface, SHADOW, shadow)
        y -= cell // 8
    sprite = piece_sprite(side, cell)
    surface.blit(sprite, (x - cell, y - cell))


def draw_rest(surface: pygame.Surface, center: tuple[int, int], radius: int,
              piece: Colour | None = None) -> None:
    """A rack's resting place (a hollow over its reed switch), with a piece's colour in it."""
    pygame.draw.circle(surface, WOOD_DARK, center, radius)
    pygame.draw.circle(surface, SHADOW, center, radius, width=max(1, radius // 5))
    if piece is not None:
        pygame.draw.circle(surface, piece, center, max(1, radius * 3 // 4))


@functools.lru_cache(maxsize=8)
def piece_sprite(side: Side, cell: int) -> pygame.Surface:
    """A piece drawn once per size on a transparent square of 2 cells, centred."""
    sprite = pygame.Surface((2 * cell, 2 * cell), pygame.SRCALPHA)
    if side is Side.CONES:
        draw_cone(sprite, (cell, cell), cell)
    else:
        draw_reel(sprite, (cell, cell), cell)
    return sprite


def draw_cone(surface: pygame.Surface, center: tuple[int, int], cell: int) -> None:
    """A Cone in profile: a tall cone on a round base, with a knob on top."""
    x, y = center
    half = cell * 0.27
    base_y, apex_y = y + cell * 0.28, y - cell * 0.3
    body = [(x - half, base_y), (x, apex_y), (x + half, base_y)]
    base = pygame.Rect(0, 0, int(2 * half), int(cell * 0.14))
    base.center = (x, int(base_y))
    pygame.draw.ellipse(surface, CONE_EDGE, base.inflate(4, 4))
    pygame.draw.polygon(surface, CONE_EDGE, _grow(body, 2))
    pygame.draw.ellipse(surface, CONE_BODY, base)
    pygame.draw.polygon(surface, CONE_BODY, body)
    shine = [(x - half * 0.55, base_y - cell * 0.04), (x - half * 0.08, apex_y + cell * 0.1),
             (x - half * 0.2, base_y - cell * 0.04)]
    pygame.draw.polygon(surface, CONE_LIGHT, shine)
    knob = max(2, int(cell * 0.065))
    pygame.draw.circle(surface, CONE_EDGE, (int(x), int(apex_y)), knob + 2)
    pygame.draw.circle(surface, CONE_BODY, (int(x), int(apex_y)), knob)


def draw_reel(surface: pygame.Surface, center: tuple[int, int], cell: int) -> None:
    """A Reel in profile: two flat discs joined by a narrow waist, like a spool."""
    x, y = center
    rim, waist, h = cell * 0.28, cell * 0.12, cell * 0.27
    outline = [(x - rim, y - h), (x - waist * 1.3, y - h * 0.45), (x - waist, y),
               (x - waist * 1.3, y + h * 0.45), (x - rim, y + h), (x + rim, y + h),
               (x + waist * 1.3, y + h * 0.45), (x + waist, y), (x + waist * 1.3, y - h * 0.45),
               (x + rim, y - h)]
    pygame.draw.polygon(surface, REEL_EDGE, _grow(outline, 2))
    pygame.draw.polygon(surface, REEL_BODY, outline)
    for dy in (-h, h):
        disc = pygame.Rect(0, 0, int(2 * rim), int(cell * 0.13))
        disc.center = (int(x), int(y + dy))
        pygame.draw.ellipse(surface, REEL_EDGE, disc.inflate(4, 4))
        pygame.draw.ellipse(surface, REEL_LIGHT if dy < 0 else REEL_BODY, disc)
    pygame.draw.line(surface, REEL_LIGHT, (x - waist * 0.6, y - h * 0.6),
                     (x - waist * 0.5, y + h * 0.6), max(1, cell // 30))


def draw_box(surface: pygame.Surface, box: pygame.Rect) -> pygame.Rect:
    """The empty stick box; its inside, where the sticks or the dice lie."""
    pygame.draw.rect(surface, WOOD_DARK, box, border_radius=box.width // 12)
    inner = box.inflate(-box.width // 8, -box.height // 8)
    pygame.draw.rect(surface, WOOD, inner, border_radius=box.width // 16)
    return inner


def draw_sticks(surface: pygame.Surface, box: pygame.Rect, frame: Mapping[str, Colour],
                shaking: bool, t: float) -> None:
    """The stick box and its four sticks, each tinted by its stick pixel (white or dark side)."""
    inner = draw_box(surface, box)
    across = inner.width > inner.height  # sticks lie along the box's long side
    gap = (inner.width if across else inner.height) / (len(STICK_PIXELS) + 1)
    length = (inner.height if across else inner.width) * 0.84
    for i, pixel in enumerate(STICK_PIXELS, 1):
        jiggle = (math.sin(t * 37 + i * 2.1) * gap * 0.25) if shaking else 0.0
        thick = max(4, int(gap * 0.5))
        if across:
            stick = pygame.Rect(0, 0, thick, int(length))
            stick.center = (int(inner.left + i * gap - jiggle / 2), inner.centery + int(jiggle))
        else:
            stick = pygame.Rect(0, 0, int(length), thick)
            stick.center = (inner.centerx + int(jiggle), int(inner.top + i * gap - jiggle / 2))
        light = frame.get(pixel, (0, 0, 0))
        colour = light if max(light) > 0 else STICK_ASH  # white or dark side up, or unlit
        radius = min(stick.width, stick.height) // 2
        pygame.draw.rect(surface, INK, stick.inflate(4, 4), border_radius=radius)
        pygame.draw.rect(surface, colour, stick, border_radius=radius)


def draw_chance(surface: pygame.Surface, box: pygame.Rect, chance: str | None,
                frame: Mapping[str, Colour], shaking: bool, t: float,
                dice: tuple[Die, ...] = (), ringed: frozenset[int] = frozenset()) -> None:
    """The game's chance device in its box: four sticks, a die, or the stacking game's dice
    (``dice``, the used ones dimmed, ``ringed`` the ones to choose from); none: nothing drawn."""
    if chance == "dice":
        draw_box(surface, box)
        draw_dice(surface, box, dice, shaking, t, ringed)
    elif chance == "die":
        draw_die(surface, box, frame, shaking, t)
    elif chance is not None:
        draw_sticks(surface, box, frame, shaking, t)


PIPS = {0: (), 1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
        4: ((-1, -1), (1, -1), (-1, 1), (1, 1))}
"""Where a four-sided die's pips lie on the face it shows, by its value."""


def die_value(frame: Mapping[str, Colour]) -> int:
    """The die throw the stick pixels light: as many white pixels as it shows (0: none yet)."""
    return sum(1 for pixel in STICK_PIXELS if min(frame.get(pixel, (0, 0, 0))) >= 200)


def draw_die(surface: pygame.Surface, box: pygame.Rect, frame: Mapping[str, Colour],
             shaking: bool, t: float) -> None:
    """The box with a four-sided die in it, showing the throw the controller lights."""
    inner = draw_box(surface, box)
    side = int(inner.height * 0.78)
    jiggle = math.sin(t * 37) * side * 0.12 if shaking else 0.0
    face = pygame.Rect(0, 0, side, side)
    face.center = (inner.centerx + int(jiggle), inner.centery + int(jiggle / 2))
    pygame.draw.rect(surface, INK, face.inflate(4, 4), border_radius=side // 5)
    pygame.draw.rect(surface, TILE, face, border_radius=side // 5)
    value = 0 if shaking else die_value(frame)
    for dx, dy in PIPS.get(value, ()):
        pygame.draw.circle(surface, INK, (face.centerx + int(dx * side * 0.26),
                                          face.centery + int(dy * side * 0.26)),
                           max(2, side // 10))


def _grow(points: list[tuple[float, float]], by: float) -> list[tuple[float, float]]:
    """A polygon pushed out from its centroid by ``by`` pixels (for an outline)."""
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    grown = []
    for px, py in points:
        dx, dy = px - cx, py - cy
        length = math.hypot(dx, dy) or 1.0
        grown.append((px + dx / length * by, py + dy / length * by))
    return grown
