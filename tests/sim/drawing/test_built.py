"""The board as it is built, drawn from its board file: every square, pixel and sensor where the
file's millimetres put it, the lights the controller's own scene gives, and a game some turns in
with the Cones to move, for every board file and its game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.core.sides import Side
from firmware.kit.layout import Layout
from firmware.lights.scenes import CONES
from firmware.service.boards import own_game
from hardware.boards.board_file import BOARDS, DEFAULT_BOARD, load_board
from sim.drawing.board import TILE, tint
from sim.drawing.built import CHIP, GLASS, INK, PARTS, SCALE, Drawing, above, below, lights, midgame
from tests.sim.window.window_hands import start_pygame


@pytest.fixture(autouse=True)
def _pygame() -> Iterator[None]:
    start_pygame()
    yield


def test_the_pictures_are_the_board_files_millimetres_at_one_scale() -> None:
    board = load_board(DEFAULT_BOARD)
    layout = Layout.of(board)
    assert (layout.width, layout.height) == (510.0, 150.0)  # 12 by 3 squares of 40, 15 around
    for picture in (above(board), below(board)):
        assert picture.get_width() == round((layout.width + 60) * SCALE)


def test_from_below_every_square_shows_its_pixel_and_its_reed_where_the_file_puts_them() -> None:
    board = load_board(DEFAULT_BOARD)
    layout = Layout.of(board)
    picture = below(board)
    drawing = Drawing(layout, 0)
    for square in layout.squares.values():
        x, y = drawing.at(*square.pixel)
        assert picture.get_at((x - 4, y + 4))[:3] == CHIP, square.name  # the chip, beside its lens
        (near, middle), (far, _) = square.reed
        assert picture.get_at(drawing.at((near + far) / 2, middle + 0.4))[:3] == GLASS, square.name


def test_a_hall_board_shows_a_sensor_under_each_centre_and_no_reed() -> None:
    board = load_board(BOARDS / "hall.toml")
    layout = Layout.of(board)
    picture = below(board)
    drawing = Drawing(layout, 0)
    glass = 0
    for square in layout.squares.values():
        assert picture.get_at(drawing.at(*square.centre))[:3] == INK, square.name
        (near, middle), (far, _) = square.reed
        glass += picture.get_at(drawing.at((near + far) / 2, middle))[:3] == GLASS
    assert glass == 0


def test_from_above_the_pieces_that_can_move_glow_in_the_cones_colour() -> None:
    board = load_board(DEFAULT_BOARD)
    layout = Layout.of(board)
    rules = own_game(board)
    frame = lights(rules, midgame(rules))
    lit = [name for name in layout.squares if frame.get(name) == CONES]
    assert lit
    picture = above(board)
    drawing = Drawing(layout, 0)
    for name in lit:
        square = drawing.square(layout.squares[name])
        inlay = (square.left + square.width // 6, square.centery)  # beside the piece
        assert picture.get_at(inlay)[:3] == tint(TILE, CONES), name


@pytest.mark.parametrize("board_file", sorted(BOARDS.glob("*.toml")), ids=lambda p: p.stem)
def test_every_board_files_game_is_drawn_some_turns_in_with_the_cones_to_move(
        board_file: Path) -> None:
    rules = own_game(load_board(board_file))
    state = midgame(rules)
    assert state.turn == Side.CONES and state.moves
    sides = list(state.owners().values())
    assert Side.CONES in sides and Side.REELS in sides


def test_every_numbered_part_is_named() -> None:
    assert list(PARTS) == list(range(1, 9))
