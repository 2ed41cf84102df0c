"""The gesture that opens the board menu during a game is a cleared board: a game's piece still
standing where the game expects it means the game is on the board, and a shake is then the
game's, never the menu's."""

from __future__ import annotations

from pathlib import Path

from engine.games import load
from firmware.lights.scenes import Phase
from firmware.play import sounds
from sim.board.table import Table
from tests.firmware.hand import Hand

POSITION = "C:C1 R:M15 entered:CR turn:C"
"""A Cone on C1 and a Reel on M15: C1 is one end of the menu's gesture, 16 (M16) the other."""


def game_on_the_board(tmp_path: Path) -> Table:
    state = load("tait").parse(POSITION)
    table = Table(state_dir=tmp_path, menu=True, pieces=state.occupancy())
    table.controller.change_game(state.rules)
    table.controller.set_up(state)
    table.run(0.5)
    assert table.controller.phase is Phase.THROW
    return table


def test_a_sleeve_sliding_a_reel_onto_16_never_opens_the_menu(tmp_path: Path) -> None:
    with game_on_the_board(tmp_path) as table:
        hand = Hand(table)
        hand.slide("M15", "M16")  # a sleeve catches the Reel: the board shows C1 and M16
        hand.shake()  # the player shakes for a throw
        table.run(1.5)
        assert table.controller.phase is not Phase.MENU
        assert sounds.INVITE not in table.sim.speaker.played
        assert table.controller.game is not None and not table.controller.game.state.is_over


def test_the_game_cleared_away_then_the_gesture_opens_the_menu(tmp_path: Path) -> None:
    with game_on_the_board(tmp_path) as table:
        hand = Hand(table)
        hand.lift("M15")
        hand.lift("C1")  # the game's pieces cleared away: kept, guided back to afterwards
        hand.place("C1")
        hand.place("M16")
        hand.shake()
        table.run(1.5)
        assert table.controller.phase is Phase.MENU
        assert table.sim.speaker.played[-1] == sounds.INVITE
