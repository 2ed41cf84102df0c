import itertools
import queue
import random
from collections.abc import Iterator
from typing import Any

import pytest

from hardware.boards.board_file import BOARDS, load_board
from hardware.core.events import ShakeStarted, SquareChanged, SticksThrown
from hardware.devices import Devices
from sim.board.pins import SimBoard
from sim.board.reeds import GAP, OVERLAP, Build


def drain(events: queue.Queue[Any]) -> list[Any]:
    found = []
    while not events.empty():
        found.append(events.get_nowait())
    return found


def squares_changed(events: queue.Queue[Any]) -> list[tuple[str, bool]]:
    return [(e.square, e.occupied) for e in drain(events) if isinstance(e, SquareChanged)]


@pytest.fixture(params=["pi-direct", "mcp23017"])
def sim(request: pytest.FixtureRequest) -> SimBoard:
    return SimBoard(load_board(BOARDS / f"{request.param}.toml"), seed=3)


@pytest.fixture
def events() -> queue.Queue[Any]:
    return queue.Queue()


@pytest.fixture
def devices(sim: SimBoard, events: queue.Queue[Any]) -> Iterator[Devices]:
    devices = sim.open(events, draw=lambda rng: rng.choice([1, 2, 3, 4, 6]))
    yield devices
    devices.close()


def test_placed_piece_reaches_the_drivers_as_one_change(
    sim: SimBoard, devices: Devices, events: queue.Queue[Any]
) -> None:
    sim.place("C1")
    sim.advance(0.1)
    assert squares_changed(events) == [("C1", True)]
    assert devices.reeds.occupancy() == {"C1"} == sim.pieces


def test_every_change_bounces_yet_stays_one_event(sim: SimBoard) -> None:
    edges: list[float] = []
    sim._switches["M7"] = lambda closed, inner=sim._switches["M7"]: (
        edges.append(sim.clock.now()), inner(closed))
    for _ in range(10):
        sim.place("M7")
        sim.advance(0.05)
        sim.lift("M7")
        sim.advance(0.05)
    assert len(edges) > 20  # bounced edges on top of the 20 real changes
    settle_times = [b - a for a, b in itertools.pairwise(edges) if b - a < 0.01]
    assert max(settle_times) <= sim.bounce


def test_bounce_is_the_same_for_the_same_seed() -> None:
    def edges(seed: int) -> list[tuple[float, bool]]:
        sim = SimBoard(seed=seed)
        seen: list[tuple[float, bool]] = []
        sim._switches["M7"] = lambda closed: seen.append((sim.clock.now(), closed))
        for _ in range(5):
            sim.place("M7")
            sim.lift("M7")
        sim.advance(1)
        return seen

    assert edges(1) == edges(1)
    assert edges(1) != edges(2)


def test_lift_then_place_on_the_same_square_happen_one_after_the_other(
    sim: SimBoard, devices: Devices, events: queue.Queue[Any]
) -> None:
    sim.place("M9")
    sim.advance(0.1)
    drain(events)
    sim.lift("M9")
    end = sim.place("M9")  # put straight back
    assert end > sim.clock.now()
    sim.advance(0.1)
    assert devices.reeds.occupancy() == {"M9"}


SLID_C2_TO_M6 = {
    GAP: [
        ("C2", False),
        ("C3", True), ("C3", False),
        ("C4", True), ("C4", False),
        ("M5", True), ("M5", False),
        ("M6", True),
    ],
    OVERLAP: [
        ("C3", True), ("C2", False),
        ("C4", True), ("C3", False),
        ("M5", True), ("C4", False),
        ("M6", True), ("M5", False),
    ],
}  # fmt: skip


@pytest.mark.parametrize("build", [GAP, OVERLAP], ids=["gap", "overlap"])
def test_slide_closes_the_squares_passed_over_in_path_order(
    sim: SimBoard, events: queue.Queue[Any], build: Build
) -> None:
    sim.build = build
    devices = sim.open(events, draw=lambda rng: 1)
    try:
        sim.place("C2")
        sim.advance(0.1)
        drain(events)
        sim.slide("C2", "M6", seconds=0.4)
        sim.advance(1.0)
        assert squares_changed(events) == SLID_C2_TO_M6[build]
        assert devices.reeds.occupancy() == {"M6"}
    finally:
        devices.close()


def test_a_plain_build_opens_and_closes_at_each_line_together(
    sim: SimBoard, devices: Devices, events: queue.Queue[Any]
) -> None:
    times: dict[tuple[str, bool], float] = {}
    change = sim._change  # each contact's change, before its bounce
    sim._change = lambda switch, closed, at: (  # type: ignore[method-assign]
        times.setdefault((switch, closed), at), change(switch, closed, at))[1]
    sim.place("C2")
    sim.advance(0.1)
    times.clear()
    sim.slide("C2", "C4", seconds=0.4)
    sim.advance(1.0)
    assert times[("C3", True)] == pytest.approx(times[("C2", False)])
    assert times[("C4", True)] == pytest.approx(times[("C3", False)])
    assert devices.reeds.occupancy() == {"C4"}


def test_a_piece_carried_low_closes_the_squares_under_it_for_less_time(
    events: queue.Queue[Any],
) -> None:
    def closed_for(height: float) -> float:
        sim = SimBoard(seed=1, build=OVERLAP)
        sim.place("M7")
        times: dict[bool, float] = {}
        change = sim._change  # each contact's change, before its bounce
        sim._change = lambda switch, closed, at: (  # type: ignore[method-assign]
            switch == "M8" and times.setdefault(closed, at), change(switch, closed, at))[1]
        sim.slide("M7", "M9", seconds=1.0, height=height)
        sim.advance(2.0)
        assert sim.pieces == {"M9"}
        return times[False] - times[True] if times else 0.0

    assert closed_for(0.0) == pytest.approx(0.65)  # the reach each side of M8, over 2 squares
    assert 0 < closed_for(0.4) < closed_for(0.0)
    assert closed_for(0.7) == 0.0  # carried above the reach: a lift and a placing


def test_a_hop_shorter_than_the_debounce_is_never_seen(
    sim: SimBoard, devices: Devices, events: queue.Queue[Any]
) -> None:
    sim.place("M9")
    sim.advance(0.1)
    drain(events)
    sim.hop("M9", seconds=0.002)
    sim.advance(0.5)
    assert squares_changed(events) == []
    sim.hop("M9", seconds=0.2)
    sim.advance(0.5)
    assert squares_changed(events) == [("M9", False), ("M9", True)]


def test_shake_is_thrown_and_the_box_ends_upright(
    sim: SimBoard, devices: Devices, events: queue.Queue[Any]
) -> None:
    end = sim.shake(1.0)
    sim.run_until(end + sim.board.sticks.settle + 0.1)
    seen = drain(events)
    assert isinstance(seen[0], ShakeStarted)
    assert isinstance(seen[-1], SticksThrown)
    assert seen[-1].t == pytest.approx(end + sim.board.sticks.settle)


def test_lights_and_sounds_are_visible(sim: SimBoard, devices: Devices) -> None:
    devices.lights.brightness = 1.0
    devices.lights.show({"M12": (10, 20, 30), "S3": (255, 255, 255)})
    devices.speaker.play("bump")
    assert sim.lights["M12"] == (10, 20, 30)
    assert sim.lights["S3"] == (255, 255, 255)
    assert sim.lights["M5"] == (0, 0, 0)
    assert sim.sounds == ["bump"]


def test_pieces_on_the_board_before_the_drivers_open_are_read_at_start(
    events: queue.Queue[Any],
) -> None:
    sim = SimBoard()
    sim.place("R2")
    sim.place("M16")
    sim.advance(0.1)
    devices = sim.open(events, draw=random.Random.random)
    try:
        assert devices.reeds.occupancy() == {"R2", "M16"}
        sim.advance(0.1)
        assert drain(events) == []
    finally:
        devices.close()


def test_buttons_of_the_board_file_can_be_pressed(events: queue.Queue[Any]) -> None:
    sim = SimBoard(load_board(BOARDS / "mcp23017.toml"))
    devices = sim.open(events, draw=lambda rng: 4)
    try:
        sim.press("mummy")
        sim.press("throw")
        sim.advance(0.5)
        kinds = [type(e).__name__ for e in drain(events)]
        assert sorted(kinds) == ["ButtonPressed", "ButtonReleased", "SticksThrown"]
        with pytest.raises(KeyError, match="no 'reset'"):
            sim.press("reset")
    finally:
        devices.close()


def test_a_simulated_senet_board_slides_along_its_snaking_path(events: queue.Queue[Any]) -> None:
    sim = SimBoard(load_board(BOARDS / "senet.toml"), seed=5, build=GAP)
    devices = sim.open(events, draw=lambda rng: rng.choice([1, 2, 3, 4, 6]))
    try:
        for square in ("H8", "H30"):
            sim.place(square)
            sim.advance(0.1)
        assert squares_changed(events) == [("H8", True), ("H30", True)]
        sim.slide("H8", "H12", seconds=0.4)
        sim.advance(1.0)
        assert squares_changed(events) == [
            ("H8", False),
            ("H9", True), ("H9", False),
            ("H10", True), ("H10", False),
            ("H11", True), ("H11", False),
            ("H12", True),
        ]  # fmt: skip
        assert devices.reeds.occupancy() == {"H12", "H30"} == sim.pieces
        devices.lights.show({"H30": (255, 0, 0), "S1": (255, 255, 255)})
        assert sim.lights["H30"] != (0, 0, 0) and sim.lights["H1"] == (0, 0, 0)
        with pytest.raises(KeyError, match="M5"):
            devices.lights.show({"M5": (255, 0, 0)})
    finally:
        devices.close()
