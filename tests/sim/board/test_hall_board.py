"""The simulated Hall board: its design tells every level apart in the worst case, and
calibration fits a sound board and refuses a missing or reversed sensor in a sentence."""

from __future__ import annotations

import random
import statistics
from dataclasses import replace
from pathlib import Path

import pytest

from hardware.boards.board_file import BOARDS, load_board
from hardware.core.squares import POSITION_OF, STACKS
from hardware.sensors.hall_calibration import CalibrationRefused, fit, steps_for
from hardware.sensors.hall_levels import Levels
from sim.board.hall_board import SimHall
from sim.board.hall_field import GUIDE, Design
from sim.board.hall_margin import Margins

BOARD = load_board(BOARDS / "hall.toml")


def test_the_guides_design_tells_every_count_a_game_allows_apart_in_the_worst_case() -> None:
    margins = Margins(Design(), POSITION_OF[STACKS])
    found = margins.margins()
    assert len(found) == 20 * 8  # 0/1 to 3/4, either side
    allowed = [m for m in found if m.unseen is None]
    assert min(m.sigmas for m in allowed) > 20
    assert min(m.counts for m in found) > 0  # three men are never taken for four
    assert margins.hover_reads()


def test_magnets_of_any_strength_within_ten_percent_would_misread_a_stack_of_three() -> None:
    # What the old guide allowed: calibration now refuses a man more than 3 % from the others.
    loose = replace(GUIDE, strength=0.10)
    worst = min((m for m in Margins(Design(), POSITION_OF[STACKS], loose).margins()
                 if m.unseen is None), key=lambda m: m.counts)
    assert worst.counts < 0 and worst.lower in (2, -3)


def calibrate(hall: SimHall) -> Levels:
    """What ``aseb calibrate`` reads: the empty board, then each step on each square, with the
    men the guide says to calibrate with (the middle of their set: of nominal strength)."""
    empty = {s: [hall.channels[s].raw_value for _ in range(40)] for s in hall.channels}
    placed = {}
    for square in hall.channels:
        for count in steps_for(stacks=True):
            hall.put(square, count, strength=1.0)
            placed[square, count] = {s: statistics.fmean(hall.channels[s].raw_value
                                                         for _ in range(8))
                                     for s in hall.channels}
            hall.clear()
    return fit(BOARD.hall, empty, placed)  # type: ignore[arg-type]


def test_a_calibrated_board_reads_random_boards_of_stacks_right_as_the_room_warms() -> None:
    assert BOARD.hall is not None
    hall = SimHall(BOARD.hall, POSITION_OF[STACKS], seed=7)
    levels = calibrate(hall)
    rng = random.Random(1)
    for _ in range(60):
        hall.clear()
        truth = {}
        for square in hall.channels:
            truth[square] = rng.choice((-3, -2, -1, 0, 0, 1, 2, 3))
            hall.put(square, truth[square])
        hall.temperature = rng.uniform(-8, 8)
        read = {s: float(hall.channels[s].raw_value) for s in hall.channels}
        assert levels.counts(read) == truth


def test_calibration_refuses_a_missing_sensor_naming_its_square_and_channel() -> None:
    assert BOARD.hall is not None
    hall = SimHall(BOARD.hall, POSITION_OF[STACKS], seed=2)
    hall.channels["M9"].missing = True
    with pytest.raises(CalibrationRefused, match=r"^M9: its sensor reads 0 of 4095 with the "
                       r"board empty.*missing or not connected \(check its wires to ADC 1 "
                       r"channel 0\)$"):
        calibrate(hall)


def test_calibration_refuses_a_sensor_mounted_upside_down() -> None:
    assert BOARD.hall is not None
    hall = SimHall(BOARD.hall, POSITION_OF[STACKS], seed=2)
    hall.channels["C3"].reversed = True
    with pytest.raises(CalibrationRefused, match=r"^C3: a Cone reads below the empty square: its "
                                                 r"sensor is mounted upside down"):
        calibrate(hall)


def test_calibration_refuses_a_sensor_too_far_below_its_square() -> None:
    assert BOARD.hall is not None
    hall = SimHall(BOARD.hall, POSITION_OF[STACKS], seed=2)
    hall.channels["R5"].gain = 0.02
    with pytest.raises(CalibrationRefused, match=r"^R5: a Cone moves its reading by only"):
        calibrate(hall)


def test_calibration_refuses_a_square_whose_margin_cannot_reach_the_goal() -> None:
    # A man moves its reading plenty (this is no missing sensor), but two men and three then
    # stand too close for the build's tolerances to leave the room the goal needs.
    assert BOARD.hall is not None
    hall = SimHall(BOARD.hall, POSITION_OF[STACKS], seed=2)
    hall.channels["M11"].gain = 0.15
    with pytest.raises(CalibrationRefused, match=r"^M11: 3 Cones and 2 read too close together "
                                                 r"to tell apart \(\d+ counts to spare, \d+ "
                                                 r"needed\)"):
        calibrate(hall)


def test_a_man_further_than_three_percent_from_his_sets_middle_is_refused_by_number() -> None:
    assert BOARD.hall is not None
    men = {1: [2048 + 450 * k for k in (1.0, 0.99, 1.01, 1.0, 1.06, 0.995, 1.0)],
           -1: [2048 - 450 * k for k in (1.0, 1.01, 0.99, 1.0, 1.0)]}
    hall = SimHall(BOARD.hall, POSITION_OF[STACKS], seed=4)
    empty = {s: [float(hall.channels[s].raw_value) for _ in range(20)] for s in hall.channels}
    with pytest.raises(CalibrationRefused, match=r"^Cone 5 reads 6 % stronger than the middle "
                                                 r"of the Cones: set him aside for a spare"
                       ) as refused:
        fit(BOARD.hall, empty, {}, men={side: [r - 2048 + statistics.fmean(empty["C1"])
                                               for r in reads] for side, reads in men.items()})
    assert refused.value.man == (1, 5)


def test_a_calibration_file_reads_back_as_written() -> None:
    assert BOARD.hall is not None
    levels = calibrate(SimHall(BOARD.hall, POSITION_OF[STACKS], seed=4))
    again = Levels.from_json(levels.to_json(), "x.json", BOARD.squares)
    assert again.squares["M12"].steps[3] == pytest.approx(levels.squares["M12"].steps[3],
                                                            abs=0.01)
    assert again.crosstalk[2]["M12"]["M11"] == pytest.approx(levels.crosstalk[2]["M12"]["M11"],
                                                             abs=1e-5)



def test_a_hall_board_not_yet_calibrated_is_refused_at_start_saying_what_to_do(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    from sim.command.cli import main

    board = tmp_path / "hall.toml"
    board.write_text((BOARDS / "hall.toml").read_text())
    assert main(["run", "--board", str(board), "--game", "stacks", "--state-dir",
                 str(tmp_path), "--no-link"]) == 78
    assert "hall-calibration.json: no calibration of this Hall board" in caplog.text
    assert "run aseb calibrate --board FILE first" in caplog.text
