"""The page served for real (uvicorn on a loopback port) beside the simulated board, for a real
browser: the distribution's Chromium driven by Playwright (never a downloaded one).

    with served(tmp_path) as (board, url), browser() as chromium: ...
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import ssl
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import uvicorn

from sim.wall.connections import Limits, server_config
from tests.sim.web.web_board import WebBoard

CHROMIUM = "/usr/bin/chromium"


def chromium_missing() -> str | None:
    """Why the browser tests cannot run here (None: they can)."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "playwright is not installed (the dev extra)"
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        return "no Chromium (apt-get install chromium)"
    return None


@contextlib.contextmanager
def served(tmp_path: Path, limits: Limits | None = None, tls: ssl.SSLContext | None = None,
           **options: Any) -> Iterator[tuple[WebBoard, str]]:
    """The simulated board and its page, served on a loopback port as ``aseb web`` serves it
    (its connections bounded by ``limits``; over HTTPS with ``tls``), listening before the
    server thread starts, so no wait for it is needed; the page knows its port, as its board
    file would tell it, for the links it makes."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    port = listener.getsockname()[1]
    try:
        with WebBoard(tmp_path, port=port, **options) as board:
            server = uvicorn.Server(server_config(
                board.app, limits=limits, tls=(lambda: tls) if tls is not None else None))
            thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]},
                                      daemon=True)
            thread.start()
            try:
                yield board, f"http://127.0.0.1:{port}"
            finally:
                server.should_exit = True
                thread.join(timeout=30)
    finally:
        listener.close()


@contextlib.contextmanager
def browser() -> Iterator[Any]:
    """Chromium, headless, from the distribution."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium"),
            args=["--no-sandbox"])  # as root in CI; the page is our own
        try:
            yield chromium
        finally:
            chromium.close()
