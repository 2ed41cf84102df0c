"""``aseb play --far``: a player at a terminal has no pieces to set, so when the board asks for a
position (a far game taken up, or resumed after a restart, or a new game's pieces set out) the
terminal's hand sets it, and the game goes on instead of waiting for ever."""

from __future__ import annotations

from pathlib import Path

from engine.core.sides import Side
from engine.game import Game
from engine.games import load
from engine.tait.state import GameState
from firmware.lights.scenes import Phase
from firmware.play.controller import Settings
from firmware.play.tracker import AsExpected
from sim.board.table import Table
from sim.terminal.far_game import FarTerminal, ReadLine


def frames_of_nothing(clock: list[float], seconds: float) -> ReadLine:
    """A player who types nothing while the board runs ``seconds`` of its frames."""
    frames = [0]

    def nothing_typed(wait: float) -> str | None:
        clock[0] += wait
        frames[0] += 1
        if frames[0] > seconds * 15:
            raise EOFError
        return None
    return nothing_typed


def test_a_game_resumed_on_an_empty_board_is_set_out_by_the_terminals_hand(
        tmp_path: Path) -> None:
    state = GameState.parse("C:M5,C2 R:M9 turn:C throw:1:WDDD")
    table = Table(state_dir=tmp_path, settings=Settings(mummy=None), seed=1)
    for square in state.owners():
        table.sim.place(square)
    table.run(0.5)
    table.controller.set_up(state)
    table.run(0.5)
    table.close()

    table = Table(state_dir=tmp_path, settings=Settings(mummy=None), seed=2)  # a restart
    table.run(0.5)
    assert table.controller.phase is Phase.GUIDE and not table.controller.setting_out
    clock = [0.0]
    FarTerminal(table, frames_of_nothing(clock, 10), lambda line: None,
                clock=lambda: clock[0]).run()
    assert table.controller.phase is Phase.MOVE
    assert isinstance(table.controller.verdict, AsExpected)
    assert table.sim.pieces == set(state.owners())
    table.close()


def test_a_far_game_whose_pieces_start_on_the_board_is_set_out_by_the_terminals_hand(
        tmp_path: Path) -> None:
    """Ramses' pieces start on the board: taken up on the terminal's empty board, the hand sets
    them out (it used to wait for ever for pieces nobody at a terminal can set)."""
    rules = load("ramses")
    table = Table(state_dir=tmp_path, settings=Settings(ruleset=rules, mummy=None), seed=1,
                  overrides={"game": "ramses", "opponent": "far"})
    table.run(0.5)
    table.controller.play_far(Side.REELS, begins=False, away=False)
    fresh = Game(rules, Side.REELS)
    table.controller.take_up(fresh.record)
    assert table.controller.phase is Phase.GUIDE and table.controller.setting_out
    clock = [0.0]
    FarTerminal(table, frames_of_nothing(clock, 20), lambda line: None,
                clock=lambda: clock[0]).run()
    assert table.controller.phase is Phase.MOVE, table.controller.status()
    assert isinstance(table.controller.verdict, AsExpected)
    assert table.sim.pieces == set(fresh.state.owners())
    table.close()
