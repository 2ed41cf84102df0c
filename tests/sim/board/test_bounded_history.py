"""A simulator left running for weeks stays the same size: the simulated pins and the silent
speaker keep a bounded history (``python -m tests.benchmarks.sim_memory`` measures whole games)."""

from __future__ import annotations

import queue
import tracemalloc
from typing import Any

from hardware.sounds.speaker import SilentSpeaker
from sim.board.pins import PIN_HISTORY, SimBoard


def toggle(sim: SimBoard, events: queue.Queue[Any], times: int) -> None:
    """Place and lift a piece on C1 ``times`` times, the events taken off the queue."""
    for _ in range(times):
        sim.place("C1")
        sim.advance(0.05)
        sim.lift("C1")
        sim.advance(0.05)
        while not events.empty():
            events.get_nowait()


def test_each_pin_remembers_a_bounded_number_of_states() -> None:
    sim = SimBoard(seed=1)
    events: queue.Queue[Any] = queue.Queue()
    sim.open(events, draw=lambda rng: 4)
    toggle(sim, events, 500)
    pin = sim.factory.pin(sim.board.reeds.pins["C1"])
    assert len(pin.states) == PIN_HISTORY
    assert pin.states[-1].state is True  # lifted: the pull-up holds it high, the newest kept


def test_memory_stays_flat_over_thousands_of_contacts() -> None:
    sim = SimBoard(seed=2)
    events: queue.Queue[Any] = queue.Queue()
    sim.open(events, draw=lambda rng: 4)
    toggle(sim, events, 500)  # every structure at its working size
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        toggle(sim, events, 3000)
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 20_000, f"{grown} bytes more after 3000 more contacts"


def test_the_silent_speaker_keeps_the_latest_sounds_and_counts_them_all() -> None:
    speaker = SilentSpeaker(history=10)
    for n in range(1000):
        speaker.play(f"s{n}")
    assert speaker.count == 1000
    assert 10 <= len(speaker.played) <= 20 and speaker.played[-1] == "s999"
    assert speaker.since(997) == ["s997", "s998", "s999"]
    assert speaker.since(1000) == []
    assert speaker.since(0) == speaker.played  # fell behind: what is still remembered
