"""`aseb web` stops when told (systemctl stop) even while a page watches the live stream: an
open stream never ends of itself, so the server ends it, whole, and waits for nothing (it used
to wait two seconds, then cancel the stream with a traceback in the log)."""

from __future__ import annotations

import contextlib
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")

STOP_WITHIN = 10.0
"""Seconds a stop may take (systemd waits 90 s, then kills: a stop that needs that hangs)."""
START_WITHIN = 60.0
"""Seconds the page may take to start listening on a loaded machine."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def connected(web: subprocess.Popen[bytes], port: int) -> socket.socket:
    """A connection to the page once it listens (it binds after its log line)."""
    for _ in range(int(START_WITHIN / 0.05)):
        assert web.poll() is None, "aseb web ended before it listened"
        with contextlib.suppress(ConnectionRefusedError):
            return socket.create_connection(("127.0.0.1", port), timeout=START_WITHIN)
        with contextlib.suppress(subprocess.TimeoutExpired):
            web.wait(timeout=0.05)  # not yet listening: wait on the process, not a sleep
    raise AssertionError(f"aseb web did not listen within {START_WITHIN} s")


def test_a_stop_ends_the_page_while_a_watcher_is_connected(tmp_path: Path) -> None:
    port = free_port()
    web = subprocess.Popen(
        [sys.executable, "-m", "sim.command.cli", "web", "--socket", str(tmp_path / "link.sock"),
         "--state-dir", str(tmp_path), "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        with connected(web, port) as watcher:
            watcher.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            heard = watcher.recv(100)
            assert heard.startswith(b"HTTP/1.1 200")  # the stream is open
            web.send_signal(signal.SIGTERM)
            while chunk := watcher.recv(4096):  # to the connection's end
                heard += chunk
            # TimeoutExpired when the stop hangs; uvicorn ends by the signal it caught, which
            # systemd counts as a clean stop
            assert web.wait(timeout=STOP_WITHIN) in (0, -signal.SIGTERM)
        assert heard.endswith(b"\r\n0\r\n\r\n")  # the stream's last chunk: ended, not cut
        log = web.stderr.read().decode() if web.stderr is not None else ""
        assert "Traceback" not in log and "graceful shutdown exceeded" not in log, log
    finally:
        web.kill()
        web.wait()
