"""The Hall board's calibration file is read by the one reader and its values are checked for
order and sense as they are read: a file out of order, not finite, with a negative noise or
nested 50,000 deep is refused in one line naming the file and the square, and ``aseb run``
exits 78 (the unit is not restarted), never a traceback and exit 1 (a restart loop), and never
a board where an empty square reads as three Reels."""

from __future__ import annotations

import json
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from hardware.boards.board_file import BOARDS
from hardware.core.errors import ConfigError
from hardware.sensors.hall_levels import Levels, levels_from
from tests.hostile import READ

NAMES = ("C1", "C2")


def calibration(**changes: Any) -> dict[str, Any]:
    """A calibration of two squares, as ``aseb calibrate`` writes it, with ``changes``."""
    levels = Levels(MappingProxyType({
        "C1": levels_from(2048.0, 2400.0, 1700.0, 2900.0, 1200.0),
        "C2": levels_from(2050.0, 2390.0, 1710.0, 2880.0, 1210.0)}),
        MappingProxyType({1: MappingProxyType({"C1": MappingProxyType({"C2": 0.04})})}), 2.0)
    data: dict[str, Any] = json.loads(levels.to_json())
    data.update(changes)
    return data


def refused(data: object, tmp_path: Path) -> str:
    path = tmp_path / "hall-calibration.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        Levels.load(path, NAMES)
    said = str(caught.value)
    assert said.startswith(f"{path}: ") and "\n" not in said and len(said) < 300, said
    assert said.endswith("; run aseb calibrate again")
    return said.removeprefix(f"{path}: ").removesuffix("; run aseb calibrate again")


def test_a_calibration_as_written_is_read_back(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps(calibration()))
    levels = Levels.load(path, NAMES)
    assert levels.squares["C1"].count(2048.0) == 0 and levels.squares["C1"].count(2400.0) == 1
    assert levels.crosstalk[1]["C1"]["C2"] == pytest.approx(0.04)


def test_levels_out_of_order_are_refused_naming_the_square(tmp_path: Path) -> None:
    """Here one Reel reads above the empty square: in play an empty C2 would read as Reels."""
    data = calibration()
    data["squares"]["C2"]["steps"]["-1"] = 2300.0
    assert refused(data, tmp_path) == ("squares.C2.steps: out of order: the empty square read "
                                       "2050, not above one Reel (2300)")
    data = calibration()
    data["squares"]["C1"]["steps"]["3"] = 2500.0  # three Cones read weaker than two
    assert refused(data, tmp_path).startswith("squares.C1.steps: out of order: three Cones read "
                                              "2500, not above two Cones")


@pytest.mark.parametrize(("change", "said"), [
    ({"noise": -1.0}, "noise: -1: a sensor's noise is more than nothing"),
    ({"noise": 0}, "noise: 0: a sensor's noise is more than nothing"),
    ({"spread": 1.5}, "spread: 1.5: a share of a magnet's strength, from 0 to 1"),
    ({"noise": "loud"}, "noise: expected a number, got 'loud'"),
    ({"format": 2}, "format: not a calibration of this board (format 2, not 1)"),
    ({"crosstalk": {"1": {"C1": {"C2": 7.0}}}}, "crosstalk.1.C1.C2: 7 of a square's change "
                                                "leaks into another"),
    ({"crosstalk": {"9": {}}}, "crosstalk.9: a count of men is 1, 2 or 3"),
])
def test_values_out_of_sense_are_refused(change: dict[str, Any], said: str,
                                         tmp_path: Path) -> None:
    assert refused(calibration(**change), tmp_path).startswith(said)


def test_a_reading_that_is_not_a_number_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    text = json.dumps(calibration()).replace('"empty": 2048.0', '"empty": NaN')
    path.write_text(text)
    with pytest.raises(ConfigError, match="NaN is not a number a file holds; run aseb "
                                          "calibrate again"):
        Levels.load(path, NAMES)


def test_a_square_missing_is_not_this_boards_calibration(tmp_path: Path) -> None:
    data = calibration()
    del data["squares"]["C2"]
    assert refused(data, tmp_path) == "squares: not a calibration of this board (no C2)"


@pytest.mark.parametrize("name", sorted(set(READ) - {"missing"}))
def test_a_hostile_calibration_file_is_refused_in_one_line(name: str, tmp_path: Path) -> None:
    path = READ[name](tmp_path, "json")
    with pytest.raises(ConfigError) as caught:
        Levels.load(path, NAMES)
    said = str(caught.value)
    assert str(path) in said and "\n" not in said and len(said) < 300, said


def test_aseb_run_on_a_calibration_nested_50000_deep_exits_78_not_1(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """It ended in a traceback and exit 1: systemd restarted the board for ever."""
    from sim.command.cli import main

    board = tmp_path / "hall.toml"
    board.write_text((BOARDS / "hall.toml").read_text())
    (tmp_path / "hall-calibration.json").write_text("[" * 50_000 + "]" * 50_000)
    assert main(["run", "--board", str(board), "--game", "stacks", "--state-dir",
                 str(tmp_path / "state"), "--no-link"]) == 78
    assert "hall-calibration.json: [0][0][0][0][0]: lists or objects nested more than 5 deep" \
        in caplog.text
