"""Where everything lies in the window, for any window size: squares, sidelines, stick box, text.

The board is drawn as it lies on the table (``hardware.squares.POSITION``: Reels' row on top).
Each side's sideline is the empty strip beside its private row, left of it, as in the 1995 game;
the stick box lies under the right-hand block, the status line and MummyFacts to its left.

    layout = Layout.fit((1280, 720))
    layout.square_at(layout.squares["M7"].center)  # 'M7'
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from engine.board import Side
from hardware.squares import POSITION, SQUARES

COLUMNS = 12
ROWS = 3
WIDTH_IN_CELLS = COLUMNS + 0.4
HEIGHT_IN_CELLS = ROWS + 2.3  # the board, then the stick box under its right-hand block
SIDELINE_COLUMNS = 8  # the strips beside the private rows, left of them


@dataclass(frozen=True)
class Layout:
    """Rectangles of one window size; every hit test the mouse needs."""

    size: tuple[int, int]
    cell: int
    menu: pygame.Rect
    board: pygame.Rect
    squares: dict[str, pygame.Rect]
    sidelines: dict[Side, pygame.Rect]
    stick_box: pygame.Rect
    status: pygame.Rect
    news: pygame.Rect
    """Under the status line: what the last throw or move caused (or a hint)."""
    fact: pygame.Rect

    @classmethod
    def fit(cls, size: tuple[int, int]) -> Layout:
        """The layout that fills a window of ``size`` pixels (any size; readable from 1280x720)."""
        width, height = max(size[0], 320), max(size[1], 200)
        menu_h = max(24, height // 24)
        cell = int(min(width * 0.97 / WIDTH_IN_CELLS, (height - menu_h) * 0.95 / HEIGHT_IN_CELLS))
        cell = max(cell, 16)
        left = (width - COLUMNS * cell) // 2
        top = menu_h + max(cell // 3, (height - menu_h - int(cell * (HEIGHT_IN_CELLS - 0.2))) // 2)
        board = pygame.Rect(left, top, COLUMNS * cell, ROWS * cell)
        squares = {
            sq: pygame.Rect(left + col * cell, top + row * cell, cell, cell)
            for sq, (row, col) in ((s, POSITION[s]) for s in SQUARES)
        }
        sidelines = {
            Side.REELS: pygame.Rect(left, top, SIDELINE_COLUMNS * cell, cell),
            Side.CONES: pygame.Rect(left, top + 2 * cell, SIDELINE_COLUMNS * cell, cell),
        }
        below = board.bottom + int(cell * 0.3)
        stick_box = pygame.Rect(left + int(cell * 8.3), below, int(cell * 3.4), int(cell * 1.5))
        status = pygame.Rect(left, below, int(cell * 7.9), int(cell * 0.6))
        news = pygame.Rect(left, status.bottom, status.width, int(cell * 0.45))
        fact = pygame.Rect(left, news.bottom + cell // 8, int(cell * 7.9),
                           max(cell, height - news.bottom - cell // 8 - 4))
        menu = pygame.Rect(0, 0, width, menu_h)
        return cls((width, height), cell, menu, board, squares, sidelines, stick_box, status,
                   news, fact)

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
        return int(rect.right - self.cell * 0.5 - index * self.cell * 0.78), rect.centery

    def side_label(self, side: Side) -> pygame.Rect:
        """The left of a side's sideline, past square 16: who plays it, its throw, pieces off."""
        rect = self.sidelines[side]
        return pygame.Rect(rect.left + self.cell // 4, rect.top, int(self.cell * 3.6), rect.height)

    def glow_point(self, square: str) -> tuple[int, int]:
        """A point of ``square`` that shows its light even with a piece on it (near a corner)."""
        rect = self.squares[square]
        inset = max(3, self.cell // 7)
        return rect.left + inset, rect.top + inset
