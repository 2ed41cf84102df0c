"""The service's main loop and exit statuses: a device failure stops the watchdog pings and ends
with 70, missing hardware waits longer and longer before exiting with 69."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from firmware.play.controller import Settings
from firmware.service import daemon, restarts
from firmware.service.boards import read_board
from firmware.service.notify import Notifier
from firmware.service.restarts import EX_UNAVAILABLE, back_off, started, wait_after
from hardware.boards.board_file import DEFAULT_BOARD
from hardware.core.errors import HardwareUnavailable
from sim.board.table import Table


class Systemd(Notifier):
    """A notifier that keeps what it would send to systemd."""

    def __init__(self, watchdog_usec: int = 1_000_000) -> None:
        super().__init__({"NOTIFY_SOCKET": "/run/systemd/notify",
                          "WATCHDOG_USEC": str(watchdog_usec)})
        self.sent: list[str] = []

    def send(self, message: str) -> None:
        self.sent.append(message)


class Stopwatch:
    """A monotonic clock that moves a frame each time it is read (no wall clock in tests)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.01
        return self.now


def test_a_device_failure_ends_the_loop_and_the_watchdog_pings(tmp_path: Path) -> None:
    systemd = Systemd()
    stopwatch = Stopwatch()
    with Table(state_dir=tmp_path, settings=Settings(mummy=None)) as table:
        def failure() -> str | None:
            return "expander 0x20 is silent" if stopwatch.now > 3.0 else None

        problem = daemon.serve(table.controller, table.events, threading.Event(), frame=0.0,
                               notifier=systemd, monotonic=stopwatch, failure=failure)
    assert problem == "expander 0x20 is silent"
    pings = systemd.sent.count("WATCHDOG=1")
    assert 4 <= pings <= 7  # every half second for 3 s, and none after the failure
    assert stopwatch.now < 3.2


def test_a_stop_ends_the_loop_with_no_failure(tmp_path: Path) -> None:
    stop = threading.Event()
    stopwatch = Stopwatch()
    with Table(state_dir=tmp_path, settings=Settings(mummy=None)) as table:
        def before_tick() -> None:
            if stopwatch.now > 1.0:
                stop.set()

        assert daemon.serve(table.controller, table.events, stop, frame=0.0,
                            before_tick=before_tick,
                            monotonic=stopwatch, failure=lambda: None) is None


def test_the_wait_before_a_retry_doubles_up_to_five_minutes() -> None:
    assert [wait_after(n) for n in range(1, 9)] == [5, 10, 20, 40, 80, 160, 300, 300]
    assert wait_after(10**6) == 300


class NoWait(threading.Event):
    """A stop event whose wait returns at once, remembering how long it was asked to wait."""

    def __init__(self) -> None:
        super().__init__()
        self.waited: list[float | None] = []

    def wait(self, timeout: float | None = None) -> bool:
        self.waited.append(timeout)
        return False


def test_missing_hardware_under_systemd_waits_longer_each_start(tmp_path: Path) -> None:
    systemd, stop = Systemd(), NoWait()
    for _ in range(3):
        back_off(systemd, stop, tmp_path)
    assert stop.waited == [5, 10, 20]
    assert "STATUS=the hardware cannot be opened; trying again in 20 s" in systemd.sent
    assert "EXTEND_TIMEOUT_USEC=50000000" in systemd.sent  # the start-up may take that long
    started(tmp_path)
    back_off(systemd, stop, tmp_path)
    assert stop.waited[-1] == 5  # once the board opened, the count starts again


def test_a_garbled_count_starts_afresh(tmp_path: Path) -> None:
    (tmp_path / restarts.COUNT_FILE).write_bytes(b"\xff" + b"9" * 5000)
    stop = NoWait()
    back_off(Systemd(), stop, tmp_path)
    assert stop.waited == [5]


def test_missing_hardware_by_hand_exits_at_once(tmp_path: Path) -> None:
    stop = NoWait()
    assert back_off(Notifier({}), stop, tmp_path) == 0.0
    assert stop.waited == [] and not (tmp_path / restarts.COUNT_FILE).exists()


def test_aseb_run_on_no_hardware_exits_69_after_its_wait(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    def unavailable(*args: Any, **kwargs: Any) -> Any:
        raise HardwareUnavailable("the spi LED strip cannot start (SPI is off)")

    waits: list[float] = []
    monkeypatch.setattr("hardware.devices.open_devices", unavailable)
    monkeypatch.setattr(daemon, "back_off", lambda n, s, d: waits.append(1.0) or 1.0)
    monkeypatch.setattr(daemon, "stop_on_signals", lambda stop: None)
    status = daemon.run_board(read_board(DEFAULT_BOARD), Settings(), tmp_path)
    assert status == EX_UNAVAILABLE and waits == [1.0]
    assert "SPI is off" in caplog.text


def test_a_stop_during_the_wait_for_hardware_is_a_clean_exit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`systemctl stop` in the back-off: exit 0 (inactive), not 69 (failed, in --failed)."""
    def unavailable(*args: Any, **kwargs: Any) -> Any:
        raise HardwareUnavailable("no GPIO here")

    def stopped_while_waiting(notifier: Notifier, stop: threading.Event, directory: Any) -> float:
        stop.set()  # what the SIGTERM handler does
        return 5.0

    monkeypatch.setattr("hardware.devices.open_devices", unavailable)
    monkeypatch.setattr(daemon, "back_off", stopped_while_waiting)
    monkeypatch.setattr(daemon, "stop_on_signals", lambda stop: None)
    assert daemon.run_board(read_board(DEFAULT_BOARD), Settings(), tmp_path) == 0
