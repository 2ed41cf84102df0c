"""The tutorial on the simulated board: every lesson set out by the guidance lights, thrown with
the stick box and moved by hand, through the switches, the controller ticking every frame."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.game import Game
from firmware.lights.scenes import CONES, RED, REELS, Phase
from firmware.play.controller import Settings
from firmware.play.store import Store
from firmware.play.tracker import Mismatch
from firmware.story.tutorial import (
    BOARD,
    LESSONS,
    TERMINAL,
    WINDOW,
    Progress,
    Teacher,
    Tutorial,
    instruction,
)
from hardware.boards.board_file import BOARDS, load_board
from hardware.core.squares import RACK_OF, RACKS
from sim.board.table import Table
from tests.firmware.hand import Hand, carry_out, rack_slot
from tests.firmware.play.test_stories import hue

Colour = tuple[int, int, int]


def lights_for(table: Table, seconds: float = 1.0) -> dict[str, set[Colour]]:
    """Every colour each square shows over ``seconds``."""
    seen: dict[str, set[Colour]] = {}
    for _ in range(int(seconds * 30)):
        table.run(1 / 30)
        for square, colour in table.sim.lights.items():
            seen.setdefault(square, set()).add(colour)
    return seen


def blinking(table: Table) -> dict[str, Colour]:
    """The squares that blink (on and dark by turns), with their colour's hue."""
    found = {}
    for square, colours in lights_for(table).items():
        lit = [c for c in colours if max(c) > 0]
        if (0, 0, 0) in colours and lit:
            found[square] = hue(max(lit, key=sum))
    return found


def set_out_by_the_lights(table: Table, hand: Hand) -> None:
    """Do as the guidance lights say: fill what blinks in a side's colour, lift what blinks red."""
    for square, colour in sorted(blinking(table).items()):
        if colour == hue(RED) and square in table.sim.pieces:
            hand.lift(square)
        elif colour in (hue(CONES), hue(REELS)) and square not in table.sim.pieces:
            hand.place(square)
    table.run(0.5)


def lesson_move(tutorial: Tutorial) -> str:
    teacher = tutorial.teacher
    move = teacher.lesson.beats[teacher.beat].move
    assert move
    return move


def follow_the_lessons(table: Table, tutorial: Tutorial, wrong: dict[int, str] | None = None,
                       steps: int = 200) -> None:
    """Play as the tutorial says until it ends (or ``steps`` are taken); ``wrong``: lesson
    index -> a move made instead of the lesson's, once."""
    wrong = dict(wrong or {})
    hand = Hand(table)
    controller = table.controller
    for _ in range(steps):
        if not tutorial.running:
            return
        game = controller.game
        assert game is not None
        state = game.state
        if controller.phase is Phase.GUIDE:
            set_out_by_the_lights(table, hand)
        elif controller.phase is Phase.THROW and state.turn is Side.CONES:
            hand.shake()
            table.run(1.5)
        elif controller.phase is Phase.MOVE and state.turn is Side.CONES:
            notation = wrong.pop(tutorial.teacher.index, None) or lesson_move(tutorial)
            carry_out(table, state, state.parse_move(notation))
            table.run(1.0)
        else:
            table.run(0.5)  # the mummy's turn


def begin(table: Table) -> Tutorial:
    """The tutorial begun on ``table``, its first lesson set out as the lights guide."""
    tutorial = Tutorial(table.controller, BOARD)
    table.companions.append(tutorial)
    tutorial.start()
    hand = Hand(table)
    while table.controller.phase is Phase.GUIDE:
        set_out_by_the_lights(table, hand)
    return tutorial


@pytest.fixture
def board(tmp_path: Path) -> Table:
    return Table(state_dir=tmp_path, settings=Settings(mummy=None), seed=3)


def test_the_tutorial_completes_on_the_board_through_the_sensors(board: Table) -> None:
    said: list[str] = []
    tutorial = Tutorial(board.controller, BOARD, say=said.append)
    board.companions.append(tutorial)
    tutorial.start()
    assert board.controller.settings.mummy is Side.REELS
    follow_the_lessons(board, tutorial)
    game = board.controller.game
    assert tutorial.finished, f"{tutorial.heading}: {tutorial.message}"
    assert game is not None and game.state.winner is Side.CONES
    for lesson in LESSONS:  # every lesson was told, and praised
        assert any(lesson.praise in line for line in said), lesson.title
    assert any("throw is lost" in line for line in said)
    assert board.controller.settings.mummy is None  # the board is given back as it was
    assert board.controller.throw_source is None and board.controller.lighting is None
    board.run(8.0)  # the victory lights, then an empty board waits for a real game
    assert board.controller.phase is Phase.IDLE


def test_the_lesson_decides_how_the_shaken_sticks_fall(board: Table) -> None:
    tutorial = begin(board)
    assert board.controller.phase is Phase.MOVE  # lesson 1 gives its throw
    hand = Hand(board)
    state = board.controller.game.state  # type: ignore[union-attr]
    carry_out(board, state, state.parse_move("C2-M5"))
    board.run(1.0)
    assert tutorial.teacher.index == 1 and board.controller.phase is Phase.THROW
    board.run(5.0)  # nothing is thrown until the sticks are shaken
    assert board.controller.phase is Phase.THROW
    hand.shake()
    board.run(1.5)
    assert board.controller.throws[Side.CONES] == Throw.parse("2:WWDD")
    sticks = [board.sim.lights[s] for s in ("S1", "S2", "S3", "S4")]
    assert [sum(colour) > 300 for colour in sticks] == [True, True, False, False]  # W W D D
    assert "Two white sticks: a 2." in tutorial.message


def test_a_move_the_lesson_did_not_ask_for_is_corrected_and_set_up_again(board: Table) -> None:
    tutorial = begin(board)
    state = board.controller.game.state  # type: ignore[union-attr]
    carry_out(board, state, state.parse_move("in-C3"))  # a new piece instead of C2-M5
    board.run(1.0)
    assert tutorial.teacher.index == 0
    assert tutorial.message.startswith(LESSONS[0].correct)
    guidance = blinking(board)
    assert guidance == {"C3": hue(RED)}  # the new piece goes back: as the lesson began
    follow_the_lessons(board, tutorial)
    assert tutorial.finished


def test_the_first_lesson_lights_the_path_under_the_game(board: Table) -> None:
    begin(board)
    seen = lights_for(board, 4.0)
    for square in ("C1", "M7", "M10", "M15"):  # on the Cones' path, nothing else lit there
        colours = seen[square]  # the Cones' blue, dim to bright as the light runs past
        assert all(0 < max(c) == c[2] for c in colours) and len(colours) > 3, square
    assert all(max(c) == 0 for c in seen["R2"])  # off the path: dark


def test_the_saved_game_is_left_alone_and_a_new_game_ends_the_tutorial(tmp_path: Path) -> None:
    with Table(state_dir=tmp_path, settings=Settings(mummy=None), seed=2) as table:
        Hand(table).shake()
        table.run(2.0)  # a real game begins, and is saved
        saved = (tmp_path / "game.json").read_bytes()
        tutorial = Tutorial(table.controller, BOARD)
        table.companions.append(tutorial)
        tutorial.start()
        follow_the_lessons(table, tutorial, steps=6)
        assert tutorial.running and tutorial.teacher.index >= 1
        assert (tmp_path / "game.json").read_bytes() == saved
        table.controller.press("new_game")
        table.run(0.2)
        assert not tutorial.running and table.controller.store is not None
        assert table.controller.settings.mummy is None and table.controller.lighting is None
    assert Store(tmp_path).load() is not None


def test_a_lesson_starts_again_after_a_throw_where_a_move_was_wanted() -> None:
    teacher = Teacher(TERMINAL)
    state = teacher.begin()
    assert teacher.heard(state, Throw.of(2)) is Progress.AGAIN
    assert teacher.message == LESSONS[0].correct and teacher.index == 0


@pytest.mark.parametrize("words", [BOARD, WINDOW, TERMINAL], ids=["board", "window", "terminal"])
def test_every_lesson_plays_out_by_the_rules_as_written(words: dict[str, str]) -> None:
    teacher = Teacher(words)
    rng = random.Random(0)
    while not teacher.finished:
        game = Game.from_position(teacher.begin())
        assert "{" not in teacher.message, teacher.message
        progress = Progress.ON
        while progress is Progress.ON:
            state = game.state
            if state.throw is None:
                action = teacher.arranged(state.rules.draw(rng))
                game.cast(action)
            else:
                beat = teacher.lesson.beats[teacher.beat]
                action = state.parse_move(beat.move) if beat.move else state.moves[0]
                if beat.move:
                    assert instruction(words, beat.move) in teacher.message
                game.play(action)
            progress = teacher.heard(state, action)
            assert "{" not in teacher.message, teacher.message
        assert progress is Progress.DONE
    assert game.state.winner is Side.CONES


def test_on_a_board_with_rack_switches_the_racks_are_set_out_too() -> None:
    """Lesson 6 has four Cones borne off: the status line asks for them in the tray."""
    board = load_board(BOARDS / "mcp23017-racks.toml")
    with Table(board=board, settings=Settings(mummy=None), seed=3,
               pieces=[*RACKS["CW"], *RACKS["RW"]]) as table:
        tutorial = Tutorial(table.controller, BOARD)
        table.companions.append(tutorial)
        tutorial.start()
        hand, controller, asked = Hand(table), table.controller, set()
        for _ in range(300):
            if not tutorial.running:
                break
            state = controller.game.state  # type: ignore[union-attr]
            verdict = controller.verdict
            if controller.phase is Phase.GUIDE and isinstance(verdict, Mismatch):
                asked.add(controller.status())
                for square in sorted(verdict.unexpected):  # a rack's count, or a square
                    hand.lift(rack_slot(table, RACK_OF[square], True) if square in RACK_OF
                              else square)
                for square in sorted(verdict.missing):
                    hand.place(rack_slot(table, RACK_OF[square]) if square in RACK_OF
                               else square)
                table.run(0.5)
            elif controller.phase is Phase.THROW and state.turn is Side.CONES:
                hand.shake()
                table.run(1.5)
            elif controller.phase is Phase.MOVE and state.turn is Side.CONES:
                carry_out(table, state, state.parse_move(lesson_move(tutorial)))
                table.run(1.0)
            else:
                table.run(0.5)
        assert tutorial.finished
        assert any("Cones from the Cones' waiting rack to the Cones' borne-off tray." in line
                   for line in asked), asked
