import queue
from typing import Any

from gpiozero.pins.mock import MockFactory

from hardware.core.clock import ManualClock
from hardware.core.events import SquareChanged
from hardware.sensors.reeds import GpioReeds
from sim.board.pins import ContactPin
from tests.hardware.conftest import drain

PINS = {"M7": 17, "M8": 27}


def test_piece_placed_is_one_event_after_the_switch_holds_still(
    clock: ManualClock, factory: MockFactory, events: queue.Queue[Any]
) -> None:
    with GpioReeds(PINS, events, clock=clock, debounce=0.02, pin_factory=factory) as reeds:
        pin = factory.pin(17)
        for level in (False, True, False, True, False):  # closes, bouncing
            pin.drive_low() if not level else pin.drive_high()
            clock.advance(0.001)
        clock.advance(0.015)
        assert drain(events) == []
        assert reeds.occupancy() == frozenset()
        clock.advance(0.01)
        assert drain(events) == [SquareChanged("M7", True, 0.004)]
        assert reeds.occupancy() == {"M7"}


def test_lifting_the_piece_is_reported_as_unoccupied(
    clock: ManualClock, factory: MockFactory, events: queue.Queue[Any]
) -> None:
    with GpioReeds(PINS, events, clock=clock, pin_factory=factory) as reeds:
        factory.pin(27).drive_low()
        clock.advance(0.1)
        factory.pin(27).drive_high()
        clock.advance(0.1)
        assert [(e.square, e.occupied) for e in drain(events)] == [("M8", True), ("M8", False)]
        assert reeds.occupancy() == frozenset()


def test_pieces_already_on_the_board_at_start_are_occupancy_not_events(
    clock: ManualClock, factory: MockFactory, events: queue.Queue[Any]
) -> None:
    factory.pin(17, pin_class=ContactPin).ground(True)  # a piece there before the start
    with GpioReeds(PINS, events, clock=clock, pin_factory=factory) as reeds:
        clock.advance(0.1)
        assert reeds.occupancy() == {"M7"}
        assert drain(events) == []


def test_closing_releases_the_pins_and_stops_events(
    clock: ManualClock, factory: MockFactory, events: queue.Queue[Any]
) -> None:
    reeds = GpioReeds(PINS, events, clock=clock, pin_factory=factory)
    factory.pin(17).drive_low()
    reeds.close()
    clock.advance(0.1)
    assert drain(events) == []
    # The same pins can be claimed again at once.
    GpioReeds(PINS, events, clock=clock, pin_factory=factory).close()
