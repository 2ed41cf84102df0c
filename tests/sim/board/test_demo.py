"""The demonstration: the mummy plays both sides through its simulated hand, game after game."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.sides import Side
from engine.game import Game
from engine.games import load
from engine.tait.moves import Move
from firmware.lights.scenes import Phase
from firmware.play import sounds
from firmware.play.controller import Settings
from firmware.play.store import Store
from firmware.play.tracker import AsExpected
from sim.board.demo import Demo
from sim.board.mummy_hand import MummyHand
from sim.board.pieces import Pieces
from sim.board.table import FRAME, Table
from sim.command.cli import main


def run_demo(table: Table, demo: Demo, seconds: float) -> None:
    """Let the demonstrator act every frame, as the service's loop lets it."""
    end = table.now + seconds
    while table.now < end:
        demo.act(table.controller, table.now)
        table.run(FRAME)


def test_the_mummy_plays_both_sides_through_the_switches_and_starts_the_next_game(
        tmp_path: Path) -> None:
    table = Table(state_dir=tmp_path, settings=Settings(mummy_plays_both=True, celebrate=2.0),
                  seed=11)
    demo = Demo(table.sim)
    controller = table.controller
    while controller.phase is not Phase.WON and table.now < 3600:
        run_demo(table, demo, 1.0)
    winner = controller.last_winner
    assert winner is not None, controller.status()
    saved = Store(tmp_path).load()
    assert saved is not None and saved.record.final_state().winner == winner
    first = controller.game
    while (controller.game is first or controller.phase is not Phase.MOVE) and table.now < 3600:
        run_demo(table, demo, 1.0)  # the board is cleared and the demo shakes again
    assert controller.game is not first and controller.game is not None
    assert controller.game.first is winner.other  # the loser throws first
    assert sounds.MISTAKE not in table.sim.sounds  # every move was made as the board expected
    assert any(e.endswith("win!") for e in controller.said)
    table.close()


def test_the_demonstration_sets_out_senets_pieces_and_plays_a_whole_game(
        tmp_path: Path) -> None:
    table = Table(state_dir=tmp_path, seed=12,
                  settings=Settings(mummy_plays_both=True, celebrate=2.0, ruleset=load("senet")))
    demo = Demo(table.sim)
    controller = table.controller
    while controller.phase is not Phase.WON and table.now < 3600:
        run_demo(table, demo, 1.0)
    assert controller.last_winner is not None, controller.status()
    assert sounds.MISTAKE not in table.sim.sounds
    table.close()


def test_the_demonstration_plays_a_whole_game_of_ramses_both_moves_of_every_turn(
        tmp_path: Path) -> None:
    table = Table(state_dir=tmp_path, seed=13,
                  settings=Settings(mummy_plays_both=True, celebrate=2.0, ruleset=load("ramses")))
    demo = Demo(table.sim)
    controller = table.controller
    while controller.phase is not Phase.WON and table.now < 3600:
        run_demo(table, demo, 1.0)
    assert controller.last_winner is not None, controller.status()
    assert sounds.MISTAKE not in table.sim.sounds and sounds.THROW not in table.sim.sounds
    assert any(" the Reel on " in e or " the Cone on " in e for e in controller.said)
    table.close()


def test_the_mummys_hand_slides_a_bumping_move_and_the_board_sees_it() -> None:
    table = Table(settings=Settings(mummy=Side.REELS))
    from engine.tait.state import GameState

    state = GameState.parse("C:M9 R:M6 entered:CR turn:R throw:3:WWWD")
    for square in state.occupancy():
        table.sim.place(square)
    table.run(0.2)
    table.controller.set_up(state)
    table.run(0.1)
    assert table.controller.mummy_move == Move(Side.REELS, 6, 3)
    pieces = Pieces.of(state)
    hand = MummyHand(table.sim, pieces)
    flights = []
    for _ in range(90):  # three seconds of frames
        hand.act(table.controller, table.now)
        if hand.flight is not None:
            flights.append(hand.flight.progress(table.now))
        table.run(FRAME)
    game = table.controller.game
    assert game is not None and game.state.squares(Side.REELS) == {"M9"}
    assert game.state.waiting(Side.CONES) == 5  # the Cone on M9 was bumped home
    assert pieces.owners == {"M9": Side.REELS} and pieces.waiting(Side.CONES) == 5
    assert 8 <= len(flights) <= 20 and flights == sorted(flights)  # about half a second
    table.close()


def test_demo_needs_the_simulated_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--board", "x.toml", "--demo"]) == 64
    assert "--simulated" in capsys.readouterr().err


def test_a_restarted_demonstration_sets_out_the_saved_game_and_plays_it_on(
        tmp_path: Path) -> None:
    """A soak that restarts the service goes on: the simulated board starts empty, the board
    asks for the saved position, and the demonstrator sets it out instead of waiting for ever."""
    table = Table(state_dir=tmp_path, settings=Settings(mummy_plays_both=True), seed=11)
    demo = Demo(table.sim)
    while (table.controller.game is None or len(table.controller.game.record.actions) < 12) \
            and table.now < 600:
        run_demo(table, demo, 1.0)
    table.close()  # killed mid-game: the save is all that is left
    saved = Store(tmp_path).load()
    assert saved is not None and not saved.record.final_state().is_over
    again = Table(state_dir=tmp_path, settings=Settings(mummy_plays_both=True), seed=12)
    assert again.controller.phase is Phase.GUIDE and not again.sim.pieces
    run_demo(again, Demo(again.sim), 60.0)
    game = again.controller.game
    assert game is not None
    played = game.record.actions
    assert played[:len(saved.record.actions)] == saved.record.actions
    assert len(played) > len(saved.record.actions)  # and it went on
    again.close()


@pytest.mark.long
def test_the_mummy_plays_whole_games_of_the_stacking_game_on_the_simulated_hall_board(
        tmp_path: Path) -> None:
    """``aseb run --simulated --board hardware/boards/hall.toml --game stacks --demo``: each
    man counted by the Hall sensors, game after game."""
    rules = load("stacks")
    table = Table(state_dir=tmp_path, settings=Settings(mummy_plays_both=True, celebrate=2.0,
                                                        ruleset=rules), seed=5)
    assert table.sim.hall is not None
    demo = Demo(table.sim)
    controller = table.controller
    winners = []
    while len(winners) < 2 and table.now < 3000:
        run_demo(table, demo, 1.0)
        if controller.phase is Phase.WON and (not winners or controller.phase_since
                                               != winners[-1][1]):
            winners.append((controller.last_winner, controller.phase_since))
            assert controller.unguided() is None
    assert len(winners) == 2, controller.status()
    table.close()


def test_a_piece_that_lands_while_a_far_game_is_set_out_is_lifted_and_play_goes_on(
        tmp_path: Path) -> None:
    """The demonstration began its own game as the far board's was taken up: its last piece
    landed on a square of no new piece while the new game's pieces were being set out. The hand
    lifts it (it used to set out round it and wait for ever)."""
    rules = load("ramses")
    table = Table(state_dir=tmp_path, seed=6, settings=Settings(ruleset=rules, mummy=None),
                  overrides={"game": "ramses", "opponent": "far"})
    table.run(0.5)
    controller = table.controller
    controller.play_far(Side.REELS, begins=False, away=False)
    controller.take_up(Game(rules, Side.REELS).record)
    assert controller.phase is Phase.GUIDE and controller.setting_out
    table.sim.place("T8")  # the piece in the air as the game was taken up
    demo = Demo(table.sim)
    run_demo(table, demo, 30.0)
    assert controller.phase is Phase.MOVE, controller.status()
    assert isinstance(controller.verdict, AsExpected)
    assert "T8" not in table.sim.pieces
    table.close()
