"""Every file a command writes is checked before the work begins and written by the one writer:
``aseb calibrate --out`` into a folder that cannot be written is refused before the person
places a single man (it was a traceback after every man was placed); a FIFO or a device given
as ``--out`` is never replaced by a file, even by root; ``aseb build-kit`` refuses a file for
its folder and says which files of an earlier kit it replaces."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hardware.boards.board_file import BOARDS
from sim.command import calibrate
from sim.command.cli import main
from tests.hostile import WRITE, kind_of_path, unwritable_folder

HALL = BOARDS / "hall.toml"


@pytest.mark.parametrize("place", sorted(WRITE))
def test_calibrate_refuses_an_out_it_could_not_write_before_a_man_is_placed(
        place: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    started = []
    monkeypatch.setattr(calibrate, "simulated", lambda *a: started.append(a))
    out = WRITE[place](tmp_path)
    before = kind_of_path(out)
    assert calibrate.calibrate_main(["--board", str(HALL), "--simulated",
                                     "--out", str(out)]) == 73
    said = capsys.readouterr().err
    assert started == [] and kind_of_path(out) == before
    assert said.startswith("aseb calibrate: ") and said.count("\n") == 1 and len(said) < 500


def test_calibrate_still_writes_where_it_can(tmp_path: Path) -> None:
    out = tmp_path / "new" / "hall-calibration.json"
    assert calibrate.calibrate_main(["--board", str(HALL), "--simulated", "--out", str(out)]) == 0
    assert out.read_text().startswith("{")


@pytest.mark.parametrize("place", sorted(WRITE))
def test_the_menu_card_is_never_written_over_what_is_not_a_file(
        place: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = WRITE[place](tmp_path, ".pdf")
    before = kind_of_path(out)
    assert main(["menu-card", "--out", str(out)]) == 73
    assert kind_of_path(out) == before
    said = capsys.readouterr().err
    assert "Traceback" not in said and said.strip().count("\n") == 0 and len(said) < 500


def test_a_fifo_named_card_pdf_is_refused_and_kept(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    os.mkfifo(tmp_path / "card.pdf")
    assert main(["menu-card", "--out", str(tmp_path / "card.pdf")]) == 73
    assert kind_of_path(tmp_path / "card.pdf") == "a FIFO"
    assert "card.pdf: not a regular file (a FIFO), so it is not written over" in \
        capsys.readouterr().err


def test_build_kit_refuses_a_file_for_its_folder(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """It was exit 2 and "(File exists)"."""
    (tmp_path / "kit").write_text("my notes")
    assert main(["build-kit", "--out", str(tmp_path / "kit")]) == 73
    assert (tmp_path / "kit").read_text() == "my notes"
    assert f"{tmp_path / 'kit'}: not a folder (a file); the build kit goes in a folder" in \
        capsys.readouterr().err


def test_build_kit_says_which_files_of_an_earlier_kit_it_replaces(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    kit = tmp_path / "kit"
    kit.mkdir()
    (kit / "parts.csv").write_text("my own list")
    (kit / "notes.txt").write_text("mine")
    assert main(["build-kit", "--out", str(kit)]) == 0
    out = capsys.readouterr().out
    assert f"{kit / 'parts.csv'} (replaces the one that was there)" in out
    assert f"{kit / 'wiring.svg'}\n" in out  # new: not said to replace anything
    assert (kit / "notes.txt").read_text() == "mine"  # not the kit's: left alone
    assert (kit / "parts.csv").read_text().startswith("part,count,notes")


def test_build_kit_refuses_a_fifo_in_its_place_before_drawing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    kit = tmp_path / "kit"
    kit.mkdir()
    os.mkfifo(kit / "parts.csv")
    assert main(["build-kit", "--out", str(kit)]) == 73
    assert list(kit.iterdir()) == [kit / "parts.csv"]  # nothing else written either
    assert kind_of_path(kit / "parts.csv") == "a FIFO"


def test_solve_refuses_an_out_it_could_not_write_before_solving(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--pieces", "1", "--out", str(unwritable_folder(tmp_path))]) == 73
    assert "the solved table cannot be kept there" in capsys.readouterr().err
