"""The terminal's settings commands, generated from the one description: ``options`` lists every
setting and its choices, ``KEY CHOICE`` sets one, and the terminal's settings file keeps it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.core.sides import Side
from engine.mummy import Level, Mummy
from firmware import words
from firmware.menu.choices import choose, settings
from firmware.menu.settings_file import SettingsFile
from sim.command.cli import main
from sim.terminal.game import TerminalGame
from sim.terminal.settings import TerminalSettings


def script(lines: list[str]) -> tuple[TerminalGame, list[str], SettingsFile, list[Level]]:
    said: list[str] = []
    feed: Iterator[str] = iter(lines)
    levels: list[Level] = []

    def read(prompt: str) -> str:
        return next(feed)  # StopIteration at the end: the game ends as on EOF

    def mummy_for(level: Level) -> object:
        levels.append(level)
        return Mummy(level).choose

    file = SettingsFile(Path(lines[-1]))
    terminal = TerminalSettings(choose(None)[0], mummy_for=mummy_for,  # type: ignore[arg-type]
                                save=file.save)
    game = TerminalGame(lambda p: _eof(read, p), said.append, random.Random(1),
                        settings=terminal)
    game.run()
    return game, said, file, levels


def _eof(read: object, prompt: str) -> str:
    try:
        return read(prompt)  # type: ignore[operator, no-any-return]
    except StopIteration:
        raise EOFError from None


def test_options_lists_every_setting_and_its_choices(tmp_path: Path) -> None:
    _, said, _, _ = script(["options", "help", str(tmp_path)])
    listing = "\n".join(said)
    for found in settings():
        assert found.key in listing
        assert all(choice.value in listing for choice in found.choices)
    assert "level (Mummy's level)" in listing  # help names the settings' commands
    assert "  vizier       Vizier: weighs every throw that could come next, two throws ahead" \
        in listing  # a choice as typed and what it means
    assert "  reels  The mummy plays the Reels  (now)" in listing


def test_in_french_the_settings_are_typed_in_french_or_in_english(tmp_path: Path) -> None:
    words.use("fr")
    try:
        game, said, file, levels = script(["aide", "options", "niveau", "niveau vizir",
                                           "chances masquees", "level scribe", "niveau pharaon",
                                           "adversaire aucun", str(tmp_path)])
    finally:
        words.use("en")
    listing = "\n".join(said)
    assert "niveau (Niveau de la momie)" in listing and "adversaire (Adversaire)" in listing
    assert "Adversaire (adversaire) :" in listing
    assert "  aucun     Deux joueurs, sans momie" in listing  # a choice as typed in French
    assert "  masquées   Chances masquées" in listing
    assert "Tapez « niveau » et un choix, par exemple « niveau prêtre »." in listing
    assert levels == [Level.VIZIER, Level.SCRIBE]  # in French, then in English
    refused = "niveau : « pharaon » n’est pas un choix possible"  # noqa: RUF001 (French)
    assert f"{refused} (choisissez parmi scribe, prêtre, vizir, neferkaptah, équitable)" in listing
    assert game.mummy is None and not game.show_chances  # "masquees": accents need not be typed
    kept = file.load(None)
    assert (kept["level"], kept["chances"], kept["opponent"]) == ("scribe", "hidden", "none")


@pytest.mark.parametrize("language", sorted(words.LANGUAGES))
def test_every_setting_and_choice_has_its_own_word_in_every_language(language: str) -> None:
    """Typed words that two settings (or two choices of one, or a command) shared would be
    ambiguous; and a typed word is one word, as the prompt splits them."""
    from firmware.menu.choices import folded
    from sim.terminal.game import COMMANDS

    words.use(language)
    try:
        names = [folded(found.typed()) for found in settings()]
        commands = {folded(words._(marked)) for marked in COMMANDS.values()}
        assert len(set(names)) == len(names) and not set(names) & commands
        for found in settings():
            typed = [folded(choice.typed()) for choice in found.choices]
            assert len(set(typed)) == len(typed), found.key
            assert all(word and " " not in word for word in [*names, *typed])
            assert all(found.typed_choice(choice.typed()) is choice and
                       found.typed_choice(choice.value) is choice for choice in found.choices)
    finally:
        words.use("en")


def test_each_setting_is_set_by_its_name_and_kept(tmp_path: Path) -> None:
    game, said, file, levels = script(["level vizier", "opponent none", "chances hidden",
                                       "game cyningstan", "volume 2", "level pharaoh", "level",
                                       str(tmp_path)])
    assert levels == [Level.VIZIER]
    assert game.mummy is None and not game.show_chances
    assert game.game.ruleset.name == "cyningstan"
    assert any("is not a choice" in line for line in said)  # pharaoh, answered
    assert any(line.startswith("Mummy's level (level):\n  scribe") for line in said)
    kept = file.load(None)
    assert (kept.game, kept["level"], kept.mummy, kept["volume"]) == \
        ("cyningstan", "vizier", None, "2")


def test_aseb_play_starts_with_the_kept_settings_and_flags_win(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    file = SettingsFile(tmp_path / "aseb" / "terminal")
    file.save(choose(None, {"opponent": "cones", "level": "scribe"})[0])
    monkeypatch.setattr("builtins.input", lambda prompt="": (_ for _ in ()).throw(EOFError))
    assert main(["play", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "(Scribe: " in out and f"plays {Side.CONES.title}" in out
    assert main(["play", "--seed", "1", "--level", "vizier"]) == 0
    assert "(Vizier: " in capsys.readouterr().out


def play(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, answers: list[str],
         *flags: str) -> tuple[str, SettingsFile]:
    """``aseb play`` answering ``answers`` (then the input ends), no solved table installed;
    what it printed, and the terminal's settings file."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    monkeypatch.setenv("ASEB_TABLES", str(tmp_path / "no-tables"))
    said: list[str] = []
    feed = iter(answers)

    def read(prompt: str = "") -> str:
        said.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", read)
    monkeypatch.setattr("builtins.print", lambda *a, **k: said.append(" ".join(map(str, a))))
    assert main(["play", "--seed", "1", *flags]) == 0
    return "\n".join(said), SettingsFile(tmp_path / "aseb" / "terminal")


def test_mode_tutorial_starts_the_tutorial_now_and_at_the_next_start(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    out, file = play(monkeypatch, tmp_path, ["mode tutorial"])
    assert "The tutorial: six lessons, then play on: the tutorial begins." in out
    assert "Lesson 1 of 6" in out and file.load(None).mode == "tutorial"
    out, _ = play(monkeypatch, tmp_path, [])
    assert out.index("Lesson 1 of 6") < out.index("Farewell")  # kept: the tutorial again
    out, file = play(monkeypatch, tmp_path, ["mode game"])  # left from inside the tutorial
    after = out.split("Play games: the games begin.")[1]
    assert "Twenty Squares" in after and "Lesson" not in after
    assert "Type 'help' for commands" in out and "Type 'help'" not in after  # once a run
    assert file.load(None).mode == "game"


def test_mode_tournament_plays_setnas_tournament_and_a_game_leaves_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    out, file = play(monkeypatch, tmp_path, ["level scribe", "mode tournament",
                                             "level vizier", "game senet"])
    assert "Setna's tournament begins." in out and "Setna's tournament." in out
    assert "at Neferkaptah's level" in out
    assert "kept for the games after the tournament" in out  # the tournament's mummy stays
    assert "Senet" in out.split("Setna's tournament begins.")[1]
    kept = file.load(None)
    assert (kept.mode, kept.game, kept["level"]) == ("game", "senet", "vizier")


def test_the_tutorial_played_to_its_end_plays_on_as_games(tmp_path: Path) -> None:
    from firmware.story.tutorial import LESSONS
    from sim.terminal.story import TutorialGame
    from tests.sim.terminal.test_terminal_story import lesson_answers

    file = SettingsFile(tmp_path)
    settings = TerminalSettings(choose(None, {"mode": "tutorial"})[0], save=file.save,
                                mummy_for=lambda level: Mummy(level).choose)
    said: list[str] = []
    game = TutorialGame(lambda prompt: answers.read(prompt), said.append, random.Random(1),
                        settings=settings)
    answers = lesson_answers(game)
    game.run()
    assert game.teacher.finished and game.next_mode == "game"
    assert f"Lesson {len(LESSONS)} of {len(LESSONS)}" in "\n".join(said)
    assert "The tutorial is over." in said and "Play games: the games begin." in said
    assert file.load(None).mode == "game"  # then play on: games next time too


def test_without_a_solved_table_the_chances_are_estimates_said_so(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    out, _ = play(monkeypatch, tmp_path, ["chances shown", "", "1", "", "1"], "--two-players")
    assert "No solved table here: the chances are estimated by the Vizier" in out
    assert "Chances to win, estimated: Cones " in out
    out, _ = play(monkeypatch, tmp_path, ["chances hidden", "", "1", "", "1"])
    assert "Chances to win" not in out.split("Chances hidden.")[1]


def test_options_name_the_language_spoken(tmp_path: Path) -> None:
    """``aseb play --lang de`` over a kept English: ``options`` says German is spoken."""
    from firmware import words
    words.use("de")
    try:
        _game, said, _file, _levels = script(["options", str(tmp_path)])
    finally:
        words.use("en")
    lines = [line for text in said for line in text.splitlines()]
    chosen = [line for line in lines[lines.index("Sprache (sprache):"):] if "(jetzt)" in line]
    assert chosen[0] == "  de  Deutsch  (jetzt)"
