"""``aseb calibrate``: a person follows the lights square by square; a square that cannot be
told apart stops it with a sentence naming the square."""

from __future__ import annotations

from pathlib import Path

import pytest

from hardware.boards.board_file import BOARDS, DEFAULT_BOARD, load_board
from hardware.core.clock import ManualClock
from hardware.core.squares import POSITION_OF, STACKS
from hardware.sensors.hall_guide import CONE, REEL, CalibrationGuide, Request
from hardware.sensors.hall_levels import Levels
from sim.board.hall_board import SimHall
from sim.command.calibrate import calibrate_main

HALL = BOARDS / "hall.toml"
BOARD = load_board(HALL)


def follow(guide: CalibrationGuide, hall: SimHall, clock: ManualClock,
           strength: dict[tuple[int, int], float] | None = None) -> list[Request]:
    """A person looks at the lights every frame and does what they ask: each man of a side
    in turn (of the strengths given by side and number, else middling), then the men they
    calibrate with on each square; the requests, in order."""
    asked: list[Request] = []
    while not guide.done:
        frame = guide.tick(clock.now())
        lit = [s for s, colour in frame.items() if colour in (CONE, REEL)]
        request = guide.request
        if request.square is not None and not request.clearing and lit:
            assert lit == [request.square]
            assert frame[request.square] == (CONE if request.count > 0 else REEL)
            if not asked or asked[-1] != request:
                asked.append(request)
                hall.clear()
                side = 1 if request.count > 0 else -1
                given = (strength or {}).get((side, request.man), 1.0)
                if request.spare:
                    given = 1.0  # a spare from the box, a middling one
                hall.put(request.square, request.count, strength=given)
        elif request.clearing:
            hall.clear()
        clock.advance(1 / 30)
    return asked


def readings(hall: SimHall) -> dict[str, float]:
    """What every sensor of the simulated Hall board reads now."""
    return {square: float(channel.raw_value) for square, channel in hall.channels.items()}


def test_a_person_follows_the_lights_man_by_man_then_square_by_square() -> None:
    assert BOARD.hall is not None
    hall, clock = SimHall(BOARD.hall, POSITION_OF[STACKS], seed=5), ManualClock()
    guide = CalibrationGuide(BOARD.hall, lambda: readings(hall), True, men=15)
    asked = follow(guide, hall, clock)
    assert guide.refused is None and guide.levels is not None
    men, squares = asked[:30], asked[30:]
    assert [(r.square, r.count, r.man) for r in men[:2]] == [("C1", 1, 1), ("C1", 1, 2)]
    assert men[15].count == -1 and men[15].man == 1
    assert men[3].text().startswith("Cone 4 of 15: set him on the lit square, C1")
    assert len(squares) == 20 * 4
    assert [(r.square, r.count) for r in squares[:4]] == [("C1", 1), ("C1", -1), ("C1", 3),
                                                         ("C1", -3)]
    assert squares[9].text() == ("Square 3 of 20: set a Reel on the lit square, C3 (the first "
                                 "of the men you calibrate with).")
    hall.clear()
    hall.put("M9", 2)
    hall.put("M10", -3)
    read = guide.levels.counts(readings(hall))
    assert read["M9"] == 2 and read["M10"] == -3 and sum(map(abs, read.values())) == 5


def test_a_man_whose_magnet_strays_is_asked_to_be_set_aside_for_a_spare() -> None:
    assert BOARD.hall is not None
    hall, clock = SimHall(BOARD.hall, POSITION_OF[STACKS], seed=5), ManualClock()
    guide = CalibrationGuide(BOARD.hall, lambda: readings(hall), True, men=15)
    asked = follow(guide, hall, clock, strength={(1, 6): 1.07})
    assert guide.levels is not None
    spares = [r for r in asked if r.spare]
    assert len(spares) == 1 and spares[0].man == 6 and spares[0].count == 1
    assert spares[0].spare.startswith("Cone 6 reads 7 % stronger than the middle of the Cones")
    assert spares[0].text() == "A spare Cone as Cone 6 of 15: set him on the lit square, C1."


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
