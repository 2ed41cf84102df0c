"""Where everything lies in the window, for any window size and any game's board: squares,
sidelines, stick box, text, the chances bar.

The board is drawn from the game's geometry as it lies on the table (``Geometry.position``: row 0
on top), each square a cell of one grid, with holes where no square is. Each side's sideline is
an empty strip of the board's own grid when its top and bottom rows leave one (Twenty Squares:
left of the private rows, as in the 1995 game), else a strip above and one below the board. The
stick box lies under the board's right end, the status line and MummyFacts to its left.

    layout = Layout.fit((1280, 720))
    layout.square_at(layout.squares["M7"].center)  # 'M7'
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from engine.core.sides import Side
from engine.games.api import Geometry
from engine.tait.board import TWENTY_SQUARES

MIN_COLUMNS = 12
"""The text under the board needs this many cells across, however narrow the board."""
MARGIN = 0.4
"""Cells of table left and right of the widest part."""
UNDER = 2.3
"""Cells under the board: the stick box and its caption, the status line, MummyFacts."""
FACT_ROOM = 0.6
"""Cells more under a board with its sidelines above and below it (Senet's, the stacks')."""
SIDELINE_CELLS = 8
"""How long an empty strip of the board must be (in cells) to hold a sideline."""
STICK_BOX = (3.4, 1.5)
"""The stick box in cells: across, down."""
ODDS = 0.6
"""Cells the chances bar takes beside the board (its width and the gap before it)."""
PIECE_STEP = 0.78
"""Cells between waiting pieces on a sideline (closer when many wait)."""
LABEL_CELLS = 3.6
"""The left of a sideline, where its side's name, throw and pieces off are written."""


@dataclass(frozen=True)
class Layout:
    """Rectangles of one window size and one board; every hit test the mouse needs."""

    size: tuple[int, int]
    cell: int
    menu: pygame.Rect
    board: pygame.Rect
    squares: dict[str, pygame.Rect]
    sidelines: dict[Side, pygame.Rect]
    stick_box: pygame.Rect
    """Where the chance device lies (drawn only when the game has one: ``chance``)."""
    status: pygame.Rect
    news: pygame.Rect
    """Under the status line: what the last throw or move caused (or a hint)."""
    fact: pygame.Rect
    geometry: Geometry = TWENTY_SQUARES
    chance: str | None = "sticks"
    """The game's chance device (``sticks``, ``die``), or None: a game without luck."""
    odds: pygame.Rect | None = None
    """The chances bar beside the board, when it is shown."""
    pieces: int = 5
    """Pieces per side (how many a sideline must hold)."""
    text: float = 1.0
    """How large the words are (Options > Larger text: 1.5): every word's size is multiplied
    by it, and the room under the board for the status line grows with it."""
    dice: int = 0
    """Dice in the stick box, each a place of its own (the stacking game's three)."""
    aside: pygame.Rect | None = None
    """A column at the window's right kept for the game's log while it is open: the board
    and its words keep to the rest, so the log covers no piece and no row."""

    @classmethod
    def fit(cls, size: tuple[int, int], geometry: Geometry = TWENTY_SQUARES, *,
            chance: str | None = "sticks", odds: bool = False, pieces: int = 5,
            text: float = 1.0, dice: int = 0, aside: float = 0.0) -> Layout:
        """The layout that fills a window of ``size`` pixels (any size; readable from 1280x720)
        with the board of ``geometry``; ``odds``: room for the chances bar beside it; ``text``:
        how large the words are; ``dice``: how many dice the box holds; ``aside``: the share
        of the width kept at the right for the log."""
        full, height = max(size[0], 320), max(size[1], 200)
        width = full - int(full * aside)
        rows, columns = geometry.rows, geometry.columns
        inside = _inner_strips(geometry)
        strips = 0 if inside is not None else 2  # sidelines above and below the board
        across = max(columns, MIN_COLUMNS)
        wide = across + MARGIN + (ODDS if odds else 0.0)
        # larger words want more room under the board; so do sidelines above and below it, so
        # that a MummyFact is read in letters as large as beside Tait's board
        tall = rows + strips + UNDER * text + (FACT_ROOM if strips else 0.0)
        menu_h = int(max(24, height // 24) * text)
        cell = int(min(width * 0.97 / wide, (height - menu_h) * 0.95 / tall))
        cell = max(cell, 16)
        content = (width - across * cell - (int(ODDS * cell) if odds else 0)) // 2
        top = menu_h + max(cell // 3, (height - menu_h - int(cell * (tall - 0.2))) // 2)
        board_top = top + (cell if strips else 0)
        board = pygame.Rect(content + (across - columns) * cell // 2, board_top,
                            columns * cell, rows * cell)
        squares = {
            sq: pygame.Rect(board.left + col * cell, board.top + row * cell, cell, cell)
            for sq in geometry.squares for row, col in (geometry.position[sq],)
        }
        top_side = _top_side(geometry)
        if inside is not None:
            (top_left, top_columns), (bottom_left, bottom_columns) = inside
            sidelines = {
                top_side: pygame.Rect(board.left + top_left * cell, board.top,
                                      top_columns * cell, cell),
                top_side.other: pygame.Rect(board.left + bottom_left * cell,
                                            board.bottom - cell, bottom_columns * cell, cell),
            }
            below = board.bottom
        else:
            strip = max(columns, SIDELINE_CELLS) * cell
            left = board.centerx - strip // 2
            sidelines = {top_side: pygame.Rect(left, top, strip, cell),
                         top_side.other: pygame.Rect(left, board.bottom, strip, cell)}
            below = board.bottom + cell
        below += int(cell * 0.3)
        right = content + across * cell
        box_w, box_h = int(cell * STICK_BOX[0]), int(cell * STICK_BOX[1])
        stick_box = pygame.Rect(content + int(cell * (across - 0.3 - STICK_BOX[0]) + 1e-6),
                                below, box_w, box_h)
        text_width = int(cell * (across - 0.7 - STICK_BOX[0]) + 1e-6)
        if chance is None:  # no stick box: the words may take the whole width
            text_width = across * cell
        status = pygame.Rect(content, below, text_width, int(cell * 0.6 * text))
        news = pygame.Rect(content, status.bottom, status.width, int(cell * 0.45 * text))
        # The MummyFact's scrap ends a margin above the window's edge (Senet's tall board left
        # it touching the edge, or below it).
        fact = pygame.Rect(content, news.bottom + cell // 8, text_width,
                           max(0, height - news.bottom - cell // 8 - max(8, cell // 5)))
        bar = None
        if odds:
            thick = max(10, int(cell * 0.3))
            bar = pygame.Rect(max(board.right, right) + int(cell * (ODDS - 0.3)), board.top,
                              thick, board.height)
        menu = pygame.Rect(0, 0, full, menu_h)
        column = pygame.Rect(width, menu_h + 4, full - width - menu_h // 2,
                             height - menu_h - 8) if aside else None
        return cls((full, height), cell, menu, board, squares, sidelines, stick_box, status,
                   news, fact, geometry, chance, bar, pieces, text, dice, column)

    def square_at(self, pos: tuple[int, int]) -> str | None:
        """The square under ``pos``, or None."""
        for square, rect in self.squares.items():
            if rect.collidepoint(pos):
                return square
        return None

    def sideline_at(self, pos: tuple[int, int]) -> Side | None:
        """The side whose sideline is under ``pos``, or None."""
        for side, rect in self.sidelines.items():
            if rect.collidepoint(pos):
                return side
        return None

    def sideline_slot(self, side: Side, index: int) -> tuple[int, int]:
        """Where a waiting piece stands: they queue at the right, next to the row they enter."""
        rect = self.sidelines[side]
        room = rect.width / self.cell - self.label_cells - 1.1  # clear of the words
        step = min(PIECE_STEP, room / max(1, self.pieces - 1)) if self.pieces > 1 else PIECE_STEP
        return int(rect.right - self.cell * 0.5 - index * self.cell * step), rect.centery

    @property
    def label_cells(self) -> float:
        """Cells a sideline's words take at its left (more for larger words; the waiting
        pieces stand closer)."""
        return LABEL_CELLS * (1.0 + (self.text - 1.0) * 0.6)

    def side_label(self, side: Side) -> pygame.Rect:
        """The left of a side's sideline: who plays it, its throw, pieces off."""
        rect = self.sidelines[side]
        return pygame.Rect(rect.left + self.cell // 4, rect.top, int(self.cell * self.label_cells),
                           rect.height)

    def glow_point(self, square: str) -> tuple[int, int]:
        """A point of ``square`` that shows its light even with a piece on it (near a corner)."""
        rect = self.squares[square]
        inset = max(3, self.cell // 7)
        return rect.left + inset, rect.top + inset

    def wood(self) -> list[pygame.Rect]:
        """The board's wooden blocks: neighbouring columns that hold squares on the same rows
        make one block, which runs on over every column holding those rows too (Twenty
        Squares: the middle row, and the 3-by-4 block at its right; Senet: one block)."""
        held: dict[int, set[int]] = {}
        for row, column in self.geometry.position.values():
            held.setdefault(column, set()).add(row)
        spans: list[tuple[int, int, int, int]] = []  # first and last column, first and last row
        for column in sorted(held):
            for first, last in _runs(sorted(held[column])):
                if spans and spans[-1][1] == column - 1 and spans[-1][2:] == (first, last):
                    spans[-1] = (spans[-1][0], column, first, last)
                else:
                    spans.append((column, column, first, last))
        blocks = []
        for left, right, first, last in spans:
            rows = set(range(first, last + 1))
            while rows <= held.get(left - 1, set()):
                left -= 1
            while rows <= held.get(right + 1, set()):
                right += 1
            block = pygame.Rect(self.board.left + left * self.cell,
                                self.board.top + first * self.cell,
                                (right - left + 1) * self.cell, (last - first + 1) * self.cell)
            if block not in blocks:
                blocks.append(block)
        return blocks


def _runs(numbers: list[int]) -> list[tuple[int, int]]:
    """Consecutive runs of sorted ``numbers`` as (first, last)."""
    runs: list[tuple[int, int]] = []
    for n in numbers:
        if runs and runs[-1][1] == n - 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return runs


def _inner_strips(geometry: Geometry) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The longest empty run (first column, length) of the top and of the bottom row, when both
    are long enough for a sideline; else None (the sidelines go outside the board)."""
    found = []
    for row in (0, geometry.rows - 1):
        taken = {column for r, column in geometry.position.values() if r == row}
        empty = [c for c in range(geometry.columns) if c not in taken]
        runs = _runs(empty)
        if geometry.rows < 3 or not runs:
            return None
        first, last = max(runs, key=lambda run: run[1] - run[0])
        if last - first + 1 < SIDELINE_CELLS:
            return None
        found.append((first, last - first + 1))
    return found[0], found[1]


def _top_side(geometry: Geometry) -> Side:
    """The side whose sideline lies on top: the one whose home squares lie higher (Reels on a
    tie, as on Twenty Squares where their row is the top one)."""
    def height(side: Side) -> float:
        homes = geometry.homes[side]
        return sum(geometry.position[sq][0] for sq in homes) / max(1, len(homes))

    return Side.CONES if height(Side.CONES) < height(Side.REELS) else Side.REELS
