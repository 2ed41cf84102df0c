"""The terminal game, scripted: whole games, mistakes answered, commands, and the command line."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Iterable

import pytest

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.game import Game
from engine.tait.moves import Move
from engine.tait.state import TAIT, GameState
from engine.text import move_text
from sim.command.cli import main
from sim.terminal.game import TerminalGame


class Script:
    """Answers prompts from a list, then ends the input (as Ctrl-D would)."""

    def __init__(self, answers: Iterable[str]) -> None:
        self.answers = iter(answers)
        self.prompts: list[str] = []
        self.lines: list[str] = []

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        try:
            return next(self.answers)
        except StopIteration:
            raise EOFError from None

    def write(self, text: str) -> None:
        self.lines.append(text)

    @property
    def text(self) -> str:
        return "\n".join(self.lines + self.prompts)


def enter_then_1(script: Script, limit: int = 3000) -> None:
    """Answer Enter to every 'throw' prompt and 1 to every move, ``limit`` times at most."""
    read = script.read

    def answer(prompt: str) -> str:
        if len(script.prompts) >= limit:
            raise EOFError
        given = read(prompt)
        return "" if "press Enter" in prompt else given

    script.read = answer  # type: ignore[method-assign]


def one_game(game: TerminalGame) -> TerminalGame:
    """End ``game``'s input at the first 'new game?' prompt: one whole game is played (the
    script's answers would start game after game, each judging every move's chances)."""
    read = game.read

    def answer(prompt: str) -> str:
        if game.game.state.is_over:
            raise EOFError
        return read(prompt)

    game.read = answer
    return game


def test_two_players_play_a_whole_game_answering_1_to_every_question() -> None:
    script = Script(["1"] * 3000)
    enter_then_1(script)
    game = one_game(TerminalGame(script.read, script.write, random.Random(2), mummy=None))
    assert game.run() == 0
    assert game.game.state.is_over and "win!" in script.text
    assert any("Reels, press Enter" in p for p in script.prompts)


def test_the_mummy_plays_its_side_by_itself() -> None:
    script = Script(["1"] * 3000)
    enter_then_1(script)
    game = one_game(TerminalGame(script.read, script.write, random.Random(5), mummy=Side.REELS))
    game.run()
    assert game.game.state.is_over
    assert "The mummy plays: " in script.text
    assert not any("Reels, press Enter" in p for p in script.prompts)
    assert "win!" in script.text


def test_a_number_with_one_move_to_choose_says_so() -> None:
    state = GameState.parse("C:M9 R:M6 off:4,4 entered:CR turn:C")
    script = Script(["", "2", "quit"])
    game = TerminalGame(script.read, script.write, random.Random(0), mummy=None,
                        throws=lambda _thrown: Throw.parse("WWDD"))
    game.game = Game(TAIT, Side.CONES, start=state)
    game.run()
    assert "Type 1: there is one move." in script.lines


def test_a_wrong_answer_is_explained_and_asked_again() -> None:
    script = Script(["", "M99", "banana", "9", "0", "-1", "quit"])
    game = TerminalGame(script.read, script.write, random.Random(0), mummy=None)
    assert game.run() == 0
    assert "Go ahead and make your move" in script.prompts[1]
    mistakes = [line for line in script.lines if "Pick one of" in line]
    assert len(mistakes) == 2
    count = len(game.game.state.moves)
    assert count > 1
    assert script.lines.count(f"Choose 1 to {count}.") == 3  # a number is never a square
    assert "farewell" in script.text.lower()


def test_typed_text_at_the_throw_is_refused_not_thrown() -> None:
    script = Script(["C2", "7", "help", "quit"])
    TerminalGame(script.read, script.write, random.Random(0), mummy=None).run()
    assert all("press Enter to throw" in p for p in script.prompts)
    refusals = [line for line in script.lines if "is not a command" in line]
    assert len(refusals) == 2 and "'C2'" in refusals[0]
    assert not any(" threw " in line for line in script.lines)  # nothing was thrown
    assert "Commands" in script.text


def test_help_board_hint_mummy_switch_and_new_are_commands() -> None:
    script = Script(["help", "board", "mummy", "switch", "new", "quit"])
    TerminalGame(script.read, script.write, random.Random(0), mummy=None).run()
    text = script.text
    assert "Commands" in text
    assert "The mummy plays the Reels." in text  # the side to play (after the demon-cast)
    assert "switch sides; the mummy now plays the Cones" in text
    assert "A new game. The Cones throw first (no game won yet)." in text


def test_mummy_hands_the_side_to_play_over_and_takes_it_back() -> None:
    script = Script(["mummy", "mummy", "quit"])
    game = TerminalGame(script.read, script.write, random.Random(0), mummy=Side.REELS)
    game.run()
    assert "The mummy plays the Cones too: it plays both sides to the end" in script.text
    assert "You play the Cones again; the mummy plays the Reels." in script.text
    assert game.mummies == {Side.REELS}


def test_the_mummy_handed_both_sides_finishes_the_game() -> None:
    script = Script(["mummy"])  # then the input ends: only the mummy can finish the game
    game = TerminalGame(script.read, script.write, random.Random(3), mummy=Side.REELS)
    game.run()
    assert game.mummies == set(Side)
    assert game.game.state.is_over and "win!" in script.text
    assert script.prompts[-1] == "Press Enter for a new game, or 'quit': "


def test_the_demon_cast_line_names_every_throw_and_the_one_that_enters() -> None:
    script = Script(["quit"])
    game = TerminalGame(script.read, script.write, random.Random(0), mummy=None)
    game.run()  # this seed's demon-cast throws three times in vain
    line = next(line for line in script.lines if line.startswith("The demon throws"))
    *throws, entry = game.game.actions  # the throws, then the entering move
    assert all(isinstance(t, Throw) for t in throws) and isinstance(entry, Move)
    named = line.split(": ")[1].split(". ")[0].split(", ")
    assert len(named) == len(throws) > 1  # every throw, the one that enters too
    assert named[-1] == f"{entry.side.title} {throws[-1].value}"  # said, not "C3 R2"
    assert all(name.split()[0] in ("Cones", "Reels") for name in named)
    assert line.endswith(f"The {entry.side.title} enter with the {throws[-1].value}.")


def test_a_hint_names_a_legal_move() -> None:
    picked: list[Move] = []

    def chooser(state: GameState, rng: random.Random) -> Move:
        picked.append(state.moves[-1])
        return state.moves[-1]

    script = Script(["", "hint", "quit"])
    game = TerminalGame(script.read, script.write, random.Random(11), mummy=None, chooser=chooser)
    game.run()
    if game.game.state.moves:
        assert f"The mummy would play {move_text(game.game.state, picked[0])}." in script.text
    else:
        assert "Throw first" in script.text


def test_end_of_input_leaves_quietly() -> None:
    script = Script([])
    assert TerminalGame(script.read, script.write, random.Random(0)).run() == 0


def test_the_command_line_plays_a_seeded_game_from_stdin() -> None:
    result = subprocess.run([sys.executable, "-m", "sim.command.cli", "play", "--seed", "3"],
                            input="\n1\n" * 40, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "threw" in result.stdout


def test_the_command_line_answers_a_bad_side_without_a_traceback(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--mummy", "pharaoh"]) == 64
    assert "unknown side" in capsys.readouterr().err


def test_two_players_with_a_mummy_side_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--two-players", "--mummy", "cones"]) == 64
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--two-players" in err and "Traceback" not in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    from importlib.metadata import version

    assert capsys.readouterr().out.strip() == f"aseb {version('aseb')}"




def test_the_real_mummy_advises_on_request() -> None:
    from engine.mummy import Level, Mummy, hint

    mummy = Mummy(Level.PRIEST)
    lines: list[str] = []
    asked = []

    def read(prompt: str) -> str:
        if "make your move" in prompt and not asked:
            asked.append(prompt)
            return "hint"
        if len(lines) > 400:
            raise EOFError
        return "" if "press Enter" in prompt else "1"

    game = TerminalGame(read, lines.append, random.Random(4), mummy=Side.REELS,
                        chooser=mummy.choose,
                        adviser=lambda state: str(hint(state, mummy=mummy)))
    game.run()
    advice = [line for line in lines if line.startswith("The mummy would play")]
    assert advice and ":" in advice[0]  # the move and the reason for it


def test_ramses_in_the_terminal_asks_for_moves_only_and_names_the_second_move() -> None:
    from engine.games import load

    script = Script(["help", "3-8", *["1"] * 400])
    game = one_game(TerminalGame(script.read, script.write, random.Random(2), mummy=Side.REELS,
                                 ruleset=load("ramses")))
    game.run()
    assert game.game.state.is_over
    assert not any("press Enter" in p for p in script.prompts)
    assert "no throw in this game" in script.text and "waiting" not in script.text
    assert any(p.startswith("Now move one of the Reels' pieces, Cones") for p in script.prompts)
    assert "The mummy plays: Reel on T" in script.text and "win!" in script.text
