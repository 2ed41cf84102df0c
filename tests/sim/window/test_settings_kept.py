"""Nothing a person wrote in the window's settings is lost: an unknown key is named and kept
aside, and a file that cannot be read is never replaced by the defaults."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

import pytest

from hardware.doors import file_reader
from sim.window import settings as settings_module
from sim.window.settings import WindowSettings, load, save, settings_path

TEXT = '{"music": true, "musik": false}'


def written(tmp_path: Path, text: str = TEXT) -> Path:
    path = settings_path(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def unreadable(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening ``path`` fails as a file of another user's would (the tests run as root)."""
    real = os.open

    def opened(name: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if Path(name) == path:
            raise PermissionError(13, "Permission denied")
        return real(name, flags, *args, **kwargs)

    monkeypatch.setattr(file_reader.os, "open", opened)


def test_an_unknown_key_is_named_and_the_file_kept_aside(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = written(tmp_path)
    with caplog.at_level(logging.WARNING):
        settings = load(path)
    assert settings == WindowSettings(music=True)
    assert "musik: unknown key" in caplog.text
    assert path.with_name("window.bad-1.json").read_text() == TEXT


def test_a_file_that_cannot_be_read_is_kept_aside_not_replaced_by_the_defaults(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    path = written(tmp_path, '{"music": true}')
    unreadable(path, monkeypatch)
    with caplog.at_level(logging.WARNING):
        settings = load(path)
    save(settings, path)  # the window closes
    assert path.with_name("window.bad-1.json").read_text() == '{"music": true}'
    assert "Permission denied" in caplog.text and "kept it as" in caplog.text


def test_a_file_that_can_be_neither_read_nor_moved_is_never_written_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    path = written(tmp_path, '{"music": true}')
    unreadable(path, monkeypatch)
    monkeypatch.setattr(settings_module, "_move_aside", lambda path: None)
    monkeypatch.setattr(settings_module, "_UNTOUCHED", set())
    with caplog.at_level(logging.WARNING):
        settings = load(path)
        save(settings, path)
    assert path.read_text() == '{"music": true}'
    assert "will not be written over" in caplog.text and "not saving" in caplog.text
