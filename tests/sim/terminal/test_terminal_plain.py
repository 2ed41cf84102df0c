"""The terminal for a screen reader: no colour, no drawing, the throws and moves in words, the
board in a sentence when asked; and with spoken play, what is written said aloud too."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine.core.sides import Side
from firmware.menu.choices import choose
from sim.terminal.game import TerminalGame
from sim.terminal.settings import TerminalSettings
from tests.sim.terminal.test_terminal import Script, enter_then_1, one_game

DRAWING = re.compile(r"[\x1b\u2500-\u257f\u2580-\u259f]|\[\s*\]|\| \.|\. \|")
"""Escape sequences (colour), box drawing, the board's empty cells, the sticks drawn."""


def plain_game(answers: list[str], every: bool = False) -> tuple[TerminalGame, Script]:
    """A plain game against the mummy answering ``answers`` (``every``: Enter to every throw,
    the first move every time)."""
    script = Script(answers)
    if every:
        enter_then_1(script)
    game = TerminalGame(script.read, script.write, random.Random(4), mummy=Side.REELS,
                        plain=True)
    return game, script


def test_a_whole_plain_game_draws_nothing_and_says_the_moves_in_words() -> None:
    game, script = plain_game(["1"] * 3000, every=True)
    one_game(game).run()
    assert game.game.state.is_over
    assert not DRAWING.search(script.text), DRAWING.search(script.text)
    assert "Cones threw " in script.text and "1) " in script.text
    assert re.search(r"1\) (A new Cone onto C\d|a new Cone onto C\d|Cone on \w+ to \w+)",
                     script.text)
    assert "The mummy plays: Reel on " in script.text or "The mummy plays: a new Reel onto" \
        in script.text


def test_the_board_is_said_in_a_sentence_when_asked() -> None:
    game, script = plain_game(["", "board", "quit"])
    game.run()
    said = [line for line in script.lines if line.startswith("Cones on") or
            line.startswith("No Cones on the board")]
    assert len(said) == 1 and "Cones: " in said[0] and "waiting" in said[0]
    plain_board = said[0]
    drawn_game, drawn = Script(["", "board", "quit"]), None
    drawn = TerminalGame(drawn_game.read, drawn_game.write, random.Random(4), mummy=Side.REELS)
    drawn.run()
    assert plain_board not in drawn_game.lines and "[" in drawn_game.text  # only when plain


class Voice:
    def __init__(self) -> None:
        self.said: list[str] = []

    def say(self, text: str) -> None:
        self.said.append(text)


def test_with_spoken_play_what_is_written_is_said_at_each_prompt() -> None:
    voice = Voice()
    chosen = choose(None, {"spoken": "on"})[0]
    settings = TerminalSettings(chosen, mummy_for=lambda level: lambda state, rng: state.moves[0])
    script = Script(["", "1", "quit"])
    game = TerminalGame(script.read, script.write, random.Random(4), mummy=Side.REELS,
                        settings=settings, say=voice.say)
    game.run()
    assert voice.said and voice.said[0].endswith("Cones, press Enter to throw the sticks:")
    assert any("Cones threw " in line for line in voice.said)
    assert not DRAWING.search(script.text)  # spoken play is plain too


def test_spoken_play_can_be_chosen_at_the_prompt() -> None:
    voice = Voice()
    settings = TerminalSettings(choose(None)[0],
                                mummy_for=lambda level: lambda state, rng: state.moves[0])
    script = Script(["spoken on", "lights calm", "", "quit"])
    game = TerminalGame(script.read, script.write, random.Random(4), mummy=Side.REELS,
                        settings=settings, say=voice.say)
    game.run()
    assert game.spoken and voice.said
    assert any("the terminal has no lights" in line for line in script.lines)


def test_a_screen_reader_hears_each_thing_once() -> None:
    """A whole plain game against the mummy, with a wrong answer at every throw: the chances
    only when the board is asked for, the mummy's move once (not again as what happened), whose
    turn it is once (the prompt), and 'help' told once, not at every wrong answer."""
    script = Script([])
    asked: list[str] = []
    boards: list[str] = []

    def read(prompt: str) -> str:
        script.prompts.append(prompt)
        if game.game.state.is_over:
            raise EOFError
        if "press Enter" in prompt:
            asked.append(prompt)
            return "" if len(asked) % 2 == 0 else "go"  # a wrong answer, then Enter
        if len(script.prompts) > 40 and not boards:
            boards.append(prompt)
            return "board"
        return "1"

    game = TerminalGame(read, script.write, random.Random(4), mummy=Side.REELS, plain=True)
    game.run()
    lines = script.lines
    assert game.game.state.is_over and len(asked) > 20
    assert sum("Chances to win" in line for line in lines) == 1  # asked for with the board
    assert lines[lines.index(next(line for line in lines if line.startswith("Cones on") or
                                  line.startswith("No Cones"))) + 1].startswith("Chances to win")
    mummy = [n for n, line in enumerate(lines) if line.startswith("The mummy plays: ")]
    assert mummy and not any(line.startswith(("  Reels enter", "  Reels move", "  Reels bear"))
                             for line in lines)  # its move is not said again as news
    assert not any(line.startswith("  Go ahead and throw") for line in lines)  # the prompt says
    assert sum("'help'" in line for line in lines) == 2  # at the start, at the first wrong answer
    assert sum("is not a command" in line for line in lines) > 10


def test_lang_on_the_command_line_holds_for_this_run_only(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``aseb play --lang fr`` speaks French now; a setting typed then is kept, the language
    kept stays the one chosen before."""
    from firmware.menu.settings_file import SettingsFile
    from tests.sim.terminal.test_terminal_settings import play

    SettingsFile(tmp_path / "aseb" / "terminal").save(choose(None, {"language": "de"})[0])
    out, file = play(monkeypatch, tmp_path, ["niveau vizir"], "--lang", "fr")
    assert "Tapez « aide » pour les commandes" in out and "Vizir" in out
    kept = file.load(None)
    assert (kept.language, kept["level"]) == ("de", "vizier")
    out, _ = play(monkeypatch, tmp_path, [])
    assert "„hilfe“ tippen" in out  # the next run speaks the kept language again
