"""A position of any game drawn by code, for the how-to pages: its board (from the game's
geometry) with the pieces a rules page names, stacks counted.

    draw(surface, surface.get_rect(), "senet", "C:H1,H3 R:H2,H4 black:R moved:- turn:R")
"""

from __future__ import annotations

import pygame

from engine.games import load
from sim.drawing import TABLE, board_surface, draw_piece
from sim.layout import Layout
from sim.text import Texts

INK = (250, 240, 220)


def draw(surface: pygame.Surface, rect: pygame.Rect, game: str, position: str) -> None:
    """Draw ``position`` (the game's notation) of ``game`` into ``rect``."""
    rules = load(game)
    state = rules.parse(position)
    layout = Layout.fit(rect.size, rules.geometry, chance=None, pieces=rules.pieces)
    board = board_surface(layout)
    heights: dict[str, int] = getattr(state, "heights", dict)()
    texts = Texts()
    for square, side in state.owners().items():
        cell = layout.squares[square]
        draw_piece(board, side, cell.center, layout.cell)
        if heights.get(square, 1) > 1:  # a stack of men: its count on the man
            count = texts.line(f"x{heights[square]}", max(10, layout.cell // 3), INK)
            board.blit(count, count.get_rect(bottomright=cell.bottomright))
    surface.fill(TABLE, rect)
    crop = layout.board.inflate(layout.cell, layout.cell).clip(board.get_rect())
    scale = min(rect.width / crop.width, rect.height / crop.height)
    shown = pygame.transform.smoothscale(board.subsurface(crop),
                                         (int(crop.width * scale), int(crop.height * scale)))
    surface.blit(shown, shown.get_rect(center=rect.center))
