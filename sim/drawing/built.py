"""The board as it is built, drawn from its board file's own geometry (``firmware.kit.layout``,
the millimetres the drilling template is drawn from) with the window's drawing: from above, as
it is played (the wooden top, its squares lit from below by the controller's own scene, the
pieces, the stick box), and from below, seen through the top (each square's pixel and reed or
Hall sensor, the LED chain in its data order, the stick box's tilt switch and pixels, the Pi,
the speaker and the LED supply), its parts numbered for the build pages (``PARTS``).

    above, below = built(load_board(DEFAULT_BOARD))   # two pygame Surfaces
    python -m sim.drawing.built docs/board.png        # the README's picture of the board
"""

from __future__ import annotations

import itertools
import math
import random

import pygame

from engine.core.sides import Side
from engine.games.api import Position, Rules
from firmware.kit.layout import PIXEL_MM, REED_MM, SENSOR_MM, Layout, Square
from firmware.lights.scenes import Phase, Show, scene
from firmware.play.evidence import move_squares
from firmware.service.boards import own_game
from hardware.boards.board_file import Board
from hardware.core.squares import STICK_PIXELS
from hardware.lights.strips import Colour
from sim.drawing.board import (
    TABLE,
    TILE,
    WOOD,
    WOOD_DARK,
    WOOD_GRAIN,
    draw_chance,
    draw_piece,
    draw_tile,
    joins,
    tint,
)
from sim.drawing.stacks import draw_stack
from sim.drawing.text import Texts

SCALE = 2.4
"""Pixels of the picture in a millimetre of the board."""
MARGIN_MM = 30.0
"""Table around the board, in millimetres."""
BOX_MM = (110.0, 50.0)
"""The stick box drawn beside the board (its size is the maker's: not in the board file)."""
PI_MM = (85.0, 56.0)
"""A Raspberry Pi 4 or 5, as seen from above."""
SPEAKER_MM = 40.0
SUPPLY_MM = (60.0, 34.0)
PARTS = {
    1: "the wooden top and its squares",
    2: "the pieces, a magnet in each base",
    3: "a reed switch (or a Hall sensor) under every square",
    4: "a pixel under every square, chained in the board file's order",
    5: "the stick box: a tilt switch and four pixels",
    6: "the Raspberry Pi, wired to every switch and to the LED chain",
    7: "the speaker",
    8: "the LEDs' own 5 V supply",
}
"""The numbered parts of the two pictures, as the build pages list them."""
GLASS: Colour = (196, 214, 208)
LEAD: Colour = (150, 150, 150)
CHAIN: Colour = (40, 100, 220)
PCB: Colour = (24, 120, 60)
CHIP: Colour = (235, 235, 228)
INK: Colour = (20, 16, 12)
PAPER: Colour = (250, 244, 228)
GROUND: Colour = (70, 70, 70)
SUPPLY: Colour = (200, 40, 30)


def midgame(rules: Rules, plies: int = 10) -> Position:
    """A position some turns into a game of ``rules`` with the Cones to move, their throw made
    and pieces of both sides out (the moment the lights show most): played from the start with
    seeded throws and choices, the first seed that gives one (its sticks both white and dark,
    where the game throws sticks), else the seed that came nearest."""
    best: tuple[tuple[bool, bool, bool, int], Position] | None = None
    for seed in range(100):
        state = _played(rules, random.Random(seed), plies + seed % 5)
        sides = list(state.owners().values())
        sticks = state.throw.sticks if state.throw is not None else (True, False)
        score = (bool(state.moves), state.turn == Side.CONES, any(sticks) and not all(sticks),
                 min(2, sides.count(Side.CONES), sides.count(Side.REELS)))
        if score == (True, True, True, 2):
            return state
        if best is None or score > best[0]:
            best = (score, state)
    assert best is not None
    return best[1]


def _played(rules: Rules, rng: random.Random, plies: int) -> Position:
    state = rules.new(Side.CONES)
    played = 0
    while True:
        if rules.chance is not None and state.throw is None:
            state, _ = state.cast(rules.draw(rng))
            continue
        if state.moves and played >= plies:
            return state
        if not state.moves or state.is_over:
            return state
        state, _ = state.play(rng.choice(state.moves))
        played += 1


def lights(rules: Rules, state: Position) -> dict[str, Colour]:
    """The controller's scene for ``state`` as the mover decides: the pieces that can move lit in
    the mover's colour, the throw on the stick pixels, the marked squares' glow."""
    ends = [move_squares(state, move) for move in state.moves]
    movable = frozenset({source for source, _ in ends if source is not None}
                        | {target for source, target in ends if source is None and target})
    show = Show(phase=Phase.MOVE, turn=state.turn, throw=state.throw, movable=movable,
                geometry=rules.geometry, dice=rules.words.device == "dice")
    return dict(scene(show, 0.0))


class Drawing:
    """Millimetres of the board to pixels of one picture: the board's top left corner is (0, 0),
    the table goes on under it for ``under`` millimetres."""

    def __init__(self, layout: Layout, under: float) -> None:
        self.layout = layout
        self.size = (round((layout.width + 2 * MARGIN_MM) * SCALE),
                     round((layout.height + 2 * MARGIN_MM + under) * SCALE))
        self.surface = pygame.Surface(self.size)
        self.surface.fill(TABLE)
        self.texts = Texts()

    def at(self, x: float, y: float) -> tuple[int, int]:
        return round((x + MARGIN_MM) * SCALE), round((y + MARGIN_MM) * SCALE)

    def rect(self, left: float, top: float, width: float, height: float) -> pygame.Rect:
        x, y = self.at(left, top)
        return pygame.Rect(x, y, round(width * SCALE), round(height * SCALE))

    def square(self, square: Square) -> pygame.Rect:
        return self.rect(square.left, square.top, square.size, square.size)

    def plank(self, grain: bool = True) -> pygame.Rect:
        """The board's outline in wood."""
        board = self.rect(0, 0, self.layout.width, self.layout.height)
        pygame.draw.rect(self.surface, WOOD_DARK, board.inflate(8, 8), border_radius=6)
        pygame.draw.rect(self.surface, WOOD if grain else WOOD_GRAIN, board, border_radius=4)
        step = max(5, round(4 * SCALE))
        for i in range(1, board.height // step) if grain else ():
            wobble = round(math.sin(i * 1.7) * 2 * SCALE)
            y = board.top + i * step
            pygame.draw.line(self.surface, WOOD_GRAIN, (board.left + 4, y + wobble),
                             (board.right - 4, y - wobble))
        return board

    def number(self, n: int, x: float, y: float) -> None:
        """Part ``n``'s number in a circle, centred at board millimetres ``x``, ``y``."""
        centre = self.at(x, y)
        radius = round(10 * SCALE)
        pygame.draw.circle(self.surface, INK, centre, radius + 3)
        pygame.draw.circle(self.surface, PAPER, centre, radius)
        label = self.texts.line(str(n), round(radius * 1.4), INK)
        self.surface.blit(label, label.get_rect(center=(centre[0], centre[1] + 1)))

    def box(self) -> pygame.Rect:
        """Where the stick box lies: under the board's right end."""
        width, height = BOX_MM
        return self.rect(self.layout.width - width, self.layout.height + PARTS_MM, width, height)

    def wire(self, colour: Colour, points: list[tuple[float, float]], width: int = 3) -> None:
        pygame.draw.lines(self.surface, colour, False, [self.at(*p) for p in points], width)


PARTS_MM = 28.0
"""How far under the board the parts beside it lie (the wires run in the channel above them)."""


def above(board: Board) -> pygame.Surface:
    """The board from above as it is played: a game some turns in, the Cones' throw made, the
    pieces that can move lit as the controller lights them, the waiting pieces beside it."""
    layout = Layout.of(board)
    rules = own_game(board)
    state = midgame(rules)
    frame = lights(rules, state)
    drawing = Drawing(layout, PARTS_MM + BOX_MM[1] - MARGIN_MM + 12)
    drawing.plank()
    geometry = rules.geometry
    for name, square in layout.squares.items():
        draw_tile(drawing.surface, drawing.square(square), geometry.marked.get(name),
                  tint(TILE, frame.get(name, (0, 0, 0))), joins(geometry, name))
    heights: dict[str, int] | None = getattr(state, "heights", lambda: None)()
    for name, side in state.owners().items():
        rect = drawing.square(layout.squares[name])
        if heights is not None:
            draw_stack(drawing.surface, rect, side, heights.get(name, 1), drawing.texts)
        else:
            draw_piece(drawing.surface, side, rect.center, rect.width)
    if heights is None:
        _waiting(drawing, state)
    if rules.chance is not None:  # a game without chance has no box (Ramses)
        draw_chance(drawing.surface, drawing.box(), rules.chance.name, frame, False, 0.0)
        drawing.number(5, box_left(layout) - 12, layout.height + PARTS_MM + BOX_MM[1] / 2)
    corner = layout.squares[layout.corner()]
    drawing.number(1, corner.left - 4, corner.top - 4)
    piece = layout.squares[min(state.owners(), key=lambda n: layout.squares[n].left)]
    drawing.number(2, piece.left + piece.size - 3, piece.top + 3)
    return drawing.surface


def _waiting(drawing: Drawing, state: Position) -> None:
    """Each side's pieces not yet entered, standing on the wood beside its row where the board
    leaves room (the Reels' above, the Cones' below), as the window's sidelines show them."""
    layout = drawing.layout
    size = next(iter(layout.squares.values())).size
    columns = round((layout.width - size) / size)
    for side, row in ((Side.REELS, 0), (Side.CONES, round((layout.height - size) / size) - 1)):
        top = min(s.top for s in layout.squares.values()) + row * size
        taken = {round((s.left - layout.squares[layout.corner()].left % size) / size)
                 for s in layout.squares.values() if abs(s.top - top) < 1}
        free = [c for c in range(columns) if c not in taken]
        for n in range(min(state.waiting(side), len(free))):
            left = layout.squares[layout.corner()].left % size + free[n] * size
            x, y = drawing.at(left + size / 2, top + size / 2)
            draw_piece(drawing.surface, side, (x, y), round(size * SCALE * 0.85))


def below(board: Board) -> pygame.Surface:
    """The board seen through its top, as it is built: every square's pixel and sensor, a ground
    wire under each row, the LED chain in data order from the Pi through the stick box, the Pi,
    the speaker and the LEDs' supply."""
    layout = Layout.of(board)
    drawing = Drawing(layout, PARTS_MM + PI_MM[1] - MARGIN_MM + 26)
    surface = drawing.surface
    drawing.plank(grain=False)
    hall = any(square.hall for square in layout.squares.values())
    for square in layout.squares.values():
        pygame.draw.rect(surface, TILE, drawing.square(square), width=2, border_radius=3)
    tops = sorted({square.top for square in layout.squares.values()})
    for top in tops:  # one shared ground wire under each row
        row = [s for s in layout.squares.values() if abs(s.top - top) < 1]
        y = top + row[0].size * 0.8
        drawing.wire(GROUND, [(min(s.left for s in row) + 3, y),
                              (max(s.left + s.size for s in row) - 3, y)], 2)
    parts_top = layout.height + PARTS_MM
    pi = drawing.rect(0, parts_top, *PI_MM)
    pin = (6 + 51 - 2, parts_top + 3)  # GPIO 10's pin, near the header's end
    channel = layout.height + PARTS_MM / 2
    box = drawing.box()
    sticks = _stick_pixels(layout)
    supply_left = PI_MM[0] + SPEAKER_MM + 30
    drawing.wire(SUPPLY, [(supply_left + SUPPLY_MM[0] / 2, parts_top),
                          (supply_left + SUPPLY_MM[0] / 2, channel + 4),
                          (sticks[0][0] - 4, channel + 4), (sticks[0][0] - 4, sticks[0][1])])
    _chain(drawing, [pin, (pin[0], channel), (sticks[0][0], channel)])
    for square in layout.squares.values():
        _sensor(drawing, square)
        _pixel(drawing, *square.pixel)
    for top in tops:  # each row's switches wired to the Pi, in one bundle up the border
        start = min(s.left for s in layout.squares.values() if abs(s.top - top) < 1)
        drawing.wire(INK, [(8, parts_top), (8, top + 12), (start + 2, top + 12)], 4)
    pygame.draw.rect(surface, WOOD_DARK, box, border_radius=box.width // 12)
    pygame.draw.rect(surface, WOOD, box.inflate(-8, -8), border_radius=box.width // 16)
    for x, y in sticks:
        _pixel(drawing, x, y)
    tilt = drawing.rect(box_left(layout) + 6, parts_top + BOX_MM[1] / 2 - 5, 16, 10)
    pygame.draw.rect(surface, LEAD, tilt, border_radius=tilt.height // 2)
    pygame.draw.rect(surface, INK, tilt, width=2, border_radius=tilt.height // 2)
    pygame.draw.rect(surface, PCB, pi, border_radius=round(3 * SCALE))
    pygame.draw.rect(surface, INK, drawing.rect(6, parts_top + 1, 51, 5))
    for i, j in itertools.product(range(20), range(2)):
        x, y = drawing.at(7.3 + i * 2.54, parts_top + 2.2 + j * 2.54)
        pygame.draw.circle(surface, (210, 180, 60), (x, y), max(1, round(0.6 * SCALE)))
    speaker_x = PI_MM[0] + 10 + SPEAKER_MM / 2
    drawing.wire(INK, [(PI_MM[0] - 2, parts_top + PI_MM[1] / 2), (speaker_x, parts_top +
                                                                   PI_MM[1] / 2)], 4)
    speaker = drawing.at(speaker_x, parts_top + PI_MM[1] / 2)
    pygame.draw.circle(surface, INK, speaker, round(SPEAKER_MM / 2 * SCALE))
    pygame.draw.circle(surface, (90, 90, 90), speaker, round(SPEAKER_MM / 2 * SCALE) - 6)
    pygame.draw.circle(surface, INK, speaker, round(SPEAKER_MM / 6 * SCALE))
    supply = drawing.rect(supply_left, parts_top + 8, *SUPPLY_MM)
    pygame.draw.rect(surface, (40, 40, 44), supply, border_radius=round(2 * SCALE))
    volts = drawing.texts.line("5 V", round(10 * SCALE), PAPER)
    surface.blit(volts, volts.get_rect(center=supply.center))
    under = parts_top + PI_MM[1] + 12
    corner = layout.squares[layout.corner()]
    sensor = corner.centre if hall else corner.reed[1]
    drawing.number(3, sensor[0] + (4 if hall else 8), corner.top - 2)
    first = next(layout.squares[name] for name in layout.chain if name in layout.squares)
    drawing.number(4, first.left - 3, first.pixel[1])
    drawing.number(5, box_left(layout) - 12, parts_top + BOX_MM[1] / 2)
    drawing.number(6, PI_MM[0] / 2, under)
    drawing.number(7, PI_MM[0] + 10 + SPEAKER_MM / 2, under)
    drawing.number(8, supply_left + SUPPLY_MM[0] / 2, under)
    return surface


def box_left(layout: Layout) -> float:
    """The stick box's left edge, in board millimetres."""
    return layout.width - BOX_MM[0]


def _sensor(drawing: Drawing, square: Square) -> None:
    """A square's sensor: a glass reed in its groove with its leads, or a Hall sensor's pocket."""
    surface = drawing.surface
    if square.hall:
        x, y = square.centre
        pocket = drawing.rect(x - SENSOR_MM / 2, y - SENSOR_MM / 2, SENSOR_MM, SENSOR_MM)
        pygame.draw.rect(surface, INK, pocket)
        for i in (-1, 0, 1):  # its three legs
            a = drawing.at(x + i * 1.5, y + SENSOR_MM / 2)
            b = drawing.at(x + i * 1.5, y + SENSOR_MM / 2 + 4)
            pygame.draw.line(surface, LEAD, a, b, 2)
        return
    (x0, y), (x1, _) = square.reed
    glass = drawing.rect(x0 + 2, y - 1.6, REED_MM - 4, 3.2)
    pygame.draw.line(surface, LEAD, drawing.at(x0, y), drawing.at(x1, y), 2)
    pygame.draw.rect(surface, GLASS, glass, border_radius=glass.height // 2)
    pygame.draw.rect(surface, INK, glass, width=1, border_radius=glass.height // 2)


def _pixel(drawing: Drawing, x: float, y: float) -> None:
    """A WS2812B on its carrier: a round board, the square chip, its lens."""
    surface = drawing.surface
    centre = drawing.at(x, y)
    pygame.draw.circle(surface, INK, centre, round(PIXEL_MM / 2 * SCALE) + 1)
    pygame.draw.circle(surface, (30, 30, 30), centre, round(PIXEL_MM / 2 * SCALE))
    chip = drawing.rect(x - 2.5, y - 2.5, 5, 5)
    pygame.draw.rect(surface, CHIP, chip)
    pygame.draw.circle(surface, (255, 236, 160), chip.center, max(2, round(1.2 * SCALE)))


def _stick_pixels(layout: Layout) -> list[tuple[float, float]]:
    """The stick box's four pixels, S1 to S4, in a row along the box (the tilt switch at its
    left end)."""
    width, height = BOX_MM
    step = (width - 26) / len(STICK_PIXELS)
    return [(box_left(layout) + 26 + (i + 0.5) * step, layout.height + PARTS_MM + height / 2)
            for i in range(len(STICK_PIXELS))]


def _chain(drawing: Drawing, lead: list[tuple[float, float]]) -> None:
    """The LED data line: along ``lead`` from the Pi's GPIO 10 to the stick box's S1, the first
    pixel, on through S4, then square by square in the board file's order."""
    layout = drawing.layout
    sticks = dict(zip(STICK_PIXELS, _stick_pixels(layout), strict=True))
    points = [sticks[name] if name in sticks else layout.squares[name].pixel
              for name in layout.chain]
    drawing.wire(CHAIN, [*lead, points[0]])
    for a, b in itertools.pairwise(points):
        drawing.wire(CHAIN, [a, b])
        (ax, ay), (bx, by) = drawing.at(*a), drawing.at(*b)
        mx, my = (ax + bx) / 2, (ay + by) / 2  # an arrow halfway: the data's way
        angle = math.atan2(by - ay, bx - ax)
        size = 3.5 * SCALE
        pygame.draw.polygon(drawing.surface, CHAIN, [
            (mx + math.cos(angle) * size, my + math.sin(angle) * size),
            (mx + math.cos(angle + 2.5) * size, my + math.sin(angle + 2.5) * size),
            (mx + math.cos(angle - 2.5) * size, my + math.sin(angle - 2.5) * size)])


def built(board: Board) -> tuple[pygame.Surface, pygame.Surface]:
    """The board from above (as it is played) and from below (as it is built)."""
    return above(board), below(board)


def main(argv: list[str]) -> int:
    """Draw the shipped board from above into the PNG ``argv[0]`` (the README's picture)."""
    import io
    import os
    from pathlib import Path

    from hardware.boards.board_file import DEFAULT_BOARD, load_board
    from hardware.doors.writer import write_whole

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # no window: a picture drawn in memory
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.init()
    picture = io.BytesIO()
    pygame.image.save(above(load_board(DEFAULT_BOARD)), picture, "board.png")
    write_whole(Path(argv[0]), picture.getvalue())
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1:]))
