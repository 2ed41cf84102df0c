"""The terminal's settings commands, generated from the one description: ``options`` lists every
setting and its choices, ``KEY CHOICE`` sets one, and the terminal's settings file keeps it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.core.sides import Side
from engine.mummy import Level, Mummy
from firmware.choices import choose, settings
from firmware.settings_file import SettingsFile
from sim.cli import main
from sim.terminal import TerminalGame
from sim.terminal_settings import TerminalSettings


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
    assert "level CHOICE" in listing  # help names the settings' commands


def test_each_setting_is_set_by_its_name_and_kept(tmp_path: Path) -> None:
    game, said, file, levels = script(["level vizier", "opponent none", "chances hidden",
                                       "game cyningstan", "volume 2", "level pharaoh", "level",
                                       str(tmp_path)])
    assert levels == [Level.VIZIER]
    assert game.mummy is None and not game.show_chances
    assert game.game.ruleset.name == "cyningstan"
    assert any("is not a choice" in line for line in said)  # pharaoh, answered
    assert any(line.startswith("level: choose one of") for line in said)
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
