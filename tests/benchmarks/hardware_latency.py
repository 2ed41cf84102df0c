"""Hardware figures: pin edge to debounced event, and what the reed reader costs while idle.

    python -m tests.benchmarks.hardware_latency

A benchmark, not a test: it reads the wall clock and waits on it.
"""

from __future__ import annotations

import queue
import statistics
import threading
import time
from typing import Any

from gpiozero.pins.mock import MockFactory

from hardware.boards.board_file import DEFAULT_BOARD, Expander, load_board
from hardware.core.clock import ManualClock, MonotonicClock
from hardware.sensors.expander import Mcp23017Reeds
from hardware.sensors.reeds import GpioReeds
from sim.board.expander import FakeMcp23017

EDGES = 2000
REAL_EDGES = 150
IDLE_SECONDS = 3.0


class StampedQueue(queue.Queue[Any]):
    """A queue that notes the moment each event is put on it."""

    def __init__(self) -> None:
        super().__init__()
        self.stamps: list[float] = []

    def put(self, item: Any, block: bool = True, timeout: float | None = None) -> None:
        self.stamps.append(time.perf_counter())
        super().put(item, block, timeout)


def edge_to_event_manual(pins: dict[str, int], debounce: float) -> list[float]:
    """Our own work per change: the edge callback plus the debounce check, no waiting."""
    factory, clock, events = MockFactory(), ManualClock(), StampedQueue()
    reeds = GpioReeds(pins, events, clock=clock, debounce=debounce, pin_factory=factory)
    pin = factory.pin(pins["M7"])
    latencies = []
    for i in range(EDGES):
        start = time.perf_counter()
        pin.drive_low() if i % 2 == 0 else pin.drive_high()
        clock.advance(debounce)  # the interval passes at once: only the work is timed
        latencies.append(events.stamps[-1] - start)
    reeds.close()
    assert events.qsize() == EDGES
    return latencies


def edge_to_event_real(pins: dict[str, int], debounce: float) -> list[float]:
    """The same with the real clock's worker thread, minus the debounce interval."""
    factory, clock, events = MockFactory(), MonotonicClock(), StampedQueue()
    reeds = GpioReeds(pins, events, clock=clock, debounce=debounce, pin_factory=factory)
    pin = factory.pin(pins["M7"])
    latencies = []
    for i in range(REAL_EDGES):
        start = time.perf_counter()
        pin.drive_low() if i % 2 == 0 else pin.drive_high()
        events.get(timeout=5)
        latencies.append(events.stamps[-1] - start - debounce)
    reeds.close()
    clock.close()
    return latencies


def idle_cost(pins: dict[str, int], debounce: float) -> tuple[float, int, int]:
    """CPU seconds, new threads and timer wake-ups of a direct-GPIO reader left alone."""
    threads_before = threading.active_count()
    factory, clock, events = MockFactory(), MonotonicClock(), StampedQueue()
    wakeups = 0
    call_at = clock.call_at

    def counting_call_at(when: float, callback: Any) -> Any:
        nonlocal wakeups
        wakeups += 1
        return call_at(when, callback)

    clock.call_at = counting_call_at  # type: ignore[method-assign]
    reeds = GpioReeds(pins, events, clock=clock, debounce=debounce, pin_factory=factory)
    cpu = time.process_time()
    time.sleep(IDLE_SECONDS)
    cpu = time.process_time() - cpu
    threads = threading.active_count() - threads_before
    reeds.close()
    clock.close()
    return cpu, threads, wakeups


def expander_idle_reads(interrupt: bool) -> float:
    """I2C reads per second of an idle MCP23017 reader, with and without the INT line."""
    factory, clock = MockFactory(), ManualClock()
    chip = FakeMcp23017(0x20, factory.pin(17) if interrupt else None)
    channels = load_board(DEFAULT_BOARD.parent / "mcp23017.toml").reeds.channels
    mine = {sq: ch for sq, ch in channels.items() if ch.address == 0x20}
    reeds = Mcp23017Reeds(mine, [Expander(0x20, 17 if interrupt else None)], queue.Queue(),
                          clock=clock, chips={0x20: chip}, pin_factory=factory)
    before = chip.reads
    clock.advance(10.0)
    reeds.close()
    return (chip.reads - before) / 10.0


def wait_overshoot(seconds: float = 0.02) -> list[float]:
    """How late this machine wakes a thread from a timed wait: the floor under the real figure."""
    wake = threading.Condition()
    late = []
    with wake:
        for _ in range(REAL_EDGES):
            start = time.monotonic()
            wake.wait(seconds)
            late.append(time.monotonic() - start - seconds)
    return late


def micros(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[int(len(ordered) * 0.95)]
    return f"median {statistics.median(values) * 1e6:7.1f} us   p95 {p95 * 1e6:7.1f} us"


def main() -> None:
    board = load_board(DEFAULT_BOARD)
    pins, debounce = dict(board.reeds.pins), board.reeds.debounce
    print(f"Reed reader, direct GPIO on mock pins, debounce {debounce * 1000:g} ms excluded")
    manual = edge_to_event_manual(pins, debounce)
    print(f"  edge -> SquareChanged on the queue, our work ({EDGES} edges):  {micros(manual)}")
    real = edge_to_event_real(pins, debounce)
    print(f"  same through the real clock's thread ({REAL_EDGES} edges):    {micros(real)}")
    print(f"  (this machine wakes a timed wait late by:               {micros(wait_overshoot())})")
    cpu, threads, wakeups = idle_cost(pins, debounce)
    print(f"  idle {IDLE_SECONDS:g} s with 20 reeds: CPU {cpu * 1000:.2f} ms, "
          f"{threads} new threads, {wakeups} timer wake-ups")
    print("MCP23017 reader while idle")
    print(f"  with the INT line: {expander_idle_reads(True):6.1f} I2C reads/s")
    print(f"  polled every {board.reeds.poll_interval * 1000:g} ms: "
          f"{expander_idle_reads(False):6.1f} I2C reads/s")


if __name__ == "__main__":
    main()
