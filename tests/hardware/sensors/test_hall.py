"""The Hall sensors' driver: counts of men read through gpiozero's MCP3208, believed once they
hold, and an empty square followed as its sensor drifts."""

from __future__ import annotations

import queue
from collections.abc import Iterator
from types import MappingProxyType
from typing import Any

import gpiozero
import pytest
from gpiozero.pins.mock import MockFactory

from hardware.boards.board_file import BOARDS, ConfigError, load_board, parse_board
from hardware.boards.hall_file import HallChannel, HallConfig
from hardware.core.clock import ManualClock
from hardware.core.events import StackChanged
from hardware.sensors.hall import QUIET, HallSensors
from hardware.sensors.hall_levels import Levels, SquareLevels
from sim.board.adc import MockMcp3208
from tests.hardware.conftest import drain

HALL = BOARDS / "hall.toml"


def levels(*squares: str) -> Levels:
    """Every square empty at 2048, a man 400 counts away, two 700, three 900."""
    away = {0: 0, 1: 400, 2: 700, 3: 900}
    steps = {n: 2048 + (away[n] if n >= 0 else -away[-n]) for n in range(-3, 4)}
    return Levels(MappingProxyType({s: SquareLevels(2048.0, MappingProxyType(
        {n: float(v) for n, v in steps.items()})) for s in squares}), noise=1.5)


def config(**channels: HallChannel) -> HallConfig:
    return HallConfig("mcp3208", (18, 17), MappingProxyType(channels), 0.02, 3,
                      BOARDS / "none.json")


class Channel:
    """A channel whose count the test sets, flickering a count as a live sensor's noise does."""

    def __init__(self, value: int = 2048) -> None:
        self.value = value
        self.reads = 0

    @property
    def raw_value(self) -> int:
        self.reads += 1
        return self.value + self.reads % 2

    def close(self) -> None:
        pass


@pytest.fixture
def spi_factory(factory: MockFactory) -> Iterator[MockFactory]:
    # gpiozero's software SPI bus asks for the default pin factory even when given one
    old = gpiozero.Device.pin_factory
    gpiozero.Device.pin_factory = factory
    yield factory
    gpiozero.Device.pin_factory = old


def test_a_cone_read_through_the_mcp3208_bit_by_bit_is_a_count_of_one(
        spi_factory: MockFactory, clock: ManualClock, events: queue.Queue[Any]) -> None:
    values = {0: 2048, 1: 2048, 2: 2048}
    chips = [MockMcp3208(18, spi_factory, lambda ch: values[ch]),
             MockMcp3208(17, spi_factory, lambda ch: 2048)]
    setup = config(C1=HallChannel(0, 0), C2=HallChannel(0, 1), M6=HallChannel(1, 3))
    sensors = HallSensors(setup, levels("C1", "C2", "M6"), events, clock=clock,
                          pin_factory=spi_factory)
    try:
        values[1] = 2448  # a Cone on C2
        clock.advance(0.1)
        assert drain(events) == [StackChanged("C2", 1, pytest.approx(0.06))]
        assert sensors.stacks() == {"C1": 0, "C2": 1, "M6": 0}
        values[1] = 1148  # three Reels
        clock.advance(0.1)
        assert [e.count for e in drain(events)] == [-3]
        assert sensors.occupancy() == frozenset({"C2"})
    finally:
        sensors.close()
        for chip in chips:
            chip.close()


def test_a_count_is_believed_only_once_it_holds_for_the_settle_reads(
        clock: ManualClock, events: queue.Queue[Any]) -> None:
    c1 = Channel()
    sensors = HallSensors(config(C1=HallChannel(0, 0)), levels("C1"), events, clock=clock,
                          channels={"C1": c1})
    c1.value = 2448
    clock.advance(0.045)  # two reads
    assert drain(events) == []
    c1.value = 2048  # the man lifted again before the third
    clock.advance(0.1)
    assert drain(events) == []
    c1.value = 2448
    clock.advance(0.065)
    assert drain(events) == [StackChanged("C1", 1, pytest.approx(0.20))]  # the third read
    sensors.close()


def test_an_empty_square_is_followed_as_it_drifts_but_not_while_a_hand_is_near(
        clock: ManualClock, events: queue.Queue[Any]) -> None:
    c1, c2 = Channel(), Channel()
    sensors = HallSensors(config(C1=HallChannel(0, 0), C2=HallChannel(0, 1)),
                          levels("C1", "C2"), events, clock=clock, channels={"C1": c1, "C2": c2})
    c1.value = 2068  # warmed up by 20 counts
    clock.advance(QUIET + 30)
    assert sensors.levels.squares["C1"].empty == pytest.approx(2068, abs=1)
    assert sensors.levels.squares["C2"].empty == pytest.approx(2048, abs=1)
    before = sensors.levels.squares["C1"].empty
    for n in range(200):  # a hand moves over C2 all the while: nothing is followed
        c1.value = 2090
        c2.value = 2048 + (150 if n % 2 else 0)
        clock.advance(0.2)
    assert sensors.levels.squares["C1"].empty == before
    assert drain(events) == []
    sensors.close()


def test_the_hall_board_file_names_each_squares_adc_and_channel() -> None:
    board = load_board(HALL)
    assert board.kind == "stacks" and board.hall is not None
    assert board.hall.select_pins == (18, 17, 16)
    assert board.hall.channels["M15"] == HallChannel(1, 6)
    assert len(board.hall.channels) == 20 == len(set(board.hall.channels.values()))
    assert board.hall.calibration == BOARDS / "hall-calibration.json"


def test_a_channel_used_twice_and_a_reed_section_on_a_hall_board_are_refused() -> None:
    text = HALL.read_text().replace("C2 = { adc = 0, channel = 1 }",
                                    "C2 = { adc = 0, channel = 0 }")
    with pytest.raises(ConfigError, match=r"squares\.C2\.channel: ADC 0 channel 0 is already "
                                          r"used by squares\.C1\.channel"):
        parse_board(text)
    with pytest.raises(ConfigError, match=r"reeds: unknown section .a Hall board"):
        parse_board(HALL.read_text() + '\n[reeds]\nbackend = "gpio"\n')
    with pytest.raises(ConfigError, match=r"sticks\.tilt_pin: GPIO 26 is already used by "
                                          r"sensors\.adcs\[2\]\.select_pin"):
        parse_board(HALL.read_text().replace("select_pin = 16", "select_pin = 26"))


def test_a_reed_board_for_the_stacking_game_is_still_refused() -> None:
    text = HALL.read_text().replace('kind = "hall"', 'kind = "reed"')
    with pytest.raises(ConfigError, match=r"cannot count a stack of men .* a Hall board"):
        parse_board(text)
