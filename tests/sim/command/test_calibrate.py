"""``aseb calibrate``: a person follows the lights square by square; a square that cannot be
told apart stops it with a sentence naming the square."""

from __future__ import annotations

from pathlib import Path

import pytest

from hardware.boards.board_file import BOARDS, DEFAULT_BOARD, load_board
from hardware.core.clock import ManualClock
from hardware.core.squares import POSITION_OF, STACKS
from hardware.sensors.hall_guide import CONE, REEL, CalibrationGuide
from hardware.sensors.hall_levels import Levels
from sim.board.hall_board import SimHall
from sim.command.calibrate import calibrate_main

HALL = BOARDS / "hall.toml"
BOARD = load_board(HALL)


def test_a_person_follows_the_lights_square_by_square_and_the_board_is_calibrated() -> None:
    assert BOARD.hall is not None
    hall = SimHall(BOARD.hall, POSITION_OF[STACKS], seed=5)
    clock = ManualClock()
    guide = CalibrationGuide(BOARD.hall, lambda: {s: float(c.raw_value)
                                                   for s, c in hall.channels.items()}, True)
    asked = []
    while not guide.done:  # the person looks at the lights every frame and does what they ask
        frame = guide.tick(clock.now())
        lit = [s for s, colour in frame.items() if colour in (CONE, REEL)]
        request = guide.request
        if request.square is not None and not request.clearing and lit:
            assert lit == [request.square]
            assert frame[request.square] == (CONE if request.count > 0 else REEL)
            if hall.count(request.square) != request.count:
                asked.append((request.square, request.count))
                hall.clear()
                hall.put(request.square, request.count, strength=1.0)
        elif request.clearing:
            hall.clear()
        clock.advance(1 / 30)
    assert guide.refused is None and guide.levels is not None
    assert len(asked) == 20 * 4 and asked[:4] == [("C1", 1), ("C1", -1), ("C1", 3), ("C1", -3)]
    hall.clear()
    hall.put("M9", 2)
    hall.put("M10", -3)
    read = guide.levels.counts({s: float(c.raw_value) for s, c in hall.channels.items()})
    assert read["M9"] == 2 and read["M10"] == -3 and sum(map(abs, read.values())) == 5


def test_aseb_calibrate_simulated_writes_the_file_beside_the_board(tmp_path: Path) -> None:
    out = tmp_path / "hall-calibration.json"
    assert calibrate_main(["--board", str(HALL), "--simulated", "--out", str(out)]) == 0
    levels = Levels.load(out, BOARD.squares)
    assert set(levels.squares) == set(BOARD.squares)


@pytest.mark.parametrize(("fault", "sentence"), [
    ("--missing", "refused: M12: its sensor reads 0 of 4095 with the board empty, the end of the "
                  "range: the sensor is missing or not connected (check its wires to ADC 1 "
                  "channel 3)"),
    ("--reversed", "refused: M12: a Cone reads below the empty square: its sensor is mounted "
                   "upside down"),
])
def test_a_missing_or_reversed_sensor_is_refused_naming_its_square(
        fault: str, sentence: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "c.json"
    assert calibrate_main(["--board", str(HALL), "--simulated", fault, "M12",
                           "--out", str(out)]) == 1
    assert sentence in capsys.readouterr().err
    assert not out.exists()


def test_a_reed_board_needs_no_calibration(capsys: pytest.CaptureFixture[str]) -> None:
    assert calibrate_main(["--board", str(DEFAULT_BOARD), "--simulated"]) == 78
    assert "not a Hall board" in capsys.readouterr().err
