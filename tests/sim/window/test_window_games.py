"""Every game of the family in the window: Senet and Cyningstan played whole by the mouse (the
mummy's hand moving its own pieces), each board drawn from its geometry."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from engine.core.sides import Side
from engine.games import load
from engine.games.api import Geometry
from firmware.lights.scenes import Phase
from firmware.play.evidence import owners_of
from sim.drawing.board import board_surface, tile_rect
from sim.drawing.layout import Layout
from sim.drawing.signs import ink_share
from sim.window.settings import WindowSettings
from tests.sim.window.window_hands import (  # sets SDL's dummy drivers before pygame starts
    Window,
    make,
    set_out,
    shake,
    start_pygame,
    where_from,
)

C, R = Side.CONES, Side.REELS


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def play_whole_game(window: Window, rng: random.Random, turns: int = 3000) -> None:
    """Throw, set out and move by mouse for the player's side (any legal move, chosen by
    ``rng``), letting the mummy's hand move its own, until the game is won; every frame ticks."""
    controller = window.controller
    for _ in range(turns):
        if controller.phase is Phase.WON:
            return
        if controller.phase is Phase.GUIDE and controller.setting_out:
            set_out(window)
            continue
        game = controller.game
        assert game is not None, controller.status()
        state = game.state
        if state.turn == controller.settings.mummy:
            window.step(1.0)  # the mummy throws and its hand moves
            continue
        if controller.phase is Phase.THROW:
            shake(window)
            continue
        assert controller.phase is Phase.MOVE, controller.status()
        make(window, rng.choice(state.moves))
        after = controller.game
        assert after is not None and after.state != state, f"not taken: {controller.status()}"
        if controller.phase is not Phase.GUIDE:
            assert window.hand.pieces.owners == owners_of(after.state)  # drawn right
    raise AssertionError(f"no winner after {turns} turns: {controller.status()}")


def won(window: Window) -> Side:
    """The winner of the window's finished game (its pieces all borne off in the picture)."""
    controller = window.controller
    window.step(1.0)  # the last piece lands
    assert controller.phase is Phase.WON, controller.status()
    assert controller.game is not None
    winner = controller.game.state.winner
    assert winner is not None
    assert window.hand.pieces.off[winner] == controller.rules.pieces
    return winner


def test_a_whole_game_of_senet_by_mouse_against_the_mummy(tmp_path: Path) -> None:
    window = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=R), seed=11,
                         game="senet")
    shake(window)  # the opening throws decide who plays black, then the pieces are set out
    assert window.controller.setting_out, window.controller.status()
    assert "Set out your Cones" in window.status()
    set_out(window)
    owners = window.controller.game.state.owners()  # type: ignore[union-attr]
    assert sorted(owners) == sorted(f"H{n}" for n in range(1, 11))
    assert window.hand.pieces.owners == dict(owners)
    play_whole_game(window, random.Random(1))
    won(window)
    game = window.controller.game
    assert game is not None and any(getattr(a, "side", None) is R for a in game.actions)
    window.close()


def test_a_whole_game_of_cyningstan_by_mouse_against_the_mummy(tmp_path: Path) -> None:
    window = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=R), seed=12,
                         game="cyningstan")
    assert window.layout.chance == "die"
    shake(window)
    assert window.controller.game is not None
    play_whole_game(window, random.Random(2))
    won(window)
    window.close()


def test_in_senet_the_mummys_hand_sets_out_its_pieces_and_the_player_clicks_theirs(
        tmp_path: Path) -> None:
    window = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=C), seed=3,
                         game="senet")
    shake(window)
    controller = window.controller
    for _ in range(40):  # the player does nothing: only the mummy's Cones go out
        window.step(0.5)
    wanted = controller.tracker.expectation.owners
    assert controller.setting_out
    out = {sq: wanted[sq] for sq in window.table.sim.pieces}
    assert out and set(out.values()) == {C}
    assert len(out) == sum(1 for side in wanted.values() if side is C)
    set_out(window)  # the player clicks the Reels out
    assert not controller.setting_out and controller.phase in (Phase.THROW, Phase.MOVE)


def test_carrying_the_mummys_moves_the_player_sets_out_both_sides(tmp_path: Path) -> None:
    window = Window.open(state_dir=tmp_path, game="senet", seed=4,
                         settings=WindowSettings(mummy=R, carry_mummy_moves=True))
    shake(window)
    assert "the mummy's Reels" in window.status()
    for _ in range(10):
        window.step(0.5)
    assert not window.table.sim.pieces  # its hand waits for the player's
    set_out(window)
    assert not window.controller.setting_out


def test_the_senet_game_resumes_with_its_pieces_out(tmp_path: Path) -> None:
    window = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=None), seed=5,
                         game="senet")
    shake(window)
    set_out(window)
    game = window.controller.game
    assert game is not None
    before = game.state
    window.close()
    again = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=None), seed=6,
                        game="senet")
    again.step(0.5)
    assert again.controller.game is not None and again.controller.game.state == before
    assert again.hand.pieces.owners == dict(before.owners())
    again.close()


def test_in_a_game_without_chance_space_begins_a_game_then_says_no_throw(
        tmp_path: Path) -> None:
    window = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=None), seed=1,
                         game="ramses")
    assert window.layout.chance is None
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE))
    window.step(1.0)
    assert window.controller.setting_out and not window.hand.shaking
    set_out(window)
    assert window.controller.phase is Phase.MOVE
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE))
    window.step(0.5)
    assert not window.hand.shaking and "No throw in this game" in window.news()
    assert window.controller.phase is Phase.MOVE
    assert load("ramses").chance is None


def render(window: Window, path: Path, size: tuple[int, int] = (1280, 720)) -> pygame.Surface:
    """Draw the window, save it as a PNG and read it back: the file is what is judged."""
    surface = pygame.Surface(size)
    window.render(surface)
    pygame.image.save(surface, str(path))
    return pygame.image.load(str(path))


def is_tile(colour: tuple[int, ...]) -> bool:
    """Whether a pixel is a square's inlay, unlit or glowing (pale and warm, not wood)."""
    r, g, b = colour[:3]
    return r > 180 and g > 160 and b > 110


@pytest.mark.parametrize("size", [(1280, 720), (800, 450)])
def test_senets_board_shows_its_thirty_squares_and_house_signs_and_no_tait_square(
        tmp_path: Path, size: tuple[int, int]) -> None:
    window = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=None), seed=1,
                         game="senet", size=size)
    window.step(0.3)
    picture = render(window, tmp_path / "senet.png", size)
    layout, geometry = window.layout, load("senet").geometry
    assert sorted(layout.squares) == sorted(geometry.squares) and len(layout.squares) == 30
    assert not set(layout.squares) & {"M16", "R1", "C1", "M5"}
    assert layout.squares["H1"].topleft == layout.board.topleft  # H1 top left, the path snakes
    assert layout.squares["H11"].top == layout.squares["H10"].bottom
    assert layout.squares["H11"].left == layout.squares["H10"].left
    assert layout.board.width == 10 * layout.cell and layout.board.height == 3 * layout.cell
    for square, rect in layout.squares.items():
        inked = ink_share(picture, tile_rect(rect))
        if square in geometry.marked:
            assert inked > 0.02, f"no sign on the house {square} ({geometry.marked[square]})"
        else:
            assert inked == 0, f"a sign on {square}"
        assert layout.square_at(rect.center) == square
    middle = layout.squares["H15"].centery  # Tait's long middle row would run on past these
    for x in (layout.board.left - layout.cell, layout.board.right + layout.cell // 2):
        assert not is_tile(tuple(picture.get_at((x, middle))))
    for side in Side:  # the sidelines lie above and below the board, inside the window
        slot = layout.sideline_slot(side, layout.pieces - 1)
        assert picture.get_rect().collidepoint(slot)
        assert not layout.board.collidepoint(slot)
        assert layout.sideline_at(slot) is side
    assert picture.get_rect().contains(layout.stick_box)
    assert layout.stick_box.top > layout.board.bottom


def test_a_board_with_holes_and_an_unknown_sign_draws_and_hits() -> None:
    """A T of squares (as Ramses' board will be), one marked with a sign nobody knows."""
    bar = {f"T{n}": (0, n) for n in range(9)}
    stem = {f"S{n}": (n, 4) for n in range(1, 5)}
    position = {**bar, **stem}
    squares = tuple(position)
    geometry = Geometry(board="tee", squares=squares, position=position,
                        marked={"S4": "scarab", "T0": "ankh"}, paths=(squares, squares),
                        homes=(squares[:2], squares[-2:]))
    layout = Layout.fit((1280, 720), geometry, chance=None)
    surface = board_surface(layout)
    for square, rect in layout.squares.items():
        assert layout.square_at(rect.center) == square
    hole = layout.squares["S1"].move(-2 * layout.cell, 0)
    assert layout.square_at(hole.center) is None
    assert not is_tile(tuple(surface.get_at(hole.center)))
    assert ink_share(surface, tile_rect(layout.squares["S4"])) > 0.01  # a neutral ring
    assert ink_share(surface, tile_rect(layout.squares["S3"])) == 0
    assert len({rect.topleft for rect in layout.squares.values()}) == len(squares)
    assert layout.status.width > layout.board.width // 2  # no stick box: the words run on


@pytest.mark.parametrize("game", ["tait", "senet"])
def test_a_click_released_in_the_frame_it_was_pressed_makes_the_move(game: str) -> None:
    """A quick click: the piece leaves its square's contact before it lands on the next, so
    the board reads the move (else a bounce could land it first, and the move go unread)."""
    window = Window.open(settings=WindowSettings(mummy=None), seed=2, game=game)
    shake(window)
    set_out(window)
    controller, made = window.controller, 0
    for _ in range(30):
        game_now = controller.game
        assert game_now is not None
        if controller.phase is Phase.THROW:
            shake(window)
            continue
        if controller.phase is Phase.WON:
            break
        state = game_now.state
        pos = where_from(window, state.moves[0], state)
        window.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
        window.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
        window.step(1.0)
        assert game_now.state != state, controller.status()
        made += 1
    assert made > 8


def test_a_whole_game_of_ramses_by_mouse_against_the_mummy(tmp_path: Path) -> None:
    """No stick box: Space begins the game; both moves of each turn by mouse, the second one
    moving a mummy's piece; the oblong spaces drawn as long inlays with their alignments."""
    window = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=R), seed=11,
                         game="ramses")
    window.step(0.3)
    assert window.layout.chance is None and "Press Space" in window.status()
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE))
    window.step(1.0)
    assert window.controller.setting_out, window.controller.status()
    set_out(window)
    assert window.hand.pieces.owners == dict(window.controller.game.state.owners())  # type: ignore[union-attr]
    play_whole_game(window, random.Random(1))
    window.step(1.0)
    controller = window.controller
    assert controller.phase is Phase.WON and controller.game is not None
    game = controller.game
    theirs = [a for a in game.actions if a.theirs and a.side is C]
    assert theirs, "the player moved no Reel in a second half"
    picture = render(window, tmp_path / "ramses.png")
    upper = [window.layout.squares[f"U{n}"] for n in range(10, 18)]
    between = (upper[0].right, upper[0].centery)  # the inlay runs on between alignments
    assert is_tile(tuple(picture.get_at(between)))
    square_gap = (window.layout.squares["T6"].right, window.layout.squares["T6"].centery)
    assert not is_tile(tuple(picture.get_at(square_gap)))  # squares keep their wooden border
    window.close()
