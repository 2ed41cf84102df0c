"""Opening the window: settings kept between runs, no display, a real loop under SDL's dummy."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from engine.core.sides import Side
from engine.mummy import Level
from sim.window import launch as window_module
from sim.window.settings import WindowSettings, load, remembered, save, settings_path
from tests.sim.window.window_hands import start_pygame


def test_settings_survive_a_restart(tmp_path: Path) -> None:
    """The window's own in window.json; the board's in settings.json, as a board keeps them."""
    path = settings_path(tmp_path)
    save(WindowSettings(game_sounds=False, square_labels=True), path)
    assert load(path) == WindowSettings(game_sounds=False, square_labels=True)
    _, file, chosen = remembered(path, tmp_path)
    file.save(chosen.with_("opponent", "cones").with_("level", "vizier"))
    again, _, _ = remembered(path, tmp_path)
    assert again == WindowSettings(game_sounds=False, square_labels=True, mummy=Side.CONES,
                                   level=Level.VIZIER)
    file.save(chosen.with_("opponent", "none"))
    assert remembered(path, tmp_path)[0].mummy is None


@pytest.mark.parametrize("text", ["{not json", '["a list"]', '{"level": "pharaoh"}',
                                  '{"music": "loud"}', "\udcff"])
def test_a_garbled_settings_file_gives_a_warning_and_the_defaults(
        text: str, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = settings_path(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    with caplog.at_level(logging.WARNING):
        assert load(path) == WindowSettings()
    assert str(path) in caplog.text and "default settings" in caplog.text


def test_the_config_dir_follows_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert settings_path() == tmp_path / "aseb" / "window.json"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert settings_path() == tmp_path / ".config" / "aseb" / "window.json"


@pytest.mark.parametrize(("game", "instead"), [("tait", "`make play`"),
                                               ("senet", "`aseb play --game senet`"),
                                               ("stacks", "`aseb play --game stacks`")])
def test_no_display_is_one_line_and_exit_status_69(
        game: str, instead: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(window_module.sys, "platform", "linux")
    assert window_module.open_window(state_dir=tmp_path, config_dir=tmp_path, game=game) == 69
    out = capsys.readouterr()
    assert out.out == "" and out.err.count("\n") == 1 and "no display" in out.err
    assert instead in out.err  # make play plays Tait's game: another game names its own
    assert game == "tait" or "make play" not in out.err


@pytest.mark.parametrize("game", ["tait", "stacks"])
def test_a_display_that_will_not_open_is_one_line_too(game: str, tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "SDL_VIDEODRIVER": "no-such-driver", "XDG_CONFIG_HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "-m", "sim.command.cli", "sim", "--game", game,
                             "--state-dir", str(tmp_path)], env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 69  # a fresh process: no display another test opened
    assert result.stderr.count("\n") == 1 and "no display" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_bad_board_file_is_refused_in_one_line_with_status_78(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    board = tmp_path / "board.toml"
    board.write_text("[reeds]\nbackend = 'carrier pigeon'\n")
    assert window_module.open_window(board, state_dir=tmp_path, config_dir=tmp_path) == 78
    err = capsys.readouterr().err
    assert err.startswith("aseb sim: ") and err.count("\n") == 1


def test_the_real_loop_runs_saves_and_stops(monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    start_pygame()
    status = window_module.open_window(state_dir=tmp_path / "state", config_dir=tmp_path,
                                       seed=1, seconds=0)  # one frame
    assert status == 0 and settings_path(tmp_path).exists()


def test_a_garbled_settings_file_is_kept_aside_and_its_good_keys_kept(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = settings_path(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = '{"music": true, "level": "pharaoh", "hints": 1e400, "mummy": "cones"}'
    path.write_text(text)
    with caplog.at_level(logging.WARNING):
        settings = load(path)
    assert settings == WindowSettings(music=True, mummy=Side.CONES)
    assert "level: " in caplog.text and "hints: " in caplog.text and "music" not in caplog.text
    backup = path.with_name("window.bad-1.json")
    assert backup.read_text() == text and not path.exists()
    save(settings, path)  # closing the window: the good keys survive, the backup stays
    assert load(path).to_json() == settings.to_json() and backup.read_text() == text


@pytest.mark.parametrize("content", [b"[" * 100_000 + b"]" * 100_000,
                                     b'{"music": ' * 100_000 + b"true" + b"}" * 100_000,
                                     bytes(range(256)) * 4])
def test_deep_nesting_or_binary_in_the_settings_gives_the_defaults(
        tmp_path: Path, content: bytes, caplog: pytest.LogCaptureFixture) -> None:
    path = settings_path(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    with caplog.at_level(logging.WARNING):
        assert load(path) == WindowSettings()
    assert path.with_name("window.bad-1.json").read_bytes() == content
    assert caplog.text.count("\n") == 1


def test_make_run_without_a_display_says_one_line_and_no_error(tmp_path: Path) -> None:
    """``make run`` on a machine with no display: aseb sim's one line, and no "Error" from make
    after it (the virtual environment taken as made: ``-o``)."""
    import os
    import shutil
    import subprocess

    root = Path(__file__).resolve().parents[3]
    make = shutil.which("make")
    if make is None or not (root / ".venv" / "bin" / "aseb").exists():
        pytest.skip("make, or the worktree's own .venv, is not here")
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["XDG_STATE_HOME"] = env["XDG_CONFIG_HOME"] = str(tmp_path)
    result = subprocess.run([make, "-s", "-o", ".venv/.installed", "run"], cwd=root, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0
    assert result.stdout == "" and result.stderr.count("\n") == 1
    assert "no display" in result.stderr and "Error" not in result.stderr
