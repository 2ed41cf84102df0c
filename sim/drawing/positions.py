"""A position of any game drawn by code, for the how-to pages: its board (from the game's
geometry) with the pieces a page names (the stacking game's men in their stacks), and the
squares it speaks of lit in gold, as the board lights a move.

    draw(surface, surface.get_rect(), "senet", "C:H1,H3 R:H2,H4 black:R moved:- turn:R", ("H4",))
"""

from __future__ import annotations

import functools

import pygame

from engine.games import load
from firmware.lights.scenes import GOLD
from sim.drawing.board import (
    TABLE,
    TILE,
    board_surface,
    draw_choice,
    draw_piece,
    draw_tile,
    joins,
    tint,
)
from sim.drawing.layout import Layout
from sim.drawing.stacks import draw_stack
from sim.drawing.text import Texts


def draw(surface: pygame.Surface, rect: pygame.Rect, game: str, position: str,
         lit: tuple[str, ...] = ()) -> None:
    """Draw ``position`` (the game's notation) of ``game`` into ``rect``, ``lit`` squares
    glowing."""
    rules = load(game)
    state = rules.parse(position)
    big = (rect.width * 2, rect.height * 4)  # drawn large, then made smaller: crisp
    layout = Layout.fit(big, rules.geometry, chance=None, pieces=rules.pieces)
    board = board_surface(layout, sidelines=False)
    marked = rules.geometry.marked
    for square in lit:  # gold, and framed: seen without telling colours apart
        if square in layout.squares:
            draw_tile(board, layout.squares[square], marked.get(square), tint(TILE, GOLD),
                      joins(rules.geometry, square))
            draw_choice(board, layout.squares[square], GOLD)
    heights: dict[str, int] | None = getattr(state, "heights", lambda: None)()
    texts = Texts()
    for square, side in state.owners().items():
        cell = layout.squares[square]
        if heights is not None:  # men, stacked: as the stacking game's window draws them
            draw_stack(board, cell, side, heights.get(square, 1), texts)
        else:
            draw_piece(board, side, cell.center, layout.cell)
    surface.fill(TABLE, rect)
    crop = layout.board.inflate(layout.cell, layout.cell).clip(board.get_rect())
    scale = min(rect.width / crop.width, rect.height / crop.height)
    shown = pygame.transform.smoothscale(board.subsurface(crop),
                                         (int(crop.width * scale), int(crop.height * scale)))
    surface.blit(shown, shown.get_rect(center=rect.center))


@functools.cache
def aspect(game: str) -> float:
    """How much wider than tall ``game``'s board is drawn (a page gives its picture this
    shape, so the board fills it)."""
    rules = load(game)
    layout = Layout.fit((1600, 900), rules.geometry, chance=None, pieces=rules.pieces)
    crop = layout.board.inflate(layout.cell, layout.cell)
    return crop.width / crop.height


def picture_of(picture: str) -> tuple[str, str, tuple[str, ...]]:
    """A how-to page's picture name (``position:GAME:NOTATION#SQUARES``) as its game, its
    position and its lit squares."""
    _, game, rest = picture.split(":", 2)
    notation, _, lit = rest.partition("#")
    return game, notation, tuple(square for square in lit.split(",") if square)
