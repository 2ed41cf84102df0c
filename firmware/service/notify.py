"""Talking to systemd: readiness and the watchdog over $NOTIFY_SOCKET (a no-op elsewhere)."""

from __future__ import annotations

import os
import socket


class Notifier:
    """Sends sd_notify messages when started by systemd with Type=notify."""

    def __init__(self, environ: dict[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        self.address = env.get("NOTIFY_SOCKET") or None
        usec = env.get("WATCHDOG_USEC", "")
        self.watchdog_interval = int(usec) / 2e6 if usec.isdigit() and int(usec) > 0 else None
        """Seconds between watchdog pings (half systemd's WatchdogSec), or None."""

    def send(self, message: str) -> None:
        """Send one message, e.g. ``READY=1``; errors are ignored (systemd may be gone)."""
        if self.address is None:
            return
        address = "\0" + self.address[1:] if self.address.startswith("@") else self.address
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
                sock.sendto(message.encode(), address)
        except OSError:
            pass

    def ready(self) -> None:
        self.send("READY=1")

    def ping(self) -> None:
        self.send("WATCHDOG=1")

    def stopping(self) -> None:
        self.send("STOPPING=1")
