"""The stacking game in the family's window, played on the simulated Hall board like every
other game (the same hand, lights and controller): the mouse shakes the stick box, enters men
from the sideline, moves the top man of a stack and captures by a click on the man the board
lights; its picture (stack heights, the dice lit), its menus, log and sounds, its game kept."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from engine import games
from engine.core.sides import Side
from firmware.lights.dice import DIE_FACES
from firmware.lights.scenes import Phase
from firmware.play.controller import Settings
from firmware.play.evidence import owners_of, trips
from firmware.play.store import Store
from hardware.boards.board_file import BOARDS, load_board
from sim.board.table import Table
from sim.window.settings import WindowSettings
from sim.window.window import Window
from tests.sim.window.window_hands import click, make, shake, start_pygame

STACKS = games.load("stacks")
HALL = load_board(BOARDS / "hall.toml")
C, R = Side.CONES, Side.REELS


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def stacks_window(tmp_path: Path | None = None, seed: int = 5, mummy: Side | None = R,
                  **settings: object) -> Window:
    """The window on the stacking game (its game kept in ``tmp_path``, if given)."""
    return Window.open(state_dir=tmp_path, game="stacks", seed=seed,
                       settings=WindowSettings(mummy=mummy, **settings))  # type: ignore[arg-type]


def set_up(text: str, mummy: Side | None = None) -> Window:
    """A window on a set-up position of the stacking game, already on the Hall board."""
    state = STACKS.parse(text)
    table = Table(settings=Settings(mummy=mummy, ruleset=STACKS), board=HALL, seed=3,
                  stacks={s: n if side is C else -n for s, (side, n) in state.stacks().items()})
    table.controller.set_up(state)
    window = Window(table, WindowSettings(mummy=mummy))
    window.step(0.5)
    return window


def thrown(window: Window) -> None:
    """Shake until the dice are thrown for the side to play (a new game begins with a shake)."""
    for _ in range(4):
        game = window.controller.game
        if game is not None and game.state.throw is not None:
            return
        shake(window)
    raise AssertionError(window.controller.status())


def moves_made(window: Window) -> list[str]:
    game = window.controller.game
    assert game is not None
    return [str(a) for a in game.actions if hasattr(a, "die")]


def play_by_mouse(window: Window, rng: random.Random, moves: int) -> int:
    """The Cones by mouse (any legal move), the mummy's hand the Reels', for ``moves`` of the
    Cones' moves or to the win; how many were made."""
    controller, made = window.controller, 0
    for _ in range(40 * moves):
        game = controller.game
        if controller.phase is Phase.WON or made >= moves:
            break
        if game is None or (game.state.throw is None and game.state.turn is not R):
            shake(window)
            continue
        state = game.state
        if state.turn is R or controller.mummy_move is not None:
            window.step(0.5)  # the mummy's hand makes its moves
            continue
        before = len(game.actions)
        make(window, rng.choice(state.moves))
        assert len(game.actions) > before, controller.status()
        made += 1
        assert window.hand.pieces.owners == owners_of(game.state)  # drawn right
    return made


def test_moves_by_mouse_against_the_mummy_on_the_simulated_hall_board() -> None:
    window = stacks_window(seed=4)
    table = window.play.table
    assert table.sim.hall is not None and table.sim.board.source.endswith("hall.toml")
    surface = pygame.Surface((1280, 720))
    assert play_by_mouse(window, random.Random(2), 10) == 10
    window.render(surface)
    game = window.controller.game
    assert game is not None and sum(1 for a in game.actions if hasattr(a, "die")) > 20


@pytest.mark.long
def test_a_whole_game_against_the_mummy_by_mouse() -> None:
    window = stacks_window(seed=5)
    play_by_mouse(window, random.Random(3), 400)
    assert window.controller.phase is Phase.WON, window.controller.status()
    assert "win" in window.status()


def test_a_click_on_the_lit_man_captures_it() -> None:
    window = set_up("C:w14,M6 R:w14,M8 turn:C dice:4")
    state = window.controller.game.state  # type: ignore[union-attr]
    make(window, state.parse_move("4:M6-M10xM8"))  # the Cone to M10, then a click on the Reel
    assert moves_made(window) == ["4:M6-M10xM8"]
    assert "M8" not in window.hand.pieces.owners


def test_a_capture_not_clicked_is_declined() -> None:
    window = set_up("C:w14,M6 R:w14,M8 turn:C dice:4")
    state = window.controller.game.state  # type: ignore[union-attr]
    make(window, state.parse_move("4:M6-M10"))
    assert moves_made(window) == ["4:M6-M10"]


def test_the_mummys_move_is_shown_then_carried_then_made() -> None:
    window = set_up("C:w14,C1 R:w13,R2x2 turn:R dice:3", mummy=R)
    controller = window.controller
    for _ in range(40):
        if controller.mummy_move is not None:
            break
        window.step(0.1)
    shown = controller.mummy_move
    assert shown is not None and moves_made(window) == []
    for _ in range(80):
        window.step(0.1)
        if moves_made(window):
            break
    assert moves_made(window) == [str(shown)]


def test_the_picture_shows_stack_heights_and_the_dice_to_use(tmp_path: Path) -> None:
    window = set_up("C:w5,C1,C3x2,M7,M9x3,M12,M15x2 R:w7,R2x3,M8,M10x2,M13 turn:C dice:456")
    surface = pygame.Surface((1280, 720))
    window.render(surface)
    pygame.image.save(surface, str(tmp_path / "stacks.png"))
    layout = window.layout
    assert window.hand.pieces.stacks()["M9"] == (C, 3)

    def inks(square: str) -> int:
        rect = layout.squares[square]
        return len({tuple(surface.get_at((x, y))[:3]) for x in range(rect.x, rect.right, 2)
                    for y in range(rect.y, rect.bottom, 2)})

    assert inks("M9") > inks("M12")  # three men and the badge with 3 against one man
    lights = window.table.sim.lights
    for pixel, face in zip(("S1", "S2", "S3"), (4, 5, 6), strict=True):
        top, want = max(lights[pixel]) or 1, DIE_FACES[face]
        assert all(abs(a * 255 // top - b * 255 // max(want)) <= 4
                   for a, b in zip(lights[pixel], want, strict=True))


def test_aseb_sim_opens_the_stacking_game_on_the_hall_board(tmp_path: Path) -> None:
    from sim.command.cli import main

    assert main(["sim", "--game", "stacks", "--seconds", "0.2", "--seed", "1",
                 "--state-dir", str(tmp_path)]) == 0
    assert main(["sim", "--game", "stacks", "--board", str(BOARDS / "hall.toml"),
                 "--seconds", "0.2", "--state-dir", str(tmp_path)]) == 0


def test_the_game_is_kept_and_goes_on_where_it_was_left(tmp_path: Path) -> None:
    window = stacks_window(tmp_path, seed=2, mummy=None)
    thrown(window)
    game = window.controller.game
    assert game is not None
    make(window, game.state.moves[0])
    actions = game.actions
    window.close()
    again = stacks_window(tmp_path, seed=9, mummy=None)
    again.step(0.5)
    resumed = again.controller.game
    assert resumed is not None and resumed.actions == actions
    assert again.hand.pieces.owners == owners_of(resumed.state)
    assert again.table.sim.pieces == frozenset(owners_of(resumed.state))
    again.close()
    Store(tmp_path, "stacks").path.write_text("not a game")
    fresh = stacks_window(tmp_path, seed=2)
    assert fresh.controller.game is None or fresh.controller.game.actions == ()


def test_the_menus_log_sounds_and_hints_serve_the_stacking_game_too() -> None:
    window = stacks_window(seed=4, mummy=None)
    options = {item.action: item for item in window.menu_items("Options")}
    assert "carry" in options  # a board to rehearse on, as every game
    heard: list[str] = []
    window.audio = Ears(heard)  # type: ignore[assignment]
    thrown(window)
    assert "throw" in heard
    window.act("log")
    shot = window.snapshot()
    assert shot.log is not None and any("threw" in line for line in shot.log)
    aside = window.layout.aside
    assert aside is not None and not aside.colliderect(window.layout.board)  # beside the board
    click(window, aside.center)  # a click on it puts the log away
    assert not window.log_open and window.layout.aside is None
    window.act("hints")
    game = window.controller.game
    assert game is not None
    make(window, game.state.moves[0])
    assert "move" in heard
    mover = trips(game.state, game.state.moves[0])[0]
    assert mover.side is game.state.turn or mover.side is not None


class Ears:
    """The window's audio, heard by a test: the names of the sounds played."""

    def __init__(self, heard: list[str]) -> None:
        self.heard, self.sounds = heard, True

    def play(self, name: str) -> None:
        self.heard.append(name)

    def close(self) -> None:
        """Nothing to release."""
