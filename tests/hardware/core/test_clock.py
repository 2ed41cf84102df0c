import threading

import pytest

from hardware.core.clock import ManualClock, MonotonicClock


def test_manual_clock_runs_due_calls_in_time_order_at_their_own_time() -> None:
    clock = ManualClock()
    seen: list[tuple[str, float]] = []
    clock.call_at(0.3, lambda: seen.append(("late", clock.now())))
    clock.call_at(0.1, lambda: seen.append(("early", clock.now())))
    clock.call_at(5.0, lambda: seen.append(("never", clock.now())))
    clock.advance(1.0)
    assert seen == [("early", 0.1), ("late", 0.3)]
    assert clock.now() == 1.0


def test_manual_clock_runs_calls_scheduled_by_calls_within_the_same_advance() -> None:
    clock = ManualClock()
    seen: list[float] = []
    clock.call_at(0.1, lambda: clock.call_at(0.2, lambda: seen.append(clock.now())))
    clock.advance(0.5)
    assert seen == [0.2]


def test_cancelled_call_is_not_made() -> None:
    clock = ManualClock()
    seen: list[int] = []
    timer = clock.call_at(0.1, lambda: seen.append(1))
    timer.cancel()
    clock.run_until(1.0)
    assert seen == []


def test_monotonic_clock_calls_back_on_its_worker_and_stops_on_close() -> None:
    clock = MonotonicClock()
    done = threading.Event()
    names: list[str] = []

    def call() -> None:
        names.append(threading.current_thread().name)
        done.set()

    clock.call_at(clock.now(), call)
    assert done.wait(timeout=5)
    clock.close()
    assert names == ["aseb-clock"]
    assert not any(t.name == "aseb-clock" for t in threading.enumerate())


def test_monotonic_clock_is_not_failed_while_its_thread_is_being_started(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The main loop asks ``failure`` every frame from its own thread; the first timer, made on
    another thread, starts the worker: in between the worker is not alive yet, not dead."""
    clock = MonotonicClock()
    seen: list[str | None] = []

    class Watched(threading.Thread):
        def start(self) -> None:
            seen.append(clock.failure)  # the main loop's look, just before the thread runs
            super().start()

    monkeypatch.setattr("hardware.core.clock.threading.Thread", Watched)
    done = threading.Event()
    clock.call_at(clock.now(), done.set)
    assert done.wait(timeout=5)
    clock.close()
    assert seen == [None]


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_monotonic_clock_whose_thread_ended_says_so() -> None:
    clock = MonotonicClock()

    def ends_the_thread() -> None:
        raise SystemExit  # not an Exception: the worker's own handler lets it through

    clock.call_at(clock.now(), ends_the_thread)
    assert clock._thread is not None
    clock._thread.join(timeout=5)
    assert clock.failure == "the clock's thread has stopped"
    clock.close()
