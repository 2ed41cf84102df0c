"""Nothing the window draws for reading covers what is played: the log opens beside the board
(not over its pieces and rows), and a square's name sits under the pieces standing there, in
every game, with larger text too."""

from __future__ import annotations

import random

import pygame
import pytest

from engine.core.sides import Side
from engine.games import load, names
from sim.drawing.board import (
    CONE_BODY,
    CONE_EDGE,
    CONE_LIGHT,
    REEL_BODY,
    REEL_EDGE,
    REEL_LIGHT,
    tile_rect,
)
from sim.window.settings import WindowSettings
from sim.window.window import Window
from tests.sim.window.window_hands import pixel, start_pygame

PIECE = {CONE_BODY, CONE_EDGE, CONE_LIGHT, REEL_BODY, REEL_EDGE, REEL_LIGHT}
"""The colours a piece is painted in (no word and no square is)."""
STACKED = "C:w5,C1,C3x2,M7,M9x3,M12,M15x2 R:w7,R2x3,M8,M10x2,M13 turn:C"


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def busy_board(game: str, larger: bool = False, labels: bool = False) -> Window:
    """A window on ``game`` with many pieces out (stacks of men where the game stacks them)."""
    rules = load(game)
    rng = random.Random(3)
    state = rules.new(Side.CONES)
    for _ in range(60):  # a game some way in
        if state.is_over:
            break
        state = state.cast(rules.draw(rng))[0] if not state.moves else \
            state.play(rng.choice(state.moves))[0]
    if game == "stacks":  # stacks of two and three
        state = rules.parse(STACKED)
    window = Window.open(settings=WindowSettings(mummy=None, larger_text=larger,
                                                 square_labels=labels), seed=1, game=game)
    window.hand.pieces.follow(state)
    return window


def drawn(window: Window) -> pygame.Surface:
    surface = pygame.Surface(window.layout.size)
    window.view.invalidate()
    window.render(surface)
    return surface


@pytest.mark.parametrize("larger", [False, True], ids=["text", "larger text"])
@pytest.mark.parametrize("game", names())
def test_the_open_log_covers_no_piece_and_no_row(game: str, larger: bool) -> None:
    window = busy_board(game, larger)
    window.act("log")
    layout = window.layout
    log = layout.aside
    assert log is not None
    played = [layout.board, layout.stick_box, layout.status, *layout.sidelines.values(),
              *layout.squares.values()]
    assert log.collidelist(played) == -1
    surface = drawn(window)
    for square in window.hand.pieces.stacks():  # each piece still seen where it stands
        tile = tile_rect(layout.squares[square])
        assert any(pixel(surface, (x, y)) in PIECE for x in range(tile.left, tile.right, 2)
                   for y in range(tile.top, tile.bottom, 2)), square


@pytest.mark.parametrize("larger", [False, True], ids=["text", "larger text"])
@pytest.mark.parametrize("game", ["tait", "senet", "ramses", "stacks"])
def test_a_squares_name_lies_under_the_pieces_never_over_them(game: str, larger: bool) -> None:
    window = busy_board(game, larger, labels=True)
    surface = drawn(window)
    layout = window.layout
    stacks = window.hand.pieces.stacks()
    assert stacks and (game != "stacks" or max(n for _, n in stacks.values()) > 1)
    for square in stacks:
        tile = tile_rect(layout.squares[square])
        band = int(tile.height * (0.2 if larger else 0.16))  # where the name is written
        seen = {pixel(surface, (x, y)) for x in range(tile.left, tile.right)
                for y in range(tile.bottom - band, tile.bottom)}
        assert not seen & PIECE, square
        assert len(seen) > 3  # the name's letters are there
