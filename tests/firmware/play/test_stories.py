"""Stories of play on the simulated board: the real drivers on mock pins, the real controller."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.core.sides import Side
from engine.tait.moves import Move
from engine.tait.state import GameState
from firmware.lights.scenes import CONES, GOLD, RED, REELS, Phase
from firmware.play import sounds
from firmware.play.controller import Settings
from sim.board.table import Table
from tests.firmware.hand import carry_out

C, R = Side.CONES, Side.REELS


@pytest.fixture
def two_players(tmp_path: Path) -> Iterator[Table]:
    with Table(state_dir=tmp_path, settings=Settings(mummy=None)) as table:
        yield table


def set_up(text: str, tmp_path: Path, mummy: Side | None = None) -> Table:
    state = GameState.parse(text + " entered:CR")
    table = Table(state_dir=tmp_path, settings=Settings(mummy=mummy), pieces=state.occupancy())
    table.controller.set_up(state)
    table.run(0.5)
    return table


def lit(table: Table, square: str, seconds: float = 1.0) -> set[tuple[int, int, int]]:
    """Every colour ``square`` shows over ``seconds`` (lights blink and pulse)."""
    colours = set()
    for _ in range(int(seconds * 30)):
        table.run(1 / 30)
        colours.add(table.sim.lights[square])
    return colours


def brightest(colours: set[tuple[int, int, int]]) -> tuple[int, int, int]:
    return max(colours, key=sum)


def hue(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """A colour scaled so its largest channel is 255, to compare past brightness."""
    top = max(colour) or 1
    return (colour[0] * 255 // top, colour[1] * 255 // top, colour[2] * 255 // top)


def shows(table: Table, square: str, colour: tuple[int, int, int]) -> bool:
    """Whether ``square`` shows ``colour`` (at any brightness) within a second."""
    want = hue(colour)
    return any(all(abs(a - b) <= 4 for a, b in zip(hue(c), want, strict=True))
               for c in lit(table, square) if max(c) > 0)


def test_a_whole_game_from_a_shake_to_a_cleared_board(two_players: Table) -> None:
    table = two_players
    table.sim.shake(1.0)
    table.run(2.0)
    moves = 0
    for _ in range(3000):
        controller = table.controller
        assert controller.game is not None
        state = controller.game.state
        if controller.phase is Phase.WON:
            break
        if controller.phase is Phase.THROW:
            table.sim.shake(0.8)
            table.run(2.0)  # the box settles 0.7 s after the last tilt
            continue
        assert controller.phase is Phase.MOVE
        move = state.moves[-1]
        carry_out(table, state, move, slide=moves % 3 == 0)
        table.run(1.0)
        assert controller.game.state is not state, f"{move} was not taken from the board"
        assert table.sim.pieces == controller.game.state.occupancy()
        moves += 1
    assert table.controller.phase is Phase.WON and moves > 20
    assert sounds.WIN in table.sim.sounds
    for square in table.sim.pieces:
        table.sim.lift(square)
    table.run(8.0)
    assert table.controller.phase is Phase.IDLE


def test_lifting_a_piece_lights_its_target(tmp_path: Path) -> None:
    with set_up("C:C2 R:M9 turn:C throw:2:WWDD", tmp_path) as table:
        assert hue(brightest(lit(table, "C2"))) == hue(CONES)
        table.sim.lift("C2")
        table.run(0.5)
        assert len(lit(table, "C4")) > 3  # pulsing
        table.sim.place("C4")
        table.run(0.5)
        assert table.controller.game is not None
        assert table.controller.game.state.squares(C) == {"C4"}


@pytest.mark.parametrize("bumped_first", [True, False])
def test_a_bump_in_either_order(tmp_path: Path, bumped_first: bool) -> None:
    with set_up("C:M6 R:M9 turn:C throw:3:WWWD", tmp_path) as table:
        state = table.controller.game.state  # type: ignore[union-attr]
        carry_out(table, state, Move(C, 6, 3), bumped_first=bumped_first)
        table.run(1.0)
        after = table.controller.game.state  # type: ignore[union-attr]
        assert after.squares(C) == {"M9"} and after.waiting(R) == 5
        assert sounds.BUMP in table.sim.sounds


@pytest.mark.parametrize("slide", [False, True])
def test_bearing_off_by_touching_16(tmp_path: Path, slide: bool) -> None:
    with set_up("C:M13 R:M5 off:1,0 turn:C throw:3:WWWD", tmp_path) as table:
        state = table.controller.game.state  # type: ignore[union-attr]
        table.sim.lift("M13")
        table.run(3.0)
        assert table.controller.game.state is state  # in the air: no move, no error
        assert sounds.MISTAKE not in table.sim.sounds
        table.sim.place("M13")
        table.run(0.5)
        carry_out(table, state, Move(C, 13, 3), slide=slide)
        table.run(1.0)
        assert table.controller.game.state.off[C] == 2  # type: ignore[union-attr]
        assert sounds.BEAR_OFF in table.sim.sounds


def test_a_slide_over_three_squares_is_one_move(tmp_path: Path) -> None:
    with set_up("C:C1 R:M9 turn:C throw:4:WWWW", tmp_path) as table:
        table.sim.slide("C1", "M5", seconds=0.6)
        table.run(1.5)
        game = table.controller.game
        assert game is not None and game.state.squares(C) == {"M5"}
        assert len(game.actions) == 1 and sounds.MISTAKE not in table.sim.sounds


def test_a_wrong_move_is_guided_back_then_play_goes_on(tmp_path: Path) -> None:
    with set_up("C:C2 R:M9 turn:C throw:2:WWDD", tmp_path) as table:
        table.sim.lift("C2")
        table.sim.place("M5")
        table.run(0.5)
        assert sounds.MISTAKE not in table.sim.sounds  # within the grace time
        table.run(1.5)
        assert table.sim.sounds.count(sounds.MISTAKE) == 1
        assert shows(table, "M5", RED)
        assert hue(brightest(lit(table, "C2"))) == hue(CONES)
        table.run(3.0)
        assert table.sim.sounds.count(sounds.MISTAKE) == 1  # once, not nagging
        table.sim.lift("M5")
        table.sim.place("C4")
        table.run(1.0)
        assert table.controller.game.state.squares(C) == {"C4"}  # type: ignore[union-attr]


def test_the_mummys_move_carried_out_wrongly_then_right(tmp_path: Path) -> None:
    with set_up("C:C1,M10 R:M6 turn:R throw:3:WWWD", tmp_path, mummy=R) as table:
        mummy_move = table.controller.mummy_move
        assert mummy_move is not None and mummy_move.source == "M6"
        assert shows(table, "M6", GOLD) and shows(table, "M9", GOLD)
        table.sim.lift("C1")  # a Cone moved while the mummy's move is shown: refused
        table.sim.place("C2")
        table.run(2.5)
        assert sounds.MISTAKE in table.sim.sounds
        table.sim.lift("C2")
        table.sim.place("C1")
        state = table.controller.game.state  # type: ignore[union-attr]
        carry_out(table, state, mummy_move)
        table.run(1.0)
        after = table.controller.game.state  # type: ignore[union-attr]
        assert after.squares(R) == {mummy_move.target} and after.turn == C


def test_the_mummys_bump_shows_the_piece_to_bump_first_in_red(tmp_path: Path) -> None:
    with set_up("C:M9 R:M6 turn:R throw:3:WWWD", tmp_path, mummy=R) as table:
        assert table.controller.mummy_move == Move(R, 6, 3)
        assert shows(table, "M9", RED)
        table.sim.lift("M9")
        table.run(0.5)
        assert not shows(table, "M9", RED)


def test_shakes_that_cannot_be_taken_are_refused_with_a_short_sound(tmp_path: Path) -> None:
    with set_up("C:C2 R:M9 turn:C throw:2:WWDD", tmp_path) as table:
        table.sim.shake(0.8)  # a second shake before the move
        table.run(2.5)
        assert table.sim.sounds.count(sounds.REFUSED) == 1
        assert table.controller.game.state.throw is not None  # type: ignore[union-attr]
    with set_up("C:C2 R:M9 turn:R", tmp_path / "mummy", mummy=R) as table:
        table.sim.shake(0.5)  # during the mummy's turn
        table.run(2.5)
        assert sounds.REFUSED in table.sim.sounds


def test_the_mummy_throws_for_itself(tmp_path: Path) -> None:
    with set_up("C:C2 R:M9 turn:R", tmp_path, mummy=R) as table:
        table.run(3.0)
        game = table.controller.game
        assert game is not None and len(game.actions) >= 1
        assert sounds.MUMMY_TURN in table.sim.sounds


def test_switching_sides_and_the_mummy_at_any_time(tmp_path: Path) -> None:
    with set_up("C:C2 R:M9 turn:C throw:2:WWDD", tmp_path) as table:
        table.controller.press("mummy")
        table.run(0.2)
        assert table.controller.settings.mummy == C and table.controller.mummy_move is not None
        table.controller.press("switch_sides")
        table.run(0.2)
        assert table.controller.settings.mummy == R and table.controller.mummy_move is None


def test_power_loss_resumes_the_last_completed_move(tmp_path: Path) -> None:
    with set_up("C:C2 R:M9 turn:C throw:2:WWDD", tmp_path) as table:
        carry_out(table, table.controller.game.state, Move(C, 2, 2))  # type: ignore[union-attr]
        table.run(1.0)
        before = table.controller.game.state  # type: ignore[union-attr]
        pieces = table.sim.pieces
    with Table(state_dir=tmp_path, settings=Settings(mummy=None), pieces=pieces) as table:
        assert table.controller.game is not None
        assert table.controller.game.state == before
        assert table.controller.phase is Phase.THROW


def test_a_board_that_does_not_match_the_save_is_guided(tmp_path: Path) -> None:
    with set_up("C:C2 R:M9 turn:C", tmp_path) as table:
        pass
    with Table(state_dir=tmp_path, settings=Settings(mummy=None), pieces={"C2"}) as table:
        assert table.controller.phase is Phase.GUIDE
        assert hue(brightest(lit(table, "M9"))) in (hue(CONES), hue(REELS))
        table.sim.place("M9")
        table.run(1.0)
        assert table.controller.phase is Phase.THROW


def test_a_garbled_save_is_moved_aside_and_start_up_goes_on(tmp_path: Path) -> None:
    (tmp_path / "game.json").write_text('{"format": "aseb-save", "record": {"act')
    with Table(state_dir=tmp_path, settings=Settings(mummy=None)) as table:
        assert table.controller.phase is Phase.IDLE
    assert (tmp_path / "game.bad-1.json").exists()
    assert not (tmp_path / "game.json").exists()


def test_the_kiosks_fair_mode_learns_from_each_game_and_survives_a_restart(
        tmp_path: Path) -> None:
    settings = Settings(mummy=R, fair=True)
    state = GameState.parse("C:M15 off:4,0 R:M9 entered:CR turn:C throw:1:WDDD")
    with Table(state_dir=tmp_path, settings=settings, pieces=state.occupancy()) as table:
        table.controller.set_up(state)
        strength = table.controller.fairness.strength
        carry_out(table, state, Move(C, 15, 1))  # the visitor (Cones) bears off and wins
        table.run(1.0)
        assert table.controller.phase is Phase.WON
        assert table.controller.fairness.strength > strength  # the mummy plays harder now
        learned = table.controller.fairness
    with Table(state_dir=tmp_path, settings=Settings(mummy=R, fair=True),
               pieces={"M9"}) as table:
        assert table.controller.fairness == learned


def test_a_table_seed_replays_the_same_throws(tmp_path: Path) -> None:
    """Tests (and the hypothesis state machine) need the sticks to fall the same way each run."""

    def opening(seed: int, folder: str) -> tuple[object, ...]:
        with Table(state_dir=tmp_path / folder, settings=Settings(mummy=None), seed=seed) as t:
            for _ in range(6):  # the demon-cast, then throws from the stick box
                game = t.controller.game
                if game is not None and game.state.moves:
                    carry_out(t, game.state, game.state.moves[0])
                    t.run(1.0)
                t.sim.shake(0.6)
                t.run(2.0)
            assert t.controller.game is not None
            return t.controller.game.actions

    first = opening(7, "a")
    assert len(first) >= 8
    assert opening(7, "b") == first
    assert opening(8, "c") != first
