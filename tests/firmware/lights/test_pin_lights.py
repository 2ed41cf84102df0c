"""The web page's PIN lit on the squares when the board is asked to say it (``firmware.lights.pin``
through the board's link): read back frame by frame as a person beside the board would count
it, while the controller is ticked every frame; and never told to a companion, whose page
anyone on the network may watch."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.games import load, names
from firmware.lights.pin import DIGIT, GAP, ROUNDS, START, pin_frame, pin_seconds
from firmware.lights.scenes import GOLD, STICK_WHITE
from firmware.service.link import PIN_KEPT, Link
from hardware.core.squares import STICK_PIXELS
from hardware.lights.pixels import Frame
from sim.board.table import FRAME, Table
from tests.firmware.service.test_link import Companion


def counted(frames: list[Frame], path: tuple[str, ...]) -> list[int | str]:
    """What a person counts in the frames: ``start`` for the sticks' flash, then each digit
    (the squares lit gold along the path, from its first: 10 is 0), each run of frames once
    (the sticks flash twice)."""
    seen: list[int | str] = []
    previous: int | str | None = None
    for frame in frames:
        lit = next((n for n, square in enumerate(path) if frame.get(square) != GOLD), len(path))
        now: int | str | None = lit or None
        if any(frame.get(stick) == STICK_WHITE for stick in STICK_PIXELS):
            now = "start"
        if now is not None and now != previous:
            seen.append(now)
        previous = now
    return seen


@pytest.mark.parametrize("name", [n for n in names() if n != "stacks"])
def test_each_digit_lights_that_many_squares_on_every_board(name: str) -> None:
    geometry = load(name).geometry
    frames = [frame for t in range(int(pin_seconds("3071") / FRAME) + 30)
              if (frame := pin_frame("3071", geometry, t * FRAME)) is not None]
    assert counted(frames, geometry.paths[0]) == ["start", "start", 3, 10, 7, 1] * ROUNDS
    for frame in frames:  # nothing else lit: the count is plain
        gold = {square for square, colour in frame.items() if colour == GOLD}
        assert gold == set(geometry.paths[0][:len(gold)])
    assert len(frames) == pytest.approx(pin_seconds("3071") / FRAME, abs=2)
    assert pin_frame("3071", geometry, -0.1) is None
    assert pin_frame("3071", geometry, pin_seconds("3071")) is None


def test_the_same_digit_twice_is_two_bars_with_dark_between() -> None:
    geometry = load("tait").geometry
    frames = [pin_frame("55", geometry, START + t * FRAME) or {}
              for t in range(int((DIGIT + GAP) * 2 / FRAME))]
    assert counted(frames, geometry.paths[0]) == [5, 5]


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with Table(state_dir=tmp_path, menu=True, seed=3) as table:
        yield table


def test_the_board_lights_the_pin_it_says_and_tells_it_to_no_companion(table: Table,
                                                                      tmp_path: Path) -> None:
    link = Link(tmp_path / "run" / "link.sock", table.controller,
                lambda: table.controller.last_frame, choices=table.choices)
    link.open()
    table.companions.append(link)  # ticked after the controller, every frame
    try:
        companion = Companion(link.path)
        table.run(0.5)
        companion.events()
        companion.send({"v": 1, "type": "pin", "pin": "3051"})
        frames, told = [], []
        for _ in range(int((pin_seconds("3051") + 1.0) / FRAME)):
            frames.append(table.run(FRAME))  # one frame: the controller, then the link
            told += companion.events()
        path = table.controller.rules.geometry.paths[0]
        assert counted(frames, path) == ["start", "start", 3, 10, 5, 1] * ROUNDS
        assert table.controller.pin_shown is None  # shown, then the board's own lights again
        assert frames[-1] == table.controller.public_frame
        assert any("3 0 5 1" in line for line in table.controller.said)  # said at the board
        lights = [event["frame"] for event in told if event["type"] == "lights"]
        assert lights, "the companion heard no lights"
        told_frames = [{name: tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))
                        for name, value in frame.items()} for frame in lights]
        assert counted(told_frames, path) == []  # the page's board never shows the digits
        text = json.dumps(told)
        assert "3 0 5 1" not in text and PIN_KEPT in text
    finally:
        link.close()
