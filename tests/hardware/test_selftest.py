import queue
import statistics
from collections.abc import Callable
from dataclasses import replace
from types import MappingProxyType
from typing import Any

import pytest

from hardware.boards.board_file import BOARDS, DEFAULT_BOARD, Board, load_board
from hardware.devices import open_devices
from hardware.selftest import Prompt, SelftestReport, count_whites, run_selftest
from hardware.sensors.reach import crossings, verdict
from sim.board.pins import SimBoard
from sim.board.reeds import BUILDS, GAP, OVERLAP, Build
from sim.command.selftest import EX_CONFIG, robot_hand, selftest_main

SOME = ("R1", "M7", "M8", "C4")


def check(
    sim: SimBoard,
    *,
    file: Board | None = None,
    hand: Callable[[Prompt], str] | None = None,
    reach: bool = False,
) -> tuple[SelftestReport, list[str]]:
    """Run the selftest on ``sim`` with the drivers reading ``file`` (default: the sim's own)."""
    events: queue.Queue[Any] = queue.Queue()
    board = file or sim.board
    devices = open_devices(board, events, clock=sim.clock, draw=count_whites,
                           pin_factory=sim.factory, strip=sim.strip, speaker=sim.speaker)
    said: list[str] = []
    try:
        report = run_selftest(board, devices, events, ask=hand or robot_hand(sim),
                              say=said.append, wait=sim.advance, squares=SOME, reach=reach)
    finally:
        devices.close()
    return report, said


def test_a_well_built_board_passes_every_check() -> None:
    report, said = check(SimBoard())
    assert report.ok
    assert said[-1] == "Everything works."
    assert any(line.startswith("Thrown: ") for line in said)


@pytest.mark.parametrize("build", list(BUILDS.values()), ids=list(BUILDS))
def test_a_piece_slid_across_every_line_shows_the_boards_reach(build: Build) -> None:
    report, said = check(SimBoard(build=build), reach=True)
    assert report.ok and len(report.lines) == 15 + 4  # the Cones' path, the Reels' row to M5
    assert statistics.median(line.reach for line in report.lines) == pytest.approx(
        build.reach, abs=0.02)
    if build is OVERLAP:
        assert all(line.overlap > 0 for line in report.lines)
        assert str(report.lines[0]).startswith("C1|C2: overlap") and str(report.lines[0]) in said
    elif build is GAP:
        assert all(line.overlap < 0 for line in report.lines)
    else:
        assert all(abs(line.overlap) <= 2 * build.bounce for line in report.lines)
    assert any(line.startswith(f"Reach about {build.reach:.2f}") for line in said)


def test_a_slide_that_crosses_no_line_is_told() -> None:
    assert verdict([]) == "No line was crossed: slide the piece without lifting it."
    assert crossings(("C1", "C2"), [("C1", False, 1.0)]) == []


def test_two_crossed_wires_are_named() -> None:
    sim = SimBoard()
    pins = dict(sim.board.reeds.pins)
    pins["M7"], pins["M8"] = pins["M8"], pins["M7"]
    file = replace(sim.board, reeds=replace(sim.board.reeds, pins=MappingProxyType(pins)))
    report, said = check(sim, file=file)
    assert report.crossed == {"M7": {"M8"}, "M8": {"M7"}}
    assert "M7: M8 closed instead: check those wires and the board file." in said


def test_dead_and_stuck_switches_are_reported() -> None:
    sim = SimBoard()
    sim._switches["M7"] = lambda closed: None  # a broken wire
    sim._switches["C4"](True)  # welded shut
    sim._switches["C4"] = lambda closed: None
    report, said = check(sim)
    assert report.dead == ["M7"]
    assert report.stuck == ["C4"]
    assert not report.ok
    assert "  switches that never closed: M7" in said
    assert ("M7: its switch did not close (dead switch, loose wire or weak magnet): check the "
            "reed wired to GPIO18 (pin 12).") in said


def test_dark_pixel_silent_speaker_and_a_box_that_never_throws_are_reported() -> None:
    sim = SimBoard()
    robot = robot_hand(sim)

    def hand(prompt: Prompt) -> str:
        if prompt.action == "shake":
            return ""  # never shakes
        if prompt.action == "listen":
            return "n"
        if prompt.target == "C3" and prompt.action == "look":
            return "no"
        return robot(prompt)

    report, said = check(sim, hand=hand)
    assert report.dark == ["C3"]
    assert not report.sound_heard
    assert not report.thrown
    assert "No shake was seen: check the tilt switch wired to GPIO26 (pin 37) (sticks.tilt_pin)." \
        in said


def test_command_runs_the_simulated_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert selftest_main(["--simulated"]) == 0
    assert "Everything works." in capsys.readouterr().out


def test_command_refuses_a_bad_board_file_with_status_78(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "board.toml"
    bad.write_text(DEFAULT_BOARD.read_text().replace("M9 = { pin = 24 }", "M9 = { pin = 14 }"))
    assert selftest_main(["--board", str(bad), "--simulated"]) == EX_CONFIG
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "squares.M9.pin: GPIO 14 is already used by squares.M5.pin" in err


def test_command_without_a_pi_says_what_is_missing(capsys: pytest.CaptureFixture[str]) -> None:
    assert selftest_main([]) == 69
    assert "pin factory cannot start" in capsys.readouterr().err


def test_a_senet_board_is_checked_square_by_square_h1_to_h30() -> None:
    sim = SimBoard(load_board(BOARDS / "senet.toml"))
    events: queue.Queue[Any] = queue.Queue()
    devices = open_devices(sim.board, events, clock=sim.clock, draw=count_whites,
                           pin_factory=sim.factory, strip=sim.strip, speaker=sim.speaker,
                           chips=sim.chips)
    asked: list[Prompt] = []
    hand = robot_hand(sim)
    try:
        report = run_selftest(sim.board, devices, events, say=lambda _: None, wait=sim.advance,
                              ask=lambda prompt: (asked.append(prompt), hand(prompt))[1])
    finally:
        devices.close()
    assert report.ok
    placed = [p.target for p in asked if p.action == "place"]
    assert placed == [f"H{n}" for n in range(1, 31)]
