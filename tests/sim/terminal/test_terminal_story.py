"""The terminal's story modes, scripted: the whole tutorial, a lesson corrected, Setna's whole
tournament against the mummy, kept between runs, and `aseb play --tutorial / --tournament`."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.mummy import Level, Mummy
from engine.record import GameRecord
from firmware.story.tournament import Tournament, TournamentStore
from firmware.story.tutorial import LESSONS
from sim.command.cli import main
from sim.terminal.story import TournamentGame, TutorialGame, sand_picture
from tests.sim.terminal.test_terminal import Script, enter_then_1


def lesson_answers(game: TutorialGame, wrong: dict[int, str] | None = None) -> Script:
    """A player who presses Enter to throw and types the move each lesson asks for (or, once,
    the ``wrong`` move of a lesson by its index)."""
    wrong = dict(wrong or {})
    script = Script([])

    def answer(prompt: str) -> str:
        script.prompts.append(prompt)
        if len(script.prompts) > 200:
            raise EOFError
        if "press Enter" in prompt:
            return ""
        teacher = game.teacher
        return wrong.pop(teacher.index, None) or str(teacher.lesson.beats[teacher.beat].move)

    script.read = answer  # type: ignore[method-assign]
    return script


def tutorial(wrong: dict[int, str] | None = None) -> tuple[TutorialGame, Script]:
    script = Script([])
    game = TutorialGame(lambda prompt: script.read(prompt), script.write, random.Random(1))
    answers = lesson_answers(game, wrong)
    script.read = answers.read  # type: ignore[method-assign]
    script.prompts = answers.prompts
    return game, script


def test_the_whole_tutorial_in_the_terminal() -> None:
    game, script = tutorial()
    assert game.run() == 0
    assert game.teacher.finished and game.game.state.winner is not None
    for n, lesson in enumerate(LESSONS, 1):
        assert f"Lesson {n} of {len(LESSONS)}: {lesson.title}" in script.text
        assert lesson.praise in script.text
    assert "Cones threw the sticks: . . . .  -> 6" in script.text  # the lesson's 6, all dark
    assert "the throw is lost" in script.text and "The mummy (Reels) throws." in script.text


def test_a_lesson_answered_with_another_move_is_corrected_and_asked_again() -> None:
    game, script = tutorial(wrong={3: "in-C2"})  # lesson 4: a new piece instead of the bump
    game.run()
    assert game.teacher.finished
    assert script.text.count("Lesson 4 of 6: Bumping") == 2
    assert LESSONS[3].correct in script.text


def test_the_tutorial_sets_aside_commands_that_would_change_its_board() -> None:
    script = Script(["new", "switch", "quit"])
    TutorialGame(script.read, script.write, random.Random(1)).run()
    assert script.text.count("Not during the tutorial") == 2


def test_a_whole_tournament_in_the_terminal_is_counted_and_kept(tmp_path: Path) -> None:
    store = TournamentStore(tmp_path)
    script = Script(["1"] * 20000)
    enter_then_1(script, limit=20000)
    game = TournamentGame(script.read, script.write, random.Random(3), store=store,
                          chooser=Mummy(Level.PRIEST).choose)
    kept = []
    finished = game.finished
    assert finished is not None

    def count(record: GameRecord) -> str:
        line = finished(record)
        kept.append(store.load())  # what a restart would find after this game
        return line

    def read(prompt: str) -> str:
        ended = "The next game begins a new tournament." in script.text
        return "quit" if ended and "new game" in prompt else script.read(prompt)

    game.finished, game.read = count, read
    game.run()
    scores = [(t.wins, t.losses) for t in kept[:-1] if t is not None]
    assert len(kept) >= 4 and all(a + b == n for n, (a, b) in enumerate(scores, 1))
    assert max(kept[-2].wins, kept[-2].losses) == 3  # type: ignore[union-attr]
    assert kept[-1] == Tournament()  # the tournament ended: a new one waits
    assert "Anhurerau" in script.text or "takes the Book of Thoth" in script.text


def test_the_tournament_resumes_where_it_was(tmp_path: Path) -> None:
    TournamentStore(tmp_path).save(Tournament(1, 3, 2))
    script = Script(["quit"])
    TournamentGame(script.read, script.write, random.Random(1),
                   store=TournamentStore(tmp_path)).run()
    assert "Setna 1, Neferkaptah 3" in script.text and sand_picture(Tournament(1, 3, 2)) \
        in script.text


def test_the_sand_picture_covers_setna_stage_by_stage() -> None:
    heads = [sand_picture(Tournament(0, s, s)).count("~") for s in range(5)]
    assert heads == sorted(heads) and len(set(heads)) == 5
    assert "O" in sand_picture(Tournament(0, 4, 4))  # his head stays out of the sand
    assert "amulets of Ptah" in sand_picture(Tournament(0, 4, 4))
    assert sand_picture(Tournament(4, 3, 3)).count("~") == sand_picture(Tournament()).count("~")


def test_aseb_play_tournament_tells_the_story_and_plays_neferkaptah(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    monkeypatch.setenv("ASEB_TABLES", str(tmp_path / "tables"))
    answers = iter(["", "1", "", "1", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "--tournament", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Neferkaptah's level" in out and "plays as the Vizier" in out
    assert "Prince Setna has found the tomb" in out


def test_aseb_play_tutorial_runs_the_lessons(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    answers = iter(["2", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "--tutorial"]) == 0
    out = capsys.readouterr().out
    assert "Lesson 1 of 6: The path" in out and "Lesson 2 of 6: The throw" in out


@pytest.mark.parametrize("args", [["--tutorial", "--two-players"], ["--tournament", "--level",
                                  "scribe"], ["--tournament", "--game", "senet"],
                                  ["--tutorial", "--tournament"]])
def test_story_modes_refuse_options_that_do_not_fit(args: list[str],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", *args]) == 64
    err = capsys.readouterr().err
    assert err.startswith("aseb: ") and err.count("\n") == 1
