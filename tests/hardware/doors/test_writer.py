"""Every kept file is written whole or not at all, and a bad one is set aside, never lost: the
one writer (``hardware.doors.writer``) the save, the settings, the tournament and the games
share."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from hardware.doors.writer import (
    Unwritable,
    appending,
    aside_name,
    check_folder,
    check_writable,
    last_byte,
    move,
    set_aside,
    write_whole,
)
from tests.hostile import WRITE, kind_of_path, unwritable_folder


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


@pytest.mark.parametrize("place", sorted(set(WRITE) - {"an unwritable folder", "under a file",
                                                      "a name of 5,000 characters"}))
def test_what_is_not_a_regular_file_is_never_written_over_even_by_root(
        tmp_path: Path, place: str) -> None:
    """A FIFO or a device given as --out was replaced by a regular file when run as root."""
    path = WRITE[place](tmp_path)
    before = kind_of_path(path)
    with pytest.raises(Unwritable, match="not a regular file") as refused:
        write_whole(path, "the card")
    assert kind_of_path(path) == before and "\n" not in str(refused.value)
    with pytest.raises(Unwritable, match="not a regular file"):
        check_writable(path, "menu card")
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []


def test_bytes_are_written_whole_too(tmp_path: Path) -> None:
    write_whole(tmp_path / "card.pdf", b"%PDF-1.4 \xff")
    assert (tmp_path / "card.pdf").read_bytes() == b"%PDF-1.4 \xff"


@pytest.mark.parametrize("place", ["an unwritable folder", "under a file",
                                   "a name of 5,000 characters"])
def test_a_place_that_cannot_be_written_is_said_before_the_work_begins(
        tmp_path: Path, place: str) -> None:
    path = WRITE[place](tmp_path)
    with pytest.raises(Unwritable) as refused:
        check_writable(path, "calibration")
    said = str(refused.value)
    assert "\n" not in said and len(said) < 400, said
    with pytest.raises(OSError):
        write_whole(path, "levels")


def test_a_folder_still_to_be_made_is_judged_by_the_one_it_would_be_made_in(
        tmp_path: Path) -> None:
    check_writable(tmp_path / "new" / "deeper" / "calibration.json", "calibration")
    assert not (tmp_path / "new").exists()  # nothing made by the check
    assert list(tmp_path.iterdir()) == []  # and its probe gone
    with pytest.raises(Unwritable, match="where it would be made, cannot be written"):
        check_writable(unwritable_folder(tmp_path) / "new" / "calibration.json", "calibration")


def test_a_file_is_not_a_folder(tmp_path: Path) -> None:
    (tmp_path / "kit").write_text("a file")
    with pytest.raises(Unwritable, match="not a folder \\(a file\\); the build kit goes in a "
                                         "folder"):
        check_folder(tmp_path / "kit", "build kit")


def test_a_move_replaces_only_a_regular_file_or_nothing(tmp_path: Path) -> None:
    (tmp_path / "game.json").write_text("a game of senet")
    move(tmp_path / "game.json", tmp_path / "senet.json")
    assert (tmp_path / "senet.json").read_text() == "a game of senet"
    os.mkfifo(tmp_path / "fifo.json")
    with pytest.raises(Unwritable):
        move(tmp_path / "senet.json", tmp_path / "fifo.json")
    assert kind_of_path(tmp_path / "fifo.json") == "a FIFO"


def test_a_log_in_place_of_a_fifo_begins_anew_and_the_fifo_is_kept_aside(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    os.mkfifo(tmp_path / "games.jsonl")
    with appending(tmp_path / "games.jsonl", "game log") as log_file:  # no wait for a reader
        log_file.write(b"{}\n")
    assert (tmp_path / "games.jsonl").read_bytes() == b"{}\n"
    assert kind_of_path(tmp_path / "games.bad-1.jsonl") == "a FIFO"
    assert last_byte(tmp_path / "games.jsonl") == b"\n"
    assert "game log" in caplog.text and "a new one begins" in caplog.text


def test_a_private_file_is_written_for_its_owner_alone(tmp_path: Path) -> None:
    path = tmp_path / "far.json"
    write_whole(path, "{}", private=True)
    assert path.stat().st_mode & 0o777 == 0o600
