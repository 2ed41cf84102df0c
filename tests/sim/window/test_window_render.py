"""The window's pictures, rendered under SDL's dummy drivers to PNG and read back pixel by pixel."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from engine.core.sides import Side
from firmware.lights.scenes import CONES, GOLD, REELS, Phase
from hardware.core.squares import MARKED, SQUARES
from sim.drawing import board as drawing
from sim.window.settings import WindowSettings
from tests.sim.window.window_hands import (  # sets SDL's dummy drivers before pygame starts
    Window,
    dominant,
    pixel,
    press,
    set_up,
    start_pygame,
)

C, R = Side.CONES, Side.REELS


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def render(window: Window, path: Path, size: tuple[int, int] = (1280, 720)) -> pygame.Surface:
    """Draw the window, save it as a PNG and read the PNG back: the file is what is judged."""
    surface = pygame.Surface(size)
    window.render(surface)
    pygame.image.save(surface, str(path))
    return pygame.image.load(str(path))


def assert_shows_frame(window: Window, picture: pygame.Surface) -> None:
    """Every square glows exactly as the controller's frame says, and no more."""
    frame = window.table.frame
    for square in SQUARES:
        light = frame.get(square, (0, 0, 0))
        expected = drawing.tint(drawing.TILE, light)
        assert pixel(picture, window.layout.glow_point(square)) == expected, square


def test_the_start_position_shows_signs_waiting_pieces_and_the_lights(tmp_path: Path) -> None:
    window = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=None), seed=1)
    window.step(0.4)
    picture = render(window, tmp_path / "start.png")
    assert window.controller.phase is Phase.IDLE
    assert_shows_frame(window, picture)
    for square in MARKED:
        probe = drawing.sign_probe(window.layout.squares[square])
        assert pixel(picture, probe) == drawing.INK, f"no sign on {square}"
    for square in ("M7", "C2", "R1"):
        probe = drawing.sign_probe(window.layout.squares[square])
        assert pixel(picture, probe) != drawing.INK, f"a sign on unmarked {square}"
    for i in range(5):
        assert pixel(picture, window.layout.sideline_slot(C, i)) == drawing.CONE_BODY
        assert pixel(picture, window.layout.sideline_slot(R, i)) == drawing.REEL_BODY
    assert "Shake the sticks" in window.controller.status()


def test_lit_legal_moves_glow_in_the_movers_colour(tmp_path: Path) -> None:
    window = set_up("C:C1,M6 R:M9 turn:C throw:2:WWDD", mummy=None)
    picture = render(window, tmp_path / "moves.png")
    assert window.controller.phase is Phase.MOVE
    assert_shows_frame(window, picture)
    for square in ("C1", "M6", "C2"):  # two pieces can move, and one can enter onto C2
        assert pixel(picture, window.layout.glow_point(square)) == drawing.tint(drawing.TILE,
                                                                                 CONES)
    assert dominant(pixel(picture, window.layout.glow_point("M7"))) != 2  # not lit blue
    for square, colour in (("C1", drawing.CONE_BODY), ("M6", drawing.CONE_BODY),
                           ("M9", drawing.REEL_BODY)):
        assert pixel(picture, window.layout.squares[square].center) == colour
    assert dominant(pixel(picture, window.layout.stick_box.center)) != 2
    assert "make your move, Cones" in window.controller.status()


def test_a_lifted_piece_floats_under_the_cursor_and_its_target_pulses(tmp_path: Path) -> None:
    window = set_up("C:C1,M6 R:M9 turn:C throw:2:WWDD", mummy=None)
    press(window, window.layout.squares["M6"].center)
    window.step(0.6)
    picture = render(window, tmp_path / "lifted.png")
    target = window.table.frame["M8"]
    assert dominant(target) == 2 and "M6" not in window.table.sim.pieces
    assert pixel(picture, window.layout.glow_point("M8")) == drawing.tint(drawing.TILE, target)
    lifted = (window.mouse[0], window.mouse[1] - window.layout.cell // 8)
    assert pixel(picture, lifted) == drawing.CONE_BODY  # drawn over the square it left
    assert_shows_frame(window, picture)


def test_the_mummys_move_alternates_gold_between_source_and_target(tmp_path: Path) -> None:
    window = set_up("C:C1,M10 R:M6 turn:R throw:3:WWWD", carry=True, mummy=R)
    move = window.controller.mummy_move
    assert move is not None and (move.source, move.target) == ("M6", "M9")
    seen = set()
    for i in range(8):
        window.step(0.25)
        picture = render(window, tmp_path / f"mummy{i}.png")
        assert_shows_frame(window, picture)
        for square in ("M6", "M9"):
            if pixel(picture, window.layout.glow_point(square)) == drawing.tint(drawing.TILE,
                                                                                 GOLD):
                seen.add(square)
    assert seen == {"M6", "M9"}
    assert window.controller.status().startswith("The mummy plays")


def test_the_turn_breathes_on_the_private_row_in_reels_amber(tmp_path: Path) -> None:
    window = set_up("C:C1 R:M9 turn:R", mummy=None)
    picture = render(window, tmp_path / "turn.png")
    light = window.table.frame["R2"]
    assert dominant(light) == 0 and light[2] == 0 and max(light) > 0
    assert pixel(picture, window.layout.glow_point("R2")) == drawing.tint(drawing.TILE, light)
    assert drawing.tint(drawing.TILE, REELS) != drawing.tint(drawing.TILE, CONES)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (800, 600), (1000, 1000)])
def test_every_square_and_the_stick_box_fit_the_window(size: tuple[int, int],
                                                      tmp_path: Path) -> None:
    window = Window.open(settings=WindowSettings(mummy=None), seed=1)
    picture = render(window, tmp_path / "fit.png", size)
    bounds = picture.get_rect()
    layout = window.layout
    assert layout.size == size
    for rect in [*layout.squares.values(), layout.stick_box, layout.status]:
        assert bounds.contains(rect) and not rect.colliderect(layout.menu)
    assert layout.cell >= min(size[0] / 16, size[1] / 6) * 0.85  # the board fills the window
    if size[0] >= 1280:
        assert layout.cell >= 70  # readable from across a table


def test_a_help_page_covers_the_board_and_a_click_puts_it_away(tmp_path: Path) -> None:
    window = set_up("C:C1 R:M9 turn:C", mummy=None)
    window.act("help:how")
    assert window.page is not None and window.page[0] == "Twenty Squares: The board"
    render(window, tmp_path / "help.png")
    for _ in range(1 + len(window.pages)):  # a click turns each page, the last puts it away
        press(window, window.layout.squares["C1"].center)
    assert window.page is None and "C1" in window.table.sim.pieces  # the clicks lifted nothing


def test_redrawing_only_the_changed_lights_gives_the_same_picture(tmp_path: Path) -> None:
    window = set_up("C:C1,M10 R:M6 turn:C", mummy=None)  # Cones' row breathes
    screen = pygame.Surface((1280, 720))
    assert window.render(screen) is None  # the first picture is drawn whole
    window.step(0.4)
    dirty = window.render(screen)
    assert dirty and all(rect.width <= window.layout.stick_box.width for rect in dirty)
    whole = pygame.Surface((1280, 720))
    assert window.render(whole) is None
    assert pygame.image.tobytes(screen, "RGB") == pygame.image.tobytes(whole, "RGB")
    press(window, window.layout.squares["C1"].center)  # a lifted piece: all of it again
    assert window.render(screen) is None
