"""How the service ends, and the back-off before systemd starts it again.

Each way of ending has its exit status, and the unit decides per status:

- 0: stopped by a signal, the game saved (or while waiting for the hardware); no restart.
- 69 (EX_UNAVAILABLE): the hardware cannot be opened (not a Pi, SPI off, a group missing). It may
  be a device not ready yet at boot, so the service tries again, but waits longer each time
  (5 s, 10 s, 20 s ... up to 5 min) before it exits, so it never loops every 2 s.
- 70 (EX_SOFTWARE): a device stopped working while running (an I2C expander that no longer
  answers, the clock's thread gone); systemd restarts it at once, the game resumes.
- 78 (EX_CONFIG): the board file is wrong; restarting cannot help (``RestartPreventExitStatus``).

The count of failed start-ups lives in the runtime directory, which systemd keeps across restarts
(``RuntimeDirectoryPreserve=restart``) and empties at boot and on ``systemctl stop``.
"""

from __future__ import annotations

import logging
import os
import threading
from pathlib import Path

from firmware.service.notify import Notifier
from hardware.doors.file_reader import SMALL, Unreadable, read_text
from hardware.doors.writer import write_whole

log = logging.getLogger(__name__)

EX_UNAVAILABLE = 69
EX_SOFTWARE = 70
EX_CONFIG = 78

FIRST_WAIT = 5.0
LONGEST_WAIT = 300.0
COUNT_FILE = "unavailable-starts"


def wait_after(failures: int) -> float:
    """Seconds to wait after the ``failures``-th start-up in a row that found no hardware."""
    return min(LONGEST_WAIT, FIRST_WAIT * 2.0 ** min(failures - 1, 16))


def runtime_directory() -> Path | None:
    """systemd's ``$RUNTIME_DIRECTORY`` (None when not run as the service)."""
    value = os.environ.get("RUNTIME_DIRECTORY")
    return Path(value.split(":")[0]) if value else None


def back_off(notifier: Notifier, stop: threading.Event, directory: Path | None) -> float:
    """Wait before exiting with 69 under systemd; returns the seconds waited (0 by hand).

    Run by hand (no ``$NOTIFY_SOCKET``) there is nobody to restart it: it exits at once.
    """
    if notifier.address is None:
        return 0.0
    failures = _count(directory) + 1
    _write_count(directory, failures)
    delay = wait_after(failures)
    log.info("start-up %d in a row without the hardware: trying again in %.0f s", failures, delay)
    notifier.send(f"STATUS=the hardware cannot be opened; trying again in {delay:.0f} s")
    notifier.send(f"EXTEND_TIMEOUT_USEC={int((delay + 30) * 1e6)}")  # still starting up
    stop.wait(delay)  # a stop (SIGTERM) ends the wait at once
    return delay


def started(directory: Path | None) -> None:
    """The hardware opened: the next failure waits the shortest time again."""
    if directory is not None:
        (directory / COUNT_FILE).unlink(missing_ok=True)


def _count(directory: Path | None) -> int:
    if directory is None:
        return 0
    try:
        return max(0, int(read_text(directory / COUNT_FILE, SMALL, follow=False).strip()))
    except (OSError, ValueError, Unreadable):  # none yet, or garbled: count afresh
        return 0


def _write_count(directory: Path | None, failures: int) -> None:
    if directory is None:
        return
    try:
        write_whole(directory / COUNT_FILE, f"{failures}\n")
    except OSError as exc:
        log.warning("cannot count failed start-ups in %s: %s", directory, exc)
