"""Every kept file is written whole or not at all, and a bad one is set aside, never lost: the
one writer (``hardware.doors.writer``) the save, the settings, the tournament and the games
share."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from hardware.doors.writer import aside_name, set_aside, write_whole


def test_a_file_is_replaced_whole(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "settings.json"
    write_whole(path, "old")
    write_whole(path, "new")
    assert path.read_text(encoding="utf-8") == "new"
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    write_whole(path, "the old save")

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space"):
        write_whole(path, "half a new save")
    assert path.read_text(encoding="utf-8") == "the old save"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_each_bad_file_is_kept_apart(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "settings.json"
    kept = []
    for n in range(3):
        path.write_text(f"bad {n}", encoding="utf-8")
        with caplog.at_level(logging.WARNING):
            kept.append(set_aside(path, "settings file", "not JSON", ", its good values kept"))
    assert kept == [tmp_path / f"settings.bad-{n}.json" for n in (1, 2, 3)]
    assert [p.read_text(encoding="utf-8") for p in kept if p] == ["bad 0", "bad 1", "bad 2"]
    assert not path.exists() and aside_name(path) == tmp_path / "settings.bad-4.json"
    assert "settings file" in caplog.text and "its good values kept" in caplog.text
    assert set_aside(path, "settings file", "gone") is None  # nothing to move: said, not raised
    assert "could not be moved" in caplog.text


def test_a_private_file_is_written_for_its_owner_alone(tmp_path: Path) -> None:
    path = tmp_path / "far.json"
    write_whole(path, "{}", private=True)
    assert path.stat().st_mode & 0o777 == 0o600
