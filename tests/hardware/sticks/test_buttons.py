import queue
from typing import Any

from gpiozero.pins.mock import MockFactory

from hardware.core.clock import ManualClock
from hardware.core.events import ButtonPressed, ButtonReleased
from hardware.sticks.buttons import Buttons
from tests.hardware.conftest import drain


def test_a_bouncing_press_is_one_press_then_one_release(
    clock: ManualClock, factory: MockFactory, events: queue.Queue[Any]
) -> None:
    buttons = Buttons({"new_game": 5, "mummy": 6}, events, clock=clock, pin_factory=factory)
    try:
        pin = factory.pin(6)
        for _ in range(3):  # bouncing press
            pin.drive_low()
            pin.drive_high()
        pin.drive_low()
        clock.advance(0.2)
        pin.drive_high()
        clock.advance(0.2)
        assert drain(events) == [ButtonPressed("mummy", 0.0), ButtonReleased("mummy", 0.2)]
    finally:
        buttons.close()
