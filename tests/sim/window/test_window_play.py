"""Stories of play through the window: synthetic mouse events, a fake time step, the real board."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from engine.core.sides import Side
from engine.mummy import Level
from engine.tait.moves import Move
from engine.tait.state import GameState
from firmware.lights.scenes import Phase
from firmware.menu.settings_file import SettingsFile
from sim.window.settings import WindowSettings
from tests.sim.window.test_window_tutorial import choose
from tests.sim.window.window_hands import (  # sets SDL's dummy drivers before pygame starts
    Window,
    drag,
    make,
    press,
    release,
    set_up,
    shake,
    start_pygame,
)

C, R = Side.CONES, Side.REELS


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def owners(state: GameState) -> dict[str, Side]:
    return {square: side for side in Side for square in state.squares(side)}


def play_on(window: Window, turns: int) -> None:
    """Throw and move (for the mummy too, as shown) until ``turns`` moves or the game is won."""
    for _ in range(turns):
        controller = window.controller
        if controller.phase is Phase.WON:
            return
        assert controller.game is not None, controller.status()
        state = controller.game.state
        if controller.phase is Phase.THROW:
            if state.turn == controller.settings.mummy:
                window.step(1.5)  # the mummy throws for itself
            else:
                shake(window)
            continue
        assert controller.phase is Phase.MOVE, controller.status()
        move = controller.mummy_move or state.moves[-1]
        if controller.mummy_move is not None and window.mummy_moves_itself:
            window.step(2.0)  # the mummy's hand makes its move: no mouse
        else:
            make(window, move)
        after = window.controller.game
        assert after is not None and after.state != state, f"{move} was not taken"
        assert window.hand.pieces.owners == owners(after.state)  # the window drew it right


def test_a_whole_game_against_the_mummy_with_the_mouse(tmp_path: Path) -> None:
    window = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=R), seed=7)
    shake(window)  # a shake starts the game; the demon-cast finds who enters first
    assert window.controller.game is not None
    play_on(window, 2000)
    game = window.controller.game
    assert game is not None  # the mouse never touched a Reel: the mummy moved them all
    assert sum(1 for a in game.actions if isinstance(a, Move) and a.side is R) > 5
    controller = window.controller
    assert controller.phase is Phase.WON, controller.status()
    state = controller.game.state if controller.game else None
    assert state is not None and state.winner is not None
    assert window.hand.pieces.off[state.winner] == 5
    assert controller.status().endswith("Clear the board for a new game.")
    for square in sorted(window.table.sim.pieces):  # the loser's pieces go back to the sideline
        drag(window, window.layout.squares[square].center, window.layout.sidelines[C].center)
    window.step(8.0)
    assert controller.phase is Phase.IDLE and not window.hand.pieces.owners
    window.close()


def test_closing_mid_game_and_reopening_resumes_with_the_pieces_out(tmp_path: Path) -> None:
    window = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=None), seed=3)
    shake(window)
    play_on(window, 12)
    game = window.controller.game
    assert game is not None and game.state.occupancy()
    before = game.state
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert window.running and window.leaving  # asked first
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert not window.running
    window.close()

    again = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=None), seed=4)
    again.step(0.5)
    resumed = again.controller.game
    assert resumed is not None and resumed.state == before
    assert again.table.sim.pieces == before.occupancy()
    assert again.hand.pieces.owners == owners(before)
    assert again.controller.phase in (Phase.THROW, Phase.MOVE)
    play_on(again, 4)  # and play goes on
    again.close()


def test_dropping_on_an_opponent_bumps_it_home(tmp_path: Path) -> None:
    window = set_up("C:M6 R:M9 turn:C throw:3:WWWD", mummy=None)
    drag(window, window.layout.squares["M6"].center, window.layout.squares["M9"].center)
    window.step(1.0)
    state = window.controller.game.state if window.controller.game else None
    assert state is not None and state.squares(C) == {"M9"} and not state.squares(R)
    assert window.hand.pieces.owners == {"M9": C} and window.hand.pieces.waiting(R) == 5
    assert "bump" in window.table.sim.sounds


def test_a_piece_dropped_on_square_16_leaves_the_board(tmp_path: Path) -> None:
    window = set_up("C:M13 R:M5 off:1,0 turn:C throw:3:WWWD", mummy=None)
    drag(window, window.layout.squares["M13"].center, window.layout.squares["M16"].center)
    window.step(1.5)
    state = window.controller.game.state if window.controller.game else None
    assert state is not None and state.off[C] == 2 and "M16" not in window.table.sim.pieces
    assert window.hand.pieces.off[C] == 2


def test_a_piece_let_go_off_the_board_goes_to_its_sideline_and_can_come_back() -> None:
    window = set_up("C:C1,M6 R:M9 turn:C throw:2:WWDD", mummy=None)
    game = window.controller.game
    assert game is not None
    before = game.state
    drag(window, window.layout.squares["M6"].center, window.layout.sidelines[C].center)
    window.step(3.0)
    assert window.hand.pieces.waiting(C) == 4 and "M6" not in window.table.sim.pieces
    assert game.state == before  # taking a piece off is no move
    drag(window, window.layout.sideline_slot(C, 0), window.layout.squares["M6"].center)
    window.step(1.0)
    assert game.state == before and window.hand.pieces.owners["M6"] is C
    make(window, before.moves[0])
    assert game.state != before


def test_entering_from_the_sideline() -> None:
    window = set_up("C:C1 R:M9 turn:C throw:4:WWWW", mummy=None)
    make(window, next(m for m in window.controller.game.state.moves if m.enters))  # type: ignore[union-attr]
    assert window.hand.pieces.owners["C4"] is C and window.hand.pieces.waiting(C) == 3


def test_a_short_click_on_the_sticks_is_still_a_shake_and_space_shakes_too() -> None:
    window = set_up("C:C1 R:M9 turn:C", mummy=None)
    box = window.layout.stick_box.center
    press(window, box)
    release(window, box)
    window.step(1.5)
    assert window.controller.phase is Phase.MOVE
    window = set_up("C:C1 R:M9 turn:C", mummy=None)
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE))
    window.step(0.4)
    assert window.hand.shaking
    window.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE))
    window.step(1.5)
    assert not window.hand.shaking and window.controller.phase is Phase.MOVE


def test_the_menu_plays_the_mummy_switches_sides_and_sets_its_level(tmp_path: Path) -> None:
    window = set_up("C:C2 R:M9 turn:C throw:2:WWDD", mummy=None)
    window.choices_file = SettingsFile(tmp_path)
    choose(window, "Options", "Opponent", "The mummy plays the Cones")
    assert window.controller.settings.mummy == C and window.settings.mummy == C
    assert window.controller.mummy_move is not None  # it is Cones' turn: the mummy takes it
    window.act("choose:opponent:reels")
    assert window.controller.settings.mummy == R and window.controller.mummy_move is None
    window.act("choose:level:vizier")
    assert window.controller.settings.level is Level.VIZIER
    kept = SettingsFile(tmp_path).load(None)
    assert (kept["level"], kept["opponent"]) == ("vizier", "reels")


def test_new_game_from_the_menu_sweeps_the_board_and_starts_afresh() -> None:
    window = set_up("C:C2,M7 R:M9 turn:C throw:2:WWDD", mummy=None)
    window.act("new_game")
    window.step(1.0)
    game = window.controller.game
    assert not window.table.sim.pieces and game is not None
    assert game.state.off == (0, 0) and game.state.waiting(C) + game.state.waiting(R) >= 9


def test_mummy_facts_appear_while_a_throw_is_awaited_and_go_when_thrown() -> None:
    window = set_up("C:C1 R:M9 turn:C", mummy=None)
    for _ in range(60):
        window.step(1.0)
    assert window.fact is not None
    shake(window)
    assert window.fact is None
    window.act("facts")
    for _ in range(400):
        window.step(1.0)
        assert window.fact is None


def test_escape_closes_a_menu_or_page_before_the_window() -> None:
    window = set_up("C:C1 R:M9 turn:C", mummy=None)
    window.act("choose:mode:tournament")  # two pages: the story, then Setna in the sand
    assert window.page is not None and window.page[0] == "Setna and the Book of Thoth"
    press(window, (10, 400))
    assert window.page is not None and window.page[0] == "The first game"
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert window.page is None and window.pages == [] and window.running
    window.act("help:about")
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert window.page is None and window.running
    window.handle(pygame.event.Event(pygame.QUIT))
    assert not window.running
