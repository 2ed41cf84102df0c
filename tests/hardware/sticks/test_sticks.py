import queue
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.boards.board_file import DEFAULT_BOARD, SticksConfig, load_board
from hardware.core.clock import ManualClock
from hardware.core.events import ShakeAbandoned, ShakeStarted, Shaking, SticksThrown
from hardware.sticks.stick_box import StickBox
from sim.board.pins import ContactPin
from tests.hardware.conftest import drain

THROWS = [1, 2, 3, 4, 6]
WEIGHTS = [4, 6, 4, 1, 1]  # four two-sided sticks
TILT, BUTTON = 26, 0


def weighted_draw(rng: random.Random) -> int:
    return rng.choices(THROWS, WEIGHTS)[0]


@pytest.fixture
def config() -> SticksConfig:
    return replace(load_board(DEFAULT_BOARD).sticks, button_pin=BUTTON)


@pytest.fixture
def box(
    config: SticksConfig, clock: ManualClock, factory: MockFactory, events: queue.Queue[Any]
) -> Iterator[StickBox[int]]:
    factory.pin(TILT, pin_class=ContactPin).ground(True)  # upright: the ball closes it
    box = StickBox(config, events, clock=clock, draw=weighted_draw, pin_factory=factory,
                   rng=random.Random(7))
    yield box
    box.close()


def toggle(factory: MockFactory, clock: ManualClock, times: int, gap: float = 0.08) -> None:
    pin = factory.pin(TILT)
    for _ in range(times):
        pin.ground(not pin.grounded)
        clock.advance(gap)


def test_shake_then_set_down_throws_once(
    box: StickBox[int], clock: ManualClock, factory: MockFactory, events: queue.Queue[Any]
) -> None:
    toggle(factory, clock, 8)  # ends upright
    clock.advance(0.5)
    seen = drain(events)
    assert isinstance(seen[0], ShakeStarted)
    assert all(isinstance(e, Shaking) for e in seen[1:])
    clock.advance(0.3)
    (thrown,) = drain(events)
    assert isinstance(thrown, SticksThrown)
    assert thrown.result in THROWS
    assert thrown.t == pytest.approx(7 * 0.08 + 0.7)  # the last tilt, then settle_ms


def test_a_bump_of_the_table_is_no_shake(
    box: StickBox[int], clock: ManualClock, factory: MockFactory, events: queue.Queue[Any]
) -> None:
    toggle(factory, clock, 2)
    clock.advance(10)
    assert drain(events) == []


def test_box_left_tilted_after_a_shake_never_throws(
    box: StickBox[int], clock: ManualClock, factory: MockFactory, events: queue.Queue[Any]
) -> None:
    toggle(factory, clock, 5)  # odd: left lying on its side
    clock.advance(60)
    seen = drain(events)
    assert not any(isinstance(e, SticksThrown) for e in seen)
    assert isinstance(seen[-1], ShakeAbandoned) and "tilted" in seen[-1].reason


def test_chattering_switch_is_abandoned_and_does_not_throw_when_it_stops(
    box: StickBox[int], clock: ManualClock, factory: MockFactory, events: queue.Queue[Any]
) -> None:
    toggle(factory, clock, 400, gap=0.05)  # 20 s of steady chatter, ending upright
    clock.advance(5)
    seen = drain(events)
    assert not any(isinstance(e, SticksThrown) for e in seen)
    assert any(isinstance(e, ShakeAbandoned) and "chatter" in e.reason for e in seen)
    # Once quiet, a real shake works again.
    toggle(factory, clock, 6)
    clock.advance(2)
    assert isinstance(drain(events)[-1], SticksThrown)


def test_throw_button_throws_without_a_shake(
    box: StickBox[int], clock: ManualClock, factory: MockFactory, events: queue.Queue[Any]
) -> None:
    factory.pin(BUTTON).drive_low()
    clock.advance(0.1)
    factory.pin(BUTTON).drive_high()
    clock.advance(0.1)
    (thrown,) = drain(events)
    assert isinstance(thrown, SticksThrown)


def test_throw_button_during_a_shake_is_ignored(
    box: StickBox[int], clock: ManualClock, factory: MockFactory, events: queue.Queue[Any]
) -> None:
    toggle(factory, clock, 4)
    box.throw()
    assert not any(isinstance(e, SticksThrown) for e in drain(events))
    assert box.shaking


def test_the_timing_of_the_shake_changes_the_throw_generator(
    config: SticksConfig, clock: ManualClock, events: queue.Queue[Any]
) -> None:
    draws: list[list[float]] = []
    for gap in (0.08, 0.09):
        factory = MockFactory(pin_class=ContactPin)
        factory.pin(TILT).ground(True)
        seen: list[float] = []
        box = StickBox(config, events, clock=clock, pin_factory=factory, rng=random.Random(7),
                       draw=lambda rng, seen=seen: seen.append(rng.random()))
        toggle(factory, clock, 6, gap)
        clock.advance(2)
        box.close()
        draws.append(seen)
    assert len(draws[0]) == len(draws[1]) == 1
    assert draws[0] != draws[1]


def test_every_box_starts_from_its_own_secret_seed(
    config: SticksConfig, clock: ManualClock, factory: MockFactory, events: queue.Queue[Any]
) -> None:
    values = []
    for _ in range(2):
        box = StickBox(config, events, clock=clock, pin_factory=factory,
                       draw=lambda rng: rng.getrandbits(64))
        box.throw()
        box.close()
        values.append(drain(events)[0].result)
    assert values[0] != values[1]


def test_throws_follow_the_distribution_draw_gives(
    box: StickBox[int], events: queue.Queue[Any]
) -> None:
    for _ in range(1600):
        box.throw()
    results = [e.result for e in drain(events)]
    counts = {n: results.count(n) for n in THROWS}
    # Expected 400, 600, 400, 100, 100; bounds are about six standard deviations wide.
    assert 280 < counts[1] < 520 and 460 < counts[2] < 740 and 280 < counts[3] < 520
    assert 40 < counts[4] < 160 and 40 < counts[6] < 160
