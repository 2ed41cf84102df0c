"""``aseb play --far``: a player at a terminal has no pieces to set, so when the board asks for a
position (a far game taken up, or resumed after a restart) the terminal's hand sets it, and the
game goes on instead of waiting for ever."""

from __future__ import annotations

from pathlib import Path

from engine.tait.state import GameState
from firmware.lights.scenes import Phase
from firmware.play.controller import Settings
from firmware.play.tracker import AsExpected
from sim.board.table import Table
from sim.terminal.far_game import FarTerminal


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
    clock, frames = [0.0], [0]

    def nothing_typed(seconds: float) -> str | None:
        clock[0] += seconds
        frames[0] += 1
        if frames[0] > 150:  # ten seconds of the board's frames
            raise EOFError
        return None

    FarTerminal(table, nothing_typed, lambda line: None, clock=lambda: clock[0]).run()
    assert table.controller.phase is Phase.MOVE
    assert isinstance(table.controller.verdict, AsExpected)
    assert table.sim.pieces == set(state.owners())
    table.close()
