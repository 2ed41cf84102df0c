"""The window on a board with rack switches: pieces wait in their racks and go to the tray, and
the hands (the player's and the mummy's) use the racks as a person would."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from engine.core.sides import Side
from firmware.lights.scenes import Phase
from firmware.play.evidence import owners_of
from hardware.boards.board_file import load_board
from hardware.core.squares import RACK_OF, RACKS
from sim.window.settings import WindowSettings
from tests.sim.window.test_window_play import play_on
from tests.sim.window.window_hands import Window, drag, shake, start_pygame

C, R = Side.CONES, Side.REELS
RACKS_BOARD = Path(__file__).parents[3] / "hardware" / "boards" / "mcp23017-racks.toml"


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def racks_window(tmp_path: Path, **settings: object) -> Window:
    return Window.open(board=load_board(RACKS_BOARD), state_dir=tmp_path, seed=7,
                       settings=WindowSettings(**settings))  # type: ignore[arg-type]


def in_racks(window: Window) -> frozenset[str]:
    return frozenset(s for s in window.table.sim.pieces if s in RACK_OF)


def test_the_pieces_wait_in_their_racks_when_the_window_opens(tmp_path: Path) -> None:
    window = racks_window(tmp_path)
    assert in_racks(window) == frozenset(RACKS["CW"] + RACKS["RW"])
    assert window.controller.settings.racks and window.hand.pieces.racks
    window.close()


def test_a_whole_game_on_the_racks_the_switches_agreeing_with_every_move(tmp_path: Path) -> None:
    window = racks_window(tmp_path, mummy=R)
    shake(window)
    assert window.controller.game is not None
    for _ in range(400):
        if window.controller.phase is Phase.WON:
            break
        play_on(window, 1)
        game = window.controller.game
        assert game is not None
        if window.controller.phase is Phase.THROW and not window.busy:
            assert window.table.sim.pieces == frozenset(owners_of(game.state, racks=True))
    controller = window.controller
    assert controller.phase is Phase.WON, controller.status()
    state = controller.game.state if controller.game else None
    assert state is not None and state.winner is not None
    tray = RACKS["CO" if state.winner is C else "RO"]
    assert set(tray) <= window.table.sim.pieces  # all five of the winner's in its tray
    for square in sorted(window.table.sim.pieces - set(RACK_OF)):  # the loser's go back
        drag(window, window.layout.squares[square].center, window.layout.sidelines[C].center)
    window.step(8.0)  # the lights end; the hand tidies the tray back into the racks
    window.step(1.0)
    assert controller.phase is Phase.IDLE, controller.status()
    assert in_racks(window) == frozenset(RACKS["CW"] + RACKS["RW"])  # tidied for the next
    window.close()


def test_the_racks_are_drawn_beside_the_board(tmp_path: Path) -> None:
    window = racks_window(tmp_path)
    surface = pygame.Surface(window.layout.size)
    window.render(surface)
    plain = Window.open(state_dir=tmp_path / "plain", seed=7)
    bare = pygame.Surface(plain.layout.size)
    plain.render(bare)
    changed = [
        (x, y) for x in range(0, surface.get_width(), 2) for y in range(0, surface.get_height(), 2)
        if surface.get_at((x, y)) != bare.get_at((x, y)) and window.layout.menu.bottom < y
    ]
    sidelines = window.layout.sidelines.values()
    assert changed and all(any(r.inflate(8, 8).collidepoint(p) for r in sidelines) for p in changed)
    window.close()
    plain.close()
