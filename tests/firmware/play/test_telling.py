"""The controller tells what happened: news of the last throw or move, a bounded log, each
side's last throw (a resumed game too), and a calm board to clear after a win."""

from __future__ import annotations

from pathlib import Path

from engine.core.sides import Side
from engine.core.sticks import Throw
from firmware.lights.scenes import CALM, RED, Phase
from firmware.play import sounds
from firmware.play.controller import Settings
from firmware.play.play_state import SAID
from hardware.events import SticksThrown
from sim.board.table import Table
from tests.firmware.hand import carry_out
from tests.firmware.play.test_stories import hue, lit, set_up

C, R = Side.CONES, Side.REELS


def throw(table: Table, sticks: str) -> None:
    table.controller.handle(SticksThrown(Throw.parse(sticks), table.now))
    table.run(0.5)


def test_a_lost_throw_is_news_and_goes_in_the_log(tmp_path: Path) -> None:
    table = set_up("C:M14 R:M9 off:4,0 turn:C", tmp_path)
    throw(table, "WWWD")
    controller = table.controller
    assert controller.news == ("Cones threw 3.", "Cones cannot move 3: the throw is lost.")
    assert list(controller.said)[-2:] == list(controller.news)
    assert list(controller.throws) == [C] and controller.throws[C].value == 3


def test_the_log_keeps_only_the_last_sentences(tmp_path: Path) -> None:
    table = set_up("C:M14 R:M15 off:4,4 turn:C", tmp_path)
    for _ in range(SAID):  # every 3 is lost for both sides: the turn goes back and forth
        throw(table, "WWWD")
    said = table.controller.said
    assert len(said) == SAID and said[-1] == "Reels cannot move 3: the throw is lost."
    assert list(table.controller.throws) == [C, R]  # the side that threw last comes last


def test_a_resumed_game_knows_each_sides_last_throw(tmp_path: Path) -> None:
    with Table(state_dir=tmp_path, settings=Settings(mummy=None), seed=3) as table:
        table.sim.shake(1.0)
        table.run(2.0)
        game = table.controller.game
        assert game is not None
        before = dict(table.controller.throws)
        pieces = game.state.occupancy()
    assert before
    with Table(state_dir=tmp_path, settings=Settings(mummy=None), pieces=pieces) as again:
        assert again.controller.game is not None
        assert again.controller.throws == before
        assert again.controller.shown_throw is not None


def test_after_a_win_the_pieces_left_glow_calm_and_nothing_is_a_mistake(tmp_path: Path) -> None:
    table = set_up("C:M14 R:M9,R2 off:4,0 turn:C throw:2:WWDD", tmp_path)
    game = table.controller.game
    assert game is not None
    carry_out(table, game.state, game.state.moves[0])
    table.run(table.controller.settings.celebrate + 2.0)
    assert table.controller.phase is Phase.WON
    for square in ("M9", "R2"):
        colours = lit(table, square, 4.0)
        assert RED not in colours and max(max(c) for c in colours) > 0
        assert all(max(abs(a - b) for a, b in zip(hue(c), hue(CALM), strict=True)) <= 8
                   for c in colours if max(c) > 40), (square, colours)
    assert sounds.MISTAKE not in table.sim.sounds
    assert table.controller.status() == "Cones win! Clear the board for a new game."


def test_the_mummy_may_play_both_sides(tmp_path: Path) -> None:
    table = set_up("C:C1 R:M9 turn:C", tmp_path)
    table.controller.settings.mummy_plays_both = True
    table.controller.press("hints")  # any change of mode: the turn is judged again
    table.run(3.0)
    assert table.controller.mummy_move is not None and table.controller.mummy_move.side is C
