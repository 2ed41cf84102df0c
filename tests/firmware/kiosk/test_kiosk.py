"""The museum kiosk on the simulated board: invitations while idle, quiet hours across midnight,
games left alone ended and cleared, staff resets, one statistics line per game, stuck reeds.
The controller ticks every frame while hands act; long waits step half a second at a time."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path

from engine.core.sides import Side
from engine.tait.moves import Move
from engine.tait.state import GameState
from firmware.kiosk.stats import GameLog
from firmware.lights.scenes import VIOLET, Phase
from firmware.play import sounds
from firmware.play.controller import Settings
from hardware.boards.board_file import BOARDS, DEFAULT_BOARD, KioskConfig, load_board
from sim.board.table import Table
from tests.firmware.hand import Hand, carry_out
from tests.firmware.play.test_stories import hue, lit

C, R = Side.CONES, Side.REELS
KIOSK = replace(load_board(DEFAULT_BOARD).kiosk, enabled=True, level="priest")
EVENING = datetime(2026, 11, 23, 21, 58)


def kiosk_table(tmp_path: Path, config: KioskConfig = KIOSK, start: datetime = EVENING,
                **more: object) -> Table:
    return Table(state_dir=tmp_path, settings=Settings(), kiosk=config, wall_start=start,
                 **more)  # type: ignore[arg-type]


def wait(table: Table, seconds: float) -> None:
    """Let a long quiet time pass (nobody touches the board)."""
    table.run(seconds, step=0.5)


def test_an_idle_kiosk_invites_every_few_minutes_but_not_in_quiet_hours(tmp_path: Path) -> None:
    quiet = replace(KIOSK, quiet=(22 * 60, 8 * 60), quiet_volume=0.1, invite_every=60.0)
    with kiosk_table(tmp_path, quiet) as table:
        speaker = table.sim.speaker
        loud = speaker.volume
        wait(table, 100)  # 21:58 to 21:59:40
        assert speaker.played.count(sounds.INVITE) == 1
        wait(table, 60)  # past 22:00: quiet hours
        assert speaker.volume == 0.1
        invited = speaker.played.count(sounds.INVITE)
        wait(table, 600)
        assert speaker.played.count(sounds.INVITE) == invited  # no invitations at night
    morning = datetime(2026, 11, 24, 7, 59)  # across midnight, into the morning
    with kiosk_table(tmp_path / "morning", quiet, start=morning) as table:
        assert table.sim.speaker.volume == 0.1
        wait(table, 90)
        assert table.sim.speaker.volume == loud
        wait(table, 60)
        assert sounds.INVITE in table.sim.speaker.played


def test_a_game_left_alone_is_ended_the_board_cleared_and_recorded_once(tmp_path: Path) -> None:
    state = GameState.parse("C:C2,M6 R:M9 entered:CR turn:C")
    with kiosk_table(tmp_path, pieces=state.occupancy()) as table:
        table.controller.set_up(state)
        table.run(0.5)
        wait(table, KIOSK.abandon_after - 10)
        assert table.controller.game is not None  # not yet: a visitor may be thinking
        wait(table, 15)
        assert table.controller.phase is Phase.CLEAR and table.controller.game is None
        assert not (tmp_path / "game.json").exists()
        hand = Hand(table)
        for square in sorted(table.sim.pieces):
            hand.lift(square)
        table.run(1.0)
        assert table.controller.phase is Phase.IDLE
        lines = list(GameLog(tmp_path).lines())
        assert [line.result for line in lines] == ["abandoned"]
        assert lines[0].level == "priest" and lines[0].duration >= KIOSK.abandon_after - 1


def test_a_game_resumed_over_a_cleared_board_is_ended_if_nobody_comes(tmp_path: Path) -> None:
    """The service restarts mid-game (a power cut, a watchdog) and the board was cleared
    meanwhile: it waits for the position to be set out, and nobody comes. Found by the soak: the
    kiosk waited in guidance for ever, and no visitor after could begin a game."""
    state = GameState.parse("C:C2,M6 R:M9 entered:CR turn:C")
    with kiosk_table(tmp_path, pieces=state.occupancy()) as table:
        table.controller.set_up(state)
        table.run(0.5)
    with kiosk_table(tmp_path) as table:  # nothing on the board
        table.run(0.5)
        assert table.controller.phase is Phase.GUIDE and table.controller.game is not None
        wait(table, KIOSK.abandon_after - 10)
        assert table.controller.phase is Phase.GUIDE  # not yet: staff may be setting it out
        wait(table, 15)
        assert table.controller.phase is Phase.IDLE and table.controller.game is None
        assert [line.result for line in GameLog(tmp_path).lines()] == ["abandoned"]
        Hand(table).shake(0.6)
        table.run(2.0)
        assert table.controller.game is not None  # the next visitor's game


def test_covering_the_four_corners_resets_the_board_for_staff(tmp_path: Path) -> None:
    with kiosk_table(tmp_path) as table:
        Hand(table).shake()
        table.run(2.0)
        hand = Hand(table)
        for square in ("R1", "R4", "C1", "C4"):
            if square not in table.sim.pieces:
                hand.place(square)
        table.run(KIOSK.reset_hold + 1)
        assert table.controller.phase is Phase.CLEAR
        assert [g.result for g in GameLog(tmp_path).lines()] == ["reset"]


def test_holding_the_new_game_button_resets_the_board(tmp_path: Path) -> None:
    config = replace(KIOSK, reset="button")
    with kiosk_table(tmp_path, config, board=load_board(BOARDS / "mcp23017.toml")) as table:
        Hand(table).shake()
        table.run(2.0)
        table.sim.press("new_game", hold=config.reset_hold + 0.5)
        table.run(config.reset_hold + 1.5)
        assert table.controller.phase in (Phase.CLEAR, Phase.IDLE)
        assert [g.result for g in GameLog(tmp_path).lines()] == ["reset"]


def test_a_finished_game_is_one_line_naming_who_won(tmp_path: Path) -> None:
    state = GameState.parse("C:M15 off:4,0 R:M9 entered:CR turn:C throw:1:WDDD")
    with kiosk_table(tmp_path, pieces=state.occupancy()) as table:
        table.controller.set_up(state)
        table.run(0.5)
        carry_out(table, state, Move(C, 15, 1))  # the visitor (Cones) bears off and wins
        table.run(10.0)
        assert [g.result for g in GameLog(tmp_path).lines()] == ["visitor"]


def test_a_reed_stuck_closed_is_shown_and_play_goes_on_around_it(tmp_path: Path) -> None:
    with kiosk_table(tmp_path, pieces={"M7"}) as table:  # a reed that reads closed, no piece
        wait(table, KIOSK.stuck_after + 5)
        assert table.controller.tracker.stuck == {"M7"}
        assert any(hue(c) == hue(VIOLET) for c in lit(table, "M7", 3.0) if max(c))
        Hand(table).shake()
        table.run(2.0)
        assert table.controller.game is not None  # the stuck square does not hold up the game
        Hand(table).lift("M7")  # the reed works again
        table.run(1.0)
        assert not table.controller.tracker.stuck


def test_each_new_game_drops_what_the_last_one_cached(tmp_path: Path) -> None:
    """A board running for weeks keeps its memory flat: the rules' legal-move cache and the
    mummy's search table start afresh with every game."""
    from engine.tait.tables import tables

    with kiosk_table(tmp_path) as table:
        found = tables(table.controller.settings.ruleset).found
        found[1][-1] = ()  # something a past game left behind
        mummy = table.controller._mummy
        Hand(table).shake()
        table.run(2.0)
        assert -1 not in found[1] and table.controller._mummy is not mummy
