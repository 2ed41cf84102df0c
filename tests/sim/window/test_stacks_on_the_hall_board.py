"""The stacking game in the window on the simulated Hall board (``aseb sim --board
hardware/boards/hall.toml --game stacks``): the same hand, lights and controller as every other
game; the mouse shakes, enters, moves the top man of a stack and captures by a click."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from engine.core.sides import Side
from firmware.lights.scenes import Phase
from firmware.play.evidence import trips
from hardware.board_file import BOARDS, load_board
from sim.board.table import Table
from sim.window.settings import WindowSettings
from sim.window.window import Window
from tests.sim.window.window_hands import click, make, shake, start_pygame

HALL = load_board(BOARDS / "hall.toml")
R = Side.REELS


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def test_the_window_plays_the_stacking_game_on_the_simulated_hall_board(tmp_path: Path) -> None:
    window = Window.open(board=HALL, game="stacks", seed=4, state_dir=tmp_path,
                         settings=WindowSettings(mummy=R))
    assert isinstance(window.play.table, Table) and window.play.table.sim.hall is not None
    controller, rng = window.controller, random.Random(2)
    surface = pygame.Surface((1280, 720))
    made = 0
    for _ in range(400):
        game = controller.game
        if controller.phase is Phase.WON or made >= 12:
            break
        if game is None or (game.state.throw is None and game.state.turn is not R):
            shake(window)
            continue
        state = game.state
        if state.turn is R or controller.mummy_move is not None:
            window.step(0.5)  # the mummy's hand makes its moves
            continue
        plain = [m for m in state.moves if len(trips(state, m)) == 1]
        move = rng.choice(plain or list(state.moves))
        before = len(game.actions)
        make(window, move)
        window.step(2.5)  # a move that may capture waits a moment for the click
        assert len(game.actions) > before, controller.status()
        made += 1
        window.render(surface)
    assert made >= 12
    for _ in range(20):  # the mummy's hand done, the picture follows the game
        if not window.play.busy and controller.mummy_move is None:
            break
        window.step(0.5)
    game = controller.game
    assert game is not None
    drawn = window.play.hand.pieces.stacks()
    assert drawn == game.state.stacks()  # type: ignore[attr-defined]
    assert {s: n if side is Side.CONES else -n for s, (side, n) in drawn.items()} \
        == window.play.table.sim.stacks


def test_a_click_on_the_lit_man_captures_it(tmp_path: Path) -> None:
    from engine import games
    from firmware.play.controller import Settings

    stacks = games.load("stacks")
    state = stacks.parse("C:w14,M6 R:w14,M8 turn:C dice:4")
    table = Table(settings=Settings(mummy=None, ruleset=stacks), board=HALL, seed=3,
                  stacks={"M6": 1, "M8": -1})
    table.controller.set_up(state)
    window = Window(table, WindowSettings(mummy=None))
    window.step(0.5)
    make(window, state.parse_move("4:M6-M10"))  # the Cone lands on M10, passing the Reel
    click(window, window.layout.squares["M8"].center)  # the lit Reel, lifted off: captured
    window.step(2.5)
    assert controller_moves(window) == ["4:M6-M10xM8"]


def controller_moves(window: Window) -> list[str]:
    game = window.controller.game
    assert game is not None
    return [str(a) for a in game.actions if hasattr(a, "die")]
