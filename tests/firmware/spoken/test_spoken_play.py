"""Stories of spoken play on the simulated board: what a player who cannot see the lights hears,
in English and in German."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.games import load as load_game
from engine.tait.state import GameState
from firmware import words
from firmware.lights.scenes import Phase
from firmware.play import sounds
from firmware.play.controller import Settings
from firmware.play.tracker import Mismatch
from firmware.spoken.spoken_play import SpokenPlay
from firmware.story.tutorial import Tutorial
from hardware.boards.board_file import BOARDS, load_board
from sim.board.table import Table
from tests.firmware.hand import Hand, carry_out
from tests.firmware.story.test_tutorial import lesson_move

THREE = Throw.parse("3:WWWD")


@contextmanager
def board(tmp_path: Path, text: str, *, language: str = "en", spoken: str = "on",
          opponent: str = "reels") -> Iterator[tuple[Table, list[str]]]:
    """A board set up at ``text`` with spoken play chosen, and what it says."""
    heard: list[str] = []
    state = GameState.parse(text + " entered:CR")
    with Table(state_dir=tmp_path, menu=True, say=heard.append, pieces=state.occupancy(),
               overrides={"spoken": spoken, "language": language, "opponent": opponent}
               ) as table:
        table.controller.throw_source = lambda thrown: THREE  # the sticks fall as arranged
        table.controller.set_up(state)
        table.run(1.0)
        try:
            yield table, heard
        finally:
            words.use("en")


def test_the_throw_and_the_moves_it_allows_are_said_as_squares(tmp_path: Path) -> None:
    with board(tmp_path, "C:C2,M6 R:M9 turn:C") as (table, heard):
        assert heard[-1] == "Shake the sticks, Cones."
        table.sim.shake(0.8)
        table.run(2.0)
        assert heard[-1] == ("Cones threw 3. A new Cone onto C3, or Cone on C2 to M5, or Cone on "
                             "M6 to M9, bumping a Reel.")


def test_a_shake_with_no_piece_lifted_says_it_again(tmp_path: Path) -> None:
    with board(tmp_path, f"C:C2,M6 R:M9 turn:C throw:{THREE}") as (table, heard):
        assert heard[-1] == "A new Cone onto C3, or Cone on C2 to M5, or Cone on M6 to M9, " \
                            "bumping a Reel."
        refused = table.sim.sounds.count(sounds.REFUSED)
        table.sim.shake(0.8)
        table.run(2.0)
        assert heard[-1] == ("Cones threw 3. A new Cone onto C3, or Cone on C2 to M5, or Cone on "
                             "M6 to M9, bumping a Reel.")
        assert table.sim.sounds.count(sounds.REFUSED) == refused  # asked, not refused
        table.controller.press("repeat")  # the board's button, where it has one
        table.run(0.1)
        assert heard[-1].startswith("Cones threw 3.")


def test_without_spoken_play_that_shake_is_refused_and_nothing_is_said(tmp_path: Path) -> None:
    with board(tmp_path, f"C:C2,M6 R:M9 turn:C throw:{THREE}", spoken="off") as (table, heard):
        table.sim.shake(0.8)
        table.run(2.0)
        assert heard == [] and sounds.REFUSED in table.sim.sounds


def test_what_is_wrong_with_the_board_is_said(tmp_path: Path) -> None:
    with board(tmp_path, f"C:C2,M6 R:M9 turn:C throw:{THREE}") as (table, heard):
        hand = Hand(table)
        hand.lift("M9")  # the Reel, not the player's own piece
        hand.place("M10")
        table.run(2.5)
        assert heard[-1] == "A Reel is missing from M9. Take the piece off M10."
        hand.lift("M10")
        hand.place("M9")  # put right: the game goes on, nothing more to say
        table.run(2.5)
        assert heard[-1] == "A Reel is missing from M9. Take the piece off M10."
        assert table.controller.phase is Phase.MOVE


def test_the_mummys_move_is_said_for_the_player_to_carry_out(tmp_path: Path) -> None:
    with board(tmp_path, f"C:C2 R:M10,R3 turn:R throw:{THREE}") as (table, heard):
        move = table.controller.mummy_move
        assert move is not None
        assert heard[-1].startswith("The mummy plays: Reel on ") and \
            heard[-1].endswith(". Move its piece for it.")
        state = table.controller.game.state  # type: ignore[union-attr]
        carry_out(table, state, move)
        table.run(1.0)
        assert heard[-1].endswith("Shake the sticks, Cones.")


def test_who_won_is_said(tmp_path: Path) -> None:
    with board(tmp_path, "C:M15 off:4,0 R:M9 turn:C throw:1:WDDD") as (table, heard):
        state = table.controller.game.state  # type: ignore[union-attr]
        carry_out(table, state, state.moves[0])
        table.run(1.0)
        assert "Cones have borne off every piece and win!" in heard[-1]


def test_spoken_play_in_german(tmp_path: Path) -> None:
    with board(tmp_path, "C:C2,M6 R:M9 turn:C", language="de") as (table, heard):
        table.sim.shake(0.8)
        table.run(2.0)
        assert heard[-1] == ("Die Kegel warfen 3. Ein neuer Kegel auf C3, oder Kegel von C2 nach "
                             "M5, oder Kegel von M6 nach M9, wirft eine Spule hinaus.")
        hand = Hand(table)
        hand.lift("M9")
        hand.place("M10")
        table.run(2.5)
        assert heard[-1] == "Auf M9 fehlt eine Spule. Nimm den Stein von M10."


def test_the_tutorial_is_spoken_with_spoken_play(tmp_path: Path) -> None:
    heard: list[str] = []
    with Table(state_dir=tmp_path, menu=True, say=heard.append, story="tutorial",
               tell_stories=False, overrides={"spoken": "on"}) as table:
        assert table.choices is not None
        tutorial = table.choices.story
        assert isinstance(tutorial, Tutorial)
        table.run(2.0)
        assert any(tutorial.message in line for line in heard)  # the first lesson, said
        hand, controller = Hand(table), table.controller
        for _ in range(60):  # play as a player who hears the board, not sees it
            verdict, game = controller.verdict, controller.game
            assert game is not None
            if controller.phase is Phase.GUIDE and isinstance(verdict, Mismatch):
                for square in verdict.missing:  # "A Cone is missing from C2."
                    hand.place(square)
                for square in verdict.unexpected:  # "Take the piece off C3."
                    hand.lift(square)
            elif controller.phase is Phase.THROW and game.state.turn is Side.CONES:
                hand.shake()
            elif controller.phase is Phase.MOVE and game.state.turn is Side.CONES:
                state = game.state
                carry_out(table, state, state.parse_move(lesson_move(tutorial)))
            table.run(1.5)
            if tutorial.teacher.index >= 2:
                break
        said = " ".join(heard)
        assert "A Cone is missing from C2. A Reel is missing from M11." in said  # set out
        assert "A new Cone onto C3, or Cone on C2 to M5." in said  # the lesson's throw
        assert "Cones move C2 to M5. Round the corner" in said  # the news, then the lesson
        assert "Cones threw 2. Two white sticks" in said  # the throw, then what the lesson says
        assert "A new Cone onto C2, or Cone on M5 to M7." in said
        assert tutorial.teacher.index == 2 and tutorial.message in said  # the third lesson


class Voice:
    """A voice that is busy for a while after each line."""

    def __init__(self, table: Table) -> None:
        self.table, self.lines, self.until = table, list[str](), 0.0

    def say(self, text: str) -> None:
        self.lines.append(text)
        self.until = self.table.now + 3.0

    def speaking(self) -> bool:
        return self.table.now < self.until


def test_lines_wait_until_the_voice_is_quiet_and_nothing_is_cut_short(tmp_path: Path) -> None:
    state = GameState.parse("C:C2,M6 R:M9 entered:CR turn:C")
    with Table(state_dir=tmp_path, pieces=state.occupancy()) as table:
        voice = Voice(table)
        spoken = SpokenPlay(table.controller, voice.say, voice.speaking)
        table.companions.append(spoken)
        table.controller.throw_source = lambda thrown: THREE
        table.controller.set_up(state)
        table.run(0.5)
        table.sim.shake(0.8)  # while the first line is still being said
        table.run(1.5)
        assert voice.lines == ["Shake the sticks, Cones."]
        table.run(2.0)
        assert voice.lines[-1].startswith("Cones threw 3. A new Cone onto C3")
        assert table.controller.settings.mummy is Side.REELS


def test_the_stacking_games_dice_are_said_and_after_each_move_those_left(tmp_path: Path
                                                                        ) -> None:
    stacks = load_game("stacks")
    state = stacks.parse("C:w14,C1 R:w14,R2 turn:C")
    heard: list[str] = []
    with Table(state_dir=tmp_path, settings=Settings(ruleset=stacks, spoken=True, mummy=None),
               board=load_board(BOARDS / "hall.toml"), say=heard.append,
               stacks={"C1": 1, "R2": -1}) as table:
        table.controller.throw_source = lambda thrown: Throw.of(356)
        table.controller.set_up(state)
        table.companions.append(SpokenPlay(table.controller, heard.append))
        table.run(1.0)
        table.sim.shake(0.8)
        table.run(2.0)
        assert "The dice to use: 3, 5 and 6." in heard[-1]
        Hand(table).place("C5", pole=1)  # a new man onto C5 with the 5
        table.run(2.0)
        assert "The dice to use: 3 and 6." in heard[-1]
